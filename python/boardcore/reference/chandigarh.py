"""Chandigarh: the pure-Python reference engine.

Written from the spec (``docs/games/chandigarh.md``) and the rulebook
(``shared/rules/chandigarh.md``) alone, so that it can be diffed move by move against the
Rust engine. The spec's *(boardcore)* rulings are cited by number ("ruling 11"); its sections
by name ("Flows", "Pending obligations", "The pattern kernel" ...).

Readings of the spec where it leaves a choice (each also marked where it is coded):

- ``[rules]``: row 4 and project limit 3 are fixed by the spec, and so is ``revealed``
  (``players + 4``, ruling 2); ``per_colour``, ``removed``, ``reserve_limit`` and
  ``supervisors`` are read from the file and used.
- Printed plots: each colour exactly once per face, on an existing plot; a tile may carry
  more than one (the spec sets no limit per tile).
- A build completes its sector when it fills the sector's last vacant plot, so a sector is
  completed once: a replacement never does (the table), nor a centre build.
- The Head of Amenities' offer follows any blue build in a perimeter sector, a centre build
  included.
- Ruling 17's end trigger is set where the refill fails: at the add flow's reveal stage, when
  the deck is out and the row is empty.
- The end of a turn clears only what the "Flows" say (``used``, ``gained``); ``steps``,
  ``here``, ``last`` and ``flow`` keep their values until the next turn starts (so they
  show the last turn's values during the final scoring).
- The Park Manager's offer is a card ability: it is made in an Add turn only, never in the
  final scoring.
- A draft-take with nothing left to take ends, as every take obligation does (only possible
  with a small ``per_colour``).
- In-range ids without a meaning (``exchange y y``, ``drive`` to a junction that does not
  exist, ``first 3`` with 2 players) keep their plain notation and are never legal.

The setup lays the ten street tiles by chance, one outcome per tile:

>>> state = ChandigarhGame(players=3).new_initial_state()
>>> [state.action_to_string(a) for a in (state.legal_actions()[0], state.legal_actions()[-1])]
['tile 0', 'tile 9']
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from boardcore._args import debug as _debug
from boardcore.api import CHANCE, TERMINAL
from boardcore.errors import DataError, NotationError, ParameterError
from boardcore.reference._chandigarh_actions import (
    ADD,
    ANY,
    ARRANGE,
    ARRANGE_NONE,
    BUILD,
    CENTRE,
    CENTRE_BUILD,
    CENTRE_BUILDS,
    COLOURS,
    CRAFT,
    DESIGN,
    DISCARD,
    DRAUGHTSMAN,
    DRIVE,
    END,
    ENGINEER,
    EXCHANGE,
    FIRST,
    GOVERNOR,
    LOGISTICS,
    MANAGER,
    MAYOR,
    MODE_WORDS,
    NONE,
    NUM_ACTIONS,
    NUM_PLOTS,
    PASS,
    PAWN,
    PICK,
    PLAIN,
    PROJECT,
    REDISTRIBUTE,
    REPLACE,
    REVEAL,
    SCORE,
    SIDES,
    SKIP,
    STEP,
    STOP,
    STREET,
    STREET_NAMES,
    SURVEYOR,
    TAKE,
    TILE,
    Card,
    action_text,
    decode,
    junction_id,
    junction_text,
    junction_xy,
    slot_text,
)
from boardcore.reference._data import (
    check_fields,
    data_choice,
    data_int,
    data_text,
    entry_list,
    is_ints,
    packaged_data,
    read_toml,
)
from boardcore.reference._game import ReferenceGame, ReferenceState
from boardcore.reference._json import is_int, saved_enum
from boardcore.reference._params import counted, int_param, str_param

__all__ = ["ChandigarhGame", "ChandigarhState", "count_pattern"]

NAME: Final = "chandigarh"
VERSION: Final = 3  # 2: ruling 9 counts the Driver and Park Designer; 3: "each time"

# "Geometry".
YELLOW: Final = 0
BLUE: Final = 1
RED: Final = 2
GREEN: Final = 3
NORTH: Final = 0
EAST: Final = 1
SOUTH: Final = 2
WEST: Final = 3
OPPOSITE: Final = (SOUTH, WEST, NORTH, EAST)
DELTAS: Final = ((0, -1), (1, 0), (0, 1), (-1, 0))  # a step's (dx, dy) per direction
NUM_TILES: Final = 16
NUM_SLOTS: Final = 192  # (4t + side) * 3 + k
NUM_JUNCTIONS: Final = 49  # (y + 1) * 7 + (x + 1), x, y in -1..5
CENTRAL: Final = 24  # the central junction 2,2: (2 + 1) * 7 + (2 + 1)
PERIMETER_PLACE: Final = 6  # the corner tile's place
NUM_PLACES: Final = 7
CORNER_NAMES: Final = ("nw", "ne", "sw", "se")
CORNER_TILES: Final = (0, 3, 12, 15)
NUM_CARDS: Final = 36
NUM_STREET_TILES: Final = 10

PATTERNS: Final = (
    "opposite",
    "across",
    "line3",
    "line2",
    "cross",
    "diagonal",
    "perimeter",
    "street",
)
TWO_COLOUR_PATTERNS: Final = ("opposite", "across")

# The 24 specialists ("Specialists"): slug -> colour.
SPECIALIST_COLOURS: Final = {
    "building-assistant": YELLOW,
    "commercial-manager": YELLOW,
    "governor": YELLOW,
    "project-manager": YELLOW,
    "master-craftsman": YELLOW,
    "building-director": YELLOW,
    "head-of-amenities": BLUE,
    "driver": BLUE,
    "building-manager": BLUE,
    "traffic-director": BLUE,
    "logistics-manager": BLUE,
    "amenities-director": BLUE,
    "local-brahmin": RED,
    "mayor": RED,
    "surveyor": RED,
    "architects-assistant": RED,
    "head-architect": RED,
    "draughtsman": RED,
    "park-engineer": GREEN,
    "sector-manager": GREEN,
    "chief-gardener": GREEN,
    "head-of-supervision": GREEN,
    "park-designer": GREEN,
    "park-manager": GREEN,
}
DEFAULT_SPECIALISTS: Final = (
    "commercial-manager",
    "logistics-manager",
    "local-brahmin",
    "park-designer",
)

MODE_SPECIALISTS: Final = (
    "",
    "building-assistant",
    "building-manager",
    "surveyor",
    "park-engineer",
    "draughtsman",
    "sector-manager",
)
# The specialist whose token each of these action kinds uses.
_KIND_SPECIALISTS: Final = {
    "drive": "driver",
    "design": "park-designer",
    "governor": "governor",
    "redistribute": "head-architect",
    "exchange": "commercial-manager",
    "project": "project-manager",
    "mayor": "mayor",
    "logistics": "logistics-manager",
}

# Why an action of a kind is illegal, where one sentence fits (after the checks of _reason).
_KIND_REASONS: Final = {
    "drive": "a drive goes from a perimeter junction to another one (ruling 9 holding)",
    "design": "a design goes to another corner of a sector holding a green (ruling 9)",
    "governor": "the Governor needs 1 PP and the colour in the general reserve",
    "redistribute": "the Head Architect needs a red in the reserve and a sector with a building",
    "exchange": "an exchange gives a reserve colour for another one in the general reserve",
    "logistics": "the row is empty",
    "craft": "a craft returns a colour just taken (and still held) for another colour",
    "street": "no street card is being scored",
    "stop": "another architect is on this junction (ruling 9)",
    "pass": "a step or an add is possible (ruling 6)",
}

PHASES: Final = saved_enum(NAME, "phase")  # the saved format's, in the spec's order
FLOWS: Final = ("gain", "craft", "score", "reveal", "after")
BONUS_HEAD_OF_AMENITIES: Final = 1
BONUS_PARK_MANAGER: Final = 2

# The observation's fixed scales ("Observation").
PER_COLOUR_SCALE: Final = 18.0
RESERVE_SCALE: Final = 6.0
PP_SCALE: Final = 100.0
SUPERVISOR_SCALE: Final = 5.0
STEPS_SCALE: Final = 7.0
HERE_SCALE: Final = 2.0
DECK_SCALE: Final = 36.0
TODO_SCALE: Final = 4.0
GAINED_SCALE: Final = 4.0
ARRANGE_SCALE: Final = 8.0
TURN_SCALE: Final = 100.0
TAKES_SCALE: Final = 2.0
TENSOR_SIZE: Final = 1380
SEAT_BLOCK: Final = 96

CHANCE_KINDS: Final = ("tile", "reveal", "first", "pawn")
# Which phases each seat action kind belongs to ("Turn structure"), for the error messages.
KIND_PHASES: Final = {
    "step": ("main", "move"),
    "add": ("main", "add"),
    "build": ("main", "move"),
    "centre": ("move",),
    "drive": ("main", "move"),
    "design": ("main", "move"),
    "governor": ("main", "move"),
    "redistribute": ("main", "move"),
    "arrange": ("arrange",),
    "pawn": ("relocate",),
    "take": ("draft-take", "gain", "bonus", "takes"),
    "discard": ("discard",),
    "pick": ("draft",),
    "exchange": ("main", "add", "after"),
    "craft": ("craft",),
    "project": ("main", "add", "after"),
    "mayor": ("main", "add", "after"),
    "logistics": ("main", "add", "after"),
    "score": ("final",),
    "street": ("street", "final"),
    "stop": ("move",),
    "end": ("after",),
    "pass": ("main",),
    "skip": ("craft", "bonus"),
}
PHASE_DOING: Final = {
    "draft": "to draft",
    "draft-take": "to take buildings",
    "main": "to play",
    "add": "to add a card",
    "gain": "to take an any building",
    "craft": "to craft",
    "street": "to choose a street",
    "after": "to use a specialist or end",
    "bonus": "to take a bonus building",
    "takes": "to take buildings",
    "discard": "to discard",
}


def plot_index(slot: int) -> int:
    """The build encoding's ``p = (4t + side) * 2 + k`` of a plot slot (k 0, 1)."""
    return (slot // 3) * 2 + slot % 3


# ---------------------------------------------------------------------------------------------
# Component data ("Component data" in the spec).

_TOP_KEYS: Final = ("game", "rules", "sector", "street", "card", "specialist")
_RULES_FIELDS: Final = (
    "provenance",
    "per_colour",
    "removed",
    "revealed",
    "row",
    "reserve_limit",
    "supervisors",
    "project_limit",
)
# The [rules] values the encoding and the flows fix ("Component data": row 4, project limit
# 3; ruling 2: players + 4 revealed cards, so that 4 are left for the row).
_FIXED_RULES: Final[dict[str, object]] = {
    "revealed": [6, 7, 8],
    "row": 4,
    "project_limit": 3,
}
MAX_PER_COLOUR: Final = 99
MAX_RESERVE_LIMIT: Final = 99
MAX_SUPERVISORS: Final = 16
_SECTOR_FIELDS: Final = ("provenance", "brown", "blue")
_SECTOR_OPTIONAL: Final = ("brown_printed", "blue_printed")
_FACES: Final = ("brown", "blue")
_STREET_FIELDS: Final = ("provenance", "value", "tie")
_CARD_FIELDS: Final = ("provenance", "pattern", "colours", "stars", "steps", "left", "right")
_SPECIALIST_FIELDS: Final = ("provenance", "slug", "name", "colour", "stars", "tile")
MAX_STREET_VALUE: Final = 20
MAX_CARD_STARS: Final = 9
MAX_CARD_STEPS: Final = 2
MAX_ICONS: Final = 2
MAX_SPECIALIST_STARS: Final = 9
MAX_PLOTS_PER_SIDE: Final = 2


@dataclass(frozen=True)
class _Sector:
    """A sector tile: plots per side (n, e, s, w) and printed plots (colour, side, k) per face."""

    plots: tuple[tuple[int, ...], tuple[int, ...]]  # brown, blue
    printed: tuple[tuple[tuple[int, int, int], ...], tuple[tuple[int, int, int], ...]]


@dataclass(frozen=True)
class _Street:
    value: int
    tie: int


@dataclass(frozen=True)
class _Specialist:
    slug: str
    name: str
    colour: int
    stars: int


@dataclass(frozen=True)
class _Data:
    """A validated component file. Ids are the order of each table in the file."""

    per_colour: int  # buildings of each colour
    removed: tuple[int, ...]  # per colour removed at setup, for 2, 3, 4 players
    reserve_limit: int  # a personal reserve's limit (ruling 15)
    supervisors: int  # per seat (ruling 13)
    sectors: tuple[_Sector, ...]
    streets: tuple[_Street, ...]
    cards: tuple[Card, ...]
    specialists: tuple[_Specialist, ...]
    specialist_ids: dict[str, int]  # slug -> specialist id


def _data_colour(name: str, where: str, field: str, value: object, any_ok: bool = False) -> int:
    return data_choice(name, where, field, value, (*COLOURS, "any") if any_ok else COLOURS)


def _data_sector(name: str, where: str, entry: object) -> _Sector:
    fields = check_fields(name, where, entry, _SECTOR_FIELDS, _SECTOR_OPTIONAL)
    plots: list[tuple[int, ...]] = []
    printed: list[tuple[tuple[int, int, int], ...]] = []
    for face in _FACES:
        counts = fields[face]
        if not is_ints(counts, 4, 0, MAX_PLOTS_PER_SIDE):
            raise DataError(
                f"{name}: {where} field {face!r}: expected 4 integers 0..{MAX_PLOTS_PER_SIDE} "
                f"(plots on the n, e, s, w sides), got {counts!r}"
            )
        if not any(counts):
            raise DataError(
                f"{name}: {where} field {face!r}: a sector has at least one plot, got {counts!r}"
            )
        plots.append(tuple(counts))
        field = f"{face}_printed"
        given = fields.get(field, [])
        if not isinstance(given, list):
            raise DataError(
                f"{name}: {where} field {field!r}: expected a list of printed plots "
                f'[colour, side, plot] (e.g. [["y", "e", 0]]), got {given!r}'
            )
        face_printed: list[tuple[int, int, int]] = []
        for item in given:
            if (
                not isinstance(item, list)
                or len(item) != 3
                or item[0] not in COLOURS
                or item[1] not in SIDES
                or not is_int(item[2])
                or not 0 <= item[2] < counts[SIDES.index(item[1])]
            ):
                raise DataError(
                    f"{name}: {where} field {field!r}: expected [colour, side, plot] with a "
                    f"colour of {', '.join(COLOURS)}, a side of {', '.join(SIDES)} and a plot "
                    f"that side has on the {face} face, got {item!r}"
                )
            plot = (COLOURS.index(item[0]), SIDES.index(item[1]), item[2])
            if any(other[1:] == plot[1:] for other in face_printed):
                raise DataError(
                    f"{name}: {where} field {field!r}: plot {item[1]}{item[2]} is printed twice"
                )
            face_printed.append(plot)
        printed.append(tuple(face_printed))
    return _Sector(plots=(plots[0], plots[1]), printed=(printed[0], printed[1]))


def _data_card(name: str, where: str, entry: object) -> Card:
    fields = check_fields(name, where, entry, _CARD_FIELDS)
    pattern = PATTERNS[data_choice(name, where, "pattern", fields["pattern"], PATTERNS)]
    wanted = 2 if pattern in TWO_COLOUR_PATTERNS else 1
    colours = fields["colours"]
    if not isinstance(colours, list) or len(colours) != wanted:
        raise DataError(
            f"{name}: {where} field 'colours': a {pattern} pattern has {wanted} colour(s), "
            f"got {colours!r}"
        )
    parsed = tuple(_data_colour(name, where, "colours", c) for c in colours)
    stars = data_int(name, where, "stars", fields["stars"], 1, MAX_CARD_STARS)
    steps = data_int(name, where, "steps", fields["steps"], 0, MAX_CARD_STEPS)
    ends: list[tuple[int, ...]] = []
    for end in ("left", "right"):
        icons = fields[end]
        if not isinstance(icons, list) or len(icons) > MAX_ICONS:
            raise DataError(
                f"{name}: {where} field {end!r}: expected a list of 0 to {MAX_ICONS} icons "
                f"({', '.join(COLOURS)} or any), got {icons!r}"
            )
        ends.append(tuple(_data_colour(name, where, end, icon, any_ok=True) for icon in icons))
    return Card(
        pattern=pattern, colours=parsed, stars=stars, steps=steps, left=ends[0], right=ends[1]
    )


def load_data(path: Path) -> _Data:
    """Read and validate a component file (the schema of the spec's "Component data")."""
    name, doc = read_toml(path, NAME, _TOP_KEYS)
    rules = check_fields(name, "[rules]", doc.get("rules"), _RULES_FIELDS)
    for field, value in _FIXED_RULES.items():
        given = rules[field]
        same = given == value and (
            is_int(given) or (isinstance(given, list) and all(is_int(v) for v in given))
        )
        if not same:
            raise DataError(
                f"{name}: [rules] field {field!r}: expected {value!r} (the action encoding and "
                f"the flows fix it), got {given!r}"
            )
    per_colour = data_int(name, "[rules]", "per_colour", rules["per_colour"], 1, MAX_PER_COLOUR)
    removed = rules["removed"]
    if not is_ints(removed, 3, 0, per_colour - 1):
        raise DataError(
            f"{name}: [rules] field 'removed': expected 3 integers (2, 3, 4 players), each "
            f"0..{per_colour - 1} (a building of each colour is left for its printed plot), "
            f"got {removed!r}"
        )
    reserve_limit = data_int(
        name, "[rules]", "reserve_limit", rules["reserve_limit"], 1, MAX_RESERVE_LIMIT
    )
    supervisors = data_int(name, "[rules]", "supervisors", rules["supervisors"], 0, MAX_SUPERVISORS)
    sectors = tuple(
        _data_sector(name, f"[[sector]] {index + 1} (sector {index})", entry)
        for index, entry in enumerate(entry_list(name, doc, "sector", NUM_TILES, NUM_TILES))
    )
    for face_index, face in enumerate(_FACES):
        seen: dict[int, int] = {}
        for tile, sector in enumerate(sectors):
            for colour, _, _ in sector.printed[face_index]:
                if colour in seen:
                    raise DataError(
                        f"{name}: [[sector]] {tile + 1} (sector {tile}) field "
                        f"'{face}_printed': colour {COLOURS[colour]} is printed already on "
                        f"sector {seen[colour]} (each colour is printed exactly once per face)"
                    )
                seen[colour] = tile
        for colour in range(4):
            if colour not in seen:
                raise DataError(
                    f"{name}: [[sector]]: no sector's '{face}_printed' field prints colour "
                    f"{COLOURS[colour]} (each colour is printed exactly once per face)"
                )
    streets: list[_Street] = []
    for index, entry in enumerate(
        entry_list(name, doc, "street", NUM_STREET_TILES, NUM_STREET_TILES)
    ):
        where = f"[[street]] {index + 1} (street tile {index})"
        fields = check_fields(name, where, entry, _STREET_FIELDS)
        value = data_int(name, where, "value", fields["value"], 1, MAX_STREET_VALUE)
        tie = data_int(name, where, "tie", fields["tie"], 1, value)
        streets.append(_Street(value=value, tie=tie))
    cards = tuple(
        _data_card(name, f"[[card]] {index + 1} (card {index})", entry)
        for index, entry in enumerate(entry_list(name, doc, "card", NUM_CARDS, NUM_CARDS))
    )
    specialists: list[_Specialist] = []
    ids: dict[str, int] = {}
    entries = entry_list(name, doc, "specialist", len(SPECIALIST_COLOURS), len(SPECIALIST_COLOURS))
    for index, entry in enumerate(entries):
        where = f"[[specialist]] {index + 1}"
        if isinstance(entry, dict) and isinstance(entry.get("slug"), str):
            where += f" ({entry['slug']})"
        fields = check_fields(name, where, entry, _SPECIALIST_FIELDS)
        slug = fields["slug"]
        if not isinstance(slug, str) or slug not in SPECIALIST_COLOURS:  # a list: no hash
            raise DataError(
                f"{name}: {where} field 'slug': expected one of the 24 specialists "
                f"({', '.join(SPECIALIST_COLOURS)}), got {slug!r}"
            )
        if slug in ids:
            raise DataError(f"{name}: {where} field 'slug': {slug!r} is listed twice")
        colour = _data_colour(name, where, "colour", fields["colour"])
        if colour != SPECIALIST_COLOURS[slug]:
            raise DataError(
                f"{name}: {where} field 'colour': {slug} is "
                f"{COLOURS[SPECIALIST_COLOURS[slug]]!r}, got {fields['colour']!r}"
            )
        data_int(name, where, "tile", fields["tile"], 0, 2)
        specialists.append(
            _Specialist(
                slug=slug,
                name=data_text(name, where, "name", fields["name"]),
                colour=colour,
                stars=data_int(name, where, "stars", fields["stars"], 0, MAX_SPECIALIST_STARS),
            )
        )
        ids[slug] = index
    return _Data(
        per_colour=per_colour,
        removed=tuple(removed),
        reserve_limit=reserve_limit,
        supervisors=supervisors,
        sectors=sectors,
        streets=tuple(streets),
        cards=cards,
        specialists=tuple(specialists),
        specialist_ids=ids,
    )


@functools.lru_cache(maxsize=1)
def _default_data() -> _Data:
    return load_data(packaged_data(NAME))


# ---------------------------------------------------------------------------------------------
# Geometry ("Geometry"): cells, junctions, sections, perimeter, streets, pattern shapes.


@dataclass(frozen=True)
class _Geometry:
    """The city of a player count (tile face) and a variant, all derived from the cells."""

    moves: tuple[tuple[int, int, int], ...]  # (corner tile, column, row), ascending tile
    cells: tuple[tuple[int, int], ...]  # per tile
    plots: tuple[int, ...]  # per tile side 4t + side: plots on the face in play
    step_to: tuple[tuple[int, ...], ...]  # per junction, per direction: the junction or NONE
    adjacent_plots: tuple[tuple[int, ...], ...]  # per junction: the plot slots beside it
    adjacent_centres: tuple[tuple[int, ...], ...]  # per junction: centres of plotless sides
    corner_of: tuple[tuple[int, ...], ...]  # per junction: the sectors it is a corner of
    corners: tuple[tuple[int, ...], ...]  # per sector: its 4 corner junctions
    perimeter_junctions: tuple[int, ...]  # ascending
    perimeter_sector: tuple[bool, ...]
    perimeter_slots: tuple[int, ...]  # every slot (k 0..2) of a perimeter side
    street_sectors: tuple[tuple[int, ...], ...]  # places 0..5 (streets), 6 (perimeter)
    street_slots: tuple[tuple[int, ...], ...]  # per street: every slot (k 0..2) of its sides
    sector_plots: tuple[tuple[int, ...], ...]  # per sector: its plot slots, in slot order
    across: tuple[tuple[tuple[int, int], tuple[int, int]], ...]  # ((t, side), (u, side))
    lines3: tuple[tuple[int, ...], ...]
    lines2: tuple[tuple[int, ...], ...]
    crosses: tuple[tuple[int, ...], ...]  # the 4 sectors around a centre sector
    diagonals: tuple[tuple[int, ...], ...]


def _side_ends(column: int, row: int, side: int) -> tuple[int, int]:
    """The section of a cell's side, as its two junction ids, ascending."""
    ends = (
        ((column, row), (column + 1, row)),
        ((column + 1, row), (column + 1, row + 1)),
        ((column, row + 1), (column + 1, row + 1)),
        ((column, row), (column, row + 1)),
    )[side]
    a, b = junction_id(*ends[0]), junction_id(*ends[1])
    return (a, b) if a < b else (b, a)


def _make_geometry(data: _Data, players: int, moves: tuple[tuple[int, int, int], ...]) -> _Geometry:
    face = 0 if players <= 3 else 1  # ruling 1: brown for 2-3 players, blue for 4
    cells = [(t % 4, t // 4) for t in range(NUM_TILES)]
    for tile, column, row in moves:
        cells[tile] = (column, row)
    tile_at = {cell: t for t, cell in enumerate(cells)}
    plots = tuple(data.sectors[t].plots[face][side] for t in range(NUM_TILES) for side in range(4))
    # Sections: the sides that lie on each one.
    sections: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for t, (column, row) in enumerate(cells):
        for side in range(4):
            sections.setdefault(_side_ends(column, row, side), []).append((t, side))
    step_to = []
    for junction in range(NUM_JUNCTIONS):
        x, y = junction_xy(junction)
        row_steps = []
        for dx, dy in DELTAS:
            nx, ny = x + dx, y + dy
            target = junction_id(nx, ny) if -1 <= nx <= 5 and -1 <= ny <= 5 else NONE
            key = (min(junction, target), max(junction, target))
            row_steps.append(target if target != NONE and key in sections else NONE)
        step_to.append(tuple(row_steps))
    corners = tuple(
        (
            junction_id(c, r),
            junction_id(c + 1, r),
            junction_id(c, r + 1),
            junction_id(c + 1, r + 1),
        )
        for c, r in cells
    )
    corner_of: list[list[int]] = [[] for _ in range(NUM_JUNCTIONS)]
    for t in range(NUM_TILES):
        for junction in corners[t]:
            corner_of[junction].append(t)
    adjacent_plots: list[list[int]] = [[] for _ in range(NUM_JUNCTIONS)]
    adjacent_centres: list[list[int]] = [[] for _ in range(NUM_JUNCTIONS)]
    for (a, b), sides in sections.items():
        for t, side in sides:
            count = plots[4 * t + side]
            base = (4 * t + side) * 3
            slots = [base + k for k in range(count)]
            for junction in (a, b):
                if count:
                    adjacent_plots[junction].extend(slots)
                else:
                    adjacent_centres[junction].append(base + CENTRE)
    perimeter = [(key, sides[0]) for key, sides in sections.items() if len(sides) == 1]
    perimeter_junctions = sorted({j for (a, b), _ in perimeter for j in (a, b)})
    perimeter_sector = [False] * NUM_TILES
    perimeter_slots: list[int] = []
    for _, (t, side) in perimeter:
        perimeter_sector[t] = True
        perimeter_slots.extend((4 * t + side) * 3 + k for k in range(3))
    # Streets x = 1, 2, 3 then y = 1, 2, 3: the sides on each line.
    street_sides: list[list[tuple[int, int]]] = []
    for axis in (0, 1):
        for k in (1, 2, 3):
            sides_on = []
            for t, (column, row) in enumerate(cells):
                where = column if axis == 0 else row
                if where == k - 1:
                    sides_on.append((t, EAST if axis == 0 else SOUTH))
                elif where == k:
                    sides_on.append((t, WEST if axis == 0 else NORTH))
            street_sides.append(sides_on)
    street_sectors = [tuple(sorted({t for t, _ in sides})) for sides in street_sides]
    street_sectors.append(tuple(t for t in range(NUM_TILES) if perimeter_sector[t]))
    street_slots = tuple(
        tuple(sorted((4 * t + side) * 3 + k for t, side in sides for k in range(3)))
        for sides in street_sides
    )
    sector_plots = tuple(
        tuple((4 * t + side) * 3 + k for side in range(4) for k in range(plots[4 * t + side]))
        for t in range(NUM_TILES)
    )
    across = tuple((sides[0], sides[1]) for _, sides in sorted(sections.items()) if len(sides) == 2)

    def shape(offsets: tuple[tuple[int, int], ...]) -> list[tuple[int, ...]]:
        found = []
        for column, row in cells:
            members = [tile_at.get((column + dc, row + dr)) for dc, dr in offsets]
            if all(m is not None for m in members):
                found.append(tuple(m for m in members if m is not None))
        return found

    lines3 = shape(((0, 0), (1, 0), (2, 0))) + shape(((0, 0), (0, 1), (0, 2)))
    lines2 = shape(((0, 0), (1, 0))) + shape(((0, 0), (0, 1)))
    crosses = [members[1:] for members in shape(((0, 0), (0, -1), (1, 0), (0, 1), (-1, 0)))]
    diagonals = shape(((0, 0), (1, 1), (2, 2))) + shape(((0, 0), (1, -1), (2, -2)))
    return _Geometry(
        moves=moves,
        cells=tuple(cells),
        plots=plots,
        step_to=tuple(step_to),
        adjacent_plots=tuple(tuple(sorted(set(s))) for s in adjacent_plots),
        adjacent_centres=tuple(tuple(sorted(set(s))) for s in adjacent_centres),
        corner_of=tuple(tuple(sorted(c)) for c in corner_of),
        corners=corners,
        perimeter_junctions=tuple(perimeter_junctions),
        perimeter_sector=tuple(perimeter_sector),
        perimeter_slots=tuple(sorted(perimeter_slots)),
        street_sectors=tuple(street_sectors),
        street_slots=street_slots,
        sector_plots=sector_plots,
        across=across,
        lines3=tuple(lines3),
        lines2=tuple(lines2),
        crosses=tuple(crosses),
        diagonals=tuple(diagonals),
    )


SPECIALISTS_FORM = (
    '"none" or four specialist slugs, one of each colour, separated by commas like '
    f'"{",".join(DEFAULT_SPECIALISTS)}"'
)
"""What to write for ``specialists``."""
VARIANT_FORM = (
    'empty or two corner moves like "nw=4,1;se=-1,2" (corners nw, ne, sw, se; column and row '
    "-1..4, outside the 4x4 grid or in the cell the other corner left, sharing a side with "
    "another sector)"
)
"""What to write for ``variant``."""
COLOUR_NAMES: Final = ("yellow", "blue", "red", "green")


def _variant_number(text: str) -> int:
    """A column or row of a variant move, -1..4 (an optional minus, then digits)."""
    if re.fullmatch(r"-?[0-9]+", text) and -1 <= int(text) <= 4:
        return int(text)
    raise ParameterError(
        f"variant must be {VARIANT_FORM}: {_debug(text)} is not a column or row from -1 to 4"
    )


def _parse_variant(variant: str) -> tuple[tuple[int, int, int], ...]:
    """The ``variant`` parameter: empty, or ``nw=C,R;se=C,R`` (ruling 5), as moves
    ``(corner tile, column, row)`` ascending by tile: two different corners, to two
    different cells outside the 4x4 grid or in the one the other corner leaves, each beside a
    sector, the city in one piece. Each
    move is read before the count is checked: its fault is the more specific."""
    if variant == "":
        return ()

    def bad(why: str) -> ParameterError:
        return ParameterError(f"variant must be {VARIANT_FORM}: {why}")

    moves: dict[int, tuple[int, int, int]] = {}
    for part in variant.split(";"):
        corner, equals, where = part.partition("=")
        if not equals:
            raise bad(f"{_debug(part)} is not corner=column,row")
        if corner not in CORNER_NAMES:
            raise bad(f"unknown corner {_debug(corner)}")
        first, comma, second = where.partition(",")
        if not comma:
            raise bad(f"{_debug(where)} is not column,row")
        column, row = _variant_number(first), _variant_number(second)
        # Inside the grid only a corner's cell can be free: the one the other corner leaves.
        corner_cell = any((t % 4, t // 4) == (column, row) for t in CORNER_TILES)
        if 0 <= column <= 3 and 0 <= row <= 3 and not corner_cell:
            raise bad(f"{column},{row} is inside the 4x4 grid")
        tile = CORNER_TILES[CORNER_NAMES.index(corner)]
        if tile in moves:
            raise bad(f"{corner} is moved twice")
        if any((c, r) == (column, row) for _, c, r in moves.values()):
            raise bad(f"both corners go to {column},{row}")
        moves[tile] = (tile, column, row)
    if len(moves) != 2:
        raise bad(f"{_debug(variant)} moves {counted(len(moves), 'corner')}, not 2")
    for tile, column, row in moves.values():
        left = any(t != tile and (t % 4, t // 4) == (column, row) for t in moves)
        if 0 <= column <= 3 and 0 <= row <= 3 and not left:
            raise bad(
                f"{column},{row} is inside the 4x4 grid, not the cell the other corner leaves"
            )
    result = tuple(moves[tile] for tile in sorted(moves))
    cells = {(t % 4, t // 4) for t in range(NUM_TILES)} - {(t % 4, t // 4) for t, _, _ in result}
    cells |= {(c, r) for _, c, r in result}
    for tile, column, row in result:
        if not any((column + dc, row + dr) in cells for dc, dr in DELTAS):
            name = CORNER_NAMES[CORNER_TILES.index(tile)]
            raise bad(f"{name} at {column},{row} shares no side with another sector")
    # Ruling 5: the city stays in one piece (sectors linked by shared sides).
    reached = {(1, 1)}  # tile 5, never moved
    frontier = [(1, 1)]
    while frontier:
        column, row = frontier.pop()
        for dc, dr in DELTAS:
            cell = (column + dc, row + dr)
            if cell in cells and cell not in reached:
                reached.add(cell)
                frontier.append(cell)
    if reached != cells:
        raise bad("the city would fall apart into pieces")
    return result


def _variant_text(moves: tuple[tuple[int, int, int], ...]) -> str:
    return ";".join(
        f"{CORNER_NAMES[CORNER_TILES.index(tile)]}={column},{row}" for tile, column, row in moves
    )


# ---------------------------------------------------------------------------------------------
# The pattern kernel ("Patterns", "The pattern kernel").


def _max_packing(capacity: Sequence[int], groups: Sequence[tuple[int, ...]]) -> int:
    """The largest number of instances that fit: each instance takes one unit of every
    resource of its group (a group can give many instances), and a resource gives at most
    ``capacity[r]`` units. Instances of one pattern that use the same resources are
    interchangeable, so this is exactly the largest number of disjoint instances.

    Exact: the groups sharing no resource are solved apart, each by a branch and bound that
    tries every count of each group, highest first, and cuts a branch when even an
    optimistic bound cannot beat the best found."""
    caps = list(capacity)
    live = [g for g in groups if all(caps[r] > 0 for r in g)]
    # Connected components: groups linked by a shared resource.
    parent = list(range(len(caps)))

    def root(r: int) -> int:
        while parent[r] != r:
            parent[r] = parent[parent[r]]
            r = parent[r]
        return r

    for group in live:
        for r in group[1:]:
            parent[root(r)] = root(group[0])
    components: dict[int, list[tuple[int, ...]]] = {}
    for group in live:
        components.setdefault(root(group[0]), []).append(group)
    return sum(_pack_component(caps, part) for part in components.values())


def _pack_component(caps: list[int], groups: list[tuple[int, ...]]) -> int:
    """The branch and bound of :func:`_max_packing` over one component (``caps`` is
    restored on return).

    ``best_from(i)`` is the exact maximum for groups ``i..`` with the capacities as they are:
    it tries every count of group ``i``, highest first, stops as soon as the bound is
    reached, and skips a count whose optimistic total cannot beat the best found. Its value
    depends only on the capacities of the resources that groups ``i..`` use, so it is
    remembered under them (the groups are in grid order, so few of them vary)."""
    if len(groups) == 1:
        return min(caps[r] for r in groups[0])
    groups = sorted(groups, key=lambda g: (min(g), max(g)))
    size = min(len(g) for g in groups)
    needed = [sorted({r for g in groups[i:] for r in g}) for i in range(len(groups) + 1)]
    memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def bound(start: int) -> int:
        """At most each group's smallest capacity, and at most the capacity left over the
        resources still in play divided by the instance size."""
        by_group = sum(min(caps[r] for r in g) for g in groups[start:])
        pooled = sum(caps[r] for r in needed[start]) // size
        return min(by_group, pooled)

    def best_from(index: int) -> int:
        if index == len(groups):
            return 0
        key = (index, tuple(caps[r] for r in needed[index]))
        if key in memo:
            return memo[key]
        limit = bound(index)
        best = 0
        group = groups[index]
        for uses in range(min(caps[r] for r in group), -1, -1):
            if best >= limit:
                break
            for r in group:
                caps[r] -= uses
            if uses + bound(index + 1) > best:
                best = max(best, uses + best_from(index + 1))
            for r in group:
                caps[r] += uses
        memo[key] = best
        return best

    return best_from(0)


def _pattern_count(geo: _Geometry, city: Sequence[int], card: Card, street: int) -> int:
    """The largest number of disjoint instances of the card's pattern in the city (street:
    the chosen street for a ``street`` card)."""
    a = card.colours[0]
    b = card.colours[-1]
    pattern = card.pattern
    if pattern == "perimeter":
        return sum(1 for slot in geo.perimeter_slots if city[slot] == a)
    if pattern == "street":
        return sum(1 for slot in geo.street_slots[street] if city[slot] == a)
    if pattern in TWO_COLOUR_PATTERNS:
        # Resources: (tile side, colour) -> (4t + side) * 4 + colour; centres count on their side.
        caps = [0] * (NUM_TILES * 4 * 4)
        for slot in range(NUM_SLOTS):
            if city[slot] != NONE:
                caps[(slot // 3) * 4 + city[slot]] += 1
        pairs: list[tuple[tuple[int, int], tuple[int, int]]] = []
        if pattern == "opposite":
            for t in range(NUM_TILES):
                pairs.append(((t, NORTH), (t, SOUTH)))
                pairs.append(((t, EAST), (t, WEST)))
        else:
            pairs.extend(geo.across)
        groups: list[tuple[int, ...]] = []
        for (t, side), (u, other) in pairs:
            one, two = 4 * t + side, 4 * u + other
            groups.append((one * 4 + a, two * 4 + b))
            if a != b:
                groups.append((one * 4 + b, two * 4 + a))
        return _max_packing(caps, groups)
    # One building of colour a in each sector of a shape; resources are the sectors.
    per_sector = [0] * NUM_TILES
    for slot in range(NUM_SLOTS):
        if city[slot] == a:
            per_sector[slot // 12] += 1
    shapes = {
        "line3": geo.lines3,
        "line2": geo.lines2,
        "cross": geo.crosses,
        "diagonal": geo.diagonals,
    }[pattern]
    return _max_packing(per_sector, shapes)


@functools.lru_cache(maxsize=64)
def _kernel_geometry(players: int, variant: str) -> _Geometry:
    return _make_geometry(_default_data(), players, _parse_variant(variant))


def count_pattern(
    players: int,
    variant: str,
    city: list[int],
    pattern: str,
    colours: list[str],
    street: str | None,
) -> int:
    """The pattern kernel: the largest number of disjoint instances of ``pattern`` (colours
    ``a``, ``b`` as letters) in ``city`` (192 slots, a colour id or -1), for ``players``
    (the tile face) and ``variant`` (as the parameter); ``street`` names the chosen street of
    a ``street`` pattern (``x1`` .. ``y3``), else None. Uses the packaged component data.

    >>> city = [-1] * 192
    >>> city[5 * 12 + 0] = city[9 * 12 + 0] = city[13 * 12 + 0] = 3  # green in 5, 9, 13
    >>> count_pattern(4, "", city, "line3", ["g"], None)
    1
    """
    if not is_int(players) or players not in (2, 3, 4):
        raise ParameterError(f"count_pattern: players must be 2, 3 or 4, got {players!r}")
    geo = _kernel_geometry(players, str_param(variant, "variant", VARIANT_FORM))
    if not isinstance(city, list) or len(city) != NUM_SLOTS:
        raise ParameterError("count_pattern: city must be a list of 192 slot colours (-1..3)")
    for value in city:
        if not is_int(value) or not NONE <= value <= GREEN:
            raise ParameterError(
                f"count_pattern: city holds colour ids -1..3 per slot, got {value!r}"
            )
    if pattern not in PATTERNS:
        raise ParameterError(
            f"count_pattern: pattern must be one of {', '.join(PATTERNS)}, got {pattern!r}"
        )
    wanted = 2 if pattern in TWO_COLOUR_PATTERNS else 1
    if (
        not isinstance(colours, list)
        or len(colours) != wanted
        or not all(c in COLOURS for c in colours)
    ):
        raise ParameterError(
            f"count_pattern: a {pattern} pattern takes {wanted} colour letter(s) of "
            f"{', '.join(COLOURS)}, got {colours!r}"
        )
    street_id = 0
    if pattern == "street":
        if street not in STREET_NAMES:
            raise ParameterError(
                f"count_pattern: a street pattern needs a street of {', '.join(STREET_NAMES)}, "
                f"got {street!r}"
            )
        street_id = STREET_NAMES.index(street)
    card = Card(
        pattern=pattern,
        colours=tuple(COLOURS.index(c) for c in colours),
        stars=1,
        steps=0,
        left=(),
        right=(),
    )
    return _pattern_count(geo, city, card, street_id)


# ---------------------------------------------------------------------------------------------
# The game: parameters, action encoding, notation.


@dataclass(frozen=True)
class _Rules:
    """What a game's parameters and data fix, shared by all its states."""

    players: int
    data: _Data
    geo: _Geometry
    specialists: tuple[int, ...]  # the specialist ids in colour order, or () for none
    in_play: dict[str, int]  # slug -> colour, for the specialists in play
    revealed: int  # cards revealed for the draft: players + 4
    removed: int  # buildings of each colour removed at setup (ruling 3)
    general_start: tuple[int, ...]  # per colour, after the removal and the printed plots
    printed: tuple[tuple[int, int], ...]  # (slot, colour) of the printed plots
    num_actions: int = NUM_ACTIONS


def _make_rules(
    players: int, specialists: tuple[int, ...], moves: tuple[tuple[int, int, int], ...], data: _Data
) -> _Rules:
    geo = _make_geometry(data, players, moves)
    face = 0 if players <= 3 else 1
    printed = tuple(
        sorted(
            ((4 * t + side) * 3 + k, colour)
            for t, sector in enumerate(data.sectors)
            for colour, side, k in sector.printed[face]
        )
    )
    removed = data.removed[players - 2]
    general = [data.per_colour - removed] * 4
    for _, colour in printed:
        general[colour] -= 1
    return _Rules(
        players=players,
        data=data,
        geo=geo,
        specialists=specialists,
        in_play={data.specialists[sid].slug: colour for colour, sid in enumerate(specialists)},
        revealed=players + 4,
        removed=removed,
        general_start=tuple(general),
        printed=printed,
    )


# The main forms, for a text whose first word is no verb (every form is in the docs).
_FORMS: Final = (
    "'step n', 'add 17 left', 'build r 12e1', 'build r 12e1 replace', 'build r 12ec', "
    "'drive 0,3', 'governor y', 'take g', 'pick 12', 'street x2', 'stop' or another form of "
    "docs/games/chandigarh.md (single spaces, lower case)"
)

# How each verb is written, for a text with a verb and the wrong number of words.
_VERB_FORMS: Final = {
    "step": "'step n', 'step e', 'step s' or 'step w'",
    "add": "'add 17 left' or 'add 17 right'",
    "build": "'build r 12e1', 'build r 12e1 <mode>' with a mode replace, manager, surveyor, "
    "engineer or draughtsman, or 'build r 12ec'",
    "drive": "'drive 0,3'",
    "design": "'design 4,2'",
    "governor": "'governor y'",
    "redistribute": "'redistribute 5'",
    "arrange": "'arrange y' or 'arrange -'",
    "pawn": "'pawn 7'",
    "take": "'take g'",
    "discard": "'discard b'",
    "pick": "'pick 12'",
    "exchange": "'exchange y r'",
    "craft": "'craft y r'",
    "project": "'project 12'",
    "mayor": "'mayor 12'",
    "logistics": "'logistics' alone",
    "score": "'score 12'",
    "street": "'street x2'",
    "stop": "'stop' alone",
    "end": "'end' alone",
    "pass": "'pass' alone",
    "skip": "'skip' alone",
    "tile": "'tile 4'",
    "reveal": "'reveal 12'",
    "first": "'first 2'",
}


def _numbers(count: int) -> frozenset[str]:
    return frozenset(str(n) for n in range(count))


# Each kind of word: the words it takes, and what it is, for the message on a word that is
# none of them.
_DIRECTION: Final = (frozenset(SIDES), "a direction; directions are n, e, s, w")
_CARD: Final = (_numbers(36), "a card; cards are 0 to 35")
_END_OF_ROW: Final = (frozenset(("left", "right")), "an end of the row; ends are left, right")
_COLOUR: Final = (frozenset(COLOURS), "a colour; colours are y, b, r, g")
_SLOT: Final = (
    frozenset(slot_text(slot) for slot in range(192)),
    "a slot; a slot is a sector 0 to 15, a side n, e, s or w and a plot 0, 1 or c (the "
    "centre), e.g. 12e1, 3wc",
)
_MODE: Final = (
    frozenset(MODE_WORDS[1:]),
    "a build mode; modes are replace, manager, surveyor, engineer, draughtsman",
)
_JUNCTION: Final = (
    frozenset(f"{x},{y}" for x in range(-1, 6) for y in range(-1, 6)),
    "a junction; a junction is x,y with x and y from -1 to 5, e.g. 0,3",
)
_SECTOR: Final = (_numbers(16), "a sector; sectors are 0 to 15")
_COLOUR_OR_NONE: Final = (frozenset((*COLOURS, "-")), "a colour or -; colours are y, b, r, g")
_STREET: Final = (frozenset(STREET_NAMES), "a street; streets are x1, x2, x3, y1, y2, y3")
_TILE: Final = (_numbers(10), "a street tile; tiles are 0 to 9")
_SEAT: Final = (_numbers(4), "a seat; seats are 0 to 3")

# The words after each verb (build: a mode may follow).
_VERB_WORDS: Final[dict[str, tuple[tuple[frozenset[str], str], ...]]] = {
    "step": (_DIRECTION,),
    "add": (_CARD, _END_OF_ROW),
    "build": (_COLOUR, _SLOT, _MODE),
    "drive": (_JUNCTION,),
    "design": (_JUNCTION,),
    "governor": (_COLOUR,),
    "redistribute": (_SECTOR,),
    "arrange": (_COLOUR_OR_NONE,),
    "pawn": (_SECTOR,),
    "take": (_COLOUR,),
    "discard": (_COLOUR,),
    "pick": (_CARD,),
    "exchange": (_COLOUR, _COLOUR),
    "craft": (_COLOUR, _COLOUR),
    "project": (_CARD,),
    "mayor": (_CARD,),
    "score": (_CARD,),
    "street": (_STREET,),
    "tile": (_TILE,),
    "reveal": (_CARD,),
    "first": (_SEAT,),
}


@functools.lru_cache(maxsize=1)
def _text_ids() -> dict[str, int]:
    """Every action's notation -> its id (the notation is the same for every game)."""
    return {action_text(action): action for action in range(NUM_ACTIONS)}


def parse_action(text: str) -> int:
    """The action id of a text in the notation ("Action notation"), legal now or not."""
    found = _text_ids().get(text)
    if found is None:
        raise NotationError(_unreadable(text))
    return found


def _unreadable(text: str) -> str:
    """Why ``text`` is no action: its first wrong word, left to right (the Rust engine's
    words and order)."""
    verb, *words = text.split(" ")
    form = _VERB_FORMS.get(verb)
    if form is None:
        return f"{_debug(text)} is not a Chandigarh action: an action is {_FORMS}"
    kinds = _VERB_WORDS.get(verb, ())
    if len(words) != len(kinds) and not (verb == "build" and len(words) == 2):
        return (
            f"{_debug(text)} is not a Chandigarh action: {verb} is written {form} (single spaces)"
        )
    for word, (taken, what) in zip(words, kinds, strict=False):
        if word not in taken:
            return f"{_debug(text)}: {_debug(word)} is not {what}"
    # Every word is one of its kind: only a mode on a centre build is left.
    return f"{_debug(text)}: a build on a centre has no mode ('build r 12ec')"


def _parse_specialists(value: str) -> tuple[str, ...]:
    """The ``specialists`` parameter: ``none``, or four slugs, one of each colour, in any order;
    returned as slugs in colour order. Each slug is read before the count is checked: a
    misspelt slug is the likelier mistake."""
    if value == "none":
        return ()
    slugs = value.split(",")
    by_colour: list[str | None] = [None] * 4
    for slug in slugs:
        if slug not in SPECIALIST_COLOURS:
            raise ParameterError(
                f"specialists must be {SPECIALISTS_FORM}: unknown specialist {_debug(slug)}"
            )
        colour = SPECIALIST_COLOURS[slug]
        if by_colour[colour] is not None:
            raise ParameterError(
                f"specialists must be {SPECIALISTS_FORM}: two {COLOUR_NAMES[colour]} specialists"
            )
        by_colour[colour] = slug
    if len(slugs) != 4:
        raise ParameterError(
            f"specialists must be {SPECIALISTS_FORM}: {_debug(value)} lists "
            f"{counted(len(slugs), 'specialist')}, not 4"
        )
    return tuple(slug for slug in by_colour if slug is not None)


class ChandigarhGame(ReferenceGame["ChandigarhState", _Rules], name=NAME, version=VERSION):
    """Chandigarh for 2 to 4 players (``players``), with the ``specialists`` in play, the
    rulebook's ``variant`` city layout, and optionally other component data."""

    SAVED_PARAMS = ("specialists", "variant")

    def __init__(
        self,
        players: int = 4,
        specialists: str | None = None,
        variant: str | None = "",
        data: str | os.PathLike[str] | None = None,
    ) -> None:
        players = int_param(players, "players")
        slugs = (
            "" if specialists is None else str_param(specialists, "specialists", SPECIALISTS_FORM)
        )
        text = "" if variant is None else str_param(variant, "variant", VARIANT_FORM)
        path = self._data_file(data)
        if players not in (2, 3, 4):
            raise ParameterError(f"chandigarh is for 2 to 4 players, not {players!r}")
        chosen_slugs = _parse_specialists(
            ",".join(DEFAULT_SPECIALISTS) if specialists is None else slugs
        )
        moves = _parse_variant(text)
        loaded = load_data(path)
        chosen = tuple(loaded.specialist_ids[slug] for slug in chosen_slugs)
        self._rules = _make_rules(players, chosen, moves, loaded)

    def _params(self) -> dict[str, Any]:
        rules = self._rules
        slugs = [rules.data.specialists[sid].slug for sid in rules.specialists]
        return {
            "players": rules.players,
            "specialists": ",".join(slugs) if slugs else "none",
            "variant": _variant_text(rules.geo.moves),
        }

    def new_initial_state(self) -> ChandigarhState:
        return ChandigarhState(self._rules)


# ---------------------------------------------------------------------------------------------
# The state.


class ChandigarhState(ReferenceState[_Rules]):
    """A Chandigarh position: the city, the general reserve, the deck and row, each seat's
    reserve, project, architect, tokens and points, the pawns and supervisors, and the turn
    in progress with its pending obligations."""

    def __init__(self, rules: _Rules) -> None:
        n = rules.players
        self._rules = rules
        self._phase = "setup"
        # Which action the turn is in ("Turn structure"): setup, draft, main, move, add,
        # final or end. Not in the JSON: the history decides it.
        self._activity = "setup"
        self._seat = 0  # whose turn (or draft, or final score) it is
        self._to_move = CHANCE
        self._turn = 0
        self._start = NONE
        self._history: list[int] = []
        # Ruling 2: each colour's printed plot holds one building from the start.
        self._city = [NONE] * NUM_SLOTS
        for slot, colour in rules.printed:
            self._city[slot] = colour
        self._general = list(rules.general_start)
        self._removed = [rules.removed] * 4  # out of the game, per colour (not in the JSON)
        self._reserves = [[0] * 4 for _ in range(n)]
        self._pp = [0] * n
        self._architects = [CENTRAL] * n  # junction ids; all start at the central junction
        self._projects: list[list[int]] = [[] for _ in range(n)]
        self._row: list[int] = []
        self._pool = set(range(NUM_CARDS))  # ruling 17: the unordered pool ...
        self._bottom: list[int] = []  # ... on top of the known, ordered bottom
        self._streets = [NONE] * NUM_PLACES
        self._pawns = [NONE] * 4
        self._tokens = [[False] * 4 for _ in range(n)]
        self._supervisors = [NONE] * NUM_TILES
        self._ending = 0
        # The turn in progress ("Flows").
        self._steps = 0
        self._here = 2
        self._last = NONE
        self._flow = ""
        self._gained: list[int] = []  # ascending
        self._used = [False] * 4
        # Pending obligations ("Pending obligations"; the JSON's "pending").
        self._arrange: list[int] = []  # ascending
        self._bonus = 0
        self._relocate = NONE
        self._score = NONE
        self._sector = NONE
        self._takes = 0
        self._todo = 0
        self._revealing = False  # a reveal phase is under way, ``todo`` reveals left
        self._final_done = 0  # seats done in the final scoring, in turn order from the start
        self._legal: list[int] | None = None

    # --- interface ---------------------------------------------------------------------------

    def _action_text(self, action: int) -> str:
        return action_text(action)

    def _parse_action(self, text: str) -> int:
        return parse_action(text)

    def scores(self) -> list[int]:
        """Ruling 21: the PP so far (the final scores once the game is over)."""
        return list(self._pp)

    def winners(self) -> list[int]:
        """Ruling 20: the most PP, ties to the earliest in turn order from the starting
        player; one seat. Empty before the end."""
        if self._phase != "end":
            return []
        n = self._rules.players
        order = [(self._start + offset) % n for offset in range(n)]
        best = max(self._pp)
        return [next(seat for seat in order if self._pp[seat] == best)]

    def observation_tensor(self, player: int) -> npt.NDArray[np.float32]:
        """The "Observation" layout, seats relative to ``player``: 1380 floats."""
        player = self._check_player(player)
        rules = self._rules
        n = rules.players
        tensor = np.zeros(TENSOR_SIZE, dtype=np.float32)
        for slot, colour in enumerate(self._city):
            if colour != NONE:
                tensor[4 * slot + colour] = 1.0
        for colour in range(4):
            tensor[768 + colour] = self._general[colour] / PER_COLOUR_SCALE
        for offset in range(n):
            seat = (player + offset) % n
            base = 772 + SEAT_BLOCK * offset
            for colour in range(4):
                tensor[base + colour] = self._reserves[seat][colour] / RESERVE_SCALE
                tensor[base + 5 + colour] = 1.0 if self._tokens[seat][colour] else 0.0
            tensor[base + 4] = self._pp[seat] / PP_SCALE
            tensor[base + 9] = self._supervisors.count(seat) / SUPERVISOR_SCALE
            tensor[base + 10 + self._architects[seat]] = 1.0
            for card in self._projects[seat]:
                tensor[base + 59 + card] = 1.0
            tensor[base + 95] = 1.0 if self._start == seat else 0.0
        for card in self._row:
            tensor[1156 + card] = 1.0
        for colour, sector in enumerate(self._pawns):
            tensor[1192 + 17 * colour + (16 if sector == NONE else sector)] = 1.0
        for sector, seat in enumerate(self._supervisors):
            if seat != NONE:
                tensor[1260 + 4 * sector + (seat - player) % n] = 1.0
        for colour in range(4):
            tensor[1324 + colour] = 1.0 if self._used[colour] else 0.0
        tensor[1328 + PHASES.index(self._phase)] = 1.0
        tensor[1346] = self._steps / STEPS_SCALE
        tensor[1347] = self._here / HERE_SCALE
        if self._last != NONE:
            tensor[1348 + self._last] = 1.0
        tensor[1352] = float(self._ending)
        tensor[1353] = (len(self._pool) + len(self._bottom)) / DECK_SCALE
        tensor[1354] = self._todo / TODO_SCALE
        for colour in range(4):
            tensor[1355 + colour] = self._gained.count(colour) / GAINED_SCALE
        if self._flow:
            tensor[1359 + FLOWS.index(self._flow)] = 1.0
        tensor[1364 + self._bonus] = 1.0
        if self._relocate != NONE:
            tensor[1367 + self._relocate] = 1.0
        for colour in range(4):
            tensor[1371 + colour] = self._arrange.count(colour) / ARRANGE_SCALE
        tensor[1375] = self._turn / TURN_SCALE
        tensor[1376] = self._takes / TAKES_SCALE
        tensor[1377] = 1.0 if self._score != NONE else 0.0
        tensor[1379] = 1.0
        return tensor

    def _progress(self) -> str:
        status = "over" if self._phase == "end" else f"{self._phase}, to move {self._to_move}"
        return f"turn {self._turn} {status}"

    # --- the city -----------------------------------------------------------------------------

    def _has_vacant_plot(self, sector: int) -> bool:
        return any(self._city[slot] == NONE for slot in self._rules.geo.sector_plots[sector])

    def _holds_green(self, sector: int) -> bool:
        """A building of colour green on any slot of the sector."""
        return GREEN in self._city[12 * sector : 12 * sector + 12]

    def _relocation_targets(self) -> list[int]:
        """Ruling 12: another sector, not completed, without a pawn."""
        return [
            sector
            for sector in range(NUM_TILES)
            if sector not in self._pawns and self._has_vacant_plot(sector)
        ]

    # --- specialists --------------------------------------------------------------------------

    def _holds(self, seat: int, slug: str) -> bool:
        colour = self._rules.in_play.get(slug)
        return colour is not None and self._tokens[seat][colour]

    def _can(self, slug: str) -> bool:
        """The seat to play holds the specialist and has not used it this turn."""
        colour = self._rules.in_play.get(slug)
        return colour is not None and self._tokens[self._seat][colour] and not self._used[colour]

    def _use(self, slug: str) -> None:
        self._used[SPECIALIST_COLOURS[slug]] = True

    # --- movement (rulings 8 and 9) -----------------------------------------------------------

    def _others(self) -> set[int]:
        """The junctions of the other seats' architects."""
        return {j for seat, j in enumerate(self._architects) if seat != self._seat}

    def _finish(
        self,
        junction: int,
        last: int,
        steps: int,
        *,
        drive: bool | None = None,
        design: bool | None = None,
    ) -> bool:
        """Ruling 9's ``finish(j, last, n)``: the architect can end its turn from ``j``, by
        steps or by the Driver or the Park Designer the seat holds unused ("at any time
        during your turn"; ``drive``/``design`` False: that one is being used now)."""
        geo = self._rules.geo
        others = self._others()
        if junction not in others:
            return True
        step_to = geo.step_to
        drive = self._can("driver") if drive is None else drive
        design = self._can("park-designer") if design is None else design
        perimeter = sorted(geo.perimeter_junctions)
        greens = sorted(
            {
                j
                for sector in range(NUM_TILES)
                if self._holds_green(sector)
                for j in geo.corners[sector]
            }
            if design
            else ()
        )

        @functools.cache
        def can(j: int, previous: int, left: int, drive: bool, design: bool) -> bool:
            if j not in others:
                return True
            if design and any(g != j and can(g, NONE, left, drive, False) for g in greens):
                return True
            if (
                drive
                and j in geo.perimeter_junctions
                and any(p != j and can(p, NONE, left, False, design) for p in perimeter)
            ):
                return True
            if left == 0:
                return False
            for direction in range(4):
                if previous != NONE and direction == OPPOSITE[previous]:
                    continue
                target = step_to[j][direction]
                if target != NONE and can(target, direction, left - 1, drive, design):
                    return True
            return False

        return can(junction, last, steps, drive, design)

    def _step_legal(self, direction: int) -> bool:
        if self._steps <= 0:
            return False
        if self._last != NONE and direction == OPPOSITE[self._last]:
            return False
        target = self._rules.geo.step_to[self._architects[self._seat]][direction]
        return target != NONE and self._finish(target, direction, self._steps - 1)

    # --- legal actions ------------------------------------------------------------------------

    def _outcomes(self) -> list[tuple[int, int]]:
        """Uniform: each outcome weight 1 (ruling 2, ruling 17)."""
        rules = self._rules
        if self._phase == "setup":
            if NONE in self._streets:
                return [
                    (TILE + tile, 1)
                    for tile in range(NUM_STREET_TILES)
                    if tile not in self._streets
                ]
            if rules.specialists and NONE in self._pawns:
                return [(PAWN + tile, 1) for tile in CORNER_TILES if tile not in self._pawns]
            if len(self._row) < rules.revealed:
                return self._reveal_outcomes()
            return [(FIRST + seat, 1) for seat in range(rules.players)]
        return self._reveal_outcomes()

    def _reveal_outcomes(self) -> list[tuple[int, int]]:
        """Ruling 17: from the pool while it has cards, then the bottom's first card."""
        if self._pool:
            return [(REVEAL + card, 1) for card in sorted(self._pool)]
        return [(REVEAL + self._bottom[0], 1)]

    def _compute_legal(self) -> list[int]:
        phase = self._phase
        seat = self._seat
        if phase == "end":
            return []
        if self._to_move == CHANCE:
            return [action for action, _ in self._outcomes()]
        general = self._general
        reserve = self._reserves[seat]
        takes = [TAKE + c for c in range(4) if general[c] > 0]
        result: list[int] = []
        if phase == "draft":
            result = [PICK + card for card in self._row]
        elif phase == "draft-take":
            result = [TAKE + c for c in range(4) if general[c] > 0 and c not in self._gained]
        elif phase == "main":
            steps = [STEP + d for d in range(4) if self._step_legal(d)]
            adds = self._add_actions()
            result = steps + adds
            # "Flows", ruling 9: a footsteps action in main only if the turn could end here.
            if self._finish(self._architects[seat], NONE, self._steps):
                result += self._build_actions() + self._footsteps_actions()
            if self._row:  # a card specialist commits to an Add: it needs a card to add
                result += self._card_actions()
            if not steps and not adds:
                result.append(PASS)
        elif phase == "move":
            result = [STEP + d for d in range(4) if self._step_legal(d)]
            result += self._build_actions() + self._footsteps_actions()
            if self._architects[seat] not in self._others():
                result.append(STOP)
        elif phase == "add":
            result = self._add_actions() + self._card_actions()
        elif phase in ("gain", "takes"):
            result = takes
        elif phase == "craft":
            result = [
                CRAFT + 4 * c + d
                for c in sorted(set(self._gained))
                if reserve[c] > 0
                for d in range(4)
                if d != c and general[d] > 0
            ]
            result.append(SKIP)
        elif phase == "street":
            result = [STREET + k for k in range(len(STREET_NAMES))]
        elif phase == "after":
            result = [*self._card_actions(), END]
        elif phase == "arrange":
            result = [ARRANGE + c for c in sorted(set(self._arrange))]
            if self._todo > len(self._arrange):
                result.append(ARRANGE_NONE)
        elif phase == "relocate":
            result = [PAWN + sector for sector in self._relocation_targets()]
        elif phase == "bonus":
            result = [*takes, SKIP]
        elif phase == "discard":
            result = [DISCARD + c for c in range(4) if reserve[c] > 0]
        elif phase == "final":
            if self._score != NONE:  # a street card being scored: its street first
                result = [STREET + k for k in range(len(STREET_NAMES))]
            else:
                result = [SCORE + card for card in self._projects[seat]]
        return sorted(result)

    def _add_actions(self) -> list[int]:
        return [ADD + 2 * card + end for card in self._row for end in (0, 1)]

    def _build_actions(self) -> list[int]:
        """Every build the seat can make now ("Flows", the specialists table)."""
        rules = self._rules
        geo = rules.geo
        seat = self._seat
        city = self._city
        colours = [c for c in range(4) if self._reserves[seat][c] > 0]
        if not colours:
            return []
        junction = self._architects[seat]
        adjacent = geo.adjacent_plots[junction]
        vacant_adjacent = [slot for slot in adjacent if city[slot] == NONE]
        result: list[int] = []

        def builds(mode: int, slots: Sequence[int]) -> None:
            for slot in slots:
                for colour in colours:
                    result.append(BUILD + (mode * 4 + colour) * NUM_PLOTS + plot_index(slot))

        # A step build: here == 0, or here == 1 with the Architect's Assistant.
        if self._here == 0 or (self._here == 1 and self._can("architects-assistant")):
            builds(PLAIN, vacant_adjacent)
            if self._can("building-assistant"):
                builds(REPLACE, [slot for slot in adjacent if city[slot] != NONE])
            if self._can("building-manager"):
                near = {slot for j in self._others() for slot in geo.adjacent_plots[j]}
                builds(MANAGER, sorted(slot for slot in near if city[slot] == NONE))
            if self._can("surveyor"):
                builds(
                    SURVEYOR,
                    [
                        slot
                        for sector in geo.corner_of[junction]
                        for slot in geo.sector_plots[sector]
                        if city[slot] == NONE
                    ],
                )
            if self._can("park-engineer"):
                builds(
                    ENGINEER,
                    [
                        slot
                        for sector in range(NUM_TILES)
                        if self._holds_green(sector)
                        for slot in geo.sector_plots[sector]
                        if city[slot] == NONE
                    ],
                )
            if self._can("sector-manager"):
                for slot in geo.adjacent_centres[junction]:
                    if city[slot] == NONE:
                        for colour in colours:
                            result.append(CENTRE_BUILDS + colour * 64 + slot // 3)
        if self._can("draughtsman"):
            builds(DRAUGHTSMAN, vacant_adjacent)
        return result

    def _footsteps_actions(self) -> list[int]:
        """Driver, Park Designer, Governor and Head Architect."""
        rules = self._rules
        geo = rules.geo
        seat = self._seat
        junction = self._architects[seat]
        result: list[int] = []
        if self._can("driver") and junction in geo.perimeter_junctions:
            result += [
                DRIVE + j
                for j in geo.perimeter_junctions
                if j != junction and self._finish(j, NONE, self._steps, drive=False)
            ]
        if self._can("park-designer"):
            greens = {
                j
                for sector in range(NUM_TILES)
                if self._holds_green(sector)
                for j in geo.corners[sector]
            }
            result += [
                DESIGN + j
                for j in sorted(greens)
                if j != junction and self._finish(j, NONE, self._steps, design=False)
            ]
        if self._can("governor") and self._pp[seat] >= 1:
            result += [GOVERNOR + c for c in range(4) if self._general[c] > 0]
        if self._can("head-architect") and self._reserves[seat][RED] > 0:
            result += [
                REDISTRIBUTE + sector
                for sector in range(NUM_TILES)
                if any(self._city[slot] != NONE for slot in geo.sector_plots[sector])
            ]
        return result

    def _card_actions(self) -> list[int]:
        """Commercial Manager, Project Manager, Mayor and Logistics Manager."""
        seat = self._seat
        result: list[int] = []
        if self._can("commercial-manager"):
            result += [
                EXCHANGE + 4 * c + d
                for c in range(4)
                if self._reserves[seat][c] > 0
                for d in range(4)
                if d != c and self._general[d] > 0
            ]
        if self._can("project-manager"):
            result += [PROJECT + card for card in self._projects[seat]]
        if self._can("mayor"):
            result += [MAYOR + card for card in self._projects[seat]]
        if self._can("logistics-manager") and self._row:
            result.append(LOGISTICS)
        return result

    # --- applying actions ---------------------------------------------------------------------

    def _apply(self, action: int) -> None:
        """Apply a legal action; then settle ("Pending obligations")."""
        kind, x, y, z = decode(action)
        if kind in ("tile", "reveal", "first") or (kind == "pawn" and self._phase == "setup"):
            self._chance(kind, x)
            return
        handler = getattr(self, f"_do_{kind}")
        handler(x, y, z)

    def _chance(self, kind: str, x: int) -> None:
        if kind == "tile":
            self._streets[self._streets.index(NONE)] = x  # ruling 2: places 0..6 in order
        elif kind == "pawn":
            self._pawns[self._pawns.index(NONE)] = x  # colours y, b, r, g in order
        elif kind == "first":
            self._start = x
            self._seat = x
            self._activity = "draft"
            self._set_phase("draft")
        else:
            self._reveal(x)

    def _reveal(self, card: int) -> None:
        if card in self._pool:
            self._pool.remove(card)
        else:
            self._bottom.pop(0)
        self._row.append(card)
        if self._phase == "setup":
            return
        self._todo -= 1
        if self._todo == 0:
            self._revealing = False
            if self._flow == "reveal":  # the add flow's own reveal goes on to after
                self._flow = "after"
        self._settle()

    def _set_phase(self, phase: str) -> None:
        self._phase = phase
        if phase in ("setup", "reveal"):
            self._to_move = CHANCE
        elif phase == "end":
            self._to_move = TERMINAL
        else:
            self._to_move = self._seat

    def _take(self, colour: int) -> None:
        """A building from the general reserve to the seat's; the last one triggers the end
        (ruling 18)."""
        self._general[colour] -= 1
        self._reserves[self._seat][colour] += 1
        if self._general[colour] == 0:
            self._ending = 1

    def _gain(self, colour: int) -> None:
        self._gained.append(colour)
        self._gained.sort()

    # Seat actions, one handler per kind (x, y, z as ``decode`` gives them).

    def _do_pick(self, card: int, _y: int, _z: int) -> None:
        self._row.remove(card)
        self._projects[self._seat] = [card]
        self._draft_take()

    def _draft_take(self) -> None:
        """Ruling 4: two takes of different colours; as with every take, the obligation ends
        when there is nothing left to take ("Pending obligations")."""
        possible = any(self._general[c] > 0 and c not in self._gained for c in range(4))
        if len(self._gained) < 2 and possible:
            self._set_phase("draft-take")
        else:
            self._next_drafter()

    def _do_take(self, colour: int, _y: int, _z: int) -> None:
        self._take(colour)
        phase = self._phase
        if phase == "draft-take":
            self._gain(colour)
            self._draft_take()
            return
        if phase == "gain":
            self._gain(colour)
            self._todo -= 1
        elif phase == "bonus":
            self._use(
                "head-of-amenities" if self._bonus == BONUS_HEAD_OF_AMENITIES else "park-manager"
            )
            self._bonus = 0
        else:  # takes
            self._takes -= 1
        self._settle()

    def _next_drafter(self) -> None:
        """Ruling 4: in turn order from the starting player; then turn 1 begins."""
        self._gained = []
        self._seat = (self._seat + 1) % self._rules.players
        if self._seat != self._start:
            self._set_phase("draft")
            return
        self._turn = 1
        if self._ending:
            self._begin_final()
        else:
            self._begin_turn(self._start)

    def _do_step(self, direction: int, _y: int, _z: int) -> None:
        seat = self._seat
        self._activity = "move"
        self._architects[seat] = self._rules.geo.step_to[self._architects[seat]][direction]
        self._steps -= 1
        self._last = direction
        self._here = 0
        self._settle()

    def _do_build(self, mode: int, colour: int, slot: int) -> None:
        self._build(mode, colour, slot)

    def _do_centre(self, colour: int, slot: int, _z: int) -> None:
        self._build(CENTRE_BUILD, colour, slot)

    def _build(self, mode: int, colour: int, slot: int) -> None:
        """Ruling 10 and 11: a build, then in order completion, automatic points, the
        sector's specialist, the pawn of a completed sector, the Head of Amenities' offer."""
        rules = self._rules
        seat = self._seat
        sector = slot // 12
        self._activity = "move"
        had_vacant = self._has_vacant_plot(sector)
        replaced = self._city[slot]
        if replaced != NONE:
            self._removed[replaced] += 1  # the Building Assistant's: it leaves the game
        self._city[slot] = colour
        self._reserves[seat][colour] -= 1
        if mode != DRAUGHTSMAN:  # a step build
            if self._here == 1:
                self._use("architects-assistant")
            self._here += 1
        if mode != PLAIN:
            self._use(MODE_SPECIALISTS[mode])
        # Completion: the build filled the sector's last vacant plot.
        completed = had_vacant and not self._has_vacant_plot(sector)
        if completed and self._supervisors.count(seat) < rules.data.supervisors:
            self._supervisors[sector] = seat  # ruling 13: 5 supervisors per seat
        # Automatic points. The Local Brahmin and Head of Supervision pay "each time" (every
        # temple, every completed sector) and are never flipped; the Chief Gardener pays
        # "when", once per turn.
        if colour == RED and self._can("local-brahmin"):
            self._pp[seat] += 1
        if self._holds_green(sector) and self._can("chief-gardener"):
            self._pp[seat] += 1
            self._use("chief-gardener")
        if completed and self._can("head-of-supervision"):
            self._pp[seat] += 1
        # The specialist in the sector.
        if rules.specialists and self._pawns[colour] == sector and not self._tokens[seat][colour]:
            self._tokens[seat][colour] = True
            if self._steps == 0:
                # "even on that very same turn if you still have any steps left to use": with
                # none left, the token waits for the next turn (as if flipped).
                self._used[colour] = True
            elif rules.in_play.get("traffic-director") == colour:
                self._steps += 1  # ruling 7: the step at once
            if sum(tokens[colour] for tokens in self._tokens) == rules.players:
                self._pawns[colour] = NONE  # the last token removes the pawn
            else:
                self._relocate = colour
        # A pawn still in a completed sector's plaza (ruling 12).
        if completed:
            for pawn, where in enumerate(self._pawns):
                if where == sector:
                    self._relocate = pawn
        # The Head of Amenities' offer.
        if colour == BLUE and rules.geo.perimeter_sector[sector] and self._can("head-of-amenities"):
            self._bonus = BONUS_HEAD_OF_AMENITIES
        self._settle()

    def _do_drive(self, junction: int, _y: int, _z: int) -> None:
        self._use("driver")
        self._jump(junction)

    def _do_design(self, junction: int, _y: int, _z: int) -> None:
        self._use("park-designer")
        self._jump(junction)

    def _jump(self, junction: int) -> None:
        """Ruling 8: a drive or design is not a step; it clears the previous direction."""
        self._activity = "move"
        self._architects[self._seat] = junction
        self._here = 2
        self._last = NONE
        self._settle()

    def _do_governor(self, colour: int, _y: int, _z: int) -> None:
        self._activity = "move"
        self._use("governor")
        self._pp[self._seat] -= 1
        self._take(colour)
        self._settle()

    def _do_redistribute(self, sector: int, _y: int, _z: int) -> None:
        self._activity = "move"
        self._use("head-architect")
        plots = self._rules.geo.sector_plots[sector]
        for slot in plots:
            if self._city[slot] != NONE:
                self._arrange.append(self._city[slot])
                self._city[slot] = NONE
        self._arrange.sort()
        self._sector = sector
        self._todo = len(plots)
        self._settle()

    def _do_arrange(self, colour: int, _y: int, _z: int) -> None:
        plots = self._rules.geo.sector_plots[self._sector]
        slot = plots[len(plots) - self._todo]  # the next plot in slot order
        if colour != NONE:
            self._arrange.remove(colour)
            self._city[slot] = colour
        self._todo -= 1
        if self._todo == 0:
            self._sector = NONE
        self._settle()

    def _do_pawn(self, sector: int, _y: int, _z: int) -> None:
        self._pawns[self._relocate] = sector
        self._relocate = NONE
        self._settle()

    def _do_discard(self, colour: int, _y: int, _z: int) -> None:
        self._reserves[self._seat][colour] -= 1
        self._removed[colour] += 1
        self._settle()

    def _do_stop(self, _x: int, _y: int, _z: int) -> None:
        self._end_turn()

    def _do_pass(self, _x: int, _y: int, _z: int) -> None:
        self._end_turn()

    def _do_end(self, _x: int, _y: int, _z: int) -> None:
        seat = self._seat
        if self._can("amenities-director") and all(self._reserves[seat]):
            self._pp[seat] += 1
            self._use("amenities-director")
        self._end_turn()

    def _do_add(self, card: int, end: int, _z: int) -> None:
        """Add a card ("Flows", *Add*): take the joined sides' fixed icons, count their "any"
        icons, add the card at its end; a fourth card sends the far end to be scored (ruling
        14)."""
        cards = self._rules.data.cards
        self._activity = "add"
        self._row.remove(card)
        project = self._projects[self._seat]
        if project:
            if end == 0:  # left: the new card's right side meets the old left end's left side
                icons = cards[card].right + cards[project[0]].left
            else:
                icons = cards[card].left + cards[project[-1]].right
            for icon in icons:
                if icon != ANY and self._general[icon] > 0:
                    self._take(icon)
                    self._gain(icon)
            self._todo = icons.count(ANY)
        if end == 0:
            project.insert(0, card)
        else:
            project.append(card)
        if len(project) > 3:
            self._score = project.pop(-1 if end == 0 else 0)
        self._flow = "gain"
        self._settle()

    def _commit_to_add(self) -> None:
        """A card specialist used in main commits the turn to Add a New Card."""
        self._activity = "add"

    def _do_exchange(self, colour: int, other: int, _z: int) -> None:
        self._commit_to_add()
        self._use("commercial-manager")
        self._reserves[self._seat][colour] -= 1
        self._general[colour] += 1
        self._take(other)
        self._settle()

    def _do_project(self, card: int, _y: int, _z: int) -> None:
        self._commit_to_add()
        self._use("project-manager")
        self._projects[self._seat].remove(card)
        self._takes = 2
        self._settle()

    def _do_mayor(self, card: int, _y: int, _z: int) -> None:
        self._commit_to_add()
        self._use("mayor")
        self._projects[self._seat].remove(card)
        self._pp[self._seat] += 2
        self._settle()

    def _do_logistics(self, _x: int, _y: int, _z: int) -> None:
        self._commit_to_add()
        self._use("logistics-manager")
        self._bottom.extend(self._row)
        self._row = []
        self._todo = min(4, len(self._pool) + len(self._bottom))
        self._revealing = True
        self._settle()

    def _do_craft(self, colour: int, other: int, _z: int) -> None:
        self._use("master-craftsman")
        self._reserves[self._seat][colour] -= 1
        self._general[colour] += 1
        self._gained.remove(colour)
        self._take(other)
        self._gain(other)
        self._after_craft()
        self._settle()

    def _after_craft(self) -> None:
        """The Building Director, then on to scoring."""
        if self._gained and len(set(self._gained)) == 1 and self._can("building-director"):
            self._pp[self._seat] += 1
            self._use("building-director")
        self._flow = "score"

    def _do_skip(self, _x: int, _y: int, _z: int) -> None:
        if self._phase == "craft":
            self._after_craft()
        else:  # bonus: not taken, so not used
            self._bonus = 0
        self._settle()

    def _do_street(self, street: int, _y: int, _z: int) -> None:
        if self._activity == "final":
            self._score_pending(street)
            self._final_done += 1
            self._next_final()
            return
        self._score_in_add(street)
        self._settle()

    def _do_score(self, card: int, _y: int, _z: int) -> None:
        """The final scoring: the card leaves the project to be scored (ruling 18)."""
        self._projects[self._seat].remove(card)
        self._score = card
        if self._rules.data.cards[card].pattern == "street":
            return  # "Turn structure": the street is chosen in phase final
        self._score_pending(0)
        self._final_done += 1
        self._next_final()

    # --- the add flow, settling -----------------------------------------------------------------

    def _score_pending(self, street: int) -> None:
        """Ruling 16: stars times the largest number of disjoint instances; the card leaves."""
        rules = self._rules
        card = rules.data.cards[self._score]
        self._pp[self._seat] += card.stars * _pattern_count(rules.geo, self._city, card, street)
        self._score = NONE

    def _score_in_add(self, street: int) -> None:
        card = self._rules.data.cards[self._score]
        self._score_pending(street)
        if GREEN in card.colours and self._can("park-manager"):
            self._bonus = BONUS_PARK_MANAGER
        self._flow = "reveal"

    def _settle(self) -> None:
        """The "Pending obligations": the first that holds decides the phase, else the flow."""
        seat = self._seat
        if self._sector != NONE:
            self._set_phase("arrange")
            return
        if self._relocate != NONE:
            if self._relocation_targets():
                self._set_phase("relocate")
                return
            self._pawns[self._relocate] = NONE  # ruling 12: nowhere to go
            self._relocate = NONE
        if self._bonus:
            if any(self._general):
                self._set_phase("bonus")
                return
            self._bonus = 0
        if self._takes:
            if any(self._general):
                self._set_phase("takes")
                return
            self._takes = 0
        if sum(self._reserves[seat]) > self._rules.data.reserve_limit:
            self._set_phase("discard")
            return
        if self._revealing:
            self._set_phase("reveal")
            return
        if self._activity == "move":
            self._set_phase("move")
        else:
            self._add_flow()

    def _add_flow(self) -> None:
        """The add flow ("Flows", *Add*): gain, craft, score, reveal, after, whenever nothing
        is pending."""
        while True:
            flow = self._flow
            if flow == "":
                self._set_phase("add")
                return
            if flow == "gain":
                if self._todo > 0 and any(self._general):
                    self._set_phase("gain")
                    return
                self._todo = 0
                self._flow = "craft"
            elif flow == "craft":
                if self._gained and self._can("master-craftsman"):
                    self._set_phase("craft")
                    return
                self._after_craft()
            elif flow == "score":
                if self._score == NONE:
                    self._flow = "reveal"
                elif self._rules.data.cards[self._score].pattern == "street":
                    self._set_phase("street")
                    return
                else:
                    self._score_in_add(0)
                    self._settle()
                    return
            elif flow == "reveal":
                if self._pool or self._bottom:
                    self._todo = 1
                    self._revealing = True
                    self._set_phase("reveal")
                    return
                if not self._row:
                    self._ending = 1  # ruling 17: the deck is out and the row is empty
                self._flow = "after"
            else:  # after
                self._set_phase("after")
                return

    # --- turns and the end ----------------------------------------------------------------------

    def _begin_turn(self, seat: int) -> None:
        """A seat's turn begins ("Flows", *Turn start*)."""
        cards = self._rules.data.cards
        self._seat = seat
        self._activity = "main"
        self._steps = sum(cards[card].steps for card in self._projects[seat])
        if self._holds(seat, "traffic-director"):
            self._steps += 1
        self._here = 2
        self._last = NONE
        self._flow = ""
        self._set_phase("main")

    def _end_turn(self) -> None:
        """The turn ends ("Flows", *End of turn*)."""
        self._used = [False] * 4
        self._gained = []
        self._turn += 1
        following = (self._seat + 1) % self._rules.players
        if self._ending and following == self._start:
            self._begin_final()
        else:
            self._begin_turn(following)

    def _begin_final(self) -> None:
        self._activity = "final"
        self._final_done = 0
        self._next_final()

    def _next_final(self) -> None:
        """The final scoring ("Flows", *Final*): the next seat, in turn order, with a project."""
        n = self._rules.players
        while self._final_done < n:
            seat = (self._start + self._final_done) % n
            if self._projects[seat]:
                self._seat = seat
                self._set_phase("final")
                return
            self._final_done += 1
        self._finish_game()

    def _finish_game(self) -> None:
        """Ruling 18 and 19: specialist stars, then the streets and the perimeter."""
        rules = self._rules
        n = rules.players
        for seat in range(n):
            for colour, sid in enumerate(rules.specialists):
                if self._tokens[seat][colour]:
                    self._pp[seat] += rules.data.specialists[sid].stars
        for place, tile in enumerate(self._streets):
            street = rules.data.streets[tile]
            counts = [0] * n
            for sector in rules.geo.street_sectors[place]:
                if self._supervisors[sector] != NONE:
                    counts[self._supervisors[sector]] += 1
            best = max(counts)
            if best == 0:
                continue
            leaders = [seat for seat in range(n) if counts[seat] == best]
            for seat in leaders:
                self._pp[seat] += street.value if len(leaders) == 1 else street.tie
        self._activity = "end"
        self._set_phase("end")

    # --- why an action is illegal ---------------------------------------------------------------

    def _problem(self, action: int) -> str:
        """Why ``action`` (not among the legal actions) is illegal now."""
        kind, x, y, z = decode(action)
        status = self._status()
        if self._to_move == CHANCE:
            if kind not in CHANCE_KINDS:
                return f"this is a chance node ({status}), no seat is to move"
            possible = [action_text(a) for a, _ in self._outcomes()]
            shown = ", ".join(possible[:8]) + (", ..." if len(possible) > 8 else "")
            return f"not a possible outcome now ({status}); the outcomes are {shown}"
        now = f"{status} (phase {self._phase})"
        if kind in ("tile", "reveal", "first") or (kind == "pawn" and self._phase != "relocate"):
            return f"{now}; '{kind}' is a chance outcome here"
        if self._phase not in KIND_PHASES[kind]:
            word = action_text(action).split(" ")[0]
            return f"{now}; '{word}' is not an action of this phase"
        return self._reason(kind, x, y, z) or f"{now}; not legal in this position"

    def _specialist_problem(self, slug: str) -> str | None:
        colour = SPECIALIST_COLOURS[slug]
        if self._rules.in_play.get(slug) is None:
            return f"the {slug} is not in play"
        if not self._tokens[self._seat][colour]:
            return f"seat {self._seat} has no token of the {slug}"
        if self._used[colour]:
            return f"the {slug} was already used this turn, or gained with no step left"
        return None

    def _reason(self, kind: str, x: int, y: int, z: int) -> str | None:
        """A kind-specific reason, or None to fall back on the generic one."""
        geo = self._rules.geo
        seat = self._seat
        reserve = self._reserves[seat]
        junction = self._architects[seat]
        in_main = self._phase == "main"
        cannot_end = in_main and not self._finish(junction, NONE, self._steps)
        ruling9 = "the architect could not end its turn from here (ruling 9)"
        if kind in _KIND_SPECIALISTS:  # a specialist's own action: the specialist first
            problem = self._specialist_problem(_KIND_SPECIALISTS[kind])
            if problem:
                return problem
        if kind == "step":
            if self._steps <= 0:
                return "no steps left this turn"
            if self._last != NONE and x == OPPOSITE[self._last]:
                return f"no backtracking: the previous step went {SIDES[self._last]} (ruling 8)"
            if geo.step_to[junction][x] == NONE:
                return f"no street section leads {SIDES[x]} from {junction_text(junction)}"
            return "the architect could not end its turn after that step (ruling 9)"
        if kind == "add":
            return f"card {x} is not in the row {self._row}"
        if kind in ("build", "centre"):
            mode, colour, slot = (x, y, z) if kind == "build" else (CENTRE_BUILD, x, y)
            if reserve[colour] == 0:
                return f"seat {seat} has no {COLOURS[colour]} building in its reserve"
            if mode != PLAIN:
                problem = self._specialist_problem(MODE_SPECIALISTS[mode])
                if problem:
                    return problem
            if mode != DRAUGHTSMAN and not (
                self._here == 0 or (self._here == 1 and self._can("architects-assistant"))
            ):
                return "no step build is open: a build needs a step to the junction (ruling 10)"
            if cannot_end:
                return ruling9
            if slot % 3 != CENTRE and slot not in geo.sector_plots[slot // 12]:
                return f"sector {slot // 12} has no plot {slot_text(slot)}"
            occupied = self._city[slot] != NONE
            if mode == REPLACE and not occupied:
                return f"{slot_text(slot)} is vacant: a replace needs an occupied plot"
            if mode != REPLACE and occupied:
                return f"{slot_text(slot)} is occupied"
            return f"{slot_text(slot)} is not a slot this build can reach"
        if kind in ("drive", "design", "governor", "redistribute") and cannot_end:
            return ruling9
        if kind == "arrange":
            if x == NONE:
                return "every plot left must take one of the buildings left"
            return f"no {COLOURS[x]} building is left to arrange"
        if kind == "pawn":
            return f"sector {x} is completed, holds a pawn, or is the pawn's own (ruling 12)"
        if kind == "take":
            if self._general[x] == 0:
                return f"the general reserve has no {COLOURS[x]} building"
            return "the two draft buildings are of different colours (ruling 4)"
        if kind == "discard":
            return f"seat {seat} has no {COLOURS[x]} building"
        if kind == "pick":
            return f"card {x} is not among the revealed cards {self._row}"
        if kind in ("exchange", "project", "mayor", "logistics") and in_main and not self._row:
            return "the row is empty, so no card could be added"
        if kind == "score" and self._score != NONE:
            return f"the street of card {self._score} is to be chosen first ('street x1' ...)"
        if kind in ("project", "mayor", "score"):
            return f"card {x} is not in seat {seat}'s project"
        return _KIND_REASONS.get(kind)

    # --- rendering ----------------------------------------------------------------------------

    def _status(self) -> str:
        phase, seat, turn = self._phase, self._seat, self._turn
        if phase == "setup":
            return "setup"
        if phase == "end":
            return f"game over: winner {self.winners()[0]}"
        if self._activity == "final":
            return f"final scoring: seat {seat} to score a card"
        if phase == "reveal":
            return f"turn {turn}: revealing cards"
        if phase == "move":
            doing = f"to move ({self._steps} steps left)"
        elif phase == "arrange":
            doing = f"to arrange sector {self._sector}"
        elif phase == "relocate":
            doing = f"to relocate the {COLOURS[self._relocate]} pawn"
        else:
            doing = PHASE_DOING[phase]
        return f"turn {turn}: seat {seat} {doing}"

    def _render(self, observer: int | None) -> str:
        """The "Text rendering"; then the observer (nothing is hidden but the deck's order)."""
        rules = self._rules
        lines = [self._status()]
        places = []
        for place, name in enumerate((*STREET_NAMES, "perimeter")):
            tile = self._streets[place]
            if tile == NONE:
                places.append(f"{name} -")
            else:
                street = rules.data.streets[tile]
                places.append(f"{name} {street.value}({street.tie})")
        lines.append("streets: " + " ".join(places))
        row = " ".join(str(card) for card in self._row) or "empty"
        lines.append(f"row: {row}; deck {len(self._pool) + len(self._bottom)}")
        lines.append("general: " + " ".join(f"{COLOURS[c]} {self._general[c]}" for c in range(4)))
        if rules.specialists:
            pawns = " ".join(
                f"{COLOURS[c]} {'-' if s == NONE else s}" for c, s in enumerate(self._pawns)
            )
            lines.append(f"pawns: {pawns}")
        for seat in range(rules.players):
            reserve = " ".join(f"{COLOURS[c]}{self._reserves[seat][c]}" for c in range(4))
            project = " ".join(str(card) for card in self._projects[seat]) or "-"
            tokens = " ".join(COLOURS[c] for c in range(4) if self._tokens[seat][c]) or "-"
            supervised = [str(s) for s in range(NUM_TILES) if self._supervisors[s] == seat]
            lines.append(
                f"seat {seat}: {self._pp[seat]} PP, reserve {reserve}, project {project}, "
                f"at {junction_text(self._architects[seat])}, tokens {tokens}, "
                f"supervises {' '.join(supervised) or '-'}"
            )
        built = [
            f"{slot_text(slot)} {COLOURS[colour]}"
            for slot, colour in enumerate(self._city)
            if colour != NONE
        ]
        lines.append("city: " + (", ".join(built) if built else "empty"))
        if observer is not None:
            lines.append(f"observer: seat {observer}")
        return "\n".join(lines)

    def _json_object(self) -> dict[str, Any]:
        rules = self._rules
        return {
            "architects": [list(junction_xy(j)) for j in self._architects],
            "city": list(self._city),
            "deck": {"bottom": list(self._bottom), "pool": sorted(self._pool)},
            "ending": self._ending,
            "flow": self._flow,
            "gained": list(self._gained),
            "game": NAME,
            "general": list(self._general),
            "here": self._here,
            "history": list(self._history),
            "last": self._last,
            "pawns": list(self._pawns),
            "pending": {
                "arrange": list(self._arrange),
                "bonus": self._bonus,
                "relocate": self._relocate,
                "score": self._score,
                "sector": self._sector,
                "takes": self._takes,
                "todo": self._todo,
            },
            "phase": self._phase,
            "players": rules.players,
            "pp": list(self._pp),
            "projects": [list(p) for p in self._projects],
            "reserves": [list(r) for r in self._reserves],
            "row": list(self._row),
            "specialists": list(rules.specialists),
            "start": self._start,
            "steps": self._steps,
            "streets": list(self._streets),
            "supervisors": list(self._supervisors),
            "to_move": self._to_move,
            "tokens": [[c for c in range(4) if tokens[c]] for tokens in self._tokens],
            "turn": self._turn,
            "used": [c for c in range(4) if self._used[c]],
            "variant": [list(move) for move in rules.geo.moves],
            "version": VERSION,
        }
