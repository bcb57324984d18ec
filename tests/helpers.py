"""What every game's tests share: reading a state, stepping it, refusing a move, editing a save.

The per-game test files keep their game's rules; these are the verbs they are written with.
"""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import pytest

import boardcore
from boardcore import DataError, IllegalActionError, NotationError, SplitMix64, StateFormatError
from boardcore.api import CHANCE, Game, State
from boardcore.cli import main
from boardcore.svg import state_to_svg
from tests.conftest import ENGINES, Loader

Json = dict[str, Any]
SVG = "{http://www.w3.org/2000/svg}"


def data_path(name: str) -> Path:
    """The packaged data file of the game ``name``."""
    return Path(boardcore.__file__).parent / "data" / f"{name}.toml"


# --- action ids -----------------------------------------------------------------------------


class Encoding(NamedTuple):
    """A game's action encoding as its spec documents it: how many action ``ids`` there are
    (``actions``), and a few of them by their notation."""

    actions: int
    ids: dict[str, int]


def assert_every_id_named(game: Game, count: int, unnamed: Collection[int] = ()) -> None:
    """``game`` has ``count`` action ids, and each but the ``unnamed`` has a notation that
    reads back to it, no two the same."""
    assert game.num_distinct_actions == count
    named = [action for action in range(count) if action not in unnamed]
    assert list(notations(game.new_initial_state(), count)) == named


# --- both engines' pictures -----------------------------------------------------------------


def slow_after_the_first(settings: Sequence[Any], ids: Sequence[str]) -> list[Any]:
    """``settings`` as pytest parameters: the first in the normal run, the others in the slow
    tier."""
    return [
        pytest.param(setting, id=name, marks=[pytest.mark.slow] if k else [])
        for k, (setting, name) in enumerate(zip(settings, ids, strict=True))
    ]


def seeds(*chosen: int) -> list[Any]:
    """Seeds as pytest parameters: the first in the normal run, the others in the slow tier
    (a check that repeats over more games once the first has shown it)."""
    return slow_after_the_first(chosen, [f"seed{seed}" for seed in chosen])


def assert_a_game_drawn_alike(name: str, setting: dict[str, Any], saver: str, seed: int) -> None:
    """Along the random game of ``seed`` played by engine ``saver``, both engines' states
    draw the same SVG, for everyone and for every seat, and show it in Jupyter."""
    rust, reference = ENGINES["rust"](name, **setting), ENGINES["reference"](name, **setting)
    player = rust if saver == "rust" else reference
    assert_drawn_alike(rust, reference, random_states(player, seed, every=10_000)[-1].history(), 10)


# --- a browser ------------------------------------------------------------------------------


def open_chromium(width: int, height: int) -> Any:
    """A headless Chromium driven by selenium, or a skip saying what is missing."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if chromium is None or driver_path is None:
        pytest.skip(
            "headless Chromium test skipped: `chromium` and `chromedriver` are not on PATH "
            "(Debian: apt-get install chromium chromium-driver; .ci/run installs them)"
        )
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        f"--window-size={width},{height}",
    ):
        options.add_argument(argument)
    # The driver is given: Selenium Manager is never asked to find or download one.
    return webdriver.Chrome(service=Service(driver_path), options=options)


# --- changing a data file (each a function of its text, for tables of broken files) ---------


def in_block(header: str, end: str, old: str, new: str) -> Callable[[str], str]:
    """``old`` becomes ``new`` once, between the first ``header`` and the next ``end``."""

    def change(text: str) -> str:
        begin = text.index(header)
        stop = text.index(end, begin)
        block = text[begin:stop]
        assert old in block, old
        return text[:begin] + block.replace(old, new, 1) + text[stop:]

    return change


def in_entry(table: str, index: int, old: str, new: str) -> Callable[[str], str]:
    """``old`` becomes ``new`` once, inside entry ``index`` of ``[[table]]``."""
    return lambda text: edit_entry(text, table, index, old, new)


def without_entry(table: str, index: int) -> Callable[[str], str]:
    return lambda text: drop_entry(text, table, index)


def twice_entry(table: str, index: int) -> Callable[[str], str]:
    return lambda text: copy_entry(text, table, index)


# --- reading a state ------------------------------------------------------------------------


def js(state: State) -> Json:
    """The state's canonical JSON, parsed."""
    parsed: Json = json.loads(state.to_json())
    return parsed


