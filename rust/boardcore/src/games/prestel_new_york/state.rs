//! The rules: setup, the round's phases, the search race, building, refills and the end.

use std::sync::Arc;

use super::notation::{decode, Move};
use super::{Config, HAND, MAX_COMMISSIONS, MAX_PARTS, MAX_PLAYERS, SLOTS, STACKS};
use crate::engine::{Action, Error, GameState, CHANCE, TERMINAL};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Setup,
    Stack,
    Search,
    Tie,
    Stone,
    Build,
    Refill,
    End,
}

impl Phase {
    pub fn index(self) -> usize {
        self as usize
    }
}

const NONE: u8 = u8::MAX;

/// A position. Everything is fixed-size except the history; the data is shared.
#[derive(Clone, Debug)]
pub struct PrestelState {
    pub(super) cfg: Arc<Config>,
    pub(super) phase: Phase,
    pub(super) round: u32,
    pub(super) to_move: i32,
    /// Parts dealt so far (setup), and the parts not yet dealt.
    pub(super) dealt: u8,
    pub(super) undealt: u128,
    /// The deck: its face-up top (`NONE` if none), the unseen cards under it, then the tail
    /// (cards pushed under, in order, the next to surface first).
    pub(super) top: u8,
    pub(super) unseen: u32,
    pub(super) tail: [u8; MAX_COMMISSIONS],
    pub(super) tail_len: u8,
    /// Table slots: commission or `NONE`, and who built each part (`NONE` if not built).
    pub(super) table: [u8; SLOTS],
    pub(super) built: [[u8; 3]; SLOTS],
    pub(super) completed: [u8; MAX_COMMISSIONS],
    pub(super) completed_len: u8,
    /// Stacks A..E, top first.
    pub(super) stacks: [[u8; MAX_PARTS]; STACKS],
    pub(super) stack_len: [u8; STACKS],
    pub(super) hands: [u128; MAX_PLAYERS],
    pub(super) chips: [u16; MAX_PLAYERS],
    pub(super) stones: [u8; MAX_PLAYERS],
    pub(super) new_stones: [u8; MAX_PLAYERS],
    /// The stack each seat took this round (`NONE` if none) and the parts it looked at.
    pub(super) taken: [u8; MAX_PLAYERS],
    pub(super) looked: [u8; MAX_PLAYERS],
    pub(super) finish: [u8; MAX_PLAYERS],
    pub(super) finish_len: u8,
    /// Seats by stone, for the stack, search and build phases.
    pub(super) order: [u8; MAX_PLAYERS],
    /// Memory: per seat and part, stack + 1 (0 = none) and the depth it was seen at.
    pub(super) mem_stack: [[u8; MAX_PARTS]; MAX_PLAYERS],
    pub(super) mem_depth: [[u8; MAX_PARTS]; MAX_PLAYERS],
    /// Per part, the seat that built it (`NONE` if not built).
    pub(super) builder: [u8; MAX_PARTS],
    pub(super) winners: u32,
    pub(super) history: Vec<Action>,
}

fn bit(i: u8) -> u128 {
    1u128 << i
}

/// The index of the `n`-th set bit of `set` (from 0), which must have more than `n`.
fn nth_bit(mut set: u128, n: usize) -> u32 {
    for _ in 0..n {
        set &= set - 1;
    }
    set.trailing_zeros()
}

