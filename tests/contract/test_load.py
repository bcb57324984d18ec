"""Loading, in both engines: a game from its name and parameters, and a saved state of any
game from its text alone (``boardcore.load_state``, ``boardcore.reference.load_state``).

A bad name, parameter or saved text is refused with the same specific message by both
engines, so that a user's error reads the same whichever engine they run.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pytest

import boardcore
import boardcore.reference
import boardcore.schema
from boardcore import DataError, ParameterError, StateFormatError
from tests.conftest import ENGINES
from tests.contract.settings import GAMES, SETTINGS, Params, random_game, setting_id
from tests.helpers import data_path

LOAD_STATE: dict[str, Callable[..., Any]] = {
    "rust": boardcore.load_state,
    "reference": boardcore.reference.load_state,
}
CROSS = [(saver, loader) for saver in sorted(ENGINES) for loader in sorted(ENGINES)]


def refusals(
    error: type[Exception], calls: Mapping[str, Callable[..., object]], *args: Any, **kwargs: Any
) -> dict[str, str]:
    """Each engine's message for ``call(*args, **kwargs)``, which must raise ``error``."""
    messages = {}
    for engine, call in calls.items():
        with pytest.raises(error) as info:
            call(*args, **kwargs)
        messages[engine] = str(info.value)
    return messages


@pytest.mark.parametrize("setting", SETTINGS, ids=setting_id)
@pytest.mark.parametrize(("saver", "loader"), CROSS)
def test_a_saved_state_loads_with_the_game_and_parameters_it_records(
    setting: tuple[str, Params], saver: str, loader: str
) -> None:
    """Start, middle and end of a seeded game: the loaded state is the saved one, and it
    plays on as the original does (its parameters came back, not the defaults)."""
    path = random_game(saver, setting[0], setting[1], seed=1)
    for state in (path[0], path[len(path) // 2], path[-1]):
        loaded = LOAD_STATE[loader](state.to_json())
        module = "boardcore._core" if loader == "rust" else f"boardcore.reference.{setting[0]}"
        assert type(loaded).__module__ == module
        assert json.loads(loaded.to_json()) == json.loads(state.to_json())
        assert loaded.legal_actions() == state.legal_actions()
    if loader == "rust":
        loaded = boardcore.load_state(path[0].to_json())
        assert loaded.game.params == boardcore.load(setting[0], **dict(setting[1])).params


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (b"{}", "a saved state must be a str, not b'{}'"),
        (None, "a saved state must be a str, not None"),
        ("nope", "not a saved state: not JSON"),
        ("[1, 2]", "not an array"),
        ("5", "not a number"),
        ("{}", 'not an object without "game"'),
        ('{"game": "chess"}', "not \"game\" 'chess'"),
        ('{"game": 3}', '"game" 3'),
    ],
)
def test_text_that_is_no_saved_state_is_refused_alike(text: object, expected: str) -> None:
    messages = refusals(StateFormatError, LOAD_STATE, text)
    assert messages["rust"] == messages["reference"], messages
    assert expected in messages["rust"], messages


@pytest.mark.parametrize("name", GAMES)
def test_a_saved_state_with_parameters_no_game_has_is_refused_alike(name: str) -> None:
    saved = json.loads(boardcore.load(name).new_initial_state().to_json())
    saved["players"] = 7
    text = json.dumps(saved)
    messages = refusals(StateFormatError, LOAD_STATE, text)
    assert messages["rust"] == messages["reference"], messages
    assert messages["rust"].startswith(f"not a saved {name} state: {name} is for "), messages
    assert messages["rust"].endswith(", not 7"), messages


@pytest.mark.parametrize("name", GAMES)
def test_a_saved_state_with_an_edited_player_count_is_refused_naming_it(name: str) -> None:
    """``load_state`` makes the game from the state's own fields, so an edited player count
    shows as a per-seat parameter of another length or as a history that cannot be replayed:
    either way the message names the count (the replay one adds the parameters it was
    replayed with)."""
    played = random_game("rust", name, (("players", 2),), seed=3)[-1]
    saved = {**json.loads(played.to_json()), "players": 3}
    messages = refusals(StateFormatError, LOAD_STATE, json.dumps(saved))
    assert messages["rust"] == messages["reference"], messages
    said = messages["rust"]
    assert (
        "cannot be replayed" in said
        and "(replayed in a game of the parameters the state records: players = 3" in said
    ) or said.endswith("for 3 players"), said


