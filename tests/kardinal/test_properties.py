"""Property tests (Hypothesis): two paths that must agree, on positions from random play.

- ``a in legal_actions()`` exactly when ``apply_action(a)`` succeeds; a refused action
  changes nothing.
- ``state_from_json(to_json(s)) == s`` and the notation round-trips, for any action id.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardcore import IllegalActionError, SplitMix64
from tests.conftest import ENGINES

NUM_ACTIONS = 83305


def position(engine: str, players: int, seed: int, steps: int) -> Any:
    state = ENGINES[engine]("kardinal", players=players).new_initial_state()
    rng = SplitMix64(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
    return state


positions = st.tuples(
    st.sampled_from(sorted(ENGINES)),
    st.sampled_from([2, 3, 4]),
    st.integers(0, 2**64 - 1),
    st.integers(0, 50),
)
# Ids near the built area are where legal and illegal builds sit side by side.
near_ids = st.builds(
    lambda piece, dx, dy: piece * 4900 + (dy + 34) * 70 + dx + 34,
    st.integers(0, 15),
    st.integers(-4, 5),
    st.integers(-4, 4),
)
action_ids = st.one_of(near_ids, st.integers(0, NUM_ACTIONS - 1), st.integers(78400, 83304))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions, action_ids)
def test_legal_exactly_when_apply_succeeds(where: tuple[str, int, int, int], action: int) -> None:
    state = position(*where)
    legal = action in state.legal_actions()
    before = state.to_json()
    try:
        state.apply_action(action)
    except IllegalActionError:
        assert not legal
        assert state.to_json() == before
    else:
        assert legal


@settings(max_examples=150, deadline=None)
@given(positions, st.integers(0, NUM_ACTIONS - 1))
def test_json_and_notation_round_trip(where: tuple[str, int, int, int], action: int) -> None:
    state = position(*where)
    game = ENGINES[where[0]]("kardinal", players=where[1])
    assert game.state_from_json(state.to_json()) == state
    assert state.string_to_action(state.action_to_string(action)) == action


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_every_action_id_has_notation(engine: str) -> None:
    state = ENGINES[engine]("kardinal").new_initial_state()
    for action in range(0, NUM_ACTIONS, 7):
        assert state.string_to_action(state.action_to_string(action)) == action