impl PrestelState {
    pub fn new(cfg: Arc<Config>) -> Self {
        let c = cfg.layout.commissions;
        let p = cfg.layout.parts;
        let mut state = Self {
            phase: Phase::Setup,
            round: 0,
            to_move: CHANCE,
            dealt: 0,
            undealt: if p == 128 {
                u128::MAX
            } else {
                (1u128 << p) - 1
            },
            top: NONE,
            unseen: if c == 32 { u32::MAX } else { (1u32 << c) - 1 },
            tail: [NONE; MAX_COMMISSIONS],
            tail_len: 0,
            table: [NONE; SLOTS],
            built: [[NONE; 3]; SLOTS],
            completed: [NONE; MAX_COMMISSIONS],
            completed_len: 0,
            stacks: [[NONE; MAX_PARTS]; STACKS],
            stack_len: [0; STACKS],
            hands: [0; MAX_PLAYERS],
            chips: [0; MAX_PLAYERS],
            stones: [0; MAX_PLAYERS],
            new_stones: [0; MAX_PLAYERS],
            taken: [NONE; MAX_PLAYERS],
            looked: [0; MAX_PLAYERS],
            finish: [NONE; MAX_PLAYERS],
            finish_len: 0,
            order: [0, 1, 2, 3, 4],
            mem_stack: [[0; MAX_PARTS]; MAX_PLAYERS],
            mem_depth: [[0; MAX_PARTS]; MAX_PLAYERS],
            builder: [NONE; MAX_PARTS],
            winners: 0,
            history: Vec::with_capacity(1024),
            cfg,
        };
        state.advance();
        state
    }

