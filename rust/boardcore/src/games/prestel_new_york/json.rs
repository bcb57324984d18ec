//! Canonical JSON (docs/games/prestel_new_york.md, "Canonical JSON"): the saved state
//! declared as a struct with its keys in sorted order (see [`crate::json`]), so both engines
//! produce the same bytes.

use serde::Serialize;

use super::state::PrestelState;
use super::{PrestelGame, NAME, PHASES, SLOTS, STACKS, VERSION};
use crate::engine::{Action, Error, GameState};
use crate::saved::load_game;

const NONE: u8 = u8::MAX;

#[derive(Serialize)]
struct Saved<'a> {
    chips: &'a [u16],
    completed: &'a [u8],
    deck: Deck<'a>,
    finish: &'a [u8],
    game: &'static str,
    hands: Vec<Vec<u8>>,
    history: &'a [Action],
    looked: &'a [u8],
    max_rounds: u32,
    /// Per seat, `[part, stack, depth]` for each part it remembers.
    memory: Vec<Vec<(usize, u8, u8)>>,
    new_stones: &'a [u8],
    phase: &'static str,
    players: usize,
    round: u32,
    speeds: &'a [u32],
    stacks: Vec<&'a [u8]>,
    stones: &'a [u8],
    table: Vec<Slot>,
    taken: Vec<i32>,
    to_move: i32,
    version: u32,
}

#[derive(Serialize)]
struct Deck<'a> {
    tail: &'a [u8],
    top: i32,
    unseen: Vec<usize>,
}

#[derive(Serialize)]
struct Slot {
    built: Vec<i32>,
    commission: i32,
}

/// An id or -1 for `NONE`.
fn id(x: u8) -> i32 {
    if x == NONE {
        -1
    } else {
        i32::from(x)
    }
}

pub fn to_json(s: &PrestelState) -> String {
    let n = s.players();
    let data = &s.cfg.data;
    crate::json::write(&Saved {
        chips: &s.chips[..n],
        completed: s.completed(),
        deck: Deck {
            tail: s.tail(),
            top: id(s.top),
            unseen: crate::bits::bits(s.unseen).collect(),
        },
        finish: s.finish(),
        game: NAME,
        hands: (0..n)
            .map(|p| PrestelState::parts_of(s.hands[p]).collect())
            .collect(),
        history: &s.history,
        looked: &s.looked[..n],
        max_rounds: s.cfg.max_rounds,
        memory: (0..n)
            .map(|p| {
                (0..data.parts())
                    .filter_map(|part| {
                        let stack = s.mem_stack[p][part];
                        (stack != 0).then(|| (part, stack - 1, s.mem_depth[p][part]))
                    })
                    .collect()
            })
            .collect(),
        new_stones: &s.new_stones[..n],
        phase: PHASES[s.phase.index()],
        players: n,
        round: s.round,
        speeds: &s.cfg.speeds[..n],
        stacks: (0..STACKS).map(|i| s.stack(i)).collect(),
        stones: &s.stones[..n],
        table: (0..SLOTS)
            .map(|slot| match s.table[slot] {
                NONE => Slot {
                    built: Vec::new(),
                    commission: -1,
                },
                c => Slot {
                    built: s.built[slot][..usize::from(data.size[usize::from(c)])]
                        .iter()
                        .map(|&b| id(b))
                        .collect(),
                    commission: i32::from(c),
                },
            })
            .collect(),
        taken: s.taken[..n].iter().map(|&t| id(t)).collect(),
        to_move: s.current_player(),
        version: VERSION,
    })
}

/// Validates `text` and rebuilds the state by replaying its history (see [`crate::saved`]),
/// refusing a state of other parameters than `game`'s.
pub fn from_json(game: &PrestelGame, text: &str) -> Result<PrestelState, Error> {
    load_game(
        game,
        "a Prestel New York state",
        &["speeds", "max_rounds"],
        text,
    )
}
