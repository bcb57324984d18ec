"""Round trips: JSON within and across engines, clones, notation, replay, a user's data file.

Also home of the small helpers the other Chandigarh test files of this set share: the
hand-driven opening (``SETUP``, ``DRAFT`` and the first steps), its canonical JSON written
from the spec, seeded random games with every parameter setting, and the first state of
every phase.

Expected values come from docs/games/chandigarh.md (geometry, setup, encoding, canonical
JSON) and the packaged data file, worked by hand.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

import pytest
import tomllib

import boardcore
import boardcore.reference
from boardcore.api import Game, State
from boardcore.schema import schema
from tests import helpers
from tests.conftest import ENGINES, Loader, apply
from tests.helpers import data_path, entries, js, random_states

GAME = "chandigarh"
PACKAGED_PATH = data_path("chandigarh")
PACKAGED_TEXT = PACKAGED_PATH.read_text()
NUM_ACTIONS = 3788
"""A random game longer than this is taken for one that never ends (the longest seen are a
few hundred actions)."""

PHASES = schema(GAME)["properties"]["phase"]["enum"]
"""Every phase a saved state may be in, as the shipped schema declares them."""

DEFAULT_SPECIALISTS = "commercial-manager,logistics-manager,local-brahmin,park-designer"
# The 24 specialists in six sets of one per colour: every one of them is in play in some
# setting below.
SPECIALIST_SETS = (
    DEFAULT_SPECIALISTS,
    "project-manager,head-of-amenities,head-architect,park-manager",
    "master-craftsman,driver,mayor,sector-manager",
    "governor,building-manager,surveyor,park-engineer",
    "building-assistant,traffic-director,architects-assistant,chief-gardener",
    "building-director,amenities-director,draughtsman,head-of-supervision",
)
SPECIALIST_IDS = {
    slug: index
    for index, slug in enumerate(
        entry["slug"] for entry in tomllib.loads(PACKAGED_TEXT)["specialist"]
    )
}
# Parameter settings: every player count, every specialist, no specialists, the variant.
SETTINGS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 2, "specialists": "none"},
    {"players": 3, "specialists": SPECIALIST_SETS[1]},
    {"players": 4, "specialists": SPECIALIST_SETS[2]},
    {"players": 2, "specialists": SPECIALIST_SETS[3]},
    {"players": 3, "specialists": SPECIALIST_SETS[4]},
    {"players": 4, "specialists": SPECIALIST_SETS[5]},
    {"players": 3, "variant": "nw=-1,1;se=4,2"},
    {"players": 4, "variant": "ne=2,-1;sw=-1,2", "specialists": SPECIALIST_SETS[1]},
]
SETTING_IDS = ["-".join(f"{k}={v}"[:24] for k, v in setting.items()) for setting in SETTINGS]

# --- the hand-driven opening (3 players, the first-game specialists) -------------------------
#
# Setup: the street tiles 4 0 9 1 7 2 5 go to x1 x2 x3 y1 y2 y3 and the corner; the pawns go
# yellow (Commercial Manager) to sector 3, blue (Logistics Manager) to 0, red (Local Brahmin)
# to 15, green (Park Designer) to 12; cards 10 0 20 33 5 14 27 are revealed; seat 1 starts.
# Draft: seat 1 picks card 0 and takes yellow and blue, seat 2 card 33 and red and green,
# seat 0 card 10 and yellow and green. The row is then 20 5 14 27, in reveal order.
# Turn 1: seat 1 (card 0: one step) steps north to junction 2,1 and builds a yellow on
# sector 2's west plot (2w0).
TILES = (4, 0, 9, 1, 7, 2, 5)
PAWNS = (3, 0, 15, 12)
REVEALED = (10, 0, 20, 33, 5, 14, 27)
SETUP = [
    *(f"tile {t}" for t in TILES),
    *(f"pawn {s}" for s in PAWNS),
    *(f"reveal {k}" for k in REVEALED),
    "first 1",
]
DRAFT = ["pick 0", "take y", "take b", "pick 33", "take r", "take g", "pick 10", "take y", "take g"]
TURN_1 = ["step n", "build y 2w0"]
# The pre-printed buildings of the brown side: 5e0 yellow, 6e0 blue, 9n0 red, 10n0 green.
PRINTED_BROWN = {63: 0, 75: 1, 108: 2, 120: 3}
# The blue side (4 players): 5n0 yellow, 6n0 blue, 9n0 red, 10n0 green.
PRINTED_BLUE = {60: 0, 72: 1, 108: 2, 120: 3}


def slot(text: str) -> int:
    """A slot id from its notation: ``5n0`` -> (4*5 + 0) * 3 + 0."""
    match = re.fullmatch(r"(\d+)([nesw])([01c])", text)
    assert match, text
    tile, side, k = match.groups()
    return (4 * int(tile) + "nesw".index(side)) * 3 + (2 if k == "c" else int(k))


def junction(x: int, y: int) -> int:
    return (y + 1) * 7 + (x + 1)


def opening_history(moves: int = 2) -> list[int]:
    """The opening's action ids, written from the spec's encoding table."""
    history = [3738 + t for t in TILES]  # tile t
    history += [3527 + s for s in PAWNS]  # pawn s
    history += [3748 + k for k in REVEALED]  # reveal k
    history.append(3784 + 1)  # first 1
    take = 3543
    history += [3551 + 0, take + 0, take + 1]  # pick 0, take y, take b
    history += [3551 + 33, take + 2, take + 3]  # pick 33, take r, take g
    history += [3551 + 10, take + 0, take + 3]  # pick 10, take y, take g
    turn = [0, 76 + (0 * 4 + 0) * 128 + (4 * 2 + 3) * 2 + 0]  # step n, build y 2w0
    return history + turn[:moves]


def opening_json(moves: int = 2) -> str:
    """The canonical JSON after the opening and the first ``moves`` of turn 1 (0, 1 or 2),
    written from the spec's schema, the rulings and the packaged data."""
    city = [-1] * 192
    for where, colour in PRINTED_BROWN.items():
        city[where] = colour
    reserves = [[1, 0, 0, 1], [1, 1, 0, 0], [0, 0, 1, 1]]
    architects = [[2, 2], [2, 2], [2, 2]]
    state: dict[str, Any] = {
        "architects": architects,
        "city": city,
        "deck": {"bottom": [], "pool": [k for k in range(36) if k not in REVEALED]},
        "ending": 0,
        "flow": "",
        "gained": [],
        "game": "chandigarh",
        # 18 per colour, 2 removed with 3 players, 1 pre-printed: 15; then the draft's takes.
        "general": [13, 14, 14, 13],
        "here": 2,
        "history": opening_history(moves),
        "last": -1,
        "pawns": list(PAWNS),
        "pending": {
            "arrange": [],
            "bonus": 0,
            "relocate": -1,
            "score": -1,
            "sector": -1,
            "takes": 0,
            "todo": 0,
        },
        "phase": "main",
        "players": 3,
        "pp": [0, 0, 0],
        "projects": [[10], [0], [33]],
        "reserves": reserves,
        "row": [20, 5, 14, 27],
        "specialists": [SPECIALIST_IDS[slug] for slug in DEFAULT_SPECIALISTS.split(",")],
        "start": 1,
        "steps": 1,  # card 0 shows one step
        "streets": list(TILES),
        "supervisors": [-1] * 16,
        "to_move": 1,
        "tokens": [[], [], []],
        "turn": 1,
        "used": [],
        "variant": [],
        "version": 3,
    }
    if moves >= 1:  # step n: from 2,2 to 2,1
        architects[1] = [2, 1]
        state.update(phase="move", steps=0, last=0, here=0)
    if moves >= 2:  # build y 2w0
        city[slot("2w0")] = 0
        reserves[1][0] = 0
        state["here"] = 1
    return helpers.canonical(state)


