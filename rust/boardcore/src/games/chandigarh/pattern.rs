//! The pattern-matching kernel (docs/games/chandigarh.md, "Patterns"): the largest number
//! of instances of a card's pattern in the city that share no building, found exactly.
//!
//! The two-building patterns (`opposite`, `across`) split into independent pairs of sides,
//! each with a closed form. The sector patterns (`line3`, `line2`, `cross`, `diagonal`)
//! only care how many buildings of the colour each sector holds, so they are a packing of
//! sector groups under per-sector capacities: [`max_packing`], a memoised branching on the
//! lowest usable sector (either some group uses one of its buildings, or none ever does).

use std::collections::HashMap;

use super::geom::{Geom, Slots, SIDE_IDS, SLOTS};
use super::Pattern;
use crate::bits::bits as set_bits;

/// Per colour, its buildings on each side id (a side's three slots), kept by the engine
/// with the city.
pub type SideCounts = [[u8; SIDE_IDS]; 4];

/// Disjoint `a`-`b` pairs across two sides `x` and `y` (either way round), from the
/// colours' side counts `ca` and `cb` (the same slice when `a == b`, then counted once).
#[inline(always)]
fn pairs(ca: &[u8; SIDE_IDS], cb: &[u8; SIDE_IDS], same: bool, x: usize, y: usize) -> u32 {
    if same {
        u32::from(ca[x].min(ca[y]))
    } else {
        u32::from(ca[x].min(cb[y])) + u32::from(cb[x].min(ca[y]))
    }
}

/// The sectors whose 4-bit count in `key` is not zero, as a 16-bit mask.
pub fn present(key: u64) -> u16 {
    // Fold each nibble onto its low bit, then gather the bits 4t into bit t, halving the
    // gaps: 4 apart within bytes, then bytes, 16-bit and 32-bit halves.
    let mut x = key | key >> 1;
    x |= x >> 2;
    x &= 0x1111_1111_1111_1111;
    x = (x | x >> 3) & 0x0303_0303_0303_0303;
    x = (x | x >> 6) & 0x000F_000F_000F_000F;
    x = (x | x >> 12) & 0x0000_00FF_0000_00FF;
    ((x | x >> 24) & 0xFFFF) as u16
}

/// The inverse of [`present`]: bit t of `mask` to bit 4t (a count of 1 per sector).
pub fn spread(mask: u16) -> u64 {
    let mut x = u64::from(mask);
    x = (x | x << 24) & 0x0000_00FF_0000_00FF;
    x = (x | x << 12) & 0x000F_000F_000F_000F;
    x = (x | x << 6) & 0x0303_0303_0303_0303;
    (x | x << 3) & 0x1111_1111_1111_1111
}

/// The count of a pattern: `colours[1]` is used by the two-colour types; `street` (0..6)
/// by `street`.
pub fn count(
    geom: &Geom,
    city: &[i8; SLOTS],
    pattern: Pattern,
    colours: [u8; 2],
    street: Option<usize>,
) -> u32 {
    let mut bits = [Slots::default(); 4];
    let mut keys = [0u64; 4];
    let mut sides = [[0u8; SIDE_IDS]; 4];
    for (slot, &c) in city.iter().enumerate() {
        if c >= 0 {
            bits[c as usize].insert(slot as u8);
            keys[c as usize] += 1 << (4 * (slot / 12));
            sides[c as usize][slot / 3] += 1;
        }
    }
    count_on(geom, &bits, &keys, &sides, pattern, colours, street)
}