    pub fn config(&self) -> &Config {
        &self.cfg
    }
    pub fn players(&self) -> usize {
        usize::from(self.cfg.players)
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn round(&self) -> u32 {
        self.round
    }
    pub fn stack(&self, s: usize) -> &[u8] {
        &self.stacks[s][..usize::from(self.stack_len[s])]
    }
    pub fn tail(&self) -> &[u8] {
        &self.tail[..usize::from(self.tail_len)]
    }
    pub fn completed(&self) -> &[u8] {
        &self.completed[..usize::from(self.completed_len)]
    }
    pub fn finish(&self) -> &[u8] {
        &self.finish[..usize::from(self.finish_len)]
    }

    /// Parts of a hand, ascending.
    pub(super) fn parts_of(set: u128) -> impl Iterator<Item = u8> {
        let mut rest = set;
        std::iter::from_fn(move || {
            if rest == 0 {
                None
            } else {
                let p = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                Some(p)
            }
        })
    }

    /// The table slot holding commission `c`, if any.
    fn slot_of(&self, c: u8) -> Option<usize> {
        self.table.iter().position(|&t| t == c)
    }

    /// The stones on offer in the stone phase that nobody has picked yet, as a bit set.
    fn free_stones(&self) -> u8 {
        let n = self.players();
        let mut free = 0u8;
        for s in 0..n {
            free |= 1 << self.stones[s];
        }
        for s in 0..n {
            if self.new_stones[s] != 0 {
                free &= !(1 << self.new_stones[s]);
            }
        }
        free
    }

    /// Seats sorted by `stones`.
    fn sort_order(&mut self) {
        let n = self.players();
        let mut order = [0u8, 1, 2, 3, 4];
        order[..n].sort_unstable_by_key(|&s| self.stones[usize::from(s)]);
        self.order = order;
    }

    /// `a` finishes strictly before `b`: looked / speed, compared without division.
    fn faster(&self, a: usize, b: usize) -> std::cmp::Ordering {
        let ta = u32::from(self.looked[a]) * self.cfg.speeds[b];
        let tb = u32::from(self.looked[b]) * self.cfg.speeds[a];
        ta.cmp(&tb)
    }

    /// Seats not yet placed whose time is the smallest, as a bit set.
    fn next_group(&self) -> u8 {
        let n = self.players();
        let mut placed = 0u8;
        for &s in self.finish() {
            placed |= 1 << s;
        }
        let mut group = 0u8;
        let mut best: Option<usize> = None;
        for s in 0..n {
            if placed & (1 << s) != 0 {
                continue;
            }
            match best.map(|b| self.faster(s, b)) {
                None | Some(std::cmp::Ordering::Less) => {
                    best = Some(s);
                    group = 1 << s;
                }
                Some(std::cmp::Ordering::Equal) => group |= 1 << s,
                Some(std::cmp::Ordering::Greater) => {}
            }
        }
        group
    }

    /// Moves the deck's top card into empty slots while it can; true if a card must be
    /// revealed by chance first.
    fn fill(&mut self) -> bool {
        loop {
            if self.top == NONE {
                if self.unseen != 0 {
                    return true;
                }
                if self.tail_len == 0 {
                    return false;
                }
                self.top = self.tail[0];
                self.tail.copy_within(1..usize::from(self.tail_len), 0);
                self.tail_len -= 1;
                self.tail[usize::from(self.tail_len)] = NONE;
            }
            let Some(slot) = self.table.iter().position(|&t| t == NONE) else {
                return false;
            };
            self.table[slot] = self.top;
            self.built[slot] = [NONE; 3];
            self.top = NONE;
        }
    }

    fn end(&mut self, winners: u32) {
        self.phase = Phase::End;
        self.to_move = TERMINAL;
        self.winners = winners;
    }

    /// The seats with the most chips, as a bit set.
    fn most_chips(&self) -> u32 {
        let n = self.players();
        let best = self.chips[..n].iter().copied().max().unwrap_or(0);
        (0..n)
            .filter(|&s| self.chips[s] == best)
            .fold(0, |m, s| m | 1 << s)
    }

    fn start_round(&mut self) {
        self.round += 1;
        self.taken = [NONE; MAX_PLAYERS];
        self.looked = [0; MAX_PLAYERS];
        self.finish = [NONE; MAX_PLAYERS];
        self.finish_len = 0;
        self.new_stones = [0; MAX_PLAYERS];
        self.sort_order();
        self.phase = Phase::Stack;
    }

    /// Runs the automatic steps until a seat or chance must decide, and sets `to_move`.
    fn advance(&mut self) {
        let n = self.players();
        loop {
            match self.phase {
                Phase::Setup => {
                    if self.fill() || u32::from(self.dealt) < self.cfg.layout.parts {
                        self.to_move = CHANCE;
                        return;
                    }
                    if self.stones[..n].contains(&0) {
                        self.to_move = CHANCE;
                        return;
                    }
                    self.start_round();
                }
                Phase::Stack => {
                    match self.order[..n]
                        .iter()
                        .find(|&&s| self.taken[usize::from(s)] == NONE)
                    {
                        Some(&s) => {
                            self.to_move = i32::from(s);
                            return;
                        }
                        None => self.phase = Phase::Search,
                    }
                }
                Phase::Search => match self.searcher() {
                    Some(s) => {
                        self.to_move = s as i32;
                        return;
                    }
                    None => self.phase = Phase::Tie,
                },
                Phase::Tie => {
                    if usize::from(self.finish_len) == n {
                        self.phase = Phase::Stone;
                        continue;
                    }
                    let group = self.next_group();
                    if group.count_ones() > 1 {
                        self.to_move = CHANCE;
                        return;
                    }
                    self.finish[usize::from(self.finish_len)] = group.trailing_zeros() as u8;
                    self.finish_len += 1;
                }
                Phase::Stone => {
                    let picked = self.new_stones[..n].iter().filter(|&&k| k != 0).count();
                    if picked < n {
                        self.to_move = i32::from(self.finish[picked]);
                        return;
                    }
                    self.stones = self.new_stones;
                    self.sort_order();
                    self.phase = Phase::Build;
                }
                Phase::Build => match self.builder() {
                    Some(s) => {
                        self.to_move = s as i32;
                        return;
                    }
                    None => {
                        if self.cfg.max_rounds > 0 && self.round >= self.cfg.max_rounds {
                            let winners = self.most_chips();
                            self.end(winners);
                            return;
                        }
                        // Rule 18: commissions with no part on them go under the deck.
                        for slot in 0..SLOTS {
                            let c = self.table[slot];
                            if c != NONE && self.built[slot].iter().all(|&b| b == NONE) {
                                self.tail[usize::from(self.tail_len)] = c;
                                self.tail_len += 1;
                                self.table[slot] = NONE;
                            }
                        }
                        self.phase = Phase::Refill;
                    }
                },
                Phase::Refill => {
                    if self.fill() {
                        self.to_move = CHANCE;
                        return;
                    }
                    // The ruling on empty stacks: with no part left to take, nobody can
                    // ever build again, so the game would not end.
                    if self.stack_len.iter().all(|&len| len == 0) {
                        let winners = self.most_chips();
                        self.end(winners);
                        return;
                    }
                    self.start_round();
                }
                Phase::End => {
                    self.to_move = TERMINAL;
                    return;
                }
            }
        }
    }

    /// The next seat to search: in starting order, holding two parts and a non-empty stack.
    fn searcher(&self) -> Option<usize> {
        self.order[..self.players()]
            .iter()
            .map(|&s| usize::from(s))
            .find(|&s| {
                self.hands[s].count_ones() == HAND && self.stack_len[usize::from(self.taken[s])] > 0
            })
    }

    /// The next seat to build or slide: in starting order, holding three parts.
    fn builder(&self) -> Option<usize> {
        self.order[..self.players()]
            .iter()
            .map(|&s| usize::from(s))
            .find(|&s| self.hands[s].count_ones() == HAND + 1)
    }

    /// The stack the parts are dealt into at deal number `k` (after the hands).
    fn deal_target(&self, k: usize) -> usize {
        let rest = self.cfg.layout.parts as usize - 2 * self.players();
        let (base, extra) = (rest / STACKS, rest % STACKS);
        let mut at = k;
        for s in 0..STACKS {
            let size = base + usize::from(s < extra);
            if at < size {
                return s;
            }
            at -= size;
        }
        STACKS - 1
    }

    fn push_legal(&self, out: &mut Vec<Action>) {
        let lay = &self.cfg.layout;
        let seat = self.to_move as usize;
        match self.phase {
            Phase::Stack => {
                let mut untaken = [true; STACKS];
                for &t in &self.taken[..self.players()] {
                    if t != NONE {
                        untaken[usize::from(t)] = false;
                    }
                }
                let any_parts = (0..STACKS).any(|s| untaken[s] && self.stack_len[s] > 0);
                for (s, &free) in untaken.iter().enumerate() {
                    if free && (self.stack_len[s] > 0 || !any_parts) {
                        out.push(s as Action);
                    }
                }
            }
            Phase::Search => {
                let s = usize::from(self.taken[seat]);
                let k = usize::from(self.looked[seat]);
                if k < usize::from(self.stack_len[s]) {
                    out.push(super::Layout::LOOK);
                }
                let mut seen: u128 = 0;
                for &p in &self.stacks[s][..k] {
                    seen |= bit(p);
                }
                out.extend(Self::parts_of(seen).map(|p| super::Layout::TAKE + u32::from(p)));
            }
            Phase::Stone => {
                let free = self.free_stones();
                for k in 1..=5u32 {
                    if free & (1 << k) != 0 {
                        out.push(lay.stone() + k - 1);
                    }
                }
            }
            Phase::Build => {
                let hand = self.hands[seat];
                for p in Self::parts_of(hand) {
                    if self
                        .slot_of(self.cfg.data.commission_of[usize::from(p)])
                        .is_some()
                    {
                        out.push(lay.build() + u32::from(p));
                    }
                }
                for p in Self::parts_of(hand) {
                    let base = lay.slide() + 5 * u32::from(p);
                    out.extend(base..base + STACKS as u32);
                }
            }
            Phase::Setup | Phase::Tie | Phase::Refill | Phase::End => {}
        }
    }

    /// Why `mv` is not legal now, or `None` if it is.
    fn illegal(&self, mv: Move) -> Option<String> {
        let mut legal = Vec::with_capacity(64);
        if self.to_move == CHANCE {
            let mut outcomes = Vec::with_capacity(64);
            self.chance_outcomes_into(&mut outcomes);
            legal.extend(outcomes.iter().map(|&(a, _)| a));
        } else {
            self.push_legal(&mut legal);
        }
        let id = super::notation::encode(&self.cfg.layout, mv);
        if legal.contains(&id) {
            return None;
        }
        let data = &self.cfg.data;
        let part = |p: u8| data.part_names[usize::from(p)].clone();
        let seat = self.to_move;
        Some(match (self.phase, mv) {
            (Phase::End, _) => "the game is over".into(),
            (Phase::Setup | Phase::Tie | Phase::Refill, _) => {
                format!("chance is to move ({} phase): that is not one of its outcomes", super::PHASES[self.phase.index()])
            }
            (Phase::Stack, Move::Stack(s)) => {
                if self.taken[..self.players()].contains(&s) {
                    format!("stack {} is already taken this round", super::STACK_LETTERS[usize::from(s)])
                } else {
                    format!(
                        "stack {} is empty: an empty stack may only be taken when every untaken stack is empty",
                        super::STACK_LETTERS[usize::from(s)]
                    )
                }
            }
            (Phase::Search, Move::Look) => "seat has looked at every part of its stack: take one".into(),
            (Phase::Search, Move::Take(p)) => format!(
                "seat {seat} has not looked at {} in its stack this round (rule 13: take a part you have looked at)",
                part(p)
            ),
            (Phase::Stone, Move::Stone(k)) => format!("stone {k} is not on offer (picked already, or not laid down this round)"),
            (Phase::Build, Move::Build(p)) => {
                if self.hands[seat as usize] & bit(p) == 0 {
                    format!("seat {seat} does not hold {}", part(p))
                } else {
                    format!(
                        "the commission of {} ({}) is not on the table",
                        part(p),
                        data.slugs[usize::from(data.commission_of[usize::from(p)])]
                    )
                }
            }
            (Phase::Build, Move::Slide(p, _)) => format!("seat {seat} does not hold {}", part(p)),
            (phase, _) => format!(
                "seat {seat} is in the {} phase, where that kind of action is not allowed",
                super::PHASES[phase.index()]
            ),
        })
    }

    fn clear_memory(&mut self, part: u8) {
        for s in 0..self.players() {
            self.mem_stack[s][usize::from(part)] = 0;
            self.mem_depth[s][usize::from(part)] = 0;
        }
    }

    fn apply_move(&mut self, action: Action, mv: Move) {
        let n = self.players();
        let seat = self.to_move.max(0) as usize;
        let data_commission_of = |cfg: &Config, p: u8| cfg.data.commission_of[usize::from(p)];
        match mv {
            Move::Reveal(c) => {
                self.unseen &= !(1u32 << c);
                self.top = c;
            }
            Move::Deal(p) => {
                let k = usize::from(self.dealt);
                if k < 2 * n {
                    self.hands[k / 2] |= bit(p);
                } else {
                    let s = self.deal_target(k - 2 * n);
                    self.stacks[s][usize::from(self.stack_len[s])] = p;
                    self.stack_len[s] += 1;
                }
                self.undealt &= !bit(p);
                self.dealt += 1;
            }
            Move::DrawStone(k) => {
                let s = self.stones[..n].iter().position(|&x| x == 0).unwrap_or(0);
                self.stones[s] = k;
            }
            Move::Finish(s) => {
                self.finish[usize::from(self.finish_len)] = s;
                self.finish_len += 1;
            }
            Move::Stack(s) => self.taken[seat] = s,
            Move::Look => {
                let s = usize::from(self.taken[seat]);
                let depth = self.looked[seat];
                let p = self.stacks[s][usize::from(depth)];
                self.mem_stack[seat][usize::from(p)] = s as u8 + 1;
                self.mem_depth[seat][usize::from(p)] = depth + 1;
                self.looked[seat] += 1;
            }
            Move::Take(p) => {
                let s = usize::from(self.taken[seat]);
                let len = usize::from(self.stack_len[s]);
                let at = self.stacks[s][..len]
                    .iter()
                    .position(|&x| x == p)
                    .unwrap_or(0);
                self.stacks[s].copy_within(at + 1..len, at);
                self.stacks[s][len - 1] = NONE;
                self.stack_len[s] -= 1;
                self.hands[seat] |= bit(p);
                self.mem_stack[seat][usize::from(p)] = 0;
                self.mem_depth[seat][usize::from(p)] = 0;
            }
            Move::Stone(k) => self.new_stones[seat] = k,
            Move::Build(p) => {
                self.hands[seat] &= !bit(p);
                self.clear_memory(p);
                let c = data_commission_of(&self.cfg, p);
                let slot = self.slot_of(c).unwrap_or(0);
                let index = usize::from(self.cfg.data.index_in[usize::from(p)]);
                self.built[slot][index] = seat as u8;
                self.builder[usize::from(p)] = seat as u8;
                let size = usize::from(self.cfg.data.size[usize::from(c)]);
                if self.built[slot][..size].iter().all(|&b| b != NONE) {
                    // Rules 15-17: the completer's two chips replace its one; every chip on
                    // the commission goes to its owner, and the commission leaves at once.
                    for (i, &b) in self.built[slot][..size].iter().enumerate() {
                        self.chips[usize::from(b)] += if i == index { 2 } else { 1 };
                    }
                    self.table[slot] = NONE;
                    self.built[slot] = [NONE; 3];
                    self.completed[usize::from(self.completed_len)] = c;
                    self.completed_len += 1;
                    // Rule 20, and the ruling on several seats reaching the goal at once.
                    let best = self.chips[..n].iter().copied().max().unwrap_or(0);
                    if best >= self.cfg.data.win_chips {
                        let winners = self.most_chips();
                        self.history.push(action);
                        self.end(winners);
                        return;
                    }
                }
            }
            Move::Slide(p, s) => {
                self.hands[seat] &= !bit(p);
                let s = usize::from(s);
                self.stacks[s][usize::from(self.stack_len[s])] = p;
                self.stack_len[s] += 1;
                self.mem_stack[seat][usize::from(p)] = s as u8 + 1;
                self.mem_depth[seat][usize::from(p)] = self.stack_len[s];
            }
        }
        self.history.push(action);
        self.advance();
    }
}

impl GameState for PrestelState {
    fn num_players(&self) -> usize {
        self.players()
    }

