//! Canonical JSON (docs/games/kardinal.md, "Canonical JSON"): written by hand, keys in sorted
//! order, so both engines produce the same bytes.

use std::fmt::Write;

use crate::saved::load_game;

use super::state::{xy, KardinalState};
use super::{KardinalGame, COLOURS, NAME, SHAPES, VERSION};
use crate::engine::{Error, GameState};

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

/// Validates `text` and rebuilds the state by replaying its history (see [`crate::saved`]).
pub fn from_json(game: &KardinalGame, text: &str) -> Result<KardinalState, Error> {
    load_game(game, "a Kardinal state", &KEYS, Vec::new(), text)
}
