//! Loading saved states, shared by every game's `state_from_json`: a saved state is trusted
//! only as far as its `history`, which is replayed; every other field must then agree with
//! the replayed state, so no state that could not arise in play gets in.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

use crate::engine::{Action, Error, Game, GameState};

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

/// The most characters of a saved value a message quotes.
const QUOTE_LIMIT: usize = 200;

/// `text` cut to [`QUOTE_LIMIT`] characters, `...` marking a cut.
fn cut(text: String) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text,
    }
}

/// `value` as JSON for a message, cut to [`QUOTE_LIMIT`] characters.
fn shown(value: &Value) -> String {
    cut(value.to_string())
}

/// A key in quotes for a message, cut to [`QUOTE_LIMIT`] characters once escaped (a control
/// character escaped is up to 10 characters, `\u{10ffff}`).
fn quoted(key: &str) -> String {
    cut(format!("{key:?}"))
}

/// A JSON value parsed as strictly as the reference engines read it: a key twice in one
/// object is an error (serde_json's `Value` would keep the last).
struct Strict(Value);

impl<'de> Deserialize<'de> for Strict {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(StrictVisitor).map(Strict)
    }
}

struct StrictVisitor;

impl<'de> Visitor<'de> for StrictVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(Strict(item)) = seq.next_element()? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        let mut map = Map::new();
        while let Some(key) = access.next_key::<String>()? {
            if map.contains_key(&key) {
                return Err(de::Error::custom(format!(
                    "key {} appears twice",
                    quoted(&key)
                )));
            }
            let Strict(value) = access.next_value()?;
            map.insert(key, value);
        }
        Ok(Value::Object(map))
    }
}

/// Parses a saved state's text: JSON, each key once per object. A syntax error is described
/// in the words both engines share ([`crate::jsontext`]); what serde_json refuses in text
/// that is JSON (a key twice, a number no float holds) in its own words, without its
/// position, as the reference engines word it.
pub fn parse(text: &str) -> Result<Value, String> {
    serde_json::from_str::<Strict>(text)
        .map(|Strict(value)| value)
        .map_err(|e| {
            crate::jsontext::syntax_error(text).unwrap_or_else(|| {
                let words = e.to_string();
                match words.rfind(" at line ") {
                    Some(cut) if e.line() > 0 => words[..cut].to_string(),
                    _ => words,
                }
            })
        })
}

/// The object's fields, after checking there are exactly `schema.keys`.
pub fn fields<'v>(schema: &Schema, value: &'v Value) -> Result<&'v Map<String, Value>, Error> {
    let Value::Object(map) = value else {
        return Err(bad(schema, "expected a JSON object".into()));
    };
    // Another game's state fails every other check; name the game it is first.
    if let Some(Value::String(other)) = map.get("game") {
        if other != schema.name {
            return Err(Error::StateFormat(format!(
                "a saved {} state, not {}: load it with the game of that name",
                cut(other.clone()),
                schema.name
            )));
        }
    }
    if let Some(key) = map.keys().find(|k| !schema.keys.contains(&k.as_str())) {
        return Err(bad(schema, format!("unknown field {}", quoted(key))));
    }
    if let Some(key) = schema.keys.iter().find(|k| !map.contains_key(**k)) {
        return Err(bad(schema, format!("missing field {key:?}")));
    }
    Ok(map)
}

/// [`load_by_replay`] from `game`'s initial state, with its name, version and action count.
/// The keys a saved state must have, and the values of the parameters it records
/// (`players`, then the game's `params`), are those of the initial state's own JSON: each
/// game's saved-state struct (its `json.rs`) declares them once.
pub fn load_game<G: Game>(
    game: &G,
    what: &str,
    params: &[&str],
    text: &str,
) -> Result<G::State, Error> {
    let initial = game.new_initial_state();
    let own: Map<String, Value> =
        serde_json::from_str(&initial.to_json()).expect("a state's own JSON is an object");
    let keys: Vec<&str> = own.keys().map(String::as_str).collect();
    let params: Vec<(&str, Value)> = std::iter::once("players")
        .chain(params.iter().copied())
        .map(|key| (key, own[key].clone()))
        .collect();
    let schema = Schema {
        what,
        name: game.name(),
        version: game.version(),
        keys: &keys,
        num_actions: game.num_distinct_actions(),
        params: &params,
    };
    load_by_replay(&schema, text, initial)
}

