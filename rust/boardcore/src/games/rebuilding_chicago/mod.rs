//! Rebuilding Chicago, for 1 to 5 players (1: the solo game against the automated player).
//!
//! Rulings, geometry, the task queue, notation, action encoding and the JSON schema:
//! `docs/games/rebuilding_chicago.md`. Every seat's table is an 11 × 11 bitboard
//! (`u128`); tiles are placed with the shared polyomino kernel ([`crate::polyomino`]),
//! whose orientations and anchors are precomputed once per game.

mod data;
mod json;
mod notation;
mod render;
mod state;

pub use data::{Data, Effect};
pub use state::{Phase, RebuildingChicagoState};

use std::sync::Arc;

use crate::engine::{Error, Game};
use crate::polyomino::{Grid, Shape};

pub const NAME: &str = "rebuilding_chicago";
/// Bumped whenever the rules or data change what a game does.
pub const VERSION: u32 = 1;

pub const MAX_PLAYERS: usize = 5;
pub const GRID: Grid = Grid::new(11, 11);
pub const SPACES: usize = 121;
pub const TYPES: [&str; 7] = [
    "train",
    "money",
    "graduation",
    "entertainment",
    "shopping",
    "restaurant",
    "statue",
];
pub const STATUE: u8 = 6;
pub const AMENITIES: [&str; 3] = ["entertainment", "shopping", "restaurant"];
pub const EVENTS: [&str; 7] = [
    "expansion",
    "graduation",
    "sights",
    "night",
    "shopping",
    "dining",
    "world",
];
pub const LEVELS: [&str; 3] = ["easy", "standard", "expert"];
pub const CHOICES: [&str; 6] = ["vp", "money", "building", "appease", "card", "ability"];
/// Planes per seat in the observation.
pub const PLANES: usize = 14;
/// One seat's block: its planes, 25 numbers and its district one-hot.
pub const SEAT_BLOCK: usize = PLANES * SPACES + 25 + data::DISTRICTS;
/// After the seats' blocks and the 42 shared entries: which card is in each market slot.
pub const MARKET_CARDS: usize = 5 * SEAT_BLOCK + 42;
/// One seat's holdings, by identity: ability cards, landmark cards kept, built and lost,
/// suburb tiles in hand.
pub const HOLDINGS: usize = data::CARDS + 3 * data::LANDMARKS + data::SUBURBS;
/// After the holdings: the piece a `place` decision is placing, a one-hot over the building
/// kinds, the landmarks and the suburb tiles.
pub const PLACING: usize = MARKET_CARDS + data::MARKET * data::CARDS + 5 * HOLDINGS;
pub const OBSERVATION_SIZE: usize = PLACING + data::KINDS_MAX + data::LANDMARKS + data::SUBURBS;
/// The most nonzero entries of one seat's block: 72 spaces outside the 7 x 7 board with 3
/// each, 49 board spaces with 2, 25 numbers, the district's one-hot.
pub const SEAT_TOKENS: usize = (SPACES - 49) * 3 + 49 * 2 + 25 + 1;
/// The most nonzero entries after the seats' blocks: the round's one-hot, 7 events, 8
/// market slots' presence and cost, 15 tokens, whose decision it is.
pub const SHARED_TOKENS: usize = 1 + 7 + 16 + 15 + 1;
/// The most nonzero entries of the identities (market cards, holdings, the piece placed),
/// but for the ability cards: a card in each market slot, each landmark card in one place
/// (kept, built or lost, by one seat), each suburb tile in at most one hand, one piece.
pub const IDENTITY_TOKENS: usize = data::MARKET + data::LANDMARKS + data::SUBURBS + 1;

/// Per district, its board as masks on the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// The 49 board spaces.
    pub board: u128,
    /// Regions `S`, `A`, `B` (without `#`).
    pub region: [u128; 3],
    /// Spaces next to region `S` (suburbs must touch these or another suburb).
    pub near_start: u128,
    /// Table spaces next to areas A and B (a suburb there connects the area).
    pub near_area: [u128; 2],
    pub rubble: u128,
    pub sights: [u128; 3],
    /// Starting buildings' spaces, symbols and tiles per type.
    pub cover: u128,
    /// Their types, as `Seat::cover_bits`.
    pub cover_bits: [u128; 3],
    pub symbols: [i32; 7],
    pub tiles: [i32; 7],
    /// Where each kind fits on the starting table, to start a seat's hints from.
    pub hints: state::KindHints,
}

