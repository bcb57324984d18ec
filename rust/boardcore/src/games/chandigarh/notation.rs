//! The action notation and its integer encoding (docs/games/chandigarh.md, "Action
//! notation" and "Action encoding").

use super::geom::point;
use super::{COLOURS, SIDES, STREETS};
use crate::engine::{Action, Error};

/// Build modes of plot builds: the specialist a build goes through, if any.
pub const MODES: [&str; 6] = [
    "",
    "replace",
    "manager",
    "surveyor",
    "engineer",
    "draughtsman",
];
pub const PLAIN: u8 = 0;
pub const REPLACE: u8 = 1;
pub const MANAGER: u8 = 2;
pub const SURVEYOR: u8 = 3;
pub const ENGINEER: u8 = 4;
pub const DRAUGHTSMAN: u8 = 5;
/// The mode of a centre build (Sector Manager), which has no suffix.
pub const CENTRE: u8 = 6;

pub const NUM_ACTIONS: u32 = 3788;

const ADD: u32 = 4;
const PLOT_BUILD: u32 = 76;
const CENTRE_BUILD: u32 = 3148;
const DRIVE: u32 = 3404;
const DESIGN: u32 = 3453;
const GOVERNOR: u32 = 3502;
const REDISTRIBUTE: u32 = 3506;
const ARRANGE: u32 = 3522;
const ARRANGE_NONE: u32 = 3526;
const PAWN: u32 = 3527;
const TAKE: u32 = 3543;
const DISCARD: u32 = 3547;
const PICK: u32 = 3551;
const EXCHANGE: u32 = 3587;
const CRAFT: u32 = 3603;
const PROJECT: u32 = 3619;
const MAYOR: u32 = 3655;
const LOGISTICS: u32 = 3691;
const SCORE: u32 = 3692;
const STREET: u32 = 3728;
const STOP: u32 = 3734;
const END: u32 = 3735;
const PASS: u32 = 3736;
const SKIP: u32 = 3737;
const TILE: u32 = 3738;
const REVEAL: u32 = 3748;
const FIRST: u32 = 3784;

/// A decoded action. `slot` is a slot id (`(4t + side) * 3 + k`); `j` a junction id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Step(u8),
    Add(u8, u8),
    Build {
        mode: u8,
        colour: u8,
        slot: u8,
    },
    Drive(u8),
    Design(u8),
    Governor(u8),
    Redistribute(u8),
    /// A colour, or 4 for `arrange -`.
    Arrange(u8),
    Pawn(u8),
    Take(u8),
    Discard(u8),
    Pick(u8),
    Exchange(u8, u8),
    Craft(u8, u8),
    Project(u8),
    Mayor(u8),
    Logistics,
    Score(u8),
    Street(u8),
    Stop,
    End,
    Pass,
    Skip,
    Tile(u8),
    Reveal(u8),
    First(u8),
}

#[inline]
pub fn decode(a: Action) -> Result<Move, Error> {
    let k = |base: u32| (a - base) as u8;
    Ok(match a {
        0..=3 => Move::Step(a as u8),
        4..=75 => Move::Add(((a - ADD) / 2) as u8, ((a - ADD) % 2) as u8),
        76..=3147 => {
            let i = a - PLOT_BUILD;
            let (mc, p) = (i / 128, i % 128);
            Move::Build {
                mode: (mc / 4) as u8,
                colour: (mc % 4) as u8,
                slot: ((p / 2) * 3 + p % 2) as u8,
            }
        }
        3148..=3403 => {
            let i = a - CENTRE_BUILD;
            Move::Build {
                mode: CENTRE,
                colour: (i / 64) as u8,
                slot: ((i % 64) * 3 + 2) as u8,
            }
        }
        3404..=3452 => Move::Drive(k(DRIVE)),
        3453..=3501 => Move::Design(k(DESIGN)),
        3502..=3505 => Move::Governor(k(GOVERNOR)),
        3506..=3521 => Move::Redistribute(k(REDISTRIBUTE)),
        3522..=3526 => Move::Arrange(k(ARRANGE)),
        3527..=3542 => Move::Pawn(k(PAWN)),
        3543..=3546 => Move::Take(k(TAKE)),
        3547..=3550 => Move::Discard(k(DISCARD)),
        3551..=3586 => Move::Pick(k(PICK)),
        3587..=3602 => Move::Exchange(k(EXCHANGE) / 4, k(EXCHANGE) % 4),
        3603..=3618 => Move::Craft(k(CRAFT) / 4, k(CRAFT) % 4),
        3619..=3654 => Move::Project(k(PROJECT)),
        3655..=3690 => Move::Mayor(k(MAYOR)),
        3691 => Move::Logistics,
        3692..=3727 => Move::Score(k(SCORE)),
        3728..=3733 => Move::Street(k(STREET)),
        3734 => Move::Stop,
        3735 => Move::End,
        3736 => Move::Pass,
        3737 => Move::Skip,
        3738..=3747 => Move::Tile(k(TILE)),
        3748..=3783 => Move::Reveal(k(REVEAL)),
        3784..=3787 => Move::First(k(FIRST)),
        _ => {
            return Err(Error::Notation(format!(
                "action {a} is out of range: Chandigarh's actions are 0 to {}",
                NUM_ACTIONS - 1
            )))
        }
    })
}

