"""Round trips: JSON within and across engines, clones, notation, replay, parameters."""

from __future__ import annotations

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


def test_a_state_of_other_parameters_is_refused(load: Loader) -> None:
    state = boardcore.play(load(NAME, players=3, max_rounds=2), seed=1)
    with pytest.raises(boardcore.StateFormatError, match="max_rounds"):
        load(NAME, players=3).state_from_json(state.to_json())
    with pytest.raises(boardcore.StateFormatError, match="speeds"):
        load(NAME, players=3, speeds="1,2,1", max_rounds=2).state_from_json(state.to_json())
    with pytest.raises(boardcore.StateFormatError, match="players"):
        load(NAME, players=4, max_rounds=2).state_from_json(state.to_json())


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
