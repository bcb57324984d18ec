//! Chandigarh's rules: the state and its moves (docs/games/chandigarh.md, "Rulings" and
//! "Turn structure"). Legal actions are generated per phase; `apply_action` accepts exactly
//! those, and every action ends with `settle`, which resolves what is pending in the
//! doc's order and then lets the flow go on.
// Colours, seats and sectors index parallel fixed arrays; index loops read best here.
#![allow(clippy::needless_range_loop)]

use std::sync::Arc;

use super::data::CARDS;
use super::geom::{Slots, ADJ_PLOTS, CENTRAL, JUNCTIONS, NONE, SIDE_IDS, SLOTS};
use super::notation::{
    build_id, decode, encode, from_text, to_text, Move, CENTRE, DRAUGHTSMAN, ENGINEER, MANAGER,
    PLAIN, REPLACE, SURVEYOR,
};
use super::pattern;

mod illegal;
use super::{Ability, Config, Pattern, MAX_PLAYERS};
use crate::bits::{bits, select64};
use crate::engine::{illegal_action, Action, Error, GameState, CHANCE, TERMINAL};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Setup,
    Draft,
    DraftTake,
    Main,
    Move,
    Add,
    Gain,
    Craft,
    Street,
    After,
    Arrange,
    Relocate,
    Bonus,
    Takes,
    Discard,
    Reveal,
    Final,
    End,
}

impl Phase {
    /// Every phase, in `PHASES` order.
    pub const ALL: [Phase; 18] = [
        Phase::Setup,
        Phase::Draft,
        Phase::DraftTake,
        Phase::Main,
        Phase::Move,
        Phase::Add,
        Phase::Gain,
        Phase::Craft,
        Phase::Street,
        Phase::After,
        Phase::Arrange,
        Phase::Relocate,
        Phase::Bonus,
        Phase::Takes,
        Phase::Discard,
        Phase::Reveal,
        Phase::Final,
        Phase::End,
    ];
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn is_chance(self) -> bool {
        matches!(self, Phase::Setup | Phase::Reveal)
    }
}

/// The add flow's next stage (docs, "Flows").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    None,
    Gain,
    Craft,
    Score,
    Reveal,
    After,
}

/// Which action the turn is committed to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    None,
    Move,
    Add,
}

#[derive(Debug, PartialEq, Eq)]
pub struct ChandigarhState {
    pub(super) cfg: Arc<Config>,
    pub(super) history: Vec<Action>,
    pub(super) phase: Phase,
    pub(super) seat: u8,
    pub(super) start: i8,
    pub(super) turn: u16,
    pub(super) ending: bool,
    pub(super) city: [i8; SLOTS],
    /// The occupied slots of `city`, and per colour its slots and its buildings per sector
    /// (4 bits per sector, sector t at bit 4t), kept with it so that rules and patterns
    /// never rescan the city.
    pub(super) occ: Slots,
    pub(super) colours: [Slots; 4],
    pub(super) keys: [u64; 4],
    /// Per junction, its vacant adjacent plots as bits of `geom.adj_plot_list` (so the
    /// playout's build draw reads one word instead of testing each plot).
    vacant_near: [u16; JUNCTIONS],
    /// Per colour, its buildings per side id (the two-building patterns' counts).
    sides: pattern::SideCounts,
    pub(super) general: [u8; 4],
    pub(super) reserves: [[u8; 4]; MAX_PLAYERS],
    pub(super) projects: [CardList; MAX_PLAYERS],
    pub(super) row: CardList,
    /// The deck's unordered pool (bits by card id) and its known bottom, in draw order.
    pub(super) pool: u64,
    pub(super) bottom: Vec<u8>,
    pub(super) architects: [u8; MAX_PLAYERS],
    pub(super) pawns: [i8; 4],
    /// Per seat, its specialist tokens as colour bits.
    pub(super) tokens: [u8; MAX_PLAYERS],
    pub(super) used: u8,
    pub(super) supervisors: [i8; 16],
    pub(super) placed: [u8; MAX_PLAYERS],
    pub(super) pp: [i32; MAX_PLAYERS],
    pub(super) streets: [i8; 7],
    pub(super) steps: u8,
    pub(super) here: u8,
    pub(super) last: i8,
    pub(super) flow: Flow,
    pub(super) mode: Mode,
    pub(super) gained: [u8; 4],
    pub(super) arrange: [u8; 4],
    pub(super) bonus: u8,
    pub(super) relocate: i8,
    pub(super) score: i8,
    pub(super) sector: i8,
    pub(super) takes: u8,
    pub(super) todo: u8,
    /// `cfg.in_play`, copied so that the many ability checks read no pointer.
    in_play: u32,
}

clone_reusing_lists!(ChandigarhState {
    arcs: [cfg],
    lists: [history, bottom]
});

/// A short list of card ids in a fixed array (a row holds at most 8 cards, a project 4 for
/// a moment), with the same ids as bits so that the move generator lists them ascending
/// without sorting.
#[derive(Clone, Copy, Debug, Default)]
pub struct CardList {
    len: u8,
    ids: [u8; 8],
    bits: u64,
}

impl PartialEq for CardList {
    fn eq(&self, o: &Self) -> bool {
        self[..] == o[..]
    }
}

impl Eq for CardList {}

impl std::ops::Deref for CardList {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.ids[..usize::from(self.len)]
    }
}

impl CardList {
    pub fn push(&mut self, k: u8) {
        self.ids[usize::from(self.len)] = k;
        self.len += 1;
        self.bits |= 1 << k;
    }
    /// Puts `k` first.
    pub fn push_front(&mut self, k: u8) {
        for x in (0..usize::from(self.len)).rev() {
            self.ids[x + 1] = self.ids[x];
        }
        self.ids[0] = k;
        self.len += 1;
        self.bits |= 1 << k;
    }
    /// Removes the card at `i`, keeping the others' order.
    pub fn remove_at(&mut self, i: usize) -> u8 {
        let k = self.ids[i];
        // A plain loop: at most 7 moves, cheaper than a call to `copy_within`.
        for x in i..usize::from(self.len) - 1 {
            self.ids[x] = self.ids[x + 1];
        }
        self.len -= 1;
        self.bits &= !(1 << k);
        k
    }
    /// Removes card `k` if present.
    pub fn remove_card(&mut self, k: u8) {
        if let Some(i) = self.iter().position(|&x| x == k) {
            self.remove_at(i);
        }
    }
    pub fn clear(&mut self) {
        *self = CardList::default();
    }
    /// The card ids, ascending.
    pub fn sorted(&self) -> impl Iterator<Item = u8> {
        bits(self.bits).map(|k| k as u8)
    }
}

/// Per set of colours (4 bits), the bits of their abilities: colour c's six are bits
/// 6c..6c+6 (`Ability::index`).
const SPREAD: [u32; 16] = {
    let mut t = [0u32; 16];
    let mut m = 0;
    while m < 16 {
        let mut c = 0;
        while c < 4 {
            if m & (1 << c) != 0 {
                t[m] |= 0x3F << (6 * c);
            }
            c += 1;
        }
        m += 1;
    }
    t
};

const fn bit(a: Ability) -> u32 {
    1 << a as u32
}

/// The abilities that add actions to `main`'s list (footsteps and card specialists): the
/// playout's direct draw (`main_random`) is for seats without them.
const MAIN_EXTRA: u32 = bit(Ability::Draughtsman)
    | bit(Ability::Driver)
    | bit(Ability::ParkDesigner)
    | bit(Ability::Governor)
    | bit(Ability::HeadArchitect)
    | bit(Ability::CommercialManager)
    | bit(Ability::ProjectManager)
    | bit(Ability::Mayor)
    | bit(Ability::LogisticsManager);

/// The same for `move` (`push_footsteps`' abilities but the Architect's Assistant, which
/// only opens a second plain build).
const MOVE_EXTRA: u32 = bit(Ability::BuildingAssistant)
    | bit(Ability::BuildingManager)
    | bit(Ability::Surveyor)
    | bit(Ability::ParkEngineer)
    | bit(Ability::Draughtsman)
    | bit(Ability::SectorManager)
    | bit(Ability::Driver)
    | bit(Ability::ParkDesigner)
    | bit(Ability::Governor)
    | bit(Ability::HeadArchitect);

fn has(live: u32, ability: Ability) -> bool {
    live & (1 << ability.index()) != 0
}

/// The junctions whose step in each direction lands in `reach[d]`, per direction (`n` to
/// `j - 7`, `e` to `j + 1`, `s` to `j + 7`, `w` to `j - 1`).
#[inline(always)]
fn step_into(dir_bits: &[u64; 4], reach: &[u64; 4]) -> [u64; 4] {
    [
        (reach[0] << 7) & dir_bits[0],
        (reach[1] >> 1) & dir_bits[1],
        (reach[2] >> 7) & dir_bits[2],
        (reach[3] << 1) & dir_bits[3],
    ]
}

/// Of the directions `dirs` (`n > 0` steps left) from junction `j`, those whose step can
/// end, with another architect next to `j` (out of line: the generator's usual path is
/// the test before it). [`finish_escaping`] without escapes for every junction at once, as junction bits, so
/// that no branch depends on where the architects stand: `reach[d]` after `k` rounds holds
/// the junctions from which an architect that last stepped `d` can end within `k` steps.
#[inline(never)]
fn steps_near_others(dir_bits: &[u64; 4], others: u64, j: usize, dirs: u8, n: u8) -> u8 {
    let free = !others;
    let mut reach = [free; 4];
    for _ in 1..n {
        let m = step_into(dir_bits, &reach);
        // Any step but straight back: after n (0) not s (2), and so on.
        reach = [
            free | m[0] | m[1] | m[3],
            free | m[0] | m[1] | m[2],
            free | m[1] | m[2] | m[3],
            free | m[0] | m[2] | m[3],
        ];
    }
    let m = step_into(dir_bits, &reach);
    let mut ok = 0;
    for d in 0..4 {
        ok |= (((m[d] >> j) & 1) as u8) << d;
    }
    ok & dirs
}

