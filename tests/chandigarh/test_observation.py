"""What a seat observes: the whole position, seats relative to the observer.

Expected tensors are worked out from the *Observation* section of docs/games/chandigarh.md:
entry by entry by hand at the positions of the hand-driven opening (see test_roundtrip), and
by a direct transcription of the layout (``spec_tensor``) from the canonical JSON over seeded
random games of every parameter setting.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from boardcore.api import State
from tests.chandigarh.test_roundtrip import (
    DRAFT,
    GAME,
    PHASES,
    PRINTED_BLUE,
    PRINTED_BROWN,
    SETTING_IDS,
    SETTINGS,
    SETUP,
    TURN_1,
    junction,
    slot,
    start,
)
from tests.conftest import Loader
from tests.helpers import js, observation, random_states

Tensor = npt.NDArray[np.float32]

SIZE = 1380
SLOTS = 0  # 192 slots x 4 colours
GENERAL = 768
SEATS = 772
BLOCK = 96
# Inside a seat block: reserve (4), PP, tokens (4), supervisors, junction (49), project (36),
# starting seat.
RESERVE, PP, TOKENS, SUPERVISORS, JUNCTION, PROJECT, START = 0, 4, 5, 9, 10, 59, 95
ROW = 1156
PAWNS = 1192  # 17 per colour
SUPERVISED = 1260  # 4 per sector
USED = 1324
PHASE = 1328
STEPS, HERE, LAST, ENDING, DECK, TODO, GAINED = 1346, 1347, 1348, 1352, 1353, 1354, 1355
FLOW, BONUS, RELOCATE, ARRANGE, TURN, TAKES, SCORING, ZERO, ONE = (
    1359,
    1364,
    1367,
    1371,
    1375,
    1376,
    1377,
    1378,
    1379,
)
FLOWS = ("gain", "craft", "score", "reveal", "after")


def spec_tensor(j: dict[str, Any], p: int) -> npt.NDArray[np.float64]:
    """The observation of seat ``p``, transcribed from the spec's layout, from the JSON."""
    t = np.zeros(SIZE)
    for where, colour in enumerate(j["city"]):
        if colour >= 0:
            t[SLOTS + 4 * where + colour] = 1
    for colour, count in enumerate(j["general"]):
        t[GENERAL + colour] = count / 18
    players = j["players"]
    for r in range(players):
        s = (p + r) % players
        base = SEATS + BLOCK * r
        for colour, count in enumerate(j["reserves"][s]):
            t[base + RESERVE + colour] = count / 6
        t[base + PP] = j["pp"][s] / 100
        for colour in j["tokens"][s]:
            t[base + TOKENS + colour] = 1
        t[base + SUPERVISORS] = sum(1 for who in j["supervisors"] if who == s) / 5
        x, y = j["architects"][s]
        t[base + JUNCTION + junction(x, y)] = 1
        for card in j["projects"][s]:
            t[base + PROJECT + card] = 1
        t[base + START] = j["start"] == s
    for card in j["row"]:
        t[ROW + card] = 1
    for colour, sector in enumerate(j["pawns"]):
        t[PAWNS + 17 * colour + (sector if sector >= 0 else 16)] = 1
    for sector, who in enumerate(j["supervisors"]):
        if who >= 0:
            t[SUPERVISED + 4 * sector + (who - p) % players] = 1
    for colour in j["used"]:
        t[USED + colour] = 1
    t[PHASE + PHASES.index(j["phase"])] = 1
    t[STEPS] = j["steps"] / 7
    t[HERE] = j["here"] / 2
    if j["last"] >= 0:
        t[LAST + j["last"]] = 1
    t[ENDING] = j["ending"]
    t[DECK] = (len(j["deck"]["pool"]) + len(j["deck"]["bottom"])) / 36
    pending = j["pending"]
    t[TODO] = pending["todo"] / 4
    for colour in j["gained"]:
        t[GAINED + colour] += 1 / 4
    if j["flow"]:
        t[FLOW + FLOWS.index(j["flow"])] = 1
    t[BONUS + pending["bonus"]] = 1
    if pending["relocate"] >= 0:
        t[RELOCATE + pending["relocate"]] = 1
    for colour in pending["arrange"]:
        t[ARRANGE + colour] += 1 / 8
    t[TURN] = j["turn"] / 100
    t[TAKES] = pending["takes"] / 2
    t[SCORING] = pending["score"] >= 0
    t[ONE] = 1
    return t


def tensor(state: State, p: int) -> Tensor:
    result: Tensor = observation(state, p, SIZE)
    return result


