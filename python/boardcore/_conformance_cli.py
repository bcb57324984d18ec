"""The conformance kit's subcommands of ``boardcore``: record, verify, conformance.

boardcore record kardinal --players 4 --games 200 --seed 0 --out kardinal.jsonl
boardcore verify kardinal.jsonl --engine my_engine:MyKardinal
boardcore conformance kardinal --engine my_engine:MyKardinal --games 1000
"""

from __future__ import annotations

import argparse
import json

from rich.console import Console

from . import load, reference
from ._cli_common import (
    GAMES,
    add_game_arguments,
    check_out,
    counted,
    game_params,
    progress_bar,
    seed_of,
)
from ._jsontext import MAX_STATE_FILE
from .api import Game
from .testing import api_test, compare, load_engine, record, verify

__all__ = ["register"]

ENGINE_HELP = (
    "module:factory or path/to/file.py:factory; called factory(name, **params) when its "
    "first parameter takes the game name positionally, else factory(**params)"
)


def _verdict(console: Console, ok: bool, text: str) -> None:
    """A report, its first line in green (passed) or red (failed), never wrapped."""
    head, _, rest = text.partition("\n")
    style = "bold green" if ok else "bold red"
    console.print(head, style=style, highlight=False, markup=False, soft_wrap=True)
    if rest:
        console.print(rest, highlight=False, markup=False, soft_wrap=True)


def cmd_record(args: argparse.Namespace, console: Console) -> int:
    check_out(args.out, (".jsonl",))
    game: Game = load_engine(args.engine, args.game, **game_params(args))
    seed = seed_of(args.seed)
    with progress_bar(console, f"recording {args.game}", args.games) as advance:
        result = record(game, args.out, games=args.games, seed=seed, progress=advance)
    console.print(str(result), highlight=False, markup=False, soft_wrap=True)
    return 0


def _games_in_log(path: str) -> int | None:
    """The header's game count, for the progress bar (verify itself checks the log)."""
    try:
        with open(path, "rb") as f:  # the header's line only, however long the file's first
            games = json.loads(f.readline(MAX_STATE_FILE + 1)).get("games")
    except (OSError, ValueError, AttributeError, RecursionError):
        return None
    return games if isinstance(games, int) else None


def cmd_verify(args: argparse.Namespace, console: Console) -> int:
    total = _games_in_log(args.log)
    if args.games is not None:
        total = args.games if total is None else min(total, args.games)
    with progress_bar(console, f"verifying {args.log}", total) as advance:
        result = verify(args.log, args.engine, games=args.games, progress=advance)
    _verdict(console, result.ok, str(result))
    return 0 if result.ok else 1


def cmd_conformance(args: argparse.Namespace, console: Console) -> int:
    params = game_params(args)
    theirs = load_engine(args.engine, args.game, **params)
    ours = (reference.load if args.against == "reference" else load)(args.game, **params)
    args.seed = seed_of(args.seed)
    ok = True
    if args.api_games > 0:
        with progress_bar(console, "api_test", args.api_games) as advance:
            checked = api_test(theirs, games=args.api_games, seed=args.seed, progress=advance)
        _verdict(console, checked.ok, str(checked))
        ok = checked.ok
    if args.games > 0:
        with progress_bar(
            console, f"compare with boardcore ({args.against})", args.games
        ) as advance:
            compared = compare(
                theirs,
                ours,
                games=args.games,
                seed=args.seed,
                shrink_pass=not args.no_shrink,
                render=args.render,
                observations=args.observations,
                progress=advance,
            )
        _verdict(console, compared.ok, str(compared))
        ok = ok and compared.ok
    colour = "green" if ok else "red"
    verdict = f"{args.engine} {'conforms' if ok else 'does not conform'}"
    console.print(verdict, style=f"bold {colour}", highlight=False, markup=False)
    return 0 if ok else 1


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Adds ``record``, ``verify`` and ``conformance`` to the ``boardcore`` command."""
    rec = sub.add_parser("record", help="write a golden log of seeded games (JSON Lines)")
    add_game_arguments(rec)
    rec.add_argument("--games", type=GAMES, default=200, help="games to record")
    rec.add_argument("--seed", type=int, default=0, help="game i plays seed + i")
    rec.add_argument("--out", required=True, help="the log file to write (.jsonl)")
    rec.add_argument(
        "--engine", default="boardcore:load", help=f"{ENGINE_HELP} (default: %(default)s)"
    )
    rec.set_defaults(run=cmd_record)

    ver = sub.add_parser("verify", help="replay a golden log on an engine")
    ver.add_argument("log", help="a golden log (JSON lines) that boardcore record wrote")
    ver.add_argument(
        "--engine", default="boardcore:load", help=f"{ENGINE_HELP} (default: %(default)s)"
    )
    ver.add_argument("--games", type=GAMES, default=None, help="check only the first N games")
    ver.set_defaults(run=cmd_verify)

    conf = sub.add_parser(
        "conformance", help="api_test an engine and compare it with boardcore's, step by step"
    )
    add_game_arguments(conf)
    conf.add_argument(
        "--engine",
        default="boardcore.reference:load",
        help=f"{ENGINE_HELP} (default: %(default)s)",
    )
    conf.add_argument("--games", type=counted(0), default=1000, help="games to compare")
    conf.add_argument("--api-games", type=counted(0), default=100, help="games of api_test")
    conf.add_argument("--seed", type=int, default=0, help="game i plays seed + i")
    conf.add_argument(
        "--against", choices=("rust", "reference"), default="rust", help="boardcore's engine"
    )
    conf.add_argument("--no-shrink", action="store_true", help="skip the shrinking pass")
    conf.add_argument("--render", action="store_true", help="also compare str(state)")
    conf.add_argument("--observations", action="store_true", help="also compare observations")
    conf.set_defaults(run=cmd_conformance)
