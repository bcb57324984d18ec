"""City Connect's rules, one test per rule, per ruling and per FAQ answer, on both engines.

Every expected value here was worked out by hand from the rulebook
(`shared/rules/city-connect.md`), the rulings of `docs/games/city_connect.md` (numbered 1-23
there) and the component data (`python/boardcore/data/city_connect.toml`), never read off an
engine. The setup and every card that leaves the pile are chance nodes, so each test scripts
its own game: the six market cards and the landmarks (`card b`, `landmark l`), then every
decision and every card drawn, by notation.

Building ids (packaged data, the order of the data file): apartment 0, town-house 1,
dormitory 2, farm 3, bakery 4, hamburger-shop 5, cafe 6, park 7, theater 8, school 9,
library 10, electric-repair-shop 11, bank 12, market-hall 13, hospital 14, factory 15,
bus-terminal 16, shopping-mall 17, restaurant 18, garden 19, office-tower 20, university 21,
concert-hall 22, casino 23, hotel 24, art-gallery 25, electronics-research-lab 26. Landmarks
city-tower 0, castle 1, stadium 2, airport 3, central-station 4, observatory 5, grand-shrine 6,
harbor 7 (city cards 27-34); the initial card is city card 35. Symbols: person, house, food,
happiness, science (the `owed` order), and the wild coin.

Some tests use component files derived from the packaged one and written to a temporary
directory (same rules table, same symbols, VP, demand icons and score terms):

- CHEAP: the 27 kinds and 8 landmarks, every cost one house symbol (the House pays it), no
  lightning or gear effects. A seat builds one card a turn, so cities fill up fast.
- GEARS: as CHEAP, with every lightning and gear effect kept.
- SMALL: nine kinds (27 cards), cost one house, only the Bus Terminal's lightning kept: the
  first pile holds 11 cards with 2 players, 6 with 3, 21 solo.
- STUCK: nine kinds, the Library (cost one house, its draw gear kept) and eight two-symbol
  kinds without science or coin that cost four science symbols, so nothing else is ever
  affordable (the landmarks cost four science too); a market take adds up to 1 symbol
  (`take_symbols = 1`), so no two-symbol card can be taken.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from boardcore.api import CHANCE, TERMINAL, State
from boardcore.errors import IllegalActionError, NotationError
from tests.conftest import Loader, apply
from tests.helpers import (
    Encoding,
    assert_rejected,
    js,
    packaged_data,
    phase,
    status,
    write_toml,
)

Json = dict[str, Any]

GAME = "city_connect"
PACKAGED = packaged_data(GAME)

# Action ids of the packaged data (B = 27, L = 8, N = 36).
CARD = 271  # `card b` is CARD + b
LANDMARK = 298  # `landmark l` is LANDMARK + l


# --- components -----------------------------------------------------------------------------


class Cards:
    """The building kinds and landmarks of a component file; ids are positions in these."""

    def __init__(self, doc: Json) -> None:
        self.buildings: list[str] = [entry["slug"] for entry in doc["building"]]
        self.landmarks: list[str] = [entry["slug"] for entry in doc["landmark"]]

    def kinds(self, *slugs: str) -> list[int]:
        """Building kinds ascending, with repeats: a hand, the market, the discard pile."""
        return sorted(self.buildings.index(slug) for slug in slugs)

    def city(self, *slugs: str) -> list[int]:
        """City card indices in build order: building `b` is `b`, landmark `l` is `B + l`."""
        return [
            self.buildings.index(s)
            if s in self.buildings
            else len(self.buildings) + self.landmarks.index(s)
            for s in slugs
        ]

    def pool(self, seen: Sequence[str]) -> list[int]:
        """Three copies of every kind but the cards in `seen`, ascending."""
        count = Counter({b: 3 for b in range(len(self.buildings))})
        count.subtract(Counter(self.buildings.index(slug) for slug in seen))
        return sorted(count.elements())


def derive(
    kinds: Collection[str] | None = None,
    *,
    effects: Collection[str] = (),
    costs: Mapping[str, Sequence[str]] | None = None,
    landmark_cost: Sequence[str] = ("house",),
) -> Json:
    """The packaged components restricted to `kinds` (in the packaged order), every cost one
    house symbol unless `costs` names the kind, lightning and gear effects dropped except
    for the kinds in `effects`. Landmarks all cost `landmark_cost`."""
    doc = copy.deepcopy(PACKAGED)
    buildings = []
    for entry in doc["building"]:
        if kinds is not None and entry["slug"] not in kinds:
            continue
        entry["cost"] = list((costs or {}).get(entry["slug"], ["house"]))
        if entry["slug"] not in effects:
            entry.pop("lightning", None)
            entry.pop("gear", None)
        buildings.append(entry)
    doc["building"] = buildings
    for entry in doc["landmark"]:
        entry["cost"] = list(landmark_cost)
    return doc


def write_data(tmp_path: Path, doc: Json, name: str) -> str:
    return write_toml(tmp_path / f"city_connect_{name}.toml", doc)


CARDS = Cards(PACKAGED)
CHEAP = derive()
GEARS = derive(effects=CARDS.buildings)
SMALL_KINDS = (
    "apartment",
    "town-house",
    "farm",
    "bakery",
    "park",
    "theater",
    "school",
    "bus-terminal",
    "hotel",
)
SMALL = derive(SMALL_KINDS, effects={"bus-terminal"})
SMALL_CARDS = Cards(SMALL)
STUCK_KINDS = (
    "apartment",
    "dormitory",
    "farm",
    "cafe",
    "theater",
    "library",
    "garden",
    "concert-hall",
    "hotel",
)
STUCK = derive(
    STUCK_KINDS,
    effects={"library"},
    costs={k: ["science"] * 4 for k in STUCK_KINDS if k != "library"},
    landmark_cost=["science"] * 4,
)
STUCK["rules"]["take_symbols"] = 1
STUCK_CARDS = Cards(STUCK)


# --- driving a game -------------------------------------------------------------------------

MARKET = ("apartment", "town-house", "dormitory", "farm", "bakery", "park")
LANDMARKS = ("city-tower", "castle", "stadium", "airport", "harbor")
# Cards the tests hand out as filler (draws of idle seats, refills): kinds no scripted
# scenario asks for, so the pool always holds the cards a test names.
JUNK = (
    "hospital",
    "factory",
    "university",
    "office-tower",
    "shopping-mall",
    "hotel",
    "art-gallery",
    "restaurant",
    "bus-terminal",
    "market-hall",
)
# Filler market cards for the CHEAP plans (kinds no plan builds).
FILL = ("university", "university", "art-gallery", "art-gallery", "restaurant", "restaurant")


def new_game(
    load: Loader,
    players: int = 2,
    market: Sequence[str] = MARKET,
    landmarks: Sequence[str] | None = None,
    **params: Any,
) -> State:
    """A game with its setup scripted; seat 0's first turn is next."""
    row = LANDMARKS[: 5 if players == 4 else 4] if landmarks is None else landmarks
    state = load(GAME, players=players, **params).new_initial_state()
    apply(state, *(f"card {k}" for k in market), *(f"landmark {lm}" for lm in row))
    return state


def legal_list(state: State) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def legal_strings(state: State) -> set[str]:
    return set(legal_list(state))


def takes(state: State) -> set[str]:
    """The legal takes from the market."""
    return {m for m in legal_strings(state) if m.startswith("take ")}


def outcome_weights(state: State) -> dict[str, int]:
    return {state.action_to_string(a): w for a, w in state.chance_outcomes()}


def payment(card: int, owed: Sequence[int], *, source: int, **paid: Any) -> Json:
    """The JSON `payment` of a build in progress."""
    return {
        "card": card,
        "city": list(paid.get("city", [])),
        "credit": paid.get("credit", 0),
        "hand": list(paid.get("hand", [])),
        "owed": list(owed),
        "source": source,
    }


NO_PAYMENT = payment(-1, [0, 0, 0, 0, 0], source=-1)


def pick(state: State, prefer: Sequence[str] = JUNK, avoid: Collection[str] = ()) -> None:
    """Turn over one card at a chance node: the first kind of `prefer` the pool holds, else
    the lowest kind; never a kind in `avoid` if another is possible."""
    outcomes = [state.action_to_string(a) for a, _ in state.chance_outcomes()]
    for kind in prefer:
        if f"card {kind}" in outcomes and kind not in avoid:
            apply(state, f"card {kind}")
            return
    allowed = [o for o in outcomes if o.removeprefix("card ") not in avoid]
    apply(state, (allowed or outcomes)[0])


def close_turn(state: State, cards: Sequence[str] = (), avoid: Collection[str] = ()) -> None:
    """Finish the turn once the main action is done: `end` if a gear is on offer, discards
    and (solo) clears of the lowest kinds not in `avoid`, then the refill turns over `cards`
    and then filler."""
    if phase(state) == "after":
        apply(state, "end")
    while phase(state) == "discard":
        state.apply_action(state.legal_actions()[0])
    while phase(state) == "clear":
        moves = legal_list(state)
        keep = [m for m in moves if m.removeprefix("clear ") not in avoid]
        apply(state, (keep or moves)[0])
    wanted = list(cards)
    while phase(state) == "refill":
        if wanted:
            apply(state, f"card {wanted.pop(0)}")
        else:
            pick(state, avoid=avoid)


def pass_turn(state: State, avoid: Collection[str] = ()) -> None:
    """The seat to move draws two filler cards and ends its turn."""
    apply(state, "draw")
    while phase(state) == "draw":
        pick(state, avoid=avoid)
    close_turn(state, avoid=avoid)


def turn_and_pass(state: State, *moves: str) -> None:
    """The seat to move plays ``moves`` and finishes its turn, then the next seat passes its
    turn: in a 2-player game, seat 0 plays its ``moves`` on every other turn."""
    apply(state, *moves)
    close_turn(state)
    pass_turn(state)


def play_plan(state: State, plan: Sequence[str], turns: int, start: int = 0) -> None:
    """CHEAP data: turn after turn, the seat to move builds `plan[i]` from the market and pays
    with its House; the refill turns over `plan[i + 6]` (so a market that starts as
    `plan[:6]` always holds the next builds), else filler that the plan does not need."""
    for i in range(start, start + turns):
        apply(state, f"build {plan[i]} market", "pay city house")
        close_turn(state, plan[i + 6 : i + 7], avoid=set(plan[i + 1 :]))


def play_solo_plan(state: State, plan: Sequence[str], turns: int) -> list[int]:
    """CHEAP data, solo: each turn builds `plan[i]` from the market, clears three filler cards
    and refills with `plan[i + 1]` and filler; returns the score after each turn."""
    scores = []
    for i in range(turns):
        apply(state, f"build {plan[i]} market", "pay city house")
        close_turn(state, plan[i + 1 : i + 2], avoid=set(plan[i + 1 :]))
        scores.append(state.scores()[0])
    return scores


