"""Property-based fuzzing of the public API in both engines (the input policy of DESIGN.md).

Hypothesis draws actions, notation, mutated saved states, parameters, data files, seeds and
counts; every property asserts the same three things: an input is either accepted or refused
with a specific error (a ``BoardcoreError`` for a bad value, a ``TypeError`` for a bad type,
never ``OverflowError``, ``KeyError``, ``IndexError`` or a panic), a refusal changes nothing,
and the two engines give the same outcome. Each property runs a few dozen examples here and
many more in the slow tier (``-m slow``); a failure prints the example to keep as a case.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardcore
from boardcore.errors import BoardcoreError
from tests.conftest import ENGINES
from tests.contract.settings import GAMES, SETTINGS, Params, game, random_game

QUICK = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,  # the README's tier is repeatable; the slow tier explores
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
MANY = settings(
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
# Messages quote at most 200 characters of the input (DESIGN.md): with their own words, a
# message stays under this even when every quoted character is escaped (`\\u{10ffff}`).
LONGEST_MESSAGE = 2500

Outcome = tuple[str, Any]


def outcome(call: Callable[[], Any], keep: Callable[[Any], Any] = lambda r: r) -> Outcome:
    """("ok", keep(result)) or ("error", class name); any other exception fails the test."""
    try:
        result = call()
    except (BoardcoreError, TypeError) as caught:
        error: Exception = caught
    else:
        return ("ok", keep(result))
    message = str(error)
    assert message, "an error without a message"
    assert len(message) <= LONGEST_MESSAGE, f"{len(message)} characters: {message:.300}"
    return ("error", type(error).__name__)


def both(call: Callable[[str], Any], keep: Callable[[Any], Any] = lambda r: r) -> Outcome:
    """The outcome of ``call(engine)`` in both engines, asserted equal."""
    rust = outcome(lambda: call("rust"), keep)
    reference = outcome(lambda: call("reference"), keep)
    assert rust == reference, f"rust {rust!r:.300} != reference {reference!r:.300}"
    return rust


# --- a position of a seeded game --------------------------------------------------------------


@st.composite
def positions(draw: st.DrawFn) -> tuple[str, Params, int]:
    """A setting and the index of a state of its seeded random game (seed 0)."""
    name, params = draw(st.sampled_from(SETTINGS))
    length = len(random_game("rust", name, params, 0))
    return name, params, draw(st.integers(0, length - 1))


def state_at(engine: str, position: tuple[str, Params, int]) -> Any:
    name, params, index = position
    return random_game(engine, name, params, 0)[index].clone()


# --- actions ------------------------------------------------------------------------------------

NUMPY_INTS = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]


def numpy_ints(values: st.SearchStrategy[int]) -> st.SearchStrategy[Any]:
    def make(dtype: Any, value: int) -> Any:
        info = np.iinfo(dtype)
        return dtype(min(max(value, info.min), info.max))

    return st.builds(make, st.sampled_from(NUMPY_INTS), values)


def action_values(legal: list[int], size: int) -> st.SearchStrategy[Any]:
    ids = st.integers(-3, size + 3)
    some = st.sampled_from(legal) if legal else ids
    return st.one_of(
        some,
        ids,
        st.integers(-(2**70), 2**70),
        numpy_ints(st.one_of(some, ids)),
        st.builds(np.array, some),  # a 0-d array: has __index__
        st.floats(allow_nan=True),
        st.none(),
        st.booleans(),
        st.text(max_size=6),
        st.lists(st.integers(0, 3), max_size=2),
    )


def check_action(data: st.DataObject) -> None:
    position = data.draw(positions())
    name, params, _ = position
    size = game("rust", name, params).num_distinct_actions
    value = data.draw(action_values(state_at("rust", position).legal_actions(), size))

    def apply(engine: str) -> str:
        state = state_at(engine, position)
        before = state.to_json()
        try:
            state.apply_action(value)
        except BaseException:
            assert state.to_json() == before, "a refused action changed the state"
            raise
        return str(state.to_json())

    both(apply)


# --- notation -----------------------------------------------------------------------------------

EDITS = ["insert", "delete", "replace", "upper", "space", "double", "digits", "truncate"]


@st.composite
def notations(draw: st.DrawFn, legal: list[str]) -> str:
    if not legal or draw(st.integers(0, 4)) == 0:
        return draw(st.text(max_size=40))
    text = draw(st.sampled_from(legal))
    for _ in range(draw(st.integers(0, 3))):
        edit = draw(st.sampled_from(EDITS))
        at = draw(st.integers(0, len(text)))
        char = draw(st.characters(codec="utf-8"))
        if edit == "insert":
            text = text[:at] + char + text[at:]
        elif edit == "delete":
            text = text[:at] + text[at + 1 :]
        elif edit == "replace":
            text = text[:at] + char + text[at + 1 :]
        elif edit == "upper":
            text = text.upper()
        elif edit == "space":
            text = text[:at] + draw(st.sampled_from([" ", "  ", "\t", "\n", "\x1c"])) + text[at:]
        elif edit == "double":
            text = text + " " + text
        elif edit == "digits":
            text = re.sub(r"\d+", lambda _: str(draw(st.integers(-(10**30), 10**30))), text)
        else:
            text = text[:at]
    return text


def check_notation(data: st.DataObject) -> None:
    position = data.draw(positions())
    rust = state_at("rust", position)
    legal = [rust.action_to_string(a) for a in rust.legal_actions()]
    text = data.draw(notations(legal))

    def parse(engine: str) -> int:
        state = state_at(engine, position)
        before = state.to_json()
        try:
            return int(state.string_to_action(text))
        finally:
            assert state.to_json() == before, "string_to_action changed the state"

    kind, action = both(parse)
    if kind == "ok":  # an accepted text names its action exactly (no whitespace games)
        assert rust.action_to_string(action) == text


# --- saved states -------------------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 60),
        st.integers(-(2**70), 2**70),
        st.text(max_size=5),
    ),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=2)
    ),
    max_leaves=6,
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a parsed JSON document (the root excluded)."""
    out: list[tuple[Any, ...]] = []
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else []
    )
    for key, inner in items:
        out.append((*prefix, key))
        out.extend(paths(inner, (*prefix, key)))
    return out


