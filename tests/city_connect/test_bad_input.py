"""Bad input: a specific boardcore exception a user can act on, and nothing changed.

Expected errors come from docs/games/city_connect.md (notation, encoding, phases, canonical
JSON, component data) and the contract in DESIGN.md ("bad input gets a clear error and
changes nothing"). Every test runs on both engines through the ``load`` fixture; the last
tests put both engines side by side and compare the exception classes.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import boardcore
from boardcore import NotationError, StateFormatError
from tests import helpers
from tests.city_connect.test_roundtrip import (
    GAME,
    KINDS,
    MARKET,
    PACKAGED_TEXT,
    PHASES,
    SETUP,
    SMALL_TEXT,
    TURN_1,
    TURN_2,
    TURN_3,
    drop_entry,
    edit_entry,
    phase_states,
    start,
)
from tests.conftest import Loader, apply
from tests.helpers import assert_rejected, del_at, history_edit, js, set_at, tampered
from tests.helpers import drop as _drop
from tests.helpers import edited as _edit
from tests.helpers import replace as _replace

NUM_ACTIONS = 306


# --- illegal actions, phase by phase (the hand-driven opening) ------------------------------

SEAT_MOVES = ("take bakery", "draw", "end", "build park", "pay city house", "discard bakery")


def test_illegal_while_the_market_is_turned_over(load: Loader) -> None:
    state = load(GAME, players=2).new_initial_state()
    for move in (*SEAT_MOVES, "landmark castle", "clear bakery", "gear library"):
        assert_rejected(state, move)  # the six market cards come first
    apply(state, "card bakery", "card bakery", "card bakery")
    assert_rejected(state, "card bakery")  # all three copies are in the market
    apply(state, *SETUP[3:6])
    assert js(state)["market"] == [4, 4, 4, 8, 9, 12]  # bakery x3, theater, school, bank
    assert_rejected(state, "card park")  # the market holds 6: landmarks now
    apply(state, "landmark castle")
    for move in ("landmark castle", "card park", *SEAT_MOVES):
        assert_rejected(state, move)


def test_illegal_in_the_first_main_phase(load: Loader) -> None:
    state = start(load, 2)
    assert js(state)["phase"] == "main"
    for move in (
        "take farm",  # not in the market
        "build park",  # not in the hand (empty)
        "build park market",  # person, food, house: only the initial card's house
        "build bakery market",  # house and happiness: no happiness
        "build castle",  # five symbols
        "build harbor",  # not in the landmark row
        "pay city house",
        "pay bakery",
        "pay school mayor",
        "discard bakery",
        "gear library",  # no library in the city
        "gear house",  # the Mayor's gear is a way of paying, never a gear action
        "end",  # a take and a draw are legal
        "clear bakery",  # solo only
        "card bakery",
        "landmark harbor",
    ):
        assert_rejected(state, move)


def test_illegal_reasons_name_the_card_and_the_rule(load: Loader) -> None:
    # The same words from both engines: the phase, the card and the ruling broken.
    state = start(load, 2)
    for move, reason in (
        ("take farm", "there is no farm in the market"),
        ("build park", "there is no park in seat 0's hand"),
        ("build castle", "the hand and the city cannot pay the cost of castle (ruling 10)"),
        ("build harbor", "harbor is not in the landmark row"),
        ("gear library", "there is no library in seat 0's city"),
        ("gear house", "house has no gear to use (the Mayor's is used as 'pay <card> mayor')"),
        ("end", "a main action is still possible (ruling 7: end only when none is)"),
        ("pay bakery", "seat 0 is to choose a main action; 'pay' is not an action of this phase"),
        ("card bakery", "seat 0 is to choose a main action; 'card' is a chance outcome"),
    ):
        helpers.assert_reason(state, move, reason)
    state = start(load, 2, "take theater")
    # Ruling 8: 2 symbols taken, the market can make 3; a school (2 symbols) would pass it.
    helpers.assert_reason(
        state,
        "take school",
        "with school the take could not add the 1 more symbols the market can make up to 3 "
        "(2 taken so far; ruling 8)",
    )
    state = start(load, 2, *TURN_1, *TURN_2, "build park market")
    for move, reason in (
        ("pay park", "seat 0 has no unpaid park in hand to pay with"),
        ("pay city castle", "seat 0's city has no unpaid castle to pay with"),
        ("pay theater mayor", "seat 0's initial card does not show the Mayor"),
        ("end", "seat 0 is to pay; 'end' is not an action of this phase"),
    ):
        helpers.assert_reason(state, move, reason)
    state = load(GAME, players=2).new_initial_state()
    helpers.assert_reason(
        state,
        "take bakery",
        "this is a chance node (setup: filling the market), no seat is to move",
    )


def test_illegal_in_the_take_phase(load: Loader) -> None:
    state = start(load, 2, "take theater")
    assert js(state)["phase"] == "take"
    assert js(state)["taken"] == 2
    for move in (
        "take school",  # 2 more symbols: 4, past 3 (ruling 8)
        "take theater",  # the market's only theater is taken
        "take farm",
        "draw",
        "end",
        "build theater",
        "build park market",
        "gear library",
        "card bakery",
    ):
        assert_rejected(state, move)


def test_illegal_in_the_refill(load: Loader) -> None:
    state = start(load, 2, *TURN_1[:2])
    assert js(state)["phase"] == "refill"
    for move in (*SEAT_MOVES, "landmark stadium", "landmark harbor", "clear bakery"):
        assert_rejected(state, move)
    apply(state, "card bakery")
    assert_rejected(state, "card bakery")  # two in the market, one in seat 0's hand


def test_illegal_in_the_draw_phase(load: Loader) -> None:
    state = start(load, 2, *TURN_1, "draw")
    assert js(state)["phase"] == "draw"
    for move in (
        "card bakery",  # every bakery has been seen: none in the pile's pool
        "landmark harbor",
        *SEAT_MOVES,
    ):
        assert_rejected(state, move)


def test_illegal_in_the_pay_phase(load: Loader) -> None:
    state = start(load, 2, *TURN_1, *TURN_2, "build park market")
    assert js(state)["phase"] == "pay"
    for move in (
        "pay city park",  # the park being built is not in the city, and never pays
        "pay city castle",  # not in the city
        "pay park",  # not in the hand: it came from the market
        "pay school",  # not in the hand
        "pay theater mayor",  # the initial card shows the House: no Mayor's gear
        "take bakery",
        "draw",
        "build bakery",
        "build park market",
        "discard bakery",
        "gear house",
        "end",
        "card cafe",
    ):
        assert_rejected(state, move)
    apply(state, "pay theater", "pay city house")
    for move in ("pay theater", "pay city house", "pay city theater"):
        assert_rejected(state, move)  # each card pays at most once; theater is not built


def test_illegal_for_the_next_seat(load: Loader) -> None:
    state = start(load, 2, *TURN_1, *TURN_2, *TURN_3)
    assert js(state)["phase"] == "main"
    assert state.current_player() == 1
    for move in (
        "take park",  # built by seat 0
        "build park",  # seat 1 holds an apartment and a hospital
        "build apartment market",  # not in the market
        "pay city park",
        "gear library",
        "card bakery",
    ):
        assert_rejected(state, move)


def test_illegal_with_the_mayor_side(load: Loader) -> None:
    # The Mayor side shows no symbol. Seat 0 holds a bakery and a theater: the bakery (house,
    # happiness) is affordable only through the Mayor's gear (the theater's person as a
    # coin), the park (person, food, house) not even so (rule 11's coverable test).
    state = start(load, 2, *TURN_1, *TURN_2, sides="mayor")
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    assert "build bakery" in legal
    for move in ("build park market", "gear house", "end"):
        assert_rejected(state, move)
    apply(state, "build bakery")
    assert js(state)["phase"] == "pay"
    for move in (
        "pay theater",  # paid plainly, the house could no longer be covered
        "pay city house",  # the Mayor side has no symbol: it does not help
        "pay bakery",  # the card being built never pays for itself
        "pay bakery mayor",
        "gear house",
    ):
        assert_rejected(state, move)
    apply(state, "pay theater mayor")
    assert js(state)["cities"][0] == [KINDS.index("bakery")]


# --- illegal actions in every phase: every id that is not legal -----------------------------


@pytest.mark.parametrize("phase", PHASES)
def test_every_illegal_id_is_rejected(load: Loader, phase: str) -> None:
    helpers.assert_refuses_every_illegal_id(phase_states(load), phase, PHASES, NUM_ACTIONS)


def _kind_not_in(kinds: list[int]) -> str:
    return next(KINDS[k] for k in range(len(KINDS)) if k not in kinds)


@pytest.mark.parametrize("phase", ["bonus", "exchange", "after", "discard", "clear", "flip", "end"])
def test_named_illegal_moves_in_the_late_phases(load: Loader, phase: str) -> None:
    states = phase_states(load)
    assert phase in states, f"no random game reached the {phase} phase"
    state = states[phase].clone()
    j = js(state)
    seat = j["to_move"]
    hand = j["hands"][seat] if seat >= 0 else []
    moves = ["landmark castle", "pay city house", "build castle"]
    if phase == "bonus":
        moves += ["draw", "end", f"take {_kind_not_in(j['market'])}", "discard bakery"]
    elif phase == "exchange":
        moves += ["draw", "end", f"discard {_kind_not_in(hand)}", "take bakery"]
    elif phase == "after":
        moves += ["draw", f"take {KINDS[j['market'][0]]}", "discard bakery", "clear bakery"]
    elif phase == "discard":
        moves += ["end", "draw", f"discard {_kind_not_in(hand)}", f"take {KINDS[j['market'][0]]}"]
    elif phase == "clear":
        moves += ["end", "draw", f"clear {_kind_not_in(j['market'])}", "discard bakery"]
    elif phase == "flip":
        moves += ["end", "draw", "take bakery", "discard bakery"]
    else:
        assert state.is_terminal()
        moves += ["end", "draw", "take bakery", "card bakery"]
    for move in moves:
        assert_rejected(state, move)


# --- notation -------------------------------------------------------------------------------


def test_notation_follows_the_data_file(load: Loader, tmp_path: Path) -> None:
    path = tmp_path / "small.toml"
    path.write_text(SMALL_TEXT)  # no university, hotel, art gallery, lab, shrine, harbor
    state = load(GAME, players=2, data=str(path)).new_initial_state()
    for text in ("card hotel", "take university", "build harbor", "landmark grand-shrine"):
        with pytest.raises(NotationError):
            state.string_to_action(text)
    with pytest.raises(NotationError):
        state.action_to_string(258)  # 8B + 2L + 2N + 2 = 258 actions
    assert state.action_to_string(257) == "landmark observatory"


# (notation that is no action, the message that names what is wrong): the contract suite
# reads each in both engines.
UNREADABLE_NOTATION: list[tuple[str, str]] = [
    ("take castle", '"take castle": "castle" is not a building kind'),
    ("build house", '"build house": the initial card is never built'),
    ("landmark park", '"landmark park": "park" is not a landmark'),
    (
        "gear nothing",
        '"gear nothing": "nothing" is not a card; cards are written by their slug from the '
        "data file (e.g. 'bakery', 'castle'), the initial card as 'house'",
    ),
    (
        "take  bakery",  # the notation has single spaces
        "\"take  bakery\" is not a City Connect action: an action is 'take bakery', 'draw', "
        "'build park', 'build park market', 'build castle', 'pay bakery', 'pay school mayor', "
        "'pay city park', 'discard bakery', 'gear library', 'end', 'clear bakery', "
        "'card bakery' or 'landmark castle' (single spaces, slugs from the data)",
    ),
]


# --- saved states ---------------------------------------------------------------------------


def _pool_swap(obj: dict[str, Any]) -> None:
    """A hotel (24) of the pool becomes a hospital (14): same size, another pool."""
    pool = obj["pile"]["pool"]
    pool[pool.index(24)] = 14
    pool.sort()


def _pool_shrink(obj: dict[str, Any]) -> None:
    obj["pile"]["pool"].remove(24)


# The pay position of turn 3 after "pay theater": seat 0 to pay for the market's park, owes
# house 1 and food 1; hands [[4], [0, 14]]; market [3, 4, 4, 9, 12]; payment hand [8].
PAY_MOVES = (*TURN_1, *TURN_2, *TURN_3[:2])
PAY_CITY_HOUSE = 144 + 35  # `pay city house`
END = 243


def _pay_position() -> str:
    """The canonical JSON of the pay position, written from the spec's schema and encoding."""
    card, landmark, take, build_market, pay = 271, 298, 0, 55, 90
    bakery, park, school, theater, bank, farm = 4, 7, 9, 8, 12, 3
    apartment, hospital, cafe_unused = 0, 14, 6
    history = [card + bakery, card + bakery, card + park, card + school, card + theater]
    history += [card + bank, landmark + 1, landmark + 0, landmark + 2, landmark + 3]
    history += [take + theater, take + bakery, card + bakery, card + farm]  # turn 1
    history += [27, card + hospital, card + apartment]  # turn 2: draw
    history += [build_market + park, pay + theater]  # turn 3
    seen = [farm, bakery, bakery, school, bank]  # the market
    seen += [bakery, apartment, hospital, theater, park]  # hands, payment, the park
    pool = [kind for kind in range(27) for _ in range(3 - seen.count(kind))]
    assert cafe_unused in pool
    state = {
        "acted": 1,
        "cities": [[], []],
        "discard": [],
        "game": "city_connect",
        "gears": [],
        "hands": [[bakery], [apartment, hospital]],
        "history": history,
        "landmarks": [1, 0, 2, 3],
        "market": sorted([farm, bakery, bakery, school, bank]),
        "mayor": 0,
        "payment": {
            "card": park,
            "city": [],
            "credit": 0,
            "hand": [theater],
            "owed": [0, 1, 1, 0, 0],
            "source": 1,
        },
        "phase": "pay",
        "pile": {"pool": pool, "size": 81 - 10 - 6 - 2 - 2, "stage": 1},
        "pioneer": -1,
        "players": 2,
        "sides": [0, 0],
        "taken": 0,
        "to_move": 0,
        "todo": 0,
        "turn": 3,
        "version": 2,
    }
    return helpers.canonical(state)