def engine(which: str, **params: Any) -> Game:
    """Chandigarh in engine ``which``."""
    return ENGINES[which](GAME, **params)


def start(load: Loader, *moves: str, **params: Any) -> State:
    """A 3-player game (unless ``params`` say otherwise) after the hand-driven setup and
    ``moves``."""
    params.setdefault("players", 3)
    state = load(GAME, **params).new_initial_state()
    apply(state, *SETUP, *moves)
    return state


@functools.cache
def phase_states(load: Loader, seeds: int = 30) -> dict[str, State]:
    """The first state of each phase met by seeded random games with the settings above
    (clones: do not change them)."""
    runs = ((setting, seed) for setting in SETTINGS for seed in range(seeds))
    return helpers.first_of_each_phase(load, GAME, runs, PHASES)


# --- the opening ----------------------------------------------------------------------------


@pytest.mark.parametrize("moves", [0, 1, 2])
def test_the_opening_is_saved_as_the_spec_says(load: Loader, moves: int) -> None:
    state = start(load, *DRAFT, *TURN_1[:moves])
    assert state.to_json() == opening_json(moves)
    assert state.history() == opening_history(moves)


def test_the_opening_notation_is_the_encoding(load: Loader) -> None:
    state = load(GAME, players=3).new_initial_state()
    for text, action in zip([*SETUP, *DRAFT, *TURN_1], opening_history(), strict=True):
        assert state.string_to_action(text) == action, text
        assert state.action_to_string(action) == text


