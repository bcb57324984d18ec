"""Round trips: JSON within and across engines, clones, notation, replay, a user's data file.

Also home of the small helpers the other Rebuilding Chicago test files share: the packaged
data and the geometry of docs/games/rebuilding_chicago.md (spaces, piece orientations), the
hand-driven opening (``SETUP`` and the first two turns) with its canonical JSON written from
the spec, seeded random games for every player count and difficulty mix, and the first state
of every phase.

Expected values come from docs/games/rebuilding_chicago.md (geometry, setup, rulings,
encoding, canonical JSON) and the packaged data file, worked by hand.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import tomllib

import boardcore
import boardcore.reference
from boardcore.api import CHANCE, Game, State
from boardcore.schema import schema
from tests import helpers
from tests.conftest import ENGINES, Loader, apply
from tests.helpers import (
    data_path,
    drop_entry,
    edit_entry,
    entries,
    js,
    random_states,
)

GAME = "rebuilding_chicago"
PACKAGED_PATH = data_path("rebuilding_chicago")
PACKAGED_TEXT = PACKAGED_PATH.read_text()
DATA: dict[str, Any] = tomllib.loads(PACKAGED_TEXT)
NUM_ACTIONS = 1545
MAX_ACTIONS = 20_000
"""A random game longer than this is taken for one that never ends."""

PHASES = schema(GAME)["properties"]["phase"]["enum"]
"""Every phase a saved state may be in, as the shipped schema declares them."""

TYPES = ("train", "money", "graduation", "entertainment", "shopping", "restaurant", "statue")
AMENITIES = ("entertainment", "shopping", "restaurant")
EVENTS = ("expansion", "graduation", "sights", "night", "shopping", "dining", "world")
CHOICES = ("vp", "money", "building", "appease", "card", "ability")
LEVELS = ("easy", "standard", "expert")

KIND_KEYS = [k["key"] for k in DATA["kind"]]
KIND_TYPE = [TYPES.index(k["type"]) for k in DATA["kind"]]
KIND_SYMBOLS = [int(k["symbols"]) for k in DATA["kind"]]
KIND_COUNTS = [int(k["count"]) for k in DATA["kind"]]
DISTRICT_KEYS = [d["key"] for d in DATA["district"]]
LANDMARK_KEYS = [lm["key"] for lm in DATA["landmark"]]
CARD_COST = [int(c["cost"]) for c in DATA["card"]]
SUBURB_CELLS = [s["cells"] for s in DATA["suburb"] for _ in range(int(s["count"]))]

# Every player count with the four difficulty mixes of the differential tests.
MIXED = "easy,expert,standard,easy,expert"


def difficulty_mixes(players: int) -> list[str]:
    return ["standard", "easy", "expert", ",".join(MIXED.split(",")[:players])]


SETTINGS: list[dict[str, Any]] = [
    {"players": 1},
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 5},
    {"players": 1, "difficulty": "expert"},
    {"players": 2, "difficulty": "easy,expert"},
    {"players": 3, "difficulty": "easy"},
    {"players": 4, "difficulty": "easy,expert,standard,easy"},
    {"players": 5, "difficulty": MIXED},
]
SETTING_IDS = ["-".join(f"{v}" for v in s.values()).replace(",", "+") for s in SETTINGS]


# --- geometry -------------------------------------------------------------------------------


def space(name: str) -> int:
    """A space id from its notation: ``c3`` is x 2, y 2, id ``y*11 + x`` = 24."""
    match = re.fullmatch(r"([a-k])(\d+)", name)
    assert match, name
    x = "abcdefghijk".index(match.group(1))
    y = int(match.group(2)) - 1
    assert 0 <= y < 11
    return y * 11 + x


def space_name(where: int) -> str:
    y, x = divmod(where, 11)
    return f"{'abcdefghijk'[x]}{y + 1}"


Cell = tuple[int, int, str]


def piece_cells(rows: list[str], suburb: bool = False) -> list[Cell]:
    """The cells of a piece as printed, in reading order: ``#`` (or a suburb's ``. r 1 2 3``)."""
    cells = []
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if suburb and ch in ".r123":
                cells.append((x, y, "" if ch == "." else ch))
            elif not suburb and ch == "#":
                cells.append((x, y, ""))
    return cells


