//! Writing canonical JSON (docs/DESIGN.md, "Canonical JSON"): each game declares its saved
//! state as a `#[derive(Serialize)]` struct with its fields in sorted order, and serde_json's
//! compact writer then gives the canonical bytes: sorted keys, no whitespace, integers only.

use serde::Serialize;

/// `saved` as compact JSON.
pub fn write<T: Serialize>(saved: &T) -> String {
    // Saved states hold only integers, strings, lists and structs, which cannot fail.
    serde_json::to_string(saved).expect("a saved state serialises")
}

/// A multiset of counts per index as the ascending list with repeats.
pub fn multiset(counts: &[u8]) -> Vec<usize> {
    counts
        .iter()
        .enumerate()
        .flat_map(|(i, &k)| std::iter::repeat(i).take(usize::from(k)))
        .collect()
}
