//! The rules (docs/games/rebuilding_chicago.md): a phase, a task queue and per-seat
//! bitboards. An action puts tasks at the front of the queue; [`RebuildingChicagoState::run`]
//! then works through the queue until a task needs a decision or a chance draw.

use std::collections::VecDeque;
use std::fmt;
use std::sync::Arc;

use super::data::{Ability, Benefit, Cost, Count, Effect, Gain, Rhs, WorldOption};
use super::notation::{self as nt, Move};
use super::{Config, GRID, SPACES, STATUE};
use crate::bits::{bits, bits128, select64 as select};
use crate::engine::{illegal_action, Action, Error, GameState, CHANCE, TERMINAL};
use crate::polyomino::Shape;

mod illegal;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Start,
    Deal,
    District,
    Landmarks,
    Keep,
    Scenario,
    Turn,
    Place,
    Shape,
    Bag,
    Pick,
    Choose,
    Free,
    Drop,
    Automaton,
    Over,
}

pub const PHASES: [&str; 16] = [
    "start",
    "deal",
    "district",
    "landmarks",
    "keep",
    "scenario",
    "turn",
    "place",
    "shape",
    "bag",
    "pick",
    "choose",
    "free",
    "drop",
    "automaton",
    "over",
];

impl Phase {
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn is_chance(self) -> bool {
        matches!(
            self,
            Phase::Start
                | Phase::Deal
                | Phase::Landmarks
                | Phase::Scenario
                | Phase::Bag
                | Phase::Automaton
        )
    }
}

pub const BUILD: u8 = 0;
pub const LANDMARK: u8 = 1;
pub const DRAW: u8 = 2;
pub const SUBURBS: u8 = 3;
pub const ACTIVATOR: u8 = 4;
pub const REWARD: u8 = 5;
pub const FREE: u8 = 6;
pub const LOSE: u8 = 7;

/// A task of the queue: `[code, seat, arg]` (doc, "Turn structure").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Task {
    pub code: u8,
    pub seat: u8,
    pub arg: i16,
}

impl Task {
    fn new(code: u8, seat: usize, arg: i32) -> Self {
        Self {
            code,
            seat: seat as u8,
            arg: arg as i16,
        }
    }
    /// Tasks `[3,s]`, `[6,s]` and `[7,s]` have no argument.
    pub fn has_arg(self) -> bool {
        !matches!(self.code, SUBURBS | FREE | LOSE)
    }
}

const EXPANSION: u8 = 0;
const GRADUATION: u8 = 1;
const SIGHTS: u8 = 2;
const SHOPPING: u8 = 4;
const WORLD: u8 = 6;
const ALL_EVENTS: u8 = 0x7f;

const VP: u8 = 0;
const MONEY: u8 = 1;
const BUILDING: u8 = 2;
const APPEASE: u8 = 3;

#[derive(Debug, PartialEq, Eq)]
pub struct Seat {
    pub district: i8,
    pub money: i32,
    pub vp: i32,
    pub unhappy: i32,
    pub quality: [u8; 3],
    /// Spaces under buildings (starting ones included) and landmarks.
    pub cover: u128,
    /// What covers each space of `cover`, as the three bits of a code: a building type 0..6,
    /// 7 a landmark (see [`Seat::covered`]). Kept in step with `cover` where a piece is
    /// placed, so that the observation does not rebuild it from the pieces.
    pub cover_bits: [u128; 3],
    pub suburb: u128,
    /// Rubble and sights symbols on the board and the suburbs (covered or not).
    pub rubble: u128,
    pub sights: [u128; 3],
    pub symbols: [i32; 7],
    pub tiles: [i32; 7],
    pub law: i8,
    /// Landmark cards as bit sets: kept (unbuilt), built, lost, dealt.
    pub kept: u16,
    pub built: u16,
    pub lost: u16,
    pub dealt: u16,
    /// Owned ability cards, ascending.
    pub abilities: Vec<u8>,
    /// Drawn suburbs not placed, in draw order.
    pub hand: Vec<u8>,
    /// `[class, id, orientation, anchor]` in placement order.
    pub pieces: Vec<[i16; 4]>,
    /// The usable spaces (ruling 8), derived from the above and kept in step.
    pub usable: u128,
}

/// The cover code of a landmark (building types are 0..6).
pub const LANDMARK_COVER: u8 = 7;

/// Sets the cover code of the spaces `m` to `code` in the three bit planes `bits`.
pub(super) fn mark_cover_bits(bits: &mut [u128; 3], m: u128, code: u8) {
    for (b, plane) in bits.iter_mut().enumerate() {
        if code >> b & 1 != 0 {
            *plane |= m;
        }
    }
}

impl Seat {
    fn mark_cover(&mut self, m: u128, code: u8) {
        mark_cover_bits(&mut self.cover_bits, m, code);
    }
    /// What covers space `x` of `cover`: a building type 0..6, 7 a landmark.
    #[inline]
    pub fn cover_code(&self, x: usize) -> usize {
        let [b0, b1, b2] = self.cover_bits.map(|b| (b >> x & 1) as usize);
        b0 | b1 << 1 | b2 << 2
    }
    /// The covered spaces, ascending, each with what covers it.
    pub fn covered(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        bits128(self.cover).map(|x| (x, self.cover_code(x)))
    }
}

/// The tasks one action puts on the queue (at most 1 + 2 × 5 for Expansion), without
/// allocating.
#[derive(Clone, Copy, Default)]
pub struct TaskBuf {
    buf: [Task; 16],
    len: usize,
}

impl TaskBuf {
    fn push(&mut self, t: Task) {
        self.buf[self.len] = t;
        self.len += 1;
    }
    fn extend(&mut self, ts: impl Iterator<Item = Task>) {
        for t in ts {
            self.push(t);
        }
    }
}

/// Answers of `half_feasible` for the (at most 8) market cards of one legal-move listing.
type Memo = ([(([u8; 2], usize), bool); 8], usize);

/// A seat's answers of `half_feasible` per build list (`Config::half_id` < 64), and of
/// "kept landmark `l` fits" (bit `l` of `lm_known`/`lm_ok`), valid while its usable spaces
/// and the supply key are unchanged. Between a seat's turns the market mostly keeps its
/// cards and the table often does not change, so most answers carry over. Filled on the
/// mutating path (`refresh_halves`) since legal-move listing takes `&self`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HalfCache {
    free: u128,
    supply: u64,
    known: u64,
    ok: u64,
    lm_known: u16,
    lm_ok: u16,
}

clone_reusing_lists!(Seat {
    arcs: [],
    lists: [abilities, hand, pieces]
});

clone_reusing_lists!(RebuildingChicagoState {
    arcs: [cfg],
    lists: [todo, seats, history]
});

/// A 144-bit set of round cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardSet(pub [u64; 3]);

impl CardSet {
    pub fn has(&self, c: usize) -> bool {
        self.0[c / 64] & (1 << (c % 64)) != 0
    }
    fn set(&mut self, c: usize) {
        self.0[c / 64] |= 1 << (c % 64);
    }
    fn clear(&mut self, c: usize) {
        self.0[c / 64] &= !(1 << (c % 64));
    }
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (0..3).flat_map(move |w| {
            let mut bits = self.0[w];
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    w * 64 + b
                })
            })
        })
    }
}

/// Per orientation of `shape`, `f(orientation)`.
fn sets(shape: &Shape, f: impl Fn(&crate::polyomino::Orientation) -> u128) -> ([u128; 8], usize) {
    let mut out = [0u128; 8];
    for (i, o) in shape.orients.iter().enumerate() {
        out[i] = f(o);
    }
    (out, shape.orients.len())
}

pub struct RebuildingChicagoState {
    pub(super) cfg: Arc<Config>,
    pub phase: Phase,
    pub to_move: i32,
    pub round: u8,
    pub start: i8,
    pub active: i8,
    pub market: [i16; 8],
    pub deck: CardSet,
    /// Activated events, bit e.
    pub events: u8,
    /// Solo tokens: market slots, events.
    pub tokens: u8,
    pub event_tokens: u8,
    pub bag: u64,
    pub supply: [u8; 32],
    pub landmark_pool: u16,
    pub scenario: i8,
    pub scenarios: u8,
    pub automaton: u32,
    pub first: bool,
    pub picked: i8,
    pub refilled: bool,
    halves: [HalfCache; super::MAX_PLAYERS],
    hints: [KindHints; super::MAX_PLAYERS],
    /// `supply_key_of(&supply)`, kept by `take_supply`.
    supply_key: u64,
    /// Set by `run` when it stops in `place` for a build: whether that build's placements
    /// are all of its fitting ones (`front_exact`), so the pick need not ask again. States
    /// are only rebuilt by replay, so every such stop went through `run`.
    place_exact: bool,
    /// Set by `run` when it stops in `pick`: the hand's suburbs that fit (`placeable_hand`),
    /// which the listing would otherwise compute again (same replay argument).
    pick_mask: u64,
    pub todo: VecDeque<Task>,
    pub seats: Vec<Seat>,
    pub history: Vec<Action>,
}

/// The `below(total)`-th set bit of `words` (the listed chance draw: all weights are 1).
#[inline(always)]
fn nth(words: &[u64], rng: &mut crate::rng::SplitMix64) -> u32 {
    let total: u32 = words.iter().map(|w| w.count_ones()).sum();
    let mut r = rng.below(u64::from(total)) as u32;
    for (i, &w) in words.iter().enumerate() {
        let c = w.count_ones();
        if r < c {
            return (i * 64) as u32 + select(w, r);
        }
        r -= c;
    }
    unreachable!("r < total")
}

/// The `pick(total)`-th placement, as (orientation, anchor), of the anchor sets `sets`
/// (one per orientation), counted orientation by orientation, anchors ascending: the order
/// in which the placements are listed.
fn pick_placement(sets: &[u128], pick: impl FnOnce(usize) -> usize) -> (usize, usize) {
    let total: usize = sets.iter().map(|m| m.count_ones() as usize).sum();
    let mut r = pick(total);
    for (o, &m) in sets.iter().enumerate() {
        let c = m.count_ones() as usize;
        if r < c {
            return (o, bits128(m).nth(r).expect("r < count"));
        }
        r -= c;
    }
    unreachable!("r < total");
}

/// Kinds a build of kind `k` may use: `k`, or its type's kinds in supply.
fn candidates(cfg: &Config, k: usize, supply: &[u8; 32]) -> u32 {
    if supply[k] > 0 {
        return 1 << k;
    }
    let t = cfg.data.kinds[k].typ;
    let mut m = 0;
    for (i, kind) in cfg.data.kinds.iter().enumerate() {
        if kind.typ == t && supply[i] > 0 {
            m |= 1 << i;
        }
    }
    m
}

/// Whether the builds `kinds` can all be placed together inside `free` (rulings 9, 10),
/// with the supply `supply` (restored on return). `fit(k, f)` is the cells of some
/// placement of kind `k` inside `f`, if any: plainly the first one, or one from a seat's
/// [`KindHints`]; the answer does not depend on which.
fn feasible(
    cfg: &Config,
    kinds: &[u8],
    free: u128,
    supply: &mut [u8; 32],
    fit: &mut impl FnMut(usize, u128) -> Option<u128>,
) -> bool {
    let Some((&k, rest)) = kinds.split_first() else {
        return true;
    };
    let cands = candidates(cfg, usize::from(k), supply);
    if cands == 0 {
        return feasible(cfg, rest, free, supply, fit);
    }
    if rest.len() == 1 {
        return feasible_pair(cfg, cands, rest[0], free, supply, fit);
    }
    for c in bits(u64::from(cands)) {
        let ok = if rest.is_empty() {
            fit(c, free).is_some()
        } else {
            supply[c] -= 1;
            let ok = cfg.kinds[c]
                .any_placement(free, |_, _, m| feasible(cfg, rest, free & !m, supply, fit));
            supply[c] += 1;
            ok
        };
        if ok {
            return true;
        }
    }
    false
}

/// `feasible` for two builds (the common case of a card half with two buildings), the
/// first with candidate kinds `cands`.
fn feasible_pair<F: FnMut(usize, u128) -> Option<u128>>(
    cfg: &Config,
    cands: u32,
    second: u8,
    free: u128,
    supply: &mut [u8; 32],
    fit: &mut F,
) -> bool {
    for c in bits(u64::from(cands)) {
        supply[c] -= 1;
        let c2 = candidates(cfg, usize::from(second), supply);
        supply[c] += 1;
        if c2 == 0 {
            if fit(c, free).is_some() {
                return true;
            }
            continue;
        }
        let fit2 = |fit: &mut F, f: u128| bits(u64::from(c2)).find_map(|k| fit(k, f));
        // One placement of a second kind as a witness: if the first fits beside it, the
        // pair is feasible. On a roomy table this answers at once; only a tight one
        // needs the search over the first's placements.
        let Some(witness) = fit2(fit, free) else {
            continue;
        };
        if fit(c, free & !witness).is_some() {
            return true;
        }
        if cfg.kinds[c].any_placement(free, |_, _, m| fit2(fit, free & !m).is_some()) {
            return true;
        }
    }
    false
}

/// A seat's hints for "where does kind `k` fit": a placement found earlier (`yes[k]`, 0
/// for none), which still answers for any free mask holding it, and a free mask in which
/// the kind did not fit (`no[k]`, if bit `k` of `no_known`), which answers for any mask
/// inside it. Tables fill slowly, so most checks of the seat's market halves become one
/// AND. Only ever hints: every answer is the one a search would give.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KindHints {
    yes: [u128; 32],
    no: [u128; 32],
    no_known: u32,
    /// The seat's usable spaces when the hints were last asked.
    table: u128,
}

impl KindHints {
    /// The hints for the free mask `free` (a district's starting table), all kinds asked.
    pub(super) fn from_free(kinds: &[Shape], free: u128) -> Self {
        let mut h = Self {
            table: free,
            ..Self::default()
        };
        for k in 0..kinds.len().min(32) {
            h.fit(kinds, k, free);
        }
        h
    }

    /// The cells of a placement of kind `k` inside `free`, if it fits.
    #[inline]
    fn fit(&mut self, kinds: &[Shape], k: usize, free: u128) -> Option<u128> {
        let yes = self.yes[k];
        if yes != 0 && yes & !free == 0 {
            return Some(yes);
        }
        if self.no_known >> k & 1 != 0 && free & !self.no[k] == 0 {
            return None;
        }
        let found = kinds[k].first_fit(free);
        match found {
            Some(m) => self.yes[k] = m,
            // Only the seat's own free mask: a "no" for a mask the search made by taking a
            // placement out would push out a "no" that answers more.
            None if free == self.table => {
                self.no[k] = free;
                self.no_known |= 1 << k;
            }
            None => {}
        }
        found
    }
}

impl RebuildingChicagoState {
    pub fn new(cfg: Arc<Config>) -> Self {
        let n = usize::from(cfg.players);
        let rules = &cfg.data.rules;
        let seats = (0..n)
            .map(|s| Seat {
                district: -1,
                money: if n == 1 { rules.solo_money } else { 0 },
                vp: rules.start_vp,
                unhappy: rules.unhappy[usize::from(cfg.difficulty[s])],
                quality: [0; 3],
                cover: 0,
                cover_bits: [0; 3],
                suburb: 0,
                rubble: 0,
                sights: [0; 3],
                symbols: [0; 7],
                tiles: [0; 7],
                law: -1,
                kept: 0,
                built: 0,
                lost: 0,
                dealt: 0,
                abilities: Vec::new(),
                hand: Vec::new(),
                pieces: Vec::new(),
                usable: 0,
            })
            .collect();
        let mut supply = [0u8; 32];
        for (i, k) in cfg.data.kinds.iter().enumerate() {
            supply[i] = k.count;
        }
        let solo = n == 1;
        Self {
            phase: if solo { Phase::Deal } else { Phase::Start },
            to_move: CHANCE,
            round: 1,
            start: if solo { 0 } else { -1 },
            active: -1,
            market: [-1; 8],
            deck: CardSet([u64::MAX, u64::MAX, (1u64 << 16) - 1]),
            events: 0,
            tokens: 0,
            event_tokens: 0,
            bag: (1u64 << 60) - 1,
            supply,
            landmark_pool: (1u16 << 15) - 1,
            scenario: -1,
            scenarios: if solo { (1u8 << 6) - 1 } else { 0 },
            automaton: if solo { (1u32 << 27) - 1 } else { 0 },
            first: false,
            picked: -1,
            refilled: false,
            halves: [HalfCache::default(); super::MAX_PLAYERS],
            hints: [KindHints::default(); super::MAX_PLAYERS],
            supply_key: Self::supply_key_of(&supply),
            place_exact: false,
            pick_mask: 0,
            todo: VecDeque::new(),
            seats,
            history: Vec::new(),
            cfg,
        }
    }

    pub fn players(&self) -> usize {
        usize::from(self.cfg.players)
    }

    pub fn config(&self) -> &Config {
        &self.cfg
    }

    fn solo(&self) -> bool {
        self.cfg.players == 1
    }

    /// Seats in turn order from `first`.
    fn order(&self, first: usize) -> impl Iterator<Item = usize> {
        let n = self.players();
        (0..n).map(move |i| (first + i) % n)
    }

    fn turn_order(&self) -> impl Iterator<Item = usize> {
        self.order(self.start.max(0) as usize)
    }

    // ----- counting -----

    /// Seat `s`'s usable spaces (ruling 8): kept in the seat, since every listing asks.
    #[inline]
    pub fn usable(&self, s: usize) -> u128 {
        self.seats[s].usable
    }

    /// Recomputes seat `s`'s usable spaces after its district, cover or suburbs changed.
    fn update_usable(&mut self, s: usize) {
        self.seats[s].usable = self.usable_from_scratch(s);
    }

    fn usable_from_scratch(&self, s: usize) -> u128 {
        let seat = &self.seats[s];
        let Ok(d) = usize::try_from(seat.district) else {
            return 0;
        };
        let b = &self.cfg.boards[d];
        // An area counts once a suburb touches it; a mask, not a branch (a coin toss in
        // random play).
        let area = |a: usize| {
            b.region[1 + a] & 0u128.wrapping_sub(u128::from(b.near_area[a] & seat.suburb != 0))
        };
        (b.region[0] | area(0) | area(1) | seat.suburb) & !seat.cover
    }

    /// Whether an unconnected area (0 A, 1 B) is connected.
    pub fn area_connected(&self, s: usize, a: usize) -> bool {
        let seat = &self.seats[s];
        usize::try_from(seat.district)
            .is_ok_and(|d| self.cfg.boards[d].near_area[a] & seat.suburb != 0)
    }

    /// Table spaces a suburb may cover, and the spaces one of its cells must be on.
    fn suburb_room(&self, s: usize) -> (u128, u128) {
        let seat = &self.seats[s];
        let b = &self.cfg.boards[seat.district.max(0) as usize];
        (
            GRID.all() & !b.board & !seat.suburb,
            b.near_start | GRID.neighbours(seat.suburb),
        )
    }

    pub fn uncovered_rubble(&self, s: usize) -> i32 {
        let seat = &self.seats[s];
        (seat.rubble & !seat.cover).count_ones() as i32
    }

    pub fn count(&self, s: usize, c: Count) -> i32 {
        let seat = &self.seats[s];
        match c {
            Count::Symbols(t) => seat.symbols[usize::from(t)],
            Count::Tiles(t) => seat.tiles[usize::from(t)],
            Count::Quality(a) => i32::from(seat.quality[usize::from(a)]),
            Count::Rubble => self.uncovered_rubble(s),
            Count::Sights => seat
                .sights
                .iter()
                .map(|m| (m & !seat.cover).count_ones() as i32)
                .sum(),
            Count::SightKinds => seat
                .sights
                .iter()
                .filter(|&&m| m & !seat.cover != 0)
                .count() as i32,
            Count::Types => seat.tiles.iter().filter(|&&t| t > 0).count() as i32,
            Count::Suburbs => seat.pieces.iter().filter(|p| p[0] == 2).count() as i32,
            Count::Landmarks => seat.built.count_ones() as i32,
            Count::Unhappy => seat.unhappy,
            Count::Money => seat.money,
        }
    }

    fn holds(&self, s: usize, cond: &super::data::Cond) -> bool {
        let rhs = match cond.rhs {
            Rhs::Int(v) => v,
            Rhs::Count(c) => self.count(s, c),
        };
        cond.op.holds(self.count(s, cond.lhs), rhs)
    }

    fn amount(&self, s: usize, e: &Effect) -> i32 {
        let mut a = e.amount;
        if let Some((c, k)) = e.per {
            a *= self.count(s, c) / k;
        }
        if let Some(cond) = &e.cond {
            if !self.holds(s, cond) {
                a = 0;
            }
        }
        a
    }