/// The specialists that can carry the architect off a junction at any time of its turn
/// ("You can use the abilities of the Specialists at any time during your turn"): the
/// Driver from a perimeter junction to another, the Park Designer to a corner of a sector
/// holding a green. Each is a one-use way out, so ruling 9 counts them.
#[derive(Clone, Copy)]
struct Escapes {
    /// Perimeter junctions, as bits, if the Driver is held unused; else 0.
    drive: u64,
    /// Corners of the sectors holding a green, as bits, if the Park Designer is held
    /// unused; else 0.
    design: u64,
}

/// Ruling 9's `finish(j, last, n)`: from `j`, having last stepped `last`, with `n` steps
/// left, the architect can reach a junction without another architect (`others`, as
/// junction bits) by steps, or the Driver or Park Designer carries it to a junction from
/// which it can.
fn finish_escaping(
    step: &[[u8; 4]; JUNCTIONS],
    others: u64,
    j: u8,
    last: i8,
    n: u8,
    e: Escapes,
) -> bool {
    let here = 1u64 << j;
    if others & here == 0 {
        return true;
    }
    let carried = |targets: u64, e: Escapes| {
        bits(targets & !here).any(|to| finish_escaping(step, others, to as u8, -1, n, e))
    };
    if e.design != 0 && carried(e.design, Escapes { design: 0, ..e }) {
        return true;
    }
    if e.drive & here != 0 && carried(e.drive, Escapes { drive: 0, ..e }) {
        return true;
    }
    n > 0
        && (0..4u8).any(|d| {
            let to = step[usize::from(j)][usize::from(d)];
            to != NONE
                && (last < 0 || d != (last as u8 + 2) % 4)
                && finish_escaping(step, others, to, d as i8, n - 1, e)
        })
}

/// The id of the `r`-th lowest set bit of `mask` (`r` below its count).
fn nth_bit(mask: u64, r: u32) -> u8 {
    select64(mask, r) as u8
}

impl ChandigarhState {
    pub fn new(cfg: Arc<Config>) -> Self {
        let d = &cfg.data;
        let n = usize::from(cfg.players);
        let mut general = [d.per_colour - d.removed[n - 2]; 4];
        for &(_, c) in &cfg.geom.printed {
            general[usize::from(c)] -= 1;
        }
        let printed = cfg.geom.printed.clone();
        let mut state = ChandigarhState {
            history: Vec::with_capacity(256),
            phase: Phase::Setup,
            seat: 0,
            start: -1,
            turn: 0,
            ending: false,
            city: [-1; SLOTS],
            occ: Slots::default(),
            colours: [Slots::default(); 4],
            keys: [0; 4],
            sides: [[0; SIDE_IDS]; 4],
            vacant_near: cfg.geom.adj_plot_len.map(|n| ((1u32 << n) - 1) as u16),
            general,
            reserves: [[0; 4]; MAX_PLAYERS],
            projects: Default::default(),
            row: CardList::default(),
            pool: (1u64 << CARDS) - 1,
            bottom: Vec::new(),
            architects: [CENTRAL; MAX_PLAYERS],
            pawns: [-1; 4],
            tokens: [0; MAX_PLAYERS],
            used: 0,
            supervisors: [-1; 16],
            placed: [0; MAX_PLAYERS],
            pp: [0; MAX_PLAYERS],
            streets: [-1; 7],
            steps: 0,
            here: 2,
            last: -1,
            flow: Flow::None,
            mode: Mode::None,
            gained: [0; 4],
            arrange: [0; 4],
            bonus: 0,
            relocate: -1,
            score: -1,
            sector: -1,
            takes: 0,
            todo: 0,
            in_play: cfg.in_play,
            cfg,
        };
        for (slot, c) in printed {
            state.put(slot, c);
        }
        state
    }

    /// Puts a building of colour `c` on `slot` (replacing any).
    fn put(&mut self, slot: u8, c: u8) {
        self.lift(slot);
        self.city[usize::from(slot)] = c as i8;
        self.occ.insert(slot);
        self.colours[usize::from(c)].insert(slot);
        self.keys[usize::from(c)] += 1 << (4 * (slot / 12));
        self.sides[usize::from(c)][usize::from(slot / 3)] += 1;
        for (j, b) in self.cfg.geom.plot_junctions[usize::from(slot)] {
            self.vacant_near[usize::from(j)] &= !b;
        }
    }

    /// Removes the building on `slot`, if any, and returns its colour or -1.
    fn lift(&mut self, slot: u8) -> i8 {
        let c = self.city[usize::from(slot)];
        if c >= 0 {
            self.city[usize::from(slot)] = -1;
            self.occ.remove(slot);
            self.colours[c as usize].remove(slot);
            self.keys[c as usize] -= 1 << (4 * (slot / 12));
            self.sides[c as usize][usize::from(slot / 3)] -= 1;
            for (j, b) in self.cfg.geom.plot_junctions[usize::from(slot)] {
                self.vacant_near[usize::from(j)] |= b;
            }
        }
        c
    }

    pub fn players(&self) -> usize {
        usize::from(self.cfg.players)
    }

    pub fn deck_size(&self) -> usize {
        self.pool.count_ones() as usize + self.bottom.len()
    }

    fn s(&self) -> usize {
        usize::from(self.seat)
    }

    /// Whether the seat to move holds `ability` and has not used it this turn.
    fn can(&self, ability: Ability) -> bool {
        let c = ability.colour();
        self.in_play & (1 << ability.index()) != 0
            && (self.tokens[self.s()] & !self.used) & (1 << c) != 0
    }

    /// The abilities the seat to move holds and has not used this turn, as bits (bit
    /// `Ability::index`): the move generator reads it once, and skips whole blocks of
    /// checks when it is empty (most seats hold few specialists).
    fn live(&self) -> u32 {
        self.in_play & SPREAD[usize::from(self.tokens[self.s()] & !self.used & 15)]
    }

    fn holds(&self, seat: usize, ability: Ability) -> bool {
        match self.cfg.colour_of(ability) {
            Some(c) => self.tokens[seat] & (1 << c) != 0,
            None => false,
        }
    }

    fn mark(&mut self, ability: Ability) {
        self.used |= 1 << ability.colour();
    }

    fn reserve_total(&self) -> u8 {
        // The four counts as the bytes of a word, summed into its top byte by a multiply.
        (u32::from_le_bytes(self.reserves[self.s()]).wrapping_mul(0x0101_0101) >> 24) as u8
    }

    fn general_empty(&self) -> bool {
        self.general.iter().all(|&g| g == 0)
    }

    /// Takes one `c` from the general reserve for the seat to move; the last one triggers
    /// the end (ruling 18).
    fn take(&mut self, c: u8) {
        let c = usize::from(c);
        self.general[c] -= 1;
        let s = self.s();
        self.reserves[s][c] += 1;
        self.ending |= self.general[c] == 0;
    }

    /// The junctions of the other seats' architects, as bits.
    fn others(&self) -> u64 {
        // No branch per seat: which seats count is a coin toss for the predictor.
        let (n, s) = (self.players(), self.s());
        let mut m = 0;
        for p in 0..MAX_PLAYERS {
            m |= u64::from((p < n) & (p != s)) << self.architects[p];
        }
        m
    }

    /// The directions the architect can step in, as bits `1 << d` (ruling 9).
    #[inline(always)]
    fn step_dirs(&self, others: u64) -> u8 {
        if self.steps == 0 {
            return 0;
        }
        let g = &self.cfg.geom;
        let j = usize::from(self.architects[self.s()]);
        // Not straight back the way it came.
        let back = if self.last >= 0 {
            1 << ((self.last as u8 + 2) % 4)
        } else {
            0
        };
        let dirs = g.step_dirs[j] & !back;
        // Usually no architect is next to this one, and every step may end where it goes.
        if others & g.step_near[j] == 0 {
            return dirs;
        }
        let e = self.escapes();
        if e.drive | e.design == 0 {
            return steps_near_others(&g.step_dir_bits, others, j, dirs, self.steps);
        }
        let mut ok = 0;
        for d in 0..4u8 {
            let to = g.step[j][usize::from(d)];
            if dirs & (1 << d) != 0
                && finish_escaping(&g.step, others, to, d as i8, self.steps - 1, e)
            {
                ok |= 1 << d;
            }
        }
        ok
    }

    /// The Driver and Park Designer the seat to move holds unused, as [`Escapes`].
    fn escapes(&self) -> Escapes {
        let g = &self.cfg.geom;
        let live = self.live();
        let mut e = Escapes {
            drive: 0,
            design: 0,
        };
        if has(live, Ability::Driver) {
            e.drive = g.perimeter_junction_bits;
        }
        if has(live, Ability::ParkDesigner) {
            let green = self.green_sectors();
            e.design = bits(u64::from(green)).fold(0u64, |m, t| m | g.sector_corner_bits[t]);
        }
        e
    }

    /// Ruling 9 where the architect stands or lands after a jump (`-1`: no last step).
    fn can_finish(&self, others: u64, j: u8, e: Escapes) -> bool {
        finish_escaping(&self.cfg.geom.step, others, j, -1, self.steps, e)
    }