def close(actual: Tensor, expected: npt.NDArray[np.float64]) -> None:
    np.testing.assert_allclose(actual, expected.astype(np.float32), rtol=0, atol=1e-6)


# --- by hand, entry by entry ----------------------------------------------------------------


def test_the_layout_adds_up() -> None:
    assert SEATS + 4 * BLOCK == ROW
    assert ROW + 36 == PAWNS
    assert PAWNS + 4 * 17 == SUPERVISED
    assert SUPERVISED + 16 * 4 == USED
    assert USED + 4 + 18 == STEPS
    assert GAINED + 4 == FLOW
    assert FLOW + 5 + 3 + 4 + 4 == TURN
    assert ONE == SIZE - 1
    assert RESERVE + 4 + 1 + 4 + 1 + 49 + 36 == START == BLOCK - 1


def test_the_initial_state(load: Loader) -> None:
    """Before any chance: the pre-printed buildings (brown side), 15 per colour left in the
    general reserve, every architect on 2,2, no tile, pawn, card or starting seat."""
    state = load(GAME, players=3).new_initial_state()
    for p in range(3):
        t = tensor(state, p)
        expected = np.zeros(SIZE)
        for where, colour in PRINTED_BROWN.items():
            expected[4 * where + colour] = 1
        expected[GENERAL : GENERAL + 4] = 15 / 18
        for r in range(3):
            expected[SEATS + BLOCK * r + JUNCTION + 24] = 1  # junction 2,2 is id 24
        for colour in range(4):
            expected[PAWNS + 17 * colour + 16] = 1  # off the board
        expected[PHASE + 0] = 1  # setup
        expected[HERE] = 1  # no step build open: here = 2
        expected[DECK] = 1  # 36 cards
        expected[BONUS + 0] = 1  # no bonus
        expected[ONE] = 1
        close(t, expected)
        assert t[SEATS + 3 * BLOCK : ROW].sum() == 0  # no fourth seat


def test_the_blue_side_with_four_players(load: Loader) -> None:
    state = load(GAME, players=4).new_initial_state()
    t = tensor(state, 2)
    assert sorted(np.flatnonzero(t[:768])) == sorted(4 * s + c for s, c in PRINTED_BLUE.items())
    close(t[GENERAL : GENERAL + 4], np.full(4, 17 / 18))  # nothing removed with 4 players
    two = tensor(load(GAME, players=2).new_initial_state(), 1)
    close(two[GENERAL : GENERAL + 4], np.full(4, 13 / 18))  # 4 removed with 2 players


def test_after_the_setup(load: Loader) -> None:
    """Seat 1 to draft: the row holds the 7 revealed cards, 29 in the deck."""
    state = start(load)
    t = tensor(state, 2)
    assert sorted(np.flatnonzero(t[ROW : ROW + 36])) == [0, 5, 10, 14, 20, 27, 33]
    assert t[DECK] == pytest.approx(29 / 36)
    assert t[PHASE + 1] == 1 and t[PHASE : PHASE + 18].sum() == 1  # draft
    # Seat 2 observes: relative seat 2 is seat 1, the starting seat.
    assert [t[SEATS + BLOCK * r + START] for r in range(4)] == [0, 0, 1, 0]
    # Pawns: yellow 3, blue 0, red 15, green 12.
    for colour, sector in enumerate((3, 0, 15, 12)):
        block = t[PAWNS + 17 * colour : PAWNS + 17 * colour + 17]
        assert list(np.flatnonzero(block)) == [sector]
    assert t[TURN] == 0 and t[STEPS] == 0


def test_during_the_draft(load: Loader) -> None:
    """After seat 1's pick and first take: gained yellow, its project card 0."""
    state = start(load, "pick 0", "take y")
    t = tensor(state, 1)
    assert t[PHASE + 2] == 1  # draft-take
    assert t[GAINED] == pytest.approx(1 / 4) and t[GAINED + 1 : GAINED + 4].sum() == 0
    assert t[SEATS + RESERVE] == pytest.approx(1 / 6)
    assert list(np.flatnonzero(t[SEATS + PROJECT : SEATS + PROJECT + 36])) == [0]
    assert t[ROW + 0] == 0 and t[ROW + 10] == 1
    assert t[GENERAL] == pytest.approx(14 / 18)


