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
    COLOURS.iter().position(|c| *c == text).map(|c| c as u8)
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
    let coord = |v: &str| -> Option<i32> {
        let digits = v.strip_prefix('-').unwrap_or(v);
        if digits.len() != 1 || !digits.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        v.parse::<i32>().ok().filter(|n| (-1..=5).contains(n))
    };
    let (x, y) = (coord(x)?, coord(y)?);
    Some(super::geom::junction(x, y))
}

pub fn from_text(text: &str) -> Result<Action, Error> {
    parse(text).map(encode).ok_or_else(|| {
        Error::Notation(format!(
            "{text:?} is not Chandigarh notation (e.g. \"step n\", \"build r 12e1\", \
             \"add 17 left\", \"take g\", \"stop\"; see docs/games/chandigarh.md)"
        ))
    })
}

fn parse(text: &str) -> Option<Move> {
    let words: Vec<&str> = text.split(' ').collect();
    let cards = 36;
    Some(match words.as_slice() {
        ["step", d] => Move::Step(SIDES.iter().position(|s| s == d)? as u8),
        ["add", k, e] => Move::Add(
            number(k, cards)?,
            match *e {
                "left" => 0,
                "right" => 1,
                _ => return None,
            },
        ),
        ["build", c, slot] => {
            let slot = parse_slot(slot)?;
            Move::Build {
                mode: if slot % 3 == 2 { CENTRE } else { PLAIN },
                colour: parse_colour(c)?,
                slot,
            }
        }
        ["build", c, slot, m] => {
            let slot = parse_slot(slot)?;
            let mode = MODES.iter().position(|x| x == m).filter(|&i| i > 0)? as u8;
            if slot % 3 == 2 {
                return None;
            }
            Move::Build {
                mode,
                colour: parse_colour(c)?,
                slot,
            }
        }
        ["drive", j] => Move::Drive(parse_junction(j)?),
        ["design", j] => Move::Design(parse_junction(j)?),
        ["governor", c] => Move::Governor(parse_colour(c)?),
        ["redistribute", s] => Move::Redistribute(number(s, 16)?),
        ["arrange", "-"] => Move::Arrange(4),
        ["arrange", c] => Move::Arrange(parse_colour(c)?),
        ["pawn", s] => Move::Pawn(number(s, 16)?),
        ["take", c] => Move::Take(parse_colour(c)?),
        ["discard", c] => Move::Discard(parse_colour(c)?),
        ["pick", k] => Move::Pick(number(k, cards)?),
        ["exchange", c, d] => Move::Exchange(parse_colour(c)?, parse_colour(d)?),
        ["craft", c, d] => Move::Craft(parse_colour(c)?, parse_colour(d)?),
        ["project", k] => Move::Project(number(k, cards)?),
        ["mayor", k] => Move::Mayor(number(k, cards)?),
        ["logistics"] => Move::Logistics,
        ["score", k] => Move::Score(number(k, cards)?),
        ["street", s] => Move::Street(STREETS.iter().position(|x| x == s)? as u8),
        ["stop"] => Move::Stop,
        ["end"] => Move::End,
        ["pass"] => Move::Pass,
        ["skip"] => Move::Skip,
        ["tile", t] => Move::Tile(number(t, 10)?),
        ["reveal", k] => Move::Reveal(number(k, cards)?),
        ["first", s] => Move::First(number(s, 4)?),
        _ => return None,
    })
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