/// The id of a build (`encode` of `Move::Build`), for the move generator's inner loop.
#[inline(always)]
pub fn build_id(mode: u8, colour: u8, slot: u8) -> Action {
    let (side_id, k) = (u32::from(slot) / 3, u32::from(slot) % 3);
    if mode == CENTRE {
        CENTRE_BUILD + u32::from(colour) * 64 + side_id
    } else {
        PLOT_BUILD + (u32::from(mode) * 4 + u32::from(colour)) * 128 + side_id * 2 + k
    }
}

// Always inlined: the move generator's calls name a constant variant, so each folds to
// a few adds.
#[inline(always)]
pub fn encode(mv: Move) -> Action {
    let u = u32::from;
    match mv {
        Move::Step(d) => u(d),
        Move::Add(k, e) => ADD + 2 * u(k) + u(e),
        Move::Build { mode, colour, slot } => build_id(mode, colour, slot),
        Move::Drive(j) => DRIVE + u(j),
        Move::Design(j) => DESIGN + u(j),
        Move::Governor(c) => GOVERNOR + u(c),
        Move::Redistribute(s) => REDISTRIBUTE + u(s),
        Move::Arrange(c) => {
            if c == 4 {
                ARRANGE_NONE
            } else {
                ARRANGE + u(c)
            }
        }
        Move::Pawn(s) => PAWN + u(s),
        Move::Take(c) => TAKE + u(c),
        Move::Discard(c) => DISCARD + u(c),
        Move::Pick(k) => PICK + u(k),
        Move::Exchange(c, d) => EXCHANGE + 4 * u(c) + u(d),
        Move::Craft(c, d) => CRAFT + 4 * u(c) + u(d),
        Move::Project(k) => PROJECT + u(k),
        Move::Mayor(k) => MAYOR + u(k),
        Move::Logistics => LOGISTICS,
        Move::Score(k) => SCORE + u(k),
        Move::Street(k) => STREET + u(k),
        Move::Stop => STOP,
        Move::End => END,
        Move::Pass => PASS,
        Move::Skip => SKIP,
        Move::Tile(t) => TILE + u(t),
        Move::Reveal(k) => REVEAL + u(k),
        Move::First(s) => FIRST + u(s),
    }
}

pub fn slot_text(slot: u8) -> String {
    let (side_id, k) = (slot / 3, slot % 3);
    let k = if k == 2 {
        "c".to_string()
    } else {
        k.to_string()
    };
    format!("{}{}{k}", side_id / 4, SIDES[usize::from(side_id % 4)])
}

pub fn junction_text(j: u8) -> String {
    let (x, y) = point(j);
    format!("{x},{y}")
}

fn colour(c: u8) -> &'static str {
    COLOURS[usize::from(c)]
}

pub fn to_text(mv: Move) -> String {
    match mv {
        Move::Step(d) => format!("step {}", SIDES[usize::from(d)]),
        Move::Add(k, e) => format!("add {k} {}", if e == 0 { "left" } else { "right" }),
        Move::Build {
            mode,
            colour: c,
            slot,
        } => {
            let m = if mode == CENTRE {
                ""
            } else {
                MODES[usize::from(mode)]
            };
            if m.is_empty() {
                format!("build {} {}", colour(c), slot_text(slot))
            } else {
                format!("build {} {} {m}", colour(c), slot_text(slot))
            }
        }
        Move::Drive(j) => format!("drive {}", junction_text(j)),
        Move::Design(j) => format!("design {}", junction_text(j)),
        Move::Governor(c) => format!("governor {}", colour(c)),
        Move::Redistribute(s) => format!("redistribute {s}"),
        Move::Arrange(c) => {
            if c == 4 {
                "arrange -".into()
            } else {
                format!("arrange {}", colour(c))
            }
        }
        Move::Pawn(s) => format!("pawn {s}"),
        Move::Take(c) => format!("take {}", colour(c)),
        Move::Discard(c) => format!("discard {}", colour(c)),
        Move::Pick(k) => format!("pick {k}"),
        Move::Exchange(c, d) => format!("exchange {} {}", colour(c), colour(d)),
        Move::Craft(c, d) => format!("craft {} {}", colour(c), colour(d)),
        Move::Project(k) => format!("project {k}"),
        Move::Mayor(k) => format!("mayor {k}"),
        Move::Logistics => "logistics".into(),
        Move::Score(k) => format!("score {k}"),
        Move::Street(k) => format!("street {}", STREETS[usize::from(k)]),
        Move::Stop => "stop".into(),
        Move::End => "end".into(),
        Move::Pass => "pass".into(),
        Move::Skip => "skip".into(),
        Move::Tile(t) => format!("tile {t}"),
        Move::Reveal(k) => format!("reveal {k}"),
        Move::First(s) => format!("first {s}"),
    }
}