@pytest.mark.parametrize("name", GAMES)
def test_a_missing_or_unknown_field_is_named_alike(name: str) -> None:
    saved = json.loads(boardcore.load(name).new_initial_state().to_json())
    title = name.replace("_", " ").title()
    first = sorted(saved)[0]
    missing = json.dumps({k: v for k, v in saved.items() if k != first})
    unknown = json.dumps({**saved, "zzz": 1})
    for text, expected in [(missing, f"missing field {first!r}"), (unknown, "unknown field 'zzz'")]:
        loads = {e: ENGINES[e](name).state_from_json for e in ENGINES}
        messages = refusals(StateFormatError, loads, text)
        assert messages["rust"] == messages["reference"], messages
        assert messages["rust"] == f"not a {title} state: {expected}".replace("'", '"')


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("digits", [25, 400, 5000])
def test_a_number_too_long_for_the_engines_is_refused_alike(name: str, digits: int) -> None:
    """Past 64 bits the engines read a number as a float, which no field accepts; past any
    float, and past Python's own limit on int() (4,300 digits), it is out of range. Never a
    ValueError about Python's settings."""
    saved = boardcore.load(name).new_initial_state().to_json()
    text = saved.replace('"history":[]', f'"history":[{"9" * digits}]', 1)
    assert text != saved
    loads = {e: ENGINES[e](name).state_from_json for e in ENGINES}
    messages = refusals(StateFormatError, loads, text) | refusals(
        StateFormatError, {f"{e} load_state": LOAD_STATE[e] for e in ENGINES}, text
    )
    if digits > 308:
        title = name.replace("_", " ").title()
        for engine in ENGINES:
            assert messages[engine].startswith(
                f"not a {title} state: malformed JSON (number out of range"
            ), messages
            assert messages[f"{engine} load_state"] == (
                "not a saved state: malformed JSON (number out of range)"
            ), messages
    else:
        assert all("history" in message for message in messages.values()), messages


def not_json(saved: str, name: str) -> list[tuple[str, str]]:
    """Edits of an initial saved state that make it no JSON, each with where it stops being
    JSON (line and column in characters from 1) and why, worked out from RFC 8259's grammar:
    the position of the first character no JSON text could continue with."""
    g = saved.index('"game":')  # the key's quote; its value's quote is at g + 7
    h = saved.index('"history":[]')  # its "[" is at h + 10
    end = len(saved)

    def history(text: str) -> str:
        return saved.replace('"history":[]', f'"history":{text}', 1)

    return [
        ("", "line 1, column 1: expected a value, found the end of the text"),
        (saved + " x", f"line 1, column {end + 2}: expected the end of the text, found `x`"),
        (saved[:-1], f"line 1, column {end}: expected `,` or `}}`, found the end of the text"),
        ("{'" + saved[2:], "line 1, column 2: expected a key in double quotes or `}`, found `'`"),
        (
            saved.replace('"game":', '"game" ', 1),
            f'line 1, column {g + 8}: expected `:`, found `"`',
        ),
        (history("[-]"), f"line 1, column {h + 13}: expected a digit, found `]`"),
        (history("[0,]"), f"line 1, column {h + 14}: expected a value, found `]`"),
        (history("[01]"), f"line 1, column {h + 13}: expected `,` or `]`, found `1`"),
        (history("[tru]"), f"line 1, column {h + 15}: expected `true`, found `]`"),
        (history("[NaN]"), f"line 1, column {h + 12}: expected a value or `]`, found `N`"),
        (history("\n[\n-]"), "line 3, column 2: expected a digit, found `]`"),
        (
            saved.replace('"game":"', '"game":"\t', 1),
            f"line 1, column {g + 9}: found U+0009 in a string, where it must be escaped",
        ),
        (
            saved.replace('"game":"', '"game":"\\q', 1),
            f'line 1, column {g + 10}: expected an escape: one of `"\\/bfnrtu` after `\\`, '
            "found `q`",
        ),
        (
            saved.replace('"game":"', '"game":"\\ud800', 1),
            f"line 1, column {g + 15}: expected `\\u` and a low surrogate after a high "
            f"surrogate, found `{name[0]}`",
        ),
        (
            history("[" * 128 + "]" * 128),
            f"line 1, column {h + 137}: nested more than 127 deep",
        ),
    ]


