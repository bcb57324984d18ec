"""The boardcore command: simulate, play in the terminal, show and replay games, check engines.

boardcore simulate kardinal --players 4 --games 100000 --threads 2 --seed 1
boardcore play kardinal --players 2
boardcore show state.json
boardcore games
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from . import (
    BoardcoreError,
    SplitMix64,
    _conformance_cli,
    arena,
    games,
    load,
    load_state,
    random_agent,
    reference,
    replay,
    report,
    simulate,
)
from ._cli_common import (
    GAMES,
    THREADS,
    HelpFormatter,
    add_game_arguments,
    check_agents,
    check_out,
    game_params,
    progress_bar,
    seed_of,
    stderr_console,
)
from ._jsontext import read
from ._results import SimulationInterrupted, SimulationResult
from .api import CHANCE, Game
from .arena import wilson_interval
from .errors import ParameterError, StateFormatError
from .svg import state_to_svg

__all__ = ["INTERRUPTED", "console_main", "main", "summary_table", "wilson_interval"]

INTERRUPTED = 130
"""The exit code after Ctrl-C, as a shell gives a process killed by SIGINT (128 + 2)."""


def summary_table(result: SimulationResult) -> Table:
    """Win rate per seat with its 95% interval, and score statistics (fits 80 columns)."""
    n = result.games
    table = Table(
        title=f"{result.name} {result.params} - {n} games, seed {result.seed}", box=box.SIMPLE
    )
    # Short headers: "shared" counts the seat's shared wins; score: mean, sd, min, max.
    for column in ("seat", "win rate", "95% interval", "shared", "score", "sd", "min", "max"):
        table.add_column(column, justify="right", no_wrap=True)
    shared = result.winners.sum(axis=1) > 1
    for seat in range(result.scores.shape[1]):
        wins = int(result.winners[:, seat].sum())
        lo, hi = wilson_interval(wins, n)
        scores = result.scores[:, seat]
        table.add_row(
            str(seat),
            f"{wins / n:.2%}" if n else "-",
            f"{lo:.2%}-{hi:.2%}",
            str(int((result.winners[:, seat] & shared).sum())),
            f"{scores.mean():.2f}" if n else "-",
            f"{scores.std():.2f}" if n else "-",
            str(int(scores.min())) if n else "-",
            str(int(scores.max())) if n else "-",
        )
    return table


def _save(result: SimulationResult, out: Path) -> None:
    if out.suffix == ".npz":
        np.savez_compressed(
            out,
            scores=result.scores,
            winners=result.winners,
            lengths=result.lengths,
            # What the games were, for `boardcore report` (files without these still load).
            game=np.array(result.name),
            params=np.array(json.dumps(result.params, sort_keys=True, default=str)),
            seed=np.array(result.seed, dtype=np.uint64),
        )
    elif out.suffix == ".csv":
        players = result.scores.shape[1]
        header = ["game", "seed", "length"]
        header += [f"score{s}" for s in range(players)] + [f"win{s}" for s in range(players)]
        with out.open("w") as f:
            f.write(",".join(header) + "\n")
            for i in range(result.games):
                row = [i, (result.seed + i) % 2**64, int(result.lengths[i])]
                row += [int(v) for v in result.scores[i]]
                row += [int(v) for v in result.winners[i]]
                f.write(",".join(map(str, row)) + "\n")
    else:
        raise BoardcoreError(f"--out must end in .csv or .npz, not {out.name!r}")


def _print_summary(result: SimulationResult, console: Console) -> None:
    console.print(summary_table(result))
    lengths = result.lengths
    if result.games:
        speed = result.games / result.seconds if result.seconds > 0 else 0.0
        console.print(
            f"game length: mean {lengths.mean():.2f}, min {lengths.min()}, max {lengths.max()}"
            f" actions; {speed:,.0f} games/s on {result.threads}"
            f" thread(s) ({result.seconds:.2f} s)",
            soft_wrap=True,
        )


def cmd_simulate(args: argparse.Namespace, console: Console) -> int:
    params = game_params(args)
    out = check_out(args.out, (".csv", ".npz")) if args.out is not None else None
    agents = [a.strip() for a in args.agents.split(",")] if args.agents else None
    check_agents(args.game, params, agents)  # bad parameters fail before any game is played
    seed = seed_of(args.seed)
    try:
        with progress_bar(console, f"simulating {args.game}", args.games) as advance:
            result = simulate(
                args.game,
                games=args.games,
                seed=seed,
                threads=args.threads,
                progress=advance,
                chunk=max(1000, min(50_000, args.games // 50 or 1)),
                backend=args.backend,
                agents=agents,
                **params,
            )
    except SimulationInterrupted as stop:
        _print_summary(stop.result, console)
        if out is not None and stop.result.games:
            _save(stop.result, out)
            console.print(f"the finished games' results saved to {out}", soft_wrap=True)
        stderr_console().print(
            f"interrupted after {stop.result.games} of {stop.games} games", highlight=False
        )
        return INTERRUPTED
    _print_summary(result, console)
    if out is not None:
        _save(result, out)
        console.print(f"per-game results saved to {out}", highlight=False, soft_wrap=True)
    return 0


def _legal_moves(state: Any) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def seat_view(state: Any, seat: int) -> str:
    """What a person at ``seat`` is shown: that seat's observation, never the whole state
    (other seats' hands, face-down stacks)."""
    text: str = state.observation_string(seat)
    return text


HIDDEN_MOVES: dict[str, tuple[str, ...]] = {
    # Another seat's search is not observed: which parts it looked at, took or slid under a
    # stack (docs/games/prestel_new_york.md, "Observation").
    "prestel_new_york": ("look", "take", "slide"),
    # Which dealt landmark card another seat returns to the pool stays hidden.
    "rebuilding_chicago": ("return",),
}
"""Moves of other seats that ``play`` does not print: their notation names something the
human may not see (the human's view still shows what they change in public)."""


def _check_seat(option: str, seat: int, players: int) -> None:
    if not 0 <= seat < players:
        raise ParameterError(
            f"{option} must be a seat from 0 to {players - 1} ({players} players), not {seat}"
        )


def cmd_play(args: argparse.Namespace, console: Console) -> int:
    game: Game = load(args.game, **game_params(args))
    _check_seat("--seat", args.seat, game.num_players)
    state = game.new_initial_state()
    rng = SplitMix64(seed_of(args.seed))
    human = args.seat
    console.print(f"You are seat {human}. Type a move, '?' for the legal moves, 'quit' to stop.")
    shown = -1  # the position last drawn (its history length): each is drawn once
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.choose_weighted([w for _, w in outcomes])][0])
            continue
        if player != human:
            action = random_agent(state, rng)
            move = state.action_to_string(action)
            if move.split()[0] not in HIDDEN_MOVES.get(game.name, ()):
                console.print(f"seat {player} plays [bold]{escape(move)}[/bold]", highlight=False)
            state.apply_action(action)
            continue
        if shown != len(state.history()):
            console.print(seat_view(state, human), highlight=False, markup=False, soft_wrap=True)
            shown = len(state.history())
        try:
            text = input("your move> ").strip()
        except EOFError:
            console.print("\nend of input: the game is left unfinished", highlight=False)
            return 0
        if not text:  # Enter alone: ask again
            continue
        if text in ("quit", "exit", "q"):
            return 0
        if text in ("?", "help", "moves"):
            console.print(
                ", ".join(_legal_moves(state)), highlight=False, markup=False, soft_wrap=True
            )
            continue
        try:
            state.apply_action(state.string_to_action(text))
        except BoardcoreError as error:
            console.print(f"[red]{escape(str(error))}[/red] ('?' lists the legal moves)")
    console.print(seat_view(state, human), highlight=False, markup=False, soft_wrap=True)
    console.print(f"scores: {state.scores()}  winners: {state.winners()}")
    return 0


