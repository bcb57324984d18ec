"""Pictures: SVG of states in both engines, replay pages, ``boardcore show --svg`` and
``boardcore replay``, and a replay page driven in headless Chromium."""

from __future__ import annotations

import itertools
import json
import re
import time
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import boardcore
from boardcore.cli import main
from boardcore.replay import Record, drawn_positions, record_game, replay_html
from boardcore.svg import HIGHLIGHT, state_to_svg
from tests import helpers
from tests.conftest import Loader, apply

ARTEFACTS = Path(__file__).parent / "artefacts"
SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.find(f"{SVG}title") is not None
    return root


def seat_texts(root: ET.Element, seat: int) -> list[str]:
    group = root.find(f".//{SVG}g[@class='seat seat-{seat}']")
    assert group is not None
    return [t.text or "" for t in group.iter(f"{SVG}text")]


def last_action_marks(root: ET.Element) -> ET.Element:
    marks = root.find(f".//{SVG}g[@class='last-action']")
    assert marks is not None
    return marks


# --- SVG of states -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_svg_is_well_formed_for_random_states(load: Loader, players: int) -> None:
    """Every few positions of several random games, from every seat's view and none."""
    game = load("kardinal", players=players)
    drawn = 0
    for seed in range(6):
        history = boardcore.play(boardcore.load("kardinal", players=players), seed=seed).history()
        state: Any = game.new_initial_state()
        for step, action in enumerate([*history, None]):
            if step % 4 == 0 or action is None:
                perspective = None if step % 8 else step // 8 % players
                root = parse(state.to_svg(perspective))
                desc = root.find(f"{SVG}desc")
                assert desc is not None and desc.text
                scores = state.scores()
                for seat in range(players):
                    texts = seat_texts(root, seat)
                    assert str(scores[seat]) in texts
                    assert ("you" in " ".join(texts)) == (seat == perspective)
                drawn += 1
            if action is not None:
                state.apply_action(action)
        assert state.is_terminal()
        root = parse(state.to_svg())
        desc = root.find(f"{SVG}desc")
        assert desc is not None and (desc.text or "").startswith("game over")
        for seat in range(players):
            flagged = any("winner" in text for text in seat_texts(root, seat))
            assert flagged == (seat in state.winners())
    assert drawn > 6 * 8


@pytest.mark.parametrize("players", [2, 3, 4])
def test_both_engines_draw_the_same_picture(players: int) -> None:
    rust = boardcore.load("kardinal", players=players)
    ref = boardcore.reference.load("kardinal", players=players)
    for seed in (1, 2):
        history = boardcore.play(rust, seed=seed).history()
        for cut in range(0, len(history) + 1, 5):
            a: Any = rust.replay(history[:cut])
            b: Any = ref.replay(history[:cut])
            assert a.to_svg() == b.to_svg()
            assert a.to_svg(players - 1) == b.to_svg(players - 1)
            assert a._repr_svg_() == a.to_svg()
            assert b._repr_svg_() == state_to_svg(b.to_json())


@pytest.mark.parametrize("bad", [-1, 3, 4, 99])
def test_perspective_must_be_a_seat(load: Loader, bad: int) -> None:
    state: Any = load("kardinal", players=3).new_initial_state()
    with pytest.raises(boardcore.ParameterError, match=r"seat 0\.\.2"):
        state.to_svg(bad)
    with pytest.raises(boardcore.ParameterError):
        state.to_svg(perspective=bad)
    for seat in (None, 0, 1, 2):
        parse(state.to_svg(seat))


@pytest.mark.parametrize("bad", [True, "0", 1.0, [0]])
def test_perspective_of_another_type_is_refused(bad: object) -> None:
    text = boardcore.load("kardinal", players=2).new_initial_state().to_json()
    with pytest.raises(boardcore.ParameterError, match="perspective"):
        state_to_svg(text, bad)  # type: ignore[arg-type]


def test_state_to_svg_refuses_what_is_not_a_state() -> None:
    with pytest.raises(boardcore.StateFormatError):
        state_to_svg("not json")
    with pytest.raises(boardcore.StateFormatError):
        state_to_svg('["kardinal"]')
    with pytest.raises(boardcore.ParameterError, match="no picture for game 'chess'"):
        state_to_svg('{"game": "chess"}')
    with pytest.raises(boardcore.StateFormatError, match="not a kardinal state"):
        state_to_svg('{"game": "kardinal", "players": 2}')


