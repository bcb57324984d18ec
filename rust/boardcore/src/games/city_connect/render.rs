//! Text rendering and observations (docs/games/city_connect.md, "Observation", "Text
//! rendering").
// Symbols, kinds and seats index parallel fixed arrays; index loops read best here.
#![allow(clippy::needless_range_loop)]

use std::fmt;

use super::state::{CityState, Phase};
use super::{MAX_PLAYERS, SIDES, SYMBOLS};
use crate::bits::bits;
use crate::engine::{check_seat, observation_tensor_with, Error, GameState, ObservationSink};

pub fn observation_tensor(s: &CityState, player: usize, out: &mut [f32]) -> Result<(), Error> {
    let size = s.cfg.layout.observation_size();
    observation_tensor_with(s.players(), player, out, size, |o| {
        write_observation(s, player, o)
    })
}

observation_tokens_from_writer!(CityState);

/// Bit `i` set when `counts[i]` is not zero (at most 64 counts), eight counts at a time:
/// the writer visits only those, instead of testing every kind and card.
fn nonzero(counts: &[u8]) -> u64 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let mut mask = 0;
    let mut chunks = counts.chunks_exact(8);
    for (i, chunk) in chunks.by_ref().enumerate() {
        let x = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
        // The high bit of each byte: set when the byte is not zero.
        let high = (((x & LOW) + LOW) | x) & !LOW;
        // Gathers the eight high bits into the top byte, then into place.
        let byte = (high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        mask |= byte << (8 * i);
    }
    let done = counts.len() - chunks.remainder().len();
    for (i, &c) in chunks.remainder().iter().enumerate() {
        mask |= u64::from(c != 0) << (done + i);
    }
    mask
}

/// Per count `x`: `x / 3`, and `x` thirds summed one by one (as the dense tensor always
/// summed a card's copies in a city). Looked up, not divided: the writer makes a hundred of
/// them per observation.
struct Thirds {
    ratio: [f32; 256],
    sum: [f32; 256],
}

fn thirds() -> &'static Thirds {
    static TABLE: std::sync::OnceLock<Thirds> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Thirds {
            ratio: [0.0; 256],
            sum: [0.0; 256],
        };
        for x in 0..=u8::MAX {
            table.ratio[usize::from(x)] = f32::from(x) / 3.0;
            table.sum[usize::from(x)] = (0..x).map(|_| 1.0 / 3.0).sum();
        }
        table
    })
}

