"""Replays as one self-contained HTML page, and the ``boardcore replay`` command.

The page holds every position of a game as an inline SVG frame (drawn by
:mod:`boardcore.svg`), previous/next/play controls and a slider, the move list in the game's
notation (clicking a move jumps to the position after it) and a chart of the scores over
time. It needs no network: styles and script are inline.

>>> import boardcore
>>> game = boardcore.load("kardinal", players=2)
>>> record = record_game(game, boardcore.play(game, seed=1).history()[:7])
>>> len(record.states), record.moves[0].text, record.moves[0].seat
(8, 'build yard red 0,1 h', 0)
>>> page = replay_html(record, title="Kardinal, seed 1")
>>> page.count('<div class="frame"'), page.count('class="move"')
(8, 7)

From the command line::

    boardcore replay kardinal --players 4 --seed 5 --out game.html
    boardcore replay --state state.json --out game.html
    boardcore replay --log games.jsonl --game-index 3 --out game.html
"""

from __future__ import annotations

import argparse
import html
import json
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

from rich.console import Console

from ._cli_common import (
    add_game_parameters,
    check_out,
    game_params,
    progress_bar,
    saved_params,
)
from ._jsontext import MAX_STATE_FILE, read, syntax_error
from ._saved import parse
from .api import CHANCE, Game
from .errors import BoardcoreError, ParameterError, StateFormatError
from .svg import _state_element, drawer, seat_colours, union_bounds
from .svg._common import el as _el

__all__ = [
    "Move",
    "Record",
    "Source",
    "drawn_positions",
    "load_log",
    "record_game",
    "register",
    "replay_html",
]


@dataclass(frozen=True)
class Move:
    """One action of a replay: who played it, its id and its notation."""

    seat: int
    action: int
    text: str


@dataclass(frozen=True)
class Record:
    """A whole game: the state JSON before the first move and after each one."""

    name: str
    players: int
    states: list[str]
    moves: list[Move]
    scores: list[list[int]]
    """``scores()`` of each state."""
    winners: list[int]
    over: bool = True
    """Whether the last state ends the game: if not, its scores are not final."""


def record_game(
    game: Game, actions: Sequence[int], progress: Callable[[int], None] | None = None
) -> Record:
    """Plays ``actions`` from the initial state of ``game`` and keeps every position,
    calling ``progress(1)`` after each action.

    An illegal action raises :class:`boardcore.IllegalActionError` naming it.
    """
    state = game.new_initial_state()
    states = [state.to_json()]
    scores = [state.scores()]
    moves: list[Move] = []
    for action in actions:
        seat = state.current_player()
        text = state.action_to_string(action)
        state.apply_action(action)
        moves.append(Move(seat, action, text))
        states.append(state.to_json())
        scores.append(state.scores())
        if progress is not None:
            progress(1)
    over = state.is_terminal()
    return Record(
        game.name, game.num_players, states, moves, scores, state.winners() if over else [], over
    )


def drawn_positions(positions: int, max_pictures: int | None) -> list[int]:
    """Which of ``positions`` positions a page draws: all of them, or ``max_pictures`` spread
    evenly from the first to the last (a position between two shows the earlier one)."""
    if max_pictures is None or positions <= max_pictures:
        return list(range(positions))
    if max_pictures < 2:
        raise ParameterError(f"a page draws at least 2 positions, not {max_pictures}")
    step = (positions - 1) / (max_pictures - 1)
    return sorted({round(k * step) for k in range(max_pictures)})


# ---------------------------------------------------------------------------------------------
# The page.