def cheap_game(
    load: Loader, tmp_path: Path, players: int, plan: Sequence[str], turns: int
) -> State:
    """A CHEAP game whose market starts with the plan's first builds (then filler)."""
    market = (tuple(plan) + FILL)[:6] if players > 1 else (plan[0], *FILL[:5])
    state = new_game(load, players, market, data=write_data(tmp_path, CHEAP, "cheap"))
    if players > 1:
        play_plan(state, plan, turns)
    else:
        play_solo_plan(state, plan, turns)
    return state


def small_game(load: Loader, tmp_path: Path, market: Sequence[str], players: int = 2) -> State:
    """A game on SMALL data: 27 - 10 - 6 = 11 cards in the first pile with 2 players, 27 -
    15 - 6 = 6 with 3."""
    return new_game(load, players, market=market, data=write_data(tmp_path, SMALL, "small"))


def one_card_left_of_three(load: Loader, tmp_path: Path, second: str) -> State:
    """SMALL data, 3 players: seat 0 draws a Town House and a Farm, seat 1 a Hotel and
    ``second``, seat 2 builds a Park from the market (the refill turns over a Bakery), and
    seat 0 builds the Farm paying with the Town House, which is discarded. One card is left
    in the first pile; seat 1 to move."""
    market = ("apartment", "apartment", "bakery", "park", "theater", "school")
    state = small_game(load, tmp_path, market, players=3)
    apply(state, "draw", "card town-house", "card farm")  # seat 0, pile 4
    apply(state, "draw", "card hotel", f"card {second}")  # seat 1, pile 2
    apply(state, "build park market", "pay city house", "card bakery")  # seat 2, pile 1
    apply(state, "build farm", "pay town-house")  # seat 0
    return state


# --- the component data ---------------------------------------------------------------------


def test_packaged_data_matches_the_rulebook() -> None:
    rules = PACKAGED["rules"]
    # 81 building cards: 27 kinds, 3 of each; 8 landmarks.
    assert len(PACKAGED["building"]) == 27 and rules["copies"] == 3
    assert len(PACKAGED["landmark"]) == 8
    # Setup: 10 / 15 removed with 2 / 3 players, all cards otherwise; 4, 4, 4, 5 landmarks.
    assert rules["removed"] == [0, 10, 15, 0]
    assert rules["landmarks"] == [4, 4, 4, 5]
    assert rules["market"] == 6 and rules["take_symbols"] == 3 and rules["draw_cards"] == 2
    assert rules["hand_limit"] == 6 and rules["city_limit"] == 10 and rules["flip_cards"] == 3
    assert rules["most_vp"] == 10 and rules["pioneer_vp"] == 10
    assert rules["solo_demand"] == 4 and rules["solo_clear"] == 3
    assert [(r["min"], r["class"]) for r in PACKAGED["rating"]] == [
        (0, "D"),
        (70, "C"),
        (80, "B"),
        (90, "A"),
        (100, "S"),
    ]
    by_slug = {entry["slug"]: entry for entry in PACKAGED["building"]}
    # The rulebook's three printed cards and the FAQ's Casino.
    assert by_slug["hamburger-shop"]["vp"] == 0
    assert by_slug["hamburger-shop"]["score"] == [
        {"per": "set", "symbols": ["food", "science"], "vp": 4}
    ]
    assert by_slug["electric-repair-shop"]["vp"] == 1
    assert by_slug["electric-repair-shop"]["score"] == [
        {"per": "symbol", "symbol": "science", "vp": 1},
        {"per": "symbol", "symbol": "food", "vp": 1},
    ]
    assert by_slug["electronics-research-lab"]["vp"] == 25
    assert by_slug["electronics-research-lab"]["lightning"] == {"draw": 3}
    assert by_slug["casino"]["score"] == [{"per": "rank", "symbol": "coin", "vp": [15, 10]}]
    # The ids this file relies on.
    assert CARDS.kinds("apartment", "bakery", "park", "school", "library") == [0, 4, 7, 9, 10]
    assert CARDS.kinds("bank", "factory", "concert-hall", "casino") == [12, 15, 22, 23]
    assert CARDS.city("castle", "harbor") == [28, 34]
    assert SMALL_CARDS.kinds("town-house", "hotel", "school") == [1, 6, 8]


# The spec's encoding table, worked out for each kind of action: the contract suite reads each
# notation as its id and back, in both engines and at every player count.
ENCODING = Encoding(
    actions=306,  # B = 27, L = 8, N = 36: 8B + 2L + 2N + 2 = 216 + 16 + 72 + 2
    ids={
        "take apartment": 0,
        "take electronics-research-lab": 26,
        "draw": 27,
        "build apartment": 28,
        "build park": 28 + 7,
        "build electronics-research-lab": 54,
        "build apartment market": 55,
        "build park market": 55 + 7,
        "build electronics-research-lab market": 81,
        "build city-tower": 82,
        "build harbor": 89,
        "pay apartment": 90,
        "pay school": 90 + 9,
        "pay school mayor": 117 + 9,
        "pay city apartment": 144,
        "pay city castle": 144 + 27 + 1,
        "pay city harbor": 144 + 27 + 7,
        "pay city house": 179,
        "discard apartment": 180,
        "discard bakery": 180 + 4,
        "gear library": 207 + 10,
        "gear factory": 207 + 15,
        "gear house": 242,
        "end": 243,
        "clear apartment": 244,
        "clear bakery": 244 + 4,
        "clear electronics-research-lab": 270,
        "card apartment": 271,
        "card electronics-research-lab": 297,
        "landmark city-tower": 298,
        "landmark harbor": 305,
    },
)


# --- setup ----------------------------------------------------------------------------------


def test_setup_turns_over_the_market_then_the_landmarks_by_chance(load: Loader) -> None:
    state = load(GAME, players=2).new_initial_state()
    assert state.current_player() == CHANCE
    j = js(state)
    assert j["phase"] == "setup" and j["turn"] == 0 and j["to_move"] == -1
    assert j["market"] == [] and j["landmarks"] == [] and j["pioneer"] == -1
    assert j["hands"] == [[], []] and j["cities"] == [[], []]
    assert status(state) == "setup: filling the market"
    # Step 3: every one of the 81 cards may be turned over: 3 copies of each kind.
    assert state.chance_outcomes() == [(CARD + b, 3) for b in range(27)]
    apply(state, "card bakery")
    assert dict(state.chance_outcomes())[CARD + 4] == 2
    apply(state, "card park", "card park", "card apartment", "card farm")
    assert len(state.chance_outcomes()) == 27
    assert dict(state.chance_outcomes())[CARD + 7] == 1
    apply(state, "card school")
    # Step 4: the landmarks, each not yet turned over, weight 1.
    assert state.chance_outcomes() == [(LANDMARK + lm, 1) for lm in range(8)]
    assert status(state) == "setup: turning over a landmark"
    apply(state, "landmark castle")
    assert state.chance_outcomes() == [(LANDMARK + lm, 1) for lm in range(8) if lm != 1]
    apply(state, "landmark harbor", "landmark city-tower", "landmark stadium")
    j = js(state)
    assert j["market"] == [0, 3, 4, 7, 7, 9]
    assert j["landmarks"] == [1, 7, 0, 2]
    # Step 5: the Pioneer Bonus lies beside the landmarks, nobody holds it.
    assert j["pioneer"] == -1
    assert j["phase"] == "main" and j["turn"] == 1


def check_first_pile(load: Loader, players: int, size: int) -> None:
    pile = js(new_game(load, players))["pile"]
    # The pool is every card nobody has seen: the 81 cards but the 6 of the market.
    assert pile == {"pool": CARDS.pool(MARKET), "size": size, "stage": 1}
    assert len(pile["pool"]) == 75


def test_setup_removes_ten_cards_with_two_players(load: Loader) -> None:
    # Ruling 2: 81 - 10 removed - 6 in the market = 65 cards in the first pile.
    check_first_pile(load, 2, 65)


def test_setup_removes_fifteen_cards_with_three_players(load: Loader) -> None:
    # 81 - 15 - 6 = 60.
    check_first_pile(load, 3, 60)


def test_setup_uses_all_cards_with_four_players(load: Loader) -> None:
    # 81 - 6 = 75.
    check_first_pile(load, 4, 75)


def landmark_places(load: Loader, players: int) -> int:
    state = load(GAME, players=players).new_initial_state()
    apply(state, *(f"card {k}" for k in MARKET))
    places = 0
    while state.current_player() == CHANCE and places < 9:
        assert all(a >= LANDMARK for a, _ in state.chance_outcomes())
        state.apply_action(state.chance_outcomes()[0][0])
        places += 1
    assert phase(state) == "main"
    assert len(js(state)["landmarks"]) == places
    return places


@pytest.mark.parametrize("players", [2, 3])
def test_setup_four_landmarks_with_two_and_three_players(load: Loader, players: int) -> None:
    assert landmark_places(load, players) == 4


def test_setup_five_landmarks_with_four_players(load: Loader) -> None:
    assert landmark_places(load, 4) == 5


def test_setup_initial_card_side_per_seat(load: Loader) -> None:
    # Every city starts with its initial card (not listed in `cities`); House side by
    # default, the Mayor side for the seats the `sides` parameter names.
    assert js(new_game(load, 2))["sides"] == [0, 0]
    assert js(new_game(load, 2, sides="mayor"))["sides"] == [1, 1]
    state = new_game(load, 3, sides="house,mayor,house")
    j = js(state)
    assert j["sides"] == [0, 1, 0] and j["cities"] == [[], [], []]
    lines = str(state).splitlines()
    assert any(line.startswith("seat 0 (house): score 0, built 0") for line in lines)
    assert any(line.startswith("seat 1 (mayor): score 0, built 0") for line in lines)


def test_ruling_6_seat_zero_starts_and_play_passes_to_the_next_seat(load: Loader) -> None:
    state = new_game(load, 3)
    assert state.current_player() == 0 and js(state)["turn"] == 1
    assert status(state) == "turn 1: seat 0 to play"
    for seat, turn in ((1, 2), (2, 3), (0, 4), (1, 5)):
        pass_turn(state)
        assert state.current_player() == seat
        assert js(state)["turn"] == turn
        assert status(state) == f"turn {turn}: seat {seat} to play"


