"""Round trips: JSON within and across engines, clones, notation, replay, parameters."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import boardcore
from boardcore import SplitMix64
from boardcore.api import CHANCE
from tests.conftest import Loader

ENGINES = {"rust": boardcore.load, "reference": boardcore.reference.load}
NAME = "prestel_new_york"


def random_states(game: Any, seed: int, every: int = 1) -> list[Any]:
    """Every ``every``-th state of one seeded random game (random agent and chance), and the
    last one."""
    state = game.new_initial_state()
    rng = SplitMix64(seed)
    states = [state.clone()]
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            action = outcomes[rng.choose_weighted([w for _, w in outcomes])][0]
        else:
            legal = state.legal_actions()
            action = legal[rng.below(len(legal))]
        state.apply_action(action)
        if len(state.history()) % every == 0 or state.is_terminal():
            states.append(state.clone())
    return states


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize(("saver", "loader"), [(s, t) for s in ENGINES for t in ENGINES])
def test_json_round_trip_across_engines(players: int, saver: str, loader: str) -> None:
    """A state saved by one engine loads in the other and plays on identically."""
    source = ENGINES[saver](NAME, players=players, max_rounds=12)
    target = ENGINES[loader](NAME, players=players, max_rounds=12)
    for seed in range(3):
        states = random_states(source, seed, every=9)
        for state in states:
            text = state.to_json()
            loaded = target.state_from_json(text)
            assert loaded.to_json() == text
            assert loaded.current_player() == state.current_player()
            if state.current_player() == CHANCE:
                assert loaded.chance_outcomes() == state.chance_outcomes()
            else:
                assert loaded.legal_actions() == state.legal_actions()
        middle = states[len(states) // 2]
        resumed = target.state_from_json(middle.to_json())
        for action in states[-1].history()[len(middle.history()) :]:
            resumed.apply_action(action)
        assert resumed.to_json() == states[-1].to_json()
        assert resumed.scores() == states[-1].scores()
        assert resumed.winners() == states[-1].winners()


def test_a_state_of_other_parameters_is_refused(load: Loader) -> None:
    state = boardcore.play(load(NAME, players=3, max_rounds=2), seed=1)
    with pytest.raises(boardcore.StateFormatError, match="max_rounds"):
        load(NAME, players=3).state_from_json(state.to_json())
    with pytest.raises(boardcore.StateFormatError, match="speeds"):
        load(NAME, players=3, speeds="1,2,1", max_rounds=2).state_from_json(state.to_json())
    with pytest.raises(boardcore.StateFormatError, match="players"):
        load(NAME, players=4, max_rounds=2).state_from_json(state.to_json())


def test_json_is_canonical(load: Loader) -> None:
    state = random_states(load(NAME, players=3, max_rounds=3), 1)[100]
    text = state.to_json()
    assert text == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))
    assert " " not in text.replace('"', "")


def test_clone_is_independent(load: Loader) -> None:
    state = load(NAME, players=4).new_initial_state()
    twin = state.clone()
    deep = copy.deepcopy(state)
    state.apply_action(state.chance_outcomes()[0][0])
    assert twin.history() == []
    assert deep.history() == []
    assert twin.to_json() != state.to_json()
    twin.apply_action(twin.chance_outcomes()[-1][0])
    assert state.history() != twin.history()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_action_round_trips_through_notation(load: Loader, players: int) -> None:
    game = load(NAME, players=players, speeds=",".join(["2"] + ["1"] * (players - 1)))
    seen = set()
    for state in random_states(game, players, every=3)[:400]:
        if state.is_terminal():
            continue
        if state.current_player() == CHANCE:
            actions = [a for a, _ in state.chance_outcomes()]
        else:
            actions = state.legal_actions()
        for action in actions:
            text = state.action_to_string(action)
            assert state.string_to_action(text) == action
            seen.add(text.split(" ")[0])
    assert {"deal", "reveal", "draw", "stack", "look", "take", "stone"} <= seen


def test_every_action_id_has_a_notation(load: Loader) -> None:
    game = load(NAME)
    state = game.new_initial_state()
    assert game.num_distinct_actions == 557
    texts = {state.action_to_string(a) for a in range(game.num_distinct_actions)}
    assert len(texts) == 557
    for text in texts:
        assert state.action_to_string(state.string_to_action(text)) == text


def test_replay_gives_the_same_state(load: Loader) -> None:
    game = load(NAME, players=3, max_rounds=5)
    final = boardcore.play(game, seed=11)
    assert game.replay(final.history()).to_json() == final.to_json()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_params_rebuild_the_same_game(load: Loader, players: int) -> None:
    game = load(NAME, players=players, max_rounds=7)
    twin = load(NAME, **game.params)
    assert twin.params == game.params
    assert boardcore.play(twin, seed=3).to_json() == boardcore.play(game, seed=3).to_json()
    assert game.params["speeds"] == ",".join(["1"] * players)


@pytest.mark.parametrize("players", [3])
def test_simulate_matches_play_on_the_reference(players: int) -> None:
    result = boardcore.simulate(NAME, players=players, games=6, seed=40, threads=2)
    ref = boardcore.reference.load(NAME, players=players)
    for i in range(6):
        final = boardcore.play(ref, seed=40 + i)
        assert result.scores[i].tolist() == final.scores()
        assert result.lengths[i] == len(final.history())
        assert [s for s in range(players) if result.winners[i][s]] == final.winners()