def phase(state: State) -> str:
    return str(js(state)["phase"])


def status(state: State) -> str:
    """The first line of the text rendering."""
    return str(state).splitlines()[0]


def same_view(a: State, b: State, seat: int) -> bool:
    """``seat`` cannot tell ``a`` from ``b``: the same observation tensor and string."""
    return bool(
        np.array_equal(a.observation_tensor(seat), b.observation_tensor(seat))
        and a.observation_string(seat) == b.observation_string(seat)
    )


def observation(state: State, seat: int, size: int) -> Any:
    """``seat``'s observation tensor: float32, ``size`` long."""
    result = np.asarray(state.observation_tensor(seat))
    assert result.dtype == np.float32
    assert result.shape == (size,)
    return result


# --- moving ---------------------------------------------------------------------------------


def legal_now(state: State) -> list[int]:
    """The legal actions, or the chance outcomes at a chance node ([] at the end)."""
    if state.is_terminal():
        return []
    if state.current_player() == CHANCE:
        return [a for a, _ in state.chance_outcomes()]
    return state.legal_actions()


def step(state: State, rng: SplitMix64) -> None:
    """One random step: a chance outcome by weight, or a uniformly random legal action."""
    if state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.choose_weighted([w for _, w in outcomes])][0])
    else:
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])


def random_states(game: Game, seed: int, every: int = 1, limit: int = 20_000) -> list[State]:
    """Every ``every``-th state of one seeded random game, the first and the last included;
    a game longer than ``limit`` actions fails (it does not end)."""
    state = game.new_initial_state()
    rng = SplitMix64(seed)
    states = [state.clone()]
    while not state.is_terminal():
        step(state, rng)
        assert len(state.history()) < limit, f"seed {seed}: the game does not end"
        if len(state.history()) % every == 0 or state.is_terminal():
            states.append(state.clone())
    return states


def first_of_each_phase(
    load: Loader, name: str, runs: Iterable[tuple[dict[str, Any], int]], phases: Collection[str]
) -> dict[str, State]:
    """The first state of each phase met by seeded random games, ``runs`` being (parameters,
    seed) in the order searched, until all ``phases`` are met. The Rust engine finds them and
    ``load``'s engine replays their histories (the engines agree move for move), so the slow
    engine does not write a saved state at every step."""
    found: dict[str, tuple[dict[str, Any], list[int]]] = {}
    for params, seed in runs:
        state = boardcore.load(name, **params).new_initial_state()
        rng = SplitMix64(seed)
        while True:
            found.setdefault(phase(state), (params, state.history()))
            if state.is_terminal():
                break
            step(state, rng)
            assert len(state.history()) < 20_000, f"seed {seed}: the game does not end"
        if len(found) == len(phases):
            break
    states = {at: load(name, **params).replay(history) for at, (params, history) in found.items()}
    assert all(phase(state) == at for at, state in states.items())
    return states


def assert_refuses_every_illegal_id(
    reached: dict[str, State],
    at: str,
    phases: Collection[str],
    count: int,
    unnamed: Collection[int] = (),
) -> None:
    """Random games reached only the ``phases``, and ``at`` among them; in its first state
    every id (of ``count``) that is not legal raises IllegalActionError naming the move (or
    its id, where it has no notation: ``unnamed``), and changes nothing."""
    assert set(reached) <= set(phases), sorted(set(reached) - set(phases))
    assert at in reached, f"no random game reached the {at} phase"
    state = reached[at].clone()
    before = state.to_json()
    legal = set(legal_now(state))
    for action in range(count):
        if action in legal:
            continue
        with pytest.raises(IllegalActionError) as info:
            state.apply_action(action)
        text = str(action) if action in unnamed else state.action_to_string(action)
        assert text in str(info.value) or str(action) in str(info.value)
        assert state.to_json() == before, (at, text)


def notation_words(states: Iterable[State]) -> set[str]:
    """The first words of the notation of every legal action and chance outcome of
    ``states``, each of which reads back to its id, the exact text only: nothing stripped
    (DESIGN.md). The ids come sorted, none twice."""
    words: set[str] = set()
    for state in states:
        actions = legal_now(state)
        assert actions == sorted(set(actions))
        for action in actions:
            text = state.action_to_string(action)
            assert state.string_to_action(text) == action, text
            with pytest.raises(NotationError):
                state.string_to_action(f"  {text} ")
            words.add(text.split(" ")[0])
    return words


