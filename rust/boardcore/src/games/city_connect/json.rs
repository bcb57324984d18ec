//! Canonical JSON (docs/games/city_connect.md, "Canonical JSON"): written by hand, keys in
//! sorted order, so both engines produce the same bytes.

use std::fmt::Write;

use serde_json::Value;

use super::state::CityState;
use super::{CityConnectGame, NAME, PHASES, VERSION};
use crate::engine::{Error, Game, GameState};
use crate::saved::load_game;

fn list<T: std::fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    let items: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
    format!("[{}]", items.join(","))
}

/// A multiset of counts per index as the ascending list with repeats.
fn multiset(counts: &[u8]) -> String {
    list(
        counts
            .iter()
            .enumerate()
            .flat_map(|(i, &k)| std::iter::repeat(i).take(usize::from(k))),
    )
}

pub fn to_json(s: &CityState) -> String {
    let n = s.players();
    let d = &s.cfg.data;
    let b = d.buildings;
    let cities = list((0..n).map(|p| list(s.city(p))));
    let hands = list((0..n).map(|p| multiset(&s.hands[p][..b])));
    let pay = &s.pay;
    let payment = format!(
        r#"{{"card":{},"city":{},"credit":{},"hand":{},"owed":{},"source":{}}}"#,
        pay.card,
        multiset(&pay.city[..d.city_cards()]),
        pay.credit,
        multiset(&pay.hand[..b]),
        list(pay.owed),
        pay.source
    );
    let pile = format!(
        r#"{{"pool":{},"size":{},"stage":{}}}"#,
        multiset(&s.pool[..b]),
        s.pile_size,
        s.stage
    );
    let mut out = String::with_capacity(1024 + 4 * s.history.len());
    let _ = write!(
        out,
        r#"{{"acted":{},"cities":{cities},"discard":{},"game":"{NAME}","gears":{},"hands":{hands},"history":{},"landmarks":{},"market":{},"mayor":{},"payment":{payment},"phase":"{}","pile":{pile},"pioneer":{},"players":{n},"sides":{},"taken":{},"to_move":{},"todo":{},"turn":{},"version":{VERSION}}}"#,
        u8::from(s.acted),
        multiset(&s.discard[..b]),
        multiset(&s.gears[..d.city_cards()]),
        list(&s.history),
        list(&s.row[..usize::from(s.row_len)]),
        multiset(&s.market[..b]),
        u8::from(s.mayor_used),
        PHASES[s.phase.index()],
        s.pioneer,
        list(&s.cfg.sides[..n]),
        s.taken,
        s.current_player(),
        s.todo,
        s.turn,
    );
    out
}

const KEYS: [&str; 21] = [
    "acted",
    "cities",
    "discard",
    "game",
    "gears",
    "hands",
    "history",
    "landmarks",
    "market",
    "mayor",
    "payment",
    "phase",
    "pile",
    "pioneer",
    "players",
    "sides",
    "taken",
    "to_move",
    "todo",
    "turn",
    "version",
];

/// Validates `text` and rebuilds the state by replaying its history (see [`crate::saved`]).
pub fn from_json(game: &CityConnectGame, text: &str) -> Result<CityState, Error> {
    let cfg = game.config();
    let n = game.num_players();
    let sides: Vec<Value> = cfg.sides[..n].iter().map(|&v| Value::from(v)).collect();
    load_game(
        game,
        "a City Connect state",
        &KEYS,
        vec![("sides", Value::Array(sides))],
        text,
    )
}
