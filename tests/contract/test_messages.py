"""The same bad argument gets the same message from both engines (DESIGN.md, "Errors"), for
what every game shares: an action id, a seat, notation that is no text, a saved state that is
no text or no object. (What a game's own rules say of an illegal move or a malformed move is
that game's wording, in its own tests.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from boardcore import (
    IllegalActionError,
    NotationError,
    ParameterError,
    StateFormatError,
)
from tests.conftest import ENGINES
from tests.contract.settings import GAMES

NOT_IDS: list[Any] = [None, 2.5, "1", True, b"\x01", [3]]
OUT_OF_RANGE: list[Any] = [-1, np.int64(-3), 10**30]
NOT_TEXT: list[Any] = [None, 5, b"zzz", ["draw"]]
NOT_SEATS: list[Any] = [None, -1, 9, 2.0, np.int64(7), 10**30]
NOT_SAVED: list[Any] = [None, b"{}", 3, "[]", "5", '"text"']


def both(call: Callable[[Any], object], error: type[Exception], name: str) -> str:
    """``call`` on a fresh state of each engine: the same ``error`` with the same message."""
    messages = []
    for load in ENGINES.values():
        with pytest.raises(error) as info:
            call(load(name))
        messages.append(str(info.value))
    assert messages[0] == messages[1], messages
    return messages[0]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("value", NOT_IDS, ids=repr)
def test_a_value_that_is_no_action_id(name: str, value: Any) -> None:
    said = both(lambda g: g.new_initial_state().apply_action(value), IllegalActionError, name)
    assert said.endswith(f"is not an action: action ids are ints 0 to {count(name) - 1}")
    said = both(lambda g: g.new_initial_state().action_to_string(value), NotationError, name)
    assert "is not an action" in said


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("value", [*OUT_OF_RANGE, "count"], ids=repr)
def test_an_action_id_out_of_range(name: str, value: Any) -> None:
    action = count(name) if value == "count" else value
    said = both(lambda g: g.new_initial_state().apply_action(action), IllegalActionError, name)
    assert said == f"action {int(action)} is out of range: actions are 0 to {count(name) - 1}"
    said = both(lambda g: g.new_initial_state().action_to_string(action), NotationError, name)
    assert said == f"action {int(action)} is out of range: actions are 0 to {count(name) - 1}"


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("value", NOT_TEXT, ids=repr)
def test_notation_that_is_no_text(name: str, value: Any) -> None:
    said = both(lambda g: g.new_initial_state().string_to_action(value), NotationError, name)
    assert said == f"an action in notation must be a str, not {value!r}"


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    "text", ["x" * 201, 'a"b\\c\nd\te\x01\x7f é ✓ ' * 30], ids=["plain", "escapes"]
)
def test_notation_far_too_long_is_quoted_only_at_its_start(name: str, text: str) -> None:
    said = both(lambda g: g.new_initial_state().string_to_action(text), NotationError, name)
    assert said.endswith("... is not a move: moves are far shorter than 200 characters")
    assert len(said) < 2 * 200 + 80


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("view", ["observation_tensor", "observation_string"])
@pytest.mark.parametrize("value", NOT_SEATS, ids=repr)
def test_an_observer_that_is_no_seat(name: str, view: str, value: Any) -> None:
    seats = ENGINES["rust"](name).num_players
    said = both(lambda g: getattr(g.new_initial_state(), view)(value), ParameterError, name)
    assert said == f"player must be a seat from 0 to {seats - 1}, not {value!r}"


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("value", NOT_SAVED, ids=repr)
def test_a_saved_state_that_is_no_text_or_no_object(name: str, value: Any) -> None:
    said = both(lambda g: g.state_from_json(value), StateFormatError, name)
    title = name.replace("_", " ").title()
    expected = (
        f"not a {title} state: expected a JSON object"
        if isinstance(value, str)
        else f"a saved state must be a str, not {value!r}"
    )
    assert said == expected


class Index:
    """An integer only through ``__index__`` (as numpy's are): both engines take it as one."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __repr__(self) -> str:
        return f"Index({self.value})"


@pytest.mark.parametrize("name", GAMES)
def test_an_integer_through_index_is_an_action_id_and_a_seat(name: str) -> None:
    played = []
    for load in ENGINES.values():
        state: Any = load(name).new_initial_state()  # given what its signature does not say
        action = (
            state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_actions()[0]
        )
        text = state.action_to_string(Index(action))
        state.apply_action(Index(action))
        played.append((text, state.history(), state.observation_string(Index(0))))
    assert played[0] == played[1]
    said = both(lambda g: g.new_initial_state().apply_action(Index(-1)), IllegalActionError, name)
    assert said == f"action -1 is out of range: actions are 0 to {count(name) - 1}"


def count(name: str) -> int:
    return int(ENGINES["rust"](name).num_distinct_actions)
