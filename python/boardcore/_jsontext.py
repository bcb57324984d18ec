"""Where a text stops being JSON (RFC 8259), in words both engines share.

Python's ``json`` and serde_json place and word a syntax error each in their own way
(``Expecting ':' delimiter: line 1 column 918 (char 917)`` against ``expected `:` at line 1
column 918``), so when a parser refuses a saved state, both engines describe the refusal with
this scanner (mirrored by ``rust/boardcore/src/jsontext.rs``, character for character). It
runs only on text a parser has already refused, or that holds a ``\\u`` escape.
"""

from __future__ import annotations

import os
from typing import Any, Final

__all__ = ["MAX_DEPTH", "MAX_STATE_FILE", "decode", "read", "still_not_json", "syntax_error"]

MAX_DEPTH: Final = 127
"""Nesting deeper than this is refused: serde_json refuses a 128th level."""

_SPACE: Final = frozenset(" \t\n\r")
_DIGITS: Final = frozenset("0123456789")
_HEX: Final = frozenset("0123456789abcdefABCDEF")
_ESCAPES: Final = frozenset('"\\/bfnrt')
_WORDS: Final = {"t": "true", "f": "false", "n": "null"}


class _Stop(Exception):
    def __init__(self, at: int, why: str) -> None:
        self.at, self.why = at, why


MAX_STATE_FILE: Final = 64 << 20
"""The most a command reads of a saved state's file: the longest games save in well under a
megabyte, and a file that never ends (``/dev/zero``, a pipe) must not be read on for ever."""


def read(path: str | os.PathLike[str], limit: int = MAX_STATE_FILE) -> str:
    """The UTF-8 text of the file at ``path``; past ``limit`` bytes, or bytes that are not
    UTF-8, a ``ValueError`` saying so (``larger than 64 MiB``), the rest left unread."""
    with open(path, "rb") as file:
        data = file.read(limit + 1)
    if len(data) > limit:
        raise ValueError(f"larger than {limit >> 20} MiB")
    return decode(data)


