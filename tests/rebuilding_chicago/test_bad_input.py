"""Bad input: a specific boardcore exception a user can act on, and nothing changed.

Expected errors come from docs/games/rebuilding_chicago.md (notation, encoding, phases,
rulings, canonical JSON, parameters, component data) and the contract that bad input gets a
clear error and changes nothing. Every test runs on both engines through the ``load``
fixture; the last tests put both engines side by side and compare the exception classes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import boardcore
from boardcore import StateFormatError
from tests import helpers
from tests.conftest import Loader, apply
from tests.helpers import (
    assert_legal,
    assert_rejected,
    del_at,
    history_edit,
    js,
    legal_now,
    set_at,
    tampered,
)
from tests.helpers import in_entry as _in
from tests.helpers import replace as _replace
from tests.helpers import twice_entry as _twice
from tests.helpers import without_entry as _without
from tests.rebuilding_chicago.test_roundtrip import (
    GAME,
    NUM_ACTIONS,
    OPENING,
    PHASES,
    SETUP,
    TURN_1,
    TURN_2,
    UNNAMED,
    opening_history,
    opening_json,
    phase_states,
    space,
    start,
)

# --- illegal actions along the hand-driven opening ------------------------------------------

SEAT_MOVES = (
    "place o0 e5",
    "buy 1a",
    "buy 1b",
    "landmark city-market",
    "event expansion",
    "law 1",
    "refill",
    "district west-town",
    "return city-market",
    "suburb 0",
    "choose vp",
    "shape train-l3",
    "drop card 0",
    "drop city-market",
)
CHANCE_MOVES = ("start 0", "card 0", "bag 0", "deal city-market", "scenario 0", "automaton 0")


def test_illegal_during_the_setup(load: Loader) -> None:
    state = load(GAME, players=2).new_initial_state()
    for move in (*SEAT_MOVES, *CHANCE_MOVES[1:], "start 2", "start 4"):
        assert_rejected(state, move)  # 2 seats: start 0 or start 1 only
    assert_legal(state, "start 0", "start 1")
    apply(state, "start 1")
    for move in ("start 0", "card 48", "card 143", "bag 0", "deal city-market", *SEAT_MOVES):
        assert_rejected(state, move)  # the market is dealt from the round-1 deck
    apply(state, "card 0")
    assert_rejected(state, "card 0")  # dealt already
    apply(state, *SETUP[2:9])
    assert js(state)["phase"] == "district" and state.current_player() == 1
    for move in ("card 1", "deal city-market", "return city-market", "buy 1a", "event dining"):
        assert_rejected(state, move)
    apply(state, "district west-town")
    assert state.current_player() == 0
    assert_rejected(state, "district west-town")  # taken by seat 1
    apply(state, "district pilsen")
    for move in ("district uptown", "card 1", "return city-market", *SEAT_MOVES):
        assert_rejected(state, move)
    apply(state, *SETUP[11:14])
    for move in ("deal city-market", "deal navy-pier", "deal willis-tower"):
        assert_rejected(state, move)  # dealt already
    apply(state, *SETUP[14:17])
    assert js(state)["phase"] == "keep" and state.current_player() == 1
    for move in ("return water-tower", "return field-museum", "return soldier-field"):
        assert_rejected(state, move)  # not seat 1's cards
    for move in ("deal soldier-field", "landmark city-market", "event expansion", "drop card 0"):
        assert_rejected(state, move)
    assert_legal(state, "return city-market", "return navy-pier", "return willis-tower")
    apply(state, "return willis-tower")
    assert_rejected(state, "return city-market")  # seat 0 returns one of its own
    assert_legal(state, "return water-tower", "return cloud-gate", "return field-museum")


def test_illegal_at_the_first_turn(load: Loader) -> None:
    state = start(load)
    assert js(state)["phase"] == "turn" and state.current_player() == 1
    assert_legal(state, "buy 1a", "buy 1b", "buy 8b", "event expansion", "event dining")
    assert_legal(state, "law 1", "law 2", "law 3")  # West Town has 6 building types
    for move in (
        "refill",  # the market is full (ruling 6)
        "event world",  # 3 other events first (ruling 16)
        "landmark willis-tower",  # returned
        "landmark water-tower",  # seat 0's
        "landmark soldier-field",  # never dealt
        "place o0 e5",
        "choose vp",
        "choose money",
        "shape train-l3",
        "suburb 0",
        "drop card 0",
        "drop city-market",  # not built
        "district uptown",
        "return city-market",
        *CHANCE_MOVES,
    ):
        assert_rejected(state, move)


def test_illegal_reasons_name_the_rule(load: Loader) -> None:
    # The same words from both engines: the rule broken, then the phase and the seat.
    state = start(load)
    now = " (phase turn, seat 1 to move)"
    for move, reason in (
        ("refill", "the market is full"),  # ruling 6
        ("event world", "On the World Stage needs 3 other events activated this round, 0 are"),
        ("landmark water-tower", "seat 1 does not own the water-tower card"),  # seat 0's
        ("place o0 e5", "'place' is not an action of this phase"),
        ("drop city-market", "'drop' is not an action of this phase"),
        ("card 0", "'card' is a chance outcome, not a decision"),
    ):
        helpers.assert_reason(state, move, reason + now)
    state = start(load, TURN_1[0])  # Graduation: appease or money (ruling 18)
    helpers.assert_reason(
        state, "choose vp", "not an option of this choice (phase choose, seat 1 to move)"
    )
    state = start(load, *TURN_1, TURN_2[0])  # region B is not connected
    helpers.assert_reason(
        state,
        "place o0 c3",
        "not a legal placement of the piece to place (phase place, seat 0 to move)",
    )
    state = start(load, *OPENING, "refill", "card 1")
    helpers.assert_reason(state, "refill", "the market was refilled this turn already" + now)


def test_illegal_during_a_choice(load: Loader) -> None:
    state = start(load, TURN_1[0])
    assert js(state)["phase"] == "choose" and state.current_player() == 1
    assert legal_now(state) == [1092, 1094]  # choose money, choose appease
    for move in ("choose vp", "choose building", "choose card", "choose ability"):
        assert_rejected(state, move)  # Graduation: appease or money (ruling 18)
    for move in ("event dining", "buy 1a", "law 1", "refill", "place o0 e5", *CHANCE_MOVES):
        assert_rejected(state, move)
    apply(state, TURN_1[1])
    assert state.current_player() == 0
    assert_rejected(state, "event graduation")  # once per round (ruling 16)
    assert_rejected(state, "choose money")


def test_illegal_placements(load: Loader) -> None:
    """Seat 0 (Pilsen) places a statue bought with card 0 (see test_roundtrip)."""
    state = start(load, *TURN_1, TURN_2[0])
    assert js(state)["phase"] == "place" and state.current_player() == 0
    assert_legal(state, "place o0 d6", "place o0 h4")  # h4 is a sights symbol: allowed
    for move in (
        "place o0 a1",  # off the district board, no suburb there
        "place o0 k11",
        "place o0 c3",  # region B, not connected
        "place o0 f8",  # region A, not connected
        "place o0 d3",  # a `#` space
        "place o0 c9",  # a `#` space
        "place o0 e3",  # under the starting restaurant
        "place o0 h3",  # under the starting money tile
        "place o1 d6",  # a statue-1 has one orientation
        "place o7 d6",
        "buy 2a",
        "event dining",
        "refill",
        "choose vp",
        *CHANCE_MOVES,
    ):
        assert_rejected(state, move)
    apply(state, TURN_2[1])
    assert state.to_json() == opening_json(4)
    assert_rejected(state, "place o0 d6")
    assert_legal(state, "refill")  # slot 1 is empty now (ruling 6)
    apply(state, "refill")
    assert js(state)["phase"] == "deal"
    for move in ("card 0", "card 5", "card 48", "refill", "buy 1a"):
        assert_rejected(state, move)  # dealt already, or another round's deck


def test_refill_once_per_turn(load: Loader) -> None:
    state = start(load, *OPENING, "refill", "card 1")
    assert js(state)["phase"] == "turn" and js(state)["refilled"] == 1
    assert js(state)["market"][0] == 1
    assert_rejected(state, "refill")  # full, and used this turn


def test_solo_has_no_starting_seat_draw(load: Loader) -> None:
    state = load(GAME, players=1).new_initial_state()
    assert state.current_player() == boardcore.CHANCE
    assert [a for a, _ in state.chance_outcomes()] == list(range(1293, 1293 + 48))
    for move in ("start 0", "scenario 0", "automaton 0", "bag 0", *SEAT_MOVES):
        assert_rejected(state, move)


# --- every illegal id, in the first state of every phase ------------------------------------


@pytest.mark.parametrize("phase", PHASES)
def test_every_illegal_id_is_rejected(load: Loader, phase: str) -> None:
    helpers.assert_refuses_every_illegal_id(phase_states(load), phase, PHASES, NUM_ACTIONS, UNNAMED)


# --- notation -------------------------------------------------------------------------------


# (notation that is no action, the message that names what is wrong): the contract suite
# reads each in both engines. One message for every text that is no action's notation.
UNREADABLE_NOTATION: list[tuple[str, str]] = [
    (
        text,
        '"' + text.replace("\t", "\\t") + '" is not a Rebuilding Chicago action: an action is '
        "'place o3 e5', 'buy 3a', 'landmark <key>', 'event dining', 'law 2', 'refill', "
        "'district <key>', 'return <key>', 'suburb 17', 'choose vp' (money, building, appease, "
        "card, ability), 'shape <kind key>', 'drop card 52', 'drop <landmark key>', 'start 2', "
        "'card 101', 'bag 17', 'deal <landmark key>', 'scenario 4' or 'automaton 26'",
    )
    for text in ("buy 9a", "card 07", "place o3 e5 ", "choose\tvp")
]


# --- saved states ---------------------------------------------------------------------------

PLACING = opening_json(3)
"""Seat 0 about to place its statue: a task on the queue, a market slot empty."""
STATUE = json.loads(PLACING)["todo"][0][2]


def _seat(seat: int, key: str, value: Any) -> Callable[[str], str]:
    """A change of one seat's field (removed, for ``_DELETE``)."""
    if value is _DELETE:
        return del_at("seats", seat, key)
    return set_at("seats", seat, key)(value)


