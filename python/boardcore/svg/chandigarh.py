"""Chandigarh: the city of sector tiles with its plots, plazas, streets and street tiles, the
architects at the junctions, the project reserve and deck, the general reserve, the
specialists, the turn in progress, and per seat its PP, reserve, project and tokens.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Any, Final

from ..reference import _chandigarh_actions as actions
from . import _common as svg

COLOURS: Final = ("yellow", "blue", "red", "green")
"""The building colours by id (shops, amenities, temples, parks); letters ``y b r g``."""
_KINDS: Final = ("shops", "amenities", "temples", "parks")
_PAINT: Final = (svg.YELLOW, svg.BLUE, svg.RED, svg.GREEN)
_TILE: Final = ("#e4d3b0", "#c9d9e6")
"""Sector tiles: the brown side (2-3 players), the blue side (4 players)."""
_TILE_LINE: Final = ("#b59f73", "#8ea7bb")
_DONE: Final = ("#cdb98f", "#a9c0d3")
_STREET: Final = "#d8d2c6"
_PLAZA: Final = "#f7f3ea"
_PLOT: Final = svg.Paint("#fbf8f1", "#9c8a66")
_STREET_TILE: Final = "#4a5568"
_CARD_W: Final = 104
_CARD_H: Final = 74
_CARD_STEP: Final = 110
_PATTERN_NAMES: Final = {
    "opposite": "opposite sides",
    "across": "across a street",
    "line3": "line of 3",
    "line2": "line of 2",
    "cross": "cross",
    "diagonal": "diagonal of 3",
    "perimeter": "on the perimeter",
    "street": "along a street",
}
_SPECIALIST_KIND: Final = {
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
_BONUS: Final = ("", "Head of Amenities", "Park Manager")

_BOARD_W: Final = 600
_CITY: Final = 480
"""The city's window (its cells) is at most this many pixels wide and high."""
_CITY_X: Final = svg.MARGIN + 34
_CITY_Y: Final = svg.BODY_Y + 74
_PANEL_X: Final = svg.MARGIN + _BOARD_W + 16
_PANEL_W: Final = svg.PAGE_WIDTH - _PANEL_X - svg.MARGIN
_BOARD_H: Final = 570
_TURN_Y: Final = svg.BODY_Y + _BOARD_H + 10
_TURN_H: Final = 96
_SPEC_Y: Final = svg.BODY_Y + 116
_SEATS_Y: Final = _SPEC_Y + 84
_SEAT_H: Final = 110
_HEIGHT: Final = _TURN_Y + _TURN_H + 46


@dataclass(frozen=True)
class _Data:
    """The packaged component file, as much of it as the picture needs."""

    plots: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
    """By side of the tiles (brown, blue): per sector tile, plots per side n e s w."""
    printed: tuple[tuple[tuple[int, int, int], ...], tuple[tuple[int, int, int], ...]]
    """By side of the tiles: the pre-printed plots as slot ids and their colour, per tile."""
    streets: tuple[tuple[int, int], ...]
    """Per street tile: its value and its tie value."""
    cards: tuple[actions.Card, ...]
    specialists: tuple[tuple[str, str, int, int], ...]
    """Per specialist: slug, name, colour, stars."""
    supervisors: int


def _colour(letter: object) -> int:
    return actions.COLOURS.index(str(letter)) if str(letter) in actions.COLOURS else 4


@svg.packaged("chandigarh.toml")
def _data(doc: dict[str, Any]) -> _Data:
    """``data/chandigarh.toml`` of the package, or None if it cannot be read: the picture then
    draws every slot where a building stands and labels cards by id."""
    plots = tuple(
        tuple(tuple(int(n) for n in entry[side]) for entry in doc["sector"])
        for side in ("brown", "blue")
    )
    printed = tuple(
        tuple(
            ((4 * t + actions.SIDES.index(where)) * 3 + int(k), _colour(colour), t)
            for t, entry in enumerate(doc["sector"])
            for colour, where, k in entry.get(f"{side}_printed", [])
        )
        for side in ("brown", "blue")
    )
    cards = tuple(
        actions.Card(
            pattern=str(entry["pattern"]),
            colours=tuple(_colour(c) for c in entry["colours"]),
            stars=int(entry["stars"]),
            steps=int(entry["steps"]),
            left=tuple(_colour(c) for c in entry["left"]),
            right=tuple(_colour(c) for c in entry["right"]),
        )
        for entry in doc["card"]
    )
    return _Data(
        plots=(plots[0], plots[1]),
        printed=(printed[0], printed[1]),
        streets=tuple((int(e["value"]), int(e["tie"])) for e in doc["street"]),
        cards=cards,
        specialists=tuple(
            (str(e["slug"]), str(e["name"]), _colour(e["colour"]), int(e["stars"]))
            for e in doc["specialist"]
        ),
        supervisors=int(doc["rules"]["supervisors"]),
    )


