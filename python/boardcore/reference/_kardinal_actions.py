"""Kardinal's cells, pieces, action ids and notation: what the rules engine
(:mod:`boardcore.reference.kardinal`) and the picture (:mod:`boardcore.svg.kardinal`) both
need, in a module that imports neither."""

from __future__ import annotations

import re
from typing import Final

from boardcore._args import debug as _debug
from boardcore.errors import NotationError
from boardcore.reference._json import named_id

# ---------------------------------------------------------------------------------------------
# Geometry: the box -34 <= x, y <= 35 holds every reachable cell with a margin (see the doc).

LOW: Final = -34
HIGH: Final = 35
SIDE: Final = HIGH - LOW + 1  # 70
NUM_CELLS: Final = SIDE * SIDE  # 4900


def cell_index(x: int, y: int) -> int:
    """The cell number of ``(x, y)``; the caller checks the box."""
    return (y - LOW) * SIDE + (x - LOW)


def cell_xy(cell: int) -> tuple[int, int]:
    """The coordinates of a cell number."""
    return cell % SIDE + LOW, cell // SIDE + LOW


def in_box(x: int, y: int) -> bool:
    return LOW <= x <= HIGH and LOW <= y <= HIGH


def neighbours(cell: int) -> tuple[int, int, int, int]:
    """Edge neighbours. Near the box's border these wrap, but nothing is ever built there."""
    return cell - 1, cell + 1, cell - SIDE, cell + SIDE


def xy_text(cell: int) -> str:
    x, y = cell_xy(cell)
    return f"{x},{y}"


# The cathedral: its nave counts as a house, its clock-tower as a tower; it has no colour.
NAVE: Final = cell_index(0, 0)
CLOCK: Final = cell_index(1, 0)
CATHEDRAL: Final = -1  # edifice index the grid gives the cathedral's cells
NO_COLOUR: Final = -1

# ---------------------------------------------------------------------------------------------
# Colours, shapes, kinds and actions.

COLOURS: Final = ("red", "green", "blue", "yellow")
COLOUR_LETTERS: Final = "rgby"
FOURTH: Final = 3  # yellow, the fourth colour of a 3-player game
HOUSE: Final = 0
TOWER: Final = 1
YARD: Final = 2
SHAPES: Final = ("house", "tower", "yard")
SHAPE_LETTERS: Final = "HTY"
# Piece kinds of the action encoding: house 0, tower 1, yard h 2, yard v 3.
KIND_YARD_H: Final = 2
KIND_YARD_V: Final = 3
KIND_SHAPE: Final = (HOUSE, TOWER, YARD, YARD)

BUILD_END: Final = 16 * NUM_CELLS  # 78400
CHIP_BASE: Final = BUILD_END  # 78400 .. 78403
CARDINAL_BASE: Final = CHIP_BASE + 4  # 78404 .. 83303
CARDINAL_STAY: Final = CARDINAL_BASE + NUM_CELLS  # 83304
NUM_ACTIONS: Final = CARDINAL_STAY + 1  # 83305


def build_action(kind: int, colour: int, cell: int) -> int:
    return (kind * 4 + colour) * NUM_CELLS + cell


def yard_cells(anchor: int, kind: int) -> tuple[int, int] | None:
    """A yard's two cells, the given one first (``h``: and its right, ``v``: and above).

    None when the yard would not fit in the box.
    """
    if not 0 <= anchor < NUM_CELLS:
        return None
    x, y = cell_xy(anchor)
    if kind == KIND_YARD_H:
        return (anchor, anchor + 1) if x < HIGH else None
    return (anchor, anchor + SIDE) if y < HIGH else None


def action_text(action: int) -> str:
    """The notation of an action id in ``0 .. NUM_ACTIONS-1``."""
    if action < BUILD_END:
        piece, cell = divmod(action, NUM_CELLS)
        kind, colour = divmod(piece, 4)
        if kind in (KIND_YARD_H, KIND_YARD_V):
            return f"build yard {COLOURS[colour]} {xy_text(cell)} {'h' if kind == 2 else 'v'}"
        return f"build {SHAPES[kind]} {COLOURS[colour]} {xy_text(cell)}"
    if action < CARDINAL_BASE:
        return f"chip {COLOURS[action - CHIP_BASE]}"
    if action < CARDINAL_STAY:
        return f"cardinal {xy_text(action - CARDINAL_BASE)}"
    return "cardinal stay"


# Strict notation: single spaces, lower case, integers without "+", leading zeros or "-0".
_INT: Final = re.compile(r"0|-?[1-9][0-9]*")
_FORMS: Final = (
    "an action is 'build house red 3,-1', 'build yard green 0,2 h', 'chip yellow', "
    "'cardinal 2,1' or 'cardinal stay' (single spaces, lower case)"
)
# A known verb with too few or too many words: its forms.
_VERB_FORMS: Final = {
    "build": "expected 'build house|tower <colour> x,y' or 'build yard <colour> x,y h|v'",
    "chip": "expected 'chip <colour>'",
    "cardinal": "expected 'cardinal x,y' or 'cardinal stay'",
}
_COLOUR_IDS: Final = {colour: i for i, colour in enumerate(COLOURS)}
_CELLS: Final = "cells are written x,y with integers, e.g. 3,-1 (no '+', leading zeros or '-0')"


def _colour(text: str, word: str) -> int:
    return named_id(_COLOUR_IDS, text, word, "a colour; colours are red, green, blue and yellow")


def _cell(text: str, word: str, what: str = "a cell") -> int:
    xs, comma, ys = word.partition(",")
    if not (comma and _INT.fullmatch(xs) and _INT.fullmatch(ys)):
        raise NotationError(f"{_debug(text)}: {_debug(word)} is not {what}; {_CELLS}")
    x, y = int(xs), int(ys)  # at most 200 characters: the shared check refuses longer texts
    if not in_box(x, y):
        raise NotationError(
            f"{_debug(text)}: cell {word} is outside the playing area; "
            f"coordinates run from {LOW} to {HIGH}"
        )
    return cell_index(x, y)


def parse_action(text: str) -> int:
    """The action id of a text in the notation, legal now or not. The checks run left to
    right, and their words are the Rust engine's."""
    words = text.split(" ")
    if "" in words:  # a space too many or too few: the forms say "single spaces"
        raise NotationError(f"{_debug(text)} is not a Kardinal action: {_FORMS}")
    head, count = words[0], len(words)
    if head == "build" and count in (4, 5):
        shape = words[1]
        if shape not in SHAPES:
            raise NotationError(
                f"{_debug(text)}: {_debug(shape)} is not an edifice; "
                "edifices are house, tower and yard"
            )
        if (count == 5) == (shape == "yard"):
            colour = _colour(text, words[2])
            cell = _cell(text, words[3])
            if count == 4:
                return build_action(SHAPES.index(shape), colour, cell)
            if words[4] not in ("h", "v"):
                raise NotationError(
                    f"{_debug(text)}: {_debug(words[4])} is not an orientation; a yard lies "
                    "h (the cell given and the one to its right) or v (the cell given and the "
                    "one above it)"
                )
            kind = KIND_YARD_H if words[4] == "h" else KIND_YARD_V
            return build_action(kind, colour, cell)
    if head == "chip" and count == 2:
        return CHIP_BASE + _colour(text, words[1])
    if head == "cardinal" and count == 2:
        if words[1] == "stay":
            return CARDINAL_STAY
        return CARDINAL_BASE + _cell(text, words[1], "a cell or 'stay'")
    hint = _VERB_FORMS.get(head, _FORMS)
    raise NotationError(f"{_debug(text)} is not a Kardinal action: {hint}")