    fn sector_has(&self, t: usize, c: u8) -> bool {
        (self.keys[usize::from(c)] >> (4 * t)) & 15 != 0
    }

    fn complete(&self, t: usize) -> bool {
        self.cfg.geom.sector_plot_bits[t]
            .and_not(self.occ)
            .is_empty()
    }

    fn vacant_plaza(&self, t: usize) -> bool {
        !self.complete(t) && !self.pawns.contains(&(t as i8))
    }

    /// The sectors holding a green (Park Engineer, Park Designer), as a 16-bit mask.
    fn green_sectors(&self) -> u16 {
        pattern::present(self.keys[3])
    }

    fn step_build_open(&self) -> bool {
        self.here == 0 || (self.here == 1 && self.can(Ability::ArchitectsAssistant))
    }

    fn card_colour_ok(&self) -> bool {
        // Card specialists in `main` commit to Add, which needs a card in the row.
        self.mode != Mode::None || !self.row.is_empty()
    }

    // ----- legal actions -------------------------------------------------------------

    fn push_legal(&self, out: &mut Vec<Action>) {
        let s = self.s();
        match self.phase {
            Phase::Setup | Phase::Reveal | Phase::End => {}
            Phase::Draft => {
                for k in self.row.sorted() {
                    out.push(encode(Move::Pick(k)));
                }
            }
            Phase::DraftTake => {
                let fresh = (0..4).fold(0, |m, c| m | u8::from(self.gained[c] == 0) << c);
                Self::push_colours(out, encode(Move::Take(0)), self.general_colours() & fresh);
            }
            Phase::Main => {
                let others = self.others();
                let dirs = self.step_dirs(others);
                for d in bits(u64::from(dirs)) {
                    out.push(encode(Move::Step(d as u8)));
                }
                let mut any = dirs != 0;
                self.push_adds(out);
                any |= !self.row.is_empty();
                let j = self.architects[s];
                if others & (1 << j) == 0 || self.can_finish(others, j, self.escapes()) {
                    self.push_footsteps(out, false, others);
                }
                self.push_card_specialists(out);
                if !any {
                    out.push(encode(Move::Pass));
                }
            }
            Phase::Move => {
                let others = self.others();
                for d in bits(u64::from(self.step_dirs(others))) {
                    out.push(encode(Move::Step(d as u8)));
                }
                self.push_footsteps(out, true, others);
                if others & (1 << self.architects[s]) == 0 {
                    out.push(encode(Move::Stop));
                }
            }
            Phase::Add => {
                self.push_adds(out);
                self.push_card_specialists(out);
            }
            Phase::After => {
                self.push_card_specialists(out);
                out.push(encode(Move::End));
            }
            Phase::Gain | Phase::Takes | Phase::Bonus => {
                Self::push_colours(out, encode(Move::Take(0)), self.general_colours());
                if self.phase == Phase::Bonus {
                    out.push(encode(Move::Skip));
                }
            }
            Phase::Craft => {
                let from = (0..4).fold(0, |m, c| {
                    m | u8::from((self.gained[c] > 0) & (self.reserves[s][c] > 0)) << c
                });
                Self::push_colour_pairs(
                    out,
                    encode(Move::Craft(0, 0)),
                    from,
                    self.general_colours(),
                );
                out.push(encode(Move::Skip));
            }
            Phase::Street => {
                for k in 0..6 {
                    out.push(encode(Move::Street(k)));
                }
            }
            Phase::Arrange => {
                for c in 0..4u8 {
                    if self.arrange[usize::from(c)] > 0 {
                        out.push(encode(Move::Arrange(c)));
                    }
                }
                if u32::from(self.todo) > self.arrange.iter().map(|&x| u32::from(x)).sum::<u32>() {
                    out.push(encode(Move::Arrange(4)));
                }
            }
            Phase::Relocate => {
                let from = self.pawns[self.relocate as usize];
                for t in 0..16u8 {
                    if t as i8 != from && self.vacant_plaza(usize::from(t)) {
                        out.push(encode(Move::Pawn(t)));
                    }
                }
            }
            Phase::Discard => {
                let held = (0..4).fold(0, |m, c| m | u8::from(self.reserves[s][c] > 0) << c);
                Self::push_colours(out, encode(Move::Discard(0)), held);
            }
            Phase::Final => {
                if self.score >= 0 {
                    for k in 0..6 {
                        out.push(encode(Move::Street(k)));
                    }
                } else {
                    for k in self.projects[s].sorted() {
                        out.push(encode(Move::Score(k)));
                    }
                }
            }
        }
        // Every phase lists its actions in id order (no sort needed).
        debug_assert!(out.windows(2).all(|w| w[0] < w[1]), "{out:?}");
    }

    /// `main` drawn as `push_legal` lists it when no ability adds to it (`MAIN_EXTRA`):
    /// the steps, two adds per row card, and `pass` if there is neither. The index is
    /// decoded into the move instead of listing the actions.
    fn main_random(&mut self, rng: &mut crate::rng::SplitMix64) {
        let dirs = u64::from(self.step_dirs(self.others()));
        let steps = dirs.count_ones();
        let adds = 2 * self.row.len() as u32;
        let n = steps + adds + u32::from(steps + adds == 0);
        let r = rng.below(u64::from(n)) as u32;
        if r < steps {
            let d = nth_bit(dirs, r);
            self.history.push(encode(Move::Step(d)));
            self.step(d);
        } else if r - steps < adds {
            let i = r - steps;
            let (k, e) = (nth_bit(self.row.bits, i / 2), (i % 2) as u8);
            self.history.push(encode(Move::Add(k, e)));
            self.add(k, e);
        } else {
            self.history.push(encode(Move::Pass));
            self.end_turn();
        }
    }

    /// `move` drawn as `push_legal` lists it when no ability adds to it (`MOVE_EXTRA`):
    /// the steps, the plain builds (by colour in reserve, then vacant plot next to the
    /// architect), and `stop` if no other architect is here.
    fn move_random(&mut self, rng: &mut crate::rng::SplitMix64) {
        let others = self.others();
        let dirs = u64::from(self.step_dirs(others));
        let steps = dirs.count_ones();
        let s = self.s();
        let j = usize::from(self.architects[s]);
        let g = &self.cfg.geom;
        let vacant = if self.step_build_open() {
            u64::from(self.vacant_near[j])
        } else {
            0
        };
        let held = u64::from((0..4).fold(0, |m, c| m | u8::from(self.reserves[s][c] > 0) << c));
        let plots = vacant.count_ones();
        let builds = plots * held.count_ones();
        let stop = u32::from(others & (1 << j) == 0);
        let r = rng.below(u64::from(steps + builds + stop)) as u32;
        if r < steps {
            let d = nth_bit(dirs, r);
            self.history.push(encode(Move::Step(d)));
            self.step(d);
        } else if r - steps < builds {
            let i = r - steps;
            let colour = nth_bit(held, i / plots);
            let slot = g.adj_plot_list[j][usize::from(nth_bit(vacant, i % plots))];
            self.history.push(encode(Move::Build {
                mode: PLAIN,
                colour,
                slot,
            }));
            self.plain_build(colour, slot);
        } else {
            self.history.push(encode(Move::Stop));
            self.end_turn();
        }
    }

    /// [`GameState::choose_chance`] in `setup`: the `r`-th of `push_outcomes`' ascending
    /// list for `r = below(n)`, from bits.
    fn setup_draw(&self, rng: &mut crate::rng::SplitMix64) -> Move {
        if self.streets.contains(&-1) {
            let used = self
                .streets
                .iter()
                .filter(|&&t| t >= 0)
                .fold(0u64, |m, &t| m | 1 << t);
            let free = ((1u64 << self.cfg.data.streets.len()) - 1) & !used;
            let r = rng.below(u64::from(free.count_ones()));
            return Move::Tile(nth_bit(free, r as u32));
        }
        if self.cfg.specialists.is_some() && self.pawns.contains(&-1) {
            let used = self
                .pawns
                .iter()
                .filter(|&&t| t >= 0)
                .fold(0u64, |m, &t| m | 1 << t);
            let free = (1 << 0 | 1 << 3 | 1 << 12 | 1 << 15) & !used;
            let r = rng.below(u64::from(free.count_ones()));
            return Move::Pawn(nth_bit(free, r as u32));
        }
        if self.row.len() >= usize::from(self.cfg.players) + 4 {
            return Move::First(rng.below(u64::from(self.cfg.players)) as u8);
        }
        Move::Reveal(self.reveal_draw(rng))
    }

    /// The card a reveal draws: from the pool while it has cards (every one weighs 1),
    /// then the bottom's first (still one draw of `below(1)`).
    fn reveal_draw(&self, rng: &mut crate::rng::SplitMix64) -> u8 {
        let total = self.pool.count_ones();
        if total == 0 {
            rng.below(1);
            self.bottom[0]
        } else {
            nth_bit(self.pool, rng.below(u64::from(total)) as u32)
        }
    }

    fn push_adds(&self, out: &mut Vec<Action>) {
        // All eight places written, the row's length kept: no branch on the row's size.
        let mut ids = [0; 16];
        let mut m = self.row.bits;
        for i in 0..8 {
            // Past the last card `k` is 64: written, never kept.
            let k = m.trailing_zeros();
            ids[2 * i] = encode(Move::Add(0, 0)) + 2 * k;
            ids[2 * i + 1] = encode(Move::Add(0, 1)) + 2 * k;
            m &= m.wrapping_sub(1);
        }
        Self::extend_first(out, &ids, 2 * self.row.len());
    }

