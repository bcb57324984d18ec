"""Driving games: one seeded game (``play``) or a batch (``simulate``)."""

from __future__ import annotations

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

__all__ = ["Agent", "SimulationResult", "play", "random_agent", "simulate"]

Agent = Callable[[State, SplitMix64], int]
"""An agent picks an action for the seat to move, drawing any randomness from ``rng``."""


def random_agent(state: State, rng: SplitMix64) -> int:
    """The random agent of DESIGN.md: ``legal[below(len(legal))]``."""
    legal = state.legal_actions()
    return legal[rng.below(len(legal))]


def play(game: Game, *, seed: int = 0, agents: Sequence[Agent] | None = None) -> State:
    """Plays one game to the end and returns the final state.

    Chance nodes and agents draw from one SplitMix64 seeded ``seed``, in the order they
    occur, so the same seed gives the same game in either engine. ``agents`` has one agent
    per seat (random agents by default).

    >>> import boardcore
    >>> a = boardcore.play(boardcore.load("kardinal", players=2), seed=7)
    >>> b = boardcore.play(boardcore.reference.load("kardinal", players=2), seed=7)
    >>> a.history() == b.history() and a.scores() == b.scores()
    True
    """
    if agents is not None and len(agents) != game.num_players:
        raise ParameterError(f"agents: need one per seat ({game.num_players}), got {len(agents)}")
    fast = getattr(game, "play_random", None)
    if agents is None and fast is not None:
        # The Rust engine runs the same loop natively (tests hold the two to each other).
        state: State = fast(seed)
        return state
    rng = SplitMix64(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            action = outcomes[rng.choose_weighted([w for _, w in outcomes])][0]
        else:
            action = (agents[player] if agents is not None else random_agent)(state, rng)
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


def simulate(
    name: str,
    *,
    games: int,
    seed: int = 0,
    threads: int | None = None,
    agents: Sequence[Agent] | None = None,
    progress: Callable[[int], None] | None = None,
    chunk: int = 20_000,
    **params: Any,
) -> SimulationResult:
    """Plays ``games`` seeded games of ``name`` and returns numpy arrays of the results.

    With random agents the whole batch runs in Rust on ``threads`` threads (all cores by
    default) with the GIL released; results do not depend on ``threads``. Other agents are
    Python callables and run in this thread. ``progress(n)`` is called as games finish, with
    the number just finished.

    >>> import boardcore
    >>> r = boardcore.simulate("kardinal", players=3, games=100, seed=5, threads=2)
    >>> r.scores.shape, bool(r.winners.any(axis=1).all())
    ((100, 3), True)
    """
    from . import load  # here, not at the top: boardcore/__init__ imports this module

    if games < 0:
        raise ParameterError(f"games must be 0 or more, not {games}")
    if threads is None:
        threads = os.cpu_count() or 1
    if threads < 1:
        raise ParameterError(f"threads must be at least 1, not {threads}")
    seed &= (1 << 64) - 1
    game = load(name, **params)
    players = game.num_players
    start = time.perf_counter()
    parts: list[tuple[Any, Any, Any]] = []
    done = 0
    while done < games:
        n = min(chunk, games - done)
        base = (seed + done) & ((1 << 64) - 1)
        if agents is None:
            parts.append(game.simulate(n, base, threads))  # type: ignore[attr-defined]
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
    if parts:
        scores_all = np.concatenate([p[0] for p in parts])
        winners_all = np.concatenate([p[1] for p in parts])
        lengths_all = np.concatenate([p[2] for p in parts])
    else:
        scores_all = np.zeros((0, players), dtype=np.int32)
        winners_all = np.zeros((0, players), dtype=np.bool_)
        lengths_all = np.zeros(0, dtype=np.uint32)
    return SimulationResult(
        name=name,
        params=dict(game.params),
        seed=seed,
        scores=scores_all,
        winners=winners_all,
        lengths=lengths_all,
        threads=threads if agents is None else 1,
        seconds=time.perf_counter() - start,
    )