def orientations(cells: list[Cell]) -> list[list[Cell]]:
    """The distinct orientations o0, o1, ... of a piece (spec, *Pieces and orientations*)."""
    found: list[list[Cell]] = []
    for k in range(8):
        out = []
        for x, y, s in cells:
            if k >= 4:
                x = -x
            for _ in range(k % 4):
                x, y = -y, x
            out.append((x, y, s))
        mx = min(x for x, _, _ in out)
        my = min(y for _, y, _ in out)
        shifted = sorted(((x - mx, y - my, s) for x, y, s in out), key=lambda c: (c[1], c[0]))
        if shifted not in found:
            found.append(shifted)
    return found


def kind_orientations(kind: int) -> list[list[Cell]]:
    return orientations(piece_cells(DATA["kind"][kind]["shape"]))


def landmark_orientations(landmark: int) -> list[list[Cell]]:
    return orientations(piece_cells(DATA["landmark"][landmark]["shape"]))


def suburb_orientations(suburb: int) -> list[list[Cell]]:
    return orientations(piece_cells(SUBURB_CELLS[suburb], suburb=True))


def placed(shape: list[Cell], anchor: int) -> list[tuple[int, str]]:
    """The spaces (and symbols) an orientation covers from ``anchor``."""
    ay, ax = divmod(anchor, 11)
    out = []
    for x, y, s in shape:
        assert 0 <= ax + x < 11 and 0 <= ay + y < 11, (shape, anchor)
        out.append(((ay + y) * 11 + ax + x, s))
    return out


def on_board(where: int) -> bool:
    y, x = divmod(where, 11)
    return 2 <= x <= 8 and 2 <= y <= 8


@dataclass
class Table:
    """One seat's table worked out from the JSON and the packaged data."""

    region: dict[int, str]
    """District-board space -> S A B #."""
    symbol: dict[int, str]
    """Space -> r 1 2 3 (board and suburbs), covered or not."""
    suburb: set[int]
    covered: dict[int, int]
    """Space -> building type 0..6, or 7 for a landmark."""
    tiles: list[int]
    symbols: list[int]

    def connected(self, area: str) -> bool:
        for where, r in self.region.items():
            if r != area:
                continue
            y, x = divmod(where, 11)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                nx, ny = x + dx, y + dy
                if 0 <= nx < 11 and 0 <= ny < 11 and ny * 11 + nx in self.suburb:
                    return True
        return False

    def usable(self, where: int) -> bool:
        if where in self.covered:
            return False
        if where in self.suburb:
            return True
        r = self.region.get(where)
        if r == "S":
            return True
        return r in ("A", "B") and self.connected(r)

    def uncovered(self, sym: str) -> list[int]:
        return sorted(w for w, s in self.symbol.items() if s == sym and w not in self.covered)


def table(seat: dict[str, Any]) -> Table:
    region: dict[int, str] = {}
    symbol: dict[int, str] = {}
    suburb: set[int] = set()
    covered: dict[int, int] = {}
    tiles = [0] * 7
    symbols = [0] * 7
    district = seat["district"]
    if district >= 0:
        entry = DATA["district"][district]
        for y in range(7):
            for x in range(7):
                where = (y + 2) * 11 + x + 2
                region[where] = entry["regions"][y][x]
                if entry["symbols"][y][x] in "r123":
                    symbol[where] = entry["symbols"][y][x]
        for key, o, anchor in entry["buildings"]:
            kind = KIND_KEYS.index(key)
            for where, _ in placed(kind_orientations(kind)[o], space(anchor)):
                covered[where] = KIND_TYPE[kind]
            tiles[KIND_TYPE[kind]] += 1
            symbols[KIND_TYPE[kind]] += KIND_SYMBOLS[kind]
    for cls, ident, o, anchor in seat["pieces"]:
        if cls == 0:
            for where, _ in placed(kind_orientations(ident)[o], anchor):
                covered[where] = KIND_TYPE[ident]
            tiles[KIND_TYPE[ident]] += 1
            symbols[KIND_TYPE[ident]] += KIND_SYMBOLS[ident]
        elif cls == 1:
            for where, _ in placed(landmark_orientations(ident)[o], anchor):
                covered[where] = 7
        else:
            for where, s in placed(suburb_orientations(ident)[o], anchor):
                suburb.add(where)
                if s:
                    symbol[where] = s
    return Table(region, symbol, suburb, covered, tiles, symbols)


