"""Kardinal's rules, one test per rule, on both engines.

Every expected value here was worked out by hand from the rulebook
(`shared/rules/kardinal.md`) and the rulings of `docs/games/kardinal.md`, never read off an
engine. Coordinates: the nave is (0,0), the clock-tower (1,0); x to the right, y up.

End-of-game situations that are long to reach by hand are also looked for in seeded random
games; there the expected result is recomputed from the state's JSON by the small rules model
at the bottom of this file (`_legal_builds`, `_final_chips`, ...), itself written from the
rulebook, and each search asserts that it found at least one case.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from boardcore.api import TERMINAL, State
from boardcore.rng import SplitMix64
from tests.conftest import Loader, apply
from tests.helpers import Encoding, assert_legal, assert_rejected, js

Json = dict[str, Any]
Cell = tuple[int, int]

COLOURS = ("red", "green", "blue", "yellow")
SHAPES = ("house", "tower", "yard")
CHIP = 78400  # `chip <colour>` is CHIP + colour
CARDINAL = 78404  # `cardinal x,y` is CARDINAL + cell
STAY = 83304


# --- helpers --------------------------------------------------------------------------------


def start(load: Loader, players: int, *moves: str, **params: Any) -> State:
    state = load("kardinal", players=players, **params).new_initial_state()
    apply(state, *moves)
    return state


def legal_strings(state: State) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def builds(state: State) -> set[str]:
    return {s for s in legal_strings(state) if s.startswith("build ")}


def colours_offered(state: State) -> set[str]:
    """The colours of the legal builds."""
    return {b.split()[2] for b in builds(state)}


def cell_index(x: int, y: int) -> int:
    return (y + 34) * 70 + (x + 34)


def write_data(tmp_path: Path, house: int, tower: int, yard: int, chips: int = 12) -> str:
    """A component file for a variant with fewer edifices (the docs allow 0-2 of each)."""
    path = tmp_path / "kardinal_variant.toml"
    path.write_text(
        'game = "kardinal"\n\n[edifices]\n'
        f'house = {house}\ntower = {tower}\nyard = {yard}\nprovenance = "rulebook"\n\n'
        f'[chips]\nper_colour = {chips}\nprovenance = "rulebook"\n'
    )
    return str(path)


def one_house_a_colour(load: Loader, tmp_path: Path, players: int, chip: str) -> State:
    """A game with one house a colour and no other edifice, after red's house on (2,0), the
    chip ``chip`` and the cardinal on (3,0): every seat has only houses left (red none), and
    rule VI allows no house after a house, so the game is over after one build."""
    moves = ("build house red 2,0", f"chip {chip}", "cardinal 3,0")
    return start(load, players, *moves, data=write_data(tmp_path, 1, 0, 0))


# --- notation and text ----------------------------------------------------------------------


# The spec's encoding table, worked out for each kind of action: the contract suite reads each
# notation as its id and back, in both engines and at every player count.
# id = (kind * 4 + colour) * 4900 + cell, cell = (y + 34) * 70 + (x + 34);
# kinds house 0, tower 1, yard h 2, yard v 3.
ENCODING = Encoding(
    actions=83305,
    ids={
        "build house red 3,-1": (0 * 4 + 0) * 4900 + (-1 + 34) * 70 + (3 + 34),  # 2347
        "build tower blue 0,2": (1 * 4 + 2) * 4900 + (2 + 34) * 70 + (0 + 34),  # 31954
        "build yard green 0,2 h": (2 * 4 + 1) * 4900 + (2 + 34) * 70 + (0 + 34),  # 46654
        "build yard green 0,2 v": (3 * 4 + 1) * 4900 + (2 + 34) * 70 + (0 + 34),  # 66254
        "build yard yellow 35,35 v": 78399,  # the last build id
        "build house red -34,-34": 0,
        "chip red": 78400,
        "chip yellow": 78403,
        "cardinal 2,1": 78404 + (1 + 34) * 70 + (2 + 34),  # 80890
        "cardinal -34,-34": 78404,
        "cardinal stay": 83304,
    },
)


def test_the_encoding_table_gives_the_spec_numbers() -> None:
    assert ENCODING.ids["build house red 3,-1"] == 2347
    assert ENCODING.ids["build yard green 0,2 h"] == 46654
    assert ENCODING.ids["cardinal 2,1"] == 80890


# The example of docs/games/kardinal.md: the box spans x -1..3 (cathedral, the house on
# (2,0) and the cardinal on (1,1), one cell of margin), y -1..2. With the house on (1,-1)
# instead, it spans x -1..2, y -2..2. Below the board, the same seats and supply.
TEXT_RENDERINGS = {
    "build house red 2,0": [
        "    -1  0  1  2  3",
        "  2  .  .  .  .  .",
        "  1  .  . KK  .  .",
        "  0  . cH cT rH  .",
        " -1  .  .  .  .  .",
    ],
    "build house red 1,-1": [
        "    -1  0  1  2",
        "  2  .  .  .  .",
        "  1  .  . KK  .",
        "  0  . cH cT  .",
        " -1  .  . rH  .",
        " -2  .  .  .  .",
    ],
}


@pytest.mark.parametrize("house", TEXT_RENDERINGS, ids=["docs-example", "below-the-cathedral"])
def test_text_rendering(load: Loader, house: str) -> None:
    """The board is drawn over the box of the edifices and the cardinal, one cell of margin
    around it."""
    state = start(load, 2, house, "chip blue", "cardinal 1,1")
    assert str(state) == "\n".join(
        [
            *TEXT_RENDERINGS[house],
            "seat 0: chips r0 g0 b1 y0, score 2, left red H1 T2 Y2, blue H2 T2 Y2",
            "seat 1: chips r0 g0 b0 y0, score 0, left green H2 T2 Y2, yellow H2 T2 Y2",
            "supply r12 g12 b11 y12; previous red house",
            "seat 1 to build",
        ]
    )
    assert state.observation_string(1) == str(state) + "\nobserver: seat 1"


def test_first_legal_action_with_three_players(load: Loader) -> None:
    # Builds are ordered by kind, colour, then cell from the bottom row. The lowest row next
    # to the cathedral is y = -1: (0,-1) touches the nave (a house: rule IV), so the first
    # legal action is the red house on (1,-1), as the docs' example says.
    state = start(load, 3)
    assert state.action_to_string(state.legal_actions()[0]) == "build house red 1,-1"


# --- the seven severe building rules --------------------------------------------------------

# The 15 first builds of a red seat. Six sites touch the cathedral: (-1,0), (0,1), (0,-1)
# next to the nave, (2,0), (1,1), (1,-1) next to the clock-tower. A house may not touch the
# nave (IV): only the clock-tower sites. A tower needs a house (II) and may not touch the
# clock-tower (IV): only the nave sites. A yard needs the nave (III: the clock-tower is a
# tower), so one of its cells is a nave site: 5 horizontal and 4 vertical ways.
FIRST_RED_BUILDS = {
    "build house red 1,-1",
    "build house red 2,0",
    "build house red 1,1",
    "build tower red 0,-1",
    "build tower red -1,0",
    "build tower red 0,1",
    "build yard red -2,0 h",
    "build yard red -1,1 h",
    "build yard red 0,1 h",
    "build yard red -1,-1 h",
    "build yard red 0,-1 h",
    "build yard red -1,-1 v",
    "build yard red -1,0 v",
    "build yard red 0,1 v",
    "build yard red 0,-2 v",
}


def first_builds_in(*colours: str) -> set[str]:
    """The first builds of a seat building ``colours``: those of red, in each colour."""
    return {b.replace(" red ", f" {colour} ") for b in FIRST_RED_BUILDS for colour in colours}


def test_build_must_touch_an_edifice(load: Loader) -> None:
    state = start(load, 4)
    assert builds(state) == FIRST_RED_BUILDS
    assert legal_strings(state) == FIRST_RED_BUILDS
    assert_rejected(state, "build house red 2,1")  # only diagonal to the clock-tower
    assert_rejected(state, "build house red 5,5")
    assert_rejected(state, "build yard red 2,1 h")
    # The cardinal is not an edifice: a house next to it alone touches nothing.
    state = start(load, 4, "build tower red 0,-1", "chip red", "cardinal -1,0")
    assert_rejected(state, "build house green -2,0")
    assert_legal(state, "build house green 1,1")  # touches the clock-tower


def test_rule_I_no_build_on_cardinal_site(load: Loader) -> None:
    on_site = start(load, 4, "build house red 2,0", "chip red", "cardinal 0,1")
    elsewhere = start(load, 4, "build house red 2,0", "chip red", "cardinal 3,0")
    # Seat 1 (green, after a house) may put a tower or a yard on (0,1), next to the nave,
    # unless the cardinal stays there; a yard may not cover it with either cell.
    moves = [
        "build tower green 0,1",
        "build yard green 0,1 h",
        "build yard green 0,1 v",
        "build yard green -1,1 h",
    ]
    for move in moves:
        assert_legal(elsewhere, move)
        assert_rejected(on_site, move)
    assert_legal(on_site, "build tower green 0,-1")


# Seat 2 (blue) to build after a red house (2,0) and a green yard on (-1,0)-(-1,1), with
# the cardinal on (3,0); the previous build is a yard, so blue may build a house or a tower.
AFTER_YARD = (
    "build house red 2,0",
    "chip red",
    "cardinal 3,0",
    "build yard green -1,0 v",
    "cardinal stay",
)


def test_rule_II_tower_must_touch_a_house(load: Loader) -> None:
    state = start(load, 4)
    towers = {b for b in builds(state) if " tower " in b}
    assert towers == {f"build tower red {site}" for site in ("0,-1", "-1,0", "0,1")}
    state = start(load, 4, *AFTER_YARD)
    # Houses: the nave (free sites (0,1), (0,-1)) and the red house (free sites (2,1),
    # (2,-1); (3,0) holds the cardinal). None of these touches a tower. (0,1) also touches
    # the yard: a yard beside the house does no harm.
    towers = {b for b in builds(state) if " tower " in b}
    assert towers == {f"build tower blue {site}" for site in ("0,1", "0,-1", "2,1", "2,-1")}


def test_rule_II_tower_only_next_to_yards_is_illegal(load: Loader) -> None:
    state = start(load, 4, *AFTER_YARD)
    for site in ("-2,0", "-2,1", "-1,2", "-1,-1"):  # each touches the green yard alone
        assert_rejected(state, f"build tower blue {site}")
    assert_legal(state, "build house blue -2,0")  # a house may stand by a yard alone


# Seat 2 (blue) to build after a red house (2,0) and a green tower (0,-1), with the cardinal
# on (-1,0); the previous build is a tower, so blue may build a house or a yard.
AFTER_TOWER = (
    "build house red 2,0",
    "chip red",
    "cardinal -1,0",
    "build tower green 0,-1",
    "cardinal stay",
)


def test_rule_III_yard_must_touch_a_house(load: Loader) -> None:
    state = start(load, 4, *AFTER_TOWER)
    assert_legal(state, "build yard blue 1,-1 h")  # towers, and the red house on (2,0)
    assert_legal(state, "build yard blue 0,1 v")  # the nave
    assert_legal(state, "build yard blue 2,1 v")  # the red house
    assert_rejected(state, "build yard blue 4,0 h")  # touches nothing


def test_rule_III_yard_only_next_to_towers_is_illegal(load: Loader) -> None:
    state = start(load, 4)
    # The clock-tower counts as a tower: a yard touching only it is illegal.
    for move in ("build yard red 1,1 v", "build yard red 2,0 h", "build yard red 1,-2 v"):
        assert_rejected(state, move)
    state = start(load, 4, *AFTER_TOWER)
    assert_rejected(state, "build yard blue 1,-2 v")  # the green tower and the clock-tower
    assert_rejected(state, "build yard blue -1,-2 h")  # the green tower alone
    assert_rejected(state, "build yard blue 0,-3 v")  # the green tower alone


def test_rule_IV_same_shape_may_not_touch(load: Loader) -> None:
    state = start(load, 4)
    # The nave counts as a house.
    for site in ("0,1", "-1,0", "0,-1"):
        assert_rejected(state, f"build house red {site}")
    assert_legal(state, "build house red 1,1")
    # A red yard on (0,1)-(1,1), then a green house on (2,1) touching it.
    apply(state, "build yard red 0,1 h", "chip red", "cardinal 0,-1")
    apply(state, "build house green 2,1", "cardinal stay")
    # The clock-tower counts as a tower: (2,0) touches the green house and the clock-tower.
    assert_rejected(state, "build tower blue 2,0")
    assert_legal(state, "build tower blue 3,1")
    # Yard by yard: (1,2)-(2,2) touches the green house and the red yard.
    assert_rejected(state, "build yard blue 1,2 h")
    assert_legal(state, "build yard blue 2,2 v")
    apply(state, "build tower blue 3,1", "cardinal stay")
    # House by house: (2,2) touches the green house.
    assert_rejected(state, "build house yellow 2,2")
    assert_legal(state, "build house yellow 3,2")
    assert_legal(state, "build house yellow 1,2")


def test_rule_V_same_colour_may_not_touch(load: Loader) -> None:
    state = start(
        load,
        4,
        "build house red 2,0",
        "chip red",
        "cardinal -1,0",
        "build tower green 2,1",  # touches the red house
        "cardinal stay",
        "build yard blue 3,0 h",  # touches the red house
        "cardinal stay",
        "build house yellow 3,1",  # touches the green tower and the blue yard
        "cardinal stay",
    )
    # Red, after a house, may build a tower or a yard. (2,-1) has a house and no tower
    # beside it, but the house is red.
    assert_rejected(state, "build tower red 2,-1")
    assert_rejected(state, "build yard red 1,-1 h")  # the clock-tower and the red house
    assert_legal(state, "build tower red 3,2")
    assert_legal(state, "build tower red 4,1")
    apply(state, "build tower red 3,2", "cardinal stay")
    # Green, after a tower: a house on (2,2) touches the green tower (and the red tower).
    assert_rejected(state, "build house green 2,2")
    assert_legal(state, "build house green 4,2")


def test_rule_VI_shape_differs_from_previous_build(load: Loader) -> None:
    # "If player A builds a house, player B must build either a tower or a yard."
    state = start(load, 4, "build house red 2,0", "chip red", "cardinal -1,0")
    assert builds(state)
    assert all(" house " not in b for b in builds(state))
    assert_rejected(state, "build house green 1,1")
    # After a tower, the same house is fine, and no tower is.
    state = start(load, 4, "build tower red 0,-1", "chip red", "cardinal -1,0")
    assert_legal(state, "build house green 1,1")
    assert all(" tower " not in b for b in builds(state))


def test_rule_VII_colour_differs_from_previous_build(load: Loader) -> None:
    # With 3 players any seat may build yellow, but not right after a yellow edifice.
    state = start(load, 3, "build house yellow 2,0", "chip red", "cardinal -1,0")
    assert builds(state)
    assert all(" yellow " not in b for b in builds(state))
    assert_rejected(state, "build tower yellow 2,1")
    assert_legal(state, "build tower green 2,1")
    state = start(load, 3, "build house red 2,0", "chip red", "cardinal -1,0")
    assert_legal(state, "build tower yellow 2,1")


def test_must_build_if_able(load: Loader) -> None:
    # No pass at a build phase, and no cardinal move either ("you may only move the cardinal
    # if you were able to build an edifice in the same turn").
    state = start(load, 4, "build house red 2,0", "chip red", "cardinal -1,0")
    assert STAY not in state.legal_actions()
    assert_rejected(state, "cardinal stay")
    assert_rejected(state, "cardinal 0,1")
    assert_rejected(state, "chip green")
    # In random games, every build phase offers builds and nothing else: no pass.
    for record in _records(load, 4)[:10]:
        for step in record.steps:
            if step.json["phase"] == "build":
                assert step.legal
                assert all(a < CHIP for a in step.legal)


# --- scoring --------------------------------------------------------------------------------

# Seat by seat, with the chips each build scores (worked out in test_scoring_...).
SCORING_GAME = (
    ("build house red 2,0", "chip blue", "cardinal 3,0"),
    ("build tower green 2,1", "cardinal stay"),  # the red house: 1 red
    ("build yard blue 0,1 v", "cardinal stay"),  # the nave only: nothing
    ("build house yellow 1,1", "cardinal stay"),  # blue yard, green tower, clock-tower
    ("build tower red 0,-1", "cardinal stay"),  # the nave only: nothing
    ("build yard green 1,-1 h", "cardinal stay"),  # red tower, clock-tower, red house
)


def test_scoring_one_chip_per_touched_edifice(load: Loader) -> None:
    state = start(load, 4)
    expected_chips = [
        [[0, 0, 1, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],  # first build: chip blue
        [[0, 0, 1, 0], [1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
        [[0, 0, 1, 0], [1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]],
        [[0, 0, 1, 0], [1, 0, 0, 0], [0, 0, 0, 0], [0, 1, 1, 0]],
        [[0, 0, 1, 0], [1, 0, 0, 0], [0, 0, 0, 0], [0, 1, 1, 0]],
        # Two red edifices touched: two red chips.
        [[0, 0, 1, 0], [3, 0, 0, 0], [0, 0, 0, 0], [0, 1, 1, 0]],
    ]
    expected_supply = [
        [12, 12, 11, 12],
        [11, 12, 11, 12],
        [11, 12, 11, 12],
        [11, 11, 10, 12],
        [11, 11, 10, 12],
        [9, 11, 10, 12],
    ]
    for turn, chips, supply in zip(SCORING_GAME, expected_chips, expected_supply, strict=True):
        apply(state, *turn[:-1])  # the chips come with the build, before the cardinal
        assert js(state)["chips"] == chips, turn[0]
        assert js(state)["supply"] == supply, turn[0]
        apply(state, turn[-1])
    # Before the end, scores() is the same formula over the chips held so far.
    assert state.scores() == [1 + 1, 3 + 3, 0, 2 + 1]
    assert state.winners() == []
    assert state.returns() == [0.0, 0.0, 0.0, 0.0]


def test_no_chip_for_cathedral(load: Loader) -> None:
    state = start(load, 4, *SCORING_GAME[0], *SCORING_GAME[1])
    before = js(state)
    apply(state, "build yard blue 0,1 v")  # touches the nave only
    after = js(state)
    assert after["chips"] == before["chips"]
    assert after["supply"] == before["supply"]
    assert after["phase"] == "cardinal"  # and no chip to choose: that is the first build only
    apply(state, "cardinal stay", "build house yellow 1,1")
    # The yellow house touches the blue yard, the green tower and the clock-tower: 2 chips.
    assert js(state)["chips"][3] == [0, 1, 1, 0]
    assert sum(js(state)["supply"]) == 48 - 1 - 1 - 2


def test_rulebook_example_yard_scores_two(load: Loader) -> None:
    # "The yard, when played, gets two score chips - one chip for the white house, another
    # chip for the dark grey tower. No chip is given for the cathedral."
    state = start(
        load,
        4,
        "build house red 2,0",  # the house (touches the clock-tower)
        "chip yellow",
        "cardinal -1,0",
        "build tower green 0,-1",  # the tower (touches the nave)
        "cardinal stay",
    )
    assert js(state)["chips"][2] == [0, 0, 0, 0]
    # The blue yard on (1,-1)-(2,-1) touches the green tower, the clock-tower, the red house.
    apply(state, "build yard blue 1,-1 h")
    assert js(state)["chips"][2] == [1, 1, 0, 0]
    assert js(state)["supply"] == [11, 11, 12, 11]


def test_chip_exhaustion_small_supply(load: Loader, tmp_path: Path) -> None:
    # The scoring game with 2 chips of each colour.
    data = write_data(tmp_path, 2, 2, 2, chips=2)
    state = start(load, 4, *(m for turn in SCORING_GAME[:5] for m in turn), data=data)
    # chip blue; 1 red (seat 1); 1 blue + 1 green (seat 3): blue is gone.
    assert js(state)["supply"] == [1, 1, 0, 2]
    # The green yard touches two red edifices but one red chip is left.
    apply(state, "build yard green 1,-1 h")
    assert js(state)["chips"][1] == [2, 0, 0, 0]
    assert js(state)["supply"] == [0, 1, 0, 2]
    apply(state, "cardinal stay")
    # Red is gone: the blue house on (0,-2), touching the red tower only, scores nothing.
    apply(state, "build house blue 0,-2")
    assert js(state)["chips"][2] == [0, 0, 0, 0]
    assert js(state)["supply"] == [0, 1, 0, 2]


def test_chip_exhaustion(load: Loader) -> None:
    # Random games with the 12 chips: a build touching a colour whose supply is empty.
    found = 0
    for record in _all_records(load):
        for step, after in _builds_with_next(record):
            supply = step.json["supply"]
            counts = _touched_colour_counts(step.json, after)
            for colour in range(4):
                if counts[colour] and supply[colour] == 0:
                    found += 1
                    assert after["supply"][colour] == 0
                    gained = _gained(step.json, after)
                    assert gained[colour] == 0
    assert found > 0


def test_first_build_chooses_any_chip(load: Loader) -> None:
    state = start(load, 4, "build house red 2,0")
    # The first build touches only the cathedral: its builder chooses a chip instead.
    assert js(state)["phase"] == "chip"
    assert state.current_player() == 0
    assert state.legal_actions() == [CHIP, CHIP + 1, CHIP + 2, CHIP + 3]
    for colour, name in enumerate(COLOURS):
        chosen = apply(state.clone(), f"chip {name}")
        expected = [0, 0, 0, 0]
        expected[colour] = 1
        assert js(chosen)["chips"][0] == expected
        assert js(chosen)["supply"] == [12 - e for e in expected]
        assert js(chosen)["phase"] == "cardinal"
        assert chosen.current_player() == 0
    assert_rejected(state, "cardinal 1,1")  # the chip comes first


# --- the cardinal ---------------------------------------------------------------------------


def test_first_cardinal_placement_is_mandatory(load: Loader) -> None:
    state = start(load, 4, "build house red 2,0", "chip red")
    assert js(state)["cardinal"] == []
    # Empty cells next to an edifice: the five free cathedral sites and three by the house.
    cells = [(-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (3, 0), (2, 1), (2, -1)]
    assert state.legal_actions() == sorted(CARDINAL + cell_index(x, y) for x, y in cells)
    assert_rejected(state, "cardinal stay")
    apply(state, "cardinal 1,1")
    assert js(state)["cardinal"] == [1, 1]
    assert state.current_player() == 1


# Seat 1 has built a green tower on (2,1) next to the red house on (2,0); the cardinal
# stands on (1,1).
CARDINAL_TURN = ("build house red 2,0", "chip red", "cardinal 1,1", "build tower green 2,1")
# Empty cells next to an edifice, (1,1) excepted: by the nave (-1,0), (0,1), (0,-1); by the
# clock-tower (1,-1); by the red house (3,0), (2,-1); by the green tower (3,1), (2,2).
CARDINAL_CELLS = [(-1, 0), (0, 1), (0, -1), (1, -1), (3, 0), (2, -1), (3, 1), (2, 2)]


def test_cardinal_may_stay_later(load: Loader) -> None:
    state = start(load, 4, *CARDINAL_TURN)
    assert js(state)["phase"] == "cardinal"
    assert STAY in state.legal_actions()
    apply(state, "cardinal stay")
    assert js(state)["cardinal"] == [1, 1]
    assert state.current_player() == 2


def test_cardinal_moves_only_next_to_an_edifice(load: Loader) -> None:
    state = start(load, 4, *CARDINAL_TURN)
    expected = sorted([CARDINAL + cell_index(x, y) for x, y in CARDINAL_CELLS] + [STAY])
    assert state.legal_actions() == expected
    assert_rejected(state, "cardinal 3,2")  # diagonal to the tower only
    assert_rejected(state, "cardinal 5,5")
    assert_rejected(state, "cardinal 2,0")  # on an edifice
    assert_rejected(state, "cardinal 0,0")  # on the cathedral
    apply(state, "cardinal 0,-1")  # next to the cathedral counts
    assert js(state)["cardinal"] == [0, -1]


def test_cardinal_move_excludes_own_cell(load: Loader) -> None:
    state = start(load, 4, *CARDINAL_TURN)
    assert_rejected(state, "cardinal 1,1")


# --- turn order and the end -----------------------------------------------------------------


def test_skip_seat_without_legal_build(load: Loader, tmp_path: Path) -> None:
    # The rulebook's example for rule VI: "If player A builds a house, player B must build
    # either a tower or a yard. If he or she cannot build either of those, he misses a turn,
    # and player C must build either a tower or a yard." With 2 houses and 1 tower a colour:
    data = write_data(tmp_path, 2, 1, 0)
    state = start(
        load,
        4,
        "build house red 2,0",
        "chip red",
        "cardinal -1,0",
        "build tower green 2,1",  # green has two houses left
        "cardinal stay",
        "build house blue 3,1",
        "cardinal stay",
        "build tower yellow 3,0",  # touches the red and the blue house, no tower
        "cardinal stay",
        "build house red 4,0",  # A builds a house
        data=data,
    )
    history = state.history()
    apply(state, "cardinal stay")
    # B (green) has only houses left: it misses its turn without an action; C (blue) must
    # build a tower, though it has a house left too.
    assert state.current_player() == 2
    assert state.history() == [*history, STAY]
    assert builds(state)
    assert all(b.startswith("build tower blue ") for b in builds(state))
    assert_rejected(state, "build house blue 1,1")  # would touch only the clock-tower
    assert js(state)["edifices"][-1]["shape"] == "house"  # the previous edifice stays


def test_skip_seat_without_legal_build_in_random_games(load: Loader) -> None:
    found = 0
    for after, seat in _skipped_seats(load):
        found += 1
        assert not _legal_builds(after, seat)
    assert found > 0


# 3 players with one house and one tower a colour (write_data(tmp_path, 1, 1, 0)); the
# yellow pair is shared. Each build touches the one before it, the houses alternate with
# the towers, and each seat builds its own colour until none is left.
THREE_PLAYER_SMALL_GAME = (
    "build house red 2,0",  # touches the clock-tower
    "chip red",
    "cardinal -1,0",
    "build tower green 2,1",  # 1 red
    "cardinal stay",
    "build house blue 3,1",  # 1 green
    "cardinal stay",
    "build tower red 4,1",  # 1 blue; red is all built
    "cardinal stay",
    "build house green 5,1",  # 1 red; green is all built
    "cardinal stay",
    "build tower blue 6,1",  # 1 green; blue is all built
    "cardinal stay",
)


def test_rule_VII_freezes_the_last_seat_able_to_build(load: Loader, tmp_path: Path) -> None:
    data = write_data(tmp_path, 1, 1, 0)
    state = start(load, 3, *THREE_PLAYER_SMALL_GAME, data=data)
    # Seat 0 continues with yellow: after a tower, only the yellow house.
    assert state.current_player() == 0
    assert builds(state)
    assert all(b.startswith("build house yellow ") for b in builds(state))
    apply(state, "build house yellow 7,1", "cardinal stay")
    # The yellow tower is left, and rule VI would allow it, but every seat's only colour
    # now is yellow, the previous colour: the game is over.
    assert js(state)["left"][3] == [0, 1, 0]
    assert state.is_terminal()
    assert state.current_player() == TERMINAL


def test_rule_VII_freezes_the_last_seat_in_random_games(load: Loader) -> None:
    # 4 players: the last seat able to build builds, then may not build its colour again.
    found = 0
    for record in _records(load, 4):
        final = record.final_json
        last = final["edifices"][-1]
        if _legal_builds(final, last["seat"], rule_vii=False):
            found += 1
            assert all(not _legal_builds(final, s) for s in range(4))
    assert found > 0


def test_seat_with_all_edifices_built_is_skipped(load: Loader) -> None:
    found = 0
    for after, seat in _skipped_seats(load):
        colours = _seat_colours(after["players"], seat)
        found += all(sum(after["left"][c]) == 0 for c in colours)
    assert found > 0


def test_end_when_no_seat_can_build(load: Loader, tmp_path: Path) -> None:
    # One house a colour: the game is over after one build, with edifices left.
    state = one_house_a_colour(load, tmp_path, 4, "red")
    assert state.is_terminal()
    assert state.legal_actions() == []
    assert js(state)["phase"] == "end"
    assert js(state)["to_move"] == TERMINAL
    # Random games end exactly when no seat can build, sometimes with edifices left.
    with_edifices_left = 0
    for record in _all_records(load):
        final = record.final_json
        assert all(not _legal_builds(final, s) for s in range(record.players))
        if any(sum(left) for left in final["left"]):
            with_edifices_left += 1
    assert with_edifices_left > 0


def test_final_leftover_chips_go_to_colour_owner(load: Loader, tmp_path: Path) -> None:
    state = one_house_a_colour(load, tmp_path, 4, "blue")
    # Seat 0 chose a blue chip; each seat then takes what is left of its colour.
    assert js(state)["chips"] == [[12, 0, 1, 0], [0, 12, 0, 0], [0, 0, 11, 0], [0, 0, 0, 12]]
    assert js(state)["supply"] == [0, 0, 0, 0]
    for record in _all_records(load):
        assert record.final_json["chips"] == _final_chips(record.pre_final_json)
        assert record.final_json["supply"] == [0, 0, 0, 0]


def test_score_doubles_the_largest_colour(load: Loader, tmp_path: Path) -> None:
    state = one_house_a_colour(load, tmp_path, 4, "blue")
    # [12, 0, 1, 0]: 13 chips, red doubled: 25. Blue's 11 leftovers: 22.
    assert state.scores() == [25, 24, 22, 24]
    assert state.winners() == [0]
    assert state.returns() == [1.0, 0.0, 0.0, 0.0]
    for record in _all_records(load):
        chips = record.final_json["chips"]
        assert record.scores == [sum(c) + max(c) for c in chips]


def test_tiebreak_more_edifices_touching_cathedral(load: Loader, tmp_path: Path) -> None:
    state = one_house_a_colour(load, tmp_path, 4, "red")
    # All four seats end with 12 chips of their colour: 24 each. Red's house touches the
    # clock-tower; the others built nothing.
    assert state.scores() == [24, 24, 24, 24]
    assert state.winners() == [0]
    assert state.returns() == [1.0, 0.0, 0.0, 0.0]
    found = 0
    for record in _all_records(load):
        tied, counts = _tie(record)
        if len(tied) > 1 and counts.count(max(counts)) < len(tied):
            found += 1
            winners = [s for s, n in zip(tied, counts, strict=True) if n == max(counts)]
            assert record.winners == winners
            assert record.returns == _returns(record.players, winners)
    assert found > 0


def test_tiebreak_shared_win_when_still_tied(load: Loader, tmp_path: Path) -> None:
    state = start(
        load,
        3,
        *THREE_PLAYER_SMALL_GAME,
        "build house yellow 7,1",  # touches the blue tower: the blue chip is put aside
        "cardinal stay",
        data=write_data(tmp_path, 1, 1, 0),
    )
    assert state.is_terminal()
    # In play: seat 0 red (chip) + blue; seat 1 red + red; seat 2 green + green.
    # Supply left: red 12-3 = 9, green 10, blue 12-2 = 10, yellow 12 (put aside).
    assert js(state)["chips"] == [[10, 0, 1, 0], [2, 10, 0, 0], [0, 2, 10, 0]]
    assert js(state)["aside"] == [0, 0, 1, 12]
    # 11 + 10 = 21, 12 + 10 = 22, 12 + 10 = 22. Seats 1 and 2 built nothing touching the
    # cathedral (red's house on (2,0) does, but red is not in the tie): both win.
    assert state.scores() == [21, 22, 22]
    assert state.winners() == [1, 2]
    assert state.returns() == [0.0, 0.5, 0.5]
    found = 0
    for record in _all_records(load):
        tied, counts = _tie(record)
        if len(tied) > 1 and counts.count(counts[0]) == len(counts):
            found += 1
            assert record.winners == tied
            assert record.returns == _returns(record.players, tied)
    assert found > 0


@pytest.mark.parametrize(
    "checked",
    # 40 games per player count, checked step by step: 20 in the normal run, 20 in the slow tier
    [slice(0, 20), pytest.param(slice(20, 40), marks=pytest.mark.slow)],
    ids=["games-0-19", "games-20-39"],
)
def test_random_games_follow_the_rules(load: Loader, checked: slice) -> None:
    """Every step of seeded random games against the rules model below (half of them in the
    slow tier)."""
    for players in (2, 3, 4):
        for record in _records(load, players)[checked]:
            _check_game(record)


# --- two players ----------------------------------------------------------------------------

TWO_PLAYER_GAME = (
    "build house red 2,0",
    "chip green",
    "cardinal -1,0",
    "build tower green 2,1",  # seat 1: 1 red
    "cardinal stay",
    "build yard blue 2,-1 h",  # seat 0, blue by its own red house: 1 red
    "cardinal stay",
    "build house yellow 3,1",  # seat 1, yellow by its own green tower: 1 green
    "cardinal stay",
    "build tower red 3,2",  # seat 0, red again: 1 yellow
    "cardinal stay",
)


def test_two_players_seat_colours(load: Loader) -> None:
    state = start(load, 2)
    assert builds(state) == first_builds_in("red", "blue")
    apply(state, "build house red 2,0", "chip red", "cardinal -1,0")
    assert colours_offered(state) == {"green", "yellow"}


def test_two_players_seat_may_alternate_its_colours(load: Loader) -> None:
    state = start(load, 2, *TWO_PLAYER_GAME[:5])
    # After green, seat 0 may go on with red or switch to blue.
    assert colours_offered(state) == {"red", "blue"}
    apply(state, *TWO_PLAYER_GAME[5:9])
    assert colours_offered(state) == {"red", "blue"}
    apply(state, *TWO_PLAYER_GAME[9:])
    assert [e["colour"] for e in js(state)["edifices"]] == ["red", "green", "blue", "yellow", "red"]


def test_two_players_own_colours_may_touch(load: Loader) -> None:
    state = start(load, 2, *TWO_PLAYER_GAME[:5])
    assert_rejected(state, "build yard red 2,-1 h")  # rule V still holds within a colour
    apply(state, "build yard blue 2,-1 h")
    # Touching its own red house scores a red chip as usual.
    assert js(state)["chips"][0] == [1, 1, 0, 0]
    apply(state, "cardinal stay", "build house yellow 3,1")
    assert js(state)["chips"][1] == [1, 1, 0, 0]
    apply(state, *TWO_PLAYER_GAME[8:])
    assert js(state)["chips"] == [[1, 1, 0, 1], [1, 1, 0, 0]]
    assert js(state)["supply"] == [10, 10, 12, 11]


def test_two_players_leftovers_of_both_colours(load: Loader, tmp_path: Path) -> None:
    # One house a colour: seat 1 has only houses left (VI), and so has seat 0 (blue; red is
    # built).
    state = one_house_a_colour(load, tmp_path, 2, "green")
    assert state.is_terminal()
    assert js(state)["chips"] == [[12, 1, 12, 0], [0, 11, 0, 12]]
    assert state.scores() == [25 + 12, 23 + 12]
    assert state.winners() == [0]
    assert state.returns() == [1.0, 0.0]
    found = 0
    for record in _records(load, 2):
        pre = record.pre_final_json
        for seat, colours in ((0, (0, 2)), (1, (1, 3))):
            for colour in colours:
                expected = pre["chips"][seat][colour] + pre["supply"][colour]
                assert record.final_json["chips"][seat][colour] == expected
                found += pre["supply"][colour] > 0
    assert found > 0


# --- three players --------------------------------------------------------------------------


def test_three_players_any_seat_may_build_yellow(load: Loader) -> None:
    state = start(load, 3)
    assert builds(state) == first_builds_in("red", "yellow")
    apply(state, "build house red 2,0", "chip red", "cardinal -1,0")
    assert colours_offered(state) == {"green", "yellow"}
    apply(state, "build tower green 2,1", "cardinal stay")
    assert colours_offered(state) == {"blue", "yellow"}


def test_three_players_yellow_chips_put_aside(load: Loader) -> None:
    state = start(load, 3, "build house red 2,0", "chip red", "cardinal -1,0")
    apply(state, "build tower yellow 2,1")  # touches the red house
    assert js(state)["chips"] == [[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    assert js(state)["aside"] == [1, 0, 0, 0]
    assert js(state)["supply"] == [10, 12, 12, 12]
    # A yellow chip won by building blue is the builder's.
    apply(state, "cardinal stay", "build house blue 3,1")
    assert js(state)["chips"][2] == [0, 0, 0, 1]
    assert js(state)["aside"] == [1, 0, 0, 0]
    assert state.scores() == [2, 0, 2]


def test_three_players_first_build_yellow_chip_put_aside(load: Loader) -> None:
    state = start(load, 3, "build house yellow 2,0")
    assert state.legal_actions() == [CHIP, CHIP + 1, CHIP + 2, CHIP + 3]
    apply(state, "chip blue")
    assert js(state)["chips"] == [[0, 0, 0, 0]] * 3
    assert js(state)["aside"] == [0, 0, 1, 0]
    assert js(state)["supply"] == [12, 12, 11, 12]


def test_three_players_leftover_yellow_put_aside(load: Loader, tmp_path: Path) -> None:
    state = one_house_a_colour(load, tmp_path, 3, "yellow")
    assert state.is_terminal()
    # Seat 0 keeps the yellow chip it chose (it built red); the 11 others are put aside.
    assert js(state)["chips"] == [[12, 0, 0, 1], [0, 12, 0, 0], [0, 0, 12, 0]]
    assert js(state)["aside"] == [0, 0, 0, 11]
    assert js(state)["supply"] == [0, 0, 0, 0]
    assert state.scores() == [25, 24, 24]
    assert state.winners() == [0]
    for record in _records(load, 3):
        pre, final = record.pre_final_json, record.final_json
        assert final["aside"][3] == pre["aside"][3] + pre["supply"][3]
        assert [c[3] for c in final["chips"]] == [c[3] for c in pre["chips"]]


def test_three_players_seat_out_of_own_edifices_continues_with_yellow(
    load: Loader, tmp_path: Path
) -> None:
    state = start(load, 3, *THREE_PLAYER_SMALL_GAME, data=write_data(tmp_path, 1, 1, 0))
    assert js(state)["left"][0] == [0, 0, 0]
    assert state.current_player() == 0
    assert colours_offered(state) == {"yellow"}
    apply(state, "build house yellow 7,1")
    assert js(state)["chips"][0] == [1, 0, 1, 0]  # the blue chip won with yellow: aside
    assert js(state)["aside"] == [0, 0, 1, 0]
    found = 0
    for record in _records(load, 3):
        for step in record.steps:
            j = step.json
            if j["phase"] == "build" and sum(j["left"][j["to_move"]]) == 0:
                found += 1
                texts = {record.strings[a] for a in step.legal}
                assert texts
                assert all(t.split()[2] == "yellow" for t in texts)
    assert found > 0


def test_three_players_yellow_is_one_shared_pool(load: Loader, tmp_path: Path) -> None:
    # One house and one tower a colour. Seat 0 builds the yellow house: no seat has one left.
    data = write_data(tmp_path, 1, 1, 0)
    state = start(load, 3, "build house yellow 2,0", "chip red", "cardinal -1,0", data=data)
    # The green tower touches the yellow house: seat 1 keeps the yellow chip.
    apply(state, "build tower green 2,1", "cardinal stay")
    assert js(state)["left"][3] == [0, 1, 0]
    assert js(state)["chips"][1] == [0, 0, 0, 1]
    # Seat 2, after a tower, may build a house: its blue one, not a yellow one.
    assert_legal(state, "build house blue 3,1")
    assert_rejected(state, "build house yellow 3,1")
    assert colours_offered(state) == {"blue"}


# --- the rules model (from the rulebook, independent of both engines) ------------------------


@dataclass(frozen=True)
class _Piece:
    cells: tuple[Cell, ...]
    colour: int  # -1: the cathedral
    shape: str  # the nave is a house, the clock-tower a tower
    seat: int  # -1: the cathedral


_NAVE = _Piece(((0, 0),), -1, "house", -1)
_CLOCK_TOWER = _Piece(((1, 0),), -1, "tower", -1)


def _seat_colours(players: int, seat: int) -> tuple[int, ...]:
    if players == 2:
        return (0, 2) if seat == 0 else (1, 3)
    if players == 3:
        return (seat, 3)
    return (seat,)


def _pieces(j: Json) -> list[_Piece]:
    pieces = [_NAVE, _CLOCK_TOWER]
    for e in j["edifices"]:
        cells = tuple((c[0], c[1]) for c in e["cells"])
        pieces.append(_Piece(cells, COLOURS.index(e["colour"]), e["shape"], e["seat"]))
    return pieces


def _adjacent(cell: Cell) -> list[Cell]:
    x, y = cell
    return [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]


def _touched(pieces: list[_Piece], cells: tuple[Cell, ...]) -> list[_Piece]:
    around = {n for c in cells for n in _adjacent(c)} - set(cells)
    return [p for p in pieces if any(c in around for c in p.cells)]


def _placements(shape: str, frontier: set[Cell]) -> Iterator[tuple[tuple[Cell, ...], str]]:
    if shape != "yard":
        for x, y in frontier:
            yield ((x, y),), f"{x},{y}"
        return
    anchors: set[tuple[int, int, str]] = set()
    for x, y in frontier:
        anchors |= {(x, y, "h"), (x - 1, y, "h"), (x, y, "v"), (x, y - 1, "v")}
    for x, y, o in anchors:
        other = (x + 1, y) if o == "h" else (x, y + 1)
        yield ((x, y), other), f"{x},{y} {o}"


def _legal_builds(j: Json, seat: int, *, rule_vii: bool = True) -> set[str]:
    pieces = _pieces(j)
    occupied = {c for p in pieces for c in p.cells}
    cardinal = (j["cardinal"][0], j["cardinal"][1]) if j["cardinal"] else None
    previous = pieces[-1] if j["edifices"] else None
    frontier = {n for c in occupied for n in _adjacent(c)} - occupied
    out: set[str] = set()
    for colour in _seat_colours(j["players"], seat):
        for k, shape in enumerate(SHAPES):
            if j["left"][colour][k] == 0:
                continue
            if previous is not None:
                if previous.shape == shape:  # VI
                    continue
                if rule_vii and previous.colour == colour:  # VII
                    continue
            for cells, text in _placements(shape, frontier):
                if any(c in occupied or c == cardinal for c in cells):  # I
                    continue
                touched = _touched(pieces, cells)
                if not touched:
                    continue
                if shape != "house" and all(p.shape != "house" for p in touched):  # II, III
                    continue
                if any(p.shape == shape or p.colour == colour for p in touched):  # IV, V
                    continue
                out.add(f"build {shape} {COLOURS[colour]} {text}")
    return out


def _cardinal_moves(j: Json) -> set[str]:
    occupied = {c for p in _pieces(j) for c in p.cells}
    cells = {n for c in occupied for n in _adjacent(c)} - occupied
    if j["cardinal"]:
        cells.discard((j["cardinal"][0], j["cardinal"][1]))
    out = {f"cardinal {x},{y}" for x, y in cells}
    if j["cardinal"]:
        out.add("cardinal stay")
    return out


def _touched_colour_counts(before: Json, after: Json) -> list[int]:
    """Per colour, the edifices (cathedral excluded) the newest edifice of `after` touches."""
    new = _pieces(after)[-1]
    counts = [0, 0, 0, 0]
    for p in _touched(_pieces(before), new.cells):
        if p.colour >= 0:
            counts[p.colour] += 1
    return counts


def _gained(before: Json, after: Json) -> list[int]:
    """Chips that moved from the supply to the builder or aside."""
    return [b - a for b, a in zip(before["supply"], after["supply"], strict=True)]


def _final_chips(pre: Json) -> list[list[int]]:
    players = pre["players"]
    chips = [list(c) for c in pre["chips"]]
    for seat in range(players):
        for colour in _seat_colours(players, seat):
            if not (players == 3 and colour == 3):
                chips[seat][colour] += pre["supply"][colour]
    return chips


def _cathedral_count(j: Json, seat: int) -> int:
    """Edifices `seat` built, of any colour, touching the cathedral."""
    cathedral = [_NAVE, _CLOCK_TOWER]
    return sum(1 for p in _pieces(j)[2:] if p.seat == seat and _touched(cathedral, p.cells))


def _returns(players: int, winners: list[int]) -> list[float]:
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]


def _next_to_move(j: Json) -> int:
    """After the builder's cardinal decision: the first seat after it that can build."""
    players: int = j["players"]
    builder: int = j["edifices"][-1]["seat"]
    for k in range(1, players + 1):
        seat = (builder + k) % players
        if _legal_builds(j, seat):
            return seat
    return TERMINAL