@pytest.mark.parametrize("name", GAMES)
def test_text_that_is_no_json_is_refused_in_the_same_words_naming_where(name: str) -> None:
    """The two engines' JSON parsers word and place a syntax error each their own way; both
    engines name where the text stops being JSON, and why, in one set of words."""
    saved = boardcore.load(name).new_initial_state().to_json()
    title = name.replace("_", " ").title()
    loads = {e: ENGINES[e](name).state_from_json for e in ENGINES}
    for text, where in not_json(saved, name):
        assert refusals(StateFormatError, loads, text) == {
            engine: f"not a {title} state: malformed JSON ({where})" for engine in ENGINES
        }
        assert refusals(StateFormatError, LOAD_STATE, text) == {
            engine: f"not a saved state: not JSON ({where})" for engine in ENGINES
        }
    twice = saved.replace('"history":[]', '"history":[],"history":[]', 1)
    assert refusals(StateFormatError, loads, twice) == {
        engine: f'not a {title} state: malformed JSON (key "history" appears twice)'
        for engine in ENGINES
    }


BAD_PARAMETERS: list[dict[str, Any]] = [
    {"players": 7},
    {"players": 0},
    {"players": -1},
    {"players": np.int64(9)},
    {"players": 2.0},
    {"players": True},
    {"players": "x"},
    {"players": "2"},
    {"players": [2]},
    {"players": 10**30},
    {"players": np.uint64(2**63)},
    {"colour": 1},
    {"colour": 1, "brightness": 2},
    {"colour": None},  # None means a parameter's default; it does not excuse a bad name
]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("params", BAD_PARAMETERS, ids=repr)
def test_a_bad_parameter_gets_the_same_message_from_both_engines(
    name: str, params: dict[str, Any]
) -> None:
    messages = refusals(ParameterError, ENGINES, name, **params)
    assert messages["rust"] == messages["reference"], messages
    key = next(iter(sorted(params)))
    assert key in messages["rust"], messages


@pytest.mark.parametrize("name", GAMES)
def test_a_misspelt_parameter_given_none_is_refused_by_every_entry_point(name: str) -> None:
    """``None`` stands for a parameter's default, so ``players=None`` is fine; but
    ``player=None`` names no parameter, and leaving it out silently would hide the typo."""
    entries: dict[str, Callable[..., object]] = {
        **ENGINES,
        "VectorEnv": lambda name, **params: boardcore.VectorEnv(name, batch=1, **params),
        "simulate": lambda name, **params: boardcore.simulate(name, games=1, **params),
    }
    messages = refusals(ParameterError, entries, name, player=None)
    said = f'{name} has no parameter "player"; its parameters are: players, '
    assert len(set(messages.values())) == 1 and messages["rust"].startswith(said), messages
    for make in entries.values():
        make(name, players=None)  # the default


def test_an_unknown_game_gets_the_same_message_from_both_engines() -> None:
    messages = refusals(ParameterError, ENGINES, "monopoly")
    assert messages["rust"] == messages["reference"], messages
    assert messages["rust"].startswith("unknown game 'monopoly'; the games are: chandigarh")


def _gymnasium_make(name: object) -> object:
    from boardcore.envs import gymnasium as envs

    return envs.make(name)  # type: ignore[arg-type]


def _pettingzoo_env(name: object) -> object:
    from boardcore.envs import pettingzoo

    return pettingzoo.env(name)  # type: ignore[arg-type]


# Every entry point that takes a game's name.
BY_NAME: dict[str, Callable[[Any], object]] = {
    "load": boardcore.load,
    "reference.load": boardcore.reference.load,
    "VectorEnv": lambda name: boardcore.VectorEnv(name, batch=1),
    "simulate": lambda name: boardcore.simulate(name, games=1),
    "schema": boardcore.schema.schema,
    "gymnasium": _gymnasium_make,
    "pettingzoo": _pettingzoo_env,
}


