//! Reading a game's TOML data file: the steps every game's `data.rs` shares, with the same
//! error messages in every game.

use serde::de::DeserializeOwned;

use crate::engine::Error;

/// Parses the packaged data (`packaged`, named `packaged_name` in errors) when `path` is
/// `None`, else the file at `path`, with `parse(file name, text)`.
pub fn load<T>(
    path: Option<&str>,
    packaged_name: &str,
    packaged: &str,
    parse: impl FnOnce(&str, &str) -> Result<T, Error>,
) -> Result<T, Error> {
    match path {
        None => parse(packaged_name, packaged),
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| Error::Data(format!("{path}: cannot read the data file: {e}")))?;
            parse(path, &text)
        }
    }
}

/// The whole file deserialised into `T`; a syntax or type error names the file.
pub fn from_toml<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, Error> {
    toml::from_str(text).map_err(|e| Error::Data(format!("{file}: {}", e.to_string().trim_end())))
}

/// The file as a table of its sections, refusing a section not in `known` (for games that
/// read section by section, so that an error names where).
pub fn sections(file: &str, text: &str, known: &[&str]) -> Result<toml::Table, Error> {
    let root: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        Error::Data(format!("{file}: {}", e.to_string().trim_end()))
    })?;
    if let Some(key) = root.keys().find(|k| !known.contains(&k.as_str())) {
        return Err(Error::Data(format!(
            "{file}: unknown section {key:?}; sections are {}",
            known.join(", ")
        )));
    }
    Ok(root)
}

/// Checks the file's `game` names this game.
pub fn check_game(file: &str, game: &str, expected: &str) -> Result<(), Error> {
    if game == expected {
        Ok(())
    } else {
        Err(Error::Data(format!(
            "{file}: game must be \"{expected}\", not {game:?}"
        )))
    }
}

/// Checks an entry's `provenance` (`entry` as the message shows it, e.g. `[rules]`).
pub fn check_provenance(file: &str, entry: &str, value: &str) -> Result<(), Error> {
    match value {
        "rulebook" | "reconstructed" => Ok(()),
        _ => Err(Error::Data(format!(
            "{file}: {entry} provenance must be \"rulebook\" or \"reconstructed\", not {value:?}"
        ))),
    }
}

/// An error in one entry of the file (`entry` as the message shows it).
pub fn entry_error(file: &str, entry: &str, msg: impl std::fmt::Display) -> Error {
    Error::Data(format!("{file}: {entry}: {msg}"))
}

/// `v` if it is in `lo..=hi`, else an error naming the entry and the field.
pub fn int_in(
    file: &str,
    entry: &str,
    field: &str,
    v: i64,
    lo: i64,
    hi: i64,
) -> Result<i64, Error> {
    if (lo..=hi).contains(&v) {
        Ok(v)
    } else {
        Err(entry_error(
            file,
            entry,
            format!("{field} must be an integer from {lo} to {hi}, not {v}"),
        ))
    }
}

/// Checks an entry's `provenance`, the message naming the entry as [`entry_error`] does.
pub fn entry_provenance(file: &str, entry: &str, value: &str) -> Result<(), Error> {
    match value {
        "rulebook" | "reconstructed" => Ok(()),
        _ => Err(entry_error(
            file,
            entry,
            format!("provenance must be \"rulebook\" or \"reconstructed\", not {value:?}"),
        )),
    }
}

/// The entries of the array of tables `[[key]]`, taken out of `root`.
pub fn take_array(
    file: &str,
    root: &mut toml::Table,
    key: &str,
) -> Result<Vec<toml::Value>, Error> {
    let Some(value) = root.remove(key) else {
        return Err(Error::Data(format!("{file}: missing [[{key}]]")));
    };
    let toml::Value::Array(items) = value else {
        return Err(Error::Data(format!(
            "{file}: [[{key}]] must be an array of tables"
        )));
    };
    Ok(items)
}

/// A TOML value as `T`, an error naming the file and the entry.
pub fn entry_of<T: DeserializeOwned>(
    file: &str,
    entry: &str,
    value: toml::Value,
) -> Result<T, Error> {
    T::deserialize(value).map_err(|e| entry_error(file, entry, e.to_string().trim_end()))
}
