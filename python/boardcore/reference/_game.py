"""What the reference engines' game classes share: the plumbing of DESIGN.md's Game
interface around each engine's own rules (replaying, loading a saved state, equality), no
rules. Each engine supplies its parameters, its initial state and its JSON field checks."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, Generic, Protocol, TypeVar

from boardcore.api import CHANCE
from boardcore.errors import IllegalActionError

from ._json import replay_saved


class _Playable(Protocol):
    def apply_action(self, action: int) -> None: ...


StateT = TypeVar("StateT", bound=_Playable)


class ReferenceGame(ABC, Generic[StateT]):
    """A reference engine's game: ``replay``, ``state_from_json``, equality by parameters
    and a ``repr`` that reads as the call making it."""

    @property
    @abstractmethod
    def params(self) -> dict[str, Any]: ...

    @abstractmethod
    def new_initial_state(self) -> StateT: ...

    @abstractmethod
    def _checked_json(self, text: str) -> dict[str, Any]:
        """The saved state's fields, each checked for type and range (a
        ``StateFormatError`` naming the field otherwise); the replay checks the rest."""

    def replay(self, actions: Sequence[int]) -> StateT:
        """The state reached by applying ``actions`` in order from the initial state."""
        state = self.new_initial_state()
        for index, action in enumerate(actions):
            try:
                state.apply_action(action)
            except IllegalActionError as error:
                raise IllegalActionError(f"replay, action at index {index}: {error}") from None
        return state

    def state_from_json(self, text: str) -> StateT:
        """Load a state saved by ``to_json`` (of either engine), validating it fully."""
        given = self._checked_json(text)
        state = self.new_initial_state()
        replay_saved(state, given)
        return state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ReferenceGame) or type(other) is not type(self):
            return NotImplemented
        return self.params == other.params

    def __hash__(self) -> int:
        return hash((type(self).__name__, tuple(sorted(self.params.items()))))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"{type(self).__name__}({args})"


class ReferenceState:
    """What the reference engines' states share: the interface DESIGN.md derives from
    ``current_player()``."""

    def current_player(self) -> int:
        raise NotImplementedError

    def clone(self) -> ReferenceState:
        raise NotImplementedError

    # copy.copy and copy.deepcopy are clone(), as in the Rust engines: a shallow copy would
    # share the state's mutable lists with the original
    def __copy__(self) -> ReferenceState:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> ReferenceState:
        return self.clone()

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE
