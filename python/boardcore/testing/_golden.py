"""Golden logs: seeded games written as JSON Lines (``record``), replayed on any engine
(``verify``). The format is documented in ``docs/conformance.md``."""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any, Final, cast

from boardcore._args import quote
from boardcore._jsontext import MAX_STATE_FILE, decode, syntax_error
from boardcore.api import CHANCE, TERMINAL, Game
from boardcore.errors import ParameterError
from boardcore.rng import SplitMix64

from ._common import (
    Calls,
    Difference,
    Disagreement,
    EngineError,
    GoldenLogError,
    Outcome,
    SeededGames,
    choose,
    engine_name,
    error_text,
    plural,
    seed_of,
)
from ._compare import Options, differences, take_view
from ._engines import call_factory, load_engine

__all__ = ["LOG_FORMAT", "LOG_VERSION", "Recording", "VerifyResult", "record", "verify"]

LOG_FORMAT: Final = "boardcore-golden-log"
LOG_VERSION: Final = 1

Engine = Game | Callable[..., Game] | str | None


def _line(record: dict[str, Any]) -> str:
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n"


def _json_of(state: Any) -> str | None:
    method = getattr(state, "to_json", None)
    if method is None:
        return None
    try:
        text = method()
    except NotImplementedError:
        return None
    return text if isinstance(text, str) else None


@dataclass
class Recording(SeededGames):
    """What ``record`` wrote."""

    steps: int = 0
    lines: int = 0
    path: str | None = None

    def __str__(self) -> str:
        where = f" to {self.path}" if self.path else ""
        return (
            f"recorded {self.games} games of {self.game} {self.params} ({self.seeds}), "
            f"{self.steps} steps, "
            f"{self.lines} lines{where}"
        )


def record(
    game: Game,
    out: str | os.PathLike[str] | IO[str],
    games: int = 200,
    seed: int = 0,
    *,
    progress: Callable[[int], None] | None = None,
) -> Recording:
    """Writes a golden log of ``games`` seeded games of ``game`` to ``out`` (a path or file).

    Game ``i`` is the DESIGN.md game of seed ``seed + i``. One header line, then per game a
    ``step`` line for every decision and chance node (seat to move, legal actions in
    notation, the action taken, canonical JSON) and an ``end`` line (scores, winners,
    returns, final JSON). See ``docs/conformance.md``.

    >>> import io, boardcore, boardcore.testing
    >>> buffer = io.StringIO()
    >>> rec = boardcore.testing.record(boardcore.load("kardinal", players=2), buffer, games=2)
    >>> lines = buffer.getvalue().splitlines()
    >>> len(lines) == 1 + rec.steps + 2, lines[1][:48]
    (True, '{"type":"step","game":0,"seed":0,"step":0,"playe')
    """
    version = getattr(game, "version", None)
    if not isinstance(version, int) or isinstance(version, bool):
        # checked before the file is opened: a refused recording leaves no file behind
        raise ParameterError(
            "record needs the game's rules version, an int `version` (the log's header "
            f"records it), not {quote(version, 60)}"
        )
    params = dict(game.params)
    result = Recording(game.name, params, seed, games)
    finished = False
    with contextlib.ExitStack() as stack:
        if isinstance(out, (str, os.PathLike)):
            result.path = os.fspath(out)
            stream: IO[str] = stack.enter_context(open(out, "w", encoding="utf-8"))
            path = out

            def drop_unfinished() -> None:
                if not finished:  # a recording cut short is no golden log: the file goes
                    os.remove(path)

            stack.callback(drop_unfinished)
        else:
            stream = out
        header = {
            "type": "header",
            "format": LOG_FORMAT,
            "format_version": LOG_VERSION,
            "game": game.name,
            "version": version,
            "params": params,
            "seed": seed,
            "games": games,
            "engine": engine_name(game),
        }
        stream.write(_line(header))
        result.lines += 1
        for index in range(games):
            _record_game(game, stream, index, seed_of(seed, index), result)
            if progress is not None:
                progress(1)
        finished = True
    return result