    fn current_player(&self) -> i32 {
        self.to_move
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.to_move >= 0 {
            self.push_legal(out);
        }
    }

    /// The random agent's pick without listing the actions in the two phases where most
    /// decisions fall (search and build): the ascending order of `legal_actions_into` is
    /// rebuilt arithmetically (a unit test holds the two to each other for every index).
    fn choose_legal(&self, buf: &mut Vec<Action>, pick: impl FnOnce(usize) -> usize) -> Action {
        let seat = self.to_move.max(0) as usize;
        match self.phase {
            Phase::Search => {
                let s = usize::from(self.taken[seat]);
                let k = usize::from(self.looked[seat]);
                let look = usize::from(k < usize::from(self.stack_len[s]));
                let i = pick(look + k);
                if i < look {
                    return super::Layout::LOOK;
                }
                let mut seen: u128 = 0;
                for &p in &self.stacks[s][..k] {
                    seen |= bit(p);
                }
                super::Layout::TAKE + nth_bit(seen, i - look)
            }
            Phase::Build => {
                let lay = &self.cfg.layout;
                let hand = self.hands[seat];
                let mut buildable: u128 = 0;
                for p in Self::parts_of(hand) {
                    if self
                        .table
                        .contains(&self.cfg.data.commission_of[usize::from(p)])
                    {
                        buildable |= bit(p);
                    }
                }
                let builds = buildable.count_ones() as usize;
                let i = pick(builds + STACKS * hand.count_ones() as usize);
                if i < builds {
                    lay.build() + nth_bit(buildable, i)
                } else {
                    let j = i - builds;
                    let part = nth_bit(hand, j / STACKS);
                    lay.slide() + 5 * part + (j % STACKS) as u32
                }
            }
            _ => {
                self.legal_actions_into(buf);
                buf[pick(buf.len())]
            }
        }
    }

