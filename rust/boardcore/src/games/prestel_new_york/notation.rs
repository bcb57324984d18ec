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

const FORMS: &str = "stack A..E, look, take <part>, stone 1..5, build <part>, slide <part> \
                     A..E, deal <part>, reveal <commission>, draw stone 1..5, finish 0..4";

pub fn parse(cfg: &Config, text: &str) -> Result<Action, Error> {
    let bad = |why: String| Error::Notation(format!("cannot read {text:?}: {why}"));
    let part = |name: &str| {
        cfg.data.part_by_name.get(name).copied().ok_or_else(|| {
            bad(format!(
                "no part {name:?} (parts are written <commission>/<part>, e.g. {})",
                cfg.data.part_names[0]
            ))
        })
    };
    let stack = |word: &str| match STACK_LETTERS
        .iter()
        .position(|&l| word.len() == 1 && word.starts_with(l))
    {
        Some(s) => Ok(s as u8),
        None => Err(bad(format!("no stack {word:?} (stacks are A to E)"))),
    };
    let digit = |word: &str, hi: u8, what: &str| match word.as_bytes() {
        [d @ b'0'..=b'9'] if (d - b'0') <= hi => Ok(d - b'0'),
        _ => Err(bad(format!("{word:?} is not a {what}"))),
    };
    let words: Vec<&str> = text.split(' ').collect();
    let mv = match words.as_slice() {
        ["look"] => Move::Look,
        ["stack", s] => Move::Stack(stack(s)?),
        ["take", p] => Move::Take(part(p)?),
        ["stone", k] => Move::Stone(digit(k, 5, "stone (1 to 5)").and_then(|k| {
            if k == 0 {
                Err(bad("0 is not a stone (1 to 5)".into()))
            } else {
                Ok(k)
            }
        })?),
        ["build", p] => Move::Build(part(p)?),
        ["slide", p, s] => Move::Slide(part(p)?, stack(s)?),
        ["deal", p] => Move::Deal(part(p)?),
        ["reveal", c] => Move::Reveal(
            cfg.data
                .commission_by_slug
                .get(*c)
                .copied()
                .ok_or_else(|| bad(format!("no commission {c:?} (e.g. {})", cfg.data.slugs[0])))?,
        ),
        ["draw", "stone", k] => Move::DrawStone(digit(k, 5, "stone (1 to 5)").and_then(|k| {
            if k == 0 {
                Err(bad("0 is not a stone (1 to 5)".into()))
            } else {
                Ok(k)
            }
        })?),
        ["finish", s] => Move::Finish(digit(s, 4, "seat (0 to 4)")?),
        _ => return Err(bad(format!("the forms are: {FORMS}"))),
    };
    Ok(encode(&cfg.layout, mv))
}
