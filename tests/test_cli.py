"""The ``boardcore`` command: simulate (summary, saved results), play, show, games."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest

import boardcore
from boardcore.cli import main, wilson_interval


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