# --- JSON -----------------------------------------------------------------------------------


def test_the_opening_round_trips_across_engines() -> None:
    """The move phase of turn 1, saved by each engine, loads in both and plays on alike."""
    for saver in sorted(ENGINES):
        engine(saver, players=3)
        state = start(ENGINES[saver], *DRAFT, *TURN_1)
        text = state.to_json()
        for loader in sorted(ENGINES):
            loaded = engine(loader, players=3).state_from_json(text)
            assert loaded.to_json() == text
            apply(loaded, "stop")
            finished = apply(state.clone(), "stop")
            assert loaded.to_json() == finished.to_json()
            assert js(loaded)["turn"] == 2 and js(loaded)["to_move"] == 2


def test_json_lists_are_in_order(load: Loader) -> None:
    """The lists the spec sorts are sorted (the rest of canonical JSON: the contract suite)."""
    for setting in (SETTINGS[0], SETTINGS[9]):
        for state in random_states(load(GAME, **setting), 3, every=13):
            saved = json.loads(state.to_json())
            assert saved["deck"]["pool"] == sorted(saved["deck"]["pool"])
            assert saved["gained"] == sorted(saved["gained"])
            assert saved["used"] == sorted(saved["used"])
            assert saved["pending"]["arrange"] == sorted(saved["pending"]["arrange"])
            assert all(tokens == sorted(tokens) for tokens in saved["tokens"])


def test_the_parameters_are_in_the_json(load: Loader) -> None:
    """``specialists`` in colour order whatever order they are given in, and ``variant`` as
    the moves of corner tiles to cells."""
    specialists = "park-designer,local-brahmin,commercial-manager,logistics-manager"
    game = load(GAME, players=2, specialists=specialists, variant="nw=-1,1;se=4,2")
    state = game.new_initial_state()
    saved = js(state)
    assert saved["specialists"] == [SPECIALIST_IDS[s] for s in DEFAULT_SPECIALISTS.split(",")]
    assert saved["variant"] == [[0, -1, 1], [15, 4, 2]]
    none = js(load(GAME, players=2, specialists="none").new_initial_state())
    assert none["specialists"] == [] and none["pawns"] == [-1, -1, -1, -1]
    assert js(load(GAME, players=4).new_initial_state())["variant"] == []


# --- clones ---------------------------------------------------------------------------------


# --- notation -------------------------------------------------------------------------------


@pytest.mark.parametrize("setting", SETTINGS[:9], ids=SETTING_IDS[:9])
def test_every_legal_action_and_outcome_round_trips(load: Loader, setting: dict[str, Any]) -> None:
    game = load(GAME, **setting)
    words = helpers.notation_words([s for seed in (20, 21) for s in random_states(game, seed)])
    assert {"tile", "reveal", "first", "pick", "take", "step", "add", "build", "stop"} <= words


def test_every_action_id_has_a_notation(load: Loader) -> None:
    helpers.assert_every_id_named(load(GAME, players=2), NUM_ACTIONS)


# --- replay ---------------------------------------------------------------------------------


