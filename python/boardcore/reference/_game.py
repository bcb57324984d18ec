"""What the reference engines' game and state classes share: the plumbing of DESIGN.md's
interface around each engine's own rules (replaying, loading a saved state, the action-id
checks, equality, the renderings' entry points), no rules. Each engine supplies its
parameters, its rules object (``players``, ``num_actions``), its initial state, its
legal-move generator, its notation and its text rendering."""

from __future__ import annotations

import json
import os
from abc import ABC, abstractmethod
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from boardcore._args import QUOTE_LIMIT, quote, unencodable
from boardcore._args import debug as _debug
from boardcore.api import CHANCE, TERMINAL
from boardcore.errors import (
    BoardcoreError,
    IllegalActionError,
    NotationError,
    ParameterError,
    StateFormatError,
)

from ._data import packaged_data
from ._json import as_int, check_saved, game_title, is_int, replay_saved, shown
from ._params import data_param


class _Rules(Protocol):
    """What a game's parameters fix that the shared plumbing reads."""

    @property
    def players(self) -> int: ...
    @property
    def num_actions(self) -> int: ...


class _Playable(Protocol):
    def apply_action(self, action: int) -> None: ...


StateT = TypeVar("StateT", bound=_Playable)
RulesT = TypeVar("RulesT", bound=_Rules)
SelfT = TypeVar("SelfT", bound="ReferenceState[Any]")


_ATOMS = frozenset({int, float, str, bool, type(None), tuple})
_FROZEN: dict[type, bool] = {}  # per class: a frozen dataclass (rules, pieces, cards)?


def _shared(kind: type) -> bool:
    """Values of ``kind`` never change, so copies share them: numbers, strings, tuples,
    frozen dataclasses."""
    if kind in _ATOMS:
        return True
    frozen = _FROZEN.get(kind)
    if frozen is None:
        params = getattr(kind, "__dataclass_params__", None)
        frozen = _FROZEN[kind] = params is not None and bool(params.frozen)
    return frozen


def _copied(value: Any) -> Any:
    """A state's field copied as deep as its mutable parts go (lists, sets, dicts, objects
    with a ``clone``); what cannot change is shared."""
    # A state's lists and dicts each hold values of one type: the first tells.
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list:
        if not value or _shared(type(value[0])):
            return list(value)
        return [_copied(v) for v in value]
    if kind is dict:
        if not value or _shared(type(next(iter(value.values())))):
            return dict(value)
        return {key: _copied(v) for key, v in value.items()}
    if kind is set:
        return set(value)
    if _shared(kind):
        return value
    return value.clone()


def copy_state(state: SelfT) -> SelfT:
    """An independent copy of ``state``: nothing mutable is shared with it."""
    fields = dict(state.__dict__)
    for key, value in fields.items():
        if type(value) not in _ATOMS:
            fields[key] = _copied(value)
    other = object.__new__(type(state))
    other.__dict__ = fields
    return other


