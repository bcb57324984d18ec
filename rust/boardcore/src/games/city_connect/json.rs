//! Canonical JSON (docs/games/city_connect.md, "Canonical JSON"): the saved state declared
//! as a struct with its keys in sorted order (see [`crate::json`]), so both engines produce
//! the same bytes.

use serde::Serialize;

use super::state::CityState;
use super::{CityConnectGame, NAME, PHASES, VERSION};
use crate::engine::{Action, Error, GameState};
use crate::json::multiset;
use crate::saved::load_game;

#[derive(Serialize)]
struct Saved<'a> {
    acted: u8,
    cities: Vec<&'a [u8]>,
    discard: Vec<usize>,
    game: &'static str,
    gears: Vec<usize>,
    hands: Vec<Vec<usize>>,
    history: &'a [Action],
    landmarks: &'a [u8],
    market: Vec<usize>,
    mayor: u8,
    payment: Payment,
    phase: &'static str,
    pile: Pile,
    pioneer: i8,
    players: usize,
    sides: &'a [u8],
    taken: u8,
    to_move: i32,
    todo: u8,
    turn: u32,
    version: u32,
}

#[derive(Serialize)]
struct Payment {
    card: i16,
    city: Vec<usize>,
    credit: u8,
    hand: Vec<usize>,
    owed: [u8; 5],
    source: i8,
}

#[derive(Serialize)]
struct Pile {
    pool: Vec<usize>,
    size: u16,
    stage: u8,
}

pub fn to_json(s: &CityState) -> String {
    let n = s.players();
    let d = &s.cfg.data;
    let b = d.buildings;
    let pay = &s.pay;
    crate::json::write(&Saved {
        acted: u8::from(s.acted),
        cities: (0..n).map(|p| s.city(p)).collect(),
        discard: multiset(&s.discard[..b]),
        game: NAME,
        gears: multiset(&s.gears[..d.city_cards()]),
        hands: s.hands[..n].iter().map(|h| multiset(&h[..b])).collect(),
        history: &s.history,
        landmarks: &s.row[..usize::from(s.row_len)],
        market: multiset(&s.market[..b]),
        mayor: u8::from(s.mayor_used),
        payment: Payment {
            card: pay.card,
            city: multiset(&pay.city[..d.city_cards()]),
            credit: pay.credit,
            hand: multiset(&pay.hand[..b]),
            owed: pay.owed,
            source: pay.source,
        },
        phase: PHASES[s.phase.index()],
        pile: Pile {
            pool: multiset(&s.pool[..b]),
            size: s.pile_size,
            stage: s.stage,
        },
        pioneer: s.pioneer,
        players: n,
        sides: &s.cfg.sides[..n],
        taken: s.taken,
        to_move: s.current_player(),
        todo: s.todo,
        turn: s.turn,
        version: VERSION,
    })
}

/// Validates `text` and rebuilds the state by replaying its history (see [`crate::saved`]),
/// refusing a state of other parameters than `game`'s.
pub fn from_json(game: &CityConnectGame, text: &str) -> Result<CityState, Error> {
    load_game(game, "a City Connect state", &["sides"], text)
}
