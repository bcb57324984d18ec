"""Bad input every game refuses alike, in both engines, with each game's cases as data.

The checks are here, once: malformed notation (its strings in the table below) and the
messages each game words for notation that is no action, saved states changed in ways every
game refuses (the table ``every_game_tampering`` makes) or in the game's own ways, a saved
state loaded with other parameters, bad parameters, broken data files, and one battery of
calls whose exception classes the two engines must agree on. Each game's own
tables (``SAVED`` and ``TAMPERED``, ``BAD_PARAMETERS``, ``BROKEN``, ``UNREADABLE_NOTATION``,
``battery``) are in its ``test_bad_input.py``: they name its fields, parameters, notation and
data entries, next to that game's other bad-input tests.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from boardcore import NotationError, ParameterError, StateFormatError
from tests import helpers
from tests.chandigarh import test_bad_input as chandigarh
from tests.city_connect import test_bad_input as city_connect
from tests.conftest import ENGINES, Loader
from tests.contract.settings import GAMES, INFO
from tests.kardinal import test_bad_input as kardinal
from tests.prestel_new_york import test_bad_input as prestel_new_york
from tests.rebuilding_chicago import test_bad_input as rebuilding_chicago

CASES: dict[str, ModuleType] = {
    "chandigarh": chandigarh,
    "city_connect": city_connect,
    "kardinal": kardinal,
    "prestel_new_york": prestel_new_york,
    "rebuilding_chicago": rebuilding_chicago,
}

# Each game's malformed notation, and the player count of the initial state that reads it.
MALFORMED_NOTATION: dict[str, tuple[int, tuple[str, ...]]] = {
    "chandigarh": (
        4,
        (
            "",
            " ",
            "step",
            "step x",
            "step N",
            "step north",
            "Step n",
            "STEP N",
            "step  n",
            "step n ",
            " step n",
            "step\tn",
            "step n s",
            "add",
            "add 17",
            "add 17 middle",
            "add 17 Left",
            "add 17  left",
            "add left 17",
            "add 36 left",  # card ids 0..35
            "add -1 left",
            "add x left",
            "add 07 left",
            "add +7 left",
            "build",
            "build y",
            "build y 5n0 extra",
            "build x 5n0",
            "build Y 5n0",
            "build yellow 5n0",
            "build y 16n0",  # tiles 0..15
            "build y 5x0",  # sides n e s w
            "build y 5n3",  # plots 0, 1 and the centre c
            "build y 5n2",  # the centre is written c
            "build y 5N0",
            "build y 5nC",
            "build y 5n",
            "build y n0",
            "build y -1n0",
            "build y 05n0",
            "build y 5 n 0",
            "build y 5n0 Replace",
            "build y 5n0 plain",
            "build y 5n0  replace",
            "build y 5n0 replace manager",
            "build y 5nc replace",  # a centre build has no mode
            "build y 5nc draughtsman",
            "build  y 5n0",
            "drive",
            "drive 2",
            "drive 2,",
            "drive ,2",
            "drive 2,2,2",
            "drive 6,0",  # junctions -1..5
            "drive -2,0",
            "drive 0,6",
            "drive 2, 2",
            "drive 2;2",
            "drive 2.0,1",
            "drive a,b",
            "design",
            "design 5,6",
            "design 2,2 now",
            "governor",
            "governor x",
            "governor yb",
            "governor 1",
            "redistribute",
            "redistribute 16",
            "redistribute -1",
            "redistribute y",
            "arrange",
            "arrange x",
            "arrange --",
            "arrange y b",
            "arrange 0",
            "pawn",
            "pawn 16",
            "pawn y",
            "pawn -1",
            "take",
            "take any",
            "take 0",
            "take Y",
            "take y b",
            "discard",
            "discard any",
            "pick",
            "pick 36",
            "pick y",
            "exchange",
            "exchange y",
            "exchange y r g",
            "exchange yr",
            "craft g",
            "project",
            "project 36",
            "mayor",
            "mayor -1",
            "logistics 1",
            "Logistics",
            "score",
            "score 36",
            "street",
            "street x0",
            "street x4",
            "street y0",
            "street z1",
            "street X1",
            "street 1",
            "street perimeter",
            "stop 1",
            "Stop",
            "end turn",
            "passs",
            "skip it",
            "tile",
            "tile 10",  # street tiles 0..9
            "tile -1",
            "reveal",
            "reveal 36",
            "first",
            "first 4",  # seats 0..3
            "first -1",
            "chip red",  # another game's notation
            "take bakery",
        ),
    ),
    "city_connect": (
        4,
        (
            "",
            " ",
            "take",
            "take ",
            " take bakery",
            "take bakery ",
            "take  bakery",
            "take\tbakery",
            "Take bakery",
            "take Bakery",
            "take bakeries",
            "take 4",
            "take bakery bakery",
            "take castle",  # a landmark is never taken
            "take house",
            "take city-tower",
            "draw ",
            "draw 2",
            "Draw",
            "build",
            "build house",  # the initial card is never built
            "build house market",
            "build castle market",  # landmarks are never in the market
            "build park hand",
            "build park  market",
            "build park market market",
            "build palace",
            "pay",
            "pay house",  # the initial card is paid as `pay city house`
            "pay castle",  # landmarks are never in a hand
            "pay school Mayor",
            "pay school  mayor",
            "pay school coin",
            "pay house mayor",
            "pay city",
            "pay city city",
            "pay city palace",
            "pay city park mayor",
            "pay  city park",
            "discard",
            "discard castle",
            "discard house",
            "gear",
            "gear palace",
            "gear library now",
            "end turn",
            "end ",
            "pass",
            "clear",
            "clear castle",
            "card",
            "card castle",  # the pile holds buildings only
            "card house",
            "card palace",
            "cards bakery",
            "landmark",
            "landmark bakery",
            "landmark house",
            "landmark palace",
            "reveal castle",
        ),
    ),
    "kardinal": (
        4,
        (
            "",
            "build",
            "build house red",
            "build house red 3,-1 h",
            "build yard red 3,-1",
            "build yard red 3,-1 x",
            "build castle red 0,1",
            "build house purple 0,1",
            "build house red 3;1",
            "build house red 03,1",
            "build house red +3,1",
            "build house red -0,1",
            "build house red 99,0",
            "build  house red 3,1",
            " chip red",
            "chip",
            "Chip red",
            "cardinal",
            "cardinal 1",
            "cardinal stay now",
        ),
    ),
    "prestel_new_york": (
        5,
        (
            "",
            " ",
            "stack",
            "stack F",
            "stack a",
            "stack AB",
            "stack  A",
            " stack A",
            "stack A ",
            "Stack A",
            "look ",
            "look A",
            "Look",
            "take",
            "take empire-state",
            "take empire-state/",
            "take /base",
            "take empire-state/roof",
            "take empire-state/base/tower",
            "take Empire-State/base",
            "take empire-state base",
            "stone",
            "stone 0",
            "stone 6",
            "stone 01",
            "stone +1",
            "stone one",
            "build",
            "build guggenheim",
            "build empire-state/base A",
            "slide chrysler/crown",
            "slide chrysler/crown F",
            "slide chrysler/crown e",
            "slide chrysler/crown  E",
            "slide chrysler/crown E B",
            "deal",
            "deal chrysler",
            "reveal",
            "reveal chrysler/crown",
            "reveal nowhere",
            "reveal Chrysler",
            "draw stone",
            "draw stone 0",
            "draw stone 6",
            "draw 1",
            "draw  stone 1",
            "finish",
            "finish 5",
            "finish -1",
            "finish 01",
            "finish a",
            "pass",
        ),
    ),
    "rebuilding_chicago": (
        4,
        (
            "",
            " ",
            "place",
            "place o0",
            "place e5",
            "place o8 e5",  # orientations 0..7
            "place o-1 e5",
            "place o e5",
            "place 0 e5",
            "place O0 e5",
            "place o0 E5",
            "place o0 l5",  # columns a..k
            "place o0 e0",  # rows 1..11
            "place o0 e12",
            "place o0 e05",
            "place o00 e5",
            "place o0  e5",
            "place  o0 e5",
            "place o0 e5 x",
            "place o0 5e",
            "Place o0 e5",
            "place\to0 e5",
            "buy",
            "buy 1",
            "buy a",
            "buy 0a",  # slots 1..8
            "buy 9a",
            "buy 1c",
            "buy 1A",
            "buy 1 a",
            "buy 01a",
            "buy a1",
            "landmark",
            "landmark city market",
            "landmark City-Market",
            "landmark eiffel-tower",
            "landmark 0",
            "event",
            "event world-stage",
            "event Dining",
            "event 3",
            "event dining now",
            "law",
            "law 0",  # laws 1..3
            "law 4",
            "law appease",
            "law 01",
            "refill 1",
            "Refill",
            "district",
            "district west town",
            "district chicago",
            "district 0",
            "return",
            "return 0",
            "return eiffel-tower",
            "suburb",
            "suburb 60",  # suburbs 0..59
            "suburb -1",
            "suburb x",
            "suburb 017",
            "choose",
            "choose stars",
            "choose VP",
            "choose vp money",
            "shape",
            "shape park-1",
            "shape 0",
            "shape Train-i2",
            "drop",
            "drop card",
            "drop card 144",  # cards 0..143
            "drop card -1",
            "drop card x",
            "drop 52",
            "drop eiffel-tower",
            "drop landmark city-market",
            "start",
            "start 5",  # seats 0..4
            "start -1",
            "card",
            "card 144",
            "card -1",
            "card 1a",
            "bag",
            "bag 60",
            "deal",
            "deal 0",
            "deal eiffel-tower",
            "scenario",
            "scenario 6",  # scenarios 0..5
            "scenario -1",
            "automaton",
            "automaton 27",  # automated-player cards 0..26
            "automaton -1",
            "step n",  # another game's notation
            "build house red 2,0",
        ),
    ),
}


def test_every_game_has_its_cases() -> None:
    assert sorted(CASES) == sorted(MALFORMED_NOTATION) == sorted(OTHER_PARAMETERS) == GAMES


def _id(word: Any) -> str:
    """A readable test id from a case's match: its letters, up to the first alternative."""
    return re.sub(r"[^a-z_]+", "", str(word).split("|")[0].removeprefix("(?i)"))[:24]


