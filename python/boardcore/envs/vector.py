"""A Gymnasium vector env backed by the Rust batch (``boardcore.VectorEnv``), self-play.

``gymnasium.make_vec("boardcore/<game>-v0", num_envs=N, players=...)`` (after
``import boardcore``) builds :class:`BoardcoreVectorEnv`: N games stepped together in Rust,
the learner acting for whoever is to move in each (self-play).

- Observation: ``Dict(observation=float32 tensor, action_mask=int8 mask)`` per env, batched
  (``single_observation_space`` is the single-agent env's); the tensor is the view of the
  seat to move, and ``infos["to_move"]`` says which seat that is.
- Reward: the return (1 split among the winners) of the seat that just moved, when its
  step ends the game; 0 before. ``infos["returns"]`` has every seat's, ``batch x players``.
- Autoreset: ``AutoresetMode.SAME_STEP``. A step that ends env ``i``'s game returns the next
  game's first observation; the final one, from the view of the seat that moved, is
  ``infos["final_obs"][i]`` (``infos["_final_obs"][i]`` True), as Gymnasium 1.x defines it.
- Seeds: ``reset(seed=S)`` seeds env ``i``'s first game ``S + i`` and its ``k``-th
  ``S + i + k * N`` (as ``boardcore.VectorEnv``); ``seed=[S, S + 1, ...]`` (what Gymnasium
  passes) is the same; other lists are refused. Episodes are never truncated.
- An illegal action raises :class:`boardcore.IllegalActionError` and no env moves.
- The single-agent env's options (``seat``, ``opponents``, ``engine``, ``illegal_reward``,
  ``max_steps``) are refused with a :class:`boardcore.ParameterError` that says so: here the
  learner plays every seat. ``make_vec(..., vectorization_mode="sync")`` with them gives
  ``num_envs`` single-agent envs against boardcore agents instead.

``observation="compact"`` (``make_vec(..., observation="compact")``) gives the same content,
small (docs/vector.md): ``Dict(token_index=int32 (T,), token_value=float32 (T,),
num_tokens=int32 (), legal=int32 (L,), num_legal=int32 ())`` per env, the dense tensor's
nonzero entries as ``(index, value)`` tokens and the legal actions as a list, each padded
with -1. A final observation has no legal action (``num_legal`` 0), as the dense one's mask
is all zeros.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any, SupportsIndex

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from .. import _args, load
from ..errors import ParameterError
from ..vector import CompactObservation, VectorEnv
from ._common import action_space, observation_space

__all__ = ["BoardcoreVectorEnv", "VectorObservation", "compact_observation_space"]

SINGLE_AGENT_OPTIONS = frozenset({"seat", "opponents", "engine", "illegal_reward", "max_steps"})
"""Options of ``boardcore/<game>-v0``'s single-agent env that the self-play batch has not."""

VectorObservation = dict[str, npt.NDArray[Any]]
"""Dense: ``{"observation": num_envs x size float32, "action_mask": num_envs x actions
int8}``; compact: ``{"token_index", "token_value", "num_tokens", "legal", "num_legal"}``."""


def compact_observation_space(
    size: int, actions: int, tokens: int, legal: int
) -> gymnasium.spaces.Dict:
    """One env's compact observation: a dense tensor of ``size`` values (never negative, as
    the dense space says) holding at most ``tokens`` nonzero ones, and at most ``legal`` of
    ``actions`` legal actions."""
    f32max = float(np.finfo(np.float32).max)
    box = gymnasium.spaces.Box
    return gymnasium.spaces.Dict(
        {
            "token_index": box(low=-1, high=size - 1, shape=(tokens,), dtype=np.int32),
            "token_value": box(low=0.0, high=f32max, shape=(tokens,), dtype=np.float32),
            "num_tokens": box(low=0, high=tokens, shape=(), dtype=np.int32),
            "legal": box(low=-1, high=actions - 1, shape=(legal,), dtype=np.int32),
            "num_legal": box(low=0, high=legal, shape=(), dtype=np.int32),
        }
    )