# --- the hand-driven opening (2 players, standard) ------------------------------------------
#
# Setup: seat 1 starts; the market is dealt cards 0 5 8 12 16 24 32 40 (costs 2 2 3 3 4 5 6 7);
# seat 1 chooses West Town, seat 0 Pilsen; seat 1 is dealt City Market, Navy Pier and Willis
# Tower and returns Willis Tower; seat 0 is dealt Water Tower, Cloud Gate and Field Museum and
# returns Field Museum.
# Turn 1: seat 1 activates Graduation and takes $3 (not appease 1); every seat appeases its
# graduation symbols (West Town 1, Pilsen 0).
# Turn 2: seat 0 buys slot 1 (card 0, $2: build a statue-1, shopping quality +1) and places
# the statue on d6.
MARKET = (0, 5, 8, 12, 16, 24, 32, 40)
DEALT = {
    1: ("city-market", "navy-pier", "willis-tower"),
    0: ("water-tower", "cloud-gate", "field-museum"),
}
SETUP = [
    "start 1",
    *(f"card {c}" for c in MARKET),
    "district west-town",
    "district pilsen",
    *(f"deal {k}" for k in DEALT[1]),
    *(f"deal {k}" for k in DEALT[0]),
    "return willis-tower",
    "return field-museum",
]
TURN_1 = ["event graduation", "choose money"]
TURN_2 = ["buy 1a", "place o0 d6"]
OPENING = [*TURN_1, *TURN_2]


def opening_history(moves: int = len(OPENING)) -> list[int]:
    """The opening's action ids, written from the spec's encoding table."""
    history = [1288 + 1]
    history += [1293 + c for c in MARKET]
    history += [1010 + DISTRICT_KEYS.index("west-town"), 1010 + DISTRICT_KEYS.index("pilsen")]
    history += [1497 + LANDMARK_KEYS.index(k) for k in (*DEALT[1], *DEALT[0])]
    history += [
        1016 + LANDMARK_KEYS.index("willis-tower"),
        1016 + LANDMARK_KEYS.index("field-museum"),
    ]
    turns = [999 + 1, 1091 + 1, 968 + 0, 121 * 0 + space("d6")]
    return history + turns[:moves]


def _seat(district: str, money: int, kept: list[str]) -> dict[str, Any]:
    return {
        "abilities": [],
        "built": [],
        "dealt": [],
        "district": DISTRICT_KEYS.index(district),
        "hand": [],
        "landmarks": sorted(LANDMARK_KEYS.index(k) for k in kept),
        "law": -1,
        "lost": [],
        "money": money,
        "pieces": [],
        "quality": [0, 0, 0],
        "unhappy": 12,
        "vp": 10,
    }


def opening_json(moves: int = len(OPENING)) -> str:
    """The canonical JSON after the setup and the first ``moves`` of the opening (0 to 4),
    written from the spec's schema, the rulings and the packaged data."""
    seats = [
        _seat("pilsen", 11, ["water-tower", "cloud-gate"]),  # second in turn order: $11
        _seat("west-town", 10, ["city-market", "navy-pier"]),
    ]
    dealt = {LANDMARK_KEYS.index(k) for ks in DEALT.values() for k in ks}
    state: dict[str, Any] = {
        "active": 1,
        "automaton": [],
        "bag": list(range(60)),
        "decks": [
            [c for c in range(48) if c not in MARKET],
            list(range(48, 96)),
            list(range(96, 144)),
        ],
        "difficulty": [1, 1],
        "events": [0] * 7,
        "first": 0,
        "game": GAME,
        "history": opening_history(moves),
        "landmark_pool": [k for k in range(15) if k not in dealt],
        "market": list(MARKET),
        "phase": "turn",
        "picked": -1,
        "players": 2,
        "refilled": 0,
        "round": 1,
        "scenario": -1,
        "scenarios": [],
        "seats": seats,
        "start": 1,
        "supply": list(KIND_COUNTS),
        "to_move": 1,
        "todo": [],
        "tokens": [0] * 15,
        "version": 1,
    }
    if moves >= 1:  # event graduation: the activator's choice first
        state["events"][1] = 1
        state.update(phase="choose", todo=[[4, 1, 1], [5, 1, 1], [5, 0, 1]])
    if moves >= 2:  # choose money: $3; West Town appeases its 1 graduation symbol
        seats[1]["money"] = 13
        seats[1]["unhappy"] = 11
        state.update(phase="turn", todo=[], active=0, to_move=0)
    if moves >= 3:  # buy 1a: $2, shopping quality 1, a statue to place
        seats[0]["money"] = 9
        seats[0]["quality"] = [0, 1, 0]
        state["market"][0] = -1
        state.update(phase="place", todo=[[0, 0, KIND_KEYS.index("statue-1")]])
    if moves >= 4:  # place o0 d6
        statue = KIND_KEYS.index("statue-1")
        seats[0]["pieces"] = [[0, statue, 0, space("d6")]]
        state["supply"][statue] -= 1
        state.update(phase="turn", todo=[], active=1, to_move=1)
    return helpers.canonical(state)