@pytest.mark.parametrize("entry", sorted(BY_NAME))
def test_every_entry_point_refuses_a_name_that_is_not_a_game_alike(entry: str) -> None:
    """A name that is no game, or no string at all (an unhashable list included), gets the
    same message from every entry point; a loaded game given for its name is told which
    name to pass."""
    known = "the games are: chandigarh, city_connect, kardinal, prestel_new_york, "
    for name, said in (
        ("monopoly", "unknown game 'monopoly'; "),
        (None, "unknown game None; "),
        (["kardinal"], "unknown game ['kardinal']; "),
        (
            boardcore.load("kardinal", players=3),
            'a game\'s name is wanted, not the loaded game boardcore.load("kardinal", '
            "players=3): pass 'kardinal' and its parameters; ",
        ),
    ):
        with pytest.raises(ParameterError) as info:
            BY_NAME[entry](name)
        assert str(info.value) == said + known + "rebuilding_chicago"


# What to write for each game's own parameters, as their messages say it.
DIFFICULTY = (
    "one level (easy, standard or expert) for every seat or one per seat separated by commas "
    'like "easy,expert"'
)
SIDES = (
    "one side (house or mayor) for every seat or one per seat separated by commas "
    'like "house,mayor"'
)
SPEEDS = 'one speed (an integer from 1 to 100) per seat separated by commas like "2,1,1"'
SPECIALISTS = (
    '"none" or four specialist slugs, one of each colour, separated by commas like '
    '"commercial-manager,logistics-manager,local-brahmin,park-designer"'
)
VARIANT = (
    'empty or two corner moves like "nw=4,1;se=-1,2" (corners nw, ne, sw, se; column and row '
    "-1..4, outside the 4x4 grid or in the cell the other corner left, sharing a side with "
    "another sector)"
)
DATA = "a path to a component file"