def _record_game(
    game: Game, stream: IO[str], index: int, game_seed: int, result: Recording
) -> None:
    """Game ``index`` of a recording, its lines written to ``stream``; what the engine raises
    is an :class:`EngineError` naming the game and the step."""
    step = 0
    try:
        rng = SplitMix64(game_seed)
        state: Any = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            line: dict[str, Any] = {
                "type": "step",
                "game": index,
                "seed": game_seed,
                "step": step,
                "player": player,
            }
            if player == CHANCE:
                outcomes = [(int(a), int(w)) for a, w in state.chance_outcomes()]
                legal = [a for a, _ in outcomes]
                line["legal"] = [state.action_to_string(a) for a in legal]
                line["weights"] = [w for _, w in outcomes]
            else:
                outcomes = []
                legal = state.legal_actions()
                line["legal"] = [state.action_to_string(a) for a in legal]
            action = choose(rng, legal, outcomes)
            line["action"] = state.action_to_string(action)
            line["json"] = _json_of(state)
            stream.write(_line(line))
            state.apply_action(action)
            step += 1
        end = {
            "type": "end",
            "game": index,
            "seed": game_seed,
            "steps": step,
            "scores": state.scores(),
            "winners": state.winners(),
            "returns": state.returns(),
            "json": _json_of(state),
        }
        stream.write(_line(end))
    except OSError:
        raise  # the log's own file, not the engine
    except Exception as error:
        raise EngineError(
            f"game {index} (seed {game_seed}), step {step}: the engine raised {error_text(error)}"
        ) from error
    result.lines += step + 1
    result.steps += step


# ---------------------------------------------------------------------------------------------
# Reading a log.

_FIELDS: Final[dict[str, dict[str, tuple[type, ...]]]] = {
    "header": {
        "format": (str,),
        "format_version": (int,),
        "game": (str,),
        "version": (int,),
        "params": (dict,),
        "seed": (int,),
        "games": (int,),
    },
    "step": {
        "game": (int,),
        "seed": (int,),
        "step": (int,),
        "player": (int,),
        "legal": (list,),
        "action": (str,),
        "json": (str, type(None)),
    },
    "end": {
        "game": (int,),
        "seed": (int,),
        "steps": (int,),
        "scores": (list,),
        "winners": (list,),
        "returns": (list,),
        "json": (str, type(None)),
    },
}


def _text(lines: Iterable[str], name: str) -> Iterator[str]:
    """The lines of a log given as text; a text stream that is not UTF-8 is a GoldenLogError,
    not a traceback (where it fails, the stream's decoder knows, not this)."""
    it = iter(lines)
    while True:
        try:
            line = next(it)
        except StopIteration:
            return
        except UnicodeDecodeError:
            raise GoldenLogError(f"{name}: not a golden log, not UTF-8 text") from None
        yield line


def _file_lines(file: IO[bytes], name: str) -> Iterator[str]:
    """A log file's lines, each decoded on its own so that bytes that are not UTF-8 are named
    with their line and offset (a newline byte is never part of a longer UTF-8 character)."""
    offset = 0
    for number, raw in enumerate(iter(lambda: file.readline(MAX_STATE_FILE + 1), b""), 1):
        if len(raw) > MAX_STATE_FILE:  # a line holds one state: no state is this long
            raise GoldenLogError(
                f"{name}, line {number}: not a golden log, a line longer than "
                f"{MAX_STATE_FILE >> 20} MiB"
            )
        try:
            yield decode(raw, offset)
        except ValueError as error:
            raise GoldenLogError(f"{name}, line {number}: not a golden log, {error}") from None
        offset += len(raw)


def _records(lines: Iterable[str], name: str) -> Iterator[tuple[int, dict[str, Any]]]:
    for number, text in enumerate(_text(lines, name), 1):
        if not text.strip():
            continue
        try:
            record = json.loads(text)
        except (ValueError, RecursionError) as error:  # RecursionError: nested too deeply
            where = syntax_error(text) or error
            raise GoldenLogError(f"{name}, line {number}: not JSON ({where})") from None
        kind = record.get("type") if isinstance(record, dict) else None
        if kind not in _FIELDS:
            raise GoldenLogError(
                f'{name}, line {number}: expected an object with "type" header, step or end'
            )
        for key, types in _FIELDS[kind].items():
            value = record.get(key)
            if key not in record or not isinstance(value, types) or isinstance(value, bool):
                raise GoldenLogError(f"{name}, line {number} ({kind}): bad or missing {key!r}")
        if kind == "step" and not all(isinstance(s, str) for s in record["legal"]):
            raise GoldenLogError(f"{name}, line {number}: 'legal' must list strings")
        weights = record.get("weights")
        if weights is not None and (
            not isinstance(weights, list) or len(weights) != len(record["legal"])
        ):
            raise GoldenLogError(f"{name}, line {number}: 'weights' must match 'legal'")
        yield number, record