def assert_encodes(state: State, expected: dict[str, int]) -> None:
    """Each notation reads as its id, and each id is written as that notation."""
    for text, action in expected.items():
        assert state.string_to_action(text) == action, text
        assert state.action_to_string(action) == text, text


def notations(state: State, count: int) -> dict[int, str]:
    """The notation of each of the ``count`` ids that has one; each reads back to its id and
    no two are the same."""
    texts: dict[int, str] = {}
    for action in range(count):
        try:
            texts[action] = state.action_to_string(action)
        except NotationError:
            continue
        assert state.string_to_action(texts[action]) == action, texts[action]
    assert len(set(texts.values())) == len(texts)
    return texts


def assert_loads_with_its_parameters_only(
    load: Loader, name: str, params: dict[str, Any], others: dict[str, dict[str, Any]]
) -> None:
    """A finished game of ``params`` loads with them, and each game of ``others`` refuses it
    with a StateFormatError naming its key (the parameter that differs)."""
    text = boardcore.play(load(name, **params), seed=1).to_json()
    for word, other in others.items():
        with pytest.raises(StateFormatError, match=word):
            load(name, **other).state_from_json(text)
    assert load(name, **params).state_from_json(text).to_json() == text


def assert_rebuilds(load: Loader, game: Game) -> None:
    """The game's ``params`` make the same game again: the same params, the same seeded game."""
    twin = load(game.name, **game.params)
    assert twin.params == game.params
    assert boardcore.play(twin, seed=3).to_json() == boardcore.play(game, seed=3).to_json()


def assert_legal(state: State, *moves: str) -> None:
    legal = legal_now(state)
    for move in moves:
        assert state.string_to_action(move) in legal, move


def assert_rejected(state: State, move: str) -> None:
    """Applying ``move`` raises IllegalActionError naming it, and changes nothing."""
    action = state.string_to_action(move)
    assert action not in legal_now(state), move
    before = state.to_json()
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(action)
    message = str(info.value)
    assert move in message or str(action) in message, message
    assert state.to_json() == before


def assert_reason(state: State, move: str, reason: str) -> None:
    """Applying ``move`` is refused (as by :func:`assert_rejected`) for exactly ``reason``,
    the words after the message's "is illegal: "."""
    before = state.to_json()
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(state.string_to_action(move))
    assert str(info.value).split(" is illegal: ", 1)[1:] == [reason], str(info.value)
    assert state.to_json() == before


def assert_unreadable(state: State, text: str, said: str) -> None:
    """``string_to_action(text)`` raises NotationError saying exactly ``said``: the same
    words from both engines, the text quoted as the Rust engine quotes a str."""
    with pytest.raises(NotationError) as info:
        state.string_to_action(text)
    assert str(info.value) == said


# --- editing a saved state ------------------------------------------------------------------


def canonical(obj: Json) -> str:
    """``obj`` as ``to_json`` writes a saved state: keys sorted, no white space."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def drop(text: str, key: str) -> str:
    """The saved state ``text`` without a top-level field."""
    obj = json.loads(text)
    del obj[key]
    return canonical(obj)


def edited(text: str, change: Callable[[Json], None]) -> str:
    """The saved state ``text`` after ``change`` edits its parsed JSON in place."""
    obj = json.loads(text)
    change(obj)
    return canonical(obj)


def edit(change: Callable[[Json], None]) -> Callable[[str], str]:
    """A change of a saved state, given as an edit of its parsed JSON."""
    return lambda text: edited(text, change)


def set_at(*path: Any) -> Callable[[Any], Callable[[str], str]]:
    """A change of one value inside a saved state: ``set_at("pending", "todo")(1)``."""

    def value(new: Any) -> Callable[[str], str]:
        def change(obj: Json) -> None:
            inner = obj
            for key in path[:-1]:
                inner = inner[key]
            inner[path[-1]] = new

        return edit(change)

    return value


def del_at(*path: Any) -> Callable[[str], str]:
    """A change of a saved state: the value at ``path`` removed."""

    def change(obj: Json) -> None:
        inner = obj
        for key in path[:-1]:
            inner = inner[key]
        del inner[path[-1]]

    return edit(change)


def tampered(key: str, *values: Any) -> list[tuple[Callable[[str], str], str]]:
    """Changes of a saved state that set its top-level field ``key`` to each of ``values``,
    each to be refused with a message naming ``key``."""
    return [(set_at(key)(value), key) for value in values]


def history_edit(change: Callable[[list[int]], list[Any]]) -> Callable[[str], str]:
    """A change of a saved state's history (the fields left as they were)."""

    def rewrite(obj: Json) -> None:
        obj["history"] = change(obj["history"])

    return edit(rewrite)