_STYLE = """
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.4 Helvetica, Arial, sans-serif; color: #2b2620;
  background: #f6f3ec; }
header { padding: 12px 20px 4px; }
h1 { margin: 0; font-size: 20px; }
h2 { margin: 14px 0 6px; font-size: 15px; }
.sub { margin: 2px 0 0; color: #7a705f; }
main { display: flex; flex-wrap: wrap; gap: 20px; padding: 8px 20px 20px; align-items: flex-start; }
#stage { flex: 0 1 auto; min-width: 320px; }
#frames { background: #fff; border: 1px solid #e2dacb; border-radius: 8px; padding: 6px;
  line-height: 0; }
.frame svg { max-width: 100%; height: auto; }
#controls { display: flex; align-items: center; gap: 6px; margin-top: 10px; flex-wrap: wrap; }
#controls button { font: inherit; padding: 5px 12px; border: 1px solid #c9bda3;
  border-radius: 6px; background: #fff; cursor: pointer; }
#controls button:hover { background: #fff4cc; }
#slider { flex: 1 1 200px; accent-color: #e0119d; }
#counter { min-width: 9em; color: #7a705f; font-variant-numeric: tabular-nums; }
#caption { margin-top: 6px; min-height: 1.4em; }
aside { flex: 1 1 340px; max-width: 460px; }
#moves { margin: 0; padding: 6px 6px 6px 44px; max-height: 360px; overflow-y: auto;
  background: #fff; border: 1px solid #e2dacb; border-radius: 8px; }
#moves li { padding: 2px 0; }
#moves li::marker { color: #7a705f; }
.who { display: inline-block; width: 1em; height: 1em; border-radius: 3px;
  vertical-align: -2px; margin-right: 4px; }
.move { font: inherit; border: 0; border-radius: 4px; padding: 1px 5px; background: none;
  cursor: pointer; color: #2b2620; text-align: left; }
.move:hover { background: #f1eadb; }
.move.current { background: #e0119d; color: #fff; }
#chart { background: #fff; border: 1px solid #e2dacb; border-radius: 8px; cursor: pointer;
  max-width: 100%; height: auto; }
.keys { color: #7a705f; font-size: 12px; }
"""

_SCRIPT = """
(function () {
  var frames = Array.prototype.slice.call(document.querySelectorAll("#frames .frame"));
  // A long game draws some positions only: each position shows the last picture at or
  // before it.
  var drawn = frames.map(function (f) { return +f.dataset.frame; });
  function pictureOf(i) {
    var k = 0;
    while (k + 1 < drawn.length && drawn[k + 1] <= i) k++;
    return k;
  }
  var moves = Array.prototype.slice.call(document.querySelectorAll("#moves .move"));
  var slider = document.getElementById("slider");
  var counter = document.getElementById("counter");
  var caption = document.getElementById("caption");
  var cursor = document.getElementById("cursor");
  var chart = document.getElementById("chart");
  var play = document.getElementById("play");
  var last = +document.getElementById("frames").dataset.last, current = 0, shown = 0;
  var timer = null;
  var x0 = +chart.dataset.x0, dx = +chart.dataset.dx;
  function show(i) {
    i = Math.max(0, Math.min(last, i | 0));
    frames[shown].hidden = true;
    shown = pictureOf(i);
    frames[shown].hidden = false;
    current = i;
    slider.value = i;
    counter.textContent = "position " + i + " / " + last;
    var x = x0 + dx * i;
    cursor.setAttribute("x1", x);
    cursor.setAttribute("x2", x);
    caption.textContent = "";
    moves.forEach(function (m) {
      var on = +m.dataset.frame === i;
      m.classList.toggle("current", on);
      if (on) {
        caption.textContent = m.dataset.seat + ": " + m.textContent;
        var list = m.closest("ol"), top = m.offsetTop - list.offsetTop;
        if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - 24) {
          list.scrollTop = top - list.clientHeight / 2;
        }
      }
    });
    if (i === 0) caption.textContent = "the initial position";
    if (drawn[shown] !== i) {
      caption.textContent += " (the picture shows position " + drawn[shown] + ")";
    }
    if (history.replaceState) history.replaceState(null, "", "#" + i);
  }
  function stop() {
    if (timer !== null) { clearInterval(timer); timer = null; }
    play.textContent = "\\u25B6 play";
  }
  function toggle() {
    if (timer !== null) { stop(); return; }
    if (current === last) show(0);
    play.textContent = "\\u275A\\u275A pause";
    timer = setInterval(function () {
      if (current >= last) { stop(); return; }
      show(current + 1);
    }, 700);
  }
  document.getElementById("first").onclick = function () { stop(); show(0); };
  document.getElementById("prev").onclick = function () { stop(); show(current - 1); };
  document.getElementById("next").onclick = function () { stop(); show(current + 1); };
  document.getElementById("last").onclick = function () { stop(); show(last); };
  play.onclick = toggle;
  slider.oninput = function () { stop(); show(+slider.value); };
  moves.forEach(function (m) {
    m.onclick = function () { stop(); show(+m.dataset.frame); };
  });
  chart.onclick = function (event) {
    var box = chart.getBoundingClientRect();
    var x = (event.clientX - box.left) * chart.viewBox.baseVal.width / box.width;
    stop();
    show(Math.round((x - x0) / dx));
  };
  document.addEventListener("keydown", function (event) {
    if (event.target === slider) return;
    var keys = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in keys) { stop(); show(current + keys[event.key]); }
    else if (event.key === "Home") { stop(); show(0); }
    else if (event.key === "End") { stop(); show(last); }
    else if (event.key === " ") { toggle(); }
    else return;
    event.preventDefault();
  });
  var start = parseInt(location.hash.slice(1), 10);
  show(isNaN(start) ? 0 : start);
})();
"""

