//! One module per game.

pub mod kardinal;
pub mod prestel_new_york;