def engine(which: str, **params: Any) -> Game:
    """Rebuilding Chicago in engine ``which``."""
    return ENGINES[which](GAME, **params)


def start(load: Loader, *moves: str, **params: Any) -> State:
    """A 2-player game (unless ``params`` say otherwise) after the hand-driven setup and
    ``moves``."""
    params.setdefault("players", 2)
    state = load(GAME, **params).new_initial_state()
    apply(state, *SETUP, *moves)
    return state


def scarce_shapes(text: str) -> str:
    """The amenity events' tiles (entertainment-i3, shopping-l3, restaurant-i3) 1 of each,
    the 27 others statues: a printed shape soon runs out (ruling 10, phase ``shape``)."""
    for key in ("entertainment-i3", "shopping-l3", "restaurant-i3"):
        text = edit_entry(text, "kind", KIND_KEYS.index(key), "count = 10", "count = 1")
    return edit_entry(text, "kind", KIND_KEYS.index("statue-1"), "count = 16", "count = 43")


@functools.cache
def scarce_path() -> str:
    path = Path(tempfile.mkdtemp(prefix="chicago-")) / "scarce.toml"
    path.write_text(scarce_shapes(PACKAGED_TEXT))
    return str(path)


@functools.cache
def phase_states(load: Loader, seeds: int = 40) -> dict[str, State]:
    """The first state of each phase met by seeded random games of the settings above, and
    of 3 players with scarce shapes (``shape`` is rare otherwise); clones: do not change
    them."""
    scarce: dict[str, Any] = {"players": 3, "data": scarce_path()}
    runs = ((setting, seed) for seed in range(seeds) for setting in [scarce, *SETTINGS])
    return helpers.first_of_each_phase(load, GAME, runs, PHASES)


# --- the opening ----------------------------------------------------------------------------


@pytest.mark.parametrize("moves", range(len(OPENING) + 1))
def test_the_opening_is_saved_as_the_spec_says(load: Loader, moves: int) -> None:
    state = start(load, *OPENING[:moves])
    assert state.to_json() == opening_json(moves)
    assert state.history() == opening_history(moves)


def test_the_opening_notation_is_the_encoding(load: Loader) -> None:
    state = load(GAME, players=2).new_initial_state()
    for text, action in zip([*SETUP, *OPENING], opening_history(), strict=True):
        assert state.string_to_action(text) == action, text
        assert state.action_to_string(action) == text


def test_the_setup_order(load: Loader) -> None:
    """Ruling 2: start, deal, district, landmarks, keep; then seat 1's turn (ruling 1)."""
    state = load(GAME, players=2).new_initial_state()
    assert js(state)["phase"] == "start" and state.current_player() == CHANCE
    assert state.chance_outcomes() == [(1288, 1), (1289, 1)]
    phases = []
    for move in SETUP:
        phases.append(js(state)["phase"])
        apply(state, move)
    assert phases == ["start", *["deal"] * 8, "district", "district"] + ["landmarks"] * 6 + [
        "keep",
        "keep",
    ]
    assert js(state)["phase"] == "turn" and state.current_player() == 1


# --- JSON -----------------------------------------------------------------------------------


def test_the_opening_round_trips_across_engines() -> None:
    """Seat 0's placement, saved by each engine, loads in both and plays on alike."""
    for saver in sorted(ENGINES):
        state = start(ENGINES[saver], *OPENING[:3])
        text = state.to_json()
        for loader in sorted(ENGINES):
            loaded = engine(loader, players=2).state_from_json(text)
            assert loaded.to_json() == text
            apply(loaded, OPENING[3])
            assert loaded.to_json() == opening_json(4)


