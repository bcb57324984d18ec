//! Canonical JSON (docs/games/prestel_new_york.md, "Canonical JSON"): written by hand, keys
//! in sorted order, so both engines produce the same bytes.

use std::fmt::Write;

use serde_json::Value;

use super::state::PrestelState;
use super::{PrestelGame, NAME, PHASES, SLOTS, STACKS, VERSION};
use crate::engine::{Error, Game, GameState};
use crate::saved::load_game;

const NONE: u8 = u8::MAX;

fn list<T: std::fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    let items: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
    format!("[{}]", items.join(","))
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
    let unseen = (0..32).filter(|&c| s.unseen & (1 << c) != 0);
    let deck = format!(
        r#"{{"tail":{},"top":{},"unseen":{}}}"#,
        list(s.tail()),
        id(s.top),
        list(unseen)
    );
    let hands = list((0..n).map(|p| list(PrestelState::parts_of(s.hands[p]))));
    let memory = list((0..n).map(|p| {
        list((0..data.parts()).filter_map(|part| {
            let stack = s.mem_stack[p][part];
            (stack != 0).then(|| format!("[{part},{},{}]", stack - 1, s.mem_depth[p][part]))
        }))
    }));
    let stacks = list((0..STACKS).map(|i| list(s.stack(i))));
    let table = list((0..SLOTS).map(|slot| {
        let c = s.table[slot];
        if c == NONE {
            r#"{"built":[],"commission":-1}"#.to_string()
        } else {
            let size = usize::from(data.size[usize::from(c)]);
            format!(
                r#"{{"built":{},"commission":{c}}}"#,
                list(s.built[slot][..size].iter().map(|&b| id(b)))
            )
        }
    }));
    let mut out = String::with_capacity(2048 + 4 * s.history.len());
    let _ = write!(
        out,
        r#"{{"chips":{},"completed":{},"deck":{deck},"finish":{},"game":"{NAME}","hands":{hands},"history":{},"looked":{},"max_rounds":{},"memory":{memory},"new_stones":{},"phase":"{}","players":{n},"round":{},"speeds":{},"stacks":{stacks},"stones":{},"table":{table},"taken":{},"to_move":{},"version":{VERSION}}}"#,
        list(&s.chips[..n]),
        list(s.completed()),
        list(s.finish()),
        list(&s.history),
        list(&s.looked[..n]),
        s.cfg.max_rounds,
        list(&s.new_stones[..n]),
        PHASES[s.phase.index()],
        s.round,
        list(&s.cfg.speeds[..n]),
        list(&s.stones[..n]),
        list(s.taken[..n].iter().map(|&t| id(t))),
        s.current_player(),
    );
    out
}

const KEYS: [&str; 21] = [
    "chips",
    "completed",
    "deck",
    "finish",
    "game",
    "hands",
    "history",
    "looked",
    "max_rounds",
    "memory",
    "new_stones",
    "phase",
    "players",
    "round",
    "speeds",
    "stacks",
    "stones",
    "table",
    "taken",
    "to_move",
    "version",
];

/// Validates `text` and rebuilds the state by replaying its history (see [`crate::saved`]).
pub fn from_json(game: &PrestelGame, text: &str) -> Result<PrestelState, Error> {
    let cfg = game.config();
    let n = game.num_players();
    let speeds: Vec<Value> = cfg.speeds[..n].iter().map(|&v| Value::from(v)).collect();
    load_game(
        game,
        "a Prestel New York state",
        &KEYS,
        vec![
            ("speeds", Value::Array(speeds)),
            ("max_rounds", Value::from(cfg.max_rounds)),
        ],
        text,
    )
}