# Per game: game-specific parameters a user gets wrong, and the message both engines give: a
# value of the wrong type is refused saying what to write; a text names its first fault, a
# word in it before the count of words.
BAD_GAME_PARAMETERS: dict[str, list[tuple[dict[str, Any], str]]] = {
    "chandigarh": [
        ({"specialists": 3}, f"specialists must be a string, {SPECIALISTS}, not the integer 3"),
        (
            {"specialists": ["x"]},
            f"specialists must be a string, {SPECIALISTS}, not the list ['x']",
        ),
        ({"specialists": "x"}, f'specialists must be {SPECIALISTS}: unknown specialist "x"'),
        ({"specialists": ""}, f'specialists must be {SPECIALISTS}: unknown specialist ""'),
        (
            {"specialists": "commercial-manager,logistics-manager,local-brahmin"},
            f'specialists must be {SPECIALISTS}: "commercial-manager,logistics-manager,'
            'local-brahmin" lists 3 specialists, not 4',
        ),
        (
            {"specialists": "commercial-manager,logistics-manager,local-brahmin,local-brahmin"},
            f"specialists must be {SPECIALISTS}: two red specialists",
        ),
        ({"variant": True}, f"variant must be a string, {VARIANT}, not the bool True"),
        (
            {"variant": "nw=9,9"},
            f'variant must be {VARIANT}: "9" is not a column or row from -1 to 4',
        ),
        ({"variant": "nw=1"}, f'variant must be {VARIANT}: "1" is not column,row'),
        ({"variant": "nw"}, f'variant must be {VARIANT}: "nw" is not corner=column,row'),
        ({"variant": "xx=4,1;se=-1,2"}, f'variant must be {VARIANT}: unknown corner "xx"'),
        ({"variant": "nw=4,1"}, f'variant must be {VARIANT}: "nw=4,1" moves 1 corner, not 2'),
        (
            {"variant": "nw=4,1;se=-1,2;ne=4,2"},
            f'variant must be {VARIANT}: "nw=4,1;se=-1,2;ne=4,2" moves 3 corners, not 2',
        ),
        ({"variant": "nw=1,1;se=4,2"}, f"variant must be {VARIANT}: 1,1 is inside the 4x4 grid"),
        ({"variant": "nw=-1,1;nw=4,2"}, f"variant must be {VARIANT}: nw is moved twice"),
        ({"variant": "nw=-1,1;se=-1,1"}, f"variant must be {VARIANT}: both corners go to -1,1"),
        (
            {"variant": "nw=-1,-1;se=4,2"},
            f"variant must be {VARIANT}: nw at -1,-1 shares no side with another sector",
        ),
    ],
    "city_connect": [
        ({"sides": 1}, f"sides must be a string, {SIDES}, not the integer 1"),
        (
            {"sides": 10**30},
            f"sides must be a string, {SIDES}, not the integer 1{'0' * 30}",
        ),
        ({"sides": ("house",)}, f"sides must be a string, {SIDES}, not the tuple ('house',)"),
        (
            {"sides": ["house", "mayor"]},
            f"sides must be a string, {SIDES}, not the list ['house', 'mayor']",
        ),
        ({"sides": "House"}, f'sides must be {SIDES}: unknown side "House"'),
        ({"players": 3, "sides": "house,x"}, f'sides must be {SIDES}: unknown side "x"'),
        (
            {"players": 3, "sides": "house,mayor"},
            f'sides must be {SIDES}: "house,mayor" lists 2 sides for 3 players',
        ),
        (
            {"players": 1, "sides": "house,mayor"},
            f'sides must be {SIDES}: "house,mayor" lists 2 sides for 1 player',
        ),
    ],
    "kardinal": [],
    "prestel_new_york": [
        ({"speeds": 2}, f"speeds must be a string, {SPEEDS}, not the integer 2"),
        ({"speeds": [1, 2]}, f"speeds must be a string, {SPEEDS}, not the list [1, 2]"),
        (
            {"players": 3, "speeds": "1,x,1"},
            f'speeds must be {SPEEDS}: "x" is not an integer from 1 to 100',
        ),
        (
            {"players": 3, "speeds": "1, 1,1"},
            f'speeds must be {SPEEDS}: " 1" is not an integer from 1 to 100',
        ),
        (
            {"players": 3, "speeds": "1,101,1"},
            f'speeds must be {SPEEDS}: "101" is not an integer from 1 to 100',
        ),
        (
            {"players": 3, "speeds": "2"},
            f'speeds must be {SPEEDS}: "2" lists 1 speed for 3 players',
        ),
        ({"max_rounds": "5"}, "max_rounds must be an integer, not the string '5'"),
        ({"max_rounds": True}, "max_rounds must be an integer, not the bool True"),
        ({"max_rounds": 2.5}, "max_rounds must be an integer, not the float 2.5"),
        (
            {"max_rounds": 10**30},
            f"max_rounds must be a small integer, not 1{'0' * 30} (out of range)",
        ),
        (
            {"max_rounds": np.int64(-3)},
            "max_rounds must be 0 (no limit) or a round limit from 1 to 100000, not -3",
        ),
        (
            {"max_rounds": -1},
            "max_rounds must be 0 (no limit) or a round limit from 1 to 100000, not -1",
        ),
        (
            {"max_rounds": 100001},
            "max_rounds must be 0 (no limit) or a round limit from 1 to 100000, not 100001",
        ),
    ],
    "rebuilding_chicago": [
        ({"difficulty": 1}, f"difficulty must be a string, {DIFFICULTY}, not the integer 1"),
        (
            {"difficulty": ["easy", "hard"]},
            f"difficulty must be a string, {DIFFICULTY}, not the list ['easy', 'hard']",
        ),
        (
            {"players": 3, "difficulty": "easy,hard"},
            f'difficulty must be {DIFFICULTY}: unknown level "hard"',
        ),
        (
            {"difficulty": "easy,hard,expert"},
            f'difficulty must be {DIFFICULTY}: unknown level "hard"',
        ),
        ({"difficulty": "Easy"}, f'difficulty must be {DIFFICULTY}: unknown level "Easy"'),
        (
            {"players": 3, "difficulty": "easy,expert"},
            f'difficulty must be {DIFFICULTY}: "easy,expert" lists 2 levels for 3 players',
        ),
    ],
}
# Every game's component file.
BAD_DATA: list[tuple[dict[str, Any], str]] = [
    ({"data": 5}, f"data must be a string, {DATA}, not the integer 5"),
    ({"data": b"x.toml"}, f"data must be a string, {DATA}, not the bytes b'x.toml'"),
    ({"data": ""}, f"data must be {DATA}, not the string ''"),
    # numpy's integers are integers, past 64 bits too
    ({"data": np.uint64(2**64 - 1)}, f"data must be a string, {DATA}, not the integer {2**64 - 1}"),
    # no UTF-8 exists for it, so no engine could open it by that name
    (
        {"data": "x\ud800.toml"},
        "data must be Unicode text without lone surrogates, not 'x\\ud800.toml'",
    ),
]
GAME_PARAMETER_CASES = [
    (name, params, message)
    for name in GAMES
    for params, message in BAD_GAME_PARAMETERS[name] + BAD_DATA
]


