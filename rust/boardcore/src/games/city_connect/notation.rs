//! The action notation (`take bakery`, `draw`, `build park`, `build park market`,
//! `build castle`, `pay bakery`, `pay school mayor`, `pay city park`, `discard bakery`,
//! `gear library`, `end`, `clear bakery`; chance: `card bakery`, `landmark castle`) and the
//! integer encoding behind it.

use super::{Config, Layout};
use crate::engine::{Action, Error};

/// A decoded action. Buildings `b` and landmarks `l` are ids; city cards `c` are indices
/// (building `b`, landmark `B + l`, the initial card `B + L`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Take(u8),
    Draw,
    BuildHand(u8),
    BuildMarket(u8),
    BuildLandmark(u8),
    PayHand(u8),
    PayMayor(u8),
    PayCity(u8),
    Discard(u8),
    Gear(u8),
    End,
    Clear(u8),
    Card(u8),
    Landmark(u8),
}

/// A kind's move for an id's offset from the kind's first id.
type MoveOf = fn(u8) -> Move;

#[inline]
pub fn decode(lay: &Layout, action: Action) -> Result<Move, Error> {
    if action >= lay.num_actions() {
        return Err(Error::Notation(format!(
            "action {action} is out of range: this game's actions are 0 to {}",
            lay.num_actions() - 1
        )));
    }
    // Each kind's first id, ascending (docs, "Action encoding"), and its move for the
    // offset from there: an id is the last kind starting at or below it.
    let kinds: [(u32, MoveOf); 14] = [
        (Layout::TAKE, Move::Take),
        (lay.draw(), |_| Move::Draw),
        (lay.build_hand(), Move::BuildHand),
        (lay.build_market(), Move::BuildMarket),
        (lay.build_landmark(), Move::BuildLandmark),
        (lay.pay_hand(), Move::PayHand),
        (lay.pay_mayor(), Move::PayMayor),
        (lay.pay_city(), Move::PayCity),
        (lay.discard(), Move::Discard),
        (lay.gear(), Move::Gear),
        (lay.end(), |_| Move::End),
        (lay.clear(), Move::Clear),
        (lay.card(), Move::Card),
        (lay.landmark(), Move::Landmark),
    ];
    let &(base, make) = kinds
        .iter()
        .rev()
        .find(|&&(base, _)| base <= action)
        .expect("the first kind starts at 0");
    Ok(make((action - base) as u8))
}

#[inline]
pub fn encode(lay: &Layout, mv: Move) -> Action {
    match mv {
        Move::Take(b) => u32::from(b),
        Move::Draw => lay.draw(),
        Move::BuildHand(b) => lay.build_hand() + u32::from(b),
        Move::BuildMarket(b) => lay.build_market() + u32::from(b),
        Move::BuildLandmark(l) => lay.build_landmark() + u32::from(l),
        Move::PayHand(b) => lay.pay_hand() + u32::from(b),
        Move::PayMayor(b) => lay.pay_mayor() + u32::from(b),
        Move::PayCity(c) => lay.pay_city() + u32::from(c),
        Move::Discard(b) => lay.discard() + u32::from(b),
        Move::Gear(c) => lay.gear() + u32::from(c),
        Move::End => lay.end(),
        Move::Clear(b) => lay.clear() + u32::from(b),
        Move::Card(b) => lay.card() + u32::from(b),
        Move::Landmark(l) => lay.landmark() + u32::from(l),
    }
}

pub fn to_text(cfg: &Config, mv: Move) -> String {
    let d = &cfg.data;
    let b = |i: u8| d.slug(usize::from(i)).to_string();
    let l = |i: u8| d.slug(d.buildings + usize::from(i)).to_string();
    match mv {
        Move::Take(i) => format!("take {}", b(i)),
        Move::Draw => "draw".into(),
        Move::BuildHand(i) => format!("build {}", b(i)),
        Move::BuildMarket(i) => format!("build {} market", b(i)),
        Move::BuildLandmark(i) => format!("build {}", l(i)),
        Move::PayHand(i) => format!("pay {}", b(i)),
        Move::PayMayor(i) => format!("pay {} mayor", b(i)),
        Move::PayCity(c) => format!("pay city {}", b(c)),
        Move::Discard(i) => format!("discard {}", b(i)),
        Move::Gear(c) => format!("gear {}", b(c)),
        Move::End => "end".into(),
        Move::Clear(i) => format!("clear {}", b(i)),
        Move::Card(i) => format!("card {}", b(i)),
        Move::Landmark(i) => format!("landmark {}", l(i)),
    }
}

/// The notation's forms, for the message on text that is none of them.
const FORMS: &str = "'take bakery', 'draw', 'build park', 'build park market', 'build castle', \
                     'pay bakery', 'pay school mayor', 'pay city park', 'discard bakery', \
                     'gear library', 'end', 'clear bakery', 'card bakery' or 'landmark castle' \
                     (single spaces, slugs from the data)";

/// The move written `text`, legal now or not. The checks and their words are the
/// reference engine's, in its order.
pub fn from_text(cfg: &Config, text: &str) -> Result<Move, Error> {
    let d = &cfg.data;
    let bad = |why: String| Error::Notation(format!("{text:?}: {why}"));
    match text {
        "draw" => return Ok(Move::Draw),
        "end" => return Ok(Move::End),
        _ => {}
    }
    let words: Vec<&str> = text.split(' ').collect();
    let card = |slug: &str| -> Result<usize, Error> {
        if slug == "house" {
            return Ok(d.initial_index());
        }
        d.by_slug.get(slug).copied().ok_or_else(|| {
            bad(format!(
                "{slug:?} is not a card; cards are written by their slug from the data file \
                 (e.g. 'bakery', 'castle'), the initial card as 'house'"
            ))
        })
    };
    let building = |slug: &str| -> Result<u8, Error> {
        let c = card(slug)?;
        if c < d.buildings {
            Ok(c as u8)
        } else {
            Err(bad(format!("{slug:?} is not a building kind")))
        }
    };
    Ok(match words.as_slice() {
        ["take", s] => Move::Take(building(s)?),
        ["discard", s] => Move::Discard(building(s)?),
        ["clear", s] => Move::Clear(building(s)?),
        ["card", s] => Move::Card(building(s)?),
        ["build", s] => {
            let c = card(s)?;
            if c < d.buildings {
                Move::BuildHand(c as u8)
            } else if c < d.initial_index() {
                Move::BuildLandmark((c - d.buildings) as u8)
            } else {
                return Err(bad("the initial card is never built".into()));
            }
        }
        ["build", s, "market"] => Move::BuildMarket(building(s)?),
        ["pay", s] => Move::PayHand(building(s)?),
        ["pay", "city", s] => Move::PayCity(card(s)? as u8),
        ["pay", s, "mayor"] => Move::PayMayor(building(s)?),
        ["gear", s] => Move::Gear(card(s)? as u8),
        ["landmark", s] => {
            let c = card(s)?;
            if (d.buildings..d.initial_index()).contains(&c) {
                Move::Landmark((c - d.buildings) as u8)
            } else {
                return Err(bad(format!("{s:?} is not a landmark")));
            }
        }
        _ => {
            return Err(Error::Notation(format!(
                "{text:?} is not a City Connect action: an action is {FORMS}"
            )))
        }
    })
}
