"""``VectorEnv``: a batch of games stepped together in Rust, for learning at scale.

>>> import numpy as np, boardcore
>>> env = boardcore.VectorEnv("kardinal", batch=8, seed=1, players=2)
>>> obs, mask, to_move = env.reset(seed=1)
>>> obs.shape, mask.shape, to_move.shape
((8, 44146), (8, 83305), (8,))
>>> actions = np.array([np.flatnonzero(m)[0] for m in mask])    # any legal action per game
>>> obs, mask, rewards, terminated, to_move = env.step(actions)
>>> rewards.shape, terminated.dtype
((8, 2), dtype('bool'))

Each env plays its games one after the other: chance is resolved inside, so the caller sees
only decision nodes, and a game that ends reports its returns (1 split among the winners) in
``rewards`` with ``terminated`` set, the observation being already the next game's start.
Game ``k`` of env ``i`` in a batch ``B`` reset with seed ``S`` is seeded ``S + i + k * B``.
Observations are the seat to move's own (``observation_tensor(to_move)``), so hidden
information stays hidden. All the work runs in Rust with the GIL released, in parallel.
"""

from __future__ import annotations

from typing import Any, SupportsIndex

import numpy as np
import numpy.typing as npt

from . import _args
from ._registry import GAMES
from .api import Game, State
from .errors import IllegalActionError, ParameterError

__all__ = ["VectorEnv"]

Arrays = tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.int32]]
StepArrays = tuple[
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
    npt.NDArray[np.int32],
]


# A game state's own size is not known from Python; this is a generous allowance for it.
_STATE_BYTES = 1 << 16


def max_batch(game: Game) -> int:
    """The largest batch of ``game`` whose arrays and states fit in physical memory."""
    import os

    size = len(game.new_initial_state().observation_tensor(0))
    per_env = 4 * size + game.num_distinct_actions + 4 + 4 * game.num_players + _STATE_BYTES
    memory: int
    try:
        memory = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):  # not POSIX: assume 16 GiB
        memory = 16 << 30
    return max(1, memory // per_env)


class VectorEnv:
    """``batch`` games of ``name`` with ``params`` (as ``boardcore.load``), stepped as one.

    ``batch`` is checked before anything is allocated: at most what the machine's memory
    holds (its observations, masks and states), else ``ParameterError`` naming the bound.
    Seeds are taken modulo 2**64; numpy integers are accepted where an int is.
    """

    def __init__(
        self, name: str, *, batch: SupportsIndex, seed: SupportsIndex = 0, **params: Any
    ) -> None:
        from . import _core, load

        info = GAMES.get(name)
        if info is None:
            raise ParameterError(f"unknown game {name!r}; the games are: {', '.join(GAMES)}")
        n = _args.index(batch, "batch")
        game = load(name, **params)  # checks the parameters before the batch is sized
        high = max_batch(game)
        if not 1 <= n <= high:
            raise ParameterError(
                f"batch must be from 1 to {high} (what this machine's memory holds for "
                f"{name}), not {n}"
            )
        cls = getattr(_core, info.rust_class.removesuffix("Game") + "VectorEnv")
        self.name = name
        self._env: Any = cls(n, _args.seed(seed), **params)

    @property
    def batch(self) -> int:
        return int(self._env.batch)

    @property
    def num_players(self) -> int:
        return int(self._env.num_players)

    @property
    def num_distinct_actions(self) -> int:
        return int(self._env.num_distinct_actions)

    @property
    def observation_size(self) -> int:
        return int(self._env.observation_size)

    def reset(self, seed: SupportsIndex = 0) -> Arrays:
        """Starts game 0 of every env; ``(observations, masks, to_move)``."""
        self._env.reset(_args.seed(seed))
        return self.observe()

    def observe(self) -> Arrays:
        """``(observations, masks, to_move)``: ``batch x observation_size`` float32,
        ``batch x num_distinct_actions`` bool, ``batch`` int32 seats."""
        obs, mask, to_move = self._env.observe()
        return obs, mask, to_move

    def step(self, actions: npt.ArrayLike) -> StepArrays:
        """One action per env. An illegal action raises ``IllegalActionError`` naming the
        env, and no env moves. ``(observations, masks, rewards, terminated, to_move)``."""
        ids = np.asarray(actions)
        if ids.shape != (self.batch,) or not np.issubdtype(ids.dtype, np.integer):
            raise IllegalActionError(
                f"step needs a 1-d integer array of {self.batch} actions, not {ids.dtype} "
                f"with shape {ids.shape}"
            )
        rewards, terminated = self._env.step(ids.astype(np.int64, copy=False))
        obs, mask, to_move = self._env.observe()
        return obs, mask, rewards, terminated, to_move

    def state(self, i: SupportsIndex) -> State:
        """A copy of env ``i``'s current state (to draw it, save it, inspect it)."""
        state: State = self._env.state(_args.count(i, "i", 0, self.batch - 1))
        return state

    def final_state(self, i: SupportsIndex) -> State | None:
        """A copy of the terminal state of the game env ``i`` finished in the last
        ``step``, or ``None`` if that step finished none (the env is already on its next
        game)."""
        state: State | None = self._env.final_state(_args.count(i, "i", 0, self.batch - 1))
        return state
