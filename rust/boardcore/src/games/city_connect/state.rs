//! The rules: setup, the turn and its phases, payment, effects, the piles, scoring and the
//! end (docs/games/city_connect.md, rulings 1-23).
// Symbols, kinds and seats index parallel fixed arrays; index loops read best here.
#![allow(clippy::needless_range_loop)]

use std::sync::{Arc, OnceLock};

use super::data::{Card, Gear, Lightning, Term, COIN};
use super::notation::{decode, encode, to_text, Move};
use super::{Config, MAX_CARDS, MAX_CITY, MAX_KINDS, MAX_LANDMARKS, MAX_PLAYERS};
use crate::bits::bits;
use crate::engine::{illegal_action, Action, Error, GameState, CHANCE, TERMINAL};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Setup,
    Main,
    Take,
    Draw,
    Pay,
    Bonus,
    Exchange,
    After,
    Discard,
    Clear,
    Refill,
    Flip,
    End,
}

impl Phase {
    pub fn index(self) -> usize {
        self as usize
    }
    fn is_chance(self) -> bool {
        matches!(
            self,
            Phase::Setup | Phase::Draw | Phase::Refill | Phase::Flip
        )
    }
}

const PERSON: usize = 0;

/// The kinds with a non-zero count, as a bit set.
fn mask_of(counts: &[u8; MAX_KINDS]) -> u32 {
    let mut mask = 0;
    for (b, &k) in counts.iter().enumerate() {
        if k > 0 {
            mask |= 1 << b;
        }
    }
    mask
}

/// The build in progress (rule 11): what is still owed and what has paid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Payment {
    /// City index of the card being built, or -1.
    pub card: i16,
    /// 0 hand, 1 market, 2 landmark row, -1 none.
    pub source: i8,
    pub owed: [u8; 5],
    pub credit: u8,
    pub hand: [u8; MAX_KINDS],
    pub city: [u8; MAX_CARDS],
}

impl Payment {
    fn none() -> Self {
        Self {
            card: -1,
            source: -1,
            owed: [0; 5],
            credit: 0,
            hand: [0; MAX_KINDS],
            city: [0; MAX_CARDS],
        }
    }
    fn done(&self) -> bool {
        self.owed.iter().map(|&o| u32::from(o)).sum::<u32>() <= u32::from(self.credit)
    }
}

/// Every seat's score (rule 19) and demand counts (sun, moon).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    pub scores: [i32; MAX_PLAYERS],
    pub demands: [[u32; 2]; MAX_PLAYERS],
}

/// Symbol totals of the cards a seat could still pay with.
struct Avail {
    have: [u32; 6],
    /// Hand cards with a person symbol (the Mayor's gear needs one).
    person_cards: u32,
}

/// A position. Everything is fixed-size except the history; the data is shared.
#[derive(Clone, Debug)]
pub struct CityState {
    pub(super) cfg: Arc<Config>,
    pub(super) phase: Phase,
    /// The seat whose turn it is.
    pub(super) seat: u8,
    pub(super) turn: u32,
    pub(super) hands: [[u8; MAX_KINDS]; MAX_PLAYERS],
    pub(super) hand_size: [u8; MAX_PLAYERS],
    /// Bit `b` set when the hand (market, pool) holds kind `b`: loops visit only those.
    pub(super) hand_mask: [u32; MAX_PLAYERS],
    pub(super) market: [u8; MAX_KINDS],
    pub(super) market_size: u8,
    pub(super) market_mask: u32,
    /// Market cards with 1 and with 2 symbols (rule 8's sums).
    pub(super) market_by_symbols: [u8; 2],
    pub(super) pool_mask: u32,
    /// The sum of `pool` (the weight of a draw).
    pub(super) pool_total: u16,
    pub(super) discard: [u8; MAX_KINDS],
    pub(super) discard_size: u16,
    /// The kinds a draw can give (ruling 2) and the cards left in the pile.
    pub(super) pool: [u8; MAX_KINDS],
    pub(super) pile_size: u16,
    pub(super) stage: u8,
    /// The landmark row in the order turned over, and every landmark turned over.
    pub(super) row: [u8; MAX_LANDMARKS],
    pub(super) row_len: u8,
    pub(super) revealed: u32,
    /// The landmarks in the row, as bits.
    pub(super) row_mask: u32,
    pub(super) cities: [[u8; MAX_CITY]; MAX_PLAYERS],
    pub(super) city_len: [u8; MAX_PLAYERS],
    /// Per seat, copies of each card index in the city, and the indices present as bits.
    pub(super) city_counts: [[u8; MAX_CARDS]; MAX_PLAYERS],
    pub(super) city_mask: [u64; MAX_PLAYERS],
    pub(super) pioneer: i8,
    /// Every seat's score and demand counts, computed when first asked for after a city or
    /// the pioneer last changed: every observation shows them, while random play, which
    /// never looks before the end, only forgets them.
    pub(super) kept: OnceLock<Kept>,
    pub(super) acted: bool,
    pub(super) taken: u8,
    pub(super) todo: u8,
    pub(super) mayor_used: bool,
    /// Per city index, the gears of the seat to move used this turn.
    pub(super) gears: [u8; MAX_CARDS],
    pub(super) pay: Payment,
    pub(super) history: Vec<Action>,
}

impl CityState {
    pub(super) fn new(cfg: Arc<Config>) -> Self {
        let d = &cfg.data;
        let n = usize::from(cfg.players);
        let mut pool = [0u8; MAX_KINDS];
        pool[..d.buildings].fill(d.copies);
        let pile_size = d.total_buildings() - u16::from(d.removed[n - 1]);
        Self {
            phase: Phase::Setup,
            seat: 0,
            turn: 0,
            hands: [[0; MAX_KINDS]; MAX_PLAYERS],
            hand_size: [0; MAX_PLAYERS],
            hand_mask: [0; MAX_PLAYERS],
            market: [0; MAX_KINDS],
            market_size: 0,
            market_mask: 0,
            market_by_symbols: [0; 2],
            pool_mask: mask_of(&pool),
            pool_total: d.total_buildings(),
            discard: [0; MAX_KINDS],
            discard_size: 0,
            pool,
            pile_size,
            stage: 1,
            row: [0; MAX_LANDMARKS],
            row_len: 0,
            revealed: 0,
            row_mask: 0,
            cities: [[0; MAX_CITY]; MAX_PLAYERS],
            city_len: [0; MAX_PLAYERS],
            city_counts: [[0; MAX_CARDS]; MAX_PLAYERS],
            city_mask: [0; MAX_PLAYERS],
            pioneer: -1,
            kept: OnceLock::new(),
            acted: false,
            taken: 0,
            todo: 0,
            mayor_used: false,
            gears: [0; MAX_CARDS],
            pay: Payment::none(),
            history: Vec::with_capacity(256),
            cfg,
        }
    }

