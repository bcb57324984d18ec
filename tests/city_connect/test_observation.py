"""What a seat observes: everything public, its own hand; never another hand or the pile.

Expected tensors and strings are worked out from the *Observation* and *Text rendering*
sections of docs/games/city_connect.md: by hand at the positions of the hand-driven opening
(see test_roundtrip), and by a direct transcription of the layout (``spec_tensor``) over
seeded random games. The hidden-information tests drive two games that differ only in the
cards drawn into seat 1's hand.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
import tomllib

from boardcore import ParameterError
from boardcore.api import State
from tests.city_connect.test_roundtrip import (
    GAME,
    KINDS,
    PACKAGED_TEXT,
    PHASES,
    SMALL_B,
    SMALL_L,
    SMALL_TEXT,
    TURN_1,
    TURN_2,
    TURN_3,
    B,
    K,
    L,
    N,
    start,
)
from tests.conftest import Loader, apply
from tests.helpers import js, random_states, same_view

Tensor = npt.NDArray[np.float32]

# The layout with the packaged data (B = 27, L = 8, K = 35, N = 36).
HAND = 0
MARKET = B  # 27
DISCARD = 2 * B  # 54
ROW = 3 * B  # 81
SEATS = 3 * B + L  # 89
BLOCK = K + 8  # 43
G = SEATS + 4 * BLOCK  # 261
BUILT = G + 19  # the card being built, K values
OWED = BUILT + K  # 5 values
CREDIT = OWED + 5
CITY_PAID = CREDIT + 1  # N values
HAND_PAID = CITY_PAID + N  # B values
GEARS = HAND_PAID + B  # N values
SIZE = GEARS + N

PARK, BAKERY, THEATER, HOUSE = KINDS.index("park"), KINDS.index("bakery"), 8, K
DATA = tomllib.loads(PACKAGED_TEXT)


def size_of(b: int, l_: int) -> int:
    """The spec's formula: 3B + L + 4(K + 8) + 25 + K + 2N + B."""
    k = b + l_
    return 3 * b + l_ + 4 * (k + 8) + 25 + k + 2 * (k + 1) + b


def spec_tensor(
    j: dict[str, Any], scores: list[int], p: int, data: dict[str, Any] = DATA
) -> npt.NDArray[np.float64]:
    """The observation of seat ``p``, transcribed from the spec's layout, from the canonical
    JSON (the public fields and ``p``'s own hand only) and the current scores."""
    b, l_ = len(data["building"]), len(data["landmark"])
    k, n = b + l_, b + l_ + 1
    demand = [card["demand"] for card in (*data["building"], *data["landmark"])]
    t = np.zeros(size_of(b, l_))
    for kind in j["hands"][p]:
        t[kind] += 1
    for kind in j["market"]:
        t[b + kind] += 1
    for kind in j["discard"]:
        t[2 * b + kind] += 1
    t[: 3 * b] /= 3
    for mark in j["landmarks"]:
        t[3 * b + mark] = 1
    players = j["players"]
    for r in range(players):
        s = (p + r) % players
        base = 3 * b + l_ + r * (k + 8)
        city = j["cities"][s]
        for card in city:
            t[base + card] += 1 / 3
        t[base + k] = j["sides"][s]
        t[base + k + 1] = len(j["hands"][s]) / 6
        t[base + k + 2] = len(city) / 10
        t[base + k + 3] = sum(demand[c] == "sun" for c in city) / 10
        t[base + k + 4] = sum(demand[c] == "moon" for c in city) / 10
        t[base + k + 5] = j["pioneer"] == s
        t[base + k + 6] = scores[s] / 100
        t[base + k + 7] = j["to_move"] == s
    g = 3 * b + l_ + 4 * (k + 8)
    t[g] = j["pile"]["size"] / (3 * b)
    t[g + 1] = j["pile"]["stage"] == 2
    t[g + 2 + PHASES.index(j["phase"])] = 1
    t[g + 15] = j["acted"]
    t[g + 16] = j["mayor"]
    t[g + 17] = j["taken"] / 3
    t[g + 18] = j["todo"] / 10
    pay = j["payment"]
    if pay["card"] >= 0:
        t[g + 19 + pay["card"]] = 1
    for i, owed in enumerate(pay["owed"]):
        t[g + 19 + k + i] = owed / 8
    t[g + 24 + k] = pay["credit"] / 8
    for card in pay["city"]:
        t[g + 25 + k + card] += 1 / 3
    for kind in pay["hand"]:
        t[g + 25 + k + n + kind] += 1 / 3
    for card in j["gears"]:
        t[g + 25 + k + n + b + card] += 1 / 3
    return t