PAY_JSON = _pay_position()


def test_the_pay_position_is_saved_as_the_spec_says(load: Loader) -> None:
    assert start(load, 2, *PAY_MOVES).to_json() == PAY_JSON


SAVED = (2, PAY_JSON)
"""2 players, the pay position above: the saved state TAMPERED changes."""

TAMPERED: list[tuple[Callable[[str], str], str]] = [
    *tampered("sides", [1, 0], [0], "house"),
    (lambda t: _drop(t, "pile"), "pile"),
    (lambda t: _drop(t, "acted"), "acted"),
    (history_edit(lambda h: [*h, END]), "history"),  # `end` while paying
    (history_edit(lambda h: h[:6] + h[7:]), "history"),  # a landmark early
    (history_edit(lambda h: h[:-1]), "hands"),  # theater back in the hand
    (history_edit(lambda h: [*h, PAY_CITY_HOUSE]), "payment"),
    *tampered("acted", 0, 2, True, "1"),
    *tampered(
        "hands",
        [[4], [0, 24]],
        [[0, 14], [4]],
        [[4, 4], [0, 14]],
        [[4], [14, 0]],
        [[4], [0, 14], []],
        [[4], [0, 99]],
    ),
    (lambda t: _edit(t, _pool_swap), "pile"),
    (lambda t: _edit(t, _pool_shrink), "pile"),
    (set_at("pile", "size")(60), "pile"),
    (set_at("pile", "size")(-1), "pile"),
    (set_at("pile", "stage")(2), "pile"),
    *tampered("market", [3, 4, 4, 7, 9, 12], [3, 4, 9, 12, 4]),
    *tampered("cities", [[7], []]),
    *tampered("discard", [8]),
    *tampered("landmarks", [0, 1, 2, 3]),
    (set_at("payment", "owed")([0, 0, 1, 0, 0]), "payment"),
    (set_at("payment", "card")(8), "payment"),
    (set_at("payment", "source")(0), "payment"),
    (set_at("payment", "hand")([]), "payment"),
    (del_at("payment", "credit"), "payment"),
    *tampered("phase", "main", "lunch"),
    *tampered("to_move", 1),
    (lambda t: t.replace('"to_move":0', '"to_move":0.0'), "to_move"),
    *tampered("todo", 1),
    *tampered("turn", 4),
    *tampered("taken", 3),
    *tampered("pioneer", 0),
    *tampered("mayor", 1),
    *tampered("gears", [10]),
]


