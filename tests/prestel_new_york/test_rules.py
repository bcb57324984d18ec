"""The Prestel New York Architecture Game's rules, one test per rule and per ruling, on both
engines.

Every expected value here was worked out by hand from the rulebook
(`shared/rules/prestel-new-york.md`, rules 1-20) and the rulings of
`docs/games/prestel_new_york.md`, never read off an engine. The setup is all chance nodes,
so each test scripts its own deal: the four commissions in the slots and the deck's top
(`reveal`), the order in which the parts are dealt (`deal`: two to each seat, then stacks A
to E top to bottom) and the starting stones (`draw stone`). `layout` below chooses the
parts a test names and deals the others in id order.

Part ids follow the data file: empire-state 0-2, chrysler 3-5, guggenheim 6-8,
stock-exchange 9-11, brooklyn-bridge 12-14, flatiron 15-17, woolworth 18-20,
rockefeller 21-23, liberty 24-26, st-patricks 27-29, grand-central 30-32, metropolitan
33-35, public-library 36-38, united-nations 39-41, world-trade 42-44, natural-history
45-47, city-hall 48-49, seagram 50-51, lever-house 52-53, federal-hall 54-55,
washington-arch 56-57, dakota 58-59, carnegie-hall 60-61, trinity-church 62-63.
Commission ids: the slugs in that order (seagram 17, dakota 21, city-hall 16, ...).

Some tests use a small component file (`SMALL`: the eight two-part commissions, 16 parts)
written to a temporary directory, for short multi-round games; its ids are city-hall 0
(parts 0-1), seagram 1 (2-3), lever-house 2 (4-5), federal-hall 3 (6-7), washington-arch 4
(8-9), dakota 5 (10-11), carnegie-hall 6 (12-13), trinity-church 7 (14-15).

Statistical checks over whole games (chip payouts, the end at 13 chips, four commissions
out) play seeded games with a greedy agent and recompute what must happen from the state's
JSON with the small rules model at the bottom of this file, itself written from the rules.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from boardcore.api import CHANCE, TERMINAL, State
from boardcore.rng import SplitMix64
from tests import helpers
from tests.conftest import Loader, apply
from tests.helpers import Encoding, assert_rejected, js, packaged_data, status

Json = dict[str, Any]

GAME = "prestel_new_york"
LETTERS = "ABCDE"
LOOK = 5


# --- components -----------------------------------------------------------------------------


class Components:
    """The commissions and parts of a component file; ids are positions in these lists."""

    def __init__(self, commissions: Sequence[tuple[str, Sequence[str]]]) -> None:
        self.commissions = [(slug, tuple(parts)) for slug, parts in commissions]
        self.slugs = [slug for slug, _ in self.commissions]
        self.parts = [f"{slug}/{part}" for slug, parts in self.commissions for part in parts]
        self.commission_of = [c for c, (_, parts) in enumerate(self.commissions) for _ in parts]
        self.part = {name: i for i, name in enumerate(self.parts)}
        self.commission = {slug: c for c, slug in enumerate(self.slugs)}


def _packaged() -> Components:
    doc = packaged_data(GAME)
    return Components([(entry["slug"], entry["parts"]) for entry in doc["commission"]])


PACKAGED = _packaged()
SMALL_SLUGS = (
    "city-hall",
    "seagram",
    "lever-house",
    "federal-hall",
    "washington-arch",
    "dakota",
    "carnegie-hall",
    "trinity-church",
)
SMALL = Components([c for c in PACKAGED.commissions if c[0] in SMALL_SLUGS])
SYMBOLS = ("compass", "square", "level", "chisel", "mallet")


def data_text(comp: Components, win_chips: int = 13) -> str:
    """A component file in the documented schema."""
    lines = [
        f'game = "{GAME}"',
        "",
        "[rules]",
        f"win_chips = {win_chips}",
        'provenance = "rulebook"',
    ]
    for symbol in SYMBOLS:
        lines += ["", "[[symbol]]", f'name = "{symbol}"', 'provenance = "reconstructed"']
    for slug, parts in comp.commissions:
        quoted = ", ".join(f'"{p}"' for p in parts)
        lines += [
            "",
            "[[commission]]",
            f'slug = "{slug}"',
            f'name = "The {slug}"',
            f"parts = [{quoted}]",
            'provenance = "reconstructed"',
        ]
    return "\n".join(lines) + "\n"


def write_data(tmp_path: Path, comp: Components = SMALL, win_chips: int = 13) -> str:
    path = tmp_path / f"prestel_{len(comp.slugs)}_{win_chips}.toml"
    path.write_text(data_text(comp, win_chips), encoding="utf-8")
    return str(path)


# --- scripted setups ------------------------------------------------------------------------


def layout(
    comp: Components,
    players: int,
    hands: Sequence[Sequence[str]] = (),
    stacks: Mapping[str, Sequence[str]] | None = None,
) -> tuple[list[list[str]], list[list[str]]]:
    """The hands and the stacks (top first) of a deal: the parts named go where they are
    named (hands in full or in part, stacks from the top), the others fill the remaining
    places in id order. Stack sizes as the setup ruling says."""
    left = len(comp.parts) - 2 * players
    sizes = [left // 5 + (1 if i < left % 5 else 0) for i in range(5)]
    stacks = stacks or {}
    named = [p for hand in hands for p in hand] + [p for top in stacks.values() for p in top]
    assert len(set(named)) == len(named)
    rest = iter([p for p in comp.parts if p not in set(named)])
    seat_hands = []
    for seat in range(players):
        given = list(hands[seat]) if seat < len(hands) else []
        seat_hands.append(given + [next(rest) for _ in range(2 - len(given))])
    piles = []
    for letter, size in zip(LETTERS, sizes, strict=True):
        top = list(stacks.get(letter, ()))
        piles.append(top + [next(rest) for _ in range(size - len(top))])
    assert next(rest, None) is None
    return seat_hands, piles


def deal_moves(hands: Sequence[Sequence[str]], piles: Sequence[Sequence[str]]) -> list[str]:
    return [f"deal {p}" for hand in hands for p in hand] + [
        f"deal {p}" for pile in piles for p in pile
    ]


def setup_moves(
    players: int,
    *,
    comp: Components = PACKAGED,
    slots: Sequence[str] = ("seagram", "dakota", "empire-state", "liberty"),
    top: str = "city-hall",
    hands: Sequence[Sequence[str]] = (),
    stacks: Mapping[str, Sequence[str]] | None = None,
    stones: Sequence[int] | None = None,
) -> list[str]:
    seat_hands, piles = layout(comp, players, hands, stacks)
    moves = [f"reveal {slug}" for slug in (*slots, top)]
    moves += deal_moves(seat_hands, piles)
    moves += [f"draw stone {k}" for k in (stones or range(1, players + 1))]
    return moves


def start(
    load: Loader, players: int = 2, params: Mapping[str, Any] | None = None, **script: Any
) -> State:
    """A game of the parameters ``params`` with the setup scripted by ``setup_moves`` (given
    ``script``); the first round's stack phase is next."""
    state = load(GAME, players=players, **(params or {})).new_initial_state()
    apply(state, *setup_moves(players, **script))
    return state


def legal_strings(state: State) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def outcome_strings(state: State) -> set[str]:
    return {state.action_to_string(a) for a, _ in state.chance_outcomes()}


def search(state: State, looks: int) -> State:
    """The seat to move looks `looks` times and takes the first part it may take."""
    for _ in range(looks):
        apply(state, "look")
    takes = [a for a in state.legal_actions() if state.action_to_string(a).startswith("take ")]
    state.apply_action(takes[0])
    return state


def searched(load: Loader, *looks: int) -> State:
    """A game of ``len(looks)`` players, stones 1 and up: the seats take stacks A, B, ... in
    turn, then each looks ``looks[seat]`` times and takes the first part it may take."""
    state = start(load, len(looks))
    apply(state, *(f"stack {'ABCDE'[seat]}" for seat in range(len(looks))))
    for count in looks:
        search(state, count)
    return state


def empty_slot() -> Json:
    return {"built": [], "commission": -1}


def slot(comp: Components, slug: str, built: Sequence[int] | None = None) -> Json:
    c = comp.commission[slug]
    size = len(comp.commissions[c][1])
    return {"built": list(built) if built is not None else [-1] * size, "commission": c}


def ids(comp: Components, *names: str) -> list[int]:
    return [comp.part[n] for n in names]


