//! The pattern-matching kernel (docs/games/chandigarh.md, "Patterns"): the largest number
//! of instances of a card's pattern in the city that share no building, found exactly.
//!
//! The two-building patterns (`opposite`, `across`) split into independent pairs of sides,
//! each with a closed form. The sector patterns (`line3`, `line2`, `cross`, `diagonal`)
//! only care how many buildings of the colour each sector holds, so they are a packing of
//! sector groups under per-sector capacities: [`max_packing`], a memoised branching on the
//! lowest usable sector (either some group uses one of its buildings, or none ever does).

use std::collections::HashMap;

use super::geom::{Geom, SIDE_IDS, SLOTS};
use super::Pattern;

/// Buildings of `colour` on the slots of side id `side`.
fn on_side(city: &[i8; SLOTS], side: usize, colour: u8) -> u32 {
    (0..3)
        .filter(|k| city[side * 3 + k] == colour as i8)
        .count() as u32
}

/// Disjoint `a`-`b` pairs across two sides `x` and `y` (either way round).
fn pairs(city: &[i8; SLOTS], x: usize, y: usize, a: u8, b: u8) -> u32 {
    if a == b {
        on_side(city, x, a).min(on_side(city, y, a))
    } else {
        on_side(city, x, a).min(on_side(city, y, b)) + on_side(city, x, b).min(on_side(city, y, a))
    }
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
    let [a, b] = colours;
    match pattern {
        Pattern::Opposite => (0..16)
            .map(|t| pairs(city, 4 * t, 4 * t + 2, a, b) + pairs(city, 4 * t + 1, 4 * t + 3, a, b))
            .sum(),
        Pattern::Across => (0..SIDE_IDS)
            .filter(|&x| usize::from(geom.facing[x]) < x)
            .map(|x| pairs(city, x, usize::from(geom.facing[x]), a, b))
            .sum(),
        Pattern::Perimeter => (0..SIDE_IDS)
            .filter(|&x| geom.perimeter_side[x])
            .map(|x| on_side(city, x, a))
            .sum(),
        Pattern::Street => geom.street_sides[street.unwrap_or(0)]
            .iter()
            .map(|&x| on_side(city, usize::from(x), a))
            .sum(),
        Pattern::Line3 | Pattern::Line2 | Pattern::Cross | Pattern::Diagonal => {
            let groups = match pattern {
                Pattern::Line3 => &geom.line3,
                Pattern::Line2 => &geom.line2,
                Pattern::Cross => &geom.cross,
                _ => &geom.diagonal,
            };
            let mut caps = [0u8; 16];
            for (slot, &c) in city.iter().enumerate() {
                if c == a as i8 {
                    caps[slot / 12] += 1;
                }
            }
            max_packing(&caps, groups)
        }
    }
}

/// The most groups (sets of sectors) that can be chosen, with repeats, so that no sector
/// is used more often than its capacity (`caps`, at most 15 each).
pub fn max_packing(caps: &[u8; 16], groups: &[Vec<u8>]) -> u32 {
    let masks: Vec<u16> = groups
        .iter()
        .map(|g| g.iter().fold(0u16, |m, &t| m | 1 << t))
        .collect();
    let key = caps
        .iter()
        .enumerate()
        .fold(0u64, |k, (t, &c)| k | u64::from(c.min(15)) << (4 * t));
    let mut memo = HashMap::new();
    solve(key, &masks, &mut memo)
}

fn cap(key: u64, t: usize) -> u64 {
    (key >> (4 * t)) & 15
}

fn solve(key: u64, masks: &[u16], memo: &mut HashMap<u64, u32>) -> u32 {
    let present = (0..16).fold(0u16, |m, t| if cap(key, t) > 0 { m | 1 << t } else { m });
    let usable: Vec<u16> = masks
        .iter()
        .copied()
        .filter(|&m| m & present == m)
        .collect();
    let reach = usable.iter().fold(0u16, |m, &g| m | g);
    if reach == 0 {
        return 0;
    }
    // Sectors no usable group reaches can never be used: drop them for better memo hits.
    let mut key = key;
    for t in 0..16 {
        if reach & (1 << t) == 0 {
            key &= !(15u64 << (4 * t));
        }
    }
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let r = reach.trailing_zeros() as usize;
    // Either no group ever uses sector r again ...
    let mut best = solve(key & !(15u64 << (4 * r)), masks, memo);
    // ... or one of the groups through r takes one building of each of its sectors.
    for &g in usable.iter().filter(|&&g| g & (1 << r) != 0) {
        let mut k = key;
        for t in 0..16 {
            if g & (1 << t) != 0 {
                k -= 1 << (4 * t);
            }
        }
        best = best.max(1 + solve(k, masks, memo));
    }
    memo.insert(key, best);
    best
}

#[cfg(test)]
mod tests {
    use super::*;

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