    pub fn players(&self) -> usize {
        usize::from(self.cfg.players)
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    fn side(&self, p: usize) -> u8 {
        self.cfg.sides[p]
    }
    /// The card at city index `c` as seat `p` has it (the initial card by its side).
    pub(super) fn card(&self, c: usize, p: usize) -> &Card {
        self.cfg.data.card(c, self.side(p))
    }
    pub(super) fn city(&self, p: usize) -> &[u8] {
        &self.cities[p][..usize::from(self.city_len[p])]
    }
    /// Copies of city index `c` in seat `p`'s city (the initial card counts once).
    pub(super) fn city_count(&self, p: usize, c: usize) -> u8 {
        if c == self.cfg.data.initial_index() {
            1
        } else {
            self.city_counts[p][c]
        }
    }
    fn landmarks_wanted(&self) -> u8 {
        self.cfg.data.landmarks_out[self.players() - 1]
    }

    // ---- the piles (rulings 2-4) ----

    /// Takes kind `b` off the pile; its destination is the caller's.
    fn take_from_pile(&mut self, b: usize) {
        self.pool[b] -= 1;
        self.pool_total -= 1;
        self.pile_size -= 1;
        if self.pool[b] == 0 {
            self.pool_mask &= !(1 << b);
        }
    }
    /// Ruling 3: the first pile running out brings in the second at once (3-4 players).
    fn check_pile(&mut self) {
        if self.pile_size == 0 && self.players() >= 3 && self.stage == 1 {
            self.stage = 2;
            self.pool = self.discard;
            self.pile_size = self.discard_size;
            self.pool_mask = mask_of(&self.pool);
            self.pool_total = self.discard_size;
            self.discard = [0; MAX_KINDS];
            self.discard_size = 0;
        }
    }
    fn hand_add(&mut self, p: usize, b: usize) {
        self.hands[p][b] += 1;
        self.hand_size[p] += 1;
        self.hand_mask[p] |= 1 << b;
    }
    fn hand_remove(&mut self, p: usize, b: usize) {
        self.hands[p][b] -= 1;
        self.hand_size[p] -= 1;
        if self.hands[p][b] == 0 {
            self.hand_mask[p] &= !(1 << b);
        }
    }
    fn market_add(&mut self, b: usize) {
        self.market[b] += 1;
        self.market_size += 1;
        self.market_mask |= 1 << b;
        self.market_by_symbols[usize::from(self.cfg.data.cards[b].num_symbols) - 1] += 1;
    }
    fn market_remove(&mut self, b: usize) {
        self.market[b] -= 1;
        self.market_size -= 1;
        if self.market[b] == 0 {
            self.market_mask &= !(1 << b);
        }
        self.market_by_symbols[usize::from(self.cfg.data.cards[b].num_symbols) - 1] -= 1;
    }
    fn discard_card(&mut self, b: usize) {
        self.discard[b] += 1;
        self.discard_size += 1;
    }

    // ---- what is legal ----

    /// Ruling 8: the most symbols, at most `cap`, that cards with `ones` one-symbol and
    /// `twos` two-symbol cards make. Buildings carry 1 or 2 symbols (checked with the data).
    fn take_best(cap: u8, ones: u8, twos: u8) -> u8 {
        (0..=twos.min(cap / 2))
            .map(|c| 2 * c + ones.min(cap - 2 * c))
            .max()
            .unwrap_or(0)
    }

    /// Ruling 8: the symbols the take still has to add: the most the market can add
    /// without passing 3 (0 once the take is over).
    fn take_goal(&self) -> u8 {
        let cap = self.cfg.data.take_symbols.saturating_sub(self.taken);
        Self::take_best(cap, self.market_by_symbols[0], self.market_by_symbols[1])
    }

    /// Ruling 8: can `b` be taken now and the take still add `goal` symbols in all?
    fn can_take(&self, b: usize, goal: u8) -> bool {
        if self.market[b] == 0 {
            return false;
        }
        let own = self.cfg.data.cards[b].num_symbols;
        if own > goal {
            return false;
        }
        let mut rest = self.market_by_symbols;
        rest[usize::from(own) - 1] -= 1;
        let need = goal - own;
        Self::take_best(need, rest[0], rest[1]) == need
    }

    /// Symbols on seat `p`'s cards not yet paid: hand and city (docs, ruling 11).
    fn available(&self, p: usize) -> Avail {
        let d = &self.cfg.data;
        let mut avail = Avail {
            have: [0; 6],
            person_cards: 0,
        };
        for b in bits(self.hand_mask[p]) {
            let count = u32::from(self.hands[p][b]);
            let sym = &d.cards[b].symbols;
            for s in 0..6 {
                avail.have[s] += u32::from(sym[s]) * count;
            }
            if sym[PERSON] > 0 {
                avail.person_cards += count;
            }
        }
        let mut add = |sym: &[u8; 6], count: u8| {
            for s in 0..6 {
                avail.have[s] += u32::from(sym[s]) * u32::from(count);
            }
        };
        let initial = d.initial_index();
        add(
            &self.card(initial, p).symbols,
            1 - self.pay.city[initial].min(1),
        );
        for c in bits(self.city_mask[p]) {
            add(
                &d.cards[c].symbols,
                self.city_counts[p][c] - self.pay.city[c],
            );
        }
        avail
    }

    /// Ruling 11: can `owed` (less `credit`) be covered by the cards of `avail` less one card
    /// with symbols `minus` (a hand card if `from_hand`), with the Mayor's gear if `mayor`?
    fn coverable(
        avail: &Avail,
        owed: &[u8; 5],
        credit: u8,
        minus: Option<(&[u8; 6], bool)>,
        mayor: bool,
    ) -> bool {
        let mut have = avail.have;
        let mut person_cards = avail.person_cards;
        if let Some((sym, from_hand)) = minus {
            for s in 0..6 {
                have[s] -= u32::from(sym[s]);
            }
            if from_hand && sym[PERSON] > 0 {
                person_cards -= 1;
            }
        }
        let deficit = |have: &[u32; 6]| -> i64 {
            let short: u32 = (0..5)
                .map(|s| u32::from(owed[s]).saturating_sub(have[s]))
                .sum();
            i64::from(short) - i64::from(credit) - i64::from(have[COIN])
        };
        if deficit(&have) <= 0 {
            return true;
        }
        if mayor && person_cards > 0 {
            have[PERSON] -= 1;
            have[COIN] += 1;
            return deficit(&have) <= 0;
        }
        false
    }

    fn mayor_ready(&self, p: usize) -> bool {
        self.side(p) == 1 && !self.mayor_used
    }

    fn can_build(&self, avail: &Avail, c: usize, from_hand: bool) -> bool {
        let p = usize::from(self.seat);
        let card = &self.cfg.data.cards[c];
        let minus = from_hand.then_some((&card.symbols, true));
        Self::coverable(avail, &card.cost, 0, minus, self.mayor_ready(p))
    }

    /// Ruling 11: paying `sym` (a hand card if `from_hand`, with the Mayor's gear if
    /// `mayor`) must help and leave the rest coverable.
    fn can_pay(&self, avail: &Avail, card: &[u8; 6], from_hand: bool, mayor: bool) -> bool {
        let p = usize::from(self.seat);
        let mut sym = *card;
        if mayor {
            sym[PERSON] -= 1;
            sym[COIN] += 1;
        }
        if !self.helps(&sym) {
            return false;
        }
        if !self.mayor_ready(p) {
            // Without the Mayor's gear in play, every helpful card keeps the rest coverable
            // (ruling 11): the cards left, this one included, are the ones that covered it.
            return true;
        }
        let mut owed = self.pay.owed;
        for s in 0..5 {
            owed[s] -= owed[s].min(sym[s]);
        }
        let credit = self.pay.credit + sym[COIN];
        let short: u32 = owed.iter().map(|&o| u32::from(o)).sum();
        short <= u32::from(credit)
            || Self::coverable(
                avail,
                &owed,
                credit,
                Some((card, from_hand)),
                !mayor && self.mayor_ready(p),
            )
    }

    /// Ruling 11: a card may pay only if it helps.
    fn helps(&self, sym: &[u8; 6]) -> bool {
        sym[COIN] > 0 || (0..5).any(|s| sym[s] > 0 && self.pay.owed[s] > 0)
    }

    fn gear_usable(&self, c: usize) -> bool {
        let p = usize::from(self.seat);
        let card = self.card(c, p);
        let ready = match card.gear {
            Gear::Draw => self.pile_size > 0,
            Gear::Exchange => self.pile_size > 0 && self.hand_size[p] > 0,
            Gear::None | Gear::Mayor => false,
        };
        ready && self.gears[c] < self.city_count(p, c)
    }
    /// The city cards of the seat to move with a gear, as a bit set over card indices.
    fn gear_cards(&self) -> u64 {
        self.city_mask[usize::from(self.seat)] & self.cfg.data.gear_mask
    }
    fn push_gears(&self, out: &mut Vec<Action>) {
        let lay = &self.cfg.layout;
        let mut mask = self.gear_cards();
        while mask != 0 {
            let c = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            if self.gear_usable(c) {
                out.push(encode(lay, Move::Gear(c as u8)));
            }
        }
    }
    fn any_gear(&self) -> bool {
        let mut mask = self.gear_cards();
        while mask != 0 {
            let c = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            if self.gear_usable(c) {
                return true;
            }
        }
        false
    }

    fn push_legal(&self, out: &mut Vec<Action>) {
        let lay = &self.cfg.layout;
        let d = &self.cfg.data;
        let p = usize::from(self.seat);
        match self.phase {
            Phase::Main => {
                let start = out.len();
                let goal = self.take_goal();
                for b in bits(self.market_mask) {
                    if self.can_take(b, goal) {
                        out.push(encode(lay, Move::Take(b as u8)));
                    }
                }
                if self.pile_size > 0 {
                    out.push(lay.draw());
                }
                if self.city_len[p] < d.city_limit {
                    let avail = self.available(p);
                    for b in bits(self.hand_mask[p]) {
                        if self.can_build(&avail, b, true) {
                            out.push(encode(lay, Move::BuildHand(b as u8)));
                        }
                    }
                    for b in bits(self.market_mask) {
                        if self.can_build(&avail, b, false) {
                            out.push(encode(lay, Move::BuildMarket(b as u8)));
                        }
                    }
                    for l in bits(self.row_mask) {
                        if self.can_build(&avail, d.buildings + l, false) {
                            out.push(encode(lay, Move::BuildLandmark(l as u8)));
                        }
                    }
                }
                let main_actions = out.len() > start;
                self.push_gears(out);
                if !main_actions {
                    out.push(lay.end());
                }
            }
            Phase::Take => {
                let goal = self.take_goal();
                for b in bits(self.market_mask) {
                    if self.can_take(b, goal) {
                        out.push(encode(lay, Move::Take(b as u8)));
                    }
                }
            }
            Phase::Bonus => {
                for b in bits(self.market_mask) {
                    out.push(encode(lay, Move::Take(b as u8)));
                }
            }
            Phase::Pay => {
                let avail = if self.mayor_ready(p) {
                    self.available(p)
                } else {
                    Avail {
                        have: [0; 6],
                        person_cards: 0,
                    }
                };
                for b in bits(self.hand_mask[p]) {
                    if self.can_pay(&avail, &d.cards[b].symbols, true, false) {
                        out.push(encode(lay, Move::PayHand(b as u8)));
                    }
                }
                if self.mayor_ready(p) {
                    for b in bits(self.hand_mask[p]) {
                        let sym = &d.cards[b].symbols;
                        if sym[PERSON] > 0 && self.can_pay(&avail, sym, true, true) {
                            out.push(encode(lay, Move::PayMayor(b as u8)));
                        }
                    }
                }
                let initial = 1u64 << d.initial_index();
                for c in bits(self.city_mask[p] | initial) {
                    if self.city_count(p, c) > self.pay.city[c]
                        && self.can_pay(&avail, &self.card(c, p).symbols, false, false)
                    {
                        out.push(encode(lay, Move::PayCity(c as u8)));
                    }
                }
            }
            Phase::Exchange | Phase::Discard => {
                for b in bits(self.hand_mask[p]) {
                    out.push(encode(lay, Move::Discard(b as u8)));
                }
            }
            Phase::After => {
                self.push_gears(out);
                out.push(lay.end());
            }
            Phase::Clear => {
                for b in bits(self.market_mask) {
                    out.push(encode(lay, Move::Clear(b as u8)));
                }
            }
            Phase::Setup | Phase::Draw | Phase::Refill | Phase::Flip | Phase::End => {}
        }
    }

    fn push_outcomes(&self, out: &mut Vec<(Action, u64)>) {
        let lay = &self.cfg.layout;
        let d = &self.cfg.data;
        let market_filling = self.market_size < d.market && self.pile_size > 0;
        if self.phase == Phase::Setup && !market_filling {
            for l in 0..d.landmarks {
                if self.revealed & (1 << l) == 0 {
                    out.push((encode(lay, Move::Landmark(l as u8)), 1));
                }
            }
        } else if self.phase.is_chance() {
            for b in bits(self.pool_mask) {
                out.push((encode(lay, Move::Card(b as u8)), u64::from(self.pool[b])));
            }
        }
    }

    // ---- moving on (docs, "How play moves on") ----

    fn setup_done(&mut self) {
        let d = &self.cfg.data;
        let market_full = self.market_size >= d.market || self.pile_size == 0;
        if market_full && self.row_len >= self.landmarks_wanted() {
            self.turn = 1;
            self.seat = 0;
            self.phase = Phase::Main;
        }
    }

    fn after_draw(&mut self) {
        self.todo = 0;
        self.check_hand();
    }

    /// Ruling 13: after drawing (a take, a draw, a lightning effect or a gear), discard
    /// down to the hand limit, then go on.
    fn check_hand(&mut self) {
        if self.hand_size[usize::from(self.seat)] > self.cfg.data.hand_limit {
            self.phase = Phase::Discard;
        } else {
            self.resume();
        }
    }

    /// Back to the build in progress, else after the main action, else to the main phase.
    fn resume(&mut self) {
        if self.pay.card >= 0 {
            self.finish_build();
        } else if self.acted {
            self.after_main();
        } else {
            self.phase = Phase::Main;
        }
    }

    /// Rule 12: the card enters the city, then its lightning, then the discards.
    fn complete_payment(&mut self) {
        let p = usize::from(self.seat);
        let c = self.pay.card as usize;
        let len = usize::from(self.city_len[p]);
        self.cities[p][len] = c as u8;
        self.city_len[p] += 1;
        self.city_counts[p][c] += 1;
        self.city_mask[p] |= 1 << c;
        self.kept = OnceLock::new();
        match self.cfg.data.cards[c].lightning {
            Lightning::Draw(n) if self.pile_size > 0 => {
                self.phase = Phase::Draw;
                self.todo = n;
            }
            Lightning::Take(n) if self.market_size > 0 => {
                self.phase = Phase::Bonus;
                self.todo = n.min(self.market_size);
            }
            _ => self.finish_build(),
        }
    }

    fn finish_build(&mut self) {
        for b in 0..self.cfg.data.buildings {
            let k = self.pay.hand[b];
            self.discard[b] += k;
            self.discard_size += u16::from(k);
        }
        self.pay = Payment::none();
        self.todo = 0;
        self.after_main();
    }

    fn after_main(&mut self) {
        if self.any_gear() {
            self.phase = Phase::After;
        } else {
            self.end_turn();
        }
    }

    /// Rule 14 (the hand limit was kept after each draw, ruling 13).
    fn end_turn(&mut self) {
        if self.players() == 1 {
            let k = self.cfg.data.solo_clear.min(self.market_size);
            if k > 0 {
                self.phase = Phase::Clear;
                self.todo = k;
                return;
            }
        }
        self.refill();
    }

    fn refill(&mut self) {
        self.todo = 0;
        if self.market_size < self.cfg.data.market && self.pile_size > 0 {
            self.phase = Phase::Refill;
        } else {
            self.finish_turn();
        }
    }

    fn finish_turn(&mut self) {
        let p = usize::from(self.seat);
        if self.pioneer < 0 && self.city_len[p] >= self.cfg.data.city_limit {
            self.pioneer = p as i8;
            self.kept = OnceLock::new();
        }
        let d = &self.cfg.data;
        if self.game_over() {
            self.phase = Phase::End;
            return;
        }
        let n = self.players();
        self.seat = ((p + 1) % n) as u8;
        self.turn += 1;
        self.acted = false;
        self.taken = 0;
        self.todo = 0;
        self.mayor_used = false;
        self.gears = [0; MAX_CARDS];
        if self.city_len[usize::from(self.seat)] >= d.city_limit {
            // Rule 15: no turn; the cards are turned over and discarded.
            if d.flip_cards > 0 && self.pile_size > 0 {
                self.phase = Phase::Flip;
                self.todo = d.flip_cards;
            } else {
                self.end_turn();
            }
        } else {
            self.phase = Phase::Main;
        }
    }

    /// Ruling 21.
    fn game_over(&self) -> bool {
        let limit = self.cfg.data.city_limit;
        let n = self.players();
        let full = self.city_len[..n].iter().filter(|&&c| c >= limit).count();
        self.pile_size == 0
            || match n {
                1 => full == 1,
                2 => full == 2,
                _ => full + 1 >= n,
            }
    }

    fn pay_with(&mut self, mut sym: [u8; 6], mayor: bool) {
        if mayor {
            sym[PERSON] -= 1;
            sym[COIN] += 1;
        }
        for s in 0..5 {
            self.pay.owed[s] -= self.pay.owed[s].min(sym[s]);
        }
        self.pay.credit += sym[COIN];
        if self.pay.done() {
            self.complete_payment();
        }
    }

    fn start_build(&mut self, c: usize, source: i8) {
        self.acted = true;
        self.pay = Payment::none();
        self.pay.card = c as i16;
        self.pay.source = source;
        self.pay.owed = self.cfg.data.cards[c].cost;
        self.phase = Phase::Pay;
    }

    fn apply_move(&mut self, action: Action, mv: Move) {
        self.history.push(action);
        let p = usize::from(self.seat);
        match mv {
            Move::Card(b) => {
                let b = usize::from(b);
                self.take_from_pile(b);
                match self.phase {
                    Phase::Setup | Phase::Refill => self.market_add(b),
                    Phase::Draw => self.hand_add(p, b),
                    _ => self.discard_card(b),
                }
                self.check_pile();
                match self.phase {
                    Phase::Setup => self.setup_done(),
                    Phase::Refill => {
                        if self.market_size >= self.cfg.data.market || self.pile_size == 0 {
                            self.finish_turn();
                        }
                    }
                    Phase::Draw => {
                        self.todo -= 1;
                        if self.todo == 0 || self.pile_size == 0 {
                            self.after_draw();
                        }
                    }
                    _ => {
                        self.todo -= 1;
                        if self.todo == 0 || self.pile_size == 0 {
                            self.todo = 0;
                            self.end_turn();
                        }
                    }
                }
            }
            Move::Landmark(l) => {
                self.row[usize::from(self.row_len)] = l;
                self.row_len += 1;
                self.revealed |= 1 << l;
                self.row_mask |= 1 << l;
                self.setup_done();
            }
            Move::Take(b) => {
                let b = usize::from(b);
                self.market_remove(b);
                self.hand_add(p, b);
                if self.phase == Phase::Bonus {
                    self.todo -= 1;
                    if self.todo == 0 || self.market_size == 0 {
                        self.todo = 0;
                        self.check_hand();
                    }
                } else {
                    self.acted = true;
                    self.taken += self.cfg.data.cards[b].num_symbols;
                    if self.take_goal() == 0 {
                        self.check_hand();
                    } else {
                        self.phase = Phase::Take;
                    }
                }
            }
            Move::Draw => {
                self.acted = true;
                self.phase = Phase::Draw;
                self.todo = self.cfg.data.draw_cards;
            }
            Move::BuildHand(b) => {
                self.hand_remove(p, usize::from(b));
                self.start_build(usize::from(b), 0);
            }
            Move::BuildMarket(b) => {
                self.market_remove(usize::from(b));
                self.start_build(usize::from(b), 1);
            }
            Move::BuildLandmark(l) => {
                let len = usize::from(self.row_len);
                let i = self.row[..len].iter().position(|&x| x == l).unwrap_or(0);
                self.row.copy_within(i + 1..len, i);
                self.row_len -= 1;
                self.row_mask &= !(1 << l);
                self.start_build(self.cfg.data.buildings + usize::from(l), 2);
            }
            Move::PayHand(b) | Move::PayMayor(b) => {
                let b = usize::from(b);
                self.hand_remove(p, b);
                self.pay.hand[b] += 1;
                let mayor = matches!(mv, Move::PayMayor(_));
                self.mayor_used |= mayor;
                self.pay_with(self.cfg.data.cards[b].symbols, mayor);
            }
            Move::PayCity(c) => {
                let c = usize::from(c);
                self.pay.city[c] += 1;
                self.pay_with(self.card(c, p).symbols, false);
            }
            Move::Discard(b) => {
                let b = usize::from(b);
                self.hand_remove(p, b);
                self.discard_card(b);
                if self.phase == Phase::Exchange {
                    self.phase = Phase::Draw;
                    self.todo = 1;
                } else if self.hand_size[p] <= self.cfg.data.hand_limit {
                    self.resume();
                }
            }
            Move::Gear(c) => {
                let c = usize::from(c);
                self.gears[c] += 1;
                if self.card(c, p).gear == Gear::Exchange {
                    self.phase = Phase::Exchange;
                } else {
                    self.phase = Phase::Draw;
                    self.todo = 1;
                }
            }
            Move::End => self.end_turn(),
            Move::Clear(b) => {
                let b = usize::from(b);
                self.market_remove(b);
                self.discard_card(b);
                self.todo -= 1;
                if self.todo == 0 {
                    self.refill();
                }
            }
        }
    }

    fn illegal(&self, action: Action, mv: Move) -> Option<String> {
        let mut legal = Vec::with_capacity(64);
        if self.phase.is_chance() {
            let mut outcomes = Vec::with_capacity(64);
            self.push_outcomes(&mut outcomes);
            legal.extend(outcomes.iter().map(|&(a, _)| a));
        } else {
            self.push_legal(&mut legal);
        }
        if legal.contains(&action) {
            return None;
        }
        Some(self.why_illegal(mv))
    }

    /// Why `mv`, not legal now, is illegal: the same words as the reference engine's, in
    /// the same order of checks (the phase first, then the card, then the rule).
    fn why_illegal(&self, mv: Move) -> String {
        let d = &self.cfg.data;
        let slug = |c: usize| d.slug(c).to_string();
        if self.phase == Phase::End {
            return "the game is over".into();
        }
        if self.phase.is_chance() {
            let doing = super::render::status(self);
            return match mv {
                Move::Landmark(_) if self.phase != Phase::Setup => {
                    format!("landmarks are only turned over in setup ({doing})")
                }
                Move::Card(_)
                    if self.phase == Phase::Setup
                        && !(self.market_size < d.market && self.pile_size > 0) =>
                {
                    format!("the market is full; a landmark is turned over now ({doing})")
                }
                Move::Card(b) => format!(
                    "no {} is left in the pile's pool (the cards nobody has seen, ruling 2) \
                     ({doing})",
                    slug(usize::from(b))
                ),
                Move::Landmark(l) => format!(
                    "{} was already turned over ({doing})",
                    slug(d.buildings + usize::from(l))
                ),
                _ => format!("this is a chance node ({doing}), no seat is to move"),
            };
        }
        let p = usize::from(self.seat);
        let seat = self.seat;
        let doing = match self.phase {
            Phase::Main => "to choose a main action",
            Phase::Take => "to take from the market",
            Phase::Pay => "to pay",
            Phase::Bonus => "to take a bonus card",
            Phase::Exchange => "to exchange a card",
            Phase::After => "to use a gear or end",
            Phase::Discard => "to discard down to the hand limit",
            _ => "to clear the market",
        };
        let now = format!("seat {seat} is {doing}");
        let text = to_text(&self.cfg, mv);
        let word = text.split(' ').next().unwrap_or_default();
        use Phase as P;
        let in_phase = match mv {
            Move::Card(_) | Move::Landmark(_) => {
                return format!("{now}; '{word}' is a chance outcome");
            }
            Move::Take(_) => matches!(self.phase, P::Main | P::Take | P::Bonus),
            Move::Draw | Move::BuildHand(_) | Move::BuildMarket(_) | Move::BuildLandmark(_) => {
                self.phase == P::Main
            }
            Move::PayHand(_) | Move::PayMayor(_) | Move::PayCity(_) => self.phase == P::Pay,
            Move::Discard(_) => matches!(self.phase, P::Exchange | P::Discard),
            Move::Gear(_) | Move::End => matches!(self.phase, P::Main | P::After),
            Move::Clear(_) => self.phase == P::Clear,
        };
        if !in_phase {
            return format!("{now}; '{word}' is not an action of this phase");
        }
        let no_market = |b: u8| format!("there is no {} in the market", slug(usize::from(b)));
        match mv {
            Move::Take(b) if self.market[usize::from(b)] == 0 => no_market(b),
            Move::Take(b) => format!(
                "with {} the take could not add the {} more symbols the market can make up \
                 to {} ({} taken so far; ruling 8)",
                slug(usize::from(b)),
                self.take_goal(),
                d.take_symbols,
                self.taken
            ),
            Move::Draw => "the pile is empty (ruling 4)".into(),
            Move::BuildHand(b) | Move::BuildMarket(b) | Move::BuildLandmark(b) => {
                let c = match mv {
                    Move::BuildLandmark(_) => d.buildings + usize::from(b),
                    _ => usize::from(b),
                };
                match mv {
                    Move::BuildHand(_) if self.hands[p][c] == 0 => {
                        format!("there is no {} in seat {seat}'s hand", slug(c))
                    }
                    Move::BuildMarket(_) if self.market[c] == 0 => no_market(b),
                    Move::BuildLandmark(_) if self.row_mask & (1 << b) == 0 => {
                        format!("{} is not in the landmark row", slug(c))
                    }
                    _ if self.city_len[p] >= d.city_limit => {
                        format!("seat {seat}'s city holds {} cards already", d.city_limit)
                    }
                    // Only a card built from the hand could have paid for itself.
                    Move::BuildHand(_) => format!(
                        "the hand and the city cannot pay the cost of {} (the card being \
                         built never pays for itself; ruling 10)",
                        slug(c)
                    ),
                    _ => format!(
                        "the hand and the city cannot pay the cost of {} (ruling 10)",
                        slug(c)
                    ),
                }
            }
            Move::PayHand(b) | Move::PayMayor(b) => {
                let c = usize::from(b);
                let mayor = matches!(mv, Move::PayMayor(_));
                if self.hands[p][c] == 0 {
                    format!("seat {seat} has no unpaid {} in hand to pay with", slug(c))
                } else if mayor && self.side(p) != 1 {
                    format!("seat {seat}'s initial card does not show the Mayor")
                } else if mayor && self.mayor_used {
                    "the Mayor's gear was already used this turn".into()
                } else if mayor && d.cards[c].symbols[PERSON] == 0 {
                    format!(
                        "{} has no person symbol for the Mayor to turn into a coin",
                        slug(c)
                    )
                } else {
                    self.pay_problem(c)
                }
            }
            Move::PayCity(c) => {
                let c = usize::from(c);
                if self.city_count(p, c) <= self.pay.city[c] {
                    format!("seat {seat}'s city has no unpaid {} to pay with", slug(c))
                } else {
                    self.pay_problem(c)
                }
            }
            Move::Discard(b) => {
                format!("there is no {} in seat {seat}'s hand", slug(usize::from(b)))
            }
            Move::Clear(b) => no_market(b),
            Move::Gear(c) => {
                let c = usize::from(c);
                let has_gear = c != d.initial_index()
                    && matches!(d.cards[c].gear, Gear::Draw | Gear::Exchange);
                if !has_gear {
                    format!(
                        "{} has no gear to use (the Mayor's is used as 'pay <card> mayor')",
                        slug(c)
                    )
                } else if self.city_counts[p][c] == 0 {
                    format!("there is no {} in seat {seat}'s city", slug(c))
                } else if self.city_counts[p][c] <= self.gears[c] {
                    format!(
                        "every {} in seat {seat}'s city has used its gear this turn",
                        slug(c)
                    )
                } else if self.pile_size == 0 {
                    "the pile is empty, so the gear would draw nothing (ruling 16)".into()
                } else {
                    "the hand is empty, so there is nothing to exchange (ruling 16)".into()
                }
            }
            // `end` in the main phase.
            _ => "a main action is still possible (ruling 7: end only when none is)".into(),
        }
    }

    /// Ruling 11 refuses the card at city index `c` as a payment now.
    fn pay_problem(&self, c: usize) -> String {
        let owed: Vec<String> = (0..5)
            .filter(|&i| self.pay.owed[i] > 0)
            .map(|i| format!("{} {}", super::SYMBOLS[i], self.pay.owed[i]))
            .collect();
        let owes = if owed.is_empty() {
            "nothing".to_string()
        } else {
            owed.join(" ")
        };
        format!(
            "{} does not help (owes {owes}; ruling 11: a card pays only with a coin or a \
             symbol still owed), or paying it would leave the rest of the cost unpayable",
            self.cfg.data.slug(c)
        )
    }

    // ---- scoring (rule 19) ----

    /// Symbol counts (all six) and demand counts (sun, moon) of seat `p`'s city.
    pub(super) fn city_symbols(&self, p: usize) -> ([u32; 6], [u32; 2]) {
        let d = &self.cfg.data;
        let mut sym = [0u32; 6];
        let mut demand = [0u32; 2];
        let mut add = |card: &Card| {
            for s in 0..6 {
                sym[s] += u32::from(card.symbols[s]);
            }
            if card.demand < 2 {
                demand[usize::from(card.demand)] += 1;
            }
        };
        add(&d.initial[usize::from(self.side(p))]);
        for &c in self.city(p) {
            add(&d.cards[usize::from(c)]);
        }
        (sym, demand)
    }

    /// Every seat's score.
    pub(super) fn compute_scores(&self, out: &mut [i32]) {
        let n = self.players();
        out[..n].copy_from_slice(&self.kept().scores[..n]);
    }

    /// Every seat's score and demand counts, computed once per change of the cities.
    pub(super) fn kept(&self) -> &Kept {
        self.kept.get_or_init(|| self.score_cities())
    }

    /// Every seat's score and demand counts from the cities and the pioneer (rule 19).
    fn score_cities(&self) -> Kept {
        let d = &self.cfg.data;
        let n = self.players();
        let mut syms = [[0u32; 6]; MAX_PLAYERS];
        let mut demands = [[0u32; 2]; MAX_PLAYERS];
        for p in 0..n {
            (syms[p], demands[p]) = self.city_symbols(p);
        }
        let mut out = [0i32; MAX_PLAYERS];
        for p in 0..n {
            let mut score = 0i32;
            let built = i32::from(self.city_len[p]);
            for &c in self.city(p) {
                let card = &d.cards[usize::from(c)];
                score += card.vp;
                for term in &card.score {
                    score += match *term {
                        Term::Symbol { symbol, vp } => vp * syms[p][symbol] as i32,
                        Term::Set { need, vp } => {
                            let sets = (0..6)
                                .filter(|&s| need[s] > 0)
                                .map(|s| syms[p][s] / u32::from(need[s]))
                                .min()
                                .unwrap_or(0);
                            vp * sets as i32
                        }
                        Term::Demand { moon, vp } => vp * demands[p][usize::from(moon)] as i32,
                        Term::Card { vp } => vp * built,
                        Term::Rank { .. } => 0,
                    };
                }
            }
            if self.pioneer == p as i8 {
                score += d.pioneer_vp;
            }
            for k in 0..2 {
                let mine = demands[p][k];
                let wins = if n == 1 {
                    mine >= u32::from(d.solo_demand)
                } else {
                    mine > 0 && (0..n).all(|q| q == p || demands[q][k] < mine)
                };
                if wins {
                    score += d.most_vp;
                }
            }
            out[p] = score;
        }
        if d.has_rank {
            // Ruling 18: every rank term in play places every player.
            for q in 0..n {
                for &c in self.city(q) {
                    for term in &d.cards[usize::from(c)].score {
                        if let Term::Rank {
                            symbol,
                            first,
                            second,
                        } = *term
                        {
                            let top = (0..n).map(|p| syms[p][symbol]).max().unwrap_or(0);
                            let next = (0..n)
                                .map(|p| syms[p][symbol])
                                .filter(|&v| v < top)
                                .max()
                                .unwrap_or(0);
                            for p in 0..n {
                                let v = syms[p][symbol];
                                if v > 0 && v == top {
                                    out[p] += first;
                                } else if v > 0 && v == next {
                                    out[p] += second;
                                }
                            }
                        }
                    }
                }
            }
        }
        Kept {
            scores: out,
            demands,
        }
    }

    fn winners(&self) -> u32 {
        if self.phase != Phase::End {
            return 0;
        }
        let n = self.players();
        let mut scores = [0i32; MAX_PLAYERS];
        self.compute_scores(&mut scores[..n]);
        if n == 1 {
            // Ruling 23: a solo game is won with the second rating (C) or better.
            return u32::from(self.cfg.data.rating(scores[0]).0 >= 1);
        }
        let best = *scores[..n].iter().max().unwrap_or(&0);
        let tied: u32 = (0..n).filter(|&p| scores[p] == best).map(|p| 1 << p).sum();
        if self.pioneer >= 0 && tied & (1 << self.pioneer) != 0 {
            1 << self.pioneer
        } else {
            tied
        }
    }
}

impl GameState for CityState {
    seat_phase_methods!();

