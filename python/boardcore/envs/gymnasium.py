"""Single-agent Gymnasium environments for every boardcore game (the ``gymnasium`` extra).

The learner plays one seat; boardcore agents play the others. Importing this module
registers ``boardcore/<game>-v0`` for every game (see :func:`register`):

>>> from boardcore.envs.gymnasium import make
>>> env = make("kardinal", players=3, seat=1)
>>> obs, info = env.reset(seed=3)
>>> obs["observation"].shape, obs["action_mask"].shape
((44146,), (83305,))
>>> terminated = False
>>> while not terminated:
...     action = env.action_space.sample(obs["action_mask"])
...     obs, reward, terminated, truncated, info = env.step(action)
>>> truncated, sum(info["returns"])
(False, 1.0)

The observation is ``{"observation": state.observation_tensor(seat), "action_mask": ...}``,
the learner's own view and its legal actions as an ``int8`` mask, so masked-action learners
work; ``env.unwrapped.action_masks()`` gives the same mask as booleans, as sb3-contrib's
``MaskablePPO`` asks. The observation box is bounded below by 0 (every tensor holds counts,
fractions and flags) and above by the largest float32. The reward is the learner's
``state.returns()[seat]`` when the game ends (1 split among the winners), 0 before; at the
end ``info`` has every seat's ``"returns"`` and ``"scores"``.

Truncation: after ``max_steps`` learner steps (default :data:`MAX_STEPS`, far more than any
game takes between sensible players; ``None`` for no cap) an unfinished episode is
truncated (``truncated=True``, reward 0).

Illegal actions follow PettingZoo classic's ``TerminateIllegalWrapper`` convention: an
action that is not legal (a value that is no action id, ``1.5`` or ``None``, included) ends
the episode (``terminated=True``) with reward ``illegal_reward`` (default -1.0) and
``info["illegal_action"] = True``, ``info["reason"]`` saying why, and the state unchanged;
the next call must be ``reset()``.
With ``illegal_reward=None`` an illegal action raises :class:`boardcore.IllegalActionError`
and changes nothing instead. (Gymnasium's ``check_env`` steps with unmasked random actions.)

Seeding: ``reset(seed=S)`` plays chance and the opponents with one ``SplitMix64(S)``, in the
order they occur, as ``boardcore.play(game, seed=S)`` does; each later ``reset()`` takes the
next seed (``S + 1``, ...). The generator is ``env.unwrapped.rng`` and the state
``env.unwrapped.game_state``: a learner that plays ``boardcore.random_agent(state, rng)``
on them replays ``boardcore.play``, move for move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import _missing

try:
    import gymnasium
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise _missing("gymnasium", "Gymnasium", "gymnasium") from error
import numpy as np
import numpy.typing as npt

from .. import Agent, AgentLike, _args, random_agent
from .._play import agent_list, as_callables
from .._registry import game_info
from ..api import CHANCE
from ..errors import IllegalActionError, ParameterError
from ..rng import SplitMix64
from . import _common, _register

__all__ = ["MAX_STEPS", "Action", "BoardcoreEnv", "env_id", "make", "register"]

Action = int | np.integer[Any]
"""An action id: a Python int or a numpy integer (what ``action_space.sample()`` gives)."""


MAX_STEPS = 100_000
"""The default ``max_steps``: a cap on the learner's steps per episode (random Prestel games,
the longest, take a few thousand actions in all)."""


def env_id(name: str) -> str:
    """The Gymnasium id of game ``name``: ``boardcore/<name>-v0``."""
    return f"boardcore/{name}-v0"


class BoardcoreEnv(gymnasium.Env[dict[str, Any], Action]):
    """Game ``name`` with ``params`` (e.g. ``players=3``), the learner at seat ``seat``.

    ``opponents`` has one agent per other seat, in seat order: a ``boardcore.Agent``
    (``(state, rng) -> action``) or a spec of the Rust agents (``"greedy"``, ``"mcts:200"``;
    the Rust engine only); random agents by default. ``engine="reference"`` runs the
    pure-Python engine. ``illegal_reward`` and ``max_steps``: see the module docstring.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - Gymnasium's class attribute
        "render_modes": list(_common.RENDER_MODES),
        "render_fps": 1,
    }

    def __init__(
        self,
        name: str,
        *,
        seat: int = 0,
        opponents: Sequence[AgentLike] | None = None,
        engine: str = "rust",
        render_mode: str | None = None,
        illegal_reward: float | None = -1.0,
        max_steps: int | None = MAX_STEPS,
        **params: Any,
    ) -> None:
        _common.check_render_mode(render_mode)
        self.game = _common.load_game(name, engine, params)
        players = self.game.num_players
        seat_id = _args.as_int(seat)  # a seat is a seat whatever its type (DESIGN.md)
        if seat_id is None or not 0 <= seat_id < players:
            raise ParameterError(f"seat must be 0 to {players - 1}, not {_args.quote(seat)}")
        seat = seat_id
        given = agent_list(opponents, "opponents")  # callables or specs of the Rust agents
        if given is None:
            given = [random_agent] * (players - 1)
        if len(given) != players - 1:
            raise ParameterError(
                f"opponents: need one per other seat ({players - 1}), got {len(given)}"
            )
        others = iter(as_callables(given, rust=engine == "rust"))
        self._agents: list[Agent | None] = [
            None if s == seat else next(others) for s in range(players)
        ]
        self.seat = seat
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        if max_steps is not None and (
            isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1
        ):
            raise ParameterError(f"max_steps must be a positive int or None, not {max_steps!r}")
        self.max_steps = max_steps
        self._steps = 0
        self.observation_space = _common.observation_space(self.game)
        self.action_space = _common.action_space(self.game)
        self._num_actions = self.game.num_distinct_actions
        self._seeds = _common.SeedSequence()
        self._ended_illegally = False
        self.game_seed = 0
        """The seed of the current game (see the module docstring)."""
        self.rng = SplitMix64(0)
        """The generator chance and the opponents draw from."""
        self.game_state = self.game.new_initial_state()
        """The whole position, hidden parts included: for tools, not for the learner's eyes."""

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[_common.Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self.game_seed = self._seeds.take(seed)
        self.rng = SplitMix64(self.game_seed)
        self.game_state = self.game.new_initial_state()
        self._ended_illegally = False
        self._steps = 0
        self._play_others()
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._info()

    def step(self, action: Action) -> tuple[_common.Observation, float, bool, bool, dict[str, Any]]:
        """Plays the learner's ``action``, then the others until the learner is to move again.

        An illegal action ends the episode with ``illegal_reward`` (or raises
        :class:`boardcore.IllegalActionError` if it is ``None``): see the module docstring.
        A value that is not an action id (``1.5``, ``None``, ``True``) is an illegal action
        too. Once the episode is over (terminated or truncated), every step raises
        ``IllegalActionError``: call ``reset()``.
        """
        state = self.game_state
        if self._ended_illegally or state.is_terminal() or self._truncated():
            raise IllegalActionError("the episode is over: call reset()")
        number = _args.as_int(action)  # numpy integers too
        if self.illegal_reward is None:
            # anything else is the engine's IllegalActionError, the state unchanged
            move: Any = action if number is None else number
            state.apply_action(move)
        elif number is None or not (
            0 <= number < self._num_actions and state.legal_action_mask()[number]
        ):
            # a value that is not an action id is an illegal move like any other (DESIGN.md)
            self._ended_illegally = True
            what = (
                f"{_args.quote(action)} is not an action: action ids are ints 0 to "
                f"{self._num_actions - 1}"
                if number is None
                else f"action {number} is not legal for seat {self.seat}"
            )
            reason = f'{what}; obs["action_mask"] has the legal actions'
            info = {**self._info(), "illegal_action": True, "reason": reason}
            return self._observe(), float(self.illegal_reward), True, False, info
        else:
            state.apply_action(number)
        self._steps += 1
        self._play_others()
        terminated = state.is_terminal()
        reward = float(state.returns()[self.seat]) if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, self._truncated(), self._info()

    def _truncated(self) -> bool:
        return (
            self.max_steps is not None
            and self._steps >= self.max_steps
            and not self.game_state.is_terminal()
        )

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions as booleans (sb3-contrib's ``MaskablePPO`` calls this);
        all False once the episode is over."""
        return self._observe()["action_mask"].astype(bool)

    def _play_others(self) -> None:
        """Chance and the opponents move until the learner must decide or the game ends."""
        state = self.game_state
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                _common.resolve_chance(state, self.rng)
                continue
            agent = self._agents[player]
            if agent is None:
                return
            state.apply_action(agent(state, self.rng))

    def _observe(self) -> _common.Observation:
        return _common.observation(self.game_state, self.seat, self._num_actions)

    def _info(self) -> dict[str, Any]:
        state = self.game_state
        if not state.is_terminal():
            return {}
        return {"returns": state.returns(), "scores": state.scores()}

    def render(self) -> str | None:
        """``"ansi"``: ``str(state)``, the whole board; ``"human"``: prints it."""
        return _common.render(self.game_state, self.render_mode)


def register() -> None:
    """Registers ``boardcore/<game>-v0`` for every game (``import boardcore`` does it once
    Gymnasium is imported; safe to repeat).

    ``gymnasium.make("boardcore/kardinal-v0", players=3, seat=1)`` then builds a
    :class:`BoardcoreEnv` with those arguments.
    """
    _register.register()


def make(name: str, **kwargs: Any) -> gymnasium.Env[dict[str, Any], Action]:
    """``gymnasium.make("boardcore/<name>-v0", **kwargs)``: :class:`BoardcoreEnv` with
    Gymnasium's standard wrappers (order enforcing, the passive environment checker)."""
    game_info(name)
    register()
    env: gymnasium.Env[dict[str, Any], Action] = gymnasium.make(env_id(name), **kwargs)
    return env


register()
