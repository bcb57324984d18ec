//! The action notation (`stack C`, `look`, `take empire-state/mast`, `stone 2`,
//! `build liberty/torch`, `slide chrysler/crown E`; chance: `deal ...`, `reveal seagram`,
//! `draw stone 4`, `finish 3`) and the integer encoding behind it.

use super::{Config, Layout, STACK_LETTERS};
use crate::engine::{Action, Error};

/// A decoded action. Parts, commissions, stacks (0..4), stones (1..5) and seats are ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Stack(u8),
    Look,
    Take(u8),
    Stone(u8),
    Build(u8),
    Slide(u8, u8),
    Deal(u8),
    Reveal(u8),
    DrawStone(u8),
    Finish(u8),
}

pub fn decode(cfg: &Config, action: Action) -> Result<Move, Error> {
    let lay = &cfg.layout;
    let a = action;
    Ok(if a < Layout::LOOK {
        Move::Stack(a as u8)
    } else if a == Layout::LOOK {
        Move::Look
    } else if a < lay.stone() {
        Move::Take((a - Layout::TAKE) as u8)
    } else if a < lay.build() {
        Move::Stone((a - lay.stone() + 1) as u8)
    } else if a < lay.slide() {
        Move::Build((a - lay.build()) as u8)
    } else if a < lay.deal() {
        let i = a - lay.slide();
        Move::Slide((i / 5) as u8, (i % 5) as u8)
    } else if a < lay.reveal() {
        Move::Deal((a - lay.deal()) as u8)
    } else if a < lay.draw() {
        Move::Reveal((a - lay.reveal()) as u8)
    } else if a < lay.finish() {
        Move::DrawStone((a - lay.draw() + 1) as u8)
    } else if a < lay.num_actions() {
        Move::Finish((a - lay.finish()) as u8)
    } else {
        return Err(Error::Notation(format!(
            "action {action} is out of range: this game's actions are 0 to {}",
            lay.num_actions() - 1
        )));
    })
}

pub fn encode(lay: &Layout, mv: Move) -> Action {
    match mv {
        Move::Stack(s) => u32::from(s),
        Move::Look => Layout::LOOK,
        Move::Take(p) => Layout::TAKE + u32::from(p),
        Move::Stone(k) => lay.stone() + u32::from(k) - 1,
        Move::Build(p) => lay.build() + u32::from(p),
        Move::Slide(p, s) => lay.slide() + 5 * u32::from(p) + u32::from(s),
        Move::Deal(p) => lay.deal() + u32::from(p),
        Move::Reveal(c) => lay.reveal() + u32::from(c),
        Move::DrawStone(k) => lay.draw() + u32::from(k) - 1,
        Move::Finish(s) => lay.finish() + u32::from(s),
    }
}

pub fn to_text(cfg: &Config, mv: Move) -> String {
    let part = |p: u8| &cfg.data.part_names[usize::from(p)];
    match mv {
        Move::Stack(s) => format!("stack {}", STACK_LETTERS[usize::from(s)]),
        Move::Look => "look".into(),
        Move::Take(p) => format!("take {}", part(p)),
        Move::Stone(k) => format!("stone {k}"),
        Move::Build(p) => format!("build {}", part(p)),
        Move::Slide(p, s) => format!("slide {} {}", part(p), STACK_LETTERS[usize::from(s)]),
        Move::Deal(p) => format!("deal {}", part(p)),
        Move::Reveal(c) => format!("reveal {}", cfg.data.slugs[usize::from(c)]),
        Move::DrawStone(k) => format!("draw stone {k}"),
        Move::Finish(s) => format!("finish {s}"),
    }
}

/// The notation's forms, for the message on text that is none of them.
const FORMS: &str = "'stack C', 'look', 'take empire-state/mast', 'stone 2', \
                     'build empire-state/mast', 'slide chrysler/crown E', 'deal flatiron/wedge', \
                     'reveal seagram', 'draw stone 4' or 'finish 3' (single spaces, lower case \
                     but the stack letter)";

/// The action written `text`, legal now or not. The checks and their words are the
/// reference engine's, in its order.
pub fn parse(cfg: &Config, text: &str) -> Result<Action, Error> {
    let bad = |why: String| Error::Notation(format!("{text:?}: {why}"));
    if text == "look" {
        return Ok(encode(&cfg.layout, Move::Look));
    }
    let part = |name: &str| {
        cfg.data.part_by_name.get(name).copied().ok_or_else(|| {
            bad(format!(
                "{name:?} is not a building part; parts are written '<commission slug>/<part \
                 name>' from the data file, e.g. 'empire-state/mast'"
            ))
        })
    };
    let stack = |word: &str| match STACK_LETTERS
        .iter()
        .position(|&l| word.len() == 1 && word.starts_with(l))
    {
        Some(s) => Ok(s as u8),
        None => Err(bad(format!(
            "{word:?} is not a stack; stacks are A, B, C, D, E"
        ))),
    };
    // A single digit from `lo` to `hi`.
    let digit = |word: &str, lo: u8, hi: u8| match word.as_bytes() {
        [d @ b'0'..=b'9'] if (lo..=hi).contains(&(d - b'0')) => Some(d - b'0'),
        _ => None,
    };
    let words: Vec<&str> = text.split(' ').collect();
    let mv = match words.as_slice() {
        ["stack", s] => Move::Stack(stack(s)?),
        ["take", p] => Move::Take(part(p)?),
        ["stone", k] if digit(k, 1, 5).is_some() => Move::Stone(digit(k, 1, 5).unwrap_or(1)),
        ["build", p] => Move::Build(part(p)?),
        ["slide", p, s] => Move::Slide(part(p)?, stack(s)?),
        ["deal", p] => Move::Deal(part(p)?),
        ["reveal", c] => Move::Reveal(
            cfg.data
                .commission_by_slug
                .get(*c)
                .copied()
                .ok_or_else(|| bad(format!("{c:?} is not a commission slug")))?,
        ),
        ["draw", "stone", k] if digit(k, 1, 5).is_some() => {
            Move::DrawStone(digit(k, 1, 5).unwrap_or(1))
        }
        ["finish", s] if digit(s, 0, 4).is_some() => Move::Finish(digit(s, 0, 4).unwrap_or(0)),
        _ => {
            let hint = match words[0] {
                "stone" | "draw" => "stones are numbered 1 to 5: 'stone 2', 'draw stone 4'".into(),
                "finish" => "'finish <seat>' with a seat 0 to 4".into(),
                _ => format!("a Prestel action is {FORMS}"),
            };
            return Err(Error::Notation(format!(
                "{text:?} is not a Prestel action: {hint}"
            )));
        }
    };
    Ok(encode(&cfg.layout, mv))
}