# Another game's JSON: every game against every other, tests/contract/test_contract.py.
def test_json_of_another_parameter_set_is_rejected(load: Loader) -> None:
    game = load(GAME, players=2)
    three = start(load, 3, *TURN_1).to_json()
    with pytest.raises(StateFormatError, match="players"):
        game.state_from_json(three)
    mayor = start(load, 2, *TURN_1, sides="house,mayor").to_json()
    with pytest.raises(StateFormatError, match="sides"):
        game.state_from_json(mayor)
    assert load(GAME, players=2, sides="house,mayor").state_from_json(mayor).to_json() == mayor
    solo = start(load, 1).to_json()
    with pytest.raises(StateFormatError, match="players"):
        game.state_from_json(solo)


# --- parameters -----------------------------------------------------------------------------


BAD_PARAMETERS: list[tuple[dict[str, Any], str]] = [
    *helpers.bad_player_counts(1, 4),
    ({"players": 2, "sides": "house,mayor,house"}, "sides"),
    ({"players": 3, "sides": "house,mayor"}, "sides"),
    ({"sides": "house,mayor"}, "sides"),  # four players by default
    ({"players": 2, "sides": "castle"}, "sides"),
    ({"players": 2, "sides": "House"}, "sides"),
    ({"players": 2, "sides": "house,Mayor"}, "sides"),
    ({"players": 2, "sides": ""}, "sides"),
    ({"players": 2, "sides": "house,"}, "sides"),
    ({"players": 3, "sides": "house,,mayor"}, "sides"),
    ({"players": 2, "sides": "house, mayor"}, "sides"),
    ({"players": 2, "sides": "house;mayor"}, "sides"),
    ({"players": 2, "sides": 1}, "sides"),
    ({"players": 2, "colour": "red"}, "colour"),
    ({"players": 2, "side": "house"}, "side"),
]


