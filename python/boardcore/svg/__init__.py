"""Pictures of game states as SVG, drawn from the canonical JSON so both engines agree.

``state.to_svg(perspective=None)`` calls :func:`state_to_svg` with the state's ``to_json()``
in either engine, and ``_repr_svg_`` makes a state show itself in Jupyter. Each game has a
:class:`Drawer` in :data:`DRAWERS`, chosen by the JSON's ``"game"`` field; a new game adds one.

>>> import boardcore
>>> state = boardcore.load("kardinal", players=2).new_initial_state()
>>> state.apply_action(state.string_to_action("build house red 2,0"))
>>> picture = state.to_svg()
>>> picture.startswith("<svg") and "seat 0 to choose a chip" in picture
True
>>> twin = boardcore.reference.load("kardinal", players=2).state_from_json(state.to_json())
>>> twin.to_svg() == picture
True
>>> state.to_svg(perspective=2)
Traceback (most recent call last):
    ...
boardcore.errors.ParameterError: perspective must be None or a seat 0..1, got 2
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from typing import Any

from ..errors import ParameterError, StateFormatError
from ._common import HIGHLIGHT, Bounds, Drawer
from .chandigarh import ChandigarhDrawer
from .city_connect import CityConnectDrawer
from .kardinal import KardinalDrawer
from .prestel_new_york import PrestelNewYorkDrawer
from .rebuilding_chicago import RebuildingChicagoDrawer

__all__ = [
    "DRAWERS",
    "HIGHLIGHT",
    "Bounds",
    "ChandigarhDrawer",
    "CityConnectDrawer",
    "Drawer",
    "KardinalDrawer",
    "PrestelNewYorkDrawer",
    "RebuildingChicagoDrawer",
    "drawer",
    "seat_colours",
    "state_to_svg",
    "union_bounds",
]


def _parse(json_text: str) -> dict[str, Any]:
    try:
        state = json.loads(json_text)
    except (TypeError, ValueError) as error:
        raise StateFormatError(f"not a saved state (JSON): {error}") from error
    if not isinstance(state, dict) or not isinstance(state.get("game"), str):
        raise StateFormatError('a saved state is a JSON object with a "game" name')
    return state


def drawer(name: str) -> Drawer:
    """The drawer of game ``name``; an unknown game raises :class:`ParameterError`."""
    found = DRAWERS.get(name)
    if found is None:
        known = ", ".join(sorted(DRAWERS))
        raise ParameterError(f"no picture for game {name!r}; the games drawn are: {known}")
    return found


def _check_perspective(perspective: object, seats: int) -> int | None:
    if perspective is None:
        return None
    if isinstance(perspective, bool) or not isinstance(perspective, int):
        pass
    elif 0 <= perspective < seats:
        return perspective
    raise ParameterError(f"perspective must be None or a seat 0..{seats - 1}, got {perspective!r}")


def state_to_svg(
    json_text: str, perspective: int | None = None, *, bounds: Bounds | None = None
) -> str:
    """The SVG picture of a saved state (``to_json()`` text of any game).

    ``perspective`` is the seat looking (hidden things are drawn face down for it), or None
    for an onlooker. ``bounds`` fixes the board window (replays use one for every frame so
    the board does not jump); by default it fits the state.
    """
    return ET.tostring(_state_element(json_text, perspective, bounds), encoding="unicode")


def _state_element(
    json_text: str, perspective: int | None = None, bounds: Bounds | None = None
) -> ET.Element:
    """The ``<svg>`` element :func:`state_to_svg` writes out (replays read captions from it
    without writing every picture)."""
    state = _parse(json_text)
    game = drawer(state["game"])
    try:
        seen = _check_perspective(perspective, game.seats(state))
        return game.draw(state, seen, bounds if bounds is not None else game.bounds(state))
    except (KeyError, IndexError, TypeError) as error:
        raise StateFormatError(f"not a {state['game']} state: {error!r}") from error


def union_bounds(json_texts: list[str]) -> Bounds | None:
    """The smallest board window holding every one of the states (None: fixed boards)."""
    result: Bounds | None = None
    for text in json_texts:
        state = _parse(text)
        box = drawer(state["game"]).bounds(state)
        if box is None:
            continue
        if result is None:
            result = box
        else:
            result = (
                min(result[0], box[0]),
                min(result[1], box[1]),
                max(result[2], box[2]),
                max(result[3], box[3]),
            )
    return result


def seat_colours(json_text: str) -> list[str]:
    """One CSS colour per seat of a saved state, as its picture uses them."""
    state = _parse(json_text)
    return drawer(state["game"]).seat_colours(state)


DRAWERS: dict[str, Drawer] = {
    "chandigarh": ChandigarhDrawer(),
    "city_connect": CityConnectDrawer(),
    "kardinal": KardinalDrawer(),
    "prestel_new_york": PrestelNewYorkDrawer(),
    "rebuilding_chicago": RebuildingChicagoDrawer(),
}
"""game name -> its drawer; each later game is one more entry here."""
