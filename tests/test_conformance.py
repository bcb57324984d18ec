"""The conformance kit (``boardcore.testing``): our engines pass it, planted bugs do not.

Each planted bug is a deliberately broken copy of the reference engine, made here by
subclassing it (the reference itself is untouched). The kit must catch every one with a
report that says what is wrong, where, and how to reproduce it.
"""

from __future__ import annotations

import doctest
import importlib
import io
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt
import pytest

import boardcore
from boardcore.api import Game
from boardcore.cli import main
from boardcore.errors import ParameterError
from boardcore.reference import _kardinal_actions as actions
from boardcore.reference import kardinal as ref
from boardcore.reference.kardinal import KardinalGame, KardinalState
from boardcore.testing import (
    ApiTestResult,
    ConformanceError,
    EngineError,
    GoldenLogError,
    KitInterrupted,
    api_test,
    compare,
    json_diff,
    load_engine,
    record,
    verify,
)

ROOT = Path(__file__).parent.parent
ENGINES: dict[str, Callable[..., Game]] = {
    "rust": boardcore.load,
    "reference": boardcore.reference.load,
}
# Every game and player count that exists (the kit is game-agnostic).
GAME_COUNTS = [(info.name, players) for info in boardcore.games() for players in info.players]
# Whole random Prestel New York games run to thousands of actions, and these checks compare
# every step's JSON (which holds the history): a round limit keeps them short. Its whole
# games are diffed in tests/prestel_new_york/test_differential.py.
SHORT: dict[str, dict[str, int]] = {"prestel_new_york": {"max_rounds": 10}}


# ---------------------------------------------------------------------------------------------
# Planted bugs: broken copies of the reference engine.


_B = TypeVar("_B", bound="_Broken")


class _Broken(KardinalState):
    """A reference state whose clones (and reloads) keep the broken class."""

    def clone(self: _B) -> _B:
        other = super().clone()
        other.__class__ = type(self)
        return other


class MissedRuleIIIState(_Broken):
    """A missed rule: a yard need not touch a house (rule III); towers still must (rule II)."""

    def _placement_conflict(
        self, cells: tuple[int, ...], shape: int, colour: int
    ) -> tuple[str, int] | None:
        # The reference's check, copied, with rule III dropped.
        touches = touches_house = False
        for cell in cells:
            if cell in self._grid:
                return ref.OCCUPIED, cell
            if cell == self._cardinal:
                return ref.RULE_I, cell
        for cell in cells:
            for near in actions.neighbours(cell):
                occupant = self._grid.get(near)
                if occupant is None:
                    continue
                touches = True
                if occupant[1] == shape:
                    return ref.RULE_IV, near
                if occupant[2] == colour:
                    return ref.RULE_V, near
                touches_house = touches_house or occupant[1] == actions.HOUSE
        if not touches:
            return ref.NOT_ADJACENT, cells[0]
        if shape == actions.TOWER and not touches_house:  # was: shape != HOUSE
            return ref.RULE_II_III, cells[0]
        return None


class MissedLastBuilderState(_Broken):
    """A missed ruling: the game ends when no *other* seat can build, though the builder
    itself still could (the builder should build again). Shows late in a game."""

    def _next_turn(self, builder: int) -> None:
        n = self._rules.players
        for step in range(1, n):  # was: range(1, n + 1), the builder itself last
            seat = (builder + step) % n
            if self._can_build(seat):
                self._to_move, self._phase = seat, "build"
                return
        self._end_game()


class WrongScoreState(_Broken):
    """A wrong score: the bonus doubles the seat's own (first) colour, not its majority."""

    def scores(self) -> list[int]:
        owns = self._rules.owns
        return [sum(held) + held[owns[seat][0]] for seat, held in enumerate(self._chips)]


class UnsortedJsonState(_Broken):
    """A JSON field out of order: each edifice lists "shape" before "colour"."""

    def to_json(self) -> str:
        document = self._json_object()
        document["edifices"] = [
            {"cells": e["cells"], "shape": e["shape"], "colour": e["colour"], "seat": e["seat"]}
            for e in document["edifices"]
        ]
        return json.dumps({k: document[k] for k in sorted(document)}, separators=(",", ":"))


class NotationTypoState(_Broken):
    """A notation typo: towers are written 'towr' (and cannot be read back)."""

    def action_to_string(self, action: int) -> str:
        return super().action_to_string(action).replace("build tower", "build towr")