def assert_tensor(got: Tensor, expected: npt.NDArray[np.float64], where: object = "") -> None:
    assert got.dtype == np.float32
    assert got.shape == expected.shape
    wrong = np.flatnonzero(~np.isclose(got, expected, rtol=1e-6, atol=1e-7))
    details = [(int(i), float(got[i]), float(expected[i])) for i in wrong[:8]]
    assert details == [], where


def spec_string(state: State, p: int) -> str:
    """``str(state)`` with every other seat's hand as ``hand size N``, then the observer."""
    j = js(state)
    lines = []
    for line in str(state).splitlines():
        m = re.match(
            r"seat (\d+) \((?:house|mayor)\): score -?\d+, built \d+, hand ([^,]*), ", line
        )
        if m and int(m.group(1)) != p:
            size = len(j["hands"][int(m.group(1))])
            line = line.replace(f"hand {m.group(2)}, ", f"hand size {size}, ", 1)
        lines.append(line)
    return "\n".join([*lines, f"observer: seat {p}"])


# --- size and range -------------------------------------------------------------------------


def test_observation_size(load: Loader, tmp_path: Path) -> None:
    assert size_of(B, L) == SIZE == 420
    for players in (1, 2, 3, 4):
        state = load(GAME, players=players).new_initial_state()
        for seat in range(players):
            tensor = state.observation_tensor(seat)
            assert tensor.dtype == np.float32
            assert tensor.shape == (420,)
    path = tmp_path / "small.toml"
    path.write_text(SMALL_TEXT)
    small = start(load, 3, data=str(path))
    assert size_of(SMALL_B, SMALL_L) == 360
    for seat in range(3):
        assert small.observation_tensor(seat).shape == (360,)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_values_in_range(load: Loader, players: int) -> None:
    unbounded = set()  # the score / 100 and the hand size / 6 can pass 1
    for r in range(4):
        unbounded |= {SEATS + r * BLOCK + K + 1, SEATS + r * BLOCK + K + 6}
    bounded = np.array([i not in unbounded for i in range(SIZE)])
    for state in random_states(load(GAME, players=players), seed=7, every=4):
        for seat in range(players):
            t = state.observation_tensor(seat)
            assert np.all(np.isfinite(t))
            assert np.all(t >= 0), state.history()
            assert np.all(t[bounded] <= 1), np.flatnonzero(t[bounded] > 1)
            assert t[G + 2 : G + 15].sum() == 1  # one phase
            assert set(t[BUILT : BUILT + K].tolist()) <= {0.0, 1.0}
            assert t[BUILT : BUILT + K].sum() <= 1
            assert t[SEATS + players * BLOCK : G].sum() == 0  # no seat beyond the players


# --- the layout at hand-driven positions ----------------------------------------------------


