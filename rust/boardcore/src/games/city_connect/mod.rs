//! City Connect, for 1 to 4 players (solo included).
//!
//! Rulings, notation, action encoding and the JSON schema: `docs/games/city_connect.md`.
//! Copies of a building kind are interchangeable, so hands, the market, the discard pile and
//! the pile are counts per kind in fixed arrays; a city is a short list of card indices.
//! Effects are data (`data.rs`), interpreted by a few generic rules.

mod data;
mod json;
mod notation;
mod render;
mod state;

pub use data::{Card, Data, Gear, Lightning, Term};
pub use state::{CityState, Phase};

use std::sync::Arc;

use crate::engine::{Error, Game};

pub const NAME: &str = "city_connect";
/// Bumped whenever the rules or data change what a game does.
/// 2: ruling 8 takes up to 3 symbols (a market that cannot make 3 still allows a take);
/// ruling 13 discards down to the hand limit after each draw, not at the end of the turn.
pub const VERSION: u32 = 2;

pub const MAX_PLAYERS: usize = 4;
pub const MAX_KINDS: usize = 32;
pub const MAX_LANDMARKS: usize = 15;
/// Buildings, landmarks and the initial card: city card indices fit below this.
pub const MAX_CARDS: usize = MAX_KINDS + MAX_LANDMARKS + 1;
pub const MAX_CITY: usize = 10;
pub const SYMBOLS: [&str; 6] = ["person", "house", "food", "happiness", "science", "coin"];
pub const SIDES: [&str; 2] = ["house", "mayor"];
pub const PHASES: [&str; 13] = [
    "setup", "main", "take", "draw", "pay", "bonus", "exchange", "after", "discard", "clear",
    "refill", "flip", "end",
];

/// The action-id layout for `B` building kinds and `L` landmarks (docs, "Action encoding").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub b: u32,
    pub l: u32,
}

impl Layout {
    pub const TAKE: u32 = 0;
    fn n(&self) -> u32 {
        self.b + self.l + 1
    }
    pub fn draw(&self) -> u32 {
        self.b
    }
    pub fn build_hand(&self) -> u32 {
        self.b + 1
    }
    pub fn build_market(&self) -> u32 {
        2 * self.b + 1
    }
    pub fn build_landmark(&self) -> u32 {
        3 * self.b + 1
    }
    pub fn pay_hand(&self) -> u32 {
        3 * self.b + self.l + 1
    }
    pub fn pay_mayor(&self) -> u32 {
        4 * self.b + self.l + 1
    }
    pub fn pay_city(&self) -> u32 {
        5 * self.b + self.l + 1
    }
    pub fn discard(&self) -> u32 {
        5 * self.b + self.l + self.n() + 1
    }
    pub fn gear(&self) -> u32 {
        6 * self.b + self.l + self.n() + 1
    }
    pub fn end(&self) -> u32 {
        6 * self.b + self.l + 2 * self.n() + 1
    }
    pub fn clear(&self) -> u32 {
        6 * self.b + self.l + 2 * self.n() + 2
    }
    pub fn card(&self) -> u32 {
        7 * self.b + self.l + 2 * self.n() + 2
    }
    pub fn landmark(&self) -> u32 {
        8 * self.b + self.l + 2 * self.n() + 2
    }
    pub fn num_actions(&self) -> u32 {
        8 * self.b + 2 * self.l + 2 * self.n() + 2
    }
    /// `3B + L + 4(K + 8) + 25 + K + 2N + B` (docs, "Observation").
    pub fn observation_size(&self) -> usize {
        let (b, l) = (self.b as usize, self.l as usize);
        let k = b + l;
        let n = k + 1;
        3 * b + l + 4 * (k + 8) + 25 + k + 2 * n + b
    }
}

/// What every state of a game shares: parameters and data.
#[derive(Debug, PartialEq, Eq)]
pub struct Config {
    pub players: u8,
    /// Per seat, 0 house or 1 mayor.
    pub sides: [u8; MAX_PLAYERS],
    pub data: Data,
    pub layout: Layout,
    /// Every action id decoded once (the simulation loop's fast path).
    pub moves: Vec<notation::Move>,
}

