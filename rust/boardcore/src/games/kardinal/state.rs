//! The rules: building (the cardinal's seven rules), scoring, the cardinal, turns and the end.

use super::data::Config;
use super::notation::{decode, Move};
use super::{CARDINAL_BASE, CELLS, CHIP_BASE, COLOURS, OFFSET, SHAPES, STAY, W, YELLOW};
use crate::engine::{illegal_action, Action, Error, GameState, TERMINAL};

const FULL: u128 = (1 << W) - 1;
/// Columns 1..=68: the box's outer columns are margin, never built on, so a shift by one
/// cannot wrap a yard around a row end.
const INNER: u128 = FULL & !1 & !(1 << (W - 1));
/// The cathedral: nave at (0,0) counts as a house, clock-tower at (1,0) as a tower.
pub(super) const NAVE: u16 = (OFFSET as usize * W + OFFSET as usize) as u16;
pub(super) const CLOCK_TOWER: u16 = NAVE + 1;
const HOUSE: usize = 0;
const NOT_ADJACENT: &str = "Action 1: a new edifice must be built adjacent to the cathedral or \
                            another building already existing";
const TOWER: usize = 1;
const YARD: usize = 2;
/// Adjacency layers: 0..4 "next to an edifice of colour c", then one per shape, then any.
const L_SHAPE: usize = 4;
const L_ANY: usize = 7;
/// 24 edifices, each a build and a cardinal decision, plus the first build's chip.
const MAX_EDIFICES: usize = 24;
const MAX_HISTORY: usize = 2 * MAX_EDIFICES + 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Build,
    Chip,
    Cardinal,
    End,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Build => "build",
            Phase::Chip => "chip",
            Phase::Cardinal => "cardinal",
            Phase::End => "end",
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Edifice {
    /// Cells as indices of the box; a yard's second cell is right of or above the first.
    pub cells: [u16; 2],
    pub n_cells: u8,
    /// 0 house, 1 tower, 2 yard.
    pub shape: u8,
    pub colour: u8,
    pub seat: u8,
    pub touches_cathedral: bool,
}

impl Edifice {
    pub fn cells(&self) -> &[u16] {
        &self.cells[..usize::from(self.n_cells)]
    }
}

pub(super) fn row_col(cell: u16) -> (usize, usize) {
    (usize::from(cell) / W, usize::from(cell) % W)
}

pub(super) fn xy(cell: u16) -> (i32, i32) {
    let (r, c) = row_col(cell);
    (c as i32 - OFFSET, r as i32 - OFFSET)
}

/// Whether two edifices touch (edge-adjacent cells), each given by its two stored cells (a
/// one-cell edifice stores its cell twice). Built cells never lie in the margin columns, so
/// a difference of one is never a wrap from one row's end to the next row's start. No
/// branches: the scoring loop's outcome is random, so they would mostly be mispredicted.
fn pairs_touch(a: [u16; 2], b: [u16; 2]) -> bool {
    let near = |p: u16, q: u16| {
        let d = p.abs_diff(q);
        (d == 1) | (d == 70)
    };
    near(a[0], b[0]) | near(a[0], b[1]) | near(a[1], b[0]) | near(a[1], b[1])
}

/// The column of the `k`-th set bit of `row` (`k` below its popcount), by halving with
/// conditional moves instead of a loop whose length the branch predictor cannot know.
fn select(row: u128, mut k: u32) -> u32 {
    let low = row as u64;
    let in_high = k >= low.count_ones();
    let mut x = if in_high { (row >> 64) as u64 } else { low };
    k -= if in_high { low.count_ones() } else { 0 };
    let mut pos = if in_high { 64 } else { 0 };
    for shift in [32, 16, 8, 4, 2, 1] {
        let half = x & ((1u64 << shift) - 1);
        let ones = half.count_ones();
        let up = k >= ones;
        k -= if up { ones } else { 0 };
        pos += if up { shift } else { 0 };
        x = if up { x >> shift } else { half };
    }
    pos
}

/// The colours a seat may build (2 players: two each; 3 players: own and the fourth).
pub(super) fn seat_colours(players: u8, seat: usize) -> u8 {
    match players {
        2 => [0b0101, 0b1010][seat],
        3 => (1 << seat) | (1 << YELLOW),
        _ => 1 << seat,
    }
}