class ReferenceGame(ABC, Generic[StateT, RulesT]):
    """A reference engine's game: the Game interface around ``_rules`` (what the parameters
    fix), ``replay``, ``state_from_json``, equality by parameters and a ``repr`` that reads
    as the call making it."""

    NAME: ClassVar[str]
    VERSION: ClassVar[int]
    _rules: RulesT
    _data: str | os.PathLike[str] | None = None  # the component file given, if any

    def __init_subclass__(cls, name: str = "", version: int = 0) -> None:
        """An engine's game class names its game and version in its bases' parentheses; a
        subclass of it keeps them."""
        super().__init_subclass__()
        if name:
            cls.NAME, cls.VERSION = name, version

    @property
    def name(self) -> str:
        return self.NAME

    @property
    def version(self) -> int:
        return self.VERSION

    @property
    def num_players(self) -> int:
        return self._rules.players

    @property
    def num_distinct_actions(self) -> int:
        return self._rules.num_actions

    @property
    def params(self) -> dict[str, Any]:
        """The parameters in force: ``type(game)(**params)`` is the same game."""
        params = self._params()
        if self._data is not None:
            params["data"] = str(self._data)
        return dict(sorted(params.items()))  # by name, as the Rust engine lists them

    @abstractmethod
    def _params(self) -> dict[str, Any]:
        """The game's own parameters in force (all but ``data``)."""

    @abstractmethod
    def new_initial_state(self) -> StateT: ...

    def _data_file(self, data: object) -> Path:
        """The component file to read: ``data`` (kept for ``params``) or the packaged one."""
        if data is not None:
            data = data_param(os.fspath(data) if isinstance(data, os.PathLike) else data)
        self._data = data
        return packaged_data(self.NAME) if data is None else Path(data)

    #: The saved state's fields (but ``players``) that hold this game's parameters: a state
    #: saved with other values is refused before its history is replayed.
    SAVED_PARAMS: ClassVar[tuple[str, ...]] = ()

    def _checked_json(self, text: str) -> dict[str, Any]:
        """The saved state's fields: its structure by the shipped schema, then what the
        schema cannot know (this engine's version, this game's parameters), in the Rust
        engines' words; replaying its history checks the rest."""
        return check_saved(self.NAME, text, self._check_before_replay)

    def _check_before_replay(self, doc: dict[str, Any]) -> None:
        """What the Rust engines check before replaying, in their order and words: the game,
        this engine's version, this game's parameters, and that the history is action ids."""
        refused = f"not a {game_title(self.NAME)} state: "
        if doc["game"] != self.NAME:
            game = shown(doc["game"])
            raise StateFormatError(f'{refused}"game" is {game}, expected "{self.NAME}"')
        if doc["version"] != self.VERSION or not is_int(doc["version"]):
            raise StateFormatError(
                f'{refused}"version" is {shown(doc["version"])}, but this engine plays '
                f"version {self.VERSION}"
            )
        initial: Any = self.new_initial_state()
        own = json.loads(initial.to_json())
        for field in ("players", *self.SAVED_PARAMS):
            if shown(doc[field]) != shown(own[field]):  # as JSON: true is not 1
                raise StateFormatError(
                    f'{refused}"{field}" is {shown(doc[field])}, but this game has {field} = '
                    f"{shown(own[field])}: load the state with a game of the same parameters"
                )
        history = doc["history"]
        if not isinstance(history, list):
            raise StateFormatError(f'{refused}"history" must be a list of action ids')
        for index, action in enumerate(history):
            if not is_int(action) or not 0 <= action < self._rules.num_actions:
                raise StateFormatError(
                    f"{refused}history[{index}] is {shown(action)}, not an action id"
                )

    def replay(self, actions: Sequence[int]) -> StateT:
        """The state reached by applying ``actions`` in order from the initial state."""
        state = self.new_initial_state()
        for index, action in enumerate(actions):
            try:
                state.apply_action(action)
            except IllegalActionError as error:
                raise IllegalActionError(f"actions[{index}]: {error}") from None
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
        if not type(self).__module__.startswith("boardcore.reference"):
            # a user's subclass (a rules variant under test) is not what load() makes
            args = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
            return f"{type(self).__name__}({args})"
        # as the Rust engine writes its games, the call that makes it
        args = "".join(
            f", {k}={v}" if isinstance(v, int) else f", {k}={_debug(str(v))}"
            for k, v in sorted(self.params.items())
        )
        return f"boardcore.reference.load({_debug(self.NAME)}{args})"


