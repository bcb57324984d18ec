"""A user's script, type-checked by ``mypy --strict`` in CI (pyproject's mypy ``files``
includes ``tests``) and run here: every documented call on what ``boardcore.load`` returns
type-checks without casts."""

from __future__ import annotations

import numpy as np

import boardcore
from boardcore import RustGame, RustState, SimulationResult


def test_what_load_returns_is_typed_with_everything_it_has() -> None:
    game: RustGame = boardcore.load("city_connect", players=2)
    state: RustState = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(state.legal_actions()[0])
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    move: int = state.agent_action("greedy", 7)
    svg: str = state.to_svg(perspective=state.current_player())
    assert svg.startswith("<svg") and state._repr_svg_().startswith("<svg")
    assert state.game.observation_size == game.observation_size
    assert move in state.legal_actions()
    final: RustState = game.play_random(3, ["greedy", "random"])
    assert final.is_terminal()
    scores, winners, lengths = game.simulate(4, 1, 1, None, None)
    assert scores.shape == (4, 2) and winners.dtype == np.bool_ and lengths.shape == (4,)
    result: SimulationResult = boardcore.simulate("kardinal", games=3, seed=np.uint64(1))
    assert result.games == 3


def test_load_keeps_games_of_the_packaged_data() -> None:
    a = boardcore.load("kardinal", players=2)
    assert boardcore.load("kardinal", players=2) is a  # games are immutable: one is enough
    assert boardcore.load("kardinal", players=3) is not a