def test_tensor_in_a_payment(load: Loader) -> None:
    # Turn 3: seat 0 builds the market's park (person, food, house) and has paid with its
    # theater (person; its happiness is lost): it owes house 1, food 1.
    state = start(load, 2, *TURN_1, *TURN_2, *TURN_3[:2])
    t = state.observation_tensor(0)
    expected = np.zeros(SIZE)
    expected[HAND + BAKERY] = 1 / 3  # seat 0's hand: a bakery
    for kind, count in (("farm", 1), ("bakery", 2), ("school", 1), ("bank", 1)):
        expected[MARKET + KINDS.index(kind)] = count / 3
    expected[ROW : ROW + 4] = 1  # city-tower, castle, stadium, airport
    expected[SEATS + K + 1] = 1 / 6  # seat 0 holds 1 card
    expected[SEATS + K + 7] = 1  # and is to move
    expected[SEATS + BLOCK + K + 1] = 2 / 6  # seat 1 holds 2
    expected[G] = 61 / 81  # 81 - 10 removed - 6 market - 2 refilled - 2 drawn
    expected[G + 2 + 4] = 1  # phase pay
    expected[G + 15] = 1  # acted
    expected[BUILT + PARK] = 1
    expected[OWED : OWED + 5] = [0, 1 / 8, 1 / 8, 0, 0]
    expected[HAND_PAID + THEATER] = 1 / 3
    assert_tensor(t, expected)
    # Seat 1 sees the same payment, its own hand (apartment, hospital), its own block first.
    t1 = state.observation_tensor(1)
    assert t1[HAND : HAND + B].tolist() == [
        pytest.approx(1 / 3) if k in (0, 14) else 0 for k in range(B)
    ]
    assert np.array_equal(t1[MARKET:SEATS], t[MARKET:SEATS])
    assert np.array_equal(t1[SEATS : SEATS + BLOCK], t[SEATS + BLOCK : SEATS + 2 * BLOCK])
    assert np.array_equal(t1[SEATS + BLOCK : SEATS + 2 * BLOCK], t[SEATS : SEATS + BLOCK])
    assert np.array_equal(t1[G:], t[G:])
    # The initial card's house pays next: city index N - 1 = 35.
    apply(state, "pay city house")
    t = state.observation_tensor(0)
    expected[OWED : OWED + 5] = [0, 0, 1 / 8, 0, 0]
    expected[CITY_PAID + HOUSE] = 1 / 3
    assert_tensor(t, expected)


def test_tensor_at_the_next_turn(load: Loader) -> None:
    # Seat 0's park (a sun, 3 VP) is built; seat 1 is to play turn 4. Seat 0 scores 3 for
    # the park and 10 for the most suns; the paid bakery and theater are discarded; the
    # market got a cafe.
    state = start(load, 2, *TURN_1, *TURN_2, *TURN_3)
    assert state.scores() == [13, 0]
    expected = np.zeros(SIZE)
    expected[HAND + KINDS.index("apartment")] = 1 / 3
    expected[HAND + KINDS.index("hospital")] = 1 / 3
    for kind, count in (("farm", 1), ("bakery", 2), ("cafe", 1), ("school", 1), ("bank", 1)):
        expected[MARKET + KINDS.index(kind)] = count / 3
    expected[DISCARD + BAKERY] = 1 / 3
    expected[DISCARD + THEATER] = 1 / 3
    expected[ROW : ROW + 4] = 1
    own, other = SEATS, SEATS + BLOCK  # seat 1, then seat 0
    expected[own + K + 1] = 2 / 6
    expected[own + K + 7] = 1
    expected[other + PARK] = 1 / 3
    expected[other + K + 2] = 1 / 10  # 1 card built
    expected[other + K + 3] = 1 / 10  # 1 sun
    expected[other + K + 6] = 13 / 100
    expected[G] = 60 / 81
    expected[G + 2 + 1] = 1  # phase main; a new turn: not acted
    assert_tensor(state.observation_tensor(1), expected)
    # Seat 0's own view: its block first, an empty hand.
    t0 = state.observation_tensor(0)
    assert t0[HAND : HAND + B].sum() == 0
    assert np.allclose(t0[SEATS : SEATS + BLOCK], expected[other : other + BLOCK])
    assert np.allclose(t0[SEATS + BLOCK : SEATS + 2 * BLOCK], expected[own : own + BLOCK])
    assert t0[SEATS + 2 * BLOCK : G].sum() == 0


def test_tensor_of_the_mayor_side(load: Loader) -> None:
    # Seat 0 (Mayor side) builds the market's bakery (house, happiness) with its theater,
    # its person paid as a coin.
    state = start(load, 2, *TURN_1, *TURN_2, "build bakery market", sides="mayor,house")
    t = state.observation_tensor(1)
    assert t[SEATS + K] == 0  # seat 1 shows the House
    assert t[SEATS + BLOCK + K] == 1  # seat 0 (relative 1) the Mayor
    assert t[G + 16] == 0
    assert np.allclose(t[OWED : OWED + 5], [0, 1 / 8, 0, 1 / 8, 0])
    apply(state, "pay theater mayor")
    j = js(state)
    assert (j["mayor"], j["phase"], j["cities"][0]) == (1, "refill", [BAKERY])
    t = state.observation_tensor(1)
    assert t[G + 16] == 1  # the Mayor's gear was used this turn
    assert t[G + 2 + 10] == 1  # refill
    assert t[BUILT : BUILT + K].sum() == 0 and t[OWED:GEARS].sum() == 0  # payment cleared
    assert "used: mayor" in state.observation_string(1).splitlines()
    assert "used: mayor" in state.observation_string(0).splitlines()


