"""Round trips: JSON within and across engines, clones, notation, replay, observations."""

from __future__ import annotations

import json
from typing import Any

import pytest

import boardcore
from boardcore import SplitMix64
from tests.conftest import Loader


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