_DELETE = object()


BASE = json.loads(PLACING)
PLACE_A1 = 0  # place o0 a1: off the board

SAVED = (2, PLACING)
"""2 players, seat 0 about to place its statue (``PLACING``): the saved state TAMPERED
changes."""

TAMPERED: list[tuple[Callable[[str], str], str]] = [
    # the parameters
    *tampered("difficulty", [1, 2], [1, 3], [1], "standard"),
    # keys
    (del_at("bag"), "bag"),
    (del_at("seats"), "seats"),
    (del_at("todo"), "todo"),
    (del_at("tokens"), "tokens"),
    (del_at("automaton"), "automaton"),
    (del_at("history"), "history"),
    (_seat(0, "extra", 1), "extra|seat"),
    (_seat(0, "money", _DELETE), "money|seat"),
    (_seat(1, "pieces", _DELETE), "pieces|seat"),
    # the history
    (history_edit(lambda h: [*h, PLACE_A1]), "history"),  # an illegal placement
    (history_edit(lambda h: [h[0], *h]), "history"),  # start twice
    (history_edit(lambda h: [*h[:1], 1293 + 48, *h[2:]]), "history"),  # a round-2 card in setup
    (history_edit(lambda h: [*h, 968]), "history"),  # a buy while placing
    # fields that disagree with the replay of the history
    (history_edit(lambda h: h[:-1]), "market|phase|seats|todo"),  # before the buy
    (history_edit(lambda h: [*h, space("d6")]), "active|phase|seats|supply|to_move|todo"),
    *tampered("active", 1, 5),
    *tampered("automaton", [0]),
    *tampered("bag", BASE["bag"][1:], list(reversed(BASE["bag"])), [*BASE["bag"], 60]),
    *tampered(
        "decks",
        [BASE["decks"][0][1:], *BASE["decks"][1:]],
        BASE["decks"][:2],
        [[0], *BASE["decks"][1:]],
    ),
    *tampered("events", [0, 0, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0], [0, 2, 0, 0, 0, 0, 0]),
    *tampered("first", 1),
    *tampered("landmark_pool", BASE["landmark_pool"][1:], [*BASE["landmark_pool"], 15]),
    *tampered(
        "market",
        [0, *BASE["market"][1:]],
        BASE["market"][:7],
        [-1, 5, 8, 12, 16, 24, 32, 144],
        [-1, 8, 5, 12, 16, 24, 32, 40],
    ),
    *tampered("phase", "turn", "lunch", 7),
    *tampered("picked", 3, 60),
    *tampered("refilled", 1, 2),
    *tampered("round", 2, 4, 0),
    *tampered("scenario", 0),
    *tampered("scenarios", [0]),
    *tampered("start", 0, 2),
    *tampered(
        "supply", [*BASE["supply"][:-1], 15], BASE["supply"][:-1], [*BASE["supply"][:-1], -1]
    ),
    *tampered("to_move", 1, -1),
    (lambda t: t.replace('"to_move":0', '"to_move":0.0'), "to_move"),
    *tampered("todo", [], [[0, 0, STATUE - 1]], [[0, 1, STATUE]], [[9, 0]], "x"),
    *tampered("tokens", [1] + [0] * 14, [0] * 14),
    # a seat's fields
    (_seat(0, "money", 12), "money|seat"),
    (_seat(0, "money", -1), "money|seat"),
    (_seat(0, "money", "9"), "money|seat"),
    (_seat(1, "vp", 11), "vp|seat"),
    (_seat(1, "vp", -3), "vp|seat"),
    (_seat(0, "unhappy", 11), "unhappy|seat"),
    (_seat(0, "unhappy", 41), "unhappy|seat"),
    (_seat(0, "unhappy", 0), "unhappy|seat"),
    (_seat(0, "quality", [0, 0, 0]), "quality|seat"),
    (_seat(0, "quality", [0, 1, 6]), "quality|seat"),
    (_seat(0, "quality", [0, 1]), "quality|seat"),
    (_seat(0, "district", 5), "district|seat"),
    (_seat(0, "district", 6), "district|seat"),
    (_seat(0, "district", -1), "district|seat"),
    (_seat(0, "landmarks", [8]), "landmarks|seat"),
    (_seat(0, "landmarks", [10, 8]), "landmarks|seat"),
    (_seat(0, "landmarks", [8, 15]), "landmarks|seat"),
    (_seat(0, "dealt", [6]), "dealt|seat"),
    (_seat(0, "hand", [3]), "hand|seat"),
    (_seat(0, "hand", [60]), "hand|seat"),
    (_seat(0, "law", 0), "law|seat"),
    (_seat(0, "law", 3), "law|seat"),
    (_seat(0, "lost", [8]), "lost|seat"),
    (_seat(0, "built", [8]), "built|seat"),
    (_seat(0, "abilities", [1]), "abilities|seat"),
    (_seat(0, "abilities", [144]), "abilities|seat"),
    (_seat(0, "pieces", [[0, STATUE, 0, space("d6")]]), "pieces|seat"),
    (_seat(0, "pieces", [[3, 0, 0, 0]]), "pieces|seat"),
    (_seat(0, "pieces", [[0, STATUE, 0, 121]]), "pieces|seat"),
    (_seat(1, "money", 10), "money|seat"),
    *tampered("seats", BASE["seats"][:1], list(reversed(BASE["seats"])), {}),
]