def table(name: str) -> list[Any]:
    """Every game's cases of the table ``name``, each with the game's name first."""
    return [
        pytest.param(
            game, *case, id=f"{game}-{i}-{_id(case[-1][-1] if name == 'BROKEN' else case[-1])}"
        )
        for game in sorted(CASES)
        if hasattr(CASES[game], name)
        for i, case in enumerate(getattr(CASES[game], name))
    ]


@pytest.mark.parametrize(
    ("name", "text"),
    [
        pytest.param(name, text, id=f"{name}-{i}")
        for name, (_, texts) in sorted(MALFORMED_NOTATION.items())
        for i, text in enumerate(texts)
    ],
)
def test_malformed_notation(load: Loader, name: str, text: str) -> None:
    state = load(name, players=MALFORMED_NOTATION[name][0]).new_initial_state()
    with pytest.raises(NotationError):
        state.string_to_action(text)


# Characters Unicode does not print, or prints only over another: quoted with \\u{..} by both
# engines (a no-break space, a zero-width space, a combining accent, a C1 control, private
# use, a line separator), and an emoji, printed as it is.
UNUSUAL = ["a\u00a0b", "\u200b", "e\u0301", "x\x85", "\ue000", "\u2028", "\U0001f600"]


@pytest.mark.parametrize("name", GAMES)
def test_unusual_characters_are_quoted_alike(name: str) -> None:
    for text in UNUSUAL:
        said = {}
        for engine in sorted(ENGINES):
            with pytest.raises(NotationError) as info:
                ENGINES[engine](name, players=2).new_initial_state().string_to_action(text)
            said[engine] = str(info.value)
        assert said["rust"] == said["reference"], said
        if text == "\u200b":
            assert said["rust"].startswith('"\\u{200b}"'), said
        if text == "\U0001f600":
            assert said["rust"].startswith('"\U0001f600"'), said