def test_the_last_action_is_marked(load: Loader) -> None:
    state: Any = load("kardinal", players=2).new_initial_state()
    assert len(last_action_marks(parse(state.to_svg()))) == 0
    apply(state, "build yard red -2,0 h")
    (outline,) = last_action_marks(parse(state.to_svg()))
    assert outline.tag == f"{SVG}rect" and outline.get("width") == "77"  # two cells wide
    apply(state, "chip blue")
    root = parse(state.to_svg())
    assert len(last_action_marks(root)) == 0
    seat_0 = root.find(f".//{SVG}g[@class='seat seat-0']")
    assert seat_0 is not None
    ringed = [c for c in seat_0.iter(f"{SVG}circle") if c.get("stroke") == HIGHLIGHT]
    assert len(ringed) == 1
    assert "last: chip blue" in state.to_svg()
    apply(state, "cardinal 1,1")
    (ring,) = last_action_marks(parse(state.to_svg()))
    assert ring.tag == f"{SVG}circle"
    assert last_action_marks(parse(state.to_svg())).get("stroke-dasharray") is None
    apply(state, "build house green 2,0", "cardinal stay")
    marks = last_action_marks(parse(state.to_svg()))
    assert marks[0].tag == f"{SVG}circle" and marks.get("stroke-dasharray") == "5 3"


def test_the_picture_shows_the_pieces_and_the_winner(load: Loader) -> None:
    game = load("kardinal", players=4)
    final: Any = boardcore.play(game, seed=3)
    root = parse(final.to_svg())
    pieces = root.find(f".//{SVG}g[@class='pieces']")
    assert pieces is not None
    edifices = json.loads(final.to_json())["edifices"]
    # A house or tower is one outline and its window or door; a yard two nested rectangles;
    # the cathedral a plinth, two pieces, a cross and a clock.
    assert len(pieces) == 2 * len(edifices) + 7
    assert root.find(f".//{SVG}g[@class='cardinal']") is not None
    for seat in range(4):
        assert ("★ winner" in seat_texts(root, seat)[1:]) == (seat in final.winners())


# --- replay pages -------------------------------------------------------------------------------


class PageParser(HTMLParser):
    """Collects frames, moves and every element id of a replay page, checking nesting."""

    VOID = frozenset({"meta", "input", "br", "img", "link"})

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.frames: list[dict[str, str | None]] = []
        self.moves: list[dict[str, str | None]] = []
        self.ids: set[str] = set()
        self.urls: list[str] = []
        self.in_move = False
        self.move_texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = self.note(attrs)
        if tag == "div" and values.get("class") == "frame":
            self.frames.append(values)
        if tag == "button" and values.get("class") == "move":
            self.moves.append(values)
            self.in_move = True
            self.move_texts.append("")
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.note(attrs)  # a self-closing SVG element: nothing to nest

    def note(self, attrs: list[tuple[str, str | None]]) -> dict[str, str | None]:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(values["id"] or "")
        for name in ("src", "href"):
            if values.get(name):
                self.urls.append(values[name] or "")
        return values

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes <{self.stack[-1:]}>"
        self.stack.pop()
        if tag == "button":
            self.in_move = False

    def handle_data(self, data: str) -> None:
        if self.in_move:
            self.move_texts[-1] += data


def parse_page(page: str) -> PageParser:
    parser = PageParser()
    parser.feed(page)
    parser.close()
    assert parser.stack == []
    return parser


