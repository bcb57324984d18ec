"""The drawing vocabulary the games' pictures share: elements, text, colours and small shapes.

Every game module draws with these and imports nothing but them (and its reference rules),
as ``from . import _common as svg``: ``svg.rect``, ``svg.centred``, ``svg.card_face``... read
as what is drawn. :mod:`boardcore.svg` gathers the games' drawers.

A group with a ``data-panel`` attribute (a seat's panel, a card, a table) is a panel: its first
``rect`` child is its box and everything else drawn in it stays inside that box; the layout
test (``tests/test_svg_layout.py``) checks this and that no two texts overlap, in Chromium.
"""

from __future__ import annotations

import functools
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Final, NamedTuple, Protocol, TypeVar

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 has no tomllib
    import tomli as tomllib

_T = TypeVar("_T")
Bounds = tuple[int, int, int, int]
"""A board window ``(x_min, y_min, x_max, y_max)`` in the game's cell coordinates, inclusive."""
Box = tuple[float, float, float, float]
"""A drawn thing's ``(x, y, width, height)`` in pixels: what the last action's ring goes round."""
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


_CHART: Final = ("#d63c2f", "#2f66c4", "#3c9a4a", "#d9a400", "#3b3833")
"""The seat chips' colours for score charts, yellow darkened a little: chart lines are thin
and drawn on white."""


class TableDrawer:
    """What the drawers of games on a fixed table share: the seats are the state's
    ``players``, the board window is fixed, a seat's colour is its chip's (``CHART``), and
    no action id alone tells where a turn starts (the move list breaks turns at seat
    changes)."""

    CHART: tuple[str, ...] = _CHART

    def seats(self, state: dict[str, Any]) -> int:
        players: int = state["players"]
        return players

    def bounds(self, state: dict[str, Any]) -> Bounds | None:
        return None

    def seat_colours(self, state: dict[str, Any]) -> list[str]:
        return list(self.CHART[: self.seats(state)])

    def starts_turn(self, action: int) -> bool:
        return False


DATA_ERRORS: Final = (
    OSError,
    UnicodeDecodeError,
    tomllib.TOMLDecodeError,
    KeyError,
    IndexError,
    TypeError,
    ValueError,
)
"""What reading a packaged component file may raise: the picture then labels by id."""


def packaged_toml(name: str) -> dict[str, Any]:
    """The package's ``data/{name}`` read as TOML (raising one of :data:`DATA_ERRORS`)."""
    source = resources.files("boardcore").joinpath("data").joinpath(name)
    return tomllib.loads(source.read_text(encoding="utf-8"))


def packaged(name: str) -> Callable[[Callable[[dict[str, Any]], _T]], Callable[[], _T | None]]:
    """Makes ``read(doc)`` of the package's ``data/{name}`` a function of no arguments that
    reads the file once and returns what ``read`` makes of it, or None if the file cannot be
    read or lacks what ``read`` looks up (one of :data:`DATA_ERRORS`): a picture then labels
    things by id rather than fail."""

    def wrap(read: Callable[[dict[str, Any]], _T]) -> Callable[[], _T | None]:
        @functools.lru_cache(maxsize=1)
        def data() -> _T | None:
            try:
                return read(packaged_toml(name))
            except DATA_ERRORS:
                return None

        return data

    return wrap


def fitting(
    data: _T | None, fits: Callable[[_T, dict[str, Any]], bool], state: dict[str, Any]
) -> _T | None:
    """The packaged ``data`` if ``state``'s ids are its own (``fits``), else None: a state of a
    game played with a user's data file is then drawn by id."""
    return data if data is not None and fits(data, state) else None


# ---------------------------------------------------------------------------------------------
# Building blocks.


def num(value: float) -> str:
    if type(value) is int:  # most coordinates: the same text, without formatting a float
        return str(value)
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@functools.cache
def _attribute(key: str) -> str:
    return key.rstrip("_").replace("_", "-")


def el(parent: ET.Element, tag: str, text: str | None = None, /, **attrs: object) -> ET.Element:
    """A child element; ``stroke_width=2`` becomes ``stroke-width="2"``, ``class_`` ``class``."""
    values: dict[str, str] = {}
    for key, value in attrs.items():
        if value is None:
            continue
        values[_attribute(key)] = num(value) if isinstance(value, (int, float)) else str(value)
    element = ET.SubElement(parent, tag, values)
    if text is not None:
        element.text = text
    return element


