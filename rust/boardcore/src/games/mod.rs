//! One module per game.

pub mod kardinal;