/// Parses `text`, checks game, version and parameters, replays `history` on `state` (the
/// initial state) and compares every field with the result.
pub fn load_by_replay<S: GameState>(schema: &Schema, text: &str, mut state: S) -> Result<S, Error> {
    let value = parse(text).map_err(|e| bad(schema, format!("malformed JSON ({e})")))?;
    let map = fields(schema, &value)?;
    let (game, version) = (&map["game"], &map["version"]);
    if *game != schema.name {
        let msg = format!("\"game\" is {}, expected {:?}", shown(game), schema.name);
        return Err(bad(schema, msg));
    }
    if *version != schema.version {
        let plays = schema.version;
        let msg = format!(
            "\"version\" is {}, but this engine plays version {plays}",
            shown(version)
        );
        return Err(bad(schema, msg));
    }
    for (key, expected) in schema.params {
        if map[*key] != *expected {
            return Err(bad(
                schema,
                format!(
                    "{key:?} is {}, but this game has {key} = {expected}: load the state \
                     with a game of the same parameters",
                    shown(&map[*key])
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
            .ok_or_else(|| {
                bad(
                    schema,
                    format!("history[{i}] is {}, not an action id", shown(a)),
                )
            })?;
        state
            .apply_action(action as Action)
            .map_err(|e| bad(schema, format!("history[{i}] cannot be replayed: {e}")))?;
    }
    let replayed: Value = serde_json::from_str(&state.to_json())
        .map_err(|e| bad(schema, format!("internal: {e}")))?;
    for key in schema.keys {
        if let Some(differs) = first_difference(quoted(key), &map[*key], &replayed[*key]) {
            return Err(bad(schema, differs));
        }
    }
    Ok(state)
}

/// Where `given` (a saved value at `path`) first differs from `replayed`, in the order the
/// canonical JSON writes them, said as narrowly as the two allow: the differing number or
/// text itself, a list's length, or the object whose keys differ. The path is written only
/// once a difference is found (a long game's state has thousands of equal values).
fn first_difference(path: String, given: &Value, replayed: &Value) -> Option<String> {
    let (mut steps, what) = difference(given, replayed)?;
    let mut path = path;
    while let Some(step) = steps.pop() {
        match step {
            Step::Index(i) => path += &format!("[{i}]"),
            Step::Key(k) => path += &format!("[{}]", quoted(k)),
        }
    }
    Some(format!("{path} {what}"))
}

/// A step down into a saved value: an item of a list, or a field of an object.
enum Step<'v> {
    Index(usize),
    Key(&'v str),
}

/// The steps to where `given` first differs from `replayed` (innermost first) and what
/// differs there.
fn difference<'v>(given: &'v Value, replayed: &Value) -> Option<(Vec<Step<'v>>, String)> {
    let (mut steps, what, step) = match (given, replayed) {
        (Value::Array(a), Value::Array(b)) if a.len() != b.len() => {
            let what = format!(
                "has {} items, but replaying \"history\" gives {}",
                a.len(),
                b.len()
            );
            return Some((Vec::new(), what));
        }
        (Value::Array(a), Value::Array(b)) => {
            let (i, (steps, what)) = a
                .iter()
                .zip(b)
                .enumerate()
                .find_map(|(i, (a, b))| Some((i, difference(a, b)?)))?;
            (steps, what, Step::Index(i))
        }
        (Value::Object(a), Value::Object(b)) if a.keys().eq(b.keys()) => {
            let (k, (steps, what)) = a
                .iter()
                .zip(b.values())
                .find_map(|((k, a), b)| Some((k, difference(a, b)?)))?;
            (steps, what, Step::Key(k))
        }
        _ if given == replayed => return None,
        _ => {
            let what = format!(
                "is {}, but replaying \"history\" gives {}",
                shown(given),
                shown(replayed)
            );
            return Some((Vec::new(), what));
        }
    };
    steps.push(step);
    Some((steps, what))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_twice_in_one_object_is_refused_at_any_depth() {
        assert!(parse(r#"{"a":1,"b":{"c":2}}"#).is_ok());
        let err = parse(r#"{"a":1,"a":2}"#).unwrap_err();
        assert!(err.contains("key \"a\" appears twice"), "{err}");
        let err = parse(r#"{"a":[{"c":1,"c":1}]}"#).unwrap_err();
        assert!(err.contains("key \"c\" appears twice"), "{err}");
    }

    #[test]
    fn messages_quote_at_most_a_couple_of_hundred_characters() {
        let long = Value::String("x".repeat(100_000));
        assert!(shown(&long).len() <= QUOTE_LIMIT + 3);
    }

    #[test]
    fn a_key_of_control_characters_is_quoted_cut_once_escaped() {
        // 300 ESC characters, each `\u{1b}` escaped: cut to 200 before escaping, the quote
        // ran to 1,200 characters.
        let key = "\\u001b".repeat(300);
        let err = parse(&format!(r#"{{"{key}":1,"{key}":2}}"#)).unwrap_err();
        assert!(err.contains("appears twice"), "{err}");
        assert!(err.chars().count() <= QUOTE_LIMIT + 50, "{err}");
        let schema = Schema {
            what: "a test state",
            name: "test",
            version: 1,
            keys: &["a"],
            num_actions: 1,
            params: &[],
        };
        let value = parse(&format!(r#"{{"a":1,"{key}":2}}"#)).unwrap();
        let err = fields(&schema, &value).unwrap_err().to_string();
        assert!(err.contains("unknown field"), "{err}");
        assert!(err.chars().count() <= QUOTE_LIMIT + 50, "{err}");
    }
}