# The scenario most tests share: two players (packaged data). Slots seagram, dakota,
# empire-state, liberty; deck top city-hall. Seat 0 holds seagram/plaza and
# empire-state/base, seat 1 dakota/courtyard and liberty/pedestal. Stack A starts with
# chrysler/lobby, dakota/gables, empire-state/tower, stack B with seagram/tower,
# liberty/figure; the rest in id order. Seat 0 draws stone 2, seat 1 stone 5.
M_HANDS = (("seagram/plaza", "empire-state/base"), ("dakota/courtyard", "liberty/pedestal"))
M_STACKS = {
    "A": ("chrysler/lobby", "dakota/gables", "empire-state/tower"),
    "B": ("seagram/tower", "liberty/figure"),
}
# Stack A as dealt: the three named, then the nine lowest free ids 2, 4..11.
M_A = [3, 59, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11]
# Stack B: the two named, then ids 12..21.
M_B = [51, 25, *range(12, 22)]
M_C = [22, 23, *range(26, 36)]
M_D = list(range(36, 48))
M_E = [48, 49, 52, 53, 54, 55, 56, 57, 60, 61, 62, 63]

# Round 1: seat 0 (stone 2) takes A, seat 1 takes B. Seat 0 looks at three parts and takes
# chrysler/lobby (depth 1); seat 1 looks at two and takes liberty/figure (depth 2).
M_SEARCH = (
    "stack A",
    "stack B",
    "look",
    "look",
    "look",
    "take chrysler/lobby",
    "look",
    "look",
    "take liberty/figure",
)
# Seat 1 finished first (2 parts looked at against 3) and leaves stone 2 to seat 0.
M_STONES = ("stone 5", "stone 2")
# Seat 0 builds the first half of the seagram; seat 1 slides dakota/courtyard under A.
M_BUILD = ("build seagram/plaza", "slide dakota/courtyard A")
# dakota, empire-state and liberty go under the deck; city-hall fills slot 2, then the
# reveals fill slot 3, slot 4 and the deck's top.
M_REFILL = ("reveal guggenheim", "reveal chrysler", "reveal woolworth")


def m_game(load: Loader, *moves: str, **params: Any) -> State:
    state = start(load, 2, params, hands=M_HANDS, stacks=M_STACKS, stones=(2, 5))
    apply(state, *moves)
    return state


# --- the component data ---------------------------------------------------------------------


def test_packaged_data_counts_match_the_rulebook() -> None:
    # 24 commissions, 64 parts; each part fits one commission: 16 of 3 parts, 8 of 2.
    assert len(PACKAGED.slugs) == 24
    assert len(PACKAGED.parts) == 64
    sizes = [len(parts) for _, parts in PACKAGED.commissions]
    assert sizes.count(3) == 16 and sizes.count(2) == 8
    doc = packaged_data(GAME)
    assert doc["rules"]["win_chips"] == 13
    assert len(doc["symbol"]) == 5
    # The ids the tests below rely on.
    assert PACKAGED.part["seagram/plaza"] == 50
    assert PACKAGED.part["dakota/gables"] == 59
    assert PACKAGED.commission["seagram"] == 17
    assert SMALL.part["trinity-church/spire"] == 15
    assert SMALL.commission["trinity-church"] == 7


# --- notation and encoding ------------------------------------------------------------------


# The spec's encoding table, worked out for each kind of action: the contract suite reads each
# notation as its id and back, in both engines and at every player count.
ENCODING = Encoding(
    actions=21 + 8 * 64 + 24,
    ids={
        "stack A": 0,
        "stack E": 4,
        "look": 5,
        "take empire-state/base": 6,
        "take trinity-church/spire": 6 + 63,
        "stone 1": 5 + 64 + 1,
        "stone 5": 74,
        "build empire-state/base": 11 + 64,
        "build seagram/plaza": 11 + 64 + 50,
        "build trinity-church/spire": 138,
        "slide empire-state/base A": 11 + 128,
        "slide chrysler/crown E": 11 + 128 + 5 * 5 + 4,
        "slide trinity-church/spire E": 458,
        "deal empire-state/base": 11 + 7 * 64,
        "deal flatiron/wedge": 11 + 7 * 64 + 16,
        "deal trinity-church/spire": 522,
        "reveal empire-state": 11 + 8 * 64,
        "reveal seagram": 11 + 8 * 64 + 17,
        "reveal trinity-church": 546,
        "draw stone 1": 10 + 8 * 64 + 24 + 1,
        "draw stone 5": 551,
        "finish 0": 16 + 8 * 64 + 24,
        "finish 4": 556,
    },
)


def test_the_encoding_table_gives_the_spec_numbers() -> None:
    assert ENCODING.actions == 557
    assert ENCODING.ids["slide chrysler/crown E"] == 168


def test_action_encoding_follows_the_data_file(load: Loader, tmp_path: Path) -> None:
    # P = 16 parts and C = 8 commissions: 21 + 8P + C = 157 actions.
    game = load(GAME, players=2, data=write_data(tmp_path))
    assert game.num_distinct_actions == 157
    state = game.new_initial_state()
    assert state.string_to_action("take trinity-church/spire") == 6 + 15
    assert state.string_to_action("stone 1") == 5 + 16 + 1
    assert state.string_to_action("slide seagram/tower C") == 11 + 32 + 5 * 3 + 2
    assert state.string_to_action("reveal trinity-church") == 11 + 128 + 7
    assert state.string_to_action("finish 4") == 156
    assert state.action_to_string(11 + 7 * 16) == "deal city-hall/wings"


# --- setup: rules 1 to 8 and the setup rulings ----------------------------------------------


def test_rule_1_commissions_are_shuffled_by_chance(load: Loader) -> None:
    state = load(GAME, players=4).new_initial_state()
    assert state.current_player() == CHANCE
    # One chance node per card, every unseen commission equally likely.
    assert state.chance_outcomes() == [(523 + c, 1) for c in range(24)]
    j = js(state)
    assert j["phase"] == "setup" and j["round"] == 0 and j["to_move"] == -1
    assert j["deck"] == {"tail": [], "top": -1, "unseen": list(range(24))}
    assert j["table"] == [empty_slot()] * 4
    assert status(state) == "setup: revealing a commission"


def test_rule_2_four_commissions_in_the_slots_then_the_deck_top(load: Loader) -> None:
    state = load(GAME, players=4).new_initial_state()
    apply(state, "reveal guggenheim", "reveal seagram")
    assert js(state)["table"] == [
        slot(PACKAGED, "guggenheim"),
        slot(PACKAGED, "seagram"),
        empty_slot(),
        empty_slot(),
    ]
    assert state.chance_outcomes() == [(523 + c, 1) for c in range(24) if c not in (2, 17)]
    apply(state, "reveal brooklyn-bridge", "reveal dakota")
    j = js(state)
    assert [s["commission"] for s in j["table"]] == [2, 17, 4, 21]
    assert j["deck"]["top"] == -1  # the fifth reveal is the deck's top
    assert len(state.chance_outcomes()) == 20
    apply(state, "reveal lever-house")
    j = js(state)
    unseen = [c for c in range(24) if c not in (2, 17, 4, 21, 18)]
    assert j["deck"] == {"tail": [], "top": 18, "unseen": unseen}
    assert j["phase"] == "setup"
    assert status(state) == "setup: dealing a part"


def test_rule_3_parts_are_shuffled_by_chance(load: Loader) -> None:
    state = apply(
        load(GAME, players=2).new_initial_state(),
        *(f"reveal {s}" for s in ("seagram", "dakota", "empire-state", "liberty", "city-hall")),
    )
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(459 + p, 1) for p in range(64)]
    apply(state, "deal flatiron/wedge")
    assert state.chance_outcomes() == [(459 + p, 1) for p in range(64) if p != 16]


def test_rule_4_two_parts_dealt_to_each_seat_first(load: Loader) -> None:
    state = apply(
        load(GAME, players=3).new_initial_state(),
        *(f"reveal {s}" for s in ("seagram", "dakota", "empire-state", "liberty", "city-hall")),
    )
    apply(state, "deal liberty/torch", "deal chrysler/crown", "deal seagram/tower")
    assert js(state)["hands"] == [[5, 26], [51], []]
    apply(state, "deal empire-state/base", "deal dakota/gables", "deal flatiron/wedge")
    j = js(state)
    assert j["hands"] == [[5, 26], [0, 51], [16, 59]]  # ascending
    assert j["stacks"] == [[], [], [], [], []]