    /// A card from the pile without listing the outcomes: the same draw as the default.
    fn choose_chance(
        &self,
        buf: &mut Vec<(Action, u64)>,
        rng: &mut crate::rng::SplitMix64,
    ) -> Action {
        let landmarks = self.phase == Phase::Setup
            && !(self.market_size < self.cfg.data.market && self.pile_size > 0);
        if landmarks {
            return crate::engine::choose_listed(self, buf, rng);
        }
        let r = rng.below(u64::from(self.pool_total));
        let mut running = 0;
        for b in bits(self.pool_mask) {
            running += u64::from(self.pool[b]);
            if running > r {
                return encode(&self.cfg.layout, Move::Card(b as u8));
            }
        }
        unreachable!("r < total")
    }

    fn apply_action(&mut self, action: Action) -> Result<(), Error> {
        let mv = decode(&self.cfg.layout, action)?;
        if let Some(why) = self.illegal(action, mv) {
            return Err(illegal_action(action, to_text(&self.cfg, mv), why));
        }
        self.apply_move(action, mv);
        Ok(())
    }

    fn apply_legal(&mut self, action: Action) {
        let mv = self.cfg.moves[action as usize];
        self.apply_move(action, mv);
    }

    fn action_to_string(&self, action: Action) -> Result<String, Error> {
        Ok(to_text(&self.cfg, decode(&self.cfg.layout, action)?))
    }