    fn chance_outcomes_into(&self, out: &mut Vec<(Action, u64)>) {
        out.clear();
        if self.to_move != CHANCE {
            return;
        }
        let lay = &self.cfg.layout;
        match self.phase {
            Phase::Setup | Phase::Refill if self.top == NONE && self.unseen != 0 => {
                let mut rest = self.unseen;
                while rest != 0 {
                    out.push((lay.reveal() + rest.trailing_zeros(), 1));
                    rest &= rest - 1;
                }
            }
            Phase::Setup if self.undealt != 0 => {
                out.extend(Self::parts_of(self.undealt).map(|p| (lay.deal() + u32::from(p), 1)));
            }
            Phase::Setup => {
                let n = self.players();
                for k in 1..=5u8 {
                    if !self.stones[..n].contains(&k) {
                        out.push((lay.draw() + u32::from(k) - 1, 1));
                    }
                }
            }
            Phase::Tie => {
                let group = self.next_group();
                for s in 0..self.players() {
                    if group & (1 << s) != 0 {
                        out.push((lay.finish() + s as u32, 1));
                    }
                }
            }
            _ => {}
        }
    }

    fn apply_action(&mut self, action: Action) -> Result<(), Error> {
        let mv = decode(&self.cfg, action)?;
        if let Some(why) = self.illegal(mv) {
            return Err(Error::IllegalAction(format!(
                "{} (action {action}) is illegal: {why}",
                super::notation::to_text(&self.cfg, mv)
            )));
        }
        self.apply_move(action, mv);
        Ok(())
    }

