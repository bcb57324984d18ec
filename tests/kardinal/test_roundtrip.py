"""Round trips: JSON within and across engines, clones, notation, replay, observations."""

from __future__ import annotations

import copy
import json
from typing import Any

import numpy as np
import pytest

import boardcore
from boardcore import SplitMix64
from tests.conftest import Loader

ENGINES = {"rust": boardcore.load, "reference": boardcore.reference.load}


def random_states(load: Loader, players: int, seed: int) -> list[Any]:
    """Every state of one seeded random game, in order."""
    state = load("kardinal", players=players).new_initial_state()
    rng = SplitMix64(seed)
    states = [state.clone()]
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
        states.append(state.clone())
    return states


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(("saver", "loader"), [(s, t) for s in ENGINES for t in ENGINES])
def test_json_round_trip_across_engines(players: int, saver: str, loader: str) -> None:
    """A state saved by one engine loads in the other and plays on identically."""
    target = ENGINES[loader]("kardinal", players=players)
    for seed in range(15):
        for state in random_states(ENGINES[saver], players, seed):
            text = state.to_json()
            loaded = target.state_from_json(text)
            assert loaded.to_json() == text
            assert loaded.legal_actions() == state.legal_actions()
            assert loaded.current_player() == state.current_player()
        # The loaded mid-game state plays on to the same end as the original.
        states = random_states(ENGINES[saver], players, seed)
        middle = states[len(states) // 2]
        resumed = target.state_from_json(middle.to_json())
        for action in states[-1].history()[len(middle.history()) :]:
            resumed.apply_action(action)
        assert resumed.to_json() == states[-1].to_json()
        assert resumed.scores() == states[-1].scores()


def test_json_is_canonical(load: Loader) -> None:
    state = random_states(load, 3, 1)[20]
    text = state.to_json()
    assert text == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))
    assert " " not in text.replace('"', "")


def test_clone_is_independent(load: Loader) -> None:
    state = load("kardinal", players=4).new_initial_state()
    twin = state.clone()
    deep = copy.deepcopy(state)
    state.apply_action(state.legal_actions()[0])
    assert twin.history() == []
    assert deep.history() == []
    assert twin.to_json() != state.to_json()
    twin.apply_action(twin.legal_actions()[-1])
    assert state.history() != twin.history()


def test_history_is_a_copy(load: Loader) -> None:
    state = load("kardinal", players=2).new_initial_state()
    state.apply_action(state.legal_actions()[0])
    history = state.history()
    history.append(5)
    assert len(state.history()) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_notation_round_trips_for_every_legal_action(load: Loader, players: int) -> None:
    for seed in range(10):
        for state in random_states(load, players, seed):
            for action in state.legal_actions():
                text = state.action_to_string(action)
                assert state.string_to_action(text) == action, text


def test_replay_reaches_the_same_state(load: Loader) -> None:
    game = load("kardinal", players=3)
    final = random_states(load, 3, 9)[-1]
    assert game.replay(final.history()).to_json() == final.to_json()


def test_mask_matches_legal_actions(load: Loader) -> None:
    for state in random_states(load, 4, 3):
        mask = state.legal_action_mask()
        assert mask.dtype == np.bool_
        assert mask.shape == (83305,)
        assert np.flatnonzero(mask).tolist() == state.legal_actions()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observations_agree_across_engines(players: int) -> None:
    rust = random_states(boardcore.load, players, 4)
    ref = random_states(boardcore.reference.load, players, 4)
    for a, b in zip(rust, ref, strict=True):
        for seat in range(players):
            ta, tb = a.observation_tensor(seat), b.observation_tensor(seat)
            assert ta.dtype == np.float32
            assert ta.shape == (44146,)
            assert np.array_equal(ta, tb)
            assert a.observation_string(seat) == b.observation_string(seat)


def test_observation_tensor_layout(load: Loader) -> None:
    """Plane and scalar positions as docs/games/kardinal.md documents them."""
    state = load("kardinal", players=2).new_initial_state()
    for move in ("build house red 2,0", "chip blue", "cardinal 1,1"):
        state.apply_action(state.string_to_action(move))
    t = state.observation_tensor(1)

    def cell(x: int, y: int) -> int:
        return (y + 34) * 70 + x + 34

    assert t[0 * 4900 + cell(2, 0)] == 1.0  # red plane
    assert t[4 * 4900 + cell(2, 0)] == 1.0  # house plane
    assert t[4 * 4900 + cell(0, 0)] == 1.0  # the nave is a house
    assert t[5 * 4900 + cell(1, 0)] == 1.0  # the clock-tower is a tower
    assert t[7 * 4900 + cell(0, 0)] == t[7 * 4900 + cell(1, 0)] == 1.0
    assert t[8 * 4900 + cell(1, 1)] == 1.0  # the cardinal
    assert t[:44100].sum() == 1 + 1 + 2 + 2 + 1  # colour, shape, two shapes, cathedral, cardinal
    scalars = t[44100:]
    assert scalars[:4].tolist() == [12, 12, 11, 12]  # supply
    assert scalars[4:7].tolist() == [1, 2, 2]  # red left: houses, towers, yards
    assert scalars[16:20].tolist() == [0, 0, 0, 0]  # observer (seat 1) first
    assert scalars[20:24].tolist() == [0, 0, 1, 0]  # then seat 0
    assert scalars[32:35].tolist() == [1, 0, 0]  # previous shape: house
    assert scalars[35:39].tolist() == [1, 0, 0, 0]  # previous colour: red
    assert scalars[39:42].tolist() == [1, 0, 0]  # phase: build
    assert scalars[42:46].tolist() == [1, 0, 0, 0]  # seat 1 to move: the observer itself


def test_states_compare_by_position(load: Loader) -> None:
    game = load("kardinal", players=2)
    a, b = game.new_initial_state(), game.new_initial_state()
    assert a == b
    a.apply_action(a.legal_actions()[0])
    assert a != b


@pytest.mark.parametrize(("players", "seed"), [(2, 145), (3, 74), (4, 713)])
def test_rendering_of_wide_boards_is_aligned_and_identical(players: int, seed: int) -> None:
    """Seeds whose city reaches x = -10: columns widen to fit three-character labels."""
    rust = boardcore.play(boardcore.load("kardinal", players=players), seed=seed)
    ref = boardcore.play(boardcore.reference.load("kardinal", players=players), seed=seed)
    assert str(rust) == str(ref)
    xs = [c[0] for e in json.loads(rust.to_json())["edifices"] for c in e["cells"]]
    assert min(xs) <= -10
    board = str(rust).split("\nseat 0:")[0].splitlines()
    assert len({len(line) for line in board}) == 1  # header and rows line up
    columns = len(board[0].split())
    assert len(board[0]) == 4 + 3 * columns + (columns - 1)  # three characters a column