class MaskOffByOneState(_Broken):
    """The mask marks the action after each legal one."""

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        mask = np.zeros(actions.NUM_ACTIONS, dtype=np.bool_)
        mask[[a + 1 for a in self.legal_actions()]] = True
        return mask


class DirtyRejectState(_Broken):
    """An illegal action is rejected, but only after it was written into the history."""

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            self._history.append(action)
        super().apply_action(action)


class ShadowHistoryState(_Broken):
    """Answers ``history()`` from a list of its own, which an illegal action enters before it
    is refused (its JSON stays right)."""

    def history(self) -> list[int]:
        return list(getattr(self, "shadow", super().history()))

    def apply_action(self, action: int) -> None:
        self.shadow = [*self.history(), action]
        super().apply_action(action)


class SharedCloneState(_Broken):
    """A clone that shares its history list with the original."""

    def clone(self: _B) -> _B:
        other = super().clone()
        other._history = self._history
        return other


class EarlyWinnersState(_Broken):
    """winners() names the leaders before the game is over."""

    def winners(self) -> list[int]:
        if self.is_terminal():
            return super().winners()
        scores = self.scores()
        return [seat for seat, score in enumerate(scores) if score == max(scores)]


def broken(state_class: type[KardinalState]) -> type[KardinalGame]:
    """The reference game making ``state_class`` states: ``Game(players=4)``."""

    class BrokenGame(KardinalGame):
        def new_initial_state(self) -> KardinalState:
            return state_class(self._rules)

    BrokenGame.__name__ = BrokenGame.__qualname__ = state_class.__name__[:-5] + "Game"
    return BrokenGame


class StuckState(_Broken):
    """Hangs in ``legal_actions()`` at its fourth step: here, as if Ctrl-C came then."""

    def legal_actions(self) -> list[int]:
        if len(self.history()) == 3:
            raise KeyboardInterrupt
        return super().legal_actions()


StuckGame = broken(StuckState)
MissedRuleIIIGame = broken(MissedRuleIIIState)
MissedLastBuilderGame = broken(MissedLastBuilderState)
WrongScoreGame = broken(WrongScoreState)
UnsortedJsonGame = broken(UnsortedJsonState)
NotationTypoGame = broken(NotationTypoState)


def looks(state: Any) -> tuple[Any, ...]:
    """What compare looks at in a state, to check that a reported position reproduces."""
    legal = state.legal_actions()
    notation = [state.action_to_string(a) for a in legal]
    return (state.current_player(), legal, notation, state.to_json(), state.scores())


# ---------------------------------------------------------------------------------------------
# Our engines pass.


# A few games per setting in the README's tier, more in the slow tier.
COMPARE_GAMES = [3, pytest.param(40, marks=pytest.mark.slow)]


# One game for every engine and player count, but the reference engine's with 3 to 5 players
# (the slowest of the normal run) only in the slow tier's six-game run
API_CASES = [
    pytest.param(
        name,
        players,
        engine,
        games,
        id=f"{name}-{players}-{engine}-{games}",
        marks=[pytest.mark.slow] if games > 1 or (engine == "reference" and players > 2) else [],
    )
    for name, players in GAME_COUNTS
    for engine in sorted(ENGINES)
    for games in (1, 6)
]


@pytest.mark.parametrize(("name", "players", "engine", "games"), API_CASES)
def test_our_engines_pass_api_test(engine: str, name: str, players: int, games: int) -> None:
    game = ENGINES[engine](name, players=players, **SHORT.get(name, {}))
    result = api_test(game, games=games, seed=players * 1000)
    result.raise_if_failed()
    assert set(result.checks) == set(boardcore.testing.CHECKS)
    assert result.steps >= games * 20
    assert "PASSED" in str(result)


@pytest.mark.parametrize("games", COMPARE_GAMES)
@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
def test_compare_rust_and_reference_agree(name: str, players: int, games: int) -> None:
    params = {"players": players, **SHORT.get(name, {})}
    result = compare(
        boardcore.reference.load(name, **params),
        boardcore.load(name, **params),
        games=games,
        seed=77,
        render=True,
        observations=players == 3,
    )
    result.raise_if_failed()
    assert result.games_played == games
    assert "rendering" in result.compared
    assert f"PASSED: {games} games (seeds 77..{76 + games})" in str(result)


