//! Where a text stops being JSON (RFC 8259), in words both engines share. serde_json and
//! Python's `json` place and word a syntax error each in their own way (`expected `:` at
//! line 1 column 918` against `Expecting ':' delimiter: line 1 column 918 (char 917)`), so
//! when a parser refuses a saved state, both engines describe the refusal with this scanner
//! (mirrored by `python/boardcore/_jsontext.py`, character for character). It runs only on
//! text a parser has already refused, so it is written to be plain, not fast.

/// Nesting deeper than this is refused: serde_json refuses a 128th level, to keep its
/// recursive parser off the end of the stack.
pub const MAX_DEPTH: usize = 127;

/// Where and why `text` is not JSON: `line L, column C: expected X, found Y`, lines and
/// columns counted in characters from 1 as an editor shows them; `None` if it is JSON.
pub fn syntax_error(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let (at, why) = Scan {
        chars: &chars,
        i: 0,
    }
    .run()?;
    let before = &chars[..at];
    let line = 1 + before.iter().filter(|&&c| c == '\n').count();
    let column = 1 + before.iter().rev().take_while(|&&c| c != '\n').count();
    Some(format!("line {line}, column {column}: {why}"))
}

/// What a character is called in a message: itself in backticks, a control character by its
/// code point (it would not show), or the end of the text.
fn found(c: Option<char>) -> String {
    match c {
        None => "the end of the text".into(),
        Some(c) if c.is_control() || c == '\u{feff}' => format!("U+{:04X}", u32::from(c)),
        Some(c) => format!("`{c}`"),
    }
}

#[derive(Clone, Copy)]
enum Next {
    /// A value, or (`true`) the `]` that closes an empty array.
    Value(bool),
    /// A key, or (`true`) the `}` that closes an empty object.
    Key(bool),
    /// What may follow a value: `,` or the closing bracket, or the end of the text.
    After,
}

struct Scan<'t> {
    chars: &'t [char],
    i: usize,
}

type Stop = (usize, String);