def test_rule_5_stacks_filled_in_turn_top_to_bottom(load: Loader) -> None:
    # Three players, the parts dealt in id order: hands 0-1, 2-3, 4-5; then 58 parts in
    # stacks of 12, 12, 12, 11 and 11.
    state = start(load, 3, hands=(), stones=(1, 2, 3))
    j = js(state)
    assert j["hands"] == [[0, 1], [2, 3], [4, 5]]
    assert j["stacks"] == [
        list(range(6, 18)),
        list(range(18, 30)),
        list(range(30, 42)),
        list(range(42, 53)),
        list(range(53, 64)),
    ]


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (2, [12, 12, 12, 12, 12]),  # 60 parts left
        (3, [12, 12, 12, 11, 11]),  # 58
        (4, [12, 11, 11, 11, 11]),  # 56
        (5, [11, 11, 11, 11, 10]),  # 54
    ],
)
def test_setup_stack_sizes_roughly_equal(load: Loader, players: int, sizes: list[int]) -> None:
    state = load(GAME, players=players).new_initial_state()
    apply(state, *(f"reveal {s}" for s in ("seagram", "dakota", "empire-state", "liberty")))
    apply(state, "reveal city-hall", *(f"deal {p}" for p in PACKAGED.parts))
    j = js(state)
    assert [len(s) for s in j["stacks"]] == sizes
    assert j["hands"] == [[2 * s, 2 * s + 1] for s in range(players)]
    assert [p for s in j["stacks"] for p in s] == list(range(2 * players, 64))
    assert status(state) == "setup: seat 0 to draw a stone"


def test_rule_6_symbol_card_only_names_the_stack(load: Loader) -> None:
    # The symbol card is no part: the first `look` shows the first part dealt to the stack.
    state = m_game(load, "stack A", "stack B", "look")
    j = js(state)
    assert j["looked"] == [1, 0]
    assert j["memory"] == [[[3, 0, 1]], []]
    assert [len(s) for s in j["stacks"]] == [12] * 5


def test_rule_7_chips_stay_in_the_supply_at_the_start(load: Loader) -> None:
    state = m_game(load)
    assert js(state)["chips"] == [0, 0]
    assert state.scores() == [0, 0]
    assert state.winners() == []


def test_rule_8_each_seat_draws_a_starting_stone(load: Loader) -> None:
    state = load(GAME, players=3).new_initial_state()
    apply(state, *(f"reveal {s}" for s in ("seagram", "dakota", "empire-state", "liberty")))
    apply(state, "reveal city-hall", *(f"deal {p}" for p in PACKAGED.parts))
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(547 + i, 1) for i in range(5)]
    apply(state, "draw stone 4")
    assert js(state)["stones"] == [4, 0, 0]
    assert status(state) == "setup: seat 1 to draw a stone"
    assert state.chance_outcomes() == [(547, 1), (548, 1), (549, 1), (551, 1)]
    apply(state, "draw stone 2")
    assert state.chance_outcomes() == [(547, 1), (549, 1), (551, 1)]
    apply(state, "draw stone 5")
    j = js(state)
    assert j["stones"] == [4, 2, 5]
    assert j["phase"] == "stack" and j["round"] == 1
    # "The player with the lowest number always begins."
    assert state.current_player() == 1
    assert status(state) == "round 1: seat 1 to choose a stack"


def test_ruling_stones_left_out_are_never_on_offer(load: Loader) -> None:
    # Two players drew stones 2 and 5: stones 1, 3 and 4 stay out for the whole game.
    state = m_game(load, *M_SEARCH)
    assert js(state)["phase"] == "stone"
    assert state.legal_actions() == [71, 74]
    assert_rejected(state, "stone 1")
    assert_rejected(state, "stone 3")
    apply(state, "stone 5")
    assert state.legal_actions() == [71]
    assert_rejected(state, "stone 5")  # already picked
    apply(state, "stone 2")
    # Next round, after a refill, the offer is again 2 and 5.
    apply(state, *M_BUILD, *M_REFILL, "stack C", "stack D")
    search(state, 1)
    search(state, 2)
    assert state.legal_actions() == [71, 74]


def test_ruling_full_json_after_setup(load: Loader) -> None:
    moves = setup_moves(2, hands=M_HANDS, stacks=M_STACKS, stones=(2, 5))
    state = apply(load(GAME, players=2).new_initial_state(), *moves)
    history = [523 + c for c in (17, 21, 0, 8, 16)]
    history += [459 + p for p in (50, 0, 58, 24, *M_A, *M_B, *M_C, *M_D, *M_E)]
    history += [547 + 1, 547 + 4]
    expected = {
        "chips": [0, 0],
        "completed": [],
        "deck": {
            "tail": [],
            "top": 16,
            "unseen": [c for c in range(24) if c not in (0, 8, 16, 17, 21)],
        },
        "finish": [],
        "game": GAME,
        "hands": [[0, 50], [24, 58]],
        "history": history,
        "looked": [0, 0],
        "max_rounds": 0,
        "memory": [[], []],
        "new_stones": [0, 0],
        "phase": "stack",
        "players": 2,
        "round": 1,
        "speeds": [1, 1],
        "stacks": [M_A, M_B, M_C, M_D, M_E],
        "stones": [2, 5],
        "table": [
            {"built": [-1, -1], "commission": 17},
            {"built": [-1, -1], "commission": 21},
            {"built": [-1, -1, -1], "commission": 0},
            {"built": [-1, -1, -1], "commission": 8},
        ],
        "taken": [-1, -1],
        "to_move": 0,
        "version": 1,
    }
    assert state.to_json() == helpers.canonical(expected)
    assert state.history() == history


# --- the stack phase: rules 9 to 11 ---------------------------------------------------------


def test_rule_9_starting_player_chooses_any_stack(load: Loader) -> None:
    state = m_game(load)
    assert state.current_player() == 0  # stone 2 against stone 5
    assert state.legal_actions() == [0, 1, 2, 3, 4]
    apply(state, "stack C")
    assert js(state)["taken"] == [2, -1]


def test_rule_10_next_player_chooses_from_the_remaining_stacks(load: Loader) -> None:
    state = m_game(load, "stack C")
    assert state.current_player() == 1
    assert state.legal_actions() == [0, 1, 3, 4]
    assert_rejected(state, "stack C")
    assert_rejected(state, "look")  # no searching before every seat has a stack


def test_rule_11_search_starts_once_every_seat_has_a_stack(load: Loader) -> None:
    state = m_game(load, "stack A")
    assert js(state)["phase"] == "stack"
    apply(state, "stack B")
    j = js(state)
    assert j["phase"] == "search"
    assert j["taken"] == [0, 1]
    assert state.current_player() == 0  # the searching seats act in starting order
    assert status(state) == "round 1: seat 0 to search stack A"


def test_ruling_stack_phase_in_starting_order(load: Loader) -> None:
    # Stones 4, 2, 5: seat 1 chooses first, then seat 0, then seat 2.
    state = start(load, 3, stones=(4, 2, 5))
    assert state.current_player() == 1
    apply(state, "stack C")
    assert state.current_player() == 0
    assert state.legal_actions() == [0, 1, 3, 4]
    apply(state, "stack A")
    assert state.current_player() == 2
    assert state.legal_actions() == [1, 3, 4]
    apply(state, "stack E")
    # The search goes in the same order.
    assert js(state)["taken"] == [0, 2, 4]
    assert state.current_player() == 1
    search(state, 1)
    assert state.current_player() == 0
    search(state, 1)
    assert state.current_player() == 2


# --- the search: rules 12 to 14 and the search rulings --------------------------------------


def test_rule_12_only_parts_looked_at_may_be_taken(load: Loader) -> None:
    state = m_game(load, "stack A", "stack B")
    assert state.legal_actions() == [LOOK]
    assert_rejected(state, "take chrysler/lobby")  # the top part, not looked at yet
    apply(state, "look")
    assert state.legal_actions() == [LOOK, 6 + 3]
    assert_rejected(state, "take dakota/gables")  # second from the top: not seen yet
    assert_rejected(state, "take seagram/tower")  # the top of another stack
    apply(state, "look")
    assert state.legal_actions() == [LOOK, 6 + 3, 6 + 59]


def test_rule_13_take_out_exactly_one_part_without_reordering(load: Loader) -> None:
    state = m_game(load, "stack A", "stack B", "look", "look", "look")
    assert state.legal_actions() == [LOOK, 6 + 1, 6 + 3, 6 + 59]
    apply(state, "take dakota/gables")
    j = js(state)
    assert j["stacks"][0] == [3, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11]  # M_A without 59
    assert j["hands"][0] == [0, 50, 59]
    # One part only: seat 0's search is over, seat 1 searches next.
    assert state.current_player() == 1
    assert state.legal_actions() == [LOOK]
    assert_rejected(state, "take empire-state/tower")


def test_rule_13_only_take_left_once_every_part_is_looked_at(load: Loader, tmp_path: Path) -> None:
    # Stack C holds washington-arch/piers (8) and /arch (9); seat 1 (stone 1) takes it.
    state = t_game(load, tmp_path, "stack C", "stack A", "look", "look")
    assert state.legal_actions() == [6 + 8, 6 + 9]
    assert_rejected(state, "look")
    apply(state, "take washington-arch/arch")
    assert js(state)["stacks"][2] == [8]