    /// Appends the first `n` of `ids`: all of them copied (a fixed size, no call to
    /// `memcpy` and no branch on `n`), then the list cut back.
    fn extend_first(out: &mut Vec<Action>, ids: &[Action], n: usize) {
        let start = out.len();
        out.extend_from_slice(ids);
        out.truncate(start + n);
    }

    /// `first + c` for the colours c in `mask` (bit c), ascending; every colour written and
    /// only those in `mask` kept, without a branch on each (coin tosses in random play).
    fn push_colours(out: &mut Vec<Action>, first: Action, mask: u8) {
        let mut ids = [0; 4];
        let mut n = 0;
        for c in 0..4 {
            ids[n] = first + c as Action;
            n += usize::from((mask >> c) & 1);
        }
        Self::extend_first(out, &ids, n);
    }

    /// The colours with a building left in the general reserve, as bits.
    fn general_colours(&self) -> u8 {
        (0..4).fold(0, |m, c| m | u8::from(self.general[c] > 0) << c)
    }

    /// `first + 4c + d` for colours c in `from` and d in `to`, d not c, ascending (the
    /// exchanges and crafts), written like [`Self::push_colours`].
    fn push_colour_pairs(out: &mut Vec<Action>, first: Action, from: u8, to: u8) {
        let mut ids = [0; 16];
        let mut n = 0;
        for c in 0..4 {
            for d in 0..4 {
                ids[n] = first + 4 * c as Action + d as Action;
                n += usize::from((c != d) & ((from >> c) & (to >> d) & 1 != 0));
            }
        }
        Self::extend_first(out, &ids, n);
    }

    /// Whether the seat may use a card specialist now (its actions may still be none).
    fn card_specialists_listed(&self) -> bool {
        const CARD: u32 = 1 << Ability::CommercialManager as u32
            | 1 << Ability::ProjectManager as u32
            | 1 << Ability::Mayor as u32
            | 1 << Ability::LogisticsManager as u32;
        self.live() & CARD != 0 && self.card_colour_ok()
    }

    fn push_card_specialists(&self, out: &mut Vec<Action>) {
        let s = self.s();
        let live = self.live();
        if !self.card_specialists_listed() {
            return;
        }
        if has(live, Ability::CommercialManager) {
            let held = (0..4).fold(0, |m, c| m | u8::from(self.reserves[s][c] > 0) << c);
            Self::push_colour_pairs(
                out,
                encode(Move::Exchange(0, 0)),
                held,
                self.general_colours(),
            );
        }
        if has(live, Ability::ProjectManager) {
            for k in self.projects[s].sorted() {
                out.push(encode(Move::Project(k)));
            }
        }
        if has(live, Ability::Mayor) {
            for k in self.projects[s].sorted() {
                out.push(encode(Move::Mayor(k)));
            }
        }
        if has(live, Ability::LogisticsManager) && !self.row.is_empty() {
            out.push(encode(Move::Logistics));
        }
    }

    /// The builds of `mode` on `set` in id order: by colour (those in reserve), then slot.
    fn push_builds(&self, out: &mut Vec<Action>, mode: u8, set: Slots) {
        let reserve = &self.reserves[self.s()];
        if set.is_empty() || reserve.iter().all(|&r| r == 0) {
            return;
        }
        // Ids of one mode and colour: a base plus an offset that grows with the slot. Sets
        // near an architect are small: their offsets are listed once for all colours.
        let origin = build_id(mode, 0, 0);
        let mut offsets = [0u32; 32];
        let mut n = 0;
        for slot in set.iter() {
            if n == offsets.len() {
                n = usize::MAX;
                break;
            }
            offsets[n] = build_id(mode, 0, slot) - origin;
            n += 1;
        }
        for c in 0..4u8 {
            if reserve[usize::from(c)] > 0 {
                let base = build_id(mode, c, 0);
                if n == usize::MAX {
                    out.extend(
                        set.iter()
                            .map(|slot| base + (build_id(mode, 0, slot) - origin)),
                    );
                } else {
                    out.extend(offsets[..n].iter().map(|&o| base + o));
                }
            }
        }
    }

    /// [`Self::push_builds`] of `mode` on the vacant plots next to junction `j`, without
    /// branches on the data: every candidate plot and every colour is written, and only
    /// the vacant ones and the colours in reserve are kept (random play makes each test a
    /// coin toss for the branch predictor).
    fn push_adjacent_builds(&self, out: &mut Vec<Action>, mode: u8, j: usize) {
        let g = &self.cfg.geom;
        let reserve = &self.reserves[self.s()];
        let (list, len) = (&g.adj_plot_list[j], usize::from(g.adj_plot_len[j]));
        let origin = build_id(mode, 0, 0);
        let mut offsets = [0u32; ADJ_PLOTS];
        let mut n = 0;
        for i in 0..ADJ_PLOTS {
            let slot = list[i];
            offsets[n] = build_id(mode, 0, slot) - origin;
            n += usize::from((i < len) & (self.city[usize::from(slot)] < 0));
        }
        // Written in place in the list, which is then cut back.
        let start = out.len();
        out.resize(start + 4 * ADJ_PLOTS, 0);
        let ids = &mut out[start..];
        let mut total = 0;
        for c in 0..4u8 {
            let base = build_id(mode, c, 0);
            for (id, &o) in ids[total..total + ADJ_PLOTS].iter_mut().zip(&offsets) {
                *id = base + o;
            }
            total += if reserve[usize::from(c)] > 0 { n } else { 0 };
        }
        out.truncate(start + total);
    }

    /// Footsteps actions other than `step` and `stop`; `moving`: in `move` (step builds
    /// possible), else in `main` (only the draughtsman's build).
    fn push_footsteps(&self, out: &mut Vec<Action>, moving: bool, others: u64) {
        let s = self.s();
        let g = &self.cfg.geom;
        let j = usize::from(self.architects[s]);
        // Builds in id order: by mode, then colour, then slot.
        let vacant = |set: Slots| set.and_not(self.occ);
        let live = self.live();
        let build_open = moving && self.step_build_open();
        if build_open {
            self.push_adjacent_builds(out, PLAIN, j);
        }
        if live == 0 {
            // No specialist to use: the plain builds were all.
            return;
        }
        if build_open {
            if has(live, Ability::BuildingAssistant) {
                self.push_builds(out, REPLACE, g.adj_plot_bits[j].and(self.occ));
            }
            if has(live, Ability::BuildingManager) {
                let mut m = Slots::default();
                for p in (0..self.players()).filter(|&p| p != s) {
                    m = m.or(g.adj_plot_bits[usize::from(self.architects[p])]);
                }
                self.push_builds(out, MANAGER, vacant(m));
            }
            if has(live, Ability::Surveyor) {
                self.push_builds(out, SURVEYOR, vacant(g.corner_plot_bits[j]));
            }
            if has(live, Ability::ParkEngineer) {
                let green = self.green_sectors();
                let mut m = Slots::default();
                for t in 0..16 {
                    if green & (1 << t) != 0 {
                        m = m.or(g.sector_plot_bits[t]);
                    }
                }
                self.push_builds(out, ENGINEER, vacant(m));
            }
        }
        if has(live, Ability::Draughtsman) {
            self.push_adjacent_builds(out, DRAUGHTSMAN, j);
        }
        if build_open && has(live, Ability::SectorManager) {
            self.push_builds(out, CENTRE, vacant(g.adj_centre_bits[j]));
        }
        // Jumps: the target junctions as bits, ascending; most are free of architects. The
        // specialist used is no longer a way out where it lands.
        let e = self.escapes();
        let jumps = |targets: u64, left: Escapes| {
            bits(targets & !(1 << j)).filter(move |&to| self.can_finish(others, to as u8, left))
        };
        if has(live, Ability::Driver) && g.perimeter_junction[j] {
            for to in jumps(g.perimeter_junction_bits, Escapes { drive: 0, ..e }) {
                out.push(encode(Move::Drive(to as u8)));
            }
        }
        if has(live, Ability::ParkDesigner) {
            for to in jumps(e.design, Escapes { design: 0, ..e }) {
                out.push(encode(Move::Design(to as u8)));
            }
        }
        if has(live, Ability::Governor) && self.pp[s] >= 1 {
            for c in 0..4u8 {
                if self.general[usize::from(c)] > 0 {
                    out.push(encode(Move::Governor(c)));
                }
            }
        }
        if has(live, Ability::HeadArchitect) && self.reserves[s][2] > 0 {
            for t in 0..16u8 {
                if !g.sector_plot_bits[usize::from(t)].and(self.occ).is_empty() {
                    out.push(encode(Move::Redistribute(t)));
                }
            }
        }
    }

    fn push_outcomes(&self, out: &mut Vec<(Action, u64)>) {
        match self.phase {
            Phase::Setup => {
                if self.streets.contains(&-1) {
                    for t in 0..self.cfg.data.streets.len() as u8 {
                        if !self.streets.contains(&(t as i8)) {
                            out.push((encode(Move::Tile(t)), 1));
                        }
                    }
                } else if self.cfg.specialists.is_some() && self.pawns.contains(&-1) {
                    for t in [0u8, 3, 12, 15] {
                        if !self.pawns.contains(&(t as i8)) {
                            out.push((encode(Move::Pawn(t)), 1));
                        }
                    }
                } else if self.row.len() < usize::from(self.cfg.players) + 4 {
                    self.push_reveals(out);
                } else {
                    for s in 0..self.cfg.players {
                        out.push((encode(Move::First(s)), 1));
                    }
                }
            }
            Phase::Reveal => self.push_reveals(out),
            _ => {}
        }
    }

