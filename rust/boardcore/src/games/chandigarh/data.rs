//! Component data: `python/boardcore/data/chandigarh.toml`, embedded, or a user's file.
//! Every entry is checked on its own, so a broken file gets an error naming the file, the
//! entry and the field.

use serde::Deserialize;

use super::{Ability, Pattern, ABILITIES, COLOURS, SIDES};
use crate::datafile::{self, entry_error, entry_of, int_in};
use crate::engine::Error;

const PACKAGED: &str = include_str!("../../../../../python/boardcore/data/chandigarh.toml");

pub const CARDS: usize = 36;
pub const STREET_TILES: usize = 10;
pub const SECTORS: usize = 16;

/// An icon on a card end: a colour, or any colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Icon {
    Colour(u8),
    Any,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    pub pattern: Pattern,
    /// `a`, and `b` for the two-colour patterns (equal to `a` otherwise).
    pub colours: [u8; 2],
    pub stars: i32,
    pub steps: u8,
    /// Icons on the left and right ends.
    pub ends: [Vec<Icon>; 2],
    /// The same icons counted, per end: byte c the colour c's, byte 4 the "any" ones (the
    /// engine adds two ends' counts in one go).
    pub gains: [u64; 2],
}

impl Card {
    pub fn has_colour(&self, c: u8) -> bool {
        self.colours[0] == c || (self.pattern.two_colours() && self.colours[1] == c)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sector {
    /// Plots per side (n, e, s, w), by city side: `[brown, blue]`.
    pub plots: [[u8; 4]; 2],
    /// Printed plots `(colour, side, plot)`, by city side.
    pub printed: [Vec<(u8, u8, u8)>; 2],
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Specialist {
    pub slug: String,
    pub name: String,
    pub colour: u8,
    pub stars: i32,
    pub ability: Ability,
}

/// The components a game is played with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Data {
    pub per_colour: u8,
    /// Buildings of each colour removed, for 2, 3, 4 players.
    pub removed: [u8; 3],
    pub revealed: [u8; 3],
    pub row: u8,
    pub reserve_limit: u8,
    pub supervisors: u8,
    pub project_limit: u8,
    pub sectors: Vec<Sector>,
    /// `(value, tie)`.
    pub streets: Vec<(i32, i32)>,
    pub cards: Vec<Card>,
    /// In the data file's order; `ABILITIES` order is checked.
    pub specialists: Vec<Specialist>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRules {
    provenance: String,
    per_colour: i64,
    removed: Vec<i64>,
    revealed: Vec<i64>,
    row: i64,
    reserve_limit: i64,
    supervisors: i64,
    project_limit: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSector {
    provenance: String,
    brown: Vec<i64>,
    blue: Vec<i64>,
    #[serde(default)]
    brown_printed: Vec<(String, String, i64)>,
    #[serde(default)]
    blue_printed: Vec<(String, String, i64)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStreet {
    provenance: String,
    value: i64,
    tie: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    provenance: String,
    pattern: String,
    colours: Vec<String>,
    stars: i64,
    steps: i64,
    left: Vec<String>,
    right: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSpecialist {
    provenance: String,
    slug: String,
    name: String,
    colour: String,
    stars: i64,
    tile: i64,
}

fn colour(file: &str, entry: &str, field: &str, name: &str) -> Result<u8, Error> {
    COLOURS
        .iter()
        .position(|c| *c == name)
        .map(|c| c as u8)
        .ok_or_else(|| {
            entry_error(
                file,
                entry,
                format!("{field}: unknown colour {name:?}; colours are y, b, r, g"),
            )
        })
}

fn list_of<const N: usize>(
    file: &str,
    entry: &str,
    field: &str,
    v: &[i64],
    lo: i64,
    hi: i64,
) -> Result<[u8; N], Error> {
    if v.len() != N {
        return Err(entry_error(
            file,
            entry,
            format!("{field} must list {N} values, not {}", v.len()),
        ));
    }
    let mut out = [0u8; N];
    for (i, &x) in v.iter().enumerate() {
        out[i] = int_in(file, entry, field, x, lo, hi)? as u8;
    }
    Ok(out)
}

/// The sections of entries: key, how many entries it lists, and what it lists (as the
/// message for another count says).
const SECTIONS: [(&str, usize, &str); 4] = [
    ("sector", SECTORS, "sector tiles"),
    ("street", STREET_TILES, "street tiles"),
    ("card", CARDS, "project cards"),
    ("specialist", ABILITIES.len(), "specialists"),
];

/// The entries of `[[key]]`, each as `T`, as many as [`SECTIONS`] says.
fn array_of<T: serde::de::DeserializeOwned>(
    file: &str,
    root: &mut toml::Table,
    key: &str,
) -> Result<Vec<T>, Error> {
    let items: Vec<T> = datafile::take_array(file, root, key)?
        .into_iter()
        .enumerate()
        .map(|(i, item)| entry_of(file, &entry_name(key, i, Some(&item)), item))
        .collect::<Result<_, _>>()?;
    let (_, n, what) = SECTIONS
        .into_iter()
        .find(|&(k, _, _)| k == key)
        .expect("a section of entries");
    if items.len() != n {
        return Err(Error::Data(format!(
            "{file}: [[{key}]] must list the {n} {what}, not {}",
            items.len()
        )));
    }
    Ok(items)
}

/// How errors name the `i`-th entry of `[[key]]`: its place in the file and its id (or,
/// for a specialist, its slug), `[[card]] 13 (card 12)`.
fn entry_name(key: &str, i: usize, item: Option<&toml::Value>) -> String {
    let id = match key {
        "street" => format!("street tile {i}"),
        "specialist" => match item
            .and_then(|v| v.get("slug"))
            .and_then(toml::Value::as_str)
        {
            Some(slug) => slug.to_string(),
            None => format!("specialist {i}"),
        },
        _ => format!("{key} {i}"),
    };
    format!("[[{key}]] {} ({id})", i + 1)
}

fn parse_printed(
    file: &str,
    entry: &str,
    field: &str,
    raw: &[(String, String, i64)],
    plots: &[u8; 4],
) -> Result<Vec<(u8, u8, u8)>, Error> {
    let mut out = Vec::new();
    for (c, side, k) in raw {
        let c = colour(file, entry, field, c)?;
        let s = SIDES.iter().position(|x| x == side).ok_or_else(|| {
            entry_error(
                file,
                entry,
                format!("{field}: unknown side {side:?}; sides are n, e, s, w"),
            )
        })? as u8;
        let k = int_in(file, entry, field, *k, 0, 1)? as u8;
        if k >= plots[usize::from(s)] {
            return Err(entry_error(
                file,
                entry,
                format!("{field}: side {side} has no plot {k}"),
            ));
        }
        if out.iter().any(|&(_, s2, k2)| (s2, k2) == (s, k)) {
            return Err(entry_error(
                file,
                entry,
                format!("{field}: plot {side}{k} is printed twice"),
            ));
        }
        out.push((c, s, k));
    }
    Ok(out)
}

fn parse_icons(file: &str, entry: &str, field: &str, raw: &[String]) -> Result<Vec<Icon>, Error> {
    if raw.len() > 2 {
        return Err(entry_error(
            file,
            entry,
            format!("{field} shows 0 to 2 buildings, not {}", raw.len()),
        ));
    }
    raw.iter()
        .map(|name| {
            if name == "any" {
                Ok(Icon::Any)
            } else {
                colour(file, entry, field, name).map(Icon::Colour)
            }
        })
        .collect()
}

impl Data {
    pub fn load(path: Option<&str>) -> Result<Self, Error> {
        datafile::load(path, "chandigarh.toml (packaged)", PACKAGED, Self::parse)
    }

    pub fn parse(file: &str, text: &str) -> Result<Self, Error> {
        let mut root = datafile::document(
            file,
            text,
            "chandigarh",
            &["game", "rules", "sector", "street", "card", "specialist"],
        )?;
        root.remove("game");
        let rules: RawRules = entry_of(
            file,
            "[rules]",
            root.remove("rules")
                .ok_or_else(|| Error::Data(format!("{file}: missing [rules]")))?,
        )?;
        let e = "[rules]";
        datafile::entry_provenance(file, e, &rules.provenance)?;
        let per_colour = int_in(file, e, "per_colour", rules.per_colour, 1, 99)? as u8;
        // A building of each colour is left for its printed plot.
        let removed = list_of::<3>(
            file,
            e,
            "removed",
            &rules.removed,
            0,
            i64::from(per_colour) - 1,
        )?;
        let revealed = list_of::<3>(file, e, "revealed", &rules.revealed, 6, 8)?;
        let row = int_in(file, e, "row", rules.row, 4, 4)? as u8;
        for (i, &r) in revealed.iter().enumerate() {
            if usize::from(r) != i + 2 + usize::from(row) {
                return Err(entry_error(
                    file,
                    e,
                    format!(
                        "revealed must be players + row ({}) for {} players, not {r}",
                        i + 2 + usize::from(row),
                        i + 2
                    ),
                ));
            }
        }
        let reserve_limit = int_in(file, e, "reserve_limit", rules.reserve_limit, 1, 99)? as u8;
        let supervisors = int_in(file, e, "supervisors", rules.supervisors, 0, 16)? as u8;
        let project_limit = int_in(file, e, "project_limit", rules.project_limit, 3, 3)? as u8;

        let raw_sectors: Vec<RawSector> = array_of(file, &mut root, "sector")?;
        let mut sectors = Vec::with_capacity(SECTORS);
        for (i, raw) in raw_sectors.iter().enumerate() {
            let entry = entry_name("sector", i, None);
            datafile::entry_provenance(file, &entry, &raw.provenance)?;
            let brown = list_of::<4>(file, &entry, "brown", &raw.brown, 0, 2)?;
            let blue = list_of::<4>(file, &entry, "blue", &raw.blue, 0, 2)?;
            for (name, plots) in [("brown", &brown), ("blue", &blue)] {
                if plots.iter().all(|&p| p == 0) {
                    return Err(entry_error(
                        file,
                        &entry,
                        format!("{name}: a sector needs at least one plot"),
                    ));
                }
            }
            let printed = [
                parse_printed(file, &entry, "brown_printed", &raw.brown_printed, &brown)?,
                parse_printed(file, &entry, "blue_printed", &raw.blue_printed, &blue)?,
            ];
            sectors.push(Sector {
                plots: [brown, blue],
                printed,
            });
        }
        for (side, name) in [(0, "brown_printed"), (1, "blue_printed")] {
            for c in 0..4u8 {
                let printing: Vec<usize> = (0..SECTORS)
                    .filter(|&t| sectors[t].printed[side].iter().any(|p| p.0 == c))
                    .collect();
                let n: usize = printing
                    .iter()
                    .map(|&t| sectors[t].printed[side].iter().filter(|p| p.0 == c).count())
                    .sum();
                if n != 1 {
                    // Name the sector printing it a second time, if any.
                    let entry = match printing.last() {
                        Some(&t) => entry_name("sector", t, None),
                        None => "[[sector]]".to_string(),
                    };
                    return Err(entry_error(
                        file,
                        &entry,
                        format!(
                            "{name}: colour {} must be printed on exactly one plot of the \
                             city, not {n}",
                            COLOURS[usize::from(c)]
                        ),
                    ));
                }
            }
        }

        let raw_streets: Vec<RawStreet> = array_of(file, &mut root, "street")?;
        let mut streets = Vec::with_capacity(STREET_TILES);
        for (i, raw) in raw_streets.iter().enumerate() {
            let entry = entry_name("street", i, None);
            datafile::entry_provenance(file, &entry, &raw.provenance)?;
            let value = int_in(file, &entry, "value", raw.value, 1, 20)?;
            let tie = int_in(file, &entry, "tie", raw.tie, 1, value)?;
            streets.push((value as i32, tie as i32));
        }

        let raw_cards: Vec<RawCard> = array_of(file, &mut root, "card")?;
        let mut cards = Vec::with_capacity(CARDS);
        for (i, raw) in raw_cards.iter().enumerate() {
            let entry = entry_name("card", i, None);
            datafile::entry_provenance(file, &entry, &raw.provenance)?;
            let pattern = Pattern::from_name(&raw.pattern).ok_or_else(|| {
                entry_error(
                    file,
                    &entry,
                    format!(
                        "pattern: unknown pattern {:?}; patterns are {}",
                        raw.pattern,
                        Pattern::NAMES.join(", ")
                    ),
                )
            })?;
            let want = if pattern.two_colours() { 2 } else { 1 };
            if raw.colours.len() != want {
                return Err(entry_error(
                    file,
                    &entry,
                    format!(
                        "colours: a {} pattern has {want} colour(s), not {}",
                        raw.pattern,
                        raw.colours.len()
                    ),
                ));
            }
            let a = colour(file, &entry, "colours", &raw.colours[0])?;
            let b = if want == 2 {
                colour(file, &entry, "colours", &raw.colours[1])?
            } else {
                a
            };
            let ends = [
                parse_icons(file, &entry, "left", &raw.left)?,
                parse_icons(file, &entry, "right", &raw.right)?,
            ];
            let gains = [0, 1].map(|end| {
                ends[end].iter().fold(0u64, |m, &icon| match icon {
                    Icon::Colour(c) => m + (1 << (8 * c)),
                    Icon::Any => m + (1 << 32),
                })
            });
            cards.push(Card {
                pattern,
                colours: [a, b],
                stars: int_in(file, &entry, "stars", raw.stars, 1, 9)? as i32,
                steps: int_in(file, &entry, "steps", raw.steps, 0, 2)? as u8,
                ends,
                gains,
            });
        }

        let raw_specs: Vec<RawSpecialist> = array_of(file, &mut root, "specialist")?;
        let mut specialists = Vec::with_capacity(ABILITIES.len());
        for (i, raw) in raw_specs.iter().enumerate() {
            let entry = format!("[[specialist]] {} ({})", i + 1, raw.slug);
            let entry = if raw.slug.is_empty() {
                entry_name("specialist", i, None)
            } else {
                entry
            };
            datafile::entry_provenance(file, &entry, &raw.provenance)?;
            let ability = Ability::from_slug(&raw.slug).ok_or_else(|| {
                entry_error(
                    file,
                    &entry,
                    format!("slug: unknown specialist {:?}", raw.slug),
                )
            })?;
            if specialists
                .iter()
                .any(|s: &Specialist| s.ability == ability)
            {
                return Err(entry_error(
                    file,
                    &entry,
                    format!("slug: {:?} is listed twice", raw.slug),
                ));
            }
            let c = colour(file, &entry, "colour", &raw.colour)?;
            if c != ability.colour() {
                return Err(entry_error(
                    file,
                    &entry,
                    format!(
                        "colour: the {} is {}, not {}",
                        raw.slug,
                        COLOURS[usize::from(ability.colour())],
                        raw.colour
                    ),
                ));
            }
            if raw.name.is_empty() {
                return Err(entry_error(file, &entry, "name must not be empty"));
            }
            int_in(file, &entry, "tile", raw.tile, 0, 2)?;
            specialists.push(Specialist {
                slug: raw.slug.clone(),
                name: raw.name.clone(),
                colour: c,
                stars: int_in(file, &entry, "stars", raw.stars, 0, 9)? as i32,
                ability,
            });
        }
        Ok(Data {
            per_colour,
            removed,
            revealed,
            row,
            reserve_limit,
            supervisors,
            project_limit,
            sectors,
            streets,
            cards,
            specialists,
        })
    }

    /// The specialist with this ability.
    pub fn specialist(&self, ability: Ability) -> &Specialist {
        self.specialists
            .iter()
            .find(|s| s.ability == ability)
            .expect("every ability is listed once")
    }
}
