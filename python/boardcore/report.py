"""``boardcore report``: charts (PNG) and a summary page of a saved batch of games.

boardcore simulate kardinal --players 4 --games 100000 --seed 1 --out results.npz
boardcore report results.npz --out report/

writes ``report/scores.png`` (score distribution by seat), ``report/win_rates.png`` (win rate
by seat with 95% Wilson intervals), ``report/lengths.png`` (game length distribution) and
``report/report.md``, which links them. The charts need matplotlib (from the clone,
``pip install '.[plots]'``); this module imports it only when it draws, so the ``boardcore``
command works without it.
"""

from __future__ import annotations

import argparse
import json
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
from rich.console import Console

from ._registry import GAMES
from .arena import wilson_interval
from .errors import BoardcoreError

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["CHARTS", "SavedResults", "read_results", "register", "write_report"]

CHARTS = ("scores.png", "win_rates.png", "lengths.png")
"""The charts ``write_report`` draws, in the order the page shows them."""

_MAX_BINS = 60  # more distinct values than this and histograms group them


@dataclass
class SavedResults:
    """A batch of games as ``boardcore simulate ... --out results.npz`` saves it. ``name``,
    ``params`` and ``seed`` are None in files saved before they were recorded."""

    scores: npt.NDArray[np.int32]
    winners: npt.NDArray[np.bool_]
    lengths: npt.NDArray[np.uint32]
    name: str | None = None
    params: dict[str, Any] | None = None
    seed: int | None = None

    @property
    def games(self) -> int:
        return int(self.lengths.shape[0])

    @property
    def players(self) -> int:
        return int(self.scores.shape[1])


def read_results(path: str | Path) -> SavedResults:
    """Reads a ``.npz`` file written by ``boardcore simulate ... --out``."""
    path = Path(path)
    try:
        data = np.load(path, allow_pickle=False)
        if not isinstance(data, np.lib.npyio.NpzFile):
            raise ValueError("one array (.npy), not a set of them (.npz)")
        with data:
            files = set(data.files)
            scores = np.asarray(data["scores"], dtype=np.int32)
            winners = np.asarray(data["winners"], dtype=np.bool_)
            lengths = np.asarray(data["lengths"], dtype=np.uint32)
            name = str(data["game"]) if "game" in files else None
            params = json.loads(str(data["params"])) if "params" in files else None
            seed = int(data["seed"]) if "seed" in files else None
    except (KeyError, ValueError, zipfile.BadZipFile) as error:
        raise BoardcoreError(
            f"{path}: not a results file of `boardcore simulate ... --out x.npz` ({error})"
        ) from error
    if scores.ndim != 2 or winners.shape != scores.shape or lengths.shape != scores.shape[:1]:
        raise BoardcoreError(
            f"{path}: scores {scores.shape}, winners {winners.shape} and lengths "
            f"{lengths.shape} do not describe one batch of games"
        )
    return SavedResults(scores, winners, lengths, name, params, seed)


def write_report(npz_path: str | Path, out_dir: str | Path) -> list[Path]:
    """Writes the charts (``CHARTS``) and ``report.md`` for the saved results ``npz_path``
    into ``out_dir`` (created if need be); returns the files written, ``report.md`` last."""
    _require_matplotlib()
    saved = read_results(npz_path)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    colours = _seat_colours(saved)
    written = []
    for chart, draw in zip(CHARTS, (_scores_chart, _win_rate_chart, _length_chart), strict=True):
        figure = draw(saved, colours)
        figure.savefig(out / chart, format="png", metadata={"Software": None})
        written.append(out / chart)
    page = out / "report.md"
    page.write_text(_page(saved, Path(npz_path).name), encoding="utf-8")
    written.append(page)
    return written


# ---------------------------------------------------------------------------------------------
# Numbers.


def _win_rates(saved: SavedResults) -> list[tuple[int, float, float, float]]:
    """Per seat: wins (shared ones included), win rate, and its 95% Wilson interval."""
    n = saved.games
    rows = []
    for seat in range(saved.players):
        wins = int(saved.winners[:, seat].sum())
        lo, hi = wilson_interval(wins, n)
        rows.append((wins, wins / n if n else 0.0, lo, hi))
    return rows


def _describe_params(saved: SavedResults) -> str:
    if saved.params is None:
        return "not recorded (a file saved by an older boardcore)"
    if not saved.params:
        return "none"
    return ", ".join(f"`{key}={value}`" for key, value in sorted(saved.params.items()))


def _describe_seeds(saved: SavedResults) -> str:
    if saved.seed is None:
        return "not recorded (a file saved by an older boardcore)"
    if saved.games == 0:
        return f"none (first seed {saved.seed})"
    last = (saved.seed + saved.games - 1) % 2**64
    return f"{saved.seed} to {last} (game *i* of the file is seed {saved.seed} + *i*)"