    /// Applies a gain; suburbs become tasks in `new`.
    fn gain(&mut self, s: usize, gain: Gain, a: i32, new: &mut TaskBuf) {
        let rules = &self.cfg.data.rules;
        let (min, qmax) = (rules.unhappy_min, rules.quality_max);
        let seat = &mut self.seats[s];
        match gain {
            Gain::Money => seat.money = (seat.money + a).max(0),
            Gain::Vp => seat.vp = (seat.vp + a).max(0),
            Gain::Appease => seat.unhappy = (seat.unhappy - a).max(min),
            Gain::Quality(q) => {
                let q = &mut seat.quality[usize::from(q)];
                *q = (i32::from(*q) + a).clamp(0, i32::from(qmax)) as u8;
            }
            Gain::Suburbs => {
                if a > 0 {
                    new.push(Task::new(DRAW, s, a));
                    new.push(Task::new(SUBURBS, s, 0));
                }
            }
        }
    }

    fn apply_effect(&mut self, s: usize, e: &Effect, new: &mut TaskBuf) {
        let a = self.amount(s, e);
        self.gain(s, e.gain, a, new);
    }

    fn prepend(&mut self, new: TaskBuf) {
        for &t in new.buf[..new.len].iter().rev() {
            self.todo.push_front(t);
        }
    }

    // ----- feasibility (rulings 9, 10) -----

    fn feasible(&self, kinds: &[u8], free: u128, supply: &mut [u8; 32]) -> bool {
        let cfg = &*self.cfg;
        feasible(cfg, kinds, free, supply, &mut |k, f| {
            cfg.kinds[k].first_fit(f)
        })
    }

    /// True when no placement of kind `first` can leave the kinds `second` without a place
    /// in `free`: a placement of `first` overlaps at most `cells × cells₂ × orientations₂`
    /// placements of each second kind, so more placements than that always leave one.
    fn never_blocked(&self, first: usize, second: u32, free: u128) -> bool {
        let k1 = &self.cfg.kinds[first];
        let c1 = k1.orients[0].cells.len() as u32;
        let (mut bound, mut count) = (0u32, 0u32);
        for k in bits(u64::from(second)) {
            let k2 = &self.cfg.kinds[k];
            bound += c1 * k2.orients[0].cells.len() as u32 * k2.orients.len() as u32;
            count += k2.count(free);
        }
        count > bound
    }

    fn builds_of_half(&self, card: usize) -> ([u8; 2], usize) {
        self.cfg.card_builds[card]
    }

    /// Whether card `card`'s benefits half can be taken; `memo` caches the answers per
    /// pair of kinds for one free mask (many cards share their buildings).
    fn half_feasible(&self, free: u128, card: usize, memo: &mut Memo) -> bool {
        let (kinds, n) = self.builds_of_half(card);
        let key = (kinds, n);
        if let Some(&(_, ok)) = memo.0[..memo.1].iter().find(|m| m.0 == key) {
            return ok;
        }
        let mut supply = self.supply;
        let ok = self.feasible(&kinds[..n], free, &mut supply);
        memo.0[memo.1] = (key, ok);
        memo.1 += 1;
        ok
    }

    /// What the feasibility of build lists depends on in the supply: which kinds have one
    /// tile left (low word) and which have two (high word); a list has at most two builds.
    fn supply_key_of(supply: &[u8; 32]) -> u64 {
        let mut one = 0u32;
        let mut two = 0u32;
        for (k, &n) in supply.iter().enumerate() {
            one |= u32::from(n > 0) << k;
            two |= u32::from(n > 1) << k;
        }
        u64::from(one) | u64::from(two) << 32
    }

    /// Takes a tile of kind `k` from the supply, keeping `supply_key` in step.
    fn take_supply(&mut self, k: usize) {
        self.supply[k] -= 1;
        match self.supply[k] {
            0 => self.supply_key &= !(1 << k),
            1 => self.supply_key &= !(1 << (32 + k)),
            _ => {}
        }
    }

    /// Seat `s`'s cached answers if they are for its usable spaces `free` and the supply
    /// now, else none (checked once per listing, not per market slot).
    fn cache_now(&self, s: usize, free: u128) -> HalfCache {
        let c = self.halves[s];
        if c.free == free && c.supply == self.supply_key {
            c
        } else {
            HalfCache::default()
        }
    }

    /// `half_feasible` answered from the cache (of `cache_now`) when it holds the answer.
    #[inline]
    fn half_feasible_cached(
        &self,
        cache: &HalfCache,
        free: u128,
        card: usize,
        memo: &mut Memo,
    ) -> bool {
        let id = u32::from(self.cfg.half_id[card]);
        if id < 64 && cache.known >> id & 1 != 0 {
            return cache.ok >> id & 1 != 0;
        }
        self.half_feasible(free, card, memo)
    }

    /// After a move: a seat about to choose from the market (turn or free card) gets its
    /// cache filled, since the listing itself only reads it.
    fn refresh_halves_if_choosing(&mut self) {
        if matches!(self.phase, Phase::Turn | Phase::Free) {
            self.refresh_halves();
        }
    }

    /// Fills the cache of the seat to move with the answers its market listing will ask.
    fn refresh_halves(&mut self) {
        let Ok(s) = usize::try_from(self.to_move) else {
            return;
        };
        let free = self.usable(s);
        let supply = self.supply_key;
        debug_assert_eq!(supply, Self::supply_key_of(&self.supply));
        debug_assert_eq!(free, self.usable_from_scratch(s));
        let mut c = self.halves[s];
        if c.supply != supply {
            c = HalfCache {
                free,
                supply,
                ..HalfCache::default()
            };
        } else if c.free != free {
            // Feasibility only grows with the free spaces: fewer keep the infeasible answers,
            // more keep the feasible ones.
            if free & !c.free == 0 {
                c.known &= !c.ok;
                c.ok = 0;
                c.lm_known &= !c.lm_ok;
                c.lm_ok = 0;
            } else if c.free & !free == 0 {
                c.known &= c.ok;
                c.lm_known &= c.lm_ok;
            } else {
                c = HalfCache {
                    free,
                    supply,
                    ..HalfCache::default()
                };
            }
            c.free = free;
        }
        // The build lists the listing will ask about (affordable cards only in a turn), and
        // of those the ones not answered yet, without a branch per slot.
        let money = if self.phase == Phase::Turn {
            self.seats[s].money
        } else {
            i32::MAX
        };
        let mut need = 0u64;
        for &card in &self.market {
            let (id, cost) = self.cfg.slot_cards[(card + 1) as usize];
            let ask = (id < 64) & (cost <= money);
            need |= u64::from(ask) << (id & 63);
        }
        let cfg = &*self.cfg;
        let hints = &mut self.hints[s];
        hints.table = free;
        for id in bits(need & !c.known) {
            let (kinds, n) = cfg.half_builds[id];
            let mut supply = self.supply;
            let ok = feasible(cfg, &kinds[..n], free, &mut supply, &mut |k, f| {
                hints.fit(&cfg.kinds, k, f)
            });
            c.known |= 1 << id;
            c.ok |= u64::from(ok) << id;
        }
        // A turn also asks whether each affordable kept landmark fits.
        if self.phase == Phase::Turn {
            for l in bits(u64::from(self.seats[s].kept & !c.lm_known)) {
                if self.cfg.data.landmarks[l].cost <= money {
                    c.lm_known |= 1 << l;
                    c.lm_ok |= u16::from(self.cfg.landmarks[l].fits(free)) << l;
                }
            }
        }
        self.halves[s] = c;
    }

    /// The kinds of the build tasks of the front task's seat right after the front.
    fn rest_kinds(&self) -> ([u8; 8], usize) {
        let mut out = [0u8; 8];
        let mut n = 0;
        let seat = self.todo[0].seat;
        for t in self.todo.iter().skip(1) {
            if t.code != BUILD || t.seat != seat || n == 8 {
                break;
            }
            out[n] = t.arg as u8;
            n += 1;
        }
        (out, n)
    }

    /// `shape` candidates for the front build (kind `k` out of supply).
    fn shape_choices(&self, s: usize, k: usize) -> u32 {
        let (rest, n) = self.rest_kinds();
        let free = self.usable(s);
        let mut supply = self.supply;
        let mut out = 0;
        for c in bits(u64::from(candidates(&self.cfg, k, &supply))) {
            supply[c] -= 1;
            let ok = self.cfg.kinds[c].any_placement(free, |_, _, m| {
                self.feasible(&rest[..n], free & !m, &mut supply)
            });
            supply[c] += 1;
            if ok {
                out |= 1 << c;
            }
        }
        out
    }

    /// Placements of the front build, kind `k`, keeping the rest feasible.
    /// Calls `f(o, anchor)` for the placements of the front build, kind `k`, that keep the
    /// rest feasible; stops when `f` returns true.
    fn build_placements(
        &self,
        s: usize,
        k: usize,
        mut f: impl FnMut(usize, usize) -> bool,
    ) -> bool {
        let (rest, n) = self.rest_kinds();
        let free = self.usable(s);
        let mut supply = self.supply;
        supply[k] -= 1;
        if n == 1 {
            // One build left: a placement is offered when the last build still fits.
            let c2 = candidates(&self.cfg, usize::from(rest[0]), &supply);
            if c2 != 0 && self.never_blocked(k, c2, free) {
                return self.cfg.kinds[k].any_placement(free, |o, a, _| f(o, a));
            }
            if c2 != 0 {
                let fits2 = |f: u128| bits(u64::from(c2)).any(|c| self.cfg.kinds[c].fits(f));
                return self.cfg.kinds[k]
                    .any_placement(free, |o, a, m| fits2(free & !m) && f(o, a));
            }
        }
        self.cfg.kinds[k].any_placement(free, |o, a, m| {
            self.feasible(&rest[..n], free & !m, &mut supply) && f(o, a)
        })
    }

    /// Whether the placements of the front build (seat `s`, kind `k`) are all the ones
    /// that fit: nothing else to build, or one last build that has no tile left or that no
    /// placement can block.
    fn front_exact(&self, s: usize, k: usize) -> bool {
        let (rest, n) = self.rest_kinds();
        match n {
            0 => true,
            1 => {
                let mut supply = self.supply;
                supply[k] -= 1;
                let c2 = candidates(&self.cfg, usize::from(rest[0]), &supply);
                c2 == 0 || self.never_blocked(k, c2, self.usable(s))
            }
            _ => false,
        }
    }

    /// In phase `place`, the anchors per orientation when they are exactly the legal
    /// placements (suburbs, landmarks, and buildings whose rest cannot be blocked).
    fn placement_sets(&self) -> Option<([u128; 8], usize)> {
        if self.phase != Phase::Place {
            return None;
        }
        let t = self.todo[0];
        let s = usize::from(t.seat);
        match t.code {
            BUILD => {
                if !self.place_exact {
                    return None;
                }
                let free = self.usable(s);
                Some(sets(&self.cfg.kinds[t.arg as usize], |o| {
                    o.anchors_in(free)
                }))
            }
            LANDMARK => {
                let free = self.usable(s);
                Some(sets(&self.cfg.landmarks[t.arg as usize], |o| {
                    o.anchors_in(free)
                }))
            }
            _ => {
                let (room, touch) = self.suburb_room(s);
                let shape = &self.cfg.suburbs[self.picked as usize];
                Some(sets(shape, |o| o.anchors_touching(room, touch)))
            }
        }
    }

