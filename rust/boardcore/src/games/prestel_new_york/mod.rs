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

    /// The most nonzero entries of the parts' block. A part is in at most one of: the
    /// observer's hand (1 entry), built (on a slot or completed, and the builder: 2), the
    /// observer's memory (stack and depth: 2), since a build clears every memory of the part
    /// and a take the taker's. From the deal on the observer holds at least two parts;
    /// before it nothing is built or remembered.
    pub fn part_tokens(&self) -> usize {
        2 * self.parts as usize - HAND as usize
    }

    /// The most nonzero entries of the commissions' block: a commission lies in one place,
    /// a slot, the deck's top or the completed ones (1 entry), the deck's tail (there, and
    /// its place: 2) or unseen (none).
    pub fn commission_tokens(&self) -> usize {
        2 * self.commissions as usize
    }

    /// The compact observation's width, a bound (docs, "Observation", **Nonzero entries**):
    /// the parts' and commissions' blocks, each seat's block, the globals.
    pub fn max_observation_tokens(&self, players: usize) -> usize {
        self.part_tokens() + self.commission_tokens() + SEAT_TOKENS * players + GLOBAL_TOKENS
    }

    /// The most legal actions of a search: `look` while the stack has parts not looked at,
    /// and a `take` per part looked at, so at most the stack's size; and the stacks hold
    /// only parts outside the hands, of which every seat holds at least two.
    pub fn search_legal(&self, players: usize) -> usize {
        (self.parts as usize).saturating_sub(HAND as usize * players)
    }

    /// The legal list's width, a bound (docs, "Action encoding"): the most of any decision,
    /// a stack (at most the five stacks), a search, a stone (at most one per seat) or a
    /// build (`BUILD_LEGAL`).
    pub fn max_legal_actions(&self, players: usize) -> usize {
        self.search_legal(players)
            .max(BUILD_LEGAL)
            .max(STACKS)
            .max(players)
    }
}

/// The most nonzero entries of one seat's block: chips, the stone, the hand size, the stack
/// taken, the place in the finishing order and the new stone, one each (the last four are
/// one-hots).
pub const SEAT_TOKENS: usize = 6;
/// The most nonzero entries of the globals: the five stack sizes, the phase (one-hot), the
/// seat to move (one-hot), the parts looked at, the round and the unseen commissions.
pub const GLOBAL_TOKENS: usize = STACKS + 5;
/// The most legal actions of a build: the seat holds three parts, each built (if its
/// commission lies in a slot) or slid under any of the five stacks.
pub const BUILD_LEGAL: usize = (HAND as usize + 1) * (1 + STACKS);

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
        // Bounds from the data's counts (docs/games/prestel_new_york.md, "Action encoding"
        // and "Observation"): a search lists at most the parts outside the hands, a build
        // 18; per part 2 entries, per commission 2, per seat 6, then 10 globals.
        max_legal_actions: g.cfg.layout.max_legal_actions(g.num_players()),
        max_observation_tokens: g.cfg.layout.max_observation_tokens(g.num_players()),
    );
}
