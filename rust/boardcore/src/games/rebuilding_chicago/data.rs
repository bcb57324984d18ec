//! Component data: `python/boardcore/data/rebuilding_chicago.toml`, embedded, or a user's
//! file. Every entry is checked on its own, so a broken file gets an error naming the file,
//! the entry and the field. Effects (laws, abilities, landmarks) are parsed here into
//! [`Effect`]s, the small vocabulary of the doc page.

use serde::Deserialize;

use super::{AMENITIES, EVENTS, TYPES};
use crate::datafile;
use crate::engine::Error;
use crate::polyomino::{connected, Cell};

const PACKAGED: &str = include_str!("../../../../../python/boardcore/data/rebuilding_chicago.toml");

pub const KINDS_MAX: usize = 32;
pub const BUILDING_TILES: usize = 154;
pub const DISTRICTS: usize = 6;
pub const CARDS: usize = 144;
pub const CARDS_PER_ROUND: usize = 48;
pub const LANDMARKS: usize = 15;
pub const SUBURBS: usize = 60;
pub const SCENARIOS: usize = 6;
pub const AUTOMATON: usize = 27;
pub const MARKET: usize = 8;

/// What a count in an effect counts (doc, "Counting").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    Symbols(u8),
    Tiles(u8),
    Quality(u8),
    Rubble,
    Sights,
    SightKinds,
    Types,
    Suburbs,
    Landmarks,
    Unhappy,
    Money,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gain {
    Money,
    Vp,
    Appease,
    Suburbs,
    Quality(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Ge,
    Gt,
    Le,
    Lt,
    Eq,
}

impl Op {
    pub fn holds(self, a: i32, b: i32) -> bool {
        match self {
            Op::Ge => a >= b,
            Op::Gt => a > b,
            Op::Le => a <= b,
            Op::Lt => a < b,
            Op::Eq => a == b,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rhs {
    Int(i32),
    Count(Count),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cond {
    pub lhs: Count,
    pub op: Op,
    pub rhs: Rhs,
}

/// `gain AMOUNT [per COUNT[/K]] [if COND]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effect {
    pub gain: Gain,
    pub amount: i32,
    pub per: Option<(Count, i32)>,
    pub cond: Option<Cond>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cost {
    Money(i32),
    Vp(i32),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Law {
    pub key: String,
    pub cost: Cost,
    pub require: Option<Cond>,
    pub effects: Vec<Effect>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kind {
    pub key: String,
    pub typ: u8,
    pub cells: Vec<Cell>,
    pub symbols: i32,
    pub count: u8,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct District {
    pub key: String,
    pub name: String,
    /// Per board space (`y*7 + x`): 0 `S`, 1 `A`, 2 `B`, 3 `#`.
    pub regions: [u8; 49],
    /// Per board space: 0 none, 1 rubble, 2..4 sights 1..3.
    pub symbols: [u8; 49],
    /// `(kind, orientation, table space)`.
    pub buildings: Vec<(u8, u8, u8)>,
    pub laws: Vec<Law>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Benefit {
    Build(u8),
    Effect(Effect),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ability {
    Profit(Effect),
    Endgame(Effect),
    Suburbs(i32),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    pub round: u8,
    pub cost: i32,
    pub benefits: Vec<Benefit>,
    pub ability: Ability,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Landmark {
    pub key: String,
    pub name: String,
    pub cost: i32,
    pub cells: Vec<Cell>,
    pub immediate: Vec<Effect>,
    pub endgame: Vec<Effect>,
}

/// A World Stage option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WorldOption {
    Vp(i32),
    Money(i32),
    Card,
    Ability,
}

impl WorldOption {
    /// The `choose` option id (doc, "Action encoding").
    pub fn choice(self) -> u8 {
        match self {
            WorldOption::Vp(_) => 0,
            WorldOption::Money(_) => 1,
            WorldOption::Card => 4,
            WorldOption::Ability => 5,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AmenityEvent {
    pub activator_vp: i32,
    pub building: u8,
    /// By quality level: night's $ (shopping's reward), and VP (night, dining).
    pub money: [i32; 6],
    pub vp: [i32; 6],
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Events {
    pub grad_money: i32,
    pub grad_appease: i32,
    pub sights_money: i32,
    pub per_sight: [Vec<Effect>; 3],
    /// Night, shopping, dining.
    pub amenity: [AmenityEvent; 3],
    pub threshold: [i32; 3],
    pub reward: [[WorldOption; 2]; 3],
    pub penalty: [[WorldOption; 2]; 3],
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    pub order: [u8; 7],
    pub tokens: [i32; 3],
    pub event: u8,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub start_money: [i32; 5],
    pub start_vp: i32,
    /// Easy, standard, expert.
    pub unhappy: [i32; 3],
    pub unhappy_min: i32,
    pub unhappy_max: i32,
    pub quality_max: u8,
    pub money_per_symbol: i32,
    pub money_per_vp: i32,
    pub refill_cost: i32,
    pub solo_money: i32,
    pub solo_target: i32,
    pub world_needs: u32,
}

/// The components a game is played with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Data {
    pub rules: Rules,
    pub kinds: Vec<Kind>,
    pub districts: Vec<District>,
    pub cards: Vec<Card>,
    pub landmarks: Vec<Landmark>,
    /// One per tile (ids 0..59), the cells with their symbols (1 rubble, 2..4 sights).
    pub suburbs: Vec<Vec<Cell>>,
    pub events: Events,
    pub scenarios: Vec<Scenario>,
    /// Per card (ids 0..26): `Some(cost)` for `remove`, `None` for `event`.
    pub automaton: Vec<Option<i32>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRules {
    provenance: String,
    start_money: Vec<i64>,
    start_vp: i64,
    unhappy_easy: i64,
    unhappy_expert: i64,
    unhappy_min: i64,
    unhappy_max: i64,
    quality_max: i64,
    money_per_symbol: i64,
    money_per_vp: i64,
    refill_cost: i64,
    solo_money: i64,
    solo_target: i64,
    world_needs: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReconstructed {
    provenance: String,
    unhappy_standard: i64,
    market: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawKind {
    key: String,
    #[serde(rename = "type")]
    typ: String,
    shape: Vec<String>,
    symbols: i64,
    count: i64,
    provenance: String,
    #[serde(rename = "note")]
    _note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLaw {
    key: String,
    cost: String,
    require: Option<String>,
    effect: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDistrict {
    key: String,
    name: String,
    provenance: String,
    #[serde(rename = "note")]
    _note: Option<String>,
    regions: Vec<String>,
    symbols: Vec<String>,
    buildings: Vec<(String, i64, String)>,
    law: Vec<RawLaw>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    round: i64,
    cost: i64,
    benefits: Vec<String>,
    profit: Option<String>,
    endgame: Option<String>,
    suburbs: Option<i64>,
    provenance: String,
    #[serde(rename = "note")]
    _note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLandmark {
    key: String,
    name: String,
    cost: i64,
    shape: Vec<String>,
    immediate: Vec<String>,
    endgame: Vec<String>,
    provenance: String,
    #[serde(rename = "note")]
    _note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSuburb {
    cells: Vec<String>,
    count: i64,
    provenance: String,
    #[serde(rename = "note")]
    _note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvent {
    key: String,
    #[serde(rename = "name")]
    _name: String,
    provenance: String,
    #[serde(rename = "note")]
    _note: Option<String>,
    activator_money: Option<i64>,
    activator_appease: Option<i64>,
    per_sight: Option<Vec<Vec<String>>>,
    amenity: Option<String>,
    activator_vp: Option<i64>,
    building: Option<String>,
    money: Option<Vec<i64>>,
    vp: Option<Vec<i64>>,
    reward: Option<toml::Value>,
    threshold: Option<Vec<i64>>,
    penalty: Option<Vec<Vec<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    order: Vec<String>,
    tokens: Vec<i64>,
    event: String,
    provenance: String,
    #[serde(rename = "note")]
    _note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAutomaton {
    action: String,
    count: i64,
    provenance: String,
    #[serde(rename = "note")]
    _note: Option<String>,
}

/// Errors name the file and the entry.
struct Ctx<'a> {
    file: &'a str,
    entry: String,
}

impl<'a> Ctx<'a> {
    /// The context of one entry, its provenance checked.
    fn entry(file: &'a str, entry: String, provenance: &str) -> Result<Self, Error> {
        let ctx = Ctx { file, entry };
        ctx.provenance(provenance)?;
        Ok(ctx)
    }
    /// Refuses `key` when an earlier entry has it.
    fn unique<'k>(
        &self,
        key: &str,
        earlier: impl IntoIterator<Item = &'k String>,
    ) -> Result<(), Error> {
        if earlier.into_iter().any(|k| k == key) {
            Err(self.err("key is used twice"))
        } else {
            Ok(())
        }
    }
    fn err(&self, msg: impl std::fmt::Display) -> Error {
        datafile::entry_error(self.file, &self.entry, msg)
    }
    fn int(&self, field: &str, v: i64, lo: i64, hi: i64) -> Result<i32, Error> {
        datafile::int_in(self.file, &self.entry, field, v, lo, hi).map(|v| v as i32)
    }
    fn provenance(&self, p: &str) -> Result<(), Error> {
        datafile::entry_provenance(self.file, &self.entry, p)
    }
}

/// Refuses a `[[section]]` of other than `n` entries.
fn entries(file: &str, section: &str, found: usize, n: usize) -> Result<(), Error> {
    if found == n {
        Ok(())
    } else {
        Err(Error::Data(format!(
            "{file}: [[{section}]] must have {n} entries, not {found}"
        )))
    }
}

/// Refuses a `[[section]]` whose counts do not total `n` `things`.
fn total(file: &str, section: &str, things: &str, found: usize, n: usize) -> Result<(), Error> {
    if found == n {
        Ok(())
    } else {
        Err(Error::Data(format!(
            "{file}: [[{section}]] counts must total {n} {things}, not {found}"
        )))
    }
}

fn parse_count(text: &str) -> Option<Count> {
    let of = |names: &[&str], v: &str| names.iter().position(|n| *n == v).map(|i| i as u8);
    if let Some(t) = text.strip_prefix("symbols:") {
        return of(&TYPES, t).map(Count::Symbols);
    }
    if let Some(t) = text.strip_prefix("tiles:") {
        return of(&TYPES, t).map(Count::Tiles);
    }
    if let Some(a) = text.strip_prefix("quality:") {
        return of(&AMENITIES, a).map(Count::Quality);
    }
    Some(match text {
        "rubble" => Count::Rubble,
        "sights" => Count::Sights,
        "sightkinds" => Count::SightKinds,
        "types" => Count::Types,
        "suburbs" => Count::Suburbs,
        "landmarks" => Count::Landmarks,
        "unhappy" => Count::Unhappy,
        "money" => Count::Money,
        _ => return None,
    })
}

fn parse_int(text: &str) -> Option<i32> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    // at most four ASCII digits, no leading zero: one way to write each number
    if digits.is_empty()
        || !digits.chars().all(|c| c.is_ascii_digit())
        || digits.len() > 4
        || (digits.len() > 1 && digits.starts_with('0'))
    {
        return None;
    }
    text.parse().ok()
}

fn parse_cond(tokens: &[&str]) -> Result<Cond, String> {
    let [lhs, op, rhs] = tokens else {
        return Err("a condition is COUNT OP VALUE".into());
    };
    let lhs = parse_count(lhs).ok_or_else(|| format!("unknown count {lhs:?}"))?;
    let op = match *op {
        ">=" => Op::Ge,
        ">" => Op::Gt,
        "<=" => Op::Le,
        "<" => Op::Lt,
        "=" => Op::Eq,
        other => return Err(format!("unknown comparison {other:?} (>=, >, <=, <, =)")),
    };
    let rhs = match parse_int(rhs) {
        Some(v) => Rhs::Int(v),
        None => Rhs::Count(
            parse_count(rhs).ok_or_else(|| format!("{rhs:?} is neither a number nor a count"))?,
        ),
    };
    Ok(Cond { lhs, op, rhs })
}

/// `gain AMOUNT [per COUNT[/K]] [if COUNT OP VALUE]`.
pub fn parse_effect(text: &str) -> Result<Effect, String> {
    let tokens: Vec<&str> = text.split(' ').collect();
    let bad = |why: String| format!("effect {text:?}: {why}");
    if tokens.len() < 2 {
        return Err(bad(
            "an effect is GAIN AMOUNT [per COUNT[/K]] [if COND]".into()
        ));
    }
    let gain = match tokens[0] {
        "money" => Gain::Money,
        "vp" => Gain::Vp,
        "appease" => Gain::Appease,
        "suburbs" => Gain::Suburbs,
        g => match g
            .strip_prefix("quality:")
            .and_then(|a| AMENITIES.iter().position(|n| *n == a))
        {
            Some(a) => Gain::Quality(a as u8),
            None => return Err(bad(format!("unknown gain {g:?}"))),
        },
    };
    let amount = match parse_int(tokens[1]) {
        Some(v) if (1..=99).contains(&v) => v,
        _ => return Err(bad(format!("amount {:?} is not 1..99", tokens[1]))),
    };
    let mut rest = &tokens[2..];
    let mut per = None;
    if rest.first() == Some(&"per") {
        let Some(spec) = rest.get(1) else {
            return Err(bad("per needs a count".into()));
        };
        let (count, k) = match spec.split_once('/') {
            Some((c, k)) => match parse_int(k) {
                Some(k) if k >= 1 => (c, k),
                _ => return Err(bad(format!("divisor {k:?} is not a positive integer"))),
            },
            None => (*spec, 1),
        };
        let count = parse_count(count).ok_or_else(|| bad(format!("unknown count {count:?}")))?;
        per = Some((count, k));
        rest = &rest[2..];
    }
    let mut cond = None;
    if rest.first() == Some(&"if") {
        cond = Some(parse_cond(&rest[1..]).map_err(bad)?);
        rest = &[];
    }
    if !rest.is_empty() {
        return Err(bad(format!("unexpected {:?}", rest.join(" "))));
    }
    Ok(Effect {
        gain,
        amount,
        per,
        cond,
    })
}

/// Rows of characters as cells; `symbol` maps a character to `Some(symbol)` for a cell.
fn parse_cells(
    ctx: &Ctx,
    field: &str,
    rows: &[String],
    symbol: impl Fn(char) -> Option<Option<u8>>,
) -> Result<Vec<Cell>, Error> {
    let mut cells = Vec::new();
    if rows.is_empty() || rows.len() > 11 {
        return Err(ctx.err(format!("{field} must have 1 to 11 rows")));
    }
    for (y, row) in rows.iter().enumerate() {
        if row.chars().count() > 11 {
            return Err(ctx.err(format!("{field}: row {y} is longer than 11")));
        }
        for (x, ch) in row.chars().enumerate() {
            match symbol(ch) {
                Some(Some(s)) => cells.push((x as i32, y as i32, s)),
                Some(None) => {}
                None => return Err(ctx.err(format!("{field}: unknown character {ch:?}"))),
            }
        }
    }
    let plain: Vec<(i32, i32)> = cells.iter().map(|c| (c.0, c.1)).collect();
    if !connected(&plain) {
        return Err(ctx.err(format!(
            "{field} must be one piece of orthogonally connected cells"
        )));
    }
    // Normalise so the first row and column hold cells.
    let mx = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let my = cells.iter().map(|c| c.1).min().unwrap_or(0);
    Ok(cells
        .into_iter()
        .map(|(x, y, s)| (x - mx, y - my, s))
        .collect())
}

fn shape_cells(ctx: &Ctx, field: &str, rows: &[String]) -> Result<Vec<Cell>, Error> {
    parse_cells(ctx, field, rows, |ch| match ch {
        '#' => Some(Some(0)),
        '.' | ' ' => Some(None),
        _ => None,
    })
}

/// A space in table notation (`c3`), `None` if not one.
pub fn parse_space(text: &str) -> Option<usize> {
    let mut chars = text.chars();
    let col = chars.next()?;
    let x = (col as u32).checked_sub('a' as u32)? as usize;
    let row = chars.as_str();
    if x >= 11 || row.is_empty() || !row.chars().all(|c| c.is_ascii_digit()) || row.starts_with('0')
    {
        return None;
    }
    let y: usize = row.parse().ok()?;
    (1..=11).contains(&y).then(|| (y - 1) * 11 + x)
}

fn array_of<T: serde::de::DeserializeOwned>(
    file: &str,
    root: &mut toml::Table,
    key: &str,
) -> Result<Vec<T>, Error> {
    datafile::take_array(file, root, key)?
        .into_iter()
        .enumerate()
        .map(|(i, item)| {
            T::deserialize(item).map_err(|e| {
                Error::Data(format!(
                    "{file}: {key} {i}: {}",
                    e.to_string().trim_end().replace('\n', " ")
                ))
            })
        })
        .collect()
}

fn table_of<T: serde::de::DeserializeOwned>(
    file: &str,
    root: &mut toml::Table,
    key: &str,
) -> Result<T, Error> {
    let Some(value) = root.remove(key) else {
        return Err(Error::Data(format!("{file}: missing [{key}]")));
    };
    T::deserialize(value).map_err(|e| {
        Error::Data(format!(
            "{file}: [{key}]: {}",
            e.to_string().trim_end().replace('\n', " ")
        ))
    })
}

fn effects(ctx: &Ctx, field: &str, items: &[String], plain: bool) -> Result<Vec<Effect>, Error> {
    items
        .iter()
        .map(|t| {
            let e = parse_effect(t).map_err(|m| ctx.err(format!("{field}: {m}")))?;
            if plain && (e.per.is_some() || e.cond.is_some()) {
                return Err(ctx.err(format!("{field}: {t:?} may not use per or if")));
            }
            Ok(e)
        })
        .collect()
}

fn only_gains(ctx: &Ctx, field: &str, e: &Effect, allowed: &[Gain]) -> Result<(), Error> {
    let ok = allowed.iter().any(|g| match (g, e.gain) {
        (Gain::Quality(_), Gain::Quality(_)) => true,
        (a, b) => *a == b,
    });
    if ok {
        Ok(())
    } else {
        Err(ctx.err(format!("{field}: this effect may not gain {:?}", e.gain)))
    }
}

impl Data {
    /// The cards whose ability half a seat keeps (a profit or an end-of-game ability).
    pub fn ability_cards(&self) -> usize {
        let kept = |c: &&Card| !matches!(c.ability, Ability::Suburbs(_));
        self.cards.iter().filter(kept).count()
    }

    pub fn load(path: Option<&str>) -> Result<Self, Error> {
        crate::datafile::load(path, "data/rebuilding_chicago.toml", PACKAGED, Self::parse)
    }

    pub fn parse(file: &str, text: &str) -> Result<Self, Error> {
        let mut root = crate::datafile::document(
            file,
            text,
            "rebuilding_chicago",
            &[
                "game",
                "rules",
                "reconstructed_rules",
                "kind",
                "district",
                "card",
                "landmark",
                "suburb",
                "event",
                "scenario",
                "automaton",
            ],
        )?;
        root.remove("game");
        let raw_rules: RawRules = table_of(file, &mut root, "rules")?;
        let raw_rec: RawReconstructed = table_of(file, &mut root, "reconstructed_rules")?;
        let kinds_raw: Vec<RawKind> = array_of(file, &mut root, "kind")?;
        let districts_raw: Vec<RawDistrict> = array_of(file, &mut root, "district")?;
        let cards_raw: Vec<RawCard> = array_of(file, &mut root, "card")?;
        let landmarks_raw: Vec<RawLandmark> = array_of(file, &mut root, "landmark")?;
        let suburbs_raw: Vec<RawSuburb> = array_of(file, &mut root, "suburb")?;
        let events_raw: Vec<RawEvent> = array_of(file, &mut root, "event")?;
        let scenarios_raw: Vec<RawScenario> = array_of(file, &mut root, "scenario")?;
        let automaton_raw: Vec<RawAutomaton> = array_of(file, &mut root, "automaton")?;
        if let Some(key) = root.keys().next() {
            return Err(Error::Data(format!("{file}: unknown table {key:?}")));
        }

        // Rules.
        let r = &raw_rules;
        let ctx = Ctx::entry(file, "[rules]".into(), &r.provenance)?;
        if r.start_money.len() != 5 {
            return Err(ctx.err("start_money must list 5 amounts"));
        }
        let mut start_money = [0; 5];
        for (i, &m) in r.start_money.iter().enumerate() {
            start_money[i] = ctx.int("start_money", m, 0, 999)?;
        }
        let unhappy_min = ctx.int("unhappy_min", r.unhappy_min, 0, 99)?;
        let unhappy_max = ctx.int("unhappy_max", r.unhappy_max, unhappy_min.into(), 99)?;
        let rctx = Ctx::entry(file, "[reconstructed_rules]".into(), &raw_rec.provenance)?;
        if raw_rec.market != MARKET as i64 {
            return Err(rctx.err(format!(
                "market must be {MARKET} (the action encoding has {MARKET} slots)"
            )));
        }
        let rules = Rules {
            start_money,
            start_vp: ctx.int("start_vp", r.start_vp, 0, 999)?,
            unhappy: [
                ctx.int("unhappy_easy", r.unhappy_easy, 0, 99)?,
                rctx.int("unhappy_standard", raw_rec.unhappy_standard, 0, 99)?,
                ctx.int("unhappy_expert", r.unhappy_expert, 0, 99)?,
            ],
            unhappy_min,
            unhappy_max,
            quality_max: ctx.int("quality_max", r.quality_max, 0, 5)? as u8,
            money_per_symbol: ctx.int("money_per_symbol", r.money_per_symbol, 0, 99)?,
            money_per_vp: ctx.int("money_per_vp", r.money_per_vp, 1, 99)?,
            refill_cost: ctx.int("refill_cost", r.refill_cost, 0, 99)?,
            solo_money: ctx.int("solo_money", r.solo_money, 0, 999)?,
            solo_target: ctx.int("solo_target", r.solo_target, 0, 9999)?,
            world_needs: ctx.int("world_needs", r.world_needs, 0, 6)? as u32,
        };

        // Building kinds.
        if kinds_raw.is_empty() || kinds_raw.len() > KINDS_MAX {
            return Err(Error::Data(format!(
                "{file}: [[kind]] must have 1 to {KINDS_MAX} entries, not {}",
                kinds_raw.len()
            )));
        }
        let mut kinds = Vec::new();
        for (i, k) in kinds_raw.iter().enumerate() {
            let ctx = Ctx::entry(file, format!("kind {i} ({})", k.key), &k.provenance)?;
            ctx.unique(&k.key, kinds_raw[..i].iter().map(|o| &o.key))?;
            let typ = TYPES
                .iter()
                .position(|t| *t == k.typ)
                .ok_or_else(|| ctx.err(format!("unknown type {:?}", k.typ)))?;
            kinds.push(Kind {
                key: k.key.clone(),
                typ: typ as u8,
                cells: shape_cells(&ctx, "shape", &k.shape)?,
                symbols: ctx.int("symbols", k.symbols, 0, 99)?,
                count: ctx.int("count", k.count, 0, 154)? as u8,
            });
        }
        let tiles = kinds.iter().map(|k| usize::from(k.count)).sum();
        total(file, "kind", "building tiles", tiles, BUILDING_TILES)?;
        let kind_of = |ctx: &Ctx, field: &str, key: &str| -> Result<u8, Error> {
            kinds
                .iter()
                .position(|k| k.key == key)
                .map(|i| i as u8)
                .ok_or_else(|| ctx.err(format!("{field}: unknown kind {key:?}")))
        };

        // Districts.
        entries(file, "district", districts_raw.len(), DISTRICTS)?;
        let mut districts = Vec::new();
        for (i, d) in districts_raw.iter().enumerate() {
            let ctx = Ctx::entry(file, format!("district {i} ({})", d.key), &d.provenance)?;
            ctx.unique(&d.key, districts_raw[..i].iter().map(|o| &o.key))?;
            let grid = |field: &str, rows: &[String], chars: &str| -> Result<[u8; 49], Error> {
                if rows.len() != 7 || rows.iter().any(|r| r.chars().count() != 7) {
                    return Err(ctx.err(format!("{field} must be 7 rows of 7 characters")));
                }
                let mut out = [0u8; 49];
                for (y, row) in rows.iter().enumerate() {
                    for (x, ch) in row.chars().enumerate() {
                        out[y * 7 + x] = chars.find(ch).ok_or_else(|| {
                            ctx.err(format!("{field}: unknown character {ch:?} (use {chars})"))
                        })? as u8;
                    }
                }
                Ok(out)
            };
            let regions = grid("regions", &d.regions, "SAB#")?;
            let symbols = grid("symbols", &d.symbols, ".r123")?;
            for sp in 0..49 {
                if regions[sp] == 3 && symbols[sp] != 0 {
                    return Err(ctx.err(format!(
                        "symbols: a symbol on the unbuildable space {}",
                        board_space_name(sp)
                    )));
                }
            }
            for (r, name) in [(0u8, "S"), (1, "A"), (2, "B")] {
                let cells: Vec<(i32, i32)> = (0..49)
                    .filter(|&s| regions[s] == r)
                    .map(|s| ((s % 7) as i32, (s / 7) as i32))
                    .collect();
                if !connected(&cells) {
                    return Err(
                        ctx.err(format!("regions: region {name} must be one connected area"))
                    );
                }
                if !cells
                    .iter()
                    .any(|&(x, y)| x == 0 || y == 0 || x == 6 || y == 6)
                {
                    return Err(ctx.err(format!(
                        "regions: region {name} must reach the board's edge"
                    )));
                }
            }
            for s in 0..49usize {
                let (x, y) = (s % 7, s / 7);
                if regions[s] == 1 || regions[s] == 2 {
                    for (nx, ny) in [
                        (x + 1, y),
                        (x.wrapping_sub(1), y),
                        (x, y + 1),
                        (x, y.wrapping_sub(1)),
                    ] {
                        if nx < 7 && ny < 7 {
                            let n = regions[ny * 7 + nx];
                            if n != regions[s] && n != 3 {
                                return Err(ctx.err(format!(
                                    "regions: the unconnected area at {} touches another region",
                                    board_space_name(s)
                                )));
                            }
                        }
                    }
                }
            }
            let mut taken = [false; 49];
            let mut buildings = Vec::new();
            for (b, (key, o, at)) in d.buildings.iter().enumerate() {
                let field = format!("buildings[{b}]");
                let k = kind_of(&ctx, &field, key)?;
                let orients = crate::polyomino::orientations(&kinds[usize::from(k)].cells);
                let o = ctx.int(&field, *o, 0, orients.len() as i64 - 1)? as usize;
                let anchor = parse_space(at)
                    .ok_or_else(|| ctx.err(format!("{field}: {at:?} is not a space (a1..k11)")))?;
                for &(cx, cy, _) in &orients[o] {
                    let (tx, ty) = (anchor % 11 + cx as usize, anchor / 11 + cy as usize);
                    if !(2..9).contains(&tx) || !(2..9).contains(&ty) {
                        return Err(ctx.err(format!("{field}: leaves the district board")));
                    }
                    let bs = (ty - 2) * 7 + (tx - 2);
                    if regions[bs] != 0 {
                        return Err(ctx.err(format!(
                            "{field}: covers {}, outside the starting neighbourhood",
                            board_space_name(bs)
                        )));
                    }
                    if symbols[bs] != 0 {
                        return Err(ctx.err(format!(
                            "{field}: covers the symbol on {}",
                            board_space_name(bs)
                        )));
                    }
                    if taken[bs] {
                        return Err(ctx.err(format!(
                            "{field}: overlaps another building on {}",
                            board_space_name(bs)
                        )));
                    }
                    taken[bs] = true;
                }
                buildings.push((k, o as u8, anchor as u8));
            }
            if d.law.len() != 3 {
                return Err(ctx.err(format!("must have 3 laws, not {}", d.law.len())));
            }
            let mut laws = Vec::new();
            for (l, law) in d.law.iter().enumerate() {
                let field = format!("law {} ({})", l + 1, law.key);
                let cost = match law.cost.split_once(' ') {
                    Some(("money", v)) => parse_int(v).filter(|v| *v >= 0).map(Cost::Money),
                    Some(("vp", v)) => parse_int(v).filter(|v| *v >= 0).map(Cost::Vp),
                    _ => None,
                }
                .ok_or_else(|| {
                    ctx.err(format!(
                        "{field}: cost {:?} is not \"money N\" or \"vp N\"",
                        law.cost
                    ))
                })?;
                let require = match &law.require {
                    None => None,
                    Some(t) => {
                        let toks: Vec<&str> = t.split(' ').collect();
                        let c = parse_cond(&toks)
                            .map_err(|m| ctx.err(format!("{field}: require {t:?}: {m}")))?;
                        if !matches!(c.rhs, Rhs::Int(_)) {
                            return Err(ctx.err(format!(
                                "{field}: require {t:?} must compare with a number"
                            )));
                        }
                        Some(c)
                    }
                };
                if law.effect.is_empty() {
                    return Err(ctx.err(format!("{field}: effect must list at least one effect")));
                }
                laws.push(Law {
                    key: law.key.clone(),
                    cost,
                    require,
                    effects: effects(&ctx, &field, &law.effect, false)?,
                });
            }
            districts.push(District {
                key: d.key.clone(),
                name: d.name.clone(),
                regions,
                symbols,
                buildings,
                laws,
            });
        }

        // Cards.
        entries(file, "card", cards_raw.len(), CARDS)?;
        let mut cards = Vec::new();
        for (i, c) in cards_raw.iter().enumerate() {
            let ctx = Ctx::entry(file, format!("card {i}"), &c.provenance)?;
            let round = ctx.int("round", c.round, 1, 3)? as u8;
            let cost = ctx.int("cost", c.cost, 0, 99)?;
            if c.benefits.len() != 2 {
                return Err(ctx.err("benefits must list 2 benefits"));
            }
            let mut benefits = Vec::new();
            for b in &c.benefits {
                if let Some(k) = b.strip_prefix("build ") {
                    benefits.push(Benefit::Build(kind_of(&ctx, "benefits", k)?));
                } else {
                    let e = effects(&ctx, "benefits", std::slice::from_ref(b), true)?[0];
                    only_gains(
                        &ctx,
                        "benefits",
                        &e,
                        &[Gain::Money, Gain::Vp, Gain::Appease, Gain::Quality(0)],
                    )?;
                    benefits.push(Benefit::Effect(e));
                }
            }
            let ability = match (&c.profit, &c.endgame, c.suburbs) {
                (Some(p), None, None) => {
                    let e = effects(&ctx, "profit", std::slice::from_ref(p), false)?[0];
                    only_gains(&ctx, "profit", &e, &[Gain::Money, Gain::Vp])?;
                    Ability::Profit(e)
                }
                (None, Some(p), None) => {
                    let e = effects(&ctx, "endgame", std::slice::from_ref(p), false)?[0];
                    only_gains(&ctx, "endgame", &e, &[Gain::Vp])?;
                    Ability::Endgame(e)
                }
                (None, None, Some(n)) => Ability::Suburbs(ctx.int("suburbs", n, 1, 60)?),
                _ => {
                    return Err(ctx
                        .err("the ability half must be exactly one of profit, endgame or suburbs"))
                }
            };
            cards.push(Card {
                round,
                cost,
                benefits,
                ability,
            });
        }
        for r in 1..=3u8 {
            let n = cards.iter().filter(|c| c.round == r).count();
            if n != CARDS_PER_ROUND {
                return Err(Error::Data(format!(
                    "{file}: [[card]]: round {r} must have {CARDS_PER_ROUND} cards, not {n}"
                )));
            }
        }

        // Landmarks.
        entries(file, "landmark", landmarks_raw.len(), LANDMARKS)?;
        let mut landmarks = Vec::new();
        for (i, l) in landmarks_raw.iter().enumerate() {
            let ctx = Ctx::entry(file, format!("landmark {i} ({})", l.key), &l.provenance)?;
            ctx.unique(&l.key, landmarks_raw[..i].iter().map(|o| &o.key))?;
            let endgame = effects(&ctx, "endgame", &l.endgame, false)?;
            for e in &endgame {
                only_gains(&ctx, "endgame", e, &[Gain::Vp])?;
            }
            landmarks.push(Landmark {
                key: l.key.clone(),
                name: l.name.clone(),
                cost: ctx.int("cost", l.cost, 0, 99)?,
                cells: shape_cells(&ctx, "shape", &l.shape)?,
                immediate: effects(&ctx, "immediate", &l.immediate, true)?,
                endgame,
            });
        }

        // Suburbs.
        let mut suburbs = Vec::new();
        for (i, s) in suburbs_raw.iter().enumerate() {
            let ctx = Ctx::entry(file, format!("suburb entry {i}"), &s.provenance)?;
            let cells = parse_cells(&ctx, "cells", &s.cells, |ch| match ch {
                '.' => Some(Some(0)),
                'r' => Some(Some(1)),
                '1' => Some(Some(2)),
                '2' => Some(Some(3)),
                '3' => Some(Some(4)),
                ' ' => Some(None),
                _ => None,
            })?;
            for _ in 0..ctx.int("count", s.count, 0, 60)? {
                suburbs.push(cells.clone());
            }
        }
        total(file, "suburb", "tiles", suburbs.len(), SUBURBS)?;

        let events = parse_events(file, &events_raw, &kinds)?;

        // Scenarios.
        entries(file, "scenario", scenarios_raw.len(), SCENARIOS)?;
        let event_of = |ctx: &Ctx, field: &str, key: &str| -> Result<u8, Error> {
            EVENTS
                .iter()
                .position(|e| *e == key)
                .map(|e| e as u8)
                .ok_or_else(|| ctx.err(format!("{field}: unknown event {key:?}")))
        };
        let mut scenarios = Vec::new();
        for (i, s) in scenarios_raw.iter().enumerate() {
            let ctx = Ctx::entry(file, format!("scenario {i}"), &s.provenance)?;
            if s.order.len() != 7 {
                return Err(ctx.err("order must list the 7 events"));
            }
            let mut order = [0u8; 7];
            for (j, e) in s.order.iter().enumerate() {
                order[j] = event_of(&ctx, "order", e)?;
                if order[..j].contains(&order[j]) {
                    return Err(ctx.err(format!("order: {e} is listed twice")));
                }
            }
            if order[..3].contains(&6) {
                return Err(ctx.err(
                    "order: world may not be among the first three (it needs 3 events before it)",
                ));
            }
            if s.tokens.len() != 3 {
                return Err(ctx.err("tokens must list 3 costs"));
            }
            let mut tokens = [0; 3];
            for (j, &t) in s.tokens.iter().enumerate() {
                tokens[j] = ctx.int("tokens", t, 0, 99)?;
            }
            scenarios.push(Scenario {
                order,
                tokens,
                event: event_of(&ctx, "event", &s.event)?,
            });
        }

        // Automated player.
        let mut automaton = Vec::new();
        for (i, a) in automaton_raw.iter().enumerate() {
            let ctx = Ctx::entry(file, format!("automaton entry {i}"), &a.provenance)?;
            let action = if a.action == "event" {
                None
            } else {
                match a.action.strip_prefix("remove ").and_then(parse_int) {
                    Some(c) if (0..=99).contains(&c) => Some(c),
                    _ => {
                        return Err(ctx.err(format!(
                            "action {:?} is not \"remove N\" or \"event\"",
                            a.action
                        )))
                    }
                }
            };
            for _ in 0..ctx.int("count", a.count, 0, 27)? {
                automaton.push(action);
            }
        }
        total(file, "automaton", "cards", automaton.len(), AUTOMATON)?;

        Ok(Self {
            rules,
            kinds,
            districts,
            cards,
            landmarks,
            suburbs,
            events,
            scenarios,
            automaton,
        })
    }
}

pub fn board_space_name(board_space: usize) -> String {
    let (x, y) = (board_space % 7 + 2, board_space / 7 + 2);
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

fn six(ctx: &Ctx, field: &str, v: &Option<Vec<i64>>) -> Result<[i32; 6], Error> {
    let Some(v) = v else {
        return Err(ctx.err(format!("missing {field}")));
    };
    if v.len() != 6 {
        return Err(ctx.err(format!("{field} must list 6 values (quality 0..5)")));
    }
    let mut out = [0; 6];
    for (i, &x) in v.iter().enumerate() {
        out[i] = ctx.int(field, x, 0, 99)?;
    }
    Ok(out)
}

fn world_option(ctx: &Ctx, field: &str, text: &str) -> Result<WorldOption, Error> {
    let amount = |v: &str| parse_int(v).filter(|v| (0..=99).contains(v));
    let o = match text.split_once(' ') {
        Some(("vp", v)) => amount(v).map(WorldOption::Vp),
        Some(("money", v)) => amount(v).map(WorldOption::Money),
        None if text == "card" => Some(WorldOption::Card),
        None if text == "ability" => Some(WorldOption::Ability),
        _ => None,
    };
    o.ok_or_else(|| {
        ctx.err(format!(
            "{field}: {text:?} is not \"vp N\", \"money N\", \"card\" or \"ability\""
        ))
    })
}

fn parse_events(file: &str, raw: &[RawEvent], kinds: &[Kind]) -> Result<Events, Error> {
    entries(file, "event", raw.len(), EVENTS.len())?;
    for (i, e) in raw.iter().enumerate() {
        let ctx = Ctx::entry(file, format!("event {i}"), &e.provenance)?;
        if e.key != EVENTS[i] {
            return Err(ctx.err(format!(
                "key must be {:?} (events are in the order {})",
                EVENTS[i],
                EVENTS.join(", ")
            )));
        }
    }
    let ctx = |i: usize| Ctx {
        file,
        entry: format!("event {i} ({})", EVENTS[i]),
    };
    let need = |c: &Ctx, field: &str, v: Option<i64>| -> Result<i32, Error> {
        c.int(
            field,
            v.ok_or_else(|| c.err(format!("missing {field}")))?,
            0,
            99,
        )
    };
    let grad = ctx(1);
    let sights = ctx(2);
    let Some(per_sight_raw) = &raw[2].per_sight else {
        return Err(sights.err("missing per_sight"));
    };
    if per_sight_raw.len() != 3 {
        return Err(sights.err("per_sight must list the 3 rounds"));
    }
    let mut per_sight: [Vec<Effect>; 3] = Default::default();
    for (r, items) in per_sight_raw.iter().enumerate() {
        per_sight[r] = effects(&sights, "per_sight", items, true)?;
        for e in &per_sight[r] {
            only_gains(&sights, "per_sight", e, &[Gain::Money, Gain::Vp])?;
        }
    }
    let mut amenity = Vec::new();
    for (j, i) in [3usize, 4, 5].into_iter().enumerate() {
        let c = ctx(i);
        let e = &raw[i];
        if e.amenity.as_deref() != Some(AMENITIES[j]) {
            return Err(c.err(format!("amenity must be {:?}", AMENITIES[j])));
        }
        let key = e
            .building
            .as_deref()
            .ok_or_else(|| c.err("missing building"))?;
        let building = kinds
            .iter()
            .position(|k| k.key == key)
            .ok_or_else(|| c.err(format!("building: unknown kind {key:?}")))?;
        if usize::from(kinds[building].typ) != 3 + j {
            return Err(c.err(format!("building: {key} is not a {} tile", AMENITIES[j])));
        }
        let (money, vp) = match j {
            0 => (six(&c, "money", &e.money)?, six(&c, "vp", &e.vp)?),
            1 => {
                let reward: Option<Vec<i64>> = match &e.reward {
                    None => None,
                    Some(v) => Some(
                        Vec::<i64>::deserialize(v.clone())
                            .map_err(|_| c.err("reward must list 6 integers"))?,
                    ),
                };
                let r = six(&c, "reward", &reward)?;
                (r, r)
            }
            _ => ([0; 6], six(&c, "vp", &e.vp)?),
        };
        amenity.push(AmenityEvent {
            activator_vp: need(&c, "activator_vp", e.activator_vp)?,
            building: building as u8,
            money,
            vp,
        });
    }
    let world = ctx(6);
    let w = &raw[6];
    let threshold_raw = w
        .threshold
        .as_ref()
        .ok_or_else(|| world.err("missing threshold"))?;
    if threshold_raw.len() != 3 {
        return Err(world.err("threshold must list the 3 rounds"));
    }
    let mut threshold = [0; 3];
    for (r, &t) in threshold_raw.iter().enumerate() {
        threshold[r] = world.int("threshold", t, -99, 99)?;
    }
    let pairs =
        |field: &str, v: Option<Vec<Vec<String>>>| -> Result<[[WorldOption; 2]; 3], Error> {
            let v = v.ok_or_else(|| world.err(format!("missing {field}")))?;
            if v.len() != 3 || v.iter().any(|p| p.len() != 2) {
                return Err(world.err(format!("{field} must list 3 pairs of options")));
            }
            let mut out = [[WorldOption::Card; 2]; 3];
            for (r, p) in v.iter().enumerate() {
                for (k, t) in p.iter().enumerate() {
                    out[r][k] = world_option(&world, field, t)?;
                }
                if out[r][0].choice() == out[r][1].choice() {
                    return Err(world.err(format!(
                        "{field}: round {} offers the same option twice",
                        r + 1
                    )));
                }
            }
            Ok(out)
        };
    let reward_raw: Option<Vec<Vec<String>>> = match &w.reward {
        None => None,
        Some(v) => Some(
            Vec::<Vec<String>>::deserialize(v.clone())
                .map_err(|_| world.err("reward must list 3 pairs of options"))?,
        ),
    };
    let reward = pairs("reward", reward_raw)?;
    let penalty = pairs("penalty", w.penalty.clone())?;
    for p in &penalty {
        if p.contains(&WorldOption::Card) {
            return Err(world.err("penalty: card is a reward"));
        }
    }
    for p in &reward {
        if p.contains(&WorldOption::Ability) {
            return Err(world.err("reward: ability is a penalty"));
        }
    }
    let amenity: [AmenityEvent; 3] = amenity.try_into().expect("three amenity events");
    Ok(Events {
        grad_money: need(&grad, "activator_money", raw[1].activator_money)?,
        grad_appease: need(&grad, "activator_appease", raw[1].activator_appease)?,
        sights_money: need(&sights, "activator_money", raw[2].activator_money)?,
        per_sight,
        amenity,
        threshold,
        reward,
        penalty,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packaged_data_loads() {
        let d = Data::load(None).unwrap();
        assert_eq!(d.cards.len(), 144);
        assert_eq!(d.suburbs.len(), 60);
        assert_eq!(d.automaton.len(), 27);
        assert_eq!(d.events.amenity[2].vp[5], 18);
    }

    #[test]
    fn effects_parse() {
        let e = parse_effect("vp 1 per symbols:restaurant/2").unwrap();
        assert_eq!(e.per, Some((Count::Symbols(5), 2)));
        let e = parse_effect("vp 10 if symbols:restaurant > unhappy").unwrap();
        assert_eq!(
            e.cond,
            Some(Cond {
                lhs: Count::Symbols(5),
                op: Op::Gt,
                rhs: Rhs::Count(Count::Unhappy)
            })
        );
        for bad in [
            "vp per types",
            "money 2 per nothing",
            "vp 3 if types >> 2",
            "vp 0",
            "fame 2",
            "vp 2 per types/0",
        ] {
            assert!(parse_effect(bad).is_err(), "{bad}");
        }
    }
}
