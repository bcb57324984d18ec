"""Pieces the ``boardcore`` subcommands share: the progress bar and game parameters."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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

__all__ = ["add_game_arguments", "game_params", "progress_bar"]


@contextmanager
def progress_bar(
    console: Console, description: str, total: int | None
) -> Iterator[Callable[[int], None]]:
    """A rich progress bar; yields ``advance(n)``."""
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=False) as bar:
        task = bar.add_task(description, total=total)
        yield lambda n: bar.advance(task, n)


def game_params(args: argparse.Namespace) -> dict[str, Any]:
    """The game parameters given on the command line (``--players``, ``--data``)."""
    params: dict[str, Any] = {}
    if getattr(args, "players", None) is not None:
        params["players"] = args.players
    if getattr(args, "data", None) is not None:
        params["data"] = args.data
    return params


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """The game and its parameters, as every subcommand that loads a game takes them."""
    parser.add_argument("game")
    parser.add_argument("--players", type=int)
    parser.add_argument("--data", help="component data file (TOML) instead of the packaged one")
