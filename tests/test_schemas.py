"""The declared save formats (``boardcore/schemas/<game>.schema.json``): every state either
engine saves validates against its game's schema, and a state that breaks the schema is
refused by the schema and by both engines, with the same error class."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest

import boardcore
from boardcore import SplitMix64, StateFormatError
from boardcore.schema import schema, validate
from tests import helpers

from .conftest import ENGINES, Loader

SETTINGS = [(info.name, players) for info in boardcore.games() for players in info.players]
NAMES = sorted(info.name for info in boardcore.games())
ROOT = __import__("pathlib").Path(__file__).resolve().parents[1]


def test_the_schema_module_examples_run() -> None:
    import doctest

    import boardcore.schema

    result = doctest.testmod(boardcore.schema)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize("name", NAMES)
def test_each_schema_is_a_draft_2020_12_schema_linked_from_its_page(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(schema(name))
    assert schema(name)["properties"]["game"] == {"const": name}
    page = (ROOT / "docs" / "games" / f"{name}.md").read_text()
    assert f"python/boardcore/schemas/{name}.schema.json" in page


def _saved_states(load: Loader, name: str, players: int, games: int = 2) -> list[str]:
    """States of seeded random games: the first steps densely (setup, the first turns), then
    every 150th (a whole Prestel game is thousands of steps, and its saves grow with its
    history), and the last."""
    saved = []
    game = load(name, players=players)
    for seed in range(games):
        state: Any = game.new_initial_state()
        rng = SplitMix64(seed)
        step = 0
        while not state.is_terminal():
            if (step < 40 and step % 4 == 0) or step % 150 == 0:
                saved.append(state.to_json())
            legal = state.legal_actions()
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[rng.choose_weighted([w for _, w in outcomes])][0]
            else:
                action = legal[rng.below(len(legal))]
            state.apply_action(action)
            step += 1
        saved.append(state.to_json())
    return saved


@pytest.mark.parametrize(
    ("name", "players"),
    [
        # Prestel's saves with 4 and 5 players are the largest to validate: slow tier
        pytest.param(*setting, marks=[pytest.mark.slow] if setting[1] > 3 else [])
        if setting[0] == "prestel_new_york"
        else setting
        for setting in SETTINGS
    ],
)
def test_every_saved_state_validates_against_its_schema(
    load: Loader, name: str, players: int
) -> None:
    # one whole Prestel game per setting: its saves are the largest
    games = 1 if name == "prestel_new_york" else 2
    for text in _saved_states(load, name, players, games):
        validate(name, text)


def _mutations(state: dict[str, Any]) -> list[tuple[str, dict[str, Any] | str]]:
    """Ways to break a saved state's structure, each named."""
    out: list[tuple[str, dict[str, Any] | str]] = []
    for key in sorted(state):
        if key in ("game", "history"):
            continue
        missing = dict(state)
        del missing[key]
        out.append((f"without {key}", missing))
        wrong = dict(state)
        wrong[key] = "x" if not isinstance(state[key], str) else 3
        out.append((f"{key} of the wrong type", wrong))
    extra = dict(state)
    extra["zzz"] = 0
    out.append(("an unknown key", extra))
    text = helpers.canonical(state)
    out.append(
        (
            "players as a float",
            text.replace(f'"players":{state["players"]}', f'"players":{state["players"]}.0'),
        )
    )
    out.append(("a duplicate key", text[:-1] + f',"players":{state["players"]}}}'))
    return out


@pytest.mark.parametrize("name", NAMES)
def test_a_state_breaking_the_schema_is_refused_by_it_and_by_both_engines(name: str) -> None:
    players = next(info.players[0] for info in boardcore.games() if info.name == name)
    state = json.loads(boardcore.play(boardcore.load(name, players=players), seed=2).to_json())
    games = {engine: load(name, players=players) for engine, load in ENGINES.items()}
    accepted = []
    for what, broken in _mutations(state):
        text = broken if isinstance(broken, str) else json.dumps(broken, sort_keys=True)
        with pytest.raises(StateFormatError):
            validate(name, text)
        for engine, game in games.items():
            try:
                game.state_from_json(text)
            except StateFormatError:
                continue
            accepted.append(f"{engine}: {what}")
    assert accepted == []
