//! Action ids and notation (docs/games/rebuilding_chicago.md, "Action notation" and "Action
//! encoding"). Neither depends on the state.

use super::data::{parse_space, Data};
use super::{CHOICES, EVENTS, SPACES};
use crate::engine::{Action, Error};

pub const PLACE: u32 = 0;
pub const BUY: u32 = 968;
pub const LANDMARK: u32 = 984;
pub const EVENT: u32 = 999;
pub const LAW: u32 = 1006;
pub const REFILL: u32 = 1009;
pub const DISTRICT: u32 = 1010;
pub const RETURN: u32 = 1016;
pub const PICK: u32 = 1031;
pub const CHOOSE: u32 = 1091;
pub const SHAPE: u32 = 1097;
pub const DROP: u32 = 1129;
pub const DROP_LANDMARK: u32 = 1273;
pub const START: u32 = 1288;
pub const CARD: u32 = 1293;
pub const BAG: u32 = 1437;
pub const DEAL: u32 = 1497;
pub const SCENARIO: u32 = 1512;
pub const AUTOMATON: u32 = 1518;
pub const NUM_ACTIONS: u32 = 1545;

/// An action id, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    Place { o: u8, space: u8 },
    Buy { slot: u8, half: u8 },
    Landmark(u8),
    Event(u8),
    Law(u8),
    Refill,
    District(u8),
    Return(u8),
    Pick(u8),
    Choose(u8),
    Shape(u8),
    DropCard(u8),
    DropLandmark(u8),
    Start(u8),
    Card(u8),
    Bag(u8),
    Deal(u8),
    Scenario(u8),
    Automaton(u8),
}

pub fn decode(a: Action) -> Option<Move> {
    // One arm per range with the offset inline: no call through a function pointer.
    let i = |base: u32| (a - base) as u8;
    Some(match a {
        0..=967 => Move::Place {
            o: (a / SPACES as u32) as u8,
            space: (a % SPACES as u32) as u8,
        },
        968..=983 => Move::Buy {
            slot: ((a - BUY) / 2) as u8,
            half: ((a - BUY) % 2) as u8,
        },
        984..=998 => Move::Landmark(i(LANDMARK)),
        999..=1005 => Move::Event(i(EVENT)),
        1006..=1008 => Move::Law(i(LAW)),
        1009 => Move::Refill,
        1010..=1015 => Move::District(i(DISTRICT)),
        1016..=1030 => Move::Return(i(RETURN)),
        1031..=1090 => Move::Pick(i(PICK)),
        1091..=1096 => Move::Choose(i(CHOOSE)),
        1097..=1128 => Move::Shape(i(SHAPE)),
        1129..=1272 => Move::DropCard(i(DROP)),
        1273..=1287 => Move::DropLandmark(i(DROP_LANDMARK)),
        1288..=1292 => Move::Start(i(START)),
        1293..=1436 => Move::Card(i(CARD)),
        1437..=1496 => Move::Bag(i(BAG)),
        1497..=1511 => Move::Deal(i(DEAL)),
        1512..=1517 => Move::Scenario(i(SCENARIO)),
        1518..=1544 => Move::Automaton(i(AUTOMATON)),
        _ => return None,
    })
}

pub fn space_name(space: usize) -> String {
    format!("{}{}", (b'a' + (space % 11) as u8) as char, space / 11 + 1)
}

pub fn to_string(data: &Data, a: Action) -> Result<String, Error> {
    let m = decode(a).ok_or_else(|| {
        Error::IllegalAction(format!(
            "action {a} is not a Rebuilding Chicago action id (0..{})",
            NUM_ACTIONS - 1
        ))
    })?;
    if let Move::Shape(k) = m {
        if usize::from(k) >= data.kinds.len() {
            return Err(Error::Notation(format!(
                "action {a} (shape {k}) has no notation: the data has {} building kinds",
                data.kinds.len()
            )));
        }
    }
    Ok(match m {
        Move::Place { o, space } => format!("place o{o} {}", space_name(usize::from(space))),
        Move::Buy { slot, half } => {
            format!("buy {}{}", slot + 1, if half == 0 { 'a' } else { 'b' })
        }
        Move::Landmark(l) => format!("landmark {}", data.landmarks[usize::from(l)].key),
        Move::Event(e) => format!("event {}", EVENTS[usize::from(e)]),
        Move::Law(k) => format!("law {}", k + 1),
        Move::Refill => "refill".into(),
        Move::District(d) => format!("district {}", data.districts[usize::from(d)].key),
        Move::Return(l) => format!("return {}", data.landmarks[usize::from(l)].key),
        Move::Pick(s) => format!("suburb {s}"),
        Move::Choose(c) => format!("choose {}", CHOICES[usize::from(c)]),
        Move::Shape(k) => format!("shape {}", data.kinds[usize::from(k)].key),
        Move::DropCard(c) => format!("drop card {c}"),
        Move::DropLandmark(l) => format!("drop {}", data.landmarks[usize::from(l)].key),
        Move::Start(s) => format!("start {s}"),
        Move::Card(c) => format!("card {c}"),
        Move::Bag(s) => format!("bag {s}"),
        Move::Deal(l) => format!("deal {}", data.landmarks[usize::from(l)].key),
        Move::Scenario(s) => format!("scenario {s}"),
        Move::Automaton(c) => format!("automaton {c}"),
    })
}

