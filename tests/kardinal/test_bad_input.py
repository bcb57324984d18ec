"""Bad input: a specific exception with a message a user can act on, and nothing changed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import boardcore
from boardcore import (
    DataError,
    IllegalActionError,
    NotationError,
    ParameterError,
    StateFormatError,
)
from tests.conftest import Loader, apply
from tests.helpers import data_path


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


@pytest.mark.parametrize(
    "text",
    [
        "",
        "build",
        "build house red",
        "build house red 3,-1 h",
        "build yard red 3,-1",
        "build yard red 3,-1 x",
        "build castle red 0,1",
        "build house purple 0,1",
        "build house red 3;1",
        "build house red 03,1",
        "build house red +3,1",
        "build house red -0,1",
        "build house red 99,0",
        "build  house red 3,1",
        " chip red",
        "chip",
        "Chip red",
        "cardinal",
        "cardinal 1",
        "cardinal stay now",
    ],
)
def test_malformed_notation(load: Loader, text: str) -> None:
    state = load("kardinal").new_initial_state()
    with pytest.raises(NotationError):
        state.string_to_action(text)


def _mutate(text: str, **changes: Any) -> str:
    obj = json.loads(text)
    obj.update(changes)
    return json.dumps(obj)


@pytest.mark.parametrize(
    ("make", "match"),
    [
        (lambda t: "{", "JSON"),
        (lambda t: "[]", "object"),
        (lambda t: _mutate(t, game="chandigarh"), "game"),
        (lambda t: _mutate(t, version=99), "version"),
        (lambda t: _mutate(t, players=3), "players"),
        (lambda t: _mutate(t, extra=1), "extra"),
        (lambda t: json.dumps({k: v for k, v in json.loads(t).items() if k != "supply"}), "supply"),
        (lambda t: _mutate(t, history=[0, 1, 2]), "history"),
        (lambda t: _mutate(t, history=["x"]), "history"),
        (lambda t: _mutate(t, supply=[12, 12, 12, 12]), "supply"),
        (lambda t: _mutate(t, chips=[[5, 0, 0, 0], [0, 0, 0, 0]]), "chips"),
        (lambda t: _mutate(t, cardinal=[7, 7]), "cardinal"),
        (lambda t: _mutate(t, to_move=0), "to_move"),
        (lambda t: t.replace('"to_move":1', '"to_move":1.0'), "to_move"),
    ],
)
def test_malformed_or_inconsistent_json(load: Loader, make: Any, match: str) -> None:
    game = load("kardinal", players=2)
    text = started(load).to_json()
    with pytest.raises(StateFormatError, match=match):
        game.state_from_json(make(text))


@pytest.mark.parametrize(
    ("params", "match"),
    [
        ({"players": 1}, "2, 3 or 4"),
        ({"players": 5}, "2, 3 or 4"),
        ({"players": "four"}, "players"),
        ({"colours": 4}, "colours"),
    ],
)
def test_bad_parameters(load: Loader, params: dict[str, Any], match: str) -> None:
    with pytest.raises(ParameterError, match=match):
        load("kardinal", **params)


PACKAGED = (data_path("kardinal")).read_text()


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (("house = 2", "house = 3"), r"\[edifices\].*house.*0.*2"),
        (("house = 2", 'house = "two"'), "house"),
        (("per_colour = 12", "per_colour = 0"), r"\[chips\].*per_colour.*1.*255"),
        (('game = "kardinal"', 'game = "chess"'), "game"),
        (("[chips]", "[chips]\ncolour = 1"), "colour"),
        (('provenance = "rulebook"', 'provenance = "guess"'), "provenance"),
        (("house = 2\ntower = 2\nyard = 2", "house = 0\ntower = 0\nyard = 0"), "at least one"),
        (("[chips]", "[chips"), "line 13"),
    ],
)
def test_broken_data_file(
    load: Loader, tmp_path: Path, change: tuple[str, str], match: str
) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(PACKAGED.replace(*change, 1))
    with pytest.raises(DataError, match=match) as info:
        load("kardinal", data=str(path))
    assert "broken.toml" in str(info.value)


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