def test_ruling_1_copies_are_interchangeable(load: Loader) -> None:
    state = new_game(load, market=("bakery", "bakery", "apartment", "town-house", "park", "farm"))
    # One take per kind, however many copies lie in the market.
    actions = state.legal_actions()
    assert len(actions) == len(set(actions))
    assert {m for m in legal_strings(state) if m.startswith("take ")} == {
        "take bakery",
        "take apartment",
        "take town-house",
        "take park",
        "take farm",
    }
    apply(state, "take bakery")
    j = js(state)
    assert j["market"] == [0, 1, 3, 4, 7] and j["hands"] == [[4], []]
    apply(state, "take bakery", "take park")
    j = js(state)
    assert j["hands"] == [[4, 4, 7], []] and j["market"] == [0, 1, 3]


def test_ruling_2_the_pile_is_drawn_from_the_unseen_cards(load: Loader) -> None:
    market = ("bakery", "bakery", "park", "apartment", "farm", "town-house")
    state = new_game(load, market=market)
    apply(state, "draw")
    assert state.current_player() == CHANCE
    # Weights: the copies nobody has seen, 3 minus those in the market; 75 in all.
    weights = outcome_weights(state)
    expected = {f"card {k}": 3 for k in CARDS.buildings}
    expected.update({"card bakery": 1, "card park": 2, "card apartment": 2})
    expected.update({"card farm": 2, "card town-house": 2})
    assert weights == expected
    assert sum(weights.values()) == 75
    apply(state, "card bakery")
    # The last unseen Bakery is gone: no more Bakery in the pool, one card fewer in the pile.
    assert "card bakery" not in outcome_weights(state)
    assert js(state)["pile"] == {
        "pool": CARDS.pool((*market, "bakery")),
        "size": 64,
        "stage": 1,
    }


def test_ruling_5_the_pile_size_is_public(load: Loader) -> None:
    state = new_game(load)
    apply(state, "draw", "card school", "card theater")
    assert js(state)["pile"]["size"] == 63
    for seat in (0, 1):
        assert "pile: 63 cards, stage 1; discard: empty" in state.observation_string(seat)
    # G = 3B + L + 4(K + 8) = 81 + 8 + 172 = 261: pile size / (3B).
    assert state.observation_tensor(1)[261] == pytest.approx(63 / 81)


def test_faq_pile_count_is_public_by_ruling_5(load: Loader) -> None:
    # The FAQ says the pile may not be counted; ruling 5 shows its size to every seat, since
    # every card that leaves it is seen leaving.
    state = new_game(load, 3)
    assert js(state)["pile"]["size"] == 60
    for seat in (0, 1, 2):
        lines = state.observation_string(seat).splitlines()
        assert "pile: 60 cards, stage 1; discard: empty" in lines


# --- the turn: taking, drawing, the hand limit ----------------------------------------------


def market_to_take(load: Loader, *market: str) -> State:
    """A new game with ``market``, where a take may begin with any of its cards (and no
    other)."""
    state = new_game(load, market=market)
    assert takes(state) == {f"take {k}" for k in market}
    return state


def test_ruling_8_a_take_never_passes_three_symbols(load: Loader) -> None:
    # apartment, theater and school carry 2 symbols; town-house, bakery and park 1.
    state = market_to_take(load, "apartment", "town-house", "bakery", "park", "theater", "school")
    apply(state, "take apartment")
    j = js(state)
    assert j["phase"] == "take" and j["taken"] == 2 and state.current_player() == 0
    assert j["hands"] == [[0], []]
    assert status(state) == "turn 1: seat 0 to take from the market"
    # 2 + 2 would be 4: only a one-symbol card makes exactly 3.
    assert legal_strings(state) == {"take town-house", "take bakery", "take park"}
    assert_rejected(state, "take theater")
    apply(state, "take bakery")
    j = js(state)
    assert j["hands"] == [[0, 4], []] and j["taken"] == 3 and j["acted"] == 1
    assert j["phase"] == "refill"


def test_market_take_three_one_symbol_cards(load: Loader) -> None:
    state = new_game(
        load, market=("bakery", "town-house", "park", "apartment", "dormitory", "farm")
    )
    apply(state, "take bakery", "take town-house")
    assert js(state)["taken"] == 2
    assert legal_strings(state) == {"take park"}
    apply(state, "take park")
    assert js(state)["hands"] == [[1, 4, 7], []]


def test_ruling_8_a_take_reaches_three_when_the_market_can(load: Loader) -> None:
    # bakery and town-house carry 1 symbol; apartment, dormitory, farm and cafe 2.
    state = new_game(
        load, market=("bakery", "town-house", "apartment", "dormitory", "farm", "cafe")
    )
    apply(state, "take bakery")
    # "until the symbols on them total 3": bakery + a two-symbol card makes 3, while
    # bakery + town-house would stop at 2 (no one-symbol card left), so it is refused.
    assert legal_strings(state) == {
        "take apartment",
        "take dormitory",
        "take farm",
        "take cafe",
    }
    assert_rejected(state, "take town-house")
    apply(state, "take cafe")
    j = js(state)
    assert j["taken"] == 3 and j["hands"][0] == CARDS.kinds("bakery", "cafe")
    assert j["phase"] == "refill"


def test_ruling_8_a_take_stops_when_no_card_fits(load: Loader) -> None:
    # Six two-symbol cards: no take can total 3, but one card (2 symbols) can be taken; a
    # second would pass 3, so the take ends there.
    state = market_to_take(load, "apartment", "dormitory", "farm", "cafe", "theater", "school")
    apply(state, "take farm")
    j = js(state)
    assert j["taken"] == 2 and j["acted"] == 1 and j["hands"] == [CARDS.kinds("farm"), []]
    # The main action is over: the market is refilled (one card) and seat 1 plays.
    assert j["phase"] == "refill" and len(j["market"]) == 5
    apply(state, "card school")
    assert state.current_player() == 1 and phase(state) == "main"
    # Two one-symbol cards and four two-symbol cards: 1 + 2 makes 3, 1 + 1 would stop at 2.
    state = new_game(load, market=("bakery", "park", "apartment", "dormitory", "farm", "cafe"))
    apply(state, "take bakery")
    assert_rejected(state, "take park")
    # Only one-symbol cards left to fit after a two-symbol card: the take totals 3.
    state = new_game(load, market=("bakery", "apartment", "dormitory", "farm", "cafe", "theater"))
    apply(state, "take apartment")
    assert legal_strings(state) == {"take bakery"}
    apply(state, "take bakery")
    assert js(state)["taken"] == 3 and phase(state) == "refill"


def test_landmarks_cannot_be_taken_into_hand(load: Loader) -> None:
    # The takes on offer are the market's kinds; the landmark row is never among them.
    state = market_to_take(load, *MARKET)
    before = state.to_json()
    for landmark in ("castle", "city-tower"):
        with pytest.raises((NotationError, IllegalActionError)):
            state.apply_action(state.string_to_action(f"take {landmark}"))
    assert state.to_json() == before
    assert js(state)["landmarks"] == [0, 1, 2, 3]


def test_draw_takes_top_two(load: Loader) -> None:
    state = new_game(load)
    apply(state, "draw")
    j = js(state)
    assert j["phase"] == "draw" and j["todo"] == 2 and state.current_player() == CHANCE
    assert status(state) == "turn 1: drawing for seat 0"
    apply(state, "card school")
    assert js(state)["todo"] == 1
    apply(state, "card park")
    j = js(state)
    assert j["hands"] == [[7, 9], []]
    assert j["pile"]["size"] == 63
    # The market was not touched: no refill, seat 1's turn.
    assert j["market"] == CARDS.kinds(*MARKET)
    assert state.current_player() == 1 and j["turn"] == 2 and j["phase"] == "main"


def test_cannot_mix_market_and_pile(load: Loader) -> None:
    state = new_game(load)
    apply(state, "take bakery")
    assert_rejected(state, "draw")
    assert all(m.startswith("take ") for m in legal_strings(state))


def test_faq_cannot_take_one_from_market_and_one_from_pile(load: Loader) -> None:
    state = new_game(load)
    # After a draw the main action is done: the turn ends, no take follows.
    apply(state, "draw", "card school", "card theater")
    assert state.current_player() == 1
    # After a first market card, no draw.
    apply(state, "take park")
    assert state.current_player() == 1 and phase(state) == "take"
    assert_rejected(state, "draw")


def test_ruling_7_one_main_action_per_turn(load: Loader) -> None:
    state = new_game(
        load, market=("bakery", "town-house", "park", "apartment", "dormitory", "farm")
    )
    # `end` is not offered while a main action is possible.
    assert_rejected(state, "end")
    apply(state, "take apartment", "take bakery")
    # The take is the main action: the turn moves on to the refill.
    assert state.current_player() == CHANCE and phase(state) == "refill"
    apply(state, "card school", "card school")
    assert state.current_player() == 1 and js(state)["acted"] == 0


def test_ruling_7_end_only_when_no_main_action_is_possible(load: Loader, tmp_path: Path) -> None:
    # STUCK data, 2 players: 27 - 10 - 6 = 11 cards in the pile.
    state = new_game(
        load,
        market=("library", "library", "apartment", "dormitory", "farm", "cafe"),
        data=write_data(tmp_path, STUCK, "stuck"),
    )
    apply(state, "build library market", "pay city house")
    assert phase(state) == "after"  # the Library's gear could draw
    apply(state, "end", "card theater")  # pile 10
    apply(state, "build library market", "pay city house", "end", "card garden")  # pile 9
    # Market: apartment dormitory farm cafe theater garden, all two-symbol: no take; the
    # two-symbol kinds cost 4 science and the city holds one: no build.
    assert legal_strings(state) == {"draw", "gear library"}
    apply(state, "draw", "card hotel", "card hotel", "end")  # pile 7
    apply(state, "draw", "card concert-hall", "card concert-hall", "end")  # pile 5
    apply(state, "draw", "card apartment", "card dormitory", "end")  # pile 3
    apply(state, "draw", "card farm", "card cafe", "end")  # pile 1
    assert state.current_player() == 0 and js(state)["pile"]["size"] == 1
    assert legal_strings(state) == {"draw", "gear library"}
    # The gear draws the last card: no take, no draw from the empty pile, no build.
    apply(state, "gear library", "card theater")
    assert js(state)["pile"]["size"] == 0 and phase(state) == "main"
    assert legal_strings(state) == {"end"}
    assert_rejected(state, "draw")
    apply(state, "end")
    assert state.is_terminal()


def six_in_hand(load: Loader) -> State:
    """Seat 0 draws School and Theater, Library and Garden, Park and Cafe on its first three
    turns (seat 1 draws filler): seat 0 to move with those six cards in hand."""
    state = new_game(load)
    for first, second in (("school", "theater"), ("library", "garden"), ("park", "cafe")):
        turn_and_pass(state, "draw", f"card {first}", f"card {second}")
    assert js(state)["hands"][0] == CARDS.kinds(
        "school", "theater", "library", "garden", "park", "cafe"
    )
    return state


