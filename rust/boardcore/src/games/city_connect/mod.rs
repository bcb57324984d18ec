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
        // Random games never listed more than 24.
        max_legal_actions: 64.min(g.num_distinct_actions()),
        // Random games never set more than 101.
        max_observation_tokens: 256.min(g.observation_size()),
    );
}
