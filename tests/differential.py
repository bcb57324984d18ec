"""Differential play: the Rust and reference engines side by side, compared at every step.

Shared by every game's differential tests. A mismatch raises ``AssertionError`` naming the
seed and the step, so the seed can be kept as a regression case.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

import boardcore
import boardcore.reference
from boardcore import SplitMix64
from boardcore.api import CHANCE, Game


def engines(name: str, **params: Any) -> tuple[Game, Game]:
    """The game ``name`` with ``params`` in the Rust engine and in the reference."""
    return boardcore.load(name, **params), boardcore.reference.load(name, **params)


def diff_seeds(
    rust: Game,
    ref: Game,
    seeds: Iterable[int],
    full: int,
    *,
    observations: int,
    json_every: int,
    strings: Callable[[int], bool] = lambda seed: False,
    full_observations: int = 1,
) -> None:
    """``diff_game`` for each seed: those below ``full`` with every method at every step (the
    pictures too), the others lighter (``strings(seed)``, observations and JSON every few
    steps)."""
    for seed in seeds:
        if seed < full:
            diff_game(rust, ref, seed, observations=full_observations, svg=True)
        else:
            light = strings(seed)
            diff_game(
                rust, ref, seed, strings=light, observations=observations, json_every=json_every
            )


def diff_regressions(name: str, cases: Iterable[tuple[dict[str, Any], int]]) -> None:
    """Each (parameters, seed) that once made the engines disagree, compared in full."""
    for params, seed in cases:
        rust, ref = engines(name, **params)
        diff_game(rust, ref, seed, observations=1)


def _error_class(state: Any, action: int) -> str:
    """The class of what ``apply_action(action)`` raises; the state must stay as it was."""
    before = state.to_json()
    try:
        state.apply_action(action)
    except Exception as error:
        assert state.to_json() == before, f"a refused action {action} changed the state"
        return type(error).__name__
    raise AssertionError(f"action {action} is not legal here but was accepted")


def _illegal(legal: list[int], size: int) -> list[int]:
    """A few ids no legal action has: the smallest, the largest in range, and out of range."""
    taken = set(legal)
    first = next((i for i in range(size) if i not in taken), None)
    last = next((i for i in range(size - 1, -1, -1) if i not in taken), None)
    return [i for i in (first, last) if i is not None] + [size, -1]


def diff_game(
    rust: Game,
    ref: Game,
    seed: int,
    *,
    strings: bool = True,
    observations: int = 0,
    json_every: int = 1,
    svg: bool = False,
) -> int:
    """Plays game ``seed`` with the random agent on both engines; returns its length.

    At every step: the player to move, ``is_chance_node``, ``is_terminal``, the legal
    actions (the outcome ids at a chance node) and the chance outcomes. With ``strings``
    every legal action's notation, both ways (each engine reads the other's strings back to
    the same id). At every ``json_every``-th step and at the end, the heavier methods: the
    canonical JSON, history, scores, winners, returns, ``str(state)``, the legal action
    mask, and the error class of a few illegal actions (each refused without changing the
    state). A JSON holds the whole history, so comparing it at every step of a game
    thousands of actions long costs time quadratic in its length; a divergence still shows
    at the next comparison. With ``observations=k`` every seat's observation string and
    tensor are compared at every ``k``-th step and at the end; with ``svg`` the pictures
    (every seat's perspective and the spectator's) at the start and the end.
    """
    a: Any = rust.new_initial_state()
    b: Any = ref.new_initial_state()
    size = rust.num_distinct_actions
    assert size == ref.num_distinct_actions
    rng = SplitMix64(seed)
    step = 0
    while True:
        where = f"seed {seed}, step {step}, history {a.history()}"
        player = a.current_player()
        assert player == b.current_player(), where
        terminal = a.is_terminal()
        assert terminal == b.is_terminal(), where
        chance = a.is_chance_node()
        assert chance == b.is_chance_node() == (player == CHANCE), where
        legal = a.legal_actions()
        assert legal == b.legal_actions(), where
        if step % json_every == 0 or terminal:
            assert a.to_json() == b.to_json(), where
            assert a.history() == b.history(), where
            assert a.scores() == b.scores(), where
            assert a.winners() == b.winners(), where
            assert a.returns() == b.returns(), where
            assert str(a) == str(b), where
            mask = a.legal_action_mask()
            assert np.array_equal(mask, b.legal_action_mask()), where
            assert np.flatnonzero(mask).tolist() == legal, where
            for action in _illegal(legal, size):
                assert _error_class(a, action) == _error_class(b, action), (where, action)
        if observations and (step % observations == 0 or terminal):
            for seat in range(rust.num_players):
                assert a.observation_string(seat) == b.observation_string(seat), where
                assert a.observation_tensor(seat).tolist() == b.observation_tensor(seat).tolist(), (
                    where
                )
        if svg and (step == 0 or terminal):
            for seat in [None, *range(rust.num_players)]:
                assert a.to_svg(seat) == b.to_svg(seat), (where, seat)
        if terminal:
            assert not legal, where
            break
        if strings:
            texts = [a.action_to_string(x) for x in legal]
            assert texts == [b.action_to_string(x) for x in legal], where
            assert [b.string_to_action(t) for t in texts] == legal, where
            assert [a.string_to_action(t) for t in texts] == legal, where
        if chance:
            outcomes = a.chance_outcomes()
            assert outcomes == b.chance_outcomes(), where
            assert [x for x, _ in outcomes] == legal, where
            action = outcomes[rng.choose_weighted([w for _, w in outcomes])][0]
        else:
            action = legal[rng.below(len(legal))]
        a.apply_action(action)
        b.apply_action(action)
        step += 1
    return step


def perft(state: Any, depth: int) -> int:
    """Decision sequences of length ``depth`` from ``state`` (chance outcomes count as one)."""
    if depth == 0 or state.is_terminal():
        return 1
    if state.current_player() == CHANCE:
        actions = [a for a, _ in state.chance_outcomes()]
    else:
        actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = state.clone()
        child.apply_action(action)
        total += perft(child, depth - 1)
    return total
