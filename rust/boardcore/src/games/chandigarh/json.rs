//! Canonical JSON (docs/games/chandigarh.md, "Canonical JSON"): written by hand, keys in
//! sorted order, so both engines produce the same bytes.

use std::fmt::Write;

use serde_json::Value;

use super::geom::point;
use super::state::{ChandigarhState, Flow};
use super::{ChandigarhGame, FLOWS, NAME, PHASES, VERSION};
use crate::engine::{Error, GameState};
use crate::saved::load_game;

fn list<T: std::fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    let items: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
    format!("[{}]", items.join(","))
}

/// Counts per colour as the ascending list with repeats.
fn multiset(counts: &[u8; 4]) -> String {
    list(
        counts
            .iter()
            .enumerate()
            .flat_map(|(i, &k)| std::iter::repeat(i).take(usize::from(k))),
    )
}

fn bits(mask: u8) -> String {
    list((0..4).filter(|c| mask & (1 << c) != 0))
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
    let architects = list((0..n).map(|p| {
        let (x, y) = point(s.architects[p]);
        format!("[{x},{y}]")
    }));
    let pool: Vec<usize> = (0..64).filter(|k| s.pool & (1u64 << k) != 0).collect();
    let deck = format!(r#"{{"bottom":{},"pool":{}}}"#, list(&s.bottom), list(pool));
    let pending = format!(
        r#"{{"arrange":{},"bonus":{},"relocate":{},"score":{},"sector":{},"takes":{},"todo":{}}}"#,
        multiset(&s.arrange),
        s.bonus,
        s.relocate,
        s.score,
        s.sector,
        s.takes,
        s.todo
    );
    let specialists = match s.cfg.specialists {
        Some(specs) => list(specs.map(|a| a.index())),
        None => "[]".into(),
    };
    let variant = list(
        s.cfg
            .variant
            .iter()
            .map(|&(t, c, r)| format!("[{t},{c},{r}]")),
    );
    let mut out = String::with_capacity(2048 + 5 * s.history.len());
    let _ = write!(
        out,
        r#"{{"architects":{architects},"city":{},"deck":{deck},"ending":{},"flow":"{}","gained":{},"game":"{NAME}","general":{},"here":{},"history":{},"last":{},"pawns":{},"pending":{pending},"phase":"{}","players":{n},"pp":{},"projects":{},"reserves":{},"row":{},"specialists":{specialists},"start":{},"steps":{},"streets":{},"supervisors":{},"to_move":{},"tokens":{},"turn":{},"used":{},"variant":{variant},"version":{VERSION}}}"#,
        list(s.city),
        u8::from(s.ending),
        FLOWS[flow_index(s.flow)],
        multiset(&s.gained),
        list(s.general),
        s.here,
        list(&s.history),
        s.last,
        list(s.pawns),
        PHASES[s.phase.index()],
        list(&s.pp[..n]),
        list((0..n).map(|p| list(s.projects[p].iter()))),
        list((0..n).map(|p| list(s.reserves[p]))),
        list(s.row.iter()),
        s.start,
        s.steps,
        list(s.streets),
        list(s.supervisors),
        s.current_player(),
        list((0..n).map(|p| bits(s.tokens[p]))),
        s.turn,
        bits(s.used),
    );
    out
}

const KEYS: [&str; 30] = [
    "architects",
    "city",
    "deck",
    "ending",
    "flow",
    "gained",
    "game",
    "general",
    "here",
    "history",
    "last",
    "pawns",
    "pending",
    "phase",
    "players",
    "pp",
    "projects",
    "reserves",
    "row",
    "specialists",
    "start",
    "steps",
    "streets",
    "supervisors",
    "to_move",
    "tokens",
    "turn",
    "used",
    "variant",
    "version",
];

/// Validates `text` and rebuilds the state by replaying its history (see [`crate::saved`]).
pub fn from_json(game: &ChandigarhGame, text: &str) -> Result<ChandigarhState, Error> {
    let cfg = game.config();
    let specialists: Vec<Value> = match cfg.specialists {
        Some(specs) => specs.iter().map(|a| Value::from(a.index())).collect(),
        None => Vec::new(),
    };
    let variant: Vec<Value> = cfg
        .variant
        .iter()
        .map(|&(t, c, r)| Value::from(vec![Value::from(t), Value::from(c), Value::from(r)]))
        .collect();
    load_game(
        game,
        "a Chandigarh state",
        &KEYS,
        vec![
            ("specialists", Value::Array(specialists)),
            ("variant", Value::Array(variant)),
        ],
        text,
    )
}