# ---------------------------------------------------------------------------------------------
# api_test catches what an engine can get wrong on its own.


@pytest.mark.parametrize(
    ("state_class", "check", "words"),
    [
        (UnsortedJsonState, "json", "not canonical"),
        (NotationTypoState, "notation", "'build towr"),
        (MaskOffByOneState, "mask", "True but not legal"),
        (DirtyRejectState, "illegal actions", "rejecting apply_action(-1) changed the state"),
        (SharedCloneState, "clone", "changed the original"),
        (EarlyWinnersState, "scores", "before the end winners() must be []"),
    ],
)
def test_api_test_catches_planted_bugs(
    state_class: type[KardinalState], check: str, words: str
) -> None:
    result = api_test(broken(state_class)(players=4), games=2)
    assert not result.ok
    assert check in result.failed_checks
    report = str(result)
    assert words in report
    assert "at seed" in report and "actions so far" in report
    with pytest.raises(ConformanceError, match=check):
        result.raise_if_failed()


class _Wrapped:
    """A Rust state whose ``legal_actions()`` is a tuple or a numpy array (and, with the
    array, whose ``current_player()`` is a numpy int)."""

    def __init__(self, state: Any, kind: str) -> None:
        self.state, self.kind = state, kind

    def __getattr__(self, name: str) -> Any:
        return getattr(self.state, name)

    def legal_actions(self) -> Any:
        legal = self.state.legal_actions()
        return tuple(legal) if self.kind == "tuple" else np.array(legal, dtype=np.int64)

    def current_player(self) -> Any:
        player = self.state.current_player()
        return player if self.kind == "tuple" else np.int64(player)

    def clone(self) -> _Wrapped:
        return _Wrapped(self.state.clone(), self.kind)

    def apply_action(self, action: int) -> None:
        self.state.apply_action(action)


class _WrappedGame:
    def __init__(self, kind: str) -> None:
        self.game, self.kind = boardcore.load("city_connect", players=2), kind

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def new_initial_state(self) -> _Wrapped:
        return _Wrapped(self.game.new_initial_state(), self.kind)

    def state_from_json(self, text: str) -> _Wrapped:
        return _Wrapped(self.game.state_from_json(text), self.kind)


@pytest.mark.parametrize(("kind", "name"), [("tuple", "tuple"), ("array", "ndarray")])
def test_api_test_reports_a_wrong_container_once_and_nothing_it_would_cause(
    kind: str, name: str
) -> None:
    result = api_test(_WrappedGame(kind), games=2)
    assert [v.check for v in result.violations] == ["legal actions"], str(result)
    assert f"legal_actions() returned a {name}, not a list" in str(result)


def test_api_test_report_counts_repeats() -> None:
    result = api_test(UnsortedJsonGame(players=2), games=2)
    (violation,) = result.violations
    assert violation.check == "json" and violation.count > 10
    assert violation.step == 1  # the first edifice: the first object with keys
    assert "key order in edifices[0]" in violation.message
    assert f"({violation.count} times; the first shown)" in str(result)


def test_results_are_assertions() -> None:
    result = api_test(broken(MaskOffByOneState)(players=2), games=1)
    assert isinstance(result, ApiTestResult) and not result and not result.ok
    with pytest.raises(AssertionError) as caught:
        result.raise_if_failed()
    assert str(caught.value) == str(result)


# ---------------------------------------------------------------------------------------------
# compare catches disagreements with our engine, with a useful report.


@pytest.mark.parametrize(
    ("game_class", "players", "kind", "words"),
    [
        (MissedRuleIIIGame, 4, "legal actions", "only in theirs"),
        (MissedLastBuilderGame, 2, "current player", "theirs terminal (-4), ours seat"),
        (WrongScoreGame, 4, "scores", "scores: theirs ["),
        (UnsortedJsonGame, 3, "json", "same content, different text: key order in edifices[0]"),
        (NotationTypoGame, 2, "notation", "ours 'build tower"),
    ],
)
def test_compare_catches_planted_bugs(
    game_class: type[KardinalGame], players: int, kind: str, words: str
) -> None:
    ours = boardcore.load("kardinal", players=players)
    result = compare(game_class(players=players), ours, games=200, shrink_seeds=5, shrink_budget=10)
    assert not result.ok
    found = result.disagreement
    assert found is not None and found.kind == kind
    report = str(result)
    assert words in report
    assert f"seed {found.seed}, step {found.step}: {kind}" in report
    assert "actions so far" in report and "reproduce: game.replay([" in report
    # The reported actions reproduce the disagreement on both engines.
    assert found.notation == [ours.new_initial_state().action_to_string(a) for a in found.actions]
    assert looks(game_class(players=players).replay(found.actions)) != looks(
        ours.replay(found.actions)
    )
    with pytest.raises(ConformanceError):
        result.raise_if_failed()