# Another game's JSON: every game against every other, tests/contract/test_contract.py.
def test_json_of_another_parameter_set_is_rejected(load: Loader) -> None:
    with pytest.raises(StateFormatError, match="players"):
        load(GAME, players=3).state_from_json(PLACING)
    with pytest.raises(StateFormatError, match="difficulty"):
        load(GAME, players=2, difficulty="easy").state_from_json(PLACING)
    with pytest.raises(StateFormatError, match="difficulty"):
        load(GAME, players=2, difficulty="standard,expert").state_from_json(PLACING)
    assert opening_history(3) == BASE["history"]


# --- parameters -----------------------------------------------------------------------------


BAD_PARAMETERS: list[tuple[dict[str, Any], str]] = [
    *helpers.bad_player_counts(1, 5),
    ({"difficulty": "hard"}, "difficulty"),
    ({"difficulty": "Easy"}, "difficulty"),
    ({"difficulty": ""}, "difficulty"),
    ({"difficulty": 1}, "difficulty"),
    ({"difficulty": ["easy", "easy"]}, "difficulty"),
    ({"players": 3, "difficulty": "easy,easy"}, "difficulty"),
    ({"players": 2, "difficulty": "easy,expert,standard"}, "difficulty"),
    ({"players": 2, "difficulty": "easy, expert"}, "difficulty"),
    ({"players": 2, "difficulty": "easy,,expert"}, "difficulty"),
    ({"players": 2, "difficulty": "easy,expert,"}, "difficulty"),
    ({"players": 2, "difficulty": "easy;expert"}, "difficulty"),
    ({"players": 2, "difficulty": "easy,hard"}, "difficulty"),
    ({"players": 1, "difficulty": "easy,easy"}, "difficulty"),
    ({"players": 2, "variant": "x"}, "variant"),
    ({"players": 2, "speeds": "1,1"}, "speeds"),
]