def test_hand_limit_six_discard_after_the_draw(load: Loader) -> None:
    state = six_in_hand(load)
    apply(state, "draw", "card bakery", "card dormitory")
    # Eight cards: after the draw the seat discards down to six (ruling 13).
    j = js(state)
    assert j["phase"] == "discard" and state.current_player() == 0 and len(j["hands"][0]) == 8
    assert status(state) == "turn 7: seat 0 to discard"
    assert legal_strings(state) == {
        f"discard {k}"
        for k in ("school", "theater", "library", "garden", "park", "cafe", "bakery", "dormitory")
    }
    apply(state, "discard bakery")
    assert phase(state) == "discard"
    apply(state, "discard dormitory")
    j = js(state)
    assert len(j["hands"][0]) == 6 and j["discard"] == CARDS.kinds("dormitory", "bakery")
    assert state.current_player() == 1 and j["turn"] == 8


def test_faq_can_draw_with_six_cards_in_hand(load: Loader) -> None:
    state = six_in_hand(load)
    assert "draw" in legal_strings(state)
    assert "take apartment" in legal_strings(state)
    apply(state, "draw", "card bakery", "card dormitory")
    assert phase(state) == "discard"


def test_market_refills_at_end_of_turn(load: Loader) -> None:
    state = new_game(load)
    apply(state, "take park")
    # Mid-take the market holds 5 (FAQ: no refill right after taking).
    assert len(js(state)["market"]) == 5 and phase(state) == "take"
    apply(state, "take apartment")
    j = js(state)
    assert j["phase"] == "refill" and j["market"] == CARDS.kinds(
        "town-house", "dormitory", "farm", "bakery"
    )
    assert state.current_player() == CHANCE
    assert status(state) == "turn 1: refilling the market"
    apply(state, "card school")
    assert phase(state) == "refill"
    apply(state, "card school")
    j = js(state)
    assert j["market"] == CARDS.kinds(
        "town-house", "dormitory", "farm", "bakery", "school", "school"
    )
    assert j["pile"]["size"] == 63
    assert state.current_player() == 1 and j["phase"] == "main"


def test_faq_market_is_not_refilled_until_the_end_of_the_turn(load: Loader) -> None:
    state = new_game(
        load, market=("bakery", "town-house", "park", "apartment", "dormitory", "farm")
    )
    apply(state, "take bakery", "take town-house")
    j = js(state)
    assert j["market"] == CARDS.kinds("park", "apartment", "dormitory", "farm")
    assert j["pile"]["size"] == 65 and state.current_player() == 0
    apply(state, "take park")
    assert phase(state) == "refill"
    apply(state, "card school", "card school", "card theater")
    assert len(js(state)["market"]) == 6 and state.current_player() == 1


# --- building and paying --------------------------------------------------------------------


def test_build_from_the_landmark_row(load: Loader) -> None:
    state = new_game(load, market=("bakery", "town-house", "park", "farm", "dormitory", "school"))
    # Nothing is affordable with the House alone.
    assert not {m for m in legal_strings(state) if m.startswith("build ")}
    turn_and_pass(state, "draw", "card apartment", "card apartment")
    # Castle (cost house 3, person 2): the House and the two Apartments (person + house).
    assert "build castle" in legal_strings(state)
    apply(state, "build castle")
    j = js(state)
    assert j["phase"] == "pay" and j["payment"] == payment(28, [2, 3, 0, 0, 0], source=2)
    assert status(state) == "turn 3: seat 0 to pay for castle"
    apply(state, "pay city house")
    assert js(state)["payment"] == payment(28, [2, 2, 0, 0, 0], source=2, city=[35])
    apply(state, "pay apartment")
    assert "pay apartment" in legal_strings(state)  # the other copy
    apply(state, "pay apartment")
    j = js(state)
    assert j["cities"] == [[28], []] and j["landmarks"] == [0, 2, 3]
    assert j["discard"] == [0, 0] and j["hands"][0] == [] and j["payment"] == NO_PAYMENT
    # Castle 8 VP + 1 per house symbol in the city (the House: 1) + most moons (1 vs 0) 10.
    assert state.scores() == [19, 0]


def test_card_being_built_never_pays_for_itself(load: Loader) -> None:
    state = new_game(
        load, market=("hamburger-shop", "town-house", "park", "farm", "dormitory", "apartment")
    )
    turn_and_pass(state, "draw", "card hamburger-shop", "card school")
    # Hamburger Shop costs person, food, science; it carries food. From the hand, only the
    # School pays (science, person): food is missing.
    assert "build hamburger-shop" not in legal_strings(state)
    assert_rejected(state, "build hamburger-shop")
    # From the market, the copy in the hand pays the food.
    assert "build hamburger-shop market" in legal_strings(state)
    apply(state, "build hamburger-shop market", "pay hamburger-shop", "pay school")
    j = js(state)
    assert j["cities"] == [[5], []] and j["discard"] == [5, 9]


def test_build_needs_the_whole_cost(load: Loader) -> None:
    state = new_game(load)
    turn_and_pass(state, "draw", "card park", "card school")
    legal = legal_strings(state)
    # Bakery (house, happiness): House + Park. Town House (person, food): no food anywhere.
    assert "build bakery market" in legal
    assert "build town-house market" not in legal
    assert_rejected(state, "build town-house market")


def test_payment_hand_cards_are_discarded_after_build(load: Loader) -> None:
    state = new_game(
        load, market=("bakery", "bakery", "concert-hall", "cafe", "apartment", "town-house")
    )
    turn_and_pass(state, "draw", "card park", "card garden")
    apply(state, "build bakery market")
    j = js(state)
    assert j["phase"] == "pay" and j["payment"] == payment(4, [0, 1, 0, 1, 0], source=1)
    apply(state, "pay city house")
    assert js(state)["payment"]["owed"] == [0, 0, 0, 1, 0]
    apply(state, "pay park")
    j = js(state)
    assert j["cities"] == [[4], []] and j["hands"][0] == [19]
    assert j["discard"] == [7] and j["payment"] == NO_PAYMENT


def bakery_game(load: Loader) -> State:
    """Seat 0 draws Park + Garden and Theater + Library, then builds a Bakery from the
    market with its House and the Park; seat 1 draws filler. Seat 0 to move, turn 7, hand
    Theater, Library, Garden, city Bakery."""
    state = new_game(
        load, market=("bakery", "bakery", "concert-hall", "concert-hall", "apartment", "town-house")
    )
    turn_and_pass(state, "draw", "card park", "card garden")
    turn_and_pass(state, "draw", "card theater", "card library")
    turn_and_pass(state, "build bakery market", "pay city house", "pay park")
    j = js(state)
    assert j["cities"][0] == [4] and j["hands"][0] == [8, 10, 19] and j["turn"] == 7
    return state


def test_payment_city_cards_are_reused(load: Loader) -> None:
    state = bakery_game(load)
    # Concert Hall: person, happiness, food 2, science. The Bakery built last turn pays a
    # food and stays; the Garden (happiness + food), Theater (person) and Library (science)
    # are the hand cards.
    apply(state, "build concert-hall market", "pay city bakery", "pay garden")
    apply(state, "pay theater", "pay library")
    j = js(state)
    assert j["cities"][0] == [4, 22]
    assert j["discard"] == CARDS.kinds("park", "theater", "library", "garden")
    # The House paid for the first Bakery and pays again for a second one next turn.
    close_turn(state)
    pass_turn(state)
    turn_and_pass(state, "draw", "card park", "card cafe")
    apply(state, "build bakery market", "pay city house", "pay park")
    assert js(state)["cities"][0] == [4, 22, 4]


def test_each_card_once_per_payment(load: Loader) -> None:
    state = bakery_game(load)
    apply(state, "build concert-hall market", "pay city bakery")
    j = js(state)
    assert j["payment"] == payment(22, [1, 0, 1, 1, 1], source=1, city=[4])
    # A food is still owed, but the one Bakery in the city has paid already.
    assert "pay city bakery" not in legal_strings(state)
    assert_rejected(state, "pay city bakery")
    apply(state, "pay garden")
    assert js(state)["payment"]["owed"] == [1, 0, 0, 0, 1]
    assert_rejected(state, "pay garden")  # the one Garden of the hand is spent
    apply(state, "pay theater", "pay library")
    assert js(state)["cities"][0] == [4, 22]


def test_ruling_11_a_city_with_two_copies_may_pay_with_both(load: Loader) -> None:
    state = bakery_game(load)
    turn_and_pass(state, "build bakery market", "pay city house", "pay garden")
    apply(state, "build concert-hall market", "pay city bakery")
    assert "pay city bakery" in legal_strings(state)
    apply(state, "pay city bakery")
    assert js(state)["payment"] == payment(22, [1, 0, 0, 1, 1], source=1, city=[4, 4])
    apply(state, "pay theater", "pay library")
    assert js(state)["cities"][0] == [4, 4, 22]


def test_faq_same_building_can_be_built_twice(load: Loader) -> None:
    state = bakery_game(load)
    assert "build bakery market" in legal_strings(state)
    apply(state, "build bakery market", "pay city house", "pay garden")
    assert js(state)["cities"][0] == [4, 4]
    # Bakery 2 VP twice + most suns (2 vs 0) 10.
    assert state.scores() == [14, 0]


def test_ruling_11_only_a_card_that_helps_may_pay(load: Loader) -> None:
    state = bakery_game(load)
    apply(state, "build concert-hall market")
    legal = legal_strings(state)
    # Owed person, happiness, food 2, science: the House (house) does not help.
    assert "pay city house" not in legal
    assert legal == {"pay city bakery", "pay garden", "pay theater", "pay library"}
    assert_rejected(state, "pay city house")
    # Paying ends by itself the moment nothing is owed: the Theater's extra happiness and
    # the Garden's happiness overlap, and the payment still ends after the Library.
    apply(state, "pay theater", "pay garden", "pay city bakery")
    assert phase(state) == "pay" and js(state)["payment"]["owed"] == [0, 0, 0, 0, 1]
    apply(state, "pay library")
    assert phase(state) != "pay" and js(state)["payment"] == NO_PAYMENT


