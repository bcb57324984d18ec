//! Loading saved states, shared by every game's `state_from_json`: a saved state is trusted
//! only as far as its `history`, which is replayed; every other field must then agree with
//! the replayed state, so no state that could not arise in play gets in.

use serde_json::{Map, Value};

use crate::engine::{Action, Error, GameState};

/// What a game tells [`load_by_replay`] about its saved states.
pub struct Schema<'a> {
    /// The game's title in messages (`"a Kardinal state"`).
    pub what: &'a str,
    pub name: &'a str,
    pub version: u32,
    /// Every key of the canonical JSON, sorted.
    pub keys: &'a [&'a str],
    pub num_actions: usize,
    /// Parameters the state records, with the loading game's values: a state of another
    /// game (more players, other speeds) is refused before replaying.
    pub params: &'a [(&'a str, Value)],
}

fn bad(schema: &Schema, msg: String) -> Error {
    Error::StateFormat(format!("not {}: {msg}", schema.what))
}

/// The object's fields, after checking there are exactly `schema.keys`.
pub fn fields<'v>(schema: &Schema, value: &'v Value) -> Result<&'v Map<String, Value>, Error> {
    let Value::Object(map) = value else {
        return Err(bad(schema, "expected a JSON object".into()));
    };
    if let Some(key) = map.keys().find(|k| !schema.keys.contains(&k.as_str())) {
        return Err(bad(schema, format!("unknown field {key:?}")));
    }
    if let Some(key) = schema.keys.iter().find(|k| !map.contains_key(**k)) {
        return Err(bad(schema, format!("missing field {key:?}")));
    }
    Ok(map)
}

/// Parses `text`, checks game, version and parameters, replays `history` on `state` (the
/// initial state) and compares every field with the result.
pub fn load_by_replay<S: GameState>(schema: &Schema, text: &str, mut state: S) -> Result<S, Error> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| bad(schema, format!("malformed JSON ({e})")))?;
    let map = fields(schema, &value)?;
    if map["game"] != schema.name {
        return Err(bad(
            schema,
            format!("\"game\" is {}, expected {:?}", map["game"], schema.name),
        ));
    }
    if map["version"] != schema.version {
        return Err(bad(
            schema,
            format!(
                "\"version\" is {}, but this engine plays version {}",
                map["version"], schema.version
            ),
        ));
    }
    for (key, expected) in schema.params {
        if map[*key] != *expected {
            return Err(bad(
                schema,
                format!(
                    "{key:?} is {}, but this game has {key} = {expected}: load the state \
                     with a game of the same parameters",
                    map[*key]
                ),
            ));
        }
    }
    let Value::Array(history) = &map["history"] else {
        return Err(bad(
            schema,
            "\"history\" must be a list of action ids".into(),
        ));
    };
    for (i, a) in history.iter().enumerate() {
        let action = a
            .as_u64()
            .filter(|&a| a < schema.num_actions as u64)
            .ok_or_else(|| bad(schema, format!("history[{i}] is {a}, not an action id")))?;
        state
            .apply_action(action as Action)
            .map_err(|e| bad(schema, format!("history[{i}] cannot be replayed: {e}")))?;
    }
    let replayed: Value = serde_json::from_str(&state.to_json())
        .map_err(|e| bad(schema, format!("internal: {e}")))?;
    for key in schema.keys {
        if map[*key] != replayed[*key] {
            return Err(bad(
                schema,
                format!(
                    "{key:?} is {}, but replaying \"history\" gives {}",
                    map[*key], replayed[*key]
                ),
            ));
        }
    }
    Ok(state)
}