def test_compare_names_the_refused_action_that_changed_the_state() -> None:
    """A refusal that changes what the engine answers (here only its history) is reported at
    the step of the refusal, naming the illegal action, not as a later difference."""
    result = compare(broken(ShadowHistoryState)(players=2), boardcore.load("kardinal", players=2))
    found = result.disagreement
    assert found is not None and found.kind == "illegal action", str(result)
    assert found.step == 0 and "but the state changed" in str(result)


def test_compare_names_another_game_or_player_count_before_any_step() -> None:
    ours = boardcore.load("kardinal", players=2)
    for theirs, said in [
        (
            boardcore.load("city_connect", players=2),
            "theirs is the game 'city_connect', ours 'kardinal'",
        ),
        (boardcore.load("kardinal", players=3), "theirs has 3 players, ours 2"),
    ]:
        result = compare(theirs, ours, games=3)
        found = result.disagreement
        assert found is not None and found.kind == "setup" and found.actions == []
        assert said in str(result)


def test_compare_legal_difference_is_in_notation() -> None:
    result = compare(MissedRuleIIIGame(players=4), boardcore.load("kardinal"), shrink_pass=False)
    assert result.disagreement is not None
    (legal,) = [d for d in result.disagreement.differences if d.kind == "legal actions"]
    assert "only in theirs" in legal.detail and "build yard" in legal.detail
    assert "only in ours" not in legal.detail  # the bug only adds yards


def test_shrinking_finds_a_shorter_game() -> None:
    ours = boardcore.load("kardinal", players=2)
    theirs = MissedLastBuilderGame(players=2)
    result = compare(theirs, ours, games=300, seed=500)
    found, shrunk = result.disagreement, result.shrunk
    assert found is not None and shrunk is not None
    assert shrunk.step < found.step
    assert shrunk.kind == found.kind == "current player"
    assert result.shrink_report is not None and result.shrink_report.steps
    assert f"shrunk from {found.step} to {shrunk.step} steps" in str(result)
    # The shorter sequence really shows the same disagreement.
    mine, yours = ours.replay(shrunk.actions), theirs.replay(shrunk.actions)
    assert mine.current_player() != yours.current_player()
    assert looks(ours.replay(shrunk.actions[:-1])) == looks(theirs.replay(shrunk.actions[:-1]))


def test_compare_does_not_shrink_when_told_not_to() -> None:
    result = compare(WrongScoreGame(players=4), boardcore.load("kardinal"), shrink_pass=False)
    assert result.disagreement is not None and result.shrink_report is None
    assert result.shrunk is None


def test_compare_reports_a_crashing_engine() -> None:
    class CrashState(_Broken):
        def legal_actions(self) -> list[int]:
            if len(self._history) == 3:
                raise KeyError("boom")
            return super().legal_actions()

    result = compare(broken(CrashState)(players=2), boardcore.load("kardinal", players=2), games=3)
    assert result.disagreement is not None and result.disagreement.kind == "error"
    assert "theirs: legal_actions() raised KeyError: 'boom'" in str(result)
    assert result.disagreement.step == 3


def test_compare_with_fewer_methods() -> None:
    """An engine without JSON, scores or notation is compared on what it has."""

    class Bare:
        def __init__(self, players: int) -> None:
            self.game = boardcore.reference.load("kardinal", players=players)

        def new_initial_state(self) -> Any:
            return BareState(self.game.new_initial_state())

    class BareState:
        def __init__(self, state: Any) -> None:
            self.state = state

        def current_player(self) -> int:
            player: int = self.state.current_player()
            return player

        def legal_actions(self) -> list[int]:
            legal: list[int] = self.state.legal_actions()
            return legal

        def apply_action(self, action: int) -> None:
            self.state.apply_action(action)

        def to_json(self) -> str:
            raise NotImplementedError

    result = compare(Bare(3), boardcore.load("kardinal", players=3), games=5)  # type: ignore[arg-type]
    result.raise_if_failed()


