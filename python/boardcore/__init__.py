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

import functools
from typing import Any

from . import _saved, arena, reference
from ._play import Agent, AgentLike, play, random_agent, rust_agent
from ._registry import GAMES, GameInfo, game_info
from ._results import SimulationInterrupted, SimulationResult
from ._simulate import simulate
from .api import (
    CHANCE,
    TERMINAL,
    BoardcoreGame,
    BoardcoreState,
    Game,
    RustGame,
    RustState,
    State,
)
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
    "BoardcoreGame",
    "BoardcoreState",
    "DataError",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "NotationError",
    "ParameterError",
    "RustGame",
    "RustState",
    "SimulationInterrupted",
    "SimulationResult",
    "SplitMix64",
    "State",
    "StateFormatError",
    "VectorEnv",
    "arena",
    "games",
    "load",
    "load_state",
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


def load(name: str, **params: Any) -> RustGame:
    """The Rust engine of game ``name`` with ``params`` (e.g. ``players=3``).

    An unknown game or parameter raises :class:`ParameterError` saying what exists. Games
    are immutable, and one made from the packaged data is kept: loading the same game again
    (one per env, per worker) costs a dictionary look-up, not a parse of the data.
    """
    # the type is part of the key: True == 1.0 == 1 as dict keys, yet only 1 is a player count
    key = tuple(sorted((k, type(v), v) for k, v in params.items()))
    if "data" in params:  # a user's data file may change between calls
        return _load(name, params)
    try:
        return _load_packaged(name, key)
    except TypeError as error:  # an unhashable parameter value: load it to say why
        if "unhashable" not in str(error):
            raise
        return _load(name, params)


def _load(name: str, params: dict[str, Any]) -> RustGame:
    from . import _core

    info = game_info(name)
    game: RustGame = getattr(_core, info.rust_class)(**params)
    return game


def load_state(text: str, *, data: str | None = None) -> RustState:
    """The Rust state saved as ``text`` (``state.to_json()``), of whatever game it is: the
    game and its parameters are read from the state (``data``, the component file, is never
    in a state: give it for a state saved with another file than the packaged one).

    Text that is not a saved state of a boardcore game raises :class:`StateFormatError`
    saying why. ``boardcore.reference.load_state`` is the same in the reference engine.
    """
    state: RustState = _saved.load_state(load, text, data)
    return state


@functools.lru_cache(maxsize=256)
def _load_packaged(name: str, key: tuple[tuple[str, type, Any], ...]) -> RustGame:
    return _load(name, {k: v for k, _, v in key})