@pytest.mark.parametrize(("name", "text", "said"), table("UNREADABLE_NOTATION"))
def test_unreadable_notation_is_named(load: Loader, name: str, text: str, said: str) -> None:
    """Notation that is no action gets a message naming what is wrong, the same from both
    engines."""
    helpers.assert_unreadable(load(name, players=2).new_initial_state(), text, said)


def every_game_tampering(name: str) -> list[tuple[Callable[[str], str], str]]:
    """What any game's saved state (its ``SAVED``: a player count and a saved state of it) is
    refused for, with the field the message names: not a JSON object, another game, version or
    player count, a key too many, and a history that is no list of the game's actions."""
    players, saved = CASES[name].SAVED
    fields = json.loads(saved)
    size = ENGINES["rust"](name, players=players).num_distinct_actions
    changes: list[tuple[str, Any]] = [
        ("game", next(other for other in GAMES if other != name)),
        ("game", 7),
        ("version", fields["version"] + 1),
        ("version", str(fields["version"])),
        *[("players", count) for count in INFO[name].players if count != players],
        ("players", str(players)),
        ("players", players + 0.5),
        ("extra", 1),
        ("history", 5),
        ("history", ["x"]),
        ("history", [-1]),
        ("history", [size]),
        ("history", [float(fields["history"][0])]),  # the first action, as a float
        ("history", [True]),
        ("history", [0, 1, 2]),
    ]
    return [
        *helpers.NOT_A_JSON_OBJECT,
        *[(helpers.set_at(key)(value), key) for key, value in changes],
    ]


