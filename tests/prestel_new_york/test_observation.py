"""What a seat observes: everything public, its own hand, search and memory; nothing else.

Expected tensors and strings are worked out by hand from the *Observation* and *Memory and
hidden information* sections of docs/games/prestel_new_york.md. The hidden-information
tests replay the same game with two deal actions swapped and check that a seat that never
saw the swapped parts observes exactly the same thing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from boardcore.api import State
from boardcore.rng import SplitMix64
from tests.conftest import Loader, apply
from tests.helpers import js, same_view, step_uniformly
from tests.prestel_new_york.test_rules import (
    C3_HANDS,
    C3_ROUND,
    C3_STACKS,
    GAME,
    M_BUILD,
    M_HANDS,
    M_REFILL,
    M_SEARCH,
    M_STACKS,
    M_STONES,
    T_REFILL_1,
    T_ROUND_1,
    T_ROUND_2,
    T_TABLE_1,
    T_TABLE_2,
    e5_game,
    setup_moves,
    start,
    t_game,
    write_data,
)

Tensor = npt.NDArray[np.float32]

# Packaged data: P = 64 parts, C = 24 commissions.
PARTS = 0
COMMISSIONS = 14 * 64  # 896
SEATS = COMMISSIONS + 8 * 24  # 1088
GLOBALS = SEATS + 5 * 22  # 1198
SIZE = GLOBALS + 21  # 1219 = 14P + 8C + 131


def m_moves() -> list[str]:
    return setup_moves(2, hands=M_HANDS, stacks=M_STACKS, stones=(2, 5))


def play(load: Loader, moves: list[str], players: int = 2, **params: Any) -> list[State]:
    """Every state of a scripted game, the initial one included."""
    state = load(GAME, players=players, **params).new_initial_state()
    states = [state.clone()]
    for move in moves:
        apply(state, move)
        states.append(state.clone())
    return states


def swap(moves: list[str], a: str, b: str) -> list[str]:
    i, j = moves.index(a), moves.index(b)
    swapped = list(moves)
    swapped[i], swapped[j] = moves[j], moves[i]
    return swapped


def test_observation_sizes(load: Loader, tmp_path: Path) -> None:
    for players in (2, 5):
        state = load(GAME, players=players).new_initial_state()
        for seat in range(players):
            tensor = state.observation_tensor(seat)
            assert tensor.dtype == np.float32
            assert tensor.shape == (SIZE,)
    small = load(GAME, players=3, data=write_data(tmp_path)).new_initial_state()
    assert small.observation_tensor(2).shape == (14 * 16 + 8 * 8 + 131,)


def m_build_expected(seat: int) -> Tensor:
    """The M game after its first search and stone phase (seat 0 to build), seen by `seat`."""
    t = np.zeros(SIZE, dtype=np.float32)
    hands = {0: (0, 3, 50), 1: (24, 25, 58)}
    memory = {0: {1: (0, 3), 59: (0, 2)}, 1: {51: (1, 1)}}
    for part in hands[seat]:
        t[PARTS + 14 * part] = 1
    for part, (stack, depth) in memory[seat].items():
        t[PARTS + 14 * part + 8 + stack] = 1
        t[PARTS + 14 * part + 13] = depth / 64
    # seagram slot 1, dakota slot 2, empire-state slot 3, liberty slot 4, city-hall on top.
    for c, index in ((17, 0), (21, 1), (0, 2), (8, 3), (16, 4)):
        t[COMMISSIONS + 8 * c + index] = 1
    stone = {0: 2, 1: 5}
    taken = {0: 0, 1: 1}
    place = {0: 1, 1: 0}  # finishing order [1, 0]
    for r in range(2):
        s = (seat + r) % 2
        base = SEATS + 22 * r
        t[base + 1 + stone[s] - 1] = 1  # the new stones are the stones now
        t[base + 6] = 1  # three parts in hand
        t[base + 7 + taken[s]] = 1
        t[base + 12 + place[s]] = 1
        t[base + 17 + stone[s] - 1] = 1
    for i, size in enumerate((11, 11, 12, 12, 12)):
        t[GLOBALS + i] = size / 64
    t[GLOBALS + 5 + 5] = 1  # phase: build
    t[GLOBALS + 13 + (0 - seat) % 2] = 1  # seat 0 to move
    t[GLOBALS + 18] = (3, 2)[seat] / 64  # parts looked at this round
    t[GLOBALS + 19] = 1  # round 1
    t[GLOBALS + 20] = 19 / 24
    return t


def test_observation_tensor_layout(load: Loader) -> None:
    state = apply(load(GAME, players=2).new_initial_state(), *m_moves())
    apply(state, *M_SEARCH, *M_STONES)
    assert js(state)["phase"] == "build"
    for seat in (0, 1):
        got = state.observation_tensor(seat)
        expected = m_build_expected(seat)
        wrong = np.flatnonzero(~np.isclose(got, expected, rtol=1e-6, atol=0))
        assert wrong.tolist() == [], (seat, wrong[:10].tolist())


def test_observation_tensor_built_and_completed_parts(load: Loader) -> None:
    # Three players: seat 0 builds seagram/plaza, seat 2 completes the seagram, seat 1
    # builds empire-state/tower (C3 of test_rules).
    state = start(load, 3, hands=C3_HANDS, stacks=C3_STACKS, stones=(1, 2, 3))
    apply(state, *C3_ROUND, "build seagram/plaza")
    t = state.observation_tensor(1)
    plaza = 14 * 50
    assert t[plaza : plaza + 8].tolist() == [0, 1, 0, 0, 0, 1, 0, 0]  # seat 0 = relative 2
    apply(state, "build seagram/tower", "build empire-state/tower")
    t = state.observation_tensor(1)
    # Both seagram parts lie on a completed commission: seat 0 built one, seat 2 the other.
    assert t[plaza : plaza + 8].tolist() == [0, 0, 1, 0, 0, 1, 0, 0]
    tower = 14 * 51
    assert t[tower : tower + 8].tolist() == [0, 0, 1, 0, 1, 0, 0, 0]  # seat 2 = relative 1
    mid = 14 * 1  # empire-state/tower, built by the observer itself
    assert t[mid : mid + 8].tolist() == [0, 1, 0, 1, 0, 0, 0, 0]
    assert t[COMMISSIONS + 8 * 17 + 7] == 1  # seagram completed
    assert t[COMMISSIONS + 8 * 17 : COMMISSIONS + 8 * 17 + 7].sum() == 0
    # Chips: seat 1 has none, seat 2 (relative 1) two, seat 0 (relative 2) one; goal 13.
    assert t[SEATS + 0] == 0
    assert np.isclose(t[SEATS + 22], 2 / 13)
    assert np.isclose(t[SEATS + 44], 1 / 13)


def test_observation_tensor_deck_tail(load: Loader, tmp_path: Path) -> None:
    # Small data (P = 16, C = 8), round 3 of the T game: federal-hall on top, the tail is
    # city-hall then washington-arch, no unseen card; seagram completed.
    state = t_game(load, tmp_path, *T_ROUND_1, *T_REFILL_1, *T_ROUND_2)
    t = state.observation_tensor(1)
    commissions, globals_ = 14 * 16, 14 * 16 + 8 * 8 + 110
    assert t[commissions + 8 * 0 : commissions + 8 * 1].tolist() == [0, 0, 0, 0, 0, 1, 1 / 8, 0]
    assert np.allclose(t[commissions + 8 * 4 : commissions + 8 * 5], [0, 0, 0, 0, 0, 1, 2 / 8, 0])
    assert t[commissions + 8 * 3 : commissions + 8 * 4].tolist() == [0, 0, 0, 0, 1, 0, 0, 0]
    assert t[commissions + 8 * 1 : commissions + 8 * 2].tolist() == [0, 0, 0, 0, 0, 0, 0, 1]
    assert t[commissions + 8 * 6] == 1  # carnegie-hall in slot 1
    assert np.allclose(t[globals_ : globals_ + 5], [1 / 16, 2 / 16, 2 / 16, 2 / 16, 2 / 16])
    assert t[globals_ + 5 : globals_ + 13].tolist() == [0, 1, 0, 0, 0, 0, 0, 0]  # stack
    assert t[globals_ + 13 : globals_ + 18].tolist() == [0, 1, 0, 0, 0]  # seat 0 = relative 1
    assert t[globals_ + 18] == 0  # a new round: nothing looked at
    assert t[globals_ + 19] == 3
    assert t[globals_ + 20] == 0
    # Seat 1's memory: lever-house/slab B1, federal-hall/statue E3, trinity-church/spire E2.
    for part, stack, depth in ((5, 1, 1), (7, 4, 3), (15, 4, 2)):
        block = t[14 * part : 14 * part + 14]
        assert block[8:13].tolist() == [1 if i == stack else 0 for i in range(5)]
        assert np.isclose(block[13], depth / 16)
    assert t[14 * 5 + 8 : 14 * 5 + 14].sum() > 0
    assert state.observation_tensor(0)[14 * 5 + 8 : 14 * 5 + 14].sum() == 0


def test_observation_string(load: Loader, tmp_path: Path) -> None:
    state = t_game(load, tmp_path, *T_ROUND_1)
    public = [
        *T_TABLE_1,
        "stack A: size 2",
        "stack B: size 2",
        "stack C: size 2",
        "stack D: size 2",
        "stack E: size 2",
    ]
    assert state.observation_string(0) == "\n".join(
        [
            *public,
            "seat 0: stone 1, chips 0, hand seagram/tower dakota/courtyard, took A, looked 1,"
            " new stone 1",
            "seat 1: stone 3, chips 0, hand size 3, took B, new stone 3",
            "finish: 0 1",
            "memory: none",
            "observer: seat 0",
        ]
    )
    assert state.observation_string(1) == "\n".join(
        [
            *public,
            "seat 0: stone 1, chips 0, hand size 2, took A, new stone 1",
            "seat 1: stone 3, chips 0, hand lever-house/podium federal-hall/portico"
            " federal-hall/statue, took B, looked 2, new stone 3",
            "finish: 0 1",
            "memory: lever-house/slab B1",
            "observer: seat 1",
        ]
    )
    apply(state, *T_REFILL_1, *T_ROUND_2)
    assert state.observation_string(1) == "\n".join(
        [
            *T_TABLE_2,
            "stack A: size 1",
            "stack B: size 2",
            "stack C: size 2",
            "stack D: size 2",
            "stack E: size 2",
            "seat 0: stone 1, chips 3, hand size 2",
            "seat 1: stone 3, chips 0, hand lever-house/podium federal-hall/portico",
            "memory: lever-house/slab B1, federal-hall/statue E3, trinity-church/spire E2",
            "observer: seat 1",
        ]
    )


def test_observation_string_of_an_empty_stack(load: Loader, tmp_path: Path) -> None:
    state = e5_game(load, tmp_path)
    apply(state, "build dakota/courtyard", "build lever-house/podium", "build federal-hall/portico")
    apply(state, "slide city-hall/wings B", "build seagram/plaza")
    lines = state.observation_string(3).splitlines()
    assert lines[7:12] == [
        "stack A: size 1",
        "stack B: size 1",
        "stack C: empty",
        "stack D: empty",
        "stack E: empty",
    ]
    # Seat 4 slid city-hall/wings under B, which then held it alone.
    assert "memory: city-hall/wings B1" in state.observation_string(4).splitlines()


def test_unseen_stack_contents_do_not_change_observations(load: Loader) -> None:
    # natural-history/planetarium lies at the bottom of stack D, trinity-church/spire at the
    # bottom of E; nobody looks at D or E in these two rounds.
    moves = [*m_moves(), *M_SEARCH, *M_STONES, *M_BUILD, *M_REFILL, "stack A", "stack B"]
    moves += ["look", "look", "take dakota/gables", "look", "take seagram/tower"]
    other = swap(moves, "deal natural-history/planetarium", "deal trinity-church/spire")
    a, b = play(load, moves), play(load, other)
    for sa, sb in zip(a, b, strict=True):
        for seat in (0, 1):
            assert same_view(sa, sb, seat), sa.history()[-1:]
    assert a[-1].to_json() != b[-1].to_json()
    assert js(a[-1])["stacks"][3][-1] == 47
    assert js(b[-1])["stacks"][3][-1] == 63


def test_unseen_stack_contents_do_not_change_observations_in_random_games(
    load: Loader,
) -> None:
    for seed in range(3):
        game = load(GAME, players=3)
        state = game.new_initial_state()
        rng = SplitMix64(seed)
        seen: set[int] = set()
        for _ in range(160):
            if state.is_terminal():
                break
            step_uniformly(state, rng.below)
            j = js(state)
            # Every part looked at enters the looking seat's memory at once (and leaves it
            # only for a hand), so hands and memory cover everything any seat has seen.
            for seat in range(3):
                seen.update(j["hands"][seat])
                seen.update(entry[0] for entry in j["memory"][seat])
        history = state.history()
        deals = [a for a in history if 459 <= a < 523]
        assert len(deals) == 64
        hidden = [a for a in deals[6:] if a - 459 not in seen]
        assert len(hidden) >= 2, seed
        first, last = hidden[0], hidden[-1]
        swapped = [last if a == first else first if a == last else a for a in history]
        a = game.new_initial_state()
        b = game.new_initial_state()
        for x, y in zip(history, swapped, strict=True):
            a.apply_action(x)
            b.apply_action(y)
            for seat in range(3):
                assert same_view(a, b, seat), (seed, len(a.history()))
        assert a.to_json() != b.to_json()


def test_other_seats_hands_are_not_observed(load: Loader) -> None:
    # Seat 1's liberty/pedestal and natural-history/planetarium (bottom of D) trade places.
    moves = [*m_moves(), *M_SEARCH, *M_STONES, "build seagram/plaza"]
    other = swap(moves, "deal liberty/pedestal", "deal natural-history/planetarium")
    a, b = play(load, moves), play(load, other)
    for sa, sb in zip(a, b, strict=True):
        assert same_view(sa, sb, 0)
    # Seat 1 sees its own hand.
    assert not np.array_equal(a[-1].observation_tensor(1), b[-1].observation_tensor(1))
    assert "liberty/pedestal" in a[-1].observation_string(1)
    assert "liberty/pedestal" not in b[-1].observation_string(1)
    assert "natural-history/planetarium" in b[-1].observation_string(1)
    assert "liberty/pedestal" not in a[-1].observation_string(0)
    t = a[-1].observation_tensor(1)
    assert t[14 * 24] == 1 and t[14 * 47] == 0


def test_other_seats_search_steps_are_not_observed(load: Loader) -> None:
    # Three players, parts dealt in id order: stack A starts guggenheim/monitor (6),
    # guggenheim/rotunda (7). Seat 0 looks at one or at two parts, then takes the first.
    quick = start(load, 3)
    slow = start(load, 3)
    apply(quick, "stack A", "stack B", "stack C", "look", "take guggenheim/monitor")
    apply(slow, "stack A", "stack B", "stack C", "look", "look", "take guggenheim/monitor")
    for state in (quick, slow):
        assert state.current_player() == 1
    for seat in (1, 2):
        assert same_view(quick, slow, seat)
    assert not same_view(quick, slow, 0)
    assert "looked 2" in slow.observation_string(0)
    assert "looked" not in slow.observation_string(1)
    apply(quick, "look")
    apply(slow, "look")
    for seat in (1, 2):
        assert same_view(quick, slow, seat)
    assert quick.to_json() != slow.to_json()


def test_own_search_and_memory_are_observed(load: Loader) -> None:
    state = apply(load(GAME, players=2).new_initial_state(), *m_moves())
    apply(state, "stack A", "stack B", "look", "look")
    t0, t1 = state.observation_tensor(0), state.observation_tensor(1)
    # chrysler/lobby (3) at A1, dakota/gables (59) at A2, in seat 0's memory only.
    assert t0[14 * 3 + 8] == 1 and np.isclose(t0[14 * 3 + 13], 1 / 64)
    assert t0[14 * 59 + 8] == 1 and np.isclose(t0[14 * 59 + 13], 2 / 64)
    assert np.isclose(t0[GLOBALS + 18], 2 / 64)
    assert t1[14 * 3 : 14 * 3 + 14].sum() == 0
    assert t1[14 * 59 : 14 * 59 + 14].sum() == 0
    assert t1[GLOBALS + 18] == 0
    lines = state.observation_string(0).splitlines()
    assert lines[-2:] == ["memory: chrysler/lobby A1, dakota/gables A2", "observer: seat 0"]
    assert state.observation_string(1).splitlines()[-2] == "memory: none"


def test_public_information_is_the_same_for_every_seat(load: Loader) -> None:
    state = start(load, 3, hands=C3_HANDS, stacks=C3_STACKS, stones=(1, 2, 3))
    apply(state, *C3_ROUND, "build seagram/plaza")
    tensors = [state.observation_tensor(seat) for seat in range(3)]
    # The commission blocks do not depend on the observer.
    block = slice(COMMISSIONS, SEATS)
    assert np.array_equal(tensors[0][block], tensors[1][block])
    assert np.array_equal(tensors[0][block], tensors[2][block])
    # The seat blocks are rotated: seat 2's own block is seat 0's relative block 2.
    assert np.array_equal(tensors[2][SEATS : SEATS + 22], tensors[0][SEATS + 44 : SEATS + 66])
    assert np.array_equal(tensors[1][SEATS : SEATS + 22], tensors[0][SEATS + 22 : SEATS + 44])
    assert tensors[0][SEATS + 66 : GLOBALS].sum() == 0  # no fourth or fifth seat


def test_which_part_was_slid_is_not_observed(load: Loader, tmp_path: Path) -> None:
    # Seat 1 slides either federal-hall/statue or federal-hall/portico under E: seat 0 sees
    # stack E grow by one either way, and nothing else.
    statue = t_game(load, tmp_path, *T_ROUND_1, "slide federal-hall/statue E")
    portico = t_game(load, tmp_path, *T_ROUND_1, "slide federal-hall/portico E")
    assert same_view(statue, portico, 0)
    assert not same_view(statue, portico, 1)
    assert "stack E: size 3" in statue.observation_string(0).splitlines()
    memory = "memory: lever-house/slab B1, federal-hall/portico E3"
    assert memory in portico.observation_string(1).splitlines()
    assert statue.to_json() != portico.to_json()