def decode(data: bytes, offset: int = 0) -> str:
    """``data`` as UTF-8 text; bytes that are not raise ``ValueError`` naming the first bad
    byte and where it stands (``offset`` is where ``data`` starts in its file): every command
    that reads a file says so in these words, not in Python's codec's."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        at = offset + error.start
        raise ValueError(f"not UTF-8 text (byte {data[error.start]:#04x} at offset {at})") from None


def syntax_error(text: str) -> str | None:
    """Where and why ``text`` is not JSON: ``line L, column C: expected X, found Y``, lines and
    columns counted in characters from 1 as an editor shows them; None if it is JSON."""
    try:
        _Scan(text).run()
    except _Stop as stop:
        line = 1 + text.count("\n", 0, stop.at)
        column = stop.at - (text.rfind("\n", 0, stop.at) + 1) + 1
        return f"line {line}, column {column}: {stop.why}"
    return None


def still_not_json(text: str, value: Any) -> str | None:
    """Where ``text``, which Python's ``json`` read as ``value``, is no JSON to serde_json
    (``syntax_error``'s words): ``json`` keeps a lone surrogate escape in a string and nests
    as deep as Python recurses. None if it is JSON to both."""
    # nesting past MAX_DEPTH needs more openers than that: counting them (in C) spares most
    # loads the walk
    deep = text.count("[") + text.count("{") > MAX_DEPTH and _deeper(value, MAX_DEPTH)
    if "\\u" in text or deep:
        return syntax_error(text)
    return None


def _deeper(value: Any, depth: int) -> bool:
    """Whether ``value`` nests arrays and objects more than ``depth`` deep."""
    if isinstance(value, dict):
        value = list(value.values())
    elif not isinstance(value, list):
        return False
    return depth == 0 or any(_deeper(v, depth - 1) for v in value if isinstance(v, (list, dict)))


def _found(c: str | None) -> str:
    """What a character is called in a message: itself in backticks, a control character by
    its code point (it would not show), or the end of the text."""
    if c is None:
        return "the end of the text"
    if _is_control(c) or c == "\ufeff":
        return f"U+{ord(c):04X}"
    return f"`{c}`"


def _is_control(c: str) -> bool:
    # Rust's char::is_control: the general category Cc
    return ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0


class _Scan:
    def __init__(self, text: str) -> None:
        self.text, self.i = text, 0

    def peek(self) -> str | None:
        return self.text[self.i] if self.i < len(self.text) else None

    def expected(self, what: str) -> _Stop:
        return _Stop(self.i, f"expected {what}, found {_found(self.peek())}")

    def skip_space(self) -> None:
        while self.peek() in _SPACE:
            self.i += 1

    def run(self) -> None:
        """Raises :class:`_Stop` at the first place the text stops being JSON."""
        open_: list[str] = []  # the open arrays (``]``) and objects (``}``), innermost last
        state, may_close = "value", False
        while True:
            self.skip_space()
            c = self.peek()
            if state == "value":
                if c == "]" and may_close:
                    self.i += 1
                    open_.pop()
                    state = "after"
                elif c in ("[", "{"):
                    if len(open_) == MAX_DEPTH:
                        raise _Stop(self.i, f"nested more than {MAX_DEPTH} deep")
                    self.i += 1
                    open_.append("]" if c == "[" else "}")
                    state, may_close = ("value" if c == "[" else "key"), True
                elif c == '"':
                    self.string()
                    state = "after"
                elif c is not None and (c == "-" or c in _DIGITS):
                    self.number()
                    state = "after"
                elif c is not None and c in _WORDS:
                    self.word(_WORDS[c])
                    state = "after"
                else:
                    raise self.expected("a value or `]`" if may_close else "a value")
            elif state == "key":
                if c == "}" and may_close:
                    self.i += 1
                    open_.pop()
                    state = "after"
                elif c == '"':
                    self.string()
                    self.skip_space()
                    if self.peek() != ":":
                        raise self.expected("`:`")
                    self.i += 1
                    state, may_close = "value", False
                else:
                    raise self.expected(
                        "a key in double quotes or `}`" if may_close else "a key in double quotes"
                    )
            elif not open_:
                if c is None:
                    return
                raise self.expected("the end of the text")
            elif c == open_[-1]:
                self.i += 1
                open_.pop()
            elif c == ",":
                self.i += 1
                state, may_close = ("value" if open_[-1] == "]" else "key"), False
            else:
                raise self.expected(f"`,` or `{open_[-1]}`")

    def string(self) -> None:
        """A string, from its opening quote to past its closing one."""
        self.i += 1
        while True:
            c = self.peek()
            if c is None:
                raise self.expected('`"` to end the string')
            if c == '"':
                self.i += 1
                return
            if c == "\\":
                self.i += 1
                self.escape()
            elif ord(c) < 0x20:
                raise _Stop(self.i, f"found {_found(c)} in a string, where it must be escaped")
            else:
                self.i += 1

    def escape(self) -> None:
        """An escape, from past its backslash to past its end; a UTF-16 surrogate must come in
        a pair (serde_json refuses a lone one; Python's ``json`` keeps it in the string)."""
        c = self.peek()
        if c is not None and c in _ESCAPES:
            self.i += 1
            return
        if c != "u":
            raise self.expected('an escape: one of `"\\/bfnrtu` after `\\`')
        start = self.i - 1
        unit = self.hex()
        if 0xDC00 <= unit < 0xE000:
            raise _Stop(start, "found a low surrogate escape with no high one before it")
        if 0xD800 <= unit < 0xDC00:
            low = self.i
            if self.text[low : low + 2] != "\\u":
                raise self.expected("`\\u` and a low surrogate after a high surrogate")
            self.i += 1
            if not 0xDC00 <= self.hex() < 0xE000:
                raise _Stop(low, "expected a low surrogate (DC00 to DFFF) after a high surrogate")

    def hex(self) -> int:
        """The four hex digits after a ``u`` (at ``self.i``), as a number."""
        self.i += 1
        unit = 0
        for _ in range(4):
            c = self.peek()
            if c is None or c not in _HEX:
                raise self.expected("a hex digit")
            unit = unit * 16 + int(c, 16)
            self.i += 1
        return unit

    def digits(self) -> None:
        if self.peek() not in _DIGITS:
            raise self.expected("a digit")
        while self.peek() in _DIGITS:
            self.i += 1

    def number(self) -> None:
        """A number: ``-``, then ``0`` or digits not starting with 0, then ``.`` and digits,
        then ``e``, a sign and digits (a digit after ``0`` ends the number, and what follows
        is judged as what may follow a value)."""
        if self.peek() == "-":
            self.i += 1
        if self.peek() == "0":
            self.i += 1
        else:
            self.digits()
        if self.peek() == ".":
            self.i += 1
            self.digits()
        if self.peek() in ("e", "E"):
            self.i += 1
            if self.peek() in ("+", "-"):
                self.i += 1
            self.digits()

    def word(self, word: str) -> None:
        """``true``, ``false`` or ``null``, letter by letter."""
        for letter in word:
            if self.peek() != letter:
                raise self.expected(f"`{word}`")
            self.i += 1
