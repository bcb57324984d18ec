"""The exceptions boardcore raises for bad input, shared by both engines.

Every one is a ``ValueError`` through :class:`BoardcoreError`, so ``except ValueError`` catches
them all. The Rust bindings raise these same classes (they import them from here).
"""

from __future__ import annotations

__all__ = [
    "BoardcoreError",
    "DataError",
    "IllegalActionError",
    "NotationError",
    "ParameterError",
    "StateFormatError",
]


class BoardcoreError(ValueError):
    """Base class of every error boardcore raises for bad input."""


class IllegalActionError(BoardcoreError):
    """An action that is not legal in the state it was applied to; the state is unchanged."""


class NotationError(BoardcoreError):
    """Text that is not an action in the game's notation, or an action id out of range."""


class StateFormatError(BoardcoreError):
    """A saved state (JSON) that is malformed or could not arise in play."""


class DataError(BoardcoreError):
    """A component data file that is missing, malformed or out of range."""


class ParameterError(BoardcoreError):
    """Game parameters that are unknown or out of range."""