# --- random games ---------------------------------------------------------------------------

GAMES = 120  # per player count, searched for end-of-game situations
FIRST_SEED = 1000


@dataclass
class _Step:
    json: Json
    player: int
    legal: list[int]
    action: int


@dataclass
class _Record:
    players: int
    seed: int
    steps: list[_Step]
    strings: dict[int, str]  # every legal action seen, as text
    final_json: Json
    pre_final_json: Json
    scores: list[int]
    winners: list[int]
    returns: list[float]


@cache
def _record(load: Loader, players: int, seed: int) -> _Record:
    state = load("kardinal", players=players).new_initial_state()
    rng = SplitMix64(seed)
    steps: list[_Step] = []
    strings: dict[int, str] = {}
    while not state.is_terminal():
        legal = state.legal_actions()
        for a in legal:
            if a not in strings:
                strings[a] = state.action_to_string(a)
        action = legal[rng.below(len(legal))]
        steps.append(_Step(js(state), state.current_player(), legal, action))
        state.apply_action(action)
    return _Record(
        players,
        seed,
        steps,
        strings,
        js(state),
        steps[-1].json,
        state.scores(),
        state.winners(),
        state.returns(),
    )


def _records(load: Loader, players: int) -> list[_Record]:
    return [_record(load, players, FIRST_SEED + i) for i in range(GAMES)]


