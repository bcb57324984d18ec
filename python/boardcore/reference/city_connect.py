"""City Connect (シティコネクト): the pure-Python reference engine.

Written from the rulebook (``shared/rules/city-connect.md``) and the spec
(``docs/games/city_connect.md``) alone, so that it can be diffed move by move against the
Rust engine. The spec's *(boardcore)* rulings are cited by number ("ruling 11"); its section
"How play moves on" by name; the rulebook by its headings ("Game Flow", "End of Game" ...).

Readings of the spec where it leaves a choice (each also marked where it is coded):

- Rule 12, literally: the card being built stays in the hand, market or landmark row until
  its cost is covered; the hand cards paid stay in the hand (listed in the payment) until the
  build completes, after its lightning effect; the payment stays in progress through it.
- The main action's draw is done when its draw phase ends ("How play moves on"), so ``acted``
  is 0 during it; a gear's draw does not end the main action.
- Ruling 3 switches piles the moment the first pile's last card leaves it, before that card
  lands (in a hand, the market or, flipped, the discard pile).
- Ruling 11's coins are kept as ``credit``; ``owed`` only counts matched symbols, and the
  payment is covered once the owed symbols are at most the credit.
- With the Mayor, a ``pay`` that would leave the rest of the cost unpayable is illegal
  (ruling 11 says a payment can always be finished; the Mayor breaks that: see ``_can_pay``).
- Symbol counts for scoring (symbol, set, rank terms) include the initial card's symbols.

The market is turned over by chance, each card weighted by its copies in the pile:

>>> state = CityConnectGame(players=2).new_initial_state()
>>> [(state.action_to_string(a), weight) for a, weight in state.chance_outcomes()[:2]]
[('card apartment', 3), ('card town-house', 3)]
"""

from __future__ import annotations

import os
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from boardcore._args import debug as _debug
from boardcore.api import CHANCE, TERMINAL
from boardcore.errors import DataError, NotationError, ParameterError
from boardcore.reference._data import (
    check_fields,
    data_int,
    data_slug,
    data_text,
    entry_list,
    is_ints,
    read_toml,
)
from boardcore.reference._game import (
    ReferenceGame,
    ReferenceState,
)
from boardcore.reference._json import named_id, saved_enum
from boardcore.reference._params import int_param, per_seat, str_param

__all__ = ["CityConnectGame", "CityConnectState"]

NAME: Final = "city_connect"
VERSION: Final = 2  # 2: ruling 8 takes up to 3 symbols, ruling 13 discards after drawing
NONE: Final = -1  # no card, no seat, no source

# The six symbols ("Card Anatomy" A). The first five can be owed; a coin is wild.
SYMBOLS: Final = ("person", "house", "food", "happiness", "science", "coin")
PERSON: Final = 0
COIN: Final = 5
NUM_OWED: Final = 5  # person, house, food, happiness, science
DEMANDS: Final = ("sun", "moon")
SUN: Final = 0
MOON: Final = 1
SIDES: Final = ("house", "mayor")  # the initial card's two sides
INITIAL_SLUG: Final = "house"  # the initial card in the notation, either side
RESERVED_SLUGS: Final = ("house", "city", "market", "mayor")  # words of the notation

# Where the card being built comes from (ruling 10; the JSON's payment "source").
FROM_HAND: Final = 0
FROM_MARKET: Final = 1
FROM_ROW: Final = 2
SOURCE_WORDS: Final = ("hand", "market", "landmarks")

PHASES: Final = saved_enum(NAME, "phase")  # the saved format's, in the spec's order

# The observation's fixed scales ("Observation": counts / 3, hand / 6, city / 10, ...).
COUNT_SCALE: Final = 3.0
HAND_SCALE: Final = 6.0
CITY_SCALE: Final = 10.0
SCORE_SCALE: Final = 100.0
TODO_SCALE: Final = 10.0
SYMBOL_SCALE: Final = 8.0

# Action kinds: the ranges of the action encoding, in id order.
TAKE: Final = 0
DRAW: Final = 1
BUILD: Final = 2
BUILD_MARKET: Final = 3
BUILD_LANDMARK: Final = 4
PAY: Final = 5
PAY_MAYOR: Final = 6
PAY_CITY: Final = 7
DISCARD: Final = 8
GEAR: Final = 9
END: Final = 10
CLEAR: Final = 11
CARD: Final = 12
LANDMARK: Final = 13
CHANCE_KINDS: Final = (CARD, LANDMARK)

# Which phases a seat's action kind belongs to (for the error messages).
KIND_PHASES: Final = {
    TAKE: ("main", "take", "bonus"),
    DRAW: ("main",),
    BUILD: ("main",),
    BUILD_MARKET: ("main",),
    BUILD_LANDMARK: ("main",),
    PAY: ("pay",),
    PAY_MAYOR: ("pay",),
    PAY_CITY: ("pay",),
    DISCARD: ("exchange", "discard"),
    GEAR: ("main", "after"),
    END: ("main", "after"),
    CLEAR: ("clear",),
}
PHASE_DOING: Final = {
    "main": "to choose a main action",
    "take": "to take from the market",
    "pay": "to pay",
    "bonus": "to take a bonus card",
    "exchange": "to exchange a card",
    "after": "to use a gear or end",
    "discard": "to discard down to the hand limit",
    "clear": "to clear the market",
}


def expand(counts: Sequence[int]) -> list[int]:
    """A multiset given as counts per id, as the ids ascending with repeats."""
    result: list[int] = []
    for index, count in enumerate(counts):
        result.extend([index] * count)
    return result


# ---------------------------------------------------------------------------------------------
# Component data ("Component data" in the spec).

_TOP_KEYS: Final = ("game", "rules", "rating", "initial", "building", "landmark")
_RULES_FIELDS: Final = (
    "provenance",
    "copies",
    "removed",
    "landmarks",
    "market",
    "take_symbols",
    "draw_cards",
    "hand_limit",
    "city_limit",
    "flip_cards",
    "most_vp",
    "pioneer_vp",
    "solo_demand",
    "solo_clear",
)
# (field, lowest, highest) of the plain integer [rules] fields.
_RULES_RANGES: Final = (
    ("copies", 1, 3),
    ("market", 1, 12),
    ("take_symbols", 1, 6),
    ("draw_cards", 1, 6),
    ("hand_limit", 1, 20),
    ("city_limit", 1, 10),
    ("flip_cards", 0, 9),
    ("most_vp", 0, 100),
    ("pioneer_vp", 0, 100),
    ("solo_demand", 1, 10),
    ("solo_clear", 0, 12),
)
_RATING_FIELDS: Final = ("min", "class", "text")
_INITIAL_FIELDS: Final = ("side", "symbols", "provenance")
_INITIAL_OPTIONAL: Final = ("gear",)
_CARD_FIELDS: Final = ("slug", "name", "symbols", "demand", "vp", "cost", "provenance")
_CARD_OPTIONAL: Final = ("score", "lightning", "gear")
_TERM_FIELDS: Final = {
    "symbol": ("per", "symbol", "vp"),
    "set": ("per", "symbols", "vp"),
    "demand": ("per", "demand", "vp"),
    "card": ("per", "vp"),
    "rank": ("per", "symbol", "vp"),
}
_LIGHTNINGS: Final = ("draw", "take")
_CARD_GEARS: Final = ("draw", "exchange")  # the Mayor's gear belongs to the initial card
MAX_KINDS: Final = 64
MAX_LANDMARKS: Final = 32
MAX_VP: Final = 100
MIN_COST: Final = 1
MAX_COST: Final = 8


@dataclass(frozen=True)
class _Term:
    """One scoring term of a card: ``per`` is symbol, set, demand, card or rank."""

    per: str
    symbols: tuple[int, ...]  # symbol: (S,); set: the listed symbols; rank: (S,); else ()
    demand: int  # demand: SUN or MOON; else NONE
    vp: int  # V, or F for a rank term
    second: int  # G of a rank term; else 0


@dataclass(frozen=True)
class _Card:
    """A building, a landmark or one side of the initial card."""

    slug: str
    name: str
    symbols: tuple[int, ...]  # symbol ids, as printed (a coin is COIN)
    demand: int  # SUN, MOON, or NONE for the initial card
    vp: int
    cost: tuple[int, ...]  # owed count per symbol, NUM_OWED values
    score: tuple[_Term, ...]
    lightning: tuple[str, int] | None  # ("draw" | "take", N)
    gear: str | None  # "draw", "exchange" or (initial card) "mayor"