def test_good_parameters(load: Loader) -> None:
    assert load(GAME).num_players == 2
    for players in (1, 2, 3, 4, 5):
        for level in ("easy", "standard", "expert"):
            load(GAME, players=players, difficulty=level)
    load(GAME, players=5, difficulty="easy,expert,standard,easy,expert")


# --- component data -------------------------------------------------------------------------


def _rules(old: str, new: str) -> Callable[[str], str]:
    return helpers.in_block("\n[rules]", "\n[reconstructed_rules]", old, new)


def _reconstructed(old: str, new: str) -> Callable[[str], str]:
    return helpers.in_block("\n[reconstructed_rules]", "\n[[kind]]", old, new)


WEST = r"west-town|district (entry )?0\b"
KIND0 = r"train-i2|kind (entry )?0\b"
LAW = r"west-town|diversity|district (entry )?0\b"


def _entry(table: str, n: int) -> str:
    """An entry named by its id: ``card 17`` (or ``card entry 17``)."""
    return rf"{table} (entry )?{n}\b"


def _card(n: int) -> str:
    return _entry("card", n)


def _landmark(key: str, n: int) -> str:
    return rf"{key}|{_entry('landmark', n)}"


# (change, what the message names: the entry and the field, as regular expressions, matched
# ignoring case). An entry is named by its id or key, as the spec names them (``card 17``,
# ``district west-town``).
BROKEN: list[tuple[Callable[[str], str], tuple[str, ...]]] = [
    # [rules]
    (_rules("start_vp = 10\n", ""), ("rules", "start_vp")),
    (_rules("start_vp = 10", 'start_vp = "10"'), ("rules", "start_vp")),
    # a table where a building key goes: a DataError in the reference engine too
    (_replace('building = "entertainment-i3"', "building = {x = 1}"), ("event", "building")),
    (
        _rules("start_money = [10, 11, 12, 13, 14]", "start_money = [10, 11, 12, 13]"),
        ("rules", "start_money"),
    ),
    (_rules("unhappy_easy = 11", "unhappy_easy = -1"), ("rules", "unhappy_easy")),
    (_rules("solo_target = 150\n", ""), ("rules", "solo_target")),
    (_rules("world_needs = 3", "world_needs = 3.5"), ("rules", "world_needs")),
    # [reconstructed_rules]
    (_reconstructed("market = 8", "market = 7"), ("market",)),
    (_reconstructed("market = 8", "market = 9"), ("market",)),
    (_reconstructed("unhappy_standard = 12", "# unhappy_standard = 12"), ("unhappy_standard",)),
    # kinds
    (_in("kind", 0, 'type = "train"', 'type = "park"'), (KIND0, "type")),
    (_in("kind", 0, 'type = "train"\n', ""), (KIND0, "type")),
    (_in("kind", 0, "count = 12", "count = 13"), ("count|154",)),  # 155 tiles
    (_in("kind", 0, "count = 12", "count = -1"), (KIND0, "count")),
    (_in("kind", 0, "count = 12\n", ""), (KIND0, "count")),
    (_in("kind", 0, "symbols = 1", "symbols = -1"), (KIND0, "symbols")),
    (_in("kind", 0, 'shape = ["##"]', 'shape = ["#.#"]'), (KIND0, "shape")),  # disconnected
    (_in("kind", 0, 'shape = ["##"]', 'shape = ["#.", ".#"]'), (KIND0, "shape")),  # corner only
    (_in("kind", 0, 'shape = ["##"]', 'shape = ["#x"]'), (KIND0, "shape")),
    (_in("kind", 0, 'shape = ["##"]', "shape = []"), (KIND0, "shape")),
    (_in("kind", 0, 'shape = ["##"]', 'shape = ["..", ".."]'), (KIND0, "shape")),
    (_in("kind", 0, 'shape = ["##"]', 'shape = ["############"]'), (KIND0, "shape")),  # 12 wide
    (_in("kind", 0, 'shape = ["##"]', 'shape = "##"'), (KIND0, "shape")),
    (_in("kind", 15, 'key = "statue-1"', 'key = "train-i2"'), ("train-i2|statue-1",)),
    # districts
    (_in("district", 0, '"AA#SSSS", "AA#SSSS"', '"AA#SSS", "AA#SSSS"'), (WEST, "regions")),
    (_in("district", 0, '"AA#SSSS", "AA#SSSS"', '"AA#SSSS"'), (WEST, "regions")),  # 6 rows
    # an A space next to an S space; a B space cut off from the other B spaces
    (_in("district", 0, '"AA#SSSS", "AA#SSSS"', '"AAASSSS", "AA#SSSS"'), (WEST, "regions")),
    (_in("district", 0, '"##SSSSS", "SSSSS##"', '"B#SSSSS", "SSSSS##"'), (WEST, "regions")),
    (_in("district", 0, '"AA#SSSS", "AA#SSSS"', '"AACSSSS", "AA#SSSS"'), (WEST, "regions")),
    (_in("district", 0, '".r.....", "1......"', '"..r....", "1......"'), (WEST, "symbols")),  # on #
    (_in("district", 0, '".r.....", "1......"', '".x.....", "1......"'), (WEST, "symbols")),
    (_in("district", 0, '".r.....", "1......"', '".r....", "1......"'), (WEST, "symbols")),
    (
        _in("district", 0, '["money-1", 0, "h4"]', '["money-1", 0, "g3"]'),
        (WEST, "buildings"),
    ),  # overlap
    (
        _in("district", 0, '["graduation-i2", 1, "c8"]', '["graduation-i2", 1, "e3"]'),
        (WEST, "buildings"),
    ),  # on #
    (
        _in("district", 0, '["money-1", 0, "h4"]', '["money-1", 0, "e6"]'),
        (WEST, "buildings"),
    ),  # on a sight
    (
        _in("district", 0, '["money-1", 0, "h4"]', '["money-1", 0, "c3"]'),
        (WEST, "buildings"),
    ),  # region A
    (
        _in("district", 0, '["money-1", 0, "h4"]', '["money-1", 0, "a1"]'),
        (WEST, "buildings"),
    ),  # off the board
    (_in("district", 0, '["money-1", 0, "h4"]', '["money-1", 0, "z9"]'), (WEST, "buildings")),
    (
        _in("district", 0, '["money-1", 0, "h4"]', '["money-1", 1, "h4"]'),
        (WEST, "buildings"),
    ),  # no o1
    (
        _in("district", 0, '["money-1", 0, "h4"]', '["money-9", 0, "h4"]'),
        (WEST, "buildings|money-9"),
    ),
    (_in("district", 0, '["money-1", 0, "h4"]', '["money-1", 0]'), (WEST, "buildings")),
    (_in("district", 0, 'name = "West Town"\n', ""), (WEST, "name")),
    (_in("district", 0, 'key = "west-town"', 'key = "pilsen"'), ("pilsen", "key|district")),
    (_without("district", 5), ("district",)),
    # laws
    (
        _in("district.law", 1, 'effect = ["vp 1 per types"]', 'effect = ["vp per types"]'),
        (LAW, "effect", "vp per types"),
    ),
    (
        _in("district.law", 1, 'effect = ["vp 1 per types"]', 'effect = ["vp 0 per types"]'),
        (LAW, "effect"),
    ),
    (
        _in("district.law", 1, 'effect = ["vp 1 per types"]', 'effect = ["vp 100 per types"]'),
        (LAW, "effect"),
    ),
    (
        _in("district.law", 1, 'effect = ["vp 1 per types"]', 'effect = ["vp 1  per types"]'),
        (LAW, "effect"),
    ),
    (
        _in("district.law", 1, 'effect = ["vp 1 per types"]', 'effect = ["stars 1 per types"]'),
        (LAW, "effect"),
    ),
    (
        _in("district.law", 1, 'effect = ["vp 1 per types"]', 'effect = ["vp 1 per types/0"]'),
        (LAW, "effect"),
    ),
    (_in("district.law", 1, 'effect = ["vp 1 per types"]', "effect = []"), (LAW, "effect")),
    (_in("district.law", 1, 'require = "types >= 5"', 'require = "types >> 5"'), (LAW, "require")),
    (_in("district.law", 1, 'require = "types >= 5"', 'require = "kinds >= 5"'), (LAW, "require")),
    (_in("district.law", 1, 'cost = "money 2"', 'cost = "gold 2"'), (LAW, "cost")),
    (_in("district.law", 1, 'cost = "money 2"', 'cost = "money"'), (LAW, "cost")),
    (_in("district.law", 1, 'cost = "money 2"\n', ""), (LAW, "cost")),
    # cards
    (_without("card", 47), ("card",)),  # 143 cards
    (_twice("card", 47), ("card",)),  # 145 cards
    (_in("card", 0, "round = 1", "round = 2"), ("round|48",)),  # 47 and 49 cards
    (_in("card", 0, "round = 1", "round = 4"), (_card(0), "round")),
    (_in("card", 0, "cost = 2", "cost = -1"), (_card(0), "cost")),
    (_in("card", 0, "cost = 2\n", ""), (_card(0), "cost")),
    (_in("card", 0, '"build statue-1"', '"build statue-9"'), (_card(0), "benefits|statue-9")),
    (_in("card", 0, '"build statue-1"', '"build"'), (_card(0), "benefits")),
    (_in("card", 0, '"build statue-1", ', ""), (_card(0), "benefits")),  # one item
    (_in("card", 0, '"quality:shopping 1"', '"quality:parks 1"'), (_card(0), "benefits")),
    (_in("card", 0, '"quality:shopping 1"', '"vp 1 per types"'), (_card(0), "benefits")),
    (_in("card", 0, '"quality:shopping 1"', '"suburbs 1"'), (_card(0), "benefits")),
    (
        _in("card", 2, '"money 1 per tiles:entertainment"', '"money 2 per nothing"'),
        (_card(2), "profit"),
    ),
    (_in("card", 2, '"money 1 per tiles:entertainment"', '"appease 2"'), (_card(2), "profit")),
    (_in("card", 0, '"vp 1 per tiles:restaurant"', '"vp 3 if types >> 2"'), (_card(0), "endgame")),
    (
        _in("card", 0, '"vp 1 per tiles:restaurant"', '"money 1 per tiles:restaurant"'),
        (_card(0), "endgame"),
    ),
    (
        _in("card", 0, 'endgame = "vp 1 per tiles:restaurant"\n', ""),
        (_card(0), "profit|endgame|suburbs"),
    ),
    (
        _in(
            "card",
            0,
            'endgame = "vp 1 per tiles:restaurant"',
            'endgame = "vp 1 per types"\nprofit = "money 1"',
        ),
        (_card(0), "profit|endgame|suburbs"),
    ),
    (_in("card", 1, "suburbs = 2", "suburbs = 0"), (_card(1), "suburbs")),
    (_in("card", 1, "suburbs = 2", 'suburbs = "2"'), (_card(1), "suburbs")),
    # landmarks
    (_without("landmark", 14), ("landmark",)),  # 14 landmarks
    (_twice("landmark", 14), ("landmark",)),  # 16
    (
        _in("landmark", 0, 'shape = ["###", "#.."]', 'shape = ["#.#", "#.."]'),
        (_landmark("city-market", 0), "shape"),
    ),
    (_in("landmark", 0, "cost = 8", "cost = -8"), (_landmark("city-market", 0), "cost")),
    (
        _in(
            "landmark", 0, 'immediate = ["quality:restaurant 2"]', 'immediate = ["vp 1 per types"]'
        ),
        (_landmark("city-market", 0), "immediate"),
    ),
    (
        _in("landmark", 7, '"vp 6 if unhappy <= 20"', '"vp 3 if types >> 2"'),
        (_landmark("buckingham-fountain", 7), "endgame"),
    ),
    (
        _in("landmark", 7, '"vp 6 if unhappy <= 20"', '"vp 6 if unhappy <="'),
        (_landmark("buckingham-fountain", 7), "endgame"),
    ),
    (_in("landmark", 3, 'name = "Willis Tower"\n', ""), (_landmark("willis-tower", 3), "name")),
    # suburbs
    (_in("suburb", 0, "count = 12", "count = 11"), ("suburb", "count|60")),  # 59 suburbs
    (_in("suburb", 0, 'cells = [".."]', 'cells = [".x"]'), (_entry("suburb", 0), "cells")),
    (_in("suburb", 0, 'cells = [".."]', "cells = []"), (_entry("suburb", 0), "cells")),
    # events
    (
        _in(
            "event",
            2,
            'per_sight = [["money 2"], ["money 1", "vp 1"], ["vp 2"]]',
            'per_sight = [["money 2"], ["vp 2"]]',
        ),
        (r"sights|event (entry )?2\b", "per_sight"),
    ),
    (
        _in(
            "event",
            2,
            'per_sight = [["money 2"], ["money 1", "vp 1"], ["vp 2"]]',
            'per_sight = [["appease 2"], ["money 1", "vp 1"], ["vp 2"]]',
        ),
        (r"sights|event (entry )?2\b", "per_sight"),
    ),
    (
        _in("event", 3, "money = [2, 3, 4, 5, 6, 8]", "money = [2, 3, 4, 5, 6]"),
        (r"night|event (entry )?3\b", "money"),
    ),
    (
        _in("event", 3, 'building = "entertainment-i3"', 'building = "shopping-l3"'),
        (r"night|event (entry )?3\b", "building"),
    ),
    (
        _in("event", 4, "reward = [3, 5, 7, 9, 12, 15]", "# reward"),
        (r"shopping|event (entry )?4\b", "reward"),
    ),
    (
        _in("event", 6, "threshold = [-1, 2, 4]", "threshold = [-1, 2]"),
        (r"world|event (entry )?6\b", "threshold"),
    ),
    (
        _in("event", 6, '["vp 10", "card"]', '["vp 10", "gold 3"]'),
        (r"world|event (entry )?6\b", "reward"),
    ),
    (_in("event", 0, 'key = "expansion"', 'key = "parade"'), ("event", "parade|key")),
    # scenarios
    (
        _in(
            "scenario",
            0,
            '["dining", "graduation", "sights", "world",',
            '["world", "graduation", "sights", "dining",',
        ),
        (_entry("scenario", 0), "order"),
    ),
    (
        _in("scenario", 1, '"graduation", "night", "world"', '"world", "night", "graduation"'),
        (_entry("scenario", 1), "order"),
    ),  # world third
    (
        _in("scenario", 0, '"night", "expansion", "shopping"]', '"night", "night", "shopping"]'),
        (_entry("scenario", 0), "order"),
    ),
    (
        _in("scenario", 0, "tokens = [4, 5, 6]", "tokens = [4, 5]"),
        (_entry("scenario", 0), "tokens"),
    ),
    (
        _in("scenario", 0, 'event = "graduation"', 'event = "parade"'),
        (_entry("scenario", 0), "event"),
    ),
    (_without("scenario", 5), ("scenario",)),
    # automated player
    (_in("automaton", 0, "count = 3", "count = 4"), ("automaton", "count|27")),  # 28 cards
    (_in("automaton", 0, "count = 3", "count = 2"), ("automaton", "count|27")),  # 26 cards
    (
        _in("automaton", 0, 'action = "remove 2"', 'action = "discard 2"'),
        (_entry("automaton", 0), "action"),
    ),
    (
        _in("automaton", 0, 'action = "remove 2"', 'action = "remove"'),
        (_entry("automaton", 0), "action"),
    ),
]
# Matched without regard to case, as the names in this game's messages are.
BROKEN = [(change, tuple(f"(?i){word}" for word in words)) for change, words in BROKEN]


# --- both engines, the same exception class -------------------------------------------------


def battery(load: Loader) -> helpers.Calls:
    """Illegal moves while seat 0 places its statue, bad ids, notation and seats: the contract
    suite makes these calls in both engines and expects the same exception classes."""
    state: Any = start(load, *TURN_1, TURN_2[0])
    moves = ("place o0 a1", "place o1 d6", "buy 2a", "refill", "choose vp", "card 1")
    return helpers.state_calls(state, moves, ("place o8 e5", "buy 9a", "law 4", "suburb 60", "", 5))


def test_the_placing_state_is_as_described(load: Loader) -> None:
    """The position above is what the comments say."""
    state = start(load, *TURN_1, TURN_2[0])
    assert state.to_json() == PLACING
    assert js(state)["todo"] == [[0, 0, STATUE]]
