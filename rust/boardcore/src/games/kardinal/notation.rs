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
const SHAPES: [&str; 3] = ["house", "tower", "yard"];

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

/// The notation's forms, for the message on text that is none of them.
const FORMS: &str = "an action is 'build house red 3,-1', 'build yard green 0,2 h', \
                     'chip yellow', 'cardinal 2,1' or 'cardinal stay' (single spaces, lower case)";
const CELL_FORM: &str =
    "cells are written x,y with integers, e.g. 3,-1 (no '+', leading zeros or '-0')";

/// An integer as the notation writes it: no `+`, no leading zeros, no `-0`.
fn is_int(s: &str) -> bool {
    let digits = s.strip_prefix('-').unwrap_or(s);
    !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (s == "0" || !digits.starts_with('0'))
}

/// The cell written `word` (`what` names what else the word could have been).
fn parse_cell(text: &str, word: &str, what: &str) -> Result<u16, Error> {
    let (x, y) = match word.split_once(',') {
        Some((x, y)) if is_int(x) && is_int(y) => (x, y),
        _ => {
            return Err(Error::Notation(format!(
                "{text:?}: {word:?} is not {what}; {CELL_FORM}"
            )))
        }
    };
    let range = -OFFSET..=(W as i32 - 1 - OFFSET);
    // Too many digits for an i32 is outside the box too.
    match (x.parse::<i32>(), y.parse::<i32>()) {
        (Ok(x), Ok(y)) if range.contains(&x) && range.contains(&y) => {
            Ok(((y + OFFSET) as usize * W + (x + OFFSET) as usize) as u16)
        }
        _ => Err(Error::Notation(format!(
            "{text:?}: cell {word} is outside the playing area; coordinates run from {} to {}",
            range.start(),
            range.end()
        ))),
    }
}

fn parse_colour(text: &str, word: &str) -> Result<usize, Error> {
    COLOURS.iter().position(|&c| c == word).ok_or_else(|| {
        Error::Notation(format!(
            "{text:?}: {word:?} is not a colour; colours are red, green, blue and yellow"
        ))
    })
}

/// The action written `text`, legal now or not. The checks run left to right, and their
/// words are the reference engine's.
pub fn string_to_action(text: &str) -> Result<Action, Error> {
    let words: Vec<&str> = text.split(' ').collect();
    let not_an_action =
        |hint: &str| Error::Notation(format!("{text:?} is not a Kardinal action: {hint}"));
    if words.contains(&"") {
        // A space too many or too few: the forms say "single spaces".
        return Err(not_an_action(FORMS));
    }
    let build = |kind: usize, colour: &str, cell: &str| -> Result<Action, Error> {
        let piece = kind * 4 + parse_colour(text, colour)?;
        Ok((piece * CELLS) as Action + Action::from(parse_cell(text, cell, "a cell")?))
    };
    let hint = match words.as_slice() {
        ["build", "house", colour, cell] => return build(0, colour, cell),
        ["build", "tower", colour, cell] => return build(1, colour, cell),
        ["build", "yard", colour, cell, orientation] => {
            let colour = parse_colour(text, colour)?;
            let cell = parse_cell(text, cell, "a cell")?;
            let kind = match *orientation {
                "h" => 2,
                "v" => 3,
                _ => {
                    return Err(Error::Notation(format!(
                        "{text:?}: {orientation:?} is not an orientation; a yard lies h (the \
                         cell given and the one to its right) or v (the cell given and the one \
                         above it)"
                    )))
                }
            };
            return Ok(((kind * 4 + colour) * CELLS) as Action + Action::from(cell));
        }
        ["build", shape, ..] if matches!(words.len(), 4 | 5) && !SHAPES.contains(shape) => {
            return Err(Error::Notation(format!(
                "{text:?}: {shape:?} is not an edifice; edifices are house, tower and yard"
            )))
        }
        ["build", ..] => {
            "expected 'build house|tower <colour> x,y' or 'build yard <colour> x,y h|v'"
        }
        ["chip", colour] => return Ok(CHIP_BASE + parse_colour(text, colour)? as Action),
        ["chip", ..] => "expected 'chip <colour>'",
        ["cardinal", "stay"] => return Ok(STAY),
        ["cardinal", cell] => {
            return Ok(CARDINAL_BASE + Action::from(parse_cell(text, cell, "a cell or 'stay'")?))
        }
        ["cardinal", ..] => "expected 'cardinal x,y' or 'cardinal stay'",
        _ => FORMS,
    };
    Err(not_an_action(hint))
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