def _page(saved: SavedResults, source: str) -> str:
    n = saved.games
    info = GAMES.get(saved.name) if saved.name is not None else None
    game = "not recorded" if saved.name is None else f"`{saved.name}`"
    if info is not None:
        game += f" ({info.title})"
    lines = [
        f"# {info.title if info else saved.name or 'boardcore'}: {n:,} games",
        "",
        f"- game: {game}",
        f"- players: {saved.players}",
        f"- parameters: {_describe_params(saved)}",
        f"- games: {n:,}",
        f"- seeds: {_describe_seeds(saved)}",
        f"- results file: `{source}`",
        "",
        "## Win rates and scores by seat",
        "",
        "| seat | wins | win rate | 95% interval | shared wins | mean score | sd | min | max |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    shared = saved.winners.sum(axis=1) > 1
    for seat, (wins, rate, lo, hi) in enumerate(_win_rates(saved)):
        scores = saved.scores[:, seat]
        stats = (
            [f"{scores.mean():.2f}", f"{scores.std():.2f}", str(scores.min()), str(scores.max())]
            if n
            else ["-"] * 4
        )
        row = [
            f"seat {seat}",
            f"{wins:,}",
            f"{rate:.2%}" if n else "-",
            f"{lo:.2%} - {hi:.2%}",
            f"{int((saved.winners[:, seat] & shared).sum()):,}",
            *stats,
        ]
        lines.append("| " + " | ".join(row) + " |")
    lines += [
        "",
        "A seat's win rate is the share of games it won, alone or shared (on a shared win "
        "every winner counts it, so the rates can add up to more than 100%); the interval is "
        "the 95% Wilson score interval. "
        + (
            "Solo, a win is what the game's solo rules call one."
            if saved.players == 1
            else f"With {saved.players} seats an even game gives each about "
            f"{1 / saved.players:.2%}."
        ),
        "",
        "![Win rate by seat with 95% intervals](win_rates.png)",
        "",
        "![Score distribution by seat](scores.png)",
        "",
        "## Game length",
        "",
    ]
    if n:
        lengths = saved.lengths
        lines.append(
            f"Actions per game, chance included: mean {lengths.mean():.2f}, median "
            f"{np.median(lengths):g}, sd {lengths.std():.2f}, min {lengths.min()}, "
            f"max {lengths.max()}."
        )
    else:
        lines.append("No games.")
    lines += ["", "![Game length distribution](lengths.png)", ""]
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# Charts.


def _require_matplotlib() -> None:
    try:
        import matplotlib  # noqa: F401
    except ImportError as error:
        raise BoardcoreError(
            "boardcore report draws with matplotlib: from the clone of boardcore, "
            f"pip install '.[plots]' ({error})"
        ) from error


def _figure(width: float, height: float) -> Figure:
    """A figure on the Agg canvas, outside pyplot (no global state, no display needed)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, height), dpi=100, layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def _seat_colours(saved: SavedResults) -> list[str]:
    """The seats' colours in boardcore's pictures of the game, else matplotlib's cycle."""
    fallback = [f"C{seat % 10}" for seat in range(saved.players)]
    if saved.name is None:
        return fallback
    from . import load
    from .svg import seat_colours

    try:
        state = load(saved.name, **(saved.params or {})).new_initial_state()
        colours = seat_colours(state.to_json())
    except (BoardcoreError, OSError, TypeError, KeyError):
        return fallback  # e.g. a component data file that is not on this machine
    return colours if len(colours) == saved.players else fallback


def _bins(values: npt.NDArray[Any]) -> list[float]:
    """Histogram bin edges: one bin per integer value, or ``_MAX_BINS`` equal bins."""
    lo, hi = int(values.min()), int(values.max())
    if hi - lo < _MAX_BINS:
        return [edge - 0.5 for edge in range(lo, hi + 2)]
    edges: list[float] = np.linspace(lo - 0.5, hi + 0.5, _MAX_BINS + 1).tolist()
    return edges


def _integer_ticks(ax: Axes) -> None:
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def _no_games(ax: Axes) -> None:
    ax.text(0.5, 0.5, "no games", ha="center", va="center", transform=ax.transAxes)


def _scores_chart(saved: SavedResults, colours: list[str]) -> Figure:
    figure = _figure(11, 4.4)
    hist, box = figure.subplots(1, 2, width_ratios=[3, 2])
    figure.suptitle(f"{saved.name or 'scores'}: final score by seat, {saved.games:,} games")
    seats = range(saved.players)
    if saved.games:
        bins = _bins(saved.scores)
        weights = np.full(saved.games, 1 / saved.games)
        for seat in seats:
            hist.hist(
                saved.scores[:, seat],
                bins=bins,
                weights=weights,
                histtype="step",
                linewidth=1.6,
                color=colours[seat],
                label=f"seat {seat}",
            )
        hist.legend(frameon=False)
        parts = box.boxplot(
            [saved.scores[:, seat] for seat in seats],
            whis=(5, 95),
            showfliers=False,
            showmeans=True,
            patch_artist=True,
        )
        for patch, colour in zip(parts["boxes"], colours, strict=True):
            patch.set_facecolor(colour)
            patch.set_alpha(0.45)
        box.set_xticks(range(1, saved.players + 1), [f"seat {seat}" for seat in seats])
    else:
        _no_games(hist)
        _no_games(box)
    _integer_ticks(hist)
    hist.set_xlabel("final score")
    hist.set_ylabel("share of games")
    box.set_ylabel("final score")
    box.set_title("box: quartiles; whiskers: 5th-95th percentile; triangle: mean", fontsize=9)
    return figure


def _win_rate_chart(saved: SavedResults, colours: list[str]) -> Figure:
    figure = _figure(max(5.0, 1.3 * saved.players + 2.5), 4.4)
    ax = figure.subplots()
    ax.set_title(f"{saved.name or 'games'}: win rate by seat, 95% intervals, {saved.games:,} games")
    rows = _win_rates(saved)
    seats = np.arange(saved.players)
    rates = np.array([row[1] for row in rows])
    below = rates - np.array([row[2] for row in rows])
    above = np.array([row[3] for row in rows]) - rates
    ax.bar(seats, rates, color=colours, alpha=0.8, width=0.6)
    if saved.games:
        ax.errorbar(seats, rates, yerr=[below, above], fmt="none", ecolor="black", capsize=6)
        for seat, (_, rate, _, hi) in enumerate(rows):
            ax.annotate(
                f"{rate:.1%}",
                (seat, hi),
                xytext=(0, 4),
                textcoords="offset points",
                ha="center",
                fontsize=9,
            )
    else:
        _no_games(ax)
    even = 1 / saved.players
    ax.axhline(even, color="grey", linestyle="--", linewidth=1, label=f"even: 1/{saved.players}")
    ax.set_xticks(seats, [f"seat {seat}" for seat in seats])
    ax.set_ylabel("win rate (shared wins count for every winner)")
    top = max([even, *(row[3] for row in rows)]) if saved.games else 1.0
    ax.set_ylim(0, min(1.0, top * 1.2) if top < 0.83 else 1.0)
    ax.yaxis.set_major_formatter(lambda value, _: f"{value:.0%}")
    ax.legend(frameon=False, loc="lower right")
    return figure


def _length_chart(saved: SavedResults, colours: list[str]) -> Figure:
    figure = _figure(8, 4.4)
    ax = figure.subplots()
    ax.set_title(f"{saved.name or 'games'}: game length, {saved.games:,} games")
    if saved.games:
        lengths = saved.lengths
        weights = np.full(saved.games, 1 / saved.games)
        ax.hist(lengths, bins=_bins(lengths), weights=weights, color="#6b7a8f", alpha=0.85)
        mean, median = float(lengths.mean()), float(np.median(lengths))
        ax.axvline(mean, color="black", linewidth=1.2, label=f"mean {mean:.1f}")
        ax.axvline(median, color="black", linestyle=":", linewidth=1.2, label=f"median {median:g}")
        ax.legend(frameon=False)
    else:
        _no_games(ax)
    _integer_ticks(ax)
    ax.set_xlabel("actions per game (chance included)")
    ax.set_ylabel("share of games")
    return figure


# ---------------------------------------------------------------------------------------------
# The command.


def cmd_report(args: argparse.Namespace, console: Console) -> int:
    results = Path(args.results)
    if results.suffix != ".npz":
        raise BoardcoreError(
            f"{results.name}: report reads the .npz file of `boardcore simulate ... --out "
            "results.npz` (a .csv has no game name or parameters to report)"
        )
    if not results.is_file():
        raise BoardcoreError(f"{results}: no such file")
    written = write_report(args.results, args.out)
    for path in written:
        console.print(f"wrote {path}", highlight=False)
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Adds ``boardcore report`` to the command's subparsers."""
    report = subparsers.add_parser(
        "report",
        help="charts (PNG) and a summary page of saved simulate results",
        description="Charts of a `boardcore simulate ... --out results.npz` file (scores by "
        "seat, win rates with 95% intervals, game lengths) and report.md, which links them. "
        "Needs matplotlib: from the clone of boardcore, pip install '.[plots]'.",
    )
    report.add_argument("results", help="a .npz file written by boardcore simulate --out")
    report.add_argument("--out", default="report", help="directory to write")
    report.set_defaults(run=cmd_report)
