//! Component data: `python/boardcore/data/city_connect.toml`, embedded, or a user's file.
//! Effects are data in the vocabulary of docs/games/city_connect.md, parsed once into
//! small enums so the rules never look at card names.
// Symbols, kinds and seats index parallel fixed arrays; index loops read best here.
#![allow(clippy::needless_range_loop)]

use std::collections::HashMap;

use serde::Deserialize;

use super::{MAX_CARDS, MAX_KINDS, MAX_LANDMARKS, SYMBOLS};
use crate::datafile::{self, entry_error, entry_of, int_in};
use crate::engine::Error;

const PACKAGED: &str = include_str!("../../../../../python/boardcore/data/city_connect.toml");

/// Words of the notation, which no card may be called (`house` is the initial card).
const RESERVED: [&str; 4] = ["house", "city", "market", "mayor"];

/// The symbol index of `coin`, the wild one; the five others are 0..5 in `SYMBOLS` order.
pub const COIN: usize = 5;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lightning {
    None,
    Draw(u8),
    Take(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gear {
    None,
    Draw,
    Exchange,
    Mayor,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Term {
    Symbol {
        symbol: usize,
        vp: i32,
    },
    /// `need[s]`: how many of symbol `s` one set takes.
    Set {
        need: [u8; 6],
        vp: i32,
    },
    Demand {
        moon: bool,
        vp: i32,
    },
    Card {
        vp: i32,
    },
    Rank {
        symbol: usize,
        first: i32,
        second: i32,
    },
}

/// A card: a building kind, a landmark or a side of the initial card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    pub slug: String,
    pub name: String,
    /// Count per symbol (person, house, food, happiness, science, coin).
    pub symbols: [u8; 6],
    pub num_symbols: u8,
    /// 0 sun, 1 moon, 2 none (the initial card).
    pub demand: u8,
    pub vp: i32,
    /// Count per symbol of the cost (no coins).
    pub cost: [u8; 5],
    pub lightning: Lightning,
    pub gear: Gear,
    pub score: Vec<Term>,
}

/// The components a game is played with, shared (behind an `Arc`) by its states.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Data {
    /// Buildings `0..B`, then landmarks `B..B+L`; the initial card's two sides apart.
    pub cards: Vec<Card>,
    pub buildings: usize,
    pub landmarks: usize,
    /// `[house, mayor]`.
    pub initial: [Card; 2],
    pub copies: u8,
    pub removed: [u8; 4],
    pub landmarks_out: [u8; 4],
    pub market: u8,
    pub take_symbols: u8,
    pub draw_cards: u8,
    pub hand_limit: u8,
    pub city_limit: u8,
    pub flip_cards: u8,
    pub most_vp: i32,
    pub pioneer_vp: i32,
    pub solo_demand: u8,
    pub solo_clear: u8,
    /// `(min, class)`, ascending by `min`.
    pub ratings: Vec<(i32, String)>,
    pub by_slug: HashMap<String, usize>,
    /// Card indices with a gear (draw or exchange), as bits.
    pub gear_mask: u64,
    /// Whether any card has a rank term (scoring then looks at every city).
    pub has_rank: bool,
}

impl Data {
    /// `B + L + 1`: city card indices, the initial card last.
    pub fn city_cards(&self) -> usize {
        self.buildings + self.landmarks + 1
    }
    pub fn initial_index(&self) -> usize {
        self.buildings + self.landmarks
    }
    /// The card at city index `c`, the initial card on `side` (0 house, 1 mayor).
    pub fn card(&self, c: usize, side: u8) -> &Card {
        if c == self.initial_index() {
            &self.initial[usize::from(side)]
        } else {
            &self.cards[c]
        }
    }
    pub fn slug(&self, c: usize) -> &str {
        if c == self.initial_index() {
            "house"
        } else {
            &self.cards[c].slug
        }
    }
    pub fn total_buildings(&self) -> u16 {
        self.buildings as u16 * u16::from(self.copies)
    }
    /// The rating class of a solo score.
    pub fn rating(&self, score: i32) -> (usize, &str) {
        let i = self.ratings.iter().rposition(|r| score >= r.0).unwrap_or(0);
        (i, &self.ratings[i].1)
    }
}

struct DataFile {
    rules: Rules,
    rating: Vec<Rating>,
    initial: Vec<RawCard>,
    building: Vec<RawCard>,
    landmark: Vec<RawCard>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Rules {
    provenance: String,
    copies: i64,
    removed: Vec<i64>,
    landmarks: Vec<i64>,
    market: i64,
    take_symbols: i64,
    draw_cards: i64,
    hand_limit: i64,
    city_limit: i64,
    flip_cards: i64,
    most_vp: i64,
    pioneer_vp: i64,
    solo_demand: i64,
    solo_clear: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Rating {
    min: i64,
    class: String,
    text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    #[serde(default)]
    slug: Option<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    side: Option<String>,
    symbols: Vec<String>,
    #[serde(default)]
    demand: Option<String>,
    #[serde(default)]
    vp: Option<i64>,
    #[serde(default)]
    cost: Option<Vec<String>>,
    #[serde(default)]
    lightning: Option<toml::Table>,
    #[serde(default)]
    gear: Option<String>,
    #[serde(default)]
    score: Option<Vec<toml::Table>>,
    provenance: String,
}

fn symbol_index(name: &str) -> Option<usize> {
    SYMBOLS.iter().position(|s| *s == name)
}

/// Lower-case letters, digits and `-`, starting with a letter.
fn is_slug(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_lowercase())
        && text
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

fn table_int(file: &str, entry: &str, t: &toml::Table, key: &str) -> Result<i64, Error> {
    match t.get(key) {
        Some(toml::Value::Integer(v)) => Ok(*v),
        Some(other) => Err(entry_error(
            file,
            entry,
            format!("{key} must be an integer, not {other}"),
        )),
        None => Err(entry_error(file, entry, format!("missing {key}"))),
    }
}

fn table_str<'a>(file: &str, entry: &str, t: &'a toml::Table, key: &str) -> Result<&'a str, Error> {
    match t.get(key) {
        Some(toml::Value::String(v)) => Ok(v),
        Some(other) => Err(entry_error(
            file,
            entry,
            format!("{key} must be a string, not {other}"),
        )),
        None => Err(entry_error(file, entry, format!("missing {key}"))),
    }
}

fn check_keys(
    file: &str,
    entry: &str,
    what: &str,
    t: &toml::Table,
    allowed: &[&str],
) -> Result<(), Error> {
    match t.keys().find(|k| !allowed.contains(&k.as_str())) {
        Some(k) => Err(entry_error(
            file,
            entry,
            format!("{what}: unknown key {k:?}; allowed: {}", allowed.join(", ")),
        )),
        None => Ok(()),
    }
}

fn parse_symbol(
    file: &str,
    entry: &str,
    field: &str,
    name: &str,
    allow_coin: bool,
) -> Result<usize, Error> {
    match symbol_index(name) {
        Some(s) if allow_coin || s != COIN => Ok(s),
        _ => {
            let allowed = if allow_coin {
                &SYMBOLS[..]
            } else {
                &SYMBOLS[..5]
            };
            Err(entry_error(
                file,
                entry,
                format!(
                    "{field}: unknown symbol {name:?}; symbols are {}",
                    allowed.join(", ")
                ),
            ))
        }
    }
}

fn parse_term(file: &str, entry: &str, t: &toml::Table) -> Result<Term, Error> {
    let per = table_str(file, entry, t, "per")?;
    let vp_of = |t: &toml::Table| -> Result<i32, Error> {
        Ok(int_in(
            file,
            entry,
            "score vp",
            table_int(file, entry, t, "vp")?,
            0,
            100,
        )? as i32)
    };
    let score_symbol = || -> Result<usize, Error> {
        let name = table_str(file, entry, t, "symbol")?;
        parse_symbol(file, entry, "score symbol", name, true)
    };
    match per {
        "symbol" => {
            check_keys(file, entry, "score", t, &["per", "symbol", "vp"])?;
            let symbol = score_symbol()?;
            Ok(Term::Symbol {
                symbol,
                vp: vp_of(t)?,
            })
        }
        "set" => {
            check_keys(file, entry, "score", t, &["per", "symbols", "vp"])?;
            let Some(toml::Value::Array(items)) = t.get("symbols") else {
                return Err(entry_error(file, entry, "a set needs symbols = [...]"));
            };
            let mut need = [0u8; 6];
            for item in items {
                let toml::Value::String(name) = item else {
                    return Err(entry_error(file, entry, "set symbols must be strings"));
                };
                need[parse_symbol(file, entry, "score symbols", name, true)?] += 1;
            }
            if items.is_empty() || items.len() > 6 {
                return Err(entry_error(file, entry, "a set lists 1 to 6 symbols"));
            }
            Ok(Term::Set {
                need,
                vp: vp_of(t)?,
            })
        }
        "demand" => {
            check_keys(file, entry, "score", t, &["per", "demand", "vp"])?;
            let moon = match table_str(file, entry, t, "demand")? {
                "sun" => false,
                "moon" => true,
                other => {
                    return Err(entry_error(
                        file,
                        entry,
                        format!("demand must be \"sun\" or \"moon\", not {other:?}"),
                    ))
                }
            };
            Ok(Term::Demand {
                moon,
                vp: vp_of(t)?,
            })
        }
        "card" => {
            check_keys(file, entry, "score", t, &["per", "vp"])?;
            Ok(Term::Card { vp: vp_of(t)? })
        }
        "rank" => {
            check_keys(file, entry, "score", t, &["per", "symbol", "vp"])?;
            let symbol = score_symbol()?;
            let bad = || entry_error(file, entry, "a rank term's vp is [first, second]");
            let Some(toml::Value::Array(vp)) = t.get("vp") else {
                return Err(bad());
            };
            let values: Vec<i64> = vp.iter().filter_map(toml::Value::as_integer).collect();
            if values.len() != 2 || vp.len() != 2 {
                return Err(bad());
            }
            Ok(Term::Rank {
                symbol,
                first: int_in(file, entry, "vp", values[0], 0, 100)? as i32,
                second: int_in(file, entry, "vp", values[1], 0, 100)? as i32,
            })
        }
        other => Err(entry_error(
            file,
            entry,
            format!(
                "unknown score term per = {other:?}; terms are symbol, set, demand, card, rank"
            ),
        )),
    }
}

/// What kind of card an entry is, for its checks.
#[derive(PartialEq, Clone, Copy)]
enum Kind {
    Building,
    Landmark,
    Initial,
}

fn parse_card(file: &str, entry: &str, raw: &RawCard, kind: Kind) -> Result<Card, Error> {
    datafile::entry_provenance(file, entry, &raw.provenance)?;
    let mut symbols = [0u8; 6];
    for name in &raw.symbols {
        symbols[parse_symbol(file, entry, "symbols", name, true)?] += 1;
    }
    let num_symbols = raw.symbols.len() as u8;
    let (slug, name, demand, vp, cost) = if kind == Kind::Initial {
        if raw.slug.is_some() || raw.demand.is_some() || raw.cost.is_some() || raw.vp.is_some() {
            return Err(entry_error(
                file,
                entry,
                "an initial card has only side, symbols, gear and provenance",
            ));
        }
        if num_symbols > 4 {
            return Err(entry_error(file, entry, "at most 4 symbols"));
        }
        ("house".to_string(), "House".to_string(), 2, 0, [0u8; 5])
    } else {
        let slug = raw
            .slug
            .clone()
            .ok_or_else(|| entry_error(file, entry, "missing slug"))?;
        if !is_slug(&slug) || RESERVED.contains(&slug.as_str()) {
            return Err(entry_error(
                file,
                entry,
                format!(
                    "slug {slug:?} must be lower-case letters, digits and '-', starting with a \
                     letter, and not a word of the notation ({})",
                    RESERVED.join(", ")
                ),
            ));
        }
        let name = raw
            .name
            .clone()
            .ok_or_else(|| entry_error(file, entry, "missing name"))?;
        let demand = match raw.demand.as_deref() {
            Some("sun") => 0,
            Some("moon") => 1,
            other => {
                return Err(entry_error(
                    file,
                    entry,
                    format!("demand must be \"sun\" or \"moon\", not {other:?}"),
                ))
            }
        };
        let vp = int_in(
            file,
            entry,
            "vp",
            raw.vp
                .ok_or_else(|| entry_error(file, entry, "missing vp"))?,
            0,
            100,
        )? as i32;
        let mut cost = [0u8; 5];
        let raw_cost = raw
            .cost
            .as_ref()
            .ok_or_else(|| entry_error(file, entry, "missing cost"))?;
        if !(1..=8).contains(&raw_cost.len()) {
            return Err(entry_error(
                file,
                entry,
                format!("cost must list 1 to 8 symbols, not {}", raw_cost.len()),
            ));
        }
        for s in raw_cost {
            cost[parse_symbol(file, entry, "cost", s, false)?] += 1;
        }
        let (lo, hi) = if kind == Kind::Building {
            (1, 2)
        } else {
            (0, 4)
        };
        if !(lo..=hi).contains(&num_symbols) {
            return Err(entry_error(
                file,
                entry,
                format!("symbols must list {lo} to {hi} symbols, not {num_symbols}"),
            ));
        }
        (slug, name, demand, vp, cost)
    };
    let lightning = match &raw.lightning {
        None => Lightning::None,
        Some(t) => {
            check_keys(file, entry, "lightning", t, &["draw", "take"])?;
            if t.len() != 1 {
                return Err(entry_error(
                    file,
                    entry,
                    "lightning is { draw = N } or { take = N }",
                ));
            }
            if t.contains_key("draw") {
                Lightning::Draw(int_in(
                    file,
                    entry,
                    "lightning draw",
                    table_int(file, entry, t, "draw")?,
                    1,
                    9,
                )? as u8)
            } else {
                Lightning::Take(int_in(
                    file,
                    entry,
                    "lightning take",
                    table_int(file, entry, t, "take")?,
                    1,
                    9,
                )? as u8)
            }
        }
    };
    let gear = match raw.gear.as_deref() {
        None => Gear::None,
        Some("draw") if kind != Kind::Initial => Gear::Draw,
        Some("exchange") if kind != Kind::Initial => Gear::Exchange,
        Some("mayor") if kind == Kind::Initial => Gear::Mayor,
        Some(other) => {
            let allowed = if kind == Kind::Initial {
                "\"mayor\""
            } else {
                "\"draw\" or \"exchange\""
            };
            return Err(entry_error(
                file,
                entry,
                format!("gear must be {allowed}, not {other:?}"),
            ));
        }
    };
    if kind == Kind::Initial && (raw.lightning.is_some() || raw.score.is_some()) {
        return Err(entry_error(
            file,
            entry,
            "an initial card has no lightning or score",
        ));
    }
    if gear != Gear::None && lightning != Lightning::None {
        return Err(entry_error(
            file,
            entry,
            "a card has a lightning or a gear effect, not both",
        ));
    }
    let mut score = Vec::new();
    for t in raw.score.iter().flatten() {
        score.push(parse_term(file, entry, t)?);
    }
    Ok(Card {
        slug,
        name,
        symbols,
        num_symbols,
        demand,
        vp,
        cost,
        lightning,
        gear,
        score,
    })
}

fn list4(file: &str, field: &str, v: &[i64], lo: i64, hi: i64) -> Result<[u8; 4], Error> {
    if v.len() != 4 {
        return Err(entry_error(
            file,
            "[rules]",
            format!("{field} must list 4 values, for 1 to 4 players"),
        ));
    }
    let mut out = [0u8; 4];
    for (i, &x) in v.iter().enumerate() {
        out[i] = int_in(file, "[rules]", field, x, lo, hi)? as u8;
    }
    Ok(out)
}

/// Parses the file section by section and entry by entry, so that an error names where.
fn read_file(file: &str, text: &str) -> Result<DataFile, Error> {
    let mut root = datafile::document(
        file,
        text,
        "city_connect",
        &["game", "rules", "rating", "initial", "building", "landmark"],
    )?;
    let mut take = |key: &str| {
        root.remove(key)
            .ok_or_else(|| Error::Data(format!("{file}: missing {key}")))
    };
    take("game")?; // checked by `datafile::document`
    let rules = entry_of(file, "[rules]", take("rules")?)?;
    let mut list = |key: &str, label: &str| -> Result<Vec<RawCard>, Error> {
        let toml::Value::Array(items) = take(key)? else {
            return Err(Error::Data(format!(
                "{file}: {label} must be an array of tables"
            )));
        };
        items
            .into_iter()
            .enumerate()
            .map(|(i, item)| {
                let slug = item
                    .get("slug")
                    .and_then(toml::Value::as_str)
                    .unwrap_or("?");
                let side = item.get("side").and_then(toml::Value::as_str);
                let entry = match side {
                    Some(side) if key == "initial" => format!("{label} {side}"),
                    _ => format!("{label} {} ({slug})", i + 1),
                };
                entry_of(file, &entry, item)
            })
            .collect()
    };
    let initial = list("initial", "[[initial]]")?;
    let building = list("building", "[[building]]")?;
    let landmark = list("landmark", "[[landmark]]")?;
    let toml::Value::Array(ratings) = take("rating")? else {
        return Err(Error::Data(format!(
            "{file}: [[rating]] must be an array of tables"
        )));
    };
    let rating = ratings
        .into_iter()
        .enumerate()
        .map(|(i, item)| entry_of(file, &format!("[[rating]] {}", i + 1), item))
        .collect::<Result<Vec<Rating>, Error>>()?;
    Ok(DataFile {
        rules,
        rating,
        initial,
        building,
        landmark,
    })
}

impl Data {
    pub fn load(path: Option<&str>) -> Result<Self, Error> {
        datafile::load(path, "city_connect.toml (packaged)", PACKAGED, Self::parse)
    }

    pub fn parse(file: &str, text: &str) -> Result<Self, Error> {
        let raw = read_file(file, text)?;
        let r = &raw.rules;
        datafile::entry_provenance(file, "[rules]", &r.provenance)?;
        let b = raw.building.len();
        let l = raw.landmark.len();
        if !(1..=MAX_KINDS).contains(&b) {
            return Err(entry_error(
                file,
                "[[building]]",
                format!("there must be 1 to {MAX_KINDS} building kinds, not {b}"),
            ));
        }
        if l > MAX_LANDMARKS {
            return Err(entry_error(
                file,
                "[[landmark]]",
                format!("there must be at most {MAX_LANDMARKS} landmarks, not {l}"),
            ));
        }
        let copies = int_in(file, "[rules]", "copies", r.copies, 1, 3)? as u8;
        let market = int_in(file, "[rules]", "market", r.market, 1, 12)? as u8;
        let removed = list4(file, "removed", &r.removed, 0, 90)?;
        let landmarks_out = list4(file, "landmarks", &r.landmarks, 0, l as i64)?;
        for (i, &rm) in removed.iter().enumerate() {
            if u16::from(rm) + u16::from(market) > b as u16 * u16::from(copies) {
                return Err(entry_error(
                    file,
                    "[rules]",
                    format!(
                        "removed[{i}] = {rm} leaves fewer cards than the market needs \
                         ({b} kinds x {copies} copies)"
                    ),
                ));
            }
        }
        let mut ratings = Vec::new();
        for (i, rating) in raw.rating.iter().enumerate() {
            let entry = format!("[[rating]] {}", i + 1);
            let min = int_in(file, &entry, "min", rating.min, 0, 1000)? as i32;
            if rating.class.is_empty() || rating.text.is_empty() {
                return Err(entry_error(
                    file,
                    &entry,
                    "class and text must not be empty",
                ));
            }
            if ratings
                .last()
                .is_some_and(|(m, _): &(i32, String)| *m >= min)
            {
                return Err(entry_error(file, &entry, "ratings must ascend by min"));
            }
            ratings.push((min, rating.class.clone()));
        }
        if ratings.len() < 2 || ratings[0].0 != 0 {
            return Err(entry_error(
                file,
                "[[rating]]",
                "there must be at least 2 ratings, the first with min = 0",
            ));
        }
        let mut cards = Vec::with_capacity(b + l);
        let mut by_slug = HashMap::new();
        for (section, raws, kind) in [
            ("[[building]]", &raw.building, Kind::Building),
            ("[[landmark]]", &raw.landmark, Kind::Landmark),
        ] {
            for (i, raw_card) in raws.iter().enumerate() {
                let slug = raw_card.slug.as_deref().unwrap_or("?");
                let entry = format!("{section} {} ({slug})", i + 1);
                cards.push(parse_card(file, &entry, raw_card, kind)?);
            }
        }
        for (i, card) in cards.iter().enumerate() {
            if by_slug.insert(card.slug.clone(), i).is_some() {
                return Err(entry_error(
                    file,
                    &card.slug,
                    "slug used twice (slugs are unique over buildings and landmarks)",
                ));
            }
        }
        if raw.initial.len() != 2
            || raw.initial[0].side.as_deref() != Some("house")
            || raw.initial[1].side.as_deref() != Some("mayor")
        {
            return Err(entry_error(
                file,
                "[[initial]]",
                "there must be 2 entries, side = \"house\" then side = \"mayor\"",
            ));
        }
        let house = parse_card(file, "[[initial]] house", &raw.initial[0], Kind::Initial)?;
        let mayor = parse_card(file, "[[initial]] mayor", &raw.initial[1], Kind::Initial)?;
        debug_assert!(b + l < MAX_CARDS);
        let has_rank = cards
            .iter()
            .any(|c| c.score.iter().any(|t| matches!(t, Term::Rank { .. })));
        let gear_mask = cards
            .iter()
            .enumerate()
            .filter(|(_, c)| c.gear != Gear::None)
            .map(|(i, _)| 1u64 << i)
            .sum();
        Ok(Data {
            gear_mask,
            cards,
            buildings: b,
            landmarks: l,
            initial: [house, mayor],
            copies,
            removed,
            landmarks_out,
            market,
            take_symbols: int_in(file, "[rules]", "take_symbols", r.take_symbols, 1, 6)? as u8,
            draw_cards: int_in(file, "[rules]", "draw_cards", r.draw_cards, 1, 6)? as u8,
            hand_limit: int_in(file, "[rules]", "hand_limit", r.hand_limit, 1, 20)? as u8,
            city_limit: int_in(file, "[rules]", "city_limit", r.city_limit, 1, 10)? as u8,
            flip_cards: int_in(file, "[rules]", "flip_cards", r.flip_cards, 0, 9)? as u8,
            most_vp: int_in(file, "[rules]", "most_vp", r.most_vp, 0, 100)? as i32,
            pioneer_vp: int_in(file, "[rules]", "pioneer_vp", r.pioneer_vp, 0, 100)? as i32,
            solo_demand: int_in(file, "[rules]", "solo_demand", r.solo_demand, 1, 10)? as u8,
            solo_clear: int_in(file, "[rules]", "solo_clear", r.solo_clear, 0, 12)? as u8,
            ratings,
            by_slug,
            has_rank,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packaged_data_has_the_rulebook_counts() {
        let d = Data::load(None).unwrap();
        assert_eq!((d.buildings, d.landmarks, d.copies), (27, 8, 3));
        assert_eq!(d.total_buildings(), 81);
        // Setup 2: 10 removed with 2 players, 15 with 3, none with 4 (solo uses all).
        assert_eq!(d.removed, [0, 10, 15, 0]);
        // Setup 4: 4, 4, 5 landmarks; solo places 4.
        assert_eq!(d.landmarks_out, [4, 4, 4, 5]);
        assert_eq!((d.hand_limit, d.city_limit, d.market), (6, 10, 6));
    }
}