def _fits(data: _Data, state: dict[str, Any]) -> bool:
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


def _winner(state: dict[str, Any]) -> int:
    """At the end, the seat with the most PP, ties to the earliest in turn order from the
    starting seat (ruling 20); -1 before."""
    if state["phase"] != "end":
        return -1
    pp: list[int] = state["pp"]
    n: int = state["players"]
    start: int = state["start"]
    order = [(start + i) % n for i in range(n)]
    return max(order, key=lambda seat: (pp[seat], -order.index(seat)))


_AROUND: Final = {2: (0.75, 1.75), 3: (0.25, 0.92, 1.58), 4: (0, 0.5, 1, 1.5)}
"""Where architects sharing a junction stand round it, in half turns from the right (y
down): away from the up-left, where the sector's number is written."""
_SAID: Final = {
    "stop": "the architect stops its move",
    "end": "the turn ends, no more specialists used",
    "pass": "no step and no add possible: the turn passes",
    "skip": "the offer is declined",
}
"""What the one-word actions did, for the last move's line."""


def _building(
    parent: ET.Element, x: float, y: float, size: float, colour: int, centre: bool = False
) -> None:
    """A building of ``colour`` in the box at x, y: a coloured block with its letter (a
    centre-of-side building is a diamond)."""
    if centre:
        h = size / 2
        svg.path(
            parent,
            f"M{svg.num(x + h)} {svg.num(y - 1)}"
            f"l{svg.num(h + 1)} {svg.num(h + 1)}l{svg.num(-h - 1)} "
            f"{svg.num(h + 1)}l{svg.num(-h - 1)} {svg.num(-h - 1)}z",
            fill=_PAINT[colour].fill,
            stroke=_PAINT[colour].dark,
            stroke_width=1,
        )
    else:
        svg.rect(
            parent,
            x,
            y,
            size,
            size,
            rx=size * 0.18,
            fill=_PAINT[colour].fill,
            stroke=_PAINT[colour].dark,
            stroke_width=1,
        )
    if size >= 9:
        svg.centred(
            parent,
            actions.COLOURS[colour],
            x + size / 2,
            y + size * 0.72,
            size * 0.66,
            font_weight="bold",
            fill=_PAINT[colour].on,
        )


