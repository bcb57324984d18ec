"""``simulate``: many seeded games, on this machine's threads or as Ray tasks.

The arguments are checked here, once, before any game is loaded or thread started; the
threads backend is ``_play.simulate_local``, the Ray one ``_ray.simulate_ray``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any, SupportsIndex

from . import _args
from ._play import AgentLike, agent_list, simulate_local
from ._results import SimulationResult
from .errors import ParameterError

__all__ = ["simulate"]


def simulate(
    name: str,
    *,
    games: SupportsIndex,
    seed: SupportsIndex = 0,
    threads: SupportsIndex | None = None,
    agents: Sequence[AgentLike] | None = None,
    progress: Callable[[int], None] | None = None,
    chunk: SupportsIndex = 20_000,
    backend: str = "threads",
    **params: Any,
) -> SimulationResult:
    """Plays ``games`` seeded games of ``name`` and returns numpy arrays of the results.

    With random agents, or agents given as Rust agent specs (``["mcts:200", "random"]``),
    the whole batch runs in Rust on ``threads`` threads (all cores by default) with the GIL
    released; results do not depend on ``threads``. Python callables run in this thread.
    ``progress(n)`` is called several times a second while games finish, with the number
    finished since the last call. Ctrl-C stops the batch within a fraction of a second and
    raises :class:`boardcore.SimulationInterrupted` (a ``KeyboardInterrupt``) holding the
    games finished.

    ``backend="ray"`` runs ranges of ``chunk`` seeds as Ray tasks instead (``threads`` is then
    per task, default 1), on the Ray instance already started, else ``RAY_ADDRESS``, else a
    new local one; the results are the same, game for game. See ``boardcore._ray``.

    >>> import boardcore
    >>> r = boardcore.simulate("kardinal", players=3, games=100, seed=5, threads=2)
    >>> r.scores.shape, bool(r.winners.any(axis=1).all())
    ((100, 3), True)
    """
    n_games = _args.count(games, "games", 0, _args.MAX_GAMES)
    first = _args.seed(seed)
    n_threads = None if threads is None else _args.count(threads, "threads", 1, _args.MAX_THREADS)
    n_chunk = _args.count(chunk, "chunk", 1, _args.MAX_GAMES)
    agent_list(agents)  # the seats are counted once the game is loaded
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a callable, not {_args.quote(progress)}")
    run: Callable[..., SimulationResult] = simulate_local
    threads_used: int | None = n_threads or min(os.cpu_count() or 1, _args.MAX_THREADS)
    if backend == "ray":
        from ._ray import simulate_ray  # here: Ray is an optional extra

        run, threads_used = simulate_ray, n_threads
    elif backend != "threads":
        raise ParameterError(f"backend must be 'threads' or 'ray', not {_args.quote(backend)}")
    return run(
        name,
        games=n_games,
        seed=first,
        threads=threads_used,
        agents=agents,
        progress=progress,
        chunk=n_chunk,
        **params,
    )
