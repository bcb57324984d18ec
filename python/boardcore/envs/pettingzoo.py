"""PettingZoo AEC environments for every boardcore game (the ``pettingzoo`` extra).

Every seat is an agent, ``"player_0"`` to ``"player_{n-1}"``; chance nodes are played inside
the environment. ``env`` adds PettingZoo's usual wrappers, ``raw_env`` is the bare
environment:

>>> from boardcore.envs.pettingzoo import env
>>> aec = env("prestel_new_york", players=3, max_rounds=2)
>>> aec.reset(seed=7)
>>> for agent in aec.agent_iter():
...     obs, reward, terminated, truncated, info = aec.last()
...     aec.step(None if terminated else aec.action_space(agent).sample(obs["action_mask"]))
>>> aec.agents
[]

Each agent observes ``{"observation": state.observation_tensor(seat), "action_mask": ...}``:
its own view only (hidden hands and memories stay hidden), and its legal actions as an
``int8`` mask when it is to move, all zeros otherwise. Rewards are ``state.returns()`` when
the game ends (1 split among the winners), 0 before. ``max_cycles=N`` truncates the game
once some agent has made ``N`` decisions (every agent's ``truncations`` set, rewards 0);
by default (``None``) games end only by termination.

``state()`` is the global state a centralised critic needs: every seat's observation tensor
concatenated in seat order (seat 0's first), float32, in ``state_space``. It sees what any
seat sees, so hidden information the seats hold is in it; what no seat sees (the order of a
shuffled deck) is not.

Seeding: ``reset(seed=S)`` plays chance with ``SplitMix64(S)`` exactly as
``boardcore.play(game, seed=S)`` does, so the same seed and the same actions give the same
game; each later ``reset()`` takes the next seed (``S + 1``, ...). The generator is
``env.unwrapped.rng`` and the state ``env.unwrapped.game_state``: agents that draw from
that generator, like ``boardcore.random_agent(state, rng)``, replay ``boardcore.play``.
"""

from __future__ import annotations

from typing import Any

from . import _missing

try:
    import gymnasium
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise _missing("pettingzoo", "PettingZoo and Gymnasium", "pettingzoo") from error
import numpy as np
import numpy.typing as npt

from ..api import Game, State
from ..errors import IllegalActionError, ParameterError
from ..rng import SplitMix64
from . import _common

__all__ = ["BoardcoreAECEnv", "env", "raw_env"]


