//! The city's geometry (docs/games/chandigarh.md, "Geometry"), computed once per game from
//! the sector cells: slots, junctions and their steps, sections, the perimeter, streets,
//! and the sector groups of the line, cross and diagonal patterns.
// Sectors, sides and junctions index parallel fixed tables; index loops read best here.
#![allow(clippy::needless_range_loop)]

use super::data::{Data, SECTORS};

pub const SLOTS: usize = 192;
pub const SIDE_IDS: usize = 64;
pub const JUNCTIONS: usize = 49;
pub const NONE: u8 = u8::MAX;
/// The most plots next to a junction: two per side ending there, of up to four sectors.
pub const ADJ_PLOTS: usize = 16;

/// Junction id of grid point `(x, y)`, `x, y` in -1..5.
pub fn junction(x: i32, y: i32) -> u8 {
    ((y + 1) * 7 + (x + 1)) as u8
}

/// Grid point of a junction id.
pub fn point(j: u8) -> (i32, i32) {
    (i32::from(j % 7) - 1, i32::from(j / 7) - 1)
}

pub const CENTRAL: u8 = 24; // junction(2, 2)

/// A set of slots, as 192 bits; iterating gives ascending slot ids (the move generator
/// lists builds in id order without sorting).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Slots(pub [u64; 3]);

impl Slots {
    pub fn insert(&mut self, slot: u8) {
        self.0[usize::from(slot / 64)] |= 1 << (slot % 64);
    }
    pub fn remove(&mut self, slot: u8) {
        self.0[usize::from(slot / 64)] &= !(1 << (slot % 64));
    }
    pub fn and(self, o: Slots) -> Slots {
        Slots([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2]])
    }
    pub fn and_not(self, o: Slots) -> Slots {
        Slots([
            self.0[0] & !o.0[0],
            self.0[1] & !o.0[1],
            self.0[2] & !o.0[2],
        ])
    }
    pub fn or(self, o: Slots) -> Slots {
        Slots([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2]])
    }
    pub fn is_empty(self) -> bool {
        self.0 == [0; 3]
    }
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0..3).flat_map(move |w| {
            let mut m = self.0[w];
            std::iter::from_fn(move || {
                if m == 0 {
                    None
                } else {
                    let i = m.trailing_zeros();
                    m &= m - 1;
                    Some((w * 64) as u8 + i as u8)
                }
            })
        })
    }
}

