"""Reading a component file (``data/<game>.toml``), shared by the reference engines: the file
and its TOML, the top-level keys, an entry's fields and provenance, plain integers and
strings. Plumbing only: what each table means is the engine's. Every failure is a
``DataError`` naming the file, the entry and the field."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeGuard

from boardcore.errors import DataError

from ._json import is_int

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 has no tomllib
    import tomli as tomllib

__all__ = [
    "SLUG",
    "check_fields",
    "data_choice",
    "data_int",
    "data_slug",
    "data_text",
    "entry_list",
    "is_ints",
    "packaged_data",
    "read_toml",
]

PROVENANCES = ("rulebook", "reconstructed")
SLUG = re.compile(r"[a-z][a-z0-9-]*")
"""A slug: the name of a component in the notation."""


def packaged_data(game: str) -> Path:
    """The component file shipped with the package for ``game``."""
    return Path(__file__).resolve().parent.parent / "data" / f"{game}.toml"


MAX_DATA_BYTES = 16 << 20
"""The most bytes a data file may hold: far beyond any real one (the packaged files are a
few KiB to tens of KiB), small enough that a wrong path (a disk image, ``/dev/zero``) is
refused at once rather than exhausting memory or reading forever. As the Rust engines'."""


def read_toml(
    path: str | os.PathLike[str], game: str, top_keys: tuple[str, ...]
) -> tuple[str, dict[str, Any]]:
    """The file's name (for messages) and its TOML document, whose top-level keys are among
    ``top_keys`` (an unknown one named first in sorted order) and whose ``game`` is
    ``game``."""
    name = str(path)
    if "\0" in name:
        raise DataError(f"{name}: cannot read the data file: the path holds a NUL byte")
    try:
        # at most one byte past the cap, whatever size the file reports (a device reports 0)
        with open(path, "rb") as file:
            data = file.read(MAX_DATA_BYTES + 1)
        text = "" if len(data) > MAX_DATA_BYTES else data.decode("utf-8")
    except (OSError, UnicodeDecodeError, ValueError) as error:
        # In the Rust engines' words: the system's own differ between the two.
        why = next((w for kind, w in _READ_ERRORS if isinstance(error, kind)), None)
        if why is None:  # the system's words for the rest, as the Rust engines give them
            strerror = error.strerror if isinstance(error, OSError) else None
            why = strerror.lower() if strerror else str(error)
        raise DataError(f"{name}: cannot read the data file: {why}") from None
    if len(data) > MAX_DATA_BYTES:
        raise DataError(
            f"{name}: cannot read the data file: larger than {MAX_DATA_BYTES >> 20} MiB"
        )
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataError(f"{name}: not valid TOML (line {_line(text, str(error))})") from None
    for key in sorted(doc):
        if key not in top_keys:
            raise DataError(
                f"{name}: top level: unknown key {key!r}; allowed: {', '.join(top_keys)}"
            )
    if doc.get("game") != game:
        raise DataError(
            f"{name}: top level, field 'game': expected \"{game}\", got {_shown(doc.get('game'))}"
        )
    return name, doc


def _shown(value: object) -> str:
    """A TOML value as the Rust engines show it: the ``repr`` of a string, integer or
    boolean (or of None, for no value), else its kind, whose ``repr`` they do not mirror."""
    if value is None or isinstance(value, (str, int)):
        return repr(value)
    if isinstance(value, float):
        return "a float"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "a table"
    return "a date-time"


_READ_ERRORS: tuple[tuple[type[Exception], str], ...] = (
    (FileNotFoundError, "no such file"),
    (IsADirectoryError, "it is a directory"),
    (PermissionError, "permission denied"),
    (UnicodeDecodeError, "not UTF-8 text"),
)


def _line(text: str, message: str) -> int:
    """The line of a TOML syntax error, as the Rust engines give it (their columns differ on
    some errors, their lines agree)."""
    found = re.search(r"\(at line (\d+), column \d+\)$", message)
    return int(found[1]) if found else text.count("\n") + 1  # else at the end


def check_fields(
    name: str, where: str, entry: object, fields: tuple[str, ...], optional: tuple[str, ...] = ()
) -> dict[str, Any]:
    """``entry`` as a table with every one of ``fields``, perhaps some of ``optional``, and
    nothing else; its ``provenance``, if any, one of the two the spec allows."""
    allowed = fields + optional
    if not isinstance(entry, dict):
        raise DataError(f"{name}: {where}: expected a table (fields: {', '.join(allowed)})")
    for key in entry:
        if key not in allowed:
            raise DataError(
                f"{name}: {where}: unknown field {key!r}; allowed: {', '.join(allowed)}"
            )
    for key in fields:
        if key not in entry:
            raise DataError(f"{name}: {where} field {key!r}: missing")
    if "provenance" in entry and entry["provenance"] not in PROVENANCES:
        raise DataError(
            f"{name}: {where} field 'provenance': expected \"rulebook\" or "
            f'"reconstructed", got {entry["provenance"]!r}'
        )
    return entry


def data_int(name: str, where: str, field: str, value: object, lo: int, hi: int) -> int:
    if not is_int(value) or not lo <= value <= hi:
        raise DataError(
            f"{name}: {where} field {field!r}: expected an integer {lo}..{hi}, got {value!r}"
        )
    return value


def data_choice(
    name: str,
    where: str,
    field: str,
    value: object,
    allowed: Sequence[str],
) -> int:
    """The index of ``value`` among ``allowed``."""
    if not isinstance(value, str) or value not in allowed:
        raise DataError(
            f"{name}: {where} field {field!r}: expected one of {', '.join(allowed)}, got {value!r}"
        )
    return allowed.index(value)


def data_text(name: str, where: str, field: str, value: object) -> str:
    if not isinstance(value, str) or not value:
        raise DataError(
            f"{name}: {where} field {field!r}: expected a non-empty string, got {value!r}"
        )
    return value


def data_slug(name: str, where: str, value: object) -> str:
    if not isinstance(value, str) or not SLUG.fullmatch(value):
        raise DataError(
            f"{name}: {where} field 'slug': expected lower-case letters, digits and '-', "
            f"starting with a letter, got {value!r}"
        )
    return value


def is_ints(value: object, length: int, lo: int, hi: int) -> TypeGuard[list[int]]:
    """A list of ``length`` integers, each ``lo..hi``."""
    return (
        isinstance(value, list)
        and len(value) == length
        and all(is_int(v) and lo <= v <= hi for v in value)
    )


def entry_list(name: str, doc: dict[str, Any], key: str, lo: int, hi: int) -> list[Any]:
    """The ``[[key]]`` entries, ``lo`` to ``hi`` of them."""
    entries = doc.get(key)
    wanted = f"exactly {lo}" if lo == hi else f"{lo} to {hi}"
    if not isinstance(entries, list):
        raise DataError(f"{name}: [[{key}]]: missing (expected {wanted} entries)")
    if not lo <= len(entries) <= hi:
        raise DataError(f"{name}: [[{key}]]: expected {wanted} entries, got {len(entries)}")
    return entries
