"""The ``boardcore`` command: simulate (summary, saved results), play, show, games."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import boardcore
import boardcore.cli
import boardcore.testing
from boardcore.arena import wilson_interval
from boardcore.cli import main
from boardcore.svg import state_to_svg
from tests import helpers


def test_simulate_prints_summary_and_saves_csv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "results.csv"
    text = helpers.simulated_by_cli(capsys, out, 3, 5, "--threads", "2")
    assert "win rate" in text and "games/s" in text and "game length" in text
    with out.open() as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 300
    expected = boardcore.simulate("kardinal", players=3, games=300, seed=5, threads=1)
    assert [int(r["score2"]) for r in rows] == expected.scores[:, 2].tolist()
    assert rows[7]["seed"] == "12"


def test_simulate_saves_npz(tmp_path: Path) -> None:
    out = tmp_path / "results.npz"
    assert main(["simulate", "kardinal", "--games", "50", "--out", str(out)]) == 0
    data = np.load(out)
    assert data["scores"].shape == (50, 4)
    assert data["winners"].shape == (50, 4)


def test_simulate_rejects_bad_parameters(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "kardinal", "--players", "7", "--games", "5"]) == 2
    assert "2, 3 or 4" in capsys.readouterr().err


def test_show_draws_a_saved_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = boardcore.play(boardcore.load("kardinal", players=2), seed=8)
    path = tmp_path / "state.json"
    path.write_text(state.to_json())
    assert main(["show", str(path)]) == 0
    assert str(state) in capsys.readouterr().out
    assert main(["show", str(path), "--reference"]) == 0


def test_show_rejects_a_broken_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "state.json"
    path.write_text('{"game": "kardinal"}')
    assert main(["show", str(path)]) == 2
    err = capsys.readouterr().err
    assert str(path) in err and "not a Kardinal state: missing field" in err, err


@pytest.mark.parametrize("command", ["show", "verify"])
def test_a_file_that_is_not_text_is_a_short_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """A binary file (an .npz, a picture) given by mistake: a one-line error, no traceback."""
    path = tmp_path / "results.json"
    path.write_bytes(b"\xff\xfe\x00binary")
    assert main([command, str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and str(path) in err and "utf-8" in err.lower()
    assert "Traceback" not in err


def test_play_in_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A person types moves; '?' lists them; a bad move is explained; the game goes on."""
    typed = iter(["?", "build house red 9,9", "nonsense", "build house red 2,0", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    assert main(["play", "kardinal", "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert "build house red 2,0" in out  # listed by '?'
    assert "illegal" in out  # 9,9 touches nothing
    assert '"nonsense" is not a Kardinal action' in out  # unreadable notation, explained
    assert "choose a chip" in out  # the move was played: seat 0 now picks a chip


def test_play_asks_again_after_enter_alone_and_draws_each_position_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Enter alone is no move and no error; a refused move is explained without drawing the
    same position again; a played move draws the next one."""
    typed = iter(["", "  ", "nonsense", "build house red 2,0", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    assert main(["play", "kardinal", "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert out.count("is not a Kardinal action") == 1  # "nonsense"; the blank lines: none
    assert out.count("seat 0 to build") == 1  # the first position, drawn once
    assert "choose a chip" in out  # the position after the move, drawn


def test_games_lists_kardinal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    assert "kardinal" in capsys.readouterr().out


def test_wilson_interval() -> None:
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


# --- every command on every game's saves ------------------------------------------------------

# Every game and player count: the fewest and most seats in the normal run, the counts
# between in the slow tier.
SETTINGS = [
    pytest.param(
        info.name,
        players,
        marks=[] if players in (min(info.players), max(info.players)) else [pytest.mark.slow],
    )
    for info in boardcore.games()
    for players in info.players
]
# Prestel's random games last thousands of actions: a round limit keeps the logs short.
SHORT = {"prestel_new_york": ["--param", "max_rounds=2"]}


def saved_midgame(name: str, players: int, seed: int = 4, actions: int = 60) -> boardcore.State:
    """A state the library saves, part way into a seeded random game."""
    state = boardcore.load(name, players=players).new_initial_state()
    rng = boardcore.SplitMix64(seed)
    while not state.is_terminal() and len(state.history()) < actions:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.choose_weighted([w for _, w in outcomes])][0])
        else:
            state.apply_action(boardcore.random_agent(state, rng))
    return state


@pytest.mark.parametrize(("name", "players"), SETTINGS)
def test_every_command_reads_the_librarys_saves(
    name: str, players: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = saved_midgame(name, players)
    saved = tmp_path / "state.json"
    saved.write_text(state.to_json())
    svg = tmp_path / "board.svg"
    assert main(["show", str(saved), "--svg", str(svg)]) == 0
    assert str(state) in capsys.readouterr().out
    assert svg.read_text() == state_to_svg(state.to_json()) + "\n"
    assert main(["show", str(saved), "--reference"]) == 0
    assert str(state) in capsys.readouterr().out
    assert main(["show", str(saved), "--seat", str(players - 1)]) == 0
    assert state.observation_string(players - 1) in capsys.readouterr().out
    page = tmp_path / "replay.html"
    assert main(["replay", "--state", str(saved), "--out", str(page)]) == 0
    assert f"{len(state.history()) + 1} positions" in capsys.readouterr().out
    log = tmp_path / "games.jsonl"
    record = ["record", name, "--players", str(players), "--games", "1", "--out", str(log)]
    assert main([*record, *SHORT.get(name, [])]) == 0
    assert main(["verify", str(log)]) == 0
    assert main(["replay", "--log", str(log), "--max-frames", "30", "--out", str(page)]) == 0
    assert "error" not in capsys.readouterr().err


# --- what a seat is shown ---------------------------------------------------------------------

HIDDEN = [info.name for info in boardcore.games() if info.name != "kardinal"]  # Kardinal: none


def hidden_pairs(name: str) -> list[tuple[boardcore.State, boardcore.State, int]]:
    """States that differ only in what ``seat`` may not see: the same game (with the most
    players) with another outcome at one chance node, equal in ``seat``'s observation but not
    as a whole. There are some."""
    players = max(next(i for i in boardcore.games() if i.name == name).players)
    pairs: list[tuple[boardcore.State, boardcore.State, int]] = []
    state = saved_midgame(name, players, seed=1, actions=0)
    rng = boardcore.SplitMix64(1)
    while not state.is_terminal() and len(pairs) < 6:
        if not state.is_chance_node():
            state.apply_action(boardcore.random_agent(state, rng))
            continue
        outcomes = state.chance_outcomes()
        chosen = outcomes[rng.choose_weighted([w for _, w in outcomes])][0]
        dealt = state.clone()
        dealt.apply_action(chosen)
        for other, _ in outcomes[:6]:
            alternative = state.clone()
            alternative.apply_action(other)
            for seat in range(players):
                same = alternative.observation_string(seat) == dealt.observation_string(seat)
                if same and alternative.to_json() != dealt.to_json():
                    pairs.append((dealt, alternative, seat))
        state = dealt
    assert pairs, "no chance outcome hidden from some seat was found"
    return pairs


def shown(main_args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(main_args) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("name", HIDDEN)
def test_show_seat_shows_nothing_hidden_from_the_seat(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole_differs = False
    for a, b, seat in hidden_pairs(name):
        views = []
        for state, file in ((a, tmp_path / "a.json"), (b, tmp_path / "b.json")):
            file.write_text(state.to_json())
            views.append(shown(["show", str(file), "--seat", str(seat)], capsys))
        assert views[0] == views[1]
        whole_differs |= str(a) != str(b)
    # Where seats hold private cards, the whole state shows what the seat's view leaves out
    # (Chandigarh's face-down street tiles are hidden from every seat, even in the whole).
    assert whole_differs or name == "chandigarh"


@pytest.mark.parametrize("name", HIDDEN)
def test_the_seats_picture_shows_nothing_hidden_from_the_seat(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for a, b, seat in hidden_pairs(name):
        pictures = []
        for state, file in ((a, tmp_path / "a.json"), (b, tmp_path / "b.json")):
            file.write_text(state.to_json())
            svg = tmp_path / "seat.svg"
            shown(["show", str(file), "--seat", str(seat), "--svg", str(svg)], capsys)
            pictures.append(svg.read_text())
        assert pictures[0] == pictures[1]


@pytest.mark.parametrize("name", HIDDEN)
def test_a_seats_replay_page_shows_nothing_hidden_from_the_seat(name: str) -> None:
    """Pictures, move list and captions of ``replay --perspective``: two games that differ
    only in what the seat may not see give the same page."""
    from boardcore.replay import record_game, replay_html

    players = max(next(i for i in boardcore.games() if i.name == name).players)
    game = boardcore.load(name, players=players)
    for a, b, seat in hidden_pairs(name)[:2]:
        pages = [replay_html(record_game(game, s.history()), perspective=seat) for s in (a, b)]
        assert pages[0] == pages[1]


@pytest.mark.parametrize("name", HIDDEN)
def test_play_shows_the_human_only_their_seats_view(
    name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The prompt is the human's observation; the whole state (every hand) is never printed."""
    seen: list[boardcore.State] = []
    view = boardcore.cli.seat_view

    def recording(state: boardcore.State, seat: int) -> str:
        seen.append(state.clone())
        return view(state, seat)

    typed = iter(["?", "quit"])
    monkeypatch.setattr("boardcore.cli.seat_view", recording)
    monkeypatch.setattr("builtins.input", lambda prompt="": next(typed))
    players = max(next(i for i in boardcore.games() if i.name == name).players)
    assert main(["play", name, "--players", str(players), "--seat", "0"]) == 0
    out = capsys.readouterr().out
    assert seen
    hiding = 0
    for state in seen:
        assert state.observation_string(0) in out
        if str(state) not in state.observation_string(0):  # the whole shows more
            assert str(state) not in out
            hiding += 1
    # The two games the issue names show other seats' hands at the first prompt.
    assert hiding or name not in ("prestel_new_york", "city_connect")


# --- streams, checks before the work, Ctrl-C ---------------------------------------------------


def test_errors_go_to_stderr_and_the_results_to_stdout(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "kardinal", "--players", "7", "--games", "5"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "2, 3 or 4" in err
    assert main(["simulate", "kardinal", "--games", "5"]) == 0
    out, err = capsys.readouterr()
    assert "win rate" in out and err == ""  # no progress bar when stderr is no terminal


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "kardinal", "--out", "results.txt"], "--out must end in .csv or .npz"),
        (["simulate", "kardinal", "--out", "no/such/folder/r.npz"], "does not exist"),
        (["simulate", "kardinal", "--agents", "foo"], 'unknown agent "foo"'),
        (["arena", "kardinal", "--agents", "greedy,foo"], 'unknown agent "foo"'),
        (
            ["play", "kardinal", "--players", "4", "--seat", "5"],
            "--seat must be a seat from 0 to 3",
        ),
        (["replay", "kardinal", "--perspective", "7"], "--perspective must be a seat from 0 to 3"),
        (["record", "kardinal", "--out", "no/such/folder/g.jsonl"], "does not exist"),
        # a folder that exists but where no file can be made (the kernel's /proc)
        (["simulate", "kardinal", "--out", "/proc/r.npz"], "/proc/r.npz: no such file"),
        (["record", "kardinal", "--out", "/proc/g.jsonl"], "/proc/g.jsonl: no such file"),
    ],
)
def test_arguments_are_checked_before_any_game_is_played(
    args: list[str],
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    monkeypatch.chdir(tmp_path)

    def no_games(*_: object, **__: object) -> None:
        raise AssertionError("a game was played before the arguments were checked")

    for where in ("boardcore.cli.simulate", "boardcore.arena.simulate", "boardcore.play"):
        monkeypatch.setattr(where, no_games)
    monkeypatch.setattr("boardcore.testing.record", no_games)
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert message in err and out == ""
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "kardinal", "--games", "-5"], "--games: must be from 1"),
        (["simulate", "kardinal", "--games", "0"], "--games: must be from 1"),
        (["simulate", "kardinal", "--threads", "0"], "--threads: must be from 1 to 1024"),
        (["arena", "kardinal", "--agents", "greedy,random", "--games", "0"], "--games"),
        (["simulate", "monopoly"], "invalid choice: 'monopoly'"),
    ],
)
def test_bad_counts_are_usage_errors(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit:
        main(args)
    assert exit.value.code == 2
    out, err = capsys.readouterr()
    assert message in err and out == ""


def test_a_negative_seed_is_taken_modulo_2_64_and_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "r.csv"
    assert main(["simulate", "kardinal", "--games", "3", "--seed", "-1", "--out", str(out)]) == 0
    assert "seed -1 is taken modulo 2**64: seed 18446744073709551615" in capsys.readouterr().err
    with out.open() as f:
        seeds = [row["seed"] for row in csv.DictReader(f)]
    assert seeds == ["18446744073709551615", "0", "1"]  # game i is seed + i, modulo 2**64


def test_end_of_input_leaves_play_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def end(prompt: str = "") -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", end)
    assert main(["play", "kardinal", "--players", "2"]) == 0
    assert "end of input" in capsys.readouterr().out


def test_ctrl_c_quietly_stops_replay_record_and_play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    def interrupt(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupt)
    assert main(["play", "kardinal"]) == 130
    monkeypatch.setattr("boardcore.play", interrupt)
    page = tmp_path / "game.html"
    assert main(["replay", "kardinal", "--out", str(page)]) == 130
    assert capsys.readouterr().err == ""
    assert not page.exists()


# A child that sends itself SIGINT as the package starts to import numpy (a real Ctrl-C,
# at the moment the package is being imported), then runs the command's entry point.
_CTRL_C_WHILE_IMPORTING = """
import os, signal, sys

class CtrlC:
    def find_spec(self, name, path=None, target=None):
        if name == "numpy":
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, CtrlC())
import _boardcore_launch
sys.argv = ["boardcore", "games"]
_boardcore_launch.main()
"""


def test_ctrl_c_while_the_command_imports_the_package_ends_it_quietly() -> None:
    """The installed command's entry point imports the package itself (pyproject's
    ``[project.scripts]``), so a Ctrl-C in its first few tenths of a second, while numpy and
    the engines load, ends it as a later one does: no traceback, ended by SIGINT."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run(
        [sys.executable, "-c", _CTRL_C_WHILE_IMPORTING],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert (done.returncode, done.stdout, done.stderr) == (-signal.SIGINT, "", "")


def test_ctrl_c_stops_simulate_with_the_finished_games_summary() -> None:
    """SIGINT to a running ``boardcore simulate``: within about 2 s the finished games are
    summarised on stdout, how many on stderr, and the process ends by SIGINT itself (as a
    shell expects of an interrupted command: a loop of commands stops too)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    command = [sys.executable, "-m", "boardcore", "simulate", "prestel_new_york"]
    process = subprocess.Popen(
        [*command, "--games", "10000000", "--threads", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        # Ctrl-C's default in the child, as in a terminal: a shell's background job or a
        # test runner's worker may pass SIGINT on ignored
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        time.sleep(2.5)  # imports, then games
        assert process.poll() is None, process.communicate()
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        process.kill()
    assert time.monotonic() - sent < 2.0
    assert process.returncode == -signal.SIGINT
    match = re.search(r"interrupted after (\d+) of 10000000 games", err)
    assert match and int(match.group(1)) > 0, err
    text = " ".join(out.split())  # the title wraps
    assert f"- {match.group(1)} games, seed 0" in text and "win rate" in text


# --- what the command looks like ----------------------------------------------------------------


@pytest.mark.parametrize("width", ["80", "120"])
def test_games_names_are_never_cut(
    width: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A terminal COLUMNS wide (FORCE_COLOR makes one of the capture; TERM=dumb, no colours).
    monkeypatch.setenv("COLUMNS", width)
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TERM", "dumb")
    assert main(["games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert all(len(line.rstrip()) <= int(width) for line in lines)
    for info in boardcore.games():
        assert any(line.startswith(f"{info.name}  ") for line in lines)
    text = "".join(line.strip() for line in lines)  # the folded slugs, joined again
    assert "commercial-manager,logistics-manager,local-brahmin,park-designer" in text


def test_into_a_pipe_a_line_is_one_line_whatever_its_length(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "40")
    assert main(["games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for info in boardcore.games():
        players = ", ".join(map(str, info.players))
        heading = f"{info.name}  {info.title}; {players} players; version {info.version}; "
        assert any(line.startswith(heading) for line in lines), heading
    assert all(line == line.rstrip() for line in lines)
    assert any(
        "commercial-manager,logistics-manager,local-brahmin,park-designer" in line for line in lines
    )
    saved = tmp_path / "saved.json"
    saved.write_text(boardcore.play(boardcore.load("kardinal", players=2), seed=1).to_json())
    out = tmp_path / ("a-long-name-" * 8 + ".html")
    assert main(["replay", "--state", str(saved), "--out", str(out)]) == 0
    assert f"written to {out}\n" in capsys.readouterr().out


def test_the_simulate_table_fits_80_columns(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    args = ["simulate", "prestel_new_york", "--players", "5", "--param", "max_rounds=3"]
    assert main([*args, "--games", "300"]) == 0
    lines = capsys.readouterr().out.splitlines()
    result = boardcore.simulate("prestel_new_york", players=5, max_rounds=3, games=300)
    for seat in range(5):
        lo, hi = wilson_interval(int(result.winners[:, seat].sum()), 300)
        row = next(line for line in lines if line.strip().startswith(f"{seat} "))
        assert f"{lo:.2%}-{hi:.2%}" in row and len(row.rstrip()) <= 80


def test_help_names_the_games_and_the_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "one of chandigarh, city_connect, kardinal, prestel_new_york, rebuilding_chicago" in text
    assert "games to play (default: 10000)" in text and "(default: 0)" in text
    with pytest.raises(SystemExit) as exit:
        main(["--version"])
    assert exit.value.code == 0
    assert capsys.readouterr().out.startswith("boardcore ")


def test_python_dash_m_boardcore_runs_the_command() -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run(
        [sys.executable, "-m", "boardcore", "games"], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0 and "prestel_new_york" in done.stdout


def test_replay_takes_game_parameters(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "game.html"
    args = ["replay", "prestel_new_york", "--players", "2", "--param", "max_rounds=1"]
    assert main([*args, "--out", str(page)]) == 0
    game = boardcore.load("prestel_new_york", players=2, max_rounds=1)
    positions = len(boardcore.play(game, seed=0).history()) + 1
    assert f"{positions} positions of prestel_new_york" in capsys.readouterr().out


def test_replay_checks_the_page_name_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The page is HTML: another suffix is refused, as simulate's and show's are."""
    out = tmp_path / "game.txt"
    assert main(["replay", "kardinal", "--out", str(out)]) == 2
    assert "--out must end in .html or .htm, not 'game.txt'" in capsys.readouterr().err
    assert not out.exists()


@pytest.mark.parametrize(
    ("game", "agents", "said"),
    [
        ("kardinal", "random", "kardinal is for 2, 3 or 4 players, not 1 agent (random)"),
        (
            "city_connect",
            "random," * 4 + "greedy",
            "city_connect is for 1, 2, 3 or 4 players, not 5",
        ),
    ],
)
def test_arena_with_an_agent_count_no_seat_count_fits_says_so_in_agents(
    capsys: pytest.CaptureFixture[str], game: str, agents: str, said: str
) -> None:
    assert main(["arena", game, "--agents", agents, "--games", "2"]) == 2
    assert f"give one agent per seat: {said}" in capsys.readouterr().err


def test_arena_with_players_and_another_agent_count_says_so_in_agents(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["arena", "kardinal", "--players", "3", "--agents", "random,greedy", "--games", "2"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "give one agent per seat: 3 players, not 2 agents (random, greedy)" in err


def test_arena_agents_may_be_written_with_spaces_and_one_player_is_singular(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["arena", "city_connect", "--players", "1", "--agents", "greedy, random", "--games", "2"]
    assert main(args) == 2
    assert "give one agent per seat: 1 player, not 2 agents (greedy, random)" in (
        capsys.readouterr().err
    )
    assert (
        main(
            [
                "simulate",
                "kardinal",
                "--players",
                "2",
                "--games",
                "2",
                "--agents",
                " greedy , random",
            ]
        )
        == 0
    )


def test_a_missing_file_is_said_plainly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nothing.json"
    assert main(["show", str(missing)]) == 2
    assert capsys.readouterr().err.strip() == f"error: {missing}: no such file or directory"


def test_record_writes_a_jsonl_log_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games.txt"
    assert main(["record", "kardinal", "--games", "1", "--out", str(out)]) == 2
    assert "--out must end in .jsonl, not 'games.txt'" in capsys.readouterr().err
    assert not out.exists()


def test_a_saved_state_nested_too_deeply_is_a_short_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Untrusted input a server may be handed: no RecursionError traceback, in any command."""
    nested = tmp_path / "nested.json"
    nested.write_text("[" * 100_000 + "]" * 100_000)
    for command in (["show", str(nested)], ["verify", str(nested)]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert err.startswith("error:") and "Traceback" not in err, err
    page = tmp_path / "game.html"
    assert main(["replay", "--state", str(nested), "--out", str(page)]) == 2
    assert "not JSON (line 1, column 128: nested more than 127 deep)" in capsys.readouterr().err
    with pytest.raises(boardcore.StateFormatError, match="not a saved state: not JSON"):
        boardcore.load_state("[" * 100_000 + "]" * 100_000)


def test_a_file_that_is_no_json_is_named_where_it_stops_being_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command line reads a saved state's file in the words the engines' loaders use."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "kardinal", x}')
    assert main(["replay", "--state", str(bad), "--out", str(tmp_path / "game.html")]) == 2
    err = capsys.readouterr().err
    where = "line 1, column 22: expected a key in double quotes, found `x`"
    assert err == f"error: {bad}: not JSON ({where})\n"


@pytest.mark.parametrize(
    ("command", "prefix"),
    [
        (["show"], "not a saved state: "),
        (["replay", "--state"], ""),
        (["replay", "--log"], ""),
        (["verify"], "line 2: not a golden log, "),
    ],
)
def test_a_file_that_is_not_utf8_is_named_at_its_first_bad_byte(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str], prefix: str
) -> None:
    """Every command that reads a file refuses bytes that are not UTF-8 in one short line
    that names the byte and its offset in the file (it used to be a traceback or Python's
    codec's words), and writes nothing."""
    log = io.StringIO()
    boardcore.testing.record(boardcore.load("kardinal", players=2), log, games=1)
    first = log.getvalue().splitlines(keepends=True)[0].encode()  # a header line
    data = first + b'{"game": "kardinal\xff"}\n'
    bad = tmp_path / "bad.json"
    bad.write_bytes(data)
    where = f"byte 0xff at offset {data.index(0xFF)}"
    assert refusal(command, bad, tmp_path, capsys) == f"{prefix}not UTF-8 text ({where})"


def refusal(
    command: list[str], file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> str:
    """What ``command`` says of ``file`` after ``error: <file>: `` (or ``, `` before a line
    number): one line, status 2, no page written."""
    page = tmp_path / "game.html"
    out = ["--out", str(page)] if command[0] == "replay" else []
    assert main([*command, str(file), *out]) == 2
    assert not page.exists()
    err = capsys.readouterr().err
    assert err.startswith(f"error: {file}") and err.endswith("\n") and err.count("\n") == 1
    return err.removeprefix(f"error: {file}").removeprefix(": ").removeprefix(", ")[:-1]


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
@pytest.mark.parametrize(
    ("command", "said"),
    [
        (["show"], "not a saved state: larger than 64 MiB"),
        (["replay", "--state"], "larger than 64 MiB"),
        (["replay", "--log"], "larger than 1024 MiB"),
        (["verify"], "line 1: not a golden log, a line longer than 64 MiB"),
    ],
)
def test_a_file_that_never_ends_is_refused_after_a_bounded_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str], said: str
) -> None:
    """A device or pipe with no end (here /dev/zero) is read up to a bound, then refused in
    one line; it used to be read until the machine's memory ran out."""
    assert refusal(command, Path("/dev/zero"), tmp_path, capsys) == said


@pytest.mark.parametrize("number", ["1e400", "9" * 5000])
def test_replay_reads_a_saved_state_in_the_words_show_uses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], number: str
) -> None:
    """A number past any float in a saved state: `replay --state` refuses it as the loaders
    do (it used to read infinity, and name a place in its own rewriting of the file)."""
    saved = boardcore.load("kardinal").new_initial_state().to_json()
    bad = tmp_path / "bad.json"
    bad.write_text(saved.replace('"history":[]', f'"history":[{number}]', 1))
    assert main(["show", str(bad)]) == 2
    shown = capsys.readouterr().err
    assert main(["replay", "--state", str(bad), "--out", str(tmp_path / "game.html")]) == 2
    replayed = capsys.readouterr().err
    why = "malformed JSON (number out of range)"
    assert (shown, replayed) == (
        f"error: {bad}: not a saved state: {why}\n",
        f"error: {bad}: {why}\n",
    )


def test_replay_names_the_file_whose_parameters_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A saved state recording a player count no game has: the error names the file, as
    `show` does, since no flag of the command asked for it."""
    saved = json.loads(boardcore.load("kardinal", players=2).new_initial_state().to_json())
    saved["players"] = 9
    bad = tmp_path / "nine.json"
    bad.write_text(json.dumps(saved))
    assert main(["replay", "--state", str(bad), "--out", str(tmp_path / "game.html")]) == 2
    assert capsys.readouterr().err == "error: nine.json: kardinal is for 2, 3 or 4 players, not 9\n"


def test_replay_of_another_games_state_names_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its actions would be replayed as the wrong game's moves: the error says whose it is."""
    saved = tmp_path / "prestel.json"
    game = boardcore.load("prestel_new_york", players=2, max_rounds=1)
    saved.write_text(boardcore.play(game, seed=0).to_json())
    page = tmp_path / "game.html"
    assert main(["replay", "kardinal", "--state", str(saved), "--out", str(page)]) == 2
    err = capsys.readouterr().err
    assert "the saved game is prestel_new_york, not kardinal" in err
    assert not page.exists()


def test_replay_checks_a_saved_state_whole_as_show_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An edited field, or a game of other parameters than the state records, is refused by
    `replay` in the words `show` and `state_from_json` use, and no page is written."""
    state = boardcore.play(boardcore.load("kardinal", players=3), seed=1)
    edited = json.loads(state.to_json())
    edited["chips"][1][2] += 4
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(edited))
    good = tmp_path / "good.json"
    good.write_text(state.to_json())
    page = tmp_path / "game.html"
    assert main(["replay", "--state", str(bad), "--out", str(page)]) == 2
    given, replayed = edited["chips"][1][2], edited["chips"][1][2] - 4
    assert (
        f'bad.json: not a Kardinal state: "chips"[1][2] is {given}, but replaying "history" '
        f"gives {replayed}" in capsys.readouterr().err
    )
    assert main(["show", str(bad)]) == 2
    assert f'"chips"[1][2] is {given}' in capsys.readouterr().err
    assert main(["replay", "kardinal", "--players", "4", "--state", str(good), "--out", str(page)])
    assert '"players" is 3, but this game has players = 4' in capsys.readouterr().err
    assert not page.exists()
    assert main(["replay", "--state", str(good), "--out", str(page)]) == 0
    assert page.exists()


def test_ctrl_c_stops_arena_with_the_finished_games_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Interrupted in its second rotation, after 5 of that rotation's 10 games: the table
    counts the 10 + 5 games finished, each agent having played every one of them."""
    real = boardcore.simulate
    calls = []

    def second_rotation_interrupted(name: str, **kwargs: Any) -> boardcore.SimulationResult:
        calls.append(kwargs)
        if len(calls) == 1:
            return real(name, **kwargs)
        finished = real(name, **{**kwargs, "games": 5})
        raise boardcore.SimulationInterrupted(finished, kwargs["games"])

    monkeypatch.setattr("boardcore.arena.simulate", second_rotation_interrupted)
    args = ["arena", "kardinal", "--agents", "greedy,random", "--games", "20", "--seed", "3"]
    assert main(args) == 130
    out, err = capsys.readouterr()
    assert "interrupted after 15 of 20 games" in err
    cells = [line.replace("│", " ").split() for line in out.splitlines()]
    rows = [row[:2] for row in cells if row and row[0] in ("greedy", "random")]
    assert rows == [["greedy", "15"], ["random", "15"]]
    assert [c["seed"] for c in calls] == [3, 13]


@pytest.mark.parametrize(
    ("name", "params", "hidden"),
    [
        ("prestel_new_york", ["--param", "max_rounds=1"], ("look", "take", "slide")),
        ("rebuilding_chicago", [], ("return",)),
    ],
)
def test_play_does_not_print_the_hidden_moves_of_other_seats(
    name: str,
    params: list[str],
    hidden: tuple[str, ...],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A whole game, the human playing its first legal move each turn: the bots' searches
    (Prestel) and returned landmark cards (Rebuilding Chicago) are never named."""
    current: list[boardcore.State] = []
    view = boardcore.cli.seat_view

    def recording(state: boardcore.State, seat: int) -> str:
        current[:] = [state]
        return view(state, seat)

    def first_legal_move(prompt: str = "") -> str:
        state = current[0]
        return state.action_to_string(state.legal_actions()[0])

    monkeypatch.setattr("boardcore.cli.seat_view", recording)
    monkeypatch.setattr("builtins.input", first_legal_move)
    assert main(["play", name, "--players", "2", *params]) == 0
    out = capsys.readouterr().out
    assert "scores:" in out  # played to the end
    bot_moves = [line.split()[3] for line in out.splitlines() if line.startswith("seat 1 plays")]
    assert bot_moves and not set(bot_moves) & set(hidden)