def test_coin_is_wild(load: Loader) -> None:
    state = new_game(load)
    # Town House costs person, food: nothing pays the person without the Bank's coin.
    assert "build town-house market" not in legal_strings(state)
    turn_and_pass(state, "draw", "card bank", "card bakery")
    assert "build town-house market" in legal_strings(state)
    apply(state, "build town-house market", "pay bank")
    # The coin is not spent on a symbol yet: it is credit, decided at the end.
    assert js(state)["payment"] == payment(1, [1, 0, 1, 0, 0], source=1, credit=1, hand=[12])
    assert phase(state) == "pay"
    apply(state, "pay bakery")
    # food by the Bakery, person by the coin.
    j = js(state)
    assert j["cities"] == [[1], []] and j["discard"] == [4, 12] and j["payment"] == NO_PAYMENT


# --- effects --------------------------------------------------------------------------------


def lab_game(load: Loader) -> State:
    """Seat 0 holds School, School, Library, Bakery; the Electronics Research Lab lies in the
    market. Seat 0 to move."""
    state = new_game(
        load,
        market=("electronics-research-lab", "apartment", "town-house", "dormitory", "farm", "park"),
    )
    turn_and_pass(state, "draw", "card school", "card school")
    turn_and_pass(state, "draw", "card library", "card bakery")
    return state


def test_lightning_resolves_before_paid_cards_are_discarded(load: Loader) -> None:
    state = lab_game(load)
    # Lab: science 3, person 2, house, food. School x2: science + person each; Library:
    # science; Bakery: food; House: house.
    apply(state, "build electronics-research-lab market", "pay school", "pay school")
    apply(state, "pay library", "pay bakery")
    assert phase(state) == "pay"
    apply(state, "pay city house")
    # The Lab is in the city and its lightning draws 3; the paid cards are not discarded yet.
    j = js(state)
    assert j["phase"] == "draw" and j["todo"] == 3 and state.current_player() == CHANCE
    assert j["cities"] == [[26], []]
    assert j["discard"] == []
    apply(state, "card cafe", "card garden")
    assert js(state)["discard"] == []
    apply(state, "card theater")
    j = js(state)
    assert j["discard"] == CARDS.kinds("school", "school", "library", "bakery")
    assert j["hands"][0] == CARDS.kinds("cafe", "garden", "theater")
    assert j["payment"] == NO_PAYMENT


def test_ruling_12_lightning_reshuffle_excludes_the_cards_just_paid(
    load: Loader, tmp_path: Path
) -> None:
    # SMALL ids: town-house 1, farm 2, park 4, school 6, bus-terminal 7, hotel 8.
    state = one_card_left_of_three(load, tmp_path, "bus-terminal")
    assert js(state)["discard"] == [1] and js(state)["pile"]["size"] == 1
    # Seat 1 builds the Bus Terminal (lightning: draw 2) paying with the Hotel.
    apply(state, "build bus-terminal", "pay hotel")
    j = js(state)
    assert j["phase"] == "draw" and j["todo"] == 2 and j["cities"][1] == [7]
    apply(state, "card school")
    # The first pile ran out: the discard pile (only the Town House; the Hotel just paid is
    # not discarded yet) becomes the second pile.
    j = js(state)
    assert j["pile"] == {"pool": [1], "size": 1, "stage": 2}
    assert j["discard"] == []
    assert outcome_weights(state) == {"card town-house": 1}
    apply(state, "card town-house")
    j = js(state)
    assert j["hands"][1] == [1, 6] and j["discard"] == [8]
    assert j["pile"]["size"] == 0 and j["pile"]["stage"] == 2
    # The second pile ran out in this turn: the game is over at its end.
    assert state.is_terminal()
    # Farm 1, Bus Terminal 3, Park 3, one sun each (tie: nobody), no moon: seats 1 and 2 tie
    # at 3 and nobody holds the Pioneer Bonus.
    assert state.scores() == [1, 3, 3]
    assert state.winners() == [1, 2]


def test_lightning_draw_puts_cards_into_the_hand(load: Loader, tmp_path: Path) -> None:
    state = gear_game(load, tmp_path)
    apply(state, "build bus-terminal market", "pay city house")
    j = js(state)
    assert j["phase"] == "draw" and j["todo"] == 2
    apply(state, "card bakery", "card park")
    j = js(state)
    assert j["hands"][0] == [4, 7] and j["cities"][0] == [10, 16]


def test_lightning_take_any_market_card_whatever_its_symbols(load: Loader, tmp_path: Path) -> None:
    state = gear_game(load, tmp_path)
    apply(state, "build market-hall market", "pay city house")
    j = js(state)
    assert j["phase"] == "bonus" and j["todo"] == 1 and state.current_player() == 0
    assert status(state) == "turn 3: seat 0 to take a bonus card"
    market = j["market"]
    assert len(market) == 5
    assert legal_strings(state) == {f"take {CARDS.buildings[b]}" for b in market}
    # The Apartment has two symbols: a lightning take ignores the total of 3.
    apply(state, "take apartment")
    j = js(state)
    assert j["hands"][0] == [0] and len(j["market"]) == 4
    assert j["phase"] == "after"


# --- gears and the Mayor --------------------------------------------------------------------


def gear_game(load: Loader, tmp_path: Path) -> State:
    """GEARS data: seat 0 builds a Library (draw gear) on turn 1, seat 1 draws filler;
    seat 0 to move on turn 3 with an empty hand."""
    state = new_game(
        load,
        market=("library", "library", "factory", "market-hall", "bus-terminal", "apartment"),
        data=write_data(tmp_path, GEARS, "gears"),
    )
    apply(state, "build library market", "pay city house")
    # After the main action a usable gear offers a choice: the gear or `end`.
    assert phase(state) == "after" and state.current_player() == 0
    assert legal_strings(state) == {"gear library", "end"}
    assert status(state) == "turn 1: seat 0 to use a gear or end"
    close_turn(state, avoid={"library", "factory", "market-hall", "bus-terminal", "apartment"})
    pass_turn(state)
    assert state.current_player() == 0 and js(state)["turn"] == 3
    return state


def test_gear_once_per_turn(load: Loader, tmp_path: Path) -> None:
    state = gear_game(load, tmp_path)
    # Before the main action.
    assert "gear library" in legal_strings(state)
    apply(state, "gear library")
    j = js(state)
    assert j["phase"] == "draw" and j["todo"] == 1
    apply(state, "card bakery")
    j = js(state)
    assert j["phase"] == "main" and j["hands"][0] == [4] and j["gears"] == [10]
    assert "used: library" in str(state).splitlines()
    assert_rejected(state, "gear library")
    assert "draw" in legal_strings(state)
    apply(state, "draw", "card park", "card school")
    # No gear left to use: the turn ends by itself (no `after` phase, nothing to refill).
    assert state.current_player() == 1 and phase(state) == "main"
    pass_turn(state)
    j = js(state)
    assert j["gears"] == [] and "gear library" in legal_strings(state)


def test_faq_gear_once_per_turn_at_any_timing(load: Loader, tmp_path: Path) -> None:
    state = gear_game(load, tmp_path)
    # After the main action this time: draw, then the gear.
    apply(state, "draw", "card bakery", "card park")
    assert phase(state) == "after" and legal_strings(state) == {"gear library", "end"}
    apply(state, "gear library", "card school")
    assert js(state)["hands"][0] == [4, 7, 9]
    assert "gear library" not in legal_strings(state)
    close_turn(state)
    assert state.current_player() == 1


def test_ruling_24_the_last_gear_used_after_the_main_action_ends_the_turn(
    load: Loader, tmp_path: Path
) -> None:
    state = gear_game(load, tmp_path)
    turn = js(state)["turn"]
    apply(state, "draw", "card bakery", "card park")
    assert phase(state) == "after" and legal_strings(state) == {"gear library", "end"}
    apply(state, "gear library", "card school")
    # No gear is left, so no second choice of `end`: the turn is over (hand of 3, market
    # full, nothing to discard or refill) and seat 1 plays the next turn.
    assert state.current_player() == 1 and phase(state) == "main"
    assert js(state)["turn"] == turn + 1


def test_ruling_25_an_empty_discard_pile_makes_an_empty_second_pile_that_ends_the_game(
    load: Loader, tmp_path: Path
) -> None:
    # 3 players with 73 cards removed: 81 - 73 - 6 market cards leaves a first pile of 2.
    doc = copy.deepcopy(PACKAGED)
    doc["rules"]["removed"] = [0, 10, 73, 0]
    state = new_game(load, 3, data=write_data(tmp_path, doc, "short_pile"))
    j = js(state)
    assert j["pile"]["size"] == 2 and j["pile"]["stage"] == 1 and j["discard"] == []
    # Seat 0's draw takes both cards: the first pile runs out with nothing discarded, so the
    # second pile is formed empty and has run out as well.
    apply(state, "draw")
    while state.current_player() == CHANCE:
        state.apply_action(state.chance_outcomes()[0][0])
    j = js(state)
    assert j["pile"] == {"pool": [], "size": 0, "stage": 2}
    assert len(j["hands"][0]) == 2
    # The game ends at the end of that turn: seats 1 and 2 get no turn.
    assert state.is_terminal() and j["phase"] == "end"


def test_gear_each_copy_once_per_turn(load: Loader, tmp_path: Path) -> None:
    state = gear_game(load, tmp_path)
    apply(state, "build library market", "pay city house")
    assert js(state)["cities"][0] == [10, 10]
    apply(state, "gear library", "card bakery")
    assert "gear library" in legal_strings(state)  # the second Library
    apply(state, "gear library", "card park")
    j = js(state)
    assert j["gears"] == [10, 10] and j["hands"][0] == [4, 7]
    assert "gear library" not in legal_strings(state)


def test_gear_not_during_payment(load: Loader, tmp_path: Path) -> None:
    state = gear_game(load, tmp_path)
    apply(state, "build factory market")
    assert phase(state) == "pay"
    assert not {m for m in legal_strings(state) if m.startswith("gear ")}
    assert_rejected(state, "gear library")
    apply(state, "pay city house")
    # The Factory's exchange needs a hand card: only the Library's gear is usable.
    assert phase(state) == "after" and legal_strings(state) == {"gear library", "end"}


def test_gear_not_during_a_market_take(load: Loader, tmp_path: Path) -> None:
    state = gear_game(load, tmp_path)
    apply(state, "take library")  # one symbol: two more to take
    assert phase(state) == "take"
    assert not {m for m in legal_strings(state) if m.startswith("gear ")}
    assert_rejected(state, "gear library")


def test_faq_gear_cannot_interrupt_a_build_or_an_effect(load: Loader, tmp_path: Path) -> None:
    state = gear_game(load, tmp_path)
    apply(state, "build market-hall market")
    assert_rejected(state, "gear library")
    apply(state, "pay city house")
    # The Market Hall's lightning take is resolved to completion first.
    assert phase(state) == "bonus"
    assert all(m.startswith("take ") for m in legal_strings(state))
    assert_rejected(state, "gear library")
    apply(state, "take bus-terminal")
    assert phase(state) == "after" and "gear library" in legal_strings(state)


