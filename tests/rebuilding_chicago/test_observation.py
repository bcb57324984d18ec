"""What a seat observes: every seat's table and numbers, seats relative to the observer, the
globals, and nothing of the other seats' dealt landmark cards.

Expected tensors are worked out from the *Observation* section of
docs/games/rebuilding_chicago.md: some entries by hand at the hand-driven opening (see
test_roundtrip), and everything by a direct transcription of the layout (``spec_tensor``) from
the canonical JSON and the packaged data over seeded random games of every setting.
"""

from __future__ import annotations

import re
import sys
from importlib.resources import files
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 has no tomllib
    import tomli as tomllib

from boardcore.api import State
from tests.conftest import ENGINES, Loader, apply
from tests.helpers import js, observation, random_states
from tests.rebuilding_chicago.test_roundtrip import (
    CARD_COST,
    GAME,
    KIND_KEYS,
    LANDMARK_KEYS,
    OPENING,
    SETTING_IDS,
    SETTINGS,
    SETUP,
    TURN_1,
    TURN_2,
    engine,
    on_board,
    space,
    start,
    table,
)

Tensor = npt.NDArray[np.float32]

CARDS, LANDMARKS, SUBURBS = 144, 15, 60
SPACES = 121
PLANES = 14
NUMBERS = PLANES * SPACES  # 1694: the numbers inside a seat block
DISTRICT = 25  # then the district one-hot, among the numbers
DISTRICTS = 6
BLOCK = NUMBERS + DISTRICT + DISTRICTS
GLOBALS = 5 * BLOCK
ROUND, EVENTS, MARKET, TOKENS, DECISION = (
    GLOBALS,
    GLOBALS + 3,
    GLOBALS + 10,
    GLOBALS + 26,
    GLOBALS + 41,
)
# The identities after the 42 shared entries: a card one-hot per market slot, then per seat
# ability cards, landmark cards kept, built (card still owned) and lost, suburbs in hand.
MARKET_CARDS = GLOBALS + 42
HOLDINGS = MARKET_CARDS + 8 * CARDS
HOLDING = CARDS + 3 * LANDMARKS + SUBURBS
KEPT_CARDS, BUILT_CARDS, LOST_CARDS, HAND_TILES = (
    CARDS,
    CARDS + LANDMARKS,
    CARDS + 2 * LANDMARKS,
    CARDS + 3 * LANDMARKS,
)
# Then the piece a `place` decision places: a building kind (32), a landmark or a suburb tile.
PLACING = HOLDINGS + 5 * HOLDING
KINDS = 32
SIZE = PLACING + KINDS + LANDMARKS + SUBURBS
# Planes of a seat block.
SUBURB, USABLE, RUBBLE, SIGHTS, BUILDING, LANDMARK = 0, 1, 2, 3, 6, 13
# Numbers of a seat block.
MONEY, VP, UNHAPPY, QUALITY, SYMBOLS, TILES, LAW, BUILT, KEPT, ABILITIES, HAND = (
    0,
    1,
    2,
    3,
    6,
    13,
    20,
    21,
    22,
    23,
    24,
)


