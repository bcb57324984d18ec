"""MCTS against greedy and random agents in every game: the tables of docs/agents.md.

    python benches/arena.py [--games 100] [--prestel-games 40] [--city-games 40]
        [--chandigarh-games 40] [--rebuilding-chicago-games 40]

Each line is an ``boardcore.arena.arena`` run (seats rotated, 95% Wilson intervals).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import boardcore

MATCHES: list[tuple[str, dict[str, Any], list[str]]] = [
    ("kardinal", {}, ["mcts:1000", "random"]),
    ("kardinal", {}, ["mcts:1000", "greedy"]),
    ("kardinal", {}, ["mcts:1000", "greedy", "random", "random"]),
    ("prestel_new_york", {}, ["mcts:200", "random"]),
    ("prestel_new_york", {}, ["mcts:200", "greedy"]),
    ("prestel_new_york", {}, ["mcts:200", "greedy", "random"]),
    ("city_connect", {"players": 2}, ["mcts:200", "random"]),
    ("city_connect", {"players": 2}, ["mcts:200", "greedy"]),
    ("city_connect", {"players": 3}, ["mcts:200", "greedy", "random"]),
    ("chandigarh", {"players": 2}, ["mcts:200", "random"]),
    ("chandigarh", {"players": 2}, ["mcts:200", "greedy"]),
    ("chandigarh", {"players": 3}, ["mcts:200", "greedy", "random"]),
    ("rebuilding_chicago", {"players": 2}, ["mcts:200", "random"]),
    ("rebuilding_chicago", {"players": 2}, ["mcts:200", "greedy"]),
    ("rebuilding_chicago", {"players": 3}, ["mcts:200", "greedy", "random"]),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--prestel-games", type=int, default=40)
    parser.add_argument("--city-games", type=int, default=40)
    parser.add_argument("--chandigarh-games", type=int, default=40)
    parser.add_argument("--rebuilding-chicago-games", type=int, default=40)
    args = parser.parse_args()
    for name, params, agents in MATCHES:
        games = {
            "prestel_new_york": args.prestel_games,
            "city_connect": args.city_games,
            "chandigarh": args.chandigarh_games,
            "rebuilding_chicago": args.rebuilding_chicago_games,
        }.get(name, args.games)
        start = time.perf_counter()
        result = boardcore.arena.arena(name, agents, games=games, seed=1, **params)
        seconds = time.perf_counter() - start
        print(f"### {name}: {' vs '.join(agents)} ({games} games, seed 1, {seconds:.0f} s)\n")
        print(result.markdown() + "\n", flush=True)


if __name__ == "__main__":
    main()