def test_rule_14_finishing_order_picks_stones_and_each_seat_holds_three(load: Loader) -> None:
    state = m_game(load, *M_SEARCH)
    j = js(state)
    assert j["phase"] == "stone"
    assert [len(h) for h in j["hands"]] == [3, 3]
    assert j["finish"] == [1, 0]  # seat 1 looked at 2 parts, seat 0 at 3
    assert state.current_player() == 1
    apply(state, "stone 2")
    j = js(state)
    assert j["new_stones"] == [0, 2]
    assert j["stones"] == [2, 5]  # the new stones replace the old after the phase
    assert state.current_player() == 0
    apply(state, "stone 5")
    j = js(state)
    assert j["stones"] == [5, 2] and j["new_stones"] == [5, 2]
    # The new stones set the build order: seat 1 first.
    assert j["phase"] == "build"
    assert state.current_player() == 1


def test_ruling_stone_phase_in_finishing_order(load: Loader) -> None:
    # Stones 4, 2, 5: seat 1 searches first (3 looks), seat 0 (2 looks), seat 2 (1 look).
    state = start(load, 3, stones=(4, 2, 5))
    apply(state, "stack C", "stack A", "stack E")
    search(state, 3)
    search(state, 2)
    search(state, 1)
    j = js(state)
    assert j["finish"] == [2, 0, 1]
    assert state.current_player() == 2
    assert state.legal_actions() == [71, 73, 74]  # stones 2, 4, 5: those laid down
    apply(state, "stone 5")
    assert js(state)["new_stones"] == [0, 0, 5]
    assert state.current_player() == 0
    assert state.legal_actions() == [71, 73]
    apply(state, "stone 2")
    assert state.current_player() == 1
    assert state.legal_actions() == [73]
    apply(state, "stone 4")
    j = js(state)
    assert j["stones"] == [2, 4, 5]
    assert j["phase"] == "build"
    # Build in the new starting order: 0, 1, 2.
    assert state.current_player() == 0
    apply(state, state.action_to_string(state.legal_actions()[-1]))
    assert state.current_player() == 1
    apply(state, state.action_to_string(state.legal_actions()[-1]))
    assert state.current_player() == 2


def test_ruling_search_time_is_parts_looked_at_divided_by_speed(load: Loader) -> None:
    # Seat 0 looks at 3 parts, seat 1 at 2 (M_SEARCH).
    plain = m_game(load, *M_SEARCH)
    assert js(plain)["finish"] == [1, 0]  # 3 > 2
    fast = m_game(load, *M_SEARCH, speeds="2,1")
    assert js(fast)["speeds"] == [2, 1]
    assert js(fast)["finish"] == [0, 1]  # 3/2 < 2/1
    assert fast.current_player() == 0
    slow = m_game(load, *M_SEARCH, speeds="1,2")
    assert js(slow)["finish"] == [1, 0]  # 3/1 > 2/2
    even = m_game(load, *M_SEARCH, speeds="3,2")
    assert js(even)["phase"] == "tie"  # 3/3 = 2/2
    assert js(even)["finish"] == []


def test_ruling_ties_in_search_time_broken_by_chance(load: Loader) -> None:
    state = m_game(load, "stack A", "stack B", "look", "look", "take chrysler/lobby")
    apply(state, "look", "look", "take liberty/figure")  # 2 parts each
    j = js(state)
    assert j["phase"] == "tie" and j["finish"] == [] and j["to_move"] == -1
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(552, 1), (553, 1)]
    assert status(state) == "round 1: breaking a tie"
    apply(state, "finish 1")
    j = js(state)
    assert j["finish"] == [1, 0]
    assert j["phase"] == "stone"
    assert state.current_player() == 1


def test_ruling_tie_groups_decided_one_seat_at_a_time(load: Loader) -> None:
    # Four players with stones 1-4 take stacks A-D and look at 1, 1, 2 and 2 parts.
    state = searched(load, 1, 1, 2, 2)
    assert js(state)["finish"] == []
    assert state.chance_outcomes() == [(552, 1), (553, 1)]
    apply(state, "finish 1")
    # Seat 0 is left alone in its group; the next group is seats 2 and 3.
    assert js(state)["finish"] == [1, 0]
    assert js(state)["phase"] == "tie"
    assert state.chance_outcomes() == [(554, 1), (555, 1)]
    apply(state, "finish 3")
    assert js(state)["finish"] == [1, 0, 3, 2]
    assert state.current_player() == 1


def test_ruling_finishing_order_fixed_up_to_the_first_tie(load: Loader) -> None:
    # Looks 1, 2, 2, 3: seat 0 is first for sure; seats 1 and 2 tie; seat 3 is last.
    state = searched(load, 1, 2, 2, 3)
    assert js(state)["finish"] == [0]
    assert state.chance_outcomes() == [(553, 1), (554, 1)]
    apply(state, "finish 2")
    assert js(state)["finish"] == [0, 2, 1, 3]
    assert js(state)["phase"] == "stone"
    assert state.current_player() == 0


def test_ruling_three_way_tie_needs_two_chance_nodes(load: Loader) -> None:
    state = searched(load, 1, 1, 1)
    assert state.chance_outcomes() == [(552, 1), (553, 1), (554, 1)]
    apply(state, "finish 2")
    assert js(state)["finish"] == [2]
    assert state.chance_outcomes() == [(552, 1), (553, 1)]
    assert_rejected(state, "finish 2")
    apply(state, "finish 0")
    assert js(state)["finish"] == [2, 0, 1]
    assert state.current_player() == 2


# --- building: rules 15 to 17 and the building rulings --------------------------------------


def test_rule_15_build_or_slide_in_the_new_starting_order(load: Loader) -> None:
    state = m_game(load, *M_SEARCH, *M_STONES)
    assert js(state)["phase"] == "build"
    assert state.current_player() == 0  # new stone 2
    assert status(state) == "round 1: seat 0 to build or slide"
    hand = ("empire-state/base", "chrysler/lobby", "seagram/plaza")
    # chrysler lies in no slot: no build for it; every part may slide under every stack.
    expected = {"build empire-state/base", "build seagram/plaza"}
    expected |= {f"slide {p} {letter}" for p in hand for letter in LETTERS}
    assert legal_strings(state) == expected
    apply(state, "slide chrysler/lobby C")
    assert state.current_player() == 1


def test_ruling_build_needs_the_commission_in_a_slot(load: Loader) -> None:
    state = m_game(load, *M_SEARCH, *M_STONES)
    assert_rejected(state, "build chrysler/lobby")  # an unseen commission of the deck
    apply(state, "build seagram/plaza")
    # Seat 1 holds liberty/pedestal, liberty/figure and dakota/courtyard: all buildable.
    assert {s for s in legal_strings(state) if s.startswith("build ")} == {
        "build liberty/pedestal",
        "build liberty/figure",
        "build dakota/courtyard",
    }


def test_rule_15a_slide_under_any_stack_including_own_ends_the_turn(load: Loader) -> None:
    state = m_game(load, *M_SEARCH, *M_STONES, "slide chrysler/lobby D")
    j = js(state)
    assert j["stacks"][3] == [*M_D, 3]  # under the stack: its last part
    assert j["hands"][0] == [0, 50]
    assert state.current_player() == 1
    apply(state, "slide liberty/figure B")  # seat 1 took stack B this round
    j = js(state)
    assert j["stacks"][1] == [51, *range(12, 22), 25]
    assert j["hands"] == [[0, 50], [24, 58]]  # two parts each again
    assert j["chips"] == [0, 0]
    assert j["phase"] == "refill"


def test_rule_15b_build_places_one_chip(load: Loader) -> None:
    state = m_game(load, *M_SEARCH, *M_STONES, "build empire-state/base")
    j = js(state)
    assert j["table"][2] == {"built": [0, -1, -1], "commission": 0}
    assert j["hands"][0] == [3, 50]
    # The chip lies on the part: it is not yet the seat's.
    assert j["chips"] == [0, 0]
    assert state.scores() == [0, 0]
    assert state.current_player() == 1
    apply(state, "build liberty/figure")
    assert js(state)["table"][3] == {"built": [-1, 1, -1], "commission": 8}


# Three players (packaged data), stones 1, 2, 3. Seat 0 holds seagram/plaza and
# empire-state/base, seat 1 empire-state/tower and dakota/courtyard, seat 2 seagram/tower and
# empire-state/mast. Seat 0 looks at 1 part of A, seat 1 at 3 of B, seat 2 at 2 of C; each
# takes a liberty part. Finishing order 0, 2, 1; the stones keep that order.
C3_HANDS = (
    ("seagram/plaza", "empire-state/base"),
    ("empire-state/tower", "dakota/courtyard"),
    ("seagram/tower", "empire-state/mast"),
)
C3_STACKS = {
    "A": ("liberty/figure",),
    "B": ("chrysler/lobby", "chrysler/shaft", "liberty/torch"),
    "C": ("chrysler/crown", "liberty/pedestal"),
}
C3_ROUND = (
    "stack A",
    "stack B",
    "stack C",
    "look",
    "take liberty/figure",
    "look",
    "look",
    "look",
    "take liberty/torch",
    "look",
    "look",
    "take liberty/pedestal",
    "stone 1",
    "stone 2",
    "stone 3",
)


