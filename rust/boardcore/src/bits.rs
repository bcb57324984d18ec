//! Bit-set helpers shared by the games: iterating set bits, and finding the `r`-th one
//! without a data-dependent branch (random play makes every such branch a coin toss).

/// The indices of the set bits of `mask` (any unsigned integer up to 64 bits), ascending.
#[inline]
pub fn bits(mask: impl Into<u64>) -> impl Iterator<Item = usize> {
    let mut m: u64 = mask.into();
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros() as usize;
            m &= m - 1;
            b
        })
    })
}

/// The indices of the set bits of `mask`, ascending.
#[inline]
pub fn bits128(mask: u128) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros() as usize;
            m &= m - 1;
            b
        })
    })
}

/// The index of the `r`-th lowest set bit of `mask` (`r` below its count): the byte holding
/// it from the bytes' running popcounts (all eight at once, in one word), then a table.
#[inline]
pub fn select64(mask: u64, r: u32) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut x = mask - ((mask >> 1) & 0x5555_5555_5555_5555);
    x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    x = (x + (x >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    // Byte i: the set bits in bytes 0..=i (at most 64, so no carry between bytes).
    let prefix = x.wrapping_mul(ONES);
    // The bytes whose running count is at most r (0x80 + r - count keeps its high bit)
    // come first; there are as many as the index of the byte holding the bit.
    let at_most = ((u64::from(r) * ONES) | HIGH).wrapping_sub(prefix) & HIGH;
    let byte = at_most.count_ones();
    let before = ((prefix << 8) >> (8 * byte)) as u32 & 0xFF;
    let b = (mask >> (8 * byte)) as usize & 0xFF;
    8 * byte + u32::from(SELECT[b][(r - before) as usize & 7])
}

/// `SELECT[b][k]`: the position of the `k`-th lowest set bit of byte `b`.
const SELECT: [[u8; 8]; 256] = select_table();

/// `t[set][k]`: the position of the `k`-th lowest set bit of each `W`-bit `set` (`N` sets,
/// 2^`W`), a table for picking the `k`-th of a small set without a loop.
pub const fn select_table<const W: usize, const N: usize>() -> [[u8; W]; N] {
    assert!(N == 1 << W);
    let mut t = [[0u8; W]; N];
    let mut set = 0;
    while set < N {
        let (mut k, mut i) = (0, 0);
        while i < W {
            if set >> i & 1 != 0 {
                t[set][k] = i as u8;
                k += 1;
            }
            i += 1;
        }
        set += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn select64_is_the_rth_of_the_iterated_bits() {
        let mut rng = crate::rng::SplitMix64::new(3);
        for i in 0..3000 {
            let mask = match i % 3 {
                0 => rng.next() & rng.next(),
                1 => rng.next(),
                _ => u64::MAX >> (i % 64),
            };
            for r in 0..mask.count_ones() {
                let plain = bits(mask).nth(r as usize).unwrap() as u32;
                assert_eq!(select64(mask, r), plain, "{mask:#x} {r}");
            }
        }
    }

    #[test]
    fn bit_iterators_list_the_set_bits_ascending() {
        assert_eq!(bits(0b1010_0001u8).collect::<Vec<_>>(), [0, 5, 7]);
        assert_eq!(bits(0u64).count(), 0);
        let m = (1u128 << 127) | (1 << 64) | 1;
        assert_eq!(bits128(m).collect::<Vec<_>>(), [0, 64, 127]);
    }
}