    fn suburb_placements(&self, s: usize, id: usize, out: &mut Vec<Action>) {
        let (room, touch) = self.suburb_room(s);
        for (o, or) in self.cfg.suburbs[id].orients.iter().enumerate() {
            let base = (o * SPACES) as Action;
            out.extend(bits128(or.anchors_touching(room, touch)).map(|a| base + a as Action));
        }
    }

    /// The hand's suburbs that fit somewhere, as bits by id (the room is computed once).
    fn placeable_hand(&self, s: usize) -> u64 {
        let (room, touch) = self.suburb_room(s);
        let mut m = 0u64;
        for &id in &self.seats[s].hand {
            let shape = &self.cfg.suburbs[usize::from(id)];
            if shape
                .orients
                .iter()
                .any(|o| o.anchors_touching(room, touch) != 0)
            {
                m |= 1 << id;
            }
        }
        m
    }

    // ----- flow -----

    fn stop(&mut self, phase: Phase, seat: usize) {
        self.phase = phase;
        self.to_move = seat as i32;
    }

    fn chance(&mut self, phase: Phase) {
        self.phase = phase;
        self.to_move = CHANCE;
    }

    fn begin_turn(&mut self, s: usize) {
        self.active = s as i8;
        self.refilled = false;
        self.stop(Phase::Turn, s);
    }

    /// Works through the task queue until a decision or chance draw is needed; an empty
    /// queue ends the turn.
    pub(super) fn run(&mut self) {
        while let Some(&t) = self.todo.front() {
            let s = usize::from(t.seat);
            match t.code {
                BUILD => {
                    let k = t.arg as usize;
                    if self.supply[k] == 0 {
                        let c = self.shape_choices(s, k);
                        match c.count_ones() {
                            0 => {
                                self.todo.pop_front();
                                continue;
                            }
                            1 => self.todo[0].arg = c.trailing_zeros() as i16,
                            _ => return self.stop(Phase::Shape, s),
                        }
                    }
                    let k = self.todo[0].arg as usize;
                    let exact = self.front_exact(s, k);
                    let any = if exact {
                        self.cfg.kinds[k].fits(self.usable(s))
                    } else {
                        self.build_placements(s, k, |_, _| true)
                    };
                    if !any {
                        self.todo.pop_front();
                        continue;
                    }
                    self.place_exact = exact;
                    return self.stop(Phase::Place, s);
                }
                LANDMARK => return self.stop(Phase::Place, s),
                DRAW => {
                    if t.arg > 0 && self.bag != 0 {
                        return self.chance(Phase::Bag);
                    }
                    self.todo.pop_front();
                }
                SUBURBS => {
                    if self.picked >= 0 {
                        return self.stop(Phase::Place, s);
                    }
                    let placeable = self.placeable_hand(s);
                    match placeable.count_ones() {
                        0 => {
                            self.seats[s].hand.clear();
                            self.todo.pop_front();
                        }
                        1 => {
                            self.picked = placeable.trailing_zeros() as i8;
                            return self.stop(Phase::Place, s);
                        }
                        _ => {
                            self.pick_mask = placeable;
                            return self.stop(Phase::Pick, s);
                        }
                    }
                }
                ACTIVATOR => {
                    let e = t.arg as u8;
                    if e == GRADUATION {
                        return self.stop(Phase::Choose, s);
                    }
                    let ev = &self.cfg.data.events.amenity[usize::from(e - 3)];
                    let (building, vp) = (ev.building, ev.activator_vp);
                    let mut supply = self.supply;
                    if self.feasible(&[building], self.usable(s), &mut supply) {
                        return self.stop(Phase::Choose, s);
                    }
                    self.seats[s].vp += vp;
                    self.todo.pop_front();
                }
                REWARD => {
                    if self.reward(s, t.arg as u8) {
                        return self.stop(Phase::Choose, s);
                    }
                    self.todo.pop_front();
                }
                FREE => return self.stop(Phase::Free, s),
                _ => {
                    if self.droppable(s) != (0, 0) {
                        return self.stop(Phase::Drop, s);
                    }
                    self.todo.pop_front();
                }
            }
        }
        self.end_turn();
    }

    fn shortfall(&self, s: usize, amenity: usize) -> i32 {
        let seat = &self.seats[s];
        (seat.unhappy - seat.symbols[3 + amenity]).max(0)
    }

    /// The shopping reward's amount for seat `s`.
    fn shopping_amount(&self, s: usize) -> i32 {
        let ev = &self.cfg.data.events.amenity[1];
        let q = usize::from(self.seats[s].quality[1]);
        (ev.money[q] - self.shortfall(s, 1)).max(0)
    }

    /// The World Stage pair that applies to seat `s`, and whether it is a reward.
    fn world_pair(&self, s: usize) -> ([WorldOption; 2], bool) {
        let ev = &self.cfg.data.events;
        let r = usize::from(self.round - 1);
        let net = self.seats[s].tiles[usize::from(STATUE)] - self.uncovered_rubble(s);
        if net >= ev.threshold[r] {
            (ev.reward[r], true)
        } else {
            (ev.penalty[r], false)
        }
    }

    fn market_empty(&self) -> bool {
        self.market.iter().all(|&c| c < 0)
    }

    /// The all-players part of event `e` for seat `s`; true if it needs a choice.
    fn reward(&mut self, s: usize, e: u8) -> bool {
        let mut none = TaskBuf::default();
        match e {
            GRADUATION => {
                let g = self.seats[s].symbols[2];
                self.gain(s, Gain::Appease, g, &mut none);
            }
            SIGHTS => {
                let n = self.count(s, Count::Sights);
                let r = usize::from(self.round - 1);
                for i in 0..self.cfg.data.events.per_sight[r].len() {
                    let eff = self.cfg.data.events.per_sight[r][i];
                    self.gain(s, eff.gain, eff.amount * n, &mut none);
                }
            }
            3 | 5 => {
                let a = usize::from(e - 3);
                let q = usize::from(self.seats[s].quality[a]);
                let am = &self.cfg.data.events.amenity[a];
                let (money, vp) = (am.money[q], am.vp[q]);
                let short = self.shortfall(s, a);
                if a == 0 {
                    let m = (money - short).max(0);
                    self.gain(s, Gain::Money, m, &mut none);
                }
                let v = (vp - short).max(0);
                self.gain(s, Gain::Vp, v, &mut none);
            }
            SHOPPING => return self.shopping_amount(s) > 0,
            WORLD => {
                let (pair, _) = self.world_pair(s);
                if pair.contains(&WorldOption::Card) && self.market_empty() {
                    let other = if pair[0] == WorldOption::Card {
                        pair[1]
                    } else {
                        pair[0]
                    };
                    self.world_apply(s, other, true);
                    return false;
                }
                return true;
            }
            _ => {}
        }
        false
    }

    /// Applies a World Stage option (a reward or a penalty) other than card and ability.
    fn world_apply(&mut self, s: usize, o: WorldOption, reward: bool) {
        let sign = if reward { 1 } else { -1 };
        let mut none = TaskBuf::default();
        match o {
            WorldOption::Vp(n) => self.gain(s, Gain::Vp, sign * n, &mut none),
            WorldOption::Money(n) => self.gain(s, Gain::Money, sign * n, &mut none),
            WorldOption::Card => self.todo.push_front(Task::new(FREE, s, 0)),
            WorldOption::Ability => self.todo.push_front(Task::new(LOSE, s, 0)),
        }
    }

    /// Cards (as a bit set over the seat's ability list positions are not needed: ids) and
    /// landmarks a seat may lose to the World Stage: `(has a card, landmark bits)`.
    fn droppable(&self, s: usize) -> (usize, u16) {
        let seat = &self.seats[s];
        let mut lm = 0u16;
        for l in bits(u64::from(seat.built & !seat.lost)) {
            if !self.cfg.data.landmarks[l].endgame.is_empty() {
                lm |= 1 << l;
            }
        }
        (seat.abilities.len(), lm)
    }

    fn end_turn(&mut self) {
        self.refilled = false;
        if self.events == ALL_EVENTS {
            return self.end_action_phase();
        }
        if self.solo() {
            if self.active == 0 {
                self.active = -1;
                self.chance(Phase::Automaton);
            } else {
                self.begin_turn(0);
            }
        } else {
            let next = (self.active as usize + 1) % self.players();
            self.begin_turn(next);
        }
    }

    fn end_action_phase(&mut self) {
        let n = self.players();
        // Who starts next round; after round 3 there is none, and the fields keep the
        // last round's values.
        if self.round < 3 {
            if self.solo() {
                self.first = self.active == 0;
            } else {
                self.start = ((self.active as usize + 1) % n) as i8;
            }
        }
        let cfg = Arc::clone(&self.cfg);
        let data = &cfg.data;
        let mut none = TaskBuf::default();
        for s in 0..n {
            let m = data.rules.money_per_symbol * self.seats[s].symbols[1];
            self.gain(s, Gain::Money, m, &mut none);
            // Effects change money, VP and tracks, never the abilities: index, no clone.
            for i in 0..self.seats[s].abilities.len() {
                let c = self.seats[s].abilities[i];
                if let Ability::Profit(e) = &data.cards[usize::from(c)].ability {
                    self.apply_effect(s, e, &mut none);
                }
            }
        }
        self.active = -1;
        if self.round == 3 {
            for s in 0..n {
                for i in 0..self.seats[s].abilities.len() {
                    let c = self.seats[s].abilities[i];
                    if let Ability::Endgame(e) = &data.cards[usize::from(c)].ability {
                        self.apply_effect(s, e, &mut none);
                    }
                }
                let seat = &self.seats[s];
                for l in bits(u64::from(seat.built & !seat.lost)) {
                    for e in &data.landmarks[l].endgame {
                        self.apply_effect(s, e, &mut none);
                    }
                }
                let v = self.seats[s].money / data.rules.money_per_vp;
                self.gain(s, Gain::Vp, v, &mut none);
            }
            self.phase = Phase::Over;
            self.to_move = TERMINAL;
            return;
        }
        self.round += 1;
        for slot in 0..8 {
            if self.market[slot] >= 0 {
                self.deck.set(self.market[slot] as usize);
                self.market[slot] = -1;
            }
        }
        self.tokens = 0;
        self.event_tokens = 0;
        self.events = 0;
        for seat in &mut self.seats {
            seat.law = -1;
        }
        if self.solo() {
            self.automaton = (1u32 << 27) - 1;
        }
        self.chance(Phase::Deal);
    }

