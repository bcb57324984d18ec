"""VectorEnv throughput against a Python loop over the PettingZoo environment.

    python benches/bench_vector.py [--batch 256] [--steps 200] [--pz-steps 3000]

Both take uniformly random legal actions (the VectorEnv's drawn with numpy over the masks,
for the whole batch at once); a step is one decision of one game, observation and mask of
the next seat included. Results go to docs/performance.md.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

import numpy as np

import boardcore
from boardcore.envs.pettingzoo import env as pettingzoo_env

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("kardinal", {"players": 4}),
    ("prestel_new_york", {"players": 4}),
]


def vector_rate(name: str, params: dict[str, Any], batch: int, steps: int) -> tuple[float, float]:
    """Steps per second in all, and in the environment alone (without choosing actions)."""
    env = boardcore.VectorEnv(name, batch=batch, seed=1, **params)
    rng = np.random.default_rng(1)
    _, mask, _ = env.reset(seed=1)
    in_env = 0.0
    start = time.perf_counter()
    for _ in range(steps):
        # A random legal action per game, for the whole batch at once.
        rows, cols = np.nonzero(mask)
        counts = np.bincount(rows, minlength=batch)
        first = np.concatenate(([0], np.cumsum(counts)[:-1]))
        pick = first + (rng.random(batch) * counts).astype(np.int64)
        before = time.perf_counter()
        _, mask, _, _, _ = env.step(cols[pick])
        in_env += time.perf_counter() - before
    total = time.perf_counter() - start
    return batch * steps / total, batch * steps / in_env


def pettingzoo_rate(name: str, params: dict[str, Any], steps: int) -> float:
    env: Any = pettingzoo_env(name, **params)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    done = 0
    start = time.perf_counter()
    while done < steps:
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            if not env.agents:
                env.reset()
            continue
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        done += 1
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--pz-steps", type=int, default=3000)
    args = parser.parse_args()
    cores = os.cpu_count()
    print(
        f"| game | PettingZoo loop steps/s | VectorEnv (batch {args.batch}, {cores} cores) "
        "steps/s, actions chosen in numpy | ratio | VectorEnv alone steps/s | ratio |"
    )
    print("|---|---|---|---|---|---|")
    for name, params in GAMES:
        pz = pettingzoo_rate(name, params, args.pz_steps)
        vec, alone = vector_rate(name, params, args.batch, args.steps)
        print(
            f"| {name} {params} | {pz:,.0f} | {vec:,.0f} | {vec / pz:,.0f}x | {alone:,.0f} | "
            f"{alone / pz:,.0f}x |",
            flush=True,
        )


if __name__ == "__main__":
    main()
