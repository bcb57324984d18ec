"""Kardinal: the city around the cathedral, the cardinal, and a panel of seats and chips."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any, Final

from ..reference._kardinal_actions import BUILD_END, CARDINAL_BASE, CARDINAL_STAY, action_text
from . import _common as svg

COLOURS: Final = ("red", "green", "blue", "yellow")
# Per colour: the piece and a light tint (yard courtyards).
_PAINT: Final = (svg.RED, svg.GREEN, svg.BLUE, svg.YELLOW)
_TINT: Final = ("#f3c4bd", "#c4e4c8", "#c5d4f0", "#fbebb0")
_SHAPES: Final = ("house", "tower", "yard")
FOURTH: Final = 3  # yellow, shared by all seats with 3 players
_CATHEDRAL: Final = svg.Paint("#fbf9f3", "#4d4640")
_CARDINAL: Final = "#4a1d6e"
_BOARD: Final = "#efe7d4"
_GRID: Final = "#dccfb2"

CELL: Final = 40
_BOARD_LEFT: Final = 28
_BOARD_BOTTOM: Final = 26
_PANEL_GAP: Final = 18
_PANEL_WIDTH: Final = 300
_CATHEDRAL_CELLS: Final = ((0, 0), (1, 0))
_MIN_COLUMNS: Final = 7
_MIN_ROWS: Final = 5


def _outline(parent: ET.Element, d: str, paint: svg.Paint) -> None:
    """A piece's outline ``d``, filled and edged in its paint."""
    svg.path(
        parent, d, fill=paint.fill, stroke=paint.dark, stroke_width=1.6, stroke_linejoin="round"
    )


def _house(parent: ET.Element, x: float, y: float, paint: svg.Paint) -> None:
    """A house: a square with a pitched roof and a door, in the cell whose corner is x, y."""
    _outline(
        parent,
        f"M{svg.num(x + 7)} {svg.num(y + 34)}V{svg.num(y + 18)}"
        f"L{svg.num(x + 20)} {svg.num(y + 6)}"
        f"L{svg.num(x + 33)} {svg.num(y + 18)}V{svg.num(y + 34)}Z",
        paint,
    )
    svg.rect(parent, x + 16.5, y + 24, 7, 10, fill=paint.dark, opacity=0.55)


def _tower(parent: ET.Element, x: float, y: float, paint: svg.Paint) -> None:
    """A tower: narrow and tall, with battlements and a slit window."""
    a, top, bottom = x + 10, y + 4, y + 35
    _outline(
        parent,
        f"M{svg.num(a)} {svg.num(bottom)}V{svg.num(top)}"
        f"H{svg.num(a + 4)}V{svg.num(top + 4)}H{svg.num(a + 8)}"
        f"V{svg.num(top)}H{svg.num(a + 12)}V{svg.num(top + 4)}H{svg.num(a + 16)}V{svg.num(top)}"
        f"H{svg.num(a + 20)}V{svg.num(bottom)}Z",
        paint,
    )
    svg.rect(parent, x + 18, y + 14, 4, 9, rx=2, fill=paint.dark, opacity=0.55)


def _yard(parent: ET.Element, x: float, y: float, width: float, height: float, colour: int) -> None:
    """A yard: a walled courtyard over two cells (x, y is the top-left corner of both)."""
    for inset, rx, fill, line in ((4, 6, _PAINT[colour].fill, 1.6), (10, 3, _TINT[colour], 0.8)):
        w, h = width - 2 * inset, height - 2 * inset
        svg.rect(
            parent,
            x + inset,
            y + inset,
            w,
            h,
            rx=rx,
            fill=fill,
            stroke=_PAINT[colour].dark,
            stroke_width=line,
        )