    fn round_start(&mut self) {
        if self.round > 1 {
            let rules = &self.cfg.data.rules;
            for s in 0..self.players() {
                let inc = rules.unhappy[usize::from(self.cfg.difficulty[s])];
                let seat = &mut self.seats[s];
                seat.unhappy = (seat.unhappy + inc).clamp(rules.unhappy_min, rules.unhappy_max);
            }
        }
        if self.solo() {
            return self.chance(Phase::Scenario);
        }
        self.begin_action_phase();
    }

    fn begin_action_phase(&mut self) {
        if self.solo() && self.first {
            self.active = -1;
            self.chance(Phase::Automaton);
        } else {
            self.begin_turn(self.start as usize);
        }
    }

    /// The current round's deck.
    fn round_deck(&self) -> CardSet {
        let r = &self.cfg.round_cards[usize::from(self.round - 1)];
        CardSet([
            self.deck.0[0] & r[0],
            self.deck.0[1] & r[1],
            self.deck.0[2] & r[2],
        ])
    }

    fn deck_has_round(&self) -> bool {
        self.round_deck().0 != [0; 3]
    }

    fn after_deal(&mut self) {
        if self.market.contains(&-1) && self.deck_has_round() {
            return;
        }
        if let Some(s) = self.turn_order().find(|&s| self.seats[s].district < 0) {
            return self.stop(Phase::District, s);
        }
        if self.active >= 0 {
            let s = self.active as usize;
            return self.stop(Phase::Turn, s);
        }
        self.round_start();
    }

    fn lose_token_money(&mut self) {
        let seat = &mut self.seats[0];
        seat.money = (seat.money - 1).max(0);
    }

    /// Resolves a bought (or free) card's half for seat `s`.
    fn resolve_card(&mut self, s: usize, card: usize, half: u8) {
        // Parts of the card are copied out one at a time rather than cloning the config's
        // `Arc` (two atomic operations per card).
        let mut new = TaskBuf::default();
        if half == 0 {
            for i in 0..self.cfg.data.cards[card].benefits.len() {
                match self.cfg.data.cards[card].benefits[i] {
                    Benefit::Effect(e) => self.apply_effect(s, &e, &mut new),
                    Benefit::Build(k) => new.push(Task::new(BUILD, s, i32::from(k))),
                }
            }
        } else {
            match self.cfg.data.cards[card].ability {
                Ability::Profit(_) | Ability::Endgame(_) => {
                    let a = &mut self.seats[s].abilities;
                    let pos = a.partition_point(|&x| usize::from(x) < card);
                    a.insert(pos, card as u8);
                }
                Ability::Suburbs(n) => {
                    new.push(Task::new(DRAW, s, n));
                    new.push(Task::new(SUBURBS, s, 0));
                }
            }
        }
        self.prepend(new);
    }

    fn take_card(&mut self, s: usize, slot: usize) -> usize {
        let card = self.market[slot] as usize;
        if self.tokens & (1 << slot) != 0 {
            self.tokens &= !(1 << slot);
            self.seats[s].money += 1;
        }
        self.market[slot] = -1;
        card
    }

    fn activate(&mut self, s: usize, e: u8) {
        let cfg = Arc::clone(&self.cfg);
        let ev = &cfg.data.events;
        self.events |= 1 << e;
        if self.event_tokens & (1 << e) != 0 {
            self.event_tokens &= !(1 << e);
            self.seats[s].money += 1;
        }
        let n = self.players();
        let order = (0..n).map(|i| (s + i) % n);
        let mut new = TaskBuf::default();
        match e {
            EXPANSION => {
                new.push(Task::new(DRAW, s, 1));
                for q in order.clone() {
                    new.push(Task::new(DRAW, q, self.seats[q].symbols[0]));
                }
                for q in order {
                    new.push(Task::new(SUBURBS, q, 0));
                }
            }
            SIGHTS => {
                self.seats[s].money += ev.sights_money;
                new.extend(order.map(|q| Task::new(REWARD, q, i32::from(e))));
            }
            WORLD => {
                let statue = cfg
                    .data
                    .kinds
                    .iter()
                    .enumerate()
                    .position(|(i, k)| k.typ == STATUE && self.supply[i] > 0);
                if let Some(k) = statue {
                    let mut supply = self.supply;
                    if self.feasible(&[k as u8], self.usable(s), &mut supply) {
                        new.push(Task::new(BUILD, s, k as i32));
                    }
                }
                new.extend(order.map(|q| Task::new(REWARD, q, i32::from(e))));
            }
            _ => {
                new.push(Task::new(ACTIVATOR, s, i32::from(e)));
                new.extend(order.map(|q| Task::new(REWARD, q, i32::from(e))));
            }
        }
        self.prepend(new);
    }

    fn automaton_acts(&mut self, card: usize) {
        let data = &self.cfg.data;
        if let Some(cost) = data.automaton[card] {
            // The first slot holding a card of that cost: a mask of all slots, then its
            // lowest bit (a search loop's exit would be a coin toss in random play).
            let mut slots = 0u32;
            for (i, &c) in self.market.iter().enumerate() {
                // An empty slot's cost (i32::MAX) is no card's.
                let same = self.cfg.slot_cards[(c + 1) as usize].1 == cost;
                slots |= u32::from(same) << i;
            }
            if slots != 0 {
                let slot = slots.trailing_zeros() as usize;
                self.market[slot] = -1;
                if self.tokens & (1 << slot) != 0 {
                    self.tokens &= !(1 << slot);
                    self.lose_token_money();
                }
                return self.run();
            }
        }
        let order = &data.scenarios[self.scenario as usize].order;
        // The scenario's first event not yet activated, read the same way.
        let mut open = 0u32;
        for (i, &e) in order.iter().enumerate() {
            open |= u32::from(self.events & (1 << e) == 0) << i;
        }
        assert!(open != 0, "an event is left while the action phase goes on");
        let e = order[open.trailing_zeros() as usize];
        self.events |= 1 << e;
        if self.event_tokens & (1 << e) != 0 {
            self.event_tokens &= !(1 << e);
            self.lose_token_money();
        }
        if e == EXPANSION {
            let n = self.seats[0].symbols[0];
            self.todo.push_back(Task::new(DRAW, 0, n));
            self.todo.push_back(Task::new(SUBURBS, 0, 0));
        } else {
            self.todo.push_back(Task::new(REWARD, 0, i32::from(e)));
        }
        self.run();
    }

    fn choose_district(&mut self, s: usize, d: usize) {
        let b = &self.cfg.boards[d];
        self.hints[s] = b.hints;
        let seat = &mut self.seats[s];
        seat.district = d as i8;
        seat.cover = b.cover;
        seat.cover_bits = b.cover_bits;
        seat.rubble = b.rubble;
        seat.sights = b.sights;
        seat.symbols = b.symbols;
        seat.tiles = b.tiles;
        self.update_usable(s);
        match self.turn_order().find(|&q| self.seats[q].district < 0) {
            Some(q) => self.stop(Phase::District, q),
            None => self.chance(Phase::Landmarks),
        }
    }

    fn place(&mut self, o: usize, space: usize) {
        let t = self.todo[0];
        let s = usize::from(t.seat);
        let cfg = &*self.cfg;
        match t.code {
            BUILD => {
                let k = t.arg as usize;
                let m = cfg.kinds[k].mask(o, space).expect("legal");
                let (typ, symbols) = (
                    usize::from(cfg.data.kinds[k].typ),
                    cfg.data.kinds[k].symbols,
                );
                self.take_supply(k);
                let seat = &mut self.seats[s];
                seat.cover |= m;
                seat.mark_cover(m, typ as u8);
                seat.symbols[typ] += symbols;
                seat.tiles[typ] += 1;
                seat.pieces.push([0, k as i16, o as i16, space as i16]);
                seat.usable &= !m;
                self.todo.pop_front();
            }
            LANDMARK => {
                let l = t.arg as usize;
                let m = cfg.landmarks[l].mask(o, space).expect("legal");
                let seat = &mut self.seats[s];
                seat.cover |= m;
                seat.mark_cover(m, LANDMARK_COVER);
                seat.built |= 1 << l;
                seat.kept &= !(1 << l);
                seat.pieces.push([1, l as i16, o as i16, space as i16]);
                seat.usable &= !m;
                self.todo.pop_front();
                let mut new = TaskBuf::default();
                for i in 0..self.cfg.data.landmarks[l].immediate.len() {
                    let e = self.cfg.data.landmarks[l].immediate[i];
                    self.apply_effect(s, &e, &mut new);
                }
                self.prepend(new);
            }
            _ => {
                let id = self.picked as usize;
                let shape = &cfg.suburbs[id];
                let m = shape.mask(o, space).expect("legal");
                let seat = &mut self.seats[s];
                seat.suburb |= m;
                for &(x, y, sym) in &shape.orients[o].cells {
                    let bit = 1u128 << (space + y as usize * usize::from(GRID.w) + x as usize);
                    match sym {
                        1 => seat.rubble |= bit,
                        2..=4 => seat.sights[usize::from(sym - 2)] |= bit,
                        _ => {}
                    }
                }
                seat.hand.retain(|&h| usize::from(h) != id);
                seat.pieces.push([2, id as i16, o as i16, space as i16]);
                self.picked = -1;
                // A suburb adds spaces, and may connect an area.
                self.update_usable(s);
            }
        }
    }

    fn choose(&mut self, c: u8) {
        let t = self.todo[0];
        let s = usize::from(t.seat);
        let cfg = Arc::clone(&self.cfg);
        let ev = &cfg.data.events;
        let e = t.arg as u8;
        let mut none = TaskBuf::default();
        self.todo.pop_front();
        if t.code == ACTIVATOR {
            match (e, c) {
                (GRADUATION, MONEY) => self.gain(s, Gain::Money, ev.grad_money, &mut none),
                (GRADUATION, _) => self.gain(s, Gain::Appease, ev.grad_appease, &mut none),
                (_, VP) => {
                    let v = ev.amenity[usize::from(e - 3)].activator_vp;
                    self.gain(s, Gain::Vp, v, &mut none);
                }
                _ => {
                    let k = ev.amenity[usize::from(e - 3)].building;
                    self.todo.push_front(Task::new(BUILD, s, i32::from(k)));
                }
            }
        } else if e == SHOPPING {
            // The task is popped, but nothing else changed since it reached the front.
            let a = self.shopping_amount(s);
            let g = if c == VP { Gain::Vp } else { Gain::Money };
            self.gain(s, g, a, &mut none);
        } else {
            let (pair, reward) = self.world_pair(s);
            let o = if pair[0].choice() == c {
                pair[0]
            } else {
                pair[1]
            };
            self.world_apply(s, o, reward);
        }
    }

