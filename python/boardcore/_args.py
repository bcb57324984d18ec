"""Checks of the arguments that drive games (seeds, counts, sizes), one policy for every entry
point (DESIGN.md, "Errors"): an int is anything with ``__index__`` (numpy integers too) but
not a bool; a wrong type is a ``TypeError`` naming the argument, a value out of range a
``ParameterError`` naming the bound, checked before anything is allocated or started."""

from __future__ import annotations

import operator
import unicodedata

from .errors import ParameterError

__all__ = [
    "MAX_GAMES",
    "MAX_THREADS",
    "OBJECT_LIMIT",
    "as_int",
    "count",
    "debug",
    "index",
    "quote",
    "seed",
    "shown_key",
    "unencodable",
]

MAX_GAMES = 1 << 28
"""The most games one batch holds (its result arrays: up to 7.5 GB); as the Rust core's."""
MAX_THREADS = 1024
"""The most threads a batch may ask for: far beyond any machine, as the Rust core's."""
QUOTE_LIMIT = 200
"""The most characters of a user's input that a message quotes."""
OBJECT_LIMIT = 60
"""The most characters of an object's repr that a message quotes where only its kind matters
(a state passed for a game): enough to recognise it, not its whole position."""


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)``, cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def unencodable(value: object) -> str | None:
    """For a str with a lone surrogate, which is no Unicode text and which the Rust engines
    cannot take (it has no UTF-8): what it must be instead, after "must be"; else None."""
    if not isinstance(value, str):
        return None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return f"Unicode text without lone surrogates, not {quote(value)}"
    return None


def debug(text: str) -> str:
    """``text`` quoted as the Rust engines quote it (Rust's ``{:?}`` of a str): what Unicode
    does not print (controls, format characters, spaces but ' ', unassigned code points) and
    combining marks escaped as ``\\u{..}``. Rust's tables may be of a newer Unicode than
    Python's ``unicodedata``: a code point assigned in between is escaped by one only."""
    escapes = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t", "\0": "\\0"}
    out = (
        escapes.get(c)
        or (
            f"\\u{{{ord(c):x}}}"
            if not (c.isprintable() or c == " ") or unicodedata.category(c) in ("Mn", "Me")
            else c
        )
        for c in text
    )
    return '"' + "".join(out) + '"'


def shown_key(key: str) -> str:
    """A key of a saved state quoted and cut as the Rust engines show it."""
    text = debug(key)
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT] + "..."


def index(value: object, name: str) -> int:
    """``value`` as an int (``__index__``; not a bool or a float), else ``TypeError``."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an int, not bool {value!r}")
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(
            f"{name} must be an int, not {type(value).__name__} {quote(value)}"
        ) from None


def as_int(value: object) -> int | None:
    """``value`` as an int if it is one (anything with ``__index__``: numpy integers and 0-d
    integer arrays too; not a bool, not a float), else None: the Rust bindings' rule, for a
    move or a seat, where any other value is a bad move, not a type error."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def seed(value: object) -> int:
    """A seed: any int, taken modulo 2**64 (DESIGN.md, "Randomness")."""
    return index(value, "seed") % (1 << 64)


def count(value: object, name: str, low: int, high: int) -> int:
    """An int from ``low`` to ``high``; ``ParameterError`` naming the bounds otherwise."""
    n = index(value, name)
    if not low <= n <= high:
        raise ParameterError(f"{name} must be from {low} to {high}, not {n}")
    return n