def test_gear_usable_only_if_it_does_something(load: Loader, tmp_path: Path) -> None:
    state = gear_game(load, tmp_path)
    turn_and_pass(state, "build factory market", "pay city house", "end")
    # Empty hand: the Factory has nothing to exchange.
    legal = legal_strings(state)
    assert "gear factory" not in legal and "gear library" in legal
    assert_rejected(state, "gear factory")
    apply(state, "draw", "card bakery", "card park")
    assert legal_strings(state) == {"gear library", "gear factory", "end"}


def test_exchange_gear_discards_then_draws(load: Loader, tmp_path: Path) -> None:
    state = gear_game(load, tmp_path)
    turn_and_pass(state, "build factory market", "pay city house", "end")
    apply(state, "draw", "card bakery", "card park", "gear factory")
    j = js(state)
    assert j["phase"] == "exchange" and state.current_player() == 0
    assert status(state) == "turn 5: seat 0 to exchange a card"
    assert legal_strings(state) == {"discard bakery", "discard park"}
    apply(state, "discard bakery")
    j = js(state)
    assert j["phase"] == "draw" and j["todo"] == 1 and j["discard"] == [4]
    apply(state, "card school")
    j = js(state)
    assert j["hands"][0] == [7, 9] and j["gears"] == [15]
    assert j["phase"] == "after" and legal_strings(state) == {"gear library", "end"}


def six_in_hand_with_a_library(load: Loader, tmp_path: Path) -> State:
    """The gear game after two more turns of seat 0, each a card drawn by the Library's gear
    and two from the pile: seat 0 to move with six cards in hand."""
    state = gear_game(load, tmp_path)
    for _ in range(2):
        apply(state, "gear library")
        pick(state)
        apply(state, "draw")
        pick(state)
        pick(state)
        pass_turn(state)
    assert len(js(state)["hands"][0]) == 6
    return state


def test_ruling_13_discard_down_to_six_after_drawing(load: Loader, tmp_path: Path) -> None:
    state = six_in_hand_with_a_library(load, tmp_path)
    # FAQ: "After drawing, choose cards and discard down to the hand limit." The Library's
    # gear draws a seventh card before the main action: the discard comes at once, so no
    # build is ever paid with seven cards in hand.
    apply(state, "gear library")
    pick(state)
    j = js(state)
    assert j["phase"] == "discard" and state.current_player() == 0
    assert len(j["hands"][0]) == 7 and j["acted"] == 0
    assert all(m.startswith("discard ") for m in legal_strings(state))
    state.apply_action(state.legal_actions()[0])
    # Back to the main action with six cards.
    j = js(state)
    assert j["phase"] == "main" and len(j["hands"][0]) == 6 and len(j["discard"]) == 1
    assert "draw" in legal_strings(state)
    # The pile draw gives eight: down to six before the turn goes on.
    apply(state, "draw")
    pick(state)
    pick(state)
    j = js(state)
    assert j["phase"] == "discard" and len(j["hands"][0]) == 8
    state.apply_action(state.legal_actions()[0])
    assert phase(state) == "discard"
    state.apply_action(state.legal_actions()[0])
    # The Library was used: the turn ends (market full) and seat 1 plays.
    assert len(js(state)["hands"][0]) == 6 and len(js(state)["discard"]) == 3
    assert state.current_player() == 1 and phase(state) == "main"


def test_ruling_13_discard_after_a_lightning_take(load: Loader, tmp_path: Path) -> None:
    state = six_in_hand_with_a_library(load, tmp_path)
    assert CARDS.buildings.index("market-hall") in js(state)["market"]
    # The Market Hall's lightning takes a seventh card: the discard follows the take at once,
    # while the build is still in progress (ruling 12's last step comes after it).
    apply(state, "build market-hall market", "pay city house")
    assert phase(state) == "bonus"
    apply(state, "take apartment")
    j = js(state)
    assert j["phase"] == "discard" and len(j["hands"][0]) == 7
    assert j["payment"]["card"] == CARDS.buildings.index("market-hall")
    apply(state, "discard apartment")
    # The build is complete; the Library's gear is still unused.
    j = js(state)
    assert len(j["hands"][0]) == 6 and j["payment"] == NO_PAYMENT
    assert j["phase"] == "after" and legal_strings(state) == {"gear library", "end"}


def test_mayor_gear_person_to_coin(load: Loader) -> None:
    state = new_game(load, sides="mayor")
    turn_and_pass(state, "draw", "card dormitory", "card school")
    # Park: person, food, house. The Mayor side carries no symbol, so the house is only
    # paid by a person of the hand turned into a coin.
    assert "build park market" in legal_strings(state)
    apply(state, "build park market")
    legal = legal_strings(state)
    assert "pay city house" not in legal
    assert {"pay dormitory", "pay dormitory mayor", "pay school", "pay school mayor"} <= legal
    # Dormitory (person, food) with the Mayor: coin + food.
    apply(state, "pay dormitory mayor")
    j = js(state)
    assert j["mayor"] == 1
    assert j["payment"] == payment(7, [1, 1, 0, 0, 0], source=1, credit=1, hand=[2])
    assert "used: mayor" in str(state).splitlines()
    # Once per turn: the School pays its person, not a second coin.
    assert legal_strings(state) == {"pay school"}
    assert_rejected(state, "pay school mayor")
    apply(state, "pay school")
    j = js(state)
    assert j["cities"] == [[7], []] and j["discard"] == [2, 9]
    close_turn(state)
    assert js(state)["mayor"] == 0


def test_mayor_gear_only_on_the_mayor_side(load: Loader) -> None:
    state = new_game(load, sides="house,mayor")
    assert js(state)["sides"] == [0, 1]
    turn_and_pass(state, "draw", "card dormitory", "card school")
    apply(state, "build park market")
    assert not {m for m in legal_strings(state) if m.endswith(" mayor")}
    assert_rejected(state, "pay dormitory mayor")
    assert "pay city house" in legal_strings(state)
    # The Mayor's gear is no `gear` action either.
    state = new_game(load, sides="mayor")
    assert not {m for m in legal_strings(state) if m.startswith("gear ")}


# --- the end of a turn, no turn, the Pioneer Bonus ------------------------------------------

# Two players on CHEAP data, ten builds each. Seat 0: 3 Apartments, 3 Dormitories, 3 Farms,
# a Town House; seat 1: 2 Town Houses, 2 Banks, 3 Bakeries, 2 Schools, a Park.
TIE_0 = ("apartment",) * 3 + ("dormitory",) * 3 + ("farm",) * 3 + ("town-house",)
TIE_1 = ("town-house",) * 2 + ("bank",) * 2 + ("bakery",) * 3 + ("school",) * 2 + ("park",)
TIE_PLAN = tuple(k for pair in zip(TIE_0, TIE_1, strict=True) for k in pair)


def test_pioneer_bonus_checked_at_end_of_turn(load: Loader, tmp_path: Path) -> None:
    state = cheap_game(load, tmp_path, 2, TIE_PLAN, 18)
    assert js(state)["turn"] == 19 and state.current_player() == 0
    apply(state, "build town-house market", "pay city house")
    # The tenth card is in the city, but the bonus waits for the end of the turn.
    j = js(state)
    assert len(j["cities"][0]) == 10 and j["phase"] == "refill" and j["pioneer"] == -1
    pick(state, avoid={"park"})
    j = js(state)
    assert j["pioneer"] == 0 and state.current_player() == 1
    assert "pioneer: seat 0" in str(state).splitlines()
    # Seat 1 reaching ten later does not take it.
    play_plan(state, TIE_PLAN, 1, start=19)
    assert js(state)["pioneer"] == 0


def test_no_turn_with_ten_cards_flips_three(load: Loader, tmp_path: Path) -> None:
    state = cheap_game(load, tmp_path, 2, TIE_PLAN, 19)
    assert len(js(state)["cities"][0]) == 10 and not state.is_terminal()
    pass_turn(state, avoid={"park"})  # seat 1, turn 20: draws instead of its tenth build
    j = js(state)
    assert j["turn"] == 21 and j["phase"] == "flip" and j["todo"] == 3
    assert state.current_player() == CHANCE
    assert status(state) == "turn 21: seat 0 turns over cards"
    apply(state, "card cafe", "card cafe")
    assert js(state)["todo"] == 1
    apply(state, "card theater")
    j = js(state)
    assert j["discard"] == [6, 6, 8]
    assert j["hands"][0] == [] and len(j["cities"][0]) == 10
    assert state.current_player() == 1 and j["turn"] == 22 and j["phase"] == "main"


def test_city_limit_ten_cards(load: Loader, tmp_path: Path) -> None:
    state = cheap_game(load, tmp_path, 2, TIE_PLAN, 19)
    city = js(state)["cities"][0]
    assert len(city) == 10
    pass_turn(state, avoid={"park"})
    # A seat with ten cards never builds again: its turns have no decision at all.
    while js(state)["turn"] == 21:
        assert state.current_player() == CHANCE
        pick(state)
    assert js(state)["cities"][0] == city
    pass_turn(state, avoid={"park"})
    assert phase(state) == "flip" and js(state)["cities"][0] == city


def test_two_player_end_when_both_have_ten(load: Loader, tmp_path: Path) -> None:
    state = cheap_game(load, tmp_path, 2, TIE_PLAN, 19)
    # Only seat 0 has ten: the game goes on.
    assert not state.is_terminal() and state.current_player() == 1
    play_plan(state, TIE_PLAN, 1, start=19)
    j = js(state)
    assert [len(c) for c in j["cities"]] == [10, 10]
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert j["phase"] == "end" and j["to_move"] == -4


def test_tie_goes_to_pioneer_holder(load: Loader, tmp_path: Path) -> None:
    state = cheap_game(load, tmp_path, 2, TIE_PLAN, 20)
    assert state.is_terminal()
    # Seat 0: Apartment 1 x3 + Dormitory 1 x3 + Farm 1 x3 + Town House 2 = 11, + Pioneer
    # Bonus 10 = 21; suns 6 (Apartments, Farms), moons 4.
    # Seat 1: Town House 2 x2 + Bank 2 x2 + Bakery 2 x3 + School 2 x2 + Park 3 = 21; suns 6
    # (Bakeries, Schools, Park), moons 4. Both MOST are ties: nobody gets them.
    assert state.scores() == [21, 21]
    assert state.winners() == [0]
    assert status(state) == "game over after turn 20: winners 0"


