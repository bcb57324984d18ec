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

import functools
import json
import math
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final, NamedTuple, Protocol

from .errors import ParameterError, StateFormatError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 has no tomllib
    import tomli as tomllib

__all__ = ["DRAWERS", "Bounds", "Drawer", "drawer", "seat_colours", "state_to_svg", "union_bounds"]

Bounds = tuple[int, int, int, int]
"""A board window ``(x_min, y_min, x_max, y_max)`` in the game's cell coordinates, inclusive."""

FONT: Final = "Helvetica, Arial, sans-serif"
HIGHLIGHT: Final = "#e0119d"
"""The last action's mark: a magenta that none of the game colours is close to."""
INK: Final = "#2b2620"
MUTED: Final = "#7a705f"


class Drawer(Protocol):
    """What a game provides to be drawn: its picture and a few facts for replays."""

    def seats(self, state: dict[str, Any]) -> int:
        """The number of seats of the state, to check ``perspective`` against."""
        ...

    def bounds(self, state: dict[str, Any]) -> Bounds | None:
        """The board window the state needs, or None for a fixed board."""
        ...

    def draw(
        self, state: dict[str, Any], perspective: int | None, bounds: Bounds | None
    ) -> ET.Element:
        """The ``<svg>`` element of the state, seen by seat ``perspective`` (None: everyone)."""
        ...

    def seat_colours(self, state: dict[str, Any]) -> list[str]:
        """One CSS colour per seat, for score charts."""
        ...

    def starts_turn(self, action: int) -> bool:
        """Whether ``action`` begins a seat's turn (for move lists)."""
        ...


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
    state = _parse(json_text)
    game = drawer(state["game"])
    try:
        seen = _check_perspective(perspective, game.seats(state))
        element = game.draw(state, seen, bounds if bounds is not None else game.bounds(state))
    except (KeyError, IndexError, TypeError) as error:
        raise StateFormatError(f"not a {state['game']} state: {error!r}") from error
    return ET.tostring(element, encoding="unicode")


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


# ---------------------------------------------------------------------------------------------
# Building blocks.


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _el(parent: ET.Element, tag: str, text: str | None = None, **attrs: object) -> ET.Element:
    """A child element; ``stroke_width=2`` becomes ``stroke-width="2"``, ``class_`` ``class``."""
    values: dict[str, str] = {}
    for key, value in attrs.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        values[name] = _num(value) if isinstance(value, (int, float)) else str(value)
    element = ET.SubElement(parent, tag, values)
    if text is not None:
        element.text = text
    return element


def _svg_root(width: float, height: float, title: str) -> ET.Element:
    root = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "version": "1.1",
            "width": _num(width),
            "height": _num(height),
            "viewBox": f"0 0 {_num(width)} {_num(height)}",
            "font-family": FONT,
        },
    )
    _el(root, "title", title)
    return root


@functools.lru_cache(maxsize=32)
def _notation_state(game: str, players: int) -> Any:
    """A reference state to name actions with: notation does not depend on the position."""
    from . import reference

    return reference.load(game, players=players).new_initial_state()


def _notation(game: str, players: int, action: int) -> str:
    text: str = _notation_state(game, players).action_to_string(action)
    return text


# ---------------------------------------------------------------------------------------------
# Kardinal: the city around the cathedral, the cardinal, and a panel of seats and chips.

COLOURS: Final = ("red", "green", "blue", "yellow")
# Per colour: the piece, its dark outline, a light tint (yard courtyards), text on a chip.
_FILL: Final = ("#d63c2f", "#3c9a4a", "#2f66c4", "#f2c21b")
_DARK: Final = ("#7e1d14", "#1c5a27", "#183a78", "#8a6a00")
_TINT: Final = ("#f3c4bd", "#c4e4c8", "#c5d4f0", "#fbebb0")
_ON_CHIP: Final = ("#ffffff", "#ffffff", "#ffffff", "#3d3000")
_SHAPES: Final = ("house", "tower", "yard")
FOURTH: Final = 3  # yellow, shared by all seats with 3 players
_CATHEDRAL_FILL: Final = "#fbf9f3"
_CATHEDRAL_LINE: Final = "#4d4640"
_CARDINAL: Final = "#4a1d6e"
_BOARD: Final = "#efe7d4"
_GRID: Final = "#dccfb2"

CELL: Final = 40
_BOARD_LEFT: Final = 28
_BOARD_TOP: Final = 12
_BOARD_BOTTOM: Final = 26
_PANEL_GAP: Final = 18
_PANEL_WIDTH: Final = 300
_CATHEDRAL_CELLS: Final = ((0, 0), (1, 0))
_MIN_COLUMNS: Final = 7
_MIN_ROWS: Final = 5


def _house(parent: ET.Element, x: float, y: float, fill: str, line: str) -> None:
    """A house: a square with a pitched roof and a door, in the cell whose corner is x, y."""
    _el(
        parent,
        "path",
        d=f"M{_num(x + 7)} {_num(y + 34)}V{_num(y + 18)}L{_num(x + 20)} {_num(y + 6)}"
        f"L{_num(x + 33)} {_num(y + 18)}V{_num(y + 34)}Z",
        fill=fill,
        stroke=line,
        stroke_width=1.6,
        stroke_linejoin="round",
    )
    _el(parent, "rect", x=x + 16.5, y=y + 24, width=7, height=10, fill=line, opacity=0.55)


def _tower(parent: ET.Element, x: float, y: float, fill: str, line: str) -> None:
    """A tower: narrow and tall, with battlements and a slit window."""
    a, top, bottom = x + 10, y + 4, y + 35
    _el(
        parent,
        "path",
        d=f"M{_num(a)} {_num(bottom)}V{_num(top)}H{_num(a + 4)}V{_num(top + 4)}H{_num(a + 8)}"
        f"V{_num(top)}H{_num(a + 12)}V{_num(top + 4)}H{_num(a + 16)}V{_num(top)}"
        f"H{_num(a + 20)}V{_num(bottom)}Z",
        fill=fill,
        stroke=line,
        stroke_width=1.6,
        stroke_linejoin="round",
    )
    _el(parent, "rect", x=x + 18, y=y + 14, width=4, height=9, rx=2, fill=line, opacity=0.55)


def _yard(parent: ET.Element, x: float, y: float, width: float, height: float, colour: int) -> None:
    """A yard: a walled courtyard over two cells (x, y is the top-left corner of both)."""
    _el(
        parent,
        "rect",
        x=x + 4,
        y=y + 4,
        width=width - 8,
        height=height - 8,
        rx=6,
        fill=_FILL[colour],
        stroke=_DARK[colour],
        stroke_width=1.6,
    )
    _el(
        parent,
        "rect",
        x=x + 10,
        y=y + 10,
        width=width - 20,
        height=height - 20,
        rx=3,
        fill=_TINT[colour],
        stroke=_DARK[colour],
        stroke_width=0.8,
    )


def _cathedral(parent: ET.Element, x: float, y: float) -> None:
    """The cathedral over two cells from x, y: the nave (a house) and its clock-tower."""
    _el(
        parent,
        "rect",
        x=x + 2,
        y=y + 2,
        width=2 * CELL - 4,
        height=CELL - 4,
        rx=5,
        fill="#d8d2c6",
        stroke=_CATHEDRAL_LINE,
        stroke_width=1.2,
    )
    _house(parent, x, y, _CATHEDRAL_FILL, _CATHEDRAL_LINE)
    _el(
        parent,
        "path",
        d=f"M{_num(x + 20)} {_num(y + 9)}V{_num(y + 19)}M{_num(x + 16.5)} {_num(y + 12.5)}"
        f"H{_num(x + 23.5)}",
        stroke=_CATHEDRAL_LINE,
        stroke_width=1.6,
    )
    tower_x = x + CELL
    _tower(parent, tower_x, y, _CATHEDRAL_FILL, _CATHEDRAL_LINE)
    _el(
        parent,
        "circle",
        cx=tower_x + 20,
        cy=y + 26,
        r=4,
        fill="none",
        stroke=_CATHEDRAL_LINE,
        stroke_width=1.2,
    )


def _cardinal(parent: ET.Element, cx: float, cy: float) -> None:
    """The cardinal: a robed figure on a white disc."""
    _el(
        parent,
        "circle",
        cx=cx,
        cy=cy,
        r=15,
        fill="#ffffff",
        stroke=_CARDINAL,
        stroke_width=2,
    )
    _el(
        parent,
        "path",
        d=f"M{_num(cx - 8)} {_num(cy + 11)}L{_num(cx - 3.5)} {_num(cy - 2)}H{_num(cx + 3.5)}"
        f"L{_num(cx + 8)} {_num(cy + 11)}Z",
        fill=_CARDINAL,
    )
    _el(parent, "circle", cx=cx, cy=cy - 6.5, r=5, fill=_CARDINAL)
    _el(
        parent,
        "path",
        d=f"M{_num(cx)} {_num(cy + 1)}V{_num(cy + 8)}M{_num(cx - 2.5)} {_num(cy + 3.5)}"
        f"H{_num(cx + 2.5)}",
        stroke="#ffffff",
        stroke_width=1.2,
    )


def _chip(
    parent: ET.Element, cx: float, cy: float, colour: int, count: int, mark: bool = False
) -> None:
    """A chip of ``colour`` with ``count`` on it; faded at 0; ``mark`` rings it."""
    if mark:
        _el(parent, "circle", cx=cx, cy=cy, r=13, fill="none", stroke=HIGHLIGHT, stroke_width=3)
    _el(
        parent,
        "circle",
        cx=cx,
        cy=cy,
        r=10,
        fill=_FILL[colour],
        stroke=_DARK[colour],
        stroke_width=1,
        opacity=1 if count else 0.25,
    )
    _el(
        parent,
        "text",
        str(count),
        x=cx,
        y=cy + 4,
        text_anchor="middle",
        font_size=11,
        font_weight="bold",
        fill=_ON_CHIP[colour],
        opacity=1 if count else 0.6,
    )


def _mini_piece(parent: ET.Element, x: float, y: float, shape: int, colour: int) -> None:
    """A piece at 45% size with its top-left at x, y (a yard lies across two mini cells)."""
    group = _el(parent, "g", transform=f"translate({_num(x)} {_num(y)}) scale(0.45)")
    if shape == 0:
        _house(group, 0, 0, _FILL[colour], _DARK[colour])
    elif shape == 1:
        _tower(group, 0, 0, _FILL[colour], _DARK[colour])
    else:
        _yard(group, 0, 0, 2 * CELL, CELL, colour)


def _left_line(parent: ET.Element, x: float, y: float, colour: int, counts: list[int]) -> None:
    """The pieces of ``colour`` not yet built: a mini house, tower and yard with counts."""
    for shape, count in enumerate(counts):
        group = _el(parent, "g", opacity=1 if count else 0.3)
        _mini_piece(group, x, y, shape, colour)
        width = 36 if shape == 2 else 18
        _el(group, "text", f"\u00d7{count}", x=x + width + 1, y=y + 13, font_size=11, fill=INK)
        x += width + 20


class KardinalDrawer:
    """Draws a Kardinal state: the city, the cardinal, each seat's chips and pieces."""

    def seats(self, state: dict[str, Any]) -> int:
        players: int = state["players"]
        return players

    def bounds(self, state: dict[str, Any]) -> Bounds:
        cells = [tuple(c) for e in state["edifices"] for c in e["cells"]]
        cells += list(_CATHEDRAL_CELLS)
        if state["cardinal"]:
            cells.append(tuple(state["cardinal"]))
        xs = [c[0] for c in cells]
        ys = [c[1] for c in cells]
        x0, y0, x1, y1 = min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1
        # A small city still gets a board of some size, growing evenly on both sides.
        while x1 - x0 + 1 < _MIN_COLUMNS:
            x0, x1 = (x0 - 1, x1) if (x1 - x0) % 2 else (x0, x1 + 1)
        while y1 - y0 + 1 < _MIN_ROWS:
            y0, y1 = (y0 - 1, y1) if (y1 - y0) % 2 else (y0, y1 + 1)
        return (x0, y0, x1, y1)

    def seat_colours(self, state: dict[str, Any]) -> list[str]:
        # Yellow darkened a little: chart lines are thin and drawn on white.
        chart = ("#d63c2f", "#3c9a4a", "#2f66c4", "#d9a400")
        return [chart[self._owns(state["players"], seat)[0]] for seat in range(state["players"])]

    def starts_turn(self, action: int) -> bool:
        from .reference.kardinal import BUILD_END

        return 0 <= action < BUILD_END

    @staticmethod
    def _owns(players: int, seat: int) -> tuple[int, ...]:
        """The colours a seat builds with as its own (3 players: yellow is shared)."""
        return (seat, seat + 2) if players == 2 else (seat,)

    @staticmethod
    def scores(state: dict[str, Any]) -> list[int]:
        """Chips held, with the colour a seat has most of counted twice."""
        return [sum(held) + max(held) for held in state["chips"]]

    @staticmethod
    def winners(state: dict[str, Any]) -> list[int]:
        """At the end: highest score; ties go to more edifices touching the cathedral."""
        if state["phase"] != "end":
            return []
        scores = KardinalDrawer.scores(state)
        best = max(scores)
        tied = [seat for seat, score in enumerate(scores) if score == best]
        near = [0] * len(scores)
        for edifice in state["edifices"]:
            if any(
                abs(x - cx) + abs(y - cy) == 1
                for x, y in edifice["cells"]
                for cx, cy in _CATHEDRAL_CELLS
            ):
                near[edifice["seat"]] += 1
        most = max(near[seat] for seat in tied)
        return [seat for seat in tied if near[seat] == most]

    def draw(
        self, state: dict[str, Any], perspective: int | None, bounds: Bounds | None
    ) -> ET.Element:
        from .reference.kardinal import BUILD_END, CARDINAL_BASE, CARDINAL_STAY

        x0, y0, x1, y1 = bounds if bounds is not None else self.bounds(state)
        columns, rows = x1 - x0 + 1, y1 - y0 + 1
        board_width, board_height = columns * CELL, rows * CELL
        players: int = state["players"]
        history: list[int] = state["history"]
        last = history[-1] if history else None
        panel_x = _BOARD_LEFT + board_width + _PANEL_GAP
        panel_height = self._panel_height(players)
        width = panel_x + _PANEL_WIDTH + 12
        height = max(_BOARD_TOP + board_height + _BOARD_BOTTOM, panel_height + 2 * _BOARD_TOP)
        status = self._status(state)
        root = _svg_root(width, height, f"Kardinal, {players} players, move {len(history)}")
        _el(root, "desc", status)
        _el(root, "rect", x=0, y=0, width=width, height=height, fill="#ffffff")

        def corner(x: int, y: int) -> tuple[float, float]:
            return _BOARD_LEFT + (x - x0) * CELL, _BOARD_TOP + (y1 - y) * CELL

        # The board: a plain grid with coordinates, as in the text rendering.
        board = _el(root, "g", class_="board")
        _el(
            board,
            "rect",
            x=_BOARD_LEFT,
            y=_BOARD_TOP,
            width=board_width,
            height=board_height,
            fill=_BOARD,
        )
        lines = [
            f"M{_num(_BOARD_LEFT + i * CELL)} {_BOARD_TOP}v{board_height}"
            for i in range(1, columns)
        ]
        lines += [
            f"M{_BOARD_LEFT} {_num(_BOARD_TOP + j * CELL)}h{board_width}" for j in range(1, rows)
        ]
        if lines:
            _el(board, "path", d="".join(lines), stroke=_GRID, stroke_width=1)
        _el(
            board,
            "rect",
            x=_BOARD_LEFT,
            y=_BOARD_TOP,
            width=board_width,
            height=board_height,
            fill="none",
            stroke="#b9a983",
            stroke_width=1.5,
        )
        labels = _el(board, "g", font_size=11, fill=MUTED, text_anchor="middle")
        for x in range(x0, x1 + 1):
            cx = corner(x, 0)[0] + CELL / 2
            _el(labels, "text", str(x), x=cx, y=_BOARD_TOP + board_height + 16)
        for y in range(y0, y1 + 1):
            cy = corner(0, y)[1] + CELL / 2
            _el(labels, "text", str(y), x=_BOARD_LEFT - 13, y=cy + 4)

        pieces = _el(root, "g", class_="pieces")
        _cathedral(pieces, *corner(0, 0))
        for edifice in state["edifices"]:
            colour = COLOURS.index(edifice["colour"])
            shape = _SHAPES.index(edifice["shape"])
            px, py = corner(*edifice["cells"][0])
            if shape == 0:
                _house(pieces, px, py, _FILL[colour], _DARK[colour])
            elif shape == 1:
                _tower(pieces, px, py, _FILL[colour], _DARK[colour])
            else:
                left, top, w, h = self._box(edifice["cells"], corner)
                _yard(pieces, left, top, w, h, colour)

        if state["cardinal"]:
            kx, ky = corner(*state["cardinal"])
            _cardinal(_el(root, "g", class_="cardinal"), kx + CELL / 2, ky + CELL / 2)

        # The last action, drawn over the board: the edifice built, the cardinal moved (a
        # dashed ring if it stayed); a chip taken is ringed in the panel.
        marks = _el(root, "g", class_="last-action", fill="none", stroke=HIGHLIGHT)
        if last is not None and last < BUILD_END:
            left, top, w, h = self._box(state["edifices"][-1]["cells"], corner)
            _el(marks, "rect", x=left + 1.5, y=top + 1.5, width=w - 3, height=h - 3, rx=6)
            marks.set("stroke-width", "3")
        elif last is not None and last >= CARDINAL_BASE and state["cardinal"]:
            kx, ky = corner(*state["cardinal"])
            stayed = last == CARDINAL_STAY
            _el(marks, "circle", cx=kx + CELL / 2, cy=ky + CELL / 2, r=18.5)
            marks.set("stroke-width", "3")
            if stayed:
                marks.set("stroke-dasharray", "5 3")
        self._panel(root, state, perspective, panel_x, status)
        return root

    @staticmethod
    def _box(
        cells: list[list[int]], corner: Callable[[int, int], tuple[float, float]]
    ) -> tuple[float, float, float, float]:
        """Left, top, width and height of the cells' bounding box in pixels."""
        points = [corner(x, y) for x, y in cells]
        left = min(p[0] for p in points)
        top = min(p[1] for p in points)
        return (
            left,
            top,
            max(p[0] for p in points) - left + CELL,
            max(p[1] for p in points) - top + CELL,
        )

    @staticmethod
    def _seat_height(players: int) -> int:
        return 92 if players == 2 else 70

    def _panel_height(self, players: int) -> int:
        extra = 56 if players == 3 else 0
        return 96 + players * (self._seat_height(players) + 8) + 40 + extra + 106

    def _status(self, state: dict[str, Any]) -> str:
        if state["phase"] == "end":
            winners = self.winners(state)
            names = " and ".join(f"seat {s}" for s in winners)
            return f"game over: {names} {'wins' if len(winners) == 1 else 'win'}"
        doing = {
            "build": "to build",
            "chip": "to choose a chip",
            "cardinal": "to move the cardinal",
        }
        return f"seat {state['to_move']} {doing[state['phase']]}"

    def _panel(
        self,
        root: ET.Element,
        state: dict[str, Any],
        perspective: int | None,
        x: float,
        status: str,
    ) -> None:
        from .reference.kardinal import BUILD_END, CARDINAL_BASE

        players: int = state["players"]
        history: list[int] = state["history"]
        last = history[-1] if history else None
        panel = _el(root, "g", class_="panel", fill=INK)
        y = float(_BOARD_TOP)
        _el(panel, "text", "Kardinal", x=x, y=y + 18, font_size=20, font_weight="bold")
        _el(
            panel,
            "text",
            f"{players} players · move {len(history)}",
            x=x + 96,
            y=y + 18,
            font_size=12,
            fill=MUTED,
        )
        _el(panel, "text", status, x=x, y=y + 42, font_size=14, font_weight="bold")
        if last is None:
            last_text = "no move yet"
        else:
            last_text = "last: " + _notation("kardinal", players, last)
        _el(
            panel,
            "rect",
            x=x,
            y=y + 56,
            width=12,
            height=12,
            rx=3,
            fill="none",
            stroke=HIGHLIGHT,
            stroke_width=2.5,
        )
        _el(panel, "text", last_text, x=x + 18, y=y + 66, font_size=12)
        y += 82

        scores = self.scores(state)
        winners = self.winners(state)
        chip_seat = (
            state["edifices"][-1]["seat"]
            if last is not None and BUILD_END <= last < CARDINAL_BASE
            else None
        )
        chip_colour = last - BUILD_END if chip_seat is not None and last is not None else None
        seat_height = self._seat_height(players)
        for seat in range(players):
            moving = state["phase"] != "end" and state["to_move"] == seat
            row = _el(panel, "g", class_=f"seat seat-{seat}")
            _el(
                row,
                "rect",
                x=x,
                y=y,
                width=_PANEL_WIDTH,
                height=seat_height,
                rx=7,
                fill="#fff4cc" if moving else "#f8f5ee",
                stroke="#d9a520" if moving else "#e2dacb",
                stroke_width=2 if moving else 1,
            )
            owns = self._owns(players, seat)
            for i, colour in enumerate(owns):
                size = 18 / len(owns)
                _el(
                    row,
                    "rect",
                    x=x + 10 + i * size,
                    y=y + 9,
                    width=size,
                    height=18,
                    fill=_FILL[colour],
                )
            _el(
                row,
                "rect",
                x=x + 10,
                y=y + 9,
                width=18,
                height=18,
                rx=2,
                fill="none",
                stroke=INK,
                stroke_width=1,
            )
            name = f"seat {seat}"
            tags = []
            if perspective == seat:
                tags.append("you")
            if moving:
                tags.append("to move")
            if seat in winners:
                tags.append("★ winner")
            _el(row, "text", name, x=x + 36, y=y + 23, font_size=14, font_weight="bold")
            if tags:
                _el(
                    row,
                    "text",
                    " · ".join(tags),
                    x=x + 90,
                    y=y + 23,
                    font_size=12,
                    fill="#9a6b00" if moving or seat in winners else MUTED,
                )
            held = state["chips"][seat]
            _el(
                row,
                "text",
                str(scores[seat]),
                x=x + _PANEL_WIDTH - 12,
                y=y + 28,
                text_anchor="end",
                font_size=24,
                font_weight="bold",
            )
            best = max(held)
            _el(
                row,
                "text",
                f"{sum(held)} + {best}",
                x=x + _PANEL_WIDTH - 12,
                y=y + 44,
                text_anchor="end",
                font_size=10,
                fill=MUTED,
            )
            for colour in range(4):
                _chip(
                    row,
                    x + 20 + colour * 26,
                    y + 48,
                    colour,
                    held[colour],
                    mark=seat == chip_seat and colour == chip_colour,
                )
            for i, colour in enumerate(owns):
                _left_line(row, x + 122, y + 38 + i * 24, colour, state["left"][colour])
            y += seat_height + 8

        _el(panel, "text", "supply", x=x, y=y + 18, font_size=12, fill=MUTED)
        for colour in range(4):
            _chip(panel, x + 70 + colour * 26, y + 14, colour, state["supply"][colour])
        if players == 3:
            y += 28
            _el(panel, "text", "aside", x=x, y=y + 18, font_size=12, fill=MUTED)
            for colour in range(4):
                _chip(panel, x + 70 + colour * 26, y + 14, colour, state["aside"][colour])
            y += 28
            _el(panel, "text", "shared", x=x, y=y + 18, font_size=12, fill=MUTED)
            _left_line(panel, x + 60, y + 5, FOURTH, state["left"][FOURTH])
        y += 40
        self._legend(panel, x, y)

    @staticmethod
    def _legend(parent: ET.Element, x: float, y: float) -> None:
        legend = _el(parent, "g", class_="legend", font_size=11, fill=MUTED)
        _el(
            legend,
            "path",
            d=f"M{_num(x)} {_num(y)}h{_PANEL_WIDTH}",
            stroke="#e2dacb",
            stroke_width=1,
        )
        y += 8
        _mini_piece(legend, x, y, 0, 0)
        _el(legend, "text", "house", x=x + 21, y=y + 13)
        _mini_piece(legend, x + 62, y, 1, 0)
        _el(legend, "text", "tower", x=x + 83, y=y + 13)
        _mini_piece(legend, x + 124, y, 2, 0)
        _el(legend, "text", "yard", x=x + 163, y=y + 13)
        y += 26
        group = _el(legend, "g", transform=f"translate({_num(x)} {_num(y)}) scale(0.45)")
        _cathedral(group, 0, 0)
        _el(legend, "text", "cathedral", x=x + 40, y=y + 13)
        group = _el(legend, "g", transform=f"translate({_num(x + 133)} {_num(y + 9)}) scale(0.55)")
        _cardinal(group, 0, 0)
        _el(legend, "text", "cardinal", x=x + 146, y=y + 13)
        _el(
            legend,
            "rect",
            x=x + 202,
            y=y + 1,
            width=14,
            height=14,
            rx=3,
            fill="none",
            stroke=HIGHLIGHT,
            stroke_width=2.5,
        )
        _el(legend, "text", "last move", x=x + 221, y=y + 13)
        y += 26
        _el(
            legend,
            "text",
            "score: all chips, the largest colour counted twice",
            x=x,
            y=y + 12,
        )


# ---------------------------------------------------------------------------------------------
# The Prestel New York Architecture Game: the four table slots, the deck and the completed
# commissions, the five stacks under their symbol cards, and a panel of seats.

PRESTEL_PARTS: Final = 64
"""Parts in the packaged data: ``starts_turn`` reads action ids in that encoding."""
STACK_LETTERS: Final = "ABCDE"
# Per seat: the chip, its dark outline, a light tint (remembered cards), text on a chip.
_PNY_FILL: Final = ("#d63c2f", "#2f66c4", "#3c9a4a", "#f2c21b", "#3b3833")
_PNY_DARK: Final = ("#7e1d14", "#183a78", "#1c5a27", "#8a6a00", "#0f0e0c")
_PNY_TINT: Final = ("#f6d3ce", "#cfdcf3", "#cfe8d2", "#fcefbf", "#dcdad6")
_PNY_ON: Final = ("#ffffff", "#ffffff", "#ffffff", "#3d3000", "#ffffff")
_CARD: Final = "#fffdf8"
_CARD_LINE: Final = "#cdbf9f"
_BACK: Final = "#4f5d75"
_BACK_LINE: Final = "#8d9ab3"
_SYMBOL_CARD: Final = "#e9e3d6"
_STONE: Final = "#cfc8ba"
_STONE_LINE: Final = "#8f877a"
_PANEL_LINE: Final = "#e2dacb"

_PNY_LEFT: Final = 16
_PNY_TOP: Final = 12
_PNY_TABLE_Y: Final = 100
_PNY_SLOT_W: Final = 160
_PNY_SLOT_H: Final = 160
_PNY_SLOT_STEP: Final = 170
_PNY_DECK_X: Final = _PNY_LEFT + 4 * _PNY_SLOT_STEP
_PNY_DECK_W: Final = 170
_PNY_LEFT_W: Final = _PNY_DECK_X + _PNY_DECK_W - _PNY_LEFT
_PNY_DONE_Y: Final = 272
_PNY_STACK_Y: Final = 348
_PNY_STACK_W: Final = 164
_PNY_STACK_STEP: Final = 172
_PNY_SYMBOL_H: Final = 50
_PNY_ROWS_Y: Final = _PNY_STACK_Y + _PNY_SYMBOL_H + 8
_PNY_ROWS_H: Final = 300
_PNY_ROW_MAX: Final = 15.0
_PNY_PANEL_X: Final = 890
_PNY_PANEL_W: Final = 304
_PNY_SEAT_H: Final = 128
_PNY_LEGEND_Y: Final = _PNY_ROWS_Y + _PNY_ROWS_H + 12
_PNY_WIDTH: Final = _PNY_PANEL_X + _PNY_PANEL_W + 16
_PNY_HEIGHT: Final = _PNY_LEGEND_Y + 34