    fn apply_legal(&mut self, action: Action) {
        let mv = self.cfg.moves[action as usize];
        self.apply_move(action, mv);
    }

    fn action_to_string(&self, action: Action) -> Result<String, Error> {
        Ok(super::notation::to_text(
            &self.cfg,
            decode(&self.cfg, action)?,
        ))
    }

    fn string_to_action(&self, text: &str) -> Result<Action, Error> {
        super::notation::parse(&self.cfg, text)
    }

    fn history(&self) -> &[Action] {
        &self.history
    }

    fn scores_into(&self, out: &mut [i32]) {
        for (o, &c) in out.iter_mut().zip(&self.chips[..self.players()]) {
            *o = i32::from(c);
        }
    }

    fn winners_mask(&self) -> u32 {
        self.winners
    }

    fn to_json(&self) -> String {
        super::json::to_json(self)
    }

    fn observation_tensor_into(&self, player: usize, out: &mut [f32]) -> Result<(), Error> {
        super::render::observation_tensor(self, player, out)
    }

    fn observation_string(&self, player: usize) -> Result<String, Error> {
        super::render::observation_string(self, player)
    }

    /// Other seats' hands and the stacks' contents, dealt again at random (the unseen deck is
    /// not in the state: it is drawn when revealed). While `observer` searches, the parts it
    /// has looked at stay where it saw them.
    fn determinize(&self, observer: usize, rng: &mut crate::rng::SplitMix64) -> Self {
        let mut s = self.clone();
        let searching = self.phase == Phase::Search && self.to_move == observer as i32;
        let own = usize::from(self.taken[observer]);
        let fixed = |stack: usize| {
            if searching && stack == own {
                usize::from(self.looked[observer])
            } else {
                0
            }
        };
        let mut pool: Vec<u8> = Vec::with_capacity(MAX_PARTS);
        for seat in (0..self.players()).filter(|&p| p != observer) {
            pool.extend(Self::parts_of(self.hands[seat]));
        }
        for st in 0..STACKS {
            pool.extend_from_slice(&self.stack(st)[fixed(st)..]);
        }
        for i in (1..pool.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            pool.swap(i, j);
        }
        let mut next = pool.into_iter();
        for seat in (0..self.players()).filter(|&p| p != observer) {
            let count = self.hands[seat].count_ones();
            s.hands[seat] = 0;
            for _ in 0..count {
                s.hands[seat] |= bit(next.next().unwrap_or(0));
            }
        }
        for st in 0..STACKS {
            for at in fixed(st)..usize::from(self.stack_len[st]) {
                s.stacks[st][at] = next.next().unwrap_or(0);
            }
        }
        s
    }
}

impl std::fmt::Display for PrestelState {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&super::render::render(self, None))
    }
}