fn number(text: &str, below: u32) -> Option<u8> {
    if text.is_empty() || text.len() > 2 || !text.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    if text.len() > 1 && text.starts_with('0') {
        return None;
    }
    text.parse::<u32>()
        .ok()
        .filter(|&n| n < below)
        .map(|n| n as u8)
}

fn parse_colour(text: &str) -> Option<u8> {
    position(&COLOURS, text)
}

/// `5n0`, `12e1`, `3wc`: a slot id, and whether it is a centre.
fn parse_slot(text: &str) -> Option<u8> {
    let mut chars: Vec<char> = text.chars().collect();
    let k = chars.pop()?;
    let side = chars.pop()?;
    let t: String = chars.into_iter().collect();
    let t = number(&t, 16)?;
    let side = SIDES.iter().position(|s| s.starts_with(side))? as u8;
    let k = match k {
        '0' => 0,
        '1' => 1,
        'c' => 2,
        _ => return None,
    };
    Some((4 * t + side) * 3 + k)
}

fn parse_junction(text: &str) -> Option<u8> {
    let (x, y) = text.split_once(',')?;
    // Exactly as `junction_text` writes a coordinate: one digit, `-` only before 1 (not `-0`).
    let coord = |v: &str| -> Option<i32> {
        match v.as_bytes() {
            [d @ b'0'..=b'5'] => Some(i32::from(d - b'0')),
            b"-1" => Some(-1),
            _ => None,
        }
    };
    let (x, y) = (coord(x)?, coord(y)?);
    Some(super::geom::junction(x, y))
}

/// The main forms, for a text whose first word is no verb (every form is in the docs).
const FORMS: &str = "'step n', 'add 17 left', 'build r 12e1', 'build r 12e1 replace', \
                     'build r 12ec', 'drive 0,3', 'governor y', 'take g', 'pick 12', \
                     'street x2', 'stop' or another form of docs/games/chandigarh.md \
                     (single spaces, lower case)";

/// How each verb is written, for a text with a verb and the wrong number of words.
const VERB_FORMS: [(&str, &str); 26] = [
    ("step", "'step n', 'step e', 'step s' or 'step w'"),
    ("add", "'add 17 left' or 'add 17 right'"),
    (
        "build",
        "'build r 12e1', 'build r 12e1 <mode>' with a mode replace, manager, surveyor, \
         engineer or draughtsman, or 'build r 12ec'",
    ),
    ("drive", "'drive 0,3'"),
    ("design", "'design 4,2'"),
    ("governor", "'governor y'"),
    ("redistribute", "'redistribute 5'"),
    ("arrange", "'arrange y' or 'arrange -'"),
    ("pawn", "'pawn 7'"),
    ("take", "'take g'"),
    ("discard", "'discard b'"),
    ("pick", "'pick 12'"),
    ("exchange", "'exchange y r'"),
    ("craft", "'craft y r'"),
    ("project", "'project 12'"),
    ("mayor", "'mayor 12'"),
    ("logistics", "'logistics' alone"),
    ("score", "'score 12'"),
    ("street", "'street x2'"),
    ("stop", "'stop' alone"),
    ("end", "'end' alone"),
    ("pass", "'pass' alone"),
    ("skip", "'skip' alone"),
    ("tile", "'tile 4'"),
    ("reveal", "'reveal 12'"),
    ("first", "'first 2'"),
];

// What each kind of word is, for the message on a word that is none.
const DIRECTION: &str = "a direction; directions are n, e, s, w";
const CARD: &str = "a card; cards are 0 to 35";
const END_OF_ROW: &str = "an end of the row; ends are left, right";
const COLOUR: &str = "a colour; colours are y, b, r, g";
const SLOT: &str = "a slot; a slot is a sector 0 to 15, a side n, e, s or w and a plot 0, 1 \
                    or c (the centre), e.g. 12e1, 3wc";
