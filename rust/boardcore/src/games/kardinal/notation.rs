//! The action notation (`build yard green 0,2 h`, `chip red`, `cardinal 2,1`, `cardinal stay`)
//! and the integer encoding behind it.

use super::{CARDINAL_BASE, CELLS, CHIP_BASE, COLOURS, NUM_ACTIONS, OFFSET, STAY, W};
use crate::engine::{Action, Error};

/// A decoded action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// `kind`: 0 house, 1 tower, 2 yard h, 3 yard v.
    Build {
        kind: usize,
        colour: usize,
        cell: u16,
    },
    Chip(usize),
    Cardinal(u16),
    Stay,
}

const KINDS: [&str; 4] = ["house", "tower", "yard", "yard"];

pub fn decode(action: Action) -> Result<Move, Error> {
    let a = action as usize;
    Ok(if action < CHIP_BASE {
        let (piece, cell) = (a / CELLS, (a % CELLS) as u16);
        Move::Build {
            kind: piece / 4,
            colour: piece % 4,
            cell,
        }
    } else if action < CARDINAL_BASE {
        Move::Chip((action - CHIP_BASE) as usize)
    } else if action < STAY {
        Move::Cardinal((action - CARDINAL_BASE) as u16)
    } else if action == STAY {
        Move::Stay
    } else {
        return Err(Error::Notation(format!(
            "action {action} is out of range: Kardinal's actions are 0 to {}",
            NUM_ACTIONS - 1
        )));
    })
}

fn coords(cell: u16) -> String {
    let cell = usize::from(cell);
    format!(
        "{},{}",
        (cell % W) as i32 - OFFSET,
        (cell / W) as i32 - OFFSET
    )
}

pub fn action_to_string(action: Action) -> Result<String, Error> {
    Ok(match decode(action)? {
        Move::Build { kind, colour, cell } => {
            let orientation = match kind {
                2 => " h",
                3 => " v",
                _ => "",
            };
            format!(
                "build {} {} {}{orientation}",
                KINDS[kind],
                COLOURS[colour],
                coords(cell)
            )
        }
        Move::Chip(colour) => format!("chip {}", COLOURS[colour]),
        Move::Cardinal(cell) => format!("cardinal {}", coords(cell)),
        Move::Stay => "cardinal stay".into(),
    })
}

/// An integer as the notation writes it: no `+`, no leading zeros, no `-0`.
fn parse_int(s: &str) -> Option<i32> {
    let digits = s.strip_prefix('-').unwrap_or(s);
    let canonical = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
        && s != "-0"
        && digits.len() <= 6;
    canonical.then(|| s.parse().ok()).flatten()
}

fn parse_cell(s: &str, text: &str) -> Result<u16, Error> {
    let bad = || {
        Error::Notation(format!(
            "{text:?}: expected a cell as x,y with integers (e.g. 3,-1), got {s:?}"
        ))
    };
    let (x, y) = s.split_once(',').ok_or_else(bad)?;
    let (x, y) = (parse_int(x).ok_or_else(bad)?, parse_int(y).ok_or_else(bad)?);
    let range = -OFFSET..=(W as i32 - 1 - OFFSET);
    if !range.contains(&x) || !range.contains(&y) {
        return Err(Error::Notation(format!(
            "{text:?}: cell {x},{y} is outside the board a game can reach ({} to {} on each axis)",
            range.start(),
            range.end()
        )));
    }
    Ok(((y + OFFSET) as usize * W + (x + OFFSET) as usize) as u16)
}

fn parse_colour(s: &str, text: &str) -> Result<usize, Error> {
    COLOURS.iter().position(|&c| c == s).ok_or_else(|| {
        Error::Notation(format!(
            "{text:?}: unknown colour {s:?} (colours: red, green, blue, yellow)"
        ))
    })
}

pub fn string_to_action(text: &str) -> Result<Action, Error> {
    let words: Vec<&str> = text.split(' ').collect();
    let action = match words.as_slice() {
        ["build", kind @ ("house" | "tower"), colour, cell] => {
            let kind = usize::from(*kind == "tower");
            let piece = kind * 4 + parse_colour(colour, text)?;
            (piece * CELLS) as Action + Action::from(parse_cell(cell, text)?)
        }
        ["build", "yard", colour, cell, orientation @ ("h" | "v")] => {
            let kind = if *orientation == "h" { 2 } else { 3 };
            let piece = kind * 4 + parse_colour(colour, text)?;
            (piece * CELLS) as Action + Action::from(parse_cell(cell, text)?)
        }
        ["chip", colour] => CHIP_BASE + parse_colour(colour, text)? as Action,
        ["cardinal", "stay"] => STAY,
        ["cardinal", cell] => CARDINAL_BASE + Action::from(parse_cell(cell, text)?),
        _ => {
            return Err(Error::Notation(format!(
                "{text:?} is not Kardinal notation; moves look like `build house red 3,-1`, \
                 `build yard green 0,2 h` (or v), `chip yellow`, `cardinal 2,1`, `cardinal stay`"
            )))
        }
    };
    Ok(action)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_round_trips() {
        for a in 0..NUM_ACTIONS as Action {
            let text = action_to_string(a).unwrap();
            assert_eq!(string_to_action(&text).unwrap(), a, "{text}");
        }
    }

    #[test]
    fn rulings_examples_encode_as_documented() {
        let cell = |x: i32, y: i32| ((y + 34) * 70 + x + 34) as Action;
        assert_eq!(
            string_to_action("build yard green 0,2 h").unwrap(),
            9 * 4900 + cell(0, 2)
        );
        assert_eq!(
            string_to_action("build house red 3,-1").unwrap(),
            cell(3, -1)
        );
        assert_eq!(string_to_action("cardinal stay").unwrap(), 83304);
        for bad in [
            "build house red 03,1",
            "build house red +3,1",
            "chip  red",
            "cardinal -0,1",
        ] {
            assert!(string_to_action(bad).is_err(), "{bad}");
        }
    }
}