# ---------------------------------------------------------------------------------------------
# Golden logs.


@pytest.mark.parametrize(("saver", "checker"), [("rust", "reference"), ("reference", "rust")])
def test_record_verify_round_trip(tmp_path: Path, saver: str, checker: str) -> None:
    path = tmp_path / "kardinal.jsonl"
    game = ENGINES[saver]("kardinal", players=3)
    recording = record(game, path, games=4, seed=11)
    lines = path.read_text().splitlines()
    assert len(lines) == recording.lines == 1 + recording.steps + 4
    header, first, last = (json.loads(lines[i]) for i in (0, 1, -1))
    assert header["type"] == "header" and header["params"] == {"players": 3}
    assert header["games"] == 4 and header["seed"] == 11
    assert first["type"] == "step" and first["seed"] == 11 and first["step"] == 0
    assert first["json"] == game.new_initial_state().to_json()
    assert first["action"] in first["legal"]
    final = boardcore.play(game, seed=14)
    assert last == {
        "type": "end",
        "game": 3,
        "seed": 14,
        "steps": len(final.history()),
        "scores": final.scores(),
        "winners": final.winners(),
        "returns": final.returns(),
        "json": final.to_json(),
    }
    result = verify(path, ENGINES[checker])
    result.raise_if_failed()
    assert result.games_checked == 4 and result.steps == recording.steps
    assert "PASSED: 4 games" in str(result)


def test_record_refuses_a_game_without_a_version_and_writes_no_file(tmp_path: Path) -> None:
    class Unversioned(KardinalGame):
        version = None  # type: ignore[assignment]

    log = tmp_path / "log.jsonl"
    with pytest.raises(ParameterError, match="record needs the game's rules version, an int"):
        record(Unversioned(players=2), log, games=2)  # type: ignore[arg-type]
    assert not log.exists()


def test_record_names_where_the_engine_raised_and_leaves_no_partial_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    class Failing(_Broken):
        def apply_action(self, action: int) -> None:
            if len(self.history()) == 5:
                raise RuntimeError("out of cards")
            super().apply_action(action)

    log = tmp_path / "log.jsonl"
    with pytest.raises(
        EngineError,
        match=r"^game 0 \(seed 7\), step 5: the engine raised RuntimeError: out of cards \(at ",
    ):
        record(broken(Failing)(players=2), log, games=2, seed=7)
    assert not log.exists()


def test_both_engines_record_the_same_log() -> None:
    logs = []
    for engine in ("rust", "reference"):
        out = io.StringIO()
        record(ENGINES[engine]("kardinal", players=2), out, games=3, seed=5)
        logs.append(out.getvalue().splitlines()[1:])  # the header names the engine
    assert logs[0] == logs[1]


@pytest.mark.parametrize(
    ("game_class", "kind", "words"),
    [
        (MissedRuleIIIGame, "legal actions", "only in engine"),
        (WrongScoreGame, "scores", "scores: engine ["),
        (UnsortedJsonGame, "json", "key order in edifices[0]"),
        (NotationTypoGame, "notation", "engine 'build towr"),
        (MissedLastBuilderGame, "current player", "engine terminal (-4), log seat"),
    ],
)
def test_verify_catches_planted_bugs(game_class: type[KardinalGame], kind: str, words: str) -> None:
    out = io.StringIO()
    record(boardcore.load("kardinal", players=2), out, games=60)
    result = verify(out.getvalue().splitlines(), game_class)
    assert not result.ok
    assert result.disagreement is not None and result.disagreement.kind == kind
    report = str(result)
    assert words in report
    assert "log line" in report and "actions so far" in report