def c3_game(load: Loader) -> State:
    state = start(load, 3, hands=C3_HANDS, stacks=C3_STACKS, stones=(1, 2, 3))
    apply(state, *C3_ROUND)
    assert js(state)["stones"] == [1, 3, 2]
    return state


def test_rule_15_completer_gets_two_chips_instead_of_one(load: Loader) -> None:
    state = c3_game(load)
    apply(state, "build empire-state/base")  # seat 0
    apply(state, "build empire-state/mast")  # seat 2
    assert js(state)["table"][2] == {"built": [0, -1, 2], "commission": 0}
    assert js(state)["chips"] == [0, 0, 0]
    apply(state, "build empire-state/tower")  # seat 1 completes the empire-state
    j = js(state)
    # One chip each for the base and the mast, two for the completer.
    assert j["chips"] == [1, 2, 1]
    assert state.scores() == [1, 2, 1]
    assert j["completed"] == [0]
    assert j["table"][2] == empty_slot()


def test_rule_16_completed_commission_leaves_at_once_slot_stays_empty(load: Loader) -> None:
    state = c3_game(load)
    apply(state, "build seagram/plaza", "build seagram/tower")  # seat 2 completes it
    j = js(state)
    assert j["completed"] == [17]
    assert j["table"] == [
        empty_slot(),  # not replaced before the refill
        slot(PACKAGED, "dakota"),
        slot(PACKAGED, "empire-state"),
        slot(PACKAGED, "liberty"),
    ]
    assert j["phase"] == "build"
    assert state.current_player() == 1
    assert str(state).splitlines()[1] == "slot 1: empty"
    assert "completed: seagram" in str(state).splitlines()
    # Seat 1 may build on what is still on the table.
    assert {s for s in legal_strings(state) if s.startswith("build ")} == {
        "build empire-state/tower",
        "build liberty/torch",
        "build dakota/courtyard",
    }


def test_rule_17_chips_of_a_completed_commission_go_to_their_owners(load: Loader) -> None:
    state = c3_game(load)
    apply(state, "build seagram/plaza")
    assert js(state)["chips"] == [0, 0, 0]
    apply(state, "build seagram/tower")
    # Seat 0's chip from the plaza, seat 2's two for completing.
    assert js(state)["chips"] == [1, 0, 2]
    assert state.scores() == [1, 0, 2]
    assert state.winners() == []
    assert "seat 2: stone 2, chips 2, hand" in str(state)


def test_rule_18_refill_pushes_unbuilt_under_the_deck_and_fills_the_slots(load: Loader) -> None:
    state = c3_game(load)
    apply(state, "build seagram/plaza", "build seagram/tower", "build empire-state/tower")
    # Slot 1 is empty (seagram completed), slot 3 has a part; dakota (slot 2) and liberty
    # (slot 4) have none and go under the deck in slot order; city-hall, the deck's top,
    # fills slot 1 and the next top is revealed by chance.
    j = js(state)
    assert j["phase"] == "refill"
    assert state.current_player() == CHANCE
    assert status(state) == "round 1: revealing a commission"
    unseen = [c for c in range(24) if c not in (0, 8, 16, 17, 21)]
    assert j["deck"] == {"tail": [21, 8], "top": -1, "unseen": unseen}
    assert j["table"] == [
        slot(PACKAGED, "city-hall"),
        empty_slot(),
        slot(PACKAGED, "empire-state", [-1, 1, -1]),
        empty_slot(),
    ]
    assert state.chance_outcomes() == [(523 + c, 1) for c in unseen]
    apply(state, "reveal trinity-church")
    assert js(state)["table"][1] == slot(PACKAGED, "trinity-church")
    assert js(state)["deck"]["top"] == -1
    apply(state, "reveal woolworth", "reveal flatiron")
    j = js(state)
    # Four commissions are out again.
    assert j["table"] == [
        slot(PACKAGED, "city-hall"),
        slot(PACKAGED, "trinity-church"),
        slot(PACKAGED, "empire-state", [-1, 1, -1]),
        slot(PACKAGED, "woolworth"),
    ]
    assert j["deck"] == {
        "tail": [21, 8],
        "top": 5,
        "unseen": [c for c in unseen if c not in (5, 6, 23)],
    }
    assert str(state).splitlines()[5] == "deck: top flatiron, 16 unseen, then dakota liberty"


def test_rule_19_next_round_starts_with_the_stack_phase(load: Loader) -> None:
    state = c3_game(load)
    apply(state, "build seagram/plaza", "build seagram/tower", "build empire-state/tower")
    apply(state, "reveal trinity-church", "reveal woolworth", "reveal flatiron")
    j = js(state)
    assert j["phase"] == "stack" and j["round"] == 2
    # Everyone holds two parts again (rule 15), the round's records are reset.
    assert [len(h) for h in j["hands"]] == [2, 2, 2]
    assert j["taken"] == [-1, -1, -1]
    assert j["looked"] == [0, 0, 0]
    assert j["finish"] == []
    assert j["new_stones"] == [0, 0, 0]
    assert j["stones"] == [1, 3, 2]
    assert state.current_player() == 0  # stone 1
    assert status(state) == "round 2: seat 0 to choose a stack"
    apply(state, "stack B")
    assert state.current_player() == 2  # stone 2
    assert state.legal_actions() == [0, 2, 3, 4]


# Small data, two players. Slots seagram, dakota, lever-house, federal-hall; deck top
# city-hall; washington-arch, carnegie-hall and trinity-church unseen.
T_SLOTS = ("seagram", "dakota", "lever-house", "federal-hall")
T_HANDS = (("seagram/plaza", "dakota/courtyard"), ("lever-house/podium", "federal-hall/portico"))
T_STACKS = {
    "A": ("seagram/tower", "dakota/gables", "city-hall/wings"),
    "B": ("lever-house/slab", "federal-hall/statue", "city-hall/cupola"),
    "C": ("washington-arch/piers", "washington-arch/arch"),
    "D": ("carnegie-hall/auditorium", "carnegie-hall/facade"),
    "E": ("trinity-church/nave", "trinity-church/spire"),
}
# Seat 1 (stone 1) takes B, seat 0 (stone 3) takes A. Seat 1 looks at 2 and takes
# federal-hall/statue, seat 0 looks at 1 and takes seagram/tower: seat 0 finishes first
# and picks stone 1. Seat 0 builds seagram/plaza.
T_ROUND_1 = (
    "stack B",
    "stack A",
    "look",
    "look",
    "take federal-hall/statue",
    "look",
    "take seagram/tower",
    "stone 1",
    "stone 3",
    "build seagram/plaza",
)
# Seat 1 slides federal-hall/statue under E; dakota, lever-house and federal-hall go under
# the deck; city-hall fills slot 2, then trinity-church, washington-arch, and the last
# unseen card, carnegie-hall, becomes the top.
T_REFILL_1 = (
    "slide federal-hall/statue E",
    "reveal trinity-church",
    "reveal washington-arch",
    "reveal carnegie-hall",
)
# The status line, the slots, the deck and the completed commissions after T_ROUND_1, as
# every view shows them.
T_TABLE_1 = (
    "round 1: seat 1 to build or slide",
    "slot 1: seagram [0 .]",
    "slot 2: dakota [. .]",
    "slot 3: lever-house [. .]",
    "slot 4: federal-hall [. .]",
    "deck: top city-hall, 3 unseen",
    "completed: none",
)
# Round 2: seat 0 takes A and dakota/gables (1 look); seat 1 takes E, looks at 3 and takes
# trinity-church/nave. Seat 0 completes the seagram; seat 1 builds on trinity-church.
T_ROUND_2 = (
    "stack A",
    "stack E",
    "look",
    "take dakota/gables",
    "look",
    "look",
    "look",
    "take trinity-church/nave",
    "stone 1",
    "stone 3",
    "build seagram/tower",
    "build trinity-church/nave",
)
# The same after T_REFILL_1 and T_ROUND_2: round 3.
T_TABLE_2 = (
    "round 3: seat 0 to choose a stack",
    "slot 1: carnegie-hall [. .]",
    "slot 2: dakota [. .]",
    "slot 3: trinity-church [1 .]",
    "slot 4: lever-house [. .]",
    "deck: top federal-hall, 0 unseen, then city-hall washington-arch",
    "completed: seagram",
)


