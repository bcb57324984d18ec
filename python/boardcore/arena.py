"""Agents against each other: seats rotated, win rates with 95% intervals.

>>> import boardcore
>>> result = boardcore.arena.arena("kardinal", ["greedy", "random"], games=40, seed=3)
>>> [row.agent for row in result.rows]
['greedy', 'random']
>>> result.rows[0].games, result.rows[0].wins > result.rows[1].wins
(40, True)

Agent ``j`` of ``agents`` plays seat ``(j + r) mod n`` in rotation ``r``; the games are split
evenly between the ``n`` rotations, so no agent keeps the first seat. Game ``i`` of the whole
run is seeded ``seed + i``. The games run in Rust (``boardcore.simulate`` with agent specs).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ._registry import GAMES
from ._results import SimulationInterrupted
from ._simulate import simulate
from .errors import ParameterError

__all__ = ["ArenaInterrupted", "ArenaResult", "ArenaRow", "arena", "wilson_interval"]


def wilson_interval(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a win rate ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    denominator = 1 + z * z / n
    return (max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator))


@dataclass(frozen=True)
class ArenaRow:
    """One agent's results over every game it played."""

    agent: str
    games: int
    wins: int
    """Games it won, shared wins included."""
    share: float
    """Its mean return: 1 per win split among the winners."""
    interval: tuple[float, float]
    """95% Wilson interval of ``wins / games``."""
    mean_score: float


@dataclass(frozen=True)
class ArenaResult:
    name: str
    params: dict[str, Any]
    seed: int
    rows: list[ArenaRow]

    @property
    def games(self) -> int:
        """The games played (each agent plays every one of them)."""
        return self.rows[0].games if self.rows else 0

    def markdown(self) -> str:
        """The table as Markdown."""
        lines = [
            "| agent | games | win rate | 95% interval | win share | mean score |",
            "|---|---|---|---|---|---|",
        ]
        for r in self.rows:
            lo, hi = r.interval
            lines.append(
                f"| {r.agent} | {r.games} | {r.wins / max(r.games, 1):.1%} | {lo:.1%} - {hi:.1%} | "
                f"{r.share:.3f} | {r.mean_score:.2f} |"
            )
        return "\n".join(lines)


class ArenaInterrupted(KeyboardInterrupt):
    """Ctrl-C during ``arena``: ``result`` tallies the games finished (seeds ``seed`` on, in
    order), ``games`` is how many were asked for."""

    def __init__(self, result: ArenaResult, games: int) -> None:
        finished = result.games
        super().__init__(f"interrupted after {finished} of {games} games")
        self.result = result
        self.games = games


def arena(
    name: str,
    agents: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    threads: int | None = None,
    progress: Callable[[int], None] | None = None,
    **params: Any,
) -> ArenaResult:
    """Plays ``games`` games of ``name`` between Rust ``agents`` (one per seat; the number of
    players is ``len(agents)`` unless ``players`` is given, when one agent may be repeated
    by listing it again), rotating seats."""
    specs = list(agents)
    if not specs or not all(isinstance(a, str) for a in specs):
        raise ParameterError(
            "agents must be a non-empty list of agent specs, e.g. ['mcts', 'random']"
        )
    _check_seats(name, specs, params)
    params.setdefault("players", len(specs))
    if games < 1:
        raise ParameterError(f"games must be at least 1, not {games}")
    n = len(specs)
    wins = np.zeros(n, dtype=np.int64)
    share = np.zeros(n)
    score = np.zeros(n)
    played = np.zeros(n, dtype=np.int64)
    done = 0
    for r in range(n):
        count = games // n + (1 if r < games % n else 0)
        if count == 0:
            continue
        # Seat s is played by agent (s - r) mod n.
        seated = [specs[(s - r) % n] for s in range(n)]
        try:
            result = simulate(
                name,
                games=count,
                seed=seed + done,
                threads=threads,
                agents=seated,
                progress=progress,
                **params,
            )
        except SimulationInterrupted as stop:
            result, interrupted = stop.result, True
        else:
            interrupted = False
        played_now = result.games
        k = result.winners.sum(axis=1, keepdims=True).clip(min=1)
        for s in range(n):
            j = (s - r) % n
            wins[j] += int(result.winners[:, s].sum())
            share[j] += float((result.winners[:, s] / k[:, 0]).sum())
            score[j] += float(result.scores[:, s].sum())
            played[j] += played_now
        done += played_now
        if interrupted:
            raise ArenaInterrupted(
                _tally(name, params, seed, specs, wins, share, score, played), games
            )
    return _tally(name, params, seed, specs, wins, share, score, played)