const MODE: &str = "a build mode; modes are replace, manager, surveyor, engineer, draughtsman";
const JUNCTION: &str = "a junction; a junction is x,y with x and y from -1 to 5, e.g. 0,3";
const SECTOR: &str = "a sector; sectors are 0 to 15";
const COLOUR_OR_NONE: &str = "a colour or -; colours are y, b, r, g";
const STREET_NAME: &str = "a street; streets are x1, x2, x3, y1, y2, y3";
const TILE_NUMBER: &str = "a street tile; tiles are 0 to 9";
const SEAT: &str = "a seat; seats are 0 to 3";

pub fn from_text(text: &str) -> Result<Action, Error> {
    parse(text).map(encode).map_err(Error::Notation)
}

/// The move written `text`, or why it is none: the first wrong word, left to right. The
/// reference engine says the same words.
fn parse(text: &str) -> Result<Move, String> {
    let words: Vec<&str> = text.split(' ').collect();
    let verb = words[0];
    let Some(&(_, form)) = VERB_FORMS.iter().find(|(v, _)| *v == verb) else {
        return Err(format!(
            "{text:?} is not a Chandigarh action: an action is {FORMS}"
        ));
    };
    let arg = |word: &str, value: Option<u8>, what: &str| {
        value.ok_or_else(|| format!("{text:?}: {word:?} is not {what}"))
    };
    let colour = |w: &str| arg(w, parse_colour(w), COLOUR);
    let card = |w: &str| arg(w, number(w, 36), CARD);
    let sector = |w: &str| arg(w, number(w, 16), SECTOR);
    let junction = |w: &str| arg(w, parse_junction(w), JUNCTION);
    Ok(match (verb, &words[1..]) {
        ("step", [d]) => Move::Step(arg(d, position(&SIDES, d), DIRECTION)?),
        ("add", [k, e]) => Move::Add(
            card(k)?,
            arg(e, position(&["left", "right"], e), END_OF_ROW)?,
        ),
        ("build", [c, slot]) => {
            let colour = colour(c)?;
            let slot = arg(slot, parse_slot(slot), SLOT)?;
            Move::Build {
                mode: if slot % 3 == 2 { CENTRE } else { PLAIN },
                colour,
                slot,
            }
        }
        ("build", [c, slot, m]) => {
            let colour = colour(c)?;
            let slot = arg(slot, parse_slot(slot), SLOT)?;
            let mode = arg(m, position(&MODES, m).filter(|&i| i > 0), MODE)?;
            if slot % 3 == 2 {
                return Err(format!(
                    "{text:?}: a build on a centre has no mode ('build r 12ec')"
                ));
            }
            Move::Build { mode, colour, slot }
        }
        ("drive", [j]) => Move::Drive(junction(j)?),
        ("design", [j]) => Move::Design(junction(j)?),
        ("governor", [c]) => Move::Governor(colour(c)?),
        ("redistribute", [s]) => Move::Redistribute(sector(s)?),
        ("arrange", ["-"]) => Move::Arrange(4),
        ("arrange", [c]) => Move::Arrange(arg(c, parse_colour(c), COLOUR_OR_NONE)?),
        ("pawn", [s]) => Move::Pawn(sector(s)?),
        ("take", [c]) => Move::Take(colour(c)?),
        ("discard", [c]) => Move::Discard(colour(c)?),
        ("pick", [k]) => Move::Pick(card(k)?),
        ("exchange", [c, d]) => Move::Exchange(colour(c)?, colour(d)?),
        ("craft", [c, d]) => Move::Craft(colour(c)?, colour(d)?),
        ("project", [k]) => Move::Project(card(k)?),
        ("mayor", [k]) => Move::Mayor(card(k)?),
        ("logistics", []) => Move::Logistics,
        ("score", [k]) => Move::Score(card(k)?),
        ("street", [s]) => Move::Street(arg(s, position(&STREETS, s), STREET_NAME)?),
        ("stop", []) => Move::Stop,
        ("end", []) => Move::End,
        ("pass", []) => Move::Pass,
        ("skip", []) => Move::Skip,
        ("tile", [t]) => Move::Tile(arg(t, number(t, 10), TILE_NUMBER)?),
        ("reveal", [k]) => Move::Reveal(card(k)?),
        ("first", [s]) => Move::First(arg(s, number(s, 4), SEAT)?),
        _ => {
            return Err(format!(
                "{text:?} is not a Chandigarh action: {verb} is written {form} (single spaces)"
            ))
        }
    })
}

fn position(names: &[&str], word: &str) -> Option<u8> {
    names.iter().position(|n| *n == word).map(|i| i as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_round_trips_through_its_text() {
        for a in 0..NUM_ACTIONS {
            let mv = decode(a).unwrap();
            assert_eq!(encode(mv), a, "{mv:?}");
            assert_eq!(from_text(&to_text(mv)).unwrap(), a, "{}", to_text(mv));
        }
    }
}
