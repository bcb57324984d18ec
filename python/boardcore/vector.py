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

``observation="compact"`` returns the same content in a few kilobytes per env instead of the
dense tensor and the mask (docs/vector.md): the tensor's nonzero entries as ``(index, value)``
tokens and the legal actions as a list, each padded with -1 to a fixed width:

>>> env = boardcore.VectorEnv("kardinal", batch=8, seed=1, players=2, observation="compact")
>>> obs = env.reset(seed=1)
>>> obs.token_index.shape, obs.legal.shape, obs.legal.dtype
((8, 115), (8, 302), dtype('int32'))
>>> pick = (np.random.default_rng(0).random(8) * obs.num_legal).astype(np.int64)
>>> obs, rewards, terminated = env.step(obs.legal[np.arange(8), pick])
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Generic, Literal, NamedTuple, SupportsIndex, TypeVar, overload

import numpy as np
import numpy.typing as npt

from . import _args
from ._registry import game_info
from .api import Game, State
from .errors import IllegalActionError, ParameterError

__all__ = ["CompactObservation", "CompactStep", "VectorEnv"]

Arrays = tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_], npt.NDArray[np.int32]]
StepArrays = tuple[
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
    npt.NDArray[np.int32],
]


class CompactObservation(NamedTuple):
    """The compact observation of a batch (docs/vector.md), row ``i`` for env ``i``.

    Decoding row ``i``: ``dense[token_index[i, :k]] = token_value[i, :k]`` on zeros, with
    ``k = num_tokens[i]``, gives ``observation_tensor(to_move[i])``; ``legal[i,
    :num_legal[i]]`` is ``legal_actions()``, ascending. Padding is -1 in ``token_index`` and
    ``legal``, 0 in ``token_value``.
    """

    token_index: npt.NDArray[np.int32]
    """``batch x max_observation_tokens``: where the dense tensor is nonzero."""
    token_value: npt.NDArray[np.float32]
    """``batch x max_observation_tokens``: the dense tensor's value there."""
    num_tokens: npt.NDArray[np.int32]
    legal: npt.NDArray[np.int32]
    """``batch x max_legal_actions``: the legal actions of the seat to move."""
    num_legal: npt.NDArray[np.int32]
    to_move: npt.NDArray[np.int32]


CompactStep = tuple[CompactObservation, npt.NDArray[np.float32], npt.NDArray[np.bool_]]
"""``(observation, rewards, terminated)``."""

_R = TypeVar("_R", Arrays, CompactObservation)
_S = TypeVar("_S", StepArrays, CompactStep)

# A game state's own size is not known from Python; this is a generous allowance for it.
_STATE_BYTES = 1 << 16