def _cathedral(parent: ET.Element, x: float, y: float) -> None:
    """The cathedral over two cells from x, y: the nave (a house) and its clock-tower."""
    svg.rect(
        parent,
        x + 2,
        y + 2,
        2 * CELL - 4,
        CELL - 4,
        rx=5,
        fill="#d8d2c6",
        stroke=_CATHEDRAL.dark,
        stroke_width=1.2,
    )
    _house(parent, x, y, _CATHEDRAL)
    svg.path(
        parent,
        f"M{svg.num(x + 20)} {svg.num(y + 9)}V{svg.num(y + 19)}"
        f"M{svg.num(x + 16.5)} {svg.num(y + 12.5)}"
        f"H{svg.num(x + 23.5)}",
        stroke=_CATHEDRAL.dark,
        stroke_width=1.6,
    )
    tower_x = x + CELL
    _tower(parent, tower_x, y, _CATHEDRAL)
    svg.circle(
        parent, tower_x + 20, y + 26, 4, fill="none", stroke=_CATHEDRAL.dark, stroke_width=1.2
    )


def _cardinal(parent: ET.Element, cx: float, cy: float) -> None:
    """The cardinal: a robed figure on a white disc."""
    svg.circle(parent, cx, cy, 15, fill="#ffffff", stroke=_CARDINAL, stroke_width=2)
    svg.path(
        parent,
        f"M{svg.num(cx - 8)} {svg.num(cy + 11)}"
        f"L{svg.num(cx - 3.5)} {svg.num(cy - 2)}H{svg.num(cx + 3.5)}"
        f"L{svg.num(cx + 8)} {svg.num(cy + 11)}Z",
        fill=_CARDINAL,
    )
    svg.circle(parent, cx, cy - 6.5, 5, fill=_CARDINAL)
    svg.path(
        parent,
        f"M{svg.num(cx)} {svg.num(cy + 1)}V{svg.num(cy + 8)}"
        f"M{svg.num(cx - 2.5)} {svg.num(cy + 3.5)}"
        f"H{svg.num(cx + 2.5)}",
        stroke="#ffffff",
        stroke_width=1.2,
    )


def _chip(
    parent: ET.Element, cx: float, cy: float, colour: int, count: int, mark: bool = False
) -> None:
    """A chip of ``colour`` with ``count`` on it; faded at 0; ``mark`` rings it."""
    if mark:
        svg.circle(parent, cx, cy, 13, fill="none", stroke=svg.HIGHLIGHT, stroke_width=3)
    svg.circle(
        parent,
        cx,
        cy,
        10,
        fill=_PAINT[colour].fill,
        stroke=_PAINT[colour].dark,
        stroke_width=1,
        opacity=1 if count else 0.25,
    )
    svg.centred(
        parent,
        str(count),
        cx,
        cy + 4,
        11,
        font_weight="bold",
        fill=_PAINT[colour].on,
        opacity=1 if count else 0.6,
    )


def _mini_piece(parent: ET.Element, x: float, y: float, shape: int, colour: int) -> None:
    """A piece at 45% size with its top-left at x, y (a yard lies across two mini cells)."""
    group = svg.el(parent, "g", transform=f"translate({svg.num(x)} {svg.num(y)}) scale(0.45)")
    if shape == 0:
        _house(group, 0, 0, _PAINT[colour])
    elif shape == 1:
        _tower(group, 0, 0, _PAINT[colour])
    else:
        _yard(group, 0, 0, 2 * CELL, CELL, colour)


def _left_line(parent: ET.Element, x: float, y: float, colour: int, counts: list[int]) -> None:
    """The pieces of ``colour`` not yet built: a mini house, tower and yard with counts."""
    for shape, count in enumerate(counts):
        group = svg.el(parent, "g", opacity=1 if count else 0.3)
        _mini_piece(group, x, y, shape, colour)
        width = 36 if shape == 2 else 18
        svg.label(group, f"\u00d7{count}", x + width + 1, y + 13, font_size=11, fill=svg.INK)
        x += width + 20