_CHART_WIDTH = 420
_CHART_HEIGHT = 180
_CHART_LEFT = 34
_CHART_RIGHT = 34
_CHART_TOP = 10
_CHART_BOTTOM = 24


def _spread(ys: list[float], gap: float, bottom: float) -> list[tuple[int, float]]:
    """Each label's index and a height near its ``ys`` with at least ``gap`` between
    neighbours (equal final scores would print on top of each other), none below
    ``bottom``."""
    order = sorted(range(len(ys)), key=lambda i: (ys[i], i))
    placed: list[float] = []
    for i in order:
        placed.append(ys[i] if not placed else max(ys[i], placed[-1] + gap))
    overflow = (placed[-1] - bottom) if placed else 0
    if overflow > 0:
        placed = [y - overflow for y in placed]
    return list(zip(order, placed, strict=True))


def _chart(record: Record, colours: list[str]) -> str:
    """The scores over time: one line per seat, a cursor at the shown position."""
    frames = len(record.states)
    inner_width = _CHART_WIDTH - _CHART_LEFT - _CHART_RIGHT
    inner_height = _CHART_HEIGHT - _CHART_TOP - _CHART_BOTTOM
    dx = inner_width / max(1, frames - 1)
    top = max(1, max((max(s) for s in record.scores if s), default=1))
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000) if top / s <= 6)
    top = -(-top // step) * step

    def y_of(score: float) -> float:
        return _CHART_TOP + inner_height * (1 - score / top)

    root = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "id": "chart",
            "width": str(_CHART_WIDTH),
            "height": str(_CHART_HEIGHT),
            "viewBox": f"0 0 {_CHART_WIDTH} {_CHART_HEIGHT}",
            "font-family": "Helvetica, Arial, sans-serif",
            "data-x0": str(_CHART_LEFT),
            "data-dx": f"{dx:.4f}",
        },
    )
    _el(root, "title", "scores after each move (click to jump)")
    grid = _el(root, "g", font_size=10, fill="#7a705f")
    for value in range(0, top + 1, step):
        y = y_of(value)
        _el(grid, "path", d=f"M{_CHART_LEFT} {y:.1f}h{inner_width}", stroke="#eee6d6")
        _el(grid, "text", str(value), x=_CHART_LEFT - 6, y=y + 3.5, text_anchor="end")
    base = _CHART_TOP + inner_height + 15
    _el(grid, "text", "start", x=_CHART_LEFT, y=base, text_anchor="start")
    _el(grid, "text", f"move {frames - 1}", x=_CHART_LEFT + inner_width, y=base, text_anchor="end")
    for seat in range(record.players):
        points = " ".join(
            f"{_CHART_LEFT + dx * i:.1f},{y_of(s[seat]):.1f}" for i, s in enumerate(record.scores)
        )
        _el(
            root,
            "polyline",
            points=points,
            fill="none",
            stroke=colours[seat],
            stroke_width=2,
            stroke_linejoin="round",
            class_=f"score seat-{seat}",
        )
    finals = record.scores[-1]
    for seat, label_y in _spread([y_of(final) + 4 for final in finals], 12, _CHART_HEIGHT - 2):
        _el(
            root,
            "text",
            str(finals[seat]),
            x=_CHART_LEFT + inner_width + 5,
            y=label_y,
            font_size=11,
            font_weight="bold",
            fill=colours[seat],
            class_=f"final seat-{seat}",
        )
    _el(
        root,
        "line",
        id="cursor",
        x1=_CHART_LEFT,
        x2=_CHART_LEFT,
        y1=_CHART_TOP,
        y2=_CHART_TOP + inner_height,
        stroke="#e0119d",
        stroke_width=1.5,
    )
    return ET.tostring(root, encoding="unicode")