@pytest.mark.parametrize("players", [3, 4])
def test_seat_blocks_are_relative_to_the_observer(load: Loader, players: int) -> None:
    for state in random_states(load(GAME, players=players), seed=2, every=40)[1:]:
        tensors = [state.observation_tensor(seat) for seat in range(players)]
        for p in range(players):
            for q in range(players):
                for r in range(players):
                    # Seat (p + r) is relative r to p and relative (p + r - q) to q.
                    a = SEATS + r * BLOCK
                    b = SEATS + ((p + r - q) % players) * BLOCK
                    assert np.array_equal(tensors[p][a : a + BLOCK], tensors[q][b : b + BLOCK])
            assert tensors[p][SEATS + players * BLOCK : G].sum() == 0
            assert np.array_equal(tensors[p][MARKET:SEATS], tensors[0][MARKET:SEATS])
            assert np.array_equal(tensors[p][G:], tensors[0][G:])


# --- the layout over random games -----------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_tensor_follows_the_spec_in_random_games(load: Loader, players: int) -> None:
    sides = ",".join("mayor" if seat % 2 == 0 else "house" for seat in range(players))
    game = load(GAME, players=players, sides=sides)
    phases = set()
    for seed in (0, 1):
        for state in random_states(game, seed, every=2):
            j = js(state)
            phases.add(j["phase"])
            scores = state.scores()
            for seat in range(players):
                got = state.observation_tensor(seat)
                assert_tensor(got, spec_tensor(j, scores, seat), (seed, seat, state.history()))
    assert {"setup", "main", "pay", "refill", "end"} <= phases


def test_tensor_follows_the_spec_with_a_users_data(load: Loader, tmp_path: Path) -> None:
    path = tmp_path / "small.toml"
    path.write_text(SMALL_TEXT)
    data = tomllib.loads(SMALL_TEXT)
    game = load(GAME, players=3, data=str(path))
    for state in random_states(game, 5, every=3):
        j = js(state)
        for seat in range(3):
            expected = spec_tensor(j, state.scores(), seat, data)
            assert_tensor(state.observation_tensor(seat), expected, state.history())


# --- observation strings --------------------------------------------------------------------


def test_observation_string_in_a_payment(load: Loader) -> None:
    state = start(load, 2, *TURN_1, *TURN_2, *TURN_3[:2])
    public = [
        "turn 3: seat 0 to pay for park",
        "landmarks: castle city-tower stadium airport",
        "market: farm bakery bakery school bank",
        "pile: 61 cards, stage 1; discard: empty",
        "pioneer: none",
    ]
    payment = "payment: park from market, owes house 1 food 1, credit 0, hand theater, city -"
    assert state.observation_string(0) == "\n".join(
        [
            *public,
            "seat 0 (house): score 0, built 0, hand bakery, city -",
            "seat 1 (house): score 0, built 0, hand size 2, city -",
            payment,
            "observer: seat 0",
        ]
    )
    assert state.observation_string(1) == "\n".join(
        [
            *public,
            "seat 0 (house): score 0, built 0, hand size 1, city -",
            "seat 1 (house): score 0, built 0, hand apartment hospital, city -",
            payment,
            "observer: seat 1",
        ]
    )


def test_observation_string_at_the_next_turn(load: Loader) -> None:
    state = start(load, 2, *TURN_1, *TURN_2, *TURN_3)
    public = [
        "turn 4: seat 1 to play",
        "landmarks: castle city-tower stadium airport",
        "market: farm bakery bakery cafe school bank",
        "pile: 60 cards, stage 1; discard: bakery theater",
        "pioneer: none",
    ]
    assert state.observation_string(1) == "\n".join(
        [
            *public,
            "seat 0 (house): score 13, built 1, hand size 0, city park",
            "seat 1 (house): score 0, built 0, hand apartment hospital, city -",
            "observer: seat 1",
        ]
    )
    assert state.observation_string(0) == "\n".join(
        [
            *public,
            "seat 0 (house): score 13, built 1, hand -, city park",
            "seat 1 (house): score 0, built 0, hand size 2, city -",
            "observer: seat 0",
        ]
    )


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_observation_string_follows_the_rendering(load: Loader, players: int) -> None:
    game = load(GAME, players=players, sides="mayor" if players == 3 else "house")
    for state in random_states(game, 9, every=3):
        for seat in range(players):
            text = state.observation_string(seat)
            assert text == spec_string(state, seat)
            assert text.splitlines()[-1] == f"observer: seat {seat}"
            assert text.count("hand size ") == players - 1


