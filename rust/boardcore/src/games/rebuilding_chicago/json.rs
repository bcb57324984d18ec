//! Canonical JSON (docs/games/rebuilding_chicago.md, "Canonical JSON"): written by hand,
//! keys in sorted order, so both engines produce the same bytes.

use std::fmt::Write;

use serde_json::Value;

use super::state::{RebuildingChicagoState, Task, PHASES};
use super::{RebuildingChicagoGame, NAME, VERSION};
use crate::bits::bits;
use crate::engine::{Error, Game, GameState};
use crate::saved::load_game;

pub fn list<T: std::fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    let items: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
    format!("[{}]", items.join(","))
}

pub fn task(t: &Task) -> String {
    if t.has_arg() {
        format!("[{},{},{}]", t.code, t.seat, t.arg)
    } else {
        format!("[{},{}]", t.code, t.seat)
    }
}

pub fn todo(s: &RebuildingChicagoState) -> String {
    list(s.todo.iter().map(task))
}

pub fn to_json(s: &RebuildingChicagoState) -> String {
    let cfg = s.config();
    let n = s.players();
    let decks =
        list((1..=3u8).map(|r| list(s.deck.iter().filter(|&c| cfg.data.cards[c].round == r))));
    let seats = list(s.seats.iter().map(|seat| {
        format!(
            r#"{{"abilities":{},"built":{},"dealt":{},"district":{},"hand":{},"landmarks":{},"law":{},"lost":{},"money":{},"pieces":{},"quality":{},"unhappy":{},"vp":{}}}"#,
            list(&seat.abilities),
            list(bits(u64::from(seat.built))),
            list(bits(u64::from(seat.dealt))),
            seat.district,
            list(&seat.hand),
            list(bits(u64::from(seat.kept))),
            seat.law,
            list(bits(u64::from(seat.lost))),
            seat.money,
            list(seat.pieces.iter().map(list)),
            list(seat.quality),
            seat.unhappy,
            seat.vp,
        )
    }));
    let tokens = list(
        (0..8)
            .map(|i| (s.tokens >> i) & 1)
            .chain((0..7).map(|e| (s.event_tokens >> e) & 1)),
    );
    let mut out = String::with_capacity(4096 + 5 * s.history.len());
    let _ = write!(
        out,
        r#"{{"active":{},"automaton":{},"bag":{},"decks":{decks},"difficulty":{},"events":{},"first":{},"game":"{NAME}","history":{},"landmark_pool":{},"market":{},"phase":"{}","picked":{},"players":{n},"refilled":{},"round":{},"scenario":{},"scenarios":{},"seats":{seats},"start":{},"supply":{},"to_move":{},"todo":{},"tokens":{tokens},"version":{VERSION}}}"#,
        s.active,
        list(bits(u64::from(s.automaton))),
        list(bits(s.bag)),
        list(&cfg.difficulty[..n]),
        list((0..7).map(|e| (s.events >> e) & 1)),
        u8::from(s.first),
        list(&s.history),
        list(bits(u64::from(s.landmark_pool))),
        list(s.market),
        PHASES[s.phase.index()],
        s.picked,
        u8::from(s.refilled),
        s.round,
        s.scenario,
        list(bits(u64::from(s.scenarios))),
        s.start,
        list(&s.supply[..cfg.data.kinds.len()]),
        s.current_player(),
        todo(s),
    );
    out
}

const KEYS: [&str; 25] = [
    "active",
    "automaton",
    "bag",
    "decks",
    "difficulty",
    "events",
    "first",
    "game",
    "history",
    "landmark_pool",
    "market",
    "phase",
    "picked",
    "players",
    "refilled",
    "round",
    "scenario",
    "scenarios",
    "seats",
    "start",
    "supply",
    "to_move",
    "todo",
    "tokens",
    "version",
];

/// Validates `text` and rebuilds the state by replaying its history (see [`crate::saved`]).
pub fn from_json(
    game: &RebuildingChicagoGame,
    text: &str,
) -> Result<RebuildingChicagoState, Error> {
    let cfg = game.config();
    let n = game.num_players();
    let difficulty: Vec<Value> = cfg.difficulty[..n]
        .iter()
        .map(|&d| Value::from(d))
        .collect();
    load_game(
        game,
        "a Rebuilding Chicago state",
        &KEYS,
        vec![("difficulty", Value::Array(difficulty))],
        text,
    )
}
