"""Pieces the ``boardcore`` subcommands share: the progress bar and game parameters."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from . import _args
from ._saved import saved_params
from .errors import ParameterError

__all__ = [
    "GAMES",
    "THREADS",
    "HelpFormatter",
    "add_game_arguments",
    "add_game_parameters",
    "check_agents",
    "check_out",
    "counted",
    "game_params",
    "name_value",
    "progress_bar",
    "saved_params",
    "seed_of",
    "stderr_console",
]


def stderr_console() -> Console:
    """Where errors, warnings and the progress bar go: stdout keeps only the results."""
    return Console(stderr=True)


@contextmanager
def progress_bar(
    console: Console, description: str, total: int | None
) -> Iterator[Callable[[int], None]]:
    """A rich progress bar on stderr, shown only when stderr is a terminal and cleared when
    done (``console``, the results' stdout, is left alone); yields ``advance(n)``."""
    del console
    errors = stderr_console()
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=errors, transient=True, disable=not errors.is_terminal) as bar:
        task = bar.add_task(description, total=total)
        yield lambda n: bar.advance(task, n)


def check_out(path: str, suffixes: Sequence[str] | None, option: str = "--out") -> Path:
    """An output file, checked before any work: its suffix, and a folder that exists."""
    out = Path(path)
    if suffixes is not None and out.suffix not in suffixes:
        raise ParameterError(f"{option} must end in {' or '.join(suffixes)}, not {out.name!r}")
    folder = out.parent
    if not folder.is_dir():
        raise ParameterError(f"{option} {path}: folder {str(folder)!r} does not exist")
    if out.is_dir():
        raise ParameterError(f"{option} {path} is a folder, not a file")
    if not out.exists():
        # a file that cannot be made is found now, not after a run of minutes (an OSError
        # names it: "no such file or directory", "permission denied"...)
        out.open("xb").close()
        out.unlink()
    return out


def counted(low: int, high: int = _args.MAX_GAMES) -> Callable[[str], int]:
    """An argparse type: an integer from ``low`` to ``high``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an integer, not {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}, not {value}")
        return value

    parse.__name__ = "integer"  # what argparse names in "invalid integer value"
    return parse


GAMES = counted(1)
"""``--games``: at least one (zero games would summarise nothing)."""
THREADS = counted(1, _args.MAX_THREADS)


def seed_of(value: int) -> int:
    """A ``--seed``: any integer, taken modulo 2**64 as the library does, saying so when
    that changes it (``--seed -1`` is seed 18446744073709551615)."""
    seed = _args.seed(value)
    if seed != value:
        stderr_console().print(
            f"note: seed {value} is taken modulo 2**64: seed {seed}", highlight=False
        )
    return seed


def check_agents(name: str, params: Mapping[str, Any], agents: Sequence[str] | None) -> None:
    """Agent specs checked before any game runs: a batch of no games parses them."""
    from . import load

    game: Any = load(name, **params)  # a Rust game: its batch parses the specs
    if agents is not None:
        game.simulate(0, 0, 1, agents=list(agents))


def game_params(args: argparse.Namespace) -> dict[str, Any]:
    """The game parameters given on the command line (``--players``, ``--data``, and any
    other as ``--param name=value``, e.g. ``--param max_rounds=50``)."""
    params: dict[str, Any] = {}
    for item in getattr(args, "param", None) or []:
        name, _, value = item.partition("=")
        # Game parameters are integers or text: a value that reads as an integer is one.
        params[name] = int(value) if value.lstrip("-").isdigit() else value
    if getattr(args, "players", None) is not None:
        params["players"] = args.players
    if getattr(args, "data", None) is not None:
        params["data"] = args.data
    return params


def name_value(text: str) -> str:
    if "=" not in text or text.startswith("="):
        raise argparse.ArgumentTypeError(f"expected name=value, e.g. max_rounds=50, not {text!r}")
    return text


class HelpFormatter(argparse.HelpFormatter):
    """Shows each option's default (unless it is none, or already said)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        if (
            "%(default)" not in text
            and "default" not in text
            and action.option_strings
            and action.default is not None
            and action.default is not False
            and action.default != argparse.SUPPRESS
        ):
            text += " (default: %(default)s)"
        return text


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """The game and its parameters, as every subcommand that loads a game takes them."""
    from ._registry import GAMES as KNOWN

    parser.add_argument(
        "game", choices=sorted(KNOWN), metavar="GAME", help=f"one of {', '.join(sorted(KNOWN))}"
    )
    add_game_parameters(parser, "number of players (default: the game's)", "speeds=2,1,1")


def add_game_parameters(
    parser: argparse.ArgumentParser, players_help: str | None, example: str
) -> None:
    """``--players``, ``--data`` and ``--param`` (its help shows ``--param example``)."""
    parser.add_argument("--players", type=int, help=players_help)
    parser.add_argument("--data", help="component data file (TOML) instead of the packaged one")
    parser.add_argument(
        "--param",
        action="append",
        type=name_value,
        metavar="NAME=VALUE",
        help=f"another game parameter (repeatable), e.g. --param {example}",
    )