class KardinalDrawer:
    """Draws a Kardinal state: the city, the cardinal, each seat's chips and pieces."""

    def seats(self, state: dict[str, Any]) -> int:
        players: int = state["players"]
        return players

    def bounds(self, state: dict[str, Any]) -> svg.Bounds:
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
        self, state: dict[str, Any], perspective: int | None, bounds: svg.Bounds | None
    ) -> ET.Element:

        x0, y0, x1, y1 = bounds if bounds is not None else self.bounds(state)
        columns, rows = x1 - x0 + 1, y1 - y0 + 1
        board_width, board_height = columns * CELL, rows * CELL
        players: int = state["players"]
        history: list[int] = state["history"]
        last = history[-1] if history else None
        panel_x = _BOARD_LEFT + board_width + _PANEL_GAP
        panel_height = self._panel_height(players)
        width = panel_x + _PANEL_WIDTH + 12
        height = max(svg.TOP + board_height + _BOARD_BOTTOM, panel_height + 2 * svg.TOP)
        status = self._status(state)
        root = svg.picture(width, height, "Kardinal", state, status)

        def corner(x: int, y: int) -> tuple[float, float]:
            return _BOARD_LEFT + (x - x0) * CELL, svg.TOP + (y1 - y) * CELL

        # The board: a plain grid with coordinates, as in the text rendering.
        board = svg.el(root, "g", class_="board")
        svg.rect(board, _BOARD_LEFT, svg.TOP, board_width, board_height, fill=_BOARD)
        lines = [
            f"M{svg.num(_BOARD_LEFT + i * CELL)} {svg.TOP}v{board_height}"
            for i in range(1, columns)
        ]
        lines += [
            f"M{_BOARD_LEFT} {svg.num(svg.TOP + j * CELL)}h{board_width}" for j in range(1, rows)
        ]
        if lines:
            svg.path(board, "".join(lines), stroke=_GRID, stroke_width=1)
        svg.rect(
            board,
            _BOARD_LEFT,
            svg.TOP,
            board_width,
            board_height,
            fill="none",
            stroke="#b9a983",
            stroke_width=1.5,
        )
        labels = svg.el(board, "g", font_size=11, fill=svg.MUTED, text_anchor="middle")
        for x in range(x0, x1 + 1):
            cx = corner(x, 0)[0] + CELL / 2
            svg.label(labels, str(x), cx, svg.TOP + board_height + 16)
        for y in range(y0, y1 + 1):
            cy = corner(0, y)[1] + CELL / 2
            svg.label(labels, str(y), _BOARD_LEFT - 13, cy + 4)

        pieces = svg.el(root, "g", class_="pieces")
        _cathedral(pieces, *corner(0, 0))
        for edifice in state["edifices"]:
            colour = COLOURS.index(edifice["colour"])
            shape = _SHAPES.index(edifice["shape"])
            px, py = corner(*edifice["cells"][0])
            if shape == 0:
                _house(pieces, px, py, _PAINT[colour])
            elif shape == 1:
                _tower(pieces, px, py, _PAINT[colour])
            else:
                left, top, w, h = self._box(edifice["cells"], corner)
                _yard(pieces, left, top, w, h, colour)

        if state["cardinal"]:
            kx, ky = corner(*state["cardinal"])
            _cardinal(svg.el(root, "g", class_="cardinal"), kx + CELL / 2, ky + CELL / 2)

        # The last action, drawn over the board: the edifice built, the cardinal moved (a
        # dashed ring if it stayed); a chip taken is ringed in the panel.
        marks = svg.el(root, "g", class_="last-action", fill="none", stroke=svg.HIGHLIGHT)
        if last is not None and last < BUILD_END:
            left, top, w, h = self._box(state["edifices"][-1]["cells"], corner)
            svg.rect(marks, left + 1.5, top + 1.5, w - 3, h - 3, rx=6)
            marks.set("stroke-width", "3")
        elif last is not None and last >= CARDINAL_BASE and state["cardinal"]:
            kx, ky = corner(*state["cardinal"])
            stayed = last == CARDINAL_STAY
            svg.circle(marks, kx + CELL / 2, ky + CELL / 2, 18.5)
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
        return 96 + players * (self._seat_height(players) + svg.SEAT_GAP) + 40 + extra + 106

    def _status(self, state: dict[str, Any]) -> str:
        if state["phase"] == "end":
            return f"game over: {svg.winners_text(self.winners(state))}"
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

        players: int = state["players"]
        history: list[int] = state["history"]
        last = history[-1] if history else None
        panel = svg.el(root, "g", class_="panel", fill=svg.INK)
        y = float(svg.TOP)
        facts = [f"{players} players", f"move {len(history)}"]
        last_text = None if last is None else action_text(last)
        svg.heading(panel, x, y, "Kardinal", facts, status, last_text, facts_x=x + 96, status_y=42)
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
            row = svg.seat_panel(panel, seat, x, y, _PANEL_WIDTH, seat_height, moving)
            owns = self._owns(players, seat)
            for i, colour in enumerate(owns):
                size = 18 / len(owns)
                svg.rect(row, x + 10 + i * size, y + 9, size, 18, fill=_PAINT[colour].fill)
            svg.rect(row, x + 10, y + 9, 18, 18, rx=2, fill="none", stroke=svg.INK, stroke_width=1)
            won = seat in winners
            tags = svg.seat_tags(seat, perspective, moving, won)
            svg.seat_name(row, seat, x + 36, y + 23, tags, x + 90, moving or won)
            held = state["chips"][seat]
            score = f"{sum(held)} + {max(held)}"
            svg.tally(row, str(scores[seat]), score, x + _PANEL_WIDTH - 12, y + 28, y + 44)
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
            y += seat_height + svg.SEAT_GAP

        svg.label(panel, "supply", x, y + 18, font_size=12, fill=svg.MUTED)
        for colour in range(4):
            _chip(panel, x + 70 + colour * 26, y + 14, colour, state["supply"][colour])
        if players == 3:
            y += 28
            svg.label(panel, "aside", x, y + 18, font_size=12, fill=svg.MUTED)
            for colour in range(4):
                _chip(panel, x + 70 + colour * 26, y + 14, colour, state["aside"][colour])
            y += 28
            svg.label(panel, "shared", x, y + 18, font_size=12, fill=svg.MUTED)
            _left_line(panel, x + 60, y + 5, FOURTH, state["left"][FOURTH])
        y += 40
        self._legend(panel, x, y)

    @staticmethod
    def _legend(parent: ET.Element, x: float, y: float) -> None:
        legend = svg.legend(parent, x, y, _PANEL_WIDTH)
        y += 8
        _mini_piece(legend, x, y, 0, 0)
        svg.label(legend, "house", x + 21, y + 13)
        _mini_piece(legend, x + 62, y, 1, 0)
        svg.label(legend, "tower", x + 83, y + 13)
        _mini_piece(legend, x + 124, y, 2, 0)
        svg.label(legend, "yard", x + 163, y + 13)
        y += 26
        group = svg.el(legend, "g", transform=f"translate({svg.num(x)} {svg.num(y)}) scale(0.45)")
        _cathedral(group, 0, 0)
        svg.label(legend, "cathedral", x + 40, y + 13)
        group = svg.el(
            legend, "g", transform=f"translate({svg.num(x + 133)} {svg.num(y + 9)}) scale(0.55)"
        )
        _cardinal(group, 0, 0)
        svg.label(legend, "cardinal", x + 146, y + 13)
        svg.last_mark(legend, x + 202, y + 1, size=14)
        svg.label(legend, "last move", x + 221, y + 13)
        y += 26
        svg.label(legend, "score: all chips, the largest colour counted twice", x, y + 12)