@pytest.mark.parametrize(
    ("name", "make", "match"),
    [
        pytest.param(name, make, match, id=f"{name}-{i}-{_id(match)}")
        for name in sorted(CASES)
        for i, (make, match) in enumerate([*every_game_tampering(name), *CASES[name].TAMPERED])
    ],
)
def test_malformed_or_inconsistent_json(
    load: Loader, name: str, make: Callable[[str], str], match: str
) -> None:
    players, saved = CASES[name].SAVED
    helpers.assert_json_refused(load(name, players=players), saved, make, match)


@pytest.mark.parametrize(("name", "params", "match"), table("BAD_PARAMETERS"))
def test_bad_parameters(load: Loader, name: str, params: dict[str, Any], match: str) -> None:
    with pytest.raises(ParameterError, match=match):
        load(name, **params)


# A finished game of the first parameters loads with them only; each game of the others
# refuses it with a StateFormatError naming its key (the parameter that differs).
MOVED = "nw=-1,1;se=4,2"
OTHER_PARAMETERS: dict[str, tuple[dict[str, Any], dict[str, dict[str, Any]]]] = {
    "chandigarh": (
        {"players": 3, "variant": MOVED},
        {
            "variant": {"players": 3},
            "players": {"players": 2, "variant": MOVED},
            "specialists": {"players": 3, "variant": MOVED, "specialists": "none"},
        },
    ),
    "city_connect": (
        {"players": 3, "sides": "house,mayor,house"},
        {"sides": {"players": 3}, "players": {"players": 2, "sides": "house,mayor"}},
    ),
    "kardinal": ({"players": 3}, {"players": {"players": 4}}),
    "prestel_new_york": (
        {"players": 3, "max_rounds": 2},
        {
            "max_rounds": {"players": 3},
            "speeds": {"players": 3, "speeds": "1,2,1", "max_rounds": 2},
            "players": {"players": 4, "max_rounds": 2},
        },
    ),
    "rebuilding_chicago": (
        {"players": 3, "difficulty": "easy"},
        {"difficulty": {"players": 3}, "players": {"players": 2, "difficulty": "easy"}},
    ),
}