    fn push_reveals(&self, out: &mut Vec<(Action, u64)>) {
        if self.pool != 0 {
            for k in bits(self.pool) {
                out.push((encode(Move::Reveal(k as u8)), 1));
            }
        } else if let Some(&k) = self.bottom.first() {
            out.push((encode(Move::Reveal(k)), 1));
        }
    }

    // ----- applying ------------------------------------------------------------------

    fn apply_move(&mut self, action: Action, mv: Move) {
        self.history.push(action);
        let s = self.s();
        match mv {
            Move::Tile(_) | Move::First(_) => self.apply_setup(mv),
            Move::Pawn(_) if self.phase == Phase::Setup => self.apply_setup(mv),
            Move::Reveal(k) => self.reveal(k),
            Move::Pick(k) => self.pick(k),
            Move::Take(c) => match self.phase {
                Phase::DraftTake => self.draft_take(c),
                Phase::Gain => self.gain_take(c),
                Phase::Takes => {
                    self.take(c);
                    self.takes -= 1;
                    self.settle();
                }
                _ => {
                    // Bonus.
                    self.take(c);
                    self.mark(if self.bonus == 1 {
                        Ability::HeadOfAmenities
                    } else {
                        Ability::ParkManager
                    });
                    self.bonus = 0;
                    self.settle();
                }
            },
            Move::Skip => {
                if self.phase == Phase::Craft {
                    self.director();
                    self.flow = Flow::Score;
                } else {
                    self.bonus = 0;
                }
                self.settle();
            }
            Move::Step(d) => self.step(d),
            Move::Build {
                mode: PLAIN,
                colour,
                slot,
            } => self.plain_build(colour, slot),
            Move::Build { mode, colour, slot } => {
                self.mode = Mode::Move;
                match mode {
                    DRAUGHTSMAN => self.mark(Ability::Draughtsman),
                    _ => {
                        if self.here == 1 {
                            self.mark(Ability::ArchitectsAssistant);
                        }
                        self.here += 1;
                        match mode {
                            REPLACE => self.mark(Ability::BuildingAssistant),
                            MANAGER => self.mark(Ability::BuildingManager),
                            SURVEYOR => self.mark(Ability::Surveyor),
                            ENGINEER => self.mark(Ability::ParkEngineer),
                            CENTRE => self.mark(Ability::SectorManager),
                            _ => {}
                        }
                    }
                }
                self.build(colour, slot, mode == REPLACE);
                self.settle();
            }
            Move::Drive(j) | Move::Design(j) => {
                self.mode = Mode::Move;
                self.mark(if matches!(mv, Move::Drive(_)) {
                    Ability::Driver
                } else {
                    Ability::ParkDesigner
                });
                self.architects[s] = j;
                self.here = 2;
                self.last = -1;
                self.settle();
            }
            Move::Governor(c) => {
                self.mode = Mode::Move;
                self.mark(Ability::Governor);
                self.pp[s] -= 1;
                self.take(c);
                self.settle();
            }
            Move::Redistribute(t) => {
                self.mode = Mode::Move;
                self.mark(Ability::HeadArchitect);
                let plots = self.cfg.geom.sector_plot_bits[usize::from(t)];
                for p in plots.iter() {
                    let c = self.lift(p);
                    if c >= 0 {
                        self.arrange[c as usize] += 1;
                    }
                }
                self.sector = t as i8;
                self.todo = self.cfg.geom.sector_plots[usize::from(t)].len() as u8;
                self.phase = Phase::Arrange;
            }
            Move::Arrange(c) => {
                let plots = &self.cfg.geom.sector_plots[self.sector as usize];
                let p = plots[plots.len() - usize::from(self.todo)];
                if c < 4 {
                    self.put(p, c);
                    self.arrange[usize::from(c)] -= 1;
                }
                self.todo -= 1;
                if self.todo == 0 {
                    self.sector = -1;
                    self.settle();
                }
            }
            Move::Pawn(t) => {
                self.pawns[self.relocate as usize] = t as i8;
                self.relocate = -1;
                self.settle();
            }
            Move::Stop => self.end_turn(),
            Move::Pass => self.end_turn(),
            Move::Add(k, e) => self.add(k, e),
            Move::Craft(c, d) => {
                self.mark(Ability::MasterCraftsman);
                self.reserves[s][usize::from(c)] -= 1;
                self.general[usize::from(c)] += 1;
                self.take(d);
                self.gained[usize::from(c)] -= 1;
                self.gained[usize::from(d)] += 1;
                self.director();
                self.flow = Flow::Score;
                self.settle();
            }
            Move::Street(k) => self.street(k),
            Move::Score(k) => self.final_score(k),
            Move::Exchange(c, d) => {
                self.commit_add();
                self.mark(Ability::CommercialManager);
                self.reserves[s][usize::from(c)] -= 1;
                self.general[usize::from(c)] += 1;
                self.take(d);
                self.settle();
            }
            Move::Project(k) => {
                self.commit_add();
                self.mark(Ability::ProjectManager);
                self.projects[s].remove_card(k);
                self.takes = 2;
                self.settle();
            }
            Move::Mayor(k) => {
                self.commit_add();
                self.mark(Ability::Mayor);
                self.projects[s].remove_card(k);
                self.pp[s] += 2;
                self.settle();
            }
            Move::Logistics => {
                self.commit_add();
                self.mark(Ability::LogisticsManager);
                self.bottom.extend_from_slice(&self.row);
                self.row.clear();
                self.todo = self.deck_size().min(4) as u8;
                self.phase = Phase::Reveal;
            }
            Move::Discard(c) => self.discard(c),
            Move::End => self.end(),
        }
    }

    /// A build of `mode` `PLAIN` (`apply_move`'s general case, for this mode).
    fn plain_build(&mut self, colour: u8, slot: u8) {
        self.mode = Mode::Move;
        if self.here == 1 {
            self.mark(Ability::ArchitectsAssistant);
        }
        self.here += 1;
        self.build(colour, slot, false);
        self.settle_moving();
    }

    /// [`Self::settle`] after a step or a build: when nothing is pending and no flow is
    /// under way (the usual case) it can only go on in `move`, so the dispatch on the flow,
    /// an indirect jump random play makes hard to predict, is skipped.
    fn settle_moving(&mut self) {
        let idle = (self.relocate < 0) & (self.bonus == 0) & (self.takes == 0);
        if idle
            && self.flow == Flow::None
            && self.mode == Mode::Move
            && self.reserve_total() <= self.cfg.data.reserve_limit
        {
            self.phase = Phase::Move;
        } else {
            self.settle();
        }
    }

    /// A setup outcome other than a reveal.
    fn apply_setup(&mut self, mv: Move) {
        match mv {
            Move::Tile(t) => {
                let place = self.streets.iter().position(|&x| x < 0).expect("a place");
                self.streets[place] = t as i8;
            }
            Move::Pawn(t) => {
                let c = self.pawns.iter().position(|&x| x < 0).expect("a pawn");
                self.pawns[c] = t as i8;
            }
            Move::First(p) => {
                self.start = p as i8;
                self.seat = p;
                self.phase = Phase::Draft;
            }
            _ => unreachable!("not a setup outcome"),
        }
    }

    fn pick(&mut self, k: u8) {
        let s = self.s();
        self.row.remove_card(k);
        self.projects[s].push(k);
        self.phase = Phase::DraftTake;
        self.draft_takes();
    }

    fn street(&mut self, k: u8) {
        let card = self.score as u8;
        self.score = -1;
        self.score_card(card, Some(usize::from(k)));
        if self.phase == Phase::Final {
            self.next_final();
        } else {
            self.flow = Flow::Reveal;
            self.settle();
        }
    }

    fn final_score(&mut self, k: u8) {
        let s = self.s();
        self.projects[s].remove_card(k);
        if self.cfg.data.cards[usize::from(k)].pattern == Pattern::Street {
            self.score = k as i8;
        } else {
            self.score_card(k, None);
            self.next_final();
        }
    }

    fn step(&mut self, d: u8) {
        let s = self.s();
        self.mode = Mode::Move;
        let to = self.cfg.geom.step[usize::from(self.architects[s])][usize::from(d)];
        self.architects[s] = to;
        self.steps -= 1;
        self.last = d as i8;
        self.here = 0;
        self.settle_moving();
    }

    fn reveal(&mut self, k: u8) {
        if self.pool & (1 << k) != 0 {
            self.pool &= !(1 << k);
        } else {
            self.bottom.remove(0);
        }
        self.row.push(k);
        if self.phase == Phase::Reveal {
            self.todo -= 1;
            if self.todo == 0 || self.deck_size() == 0 {
                self.todo = 0;
                if self.flow == Flow::Reveal {
                    self.flow = Flow::After;
                }
                self.settle();
            }
        }
    }

    fn draft_take(&mut self, c: u8) {
        self.take(c);
        self.gained[usize::from(c)] = 1;
        self.draft_takes();
    }

    fn gain_take(&mut self, c: u8) {
        self.take(c);
        self.gained[usize::from(c)] += 1;
        self.todo -= 1;
        self.settle();
    }

    fn discard(&mut self, c: u8) {
        let s = self.s();
        self.reserves[s][usize::from(c)] -= 1;
        self.settle();
    }

    fn end(&mut self) {
        let s = self.s();
        if self.can(Ability::AmenitiesDirector) && self.reserves[s].iter().all(|&x| x > 0) {
            self.mark(Ability::AmenitiesDirector);
            self.pp[s] += 1;
        }
        self.end_turn();
    }

