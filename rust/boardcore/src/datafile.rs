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

/// The most bytes a data file may hold: far beyond any real one (the packaged files are a
/// few KiB to tens of KiB), small enough that a wrong path (a disk image, `/dev/zero`) is
/// refused at once rather than exhausting memory or reading forever.
pub const MAX_DATA_BYTES: u64 = 16 << 20;

/// The text of the file at `path`; why not in words both engines use (the system's own
/// words differ between Rust and Python), e.g. `x.toml: cannot read the data file: no such
/// file`. At most [`MAX_DATA_BYTES`] are read, whatever size the file reports (a device or
/// a pipe reports 0).
pub fn read(path: &str) -> Result<String, Error> {
    use std::io::Read;
    let fail = |why: String| Error::Data(format!("{path}: cannot read the data file: {why}"));
    let io = |e: std::io::Error| {
        fail(match e.kind() {
            std::io::ErrorKind::NotFound => "no such file".to_owned(),
            std::io::ErrorKind::IsADirectory => "it is a directory".to_owned(),
            std::io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
            // the system's words without Rust's " (os error N)", as Python's strerror
            _ if e.raw_os_error().is_some() => {
                let text = e.to_string();
                text.rsplit_once(" (os error ")
                    .map_or(text.clone(), |(why, _)| why.to_owned())
                    .to_lowercase()
            }
            _ => e.to_string(),
        })
    };
    if path.contains('\0') {
        return Err(fail("the path holds a NUL byte".to_owned()));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_DATA_BYTES + 1).read_to_end(&mut bytes))
        .map_err(io)?;
    if bytes.len() as u64 > MAX_DATA_BYTES {
        return Err(fail(format!("larger than {} MiB", MAX_DATA_BYTES >> 20)));
    }
    String::from_utf8(bytes).map_err(|_| fail("not UTF-8 text".to_owned()))
}

/// The file as TOML whose top-level keys are all in `top_keys` and whose `game` is `game`,
/// checked first, in the reference engines' words, so that a file of the wrong shape is
/// named in one line before any typed reading: `x.toml: top level, field 'game': expected
/// "kardinal", got None`. An unknown key is the first in sorted order.
pub fn document(
    file: &str,
    text: &str,
    game: &str,
    top_keys: &[&str],
) -> Result<toml::Table, Error> {
    let root = toml_table(file, text)?;
    if let Some(key) = root.keys().find(|k| !top_keys.contains(&k.as_str())) {
        return Err(Error::Data(format!(
            "{file}: top level: unknown key {}; allowed: {}",
            py_str(key),
            top_keys.join(", ")
        )));
    }
    match root.get("game") {
        Some(toml::Value::String(g)) if g == game => Ok(root),
        found => Err(Error::Data(format!(
            "{file}: top level, field 'game': expected \"{game}\", got {}",
            found.map_or("None".to_owned(), py_value)
        ))),
    }
}

/// A TOML value as the reference engines show it: Python's `repr` of a string, integer or
/// boolean; the kind of anything else (`a table`), whose `repr` Rust cannot mirror simply.
fn py_value(value: &toml::Value) -> String {
    match value {
        toml::Value::String(s) => py_str(s),
        toml::Value::Integer(i) => i.to_string(),
        toml::Value::Boolean(b) => (if *b { "True" } else { "False" }).to_owned(),
        toml::Value::Float(_) => "a float".to_owned(),
        toml::Value::Datetime(_) => "a date-time".to_owned(),
        toml::Value::Array(_) => "an array".to_owned(),
        toml::Value::Table(_) => "a table".to_owned(),
    }
}

/// Python's `repr` of a str: single quotes unless it holds one and no double quote; what
/// does not print escaped (Python's own test of "printable" is approximated by Rust's
/// control and white-space classes beyond ASCII).
fn py_str(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::from(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            ' ' => out.push(' '),
            c if c.is_control() || c.is_whitespace() => {
                let n = c as u32;
                out.push_str(&match n {
                    0..=0xff => format!("\\x{n:02x}"),
                    0x100..=0xffff => format!("\\u{n:04x}"),
                    _ => format!("\\U{n:08x}"),
                });
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
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

/// The whole file deserialised into `T`; a syntax or type error names the file, in one line:
/// the parser's message and where, the line's number and its text (the parser's own
/// message draws the line under several of its own).
pub fn from_toml<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, Error> {
    toml_table(file, text)?;
    toml::from_str(text).map_err(|e: toml::de::Error| {
        let why = e.message().trim_end();
        let Some(span) = e.span() else {
            return Error::Data(format!("{file}: {why}"));
        };
        let before = text.get(..span.start).unwrap_or(text);
        let line = before.matches('\n').count() + 1;
        let start = before.rfind('\n').map_or(0, |i| i + 1);
        let source: String = text[start..]
            .lines()
            .next()
            .unwrap_or("")
            .trim()
            .chars()
            .take(80)
            .collect();
        Error::Data(format!("{file}: {why} (line {line}: {source})"))
    })
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
    // serde's message puts the field on a line of its own (`...\nin `copies``): one line
    T::deserialize(value).map_err(|e| {
        let why = e.to_string();
        entry_error(file, entry, why.trim_end().replace('\n', " "))
    })
}
