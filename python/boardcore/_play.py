"""Driving games: one seeded game (``play``) or a batch (``simulate``)."""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from .api import CHANCE, Game, State
from .errors import ParameterError
from .rng import SplitMix64

__all__ = [
    "Agent",
    "AgentLike",
    "SimulationResult",
    "play",
    "random_agent",
    "rust_agent",
    "simulate",
]

Agent = Callable[[State, SplitMix64], int]
"""An agent picks an action for the seat to move, drawing any randomness from ``rng``."""

AgentLike = Agent | str
"""An agent, or the spec of one of the Rust agents: ``"random"``, ``"greedy"``,
``"mcts"``, ``"mcts:<iterations>"`` or ``"mcts:<iterations>:<rollout limit>"``."""


def rust_agent(spec: str) -> Agent:
    """The Rust agent ``spec`` as a Python agent, for states of ``boardcore.load`` games.

    Each decision seeds the agent with one draw of ``rng``. (``play`` and ``simulate`` given
    specs rather than callables run the whole game in Rust instead, faster, and with the
    random agent drawing exactly as DESIGN.md says.)
    """

    def act(state: State, rng: SplitMix64) -> int:
        method = getattr(state, "agent_action", None)
        if method is None:
            raise ParameterError(
                f"agent {spec!r} runs in Rust: it needs a state of boardcore.load(...), "
                "not of the reference engine"
            )
        action: int = method(spec, rng.next())
        return action

    act.__name__ = act.__qualname__ = f"rust_agent({spec!r})"
    return act


def _specs(agents: Sequence[AgentLike] | None) -> list[str] | None:
    """The agents as Rust specs when every one of them is a spec, else None."""
    if agents is not None and agents and all(isinstance(a, str) for a in agents):
        return [str(a) for a in agents]
    return None


def _callables(agents: Sequence[AgentLike]) -> list[Agent]:
    return [rust_agent(a) if isinstance(a, str) else a for a in agents]


def random_agent(state: State, rng: SplitMix64) -> int:
    """The random agent of DESIGN.md: ``legal[below(len(legal))]``."""
    legal = state.legal_actions()
    return legal[rng.below(len(legal))]


