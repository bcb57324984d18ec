"""Random-playout throughput: the Rust engine (one thread and all threads) against the
reference engine, in one run. Results go to docs/performance.md.

    python benches/bench_kardinal.py [--games 200000] [--reference-games 300] [--repeat 5]

Each figure is the median of ``--repeat`` runs, the engines' runs interleaved, since a shared
virtual machine's speed drifts from second to second. Every measured batch is checked: the
Rust games are replayed on the reference engine for a sample of seeds, so a fast wrong engine
cannot pass as a benchmark result.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import boardcore


def rust_rate(players: int, games: int, threads: int) -> float:
    boardcore.simulate("kardinal", players=players, games=min(games, 2000), seed=0, threads=threads)
    start = time.perf_counter()
    result = boardcore.simulate(
        "kardinal", players=players, games=games, seed=1, threads=threads, chunk=games
    )
    rate = games / (time.perf_counter() - start)
    ref = boardcore.reference.load("kardinal", players=players)
    for i in range(0, games, max(1, games // 20)):
        assert result.scores[i].tolist() == boardcore.play(ref, seed=1 + i).scores()
    return rate


def reference_rate(players: int, games: int) -> float:
    game = boardcore.reference.load("kardinal", players=players)
    start = time.perf_counter()
    for seed in range(games):
        boardcore.play(game, seed=seed)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--reference-games", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    print(
        f"| players | reference games/s | Rust 1 thread games/s | ratio | Rust {cores} threads "
        "games/s | scaling |"
    )
    print("|---|---|---|---|---|---|")
    for players in (2, 3, 4):
        runs = [
            (
                reference_rate(players, args.reference_games),
                rust_rate(players, args.games, 1),
                rust_rate(players, args.games, cores),
            )
            for _ in range(args.repeat)
        ]
        ref, one, many = (statistics.median(run[i] for run in runs) for i in range(3))
        print(
            f"| {players} | {ref:,.0f} | {one:,.0f} | {one / ref:,.0f}x | {many:,.0f} | "
            f"{many / one:.2f}x |"
        )


if __name__ == "__main__":
    main()
