//! Component data: `python/boardcore/data/prestel_new_york.toml`, embedded, or a user's file.

use std::collections::HashMap;

use serde::Deserialize;

use super::{MAX_COMMISSIONS, MAX_PARTS};
use crate::datafile;
use crate::engine::Error;

const PACKAGED: &str = include_str!("../../../../../python/boardcore/data/prestel_new_york.toml");

/// The components a game is played with, shared (behind an `Arc`) by its states.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Data {
    pub win_chips: u16,
    pub symbols: Vec<String>,
    pub slugs: Vec<String>,
    pub names: Vec<String>,
    /// Per commission: its first part id and its number of parts.
    pub first_part: Vec<u8>,
    pub size: Vec<u8>,
    /// Per part: its commission, its index in the commission and its notation.
    pub commission_of: Vec<u8>,
    pub index_in: Vec<u8>,
    pub part_names: Vec<String>,
    pub part_by_name: HashMap<String, u8>,
    pub commission_by_slug: HashMap<String, u8>,
}

impl Data {
    pub fn parts(&self) -> usize {
        self.commission_of.len()
    }
    pub fn commissions(&self) -> usize {
        self.slugs.len()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DataFile {
    // Checked by `datafile::document` before this typed reading, which must still accept it.
    #[allow(dead_code)]
    game: String,
    rules: Rules,
    symbol: Vec<Symbol>,
    commission: Vec<Commission>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Rules {
    win_chips: i64,
    provenance: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Symbol {
    name: String,
    provenance: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Commission {
    slug: String,
    name: String,
    parts: Vec<String>,
    provenance: String,
}

/// Lower-case letters, digits and `-`, starting with a letter (slugs and part names).
fn is_slug(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_lowercase())
        && text
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

impl Data {
    pub fn load(path: Option<&str>) -> Result<Self, Error> {
        datafile::load(
            path,
            "prestel_new_york.toml (packaged)",
            PACKAGED,
            Self::parse,
        )
    }

    pub fn parse(file: &str, text: &str) -> Result<Self, Error> {
        datafile::document(
            file,
            text,
            "prestel_new_york",
            &["game", "rules", "symbol", "commission"],
        )?;
        let data: DataFile = datafile::from_toml(file, text)?;
        datafile::check_provenance(file, "[rules]", &data.rules.provenance)?;
        if !(1..=99).contains(&data.rules.win_chips) {
            return Err(Error::Data(format!(
                "{file}: [rules] win_chips must be an integer from 1 to 99, not {}",
                data.rules.win_chips
            )));
        }
        if data.symbol.len() != 5 {
            return Err(Error::Data(format!(
                "{file}: [[symbol]] must have exactly 5 entries (stacks A to E), not {}",
                data.symbol.len()
            )));
        }
        for (i, s) in data.symbol.iter().enumerate() {
            datafile::check_provenance(file, &format!("[[symbol]] {}", i + 1), &s.provenance)?;
            if s.name.is_empty() {
                return Err(Error::Data(format!(
                    "{file}: [[symbol]] {} name must not be empty",
                    i + 1
                )));
            }
        }
        let count = data.commission.len();
        if !(8..=MAX_COMMISSIONS).contains(&count) {
            return Err(Error::Data(format!(
                "{file}: [[commission]] must have 8 to {MAX_COMMISSIONS} entries, not {count}"
            )));
        }
        let mut out = Data {
            win_chips: data.rules.win_chips as u16,
            symbols: data.symbol.into_iter().map(|s| s.name).collect(),
            slugs: Vec::new(),
            names: Vec::new(),
            first_part: Vec::new(),
            size: Vec::new(),
            commission_of: Vec::new(),
            index_in: Vec::new(),
            part_names: Vec::new(),
            part_by_name: HashMap::new(),
            commission_by_slug: HashMap::new(),
        };
        for (c, com) in data.commission.into_iter().enumerate() {
            let entry = format!("[[commission]] {} ({:?})", c + 1, com.slug);
            datafile::check_provenance(file, &entry, &com.provenance)?;
            if !is_slug(&com.slug) {
                return Err(Error::Data(format!(
                    "{file}: {entry} slug must be lower-case letters, digits and '-', \
                     starting with a letter"
                )));
            }
            if out.commission_by_slug.contains_key(&com.slug) {
                return Err(Error::Data(format!(
                    "{file}: {entry} slug is used by an earlier commission"
                )));
            }
            if com.name.is_empty() {
                return Err(Error::Data(format!(
                    "{file}: {entry} name must not be empty"
                )));
            }
            if !(2..=3).contains(&com.parts.len()) {
                return Err(Error::Data(format!(
                    "{file}: {entry} parts must list 2 or 3 parts, not {}",
                    com.parts.len()
                )));
            }
            for (k, part) in com.parts.iter().enumerate() {
                if !is_slug(part) {
                    return Err(Error::Data(format!(
                        "{file}: {entry} parts[{k}] {part:?} must be lower-case letters, \
                         digits and '-', starting with a letter"
                    )));
                }
                if com.parts[..k].contains(part) {
                    return Err(Error::Data(format!(
                        "{file}: {entry} parts[{k}] {part:?} is listed twice"
                    )));
                }
            }
            if out.commission_of.len() + com.parts.len() > MAX_PARTS {
                return Err(Error::Data(format!(
                    "{file}: {entry} parts: at most {MAX_PARTS} parts in all"
                )));
            }
            out.commission_by_slug.insert(com.slug.clone(), c as u8);
            out.first_part.push(out.commission_of.len() as u8);
            out.size.push(com.parts.len() as u8);
            for (k, part) in com.parts.iter().enumerate() {
                let text = format!("{}/{part}", com.slug);
                out.part_by_name
                    .insert(text.clone(), out.commission_of.len() as u8);
                out.part_names.push(text);
                out.commission_of.push(c as u8);
                out.index_in.push(k as u8);
            }
            out.slugs.push(com.slug);
            out.names.push(com.name);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packaged_data_has_the_rulebook_counts() {
        let data = Data::load(None).unwrap();
        assert_eq!(data.commissions(), 24);
        assert_eq!(data.parts(), 64);
        assert_eq!(data.size.iter().filter(|&&s| s == 3).count(), 16);
        assert_eq!(data.size.iter().filter(|&&s| s == 2).count(), 8);
        assert_eq!(data.win_chips, 13);
        assert_eq!(data.symbols.len(), 5);
        for slug in [
            "empire-state",
            "guggenheim",
            "stock-exchange",
            "brooklyn-bridge",
        ] {
            assert!(data.commission_by_slug.contains_key(slug), "{slug}");
        }
    }

    #[test]
    fn bad_data_names_file_entry_and_field() {
        let text = PACKAGED.replace("parts = [\"nave\", \"spire\"]", "parts = [\"nave\"]");
        let err = Data::parse("mine.toml", &text).unwrap_err().to_string();
        assert!(
            err.contains("mine.toml")
                && err.contains("\"trinity-church\"")
                && err.contains("parts"),
            "{err}"
        );
    }
}