@dataclass(frozen=True)
class _Data:
    """A validated component file. Building ids, then landmark ids, in file order."""

    copies: int
    removed: tuple[int, ...]  # by player count 1..4
    landmarks: tuple[int, ...]  # by player count 1..4
    market: int
    take_symbols: int
    draw_cards: int
    hand_limit: int
    city_limit: int
    flip_cards: int
    most_vp: int
    pioneer_vp: int
    solo_demand: int
    solo_clear: int
    ratings: tuple[tuple[int, str, str], ...]  # (min, class, text), ascending min
    initial: tuple[_Card, _Card]  # the House side, the Mayor side
    buildings: tuple[_Card, ...]
    landmark_cards: tuple[_Card, ...]


def _data_symbols(
    name: str, where: str, field: str, value: object, lo: int, hi: int, coin: bool
) -> tuple[int, ...]:
    """A list of ``lo..hi`` symbol names (the coin only if ``coin``) as symbol ids."""
    allowed = SYMBOLS if coin else SYMBOLS[:NUM_OWED]
    if not isinstance(value, list) or not lo <= len(value) <= hi:
        raise DataError(
            f"{name}: {where} field {field!r}: expected a list of {lo} to {hi} symbols "
            f"({', '.join(allowed)}), got {value!r}"
        )
    result = []
    for symbol in value:
        if symbol not in allowed:
            raise DataError(
                f"{name}: {where} field {field!r}: {symbol!r} is not a symbol; "
                f"expected one of {', '.join(allowed)}"
            )
        result.append(SYMBOLS.index(symbol))
    return tuple(result)


def _data_terms(name: str, where: str, value: object) -> tuple[_Term, ...]:
    """The ``score`` field: a list of terms in the vocabulary of the spec's effect table."""
    if not isinstance(value, list) or not value:
        raise DataError(
            f"{name}: {where} field 'score': expected a non-empty list of terms, got {value!r}"
        )
    terms = []
    for index, term in enumerate(value):
        at = f"{where} field 'score' term {index + 1}"
        per = term.get("per") if isinstance(term, dict) else None
        if not isinstance(per, str) or per not in _TERM_FIELDS:
            raise DataError(
                f"{name}: {at}: 'per' must be one of {', '.join(_TERM_FIELDS)}, got {per!r}"
            )
        fields = check_fields(name, at, term, _TERM_FIELDS[per])
        symbols: tuple[int, ...] = ()
        demand = NONE
        second = 0
        if per == "rank":
            vp = fields["vp"]
            if not is_ints(vp, 2, 0, MAX_VP):
                raise DataError(
                    f"{name}: {at} field 'vp': expected [first, second], two integers "
                    f"0..{MAX_VP}, got {vp!r}"
                )
            first, second = vp
        else:
            first = data_int(name, at, "vp", fields["vp"], 0, MAX_VP)
        if per in ("symbol", "rank"):
            symbols = _data_symbols(name, at, "symbol", [fields["symbol"]], 1, 1, True)
        elif per == "set":
            symbols = _data_symbols(name, at, "symbols", fields["symbols"], 1, 8, True)
        elif per == "demand":
            if fields["demand"] not in DEMANDS:
                raise DataError(
                    f'{name}: {at} field \'demand\': expected "sun" or "moon", '
                    f"got {fields['demand']!r}"
                )
            demand = DEMANDS.index(fields["demand"])
        terms.append(_Term(per=per, symbols=symbols, demand=demand, vp=first, second=second))
    return tuple(terms)


def _data_card(name: str, where: str, entry: object, symbols_lo: int) -> _Card:
    """A [[building]] or [[landmark]] entry."""
    fields = check_fields(name, where, entry, _CARD_FIELDS, _CARD_OPTIONAL)
    slug = data_slug(name, where, fields["slug"])
    if slug in RESERVED_SLUGS:
        raise DataError(
            f"{name}: {where} field 'slug': {slug!r} is a word of the notation; reserved: "
            f"{', '.join(RESERVED_SLUGS)}"
        )
    card_name = data_text(name, where, "name", fields["name"])
    symbols = _data_symbols(name, where, "symbols", fields["symbols"], symbols_lo, 2, True)
    if fields["demand"] not in DEMANDS:
        raise DataError(
            f'{name}: {where} field \'demand\': expected "sun" or "moon", got {fields["demand"]!r}'
        )
    vp = data_int(name, where, "vp", fields["vp"], 0, MAX_VP)
    paid = _data_symbols(name, where, "cost", fields["cost"], MIN_COST, MAX_COST, False)
    cost = tuple(paid.count(s) for s in range(NUM_OWED))
    score = _data_terms(name, where, fields["score"]) if "score" in fields else ()
    lightning = None
    if "lightning" in fields:
        bolt = fields["lightning"]
        if not isinstance(bolt, dict) or len(bolt) != 1 or next(iter(bolt)) not in _LIGHTNINGS:
            raise DataError(
                f"{name}: {where} field 'lightning': expected {{ draw = N }} or "
                f"{{ take = N }}, got {bolt!r}"
            )
        kind = next(iter(bolt))
        lightning = (kind, data_int(name, where, f"lightning.{kind}", bolt[kind], 1, 9))
    gear = fields.get("gear")
    if gear is not None and gear not in _CARD_GEARS:
        raise DataError(
            f'{name}: {where} field \'gear\': expected "draw" or "exchange" (the Mayor\'s '
            f"gear is the initial card's), got {gear!r}"
        )
    return _Card(
        slug=slug,
        name=card_name,
        symbols=symbols,
        demand=DEMANDS.index(fields["demand"]),
        vp=vp,
        cost=cost,
        score=score,
        lightning=lightning,
        gear=gear,
    )


def load_data(path: Path) -> _Data:
    """Read and validate a component file (the schema of the spec's "Component data")."""
    name, doc = read_toml(path, NAME, _TOP_KEYS)
    # [[building]] and [[landmark]] first: [rules] is checked against their counts.
    buildings: list[_Card] = []
    landmarks: list[_Card] = []
    slugs: set[str] = set()
    for key, cards, lo, hi, symbols_lo in (
        ("building", buildings, 1, MAX_KINDS, 1),  # "1-2 symbols per building"
        ("landmark", landmarks, 0, MAX_LANDMARKS, 0),
    ):
        for index, entry in enumerate(entry_list(name, doc, key, lo, hi)):
            where = f"[[{key}]] entry {index + 1}"
            if isinstance(entry, dict) and isinstance(entry.get("slug"), str):
                where += f" ({entry['slug']})"
            card = _data_card(name, where, entry, symbols_lo)
            if card.slug in slugs:
                raise DataError(f"{name}: {where} field 'slug': {card.slug!r} is used twice")
            slugs.add(card.slug)
            cards.append(card)
    # [rules]
    rules = check_fields(name, "[rules]", doc.get("rules"), _RULES_FIELDS)
    values = {
        field: data_int(name, "[rules]", field, rules[field], lo, hi)
        for field, lo, hi in _RULES_RANGES
    }
    total = len(buildings) * values["copies"]
    # Setup 2-3: the market is turned over from what is left after the removal.
    removed = rules["removed"]
    most_removed = min(total - values["market"], 90)
    if not is_ints(removed, 4, 0, most_removed):
        raise DataError(
            f"{name}: [rules] field 'removed': expected 4 integers (1..4 players), each "
            f"0..{most_removed} (at most 90 and the {total} building cards less the market), "
            f"got {removed!r}"
        )
    laid = rules["landmarks"]
    if not is_ints(laid, 4, 0, len(landmarks)):
        raise DataError(
            f"{name}: [rules] field 'landmarks': expected 4 integers (1..4 players), each "
            f"0..{len(landmarks)} (the landmarks in [[landmark]]), got {laid!r}"
        )
    # [[rating]]: ascending minimum scores, the first 0; at least two (ruling 23).
    ratings: list[tuple[int, str, str]] = []
    for index, entry in enumerate(entry_list(name, doc, "rating", 2, 10)):
        where = f"[[rating]] entry {index + 1}"
        fields = check_fields(name, where, entry, _RATING_FIELDS)
        lowest = 0 if not ratings else ratings[-1][0] + 1
        highest = 0 if not ratings else 1000
        least = data_int(name, where, "min", fields["min"], lowest, highest)
        grade = data_text(name, where, "class", fields["class"])
        if not isinstance(fields["text"], str) or not fields["text"]:
            raise DataError(
                f"{name}: {where} field 'text': expected a non-empty string, got {fields['text']!r}"
            )
        ratings.append((least, grade, fields["text"]))
    # [[initial]]: the House side, then the Mayor side.
    initial: list[_Card] = []
    for index, entry in enumerate(entry_list(name, doc, "initial", 2, 2)):
        where = f"[[initial]] entry {index + 1}"
        fields = check_fields(name, where, entry, _INITIAL_FIELDS, _INITIAL_OPTIONAL)
        if fields["side"] != SIDES[index]:
            raise DataError(
                f"{name}: {where} field 'side': expected \"{SIDES[index]}\" (entries: house, "
                f"then mayor), got {fields['side']!r}"
            )
        gear = fields.get("gear")
        if gear is not None and gear != "mayor":
            raise DataError(
                f"{name}: {where} field 'gear': the initial card's gear can only be \"mayor\", "
                f"got {gear!r}"
            )
        initial.append(
            _Card(
                slug=INITIAL_SLUG,
                name=SIDES[index].capitalize(),
                symbols=_data_symbols(name, where, "symbols", fields["symbols"], 0, 2, True),
                demand=NONE,
                vp=0,
                cost=(0,) * NUM_OWED,
                score=(),
                lightning=None,
                gear=gear,
            )
        )
    return _Data(
        copies=values["copies"],
        removed=tuple(removed),
        landmarks=tuple(laid),
        market=values["market"],
        take_symbols=values["take_symbols"],
        draw_cards=values["draw_cards"],
        hand_limit=values["hand_limit"],
        city_limit=values["city_limit"],
        flip_cards=values["flip_cards"],
        most_vp=values["most_vp"],
        pioneer_vp=values["pioneer_vp"],
        solo_demand=values["solo_demand"],
        solo_clear=values["solo_clear"],
        ratings=tuple(ratings),
        initial=(initial[0], initial[1]),
        buildings=tuple(buildings),
        landmark_cards=tuple(landmarks),
    )


