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
        Some(path) => parse(path, &read(path)?),
    }
}

/// The text of the file at `path`; why not in words both engines use (the system's own
/// words differ between Rust and Python), e.g. `x.toml: cannot read the data file: no such
/// file`.
pub fn read(path: &str) -> Result<String, Error> {
    std::fs::read_to_string(path).map_err(|e| {
        let why = match e.kind() {
            std::io::ErrorKind::NotFound => "no such file".to_owned(),
            std::io::ErrorKind::IsADirectory => "it is a directory".to_owned(),
            std::io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
            std::io::ErrorKind::InvalidData => "not UTF-8 text".to_owned(),
            _ => e.to_string(),
        };
        Error::Data(format!("{path}: cannot read the data file: {why}"))
    })
}

/// The file as TOML; a syntax error names its line, where both engines' parsers agree (their
/// columns differ on some errors): `x.toml: not valid TOML (line 2)`.
pub fn toml_table(file: &str, text: &str) -> Result<toml::Table, Error> {
    text.parse().map_err(|e: toml::de::Error| {
        let at = e
            .span()
            .map_or(text.len(), |span| span.start)
            .min(text.len());
        let line = text.get(..at).unwrap_or(text).matches('\n').count() + 1;
        Error::Data(format!("{file}: not valid TOML (line {line})"))
    })
}

/// The whole file deserialised into `T`; a syntax or type error names the file.
pub fn from_toml<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, Error> {
    toml_table(file, text)?;
    toml::from_str(text).map_err(|e| Error::Data(format!("{file}: {}", e.to_string().trim_end())))
}

/// The file as a table of its sections, refusing a section not in `known` (for games that
/// read section by section, so that an error names where).
pub fn sections(file: &str, text: &str, known: &[&str]) -> Result<toml::Table, Error> {
    let root = toml_table(file, text)?;
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