    // ----- legality -----

    fn push_turn_actions(&self, s: usize, out: &mut Vec<Action>) {
        let data = &self.cfg.data;
        let seat = &self.seats[s];
        let usable = self.usable(s);
        let cache = self.cache_now(s, usable);
        let mut memo: Memo = ([(([0; 2], 0), false); 8], 0);
        for slot in 0..8 {
            // One test for an empty slot (cost i32::MAX) and an unaffordable card.
            let v = self.market[slot];
            if self.cfg.slot_cards[(v + 1) as usize].1 > seat.money {
                continue;
            }
            let card = v as usize;
            if self.half_feasible_cached(&cache, usable, card, &mut memo) {
                out.push(nt::BUY + 2 * slot as u32);
            }
            out.push(nt::BUY + 2 * slot as u32 + 1);
        }
        for l in bits(u64::from(seat.kept)) {
            if data.landmarks[l].cost > seat.money {
                continue;
            }
            let fits = if cache.lm_known >> l & 1 != 0 {
                cache.lm_ok >> l & 1 != 0
            } else {
                self.cfg.landmarks[l].fits(usable)
            };
            if fits {
                out.push(nt::LANDMARK + l as u32);
            }
        }
        // The events left, written in place and cut back (no branch per event).
        let world_ok = self.events.count_ones() >= data.rules.world_needs;
        let open = !self.events & ALL_EVENTS & !(u8::from(!world_ok) << WORLD);
        let base = out.len();
        out.resize(base + 7, 0);
        let mut n = base;
        for e in 0..7u8 {
            out[n] = nt::EVENT + u32::from(e);
            n += usize::from(open >> e & 1);
        }
        out.truncate(n);
        if seat.law < 0 {
            let d = &data.districts[seat.district as usize];
            for (k, law) in d.laws.iter().enumerate() {
                let afford = match law.cost {
                    Cost::Money(m) => seat.money >= m,
                    Cost::Vp(v) => seat.vp >= v,
                };
                if afford && law.require.as_ref().map_or(true, |c| self.holds(s, c)) {
                    out.push(nt::LAW + k as u32);
                }
            }
        }
        if !self.refilled
            && seat.money >= data.rules.refill_cost
            && self.market.contains(&-1)
            && self.deck_has_round()
        {
            out.push(nt::REFILL);
        }
    }

    fn choose_options(&self) -> Vec<u8> {
        let t = self.todo[0];
        let s = usize::from(t.seat);
        let e = t.arg as u8;
        if t.code == ACTIVATOR {
            return if e == GRADUATION {
                vec![MONEY, APPEASE]
            } else {
                vec![VP, BUILDING]
            };
        }
        if e == SHOPPING {
            return vec![VP, MONEY];
        }
        let (pair, _) = self.world_pair(s);
        let mut v: Vec<u8> = pair
            .iter()
            .filter(|o| **o != WorldOption::Card || !self.market_empty())
            .map(|o| o.choice())
            .collect();
        v.sort_unstable();
        v
    }

    fn push_legal(&self, out: &mut Vec<Action>) {
        out.clear();
        let Ok(s) = usize::try_from(self.to_move) else {
            return;
        };
        let data = &self.cfg.data;
        match self.phase {
            Phase::District => {
                for d in 0..data.districts.len() {
                    if self.seats.iter().all(|x| x.district != d as i8) {
                        out.push(nt::DISTRICT + d as u32);
                    }
                }
            }
            Phase::Keep => {
                out.extend(bits(u64::from(self.seats[s].dealt)).map(|l| nt::RETURN + l as u32));
            }
            Phase::Turn => self.push_turn_actions(s, out),
            Phase::Place => {
                let t = self.todo[0];
                match t.code {
                    BUILD => {
                        self.build_placements(s, t.arg as usize, |o, a| {
                            out.push((o * SPACES + a) as Action);
                            false
                        });
                    }
                    LANDMARK => {
                        self.cfg.landmarks[t.arg as usize].any_placement(
                            self.usable(s),
                            |o, a, _| {
                                out.push((o * SPACES + a) as Action);
                                false
                            },
                        );
                    }
                    _ => self.suburb_placements(s, self.picked as usize, out),
                }
            }
            Phase::Shape => {
                let c = self.shape_choices(s, self.todo[0].arg as usize);
                out.extend(bits(u64::from(c)).map(|k| nt::SHAPE + k as u32));
            }
            Phase::Pick => {
                debug_assert_eq!(self.pick_mask, self.placeable_hand(s));
                out.extend(bits(self.pick_mask).map(|id| nt::PICK + id as u32));
            }
            Phase::Choose => {
                out.extend(
                    self.choose_options()
                        .into_iter()
                        .map(|c| nt::CHOOSE + u32::from(c)),
                );
            }
            Phase::Free => {
                let usable = self.usable(s);
                let cache = self.cache_now(s, usable);
                let mut memo: Memo = ([(([0; 2], 0), false); 8], 0);
                for slot in 0..8 {
                    let Ok(card) = usize::try_from(self.market[slot]) else {
                        continue;
                    };
                    if self.half_feasible_cached(&cache, usable, card, &mut memo) {
                        out.push(nt::BUY + 2 * slot as u32);
                    }
                    out.push(nt::BUY + 2 * slot as u32 + 1);
                }
            }
            Phase::Drop => {
                let seat = &self.seats[s];
                out.extend(seat.abilities.iter().map(|&c| nt::DROP + u32::from(c)));
                let (_, lm) = self.droppable(s);
                out.extend(bits(u64::from(lm)).map(|l| nt::DROP_LANDMARK + l as u32));
            }
            _ => {}
        }
    }

    /// The automaton's cards left to draw (all 27 again once it is empty).
    fn automaton_pool(&self) -> u32 {
        if self.automaton == 0 {
            (1u32 << 27) - 1
        } else {
            self.automaton
        }
    }

    fn push_outcomes(&self, out: &mut Vec<(Action, u64)>) {
        out.clear();
        match self.phase {
            Phase::Start => out.extend((0..self.players() as u32).map(|s| (nt::START + s, 1))),
            Phase::Deal => {
                out.extend(self.round_deck().iter().map(|c| (nt::CARD + c as u32, 1)));
            }
            Phase::Landmarks => {
                out.extend(bits(u64::from(self.landmark_pool)).map(|l| (nt::DEAL + l as u32, 1)));
            }
            Phase::Bag => out.extend(bits(self.bag).map(|s| (nt::BAG + s as u32, 1))),
            Phase::Scenario => {
                out.extend(bits(u64::from(self.scenarios)).map(|s| (nt::SCENARIO + s as u32, 1)));
            }
            Phase::Automaton => {
                let pool = self.automaton_pool();
                out.extend(bits(u64::from(pool)).map(|c| (nt::AUTOMATON + c as u32, 1)));
            }
            _ => {}
        }
    }

    /// Move `card c`: the card goes to the first empty market slot.
    fn deal_card(&mut self, c: usize) {
        let slot = self
            .market
            .iter()
            .position(|&x| x < 0)
            .expect("an empty slot");
        self.market[slot] = c as i16;
        self.deck.clear(c);
        self.after_deal();
    }

    /// Move `automaton c`.
    fn automaton_card(&mut self, c: usize) {
        self.automaton = self.automaton_pool() & !(1 << c);
        self.automaton_acts(c);
    }

    /// Move `bag id`: the suburb goes to the drawing seat's hand.
    fn bag_draw(&mut self, id: u8) {
        self.bag &= !(1 << id);
        let t = &mut self.todo[0];
        t.arg -= 1;
        let q = usize::from(t.seat);
        self.seats[q].hand.push(id);
        self.run();
    }

    fn apply_move(&mut self, m: Move) {
        let s = self.to_move.max(0) as usize;
        // Arms read the shared config through `self.cfg` and copy what they need before
        // changing the state (no reference-count traffic on the hot path).
        match m {
            Move::Start(p) => {
                self.start = p as i8;
                let money = self.cfg.data.rules.start_money;
                let n = self.players();
                for (i, m) in money.iter().enumerate().take(n) {
                    self.seats[(usize::from(p) + i) % n].money = *m;
                }
                self.chance(Phase::Deal);
            }
            Move::Card(c) => self.deal_card(usize::from(c)),
            Move::District(d) => self.choose_district(s, usize::from(d)),
            Move::Deal(l) => {
                let q = self
                    .turn_order()
                    .find(|&q| self.seats[q].dealt.count_ones() < 3)
                    .expect("a seat to deal to");
                self.seats[q].dealt |= 1 << l;
                self.landmark_pool &= !(1 << l);
                if self.seats.iter().all(|x| x.dealt.count_ones() == 3) {
                    let first = self.turn_order().next().unwrap_or(0);
                    self.stop(Phase::Keep, first);
                }
            }
            Move::Return(l) => {
                let seat = &mut self.seats[s];
                seat.kept = seat.dealt & !(1 << l);
                seat.dealt = 0;
                match self.turn_order().find(|&q| self.seats[q].dealt != 0) {
                    Some(q) => self.stop(Phase::Keep, q),
                    None => self.round_start(),
                }
            }
            Move::Scenario(i) => {
                self.scenario = i as i8;
                self.scenarios &= !(1 << i);
                let sc = &self.cfg.data.scenarios[usize::from(i)];
                let (costs, event) = (sc.tokens, sc.event);
                for cost in costs {
                    if let Some(slot) = (0..8).find(|&k| {
                        self.market[k] >= 0
                            && self.tokens & (1 << k) == 0
                            && self.cfg.data.cards[self.market[k] as usize].cost == cost
                    }) {
                        self.tokens |= 1 << slot;
                    }
                }
                self.event_tokens = 1 << event;
                self.begin_action_phase();
            }
            Move::Automaton(c) => self.automaton_card(usize::from(c)),
            Move::Bag(id) => self.bag_draw(id),
            Move::Refill => {
                self.seats[s].money -= self.cfg.data.rules.refill_cost;
                self.refilled = true;
                self.chance(Phase::Deal);
            }
            Move::Buy { slot, half } => {
                let slot = usize::from(slot);
                if self.phase == Phase::Free {
                    let card = self.take_card(s, slot);
                    self.todo.pop_front();
                    self.resolve_card(s, card, half);
                } else {
                    let card = self.market[slot] as usize;
                    self.seats[s].money -= self.cfg.data.cards[card].cost;
                    let card = self.take_card(s, slot);
                    self.resolve_card(s, card, half);
                }
                self.run();
            }
            Move::Landmark(l) => {
                self.seats[s].money -= self.cfg.data.landmarks[usize::from(l)].cost;
                self.todo.push_back(Task::new(LANDMARK, s, i32::from(l)));
                self.run();
            }
            Move::Event(e) => {
                self.activate(s, e);
                self.run();
            }
            Move::Law(k) => {
                let d = self.seats[s].district as usize;
                let k = usize::from(k);
                match self.cfg.data.districts[d].laws[k].cost {
                    Cost::Money(m) => self.seats[s].money -= m,
                    Cost::Vp(v) => self.seats[s].vp -= v,
                }
                self.seats[s].law = k as i8;
                let mut new = TaskBuf::default();
                for i in 0..self.cfg.data.districts[d].laws[k].effects.len() {
                    let e = self.cfg.data.districts[d].laws[k].effects[i];
                    self.apply_effect(s, &e, &mut new);
                }
                self.prepend(new);
                self.run();
            }
            Move::Place { o, space } => {
                self.place(usize::from(o), usize::from(space));
                self.run();
            }
            Move::Shape(k) => {
                self.todo[0].arg = i16::from(k);
                self.run();
            }
            Move::Pick(id) => {
                self.picked = id as i8;
                self.run();
            }
            Move::Choose(c) => {
                self.choose(c);
                self.run();
            }
            Move::DropCard(c) => {
                self.seats[s].abilities.retain(|&x| x != c);
                self.todo.pop_front();
                self.run();
            }
            Move::DropLandmark(l) => {
                self.seats[s].lost |= 1 << l;
                self.todo.pop_front();
                self.run();
            }
        }
    }
}

