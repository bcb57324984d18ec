"""What a pickled game or state of the Rust engines is made from again: a game by its name
and parameters, a state by its game and its saved form (the reference engines' objects are
plain Python and pickle as they are). A game of a data file finds that file again by the
path it was loaded with."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .api import RustGame, RustState


def game(name: str, params: Mapping[str, Any]) -> RustGame:
    from . import load  # here: boardcore/__init__ imports the Rust classes this rebuilds

    return load(name, **params)


def state(of: RustGame, text: str) -> RustState:
    return of.state_from_json(text)
