"""The declared save format of each game: a JSON Schema per game, shipped with the package.

``schema(name)`` is the schema (a dict) of ``name``'s saved states, the structure of what
``state.to_json()`` writes in both engines; engines in other languages and users of the
conformance kit can validate against the files in ``boardcore/schemas/`` directly.
``validate(name, text)`` checks a saved state's text against it, as strictly as the
engines read it (no duplicate keys, integers written as integers, no ``-0``), and raises
:class:`StateFormatError` naming the first field that breaks it. Structure only: loading
a state (``state_from_json``) also replays its ``history`` and checks every other field.

>>> import boardcore, boardcore.schema
>>> state = boardcore.play(boardcore.load("kardinal", players=2), seed=1)
>>> boardcore.schema.validate("kardinal", state.to_json())
>>> boardcore.schema.validate("kardinal", state.to_json().replace('"players":2', '"players":7'))
Traceback (most recent call last):
...
boardcore.errors.StateFormatError: kardinal saved state: players: 7 is greater than the maximum of 4
>>> boardcore.schema.validate("kardinal", state.to_json().replace('"players":2', '"players":2.0'))
Traceback (most recent call last):
...
boardcore.errors.StateFormatError: not a saved state: '2.0' is not an integer
"""

from __future__ import annotations

import functools
import json
import math
from importlib import resources
from typing import Any

from ._args import quote, shown_key
from ._jsontext import still_not_json, syntax_error
from ._registry import game_info
from .errors import StateFormatError

__all__ = ["field_error", "loads", "schema", "structure_error", "validate"]


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of game ``name``'s saved states."""
    return _schema(game_info(name).name)


@functools.cache
def _schema(name: str) -> dict[str, Any]:
    text = resources.files("boardcore").joinpath("schemas", f"{name}.schema.json").read_text()
    loaded: dict[str, Any] = json.loads(text)
    return loaded


class _NotCanonical(ValueError):
    pass


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        # the first key seen again, as serde_json meets it (the Rust engines' words)
        seen: set[str] = set()
        for key in keys:
            if key in seen:
                raise _NotCanonical(f"malformed JSON (key {shown_key(key)} appears twice)")
            seen.add(key)
    return dict(pairs)


def _finite(text: str, on_float: Any) -> Any:
    if math.isinf(float(text)):
        raise _NotCanonical("malformed JSON (number out of range)")
    return on_float(text)


def _not_json(text: str) -> Any:
    raise _NotCanonical(f"{text} is not JSON")  # NaN, Infinity: the scanner says where


def _integer(text: str, on_float: Any) -> Any:
    if text == "-0":
        if on_float is _no_float:
            raise _NotCanonical("-0 is not canonical: write 0")
        return on_float(text)  # the Rust engines read -0.0: the engine names the field
    digits = len(text) - text.startswith("-")
    if digits > 20 or (digits > 18 and not -(2**63) <= int(text) < 2**64):
        # No 64-bit integer holds it: the Rust engines read a float, or refuse one that no
        # float holds (and int() of thousands of digits is itself a ValueError)
        if math.isinf(float(text)):
            raise _NotCanonical("malformed JSON (number out of range)")
        return on_float(text)
    return int(text)


def _no_float(text: str) -> Any:
    raise _NotCanonical(f"{quote(text)} is not an integer")


class _NotAnInteger:
    """A number written with a fraction or exponent (or ``-0``) where the reference engines
    read a saved state: kept (not refused at parse time) so that the comparison with the
    replay names where it stands, as the Rust engines do."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def loads(text: str) -> Any:
    """``json.loads`` as strict as the engines: duplicate keys, floats, ``NaN`` and ``-0``
    are refused with :class:`StateFormatError`."""
    return _loads(text, _no_float)


def _loads(text: str, on_float: Any) -> Any:
    if not isinstance(text, str):
        raise StateFormatError(f"a saved state must be a str, not {type(text).__name__}")
    try:
        value = json.loads(
            text,
            object_pairs_hook=_pairs,
            parse_int=lambda text: _integer(text, on_float),
            parse_float=lambda text: _finite(text, on_float),
            parse_constant=_not_json,
        )
    except (_NotCanonical, ValueError, RecursionError) as error:
        # A syntax error anywhere in the text is named first, where the Rust engines name it;
        # else what json refused in text that is JSON, as the Rust engines word it.
        where = syntax_error(text)
        if where is not None:
            raise StateFormatError(f"not a saved state: malformed JSON ({where})") from None
        raise StateFormatError(f"not a saved state: {error}") from None
    where = still_not_json(text, value)
    if where is not None:
        raise StateFormatError(f"not a saved state: malformed JSON ({where})")
    return value


@functools.cache
def _strict() -> Any:
    """The validator class: JSON Schema 2020-12 where an integer is an int, never a bool."""
    import jsonschema  # here: only loading a state needs it

    base = jsonschema.Draft202012Validator
    strict_ints = base.TYPE_CHECKER.redefine(
        "integer", lambda _, value: isinstance(value, int) and not isinstance(value, bool)
    )
    return jsonschema.validators.extend(base, type_checker=strict_ints)  # type: ignore[no-untyped-call]


@functools.cache
def _validator(name: str) -> Any:
    return _strict()(schema(name))


def field_error(name: str, field: str, value: Any) -> str | None:
    """What breaks game ``name``'s schema in ``value`` as the saved state's ``field``, or
    None (also for a field the schema does not name)."""
    import jsonschema

    declared = schema(name)["properties"].get(field)
    if declared is None:
        return None
    error = jsonschema.exceptions.best_match(_strict()(declared).iter_errors(value))
    return None if error is None else str(error.message)


def validate(name: str, text: str) -> None:
    """Checks the saved state ``text`` against game ``name``'s schema; a
    :class:`StateFormatError` names the first field that breaks it."""
    found = structure_error(name, loads(text))
    if found is not None:
        raise StateFormatError(f"{name} saved state: {found[0]}: {found[1]}")


def structure_error(name: str, value: Any) -> tuple[str, str] | None:
    """Where (a ``/``-joined path, or "the state") and what, of the first way the parsed saved
    state ``value`` breaks game ``name``'s schema; None if it keeps it (``validate``'s
    check; loading a state checks more: that it is what its history gives)."""
    import jsonschema

    error = jsonschema.exceptions.best_match(_validator(name).iter_errors(value))
    if error is None:
        return None
    message = error.message if len(error.message) <= 200 else error.message[:200] + "..."
    if not error.absolute_path and not isinstance(error.instance, dict):
        return "the state", "expected a JSON object"
    if not error.absolute_path:
        # the Rust engines' words for the two commonest slips: a field missing or unknown
        if error.validator == "required":
            missing = next(k for k in error.validator_value if k not in error.instance)
            return "the state", f"missing field {json.dumps(missing)}"
        if error.validator == "additionalProperties":
            known = error.schema.get("properties", {})
            unknown = next(k for k in error.instance if k not in known)
            return "the state", f"unknown field {json.dumps(unknown)}"
    where = "/".join(str(p) for p in error.absolute_path) or "the state"
    return where, message