def _all_records(load: Loader) -> Iterator[_Record]:
    """The random games of every player count."""
    for players in (2, 3, 4):
        yield from _records(load, players)


def _tie(record: _Record) -> tuple[list[int], list[int]]:
    """The seats with the best final score, and for each the edifices it built touching the
    cathedral (the tiebreak)."""
    best = max(record.scores)
    tied = [s for s in range(record.players) if record.scores[s] == best]
    return tied, [_cathedral_count(record.final_json, s) for s in tied]


def _skipped_seats(load: Loader) -> Iterator[tuple[Json, int]]:
    """Each seat passed over after a turn of the random games (between the builder and the
    next seat to move), with the state it was passed over in."""
    for record in _all_records(load):
        for step, after in _decisions_with_next(record):
            if step.json["phase"] != "cardinal" or after["phase"] == "end":
                continue
            seat = (step.json["to_move"] + 1) % record.players
            while seat != after["to_move"]:
                yield after, seat
                seat = (seat + 1) % record.players


def _decisions_with_next(record: _Record) -> Iterator[tuple[_Step, Json]]:
    for i, step in enumerate(record.steps):
        after = record.steps[i + 1].json if i + 1 < len(record.steps) else record.final_json
        yield step, after


def _builds_with_next(record: _Record) -> Iterator[tuple[_Step, Json]]:
    for step, after in _decisions_with_next(record):
        if step.json["phase"] == "build":
            yield step, after