/// Who takes a colour's leftover chips at the end; `None`: put aside (3 players' fourth colour).
pub(super) fn colour_owner(players: u8, colour: usize) -> Option<usize> {
    match players {
        2 => Some(colour & 1),
        3 if colour == YELLOW => None,
        _ => Some(colour),
    }
}

/// `Copy`: a flat struct, so resetting or cloning it is one `memcpy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KardinalState {
    pub(super) cfg: Config,
    /// Built cells, one `u128` per row (bit = column), cathedral included.
    occ: [u128; W],
    /// Cells next to a built edifice, per layer (colour 0..4, shape, any).
    adj: [[u128; W]; 8],
    /// Per shape, cells where an edifice of that shape may stand before colour and the
    /// cardinal are considered: empty, next to what it needs (rules II/III for towers; yards
    /// check their house per pair), not next to its own shape (rule IV). Kept up to date by
    /// `occupy`, so move generation reads one row mask per piece instead of five.
    base: [[u128; W]; 3],
    /// Rows holding built cells, inclusive.
    row_lo: usize,
    row_hi: usize,
    edifices: [Edifice; MAX_EDIFICES],
    n_edifices: u8,
    pub(super) cardinal: Option<u16>,
    /// Per colour: houses, towers, yards not yet built.
    pub(super) left: [[u8; 3]; 4],
    pub(super) supply: [u8; 4],
    pub(super) aside: [u8; 4],
    pub(super) chips: [[u8; 4]; 4],
    pub(super) phase: Phase,
    pub(super) to_move: u8,
    history: [Action; MAX_HISTORY],
    n_history: u8,
}

impl KardinalState {
    pub fn new(cfg: Config) -> Self {
        let mut s = Self {
            cfg,
            occ: [0; W],
            adj: [[0; W]; 8],
            // A yard cell needs no neighbour of its own: open everywhere on an empty board.
            base: [[0; W], [0; W], [INNER; W]],
            row_lo: NAVE as usize / W,
            row_hi: NAVE as usize / W,
            edifices: [Edifice::default(); MAX_EDIFICES],
            n_edifices: 0,
            cardinal: None,
            left: [cfg.pieces; 4],
            supply: [cfg.chips_per_colour; 4],
            aside: [0; 4],
            chips: [[0; 4]; 4],
            phase: Phase::Build,
            to_move: 0,
            history: [0; MAX_HISTORY],
            n_history: 0,
        };
        s.occupy(NAVE, None, HOUSE);
        s.occupy(CLOCK_TOWER, None, TOWER);
        s
    }

