"""Driving games (``play``, ``simulate``, agents): the argument policy of DESIGN.md's
"Errors", progress, and Ctrl-C. Both engines where both take part."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import boardcore
from boardcore import ParameterError, SimulationInterrupted, SplitMix64

from .conftest import Loader

GAMES = sorted(info.name for info in boardcore.games())
MASK = (1 << 64) - 1


@pytest.mark.parametrize("seed", [-1, 2**64 - 1, 2**64 + 5, np.uint64(5), np.int8(-1), np.array(7)])
def test_any_int_seed_plays_the_game_of_that_seed_mod_2_64(load: Loader, seed: Any) -> None:
    game = load("kardinal", players=2)
    expected = boardcore.play(game, seed=int(seed) & MASK).history()
    assert boardcore.play(game, seed=seed).history() == expected


def test_a_numpy_seed_plays_the_same_game_in_both_engines() -> None:
    # The reference engine used to keep numpy arithmetic in its generator: below() gave 0
    # and Chandigarh never ended.
    rust = boardcore.play(boardcore.load("chandigarh", players=2), seed=np.uint64(5))
    ref = boardcore.play(boardcore.reference.load("chandigarh", players=2), seed=np.uint64(5))
    assert rust.history() == ref.history()
    assert type(SplitMix64(np.uint64(5)).state) is int


@pytest.mark.parametrize("seed", [1.0, True, "1", None, np.float64(1)])
def test_a_seed_that_is_not_an_int_is_a_type_error(load: Loader, seed: Any) -> None:
    with pytest.raises(TypeError, match="seed must be an int"):
        boardcore.play(load("kardinal", players=2), seed=seed)
    with pytest.raises(TypeError, match="seed must be an int"):
        boardcore.simulate("kardinal", games=1, seed=seed)
    with pytest.raises(TypeError, match="seed must be an int"):
        SplitMix64(seed)


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        ({"games": 2**40, "chunk": 2**40, "threads": 1}, ParameterError, "games must be from 0"),
        ({"games": 2**62, "chunk": 2**62}, ParameterError, "games must be from 0 to 268435456"),
        ({"games": -5}, ParameterError, "games must be from 0"),
        ({"games": 5, "chunk": 0}, ParameterError, "chunk must be from 1"),
        ({"games": 5, "chunk": -1}, ParameterError, "chunk must be from 1"),
        ({"games": 5, "threads": 10**5}, ParameterError, "threads must be from 1 to 1024"),
        ({"games": 5, "threads": 2**64}, ParameterError, "threads must be from 1 to 1024"),
        ({"games": 5, "threads": 0}, ParameterError, "threads must be from 1 to 1024"),
        ({"games": "10"}, TypeError, "games must be an int, not str '10'"),
        ({"games": 10.0}, TypeError, "games must be an int, not float"),
        ({"games": True}, TypeError, "games must be an int, not bool"),
        ({"games": 5, "threads": 1.5}, TypeError, "threads must be an int"),
        ({"games": 5, "agents": "greedy"}, TypeError, "agents must be a list"),
        ({"games": 5, "progress": 3}, TypeError, "progress must be a callable"),
        ({"games": 5, "backend": "x" * 10_000}, ParameterError, "backend must be"),
    ],
)
def test_simulate_checks_its_arguments_before_any_work(
    args: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message) as info:
        boardcore.simulate("kardinal", **args)
    assert len(str(info.value)) < 300


def test_the_rust_batch_checks_its_own_arguments_too() -> None:
    game: Any = boardcore.load("kardinal", players=2)
    with pytest.raises(ParameterError, match="games must be from 0 to 268435456"):
        game.simulate(2**40, 0, 1)
    with pytest.raises(ParameterError, match="threads must be from 1 to 1024"):
        game.simulate(5, 0, 2**64)
    with pytest.raises(TypeError, match="games must be an int, not str"):
        game.simulate("5", 0, 1)
    with pytest.raises(TypeError, match="agents must be a list of agent specs"):
        game.simulate(5, 0, 1, "greedy")
    scores, _, _ = game.simulate(np.int64(3), np.uint64(1), np.int8(1))
    assert scores.shape == (3, 2)


@pytest.mark.parametrize("agents", [["greedy"], ["random"], [boardcore.random_agent]])
def test_one_agent_plays_every_seat_in_play_as_in_simulate(load: Loader, agents: Any) -> None:
    game = load("kardinal", players=2)
    if agents == ["greedy"] and not hasattr(game, "play_random"):  # a reference game
        with pytest.raises(ParameterError, match="agent 'greedy' runs in Rust"):
            boardcore.play(game, seed=1, agents=agents)
        return
    one = boardcore.play(game, seed=1, agents=agents)
    assert one.history() == boardcore.play(game, seed=1, agents=agents * 2).history()
    result = boardcore.simulate("kardinal", players=2, games=2, seed=1, agents=agents)
    assert result.scores[0].tolist() == one.scores()
    assert result.lengths[0] == len(one.history())


@pytest.mark.parametrize(
    ("agents", "error", "message"),
    [
        ("random", TypeError, "agents must be a list of agents, not 'random'"),
        (5, TypeError, "agents must be a list of agents, not 5"),
        ([None, None], TypeError, r"agents\[0\] must be an agent \(a callable or a spec"),
        (["random", 2], TypeError, r"agents\[1\] must be an agent .*, not int 2"),
        ([], ParameterError, r"give one agent for every seat or one per seat \(2\), not 0"),
        (["random"] * 3, ParameterError, r"one per seat \(2\), not 3"),
        ([boardcore.random_agent] * 3, ParameterError, r"one per seat \(2\), not 3"),
        (["nope", "random"], ParameterError, 'unknown agent "nope": agents are random'),
        (["random", "mcts:0"], ParameterError, 'agent "mcts:0": the iterations must be'),
        (["mcts:5:x", boardcore.random_agent], ParameterError, "the rollout limit must be"),
    ],
)
def test_play_refuses_the_agents_simulate_refuses_in_the_same_words(
    load: Loader, agents: Any, error: type[Exception], message: str
) -> None:
    game = load("kardinal", players=2)
    with pytest.raises(error, match=message) as played:
        boardcore.play(game, seed=1, agents=agents)
    with pytest.raises(error, match=message) as simulated:
        boardcore.simulate("kardinal", players=2, games=1, seed=1, agents=agents)
    assert str(played.value) == str(simulated.value)
    assert len(str(played.value)) < 200


@pytest.mark.parametrize(
    "spec", ["", "alpha", "mcts:1:2:3", "mcts:0", "mcts:+5", "mcts:\uff11", "x" * 300]
)
def test_a_bad_spec_is_named_alike_by_both_engines_and_the_rust_core(spec: str) -> None:
    messages = set()
    for game in (boardcore.load("kardinal", players=2), boardcore.reference.load("kardinal")):
        with pytest.raises(ParameterError) as info:
            boardcore.play(game, agents=[spec])
        messages.add(str(info.value))
    core: Any = boardcore.load("kardinal", players=2)
    with pytest.raises(ParameterError) as info:
        core.play_random(1, [spec])
    messages.add(str(info.value))
    assert len(messages) == 1


@pytest.mark.parametrize("game", ["kardinal", "x" * 1000, 5])
def test_play_given_no_game_says_what_it_got_briefly(game: Any) -> None:
    with pytest.raises(TypeError, match="play needs a loaded game") as info:
        boardcore.play(game)
    assert len(str(info.value)) < 200


def test_play_given_a_state_says_it_is_a_state_without_its_whole_position(load: Loader) -> None:
    state = load("kardinal", players=2).new_initial_state()
    with pytest.raises(TypeError, match=r"loaded game, .*, not a state <Kardinal") as e:
        boardcore.play(state)  # type: ignore[call-overload]
    assert len(str(e.value)) < 130


@pytest.mark.parametrize("name", GAMES)
def test_none_for_a_parameter_means_its_default(load: Loader, name: str) -> None:
    (info,) = [info for info in boardcore.games() if info.name == name]
    for param in info.parameters:
        default = load(name)
        assert load(name, **{param: None}).params == default.params


@pytest.mark.parametrize(
    ("agents", "threads"), [(None, 2), (None, 1), (["greedy", "random"], 1), (["mcts:20"], 2)]
)
def test_progress_counts_every_game_as_it_finishes(agents: Any, threads: int) -> None:
    calls: list[int] = []
    result = boardcore.simulate(
        "kardinal", players=2, games=300, seed=3, threads=threads, agents=agents,
        progress=calls.append, chunk=100,
    )  # fmt: skip
    assert sum(calls) == 300 and all(n > 0 for n in calls)
    assert result.games == 300


@pytest.fixture
def sigint_after() -> Iterator[Any]:
    """``sigint_after(s)`` sends this process SIGINT ``s`` seconds later, once."""
    timers: list[threading.Timer] = []
    # Python's own Ctrl-C handler, whatever this process inherited (a shell's background
    # job, or a test runner's worker, may start with SIGINT ignored)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)

    def arm(seconds: float) -> list[float]:
        sent: list[float] = []

        def fire() -> None:
            sent.append(time.monotonic())
            os.kill(os.getpid(), signal.SIGINT)

        timers.append(threading.Timer(seconds, fire))
        timers[-1].start()
        return sent

    yield arm
    for timer in timers:
        timer.cancel()
    signal.signal(signal.SIGINT, previous)


@pytest.mark.parametrize(
    ("name", "players", "agents", "threads"),
    [
        ("prestel_new_york", 5, None, 2),
        ("prestel_new_york", 5, None, 1),
        ("kardinal", 2, ["mcts:500", "greedy"], 1),
        ("kardinal", 2, ["mcts:500", "mcts:500"], 2),
    ],
)
def test_ctrl_c_stops_simulate_promptly_and_keeps_the_finished_games(
    sigint_after: Any, name: str, players: int, agents: Any, threads: int
) -> None:
    sent = sigint_after(0.5)
    with pytest.raises(SimulationInterrupted) as info:
        boardcore.simulate(
            name, players=players, games=10**6, seed=9, threads=threads, agents=agents
        )
    assert time.monotonic() - sent[0] < 0.5
    assert isinstance(info.value, KeyboardInterrupt)
    done = info.value.result
    assert info.value.games == 10**6 and done.games < 10**6
    assert str(info.value) == f"interrupted after {done.games} of 1000000 games"
    # The finished games are seeds 9, 10, ...: the same as a batch of that many.
    if done.games:
        again = boardcore.simulate(
            name, players=players, games=done.games, seed=9, threads=threads, agents=agents
        )
        assert (again.scores == done.scores).all() and (again.lengths == done.lengths).all()


def test_ctrl_c_stops_one_long_agents_game_and_one_long_search(sigint_after: Any) -> None:
    game = boardcore.load("prestel_new_york", players=2)
    sent = sigint_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        boardcore.play(game, seed=1, agents=["mcts:5000", "mcts:5000"])
    assert time.monotonic() - sent[0] < 0.5
    state: Any = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    sent = sigint_after(0.3)
    with pytest.raises(KeyboardInterrupt):
        state.agent_action("mcts:10000000", 1)
    assert time.monotonic() - sent[0] < 0.5


@pytest.mark.parametrize(
    ("batch", "error", "message"),
    [
        (2**40, ParameterError, "batch must be from 1 to"),
        (2**64, ParameterError, "batch must be from 1 to"),
        (0, ParameterError, "batch must be from 1 to"),
        (1.5, TypeError, "batch must be an int, not float"),
        ("4", TypeError, "batch must be an int, not str"),
    ],
)
def test_a_vector_env_checks_its_batch_against_memory_before_allocating(
    batch: Any, error: type[Exception], message: str
) -> None:
    # A batch of 2**40 Kardinal envs used to abort the interpreter on allocation.
    with pytest.raises(error, match=message):
        boardcore.VectorEnv("kardinal", batch=batch, players=2)


def test_a_vector_env_takes_numpy_ints_and_any_seed_and_checks_env_indices() -> None:
    env = boardcore.VectorEnv("kardinal", batch=np.int64(3), seed=-1, players=2)
    same = boardcore.VectorEnv("kardinal", batch=3, seed=2**64 - 1, players=2)
    assert (env.observe()[0] == same.observe()[0]).all()
    assert env.state(np.int8(2)).to_json() == same.state(2).to_json()
    for bad in (-1, 3, 2**64):
        with pytest.raises(ParameterError, match="i must be from 0 to 2"):
            env.state(bad)
    with pytest.raises(TypeError, match="i must be an int"):
        env.state(1.0)  # type: ignore[arg-type]