impl Scan<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn expected(&self, what: &str) -> Stop {
        (
            self.i,
            format!("expected {what}, found {}", found(self.peek())),
        )
    }

    fn skip_space(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t' | '\n' | '\r')) {
            self.i += 1;
        }
    }

    /// The first place the text stops being JSON, or `None`.
    fn run(mut self) -> Option<Stop> {
        // The open arrays (`]`) and objects (`}`), innermost last.
        let mut open: Vec<char> = Vec::new();
        let mut next = Next::Value(false);
        loop {
            self.skip_space();
            next = match next {
                Next::Value(may_close) => match self.peek() {
                    Some(']') if may_close => {
                        self.i += 1;
                        open.pop();
                        Next::After
                    }
                    Some(c @ ('[' | '{')) => {
                        if open.len() == MAX_DEPTH {
                            let why = format!("nested more than {MAX_DEPTH} deep");
                            return Some((self.i, why));
                        }
                        self.i += 1;
                        open.push(if c == '[' { ']' } else { '}' });
                        if c == '[' {
                            Next::Value(true)
                        } else {
                            Next::Key(true)
                        }
                    }
                    Some('"') => {
                        if let Err(stop) = self.string() {
                            return Some(stop);
                        }
                        Next::After
                    }
                    Some('-' | '0'..='9') => {
                        if let Err(stop) = self.number() {
                            return Some(stop);
                        }
                        Next::After
                    }
                    Some(c @ ('t' | 'f' | 'n')) => {
                        let word = match c {
                            't' => "true",
                            'f' => "false",
                            _ => "null",
                        };
                        if let Err(stop) = self.word(word) {
                            return Some(stop);
                        }
                        Next::After
                    }
                    _ if may_close => return Some(self.expected("a value or `]`")),
                    _ => return Some(self.expected("a value")),
                },
                Next::Key(may_close) => match self.peek() {
                    Some('}') if may_close => {
                        self.i += 1;
                        open.pop();
                        Next::After
                    }
                    Some('"') => {
                        if let Err(stop) = self.string() {
                            return Some(stop);
                        }
                        self.skip_space();
                        if self.peek() != Some(':') {
                            return Some(self.expected("`:`"));
                        }
                        self.i += 1;
                        Next::Value(false)
                    }
                    _ if may_close => return Some(self.expected("a key in double quotes or `}`")),
                    _ => return Some(self.expected("a key in double quotes")),
                },
                Next::After => match (open.last(), self.peek()) {
                    (None, None) => return None,
                    (None, _) => return Some(self.expected("the end of the text")),
                    (Some(&close), Some(c)) if c == close => {
                        self.i += 1;
                        open.pop();
                        Next::After
                    }
                    (Some(&close), Some(',')) => {
                        self.i += 1;
                        if close == ']' {
                            Next::Value(false)
                        } else {
                            Next::Key(false)
                        }
                    }
                    (Some(&close), _) => return Some(self.expected(&format!("`,` or `{close}`"))),
                },
            };
        }
    }

    /// A string, from its opening quote to past its closing one.
    fn string(&mut self) -> Result<(), Stop> {
        self.i += 1;
        loop {
            match self.peek() {
                None => return Err(self.expected("`\"` to end the string")),
                Some('"') => {
                    self.i += 1;
                    return Ok(());
                }
                Some('\\') => {
                    self.i += 1;
                    self.escape()?;
                }
                Some(c) if u32::from(c) < 0x20 => {
                    let why = format!(
                        "found {} in a string, where it must be escaped",
                        found(Some(c))
                    );
                    return Err((self.i, why));
                }
                Some(_) => self.i += 1,
            }
        }
    }

    /// An escape, from past its backslash to past its end; a UTF-16 surrogate must come in a
    /// pair (serde_json refuses a lone one; Python's `json` keeps it in the string).
    fn escape(&mut self) -> Result<(), Stop> {
        match self.peek() {
            Some('"' | '\\' | '/' | 'b' | 'f' | 'n' | 'r' | 't') => {
                self.i += 1;
                Ok(())
            }
            Some('u') => {
                let start = self.i - 1;
                let unit = self.hex()?;
                if (0xDC00..0xE000).contains(&unit) {
                    return Err((
                        start,
                        "found a low surrogate escape with no high one before it".into(),
                    ));
                }
                if (0xD800..0xDC00).contains(&unit) {
                    let low = self.i;
                    let paired =
                        self.chars.get(low) == Some(&'\\') && self.chars.get(low + 1) == Some(&'u');
                    if !paired {
                        return Err(
                            self.expected("`\\u` and a low surrogate after a high surrogate")
                        );
                    }
                    self.i += 1;
                    let unit = self.hex()?;
                    if !(0xDC00..0xE000).contains(&unit) {
                        return Err((
                            low,
                            "expected a low surrogate (DC00 to DFFF) after a high surrogate".into(),
                        ));
                    }
                }
                Ok(())
            }
            _ => Err(self.expected("an escape: one of `\"\\/bfnrtu` after `\\`")),
        }
    }

    /// The four hex digits after a `u` (at `self.i`), as a number.
    fn hex(&mut self) -> Result<u32, Stop> {
        self.i += 1;
        let mut unit = 0;
        for _ in 0..4 {
            let Some(d) = self.peek().and_then(|c| c.to_digit(16)) else {
                return Err(self.expected("a hex digit"));
            };
            unit = unit * 16 + d;
            self.i += 1;
        }
        Ok(unit)
    }

    fn digits(&mut self) -> Result<(), Stop> {
        if !matches!(self.peek(), Some('0'..='9')) {
            return Err(self.expected("a digit"));
        }
        while matches!(self.peek(), Some('0'..='9')) {
            self.i += 1;
        }
        Ok(())
    }

    /// A number: `-`, then `0` or digits not starting with 0, then `.` and digits, then `e`,
    /// a sign and digits (a digit after `0` ends the number, and what follows is judged as
    /// what may follow a value).
    fn number(&mut self) -> Result<(), Stop> {
        if self.peek() == Some('-') {
            self.i += 1;
        }
        if self.peek() == Some('0') {
            self.i += 1;
        } else {
            self.digits()?;
        }
        if self.peek() == Some('.') {
            self.i += 1;
            self.digits()?;
        }
        if matches!(self.peek(), Some('e' | 'E')) {
            self.i += 1;
            if matches!(self.peek(), Some('+' | '-')) {
                self.i += 1;
            }
            self.digits()?;
        }
        Ok(())
    }

    /// `true`, `false` or `null`, letter by letter.
    fn word(&mut self, word: &str) -> Result<(), Stop> {
        for letter in word.chars() {
            if self.peek() != Some(letter) {
                return Err(self.expected(&format!("`{word}`")));
            }
            self.i += 1;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// serde_json's verdict on `text`: JSON or not, but `None` where it refuses JSON for a
    /// number no float holds (the scanner judges syntax only).
    fn serde_accepts(text: &str) -> Option<bool> {
        match serde_json::from_str::<serde_json::Value>(text) {
            Ok(_) => Some(true),
            Err(e) if e.to_string().starts_with("number out of range") => None,
            Err(_) => Some(false),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        /// Short texts over JSON's own characters (and a few it refuses): the scanner calls
        /// a text JSON exactly when serde_json parses it.
        #[test]
        fn the_scanner_calls_json_what_serde_json_parses(
            text in "[\\[\\]{}\",:0-9.eE+\\-tfnrulas\\\\ \n\u{1}é]{0,24}"
        ) {
            if let Some(accepted) = serde_accepts(&text) {
                prop_assert_eq!(syntax_error(&text).is_none(), accepted, "{:?}", text);
            }
        }

        /// Saved-state-like texts cut short or with one character dropped: refused by both.
        #[test]
        fn a_json_text_cut_short_is_named_where_it_ends(cut in 0usize..40) {
            let text = r#"{"a":[1,-2.5e3,true,null,{"b":"c\n\u00e9"}],"d":false}"#;
            let short = &text[..cut.min(text.len() - 1)];
            prop_assert_eq!(serde_accepts(short), Some(false));
            let said = syntax_error(short).unwrap();
            prop_assert!(said.ends_with("found the end of the text"), "{}", said);
        }
    }

    #[test]
    fn nesting_is_refused_past_serde_jsons_limit_alike() {
        for depth in [MAX_DEPTH, MAX_DEPTH + 1] {
            let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
            let scanned = syntax_error(&text);
            assert_eq!(
                scanned.is_none(),
                serde_accepts(&text) == Some(true),
                "{depth}"
            );
            if depth > MAX_DEPTH {
                let at = MAX_DEPTH + 1;
                assert_eq!(
                    scanned.as_deref(),
                    Some(
                        format!("line 1, column {at}: nested more than {MAX_DEPTH} deep").as_str()
                    )
                );
            }
        }
    }
}