def small_start(
    load: Loader, tmp_path: Path, players: int, win_chips: int = 13, **script: Any
) -> State:
    """``start`` on the small data (with the goal ``win_chips``), T_SLOTS in the slots and
    city-hall on the deck."""
    data = {"data": write_data(tmp_path, win_chips=win_chips)}
    return start(load, players, data, comp=SMALL, slots=T_SLOTS, top="city-hall", **script)


def t_game(load: Loader, tmp_path: Path, *moves: str, win_chips: int = 13) -> State:
    state = small_start(load, tmp_path, 2, win_chips, hands=T_HANDS, stacks=T_STACKS, stones=(3, 1))
    apply(state, *moves)
    return state


def test_ruling_refill_reveals_each_new_top_by_chance(load: Loader, tmp_path: Path) -> None:
    state = t_game(load, tmp_path, *T_ROUND_1, "slide federal-hall/statue E")
    j = js(state)
    assert j["deck"] == {"tail": [5, 2, 3], "top": -1, "unseen": [4, 6, 7]}
    assert j["table"][1] == slot(SMALL, "city-hall")
    assert outcome_strings(state) == {
        "reveal washington-arch",
        "reveal carnegie-hall",
        "reveal trinity-church",
    }
    apply(state, *T_REFILL_1[1:])
    j = js(state)
    assert j["deck"] == {"tail": [5, 2, 3], "top": 6, "unseen": []}
    assert [s["commission"] for s in j["table"]] == [1, 0, 7, 4]
    assert j["phase"] == "stack" and j["round"] == 2


def test_ruling_refill_without_unseen_cards_takes_the_tail_without_chance(
    load: Loader, tmp_path: Path
) -> None:
    state = t_game(load, tmp_path, *T_ROUND_1, *T_REFILL_1, *T_ROUND_2)
    # Slot 1 is empty (seagram completed), city-hall (slot 2) and washington-arch (slot 4)
    # go under the deck; carnegie-hall fills slot 1, then the tail surfaces in order:
    # dakota fills slot 2, lever-house slot 4, federal-hall is the new top. No unseen card
    # is left, so no chance node: round 3 begins at once.
    j = js(state)
    assert j["phase"] == "stack" and j["round"] == 3
    assert state.current_player() == 0
    assert j["table"] == [
        slot(SMALL, "carnegie-hall"),
        slot(SMALL, "dakota"),
        slot(SMALL, "trinity-church", [1, -1]),
        slot(SMALL, "lever-house"),
    ]
    assert j["deck"] == {"tail": [0, 4], "top": 3, "unseen": []}
    assert j["completed"] == [1]
    assert j["chips"] == [3, 0]  # seat 0 built both seagram parts: 1 + 2


def test_text_rendering(load: Loader, tmp_path: Path) -> None:
    state = t_game(load, tmp_path, *T_ROUND_1)
    assert str(state) == "\n".join(
        [
            *T_TABLE_1,
            "stack A: dakota/gables city-hall/wings",
            "stack B: lever-house/slab city-hall/cupola",
            "stack C: washington-arch/piers washington-arch/arch",
            "stack D: carnegie-hall/auditorium carnegie-hall/facade",
            "stack E: trinity-church/nave trinity-church/spire",
            "seat 0: stone 1, chips 0, hand seagram/tower dakota/courtyard, took A, looked 1,"
            " new stone 1",
            "seat 1: stone 3, chips 0, hand lever-house/podium federal-hall/portico"
            " federal-hall/statue, took B, looked 2, new stone 3",
            "finish: 0 1",
        ]
    )
    apply(state, *T_REFILL_1, *T_ROUND_2)
    assert str(state) == "\n".join(
        [
            *T_TABLE_2,
            "stack A: city-hall/wings",
            "stack B: lever-house/slab city-hall/cupola",
            "stack C: washington-arch/piers washington-arch/arch",
            "stack D: carnegie-hall/auditorium carnegie-hall/facade",
            "stack E: trinity-church/spire federal-hall/statue",
            "seat 0: stone 1, chips 3, hand dakota/courtyard dakota/gables",
            "seat 1: stone 3, chips 0, hand lever-house/podium federal-hall/portico",
        ]
    )


def test_text_rendering_during_setup(load: Loader) -> None:
    state = load(GAME, players=2).new_initial_state()
    apply(state, "reveal seagram")
    lines = str(state).splitlines()
    assert lines[:6] == [
        "setup: revealing a commission",
        "slot 1: seagram [. .]",
        "slot 2: empty",
        "slot 3: empty",
        "slot 4: empty",
        "deck: top none, 23 unseen",
    ]
    assert lines[-2:] == ["seat 0: stone -, chips 0, hand -", "seat 1: stone -, chips 0, hand -"]
    assert all(line == line.rstrip() for line in lines)


# Five players on the small data: 10 parts in hands, 6 in stacks of 2, 1, 1, 1, 1. Each seat
# holds both parts of one commission; the stacks hold washington-arch/piers and /arch (A),
# carnegie-hall/auditorium (B), carnegie-hall/facade (C), trinity-church/nave (D) and
# trinity-church/spire (E). Stones 1..5 in seat order.
E5_HANDS = (
    ("seagram/plaza", "seagram/tower"),
    ("dakota/courtyard", "dakota/gables"),
    ("lever-house/podium", "lever-house/slab"),
    ("federal-hall/portico", "federal-hall/statue"),
    ("city-hall/wings", "city-hall/cupola"),
)
E5_ROUND_1 = (
    "stack A",
    "stack B",
    "stack C",
    "stack D",
    "stack E",
    "look",
    "look",
    "take washington-arch/piers",
    "look",
    "take carnegie-hall/auditorium",
    "look",
    "take carnegie-hall/facade",
    "look",
    "take trinity-church/nave",
    "look",
    "take trinity-church/spire",
    # Seats 1-4 looked at one part, seat 0 at two.
    "finish 1",
    "finish 2",
    "finish 3",
    "stone 1",
    "stone 2",
    "stone 3",
    "stone 4",
    "stone 5",
)


def e5_game(load: Loader, tmp_path: Path) -> State:
    state = small_start(load, tmp_path, 5, hands=E5_HANDS)
    assert js(state)["stacks"] == [[8, 9], [12], [13], [14], [15]]
    apply(state, *E5_ROUND_1)
    return state


def e5_round_2(load: Loader, tmp_path: Path) -> State:
    """The five-player game after round 1's build phase (seats 1, 2 and 3 build, seat 4
    slides city-hall/wings under B, seat 0 builds seagram/plaza): round 2 is next."""
    state = e5_game(load, tmp_path)
    apply(state, "build dakota/courtyard", "build lever-house/podium", "build federal-hall/portico")
    apply(state, "slide city-hall/wings B", "build seagram/plaza")
    return state


def test_ruling_build_of_the_deck_top_commission_is_illegal(load: Loader, tmp_path: Path) -> None:
    state = e5_game(load, tmp_path)
    assert js(state)["finish"] == [1, 2, 3, 4, 0]
    apply(state, "build dakota/courtyard", "build lever-house/podium", "build federal-hall/portico")
    assert state.current_player() == 4
    # city-hall is the deck's top, face up but not in a slot.
    assert_rejected(state, "build city-hall/wings")
    assert not {s for s in legal_strings(state) if s.startswith("build ")}


def test_ruling_empty_stack_only_when_all_untaken_empty(load: Loader, tmp_path: Path) -> None:
    state = e5_round_2(load, tmp_path)
    # Every slot has a part on it: nothing goes under the deck and nothing is revealed.
    j = js(state)
    assert j["phase"] == "stack" and j["round"] == 2
    assert j["stacks"] == [[9], [0], [], [], []]
    assert state.current_player() == 1
    assert state.legal_actions() == [0, 1]  # C, D and E are empty
    assert_rejected(state, "stack C")
    apply(state, "stack A")
    assert state.legal_actions() == [1]
    assert_rejected(state, "stack E")
    apply(state, "stack B")
    assert state.legal_actions() == [2, 3, 4]  # every untaken stack is empty
    apply(state, "stack C", "stack D", "stack E")
    assert js(state)["taken"] == [4, 0, 1, 2, 3]