MUTATIONS = ("value", "delete", "add", "text", "number")


@st.composite
def mutated_json(draw: st.DrawFn, text: str, kinds: tuple[str, ...] = MUTATIONS) -> str:
    kind = draw(st.sampled_from(kinds))
    if kind == "text":  # a character inserted, deleted or replaced, or the text cut short
        at = draw(st.integers(0, len(text)))
        char = draw(st.sampled_from(list('{}[],:"0123456789-.e ')) | st.characters(codec="utf-8"))
        return draw(
            st.sampled_from([text[:at] + char + text[at:], text[:at] + text[at + 1 :], text[:at]])
        )
    if kind == "number":  # an integer written another way
        numbers = list(re.finditer(r"(?<![\w\"])-?\d+(?![\w\"])", text))
        if numbers:
            match = draw(st.sampled_from(numbers))
            other = draw(st.sampled_from([".0", "e0", "E+0", "0" * 30, "1"]))
            swap = draw(
                st.sampled_from(["-0", "true", "null", f'"{match.group()}"', match.group() + other])
            )
            return text[: match.start()] + swap + text[match.end() :]
    doc = json.loads(text)
    where = paths(doc)
    path = draw(st.sampled_from(where)) if where else ()
    parent: Any = doc
    for key in path[:-1]:
        parent = parent[key]
    if not path:
        return json.dumps(draw(JSON_VALUES))
    last = path[-1]
    if kind == "delete" and isinstance(parent, dict):
        del parent[last]
    elif kind == "delete" and isinstance(parent, list):
        parent.pop(last)
    elif kind == "add" and isinstance(parent, dict):
        parent[draw(st.text(max_size=6))] = draw(JSON_VALUES)
    elif kind == "add" and isinstance(parent, list):
        parent.insert(last, draw(JSON_VALUES))
    else:
        parent[last] = draw(JSON_VALUES)
    return json.dumps(doc, separators=(",", ":"), sort_keys=True)