# Saved "states" that are not JSON, or not a JSON object: refused by every game.
NOT_A_JSON_OBJECT: list[tuple[Callable[[str], str], str]] = [
    (lambda t: "{", "JSON"),
    (lambda t: t[:-1], "JSON"),
    (lambda t: "", "JSON"),
    (lambda t: t + "x", "JSON"),
    (lambda t: "[]", "object"),
    (lambda t: "7", "object"),
    (lambda t: "null", "object"),
    (lambda t: '"state"', "object"),
]


def assert_json_refused(game: Game, good: str, make: Callable[[str], str], match: str) -> None:
    """``good`` loads as it is; ``make(good)`` differs and gets a StateFormatError matching
    ``match``."""
    assert game.state_from_json(good).to_json() == good
    bad = make(good)
    assert bad != good
    with pytest.raises(StateFormatError, match=match):
        game.state_from_json(bad)


def replace(old: str, new: str) -> Callable[[str], str]:
    """A change of a saved state's text: the first ``old`` becomes ``new``."""

    def change(text: str) -> str:
        assert old in text, old
        return text.replace(old, new, 1)

    return change


# --- parameters -----------------------------------------------------------------------------


def bad_player_counts(fewest: int, most: int) -> list[tuple[dict[str, Any], str]]:
    """Player counts a game with ``fewest``..``most`` seats refuses with a ParameterError
    naming ``players``: too few, too many, negative, and what is not an int."""
    counts: list[Any] = [*sorted({0, fewest - 1, most + 1, -1}), "2", "four", 2.0, True]
    return [({"players": count}, "players") for count in counts]


# --- editing a data file -------------------------------------------------------------------


def entries(text: str, table: str) -> list[tuple[int, int]]:
    """The character spans of the ``[[table]]`` entries of a data file, in order (an entry
    ends where the next ``[[...]]`` header or comment block starts)."""
    spans = []
    for match in re.finditer(rf"(?m)^\[\[{re.escape(table)}\]\]\n", text):
        nxt = re.compile(r"(?m)^(\[|# )").search(text, match.end())
        spans.append((match.start(), len(text) if nxt is None else nxt.start()))
    return spans


def edit_entry(text: str, table: str, index: int, old: str, new: str) -> str:
    """``text`` with ``old`` replaced by ``new`` once, inside entry ``index`` of ``table``."""
    begin, end = entries(text, table)[index]
    block = text[begin:end]
    assert old in block, (table, index, old)
    return text[:begin] + block.replace(old, new, 1) + text[end:]


def drop_entry(text: str, table: str, index: int) -> str:
    begin, end = entries(text, table)[index]
    return text[:begin] + text[end:]


def copy_entry(text: str, table: str, index: int) -> str:
    """``text`` with entry ``index`` of ``table`` written twice."""
    begin, end = entries(text, table)[index]
    return text[:end] + text[begin:end] + text[end:]


def played_with_and_without(
    load: Loader, name: str, path: Path, seeds: Iterable[int], **params: Any
) -> Iterator[tuple[State, State]]:
    """Each seeded game of ``name`` played to the end with the packaged data and with the data
    file ``path`` (the two finished states, in that order): a file that changes no rule that
    moves the game plays the same game from the same seed."""
    mine = load(name, data=str(path), **params)
    packaged = load(name, **params)
    assert mine.params["data"] == str(path)
    for seed in seeds:
        a = boardcore.play(packaged, seed=seed)
        b = boardcore.play(mine, seed=seed)
        assert a.history() == b.history(), seed
        yield a, b


# --- a broken data file ---------------------------------------------------------------------


def data_error(load: Loader, name: str, path: Path, text: str, **params: Any) -> str:
    """The message of the DataError that loading ``text`` (written to ``path``) raises; it
    names the file."""
    path.write_text(text)
    with pytest.raises(DataError) as info:
        load(name, data=str(path), **params)
    message = str(info.value)
    assert path.name in message, message
    return message