#[cfg(test)]
mod tests {
    use super::super::PrestelGame;
    use super::*;
    use crate::engine::Game;
    use crate::rng::SplitMix64;
    use crate::testing::{
        assert_determinize_keeps_observations, assert_legal_is_what_applies, random_walk,
    };

    /// The move generator against `apply_action`'s own check, for every action id.
    #[test]
    fn legal_actions_are_exactly_the_ones_apply_accepts() {
        for players in 2..=5 {
            let game = PrestelGame::new(players, None, 12, None).unwrap();
            let mut step = 0;
            random_walk(&game, players as u64, |state| {
                step += 1;
                if step % 7 != 0 {
                    return;
                }
                assert_legal_is_what_applies(state, game.num_distinct_actions());
            });
        }
    }

    /// A determinisation is a state the observer cannot tell apart from the true one, with
    /// the same legal actions when the observer is to move.
    #[test]
    fn determinize_keeps_what_the_observer_sees() {
        for players in 2..=5 {
            let game = PrestelGame::new(players, None, 8, None).unwrap();
            let mut rng = SplitMix64::new(99);
            let mut step = 0;
            random_walk(&game, 40 + players as u64, |state| {
                step += 1;
                if step % 5 != 0 || state.is_terminal() {
                    return;
                }
                assert_determinize_keeps_observations(state, &mut rng);
            });
        }
    }

