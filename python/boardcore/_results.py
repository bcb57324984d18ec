"""What a batch of games gives back: per-game arrays, and what an interrupted batch had
finished. Shared by the threads and Ray backends of ``simulate`` and by the command line."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["Parts", "SimulationInterrupted", "SimulationResult", "concatenate_parts"]


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

    @classmethod
    def joined(
        cls,
        name: str,
        params: dict[str, Any],
        seed: int,
        parts: Sequence[Parts],
        players: int,
        **run: Any,
    ) -> SimulationResult:
        """The result of consecutive seed ranges' ``parts`` from ``seed``; ``run`` is
        ``threads``, ``seconds`` and ``extra``, what the backend says of the run."""
        scores, winners, lengths = concatenate_parts(parts, players)
        return cls(name, params, seed, scores, winners, lengths, **run)


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


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C during ``simulate``: a ``KeyboardInterrupt`` that keeps what was finished.

    ``result`` holds the games finished before the interrupt, seeds ``seed`` to
    ``seed + result.games - 1`` (the longest run of finished games from the first);
    ``games`` is how many were asked for."""

    def __init__(self, result: SimulationResult, games: int) -> None:
        super().__init__(f"interrupted after {result.games} of {games} games")
        self.result = result
        self.games = games