@pytest.mark.parametrize(
    ("name", "params", "message"), GAME_PARAMETER_CASES, ids=lambda v: repr(v)[:60]
)
def test_a_bad_game_parameter_gets_the_same_specific_message_from_both_engines(
    name: str, params: dict[str, Any], message: str
) -> None:
    messages = refusals(ParameterError, ENGINES, name, **params)
    assert messages == {engine: message for engine in ENGINES}, messages


# The most a data file may hold (DESIGN.md, "Component data").
DATA_LIMIT = 16 << 20


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    ("path", "text", "why"),
    [
        ("missing.toml", None, "cannot read the data file: no such file"),
        (".", None, "cannot read the data file: it is a directory"),
        ("bad.toml", b"game = 1\nrules = [1,,]\n", "not valid TOML (line 2)"),
        ("end.toml", b'game = "', "not valid TOML (line 1)"),
        ("latin.toml", b"game = '\xe9'\n", "cannot read the data file: not UTF-8 text"),
        ("huge.toml", DATA_LIMIT + 1, "cannot read the data file: larger than 16 MiB"),
        ("nul\0.toml", None, "cannot read the data file: the path holds a NUL byte"),
        ("n" * 300 + ".toml", None, "cannot read the data file: file name too long"),
    ],
    ids=["missing", "directory", "bad", "end", "latin", "huge", "nul", "long"],
)
def test_a_data_file_that_cannot_be_read_gets_the_same_message_from_both_engines(
    name: str, path: str, text: bytes | int | None, why: str, tmp_path: Any
) -> None:
    """The system's and the TOML parsers' own words differ between the engines: both say it
    in the same words, the file named. A file past the limit is refused having read just
    past it (an int here: a sparse file of that many bytes)."""
    file = tmp_path / path
    if isinstance(text, bytes):
        file.write_bytes(text)
    elif isinstance(text, int):
        with file.open("wb") as f:
            f.truncate(text)
    messages = refusals(DataError, ENGINES, name, data=str(file))
    assert messages == {engine: f"{file}: {why}" for engine in ENGINES}, messages


@pytest.mark.parametrize("name", GAMES)
def test_a_data_file_of_endless_bytes_is_refused_past_the_limit(name: str) -> None:
    """A device reports no size and never ends: reading stops just past the limit."""
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    messages = refusals(DataError, ENGINES, name, data="/dev/zero")
    assert messages == {
        engine: "/dev/zero: cannot read the data file: larger than 16 MiB" for engine in ENGINES
    }


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    ("text", "got"),
    [
        ("", "None"),
        ("# only a comment\n", "None"),
        ('game = "monopoly"\n', "'monopoly'"),
        ('game = "it\'s"\n', '"it\'s"'),
        ("game = 3\n", "3"),
        ("game = true\n", "True"),
        ("game = 1.5\n", "a float"),
        ("game = [1]\n", "an array"),
        ("[game]\n", "a table"),
        ("game = 1979-05-27\n", "a date-time"),
    ],
)
def test_a_data_file_without_this_game_in_game_is_refused_in_one_line_alike(
    name: str, text: str, got: str, tmp_path: Any
) -> None:
    """An empty file, or one naming no game or another, is refused for its ``game`` before
    anything else is read: one line naming the field, the game wanted and the value found
    (a string, integer or boolean as Python writes it, anything else by its kind)."""
    file = tmp_path / "other.toml"
    file.write_text(text)
    messages = refusals(DataError, ENGINES, name, data=str(file))
    expected = f"{file}: top level, field 'game': expected \"{name}\", got {got}"
    assert messages == {engine: expected for engine in ENGINES}, messages


@pytest.mark.parametrize("name", GAMES)
def test_a_data_file_with_an_unknown_top_level_key_is_refused_naming_the_first(
    name: str, tmp_path: Any
) -> None:
    """Unknown keys are named first in sorted order, before the ``game`` is checked, with the
    keys the game's file may have."""
    file = tmp_path / "extra.toml"
    file.write_text('zzz = 1\naaa = 2\ngame = "monopoly"\n')
    messages = refusals(DataError, ENGINES, name, data=str(file))
    assert messages["rust"] == messages["reference"], messages
    assert messages["rust"].startswith(f"{file}: top level: unknown key 'aaa'; allowed: game, "), (
        messages
    )