def _icon(parent: ET.Element, x: float, y: float, size: float, colour: int) -> None:
    """A building icon of a card's end: a colour, or (4) "any" as four quarters."""
    if colour < 4:
        _building(parent, x, y, size, colour)
        return
    h = size / 2
    for i in range(4):
        svg.rect(parent, x + h * (i % 2), y + h * (i // 2), h, h, fill=_PAINT[i].fill)
    svg.rect(
        parent, x, y, size, size, rx=size * 0.18, fill="none", stroke=svg.INK, stroke_width=0.8
    )


def _architect_chip(parent: ET.Element, cx: float, cy: float, seat: int, r: float = 8) -> None:
    """An architect or seat marker: a disc of ``seat``'s colour with its number."""
    svg.seat_chip(parent, cx, cy, seat, r, fill=svg.PAWNS[seat], on="#ffffff", ring=False)


def _supervisor(parent: ET.Element, cx: float, cy: float, seat: int, r: float) -> None:
    """A supervisor: a small person of the seat's colour."""
    g = svg.el(parent, "g", class_="supervisor")
    svg.el(g, "title", f"supervised by seat {seat}")
    svg.circle(g, cx, cy - r * 0.55, r * 0.42, fill=svg.PAWNS[seat], stroke="#ffffff")
    svg.path(
        g,
        f"M{svg.num(cx - r * 0.75)} {svg.num(cy + r)}"
        f"Q{svg.num(cx - r * 0.75)} {svg.num(cy - r * 0.1)} "
        f"{svg.num(cx)} {svg.num(cy - r * 0.1)}Q{svg.num(cx + r * 0.75)} {svg.num(cy - r * 0.1)} "
        f"{svg.num(cx + r * 0.75)} {svg.num(cy + r)}Z",
        fill=svg.PAWNS[seat],
        stroke="#ffffff",
    )


def _pawn(parent: ET.Element, cx: float, cy: float, colour: int, r: float, name: str) -> None:
    """A specialist pawn: a cone of the specialist's colour."""
    g = svg.el(parent, "g", class_="pawn")
    svg.el(g, "title", f"{name} (pawn)")
    svg.path(
        g,
        f"M{svg.num(cx - r * 0.7)} {svg.num(cy + r)}"
        f"L{svg.num(cx - r * 0.25)} {svg.num(cy - r * 0.3)}"
        f"H{svg.num(cx + r * 0.25)}L{svg.num(cx + r * 0.7)} {svg.num(cy + r)}Z",
        fill=_PAINT[colour].fill,
        stroke=_PAINT[colour].dark,
    )
    svg.circle(g, cx, cy - r * 0.5, r * 0.38, fill=_PAINT[colour].fill, stroke=_PAINT[colour].dark)


def _steps(parent: ET.Element, x: float, y: float, steps: int) -> None:
    """Footprints, one pair per step."""
    for i in range(steps):
        at = x + 9 * i
        svg.el(parent, "ellipse", cx=at + 2, cy=y + 1.5, rx=1.6, ry=2.6, fill=svg.MUTED)
        svg.el(parent, "ellipse", cx=at + 5.5, cy=y - 1.5, rx=1.6, ry=2.6, fill=svg.MUTED)


def _pattern(parent: ET.Element, x: float, y: float, card: actions.Card) -> None:
    """The card's pattern as a little diagram in the 44 x 30 box at x, y: sectors as squares,
    the required buildings as coloured dots."""
    a = card.colours[0]
    b = card.colours[1] if len(card.colours) > 1 else a
    g = svg.el(parent, "g", class_="pattern")

    def sector(sx: float, sy: float, s: float = 10, dashed: bool = False) -> None:
        svg.rect(
            g,
            sx,
            sy,
            s,
            s,
            rx=1.5,
            fill="#ece3cf" if not dashed else "none",
            stroke="#a89670",
            stroke_width=0.8,
            stroke_dasharray="2 1.5" if dashed else None,
        )

    def dot(cx: float, cy: float, colour: int) -> None:
        svg.circle(g, cx, cy, 2.6, fill=_PAINT[colour].fill, stroke=_PAINT[colour].dark)

    kind = card.pattern
    cx, cy = x + 22, y + 15
    if kind == "opposite":
        sector(cx - 11, cy - 11, 22)
        dot(cx, cy - 8, a)
        dot(cx, cy + 8, b)
    elif kind == "across":
        sector(cx - 21, cy - 9, 18)
        sector(cx + 3, cy - 9, 18)
        svg.path(g, f"M{svg.num(cx)} {svg.num(cy - 12)}V{svg.num(cy + 12)}", stroke=svg.MUTED)
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
        svg.path(
            g,
            f"M{svg.num(cx - 15)} {svg.num(cy - 9)}H{svg.num(cx + 15)}",
            stroke=svg.INK,
            stroke_width=2,
        )
        dot(cx, cy - 3, a)
    else:  # street
        svg.rect(g, cx - 2, cy - 14, 4, 28, fill=svg.MUTED)
        for i in range(2):
            sector(cx - 14, cy - 13 + 14 * i, 11)
            sector(cx + 3, cy - 13 + 14 * i, 11)
            dot(cx - 6, cy - 7.5 + 14 * i, a)
            dot(cx + 6, cy - 7.5 + 14 * i, a)


def _card(
    parent: ET.Element, x: float, y: float, index: int, data: _Data | None, scale: float = 1
) -> ET.Element:
    """A project card: its id and stars on top, the steps, the pattern, and the buildings
    on its left and right ends."""
    w, h = _CARD_W * scale, _CARD_H * scale
    card = data.cards[index] if data and 0 <= index < len(data.cards) else None
    g = svg.card_face(parent, x, y, w, h)
    if card is None:
        svg.el(g, "title", f"card {index}")
        svg.centred(g, f"card {index}", x + w / 2, y + h / 2 + 4, 11, font_weight="bold")
        return g
    colours = " and ".join(COLOURS[c] for c in card.colours)
    ends = [
        f"{end} " + (" ".join("any" if c == 4 else COLOURS[c] for c in icons) or "none")
        for end, icons in (("left", card.left), ("right", card.right))
    ]
    plural = "s" if card.steps != 1 else ""
    svg.el(
        g,
        "title",
        f"card {index}: {card.pattern} {colours}, {card.stars} \u2605, {card.steps} step{plural}, "
        + ", ".join(ends),
    )
    inner = svg.el(
        g, "g", transform=f"translate({svg.num(x)} {svg.num(y)}) scale({svg.num(scale)})"
    )
    svg.label(inner, f"#{index}", 6, 13, font_size=10, fill=svg.MUTED)
    svg.right_aligned(
        inner, f"{card.stars}\u2605", _CARD_W - 6, 14, 12, font_weight="bold", fill="#9a6b00"
    )
    _steps(inner, 32, 9, card.steps)
    _pattern(inner, 30, 20, card)
    svg.fit(
        inner,
        _PATTERN_NAMES.get(card.pattern, card.pattern),
        _CARD_W / 2,
        _CARD_H - 7,
        _CARD_W - 30,
        8.5,
        text_anchor="middle",
        fill=svg.MUTED,
    )
    for end, icons in ((0, card.left), (1, card.right)):
        ix = 4 if end == 0 else _CARD_W - 15
        for i, colour in enumerate(icons):
            _icon(inner, ix, 24 + 14 * i, 11, colour)
    return g


@dataclass
class _Frame(svg.Frame):
    """A drawing of a Chandigarh state: the packaged data (None if the state does not fit
    it) and the city's geometry; anchors are keyed like ``slot-17``."""

    data: _Data | None
    cells: list[tuple[int, int]]
    """Per sector tile, its cell (column, row)."""
    cell: float
    """The cell size in pixels."""
    origin: tuple[float, float]
    """The pixel position of grid point (0, 0)."""

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
        colours = "/".join(actions.COLOURS[c] for c in card.colours)
        return f"card {index} ({card.pattern} {colours})"

    def specialist(self, colour: int) -> str:
        """The name of the specialist of ``colour`` in play."""
        ids: list[int] = self.state["specialists"]
        if colour >= len(ids):
            return f"{COLOURS[colour]} specialist"
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


def _cells(state: dict[str, Any]) -> list[tuple[int, int]]:
    cells = [(t % 4, t // 4) for t in range(16)]
    for tile, column, row in state["variant"]:
        cells[tile] = (column, row)
    return cells


class ChandigarhDrawer(svg.TableDrawer):
    """Draws a Chandigarh state: the city (sectors, plots, plazas with pawns and supervisors,
    architects at the junctions, street tiles), the project reserve and deck, the general
    reserve, the specialists, the turn in progress, and per seat its PP, reserve, project,
    tokens and supervisors."""

    CHART = svg.PAWNS
    # A turn opens with a step, an add, a specialist or a pass, and steps and specialists
    # come later in the turn too: no action tells a turn's start (starts_turn). Turns
    # change seats.

    @staticmethod
    def _status(state: dict[str, Any]) -> str:
        """The first line of the text rendering (docs/games/chandigarh.md)."""
        phase, turn, seat = state["phase"], state["turn"], state["to_move"]
        if phase == "setup":
            return "setup"
        if phase == "end":
            return f"game over: winner {_winner(state)}"
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
            "relocate": f"to relocate the {actions.COLOURS[pending['relocate']]} pawn",
            "bonus": "to take a bonus building",
            "takes": "to take buildings",
            "discard": "to discard",
        }
        return f"turn {turn}: seat {seat} {doing.get(phase, phase)}"

    def _last(self, frame: _Frame) -> tuple[str | None, list[str]]:
        """The last action in notation and the boxes to mark (the first one drawn is
        marked). The one hidden thing is which street tile was drawn face down: a seat's
        picture says a tile was drawn, and marks nothing."""
        state = frame.state
        history: list[int] = state["history"]
        if not history:
            return None, []
        action = history[-1]
        text = actions.action_text(action)
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
            return text, [f"street-{actions.STREET_NAMES.index(text.split()[1])}"]
        if word == "first":
            return text, [f"seat-{text.split()[1]}"]
        if word in _SAID:
            return f"{text} ({_SAID[word]})", []
        return text, []

    def draw(
        self, state: dict[str, Any], perspective: int | None, bounds: svg.Bounds | None
    ) -> ET.Element:
        data = svg.fitting(_data(), _fits, state)
        cells = _cells(state)
        columns = [c for c, _ in cells]
        rows = [r for _, r in cells]
        across = max(max(columns) - min(columns), max(rows) - min(rows)) + 1
        cell = min(120.0, _CITY / across)
        ox = _CITY_X + (_CITY - (max(columns) - min(columns) + 1) * cell) / 2
        oy = _CITY_Y + (_CITY - (max(rows) - min(rows) + 1) * cell) / 2
        origin = (ox - min(columns) * cell, oy - min(rows) * cell)
        frame = _Frame(state, perspective, data, cells, cell, origin)
        players: int = state["players"]
        status = self._status(state)
        root = svg.picture(svg.PAGE_WIDTH, _HEIGHT, "Chandigarh", state, status, perspective)
        last, marks = self._last(frame)
        self._header(root, frame, status, last)
        self._city(root, frame)
        self._turn(root, frame)
        self._row(root, frame)
        self._supply(root, frame)
        self._specialists(root, frame)
        panel = svg.el(root, "g", class_="panel", fill=svg.INK)
        winner = _winner(state)
        for seat in range(players):
            self._seat(panel, frame, seat, svg.stacked(_SEATS_Y, seat, _SEAT_H), winner)
        self._legend(root)
        svg.ring(root, svg.first(frame.anchors, marks), 3, 6)
        return root

    # --- the parts of the picture ------------------------------------------------------------

    def _header(self, root: ET.Element, frame: _Frame, status: str, last: str | None) -> None:
        state = frame.state
        header = svg.el(root, "g", class_="header", fill=svg.INK)
        x, y = svg.MARGIN, svg.TOP
        facts = [f"{state['players']} players", f"turn {state['turn']}"]
        facts.append(f"move {len(state['history'])}")
        facts.append("specialists" if state["specialists"] else "no specialists")
        facts.append("blue side" if frame.blue else "brown side")
        if state["variant"]:
            moved = ", ".join(f"sector {t} to {c},{r}" for t, c, r in state["variant"])
            facts.append(f"variant: {moved}")
        if frame.data is None:
            facts.append("not the packaged data: plots as built, cards by id")
        svg.heading(
            header,
            x,
            y,
            "Chandigarh",
            facts,
            status,
            last,
            perspective=frame.perspective,
            facts_x=x + 128,
            facts_width=svg.PAGE_WIDTH - x - 144,
            last_width=640,
        )

    def _city(self, root: ET.Element, frame: _Frame) -> None:
        cell = frame.cell
        pad = cell * 0.07
        board = svg.el(root, "g", class_="city")
        svg.rect(
            board,
            svg.MARGIN,
            svg.BODY_Y,
            _BOARD_W,
            _BOARD_H,
            rx=8,
            fill="#f6f2e8",
            stroke=svg.PANEL_LINE,
        )
        streets = svg.el(board, "g", class_="streets", fill=_STREET)
        for column, row in frame.cells:
            x, y = frame.point(column, row)
            svg.rect(streets, x - pad, y - pad, cell + 2 * pad, cell + 2 * pad)
        for tile, (column, row) in enumerate(frame.cells):
            self._sector(board, frame, tile, *frame.point(column, row))
        corners = sorted(
            {(c + dx, r + dy) for c, r in frame.cells for dx in (0, 1) for dy in (0, 1)},
            key=lambda p: (p[1], p[0]),
        )
        dots = svg.el(board, "g", class_="junctions", fill="#9c9282")
        for x, y in corners:
            px, py = frame.point(x, y)
            svg.circle(dots, px, py, max(1.5, cell * 0.022))
        self._street_tiles(board, frame)
        self._architects(board, frame)

    def _sector(self, parent: ET.Element, frame: _Frame, tile: int, x: float, y: float) -> None:
        state = frame.state
        cell = frame.cell
        pad = cell * 0.07
        size = cell - 2 * pad
        tx, ty = x + pad, y + pad
        done = frame.completed(tile)
        g = svg.el(parent, "g", class_=f"sector sector-{tile}")
        svg.el(g, "title", f"sector {tile}" + (" (completed)" if done else ""))
        svg.rect(
            g,
            tx,
            ty,
            size,
            size,
            rx=cell * 0.05,
            fill=(_DONE if done else _TILE)[frame.blue],
            stroke=_TILE_LINE[frame.blue],
            stroke_width=1.2,
        )
        frame.anchors[f"sector-{tile}"] = (tx, ty, size, size)
        svg.right_aligned(
            g,
            str(tile),
            tx + size - 4,
            ty + size - 4,
            max(7.0, cell * 0.09),
            font_weight="bold",
            fill=_TILE_LINE[frame.blue],
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
                    _building(g, px, py, plot, colour, centre=k == 2)
                else:
                    svg.rect(
                        g,
                        px,
                        py,
                        plot,
                        plot,
                        rx=plot * 0.18,
                        fill=_PLOT.fill,
                        stroke=_PLOT.dark,
                        stroke_width=0.9,
                        stroke_dasharray="2.5 1.5",
                    )
        # The plaza: the supervisor and the specialist's pawn.
        cx, cy = x + cell / 2, y + cell / 2
        r = cell * 0.15
        svg.circle(g, cx, cy, r, fill=_PLAZA, stroke=_TILE_LINE[frame.blue])
        frame.anchors[f"plaza-{tile}"] = (cx - r, cy - r, 2 * r, 2 * r)
        supervisor: int = state["supervisors"][tile]
        pawns = [c for c, where in enumerate(state["pawns"]) if where == tile]
        shown = (1 if supervisor >= 0 else 0) + len(pawns)
        at = cx - (shown - 1) * r * 0.45
        if supervisor >= 0:
            _supervisor(g, at, cy, supervisor, r * 0.5)
            at += r * 0.9
        for colour in pawns:
            _pawn(g, at, cy, colour, r * 0.5, frame.specialist(colour))
            at += r * 0.9

    def _street_tiles(self, parent: ET.Element, frame: _Frame) -> None:
        """The street tiles: x streets above the city, y streets to its right, the corner
        tile (the perimeter's) in the top right corner."""
        state = frame.state
        top = min(r for _, r in frame.cells)
        right = max(c for c, _ in frame.cells) + 1
        g = svg.el(parent, "g", class_="street-tiles")
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
            name = actions.STREET_NAMES[place] if place < 6 else "perimeter"
            tile: int = state["streets"][place]
            box = (px - w / 2, py - h / 2, w, h)
            frame.anchors[f"street-{place}"] = box
            if tile < 0:
                svg.rect(
                    g,
                    box[0],
                    box[1],
                    w,
                    h,
                    rx=4,
                    fill="none",
                    stroke=svg.MUTED,
                    stroke_dasharray="4 3",
                )
                value = "\u2013"
                colour = svg.MUTED
            else:
                svg.rect(g, box[0], box[1], w, h, rx=4, fill=_STREET_TILE)
                colour = "#ffffff"
                if frame.data is not None:
                    points, tie = frame.data.streets[tile]
                    value = f"{points} ({tie})"
                else:
                    value = f"tile {tile}"
            label = "perim." if place == 6 else name
            svg.centred(g, label, px, py - 4, 9, fill="#d5dbe4" if tile >= 0 else svg.MUTED)
            svg.centred(g, value, px, py + 10, 12, font_weight="bold", fill=colour)

    def _architects(self, parent: ET.Element, frame: _Frame) -> None:
        g = svg.el(parent, "g", class_="architects")
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
                    angle = math.pi * _AROUND[len(seats)][i]
                    # Far enough from the junction that neighbouring chips keep a gap of
                    # 3 px between their white rims.
                    spread = (r + 2.5) / math.sin(math.pi / len(seats))
                    cx = px + spread * math.cos(angle)
                    cy = py + spread * math.sin(angle)
                chip = svg.el(g, "g", class_=f"architect architect-{seat}")
                svg.el(chip, "title", f"seat {seat}'s architect at {x},{y}")
                _architect_chip(chip, cx, cy, seat, r)
                frame.anchors[f"architect-{seat}"] = (cx - r, cy - r, 2 * r, 2 * r)

    def _turn(self, root: ET.Element, frame: _Frame) -> None:
        """What the turn in progress holds: steps, builds, specialists used, what is pending,
        and whether the end was triggered."""
        state = frame.state
        x, y, w = svg.MARGIN, _TURN_Y, _BOARD_W
        g = svg.el(root, "g", class_="turn", fill=svg.INK)
        svg.rect(g, x, y, w, _TURN_H, rx=8, fill="#f8f5ee", stroke=svg.PANEL_LINE)
        phase: str = state["phase"]
        pending = state["pending"]
        lines: list[str] = []
        words = [f"phase {phase}"]
        if state["flow"]:
            words.append(f"add flow: {state['flow']}")
        if phase in ("main", "move"):
            words.append(f"{state['steps']} steps left")
        if state["last"] >= 0:
            words.append(f"last step {actions.SIDES[state['last']]}")
        if state["here"] < 2:
            words.append(f"{state['here']} built at this junction")
        lines.append(" \u00b7 ".join(words))
        used = [frame.specialist(c) for c in state["used"]]
        gained = " ".join(actions.COLOURS[c] for c in state["gained"])
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
            left = " ".join(actions.COLOURS[c] for c in pending["arrange"]) or "none"
            waiting.append(f"arranging sector {pending['sector']}: {todo} plots, holding {left}")
        elif todo:
            what = {"gain": "any icons", "reveal": "cards to reveal"}.get(phase, "to do")
            waiting.append(f"{todo} {what}")
        if pending["relocate"] >= 0:
            waiting.append(f"the {COLOURS[pending['relocate']]} pawn to relocate")
        if pending["bonus"] > 0:
            waiting.append(f"a bonus building ({_BONUS[pending['bonus']]})")
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
        svg.label(g, "this turn", x + 10, y + 16, font_size=11, fill=svg.MUTED)
        for i, line in enumerate(lines):
            svg.fit(g, line, x + 10, y + 34 + 16 * i, w - 20, 11.5)

    def _row(self, root: ET.Element, frame: _Frame) -> None:
        row: list[int] = frame.state["row"]
        x, y = _PANEL_X, svg.BODY_Y
        g = svg.el(root, "g", class_="row")
        svg.label(g, f"project reserve ({len(row)})", x, y + 10, font_size=11, fill=svg.MUTED)
        top = y + 18
        frame.anchors["row"] = (x, top, 4 * _CARD_STEP - 6, _CARD_H)
        for i in range(max(4, len(row))):
            cx = x + i * _CARD_STEP
            if i < len(row):
                _card(g, cx, top, row[i], frame.data)
                frame.anchors[f"row-{row[i]}"] = (cx, top, _CARD_W, _CARD_H)
            else:
                svg.empty(g, cx, top, _CARD_W, _CARD_H)

    def _supply(self, root: ET.Element, frame: _Frame) -> None:
        """The deck (a pool drawn at random over a known bottom) and the general reserve."""
        state = frame.state
        deck = state["deck"]
        pool, bottom = len(deck["pool"]), len(deck["bottom"])
        x = _PANEL_X + 4 * _CARD_STEP + 4
        y = svg.BODY_Y
        g = svg.el(root, "g", class_="supply", fill=svg.INK)
        svg.label(g, "deck", x, y + 10, font_size=11, fill=svg.MUTED)
        top = y + 18
        frame.anchors["deck"] = (x, top, 40, 56)
        if pool + bottom:
            svg.card_back(g, x + 3, top + 3, 36, 52, r=4)
            svg.card_back(g, x, top, 36, 52, r=4)
        else:
            svg.rect(
                g, x, top, 36, 52, rx=4, fill="none", stroke=svg.PANEL_LINE, stroke_dasharray="4 3"
            )
        svg.centred(
            g,
            str(pool + bottom),
            x + 18,
            top + 31,
            14,
            font_weight="bold",
            fill="#ffffff" if pool + bottom else svg.MUTED,
        )
        if bottom:
            svg.centred(g, f"{bottom} known", x + 20, top + 70, 9, fill=svg.MUTED)
        gx = x + 50
        svg.label(g, "general reserve", gx, y + 10, font_size=11, fill=svg.MUTED)
        general: list[int] = state["general"]
        frame.anchors["general"] = (gx, top, 86, 56)
        for colour, count in enumerate(general):
            bx = gx + 46 * (colour % 2)
            by = top + 4 + 28 * (colour // 2)
            _building(g, bx, by, 18, colour)
            svg.label(
                g,
                str(count),
                bx + 23,
                by + 14,
                font_size=13,
                font_weight="bold",
                fill=svg.INK if count else svg.HIGHLIGHT,
            )

    def _specialists(self, root: ET.Element, frame: _Frame) -> None:
        state = frame.state
        x, y = _PANEL_X, _SPEC_Y
        g = svg.el(root, "g", class_="specialists", fill=svg.INK)
        ids: list[int] = state["specialists"]
        svg.label(g, "specialists", x, y + 10, font_size=11, fill=svg.MUTED)
        top = y + 18
        if not ids:
            svg.empty(g, x, top, _PANEL_W, 56, "played without specialists", size=12)
            return
        w = (_PANEL_W - 3 * 8) / 4
        players: int = state["players"]
        for colour, index in enumerate(ids):
            sx = x + colour * (w + 8)
            tile = svg.el(g, "g", class_=f"specialist specialist-{colour}")
            name = frame.specialist(colour)
            slug, stars = "", -1
            if frame.data is not None:
                slug, _, _, stars = frame.data.specialists[index]
            kind = _SPECIALIST_KIND.get(slug, "")
            holders = sum(1 for held in state["tokens"] if colour in held)
            where: int = state["pawns"][colour]
            svg.el(
                tile,
                "title",
                f"{name}: {COLOURS[colour]}, {kind or 'specialist'}"
                + (f", {stars} \u2605 at the end" if stars >= 0 else ""),
            )
            svg.rect(
                tile,
                sx,
                top,
                w,
                56,
                rx=6,
                fill=svg.CARD,
                stroke=_PAINT[colour].dark,
                stroke_width=1.2,
            )
            svg.path(
                tile,
                f"M{svg.num(sx + 6)} {svg.num(top)}h{svg.num(w - 12)}",
                stroke=_PAINT[colour].fill,
                stroke_width=5,
            )
            svg.fit(tile, name, sx + 6, top + 18, w - 40, 11, font_weight="bold")
            if stars >= 0:
                svg.right_aligned(
                    tile,
                    f"{stars}\u2605",
                    sx + w - 6,
                    top + 18,
                    11,
                    font_weight="bold",
                    fill="#9a6b00",
                )
            what = {"footsteps": "move and build", "card": "add a card"}.get(kind, "")
            if what:
                svg.label(tile, what, sx + 6, top + 33, font_size=9.5, fill=svg.MUTED)
            pawn = f"pawn in sector {where}" if where >= 0 else "pawn off the board"
            svg.fit(tile, f"{players - holders} left \u00b7 {pawn}", sx + 6, top + 48, w - 12, 9.5)
            if colour in state["used"]:
                svg.badge(tile, sx + w - 4, top, "used", svg.USED)

    def _seat(self, parent: ET.Element, frame: _Frame, seat: int, y: float, winner: int) -> None:
        state = frame.state
        x, w = _PANEL_X, _PANEL_W
        moving = state["to_move"] == seat
        row = svg.seat_panel(parent, seat, x, y, w, _SEAT_H, moving)
        frame.anchors[f"seat-{seat}"] = (x, y, w, _SEAT_H)
        _architect_chip(row, x + 18, y + 17, seat, r=10)
        more = ["first player"] if state["start"] == seat else []
        tags = svg.seat_tags(seat, frame.perspective, moving, seat == winner, *more)
        svg.seat_name(row, seat, x + 34, y + 22, tags, x + 90, moving or seat == winner)
        svg.score(row, str(state["pp"][seat]), "PP", x + w - 10, y + 26, 20)
        # The project, left to right, and the card being scored.
        project: list[int] = state["projects"][seat]
        scale = 0.8
        cw, ch = _CARD_W * scale, _CARD_H * scale
        top = y + 32
        cards = svg.el(row, "g", class_=f"project project-{seat}")
        step = cw + 5 if len(project) <= 3 else (3 * (cw + 5) - cw) / (len(project) - 1)
        for i in range(max(3, len(project))):
            cx = x + 8 + i * step
            if i < len(project):
                _card(cards, cx, top, project[i], frame.data, scale)
                frame.anchors[f"project-{project[i]}"] = (cx, top, cw, ch)
            else:
                svg.empty(cards, cx, top, cw, ch, rx=5, dash="5 4")
        facts_x = x + 8 + 3 * (cw + 5) + 10
        scoring: int = state["pending"]["score"]
        if moving and scoring >= 0:
            _card(cards, facts_x, top, scoring, frame.data, scale)
            # Said under the card: a tag on its top edge would cover its stars.
            svg.centred(
                cards,
                "being scored",
                facts_x + cw / 2,
                top + ch + 12,
                10,
                font_weight="bold",
                fill=svg.HIGHLIGHT,
            )
            facts_x += cw + 12
        facts = svg.el(row, "g", class_="facts", font_size=11, fill=svg.MUTED)
        reserve: list[int] = state["reserves"][seat]
        svg.label(facts, "reserve", facts_x, y + 47)
        frame.anchors[f"reserve-{seat}"] = (facts_x + 46, y + 35, 4 * 34, 16)
        for colour, count in enumerate(reserve):
            bx = facts_x + 48 + 34 * colour
            _building(facts, bx, y + 35, 14, colour)
            svg.label(facts, str(count), bx + 18, y + 47, fill=svg.INK, font_weight="bold")
        svg.label(facts, "tokens", facts_x, y + 67)
        tokens: list[int] = state["tokens"][seat]
        if not tokens:
            svg.label(facts, "none", facts_x + 48, y + 67, fill=svg.INK)
        for i, colour in enumerate(tokens):
            tx = facts_x + 56 + 20 * i
            token = svg.el(facts, "g", class_="token")
            svg.el(token, "title", frame.specialist(colour))
            svg.circle(token, tx, y + 63, 7.5, fill=_PAINT[colour].fill, stroke=_PAINT[colour].dark)
            if colour in state["used"] and moving:
                svg.path(
                    token,
                    f"M{svg.num(tx - 5)} {svg.num(y + 68)}L{svg.num(tx + 5)} {svg.num(y + 58)}",
                    stroke=svg.INK,
                    stroke_width=1.5,
                )
        supervised = [t for t, who in enumerate(state["supervisors"]) if who == seat]
        limit = frame.data.supervisors if frame.data else 5
        ax, ay = state["architects"][seat]
        text = f"supervises {len(supervised)}, {max(0, limit - len(supervised))} left"
        text += f" \u00b7 architect at {ax},{ay}"
        svg.fit(facts, text, facts_x, y + 86, x + w - 10 - facts_x, 11)
        if supervised:
            svg.fit(
                facts,
                "sectors " + " ".join(str(t) for t in supervised),
                facts_x,
                y + 102,
                x + w - 10 - facts_x,
                10,
            )

    def _legend(self, root: ET.Element) -> None:
        x, y = svg.MARGIN, _HEIGHT - 34
        legend = svg.legend(root, x, y, svg.PAGE_WIDTH - 2 * svg.MARGIN)
        y += 20
        at = float(x)
        for colour, kind in enumerate(_KINDS):
            _building(legend, at, y - 11, 13, colour)
            at = svg.key(legend, kind, at, y, 18)
        _icon(legend, at, y - 11, 13, 4)
        at = svg.key(legend, "any", at, y, 18)
        _building(legend, at, y - 11, 13, 3, centre=True)
        at = svg.key(legend, "centre of a side", at, y, 18)
        _architect_chip(legend, at + 7, y - 4, 0, 7)
        at = svg.key(legend, "architect", at, y, 18)
        _supervisor(legend, at + 6, y - 5, 1, 6)
        at = svg.key(legend, "supervisor", at, y, 16)
        _pawn(legend, at + 6, y - 5, 2, 6, "a specialist")
        at = svg.key(legend, "specialist pawn", at, y, 16)
        _steps(legend, at, y - 4, 1)
        at = svg.key(legend, "step", at, y, 14)
        svg.label(legend, "\u2605 PP per pattern", at, y)
        at += svg.text_width("\u2605 PP per pattern", 11) + 12
        svg.last_mark(legend, at, y - 11)
        svg.label(legend, "last move", at + 18, y)
