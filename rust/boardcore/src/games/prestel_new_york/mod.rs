//! The Prestel New York Architecture Game, for 2 to 5 players.
//!
//! Rulings (the search race model, memory), notation, action encoding and the JSON schema:
//! `docs/games/prestel_new_york.md`. Parts and commissions are small ids into the component
//! data; hands and sets of parts are `u128` bit sets, stacks fixed arrays, so a state is one
//! flat struct plus its history and a shared pointer to the data.

mod data;
mod json;
mod notation;
mod render;
mod state;

pub use data::Data;
pub use notation::Move;
pub use state::{Phase, PrestelState};

use std::sync::Arc;

use crate::engine::{Error, Game};

pub const NAME: &str = "prestel_new_york";
/// Bumped whenever the rules or data change what a game does.
pub const VERSION: u32 = 1;

pub const MAX_PLAYERS: usize = 5;
pub const STACKS: usize = 5;
pub const SLOTS: usize = 4;
pub const HAND: u32 = 2;
pub const MAX_PARTS: usize = 96;
pub const MAX_COMMISSIONS: usize = 32;
pub const STACK_LETTERS: [char; 5] = ['A', 'B', 'C', 'D', 'E'];
pub const PHASES: [&str; 8] = [
    "setup", "stack", "search", "tie", "stone", "build", "refill", "end",
];

/// The action-id layout for `p` parts and `c` commissions (docs, "Action encoding").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub parts: u32,
    pub commissions: u32,
}

impl Layout {
    pub const LOOK: u32 = 5;
    pub const TAKE: u32 = 6;
    pub fn stone(&self) -> u32 {
        6 + self.parts
    }
    pub fn build(&self) -> u32 {
        11 + self.parts
    }
    pub fn slide(&self) -> u32 {
        11 + 2 * self.parts
    }
    pub fn deal(&self) -> u32 {
        11 + 7 * self.parts
    }
    pub fn reveal(&self) -> u32 {
        11 + 8 * self.parts
    }
    pub fn draw(&self) -> u32 {
        11 + 8 * self.parts + self.commissions
    }
    pub fn finish(&self) -> u32 {
        16 + 8 * self.parts + self.commissions
    }
    pub fn num_actions(&self) -> u32 {
        21 + 8 * self.parts + self.commissions
    }
    pub fn observation_size(&self) -> usize {
        (14 * self.parts + 8 * self.commissions + 131) as usize
    }
}

/// What every state of a game shares: parameters and data.
#[derive(Debug, PartialEq, Eq)]
pub struct Config {
    pub players: u8,
    pub speeds: [u32; MAX_PLAYERS],
    /// Per seat, the product of the other seats' speeds: `looked * time_scale` orders the
    /// seats as `looked / speed` does, in integers (at most 96 * 100^4).
    pub time_scale: [u64; MAX_PLAYERS],
    pub max_rounds: u32,
    pub data: Data,
    pub layout: Layout,
    /// Per commission, its parts as a bit set.
    pub commission_parts: Vec<u128>,
    /// Every action id decoded once (the simulation loop's fast path).
    pub moves: Vec<Move>,
}

/// Prestel New York with its parameters and component data fixed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrestelGame {
    cfg: Arc<Config>,
    data_path: Option<String>,
}

/// What to write for `speeds`.
pub const SPEEDS_FORM: &str = "one speed (an integer from 1 to 100) per seat separated by \
                               commas like \"2,1,1\"";

fn parse_speeds(text: &str, players: usize) -> Result<[u32; MAX_PLAYERS], Error> {
    // Plain digits only: no sign, space or leading zero.
    let read = |item: &str| {
        let digits =
            !item.is_empty() && item.bytes().all(|b| b.is_ascii_digit()) && !item.starts_with('0');
        match item.parse::<u32>() {
            Ok(v) if digits && (1..=100).contains(&v) => Ok(v),
            _ => Err(format!("{item:?} is not an integer from 1 to 100")),
        }
    };
    let chosen =
        crate::engine::per_seat(("speeds", SPEEDS_FORM, "speed"), text, players, false, read)?;
    let mut speeds = [1; MAX_PLAYERS];
    speeds[..players].copy_from_slice(&chosen);
    Ok(speeds)
}

impl PrestelGame {
    /// `players` 2..=5; `speeds` like `"2,1,1"`; `max_rounds` 0 (none) or a limit; `data` a
    /// TOML file like `data/prestel_new_york.toml`, or the packaged one.
    pub fn new(
        players: i64,
        speeds: Option<&str>,
        max_rounds: i64,
        data: Option<&str>,
    ) -> Result<Self, Error> {
        if !(2..=5).contains(&players) {
            return Err(Error::Parameter(format!(
                "prestel_new_york is for 2 to 5 players, not {players}"
            )));
        }
        let n = players as usize;
        let speeds_arr = match speeds {
            Some(text) => parse_speeds(text, n)?,
            None => [1; MAX_PLAYERS],
        };
        if !(0..=100_000).contains(&max_rounds) {
            return Err(Error::Parameter(format!(
                "max_rounds must be 0 (no limit) or a round limit from 1 to 100000, not \
                 {max_rounds}"
            )));
        }
        let data_set = Data::load(data)?;
        let layout = Layout {
            parts: data_set.parts() as u32,
            commissions: data_set.commissions() as u32,
        };
        let mut time_scale = [1u64; MAX_PLAYERS];
        for (s, scale) in time_scale[..n].iter_mut().enumerate() {
            for (t, &speed) in speeds_arr[..n].iter().enumerate() {
                if t != s {
                    *scale *= u64::from(speed);
                }
            }
        }
        let mut cfg = Config {
            players: players as u8,
            speeds: speeds_arr,
            time_scale,
            max_rounds: max_rounds as u32,
            layout,
            commission_parts: data_set
                .first_part
                .iter()
                .zip(&data_set.size)
                .map(|(&first, &size)| ((1u128 << size) - 1) << first)
                .collect(),
            data: data_set,
            moves: Vec::new(),
        };
        cfg.moves = (0..layout.num_actions())
            .map(|a| notation::decode(&cfg, a))
            .collect::<Result<Vec<_>, Error>>()?;
        Ok(Self {
            cfg: Arc::new(cfg),
            data_path: data.map(str::to_owned),
        })
    }

    pub fn config(&self) -> &Config {
        &self.cfg
    }

    /// The speeds as the parameter text, `"1,1,1"`.
    pub fn speeds_text(&self) -> String {
        let n = usize::from(self.cfg.players);
        let items: Vec<String> = self.cfg.speeds[..n].iter().map(u32::to_string).collect();
        items.join(",")
    }
}

impl Game for PrestelGame {
    type State = PrestelState;

    game_param_methods! {
        players: 4,
        "speeds": Str(SPEEDS_FORM) => |g| g.speeds_text(),
        "max_rounds": Int = 0 => |g| i64::from(g.cfg.max_rounds),
        data: data_path,
    }
    game_common_methods!(g =>
        initial_state: PrestelState::new(Arc::clone(&g.cfg)),
        num_distinct_actions: g.cfg.layout.num_actions() as usize,
        observation_size: g.cfg.layout.observation_size(),
        // Random games never listed more than 18.
        max_legal_actions: 64.min(g.num_distinct_actions()),
        // Random games never set more than 199.
        max_observation_tokens: 512.min(g.observation_size()),
    );
}