# --- hidden information ---------------------------------------------------------------------


def two_games(load: Loader, players: int = 2) -> tuple[list[State], list[State]]:
    """Every state of two games that differ only in seat 1's draw on turn 2: a hospital
    and an apartment, or a hotel and an apartment. Seat 0 then plays turn 3 (with three
    players, after seat 2 has drawn two gardens)."""
    games = []
    for card in ("hospital", "hotel"):
        state = start(load, players, *TURN_1)
        states = []
        moves = ["draw", f"card {card}", "card apartment"]
        if players == 3:
            moves += ["draw", "card garden", "card garden"]
        for move in (*moves, *TURN_3):
            apply(state, move)
            states.append(state.clone())
        games.append(states)
    return games[0], games[1]


def test_another_seats_hand_is_not_observed(load: Loader) -> None:
    a, b = two_games(load)
    for sa, sb in zip(a[1:], b[1:], strict=True):  # from the differing card on
        assert same_view(sa, sb, 0), sa.history()[-1:]
        assert not same_view(sa, sb, 1), sa.history()[-1:]
        ja, jb = js(sa), js(sb)
        assert ja["hands"][1] != jb["hands"][1]
        # The pile: another pool of the same size.
        assert ja["pile"]["pool"] != jb["pile"]["pool"]
        assert ja["pile"]["size"] == jb["pile"]["size"]
    last_a, last_b = a[-1], b[-1]
    assert "hand apartment hospital" in last_a.observation_string(1)
    assert "hand apartment hotel" in last_b.observation_string(1)
    for state in (last_a, last_b):
        assert "hospital" not in state.observation_string(0)
        assert "hotel" not in state.observation_string(0)
        assert "hand size 2" in state.observation_string(0)
    ta, tb = last_a.observation_tensor(1), last_b.observation_tensor(1)
    hospital, hotel = KINDS.index("hospital"), KINDS.index("hotel")
    assert (ta[HAND + hospital], ta[HAND + hotel]) == (pytest.approx(1 / 3), 0)
    assert (tb[HAND + hospital], tb[HAND + hotel]) == (0, pytest.approx(1 / 3))


def test_the_pile_pool_is_not_observed_with_three_players(load: Loader) -> None:
    """Three players: 15 cards are removed unseen; seat 1's draw changes only the pool for
    seats 0 and 2."""
    a, b = two_games(load, players=3)
    for sa, sb in zip(a[1:], b[1:], strict=True):
        assert same_view(sa, sb, 0)
        assert same_view(sa, sb, 2)
        assert not same_view(sa, sb, 1)
        assert js(sa)["pile"]["pool"] != js(sb)["pile"]["pool"]
    assert js(a[-1])["pile"]["size"] == js(b[-1])["pile"]["size"] == 81 - 15 - 6 - 2 - 2 - 2 - 1


def test_own_hand_is_observed(load: Loader) -> None:
    state = start(load, 2, *TURN_1)
    t0 = state.observation_tensor(0)
    assert np.isclose(t0[HAND + BAKERY], 1 / 3) and np.isclose(t0[HAND + THEATER], 1 / 3)
    assert t0[HAND : HAND + B].sum() == pytest.approx(2 / 3)
    t1 = state.observation_tensor(1)
    assert t1[HAND : HAND + B].sum() == 0
    assert np.isclose(t1[SEATS + BLOCK + K + 1], 2 / 6)  # but it sees the hand's size


# --- bad observers --------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 4])
def test_bad_player_index_raises(load: Loader, players: int) -> None:
    state = start(load, players, "take theater")
    before = state.to_json()
    for seat in (-1, players, 4, 99):
        with pytest.raises(ParameterError):
            state.observation_tensor(seat)
        with pytest.raises(ParameterError):
            state.observation_string(seat)
    assert state.to_json() == before