def frame_svgs(page: str) -> list[str]:
    return re.findall(r'<div class="frame"[^>]*>(<svg.*?</svg>)</div>', page, flags=re.S)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_replay_page_has_a_frame_per_state_and_the_moves(load: Loader, players: int) -> None:
    game = load("kardinal", players=players)
    history = boardcore.play(boardcore.load("kardinal", players=players), seed=4).history()
    record = record_game(game, history)
    page = replay_html(record, title="a test")
    parsed = parse_page(page)
    assert len(record.states) == len(history) + 1
    assert len(parsed.frames) == len(record.states)
    assert [f["data-frame"] for f in parsed.frames] == [str(i) for i in range(len(history) + 1)]
    assert ["hidden" in f for f in parsed.frames] == [False] + [True] * len(history)
    state = game.new_initial_state()
    assert parsed.move_texts == [state.action_to_string(a) for a in history]
    assert [m["data-frame"] for m in parsed.moves] == [str(i) for i in range(1, len(history) + 1)]
    assert {"frames", "controls", "first", "prev", "play", "next", "last", "slider"} <= parsed.ids
    assert {"moves", "chart", "cursor", "counter"} <= parsed.ids
    # Self-contained: no file or URL to fetch; the only "http" is the SVG namespace.
    assert parsed.urls == []
    assert set(re.findall(r"https?://[^\s\"'<>]+", page)) == {"http://www.w3.org/2000/svg"}
    svgs = frame_svgs(page)
    assert len(svgs) == len(record.states)
    for svg in svgs[:: max(1, len(svgs) // 8)]:
        parse(svg)
    # Every frame has the same size: the board window is the whole game's.
    sizes = {re.findall(r'viewBox="([^"]+)"', svg)[0] for svg in svgs}
    assert len(sizes) == 1
    assert record.scores[-1] == game.replay(history).scores()


def test_replay_of_a_short_game_and_no_moves() -> None:
    game = boardcore.load("kardinal", players=2)
    empty = replay_html(record_game(game, []))
    assert len(parse_page(empty).frames) == 1
    record = record_game(game, [game.new_initial_state().string_to_action("build house red 2,0")])
    assert isinstance(record, Record) and record.moves[0].seat == 0
    with pytest.raises(boardcore.IllegalActionError):
        record_game(game, [0])


# --- the command line ---------------------------------------------------------------------------


def test_show_saves_a_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state: Any = boardcore.play(boardcore.load("kardinal", players=3), seed=8)
    path, out = tmp_path / "state.json", tmp_path / "out.svg"
    path.write_text(state.to_json())
    assert main(["show", str(path), "--svg", str(out)]) == 0
    assert str(state) in capsys.readouterr().out
    assert out.read_text() == state.to_svg() + "\n"
    parse(out.read_text())


def test_replay_command_from_a_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "game.html"
    assert main(["replay", "kardinal", "--players", "4", "--seed", "5", "--out", str(out)]) == 0
    history = boardcore.play(boardcore.load("kardinal", players=4), seed=5).history()
    assert f"{len(history) + 1} positions" in capsys.readouterr().out
    page = out.read_text()
    assert len(parse_page(page).frames) == len(history) + 1
    assert "Kardinal, 4 players, seed 5" in page
    # The reference engine plays the same seeded game, so the page is the same.
    same = tmp_path / "same.html"
    args = ["replay", "kardinal", "--players", "4", "--seed", "5", "--reference"]
    assert main([*args, "--out", str(same)]) == 0
    assert same.read_text() == page


def test_replay_command_from_a_saved_state_or_history(tmp_path: Path) -> None:
    game = boardcore.load("kardinal", players=3)
    state: Any = game.replay(boardcore.play(game, seed=2).history()[:20])
    saved = tmp_path / "state.json"
    saved.write_text(state.to_json())
    out = tmp_path / "a.html"
    assert main(["replay", "--state", str(saved), "--out", str(out)]) == 0
    assert len(parse_page(out.read_text()).frames) == 21
    moves = tmp_path / "moves.json"
    moves.write_text(json.dumps(["build house red 2,0", "chip red", "cardinal 1,1"]))
    args = ["replay", "kardinal", "--players", "2", "--state", str(moves), "--out", str(out)]
    assert main(args) == 0
    assert parse_page(out.read_text()).move_texts[-1] == "cardinal 1,1"


def record_log(path: Path, games: int) -> None:
    """A log as ``boardcore record`` writes it (docs/conformance.md): a header, then each
    game's step lines (the action in notation, the state before it) and its end line."""
    game = boardcore.load("kardinal", players=2)
    lines: list[dict[str, Any]] = [{"type": "header", "game": "kardinal", "params": {"players": 2}}]
    for index in range(games):
        state: Any = game.new_initial_state()
        for action in boardcore.play(game, seed=index).history():
            text = state.action_to_string(action)
            lines.append({"type": "step", "game": index, "action": text, "json": state.to_json()})
            state.apply_action(action)
        lines.append({"type": "end", "game": index, "json": state.to_json()})
    path.write_text("".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines))


def test_replay_command_from_a_record_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log, out = tmp_path / "games.jsonl", tmp_path / "log.html"
    record_log(log, games=3)
    assert main(["replay", "--log", str(log), "--game-index", "2", "--out", str(out)]) == 0
    history = boardcore.play(boardcore.load("kardinal", players=2), seed=2).history()
    assert len(parse_page(out.read_text()).frames) == len(history) + 1
    # Lines with only states (no actions) replay the last state's history.
    only_states = tmp_path / "states.jsonl"
    ends = [line for line in log.read_text().splitlines(True) if json.loads(line)["type"] == "end"]
    only_states.write_text("".join(ends))
    assert main(["replay", "--log", str(only_states), "--game-index", "1", "--out", str(out)]) == 0
    assert main(["replay", "--log", str(log), "--game-index", "7", "--out", str(out)]) == 2
    assert "no game 7 in the log" in " ".join(capsys.readouterr().err.split())


def test_replay_command_needs_a_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["replay", "--out", str(tmp_path / "x.html")]) == 2
    assert "give a game name" in " ".join(capsys.readouterr().err.split())


# --- the page in a browser ----------------------------------------------------------------------


