"""Reading a game's parameters, shared by the reference engines: the types and the per-seat
lists, refused in the Rust engines' words (``rust/boardcore/src/engine.rs``), so that a
user's mistake reads the same whichever engine they run."""

from __future__ import annotations

import operator
from collections.abc import Callable

from boardcore._args import debug as _debug
from boardcore.errors import ParameterError

__all__ = ["DATA_FORM", "counted", "data_param", "describe", "int_param", "per_seat", "str_param"]

DATA_FORM = "a path to a component file"
"""What to write for ``data`` (every game's component file)."""


def cut(text: str) -> str:
    """A user's text as parameter messages quote it: its first 40 characters."""
    return f"{text[:40]}{'...' if len(text) > 40 else ''}"


def describe(value: object) -> str:
    """A parameter's value as messages describe it: ``the integer 3``, ``the string '5'``,
    ``the list ['easy', 'hard']``."""
    if isinstance(value, str):
        return f"the string '{cut(value)}'"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"the integer {cut(str(value))}"
    return f"the {type(value).__name__} {cut(repr(value))}"


def int_param(value: object, name: str) -> int:
    """An integer parameter (numpy integers too, not a bool), within 64 bits as in the Rust
    engines."""
    try:
        number = None if isinstance(value, (bool, str)) else operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        number = None
    if number is None:
        raise ParameterError(f"{name} must be an integer, not {describe(value)}")
    if not -(1 << 63) <= number < 1 << 63:
        raise ParameterError(
            f"{name} must be a small integer, not {cut(str(number))} (out of range)"
        )
    return number


def str_param(value: object, name: str, form: str) -> str:
    """A text parameter; any other value is refused with ``form``, what to write."""
    if isinstance(value, str):
        return value
    raise ParameterError(f"{name} must be a string, {form}, not {describe(value)}")


def data_param(value: object) -> str:
    """The ``data`` parameter: a path, never empty (which no file has)."""
    text = str_param(value, "data", DATA_FORM)
    if not text:
        raise ParameterError(f"data must be {DATA_FORM}, not the string ''")
    return text


def counted(count: int, word: str) -> str:
    """``count`` and ``word``, plural unless one (``1 level``, ``2 levels``)."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def per_seat(
    what: tuple[str, str, str],
    text: str,
    players: int,
    for_every_seat: bool,
    read: Callable[[str], int | str],
) -> list[int]:
    """A parameter giving each seat a word (``what``: its name, what to write, the word):
    ``text`` lists one per seat separated by commas, or (if ``for_every_seat``) one for all.
    ``read`` gives a word's value, or what is wrong with it; every word is read before the
    count is checked, as an unknown word is the likelier mistake."""
    name, form, word = what
    values = []
    for item in text.split(","):
        value = read(item)
        if isinstance(value, str):
            raise ParameterError(f"{name} must be {form}: {value}")
        values.append(value)
    if len(values) == 1 and for_every_seat:
        return values * players
    if len(values) != players:
        raise ParameterError(
            f"{name} must be {form}: {_debug(text)} lists {counted(len(values), word)} "
            f"for {counted(players, 'player')}"
        )
    return values