impl GameState for RebuildingChicagoState {
    fn current_player(&self) -> i32 {
        self.to_move
    }
    fn num_players(&self) -> usize {
        self.players()
    }
    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        self.push_legal(out);
    }
    fn chance_outcomes_into(&self, out: &mut Vec<(Action, u64)>) {
        self.push_outcomes(out);
    }
    /// Every outcome has weight 1, so the draw is the `below(n)`-th member of a bit set:
    /// the same outcome as the listed draw, without listing.
    fn choose_chance(
        &self,
        _buf: &mut Vec<(Action, u64)>,
        rng: &mut crate::rng::SplitMix64,
    ) -> Action {
        match self.phase {
            Phase::Start => nt::START + rng.below(self.players() as u64) as u32,
            Phase::Deal => nt::CARD + nth(&self.round_deck().0, rng),
            Phase::Landmarks => nt::DEAL + nth(&[u64::from(self.landmark_pool)], rng),
            Phase::Bag => nt::BAG + nth(&[self.bag], rng),
            Phase::Scenario => nt::SCENARIO + nth(&[u64::from(self.scenarios)], rng),
            _ => nt::AUTOMATON + nth(&[u64::from(self.automaton_pool())], rng),
        }
    }
    /// Placements are counted from the anchor bit sets where that is exact, so the random
    /// pick needs no list.
    fn choose_legal(&self, buf: &mut Vec<Action>, pick: impl FnOnce(usize) -> usize) -> Action {
        if let Some((sets, n)) = self.placement_sets() {
            let (o, a) = pick_placement(&sets[..n], pick);
            return (o * SPACES + a) as Action;
        }
        self.push_legal(buf);
        buf[pick(buf.len())]
    }
    /// A placement drawn from the anchor sets is applied as the move it is, without
    /// encoding and decoding it; every other move is the trait's default.
    #[inline(always)]
    fn step_random(
        &mut self,
        rng: &mut crate::rng::SplitMix64,
        actions: &mut Vec<Action>,
        outcomes: &mut Vec<(Action, u64)>,
    ) {
        // The commonest chance draws (deal, automaton, bag: over half of a solo game's
        // actions) are drawn as `choose_chance` draws them and applied as their move,
        // without the action table and the dispatch on the move.
        // Plain branches, three at most per side: a jump table on the phase mispredicts
        // about as often as the dispatch on the move it replaces.
        let phase = self.phase;
        if self.to_move == CHANCE {
            if phase == Phase::Deal {
                let c = nth(&self.round_deck().0, rng);
                self.history.push(nt::CARD + c);
                self.deal_card(c as usize);
            } else if phase == Phase::Automaton {
                let c = nth(&[u64::from(self.automaton_pool())], rng);
                self.history.push(nt::AUTOMATON + c);
                self.automaton_card(c as usize);
            } else if phase == Phase::Bag {
                let id = nth(&[self.bag], rng);
                self.history.push(nt::BAG + id);
                self.bag_draw(id as u8);
            } else {
                return crate::engine::step_listed(self, rng, actions, outcomes);
            }
        } else {
            let Some((sets, n)) = self.placement_sets() else {
                // `choose_legal` without asking `placement_sets` again.
                self.push_legal(actions);
                let a = actions[rng.below(actions.len() as u64) as usize];
                return self.apply_legal(a);
            };
            let (o, a) = pick_placement(&sets[..n], |n| rng.below(n as u64) as usize);
            self.history.push((o * SPACES + a) as Action);
            self.place(o, a);
            self.run();
        }
        self.refresh_halves_if_choosing();
    }
    fn apply_action(&mut self, action: Action) -> Result<(), Error> {
        if nt::decode(action).is_none() {
            return Err(Error::IllegalAction(format!(
                "action {action} is not a Rebuilding Chicago action id (0..{})",
                nt::NUM_ACTIONS - 1
            )));
        }
        let name = nt::to_string(&self.cfg.data, action).unwrap_or_else(|_| format!("id {action}"));
        if self.phase == Phase::Over {
            return Err(illegal_action(action, name, "the game is over"));
        }
        let ok = if self.phase.is_chance() {
            let mut v = Vec::new();
            self.push_outcomes(&mut v);
            v.iter().any(|&(a, _)| a == action)
        } else {
            let mut v = Vec::new();
            self.push_legal(&mut v);
            v.contains(&action)
        };
        if !ok {
            let why = nt::decode(action).map_or_else(String::new, |m| self.why_illegal(m));
            return Err(illegal_action(action, name, why));
        }
        self.apply_legal(action);
        Ok(())
    }
    fn apply_legal(&mut self, action: Action) {
        let m = self.cfg.moves[action as usize];
        self.history.push(action);
        self.apply_move(m);
        self.refresh_halves_if_choosing();
    }
    fn action_to_string(&self, action: Action) -> Result<String, Error> {
        nt::to_string(&self.cfg.data, action)
    }
    fn string_to_action(&self, text: &str) -> Result<Action, Error> {
        nt::from_string(&self.cfg.data, text)
    }
    fn history(&self) -> &[Action] {
        &self.history
    }
    fn scores_into(&self, out: &mut [i32]) {
        for (o, seat) in out.iter_mut().zip(&self.seats) {
            *o = seat.vp;
        }
    }
    fn winners_mask(&self) -> u32 {
        if self.phase != Phase::Over {
            return 0;
        }
        if self.solo() {
            return u32::from(self.seats[0].vp >= self.cfg.data.rules.solo_target);
        }
        let best = self.seats.iter().map(|s| s.vp).max().unwrap_or(0);
        let calm = self
            .seats
            .iter()
            .filter(|s| s.vp == best)
            .map(|s| s.unhappy)
            .min()
            .unwrap_or(0);
        let mut m = 0;
        for (i, s) in self.seats.iter().enumerate() {
            if s.vp == best && s.unhappy == calm {
                m |= 1 << i;
            }
        }
        m
    }
    fn to_json(&self) -> String {
        super::json::to_json(self)
    }
    /// The only hidden cards are other seats' dealt landmark cards during setup: they are
    /// redealt from the cards the observer has not seen.
    fn determinize(&self, observer: usize, rng: &mut crate::rng::SplitMix64) -> Self {
        let mut st = self.clone();
        let mut pool = st.landmark_pool;
        for (q, seat) in st.seats.iter().enumerate() {
            if q != observer {
                pool |= seat.dealt;
            }
        }
        for q in 0..st.seats.len() {
            let k = st.seats[q].dealt.count_ones();
            if q == observer || k == 0 {
                continue;
            }
            let mut dealt = 0u16;
            for _ in 0..k {
                let r = rng.below(u64::from(pool.count_ones())) as usize;
                let l = bits(u64::from(pool)).nth(r).expect("r < count");
                dealt |= 1 << l;
                pool &= !(1 << l);
            }
            st.seats[q].dealt = dealt;
        }
        st.landmark_pool = pool;
        st
    }
    fn observation_tensor_into(&self, player: usize, out: &mut [f32]) -> Result<(), Error> {
        super::render::observation(self, player, out)
    }
    fn observation_string(&self, player: usize) -> Result<String, Error> {
        crate::engine::check_seat(player, self.players())?;
        Ok(super::render::text(self, Some(player)))
    }
}

impl fmt::Display for RebuildingChicagoState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&super::render::text(self, None))
    }
}

#[cfg(test)]
mod tests {
    use super::super::RebuildingChicagoGame;
    use super::*;
    use crate::engine::Game;
    use crate::testing::{
        assert_determinize_keeps_observations, assert_legal_is_what_applies,
        assert_step_random_is_the_listed_draw, random_walk,
    };

