//! Kardinal (Wolfgang Panning, Holzinsel, 2000), for 2 to 4 players.
//!
//! Rulings, notation, action encoding and the JSON schema: `docs/games/kardinal.md`.
//! The board is unbounded in the rules but a game never leaves a 70 × 70 box (the doc says
//! why), so rows of that box are `u128` bitboards and a state is one flat struct.

mod data;
mod json;
mod notation;
mod render;
mod state;

pub use data::Config;
pub use notation::Move;
pub use state::{KardinalState, Phase};

use crate::engine::{Error, Game};

pub const NAME: &str = "kardinal";
/// Bumped whenever the rules or data change what a game does.
pub const VERSION: u32 = 1;

/// Side of the square box of cells `-34 <= x, y <= 35`.
pub const W: usize = 70;
/// `x = column - OFFSET`, `y = row - OFFSET`.
pub const OFFSET: i32 = 34;
pub const CELLS: usize = W * W;
pub const COLOURS: [&str; 4] = ["red", "green", "blue", "yellow"];
pub const SHAPES: [&str; 3] = ["house", "tower", "yard"];
pub const YELLOW: usize = 3;

/// Build ids: `(kind * 4 + colour) * CELLS + cell`, kinds house, tower, yard h, yard v.
pub const CHIP_BASE: u32 = (16 * CELLS) as u32;
pub const CARDINAL_BASE: u32 = CHIP_BASE + 4;
pub const STAY: u32 = CARDINAL_BASE + CELLS as u32;
pub const NUM_ACTIONS: usize = STAY as usize + 1;
/// 9 planes of the box, then 46 scalars (the doc lists them).
pub const OBSERVATION_SIZE: usize = 9 * CELLS + 46;

/// The most legal actions one decision lists, a bound from the rules and the data (proof:
/// `docs/games/kardinal.md`, "Legal actions per decision"): 302 with 2 or 3 players, 151 with
/// 4, for the packaged data.
fn legal_width(cfg: &Config) -> usize {
    let [houses, towers, yards] = cfg.pieces.map(usize::from);
    // The built cells (cathedral and edifices) are connected, as each edifice touches one
    // built before, so the empty cells next to them are at most 2 per built cell plus 2.
    let frontier = 2 * (2 + 4 * (houses + towers + 2 * yards)) + 2;
    // Per colour, houses and towers take distinct frontier cells (a tower touches a house, a
    // house does not); a yard has a cell next to a house (at most 3 per house, the nave too)
    // and at most 3 ways on from it.
    let yard_builds = if yards > 0 { 9 * (4 * houses + 1) } else { 0 };
    // A build offers the seat's colours, 1 with 4 players and 2 with 2 or 3; a cardinal
    // decision at most the frontier, a chip decision 4.
    let colours = if cfg.players == 4 { 1 } else { 2 };
    colours * (frontier + yard_builds)
}

/// Kardinal with its player count and component data fixed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KardinalGame {
    cfg: Config,
    data: Option<String>,
}

impl KardinalGame {
    /// `players` is 2, 3 or 4; `data` a TOML file like `data/kardinal.toml`, or the packaged one.
    pub fn new(players: i64, data: Option<&str>) -> Result<Self, Error> {
        if !(2..=4).contains(&players) {
            return Err(Error::Parameter(format!(
                "kardinal is for 2, 3 or 4 players, not {players}"
            )));
        }
        let cfg = Config::load(players as u8, data)?;
        Ok(Self {
            cfg,
            data: data.map(str::to_owned),
        })
    }

    pub fn config(&self) -> &Config {
        &self.cfg
    }
}

impl Game for KardinalGame {
    type State = KardinalState;

    game_param_methods! {
        players: 4,
        data: data,
    }
    game_common_methods!(g =>
        initial_state: KardinalState::new(g.cfg),
        num_distinct_actions: NUM_ACTIONS,
        observation_size: OBSERVATION_SIZE,
        // A bound (random games never listed more than 59): see `legal_width`.
        max_legal_actions: legal_width(&g.cfg),
        // Exact bound: two planes per built cell (colour and shape), the two nave cells on
        // their shape planes and the nave plane, the cardinal, and the 46 scalars.
        max_observation_tokens: {
            let [houses, towers, yards] = g.cfg.pieces.map(usize::from);
            let cells = 4 * (houses + towers + 2 * yards);
            (2 * cells + 4 + 1 + 46).min(OBSERVATION_SIZE)
        },
    );
}