def test_ruling_empty_stack_seat_has_time_zero_and_skips_the_build(
    load: Loader, tmp_path: Path
) -> None:
    state = e5_round_2(load, tmp_path)
    apply(state, "stack A", "stack B", "stack C", "stack D", "stack E")
    # Only seats 1 and 2 search; seats 3, 4 and 0 hold empty stacks.
    assert state.current_player() == 1
    apply(state, "look", "take washington-arch/arch")
    assert state.current_player() == 2
    apply(state, "look", "take city-hall/wings")
    # Times: 0 for seats 0, 3 and 4, 1 for seats 1 and 2: the first places are a tie of
    # the three seats with time 0.
    j = js(state)
    assert j["phase"] == "tie" and j["finish"] == []
    assert state.chance_outcomes() == [(152, 1), (155, 1), (156, 1)]
    apply(state, "finish 3", "finish 4")
    assert js(state)["finish"] == [3, 4, 0]
    assert state.chance_outcomes() == [(153, 1), (154, 1)]
    apply(state, "finish 1")
    assert js(state)["finish"] == [3, 4, 0, 1, 2]
    apply(state, "stone 1", "stone 2", "stone 3", "stone 4", "stone 5")
    j = js(state)
    assert j["stones"] == [3, 4, 5, 1, 2]
    assert [len(h) for h in j["hands"]] == [2, 3, 3, 2, 2]
    # The build phase skips seats 3, 4 and 0, who took no part.
    assert j["phase"] == "build"
    assert state.current_player() == 1
    apply(state, "build dakota/gables")
    assert state.current_player() == 2
    apply(state, "build lever-house/slab")
    j = js(state)
    assert j["chips"] == [0, 3, 3, 0, 0]
    assert [len(h) for h in j["hands"]] == [2, 2, 2, 2, 2]
    # The two completed slots are refilled: city-hall, then a reveal.
    assert j["phase"] == "refill"
    assert j["table"][1] == slot(SMALL, "city-hall")
    assert outcome_strings(state) == {
        "reveal washington-arch",
        "reveal carnegie-hall",
        "reveal trinity-church",
    }


def test_ruling_game_ends_when_a_round_would_start_with_all_stacks_empty(
    load: Loader, tmp_path: Path
) -> None:
    state = e5_round_2(load, tmp_path)
    # Round 2: seats 1 and 2 take the last two parts and complete dakota and lever-house.
    apply(state, "stack A", "stack B", "stack C", "stack D", "stack E")
    apply(state, "look", "take washington-arch/arch", "look", "take city-hall/wings")
    apply(state, "finish 3", "finish 4", "finish 1")
    apply(state, "stone 1", "stone 2", "stone 3", "stone 4", "stone 5")
    apply(state, "build dakota/gables", "build lever-house/slab")
    j = js(state)
    assert j["stacks"] == [[], [], [], [], []] and j["phase"] == "refill"
    # city-hall fills slot 2, washington-arch slot 3, carnegie-hall becomes the top; then
    # round 3 would begin with every stack empty: nobody could ever take a part, so the game
    # ends, and the seats with the most chips win.
    apply(state, "reveal washington-arch", "reveal carnegie-hall")
    j = js(state)
    assert j["phase"] == "end" and j["round"] == 2
    assert state.is_terminal() and state.current_player() == -4
    best = max(j["chips"])
    assert max(j["chips"]) < 13
    assert state.winners() == [s for s in range(5) if j["chips"][s] == best]


# --- the end: rule 20 and the end rulings ---------------------------------------------------

# Three players on the small data. Seat 0 holds seagram/plaza, seat 1 seagram/tower. Seat 0
# looks at 1 part, seats 1 and 2 at 2 each; chance puts seat 1 before seat 2.
W3_HANDS = (
    ("seagram/plaza", "dakota/courtyard"),
    ("seagram/tower", "lever-house/podium"),
    ("federal-hall/portico", "lever-house/slab"),
)
W3_ROUND = (
    "stack A",
    "stack B",
    "stack C",
    "look",
    "take city-hall/wings",
    "look",
    "look",
    "take washington-arch/piers",
    "look",
    "look",
    "take dakota/gables",
    "finish 1",
    "stone 1",
    "stone 2",
    "stone 3",
)


def test_rule_20_first_to_13_chips_wins_mid_round(load: Loader, tmp_path: Path) -> None:
    # The goal is `win_chips` of the data file; 2 here, so one completion reaches it.
    state = small_start(load, tmp_path, 3, win_chips=2, hands=W3_HANDS)
    assert js(state)["stacks"] == [[0, 1], [7, 8], [9, 11], [12, 13], [14, 15]]
    apply(state, *W3_ROUND, "build seagram/plaza")
    assert not state.is_terminal()
    apply(state, "build seagram/tower")  # seat 1 completes: 2 chips, seat 0 gets 1
    assert state.is_terminal()
    assert state.current_player() == TERMINAL
    assert state.scores() == [1, 2, 0]
    assert state.winners() == [1]
    j = js(state)
    assert j["phase"] == "end" and j["to_move"] == -4
    # The round is not finished: seat 2 never built and still holds three parts.
    assert len(j["hands"][2]) == 3
    assert state.legal_actions() == []
    assert status(state) == "game over after round 1: winners 1"


def test_ruling_simultaneous_goal_most_chips_wins(load: Loader, tmp_path: Path) -> None:
    # Goal 1: seat 0's chip on the plaza and seat 1's two for completing reach it at once;
    # seat 1 has more.
    hands = (("seagram/plaza", "dakota/courtyard"), ("seagram/tower", "lever-house/podium"))
    state = small_start(load, tmp_path, 2, win_chips=1, hands=hands, stones=(1, 2))
    apply(state, "stack A", "stack B", "look", "take city-hall/wings")
    apply(state, "look", "look", "take federal-hall/statue", "stone 1", "stone 2")
    apply(state, "build seagram/plaza")
    assert not state.is_terminal()
    apply(state, "build seagram/tower")
    assert state.is_terminal()
    assert state.scores() == [1, 2]
    assert state.winners() == [1]


def test_ruling_simultaneous_goal_tied_seats_share_the_win(load: Loader, tmp_path: Path) -> None:
    # Goal 3. Round 1: seat 0 builds dakota/courtyard, seat 1 seagram/plaza. Round 2: seat 0
    # completes the seagram (2 for seat 0, 1 for seat 1), then seat 1 completes the dakota
    # (1 more for seat 0, 2 for seat 1): both reach 3 with the same completion.
    hands = (("dakota/courtyard", "seagram/tower"), ("seagram/plaza", "dakota/gables"))
    state = small_start(load, tmp_path, 2, win_chips=3, hands=hands, stones=(1, 2))
    assert js(state)["stacks"][:2] == [[0, 1, 4], [5, 6, 7]]
    apply(state, "stack A", "stack B", "look", "take city-hall/wings")
    apply(state, "look", "look", "take federal-hall/portico", "stone 1", "stone 2")
    apply(state, "build dakota/courtyard", "build seagram/plaza")
    apply(state, "reveal washington-arch", "reveal carnegie-hall")
    assert [s["commission"] for s in js(state)["table"]] == [1, 5, 0, 4]
    apply(state, "stack A", "stack B", "look", "take city-hall/cupola")
    apply(state, "look", "look", "take federal-hall/statue", "stone 1", "stone 2")
    apply(state, "build seagram/tower")
    assert js(state)["chips"] == [2, 1]
    assert not state.is_terminal()
    apply(state, "build dakota/gables")
    assert state.is_terminal()
    assert state.scores() == [3, 3]
    assert state.winners() == [0, 1]
    assert state.returns() == [0.5, 0.5]
    assert status(state) == "game over after round 2: winners 0 1"


def test_ruling_max_rounds_ends_after_the_build_phase(load: Loader) -> None:
    state = m_game(load, *M_SEARCH, *M_STONES, "build seagram/plaza", max_rounds=1)
    assert js(state)["max_rounds"] == 1
    assert not state.is_terminal()
    apply(state, "slide dakota/courtyard A")
    assert state.is_terminal()
    j = js(state)
    assert j["phase"] == "end" and j["round"] == 1
    # No refill: the unbuilt commissions stay in their slots, the deck is untouched.
    assert [s["commission"] for s in j["table"]] == [17, 21, 0, 8]
    assert j["deck"]["top"] == 16 and j["deck"]["tail"] == []
    assert len(j["deck"]["unseen"]) == 19
    # Nobody reached 13: the most chips win, all seats when tied at 0.
    assert state.scores() == [0, 0]
    assert state.winners() == [0, 1]
    assert status(state) == "game over after round 1: winners 0 1"


# Seat 1 takes seagram/tower instead, at its first look (it still finishes first): seat 0
# builds the plaza, seat 1 completes the seagram.
M_COMPLETE = (
    *M_SEARCH[:7],
    "take seagram/tower",
    *M_STONES,
    "build seagram/plaza",
    "build seagram/tower",
)


def test_ruling_max_rounds_winner_has_the_most_chips(load: Loader) -> None:
    state = m_game(load, *M_COMPLETE, max_rounds=1)
    assert state.is_terminal()
    assert state.scores() == [1, 2]
    assert state.winners() == [1]
    later = m_game(load, *M_COMPLETE, max_rounds=2)
    assert not later.is_terminal()
    assert js(later)["phase"] == "refill"
    assert later.winners() == []
    assert later.scores() == [1, 2]  # chips held, also before the end


