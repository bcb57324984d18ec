//! What people and agents see: the text drawing (`Display`) and the observation tensor.

use std::fmt;

use super::state::{colour_owner, row_col, xy, KardinalState, Phase};
use super::{CELLS, COLOURS, OBSERVATION_SIZE, SHAPES, W};
use crate::engine::{check_seat, observation_tensor_with, Error, GameState, ObservationSink};

const SHAPE_LETTERS: [char; 3] = ['H', 'T', 'Y'];

/// `H2 T2 Y2`: the edifices of a colour not yet built.
fn left(s: &KardinalState, colour: usize) -> String {
    let l = s.left[colour];
    format!("H{} T{} Y{}", l[0], l[1], l[2])
}

impl fmt::Display for KardinalState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let nave = super::state::NAVE;
        let mut cells: Vec<(u16, String)> = vec![(nave, "cH".into()), (nave + 1, "cT".into())];
        for e in self.edifices() {
            let colour = COLOURS[usize::from(e.colour)].chars().next().unwrap_or('?');
            let token = format!("{colour}{}", SHAPE_LETTERS[usize::from(e.shape)]);
            cells.extend(e.cells().iter().map(|&c| (c, token.clone())));
        }
        if let Some(k) = self.cardinal {
            cells.push((k, "KK".into()));
        }
        let xs = cells.iter().map(|&(c, _)| xy(c).0);
        let ys = cells.iter().map(|&(c, _)| xy(c).1);
        let (x0, x1) = (xs.clone().min().unwrap_or(0) - 1, xs.max().unwrap_or(0) + 1);
        let (y0, y1) = (ys.clone().min().unwrap_or(0) - 1, ys.max().unwrap_or(0) + 1);
        // Columns are as wide as their widest label (-10 needs three characters).
        let width = (x0..=x1)
            .map(|x| x.to_string().len())
            .max()
            .unwrap_or(2)
            .max(2);
        let header: Vec<String> = (x0..=x1).map(|x| format!("{x:>width$}")).collect();
        writeln!(f, "    {}", header.join(" "))?;
        for y in (y0..=y1).rev() {
            let row: Vec<String> = (x0..=x1)
                .map(|x| {
                    let token = cells
                        .iter()
                        .find(|&&(c, _)| xy(c) == (x, y))
                        .map_or(" .", |(_, t)| t.as_str());
                    format!("{token:>width$}")
                })
                .collect();
            writeln!(f, "{y:>3} {}", row.join(" "))?;
        }
        for seat in 0..self.players() {
            let chips = self.chips[seat];
            let owned: Vec<String> = (0..4)
                .filter(|&c| colour_owner(self.cfg.players, c) == Some(seat))
                .map(|c| format!("{} {}", COLOURS[c], left(self, c)))
                .collect();
            writeln!(
                f,
                "seat {seat}: chips r{} g{} b{} y{}, score {}, left {}",
                chips[0],
                chips[1],
                chips[2],
                chips[3],
                self.score(seat),
                owned.join(", ")
            )?;
        }
        let s = self.supply;
        write!(f, "supply r{} g{} b{} y{}", s[0], s[1], s[2], s[3])?;
        if self.players() == 3 {
            write!(f, "; shared yellow {}", left(self, 3))?;
        }
        match self.previous() {
            Some((shape, colour)) => {
                writeln!(f, "; previous {} {}", COLOURS[colour], SHAPES[shape])?
            }
            None => writeln!(f, "; previous none")?,
        }
        let seat = self.to_move;
        match self.phase {
            Phase::Build => write!(f, "seat {seat} to build"),
            Phase::Chip => write!(f, "seat {seat} to choose a chip"),
            Phase::Cardinal => write!(f, "seat {seat} to move the cardinal"),
            Phase::End => {
                let mask = self.winners_mask();
                let winners: Vec<String> = (0..self.players())
                    .filter(|s| mask >> s & 1 == 1)
                    .map(|s| s.to_string())
                    .collect();
                write!(f, "game over: winners {}", winners.join(" "))
            }
        }
    }
}

pub fn observation_string(s: &KardinalState, player: usize) -> Result<String, Error> {
    check_seat(player, s.players())?;
    Ok(format!("{s}\nobserver: seat {player}"))
}

/// Layout in docs/games/kardinal.md, "Observation tensor".
pub fn observation_tensor(s: &KardinalState, player: usize, out: &mut [f32]) -> Result<(), Error> {
    observation_tensor_with(s.players(), player, out, OBSERVATION_SIZE, |o| {
        write_observation(s, player, o)
    })
}

observation_tokens_from_writer!(KardinalState);

/// Sets the entries of the observation that may be nonzero, each once.
fn write_observation<O: ObservationSink + ?Sized>(s: &KardinalState, player: usize, out: &mut O) {
    let nave = super::state::NAVE;
    for (cell, shape_plane) in [(nave, 4), (nave + 1, 5)] {
        out.set(shape_plane * CELLS + usize::from(cell), 1.0);
        out.set(7 * CELLS + usize::from(cell), 1.0);
    }
    for e in s.edifices() {
        for &c in e.cells() {
            out.set(usize::from(e.colour) * CELLS + usize::from(c), 1.0);
            out.set((4 + usize::from(e.shape)) * CELLS + usize::from(c), 1.0);
        }
    }
    if let Some(k) = s.cardinal {
        let (r, c) = row_col(k);
        out.set(8 * CELLS + r * W + c, 1.0);
    }
    let mut i = 9 * CELLS;
    let mut push = |v: f32| {
        out.set(i, v);
        i += 1;
    };
    s.supply.iter().for_each(|&v| push(f32::from(v)));
    s.left.iter().flatten().for_each(|&v| push(f32::from(v)));
    let n = s.players();
    for k in 0..4 {
        let chips = if k < n {
            s.chips[(player + k) % n]
        } else {
            [0; 4]
        };
        chips.iter().for_each(|&v| push(f32::from(v)));
    }
    let previous = s.previous();
    for shape in 0..3 {
        push(f32::from(u8::from(
            previous.is_some_and(|(p, _)| p == shape),
        )));
    }
    for colour in 0..4 {
        push(f32::from(u8::from(
            previous.is_some_and(|(_, c)| c == colour),
        )));
    }
    for phase in [Phase::Build, Phase::Chip, Phase::Cardinal] {
        push(f32::from(u8::from(s.phase == phase)));
    }
    let to_move = (s.phase != Phase::End).then(|| (usize::from(s.to_move) + n - player) % n);
    for k in 0..4 {
        push(f32::from(u8::from(to_move == Some(k))));
    }
}