def test_verify_partial_log_and_limits(tmp_path: Path) -> None:
    out = io.StringIO()
    record(boardcore.load("kardinal", players=2), out, games=3)
    lines = out.getvalue().splitlines()
    assert verify(lines, games=2).games_checked == 2
    with pytest.raises(GoldenLogError, match="ends inside game 2"):
        verify(lines[:-1])
    with pytest.raises(GoldenLogError, match="first line must be the header"):
        verify(lines[1:])
    with pytest.raises(GoldenLogError, match="line 2: not JSON"):
        verify([lines[0], "{oops"])
    with pytest.raises(GoldenLogError, match="bad or missing 'legal'"):
        verify([lines[0], lines[1].replace('"legal"', '"legals"')])
    # the header's seed and the games' seeds must agree: game i is seed + i
    edited = [lines[0].replace('"seed":0', '"seed":5'), *lines[1:]]
    with pytest.raises(
        GoldenLogError, match="line 2: game 0 has seed 0, but the header's seed 5 gives it seed 5"
    ):
        verify(edited)


# ---------------------------------------------------------------------------------------------
# Engines from the command line, and the commands.


def test_load_engine_calls_factories_the_documented_way(tmp_path: Path) -> None:
    by_name = load_engine("boardcore.reference:load", "kardinal", players=2)
    assert isinstance(by_name, KardinalGame) and by_name.num_players == 2
    rust = load_engine("boardcore:load", "kardinal", players=3)
    assert type(rust).__module__ == "boardcore._core" and rust.num_players == 3
    assert load_engine("boardcore._core:KardinalGame", "kardinal").num_players == 4
    by_params = load_engine("tests.test_conformance:WrongScoreGame", "kardinal", players=2)
    assert type(by_params).__name__ == "WrongScoreGame"
    source = tmp_path / "my_engine.py"
    source.write_text(
        "import boardcore.reference\n"
        "def make(game_name, **params):\n"
        "    return boardcore.reference.load(game_name, **params)\n"
    )
    assert load_engine(f"{source}:make", "kardinal", players=3).num_players == 3
    for spec, message in [
        ("nothing", "expected module:factory"),
        ("no_such_module_here:f", "cannot import"),
        ("boardcore:nothing", "has no nothing"),
        ("boardcore:__version__", "not callable"),
        (f"{tmp_path}/absent.py:f", "no file"),
    ]:
        with pytest.raises(ParameterError, match=message):
            load_engine(spec, "kardinal")


def test_cli_record_and_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "kardinal.jsonl"
    args = ["record", "kardinal", "--players", "4", "--games", "5", "--seed", "3"]
    assert main([*args, "--out", str(log)]) == 0
    assert "recorded 5 games of kardinal" in capsys.readouterr().out
    assert len(log.read_text().splitlines()) > 5 * 40
    assert main(["verify", str(log)]) == 0
    assert "PASSED: 5 games" in capsys.readouterr().out
    assert main(["verify", str(log), "--engine", "boardcore.reference:load", "--games", "2"]) == 0
    assert "PASSED: 2 games" in capsys.readouterr().out
    engine = "tests.test_conformance:MissedRuleIIIGame"
    assert main(["verify", str(log), "--engine", engine]) == 1
    out = capsys.readouterr().out
    assert "FAIL" in out and "legal actions" in out and "only in engine" in out
    assert main(["verify", str(tmp_path / "missing.jsonl")]) == 2