@dataclass
class VerifyResult(Outcome):
    """What ``verify`` found: ``ok``, or the first step where the engine and log disagree."""

    log: str
    game: str
    params: dict[str, Any]
    engine: str
    games: int
    """Games in the log (its header)."""
    games_checked: int = 0
    steps: int = 0
    disagreement: Disagreement | None = None
    line: int | None = None
    """The log line of the disagreement."""
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when the engine replayed every checked game exactly as logged."""
        return self.disagreement is None

    def __str__(self) -> str:
        head = f"verify {self.log} ({self.game} {self.params}, {self.games} games) on {self.engine}"
        notes = [f"note: {n}" for n in self.notes]
        if self.disagreement is None:
            return "\n".join(
                [
                    head,
                    f"PASSED: {self.games_checked} games, {self.steps} steps replayed as logged "
                    f"({self.seconds:.1f} s)",
                    *notes,
                ]
            )
        found = self.disagreement
        return "\n".join(
            [
                head,
                f"FAILED at game {found.game_index} (log line {self.line}): {found.kind} "
                f"({plural(self.games_checked, 'game')} agreed before it)",
                f"disagreement at {found}",
                *notes,
            ]
        )


def _engine(engine: Engine, name: str, params: dict[str, Any]) -> Game:
    if engine is None:
        from boardcore import load

        return load(name, **params)
    if isinstance(engine, str):
        return load_engine(engine, name, **params)
    if isinstance(engine, type) or not hasattr(engine, "new_initial_state"):
        return call_factory(engine, name, **params)
    return cast(Game, engine)


def verify(
    log: str | os.PathLike[str] | Iterable[str],
    engine: Engine = None,
    *,
    games: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> VerifyResult:
    """Replays a golden log on ``engine`` and reports the first step it disagrees with.

    ``log`` is a path or an iterable of lines (an open file). ``engine`` is a Game; or a
    factory (called with the log's game name and parameters as :func:`load_engine` says);
    or a ``module:factory`` string; or None for boardcore's Rust engine. ``games`` checks only
    the first games of the log. At each step the engine must agree with the log on the seat
    to move, the legal actions in notation (and order), the chance weights, and the
    canonical JSON (if the engine has ``to_json``); the logged action, read with the
    engine's ``string_to_action``, is then applied. At each game's end: terminal, scores,
    winners, returns and JSON.

    >>> import io, boardcore, boardcore.testing
    >>> buffer = io.StringIO()
    >>> _ = boardcore.testing.record(boardcore.load("kardinal", players=3), buffer, games=3)
    >>> lines = buffer.getvalue().splitlines()
    >>> boardcore.testing.verify(lines, boardcore.reference.load).ok
    True
    """
    start = time.perf_counter()
    name = os.fspath(log) if isinstance(log, (str, os.PathLike)) else "<log>"
    with contextlib.ExitStack() as stack:
        if isinstance(log, (str, os.PathLike)):
            lines: Iterable[str] = _file_lines(stack.enter_context(open(log, "rb")), name)
        else:
            lines = log
        records = _records(lines, name)
        first = next(records, None)
        if first is None or first[1]["type"] != "header":
            raise GoldenLogError(f"{name}: the first line must be the header")
        header = first[1]
        if header["format"] != LOG_FORMAT or header["format_version"] != LOG_VERSION:
            raise GoldenLogError(
                f"{name}: format {header['format']!r} version {header['format_version']}; "
                f"this boardcore reads {LOG_FORMAT!r} version {LOG_VERSION}"
            )
        params = dict(header["params"])
        game = _engine(engine, header["game"], params)
        result = VerifyResult(name, header["game"], params, engine_name(game), header["games"])
        version = getattr(game, "version", None)
        if isinstance(version, int) and version != header["version"]:
            result.notes.append(
                f"the log is of {header['game']} version {header['version']}, the engine "
                f"version {version}"
            )
        _replay(game, records, result, games, progress, name, header["seed"])
    result.seconds = time.perf_counter() - start
    return result


def _replay(
    game: Game,
    records: Iterator[tuple[int, dict[str, Any]]],
    result: VerifyResult,
    limit: int | None,
    progress: Callable[[int], None] | None,
    name: str,
    seed: int,
) -> None:
    labels = ("engine", "log")
    players = getattr(game, "num_players", 0)
    options = Options(strings=True)
    state: Any = None
    current: int | None = None
    actions: list[int] = []
    notation: list[str] = []

    def stop(
        number: int, record: dict[str, Any], diffs: list[Difference], pending: int | None = None
    ) -> None:
        result.disagreement = Disagreement(
            record["seed"],
            len(actions),
            list(actions),
            list(notation),
            diffs,
            labels,
            pending,
            record["game"],
        )
        result.line = number

    for number, record in records:
        kind = record["type"]
        if kind == "header":
            raise GoldenLogError(f"{name}, line {number}: a second header")
        if record["game"] != current:
            if state is not None:
                raise GoldenLogError(f"{name}, line {number}: game {current} has no end line")
            if limit is not None and result.games_checked >= limit:
                return
            current, actions, notation = record["game"], [], []
            try:
                state = game.new_initial_state()
            except Exception as error:
                detail = f"engine: new_initial_state() raised {error_text(error)}"
                stop(number, record, [Difference("error", detail)])
                return
        expected = seed_of(seed, record["game"])
        if record["seed"] != expected:  # the seed is the game's: a log cannot say otherwise
            raise GoldenLogError(
                f"{name}, line {number}: game {record['game']} has seed {record['seed']}, but "
                f"the header's seed {seed} gives it seed {expected}"
            )
        if kind == "step" and record["step"] != len(actions):
            raise GoldenLogError(
                f"{name}, line {number}: step {record['step']}, expected {len(actions)}"
            )
        calls = Calls("engine")
        view = take_view(state, calls, options, players)
        logged: dict[str, Any] = {"terminal": kind == "end"}
        if kind == "step":
            logged["player"] = record["player"]
            logged["strings"] = record["legal"]
        else:
            logged.update(player=TERMINAL, legal=[], strings=[])
            for key in ("scores", "winners", "returns"):
                logged[key] = record[key]
            logged["returns"] = [float(x) for x in record["returns"]]
        if record["json"] is not None:
            logged["json"] = record["json"]
        ids = _read_all(state, record["legal"]) if kind == "step" else None
        if kind == "step" and record["player"] == CHANCE:
            weights = record.get("weights") or []
            logged["weights"] = weights
            if ids is not None:
                logged["outcomes"] = list(zip(ids, weights, strict=True))
        elif ids is not None:
            logged["legal"] = ids
        texts = dict(zip(ids or [], record["legal"] if kind == "step" else [], strict=False))
        describe = _describer(state, texts)
        diffs = differences(view, logged, calls.errors, labels, describe)
        if diffs:
            stop(number, record, diffs)
            return
        if kind == "end":
            state = None
            result.games_checked += 1
            if progress is not None:
                progress(1)
            continue
        try:
            action = int(state.string_to_action(record["action"]))
        except Exception as error:
            detail = f"the engine cannot read the logged action {record['action']!r}: "
            stop(number, record, [Difference("notation", detail + error_text(error))])
            return
        try:
            state.apply_action(action)
        except Exception as error:
            detail = f"the engine rejected the logged action {record['action']!r} (id {action}): "
            stop(number, record, [Difference("apply", detail + error_text(error))], action)
            return
        actions.append(action)
        notation.append(record["action"])
        result.steps += 1
    if state is not None:
        raise GoldenLogError(f"{name}: the log ends inside game {current} (no end line)")
    if limit is None and result.games_checked != result.games:
        raise GoldenLogError(
            f"{name}: the header announces {result.games} games, the log has {result.games_checked}"
        )


def _describer(state: Any, texts: dict[int, str]) -> Callable[[int], str]:
    """Notation for an action id: the log's words for it, else the engine's."""

    def describe(action: int) -> str:
        text = texts.get(action)
        if text is not None:
            return text
        try:
            return str(state.action_to_string(action))
        except Exception:
            return f"#{action}"

    return describe


def _read_all(state: Any, texts: list[str]) -> list[int] | None:
    """The ids the engine gives the logged actions, or None if it cannot read one."""
    ids = []
    for text in texts:
        try:
            ids.append(int(state.string_to_action(text)))
        except Exception:
            return None
    return ids