/// [`count`] on the city as per-colour slot bits, per-colour buildings per sector (4 bits
/// per sector) and per side, which the engine keeps up to date.
pub fn count_on(
    geom: &Geom,
    bits: &[Slots; 4],
    keys: &[u64; 4],
    sides: &SideCounts,
    pattern: Pattern,
    colours: [u8; 2],
    street: Option<usize>,
) -> u32 {
    let [a, b] = colours;
    let own = &bits[usize::from(a)];
    // Sides in sectors without the colours cannot count: skip them.
    let (pa, pb) = (present(keys[usize::from(a)]), present(keys[usize::from(b)]));
    let (ca, cb, same) = (&sides[usize::from(a)], &sides[usize::from(b)], a == b);
    // A side's slots are one side's alone, so these are popcounts of the colour's slots.
    let on = |m: &Slots| own.and(*m).0.iter().map(|w| w.count_ones()).sum();
    match pattern {
        Pattern::Opposite => set_bits(u64::from(pa & pb))
            .map(|t| {
                pairs(ca, cb, same, 4 * t, 4 * t + 2) + pairs(ca, cb, same, 4 * t + 1, 4 * t + 3)
            })
            .sum(),
        // Every facing pair read from the side counts, with no test of which sectors hold
        // the colours (random cities make such tests coin tosses).
        Pattern::Across => geom
            .across_pairs
            .iter()
            .map(|&(x, y)| pairs(ca, cb, same, usize::from(x), usize::from(y)))
            .sum(),
        Pattern::Perimeter => on(&geom.perimeter_slot_bits),
        Pattern::Street => on(&geom.street_slot_bits[street.unwrap_or(0)]),
        Pattern::Line3 | Pattern::Line2 | Pattern::Cross | Pattern::Diagonal => {
            let masks = &geom.group_masks[match pattern {
                Pattern::Line3 => 0,
                Pattern::Line2 => 1,
                Pattern::Cross => 2,
                _ => 3,
            }];
            solve_masks(keys[usize::from(a)], masks)
        }
    }
}

/// The most groups (sets of sectors) that can be chosen, with repeats, so that no sector
/// is used more often than its capacity (`caps`, at most 15 each).
pub fn max_packing(caps: &[u8; 16], groups: &[Vec<u8>]) -> u32 {
    let masks: Vec<u16> = groups.iter().map(|g| group_mask(g)).collect();
    let key = caps
        .iter()
        .enumerate()
        .fold(0u64, |k, (t, &c)| k | u64::from(c.min(15)) << (4 * t));
    solve_masks(key, &masks)
}

/// A group of sectors as a 16-bit mask.
pub fn group_mask(group: &[u8]) -> u16 {
    group.iter().fold(0u16, |m, &t| m | 1 << t)
}

/// [`max_packing`] on capacities packed 4 bits per sector; the memo is only built when some
/// group fits at all (most cities hold no instance of most patterns).
fn solve_masks(key: u64, masks: &[u16]) -> u32 {
    let present = present(key);
    // No group lies within the sectors holding the colour: nothing to count.
    if masks.iter().all(|&m| m & !present != 0) {
        return 0;
    }
    // `solve` keeps the usable groups as 64 bits (16 sectors have at most 32 of each kind).
    assert!(masks.len() <= 64, "too many sector groups");
    let mut memo = Memo::new();
    solve(key, u64::MAX >> (64 - masks.len()), masks, &mut memo)
}

/// The packing's memo: a small open-addressed table on the stack (keys are never 0 here),
/// spilling into a map only for the rare large searches.
struct Memo {
    keys: [u64; MEMO],
    values: [u32; MEMO],
    len: usize,
    spill: HashMap<u64, u32>,
}

/// Slots of the memo, a power of two.
const MEMO: usize = 64;

impl Memo {
    fn new() -> Self {
        Memo {
            keys: [0; MEMO],
            values: [0; MEMO],
            len: 0,
            spill: HashMap::new(),
        }
    }

    fn home(key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - MEMO.trailing_zeros())) as usize
    }

    fn get(&self, key: u64) -> Option<u32> {
        let mut i = Self::home(key);
        loop {
            match self.keys[i] {
                0 => return self.spill.get(&key).copied(),
                k if k == key => return Some(self.values[i]),
                _ => i = (i + 1) % MEMO,
            }
        }
    }

    fn insert(&mut self, key: u64, value: u32) {
        // At most three quarters full, so probes stay short and always end.
        if self.len >= MEMO * 3 / 4 {
            self.spill.insert(key, value);
            return;
        }
        let mut i = Self::home(key);
        while self.keys[i] != 0 {
            i = (i + 1) % MEMO;
        }
        self.keys[i] = key;
        self.values[i] = value;
        self.len += 1;
    }
}

