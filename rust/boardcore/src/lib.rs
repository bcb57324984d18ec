//! boardcore: fast, exact engines for city-building board games.
//!
//! This crate holds the rules and the simulation loops and knows nothing of Python; the
//! bindings live in `boardcore-py`. Every game implements [`engine::Game`] and
//! [`engine::GameState`], so [`sim`] drives any of them, monomorphised per game.

pub mod agents;
pub mod bits;
pub mod datafile;
pub mod engine;
pub mod games;
pub mod json;
pub mod jsontext;
pub mod polyomino;
pub mod rng;
pub mod saved;
pub mod sim;
#[cfg(test)]
pub(crate) mod testing;
pub mod vector;

pub use engine::{Action, Error, Game, GameState, CHANCE, TERMINAL};
pub use rng::SplitMix64;