    /// The draft's two takes of different colours; with nothing (more) to take, which only
    /// a small user `per_colour` allows, the next seat drafts.
    fn draft_takes(&mut self) {
        let open = (0..4).any(|c| self.general[c] > 0 && self.gained[c] == 0);
        if self.gained.iter().sum::<u8>() < 2 && open {
            return;
        }
        self.gained = [0; 4];
        let next = self.next_seat(self.seat);
        if next as i8 == self.start {
            self.turn = 1;
            self.start_turn(next);
        } else {
            self.seat = next;
            self.phase = Phase::Draft;
        }
    }

    /// The seat after `p`, without a division by the player count.
    fn next_seat(&self, p: u8) -> u8 {
        if p + 1 == self.cfg.players {
            0
        } else {
            p + 1
        }
    }

    fn commit_add(&mut self) {
        if self.mode == Mode::None {
            self.mode = Mode::Add;
        }
    }

    fn start_turn(&mut self, seat: u8) {
        self.seat = seat;
        let s = usize::from(seat);
        let cards = &self.cfg.data.cards;
        self.steps = self.projects[s]
            .iter()
            .map(|&k| cards[usize::from(k)].steps)
            .sum::<u8>()
            + u8::from(self.holds(s, Ability::TrafficDirector));
        self.here = 2;
        self.last = -1;
        self.flow = Flow::None;
        self.mode = Mode::None;
        self.used = 0;
        self.gained = [0; 4];
        self.phase = Phase::Main;
    }

    fn end_turn(&mut self) {
        // The flow is left as it was: the next turn's start clears it (docs, "Flows").
        self.used = 0;
        self.gained = [0; 4];
        self.turn += 1;
        let next = self.next_seat(self.seat);
        if self.ending && next as i8 == self.start {
            self.seat = next;
            self.phase = Phase::Final;
            if self.projects[usize::from(next)].is_empty() {
                self.next_final();
            }
        } else {
            self.start_turn(next);
        }
    }

    /// The next seat of the final scoring with a card, or the end of the game.
    fn next_final(&mut self) {
        let mut p = self.next_seat(self.seat);
        while p as i8 != self.start {
            if !self.projects[usize::from(p)].is_empty() {
                self.seat = p;
                self.phase = Phase::Final;
                return;
            }
            p = self.next_seat(p);
        }
        self.finish_game();
    }

    fn finish_game(&mut self) {
        let n = self.players();
        if let Some(specs) = self.cfg.specialists {
            for p in 0..n {
                for c in 0..4 {
                    if self.tokens[p] & (1 << c) != 0 {
                        self.pp[p] += self.cfg.data.specialist(specs[c]).stars;
                    }
                }
            }
        }
        for place in 0..7 {
            let (value, tie) = self.cfg.data.streets[self.streets[place] as usize];
            let mut count = [0u32; MAX_PLAYERS];
            for &t in &self.cfg.geom.street_sectors[place] {
                let sup = self.supervisors[usize::from(t)];
                if sup >= 0 {
                    count[sup as usize] += 1;
                }
            }
            let best = *count[..n].iter().max().expect("players");
            if best == 0 {
                continue;
            }
            let leaders = (0..n).filter(|&p| count[p] == best);
            let points = if leaders.clone().count() == 1 {
                value
            } else {
                tie
            };
            for p in leaders {
                self.pp[p] += points;
            }
        }
        self.phase = Phase::End;
    }

    /// Ruling 11: a building of colour `c` on `slot`; `replace` for the Building Assistant.
    fn build(&mut self, c: u8, slot: u8, replace: bool) {
        let s = self.s();
        self.reserves[s][usize::from(c)] -= 1;
        let plot = slot % 3 < 2;
        self.put(slot, c);
        let t = usize::from(slot / 12);
        let completed = plot && !replace && self.complete(t);
        if completed {
            if self.placed[s] < self.cfg.data.supervisors {
                self.supervisors[t] = s as i8;
                self.placed[s] += 1;
            }
            // "Earn 1 PP each time you complete a Sector": every completion pays, and the
            // token is never flipped (no choice activates it).
            if self.can(Ability::HeadOfSupervision) {
                self.pp[s] += 1;
            }
        }
        // "Earn 1 PP each time you build a Temple": every red pays, as above.
        if c == 2 && self.can(Ability::LocalBrahmin) {
            self.pp[s] += 1;
        }
        if self.can(Ability::ChiefGardener) && self.sector_has(t, 3) {
            self.mark(Ability::ChiefGardener);
            self.pp[s] += 1;
        }
        let ci = usize::from(c);
        if self.cfg.specialists.is_some()
            && self.pawns[ci] == t as i8
            && self.tokens[s] & (1 << c) == 0
        {
            self.tokens[s] |= 1 << c;
            let holders = (0..self.players())
                .filter(|&p| self.tokens[p] & (1 << c) != 0)
                .count();
            if holders == self.players() {
                self.pawns[ci] = -1;
            } else {
                self.relocate = c as i8;
            }
            // "even on that very same turn if you still have any steps left to use": with
            // none left, the token waits for the next turn (as if flipped).
            if self.steps == 0 {
                self.used |= 1 << c;
            } else if self.cfg.colour_of(Ability::TrafficDirector) == Some(c) {
                self.steps += 1;
            }
        }
        if completed {
            if let Some(p) = self.pawns.iter().position(|&x| x == t as i8) {
                if self.relocate != p as i8 {
                    self.relocate = p as i8;
                }
            }
        }
        if c == 1 && self.cfg.geom.perimeter_sector[t] && self.can(Ability::HeadOfAmenities) {
            self.bonus = 1;
        }
    }

    fn add(&mut self, k: u8, e: u8) {
        let s = self.s();
        self.mode = Mode::Add;
        self.row.remove_card(k);
        // The icons of the two ends that meet (none when the project is empty), counted
        // per colour: a colour's takes do not depend on the other colours', so taking them
        // colour by colour is the icons' order in effect.
        let gains = match (self.projects[s].first(), self.projects[s].last()) {
            (Some(&first), Some(&last)) => {
                let cards = &self.cfg.data.cards;
                if e == 0 {
                    cards[usize::from(k)].gains[1] + cards[usize::from(first)].gains[0]
                } else {
                    cards[usize::from(last)].gains[1] + cards[usize::from(k)].gains[0]
                }
            }
            _ => 0,
        };
        for c in 0..4u8 {
            let want = (gains >> (8 * c)) as u8;
            let n = want.min(self.general[usize::from(c)]);
            // `n` takes at once (`take`'s effect, without a loop on the count).
            let ci = usize::from(c);
            self.general[ci] -= n;
            self.reserves[s][ci] += n;
            self.ending |= (n > 0) & (self.general[ci] == 0);
            self.gained[ci] += n;
        }
        let any = (gains >> 32) as u8;
        self.todo = any;
        if e == 0 {
            self.projects[s].push_front(k);
        } else {
            self.projects[s].push(k);
        }
        if self.projects[s].len() > usize::from(self.cfg.data.project_limit) {
            let far = if e == 0 {
                self.projects[s].len() - 1
            } else {
                0
            };
            self.score = self.projects[s].remove_at(far) as i8;
        }
        self.flow = Flow::Gain;
        self.settle();
    }

    /// The Building Director (after an add's buildings and any craft).
    fn director(&mut self) {
        let kinds = self.gained.iter().filter(|&&x| x > 0).count();
        if kinds == 1 && self.can(Ability::BuildingDirector) {
            self.mark(Ability::BuildingDirector);
            let s = self.s();
            self.pp[s] += 1;
        }
    }

    fn score_card(&mut self, k: u8, street: Option<usize>) {
        let card = &self.cfg.data.cards[usize::from(k)];
        let n = pattern::count_on(
            &self.cfg.geom,
            &self.colours,
            &self.keys,
            &self.sides,
            card.pattern,
            card.colours,
            street,
        );
        let s = self.s();
        self.pp[s] += n as i32 * card.stars;
        if self.phase != Phase::Final && card.has_colour(3) && self.can(Ability::ParkManager) {
            self.bonus = 2;
        }
    }

    /// Resolves what is pending, then lets the flow go on (docs, "Turn structure").
    fn settle(&mut self) {
        loop {
            if self.relocate >= 0 {
                let from = self.pawns[self.relocate as usize];
                if (0..16).any(|t| t as i8 != from && self.vacant_plaza(t)) {
                    self.phase = Phase::Relocate;
                    return;
                }
                self.pawns[self.relocate as usize] = -1;
                self.relocate = -1;
                continue;
            }
            if self.bonus > 0 {
                if !self.general_empty() {
                    self.phase = Phase::Bonus;
                    return;
                }
                self.bonus = 0;
            }
            if self.takes > 0 {
                if !self.general_empty() {
                    self.phase = Phase::Takes;
                    return;
                }
                self.takes = 0;
            }
            if self.reserve_total() > self.cfg.data.reserve_limit {
                self.phase = Phase::Discard;
                return;
            }
            match self.flow {
                Flow::None => {
                    self.phase = if self.mode == Mode::Move {
                        Phase::Move
                    } else {
                        Phase::Add
                    };
                    return;
                }
                Flow::Gain => {
                    if self.todo > 0 && !self.general_empty() {
                        self.phase = Phase::Gain;
                        return;
                    }
                    self.todo = 0;
                    self.flow = Flow::Craft;
                }
                Flow::Craft => {
                    if self.can(Ability::MasterCraftsman) && self.gained.iter().any(|&x| x > 0) {
                        self.phase = Phase::Craft;
                        return;
                    }
                    self.director();
                    self.flow = Flow::Score;
                }
                Flow::Score => {
                    if self.score >= 0 {
                        let k = self.score as u8;
                        if self.cfg.data.cards[usize::from(k)].pattern == Pattern::Street {
                            self.phase = Phase::Street;
                            return;
                        }
                        self.score = -1;
                        self.score_card(k, None);
                    }
                    self.flow = Flow::Reveal;
                }
                Flow::Reveal => {
                    // `flow` stays `reveal` while the card is revealed, then goes on.
                    if self.deck_size() > 0 {
                        self.todo = 1;
                        self.phase = Phase::Reveal;
                        return;
                    }
                    if self.row.is_empty() {
                        // Ruling 17: no card can ever be added again.
                        self.ending = true;
                    }
                    self.flow = Flow::After;
                }
                Flow::After => {
                    self.phase = Phase::After;
                    return;
                }
            }
        }
    }