    pub fn players(&self) -> usize {
        usize::from(self.cfg.players)
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn edifices(&self) -> &[Edifice] {
        &self.edifices[..usize::from(self.n_edifices)]
    }
    /// Shape and colour of the edifice built just before (rules VI and VII).
    pub fn previous(&self) -> Option<(usize, usize)> {
        self.edifices()
            .last()
            .map(|e| (usize::from(e.shape), usize::from(e.colour)))
    }
    /// Edifices each seat built touching the cathedral (the tie-break).
    pub fn cathedral_counts(&self) -> [u32; 4] {
        let mut counts = [0; 4];
        for e in self.edifices().iter().filter(|e| e.touches_cathedral) {
            counts[usize::from(e.seat)] += 1;
        }
        counts
    }

    fn occupy(&mut self, cell: u16, colour: Option<usize>, shape: usize) {
        let (r, c) = row_col(cell);
        let bit = 1u128 << c;
        // Built cells stay in columns 1..=68, so neither shift leaves the 70-bit row.
        let around = bit << 1 | bit >> 1;
        self.occ[r] |= bit;
        for layer in [colour.unwrap_or(L_ANY), L_SHAPE + shape, L_ANY] {
            let rows = &mut self.adj[layer];
            rows[r - 1] |= bit;
            rows[r] |= around;
            rows[r + 1] |= bit;
        }
        self.row_lo = self.row_lo.min(r);
        self.row_hi = self.row_hi.max(r);
        for row in r - 1..r + 2 {
            let free = !self.occ[row] & INNER;
            let [near_house, near_tower, near_yard] =
                [HOUSE, TOWER, YARD].map(|s| self.adj[L_SHAPE + s][row]);
            self.base[HOUSE][row] = free & self.adj[L_ANY][row] & !near_house;
            self.base[TOWER][row] = free & near_house & !near_tower;
            self.base[YARD][row] = free & !near_yard;
        }
    }

    fn has(&self, layer: usize, cell: u16) -> bool {
        let (r, c) = row_col(cell);
        self.adj[layer][r] >> c & 1 == 1
    }
    fn built(&self, cell: u16) -> bool {
        let (r, c) = row_col(cell);
        self.occ[r] >> c & 1 == 1
    }

    /// Calls `visit(first_id, mask)` for each row that may hold builds of `seat`, in
    /// ascending order of action id: bit `c` of `mask` is the legal action `first_id + c`
    /// (masks may be empty). Stops early when `visit` returns false, and then returns false.
    fn build_rows(&self, seat: usize, mut visit: impl FnMut(Action, u128) -> bool) -> bool {
        let colours = seat_colours(self.cfg.players, seat);
        let previous = self.previous();
        // Rows that may hold a build: the built rows and one more on each side.
        let (lo, hi) = (self.row_lo - 1, self.row_hi + 2);
        // Rule I: never on the cardinal's cell.
        let (card_row, card_col) = self.cardinal.map_or((usize::MAX, 0), row_col);
        let card_bit = 1u128 << card_col;
        let house = &self.adj[L_SHAPE + HOUSE];
        // The pieces (kind, colour) the seat may build, as bits `kind * 4 + colour`: its
        // colours, with pieces of that shape left, but not the previous edifice's shape
        // (rule VI) or colour (rule VII). Bit arithmetic rather than tests, so that the
        // loop below does not branch on each of the sixteen.
        let (previous_shape, previous_colour) = previous.map_or((3, 4), |(s, c)| (s, c));
        let colours = u16::from(colours) & !(1 << previous_colour) & 0xF;
        let mut pieces = 0u16;
        for kind in 0..4 {
            let shape = kind.min(YARD);
            let left = (0..4).fold(0u16, |m, c| m | u16::from(self.left[c][shape] > 0) << c);
            let allowed = u16::from(shape != previous_shape) * 0xF;
            pieces |= (colours & left & allowed) << (4 * kind);
        }
        while pieces != 0 {
            let piece = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let (kind, colour) = (piece / 4, piece % 4);
            let shape = kind.min(YARD);
            // Rule V: not next to the same colour.
            let base = &self.base[shape];
            let near_colour = &self.adj[colour];
            let open = |r: usize| {
                let card = if r == card_row { card_bit } else { 0 };
                base[r] & !near_colour[r] & !card
            };
            let first = ((kind * 4 + colour) * CELLS) as Action;
            let mut visit_row = |r: usize, m: u128| visit(first + (r * W) as Action, m);
            let more = match kind {
                0 | 1 => (lo..hi).all(|r| visit_row(r, open(r))),
                // A yard's two cells, one of them next to a house (rule III).
                2 => (lo..hi).all(|r| {
                    let (a, h) = (open(r), house[r]);
                    visit_row(r, a & (a >> 1) & (h | h >> 1))
                }),
                _ => {
                    let mut below = open(lo - 1);
                    (lo - 1..hi).all(|r| {
                        let above = open(r + 1);
                        let m = below & above & (house[r] | house[r + 1]);
                        below = above;
                        visit_row(r, m)
                    })
                }
            };
            if !more {
                return false;
            }
        }
        true
    }

    /// Like `build_rows`, for the cardinal's moves (without `cardinal stay`).
    fn cardinal_rows(&self, mut visit: impl FnMut(Action, u128) -> bool) {
        let (card_row, card_col) = self.cardinal.map_or((usize::MAX, 0), row_col);
        for r in self.row_lo - 1..self.row_hi + 2 {
            let card = if r == card_row { 1 << card_col } else { 0 };
            let m = self.adj[L_ANY][r] & !self.occ[r] & !card & FULL;
            if !visit(CARDINAL_BASE + (r * W) as Action, m) {
                return;
            }
        }
    }

    /// Every row of legal actions but `cardinal stay` and the chips, in ascending order.
    fn legal_rows(&self, visit: impl FnMut(Action, u128) -> bool) {
        match self.phase {
            Phase::Build => {
                self.build_rows(usize::from(self.to_move), visit);
            }
            Phase::Cardinal => self.cardinal_rows(visit),
            Phase::Chip | Phase::End => {}
        }
    }

    /// Actions outside the row masks: the chip choice, and `cardinal stay` (the largest id).
    fn extra_actions(&self, out: &mut [Action; 4]) -> usize {
        let mut n = 0;
        match self.phase {
            Phase::Chip => {
                for colour in (0..4).filter(|&c| self.supply[c] > 0) {
                    out[n] = CHIP_BASE + colour as Action;
                    n += 1;
                }
            }
            Phase::Cardinal if self.cardinal.is_some() => {
                out[0] = STAY;
                n = 1;
            }
            _ => {}
        }
        n
    }

    fn can_build(&self, seat: usize) -> bool {
        !self.build_rows(seat, |_, m| m == 0)
    }

    /// Why building `kind`/`colour` at `cell` breaks a rule, or `None` if it is legal.
    /// Independent of `build_rows`, which unit tests hold it to.
    fn build_error(&self, kind: usize, colour: usize, cell: u16) -> Option<String> {
        // The reference's order and words: the pieces and turn order first, then the site.
        let players = self.cfg.players;
        let seat = usize::from(self.to_move);
        let shape = kind.min(YARD);
        let (name, shape_name) = (COLOURS[colour], SHAPES[shape]);
        let allowed = seat_colours(players, seat);
        if allowed >> colour & 1 == 0 {
            let builds: Vec<&str> = (0..4)
                .filter(|c| allowed >> c & 1 == 1)
                .map(|c| COLOURS[c])
                .collect();
            let extra = if players == 3 {
                " (yellow is the fourth colour)"
            } else {
                ""
            };
            let builds = builds.join(" or ");
            return Some(format!(
                "seat {seat} may not build {name}: it builds {builds}{extra}"
            ));
        }
        if self.left[colour][shape] == 0 {
            let pool = match colour_owner(players, colour) {
                None => "in the shared pool".to_string(),
                Some(_) => format!("for seat {seat}"),
            };
            return Some(format!("no {name} {shape_name}s are left {pool}"));
        }
        if let Some((s, c)) = self.previous() {
            let before = format!("the previous edifice was a {} {}", COLOURS[c], SHAPES[s]);
            if s == shape {
                return Some(format!(
                    "rule VI: no edifices similar in shape may be built one directly after \
                     the other ({before})"
                ));
            }
            if c == colour {
                return Some(format!(
                    "rule VII: no edifices similar in colour may be built one after the other \
                     ({before})"
                ));
            }
        }
        let (x, y) = xy(cell);
        let second = match kind {
            2 => (x < OFFSET + 1).then(|| cell + 1),
            3 => (y < OFFSET + 1).then(|| cell + W as u16),
            _ => Some(cell),
        };
        let Some(second) = second else {
            let (low, high) = (-OFFSET, OFFSET + 1);
            return Some(format!(
                "the yard would leave the playing area ({low}..{high} in x and y)"
            ));
        };
        let cells = [cell, second];
        let cells = &cells[..if kind >= 2 { 2 } else { 1 }];
        if cells.iter().any(|&c| {
            let (r, col) = row_col(c);
            !(1..W - 1).contains(&r) || !(1..W - 1).contains(&col)
        }) {
            // The border ring: never next to anything in a game (the reference says so too).
            return Some(NOT_ADJACENT.into());
        }
        if let Some(&c) = cells.iter().find(|&&c| self.built(c)) {
            let (cx, cy) = xy(c);
            let occupant = self.occupant_text(c);
            return Some(format!("cell {cx},{cy} is already built on ({occupant})"));
        }
        if let Some(k) = self.cardinal.filter(|k| cells.contains(k)) {
            let (kx, ky) = xy(k);
            return Some(format!(
                "rule I: no edifice may be built on a site the cardinal stays upon ({kx},{ky})"
            ));
        }
        let near = |layer: usize| cells.iter().any(|&c| self.has(layer, c));
        if !near(L_ANY) {
            return Some(NOT_ADJACENT.into());
        }
        if shape != HOUSE && !near(L_SHAPE + HOUSE) {
            let number = if shape == TOWER { "II" } else { "III" };
            return Some(format!(
                "rule {number}: {shape_name}s must be built adjacent to at least one house \
                 (the cathedral's nave counts as a house)"
            ));
        }
        if let Some(at) = self.first_neighbour(cells, |o| o.1 == shape) {
            let occupant = self.occupant_text(at);
            return Some(format!(
                "rule IV: a {shape_name} may not touch another {shape_name}: no edifices \
                 similar in shape on adjacent sites ({occupant})"
            ));
        }
        if let Some(at) = self.first_neighbour(cells, |o| o.0 == Some(colour)) {
            let occupant = self.occupant_text(at);
            return Some(format!(
                "rule V: a {name} edifice may not touch another {name} edifice: no edifices \
                 similar in colour on adjacent sites ({occupant})"
            ));
        }
        None
    }

    /// The colour (`None`: the cathedral) and shape of what stands on a built `cell`.
    fn occupant(&self, cell: u16) -> Option<(Option<usize>, usize)> {
        match cell {
            NAVE => Some((None, HOUSE)),
            CLOCK_TOWER => Some((None, TOWER)),
            _ => self
                .edifices()
                .iter()
                .find(|e| e.cells[..usize::from(e.n_cells)].contains(&cell))
                .map(|e| (Some(usize::from(e.colour)), usize::from(e.shape))),
        }
    }

    fn occupant_text(&self, cell: u16) -> String {
        let (x, y) = xy(cell);
        match self.occupant(cell) {
            Some((None, shape)) => {
                let part = if shape == HOUSE {
                    "nave"
                } else {
                    "clock-tower"
                };
                format!("the cathedral's {part} at {x},{y}")
            }
            Some((Some(colour), shape)) => {
                format!("the {} {} at {x},{y}", COLOURS[colour], SHAPES[shape])
            }
            None => format!("{x},{y}"),
        }
    }

    /// The first built neighbour of `cells` (each cell's left, right, below, above: the
    /// reference's order) whose occupant passes `test`.
    fn first_neighbour(
        &self,
        cells: &[u16],
        test: impl Fn((Option<usize>, usize)) -> bool,
    ) -> Option<u16> {
        let w = W as u16;
        cells
            .iter()
            .flat_map(|&c| [c - 1, c + 1, c - w, c + w])
            .find(|&n| self.occupant(n).is_some_and(&test))
    }

    /// Why `mv` may not be played now, or `None` if it may.
    fn move_error(&self, mv: Move) -> Option<String> {
        let seat = self.to_move;
        let doing = |phase: Phase| match phase {
            Phase::Build => "to build",
            Phase::Chip => "to choose a chip",
            _ => "to move the cardinal",
        };
        let wanted = match mv {
            Move::Build { .. } => Phase::Build,
            Move::Chip(_) => Phase::Chip,
            Move::Cardinal(_) | Move::Stay => Phase::Cardinal,
        };
        if self.phase == Phase::End {
            return Some("the game is over".into());
        }
        if self.phase != wanted {
            let now = format!("seat {seat} is {}", doing(self.phase));
            if wanted == Phase::Chip {
                return Some(format!(
                    "{now}; a chip is chosen only after the first build of the game"
                ));
            }
            return Some(format!("{now}, not {}", doing(wanted)));
        }
        match mv {
            Move::Build { kind, colour, cell } => self.build_error(kind, colour, cell),
            Move::Chip(colour) => (self.supply[colour] == 0)
                .then(|| format!("the {} supply is empty", COLOURS[colour])),
            Move::Cardinal(cell) => {
                let (x, y) = xy(cell);
                if self.cardinal == Some(cell) {
                    Some(format!(
                        "the cardinal already stands on {x},{y} (use 'cardinal stay')"
                    ))
                } else if self.built(cell) {
                    Some(format!(
                        "cell {x},{y} is built on ({})",
                        self.occupant_text(cell)
                    ))
                } else if !self.has(L_ANY, cell) {
                    Some(
                        "Action 3: the cardinal must be placed on a site adjacent to an \
                         existing building or the cathedral"
                            .into(),
                    )
                } else {
                    None
                }
            }
            Move::Stay => self.cardinal.is_none().then(|| {
                "Action 3: the first player must bring the cardinal into the game \
                 ('cardinal stay' is not allowed yet)"
                    .into()
            }),
        }
    }

    /// `wanted` chips of `colour` from the supply, as far as it lasts; chips won by building
    /// the fourth colour of a 3-player game are put aside.
    fn take_chips(&mut self, colour: usize, wanted: u8, built_colour: usize) {
        let taken = wanted.min(self.supply[colour]);
        self.supply[colour] -= taken;
        if self.cfg.players == 3 && built_colour == YELLOW {
            self.aside[colour] += taken;
        } else {
            self.chips[usize::from(self.to_move)][colour] += taken;
        }
    }

    fn build(&mut self, kind: usize, colour: usize, cell: u16) {
        let shape = kind.min(YARD);
        let cells = match kind {
            2 => [cell, cell + 1],
            3 => [cell, cell + W as u16],
            _ => [cell, cell],
        };
        let n_cells = if kind >= 2 { 2 } else { 1 };
        let new = &cells[..n_cells];
        // Scoring: one chip per touched edifice, in the colour of the edifice touched. Only
        // colours next to the new cells can have a touched edifice.
        let mut touched = [0u8; 4];
        for e in &self.edifices[..usize::from(self.n_edifices)] {
            touched[usize::from(e.colour)] += u8::from(pairs_touch(cells, e.cells));
        }
        for (touched_colour, &n) in touched.iter().enumerate() {
            self.take_chips(touched_colour, n, colour);
        }
        for &c in new {
            self.occupy(c, Some(colour), shape);
        }
        self.left[colour][shape] -= 1;
        self.edifices[usize::from(self.n_edifices)] = Edifice {
            cells,
            n_cells: n_cells as u8,
            shape: shape as u8,
            colour: colour as u8,
            seat: self.to_move,
            touches_cathedral: pairs_touch(cells, [NAVE, CLOCK_TOWER]),
        };
        self.n_edifices += 1;
        // The first build touches only the cathedral: its builder chooses a chip instead.
        self.phase = if self.n_edifices == 1 {
            Phase::Chip
        } else {
            Phase::Cardinal
        };
    }

    /// The next seat clockwise that can build moves; seats that cannot are skipped. The game
    /// ends as soon as no seat can build.
    fn pass_turn(&mut self) {
        let n = self.players();
        for k in 1..=n {
            let seat = (usize::from(self.to_move) + k) % n;
            if self.can_build(seat) {
                self.to_move = seat as u8;
                self.phase = Phase::Build;
                return;
            }
        }
        self.phase = Phase::End;
        // Each seat takes the chips left of its own colours; the fourth colour's go aside.
        for colour in 0..4 {
            let left = std::mem::take(&mut self.supply[colour]);
            match colour_owner(self.cfg.players, colour) {
                Some(seat) => self.chips[seat][colour] += left,
                None => self.aside[colour] += left,
            }
        }
    }

    fn play(&mut self, mv: Move, action: Action) {
        match mv {
            Move::Build { kind, colour, cell } => self.build(kind, colour, cell),
            Move::Chip(colour) => {
                let built = usize::from(self.edifices[0].colour);
                self.take_chips(colour, 1, built);
                self.phase = Phase::Cardinal;
            }
            Move::Cardinal(cell) => {
                self.cardinal = Some(cell);
                self.pass_turn();
            }
            Move::Stay => self.pass_turn(),
        }
        self.history[usize::from(self.n_history)] = action;
        self.n_history += 1;
    }

    /// Chips plus the chips of the seat's largest colour (that colour counts double).
    pub fn score(&self, seat: usize) -> i32 {
        let chips = self.chips[seat].map(i32::from);
        chips.iter().sum::<i32>() + chips.iter().max().copied().unwrap_or(0)
    }
}

impl GameState for KardinalState {
    fn num_players(&self) -> usize {
        self.players()
    }

