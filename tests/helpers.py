"""What every game's tests share: reading a state, stepping it, refusing a move, editing a save.

The per-game test files keep their game's rules; these are the verbs they are written with.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from boardcore import IllegalActionError, SplitMix64
from boardcore.api import CHANCE, State

Json = dict[str, Any]
SVG = "{http://www.w3.org/2000/svg}"


# --- reading a state ------------------------------------------------------------------------


def js(state: State) -> Json:
    """The state's canonical JSON, parsed."""
    parsed: Json = json.loads(state.to_json())
    return parsed


def phase(state: State) -> str:
    return str(js(state)["phase"])


def status(state: State) -> str:
    """The first line of the text rendering."""
    return str(state).splitlines()[0]


def same_view(a: State, b: State, seat: int) -> bool:
    """``seat`` cannot tell ``a`` from ``b``: the same observation tensor and string."""
    return bool(
        np.array_equal(a.observation_tensor(seat), b.observation_tensor(seat))
        and a.observation_string(seat) == b.observation_string(seat)
    )


# --- moving ---------------------------------------------------------------------------------


def legal_now(state: State) -> list[int]:
    """The legal actions, or the chance outcomes at a chance node ([] at the end)."""
    if state.is_terminal():
        return []
    if state.current_player() == CHANCE:
        return [a for a, _ in state.chance_outcomes()]
    return state.legal_actions()


def step(state: State, rng: SplitMix64) -> None:
    """One random step: a chance outcome by weight, or a uniformly random legal action."""
    if state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.choose_weighted([w for _, w in outcomes])][0])
    else:
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])


def assert_legal(state: State, *moves: str) -> None:
    legal = legal_now(state)
    for move in moves:
        assert state.string_to_action(move) in legal, move


def assert_rejected(state: State, move: str) -> None:
    """Applying ``move`` raises IllegalActionError naming it, and changes nothing."""
    action = state.string_to_action(move)
    assert action not in legal_now(state), move
    before = state.to_json()
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(action)
    message = str(info.value)
    assert move in message or str(action) in message, message
    assert state.to_json() == before


# --- editing a saved state ------------------------------------------------------------------


def _dump(obj: Json) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def mutate(text: str, **changes: Any) -> str:
    """The saved state ``text`` with top-level fields set."""
    obj = json.loads(text)
    obj.update(changes)
    return _dump(obj)


def drop(text: str, key: str) -> str:
    """The saved state ``text`` without a top-level field."""
    obj = json.loads(text)
    del obj[key]
    return _dump(obj)


def edited(text: str, change: Callable[[Json], None]) -> str:
    """The saved state ``text`` after ``change`` edits its parsed JSON in place."""
    obj = json.loads(text)
    change(obj)
    return _dump(obj)


def edit(change: Callable[[Json], None]) -> Callable[[str], str]:
    """A change of a saved state, given as an edit of its parsed JSON."""
    return lambda text: edited(text, change)


def replace(old: str, new: str) -> Callable[[str], str]:
    """A change of a saved state's text: the first ``old`` becomes ``new``."""

    def change(text: str) -> str:
        assert old in text, old
        return text.replace(old, new, 1)

    return change


# --- comparing the engines ------------------------------------------------------------------


def outcome(call: Callable[[], Any]) -> str:
    """``"ok"``, or the class name of what ``call`` raised: what two engines must agree on."""
    try:
        call()
    except Exception as error:  # the class is what is compared
        return type(error).__name__
    return "ok"


def call(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Callable[[], Any]:
    return lambda: function(*args, **kwargs)


# --- pictures -------------------------------------------------------------------------------


def parse(svg: str) -> ET.Element:
    """A picture, parsed: an SVG document with a title."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.find(f"{SVG}title") is not None
    return root


def texts(element: ET.Element) -> list[str]:
    """Every text and tooltip under ``element``."""
    return [
        e.text or "" for e in element.iter() if e.tag in (f"{SVG}text", f"{SVG}title", f"{SVG}desc")
    ]


def group(root: ET.Element, cls: str) -> ET.Element:
    found = root.find(f".//{SVG}g[@class='{cls}']")
    assert found is not None, cls
    return found


def ring(svg: str) -> ET.Element | None:
    """The last-move ring of a picture, if it has one."""
    marks = group(parse(svg), "last-action")
    assert len(marks) <= 1
    return marks[0] if len(marks) else None
