"""``boardcore.testing.compare`` notices each public method on which two engines disagree.

An engine is wrapped so that exactly one method lies; compare must stop on the first
step where it does and name that kind of difference.
"""

from __future__ import annotations

from typing import Any

import pytest

import boardcore
from boardcore import StateFormatError
from boardcore.testing import compare


class Lying:
    """A reference state whose method ``name`` answers ``lie(state, *args)`` instead."""

    def __init__(self, state: Any, name: str, lie: Any) -> None:
        self._state, self._name, self._lie = state, name, lie

    def __getattr__(self, attr: str) -> Any:
        if attr == self._name:
            return lambda *args: self._lie(self._state, *args)
        return getattr(self._state, attr)


class LyingGame:
    def __init__(self, game: Any, name: str, lie: Any) -> None:
        self._game, self._name, self._lie = game, name, lie
        self.num_players = game.num_players

    def new_initial_state(self) -> Lying:
        return Lying(self._game.new_initial_state(), self._name, self._lie)


def _accept(state: Any, action: int) -> None:
    if action in state.legal_actions():
        state.apply_action(action)


def _wrong_class(state: Any, action: int) -> None:
    if action not in state.legal_actions():
        raise StateFormatError("not the class of an illegal action")
    state.apply_action(action)


LIES = [
    ("is_chance_node", lambda s: not s.is_chance_node(), "chance outcomes"),
    ("legal_action_mask", lambda s: ~s.legal_action_mask(), "legal actions"),
    ("string_to_action", lambda s, text: s.string_to_action(text) + 1, "notation"),
    ("history", lambda s: [*s.history(), 0], "history"),
    ("apply_action", _accept, "illegal action"),
    ("apply_action", _wrong_class, "illegal action"),
    ("observation_string", lambda s, seat: s.observation_string(seat) + "x", "observation"),
    ("to_svg", lambda s, *a: s.to_svg(*a).replace("<svg", "<svg x"), "picture"),
]


@pytest.mark.parametrize(("method", "lie", "kind"), LIES, ids=[f"{m}-{k}" for m, _, k in LIES])
@pytest.mark.parametrize("name", ["city_connect", "kardinal"])
def test_compare_names_the_method_that_differs(name: str, method: str, lie: Any, kind: str) -> None:
    ours = boardcore.load(name, players=2)
    theirs: Any = LyingGame(boardcore.reference.load(name, players=2), method, lie)
    result = compare(theirs, ours, games=2, observations=True, svg=True, shrink_pass=False)
    assert not result.ok
    assert result.disagreement is not None
    assert result.disagreement.kind == kind, str(result)


def test_compare_passes_the_reference_with_every_option() -> None:
    for name in ("city_connect", "kardinal"):
        result = compare(
            boardcore.reference.load(name, players=2),
            boardcore.load(name, players=2),
            games=2,
            observations=True,
            svg=True,
            render=True,
        )
        assert result.ok, str(result)
        assert {"history", "illegal actions", "pictures"} <= set(result.compared)


def test_an_engine_of_its_own_may_refuse_with_its_own_class() -> None:
    def own_class(state: Any, action: int) -> None:
        if action not in state.legal_actions():
            raise RuntimeError("no")
        state.apply_action(action)

    theirs: Any = LyingGame(
        boardcore.reference.load("kardinal", players=2), "apply_action", own_class
    )
    assert compare(theirs, boardcore.load("kardinal", players=2), games=2).ok
