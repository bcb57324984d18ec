"""Bad input: a specific exception with a message a user can act on, and nothing changed."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import boardcore
from boardcore import IllegalActionError
from tests.conftest import Loader, apply
from tests.helpers import data_path, replace


def started(load: Loader, players: int = 2) -> Any:
    return apply(
        load("kardinal", players=players).new_initial_state(),
        "build house red 2,0",
        "chip blue",
        "cardinal 1,1",
    )


ACTION_1 = (
    "Action 1: a new edifice must be built adjacent to the cathedral or another building "
    "already existing"
)
ACTION_3 = (
    "Action 3: the cardinal must be placed on a site adjacent to an existing building or the "
    "cathedral"
)
FIRST_BUILD = ("build house red 2,0", "chip blue", "cardinal 1,1")
"""Seat 0 builds a red house at 2,0 and takes a blue chip; the cardinal comes to 1,1."""
SECOND = (*FIRST_BUILD, "build tower green 2,1")
"""Seat 1 (green and yellow) then builds a green tower at 2,1 and is to move the cardinal."""


@pytest.mark.parametrize(
    ("moves", "move", "reason"),
    [
        # Each names the first rule broken, in the order both engines check: the phase, the
        # seat's colours, the pieces left, rules VI and VII, then the site.
        (
            (),
            "chip red",
            "seat 0 is to build; a chip is chosen only after the first build of the game",
        ),
        ((), "cardinal 0,1", "seat 0 is to build, not to move the cardinal"),
        (FIRST_BUILD[:1], "cardinal 0,1", "seat 0 is to choose a chip, not to move the cardinal"),
        (
            FIRST_BUILD[:2],
            "cardinal stay",
            "Action 3: the first player must bring the cardinal "
            "into the game ('cardinal stay' is not allowed yet)",
        ),
        (
            FIRST_BUILD,
            "build tower blue -1,0",
            "seat 1 may not build blue: it builds green or yellow",
        ),
        (
            FIRST_BUILD,
            "build house green 1,-1",
            "rule VI: no edifices similar in shape may be "
            "built one directly after the other (the previous edifice was a red house)",
        ),
        (
            FIRST_BUILD,
            "build yard green 35,0 h",
            "the yard would leave the playing area (-34..35 in x and y)",
        ),
        (
            FIRST_BUILD,
            "build tower green 2,0",
            "cell 2,0 is already built on (the red house at 2,0)",
        ),
        (
            FIRST_BUILD,
            "build yard green 0,1 h",
            "rule I: no edifice may be built on a site the cardinal stays upon (1,1)",
        ),
        (FIRST_BUILD, "build tower green 9,9", ACTION_1),
        # The yard touches only the clock-tower: rule III, though rule IV is not broken either.
        (
            FIRST_BUILD,
            "build yard green 1,-2 v",
            "rule III: yards must be built adjacent to at "
            "least one house (the cathedral's nave counts as a house)",
        ),
        (
            FIRST_BUILD,
            "build tower green 1,-1",
            "rule II: towers must be built adjacent to at "
            "least one house (the cathedral's nave counts as a house)",
        ),
        (SECOND, "cardinal 1,1", "the cardinal already stands on 1,1 (use 'cardinal stay')"),
        (SECOND, "cardinal 2,0", "cell 2,0 is built on (the red house at 2,0)"),
        (SECOND, "cardinal 9,9", ACTION_3),
        (SECOND, "build house blue 3,1", "seat 1 is to move the cardinal, not to build"),
        (
            (*SECOND, "cardinal 2,2"),
            "build tower blue 3,1",
            "rule VI: no edifices similar in "
            "shape may be built one directly after the other (the previous edifice was a green "
            "tower)",
        ),
        (
            (*SECOND, "cardinal 2,2"),
            "build house blue 3,0",
            "rule IV: a house may not touch "
            "another house: no edifices similar in shape on adjacent sites (the red house at 2,0)",
        ),
        (
            (*SECOND, "cardinal 2,2"),
            "build yard red 2,-1 h",
            "rule V: a red edifice may not "
            "touch another red edifice: no edifices similar in colour on adjacent sites (the red "
            "house at 2,0)",
        ),
    ],
)
def test_illegal_action_names_the_rule_and_changes_nothing(
    load: Loader, moves: tuple[str, ...], move: str, reason: str
) -> None:
    # The same words from both engines, after "action <id> (<notation>) is illegal: ".
    state = apply(load("kardinal", players=2).new_initial_state(), *moves)
    action = state.string_to_action(move)
    before = state.to_json()
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(action)
    assert str(info.value) == f"action {action} ({move}) is illegal: {reason}"
    assert state.to_json() == before


# What string_to_action says of text that is no Kardinal action (docs/games/kardinal.md,
# "Action notation"). The rule: a text that is none of the forms (an unknown verb, a space
# too many or too few, upper case) gets the list of forms; a known verb with too few or too
# many words gets that verb's forms; a word the form does not allow, read left to right, is
# named with what it should be. The text and the word are quoted as Rust quotes a str.
FORMS = (
    "an action is 'build house red 3,-1', 'build yard green 0,2 h', 'chip yellow', "
    "'cardinal 2,1' or 'cardinal stay' (single spaces, lower case)"
)
BUILD_FORMS = "expected 'build house|tower <colour> x,y' or 'build yard <colour> x,y h|v'"
NOT_AN_EDIFICE = "is not an edifice; edifices are house, tower and yard"
NOT_A_COLOUR = "is not a colour; colours are red, green, blue and yellow"
CELLS = "cells are written x,y with integers, e.g. 3,-1 (no '+', leading zeros or '-0')"
OUTSIDE = "is outside the playing area; coordinates run from -34 to 35"
NOT_AN_ORIENTATION = (
    "is not an orientation; a yard lies h (the cell given and the one to its right) or v "
    "(the cell given and the one above it)"
)


def _refused(hint: str, *texts: str) -> list[tuple[str, str]]:
    """Texts refused as a whole with ``hint``. Rust quotes them as they are: they have no
    quote, backslash or control character."""
    return [(text, f'"{text}" is not a Kardinal action: {hint}') for text in texts]


def _named(why: str, *cases: tuple[str, str]) -> list[tuple[str, str]]:
    """Texts (as in ``_refused``) with the word that does not fit, named with ``why``."""
    return [(text, f'"{text}": "{word}" {why}') for text, word in cases]


UNREADABLE_NOTATION: list[tuple[str, str]] = [
    # None of the forms (an unknown verb, other games' verbs, a space too many, upper case).
    *_refused(
        FORMS,
        *("", " ", "foo", "0,1,2", "12345678901234567890", "Build house red 0,1"),
        *("take bakery", "stack A", "draw"),
        *("build  house red 0,1", "chip  red", "cardinal stay ", " chip red"),
    ),
    ("\x00", '"\\0" is not a Kardinal action: ' + FORMS),
    ("cardinal\t1,1", '"cardinal\\t1,1" is not a Kardinal action: ' + FORMS),
    ("é", '"é" is not a Kardinal action: ' + FORMS),  # printable: not escaped
    # A known verb with too few or too many words: that verb's forms.
    *_refused(
        BUILD_FORMS,
        "build",
        "build house red",
        "build yard red 0,1",
        "build house red 0,1 h",  # only a yard has an orientation
    ),
    *_refused("expected 'chip <colour>'", "chip", "chip red blue"),
    *_refused("expected 'cardinal x,y' or 'cardinal stay'", "cardinal", "cardinal 1,1 2"),
    # The first word, left to right, that the form does not allow.
    *_named(NOT_AN_EDIFICE, ("build castle red 0,1", "castle"), ("build House red 0,1 h", "House")),
    *_named(
        NOT_A_COLOUR,
        ("build house pink 0,1", "pink"),
        ("build yard Red 9,x v", "Red"),  # the colour before the cell
        ("chip é", "é"),
    ),
    ("chip red\n", '"chip red\\n": "red\\n" ' + NOT_A_COLOUR),
    *_named(
        f"is not a cell; {CELLS}",
        ("build tower blue 0;1", "0;1"),
        ("build house red 03,1", "03,1"),
        ("build house red +3,1", "+3,1"),
        ("build yard red 0,1,2 h", "0,1,2"),
    ),
    *_named(
        f"is not a cell or 'stay'; {CELLS}",
        ("cardinal -0,1", "-0,1"),
        ("cardinal 1,", "1,"),
        ("cardinal north", "north"),
    ),
    ("cardinal 36,0", f'"cardinal 36,0": cell 36,0 {OUTSIDE}'),
    ("build house red 0,-35", f'"build house red 0,-35": cell 0,-35 {OUTSIDE}'),
    (
        "cardinal 12345678901234567890,0",
        f'"cardinal 12345678901234567890,0": cell 12345678901234567890,0 {OUTSIDE}',
    ),
    *_named(NOT_AN_ORIENTATION, ("build yard green 0,2 x", "x"), ("build yard green 0,2 H", "H")),
]
"""Text that is no Kardinal action and the message both engines give; the contract suite
(tests/contract/test_bad_input.py) runs it."""


def _mutate(text: str, **changes: Any) -> str:
    obj = json.loads(text)
    obj.update(changes)
    return json.dumps(obj)


SAVED = (2, started(boardcore.load).to_json())
"""2 players after the moves of ``started``: the saved state TAMPERED changes."""

TAMPERED: list[tuple[Callable[[str], str], str]] = [
    (lambda t: json.dumps({k: v for k, v in json.loads(t).items() if k != "supply"}), "supply"),
    (lambda t: _mutate(t, supply=[12, 12, 12, 12]), "supply"),
    (lambda t: _mutate(t, chips=[[5, 0, 0, 0], [0, 0, 0, 0]]), "chips"),
    (lambda t: _mutate(t, cardinal=[7, 7]), "cardinal"),
    (lambda t: _mutate(t, to_move=0), "to_move"),
    (lambda t: t.replace('"to_move":1', '"to_move":1.0'), "to_move"),
]


def test_the_saved_state_is_as_described(load: Loader) -> None:
    assert started(load).to_json() == SAVED[1]


BAD_PARAMETERS: list[tuple[dict[str, Any], str]] = [
    ({"players": 1}, "2, 3 or 4"),
    ({"players": 5}, "2, 3 or 4"),
    ({"players": "four"}, "players"),
    ({"colours": 4}, "colours"),
]


PACKAGED = (data_path("kardinal")).read_text()


BROKEN: list[tuple[Callable[[str], str], tuple[str, ...]]] = [
    (replace("house = 2", "house = 3"), (r"\[edifices\].*house.*0.*2",)),
    (replace("house = 2", 'house = "two"'), ("house",)),
    (replace("per_colour = 12", "per_colour = 0"), (r"\[chips\].*per_colour.*1.*255",)),
    (replace('game = "kardinal"', 'game = "chess"'), ("game",)),
    (replace("[chips]", "[chips]\ncolour = 1"), ("colour",)),
    (replace('provenance = "rulebook"', 'provenance = "guess"'), ("provenance",)),
    (
        replace("house = 2\ntower = 2\nyard = 2", "house = 0\ntower = 0\nyard = 0"),
        ("at least one",),
    ),
    (replace("[chips]", "[chips"), ("line 13",)),
]


def test_user_data_file_is_used(load: Loader, tmp_path: Path) -> None:
    """A variant with one house, tower and yard per colour and 3 chips per colour."""
    path = tmp_path / "small.toml"
    path.write_text(
        PACKAGED.replace(
            "house = 2\ntower = 2\nyard = 2", "house = 1\ntower = 1\nyard = 1"
        ).replace("per_colour = 12", "per_colour = 3")
    )
    game = load("kardinal", players=4, data=str(path))
    assert game.params["data"] == str(path)
    state = game.new_initial_state()
    assert json.loads(state.to_json())["supply"] == [3, 3, 3, 3]
    final = boardcore.play(game, seed=1)
    assert len([e for e in json.loads(final.to_json())["edifices"]]) <= 12
    assert sum(final.scores()) <= 4 * 3 * 2
