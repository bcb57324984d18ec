"""The ``boardcore`` command: simulate (summary, saved results), play, show, games."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest

import boardcore
import boardcore.cli
from boardcore.arena import wilson_interval
from boardcore.cli import main
from boardcore.svg import state_to_svg


def test_simulate_prints_summary_and_saves_csv(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "results.csv"
    args = ["simulate", "kardinal", "--players", "3", "--games", "300", "--seed", "5"]
    assert main([*args, "--threads", "2", "--out", str(out)]) == 0
    text = capsys.readouterr().out
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
    assert "2, 3 or 4" in capsys.readouterr().out


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
    assert "error" in capsys.readouterr().out


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
    assert "not Kardinal notation" in out or "notation" in out
    assert "choose a chip" in out  # the move was played: seat 0 now picks a chip


def test_games_lists_kardinal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    assert "kardinal" in capsys.readouterr().out


def test_wilson_interval() -> None:
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


# --- every command on every game's saves ------------------------------------------------------

SETTINGS = [(info.name, players) for info in boardcore.games() for players in info.players]
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


def hidden_pairs(name: str, players: int) -> list[tuple[boardcore.State, boardcore.State, int]]:
    """States that differ only in what ``seat`` may not see: the same game with another
    outcome at one chance node, equal in ``seat``'s observation but not as a whole."""
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
    return pairs


def shown(main_args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(main_args) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("name", HIDDEN)
def test_show_seat_shows_nothing_hidden_from_the_seat(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = max(next(i for i in boardcore.games() if i.name == name).players)
    pairs = hidden_pairs(name, players)
    assert pairs, "no chance outcome hidden from some seat was found"
    whole_differs = False
    for a, b, seat in pairs:
        views = []
        for state, file in ((a, tmp_path / "a.json"), (b, tmp_path / "b.json")):
            file.write_text(state.to_json())
            views.append(shown(["show", str(file), "--seat", str(seat)], capsys))
        assert views[0] == views[1]
        whole_differs |= str(a) != str(b)
    # Where seats hold private cards, the whole state shows what the seat's view leaves out
    # (Chandigarh's face-down street tiles are hidden from every seat, even in the whole).
    assert whole_differs or name == "chandigarh"


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(
            n,
            marks=pytest.mark.xfail(
                reason="the perspective picture's caption shows the last chance outcome "
                "('last: deal union-station'), the svg drawer's to fix",
                strict=True,
            ),
        )
        if n in ("chandigarh", "rebuilding_chicago")
        else n
        for n in HIDDEN
    ],
)
def test_the_seats_picture_shows_nothing_hidden_from_the_seat(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = max(next(i for i in boardcore.games() if i.name == name).players)
    pairs = hidden_pairs(name, players)
    assert pairs
    for a, b, seat in pairs:
        pictures = []
        for state, file in ((a, tmp_path / "a.json"), (b, tmp_path / "b.json")):
            file.write_text(state.to_json())
            svg = tmp_path / "seat.svg"
            shown(["show", str(file), "--seat", str(seat), "--svg", str(svg)], capsys)
            pictures.append(svg.read_text())
        assert pictures[0] == pictures[1]


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