class BoardcoreVectorEnv(
    gymnasium.vector.VectorEnv[VectorObservation, npt.NDArray[np.int64], npt.NDArray[Any]]
):
    """``num_envs`` games of ``name`` with ``params`` in self-play (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - Gymnasium's class attribute
        "autoreset_mode": AutoresetMode.SAME_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        name: str,
        num_envs: SupportsIndex = 1,
        observation: str = "dense",
        **params: Any,
    ) -> None:
        params.pop("render_mode", None)  # make_vec passes it; there is nothing to render
        # Without this the game itself would refuse them, as unknown game parameters.
        given = sorted(SINGLE_AGENT_OPTIONS & params.keys())
        if given:
            raise ParameterError(
                f"{', '.join(given)}: an option of the single-agent env; in the vector env "
                "the learner plays every seat (self-play). For num_envs single-agent envs "
                "against boardcore agents: gymnasium.make_vec(..., vectorization_mode='sync')"
            )
        self.vector: VectorEnv[Any, Any]
        n = _args.index(num_envs, "num_envs")
        try:
            if observation == "compact":
                self.vector = VectorEnv(name, batch=n, observation="compact", **params)
            elif observation == "dense":
                self.vector = VectorEnv(name, batch=n, **params)
            else:
                raise ParameterError(
                    f"observation must be 'dense' or 'compact', not {observation!r}"
                )
        except ParameterError as error:  # the batch is what make_vec calls num_envs
            if not str(error).startswith("batch "):
                raise
            raise ParameterError(f"num_envs {str(error).removeprefix('batch ')}") from None
        """The low-level arrays API underneath."""
        game = load(name, **params)
        self.num_envs = self.vector.batch
        self.compact = observation == "compact"
        if self.compact:
            self.single_observation_space = compact_observation_space(
                self.vector.observation_size,
                self.vector.num_distinct_actions,
                self.vector.max_observation_tokens,
                self.vector.max_legal_actions,
            )
        else:
            self.single_observation_space = observation_space(game)
        self.single_action_space = action_space(game)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._to_move = np.zeros(self.num_envs, dtype=np.int32)

    def reset(
        self,
        *,
        seed: SupportsIndex | Sequence[SupportsIndex | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[VectorObservation, dict[str, Any]]:
        if seed is None:
            first = secrets.randbits(64)
        elif isinstance(seed, Sequence):
            seeds = [None if s is None else _args.seed(s) for s in seed]
            first = seeds[0] if seeds and seeds[0] is not None else secrets.randbits(64)
            expected = [(first + i) % (1 << 64) for i in range(self.num_envs)]
            if len(seeds) != self.num_envs or any(
                s is not None and s != e for s, e in zip(seeds, expected, strict=True)
            ):
                raise ParameterError(
                    f"seed: a list must be {self.num_envs} consecutive seeds S, S + 1, ... "
                    "(the batch seeds env i with S + i)"
                )
        else:
            first = _args.seed(seed)
        if self.compact:
            compact: CompactObservation = self.vector.reset(seed=first)
            self._to_move = compact.to_move
            return self._compact(compact), {"to_move": compact.to_move}
        obs, mask, to_move = self.vector.reset(seed=first)
        self._to_move = to_move
        return self._observation(obs, mask), {"to_move": to_move}

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        VectorObservation,
        npt.NDArray[Any],  # float32 rewards
        npt.NDArray[Any],  # bool terminations
        npt.NDArray[Any],  # bool truncations
        dict[str, Any],
    ]:
        movers = self._to_move
        observation: VectorObservation
        if self.compact:
            compact, returns, terminated = self.vector.step(actions)
            to_move = compact.to_move
            observation = self._compact(compact)
        else:
            obs, mask, returns, terminated, to_move = self.vector.step(actions)
            observation = self._observation(obs, mask)
        self._to_move = to_move
        rows = np.arange(self.num_envs)
        rewards = returns[rows, movers].astype(np.float32)
        infos: dict[str, Any] = {"to_move": to_move, "returns": returns}
        if terminated.any():
            final = np.full(self.num_envs, None, dtype=object)
            size = self.vector.num_distinct_actions
            for i in np.flatnonzero(terminated):
                if self.compact:
                    final[i] = self._final_compact(int(i), int(movers[i]))
                    continue
                state = self.vector.final_state(int(i))
                assert state is not None  # the step ended env i's game
                final[i] = {
                    "observation": np.asarray(
                        state.observation_tensor(int(movers[i])), dtype=np.float32
                    ),
                    "action_mask": np.zeros(size, dtype=np.int8),
                }
            infos["final_obs"] = final
            infos["_final_obs"] = terminated.copy()
            infos["final_info"] = {}
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        return observation, rewards, terminated, truncated, infos

    @staticmethod
    def _compact(obs: CompactObservation) -> VectorObservation:
        return {
            "token_index": obs.token_index,
            "token_value": obs.token_value,
            "num_tokens": obs.num_tokens,
            "legal": obs.legal,
            "num_legal": obs.num_legal,
        }

    def _final_compact(self, i: int, seat: int) -> VectorObservation:
        final = self.vector.final_observation_compact(i, seat)
        assert final is not None  # the step ended env i's game
        index, value, count = final
        return {
            "token_index": index,
            "token_value": value,
            "num_tokens": np.array(count, dtype=np.int32),
            "legal": np.full(self.vector.max_legal_actions, -1, dtype=np.int32),
            "num_legal": np.array(0, dtype=np.int32),
        }

    @staticmethod
    def _observation(
        obs: npt.NDArray[np.float32], mask: npt.NDArray[np.bool_]
    ) -> VectorObservation:
        return {"observation": obs, "action_mask": mask.view(np.int8)}

    def close_extras(self, **kwargs: Any) -> None:
        pass