/// Per seat, the numbers its block may show besides its city: side, hand size, cards built,
/// suns, moons, score. The Pioneer Bonus and "to move" are one seat's each: [`SEATS_SHARED`].
pub const SEAT_NUMBERS: usize = 6;
pub const SEATS_SHARED: usize = 2;
/// The turn's numbers: pile size, stage, the phase's one-hot, acted, Mayor used, taken, todo;
/// the card being built (one-hot); 5 symbols owed and the coins paid.
pub const TURN_NUMBERS: usize = 7 + 1 + 5 + 1;

/// The compact widths, proven from the rules and counted from the data and the player count
/// (docs/games/city_connect.md, "Observation" and "Action encoding").
impl Config {
    /// The most cards one drawing adds to a hand before the hand limit is checked (ruling
    /// 13): a take (its cards carry at least 1 symbol each, `take_symbols` in all), a pile
    /// draw, a lightning draw or take (a gear draws 1, and `draw_cards` is at least 1).
    pub fn most_drawn(&self) -> usize {
        let d = &self.data;
        let lightning = d.cards.iter().map(|c| match c.lightning {
            Lightning::Draw(k) | Lightning::Take(k) => k,
            Lightning::None => 0,
        });
        let most = lightning.chain([d.take_symbols, d.draw_cards]).max();
        usize::from(most.unwrap_or(0))
    }
    /// The most cards a hand holds: a drawing starts with at most the hand limit, and the
    /// discard down to it comes before anything else (ruling 13).
    pub fn max_hand(&self) -> usize {
        usize::from(self.data.hand_limit) + self.most_drawn()
    }
    /// The most distinct cards in a city, the initial card aside (at most `city_limit`).
    pub fn max_city_cards(&self) -> usize {
        usize::from(self.data.city_limit).min(self.data.buildings + self.data.landmarks)
    }
    /// The most landmarks in the row: those turned over in setup.
    pub fn max_row(&self) -> usize {
        usize::from(self.data.landmarks_out[usize::from(self.players) - 1])
    }
    /// The most distinct gear cards (draw or exchange) in a city.
    pub fn max_gears(&self) -> usize {
        (self.data.gear_mask.count_ones() as usize).min(usize::from(self.data.city_limit))
    }
    /// The most cards one payment takes: each card paid cancels an owed symbol or adds a
    /// coin (ruling 11: it must help), and the payment ends once the cost is covered, so it
    /// takes at most as many cards as the dearest card's cost has symbols.
    pub fn max_paid(&self) -> usize {
        let costs = self.data.cards.iter().map(|c| c.cost.iter().sum::<u8>());
        usize::from(costs.max().unwrap_or(0))
    }
    /// The most nonzero entries of an observation: the observer's hand's kinds, the market's
    /// (at most `market` cards), the discard pile's, the row; per seat its distinct city cards
    /// and [`SEAT_NUMBERS`], and [`SEATS_SHARED`]; [`TURN_NUMBERS`]; the cards paid and the
    /// gear cards used.
    pub fn max_observation_tokens(&self) -> usize {
        let b = self.data.buildings;
        let cards = self.max_hand().min(b) + usize::from(self.data.market).min(b) + b;
        let seats = usize::from(self.players) * (self.max_city_cards() + SEAT_NUMBERS);
        let bound = cards
            + self.max_row()
            + seats
            + SEATS_SHARED
            + TURN_NUMBERS
            + self.max_paid()
            + self.max_gears();
        bound.min(self.layout.observation_size())
    }
    /// The most legal actions in a decision of `phase`, counted per kind of id it may list
    /// (docs, "Turn structure"); chance phases list none.
    pub fn max_legal_in(&self, phase: Phase) -> usize {
        let d = &self.data;
        let b = d.buildings;
        let market = usize::from(d.market).min(b);
        // A seat pays, builds, uses a gear or exchanges holding at most the hand limit.
        let hand = usize::from(d.hand_limit).min(b);
        match phase {
            // Takes and builds from the market; `draw`; builds from the hand; landmarks;
            // gears; `end` only when no take, draw or build is legal, so in their place.
            Phase::Main => 2 * market + 1 + hand + self.max_row() + self.max_gears(),
            Phase::Take | Phase::Bonus | Phase::Clear => market,
            // `pay b` and `pay b mayor` per hand kind, `pay city c` per city card and the
            // initial card.
            Phase::Pay => 2 * hand + self.max_city_cards() + 1,
            Phase::Exchange => hand,
            Phase::Discard => self.max_hand().min(b),
            Phase::After => self.max_gears() + 1,
            Phase::Setup | Phase::Draw | Phase::Refill | Phase::Flip | Phase::End => 0,
        }
    }
    /// The most legal actions in any decision.
    pub fn max_legal_actions(&self) -> usize {
        let phases = [
            Phase::Main,
            Phase::Take,
            Phase::Pay,
            Phase::Exchange,
            Phase::Discard,
            Phase::After,
        ];
        let bound = phases.iter().map(|&p| self.max_legal_in(p)).max();
        bound.unwrap_or(0).min(self.layout.num_actions() as usize)
    }
}

