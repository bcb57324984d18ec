//! Canonical JSON (docs/games/kardinal.md, "Canonical JSON"): written by hand, keys in sorted
//! order, so both engines produce the same bytes.

use std::fmt::Write;

use serde_json::Value;

use super::state::{xy, KardinalState};
use super::{KardinalGame, COLOURS, NAME, NUM_ACTIONS, SHAPES, VERSION};
use crate::engine::{Action, Error, Game, GameState};

fn list<T: std::fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    let items: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
    format!("[{}]", items.join(","))
}

pub fn to_json(s: &KardinalState) -> String {
    let n = s.players();
    let cardinal = match s.cardinal {
        Some(cell) => {
            let (x, y) = xy(cell);
            format!("[{x},{y}]")
        }
        None => "[]".into(),
    };
    let edifices = list(s.edifices().iter().map(|e| {
        let cells = list(e.cells().iter().map(|&c| {
            let (x, y) = xy(c);
            format!("[{x},{y}]")
        }));
        format!(
            r#"{{"cells":{cells},"colour":"{}","seat":{},"shape":"{}"}}"#,
            COLOURS[usize::from(e.colour)],
            e.seat,
            SHAPES[usize::from(e.shape)]
        )
    }));
    let mut out = String::with_capacity(512);
    let _ = write!(
        out,
        r#"{{"aside":{},"cardinal":{cardinal},"chips":{},"edifices":{edifices},"game":"{NAME}","history":{},"left":{},"phase":"{}","players":{n},"supply":{},"to_move":{},"version":{VERSION}}}"#,
        list(s.aside),
        list(s.chips[..n].iter().map(|c| list(*c))),
        list(s.history()),
        list(s.left.iter().map(|l| list(*l))),
        s.phase.name(),
        list(s.supply),
        s.current_player(),
    );
    out
}

const KEYS: [&str; 12] = [
    "aside", "cardinal", "chips", "edifices", "game", "history", "left", "phase", "players",
    "supply", "to_move", "version",
];

fn bad(msg: String) -> Error {
    Error::StateFormat(format!("not a Kardinal state: {msg}"))
}

/// Validates `text` and rebuilds the state by replaying its history; every other field must
/// then agree with the replayed state, so no state that could not arise in play gets in.
pub fn from_json(game: &KardinalGame, text: &str) -> Result<KardinalState, Error> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| bad(format!("malformed JSON ({e})")))?;
    let Value::Object(map) = &value else {
        return Err(bad("expected a JSON object".into()));
    };
    for key in map.keys() {
        if !KEYS.contains(&key.as_str()) {
            return Err(bad(format!("unknown field {key:?}")));
        }
    }
    if let Some(key) = KEYS.iter().find(|k| !map.contains_key(**k)) {
        return Err(bad(format!("missing field {key:?}")));
    }
    if map["game"] != NAME {
        return Err(bad(format!(
            "\"game\" is {}, expected \"kardinal\"",
            map["game"]
        )));
    }
    if map["version"] != VERSION {
        return Err(bad(format!(
            "\"version\" is {}, but this engine plays Kardinal version {VERSION}",
            map["version"]
        )));
    }
    let players = game.num_players();
    if map["players"] != players {
        return Err(bad(format!(
            "\"players\" is {}, but this game has {players} players: load the state with a \
             game of that many players",
            map["players"]
        )));
    }
    let Value::Array(history) = &map["history"] else {
        return Err(bad("\"history\" must be a list of action ids".into()));
    };
    let mut state = game.new_initial_state();
    for (i, a) in history.iter().enumerate() {
        let action = a
            .as_u64()
            .filter(|&a| a < NUM_ACTIONS as u64)
            .ok_or_else(|| bad(format!("history[{i}] is {a}, not an action id")))?;
        state
            .apply_action(action as Action)
            .map_err(|e| bad(format!("history[{i}] cannot be replayed: {e}")))?;
    }
    let replayed: Value =
        serde_json::from_str(&state.to_json()).map_err(|e| bad(format!("internal: {e}")))?;
    for key in KEYS {
        if map[key] != replayed[key] {
            return Err(bad(format!(
                "{key:?} is {}, but replaying \"history\" gives {}",
                map[key], replayed[key]
            )));
        }
    }
    Ok(state)
}