def test_replay_page_in_headless_chromium(tmp_path: Path) -> None:
    """Opens a replay page, clicks "next" and a move, and keeps screenshots in artefacts/."""
    game = boardcore.load("kardinal", players=4)
    record = record_game(game, boardcore.play(game, seed=5).history())
    page = tmp_path / "replay.html"
    page.write_text(replay_html(record, title="Kardinal, 4 players, seed 5"), encoding="utf-8")
    driver = helpers.open_chromium(1400, 900)
    from selenium.webdriver.common.by import By

    try:
        driver.get(page.as_uri())
        shown = "return document.querySelector('#frames .frame:not([hidden])').dataset.frame"
        picture = "return document.querySelector('#frames .frame:not([hidden])').innerHTML"
        assert driver.execute_script(shown) == "0"
        before = driver.execute_script(picture)
        driver.find_element(By.ID, "next").click()
        assert driver.execute_script(shown) == "1"
        assert driver.execute_script(picture) != before
        assert driver.find_element(By.ID, "counter").text == f"position 1 / {len(record.moves)}"
        assert driver.find_element(By.ID, "slider").get_attribute("value") == "1"
        # A move of the list jumps to the position after it and is highlighted.
        move = driver.find_elements(By.CSS_SELECTOR, "#moves .move")[30]
        driver.execute_script("arguments[0].scrollIntoView()", move)
        move.click()
        assert driver.execute_script(shown) == "31"
        assert "current" in (move.get_attribute("class") or "")
        driver.find_element(By.ID, "prev").click()
        assert driver.execute_script(shown) == "30"
        driver.find_element(By.ID, "play").click()
        deadline = time.monotonic() + 5
        while driver.execute_script(shown) == "30" and time.monotonic() < deadline:
            time.sleep(0.1)
        driver.find_element(By.ID, "play").click()  # pause
        assert int(driver.execute_script(shown)) > 30
        ARTEFACTS.mkdir(exist_ok=True)
        driver.find_element(By.ID, "next").click()
        assert driver.save_screenshot(str(ARTEFACTS / "replay.png"))
        frame = driver.find_element(By.CSS_SELECTOR, "#frames .frame:not([hidden]) svg")
        assert frame.screenshot(str(ARTEFACTS / "kardinal-frame.png"))
    finally:
        driver.quit()
    assert (ARTEFACTS / "replay.png").stat().st_size > 10_000


# --- long games -----------------------------------------------------------------------------


def test_drawn_positions_spread_over_the_game() -> None:
    assert drawn_positions(5, None) == [0, 1, 2, 3, 4]
    assert drawn_positions(5, 5) == [0, 1, 2, 3, 4]
    assert drawn_positions(101, 5) == [0, 25, 50, 75, 100]
    spread = drawn_positions(9831, 300)
    assert len(spread) == 300 and spread[0] == 0 and spread[-1] == 9830
    assert max(b - a for a, b in itertools.pairwise(spread)) <= 34  # 9830 / 299 = 32.9
    with pytest.raises(boardcore.ParameterError):
        drawn_positions(10, 1)


def test_a_long_game_draws_some_positions_and_lists_every_move() -> None:
    game = boardcore.load("prestel_new_york", players=3)
    history = boardcore.play(game, seed=1).history()
    assert len(history) > 1000  # random Prestel games are thousands of actions long
    calls: list[int] = []
    record = record_game(game, history, progress=calls.append)
    assert len(calls) == len(history) and record.over
    calls.clear()
    page = replay_html(record, max_pictures=40, progress=calls.append)
    assert len(calls) == len(record.states)
    parsed = parse_page(page)
    assert [int(f["data-frame"] or "") for f in parsed.frames] == drawn_positions(
        len(record.states), 40
    )
    assert len(parsed.moves) == len(history)
    assert f'data-last="{len(history)}"' in page
    # 40 pictures of some 40 KB and the whole move list: a few MB, where a picture per
    # position would make a page a hundred times that.
    picture = len(state_to_svg(record.states[-1]))
    assert len(page) < 40 * picture + 2_000_000 < len(record.states) * picture / 10
    assert "40 of the" in page and "final scores" in page


def test_an_unfinished_game_does_not_call_its_scores_final() -> None:
    game = boardcore.load("kardinal", players=2)
    history = boardcore.play(game, seed=3).history()
    record = record_game(game, history[:10])
    assert not record.over and record.winners == []
    header = replay_html(record).split("</header>")[0]
    assert "not over" in header and "scores so far" in header
    assert "final" not in header and "winners" not in header
    whole = replay_html(record_game(game, history)).split("</header>")[0]
    assert "final scores" in whole and "winners" in whole


def test_replay_command_refuses_too_few_frames_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "x.html"
    assert main(["replay", "kardinal", "--max-frames", "1", "--out", str(out)]) == 2
    assert "--max-frames must be at least 2, not 1" in " ".join(capsys.readouterr().err.split())
    assert not out.exists()
