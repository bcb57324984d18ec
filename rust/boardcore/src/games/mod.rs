//! One module per game.

pub mod kardinal;
pub mod city_connect;
pub mod prestel_new_york;
