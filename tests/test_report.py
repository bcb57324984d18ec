"""``boardcore report``: PNG charts and report.md from ``boardcore simulate ... --out x.npz``."""

from __future__ import annotations

import json
import struct
import sys
from pathlib import Path

import numpy as np
import pytest

import boardcore
from boardcore import BoardcoreError
from boardcore.arena import wilson_interval
from boardcore.cli import main
from boardcore.report import CHARTS, read_results, write_report

pytest.importorskip("matplotlib")

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def assert_png(path: Path) -> None:
    data = path.read_bytes()
    assert data[:8] == PNG_MAGIC, path
    assert data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    assert width > 100 and height > 100
    assert data[-8:-4] == b"IEND"


def simulate_to(tmp_path: Path, *args: str) -> Path:
    out = tmp_path / "results.npz"
    assert main(["simulate", *args, "--threads", "2", "--out", str(out)]) == 0
    return out


def test_report_has_the_charts_and_the_win_rates(tmp_path: Path) -> None:
    npz = simulate_to(tmp_path, "kardinal", "--players", "3", "--games", "400", "--seed", "7")
    written = write_report(npz, tmp_path / "report")
    assert [p.name for p in written] == [*CHARTS, "report.md"]
    for png in written[:-1]:
        assert_png(png)
    page = written[-1].read_text()
    expected = boardcore.simulate("kardinal", players=3, games=400, seed=7)
    assert "`kardinal` (Kardinal)" in page and "`players=3`" in page
    assert "7 to 406" in page and "400" in page
    for seat in range(3):
        wins = int(expected.winners[:, seat].sum())
        lo, hi = wilson_interval(wins, 400)
        row = next(line for line in page.splitlines() if line.startswith(f"| seat {seat} |"))
        assert f"{wins / 400:.2%}" in row and f"{lo:.2%} - {hi:.2%}" in row
        assert f"{expected.scores[:, seat].mean():.2f}" in row
    assert f"mean {expected.lengths.mean():.2f}" in page
    for chart in CHARTS:
        assert f"]({chart})" in page  # linked, relative to the page


def test_a_solo_report_says_what_a_win_is_not_an_even_share(tmp_path: Path) -> None:
    npz = simulate_to(tmp_path, "city_connect", "--players", "1", "--games", "20")
    page = write_report(npz, tmp_path / "report")[-1].read_text()
    assert "Solo, a win is what the game's solo rules call one." in page
    assert "With 1 seats" not in page
    two = simulate_to(tmp_path, "kardinal", "--players", "2", "--games", "20")
    assert "With 2 seats an even game gives each about 50.00%." in (
        write_report(two, tmp_path / "two")[-1].read_text()
    )


def test_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    npz = simulate_to(
        tmp_path, "prestel_new_york", "--players", "3", "--param", "max_rounds=5", "--games", "60"
    )
    with np.load(npz) as data:  # what simulate now records beside the arrays
        assert str(data["game"]) == "prestel_new_york" and int(data["seed"]) == 0
        assert json.loads(str(data["params"])) == {"max_rounds": 5, "players": 3, "speeds": "1,1,1"}
    capsys.readouterr()
    out = tmp_path / "pages"
    assert main(["report", str(npz), "--out", str(out)]) == 0
    assert "report.md" in capsys.readouterr().out
    for chart in CHARTS:
        assert_png(out / chart)
    page = (out / "report.md").read_text()
    assert "`max_rounds=5`" in page and all(f"| seat {s} |" in page for s in range(3))


def test_files_saved_before_the_metadata_still_report(tmp_path: Path) -> None:
    result = boardcore.simulate("kardinal", players=2, games=30, seed=1)
    npz = tmp_path / "old.npz"
    np.savez_compressed(npz, scores=result.scores, winners=result.winners, lengths=result.lengths)
    saved = read_results(npz)
    assert (saved.name, saved.params, saved.seed, saved.games) == (None, None, None, 30)
    page = write_report(npz, tmp_path / "old")[-1].read_text()
    assert "not recorded" in page and "| seat 1 |" in page


def test_no_games(tmp_path: Path) -> None:
    result = boardcore.simulate("kardinal", players=2, games=0)
    npz = tmp_path / "empty.npz"
    np.savez_compressed(npz, scores=result.scores, winners=result.winners, lengths=result.lengths)
    written = write_report(npz, tmp_path / "empty")
    for chart in written[:-1]:
        assert_png(chart)
    assert "No games." in written[-1].read_text()


def test_not_a_results_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.npz"
    np.savez(bad, something=np.zeros(3))
    with pytest.raises(BoardcoreError, match="not a results file"):
        read_results(bad)
    assert main(["report", str(bad), "--out", str(tmp_path / "x")]) == 2
    assert "not a results file" in capsys.readouterr().err


def test_a_csv_is_refused_before_reading_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    csv = tmp_path / "r.csv"
    csv.write_text("game,seed,length\n")
    assert main(["report", str(csv)]) == 2
    err = capsys.readouterr().err
    assert ".npz file of `boardcore simulate" in err and "allow_pickle" not in err


def test_without_matplotlib_the_hint_keeps_its_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    npz = simulate_to(tmp_path, "kardinal", "--games", "10")
    capsys.readouterr()
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib fails
    assert main(["report", str(npz), "--out", str(tmp_path / "r")]) == 2
    assert "pip install '.[plots]'" in capsys.readouterr().err


def test_help_has_no_doubled_percent(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["report", "--help"])
    out = capsys.readouterr().out
    assert "95% intervals" in out and "%%" not in out


def test_report_does_not_import_the_command_line() -> None:
    """cli imports report; report takes what they share from arena (no import circle)."""
    import ast

    import boardcore.report

    tree = ast.parse(Path(boardcore.report.__file__).read_text())
    imported = {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module is not None
    }
    assert "cli" not in imported and "boardcore.cli" not in imported
    assert "arena" in imported