def test_in_the_middle_of_turn_1_entry_by_entry(load: Loader) -> None:
    """Seat 1 stepped north to 2,1 and built a yellow on 2w0 (see test_roundtrip)."""
    state = start(load, *DRAFT, *TURN_1)
    for p in range(3):
        t = tensor(state, p)
        expected = np.zeros(SIZE)
        for where, colour in {**PRINTED_BROWN, slot("2w0"): 0}.items():
            expected[4 * where + colour] = 1
        expected[GENERAL : GENERAL + 4] = np.array([13, 14, 14, 13]) / 18
        reserves = {0: [1, 0, 0, 1], 1: [0, 1, 0, 0], 2: [0, 0, 1, 1]}
        places = {0: junction(2, 2), 1: junction(2, 1), 2: junction(2, 2)}
        projects = {0: 10, 1: 0, 2: 33}
        for r in range(3):
            s = (p + r) % 3
            base = SEATS + BLOCK * r
            expected[base + RESERVE : base + RESERVE + 4] = np.array(reserves[s]) / 6
            expected[base + JUNCTION + places[s]] = 1
            expected[base + PROJECT + projects[s]] = 1
            expected[base + START] = s == 1
        for card in (20, 5, 14, 27):
            expected[ROW + card] = 1
        for colour, sector in enumerate((3, 0, 15, 12)):
            expected[PAWNS + 17 * colour + sector] = 1
        expected[PHASE + 4] = 1  # move
        expected[STEPS] = 0
        expected[HERE] = 1 / 2
        expected[LAST + 0] = 1  # north
        expected[DECK] = 29 / 36
        expected[BONUS + 0] = 1
        expected[TURN] = 1 / 100
        expected[ONE] = 1
        close(tensor(state, p), expected)
        close(t, spec_tensor(js(state), p))
    # Junction 2,1 is id 17, for relative seat 2 of seat 2 (seat 1).
    assert tensor(state, 2)[SEATS + 2 * BLOCK + JUNCTION + 17] == 1
    assert tensor(state, 1)[SEATS + JUNCTION + 17] == 1


def test_turn_2_starts_with_seat_2s_steps(load: Loader) -> None:
    state = start(load, *DRAFT, *TURN_1, "stop")
    t = tensor(state, 2)
    assert t[PHASE + 3] == 1  # main
    assert t[STEPS] == pytest.approx(1 / 7)  # card 33: one step
    assert t[HERE] == 1 and t[LAST : LAST + 4].sum() == 0
    assert t[TURN] == pytest.approx(2 / 100)
    close(t, spec_tensor(js(state), 2))


# --- the transcription, over random games --------------------------------------------------


@pytest.mark.parametrize("setting", SETTINGS, ids=SETTING_IDS)
def test_the_layout_along_random_games(load: Loader, setting: dict[str, Any]) -> None:
    game = load(GAME, **setting)
    players = setting["players"]
    phases: set[str] = set()
    for seed in range(2):
        for state in random_states(game, seed, every=5):
            j = js(state)
            phases.add(j["phase"])
            for p in range(players):
                t = tensor(state, p)
                close(t, spec_tensor(j, p))
                assert t[PHASE : PHASE + 18].sum() == 1
                assert t[SEATS + BLOCK * players : ROW].sum() == 0
    assert {"setup", "main", "move", "end"} <= phases


def test_the_seats_rotate_with_the_observer(load: Loader) -> None:
    """Seat q's block is at relative seat (q - p) mod players; everything else is the same
    for every observer but the supervisors' relative seats."""
    for state in random_states(load(GAME, players=4), 5, every=40)[1:]:
        views = [tensor(state, p) for p in range(4)]
        for p in range(4):
            for q in range(4):
                r = (q - p) % 4
                block = views[p][SEATS + BLOCK * r : SEATS + BLOCK * (r + 1)]
                np.testing.assert_array_equal(block, views[q][SEATS : SEATS + BLOCK])
            np.testing.assert_array_equal(views[p][:SEATS], views[0][:SEATS])
            np.testing.assert_array_equal(views[p][USED:], views[0][USED:])


# --- the string -----------------------------------------------------------------------------


def test_observation_string_is_the_rendering_and_the_observer(load: Loader) -> None:
    for setting in (SETTINGS[0], SETTINGS[2], SETTINGS[9]):
        game = load(GAME, **setting)
        for state in random_states(game, 2, every=23):
            for p in range(setting["players"]):
                text = state.observation_string(p)
                assert text.endswith(f"observer: seat {p}")
                assert text == f"{state}\nobserver: seat {p}"


def test_the_tensor_is_a_fresh_array(load: Loader) -> None:
    state = start(load, *DRAFT)
    t = tensor(state, 0)
    t[:] = 7
    assert tensor(state, 0)[ONE] == 1
    assert len(SETUP) == 19