    fn winner(&self) -> Option<usize> {
        if self.phase != Phase::End {
            return None;
        }
        let n = self.players();
        let order = (0..n).map(|i| (self.start as usize + i) % n);
        let mut best: Option<usize> = None;
        for p in order {
            match best {
                Some(b) if self.pp[p] <= self.pp[b] => {}
                _ => best = Some(p),
            }
        }
        best
    }

    /// Why `action` is not legal here (it is not among the legal actions).
    fn illegal(&self, action: Action) -> Option<String> {
        if self.phase == Phase::End {
            return Some("the game is over".into());
        }
        if self.phase.is_chance() {
            let mut out = Vec::new();
            self.push_outcomes(&mut out);
            if out.iter().any(|&(a, _)| a == action) {
                return None;
            }
            return decode(action).ok().map(|mv| self.problem(mv));
        }
        let mut out = Vec::new();
        self.push_legal(&mut out);
        if out.contains(&action) {
            return None;
        }
        decode(action).ok().map(|mv| self.problem(mv))
    }
}

impl GameState for ChandigarhState {
    seat_phase_methods!();

    /// A draw without listing the outcomes: the same draw as the default, since every
    /// outcome weighs 1 (the `r`-th of `push_outcomes`' ascending list for `r = below(n)`).
    fn choose_chance(
        &self,
        buf: &mut Vec<(Action, u64)>,
        rng: &mut crate::rng::SplitMix64,
    ) -> Action {
        match self.phase {
            Phase::Setup => encode(self.setup_draw(rng)),
            Phase::Reveal => encode(Move::Reveal(self.reveal_draw(rng))),
            // No chance node: the default's answer (it lists nothing and panics).
            _ => crate::engine::choose_listed(self, buf, rng),
        }
    }

    fn apply_action(&mut self, action: Action) -> Result<(), Error> {
        let mv = decode(action)?;
        if let Some(why) = self.illegal(action) {
            return Err(illegal_action(action, to_text(mv), why));
        }
        self.apply_move(action, mv);
        Ok(())
    }

    fn apply_legal(&mut self, action: Action) {
        let mv = self.cfg.moves[action as usize];
        self.apply_move(action, mv);
    }

    /// The commonest steps of a random playout drawn and applied directly, without listing
    /// them or dispatching on the action: the same action from the same draw as the
    /// default (`step_random_is_the_listed_draw` checks it).
    #[inline(always)]
    fn step_random(
        &mut self,
        rng: &mut crate::rng::SplitMix64,
        actions: &mut Vec<Action>,
        outcomes: &mut Vec<(Action, u64)>,
    ) {
        match self.phase {
            Phase::Reveal => {
                // `choose_chance`'s draw.
                let k = self.reveal_draw(rng);
                self.history.push(encode(Move::Reveal(k)));
                self.reveal(k);
            }
            Phase::Setup => {
                let mv = self.setup_draw(rng);
                self.history.push(encode(mv));
                match mv {
                    Move::Reveal(k) => self.reveal(k),
                    _ => self.apply_setup(mv),
                }
            }
            Phase::Draft => {
                let k = nth_bit(self.row.bits, rng.below(self.row.len() as u64) as u32);
                self.history.push(encode(Move::Pick(k)));
                self.pick(k);
            }
            Phase::Final => {
                if self.score >= 0 {
                    let k = rng.below(6) as u8;
                    self.history.push(encode(Move::Street(k)));
                    self.street(k);
                } else {
                    let cards = self.projects[self.s()].bits;
                    let k = nth_bit(cards, rng.below(u64::from(cards.count_ones())) as u32);
                    self.history.push(encode(Move::Score(k)));
                    self.final_score(k);
                }
            }
            Phase::Gain => {
                let colours = u64::from(self.general_colours());
                let c = nth_bit(colours, rng.below(u64::from(colours.count_ones())) as u32);
                self.history.push(encode(Move::Take(c)));
                self.gain_take(c);
            }
            Phase::DraftTake => {
                let fresh = (0..4).fold(0, |m, c| m | u8::from(self.gained[c] == 0) << c);
                let colours = u64::from(self.general_colours() & fresh);
                let c = nth_bit(colours, rng.below(u64::from(colours.count_ones())) as u32);
                self.history.push(encode(Move::Take(c)));
                self.draft_take(c);
            }
            Phase::Discard => {
                let s = self.s();
                let held = (0..4).fold(0, |m, c| m | u8::from(self.reserves[s][c] > 0) << c);
                let held = u64::from(held);
                let c = nth_bit(held, rng.below(u64::from(held.count_ones())) as u32);
                self.history.push(encode(Move::Discard(c)));
                self.discard(c);
            }
            Phase::Main if self.live() & MAIN_EXTRA == 0 => self.main_random(rng),
            Phase::Move if self.live() & MOVE_EXTRA == 0 => self.move_random(rng),
            Phase::After if !self.card_specialists_listed() => {
                // `End` is the only action.
                rng.below(1);
                self.history.push(encode(Move::End));
                self.end();
            }
            _ => crate::engine::step_listed(self, rng, actions, outcomes),
        }
    }

    fn action_to_string(&self, action: Action) -> Result<String, Error> {
        Ok(to_text(decode(action)?))
    }

    fn string_to_action(&self, text: &str) -> Result<Action, Error> {
        from_text(text)
    }

    fn history(&self) -> &[Action] {
        &self.history
    }

    fn scores_into(&self, out: &mut [i32]) {
        out.copy_from_slice(&self.pp[..self.players()]);
    }

    fn winners_mask(&self) -> u32 {
        self.winner().map_or(0, |p| 1 << p)
    }

    state_io_methods!();
}

#[cfg(test)]
mod tests {
    use super::super::{ChandigarhGame, ABILITIES};
    use super::*;
    use crate::testing::random_walk;

    /// At every player count: the default specialists, none, and six sets that put every
    /// specialist in play, half of them with the variant.
    fn games() -> Vec<ChandigarhGame> {
        let mut out = Vec::new();
        for players in 2..=4 {
            out.push(ChandigarhGame::new(players, None, None, None).unwrap());
            out.push(ChandigarhGame::new(players, Some("none"), None, None).unwrap());
            for k in 0..6 {
                let specs: Vec<&str> = (0..4).map(|c| ABILITIES[c * 6 + k].1).collect();
                let variant = if k % 2 == 0 { "" } else { "nw=4,1;se=-1,2" };
                out.push(
                    ChandigarhGame::new(players, Some(&specs.join(",")), Some(variant), None)
                        .unwrap(),
                );
            }
        }
        out
    }

    /// The bit-parallel step check against ruling 9's recursive definition, for random
    /// sets of other architects, every junction, previous step and count.
    #[test]
    fn steps_near_others_is_finish_without_escapes() {
        let mut rng = crate::rng::SplitMix64::new(11);
        for game in games() {
            let g = &game.cfg.geom;
            for _ in 0..200 {
                let mut others = 0u64;
                for _ in 0..1 + rng.below(6) {
                    others |= 1 << rng.below(JUNCTIONS as u64);
                }
                for j in 0..JUNCTIONS {
                    for n in 1..7u8 {
                        let want = (0..4).fold(0u8, |m, d| {
                            let to = g.step[j][d];
                            let none = Escapes {
                                drive: 0,
                                design: 0,
                            };
                            let ok = to != NONE
                                && finish_escaping(&g.step, others, to, d as i8, n - 1, none);
                            m | u8::from(ok) << d
                        });
                        let got = steps_near_others(&g.step_dir_bits, others, j, 15, n);
                        assert_eq!(got & g.step_dirs[j], want, "j {j} n {n} others {others:#x}");
                    }
                }
            }
        }
    }

    /// Every direct draw of `step_random` (setup, reveal, draft, draft take, gain, discard,
    /// main, move, after, final) plays the move `legal[below(n)]` of the listed order.
    #[test]
    fn step_random_is_the_listed_draw() {
        for game in games() {
            for seed in 0..30 {
                crate::testing::assert_step_random_is_the_listed_draw(&game, seed);
            }
        }
    }