def test_default_parameters(load: Loader) -> None:
    game = load(GAME)
    assert game.num_players == 4
    assert game.params["players"] == 4
    saved = js(game.new_initial_state())
    assert saved["specialists"] == [SPECIALIST_IDS[s] for s in DEFAULT_SPECIALISTS.split(",")]
    assert saved["variant"] == []
    assert game.name == GAME and game.version == 3


# --- a user's own data file -----------------------------------------------------------------


def raise_street_values(text: str) -> str:
    """Every street tile worth 1 more to a single leader (ties unchanged)."""
    return re.sub(r"(?m)^value = (\d+)$", lambda m: f"value = {int(m.group(1)) + 1}", text)


def raise_specialist_stars(text: str) -> str:
    """Every specialist worth 1 more star."""
    for index in range(len(entries(text, "specialist"))):
        begin, end = entries(text, "specialist")[index]
        block = re.sub(
            r"(?m)^stars = (\d+)$", lambda m: f"stars = {int(m.group(1)) + 1}", text[begin:end]
        )
        text = text[:begin] + block + text[end:]
    return text


def street_leads(saved: dict[str, Any]) -> list[int]:
    """Per seat, the street tiles it wins alone (ruling 19) in a final position without the
    variant: streets x = k border the cells of columns k - 1 and k, y = k rows k - 1 and k;
    the corner tile counts the 12 sectors on the edge of the 4 x 4 grid."""
    players: int = saved["players"]
    groups = [[t for t in range(16) if t % 4 in (k - 1, k)] for k in (1, 2, 3)]
    groups += [[t for t in range(16) if t // 4 in (k - 1, k)] for k in (1, 2, 3)]
    groups.append([t for t in range(16) if t % 4 in (0, 3) or t // 4 in (0, 3)])
    leads = [0] * players
    for group in groups:
        counts = [sum(1 for t in group if saved["supervisors"][t] == s) for s in range(players)]
        best = max(counts)
        if best >= 1 and counts.count(best) == 1:
            leads[counts.index(best)] += 1
    return leads


def test_street_values_from_a_users_file(load: Loader, tmp_path: Path) -> None:
    """Street tiles worth 1 more: the same seed plays the same game (nothing but PP changes,
    and no Governor is in play), and each seat gains 1 per street it leads alone."""
    path = tmp_path / "my_streets.toml"
    path.write_text(raise_street_values(PACKAGED_TEXT))
    checked = 0
    for players in (2, 3, 4):
        for a, b in helpers.played_with_and_without(load, GAME, path, range(6), players=players):
            leads = street_leads(js(a))
            assert [y - x for x, y in zip(a.scores(), b.scores(), strict=True)] == leads
            checked += sum(leads)
    assert checked > 0


def test_specialist_stars_from_a_users_file(load: Loader, tmp_path: Path) -> None:
    """Specialists worth 1 more star: each seat gains 1 per token it holds at the end."""
    path = tmp_path / "my_specialists.toml"
    path.write_text(raise_specialist_stars(PACKAGED_TEXT))
    for specialists in SPECIALIST_SETS[:3]:
        played = helpers.played_with_and_without(
            load, GAME, path, range(3), players=3, specialists=specialists
        )
        for a, b in played:
            tokens = [len(held) for held in js(a)["tokens"]]
            assert [y - x for x, y in zip(a.scores(), b.scores(), strict=True)] == tokens


def test_a_users_data_file_round_trips_across_engines(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(raise_specialist_stars(raise_street_values(PACKAGED_TEXT)))
    for players in (2, 4):
        rust = engine("rust", players=players, data=str(path))
        ref = engine("reference", players=players, data=str(path))
        for seed in range(2):
            a = boardcore.play(rust, seed=seed)
            b = boardcore.play(ref, seed=seed)
            assert a.to_json() == b.to_json(), (players, seed)
            assert a.scores() == b.scores() and a.winners() == b.winners()
            assert ref.state_from_json(a.to_json()).to_json() == a.to_json()
            assert rust.state_from_json(b.to_json()).to_json() == b.to_json()
            for state in random_states(ref, seed, every=25):
                text = state.to_json()
                assert rust.state_from_json(text).to_json() == text