@pytest.mark.parametrize("name", sorted(OTHER_PARAMETERS))
def test_a_state_of_other_parameters_is_refused(load: Loader, name: str) -> None:
    params, others = OTHER_PARAMETERS[name]
    helpers.assert_loads_with_its_parameters_only(load, name, params, others)


@pytest.mark.parametrize("name", sorted(OTHER_PARAMETERS))
def test_a_state_of_other_parameters_or_version_gets_one_message(name: str) -> None:
    """Both engines refuse a saved state recorded with other parameters, or of another
    version of the rules, in the same words: the field, its saved value and the loading
    game's, as compact JSON."""
    params, others = OTHER_PARAMETERS[name]
    title = name.replace("_", " ").title()  # as messages name the game
    text = ENGINES["rust"](name, **params).new_initial_state().to_json()
    for key, other in others.items():
        own = json.loads(ENGINES["rust"](name, **other).new_initial_state().to_json())
        saved = json.loads(text)
        expected = (
            f'not a {title} state: "{key}" is {compact(saved[key])}, but this game has '
            f"{key} = {compact(own[key])}: load the state with a game of the same parameters"
        )
        for engine in sorted(ENGINES):
            with pytest.raises(StateFormatError) as info:
                ENGINES[engine](name, **other).state_from_json(text)
            assert str(info.value) == expected, engine
    newer = json.dumps({**json.loads(text), "version": INFO[name].version + 1})
    for engine in sorted(ENGINES):
        with pytest.raises(StateFormatError) as info:
            ENGINES[engine](name, **params).state_from_json(newer)
        assert str(info.value) == (
            f'not a {title} state: "version" is {INFO[name].version + 1}, but this engine '
            f"plays version {INFO[name].version}"
        ), engine


def compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


@pytest.mark.parametrize(("name", "change", "words"), table("BROKEN"))
def test_broken_data_file(
    load: Loader, tmp_path: Path, name: str, change: Callable[[str], str], words: tuple[str, ...]
) -> None:
    """A DataError that names the file, the entry and the field (spec, *Component data*)."""
    packaged = helpers.data_path(name).read_text()
    broken = change(packaged)
    assert broken != packaged
    message = helpers.data_error(load, name, tmp_path / "broken.toml", broken, players=2)
    for word in words:
        assert re.search(word, message), f"{word!r} is not named: {message}"


# Not TOML at all: test_load.py, the same message from both engines for every game.
@pytest.mark.parametrize("name", GAMES)
def test_a_data_file_of_another_game(load: Loader, tmp_path: Path, name: str) -> None:
    """The packaged file with another game's name in ``game``: a DataError naming the field
    and the game it names."""
    packaged = helpers.data_path(name).read_text()
    for other in GAMES:
        if other != name:
            broken = packaged.replace(f'game = "{name}"', f'game = "{other}"', 1)
            message = helpers.data_error(load, name, tmp_path / "other.toml", broken, players=2)
            assert "game" in message and other in message, message


@pytest.mark.parametrize(
    "name", [name for name in sorted(CASES) if hasattr(CASES[name], "battery")]
)
def test_both_engines_raise_the_same_exception_class(name: str) -> None:
    """Illegal moves, bad ids, notation and seats in one position: the same class in both
    engines. (Each saved state, parameter and data file above is refused with its class in
    both engines by its own test.)"""
    assert helpers.different_outcomes(CASES[name].battery) == []