def test_json_lists_are_in_order_and_of_their_size(load: Loader) -> None:
    """The lists the spec sorts are sorted and those of a fixed size have it (the rest of
    canonical JSON: the contract suite)."""
    for setting in (SETTINGS[0], SETTINGS[3]):
        for state in random_states(load(GAME, **setting), 3, every=31):
            saved = json.loads(state.to_json())
            assert saved["bag"] == sorted(saved["bag"])
            assert all(deck == sorted(deck) for deck in saved["decks"])
            assert saved["landmark_pool"] == sorted(saved["landmark_pool"])
            assert saved["scenarios"] == sorted(saved["scenarios"])
            assert saved["automaton"] == sorted(saved["automaton"])
            assert len(saved["market"]) == 8 and len(saved["tokens"]) == 15
            assert len(saved["events"]) == 7 and len(saved["supply"]) == len(KIND_KEYS)
            for seat in saved["seats"]:
                for key in ("abilities", "built", "dealt", "landmarks", "lost"):
                    assert seat[key] == sorted(seat[key]), key
                assert set(seat["lost"]) <= set(seat["built"])
                assert len(seat["quality"]) == 3


def test_the_parameters_are_in_the_json(load: Loader) -> None:
    saved = js(load(GAME, players=3, difficulty="easy,standard,expert").new_initial_state())
    assert saved["difficulty"] == [0, 1, 2]
    assert saved["players"] == 3
    assert [seat["unhappy"] for seat in saved["seats"]] == [11, 12, 13]
    solo = js(load(GAME, players=1, difficulty="expert").new_initial_state())
    assert solo["difficulty"] == [2] and solo["players"] == 1
    assert solo["automaton"] == list(range(27)) and solo["scenarios"] == list(range(6))
    assert js(load(GAME).new_initial_state())["difficulty"] == [1, 1]


@pytest.mark.parametrize("players", [1, 2, 4])
def test_cleanup_puts_the_market_back_into_its_deck(load: Loader, players: int) -> None:
    """Ruling 25: at cleanup the market's cards go back to their round's deck, which
    ``decks`` lists again; the next round's market is dealt from the next deck."""
    game = load(GAME, players=players)
    checked = 0
    for seed in range(3):
        states = random_states(game, 300 + seed)
        for before, after in itertools.pairwise(states):
            old, new = js(before), js(after)
            if new["round"] != old["round"] + 1:
                continue
            r = old["round"] - 1
            market = {c for c in old["market"] if c >= 0}
            returned = set(new["decks"][r]) - set(old["decks"][r])
            assert set(old["decks"][r]) <= set(new["decks"][r])
            assert returned <= market
            # The last action may have taken one market card (a World Stage free card).
            assert len(returned) >= len(market) - 1, (seed, old["round"])
            assert all(c in new["decks"][r + 1] or c in new["market"] for c in old["decks"][r + 1])
            checked += 1
    assert checked >= 6


@pytest.mark.parametrize("players", [1, 2, 3])
def test_start_and_first_keep_round_3s_values_at_the_end(load: Loader, players: int) -> None:
    """Ruling 8: ``start`` (and solo ``first``) change only when there is a next round."""
    game = load(GAME, players=players)
    for seed in range(4):
        states = random_states(game, 400 + seed)
        last_round = [js(s) for s in states if js(s)["round"] == 3 and js(s)["phase"] == "turn"]
        final = js(states[-1])
        assert final["phase"] == "over"
        assert (final["start"], final["first"]) == (
            last_round[-1]["start"],
            last_round[-1]["first"],
        )


# --- clones ---------------------------------------------------------------------------------


# --- notation -------------------------------------------------------------------------------


@pytest.mark.parametrize("setting", SETTINGS, ids=SETTING_IDS)
def test_every_legal_action_and_outcome_round_trips(load: Loader, setting: dict[str, Any]) -> None:
    game = load(GAME, **setting)
    words = helpers.notation_words(random_states(game, 20 + SETTINGS.index(setting)))
    assert {"card", "district", "deal", "return", "place", "event"} <= words
    assert ("scenario" in words) == (setting["players"] == 1)
    assert ("start" in words) == (setting["players"] > 1)