class BoardcoreAECEnv(AECEnv):  # type: ignore[misc]
    """A boardcore game as a PettingZoo AEC environment; build it with :func:`raw_env`.

    ``step`` with an illegal action raises :class:`boardcore.IllegalActionError` and changes
    nothing (``env`` wraps this in PettingZoo's ``TerminateIllegalWrapper`` instead).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo's class attribute
        "render_modes": list(_common.RENDER_MODES),
        "render_fps": 1,
        "name": "boardcore_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        name: str,
        *,
        render_mode: str | None = None,
        engine: str = "rust",
        max_cycles: int | None = None,
        **params: Any,
    ) -> None:
        super().__init__()
        _common.check_render_mode(render_mode)
        if max_cycles is not None and (
            isinstance(max_cycles, bool) or not isinstance(max_cycles, int) or max_cycles < 1
        ):
            raise ParameterError(f"max_cycles must be a positive int or None, not {max_cycles!r}")
        self.max_cycles = max_cycles
        self.game: Game = _common.load_game(name, engine, params)
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata, "name": f"boardcore_{name}_v0"}
        self.possible_agents: list[str] = [
            f"player_{seat}" for seat in range(self.game.num_players)
        ]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._num_actions = self.game.num_distinct_actions
        # One space object per agent, so each can be seeded on its own.
        self._observation_spaces = {
            a: _common.observation_space(self.game) for a in self.possible_agents
        }
        self._action_spaces = {a: _common.action_space(self.game) for a in self.possible_agents}
        size = len(self.game.new_initial_state().observation_tensor(0))
        self.state_space = gymnasium.spaces.Box(
            low=0.0,
            high=float(np.finfo(np.float32).max),
            shape=(size * self.game.num_players,),
            dtype=np.float32,
        )
        """The space of :meth:`state`: every seat's observation, concatenated."""
        self._decisions = dict.fromkeys(self.possible_agents, 0)
        self._seeds = _common.SeedSequence()
        self.game_seed = 0
        """The seed of the current game (see the module docstring)."""
        self.rng = SplitMix64(0)
        """The generator chance draws from; agents may draw from it too."""
        self.game_state: State = self.game.new_initial_state()
        """The whole position, hidden parts included: for tools, not for agents' eyes."""

    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.game_seed = self._seeds.take(seed)
        self.rng = SplitMix64(self.game_seed)
        self.game_state = self.game.new_initial_state()
        _common.resolve_chance(self.game_state, self.rng)
        self.agents: list[str] = self.possible_agents[:]
        self.rewards: dict[str, float] = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards: dict[str, float] = dict.fromkeys(self.agents, 0.0)
        self.terminations: dict[str, bool] = dict.fromkeys(self.agents, False)
        self.truncations: dict[str, bool] = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._decisions = dict.fromkeys(self.possible_agents, 0)
        self.agent_selection: str = self.agents[0]
        self._after_move()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> _common.Observation:
        return _common.observation(self.game_state, self._seats[agent], self._num_actions)

    def state(self) -> npt.NDArray[np.float32]:
        """Every seat's observation tensor, concatenated in seat order (see the module
        docstring); a new array on each call."""
        return np.concatenate(
            [
                np.asarray(self.game_state.observation_tensor(seat), dtype=np.float32)
                for seat in range(self.game.num_players)
            ]
        )

    def step(self, action: int | np.integer[Any] | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(
                f"{agent} is to move: step(None) is only for an agent whose game is over"
            )
        self.game_state.apply_action(int(action))  # IllegalActionError, state unchanged
        self._cumulative_rewards[agent] = 0.0
        _common.resolve_chance(self.game_state, self.rng)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._decisions[agent] += 1
        self._after_move()
        if self.render_mode == "human":
            self.render()

    def _after_move(self) -> None:
        """Selects the seat to move, or ends the game with everyone's return."""
        state = self.game_state
        if state.is_terminal():
            returns = state.returns()
            for agent in self.agents:
                self.rewards[agent] = float(returns[self._seats[agent]])
                self.terminations[agent] = True
            self._accumulate_rewards()
            return
        self.agent_selection = self.possible_agents[state.current_player()]
        if self.max_cycles is not None and max(self._decisions.values()) >= self.max_cycles:
            for agent in self.agents:
                self.truncations[agent] = True

    def render(self) -> str | None:
        """``"ansi"``: ``str(state)``, the whole board; ``"human"``: prints it."""
        return _common.render(self.game_state, self.render_mode)

    def close(self) -> None:
        pass


def raw_env(
    name: str,
    *,
    render_mode: str | None = None,
    engine: str = "rust",
    max_cycles: int | None = None,
    **params: Any,
) -> BoardcoreAECEnv:
    """The bare AEC environment of game ``name`` with ``params`` (e.g. ``players=3``).

    ``engine="reference"`` runs the pure-Python engine instead of the Rust one;
    ``max_cycles``: see the module docstring.
    """
    return BoardcoreAECEnv(
        name, render_mode=render_mode, engine=engine, max_cycles=max_cycles, **params
    )


def env(
    name: str,
    *,
    render_mode: str | None = None,
    engine: str = "rust",
    illegal_reward: float | None = -1.0,
    max_cycles: int | None = None,
    **params: Any,
) -> AECEnv:
    """:func:`raw_env` in PettingZoo's usual wrappers, as its classic games are.

    ``TerminateIllegalWrapper`` ends the game on an action outside ``obs["action_mask"]``,
    giving the offender ``illegal_reward`` and the others 0 (``illegal_reward=None`` leaves
    it out, and an illegal action raises :class:`boardcore.IllegalActionError`);
    ``AssertOutOfBoundsWrapper`` rejects actions outside the action space;
    ``OrderEnforcingWrapper`` rejects use before ``reset``.
    """
    wrapped: AECEnv = raw_env(
        name, render_mode=render_mode, engine=engine, max_cycles=max_cycles, **params
    )
    if illegal_reward is not None:
        wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=illegal_reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