def check_saved_state(data: st.DataObject) -> None:
    position = data.draw(positions())
    name, params, _ = position
    text = data.draw(mutated_json(state_at("rust", position).to_json()))
    both(
        lambda engine: game(engine, name, params).state_from_json(text),
        keep=lambda state: state.to_json(),
    )


def check_saved_state_words(data: st.DataObject) -> None:
    """A saved state with a value changed, removed or added, a number written another way, or
    a character inserted, deleted or replaced, or the text cut short: both engines refuse it
    in the same words (a text that is no JSON named where it stops being JSON, not in each
    JSON parser's own words), or load it."""
    position = data.draw(positions())
    name, params, _ = position
    text = data.draw(mutated_json(state_at("rust", position).to_json()))
    said = {}
    for engine in ENGINES:
        try:
            said[engine] = game(engine, name, params).state_from_json(text).to_json()
        except boardcore.StateFormatError as error:
            said[engine] = str(error)
    assert said["rust"] == said["reference"], said


# --- parameters -------------------------------------------------------------------------------

PARAMETERS = {
    "chandigarh": ["players", "specialists", "variant"],
    "city_connect": ["players", "sides"],
    "kardinal": ["players"],
    "prestel_new_york": ["players", "speeds", "max_rounds"],
    "rebuilding_chicago": ["players", "difficulty"],
}
WORDS = ["none", "house", "mayor", "easy", "standard", "expert", "nw=-1,1;se=4,2", "3,2,1"]
PARAMETER_VALUES = st.one_of(
    st.integers(-2, 6),
    st.integers(-(2**70), 2**70),
    numpy_ints(st.integers(-2, 6)),
    st.none(),
    st.booleans(),
    st.floats(),
    st.sampled_from(WORDS),
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(",".join),
    st.text(max_size=8),
)


def check_parameters(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(GAMES))
    keys = st.sampled_from([*PARAMETERS[name], "bogus"])
    params = data.draw(st.dictionaries(keys, PARAMETER_VALUES, max_size=3))
    both(lambda engine: ENGINES[engine](name, **params), keep=lambda g: dict(g.params))


# --- data files ---------------------------------------------------------------------------------


def packaged_data(name: str) -> str:
    return resources.files("boardcore").joinpath("data", f"{name}.toml").read_text()


@st.composite
def mutated_data(draw: st.DrawFn, text: str) -> str:
    lines = text.splitlines()
    numbered = [
        i
        for i, line in enumerate(lines)
        if re.search(r"=\s*-?\d", line) and not line.lstrip().startswith("#")
    ]
    kind = draw(st.sampled_from(["number", "number", "delete", "duplicate", "garbage"]))
    if kind == "number" and numbered:
        at = draw(st.sampled_from(numbered))
        value = draw(
            st.sampled_from(
                ["-1", "0", "1", "150", "1000", "99999999999999999999", "1.5", "true", '"3"']
            )
        )
        lines[at] = re.sub(r"(=\s*)-?\d+", lambda m: m.group(1) + value, lines[at], count=1)
    elif kind in ("delete", "duplicate") and lines:
        at = draw(st.integers(0, len(lines) - 1))
        lines[at : at + 1] = [] if kind == "delete" else [lines[at], lines[at]]
    else:
        at = draw(st.integers(0, len(lines)))
        lines.insert(at, draw(st.text(max_size=12)))
    return "\n".join(lines) + "\n"