def _caption(picture: ET.Element) -> str | None:
    """The last move as a picture captions it (its "last: ..." line), or None."""
    for element in picture.iter():
        if element.tag.endswith("text") and (element.text or "").startswith("last: "):
            return (element.text or "")[len("last: ") :]
    return None


def replay_html(
    record: Record,
    *,
    title: str | None = None,
    perspective: int | None = None,
    max_pictures: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> str:
    """One self-contained HTML page showing the game of ``record`` position by position.

    ``max_pictures`` bounds the pictures drawn (a long game draws positions spread over it,
    see :func:`drawn_positions`; the move list stays complete); ``progress(1)`` is called
    per position handled.
    """
    drawn = set(drawn_positions(len(record.states), max_pictures))
    # The board window of every picture drawn, so the board does not jump between them.
    bounds = union_bounds([record.states[i] for i in sorted(drawn)])
    colours = seat_colours(record.states[0])
    starts_turn = drawer(json.loads(record.states[0])["game"]).starts_turn
    heading = title or f"{record.name} replay, {record.players} players"
    frames = []
    seen_moves = []  # each move as the perspective's picture captions it
    for i, text in enumerate(record.states):
        # A seat's move list needs every picture's caption (what it may see of each move).
        if i in drawn or (perspective is not None and i > 0):
            picture = _state_element(text, perspective, bounds)
            if i in drawn:
                svg = ET.tostring(picture, encoding="unicode")
                hidden = "" if i == 0 else " hidden"
                frames.append(f'<div class="frame" data-frame="{i}"{hidden}>{svg}</div>')
            if i > 0:
                seen_moves.append(_caption(picture) if perspective is not None else None)
        elif i > 0:
            seen_moves.append(None)
        if progress is not None:
            progress(1)
    # The move list, one line per turn: a turn starts at a seat change or a turn's first move.
    turns: list[list[tuple[int, Move]]] = []
    for i, move in enumerate(record.moves, start=1):
        if not turns or move.seat != turns[-1][-1][1].seat or starts_turn(move.action):
            turns.append([])
        # A seat's replay lists moves as its pictures caption them: a hidden chance outcome
        # or another seat's secret choice is not named in the list either.
        shown = seen_moves[i - 1] if i - 1 < len(seen_moves) else None
        turns[-1].append((i, move if shown is None else Move(move.seat, move.action, shown)))
    items = []
    for turn in turns:
        seat = turn[0][1].seat
        who = "chance" if seat == CHANCE else f"seat {seat}"
        colour = colours[seat] if 0 <= seat < len(colours) else "#7a705f"
        buttons = " ".join(
            f'<button class="move" data-frame="{i}" data-seat="{html.escape(who)}">'
            f"{html.escape(move.text)}</button>"
            for i, move in turn
        )
        items.append(
            f'<li><span class="who" style="background:{colour}" title="{who}"></span>{buttons}</li>'
        )
    final = record.scores[-1]
    scores = ", ".join(f"seat {seat} {score}" for seat, score in enumerate(final))
    if record.over:
        summary = f"{len(record.moves)} moves · final scores {scores}"
    else:
        summary = f"{len(record.moves)} moves, the game not over · scores so far {scores}"
    if record.winners:
        summary += " · winners: " + ", ".join(f"seat {s}" for s in record.winners)
    if len(drawn) < len(record.states):
        summary += f" · {len(drawn)} of the {len(record.states)} positions drawn"
    last = len(record.states) - 1
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{html.escape(heading)}</title>",
            f"<style>{_STYLE}</style>",
            "</head>",
            "<body>",
            f"<header><h1>{html.escape(heading)}</h1>",
            f'<p class="sub">{html.escape(summary)}</p></header>',
            "<main>",
            '<section id="stage">',
            f'<div id="frames" data-last="{last}">',
            *frames,
            "</div>",
            '<nav id="controls">',
            '<button id="first" title="first position (Home)">|\u25c0</button>',
            '<button id="prev" title="previous (left arrow)">\u25c0 prev</button>',
            '<button id="play" title="play / pause (space)">\u25b6 play</button>',
            '<button id="next" title="next (right arrow)">next \u25b6</button>',
            '<button id="last" title="last position (End)">\u25b6|</button>',
            f'<input id="slider" type="range" min="0" max="{last}" value="0"'
            ' aria-label="position">',
            f'<span id="counter">position 0 / {last}</span>',
            "</nav>",
            '<div id="caption">the initial position</div>',
            "</section>",
            "<aside>",
            "<h2>Moves</h2>",
            '<ol id="moves">',
            *items,
            "</ol>",
            "<h2>Scores</h2>",
            _chart(record, colours),
            '<p class="keys">Keys: \u2190 \u2192 step, space plays, Home / End.'
            " Click a move or the chart to jump.</p>",
            "</aside>",
            "</main>",
            f"<script>{_SCRIPT}</script>",
            "</body>",
            "</html>",
            "",
        ]
    )