def max_batch(game: Game) -> int:
    """The largest batch of ``game`` whose dense arrays and states fit in physical memory
    (the compact arrays are smaller)."""
    import os

    size = len(game.new_initial_state().observation_tensor(0))
    per_env = 4 * size + game.num_distinct_actions + 4 + 4 * game.num_players + _STATE_BYTES
    memory: int
    try:
        memory = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):  # not POSIX: assume 16 GiB
        memory = 16 << 30
    return max(1, memory // per_env)


class _Sizes(NamedTuple):
    """An env's sizes, as the Rust env gives them (its attributes of these names)."""

    batch: int
    num_players: int
    num_distinct_actions: int
    observation_size: int
    max_observation_tokens: int
    max_legal_actions: int


class VectorEnv(Generic[_R, _S]):
    """``batch`` games of ``name`` with ``params`` (as ``boardcore.load``), stepped as one.

    ``batch`` is checked before anything is allocated: at most what the machine's memory
    holds (its observations, masks and states), else ``ParameterError`` naming the bound.
    Seeds are taken modulo 2**64; numpy integers are accepted where an int is.

    ``observation="dense"`` (the default): ``reset``/``observe`` give ``(observations, masks,
    to_move)`` and ``step`` ``(observations, masks, rewards, terminated, to_move)``.
    ``observation="compact"``: ``reset``/``observe`` give a :class:`CompactObservation` and
    ``step`` ``(observation, rewards, terminated)``; every call returns new arrays.
    """

    @overload
    def __init__(
        self: VectorEnv[Arrays, StepArrays],
        name: str,
        *,
        batch: SupportsIndex,
        seed: SupportsIndex = 0,
        observation: Literal["dense"] = "dense",
        **params: Any,
    ) -> None: ...
    @overload
    def __init__(
        self: VectorEnv[CompactObservation, CompactStep],
        name: str,
        *,
        batch: SupportsIndex,
        seed: SupportsIndex = 0,
        observation: Literal["compact"],
        **params: Any,
    ) -> None: ...
    def __init__(
        self,
        name: str,
        *,
        batch: SupportsIndex,
        seed: SupportsIndex = 0,
        observation: str = "dense",
        **params: Any,
    ) -> None:
        from . import _core, load

        info = game_info(name)
        if observation not in ("dense", "compact"):
            raise ParameterError(f"observation must be 'dense' or 'compact', not {observation!r}")
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
        self.observation: str = observation
        """``"dense"`` or ``"compact"``."""
        env: Any = cls(n, _args.seed(seed), **params)
        # Read once: the Rust env cannot be read while another thread steps it.
        self._sizes = _Sizes(*(int(getattr(env, key)) for key in _Sizes._fields))
        self._rust = env
        self._in_use = threading.Lock()

    @contextmanager
    def _using(self) -> Iterator[Any]:
        """The Rust env, for one thread at a time: it releases the GIL while it works, and a
        second thread's call meanwhile would mix two callers' steps, so it is refused."""
        if not self._in_use.acquire(blocking=False):
            raise RuntimeError(
                "this VectorEnv is in use by another thread: step each env from one thread "
                "at a time (one env per thread, or a lock around it)"
            )
        try:
            yield self._rust
        finally:
            self._in_use.release()

    @property
    def batch(self) -> int:
        return self._sizes.batch

    @property
    def num_players(self) -> int:
        return self._sizes.num_players

    @property
    def num_distinct_actions(self) -> int:
        return self._sizes.num_distinct_actions

    @property
    def observation_size(self) -> int:
        return self._sizes.observation_size

    @property
    def max_observation_tokens(self) -> int:
        """The width of the compact observation's token rows (a bound, docs/vector.md)."""
        return self._sizes.max_observation_tokens

    @property
    def max_legal_actions(self) -> int:
        """The width of the compact observation's legal-action rows (a bound)."""
        return self._sizes.max_legal_actions

    def reset(self, seed: SupportsIndex = 0) -> _R:
        """Starts game 0 of every env; the observation as ``observe`` gives it."""
        with self._using() as env:
            env.reset(_args.seed(seed))
            return self._observe(env)

    def observe(self) -> _R:
        """Dense: ``(observations, masks, to_move)``, ``batch x observation_size`` float32,
        ``batch x num_distinct_actions`` bool, ``batch`` int32 seats. Compact: a
        :class:`CompactObservation`."""
        with self._using() as env:
            return self._observe(env)

    def _observe(self, env: Any) -> _R:
        compact = self.observation == "compact"
        result: Any = CompactObservation(*env.observe_compact()) if compact else env.observe()
        return result  # type: ignore[no-any-return]

    def step(self, actions: npt.ArrayLike) -> _S:
        """One action per env. An illegal action raises ``IllegalActionError`` naming the
        env, and no env moves. Dense: ``(observations, masks, rewards, terminated,
        to_move)``; compact: ``(observation, rewards, terminated)``."""
        ids = self._action_ids(actions)
        result: Any
        with self._using() as env:
            if self.observation == "compact":
                arrays, rewards, terminated = env.step_compact(ids)
                result = (CompactObservation(*arrays), rewards, terminated)
            else:
                rewards, terminated = env.step(ids)
                obs, mask, to_move = env.observe()
                result = (obs, mask, rewards, terminated, to_move)
        return result  # type: ignore[no-any-return]

    def _action_ids(self, actions: npt.ArrayLike) -> npt.NDArray[np.int64]:
        """``actions`` as the int64 array the Rust batch checks, or the first reason they
        cannot be: the whole (not an array of ``batch`` integers), or one env's action (a
        number no 64-bit integer holds, named as given)."""
        wanted = f"step needs a 1-d integer array of {self.batch} actions"
        if actions is None:
            raise IllegalActionError(f"{wanted}, not None")
        if isinstance(actions, (list, tuple)) and len(actions) == self.batch:
            # numpy would take True as 1, and one float would make every action a float
            for i, a in enumerate(actions):
                if _args.as_int(a) is None:
                    raise IllegalActionError(f"{wanted}; env {i}'s action is {_args.quote(a)}")
        try:
            ids = np.asarray(actions)
        except ValueError:  # a ragged list: no array at all
            raise IllegalActionError(f"{wanted}, not {_args.quote(actions)}") from None
        if ids.shape != (self.batch,):
            raise IllegalActionError(f"{wanted}, not {ids.dtype} with shape {ids.shape}")
        if ids.dtype == object:  # Python ints past 64 bits, or values of mixed kinds
            for i, a in enumerate(ids.tolist()):
                if not isinstance(a, (int, np.integer)) or isinstance(a, bool):
                    raise IllegalActionError(f"{wanted}; env {i}'s action is {_args.quote(a)}")
        elif not np.issubdtype(ids.dtype, np.integer):
            raise IllegalActionError(f"{wanted}, not {ids.dtype} with shape {ids.shape}")
        last = self.num_distinct_actions - 1
        if ids.dtype == object or ids.dtype == np.uint64:
            for i, a in enumerate(ids.tolist()):
                if not 0 <= a <= last:
                    raise IllegalActionError(f"env {i}: action {a} is out of range 0 to {last}")
        return ids.astype(np.int64, copy=False)

    def final_observation_compact(
        self, i: SupportsIndex, seat: SupportsIndex
    ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.float32], int] | None:
        """``(index, value, num_tokens)`` of ``seat``'s view of the game env ``i`` finished
        in the last ``step`` (rows as in :class:`CompactObservation`), or ``None``."""
        t = self.max_observation_tokens
        index = np.empty(t, dtype=np.int32)
        value = np.empty(t, dtype=np.float32)
        env_index = _args.count(i, "i", 0, self.batch - 1)
        seat_index = _args.count(seat, "seat", 0, self.num_players - 1)
        with self._using() as env:
            count = env.final_observation_compact(env_index, seat_index, index, value)
        return None if count is None else (index, value, int(count))

    def state(self, i: SupportsIndex) -> State:
        """A copy of env ``i``'s current state (to draw it, save it, inspect it)."""
        index = _args.count(i, "i", 0, self.batch - 1)
        with self._using() as env:
            state: State = env.state(index)
        return state

    def final_state(self, i: SupportsIndex) -> State | None:
        """A copy of the terminal state of the game env ``i`` finished in the last
        ``step``, or ``None`` if that step finished none (the env is already on its next
        game)."""
        index = _args.count(i, "i", 0, self.batch - 1)
        with self._using() as env:
            state: State | None = env.final_state(index)
        return state