def check_data_file(data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(GAMES))
    text = data.draw(mutated_data(packaged_data(name)))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{name}.toml"
        path.write_text(text)

        def opening(engine: str) -> str:
            state = ENGINES[engine](name, data=str(path)).new_initial_state()
            return str(state.to_json())

        both(opening)


# --- seeds and counts ----------------------------------------------------------------------------

SEEDS = st.one_of(
    st.integers(0, 2**64 - 1),
    st.integers(-(2**80), 2**80),
    numpy_ints(st.integers(-(2**63), 2**64 - 1)),
    st.floats(),
    st.none(),
    st.booleans(),
    st.text(max_size=3),
)


def check_seed(data: st.DataObject) -> None:
    seed = data.draw(SEEDS)
    both(
        lambda engine: boardcore.play(ENGINES[engine]("kardinal", players=2), seed=seed),
        keep=lambda state: state.to_json(),
    )


COUNTS = st.one_of(
    st.integers(0, 3),
    st.integers(-(2**70), -1),
    st.integers(2**40, 2**80),
    numpy_ints(st.integers(0, 3)),
    st.floats(),
    st.none(),
    st.booleans(),
    st.just("2"),
)


def check_counts(data: st.DataObject) -> None:
    """``simulate`` refuses a bad count before it starts anything (Rust: the whole batch is
    checked up front), and plays exactly the games asked for otherwise."""
    games, chunk, threads = data.draw(COUNTS), data.draw(COUNTS), data.draw(COUNTS)
    kind, result = outcome(
        lambda: boardcore.simulate(
            "kardinal", players=2, games=games, chunk=chunk, threads=threads, seed=1
        ),
        keep=lambda r: r.lengths.shape,
    )
    if kind == "ok":
        assert result == (int(games),)


# --- agent specs --------------------------------------------------------------------------------

BUDGETS = st.one_of(st.integers(-3, 12), st.integers(10**7 + 1, 10**30)).map(str) | st.sampled_from(
    ["", "+5", " 5", "5 ", "0x10", "1e3", "٣"]
)
SPECS = st.one_of(
    st.sampled_from(["random", "greedy", "mcts", "MCTS", "random:1", "mcts:::", ""]),
    st.tuples(st.just("mcts"), BUDGETS).map(":".join),
    st.tuples(st.just("mcts"), BUDGETS, BUDGETS).map(":".join),
    st.text(max_size=12),
    st.text(min_size=300, max_size=400),
    st.none(),
    st.integers(),
    st.lists(st.just("random"), max_size=2),
)


def check_agent_spec(data: st.DataObject) -> None:
    """A spec is a known agent with budgets from 1 to 10,000,000, or a ParameterError (a
    TypeError for a non-string); the state is unchanged either way."""
    spec, seed = data.draw(SPECS), data.draw(st.integers(0, 3))
    state = boardcore.load("kardinal", players=2).new_initial_state()
    kind, action = outcome(lambda: state.agent_action(spec, seed))
    assert state.history() == []
    if kind == "ok":
        assert action in state.legal_actions()
    else:
        assert action == ("TypeError" if not isinstance(spec, str) else "ParameterError")


# --- every property: a few repeatable examples, and the slow tier's many more ---------------

PROPERTIES = [
    check_action,
    check_notation,
    check_saved_state,
    check_saved_state_words,
    check_parameters,
    check_data_file,
    check_seed,
    check_counts,
    check_agent_spec,
]


@pytest.mark.parametrize("check", PROPERTIES, ids=lambda c: c.__name__)
def test_fuzzing(check: Callable[[st.DataObject], None]) -> None:
    QUICK(given(st.data())(check))()


@pytest.mark.slow
@pytest.mark.parametrize("check", PROPERTIES, ids=lambda c: c.__name__)
def test_fuzzing_at_length(check: Callable[[st.DataObject], None]) -> None:
    MANY(given(st.data())(check))()