def spec_tensor(j: dict[str, Any], p: int) -> npt.NDArray[np.float64]:
    """The observation of seat ``p``, transcribed from the spec's layout, from the JSON."""
    t = np.zeros(SIZE)
    players = j["players"]
    for r in range(players):
        s = (p + r) % players
        seat = j["seats"][s]
        base = BLOCK * r
        tab = table(seat)
        for where in range(SPACES if seat["district"] >= 0 else 0):  # no planes without one
            if where in tab.suburb:
                t[base + SUBURB * SPACES + where] = 1
            if tab.usable(where):
                t[base + USABLE * SPACES + where] = 1
            covered = tab.covered.get(where, -1)
            if covered >= 0:
                t[base + (BUILDING + covered) * SPACES + where] = 1  # 6 + 7 is the landmark
            else:
                symbol = tab.symbol.get(where, "")
                if symbol == "r":
                    t[base + RUBBLE * SPACES + where] = 1
                elif symbol:
                    t[base + (SIGHTS + int(symbol) - 1) * SPACES + where] = 1
        n = base + NUMBERS
        t[n + MONEY] = seat["money"]
        t[n + VP] = seat["vp"]
        t[n + UNHAPPY] = seat["unhappy"]
        t[n + QUALITY : n + QUALITY + 3] = seat["quality"]
        t[n + SYMBOLS : n + SYMBOLS + 7] = tab.symbols
        t[n + TILES : n + TILES + 7] = tab.tiles
        t[n + LAW] = seat["law"] >= 0
        t[n + BUILT] = len(seat["built"])
        t[n + KEPT] = len(seat["landmarks"])
        t[n + ABILITIES] = len(seat["abilities"])
        t[n + HAND] = len(seat["hand"])
        if seat["district"] >= 0:
            t[n + DISTRICT + seat["district"]] = 1
    t[ROUND + j["round"] - 1] = 1
    t[EVENTS : EVENTS + 7] = j["events"]
    for slot, card in enumerate(j["market"]):
        if card >= 0:
            t[MARKET + 2 * slot] = 1
            t[MARKET + 2 * slot + 1] = CARD_COST[card]
    t[TOKENS : TOKENS + 15] = j["tokens"]
    t[DECISION] = j["to_move"] == p
    for slot, card in enumerate(j["market"]):
        if card >= 0:
            t[MARKET_CARDS + slot * CARDS + card] = 1
    for r in range(players):
        seat = j["seats"][(p + r) % players]
        base = HOLDINGS + r * HOLDING
        for card in seat["abilities"]:
            t[base + card] = 1
        for landmark in seat["landmarks"]:
            t[base + KEPT_CARDS + landmark] = 1
        for landmark in seat["built"]:
            lost = landmark in seat["lost"]
            t[base + (LOST_CARDS if lost else BUILT_CARDS) + landmark] = 1
        for tile in seat["hand"]:
            t[base + HAND_TILES + tile] = 1
    if j["phase"] == "place":
        code, *rest = j["todo"][0]  # [0, s, kind], [1, s, landmark] or [3, s] (the picked)
        if code == 0:
            t[PLACING + rest[1]] = 1
        elif code == 1:
            t[PLACING + KINDS + rest[1]] = 1
        else:
            t[PLACING + KINDS + LANDMARKS + j["picked"]] = 1
    return t


def tensor(state: State, p: int) -> Tensor:
    result: Tensor = observation(state, p, SIZE)
    return result


def close(actual: Tensor, expected: npt.NDArray[np.float64], where: Any = None) -> None:
    if not np.array_equal(actual, expected.astype(np.float32)):
        wrong = np.flatnonzero(actual != expected.astype(np.float32))[:10]
        details = [(int(i), float(actual[i]), float(expected[i])) for i in wrong]
        pytest.fail(f"{where}: entries (index, engine, spec) differ: {details}")


def plane(t: Tensor, r: int, k: int) -> list[int]:
    """The spaces set in plane ``k`` of relative seat ``r``."""
    start_ = BLOCK * r + k * SPACES
    return [int(i) for i in np.flatnonzero(t[start_ : start_ + SPACES])]


def ones(t: Tensor, start_: int, count: int, width: int) -> list[list[int]]:
    """The entries set in each of ``count`` consecutive ranges of ``width`` from ``start_``,
    relative to their range."""
    ranges = (t[start_ + k * width : start_ + (k + 1) * width] for k in range(count))
    return [[int(i) for i in np.flatnonzero(r)] for r in ranges]


def numbers(t: Tensor, r: int) -> list[float]:
    return [float(v) for v in t[BLOCK * r + NUMBERS : BLOCK * r + NUMBERS + DISTRICT]]


def district(t: Tensor, r: int) -> list[int]:
    """The district one-hot of relative seat ``r``."""
    start_ = BLOCK * r + NUMBERS + DISTRICT
    return [int(v) for v in t[start_ : start_ + DISTRICTS]]


