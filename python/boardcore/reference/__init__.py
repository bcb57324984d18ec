"""The pure-Python reference engines, one module per game (see DESIGN.md).

``load(name, **params)`` returns a game satisfying :class:`boardcore.api.BoardcoreGame`, like
``boardcore.load`` does for the Rust engines; the two are diffed move by move.
"""

from __future__ import annotations

import importlib
import inspect
import json
import os
from typing import Any

from boardcore._args import unencodable
from boardcore._registry import game_info
from boardcore.api import BoardcoreGame, BoardcoreState
from boardcore.errors import ParameterError

from ._json import as_int

__all__ = ["games", "load", "load_state"]

# game name -> (module, class); each later game is one more line here.
_REGISTRY: dict[str, tuple[str, str]] = {
    "kardinal": ("boardcore.reference.kardinal", "KardinalGame"),
    "chandigarh": ("boardcore.reference.chandigarh", "ChandigarhGame"),
    "city_connect": ("boardcore.reference.city_connect", "CityConnectGame"),
    "prestel_new_york": ("boardcore.reference.prestel_new_york", "PrestelNewYorkGame"),
    "rebuilding_chicago": ("boardcore.reference.rebuilding_chicago", "RebuildingChicagoGame"),
}


def games() -> list[str]:
    """The names of the games with a reference engine, sorted."""
    return sorted(_REGISTRY)


def _param_value(key: str, value: Any) -> object:
    """A parameter as the Rust binding passes it on: an integer of any type as an int, a path
    as its text; any other value (a bool, a float, a list...) left for the game to refuse in
    the parameter's own words. A text with a lone surrogate is refused here, as the binding
    refuses it before any game sees it."""
    number = None if isinstance(value, bool) else as_int(value)
    if number is not None:
        return number
    value = os.fspath(value) if isinstance(value, (str, os.PathLike)) else value
    wanted = unencodable(value)
    if wanted is not None:
        raise ParameterError(f"{key} must be {wanted}")
    return value


def load(name: str, **params: Any) -> BoardcoreGame:
    """The pure-Python engine of game ``name`` with ``params`` (e.g. ``players=3``); a bad
    game, parameter name or value is refused with the Rust engine's message."""
    entry = _REGISTRY[game_info(name).name]
    cls = getattr(importlib.import_module(entry[0]), entry[1])
    # None means the default (DESIGN.md, "Errors"), as in the Rust engine: left out.
    given = {key: _param_value(key, value) for key, value in params.items() if value is not None}
    allowed = list(inspect.signature(cls).parameters)
    unknown = sorted(set(params) - set(allowed))  # a misspelt name, whatever its value
    if unknown:
        raise ParameterError(
            f"{name} has no parameter {json.dumps(unknown[0])}; "
            f"its parameters are: {', '.join(allowed)}"
        )
    game: BoardcoreGame = cls(**given)
    return game


def load_state(text: str, *, data: str | None = None) -> BoardcoreState:
    """The reference state saved as ``text``, of whatever game it is (see
    ``boardcore.load_state``)."""
    from boardcore import _saved

    state: BoardcoreState = _saved.load_state(load, text, data)
    return state