def test_ruling_no_max_rounds_by_default(load: Loader) -> None:
    state = m_game(load, *M_COMPLETE)
    assert js(state)["max_rounds"] == 0
    assert js(state)["phase"] == "refill"


# --- memory: what a seat saw ----------------------------------------------------------------


def test_ruling_memory_look_records_stack_and_depth(load: Loader) -> None:
    state = m_game(load, "stack A", "stack B", "look", "look", "look")
    # chrysler/lobby (3) at A1, dakota/gables (59) at A2, empire-state/tower (1) at A3,
    # ascending by part.
    assert js(state)["memory"] == [[[1, 0, 3], [3, 0, 1], [59, 0, 2]], []]
    assert js(state)["looked"][0] == 3


def test_ruling_memory_removed_when_taken_into_hand(load: Loader) -> None:
    state = m_game(load, *M_SEARCH)
    # Seat 0 took chrysler/lobby, seat 1 liberty/figure: those entries are gone. The other
    # entries keep the depth at which they were seen (never moved), though the take above
    # them lifted them by one.
    assert js(state)["memory"] == [[[1, 0, 3], [59, 0, 2]], [[51, 1, 1]]]
    assert js(state)["stacks"][0][:2] == [59, 1]


def test_ruling_memory_slide_records_size_after(load: Loader) -> None:
    state = m_game(load, *M_SEARCH, *M_STONES, *M_BUILD)
    # Stack A had 12 parts, lost chrysler/lobby (11), and got dakota/courtyard (12).
    j = js(state)
    assert j["stacks"][0][-1] == 58 and len(j["stacks"][0]) == 12
    assert j["memory"] == [[[1, 0, 3], [59, 0, 2]], [[51, 1, 1], [58, 0, 12]]]


def test_ruling_memory_replaced_when_seen_again(load: Loader) -> None:
    state = m_game(load, *M_SEARCH, *M_STONES, *M_BUILD, *M_REFILL)
    assert js(state)["round"] == 2
    apply(state, "stack A", "stack B", "look")
    assert js(state)["memory"][0] == [[1, 0, 3], [59, 0, 1]]
    apply(state, "look")
    assert js(state)["memory"][0] == [[1, 0, 2], [59, 0, 1]]
    apply(state, "take dakota/gables")
    assert js(state)["memory"][0] == [[1, 0, 2]]


def test_ruling_memory_removed_when_built_by_anyone(load: Loader) -> None:
    state = m_game(load, *M_SEARCH, *M_STONES, *M_BUILD, *M_REFILL)
    assert [s["commission"] for s in js(state)["table"]] == [17, 16, 2, 1]
    apply(state, "stack B", "stack A", "look", "take seagram/tower")
    # Seat 1 still remembers seagram/tower at B1: it is in seat 0's hand now, but memory
    # is what seat 1 saw.
    assert js(state)["memory"][1] == [[51, 1, 1], [58, 0, 12]]
    apply(state, "look", "take dakota/gables", "finish 0", "stone 2", "stone 5")
    # Seat 0's entry for dakota/gables stays too, though seat 1 has it.
    assert js(state)["memory"] == [[[1, 0, 3], [59, 0, 2]], [[51, 1, 1], [58, 0, 12]]]
    apply(state, "build seagram/tower")
    j = js(state)
    assert j["memory"] == [[[1, 0, 3], [59, 0, 2]], [[58, 0, 12]]]
    assert j["chips"] == [3, 0]  # both seagram parts were seat 0's: 1 + 2


# --- whole games: the rules model -----------------------------------------------------------


def greedy_action(state: State, comp: Components, rng: SplitMix64) -> int:
    """Builds when it can; searches until it has seen a part whose commission lies in a
    slot; otherwise random (stacks, stones, slides, chance)."""
    if state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        return outcomes[rng.below(len(outcomes))][0]
    legal = state.legal_actions()
    texts = [state.action_to_string(a) for a in legal]
    builds = [a for a, t in zip(legal, texts, strict=True) if t.startswith("build ")]
    if builds:
        return builds[rng.below(len(builds))]
    takes = [(a, t[5:]) for a, t in zip(legal, texts, strict=True) if t.startswith("take ")]
    if takes:
        out = {s["commission"] for s in js(state)["table"]}
        fitting = [a for a, part in takes if comp.commission_of[comp.part[part]] in out]
        if fitting:
            return fitting[0]
        if LOOK in legal:
            return LOOK
    return legal[rng.below(len(legal))]


@dataclass
class Step:
    before: Json
    action: str
    after: Json
    terminal: bool
    winners: list[int]


def greedy_game(game: Any, comp: Components, seed: int, max_steps: int = 20000) -> Iterator[Step]:
    state = game.new_initial_state()
    rng = SplitMix64(seed)
    before = js(state)
    for _ in range(max_steps):
        if state.is_terminal():
            return
        action = greedy_action(state, comp, rng)
        text = state.action_to_string(action)
        state.apply_action(action)
        after = js(state)
        yield Step(before, text, after, state.is_terminal(), state.winners())
        before = after
    raise AssertionError("the game did not end")


def expected_chips(comp: Components, before: Json, text: str) -> list[int]:
    """Rules 15-17: the chips after `build <part>` by the seat to move."""
    seat = before["to_move"]
    part = comp.part[text.split(" ")[1]]
    c = comp.commission_of[part]
    chips = list(before["chips"])
    (entry,) = [s for s in before["table"] if s["commission"] == c]
    if entry["built"].count(-1) == 1:  # the last missing part
        for builder in entry["built"]:
            if builder >= 0:
                chips[builder] += 1
        chips[seat] += 2
    return chips


def test_rule_17_chip_payouts_in_played_games(load: Loader) -> None:
    game = load(GAME, players=3)
    completions = 0
    for seed in range(3):
        for step in greedy_game(game, PACKAGED, seed):
            if step.action.startswith("build "):
                assert step.after["chips"] == expected_chips(PACKAGED, step.before, step.action)
                completions += len(step.after["completed"]) - len(step.before["completed"])
            else:
                assert step.after["chips"] == step.before["chips"], step.action
    assert completions >= 10


def test_rule_20_game_ends_at_13_chips_in_played_games(load: Loader) -> None:
    for players in (2, 4, 5):
        game = load(GAME, players=players)
        steps = list(greedy_game(game, PACKAGED, players))
        last = steps[-1]
        assert all(max(s.after["chips"]) < 13 for s in steps[:-1])
        assert last.action.startswith("build ")
        chips = last.after["chips"]
        assert max(chips) >= 13
        top = max(chips)
        assert last.winners == [s for s in range(players) if chips[s] == top]
        assert last.after["phase"] == "end"


def test_ruling_four_commissions_always_out_in_played_games(load: Loader) -> None:
    game = load(GAME, players=4)
    rounds = 0
    for seed in (11, 12):
        for step in greedy_game(game, PACKAGED, seed):
            j = step.after
            if j["phase"] == "stack" and step.before["phase"] != "stack":
                rounds += 1
                out = [s["commission"] for s in j["table"]]
                assert -1 not in out
                deck = j["deck"]
                seen = out + [deck["top"]] + deck["tail"] + deck["unseen"] + j["completed"]
                assert sorted(seen) == list(range(24))
                assert [len(h) for h in j["hands"]] == [2, 2, 2, 2]
    assert rounds >= 10


def test_ruling_chance_outcomes_equal_weights_and_ascending(load: Loader) -> None:
    state = load(GAME, players=3).new_initial_state()
    rng = SplitMix64(5)
    for _ in range(400):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            assert outcomes
            assert all(w == 1 for _, w in outcomes)
            assert [a for a, _ in outcomes] == sorted({a for a, _ in outcomes})
        else:
            legal = state.legal_actions()
            assert legal == sorted(set(legal))
        state.apply_action(greedy_action(state, PACKAGED, rng))


def test_ruling_chips_are_unlimited(load: Loader, tmp_path: Path) -> None:
    # 32 commissions of 3 parts and a goal out of reach: more chips are paid out than the
    # 100 of the box.
    comp = Components([(f"c{i:02d}", ("a", "b", "c")) for i in range(32)])
    game = load(GAME, players=5, data=write_data(tmp_path, comp, win_chips=99), max_rounds=40)
    steps = list(greedy_game(game, comp, 1))
    for step in steps:
        if step.action.startswith("build "):
            assert step.after["chips"] == expected_chips(comp, step.before, step.action)
    final = steps[-1].after
    # The round limit, or the stacks ran dry first (the empty-stacks ruling).
    assert final["phase"] == "end"
    assert final["round"] == 40 or final["stacks"] == [[], [], [], [], []]
    assert sum(final["chips"]) > 100