@pytest.mark.parametrize("name", GAMES)
def test_a_data_file_of_only_this_game_is_refused_in_one_line(name: str, tmp_path: Any) -> None:
    """A file with its ``game`` right and nothing else, a known key of the wrong type, or a
    field of the wrong type inside a section: one line naming the file (the engines' words
    for what is missing or mistyped still differ)."""
    file = tmp_path / "only.toml"
    # and the packaged file with its first integer field inside a section a float
    packaged = data_path(name).read_text()
    first_int = re.compile(r"^(\w+ = )\d+\b", re.MULTILINE)
    at = packaged.index("\n[")
    float_field = packaged[:at] + first_int.sub(r"\g<1>1.5", packaged[at:], count=1)
    assert float_field != packaged
    only = (f'game = "{name}"\n', f'game = "{name}"\nrules = 3\nedifices = 3\n')
    for text in (*only, float_field):
        file.write_text(text)
        for engine, message in refusals(DataError, ENGINES, name, data=str(file)).items():
            assert message.startswith(f"{file}: ") and "\n" not in message, (engine, message)


def _edited(text: str, edit: Callable[[dict[str, Any]], None]) -> str:
    doc = json.loads(text)
    edit(doc)
    return json.dumps(doc, separators=(",", ":"), sort_keys=True)


def _swap_key(doc: dict[str, Any], key: str, new: str) -> None:
    doc[new] = doc.pop(key)