fn slots_of(list: &[u8]) -> Slots {
    let mut out = Slots::default();
    for &s in list {
        out.insert(s);
    }
    out
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geom {
    /// Cell `(col, row)` of each sector tile.
    pub cell: [(i8, i8); SECTORS],
    /// Plots per side id (`4t + side`).
    pub plots: [u8; SIDE_IDS],
    /// Whether a slot exists (plots, and the centres of plotless sides).
    pub slot_exists: [bool; SLOTS],
    /// Per sector, its plot slots in slot order.
    pub sector_plots: [Vec<u8>; SECTORS],
    /// Printed buildings `(slot, colour)`.
    pub printed: Vec<(u8, u8)>,
    /// Per junction, whether it exists, and its neighbour per direction (or `NONE`).
    pub junction_exists: [bool; JUNCTIONS],
    pub step: [[u8; 4]; JUNCTIONS],
    /// Per junction, the same as bits: its directions with a neighbour (`1 << d`), and its
    /// neighbours (junction bits), so that a step check with no architect near is two ANDs.
    pub step_dirs: [u8; JUNCTIONS],
    pub step_near: [u64; JUNCTIONS],
    /// Per direction d, the junctions with a step that way (junction bits): the step from
    /// `j` goes to `j - 7`, `j + 1`, `j + 7` or `j - 1` for n, e, s, w.
    pub step_dir_bits: [u64; 4],
    /// Per junction: adjacent plot slots, adjacent centre slots, adjacent sectors.
    pub adj_plots: Vec<Vec<u8>>,
    pub adj_centres: Vec<Vec<u8>>,
    pub adj_sectors: Vec<Vec<u8>>,
    pub perimeter_junction: [bool; JUNCTIONS],
    /// Per side id: whether its section is on the perimeter; the facing side id or `NONE`.
    pub perimeter_side: [bool; SIDE_IDS],
    pub facing: [u8; SIDE_IDS],
    pub perimeter_sector: [bool; SECTORS],
    /// Per street (0..6) and the perimeter (6): the sectors adjacent to it.
    pub street_sectors: [Vec<u8>; 7],
    /// Sector groups per pattern: line3, line2, cross, diagonal.
    pub line3: Vec<Vec<u8>>,
    pub line2: Vec<Vec<u8>>,
    pub cross: Vec<Vec<u8>>,
    pub diagonal: Vec<Vec<u8>>,
    /// Per junction, the sectors having it as a corner, as a 16-bit mask.
    pub corner_mask: [u16; JUNCTIONS],
    /// The same sets as bits: per junction its adjacent plots and centres, per sector its
    /// plots, per junction the plots of its adjacent sectors.
    pub adj_plot_bits: Vec<Slots>,
    /// Per junction, its adjacent plots ascending, padded with slot 0 to a fixed length
    /// (the move generator's branch-free loop), and how many there are.
    pub adj_plot_list: [[u8; ADJ_PLOTS]; JUNCTIONS],
    pub adj_plot_len: [u8; JUNCTIONS],
    /// Per slot, the junctions whose `adj_plot_list` holds it (a plot's side has two ends)
    /// and its bit there; `(0, 0)` for a slot that is not a plot. The state keeps each
    /// junction's vacant plots as such bits, updated by these on every build.
    pub plot_junctions: [[(u8, u16); 2]; SLOTS],
    pub adj_centre_bits: Vec<Slots>,
    pub sector_plot_bits: [Slots; SECTORS],
    pub corner_plot_bits: Vec<Slots>,
    /// The sector groups of line3, line2, cross and diagonal as 16-bit masks.
    pub group_masks: [Vec<u16>; 4],
    /// As junction bits: the perimeter junctions, and per sector its four corners.
    pub perimeter_junction_bits: u64,
    pub sector_corner_bits: [u64; SECTORS],
    /// The side ids facing each other (`(x, y)`, `y < x`).
    pub across_pairs: Vec<(u8, u8)>,
    /// The slots of the perimeter's sides and of each street's sides, as bits: those
    /// patterns count one colour's buildings there, a popcount.
    pub perimeter_slot_bits: Slots,
    pub street_slot_bits: [Slots; 6],
}

/// The two ends of side `side` of cell `(c, r)`.
pub fn side_ends(c: i32, r: i32, side: usize) -> (u8, u8) {
    match side {
        0 => (junction(c, r), junction(c + 1, r)),
        1 => (junction(c + 1, r), junction(c + 1, r + 1)),
        2 => (junction(c, r + 1), junction(c + 1, r + 1)),
        _ => (junction(c, r), junction(c, r + 1)),
    }
}

const DELTA: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

impl Geom {
    /// `players` picks the tiles' side (brown for 2-3, blue for 4); `variant` moves corners.
    pub fn new(data: &Data, players: usize, variant: &[(usize, i8, i8)]) -> Self {
        let face = usize::from(players == 4);
        let mut cell = [(0i8, 0i8); SECTORS];
        for t in 0..SECTORS {
            cell[t] = ((t % 4) as i8, (t / 4) as i8);
        }
        for &(t, c, r) in variant {
            cell[t] = (c, r);
        }
        let at = |c: i32, r: i32| -> Option<usize> {
            (0..SECTORS).find(|&t| (i32::from(cell[t].0), i32::from(cell[t].1)) == (c, r))
        };
        let mut plots = [0u8; SIDE_IDS];
        let mut slot_exists = [false; SLOTS];
        let mut sector_plots: [Vec<u8>; SECTORS] = Default::default();
        let mut printed = Vec::new();
        for t in 0..SECTORS {
            let sec = &data.sectors[t];
            for side in 0..4 {
                let id = 4 * t + side;
                let n = sec.plots[face][side];
                plots[id] = n;
                for k in 0..usize::from(n) {
                    slot_exists[id * 3 + k] = true;
                    sector_plots[t].push((id * 3 + k) as u8);
                }
                if n == 0 {
                    slot_exists[id * 3 + 2] = true;
                }
            }
            for &(c, side, k) in &sec.printed[face] {
                printed.push((((4 * t + usize::from(side)) * 3 + usize::from(k)) as u8, c));
            }
        }
        printed.sort_unstable();
        let mut junction_exists = [false; JUNCTIONS];
        let mut step = [[NONE; 4]; JUNCTIONS];
        let mut adj_plots = vec![Vec::new(); JUNCTIONS];
        let mut adj_centres = vec![Vec::new(); JUNCTIONS];
        let mut adj_sectors = vec![Vec::new(); JUNCTIONS];
        let mut perimeter_junction = [false; JUNCTIONS];
        let mut perimeter_side = [false; SIDE_IDS];
        let mut facing = [NONE; SIDE_IDS];
        let mut perimeter_sector = [false; SECTORS];
        let mut corner_mask = [0u16; JUNCTIONS];
        for t in 0..SECTORS {
            let (c, r) = (i32::from(cell[t].0), i32::from(cell[t].1));
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                let j = usize::from(junction(c + dx, r + dy));
                junction_exists[j] = true;
                adj_sectors[j].push(t as u8);
                corner_mask[j] |= 1 << t;
            }
            for side in 0..4 {
                let id = 4 * t + side;
                let (a, b) = side_ends(c, r, side);
                // The direction from a to b: east for n/s sides, south for e/w sides.
                let d = if side % 2 == 0 { 1 } else { 2 };
                step[usize::from(a)][d] = b;
                step[usize::from(b)][(d + 2) % 4] = a;
                let (dc, dr) = DELTA[side];
                match at(c + dc, r + dr) {
                    Some(u) => facing[id] = (4 * u + (side + 2) % 4) as u8,
                    None => {
                        perimeter_side[id] = true;
                        perimeter_sector[t] = true;
                        perimeter_junction[usize::from(a)] = true;
                        perimeter_junction[usize::from(b)] = true;
                    }
                }
                for j in [a, b] {
                    let j = usize::from(j);
                    for k in 0..3 {
                        let slot = (id * 3 + k) as u8;
                        if slot_exists[usize::from(slot)] {
                            if k < 2 {
                                adj_plots[j].push(slot);
                            } else {
                                adj_centres[j].push(slot);
                            }
                        }
                    }
                }
            }
        }
        for list in adj_plots
            .iter_mut()
            .chain(adj_centres.iter_mut())
            .chain(adj_sectors.iter_mut())
        {
            list.sort_unstable();
        }
        let mut street_sectors: [Vec<u8>; 7] = Default::default();
        let mut street_sides: [Vec<u8>; 6] = Default::default();
        for k in 0..3i32 {
            let line = k + 1;
            for t in 0..SECTORS {
                let (c, r) = (i32::from(cell[t].0), i32::from(cell[t].1));
                // Vertical street x = line: e side of column line-1, w side of column line.
                if c == line - 1 {
                    street_sides[k as usize].push((4 * t + 1) as u8);
                }
                if c == line {
                    street_sides[k as usize].push((4 * t + 3) as u8);
                }
                if r == line - 1 {
                    street_sides[k as usize + 3].push((4 * t + 2) as u8);
                }
                if r == line {
                    street_sides[k as usize + 3].push((4 * t) as u8);
                }
            }
        }
        for s in 0..6 {
            street_sides[s].sort_unstable();
            let mut secs: Vec<u8> = street_sides[s].iter().map(|&id| id / 4).collect();
            secs.sort_unstable();
            secs.dedup();
            street_sectors[s] = secs;
        }
        street_sectors[6] = (0..SECTORS as u8)
            .filter(|&t| perimeter_sector[usize::from(t)])
            .collect();
        let group = |deltas: &[(i32, i32)]| -> Vec<Vec<u8>> {
            // Every placement of the cell offsets `deltas` (from a base cell) that lands on
            // sectors; duplicates (the same set) removed.
            let mut out: Vec<Vec<u8>> = Vec::new();
            for c in -2..7 {
                for r in -2..7 {
                    let cells: Option<Vec<u8>> = deltas
                        .iter()
                        .map(|&(dc, dr)| at(c + dc, r + dr).map(|t| t as u8))
                        .collect();
                    if let Some(mut cells) = cells {
                        cells.sort_unstable();
                        if !out.contains(&cells) {
                            out.push(cells);
                        }
                    }
                }
            }
            out.sort();
            out
        };
        let mut line3 = group(&[(0, 0), (1, 0), (2, 0)]);
        line3.extend(group(&[(0, 0), (0, 1), (0, 2)]));
        let mut line2 = group(&[(0, 0), (1, 0)]);
        line2.extend(group(&[(0, 0), (0, 1)]));
        // The cross needs a sector in the middle too.
        let cross: Vec<Vec<u8>> = (-1..6)
            .flat_map(|c| (-1..6).map(move |r| (c, r)))
            .filter(|&(c, r)| at(c, r).is_some())
            .filter_map(|(c, r)| {
                let cells: Option<Vec<u8>> = DELTA
                    .iter()
                    .map(|&(dc, dr)| at(c + dc, r + dr).map(|t| t as u8))
                    .collect();
                cells.map(|mut v| {
                    v.sort_unstable();
                    v
                })
            })
            .collect();
        let mut diagonal = group(&[(0, 0), (1, 1), (2, 2)]);
        diagonal.extend(group(&[(2, 0), (1, 1), (0, 2)]));
        let adj_plot_bits: Vec<Slots> = adj_plots.iter().map(|l| slots_of(l)).collect();
        let adj_centre_bits: Vec<Slots> = adj_centres.iter().map(|l| slots_of(l)).collect();
        let sector_plot_bits: [Slots; SECTORS] =
            std::array::from_fn(|t| slots_of(&sector_plots[t]));
        let corner_plot_bits: Vec<Slots> = adj_sectors
            .iter()
            .map(|secs| {
                secs.iter().fold(Slots::default(), |m, &t| {
                    m.or(sector_plot_bits[usize::from(t)])
                })
            })
            .collect();
        let group_masks = [&line3, &line2, &cross, &diagonal].map(|groups| {
            groups
                .iter()
                .map(|g| super::pattern::group_mask(g))
                .collect()
        });
        let perimeter_junction_bits = (0..JUNCTIONS)
            .filter(|&j| perimeter_junction[j])
            .fold(0u64, |m, j| m | 1 << j);
        let sector_corner_bits = std::array::from_fn(|t| {
            (0..JUNCTIONS)
                .filter(|&j| corner_mask[j] & (1 << t) != 0)
                .fold(0u64, |m, j| m | 1 << j)
        });
        let across_pairs = (0..SIDE_IDS)
            .filter(|&x| usize::from(facing[x]) < x)
            .map(|x| (x as u8, facing[x]))
            .collect();
        let perimeter_sides: Vec<u8> = (0..SIDE_IDS as u8)
            .filter(|&x| perimeter_side[usize::from(x)])
            .collect();
        let side_slots = |sides: &[u8]| {
            let mut m = Slots::default();
            for &x in sides {
                for k in 0..3 {
                    m.insert(3 * x + k);
                }
            }
            m
        };
        let perimeter_slot_bits = side_slots(&perimeter_sides);
        let street_slot_bits: [Slots; 6] = std::array::from_fn(|k| side_slots(&street_sides[k]));
        let step_dirs = step.map(|to| (0..4).filter(|&d| to[d] != NONE).fold(0, |m, d| m | 1 << d));
        let step_near = step.map(|to| {
            to.iter()
                .filter(|&&j| j != NONE)
                .fold(0u64, |m, &j| m | 1 << j)
        });
        let step_dir_bits: [u64; 4] = std::array::from_fn(|d| {
            (0..JUNCTIONS)
                .filter(|&j| step[j][d] != NONE)
                .fold(0, |m, j| m | 1 << j)
        });
        let mut adj_plot_list = [[0u8; ADJ_PLOTS]; JUNCTIONS];
        let mut adj_plot_len = [0u8; JUNCTIONS];
        for (j, bits) in adj_plot_bits.iter().enumerate() {
            for (i, slot) in bits.iter().enumerate() {
                adj_plot_list[j][i] = slot;
                adj_plot_len[j] = i as u8 + 1;
            }
        }
        let mut plot_junctions = [[(0u8, 0u16); 2]; SLOTS];
        let mut found = [0usize; SLOTS];
        for j in 0..JUNCTIONS {
            for i in 0..usize::from(adj_plot_len[j]) {
                let slot = usize::from(adj_plot_list[j][i]);
                plot_junctions[slot][found[slot]] = (j as u8, 1 << i);
                found[slot] += 1;
            }
        }
        Geom {
            adj_plot_list,
            adj_plot_len,
            plot_junctions,
            step_dirs,
            step_near,
            step_dir_bits,
            across_pairs,
            perimeter_slot_bits,
            street_slot_bits,
            perimeter_junction_bits,
            sector_corner_bits,
            group_masks,
            adj_plot_bits,
            adj_centre_bits,
            sector_plot_bits,
            corner_plot_bits,
            cell,
            plots,
            slot_exists,
            sector_plots,
            printed,
            junction_exists,
            step,
            adj_plots,
            adj_centres,
            adj_sectors,
            perimeter_junction,
            perimeter_side,
            facing,
            perimeter_sector,
            street_sectors,
            line3,
            line2,
            cross,
            diagonal,
            corner_mask,
        }
    }
}