    fn current_player(&self) -> i32 {
        match self.phase {
            Phase::End => TERMINAL,
            _ => i32::from(self.to_move),
        }
    }

    fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        self.legal_rows(|first, mut m| {
            while m != 0 {
                out.push(first + m.trailing_zeros());
                m &= m - 1;
            }
            true
        });
        let mut extra = [0; 4];
        let n = self.extra_actions(&mut extra);
        out.extend_from_slice(&extra[..n]);
    }

    /// Counts the legal actions with one popcount per row and walks to the chosen one,
    /// without listing them: the random agent's hot path. The rows are kept from the
    /// counting pass when they fit in a small buffer, else generated again.
    fn choose_legal(&self, _buf: &mut Vec<Action>, pick: impl FnOnce(usize) -> usize) -> Action {
        const KEEP: usize = 48;
        // One slot more than kept: empty rows land in the next free slot without a branch
        // and are overwritten by the next row that holds actions.
        let mut firsts = [0 as Action; KEEP + 1];
        let mut masks = [0u128; KEEP + 1];
        let mut rows = 0;
        let mut extra = [0; 4];
        let n_extra = self.extra_actions(&mut extra);
        let mut count = n_extra;
        self.legal_rows(|first, m| {
            let slot = rows.min(KEEP);
            firsts[slot] = first;
            masks[slot] = m;
            rows += usize::from(m != 0);
            count += m.count_ones() as usize;
            true
        });
        let mut k = pick(count);
        let nth = |k: usize, m: u128| select(m, k as u32);
        if rows <= KEEP {
            for (&first, &m) in firsts[..rows].iter().zip(&masks[..rows]) {
                let ones = m.count_ones() as usize;
                if k < ones {
                    return first + nth(k, m);
                }
                k -= ones;
            }
        } else {
            let mut chosen = None;
            self.legal_rows(|first, m| {
                let ones = m.count_ones() as usize;
                if k < ones {
                    chosen = Some(first + nth(k, m));
                    return false;
                }
                k -= ones;
                true
            });
            if let Some(action) = chosen {
                return action;
            }
        }
        // Chips and `cardinal stay` come after every row action in id order.
        extra[k.min(3)]
    }