# ---------------------------------------------------------------------------------------------
# Where a game comes from: a seed, a saved state or history, a `boardcore record` log.


_MAX_LOG_FILE = 1 << 30  # a log of many long games is large; a file with no end is refused


def _read_text(path: Path, limit: int = MAX_STATE_FILE) -> str:
    try:
        return read(path, limit)
    except ValueError as error:
        raise StateFormatError(f"{path}: {error}") from None


def _read_json(path: Path) -> Any:
    text = _read_text(path)
    try:
        return parse(text)  # as the engines' loaders read it, in their words
    except ValueError as error:
        raise StateFormatError(f"{path}: {error}") from None


@dataclass
class Source:
    """Where a replayed game comes from: its game name and parameters (when the file says
    them) and its actions, as ids or in notation."""

    name: str | None
    params: dict[str, Any]
    actions: list[int | str]
    saved: dict[str, Any] = field(default_factory=dict)
    """The saved state read, if any: its fields give the parameters ``params`` lacks."""


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def load_log(path: Path, index: int) -> Source:
    """Game ``index`` of a ``boardcore record`` log (JSON Lines, see docs/conformance.md).

    The header line (``"type": "header"``) names the game and its ``params``; the lines of
    game ``index`` carry it as ``"game"``, each step its ``"action"`` (in notation, or an id)
    and a ``"json"`` state. The actions are the steps' ``"action"`` fields in order or, if
    there are none, the ``history`` of the last state given.
    """
    name: str | None = None
    params: dict[str, Any] = {}
    actions: list[int | str] = []
    last_state: dict[str, Any] | None = None
    found: set[int] = set()
    for number, line in enumerate(_read_text(path, _MAX_LOG_FILE).splitlines(), start=1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except (ValueError, RecursionError) as error:
            where = syntax_error(line) or error
            raise StateFormatError(f"{path}:{number}: not JSON ({where})") from error
        if not isinstance(entry, dict):
            raise StateFormatError(f"{path}:{number}: a log line is a JSON object")
        game = entry.get("game")
        if isinstance(game, str):  # the header
            name = game
            if isinstance(entry.get("params"), dict):
                params = dict(entry["params"])
            continue
        if not _is_int(game):
            continue
        found.add(game)
        if game != index:
            continue
        action = entry.get("action")
        if isinstance(action, str) or _is_int(action):
            actions.append(action)
        state = entry.get("json")
        if isinstance(state, str):
            try:
                state = json.loads(state)
            except (ValueError, RecursionError) as error:
                raise StateFormatError(f"{path}:{number}: bad state JSON ({error})") from error
        if isinstance(state, dict):
            last_state = state
    if not found or index not in found:
        known = f"0..{max(found)}" if found else "none"
        raise BoardcoreError(f"{path}: no game {index} in the log (games found: {known})")
    if last_state is not None:
        name = name or last_state.get("game")
        if "players" not in params and _is_int(last_state.get("players")):
            params["players"] = last_state["players"]
        if not actions and isinstance(last_state.get("history"), list):
            actions = list(last_state["history"])
    return Source(name, params, actions, last_state or {})


def _read_state(path: Path) -> Source:
    """A saved state (its history) or a bare JSON list of actions (ids or notation)."""
    saved = _read_json(path)
    if isinstance(saved, list) and all(isinstance(a, str) or _is_int(a) for a in saved):
        return Source(None, {}, saved)
    if isinstance(saved, dict) and isinstance(saved.get("history"), list):
        params = {"players": saved["players"]} if "players" in saved else {}
        return Source(saved.get("game"), params, saved["history"], saved)
    raise StateFormatError(f"{path}: neither a saved state nor a JSON list of actions")


def _load_game(args: argparse.Namespace, source: Source, where: str = "") -> Game:
    from . import load, reference

    if args.game is not None and isinstance(source.name, str) and source.name != args.game:
        raise StateFormatError(
            f"the saved game is {source.name}, not {args.game} (give its name, or none)"
        )
    name = args.game or source.name
    if not isinstance(name, str):
        raise BoardcoreError("which game? give its name, e.g. boardcore replay kardinal ...")
    engine = reference.load if args.reference else load
    # A saved state also records parameters besides players (Prestel: speeds, max_rounds).
    try:
        recorded = {**saved_params(engine, name, source.saved), **source.params}
    except ParameterError as error:
        raise ParameterError(f"{where}: {error}" if where else str(error)) from None
    params = {**recorded, **game_params(args)}  # --param name=value
    if args.players is not None:
        params["players"] = args.players
    if args.data is not None:
        params["data"] = args.data
    try:
        return engine(name, **params)
    except ParameterError as error:
        # the file's own parameters are refused too: the file is what to name
        if recorded and where and _refused(engine, name, {**recorded, "data": args.data}):
            raise ParameterError(f"{where}: {error}") from None
        raise


def _refused(engine: Callable[..., Game], name: str, params: dict[str, Any]) -> bool:
    try:
        engine(name, **params)
    except ParameterError:
        return True
    return False


def cmd_replay(args: argparse.Namespace, console: Console) -> int:
    """``boardcore replay``: write a game as an HTML page."""
    from . import games, play

    if args.state is not None and args.log is not None:
        raise BoardcoreError("give --state or --log, not both")
    if args.max_frames < 2:
        raise ParameterError(f"--max-frames must be at least 2, not {args.max_frames}")
    out = check_out(args.out, (".html", ".htm"))  # before the work, as the other commands do
    if args.log is not None:
        source = load_log(Path(args.log), args.game_index)
        where = f"{Path(args.log).name}, game {args.game_index}"
    elif args.state is not None:
        source = _read_state(Path(args.state))
        where = Path(args.state).name
    elif args.game is None:
        raise BoardcoreError("give a game name (with --seed), --state FILE or --log FILE")
    else:
        source = Source(args.game, {}, [])
        where = f"seed {args.seed}"
    game = _load_game(args, source, where if args.game is None or source.saved else "")
    if args.perspective is not None and not 0 <= args.perspective < game.num_players:
        raise ParameterError(
            f"--perspective must be a seat from 0 to {game.num_players - 1}, not {args.perspective}"
        )
    if args.log is None and args.state is None:
        agents = args.agents.split(",") if args.agents else None
        actions = play(game, seed=args.seed, agents=agents).history()
    else:
        if source.saved and args.log is None:
            # a saved state is checked whole, as `show` and `state_from_json` check it: an
            # edited field, or a game of other parameters than the state's, is refused
            try:
                game.state_from_json(json.dumps(source.saved))
            except StateFormatError as error:
                raise StateFormatError(f"{where}: {error}") from None
        probe = game.new_initial_state()
        actions = [a if isinstance(a, int) else probe.string_to_action(a) for a in source.actions]
    # Every picture drawn is one SVG in the page: a random Prestel game (thousands of
    # actions) drawn whole would make a page of hundreds of megabytes.
    with progress_bar(console, f"playing {game.name}", len(actions)) as advance:
        record = record_game(game, actions, progress=advance)
    info = next((i for i in games() if i.name == game.name), None)
    title = f"{info.title if info else game.name}, {game.num_players} players, {where}"
    with progress_bar(console, "drawing the positions", len(record.states)) as advance:
        page = replay_html(
            record,
            title=title,
            perspective=args.perspective,
            max_pictures=args.max_frames,
            progress=advance,
        )
    out.write_text(page, encoding="utf-8")
    drawn = len(drawn_positions(len(record.states), args.max_frames))
    pictures = "" if drawn == len(record.states) else f", {drawn} of them drawn (--max-frames)"
    console.print(
        f"{len(record.states)} positions of {game.name} ({where}){pictures} written to {out}",
        highlight=False,
    )
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Adds ``boardcore replay`` to the command's subparsers."""
    replay = subparsers.add_parser(
        "replay",
        help="write a game as a self-contained HTML page to step through",
        description="Write a game as one HTML page: every position, controls, moves, scores. "
        "The game is a seeded random game, a saved state (its history) or a record log.",
    )
    replay.add_argument("game", nargs="?", help="the game (read from the file if omitted)")
    add_game_parameters(
        replay, "number of players of a new game (default: the game's)", "max_rounds=50"
    )
    replay.add_argument("--seed", type=int, default=0, help="seeds the random agents")
    replay.add_argument(
        "--agents", help="agents for the seeded game, comma-separated (default random)"
    )
    replay.add_argument(
        "--max-frames",
        type=int,
        default=300,
        help="draw at most this many positions, spread over the game; the move list "
        "stays complete (default 300)",
    )
    replay.add_argument("--state", help="a saved state (JSON, checked whole) or a JSON list")
    replay.add_argument("--log", help="a `boardcore record` log (JSON lines)")
    replay.add_argument("--game-index", type=int, default=0, help="which game of --log")
    replay.add_argument("--perspective", type=int, help="draw the game as this seat sees it")
    replay.add_argument("--reference", action="store_true", help="use the reference engine")
    replay.add_argument("--out", default="replay.html", help="the page (default replay.html)")
    replay.set_defaults(run=cmd_replay)