# --- by hand, entry by entry ----------------------------------------------------------------


def test_the_layout_adds_up() -> None:
    assert BLOCK == 1725
    assert GLOBALS == 8625
    assert GLOBALS + 3 + 7 + 16 + 15 + 1 == MARKET_CARDS
    assert SIZE == 11171
    assert HAND == 24 and NUMBERS + HAND + 1 + DISTRICTS == BLOCK


def test_the_opening_entry_by_entry(load: Loader) -> None:
    """Seat 0 (Pilsen) about to place the statue of card 0; seat 1 (West Town) took $3."""
    state = start(load, *TURN_1, TURN_2[0])
    t = tensor(state, 0)
    pilsen = [
        9,  # money: 11 - 2
        10,
        12,
        0,
        1,
        0,  # quality: shopping 1
        1,
        1,
        0,
        3,
        4,
        7,
        0,  # symbols: train, money, -, entertainment 3, shopping-s4 4, restaurant 4 + 3
        1,
        1,
        0,
        1,
        1,
        2,
        0,  # tiles
        0,
        0,
        2,
        0,
        0,  # no law, nothing built, 2 landmarks kept, no ability, no suburb in hand
    ]
    assert numbers(t, 0) == pilsen
    west = [13, 10, 11, 0, 0, 0, 1, 1, 1, 3, 3, 6, 0, 1, 1, 1, 1, 1, 2, 0, 0, 0, 2, 0, 0]
    assert numbers(t, 1) == west
    assert numbers(tensor(state, 1), 0) == west and numbers(tensor(state, 1), 1) == pilsen
    for r in (2, 3, 4):
        assert not t[BLOCK * r : BLOCK * (r + 1)].any()  # no seat there
    # Pilsen's uncovered rubble c3 g5 d7 c8 g9, sights h4 (1), e6 (2), h8 (3); the 7 spaces of
    # its two restaurants; 10 usable spaces of S; no suburb.
    assert plane(t, 0, RUBBLE) == sorted(space(s) for s in ("c3", "g5", "d7", "c8", "g9"))
    assert plane(t, 0, SIGHTS) == [space("h4")]
    assert plane(t, 0, SIGHTS + 1) == [space("e6")]
    assert plane(t, 0, SIGHTS + 2) == [space("h8")]
    restaurants = ("i3", "i4", "h5", "i5", "e3", "f3", "g3")
    assert plane(t, 0, BUILDING + 5) == sorted(space(s) for s in restaurants)
    assert plane(t, 0, BUILDING + 1) == [space("h3")]
    assert plane(t, 0, BUILDING + 6) == [] and plane(t, 0, LANDMARK) == []
    assert len(plane(t, 0, USABLE)) == 10 and space("d6") in plane(t, 0, USABLE)
    assert plane(t, 0, SUBURB) == []
    assert district(t, 0) == [0, 0, 0, 1, 0, 0]  # Pilsen, the data's 4th district
    assert district(t, 1) == [1, 0, 0, 0, 0, 0]  # West Town, its 1st
    # Globals: round 1, Graduation activated, the market without slot 1, seat 0 to decide.
    assert list(t[ROUND:EVENTS]) == [1, 0, 0]
    assert list(t[EVENTS:MARKET]) == [0, 1, 0, 0, 0, 0, 0]
    assert list(t[MARKET:TOKENS]) == [0, 0, 1, 2, 1, 3, 1, 3, 1, 4, 1, 5, 1, 6, 1, 7]
    assert not t[TOKENS:DECISION].any()
    assert t[DECISION] == 1 and tensor(state, 1)[DECISION] == 0
    # The identities: the cards left in the market slot by slot (slot 1's card 0 was bought),
    # and the landmark cards each seat kept; no ability, nothing built, no suburb in hand.
    assert ones(t, MARKET_CARDS, 8, CARDS) == [[], [5], [8], [12], [16], [24], [32], [40]]
    pilsen_kept = [LANDMARK_KEYS.index(k) for k in ("water-tower", "cloud-gate")]
    west_kept = [LANDMARK_KEYS.index(k) for k in ("city-market", "navy-pier")]
    kept = [[KEPT_CARDS + k for k in sorted(cards)] for cards in (pilsen_kept, west_kept)]
    assert ones(t, HOLDINGS, 2, HOLDING) == kept
    assert not t[HOLDINGS + 2 * HOLDING : PLACING].any()
    # placing card 0's statue: the kind of the data's statue-1 tile
    assert np.flatnonzero(t[PLACING:]).tolist() == [KIND_KEYS.index("statue-1")]
    close(t, spec_tensor(js(state), 0), "opening")


