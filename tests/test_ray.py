"""``simulate(..., backend="ray")``: the same games as the threads backend, run as Ray tasks.

One local Ray instance (two CPUs, no dashboard) serves the whole module: starting Ray takes
several seconds. It is shut down at the end, which stops every process it started.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import boardcore
from boardcore import ParameterError, SimulationResult, SplitMix64, State
from tests import helpers

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    # address="local": a new instance even if RAY_ADDRESS names a cluster.
    ray.init(address="local", num_cpus=2, include_dashboard=False, logging_level=logging.WARNING)
    try:
        yield
    finally:
        ray.shutdown()


def assert_same_games(got: SimulationResult, want: SimulationResult) -> None:
    assert (got.name, got.params, got.seed) == (want.name, want.params, want.seed)
    for field in ("scores", "winners", "lengths"):
        a, b = getattr(got, field), getattr(want, field)
        assert a.dtype == b.dtype and a.shape == b.shape, field
        assert np.array_equal(a, b), field


@pytest.mark.usefixtures("local_ray")
@pytest.mark.parametrize(
    ("name", "params", "games", "seed", "chunk"),
    [
        ("kardinal", {"players": 2}, 300, 11, 100),
        ("prestel_new_york", {"players": 3, "max_rounds": 5}, 90, 3, 40),  # a short last chunk
        ("kardinal", {"players": 3}, 120, 2**64 - 50, 50),  # the seeds wrap around 2**64
    ],
)
def test_ray_plays_the_games_of_the_threads_backend(
    name: str, params: dict[str, Any], games: int, seed: int, chunk: int
) -> None:
    finished: list[int] = []
    got = boardcore.simulate(
        name, games=games, seed=seed, chunk=chunk, backend="ray", progress=finished.append, **params
    )
    want = boardcore.simulate(name, games=games, seed=seed, threads=2, **params)
    assert_same_games(got, want)
    sizes = [min(chunk, games - start) for start in range(0, games, chunk)]
    assert sorted(finished) == sorted(sizes)  # one call per task, as each one finishes
    assert got.extra["backend"] == "ray" and got.extra["threads_per_task"] == 1
    assert got.extra["tasks"] == len(sizes)
    assert got.threads == 2  # two tasks at a time on the two CPUs


@pytest.mark.usefixtures("local_ray")
def test_threads_are_per_task() -> None:
    got = boardcore.simulate("kardinal", players=4, games=200, seed=9, threads=2, backend="ray")
    assert_same_games(got, boardcore.simulate("kardinal", players=4, games=200, seed=9))
    assert got.extra["threads_per_task"] == 2
    with pytest.raises(ParameterError, match="largest Ray node has 2 CPUs"):
        boardcore.simulate("kardinal", games=10, threads=3, backend="ray")


@pytest.mark.usefixtures("local_ray")
def test_picklable_python_agents_run_on_the_workers() -> None:
    def first_legal(state: State, rng: SplitMix64) -> int:  # a closure: cloudpickle sends it
        return state.legal_actions()[0]

    agents = [first_legal, boardcore.random_agent]
    got = boardcore.simulate(
        "kardinal", players=2, games=12, seed=4, chunk=5, agents=agents, backend="ray"
    )
    want = boardcore.simulate("kardinal", players=2, games=12, seed=4, agents=agents)
    assert_same_games(got, want)
    assert got.extra["threads_per_task"] == 1


@pytest.mark.usefixtures("local_ray")
def test_rust_agent_specs_run_in_rust_on_the_workers() -> None:
    specs = ["greedy", "random"]
    got = boardcore.simulate(
        "kardinal", players=2, games=40, seed=2, chunk=15, agents=specs, threads=2, backend="ray"
    )
    want = boardcore.simulate("kardinal", players=2, games=40, seed=2, agents=specs)
    assert_same_games(got, want)
    assert got.extra["threads_per_task"] == 2


@pytest.mark.usefixtures("local_ray")
def test_an_error_in_a_task_reaches_the_caller() -> None:
    def broken(state: State, rng: SplitMix64) -> int:
        raise RuntimeError("agent broke")

    with pytest.raises(RuntimeError, match="agent broke"):
        boardcore.simulate("kardinal", players=2, games=4, agents=[broken] * 2, backend="ray")


def test_unpicklable_agents_are_refused_before_anything_runs() -> None:
    import threading

    lock = threading.Lock()

    def locked(state: State, rng: SplitMix64) -> int:
        with lock:
            return boardcore.random_agent(state, rng)

    with pytest.raises(ParameterError, match="picklable"):
        boardcore.simulate("kardinal", players=2, games=4, agents=[locked] * 2, backend="ray")
    with pytest.raises(ParameterError, match="one per seat"):
        boardcore.simulate("kardinal", players=2, games=4, agents=[locked] * 3, backend="ray")


def test_bad_arguments_fail_without_starting_ray() -> None:
    with pytest.raises(ParameterError, match="backend must be"):
        boardcore.simulate("kardinal", games=4, backend="dask")
    with pytest.raises(ParameterError, match="2, 3 or 4"):
        boardcore.simulate("kardinal", players=7, games=4, backend="ray")
    with pytest.raises(ParameterError, match="chunk"):
        boardcore.simulate("kardinal", games=4, chunk=0, backend="ray")
    empty = boardcore.simulate("kardinal", players=3, games=0, backend="ray")
    assert empty.scores.shape == (0, 3) and empty.lengths.shape == (0,)  # no tasks to run


@pytest.mark.parametrize("address", [None, "10.0.0.5:6379"])
def test_connect_starts_a_local_instance_unless_ray_address_is_set(
    monkeypatch: pytest.MonkeyPatch, address: str | None
) -> None:
    from boardcore import _ray

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(ray, "is_initialized", lambda: False)  # the module _ray uses
    monkeypatch.setattr(ray, "init", lambda **kwargs: calls.append(kwargs))
    if address is None:
        monkeypatch.delenv("RAY_ADDRESS", raising=False)
    else:
        monkeypatch.setenv("RAY_ADDRESS", address)
    _ray.connect()
    assert len(calls) == 1
    if address is None:
        assert calls[0]["address"] == "local"
        assert calls[0]["include_dashboard"] is False and calls[0]["num_cpus"] >= 1
    else:
        assert calls[0]["address"] == address and "num_cpus" not in calls[0]


@pytest.mark.usefixtures("local_ray")
def test_cli_simulate_with_the_ray_backend(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "results.npz"
    assert "win rate" in helpers.simulated_by_cli(capsys, out, 2, 4, "--backend", "ray")
    want = boardcore.simulate("kardinal", players=2, games=300, seed=4)
    with np.load(out) as data:
        assert np.array_equal(data["scores"], want.scores)
        assert np.array_equal(data["winners"], want.winners)
        assert np.array_equal(data["lengths"], want.lengths)