class ReferenceState(Generic[RulesT]):
    """What the reference engines' states share: the interface DESIGN.md derives from
    ``current_player()``, the legal-move cache, the action-id checks and the renderings'
    entry points. An engine computes its legal moves (``_compute_legal``), says why a move
    is illegal (``_problem``), applies a legal one (``_apply``), writes the notation
    (``_action_text``), the JSON (``_json_object``) and the text (``_render``)."""

    _rules: RulesT
    _to_move: int
    _history: list[int]
    _legal: list[int] | None

    # --- hooks --------------------------------------------------------------------------------

    def current_player(self) -> int:
        return self._to_move

    def winners(self) -> list[int]:
        raise NotImplementedError

    def _compute_legal(self) -> list[int]:
        """The legal actions, ascending."""
        raise NotImplementedError

    def _outcomes(self) -> list[tuple[int, int]]:
        """At a chance node, the outcomes and their weights: each weight 1 unless the game
        says otherwise."""
        return [(action, 1) for action in self.legal_actions()]

    def _problem(self, action: int) -> str | None:
        """Why ``action`` (an id in range, the game not over) is illegal now."""
        raise NotImplementedError

    def _apply(self, action: int) -> None:
        """Apply a legal action (already in the history)."""
        raise NotImplementedError

    def _action_text(self, action: int) -> str:
        """The notation of an action id in range."""
        raise NotImplementedError

    def _parse_action(self, text: str) -> int:
        """The action id of a text in the notation, legal now or not."""
        raise NotImplementedError

    def _json_object(self) -> dict[str, Any]:
        raise NotImplementedError

    def _render(self, observer: int | None) -> str:
        """The text rendering; as ``observer`` may see it unless None."""
        raise NotImplementedError

    def _progress(self) -> str:
        """How far the game is, for ``repr``."""
        raise NotImplementedError

    # --- interface ----------------------------------------------------------------------------

    def clone(self: SelfT) -> SelfT:
        return copy_state(self)

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def chance_outcomes(self) -> list[tuple[int, int]]:
        return self._outcomes() if self.is_chance_node() else []

    def legal_actions(self) -> list[int]:
        """Ascending; at chance nodes the outcomes (as OpenSpiel does)."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        mask = np.zeros(self._rules.num_actions, dtype=np.bool_)
        mask[self.legal_actions()] = True
        return mask

    def _illegal(self, action: int) -> str | None:
        """Why ``action`` is illegal now, or None when it is legal."""
        if self._legal is None:
            self._legal = self._compute_legal()
        if action in self._legal:
            return None
        return self._out_of_play(action) or self._problem(action)

    def _out_of_play(self, action: int) -> str | None:
        """What makes an action illegal in every game: an id out of range, a game over."""
        count = self._rules.num_actions
        if not 0 <= action < count:
            return f"action ids run from 0 to {count - 1}"
        if self.is_terminal():
            return "the game is over"
        return None

    def _action_id(self, action: object, error: type[BoardcoreError]) -> int:
        """``action`` as an id in range, else ``error`` in the Rust binding's words."""
        count = self._rules.num_actions
        checked = as_int(action)
        if checked is None or not -(1 << 127) <= checked < 1 << 127:  # the binding's i128
            raise error(f"{quote(action)} is not an action: action ids are ints 0 to {count - 1}")
        if not 0 <= checked < count:
            raise error(f"action {checked} is out of range: actions are 0 to {count - 1}")
        return checked

    def apply_action(self, action: int) -> None:
        checked = self._action_id(action, IllegalActionError)
        problem = self._illegal(checked)
        if problem is not None:
            raise IllegalActionError(
                f"action {checked} ({self._text_or_id(checked)}) is illegal: {problem}"
            )
        self._history.append(checked)
        self._legal = None
        self._apply(checked)

    def _text_or_id(self, action: int) -> str:
        try:
            return self._action_text(action)
        except NotationError:
            return f"id {action}"

    def action_to_string(self, action: int) -> str:
        return self._action_text(self._action_id(action, NotationError))

    def string_to_action(self, text: str) -> int:
        if not isinstance(text, str):
            raise NotationError(f"an action in notation must be a str, not {quote(text)}")
        wanted = unencodable(text)
        if wanted is not None:
            raise NotationError(f"an action in notation must be {wanted}")
        if len(text) > QUOTE_LIMIT:  # no move is written so long: quote only the start
            raise NotationError(
                f"{_debug(text[:QUOTE_LIMIT])}... is not a move: moves are far shorter than "
                f"{QUOTE_LIMIT} characters"
            )
        return self._parse_action(text)

    def returns(self) -> list[float]:
        result = [0.0] * self._rules.players
        winners = self.winners()
        for seat in winners:
            result[seat] = 1.0 / len(winners)
        return result

    def history(self) -> list[int]:
        return list(self._history)

    def to_json(self) -> str:
        return json.dumps(self._json_object(), sort_keys=True, separators=(",", ":"))

    def to_svg(self, perspective: int | None = None) -> str:
        """An SVG picture of the position, drawn by ``boardcore.svg`` from the canonical JSON."""
        from boardcore.svg import state_to_svg

        return state_to_svg(self.to_json(), perspective)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def observation_string(self, player: int) -> str:
        return self._render(self._check_player(player))

    def __str__(self) -> str:
        return self._render(None)

    def _check_player(self, player: int) -> int:
        n = self._rules.players
        seat = as_int(player)
        if seat is None or not 0 <= seat < n:
            raise ParameterError(f"player must be a seat from 0 to {n - 1}, not {quote(player)}")
        return seat

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ReferenceState):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} players={self._rules.players} "
            f"moves={len(self._history)} {self._progress()}>"
        )

    # copy.copy and copy.deepcopy are clone(), as in the Rust engines: a shallow copy would
    # share the state's mutable lists with the original
    def __copy__(self) -> ReferenceState[RulesT]:
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> ReferenceState[RulesT]:
        return self.clone()
