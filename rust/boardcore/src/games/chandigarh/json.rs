//! Canonical JSON (docs/games/chandigarh.md, "Canonical JSON"): the saved state declared as
//! a struct with its keys in sorted order (see [`crate::json`]), so both engines produce the
//! same bytes.

use serde::Serialize;

use super::geom::point;
use super::state::{ChandigarhState, Flow};
use super::{ChandigarhGame, FLOWS, NAME, PHASES, VERSION};
use crate::engine::{Action, Error, GameState};
use crate::json::multiset;
use crate::saved::load_game;

#[derive(Serialize)]
struct Saved<'a> {
    architects: Vec<(i32, i32)>,
    city: &'a [i8],
    deck: Deck<'a>,
    ending: u8,
    flow: &'static str,
    gained: Vec<usize>,
    game: &'static str,
    general: [u8; 4],
    here: u8,
    history: &'a [Action],
    last: i8,
    pawns: [i8; 4],
    pending: Pending,
    phase: &'static str,
    players: usize,
    pp: &'a [i32],
    projects: Vec<&'a [u8]>,
    reserves: &'a [[u8; 4]],
    row: &'a [u8],
    specialists: Vec<usize>,
    start: i8,
    steps: u8,
    streets: [i8; 7],
    supervisors: [i8; 16],
    to_move: i32,
    tokens: Vec<Vec<usize>>,
    turn: u16,
    used: Vec<usize>,
    variant: &'a [(usize, i8, i8)],
    version: u32,
}

#[derive(Serialize)]
struct Deck<'a> {
    bottom: &'a [u8],
    pool: Vec<usize>,
}

#[derive(Serialize)]
struct Pending {
    arrange: Vec<usize>,
    bonus: u8,
    relocate: i8,
    score: i8,
    sector: i8,
    takes: u8,
    todo: u8,
}

/// The colours (0..4) of a mask.
fn colours(mask: u8) -> Vec<usize> {
    (0..4).filter(|c| mask & (1 << c) != 0).collect()
}

pub fn flow_index(flow: Flow) -> usize {
    match flow {
        Flow::None => 0,
        Flow::Gain => 1,
        Flow::Craft => 2,
        Flow::Score => 3,
        Flow::Reveal => 4,
        Flow::After => 5,
    }
}

pub fn to_json(s: &ChandigarhState) -> String {
    let n = s.players();
    crate::json::write(&Saved {
        architects: s.architects[..n].iter().map(|&a| point(a)).collect(),
        city: &s.city,
        deck: Deck {
            bottom: &s.bottom,
            pool: crate::bits::bits(s.pool).collect(),
        },
        ending: u8::from(s.ending),
        flow: FLOWS[flow_index(s.flow)],
        gained: multiset(&s.gained),
        game: NAME,
        general: s.general,
        here: s.here,
        history: &s.history,
        last: s.last,
        pawns: s.pawns,
        pending: Pending {
            arrange: multiset(&s.arrange),
            bonus: s.bonus,
            relocate: s.relocate,
            score: s.score,
            sector: s.sector,
            takes: s.takes,
            todo: s.todo,
        },
        phase: PHASES[s.phase.index()],
        players: n,
        pp: &s.pp[..n],
        projects: s.projects[..n].iter().map(|p| &p[..]).collect(),
        reserves: &s.reserves[..n],
        row: &s.row,
        // By ability index; none in the game without specialists.
        specialists: s
            .cfg
            .specialists
            .map_or_else(Vec::new, |specs| specs.map(|a| a.index()).to_vec()),
        start: s.start,
        steps: s.steps,
        streets: s.streets,
        supervisors: s.supervisors,
        to_move: s.current_player(),
        tokens: s.tokens[..n].iter().map(|&t| colours(t)).collect(),
        turn: s.turn,
        used: colours(s.used),
        variant: &s.cfg.variant,
        version: VERSION,
    })
}

/// Validates `text` and rebuilds the state by replaying its history (see [`crate::saved`]),
/// refusing a state of other parameters than `game`'s.
pub fn from_json(game: &ChandigarhGame, text: &str) -> Result<ChandigarhState, Error> {
    load_game(
        game,
        "a Chandigarh state",
        &["specialists", "variant"],
        text,
    )
}
