//! SplitMix64, the one generator both engines use (DESIGN.md, "Randomness").

/// Steele, Lea and Flood's SplitMix64 with boardcore's `below`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64-bit output.
    #[allow(clippy::should_implement_trait)] // not an iterator: it never ends
    pub fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`: the high 64 bits of the 128-bit product `next() * n`.
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next()) * u128::from(n)) >> 64) as u64
    }

    /// Index of the first outcome whose running weight sum exceeds `below(sum)`.
    pub fn choose_weighted(&mut self, weights: impl Iterator<Item = u64> + Clone) -> usize {
        let total: u64 = weights.clone().sum();
        let r = self.below(total);
        let mut running = 0;
        for (i, w) in weights.enumerate() {
            running += w;
            if running > r {
                return i;
            }
        }
        unreachable!("r < total")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_zero_test_vectors() {
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(rng.next(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn below_is_the_high_half_of_the_product() {
        let mut a = SplitMix64::new(42);
        let mut b = SplitMix64::new(42);
        for n in [1u64, 2, 3, 7, 1000, u64::MAX] {
            let x = a.next();
            let want = ((u128::from(x) * u128::from(n)) >> 64) as u64;
            let got = b.below(n);
            assert_eq!(got, want);
            assert!(got < n);
        }
    }

    #[test]
    fn weighted_choice_follows_running_sums() {
        // below(10) for seed 7 decides; recompute it by hand from a twin generator.
        let mut twin = SplitMix64::new(7);
        let r = twin.below(10);
        let want = if r < 2 {
            0
        } else if r < 5 {
            1
        } else {
            2
        };
        let mut rng = SplitMix64::new(7);
        assert_eq!(rng.choose_weighted([2u64, 3, 5].into_iter()), want);
    }
}