def test_the_statue_placed(load: Loader) -> None:
    state = start(load, *OPENING)
    t = tensor(state, 1)  # seat 1 observes: Pilsen is relative seat 1
    assert plane(t, 1, BUILDING + 6) == [space("d6")]
    assert space("d6") not in plane(t, 1, USABLE)
    assert numbers(t, 1)[SYMBOLS + 6] == 1 and numbers(t, 1)[TILES + 6] == 1
    assert t[DECISION] == 1
    close(t, spec_tensor(js(state), 1), "statue")


# --- the transcription, over random games --------------------------------------------------


@pytest.mark.parametrize("setting", SETTINGS, ids=SETTING_IDS)
def test_the_layout_along_random_games(load: Loader, setting: dict[str, Any]) -> None:
    game = load(GAME, **setting)
    players = setting["players"]
    phases: set[str] = set()
    for index, state in enumerate(random_states(game, 100 + SETTINGS.index(setting))):
        j = js(state)
        if index % 12 and j["phase"] in phases:
            continue  # every 12th state, and the first of each phase
        phases.add(j["phase"])
        for p in range(players):
            t = tensor(state, p)
            close(t, spec_tensor(j, p), (p, j["phase"], len(j["history"])))
    assert {"deal", "turn", "place", "over"} <= phases


def test_the_dropped_board_plane_is_a_function_of_the_district() -> None:
    """The observation has no plane of the district board's spaces, only the district's
    one-hot: lossless, since every district in the data lays its regions on the same 7 x 7
    board (c3..i9), so the plane is the same 49 spaces whatever the district."""
    text = files("boardcore").joinpath("data", "rebuilding_chicago.toml").read_text()
    districts = tomllib.loads(text)["district"]
    assert len(districts) == DISTRICTS
    square = {space(f"{c}{y}") for c in "cdefghi" for y in range(3, 10)}
    assert len(square) == 49 and square == {w for w in range(SPACES) if on_board(w)}
    for d in districts:
        rows = d["regions"]
        assert len(rows) == 7 and all(len(row) == 7 for row in rows), d["key"]


@pytest.mark.parametrize("setting", SETTINGS[:2], ids=SETTING_IDS[:2])
def test_the_district_one_hot_along_random_games(load: Loader, setting: dict[str, Any]) -> None:
    """Each seat's one-hot marks its district (none before it picks one), and seen by every
    district in the data over the seeds."""
    game = load(GAME, **setting)
    players = setting["players"]
    seen: set[int] = set()
    for seed in range(16):
        for state in random_states(game, 300 + seed, every=40):
            j = js(state)
            t = tensor(state, 0)
            for r in range(players):
                d = j["seats"][r]["district"]
                assert district(t, r) == [int(k == d) for k in range(DISTRICTS)]
                seen.add(d)
    assert seen >= set(range(DISTRICTS))


def test_the_seats_rotate_with_the_observer(load: Loader) -> None:
    """Seat q's block is at relative seat (q - p) mod players; the globals are the same for
    every observer but the decision flag."""
    for state in random_states(load(GAME, players=4), 5, every=60)[1:]:
        views = [tensor(state, p) for p in range(4)]
        for p in range(4):
            for q in range(4):
                r = (q - p) % 4
                block = views[p][BLOCK * r : BLOCK * (r + 1)]
                np.testing.assert_array_equal(block, views[q][0:BLOCK])
            np.testing.assert_array_equal(views[p][GLOBALS:DECISION], views[0][GLOBALS:DECISION])
        assert sum(v[DECISION] for v in views) == (state.current_player() >= 0)


