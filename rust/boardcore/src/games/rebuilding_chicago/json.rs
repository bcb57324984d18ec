//! Canonical JSON (docs/games/rebuilding_chicago.md, "Canonical JSON"): the saved state
//! declared as a struct with its keys in sorted order (see [`crate::json`]), so both engines
//! produce the same bytes.

use serde::ser::{Serialize, Serializer};

use super::state::{RebuildingChicagoState, Seat, Task, PHASES};
use super::{RebuildingChicagoGame, NAME, VERSION};
use crate::bits::bits;
use crate::engine::{Action, Error, GameState};
use crate::saved::load_game;

#[derive(serde::Serialize)]
struct Saved<'a> {
    active: i8,
    automaton: Vec<usize>,
    bag: Vec<usize>,
    decks: Vec<Vec<usize>>,
    difficulty: &'a [u8],
    events: Vec<u8>,
    first: u8,
    game: &'static str,
    history: &'a [Action],
    landmark_pool: Vec<usize>,
    market: [i16; 8],
    phase: &'static str,
    picked: i8,
    players: usize,
    refilled: u8,
    round: u8,
    scenario: i8,
    scenarios: Vec<usize>,
    seats: Vec<SavedSeat<'a>>,
    start: i8,
    supply: &'a [u8],
    to_move: i32,
    todo: &'a std::collections::VecDeque<Task>,
    tokens: Vec<u8>,
    version: u32,
}

#[derive(serde::Serialize)]
struct SavedSeat<'a> {
    abilities: &'a [u8],
    built: Vec<usize>,
    dealt: Vec<usize>,
    district: i8,
    hand: &'a [u8],
    landmarks: Vec<usize>,
    law: i8,
    lost: Vec<usize>,
    money: i32,
    pieces: &'a [[i16; 4]],
    quality: [u8; 3],
    unhappy: i32,
    vp: i32,
}

impl<'a> SavedSeat<'a> {
    fn new(seat: &'a Seat) -> Self {
        Self {
            abilities: &seat.abilities,
            built: bits(seat.built).collect(),
            dealt: bits(seat.dealt).collect(),
            district: seat.district,
            hand: &seat.hand,
            landmarks: bits(seat.kept).collect(),
            law: seat.law,
            lost: bits(seat.lost).collect(),
            money: seat.money,
            pieces: &seat.pieces,
            quality: seat.quality,
            unhappy: seat.unhappy,
            vp: seat.vp,
        }
    }
}

/// A task as `[code, seat]`, or `[code, seat, arg]` when it has an argument.
impl Serialize for Task {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let all = [
            i32::from(self.code),
            i32::from(self.seat),
            i32::from(self.arg),
        ];
        let len = if self.has_arg() { 3 } else { 2 };
        serializer.collect_seq(&all[..len])
    }
}

/// The tasks still to do, as saved.
pub fn todo(s: &RebuildingChicagoState) -> String {
    crate::json::write(&s.todo)
}

pub fn to_json(s: &RebuildingChicagoState) -> String {
    let cfg = s.config();
    let n = s.players();
    crate::json::write(&Saved {
        active: s.active,
        automaton: bits(s.automaton).collect(),
        bag: bits(s.bag).collect(),
        decks: (1..=3u8)
            .map(|r| {
                s.deck
                    .iter()
                    .filter(|&c| cfg.data.cards[c].round == r)
                    .collect()
            })
            .collect(),
        difficulty: &cfg.difficulty[..n],
        events: (0..7).map(|e| (s.events >> e) & 1).collect(),
        first: u8::from(s.first),
        game: NAME,
        history: &s.history,
        landmark_pool: bits(s.landmark_pool).collect(),
        market: s.market,
        phase: PHASES[s.phase.index()],
        picked: s.picked,
        players: n,
        refilled: u8::from(s.refilled),
        round: s.round,
        scenario: s.scenario,
        scenarios: bits(s.scenarios).collect(),
        seats: s.seats.iter().map(SavedSeat::new).collect(),
        start: s.start,
        supply: &s.supply[..cfg.data.kinds.len()],
        to_move: s.current_player(),
        todo: &s.todo,
        // Solo tokens: the 8 market slots, then the 7 events.
        tokens: (0..8)
            .map(|i| (s.tokens >> i) & 1)
            .chain((0..7).map(|e| (s.event_tokens >> e) & 1))
            .collect(),
        version: VERSION,
    })
}

/// Validates `text` and rebuilds the state by replaying its history (see [`crate::saved`]),
/// refusing a state of other parameters than `game`'s.
pub fn from_json(
    game: &RebuildingChicagoGame,
    text: &str,
) -> Result<RebuildingChicagoState, Error> {
    load_game(game, "a Rebuilding Chicago state", &["difficulty"], text)
}