/// What every state of a game shares: parameters, data and precomputed shapes.
#[derive(Debug, PartialEq, Eq)]
pub struct Config {
    pub players: u8,
    pub difficulty: [u8; MAX_PLAYERS],
    pub data: Data,
    pub kinds: Vec<Shape>,
    pub landmarks: Vec<Shape>,
    pub suburbs: Vec<Shape>,
    pub boards: Vec<Board>,
    /// Per round, its deck's cards as a 144-bit set.
    pub round_cards: [[u64; 3]; 3],
    /// Per card, the kinds its benefits half builds (and how many).
    pub card_builds: Vec<([u8; 2], usize)>,
    /// Per card, the index of its build list among the distinct ones (the cache key of the
    /// seats' feasibility answers, see `HalfCache`).
    pub half_id: Vec<u8>,
    /// The distinct build lists, by `half_id`.
    pub half_builds: Vec<([u8; 2], usize)>,
    /// Per market slot value `v` (a card, or -1 for empty), at `v + 1`: the card's
    /// (`half_id`, cost), and (`u8::MAX`, `i32::MAX`) for an empty slot, so that loops over
    /// the market test an empty slot and an unaffordable card with one compare (or none).
    pub slot_cards: Vec<(u8, i32)>,
    /// Every action id decoded, so applying a legal action is a load, not a chain of
    /// range tests (they mispredicted often in playouts).
    pub moves: Vec<notation::Move>,
}

impl Config {
    pub fn solo(&self) -> bool {
        self.players == 1
    }
}