def _tally(
    name: str,
    params: dict[str, Any],
    seed: int,
    specs: list[str],
    wins: npt.NDArray[np.int64],
    share: npt.NDArray[np.float64],
    score: npt.NDArray[np.float64],
    played: npt.NDArray[np.int64],
) -> ArenaResult:
    rows = [
        ArenaRow(
            agent=specs[j],
            games=int(played[j]),
            wins=int(wins[j]),
            share=float(share[j] / played[j]) if played[j] else 0.0,
            interval=wilson_interval(int(wins[j]), int(played[j])),
            mean_score=float(score[j] / played[j]) if played[j] else 0.0,
        )
        for j in range(len(specs))
    ]
    return ArenaResult(name=name, params=dict(params), seed=seed, rows=rows)


def register(sub: Any) -> None:
    """The ``boardcore arena`` subcommand."""
    from ._cli_common import GAMES, THREADS, add_game_arguments

    parser = sub.add_parser("arena", help="agents against each other, seats rotated")
    add_game_arguments(parser)
    parser.add_argument(
        "--agents",
        required=True,
        help="one agent per seat, comma-separated: random, greedy, mcts, mcts:<iterations>",
    )
    parser.add_argument("--games", type=GAMES, default=100, help="games to play")
    parser.add_argument("--seed", type=int, default=0, help="game i plays seed + i")
    parser.add_argument("--threads", type=THREADS, default=None, help="default: all cores")
    parser.set_defaults(run=_cmd_arena)


def _table(result: ArenaResult, asked: int) -> Any:
    from rich.table import Table

    title = f"{result.name} {result.params} - {result.games} of {asked} games, seed {result.seed}"
    if result.games == asked:
        title = f"{result.name} {result.params} - {asked} games, seed {result.seed}"
    table = Table(title=title)
    for column in ("agent", "games", "win rate", "95% interval", "win share", "mean score"):
        table.add_column(column, justify="right")
    for r in result.rows:
        lo, hi = r.interval
        table.add_row(
            r.agent,
            str(r.games),
            f"{r.wins / r.games:.1%}" if r.games else "-",
            f"{lo:.1%} - {hi:.1%}",
            f"{r.share:.3f}",
            f"{r.mean_score:.2f}",
        )
    return table


def _check_seats(name: str, specs: Sequence[str], params: dict[str, Any]) -> None:
    """One agent per seat: a count that does not fit is said in agents, what the user gave."""
    n = len(specs)
    agents = f"{n} agent{'s' if n != 1 else ''} ({', '.join(specs)})"
    if "players" in params:
        if params["players"] != n:
            players = params["players"]
            raise ParameterError(
                f"give one agent per seat: {players} player{'s' if players != 1 else ''}, "
                f"not {agents}"
            )
        return
    info = GAMES.get(name) if isinstance(name, str) else None
    if info is not None and n not in info.players:
        *most, last = map(str, info.players)
        counts = f"{', '.join(most)} or {last}" if most else last
        raise ParameterError(
            f"give one agent per seat: {name} is for {counts} players, not {agents}"
        )


def _cmd_arena(args: Any, console: Any) -> int:
    from ._cli_common import check_agents, game_params, progress_bar, seed_of, stderr_console

    params = game_params(args)
    agents = [a.strip() for a in args.agents.split(",")]  # "greedy, random" reads as meant
    _check_seats(args.game, agents, params)
    check_agents(args.game, {"players": len(agents), **params}, agents)
    seed = seed_of(args.seed)
    try:
        with progress_bar(console, f"arena {args.game}", args.games) as advance:
            result = arena(
                args.game,
                agents,
                games=args.games,
                seed=seed,
                threads=args.threads,
                progress=advance,
                **params,
            )
    except ArenaInterrupted as stop:
        console.print(_table(stop.result, stop.games))
        stderr_console().print(
            f"interrupted after {stop.result.games} of {stop.games} games", highlight=False
        )
        return 130
    console.print(_table(result, args.games))
    return 0