# ---------------------------------------------------------------------------------------------
# The game: parameters, action encoding, notation.


@dataclass(frozen=True)
class _Rules:
    """What a game's parameters and data fix, shared by all its states."""

    players: int
    sides: tuple[int, ...]  # per seat: 0 house, 1 mayor
    data: _Data
    kinds: int  # B
    num_landmarks: int  # L
    city_cards: int  # K = B + L: buildings and landmarks
    card_indices: int  # N = K + 1: with the initial card, index K
    cards: tuple[_Card, ...]  # per card index 0..K-1
    card_ids: dict[str, int]  # slug -> card index (buildings, landmarks, "house")
    landmark_count: int  # landmarks laid out (Setup 4)
    solo: bool
    # Action encoding: the first id of each range ("Action encoding").
    starts: tuple[int, ...]  # per action kind TAKE..LANDMARK
    num_actions: int  # 8B + 2L + 2N + 2
    tensor_size: int  # 3B + L + 4(K + 8) + 25 + K + 2N + B


def _make_rules(players: int, sides: tuple[int, ...], data: _Data) -> _Rules:
    b = len(data.buildings)
    ell = len(data.landmark_cards)
    k = b + ell
    n = k + 1
    cards = data.buildings + data.landmark_cards
    card_ids = {card.slug: index for index, card in enumerate(cards)}
    card_ids[INITIAL_SLUG] = k
    starts = (
        0,  # take b
        b,  # draw
        b + 1,  # build b (hand)
        2 * b + 1,  # build b market
        3 * b + 1,  # build l
        3 * b + ell + 1,  # pay b
        4 * b + ell + 1,  # pay b mayor
        5 * b + ell + 1,  # pay city c
        5 * b + ell + n + 1,  # discard b
        6 * b + ell + n + 1,  # gear c
        6 * b + ell + 2 * n + 1,  # end
        6 * b + ell + 2 * n + 2,  # clear b
        7 * b + ell + 2 * n + 2,  # card b
        8 * b + ell + 2 * n + 2,  # landmark l
    )
    return _Rules(
        players=players,
        sides=sides,
        data=data,
        kinds=b,
        num_landmarks=ell,
        city_cards=k,
        card_indices=n,
        cards=cards,
        card_ids=card_ids,
        landmark_count=data.landmarks[players - 1],
        solo=players == 1,
        starts=starts,
        num_actions=8 * b + 2 * ell + 2 * n + 2,
        tensor_size=3 * b + ell + 4 * (k + 8) + 25 + k + 2 * n + b,
    )


def decode(rules: _Rules, action: int) -> tuple[int, int]:
    """(kind, argument) of an action id in range: the argument is a kind, landmark or card."""
    kind = bisect_right(rules.starts, action) - 1
    return kind, action - rules.starts[kind]


def card_slug(rules: _Rules, card: int) -> str:
    """The slug of a card index: building, landmark, or ``house`` for the initial card."""
    return INITIAL_SLUG if card == rules.city_cards else rules.cards[card].slug


# Each kind's notation, in kind order; "{}" is the card's slug.
_NOTATION: Final = (
    "take {}",
    "draw",
    "build {}",
    "build {} market",
    "build {}",  # a landmark from the row
    "pay {}",
    "pay {} mayor",
    "pay city {}",
    "discard {}",
    "gear {}",
    "end",
    "clear {}",
    "card {}",
    "landmark {}",
)


def action_text(rules: _Rules, action: int) -> str:
    """The notation of an action id in ``0 .. num_actions-1`` ("Action notation")."""
    kind, arg = decode(rules, action)
    # a landmark's argument counts from the first landmark, its card index after the kinds
    card = rules.kinds + arg if kind in (BUILD_LANDMARK, LANDMARK) else arg
    return _NOTATION[kind].format(card_slug(rules, card))


_FORMS: Final = (
    "'take bakery', 'draw', 'build park', 'build park market', 'build castle', 'pay bakery', "
    "'pay school mayor', 'pay city park', 'discard bakery', 'gear library', 'end', "
    "'clear bakery', 'card bakery' or 'landmark castle' (single spaces, slugs from the data)"
)


def parse_action(rules: _Rules, text: str) -> int:
    """The action id of a text in the notation ("Action notation"), legal now or not."""
    starts = rules.starts
    b = rules.kinds
    if text == "draw":
        return starts[DRAW]
    if text == "end":
        return starts[END]
    words = text.split(" ")
    head, count = words[0], len(words)

    def card(word: str) -> int:
        return named_id(
            rules.card_ids,
            text,
            word,
            "a card; cards are written by their slug from the data file (e.g. 'bakery', "
            "'castle'), the initial card as 'house'",
        )

    def building(word: str) -> int:
        found = card(word)
        if found >= b:
            raise NotationError(f"{_debug(text)}: {_debug(word)} is not a building kind")
        return found

    if head in ("take", "discard", "clear", "card") and count == 2:
        kind = {"take": TAKE, "discard": DISCARD, "clear": CLEAR, "card": CARD}[head]
        return starts[kind] + building(words[1])
    if head == "build" and count == 2:
        found = card(words[1])
        if found < b:
            return starts[BUILD] + found
        if found < rules.city_cards:
            return starts[BUILD_LANDMARK] + found - b
        raise NotationError(f"{_debug(text)}: the initial card is never built")
    if head == "build" and count == 3 and words[2] == "market":
        return starts[BUILD_MARKET] + building(words[1])
    if head == "pay" and count == 2:
        return starts[PAY] + building(words[1])
    if head == "pay" and count == 3 and words[1] == "city":
        return starts[PAY_CITY] + card(words[2])
    if head == "pay" and count == 3 and words[2] == "mayor":
        return starts[PAY_MAYOR] + building(words[1])
    if head == "gear" and count == 2:
        return starts[GEAR] + card(words[1])
    if head == "landmark" and count == 2:
        found = card(words[1])
        if not b <= found < rules.city_cards:
            raise NotationError(f"{_debug(text)}: {_debug(words[1])} is not a landmark")
        return starts[LANDMARK] + found - b
    raise NotationError(f"{_debug(text)} is not a City Connect action: an action is {_FORMS}")