def test_good_parameters(load: Loader) -> None:
    assert load(GAME).num_players == 4
    assert js(load(GAME, players=3, sides="mayor").new_initial_state())["sides"] == [1, 1, 1]
    state = load(GAME, players=3, sides="house,mayor,house").new_initial_state()
    assert js(state)["sides"] == [0, 1, 0]
    assert js(load(GAME, players=2).new_initial_state())["sides"] == [0, 0]


# --- component data -------------------------------------------------------------------------


def _in(table: str, slug: str, old: str, new: str) -> Callable[[str], str]:
    return lambda text: edit_entry(text, table, slug, old, new)


def _b(slug: str, old: str, new: str) -> Callable[[str], str]:
    return _in("building", slug, old, new)


def _l(slug: str, old: str, new: str) -> Callable[[str], str]:
    return _in("landmark", slug, old, new)


def _rules(old: str, new: str) -> Callable[[str], str]:
    return helpers.in_block("[rules]", "[[rating]]", old, new)


def _initial(side: str, old: str, new: str) -> Callable[[str], str]:
    return helpers.in_block(f'[[initial]]\nside = "{side}"', "\n[[", old, new)


PARK_SYMBOLS = 'symbols = ["happiness"]\ndemand = "sun"\nvp = 3'
CASINO_RANK = 'score = [{ per = "rank", symbol = "coin", vp = [15, 10] }]'