# Advance widths of Helvetica (and the metric-compatible Arial), in thousandths of the font
# size, of the characters below, regular and bold; any other character counts as a digit.
_METRIC_CHARS: Final = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ .,-/':()\u00b7\u2026#"
_REGULAR: Final = """
    556 556 500 556 556 278 556 556 222 222 500 222 833 556 556 556 556 333 500 278 556 500 722
    500 500 500 667 667 722 722 667 611 778 722 278 500 667 556 833 722 778 667 778 722 667 611
    722 667 944 667 667 611 278 278 278 333 278 191 278 333 333 278 1000 556"""
_BOLD: Final = """
    556 611 556 611 556 333 611 611 278 278 556 278 889 611 611 611 611 389 556 333 611 556 778
    556 556 500 722 722 722 722 667 611 778 722 278 556 722 611 833 722 778 667 778 722 667 611
    722 667 944 667 667 611 278 278 278 333 278 238 333 333 333 278 1000 556"""
_WIDTHS: Final = {
    bold: dict(zip(_METRIC_CHARS, map(int, table.split()), strict=True))
    for bold, table in ((False, _REGULAR), (True, _BOLD))
}


def _text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` at font ``size`` in Helvetica or Arial."""
    widths = _WIDTHS[bold]
    return sum(widths.get(char, 556) for char in text) * size / 1000


def _fit(
    parent: ET.Element, text: str, x: float, y: float, width: float, size: float, **attrs: object
) -> ET.Element:
    """A text of ``size`` squeezed to ``width`` if it would be wider."""
    bold = attrs.get("font_weight") == "bold"
    element = _el(parent, "text", text, x=x, y=y, font_size=size, **attrs)
    if _text_width(text, size, bold) > width:
        element.set("textLength", _num(width))
        element.set("lengthAdjust", "spacingAndGlyphs")
    return element


def _wrap(text: str, chars: int, lines: int) -> list[str]:
    """``text`` broken at spaces into at most ``lines`` lines of about ``chars`` characters."""
    result: list[str] = []
    for word in text.split():
        if result and len(result[-1]) + 1 + len(word) <= chars:
            result[-1] += " " + word
        elif len(result) < lines:
            result.append(word)
        else:
            result[-1] += " " + word
    return result or [""]


def _ordinal(n: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n, "th")  # places 1 to 5
    return f"{n}{suffix}"


@dataclass(frozen=True)
class _PrestelData:
    """The names of the packaged component file (the picture needs nothing else of it)."""

    win_chips: int
    symbols: tuple[str, ...]
    slugs: tuple[str, ...]
    names: tuple[str, ...]
    parts: tuple[tuple[int, ...], ...]
    """The part ids of each commission, in data order."""
    part_names: tuple[str, ...]
    owner: tuple[int, ...]
    """The commission of each part."""


@functools.lru_cache(maxsize=1)
def _prestel_data() -> _PrestelData | None:
    """``data/prestel_new_york.toml`` of the package, or None if it cannot be read: the
    picture then labels commissions and parts by id rather than fail."""
    try:
        source = resources.files(__package__ or "boardcore").joinpath("data")
        doc = tomllib.loads(source.joinpath("prestel_new_york.toml").read_text(encoding="utf-8"))
        slugs: list[str] = []
        names: list[str] = []
        parts: list[tuple[int, ...]] = []
        part_names: list[str] = []
        owner: list[int] = []
        for c, entry in enumerate(doc["commission"]):
            slugs.append(str(entry["slug"]))
            names.append(str(entry["name"]))
            first = len(part_names)
            part_names.extend(str(name) for name in entry["parts"])
            owner.extend([c] * (len(part_names) - first))
            parts.append(tuple(range(first, len(part_names))))
        return _PrestelData(
            win_chips=int(doc["rules"]["win_chips"]),
            symbols=tuple(str(symbol["name"]) for symbol in doc["symbol"]),
            slugs=tuple(slugs),
            names=tuple(names),
            parts=tuple(parts),
            part_names=tuple(part_names),
            owner=tuple(owner),
        )
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, TypeError, ValueError):
        return None


class _Action(NamedTuple):
    """A decoded action id: its kind (``stack``, ``look``, ``take``, ...) and arguments."""

    kind: str
    first: int = -1
    second: int = -1


def _decode(action: int, parts: int | None, commissions: int) -> _Action:
    """The action of id ``action`` in the encoding of docs/games/prestel_new_york.md; with
    the part count unknown only ``stack`` and ``look`` can be told."""
    p, c = parts, commissions
    if 0 <= action < 5:
        return _Action("stack", action)
    if action == 5:
        return _Action("look")
    if p is None or action < 0:
        return _Action("unknown", action)
    if action < 6 + p:
        return _Action("take", action - 6)
    if action < 11 + p:
        return _Action("stone", action - 5 - p)
    if action < 11 + 2 * p:
        return _Action("build", action - 11 - p)
    if action < 11 + 7 * p:
        return _Action("slide", (action - 11 - 2 * p) // 5, (action - 11 - 2 * p) % 5)
    if action < 11 + 8 * p:
        return _Action("deal", action - 11 - 7 * p)
    if action < 11 + 8 * p + c:
        return _Action("reveal", action - 11 - 8 * p)
    if action < 16 + 8 * p + c:
        return _Action("draw", action - 10 - 8 * p - c)
    if action < 21 + 8 * p + c:
        return _Action("finish", action - 16 - 8 * p - c)
    return _Action("unknown", action)


def _dealt_parts(state: dict[str, Any]) -> int | None:
    """The number of parts, read off the history once the deal is over: setup reveals five
    commissions, then deals every part, then draws stones, and each deal's id is below every
    reveal's (and every reveal's below every draw's). None while still dealing."""
    history: list[int] = state["history"]
    if len(history) < 6:
        return None
    first_reveal = min(history[:5])
    dealt = 0
    for action in history[5:]:
        if action >= first_reveal:
            return dealt
        dealt += 1
    return None if state["phase"] == "setup" else dealt


def _commissions_of(state: dict[str, Any]) -> list[int]:
    """Every commission id the state places somewhere (each commission lies in one place)."""
    deck = state["deck"]
    found = [slot["commission"] for slot in state["table"] if slot["commission"] >= 0]
    found += list(state["completed"]) + list(deck["tail"]) + list(deck["unseen"])
    if deck["top"] >= 0:
        found.append(deck["top"])
    return found


def _looked(state: dict[str, Any], seat: int) -> int:
    """How many parts ``seat`` looked at this round (a count; a list of parts counts too)."""
    looked = state["looked"][seat]
    return looked if isinstance(looked, int) else len(looked)


def _part_ids_of(state: dict[str, Any]) -> list[int]:
    ids = [p for hand in state["hands"] for p in hand]
    ids += [p for stack in state["stacks"] for p in stack]
    ids += [entry[0] for memory in state["memory"] for entry in memory]
    return ids


class _Names:
    """Labels of a state's commissions and parts: the packaged names when the state fits the
    packaged data (a state of a game with a user's data file may not), else ids."""

    def __init__(self, state: dict[str, Any]) -> None:
        packaged = _prestel_data()
        commissions = _commissions_of(state)
        dealt = _dealt_parts(state)
        self.data = packaged if packaged and self._fits(packaged, state, dealt) else None
        self.parts: int | None = len(self.data.part_names) if self.data else dealt
        self.commissions = len(self.data.slugs) if self.data else len(commissions)
        self.win_chips = packaged.win_chips if packaged else 13

    @staticmethod
    def _fits(data: _PrestelData, state: dict[str, Any], dealt: int | None) -> bool:
        parts, commissions = len(data.part_names), len(data.slugs)
        found = _commissions_of(state)
        if len(found) != commissions or any(not 0 <= c < commissions for c in found):
            return False
        if dealt is not None and dealt != parts:
            return False
        for slot in state["table"]:
            c = slot["commission"]
            if c >= 0 and len(slot["built"]) != len(data.parts[c]):
                return False
        if any(not 0 <= p < parts for p in _part_ids_of(state)):
            return False
        return all(0 <= a < 21 + 8 * parts + commissions for a in state["history"])

    def decode(self, action: int) -> _Action:
        return _decode(action, self.parts, self.commissions)

    def slug(self, c: int) -> str:
        return self.data.slugs[c] if self.data else f"#{c}"

    def name(self, c: int) -> str:
        return self.data.names[c] if self.data else f"commission {c}"

    def part(self, p: int) -> str:
        """A part as the notation writes it: ``empire-state/mast``."""
        if self.data is None:
            return f"part {p}"
        return f"{self.data.slugs[self.data.owner[p]]}/{self.data.part_names[p]}"

    def part_name(self, p: int) -> str:
        return self.data.part_names[p] if self.data else f"part {p}"

    def part_slug(self, p: int) -> str:
        return self.data.slugs[self.data.owner[p]] if self.data else ""

    def part_id(self, c: int, i: int) -> int | None:
        """The id of the ``i``-th part of commission ``c``, if known."""
        return self.data.parts[c][i] if self.data else None

    def slot_part(self, c: int, i: int) -> str:
        return self.data.part_names[self.data.parts[c][i]] if self.data else f"part {i + 1}"

    def commission_of(self, p: int) -> int | None:
        return self.data.owner[p] if self.data else None

    def parts_of(self, c: int) -> list[str] | None:
        return [self.data.part_names[p] for p in self.data.parts[c]] if self.data else None

    def symbol(self, stack: int) -> str:
        if self.data and stack < len(self.data.symbols):
            return self.data.symbols[stack]
        return ""

    def notation(self, action: _Action) -> str:
        """The action as the game writes it (``build empire-state/mast``)."""
        kind, a, b = action
        if kind == "stack":
            return f"stack {STACK_LETTERS[a]}"
        if kind in ("take", "build", "deal"):
            return f"{kind} {self.part(a)}"
        if kind == "slide":
            return f"slide {self.part(a)} {STACK_LETTERS[b]}"
        if kind == "stone":
            return f"stone {a}"
        if kind == "draw":
            return f"draw stone {a}"
        if kind == "reveal":
            return f"reveal {self.slug(a)}"
        if kind == "finish":
            return f"finish {a}"
        if kind == "look":
            return "look"
        return f"action {a}"


def _symbol_icon(parent: ET.Element, x: float, y: float, stack: int) -> None:
    """The stonemason's mark of stack ``stack`` in a 24-pixel box at x, y: compass, square,
    level, chisel, mallet (the packaged symbols, A to E)."""
    g = _el(
        parent,
        "g",
        transform=f"translate({_num(x)} {_num(y)})",
        fill="none",
        stroke=INK,
        stroke_width=1.8,
        stroke_linecap="round",
        stroke_linejoin="round",
    )
    if stack == 0:  # compass: two legs from a hinge, and the arc between them
        _el(g, "path", d="M12 5L5 22M12 5L19 22M7.5 15Q12 18 16.5 15")
        _el(g, "circle", cx=12, cy=4, r=2, fill=INK)
    elif stack == 1:  # square
        _el(g, "path", d="M5 3V20H21", stroke_width=3.2)
        _el(g, "path", d="M5 8h2M5 13h2M10 20v-2M15 20v-2", stroke="#ffffff", stroke_width=1)
    elif stack == 2:  # level: a bar with a bubble vial
        _el(g, "rect", x=2, y=8, width=20, height=8, rx=2)
        _el(g, "rect", x=8.5, y=10, width=7, height=4, rx=2, fill="#9fd3c7", stroke_width=1)
        _el(g, "circle", cx=12, cy=12, r=1.2, fill=INK, stroke="none")
    elif stack == 3:  # chisel: a handle and a blade
        _el(g, "rect", x=9, y=2, width=6, height=10, rx=2, fill="#c9a26b")
        _el(g, "path", d="M10 12H14V19L12 22L10 19Z", fill="#b9c0c8")
    else:  # mallet: a head on a handle
        _el(g, "rect", x=3, y=3, width=18, height=8, rx=2, fill="#c9a26b")
        _el(g, "path", d="M12 11V22", stroke_width=3)


def _seat_chip(parent: ET.Element, cx: float, cy: float, seat: int, r: float = 8) -> None:
    """A marker chip of ``seat``'s colour with the seat number on it."""
    _el(
        parent,
        "circle",
        cx=cx,
        cy=cy,
        r=r,
        fill=_PNY_FILL[seat],
        stroke="#ffffff",
        stroke_width=1.5,
    )
    _el(
        parent,
        "circle",
        cx=cx,
        cy=cy,
        r=r - 2.5,
        fill="none",
        stroke=_PNY_ON[seat],
        stroke_width=0.7,
        opacity=0.55,
    )
    _el(
        parent,
        "text",
        str(seat),
        x=cx,
        y=cy + r * 0.4,
        text_anchor="middle",
        font_size=r * 1.1,
        font_weight="bold",
        fill=_PNY_ON[seat],
    )


def _stone(parent: ET.Element, cx: float, cy: float, number: int) -> None:
    """A starting stone: a pebble with its number (dashed and blank before it is drawn)."""
    _el(
        parent,
        "ellipse",
        cx=cx,
        cy=cy,
        rx=11,
        ry=9,
        fill=_STONE if number else "none",
        stroke=_STONE_LINE,
        stroke_width=1.2,
        stroke_dasharray=None if number else "3 2",
    )
    _el(
        parent,
        "text",
        str(number) if number else "\u2013",
        x=cx,
        y=cy + 4,
        text_anchor="middle",
        font_size=12,
        font_weight="bold",
        fill=INK if number else MUTED,
    )


def _card_back(parent: ET.Element, x: float, y: float, w: float, h: float, r: float = 4) -> None:
    _el(parent, "rect", x=x, y=y, width=w, height=h, rx=r, fill=_BACK, stroke="#3c475b")
    if w > 10 and h > 10:
        _el(
            parent,
            "rect",
            x=x + 3,
            y=y + 3,
            width=w - 6,
            height=h - 6,
            rx=max(0, r - 2),
            fill="none",
            stroke=_BACK_LINE,
            stroke_width=0.8,
        )


def _slot_badge(parent: ET.Element, x: float, y: float, slot: int, size: float = 12) -> None:
    """A small square naming the table slot where the part's commission lies."""
    _el(
        parent,
        "rect",
        x=x,
        y=y,
        width=size,
        height=size,
        rx=2,
        fill="#efe7d4",
        stroke="#b9a983",
        stroke_width=0.8,
    )
    if size >= 8:
        _el(
            parent,
            "text",
            str(slot + 1),
            x=x + size / 2,
            y=y + size * 0.78,
            text_anchor="middle",
            font_size=size * 0.75,
            font_weight="bold",
            fill=INK,
        )


Box = tuple[float, float, float, float]


@dataclass
class _Frame:
    """What one drawing of a Prestel state shares: the state, who looks, the labels, and
    the boxes of the things the last action may have touched (keyed like ``part-17``)."""

    state: dict[str, Any]
    perspective: int | None
    names: _Names
    anchors: dict[str, Box]

    def sees_hand(self, seat: int) -> bool:
        return self.perspective is None or self.perspective == seat

    def slot_of(self, part: int) -> int | None:
        """The table slot (0..3) of the part's commission, if it lies there."""
        c = self.names.commission_of(part)
        if c is None:
            return None
        for k, slot in enumerate(self.state["table"]):
            if slot["commission"] == c:
                return k
        return None


class _Rows:
    """The cards of one stack column, drawn in groups that carry their shared attributes
    (a replay page holds thousands of pictures, so each card is only its geometry)."""

    def __init__(self, column: ET.Element, size: float) -> None:
        self.column = column
        self.size = size
        self.groups: dict[str, ET.Element] = {}
        styles: tuple[tuple[str, dict[str, Any]], ...] = (
            ("face-up", {"fill": _CARD, "stroke": _CARD_LINE, "stroke_width": 0.8}),
            ("face-down", {"fill": _BACK, "stroke": "#2f3a4d", "stroke_width": 0.8}),
            ("badges", {}),
            ("labels", {"font_size": size, "fill": INK}),
        )
        for name, attrs in styles:
            self.groups[name] = _el(column, "g", class_=name, **attrs)

    def group(self, name: str) -> ET.Element:
        return self.groups[name]

    def dots(self, seat: int) -> ET.Element:
        """The group of ``seat``'s memory dots (seen by that seat)."""
        name = f"seen-{seat}"
        if name not in self.groups:
            self.groups[name] = _el(
                self.column,
                "g",
                class_=name,
                fill=_PNY_FILL[seat],
                stroke=_PNY_DARK[seat],
                stroke_width=0.5,
            )
        return self.groups[name]

    def card(self, box: Box, face_up: bool) -> ET.Element:
        x, y, w, h = box
        group = self.groups["face-up" if face_up else "face-down"]
        return _el(group, "rect", x=x, y=y, width=w, height=h, rx=min(3, h / 4))

    def close(self) -> None:
        """Drops the groups left empty."""
        for group in self.groups.values():
            if len(group) == 0:
                self.column.remove(group)


class PrestelNewYorkDrawer:
    """Draws a Prestel New York state: table, deck, completed commissions, stacks, seats."""

    def seats(self, state: dict[str, Any]) -> int:
        players: int = state["players"]
        return players

    def bounds(self, state: dict[str, Any]) -> Bounds | None:
        return None

    def seat_colours(self, state: dict[str, Any]) -> list[str]:
        # Yellow darkened a little: chart lines are thin and drawn on white.
        chart = ("#d63c2f", "#2f66c4", "#3c9a4a", "#d9a400", "#3b3833")
        players: int = state["players"]
        return list(chart[:players])

    def starts_turn(self, action: int) -> bool:
        # stack L; stone k, build part and slide part L (ids 6+P .. 11+7P-1); chance never.
        return 0 <= action < 5 or 6 + PRESTEL_PARTS <= action < 11 + 7 * PRESTEL_PARTS

    @staticmethod
    def winners(state: dict[str, Any]) -> list[int]:
        """At the end, the seats with the most chips: whoever reached 13 first has the most
        (several at once: the most chips win), and without a seat at 13 the most chips win."""
        if state["phase"] != "end":
            return []
        chips: list[int] = state["chips"]
        return [seat for seat, held in enumerate(chips) if held == max(chips)]

    @staticmethod
    def _status(state: dict[str, Any], names: _Names) -> str:
        phase, seat, round_ = state["phase"], state["to_move"], state["round"]
        if phase == "end":
            winners = PrestelNewYorkDrawer.winners(state)
            who = " and ".join(f"seat {s}" for s in winners)
            return f"game over after round {round_}: {who} {'wins' if len(winners) == 1 else 'win'}"
        if phase == "setup":
            shown = sum(slot["commission"] >= 0 for slot in state["table"])
            shown += state["deck"]["top"] >= 0
            stones: list[int] = state["stones"]
            if shown < 5:
                return "setup: revealing a commission"
            dealt = len(state["history"]) - 5
            if any(stones) or (names.parts is not None and dealt >= names.parts):
                return f"setup: seat {stones.index(0)} to draw a stone"
            return "setup: dealing a part"
        doing = {
            "stack": f"seat {seat} to choose a stack",
            "tie": "breaking a tie",
            "stone": f"seat {seat} to choose a stone",
            "build": f"seat {seat} to build or slide",
            "refill": "revealing a commission",
        }
        if phase == "search":
            text = f"seat {seat} to search stack {STACK_LETTERS[state['taken'][seat]]}"
        else:
            text = doing[phase]
        return f"round {round_}: {text}"

    def _last(self, frame: _Frame) -> tuple[str, list[str]]:
        """The last action as seat ``perspective`` may know it, and the boxes to mark (the
        first one drawn is marked). Search steps of other seats and the parts they take or
        slide stay hidden, as in the observation."""
        state, names, p = frame.state, frame.names, frame.perspective
        history: list[int] = state["history"]
        if not history:
            return "no move yet", []
        action = names.decode(history[-1])
        kind, a, b = action
        text = names.notation(action)
        hands: list[list[int]] = state["hands"]
        stacks: list[list[int]] = state["stacks"]
        if kind == "stack":
            seat = state["taken"].index(a) if a in state["taken"] else -1
            return f"seat {seat}: {text}", [f"took-{seat}", f"stack-{a}"]
        if kind == "look":
            seat = state["to_move"]
            if not frame.sees_hand(seat):
                return f"seat {seat} searches (hidden)", []
            depth = _looked(state, seat) if 0 <= seat < len(state["looked"]) else 0
            stack = state["taken"][seat] if 0 <= seat < len(state["taken"]) else -1
            return f"seat {seat}: look", [f"stack-{stack}-row-{depth}", f"stack-{stack}"]
        if kind in ("take", "deal"):  # the part is now in a hand, or dealt onto a stack
            holder = next((s for s, hand in enumerate(hands) if a in hand), None)
            if holder is not None and frame.sees_hand(holder):
                prefix = f"seat {holder}: " if kind == "take" else ""
                return prefix + text, [f"part-{a}", f"hand-{holder}"]
            if holder is not None:
                verb = "takes" if kind == "take" else "is dealt"
                return f"seat {holder} {verb} a part (face down)", [f"hand-{holder}"]
            stack = next((s for s, parts in enumerate(stacks) if a in parts), 0)
            row = f"stack-{stack}-row-{stacks[stack].index(a) + 1 if a in stacks[stack] else 0}"
            if p is None:
                return text, [row]
            return f"deal a part onto stack {STACK_LETTERS[stack]}", [row]
        if kind == "stone":
            seat = next((s for s, k in enumerate(state["new_stones"]) if k == a), -1)
            return f"seat {seat}: {text}", [f"new-stone-{seat}", f"stone-{seat}"]
        if kind == "draw":
            seat = next((s for s, k in enumerate(state["stones"]) if k == a), -1)
            return f"seat {seat}: {text}", [f"stone-{seat}"]
        if kind == "build":  # the part lies on the table, or its commission was completed
            c = names.commission_of(a)
            for slot in state["table"]:
                if slot["commission"] == c and c is not None:
                    builder = slot["built"][names.data.parts[c].index(a)] if names.data else -1
                    return f"seat {builder}: {text}", [f"part-{a}"]
            return text, [f"part-{a}", f"completed-{c}"]
        if kind == "slide":
            row = f"stack-{b}-row-{len(stacks[b])}"
            known = p is None or any(
                entry == [a, b, len(stacks[b])] for entry in state["memory"][p]
            )
            if known:
                return text, [row]
            return f"a part slid under stack {STACK_LETTERS[b]}", [row, f"stack-{b}"]
        if kind == "reveal":
            return text, [f"commission-{a}"]
        if kind == "finish":
            return text, [f"finish-{a}"]
        return text, []

    def draw(
        self, state: dict[str, Any], perspective: int | None, bounds: Bounds | None
    ) -> ET.Element:
        names = _Names(state)
        frame = _Frame(state, perspective, names, {})
        players: int = state["players"]
        history: list[int] = state["history"]
        status = self._status(state, names)
        title = f"The Prestel New York Architecture Game, {players} players, move {len(history)}"
        if perspective is not None:
            title += f", as seat {perspective} sees it"
        root = _svg_root(_PNY_WIDTH, _PNY_HEIGHT, title)
        _el(root, "desc", status)
        _el(root, "rect", x=0, y=0, width=_PNY_WIDTH, height=_PNY_HEIGHT, fill="#ffffff")
        last_text, marks = self._last(frame)
        self._header(root, frame, status, last_text)
        table = _el(root, "g", class_="table")
        for k, slot in enumerate(state["table"]):
            self._slot(table, frame, k, slot, _PNY_LEFT + k * _PNY_SLOT_STEP, _PNY_TABLE_Y)
        self._deck(root, frame)
        self._completed(root, frame)
        self._stacks(root, frame)
        panel = _el(root, "g", class_="panel", fill=INK)
        for seat in range(players):
            self._seat(panel, frame, seat, _PNY_PANEL_X, _PNY_TOP + seat * (_PNY_SEAT_H + 8))
        self._legend(root, frame)
        ring = _el(root, "g", class_="last-action", fill="none", stroke=HIGHLIGHT, stroke_width=3)
        for key in marks:
            if key in frame.anchors:
                x, y, w, h = frame.anchors[key]
                pad = min(3.0, h / 6)  # a ring around a thin stack row keeps off its neighbours
                _el(
                    ring,
                    "rect",
                    x=x - pad,
                    y=y - pad,
                    width=w + 2 * pad,
                    height=h + 2 * pad,
                    rx=min(6, h / 2 + pad),
                )
                break
        return root

    # --- the parts of the picture ------------------------------------------------------------

    def _header(self, root: ET.Element, frame: _Frame, status: str, last_text: str) -> None:
        state = frame.state
        header = _el(root, "g", class_="header", fill=INK)
        x, y = _PNY_LEFT, _PNY_TOP
        _el(header, "text", "Prestel New York", x=x, y=y + 18, font_size=20, font_weight="bold")
        facts = [f"{state['players']} players", f"round {state['round']}"]
        facts.append(f"move {len(state['history'])}")
        if state["max_rounds"]:
            facts.append(f"at most {state['max_rounds']} rounds")
        if any(speed != 1 for speed in state["speeds"]):
            facts.append("speeds " + ",".join(str(s) for s in state["speeds"]))
        if frame.perspective is not None:
            facts.append(f"seen by seat {frame.perspective}")
        _el(header, "text", " \u00b7 ".join(facts), x=x + 186, y=y + 18, font_size=12, fill=MUTED)
        _el(header, "text", status, x=x, y=y + 44, font_size=14, font_weight="bold")
        _el(
            header,
            "rect",
            x=x,
            y=y + 56,
            width=12,
            height=12,
            rx=3,
            fill="none",
            stroke=HIGHLIGHT,
            stroke_width=2.5,
        )
        last = "last: " + last_text if state["history"] else last_text
        _fit(header, last, x + 18, y + 66, 440, 12)
        # The round's public race: the finishing order and the stones still on offer.
        right = x + 470
        finish: list[int] = state["finish"]
        if finish:
            _el(header, "text", "finishing order", x=right, y=y + 44, font_size=11, fill=MUTED)
            for i, seat in enumerate(finish):
                _seat_chip(header, right + 92 + i * 22, y + 40, seat, r=8)
        if state["phase"] == "stone":
            picked = {k for k in state["new_stones"] if k}
            offer = sorted(k for k in state["stones"] if k and k not in picked)
            _el(header, "text", "stones on offer", x=right, y=y + 66, font_size=11, fill=MUTED)
            for i, number in enumerate(offer):
                _stone(header, right + 100 + i * 26, y + 62, number)

    def _slot(
        self, parent: ET.Element, frame: _Frame, k: int, slot: dict[str, Any], x: float, y: float
    ) -> None:
        names = frame.names
        g = _el(parent, "g", class_=f"slot slot-{k + 1}")
        c: int = slot["commission"]
        if c < 0:
            _el(
                g,
                "rect",
                x=x,
                y=y,
                width=_PNY_SLOT_W,
                height=_PNY_SLOT_H,
                rx=8,
                fill="#faf8f3",
                stroke=_CARD_LINE,
                stroke_dasharray="6 4",
            )
            _el(g, "text", f"slot {k + 1}", x=x + 10, y=y + 16, font_size=10, fill=MUTED)
            _el(
                g,
                "text",
                "empty",
                x=x + _PNY_SLOT_W / 2,
                y=y + _PNY_SLOT_H / 2 + 4,
                text_anchor="middle",
                font_size=12,
                fill=MUTED,
            )
            return
        frame.anchors[f"commission-{c}"] = (x, y, _PNY_SLOT_W, _PNY_SLOT_H)
        _el(g, "title", names.name(c))
        _el(
            g,
            "rect",
            x=x,
            y=y,
            width=_PNY_SLOT_W,
            height=_PNY_SLOT_H,
            rx=8,
            fill=_CARD,
            stroke=_CARD_LINE,
            stroke_width=1.2,
        )
        _el(g, "text", f"slot {k + 1}", x=x + 10, y=y + 16, font_size=10, fill=MUTED)
        _fit(
            g,
            names.slug(c),
            x + _PNY_SLOT_W - 10,
            y + 16,
            90,
            10,
            text_anchor="end",
            fill=MUTED,
        )
        for i, line in enumerate(_wrap(names.name(c), 20, 2)):
            _fit(g, line, x + 10, y + 34 + 15 * i, _PNY_SLOT_W - 20, 12, font_weight="bold")
        built: list[int] = slot["built"]
        for i, builder in enumerate(built):
            ry = y + 62 + i * 32
            label = names.slot_part(c, i)
            part = names.part_id(c, i)
            box = (x + 10, ry, _PNY_SLOT_W - 20, 26.0)
            if part is not None:
                frame.anchors[f"part-{part}"] = box
            if builder >= 0:
                _el(
                    g,
                    "rect",
                    x=box[0],
                    y=ry,
                    width=box[2],
                    height=box[3],
                    rx=4,
                    fill=_PNY_FILL[builder],
                    stroke=_PNY_DARK[builder],
                    stroke_width=1.2,
                )
                _fit(g, label, x + 18, ry + 17, 100, 11, fill=_PNY_ON[builder], font_weight="bold")
                _seat_chip(g, x + _PNY_SLOT_W - 24, ry + 13, builder)
            else:
                _el(
                    g,
                    "rect",
                    x=box[0],
                    y=ry,
                    width=box[2],
                    height=box[3],
                    rx=4,
                    fill="#ffffff",
                    stroke=MUTED,
                    stroke_width=1,
                    stroke_dasharray="4 3",
                )
                _fit(g, label, x + 18, ry + 17, 124, 11, fill=MUTED)

    def _deck(self, root: ET.Element, frame: _Frame) -> None:
        names = frame.names
        deck = frame.state["deck"]
        g = _el(root, "g", class_="deck")
        x, y, w = _PNY_DECK_X, _PNY_TABLE_Y, _PNY_DECK_W
        top: int = deck["top"]
        if top >= 0:
            frame.anchors[f"commission-{top}"] = (x, y, w, 86)
            _el(g, "title", names.name(top))
            _el(
                g,
                "rect",
                x=x,
                y=y,
                width=w,
                height=86,
                rx=8,
                fill=_CARD,
                stroke=_CARD_LINE,
                stroke_width=1.2,
            )
            _el(g, "text", "deck \u00b7 face up", x=x + 10, y=y + 16, font_size=10, fill=MUTED)
            for i, line in enumerate(_wrap(names.name(top), 21, 2)):
                _fit(g, line, x + 10, y + 34 + 15 * i, w - 20, 12, font_weight="bold")
            parts = names.parts_of(top)
            if parts is not None:
                lines: list[str] = []
                for part in parts:
                    joined = f"{lines[-1]} \u00b7 {part}" if lines else part
                    if lines and _text_width(joined, 10) <= w - 20:
                        lines[-1] = joined
                    else:
                        lines.append(part)
                lines = lines[:2] if len(lines) <= 2 else [lines[0], " \u00b7 ".join(lines[1:])]
                for i, line in enumerate(lines):
                    line_y = y + 78 - 12 * (len(lines) - 1 - i)
                    _fit(g, line, x + 10, line_y, w - 20, 10, fill=MUTED)
        else:
            _el(
                g,
                "rect",
                x=x,
                y=y,
                width=w,
                height=86,
                rx=8,
                fill="#faf8f3",
                stroke=_CARD_LINE,
                stroke_dasharray="6 4",
            )
            _el(g, "text", "deck", x=x + 10, y=y + 16, font_size=10, fill=MUTED)
            _el(g, "text", "no card face up", x=x + 10, y=y + 50, font_size=12, fill=MUTED)
        # The unseen cards, face down, and the tail pushed under them in public.
        unseen = len(deck["unseen"])
        py = y + 96
        if unseen:
            for shift in (4, 2, 0):
                if unseen > shift // 2:
                    _card_back(g, x + shift, py + shift, 44, 50)
        else:
            _el(g, "rect", x=x, y=py, width=44, height=50, rx=4, fill="none", stroke=_CARD_LINE)
        _el(
            g,
            "text",
            str(unseen),
            x=x + 22,
            y=py + 31,
            text_anchor="middle",
            font_size=15,
            font_weight="bold",
            fill="#ffffff" if unseen else MUTED,
        )
        _el(g, "text", "unseen", x=x, y=py + 66, font_size=10, fill=MUTED)
        tail: list[int] = deck["tail"]
        _el(
            g,
            "text",
            "then, under them" if tail else "no card under them",
            x=x + 58,
            y=py + 10,
            font_size=10,
            fill=MUTED,
        )
        shown = tail if len(tail) <= 4 else tail[:3]
        for i, c in enumerate(shown):
            _fit(g, f"{i + 1}. {names.slug(c)}", x + 58, py + 25 + 13 * i, w - 58, 11)
        if len(tail) > len(shown):
            more = f"\u2026 and {len(tail) - len(shown)} more"
            _el(g, "text", more, x=x + 58, y=py + 25 + 13 * 3, font_size=11, fill=MUTED)

    def _completed(self, root: ET.Element, frame: _Frame) -> None:
        names = frame.names
        done: list[int] = frame.state["completed"]
        g = _el(root, "g", class_="completed")
        x, y = _PNY_LEFT, _PNY_DONE_Y
        _el(g, "text", f"completed ({len(done)})", x=x, y=y + 10, font_size=11, fill=MUTED)
        if not done:
            _el(g, "text", "none yet", x=x, y=y + 34, font_size=12, fill=MUTED)
            return
        per_row = max(5, math.ceil(len(done) / 2))
        gap = 6
        tag_w = (_PNY_LEFT_W - gap * (per_row - 1)) / per_row
        for i, c in enumerate(done):
            tx = x + (i % per_row) * (tag_w + gap)
            ty = y + 18 + (i // per_row) * 26
            frame.anchors[f"completed-{c}"] = (tx, ty, tag_w, 20)
            tag = _el(g, "g")
            _el(tag, "title", names.name(c))
            _el(
                tag,
                "rect",
                x=tx,
                y=ty,
                width=tag_w,
                height=20,
                rx=4,
                fill="#efe7d4",
                stroke="#d8cdb4",
            )
            label = names.name(c) if tag_w >= 140 else names.slug(c)
            _fit(tag, label, tx + 6, ty + 14, tag_w - 12, 11)

    def _stacks(self, root: ET.Element, frame: _Frame) -> None:
        state, names, p = frame.state, frame.names, frame.perspective
        stacks: list[list[int]] = state["stacks"]
        memory: list[list[list[int]]] = state["memory"]
        taken: list[int] = state["taken"]
        remembered: dict[tuple[int, int], list[int]] = {}
        if p is not None:
            for part, stack, depth in memory[p]:
                remembered.setdefault((stack, depth), []).append(part)
        seen_by: dict[int, list[int]] = {}
        for seat, entries in enumerate(memory):
            for entry in entries:
                seen_by.setdefault(entry[0], []).append(seat)
        g = _el(root, "g", class_="stacks")
        for stack, parts in enumerate(stacks):
            x = _PNY_LEFT + stack * _PNY_STACK_STEP
            y = _PNY_STACK_Y
            column = _el(g, "g", class_=f"stack stack-{STACK_LETTERS[stack]}")
            frame.anchors[f"stack-{stack}"] = (x, y, _PNY_STACK_W, _PNY_SYMBOL_H)
            _el(
                column,
                "rect",
                x=x,
                y=y,
                width=_PNY_STACK_W,
                height=_PNY_SYMBOL_H,
                rx=6,
                fill=_SYMBOL_CARD,
                stroke="#b9a983",
                stroke_width=1.2,
            )
            _el(
                column,
                "text",
                STACK_LETTERS[stack],
                x=x + 10,
                y=y + 33,
                font_size=22,
                font_weight="bold",
            )
            _symbol_icon(column, x + 32, y + 13, stack)
            symbol = names.symbol(stack)
            if symbol:
                _fit(column, symbol, x + 64, y + 22, 64, 12, font_weight="bold")
            count = len(parts)
            sized = "empty" if not count else f"{count} part{'s' if count != 1 else ''}"
            _el(column, "text", sized, x=x + 64, y=y + 38, font_size=10, fill=MUTED)
            holders = [seat for seat, t in enumerate(taken) if t == stack]
            for seat in holders:
                _seat_chip(column, x + _PNY_STACK_W - 16, y + 16, seat, r=9)
            # One row per card, top first, and (seen by a seat) down to the deepest place it
            # remembers; a long stack gets thinner rows.
            depth_rows = max([count] + [d for (s, d) in remembered if s == stack])
            rh = min(_PNY_ROW_MAX, _PNY_ROWS_H / max(1, depth_rows))
            size = min(9.5, rh - 4.5)
            rows = _Rows(column, size)
            for depth in range(1, depth_rows + 1):
                ry = _PNY_ROWS_Y + (depth - 1) * rh
                box = (x + 1, ry, _PNY_STACK_W - 2, max(1.0, rh - 2))
                frame.anchors[f"stack-{stack}-row-{depth}"] = box
                here = remembered.get((stack, depth), [])
                if depth <= count and p is None:
                    self._face_up_row(rows, frame, box, parts[depth - 1], seen_by)
                elif here:
                    self._memory_row(column, frame, box, here, size, depth <= count)
                elif depth <= count:
                    rows.card(box, face_up=False)
            rows.close()

    def _face_up_row(
        self, rows: _Rows, frame: _Frame, box: Box, part: int, seen_by: dict[int, list[int]]
    ) -> None:
        x, y, w, h = box
        card = rows.card(box, face_up=True)
        frame.anchors[f"part-{part}"] = box
        right = x + w - 3
        slot = frame.slot_of(part)
        if slot is not None:
            badge = min(11.0, h - 2)
            _slot_badge(rows.group("badges"), right - badge, y + (h - badge) / 2, slot, badge)
            right -= badge + 3
        for seat in reversed(seen_by.get(part, [])):
            _el(rows.dots(seat), "circle", cx=right - 3, cy=y + h / 2, r=min(3, h / 3))
            right -= 7
        if rows.size >= 5:
            labels = rows.group("labels")
            text_y = y + h / 2 + rows.size * 0.36
            _fit(labels, frame.names.part(part), x + 5, text_y, right - x - 8, rows.size)
        else:  # too thin a row to write on: the name is the card's tooltip
            _el(card, "title", frame.names.part(part))

    def _memory_row(
        self,
        parent: ET.Element,
        frame: _Frame,
        box: Box,
        parts: list[int],
        size: float,
        in_stack: bool,
    ) -> None:
        """A card the seat looking remembers (face down, the remembered part named on it); a
        dashed ghost if the stack is no longer that deep."""
        seat = frame.perspective if frame.perspective is not None else 0
        x, y, w, h = box
        row = _el(parent, "g", class_="memory")
        label = " / ".join(frame.names.part(part) for part in parts)
        _el(row, "title", f"you saw {label} here")
        _el(
            row,
            "rect",
            x=x,
            y=y,
            width=w,
            height=h,
            rx=min(3, h / 4),
            fill=_PNY_TINT[seat] if in_stack else "none",
            stroke=_PNY_DARK[seat],
            stroke_width=1.1,
            stroke_dasharray=None if in_stack else "3 2",
        )
        for part in parts:
            frame.anchors.setdefault(f"part-{part}", box)
        right = x + w - 3
        slot = frame.slot_of(parts[0])
        if slot is not None:
            badge = min(11.0, h - 2)
            _slot_badge(row, right - badge, y + (h - badge) / 2, slot, badge)
            right -= badge + 3
        if size >= 5:
            _fit(
                row,
                label,
                x + 5,
                y + h / 2 + size * 0.36,
                right - x - 8,
                size,
                fill=INK if in_stack else MUTED,
            )

    def _seat(self, parent: ET.Element, frame: _Frame, seat: int, x: float, y: float) -> None:
        state, names = frame.state, frame.names
        moving = state["phase"] != "end" and state["to_move"] == seat
        winners = self.winners(state)
        row = _el(parent, "g", class_=f"seat seat-{seat}")
        _el(
            row,
            "rect",
            x=x,
            y=y,
            width=_PNY_PANEL_W,
            height=_PNY_SEAT_H,
            rx=7,
            fill="#fff4cc" if moving else "#f8f5ee",
            stroke="#d9a520" if moving else _PANEL_LINE,
            stroke_width=2 if moving else 1,
        )
        _seat_chip(row, x + 20, y + 19, seat, r=10)
        _el(row, "text", f"seat {seat}", x=x + 38, y=y + 24, font_size=14, font_weight="bold")
        tags = []
        if frame.perspective == seat:
            tags.append("you")
        if moving:
            tags.append("to move")
        if seat in winners:
            tags.append("\u2605 winner")
        if tags:
            _el(
                row,
                "text",
                " \u00b7 ".join(tags),
                x=x + 94,
                y=y + 24,
                font_size=12,
                fill="#9a6b00" if moving or seat in winners else MUTED,
            )
        chips: int = state["chips"][seat]
        goal = names.win_chips
        _el(
            row,
            "text",
            str(chips),
            x=x + _PNY_PANEL_W - 12,
            y=y + 30,
            text_anchor="end",
            font_size=24,
            font_weight="bold",
        )
        _el(
            row,
            "text",
            f"chips of {goal}" if names.data else "chips",
            x=x + _PNY_PANEL_W - 12,
            y=y + 44,
            text_anchor="end",
            font_size=10,
            fill=MUTED,
        )
        # Progress toward the goal: one pip per chip, the goal's pip ringed.
        pips = max(goal, chips)
        step = min(14.0, 190 / pips)
        for i in range(pips):
            cx = x + 16 + i * step
            held = i < chips
            _el(
                row,
                "circle",
                cx=cx,
                cy=y + 44,
                r=min(5, step / 2 - 0.5),
                fill=_PNY_FILL[seat] if held else "none",
                stroke=_PNY_DARK[seat] if held else "#c9bda3",
                stroke_width=1.6 if i == goal - 1 and names.data else 1,
            )
        self._hand(row, frame, seat, x + 10, y + 58)
        self._seat_facts(row, frame, seat, x + 10, y + 112)

    def _hand(self, parent: ET.Element, frame: _Frame, seat: int, x: float, y: float) -> None:
        names = frame.names
        hand: list[int] = frame.state["hands"][seat]
        g = _el(parent, "g", class_=f"hand hand-{seat}")
        frame.anchors[f"hand-{seat}"] = (x, y, max(1, len(hand)) * 96 - 4, 36)
        if not hand:
            _el(g, "text", "no parts in hand", x=x, y=y + 22, font_size=11, fill=MUTED)
            return
        for i, part in enumerate(hand):
            cx = x + i * 96
            if not frame.sees_hand(seat):
                _card_back(g, cx, y, 92, 36)
                continue
            card = _el(g, "g")
            _el(card, "title", names.part(part))
            frame.anchors[f"part-{part}"] = (cx, y, 92, 36)
            _el(
                card,
                "rect",
                x=cx,
                y=y,
                width=92,
                height=36,
                rx=4,
                fill=_CARD,
                stroke=_CARD_LINE,
                stroke_width=1.2,
            )
            slot = frame.slot_of(part)
            width = 80.0
            if slot is not None:
                _slot_badge(card, cx + 76, y + 4, slot)
                width = 66
            _fit(card, names.part_name(part), cx + 6, y + 15, width, 10.5, font_weight="bold")
            slug = names.part_slug(part)
            if slug:
                _fit(card, slug, cx + 6, y + 29, 80, 9, fill=MUTED)

    def _seat_facts(self, parent: ET.Element, frame: _Frame, seat: int, x: float, y: float) -> None:
        """Stone, the stack taken this round, the place in the finishing order, the new
        stone, and (for eyes allowed) the parts looked at; ``y`` is the line's middle."""
        state = frame.state
        g = _el(parent, "g", class_="facts", font_size=10, fill=MUTED)

        def label(text: str, at: float) -> float:
            _el(g, "text", text, x=at, y=y + 3.5)
            return at + _text_width(text, 10) + 4

        at = label("stone", x)
        _stone(g, at + 11, y, state["stones"][seat])
        frame.anchors[f"stone-{seat}"] = (at, y - 9, 22, 18)
        at += 32
        took: int = state["taken"][seat]
        if took >= 0:
            at = label("took", at)
            frame.anchors[f"took-{seat}"] = (at, y - 9, 16, 18)
            _el(
                g,
                "rect",
                x=at,
                y=y - 9,
                width=16,
                height=18,
                rx=2,
                fill=_SYMBOL_CARD,
                stroke="#b9a983",
            )
            _el(
                g,
                "text",
                STACK_LETTERS[took],
                x=at + 8,
                y=y + 4.5,
                text_anchor="middle",
                font_size=12,
                font_weight="bold",
                fill=INK,
            )
            at += 26
        finish: list[int] = state["finish"]
        if seat in finish:
            place = _ordinal(finish.index(seat) + 1)
            start = at
            at = label("finished", at)
            _el(g, "text", place, x=at, y=y + 4, font_size=12, font_weight="bold", fill=INK)
            end = at + _text_width(place, 12, True)
            frame.anchors[f"finish-{seat}"] = (start, y - 9, end - start, 18)
            at = end + 10
        new: int = state["new_stones"][seat]
        if new:
            at = label("new", at)
            _stone(g, at + 11, y, new)
            frame.anchors[f"new-stone-{seat}"] = (at, y - 9, 22, 18)
            at += 32
        looked = _looked(state, seat)
        if looked and frame.sees_hand(seat):
            label(f"looked {looked}", at)

    def _legend(self, root: ET.Element, frame: _Frame) -> None:
        x, y = _PNY_LEFT, _PNY_LEGEND_Y
        legend = _el(root, "g", class_="legend", font_size=11, fill=MUTED)
        _el(
            legend,
            "path",
            d=f"M{_num(x)} {_num(y)}h{_PNY_WIDTH - 2 * _PNY_LEFT}",
            stroke=_PANEL_LINE,
            stroke_width=1,
        )
        y += 8
        _el(legend, "rect", x=x, y=y, width=34, height=14, rx=3, fill=_PNY_FILL[0])
        _seat_chip(legend, x + 26, y + 7, 0, r=6)
        text = "built, with its builder's chip"
        _el(legend, "text", text, x=x + 40, y=y + 11)
        at = x + 40 + _text_width(text, 11) + 16
        _el(
            legend,
            "rect",
            x=at,
            y=y,
            width=34,
            height=14,
            rx=3,
            fill="#ffffff",
            stroke=MUTED,
            stroke_dasharray="4 3",
        )
        _el(legend, "text", "missing", x=at + 40, y=y + 11)
        at += 40 + _text_width("missing", 11) + 16
        _card_back(legend, at, y, 34, 14, r=3)
        _el(legend, "text", "face down", x=at + 40, y=y + 11)
        at += 40 + _text_width("face down", 11) + 16
        _slot_badge(legend, at, y + 1, 1)
        text = "its commission is in slot 2"
        _el(legend, "text", text, x=at + 17, y=y + 11)
        at += 17 + _text_width(text, 11) + 16
        if frame.perspective is None:
            for i in range(2):
                _el(legend, "circle", cx=at + 3 + 7 * i, cy=y + 7, r=3, fill=_PNY_FILL[i])
            text = "seen by those seats"
            _el(legend, "text", text, x=at + 17, y=y + 11)
            at += 17 + _text_width(text, 11) + 16
        else:
            seat = frame.perspective
            _el(
                legend,
                "rect",
                x=at,
                y=y,
                width=34,
                height=14,
                rx=3,
                fill=_PNY_TINT[seat],
                stroke=_PNY_DARK[seat],
            )
            text = "where you last saw it"
            _el(legend, "text", text, x=at + 40, y=y + 11)
            at += 40 + _text_width(text, 11) + 16
        _el(
            legend,
            "rect",
            x=at,
            y=y + 1,
            width=12,
            height=12,
            rx=3,
            fill="none",
            stroke=HIGHLIGHT,
            stroke_width=2.5,
        )
        _el(legend, "text", "last move", x=at + 18, y=y + 11)


# ---------------------------------------------------------------------------------------------
# City Connect: the landmark row, the Pioneer Bonus, the pile and the discard pile, the market,
# the build being paid for, and each seat's city (its initial card first) and hand.

CITY_SYMBOLS: Final = ("person", "house", "food", "happiness", "science", "coin")
"""The symbols in the order of the data file's vocabulary (the JSON's ``owed`` uses the first
five)."""
_CC_DEMANDS: Final = ("sun", "moon")
_CC_SOURCES: Final = ("hand", "market", "landmark row")
_CC_SYMBOL_FILL: Final = ("#2f66c4", "#a8572a", "#e08a1e", "#d6457a", "#3c9a4a", "#e3b505")
_CC_SUN: Final = "#f2a900"
_CC_MOON: Final = "#5b5f97"
_CC_LANDMARK: Final = "#f6eed8"
_CC_LANDMARK_LINE: Final = "#b08d3c"
_CC_INITIAL: Final = "#eef2f6"
_CC_INITIAL_LINE: Final = "#9aa7b6"
_CC_BONUS: Final = "#fff4cc"
_CC_BONUS_LINE: Final = "#d9a520"
_CC_PAID: Final = "#2f8a3e"
_CC_USED: Final = "#8a8170"

_CC_LEFT: Final = 16
_CC_WIDTH: Final = 1240
_CC_PANEL_W: Final = _CC_WIDTH - 2 * _CC_LEFT
_CC_CARD_W: Final = 92
_CC_CARD_H: Final = 70
_CC_STEP: Final = 98
_CC_ROW1_Y: Final = 96
_CC_ROW2_Y: Final = 196
_CC_CARDS_DY: Final = 18
"""Cards of a row lie this far below the row's top, under its label."""
_CC_PILE_X: Final = _CC_LEFT + 5 * _CC_STEP + 10 + _CC_STEP + 16
_CC_TURN_X: Final = _CC_PILE_X + 2 * _CC_STEP + 20
_CC_PAY_X: Final = _CC_LEFT + 6 * _CC_STEP + 16
_CC_SEATS_Y: Final = 300
_CC_SEAT_H: Final = 194
_CC_SEAT_GAP: Final = 8
_CC_ROW_W: Final = 11 * _CC_STEP - 6
"""A city row: the initial card and 10 built cards."""


class _CityTerm(NamedTuple):
    """A scoring term of the data file: ``per`` symbol, set, demand, card or rank."""

    per: str
    symbols: tuple[int, ...] = ()
    """symbol and rank: the one symbol; set: the symbols listed, with repeats."""
    demand: int = -1
    vp: int = 0
    """The VP per match (rank: for first place)."""
    second: int = 0
    """rank: the VP for second place."""


@dataclass(frozen=True)
class _CityCard:
    """What the picture shows of one card of the data file."""

    slug: str
    name: str
    kind: str
    """``building``, ``landmark`` or ``initial``."""
    symbols: tuple[int, ...]
    demand: int
    """0 sun, 1 moon, -1 none (the initial cards)."""
    vp: int
    cost: tuple[int, ...]
    lightning: str
    """``draw 3``, ``take 1`` or empty."""
    gear: str
    """``draw``, ``exchange``, ``mayor`` or empty."""
    terms: tuple[_CityTerm, ...]


@dataclass(frozen=True)
class _CityData:
    """The packaged component file, as much of it as the picture and the scores need."""

    buildings: int
    landmarks: int
    cards: tuple[_CityCard, ...]
    """By city card index: the buildings, then the landmarks."""
    initial: tuple[_CityCard, ...]
    """By side: the House, the Mayor."""
    market: int
    city_limit: int
    most_vp: int
    pioneer_vp: int
    solo_demand: int
    ratings: tuple[tuple[int, str, str], ...]
    """The solo mayor ratings, lowest first: minimum VP, class, text."""

    def card(self, index: int, side: int) -> _CityCard:
        """The city card of ``index`` (``buildings + landmarks`` is the initial card)."""
        return self.initial[side] if index == len(self.cards) else self.cards[index]

    def rating(self, score: int) -> tuple[int, str, str]:
        """The solo rating of ``score``: its place in the list (0 lowest), class and text."""
        place = 0
        for i, (least, _, _) in enumerate(self.ratings):
            if score >= least:
                place = i
        _, grade, text = self.ratings[place]
        return place, grade, text


def _city_term(entry: dict[str, Any]) -> _CityTerm:
    per = str(entry["per"])
    vp = entry["vp"]
    if per == "symbol":
        return _CityTerm(per, (CITY_SYMBOLS.index(entry["symbol"]),), vp=int(vp))
    if per == "set":
        return _CityTerm(per, tuple(CITY_SYMBOLS.index(s) for s in entry["symbols"]), vp=int(vp))
    if per == "demand":
        return _CityTerm(per, demand=_CC_DEMANDS.index(entry["demand"]), vp=int(vp))
    if per == "card":
        return _CityTerm(per, vp=int(vp))
    if per == "rank":
        first, second = vp
        return _CityTerm(
            per, (CITY_SYMBOLS.index(entry["symbol"]),), vp=int(first), second=int(second)
        )
    raise ValueError(f"unknown scoring term {per!r}")


def _city_card(entry: dict[str, Any], kind: str) -> _CityCard:
    lightning = entry.get("lightning", {})
    effect = ""
    if lightning:
        ((what, count),) = lightning.items()
        effect = f"{what} {int(count)}"
    return _CityCard(
        slug=str(entry.get("slug", entry.get("side", ""))),
        name=str(entry.get("name", str(entry.get("side", "")).title())),
        kind=kind,
        symbols=tuple(CITY_SYMBOLS.index(s) for s in entry.get("symbols", [])),
        demand=_CC_DEMANDS.index(entry["demand"]) if "demand" in entry else -1,
        vp=int(entry.get("vp", 0)),
        cost=tuple(CITY_SYMBOLS.index(s) for s in entry.get("cost", [])),
        lightning=effect,
        gear=str(entry.get("gear", "")),
        terms=tuple(_city_term(term) for term in entry.get("score", [])),
    )


@functools.lru_cache(maxsize=1)
def _city_data() -> _CityData | None:
    """``data/city_connect.toml`` of the package, or None if it cannot be read: the picture
    then labels cards by index and shows no scores rather than fail."""
    try:
        source = resources.files(__package__ or "boardcore").joinpath("data")
        doc = tomllib.loads(source.joinpath("city_connect.toml").read_text(encoding="utf-8"))
        rules = doc["rules"]
        buildings = [_city_card(entry, "building") for entry in doc["building"]]
        landmarks = [_city_card(entry, "landmark") for entry in doc["landmark"]]
        sides = {str(entry["side"]): _city_card(entry, "initial") for entry in doc["initial"]}
        ratings = sorted(
            (int(entry["min"]), str(entry["class"]), str(entry["text"])) for entry in doc["rating"]
        )
        return _CityData(
            buildings=len(buildings),
            landmarks=len(landmarks),
            cards=tuple(buildings + landmarks),
            initial=(sides["house"], sides["mayor"]),
            market=int(rules["market"]),
            city_limit=int(rules["city_limit"]),
            most_vp=int(rules["most_vp"]),
            pioneer_vp=int(rules["pioneer_vp"]),
            solo_demand=int(rules["solo_demand"]),
            ratings=tuple(ratings),
        )
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, TypeError, ValueError):
        return None


def _city_fits(data: _CityData, state: dict[str, Any]) -> bool:
    """Whether every id of the state is one of the packaged data (a state of a game played
    with a user's data file may not be: its cards are then labelled by index)."""
    b, k = data.buildings, len(data.cards)
    kinds = [*state["market"], *state["discard"], *state["pile"]["pool"]]
    kinds += [kind for hand in state["hands"] for kind in hand] + list(state["payment"]["hand"])
    if any(not 0 <= kind < b for kind in kinds):
        return False
    if any(not 0 <= c < k for city in state["cities"] for c in city):
        return False
    if any(not 0 <= mark < data.landmarks for mark in state["landmarks"]):
        return False
    payment = state["payment"]
    if not -1 <= payment["card"] < k or any(not 0 <= c <= k for c in payment["city"]):
        return False
    if any(not 0 <= c <= k for c in state["gears"]):
        return False
    # Setup turns over the market (``card b``) and then the landmarks (``landmark l``), whose
    # ids move with the numbers of kinds and landmarks.
    history: list[int] = state["history"]
    card = 7 * b + data.landmarks + 2 * (k + 1) + 2
    landmark = card + b
    if any(not card <= a < landmark for a in history[: data.market]):
        return False
    if (
        len(history) > data.market
        and not landmark <= history[data.market] < landmark + data.landmarks
    ):
        return False
    return all(0 <= a < landmark + data.landmarks for a in history)


def _city_counts(data: _CityData, state: dict[str, Any], seat: int) -> tuple[list[int], list[int]]:
    """The symbols (all six) and the demand icons (sun, moon) of ``seat``'s city."""
    symbols = [0] * len(CITY_SYMBOLS)
    demand = [0, 0]
    cards = [data.initial[state["sides"][seat]]]
    cards += [data.cards[c] for c in state["cities"][seat]]
    for card in cards:
        for symbol in card.symbols:
            symbols[symbol] += 1
        if card.demand >= 0:
            demand[card.demand] += 1
    return symbols, demand


def _city_scores(data: _CityData, state: dict[str, Any]) -> list[int]:
    """Each seat's score as the game counts it (docs/games/city_connect.md, ruling 19)."""
    n: int = state["players"]
    counted = [_city_counts(data, state, seat) for seat in range(n)]
    scores = []
    for seat in range(n):
        symbols, demand = counted[seat]
        built = len(state["cities"][seat])
        score = 0
        for c in state["cities"][seat]:
            card = data.cards[c]
            score += card.vp
            for term in card.terms:
                if term.per == "symbol":
                    score += term.vp * symbols[term.symbols[0]]
                elif term.per == "set":
                    need = {s: term.symbols.count(s) for s in term.symbols}
                    sets = min((symbols[s] // k for s, k in need.items()), default=0)
                    score += term.vp * sets
                elif term.per == "demand":
                    score += term.vp * demand[term.demand]
                elif term.per == "card":
                    score += term.vp * built
        if state["pioneer"] == seat:
            score += data.pioneer_vp
        for k in range(2):
            mine = demand[k]
            if n == 1:
                most = mine >= data.solo_demand
            else:
                most = mine > 0 and all(counted[q][1][k] < mine for q in range(n) if q != seat)
            if most:
                score += data.most_vp
        scores.append(score)
    # Every rank term in play (any seat's) places every player (ruling 18).
    for city in state["cities"]:
        for c in city:
            for term in data.cards[c].terms:
                if term.per != "rank":
                    continue
                values = [counted[p][0][term.symbols[0]] for p in range(n)]
                top = max(values)
                below = [v for v in values if v < top]
                second = max(below) if below else 0
                for p, value in enumerate(values):
                    if value > 0 and value == top:
                        scores[p] += term.vp
                    elif value > 0 and value == second:
                        scores[p] += term.second
    return scores


def _city_winners(data: _CityData, state: dict[str, Any], scores: list[int]) -> list[int]:
    """At the end: the most VP, the Pioneer Bonus breaking a tie (ruling 22); solo: seat 0
    if the rating is the second (C) or better (ruling 23)."""
    if state["phase"] != "end":
        return []
    if state["players"] == 1:
        return [0] if data.rating(scores[0])[0] >= 1 else []
    best = max(scores)
    tied = [seat for seat, score in enumerate(scores) if score == best]
    return [state["pioneer"]] if state["pioneer"] in tied else tied


class _CityAction(NamedTuple):
    """A decoded action id: its kind and argument (a kind, card index or landmark id)."""

    kind: str
    arg: int = -1


def _city_decode(action: int, b: int, landmarks: int) -> _CityAction:
    """The action of id ``action`` in the encoding of docs/games/city_connect.md."""
    m = landmarks
    n = b + m + 1
    bounds: tuple[tuple[str, int, int], ...] = (
        ("take", 0, b),
        ("draw", b, 1),
        ("build", b + 1, b),
        ("build market", 2 * b + 1, b),
        ("build landmark", 3 * b + 1, m),
        ("pay", 3 * b + m + 1, b),
        ("pay mayor", 4 * b + m + 1, b),
        ("pay city", 5 * b + m + 1, n),
        ("discard", 5 * b + m + n + 1, b),
        ("gear", 6 * b + m + n + 1, n),
        ("end", 6 * b + m + 2 * n + 1, 1),
        ("clear", 6 * b + m + 2 * n + 2, b),
        ("card", 7 * b + m + 2 * n + 2, b),
        ("landmark", 8 * b + m + 2 * n + 2, m),
    )
    for kind, first, count in bounds:
        if first <= action < first + count:
            return _CityAction(kind, action - first)
    return _CityAction("unknown", action)


@dataclass
class _CityFrame:
    """What one drawing of a City Connect state shares: the state, who looks, the data
    (None if the state does not fit the packaged file), the scores, and the boxes of what
    the last action may have touched (keyed like ``hand-1``)."""

    state: dict[str, Any]
    perspective: int | None
    data: _CityData | None
    scores: list[int] | None
    anchors: dict[str, Box]

    def sees_hand(self, seat: int) -> bool:
        return self.perspective is None or self.perspective == seat

    def card(self, index: int, side: int = 0) -> _CityCard | None:
        return self.data.card(index, side) if self.data else None

    def slug(self, index: int) -> str:
        """A city card by slug, as the notation writes it (``house``: the initial card)."""
        if self.data is None:
            return f"#{index}"
        return "house" if index == len(self.data.cards) else self.data.cards[index].slug

    def name(self, index: int, side: int = 0) -> str:
        card = self.card(index, side)
        return card.name if card else f"card {index}"

    def turn_seat(self) -> int:
        """The seat whose turn it is (seat 0 plays turn 1, then seat + 1)."""
        turn: int = self.state["turn"]
        return (turn - 1) % self.state["players"] if turn > 0 else -1


def _cc_symbol(parent: ET.Element, cx: float, cy: float, symbol: int, r: float = 6.5) -> None:
    """A symbol token: a coloured disc with a white mark (person, house, food, happiness,
    science) or a gold coin."""
    g = _el(parent, "g", transform=f"translate({_num(cx)} {_num(cy)}) scale({_num(r / 6.5)})")
    coin = symbol == 5
    _el(
        g,
        "circle",
        r=6.5,
        fill=_CC_SYMBOL_FILL[symbol],
        stroke="#8a6a00" if coin else "#ffffff",
        stroke_width=1 if coin else 0.8,
    )
    if coin:
        _el(g, "circle", r=3.6, fill="none", stroke="#8a6a00", stroke_width=1)
        _el(g, "path", d="M0 -1.9V1.9", stroke="#8a6a00", stroke_width=1.2)
        return
    marks = (
        "M0 -4.3A1.9 1.9 0 1 1 0 -0.5A1.9 1.9 0 1 1 0 -4.3ZM-3.4 4.1Q-3.4 0.2 0 0.2Q3.4 0.2 "
        "3.4 4.1Z",
        "M-3.9 0.2L0 -3.8L3.9 0.2H2.7V3.8H-2.7V0.2Z",
        "M-3.8 -0.8Q-3.8 -3.9 0 -3.9Q3.8 -3.9 3.8 -0.8ZM-4.1 0.1H4.1V1.5H-4.1ZM-3.8 2.3H3.8"
        "V3.2Q3.8 3.9 3.1 3.9H-3.1Q-3.8 3.9 -3.8 3.2Z",
        "M0 3.8C-1.2 2.8 -4.2 0.8 -4.2 -1.3C-4.2 -2.9 -2.9 -3.8 -1.7 -3.6C-0.9 -3.5 -0.3 -3 "
        "0 -2.3C0.3 -3 0.9 -3.5 1.7 -3.6C2.9 -3.8 4.2 -2.9 4.2 -1.3C4.2 0.8 1.2 2.8 0 3.8Z",
        "M-1.6 -4.2H1.6V-3.4H0.9V-1.2L3.6 3Q4.1 4 3 4H-3Q-4.1 4 -3.6 3L-0.9 -1.2V-3.4H-1.6Z",
    )
    _el(g, "path", d=marks[symbol], fill="#ffffff")


_CC_RAYS: Final = "".join(
    f"M{_num(4.3 * math.cos(i * math.pi / 4))} {_num(4.3 * math.sin(i * math.pi / 4))}"
    f"L{_num(6.2 * math.cos(i * math.pi / 4))} {_num(6.2 * math.sin(i * math.pi / 4))}"
    for i in range(8)
)


def _cc_demand(parent: ET.Element, cx: float, cy: float, demand: int, background: str) -> None:
    """The demand icon: a sun with rays, or a crescent moon."""
    g = _el(parent, "g", transform=f"translate({_num(cx)} {_num(cy)})")
    if demand == 0:
        _el(g, "circle", r=3.2, fill=_CC_SUN)
        _el(g, "path", d=_CC_RAYS, stroke=_CC_SUN, stroke_width=1.3, stroke_linecap="round")
    else:
        _el(g, "circle", r=5.6, fill=_CC_MOON)
        _el(g, "circle", cx=2.6, cy=-1.8, r=4.6, fill=background)


def _cc_lightning(parent: ET.Element, cx: float, cy: float) -> None:
    _el(
        parent,
        "path",
        d=f"M{_num(cx + 1.4)} {_num(cy - 4.6)}l-4 5.1h2.6l-1 4.1l4 -5.1h-2.6z",
        fill=_CC_SUN,
        stroke="#8a6a00",
        stroke_width=0.6,
        stroke_linejoin="round",
    )


def _cc_gear(parent: ET.Element, cx: float, cy: float, colour: str = INK) -> None:
    _el(
        parent,
        "circle",
        cx=cx,
        cy=cy,
        r=3.3,
        fill="none",
        stroke=colour,
        stroke_width=2,
        stroke_dasharray="1.7 0.9",
    )
    _el(parent, "circle", cx=cx, cy=cy, r=1.2, fill=colour)


def _cc_effect(card: _CityCard) -> tuple[str, str]:
    """The card's effect as one short line, and its icon (``lightning``, ``gear`` or empty)."""
    if card.lightning:
        what, count = card.lightning.split()
        return (f"draw {count}" if what == "draw" else f"take {count} from market"), "lightning"
    if card.gear:
        words = {"draw": "draw 1", "exchange": "exchange 1", "mayor": "person as coin"}
        return words.get(card.gear, card.gear), "gear"
    parts = []
    for term in card.terms:
        if term.per == "symbol":
            parts.append(f"{CITY_SYMBOLS[term.symbols[0]]} \u00d7{term.vp}")
        elif term.per == "set":
            parts.append("+".join(CITY_SYMBOLS[s] for s in term.symbols) + f" \u00d7{term.vp}")
        elif term.per == "demand":
            parts.append(f"{_CC_DEMANDS[term.demand]} \u00d7{term.vp}")
        elif term.per == "card":
            parts.append(f"card \u00d7{term.vp}")
        else:
            parts.append(f"most {CITY_SYMBOLS[term.symbols[0]]} {term.vp}/{term.second}")
    return ", ".join(parts), ""


def _cc_describe(card: _CityCard) -> str:
    """The card in full, for its tooltip."""
    facts = [card.kind]
    if card.symbols:
        facts.append("symbols " + " ".join(CITY_SYMBOLS[s] for s in card.symbols))
    if card.demand >= 0:
        facts.append(_CC_DEMANDS[card.demand])
    if card.kind != "initial":
        facts.append(f"{card.vp} VP")
    if card.cost:
        facts.append("cost " + " ".join(CITY_SYMBOLS[s] for s in card.cost))
    effect, icon = _cc_effect(card)
    if effect:
        facts.append({"lightning": "lightning: ", "gear": "gear: "}.get(icon, "scores ") + effect)
    return f"{card.name}: " + "; ".join(facts)


def _cc_card(
    parent: ET.Element, x: float, y: float, card: _CityCard | None, label: str = ""
) -> ET.Element:
    """A face-up card: symbols, VP and sun or moon along the top, the name, the effect, and
    the cost as a row of symbol dots; ``card`` None: a blank card labelled ``label``."""
    w, h = _CC_CARD_W, _CC_CARD_H
    g = _el(parent, "g", class_="card")
    if card is None:
        _el(g, "rect", x=x, y=y, width=w, height=h, rx=6, fill=_CARD, stroke=_CARD_LINE)
        _fit(g, label, x + 6, y + 38, w - 12, 10, font_weight="bold")
        return g
    fill, line, width = {
        "landmark": (_CC_LANDMARK, _CC_LANDMARK_LINE, 1.6),
        "initial": (_CC_INITIAL, _CC_INITIAL_LINE, 1.2),
    }.get(card.kind, (_CARD, _CARD_LINE, 1.2))
    _el(g, "title", _cc_describe(card))
    _el(g, "rect", x=x, y=y, width=w, height=h, rx=6, fill=fill, stroke=line, stroke_width=width)
    for i, symbol in enumerate(card.symbols[:3]):
        _cc_symbol(g, x + 11 + i * 15, y + 11, symbol)
    if card.demand >= 0:
        _cc_demand(g, x + w - 11, y + 11, card.demand, fill)
    if card.kind != "initial":
        _el(
            g,
            "text",
            f"{card.vp} VP",
            x=x + w - 21,
            y=y + 15,
            text_anchor="end",
            font_size=10,
            font_weight="bold",
        )
    else:
        _el(
            g,
            "text",
            "initial",
            x=x + w - 6,
            y=y + 14,
            text_anchor="end",
            font_size=8.5,
            fill=MUTED,
        )
    for i, text in enumerate(_wrap(card.name, 14, 2)):
        _fit(g, text, x + 6, y + 31 + 11 * i, w - 12, 10, font_weight="bold")
    effect, icon = _cc_effect(card)
    if effect:
        at = x + 6
        if icon == "lightning":
            _cc_lightning(g, x + 9, y + 50)
            at += 9
        elif icon == "gear":
            _cc_gear(g, x + 9.5, y + 50)
            at += 10
        _fit(g, effect, at, y + 53, x + w - 5 - at, 8.5, fill=MUTED)
    step = min(8.0, (w - 12) / max(1, len(card.cost)))
    for i, symbol in enumerate(card.cost):
        _el(
            g,
            "circle",
            cx=x + 9 + i * step,
            cy=y + h - 8,
            r=3.1,
            fill=_CC_SYMBOL_FILL[symbol],
            stroke="#8a6a00" if symbol == 5 else "none",
            stroke_width=0.6,
        )
    return g


def _cc_badge(parent: ET.Element, x: float, y: float, text: str, colour: str) -> None:
    """A small tag on a card's top edge (``paid``, ``used``)."""
    width = _text_width(text, 8, True) + 8
    _el(parent, "rect", x=x - width, y=y - 6, width=width, height=12, rx=3, fill=colour)
    _el(
        parent,
        "text",
        text,
        x=x - width / 2,
        y=y + 3,
        text_anchor="middle",
        font_size=8,
        font_weight="bold",
        fill="#ffffff",
    )


def _cc_slot(parent: ET.Element, x: float, y: float, text: str) -> None:
    """An empty place, dashed, with a word in it."""
    _el(
        parent,
        "rect",
        x=x,
        y=y,
        width=_CC_CARD_W,
        height=_CC_CARD_H,
        rx=6,
        fill="#faf8f3",
        stroke=_CARD_LINE,
        stroke_dasharray="6 4",
    )
    _el(
        parent,
        "text",
        text,
        x=x + _CC_CARD_W / 2,
        y=y + _CC_CARD_H / 2 + 4,
        text_anchor="middle",
        font_size=11,
        fill=MUTED,
    )


class CityConnectDrawer:
    """Draws a City Connect state: landmarks, Pioneer Bonus, pile, discard pile, market, the
    payment in progress, and per seat its city, hand and score."""

    def seats(self, state: dict[str, Any]) -> int:
        players: int = state["players"]
        return players

    def bounds(self, state: dict[str, Any]) -> Bounds | None:
        return None

    def seat_colours(self, state: dict[str, Any]) -> list[str]:
        # Yellow darkened a little: chart lines are thin and drawn on white.
        chart = ("#d63c2f", "#2f66c4", "#3c9a4a", "#d9a400")
        players: int = state["players"]
        return list(chart[:players])

    def starts_turn(self, action: int) -> bool:
        # A turn may open with a gear, a take, a draw or a build, and gears come after the
        # main action too, so no action tells a turn's start; every turn is one seat's and
        # between two turns of the same seat (solo) the market is refilled by chance, so the
        # move list's seat changes already break the turns.
        return False

    @staticmethod
    def _status(frame: _CityFrame, winners: list[int]) -> str:
        """The first line of the text rendering."""
        state = frame.state
        phase, turn = state["phase"], state["turn"]
        seat = frame.turn_seat()
        if phase == "setup":
            market = frame.data.market if frame.data else 6
            if len(state["market"]) < market and state["pile"]["size"] > 0:
                return "setup: filling the market"
            return "setup: turning over a landmark"
        if phase == "end":
            if state["players"] == 1 and frame.data and frame.scores is not None:
                score = frame.scores[0]
                grade = frame.data.rating(score)[1]
                return f"game over after turn {turn}: {score} VP, {grade}-class mayor"
            if state["players"] == 1 or frame.scores is None:
                return f"game over after turn {turn}"
            who = " ".join(str(s) for s in winners) or "none"
            return f"game over after turn {turn}: winners {who}"
        doing = {
            "main": f"seat {seat} to play",
            "take": f"seat {seat} to take from the market",
            "draw": f"drawing for seat {seat}",
            "pay": f"seat {seat} to pay for {frame.slug(state['payment']['card'])}",
            "bonus": f"seat {seat} to take a bonus card",
            "exchange": f"seat {seat} to exchange a card",
            "after": f"seat {seat} to use a gear or end",
            "discard": f"seat {seat} to discard",
            "clear": f"seat {seat} to clear the market",
            "refill": "refilling the market",
            "flip": f"seat {seat} turns over cards",
        }
        return f"turn {turn}: {doing[phase]}"

    def _last(self, frame: _CityFrame) -> tuple[str, list[str]]:
        """The last action as the seat looking may know it, and the boxes to mark (the
        first one drawn is marked). A card drawn into another seat's hand stays face down,
        and so does a card from the pile whose destination the position does not tell."""
        state, p = frame.state, frame.perspective
        history: list[int] = state["history"]
        if not history:
            return "no move yet", []
        if frame.data is None:
            return f"action {history[-1]}", []
        b, m = frame.data.buildings, frame.data.landmarks
        kind, arg = _city_decode(history[-1], b, m)
        phase = state["phase"]
        seat = frame.turn_seat()
        if kind == "card":
            text = f"card {frame.slug(arg)}"
            if phase == "setup":
                return text, ["market"]
            if phase == "flip" and state["todo"] < 3:
                return f"seat {seat} turns over: {text}", ["discard"]
            in_turn = ("draw", "after", "discard", "bonus", "clear", "exchange", "pay", "take")
            if phase in in_turn or (phase == "main" and (state["gears"] or state["mayor"])):
                if frame.sees_hand(seat):
                    return f"seat {seat} draws: {text}", [f"hand-{seat}"]
                return f"seat {seat} draws a card (face down)", [f"hand-{seat}"]
            # The last card of a draw, a refill or a flip, just before a turn changed: the
            # position does not tell which, so only an onlooker reads it.
            if p is None:
                return text, ["pile"]
            return "a card from the pile", ["pile"]
        if kind == "landmark":
            return f"landmark {frame.slug(b + arg)}", ["landmarks"]
        # A decision that ended its turn leaves the next seat's turn (main or flip) open.
        actor = (seat - 1) % state["players"] if phase in ("main", "flip") else seat
        city = state["cities"][actor] if 0 <= actor < len(state["cities"]) else []
        built = [f"city-{actor}-{len(city) - 1}"] if city else []
        if kind == "take":
            return f"seat {actor}: take {frame.slug(arg)}", [f"hand-{actor}"]
        if kind == "draw":
            return f"seat {actor}: draw", ["pile"]
        if kind.startswith("build"):
            where = {"build": "", "build market": " market", "build landmark": ""}[kind]
            card = arg + b if kind == "build landmark" else arg
            return f"seat {actor}: build {frame.slug(card)}{where}", ["payment-card", *built]
        if kind in ("pay", "pay mayor"):
            mayor = " mayor" if kind == "pay mayor" else ""
            return f"seat {actor}: pay {frame.slug(arg)}{mayor}", ["payment", *built]
        if kind == "pay city":
            return f"seat {actor}: pay city {frame.slug(arg)}", ["payment", *built]
        if kind in ("discard", "clear"):
            return f"seat {actor}: {kind} {frame.slug(arg)}", ["discard"]
        if kind == "gear":
            return f"seat {actor}: gear {frame.slug(arg)}", [f"gear-{actor}-{arg}"]
        if kind == "end":
            return f"seat {actor}: end", []
        return f"action {history[-1]}", []

    def draw(
        self, state: dict[str, Any], perspective: int | None, bounds: Bounds | None
    ) -> ET.Element:
        packaged = _city_data()
        data = packaged if packaged and _city_fits(packaged, state) else None
        scores = _city_scores(data, state) if data else None
        frame = _CityFrame(state, perspective, data, scores, {})
        winners = _city_winners(data, state, scores) if data and scores else []
        players: int = state["players"]
        height = self._height(players)
        status = self._status(frame, winners)
        plural = "s" if players != 1 else ""
        title = f"City Connect, {players} player{plural}, move {len(state['history'])}"
        if perspective is not None:
            title += f", as seat {perspective} sees it"
        root = _svg_root(_CC_WIDTH, height, title)
        _el(root, "desc", status)
        _el(root, "rect", x=0, y=0, width=_CC_WIDTH, height=height, fill="#ffffff")
        last_text, marks = self._last(frame)
        self._header(root, frame, status, last_text)
        self._landmarks(root, frame)
        self._piles(root, frame)
        self._turn(root, frame)
        self._market(root, frame)
        self._payment(root, frame)
        panel = _el(root, "g", class_="panel", fill=INK)
        for seat in range(players):
            top = _CC_SEATS_Y + seat * (_CC_SEAT_H + _CC_SEAT_GAP)
            self._seat(panel, frame, seat, _CC_LEFT, top, winners)
        self._legend(root, frame, _CC_SEATS_Y + players * (_CC_SEAT_H + _CC_SEAT_GAP) + 4)
        ring = _el(root, "g", class_="last-action", fill="none", stroke=HIGHLIGHT, stroke_width=3)
        for key in marks:
            if key in frame.anchors:
                x, y, w, h = frame.anchors[key]
                _el(ring, "rect", x=x - 3, y=y - 3, width=w + 6, height=h + 6, rx=8)
                break
        return root

    @staticmethod
    def _height(players: int) -> int:
        return _CC_SEATS_Y + players * (_CC_SEAT_H + _CC_SEAT_GAP) + 4 + 40

    # --- the parts of the picture ------------------------------------------------------------

    def _header(self, root: ET.Element, frame: _CityFrame, status: str, last_text: str) -> None:
        state = frame.state
        header = _el(root, "g", class_="header", fill=INK)
        x, y = _CC_LEFT, 12
        _el(header, "text", "City Connect", x=x, y=y + 18, font_size=20, font_weight="bold")
        players: int = state["players"]
        facts = ["solo" if players == 1 else f"{players} players"]
        facts += [f"turn {state['turn']}", f"move {len(state['history'])}"]
        if frame.data is None:
            facts.append("cards by index (not the packaged data)")
        if frame.perspective is not None:
            facts.append(f"seen by seat {frame.perspective}")
        _el(header, "text", " \u00b7 ".join(facts), x=x + 140, y=y + 18, font_size=12, fill=MUTED)
        _el(header, "text", status, x=x, y=y + 44, font_size=14, font_weight="bold")
        _el(
            header,
            "rect",
            x=x,
            y=y + 56,
            width=12,
            height=12,
            rx=3,
            fill="none",
            stroke=HIGHLIGHT,
            stroke_width=2.5,
        )
        last = "last: " + last_text if state["history"] else last_text
        _fit(header, last, x + 18, y + 66, 640, 12)

    def _landmarks(self, root: ET.Element, frame: _CityFrame) -> None:
        state = frame.state
        row: list[int] = state["landmarks"]
        g = _el(root, "g", class_="landmarks")
        x, y = _CC_LEFT, _CC_ROW1_Y
        b = frame.data.buildings if frame.data else 0
        _el(g, "text", f"landmarks ({len(row)})", x=x, y=y + 10, font_size=11, fill=MUTED)
        top = y + _CC_CARDS_DY
        frame.anchors["landmarks"] = (x, top, max(1, len(row)) * _CC_STEP - 6, _CC_CARD_H)
        if not row:
            _cc_slot(g, x, top, "none")
        for i, landmark in enumerate(row):
            _cc_card(g, x + i * _CC_STEP, top, frame.card(b + landmark), f"landmark {landmark}")
        # The Pioneer Bonus beside the row, until a seat takes it.
        bx = _CC_LEFT + 5 * _CC_STEP + 10
        bonus = _el(root, "g", class_="pioneer")
        _el(bonus, "text", "Pioneer Bonus", x=bx, y=y + 10, font_size=11, fill=MUTED)
        holder: int = state["pioneer"]
        vp = frame.data.pioneer_vp if frame.data else 10
        limit = frame.data.city_limit if frame.data else 10
        if holder >= 0:
            _cc_slot(bonus, bx, top, "")
            _seat_chip(bonus, bx + 22, top + 30, holder, r=10)
            _el(bonus, "text", "taken by", x=bx + 38, y=top + 28, font_size=10, fill=MUTED)
            _el(
                bonus,
                "text",
                f"seat {holder}",
                x=bx + 38,
                y=top + 41,
                font_size=11,
                font_weight="bold",
            )
            return
        _el(
            bonus,
            "rect",
            x=bx,
            y=top,
            width=_CC_CARD_W,
            height=_CC_CARD_H,
            rx=6,
            fill=_CC_BONUS,
            stroke=_CC_BONUS_LINE,
            stroke_width=1.6,
        )
        _el(bonus, "text", "1st", x=bx + 8, y=top + 16, font_size=11, font_weight="bold")
        _el(
            bonus,
            "text",
            f"{vp} VP",
            x=bx + _CC_CARD_W - 8,
            y=top + 16,
            text_anchor="end",
            font_size=10,
            font_weight="bold",
        )
        _el(bonus, "text", "Pioneer", x=bx + 8, y=top + 34, font_size=10, font_weight="bold")
        _el(bonus, "text", "Bonus", x=bx + 8, y=top + 45, font_size=10, font_weight="bold")
        _fit(bonus, f"first city of {limit}", bx + 8, top + 60, _CC_CARD_W - 16, 8.5, fill=MUTED)

    def _piles(self, root: ET.Element, frame: _CityFrame) -> None:
        state = frame.state
        pile = state["pile"]
        size: int = pile["size"]
        x, y = _CC_PILE_X, _CC_ROW1_Y
        top = y + _CC_CARDS_DY
        g = _el(root, "g", class_="pile")
        _el(
            g, "text", f"pile \u00b7 stage {pile['stage']}", x=x, y=y + 10, font_size=11, fill=MUTED
        )
        frame.anchors["pile"] = (x, top, _CC_CARD_W, _CC_CARD_H)
        if size:
            for shift in (4, 2, 0):
                if size > shift // 2:
                    _card_back(g, x + shift, top + shift - 4, _CC_CARD_W - 4, _CC_CARD_H - 4, r=6)
        else:
            _cc_slot(g, x, top, "")
        _el(
            g,
            "text",
            str(size),
            x=x + _CC_CARD_W / 2,
            y=top + 36,
            text_anchor="middle",
            font_size=18,
            font_weight="bold",
            fill="#ffffff" if size else MUTED,
        )
        _el(
            g,
            "text",
            "cards" if size != 1 else "card",
            x=x + _CC_CARD_W / 2,
            y=top + 50,
            text_anchor="middle",
            font_size=10,
            fill="#dfe5ef" if size else MUTED,
        )
        discard: list[int] = state["discard"]
        dx = x + _CC_STEP + 10
        d = _el(root, "g", class_="discard")
        _el(d, "text", "discard", x=dx, y=y + 10, font_size=11, fill=MUTED)
        frame.anchors["discard"] = (dx, top, _CC_CARD_W, _CC_CARD_H)
        if discard:
            for shift in (4, 2, 0):
                if len(discard) > shift // 2:
                    _el(
                        d,
                        "rect",
                        x=dx + shift,
                        y=top + shift - 4,
                        width=_CC_CARD_W - 4,
                        height=_CC_CARD_H - 4,
                        rx=6,
                        fill=_CARD,
                        stroke=_CARD_LINE,
                    )
        else:
            _cc_slot(d, dx, top, "")
        _el(
            d,
            "text",
            str(len(discard)),
            x=dx + _CC_CARD_W / 2,
            y=top + 36,
            text_anchor="middle",
            font_size=18,
            font_weight="bold",
            fill=INK if discard else MUTED,
        )
        _el(
            d,
            "text",
            "cards" if len(discard) != 1 else "card",
            x=dx + _CC_CARD_W / 2,
            y=top + 50,
            text_anchor="middle",
            font_size=10,
            fill=MUTED,
        )

    def _turn(self, root: ET.Element, frame: _CityFrame) -> None:
        """The turn in progress: its seat, the main action, what is left to do, gears used."""
        state = frame.state
        x, y, w = _CC_TURN_X, _CC_ROW1_Y, _CC_WIDTH - _CC_LEFT - _CC_TURN_X
        g = _el(root, "g", class_="turn", fill=INK)
        _el(g, "text", "this turn", x=x, y=y + 10, font_size=11, fill=MUTED)
        top = y + _CC_CARDS_DY
        _el(
            g,
            "rect",
            x=x,
            y=top,
            width=w,
            height=_CC_CARD_H,
            rx=6,
            fill="#f8f5ee",
            stroke=_PANEL_LINE,
        )
        phase = state["phase"]
        lines: list[str] = []
        if phase == "setup":
            market = frame.data.market if frame.data else 6
            lines.append("setup: the market, then the landmarks")
            lines.append(f"market {len(state['market'])} of {market}")
        elif phase == "end":
            lines.append(f"the game ended after turn {state['turn']}")
            if state["players"] == 1 and frame.data and frame.scores is not None:
                _, grade, text = frame.data.rating(frame.scores[0])
                lines.append(f"{grade}-class mayor: {text}")
        else:
            seat = frame.turn_seat()
            lines.append(
                f"seat {seat} \u00b7 main action {'chosen' if state['acted'] else 'not yet chosen'}"
            )
            todo: int = state["todo"]
            if phase == "take" or state["taken"]:
                lines.append(f"taken from the market: {state['taken']} of 3 symbols")
            if todo:
                what = {
                    "draw": "to draw",
                    "flip": "to turn over",
                    "bonus": "to take from the market",
                    "clear": "to clear from the market",
                }.get(phase, "to do")
                lines.append(f"{todo} card{'s' if todo != 1 else ''} {what}")
            used = [frame.name(c) for c in state["gears"]]
            if state["mayor"]:
                used.append("Mayor")
            lines.append("gears used: " + (", ".join(used) if used else "none"))
        for i, line in enumerate(lines[:4]):
            _fit(g, line, x + 10, top + 17 + 16 * i, w - 20, 11)

    def _market(self, root: ET.Element, frame: _CityFrame) -> None:
        market: list[int] = frame.state["market"]
        g = _el(root, "g", class_="market")
        x, y = _CC_LEFT, _CC_ROW2_Y
        _el(g, "text", f"market ({len(market)})", x=x, y=y + 10, font_size=11, fill=MUTED)
        top = y + _CC_CARDS_DY
        frame.anchors["market"] = (x, top, 6 * _CC_STEP - 6, _CC_CARD_H)
        if not market:
            _cc_slot(g, x, top, "empty")
        step = _CC_STEP if len(market) <= 6 else (6 * _CC_STEP - 6 - _CC_CARD_W) / (len(market) - 1)
        for i, kind in enumerate(market):
            _cc_card(g, x + i * step, top, frame.card(kind), f"card {kind}")

    def _payment(self, root: ET.Element, frame: _CityFrame) -> None:
        state = frame.state
        payment = state["payment"]
        x, y = _CC_PAY_X, _CC_ROW2_Y
        w = _CC_WIDTH - _CC_LEFT - x
        g = _el(root, "g", class_="payment", fill=INK)
        _el(g, "text", "payment", x=x, y=y + 10, font_size=11, fill=MUTED)
        top = y + _CC_CARDS_DY
        card: int = payment["card"]
        if card < 0:
            _el(
                g,
                "rect",
                x=x,
                y=top,
                width=w,
                height=_CC_CARD_H,
                rx=6,
                fill="#faf8f3",
                stroke=_CARD_LINE,
                stroke_dasharray="6 4",
            )
            _el(
                g,
                "text",
                "no build in progress",
                x=x + w / 2,
                y=top + _CC_CARD_H / 2 + 4,
                text_anchor="middle",
                font_size=12,
                fill=MUTED,
            )
            return
        frame.anchors["payment"] = (x, top, w, _CC_CARD_H)
        frame.anchors["payment-card"] = (x, top, _CC_CARD_W, _CC_CARD_H)
        _el(
            g,
            "rect",
            x=x,
            y=top,
            width=w,
            height=_CC_CARD_H,
            rx=6,
            fill="#fff4cc",
            stroke="#d9a520",
        )
        _cc_card(g, x, top, frame.card(card), f"card {card}")
        tx = x + _CC_CARD_W + 12
        source = payment["source"]
        where = _CC_SOURCES[source] if 0 <= source < 3 else "?"
        owed: list[int] = payment["owed"]
        verb = "paying for" if any(owed) else "paid for"
        _fit(
            g,
            f"{verb} {frame.name(card)} from the {where}",
            tx,
            top + 15,
            w - _CC_CARD_W - 22,
            12,
            font_weight="bold",
        )
        _el(g, "text", "owes", x=tx, y=top + 33, font_size=11, fill=MUTED)
        at = tx + 32
        if not any(owed):
            _el(g, "text", "nothing", x=at, y=top + 33, font_size=11)
            at += 50
        for symbol, count in enumerate(owed):
            if count:
                _cc_symbol(g, at + 6, top + 29, symbol)
                _el(g, "text", f"\u00d7{count}", x=at + 14, y=top + 33, font_size=11)
                at += 36
        credit: int = payment["credit"]
        _cc_symbol(g, at + 14, top + 29, 5)
        _el(g, "text", f"coins paid {credit}", x=at + 24, y=top + 33, font_size=11)
        hand = ", ".join(frame.name(kind) for kind in payment["hand"]) or "-"
        city = (
            ", ".join(frame.name(c, self._side(state, frame.turn_seat())) for c in payment["city"])
            or "-"
        )
        _fit(g, f"paid from the hand: {hand}", tx, top + 49, w - _CC_CARD_W - 22, 11)
        _fit(g, f"paid from the city: {city}", tx, top + 63, w - _CC_CARD_W - 22, 11)

    @staticmethod
    def _side(state: dict[str, Any], seat: int) -> int:
        sides: list[int] = state["sides"]
        return sides[seat] if 0 <= seat < len(sides) else 0

    def _seat(
        self,
        parent: ET.Element,
        frame: _CityFrame,
        seat: int,
        x: float,
        y: float,
        winners: list[int],
    ) -> None:
        state, data = frame.state, frame.data
        moving = state["phase"] != "end" and state["to_move"] == seat
        turn = state["phase"] not in ("setup", "end") and frame.turn_seat() == seat
        row = _el(parent, "g", class_=f"seat seat-{seat}")
        _el(
            row,
            "rect",
            x=x,
            y=y,
            width=_CC_PANEL_W,
            height=_CC_SEAT_H,
            rx=7,
            fill="#fff4cc" if moving else "#f8f5ee",
            stroke="#d9a520" if moving else _PANEL_LINE,
            stroke_width=2 if moving else 1,
        )
        _seat_chip(row, x + 20, y + 18, seat, r=10)
        _el(row, "text", f"seat {seat}", x=x + 38, y=y + 23, font_size=14, font_weight="bold")
        tags = []
        if frame.perspective == seat:
            tags.append("you")
        if moving:
            tags.append("to move")
        elif turn:
            tags.append("its turn")
        if seat in winners:
            tags.append("\u2605 winner")
        if tags:
            _el(
                row,
                "text",
                " \u00b7 ".join(tags),
                x=x + 94,
                y=y + 23,
                font_size=12,
                fill="#9a6b00" if moving or seat in winners else MUTED,
            )
        side = self._side(state, seat)
        city: list[int] = state["cities"][seat]
        hand: list[int] = state["hands"][seat]
        limit = data.city_limit if data else 10
        facts = _el(row, "g", class_="facts", font_size=11, fill=MUTED)
        fx = x + 250
        text = f"{'mayor' if side else 'house'} side \u00b7 built {len(city)} of {limit}"
        text += f" \u00b7 hand {len(hand)}"
        _el(facts, "text", text, x=fx, y=y + 23)
        fx += _text_width(text, 11) + 14
        if data:
            _, demand = _city_counts(data, state, seat)
            for k in range(2):
                _cc_demand(facts, fx + 6, y + 19, k, "#fff4cc" if moving else "#f8f5ee")
                _el(
                    facts, "text", str(demand[k]), x=fx + 15, y=y + 23, fill=INK, font_weight="bold"
                )
                fx += 34
        if state["pioneer"] == seat:
            vp = data.pioneer_vp if data else 10
            _el(
                facts,
                "rect",
                x=fx,
                y=y + 11,
                width=126,
                height=16,
                rx=4,
                fill=_CC_BONUS,
                stroke=_CC_BONUS_LINE,
            )
            _el(
                facts,
                "text",
                f"Pioneer Bonus \u00b7 {vp} VP",
                x=fx + 6,
                y=y + 23,
                fill=INK,
                font_size=10,
                font_weight="bold",
            )
        score = str(frame.scores[seat]) if frame.scores is not None else "?"
        _el(
            row,
            "text",
            score,
            x=x + _CC_PANEL_W - 34,
            y=y + 27,
            text_anchor="end",
            font_size=22,
            font_weight="bold",
        )
        _el(
            row,
            "text",
            "VP",
            x=x + _CC_PANEL_W - 12,
            y=y + 27,
            text_anchor="end",
            font_size=11,
            fill=MUTED,
        )
        self._city(row, frame, seat, x + 10, y + 36)
        self._hand(row, frame, seat, x + 10, y + 36 + _CC_CARD_H + 8)

    def _city(self, parent: ET.Element, frame: _CityFrame, seat: int, x: float, y: float) -> None:
        state = frame.state
        side = self._side(state, seat)
        city: list[int] = state["cities"][seat]
        g = _el(parent, "g", class_=f"city city-{seat}")
        label_x = x + _CC_ROW_W + 12
        _el(parent, "text", "city", x=label_x, y=y + 14, font_size=11, fill=MUTED)
        initial = len(frame.data.cards) if frame.data else -1
        # The seat's cards paid in the build in progress and its gears used this turn, each
        # index counted as often as it was (a city may hold two of a kind).
        turn = frame.turn_seat() == seat and state["phase"] not in ("setup", "end")
        paid = list(state["payment"]["city"]) if turn else []
        used = list(state["gears"]) if turn else []
        cards = [(initial, frame.card(initial, side) if frame.data else None)]
        cards += [(c, frame.card(c)) for c in city]
        for i, (c, card) in enumerate(cards):
            cx = x + i * _CC_STEP
            label = "initial" if i == 0 else f"card {c}"
            _cc_card(g, cx, y, card, label)
            if i:
                frame.anchors[f"city-{seat}-{i - 1}"] = (cx, y, _CC_CARD_W, _CC_CARD_H)
            frame.anchors.setdefault(f"gear-{seat}-{c}", (cx, y, _CC_CARD_W, _CC_CARD_H))
            badge_x = cx + _CC_CARD_W - 4
            if c in paid:
                paid.remove(c)
                _cc_badge(g, badge_x, y, "paid", _CC_PAID)
                badge_x -= 34
            if c in used:
                used.remove(c)
                _cc_badge(g, badge_x, y, "used", _CC_USED)
            elif i == 0 and turn and state["mayor"]:
                _cc_badge(g, badge_x, y, "used", _CC_USED)
        for i in range(len(cards), (frame.data.city_limit if frame.data else 10) + 1):
            _el(
                g,
                "rect",
                x=x + i * _CC_STEP,
                y=y,
                width=_CC_CARD_W,
                height=_CC_CARD_H,
                rx=6,
                fill="none",
                stroke=_PANEL_LINE,
                stroke_dasharray="6 4",
            )

    def _hand(self, parent: ET.Element, frame: _CityFrame, seat: int, x: float, y: float) -> None:
        hand: list[int] = frame.state["hands"][seat]
        label_x = x + _CC_ROW_W + 12
        _el(parent, "text", "hand", x=label_x, y=y + 14, font_size=11, fill=MUTED)
        count = f"{len(hand)} card{'s' if len(hand) != 1 else ''}"
        _el(parent, "text", count, x=label_x, y=y + 28, font_size=11, fill=INK)
        if not frame.sees_hand(seat):
            _el(parent, "text", "face down", x=label_x, y=y + 42, font_size=10, fill=MUTED)
        g = _el(parent, "g", class_=f"hand hand-{seat}")
        width = max(1, len(hand)) * _CC_STEP - 6
        step = float(_CC_STEP)
        if len(hand) > 11:  # more than a row holds, before the discards at the end of the turn
            step = (_CC_ROW_W - _CC_CARD_W) / (len(hand) - 1)
            width = _CC_ROW_W
        frame.anchors[f"hand-{seat}"] = (x, y, width, _CC_CARD_H)
        for i, kind in enumerate(hand):
            cx = x + i * step
            if frame.sees_hand(seat):
                _cc_card(g, cx, y, frame.card(kind), f"card {kind}")
            else:
                _card_back(g, cx, y, _CC_CARD_W, _CC_CARD_H, r=6)

    def _legend(self, root: ET.Element, frame: _CityFrame, y: float) -> None:
        x = _CC_LEFT
        legend = _el(root, "g", class_="legend", font_size=11, fill=MUTED)
        _el(
            legend,
            "path",
            d=f"M{_num(x)} {_num(y)}h{_CC_PANEL_W}",
            stroke=_PANEL_LINE,
            stroke_width=1,
        )
        y += 20
        at = float(x)
        for symbol, name in enumerate(CITY_SYMBOLS):
            _cc_symbol(legend, at + 7, y - 4, symbol)
            _el(legend, "text", name, x=at + 17, y=y)
            at += 17 + _text_width(name, 11) + 12
        _cc_demand(legend, at + 7, y - 4, 0, "#ffffff")
        _el(legend, "text", "sun", x=at + 17, y=y)
        at += 17 + _text_width("sun", 11) + 12
        _cc_demand(legend, at + 7, y - 4, 1, "#ffffff")
        _el(legend, "text", "moon", x=at + 17, y=y)
        at += 17 + _text_width("moon", 11) + 12
        _cc_lightning(legend, at + 5, y - 4)
        _el(legend, "text", "when built", x=at + 13, y=y)
        at += 13 + _text_width("when built", 11) + 12
        _cc_gear(legend, at + 5, y - 4, MUTED)
        _el(legend, "text", "once a turn", x=at + 13, y=y)
        at += 13 + _text_width("once a turn", 11) + 12
        for i, symbol in enumerate((0, 2, 4)):
            _el(legend, "circle", cx=at + 4 + 8 * i, cy=y - 4, r=3.1, fill=_CC_SYMBOL_FILL[symbol])
        _el(legend, "text", "cost", x=at + 26, y=y)
        at += 26 + _text_width("cost", 11) + 12
        _el(
            legend,
            "rect",
            x=at,
            y=y - 11,
            width=24,
            height=14,
            rx=3,
            fill=_CC_LANDMARK,
            stroke=_CC_LANDMARK_LINE,
        )
        _el(legend, "text", "landmark", x=at + 30, y=y)
        at += 30 + _text_width("landmark", 11) + 12
        _card_back(legend, at, y - 11, 24, 14, r=3)
        _el(legend, "text", "face down", x=at + 30, y=y)
        at += 30 + _text_width("face down", 11) + 12
        _el(
            legend,
            "rect",
            x=at,
            y=y - 11,
            width=12,
            height=12,
            rx=3,
            fill="none",
            stroke=HIGHLIGHT,
            stroke_width=2.5,
        )
        _el(legend, "text", "last move", x=at + 18, y=y)


# ---------------------------------------------------------------------------------------------
# Chandigarh: the city of sector tiles with its plots, plazas, streets and street tiles, the
# architects at the junctions, the project reserve and deck, the general reserve, the
# specialists, the turn in progress, and per seat its PP, reserve, project and tokens.

CH_COLOURS: Final = ("yellow", "blue", "red", "green")
"""The building colours by id (shops, amenities, temples, parks); letters ``y b r g``."""
_CH_LETTERS: Final = "ybrg"
_CH_KINDS: Final = ("shops", "amenities", "temples", "parks")
_CH_SIDES: Final = "nesw"
_CH_STREETS: Final = ("x1", "x2", "x3", "y1", "y2", "y3")
_CH_FILL: Final = ("#f2c21b", "#2f66c4", "#d63c2f", "#3c9a4a")
_CH_DARK: Final = ("#8a6a00", "#183a78", "#7e1d14", "#1c5a27")
_CH_ON: Final = ("#3d3000", "#ffffff", "#ffffff", "#ffffff")
_CH_SEAT: Final = ("#2b2620", "#8c8c8c", "#7b3fa0", "#b0682a")
"""Seat colours (architects, supervisors): none close to a building colour."""
_CH_SEAT_ON: Final = ("#ffffff", "#ffffff", "#ffffff", "#ffffff")
_CH_TILE: Final = ("#e4d3b0", "#c9d9e6")
"""Sector tiles: the brown side (2-3 players), the blue side (4 players)."""
_CH_TILE_LINE: Final = ("#b59f73", "#8ea7bb")
_CH_DONE: Final = ("#cdb98f", "#a9c0d3")
_CH_STREET: Final = "#d8d2c6"
_CH_PLAZA: Final = "#f7f3ea"
_CH_PLOT: Final = "#fbf8f1"
_CH_PLOT_LINE: Final = "#9c8a66"
_CH_STREET_TILE: Final = "#4a5568"
_CH_USED: Final = "#8a8170"
_CH_CARD_W: Final = 104
_CH_CARD_H: Final = 74
_CH_CARD_STEP: Final = 110
_CH_PATTERN_NAMES: Final = {
    "opposite": "opposite sides",
    "across": "across a street",
    "line3": "line of 3",
    "line2": "line of 2",
    "cross": "cross",
    "diagonal": "diagonal of 3",
    "perimeter": "on the perimeter",
    "street": "along a street",
}
_CH_SPECIALIST_KIND: Final = {
    "building-assistant": "footsteps",
    "commercial-manager": "card",
    "governor": "footsteps",
    "project-manager": "card",
    "master-craftsman": "card",
    "building-director": "card",
    "head-of-amenities": "footsteps",
    "driver": "footsteps",
    "building-manager": "footsteps",
    "traffic-director": "footsteps",
    "logistics-manager": "card",
    "amenities-director": "card",
    "local-brahmin": "footsteps",
    "mayor": "card",
    "surveyor": "footsteps",
    "architects-assistant": "footsteps",
    "head-architect": "footsteps",
    "draughtsman": "footsteps",
    "park-engineer": "footsteps",
    "sector-manager": "footsteps",
    "chief-gardener": "footsteps",
    "head-of-supervision": "footsteps",
    "park-designer": "footsteps",
    "park-manager": "card",
}
"""Each specialist's action (docs/games/chandigarh.md, *Specialists*): the footsteps ones
help Move and Build, the card ones Add a New Card."""
_CH_BUILD_MODES: Final = ("", " replace", " manager", " surveyor", " engineer", " draughtsman")
_CH_BONUS: Final = ("", "Head of Amenities", "Park Manager")

_CH_LEFT: Final = 16
_CH_WIDTH: Final = 1240
_CH_BOARD_Y: Final = 96
_CH_BOARD_W: Final = 600
_CH_CITY: Final = 480
"""The city's window (its cells) is at most this many pixels wide and high."""
_CH_CITY_X: Final = _CH_LEFT + 34
_CH_CITY_Y: Final = _CH_BOARD_Y + 74
_CH_PANEL_X: Final = _CH_LEFT + _CH_BOARD_W + 16
_CH_PANEL_W: Final = _CH_WIDTH - _CH_PANEL_X - _CH_LEFT
_CH_BOARD_H: Final = 570
_CH_TURN_Y: Final = _CH_BOARD_Y + _CH_BOARD_H + 10
_CH_TURN_H: Final = 96
_CH_ROW_Y: Final = _CH_BOARD_Y
_CH_SPEC_Y: Final = _CH_ROW_Y + 116
_CH_SEATS_Y: Final = _CH_SPEC_Y + 84
_CH_SEAT_H: Final = 110
_CH_SEAT_GAP: Final = 8
_CH_HEIGHT: Final = _CH_TURN_Y + _CH_TURN_H + 46


@dataclass(frozen=True)
class _ChCard:
    """A project card of the data file."""

    pattern: str
    colours: tuple[int, ...]
    stars: int
    steps: int
    left: tuple[int, ...]
    """The icons on the card's left end: colours, 4 for "any"."""
    right: tuple[int, ...]


@dataclass(frozen=True)
class _ChData:
    """The packaged component file, as much of it as the picture needs."""

    plots: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
    """By side of the tiles (brown, blue): per sector tile, plots per side n e s w."""
    printed: tuple[tuple[tuple[int, int, int], ...], tuple[tuple[int, int, int], ...]]
    """By side of the tiles: the pre-printed plots as slot ids and their colour, per tile."""
    streets: tuple[tuple[int, int], ...]
    """Per street tile: its value and its tie value."""
    cards: tuple[_ChCard, ...]
    specialists: tuple[tuple[str, str, int, int], ...]
    """Per specialist: slug, name, colour, stars."""
    supervisors: int


def _ch_colour(letter: object) -> int:
    return _CH_LETTERS.index(str(letter)) if str(letter) in ("y", "b", "r", "g") else 4


@functools.lru_cache(maxsize=1)
def _ch_data() -> _ChData | None:
    """``data/chandigarh.toml`` of the package, or None if it cannot be read: the picture then
    draws every slot where a building stands and labels cards by id."""
    try:
        source = resources.files(__package__ or "boardcore").joinpath("data")
        doc = tomllib.loads(source.joinpath("chandigarh.toml").read_text(encoding="utf-8"))
        plots = tuple(
            tuple(tuple(int(n) for n in entry[side]) for entry in doc["sector"])
            for side in ("brown", "blue")
        )
        printed = tuple(
            tuple(
                ((4 * t + _CH_SIDES.index(where)) * 3 + int(k), _ch_colour(colour), t)
                for t, entry in enumerate(doc["sector"])
                for colour, where, k in entry.get(f"{side}_printed", [])
            )
            for side in ("brown", "blue")
        )
        cards = tuple(
            _ChCard(
                pattern=str(entry["pattern"]),
                colours=tuple(_ch_colour(c) for c in entry["colours"]),
                stars=int(entry["stars"]),
                steps=int(entry["steps"]),
                left=tuple(_ch_colour(c) for c in entry["left"]),
                right=tuple(_ch_colour(c) for c in entry["right"]),
            )
            for entry in doc["card"]
        )
        return _ChData(
            plots=(plots[0], plots[1]),
            printed=(printed[0], printed[1]),
            streets=tuple((int(e["value"]), int(e["tie"])) for e in doc["street"]),
            cards=cards,
            specialists=tuple(
                (str(e["slug"]), str(e["name"]), _ch_colour(e["colour"]), int(e["stars"]))
                for e in doc["specialist"]
            ),
            supervisors=int(doc["rules"]["supervisors"]),
        )
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, KeyError, TypeError, ValueError):
        return None


def _ch_fits(data: _ChData, state: dict[str, Any]) -> bool:
    """Whether the state's buildings and ids fit the packaged file (a game of a user's data
    file may not: its buildings are then drawn at every slot and its cards by id)."""
    plots = data.plots[1 if state["players"] == 4 else 0]
    if len(plots) != 16:
        return False
    for slot, colour in enumerate(state["city"]):
        if colour < 0:
            continue
        side, k = divmod(slot, 3)
        count = plots[side // 4][side % 4]
        if (k == 2 and count) or (k < 2 and k >= count):
            return False
    cards = [*state["row"], *state["deck"]["bottom"], *state["deck"]["pool"]]
    cards += [c for project in state["projects"] for c in project]
    if any(not 0 <= c < len(data.cards) for c in cards):
        return False
    if any(not -1 <= t < len(data.streets) for t in state["streets"]):
        return False
    specialists: list[int] = state["specialists"]
    return all(
        0 <= s < len(data.specialists) and data.specialists[s][2] == c
        for c, s in enumerate(specialists)
    )


def _ch_winner(state: dict[str, Any]) -> int:
    """At the end, the seat with the most PP, ties to the earliest in turn order from the
    starting seat (ruling 20); -1 before."""
    if state["phase"] != "end":
        return -1
    pp: list[int] = state["pp"]
    n: int = state["players"]
    start: int = state["start"]
    order = [(start + i) % n for i in range(n)]
    return max(order, key=lambda seat: (pp[seat], -order.index(seat)))


def _ch_slot(slot: int) -> str:
    """A slot in notation: ``5n0``, ``3wc``."""
    side, k = divmod(slot, 3)
    return f"{side // 4}{_CH_SIDES[side % 4]}{'c' if k == 2 else k}"


def _ch_notation(action: int) -> str:
    """Action ``action`` in the notation of docs/games/chandigarh.md (ids do not depend on the
    data file)."""
    c = _CH_LETTERS
    ranges: tuple[tuple[int, int, Callable[[int], str]], ...] = (
        (0, 4, lambda v: f"step {_CH_SIDES[v]}"),
        (4, 72, lambda v: f"add {v // 2} {('left', 'right')[v % 2]}"),
        (
            76,
            3072,
            lambda v: (
                f"build {c[v // 128 % 4]} "
                f"{_ch_slot((v % 128) // 2 * 3 + v % 2)}{_CH_BUILD_MODES[v // 512]}"
            ),
        ),
        (3148, 256, lambda v: f"build {c[v // 64]} {_ch_slot(v % 64 * 3 + 2)}"),
        (3404, 49, lambda v: f"drive {v % 7 - 1},{v // 7 - 1}"),
        (3453, 49, lambda v: f"design {v % 7 - 1},{v // 7 - 1}"),
        (3502, 4, lambda v: f"governor {c[v]}"),
        (3506, 16, lambda v: f"redistribute {v}"),
        (3522, 5, lambda v: f"arrange {(c + '-')[v]}"),
        (3527, 16, lambda v: f"pawn {v}"),
        (3543, 4, lambda v: f"take {c[v]}"),
        (3547, 4, lambda v: f"discard {c[v]}"),
        (3551, 36, lambda v: f"pick {v}"),
        (3587, 16, lambda v: f"exchange {c[v // 4]} {c[v % 4]}"),
        (3603, 16, lambda v: f"craft {c[v // 4]} {c[v % 4]}"),
        (3619, 36, lambda v: f"project {v}"),
        (3655, 36, lambda v: f"mayor {v}"),
        (3691, 1, lambda v: "logistics"),
        (3692, 36, lambda v: f"score {v}"),
        (3728, 6, lambda v: f"street {_CH_STREETS[v]}"),
        (3734, 4, lambda v: ("stop", "end", "pass", "skip")[v]),
        (3738, 10, lambda v: f"tile {v}"),
        (3748, 36, lambda v: f"reveal {v}"),
        (3784, 4, lambda v: f"first {v}"),
    )
    for first, count, name in ranges:
        if first <= action < first + count:
            return name(action - first)
    return f"action {action}"


def _ch_building(
    parent: ET.Element, x: float, y: float, size: float, colour: int, centre: bool = False
) -> None:
    """A building of ``colour`` in the box at x, y: a coloured block with its letter (a
    centre-of-side building is a diamond)."""
    if centre:
        h = size / 2
        _el(
            parent,
            "path",
            d=f"M{_num(x + h)} {_num(y - 1)}l{_num(h + 1)} {_num(h + 1)}l{_num(-h - 1)} "
            f"{_num(h + 1)}l{_num(-h - 1)} {_num(-h - 1)}z",
            fill=_CH_FILL[colour],
            stroke=_CH_DARK[colour],
            stroke_width=1,
        )
    else:
        _el(
            parent,
            "rect",
            x=x,
            y=y,
            width=size,
            height=size,
            rx=size * 0.18,
            fill=_CH_FILL[colour],
            stroke=_CH_DARK[colour],
            stroke_width=1,
        )
    if size >= 9:
        _el(
            parent,
            "text",
            _CH_LETTERS[colour],
            x=x + size / 2,
            y=y + size * 0.72,
            text_anchor="middle",
            font_size=size * 0.66,
            font_weight="bold",
            fill=_CH_ON[colour],
        )


def _ch_icon(parent: ET.Element, x: float, y: float, size: float, colour: int) -> None:
    """A building icon of a card's end: a colour, or (4) "any" as four quarters."""
    if colour < 4:
        _ch_building(parent, x, y, size, colour)
        return
    h = size / 2
    for i in range(4):
        _el(
            parent,
            "rect",
            x=x + h * (i % 2),
            y=y + h * (i // 2),
            width=h,
            height=h,
            fill=_CH_FILL[i],
        )
    _el(
        parent,
        "rect",
        x=x,
        y=y,
        width=size,
        height=size,
        rx=size * 0.18,
        fill="none",
        stroke=INK,
        stroke_width=0.8,
    )


def _ch_seat_chip(parent: ET.Element, cx: float, cy: float, seat: int, r: float = 8) -> None:
    """An architect or seat marker: a disc of ``seat``'s colour with its number."""
    _el(
        parent,
        "circle",
        cx=cx,
        cy=cy,
        r=r,
        fill=_CH_SEAT[seat],
        stroke="#ffffff",
        stroke_width=1.5,
    )
    _el(
        parent,
        "text",
        str(seat),
        x=cx,
        y=cy + r * 0.4,
        text_anchor="middle",
        font_size=r * 1.1,
        font_weight="bold",
        fill=_CH_SEAT_ON[seat],
    )


def _ch_supervisor(parent: ET.Element, cx: float, cy: float, seat: int, r: float) -> None:
    """A supervisor: a small person of the seat's colour."""
    g = _el(parent, "g", class_="supervisor")
    _el(g, "title", f"supervised by seat {seat}")
    _el(g, "circle", cx=cx, cy=cy - r * 0.55, r=r * 0.42, fill=_CH_SEAT[seat], stroke="#ffffff")
    _el(
        g,
        "path",
        d=f"M{_num(cx - r * 0.75)} {_num(cy + r)}Q{_num(cx - r * 0.75)} {_num(cy - r * 0.1)} "
        f"{_num(cx)} {_num(cy - r * 0.1)}Q{_num(cx + r * 0.75)} {_num(cy - r * 0.1)} "
        f"{_num(cx + r * 0.75)} {_num(cy + r)}Z",
        fill=_CH_SEAT[seat],
        stroke="#ffffff",
    )


def _ch_pawn(parent: ET.Element, cx: float, cy: float, colour: int, r: float, name: str) -> None:
    """A specialist pawn: a cone of the specialist's colour."""
    g = _el(parent, "g", class_="pawn")
    _el(g, "title", f"{name} (pawn)")
    _el(
        g,
        "path",
        d=f"M{_num(cx - r * 0.7)} {_num(cy + r)}L{_num(cx - r * 0.25)} {_num(cy - r * 0.3)}"
        f"H{_num(cx + r * 0.25)}L{_num(cx + r * 0.7)} {_num(cy + r)}Z",
        fill=_CH_FILL[colour],
        stroke=_CH_DARK[colour],
    )
    _el(
        g,
        "circle",
        cx=cx,
        cy=cy - r * 0.5,
        r=r * 0.38,
        fill=_CH_FILL[colour],
        stroke=_CH_DARK[colour],
    )


def _ch_steps(parent: ET.Element, x: float, y: float, steps: int) -> None:
    """Footprints, one pair per step."""
    for i in range(steps):
        at = x + 9 * i
        _el(parent, "ellipse", cx=at + 2, cy=y + 1.5, rx=1.6, ry=2.6, fill=MUTED)
        _el(parent, "ellipse", cx=at + 5.5, cy=y - 1.5, rx=1.6, ry=2.6, fill=MUTED)


def _ch_pattern(parent: ET.Element, x: float, y: float, card: _ChCard) -> None:
    """The card's pattern as a little diagram in the 44 x 30 box at x, y: sectors as squares,
    the required buildings as coloured dots."""
    a = card.colours[0]
    b = card.colours[1] if len(card.colours) > 1 else a
    g = _el(parent, "g", class_="pattern")

    def sector(sx: float, sy: float, s: float = 10, dashed: bool = False) -> None:
        _el(
            g,
            "rect",
            x=sx,
            y=sy,
            width=s,
            height=s,
            rx=1.5,
            fill="#ece3cf" if not dashed else "none",
            stroke="#a89670",
            stroke_width=0.8,
            stroke_dasharray="2 1.5" if dashed else None,
        )

    def dot(cx: float, cy: float, colour: int) -> None:
        _el(g, "circle", cx=cx, cy=cy, r=2.6, fill=_CH_FILL[colour], stroke=_CH_DARK[colour])

    kind = card.pattern
    cx, cy = x + 22, y + 15
    if kind == "opposite":
        sector(cx - 11, cy - 11, 22)
        dot(cx, cy - 8, a)
        dot(cx, cy + 8, b)
    elif kind == "across":
        sector(cx - 21, cy - 9, 18)
        sector(cx + 3, cy - 9, 18)
        _el(g, "path", d=f"M{_num(cx)} {_num(cy - 12)}V{_num(cy + 12)}", stroke=MUTED)
        dot(cx - 5, cy, a)
        dot(cx + 5, cy, b)
    elif kind in ("line3", "line2", "diagonal"):
        count = 2 if kind == "line2" else 3
        for i in range(count):
            sx = cx - count * 6.5 + i * 13
            sy = cy - 5 + ((i - 1) * 10 if kind == "diagonal" else 0)
            sector(sx, sy)
            dot(sx + 5, sy + 5, a)
    elif kind == "cross":
        sector(cx - 5, cy - 5, dashed=True)
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            sector(cx - 5 + 11 * dx, cy - 5 + 11 * dy, 10)
            dot(cx + 11 * dx, cy + 11 * dy, a)
    elif kind == "perimeter":
        sector(cx - 11, cy - 7, 22)
        _el(
            g,
            "path",
            d=f"M{_num(cx - 15)} {_num(cy - 9)}H{_num(cx + 15)}",
            stroke=INK,
            stroke_width=2,
        )
        dot(cx, cy - 3, a)
    else:  # street
        _el(g, "rect", x=cx - 2, y=cy - 14, width=4, height=28, fill=MUTED)
        for i in range(2):
            sector(cx - 14, cy - 13 + 14 * i, 11)
            sector(cx + 3, cy - 13 + 14 * i, 11)
            dot(cx - 6, cy - 7.5 + 14 * i, a)
            dot(cx + 6, cy - 7.5 + 14 * i, a)


def _ch_card(
    parent: ET.Element, x: float, y: float, index: int, data: _ChData | None, scale: float = 1
) -> ET.Element:
    """A project card: its id and stars on top, the steps, the pattern, and the buildings
    on its left and right ends."""
    w, h = _CH_CARD_W * scale, _CH_CARD_H * scale
    g = _el(parent, "g", class_="card")
    card = data.cards[index] if data and 0 <= index < len(data.cards) else None
    _el(g, "rect", x=x, y=y, width=w, height=h, rx=6, fill=_CARD, stroke=_CARD_LINE)
    if card is None:
        _el(g, "title", f"card {index}")
        _el(
            g,
            "text",
            f"card {index}",
            x=x + w / 2,
            y=y + h / 2 + 4,
            text_anchor="middle",
            font_size=11,
            font_weight="bold",
        )
        return g
    colours = " and ".join(CH_COLOURS[c] for c in card.colours)
    ends = [
        f"{end} " + (" ".join("any" if c == 4 else CH_COLOURS[c] for c in icons) or "none")
        for end, icons in (("left", card.left), ("right", card.right))
    ]
    plural = "s" if card.steps != 1 else ""
    _el(
        g,
        "title",
        f"card {index}: {card.pattern} {colours}, {card.stars} \u2605, {card.steps} step{plural}, "
        + ", ".join(ends),
    )
    inner = _el(g, "g", transform=f"translate({_num(x)} {_num(y)}) scale({_num(scale)})")
    _el(inner, "text", f"#{index}", x=6, y=13, font_size=10, fill=MUTED)
    _el(
        inner,
        "text",
        f"{card.stars}\u2605",
        x=_CH_CARD_W - 6,
        y=14,
        text_anchor="end",
        font_size=12,
        font_weight="bold",
        fill="#9a6b00",
    )
    _ch_steps(inner, 32, 9, card.steps)
    _ch_pattern(inner, 30, 20, card)
    _fit(
        inner,
        _CH_PATTERN_NAMES.get(card.pattern, card.pattern),
        _CH_CARD_W / 2,
        _CH_CARD_H - 7,
        _CH_CARD_W - 30,
        8.5,
        text_anchor="middle",
        fill=MUTED,
    )
    for end, icons in ((0, card.left), (1, card.right)):
        ix = 4 if end == 0 else _CH_CARD_W - 15
        for i, colour in enumerate(icons):
            _ch_icon(inner, ix, 24 + 14 * i, 11, colour)
    return g


@dataclass
class _ChFrame:
    """What one drawing of a Chandigarh state shares: the state, who looks, the packaged data
    (None if the state does not fit it), the city's geometry, and the boxes of what the last
    action may have touched (keyed like ``slot-17``)."""

    state: dict[str, Any]
    perspective: int | None
    data: _ChData | None
    cells: list[tuple[int, int]]
    """Per sector tile, its cell (column, row)."""
    cell: float
    """The cell size in pixels."""
    origin: tuple[float, float]
    """The pixel position of grid point (0, 0)."""
    anchors: dict[str, Box]

    @property
    def blue(self) -> int:
        """The side of the tiles: 1 blue (4 players), 0 brown."""
        return 1 if self.state["players"] == 4 else 0

    def plots(self, tile: int, side: int) -> int:
        """The plots on a side of a tile (2 for every side without the packaged data)."""
        if self.data is None:
            return 2
        return self.data.plots[self.blue][tile][side]

    def point(self, x: float, y: float) -> tuple[float, float]:
        """The pixel position of grid point x, y."""
        return self.origin[0] + x * self.cell, self.origin[1] + y * self.cell

    def card_name(self, index: int) -> str:
        if self.data is None or not 0 <= index < len(self.data.cards):
            return f"card {index}"
        card = self.data.cards[index]
        colours = "/".join(_CH_LETTERS[c] for c in card.colours)
        return f"card {index} ({card.pattern} {colours})"

    def specialist(self, colour: int) -> str:
        """The name of the specialist of ``colour`` in play."""
        ids: list[int] = self.state["specialists"]
        if colour >= len(ids):
            return f"{CH_COLOURS[colour]} specialist"
        if self.data is None:
            return f"specialist {ids[colour]}"
        return self.data.specialists[ids[colour]][1]

    def completed(self, tile: int) -> bool:
        """Whether the tile has plots and all of them hold a building (packaged data)."""
        if self.data is None:
            supervisors: list[int] = self.state["supervisors"]
            return supervisors[tile] >= 0
        city: list[int] = self.state["city"]
        slots = [
            (4 * tile + side) * 3 + k for side in range(4) for k in range(self.plots(tile, side))
        ]
        return bool(slots) and all(city[s] >= 0 for s in slots)


def _ch_cells(state: dict[str, Any]) -> list[tuple[int, int]]:
    cells = [(t % 4, t // 4) for t in range(16)]
    for tile, column, row in state["variant"]:
        cells[tile] = (column, row)
    return cells


class ChandigarhDrawer:
    """Draws a Chandigarh state: the city (sectors, plots, plazas with pawns and supervisors,
    architects at the junctions, street tiles), the project reserve and deck, the general
    reserve, the specialists, the turn in progress, and per seat its PP, reserve, project,
    tokens and supervisors."""

    def seats(self, state: dict[str, Any]) -> int:
        players: int = state["players"]
        return players

    def bounds(self, state: dict[str, Any]) -> Bounds | None:
        return None

    def seat_colours(self, state: dict[str, Any]) -> list[str]:
        players: int = state["players"]
        return list(_CH_SEAT[:players])

    def starts_turn(self, action: int) -> bool:
        # A turn opens with a step, an add, a specialist or a pass, and steps and specialists
        # come later in the turn too: no action tells a turn's start. Turns change seats.
        return False

    @staticmethod
    def _status(state: dict[str, Any]) -> str:
        """The first line of the text rendering (docs/games/chandigarh.md)."""
        phase, turn, seat = state["phase"], state["turn"], state["to_move"]
        if phase == "setup":
            return "setup"
        if phase == "end":
            return f"game over: winner {_ch_winner(state)}"
        if phase == "reveal":
            return f"turn {turn}: revealing cards"
        if phase == "final" or (phase == "street" and state["flow"] == ""):
            # A street chosen outside an add is the final scoring's.
            return f"final scoring: seat {seat} to score a card"
        pending = state["pending"]
        doing = {
            "draft": "to draft",
            "draft-take": "to take buildings",
            "main": "to play",
            "move": f"to move ({state['steps']} steps left)",
            "add": "to add a card",
            "gain": "to take an any building",
            "craft": "to craft",
            "street": "to choose a street",
            "after": "to use a specialist or end",
            "arrange": f"to arrange sector {pending['sector']}",
            "relocate": f"to relocate the {_CH_LETTERS[pending['relocate']]} pawn",
            "bonus": "to take a bonus building",
            "takes": "to take buildings",
            "discard": "to discard",
        }
        return f"turn {turn}: seat {seat} {doing.get(phase, phase)}"

    def _last(self, frame: _ChFrame) -> tuple[str, list[str]]:
        """The last action in notation and the boxes to mark (the first one drawn is
        marked). The one hidden thing is which street tile was drawn face down: a seat's
        picture says a tile was drawn, and marks nothing."""
        state = frame.state
        history: list[int] = state["history"]
        if not history:
            return "no move yet", []
        action = history[-1]
        text = _ch_notation(action)
        word = text.split()[0]
        seat: int = state["to_move"]
        if word in ("step", "drive", "design"):
            return text, [f"architect-{seat}"]
        if word == "build":
            slot = action - 76 if action < 3148 else -1
            if slot >= 0:
                p = slot % 128
                return text, [f"slot-{p // 2 * 3 + p % 2}"]
            return text, [f"slot-{(action - 3148) % 64 * 3 + 2}"]
        if word in ("add", "pick"):
            card = int(text.split()[1])
            return text, [f"project-{card}"]
        if word in ("take", "exchange", "craft", "governor"):
            return text, ["general"]
        if word in ("pawn", "redistribute"):
            return text, [f"plaza-{text.split()[1]}"]
        if word == "arrange":
            return text, [f"sector-{state['pending']['sector']}"]
        if word == "tile" and frame.perspective is not None:
            return "tile (drawn face down)", []
        if word == "tile":
            tile = int(text.split()[1])
            places: list[int] = state["streets"]
            return text, [f"street-{places.index(tile)}"] if tile in places else []
        if word == "reveal":
            return text, [f"row-{text.split()[1]}", "deck"]
        if word == "logistics":
            return text, ["row", "deck"]
        if word == "street":
            return text, [f"street-{_CH_STREETS.index(text.split()[1])}"]
        if word == "first":
            return text, [f"seat-{text.split()[1]}"]
        return text, []

    def draw(
        self, state: dict[str, Any], perspective: int | None, bounds: Bounds | None
    ) -> ET.Element:
        packaged = _ch_data()
        data = packaged if packaged and _ch_fits(packaged, state) else None
        cells = _ch_cells(state)
        columns = [c for c, _ in cells]
        rows = [r for _, r in cells]
        across = max(max(columns) - min(columns), max(rows) - min(rows)) + 1
        cell = min(120.0, _CH_CITY / across)
        ox = _CH_CITY_X + (_CH_CITY - (max(columns) - min(columns) + 1) * cell) / 2
        oy = _CH_CITY_Y + (_CH_CITY - (max(rows) - min(rows) + 1) * cell) / 2
        origin = (ox - min(columns) * cell, oy - min(rows) * cell)
        frame = _ChFrame(state, perspective, data, cells, cell, origin, {})
        players: int = state["players"]
        status = self._status(state)
        title = f"Chandigarh, {players} players, move {len(state['history'])}"
        if perspective is not None:
            title += f", as seat {perspective} sees it"
        root = _svg_root(_CH_WIDTH, _CH_HEIGHT, title)
        _el(root, "desc", status)
        _el(root, "rect", x=0, y=0, width=_CH_WIDTH, height=_CH_HEIGHT, fill="#ffffff")
        last_text, marks = self._last(frame)
        self._header(root, frame, status, last_text)
        self._city(root, frame)
        self._turn(root, frame)
        self._row(root, frame)
        self._supply(root, frame)
        self._specialists(root, frame)
        panel = _el(root, "g", class_="panel", fill=INK)
        winner = _ch_winner(state)
        for seat in range(players):
            self._seat(panel, frame, seat, _CH_SEATS_Y + seat * (_CH_SEAT_H + _CH_SEAT_GAP), winner)
        self._legend(root)
        ring = _el(root, "g", class_="last-action", fill="none", stroke=HIGHLIGHT, stroke_width=3)
        for key in marks:
            if key in frame.anchors:
                x, y, w, h = frame.anchors[key]
                _el(ring, "rect", x=x - 3, y=y - 3, width=w + 6, height=h + 6, rx=6)
                break
        return root

    # --- the parts of the picture ------------------------------------------------------------

    def _header(self, root: ET.Element, frame: _ChFrame, status: str, last_text: str) -> None:
        state = frame.state
        header = _el(root, "g", class_="header", fill=INK)
        x, y = _CH_LEFT, 12
        _el(header, "text", "Chandigarh", x=x, y=y + 18, font_size=20, font_weight="bold")
        facts = [f"{state['players']} players", f"turn {state['turn']}"]
        facts.append(f"move {len(state['history'])}")
        facts.append("specialists" if state["specialists"] else "no specialists")
        facts.append("blue side" if frame.blue else "brown side")
        if state["variant"]:
            moved = ", ".join(f"sector {t} to {c},{r}" for t, c, r in state["variant"])
            facts.append(f"variant: {moved}")
        if frame.data is None:
            facts.append("not the packaged data: plots as built, cards by id")
        if frame.perspective is not None:
            facts.append(f"seen by seat {frame.perspective}")
        _fit(header, " \u00b7 ".join(facts), x + 128, y + 18, _CH_WIDTH - x - 144, 12, fill=MUTED)
        _el(header, "text", status, x=x, y=y + 44, font_size=14, font_weight="bold")
        _el(
            header,
            "rect",
            x=x,
            y=y + 56,
            width=12,
            height=12,
            rx=3,
            fill="none",
            stroke=HIGHLIGHT,
            stroke_width=2.5,
        )
        last = "last: " + last_text if state["history"] else last_text
        _fit(header, last, x + 18, y + 66, 640, 12)

    def _city(self, root: ET.Element, frame: _ChFrame) -> None:
        cell = frame.cell
        pad = cell * 0.07
        board = _el(root, "g", class_="city")
        _el(
            board,
            "rect",
            x=_CH_LEFT,
            y=_CH_BOARD_Y,
            width=_CH_BOARD_W,
            height=_CH_BOARD_H,
            rx=8,
            fill="#f6f2e8",
            stroke=_PANEL_LINE,
        )
        streets = _el(board, "g", class_="streets", fill=_CH_STREET)
        for column, row in frame.cells:
            x, y = frame.point(column, row)
            _el(streets, "rect", x=x - pad, y=y - pad, width=cell + 2 * pad, height=cell + 2 * pad)
        for tile, (column, row) in enumerate(frame.cells):
            self._sector(board, frame, tile, *frame.point(column, row))
        corners = sorted(
            {(c + dx, r + dy) for c, r in frame.cells for dx in (0, 1) for dy in (0, 1)},
            key=lambda p: (p[1], p[0]),
        )
        dots = _el(board, "g", class_="junctions", fill="#9c9282")
        for x, y in corners:
            px, py = frame.point(x, y)
            _el(dots, "circle", cx=px, cy=py, r=max(1.5, cell * 0.022))
        self._street_tiles(board, frame)
        self._architects(board, frame)

    def _sector(self, parent: ET.Element, frame: _ChFrame, tile: int, x: float, y: float) -> None:
        state = frame.state
        cell = frame.cell
        pad = cell * 0.07
        size = cell - 2 * pad
        tx, ty = x + pad, y + pad
        done = frame.completed(tile)
        g = _el(parent, "g", class_=f"sector sector-{tile}")
        _el(g, "title", f"sector {tile}" + (" (completed)" if done else ""))
        _el(
            g,
            "rect",
            x=tx,
            y=ty,
            width=size,
            height=size,
            rx=cell * 0.05,
            fill=(_CH_DONE if done else _CH_TILE)[frame.blue],
            stroke=_CH_TILE_LINE[frame.blue],
            stroke_width=1.2,
        )
        frame.anchors[f"sector-{tile}"] = (tx, ty, size, size)
        _el(
            g,
            "text",
            str(tile),
            x=tx + size - 4,
            y=ty + size - 4,
            text_anchor="end",
            font_size=max(7.0, cell * 0.09),
            font_weight="bold",
            fill=_CH_TILE_LINE[frame.blue],
        )
        city: list[int] = state["city"]
        plot = cell * 0.17
        inset = cell * 0.03
        for side in range(4):
            count = frame.plots(tile, side)
            places = {1: (0.5,), 2: (0.35, 0.65)}.get(count, ())
            spots = [(k, f) for k, f in enumerate(places)]
            if count == 0:
                spots = [(2, 0.5)]
            for k, fraction in spots:
                slot = (4 * tile + side) * 3 + k
                colour = city[slot]
                if frame.data is None and colour < 0:
                    continue
                if k == 2 and colour < 0:
                    continue
                along = fraction * size - plot / 2
                px, py = {
                    0: (tx + along, ty + inset),
                    1: (tx + size - inset - plot, ty + along),
                    2: (tx + along, ty + size - inset - plot),
                    3: (tx + inset, ty + along),
                }[side]
                frame.anchors[f"slot-{slot}"] = (px, py, plot, plot)
                if colour >= 0:
                    _ch_building(g, px, py, plot, colour, centre=k == 2)
                else:
                    _el(
                        g,
                        "rect",
                        x=px,
                        y=py,
                        width=plot,
                        height=plot,
                        rx=plot * 0.18,
                        fill=_CH_PLOT,
                        stroke=_CH_PLOT_LINE,
                        stroke_width=0.9,
                        stroke_dasharray="2.5 1.5",
                    )
        # The plaza: the supervisor and the specialist's pawn.
        cx, cy = x + cell / 2, y + cell / 2
        r = cell * 0.15
        _el(g, "circle", cx=cx, cy=cy, r=r, fill=_CH_PLAZA, stroke=_CH_TILE_LINE[frame.blue])
        frame.anchors[f"plaza-{tile}"] = (cx - r, cy - r, 2 * r, 2 * r)
        supervisor: int = state["supervisors"][tile]
        pawns = [c for c, where in enumerate(state["pawns"]) if where == tile]
        shown = (1 if supervisor >= 0 else 0) + len(pawns)
        at = cx - (shown - 1) * r * 0.45
        if supervisor >= 0:
            _ch_supervisor(g, at, cy, supervisor, r * 0.5)
            at += r * 0.9
        for colour in pawns:
            _ch_pawn(g, at, cy, colour, r * 0.5, frame.specialist(colour))
            at += r * 0.9

    def _street_tiles(self, parent: ET.Element, frame: _ChFrame) -> None:
        """The street tiles: x streets above the city, y streets to its right, the corner
        tile (the perimeter's) in the top right corner."""
        state = frame.state
        top = min(r for _, r in frame.cells)
        right = max(c for c, _ in frame.cells) + 1
        g = _el(parent, "g", class_="street-tiles")
        w, h = 44.0, 32.0
        for place in range(7):
            if place < 3:
                px, py = frame.point(place + 1, top)
                py -= frame.cell * 0.07 + 10 + h / 2
            elif place < 6:
                px, py = frame.point(right, place - 2)
                px += frame.cell * 0.07 + 8 + w / 2
            else:
                px, py = frame.point(right, top)
                px += frame.cell * 0.07 + 8 + w / 2
                py -= frame.cell * 0.07 + 10 + h / 2
            name = _CH_STREETS[place] if place < 6 else "perimeter"
            tile: int = state["streets"][place]
            box = (px - w / 2, py - h / 2, w, h)
            frame.anchors[f"street-{place}"] = box
            if tile < 0:
                _el(
                    g,
                    "rect",
                    x=box[0],
                    y=box[1],
                    width=w,
                    height=h,
                    rx=4,
                    fill="none",
                    stroke=MUTED,
                    stroke_dasharray="4 3",
                )
                value = "\u2013"
                colour = MUTED
            else:
                _el(g, "rect", x=box[0], y=box[1], width=w, height=h, rx=4, fill=_CH_STREET_TILE)
                colour = "#ffffff"
                if frame.data is not None:
                    points, tie = frame.data.streets[tile]
                    value = f"{points} ({tie})"
                else:
                    value = f"tile {tile}"
            label = "perim." if place == 6 else name
            _el(
                g,
                "text",
                label,
                x=px,
                y=py - 4,
                text_anchor="middle",
                font_size=9,
                fill="#d5dbe4" if tile >= 0 else MUTED,
            )
            _el(
                g,
                "text",
                value,
                x=px,
                y=py + 10,
                text_anchor="middle",
                font_size=12,
                font_weight="bold",
                fill=colour,
            )

    def _architects(self, parent: ET.Element, frame: _ChFrame) -> None:
        g = _el(parent, "g", class_="architects")
        at: dict[tuple[int, int], list[int]] = {}
        for seat, (x, y) in enumerate(frame.state["architects"]):
            at.setdefault((x, y), []).append(seat)
        r = max(6.0, frame.cell * 0.085)
        for (x, y), seats in sorted(at.items(), key=lambda item: (item[0][1], item[0][0])):
            px, py = frame.point(x, y)
            for i, seat in enumerate(seats):
                if len(seats) == 1:
                    cx, cy = px, py
                else:
                    angle = math.pi * (1.25 + 2 * i / len(seats))
                    cx = px + r * 1.05 * math.cos(angle)
                    cy = py + r * 1.05 * math.sin(angle)
                chip = _el(g, "g", class_=f"architect architect-{seat}")
                _el(chip, "title", f"seat {seat}'s architect at {x},{y}")
                _ch_seat_chip(chip, cx, cy, seat, r)
                frame.anchors[f"architect-{seat}"] = (cx - r, cy - r, 2 * r, 2 * r)

    def _turn(self, root: ET.Element, frame: _ChFrame) -> None:
        """What the turn in progress holds: steps, builds, specialists used, what is pending,
        and whether the end was triggered."""
        state = frame.state
        x, y, w = _CH_LEFT, _CH_TURN_Y, _CH_BOARD_W
        g = _el(root, "g", class_="turn", fill=INK)
        _el(
            g,
            "rect",
            x=x,
            y=y,
            width=w,
            height=_CH_TURN_H,
            rx=8,
            fill="#f8f5ee",
            stroke=_PANEL_LINE,
        )
        phase: str = state["phase"]
        pending = state["pending"]
        lines: list[str] = []
        words = [f"phase {phase}"]
        if state["flow"]:
            words.append(f"add flow: {state['flow']}")
        if phase in ("main", "move"):
            words.append(f"{state['steps']} steps left")
        if state["last"] >= 0:
            words.append(f"last step {_CH_SIDES[state['last']]}")
        if state["here"] < 2:
            words.append(f"{state['here']} built at this junction")
        lines.append(" \u00b7 ".join(words))
        used = [frame.specialist(c) for c in state["used"]]
        gained = " ".join(_CH_LETTERS[c] for c in state["gained"])
        lines.append(
            "specialists used this turn: "
            + (", ".join(used) if used else "none")
            + (f" \u00b7 taken: {gained}" if gained else "")
        )
        todo: int = pending["todo"]
        waiting = []
        if pending["score"] >= 0:
            waiting.append(f"scoring {frame.card_name(pending['score'])}")
        if pending["sector"] >= 0:
            left = " ".join(_CH_LETTERS[c] for c in pending["arrange"]) or "none"
            waiting.append(f"arranging sector {pending['sector']}: {todo} plots, holding {left}")
        elif todo:
            what = {"gain": "any icons", "reveal": "cards to reveal"}.get(phase, "to do")
            waiting.append(f"{todo} {what}")
        if pending["relocate"] >= 0:
            waiting.append(f"the {CH_COLOURS[pending['relocate']]} pawn to relocate")
        if pending["bonus"] > 0:
            waiting.append(f"a bonus building ({_CH_BONUS[pending['bonus']]})")
        if pending["takes"]:
            waiting.append(f"{pending['takes']} Project Manager takes")
        lines.append("pending: " + ("; ".join(waiting) if waiting else "nothing"))
        start: int = state["start"]
        if state["ending"] and phase not in ("final", "end") and start >= 0:
            last = (start - 1) % state["players"]
            lines.append(f"the end is triggered: the game ends after seat {last}'s turn")
        elif phase == "final" or (phase == "street" and not state["flow"]):
            lines.append("final scoring: each seat scores one card, then specialists and streets")
        elif phase == "end":
            lines.append("the game is over")
        else:
            lines.append("the game ends in the round a colour runs out in the general reserve")
        _el(g, "text", "this turn", x=x + 10, y=y + 16, font_size=11, fill=MUTED)
        for i, line in enumerate(lines):
            _fit(g, line, x + 10, y + 34 + 16 * i, w - 20, 11.5)

    def _row(self, root: ET.Element, frame: _ChFrame) -> None:
        row: list[int] = frame.state["row"]
        x, y = _CH_PANEL_X, _CH_ROW_Y
        g = _el(root, "g", class_="row")
        _el(g, "text", f"project reserve ({len(row)})", x=x, y=y + 10, font_size=11, fill=MUTED)
        top = y + 18
        frame.anchors["row"] = (x, top, 4 * _CH_CARD_STEP - 6, _CH_CARD_H)
        for i in range(max(4, len(row))):
            cx = x + i * _CH_CARD_STEP
            if i < len(row):
                _ch_card(g, cx, top, row[i], frame.data)
                frame.anchors[f"row-{row[i]}"] = (cx, top, _CH_CARD_W, _CH_CARD_H)
            else:
                _el(
                    g,
                    "rect",
                    x=cx,
                    y=top,
                    width=_CH_CARD_W,
                    height=_CH_CARD_H,
                    rx=6,
                    fill="none",
                    stroke=_PANEL_LINE,
                    stroke_dasharray="6 4",
                )

    def _supply(self, root: ET.Element, frame: _ChFrame) -> None:
        """The deck (a pool drawn at random over a known bottom) and the general reserve."""
        state = frame.state
        deck = state["deck"]
        pool, bottom = len(deck["pool"]), len(deck["bottom"])
        x = _CH_PANEL_X + 4 * _CH_CARD_STEP + 4
        y = _CH_ROW_Y
        g = _el(root, "g", class_="supply", fill=INK)
        _el(g, "text", "deck", x=x, y=y + 10, font_size=11, fill=MUTED)
        top = y + 18
        frame.anchors["deck"] = (x, top, 40, 56)
        if pool + bottom:
            _card_back(g, x + 3, top + 3, 36, 52, r=4)
            _card_back(g, x, top, 36, 52, r=4)
        else:
            _el(
                g,
                "rect",
                x=x,
                y=top,
                width=36,
                height=52,
                rx=4,
                fill="none",
                stroke=_PANEL_LINE,
                stroke_dasharray="4 3",
            )
        _el(
            g,
            "text",
            str(pool + bottom),
            x=x + 18,
            y=top + 31,
            text_anchor="middle",
            font_size=14,
            font_weight="bold",
            fill="#ffffff" if pool + bottom else MUTED,
        )
        if bottom:
            _el(
                g,
                "text",
                f"{bottom} known",
                x=x + 20,
                y=top + 70,
                text_anchor="middle",
                font_size=9,
                fill=MUTED,
            )
        gx = x + 50
        _el(g, "text", "general reserve", x=gx, y=y + 10, font_size=11, fill=MUTED)
        general: list[int] = state["general"]
        frame.anchors["general"] = (gx, top, 86, 56)
        for colour, count in enumerate(general):
            bx = gx + 46 * (colour % 2)
            by = top + 4 + 28 * (colour // 2)
            _ch_building(g, bx, by, 18, colour)
            _el(
                g,
                "text",
                str(count),
                x=bx + 23,
                y=by + 14,
                font_size=13,
                font_weight="bold",
                fill=INK if count else HIGHLIGHT,
            )

    def _specialists(self, root: ET.Element, frame: _ChFrame) -> None:
        state = frame.state
        x, y = _CH_PANEL_X, _CH_SPEC_Y
        g = _el(root, "g", class_="specialists", fill=INK)
        ids: list[int] = state["specialists"]
        _el(g, "text", "specialists", x=x, y=y + 10, font_size=11, fill=MUTED)
        top = y + 18
        if not ids:
            _el(
                g,
                "rect",
                x=x,
                y=top,
                width=_CH_PANEL_W,
                height=56,
                rx=6,
                fill="none",
                stroke=_PANEL_LINE,
                stroke_dasharray="6 4",
            )
            _el(
                g,
                "text",
                "played without specialists",
                x=x + _CH_PANEL_W / 2,
                y=top + 32,
                text_anchor="middle",
                font_size=12,
                fill=MUTED,
            )
            return
        w = (_CH_PANEL_W - 3 * 8) / 4
        players: int = state["players"]
        for colour, index in enumerate(ids):
            sx = x + colour * (w + 8)
            tile = _el(g, "g", class_=f"specialist specialist-{colour}")
            name = frame.specialist(colour)
            slug, stars = "", -1
            if frame.data is not None:
                slug, _, _, stars = frame.data.specialists[index]
            kind = _CH_SPECIALIST_KIND.get(slug, "")
            holders = sum(1 for held in state["tokens"] if colour in held)
            where: int = state["pawns"][colour]
            _el(
                tile,
                "title",
                f"{name}: {CH_COLOURS[colour]}, {kind or 'specialist'}"
                + (f", {stars} \u2605 at the end" if stars >= 0 else ""),
            )
            _el(
                tile,
                "rect",
                x=sx,
                y=top,
                width=w,
                height=56,
                rx=6,
                fill=_CARD,
                stroke=_CH_DARK[colour],
                stroke_width=1.2,
            )
            _el(
                tile,
                "path",
                d=f"M{_num(sx + 6)} {_num(top)}h{_num(w - 12)}",
                stroke=_CH_FILL[colour],
                stroke_width=5,
            )
            _fit(tile, name, sx + 6, top + 18, w - 40, 11, font_weight="bold")
            if stars >= 0:
                _el(
                    tile,
                    "text",
                    f"{stars}\u2605",
                    x=sx + w - 6,
                    y=top + 18,
                    text_anchor="end",
                    font_size=11,
                    font_weight="bold",
                    fill="#9a6b00",
                )
            what = {"footsteps": "move and build", "card": "add a card"}.get(kind, "")
            if what:
                _el(tile, "text", what, x=sx + 6, y=top + 33, font_size=9.5, fill=MUTED)
            pawn = f"pawn in sector {where}" if where >= 0 else "pawn off the board"
            _fit(tile, f"{players - holders} left \u00b7 {pawn}", sx + 6, top + 48, w - 12, 9.5)
            if colour in state["used"]:
                _cc_badge(tile, sx + w - 4, top, "used", _CH_USED)

    def _seat(self, parent: ET.Element, frame: _ChFrame, seat: int, y: float, winner: int) -> None:
        state = frame.state
        x, w = _CH_PANEL_X, _CH_PANEL_W
        moving = state["to_move"] == seat
        row = _el(parent, "g", class_=f"seat seat-{seat}")
        _el(
            row,
            "rect",
            x=x,
            y=y,
            width=w,
            height=_CH_SEAT_H,
            rx=7,
            fill="#fff4cc" if moving else "#f8f5ee",
            stroke="#d9a520" if moving else _PANEL_LINE,
            stroke_width=2 if moving else 1,
        )
        frame.anchors[f"seat-{seat}"] = (x, y, w, _CH_SEAT_H)
        _ch_seat_chip(row, x + 18, y + 17, seat, r=10)
        _el(row, "text", f"seat {seat}", x=x + 34, y=y + 22, font_size=14, font_weight="bold")
        tags = []
        if frame.perspective == seat:
            tags.append("you")
        if moving:
            tags.append("to move")
        if state["start"] == seat:
            tags.append("first player")
        if seat == winner:
            tags.append("\u2605 winner")
        if tags:
            _el(
                row,
                "text",
                " \u00b7 ".join(tags),
                x=x + 90,
                y=y + 22,
                font_size=12,
                fill="#9a6b00" if moving or seat == winner else MUTED,
            )
        _el(
            row,
            "text",
            str(state["pp"][seat]),
            x=x + w - 30,
            y=y + 26,
            text_anchor="end",
            font_size=22,
            font_weight="bold",
        )
        _el(row, "text", "PP", x=x + w - 10, y=y + 26, text_anchor="end", font_size=11, fill=MUTED)
        # The project, left to right, and the card being scored.
        project: list[int] = state["projects"][seat]
        scale = 0.8
        cw, ch = _CH_CARD_W * scale, _CH_CARD_H * scale
        top = y + 32
        cards = _el(row, "g", class_=f"project project-{seat}")
        step = cw + 5 if len(project) <= 3 else (3 * (cw + 5) - cw) / (len(project) - 1)
        for i in range(max(3, len(project))):
            cx = x + 8 + i * step
            if i < len(project):
                _ch_card(cards, cx, top, project[i], frame.data, scale)
                frame.anchors[f"project-{project[i]}"] = (cx, top, cw, ch)
            else:
                _el(
                    cards,
                    "rect",
                    x=cx,
                    y=top,
                    width=cw,
                    height=ch,
                    rx=5,
                    fill="none",
                    stroke=_PANEL_LINE,
                    stroke_dasharray="5 4",
                )
        facts_x = x + 8 + 3 * (cw + 5) + 10
        scoring: int = state["pending"]["score"]
        if moving and scoring >= 0:
            _ch_card(cards, facts_x, top, scoring, frame.data, scale)
            _cc_badge(cards, facts_x + cw - 2, top, "scoring", HIGHLIGHT)
            facts_x += cw + 12
        facts = _el(row, "g", class_="facts", font_size=11, fill=MUTED)
        reserve: list[int] = state["reserves"][seat]
        _el(facts, "text", "reserve", x=facts_x, y=y + 47)
        frame.anchors[f"reserve-{seat}"] = (facts_x + 46, y + 35, 4 * 34, 16)
        for colour, count in enumerate(reserve):
            bx = facts_x + 48 + 34 * colour
            _ch_building(facts, bx, y + 35, 14, colour)
            _el(facts, "text", str(count), x=bx + 18, y=y + 47, fill=INK, font_weight="bold")
        _el(facts, "text", "tokens", x=facts_x, y=y + 67)
        tokens: list[int] = state["tokens"][seat]
        if not tokens:
            _el(facts, "text", "none", x=facts_x + 48, y=y + 67, fill=INK)
        for i, colour in enumerate(tokens):
            tx = facts_x + 56 + 20 * i
            token = _el(facts, "g", class_="token")
            _el(token, "title", frame.specialist(colour))
            _el(
                token,
                "circle",
                cx=tx,
                cy=y + 63,
                r=7.5,
                fill=_CH_FILL[colour],
                stroke=_CH_DARK[colour],
            )
            if colour in state["used"] and moving:
                _el(
                    token,
                    "path",
                    d=f"M{_num(tx - 5)} {_num(y + 68)}L{_num(tx + 5)} {_num(y + 58)}",
                    stroke=INK,
                    stroke_width=1.5,
                )
        supervised = [t for t, who in enumerate(state["supervisors"]) if who == seat]
        limit = frame.data.supervisors if frame.data else 5
        ax, ay = state["architects"][seat]
        text = f"supervises {len(supervised)}, {max(0, limit - len(supervised))} left"
        text += f" \u00b7 architect at {ax},{ay}"
        _fit(facts, text, facts_x, y + 86, x + w - 10 - facts_x, 11)
        if supervised:
            _fit(
                facts,
                "sectors " + " ".join(str(t) for t in supervised),
                facts_x,
                y + 102,
                x + w - 10 - facts_x,
                10,
            )

    def _legend(self, root: ET.Element) -> None:
        x, y = _CH_LEFT, _CH_HEIGHT - 34
        legend = _el(root, "g", class_="legend", font_size=11, fill=MUTED)
        _el(
            legend,
            "path",
            d=f"M{_num(x)} {_num(y)}h{_CH_WIDTH - 2 * _CH_LEFT}",
            stroke=_PANEL_LINE,
            stroke_width=1,
        )
        y += 20
        at = float(x)
        for colour, kind in enumerate(_CH_KINDS):
            _ch_building(legend, at, y - 11, 13, colour)
            _el(legend, "text", kind, x=at + 18, y=y)
            at += 18 + _text_width(kind, 11) + 12
        _ch_icon(legend, at, y - 11, 13, 4)
        _el(legend, "text", "any", x=at + 18, y=y)
        at += 18 + _text_width("any", 11) + 12
        _ch_building(legend, at, y - 11, 13, 3, centre=True)
        _el(legend, "text", "centre of a side", x=at + 18, y=y)
        at += 18 + _text_width("centre of a side", 11) + 12
        _ch_seat_chip(legend, at + 7, y - 4, 0, 7)
        _el(legend, "text", "architect", x=at + 18, y=y)
        at += 18 + _text_width("architect", 11) + 12
        _ch_supervisor(legend, at + 6, y - 5, 1, 6)
        _el(legend, "text", "supervisor", x=at + 16, y=y)
        at += 16 + _text_width("supervisor", 11) + 12
        _ch_pawn(legend, at + 6, y - 5, 2, 6, "a specialist")
        _el(legend, "text", "specialist pawn", x=at + 16, y=y)
        at += 16 + _text_width("specialist pawn", 11) + 12
        _ch_steps(legend, at, y - 4, 1)
        _el(legend, "text", "step", x=at + 14, y=y)
        at += 14 + _text_width("step", 11) + 12
        _el(legend, "text", "\u2605 PP per pattern", x=at, y=y)
        at += _text_width("\u2605 PP per pattern", 11) + 12
        _el(
            legend,
            "rect",
            x=at,
            y=y - 11,
            width=12,
            height=12,
            rx=3,
            fill="none",
            stroke=HIGHLIGHT,
            stroke_width=2.5,
        )
        _el(legend, "text", "last move", x=at + 18, y=y)


# ---------------------------------------------------------------------------------------------
# Rebuilding Chicago: per seat its 11 x 11 table (district board, suburbs, buildings, landmarks,
# rubble and sights), its money, VP, unhappy population, qualities, law, landmarks and
# abilities; the market, the events, the task queue.

_RC_TYPES: Final = (
    "train",
    "money",
    "graduation",
    "entertainment",
    "shopping",
    "restaurant",
    "statue",
)
_RC_LETTERS: Final = "TMGESRX"
_RC_TYPE_FILL: Final = (
    "#6b5b95",  # train (expansion)
    "#2a9d5c",  # money
    "#1d3557",  # graduation
    "#2f6fd0",  # entertainment: the rulebook's blue tile
    "#e0a526",  # shopping
    "#d1495b",  # restaurant
    "#8d99ae",  # statue
)
_RC_TYPE_ON: Final = ("#ffffff",) * 4 + ("#3d2c00", "#ffffff", "#1f2430")
_RC_LANDMARK: Final = "#7a1f6e"
_RC_EVENTS: Final = ("expansion", "graduation", "sights", "night", "shopping", "dining", "world")
_RC_EVENT_NAMES: Final = (
    "Expansion",
    "Graduation",
    "See the Sights",
    "A Night on the Town",
    "Shopping",
    "Fine Dining",
    "On the World Stage",
)
_RC_CHOICES: Final = ("vp", "money", "building", "appease", "card", "ability")
_RC_LEVELS: Final = ("easy", "standard", "expert")
_RC_REGION: Final = {"S": "#efe4cc", "A": "#d9e8cf", "B": "#d3e2ef", "#": "#8fb9cf"}
_RC_UNCONNECTED: Final = {"A": "#c3cdbd", "B": "#bcc6cf"}
_RC_SUBURB: Final = "#f7f1df"
_RC_RUBBLE: Final = "#6e5a44"
_RC_SIGHT: Final = "#c2185b"
_RC_SEAT: Final = ("#2b2620", "#8c8c8c", "#7b3fa0", "#b0682a", "#2a7f8a")
_RC_CELL: Final = 19
_RC_LEFT: Final = 20
_RC_WIDTH: Final = 1200
_RC_MARKET_Y: Final = 96
_RC_CARD_W: Final = 136
_RC_CARD_H: Final = 78
_RC_EVENTS_Y: Final = _RC_MARKET_Y + _RC_CARD_H + 30
_RC_SEATS_Y: Final = _RC_EVENTS_Y + 64
_RC_SEAT_W: Final = 576
_RC_SEAT_H: Final = 11 * _RC_CELL + 52
_RC_SEAT_GAP: Final = 8

_RcCell = tuple[int, int, str]


def _rc_cells(rows: list[str], suburb: bool = False) -> list[_RcCell]:
    """A piece's cells as printed (docs/games/rebuilding_chicago.md, *Pieces*)."""
    cells: list[_RcCell] = []
    for y, row in enumerate(rows):
        for x, ch in enumerate(str(row)):
            if suburb and ch in ".r123":
                cells.append((x, y, "" if ch == "." else ch))
            elif not suburb and ch == "#":
                cells.append((x, y, ""))
    return cells


def _rc_orientations(cells: list[_RcCell]) -> list[list[_RcCell]]:
    """The distinct orientations o0, o1, ... of a piece, in the spec's order."""
    found: list[list[_RcCell]] = []
    for k in range(8):
        turned: list[_RcCell] = []
        for x, y, s in cells:
            if k >= 4:
                x = -x
            for _ in range(k % 4):
                x, y = -y, x
            turned.append((x, y, s))
        mx = min((x for x, _, _ in turned), default=0)
        my = min((y for _, y, _ in turned), default=0)
        shifted = sorted(((x - mx, y - my, s) for x, y, s in turned), key=lambda c: (c[1], c[0]))
        if shifted not in found:
            found.append(shifted)
    return found


@dataclass(frozen=True)
class _RcCard:
    cost: int
    benefits: tuple[str, ...]
    ability: str


@dataclass(frozen=True)
class _RcData:
    """The packaged component file, as much of it as the picture needs."""

    kinds: tuple[tuple[str, int, int, tuple[tuple[_RcCell, ...], ...]], ...]
    """Per building kind: key, type, symbols, orientations."""
    districts: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...], tuple[Any, ...]], ...]
    """Per district: key, name, regions, symbols, starting buildings."""
    laws: tuple[tuple[str, ...], ...]
    """Per district: its 3 law keys."""
    landmarks: tuple[tuple[str, str, int, tuple[tuple[_RcCell, ...], ...]], ...]
    """Per landmark: key, name, cost, orientations."""
    suburbs: tuple[tuple[tuple[_RcCell, ...], ...], ...]
    """Per suburb tile: its orientations."""
    cards: tuple[_RcCard, ...]
    solo_target: int


@functools.lru_cache(maxsize=1)
def _rc_data() -> _RcData | None:
    """``data/rebuilding_chicago.toml`` of the package, or None if it cannot be read."""
    try:
        source = resources.files(__package__ or "boardcore").joinpath("data")
        doc = tomllib.loads(source.joinpath("rebuilding_chicago.toml").read_text(encoding="utf-8"))
        kinds = tuple(
            (
                str(k["key"]),
                _RC_TYPES.index(str(k["type"])),
                int(k["symbols"]),
                tuple(tuple(o) for o in _rc_orientations(_rc_cells(list(k["shape"])))),
            )
            for k in doc["kind"]
        )
        districts = tuple(
            (
                str(d["key"]),
                str(d["name"]),
                tuple(str(r) for r in d["regions"]),
                tuple(str(r) for r in d["symbols"]),
                tuple(tuple(b) for b in d["buildings"]),
            )
            for d in doc["district"]
        )
        laws = tuple(tuple(str(law["key"]) for law in d["law"]) for d in doc["district"])
        landmarks = tuple(
            (
                str(lm["key"]),
                str(lm["name"]),
                int(lm["cost"]),
                tuple(tuple(o) for o in _rc_orientations(_rc_cells(list(lm["shape"])))),
            )
            for lm in doc["landmark"]
        )
        suburbs = tuple(
            tuple(tuple(o) for o in _rc_orientations(_rc_cells(list(s["cells"]), suburb=True)))
            for s in doc["suburb"]
            for _ in range(int(s["count"]))
        )
        cards = []
        for c in doc["card"]:
            if "profit" in c:
                ability = f"profit: {c['profit']}"
            elif "endgame" in c:
                ability = f"end: {c['endgame']}"
            else:
                ability = f"suburbs {c['suburbs']}"
            cards.append(_RcCard(int(c["cost"]), tuple(str(b) for b in c["benefits"]), ability))
        return _RcData(
            kinds=kinds,
            districts=districts,
            laws=laws,
            landmarks=landmarks,
            suburbs=suburbs,
            cards=tuple(cards),
            solo_target=int(doc["rules"]["solo_target"]),
        )
    except (
        OSError,
        UnicodeDecodeError,
        tomllib.TOMLDecodeError,
        KeyError,
        TypeError,
        ValueError,
        IndexError,
    ):
        return None


def _rc_fits(data: _RcData, state: dict[str, Any]) -> bool:
    """Whether the state's ids fit the packaged file (a user's data file may not)."""
    if len(state["supply"]) != len(data.kinds):
        return False
    cards = [c for c in state["market"] if c >= 0] + [c for deck in state["decks"] for c in deck]
    if any(not 0 <= c < len(data.cards) for c in cards):
        return False
    for seat in state["seats"]:
        if not -1 <= seat["district"] < len(data.districts):
            return False
        shapes: list[list[tuple[tuple[_RcCell, ...], ...]]] = [
            [k[3] for k in data.kinds],
            [lm[3] for lm in data.landmarks],
            list(data.suburbs),
        ]
        for cls, ident, o, _ in seat["pieces"]:
            if not 0 <= cls < 3 or not 0 <= ident < len(shapes[cls]):
                return False
            if not 0 <= o < len(shapes[cls][ident]):
                return False
        landmarks = [*seat["landmarks"], *seat["built"], *seat["dealt"]]
        if any(not 0 <= k < len(data.landmarks) for k in landmarks):
            return False
    return True


@dataclass
class _RcSquare:
    """What one space of a seat's table shows."""

    region: str = ""
    """S A B # on the district board, "" elsewhere."""
    suburb: bool = False
    symbol: str = ""
    cover: int = -1
    """Building type 0..6, 7 a landmark, -1 nothing."""
    piece: int = -1
    """Index of the covering piece in the seat's ``pieces``, -2 a starting building."""


class _RcTable:
    """One seat's table, worked out from the JSON and the packaged data."""

    def __init__(self, data: _RcData | None, seat: dict[str, Any]) -> None:
        self.squares = [_RcSquare() for _ in range(121)]
        self.symbols = [0] * 7
        self.tiles = [0] * 7
        self.district = ""
        district: int = seat["district"]
        if data is not None and district >= 0:
            _, name, regions, symbols, buildings = data.districts[district]
            self.district = name
            for y in range(7):
                for x in range(7):
                    square = self.squares[(y + 2) * 11 + x + 2]
                    square.region = regions[y][x]
                    symbol = symbols[y][x]
                    square.symbol = symbol if symbol in "r123" else ""
            keys = [k[0] for k in data.kinds]
            for key, o, anchor in buildings:
                kind = keys.index(str(key))
                column = "abcdefghijk".index(str(anchor)[0])
                row = int(str(anchor)[1:]) - 1
                self._cover(data.kinds[kind][3][int(o)], row * 11 + column, data.kinds[kind][1], -2)
                self._count(data, kind)
        for index, (cls, ident, o, anchor) in enumerate(seat["pieces"]):
            if data is None:
                square = self.squares[anchor]
                square.cover = ident % 7 if cls == 0 else 7 if cls == 1 else -1
                square.suburb = square.suburb or cls == 2
                continue
            if cls == 0:
                self._cover(data.kinds[ident][3][o], anchor, data.kinds[ident][1], index)
                self._count(data, ident)
            elif cls == 1:
                self._cover(data.landmarks[ident][3][o], anchor, 7, index)
            else:
                ay, ax = divmod(anchor, 11)
                for x, y, s in data.suburbs[ident][o]:
                    if 0 <= ax + x < 11 and 0 <= ay + y < 11:
                        square = self.squares[(ay + y) * 11 + ax + x]
                        square.suburb = True
                        square.symbol = s

    def _cover(self, shape: tuple[_RcCell, ...], anchor: int, cover: int, piece: int) -> None:
        ay, ax = divmod(anchor, 11)
        for x, y, _ in shape:
            if 0 <= ax + x < 11 and 0 <= ay + y < 11:
                square = self.squares[(ay + y) * 11 + ax + x]
                square.cover = cover
                square.piece = piece

    def _count(self, data: _RcData, kind: int) -> None:
        _, kind_type, symbols, _ = data.kinds[kind]
        self.tiles[kind_type] += 1
        self.symbols[kind_type] += symbols

    def connected(self, area: str) -> bool:
        for where, square in enumerate(self.squares):
            if square.region != area:
                continue
            y, x = divmod(where, 11)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                inside = 0 <= x + dx < 11 and 0 <= y + dy < 11
                if inside and self.squares[(y + dy) * 11 + x + dx].suburb:
                    return True
        return False


def _rc_winners(state: dict[str, Any], data: _RcData | None) -> list[int]:
    """The winners once the game is over (ruling 26), else none."""
    if state["phase"] != "over":
        return []
    seats: list[dict[str, Any]] = state["seats"]
    if state["players"] == 1:
        target = data.solo_target if data else 150
        return [0] if seats[0]["vp"] >= target else []
    best = max((s["vp"], -s["unhappy"]) for s in seats)
    return [i for i, s in enumerate(seats) if (s["vp"], -s["unhappy"]) == best]


def _rc_space(where: int) -> str:
    y, x = divmod(where, 11)
    return f"{'abcdefghijk'[x]}{y + 1}"


def _rc_notation(action: int, data: _RcData | None) -> str:
    """Action ``action`` in the notation of docs/games/rebuilding_chicago.md (the keys of the
    packaged data; ids when the data is not there)."""

    def key(table: str, index: int) -> str:
        if data is not None:
            names = {
                "landmark": [k[0] for k in data.landmarks],
                "district": [k[0] for k in data.districts],
                "kind": [k[0] for k in data.kinds],
            }[table]
            if 0 <= index < len(names):
                return names[index]
        return f"{table}-{index}"

    ranges: tuple[tuple[int, int, Callable[[int], str]], ...] = (
        (0, 968, lambda v: f"place o{v // 121} {_rc_space(v % 121)}"),
        (968, 16, lambda v: f"buy {v // 2 + 1}{'ab'[v % 2]}"),
        (984, 15, lambda v: f"landmark {key('landmark', v)}"),
        (999, 7, lambda v: f"event {_RC_EVENTS[v]}"),
        (1006, 3, lambda v: f"law {v + 1}"),
        (1009, 1, lambda v: "refill"),
        (1010, 6, lambda v: f"district {key('district', v)}"),
        (1016, 15, lambda v: f"return {key('landmark', v)}"),
        (1031, 60, lambda v: f"suburb {v}"),
        (1091, 6, lambda v: f"choose {_RC_CHOICES[v]}"),
        (1097, 32, lambda v: f"shape {key('kind', v)}"),
        (1129, 144, lambda v: f"drop card {v}"),
        (1273, 15, lambda v: f"drop {key('landmark', v)}"),
        (1288, 5, lambda v: f"start {v}"),
        (1293, 144, lambda v: f"card {v}"),
        (1437, 60, lambda v: f"bag {v}"),
        (1497, 15, lambda v: f"deal {key('landmark', v)}"),
        (1512, 6, lambda v: f"scenario {v}"),
        (1518, 27, lambda v: f"automaton {v}"),
    )
    for first, count, name in ranges:
        if first <= action < first + count:
            return name(action - first)
    return f"action {action}"


class RebuildingChicagoDrawer:
    """Draws a Rebuilding Chicago state: the market and its solo tokens, the seven events,
    the task queue, and per seat its table (district board regions and symbols, suburbs,
    buildings coloured by type, landmarks), money, VP, unhappy population, qualities,
    amenity symbols, law, landmarks, abilities and suburbs in hand."""

    def seats(self, state: dict[str, Any]) -> int:
        players: int = state["players"]
        return players

    def bounds(self, state: dict[str, Any]) -> Bounds | None:
        return None

    def seat_colours(self, state: dict[str, Any]) -> list[str]:
        players: int = state["players"]
        return list(_RC_SEAT[:players])

    def starts_turn(self, action: int) -> bool:
        # A turn is a main action, maybe after a refill, and the tasks it puts on the queue:
        # no action id alone tells where a turn starts.
        return False

    @staticmethod
    def _status(state: dict[str, Any]) -> str:
        """The first line of the text rendering (docs/games/rebuilding_chicago.md)."""
        players: int = state["players"]
        who = "1 player" if players == 1 else f"{players} players"
        to_move: int = state["to_move"]
        if state["phase"] == "over":
            moving = "game over"
        elif to_move < 0:
            moving = "chance to move"
        else:
            moving = f"seat {to_move} to move"
        return (
            f"Rebuilding Chicago, {who}, round {state['round']}, phase {state['phase']}, {moving}"
        )

    def draw(
        self, state: dict[str, Any], perspective: int | None, bounds: Bounds | None
    ) -> ET.Element:
        packaged = _rc_data()
        data = packaged if packaged and _rc_fits(packaged, state) else None
        players: int = state["players"]
        rows = (players + 1) // 2
        height = _RC_SEATS_Y + rows * (_RC_SEAT_H + _RC_SEAT_GAP) + 58
        title = f"Rebuilding Chicago, {players} player{'s' if players > 1 else ''}"
        title += f", move {len(state['history'])}"
        if perspective is not None:
            title += f", as seat {perspective} sees it"
        root = _svg_root(_RC_WIDTH, height, title)
        status = self._status(state)
        _el(root, "desc", status)
        _el(root, "rect", x=0, y=0, width=_RC_WIDTH, height=height, fill="#ffffff")
        anchors: dict[str, Box] = {}
        history: list[int] = state["history"]
        last = _rc_notation(history[-1], data) if history else ""
        if perspective is not None and last.startswith("deal "):
            # a landmark card dealt into a hand: the seats see that one was dealt, not which
            last = "deal (a landmark card, face down)"
        self._header(root, state, data, status, last, perspective)
        self._market(root, state, data, anchors)
        self._events(root, state, anchors)
        winners = _rc_winners(state, data)
        panel = _el(root, "g", class_="panel", fill=INK)
        for seat in range(players):
            x = _RC_LEFT + (seat % 2) * (_RC_SEAT_W + _RC_SEAT_GAP)
            y = _RC_SEATS_Y + (seat // 2) * (_RC_SEAT_H + _RC_SEAT_GAP)
            self._seat(panel, state, data, seat, x, y, perspective, winners, anchors)
        self._legend(root, height - 40)
        ring = _el(root, "g", class_="last-action", fill="none", stroke=HIGHLIGHT, stroke_width=3)
        mark = self._mark(state, history[-1]) if history else ""
        if mark in anchors:
            bx, by, bw, bh = anchors[mark]
            _el(ring, "rect", x=bx - 2, y=by - 2, width=bw + 4, height=bh + 4, rx=4)
        return root

    @staticmethod
    def _mark(state: dict[str, Any], action: int) -> str:
        """The anchor key of what the last action touched."""
        if action < 968:
            o, anchor = divmod(action, 121)
            for seat, entry in enumerate(state["seats"]):
                pieces: list[list[int]] = entry["pieces"]
                if pieces and pieces[-1][2:] == [o, anchor]:
                    return f"space-{seat}-{anchor}"
            return ""
        if action < 984:
            return f"slot-{(action - 968) // 2}"
        if 999 <= action < 1006:
            return f"event-{action - 999}"
        if 1293 <= action < 1437:
            card = action - 1293
            market: list[int] = state["market"]
            return f"slot-{market.index(card)}" if card in market else ""
        return ""

    def _header(
        self,
        root: ET.Element,
        state: dict[str, Any],
        data: _RcData | None,
        status: str,
        last: str,
        perspective: int | None,
    ) -> None:
        header = _el(root, "g", class_="header", fill=INK)
        x, y = _RC_LEFT, 12
        _el(header, "text", "Rebuilding Chicago", x=x, y=y + 18, font_size=20, font_weight="bold")
        facts = [f"round {state['round']} of 3", f"phase {state['phase']}"]
        facts.append(f"move {len(state['history'])}")
        if state["players"] == 1 and state["scenario"] >= 0:
            facts.append(f"scenario {state['scenario']}")
        decks: list[list[int]] = state["decks"]
        facts.append("decks " + "/".join(str(len(d)) for d in decks))
        facts.append(f"bag {len(state['bag'])}")
        if data is None:
            facts.append("not the packaged data: pieces by their anchor")
        if perspective is not None:
            facts.append(f"seen by seat {perspective}")
        _fit(header, " \u00b7 ".join(facts), x + 210, y + 18, _RC_WIDTH - x - 230, 12, fill=MUTED)
        _fit(header, status, x, y + 42, _RC_WIDTH - 2 * x, 14, font_weight="bold")
        _el(
            header,
            "rect",
            x=x,
            y=y + 52,
            width=12,
            height=12,
            rx=3,
            fill="none",
            stroke=HIGHLIGHT,
            stroke_width=2.5,
        )
        _fit(header, f"last: {last}" if last else "no move yet", x + 18, y + 62, 420, 12)
        todo: list[list[int]] = state["todo"]
        queue = " ".join(json.dumps(task, separators=(",", ":")) for task in todo) or "[]"
        _fit(header, f"todo: {queue}", x + 450, y + 62, _RC_WIDTH - x - 470, 11, fill=MUTED)

    def _market(
        self, root: ET.Element, state: dict[str, Any], data: _RcData | None, anchors: dict[str, Box]
    ) -> None:
        g = _el(root, "g", class_="market", fill=INK)
        x0, y = _RC_LEFT, _RC_MARKET_Y
        _el(g, "text", "market", x=x0, y=y - 6, font_size=11, fill=MUTED)
        market: list[int] = state["market"]
        tokens: list[int] = state["tokens"]
        for slot, card in enumerate(market):
            x = x0 + slot * (_RC_CARD_W + 8)
            anchors[f"slot-{slot}"] = (x, y, _RC_CARD_W, _RC_CARD_H)
            if card < 0:
                _el(
                    g,
                    "rect",
                    x=x,
                    y=y,
                    width=_RC_CARD_W,
                    height=_RC_CARD_H,
                    rx=6,
                    fill="none",
                    stroke=_PANEL_LINE,
                    stroke_dasharray="6 4",
                )
                _el(
                    g,
                    "text",
                    f"slot {slot + 1}: empty",
                    x=x + 8,
                    y=y + 44,
                    font_size=11,
                    fill=MUTED,
                )
                continue
            item = _el(g, "g", class_="card")
            info = data.cards[card] if data is not None else None
            tip = f"card {card}"
            if info is not None:
                tip += f": ${info.cost}, a: {', '.join(info.benefits)}; b: {info.ability}"
            _el(item, "title", tip)
            _el(
                item,
                "rect",
                x=x,
                y=y,
                width=_RC_CARD_W,
                height=_RC_CARD_H,
                rx=6,
                fill=_CARD,
                stroke=_CARD_LINE,
            )
            _el(item, "text", f"{slot + 1}", x=x + 7, y=y + 15, font_size=10, fill=MUTED)
            _el(item, "text", f"c{card}", x=x + 22, y=y + 15, font_size=12, font_weight="bold")
            if info is not None:
                _el(
                    item,
                    "text",
                    f"${info.cost}",
                    x=x + _RC_CARD_W - 8,
                    y=y + 15,
                    text_anchor="end",
                    font_size=12,
                    font_weight="bold",
                    fill="#2a7a3a",
                )
                for i, benefit in enumerate(info.benefits):
                    _fit(
                        item,
                        f"a: {benefit}" if i == 0 else f"    {benefit}",
                        x + 7,
                        y + 33 + 13 * i,
                        _RC_CARD_W - 14,
                        10,
                    )
                _fit(item, f"b: {info.ability}", x + 7, y + 68, _RC_CARD_W - 14, 10, fill=MUTED)
            if tokens[slot]:
                _cc_badge(item, x + _RC_CARD_W - 4, y, "$1 token", HIGHLIGHT)

    def _events(self, root: ET.Element, state: dict[str, Any], anchors: dict[str, Box]) -> None:
        g = _el(root, "g", class_="events", fill=INK)
        x0, y = _RC_LEFT, _RC_EVENTS_Y
        _el(g, "text", "events", x=x0, y=y - 6, font_size=11, fill=MUTED)
        events: list[int] = state["events"]
        tokens: list[int] = state["tokens"]
        w = (_RC_WIDTH - 2 * _RC_LEFT - 6 * 8) / 7
        for e, name in enumerate(_RC_EVENT_NAMES):
            x = x0 + e * (w + 8)
            done = bool(events[e])
            box = _el(g, "g", class_=f"event event-{_RC_EVENTS[e]}")
            _el(box, "title", f"{name}: {'activated this round' if done else 'not activated'}")
            _el(
                box,
                "rect",
                x=x,
                y=y,
                width=w,
                height=40,
                rx=6,
                fill="#e6e0d4" if done else "#f8f5ee",
                stroke=_PANEL_LINE,
            )
            anchors[f"event-{e}"] = (x, y, w, 40)
            _fit(
                box,
                name,
                x + 8,
                y + 17,
                w - 16,
                11,
                font_weight="bold",
                fill=MUTED if done else INK,
            )
            _el(
                box,
                "text",
                "activated" if done else "open",
                x=x + 8,
                y=y + 32,
                font_size=10,
                fill=MUTED,
            )
            if tokens[8 + e]:
                _cc_badge(box, x + w - 4, y, "$1 token", HIGHLIGHT)

    def _seat(
        self,
        parent: ET.Element,
        state: dict[str, Any],
        data: _RcData | None,
        seat: int,
        x: float,
        y: float,
        perspective: int | None,
        winners: list[int],
        anchors: dict[str, Box],
    ) -> None:
        info: dict[str, Any] = state["seats"][seat]
        moving = state["to_move"] == seat
        g = _el(parent, "g", class_=f"seat seat-{seat}")
        _el(
            g,
            "rect",
            x=x,
            y=y,
            width=_RC_SEAT_W,
            height=_RC_SEAT_H,
            rx=7,
            fill="#fff4cc" if moving else "#f8f5ee",
            stroke="#d9a520" if moving else _PANEL_LINE,
            stroke_width=2 if moving else 1,
        )
        _el(g, "circle", cx=x + 16, cy=y + 17, r=9, fill=_RC_SEAT[seat], stroke="#ffffff")
        _el(g, "text", f"seat {seat}", x=x + 32, y=y + 22, font_size=14, font_weight="bold")
        tab = _RcTable(data, info)
        level = _RC_LEVELS[state["difficulty"][seat]]
        district = tab.district or ("-" if info["district"] < 0 else f"district {info['district']}")
        tags = [f"{district} ({level})"]
        if perspective == seat:
            tags.append("you")
        if moving:
            tags.append("to move")
        if state["start"] == seat:
            tags.append("first player")
        if seat in winners:
            tags.append("\u2605 winner")
        _fit(g, " \u00b7 ".join(tags), x + 92, y + 22, _RC_SEAT_W - 190, 12, fill=MUTED)
        _el(
            g,
            "text",
            str(info["vp"]),
            x=x + _RC_SEAT_W - 36,
            y=y + 26,
            text_anchor="end",
            font_size=22,
            font_weight="bold",
        )
        _el(
            g,
            "text",
            "VP",
            x=x + _RC_SEAT_W - 10,
            y=y + 26,
            text_anchor="end",
            font_size=11,
            fill=MUTED,
        )
        self._table(g, tab, seat, x + 10, y + 38, anchors)
        self._facts(g, state, data, tab, info, seat, x + 11 * _RC_CELL + 24, y + 50, perspective)

    def _table(
        self,
        parent: ET.Element,
        tab: _RcTable,
        seat: int,
        x: float,
        y: float,
        anchors: dict[str, Box],
    ) -> None:
        c = _RC_CELL
        g = _el(parent, "g", class_=f"table table-{seat}")
        _el(g, "rect", x=x, y=y, width=11 * c, height=11 * c, fill="#ffffff", stroke=_PANEL_LINE)
        connected = {area: tab.connected(area) for area in ("A", "B")}
        for where, square in enumerate(tab.squares):
            row, column = divmod(where, 11)
            sx, sy = x + column * c, y + row * c
            anchors[f"space-{seat}-{where}"] = (sx, sy, c, c)
            if square.region:
                fill = _RC_REGION[square.region]
                if square.region in "AB" and not connected[square.region]:
                    fill = _RC_UNCONNECTED[square.region]
            elif square.suburb:
                fill = _RC_SUBURB
            else:
                continue
            _el(
                g,
                "rect",
                x=sx,
                y=sy,
                width=c,
                height=c,
                fill=fill,
                stroke="#ffffff",
                stroke_width=0.6,
            )
            if square.suburb:
                _el(
                    g,
                    "rect",
                    x=sx + 1,
                    y=sy + 1,
                    width=c - 2,
                    height=c - 2,
                    fill="none",
                    stroke="#b5a27a",
                    stroke_width=0.8,
                    stroke_dasharray="2 1.5",
                )
        _el(
            g,
            "rect",
            x=x + 2 * c,
            y=y + 2 * c,
            width=7 * c,
            height=7 * c,
            fill="none",
            stroke="#7a705f",
            stroke_width=1.2,
        )
        for where, square in enumerate(tab.squares):
            row, column = divmod(where, 11)
            sx, sy = x + column * c, y + row * c
            if square.cover >= 0:
                fill = _RC_LANDMARK if square.cover == 7 else _RC_TYPE_FILL[square.cover]
                letter = "L" if square.cover == 7 else _RC_LETTERS[square.cover]
                on = "#ffffff" if square.cover == 7 else _RC_TYPE_ON[square.cover]
                _el(g, "rect", x=sx + 1, y=sy + 1, width=c - 2, height=c - 2, rx=2, fill=fill)
                _el(
                    g,
                    "text",
                    letter,
                    x=sx + c / 2,
                    y=sy + c * 0.7,
                    text_anchor="middle",
                    font_size=c * 0.55,
                    font_weight="bold",
                    fill=on,
                )
            elif square.symbol == "r":
                _el(
                    g,
                    "path",
                    d=f"M{_num(sx + c * 0.2)} {_num(sy + c * 0.78)}"
                    f"L{_num(sx + c * 0.5)} {_num(sy + c * 0.25)}"
                    f"L{_num(sx + c * 0.8)} {_num(sy + c * 0.78)}Z",
                    fill=_RC_RUBBLE,
                )
            elif square.symbol:
                _el(
                    g,
                    "circle",
                    cx=sx + c / 2,
                    cy=sy + c / 2,
                    r=c * 0.36,
                    fill="#ffffff",
                    stroke=_RC_SIGHT,
                    stroke_width=1.4,
                )
                _el(
                    g,
                    "text",
                    square.symbol,
                    x=sx + c / 2,
                    y=sy + c * 0.68,
                    text_anchor="middle",
                    font_size=c * 0.48,
                    font_weight="bold",
                    fill=_RC_SIGHT,
                )
        # Outline each placed piece, so neighbouring tiles of one type stay apart.
        for where, square in enumerate(tab.squares):
            if square.cover < 0:
                continue
            row, column = divmod(where, 11)
            sx, sy = x + column * c, y + row * c
            for dx, dy, d in (
                (0, -1, f"M{_num(sx)} {_num(sy)}h{c}"),
                (0, 1, f"M{_num(sx)} {_num(sy + c)}h{c}"),
                (-1, 0, f"M{_num(sx)} {_num(sy)}v{c}"),
                (1, 0, f"M{_num(sx + c)} {_num(sy)}v{c}"),
            ):
                nx, ny = column + dx, row + dy
                inside = 0 <= nx < 11 and 0 <= ny < 11
                other = tab.squares[ny * 11 + nx] if inside else None
                if other is None or other.piece != square.piece or other.cover != square.cover:
                    _el(g, "path", d=d, stroke=INK, stroke_width=1.2)

    def _facts(
        self,
        parent: ET.Element,
        state: dict[str, Any],
        data: _RcData | None,
        tab: _RcTable,
        info: dict[str, Any],
        seat: int,
        x: float,
        y: float,
        perspective: int | None,
    ) -> None:
        g = _el(parent, "g", class_="facts", font_size=11, fill=INK)
        width = _RC_SEAT_W - (11 * _RC_CELL + 24) - 10
        quality: list[int] = info["quality"]
        lines = [
            f"${info['money']} \u00b7 {info['vp']} VP \u00b7 unhappy {info['unhappy']}",
            "quality "
            + " ".join(f"{a[0]}{q}" for a, q in zip(("e", "s", "r"), quality, strict=True)),
            "amenity symbols "
            + " ".join(f"{a[0]}{tab.symbols[3 + i]}" for i, a in enumerate(("e", "s", "r"))),
        ]
        counts = " ".join(f"{_RC_LETTERS[t]}{tab.tiles[t]}" for t in range(7))
        lines.append(f"tiles {counts}")
        law: int = info["law"]
        district: int = info["district"]
        law_text = "-"
        if law >= 0:
            law_text = str(law + 1)
            if data is not None and district >= 0:
                law_text += f" ({data.laws[district][law]})"
        lines.append(f"law this round: {law_text}")

        def landmark(k: int) -> str:
            return data.landmarks[k][0] if data is not None else f"landmark {k}"

        kept: list[int] = info["landmarks"]
        built: list[int] = info["built"]
        lost: list[int] = info["lost"]
        lines.append("landmarks: " + (", ".join(landmark(k) for k in kept) or "-"))
        lines.append(
            "built: " + (", ".join(landmark(k) + ("!" if k in lost else "") for k in built) or "-")
        )
        abilities: list[int] = info["abilities"]
        lines.append("abilities: " + (", ".join(f"c{c}" for c in abilities) or "-"))
        hand: list[int] = info["hand"]
        lines.append("suburbs in hand: " + (", ".join(str(s) for s in hand) or "-"))
        lines.append(f"suburbs placed: {sum(1 for p in info['pieces'] if p[0] == 2)}")
        dealt: list[int] = info["dealt"]
        if dealt:
            if perspective is None or perspective == seat:
                lines.append("dealt: " + ", ".join(landmark(k) for k in dealt))
            else:
                lines.append(f"dealt: {len(dealt)} hidden")
        for i, line in enumerate(lines):
            _fit(g, line, x, y + 17 * i, width, 11, fill=INK if i < 2 else MUTED)

    def _legend(self, root: ET.Element, y: float) -> None:
        legend = _el(root, "g", class_="legend", font_size=11, fill=MUTED)
        at = float(_RC_LEFT)
        for t, name in enumerate(_RC_TYPES):
            _el(legend, "rect", x=at, y=y - 10, width=12, height=12, rx=2, fill=_RC_TYPE_FILL[t])
            _el(legend, "text", f"{_RC_LETTERS[t]} {name}", x=at + 16, y=y)
            at += 16 + _text_width(f"{_RC_LETTERS[t]} {name}", 11) + 12
        _el(legend, "rect", x=at, y=y - 10, width=12, height=12, rx=2, fill=_RC_LANDMARK)
        _el(legend, "text", "L landmark", x=at + 16, y=y)
        at += 16 + _text_width("L landmark", 11) + 12
        _el(
            legend,
            "path",
            d=f"M{_num(at)} {_num(y + 1)}L{_num(at + 6)} {_num(y - 10)}"
            f"L{_num(at + 12)} {_num(y + 1)}Z",
            fill=_RC_RUBBLE,
        )
        _el(legend, "text", "rubble", x=at + 16, y=y)
        at += 16 + _text_width("rubble", 11) + 12
        _el(legend, "circle", cx=at + 6, cy=y - 4, r=6, fill="#ffffff", stroke=_RC_SIGHT)
        _el(legend, "text", "sights", x=at + 16, y=y)
        at += 16 + _text_width("sights", 11) + 12
        _el(
            legend,
            "rect",
            x=at,
            y=y - 10,
            width=12,
            height=12,
            fill=_RC_SUBURB,
            stroke="#b5a27a",
            stroke_dasharray="2 1.5",
        )
        _el(legend, "text", "suburb", x=at + 16, y=y)
        at += 16 + _text_width("suburb", 11) + 12
        at, y = float(_RC_LEFT), y + 18
        for fill, name in (
            (_RC_REGION["S"], "neighbourhood"),
            (_RC_REGION["A"], "connected area"),
            (_RC_UNCONNECTED["A"], "unconnected area"),
            (_RC_REGION["#"], "not buildable"),
        ):
            _el(legend, "rect", x=at, y=y - 10, width=12, height=12, fill=fill, stroke=_PANEL_LINE)
            _el(legend, "text", name, x=at + 16, y=y)
            at += 16 + _text_width(name, 11) + 12


DRAWERS: dict[str, Drawer] = {
    "chandigarh": ChandigarhDrawer(),
    "city_connect": CityConnectDrawer(),
    "kardinal": KardinalDrawer(),
    "prestel_new_york": PrestelNewYorkDrawer(),
    "rebuilding_chicago": RebuildingChicagoDrawer(),
}
"""game name -> its drawer; each later game is one more entry here."""