/// Sets the entries of the observation that may be nonzero, each once. Counts are visited
/// through the set bits of their nonzero masks, ascending, so entries are set in the order
/// of a loop over every index (the compact tokens keep that order).
fn write_observation<O: ObservationSink + ?Sized>(s: &CityState, player: usize, out: &mut O) {
    let d = &s.cfg.data;
    let (b, l) = (d.buildings, d.landmarks);
    let k = b + l;
    let n = s.players();
    let table = thirds();
    let third = |x: u8| table.ratio[usize::from(x)];
    let hand = &s.hands[player];
    let kinds = nonzero(&hand[..b]) | nonzero(&s.market[..b]) | nonzero(&s.discard[..b]);
    for kind in bits(kinds) {
        out.set(kind, third(hand[kind]));
        out.set(b + kind, third(s.market[kind]));
        out.set(2 * b + kind, third(s.discard[kind]));
    }
    for li in bits(s.row_mask & ((1u64 << l) - 1) as u32) {
        out.set(3 * b + li, 1.0);
    }
    let to_move = s.current_player();
    let kept = s.kept();
    for r in 0..n {
        let p = (player + r) % n;
        let base = 3 * b + l + r * (k + 8);
        // A third per copy of a card in the city, set once per distinct card, in city order.
        let mut seen = 0u64;
        for &c in s.city(p) {
            if seen & (1 << c) == 0 {
                seen |= 1 << c;
                out.set(
                    base + usize::from(c),
                    table.sum[usize::from(s.city_counts[p][usize::from(c)])],
                );
            }
        }
        let demand = &kept.demands[p];
        out.set(base + k, f32::from(s.cfg.sides[p]));
        out.set(base + k + 1, f32::from(s.hand_size[p]) / 6.0);
        out.set(base + k + 2, f32::from(s.city_len[p]) / 10.0);
        out.set(base + k + 3, demand[0] as f32 / 10.0);
        out.set(base + k + 4, demand[1] as f32 / 10.0);
        out.set(base + k + 5, f32::from(u8::from(s.pioneer == p as i8)));
        out.set(base + k + 6, kept.scores[p] as f32 / 100.0);
        out.set(base + k + 7, f32::from(u8::from(to_move == p as i32)));
    }
    let g = 3 * b + l + 4 * (k + 8);
    out.set(g, f32::from(s.pile_size) / f32::from(d.total_buildings()));
    out.set(g + 1, f32::from(u8::from(s.stage == 2)));
    out.set(g + 2 + s.phase.index(), 1.0);
    out.set(g + 15, f32::from(u8::from(s.acted)));
    out.set(g + 16, f32::from(u8::from(s.mayor_used)));
    out.set(g + 17, f32::from(s.taken) / 3.0);
    out.set(g + 18, f32::from(s.todo) / 10.0);
    let mut i = g + 19;
    if s.pay.card >= 0 {
        out.set(i + s.pay.card as usize, 1.0);
    }
    i += k;
    for sym in 0..5 {
        out.set(i + sym, f32::from(s.pay.owed[sym]) / 8.0);
    }
    out.set(i + 5, f32::from(s.pay.credit) / 8.0);
    i += 6;
    for c in bits(nonzero(&s.pay.city[..=k])) {
        out.set(i + c, third(s.pay.city[c]));
    }
    i += k + 1;
    for kind in bits(nonzero(&s.pay.hand[..b])) {
        out.set(i + kind, third(s.pay.hand[kind]));
    }
    i += b;
    for c in bits(nonzero(&s.gears[..=k])) {
        out.set(i + c, third(s.gears[c]));
    }
}

fn kinds(s: &CityState, counts: &[u8]) -> Vec<String> {
    let d = &s.cfg.data;
    let mut out = Vec::new();
    for (c, &count) in counts.iter().enumerate() {
        for _ in 0..count {
            out.push(d.slug(c).to_string());
        }
    }
    out
}

fn joined_or(items: Vec<String>, none: &str) -> String {
    if items.is_empty() {
        none.to_string()
    } else {
        items.join(" ")
    }
}

/// The rendering's first line: the turn, the phase and who acts (also quoted by the
/// illegal-action messages).
pub(super) fn status(s: &CityState) -> String {
    let d = &s.cfg.data;
    let n = s.players();
    let seat = s.seat;
    let t = s.turn;
    let slug_of = |c: i16| d.slug(c as usize).to_string();
    match s.phase {
        Phase::Setup if s.market_size < d.market && s.pile_size > 0 => {
            "setup: filling the market".to_string()
        }
        Phase::Setup => "setup: turning over a landmark".to_string(),
        Phase::Main => format!("turn {t}: seat {seat} to play"),
        Phase::Take => format!("turn {t}: seat {seat} to take from the market"),
        Phase::Draw => format!("turn {t}: drawing for seat {seat}"),
        Phase::Pay => format!("turn {t}: seat {seat} to pay for {}", slug_of(s.pay.card)),
        Phase::Bonus => format!("turn {t}: seat {seat} to take a bonus card"),
        Phase::Exchange => format!("turn {t}: seat {seat} to exchange a card"),
        Phase::After => format!("turn {t}: seat {seat} to use a gear or end"),
        Phase::Discard => format!("turn {t}: seat {seat} to discard"),
        Phase::Clear => format!("turn {t}: seat {seat} to clear the market"),
        Phase::Refill => format!("turn {t}: refilling the market"),
        Phase::Flip => format!("turn {t}: seat {seat} turns over cards"),
        Phase::End => {
            if n == 1 {
                let mut score = [0i32; 1];
                s.compute_scores(&mut score);
                format!(
                    "game over after turn {t}: {} VP, {}-class mayor",
                    score[0],
                    d.rating(score[0]).1
                )
            } else {
                let w = s.winners_mask();
                let seats: Vec<String> = (0..n)
                    .filter(|&p| w & (1 << p) != 0)
                    .map(|p| p.to_string())
                    .collect();
                format!(
                    "game over after turn {t}: winners {}",
                    joined_or(seats, "none")
                )
            }
        }
    }
}