/// `candidates`: groups that may still fit, as bits by index. A child's key only lowers
/// counts, so the groups fitting it are among its parent's: each node tests those only.
fn solve(key: u64, candidates: u64, masks: &[u16], memo: &mut Memo) -> u32 {
    let present = present(key);
    // The groups within the sectors holding the colour, as bits by index.
    let mut usable = 0u64;
    let mut reach = 0u16;
    for i in set_bits(candidates) {
        let m = masks[i];
        let fits = m & present == m;
        usable |= u64::from(fits) << i;
        reach |= m & 0u16.wrapping_sub(u16::from(fits));
    }
    if reach == 0 {
        return 0;
    }
    // Sectors no usable group reaches can never be used: drop them for better memo hits.
    let key = key & (spread(reach) * 15);
    if let Some(v) = memo.get(key) {
        return v;
    }
    let r = reach.trailing_zeros() as usize;
    // Either no group ever uses sector r again ...
    let mut best = solve(key & !(15u64 << (4 * r)), usable, masks, memo);
    // ... or one of the groups through r takes one building of each of its sectors.
    for i in set_bits(usable) {
        let g = masks[i];
        if g & (1 << r) == 0 {
            continue;
        }
        // Every sector of g holds at least one: no borrow crosses nibbles.
        best = best.max(1 + solve(key - spread(g), usable, masks, memo));
    }
    memo.insert(key, best);
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOLDEN: &str = include_str!("../../../../../tests/golden/chandigarh_patterns.json");

    /// The golden cases the reference engine's tests read too, each counted by hand.
    #[test]
    fn golden_pattern_cases() {
        let cases: serde_json::Value = serde_json::from_str(GOLDEN).unwrap();
        let cases = cases.as_array().unwrap();
        assert!(cases.len() >= 40);
        for case in cases {
            let name = case["name"].as_str().unwrap();
            let mut city = vec![-1i64; SLOTS];
            for (slot, colour) in case["city"].as_object().unwrap() {
                let id = super::super::notation::from_text(&format!("build y {slot}"))
                    .map(|a| match super::super::notation::decode(a).unwrap() {
                        super::super::notation::Move::Build { slot, .. } => slot,
                        _ => unreachable!(),
                    })
                    .unwrap();
                let c = ["y", "b", "r", "g"]
                    .iter()
                    .position(|x| x == &colour.as_str().unwrap())
                    .unwrap();
                city[usize::from(id)] = c as i64;
            }
            let colours: Vec<String> = case["colours"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap().to_string())
                .collect();
            let got = super::super::count_pattern(
                case["players"].as_i64().unwrap(),
                case["variant"].as_str().unwrap_or(""),
                &city,
                case["pattern"].as_str().unwrap(),
                &colours,
                case["street"].as_str(),
            )
            .unwrap();
            assert_eq!(u64::from(got), case["count"].as_u64().unwrap(), "{name}");
        }
    }

    /// The bit-gathering `present` marks exactly the non-zero nibbles.
    #[test]
    fn present_marks_non_zero_counts() {
        let mut rng = crate::rng::SplitMix64::new(5);
        for _ in 0..5000 {
            let key = rng.next() & rng.next() & rng.next();
            let want = (0..16).fold(0u16, |m, t| {
                if (key >> (4 * t)) & 15 != 0 {
                    m | 1 << t
                } else {
                    m
                }
            });
            assert_eq!(present(key), want, "{key:#x}");
            assert_eq!(present(spread(want)), want);
            assert_eq!((spread(want) * 15) & key, key);
        }
    }

    /// Sectors 0-1-2-3 in a path, one building each: a greedy pick of the middle pair
    /// scores 1, the exact count is 2 (0-1 and 2-3).
    #[test]
    fn packing_beats_greedy_on_a_path() {
        let groups = vec![vec![0, 1], vec![1, 2], vec![2, 3]];
        let mut caps = [0u8; 16];
        caps[..4].copy_from_slice(&[1, 1, 1, 1]);
        assert_eq!(max_packing(&caps, &groups), 2);
    }

    /// Capacities count: two buildings in sector 1 serve both neighbours.
    #[test]
    fn packing_uses_capacities() {
        let groups = vec![vec![0, 1], vec![1, 2]];
        let mut caps = [0u8; 16];
        caps[..3].copy_from_slice(&[1, 2, 1]);
        assert_eq!(max_packing(&caps, &groups), 2);
        caps[1] = 1;
        assert_eq!(max_packing(&caps, &groups), 1);
    }

    /// Lines of three on a row of four sectors with 1, 2, 2, 1: 0-1-2 and 1-2-3 both fit.
    #[test]
    fn packing_of_lines() {
        let groups = vec![vec![0, 1, 2], vec![1, 2, 3]];
        let mut caps = [0u8; 16];
        caps[..4].copy_from_slice(&[1, 2, 2, 1]);
        assert_eq!(max_packing(&caps, &groups), 2);
        caps[2] = 1;
        assert_eq!(max_packing(&caps, &groups), 1);
    }
}
