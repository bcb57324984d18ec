//! Polyomino placement on a small grid, shared by any game that places tiles.
//!
//! A grid of `w × h ≤ 128` spaces is a `u128` bitboard, space `(x, y)` at bit `y*w + x`. A
//! piece's orientations are computed once (the 8 rotations and reflections, duplicates
//! removed, in a fixed order), each as a mask at the origin; a placement is that mask shifted
//! to an anchor, and it fits when it lies inside a mask of free spaces. Pieces may carry a
//! symbol per cell (printed on the tile), which turns with it.

/// One cell of a piece: column, row and a symbol (0 for none).
pub type Cell = (i32, i32, u8);

/// A grid of `w × h` spaces, at most 128.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    pub w: u8,
    pub h: u8,
}

impl Grid {
    pub const fn new(w: u8, h: u8) -> Self {
        assert!((w as usize) * (h as usize) <= 128);
        Self { w, h }
    }
    pub const fn size(self) -> usize {
        self.w as usize * self.h as usize
    }
    pub const fn all(self) -> u128 {
        if self.size() == 128 {
            u128::MAX
        } else {
            (1u128 << self.size()) - 1
        }
    }
    pub const fn space(self, x: usize, y: usize) -> usize {
        y * self.w as usize + x
    }
    /// The spaces orthogonally next to `mask` (and not in it), on the grid.
    pub fn neighbours(self, mask: u128) -> u128 {
        let w = u32::from(self.w);
        let mut first_col = 0u128;
        for y in 0..self.h as usize {
            first_col |= 1u128 << self.space(0, y);
        }
        let last_col = first_col << (w - 1);
        let around =
            ((mask & !last_col) << 1) | ((mask & !first_col) >> 1) | (mask << w) | (mask >> w);
        around & self.all() & !mask
    }
}

/// The distinct orientations of `cells`, in the order every engine uses: for k = 0..7,
/// k < 4 rotates k quarter turns clockwise (`(x, y) -> (-y, x)`), k ≥ 4 mirrors
/// (`(x, y) -> (-x, y)`) and then rotates k − 4 times; each result is shifted to start at
/// (0, 0) and sorted by `(y, x)`; the first occurrence of each cell list is kept.
pub fn orientations(cells: &[Cell]) -> Vec<Vec<Cell>> {
    let mut out: Vec<Vec<Cell>> = Vec::new();
    for k in 0..8 {
        let mut turned: Vec<Cell> = cells
            .iter()
            .map(|&(x0, y0, s)| {
                let (mut x, mut y) = if k >= 4 { (-x0, y0) } else { (x0, y0) };
                for _ in 0..k % 4 {
                    (x, y) = (-y, x);
                }
                (x, y, s)
            })
            .collect();
        let mx = turned.iter().map(|c| c.0).min().unwrap_or(0);
        let my = turned.iter().map(|c| c.1).min().unwrap_or(0);
        for c in &mut turned {
            c.0 -= mx;
            c.1 -= my;
        }
        turned.sort_by_key(|c| (c.1, c.0));
        if !out.contains(&turned) {
            out.push(turned);
        }
    }
    out
}

/// True when `cells` are orthogonally connected (and not empty).
pub fn connected(cells: &[(i32, i32)]) -> bool {
    let Some(&first) = cells.first() else {
        return false;
    };
    let mut seen = vec![first];
    let mut i = 0;
    while i < seen.len() {
        let (x, y) = seen[i];
        for n in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
            if cells.contains(&n) && !seen.contains(&n) {
                seen.push(n);
            }
        }
        i += 1;
    }
    seen.len() == cells.len()
}

/// One orientation of a piece on a grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orientation {
    pub cells: Vec<Cell>,
    /// Bounding box.
    pub w: u8,
    pub h: u8,
    /// The cells with the orientation anchored at space 0.
    pub mask: u128,
    /// Each cell's offset from the anchor (`y*w + x`).
    offsets: Vec<u8>,
    /// The anchors where the orientation stays on the grid.
    anchors: u128,
    /// For orientations of at most 6 cells with every offset below 64 (the common case),
    /// the offsets padded to 6 by repeating the first: a fixed-length loop without a
    /// data-dependent exit, and shifts that skip the upper-half case.
    short: Option<[u8; 6]>,
}

impl Orientation {
    /// The mask with the anchor at `(x, y)`, or `None` if the piece would leave the grid.
    pub fn at(&self, grid: Grid, x: usize, y: usize) -> Option<u128> {
        (x + self.w as usize <= grid.w as usize && y + self.h as usize <= grid.h as usize)
            .then(|| self.mask << grid.space(x, y))
    }

    /// Every anchor where the orientation lies inside `free`, as a bit set: the anchors on
    /// the grid whose every cell offset lands on a free space, one shift and AND per cell.
    #[inline]
    pub fn anchors_in(&self, free: u128) -> u128 {
        let mut m = self.anchors;
        if let Some(offs) = &self.short {
            // `& 63` tells the compiler the shift is below 64: two instructions, not five.
            for &off in offs {
                m &= free >> (off & 63);
            }
        } else {
            for &off in &self.offsets {
                m &= free >> off;
            }
        }
        m
    }

    /// The anchors inside `free` where some cell lands on `touch`.
    #[inline]
    pub fn anchors_touching(&self, free: u128, touch: u128) -> u128 {
        let mut near = 0u128;
        if let Some(offs) = &self.short {
            // As in `anchors_in`: a fixed-length loop (repeats are harmless under OR).
            for &off in offs {
                near |= touch >> (off & 63);
            }
        } else {
            for &off in &self.offsets {
                near |= touch >> off;
            }
        }
        self.anchors_in(free) & near
    }
}