def assert_a_broken_file_is_not_cached(name: str, tmp_path: Path, text: str, **params: Any) -> None:
    """After a broken data file fails to load, the same path fixed loads fine (nothing is
    cached), in both engines."""
    path = tmp_path / "fixed.toml"
    for load in ENGINES.values():
        data_error(load, name, path, text.replace(f'game = "{name}"', 'game = "chess"'), **params)
        path.write_text(text)
        fixed = load(name, data=str(path), **params)
        assert fixed.num_distinct_actions == load(name, **params).num_distinct_actions


# --- comparing the engines ------------------------------------------------------------------

Calls = list[tuple[str, Callable[[], Any]]]


def outcome(call: Callable[[], Any]) -> str:
    """``"ok"``, or the class name of what ``call`` raised: what two engines must agree on."""
    try:
        call()
    except Exception as error:  # the class is what is compared
        return type(error).__name__
    return "ok"


def call(function: Callable[..., Any], *args: Any, **kwargs: Any) -> Callable[[], Any]:
    return lambda: function(*args, **kwargs)


def state_calls(state: Any, moves: Iterable[str], notations: Iterable[Any]) -> Calls:
    """Bad input to a state: illegal moves, ids out of range or not ids, bad notation, bad
    seats (-1, one past the last, a string)."""
    ids = (-1, len(state.legal_action_mask()), "x", None)
    seats = (-1, len(state.scores()), "0")
    return [
        *((f"apply {move}", call(_apply, state, move)) for move in moves),
        *((f"apply {bad!r}", call(state.apply_action, bad)) for bad in ids),
        *((f"to_string {bad!r}", call(state.action_to_string, bad)) for bad in ids),
        *((f"notation {text!r}", call(state.string_to_action, text)) for text in notations),
        *((f"tensor {seat!r}", call(state.observation_tensor, seat)) for seat in seats),
        *((f"string {seat!r}", call(state.observation_string, seat)) for seat in seats),
    ]


def _apply(state: State, move: str) -> None:
    state.apply_action(state.string_to_action(move))


def different_outcomes(battery: Callable[[Loader], Calls]) -> list[Any]:
    """The calls of ``battery`` (all of them bad input) where the two engines raise different
    exception classes, or either raises nothing."""
    made = {which: battery(ENGINES[which]) for which in sorted(ENGINES)}
    different = []
    for (name, a), (_, b) in zip(made["rust"], made["reference"], strict=True):
        got = (outcome(a), outcome(b))
        if got[0] != got[1] or got[0] == "ok":
            different.append((name, got))
    return different


# --- pictures -------------------------------------------------------------------------------


def parse(svg: str) -> ET.Element:
    """A picture, parsed: an SVG document with a title."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.find(f"{SVG}title") is not None
    return root


def texts(element: ET.Element) -> list[str]:
    """Every text and tooltip under ``element``."""
    return [
        e.text or "" for e in element.iter() if e.tag in (f"{SVG}text", f"{SVG}title", f"{SVG}desc")
    ]


def group(root: ET.Element, cls: str) -> ET.Element:
    found = root.find(f".//{SVG}g[@class='{cls}']")
    assert found is not None, cls
    return found


def ring(svg: str) -> ET.Element | None:
    """The last-move ring of a picture, if it has one."""
    marks = group(parse(svg), "last-action")
    assert len(marks) <= 1
    return marks[0] if len(marks) else None


def picture_halfway(game: Game, seed: int) -> tuple[Any, Json, ET.Element]:
    """The position halfway through the seeded game ``seed`` of ``game``: the state, its saved
    JSON and its picture, parsed."""
    history = boardcore.play(game, seed=seed).history()
    state: Any = game.replay(history[: len(history) // 2])
    return state, json.loads(state.to_json()), parse(state.to_svg())


def sample_along(game: Game, history: list[int], every: int) -> list[tuple[Any, Json]]:
    """Every ``every``-th state along ``history``, the first of each phase and the last, each
    with its saved JSON."""
    state = game.new_initial_state()
    found: list[tuple[Any, Json]] = []
    phases: set[str] = set()
    for at, action in enumerate([*history, None]):
        saved = js(state)
        if at % every == 0 or saved["phase"] not in phases or action is None:
            found.append((state.clone(), saved))
            phases.add(saved["phase"])
        if action is not None:
            state.apply_action(action)
    return found


def sample_played(game: Game, seed: int, every: int) -> list[tuple[Any, Json]]:
    """``sample_along`` the seeded game ``boardcore.play`` plays."""
    return sample_along(game, boardcore.play(game, seed=seed).history(), every)


def sample_random(game: Game, seed: int, every: int) -> list[tuple[Any, Json]]:
    """``sample_along`` the seeded game ``random_states`` plays."""
    last = random_states(game, seed, every=10_000)[-1]  # its history is all that is needed
    return sample_along(game, last.history(), every)


def views_drawn(samples: Iterable[tuple[Any, Json]]) -> int:
    """``assert_every_view_drawn`` on each sampled state; how many pictures were drawn."""
    return sum(assert_every_view_drawn(state) for state, _ in samples)


def assert_every_view_drawn(state: Any) -> int:
    """The picture for everyone and from each seat: its description is the status line of
    the text rendering, and the seat panels show the scores, ``you`` and ``winner`` where
    they belong. Returns how many pictures were drawn."""
    perspectives = (None, *range(len(state.scores())))
    for perspective in perspectives:
        root = parse(state.to_svg(perspective))
        description = root.find(f"{SVG}desc")
        assert description is not None and description.text == status(state)
        assert_seat_panels(root, state, perspective, state.scores())
    return len(perspectives)


def assert_seat_panels(root: ET.Element, state: State, perspective: int | None, shown: Any) -> None:
    """Each seat's panel shows ``shown[seat]`` (its score, say), ``you`` on the perspective's
    seat only and ``winner`` on the winners' only."""
    for seat in range(len(state.scores())):
        seat_texts = texts(group(root, f"seat seat-{seat}"))
        assert str(shown[seat]) in seat_texts
        assert ("you" in " ".join(seat_texts)) == (seat == perspective)
        assert any("winner" in text for text in seat_texts) == (seat in state.winners())