def play(game: Game, *, seed: int = 0, agents: Sequence[AgentLike] | None = None) -> State:
    """Plays one game to the end and returns the final state.

    Chance nodes and agents draw from one SplitMix64 seeded ``seed``, in the order they
    occur, so the same seed gives the same game in either engine. ``agents`` has one agent
    per seat (random agents by default): Python callables, or specs of the Rust agents
    (``"greedy"``, ``"mcts:200"``...), which with a Rust game play the whole game in Rust.

    >>> import boardcore
    >>> a = boardcore.play(boardcore.load("kardinal", players=2), seed=7)
    >>> b = boardcore.play(boardcore.reference.load("kardinal", players=2), seed=7)
    >>> a.history() == b.history() and a.scores() == b.scores()
    True
    """
    if agents is not None and len(agents) != game.num_players:
        raise ParameterError(f"agents: need one per seat ({game.num_players}), got {len(agents)}")
    fast = getattr(game, "play_random", None)
    specs = _specs(agents)
    if (agents is None or specs is not None) and fast is not None:
        # The Rust engine runs the same loop natively (tests hold the two to each other).
        state: State = fast(seed, specs)
        return state
    if specs is not None and specs == ["random"] * len(specs):
        agents = None  # the reference engine plays the random agent itself
    callables = None if agents is None else _callables(agents)
    rng = SplitMix64(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            action = outcomes[rng.choose_weighted([w for _, w in outcomes])][0]
        else:
            action = (callables[player] if callables is not None else random_agent)(state, rng)
        state.apply_action(action)
    return state


@dataclass
class SimulationResult:
    """Per-game results of a batch: game ``i`` is ``play(..., seed=seed + i)``."""

    name: str
    params: dict[str, Any]
    seed: int
    scores: npt.NDArray[np.int32]
    """``games x players`` final scores."""
    winners: npt.NDArray[np.bool_]
    """``games x players``: True for each winning seat (several on a shared win)."""
    lengths: npt.NDArray[np.uint32]
    """Actions applied in each game, chance included."""
    threads: int = 1
    seconds: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def games(self) -> int:
        return int(self.lengths.shape[0])


Parts = tuple[npt.NDArray[np.int32], npt.NDArray[np.bool_], npt.NDArray[np.uint32]]


def concatenate_parts(parts: Sequence[Parts], players: int) -> Parts:
    """``(scores, winners, lengths)`` of consecutive seed ranges, joined in order."""
    if not parts:
        return (
            np.zeros((0, players), dtype=np.int32),
            np.zeros((0, players), dtype=np.bool_),
            np.zeros(0, dtype=np.uint32),
        )
    return (
        np.concatenate([p[0] for p in parts]),
        np.concatenate([p[1] for p in parts]),
        np.concatenate([p[2] for p in parts]),
    )


@functools.lru_cache(maxsize=32)
def _load_cached(name: str, params: tuple[tuple[str, Any], ...]) -> Game:
    from . import load

    return load(name, **dict(params))


def _load_for_simulate(name: str, params: dict[str, Any]) -> Game:
    """The Rust game for ``simulate``, kept between calls: loading parses the game's data
    (up to a few milliseconds, as long as a short batch takes). Only for the packaged data:
    a user's data file may change between calls."""
    from . import load  # here, not at the top: boardcore/__init__ imports this module

    key = tuple(sorted(params.items()))
    try:
        hash(key)
    except TypeError:  # an unhashable parameter value: no cache (and `load` says why)
        return load(name, **params)
    return load(name, **params) if "data" in params else _load_cached(name, key)


def simulate(
    name: str,
    *,
    games: int,
    seed: int = 0,
    threads: int | None = None,
    agents: Sequence[AgentLike] | None = None,
    progress: Callable[[int], None] | None = None,
    chunk: int = 20_000,
    backend: str = "threads",
    **params: Any,
) -> SimulationResult:
    """Plays ``games`` seeded games of ``name`` and returns numpy arrays of the results.

    With random agents, or agents given as Rust agent specs (``["mcts:200", "random"]``),
    the whole batch runs in Rust on ``threads`` threads (all cores by default) with the GIL
    released; results do not depend on ``threads``. Python callables run in this thread.
    ``progress(n)`` is called as games finish, with the number just finished.

    ``backend="ray"`` runs ranges of ``chunk`` seeds as Ray tasks instead (``threads`` is then
    per task, default 1), on the Ray instance already started, else ``RAY_ADDRESS``, else a
    new local one; the results are the same, game for game. See ``boardcore._ray``.

    >>> import boardcore
    >>> r = boardcore.simulate("kardinal", players=3, games=100, seed=5, threads=2)
    >>> r.scores.shape, bool(r.winners.any(axis=1).all())
    ((100, 3), True)
    """
    if games < 0:
        raise ParameterError(f"games must be 0 or more, not {games}")
    if backend == "ray":
        from ._ray import simulate_ray  # here: Ray is an optional extra

        return simulate_ray(
            name,
            games=games,
            seed=seed,
            threads=threads,
            agents=agents,
            progress=progress,
            chunk=chunk,
            **params,
        )
    if backend != "threads":
        raise ParameterError(f"backend must be 'threads' or 'ray', not {backend!r}")
    if threads is None:
        threads = os.cpu_count() or 1
    if threads < 1:
        raise ParameterError(f"threads must be at least 1, not {threads}")
    seed &= (1 << 64) - 1
    game = _load_for_simulate(name, params)
    players = game.num_players
    start = time.perf_counter()
    parts: list[Parts] = []
    done = 0
    while done < games:
        n = min(chunk, games - done)
        base = (seed + done) & ((1 << 64) - 1)
        specs = _specs(agents)
        if agents is None or specs is not None:
            parts.append(game.simulate(n, base, threads, specs))  # type: ignore[attr-defined]
        else:
            scores = np.zeros((n, players), dtype=np.int32)
            winners = np.zeros((n, players), dtype=np.bool_)
            lengths = np.zeros(n, dtype=np.uint32)
            for i in range(n):
                state = play(game, seed=(base + i) & ((1 << 64) - 1), agents=agents)
                scores[i] = state.scores()
                winners[i, state.winners()] = True
                lengths[i] = len(state.history())
            parts.append((scores, winners, lengths))
        done += n
        if progress is not None:
            progress(n)
    scores_all, winners_all, lengths_all = concatenate_parts(parts, players)
    return SimulationResult(
        name=name,
        params=dict(game.params),
        seed=seed,
        scores=scores_all,
        winners=winners_all,
        lengths=lengths_all,
        threads=threads if agents is None or _specs(agents) is not None else 1,
        seconds=time.perf_counter() - start,
    )
