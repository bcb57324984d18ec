"""Random-playout throughput: the Rust engine (one thread and all threads) against the
reference engine, in one run. Results go to docs/performance.md.

    python benches/bench.py kardinal [--games 200000] [--reference-games 300] [--repeat 5]
    python benches/bench.py prestel_new_york --games 20000 --reference-games 10

Each figure is the median of ``--repeat`` runs, the engines' runs interleaved, since a shared
virtual machine's speed drifts from second to second. Every measured batch is checked: the
Rust games are replayed on the reference engine for a sample of seeds, so a fast wrong engine
cannot pass as a benchmark result. Rates are whole games per second and actions (chance
included) per second.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import boardcore


def rust_rate(name: str, players: int, games: int, threads: int) -> tuple[float, float]:
    boardcore.simulate(name, players=players, games=min(games, 200), seed=0, threads=threads)
    start = time.perf_counter()
    result = boardcore.simulate(
        name, players=players, games=games, seed=1, threads=threads, chunk=games
    )
    seconds = time.perf_counter() - start
    ref = boardcore.reference.load(name, players=players)
    for i in range(0, games, max(1, games // 3)):
        assert result.scores[i].tolist() == boardcore.play(ref, seed=1 + i).scores()
    return games / seconds, float(result.lengths.sum()) / seconds


def reference_rate(name: str, players: int, games: int) -> tuple[float, float]:
    game = boardcore.reference.load(name, players=players)
    start = time.perf_counter()
    actions = sum(len(boardcore.play(game, seed=seed).history()) for seed in range(games))
    seconds = time.perf_counter() - start
    return games / seconds, actions / seconds


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
        f"| players | reference games/s | Rust 1 thread games/s | actions/s | ratio | "
        f"Rust {cores} threads games/s | scaling |"
    )
    print("|---|---|---|---|---|---|---|")
    for players in info[args.game].players:
        runs = [
            (
                reference_rate(args.game, players, args.reference_games),
                rust_rate(args.game, players, args.games, 1),
                rust_rate(args.game, players, args.games, cores),
            )
            for _ in range(args.repeat)
        ]
        ref, one, many = (statistics.median(run[i][0] for run in runs) for i in range(3))
        one_actions = statistics.median(run[1][1] for run in runs)
        print(
            f"| {players} | {ref:,.1f} | {one:,.0f} | {one_actions / 1e6:.1f} M | "
            f"{one / ref:,.0f}x | {many:,.0f} | {many / one:.2f}x |"
        )


if __name__ == "__main__":
    main()