def assert_drawn_alike(rust: Game, reference: Game, history: list[int], frames: int) -> None:
    """At about ``frames`` points along ``history`` and at its end, both engines' states are
    the same and draw the same picture, for everyone and for every seat, and show it in
    Jupyter."""
    step = max(1, len(history) // frames)
    for cut in [*range(0, len(history), step), len(history)]:
        a: Any = rust.replay(history[:cut])
        b: Any = reference.replay(history[:cut])
        assert a.to_json() == b.to_json()
        svg = a.to_svg()
        parse(svg)
        assert svg == b.to_svg()
        for perspective in range(rust.num_players):
            assert a.to_svg(perspective) == b.to_svg(perspective)
        assert a._repr_svg_() == svg == state_to_svg(a.to_json())
        assert b._repr_svg_() == svg


# --- writing a component file ---------------------------------------------------------------


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML for {value!r}")


def write_toml(path: Path, doc: Json) -> str:
    """``doc``, a parsed component file, written to ``path`` in the packaged files' layout
    (the top-level values, then each ``[table]``, then each ``[[array]]`` of tables); the
    path, as a string."""
    lines = [f"{k} = {_toml_value(v)}" for k, v in doc.items() if not isinstance(v, dict | list)]
    for key, value in doc.items():
        if isinstance(value, dict):
            lines += ["", f"[{key}]"] + [f"{k} = {_toml_value(v)}" for k, v in value.items()]
    for key, value in doc.items():
        if isinstance(value, list):
            for entry in value:
                lines += ["", f"[[{key}]]"] + [f"{k} = {_toml_value(v)}" for k, v in entry.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


# --- a random step, uniformly ---------------------------------------------------------------


def step_uniformly(state: State, below: Callable[[int], int]) -> None:
    """One random step, every chance outcome (whatever its weight) or legal action alike:
    ``below(n)`` picks one of ``n``."""
    if state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[below(len(outcomes))][0])
    else:
        legal = state.legal_actions()
        state.apply_action(legal[below(len(legal))])


def packaged_data(name: str) -> Json:
    """The packaged data file of the game ``name``, parsed."""
    import sys

    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10 has no tomllib
        import tomli as tomllib
    parsed: Json = tomllib.loads(data_path(name).read_text(encoding="utf-8"))
    return parsed


# --- the command ----------------------------------------------------------------------------


def simulated_by_cli(
    capsys: pytest.CaptureFixture[str], out: Path, players: int, seed: int, *options: str
) -> str:
    """``boardcore simulate kardinal`` of 300 games (with ``options``) written to ``out``:
    what it printed."""
    args = ["simulate", "kardinal", "--players", str(players), "--seed", str(seed)]
    assert main([*args, "--games", "300", *options, "--out", str(out)]) == 0
    return capsys.readouterr().out