# --- hidden information ---------------------------------------------------------------------

OTHER_DEAL = ("soldier-field", "union-station", "art-institute")


def _keep_phase(load: Loader, seat0_cards: tuple[str, ...]) -> State:
    """Both seats dealt, seat 1 to return a card (the opening's setup, seat 0's cards given)."""
    state = load(GAME, players=2).new_initial_state()
    apply(state, *SETUP[:14], *(f"deal {k}" for k in seat0_cards))
    assert js(state)["phase"] == "keep" and state.current_player() == 1
    return state


def test_other_seats_dealt_cards_are_not_observed(load: Loader) -> None:
    a = _keep_phase(load, ("water-tower", "cloud-gate", "field-museum"))
    b = _keep_phase(load, OTHER_DEAL)
    assert js(a)["seats"][0]["dealt"] != js(b)["seats"][0]["dealt"]
    np.testing.assert_array_equal(tensor(a, 1), tensor(b, 1))
    assert a.observation_string(1) == b.observation_string(1)
    assert ", dealt 3 hidden" in a.observation_string(1)
    assert a.observation_string(0) != b.observation_string(0)
    # Seat 0 sees its own cards and only a count of seat 1's.
    text = a.observation_string(0)
    assert "dealt field-museum,cloud-gate,water-tower" in text  # ascending ids: 6, 8, 10
    assert "city-market" not in text
    assert ", dealt 3 hidden" in text
    # After seat 1 returns a card, it has none dealt: nothing to hide.
    apply(a, "return willis-tower")
    assert "hidden" not in a.observation_string(0)
    assert ", dealt 3 hidden" in a.observation_string(1)


def _hide_others(text: str, saved: dict[str, Any], p: int) -> str:
    """The rendering with every other seat's ``, dealt k1,k2,k3`` as ``, dealt N hidden``."""
    lines = text.split("\n")
    seat = -1
    for i, line in enumerate(lines):
        match = re.match(r"seat (\d+) ", line)
        if match:
            seat = int(match.group(1))
            continue
        if seat >= 0 and seat != p and re.search(r", dealt [a-z-]+(,[a-z-]+)*$", line):
            count = len(saved["seats"][seat]["dealt"])
            lines[i] = re.sub(r", dealt [a-z-]+(,[a-z-]+)*$", f", dealt {count} hidden", line)
            seat = -1
    return "\n".join(lines)


@pytest.mark.parametrize("players", [1, 2, 5])
def test_observation_string_is_the_rendering_with_others_dealt_hidden(
    load: Loader, players: int
) -> None:
    game = load(GAME, players=players)
    for state in random_states(game, 2, every=11)[:40]:
        saved = js(state)
        for p in range(players):
            assert state.observation_string(p) == _hide_others(str(state), saved, p)


def test_the_tensor_is_a_fresh_array(load: Loader) -> None:
    state = start(load, *TURN_1)
    t = tensor(state, 0)
    t[:] = 7
    assert tensor(state, 0)[GLOBALS] == 1


# --- both engines ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_both_engines_observe_the_same(players: int) -> None:
    rust = engine("rust", players=players)
    ref = engine("reference", players=players)
    history = random_states(rust, 7 + players)[-1].history()
    step = max(1, len(history) // 25)
    for cut in [*range(0, len(history), step), len(history)]:
        a, b = rust.replay(history[:cut]), ref.replay(history[:cut])
        for p in range(players):
            np.testing.assert_array_equal(tensor(a, p), tensor(b, p))
            assert a.observation_string(p) == b.observation_string(p)
    assert sorted(ENGINES) == ["reference", "rust"]
