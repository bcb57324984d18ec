"""VectorEnv throughput, dense and compact observations, by thread count.

    python benches/bench_vector.py [--batch 1024] [--steps 50] [--threads 1,2] [--repeat 5]
    python benches/bench_vector.py --pettingzoo [--batch 256] [--steps 60] [--pz-steps 2000]

A step is one decision of one game, counted the way a learner pays for it: the next
observation and the legal actions of every env included, and a uniformly random legal action
per env drawn in numpy from what the env returned (the mask's nonzero entries for the dense
observation, ``legal[:num_legal]`` for the compact one), inside the timed loop, after
``WARM_UP`` batch steps outside it (Pgx's compile there). Each measurement runs in its own
process with ``RAYON_NUM_THREADS`` set (the Rust threads are made once per process) and one
OpenBLAS thread. Every game at its default parameters. Results go to
docs/performance.md. The bench checks itself: every action it draws is legal (the env
raises otherwise), and dense and compact runs, same seeds and same draws, finish the same
number of games.

The yardstick, when Pgx is installed (``pip install '.[bench]'``), is Pgx's connect four in
the same run, measured the same way: ``jit(vmap(step))`` with Pgx's auto-reset on a batch of
1024, the legal-action mask and the observation brought to numpy and a random legal action
drawn there every step; its thread count is XLA's (one intra-op thread, or the default pool).
The bench says so when Pgx is missing, and names each game below twice Pgx's rate.

``--pettingzoo`` compares the dense VectorEnv with a Python loop over the PettingZoo env.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import boardcore

# Batch steps before the timing, the same for every env and for Pgx (whose first ones compile
# its step): a learner's millions of steps do not pay for first page faults or compiling.
WARM_UP = 10


def timed(batch: int, steps: int, step: Callable[[], int]) -> tuple[float, int]:
    """Steps per second of ``steps`` calls of ``step`` (each a batch step returning the games
    it finished) after ``WARM_UP`` calls outside the timing, and the games finished."""
    for _ in range(WARM_UP):
        step()
    start = time.perf_counter()
    ended = sum(step() for _ in range(steps))
    return batch * steps / (time.perf_counter() - start), ended


def dense_rate(name: str, batch: int, steps: int) -> tuple[float, int]:
    """Steps per second with the dense observation, and the games finished."""
    env = boardcore.VectorEnv(name, batch=batch, seed=1)
    rng = np.random.default_rng(1)
    mask = env.reset(seed=1)[1]

    def step() -> int:
        nonlocal mask
        rows, cols = np.nonzero(mask)
        counts = np.bincount(rows, minlength=batch)
        first = np.concatenate(([0], np.cumsum(counts)[:-1]))
        pick = first + (rng.random(batch) * counts).astype(np.int64)
        _, mask, _, terminated, _ = env.step(cols[pick])
        return int(terminated.sum())

    return timed(batch, steps, step)


def compact_rate(name: str, batch: int, steps: int) -> tuple[float, int]:
    """Steps per second with the compact observation, and the games finished."""
    env = boardcore.VectorEnv(name, batch=batch, seed=1, observation="compact")
    rng = np.random.default_rng(1)
    rows = np.arange(batch)
    obs = env.reset(seed=1)

    def step() -> int:
        nonlocal obs
        pick = (rng.random(batch) * obs.num_legal).astype(np.int64)
        obs, _, terminated = env.step(obs.legal[rows, pick])
        return int(terminated.sum())

    return timed(batch, steps, step)


def pgx_rate(batch: int, steps: int) -> tuple[float, int]:
    """Pgx's connect four, jit + vmap with auto-reset, the action drawn in numpy as above."""
    import jax
    import jax.numpy as jnp
    import pgx
    from pgx.experimental import auto_reset

    game = pgx.make("connect_four")
    init = jax.jit(jax.vmap(game.init))
    step = jax.jit(jax.vmap(auto_reset(game.step, game.init)))
    rng = np.random.default_rng(1)
    key = jax.random.PRNGKey(1)

    def play(state: Any, key: Any, n: int) -> tuple[Any, Any, int]:
        ended = 0
        for _ in range(n):
            mask = np.asarray(state.legal_action_mask)
            np.asarray(state.observation)
            pick = (rng.random(mask.shape) * mask).argmax(axis=1)
            key, sub = jax.random.split(key)
            state = step(state, jnp.asarray(pick, dtype=jnp.int32), jax.random.split(sub, batch))
            ended += int(np.asarray(state.terminated).sum())
        jax.block_until_ready(state)
        return state, key, ended

    key, sub = jax.random.split(key)
    state, key, _ = play(init(jax.random.split(sub, batch)), key, WARM_UP)  # compiles it
    start = time.perf_counter()
    _, _, ended = play(state, key, steps)
    return batch * steps / (time.perf_counter() - start), ended


