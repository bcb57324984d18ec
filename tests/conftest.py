"""Shared fixtures: every engine-level test runs on both engines."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import boardcore
import boardcore.reference
from boardcore.api import Game

Loader = Callable[..., Game]

ENGINES: dict[str, Loader] = {
    "rust": boardcore.load,
    "reference": boardcore.reference.load,
}


@pytest.fixture(params=sorted(ENGINES))
def load(request: pytest.FixtureRequest) -> Loader:
    """``load(name, **params)`` of one engine; tests using it run once per engine."""
    return ENGINES[request.param]


def apply(state: Any, *moves: str) -> Any:
    """Apply moves given in the game's notation; returns the state for chaining."""
    for move in moves:
        state.apply_action(state.string_to_action(move))
    return state