def _check_game(record: _Record) -> None:
    players = record.players
    first = True
    for step, after in _decisions_with_next(record):
        j = step.json
        texts = {record.strings[a] for a in step.legal}
        seat = j["to_move"]
        where = f"players {players} seed {record.seed} ply {len(j['history'])}"
        assert step.player == seat, where
        if j["phase"] == "build":
            assert texts == _legal_builds(j, seat), where
            new = after["edifices"][-1]
            assert len(after["edifices"]) == len(j["edifices"]) + 1, where
            assert new["seat"] == seat, where
            colour = COLOURS.index(new["colour"])
            counts = _touched_colour_counts(j, after)
            gained = [min(n, s) for n, s in zip(counts, j["supply"], strict=True)]
            assert _gained(j, after) == gained, where
            to_aside = players == 3 and colour == 3
            for c in range(4):
                held = after["chips"][seat][c] - j["chips"][seat][c]
                put_aside = after["aside"][c] - j["aside"][c]
                assert (held, put_aside) == ((0, gained[c]) if to_aside else (gained[c], 0))
            assert after["phase"] == ("chip" if first else "cardinal"), where
            if first:
                assert gained == [0, 0, 0, 0], where
            first = False
        elif j["phase"] == "chip":
            assert texts == {f"chip {COLOURS[c]}" for c in range(4) if j["supply"][c] > 0}
            assert after["phase"] == "cardinal", where
            colour = step.action - CHIP
            to_aside = players == 3 and j["edifices"][0]["colour"] == "yellow"
            got = [0, 0, 0, 0]
            got[colour] = 1
            assert _gained(j, after) == got, where
            held = [a - b for a, b in zip(after["chips"][seat], j["chips"][seat], strict=True)]
            put_aside = [a - b for a, b in zip(after["aside"], j["aside"], strict=True)]
            assert (held, put_aside) == (([0] * 4, got) if to_aside else (got, [0] * 4)), where
        else:
            assert j["phase"] == "cardinal", where
            assert texts == _cardinal_moves(j), where
            assert after["to_move"] == _next_to_move(after), where
    final = record.final_json
    assert final["chips"] == _final_chips(record.pre_final_json)
    assert record.scores == [sum(c) + max(c) for c in final["chips"]]
    tied, counts = _tie(record)
    winners = [s for s, n in zip(tied, counts, strict=True) if n == max(counts)]
    assert record.winners == winners
    assert record.returns == _returns(players, winners)
