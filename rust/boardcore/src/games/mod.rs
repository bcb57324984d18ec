//! One module per game.

pub mod chandigarh;
pub mod city_connect;
pub mod kardinal;
pub mod prestel_new_york;
pub mod rebuilding_chicago;
