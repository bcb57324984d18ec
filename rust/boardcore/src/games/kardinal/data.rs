//! Component data: `python/boardcore/data/kardinal.toml`, embedded, or a user's file.

use serde::Deserialize;

use crate::datafile;
use crate::engine::Error;

const PACKAGED: &str = include_str!("../../../../../python/boardcore/data/kardinal.toml");

/// What a game needs of its parameters and data: small and `Copy`, held by every state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    pub players: u8,
    /// Edifices of each colour: houses, towers, yards.
    pub pieces: [u8; 3],
    pub chips_per_colour: u8,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DataFile {
    // Checked by `datafile::document` before this typed reading, which must still accept it.
    #[allow(dead_code)]
    game: String,
    edifices: Edifices,
    chips: Chips,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Edifices {
    house: i64,
    tower: i64,
    yard: i64,
    provenance: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Chips {
    per_colour: i64,
    provenance: String,
}

fn count(file: &str, entry: &str, field: &str, value: i64, lo: i64, hi: i64) -> Result<u8, Error> {
    if (lo..=hi).contains(&value) {
        Ok(value as u8)
    } else {
        Err(Error::Data(format!(
            "{file}: [{entry}] {field} must be an integer from {lo} to {hi}, not {value}"
        )))
    }
}

impl Config {
    pub fn load(players: u8, path: Option<&str>) -> Result<Self, Error> {
        datafile::load(path, "kardinal.toml (packaged)", PACKAGED, |file, text| {
            Self::parse(players, file, text)
        })
    }

    pub fn parse(players: u8, file: &str, text: &str) -> Result<Self, Error> {
        datafile::document(file, text, "kardinal", &["game", "edifices", "chips"])?;
        let data: DataFile = datafile::from_toml(file, text)?;
        datafile::check_provenance(file, "[edifices]", &data.edifices.provenance)?;
        datafile::check_provenance(file, "[chips]", &data.chips.provenance)?;
        // At most 2 of each shape keeps every game inside the 70 × 70 box (docs/games).
        let pieces = [
            count(file, "edifices", "house", data.edifices.house, 0, 2)?,
            count(file, "edifices", "tower", data.edifices.tower, 0, 2)?,
            count(file, "edifices", "yard", data.edifices.yard, 0, 2)?,
        ];
        if pieces.iter().all(|&n| n == 0) {
            return Err(Error::Data(format!(
                "{file}: [edifices] needs at least one house, tower or yard per colour"
            )));
        }
        let chips_per_colour = count(file, "chips", "per_colour", data.chips.per_colour, 1, 255)?;
        Ok(Self {
            players,
            pieces,
            chips_per_colour,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packaged_data_is_the_rulebook_contents() {
        let cfg = Config::load(4, None).unwrap();
        assert_eq!(cfg.pieces, [2, 2, 2]);
        assert_eq!(cfg.chips_per_colour, 12);
    }

    #[test]
    fn bad_data_names_file_entry_and_field() {
        let text = PACKAGED.replace("house = 2", "house = 3");
        let err = Config::parse(4, "mine.toml", &text)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("mine.toml") && err.contains("[edifices] house"),
            "{err}"
        );
    }
}
