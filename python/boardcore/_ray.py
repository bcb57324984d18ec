"""The Ray backend of ``simulate``: the seeds split into ranges, each range one Ray task.

``boardcore.simulate(name, games=N, seed=S, backend="ray")`` imports this module and nothing
else does, so Ray (from the clone, ``pip install '.[ray]'``) is needed only for this backend. Each
task runs the threads backend on its range of seeds (for random agents, the Rust engine's
``simulate`` on those seeds), and the ranges are put back in seed order, so the result is
the local run's, game for game, wherever the tasks ran.

Where the tasks run: the Ray instance this process already started (``ray.init``), else the
cluster at ``RAY_ADDRESS``, else a new local instance with one CPU per core, which stays up
for later calls until ``ray.shutdown()`` or the end of the process.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Callable, Sequence
from typing import Any

from . import load
from ._play import seat_agents, simulate_local
from ._results import Parts, SimulationResult
from .errors import BoardcoreError, ParameterError

try:
    import ray
except ImportError as error:  # pragma: no cover - the tests run with the extra installed
    raise BoardcoreError(
        f"backend='ray' needs Ray: from the clone of boardcore, pip install '.[ray]' ({error})"
    ) from error

__all__ = ["connect", "simulate_ray"]

_MASK = (1 << 64) - 1


def _play_range(
    name: str,
    params: dict[str, Any],
    games: int,
    seed: int,
    threads: int,
    agents: list[Any] | None,
) -> Parts:
    """One task: games ``seed .. seed + games - 1``, by the threads backend in one chunk (for
    random agents: ``load(name, **params).simulate(games, seed, threads)``, in Rust)."""
    result = simulate_local(
        name,
        games=games,
        seed=seed,
        threads=threads,
        agents=agents,
        progress=None,
        chunk=games,
        **params,
    )
    return result.scores, result.winners, result.lengths


_play_range_task = ray.remote(_play_range)


def connect() -> None:
    """Makes sure this process is connected to Ray: already initialised, else the cluster at
    ``RAY_ADDRESS``, else a new local instance with one CPU per core and no dashboard."""
    if ray.is_initialized():
        return
    address = os.environ.get("RAY_ADDRESS")
    if address:
        ray.init(address=address, logging_level=logging.WARNING)
    else:
        ray.init(
            address="local",
            num_cpus=os.cpu_count() or 1,
            include_dashboard=False,
            logging_level=logging.WARNING,
        )


def _largest_node_cpus() -> float:
    """The most CPUs of one live node of the cluster (0 if Ray does not say)."""
    nodes = ray.nodes()  # type: ignore[no-untyped-call]
    cpus = [float(node["Resources"].get("CPU", 0)) for node in nodes if node.get("Alive")]
    return max(cpus, default=0.0)


def simulate_ray(
    name: str,
    *,
    games: int,
    seed: int,
    threads: int | None,
    agents: Sequence[Any] | None,
    progress: Callable[[int], None] | None,
    chunk: int,
    **params: Any,
) -> SimulationResult:
    """``simulate(..., backend="ray")``: ranges of ``chunk`` seeds as Ray tasks.

    ``threads`` is per task: each task asks Ray for that many CPUs and runs the Rust batch on
    that many threads (default 1; Ray runs as many tasks at once as the cluster has CPUs for).
    ``agents`` are whatever ``simulate`` takes; with a Python callable among them each task
    plays its games in Python on one CPU, ``threads`` unused. The agents are sent to the
    workers, so they must be picklable (cloudpickle: module-level functions, lambdas and
    closures are; open files, locks and sockets are not) and, as in the threads backend,
    must take all their randomness from the ``rng`` they are given.
    ``progress(n)`` is called in this process as each task's ``n`` games arrive.
    """
    # The arguments were checked by `simulate`.
    game = load(name, **params)  # bad parameters fail here, before any task starts
    players = game.num_players
    agent_list = seat_agents(agents, players)
    in_rust = agent_list is None or all(isinstance(agent, str) for agent in agent_list)
    per_task = (threads or 1) if in_rust else 1
    if agent_list is not None:
        try:
            ray.cloudpickle.dumps(agent_list)  # type: ignore[no-untyped-call]
        except Exception as error:
            raise ParameterError(
                "agents: backend='ray' sends the agents to Ray worker processes, so they must "
                f"be picklable (by cloudpickle), and these are not: {error}"
            ) from error

    start = time.perf_counter()
    connecting = 0.0
    ranges = [(done, min(chunk, games - done)) for done in range(0, games, chunk)]
    parts: list[Parts | None] = [None] * len(ranges)
    used = per_task
    if ranges:
        connect()
        connecting = time.perf_counter() - start  # starting Ray is not the games' time
        largest = _largest_node_cpus()
        if largest and per_task > largest:
            raise ParameterError(
                f"threads={per_task} per Ray task, but the largest Ray node has {largest:g} CPUs"
            )
        cpus = float(ray.cluster_resources().get("CPU", 0))  # type: ignore[no-untyped-call]
        used = min(len(ranges), max(1, int(cpus // per_task))) * per_task
        shared_agents = ray.put(agent_list)  # once, not once per task
        task = _play_range_task.options(num_cpus=per_task)
        pending = {
            task.remote(name, params, n, (seed + done) & _MASK, per_task, shared_agents): i
            for i, (done, n) in enumerate(ranges)
        }
        try:
            while pending:
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    i = pending.pop(ref)
                    parts[i] = ray.get(ref)
                    if progress is not None:
                        progress(ranges[i][1])
        finally:
            for ref in pending:  # an error or an interrupt: stop what has not run yet
                ray.cancel(ref)
    return SimulationResult.joined(
        name,
        dict(game.params),
        seed,
        [p for p in parts if p is not None],
        players,
        threads=used,
        seconds=time.perf_counter() - start - connecting,
        extra={
            "backend": "ray",
            "tasks": len(ranges),
            "threads_per_task": per_task,
            "connect_seconds": connecting,
        },
    )