SIDES_FORM = (
    "one side (house or mayor) for every seat or one per seat separated by commas "
    'like "house,mayor"'
)
"""What to write for ``sides``."""


def _parse_sides(sides: str | None, players: int) -> tuple[int, ...]:
    """The ``sides`` parameter: None, one side for all, or a comma list, one per seat."""
    if sides is None:
        return (0,) * players
    return tuple(
        per_seat(
            ("sides", SIDES_FORM, "side"),
            sides,
            players,
            True,
            lambda item: SIDES.index(item) if item in SIDES else f"unknown side {_debug(item)}",
        )
    )


class CityConnectGame(ReferenceGame["CityConnectState", _Rules], name=NAME, version=VERSION):
    """City Connect for 1 to 4 players (``players``), with the initial card's ``sides`` per
    seat and optionally other component data."""

    SAVED_PARAMS = ("sides",)

    def __init__(
        self,
        players: int = 4,
        sides: str | None = None,
        data: str | os.PathLike[str] | None = None,
    ) -> None:
        players = int_param(players, "players")
        text = None if sides is None else str_param(sides, "sides", SIDES_FORM)
        path = self._data_file(data)
        if players not in (1, 2, 3, 4):
            raise ParameterError(
                f"city_connect is for 1 to 4 players (1 is the solo game), not {players!r}"
            )
        self._rules = _make_rules(players, _parse_sides(text, players), load_data(path))

    def _params(self) -> dict[str, Any]:
        return {
            "players": self._rules.players,
            "sides": ",".join(SIDES[side] for side in self._rules.sides),
        }

    def new_initial_state(self) -> CityConnectState:
        return CityConnectState(self._rules)


# ---------------------------------------------------------------------------------------------
# The state.