    fn apply_action(&mut self, action: Action) -> Result<(), Error> {
        let mv = decode(action)?;
        if let Some(why) = self.move_error(mv) {
            let text = self.action_to_string(action)?;
            return Err(illegal_action(action, text, why));
        }
        self.play(mv, action);
        Ok(())
    }

    fn apply_legal(&mut self, action: Action) {
        // Ids from legal_actions_into always decode.
        if let Ok(mv) = decode(action) {
            self.play(mv, action);
        }
    }

    fn action_to_string(&self, action: Action) -> Result<String, Error> {
        super::notation::action_to_string(action)
    }

    fn string_to_action(&self, text: &str) -> Result<Action, Error> {
        super::notation::string_to_action(text)
    }

    fn history(&self) -> &[Action] {
        &self.history[..usize::from(self.n_history)]
    }

    fn scores_into(&self, out: &mut [i32]) {
        for (seat, score) in out.iter_mut().enumerate().take(self.players()) {
            *score = self.score(seat);
        }
    }

    fn winners_mask(&self) -> u32 {
        if self.phase != Phase::End {
            return 0;
        }
        let n = self.players();
        let best = (0..n).map(|s| self.score(s)).max().unwrap_or(0);
        let cathedral = self.cathedral_counts();
        // Tie-break: more edifices built touching the cathedral; still tied, all win.
        let best_cathedral = (0..n)
            .filter(|&s| self.score(s) == best)
            .map(|s| cathedral[s])
            .max()
            .unwrap_or(0);
        (0..n)
            .filter(|&s| self.score(s) == best && cathedral[s] == best_cathedral)
            .fold(0, |m, s| m | 1 << s)
    }