def cmd_show(args: argparse.Namespace, console: Console) -> int:
    try:
        text = read(args.file)
    except ValueError as error:
        raise StateFormatError(f"{args.file}: not a saved state: {error}") from None
    if args.svg is not None:
        check_out(args.svg, (".svg",), "--svg")
    try:
        state = (reference.load_state if args.reference else load_state)(text, data=args.data)
    except StateFormatError as error:
        raise StateFormatError(f"{args.file}: {error}") from None
    if args.seat is not None:
        _check_seat("--seat", args.seat, len(state.returns()))
    shown = str(state) if args.seat is None else seat_view(state, args.seat)
    console.print(shown, highlight=False, markup=False, soft_wrap=True)
    if args.svg is not None:
        Path(args.svg).write_text(
            state_to_svg(state.to_json(), perspective=args.seat) + "\n", encoding="utf-8"
        )
        console.print(f"picture saved to {args.svg}", highlight=False, soft_wrap=True)
    return 0


def cmd_games(args: argparse.Namespace, console: Console) -> int:
    # One block per game rather than one wide table: the names a user types are never cut,
    # and the parameters' descriptions wrap at any width.
    for info in games():
        players = ", ".join(map(str, info.players))
        console.print(
            f"[bold]{info.name}[/bold]  {escape(info.title)}; {players} players; "
            f"version {info.version}; {info.status}",
            highlight=False,
        )
        if not console.is_terminal:  # a table pads every row to its width
            width = max(map(len, info.parameters), default=0)
            for key, value in info.parameters.items():
                console.print(f"  {key:<{width}}  {escape(value)}", highlight=False)
            continue
        params = Table.grid(padding=(0, 2))
        params.add_column(no_wrap=True)
        params.add_column(overflow="fold")
        for key, value in info.parameters.items():
            params.add_row(f"  {key}", escape(value))
        console.print(params, highlight=False)
    console.print(
        "Give players as --players N, the component file as --data FILE, any other "
        "parameter as --param NAME=VALUE.",
        highlight=False,
    )
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="boardcore",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"boardcore {_version()}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sim = sub.add_parser("simulate", help="play many seeded random games and summarise them")
    add_game_arguments(sim)
    sim.add_argument("--games", type=GAMES, default=10_000, help="games to play")
    sim.add_argument(
        "--seed", type=int, default=0, help="game i plays seed + i (taken modulo 2**64)"
    )
    sim.add_argument("--threads", type=THREADS, default=None, help="default: all cores")
    sim.add_argument("--out", help="save per-game results to a .csv or .npz file")
    sim.add_argument(
        "--agents",
        help="one agent for every seat or one per seat, comma-separated: random (default), "
        "greedy, mcts, mcts:<iterations>",
    )
    sim.add_argument(
        "--backend",
        choices=("threads", "ray"),
        default="threads",
        help="threads (default) or ray: seed ranges as Ray tasks, --threads per task (default "
        "1), on RAY_ADDRESS's cluster or a local Ray (from the clone: pip install '.[ray]')",
    )
    sim.set_defaults(run=cmd_simulate)

    play = sub.add_parser("play", help="play against random agents in the terminal")
    add_game_arguments(play)
    play.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    play.add_argument(
        "--seed", type=int, default=0, help="seeds the random agents and the chance draws"
    )
    play.set_defaults(run=cmd_play)

    show = sub.add_parser("show", help="draw a saved state (JSON)")
    show.add_argument("file", help="a saved state (the JSON of state.to_json()) of any game")
    show.add_argument("--reference", action="store_true", help="load it with the reference")
    show.add_argument("--svg", help="also save its picture to this SVG file")
    show.add_argument(
        "--seat",
        type=int,
        help="show only what this seat sees (its observation; the picture from its side)",
    )
    show.add_argument(
        "--data",
        help="the component data file (TOML) the state was played with, if not the packaged one",
    )
    show.set_defaults(run=cmd_show)

    listing = sub.add_parser("games", help="list the games")
    listing.set_defaults(run=cmd_games)
    replay.register(sub)
    _conformance_cli.register(sub)
    arena.register(sub)
    report.register(sub)
    for name, command in sub.choices.items():
        if name != "replay":  # its help strings say their defaults already
            command.formatter_class = HelpFormatter
    return parser


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("boardcore")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "(not installed)"


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    console = Console()
    # Into a pipe or a file, a line is one line whatever its length: a script reading the
    # output must not find a path or a seed cut at column 80.
    console.soft_wrap = not console.is_terminal
    try:
        code: int = args.run(args, console)
    except KeyboardInterrupt as stop:
        # quietly: the person pressing Ctrl-C knows why it stopped; a check of the
        # conformance kit says where it was (a hanging engine is found so)
        if str(stop):
            stderr_console().print(
                f"interrupted: {stop}", highlight=False, markup=False, soft_wrap=True
            )
        return INTERRUPTED
    except (BoardcoreError, OSError) as error:
        # an OSError's own text is "[Errno 2] No such file or directory: 'x'": say it plainly
        text = (
            f"{error.filename}: {error.strerror.lower()}"
            if isinstance(error, OSError) and error.filename and error.strerror
            else str(error)
        )
        stderr_console().print(f"[red]error:[/red] {escape(text)}", highlight=False, soft_wrap=True)
        return 2
    return code


def console_main() -> None:
    """The ``boardcore`` command: :func:`main`, and after Ctrl-C the process ends by SIGINT
    itself, as shells expect of a command the user interrupted: a loop of commands then
    stops too, which an exit status of 130 alone does not do."""
    code = main()
    if code == INTERRUPTED and os.name == "posix":
        sys.stdout.flush()
        sys.stderr.flush()
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGINT)
    sys.exit(code)


if __name__ == "__main__":
    console_main()
