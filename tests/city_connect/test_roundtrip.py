"""Round trips: JSON within and across engines, clones, notation, replay, a user's data file.

Also home of the small helpers the other City Connect test files of this set share: the
hand-driven opening (``SETUP`` and the first turns), seeded random games and the first state
of every phase.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest
import tomllib

import boardcore
import boardcore.reference
from boardcore.api import State
from boardcore.schema import schema
from tests import helpers
from tests.conftest import ENGINES, Loader, apply
from tests.helpers import data_path, js, random_states

GAME = "city_connect"
PACKAGED_PATH = data_path("city_connect")
PACKAGED_TEXT = PACKAGED_PATH.read_text()

# The packaged data: B = 27 kinds, L = 8 landmarks, N = B + L + 1 = 36 city cards.
B, L = 27, 8
K, N = B + L, B + L + 1
KINDS = (
    "apartment",
    "town-house",
    "dormitory",
    "farm",
    "bakery",
    "hamburger-shop",
    "cafe",
    "park",
    "theater",
    "school",
    "library",
    "electric-repair-shop",
    "bank",
    "market-hall",
    "hospital",
    "factory",
    "bus-terminal",
    "shopping-mall",
    "restaurant",
    "garden",
    "office-tower",
    "university",
    "concert-hall",
    "casino",
    "hotel",
    "art-gallery",
    "electronics-research-lab",
)
PHASES = schema(GAME)["properties"]["phase"]["enum"]

# A hand-driven opening (2 players unless said otherwise). The market is turned over as
# bakery bakery park school theater bank, the landmark row castle city-tower stadium
# airport (and harbor with 4 players).
MARKET = ("bakery", "bakery", "park", "school", "theater", "bank")
ROW = ("castle", "city-tower", "stadium", "airport")
SETUP = [*(f"card {kind}" for kind in MARKET), *(f"landmark {mark}" for mark in ROW)]
# Turn 1, seat 0 takes theater (2 symbols) and bakery (1); the market is refilled with the
# third bakery and a farm: every bakery has now been seen.
TURN_1 = ["take theater", "take bakery", "card bakery", "card farm"]
# Turn 2, seat 1 draws a hospital and an apartment from the pile.
TURN_2 = ["draw", "card hospital", "card apartment"]
# Turn 3, seat 0 builds the market's park (person, food, house) with its theater, the
# initial card's house and its bakery; the market gets a cafe.
TURN_3 = ["build park market", "pay theater", "pay city house", "pay bakery", "card cafe"]


def start(load: Loader, players: int = 2, *moves: str, **params: Any) -> State:
    """A game after the hand-driven setup (and ``moves``)."""
    state = load(GAME, players=players, **params).new_initial_state()
    apply(state, *SETUP)
    if players == 4:
        apply(state, "landmark harbor")
    apply(state, *moves)
    return state


# Where random games reach every phase: (players, sides) settings scanned in this order.
PHASE_SEARCH = [(1, "house"), (1, "mayor"), (2, "house"), (2, "mayor"), (3, "house"), (4, "mayor")]


@functools.cache
def phase_states(load: Loader, seeds: int = 40) -> dict[str, State]:
    """The first state of each phase met by seeded random games (all 13 phases; clones: do
    not change them)."""
    runs = (
        ({"players": players, "sides": sides}, seed)
        for players, sides in PHASE_SEARCH
        for seed in range(seeds)
    )
    return helpers.first_of_each_phase(load, GAME, runs, PHASES)


# --- JSON -----------------------------------------------------------------------------------


def test_hand_driven_position_round_trips_across_engines() -> None:
    """The pay phase of turn 3 (payment half done) in both directions."""
    for saver in ENGINES.values():
        state = start(saver, 2, *TURN_1, *TURN_2, *TURN_3[:3])
        text = state.to_json()
        assert js(state)["phase"] == "pay"
        for loader in ENGINES.values():
            loaded = loader(GAME, players=2).state_from_json(text)
            assert loaded.to_json() == text
            apply(loaded, *TURN_3[3:])
            finished = apply(state.clone(), *TURN_3[3:])
            assert loaded.to_json() == finished.to_json()


# --- clones ---------------------------------------------------------------------------------


# --- notation -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_legal_action_and_outcome_round_trips(load: Loader, players: int) -> None:
    sides = "mayor" if players != 2 else "house,mayor"
    game = load(GAME, players=players, sides=sides)
    words = helpers.notation_words([s for seed in (20, 21, 22) for s in random_states(game, seed)])
    assert {"card", "landmark", "take", "draw", "build", "pay"} <= words


def test_every_action_id_has_a_notation(load: Loader) -> None:
    assert 8 * B + 2 * L + 2 * N + 2 == 306
    helpers.assert_every_id_named(load(GAME, players=2), 306)


# --- replay ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_params_rebuild_the_same_game(load: Loader, players: int) -> None:
    game = load(GAME, players=players, sides="mayor")
    assert game.params["players"] == players
    assert game.params["sides"] == ",".join(["mayor"] * players)
    helpers.assert_rebuilds(load, game)
    assert load(GAME).params["sides"] == "house,house,house,house"


# --- a user's own data file -----------------------------------------------------------------


def entry_span(text: str, table: str, slug: str) -> tuple[int, int]:
    """The character span of the ``[[table]]`` entry with ``slug`` in a data file."""
    begin = text.index(f'[[{table}]]\nslug = "{slug}"')
    end = text.find("\n[[", begin + 1)
    return begin, len(text) if end < 0 else end + 1


def edit_entry(text: str, table: str, slug: str, old: str, new: str) -> str:
    """``text`` with ``old`` replaced by ``new`` once, inside one entry."""
    begin, end = entry_span(text, table, slug)
    block = text[begin:end]
    assert old in block, (slug, old)
    return text[:begin] + block.replace(old, new, 1) + text[end:]


def drop_entry(text: str, table: str, slug: str) -> str:
    begin, end = entry_span(text, table, slug)
    return text[:begin] + text[end:]


# The Casino (kind 23): 9 VP instead of 4, and the rank term pays 20 / 5 instead of 15 / 10.
CASINO_TEXT = edit_entry(
    edit_entry(PACKAGED_TEXT, "building", "casino", "vp = 4", "vp = 9"),
    "building",
    "casino",
    "vp = [15, 10]",
    "vp = [20, 5]",
)
# Fewer kinds and landmarks: no university, hotel, art gallery, research lab (B = 23), no
# grand shrine or harbor (L = 6).
SMALL_TEXT = PACKAGED_TEXT
for _slug in ("university", "hotel", "art-gallery", "electronics-research-lab"):
    SMALL_TEXT = drop_entry(SMALL_TEXT, "building", _slug)
for _slug in ("grand-shrine", "harbor"):
    SMALL_TEXT = drop_entry(SMALL_TEXT, "landmark", _slug)
SMALL_B, SMALL_L = 23, 6


def coins(city: list[int]) -> int:
    """Coins on a city's cards, from the packaged file (bank 1, market hall 1, shopping mall
    1, office tower 1, casino 2, city tower 1, airport 1; neither side of the initial card)."""
    data = tomllib.loads(PACKAGED_TEXT)
    cards = [*data["building"], *data["landmark"]]
    assert all("coin" not in side["symbols"] for side in data["initial"])
    return sum(cards[card]["symbols"].count("coin") for card in city)


def test_casino_values_from_a_users_file(load: Loader, tmp_path: Path) -> None:
    """Only scores change: the same seed plays the same game; each seat gains 5 per own
    Casino, and for every Casino in play 5 more in first place and 5 fewer in second."""
    path = tmp_path / "my_cards.toml"
    path.write_text(CASINO_TEXT)
    checked = 0
    for players in (1, 2, 3, 4):
        for seed, (a, b) in enumerate(
            helpers.played_with_and_without(load, GAME, path, range(25), players=players)
        ):
            cities = js(a)["cities"]
            casinos = [city.count(23) for city in cities]
            if sum(casinos) == 0:
                assert a.scores() == b.scores()
                continue
            counts = [coins(city) for city in cities]
            placed = sorted({c for c in counts if c > 0}, reverse=True)
            first = placed[0] if placed else None
            second = placed[1] if len(placed) > 1 and players > 1 else None
            for seat in range(players):
                delta = 5 * casinos[seat]
                if counts[seat] == first:
                    delta += 5 * sum(casinos)
                elif counts[seat] == second:
                    delta -= 5 * sum(casinos)
                assert b.scores()[seat] - a.scores()[seat] == delta, (players, seed, seat)
            checked += 1
    assert checked >= 3


def test_a_users_smaller_data_file_plays_to_the_end_on_both_engines(tmp_path: Path) -> None:
    path = tmp_path / "small.toml"
    path.write_text(SMALL_TEXT)
    n = SMALL_B + SMALL_L + 1
    for players in (1, 2, 3, 4):
        rust = boardcore.load(GAME, players=players, data=str(path))
        ref = boardcore.reference.load(GAME, players=players, data=str(path))
        for game in (rust, ref):
            assert game.num_distinct_actions == 8 * SMALL_B + 2 * SMALL_L + 2 * n + 2 == 258
        state = rust.new_initial_state()
        assert state.string_to_action("card casino") == 7 * SMALL_B + SMALL_L + 2 * n + 2 + 22
        assert state.string_to_action("landmark observatory") == 8 * SMALL_B + SMALL_L + 2 * n + 7
        for seed in range(4):
            a = boardcore.play(rust, seed=seed)
            b = boardcore.play(ref, seed=seed)
            assert a.is_terminal() and b.is_terminal()
            assert a.to_json() == b.to_json(), (players, seed)
            assert a.scores() == b.scores()
            assert a.winners() == b.winners()
            assert str(a) == str(b)
            final = js(a)
            seen = [*final["market"], *final["discard"], *final["pile"]["pool"]]
            for seat in range(players):
                seen += final["hands"][seat]
                assert all(card < SMALL_B + SMALL_L for card in final["cities"][seat])
            assert all(kind < SMALL_B for kind in seen)
            # The saved game loads in the other engine.
            assert ref.state_from_json(a.to_json()).to_json() == a.to_json()
            assert rust.state_from_json(b.to_json()).to_json() == b.to_json()