/// The rendering; `observer` hides the other seats' hands.
fn render(s: &CityState, observer: Option<usize>) -> String {
    let d = &s.cfg.data;
    let b = d.buildings;
    let n = s.players();
    let mut lines = vec![status(s)];
    let row: Vec<String> = s.row[..usize::from(s.row_len)]
        .iter()
        .map(|&l| d.slug(b + usize::from(l)).to_string())
        .collect();
    lines.push(format!("landmarks: {}", joined_or(row, "none")));
    lines.push(format!(
        "market: {}",
        joined_or(kinds(s, &s.market[..b]), "empty")
    ));
    lines.push(format!(
        "pile: {} cards, stage {}; discard: {}",
        s.pile_size,
        s.stage,
        joined_or(kinds(s, &s.discard[..b]), "empty")
    ));
    lines.push(if s.pioneer >= 0 {
        format!("pioneer: seat {}", s.pioneer)
    } else {
        "pioneer: none".to_string()
    });
    let mut scores = [0i32; MAX_PLAYERS];
    s.compute_scores(&mut scores[..n]);
    for p in 0..n {
        let hand = if observer.is_some_and(|o| o != p) {
            format!("hand size {}", s.hand_size[p])
        } else {
            format!("hand {}", joined_or(kinds(s, &s.hands[p][..b]), "-"))
        };
        let city: Vec<String> = s
            .city(p)
            .iter()
            .map(|&c| d.slug(usize::from(c)).to_string())
            .collect();
        lines.push(format!(
            "seat {p} ({}): score {}, built {}, {hand}, city {}",
            SIDES[usize::from(s.cfg.sides[p])],
            scores[p],
            s.city_len[p],
            joined_or(city, "-")
        ));
    }
    if s.pay.card >= 0 {
        let source = ["hand", "market", "landmarks"][s.pay.source as usize];
        let owed: Vec<String> = (0..5)
            .filter(|&i| s.pay.owed[i] > 0)
            .map(|i| format!("{} {}", SYMBOLS[i], s.pay.owed[i]))
            .collect();
        let owes = if owed.is_empty() {
            "owes nothing".to_string()
        } else {
            format!("owes {}", owed.join(" "))
        };
        lines.push(format!(
            "payment: {} from {source}, {owes}, credit {}, hand {}, city {}",
            d.slug(s.pay.card as usize),
            s.pay.credit,
            joined_or(kinds(s, &s.pay.hand[..b]), "-"),
            joined_or(kinds(s, &s.pay.city[..d.city_cards()]), "-")
        ));
    }
    let mut used = kinds(s, &s.gears[..d.city_cards()]);
    if s.mayor_used {
        used.push("mayor".to_string());
    }
    if !used.is_empty() {
        lines.push(format!("used: {}", used.join(" ")));
    }
    lines.join("\n")
}

pub fn observation_string(s: &CityState, player: usize) -> Result<String, Error> {
    check_seat(player, s.players())?;
    Ok(format!(
        "{}\nobserver: seat {player}",
        render(s, Some(player))
    ))
}

impl fmt::Display for CityState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&render(self, None))
    }
}

#[cfg(test)]
mod tests {
    use super::nonzero;
    use crate::rng::SplitMix64;

    /// The word-at-a-time mask is the plain test of each count, whatever the bytes (high
    /// bits set included) and lengths (a remainder past the last eight).
    #[test]
    fn nonzero_marks_exactly_the_nonzero_counts() {
        let mut rng = SplitMix64::new(5);
        for len in [0, 1, 7, 8, 9, 27, 32, 36, 48, 64] {
            for _ in 0..200 {
                let counts: Vec<u8> = (0..len)
                    .map(|_| match rng.below(4) {
                        0 | 1 => 0,
                        2 => 1 + rng.below(3) as u8,
                        _ => rng.below(256) as u8,
                    })
                    .collect();
                let plain = counts
                    .iter()
                    .enumerate()
                    .fold(0u64, |m, (i, &c)| m | u64::from(c != 0) << i);
                assert_eq!(nonzero(&counts), plain, "{counts:?}");
            }
        }
    }
}
