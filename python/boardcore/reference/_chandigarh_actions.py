"""Chandigarh's colours, sides, streets, build modes, action ids and notation: what the rules
engine (:mod:`boardcore.reference.chandigarh`) and the picture (:mod:`boardcore.svg.chandigarh`)
both need, in a module that imports neither."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from typing import Final

NONE: Final = -1  # no seat, no sector, no card, no direction

# "Geometry".
COLOURS: Final = ("y", "b", "r", "g")
ANY: Final = 4  # the "any" icon of a card end
SIDES: Final = ("n", "e", "s", "w")  # also the step directions
NUM_PLOTS: Final = 128  # (4t + side) * 2 + k, k = 0, 1
CENTRE: Final = 2  # k of the centre of a side without plots
STREET_NAMES: Final = ("x1", "x2", "x3", "y1", "y2", "y3")

# Build modes (the plot builds' `m`); the centre build is the Sector Manager's.
PLAIN: Final = 0
REPLACE: Final = 1
MANAGER: Final = 2
SURVEYOR: Final = 3
ENGINEER: Final = 4
DRAUGHTSMAN: Final = 5
CENTRE_BUILD: Final = 6  # not a plot-build mode; a centre build
MODE_WORDS: Final = ("", "replace", "manager", "surveyor", "engineer", "draughtsman")

# Action encoding: the first id of each range, in id order ("Action encoding").
STEP: Final = 0
ADD: Final = 4
BUILD: Final = 76
CENTRE_BUILDS: Final = 3148
DRIVE: Final = 3404
DESIGN: Final = 3453
GOVERNOR: Final = 3502
REDISTRIBUTE: Final = 3506
ARRANGE: Final = 3522
ARRANGE_NONE: Final = 3526
PAWN: Final = 3527
TAKE: Final = 3543
DISCARD: Final = 3547
PICK: Final = 3551
EXCHANGE: Final = 3587
CRAFT: Final = 3603
PROJECT: Final = 3619
MAYOR: Final = 3655
LOGISTICS: Final = 3691
SCORE: Final = 3692
STREET: Final = 3728
STOP: Final = 3734
END: Final = 3735
PASS: Final = 3736
SKIP: Final = 3737
TILE: Final = 3738
REVEAL: Final = 3748
FIRST: Final = 3784
NUM_ACTIONS: Final = 3788

# Action kinds, one per range (the ids above); their words in the notation.
KIND_STARTS: Final = (
    ("step", STEP),
    ("add", ADD),
    ("build", BUILD),
    ("centre", CENTRE_BUILDS),
    ("drive", DRIVE),
    ("design", DESIGN),
    ("governor", GOVERNOR),
    ("redistribute", REDISTRIBUTE),
    ("arrange", ARRANGE),
    ("pawn", PAWN),
    ("take", TAKE),
    ("discard", DISCARD),
    ("pick", PICK),
    ("exchange", EXCHANGE),
    ("craft", CRAFT),
    ("project", PROJECT),
    ("mayor", MAYOR),
    ("logistics", LOGISTICS),
    ("score", SCORE),
    ("street", STREET),
    ("stop", STOP),
    ("end", END),
    ("pass", PASS),
    ("skip", SKIP),
    ("tile", TILE),
    ("reveal", REVEAL),
    ("first", FIRST),
)


@dataclass(frozen=True)
class Card:
    """A project card of the component file."""

    pattern: str
    colours: tuple[int, ...]  # one or two colours (a, b)
    stars: int
    steps: int
    left: tuple[int, ...]  # icons of the left end: colours, ANY for "any"
    right: tuple[int, ...]


def junction_id(x: int, y: int) -> int:
    return (y + 1) * 7 + (x + 1)


def junction_xy(junction: int) -> tuple[int, int]:
    return junction % 7 - 1, junction // 7 - 1


def junction_text(junction: int) -> str:
    x, y = junction_xy(junction)
    return f"{x},{y}"


def slot_text(slot: int) -> str:
    """``<t><side><k>``, the centre as ``c``: ``5n0``, ``3wc``."""
    tile, rest = divmod(slot, 12)
    side, k = divmod(rest, 3)
    return f"{tile}{SIDES[side]}{'c' if k == CENTRE else k}"


_KIND_FIRSTS: Final = tuple(start for _, start in KIND_STARTS)


def decode(action: int) -> tuple[str, int, int, int]:
    """(kind, x, y, z) of an action id in range. Builds: (mode, colour, slot); centre builds:
    (colour, slot, 0); add: (card, end); exchange and craft: (c, d); arrange: (colour or
    -1); otherwise (argument, 0, 0)."""
    kind, start = KIND_STARTS[bisect_right(_KIND_FIRSTS, action) - 1]
    offset = action - start
    if kind == "add":
        return kind, offset // 2, offset % 2, 0
    if kind == "build":
        mode, rest = divmod(offset, 4 * NUM_PLOTS)
        colour, plot = divmod(rest, NUM_PLOTS)
        return kind, mode, colour, (plot // 2) * 3 + plot % 2
    if kind == "centre":
        colour, side = divmod(offset, 64)
        return kind, colour, side * 3 + CENTRE, 0
    if kind in ("exchange", "craft"):
        return kind, offset // 4, offset % 4, 0
    if kind == "arrange":
        return kind, offset if offset < 4 else NONE, 0, 0
    return kind, offset, 0, 0


def action_text(action: int) -> str:
    """The notation of an action id in ``0 .. 3787`` ("Action notation")."""
    kind, x, y, z = decode(action)
    if kind == "step":
        return f"step {SIDES[x]}"
    if kind == "add":
        return f"add {x} {'left' if y == 0 else 'right'}"
    if kind == "build":
        suffix = f" {MODE_WORDS[x]}" if x != PLAIN else ""
        return f"build {COLOURS[y]} {slot_text(z)}{suffix}"
    if kind == "centre":
        return f"build {COLOURS[x]} {slot_text(y)}"
    if kind in ("drive", "design"):
        return f"{kind} {junction_text(x)}"
    if kind in ("governor", "take", "discard"):
        return f"{kind} {COLOURS[x]}"
    if kind == "arrange":
        return f"arrange {'-' if x == NONE else COLOURS[x]}"
    if kind in ("exchange", "craft"):
        return f"{kind} {COLOURS[x]} {COLOURS[y]}"
    if kind == "street":
        return f"street {STREET_NAMES[x]}"
    if kind in ("logistics", "stop", "end", "pass", "skip"):
        return kind
    return f"{kind} {x}"  # redistribute, pawn, pick, project, mayor, score, tile, reveal, first