def test_four_player_end_when_only_one_lacks_ten(load: Loader, tmp_path: Path) -> None:
    plan = [CARDS.buildings[i % 27] for i in range(39)]
    state = cheap_game(load, tmp_path, 4, plan, 38)
    # Seats 0 and 1 have ten (turns 37 and 38), seats 2 and 3 nine: two lack ten.
    assert [len(c) for c in js(state)["cities"]] == [10, 10, 9, 9]
    assert not state.is_terminal() and state.current_player() == 2
    assert js(state)["pioneer"] == 0
    play_plan(state, plan, 1, start=38)
    assert [len(c) for c in js(state)["cities"]] == [10, 10, 10, 9]
    assert state.is_terminal()
    assert js(state)["pile"]["stage"] == 1


def test_two_player_end_when_pile_runs_out(load: Loader, tmp_path: Path) -> None:
    state = small_game(
        load, tmp_path, ("apartment", "town-house", "bakery", "park", "theater", "school")
    )
    apply(state, "draw", "card farm", "card farm")  # pile 9
    apply(state, "build park market", "pay city house", "card hotel")  # 8
    apply(state, "draw", "card hotel", "card hotel")  # 6
    apply(state, "build bakery market", "pay city house", "card bus-terminal")  # 5
    apply(state, "draw", "card apartment", "card bus-terminal")  # 3
    apply(state, "build theater market", "pay city house", "card school")  # 2
    assert js(state)["pile"]["size"] == 2
    apply(state, "draw", "card town-house", "card park")
    # The pile is out, but the turn is played to its end: seat 0 holds 8 cards.
    j = js(state)
    assert j["pile"]["size"] == 0 and j["phase"] == "discard" and not state.is_terminal()
    apply(state, "discard farm", "discard farm")
    j = js(state)
    assert state.is_terminal()
    # Two players never get a second pile.
    assert j["pile"]["stage"] == 1 and j["discard"] == [2, 2]
    # Seat 1: Park 3 + Bakery 2 + Theater 3 + most suns (2 vs 0) 10 + most moons (1 vs 0)
    # 10 = 28. Seat 0 built nothing: 0. The most VP wins.
    assert state.scores() == [0, 28]
    assert state.winners() == [1]
    assert status(state) == "game over after turn 7: winners 1"


def small_draws(load: Loader, tmp_path: Path, market: Sequence[str]) -> State:
    """SMALL data, 2 players, five draws: one card is left in the pile, seat 1 to move."""
    state = small_game(load, tmp_path, market)
    apply(state, "draw", "card farm", "card farm")  # pile 9
    apply(state, "draw", "card farm", "card hotel")  # 7
    apply(state, "draw", "card hotel", "card hotel")  # 5
    apply(state, "draw", "card bus-terminal", "card bus-terminal")  # 3
    apply(state, "draw", "card bus-terminal", "card school")  # 1
    assert js(state)["pile"]["size"] == 1 and state.current_player() == 1
    return state


def test_ruling_4_an_empty_pile_draws_nothing(load: Loader, tmp_path: Path) -> None:
    state = small_draws(
        load, tmp_path, ("apartment", "town-house", "bakery", "park", "theater", "school")
    )
    apply(state, "draw", "card park")
    # The second card of the draw is skipped: seat 1 holds 4 + 1 cards.
    j = js(state)
    assert len(j["hands"][1]) == 5 and j["pile"]["size"] == 0
    assert state.is_terminal()


def test_market_refill_stops_when_the_pile_runs_out(load: Loader, tmp_path: Path) -> None:
    state = small_draws(
        load, tmp_path, ("apartment", "town-house", "bakery", "park", "theater", "school")
    )
    apply(state, "take apartment", "take bakery")
    assert phase(state) == "refill"
    apply(state, "card town-house")
    j = js(state)
    assert j["pile"]["size"] == 0 and len(j["market"]) == 5
    assert state.is_terminal()


def test_tie_shared_without_pioneer(load: Loader, tmp_path: Path) -> None:
    state = small_game(
        load, tmp_path, ("apartment", "town-house", "bakery", "park", "park", "theater")
    )
    apply(state, "build park market", "pay city house", "card school")  # pile 10
    apply(state, "build park market", "pay city house", "card school")  # 9
    # Draws take the pile to 7, 5, 3, 1 and 0: the last one's second card is skipped.
    for cards in ("hotel hotel", "hotel farm", "farm farm", "bus-terminal bus-terminal"):
        apply(state, "draw", *(f"card {card}" for card in cards.split()))
    apply(state, "draw", "card bus-terminal")
    assert state.is_terminal()
    # A Park each: 3 VP, one sun each (tie: nobody); nobody holds the Pioneer Bonus.
    assert js(state)["pioneer"] == -1
    assert state.scores() == [3, 3]
    assert state.winners() == [0, 1]
    assert status(state) == "game over after turn 7: winners 0 1"


def test_three_player_reshuffle_then_end_on_second_pile(load: Loader, tmp_path: Path) -> None:
    # SMALL ids: town-house 1, farm 2, park 4, school 6, hotel 8.
    state = one_card_left_of_three(load, tmp_path, "hotel")
    apply(state, "build hotel", "pay hotel")  # seat 1: the other Hotel discarded
    j = js(state)
    assert j["discard"] == [1, 8] and j["pile"] == {**j["pile"], "size": 1, "stage": 1}
    apply(state, "draw", "card school")  # seat 2 draws the first pile's last card
    # At once, mid-draw: the discard pile is the second pile; the removed cards stay out.
    j = js(state)
    assert j["pile"] == {"pool": [1, 8], "size": 2, "stage": 2} and j["discard"] == []
    assert outcome_weights(state) == {"card town-house": 1, "card hotel": 1}
    apply(state, "card hotel")
    # The first pile running out does not end a 3-player game.
    assert not state.is_terminal() and state.current_player() == 0
    assert js(state)["pile"] == {"pool": [1], "size": 1, "stage": 2}
    apply(state, "draw", "card town-house")
    # The second pile ran out: the game ends with this turn.
    assert state.is_terminal()
    assert len(js(state)["hands"][0]) == 1
    # Farm 1 (sun), Hotel 5 (moon; +1 per sun in its city: none), Park 3 (sun). Suns: 1, 0,
    # 1: a tie, nobody. Moons: only seat 1: +10.
    assert state.scores() == [1, 15, 3]
    assert state.winners() == [1]


def test_ruling_3_refill_continues_from_the_second_pile(load: Loader, tmp_path: Path) -> None:
    # SMALL ids: town-house 1, hotel 8.
    state = one_card_left_of_three(load, tmp_path, "hotel")
    apply(state, "build hotel", "pay hotel")  # seat 1: the other Hotel discarded
    apply(state, "take apartment", "take bakery")  # seat 2: two cards to refill
    assert phase(state) == "refill"
    apply(state, "card school")
    # The first pile ran out in the middle of the refill: the second pile takes over.
    j = js(state)
    assert j["pile"] == {"pool": [1, 8], "size": 2, "stage": 2} and j["discard"] == []
    assert phase(state) == "refill" and len(j["market"]) == 5
    apply(state, "card town-house")
    j = js(state)
    assert len(j["market"]) == 6 and j["pile"] == {"pool": [8], "size": 1, "stage": 2}
    assert not state.is_terminal() and state.current_player() == 0


# --- scoring --------------------------------------------------------------------------------


def one_build_each(
    load: Loader, market: Sequence[str], drawn: Sequence[str], build: Sequence[str]
) -> list[list[int]]:
    """Both seats draw the cards ``drawn``, then each builds the same way (``build``): the
    scores before the first build, after seat 0's and after seat 1's."""
    state = new_game(load, market=market)
    scores = [state.scores()]
    for _ in range(2):
        apply(state, "draw", *(f"card {card}" for card in drawn))
    for _ in range(2):
        apply(state, *build)
        close_turn(state)
        scores.append(state.scores())
    return scores


def test_sun_most_ten_vp_nobody_on_tie(load: Loader) -> None:
    market = ("bakery", "bakery", "town-house", "apartment", "farm", "dormitory")
    build = ("build bakery market", "pay city house", "pay park")
    # Nobody has a sun: "most" needs at least one. Then Bakery 2 + the most suns (1 vs 0)
    # 10. Then one sun each: nobody gets the 10.
    assert one_build_each(load, market, ("park", "hospital"), build) == [[0, 0], [12, 0], [2, 2]]


def test_faq_tied_most_moons_nobody_gets_the_bonus(load: Loader) -> None:
    market = ("town-house", "town-house", "bakery", "apartment", "farm", "park")
    # Town House (person, food): the Dormitory pays both.
    build = ("build town-house market", "pay dormitory")
    # Town House 2 + most moons (1 vs 0) 10; then one moon each: nobody gets the 10.
    scores = one_build_each(load, market, ("dormitory", "hospital"), build)
    assert scores == [[0, 0], [12, 0], [2, 2]]


def test_scoring_example_hamburger_shop_one_set_is_four_vp(load: Loader) -> None:
    state = new_game(
        load, market=("school", "hamburger-shop", "apartment", "town-house", "dormitory", "farm")
    )
    turn_and_pass(state, "draw", "card theater", "card bakery")
    # School (person, house, happiness): the House, the Theater (happiness + person).
    turn_and_pass(state, "build school market", "pay city house", "pay theater")
    # School 2 + most suns (1 vs 0) 10.
    assert state.scores() == [12, 0]
    # Hamburger Shop (person, food, science): the School in the city, the Bakery.
    apply(state, "build hamburger-shop market", "pay city school", "pay bakery")
    close_turn(state)
    assert js(state)["cities"][0] == [9, 5]
    # City symbols: house (House), science + person (School), food (Hamburger Shop): one
    # Food + Flask set = 4 VP. School 2 + Hamburger Shop 0 + 4 + most suns 10 + most moons
    # (1 vs 0) 10 = 26.
    assert state.scores() == [26, 0]


def test_scoring_example_electric_repair_shop_three_flasks_one_food_is_five_vp(
    load: Loader,
) -> None:
    state = new_game(
        load,
        market=("school", "bakery", "library", "electric-repair-shop", "apartment", "town-house"),
    )
    turn_and_pass(state, "draw", "card theater", "card park")
    turn_and_pass(state, "draw", "card park", "card garden")
    # School (person, house, happiness): House + Theater.
    turn_and_pass(state, "build school market", "pay city house", "pay theater")
    # Bakery (house, happiness): House + Park.
    turn_and_pass(state, "build bakery market", "pay city house", "pay park")
    # Library (science, house, happiness): School + House + Park.
    turn_and_pass(state, "build library market", "pay city school", "pay city house", "pay park")
    # Electric Repair Shop (science, food, house): all from the city.
    apply(
        state,
        "build electric-repair-shop market",
        "pay city library",
        "pay city bakery",
        "pay city house",
    )
    close_turn(state)
    assert js(state)["cities"][0] == [9, 4, 10, 11]
    # Flasks: School, Library, the Repair Shop itself = 3; food: Bakery = 1. Repair Shop:
    # 3 x 1 + 1 x 1 + base 1 = 5 VP. School 2 + Bakery 2 + Library 3 + 5 = 12; suns 3
    # (School, Bakery, Repair Shop) vs 0: 10; moons 1 (Library) vs 0: 10. 12 + 20 = 32.
    assert state.scores() == [32, 0]