fn build_board(data: &Data, d: usize, kinds: &[Shape]) -> Board {
    let dist = &data.districts[d];
    let at = |bs: usize| 1u128 << GRID.space(bs % 7 + 2, bs / 7 + 2);
    let mut b = Board {
        board: 0,
        region: [0; 3],
        near_start: 0,
        near_area: [0; 2],
        rubble: 0,
        sights: [0; 3],
        cover: 0,
        cover_bits: [0; 3],
        symbols: [0; 7],
        tiles: [0; 7],
        hints: state::KindHints::default(),
    };
    for bs in 0..49 {
        b.board |= at(bs);
        let r = usize::from(dist.regions[bs]);
        if r < 3 {
            b.region[r] |= at(bs);
        }
        match dist.symbols[bs] {
            1 => b.rubble |= at(bs),
            s @ 2..=4 => b.sights[usize::from(s - 2)] |= at(bs),
            _ => {}
        }
    }
    b.near_start = GRID.neighbours(b.region[0]);
    b.near_area = [
        GRID.neighbours(b.region[1]) & !b.board,
        GRID.neighbours(b.region[2]) & !b.board,
    ];
    for &(k, o, anchor) in &dist.buildings {
        let kind = &data.kinds[usize::from(k)];
        let m = kinds[usize::from(k)]
            .mask(usize::from(o), usize::from(anchor))
            .expect("validated");
        b.cover |= m;
        state::mark_cover_bits(&mut b.cover_bits, m, kind.typ);
        b.symbols[usize::from(kind.typ)] += kind.symbols;
        b.tiles[usize::from(kind.typ)] += 1;
    }
    // A seat's usable spaces right after it takes the district (no suburbs yet).
    b.hints = state::KindHints::from_free(kinds, b.region[0] & !b.cover);
    b
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RebuildingChicagoGame {
    cfg: Arc<Config>,
    data_path: Option<String>,
}

/// What to write for `difficulty`.
pub const DIFFICULTY_FORM: &str = "one level (easy, standard or expert) for every seat or one \
                                   per seat separated by commas like \"easy,expert\"";

fn parse_difficulty(text: &str, players: usize) -> Result<[u8; MAX_PLAYERS], Error> {
    let levels = crate::engine::per_seat(
        ("difficulty", DIFFICULTY_FORM, "level"),
        text,
        players,
        true,
        |t| {
            LEVELS
                .iter()
                .position(|l| *l == t)
                .map(|i| i as u8)
                .ok_or_else(|| format!("unknown level {t:?}"))
        },
    )?;
    let mut out = [1u8; MAX_PLAYERS];
    out[..players].copy_from_slice(&levels);
    Ok(out)
}

impl RebuildingChicagoGame {
    pub fn new(players: i64, difficulty: Option<&str>, data: Option<&str>) -> Result<Self, Error> {
        if !(1..=MAX_PLAYERS as i64).contains(&players) {
            return Err(Error::Parameter(format!(
                "rebuilding_chicago is for 1 to 5 players (1 is the solo game), not {players}"
            )));
        }
        let difficulty = parse_difficulty(difficulty.unwrap_or("standard"), players as usize)?;
        let data_set = Data::load(data)?;
        let shape = |cells: &[crate::polyomino::Cell]| Shape::new(GRID, cells);
        let kinds: Vec<Shape> = data_set.kinds.iter().map(|k| shape(&k.cells)).collect();
        let landmarks = data_set.landmarks.iter().map(|l| shape(&l.cells)).collect();
        let suburbs = data_set.suburbs.iter().map(|s| shape(s)).collect();
        let boards = (0..data_set.districts.len())
            .map(|d| build_board(&data_set, d, &kinds))
            .collect();
        let mut round_cards = [[0u64; 3]; 3];
        for (c, card) in data_set.cards.iter().enumerate() {
            round_cards[usize::from(card.round - 1)][c / 64] |= 1 << (c % 64);
        }
        let card_builds = data_set
            .cards
            .iter()
            .map(|c| {
                let mut out = ([0u8; 2], 0);
                for b in &c.benefits {
                    if let data::Benefit::Build(k) = b {
                        out.0[out.1] = *k;
                        out.1 += 1;
                    }
                }
                out
            })
            .collect::<Vec<_>>();
        let mut distinct: Vec<([u8; 2], usize)> = Vec::new();
        let half_id = card_builds
            .iter()
            .map(|b| {
                let i = distinct.iter().position(|d| d == b).unwrap_or_else(|| {
                    distinct.push(*b);
                    distinct.len() - 1
                });
                i.min(usize::from(u8::MAX)) as u8
            })
            .collect::<Vec<_>>();
        let slot_cards = std::iter::once((u8::MAX, i32::MAX))
            .chain(
                half_id
                    .iter()
                    .zip(&data_set.cards)
                    .map(|(&h, c)| (h, c.cost)),
            )
            .collect();
        Ok(Self {
            cfg: Arc::new(Config {
                players: players as u8,
                difficulty,
                data: data_set,
                kinds,
                landmarks,
                suburbs,
                boards,
                round_cards,
                card_builds,
                half_id,
                half_builds: distinct,
                slot_cards,
                moves: (0..notation::NUM_ACTIONS)
                    .map(|a| notation::decode(a).expect("every id below NUM_ACTIONS decodes"))
                    .collect(),
            }),
            data_path: data.map(str::to_owned),
        })
    }

    pub fn config(&self) -> &Config {
        &self.cfg
    }

    pub fn difficulty_text(&self) -> String {
        let n = usize::from(self.cfg.players);
        let d = &self.cfg.difficulty[..n];
        if d.iter().all(|&x| x == d[0]) {
            LEVELS[usize::from(d[0])].into()
        } else {
            d.iter()
                .map(|&x| LEVELS[usize::from(x)])
                .collect::<Vec<_>>()
                .join(",")
        }
    }
}

impl Game for RebuildingChicagoGame {
    type State = RebuildingChicagoState;

    game_param_methods! {
        players: 2,
        "difficulty": Str(DIFFICULTY_FORM) => |g| g.difficulty_text(),
        data: data_path,
    }
    game_common_methods!(g =>
        initial_state: RebuildingChicagoState::new(Arc::clone(&g.cfg)),
        num_distinct_actions: notation::NUM_ACTIONS as usize,
        observation_size: OBSERVATION_SIZE,
        // A bound: a placement lists only placements (968 ids), any other decision only
        // from the other 577 ids (random games never listed more than 132).
        max_legal_actions: notation::BUY as usize,
        // A bound (docs/games/rebuilding_chicago.md, Observation): per seat, a space outside
        // the board is at most a suburb, usable and one symbol, a board space usable and one
        // symbol (a covered space is neither usable nor shows its symbol), then 25 numbers and
        // the district; then 40 entries the seats share; then the identities: one card per
        // market slot, each landmark and suburb tile in one place, each ability card owned
        // by one seat at most.
        max_observation_tokens: SEAT_TOKENS * g.num_players()
            + SHARED_TOKENS
            + IDENTITY_TOKENS
            + g.cfg.data.ability_cards(),
    );
}