class CityConnectState(ReferenceState[_Rules]):
    """A City Connect position: the pile, market, discard pile, landmark row, hands, cities,
    the payment in progress and the phase of the turn."""

    def __init__(self, rules: _Rules) -> None:
        n, b, data = rules.players, rules.kinds, rules.data
        self._rules = rules
        self._phase = "setup"
        self._turn = 0  # 0 during setup, then 1, 2, ...
        self._seat = 0  # whose turn it is (also while chance draws for it)
        self._to_move = CHANCE  # setup is chance
        self._history: list[int] = []
        # Ruling 1: hands, market, discard pile and pile pool are multisets: counts per kind.
        self._hands = [[0] * b for _ in range(n)]
        self._market = [0] * b
        self._discard = [0] * b
        # Ruling 2: the first pile's pool is every card nobody has seen (the removed cards
        # included); its size is the cards left after the removal (Setup 2), and each card
        # turned over from it (the market first, Setup 3) leaves both.
        self._pool = [data.copies] * b
        self._pile_size = b * data.copies - data.removed[n - 1]
        self._stage = 1
        self._row: list[int] = []  # landmark ids in the row, in the order turned over
        self._cities: list[list[int]] = [[] for _ in range(n)]  # card indices, build order
        self._pioneer = NONE
        # This turn.
        self._acted = 0  # the main action is done
        self._mayor = 0  # the Mayor's gear was used
        self._taken = 0  # symbols taken from the market by the take action
        self._todo = 0  # cards to draw, flip, take (bonus) or clear
        self._gears = [0] * rules.card_indices  # gear uses per card index
        # The draw phase under way is the main action's (rule 7 b), not a gear's: the main
        # action is done when it ends ("How play moves on"). Not in the JSON: the history
        # decides it.
        # The build in progress (rules 10-12).
        self._pay_card = NONE
        self._pay_source = NONE
        self._owed = [0] * NUM_OWED
        self._credit = 0
        self._paid_hand = [0] * b
        self._paid_city = [0] * rules.card_indices
        self._legal: list[int] | None = None

    # --- interface ---------------------------------------------------------------------------

    def _apply(self, action: int) -> None:
        rules = self._rules
        kind, arg = decode(rules, action)
        if kind == TAKE:
            self._take(arg)
        elif kind == DRAW:
            self._acted = 1  # "How play moves on": the main action is chosen
            self._start_draw(rules.data.draw_cards)
        elif kind == BUILD:
            self._start_build(arg, FROM_HAND)
        elif kind == BUILD_MARKET:
            self._start_build(arg, FROM_MARKET)
        elif kind == BUILD_LANDMARK:
            self._start_build(rules.kinds + arg, FROM_ROW)
        elif kind == PAY:
            self._hands[self._seat][arg] -= 1  # it leaves the hand, listed as paid
            self._paid_hand[arg] += 1
            self._pay_symbols(rules.cards[arg].symbols)
        elif kind == PAY_MAYOR:
            self._hands[self._seat][arg] -= 1
            self._paid_hand[arg] += 1
            self._mayor = 1
            self._pay_symbols(_with_mayor(rules.cards[arg].symbols))
        elif kind == PAY_CITY:
            self._paid_city[arg] += 1
            self._pay_symbols(self._card_symbols(arg, self._seat))
        elif kind == DISCARD:
            self._discard_card(arg)
        elif kind == GEAR:
            self._use_gear(arg)
        elif kind == END:
            self._end_of_turn()
        elif kind == CLEAR:
            self._clear(arg)
        elif kind == CARD:
            self._card_turned(arg)
        else:
            self._landmark_turned(arg)

    def _action_text(self, action: int) -> str:
        return action_text(self._rules, action)

    def _parse_action(self, text: str) -> int:
        return parse_action(self._rules, text)

    def scores(self) -> list[int]:
        """Ruling 19: what each city scores now (the final scores once the game is over)."""
        return self._scores()

    def winners(self) -> list[int]:
        """Ruling 22 ("Winning the Game"); ruling 23 in solo. Empty before the end."""
        if self._phase != "end":
            return []
        scores = self._scores()
        if self._rules.solo:
            return [0] if scores[0] >= self._solo_goal() else []
        best = max(scores)
        tied = [seat for seat, score in enumerate(scores) if score == best]
        if len(tied) > 1 and self._pioneer in tied:
            return [self._pioneer]  # "If players are tied, the player holding the Pioneer Bonus"
        return tied

    def observation_tensor(self, player: int) -> npt.NDArray[np.float32]:
        """The "Observation" layout: own hand, market, discard pile, landmark row, relative
        seats, globals and the payment in progress."""
        player = self._check_player(player)
        rules = self._rules
        n, b, ell, k = rules.players, rules.kinds, rules.num_landmarks, rules.city_cards
        tensor = np.zeros(rules.tensor_size, dtype=np.float32)
        for kind in range(b):
            tensor[kind] = self._hands[player][kind] / COUNT_SCALE
            tensor[b + kind] = self._market[kind] / COUNT_SCALE
            tensor[2 * b + kind] = self._discard[kind] / COUNT_SCALE
        for landmark in self._row:
            tensor[3 * b + landmark] = 1.0
        # Seats, K + 8 values per relative seat.
        scores = self._scores()
        origin = 3 * b + ell
        for offset in range(n):
            seat = (player + offset) % n
            base = origin + offset * (k + 8)
            for card in self._cities[seat]:
                tensor[base + card] += 1.0 / COUNT_SCALE
            tensor[base + k] = float(rules.sides[seat])
            tensor[base + k + 1] = sum(self._hands[seat]) / HAND_SCALE
            tensor[base + k + 2] = len(self._cities[seat]) / CITY_SCALE
            suns, moons = self._demand_counts(seat)
            tensor[base + k + 3] = suns / CITY_SCALE
            tensor[base + k + 4] = moons / CITY_SCALE
            tensor[base + k + 5] = 1.0 if self._pioneer == seat else 0.0
            tensor[base + k + 6] = scores[seat] / SCORE_SCALE
            tensor[base + k + 7] = 1.0 if self._to_move == seat else 0.0
        # Globals.
        g = origin + 4 * (k + 8)
        tensor[g] = self._pile_size / (COUNT_SCALE * b)
        tensor[g + 1] = 1.0 if self._stage == 2 else 0.0
        tensor[g + 2 + PHASES.index(self._phase)] = 1.0
        tensor[g + 15] = float(self._acted)
        tensor[g + 16] = float(self._mayor)
        tensor[g + 17] = self._taken / COUNT_SCALE
        tensor[g + 18] = self._todo / TODO_SCALE
        origin = g + 19
        if self._pay_card != NONE:
            tensor[origin + self._pay_card] = 1.0
        origin += k
        for symbol in range(NUM_OWED):
            tensor[origin + symbol] = self._owed[symbol] / SYMBOL_SCALE
        tensor[origin + NUM_OWED] = self._credit / SYMBOL_SCALE
        origin += NUM_OWED + 1
        for card, count in enumerate(self._paid_city):
            tensor[origin + card] = count / COUNT_SCALE
        origin += rules.card_indices
        for kind, count in enumerate(self._paid_hand):
            tensor[origin + kind] = count / COUNT_SCALE
        origin += b
        for card, count in enumerate(self._gears):
            tensor[origin + card] = count / COUNT_SCALE
        return tensor

    def _progress(self) -> str:
        status = "over" if self._phase == "end" else f"{self._phase}, to move {self._to_move}"
        return f"turn {self._turn} {status}"

    # --- cards and symbols --------------------------------------------------------------------

    def _card_symbols(self, card: int, seat: int) -> tuple[int, ...]:
        """The symbols of a card index; the initial card's are those of ``seat``'s side."""
        if card == self._rules.city_cards:
            return self._rules.data.initial[self._rules.sides[seat]].symbols
        return self._rules.cards[card].symbols

    def _city_counts(self, seat: int) -> list[int]:
        """Count per card index of ``seat``'s city, the initial card (index K) included."""
        counts = [0] * self._rules.card_indices
        for card in self._cities[seat]:
            counts[card] += 1
        counts[self._rules.city_cards] = 1
        return counts

    def _shows_mayor(self, seat: int) -> bool:
        """The seat's initial card shows the Mayor's gear (ruling 17)."""
        return self._rules.data.initial[self._rules.sides[seat]].gear == "mayor"

    def _mayor_ready(self) -> bool:
        """The Mayor's gear can still be used this turn by the seat whose turn it is."""
        return self._shows_mayor(self._seat) and not self._mayor

    def _coverable(
        self,
        owed: Sequence[int],
        credit: int,
        hand: Sequence[int],
        city: Sequence[int],
        mayor: bool,
    ) -> bool:
        """Ruling 11: can the cards ``hand`` (counts per kind) and ``city`` (counts per card
        index) cover ``owed`` with ``credit`` coins already paid, if all of them are paid?

        Every symbol of a card paid cancels a matching owed symbol, coins are wild, so the
        symbols missing after all matches must be at most the coins. With ``mayor`` (the
        Mayor's gear still usable), one person symbol of a hand card may be a coin instead,
        which never hurts.
        """
        seat = self._seat
        supply = [0] * len(SYMBOLS)
        person_in_hand = False
        for kind, count in enumerate(hand):
            if count:
                symbols = self._rules.cards[kind].symbols
                for symbol in symbols:
                    supply[symbol] += count
                person_in_hand = person_in_hand or PERSON in symbols
        for card, count in enumerate(city):
            if count:
                for symbol in self._card_symbols(card, seat):
                    supply[symbol] += count
        coins = supply[COIN] + credit
        if mayor and person_in_hand:
            supply[PERSON] -= 1
            coins += 1
        missing = sum(max(0, owed[s] - supply[s]) for s in range(NUM_OWED))
        return missing <= coins

    def _can_build(self, card: int, source: int) -> bool:
        """Ruling 10: a free place in the city and a cost coverable by the hand (less the card
        itself) and the city."""
        rules = self._rules
        seat = self._seat
        if len(self._cities[seat]) >= rules.data.city_limit:
            return False
        hand = list(self._hands[seat])
        if source == FROM_HAND:
            hand[card] -= 1  # the card being built never pays for itself
        return self._coverable(
            rules.cards[card].cost, 0, hand, self._city_counts(seat), self._mayor_ready()
        )

    def _available_hand(self) -> list[int]:
        """The hand cards that may still pay (paid ones and the card being built have left)."""
        return list(self._hands[self._seat])

    def _available_city(self) -> list[int]:
        counts = self._city_counts(self._seat)
        return [have - paid for have, paid in zip(counts, self._paid_city, strict=True)]

    def _can_pay(
        self, symbols: Sequence[int], hand: list[int], city: list[int], mayor: bool
    ) -> bool:
        """Ruling 11: a card pays only if it helps (a coin or a symbol still owed). And only
        if the payment can still be finished after it with the cards left (``hand``,
        ``city``: without the card; ``mayor``: the Mayor's gear still usable after it).

        Ruling 11 says a payment started can always be finished; that holds without the
        Mayor (paying a card that helps never makes the rest uncoverable) but not with it: a
        seat that needs the Mayor's coin could pay its only person card without it and be
        stuck. This check only ever rules out such payments.
        """
        if COIN not in symbols and not any(self._owed[s] for s in symbols if s != COIN):
            return False
        owed, credit = _paid(self._owed, self._credit, symbols)
        return self._coverable(owed, credit, hand, city, mayor)

    def _take_totals(self, skip: int, cap: int) -> set[int]:
        """The symbol totals up to ``cap`` that some cards of the market make, one copy of
        ``skip`` (a kind, or NONE) left out."""
        rules = self._rules
        reachable = {0}
        for other, count in enumerate(self._market):
            copies = count - 1 if other == skip else count
            size = len(rules.cards[other].symbols)
            for _ in range(copies):
                reachable |= {total + size for total in reachable if total + size <= cap}
        return reachable

    def _take_goal(self) -> int:
        """Ruling 8: the symbols the take still has to add: the most the market can add
        without passing ``take_symbols`` (0 once the take is over)."""
        cap = self._rules.data.take_symbols - self._taken
        return max(self._take_totals(NONE, cap))

    def _take_keeps_goal(self, kind: int, goal: int) -> bool:
        """Ruling 8: taking ``kind`` now still lets the take add ``goal`` symbols in all."""
        if not self._market[kind]:
            return False
        need = goal - len(self._rules.cards[kind].symbols)
        return need >= 0 and need in self._take_totals(kind, need)

    def _usable_gears(self) -> list[int]:
        """Ruling 16: the gear cards (indices, ascending) with a use left this turn that would
        do something: a draw needs a card in the pile, an exchange also a card in hand."""
        rules = self._rules
        seat = self._seat
        counts = self._city_counts(seat)
        result = []
        for card in range(rules.city_cards):
            gear = rules.cards[card].gear
            if gear is None or counts[card] <= self._gears[card] or self._pile_size == 0:
                continue
            if gear == "exchange" and not sum(self._hands[seat]):
                continue
            result.append(card)
        return result

    # --- legal actions ------------------------------------------------------------------------

    def _outcomes(self) -> list[tuple[int, int]]:
        """``card b`` weighted by the count of ``b`` in the pile's pool (ruling 2),
        ``landmark l`` weighted 1 ("Action encoding")."""
        rules = self._rules
        if self._phase == "setup" and len(self._history) >= rules.data.market:
            # Setup 4: each landmark not yet turned over, weight 1.
            start = rules.starts[LANDMARK]
            return [
                (start + landmark, 1)
                for landmark in range(rules.num_landmarks)
                if landmark not in self._row
            ]
        start = rules.starts[CARD]
        return [(start + kind, count) for kind, count in enumerate(self._pool) if count]

    def _compute_legal(self) -> list[int]:
        rules = self._rules
        starts = rules.starts
        phase = self._phase
        seat = self._seat
        if phase == "end":
            return []
        if self._to_move == CHANCE:
            return [action for action, _ in self._outcomes()]
        if phase == "main":
            main: list[int] = []
            # Rule 7 a, ruling 8: a take that keeps the most the market can make, up to 3.
            goal = self._take_goal()
            main += [starts[TAKE] + k for k in range(rules.kinds) if self._take_keeps_goal(k, goal)]
            # Rule 7 b: the pile is not empty.
            if self._pile_size > 0:
                main.append(starts[DRAW])
            # Rule 7 c, ruling 10: from the hand, the market or the landmark row.
            hand = self._hands[seat]
            main += [
                starts[BUILD] + k
                for k in range(rules.kinds)
                if hand[k] and self._can_build(k, FROM_HAND)
            ]
            main += [
                starts[BUILD_MARKET] + k
                for k in range(rules.kinds)
                if self._market[k] and self._can_build(k, FROM_MARKET)
            ]
            main += [
                starts[BUILD_LANDMARK] + landmark
                for landmark in sorted(self._row)
                if self._can_build(rules.kinds + landmark, FROM_ROW)
            ]
            gears = [starts[GEAR] + card for card in self._usable_gears()]
            # Ruling 7: `end` only when no main action is possible.
            return main + gears + ([] if main else [starts[END]])
        if phase == "take":
            goal = self._take_goal()
            return [starts[TAKE] + k for k in range(rules.kinds) if self._take_keeps_goal(k, goal)]
        if phase == "pay":
            return self._pay_actions()
        if phase == "bonus":
            return [starts[TAKE] + k for k in range(rules.kinds) if self._market[k]]
        if phase in ("exchange", "discard"):
            hand = self._hands[seat]
            return [starts[DISCARD] + k for k in range(rules.kinds) if hand[k]]
        if phase == "after":
            return [starts[GEAR] + card for card in self._usable_gears()] + [starts[END]]
        if phase == "clear":
            return [starts[CLEAR] + k for k in range(rules.kinds) if self._market[k]]
        raise AssertionError(f"unreachable: seat to move in phase {phase}")

    def _pay_actions(self) -> list[int]:
        """Ruling 11 and 17: `pay b`, `pay b mayor`, `pay city c`, ascending."""
        rules = self._rules
        starts = rules.starts
        hand = self._available_hand()
        city = self._available_city()
        ready = self._mayor_ready()
        plain: list[int] = []
        mayor: list[int] = []
        for kind in range(rules.kinds):
            if hand[kind] <= 0:
                continue
            symbols = rules.cards[kind].symbols
            hand[kind] -= 1
            if self._can_pay(symbols, hand, city, ready):
                plain.append(starts[PAY] + kind)
            # Ruling 17; the Mayor is used up by this payment, the rest is paid without it.
            if (
                ready
                and PERSON in symbols
                and self._can_pay(_with_mayor(symbols), hand, city, False)
            ):
                mayor.append(starts[PAY_MAYOR] + kind)
            hand[kind] += 1
        from_city: list[int] = []
        for card in range(rules.card_indices):
            if city[card] <= 0:
                continue
            city[card] -= 1
            if self._can_pay(self._card_symbols(card, self._seat), hand, city, ready):
                from_city.append(starts[PAY_CITY] + card)
            city[card] += 1
        return plain + mayor + from_city

    def _problem(self, action: int) -> str:
        """Why ``action`` (not among the legal actions) is illegal now."""
        rules = self._rules
        kind, arg = decode(rules, action)
        if self._to_move == CHANCE:
            doing = self._status()
            if kind not in CHANCE_KINDS:
                return f"this is a chance node ({doing}), no seat is to move"
            if kind == LANDMARK and self._phase != "setup":
                return f"landmarks are only turned over in setup ({doing})"
            if kind == CARD and self._phase == "setup" and len(self._history) >= rules.data.market:
                return f"the market is full; a landmark is turned over now ({doing})"
            if kind == CARD:
                return (
                    f"no {card_slug(rules, arg)} is left in the pile's pool "
                    f"(the cards nobody has seen, ruling 2) ({doing})"
                )
            return f"{card_slug(rules, rules.kinds + arg)} was already turned over ({doing})"
        seat = self._seat
        now = f"seat {seat} is {PHASE_DOING[self._phase]}"
        if kind in CHANCE_KINDS:
            return f"{now}; '{action_text(rules, action).split(' ')[0]}' is a chance outcome"
        if self._phase not in KIND_PHASES[kind]:
            word = action_text(rules, action).split(" ")[0]
            return f"{now}; '{word}' is not an action of this phase"
        slug = card_slug(rules, rules.kinds + arg if kind == BUILD_LANDMARK else arg)
        hand = self._hands[seat]
        if kind == TAKE:
            if not self._market[arg]:
                return f"there is no {slug} in the market"
            return (
                f"with {slug} the take could not add the {self._take_goal()} more symbols the "
                f"market can make up to {rules.data.take_symbols} ({self._taken} taken so far; "
                "ruling 8)"
            )
        if kind == DRAW:
            return "the pile is empty (ruling 4)"
        if kind in (BUILD, BUILD_MARKET, BUILD_LANDMARK):
            if kind == BUILD and not hand[arg]:
                return f"there is no {slug} in seat {seat}'s hand"
            if kind == BUILD_MARKET and not self._market[arg]:
                return f"there is no {slug} in the market"
            if kind == BUILD_LANDMARK and arg not in self._row:
                return f"{slug} is not in the landmark row"
            if len(self._cities[seat]) >= rules.data.city_limit:
                return f"seat {seat}'s city holds {rules.data.city_limit} cards already"
            # Only a card built from the hand could have paid for itself.
            itself = "the card being built never pays for itself; " if kind == BUILD else ""
            return f"the hand and the city cannot pay the cost of {slug} ({itself}ruling 10)"
        if kind in (PAY, PAY_MAYOR):
            if self._available_hand()[arg] <= 0:
                return f"seat {seat} has no unpaid {slug} in hand to pay with"
            if kind == PAY_MAYOR and not self._shows_mayor(seat):
                return f"seat {seat}'s initial card does not show the Mayor"
            if kind == PAY_MAYOR and self._mayor:
                return "the Mayor's gear was already used this turn"
            if kind == PAY_MAYOR and PERSON not in rules.cards[arg].symbols:
                return f"{slug} has no person symbol for the Mayor to turn into a coin"
            return self._pay_problem(slug)
        if kind == PAY_CITY:
            if self._available_city()[arg] <= 0:
                return f"seat {seat}'s city has no unpaid {slug} to pay with"
            return self._pay_problem(slug)
        if kind in (DISCARD, CLEAR):
            where = "the market" if kind == CLEAR else f"seat {seat}'s hand"
            return f"there is no {slug} in {where}"
        if kind == GEAR:
            gear = rules.cards[arg].gear if arg < rules.city_cards else None
            if gear is None:
                return f"{slug} has no gear to use (the Mayor's is used as 'pay <card> mayor')"
            if self._city_counts(seat)[arg] == 0:
                return f"there is no {slug} in seat {seat}'s city"
            if self._city_counts(seat)[arg] <= self._gears[arg]:
                return f"every {slug} in seat {seat}'s city has used its gear this turn"
            if self._pile_size == 0:
                return "the pile is empty, so the gear would draw nothing (ruling 16)"
            return "the hand is empty, so there is nothing to exchange (ruling 16)"
        # END in main
        return "a main action is still possible (ruling 7: end only when none is)"

    def _pay_problem(self, slug: str) -> str:
        owed = self._owed_text()
        return (
            f"{slug} does not help ({owed}; ruling 11: a card pays only with a coin or a symbol "
            "still owed), or paying it would leave the rest of the cost unpayable"
        )

    # --- setup (Setup 3-5) --------------------------------------------------------------------

    def _landmark_turned(self, landmark: int) -> None:
        self._row.append(landmark)
        if len(self._row) == self._rules.landmark_count:
            self._begin_turn(0)  # ruling 6: seat 0 starts

    def _card_turned(self, kind: int) -> None:
        """A `card b` chance outcome: the card leaves the pile and goes where the phase says."""
        rules = self._rules
        phase = self._phase
        self._pool[kind] -= 1
        self._pile_size -= 1
        # "How play moves on": the card reaches its place before the pile is checked.
        if phase == "draw":
            self._hands[self._seat][kind] += 1
        elif phase in ("setup", "refill"):
            self._market[kind] += 1
        else:
            self._discard[kind] += 1
        self._check_pile()
        if phase == "setup":
            # Setup 3: the market, then the landmarks (Setup 4).
            if sum(self._market) == rules.data.market and rules.landmark_count == 0:
                self._begin_turn(0)
        elif phase == "draw":
            self._todo -= 1
            if self._todo == 0 or self._pile_size == 0:
                self._after_draw()  # ruling 4: an empty pile draws nothing more
        elif phase == "refill":
            self._refill()
        else:  # flip, ruling 15
            self._todo -= 1
            if self._todo == 0 or self._pile_size == 0:
                self._end_of_turn()

    def _check_pile(self) -> None:
        """Ruling 3: with 3-4 players, the moment the first pile runs out (its last card
        already in its place) the discard pile becomes the second pile; the removed cards
        stay out."""
        if self._pile_size == 0 and self._stage == 1 and self._rules.players >= 3:
            self._stage = 2
            self._pool = self._discard
            self._pile_size = sum(self._discard)
            self._discard = [0] * self._rules.kinds

    # --- the turn (rules 7-16) ----------------------------------------------------------------

    def _begin_turn(self, seat: int) -> None:
        """A new turn resets acted, taken, mayor and gears ("How play moves on")."""
        rules = self._rules
        self._turn += 1
        self._seat = seat
        self._acted = 0
        self._taken = 0
        self._mayor = 0
        self._gears = [0] * rules.card_indices
        if len(self._cities[seat]) >= rules.data.city_limit:
            # Ruling 15 ("Start of turn"): no turn; 3 cards are turned over and discarded.
            self._todo = rules.data.flip_cards
            if self._todo > 0 and self._pile_size > 0:
                self._phase = "flip"
                self._to_move = CHANCE
                return
            self._end_of_turn()
            return
        self._phase = "main"
        self._to_move = seat

    def _take(self, kind: int) -> None:
        """A `take b`: the main action's take (rule 7 a), or a lightning bonus take."""
        rules = self._rules
        self._market[kind] -= 1
        self._hands[self._seat][kind] += 1
        if self._phase == "bonus":
            self._todo -= 1
            if self._todo == 0:
                self._check_hand_limit()  # ruling 13: the lightning take is done
            return
        self._acted = 1  # "How play moves on": the main action is chosen
        self._taken += len(rules.cards[kind].symbols)
        if self._take_goal() == 0:  # ruling 8: 3 symbols, or no market card fits
            self._check_hand_limit()  # ruling 13: the take is done
        else:
            self._phase = "take"
            self._to_move = self._seat

    def _start_draw(self, count: int) -> None:
        """A draw phase of ``count`` cards (ruling 9); skipped if the pile is out (ruling 4)."""
        if count > 0 and self._pile_size > 0:
            self._phase = "draw"
            self._todo = count
            self._to_move = CHANCE
        else:
            self._after_draw()

    def _after_draw(self) -> None:
        """The draw is done: ruling 13's hand limit, then on."""
        self._todo = 0
        self._check_hand_limit()

    def _resume(self) -> None:
        """Per "How play moves on": back to the build in progress, else after the main action,
        else to the main phase."""
        if self._pay_card != NONE:
            self._finish_build()  # ruling 12: the lightning effect is done
        elif self._acted:
            self._enter_after()
        else:
            self._phase = "main"
            self._to_move = self._seat

    def _start_build(self, card: int, source: int) -> None:
        """Rule 7 c: the card leaves its place and the payment starts with the card's whole
        cost owed (ruling 11, "How play moves on")."""
        if source == FROM_HAND:
            self._hands[self._seat][card] -= 1
        elif source == FROM_MARKET:
            self._market[card] -= 1
        else:
            self._row.remove(card - self._rules.kinds)
        self._acted = 1  # the main action is chosen
        self._pay_card = card
        self._pay_source = source
        self._owed = list(self._rules.cards[card].cost)
        self._credit = 0
        self._phase = "pay"
        self._to_move = self._seat

    def _pay_symbols(self, symbols: Sequence[int]) -> None:
        """Ruling 11: a card paid gives all its symbols; the payment ends once covered."""
        self._owed, self._credit = _paid(self._owed, self._credit, symbols)
        if sum(self._owed) <= self._credit:
            self._complete_build()

    def _complete_build(self) -> None:
        """Ruling 12: the card enters the city, then its lightning effect is resolved."""
        rules = self._rules
        seat = self._seat
        card = self._pay_card
        self._cities[seat].append(card)
        lightning = rules.cards[card].lightning
        if lightning is not None and lightning[0] == "draw":
            self._start_draw(lightning[1])
            return
        if lightning is not None and lightning[0] == "take":
            self._todo = min(lightning[1], sum(self._market))
            if self._todo > 0:
                self._phase = "bonus"
                self._to_move = seat
                return
        self._finish_build()

    def _finish_build(self) -> None:
        """Ruling 12: the hand cards paid go to the discard pile; the build is complete."""
        for kind, count in enumerate(self._paid_hand):
            self._discard[kind] += count
        self._pay_card = NONE
        self._pay_source = NONE
        self._owed = [0] * NUM_OWED
        self._credit = 0
        self._paid_hand = [0] * self._rules.kinds
        self._paid_city = [0] * self._rules.card_indices
        self._todo = 0
        self._enter_after()

    def _use_gear(self, card: int) -> None:
        """Ruling 16: a gear used before (main) or after (after) the main action."""
        self._gears[card] += 1
        if self._rules.cards[card].gear == "draw":
            self._start_draw(1)
        else:
            self._phase = "exchange"  # discard 1 hand card, then draw 1
            self._to_move = self._seat

    def _discard_card(self, kind: int) -> None:
        self._hands[self._seat][kind] -= 1
        self._discard[kind] += 1
        if self._phase == "exchange":
            self._start_draw(1)
        else:
            self._check_hand_limit()

    def _enter_after(self) -> None:
        """After the main action: choose between usable gears and `end`; with none, the turn
        ends by itself (ruling 16)."""
        if self._usable_gears():
            self._phase = "after"
            self._to_move = self._seat
        else:
            self._end_of_turn()

    # --- the end of a turn (rulings 14, 20, 21) -------------------------------------------

    def _end_of_turn(self) -> None:
        self._todo = 0
        self._start_clear()

    def _check_hand_limit(self) -> None:
        """Ruling 13: after drawing (a take, a draw, a lightning effect or a gear), discard
        down to the hand limit, then go on."""
        if sum(self._hands[self._seat]) > self._rules.data.hand_limit:
            self._phase = "discard"
            self._to_move = self._seat
            return
        self._resume()

    def _start_clear(self) -> None:
        """Solo ("Game flow"): choose 3 market cards and discard them."""
        if self._rules.solo:
            self._todo = min(self._rules.data.solo_clear, sum(self._market))
            if self._todo > 0:
                self._phase = "clear"
                self._to_move = self._seat
                return
        self._refill()

    def _clear(self, kind: int) -> None:
        self._market[kind] -= 1
        self._discard[kind] += 1
        self._todo -= 1
        if self._todo == 0:
            self._refill()

    def _refill(self) -> None:
        """Ruling 14: the market is refilled to 6 from the pile, while it lasts."""
        self._todo = 0
        if sum(self._market) < self._rules.data.market and self._pile_size > 0:
            self._phase = "refill"
            self._to_move = CHANCE
            return
        self._finish_turn()

    def _finish_turn(self) -> None:
        """Ruling 20 (the Pioneer Bonus), ruling 21 (the end), then the next seat."""
        rules = self._rules
        seat = self._seat
        if self._pioneer == NONE and len(self._cities[seat]) >= rules.data.city_limit:
            self._pioneer = seat
        if self._game_over():
            self._phase = "end"
            self._to_move = TERMINAL
            return
        self._begin_turn((seat + 1) % rules.players)

    def _game_over(self) -> bool:
        """Ruling 21 ("End of Game"; solo: "End of game")."""
        rules = self._rules
        n = rules.players
        full = sum(1 for city in self._cities if len(city) >= rules.data.city_limit)
        if n == 1:
            return self._pile_size == 0 or full == 1
        if n == 2:
            return self._pile_size == 0 or full == 2
        return (self._stage == 2 and self._pile_size == 0) or full >= n - 1

    # --- scoring (ruling 19; "Winning the Game", "Initial Cards", "Solo Play") ----------------

    def _symbol_counts(self, seat: int) -> list[int]:
        """Symbols on the seat's city cards, the initial card included, per symbol."""
        counts = [0] * len(SYMBOLS)
        for card in [*self._cities[seat], self._rules.city_cards]:
            for symbol in self._card_symbols(card, seat):
                counts[symbol] += 1
        return counts

    def _demand_counts(self, seat: int) -> tuple[int, int]:
        """(suns, moons) among the seat's building and landmark cards."""
        demands = [self._rules.cards[card].demand for card in self._cities[seat]]
        return demands.count(SUN), demands.count(MOON)

    def _term_value(self, term: _Term, seat: int, symbols: list[int]) -> int:
        """A non-rank scoring term of a card in ``seat``'s city (the spec's effect table)."""
        if term.per == "symbol":
            return term.vp * symbols[term.symbols[0]]
        if term.per == "set":
            # The fewest of the listed symbols; a symbol listed twice needs two per set.
            sets = min(symbols[s] // term.symbols.count(s) for s in set(term.symbols))
            return term.vp * sets
        if term.per == "demand":
            return term.vp * self._demand_counts(seat)[term.demand]
        return term.vp * len(self._cities[seat])  # per card

    def _scores(self) -> list[int]:
        rules = self._rules
        data = rules.data
        n = rules.players
        symbols = [self._symbol_counts(seat) for seat in range(n)]
        scores = [0] * n
        for seat in range(n):
            for card in self._cities[seat]:
                scores[seat] += rules.cards[card].vp
                for term in rules.cards[card].score:
                    if term.per != "rank":
                        scores[seat] += self._term_value(term, seat, symbols[seat])
        # Ruling 18: each rank term in play (any seat's card) ranks every player once.
        for owner in range(n):
            for card in self._cities[owner]:
                for term in rules.cards[card].score:
                    if term.per != "rank":
                        continue
                    counts = [symbols[seat][term.symbols[0]] for seat in range(n)]
                    placed = sorted({count for count in counts if count > 0}, reverse=True)
                    for seat in range(n):
                        if placed and counts[seat] == placed[0]:
                            scores[seat] += term.vp
                        elif len(placed) > 1 and counts[seat] == placed[1]:
                            scores[seat] += term.second
        # Sun and moon: MOST (ties give nobody anything), or 4 or more in solo.
        demands = [self._demand_counts(seat) for seat in range(n)]
        for demand in (SUN, MOON):
            counts = [demands[seat][demand] for seat in range(n)]
            if rules.solo:
                if counts[0] >= data.solo_demand:
                    scores[0] += data.most_vp
                continue
            best = max(counts)
            if best >= 1 and counts.count(best) == 1:
                scores[counts.index(best)] += data.most_vp
        if self._pioneer != NONE:
            scores[self._pioneer] += data.pioneer_vp
        return scores

    def _rating(self, score: int) -> str:
        """Solo: the class of the highest rating whose minimum the score reaches."""
        grade = self._rules.data.ratings[0][1]
        for least, name, _ in self._rules.data.ratings:
            if score >= least:
                grade = name
        return grade

    def _solo_goal(self) -> int:
        """Ruling 23: a solo game is won with the second rating (C, "an average city")."""
        return self._rules.data.ratings[1][0]

    # --- rendering ----------------------------------------------------------------------------

    def _status(self) -> str:
        rules = self._rules
        phase, seat, turn = self._phase, self._seat, self._turn
        if phase == "setup":
            if len(self._history) < rules.data.market:
                return "setup: filling the market"
            return "setup: turning over a landmark"
        if phase == "end":
            if rules.solo:
                score = self._scores()[0]
                return f"game over after turn {turn}: {score} VP, {self._rating(score)}-class mayor"
            winners = " ".join(str(s) for s in self.winners()) or "none"
            return f"game over after turn {turn}: winners {winners}"
        if phase == "draw":
            return f"turn {turn}: drawing for seat {seat}"
        if phase == "refill":
            return f"turn {turn}: refilling the market"
        if phase == "flip":
            return f"turn {turn}: seat {seat} turns over cards"
        doing = {
            "main": "to play",
            "take": "to take from the market",
            "pay": f"to pay for {card_slug(rules, self._pay_card)}",
            "bonus": "to take a bonus card",
            "exchange": "to exchange a card",
            "after": "to use a gear or end",
            "discard": "to discard",
            "clear": "to clear the market",
        }[phase]
        return f"turn {turn}: seat {seat} {doing}"

    def _kinds_text(self, counts: Sequence[int], empty: str) -> str:
        slugs = [self._rules.cards[kind].slug for kind in expand(counts)]
        return " ".join(slugs) if slugs else empty

    def _owed_text(self) -> str:
        parts = [
            f"{SYMBOLS[symbol]} {self._owed[symbol]}"
            for symbol in range(NUM_OWED)
            if self._owed[symbol] > 0
        ]
        return "owes " + (" ".join(parts) if parts else "nothing")

    def _render(self, observer: int | None) -> str:
        """The "Text rendering"; with an observer, its observation string."""
        rules = self._rules
        lines = [self._status()]
        row = " ".join(card_slug(rules, rules.kinds + landmark) for landmark in self._row)
        lines.append(f"landmarks: {row or 'none'}")
        lines.append(f"market: {self._kinds_text(self._market, 'empty')}")
        lines.append(
            f"pile: {self._pile_size} cards, stage {self._stage}; "
            f"discard: {self._kinds_text(self._discard, 'empty')}"
        )
        pioneer = "none" if self._pioneer == NONE else f"seat {self._pioneer}"
        lines.append(f"pioneer: {pioneer}")
        scores = self._scores()
        for seat in range(rules.players):
            city = " ".join(card_slug(rules, card) for card in self._cities[seat]) or "-"
            if observer is not None and observer != seat:
                hand = f"hand size {sum(self._hands[seat])}"
            else:
                hand = f"hand {self._kinds_text(self._hands[seat], '-')}"
            lines.append(
                f"seat {seat} ({SIDES[rules.sides[seat]]}): score {scores[seat]}, "
                f"built {len(self._cities[seat])}, {hand}, city {city}"
            )
        if self._pay_card != NONE:
            paid_city = " ".join(card_slug(rules, card) for card in expand(self._paid_city))
            lines.append(
                f"payment: {card_slug(rules, self._pay_card)} from "
                f"{SOURCE_WORDS[self._pay_source]}, {self._owed_text()}, credit {self._credit}, "
                f"hand {self._kinds_text(self._paid_hand, '-')}, city {paid_city or '-'}"
            )
        if any(self._gears) or self._mayor:
            used = [card_slug(rules, card) for card in expand(self._gears)]
            if self._mayor:
                used.append("mayor")
            lines.append("used: " + " ".join(used))
        if observer is not None:
            lines.append(f"observer: seat {observer}")
        return "\n".join(lines)

    def _json_object(self) -> dict[str, Any]:
        rules = self._rules
        return {
            "acted": self._acted,
            "cities": [list(city) for city in self._cities],
            "discard": expand(self._discard),
            "game": NAME,
            "gears": expand(self._gears),
            "hands": [expand(hand) for hand in self._hands],
            "history": list(self._history),
            "landmarks": list(self._row),
            "market": expand(self._market),
            "mayor": self._mayor,
            "payment": {
                "card": self._pay_card,
                "city": expand(self._paid_city),
                "credit": self._credit,
                "hand": expand(self._paid_hand),
                "owed": list(self._owed),
                "source": self._pay_source,
            },
            "phase": self._phase,
            "pile": {"pool": expand(self._pool), "size": self._pile_size, "stage": self._stage},
            "pioneer": self._pioneer,
            "players": rules.players,
            "sides": list(rules.sides),
            "taken": self._taken,
            "to_move": self._to_move,
            "todo": self._todo,
            "turn": self._turn,
            "version": VERSION,
        }


def _paid(owed: Sequence[int], credit: int, symbols: Sequence[int]) -> tuple[list[int], int]:
    """Ruling 11: each symbol cancels a matching owed one, a coin adds one credit, the rest
    is lost. Returns the new (owed, credit)."""
    owed = list(owed)
    for symbol in symbols:
        if symbol == COIN:
            credit += 1
        elif owed[symbol] > 0:
            owed[symbol] -= 1
    return owed, credit


def _with_mayor(symbols: Sequence[int]) -> tuple[int, ...]:
    """Ruling 17: the card's symbols with one person symbol turned into a coin."""
    result = list(symbols)
    result[result.index(PERSON)] = COIN
    return tuple(result)