def test_scoring_example_electronics_research_lab_is_25_vp(load: Loader) -> None:
    state = lab_game(load)
    apply(state, "build electronics-research-lab market", "pay school", "pay school")
    apply(state, "pay library", "pay bakery", "pay city house")
    apply(state, "card cafe", "card garden", "card theater")
    close_turn(state)
    assert js(state)["cities"][0] == [26]
    # Lab 25 VP (no scoring term) + most moons (1 vs 0) 10 = 35.
    assert state.scores() == [35, 0]


def test_faq_casino_second_place_tie_each_receives_ten(load: Loader) -> None:
    state = new_game(load, 3, market=("casino", "bank", "bank", "apartment", "farm", "town-house"))
    apply(state, "draw", "card theater", "card garden")  # seat 0
    apply(state, "draw", "card theater", "card bakery")  # seat 1
    apply(state, "draw", "card dormitory", "card park")  # seat 2
    apply(state, "draw", "card library", "card hospital")  # seat 0
    # Bank (person, house, food, happiness): House; Theater (happiness + person); Bakery.
    apply(state, "build bank market", "pay city house", "pay theater", "pay bakery")
    close_turn(state)
    # Bank: House; Dormitory (person + food); Park.
    apply(state, "build bank market", "pay city house", "pay dormitory", "pay park")
    close_turn(state)
    # Casino (person, happiness 2, food, science): Theater, Garden (happiness + food), Library.
    apply(state, "build casino market", "pay theater", "pay garden", "pay library")
    close_turn(state)
    assert js(state)["cities"] == [[23], [12], [12]]
    # Coins: seat 0 two (Casino), seats 1 and 2 one each (Bank). First place: seat 0, 15;
    # second place tied: 10 each, though they do not own the Casino. Moons: one each (Casino,
    # Bank, Bank), a tie: nobody. Seat 0: Casino 4 + 15 = 19; seats 1, 2: Bank 2 + 10 = 12.
    assert state.scores() == [19, 12, 12]


def test_rank_term_tied_first_leaves_second_to_the_next_count(load: Loader, tmp_path: Path) -> None:
    state = cheap_game(load, tmp_path, 3, ("casino", "casino", "bank"), 3)
    # Coins 2, 2, 1: seats 0 and 1 share first place, seat 2 is second. Each Casino awards
    # its ranks: two Casinos. Moons one each (tie). Seat 0: 4 + 15 x 2 = 34; seat 1 34;
    # seat 2: Bank 2 + 10 x 2 = 22.
    assert state.scores() == [34, 34, 22]


def test_rank_term_players_without_the_symbol_are_not_placed(load: Loader, tmp_path: Path) -> None:
    state = cheap_game(load, tmp_path, 2, ("casino", "apartment"), 2)
    # Seat 0: Casino 4 + first 15 + most moons 10 = 29. Seat 1 has no coin: no second place;
    # Apartment 1 + most suns 10 = 11.
    assert state.scores() == [29, 11]


def test_score_terms_count_symbols_demand_icons_and_cards(load: Loader, tmp_path: Path) -> None:
    # CHEAP data, solo (no MOST below 4 suns or moons), Central Station in the landmark row.
    plan = ("electric-repair-shop", "bank", "restaurant")
    state = new_game(
        load,
        1,
        market=(plan[0], *FILL[:5]),
        landmarks=("central-station", "castle", "stadium", "airport"),
        data=write_data(tmp_path, CHEAP, "cheap"),
    )
    # Repair Shop: 1 + 1 per science (its own; the House has none) + 1 per food (none) = 2.
    # Bank 2: its coin is no science nor food for the Repair Shop: 4.
    # Restaurant (food + person, moon): 3 + 1 per moon card (Bank, Restaurant) = 5, and the
    # Repair Shop now counts a food: 3. 3 + 2 + 5 = 10.
    assert play_solo_plan(state, plan, 3) == [2, 4, 10]
    apply(state, "build central-station", "pay city house")
    close_turn(state)
    # Central Station 5 + 1 per building and landmark card (4; the House is not one) = 9.
    assert js(state)["cities"][0] == [11, 12, 18, 31]
    assert state.scores() == [19]


# --- solo -----------------------------------------------------------------------------------


def test_solo_setup_uses_all_cards_and_four_landmarks(load: Loader) -> None:
    check_first_pile(load, 1, 75)
    assert landmark_places(load, 1) == 4
    assert js(new_game(load, 1))["players"] == 1


def test_solo_clear_three_market_cards_at_end_of_turn(load: Loader) -> None:
    state = new_game(load, 1)
    apply(state, "draw", "card school", "card theater")
    j = js(state)
    assert j["phase"] == "clear" and j["todo"] == 3 and state.current_player() == 0
    assert status(state) == "turn 1: seat 0 to clear the market"
    assert legal_strings(state) == {f"clear {k}" for k in MARKET}
    apply(state, "clear apartment", "clear bakery")
    assert js(state)["todo"] == 1
    apply(state, "clear park")
    j = js(state)
    assert j["discard"] == [0, 4, 7] and j["market"] == [1, 2, 3]
    assert j["phase"] == "refill"
    apply(state, "card hospital", "card hospital", "card factory")
    j = js(state)
    assert len(j["market"]) == 6 and j["turn"] == 2 and state.current_player() == 0
    assert j["pile"]["size"] == 75 - 2 - 3


def test_ruling_14_solo_discards_after_the_draw_then_clears_then_refills(load: Loader) -> None:
    state = new_game(load, 1)
    for first, second in (("school", "theater"), ("library", "garden"), ("cafe", "concert-hall")):
        apply(state, "draw", f"card {first}", f"card {second}")
        close_turn(state)
    apply(state, "draw", "card bank", "card casino")
    assert phase(state) == "discard"
    apply(state, "discard bank")
    assert phase(state) == "discard"
    apply(state, "discard casino")
    assert phase(state) == "clear" and js(state)["todo"] == 3
    for _ in range(3):
        state.apply_action(state.legal_actions()[0])
    assert phase(state) == "refill" and len(js(state)["market"]) == 3
    for _ in range(3):
        pick(state)
    assert js(state)["turn"] == 5 and phase(state) == "main"


def test_solo_end_when_pile_runs_out(load: Loader, tmp_path: Path) -> None:
    # SMALL data, solo: 27 - 6 = 21 cards. Each turn draws 2 and refills the 3 cleared:
    # 21 -> 16 -> 11 -> 6 -> 1, then turn 5 draws the last card.
    state = new_game(
        load,
        1,
        market=("apartment", "town-house", "farm", "bakery", "park", "theater"),
        data=write_data(tmp_path, SMALL, "small"),
    )
    sizes: list[int] = []
    while not state.is_terminal() and len(sizes) < 20:
        pass_turn(state)
        sizes.append(js(state)["pile"]["size"])
    assert sizes == [16, 11, 6, 1, 0]
    j = js(state)
    assert len(j["market"]) == 3 and len(j["hands"][0]) == 6
    assert state.scores() == [0]
    assert status(state) == "game over after turn 5: 0 VP, D-class mayor"
    assert state.winners() == []


def test_solo_four_suns_or_moons_give_ten(load: Loader, tmp_path: Path) -> None:
    plan = ("office-tower",) * 3 + ("apartment",) + ("concert-hall",) * 3 + ("dormitory",)
    state = new_game(
        load,
        1,
        market=(plan[0], *FILL[:5]),
        data=write_data(tmp_path, CHEAP, "cheap"),
    )
    # Office Tower 5 (sun) x3: 5, 10, 15; the Apartment (1, the fourth sun): 15 + 1 + 10;
    # Concert Hall 6 (moon) x3: 32, 38, 44; the Dormitory (1, the fourth moon): 44 + 1 + 10.
    assert play_solo_plan(state, plan, 8) == [5, 10, 15, 26, 32, 38, 44, 55]


# Ten cards for a solo game: Concert Hall 6 x3, Office Tower 5 x3, Apartment 1, Dormitory 1,
# Farm 1, and a last card. Suns: Office Towers, Apartment, Farm (+ the last); moons: Concert
# Halls, Dormitory = 4.
SOLO_NINE = ("concert-hall",) * 3 + ("office-tower",) * 3 + ("apartment", "dormitory", "farm")


def test_solo_end_when_city_has_ten_and_rating_c(load: Loader, tmp_path: Path) -> None:
    plan = (*SOLO_NINE, "hospital")
    state = new_game(
        load, 1, market=(plan[0], *FILL[:5]), data=write_data(tmp_path, CHEAP, "cheap")
    )
    play_solo_plan(state, plan, 9)
    assert not state.is_terminal()
    play_solo_plan(state, plan[9:], 1)
    assert state.is_terminal() and js(state)["pile"]["size"] > 0
    # 18 + 15 + 1 + 1 + 1 + Hospital 4 = 40; suns 6 >= 4: 10; moons 4: 10; Pioneer Bonus
    # (ten cards): 10. 70: a C-class mayor, which counts as a win.
    assert state.scores() == [70]
    assert status(state) == "game over after turn 10: 70 VP, C-class mayor"
    assert state.winners() == [0]


def test_solo_rating_under_seventy_is_d_class(load: Loader, tmp_path: Path) -> None:
    plan = (*SOLO_NINE, "park")
    state = new_game(
        load, 1, market=(plan[0], *FILL[:5]), data=write_data(tmp_path, CHEAP, "cheap")
    )
    play_solo_plan(state, plan, 10)
    # As above with a Park (3, sun) for the Hospital: 39 + 30 = 69.
    assert state.is_terminal()
    assert state.scores() == [69]
    assert status(state) == "game over after turn 10: 69 VP, D-class mayor"
    assert state.winners() == []


def test_solo_rank_term_first_with_any_coin(load: Loader, tmp_path: Path) -> None:
    state = cheap_game(load, tmp_path, 1, ("casino",), 1)
    # Casino 4 + first place 15 (the only player, with coins); one moon, fewer than 4.
    assert state.scores() == [19]
