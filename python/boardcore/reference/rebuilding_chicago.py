"""Rebuilding Chicago: the pure-Python reference engine.

Written from the spec (``docs/games/rebuilding_chicago.md``) and the rulebook
(``shared/rules/rebuilding-chicago.md``) alone, so that it can be diffed move by move against
the Rust engine. The spec's rulings are cited by number ("ruling 14"), its sections by name
("Turn structure", "Feasibility" ...).

Readings of the spec where it leaves a choice (each also marked where it is coded):

- Cleanup (ruling 25) clears the market: the spec does not say where the cards go, so the
  rulebook's "back to the corresponding deck" is followed (they are back in ``decks``).
- ``start`` and ``first`` change at cleanup, when ``round`` goes up (they describe the new
  round during its deal); after round 3 they keep their values.
- ``refilled`` goes back to 0 when the turn ends (so it is 0 while the automated player acts
  and between rounds).
- A seat's ``law`` in the JSON is the law's index 0..2 (the text shows 1..3).
- Money before the starting player is drawn (2+ players) is 0; ruling 1 sets it at the draw.
- A landmark stays in ``landmarks`` until its tile is placed; it moves to ``built`` then.
- A suburbs card's ability half draws the card's ``suburbs`` count (2 in the packaged file).
- Feasibility is coded exactly as the spec writes it: a build whose type has no tile left is
  feasible (it gives no tile), so an amenity event's ``building`` stays a legal choice then.
- End scoring adds 1 VP per $5 and leaves the money as it is.
- On the World Stage's all-players part is a decision only when two options are open: the
  round-2 reward with the market empty ("only 10 VP") is taken at once ("automatic unless it
  offers a choice"). Losing an ability (``drop``) is a decision even with one to lose.
- The automated deck is reshuffled when it must draw and has no card left.
- A seat without a district (setup) has no known region: its table still renders as 11 lines
  (all spaces), its observation planes and district one-hot are all 0.
- ``shape k`` for a kind id the data does not have has no notation (NotationError).
- ``observation_string`` is the rendering with other seats' dealt cards as a count, nothing
  more (no ``observer`` line: the spec does not ask for one).
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, TypeVar

import numpy as np
import numpy.typing as npt

from boardcore._args import debug as _debug
from boardcore.api import CHANCE, TERMINAL
from boardcore.errors import DataError, NotationError, ParameterError
from boardcore.reference._data import (
    check_fields,
    data_int,
    data_text,
    is_ints,
    packaged_data,
    read_toml,
)
from boardcore.reference._game import ReferenceGame, ReferenceState
from boardcore.reference._json import is_int, saved_enum
from boardcore.reference._params import int_param, per_seat, str_param
from boardcore.reference._rebuilding_chicago_actions import (
    A_AUTOMATON,
    A_BAG,
    A_BUY,
    A_CARD,
    A_CHOOSE,
    A_DEAL,
    A_DISTRICT,
    A_DROP_CARD,
    A_DROP_LANDMARK,
    A_EVENT,
    A_LANDMARK,
    A_LAW,
    A_PICK,
    A_REFILL,
    A_RETURN,
    A_SCENARIO,
    A_SHAPE,
    A_START,
    CHOICES,
    EVENTS,
    NUM_CARDS,
    SIZE,
    SPACES,
    TYPE_LETTERS,
    TYPES,
    Cell,
    orientations,
    space_text,
)
from boardcore.reference._rebuilding_chicago_actions import action_text as _action_text
from boardcore.reference._rebuilding_chicago_actions import category_of as _category

__all__ = ["RebuildingChicagoGame", "RebuildingChicagoState", "load_data"]

NAME: Final = "rebuilding_chicago"
VERSION: Final = 1
NUM_ACTIONS: Final = 1545

FULL: Final = (1 << SPACES) - 1
NONE: Final = -1
BIG: Final = 2**31 - 1

STATUE: Final = 6
AMENITIES: Final = ("entertainment", "shopping", "restaurant")
AMENITY_TYPE: Final = (3, 4, 5)  # amenity id -> building type id
EXPANSION, GRADUATION, SIGHTS, NIGHT, SHOPPING, DINING, WORLD = range(7)
AMENITY_EVENTS: Final = (NIGHT, SHOPPING, DINING)
C_VP, C_MONEY, C_BUILDING, C_APPEASE, C_CARD, C_ABILITY = range(6)
DIFFICULTIES: Final = ("easy", "standard", "expert")
PHASES: Final = saved_enum(NAME, "phase")  # the saved format's, in the spec's order
CHANCE_PHASES: Final = ("start", "deal", "landmarks", "scenario", "bag", "automaton")
TASK_PHASES: Final = ("place", "shape", "pick", "choose", "free", "drop")

# Sizes fixed by the action encoding.
MARKET: Final = 8
MAX_KINDS: Final = 32
NUM_DISTRICTS: Final = 6
CARDS_PER_ROUND: Final = 48
NUM_LANDMARKS: Final = 15
NUM_SUBURBS: Final = 60
NUM_SCENARIOS: Final = 6
NUM_AUTOMATON: Final = 27
NUM_TILES: Final = 154
MAX_ORIENTATIONS: Final = 8

# The observation: five seat blocks, 42 shared entries, then the identities: the market's
# cards, five seats' holdings (ability cards; landmark cards kept, built, lost; suburbs in
# hand), and the piece a placement places (a kind, a landmark or a suburb tile).
SEAT_TENSOR: Final = 14 * SPACES + 25 + NUM_DISTRICTS
MARKET_CARDS: Final = 5 * SEAT_TENSOR + 42
HOLDINGS: Final = NUM_CARDS + 3 * NUM_LANDMARKS + NUM_SUBURBS
PLACING: Final = MARKET_CARDS + MARKET * NUM_CARDS + 5 * HOLDINGS  # the piece being placed
TENSOR_SIZE: Final = PLACING + MAX_KINDS + NUM_LANDMARKS + NUM_SUBURBS

# Why an action of a category is illegal in its own phase, where one reason fits all.
_CATEGORY_REASONS: Final = {
    "place": "not a legal placement of the piece to place",
    "district": "that district is taken",
    "return": "the seat was not dealt that landmark card",
    "suburb": "that suburb is not in the seat's hand, or cannot be placed",
    "choose": "not an option of this choice",
    "shape": "that kind is not a possible replacement",
    "drop": "the seat has no such ability to lose",
}
# The phase(s) where each category of action can be legal.
_CATEGORY_PHASES: Final = {
    "place": ("place",),
    "buy": ("turn", "free"),
    "landmark": ("turn",),
    "event": ("turn",),
    "law": ("turn",),
    "refill": ("turn",),
    "district": ("district",),
    "return": ("keep",),
    "suburb": ("pick",),
    "choose": ("choose",),
    "shape": ("shape",),
    "drop": ("drop",),
    "start": ("start",),
    "card": ("deal",),
    "bag": ("bag",),
    "deal": ("landmarks",),
    "scenario": ("scenario",),
    "automaton": ("automaton",),
}


def _check_regions(r: Any, where: str, regions: list[str]) -> None:
    """Regions S, A and B are each one orthogonally connected area reaching the board's
    edge, and A and B touch no other region except through '#'."""
    cells = {(x, y): regions[y][x] for y in range(7) for x in range(7)}
    for region in "SAB":
        own = [c for c, v in cells.items() if v == region]
        seen = set(own[:1])
        todo = list(own[:1])
        while todo:
            x, y = todo.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if cells.get(n) == region and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if not own or len(seen) != len(own):
            raise r.fail(where, "regions", f"region {region} must be one connected area")
        if not any(x in (0, 6) or y in (0, 6) for x, y in own):
            raise r.fail(where, "regions", f"region {region} must reach the board's edge")
    for (x, y), v in cells.items():
        if v in "AB":
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if cells.get(n) not in (None, v, "#"):
                    raise r.fail(
                        where,
                        "regions",
                        f"the unconnected area at {space_text((y + 2) * SIZE + x + 2)} "
                        "touches another region",
                    )


def parse_space(text: object) -> int | None:
    """The space id of ``a1``..``k11``, or None."""
    if not isinstance(text, str) or len(text) < 2:
        return None
    column = ord(text[0]) - ord("a")
    row_text = text[1:]
    if not 0 <= column < SIZE or not row_text.isdigit() or row_text != str(int(row_text)):
        return None
    row = int(row_text) - 1
    if not 0 <= row < SIZE:
        return None
    return row * SIZE + column


def _column_mask(x: int) -> int:
    return sum(1 << (y * SIZE + x) for y in range(SIZE))


_NOT_LEFT: Final = FULL & ~_column_mask(0)
_NOT_RIGHT: Final = FULL & ~_column_mask(SIZE - 1)
BOARD: Final = sum(1 << (y * SIZE + x) for y in range(2, 9) for x in range(2, 9))


def grow(mask: int) -> int:
    """The spaces orthogonally adjacent to some space of ``mask``."""
    return (
        ((mask & _NOT_RIGHT) << 1) | ((mask & _NOT_LEFT) >> 1) | (mask << SIZE) | (mask >> SIZE)
    ) & FULL


def bits(mask: int) -> list[int]:
    """The space ids in ``mask``, ascending."""
    result = []
    while mask:
        low = mask & -mask
        result.append(low.bit_length() - 1)
        mask ^= low
    return result


# ---------------------------------------------------------------------------------------------
# Pieces and orientations ("Geometry").


def cells_mask(cells: Sequence[Cell], anchor: int) -> int | None:
    """The spaces an orientation covers from ``anchor``, or None if a cell is off the table."""
    ax, ay = anchor % SIZE, anchor // SIZE
    mask = 0
    for x, y, _ in cells:
        if not (0 <= ax + x < SIZE and 0 <= ay + y < SIZE):
            return None
        mask |= 1 << ((ay + y) * SIZE + ax + x)
    return mask


@dataclass(frozen=True)
class Piece:
    """A polyomino with its orientations and every placement on the table."""

    cells: tuple[Cell, ...]  # as printed, reading order
    orientations: tuple[tuple[Cell, ...], ...]
    placements: tuple[tuple[int, int], ...]  # (action id 121*o + anchor, mask), ascending

    @staticmethod
    def of(cells: Sequence[Cell]) -> Piece:
        found = orientations(cells)
        placements = []
        for o, oriented in enumerate(found):
            for anchor in range(SPACES):
                mask = cells_mask(oriented, anchor)
                if mask is not None:
                    placements.append((SPACES * o + anchor, mask))
        return Piece(cells=tuple(cells), orientations=found, placements=tuple(placements))


# ---------------------------------------------------------------------------------------------
# Effects ("Effects vocabulary").

Count = tuple[str, int]  # (name, type or amenity id, else -1)
Condition = tuple[Count, str, Count | int]

_GAINS: Final = ("money", "vp", "appease", "suburbs", "quality")
_PLAIN_COUNTS: Final = (
    "rubble",
    "sights",
    "sightkinds",
    "types",
    "suburbs",
    "landmarks",
    "unhappy",
    "money",
)
_OPS: Final = (">=", ">", "<=", "<", "=")


@dataclass(frozen=True)
class Effect:
    """``gain AMOUNT [per COUNT[/K]] [if COUNT OP (COUNT | INT)]``."""

    gain: str  # money, vp, appease, suburbs, quality
    amenity: int  # quality gains: the amenity id, else -1
    amount: int
    per: Count | None
    divisor: int
    condition: Condition | None


def _parse_count(token: str) -> Count | None:
    if token in _PLAIN_COUNTS:
        return (token, NONE)
    head, _, tail = token.partition(":")
    if head in ("symbols", "tiles") and tail in TYPES:
        return (head, TYPES.index(tail))
    if head == "quality" and tail in AMENITIES:
        return (head, AMENITIES.index(tail))
    return None


def _parse_number(token: str) -> int | None:
    """At most four ASCII digits, an optional minus, no leading zero (the Rust engine's rule)."""
    digits = token[1:] if token.startswith("-") else token
    if not (0 < len(digits) <= 4 and digits.isascii() and digits.isdigit()):
        return None
    if digits != str(int(digits)):
        return None
    return int(token)


def parse_condition(tokens: Sequence[str]) -> Condition | None:
    """``COUNT OP (COUNT | INT)`` as three tokens, or None."""
    if len(tokens) != 3:
        return None
    left = _parse_count(tokens[0])
    if left is None or tokens[1] not in _OPS:
        return None
    right: Count | int | None = _parse_count(tokens[2])
    if right is None:
        right = _parse_number(tokens[2])
    if right is None:
        return None
    return (left, tokens[1], right)


def parse_effect(text: object) -> Effect | None:
    """An effect of the vocabulary, or None if ``text`` is not one."""
    if not isinstance(text, str):
        return None
    tokens = text.split(" ")
    if len(tokens) < 2 or any(not t for t in tokens):
        return None
    gain, _, amenity_text = tokens[0].partition(":")
    if gain == "quality":
        if amenity_text not in AMENITIES:
            return None
        amenity = AMENITIES.index(amenity_text)
    elif gain in _GAINS and not amenity_text and ":" not in tokens[0]:
        amenity = NONE
    else:
        return None
    amount = _parse_number(tokens[1])
    if amount is None or not 1 <= amount <= 99:
        return None
    rest = tokens[2:]
    per: Count | None = None
    divisor = 1
    if rest and rest[0] == "per":
        if len(rest) < 2:
            return None
        count_text, slash, k_text = rest[1].partition("/")
        per = _parse_count(count_text)
        if per is None:
            return None
        if slash:
            k = _parse_number(k_text)
            if k is None or k < 1:
                return None
            divisor = k
        rest = rest[2:]
    condition: Condition | None = None
    if rest:
        if rest[0] != "if":
            return None
        condition = parse_condition(rest[1:])
        if condition is None:
            return None
    return Effect(
        gain=gain, amenity=amenity, amount=amount, per=per, divisor=divisor, condition=condition
    )


# ---------------------------------------------------------------------------------------------
# Component data ("Component data").


@dataclass(frozen=True)
class Kind:
    key: str
    type: int
    piece: Piece
    symbols: int
    count: int


@dataclass(frozen=True)
class Law:
    key: str
    cost_gain: str  # money or vp
    cost: int
    require: Condition | None
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class District:
    key: str
    name: str
    start: int  # region S
    areas: tuple[int, int]  # regions A and B
    blocked: int  # region #
    rubble: int
    sights: tuple[int, int, int]
    buildings: tuple[tuple[int, int], ...]  # (kind id, mask) of the starting buildings
    laws: tuple[Law, Law, Law]


@dataclass(frozen=True)
class Card:
    round: int
    cost: int
    builds: tuple[int, ...]  # kind ids of the benefits half, in printed order
    effects: tuple[Effect, ...]  # the benefits half's other items, in printed order
    ability: str  # profit, endgame or suburbs
    effect: Effect | None  # profit and endgame cards
    suburbs: int  # suburbs cards: tiles drawn


@dataclass(frozen=True)
class Landmark:
    key: str
    name: str
    cost: int
    piece: Piece
    immediate: tuple[Effect, ...]
    endgame: tuple[Effect, ...]


@dataclass(frozen=True)
class EventData:
    key: str
    name: str
    activator_money: int
    activator_appease: int
    activator_vp: int
    per_sight: tuple[tuple[Effect, ...], ...]  # by round
    amenity: int
    building: int  # kind id
    money: tuple[int, ...]  # by quality level
    vp: tuple[int, ...]
    reward: tuple[int, ...]
    threshold: tuple[int, ...]
    world_reward: tuple[tuple[tuple[int, int], ...], ...]  # by round: (choice id, amount) x2
    world_penalty: tuple[tuple[tuple[int, int], ...], ...]


@dataclass(frozen=True)
class Scenario:
    order: tuple[int, ...]
    tokens: tuple[int, int, int]
    event: int


@dataclass(frozen=True)
class Data:
    """A validated component file. Ids are the order of each table in the file."""

    start_money: tuple[int, ...]
    start_vp: int
    unhappy: tuple[int, int, int]  # easy, standard, expert
    unhappy_min: int
    unhappy_max: int
    quality_max: int
    money_per_symbol: int
    money_per_vp: int
    refill_cost: int
    solo_money: int
    solo_target: int
    world_needs: int
    kinds: tuple[Kind, ...]
    districts: tuple[District, ...]
    cards: tuple[Card, ...]
    landmarks: tuple[Landmark, ...]
    suburbs: tuple[Piece, ...]  # by suburb id (counts expanded)
    events: tuple[EventData, ...]
    scenarios: tuple[Scenario, ...]
    automaton: tuple[int, ...]  # by card id: the cost to remove, or -1 for "event"

    def kinds_of_type(self, kind_type: int) -> tuple[int, ...]:
        return tuple(k for k, kind in enumerate(self.kinds) if kind.type == kind_type)


_TOP_KEYS: Final = (
    "game",
    "rules",
    "reconstructed_rules",
    "kind",
    "district",
    "card",
    "landmark",
    "suburb",
    "event",
    "scenario",
    "automaton",
)
_RULES_FIELDS: Final = (
    "start_money",
    "start_vp",
    "unhappy_easy",
    "unhappy_expert",
    "unhappy_min",
    "unhappy_max",
    "quality_max",
    "money_per_symbol",
    "money_per_vp",
    "refill_cost",
    "solo_money",
    "solo_target",
    "world_needs",
    "provenance",
)
_EVENT_FIELDS: Final = {
    "expansion": (),
    "graduation": ("activator_money", "activator_appease"),
    "sights": ("activator_money", "per_sight"),
    "night": ("amenity", "activator_vp", "building", "money", "vp"),
    "shopping": ("amenity", "activator_vp", "building", "reward"),
    "dining": ("amenity", "activator_vp", "building", "vp"),
    "world": ("threshold", "reward", "penalty"),
}
_DATA_INT_MAX: Final = 9999


_T = TypeVar("_T")


class _Reader:
    """Validation helpers bound to a file name: every error names file, entry and field."""

    def __init__(self, name: str) -> None:
        self.name = name

    def fail(self, where: str, field: str | None, what: str) -> DataError:
        place = f"{where} field {field!r}" if field is not None else where
        return DataError(f"{self.name}: {place}: {what}")

    def fields(
        self,
        where: str,
        entry: object,
        required: tuple[str, ...],
        optional: tuple[str, ...] = ("note",),
    ) -> dict[str, Any]:
        check_fields(self.name, where, entry, required, optional)
        assert isinstance(entry, dict)  # checked
        if "note" in entry and not isinstance(entry["note"], str):
            raise self.fail(where, "note", f"expected a string, got {entry['note']!r}")
        return entry

    def integer(
        self, where: str, field: str, value: object, lo: int, hi: int = _DATA_INT_MAX
    ) -> int:
        return data_int(self.name, where, field, value, lo, hi)

    def ints(
        self, where: str, field: str, value: object, length: int, lo: int, hi: int
    ) -> tuple[int, ...]:
        if not is_ints(value, length, lo, hi):
            raise self.fail(
                where, field, f"expected a list of {length} integers {lo}..{hi}, got {value!r}"
            )
        return tuple(value)

    def text(self, where: str, field: str, value: object) -> str:
        return data_text(self.name, where, field, value)

    def key(self, where: str, field: str, value: object) -> str:
        if (
            not isinstance(value, str)
            or not value
            or any(ch.isspace() for ch in value)
            or value.isdigit()
        ):
            raise self.fail(
                where, field, f"expected a key (a non-empty word, no spaces), got {value!r}"
            )
        return value

    def entries(self, doc: dict[str, Any], table: str) -> list[Any]:
        entries = doc.get(table)
        if not isinstance(entries, list):
            raise DataError(f"{self.name}: [[{table}]]: missing (expected a list of tables)")
        return entries

    def counted(
        self,
        doc: dict[str, Any],
        table: str,
        field: str,
        total: int,
        read: Callable[[str, dict[str, Any]], _T],
    ) -> tuple[_T, ...]:
        """The [[table]] entries' ``field``, each ``read`` and repeated ``count`` times:
        ``total`` in all."""
        items: list[_T] = []
        for index, entry in enumerate(self.entries(doc, table)):
            where = f"{table} entry {index}"
            f = self.fields(where, entry, (field, "count", "provenance"))
            item = read(where, f)
            items.extend([item] * self.integer(where, "count", f["count"], 0, total))
        if len(items) != total:
            raise DataError(
                f"{self.name}: [[{table}]] field 'count': the counts total {len(items)}, "
                f"expected {total}"
            )
        return tuple(items)

    def exactly(self, entries: list[Any], table: str, count: int) -> None:
        if len(entries) != count:
            raise DataError(
                f"{self.name}: [[{table}]]: expected exactly {count} entries, got {len(entries)}"
            )

    def effect(
        self,
        where: str,
        field: str,
        value: object,
        gains: tuple[str, ...],
        plain: bool,
    ) -> Effect:
        effect = parse_effect(value)
        problem = None
        if effect is None:
            problem = (
                "not an effect: expected 'GAIN AMOUNT [per COUNT[/K]] [if COUNT OP (COUNT|INT)]' "
                "with GAIN money, vp, appease, suburbs or quality:AMENITY and AMOUNT 1..99"
            )
        elif effect.gain not in gains:
            problem = f"this effect may gain only {', '.join(gains)}"
        elif plain and (effect.per is not None or effect.condition is not None):
            problem = "this effect may not use 'per' or 'if'"
        if problem is not None:
            raise self.fail(where, field, f"{problem}; got {value!r}")
        assert effect is not None
        return effect

    def effects(
        self,
        where: str,
        field: str,
        value: object,
        gains: tuple[str, ...],
        plain: bool,
        at_least: int = 0,
    ) -> tuple[Effect, ...]:
        if not isinstance(value, list) or len(value) < at_least:
            raise self.fail(
                where, field, f"expected a list of at least {at_least} effects, got {value!r}"
            )
        return tuple(self.effect(where, field, item, gains, plain) for item in value)

    def rows(self, where: str, field: str, value: object, alphabet: str, what: str) -> list[str]:
        if (
            not isinstance(value, list)
            or not value
            or len(value) > SIZE
            or not all(isinstance(row, str) and len(row) <= SIZE for row in value)
            or not all(ch in alphabet for row in value for ch in row)
        ):
            raise self.fail(
                where, field, f"expected 1 to 11 rows of at most 11 of {what}, got {value!r}"
            )
        return list(value)

    def piece(self, where: str, field: str, cells: list[Cell]) -> Piece:
        if not cells:
            raise self.fail(where, field, "a piece has at least one cell")
        spots = {(x, y) for x, y, _ in cells}
        seen = {next(iter(sorted(spots)))}
        stack = list(seen)
        while stack:
            x, y = stack.pop()
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if (nx, ny) in spots and (nx, ny) not in seen:
                    seen.add((nx, ny))
                    stack.append((nx, ny))
        if len(seen) != len(spots):
            raise self.fail(where, field, "the cells are not orthogonally connected")
        return Piece.of(cells)

    def shape(self, where: str, field: str, value: object) -> Piece:
        rows = self.rows(where, field, value, "#.", "'#' (a cell) or '.'")
        cells = [(x, y, "#") for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "#"]
        return self.piece(where, field, cells)


def _where_keyed(table: str, index: int, entry: object) -> str:
    if isinstance(entry, dict) and isinstance(entry.get("key"), str):
        return f"{table} {entry['key']}"
    return f"{table} {index}"


def _read_kinds(r: _Reader, doc: dict[str, Any]) -> tuple[Kind, ...]:
    entries = r.entries(doc, "kind")
    if not 1 <= len(entries) <= MAX_KINDS:
        raise DataError(
            f"{r.name}: [[kind]]: expected 1 to {MAX_KINDS} entries (the encoding has "
            f"{MAX_KINDS} shape ids), got {len(entries)}"
        )
    kinds: list[Kind] = []
    keys: set[str] = set()
    for index, entry in enumerate(entries):
        where = _where_keyed("kind", index, entry)
        f = r.fields(where, entry, ("key", "type", "shape", "symbols", "count", "provenance"))
        key = r.key(where, "key", f["key"])
        if key in keys:
            raise r.fail(where, "key", f"{key!r} is used by another kind")
        keys.add(key)
        if f["type"] not in TYPES:
            raise r.fail(where, "type", f"expected one of {', '.join(TYPES)}, got {f['type']!r}")
        kinds.append(
            Kind(
                key=key,
                type=TYPES.index(f["type"]),
                piece=r.shape(where, "shape", f["shape"]),
                symbols=r.integer(where, "symbols", f["symbols"], 0, 99),
                count=r.integer(where, "count", f["count"], 0, NUM_TILES),
            )
        )
    total = sum(k.count for k in kinds)
    if total != NUM_TILES:
        raise DataError(
            f"{r.name}: [[kind]] field 'count': the counts total {total}, expected {NUM_TILES}"
        )
    return tuple(kinds)


def _read_law(r: _Reader, where: str, entry: object) -> Law:
    f = r.fields(where, entry, ("key", "cost", "effect"), ("require", "provenance", "note"))
    key = r.key(where, "key", f["key"])
    cost_text = f["cost"]
    parts = cost_text.split(" ") if isinstance(cost_text, str) else []
    amount = _parse_number(parts[1]) if len(parts) == 2 else None
    if len(parts) != 2 or parts[0] not in ("money", "vp") or amount is None or amount < 0:
        raise r.fail(where, "cost", f"expected 'money N' or 'vp N', got {cost_text!r}")
    require: Condition | None = None
    if "require" in f:
        text = f["require"]
        require = parse_condition(text.split(" ")) if isinstance(text, str) else None
        if require is None or not isinstance(require[2], int):
            raise r.fail(where, "require", f"expected a condition 'COUNT OP INT', got {text!r}")
    effects = r.effects(where, "effect", f["effect"], _GAINS, plain=False, at_least=1)
    return Law(key=key, cost_gain=parts[0], cost=amount, require=require, effects=effects)


def _read_districts(
    r: _Reader, doc: dict[str, Any], kinds: tuple[Kind, ...]
) -> tuple[District, ...]:
    entries = r.entries(doc, "district")
    r.exactly(entries, "district", NUM_DISTRICTS)
    kind_ids = {kind.key: k for k, kind in enumerate(kinds)}
    districts: list[District] = []
    keys: set[str] = set()
    for index, entry in enumerate(entries):
        where = _where_keyed("district", index, entry)
        f = r.fields(
            where, entry, ("key", "name", "regions", "symbols", "buildings", "law", "provenance")
        )
        key = r.key(where, "key", f["key"])
        if key in keys:
            raise r.fail(where, "key", f"{key!r} is used by another district")
        keys.add(key)
        name = r.text(where, "name", f["name"])
        grids = []
        for field, alphabet in (("regions", "SAB#"), ("symbols", ".r123")):
            rows = f[field]
            if (
                not isinstance(rows, list)
                or len(rows) != 7
                or not all(isinstance(row, str) and len(row) == 7 for row in rows)
                or not all(ch in alphabet for row in rows for ch in row)
            ):
                raise r.fail(
                    where, field, f"expected 7 rows of 7 of {' '.join(alphabet)}, got {rows!r}"
                )
            grids.append(rows)
        regions, symbols = grids
        _check_regions(r, where, regions)
        masks = {ch: 0 for ch in "SAB#"}
        sym_masks = {ch: 0 for ch in "r123"}
        for y in range(7):
            for x in range(7):
                bit = 1 << ((y + 2) * SIZE + x + 2)
                masks[regions[y][x]] |= bit
                if symbols[y][x] != ".":
                    if regions[y][x] == "#":
                        raise r.fail(
                            where,
                            "symbols",
                            f"a symbol on a '#' space ({space_text((y + 2) * SIZE + x + 2)})",
                        )
                    sym_masks[symbols[y][x]] |= bit
        buildings = []
        taken = 0
        given = f["buildings"]
        if not isinstance(given, list):
            raise r.fail(where, "buildings", f"expected a list, got {given!r}")
        for item in given:
            ok = (
                isinstance(item, list)
                and len(item) == 3
                and item[0] in kind_ids
                and is_int(item[1])
                and parse_space(item[2]) is not None
            )
            if not ok:
                raise r.fail(
                    where,
                    "buildings",
                    f"expected [kind key, orientation, anchor space], got {item!r}",
                )
            kind_id = kind_ids[item[0]]
            piece = kinds[kind_id].piece
            if not 0 <= item[1] < len(piece.orientations):
                raise r.fail(
                    where,
                    "buildings",
                    f"{item!r}: kind {item[0]} has orientations 0..{len(piece.orientations) - 1}",
                )
            anchor = parse_space(item[2])
            assert anchor is not None
            mask = cells_mask(piece.orientations[item[1]], anchor)
            symbol_mask = sym_masks["r"] | sym_masks["1"] | sym_masks["2"] | sym_masks["3"]
            if mask is None or mask & ~masks["S"] or mask & symbol_mask:
                raise r.fail(
                    where,
                    "buildings",
                    f"{item!r}: a starting building covers only empty S spaces",
                )
            if mask & taken:
                raise r.fail(where, "buildings", f"{item!r} overlaps another starting building")
            taken |= mask
            buildings.append((kind_id, mask))
        laws_given = f["law"]
        if not isinstance(laws_given, list) or len(laws_given) != 3:
            raise r.fail(where, "law", "expected exactly 3 [[district.law]] entries")
        laws = tuple(_read_law(r, f"{where} law {i + 1}", law) for i, law in enumerate(laws_given))
        districts.append(
            District(
                key=key,
                name=name,
                start=masks["S"],
                areas=(masks["A"], masks["B"]),
                blocked=masks["#"],
                rubble=sym_masks["r"],
                sights=(sym_masks["1"], sym_masks["2"], sym_masks["3"]),
                buildings=tuple(buildings),
                laws=(laws[0], laws[1], laws[2]),
            )
        )
    return tuple(districts)


_BENEFIT_GAINS: Final = ("money", "vp", "appease", "quality")


def _read_cards(r: _Reader, doc: dict[str, Any], kinds: tuple[Kind, ...]) -> tuple[Card, ...]:
    entries = r.entries(doc, "card")
    r.exactly(entries, "card", NUM_CARDS)
    kind_ids = {kind.key: k for k, kind in enumerate(kinds)}
    cards: list[Card] = []
    for index, entry in enumerate(entries):
        where = f"card {index}"
        f = r.fields(
            where,
            entry,
            ("round", "cost", "benefits", "provenance"),
            ("profit", "endgame", "suburbs", "note"),
        )
        round_ = r.integer(where, "round", f["round"], 1, 3)
        cost = r.integer(where, "cost", f["cost"], 0, 99)
        benefits = f["benefits"]
        if not isinstance(benefits, list) or len(benefits) != 2:
            raise r.fail(where, "benefits", f"expected 2 items, got {benefits!r}")
        builds: list[int] = []
        effects: list[Effect] = []
        for item in benefits:
            if isinstance(item, str) and item.startswith("build "):
                key = item[len("build ") :]
                if key not in kind_ids:
                    raise r.fail(where, "benefits", f"{item!r}: no kind {key!r}")
                builds.append(kind_ids[key])
            else:
                effects.append(r.effect(where, "benefits", item, _BENEFIT_GAINS, plain=True))
        halves = [field for field in ("profit", "endgame", "suburbs") if field in f]
        if len(halves) != 1:
            raise r.fail(
                where,
                None,
                "expected exactly one of the fields 'profit', 'endgame', 'suburbs', got "
                f"{halves or 'none'}",
            )
        ability = halves[0]
        effect: Effect | None = None
        suburbs = 0
        if ability == "profit":
            effect = r.effect(where, "profit", f["profit"], ("money", "vp"), plain=False)
        elif ability == "endgame":
            effect = r.effect(where, "endgame", f["endgame"], ("vp",), plain=False)
        else:
            suburbs = r.integer(where, "suburbs", f["suburbs"], 1, NUM_SUBURBS)
        cards.append(
            Card(
                round=round_,
                cost=cost,
                builds=tuple(builds),
                effects=tuple(effects),
                ability=ability,
                effect=effect,
                suburbs=suburbs,
            )
        )
    for round_ in (1, 2, 3):
        count = sum(1 for card in cards if card.round == round_)
        if count != CARDS_PER_ROUND:
            raise DataError(
                f"{r.name}: [[card]] field 'round': round {round_} has {count} cards, "
                f"expected {CARDS_PER_ROUND}"
            )
    return tuple(cards)


def _read_landmarks(r: _Reader, doc: dict[str, Any]) -> tuple[Landmark, ...]:
    entries = r.entries(doc, "landmark")
    r.exactly(entries, "landmark", NUM_LANDMARKS)
    landmarks: list[Landmark] = []
    keys: set[str] = set()
    for index, entry in enumerate(entries):
        where = _where_keyed("landmark", index, entry)
        f = r.fields(
            where,
            entry,
            ("key", "name", "cost", "shape", "immediate", "endgame", "provenance"),
        )
        key = r.key(where, "key", f["key"])
        if key in keys:
            raise r.fail(where, "key", f"{key!r} is used by another landmark")
        keys.add(key)
        landmarks.append(
            Landmark(
                key=key,
                name=r.text(where, "name", f["name"]),
                cost=r.integer(where, "cost", f["cost"], 0, 99),
                piece=r.shape(where, "shape", f["shape"]),
                immediate=r.effects(where, "immediate", f["immediate"], _GAINS, plain=True),
                endgame=r.effects(where, "endgame", f["endgame"], ("vp",), plain=False),
            )
        )
    return tuple(landmarks)


def _read_suburbs(r: _Reader, doc: dict[str, Any]) -> tuple[Piece, ...]:
    def suburb(where: str, f: dict[str, Any]) -> Piece:
        rows = r.rows(where, "cells", f["cells"], ".r123 ", "'.', 'r', '1', '2', '3' or ' '")
        cells = [(x, y, ch) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch != " "]
        return r.piece(where, "cells", cells)

    return r.counted(doc, "suburb", "cells", NUM_SUBURBS, suburb)


def _read_world_pairs(
    r: _Reader, where: str, field: str, value: object, extra: str
) -> tuple[tuple[tuple[int, int], ...], ...]:
    what = f"expected 3 pairs (by round) of options 'vp N', 'money N' or '{extra}'"
    if not isinstance(value, list) or len(value) != 3:
        raise r.fail(where, field, f"{what}, got {value!r}")
    pairs = []
    for pair in value:
        if not isinstance(pair, list) or len(pair) != 2:
            raise r.fail(where, field, f"{what}, got {pair!r}")
        options = []
        for option in pair:
            parts = option.split(" ") if isinstance(option, str) else []
            if len(parts) == 1 and parts[0] == extra:
                options.append((CHOICES.index(extra), 0))
                continue
            amount = _parse_number(parts[1]) if len(parts) == 2 else None
            if len(parts) != 2 or parts[0] not in ("vp", "money") or amount is None or amount < 0:
                raise r.fail(where, field, f"{what}, got {option!r}")
            options.append((CHOICES.index(parts[0]), amount))
        if options[0][0] == options[1][0]:
            raise r.fail(where, field, f"the two options of a pair differ, got {pair!r}")
        pairs.append(tuple(options))
    return tuple(pairs)


def _read_events(r: _Reader, doc: dict[str, Any], kinds: tuple[Kind, ...]) -> tuple[EventData, ...]:
    entries = r.entries(doc, "event")
    r.exactly(entries, "event", len(EVENTS))
    kind_ids = {kind.key: k for k, kind in enumerate(kinds)}
    events: list[EventData] = []
    for index, entry in enumerate(entries):
        key = EVENTS[index]
        where = f"event {key}"
        if not isinstance(entry, dict) or entry.get("key") != key:
            got = entry.get("key") if isinstance(entry, dict) else entry
            raise r.fail(
                f"event {index}", "key", f"expected {key!r} (events in encoding order), got {got!r}"
            )
        f = r.fields(where, entry, ("key", "name", "provenance", *_EVENT_FIELDS[key]))
        values: dict[str, Any] = {
            "key": key,
            "name": r.text(where, "name", f["name"]),
            "activator_money": 0,
            "activator_appease": 0,
            "activator_vp": 0,
            "per_sight": (),
            "amenity": NONE,
            "building": NONE,
            "money": (),
            "vp": (),
            "reward": (),
            "threshold": (),
            "world_reward": (),
            "world_penalty": (),
        }
        for field in ("activator_money", "activator_appease", "activator_vp"):
            if field in f:
                values[field] = r.integer(where, field, f[field], 0, 99)
        if "per_sight" in f:
            given = f["per_sight"]
            if not isinstance(given, list) or len(given) != 3:
                raise r.fail(where, "per_sight", f"expected 3 lists of effects, got {given!r}")
            values["per_sight"] = tuple(
                r.effects(where, "per_sight", item, ("money", "vp"), plain=True) for item in given
            )
        if "amenity" in f:
            if f["amenity"] not in AMENITIES:
                raise r.fail(
                    where,
                    "amenity",
                    f"expected one of {', '.join(AMENITIES)}, got {f['amenity']!r}",
                )
            amenity = AMENITIES.index(f["amenity"])
            values["amenity"] = amenity
            building = f["building"]
            if (
                not isinstance(building, str)  # a list or table: no hash to look up
                or building not in kind_ids
                or kinds[kind_ids[building]].type != AMENITY_TYPE[amenity]
            ):
                raise r.fail(
                    where,
                    "building",
                    f"expected the key of a kind of type {AMENITIES[amenity]}, got {building!r}",
                )
            values["building"] = kind_ids[building]
        for field in ("money", "vp", "reward"):
            if field in f and "amenity" in f:
                values[field] = r.ints(where, field, f[field], 6, 0, 999)
        if "threshold" in f:
            values["threshold"] = r.ints(where, "threshold", f["threshold"], 3, -999, 999)
            values["world_reward"] = _read_world_pairs(r, where, "reward", f["reward"], "card")
            values["world_penalty"] = _read_world_pairs(
                r, where, "penalty", f["penalty"], "ability"
            )
        events.append(EventData(**values))
    return tuple(events)


def _read_scenarios(r: _Reader, doc: dict[str, Any]) -> tuple[Scenario, ...]:
    entries = r.entries(doc, "scenario")
    r.exactly(entries, "scenario", NUM_SCENARIOS)
    scenarios: list[Scenario] = []
    for index, entry in enumerate(entries):
        where = f"scenario {index}"
        f = r.fields(where, entry, ("order", "tokens", "event", "provenance"))
        order = f["order"]
        if not isinstance(order, list) or sorted(map(str, order)) != sorted(EVENTS):
            raise r.fail(where, "order", f"expected the 7 event keys in some order, got {order!r}")
        if "world" in order[:3]:
            raise r.fail(where, "order", "'world' may not be among the first 3 events")
        tokens = r.ints(where, "tokens", f["tokens"], 3, 0, 99)
        if f["event"] not in EVENTS:
            raise r.fail(where, "event", f"expected one of {', '.join(EVENTS)}, got {f['event']!r}")
        scenarios.append(
            Scenario(
                order=tuple(EVENTS.index(e) for e in order),
                tokens=(tokens[0], tokens[1], tokens[2]),
                event=EVENTS.index(f["event"]),
            )
        )
    return tuple(scenarios)


def _read_automaton(r: _Reader, doc: dict[str, Any]) -> tuple[int, ...]:
    def card(where: str, f: dict[str, Any]) -> int:
        """The cost to remove, or NONE for "event"."""
        action = f["action"]
        parts = action.split(" ") if isinstance(action, str) else []
        if parts == ["event"]:
            return NONE
        amount = _parse_number(parts[1]) if len(parts) == 2 else None
        if len(parts) != 2 or parts[0] != "remove" or amount is None or amount < 0:
            raise r.fail(where, "action", f"expected 'remove N' or 'event', got {action!r}")
        return amount

    return r.counted(doc, "automaton", "action", NUM_AUTOMATON, card)


def load_data(path: str | os.PathLike[str]) -> Data:
    """Read and validate a component file (the spec's "Component data")."""
    name, doc = read_toml(path, NAME, _TOP_KEYS)
    r = _Reader(name)
    rules = r.fields("[rules]", doc.get("rules"), _RULES_FIELDS)
    where = "[rules]"
    start_money = r.ints(where, "start_money", rules["start_money"], 5, 0, 999)
    unhappy_min = r.integer(where, "unhappy_min", rules["unhappy_min"], 0, 999)
    unhappy_max = r.integer(where, "unhappy_max", rules["unhappy_max"], unhappy_min, 999)
    easy = r.integer(where, "unhappy_easy", rules["unhappy_easy"], unhappy_min, unhappy_max)
    expert = r.integer(where, "unhappy_expert", rules["unhappy_expert"], unhappy_min, unhappy_max)
    extra = r.fields(
        "[reconstructed_rules]",
        doc.get("reconstructed_rules"),
        ("unhappy_standard", "market", "provenance"),
    )
    standard = r.integer(
        "[reconstructed_rules]",
        "unhappy_standard",
        extra["unhappy_standard"],
        unhappy_min,
        unhappy_max,
    )
    if not is_int(extra["market"]) or extra["market"] != MARKET:
        raise r.fail(
            "[reconstructed_rules]",
            "market",
            f"expected {MARKET} (the action encoding has {MARKET} slots), got {extra['market']!r}",
        )
    kinds = _read_kinds(r, doc)
    return Data(
        start_money=start_money,
        start_vp=r.integer(where, "start_vp", rules["start_vp"], 0, 999),
        unhappy=(easy, standard, expert),
        unhappy_min=unhappy_min,
        unhappy_max=unhappy_max,
        quality_max=r.integer(where, "quality_max", rules["quality_max"], 0, 5),
        money_per_symbol=r.integer(where, "money_per_symbol", rules["money_per_symbol"], 0, 999),
        money_per_vp=r.integer(where, "money_per_vp", rules["money_per_vp"], 1, 999),
        refill_cost=r.integer(where, "refill_cost", rules["refill_cost"], 0, 99),
        solo_money=r.integer(where, "solo_money", rules["solo_money"], 0, 999),
        solo_target=r.integer(where, "solo_target", rules["solo_target"], 0, 9999),
        world_needs=r.integer(where, "world_needs", rules["world_needs"], 0, 6),
        kinds=kinds,
        districts=_read_districts(r, doc, kinds),
        cards=_read_cards(r, doc, kinds),
        landmarks=_read_landmarks(r, doc),
        suburbs=_read_suburbs(r, doc),
        events=_read_events(r, doc, kinds),
        scenarios=_read_scenarios(r, doc),
        automaton=_read_automaton(r, doc),
    )


@functools.lru_cache(maxsize=1)
def _default_data() -> Data:
    return load_data(packaged_data(NAME))


# ---------------------------------------------------------------------------------------------
# Feasibility ("Feasibility", rulings 9 and 10).


def feasible(data: Data, builds: Sequence[int], free: int, supply: Sequence[int]) -> bool:
    """Can the buildings ``builds`` (kind ids, in order) all be placed on the ``free`` spaces
    from ``supply``, each taking a replacement shape when its own is out?"""
    if not builds:
        return True
    rest = builds[1:]
    candidates = candidate_kinds(data, builds[0], supply)
    if not candidates:
        return feasible(data, rest, free, supply)  # that building gives no tile
    for kind in candidates:
        fewer = list(supply)
        fewer[kind] -= 1
        for _, mask in data.kinds[kind].piece.placements:
            if not mask & ~free and feasible(data, rest, free & ~mask, fewer):
                return True
    return False


def candidate_kinds(data: Data, kind: int, supply: Sequence[int]) -> list[int]:
    """``[kind]`` if the supply has one, else the kinds of its type with tiles, in id order."""
    if supply[kind] > 0:
        return [kind]
    return [k for k in data.kinds_of_type(data.kinds[kind].type) if supply[k] > 0]


# ---------------------------------------------------------------------------------------------
# Notation ("Action notation").


def action_text(data: Data, action: int) -> str:
    """The notation of an action id in ``0 .. 1544``."""

    def key(table: str, index: int) -> str:
        if table == "kind" and index >= len(data.kinds):
            raise NotationError(
                f"action {action} (shape of kind {index}) has no notation: the data has "
                f"{len(data.kinds)} kinds"
            )
        if table == "landmark":
            return data.landmarks[index].key
        if table == "district":
            return data.districts[index].key
        return data.kinds[index].key

    return _action_text(action, key)


_FORMS: Final = (
    "'place o3 e5', 'buy 3a', 'landmark <key>', 'event dining', 'law 2', 'refill', "
    "'district <key>', 'return <key>', 'suburb 17', 'choose vp' (money, building, appease, "
    "card, ability), 'shape <kind key>', 'drop card 52', 'drop <landmark key>', 'start 2', "
    "'card 101', 'bag 17', 'deal <landmark key>', 'scenario 4' or 'automaton 26'"
)


def _text_ids(data: Data) -> dict[str, int]:
    """Every action's notation -> its id (the notation depends on the data only)."""
    table = _TEXT_IDS.get(id(data))
    if table is None or table[0] is not data:
        ids: dict[str, int] = {}
        for action in range(NUM_ACTIONS):
            try:
                ids[action_text(data, action)] = action
            except NotationError:
                continue
        table = (data, ids)
        _TEXT_IDS[id(data)] = table
    return table[1]


_TEXT_IDS: dict[int, tuple[Data, dict[str, int]]] = {}


def parse_action(data: Data, text: str) -> int:
    """The action id of a text in the notation, legal now or not."""
    found = _text_ids(data).get(text)  # exact, as the Rust engine: no whitespace stripped
    if found is None:
        raise NotationError(
            f"{_debug(text)} is not a Rebuilding Chicago action: an action is {_FORMS}"
        )
    return found


# ---------------------------------------------------------------------------------------------
# The game.


@dataclass(frozen=True)
class Rules:
    """What a game's parameters and data fix, shared by all its states."""

    players: int
    difficulty: tuple[int, ...]
    data: Data
    num_actions: int = NUM_ACTIONS


DIFFICULTY_FORM = (
    "one level (easy, standard or expert) for every seat or one per seat separated by commas "
    'like "easy,expert"'
)
"""What to write for ``difficulty``."""


def _parse_difficulty(value: str, players: int) -> tuple[int, ...]:
    return tuple(
        per_seat(
            ("difficulty", DIFFICULTY_FORM, "level"),
            value,
            players,
            True,
            lambda word: (
                DIFFICULTIES.index(word)
                if word in DIFFICULTIES
                else f"unknown level {_debug(word)}"
            ),
        )
    )


class RebuildingChicagoGame(
    ReferenceGame["RebuildingChicagoState", Rules], name=NAME, version=VERSION
):
    """Rebuilding Chicago for 1 to 5 players (``players``; 1 is the solo game), with a
    ``difficulty`` for every seat or per seat, and optionally other component data."""

    SAVED_PARAMS = ("difficulty",)

    def __init__(
        self,
        players: int = 2,
        difficulty: str = "standard",
        data: str | os.PathLike[str] | None = None,
    ) -> None:
        players = int_param(players, "players")
        text = str_param(difficulty, "difficulty", DIFFICULTY_FORM)
        path = self._data_file(data)
        if not 1 <= players <= 5:
            raise ParameterError(
                f"rebuilding_chicago is for 1 to 5 players (1 is the solo game), not {players!r}"
            )
        levels = _parse_difficulty(text, players)
        loaded = _default_data() if data is None else load_data(path)
        self._rules = Rules(players=players, difficulty=levels, data=loaded)

    def _params(self) -> dict[str, Any]:
        levels = self._rules.difficulty
        words = [DIFFICULTIES[level] for level in levels]
        return {
            "players": self._rules.players,
            "difficulty": words[0] if len(set(levels)) == 1 else ",".join(words),
        }

    def new_initial_state(self) -> RebuildingChicagoState:
        return RebuildingChicagoState(self._rules)


# ---------------------------------------------------------------------------------------------
# A seat.


class _Seat:
    """One seat's district, table, resources and cards."""

    def __init__(self, difficulty: int, unhappy: int, vp: int) -> None:
        self.difficulty = difficulty
        self.district = NONE
        self.money = 0
        self.vp = vp
        self.unhappy = unhappy
        self.quality = [0, 0, 0]
        self.law = NONE
        self.abilities: list[int] = []  # ascending
        self.built: list[int] = []  # ascending
        self.dealt: list[int] = []  # ascending
        self.landmarks: list[int] = []  # ascending
        self.lost: list[int] = []  # ascending
        self.hand: list[int] = []  # draw order
        self.pieces: list[list[int]] = []
        # The table as masks of spaces.
        self.start = 0  # region S
        self.areas = (0, 0)  # regions A and B
        self.blocked = 0  # region #
        self.rubble = 0  # rubble symbols, covered or not (board and suburbs)
        self.sights = [0, 0, 0]
        self.suburb = 0  # spaces of suburbs
        self.covered = 0  # spaces covered by a building or landmark
        self.by_type = [0] * len(TYPES)  # spaces covered by a building of each type
        self.by_landmark = 0  # spaces covered by a landmark
        self.tiles = [0] * len(TYPES)
        self.symbols = [0] * len(TYPES)
        self.suburbs = 0  # suburb tiles placed

    def clone(self) -> _Seat:
        other = object.__new__(_Seat)
        other.__dict__.update(self.__dict__)
        other.quality = list(self.quality)
        other.abilities = list(self.abilities)
        other.built = list(self.built)
        other.dealt = list(self.dealt)
        other.landmarks = list(self.landmarks)
        other.lost = list(self.lost)
        other.hand = list(self.hand)
        other.pieces = [list(p) for p in self.pieces]
        other.sights = list(self.sights)
        other.by_type = list(self.by_type)
        other.tiles = list(self.tiles)
        other.symbols = list(self.symbols)
        return other

    # --- counting ("Counting") ---------------------------------------------------------------

    def connected(self, area: int) -> bool:
        """An area is connected once one of its spaces is next to a suburb space."""
        return bool(self.areas[area] & grow(self.suburb))

    def usable(self) -> int:
        """The spaces a building or landmark may cover now."""
        spaces = self.start | self.suburb
        for area in (0, 1):
            if self.connected(area):
                spaces |= self.areas[area]
        return spaces & ~self.covered

    def uncovered_rubble(self) -> int:
        return (self.rubble & ~self.covered).bit_count()

    def uncovered_sights(self) -> list[int]:
        return [(mask & ~self.covered).bit_count() for mask in self.sights]

    def count(self, count: Count) -> int:
        name, arg = count
        if name == "symbols":
            return self.symbols[arg]
        if name == "tiles":
            return self.tiles[arg]
        if name == "quality":
            return self.quality[arg]
        if name == "rubble":
            return self.uncovered_rubble()
        if name == "sights":
            return sum(self.uncovered_sights())
        if name == "sightkinds":
            return sum(1 for c in self.uncovered_sights() if c > 0)
        if name == "types":
            return sum(1 for t in self.tiles if t > 0)
        if name == "suburbs":
            return self.suburbs
        if name == "landmarks":
            return len(self.built)
        if name == "unhappy":
            return self.unhappy
        if name == "money":
            return self.money
        raise AssertionError(f"unknown count {name}")

    def holds(self, condition: Condition) -> bool:
        left, op, right = condition
        a = self.count(left)
        b = right if isinstance(right, int) else self.count(right)
        if op == ">=":
            return a >= b
        if op == ">":
            return a > b
        if op == "<=":
            return a <= b
        if op == "<":
            return a < b
        return a == b

    def amount(self, effect: Effect) -> int:
        """An effect's amount now: times ``floor(count / K)`` with ``per``; 0 unless ``if``."""
        if effect.condition is not None and not self.holds(effect.condition):
            return 0
        amount = effect.amount
        if effect.per is not None:
            amount *= self.count(effect.per) // effect.divisor
        return amount

    def has_ability_to_lose(self, data: Data) -> bool:
        return bool(self.losable_landmarks(data)) or bool(self.abilities)

    def losable_landmarks(self, data: Data) -> list[int]:
        return [lm for lm in self.built if lm not in self.lost and data.landmarks[lm].endgame]


# ---------------------------------------------------------------------------------------------
# The state.


class RebuildingChicagoState(ReferenceState[Rules]):
    """A Rebuilding Chicago position: the seats' districts and tables, the market and decks,
    the events, the suburb bag, the solo player's scenario and deck, and the task queue."""

    def __init__(self, rules: Rules) -> None:
        data = rules.data
        n = rules.players
        self._rules = rules
        self._data = data
        self._history: list[int] = []
        self._round = 1
        self._start = NONE
        self._active = NONE
        self._first = 0
        self._refilled = 0
        self._picked = NONE
        self._market = [NONE] * MARKET
        self._decks = [
            {c for c, card in enumerate(data.cards) if card.round == r} for r in (1, 2, 3)
        ]
        self._bag = set(range(NUM_SUBURBS))
        self._landmark_pool = set(range(NUM_LANDMARKS))
        self._scenarios: set[int] = set(range(NUM_SCENARIOS)) if n == 1 else set()
        self._automaton: set[int] = set(range(NUM_AUTOMATON)) if n == 1 else set()
        self._scenario = NONE
        self._events = [0] * len(EVENTS)
        self._tokens = [0] * (MARKET + len(EVENTS))
        self._supply = [kind.count for kind in data.kinds]
        self._todo: list[list[int]] = []
        self._seats = [
            _Seat(level, data.unhappy[level], data.start_vp) for level in rules.difficulty
        ]
        self._last_activator = NONE  # who activated the last event so far (-1: automaton)
        self._legal: list[int] | None = None
        if n == 1:
            # Ruling 1: solo, seat 0 starts with the solo money; the market is dealt first.
            self._start = 0
            self._seats[0].money = data.solo_money
            self._phase = "deal"
        else:
            self._phase = "start"

    # --- interface ---------------------------------------------------------------------------

    def current_player(self) -> int:
        phase = self._phase
        if phase in CHANCE_PHASES:
            return CHANCE
        if phase == "over":
            return TERMINAL
        if phase == "district":
            return self._next_without_district()
        if phase == "keep":
            return self._next_keeper()
        if phase == "turn":
            return self._active
        return self._todo[0][1]

    def _action_text(self, action: int) -> str:
        return action_text(self._data, action)

    def _parse_action(self, text: str) -> int:
        return parse_action(self._data, text)

    def scores(self) -> list[int]:
        """Each seat's VP (the final scores once the game is over)."""
        return [seat.vp for seat in self._seats]

    def winners(self) -> list[int]:
        """Ruling 26: the most VP, ties to the lowest unhappy population, still tied shared;
        solo, the target or more. Empty before the end."""
        if self._phase != "over":
            return []
        seats = self._seats
        if len(seats) == 1:
            return [0] if seats[0].vp >= self._data.solo_target else []
        best = max(seat.vp for seat in seats)
        tied = [s for s, seat in enumerate(seats) if seat.vp == best]
        calm = min(seats[s].unhappy for s in tied)
        return [s for s in tied if seats[s].unhappy == calm]

    def observation_tensor(self, player: int) -> npt.NDArray[np.float32]:
        """The "Observation" layout, seats in the order ``player``, ``player + 1`` ...:
        11171 floats."""
        player = self._check_player(player)
        n = self._rules.players
        tensor = np.zeros(TENSOR_SIZE, dtype=np.float32)
        block = SEAT_TENSOR
        for offset in range(n):
            seat = self._seats[(player + offset) % n]
            base = block * offset
            # All planes are 0 for a seat without a district.
            # No district board plane: it is a function of the district (a one-hot below).
            planes = [
                seat.suburb,
                seat.usable() if seat.district != NONE else 0,
                seat.rubble & ~seat.covered,
                *(mask & ~seat.covered for mask in seat.sights),
                *seat.by_type,
                seat.by_landmark,
            ]
            for plane, mask in enumerate(planes):
                for space in bits(mask):
                    tensor[base + plane * SPACES + space] = 1.0
            numbers = [
                seat.money,
                seat.vp,
                seat.unhappy,
                *seat.quality,
                *seat.symbols,
                *seat.tiles,
                1 if seat.law != NONE else 0,
                len(seat.built),
                len(seat.landmarks),
                len(seat.abilities),
                len(seat.hand),
                *(1 if seat.district == d else 0 for d in range(NUM_DISTRICTS)),
            ]
            tensor[base + 14 * SPACES : base + block] = numbers
        base = 5 * block
        tensor[base + self._round - 1] = 1.0
        tensor[base + 3 : base + 10] = self._events
        for slot, card in enumerate(self._market):
            if card != NONE:
                tensor[base + 10 + 2 * slot] = 1.0
                tensor[base + 11 + 2 * slot] = self._data.cards[card].cost
        tensor[base + 26 : base + 41] = self._tokens
        tensor[base + 41] = 1.0 if self.current_player() == player else 0.0
        for slot, card in enumerate(self._market):
            if card != NONE:
                tensor[MARKET_CARDS + slot * NUM_CARDS + card] = 1.0
        for offset in range(n):
            seat = self._seats[(player + offset) % n]
            base = MARKET_CARDS + MARKET * NUM_CARDS + offset * HOLDINGS
            tensor[[base + c for c in seat.abilities]] = 1.0
            standing = [lm for lm in seat.built if lm not in seat.lost]
            for j, landmarks in enumerate((seat.landmarks, standing, seat.lost)):
                tensor[[base + NUM_CARDS + j * NUM_LANDMARKS + lm for lm in landmarks]] = 1.0
            tensor[[base + NUM_CARDS + 3 * NUM_LANDMARKS + t for t in seat.hand]] = 1.0
        if self._phase == "place":  # the piece placed: a building kind, landmark or suburb
            task = self._todo[0]
            if task[0] == 0:
                piece = task[2]
            elif task[0] == 1:
                piece = MAX_KINDS + task[2]
            else:
                piece = MAX_KINDS + NUM_LANDMARKS + self._picked
            tensor[PLACING + piece] = 1.0
        return tensor

    def _progress(self) -> str:
        return f"round {self._round} phase {self._phase}"

    # --- helpers -----------------------------------------------------------------------------

    def _order_from(self, seat: int) -> list[int]:
        """The seats clockwise from ``seat``."""
        n = self._rules.players
        return [(seat + i) % n for i in range(n)]

    def _next_without_district(self) -> int:
        for seat in self._order_from(self._start):
            if self._seats[seat].district == NONE:
                return seat
        return NONE

    def _next_keeper(self) -> int:
        for seat in self._order_from(self._start):
            if self._seats[seat].dealt:
                return seat
        return NONE

    def _build_run(self) -> list[int]:
        """The kinds of the build tasks of the front task's seat right after the front task."""
        seat = self._todo[0][1]
        kinds = []
        for task in self._todo[1:]:
            if task[0] != 0 or task[1] != seat:
                break
            kinds.append(task[2])
        return kinds

    def _shape_candidates(self) -> list[int]:
        """Ruling 10 at the front of a build task whose kind is out: the kinds of its type
        with tiles that keep the rest of the run feasible."""
        _, s, kind = self._todo[0]
        data = self._data
        free = self._seats[s].usable()
        rest = self._build_run()
        result = []
        for candidate in candidate_kinds(data, kind, self._supply):
            fewer = list(self._supply)
            fewer[candidate] -= 1
            for _, mask in data.kinds[candidate].piece.placements:
                if not mask & ~free and feasible(data, rest, free & ~mask, fewer):
                    result.append(candidate)
                    break
        return result

    def _build_placements(self) -> list[int]:
        """The placements of the front build task's kind that keep the rest feasible."""
        _, s, kind = self._todo[0]
        data = self._data
        free = self._seats[s].usable()
        rest = self._build_run()
        fewer = list(self._supply)
        fewer[kind] -= 1
        return [
            action
            for action, mask in data.kinds[kind].piece.placements
            if not mask & ~free and (not rest or feasible(data, rest, free & ~mask, fewer))
        ]

    def _landmark_placements(self, seat: int, landmark: int) -> list[int]:
        free = self._seats[seat].usable()
        return [
            action
            for action, mask in self._data.landmarks[landmark].piece.placements
            if not mask & ~free
        ]

    def _suburb_placements(self, seat: int, tile: int) -> list[int]:
        """A suburb goes off the district board, on no other suburb, next to region S or to
        one of the seat's suburbs."""
        s = self._seats[seat]
        taken = BOARD | s.suburb
        near = grow(s.start | s.suburb)
        return [
            action
            for action, mask in self._data.suburbs[tile].placements
            if not mask & taken and mask & near
        ]

    def _placeable_tiles(self, seat: int) -> list[int]:
        return [t for t in self._seats[seat].hand if self._suburb_placements(seat, t)]

    def _world_rewarded(self, seat: int) -> bool:
        """Ruling 21: statues less uncovered rubble at or above the round's threshold."""
        s = self._seats[seat]
        score = s.tiles[STATUE] - s.uncovered_rubble()
        return score >= self._data.events[WORLD].threshold[self._round - 1]

    def _world_options(self, seat: int) -> tuple[tuple[int, int], ...]:
        """The reward or penalty pair of On the World Stage for ``seat`` now (ruling 21)."""
        event = self._data.events[WORLD]
        r = self._round - 1
        return event.world_reward[r] if self._world_rewarded(seat) else event.world_penalty[r]

    def _amenity_reward(self, seat: int, event_id: int, table: tuple[int, ...]) -> int:
        """Ruling 20: the reward of the quality level less the shortfall, never below 0."""
        event = self._data.events[event_id]
        s = self._seats[seat]
        short_by = max(0, s.unhappy - s.symbols[AMENITY_TYPE[event.amenity]])
        return max(0, table[s.quality[event.amenity]] - short_by)

    def _statue_kind(self) -> int:
        for kind in self._data.kinds_of_type(STATUE):
            if self._supply[kind] > 0:
                return kind
        return NONE

    def _can_buy_benefits(self, seat: int, card: int) -> bool:
        return feasible(
            self._data, self._data.cards[card].builds, self._seats[seat].usable(), self._supply
        )

    # --- legal actions -----------------------------------------------------------------------

    def _compute_legal(self) -> list[int]:
        phase = self._phase
        data = self._data
        if phase == "over":
            return []
        if phase == "start":
            return [A_START + s for s in range(self._rules.players)]
        if phase == "deal":
            return [A_CARD + c for c in sorted(self._decks[self._round - 1])]
        if phase == "district":
            taken = {seat.district for seat in self._seats}
            return [A_DISTRICT + d for d in range(NUM_DISTRICTS) if d not in taken]
        if phase == "landmarks":
            return [A_DEAL + lm for lm in sorted(self._landmark_pool)]
        if phase == "keep":
            return [A_RETURN + lm for lm in self._seats[self._next_keeper()].dealt]
        if phase == "scenario":
            return [A_SCENARIO + i for i in sorted(self._scenarios)]
        if phase == "automaton":
            return [A_AUTOMATON + c for c in sorted(self._automaton)]
        if phase == "bag":
            return [A_BAG + t for t in sorted(self._bag)]
        if phase == "turn":
            return self._turn_actions()
        task = self._todo[0]
        seat = task[1]
        if phase == "place":
            if task[0] == 0:
                return self._build_placements()
            if task[0] == 1:
                return self._landmark_placements(seat, task[2])
            return self._suburb_placements(seat, self._picked)
        if phase == "shape":
            return [A_SHAPE + k for k in self._shape_candidates()]
        if phase == "pick":
            return [A_PICK + t for t in sorted(self._placeable_tiles(seat))]
        if phase == "choose":
            return [A_CHOOSE + c for c in self._choose_options()]
        if phase == "free":
            actions = []
            for slot, card in enumerate(self._market):
                if card != NONE:
                    if self._can_buy_benefits(seat, card):
                        actions.append(A_BUY + 2 * slot)
                    actions.append(A_BUY + 2 * slot + 1)
            return actions
        if phase == "drop":
            s = self._seats[seat]
            return [A_DROP_CARD + c for c in s.abilities] + [
                A_DROP_LANDMARK + lm for lm in s.losable_landmarks(data)
            ]
        raise AssertionError(f"unknown phase {phase}")

    def _turn_actions(self) -> list[int]:
        data = self._data
        active = self._active
        seat = self._seats[active]
        actions = []
        for slot, card in enumerate(self._market):
            if card != NONE and data.cards[card].cost <= seat.money:
                if self._can_buy_benefits(active, card):
                    actions.append(A_BUY + 2 * slot)
                actions.append(A_BUY + 2 * slot + 1)
        for landmark in seat.landmarks:
            if data.landmarks[landmark].cost <= seat.money and self._landmark_placements(
                active, landmark
            ):
                actions.append(A_LANDMARK + landmark)
        for event in range(len(EVENTS)):
            if self._event_problem(event) is None:
                actions.append(A_EVENT + event)
        for index in range(3):
            if self._law_problem(index) is None:
                actions.append(A_LAW + index)
        if self._refill_problem() is None:
            actions.append(A_REFILL)
        return actions

    def _event_problem(self, event: int) -> str | None:
        if self._events[event]:
            return f"{EVENTS[event]} was activated already this round"
        if event == WORLD and sum(self._events) < self._data.world_needs:
            return (
                f"On the World Stage needs {self._data.world_needs} other events activated "
                f"this round, {sum(self._events)} are"
            )
        return None

    def _law_problem(self, index: int) -> str | None:
        seat = self._seats[self._active]
        law = self._data.districts[seat.district].laws[index]
        if seat.law != NONE:
            return f"seat {self._active} enacted law {seat.law + 1} this round already"
        if law.require is not None and not seat.holds(law.require):
            return "the law's requirement is not met"
        if law.cost_gain == "money" and seat.money < law.cost:
            return f"the law costs ${law.cost}, seat {self._active} has ${seat.money}"
        if law.cost_gain != "money" and seat.vp < law.cost:
            return f"the law costs {law.cost} VP, seat {self._active} has {seat.vp} VP"
        return None

    def _refill_problem(self) -> str | None:
        seat = self._seats[self._active]
        if self._refilled:
            return "the market was refilled this turn already"
        if seat.money < self._data.refill_cost:
            return (
                f"a refill costs ${self._data.refill_cost}, seat {self._active} has ${seat.money}"
            )
        if NONE not in self._market:
            return "the market is full"
        if not self._decks[self._round - 1]:
            return "the round's deck is empty"
        return None

    def _choose_options(self) -> list[int]:
        task_type, seat, event = self._todo[0]
        if task_type == 4:
            if event == GRADUATION:
                return [C_MONEY, C_APPEASE]
            return [C_VP, C_BUILDING]
        if event == SHOPPING:
            return [C_VP, C_MONEY]
        return self._world_choices(seat)

    def _world_choices(self, seat: int) -> list[int]:
        """The options of On the World Stage open to ``seat`` now, ascending."""
        options = []
        for choice, _ in self._world_options(seat):
            if choice == C_CARD and all(card == NONE for card in self._market):
                continue  # ruling 21: only 10 VP when the market is empty
            options.append(choice)
        return sorted(options)

    # --- applying actions --------------------------------------------------------------------

    def _apply(self, action: int) -> None:
        category, offset = _category(action)
        if category == "refill":
            self._do_refill()
        elif category == "buy":
            self._do_buy_action(offset // 2, offset % 2)
        elif category == "event":
            self._activate(self._active, offset)
            self._run()
        elif category == "place":
            self._do_place(offset // SPACES, offset % SPACES)
        elif category == "shape":
            self._todo[0][2] = offset
            self._run()
        elif category == "suburb":
            self._picked = offset
            self._run()
        else:  # start, card, district, deal, return, scenario, automaton, bag, landmark, law,
            # choose, drop: one method each, given the offset
            getattr(self, f"_do_{category}")(offset)

    # setup (rulings 1, 2)

    def _do_start(self, seat: int) -> None:
        self._start = seat
        for place, s in enumerate(self._order_from(seat)):
            self._seats[s].money = self._data.start_money[place]
        self._phase = "deal"

    def _do_card(self, card: int) -> None:
        slot = self._market.index(NONE)
        self._market[slot] = card
        deck = self._decks[self._round - 1]
        deck.discard(card)
        if NONE in self._market and deck:
            return
        # "Deal phase continuation".
        if any(seat.district == NONE for seat in self._seats):
            self._phase = "district"
        elif self._active >= 0:
            self._phase = "turn"
        else:
            self._begin_round()

    def _do_district(self, district: int) -> None:
        seat = self._seats[self._next_without_district()]
        data = self._data
        board = data.districts[district]
        seat.district = district
        seat.start = board.start
        seat.areas = board.areas
        seat.blocked = board.blocked
        seat.rubble = board.rubble
        seat.sights = list(board.sights)
        for kind_id, mask in board.buildings:  # ruling 3
            kind = data.kinds[kind_id]
            seat.covered |= mask
            seat.by_type[kind.type] |= mask
            seat.tiles[kind.type] += 1
            seat.symbols[kind.type] += kind.symbols
        if self._next_without_district() == NONE:
            self._phase = "landmarks"

    def _do_deal(self, landmark: int) -> None:
        self._landmark_pool.discard(landmark)
        for s in self._order_from(self._start):
            seat = self._seats[s]
            if len(seat.dealt) < 3:
                seat.dealt = sorted([*seat.dealt, landmark])
                break
        if all(len(seat.dealt) >= 3 for seat in self._seats) or not self._landmark_pool:
            self._phase = "keep"

    def _do_return(self, landmark: int) -> None:
        seat = self._seats[self._next_keeper()]
        seat.landmarks = [lm for lm in seat.dealt if lm != landmark]
        seat.dealt = []
        if self._next_keeper() == NONE:
            self._begin_round()

    # rounds (rulings 5, 25, 27, 29)

    def _begin_round(self) -> None:
        """The round starts: the unhappy increase (rounds 2 and 3), the scenario (solo), then
        the first turn or the automated player's first draw."""
        data = self._data
        if self._round > 1:
            for seat in self._seats:
                seat.unhappy = min(
                    data.unhappy_max,
                    max(data.unhappy_min, seat.unhappy + data.unhappy[seat.difficulty]),
                )
        if self._rules.players == 1:
            self._phase = "scenario"
        else:
            self._begin_turn(self._start)

    def _do_scenario(self, scenario: int) -> None:
        self._scenarios.discard(scenario)
        self._scenario = scenario
        card = self._data.scenarios[scenario]
        for cost in card.tokens:  # ruling 27
            for slot, market_card in enumerate(self._market):
                if (
                    market_card != NONE
                    and not self._tokens[slot]
                    and self._data.cards[market_card].cost == cost
                ):
                    self._tokens[slot] = 1
                    break
        self._tokens[MARKET + card.event] = 1
        if self._first:
            self._begin_automaton()
        else:
            self._begin_turn(0)

    def _begin_turn(self, seat: int) -> None:
        self._active = seat
        self._refilled = 0
        self._phase = "turn"

    def _begin_automaton(self) -> None:
        self._active = NONE
        if not self._automaton:
            self._automaton = set(range(NUM_AUTOMATON))  # ruling 28: reshuffle
        self._phase = "automaton"

    def _do_automaton(self, card: int) -> None:
        """Ruling 28: remove the leftmost market card of a cost, else activate the next
        event."""
        self._automaton.discard(card)
        cost = self._data.automaton[card]
        if cost != NONE:
            for slot, market_card in enumerate(self._market):
                if market_card != NONE and self._data.cards[market_card].cost == cost:
                    self._market[slot] = NONE
                    if self._tokens[slot]:
                        self._tokens[slot] = 0
                        self._lose_money(0, 1)
                    self._run()
                    return
        order = self._data.scenarios[self._scenario].order
        event = next(e for e in order if not self._events[e])
        self._activate(NONE, event)
        self._run()

    def _end_turn(self) -> None:
        """ "End of the turn": the queue is empty after a main action (or the automated
        player's action)."""
        automaton = self._active == NONE
        self._refilled = 0
        if all(self._events):
            self._end_action_phase()
        elif automaton:
            self._begin_turn(0)
        elif self._rules.players == 1:
            self._begin_automaton()
        else:
            self._begin_turn((self._active + 1) % self._rules.players)

    def _end_action_phase(self) -> None:
        data = self._data
        self._active = NONE
        for seat in self._seats:  # ruling 24
            seat.money += data.money_per_symbol * seat.symbols[TYPES.index("money")]
            for card in seat.abilities:
                if data.cards[card].ability == "profit":
                    effect = data.cards[card].effect
                    assert effect is not None
                    self._gain(seat, effect, seat.amount(effect))
        if self._round == 3:
            for seat in self._seats:  # ruling 26
                for card in seat.abilities:
                    if data.cards[card].ability == "endgame":
                        effect = data.cards[card].effect
                        assert effect is not None
                        self._gain(seat, effect, seat.amount(effect))
                for landmark in seat.built:
                    if landmark not in seat.lost:
                        for effect in data.landmarks[landmark].endgame:
                            self._gain(seat, effect, seat.amount(effect))
                seat.vp += seat.money // data.money_per_vp
            self._phase = "over"
            return
        # Cleanup (ruling 25): the market is cleared, its cards going back to their round's
        # deck (the rulebook: "Return all remaining unpurchased Building cards ... back to the
        # corresponding deck").
        for card in self._market:
            if card != NONE:
                self._decks[data.cards[card].round - 1].add(card)
        self._market = [NONE] * MARKET
        for seat in self._seats:
            seat.law = NONE
        self._events = [0] * len(EVENTS)
        self._tokens = [0] * (MARKET + len(EVENTS))
        if self._rules.players == 1:
            self._automaton = set(range(NUM_AUTOMATON))
            # Ruling 29: the automated player starts if you activated the last event.
            self._first = 1 if self._last_activator == 0 else 0
        else:
            self._start = (self._last_activator + 1) % self._rules.players  # ruling 8
        self._round += 1
        if self._decks[self._round - 1]:
            self._phase = "deal"
        else:  # pragma: no cover - a round deck is never empty at cleanup
            self._begin_round()

    # turns (rulings 6, 7, 12, 13, 15, 16)

    def _do_refill(self) -> None:
        seat = self._seats[self._active]
        seat.money -= self._data.refill_cost
        self._refilled = 1
        self._phase = "deal"

    def _do_buy_action(self, slot: int, half: int) -> None:
        if self._phase == "free":
            seat = self._todo.pop(0)[1]
            self._buy(seat, slot, half, free=True)
        else:
            self._buy(self._active, slot, half, free=False)
        self._run()

    def _buy(self, s: int, slot: int, half: int, *, free: bool) -> None:
        data = self._data
        seat = self._seats[s]
        card_id = self._market[slot]
        card = data.cards[card_id]
        if not free:
            seat.money -= card.cost
        self._market[slot] = NONE
        if self._tokens[slot]:  # ruling 27
            self._tokens[slot] = 0
            seat.money += 1
        tasks: list[list[int]] = []
        if half == 0:  # ruling 9: the other benefits at once, then the buildings in order
            for effect in card.effects:
                self._gain(seat, effect, seat.amount(effect))
            tasks = [[0, s, kind] for kind in card.builds]
        elif card.ability == "suburbs":
            tasks = [[2, s, card.suburbs], [3, s]]
        else:
            seat.abilities = sorted([*seat.abilities, card_id])
        self._todo[0:0] = tasks

    def _do_landmark(self, landmark: int) -> None:
        seat = self._seats[self._active]
        seat.money -= self._data.landmarks[landmark].cost
        self._todo.insert(0, [1, self._active, landmark])
        self._run()

    def _do_law(self, index: int) -> None:
        s = self._active
        seat = self._seats[s]
        law = self._data.districts[seat.district].laws[index]
        if law.cost_gain == "money":
            seat.money -= law.cost
        else:
            seat.vp -= law.cost
        seat.law = index
        self._todo[0:0] = self._resolve(s, law.effects)
        self._run()

    def _resolve(self, s: int, effects: Sequence[Effect]) -> list[list[int]]:
        """Effects in order, at once; each ``suburbs N`` gives the tasks it queues."""
        seat = self._seats[s]
        tasks: list[list[int]] = []
        for effect in effects:
            amount = seat.amount(effect)
            if effect.gain == "suburbs":
                tasks += [[2, s, amount], [3, s]]
            else:
                self._gain(seat, effect, amount)
        return tasks

    def _gain(self, seat: _Seat, effect: Effect, amount: int) -> None:
        data = self._data
        if effect.gain == "money":
            seat.money += amount
        elif effect.gain == "vp":
            seat.vp += amount
        elif effect.gain == "appease":
            seat.unhappy = max(data.unhappy_min, seat.unhappy - amount)
        elif effect.gain == "quality":
            seat.quality[effect.amenity] = min(
                data.quality_max, seat.quality[effect.amenity] + amount
            )
        else:  # pragma: no cover - suburbs effects are queued by _resolve
            raise AssertionError(effect.gain)

    def _lose_money(self, s: int, amount: int) -> None:
        seat = self._seats[s]
        seat.money = max(0, seat.money - amount)

    def _activate(self, activator: int, event: int) -> None:
        """Ruling 16: the activator's part, then the all-players part seat by seat clockwise
        from the activator; ``activator`` -1 is the automated player (ruling 28)."""
        data = self._data
        self._events[event] = 1
        self._last_activator = activator
        token = MARKET + event
        if self._tokens[token]:
            self._tokens[token] = 0
            if activator == NONE:
                self._lose_money(0, 1)
            else:
                self._seats[activator].money += 1
        if activator == NONE:
            if event == EXPANSION:
                tasks = [[2, 0, self._seats[0].symbols[0]], [3, 0]]
            else:
                tasks = [[5, 0, event]]
            self._todo[0:0] = tasks
            return
        order = self._order_from(activator)
        if event == EXPANSION:  # ruling 17
            tasks = [[2, activator, 1]]
            tasks += [[2, s, self._seats[s].symbols[0]] for s in order]
            tasks += [[3, s] for s in order]
        else:
            tasks = []
            if event in (GRADUATION, *AMENITY_EVENTS):
                tasks.append([4, activator, event])
            elif event == SIGHTS:
                self._seats[activator].money += data.events[SIGHTS].activator_money
            elif event == WORLD:
                statue = self._statue_kind()
                if statue != NONE and feasible(
                    data, [statue], self._seats[activator].usable(), self._supply
                ):
                    tasks.append([0, activator, statue])
            tasks += [[5, s, event] for s in order]
        self._todo[0:0] = tasks

    # tasks

    def _do_place(self, orientation: int, anchor: int) -> None:
        data = self._data
        task = self._todo[0]
        s = task[1]
        seat = self._seats[s]
        if task[0] == 0:
            kind_id = task[2]
            kind = data.kinds[kind_id]
            mask = cells_mask(kind.piece.orientations[orientation], anchor)
            assert mask is not None
            seat.covered |= mask
            seat.by_type[kind.type] |= mask
            seat.tiles[kind.type] += 1
            seat.symbols[kind.type] += kind.symbols
            self._supply[kind_id] -= 1
            seat.pieces.append([0, kind_id, orientation, anchor])
            self._todo.pop(0)
        elif task[0] == 1:
            landmark = task[2]
            mask = cells_mask(data.landmarks[landmark].piece.orientations[orientation], anchor)
            assert mask is not None
            seat.covered |= mask
            seat.by_landmark |= mask
            seat.pieces.append([1, landmark, orientation, anchor])
            seat.landmarks.remove(landmark)
            seat.built = sorted([*seat.built, landmark])
            self._todo.pop(0)
            self._todo[0:0] = self._resolve(s, data.landmarks[landmark].immediate)
        else:
            tile = self._picked
            cells = data.suburbs[tile].orientations[orientation]
            ax, ay = anchor % SIZE, anchor // SIZE
            for x, y, symbol in cells:
                bit = 1 << ((ay + y) * SIZE + ax + x)
                seat.suburb |= bit
                if symbol == "r":
                    seat.rubble |= bit
                elif symbol in "123":
                    seat.sights[int(symbol) - 1] |= bit
            seat.suburbs += 1
            seat.pieces.append([2, tile, orientation, anchor])
            seat.hand.remove(tile)
            self._picked = NONE
        self._run()

    def _do_bag(self, tile: int) -> None:
        task = self._todo[0]
        self._bag.discard(tile)
        self._seats[task[1]].hand.append(tile)
        task[2] -= 1
        self._run()

    def _do_choose(self, choice: int) -> None:
        data = self._data
        task_type, s, event = self._todo.pop(0)
        seat = self._seats[s]
        event_data = data.events[event]
        if task_type == 4:
            if choice == C_APPEASE:
                seat.unhappy = max(data.unhappy_min, seat.unhappy - event_data.activator_appease)
            elif choice == C_MONEY:
                seat.money += event_data.activator_money
            elif choice == C_VP:
                seat.vp += event_data.activator_vp
            else:  # building
                self._todo.insert(0, [0, s, event_data.building])
        elif event == SHOPPING:
            reward = self._amenity_reward(s, event, event_data.reward)
            if choice == C_MONEY:
                seat.money += reward
            else:
                seat.vp += reward
        else:  # On the World Stage
            self._world_choice(s, choice)
        self._run()

    def _world_choice(self, s: int, choice: int) -> None:
        """Ruling 21: take the reward or penalty ``choice`` of On the World Stage."""
        seat = self._seats[s]
        rewarded = self._world_rewarded(s)
        amount = next(a for c, a in self._world_options(s) if c == choice)
        if choice == C_CARD:
            self._todo.insert(0, [6, s])
        elif choice == C_ABILITY:
            self._todo.insert(0, [7, s])
        elif choice == C_VP:
            seat.vp = seat.vp + amount if rewarded else max(0, seat.vp - amount)
        else:
            seat.money = seat.money + amount if rewarded else max(0, seat.money - amount)

    def _do_drop(self, offset: int) -> None:
        s = self._todo.pop(0)[1]
        seat = self._seats[s]
        if offset < NUM_CARDS:
            seat.abilities.remove(offset)
        else:
            seat.lost = sorted([*seat.lost, offset - NUM_CARDS])
        self._run()

    def _reward(self, s: int, event: int) -> None:
        """The automatic all-players parts (ruling 18, 19, 20)."""
        data = self._data
        seat = self._seats[s]
        event_data = data.events[event]
        if event == GRADUATION:
            seat.unhappy = max(data.unhappy_min, seat.unhappy - seat.symbols[2])
        elif event == SIGHTS:
            sights = sum(seat.uncovered_sights())
            for effect in event_data.per_sight[self._round - 1]:
                self._gain(seat, effect, effect.amount * sights)
        elif event == NIGHT:
            seat.money += self._amenity_reward(s, event, event_data.money)
            seat.vp += self._amenity_reward(s, event, event_data.vp)
        elif event == DINING:
            seat.vp += self._amenity_reward(s, event, event_data.vp)

    def _run(self) -> None:
        """Settle the task queue: do the front task if it is automatic, else stop at its
        decision or chance draw; an empty queue ends the turn ("Turn structure")."""
        data = self._data
        while True:
            if not self._todo:
                self._end_turn()
                return
            task = self._todo[0]
            task_type, s = task[0], task[1]
            seat = self._seats[s]
            if task_type == 0:
                if self._supply[task[2]] <= 0:
                    candidates = self._shape_candidates()
                    if not candidates:
                        self._todo.pop(0)
                        continue
                    if len(candidates) > 1:
                        self._phase = "shape"
                        return
                    task[2] = candidates[0]
                if not self._build_placements():  # pragma: no cover - feasibility forbids
                    self._todo.pop(0)
                    continue
                self._phase = "place"
                return
            if task_type == 1:
                self._phase = "place"
                return
            if task_type == 2:
                if task[2] > 0 and self._bag:
                    self._phase = "bag"
                    return
                self._todo.pop(0)
                continue
            if task_type == 3:
                if self._picked != NONE:
                    self._phase = "place"
                    return
                placeable = self._placeable_tiles(s)
                if len(placeable) == 1:
                    self._picked = placeable[0]
                    self._phase = "place"
                    return
                if len(placeable) > 1:
                    self._phase = "pick"
                    return
                seat.hand = []  # ruling 14: none can be placed, the hand is discarded
                self._todo.pop(0)
                continue
            if task_type == 4:
                event = task[2]
                if event == GRADUATION or feasible(
                    data, [data.events[event].building], seat.usable(), self._supply
                ):
                    self._phase = "choose"
                    return
                seat.vp += data.events[event].activator_vp  # ruling 20: 3 VP at once
                self._todo.pop(0)
                continue
            if task_type == 5:
                event = task[2]
                if event == WORLD:
                    # "automatic unless it offers a choice": a pair with one option open (the
                    # round-2 reward with the market empty: only 10 VP) is taken at once.
                    choices = self._world_choices(s)
                    if len(choices) > 1:
                        self._phase = "choose"
                        return
                    self._todo.pop(0)
                    self._world_choice(s, choices[0])
                    continue
                if event == SHOPPING and self._amenity_reward(s, event, data.events[event].reward):
                    self._phase = "choose"
                    return
                self._todo.pop(0)
                self._reward(s, event)
                continue
            if task_type == 6:
                if any(card != NONE for card in self._market):
                    self._phase = "free"
                    return
                self._todo.pop(0)
                continue
            if task_type == 7:
                if seat.has_ability_to_lose(data):
                    self._phase = "drop"
                    return
                self._todo.pop(0)
                continue
            raise AssertionError(f"unknown task {task}")

    # --- illegal actions ---------------------------------------------------------------------

    def _problem(self, action: int) -> str:
        """Why ``action`` (not among the legal actions) is illegal now."""
        phase = self._phase
        category, offset = _category(action)
        now = f"phase {phase}, {self._who()}"
        chance_category = category in ("start", "card", "bag", "deal", "scenario", "automaton")
        if phase in CHANCE_PHASES:
            if chance_category and phase in _CATEGORY_PHASES[category]:
                return f"not a possible outcome now ({now})"
            return f"this is a chance node ({now}): no seat is to move"
        if chance_category:
            return f"'{category}' is a chance outcome, not a decision ({now})"
        if phase not in _CATEGORY_PHASES[category]:
            return f"'{category}' is not an action of this phase ({now})"
        if category == "shape" and offset >= len(self._data.kinds):
            return f"the data has no kind {offset}"
        reason = self._reason(category, offset)
        return f"{reason} ({now})" if reason else f"not legal in this position ({now})"

    def _reason(self, category: str, offset: int) -> str | None:
        data = self._data
        if category == "buy":
            slot, half = divmod(offset, 2)
            card = self._market[slot]
            if card == NONE:
                return f"market slot {slot + 1} is empty"
            seat = self._seats[self.current_player()]
            if self._phase == "turn" and data.cards[card].cost > seat.money:
                return (
                    f"card {card} costs ${data.cards[card].cost}, "
                    f"seat {self.current_player()} has ${seat.money}"
                )
            if half == 0:
                return f"the buildings of card {card}'s benefits half cannot all be placed"
            return None
        if category == "landmark":
            seat = self._seats[self._active]
            key = data.landmarks[offset].key
            if offset in seat.built:
                return f"{key} is built already"
            if offset not in seat.landmarks:
                return f"seat {self._active} does not own the {key} card"
            cost = data.landmarks[offset].cost
            if cost > seat.money:
                return f"{key} costs ${cost}, seat {self._active} has ${seat.money}"
            return f"{key}'s tile cannot be placed"
        if category == "event":
            return self._event_problem(offset)
        if category == "law":
            return self._law_problem(offset)
        if category == "refill":
            return self._refill_problem()
        if category == "drop" and offset >= A_DROP_LANDMARK - A_DROP_CARD:
            return "the seat has no such landmark to lose"
        return _CATEGORY_REASONS.get(category)

    # --- rendering ---------------------------------------------------------------------------

    def _who(self) -> str:
        player = self.current_player()
        if player == TERMINAL:
            return "game over"
        if player == CHANCE:
            return "chance to move"
        return f"seat {player} to move"

    def _table_rows(self, seat: _Seat) -> list[str]:
        if seat.district == NONE:
            return []  # a seat without a district has no table lines
        usable = seat.usable()
        unconnected = 0
        for area in (0, 1):
            if not seat.connected(area):
                unconnected |= seat.areas[area]
        rows = []
        for y in range(SIZE):
            chars = []
            for x in range(SIZE):
                bit = 1 << (y * SIZE + x)
                char = " "
                if seat.by_landmark & bit:
                    char = "L"
                elif seat.covered & bit:
                    char = next(TYPE_LETTERS[t] for t in range(len(TYPES)) if seat.by_type[t] & bit)
                elif seat.rubble & bit:
                    char = "r"
                elif any(mask & bit for mask in seat.sights):
                    char = str(next(i + 1 for i in range(3) if seat.sights[i] & bit))
                elif usable & bit:
                    char = "."
                elif unconnected & bit:
                    char = ":"
                elif seat.blocked & bit:
                    char = "#"
                chars.append(char)
            rows.append("  " + "".join(chars))
        return rows

    def _render(self, observer: int | None) -> str:
        """The "Text rendering"; with an observer, its observation string."""
        data = self._data
        n = self._rules.players
        players = "1 player" if n == 1 else f"{n} players"
        status = f"round {self._round}, phase {self._phase}, {self._who()}"
        lines = [f"Rebuilding Chicago, {players}, {status}"]
        market = []
        for slot, card in enumerate(self._market):
            if card == NONE:
                market.append(f"{slot + 1}:-")
            else:
                token = "*" if self._tokens[slot] else ""
                market.append(f"{slot + 1}:c{card}/${data.cards[card].cost}{token}")
        lines.append("market: " + " ".join(market))
        events = []
        for event, key in enumerate(EVENTS):
            mark = "*" if self._events[event] else ""
            mark += "$" if self._tokens[MARKET + event] else ""
            events.append(key + mark)
        lines.append("events: " + " ".join(events))
        for s, seat in enumerate(self._seats):
            name = data.districts[seat.district].name if seat.district != NONE else "-"
            q = seat.quality
            sym = seat.symbols
            lines.append(
                f"seat {s} {name} ({DIFFICULTIES[seat.difficulty]}): ${seat.money} {seat.vp} VP "
                f"unhappy {seat.unhappy}, quality e{q[0]} s{q[1]} r{q[2]}, "
                f"amenity e{sym[3]} s{sym[4]} r{sym[5]}"
            )
            built = [data.landmarks[lm].key + ("!" if lm in seat.lost else "") for lm in seat.built]
            second = (
                f"  law {seat.law + 1 if seat.law != NONE else '-'}, "
                f"landmarks {_listing(data.landmarks[lm].key for lm in seat.landmarks)}, "
                f"built {_listing(built)}, abilities {_listing(map(str, seat.abilities))}, "
                f"hand {_listing(map(str, seat.hand))}"
            )
            if seat.dealt:
                if observer is not None and observer != s:
                    second += f", dealt {len(seat.dealt)} hidden"
                else:
                    second += f", dealt {','.join(data.landmarks[lm].key for lm in seat.dealt)}"
            lines.append(second)
            lines.extend(self._table_rows(seat))
        lines.append("todo: " + json.dumps(self._todo, separators=(",", ":")))
        return "\n".join(lines)

    # --- canonical JSON ----------------------------------------------------------------------

    def _json_object(self) -> dict[str, Any]:
        n = self._rules.players
        return {
            "active": self._active,
            "automaton": sorted(self._automaton),
            "bag": sorted(self._bag),
            "decks": [sorted(deck) for deck in self._decks],
            "difficulty": list(self._rules.difficulty),
            "events": list(self._events),
            "first": self._first,
            "game": NAME,
            "history": list(self._history),
            "landmark_pool": sorted(self._landmark_pool),
            "market": list(self._market),
            "phase": self._phase,
            "picked": self._picked,
            "players": n,
            "refilled": self._refilled,
            "round": self._round,
            "scenario": self._scenario,
            "scenarios": sorted(self._scenarios),
            "seats": [
                {
                    "abilities": list(seat.abilities),
                    "built": list(seat.built),
                    "dealt": list(seat.dealt),
                    "district": seat.district,
                    "hand": list(seat.hand),
                    "landmarks": list(seat.landmarks),
                    "law": seat.law,
                    "lost": list(seat.lost),
                    "money": seat.money,
                    "pieces": [list(p) for p in seat.pieces],
                    "quality": list(seat.quality),
                    "unhappy": seat.unhappy,
                    "vp": seat.vp,
                }
                for seat in self._seats
            ],
            "start": self._start,
            "supply": list(self._supply),
            "to_move": self.current_player(),
            "todo": [list(task) for task in self._todo],
            "tokens": list(self._tokens),
            "version": VERSION,
        }


def _listing(items: Any) -> str:
    """Items separated by commas, or ``-`` when there are none."""
    text = ",".join(items)
    return text or "-"