UNNAMED = range(1097 + len(KIND_KEYS), 1129)
"""``shape`` ids of kinds the data does not have (16 kinds, 32 ids): no key, no notation."""


def test_every_action_id_has_a_notation(load: Loader) -> None:
    helpers.assert_every_id_named(load(GAME, players=2), NUM_ACTIONS, UNNAMED)


# --- replay ---------------------------------------------------------------------------------


@pytest.mark.parametrize("setting", SETTINGS, ids=SETTING_IDS)
def test_params_rebuild_the_same_game(load: Loader, setting: dict[str, Any]) -> None:
    game = load(GAME, **setting)
    assert game.params["players"] == setting["players"]
    assert game.params["difficulty"] == setting.get("difficulty", "standard")
    helpers.assert_rebuilds(load, game)


def test_difficulty_is_given_back_as_one_word_when_all_seats_agree(load: Loader) -> None:
    assert load(GAME, players=3, difficulty="easy,easy,easy").params["difficulty"] == "easy"
    assert load(GAME, players=2, difficulty="easy,expert").params["difficulty"] == "easy,expert"
    assert load(GAME, players=1, difficulty="expert").params["difficulty"] == "expert"


def test_default_parameters(load: Loader) -> None:
    game = load(GAME)
    assert game.num_players == 2
    assert game.params["players"] == 2
    assert game.params["difficulty"] == "standard"
    assert game.name == GAME and game.version == 1
    assert game.num_distinct_actions == NUM_ACTIONS


def test_returns_follow_the_winners(load: Loader) -> None:
    """Ruling 26: the winners share 1; solo, 150 VP or more wins (1) and less loses (0)."""
    for players in (1, 2, 3):
        game = load(GAME, players=players)
        for seed in range(3):
            final = boardcore.play(game, seed=seed)
            winners = final.winners()
            returns = final.returns()
            if players == 1:
                won = final.scores()[0] >= 150
                assert winners == ([0] if won else [])
                assert returns == [1.0 if won else 0.0]
            else:
                assert winners
                assert returns == [
                    1 / len(winners) if s in winners else 0.0 for s in range(players)
                ]


# --- a user's own data file -----------------------------------------------------------------


def test_entries_are_found() -> None:
    assert len(entries(PACKAGED_TEXT, "card")) == 144
    assert len(entries(PACKAGED_TEXT, "kind")) == len(KIND_KEYS)
    assert len(entries(PACKAGED_TEXT, "district")) == 6
    assert len(entries(PACKAGED_TEXT, "district.law")) == 18
    assert len(entries(PACKAGED_TEXT, "landmark")) == 15
    assert len(entries(PACKAGED_TEXT, "automaton")) == 7
    assert tomllib.loads(drop_entry(PACKAGED_TEXT, "card", 3))["card"][3] == DATA["card"][4]


def richer_vp(text: str) -> str:
    """Every player starts with 5 VP more."""
    old = "start_vp = 10"
    assert old in text
    return text.replace(old, "start_vp = 15", 1)


def test_start_vp_from_a_users_file(load: Loader, tmp_path: Path) -> None:
    """5 more VP at the start: nothing reads VP but the scores, the World Stage's losses
    and the laws that cost VP, so the same seed gives at least the packaged game's start."""
    path = tmp_path / "my_chicago.toml"
    path.write_text(richer_vp(PACKAGED_TEXT))
    mine = load(GAME, players=2, data=str(path))
    packaged = load(GAME, players=2)
    assert mine.params["data"] == str(path)
    a, b = mine.new_initial_state(), packaged.new_initial_state()
    assert [s["vp"] for s in js(a)["seats"]] == [15, 15]
    assert [s["vp"] for s in js(b)["seats"]] == [10, 10]
    assert a.scores() == [15, 15] and b.scores() == [10, 10]


def test_a_users_data_file_round_trips_across_engines(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(richer_vp(PACKAGED_TEXT))
    for players in (1, 3):
        rust = engine("rust", players=players, data=str(path))
        ref = engine("reference", players=players, data=str(path))
        a = boardcore.play(rust, seed=players)
        b = boardcore.play(ref, seed=players)
        assert a.to_json() == b.to_json(), players
        assert a.scores() == b.scores() and a.winners() == b.winners()
        assert ref.state_from_json(a.to_json()).to_json() == a.to_json()
        assert rust.state_from_json(b.to_json()).to_json() == b.to_json()