    state_io_methods!();
}

#[cfg(test)]
mod tests {
    use super::super::KardinalGame;
    use super::*;

    #[test]
    fn select_finds_the_kth_set_bit() {
        let mut rng = SplitMix64::new(3);
        for _ in 0..2000 {
            let row =
                u128::from(rng.next()) << 64 | u128::from(rng.next()) & u128::from(rng.next());
            let ones: Vec<u32> = (0..128).filter(|&c| row >> c & 1 == 1).collect();
            for (k, &c) in ones.iter().enumerate() {
                assert_eq!(select(row, k as u32), c);
            }
        }
    }
    use crate::engine::Game;
    use crate::rng::SplitMix64;

    /// The facts `legal_width` rests on, in every decision of random games: the built cells
    /// are connected, the frontier holds at most 2 per built cell plus 2, a house has at most 3
    /// empty neighbours, a build decision offers at most 1 colour (4 players) or 2, and per
    /// colour houses and towers stand on distinct frontier cells (towers next to a house,
    /// houses not) and every yard has a cell next to a house with at most 3 ways to extend it;
    /// a cardinal decision lists at most the frontier. So no decision lists more than the width,
    /// with the packaged data or with fewer edifices.
    #[test]
    fn legal_actions_stay_within_the_frontier_bound() {
        let cells = |rows: &[u128; W]| -> Vec<u16> {
            (0..CELLS as u16)
                .filter(|&c| {
                    let (r, col) = row_col(c);
                    rows[r] >> col & 1 == 1
                })
                .collect()
        };
        let neighbours = |c: u16| [c - 1, c + 1, c - W as u16, c + W as u16];
        // The packaged data at length, and a few data files with fewer edifices.
        let runs = [
            ([2, 2, 2], 300),
            ([1, 1, 2], 60),
            ([2, 1, 0], 60),
            ([0, 2, 1], 60),
        ];
        for (players, (pieces, games)) in (2..=4).flat_map(|p| runs.map(|run| (p, run))) {
            let packaged = KardinalGame::new(players, None).unwrap();
            let cfg = Config {
                pieces,
                ..packaged.cfg
            };
            let game = KardinalGame { cfg, data: None };
            let width = game.max_legal_actions();
            let mut legal = Vec::new();
            for seed in 0..games {
                crate::testing::random_walk(&game, seed, |s| {
                    s.legal_actions_into(&mut legal);
                    assert!(legal.len() <= width, "{} > {width}\n{s}", legal.len());
                    let built = cells(&s.occ);
                    let empty = |c: u16| !s.built(c);
                    // Connected: a flood fill from the nave reaches every built cell.
                    let mut seen = vec![NAVE];
                    let mut k = 0;
                    while k < seen.len() {
                        for n in neighbours(seen[k]) {
                            if s.built(n) && !seen.contains(&n) {
                                seen.push(n);
                            }
                        }
                        k += 1;
                    }
                    assert_eq!(seen.len(), built.len(), "{s}");
                    let frontier: Vec<u16> = built
                        .iter()
                        .flat_map(|&c| neighbours(c))
                        .filter(|&c| empty(c))
                        .collect::<std::collections::BTreeSet<_>>()
                        .into_iter()
                        .collect();
                    assert!(frontier.len() <= 2 * built.len() + 2, "{s}");
                    // The houses from the list of edifices, not the engine's adjacency layers;
                    // each touches a built cell, so it has at most 3 empty neighbours.
                    let mut houses = vec![NAVE];
                    for e in s.edifices().iter().filter(|e| e.shape == 0) {
                        houses.push(e.cells[0]);
                    }
                    for &h in &houses {
                        assert!(neighbours(h).into_iter().any(|c| s.built(c)), "{s}");
                    }
                    let near_house = |c: u16| neighbours(c).iter().any(|n| houses.contains(n));
                    let by_house = frontier.iter().filter(|&&c| near_house(c)).count();
                    assert!(by_house <= 3 * houses.len(), "{s}");
                    // Per colour: house and tower cells, and yards.
                    let (mut singles, mut yards) = ([0; 4], [0; 4]);
                    let mut colours = 0u8;
                    for &a in &legal {
                        match decode(a).unwrap() {
                            Move::Build { kind, colour, cell } => {
                                colours |= 1 << colour;
                                if kind < 2 {
                                    assert!(frontier.contains(&cell), "{s}");
                                    assert_eq!(near_house(cell), kind == 1, "{s}");
                                    singles[colour] += 1;
                                } else {
                                    let other = if kind == 2 { cell + 1 } else { cell + W as u16 };
                                    assert!(near_house(cell) || near_house(other), "{s}");
                                    yards[colour] += 1;
                                }
                            }
                            Move::Cardinal(cell) => assert!(frontier.contains(&cell), "{s}"),
                            Move::Chip(_) | Move::Stay => {}
                        }
                    }
                    assert!(
                        colours.count_ones() <= if players == 4 { 1 } else { 2 },
                        "{s}"
                    );
                    for colour in 0..4 {
                        assert!(singles[colour] <= frontier.len(), "{s}");
                        assert!(yards[colour] <= 3 * by_house, "{s}");
                    }
                    if s.phase() == Phase::Cardinal {
                        assert!(legal.len() <= frontier.len(), "{s}");
                    }
                });
            }
        }
    }

    /// Two paths to legality agree: every id `build_rows` emits passes `build_error`, and every
    /// build id near the built area that `build_error` accepts is emitted.
    #[test]
    fn generator_agrees_with_rule_checks() {
        for players in 2..=4 {
            let game = KardinalGame::new(players, None).unwrap();
            for seed in 0..6 {
                let mut s = game.new_initial_state();
                let mut rng = SplitMix64::new(seed);
                let mut legal = Vec::new();
                while !s.is_terminal() {
                    s.legal_actions_into(&mut legal);
                    for a in 0..STAY + 1 {
                        let ok = decode(a)
                            .map(|m| s.move_error(m).is_none())
                            .unwrap_or(false);
                        assert_eq!(
                            ok,
                            legal.binary_search(&a).is_ok(),
                            "action {a} seed {seed}"
                        );
                    }
                    for (k, &a) in legal.iter().enumerate() {
                        assert_eq!(
                            s.choose_legal(&mut Vec::new(), |n| {
                                assert_eq!(n, legal.len());
                                k
                            }),
                            a
                        );
                    }
                    let a = legal[rng.below(legal.len() as u64) as usize];
                    s.apply_action(a).unwrap();
                }
            }
        }
    }
}
