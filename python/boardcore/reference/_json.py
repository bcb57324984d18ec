"""JSON checking shared by the reference engines' ``state_from_json``: plumbing only, no
rules (each engine still checks its own fields). Every failure is a ``StateFormatError``
naming the field."""

from __future__ import annotations

import json
from typing import Any, TypeGuard

from boardcore.errors import StateFormatError

__all__ = [
    "describe",
    "is_int",
    "json_int",
    "json_ints",
    "json_list",
    "json_object",
    "no_duplicates",
    "short",
]


def is_int(value: object) -> TypeGuard[int]:
    """A JSON/TOML integer: an int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def describe(value: object) -> str:
    try:
        return short(json.dumps(value))
    except (TypeError, ValueError):
        return short(repr(value))


def json_int(value: object, where: str, lo: int, hi: int) -> int:
    if not is_int(value) or not lo <= value <= hi:
        raise StateFormatError(
            f"field {where}: expected an integer {lo}..{hi}, got {describe(value)}"
        )
    return value


def json_list(value: object, where: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise StateFormatError(f"field {where}: expected a list, got {describe(value)}")
    if length is not None and len(value) != length:
        raise StateFormatError(
            f"field {where}: expected a list of {length}, got {len(value)} entries"
        )
    return value


def json_ints(value: object, where: str, lo: int, hi: int, length: int | None = None) -> None:
    for index, item in enumerate(json_list(value, where, length)):
        json_int(item, f"{where}[{index}]", lo, hi)


def json_object(value: object, where: str, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(value, dict) or sorted(value) != list(keys):
        raise StateFormatError(
            f"field {where}: expected an object with keys {', '.join(keys)}, got {describe(value)}"
        )
    return value


def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise StateFormatError(f"duplicate key {key!r} in the JSON object")
        result[key] = value
    return result