def rect(
    parent: ET.Element, x: float, y: float, width: float, height: float, **attrs: object
) -> ET.Element:
    """A ``rect`` at ``x, y`` of ``width`` by ``height``."""
    return el(parent, "rect", x=x, y=y, width=width, height=height, **attrs)


def circle(parent: ET.Element, cx: float, cy: float, r: float, **attrs: object) -> ET.Element:
    """A ``circle`` of radius ``r`` round ``cx, cy``."""
    return el(parent, "circle", cx=cx, cy=cy, r=r, **attrs)


def label(parent: ET.Element, text: str, x: float, y: float, **attrs: object) -> ET.Element:
    """A ``text`` at ``x, y`` (its baseline), as it is: :func:`fit` squeezes one to a width."""
    return el(parent, "text", text, x=x, y=y, **attrs)


def centred(
    parent: ET.Element, text: str, x: float, y: float, size: float, **attrs: object
) -> ET.Element:
    """A ``text`` of font ``size`` centred on ``x`` (``y`` its baseline)."""
    return label(parent, text, x, y, text_anchor="middle", font_size=size, **attrs)


def right_aligned(
    parent: ET.Element, text: str, x: float, y: float, size: float, **attrs: object
) -> ET.Element:
    """A ``text`` of font ``size`` ending at ``x`` (``y`` its baseline)."""
    return label(parent, text, x, y, text_anchor="end", font_size=size, **attrs)


def path(parent: ET.Element, d: str, **attrs: object) -> ET.Element:
    """A ``path`` drawn by the commands ``d``."""
    return el(parent, "path", d=d, **attrs)


def _svg_root(width: float, height: float, title: str) -> ET.Element:
    root = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "version": "1.1",
            "width": num(width),
            "height": num(height),
            "viewBox": f"0 0 {num(width)} {num(height)}",
            "font-family": FONT,
        },
    )
    el(root, "title", title)
    return root


class Paint(NamedTuple):
    """A coloured piece, card face or place: its fill, its darker outline and the text written
    on it."""

    fill: str
    dark: str
    on: str = "#ffffff"


# The piece colours the games share (Kardinal's edifices, Chandigarh's buildings, the seats'
# chips), each game listing them in its own order.
RED: Final = Paint("#d63c2f", "#7e1d14")
BLUE: Final = Paint("#2f66c4", "#183a78")
GREEN: Final = Paint("#3c9a4a", "#1c5a27")
YELLOW: Final = Paint("#f2c21b", "#8a6a00", "#3d3000")
BLACK: Final = Paint("#3b3833", "#0f0e0c")
PAWNS: Final = ("#2b2620", "#8c8c8c", "#7b3fa0", "#b0682a", "#2a7f8a")
"""The seats' colours where the pieces wear RED, BLUE, GREEN and YELLOW (Chandigarh's
architects, Rebuilding Chicago's seats): none close to those."""
USED: Final = "#8a8170"
"""The ``used`` badge of a card already used this turn."""