def test_cli_conformance(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["conformance", "kardinal", "--players", "2", "--games", "15", "--api-games", "2"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "api_test kardinal {'players': 2}" in out and "PASSED: 15 games" in out
    assert "boardcore.reference:load conforms" in out
    assert main([*args, "--engine", "tests.test_conformance:WrongScoreGame"]) == 1
    out = capsys.readouterr().out
    assert "FAILED at game 0 of 15: scores" in out and "shrinking" in out
    assert "does not conform" in out
    assert main(["conformance", "kardinal", "--engine", "no_such_module_here:f"]) == 2
    assert "cannot import" in capsys.readouterr().err  # errors go to stderr


def test_ctrl_c_in_a_hanging_engine_says_where_each_check_was(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # step 2: applying the third action, whose clone check asks the new state's legal actions
    with pytest.raises(KitInterrupted, match=r"^api_test was at seed 5 \(game 1 of 2\), step 2;"):
        api_test(StuckGame(players=2), games=2, seed=5)
    with pytest.raises(KitInterrupted, match=r"^compare was in the game of seed 5 \(game 1 of 2"):
        compare(StuckGame(players=2), boardcore.load("kardinal", players=2), games=2, seed=5)
    args = ["conformance", "kardinal", "--players", "2", "--engine"]
    assert main([*args, "tests.test_conformance:StuckGame", "--seed", "5"]) == 130
    assert "interrupted: api_test was at seed 5 (game 1 of" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------
# Docs and the toy engine of docs/conformance.md.


def test_json_diff() -> None:
    assert json_diff('{"a":[1,2]}', '{"a":[1]}') == "a (length): theirs 2, ours 1"
    assert "b: theirs (missing), ours 1" in json_diff('{"a":1}', '{"a":1,"b":1}')
    assert json_diff("[", "[]").startswith("theirs: not valid JSON")


def test_conformance_page_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/conformance.md, including the toy engine with its planted bug being caught."""
    monkeypatch.chdir(ROOT)
    result = doctest.testfile(
        str(ROOT / "docs" / "conformance.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.attempted > 5
    assert result.failed == 0


@pytest.mark.parametrize(
    ("source", "why"),
    [
        ("def f(:\n", "SyntaxError: invalid syntax; {file}, line 1"),
        ("x = 1\nraise RuntimeError('boom')\n", "RuntimeError: boom; {file}, line 2"),
        ("import sys\nsys.exit(3)\n", "SystemExit: 3; {file}, line 2"),
        ("x = '\0'\n\0", "SyntaxError: source code string cannot contain null bytes"),
    ],
)
def test_an_engine_whose_own_code_fails_to_import_is_named_in_one_line(
    tmp_path: Path, source: str, why: str
) -> None:
    """The command line shows a ParameterError's one line: the engine file's own error, where
    it stopped, and no half-imported module left in ``sys.modules``."""
    file = tmp_path / "broken_engine.py"
    file.write_text(source)
    with pytest.raises(ParameterError) as raised:
        load_engine(f"{file}:make", "kardinal")
    expected = why.format(file=file)
    assert str(raised.value) == f"engine '{file}:make': importing {file} failed ({expected})"
    assert "broken_engine" not in sys.modules


def test_toy_engine_is_right_but_for_its_planted_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    toy = load_engine("examples/toy_kardinal.py:ToyKardinal", "kardinal", players=3)
    ours = boardcore.load("kardinal", players=3)
    caught = compare(toy, ours, games=50, shrink_seeds=10)
    assert caught.disagreement is not None and caught.disagreement.kind == "legal actions"
    assert "only in theirs (1): build yard" in str(caught)
    monkeypatch.setattr(type(toy), "rule_iv_for_yards", True)
    compare(toy, ours, games=40).raise_if_failed()


@pytest.mark.parametrize("module", ["_common", "_compare", "_api_test", "_golden", "_engines"])
def test_kit_docstring_examples_run(module: str) -> None:
    result = doctest.testmod(importlib.import_module(f"boardcore.testing.{module}"))
    assert result.attempted > 0
    assert result.failed == 0


def test_conformance_page_lists_every_check() -> None:
    page = (ROOT / "docs" / "conformance.md").read_text()
    for check in boardcore.testing.CHECKS:
        assert f"| `{check}`" in page


# ---------------------------------------------------------------------------------------------
# Chance nodes: Kardinal has none, so a tiny dice race with every method of the protocol.


class DiceRace:
    """Two seats race to 6: a chance node rolls 1-3 (weights 1, 2, 1), then the seat to move
    advances by the roll or stays. Actions: 0-2 the roll, 3 advance, 4 stay."""

    name = "dice_race"
    num_players = 2
    params: dict[str, Any] = {}  # noqa: RUF012 - read only
    version = 1
    num_distinct_actions = 5
    weights = (1, 2, 1)

    def new_initial_state(self) -> DiceState:
        return DiceState(self)

    def replay(self, actions: Sequence[int]) -> DiceState:
        state = self.new_initial_state()
        for action in actions:
            state.apply_action(action)
        return state

    def state_from_json(self, text: str) -> DiceState:
        return self.replay(json.loads(text)["history"])


class DiceState:
    NAMES = ("roll 1", "roll 2", "roll 3", "advance", "stay")

    def __init__(self, game: DiceRace) -> None:
        self.game = game
        self.positions = [0, 0]
        self.to_move = 0
        self.die = 0
        self.actions: list[int] = []

    def is_terminal(self) -> bool:
        return max(self.positions) >= 6

    def current_player(self) -> int:
        return -4 if self.is_terminal() else -1 if self.die == 0 else self.to_move

    def chance_outcomes(self) -> list[tuple[int, int]]:
        if self.current_player() != -1:
            return []
        return [(a, w) for a, w in enumerate(self.game.weights)]

    def is_chance_node(self) -> bool:
        return self.current_player() == -1

    def legal_actions(self) -> list[int]:
        if self.is_chance_node():
            return [a for a, _ in self.chance_outcomes()]
        return [3, 4] if self.current_player() >= 0 else []

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        mask = np.zeros(5, dtype=np.bool_)
        mask[self.legal_actions()] = True
        return mask

    def apply_action(self, action: int) -> None:
        if action not in DiceState.legal_actions(self):
            raise ValueError(f"illegal action {action}")
        if action < 3:
            self.die = action + 1
        else:
            if action == 3:
                self.positions[self.to_move] += self.die
            self.die, self.to_move = 0, 1 - self.to_move
        self.actions.append(action)

    def action_to_string(self, action: int) -> str:
        return self.NAMES[action]

    def string_to_action(self, text: str) -> int:
        return self.NAMES.index(text)

    def scores(self) -> list[int]:
        return list(self.positions)

    def winners(self) -> list[int]:
        return [s for s in (0, 1) if self.positions[s] >= 6] if self.is_terminal() else []

    def returns(self) -> list[float]:
        won = self.winners()
        return [1.0 / len(won) if s in won else 0.0 for s in (0, 1)]

    def clone(self) -> DiceState:
        return self.game.replay(self.actions)

    def history(self) -> list[int]:
        return list(self.actions)

    def to_json(self) -> str:
        document = {"die": self.die, "history": self.actions, "positions": self.positions}
        return json.dumps(document, sort_keys=True, separators=(",", ":"))

    def observation_tensor(self, player: int) -> npt.NDArray[np.float32]:
        return np.array([*self.positions, self.die, self.to_move == player], dtype=np.float32)

    def observation_string(self, player: int) -> str:
        return f"{self} (seat {player})"

    def __str__(self) -> str:
        return f"positions {self.positions}, die {self.die}"


class LoadedDice(DiceRace):
    weights = (1, 1, 2)


class ZeroWeightDice(DiceRace):
    weights = (0, 2, 1)


class SilentChanceState(DiceState):
    """Lists no action at chance nodes (boardcore's Rust engine did, before OpenSpiel's
    definition was adopted)."""

    def legal_actions(self) -> list[int]:
        return [] if self.is_chance_node() else super().legal_actions()


class SilentChanceDice(DiceRace):
    def new_initial_state(self) -> DiceState:
        return SilentChanceState(self)


def test_kit_handles_chance_nodes(tmp_path: Path) -> None:
    game: Any = DiceRace()
    api_test(game, games=20).raise_if_failed()
    compare(DiceRace(), game, games=50, render=True, observations=True).raise_if_failed()
    path = tmp_path / "dice.jsonl"
    record(game, path, games=10)
    chance = json.loads(path.read_text().splitlines()[1])
    assert chance["player"] == -1 and chance["weights"] == [1, 2, 1]
    assert chance["legal"] == ["roll 1", "roll 2", "roll 3"]
    verify(path, game).raise_if_failed()
    # A wrong weight is caught by compare and verify, a zero weight by api_test.
    loaded: Any = LoadedDice()
    found = compare(loaded, game, games=5, shrink_pass=False).disagreement
    assert found is not None and found.kind == "chance outcomes" and found.step == 0
    assert "theirs roll 1 (weight 1), roll 2 (weight 1), roll 3 (weight 2)" in str(found)
    assert "ours roll 1 (weight 1), roll 2 (weight 2), roll 3 (weight 1)" in str(found)
    checked = verify(path, loaded)
    assert checked.disagreement is not None and checked.disagreement.kind == "chance outcomes"
    assert "log roll 1 (weight 1), roll 2 (weight 2)" in str(checked)
    zero = api_test(ZeroWeightDice(), games=2)
    assert "chance outcomes" in zero.failed_checks
    assert "weights must be positive ints, got [0]" in str(zero)
    silent = api_test(SilentChanceDice(), games=2)
    assert "chance node" in silent.failed_checks
    assert "at a chance node legal_actions() is [], not the outcomes' actions [0,1,2]" in str(
        silent
    )