    fn string_to_action(&self, text: &str) -> Result<Action, Error> {
        let mv = super::notation::from_text(&self.cfg, text)?;
        Ok(encode(&self.cfg.layout, mv))
    }

    fn history(&self) -> &[Action] {
        &self.history
    }

    fn scores_into(&self, out: &mut [i32]) {
        self.compute_scores(out);
    }

    fn winners_mask(&self) -> u32 {
        self.winners()
    }

    state_io_methods!();

    /// Other hands and the pile's pool are dealt again from what the observer has not
    /// seen, keeping every hand's size.
    fn determinize(&self, observer: usize, rng: &mut crate::rng::SplitMix64) -> Self {
        let mut s = self.clone();
        let b = self.cfg.data.buildings;
        let mut hidden: Vec<u8> = Vec::with_capacity(96);
        for kind in 0..b {
            let mut count = self.pool[kind];
            for p in (0..self.players()).filter(|&p| p != observer) {
                count += self.hands[p][kind];
            }
            hidden.extend(std::iter::repeat(kind as u8).take(usize::from(count)));
        }
        for i in (1..hidden.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            hidden.swap(i, j);
        }
        let mut next = hidden.into_iter();
        for p in (0..self.players()).filter(|&p| p != observer) {
            s.hands[p] = [0; MAX_KINDS];
            for _ in 0..self.hand_size[p] {
                if let Some(kind) = next.next() {
                    s.hands[p][usize::from(kind)] += 1;
                }
            }
            s.hand_mask[p] = mask_of(&s.hands[p]);
        }
        s.pool = [0; MAX_KINDS];
        for kind in next {
            s.pool[usize::from(kind)] += 1;
        }
        s.pool_mask = mask_of(&s.pool);
        s.pool_total = self.pool_total;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::super::CityConnectGame;
    use super::*;
    use crate::engine::Game;
    use crate::rng::SplitMix64;
    use crate::testing::{
        assert_determinize_keeps_observations, assert_legal_is_what_applies, random_walk,
        random_walk_every,
    };

    fn games() -> Vec<CityConnectGame> {
        let mut out = Vec::new();
        for players in 1..=4 {
            for sides in ["house", "mayor"] {
                out.push(CityConnectGame::new(players, Some(sides), None).unwrap());
            }
        }
        out
    }

    /// The packaged data with other rules numbers (a hand limit of 2 below takes of 5
    /// symbols, draws of 4 and a lightning take of 3, a market of 9, cities of 5), at every
    /// player count and side: the compact widths' proofs must hold for any data file.
    fn other_data_games() -> Vec<CityConnectGame> {
        let packaged = include_str!("../../../../../python/boardcore/data/city_connect.toml");
        let mut text = packaged.to_string();
        for (from, to) in [
            ("\nmarket = 6", "\nmarket = 9"),
            ("\ntake_symbols = 3", "\ntake_symbols = 5"),
            ("\ndraw_cards = 2", "\ndraw_cards = 4"),
            ("\nhand_limit = 6", "\nhand_limit = 2"),
            ("\ncity_limit = 10", "\ncity_limit = 5"),
            ("lightning = { take = 1 }", "lightning = { take = 3 }"),
        ] {
            assert!(text.contains(from), "{from}");
            text = text.replace(from, to);
        }
        // A file per call: tests run side by side, and one must not read another's half-written.
        static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let name = format!("city_connect_{}_{call}.toml", std::process::id());
        let path = std::env::temp_dir().join(name);
        std::fs::write(&path, text).unwrap();
        let mut out = Vec::new();
        for players in 1..=4 {
            for sides in ["house", "mayor"] {
                let game = CityConnectGame::new(players, Some(sides), path.to_str()).unwrap();
                out.push(game);
            }
        }
        std::fs::remove_file(&path).unwrap();
        out
    }

    /// The move generator against `apply_action`'s own check, for every action id.
    #[test]
    fn legal_actions_are_exactly_the_ones_apply_accepts() {
        for (i, game) in games().iter().enumerate() {
            random_walk_every(game, i as u64, 5, |state| {
                assert_legal_is_what_applies(state, game.num_distinct_actions());
            });
        }
    }

    /// Every building card is somewhere, every landmark is in the box, the row or a city.
    #[test]
    fn cards_are_conserved() {
        for (i, game) in games().iter().enumerate() {
            random_walk(game, 100 + i as u64, |s| {
                let d = &s.cfg.data;
                let n = s.players();
                let mut total = 0u32;
                for b in 0..d.buildings {
                    let mut count = u32::from(s.market[b]) + u32::from(s.discard[b]);
                    count += u32::from(s.pool[b]) + u32::from(s.pay.hand[b]);
                    for p in 0..n {
                        count += u32::from(s.hands[p][b]) + u32::from(s.city_count(p, b));
                    }
                    if s.phase == Phase::Pay && s.pay.card == b as i16 {
                        count += 1;
                    }
                    // Stage 2: cards removed at setup (or drawn in stage 1) are out of the pool.
                    if s.stage == 1 {
                        assert_eq!(count, u32::from(d.copies), "kind {b} in\n{s}");
                    }
                    total += count;
                }
                assert!(total <= u32::from(d.total_buildings()));
                let pool: u16 = s.pool[..d.buildings].iter().map(|&k| u16::from(k)).sum();
                assert!(s.pile_size <= pool);
                for p in 0..n {
                    let hand: u8 = s.hands[p][..d.buildings].iter().sum();
                    assert_eq!(hand, s.hand_size[p]);
                    assert!(s.city_len[p] <= d.city_limit);
                }
                if matches!(s.phase, Phase::Main | Phase::Take | Phase::After) {
                    assert!(s.hand_size[..n]
                        .iter()
                        .enumerate()
                        .all(|(p, &h)| { p == usize::from(s.seat) || h <= d.hand_limit }));
                }
            });
        }
    }

    /// Scores and demands kept from an earlier state (asked for in every state, so kept
    /// as long as the state allows) are the ones computed afresh, in random games.
    #[test]
    fn kept_scores_are_the_cities_scores() {
        for (i, game) in games().iter().enumerate() {
            random_walk(game, 300 + i as u64, |s| {
                assert_eq!(*s.kept(), s.score_cities(), "{s}");
            });
        }
    }

    #[test]
    fn determinize_keeps_what_the_observer_sees() {
        for (i, game) in games().iter().enumerate() {
            let mut rng = SplitMix64::new(99);
            random_walk_every(game, 40 + i as u64, 5, |state| {
                if !state.is_terminal() {
                    assert_determinize_keeps_observations(state, &mut rng);
                }
            });
        }
    }

    /// The facts the compact width rests on (docs, "Observation", **Nonzero entries**): for
    /// every observer, each part of the observation has no more nonzero entries than its
    /// share, in random games at every player count with either side.
    #[test]
    fn the_compact_width_bounds_every_observation_part_by_part() {
        use super::super::{SEATS_SHARED, SEAT_NUMBERS, TURN_NUMBERS};
        let nonzero = |part: &[f32]| part.iter().filter(|&&v| v != 0.0).count();
        for (i, game) in games().iter().chain(&other_data_games()).enumerate() {
            let cfg = game.config();
            let d = &cfg.data;
            let (b, l) = (d.buildings, d.landmarks);
            let k = b + l;
            let width = game.max_observation_tokens();
            let mut dense = vec![0.0; game.observation_size()];
            for seed in 0..25 {
                random_walk(game, 500 + 100 * i as u64 + seed, |s| {
                    let n = s.players();
                    // The state's facts: hands, the market and the row within their counts,
                    // a payment within the dearest cost.
                    assert!(s.hand_size[..n]
                        .iter()
                        .all(|&h| usize::from(h) <= cfg.max_hand()));
                    assert!(s.market_size <= d.market && usize::from(s.row_len) <= cfg.max_row());
                    let paid: usize = s
                        .pay
                        .hand
                        .iter()
                        .chain(&s.pay.city)
                        .map(|&x| usize::from(x))
                        .sum();
                    assert!(paid <= cfg.max_paid(), "{s}");
                    for p in 0..n {
                        s.observation_tensor_into(p, &mut dense).unwrap();
                        let hand = nonzero(&dense[..b]);
                        assert!(hand <= cfg.max_hand().min(b), "{s}");
                        assert!(nonzero(&dense[b..2 * b]) <= usize::from(d.market).min(b));
                        assert!(nonzero(&dense[3 * b..3 * b + l]) <= cfg.max_row());
                        let mut shared = 0;
                        for r in 0..MAX_PLAYERS {
                            let base = 3 * b + l + r * (k + 8);
                            let block = &dense[base..base + k + 8];
                            if r >= n {
                                assert_eq!(nonzero(block), 0);
                                continue;
                            }
                            assert!(nonzero(&block[..k]) <= cfg.max_city_cards(), "{s}");
                            // The Pioneer Bonus and "to move" are one seat's each.
                            let own = [0, 1, 2, 3, 4, 6].map(|x| block[k + x]);
                            assert!(nonzero(&own) <= SEAT_NUMBERS);
                            shared += nonzero(&[block[k + 5], block[k + 7]]);
                        }
                        assert!(shared <= SEATS_SHARED, "{s}");
                        let g = 3 * b + l + 4 * (k + 8);
                        let turn = &dense[g..g + 19 + k + 6];
                        assert!(nonzero(&turn[2..15]) == 1 && nonzero(&turn[19..19 + k]) <= 1);
                        assert!(nonzero(turn) <= TURN_NUMBERS);
                        let paid = &dense[g + 25 + k..g + 25 + k + (k + 1) + b];
                        assert!(nonzero(paid) <= cfg.max_paid(), "{s}");
                        let gears = &dense[g + 25 + k + (k + 1) + b..];
                        assert!(nonzero(gears) <= cfg.max_gears(), "{s}");
                        assert!(nonzero(&dense) <= width, "{s}");
                    }
                });
            }
        }
    }

    /// The legal width is a bound because a decision lists only the kinds of ids its phase
    /// allows, each kind no more often than its share (docs, "Action encoding"): `end` in
    /// the main phase only when no take, draw or build is listed.
    #[test]
    fn a_decision_lists_only_its_phase_kinds_each_within_its_share() {
        // Kinds: take, draw, build hand, build market, build landmark, pay hand, pay mayor,
        // pay city, discard, gear, end, clear (chance outcomes are never legal actions).
        let kind = |mv: Move| match mv {
            Move::Take(_) => 0,
            Move::Draw => 1,
            Move::BuildHand(_) => 2,
            Move::BuildMarket(_) => 3,
            Move::BuildLandmark(_) => 4,
            Move::PayHand(_) => 5,
            Move::PayMayor(_) => 6,
            Move::PayCity(_) => 7,
            Move::Discard(_) => 8,
            Move::Gear(_) => 9,
            Move::End => 10,
            Move::Clear(_) => 11,
            Move::Card(_) | Move::Landmark(_) => 12,
        };
        let mut most = 0;
        for (i, game) in games().iter().chain(&other_data_games()).enumerate() {
            let cfg = game.config();
            let d = &cfg.data;
            let b = d.buildings;
            let market = usize::from(d.market).min(b);
            let hand = usize::from(d.hand_limit).min(b);
            let (row, gears) = (cfg.max_row(), cfg.max_gears());
            let mut legal = Vec::new();
            for seed in 0..25 {
                random_walk(game, 700 + 100 * i as u64 + seed, |s| {
                    if s.current_player() < 0 {
                        return;
                    }
                    let p = usize::from(s.seat);
                    let mut share = [0usize; 13];
                    match s.phase {
                        Phase::Main => {
                            share[..5].copy_from_slice(&[market, 1, hand, market, row]);
                            (share[9], share[10]) = (gears, 1);
                        }
                        Phase::Take | Phase::Bonus => share[0] = market,
                        Phase::Clear => share[11] = market,
                        Phase::Pay => {
                            share[5..8].copy_from_slice(&[hand, hand, cfg.max_city_cards() + 1])
                        }
                        Phase::Exchange => share[8] = hand,
                        Phase::Discard => share[8] = cfg.max_hand().min(b),
                        Phase::After => (share[9], share[10]) = (gears, 1),
                        _ => unreachable!("a seat decides in {:?}", s.phase),
                    }
                    if !matches!(s.phase, Phase::Discard | Phase::Take | Phase::Bonus) {
                        // A seat pays, builds, uses a gear or ends holding at most the limit.
                        assert!(s.hand_size[p] <= d.hand_limit, "{s}");
                    }
                    s.legal_actions_into(&mut legal);
                    let mut count = [0usize; 13];
                    for &a in &legal {
                        count[kind(decode(&cfg.layout, a).unwrap())] += 1;
                    }
                    assert!((0..13).all(|x| count[x] <= share[x]), "{count:?} in\n{s}");
                    if s.phase == Phase::Main {
                        assert!(count[10] == 0 || count[..5].iter().sum::<usize>() == 0);
                    }
                    assert!(legal.len() <= cfg.max_legal_in(s.phase), "{s}");
                    assert!(legal.len() <= game.max_legal_actions());
                    most = most.max(legal.len());
                });
            }
        }
        assert!(most > 0);
    }

    #[test]
    fn games_end_with_the_rulebook_conditions() {
        for (i, game) in games().iter().enumerate() {
            let mut last = None;
            random_walk(game, 7 + i as u64, |s| last = Some(s.clone()));
            let s = last.unwrap();
            let n = s.players();
            let full = s.city_len[..n].iter().filter(|&&c| c >= 10).count();
            assert!(s.pile_size == 0 || full + usize::from(n >= 3) >= n, "{s}");
        }
    }
}
