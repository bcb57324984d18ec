"""Bad input: a specific exception with a message a user can act on, and nothing changed."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import boardcore
from boardcore import IllegalActionError
from tests.conftest import Loader, apply
from tests.helpers import data_path, replace


def started(load: Loader, players: int = 2) -> Any:
    return apply(
        load("kardinal", players=players).new_initial_state(),
        "build house red 2,0",
        "chip blue",
        "cardinal 1,1",
    )


@pytest.mark.parametrize(
    ("move", "why"),
    [
        # Each breaks exactly one rule, so both engines must name that one.
        ("build yard green 1,1 h", "rule I"),  # the cardinal stands on 1,1
        ("build yard green 1,-2 v", "rule III"),  # touches only the clock-tower
        ("build house green 1,-1", "rule VI"),  # the previous edifice is a house
        ("build tower blue -1,0", "blue"),  # blue is seat 0's colour
        ("chip red", "build"),
        ("cardinal 2,1", "build"),
    ],
)
def test_illegal_action_names_the_rule_and_changes_nothing(
    load: Loader, move: str, why: str
) -> None:
    state = started(load)
    before = state.to_json()
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(state.string_to_action(move))
    assert move in str(info.value)
    assert why in str(info.value)
    assert state.to_json() == before


def _mutate(text: str, **changes: Any) -> str:
    obj = json.loads(text)
    obj.update(changes)
    return json.dumps(obj)


SAVED = (2, started(boardcore.load).to_json())
"""The player count and the saved state that TAMPERED changes (and the contract suite's
changes every game refuses: another game, version or player count, an extra key, a history
that is no list of actions)."""

TAMPERED: list[tuple[Callable[[str], str], str]] = [
    (lambda t: json.dumps({k: v for k, v in json.loads(t).items() if k != "supply"}), "supply"),
    (lambda t: _mutate(t, supply=[12, 12, 12, 12]), "supply"),
    (lambda t: _mutate(t, chips=[[5, 0, 0, 0], [0, 0, 0, 0]]), "chips"),
    (lambda t: _mutate(t, cardinal=[7, 7]), "cardinal"),
    (lambda t: _mutate(t, to_move=0), "to_move"),
    (lambda t: t.replace('"to_move":1', '"to_move":1.0'), "to_move"),
]


def test_the_saved_state_is_as_described(load: Loader) -> None:
    assert started(load).to_json() == SAVED[1]


BAD_PARAMETERS: list[tuple[dict[str, Any], str]] = [
    ({"players": 1}, "2, 3 or 4"),
    ({"players": 5}, "2, 3 or 4"),
    ({"players": "four"}, "players"),
    ({"colours": 4}, "colours"),
]


PACKAGED = (data_path("kardinal")).read_text()


BROKEN: list[tuple[Callable[[str], str], tuple[str, ...]]] = [
    (replace("house = 2", "house = 3"), (r"\[edifices\].*house.*0.*2",)),
    (replace("house = 2", 'house = "two"'), ("house",)),
    (replace("per_colour = 12", "per_colour = 0"), (r"\[chips\].*per_colour.*1.*255",)),
    (replace('game = "kardinal"', 'game = "chess"'), ("game",)),
    (replace("[chips]", "[chips]\ncolour = 1"), ("colour",)),
    (replace('provenance = "rulebook"', 'provenance = "guess"'), ("provenance",)),
    (
        replace("house = 2\ntower = 2\nyard = 2", "house = 0\ntower = 0\nyard = 0"),
        ("at least one",),
    ),
    (replace("[chips]", "[chips"), ("line 13",)),
]


def test_user_data_file_is_used(load: Loader, tmp_path: Path) -> None:
    """A variant with one house, tower and yard per colour and 3 chips per colour."""
    path = tmp_path / "small.toml"
    path.write_text(
        PACKAGED.replace(
            "house = 2\ntower = 2\nyard = 2", "house = 1\ntower = 1\nyard = 1"
        ).replace("per_colour = 12", "per_colour = 3")
    )
    game = load("kardinal", players=4, data=str(path))
    assert game.params["data"] == str(path)
    state = game.new_initial_state()
    assert json.loads(state.to_json())["supply"] == [3, 3, 3, 3]
    final = boardcore.play(game, seed=1)
    assert len([e for e in json.loads(final.to_json())["edifices"]]) <= 12
    assert sum(final.scores()) <= 4 * 3 * 2