    /// The token width is a bound because each part of the observation stays within its
    /// share (docs, "Observation"): the city, each seat's block, the row, the supervisors
    /// and the rest; and the compact row the game writes is never wider.
    #[test]
    fn the_compact_width_bounds_every_observation_part_by_part() {
        use super::super::{Widths, OBSERVATION_SIZE, SHARED_TOKENS};
        use crate::engine::Game;
        let mut dense = vec![0.0; OBSERVATION_SIZE];
        let mut tokens = Vec::new();
        for game in games() {
            let w = Widths::new(&game.cfg);
            assert_eq!(game.max_observation_tokens(), w.tokens());
            for seed in 0..12 {
                random_walk(&game, seed, |st: &ChandigarhState| {
                    let n = st.players();
                    let nonzero = |r: std::ops::Range<usize>, d: &[f32]| {
                        d[r].iter().filter(|&&v| v != 0.0).count()
                    };
                    for p in 0..n {
                        st.observation_tensor_into(p, &mut dense).unwrap();
                        assert!(nonzero(0..768, &dense) <= w.city, "{st}");
                        for r in 0..n {
                            let block = 772 + 96 * r..772 + 96 * (r + 1);
                            assert!(nonzero(block, &dense) <= w.seat, "{st}");
                        }
                        assert!(nonzero(1156..1192, &dense) <= w.row, "{st}");
                        assert!(nonzero(1260..1324, &dense) <= w.supervisors, "{st}");
                        let rest = nonzero(768..772, &dense)
                            + nonzero(1192..1260, &dense)
                            + nonzero(1324..OBSERVATION_SIZE, &dense);
                        assert!(rest <= SHARED_TOKENS, "{st}");
                        game.observation_tokens_into(st, p, &mut tokens).unwrap();
                        assert_eq!(tokens.len(), nonzero(0..OBSERVATION_SIZE, &dense));
                        assert!(tokens.len() <= w.tokens(), "{st}");
                    }
                });
            }
        }
    }

    /// The legal width is a bound because each decision lists only the kinds of action its
    /// phase counts, each kind within its share (docs, "Action encoding"), and only the
    /// specialists in play (one per colour). The facts the shares rest on are checked too:
    /// after the draft (turn 0) the row holds at most `row` cards, and without the Sector
    /// Manager no centre holds a building (so a sector holding a green has it on a plot).
    #[test]
    fn a_decision_lists_each_kind_of_action_within_its_share() {
        use super::super::Widths;
        use crate::engine::Game;
        use Ability as A;
        // The kinds each phase's bound counts (`Widths::legal`).
        let counted = |phase: Phase| -> &[&str] {
            match phase {
                Phase::Draft => &["pick"],
                Phase::DraftTake | Phase::Gain | Phase::Takes => &["take"],
                Phase::Discard => &["discard"],
                Phase::Bonus => &["take", "skip"],
                Phase::Craft => &["craft", "skip"],
                Phase::Street => &["street"],
                Phase::Final => &["street", "score"],
                Phase::Arrange => &["arrange"],
                Phase::Relocate => &["relocate"],
                Phase::Add => &["add", "exchange", "project", "mayor", "logistics"],
                Phase::After => &["exchange", "project", "mayor", "logistics", "stop or end"],
                Phase::Main => &[
                    "step",
                    "add",
                    "pass",
                    "governor",
                    "exchange",
                    "project",
                    "drive",
                    "logistics",
                    "draughtsman",
                    "redistribute",
                    "mayor",
                    "design",
                ],
                Phase::Move => &[
                    "step",
                    "stop or end",
                    "plain or replace",
                    "governor",
                    "manager",
                    "drive",
                    "surveyor",
                    "draughtsman",
                    "redistribute",
                    "engineer",
                    "centre",
                    "design",
                ],
                Phase::Setup | Phase::Reveal | Phase::End => &[],
            }
        };
        let mut legal = Vec::new();
        for game in games() {
            let cfg = &game.cfg;
            let w = Widths::new(cfg);
            assert_eq!(game.max_legal_actions(), w.max_legal());
            // Each kind of action: its name, then its share and the specialist it needs (if
            // any).
            let kind = |mv: Move| -> &str {
                match mv {
                    Move::Step(_) => "step",
                    Move::Add(..) => "add",
                    Move::Build { mode: PLAIN, .. } => "plain or replace",
                    Move::Build { mode: REPLACE, .. } => "replace",
                    Move::Build { mode: MANAGER, .. } => "manager",
                    Move::Build { mode: SURVEYOR, .. } => "surveyor",
                    Move::Build { mode: ENGINEER, .. } => "engineer",
                    Move::Build {
                        mode: DRAUGHTSMAN, ..
                    } => "draughtsman",
                    Move::Build { .. } => "centre",
                    Move::Drive(_) => "drive",
                    Move::Design(_) => "design",
                    Move::Governor(_) => "governor",
                    Move::Redistribute(_) => "redistribute",
                    Move::Exchange(..) => "exchange",
                    Move::Project(_) => "project",
                    Move::Mayor(_) => "mayor",
                    Move::Logistics => "logistics",
                    Move::Pick(_) => "pick",
                    Move::Take(_) => "take",
                    Move::Discard(_) => "discard",
                    Move::Craft(..) => "craft",
                    Move::Street(_) => "street",
                    Move::Score(_) => "score",
                    Move::Arrange(_) => "arrange",
                    Move::Pawn(_) => "relocate",
                    Move::Stop | Move::End => "stop or end",
                    Move::Pass => "pass",
                    Move::Skip => "skip",
                    Move::Tile(_) | Move::Reveal(_) | Move::First(_) => "chance",
                }
            };
            let share = |name: &str| -> (usize, Option<Ability>) {
                match name {
                    "step" => (w.steps, None),
                    "add" => (w.adds, None),
                    "plain or replace" => (w.here, None),
                    // The Building Assistant's replace builds count in `here` with the plain.
                    "replace" => (0, Some(A::BuildingAssistant)),
                    "manager" => (w.manager, Some(A::BuildingManager)),
                    "surveyor" => (w.surveyor, Some(A::Surveyor)),
                    "engineer" => (w.engineer, Some(A::ParkEngineer)),
                    "draughtsman" => (w.draughtsman, Some(A::Draughtsman)),
                    "centre" => (w.centre, Some(A::SectorManager)),
                    "drive" => (w.drive, Some(A::Driver)),
                    "design" => (w.design, Some(A::ParkDesigner)),
                    "governor" => (4, Some(A::Governor)),
                    "redistribute" => (16, Some(A::HeadArchitect)),
                    "exchange" => (12, Some(A::CommercialManager)),
                    "project" => (w.cards, Some(A::ProjectManager)),
                    "mayor" => (w.cards, Some(A::Mayor)),
                    "logistics" => (1, Some(A::LogisticsManager)),
                    "pick" => (w.picks, None),
                    "take" | "discard" => (4, None),
                    "craft" => (12, Some(A::MasterCraftsman)),
                    "street" => (6, None),
                    "score" => (w.cards, None),
                    "arrange" => (5, None),
                    "relocate" => (15, None),
                    "stop or end" | "pass" | "skip" => (1, None),
                    _ => (0, None),
                }
            };
            // Where specialists add actions, the phase's bound is the sum of the shares of
            // the kinds it counts whose specialist (if any) is in play: nothing for the
            // others, and at most one specialist per colour.
            for phase in [Phase::Main, Phase::Move, Phase::Add, Phase::After] {
                let sum: usize = counted(phase)
                    .iter()
                    .map(|&name| share(name))
                    .filter(|&(_, needs)| needs.map_or(true, |a| cfg.colour_of(a).is_some()))
                    .map(|(n, _)| n)
                    .sum();
                assert_eq!(w.legal(phase), sum, "{phase:?}");
            }
            let centres: Vec<usize> = (0..SLOTS).filter(|&slot| slot % 3 == 2).collect();
            for seed in 0..40 {
                random_walk(&game, seed, |st: &ChandigarhState| {
                    if st.turn > 0 {
                        assert!(st.row.len() <= usize::from(cfg.data.row), "{st}");
                    }
                    if cfg.colour_of(A::SectorManager).is_none() {
                        assert!(centres.iter().all(|&slot| st.city[slot] < 0), "{st}");
                    }
                    if st.current_player() < 0 {
                        return;
                    }
                    st.legal_actions_into(&mut legal);
                    let phase_kinds = counted(st.phase);
                    let mut count = std::collections::BTreeMap::new();
                    for &a in &legal {
                        let name = kind(decode(a).unwrap());
                        let (_, needs) = share(name);
                        if let Some(ability) = needs {
                            assert!(cfg.colour_of(ability).is_some(), "{name}");
                        }
                        // Replace builds are counted with the plain ones.
                        let name = if name == "replace" {
                            "plain or replace"
                        } else {
                            name
                        };
                        assert!(phase_kinds.contains(&name), "{name} in\n{st}");
                        let n = count.entry(name).or_insert(0);
                        *n += 1;
                        assert!(*n <= share(name).0, "{name} {legal:?}\n{st}");
                    }
                    assert!(legal.len() <= w.legal(st.phase), "{legal:?}\n{st}");
                });
            }
        }
    }

    /// Buildings never appear from nowhere: general + reserves + city (+ those being
    /// arranged) never exceed the colour's buildings in play; the game always ends.
    #[test]
    fn games_end_and_buildings_are_conserved() {
        for game in games() {
            for seed in 0..20 {
                random_walk(&game, seed, |s: &ChandigarhState| {
                    let n = s.players();
                    let in_play = s.cfg.data.per_colour - s.cfg.data.removed[n - 2];
                    for c in 0..4 {
                        let in_city = s.city.iter().filter(|&&x| x == c as i8).count();
                        let held: usize = (0..n).map(|p| usize::from(s.reserves[p][c])).sum();
                        let total =
                            usize::from(s.general[c]) + held + in_city + usize::from(s.arrange[c]);
                        assert!(total <= usize::from(in_play), "colour {c}");
                    }
                    for p in 0..n {
                        assert!(s.projects[p].len() <= 3);
                    }
                });
            }
        }
    }
}