# (change, the entry the message names, the field it names, a pattern it matches)
# A change, the entry and the field its message names, and what else it says.
NAMED: list[tuple[Callable[[str], str], str, str, str]] = [
    (_b("park", '["happiness"]', '["joy"]'), "park", "symbols", "joy"),
    (_b("park", '["happiness"]', "[]"), "park", "symbols", ""),
    (_b("park", '["happiness"]', '["happiness", "food", "house"]'), "park", "symbols", ""),
    (_b("park", 'symbols = ["happiness"]\n', ""), "park", "symbols", ""),
    (_b("park", '"house"]\nprov', '"coin"]\nprov'), "park", "cost", "coin"),
    (_b("park", 'cost = ["person", "food", "house"]', "cost = []"), "park", "cost", ""),
    (
        _b("park", 'cost = ["person", "food", "house"]', "cost = " + str(["food"] * 9)),
        "park",
        "cost",
        "",
    ),
    (_b("park", 'cost = ["person", "food", "house"]\n', ""), "park", "cost", ""),
    (_b("park", '"reconstructed"', '"guess"'), "park", "provenance", "guess"),
    (_b("park", 'provenance = "reconstructed"\n', ""), "park", "provenance", ""),
    (_b("park", 'demand = "sun"', 'demand = "noon"'), "park", "demand", "noon"),
    (_b("park", 'demand = "sun"\n', ""), "park", "demand", ""),
    (_b("park", "vp = 3", "vp = -3"), "park", "vp", ""),
    (_b("park", "vp = 3", 'vp = "3"'), "park", "vp", ""),
    (_b("park", "vp = 3\n", ""), "park", "vp", ""),
    (_b("park", 'name = "Park"\n', ""), "park", "name", ""),
    (_b("park", 'name = "Park"\n', 'name = "Park"\ncolour = "green"\n'), "park", "colour", ""),
    (_b("park", 'slug = "park"', 'slug = "bakery"'), "bakery", "slug", ""),
    (_b("park", 'slug = "park"', 'slug = "house"'), "house", "slug", ""),
    # Ruling 26: the other words of the notation are reserved too.
    (_b("park", 'slug = "park"', 'slug = "market"'), "market", "slug", ""),
    (_b("park", 'slug = "park"', 'slug = "city"'), "city", "slug", ""),
    (_l("castle", 'slug = "castle"', 'slug = "mayor"'), "mayor", "slug", ""),
    (_b("park", 'slug = "park"', 'slug = "Park"'), "Park", "slug", ""),
    (_b("park", 'slug = "park"', 'slug = "city park"'), "city park", "slug", ""),
    (_l("castle", 'slug = "castle"', 'slug = "city-tower"'), "city-tower", "slug", ""),
    (_l("castle", 'slug = "castle"', 'slug = "bakery"'), "bakery", "slug", ""),
    (_l("castle", 'symbols = ["happiness"]', 'symbols = ["moat"]'), "castle", "symbols", "moat"),
    (
        _l("castle", 'provenance = "reconstructed"', 'provenance = "legend"'),
        "castle",
        "provenance",
        "legend",
    ),
    (_b("library", 'gear = "draw"', 'gear = "teleport"'), "library", "gear", "teleport"),
    (_b("factory", 'gear = "exchange"', "gear = 1"), "factory", "gear", ""),
    (_b("market-hall", "{ take = 1 }", "{ steal = 1 }"), "market-hall", "lightning", "steal"),
    (_b("market-hall", "{ take = 1 }", "{ take = 0 }"), "market-hall", "lightning", ""),
    (_b("market-hall", "{ take = 1 }", "{ take = 1, draw = 1 }"), "market-hall", "lightning", ""),
    (_b("bus-terminal", "{ draw = 2 }", '"draw"'), "bus-terminal", "lightning", ""),
    (_b("casino", CASINO_RANK, CASINO_RANK.replace('"rank"', '"luck"')), "casino", "score", "luck"),
    (_b("casino", CASINO_RANK, CASINO_RANK.replace("[15, 10]", "15")), "casino", "vp", ""),
    (_b("casino", CASINO_RANK, CASINO_RANK.replace("[15, 10]", "[15, 10, 5]")), "casino", "vp", ""),
    (
        _b("casino", CASINO_RANK, CASINO_RANK.replace('"coin"', '"gold"')),
        "casino",
        "symbol",
        "gold",
    ),
    (
        _b("casino", CASINO_RANK, CASINO_RANK.replace("10] }", "10], extra = 1 }")),
        "casino",
        "extra",
        "",
    ),
    (
        _b("restaurant", 'demand = "moon", vp', 'demand = "star", vp'),
        "restaurant",
        "demand",
        "star",
    ),
    (_b("hamburger-shop", '"science"], vp', '"flask"], vp'), "hamburger-shop", "symbols", "flask"),
    (
        _l("central-station", '{ per = "card", vp = 1 }', '{ per = "card" }'),
        "central-station",
        "vp",
        "",
    ),
    (_initial("house", 'side = "house"', 'side = "mayor"'), "[[initial]]", "side", ""),
    (_initial("mayor", 'side = "mayor"', 'side = "house"'), "[[initial]]", "side", ""),
    (_initial("mayor", 'side = "mayor"', 'side = "castle"'), "[[initial]]", "side", ""),
    (_initial("house", '["house"]', '["roof"]'), "[[initial]]", "symbols", "roof"),
    (_initial("mayor", 'gear = "mayor"', 'gear = "draw"'), "[[initial]]", "gear", ""),
    (_initial("mayor", '"rulebook"', '"myth"'), "[[initial]]", "provenance", "myth"),
    (_rules('"rulebook"', '"folklore"'), "[rules]", "provenance", "folklore"),
    (_rules("copies = 3", "copies = 0"), "[rules]", "copies", ""),
    (_rules("copies = 3", 'copies = "3"'), "[rules]", "copies", ""),
    (_rules("[0, 10, 15, 0]", "[0, 10, 15]"), "[rules]", "removed", ""),
    (_rules("[0, 10, 15, 0]", "[0, 10, 80, 0]"), "[rules]", "removed", ""),
    (_rules("[4, 4, 4, 5]", "[4, 4, 4, 9]"), "[rules]", "landmarks", ""),
    (_rules("hand_limit = 6\n", ""), "[rules]", "hand_limit", ""),
    (_rules("hand_limit = 6\n", "hand_limit = 6\nhand_size = 7\n"), "[rules]", "hand_size", ""),
    (_replace("min = 70", "min = -1"), "[[rating]]", "min", ""),
    (_replace("[[rating]]\nmin = 0", "[[rating]]\nmin = 5"), "[[rating]]", "min", ""),
]
BROKEN = [
    (change, (match, re.escape(entry), re.escape(field))) for change, entry, field, match in NAMED
]


