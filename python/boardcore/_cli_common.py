"""Pieces the ``boardcore`` subcommands share: the progress bar and game parameters."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Mapping
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

__all__ = ["add_game_arguments", "game_params", "progress_bar", "saved_params"]


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


def _name_value(text: str) -> str:
    if "=" not in text or text.startswith("="):
        raise argparse.ArgumentTypeError(f"expected name=value, e.g. max_rounds=50, not {text!r}")
    return text


def saved_params(load: Callable[..., Any], name: str, saved: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters of the game a saved state (its JSON object) comes from, as far as the
    state records them: ``players`` and every other parameter of the game's ``params`` the
    state has a field of the same name for, a list written comma-separated (Prestel's
    ``"speeds": [2, 1, 1]`` is ``speeds="2,1,1"``). ``data`` is never taken from a state."""
    params: dict[str, Any] = {}
    if "players" in saved:
        params["players"] = saved["players"]
    known = load(name, **params).params
    for key, value in saved.items():
        if key in known and key not in params and key != "data":
            params[key] = ",".join(str(v) for v in value) if isinstance(value, list) else value
    return params


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """The game and its parameters, as every subcommand that loads a game takes them."""
    parser.add_argument("game")
    parser.add_argument("--players", type=int)
    parser.add_argument("--data", help="component data file (TOML) instead of the packaged one")
    parser.add_argument(
        "--param",
        action="append",
        type=_name_value,
        metavar="NAME=VALUE",
        help="another game parameter (repeatable), e.g. --param speeds=2,1,1",
    )