    #[test]
    fn choose_legal_is_legal_at_every_index() {
        for players in 2..=5 {
            let game = PrestelGame::new(players, None, 30, None).unwrap();
            random_walk(&game, 7 + players as u64, |state| {
                if state.current_player() < 0 {
                    return;
                }
                let mut legal = Vec::new();
                state.legal_actions_into(&mut legal);
                for i in 0..legal.len() {
                    let mut buf = Vec::new();
                    assert_eq!(
                        state.choose_legal(&mut buf, |n| {
                            assert_eq!(n, legal.len());
                            i
                        }),
                        legal[i]
                    );
                }
            });
        }
    }

    #[test]
    fn parts_are_conserved_and_hands_stay_two_between_rounds() {
        let game = PrestelGame::new(4, None, 0, None).unwrap();
        random_walk(&game, 3, |s| {
            let n = s.players();
            let mut seen = 0u128;
            let mut count = 0;
            let mut add = |p: u8| {
                assert_eq!(seen & bit(p), 0, "part {p} twice");
                seen |= bit(p);
                count += 1;
            };
            for h in &s.hands[..n] {
                PrestelState::parts_of(*h).for_each(&mut add);
            }
            for i in 0..STACKS {
                s.stack(i).iter().copied().for_each(&mut add);
            }
            PrestelState::parts_of(s.undealt).for_each(&mut add);
            for p in 0..s.cfg.data.parts() {
                if s.builder[p] != NONE {
                    add(p as u8);
                }
            }
            assert_eq!(count, 64);
            if s.phase == Phase::Stack {
                assert!(s.hands[..n].iter().all(|h| h.count_ones() == 2));
                assert_eq!(s.table.iter().filter(|&&t| t != NONE).count(), 4);
            }
        });
    }
}