@pytest.mark.parametrize("name", GAMES)
def test_a_saved_state_that_could_not_arise_gets_the_same_message_from_both_engines(
    name: str,
) -> None:
    """A misspelt field (named as unknown before the missing one), a game, version, player
    count or history of the wrong type, a history entry that is no action id or that cannot
    be replayed, a field that replaying does not give: both engines say the same, in the
    same order of checks."""
    path = random_game("rust", name, (), seed=3)
    middle = path[len(path) // 2]
    text, history = middle.to_json(), json.loads(middle.to_json())["history"]
    size = boardcore.load(name).num_distinct_actions
    first = boardcore.load(name).new_initial_state()
    possible = {a for a, _ in first.chance_outcomes()} | set(first.legal_actions())
    illegal = next(a for a in range(size) if a not in possible)
    cases = {
        "misspelt": (lambda d: _swap_key(d, "history", "histroy"), 'unknown field "histroy"'),
        "missing": (lambda d: d.pop("history"), 'missing field "history"'),
        "no action id": (
            lambda d: d["history"].__setitem__(len(history) - 1, size),
            f"history[{len(history) - 1}] is {size}, not an action id",
        ),
        "not replayable": (lambda d: d["history"].__setitem__(0, illegal), "history[0] cannot"),
        "history not a list": (lambda d: d.__setitem__("history", {}), '"history" must be a'),
        "a negative id": (lambda d: d["history"].__setitem__(0, -1), "history[0] is -1, not"),
        "a text id": (lambda d: d["history"].__setitem__(1, "3"), 'history[1] is "3", not'),
        "game not a text": (lambda d: d.__setitem__("game", 5), f'"game" is 5, expected "{name}"'),
        "version a text": (
            lambda d: d.__setitem__("version", str(d["version"])),
            '"version" is "',
        ),
        "players a text": (lambda d: d.__setitem__("players", "2"), '"players" is "2", but'),
        "players true": (lambda d: d.__setitem__("players", True), '"players" is true, but'),
        "not what replaying gives": (
            lambda d: d.__setitem__("to_move", 1 if d["to_move"] == 0 else 0),
            '"to_move" is ',
        ),
    }
    for case, (edit, said) in cases.items():
        messages = refusals(
            StateFormatError,
            {engine: ENGINES[engine](name).state_from_json for engine in ENGINES},
            _edited(text, edit),
        )
        assert messages["rust"] == messages["reference"], (case, messages)
        assert said in messages["rust"], (case, messages)
    replays = refusals(
        boardcore.IllegalActionError,
        {engine: ENGINES[engine](name).replay for engine in ENGINES},
        [illegal],
    )
    assert replays["rust"] == replays["reference"]
    assert replays["rust"].startswith("actions[0]: ")


def _first_number(doc: Any, path: str) -> tuple[str, list[Any], Any] | None:
    """The first integer in ``doc`` in the canonical JSON's order: its path as the engines
    write it, and the list or object holding it with its index or key."""
    if isinstance(doc, dict):
        items = [(f"{path}[{json.dumps(k)}]", k, doc[k]) for k in sorted(doc)]
    elif isinstance(doc, list):
        items = [(f"{path}[{i}]", i, v) for i, v in enumerate(doc)]
    else:
        return None
    for where, at, value in items:
        if isinstance(value, int) and not isinstance(value, bool):
            return where, doc, at
        found = _first_number(value, where)
        if found is not None:
            return found
    return None


@pytest.mark.parametrize("name", GAMES)
def test_a_saved_field_is_named_as_narrowly_as_it_differs_from_the_replay(name: str) -> None:
    """Past the checks before replaying, both engines compare every field with what
    replaying the history gives and name the first place they differ, in the canonical
    JSON's order, in the same words: the number itself deep inside a list or object (one
    written as text, as true, as a float or changed), or a list's length."""
    path = random_game("rust", name, (), seed=5)
    text = path[len(path) // 2].to_json()
    doc = json.loads(text)
    before_replay = {"game", "version", "history", "players", *boardcore.load(name).params}
    # the first field replaying checks that holds a list with a number inside
    key = next(
        k
        for k in sorted(doc)
        if k not in before_replay and isinstance(doc[k], list) and _first_number(doc[k], "")
    )
    found = _first_number(doc[key], json.dumps(key))
    assert found is not None
    where, holder, at = found
    value = holder[at]
    replays = f'but replaying "history" gives {value}'

    def changed(new: Any) -> str:
        holder[at] = new
        try:
            return json.dumps(doc, separators=(",", ":"), sort_keys=True)
        finally:
            holder[at] = value

    cases = {
        f'{where} is "{value}", {replays}': changed(str(value)),
        f"{where} is {value + 1}, {replays}": changed(value + 1),
        f"{where} is {float(value)}, {replays}": changed(float(value)),
        f"{where} is {json.dumps(value != 1)}, {replays}": changed(value != 1),
        f'{json.dumps(key)} has {len(doc[key]) + 1} items, but replaying "history" gives '
        f"{len(doc[key])}": json.dumps(
            {**doc, key: [*doc[key], doc[key][-1] if doc[key] else 0]},
            separators=(",", ":"),
            sort_keys=True,
        ),
    }
    for said, edited in cases.items():
        messages = refusals(
            StateFormatError,
            {engine: ENGINES[engine](name).state_from_json for engine in ENGINES},
            edited,
        )
        title = name.replace("_", " ").title()
        assert messages == {e: f"not a {title} state: {said}" for e in ENGINES}, said


SURROGATE = "Unicode text without lone surrogates"


@pytest.mark.parametrize("name", GAMES)
def test_a_str_with_a_lone_surrogate_is_refused_as_no_unicode_text_alike(name: str) -> None:
    """Such a str has no UTF-8, so the Rust engines cannot take it as it is: both engines
    refuse it before reading it, wherever text is taken, quoting it as Python does."""
    loads = {e: ENGINES[e](name).state_from_json for e in ENGINES}
    assert refusals(StateFormatError, loads, "{\ud800}") == {
        e: f"a saved state must be {SURROGATE}, not '{{\\ud800}}'" for e in ENGINES
    }
    assert refusals(StateFormatError, LOAD_STATE, "\udfff") == {
        e: f"a saved state must be {SURROGATE}, not '\\udfff'" for e in ENGINES
    }
    parse = {e: ENGINES[e](name).new_initial_state().string_to_action for e in ENGINES}
    assert refusals(boardcore.NotationError, parse, "build house green 1,-3\ud800") == {
        e: f"an action in notation must be {SURROGATE}, not 'build house green 1,-3\\ud800'"
        for e in ENGINES
    }
    assert refusals(ParameterError, ENGINES, name, data="\ud800") == {
        e: f"data must be {SURROGATE}, not '\\ud800'" for e in ENGINES
    }


def test_a_numpy_integer_past_64_bits_is_out_of_range_in_a_vector_env() -> None:
    """VectorEnv takes a game's parameters as load does, numpy's integers too."""
    with pytest.raises(ParameterError) as info:
        boardcore.VectorEnv("kardinal", batch=1, players=np.uint64(2**63))
    assert str(info.value) == f"players must be a small integer, not {2**63} (out of range)"