# Per seat: the chip, its dark outline, a light tint (remembered cards), text on a chip.
_SEATS: Final = (RED, BLUE, GREEN, YELLOW, BLACK)
SEAT_FILL: Final = tuple(paint.fill for paint in _SEATS)
SEAT_DARK: Final = tuple(paint.dark for paint in _SEATS)
SEAT_TINT: Final = ("#f6d3ce", "#cfdcf3", "#cfe8d2", "#fcefbf", "#dcdad6")
SEAT_ON: Final = tuple(paint.on for paint in _SEATS)
CARD: Final = "#fffdf8"
CARD_LINE: Final = "#cdbf9f"
BACK: Final = "#4f5d75"
BACK_LINE: Final = "#8d9ab3"
PANEL_LINE: Final = "#e2dacb"
SEAT_BG: Final = "#f8f5ee"
"""A seat's panel; the seat to move gets the pale yellow with a golden edge."""
MOVING_BG: Final = "#fff4cc"
MOVING_LINE: Final = "#d9a520"
STRONG: Final = "#9a6b00"
"""The tags of the seat to move or of a winner."""
EMPTY: Final = "#faf8f3"
"""A dashed place where no card lies."""


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
KEY_SIZE: Final = 11
"""The font size of legends."""


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` at font ``size`` in Helvetica or Arial."""
    widths = _WIDTHS[bold]
    return sum(widths.get(char, 556) for char in text) * size / 1000


def fit(
    parent: ET.Element, text: str, x: float, y: float, width: float, size: float, **attrs: object
) -> ET.Element:
    """A text of ``size`` squeezed to ``width`` if it would be wider."""
    bold = attrs.get("font_weight") == "bold"
    element = label(parent, text, x, y, font_size=size, **attrs)
    if text_width(text, size, bold) > width:
        element.set("textLength", num(width))
        element.set("lengthAdjust", "spacingAndGlyphs")
    return element


def wrap(text: str, chars: int, lines: int) -> list[str]:
    """``text`` broken at spaces into at most ``lines`` lines of about ``chars`` characters."""
    return _wrap(text, lines, lambda line: len(line) <= chars)


def wrap_to(text: str, width: float, size: float, lines: int, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines at most ``width`` pixels wide at font ``size``;
    past ``lines`` lines the last one takes the rest (and is squeezed by :func:`fit`)."""
    return _wrap(text, lines, lambda line: text_width(line, size, bold) <= width)


def _wrap(text: str, lines: int, fits: Callable[[str], bool]) -> list[str]:
    """``text`` broken at spaces, each line as long as ``fits`` allows; the last of ``lines``
    lines takes the rest."""
    result: list[str] = []
    for word in text.split():
        if result and fits(f"{result[-1]} {word}"):
            result[-1] += " " + word
        elif len(result) < lines:
            result.append(word)
        else:
            result[-1] += " " + word
    return result or [""]


def card_face(
    parent: ET.Element,
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    title: str | None = None,
    fill: str = CARD,
    stroke: str = CARD_LINE,
    stroke_width: float | None = None,
    class_: str = "card",
) -> ET.Element:
    """A card's group: its tooltip and rounded face; what is drawn in it stays on the face
    (``data-panel``, which the layout test checks)."""
    g = el(parent, "g", class_=class_, data_panel=class_)
    if title is not None:
        el(g, "title", title)
    rect(g, x, y, w, h, rx=6, fill=fill, stroke=stroke, stroke_width=stroke_width)
    return g


def empty(
    parent: ET.Element,
    x: float,
    y: float,
    w: float,
    h: float,
    caption: str | None = None,
    *,
    filled: bool = False,
    rx: float = 6,
    dash: str = "6 4",
    size: float = 11,
) -> None:
    """A dashed place where no card lies (``filled``: on a pale ground), its ``caption``
    centred in it."""
    rect(
        parent,
        x,
        y,
        w,
        h,
        rx=rx,
        fill=EMPTY if filled else "none",
        stroke=CARD_LINE if filled else PANEL_LINE,
        stroke_dasharray=dash,
    )
    if caption is not None:
        centred(parent, caption, x + w / 2, y + h / 2 + size * 0.36, size, fill=MUTED)


def seat_chip(
    parent: ET.Element,
    cx: float,
    cy: float,
    seat: int,
    r: float = 8,
    *,
    fill: str | None = None,
    on: str | None = None,
    ring: bool = True,
) -> None:
    """A marker chip of ``seat``'s colour (or ``fill``) with the seat number on it (in
    ``on``), a thin ring inside its rim if ``ring``."""
    fill = SEAT_FILL[seat] if fill is None else fill
    on = SEAT_ON[seat] if on is None else on
    circle(parent, cx, cy, r, fill=fill, stroke="#ffffff", stroke_width=1.5)
    if ring:
        circle(parent, cx, cy, r - 2.5, fill="none", stroke=on, stroke_width=0.7, opacity=0.55)
    centred(parent, str(seat), cx, cy + r * 0.4, r * 1.1, font_weight="bold", fill=on)


def card_back(parent: ET.Element, x: float, y: float, w: float, h: float, r: float = 4) -> None:
    rect(parent, x, y, w, h, rx=r, fill=BACK, stroke="#3c475b")
    if w > 10 and h > 10:
        rect(
            parent,
            x + 3,
            y + 3,
            w - 6,
            h - 6,
            rx=max(0, r - 2),
            fill="none",
            stroke=BACK_LINE,
            stroke_width=0.8,
        )


def badge(parent: ET.Element, x: float, y: float, text: str, colour: str) -> None:
    """A small tag on a card's top edge (``paid``, ``used``)."""
    width = text_width(text, 8, True) + 8
    rect(parent, x - width, y - 6, width, 12, rx=3, fill=colour)
    centred(parent, text, x - width / 2, y + 3, 8, font_weight="bold", fill="#ffffff")


# ---------------------------------------------------------------------------------------------
# The frame every game's picture has: a heading with the status and the last move, a panel
# per seat, a legend, and a ring round what the last action touched.

MARGIN: Final = 16
"""The white space at the page's left edge (and right edge, on pages sized to it)."""
PAGE_WIDTH: Final = 1240
"""The width of a page the games' tables are fitted to, rather than it to them."""
TOP: Final = 12
"""The white space above the :func:`heading` (and a panel column beside it)."""
BODY_Y: Final = 96
"""Where the table starts, under the heading's three lines."""
SEAT_GAP: Final = 8
"""The space between two seats' panels."""


def stacked(start: float, index: int, size: float) -> float:
    """Where the ``index``-th of panels ``size`` long (high, down a column; wide, along a
    row) laid from ``start``, each :data:`SEAT_GAP` after the one before, begins."""
    return start + index * (size + SEAT_GAP)


def picture(
    width: float,
    height: float,
    name: str,
    state: dict[str, Any],
    status: str,
    perspective: int | None = None,
) -> ET.Element:
    """The ``<svg>`` root of a picture of ``state``: its title names the game, the players,
    the move and whose eyes it is drawn for; the status is its description; a white
    background."""
    players: int = state["players"]
    title = f"{name}, {players} player{'' if players == 1 else 's'}"
    title += f", move {len(state['history'])}"
    if perspective is not None:
        title += f", as seat {perspective} sees it"
    root = _svg_root(width, height, title)
    el(root, "desc", status)
    rect(root, 0, 0, width, height, fill="#ffffff")
    return root


def last_mark(parent: ET.Element, x: float, y: float, size: float = 12) -> None:
    """The square of the last move's colour that keys the ring (in headings and legends)."""
    rect(parent, x, y, size, size, rx=3, fill="none", stroke=HIGHLIGHT, stroke_width=2.5)


def heading(
    parent: ET.Element,
    x: float,
    y: float,
    name: str,
    facts: list[str],
    status: str,
    last: str | None,
    *,
    perspective: int | None = None,
    facts_x: float,
    facts_width: float | None = None,
    status_y: float = 44,
    status_width: float | None = None,
    last_y: float = 56,
    last_width: float | None = None,
) -> None:
    """The game's name with its facts (players, round, move..., then the seat
    ``perspective`` it is seen by) beside it in small type, the status below in bold, and
    the ``last`` move (None: there is none yet) keyed by :func:`last_mark`. A text with a
    ``width`` is squeezed to it."""
    if perspective is not None:
        facts = [*facts, f"seen by seat {perspective}"]
    label(parent, name, x, y + 18, font_size=20, font_weight="bold")
    sized_text(parent, " \u00b7 ".join(facts), facts_x, y + 18, facts_width, 12, fill=MUTED)
    sized_text(parent, status, x, y + status_y, status_width, 14, font_weight="bold")
    last_mark(parent, x, y + last_y)
    last_text = "no move yet" if last is None else f"last: {last}"
    sized_text(parent, last_text, x + 18, y + last_y + 10, last_width, 12)


def sized_text(
    parent: ET.Element,
    text: str,
    x: float,
    y: float,
    width: float | None,
    size: float,
    **attrs: object,
) -> None:
    """A text of ``size``, squeezed by :func:`fit` when given a ``width``."""
    if width is None:
        label(parent, text, x, y, font_size=size, **attrs)
    else:
        fit(parent, text, x, y, width, size, **attrs)


def seat_panel(
    parent: ET.Element, seat: int, x: float, y: float, width: float, height: float, moving: bool
) -> ET.Element:
    """The group of ``seat``'s panel and its rounded box, golden for the seat to move."""
    row = el(parent, "g", class_=f"seat seat-{seat}", data_panel=f"seat {seat}")
    rect(
        row,
        x,
        y,
        width,
        height,
        rx=7,
        fill=MOVING_BG if moving else SEAT_BG,
        stroke=MOVING_LINE if moving else PANEL_LINE,
        stroke_width=2 if moving else 1,
    )
    return row


def winners_text(winners: list[int]) -> str:
    """``seat 1 wins``, ``seat 0 and seat 2 win``: the end of a finished game's status."""
    names = " and ".join(f"seat {s}" for s in winners)
    return f"{names} {'wins' if len(winners) == 1 else 'win'}"


def seat_tags(seat: int, perspective: int | None, moving: bool, won: bool, *more: str) -> list[str]:
    """What a seat's panel says of it: ``you``, ``to move``, ``more``, ``\u2605 winner``."""
    tags = []
    if perspective == seat:
        tags.append("you")
    if moving:
        tags.append("to move")
    tags += more
    if won:
        tags.append("\u2605 winner")
    return tags


def seat_name(
    row: ET.Element,
    seat: int,
    x: float,
    y: float,
    tags: list[str],
    tags_x: float,
    strong: bool,
    tags_width: float | None = None,
) -> None:
    """``seat N`` in bold and its tags after it, golden when ``strong``."""
    label(row, f"seat {seat}", x, y, font_size=14, font_weight="bold")
    if tags:
        fill = STRONG if strong else MUTED
        sized_text(row, " \u00b7 ".join(tags), tags_x, y, tags_width, 12, fill=fill)


def score(parent: ET.Element, score: str, unit: str, right: float, y: float, gap: float) -> None:
    """A seat's score right-aligned, ``gap`` short of ``right`` where its ``unit`` ends."""
    right_aligned(parent, score, right - gap, y, 22, font_weight="bold")
    right_aligned(parent, unit, right, y, 11, fill=MUTED)


def tally(parent: ET.Element, count: str, note: str, right: float, y: float, note_y: float) -> None:
    """A seat's large count right-aligned at ``right``, with a small note under it."""
    right_aligned(parent, count, right, y, 24, font_weight="bold")
    right_aligned(parent, note, right, note_y, 10, fill=MUTED)


def legend(parent: ET.Element, x: float, y: float, rule: int | None) -> ET.Element:
    """The legend's group, under a rule ``rule`` pixels long from x, y (None: no rule)."""
    legend = el(parent, "g", class_="legend", font_size=KEY_SIZE, fill=MUTED)
    if rule is not None:
        path(legend, f"M{num(x)} {num(y)}h{rule}", stroke=PANEL_LINE, stroke_width=1)
    return legend


def key(legend: ET.Element, text: str, at: float, y: float, dx: float, gap: float = 12) -> float:
    """A legend's word ``dx`` after its sign drawn at ``at``; where the next sign goes."""
    label(legend, text, at + dx, y)
    return at + (dx + text_width(text, KEY_SIZE) + gap)


def ring(root: ET.Element, box: Box | None, pad: float, rx: float) -> None:
    """The last action's ring, ``pad`` outside ``box`` (nothing to ring: an empty group)."""
    ring = el(root, "g", class_="last-action", fill="none", stroke=HIGHLIGHT, stroke_width=3)
    if box is not None:
        x, y, w, h = box
        rect(ring, x - pad, y - pad, w + 2 * pad, h + 2 * pad, rx=rx)


@dataclass
class Frame:
    """What one drawing of a state shares: the state, the seat looking (None: an onlooker),
    and the boxes of what the last action may have touched, by key (``slot-17``), filled in
    as they are drawn. A game's frame adds what its parts need."""

    state: dict[str, Any]
    perspective: int | None
    anchors: dict[str, Box] = field(default_factory=dict, init=False)

    def sees_hand(self, seat: int) -> bool:
        """Whether the seat looking sees ``seat``'s hidden cards (an onlooker sees all)."""
        return self.perspective is None or self.perspective == seat


def first(anchors: dict[str, Box], keys: list[str]) -> Box | None:
    """The box of the first of ``keys`` that was drawn."""
    return next((anchors[key] for key in keys if key in anchors), None)
