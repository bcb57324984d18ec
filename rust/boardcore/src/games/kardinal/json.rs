//! Canonical JSON (docs/games/kardinal.md, "Canonical JSON"): the saved state declared as a
//! struct with its keys in sorted order (see [`crate::json`]), so both engines produce the
//! same bytes.

use serde::Serialize;

use crate::engine::{Action, Error, GameState};
use crate::saved::load_game;

use super::state::{xy, KardinalState};
use super::{KardinalGame, COLOURS, NAME, SHAPES, VERSION};

#[derive(Serialize)]
struct Saved<'a> {
    aside: [u8; 4],
    cardinal: Vec<i32>,
    chips: &'a [[u8; 4]],
    edifices: Vec<SavedEdifice>,
    game: &'static str,
    history: &'a [Action],
    left: [[u8; 3]; 4],
    phase: &'static str,
    players: usize,
    supply: [u8; 4],
    to_move: i32,
    version: u32,
}

#[derive(Serialize)]
struct SavedEdifice {
    cells: Vec<[i32; 2]>,
    colour: &'static str,
    seat: u8,
    shape: &'static str,
}

fn point(cell: u16) -> [i32; 2] {
    let (x, y) = xy(cell);
    [x, y]
}

pub fn to_json(s: &KardinalState) -> String {
    let n = s.players();
    crate::json::write(&Saved {
        aside: s.aside,
        // The cardinal's cell, or `[]` before it is placed.
        cardinal: s.cardinal.map(point).into_iter().flatten().collect(),
        chips: &s.chips[..n],
        edifices: s
            .edifices()
            .iter()
            .map(|e| SavedEdifice {
                cells: e.cells().iter().map(|&c| point(c)).collect(),
                colour: COLOURS[usize::from(e.colour)],
                seat: e.seat,
                shape: SHAPES[usize::from(e.shape)],
            })
            .collect(),
        game: NAME,
        history: s.history(),
        left: s.left,
        phase: s.phase.name(),
        players: n,
        supply: s.supply,
        to_move: s.current_player(),
        version: VERSION,
    })
}

/// Validates `text` and rebuilds the state by replaying its history (see [`crate::saved`]),
/// refusing a state of other parameters than `game`'s.
pub fn from_json(game: &KardinalGame, text: &str) -> Result<KardinalState, Error> {
    load_game(game, "a Kardinal state", &[], text)
}