/// City Connect with its parameters and component data fixed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CityConnectGame {
    cfg: Arc<Config>,
    data_path: Option<String>,
}

/// What to write for `sides`.
pub const SIDES_FORM: &str = "one side (house or mayor) for every seat or one per seat \
                              separated by commas like \"house,mayor\"";

fn parse_sides(text: &str, players: usize) -> Result<[u8; MAX_PLAYERS], Error> {
    let read = |item: &str| {
        SIDES
            .iter()
            .position(|s| *s == item)
            .map(|i| i as u8)
            .ok_or_else(|| format!("unknown side {item:?}"))
    };
    let chosen = crate::engine::per_seat(("sides", SIDES_FORM, "side"), text, players, true, read)?;
    let mut sides = [0; MAX_PLAYERS];
    sides[..players].copy_from_slice(&chosen);
    Ok(sides)
}

impl CityConnectGame {
    /// `players` 1..=4; `sides` like `"house,mayor"`; `data` a TOML file like
    /// `data/city_connect.toml`, or the packaged one.
    pub fn new(players: i64, sides: Option<&str>, data: Option<&str>) -> Result<Self, Error> {
        if !(1..=4).contains(&players) {
            return Err(Error::Parameter(format!(
                "city_connect is for 1 to 4 players (1 is the solo game), not {players}"
            )));
        }
        let n = players as usize;
        let sides = match sides {
            Some(text) => parse_sides(text, n)?,
            None => [0; MAX_PLAYERS],
        };
        let data_set = Data::load(data)?;
        let layout = Layout {
            b: data_set.buildings as u32,
            l: data_set.landmarks as u32,
        };
        let moves = (0..layout.num_actions())
            .map(|a| notation::decode(&layout, a))
            .collect::<Result<Vec<_>, Error>>()?;
        Ok(Self {
            cfg: Arc::new(Config {
                players: players as u8,
                sides,
                data: data_set,
                layout,
                moves,
            }),
            data_path: data.map(str::to_owned),
        })
    }

    pub fn config(&self) -> &Config {
        &self.cfg
    }

    /// The sides as the parameter text, `"house,mayor"`.
    pub fn sides_text(&self) -> String {
        let n = usize::from(self.cfg.players);
        let items: Vec<&str> = self.cfg.sides[..n]
            .iter()
            .map(|&s| SIDES[usize::from(s)])
            .collect();
        items.join(",")
    }
}

impl Game for CityConnectGame {
    type State = CityState;

    game_param_methods! {
        players: 4,
        "sides": Str(SIDES_FORM) => |g| g.sides_text(),
        data: data_path,
    }
    game_common_methods!(g =>
        initial_state: CityState::new(Arc::clone(&g.cfg)),
        num_distinct_actions: g.cfg.layout.num_actions() as usize,
        observation_size: g.cfg.layout.observation_size(),
        // Bounds (docs/games/city_connect.md): 25 at 1 to 3 players, 26 at 4 with the
        // packaged data; see `Config::max_legal_in`.
        max_legal_actions: g.cfg.max_legal_actions(),
        // A bound counted part by part: 87 + 16 per seat beyond the first with the packaged
        // data (103 at 2 players, 136 at 4 with its fifth landmark).
        max_observation_tokens: g.cfg.max_observation_tokens(),
    );
}