def pgx_installed() -> str | None:
    """Pgx's version, or None when Pgx or JAX is missing."""
    try:
        import jax  # noqa: F401
        import pgx
    except ImportError:
        return None
    return str(pgx.__version__)


def median_of(
    repeat: int, name: str, mode: str, batch: int, steps: int, threads: int
) -> tuple[float, int]:
    """The median rate of ``repeat`` measurements (a shared machine's neighbours make single
    runs of a few hundred milliseconds vary by a third), and the games finished."""
    runs = [measure(name, mode, batch, steps, threads) for _ in range(repeat)]
    rates = sorted(rate for rate, _ in runs)
    return rates[len(rates) // 2], runs[0][1]


def measure(name: str, mode: str, batch: int, steps: int, threads: int) -> tuple[float, int]:
    """One measurement in a fresh process with ``threads`` Rust (or XLA) threads."""
    # numpy's BLAS pool does no work here, but its threads spin for a moment after they start
    # and would take a core from the threads being measured (a seventh of a 2-thread run).
    env = dict(os.environ, RAYON_NUM_THREADS=str(threads), OPENBLAS_NUM_THREADS="1")
    if mode == "pgx" and threads == 1:
        flags = "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
        env["XLA_FLAGS"] = f"{env.get('XLA_FLAGS', '')} {flags}".strip()
    args = [sys.executable, __file__, "--child", name, mode, str(batch), str(steps)]
    out = subprocess.run(args, env=env, check=True, capture_output=True, text=True).stdout
    rate, ended = json.loads(out)
    return float(rate), int(ended)


def pettingzoo_rate(name: str, params: dict[str, Any], steps: int) -> float:
    from boardcore.envs.pettingzoo import env as pettingzoo_env

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
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--steps", type=int, default=50)
    parser.add_argument("--threads", default="1,2", help="comma-separated thread counts")
    parser.add_argument("--repeat", type=int, default=5, help="runs per cell; the median is shown")
    parser.add_argument("--games", default=",".join(i.name for i in boardcore.games()))
    parser.add_argument("--pettingzoo", action="store_true")
    parser.add_argument("--pz-steps", type=int, default=2000)
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        name, mode, batch, steps = args.child
        run = {"compact": compact_rate, "dense": dense_rate}.get(mode)
        rate = run(name, int(batch), int(steps)) if run else pgx_rate(int(batch), int(steps))
        print(json.dumps(rate))
        return
    games = args.games.split(",")
    if args.pettingzoo:
        print(f"| game | PettingZoo loop steps/s | VectorEnv dense, batch {args.batch} | ratio |")
        print("|---|---|---|---|")
        for name in games:
            pz = pettingzoo_rate(name, {}, args.pz_steps)
            vec, _ = measure(name, "dense", args.batch, args.steps, os.cpu_count() or 1)
            print(f"| {name} | {pz:,.0f} | {vec:,.0f} | {vec / pz:,.0f}x |", flush=True)
        return
    threads = [int(t) for t in args.threads.split(",")]
    cols = [f"{mode} {t} thr" for mode in ("dense", "compact") for t in threads]
    print(
        f"batch {args.batch}, {args.steps} steps, {os.cpu_count()} cores;"
        f" steps/s, median of {args.repeat} runs"
    )
    print(f"| game | {' | '.join(cols)} | compact / dense ({threads[-1]} thr) |")
    print("|---|" + "---|" * (len(cols) + 1))
    version = pgx_installed()
    bar = 0.0
    if version is None:
        print("| (Pgx is not installed: no yardstick; pip install '.[bench]') |")
    else:
        pgx = {
            t: median_of(args.repeat, "connect_four", "pgx", args.batch, args.steps, t)[0]
            for t in threads
        }
        cells = " | ".join(f"{pgx[t]:,.0f}" for t in threads)
        dashes = " | ".join("-" * len(threads))
        print(f"| Pgx {version} connect_four, jit+vmap | {dashes} | {cells} | |")
        bar = 2 * pgx[threads[-1]]
    below = []
    for name in games:
        runs = {
            (mode, t): median_of(args.repeat, name, mode, args.batch, args.steps, t)
            for mode in ("dense", "compact")
            for t in threads
        }
        if len({ended for _, ended in runs.values()}) != 1:
            raise SystemExit(f"{name}: the runs finished different numbers of games: {runs}")
        rates = {key: rate for key, (rate, _) in runs.items()}
        cells = " | ".join(f"{rates[m, t]:,.0f}" for m in ("dense", "compact") for t in threads)
        ratio = rates["compact", threads[-1]] / rates["dense", threads[-1]]
        print(f"| {name} | {cells} | {ratio:,.0f}x |", flush=True)
        if rates["compact", threads[-1]] < max(bar, 1_000_000):
            below.append(name)
    target = f"1,000,000 and twice Pgx ({bar:,.0f})" if bar else "1,000,000"
    print(f"compact, {threads[-1]} threads, target {target}: below: {', '.join(below) or 'none'}")


if __name__ == "__main__":
    main()