def test_removing_entries_keeps_the_file_valid(load: Loader, tmp_path: Path) -> None:
    """The counts are free: dropping a kind and a landmark gives a playable file."""
    path = tmp_path / "fewer.toml"
    path.write_text(drop_entry(drop_entry(PACKAGED_TEXT, "building", "park"), "landmark", "harbor"))
    game = load(GAME, players=3, data=str(path))
    assert game.num_distinct_actions == 8 * 26 + 2 * 7 + 2 * 34 + 2
    assert boardcore.play(game, seed=0).is_terminal()


# --- both engines, the same exception class -------------------------------------------------


def battery(load: Loader) -> helpers.Calls:
    """Illegal moves in turn 3's pay phase, bad ids, notation and seats: the contract suite
    makes these calls in both engines and expects the same exception classes."""
    state: Any = start(load, 2, *PAY_MOVES)
    moves = ("end", "pay city park", "pay school", "take bakery", "card cafe")
    return helpers.state_calls(
        state, moves, ("build house", "pay city", "take  bakery", "card castle", "", 5)
    )


def test_the_opening_is_as_described(load: Loader) -> None:
    """The positions above are what the comments say."""
    state = start(load, 2)
    assert js(state)["market"] == sorted(KINDS.index(kind) for kind in MARKET)
    apply(state, *TURN_1, *TURN_2)
    j = js(state)
    assert (j["turn"], j["to_move"], j["hands"]) == (3, 0, [[4, 8], [0, 14]])
    assert j["pile"]["pool"].count(4) == 0