fn number(text: &str, below: usize) -> Option<u32> {
    if text.is_empty()
        || !text.chars().all(|c| c.is_ascii_digit())
        || (text.len() > 1 && text.starts_with('0'))
    {
        return None;
    }
    let v: usize = text.parse().ok()?;
    (v < below).then_some(v as u32)
}

pub fn from_string(data: &Data, text: &str) -> Result<Action, Error> {
    // exact text, as every game's notation: no whitespace stripped (DESIGN.md)
    let t = text;
    let bad = || {
        Error::Notation(format!(
            "{text:?} is not a Rebuilding Chicago action: an action is 'place o3 e5', 'buy 3a', \
             'landmark <key>', 'event dining', 'law 2', 'refill', 'district <key>', \
             'return <key>', 'suburb 17', 'choose vp' (money, building, appease, card, \
             ability), 'shape <kind key>', 'drop card 52', 'drop <landmark key>', 'start 2', \
             'card 101', 'bag 17', 'deal <landmark key>', 'scenario 4' or 'automaton 26'"
        ))
    };
    let words: Vec<&str> = t.split(' ').collect();
    let landmark = |k: &str| {
        data.landmarks
            .iter()
            .position(|l| l.key == k)
            .map(|i| i as u32)
    };
    let a = match words.as_slice() {
        ["place", o, sp] => {
            let o = o.strip_prefix('o').and_then(|o| number(o, 8));
            let sp = parse_space(sp);
            match (o, sp) {
                (Some(o), Some(sp)) => Some(PLACE + o * SPACES as u32 + sp as u32),
                _ => None,
            }
        }
        ["buy", s] => {
            // The last character is the half; a split by bytes would cut a wide one.
            let (slot, half) = match (s.strip_suffix('a'), s.strip_suffix('b')) {
                (Some(slot), _) => (slot, Some(0)),
                (_, Some(slot)) => (slot, Some(1)),
                _ => (*s, None),
            };
            match (number(slot, 9).filter(|&v| v >= 1), half) {
                (Some(slot), Some(h)) => Some(BUY + 2 * (slot - 1) + h),
                _ => None,
            }
        }
        ["landmark", k] => landmark(k).map(|l| LANDMARK + l),
        ["event", e] => EVENTS.iter().position(|x| x == e).map(|i| EVENT + i as u32),
        ["law", k] => number(k, 4).filter(|&v| v >= 1).map(|k| LAW + k - 1),
        ["refill"] => Some(REFILL),
        ["district", k] => data
            .districts
            .iter()
            .position(|d| d.key == *k)
            .map(|i| DISTRICT + i as u32),
        ["return", k] => landmark(k).map(|l| RETURN + l),
        ["suburb", s] => number(s, 60).map(|s| PICK + s),
        ["choose", c] => CHOICES
            .iter()
            .position(|x| x == c)
            .map(|i| CHOOSE + i as u32),
        ["shape", k] => data
            .kinds
            .iter()
            .position(|x| x.key == *k)
            .map(|i| SHAPE + i as u32),
        ["drop", "card", c] => number(c, 144).map(|c| DROP + c),
        ["drop", k] => landmark(k).map(|l| DROP_LANDMARK + l),
        ["start", s] => number(s, 5).map(|s| START + s),
        ["card", c] => number(c, 144).map(|c| CARD + c),
        ["bag", s] => number(s, 60).map(|s| BAG + s),
        ["deal", k] => landmark(k).map(|l| DEAL + l),
        ["scenario", s] => number(s, 6).map(|s| SCENARIO + s),
        ["automaton", c] => number(c, 27).map(|c| AUTOMATON + c),
        _ => None,
    };
    a.ok_or_else(bad)
}
