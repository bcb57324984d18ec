"""Rebuilding Chicago's building types, events, choices, piece orientations, action ids and
notation: what the rules engine (:mod:`boardcore.reference.rebuilding_chicago`) and the
picture (:mod:`boardcore.svg.rebuilding_chicago`) both need, in a module that imports
neither."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from typing import Final

SIZE: Final = 11  # the table is 11 x 11
SPACES: Final = 121
NUM_CARDS: Final = 144

TYPES: Final = (
    "train",
    "money",
    "graduation",
    "entertainment",
    "shopping",
    "restaurant",
    "statue",
)
TYPE_LETTERS: Final = "TMGESRX"
EVENTS: Final = ("expansion", "graduation", "sights", "night", "shopping", "dining", "world")
CHOICES: Final = ("vp", "money", "building", "appease", "card", "ability")

# ---------------------------------------------------------------------------------------------
# Action ids ("Action encoding").
A_PLACE: Final = 0
A_BUY: Final = 968
A_LANDMARK: Final = 984
A_EVENT: Final = 999
A_LAW: Final = 1006
A_REFILL: Final = 1009
A_DISTRICT: Final = 1010
A_RETURN: Final = 1016
A_PICK: Final = 1031
A_CHOOSE: Final = 1091
A_SHAPE: Final = 1097
A_DROP_CARD: Final = 1129
A_DROP_LANDMARK: Final = 1273
A_START: Final = 1288
A_CARD: Final = 1293
A_BAG: Final = 1437
A_DEAL: Final = 1497
A_SCENARIO: Final = 1512
A_AUTOMATON: Final = 1518

# (first id, category) in ascending order.
CATEGORIES: Final = (
    (A_PLACE, "place"),
    (A_BUY, "buy"),
    (A_LANDMARK, "landmark"),
    (A_EVENT, "event"),
    (A_LAW, "law"),
    (A_REFILL, "refill"),
    (A_DISTRICT, "district"),
    (A_RETURN, "return"),
    (A_PICK, "suburb"),
    (A_CHOOSE, "choose"),
    (A_SHAPE, "shape"),
    (A_DROP_CARD, "drop"),
    (A_START, "start"),
    (A_CARD, "card"),
    (A_BAG, "bag"),
    (A_DEAL, "deal"),
    (A_SCENARIO, "scenario"),
    (A_AUTOMATON, "automaton"),
)


def space_text(space: int) -> str:
    """``c3`` for space 24: column letter, then row number."""
    return f"{chr(ord('a') + space % SIZE)}{space // SIZE + 1}"


# ---------------------------------------------------------------------------------------------
# Pieces and orientations ("Geometry").

Cell = tuple[int, int, str]


def orientations(cells: Sequence[Cell]) -> tuple[tuple[Cell, ...], ...]:
    """The distinct orientations of a piece, in order of first appearance (``o0`` first)."""
    found: list[tuple[Cell, ...]] = []
    for k in range(8):
        moved = []
        for x, y, symbol in cells:
            if k >= 4:
                x = -x
            for _ in range(k % 4):
                x, y = -y, x  # a quarter turn clockwise
            moved.append((x, y, symbol))
        low_x = min(c[0] for c in moved)
        low_y = min(c[1] for c in moved)
        shifted = tuple(
            sorted(((x - low_x, y - low_y, s) for x, y, s in moved), key=lambda c: (c[1], c[0]))
        )
        if shifted not in found:
            found.append(shifted)
    return tuple(found)


_FIRSTS: Final = tuple(start for start, _ in CATEGORIES)


def category_of(action: int) -> tuple[str, int]:
    """(category, offset from the category's first id) of an id in range."""
    start, category = CATEGORIES[bisect_right(_FIRSTS, action) - 1]
    return category, action - start


# The categories written with an entry of a data table (named by ``key``), and that table.
_KEYED: Final = {
    "landmark": "landmark",
    "return": "landmark",
    "deal": "landmark",
    "district": "district",
    "shape": "kind",
}
# The categories written with a word of a fixed list.
_WORDS: Final = {"event": EVENTS, "choose": CHOICES}


def action_text(action: int, key: Callable[[str, int], str]) -> str:
    """The notation of an action id in ``0 .. 1544``; ``key(table, index)`` names entry ``index``
    of the data's ``landmark``, ``district`` or ``kind`` table."""
    category, offset = category_of(action)
    if category == "place":
        return f"place o{offset // SPACES} {space_text(offset % SPACES)}"
    if category == "buy":
        return f"buy {offset // 2 + 1}{'ab'[offset % 2]}"
    if category in _KEYED:
        return f"{category} {key(_KEYED[category], offset)}"
    if category in _WORDS:
        return f"{category} {_WORDS[category][offset]}"
    if category == "law":
        return f"law {offset + 1}"
    if category == "refill":
        return "refill"
    if category == "drop":
        if offset < NUM_CARDS:
            return f"drop card {offset}"
        return f"drop {key('landmark', offset - NUM_CARDS)}"
    # suburb, start, card, bag, scenario, automaton: a number
    return f"{category} {offset}"
