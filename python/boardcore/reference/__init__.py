"""The pure-Python reference engines, one module per game (see DESIGN.md).

``load(name, **params)`` returns a game satisfying :class:`boardcore.api.Game`, like
``boardcore.load`` does for the Rust engines; the two are diffed move by move.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

from boardcore.api import Game
from boardcore.errors import ParameterError

from ._json import as_int

__all__ = ["games", "load"]

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


def _int_or_self(value: Any) -> Any:
    """A parameter given as an integer of another type (numpy's) as a Python int, as the
    Rust binding reads it; anything else as it is."""
    number = as_int(value)
    return value if number is None or isinstance(value, str) else number


def load(name: str, **params: Any) -> Game:
    """The pure-Python engine of game ``name`` with ``params`` (e.g. ``players=3``)."""
    entry = _REGISTRY.get(name) if isinstance(name, str) else None
    if entry is None:
        raise ParameterError(f"unknown game {name!r}; known games: {', '.join(games())}")
    cls = getattr(importlib.import_module(entry[0]), entry[1])
    # None means the default (DESIGN.md, "Errors"), as in the Rust engine: left out.
    params = {key: _int_or_self(value) for key, value in params.items() if value is not None}
    allowed = list(inspect.signature(cls).parameters)
    unknown = sorted(set(params) - set(allowed))
    if unknown:
        raise ParameterError(
            f"unknown parameter(s) {', '.join(unknown)} for game {name!r}; "
            f"allowed: {', '.join(allowed)}"
        )
    game: Game = cls(**params)
    return game
