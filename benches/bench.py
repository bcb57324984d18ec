"""Random-playout throughput: the Rust engine (one thread and all threads) against the
reference engine, in one run. Results go to docs/performance.md.

    python benches/bench.py kardinal [--games 200000] [--reference-games 300] [--repeat 5]
    python benches/bench.py prestel_new_york --games 20000 --reference-games 10

Each figure is the median of ``--repeat`` runs, the engines' runs interleaved, since a shared
virtual machine's speed drifts from second to second. The ratio compares the two engines on
the same games, seeds 1 to ``--reference-games``, which the Rust engine plays over and over
for about ``--games`` games: a game's length varies a lot with its seed (with five players, Prestel
New York's seeds 0 to 9 average 14% longer games than seeds 1 to 5,000), so rates measured on
different samples would not compare. Every measured batch is checked: the
Rust games are replayed on the reference engine for a sample of seeds, so a fast wrong engine
cannot pass as a benchmark result. Rates are whole games per second and actions (chance
included) per second.

One-thread rates, and so the ratio, are per second of CPU time (``time.process_time``, the
same clock for both engines): on a shared virtual machine the wall clock also counts the time
the other tenants hold the core, which made the same binary's rate swing by 30%. The
all-threads rate and its scaling are wall-clock, since that is what threads buy.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

import boardcore


def rust_rate(name: str, players: int, games: int, threads: int) -> tuple[float, float, float]:
    """Games per CPU second, actions per CPU second, games per wall-clock second."""
    boardcore.simulate(name, players=players, games=min(games, 200), seed=0, threads=threads)
    start, cpu = time.perf_counter(), time.process_time()
    result = boardcore.simulate(
        name, players=players, games=games, seed=1, threads=threads, chunk=games
    )
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    ref = boardcore.reference.load(name, players=players)
    for i in range(0, games, max(1, games // 3)):
        assert result.scores[i].tolist() == boardcore.play(ref, seed=1 + i).scores()
    return games / cpu, float(result.lengths.sum()) / cpu, games / seconds


def rust_seconds(name: str, players: int, games: int, passes: int) -> float:
    """CPU seconds the Rust engine takes, on one thread, for the games of seeds 1 to `games`:
    the same games as :func:`reference_seconds`, played `passes` times to be measurable."""
    # The game is loaded once: `boardcore.simulate` loads it (parses its data) on every call,
    # which would cost up to a third of a pass. A call's own overhead is about 30 µs.
    game: Any = boardcore.load(name, players=players)
    cpu = time.process_time()
    for _ in range(passes):
        game.simulate(games, 1, 1, None)
    return (time.process_time() - cpu) / passes


def reference_seconds(name: str, players: int, games: int) -> float:
    """CPU seconds the reference engine takes for the games of seeds 1 to `games`."""
    game = boardcore.reference.load(name, players=players)
    cpu = time.process_time()
    for seed in range(1, games + 1):
        boardcore.play(game, seed=seed)
    return time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    info = {game.name: game for game in boardcore.games()}
    parser.add_argument("game", choices=sorted(info))
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--reference-games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    print(
        f"| players | reference games/CPU s | Rust 1 thread games/CPU s | actions/CPU s | ratio | "
        f"Rust {cores} threads games/s | scaling |"
    )
    print("|---|---|---|---|---|---|---|")
    for players in info[args.game].players:
        same = args.reference_games
        passes = max(1, args.games // same)
        runs = [
            (
                reference_seconds(args.game, players, same),
                rust_seconds(args.game, players, same, passes),
                rust_rate(args.game, players, args.games, 1),
                rust_rate(args.game, players, args.games, cores),
            )
            for _ in range(args.repeat)
        ]
        ref = statistics.median(run[0] for run in runs)
        ratio = statistics.median(run[0] / run[1] for run in runs)
        one = statistics.median(run[2][0] for run in runs)
        one_actions = statistics.median(run[2][1] for run in runs)
        one_wall = statistics.median(run[2][2] for run in runs)
        many_wall = statistics.median(run[3][2] for run in runs)
        print(
            f"| {players} | {same / ref:,.1f} | {one:,.0f} | {one_actions / 1e6:.1f} M | "
            f"{ratio:,.0f}x | {many_wall:,.0f} | {many_wall / one_wall:.2f}x |"
        )


if __name__ == "__main__":
    main()