/// A piece with its orientations precomputed for one grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    pub grid: Grid,
    pub orients: Vec<Orientation>,
}

impl Shape {
    /// `cells` must fit on the grid in every orientation.
    pub fn new(grid: Grid, cells: &[Cell]) -> Self {
        let orients: Vec<Orientation> = orientations(cells)
            .into_iter()
            .map(|cells| {
                let w = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
                let h = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
                let offsets: Vec<u8> = cells
                    .iter()
                    .map(|&(x, y, _)| grid.space(x as usize, y as usize) as u8)
                    .collect();
                let mask = offsets.iter().fold(0u128, |m, &o| m | 1u128 << o);
                let mut anchors = 0u128;
                for y in 0..=(grid.h as i32 - h) {
                    for x in 0..=(grid.w as i32 - w) {
                        anchors |= 1u128 << grid.space(x as usize, y as usize);
                    }
                }
                Orientation {
                    cells,
                    w: w as u8,
                    h: h as u8,
                    mask,
                    short: (offsets.len() <= 6 && offsets.iter().all(|&o| o < 64)).then(|| {
                        let mut p = [offsets[0]; 6];
                        p[..offsets.len()].copy_from_slice(&offsets);
                        p
                    }),
                    offsets,
                    anchors,
                }
            })
            .collect();
        Self { grid, orients }
    }

    /// The cells of orientation `o` anchored at `anchor`, if they stay on the grid.
    pub fn mask(&self, o: usize, anchor: usize) -> Option<u128> {
        let or = self.orients.get(o)?;
        let g = self.grid;
        or.at(g, anchor % g.w as usize, anchor / g.w as usize)
    }

    /// Calls `f(o, anchor, mask)` for every placement inside `free`, in ascending
    /// `(o, anchor)` order; stops early (and returns true) when `f` returns true.
    #[inline]
    pub fn any_placement(&self, free: u128, mut f: impl FnMut(usize, usize, u128) -> bool) -> bool {
        for (o, or) in self.orients.iter().enumerate() {
            let mut anchors = or.anchors_in(free);
            while anchors != 0 {
                let a = anchors.trailing_zeros() as usize;
                anchors &= anchors - 1;
                if f(o, a, or.mask << a) {
                    return true;
                }
            }
        }
        false
    }

    /// The number of placements inside `free`.
    #[inline]
    pub fn count(&self, free: u128) -> u32 {
        self.orients
            .iter()
            .map(|o| o.anchors_in(free).count_ones())
            .sum()
    }

    /// Whether the piece fits anywhere inside `free`.
    #[inline]
    pub fn fits(&self, free: u128) -> bool {
        self.orients.iter().any(|o| o.anchors_in(free) != 0)
    }

    /// The cells of the first placement inside `free` (lowest orientation, then lowest
    /// anchor), if the piece fits.
    #[inline]
    pub fn first_fit(&self, free: u128) -> Option<u128> {
        self.orients.iter().find_map(|o| {
            let anchors = o.anchors_in(free);
            (anchors != 0).then(|| o.mask << anchors.trailing_zeros())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(rows: &[&str]) -> Vec<Cell> {
        let mut v = Vec::new();
        for (y, r) in rows.iter().enumerate() {
            for (x, ch) in r.chars().enumerate() {
                if ch == '#' {
                    v.push((x as i32, y as i32, 0));
                }
            }
        }
        v
    }

    #[test]
    fn fixed_polyomino_counts() {
        // The number of distinct orientations of each free polyomino.
        for (rows, n) in [
            (&["#"][..], 1),
            (&["##"][..], 2),
            (&["###"][..], 2),
            (&["#.", "##"][..], 4),
            (&["##", "##"][..], 1),
            (&["###", ".#."][..], 4),
            (&[".##", "##."][..], 4),
            (&["#.", "#.", "##"][..], 8),
            (&[".#.", "###", ".#."][..], 1),
            (&["##", "##", "#."][..], 8),
        ] {
            assert_eq!(orientations(&piece(rows)).len(), n, "{rows:?}");
        }
    }

    #[test]
    fn first_orientation_is_the_piece_and_quarter_turn_is_clockwise() {
        let l = piece(&["#.", "#.", "##"]);
        let o = orientations(&l);
        assert_eq!(o[0], vec![(0, 0, 0), (0, 1, 0), (0, 2, 0), (1, 2, 0)]);
        // A quarter turn clockwise of the L:  ###
        //                                     #..
        assert_eq!(o[1], vec![(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)]);
    }

    #[test]
    fn symbols_turn_with_the_piece() {
        let cells = vec![(0, 0, 1), (1, 0, 0)];
        assert_eq!(orientations(&cells).len(), 4);
    }

    #[test]
    fn placements_stay_on_the_grid_and_in_the_free_mask() {
        let g = Grid::new(11, 11);
        let s = Shape::new(g, &piece(&["###"]));
        let mut n = 0;
        s.any_placement(g.all(), |_, _, _| {
            n += 1;
            false
        });
        assert_eq!(n, 2 * 9 * 11);
        let row = (0..11).fold(0u128, |m, x| m | 1 << g.space(x, 4));
        let mut seen = Vec::new();
        s.any_placement(row, |o, a, m| {
            assert_eq!(m & !row, 0);
            seen.push((o, a));
            false
        });
        assert_eq!(seen.len(), 9);
        assert!(seen.iter().all(|&(o, _)| o == 0));
    }

    #[test]
    fn neighbours_do_not_wrap() {
        let g = Grid::new(11, 11);
        let m = 1u128 << g.space(10, 3);
        let n = g.neighbours(m);
        assert_eq!(n.count_ones(), 3);
        assert_eq!(n & (1u128 << g.space(0, 4)), 0);
    }
}