    /// The compact width is the bound `SEAT_TOKENS` per seat and `SHARED_TOKENS` after,
    /// proven space by space: the facts the proof rests on hold in random games.
    #[test]
    fn the_compact_width_bounds_every_observation_space_by_space() {
        use super::super::data::{CARDS, LANDMARKS, MARKET, SUBURBS};
        use super::super::{HOLDINGS, IDENTITY_TOKENS, MARKET_CARDS, PLACING};
        use super::super::{OBSERVATION_SIZE, PLANES, SEAT_BLOCK, SEAT_TOKENS, SHARED_TOKENS};
        for players in 1..=5 {
            let game = RebuildingChicagoGame::new(players, None, None).unwrap();
            for seed in 0..12 {
                crate::testing::random_walk_every(&game, seed, 5, |st| {
                    let mut dense = vec![0.0; OBSERVATION_SIZE];
                    st.observation_tensor_into(0, &mut dense).unwrap();
                    for i in 0..st.players() {
                        let block = &dense[i * SEAT_BLOCK..(i + 1) * SEAT_BLOCK];
                        for x in 0..SPACES {
                            let on_board = (2..9).contains(&(x % 11)) && (2..9).contains(&(x / 11));
                            let planes = (0..PLANES).filter(|p| block[p * SPACES + x] != 0.0);
                            assert!(planes.count() <= if on_board { 2 } else { 3 }, "{st}");
                        }
                        let tokens = block.iter().filter(|&&v| v != 0.0).count();
                        assert!(tokens <= SEAT_TOKENS);
                    }
                    let shared = &dense[5 * SEAT_BLOCK..MARKET_CARDS];
                    assert!(shared.iter().filter(|&&v| v != 0.0).count() <= SHARED_TOKENS);
                    // The identities: one token per market card, landmark card, suburb tile
                    // and ability card, each in one place at most.
                    let placing = &dense[PLACING..];
                    let placed = placing.iter().filter(|&&v| v != 0.0).count();
                    assert_eq!(placed, usize::from(st.phase == Phase::Place));
                    let ids = &dense[MARKET_CARDS..];
                    let dense = &dense;
                    let holding = |base: usize, len: usize| -> usize {
                        (0..5)
                            .map(|i| {
                                let at = MARKET_CARDS + MARKET * CARDS + i * HOLDINGS + base;
                                dense[at..at + len]
                                    .iter()
                                    .map(|&v| v as usize)
                                    .sum::<usize>()
                            })
                            .sum()
                    };
                    assert!(ids.iter().all(|&v| v == 0.0 || v == 1.0));
                    assert!(dense[MARKET_CARDS..MARKET_CARDS + MARKET * CARDS]
                        .chunks(CARDS)
                        .all(|slot| slot.iter().sum::<f32>() <= 1.0));
                    for l in 0..LANDMARKS {
                        let places = (0..5 * 3).filter(|k| {
                            let at = MARKET_CARDS + MARKET * CARDS + (k / 3) * HOLDINGS;
                            dense[at + CARDS + (k % 3) * LANDMARKS + l] != 0.0
                        });
                        assert!(places.count() <= 1);
                    }
                    assert!(holding(0, CARDS) <= game.cfg.data.ability_cards());
                    let hands = holding(CARDS + 3 * LANDMARKS, SUBURBS);
                    assert!(hands <= SUBURBS);
                    let tokens = ids.iter().filter(|&&v| v != 0.0).count();
                    assert!(tokens <= IDENTITY_TOKENS + game.cfg.data.ability_cards());
                });
            }
        }
    }

    /// The legal width is a bound because no decision mixes placements with other actions.
    #[test]
    fn a_decision_lists_placements_only_or_no_placement() {
        for players in 1..=5 {
            let game = RebuildingChicagoGame::new(players, None, None).unwrap();
            let mut legal = Vec::new();
            for seed in 0..12 {
                crate::testing::random_walk(&game, seed, |st| {
                    st.legal_actions_into(&mut legal);
                    let places = legal.iter().filter(|&&a| a < nt::BUY as Action).count();
                    assert!(places == 0 || places == legal.len(), "{st}");
                });
            }
        }
    }

    #[test]
    fn step_random_is_the_listed_draw() {
        for players in 1..=5 {
            let game = RebuildingChicagoGame::new(players, None, None).unwrap();
            for seed in 0..40 {
                assert_step_random_is_the_listed_draw(&game, seed);
            }
        }
    }

    /// Usable spaces counted cell by cell from the rules, not from the state's masks.
    fn naive_usable(st: &RebuildingChicagoState, s: usize) -> Vec<bool> {
        let cfg = st.config();
        let seat = &st.seats[s];
        let d = &cfg.data.districts[seat.district as usize];
        let suburb = |x: i32, y: i32| {
            (0..11).contains(&x)
                && (0..11).contains(&y)
                && seat.suburb & (1u128 << (y * 11 + x)) != 0
        };
        let covered = |i: usize| seat.cover & (1u128 << i) != 0;
        let connected = |area: u8| {
            (0..49).any(|bs| {
                d.regions[bs] == area && {
                    let (x, y) = ((bs % 7 + 2) as i32, (bs / 7 + 2) as i32);
                    [(1, 0), (-1, 0), (0, 1), (0, -1)]
                        .iter()
                        .any(|(dx, dy)| suburb(x + dx, y + dy))
                }
            })
        };
        let conn = [true, connected(1), connected(2), false];
        (0..121)
            .map(|i| {
                let (x, y) = (i % 11, i / 11);
                let on_board = (2..9).contains(&x) && (2..9).contains(&y);
                let ok = if on_board {
                    let r = d.regions[(y - 2) * 7 + (x - 2)];
                    r != 3 && conn[usize::from(r)]
                } else {
                    suburb(x as i32, y as i32)
                };
                ok && !covered(i)
            })
            .collect()
    }

    /// Calls `check(state, the usable spaces of the seat placing, the piece)` wherever a
    /// random game seeded from `seeds` asks to place a `code` piece (`BUILD`: a kind,
    /// `LANDMARK`: a landmark).
    fn at_placements(
        game: &RebuildingChicagoGame,
        seeds: std::ops::Range<u64>,
        code: u8,
        mut check: impl FnMut(&RebuildingChicagoState, &[bool], usize),
    ) {
        for seed in seeds {
            random_walk(game, seed, |st: &RebuildingChicagoState| {
                if st.phase == Phase::Place && st.todo[0].code == code {
                    let usable = naive_usable(st, st.to_move as usize);
                    check(st, &usable, st.todo[0].arg as usize);
                }
            });
        }
    }

    #[test]
    fn placements_land_on_usable_spaces_and_all_fitting_placements_are_offered() {
        for players in 1..=5 {
            let game = RebuildingChicagoGame::new(players, None, None).unwrap();
            at_placements(&game, 0..12, LANDMARK, |st, usable, l| {
                let cells = &st.config().data.landmarks[l].cells;
                let mut expected = Vec::new();
                for (o, or) in crate::polyomino::orientations(cells).iter().enumerate() {
                    for a in 0..121 {
                        let fits = or.iter().all(|&(x, y, _)| {
                            let (tx, ty) = (a % 11 + x as usize, a / 11 + y as usize);
                            tx < 11 && ty < 11 && usable[ty * 11 + tx]
                        });
                        if fits {
                            expected.push((o * 121 + a) as Action);
                        }
                    }
                }
                let mut legal = Vec::new();
                st.legal_actions_into(&mut legal);
                assert_eq!(legal, expected, "{st}");
            });
        }
    }

    #[test]
    fn every_building_placement_is_on_usable_spaces() {
        for players in 1..=5 {
            let game = RebuildingChicagoGame::new(players, Some("easy"), None).unwrap();
            at_placements(&game, 100..110, BUILD, |st, usable, k| {
                let or = crate::polyomino::orientations(&st.config().data.kinds[k].cells);
                let mut legal = Vec::new();
                st.legal_actions_into(&mut legal);
                assert!(!legal.is_empty());
                for a in legal {
                    let (o, at) = (a as usize / 121, a as usize % 121);
                    for &(x, y, _) in &or[o] {
                        let (tx, ty) = (at % 11 + x as usize, at / 11 + y as usize);
                        assert!(tx < 11 && ty < 11 && usable[ty * 11 + tx], "{st}");
                    }
                }
            });
        }
    }

    #[test]
    fn json_and_notation_round_trip_and_legal_is_what_applies() {
        for players in 1..=5 {
            let game = RebuildingChicagoGame::new(players, Some("expert"), None).unwrap();
            for seed in 0..3 {
                let mut i = 0;
                random_walk(&game, seed, |st: &RebuildingChicagoState| {
                    i += 1;
                    let back = game.state_from_json(&st.to_json()).unwrap();
                    assert_eq!(back.to_json(), st.to_json());
                    let mut legal = Vec::new();
                    st.legal_actions_into(&mut legal);
                    for a in legal {
                        let text = st.action_to_string(a).unwrap();
                        assert_eq!(st.string_to_action(&text).unwrap(), a, "{text}");
                    }
                    if i % 17 == 0 {
                        assert_legal_is_what_applies(st, game.num_distinct_actions());
                    }
                    if st.phase == Phase::Keep || st.phase == Phase::Landmarks || i % 23 == 0 {
                        let mut rng = crate::rng::SplitMix64::new(i as u64);
                        assert_determinize_keeps_observations(st, &mut rng);
                    }
                });
            }
        }
    }

    /// What covers each space (a building type, 7 a landmark, 255 nothing), rebuilt from the
    /// district's starting buildings and the placed pieces.
    fn coverage_from_pieces(st: &RebuildingChicagoState, s: usize) -> Vec<u8> {
        let cfg = st.config();
        let seat = &st.seats[s];
        let mut out = vec![255u8; SPACES];
        let mut mark = |mask: u128, v: u8| {
            for (i, o) in out.iter_mut().enumerate() {
                if mask >> i & 1 == 1 {
                    *o = v;
                }
            }
        };
        for &(k, o, a) in &cfg.data.districts[seat.district as usize].buildings {
            let m = cfg.kinds[usize::from(k)].mask(usize::from(o), usize::from(a));
            mark(m.unwrap(), cfg.data.kinds[usize::from(k)].typ);
        }
        for p in &seat.pieces {
            let (id, o, a) = (p[1] as usize, p[2] as usize, p[3] as usize);
            match p[0] {
                0 => mark(cfg.kinds[id].mask(o, a).unwrap(), cfg.data.kinds[id].typ),
                1 => mark(cfg.landmarks[id].mask(o, a).unwrap(), 7),
                _ => {}
            }
        }
        out
    }

    #[test]
    fn cover_codes_are_those_of_the_pieces() {
        for players in 1..=5 {
            let game = RebuildingChicagoGame::new(players, None, None).unwrap();
            for seed in 0..8 {
                random_walk(&game, seed, |st: &RebuildingChicagoState| {
                    for (s, seat) in st.seats.iter().enumerate() {
                        if seat.district < 0 {
                            continue;
                        }
                        let mut codes = vec![255u8; SPACES];
                        for (x, c) in seat.covered() {
                            codes[x] = c as u8;
                        }
                        assert_eq!(codes, coverage_from_pieces(st, s), "seat {s}: {st}");
                    }
                });
            }
        }
    }

    #[test]
    fn games_end_with_scores_and_winners() {
        for players in 1..=5 {
            let game = RebuildingChicagoGame::new(players, None, None).unwrap();
            for seed in 0..50 {
                let mut last = None;
                random_walk(&game, seed, |st: &RebuildingChicagoState| {
                    last = Some(st.clone());
                });
                let st = last.unwrap();
                assert_eq!(st.phase, Phase::Over);
                assert!(st.seats.iter().all(|s| s.vp >= 0 && s.money >= 0));
                if players > 1 {
                    assert_ne!(st.winners_mask(), 0);
                }
            }
        }
    }
}
