"""The library-level contract of DESIGN.md: load, games, play, simulate, protocols, rng."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import boardcore
from boardcore import SplitMix64, _core
from boardcore.api import TERMINAL, Game, State
from tests.conftest import Loader


def test_games_lists_kardinal_with_parameters_and_version() -> None:
    info = {g.name: g for g in boardcore.games()}
    kardinal = info["kardinal"]
    assert kardinal.players == (2, 3, 4)
    assert set(kardinal.parameters) == {"players", "data"}
    assert kardinal.version == boardcore.load("kardinal").version == 1
    assert boardcore.reference.load("kardinal").version == 1


@pytest.mark.parametrize("name", sorted(g.name for g in boardcore.games()))
def test_games_lists_each_engine_version(name: str) -> None:
    """`boardcore games` is where users check versions (docs/ecosystem.md): it must say what
    a saved state of either engine will carry."""
    (info,) = [g for g in boardcore.games() if g.name == name]
    assert info.version == boardcore.load(name).version == boardcore.reference.load(name).version


def test_both_engines_satisfy_the_protocols(load: Loader) -> None:
    game = load("kardinal", players=3)
    assert isinstance(game, Game)
    assert isinstance(game.new_initial_state(), State)
    assert game.name == "kardinal"
    assert game.num_players == 3
    assert game.num_distinct_actions == 83305
    assert dict(game.params) == {"players": 3}


def test_default_is_four_players(load: Loader) -> None:
    assert load("kardinal").num_players == 4


def test_terminal_state_contract(load: Loader) -> None:
    final = boardcore.play(load("kardinal", players=4), seed=2)
    assert final.is_terminal()
    assert final.current_player() == TERMINAL
    assert final.legal_actions() == []
    assert final.winners()
    assert sum(final.returns()) == pytest.approx(1.0)
    assert final.chance_outcomes() == []


def test_splitmix64_is_the_same_in_both_languages() -> None:
    for seed in (0, 1, 2**63 + 5, 2**64 - 1):
        py = SplitMix64(seed)
        assert _core.splitmix64(seed, 50) == [py.next() for _ in range(50)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_is_the_same_game_in_every_driver(players: int) -> None:
    """Rust's native playout, the Python driver on Rust, and the Python driver on the reference."""
    rust = boardcore.load("kardinal", players=players)
    ref = boardcore.reference.load("kardinal", players=players)
    agents = [boardcore.random_agent] * players
    for seed in range(20):
        native = boardcore.play(rust, seed=seed)
        driven = boardcore.play(rust, seed=seed, agents=agents)
        reference = boardcore.play(ref, seed=seed)
        assert native.to_json() == driven.to_json() == reference.to_json()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulate_game_i_is_play_with_seed_s_plus_i(players: int) -> None:
    seed = 1000
    result = boardcore.simulate("kardinal", players=players, games=40, seed=seed, threads=2)
    ref = boardcore.reference.load("kardinal", players=players)
    for i in range(40):
        state = boardcore.play(ref, seed=seed + i)
        assert result.scores[i].tolist() == state.scores()
        assert np.flatnonzero(result.winners[i]).tolist() == state.winners()
        assert result.lengths[i] == len(state.history())


def test_simulate_does_not_depend_on_threads_or_chunks() -> None:
    runs = [
        boardcore.simulate("kardinal", games=700, seed=9, threads=t, chunk=c)
        for t, c in ((1, 700), (2, 700), (2, 128), (1, 33))
    ]
    for run in runs[1:]:
        assert np.array_equal(run.scores, runs[0].scores)
        assert np.array_equal(run.winners, runs[0].winners)
        assert np.array_equal(run.lengths, runs[0].lengths)


def test_simulate_arrays() -> None:
    result = boardcore.simulate("kardinal", players=3, games=50, seed=1, threads=1)
    assert result.scores.shape == (50, 3)
    assert result.scores.dtype == np.int32
    assert result.winners.shape == (50, 3)
    assert result.winners.dtype == np.bool_
    assert result.lengths.shape == (50,)
    assert result.winners.any(axis=1).all()
    assert result.games == 50


def test_simulate_with_python_agents_matches_rust_batch() -> None:
    agents = [boardcore.random_agent] * 2
    python = boardcore.simulate("kardinal", players=2, games=20, seed=4, agents=agents)
    native = boardcore.simulate("kardinal", players=2, games=20, seed=4)
    assert np.array_equal(python.scores, native.scores)


def test_seeds_wrap_modulo_two_to_the_64() -> None:
    top = 2**64 - 1
    result = boardcore.simulate("kardinal", players=2, games=3, seed=top, threads=1)
    rust = boardcore.load("kardinal", players=2)
    assert result.scores[1].tolist() == boardcore.play(rust, seed=0).scores()


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [({"games": -1}, "games"), ({"games": 5, "threads": 0}, "threads")],
)
def test_simulate_bad_arguments(kwargs: dict[str, Any], match: str) -> None:
    with pytest.raises(boardcore.ParameterError, match=match):
        boardcore.simulate("kardinal", **kwargs)


def test_play_needs_one_agent_for_every_seat_or_one_per_seat() -> None:
    game = boardcore.load("kardinal", players=2)
    with pytest.raises(boardcore.ParameterError, match=r"one per seat \(2\), not 3"):
        boardcore.play(game, seed=1, agents=[boardcore.random_agent] * 3)
    alone = boardcore.play(game, seed=1, agents=[boardcore.random_agent])
    assert alone.history() == boardcore.play(game, seed=1).history()


@pytest.mark.parametrize(
    ("game", "said"),
    [
        ("kardinal", "play needs a loaded game, boardcore.load('kardinal'), not 'kardinal'"),
        (None, "play needs a loaded game, boardcore.load(name), not None"),
    ],
)
def test_play_given_a_name_or_nothing_says_it_needs_a_loaded_game(game: Any, said: str) -> None:
    with pytest.raises(TypeError) as info:
        boardcore.play(game, seed=1)
    assert str(info.value) == said
