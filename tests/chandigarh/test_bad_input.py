"""Bad input: a specific boardcore exception a user can act on, and nothing changed.

Expected errors come from docs/games/chandigarh.md (notation, encoding, phases, rulings,
canonical JSON, parameters, component data) and the contract that bad input gets a clear
error and changes nothing. Every test runs on both engines through the ``load`` fixture; the
last test puts both engines side by side and compares the exception classes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from boardcore import StateFormatError
from tests import helpers
from tests.chandigarh.test_roundtrip import (
    DRAFT,
    GAME,
    NUM_ACTIONS,
    PHASES,
    SETUP,
    TURN_1,
    opening_json,
    phase_states,
    start,
)
from tests.conftest import Loader, apply
from tests.helpers import (
    assert_legal,
    assert_rejected,
    del_at,
    history_edit,
    js,
    legal_now,
    set_at,
    tampered,
)
from tests.helpers import drop as _drop
from tests.helpers import edit as _edit
from tests.helpers import in_entry as _in
from tests.helpers import twice_entry as _twice
from tests.helpers import without_entry as _without

# --- illegal actions along the hand-driven opening ------------------------------------------

SEAT_MOVES = (
    "step n",
    "add 20 left",
    "build y 2w0",
    "stop",
    "end",
    "pass",
    "skip",
    "take y",
    "discard y",
    "pick 20",
    "score 0",
    "street x1",
    "exchange y r",
    "logistics",
    "design 1,1",
)


def test_illegal_during_the_setup(load: Loader) -> None:
    state = load(GAME, players=3).new_initial_state()
    for move in (*SEAT_MOVES, "pawn 0", "reveal 0", "first 0"):
        assert_rejected(state, move)  # the 7 street tiles come first
    apply(state, "tile 4")
    assert_rejected(state, "tile 4")  # placed already
    apply(state, *SETUP[1:7])
    assert js(state)["streets"] == [4, 0, 9, 1, 7, 2, 5]
    for move in ("tile 3", "tile 8", "reveal 3", "pawn 5", "pawn 1", "first 0"):
        assert_rejected(state, move)  # 3 tiles are left out; pawns go to corner sectors
    assert_legal(state, "pawn 0", "pawn 3", "pawn 12", "pawn 15")
    apply(state, "pawn 3")
    assert_rejected(state, "pawn 3")  # the yellow pawn is there
    apply(state, *SETUP[8:11], "reveal 10")
    for move in ("reveal 10", "tile 3", "pawn 0", "first 0", *SEAT_MOVES):
        assert_rejected(state, move)
    apply(state, *SETUP[12:18])
    assert_rejected(state, "reveal 1")  # 3 players: 7 cards revealed
    assert_rejected(state, "first 3")  # no seat 3
    assert_legal(state, "first 0", "first 1", "first 2")


def test_illegal_during_the_draft(load: Loader) -> None:
    state = start(load)
    assert js(state)["phase"] == "draft" and state.current_player() == 1
    for move in (
        "pick 1",  # in the deck, not revealed
        "take y",  # the card comes first
        "step n",
        "add 20 left",
        "tile 3",
        "reveal 1",
        "first 2",
        "pass",
    ):
        assert_rejected(state, move)
    apply(state, "pick 0")
    assert js(state)["phase"] == "draft-take"
    for move in ("pick 20", "pick 0", "discard y", "step n", "end"):
        assert_rejected(state, move)
    apply(state, "take y")
    assert_rejected(state, "take y")  # two different colours
    apply(state, "take b")
    assert state.current_player() == 2
    assert_rejected(state, "pick 0")  # seat 1's card


def test_illegal_reasons_name_the_node_and_the_phase(load: Loader) -> None:
    # The same words from both engines: the status line of the text rendering, the phase.
    state = load(GAME, players=3).new_initial_state()
    for move in ("step n", "design 1,1", "take y"):
        helpers.assert_reason(state, move, "this is a chance node (setup), no seat is to move")
    state = start(load)
    assert js(state)["turn"] == 0 and js(state)["phase"] == "draft"
    now = "turn 0: seat 1 to draft (phase draft)"
    for move, word in (("step n", "step"), ("take y", "take"), ("pass", "pass")):
        helpers.assert_reason(state, move, f"{now}; '{word}' is not an action of this phase")
    for move, word in (("tile 3", "tile"), ("reveal 1", "reveal"), ("pawn 0", "pawn")):
        helpers.assert_reason(state, move, f"{now}; '{word}' is a chance outcome here")
    # A centre build is a build word of its own kind: the Sector Manager's, in the move.
    helpers.assert_reason(state, "build y 2wc", f"{now}; 'build' is not an action of this phase")


def test_illegal_at_the_start_of_turn_1(load: Loader) -> None:
    state = start(load, *DRAFT)
    assert js(state)["phase"] == "main"
    assert_legal(state, "step n", "step e", "step s", "step w", "add 20 left", "add 27 right")
    for move in (
        "add 10 left",  # seat 0's project card
        "add 1 right",  # in the deck
        "build y 2w0",  # no build before the first step (ruling 10)
        "build y 5e0 replace",
        "stop",  # only during a move
        "pass",  # a step and an add are legal (ruling 6)
        "end",
        "exchange y r",  # the Commercial Manager is not held
        "logistics",
        "design 1,1",
        "drive 0,0",
        "governor y",
        "redistribute 5",
        "take y",
        "pick 20",
        "discard y",
        "score 0",
        "mayor 0",
        "project 0",
        "pawn 5",
        "reveal 1",
    ):
        assert_rejected(state, move)


def test_illegal_during_the_move(load: Loader) -> None:
    state = start(load, *DRAFT, "step n")
    assert js(state)["phase"] == "move"
    assert js(state)["steps"] == 0
    # Junction 2,1 borders 1e (no plot), 2w0, 5e0 (pre-printed yellow), 6w0, 1s0, 1s1, 5n
    # (no plot), 2s0, 6n (no plot). Seat 1 holds a yellow and a blue.
    assert_legal(state, "build y 2w0", "build b 6w0", "build y 1s1", "build b 2s0", "stop")
    for move in (
        "step n",  # no step left
        "step s",  # and backwards besides
        "build y 5e0",  # occupied
        "build r 2w0",  # no red in the reserve
        "build g 1s0",
        "build y 0n0",  # not next to 2,1
        "build y 6e0",
        "build y 1ec",  # the centre of a side: the Sector Manager only
        "build y 2w0 replace",  # no specialist token
        "build y 2w0 manager",
        "build y 2w0 surveyor",
        "build y 2w0 engineer",
        "build y 2w0 draughtsman",
        "add 20 left",  # the turn is a Move and Build
        "exchange y b",
        "logistics",
        "end",
        "pass",
        "skip",
        "take y",
        "discard y",
    ):
        assert_rejected(state, move)
    apply(state, "build y 2w0")
    assert state.to_json() == opening_json(2)
    for move in ("build b 6w0", "build b 2s0", "step e", "build y 1s0"):
        assert_rejected(state, move)  # one build per step, and the yellow is gone
    assert legal_now(state) == [state.string_to_action("stop")]


def test_illegal_reasons_name_the_rule(load: Loader) -> None:
    # The same words from both engines, the kind of action's own reason (the rulings cited).
    state = start(load, *DRAFT)
    for move, reason in (
        ("add 10 left", "card 10 is not in the row [20, 5, 14, 27]"),  # seat 0's project card
        ("build y 2w0", "no step build is open: a build needs a step to the junction (ruling 10)"),
        ("pass", "a step or an add is possible (ruling 6)"),
        ("exchange y r", "seat 1 has no token of the commercial-manager"),
    ):
        helpers.assert_reason(state, move, reason)
    state = start(load, *DRAFT, "step n")
    for move, reason in (
        ("step n", "no steps left this turn"),
        ("build y 5e0", "5e0 is occupied"),  # the pre-printed yellow
        ("build r 2w0", "seat 1 has no r building in its reserve"),
        ("build y 0n0", "0n0 is not a slot this build can reach"),  # not next to 2,1
        ("build y 2w0 replace", "the building-assistant is not in play"),
        ("build y 1ec", "the sector-manager is not in play"),  # the centre build's specialist
        (
            "exchange y b",
            "turn 1: seat 1 to move (0 steps left) (phase move); 'exchange' is not an action "
            "of this phase",
        ),
    ):
        helpers.assert_reason(state, move, reason)


def test_illegal_for_the_next_seat(load: Loader) -> None:
    state = start(load, *DRAFT, *TURN_1, "stop")
    assert state.current_player() == 2
    assert js(state)["phase"] == "main"
    for move in ("stop", "build r 1s0", "add 10 left", "add 0 right", "pick 20", "end"):
        assert_rejected(state, move)


# --- every illegal id, in the first state of every phase ------------------------------------


@pytest.mark.parametrize("phase", PHASES)
def test_every_illegal_id_is_rejected(load: Loader, phase: str) -> None:
    helpers.assert_refuses_every_illegal_id(phase_states(load), phase, PHASES, NUM_ACTIONS)


# --- saved states ---------------------------------------------------------------------------

OPENING = opening_json(2)


def _city(where: int, colour: int) -> Callable[[str], str]:
    def edit(obj: dict[str, Any]) -> None:
        obj["city"][where] = colour

    return _edit(edit)


STOP, END, PASS = 3734, 3735, 3736
CITY = json.loads(OPENING)["city"]
POOL = json.loads(OPENING)["deck"]["pool"]

SAVED = (3, OPENING)
"""3 players, turn 1 after seat 1's step and build (the opening above): the saved state
TAMPERED changes."""

TAMPERED: list[tuple[Callable[[str], str], str]] = [
    # the parameters
    *tampered("specialists", [], [0, 10, 12, 22], [1, 10, 12], [1, 10, 12, 24], "default"),
    *tampered("variant", [[0, -1, 1], [15, 4, 2]], [[0, -1]], {}),
    # keys
    (lambda t: _drop(t, "deck"), "deck"),
    (lambda t: _drop(t, "here"), "here"),
    (lambda t: _drop(t, "pending"), "pending"),
    (del_at("pending", "todo"), "pending"),
    (set_at("pending", "extra")(0), "pending"),
    (del_at("deck", "bottom"), "deck"),
    (set_at("deck", "top")([]), "deck"),
    # the history
    (history_edit(lambda h: [*h, END]), "history"),  # `end` during a move
    (history_edit(lambda h: [*h, 1]), "history"),  # a step with no step left
    (history_edit(lambda h: [h[0], *h]), "history"),  # tile 4 twice
    (history_edit(lambda h: [*h[:7], 3527 + 5, *h[8:]]), "history"),  # a pawn to sector 5
    # fields that disagree with the replay of the history
    (history_edit(lambda h: h[:-1]), "city"),  # before the build: 2w0 empty
    # The turn is over: the first field that disagrees, in key order, is here (2, not 1).
    (history_edit(lambda h: [*h, STOP]), "here"),
    (_city(30, 2), "city"),
    (_city(33, 1), "city"),
    (_city(33, -1), "city"),
    (_city(33, 4), "city"),
    *tampered("city", CITY[:-1], [*CITY, -1]),
    *tampered("architects", [[2, 2], [2, 2], [2, 2]], [[2, 2], [2, 1]], [[2, 2], [2, 1], [2, 9]]),
    *tampered("general", [13, 14, 14, 12], [13, 14, 14, 19], [13, 14, 14]),
    *tampered(
        "reserves",
        [[1, 0, 0, 1], [1, 1, 0, 0], [0, 0, 1, 1]],
        [[1, 0, 0, 1], [0, 1, 0, 0], [0, 0, 1, -1]],
    ),
    *tampered("pp", [0, 1, 0], [0, 0, -1], [0, 0]),
    *tampered("projects", [[10], [0], [32]], [[10], [0], [36]]),
    *tampered("row", [5, 20, 14, 27], [20, 5, 14]),
    (set_at("deck", "pool")(POOL[1:]), "deck"),
    (set_at("deck", "pool")(list(reversed(POOL))), "deck"),
    (set_at("deck", "bottom")([1]), "deck"),
    *tampered("pawns", [3, 0, 15, 11], [3, 0, 15, 16]),
    *tampered("supervisors", [1] + [-1] * 15, [-1] * 15),
    *tampered("tokens", [[0], [], []], [[4], [], []]),
    *tampered("streets", [4, 0, 9, 1, 7, 2, 6], [4, 0, 9, 1, 7, 2, 10], [4, 0, 9, 1, 7, 2]),
    *tampered("phase", "main", "lunch", 4),
    *tampered("to_move", 2, -1),
    (lambda t: t.replace('"to_move":1', '"to_move":1.0'), "to_move"),
    *tampered("start", 0, 3),
    *tampered("turn", 2, -1),
    *tampered("steps", 1, -1),
    *tampered("here", 0, 3),
    *tampered("last", 1, 4),
    *tampered("ending", 1, True),
    *tampered("flow", "gain", "lunch"),
    *tampered("gained", [0], [5]),
    *tampered("used", [0], "y"),
    (set_at("pending", "todo")(1), "pending"),
    (set_at("pending", "score")(0), "pending"),
    (set_at("pending", "relocate")(2), "pending"),
    (set_at("pending", "bonus")(3), "pending"),
    (set_at("pending", "arrange")([0]), "pending"),
    (set_at("pending", "sector")(5), "pending"),
    (set_at("pending", "takes")(2), "pending"),
    (set_at("pending", "takes")("2"), "pending"),
]


# Another game's JSON: every game against every other, tests/contract/test_contract.py.
def test_json_of_another_parameter_set_is_rejected(load: Loader) -> None:
    game = load(GAME, players=3)
    with pytest.raises(StateFormatError, match="players"):
        load(GAME, players=2).state_from_json(OPENING)
    with pytest.raises(StateFormatError, match="specialists"):
        load(GAME, players=3, specialists="none").state_from_json(OPENING)
    with pytest.raises(StateFormatError, match="variant"):
        load(GAME, players=3, variant="nw=-1,1;se=4,2").state_from_json(OPENING)
    no_pawns = (move for move in SETUP if not move.startswith("pawn"))
    plain = apply(load(GAME, players=3, specialists="none").new_initial_state(), *no_pawns, *DRAFT)
    plain = plain.to_json()
    with pytest.raises(StateFormatError, match="specialists"):
        game.state_from_json(plain)
    assert load(GAME, players=3, specialists="none").state_from_json(plain).to_json() == plain


# --- notation -------------------------------------------------------------------------------

# The messages' rule (docs/games/chandigarh.md, "Action notation"): a first word that is no
# verb gets the main forms; a verb with too few or too many words gets how that verb is
# written; otherwise the first word, left to right, that is not of its kind is named, with
# the words of that kind.
FORMS = (
    "'step n', 'add 17 left', 'build r 12e1', 'build r 12e1 replace', 'build r 12ec', "
    "'drive 0,3', 'governor y', 'take g', 'pick 12', 'street x2', 'stop' or another form of "
    "docs/games/chandigarh.md (single spaces, lower case)"
)
BUILD_FORMS = (
    "'build r 12e1', 'build r 12e1 <mode>' with a mode replace, manager, surveyor, engineer "
    "or draughtsman, or 'build r 12ec'"
)
COLOUR = "a colour; colours are y, b, r, g"
CARD = "a card; cards are 0 to 35"
SLOT = (
    "a slot; a slot is a sector 0 to 15, a side n, e, s or w and a plot 0, 1 or c (the "
    "centre), e.g. 12e1, 3wc"
)
JUNCTION = "a junction; a junction is x,y with x and y from -1 to 5, e.g. 0,3"


def _no_verb(quoted: str) -> str:
    return f"{quoted} is not a Chandigarh action: an action is {FORMS}"


def _written(quoted: str, verb: str, form: str) -> str:
    return f"{quoted} is not a Chandigarh action: {verb} is written {form} (single spaces)"


# (notation that is no action, the message that names what is wrong): the contract suite
# reads each in both engines. The text is quoted as Rust's {:?} quotes a str.
UNREADABLE_NOTATION: list[tuple[str, str]] = [
    # no verb
    ("", _no_verb('""')),
    (" ", _no_verb('" "')),
    ("foo", _no_verb('"foo"')),
    ("frobnicate y", _no_verb('"frobnicate y"')),
    ("0,1,2", _no_verb('"0,1,2"')),
    ("12345678901234567890", _no_verb('"12345678901234567890"')),
    ("\x00", _no_verb('"\\0"')),
    ("é", _no_verb('"é"')),
    ("step\tn", _no_verb('"step\\tn"')),  # words are split at single spaces only
    ('"step n"', _no_verb('"\\"step n\\""')),
    ("Step n", _no_verb('"Step n"')),  # lower case
    ("draw", _no_verb('"draw"')),  # City Connect
    ("place o3 e5", _no_verb('"place o3 e5"')),  # Rebuilding Chicago
    ("look", _no_verb('"look"')),  # Prestel New York
    # a verb with too few or too many words
    ("step", _written('"step"', "step", "'step n', 'step e', 'step s' or 'step w'")),
    ("step  n", _written('"step  n"', "step", "'step n', 'step e', 'step s' or 'step w'")),
    ("step n s", _written('"step n s"', "step", "'step n', 'step e', 'step s' or 'step w'")),
    ("add 17", _written('"add 17"', "add", "'add 17 left' or 'add 17 right'")),
    ("build y", _written('"build y"', "build", BUILD_FORMS)),
    (
        "build y 5n0 replace manager",
        _written('"build y 5n0 replace manager"', "build", BUILD_FORMS),
    ),
    ("arrange", _written('"arrange"', "arrange", "'arrange y' or 'arrange -'")),
    ("exchange y", _written('"exchange y"', "exchange", "'exchange y r'")),
    ("stop now", _written('"stop now"', "stop", "'stop' alone")),
    # a word that is not of its kind
    ("step x", '"step x": "x" is not a direction; directions are n, e, s, w'),
    ("add 36 left", f'"add 36 left": "36" is not {CARD}'),  # cards 0..35
    ("add 07 left", f'"add 07 left": "07" is not {CARD}'),  # no leading zero
    (
        "pick 99999999999999999999",
        f'"pick 99999999999999999999": "99999999999999999999" is not {CARD}',
    ),
    ("add 17 middle", '"add 17 middle": "middle" is not an end of the row; ends are left, right'),
    ("take bakery", f'"take bakery": "bakery" is not {COLOUR}'),  # City Connect's card
    ("build x 5n0", f'"build x 5n0": "x" is not {COLOUR}'),
    ("exchange y q", f'"exchange y q": "q" is not {COLOUR}'),  # the second colour
    ("build y 16n0", f'"build y 16n0": "16n0" is not {SLOT}'),  # sectors 0..15
    ("build y 5n2", f'"build y 5n2": "5n2" is not {SLOT}'),  # the centre is written c
    (
        "build y 5n0 plain",
        '"build y 5n0 plain": "plain" is not a build mode; modes are replace, manager, '
        "surveyor, engineer, draughtsman",
    ),
    (
        "build y 5nc replace",
        "\"build y 5nc replace\": a build on a centre has no mode ('build r 12ec')",
    ),
    ("drive 6,0", f'"drive 6,0": "6,0" is not {JUNCTION}'),  # junctions -1..5
    ("drive -0,3", f'"drive -0,3": "-0,3" is not {JUNCTION}'),  # 0 is written 0
    ("redistribute 16", '"redistribute 16": "16" is not a sector; sectors are 0 to 15'),
    ("arrange --", '"arrange --": "--" is not a colour or -; colours are y, b, r, g'),
    ("street x4", '"street x4": "x4" is not a street; streets are x1, x2, x3, y1, y2, y3'),
    ("tile 10", '"tile 10": "10" is not a street tile; tiles are 0 to 9'),
    ("first 4", '"first 4": "4" is not a seat; seats are 0 to 3'),
]


# --- parameters -----------------------------------------------------------------------------

SETS = "commercial-manager,logistics-manager,local-brahmin,park-designer"


BAD_PARAMETERS: list[tuple[dict[str, Any], str]] = [
    *helpers.bad_player_counts(2, 4),
    # specialists
    ({"specialists": "commercial-manager,governor,local-brahmin,park-designer"}, "special"),
    ({"specialists": "commercial-manager,driver,local-brahmin,park-manager,mayor"}, "special"),
    ({"specialists": "commercial-manager,logistics-manager,local-brahmin"}, "special"),
    ({"specialists": "commercial-manager,logistics-manager,local-brahmin,gardener"}, "special"),
    ({"specialists": "commercial-manager,logistics-manager,local-brahmin,"}, "special"),
    ({"specialists": SETS.replace("park-designer", "local-brahmin")}, "special"),
    ({"specialists": SETS.replace(",", ", ")}, "special"),
    ({"specialists": SETS.replace(",", ";")}, "special"),
    ({"specialists": SETS.replace("commercial", "Commercial")}, "special"),
    ({"specialists": "None"}, "special"),
    ({"specialists": "default"}, "special"),
    ({"specialists": ""}, "special"),
    ({"specialists": 4}, "special"),
    # the variant
    ({"variant": "nw=-1,1"}, "variant"),  # two corner sectors move
    ({"variant": "nw=-1,1;se=4,2;ne=4,0"}, "variant"),
    ({"variant": "nw=-1,1;nw=-1,2"}, "variant"),  # the same corner twice
    ({"variant": "nw=-1,1;se=-1,1"}, "variant"),  # the same cell
    ({"variant": "nw=1,1;se=4,2"}, "variant"),  # inside the grid
    ({"variant": "nw=3,3;ne=4,1"}, "variant"),  # inside, where se stays (ruling 5)
    ({"variant": "nw=0,0;se=4,2"}, "variant"),  # inside, nw's own cell
    ({"variant": "nw=-1,-1;se=4,2"}, "variant"),  # shares only a corner
    ({"variant": "nw=-1,0;se=4,2"}, "variant"),  # next to where nw was, no more
    ({"variant": "nw=4,4;se=-1,-1"}, "variant"),
    ({"variant": "nw=-2,1;se=4,2"}, "variant"),  # cells -1..4
    ({"variant": "nw=-1,1;se=5,2"}, "variant"),
    ({"variant": "n=-1,1;se=4,2"}, "variant"),
    ({"variant": "NW=-1,1;se=4,2"}, "variant"),
    ({"variant": "nw=-1,1;se=4"}, "variant"),
    ({"variant": "nw=-1;1;se=4,2"}, "variant"),
    ({"variant": "nw=a,1;se=4,2"}, "variant"),
    ({"variant": "nw=-1,1,se=4,2"}, "variant"),
    ({"variant": "nw=-1,1;se=4,2;"}, "variant"),
    ({"variant": "nw=-1,1; se=4,2"}, "variant"),
    ({"variant": "nw -1,1;se 4,2"}, "variant"),
    ({"variant": "yes"}, "variant"),
    ({"variant": 1}, "variant"),
    # other
    ({"players": 2, "sides": "house"}, "sides"),
    ({"players": 2, "colour": "red"}, "colour"),
]


def test_good_parameters(load: Loader) -> None:
    assert load(GAME).num_players == 4
    assert js(load(GAME, players=2, specialists="none").new_initial_state())["specialists"] == []
    # The moved sectors may join each other: nw next to sw moved beside it (ruling 5).
    both = load(GAME, players=3, variant="nw=-1,0;sw=-1,1").new_initial_state()
    assert js(both)["variant"] == [[0, -1, 0], [12, -1, 1]]
    for variant in ("ne=4,1;sw=1,4", "nw=1,-1;se=2,4", "ne=2,-1;se=4,2", "se=4,2;nw=-1,1"):
        load(GAME, players=4, variant=variant)


# --- component data -------------------------------------------------------------------------


def _rules(old: str, new: str) -> Callable[[str], str]:
    return helpers.in_block("\n[rules]", "\n[[sector]]", old, new)


# (change, what the message names: the entry and the field, as regular expressions). An
# entry is named by its id, as the spec numbers them (``sector 3`` is the fourth [[sector]]
# entry, ``card 12`` the thirteenth [[card]]), or a specialist by its slug.
BROKEN: list[tuple[Callable[[str], str], tuple[str, ...]]] = [
    # [rules]
    (_rules("per_colour = 18", 'per_colour = "18"'), ("rules", "per_colour")),
    (_rules("per_colour = 18          #", "#"), ("rules", "per_colour")),
    (_rules("removed = [4, 2, 0]", "removed = [4, 2]"), ("rules", "removed")),
    (_rules("revealed = [6, 7, 8]", "revealed = 7"), ("rules", "revealed")),
    # sectors
    (_in("sector", 0, "brown = [1, 1, 0, 1]\n", ""), (r"sector 0\b", "brown")),
    (_in("sector", 0, "blue = [1, 1, 1, 1]", "blue = 4"), (r"sector 0\b", "blue")),
    *(
        (_in("sector", 3, "brown = [2, 0, 1, 0]", new), (r"sector 3\b", "brown"))
        for new in (
            "brown = [2, 0, 1]",
            "brown = [3, 0, 1, 0]",
            "brown = [2, -1, 1, 0]",
            'brown = [2, 0, "1", 0]',
        )
    ),
    *(
        (_in("sector", 5, '[["y", "e", 0]]', new), (r"sector 5\b", "brown_printed"))
        for new in (
            '[["y", "n", 0]]',  # a printed plot on a side without plots (n, on brown)
            '[["y", "e", 1]]',  # plot 1 of a side with one plot
            '[["p", "e", 0]]',
            '[["y", "x", 0]]',
            '[["y", "e"]]',
            '"y"',
        )
    ),
    # sector 5 prints a blue too, while sector 6 still prints its own: blue twice
    (
        _in("sector", 5, '[["y", "e", 0]]', '[["y", "e", 0], ["b", "w", 0]]'),
        (r"sector [56]\b", "brown_printed"),
    ),
    # a colour printed twice on the brown side, blue never
    (_in("sector", 6, '[["b", "e", 0]]', '[["y", "e", 0]]'), ("brown_printed",)),
    # green never printed on the blue side
    (_in("sector", 10, 'blue_printed = [["g", "n", 0]]\n', ""), ("blue_printed",)),
    (_without("sector", 15), ("sector",)),
    (_twice("sector", 0), ("sector",)),
    # street tiles
    (_in("street", 4, "value = 4", "value = 21"), (r"(street tile|street|id) 4\b", "value")),
    (_in("street", 4, "tie = 1", "tie = 0"), (r"(street tile|street|id) 4\b", "tie")),
    (_in("street", 4, "tie = 1", "tie = 5"), (r"(street tile|street|id) 4\b",)),  # above its value
    (_in("street", 4, "tie = 1\n", ""), (r"(street tile|street|id) 4\b", "tie")),
    (_in("street", 4, "value = 4", 'value = "4"'), (r"(street tile|street|id) 4\b", "value")),
    (_without("street", 9), ("street",)),
    (_twice("street", 9), ("street",)),
    # cards
    (_without("card", 35), ("card",)),  # 35 cards
    (_twice("card", 35), ("card",)),  # 37 cards
    (_in("card", 12, 'pattern = "line3"', 'pattern = "zigzag"'), (r"(card|id) 12\b", "pattern")),
    (_in("card", 12, 'pattern = "line3"\n', ""), (r"(card|id) 12\b", "pattern")),
    (_in("card", 12, 'colours = ["r"]', 'colours = ["p"]'), (r"(card|id) 12\b", "colours")),
    (_in("card", 12, 'colours = ["r"]', "colours = []"), (r"(card|id) 12\b", "colours")),
    (
        _in("card", 12, 'colours = ["r"]', 'colours = ["r", "g", "b"]'),
        (r"(card|id) 12\b", "colours"),
    ),
    (_in("card", 0, 'colours = ["y", "r"]', 'colours = ["y"]'), (r"(card|id) 0\b", "colours")),
    (_in("card", 12, "stars = 3", "stars = 0"), (r"(card|id) 12\b", "stars")),
    (_in("card", 12, "stars = 3", "stars = 10"), (r"(card|id) 12\b", "stars")),
    (_in("card", 12, "stars = 3", "stars = 3.5"), (r"(card|id) 12\b", "stars")),
    (_in("card", 12, "steps = 1", "steps = 3"), (r"(card|id) 12\b", "steps")),
    (_in("card", 12, "steps = 1", "steps = -1"), (r"(card|id) 12\b", "steps")),
    (_in("card", 12, "steps = 1\n", ""), (r"(card|id) 12\b", "steps")),
    (_in("card", 12, 'left = ["y"]', 'left = ["y", "r", "g"]'), (r"(card|id) 12\b", "left")),
    (_in("card", 12, 'left = ["y"]', 'left = ["purple"]'), (r"(card|id) 12\b", "left")),
    (_in("card", 12, 'right = ["r"]', 'right = "r"'), (r"(card|id) 12\b", "right")),
    (_in("card", 12, 'right = ["r"]\n', ""), (r"(card|id) 12\b", "right")),
    # specialists
    (_in("specialist", 13, 'slug = "mayor"', 'slug = "alderman"'), ("alderman",)),
    (_in("specialist", 13, 'slug = "mayor"', 'slug = "surveyor"'), ("surveyor",)),
    # an array where a slug goes: a DataError in the reference engine too (was a TypeError)
    (_in("specialist", 13, 'slug = "mayor"', 'slug = ["mayor"]'), ("slug",)),
    *(
        (_in("specialist", 13, 'colour = "r"', new), (r"mayor|(specialist|id) 13\b", "colour"))
        for new in ('colour = "b"', 'colour = "p"')
    ),
    (_in("specialist", 13, "stars = 0", "stars = 10"), (r"mayor|(specialist|id) 13\b", "stars")),
    (_in("specialist", 13, "stars = 0", "stars = -1"), (r"mayor|(specialist|id) 13\b", "stars")),
    (_in("specialist", 13, "stars = 0\n", ""), (r"mayor|(specialist|id) 13\b", "stars")),
    (_in("specialist", 13, 'name = "Mayor"\n', ""), (r"mayor|(specialist|id) 13\b", "name")),
    (_without("specialist", 13), ("specialist",)),
    (_twice("specialist", 13), ("specialist",)),  # 25 specialists
]


# --- both engines, the same exception class -------------------------------------------------


def battery(load: Loader) -> helpers.Calls:
    """Illegal moves at turn 1's move phase, bad ids, notation and seats: the contract suite
    makes these calls in both engines and expects the same exception classes."""
    state: Any = start(load, *DRAFT, *TURN_1)
    moves = ("end", "step n", "build b 6w0", "add 20 left", "take y", "pass")
    return helpers.state_calls(
        state, moves, ("build y 5n3", "step  n", "drive 6,0", "street x4", "", 5)
    )


def test_the_opening_is_as_described(load: Loader) -> None:
    """The positions above are what the comments say."""
    state = start(load, *DRAFT)
    j = js(state)
    assert (j["turn"], j["to_move"], j["phase"], j["steps"]) == (1, 1, "main", 1)
    assert j["row"] == [20, 5, 14, 27]
    apply(state, *TURN_1)
    assert state.to_json() == OPENING
