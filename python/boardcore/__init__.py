"""boardcore: fast, exact engines for city-building board games.

>>> import boardcore
>>> game = boardcore.load("kardinal", players=2)
>>> state = game.new_initial_state()
>>> state.apply_action(state.string_to_action("build house red 2,0"))
>>> state.current_player(), state.legal_actions()[:1]
(0, [78400])
>>> game.state_from_json(state.to_json()) == state
True

``boardcore.load`` gives the Rust engine, ``boardcore.reference.load`` the pure-Python one;
both follow the protocols in ``boardcore.api``.
"""

from __future__ import annotations

from typing import Any

from . import arena, reference
from ._play import Agent, AgentLike, play, random_agent, rust_agent
from ._registry import GAMES, GameInfo
from ._results import SimulationInterrupted, SimulationResult
from ._simulate import simulate
from .api import CHANCE, TERMINAL, Game, State
from .envs import _register as _gym_register
from .errors import (
    BoardcoreError,
    DataError,
    IllegalActionError,
    NotationError,
    ParameterError,
    StateFormatError,
)
from .rng import SplitMix64
from .vector import VectorEnv

# gymnasium.make("boardcore/<game>-v0") after `import boardcore`, without importing Gymnasium here
_gym_register.install()

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Agent",
    "AgentLike",
    "BoardcoreError",
    "DataError",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "NotationError",
    "ParameterError",
    "SimulationInterrupted",
    "SimulationResult",
    "SplitMix64",
    "State",
    "StateFormatError",
    "VectorEnv",
    "arena",
    "games",
    "load",
    "play",
    "random_agent",
    "reference",
    "rust_agent",
    "simulate",
]

__version__ = "0.1.0"


def games() -> list[GameInfo]:
    """Every game of the library, with its parameters, version and status."""
    return list(GAMES.values())


def load(name: str, **params: Any) -> Game:
    """The Rust engine of game ``name`` with ``params`` (e.g. ``players=3``).

    An unknown game or parameter raises :class:`ParameterError` saying what exists.
    """
    from . import _core

    info = GAMES.get(name)
    if info is None:
        known = ", ".join(sorted(GAMES))
        raise ParameterError(f"unknown game {name!r}; the games are: {known}")
    game: Game = getattr(_core, info.rust_class)(**params)
    return game
