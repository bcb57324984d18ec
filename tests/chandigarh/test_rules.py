"""Chandigarh's rules, one test per rule of the rulebook, per numbered ruling and per specialist,
on both engines.

Every expected value here was worked out by hand from the rulebook
(`shared/rules/chandigarh.md`), the rulings of `docs/games/chandigarh.md` (numbered 1-21 there)
and the component data (`python/boardcore/data/chandigarh.toml`), never read off an engine. The
setup and every card revealed are chance nodes, so each test scripts its own game by notation:
the street tiles, the pawns, the revealed cards, the first player, the draft, then every move.

Ids (packaged data): colours y 0, b 1, r 2, g 3; sides n 0, e 1, s 2, w 3; slot
`(4t + side) * 3 + k`; junction `(y + 1) * 7 + (x + 1)`. Specialist ids are the order of
[[specialist]]: building-assistant 0, commercial-manager 1, governor 2, project-manager 3,
master-craftsman 4, building-director 5, head-of-amenities 6, driver 7, building-manager 8,
traffic-director 9, logistics-manager 10, amenities-director 11, local-brahmin 12, mayor 13,
surveyor 14, architects-assistant 15, head-architect 16, draughtsman 17, park-engineer 18,
sector-manager 19, chief-gardener 20, head-of-supervision 21, park-designer 22, park-manager 23.

The cards the scripts use (steps, left icons / right icons, pattern):

    0  1 y / r        opposite y-r 2*      14 0 g / b any   line2 y 1*
    2  0 g / b any    opposite r-g 2*      16 2 - / y       line2 r 1*
    3  1 r / g        opposite y-b 3*      18 1 y / r       line2 y 2*
    4  2 - / y        opposite g-y 3*      19 2 b / -       cross b 4*
    5  0 b g / r      across y-g 2*        22 2 - / y       diagonal g 3*
    6  1 y / r        across b-r 2*        28 2 - / y       perimeter r 1*
    7  2 b / -        across r-y 2*        31 2 b / -       street g 1*
    10 2 - / y        line3 y 3*           33 1 r / g       street y 1*
    11 0 b g / r      line3 b 3*           34 2 - / y       street r 1*
    13 2 any / -      line3 g 3*

The brown city (2-3 players), plots per sector, printed buildings in capitals:

    0: 0n0 0e0 0w0     1: 1n0 1s0 1s1     2: 2n0 2s0 2w0     3: 3n0 3n1 3s0
    4: 4n0 4e0 4s0     5: 5e0=Y 5w0 5w1   6: 6e0=B 6s0 6w0   7: 7e0 7e1 7w0
    8: 8n0 8e0 8w0     9: 9n0=R 9s0 9s1   10: 10n0=G 10s0 10w0   11: 11n0 11n1 11s0
    12: 12n0 12e0 12s0 13: 13e0 13w0 13w1 14: 14e0 14s0 14w0  15: 15e0 15e1 15w0

and the plots next to the junctions the scripts visit:

    1,1: 0e0 1s0 1s1 4n0 4e0 5w0 5w1     2,1: 1s0 1s1 2s0 2w0 5e0 6w0
    3,1: 2s0 3s0 6e0 7w0                 1,2: 4e0 4s0 5w0 5w1 8n0 8e0 9n0
    2,2: 5e0 6s0 6w0 9n0 10n0 10w0       3,2: 6e0 6s0 7w0 10n0 11n0 11n1
    1,3: 8e0 9s0 9s1 12n0 12e0 13w0 13w1 2,3: 9s0 9s1 10s0 10w0 13e0 14w0
    3,3: 10s0 11s0 14e0 15w0             4,1: 3s0 7e0 7e1     4,2: 7e0 7e1 11n0 11n1

Some tests use component files derived from the packaged one (same rules table, streets and
specialists), written to a temporary directory:

- SPARSE sectors: every sector has one plot, on its n side; sectors 5, 6, 9, 10 also have their
  printed building (y, b, r, g) on an s plot. One build completes a sector.
- QUICK cards: the packaged patterns and stars, every card 2 steps with `y y` on both ends, so
  every add takes four yellows and the game ends after a few adds.
- NOSTEP cards: 0 steps and no icons, so no seat can ever move and no add takes anything.
- NOICONS cards: the packaged steps, no icons: no add takes anything, the game never ends.

Card specialists are gained by a build, so during a Move and Build turn: they are shown unusable
in that turn and usable in the next Add turn.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

import boardcore
import boardcore.reference
from boardcore.api import CHANCE, TERMINAL, State
from boardcore.errors import ParameterError
from tests.conftest import Loader, apply
from tests.helpers import (
    Encoding,
    assert_rejected,
    js,
    packaged_data,
    phase,
    write_toml,
)

Json = dict[str, Any]

GAME = "chandigarh"
PACKAGED = packaged_data(GAME)

COLOURS = "ybrg"
SIDES = "nesw"
CORNERS = (0, 3, 12, 15)


def team(
    y: str = "commercial-manager",
    b: str = "logistics-manager",
    r: str = "local-brahmin",
    g: str = "park-designer",
) -> str:
    """The `specialists` parameter: the first-game set with the given colours replaced."""
    return f"{y},{b},{r},{g}"


FIRST_GAME = team()
TILES = (0, 1, 2, 3, 4, 5, 6)
# Action ids (documented encoding).
PAWN = 3527
TILE = 3738
REVEAL = 3748
FIRST = 3784


# --- ids and JSON ---------------------------------------------------------------------------


def slot(name: str) -> int:
    """`5n0`, `12e1`, `3wc` -> slot id."""
    digits = len(name) - 2
    tile, side, k = int(name[:digits]), SIDES.index(name[digits]), name[digits + 1]
    return (4 * tile + side) * 3 + (2 if k == "c" else int(k))


def legal(state: State) -> set[str]:
    return {state.action_to_string(a) for a in state.legal_actions()}


def outcomes(state: State) -> list[tuple[str, int]]:
    return [(state.action_to_string(a), w) for a, w in state.chance_outcomes()]


def on(state: State, name: str) -> str:
    """The colour letter of the building on slot `name`, or `-`."""
    colour = js(state)["city"][slot(name)]
    return "-" if colour < 0 else COLOURS[colour]


def builds(state: State, suffix: str = "") -> set[str]:
    """The legal builds ending in `suffix` (a mode word, or `` for plain step builds)."""
    found = set()
    for move in legal(state):
        words = move.split()
        if words[0] != "build":
            continue
        mode = words[3] if len(words) == 4 else ""
        if mode == suffix:
            found.add(move)
    return found


def steps(state: State) -> set[str]:
    return {m for m in legal(state) if m.startswith("step ")}


# --- scripting a game -----------------------------------------------------------------------


def new_game(
    load: Loader,
    players: int = 2,
    cards: Sequence[int] = (4, 3, 13, 10, 16, 22),
    *,
    first: int = 0,
    tiles: Sequence[int] = TILES,
    pawns: Sequence[int] = CORNERS,
    specialists: str | None = "none",
    **params: Any,
) -> State:
    """A game with its setup chance scripted: the street tiles for places x1 x2 x3 y1 y2 y3
    and the corner, the pawns (y, b, r, g) when there are specialists, the revealed cards in
    order and the first player. The draft is next. `specialists=None` keeps the default."""
    if specialists is not None:
        params["specialists"] = specialists
    state = load(GAME, players=players, **params).new_initial_state()
    apply(state, *(f"tile {t}" for t in tiles))
    if specialists != "none":
        apply(state, *(f"pawn {s}" for s in pawns))
    apply(state, *(f"reveal {k}" for k in cards), f"first {first}")
    return state


def draft(state: State, *picks: str) -> State:
    """Each pick is `card colours` (`4 gr`: pick 4, take g, take r), in turn order."""
    for choice in picks:
        card, colours = choice.split()
        apply(state, f"pick {card}", f"take {colours[0]}", f"take {colours[1]}")
    return state


def add(state: State, card: int, end: str, *moves: str, reveal: int) -> State:
    """An Add turn: the card, the `moves` it needs (takes, discards...), the refill, `end`."""
    apply(state, f"add {card} {end}", *moves)
    assert phase(state) == "reveal", phase(state)
    apply(state, f"reveal {reveal}")
    assert phase(state) == "after", phase(state)
    apply(state, "end")
    return state


def standard(load: Loader, **params: Any) -> State:
    """Two players, no specialists; seat 0 drafts card 4 (2 steps) with g r, seat 1 card 3
    (1 step) with y b. The row is 13 10 16 22; the general reserve 12 of each colour."""
    return draft(new_game(load, **params), "4 gr", "3 yb")


def opening(
    load: Loader, specialists: str, takes: str, take: str, idle: str = "s", **params: Any
) -> State:
    """Two players with specialists, pawns y b r g in corners 0, 3, 12, 15. Seat 0 drafts card
    4 with `takes`, seat 1 card 3 with y b. Turn 1: seat 0 adds 13 on the right (4's right y
    and 13's left any: a y and `take`), card 28 refills the row. Turn 2: seat 1 steps `idle`
    and stops. Seat 0, at 2,2 with cards 4 13, has 4 steps on turn 3."""
    state = draft(new_game(load, specialists=specialists, **params), f"4 {takes}", "3 yb")
    add(state, 13, "right", f"take {take}", reveal=28)
    apply(state, f"step {idle}", "stop")
    return state


def finish_add(state: State) -> None:
    """Completes an Add turn with no choices: the first street, the first reveal, `end`."""
    while phase(state) not in ("main", "final") and not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(state.chance_outcomes()[0][0])
        elif phase(state) == "street":
            apply(state, "street x1")
        elif phase(state) == "after":
            apply(state, "end")
        else:  # pragma: no cover - a test scenario that needs another choice
            raise AssertionError(phase(state))


# --- derived component files ----------------------------------------------------------------


PRINTED = {5: "y", 6: "b", 9: "r", 10: "g"}


def derive(*, sparse: bool, card: Callable[[Json], None]) -> Json:
    """The packaged components with `card` applied to every card; with `sparse`, every sector
    has one plot on its n side, and sectors 5, 6, 9, 10 their printed building on an s plot."""
    doc = copy.deepcopy(PACKAGED)
    if sparse:
        for t, entry in enumerate(doc["sector"]):
            entry.pop("brown_printed", None)
            entry.pop("blue_printed", None)
            plots = [1, 0, 1, 0] if t in PRINTED else [1, 0, 0, 0]
            entry["brown"] = list(plots)
            entry["blue"] = list(plots)
            if t in PRINTED:
                entry["brown_printed"] = [[PRINTED[t], "s", 0]]
                entry["blue_printed"] = [[PRINTED[t], "s", 0]]
    for entry in doc["card"]:
        card(entry)
    return doc


def quick_card(entry: Json) -> None:
    entry["steps"] = 2
    entry["left"] = ["y", "y"]
    entry["right"] = ["y", "y"]


def nostep_card(entry: Json) -> None:
    entry["steps"] = 0
    entry["left"] = []
    entry["right"] = []


def write_data(tmp_path: Path, doc: Json, name: str) -> str:
    return write_toml(tmp_path / f"chandigarh_{name}.toml", doc)


def quick(tmp_path: Path) -> str:
    """SPARSE sectors and QUICK cards."""
    return write_data(tmp_path, derive(sparse=True, card=quick_card), "quick")


# --- the component data ---------------------------------------------------------------------


def test_packaged_data_matches_the_rulebook() -> None:
    rules = PACKAGED["rules"]
    assert rules["per_colour"] == 18  # 72 buildings, 18 of each colour
    assert rules["removed"] == [4, 2, 0]  # 4 / 2 of each colour out with 2 / 3 players
    assert rules["revealed"] == [6, 7, 8]
    assert rules["row"] == 4 and rules["reserve_limit"] == 6
    assert rules["supervisors"] == 5 and rules["project_limit"] == 3
    assert len(PACKAGED["sector"]) == 16 and len(PACKAGED["street"]) == 10
    assert len(PACKAGED["card"]) == 36
    slugs = [s["slug"] for s in PACKAGED["specialist"]]
    assert len(slugs) == 24 == len(set(slugs))
    for colour in COLOURS:
        assert sum(s["colour"] == colour for s in PACKAGED["specialist"]) == 6
    # The rulebook's street example: a tile worth 3, 1 on a tie.
    assert {"value": 3, "tie": 1} in [
        {"value": s["value"], "tie": s["tie"]} for s in PACKAGED["street"]
    ]
    # The cards, sectors and specialist ids this file relies on.
    cards = PACKAGED["card"]
    for k, steps_, left, right, pattern, colours, stars in (
        (0, 1, ["y"], ["r"], "opposite", ["y", "r"], 2),
        (2, 0, ["g"], ["b", "any"], "opposite", ["r", "g"], 2),
        (3, 1, ["r"], ["g"], "opposite", ["y", "b"], 3),
        (4, 2, [], ["y"], "opposite", ["g", "y"], 3),
        (5, 0, ["b", "g"], ["r"], "across", ["y", "g"], 2),
        (6, 1, ["y"], ["r"], "across", ["b", "r"], 2),
        (10, 2, [], ["y"], "line3", ["y"], 3),
        (13, 2, ["any"], [], "line3", ["g"], 3),
        (16, 2, [], ["y"], "line2", ["r"], 1),
        (18, 1, ["y"], ["r"], "line2", ["y"], 2),
        (22, 2, [], ["y"], "diagonal", ["g"], 3),
        (28, 2, [], ["y"], "perimeter", ["r"], 1),
        (33, 1, ["r"], ["g"], "street", ["y"], 1),
        (34, 2, [], ["y"], "street", ["r"], 1),
    ):
        card = cards[k]
        assert (card["steps"], card["left"], card["right"]) == (steps_, left, right), k
        assert (card["pattern"], card["colours"], card["stars"]) == (pattern, colours, stars), k
    assert PACKAGED["sector"][6]["brown"] == [0, 1, 1, 1]
    assert PACKAGED["sector"][5]["brown_printed"] == [["y", "e", 0]]
    assert slugs.index("head-architect") == 16 and slugs.index("park-designer") == 22


# The spec's encoding table, worked out for each kind of action: the contract suite reads each
# notation as its id and back, in both engines and at every player count.
ENCODING = Encoding(
    actions=3788,
    ids={
        "step n": 0,
        "step w": 3,
        "add 0 left": 4,
        "add 0 right": 5,
        "add 17 left": 38,
        "add 17 right": 39,
        "add 35 right": 75,
        # plot builds: 76 + (m * 4 + c) * 128 + (4t + side) * 2 + k; 12e1: p = 49 * 2 + 1 = 99,
        # r = 2.
        "build y 0n0": 76,
        "build r 12e1": 76 + 2 * 128 + 99,
        "build g 15w1": 76 + 3 * 128 + 127,
        "build y 0n0 replace": 76 + 4 * 128,
        "build r 12e1 replace": 76 + 6 * 128 + 99,
        "build b 5s0 manager": 76 + (2 * 4 + 1) * 128 + (4 * 5 + 2) * 2,
        "build r 12e1 manager": 76 + 10 * 128 + 99,
        "build r 9n1 surveyor": 76 + (3 * 4 + 2) * 128 + (4 * 9) * 2 + 1,
        "build r 12e1 surveyor": 76 + 14 * 128 + 99,
        "build r 12e1 engineer": 76 + 18 * 128 + 99,
        "build g 10e0 engineer": 76 + (4 * 4 + 3) * 128 + (4 * 10 + 1) * 2,
        "build r 12e1 draughtsman": 76 + 22 * 128 + 99,
        "build g 15w0 draughtsman": 3146,  # 76 + 23 * 128 + 126
        "build g 15w1 draughtsman": 3147,
        # centre builds: 3148 + c * 64 + (4t + side)
        "build y 0nc": 3148,
        "build r 12ec": 3148 + 128 + 49,
        "build g 15wc": 3403,
        # junctions: (y + 1) * 7 + (x + 1)
        "drive -1,-1": 3404,
        "drive 0,3": 3404 + 29,
        "drive 5,5": 3452,
        "design 2,2": 3453 + 24,
        "design 4,2": 3453 + 26,
        "governor y": 3502,
        "governor g": 3505,
        "redistribute 0": 3506,
        "redistribute 5": 3511,
        "redistribute 15": 3521,
        "arrange y": 3522,
        "arrange g": 3525,
        "arrange -": 3526,
        "pawn 0": 3527,
        "pawn 7": 3534,
        "pawn 15": 3542,
        "take y": 3543,
        "take g": 3546,
        "discard y": 3547,
        "discard b": 3548,
        "pick 0": 3551,
        "pick 12": 3563,
        "exchange y b": 3587 + 1,
        "exchange y r": 3589,
        "exchange g r": 3587 + 12 + 2,
        "craft y r": 3605,
        "craft b y": 3603 + 4,
        "craft r g": 3603 + 8 + 3,
        "project 12": 3631,
        "mayor 12": 3667,
        "logistics": 3691,
        "score 0": 3692,
        "score 12": 3704,
        "score 35": 3727,
        "street x1": 3728,
        "street x2": 3729,
        "street y1": 3731,
        "street y3": 3733,
        "stop": 3734,
        "end": 3735,
        "pass": 3736,
        "skip": 3737,
        "tile 0": 3738,
        "tile 4": 3742,
        "tile 9": 3747,
        "reveal 0": 3748,
        "reveal 12": 3760,
        "reveal 35": 3783,
        "first 0": 3784,
        "first 2": 3786,
        "first 3": 3787,
    },
)


# --- setup ----------------------------------------------------------------------------------


def test_ruling_2_setup_chance_order(load: Loader) -> None:
    # Street tiles for the 7 places, then the pawns y b r g to free corners, then the
    # revealed cards, then the first player; every outcome weighs 1.
    state = load(GAME, players=2).new_initial_state()
    assert state.current_player() == CHANCE
    j = js(state)
    assert j["phase"] == "setup" and j["turn"] == 0 and j["to_move"] == -1
    assert j["streets"] == [-1] * 7 and j["start"] == -1
    assert state.chance_outcomes() == [(TILE + t, 1) for t in range(10)]
    apply(state, "tile 3")
    assert state.chance_outcomes() == [(TILE + t, 1) for t in range(10) if t != 3]
    apply(state, "tile 0", "tile 9", "tile 1", "tile 2", "tile 4", "tile 5")
    # Seven tiles placed, three (6, 7, 8) out of the game.
    assert js(state)["streets"] == [3, 0, 9, 1, 2, 4, 5]
    assert state.chance_outcomes() == [(PAWN + s, 1) for s in CORNERS]
    apply(state, "pawn 12")
    assert js(state)["pawns"] == [12, -1, -1, -1]
    assert state.chance_outcomes() == [(PAWN + s, 1) for s in (0, 3, 15)]
    apply(state, "pawn 0", "pawn 15")
    assert state.chance_outcomes() == [(PAWN + 3, 1)]
    apply(state, "pawn 3")
    assert js(state)["pawns"] == [12, 0, 15, 3]
    assert state.chance_outcomes() == [(REVEAL + k, 1) for k in range(36)]
    apply(state, "reveal 20")
    assert state.chance_outcomes() == [(REVEAL + k, 1) for k in range(36) if k != 20]
    apply(state, "reveal 1", "reveal 35", "reveal 7", "reveal 0", "reveal 14")
    assert state.chance_outcomes() == [(FIRST, 1), (FIRST + 1, 1)]
    apply(state, "first 1")
    j = js(state)
    assert j["phase"] == "draft" and j["start"] == 1 and j["to_move"] == 1
    assert state.current_player() == 1 and j["turn"] == 0
    # The revealed cards, in reveal order; the deck holds the other 30, none at the bottom.
    assert j["row"] == [20, 1, 35, 7, 0, 14]
    assert j["deck"] == {"bottom": [], "pool": sorted(set(range(36)) - {20, 1, 35, 7, 0, 14})}
    # All architects start on the central junction.
    assert j["architects"] == [[2, 2], [2, 2]]


def test_setup_without_specialists(load: Loader) -> None:
    # "Simply ignore point 4 of the Setup": no pawns to place, no tokens, no specialists.
    state = load(GAME, players=2, specialists="none").new_initial_state()
    apply(state, *(f"tile {t}" for t in TILES))
    assert state.chance_outcomes() == [(REVEAL + k, 1) for k in range(36)]
    apply(state, *(f"reveal {k}" for k in (4, 3, 13, 10, 16, 22)), "first 0")
    draft(state, "4 yr", "3 yb")
    j = js(state)
    assert j["specialists"] == [] and j["pawns"] == [-1, -1, -1, -1]
    assert j["tokens"] == [[], []]
    # Seat 0 builds a yellow in corner sector 0: nothing to gain.
    apply(state, "step n", "step w", "build y 0e0")
    j = js(state)
    assert j["phase"] == "move" and j["tokens"] == [[], []]
    assert not {m for m in legal(state) if m.split()[0] in ("exchange", "design", "logistics")}


def test_default_specialists_are_the_first_game_set(load: Loader) -> None:
    # Commercial Manager (1), Logistics Manager (10), Local Brahmin (12), Park Designer (22),
    # in colour order.
    state = new_game(load, specialists=None)
    assert js(state)["specialists"] == [1, 10, 12, 22]


def test_specialists_parameter_one_of_each_colour(load: Loader) -> None:
    state = new_game(load, specialists="sector-manager,mayor,governor,driver")
    assert js(state)["specialists"] == [2, 7, 13, 19]
    for bad in (
        "governor,commercial-manager,mayor,driver",  # two yellows, no green
        "governor,driver,mayor",  # three
        "governor,driver,mayor,gardener",  # unknown slug
    ):
        with pytest.raises(ParameterError):
            load(GAME, players=2, specialists=bad).new_initial_state()


@pytest.mark.parametrize(("players", "general"), [(2, 13), (3, 15), (4, 17)])
def test_ruling_3_general_reserve(load: Loader, players: int, general: int) -> None:
    # 18 per colour, minus 4 / 2 / 0 removed, minus the printed building.
    state = load(GAME, players=players).new_initial_state()
    j = js(state)
    assert j["general"] == [general] * 4
    assert sum(c >= 0 for c in j["city"]) == 4


@pytest.mark.parametrize(("players", "revealed"), [(2, 6), (3, 7), (4, 8)])
def test_setup_reveals_six_seven_eight_cards(load: Loader, players: int, revealed: int) -> None:
    state = load(GAME, players=players, specialists="none").new_initial_state()
    apply(state, *(f"tile {t}" for t in TILES))
    count = 0
    while state.chance_outcomes()[0][0] >= REVEAL and state.chance_outcomes()[0][0] < FIRST:
        apply(state, f"reveal {count}")
        count += 1
    assert count == revealed
    assert state.chance_outcomes() == [(FIRST + s, 1) for s in range(players)]


def test_ruling_1_brown_side_for_two_and_three_players_blue_for_four(load: Loader) -> None:
    # Brown: y printed on 5e0, b on 6e0, r on 9n0, g on 10n0. Blue: y on 5n0, b on 6n0, r on
    # 9n0, g on 10n0.
    brown = {"5e0": "y", "6e0": "b", "9n0": "r", "10n0": "g", "5n0": "-", "6n0": "-"}
    blue = {"5n0": "y", "6n0": "b", "9n0": "r", "10n0": "g", "5e0": "-", "6e0": "-"}
    for players, printed in ((2, brown), (3, brown), (4, blue)):
        state = load(GAME, players=players).new_initial_state()
        assert {plot: on(state, plot) for plot in printed} == printed, players
    # The plots beside junction 3,2. Brown: 6e0=B 6s0 7w0 10n0=G 11n0 11n1.
    state = standard(load)
    apply(state, "step e")
    assert builds(state) == {f"build {c} {s}" for c in "gr" for s in ("6s0", "7w0", "11n0", "11n1")}
    # Blue: 6e0 7s0 7s1 10n0=G 10e0 10e1 11n0 11w0.
    state = draft(new_game(load, 4, (4, 3, 0, 6, 13, 10, 16, 22)), "4 gr", "3 yb", "0 yb", "6 yb")
    apply(state, "step e")
    assert builds(state) == {
        f"build {c} {s}"
        for c in "gr"
        for s in ("6e0", "7s0", "7s1", "10e0", "10e1", "11n0", "11w0")
    }


def test_ruling_4_draft_in_turn_order_from_the_starting_player(load: Loader) -> None:
    state = new_game(load, 3, (4, 3, 0, 13, 10, 16, 22), first=1)
    # Seat 1 drafts first: any revealed card.
    assert state.current_player() == 1
    assert legal(state) == {f"pick {k}" for k in (4, 3, 0, 13, 10, 16, 22)}
    apply(state, "pick 0")
    j = js(state)
    assert j["phase"] == "draft-take" and j["projects"] == [[], [0], []]
    # Then two buildings of different colours.
    assert legal(state) == {"take y", "take b", "take r", "take g"}
    apply(state, "take r")
    assert js(state)["gained"] == [2]
    assert legal(state) == {"take y", "take b", "take g"}
    assert_rejected(state, "take r")
    apply(state, "take g")
    # Clockwise: seat 2, then seat 0.
    assert state.current_player() == 2 and phase(state) == "draft"
    assert legal(state) == {f"pick {k}" for k in (4, 3, 13, 10, 16, 22)}
    apply(state, "pick 4", "take y", "take b")
    assert state.current_player() == 0
    apply(state, "pick 13", "take y", "take r")
    j = js(state)
    # The four cards left form the row, in reveal order.
    assert j["row"] == [3, 10, 16, 22]
    assert j["projects"] == [[13], [0], [4]]
    assert j["reserves"] == [[1, 0, 1, 0], [0, 0, 1, 1], [1, 1, 0, 0]]
    # 15 each, minus y y, b, r r, g.
    assert j["general"] == [13, 14, 13, 14]
    # Turn 1: the starting seat plays; it has its card's steps.
    assert j["phase"] == "main" and j["turn"] == 1 and j["to_move"] == 1
    assert j["steps"] == 1 and j["here"] == 2 and j["last"] == -1
    # Then clockwise: 1, 2, 0, 1.
    apply(state, "step s", "stop")
    assert state.current_player() == 2 and js(state)["turn"] == 2
    apply(state, "step n", "stop")
    assert state.current_player() == 0 and js(state)["turn"] == 3
    apply(state, "step e", "stop")
    assert state.current_player() == 1 and js(state)["turn"] == 4


def test_random_starting_player(load: Loader) -> None:
    state = load(GAME, players=4, specialists="none").new_initial_state()
    apply(state, *(f"tile {t}" for t in TILES), *(f"reveal {k}" for k in range(8)))
    assert state.chance_outcomes() == [(FIRST + s, 1) for s in range(4)]
    apply(state, "first 2")
    assert state.current_player() == 2 and js(state)["start"] == 2


def test_ruling_5_variant_moves_two_corner_sectors(load: Loader) -> None:
    # Sector 0 (nw, with the yellow pawn) to cell (-1,1), sector 15 (se) to cell (4,1).
    state = new_game(load, specialists=FIRST_GAME, variant="nw=-1,1;se=4,1")
    assert js(state)["variant"] == [[0, -1, 1], [15, 4, 1]]
    assert js(state)["pawns"] == [0, 3, 12, 15]
    draft(state, "4 yr", "3 yb")
    apply(state, "step w", "step w")
    # Junction 0,2 is now also a corner of sector 0, whose e side (0,1)-(0,2) holds 0e0; the
    # other plots beside it are 4s0, 8n0, 8w0 as before.
    assert builds(state) == {f"build {c} {s}" for c in "yr" for s in ("0e0", "4s0", "8n0", "8w0")}
    # The yellow pawn moved with its sector.
    apply(state, "build y 0e0")
    assert js(state)["tokens"] == [[0], []] and phase(state) == "relocate"
    # Without the variant the same walk reaches 4s0 8n0 8w0 only.
    state = draft(new_game(load), "4 yr", "3 yb")
    apply(state, "step w", "step w")
    assert builds(state) == {f"build {c} {s}" for c in "yr" for s in ("4s0", "8n0", "8w0")}


@pytest.mark.parametrize(
    "variant",
    [
        "nw=1,1;se=4,1",  # inside the 4x4 grid
        "nw=0,0;se=4,1",  # nw's own cell: it does not move
        "nw=3,3;ne=4,1",  # se's cell, and se stays
        "nw=4,1;se=4,1",  # the same cell twice
        "nw=-1,-1;se=4,1",  # touches no sector
        "nw=-1,0;se=4,1",  # would touch only cell (0,0), which sector 0 has left
    ],
)
def test_ruling_5_bad_variants_are_refused(load: Loader, variant: str) -> None:
    with pytest.raises(ParameterError):
        load(GAME, players=2, variant=variant).new_initial_state()


def test_ruling_5_a_corner_may_move_into_the_cell_the_other_corner_left() -> None:
    """ "place them adjacent to any other Sector": ne goes beside sector 7, nw into the
    cell ne left, beside sector 1 (and 7); both engines play the same games on that city."""
    games = [
        engine(GAME, players=3, variant="ne=4,1;nw=3,0")
        for engine in (boardcore.load, boardcore.reference.load)
    ]
    for seed in range(3):
        rust, reference = (boardcore.play(game, seed=seed) for game in games)
        assert rust.is_terminal() and rust.to_json() == reference.to_json()
    assert games[0].params["variant"] == "nw=3,0;ne=4,1"  # by corner tile, whatever the order


# --- the turn -------------------------------------------------------------------------------


def test_ruling_6_a_turn_is_one_action(load: Loader) -> None:
    state = standard(load)
    # Move and Build (a step) or Add a New Card (an add from the row); no pass.
    assert legal(state) == {"step n", "step e", "step s", "step w"} | {
        f"add {k} {e}" for k in (13, 10, 16, 22) for e in ("left", "right")
    }
    moving = state.clone()
    apply(moving, "step e")
    assert phase(moving) == "move"
    assert not {m for m in legal(moving) if m.startswith("add ")}
    # 4's right y, 10's left nothing: a yellow, then the refill and the end of the turn.
    apply(state, "add 10 right")
    assert phase(state) == "reveal" and state.current_player() == CHANCE
    apply(state, "reveal 28")
    assert phase(state) == "after" and legal(state) == {"end"}
    apply(state, "end")
    j = js(state)
    assert j["to_move"] == 1 and j["turn"] == 2 and j["architects"][0] == [2, 2]
    assert j["projects"][0] == [4, 10] and j["reserves"][0] == [1, 0, 1, 1]


def test_ruling_6_pass_when_neither_action_is_possible(load: Loader, tmp_path: Path) -> None:
    # NOSTEP cards, but card 4 (seat 0's draft) has 1 step: seat 0 moves once, then every turn
    # is an add. The deck (30 after the draft) and the row run out after 34 adds, the last by
    # seat 0 on turn 35; that triggers the end (ruling 17), and seat 1, who can neither step
    # nor add, can only `pass` before the final scoring.
    doc = derive(sparse=False, card=nostep_card)
    doc["card"][4]["steps"] = 1
    data = write_data(tmp_path, doc, "nostep")
    state = draft(new_game(load, data=data), "4 gr", "3 yb")
    apply(state, "step e", "stop")
    adds = 0
    while js(state)["row"]:
        assert "pass" not in legal(state)
        apply(state, f"add {js(state)['row'][0]} right")
        finish_add(state)
        adds += 1
    assert adds == 34
    j = js(state)
    assert j["deck"] == {"bottom": [], "pool": []} and j["ending"] == 1
    assert j["phase"] == "main" and state.current_player() == 1
    assert legal(state) == {"pass"}
    apply(state, "pass")
    assert js(state)["phase"] == "final"


def test_ruling_7_steps_are_the_total_of_the_project_cards(load: Loader) -> None:
    state = standard(load)
    # Card 4: 2 steps.
    assert js(state)["steps"] == 2
    moving = state.clone()
    apply(moving, "step e", "step e")
    assert js(moving)["steps"] == 0 and not steps(moving)
    add(state, 10, "right", reveal=28)
    # Seat 1, card 3: 1 step.
    assert js(state)["steps"] == 1
    apply(state, "step s")
    assert not steps(state)
    apply(state, "stop")
    # Seat 0, cards 4 and 10: 2 + 2.
    assert js(state)["steps"] == 4


def test_need_not_use_all_steps(load: Loader) -> None:
    state = standard(load)
    apply(state, "step e", "stop")
    j = js(state)
    assert j["to_move"] == 1 and j["architects"] == [[3, 2], [2, 2]]


def test_no_backtracking(load: Loader) -> None:
    state = standard(load)
    add(state, 10, "right", reveal=28)  # seat 0: cards 4 10, 4 steps
    apply(state, "step s", "stop")  # seat 1 to 2,3
    apply(state, "step e")
    assert js(state)["last"] == 1
    assert steps(state) == {"step n", "step e", "step s"}
    assert_rejected(state, "step w")
    apply(state, "step n", "step w")
    assert steps(state) == {"step n", "step s", "step w"}
    # A detour brings the architect back to 2,2.
    apply(state, "step s")
    j = js(state)
    assert j["architects"][0] == [2, 2] and j["steps"] == 0
    apply(state, "stop")


def test_ruling_8_backtracking_is_within_a_turn(load: Loader) -> None:
    state = standard(load)
    apply(state, "step s", "stop")  # seat 0 to 2,3, last step s
    apply(state, "step e", "stop")  # seat 1 to 3,2
    j = js(state)
    assert j["last"] == -1 and j["here"] == 2
    # North is opposite to seat 0's last step, but that was last turn.
    assert "step n" in steps(state)
    apply(state, "step n")
    assert_rejected(state, "step s")


def test_cannot_end_on_another_architect(load: Loader) -> None:
    state = standard(load)
    apply(state, "step e", "stop")  # seat 0 stops at 3,2
    # Seat 1 has one step: ending on 3,2 is not allowed.
    assert steps(state) == {"step n", "step s", "step w"}
    assert_rejected(state, "step e")


def test_can_pass_and_build_where_another_architect_stands(load: Loader) -> None:
    state = standard(load)
    add(state, 10, "right", reveal=28)  # seat 0: 4 steps, reserve y g r
    apply(state, "step n", "stop")  # seat 1 at 2,1
    apply(state, "step n")  # seat 0 joins it with 3 steps left
    assert "stop" not in legal(state)
    apply(state, "build g 2w0")
    assert on(state, "2w0") == "g"
    apply(state, "step e")
    assert "stop" in legal(state)
    apply(state, "stop")
    assert js(state)["architects"] == [[3, 1], [2, 1]]


def test_ruling_9_a_step_must_leave_a_way_to_finish(load: Loader) -> None:
    # Four players, cards with 2 steps; each adds a second 2-step card (no "any" icon).
    state = new_game(load, 4, (4, 10, 16, 22, 7, 19, 28, 31))
    assert js(state)["architects"] == [[2, 2]] * 4
    draft(state, "4 yb", "10 yb", "16 yb", "22 yb")
    add(state, 7, "right", reveal=1)
    add(state, 19, "right", reveal=13)
    add(state, 28, "right", reveal=25)
    add(state, 31, "right", reveal=34)
    apply(state, "step e", "step e", "step s", "step s", "stop")  # seat 0 to 4,4
    apply(state, "step e", "step s", "step e", "stop")  # seat 1 to 4,3
    apply(state, "step e", "step s", "stop")  # seat 2 to 3,3
    apply(state, "step e")  # seat 3 at 3,2 with 3 steps left
    # Into seat 2's 3,3 with 2 left: it can go on to the free 3,4.
    assert "step s" in steps(state)
    apply(state, "step e")  # 4,2 with 2 left
    # South is seat 1's 4,3 with 1 step left, and from there 4,4 (seat 0) and 3,3 (seat 2)
    # are taken: the architect could not finish, so the step is refused.
    assert steps(state) == {"step n"}
    assert_rejected(state, "step s")
    assert "stop" in legal(state)


# The first 138 actions of seed 233's two-player game (version 3): seat 0 stands at 3,1 with
# one step left (last step s) and the Park Designer it has just gained with that step left;
# seat 1 stands at 2,1. (The issue's reproduction, seed 27's first 73 actions, no longer
# plays: at its action 67 seat 0 uses a Park Designer gained with no step left.)
SEED_233_BEFORE_THE_STEP = [
    3739, 3743, 3747, 3744, 3738, 3746, 3741, 3542, 3539, 3527, 3530, 3753, 3760, 3767,
    3768, 3762, 3754, 3785, 3556, 3546, 3544, 3563, 3543, 3544, 17, 3766, 3735, 33, 3770,
    3735, 48, 3548, 3779, 3735, 0, 344, 3734, 43, 3550, 3549, 3777, 3735, 1, 138, 3734, 3,
    122, 3734, 62, 3781, 3735, 1, 514, 0, 89, 3734, 44, 3548, 3546, 3550, 3773, 3735, 0,
    212, 1, 1, 228, 3734, 70, 3550, 3550, 3774, 3735, 41, 3769, 3735, 0, 3734, 56, 3545,
    3778, 3735, 47, 3549, 3550, 3729, 3751, 3735, 11, 3780, 3735, 65, 3548, 3547, 3756,
    3735, 54, 3548, 3761, 3735, 69, 3547, 3549, 3783, 3735, 67, 3548, 3771, 3735, 31, 3549,
    3546, 3548, 3546, 3550, 3759, 3735, 50, 3549, 3549, 3730, 3755, 3735, 75, 3549, 3548,
    3776, 3735, 3, 101, 3, 92, 2, 98, 3734, 2, 488, 3529,
]  # fmt: skip


def test_ruling_9_an_unused_park_designer_is_a_way_off_an_occupied_junction(
    load: Loader,
) -> None:
    """Players may "stop and build at Junctions where another Architect is located" and use
    the Specialists "at any time during your turn": a last step onto another architect's
    junction is legal when the Park Designer can still carry the architect away (version 1
    refused it)."""
    state = load(GAME, players=2).replay(SEED_233_BEFORE_THE_STEP)
    saved = js(state)
    assert saved["architects"] == [[3, 1], [2, 1]] and saved["steps"] == 1
    assert saved["tokens"] == [[3], []] and saved["used"] == []
    assert "step w" in steps(state)
    apply(state, "step w")  # onto seat 1's 2,1 with no step left
    assert "stop" not in legal(state)
    # 2,1: 2s0 is vacant; sector 3 (3s0) holds a green, so its corner 3,0 is a target.
    assert {"build g 2s0", "design 3,0"} <= legal(state)
    apply(state, "design 3,0")
    assert legal(state) == {"stop"}
    apply(state, "stop")
    assert js(state)["architects"][0] == [3, 0]


def test_build_only_after_moving(load: Loader) -> None:
    state = standard(load)
    assert builds(state) == set()
    assert_rejected(state, "build g 6s0")


def test_build_only_on_a_vacant_plot_beside_the_junction(load: Loader) -> None:
    state = standard(load)
    apply(state, "step e")
    # 3,2: 6e0=B 6s0 7w0 10n0=G 11n0 11n1; seat 0 holds g and r.
    assert builds(state) == {f"build {c} {s}" for c in "gr" for s in ("6s0", "7w0", "11n0", "11n1")}
    assert_rejected(state, "build g 6e0")
    assert_rejected(state, "build g 5w0")
    assert_rejected(state, "build y 6s0")  # no yellow in the reserve


def test_ruling_10_one_build_per_step_at_the_junction_reached(load: Loader) -> None:
    state = standard(load)
    add(state, 10, "right", reveal=28)  # seat 0: 4 steps, reserve y g r
    apply(state, "step s", "stop")  # seat 1 to 2,3
    assert js(state)["here"] == 2
    apply(state, "step e")
    assert js(state)["here"] == 0 and js(state)["steps"] == 3
    apply(state, "build g 11n0")
    assert js(state)["here"] == 1 and builds(state) == set()
    apply(state, "step n")  # 3,1: 2s0 3s0 6e0=B 7w0
    assert builds(state) == {f"build {c} {s}" for c in "yr" for s in ("2s0", "3s0", "7w0")}
    apply(state, "step w")  # the build of 3,1 was not used: it is lost
    assert builds(state) == {
        f"build {c} {s}" for c in "yr" for s in ("1s0", "1s1", "2s0", "2w0", "6w0")
    }
    apply(state, "build r 6w0", "step n")  # 2,0: 1n0 2n0 2w0
    assert builds(state) == {"build y 1n0", "build y 2n0", "build y 2w0"}
    apply(state, "build y 2n0")
    j = js(state)
    assert j["reserves"][0] == [0, 0, 0, 0] and j["steps"] == 0
    assert [on(state, s) for s in ("11n0", "6w0", "2n0")] == ["g", "r", "y"]
    apply(state, "stop")


def test_completing_a_sector_places_a_supervisor(load: Loader) -> None:
    state = standard(load)
    assert js(state)["supervisors"] == [-1] * 16
    apply(state, "step e", "build g 6s0", "stop")  # seat 0
    assert js(state)["supervisors"] == [-1] * 16
    # Seat 1 builds the last vacant plot of sector 6 (6e0 printed b, 6s0 seat 0's g).
    apply(state, "step n", "build y 6w0")
    assert js(state)["supervisors"] == [-1] * 6 + [1] + [-1] * 9
    apply(state, "stop")


def test_movement_example_three_steps_completes_a_sector(load: Loader) -> None:
    # The rulebook's example: 3 steps; right and build green, up without building, left and
    # build red, completing the sector; a supervisor goes to its plaza.
    state = draft(new_game(load, cards=(4, 3, 0, 10, 16, 22)), "4 gr", "3 yb")
    add(state, 0, "right", reveal=28)  # 4's right y, 0's left y; cards 4 0: 2 + 1 steps
    apply(state, "step s", "stop")  # seat 1 to 2,3
    assert js(state)["steps"] == 3
    apply(state, "step e", "build g 6s0", "step n", "step w", "build r 6w0")
    j = js(state)
    assert [on(state, s) for s in ("6e0", "6s0", "6w0")] == ["b", "g", "r"]
    assert j["supervisors"][6] == 0 and j["architects"][0] == [2, 1]
    assert j["reserves"][0] == [2, 0, 0, 0]
    apply(state, "stop")


# --- specialists: gaining them --------------------------------------------------------------


def test_specialist_gained_by_building_its_colour_in_its_sector(load: Loader) -> None:
    state = draft(new_game(load, specialists=FIRST_GAME), "4 yr", "3 yb")
    apply(state, "step n")
    elsewhere = state.clone()
    apply(elsewhere, "build y 2w0")  # a yellow, but not in the yellow pawn's sector 0
    assert js(elsewhere)["tokens"] == [[], []] and phase(elsewhere) == "move"
    apply(state, "step w")
    wrong = state.clone()
    apply(wrong, "build r 0e0")  # in sector 0, but red
    assert js(wrong)["tokens"] == [[], []] and phase(wrong) == "move"
    apply(state, "build y 0e0")
    j = js(state)
    assert j["tokens"] == [[0], []]
    assert j["phase"] == "relocate" and j["pending"]["relocate"] == 0
    # Another sector with a vacant plaza: not 0 itself nor 3, 12, 15 (pawns).
    assert legal(state) == {f"pawn {s}" for s in (1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14)}
    apply(state, "pawn 5")
    j = js(state)
    assert j["pawns"] == [5, 3, 12, 15] and j["phase"] == "move"


def test_only_one_token_of_each_specialist_and_the_last_removes_the_pawn(load: Loader) -> None:
    state = draft(new_game(load, specialists=FIRST_GAME), "4 yr", "3 yb")
    add(state, 13, "right", "take y", reveal=28)  # seat 0: y3 r1, 4 steps
    apply(state, "step w", "stop")  # seat 1 to 1,2
    apply(state, "step n", "step w", "build y 0e0", "pawn 4")
    # Another yellow in sector 4, where the pawn now is: seat 0 has its token already.
    apply(state, "step s", "build y 4e0")
    j = js(state)
    assert j["phase"] == "move" and j["tokens"] == [[0], []] and j["pawns"][0] == 4
    apply(state, "step w", "stop")  # seat 0 at 0,2
    # Seat 1 takes the second and last token (2 players): the pawn leaves the game.
    apply(state, "step n", "build y 4n0")
    j = js(state)
    assert j["tokens"] == [[0], [0]] and j["pawns"][0] == -1 and j["phase"] == "move"
    apply(state, "stop")


def test_ruling_11_a_completing_build_supervises_then_gains_then_relocates(load: Loader) -> None:
    # Three players (three tokens). Seat 0 gains the Commercial Manager and moves the yellow
    # pawn to sector 6; seat 1 builds a green there; seat 2's yellow completes sector 6.
    state = new_game(load, 3, (4, 3, 15, 13, 10, 16, 22), specialists=FIRST_GAME)
    draft(state, "4 yr", "3 gb", "15 yb")
    apply(state, "step n", "step w", "build y 0e0", "pawn 6", "stop")
    apply(state, "step e", "build g 6s0")
    assert js(state)["tokens"] == [[0], [], []] and phase(state) == "move"
    apply(state, "stop")
    apply(state, "step n", "build y 6w0")
    j = js(state)
    # Completed and supervised, the token gained, then one relocation, away from sector 6.
    assert j["supervisors"][6] == 2 and j["tokens"] == [[0], [], [0]]
    assert j["phase"] == "relocate" and j["pending"]["relocate"] == 0
    assert legal(state) == {f"pawn {s}" for s in (0, 1, 2, 4, 5, 7, 8, 9, 10, 11, 13, 14)}
    apply(state, "pawn 1")
    j = js(state)
    assert j["pawns"] == [1, 3, 12, 15] and j["phase"] == "move"
    apply(state, "stop")


def test_ruling_12_a_pawn_moves_to_a_sector_not_completed_without_a_pawn(load: Loader) -> None:
    state = draft(
        new_game(load, cards=(4, 3, 0, 10, 16, 22), specialists=FIRST_GAME), "4 gy", "3 yb"
    )
    add(state, 0, "right", reveal=28)  # seat 0: g1 y3, 3 steps
    apply(state, "step s", "stop")
    apply(state, "step e", "build g 6s0", "step n", "step w", "build y 6w0", "stop")
    assert js(state)["supervisors"][6] == 0
    apply(state, "step s", "stop")
    apply(state, "step w", "build y 0e0")
    # Not sector 0 (where it is), 3 12 15 (pawns) or 6 (completed).
    assert legal(state) == {f"pawn {s}" for s in (1, 2, 4, 5, 7, 8, 9, 10, 11, 13, 14)}


def test_pawn_in_a_completed_sector_is_relocated(load: Loader) -> None:
    state = draft(
        new_game(load, cards=(4, 3, 0, 10, 16, 22), specialists=FIRST_GAME), "4 yg", "3 yb"
    )
    add(state, 0, "right", reveal=28)  # seat 0: g1 y3, 3 steps
    apply(state, "step s", "stop")
    apply(state, "step n", "step w", "build y 0e0", "pawn 6", "stop")
    apply(state, "step s", "stop")
    apply(state, "step e", "build y 6w0", "step s", "build g 6s0")
    # Sector 6 is complete with the yellow pawn in its plaza: seat 0 moves it.
    j = js(state)
    assert j["supervisors"][6] == 0 and j["tokens"] == [[0], []]
    assert j["phase"] == "relocate" and j["pending"]["relocate"] == 0
    assert legal(state) == {f"pawn {s}" for s in (0, 1, 2, 4, 5, 7, 8, 9, 10, 11, 13, 14)}
    apply(state, "pawn 2")
    assert js(state)["pawns"] == [2, 3, 12, 15] and phase(state) == "move"


# --- adding cards ---------------------------------------------------------------------------


def test_add_card_at_either_end_takes_the_joined_sides(load: Loader) -> None:
    state = draft(new_game(load, cards=(4, 3, 0, 10, 16, 22)), "4 gr", "3 yb")
    left = state.clone()
    # On the left: card 0's right side (r) meets card 4's left side (nothing).
    apply(left, "add 0 left")
    j = js(left)
    assert j["projects"][0] == [0, 4] and j["gained"] == [2]
    assert j["reserves"][0] == [0, 0, 2, 1] and j["general"] == [12, 12, 11, 12]
    # On the right: card 4's right side (y) meets card 0's left side (y).
    apply(state, "add 0 right")
    j = js(state)
    assert j["projects"][0] == [4, 0] and j["gained"] == [0, 0]
    assert j["reserves"][0] == [2, 0, 1, 1] and j["general"] == [10, 12, 12, 12]


def test_architects_start_on_the_central_junction(load: Loader) -> None:
    for players in (2, 3, 4):
        state = load(GAME, players=players).new_initial_state()
        assert js(state)["architects"] == [[2, 2]] * players


def test_ruling_14_fixed_icons_first_then_one_take_per_any_icon(load: Loader) -> None:
    state = draft(new_game(load, cards=(2, 3, 14, 11, 16, 22)), "2 gr", "3 yb")
    # On the left: 14's right side b any, 2's left side g: b and g at once, then a take.
    apply(state, "add 14 left")
    j = js(state)
    assert j["projects"][0] == [14, 2] and j["gained"] == [1, 3]
    assert j["reserves"][0] == [0, 1, 1, 2] and j["pending"]["todo"] == 1
    assert j["phase"] == "gain" and j["flow"] == "gain"
    apply(state, "take r")
    j = js(state)
    assert j["gained"] == [1, 2, 3] and j["reserves"][0] == [0, 1, 2, 2]
    assert j["general"] == [12, 11, 11, 11] and j["phase"] == "reveal"


def test_ruling_14_a_missing_colour_is_not_taken(load: Loader, tmp_path: Path) -> None:
    state = quick_two_player(load, tmp_path)
    # Four yellow icons, three yellows left in the general reserve.
    apply(state, "add 22 right")
    j = js(state)
    assert j["gained"] == [0, 0, 0] and j["general"] == [0, 12, 12, 13]
    assert j["reserves"][1] == [8, 1, 0, 0]


def test_ruling_15_the_limit_is_enforced_before_the_any_takes(load: Loader) -> None:
    state = draft(new_game(load, cards=(2, 3, 5, 13, 16, 22)), "2 gr", "3 yb")
    add(state, 5, "right", "take y", reveal=28)  # b b g and a y: six buildings
    apply(state, "step s", "stop")
    # 5's right r, 13's left any: the r makes 7, and the discard comes before the take.
    apply(state, "add 13 right")
    j = js(state)
    assert j["reserves"][0] == [1, 2, 2, 2] and j["phase"] == "discard"
    assert j["pending"]["todo"] == 1
    apply(state, "discard b")
    assert phase(state) == "gain"
    apply(state, "take g")
    assert phase(state) == "discard" and js(state)["reserves"][0] == [1, 1, 2, 3]
    apply(state, "discard g")
    j = js(state)
    assert j["reserves"][0] == [1, 1, 2, 2] and j["phase"] == "reveal"


def test_any_icon_takes_a_building_of_choice(load: Loader) -> None:
    state = standard(load)
    # 4's right y, 13's left "any".
    apply(state, "add 13 right")
    j = js(state)
    assert j["phase"] == "gain" and j["gained"] == [0] and j["pending"]["todo"] == 1
    assert legal(state) == {"take y", "take b", "take r", "take g"}
    apply(state, "take b")
    j = js(state)
    assert j["reserves"][0] == [1, 1, 1, 1] and j["gained"] == [0, 1]
    assert j["phase"] == "reveal"


def test_reserve_limit_six(load: Loader) -> None:
    state = draft(new_game(load, cards=(2, 3, 5, 11, 16, 22)), "2 gr", "3 yb")
    # 2's right b any, 5's left b g: fixed b b g first, then the any.
    apply(state, "add 5 right")
    j = js(state)
    assert j["gained"] == [1, 1, 3] and j["pending"]["todo"] == 1
    assert j["reserves"][0] == [0, 2, 1, 2]
    apply(state, "take y", "reveal 28", "end")
    assert js(state)["reserves"][0] == [1, 2, 1, 2]  # 6: no discard
    apply(state, "step s", "stop")
    # 5's right r, 11's left b g: 9 buildings, 3 to remove from the game.
    apply(state, "add 11 right")
    j = js(state)
    assert j["reserves"][0] == [1, 3, 2, 3] and j["phase"] == "discard"
    assert legal(state) == {"discard y", "discard b", "discard r", "discard g"}
    apply(state, "discard y")
    assert phase(state) == "discard" and legal(state) == {"discard b", "discard r", "discard g"}
    apply(state, "discard b", "discard g")
    j = js(state)
    assert j["reserves"][0] == [0, 2, 2, 2] and j["phase"] == "reveal"
    # Removed from the game, not returned: 12 each after the draft, minus b b g y, r b g.
    assert j["general"] == [11, 9, 11, 10]


def scoring_example(load: Loader, builds_of_seat_1: Sequence[str], **params: Any) -> State:
    """Seat 0 drafts card 18 (line2 y, 2 stars) and adds 10, then 16 on the left; seat 1
    drafts 4, adds 0 (3 steps, three yellows) and walks 2,2 -> 3,2 -> 3,1 -> 2,1 with
    `builds_of_seat_1` after its steps; then seat 0 adds 22 on the left."""
    state = draft(new_game(load, cards=(18, 4, 10, 0, 16, 22), **params), "18 rb", "4 yg")
    add(state, 10, "left", reveal=28)  # 10's right y, 18's left y
    add(state, 0, "right", reveal=34)  # seat 1: 4's right y, 0's left y
    add(state, 16, "left", reveal=1)  # 16's right y, 10's left nothing
    apply(state, *builds_of_seat_1, "stop")
    assert state.scores() == [0, 0]
    assert js(state)["projects"][0] == [16, 10, 18]
    apply(state, "add 22 left")
    return state


def test_scoring_example_two_pp_per_instance_twice_is_four(load: Loader) -> None:
    # The rulebook's example: a card added on the left takes only a yellow (22's right y,
    # 16's left nothing); the fourth card scores the right end, card 18: 2 PP per instance.
    # Yellows: 5e0 (printed, sector 5), 6s0 and 6w0 (sector 6), 7w0 (sector 7): 5-6 and 6-7
    # with different buildings of sector 6, twice: 4 PP.
    state = scoring_example(
        load, ("step e", "build y 6s0", "step n", "build y 7w0", "step w", "build y 6w0")
    )
    j = js(state)
    assert j["projects"][0] == [22, 16, 10] and j["pp"] == [4, 0]
    assert j["reserves"][0] == [4, 1, 1, 0]
    assert j["general"][0] == 6  # 13 - 1 (draft) - 2 - 2 - 1 - 1
    assert state.scores() == [4, 0]
    apply(state, "reveal 25", "end")
    j = js(state)
    # The scored card left the game.
    assert 18 not in j["row"] + j["deck"]["pool"] + j["deck"]["bottom"]
    assert all(18 not in p for p in j["projects"])


def test_same_building_counted_once(load: Loader) -> None:
    # As the example, but sector 6 holds one yellow: 5-6 and 6-7 share it, one instance.
    state = scoring_example(load, ("step e", "step n", "build y 7w0", "step w", "build y 6w0"))
    assert js(state)["pp"] == [2, 0]


def test_pawns_are_not_buildings(load: Loader) -> None:
    # As above, with the yellow pawn in sector 3, above sector 7: were it a yellow building,
    # 3-7 and 5-6 would be two instances.
    state = scoring_example(
        load,
        ("step e", "step n", "build y 7w0", "step w", "build y 6w0"),
        specialists=FIRST_GAME,
        pawns=(3, 0, 12, 15),
    )
    assert js(state)["pawns"][0] == 3 and js(state)["pp"] == [2, 0]


def test_ruling_16_a_street_card_scores_the_street_the_seat_chooses(load: Loader) -> None:
    state = draft(new_game(load, cards=(33, 3, 10, 16, 22, 0)), "33 gr", "3 yb")
    add(state, 10, "right", reveal=28)  # 33's right g
    apply(state, "step s", "stop")
    add(state, 16, "right", reveal=34)  # 10's right y
    apply(state, "step s", "stop")
    apply(state, "add 22 right")  # 16's right y; four cards: card 33 (street y) scores
    j = js(state)
    assert j["phase"] == "street" and j["pending"]["score"] == 33
    assert j["projects"][0] == [10, 16, 22]
    assert legal(state) == {f"street {s}" for s in ("x1", "x2", "x3", "y1", "y2", "y3")}
    other = state.clone()
    apply(other, "street y1")
    assert js(other)["pp"] == [0, 0]
    # x2 holds the printed yellow 5e0 (sector 5's e side): 1 instance, 1 star.
    apply(state, "street x2")
    assert js(state)["pp"] == [1, 0] and phase(state) == "reveal"


def test_fourth_card_scores_far_end(load: Loader) -> None:
    # Adding on the right scores the left end (the example shows the other way round).
    state = draft(new_game(load, cards=(33, 3, 10, 16, 22, 0)), "33 gr", "3 yb")
    add(state, 10, "right", reveal=28)
    apply(state, "step s", "stop")
    add(state, 16, "right", reveal=34)
    apply(state, "step s", "stop")
    assert js(state)["projects"][0] == [33, 10, 16]
    apply(state, "add 22 right")
    assert js(state)["projects"][0] == [10, 16, 22]
    assert js(state)["pending"]["score"] == 33


def test_ruling_17_the_row_is_refilled_from_the_deck(load: Loader) -> None:
    state = standard(load)
    pool = sorted(set(range(36)) - {4, 3, 13, 10, 16, 22})
    assert js(state)["deck"] == {"bottom": [], "pool": pool}
    apply(state, "add 16 right")
    j = js(state)
    assert j["phase"] == "reveal" and j["pending"]["todo"] == 1
    assert state.chance_outcomes() == [(REVEAL + k, 1) for k in pool]
    apply(state, "reveal 35")
    j = js(state)
    assert sorted(j["row"]) == [10, 13, 22, 35]
    assert j["deck"] == {"bottom": [], "pool": [k for k in pool if k != 35]}


def test_ruling_17_an_add_that_empties_the_row_with_the_deck_out_triggers_the_end(
    load: Loader, tmp_path: Path
) -> None:
    # No card has steps, icons or colours to take (NOSTEP), but seat 0's draft card 4 has
    # one step: seat 0 moves once, then every turn is an add. With 30 cards left after the
    # draft, the deck runs out on the 30th add and the row's last card goes on the 34th.
    doc = derive(sparse=False, card=nostep_card)
    doc["card"][4]["steps"] = 1
    state = draft(new_game(load, data=write_data(tmp_path, doc, "nostep")), "4 gr", "3 yb")
    apply(state, "step e", "stop")
    for _ in range(33):
        apply(state, f"add {js(state)['row'][0]} right")
        finish_add(state)
    j = js(state)
    # The deck is out and one card is left in the row: nothing has triggered the end yet.
    assert j["deck"] == {"bottom": [], "pool": []} and len(j["row"]) == 1
    assert j["ending"] == 0
    apply(state, f"add {j['row'][0]} right")
    finish_add(state)
    j = js(state)
    assert j["row"] == [] and j["ending"] == 1
    # The round is finished by seat 1 (who can only pass now), then the final scoring.
    assert state.current_player() == 1 and legal(state) == {"pass"}
    apply(state, "pass")
    assert js(state)["phase"] == "final"


def test_ruling_17_the_bottom_of_the_deck_comes_after_the_pool(
    load: Loader, tmp_path: Path
) -> None:
    # Cards without icons (nothing is ever taken, the game does not end); the Logistics
    # Manager puts the row under the deck, and it comes back only once the pool is empty.
    doc = derive(sparse=False, card=lambda c: c.update(left=[], right=[]))
    data = write_data(tmp_path, doc, "noicons")
    state = draft(new_game(load, specialists=FIRST_GAME, data=data), "4 by", "3 yb")
    apply(state, "step n", "step e", "build b 3s0", "pawn 6", "stop")
    apply(state, "step s", "stop")
    apply(state, "logistics")
    j = js(state)
    assert j["deck"]["bottom"] == [13, 10, 16, 22] and j["row"] == []
    assert j["pending"]["todo"] == 4 and len(j["deck"]["pool"]) == 30
    apply(state, "reveal 0", "reveal 1", "reveal 2", "reveal 5")
    assert js(state)["row"] == [0, 1, 2, 5]
    while len(js(state)["deck"]["pool"]) > 0:
        apply(state, f"add {js(state)['row'][0]} right")
        finish_add(state)
    # 26 adds emptied the pool; the next reveal is the bottom's first card.
    apply(state, f"add {js(state)['row'][0]} right")
    while phase(state) == "street":
        apply(state, "street x1")
    assert state.chance_outcomes() == [(REVEAL + 13, 1)]
    apply(state, "reveal 13")
    assert js(state)["deck"] == {"bottom": [10, 16, 22], "pool": []}


# --- specialists: yellow ----------------------------------------------------------------------


def test_building_assistant(load: Loader) -> None:
    state = opening(load, team(y="building-assistant"), "yr", "r")
    # Seat 0: y2 r2. Gain the Building Assistant in sector 0, then use it at once.
    apply(state, "step n", "step w", "build y 0e0", "pawn 8")
    assert js(state)["tokens"] == [[0], []]
    apply(state, "step s")  # 1,2: 9n0 holds the printed red
    assert not {m for m in builds(state, "replace") if "9n0" not in m}  # occupied plots only
    assert "build y 9n0 replace" in builds(state, "replace")
    general = js(state)["general"]
    apply(state, "build y 9n0 replace")
    j = js(state)
    assert on(state, "9n0") == "y" and j["general"] == general  # the red left the game
    assert j["used"] == [0] and j["here"] == 1 and j["supervisors"] == [-1] * 16
    assert builds(state) == set()
    apply(state, "step e")  # 2,2: 5e0=Y, 9n0 (now y), 10n0=G occupied
    assert builds(state, "replace") == set()  # once per turn
    apply(state, "build r 6w0", "stop")
    assert js(state)["reserves"][0] == [0, 0, 1, 0]


def gained_on_turn_1(
    load: Loader, specialists: str, takes: str, turn: Sequence[str], word: str, idle: str
) -> State:
    """Seat 0 drafts card 4 with ``takes`` (seat 1 card 3 with y b) and gains a card
    specialist on turn 1 (``turn``: steps, a build, the pawn), whose action (``word``) is not
    offered during Move and Build, even the turn it is gained. Seat 0 stops, seat 1 steps
    ``idle`` and stops: seat 0's turn 3 is next."""
    state = draft(new_game(load, specialists=specialists), f"4 {takes}", "3 yb")
    apply(state, *turn)
    assert not {m for m in legal(state) if m.startswith(word)}
    apply(state, "stop", f"step {idle}", "stop")
    return state


# Seat 0's first turn: to the yellow plot 0e0, then its pawn on junction 8.
TO_PAWN_8 = ("step n", "step w", "build y 0e0", "pawn 8")


def test_commercial_manager(load: Loader) -> None:
    state = gained_on_turn_1(load, FIRST_GAME, "yr", TO_PAWN_8, "exchange", "s")
    # Seat 0 holds r1; the general reserve: y 11, b 12, r 12, g 13.
    assert js(state)["general"] == [11, 12, 12, 13]
    assert {"exchange r y", "exchange r b", "exchange r g"} <= legal(state)
    apply(state, "exchange r b")
    j = js(state)
    assert j["phase"] == "add" and j["used"] == [0]
    assert j["reserves"][0] == [0, 1, 0, 0] and j["general"] == [11, 11, 13, 13]
    assert not {m for m in legal(state) if m.startswith(("exchange", "step"))}
    apply(state, "add 13 right", "take g", "reveal 28")
    assert phase(state) == "after" and legal(state) == {"end"}
    apply(state, "end")
    apply(state, "step s", "stop")
    # A new turn: usable again.
    assert "exchange b r" in legal(state)


def test_governor(load: Loader) -> None:
    state = opening(load, team(y="governor"), "ry", "r", idle="e")
    # Seat 0: r2 y2. The Local Brahmin in sector 12 (no PP for the build that gains it),
    # a red in sector 8 (+1 PP), then the Governor in sector 0.
    apply(state, "step s", "step w", "build r 12n0", "pawn 14")
    apply(state, "step n", "build r 8n0")
    assert js(state)["pp"] == [1, 0]
    apply(state, "step n", "build y 0e0", "pawn 13")
    # Gained at the fourth and last step: no step left, so it waits for the next turn.
    assert not {m for m in legal(state) if m.startswith("governor")}
    assert js(state)["used"] == [0]
    apply(state, "stop")
    apply(state, "step e", "stop")
    # Governor in main commits to Move; after an add it is not offered.
    assert "governor y" in legal(state)
    apply(state, "add 10 right", "reveal 34")  # 13's right and 10's left: nothing
    assert phase(state) == "after" and legal(state) == {"end"}
    apply(state, "end")
    apply(state, "step s", "stop")
    apply(state, "governor g")
    j = js(state)
    assert j["phase"] == "move" and j["pp"] == [0, 0] and j["used"] == [0]
    assert j["reserves"][0] == [1, 0, 0, 1]
    assert not {m for m in legal(state) if m.startswith(("governor", "add"))}
    apply(state, "step e", "stop")
    apply(state, "step s", "stop")
    # No PP left to pay.
    assert not {m for m in legal(state) if m.startswith("governor")}


def test_project_manager(load: Loader) -> None:
    state = gained_on_turn_1(load, team(y="project-manager"), "yr", TO_PAWN_8, "project", "s")
    assert "project 4" in legal(state)
    apply(state, "add 13 right", "take g", "reveal 28")
    assert {"project 4", "project 13"} <= legal(state)
    apply(state, "end")
    apply(state, "step s", "stop")
    apply(state, "add 10 right", "reveal 34")  # 13's right, 10's left: nothing
    assert js(state)["projects"][0] == [4, 13, 10]
    # Discard the central card: the other two close up. Then two buildings of any kind.
    apply(state, "project 13")
    j = js(state)
    assert j["projects"][0] == [4, 10] and j["phase"] == "takes" and j["pending"]["takes"] == 2
    assert legal(state) == {"take y", "take b", "take r", "take g"}
    apply(state, "take y", "take y")
    j = js(state)
    assert j["phase"] == "after" and j["used"] == [0]
    assert j["reserves"][0] == [3, 0, 1, 1] and j["general"][0] == 8
    assert legal(state) == {"end"}
    assert 13 not in j["row"] + j["deck"]["pool"] + j["deck"]["bottom"]


def test_master_craftsman(load: Loader) -> None:
    state = draft(new_game(load, specialists=team(y="master-craftsman")), "4 yr", "3 yb")
    apply(state, "step n", "step w", "build y 0e0", "pawn 8", "stop")
    apply(state, "step s", "stop")
    apply(state, "add 13 right", "take b")  # 4's right y, then the any: b
    j = js(state)
    assert j["phase"] == "craft" and j["gained"] == [0, 1]
    assert legal(state) == {
        "craft y b",
        "craft y r",
        "craft y g",
        "craft b y",
        "craft b r",
        "craft b g",
        "skip",
    }
    apply(state, "craft y r")
    j = js(state)
    assert j["reserves"][0] == [0, 1, 2, 0] and j["general"] == [11, 11, 11, 13]
    assert j["phase"] == "reveal"
    apply(state, "reveal 28", "end")
    apply(state, "step s", "stop")
    # Nothing taken (13's right and 10's left are empty): no craft.
    apply(state, "add 10 right")
    assert phase(state) == "reveal"


def test_building_director(load: Loader) -> None:
    state = draft(
        new_game(load, cards=(4, 3, 0, 13, 10, 22), specialists=team(y="building-director")),
        "4 yr",
        "3 yb",
    )
    apply(state, "step n", "step w", "build y 0e0", "pawn 8", "stop")
    assert js(state)["pp"] == [0, 0]
    apply(state, "step s", "stop")
    add(state, 0, "right", reveal=28)  # 4's right y, 0's left y: one colour
    assert js(state)["pp"] == [1, 0]
    apply(state, "step s", "stop")
    apply(state, "add 13 right")  # 0's right r, then the any
    same = state.clone()
    apply(same, "take r")
    assert js(same)["pp"] == [2, 0]
    apply(state, "take y")  # r and y: two colours
    assert js(state)["pp"] == [1, 0]
    apply(state, "reveal 34", "end")
    apply(state, "step w", "stop")
    # 13's right, 10's left: nothing taken, nothing earned (card 4 scores 0: no sector has
    # a green opposite a yellow).
    add(state, 10, "right", reveal=1)
    assert js(state)["pp"] == [1, 0]


# --- specialists: blue ----------------------------------------------------------------------


def test_head_of_amenities(load: Loader) -> None:
    state = opening(load, team(b="head-of-amenities"), "by", "b")
    # Seat 0: b2 y2. Sector 3 is on the perimeter; 3s0 is not on a perimeter side.
    apply(state, "step n", "step e", "build b 3s0", "pawn 6")
    # The build that gained it earns the offer (ruling 11: the offer comes last).
    j = js(state)
    assert j["phase"] == "bonus" and j["pending"]["bonus"] == 1
    assert legal(state) == {"take y", "take b", "take r", "take g", "skip"}
    apply(state, "skip")
    assert js(state)["used"] == [] and phase(state) == "move"  # not used: skipped
    apply(state, "step e", "build b 7e0")
    assert phase(state) == "bonus"
    apply(state, "take b")
    j = js(state)
    assert j["used"] == [1] and j["reserves"][0] == [2, 1, 0, 0] and j["general"][1] == 9
    apply(state, "step s", "build b 7e1")
    assert phase(state) == "move"  # once per turn
    apply(state, "stop")


PERIMETER = [(x, y) for y in range(5) for x in range(5) if x in (0, 4) or y in (0, 4)]


def test_driver(load: Loader) -> None:
    state = opening(load, team(b="driver"), "by", "r")
    apply(state, "step n", "step e", "build b 3s0", "pawn 6")
    # 3,1 is not on the perimeter.
    assert not {m for m in legal(state) if m.startswith("drive")}
    apply(state, "step e")  # 4,1, the last step east
    assert {m for m in legal(state) if m.startswith("drive")} == {
        f"drive {x},{y}" for x, y in PERIMETER if (x, y) != (4, 1)
    }
    apply(state, "drive 4,2")
    j = js(state)
    assert j["architects"][0] == [4, 2] and j["steps"] == 1
    assert j["last"] == -1 and j["here"] == 2 and j["used"] == [1]
    # Not a step: no build; and west (opposite the last step) is allowed again.
    assert builds(state) == set()
    assert "step w" in steps(state)
    assert not {m for m in legal(state) if m.startswith("drive")}
    apply(state, "step w", "build y 11n0", "stop")


def test_building_manager(load: Loader) -> None:
    state = opening(load, team(b="building-manager"), "by", "r")
    # Seat 1 stands at 2,3: 9s0 9s1 10s0 10w0 13e0 14w0.
    apply(state, "step n", "step e", "build b 3s0", "pawn 6", "step e")
    assert builds(state, "manager") == {
        f"build {c} {s} manager"
        for c in "yr"
        for s in ("9s0", "9s1", "10s0", "10w0", "13e0", "14w0")
    }
    apply(state, "build r 10s0 manager")
    j = js(state)
    assert on(state, "10s0") == "r" and j["here"] == 1 and j["used"] == [1]
    assert builds(state) == set() and builds(state, "manager") == set()
    apply(state, "step s")
    assert builds(state, "manager") == set()
    apply(state, "build y 11n0", "stop")


def test_traffic_director(load: Loader) -> None:
    state = draft(
        new_game(load, specialists=team(b="traffic-director")),
        "4 bg",
        "3 yb",
    )
    apply(state, "step n", "step e")
    assert js(state)["steps"] == 0
    apply(state, "build b 3s0", "pawn 6")
    # Gained with no step left: "even on that very same turn if you still have any steps
    # left to use" does not hold, so no extra step this turn; the token waits (in `used`).
    j = js(state)
    assert j["tokens"][0] == [1] and j["steps"] == 0 and j["used"] == [1]
    assert not steps(state)
    apply(state, "stop")  # at 3,1
    apply(state, "step s", "stop")
    # Card 4's 2 steps + 1; automatic, so never in `used`.
    assert js(state)["steps"] == 3 and js(state)["used"] == []
    apply(state, "step e", "step s", "step s")
    assert js(state)["used"] == [] and not steps(state)


def test_logistics_manager(load: Loader) -> None:
    state = draft(new_game(load, specialists=FIRST_GAME), "4 by", "3 yb")
    apply(state, "step n", "step e", "build b 3s0", "pawn 6")
    assert "logistics" not in legal(state)
    apply(state, "stop")
    apply(state, "step s", "stop")
    pool = sorted(set(range(36)) - {4, 3, 13, 10, 16, 22})
    assert js(state)["row"] == [13, 10, 16, 22]
    apply(state, "logistics")
    j = js(state)
    assert j["phase"] == "reveal" and j["pending"]["todo"] == 4 and j["row"] == []
    assert j["deck"] == {"bottom": [13, 10, 16, 22], "pool": pool}
    assert state.chance_outcomes() == [(REVEAL + k, 1) for k in pool]
    apply(state, "reveal 0", "reveal 1", "reveal 2", "reveal 5")
    j = js(state)
    assert j["row"] == [0, 1, 2, 5] and j["phase"] == "add" and j["used"] == [1]
    assert "logistics" not in legal(state)
    apply(state, "add 0 right", "reveal 7")
    assert legal(state) == {"end"}


def test_amenities_director(load: Loader) -> None:
    state = draft(
        new_game(
            load,
            cards=(4, 3, 5, 10, 2, 22),
            specialists=team(b="amenities-director"),
        ),
        "4 br",
        "3 yb",
    )
    add(state, 5, "right", reveal=28)  # 4's right y, 5's left b g: b2 r1 y1 g1
    apply(state, "step s", "stop")
    apply(state, "step n", "build b 2w0", "step e", "build b 3s0", "pawn 6", "stop")
    # A Move and Build turn earns nothing; the reserve lacks b now.
    assert js(state)["pp"] == [0, 0] and js(state)["reserves"][0] == [1, 0, 1, 1]
    apply(state, "step s", "stop")
    add(state, 10, "right", reveal=34)  # 5's right r: still no blue
    assert js(state)["pp"] == [0, 0]
    apply(state, "step w", "stop")
    # 2's right b any, 4's left nothing: b and a y: all four colours. Four cards: card 10
    # (line3 y) scores 0.
    apply(state, "add 2 left", "take y", "reveal 1")
    assert js(state)["reserves"][0] == [2, 1, 2, 1] and js(state)["pp"] == [0, 0]
    apply(state, "end")
    assert js(state)["pp"] == [1, 0]


# --- specialists: red -----------------------------------------------------------------------


def test_local_brahmin_pays_for_each_temple_built_in_a_turn(load: Loader) -> None:
    # "Local Brahmin — Earn 1 PP each time you build a Temple.": every red pays, the second
    # of a turn too; no choice activates it, so its token is never flipped ("If you choose
    # to activate it, flip over the corresponding Token").
    state = draft(
        new_game(load, cards=(4, 3, 0, 6, 16, 22), specialists=FIRST_GAME), "4 ry", "3 yb"
    )
    add(state, 0, "left", reveal=28)  # 0's right r: r2 y1
    apply(state, "step e", "stop")
    add(state, 6, "left", reveal=34)  # 6's right r, 0's left y: r3 y2; cards 6 0 4, 4 steps
    apply(state, "step e", "stop")
    apply(state, "step s", "step w", "build r 12n0", "pawn 14")
    # Points come before the gain (ruling 11): nothing for this red.
    assert js(state)["pp"] == [0, 0]
    apply(state, "step n", "build r 8n0")
    assert js(state)["pp"] == [1, 0] and js(state)["used"] == []
    apply(state, "step n", "build r 4n0")
    assert js(state)["pp"] == [2, 0] and js(state)["used"] == []
    apply(state, "stop")
    assert js(state)["pp"] == [2, 0]


def test_mayor(load: Loader) -> None:
    turn = ("step s", "step w", "build r 12n0", "pawn 14")
    state = gained_on_turn_1(load, team(r="mayor"), "ry", turn, "mayor", "e")
    assert "mayor 4" in legal(state)
    apply(state, "mayor 4")
    j = js(state)
    assert j["pp"] == [2, 0] and j["projects"][0] == [] and j["phase"] == "add"
    assert not {m for m in legal(state) if m.startswith(("mayor", "step"))}
    # Ruling 14: a card added to an empty project takes nothing.
    apply(state, "add 13 right")
    j = js(state)
    assert j["phase"] == "reveal" and j["gained"] == [] and j["reserves"][0] == [1, 0, 0, 0]
    apply(state, "reveal 28")
    assert legal(state) == {"end"}


def test_surveyor(load: Loader) -> None:
    state = opening(load, team(r="surveyor"), "ry", "r")
    apply(state, "step s", "step w", "build r 12n0", "pawn 14", "step n")
    # 1,2 is a corner of sectors 4, 5, 8, 9: any of their vacant plots.
    plots = ("4n0", "4e0", "4s0", "5w0", "5w1", "8n0", "8e0", "8w0", "9s0", "9s1")
    assert builds(state, "surveyor") == {f"build {c} {s} surveyor" for c in "ry" for s in plots}
    apply(state, "build y 4n0 surveyor")
    j = js(state)
    assert on(state, "4n0") == "y" and j["here"] == 1 and j["used"] == [2]
    apply(state, "step e")
    assert builds(state, "surveyor") == set()
    apply(state, "build r 6w0", "stop")


def test_architects_assistant(load: Loader) -> None:
    state = opening(load, team(r="architects-assistant"), "ry", "r", idle="e")
    apply(state, "step s", "step w", "build r 12n0", "pawn 14")
    # Gained by the step's build: a second build at the same step.
    assert js(state)["here"] == 1 and "build y 12e0" in builds(state)
    apply(state, "build y 12e0")
    j = js(state)
    assert j["here"] == 2 and j["used"] == [2] and builds(state) == set()
    apply(state, "step n", "build r 8n0")
    assert builds(state) == set()  # once per turn
    apply(state, "stop")


def test_head_architect(load: Loader) -> None:
    state = opening(load, team(r="head-architect"), "ry", "r", idle="e")
    apply(state, "step s", "step w", "build r 12n0", "pawn 7")
    # Sectors with a building on a plot: 5 6 9 10 (printed) and 12.
    assert {m for m in legal(state) if m.startswith("redistribute")} == {
        f"redistribute {s}" for s in (5, 6, 9, 10, 12)
    }
    apply(state, "redistribute 9")
    j = js(state)
    assert j["phase"] == "arrange" and j["pending"]["arrange"] == [2]
    assert j["pending"]["sector"] == 9 and j["pending"]["todo"] == 3
    assert legal(state) == {"arrange r", "arrange -"}
    apply(state, "arrange -", "arrange -")  # 9n0 and 9s0 left empty
    assert legal(state) == {"arrange r"}  # one plot left, one building
    apply(state, "arrange r")
    j = js(state)
    assert [on(state, s) for s in ("9n0", "9s0", "9s1")] == ["-", "-", "r"]
    assert j["phase"] == "move" and j["used"] == [2] and j["reserves"][0] == [2, 0, 1, 0]
    assert not {m for m in legal(state) if m.startswith("redistribute")}
    apply(state, "step n", "build r 8n0", "stop")
    apply(state, "step e", "stop")
    # No red left in the reserve.
    assert not {m for m in legal(state) if m.startswith("redistribute")}


def test_draughtsman(load: Loader) -> None:
    state = opening(load, team(r="draughtsman"), "ry", "r", idle="e")
    apply(state, "step s", "step w", "build r 12n0", "pawn 7")
    assert "build y 12e0 draughtsman" in builds(state, "draughtsman")
    apply(state, "build y 12e0 draughtsman")
    j = js(state)
    assert j["here"] == 1 and j["used"] == [2]
    assert builds(state, "draughtsman") == set() and builds(state) == set()
    apply(state, "stop")
    apply(state, "step e", "stop")
    # Before any step, from main: it commits the turn to Move and Build.
    assert "build r 13w0 draughtsman" in legal(state)
    apply(state, "build r 13w0 draughtsman")
    j = js(state)
    assert j["phase"] == "move" and j["here"] == 2 and on(state, "13w0") == "r"
    assert builds(state) == set() and not {m for m in legal(state) if m.startswith("add")}
    apply(state, "step n", "build y 8n0", "stop")


# --- specialists: green ---------------------------------------------------------------------


def test_a_specialist_gained_with_no_step_left_waits_for_the_next_turn(load: Loader) -> None:
    # "From that moment on, you can apply their effect once per turn, even on that very same
    # turn if you still have any steps left to use" (Getting the Help of a Specialist).
    state = opening(load, team(r="draughtsman"), "ry", "r", idle="e")
    # Seat 0 at 2,2 with 4 steps; the red pawn (the Draughtsman) in corner sector 12.
    apply(state, "step s", "step s", "step w", "step n")  # 2,3 2,4 1,4 1,3
    assert js(state)["steps"] == 0
    apply(state, "build r 12n0", "pawn 7")
    j = js(state)
    assert j["tokens"][0] == [2] and j["used"] == [2]
    assert builds(state, "draughtsman") == set()
    assert_rejected(state, "build y 12e0 draughtsman")
    apply(state, "stop")
    apply(state, "step e", "stop")  # seat 1: 3,2 to 4,2
    # Seat 0's next turn: usable from its start.
    assert js(state)["used"] == []
    assert "build y 12e0 draughtsman" in legal(state)


def test_park_engineer(load: Loader) -> None:
    state = opening(load, team(g="park-engineer"), "gy", "y", idle="n")
    apply(state, "step e", "step s", "build g 15w0", "pawn 1", "step w")
    # Sectors holding a green: 10 (10n0) and 15 (15w0); their vacant plots, near or not.
    assert builds(state, "engineer") == {
        f"build y {s} engineer" for s in ("10s0", "10w0", "15e0", "15e1")
    }
    apply(state, "build y 15e0 engineer")
    assert on(state, "15e0") == "y" and js(state)["used"] == [3]
    apply(state, "step n")
    assert builds(state, "engineer") == set()
    apply(state, "stop")


def centres(state: State) -> set[str]:
    return {m for m in legal(state) if m.startswith("build ") and m.endswith("c")}


def test_sector_manager(load: Loader) -> None:
    state = opening(load, team(g="sector-manager"), "gy", "y", idle="n")
    apply(state, "step e", "step s", "build g 15w0", "pawn 1", "step w")
    # 2,3: sides without plots: 13n, 14n, 9e.
    assert centres(state) == {"build y 13nc", "build y 14nc", "build y 9ec"}
    apply(state, "build y 14nc")
    j = js(state)
    assert on(state, "14nc") == "y" and j["used"] == [3] and j["here"] == 1
    apply(state, "step n")  # 2,2: 5s and 9e have no plots, but once per turn
    assert centres(state) == set()
    apply(state, "stop")
    apply(state, "step w", "stop")
    apply(state, "step s")
    # One building per side without plots: 14nc is taken.
    assert centres(state) == {"build y 13nc", "build y 9ec"}


def test_chief_gardener(load: Loader) -> None:
    state = opening(load, team(g="chief-gardener"), "gy", "y", idle="n")
    apply(state, "step e", "step s", "build g 15w0", "pawn 1")
    assert js(state)["pp"] == [0, 0]  # points before the gain
    apply(state, "step w", "build y 10s0")  # sector 10 holds the printed green
    assert js(state)["pp"] == [1, 0]
    apply(state, "step n", "build y 10w0")
    assert js(state)["pp"] == [1, 0]  # once per turn
    apply(state, "stop")


def test_head_of_supervision_pays_for_each_sector_completed_in_a_turn(load: Loader) -> None:
    # "Head of Supervision — Earn 1 PP each time you complete a Sector.": two sectors
    # completed in one turn pay twice; the token is never flipped.
    state = new_game(
        load,
        cards=(4, 16, 13, 10, 3, 22),
        specialists=team(g="head-of-supervision"),
    )
    draft(state, "4 gy", "16 yb")
    add(state, 13, "right", "take y", reveal=28)  # seat 0: g1 y3, 4 steps
    apply(state, "step e", "build b 6s0", "step s", "build y 10s0", "stop")  # seat 1 at 3,3
    apply(state, "step e", "step s", "build g 15w0", "pawn 1")
    apply(state, "step w", "build y 10w0")  # completes sector 10
    j = js(state)
    assert j["supervisors"][10] == 0 and j["pp"] == [1, 0]
    apply(state, "step n", "build y 6w0")  # completes sector 6: each time
    j = js(state)
    assert j["supervisors"][6] == 0 and j["pp"] == [2, 0] and j["used"] == []
    apply(state, "stop")


def test_park_designer(load: Loader) -> None:
    state = opening(load, FIRST_GAME, "gy", "y", idle="n")
    apply(state, "step e", "step s", "build g 15w0", "pawn 1")
    # Corners of sectors holding a green building, 10 (10n0) and 15 (15w0), but not 3,3
    # where the architect is; the green pawn in sector 1 is not a building.
    assert {m for m in legal(state) if m.startswith("design")} == {
        f"design {j}" for j in ("2,2", "3,2", "2,3", "4,3", "3,4", "4,4")
    }
    apply(state, "design 2,2")
    j = js(state)
    assert j["architects"][0] == [2, 2] and j["steps"] == 2
    assert j["last"] == -1 and j["here"] == 2 and j["used"] == [3]
    assert builds(state) == set() and "step n" in steps(state)
    assert not {m for m in legal(state) if m.startswith("design")}
    apply(state, "step w", "build y 8n0", "stop")


def test_park_manager(load: Loader) -> None:
    state = draft(new_game(load, specialists=team(g="park-manager")), "4 gy", "3 yb")
    add(state, 13, "right", "take g", reveal=28)  # g2 y2
    apply(state, "step n", "stop")
    apply(state, "step e", "step s", "build g 15w0", "pawn 1")
    assert not {m for m in legal(state) if m in ("skip", "take y")}
    apply(state, "stop")
    apply(state, "step w", "stop")
    add(state, 10, "right", reveal=34)  # nothing taken; cards 4 13 10
    apply(state, "step s", "stop")
    other = state.clone()
    # On the left: card 10 (line3 y) scores, no green in its pattern: no offer.
    apply(other, "add 16 left")
    assert phase(other) == "reveal"
    skipped = state.clone()
    # On the right: card 4 (opposite g-y, no instance: 0 PP) scores; it has a green.
    apply(state, "add 16 right")
    j = js(state)
    assert j["pp"] == [0, 0] and j["phase"] == "bonus" and j["pending"]["bonus"] == 2
    assert legal(state) == {"take y", "take b", "take r", "take g", "skip"}
    apply(state, "take r")
    j = js(state)
    assert j["used"] == [3] and j["reserves"][0] == [3, 0, 1, 1] and j["phase"] == "reveal"
    apply(skipped, "add 16 right", "skip")
    assert js(skipped)["used"] == [] and phase(skipped) == "reveal"


# --- the end of the game --------------------------------------------------------------------


def quick_two_player(load: Loader, tmp_path: Path, **params: Any) -> State:
    """QUICK data, 2 players, seat 1 starts: seat 1 drafts 10 (y b), seat 0 16 (y r), leaving
    11 yellows; seat 1 adds 34 (four yellows: 7 left), seat 0 adds 28 (3 left)."""
    state = new_game(load, cards=(10, 16, 34, 28, 22, 4), first=1, data=quick(tmp_path), **params)
    draft(state, "10 yb", "16 yr")
    j = js(state)
    assert j["general"][0] == 11 and j["ending"] == 0
    add(state, 34, "right", reveal=1)
    add(state, 28, "right", reveal=7)
    assert js(state)["general"][0] == 3
    return state


def test_last_building_ends_at_end_of_round(load: Loader, tmp_path: Path) -> None:
    state = quick_two_player(load, tmp_path)
    # Seat 1 adds 22: four yellow icons, three yellows left: ruling 14, the missing one is
    # not taken; the last yellow is gone, the end is triggered.
    apply(state, "add 22 right")
    j = js(state)
    assert j["general"][0] == 0 and j["ending"] == 1 and j["gained"] == [0, 0, 0]
    assert j["reserves"][1] == [8, 1, 0, 0] and j["phase"] == "discard"
    apply(state, "discard y", "discard y", "discard y", "reveal 13", "end")
    # The round is finished: seat 0, the seat before the starting player, still plays.
    j = js(state)
    assert state.current_player() == 0 and j["phase"] == "main" and j["turn"] == 4
    apply(state, "step n", "stop")
    assert phase(state) == "final" and state.current_player() == 1


def test_ruling_18_a_trigger_by_the_last_seat_of_the_round_ends_at_once(
    load: Loader, tmp_path: Path
) -> None:
    state = quick_two_player(load, tmp_path)
    apply(state, "step n", "stop")  # seat 1
    apply(state, "add 22 right")  # seat 0 takes the last three yellows
    apply(state, "discard y", "discard y", "discard y", "reveal 13", "end")
    j = js(state)
    assert j["ending"] == 1 and j["phase"] == "final" and state.current_player() == 1


def test_final_scoring_one_card_regardless_of_position(load: Loader, tmp_path: Path) -> None:
    state = quick_two_player(load, tmp_path)
    apply(state, "add 22 right", "discard y", "discard y", "discard y", "reveal 13", "end")
    apply(state, "step n", "stop")
    # The starting seat first: any card of its project 10 34 22, here the middle one.
    assert legal(state) == {"score 10", "score 34", "score 22"}
    apply(state, "score 34")  # street r, 1 star: the seat chooses the street
    assert legal(state) == {f"street {s}" for s in ("x1", "x2", "x3", "y1", "y2", "y3")}
    # y3: the printed red 9s0 (sector 9's s side, row 2).
    apply(state, "street y3")
    assert js(state)["pp"] == [0, 1] and state.current_player() == 0
    assert legal(state) == {"score 16", "score 28"}
    apply(state, "score 28")  # perimeter r: no red on the perimeter
    # Nobody supervises a sector: the streets give nothing; no specialists.
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert phase(state) == "end" and js(state)["to_move"] == -4
    assert state.scores() == [0, 1] and state.winners() == [1]


def test_ruling_13_supervisors_limited_to_five(load: Loader, tmp_path: Path) -> None:
    state = new_game(load, cards=(10, 16, 22, 28, 34, 4), data=quick(tmp_path))
    draft(state, "10 yb", "16 yr")
    apply(state, "step n", "build y 5n0", "step w", "build b 4n0", "stop")  # sectors 5, 4
    apply(state, "step s", "stop")
    add(state, 22, "right", reveal=1)  # four yellows
    apply(state, "step s", "stop")
    apply(state, "step n", "build y 0n0", "step e", "build y 1n0", "step e", "build y 2n0")
    supervisors = [0, 0, 0, -1, 0, 0] + [-1] * 10
    supervisors[3] = -1
    assert js(state)["supervisors"] == supervisors
    # The sixth sector is completed, but seat 0 has no supervisor left.
    apply(state, "step e", "build y 3n0")
    assert on(state, "3n0") == "y" and js(state)["supervisors"] == supervisors
    apply(state, "stop")


def street_example(load: Loader, tmp_path: Path) -> State:
    """The rulebook's final street example, QUICK data, 3 players: white (seat 0) supervises
    sectors 4, 5, 9; black (seat 1) 8; grey (seat 2) 13 and 14. Street tiles: x1 tile 1 (3, 1
    on a tie), x2 tile 2 (3, 1), x3 tile 0 (2, 1), y1 tile 3 (3, 2), y2 tile 4 (4, 1), y3
    tile 5 (4, 2), perimeter tile 9 (6, 3)."""
    state = new_game(
        load, 3, (10, 16, 22, 28, 34, 4, 1), tiles=(1, 2, 0, 3, 4, 5, 9), data=quick(tmp_path)
    )
    draft(state, "10 yb", "16 yr", "22 yg")  # 12 yellows left
    apply(state, "step n", "build y 5n0", "step w", "build b 4n0", "stop")
    apply(state, "step w", "build y 8n0", "stop")
    apply(state, "step s", "build y 13n0", "step e", "build g 14n0", "stop")
    add(state, 28, "right", reveal=7)  # seat 0: 8 yellows left
    add(state, 34, "right", reveal=13)  # seat 1: 4 left
    apply(state, "step n", "stop")  # seat 2 to 3,2
    apply(state, "step s", "build y 9n0", "step e", "stop")  # seat 0, past seat 1 at 1,2
    apply(state, "add 4 right", "discard y", "discard y", "discard y")  # the last 4 yellows
    assert js(state)["ending"] == 1
    apply(state, "reveal 19", "end")
    apply(state, "step e", "stop")  # seat 2 ends the round
    assert js(state)["supervisors"] == [-1, -1, -1, -1, 0, 0, -1, -1, 1, 0, -1, -1, -1, 2, 2, -1]
    assert phase(state) == "final" and state.current_player() == 0
    return state


def test_final_street_scoring_example(load: Loader, tmp_path: Path) -> None:
    state = street_example(load, tmp_path)
    # Cards that score nothing: 28 perimeter r (no red on the perimeter), 16 line2 r (one
    # red, 9s0), 22 diagonal g (greens in 10 and 14, one above the other).
    apply(state, "score 28", "score 16", "score 22")
    assert state.is_terminal()
    # Street A of the example is x1 (sectors of columns 0 and 1): white 4 5 9, black 8,
    # grey 13: white takes its 3. Street B is x2 (columns 1 and 2): white 5 9, grey 13 14:
    # both take the bracketed 1.
    # The rest: x3 (columns 2, 3): grey 14 alone, 2. y1 (rows 0, 1): white 4 5, 3. y2 (rows
    # 1, 2): white 4 5 9 against black's 8, 4. y3 (rows 2, 3): grey 13 14 against white's 9
    # and black's 8, 4. Perimeter: grey 13 14 against white's 4 and black's 8: 6.
    # White 3 + 1 + 3 + 4 = 11; black 0; grey 1 + 2 + 4 + 6 = 13.
    assert state.scores() == [11, 0, 13]
    assert state.winners() == [2]


def test_final_tie_goes_to_earlier_seat(load: Loader, tmp_path: Path) -> None:
    # Three players, seat 1 starts (order 1, 2, 0). Seat 2 supervises sector 5, seat 0 sector
    # 9; they tie at 7 and seat 2 comes first in turn order from the starting seat.
    state = new_game(
        load,
        3,
        (10, 16, 22, 28, 34, 4, 1),
        first=1,
        tiles=(0, 4, 5, 1, 3, 2, 6),
        data=quick(tmp_path),
    )
    draft(state, "10 yb", "16 yb", "22 yr")  # 12 yellows left
    add(state, 28, "right", reveal=7)  # seat 1: 8 left
    apply(state, "step n", "build y 5n0", "stop")  # seat 2: sector 5
    apply(state, "step w", "build y 9n0", "stop")  # seat 0: sector 9
    apply(state, "add 34 right", *["discard y"] * 4, "reveal 13", "end")  # seat 1: 4 left
    apply(state, "add 4 right", "reveal 19", "end")  # seat 2 takes the last 4
    assert js(state)["ending"] == 1
    apply(state, "step n", "stop")  # seat 0 ends the round
    apply(state, "score 28", "score 16", "score 22")  # all worth 0
    # x1 (tile 0, 2/1) and x2 (tile 4, 4/1): 5 and 9 both, a tie, 1 each. y1 (tile 1, 3/1):
    # seat 2's 5 alone, 3. y2 (tile 3, 3/2): both, 2 each. y3 (tile 2, 3/1): seat 0's 9, 3.
    # x3 and the perimeter: nobody. Seat 2: 1 + 1 + 3 + 2; seat 0: 1 + 1 + 2 + 3.
    assert state.scores() == [7, 0, 7]
    assert state.winners() == [2]


def corner_game(load: Loader, tmp_path: Path, specialists: str) -> State:
    """QUICK data, 2 players, default tiles (x1 2/1, x2 3/1, x3 3/1, y1 3/2, y2 4/1, y3 4/2,
    perimeter 4/2). Seat 0 completes corner sector 12, seat 1 corner sector 15 (with
    specialists they gain the Head Architect, 3 stars, and the Park Designer, 1 star); then
    adds until the yellows run out; both final cards score 0."""
    state = new_game(
        load, cards=(10, 16, 22, 28, 34, 4), data=quick(tmp_path), specialists=specialists
    )
    draft(state, "10 rg", "16 gb")
    relocate = specialists != "none"
    apply(state, "step s", "step w", "build r 12n0", *(["pawn 5"] if relocate else []), "stop")
    apply(state, "step s", "step e", "build g 15n0", *(["pawn 6"] if relocate else []), "stop")
    add(state, 22, "right", reveal=1)  # 13 yellows: 9 left
    add(state, 28, "right", reveal=7)  # 5 left
    add(state, 34, "right", "discard y", "discard y", "discard y", reveal=13)  # 1 left
    add(state, 4, "right", reveal=19)  # seat 1 takes the last; it ends the round
    assert js(state)["ending"] == 1 and phase(state) == "final"
    assert js(state)["supervisors"] == [-1] * 12 + [0, -1, -1, 1]
    # 10 line3 y (one yellow, 5s0); 16 line2 r (reds in 9 and 12, not side by side).
    apply(state, "score 10", "score 16")
    assert state.is_terminal()
    return state


def test_street_tie_value(load: Loader, tmp_path: Path) -> None:
    state = corner_game(load, tmp_path, "none")
    # x1: sector 12 (seat 0) alone, 2. x3: 15 (seat 1), 3. y3: 12 and 15, a tie: 2 each.
    # Perimeter: a tie, 2 each. Seat 0: 2 + 2 + 2; seat 1: 3 + 2 + 2.
    assert state.scores() == [6, 7] and state.winners() == [1]


def test_specialist_stars_scored_at_the_end(load: Loader, tmp_path: Path) -> None:
    state = corner_game(load, tmp_path, team(r="head-architect"))
    assert js(state)["tokens"] == [[2], [3]]
    # The same game as above, plus 3 stars (Head Architect) and 1 star (Park Designer).
    assert state.scores() == [9, 8] and state.winners() == [0]


def test_ruling_19_a_street_needs_at_least_one_supervisor(load: Loader, tmp_path: Path) -> None:
    state = corner_game(load, tmp_path, "none")
    # x2, y1 and y2 touch neither sector 12 nor 15: nobody scores them. Had they been given
    # to everybody on a 0-0 tie, both seats would have 3 + 3 + 4 (tie values 1, 2, 1) more.
    assert sum(state.scores()) == 13


def test_ruling_21_scores_before_the_end_are_the_pp_so_far(load: Loader) -> None:
    state = scoring_example(
        load, ("step e", "build y 6s0", "step n", "build y 7w0", "step w", "build y 6w0")
    )
    assert state.scores() == js(state)["pp"] == [4, 0]
    assert state.winners() == []


def test_ruling_18_a_seat_without_a_card_skips_the_final_scoring(
    load: Loader, tmp_path: Path
) -> None:
    # QUICK data, seat 1 starts; pawns: yellow (Project Manager) in 15, red (Mayor) in 12.
    state = new_game(
        load,
        cards=(16, 10, 22, 28, 34, 4),
        first=1,
        pawns=(15, 3, 12, 0),
        specialists=team(y="project-manager", r="mayor"),
        data=quick(tmp_path),
    )
    draft(state, "16 yb", "10 ry")  # 11 yellows left
    add(state, 22, "right", reveal=1)  # seat 1: 7 left
    apply(state, "step s", "step w", "build r 12n0", "pawn 5", "stop")  # seat 0: the Mayor
    add(state, 28, "right", *["discard y"] * 4, reveal=7)  # seat 1: 3 left
    apply(state, "step e", "step e", "build y 15n0", "pawn 6", "stop")  # the Project Manager
    # Seat 1 takes the last three yellows (its fourth card, 16 line2 r, scores 0).
    add(state, 34, "right", *["discard y"] * 3, reveal=13)
    assert js(state)["ending"] == 1 and state.current_player() == 0
    # Seat 0 plays the last turn of the round and empties its project: the Mayor discards
    # card 10 (2 PP), card 4 joins the empty project (nothing taken), the Project Manager
    # discards it for two buildings (no yellow left).
    apply(state, "mayor 10", "add 4 right", "reveal 19", "project 4", "take b", "take r")
    assert js(state)["projects"] == [[], [22, 28, 34]] and js(state)["pp"] == [2, 0]
    apply(state, "end")
    assert phase(state) == "final" and state.current_player() == 1
    apply(state, "score 22")  # diagonal g: 0
    # Seat 0 has no card: skipped; the game is over. Seat 0: 2 (Mayor) + 1 star (Project
    # Manager; the Mayor has none) + sectors 12 and 15, alone: x1 2, x3 3, y3 4, perimeter 4.
    assert state.is_terminal()
    assert state.scores() == [16, 0] and state.winners() == [0]
