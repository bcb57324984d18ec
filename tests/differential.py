"""Differential play: the Rust and reference engines side by side, compared at every step.

Shared by every game's differential tests. A mismatch raises ``AssertionError`` naming the
seed and the step, so the seed can be kept as a regression case.
"""

from __future__ import annotations

from typing import Any

from boardcore import SplitMix64
from boardcore.api import CHANCE, Game


def diff_game(
    rust: Game,
    ref: Game,
    seed: int,
    *,
    strings: bool = True,
    observations: int = 0,
    json_every: int = 1,
) -> int:
    """Plays game ``seed`` with the random agent on both engines; returns its length.

    The canonical JSON is compared at every ``json_every``-th step and at the end; the
    player to move and the legal actions (or chance outcomes) at every step. A JSON holds
    the whole history, so comparing it at every step of a game thousands of actions long
    costs time quadratic in its length; a divergence still shows at the next comparison.
    With ``observations=k`` every seat's observation string and tensor are compared too,
    at every ``k``-th step and at the end (games with hidden information).
    """
    a: Any = rust.new_initial_state()
    b: Any = ref.new_initial_state()
    rng = SplitMix64(seed)
    step = 0
    while True:
        where = f"seed {seed}, step {step}, history {a.history()}"
        assert a.current_player() == b.current_player(), where
        if step % json_every == 0 or a.is_terminal():
            assert a.to_json() == b.to_json(), where
        assert a.is_terminal() == b.is_terminal(), where
        if observations and (step % observations == 0 or a.is_terminal()):
            for seat in range(rust.num_players):
                assert a.observation_string(seat) == b.observation_string(seat), where
                assert a.observation_tensor(seat).tolist() == b.observation_tensor(seat).tolist(), (
                    where
                )
        if a.is_terminal():
            break
        if a.current_player() == CHANCE:
            outcomes = a.chance_outcomes()
            assert outcomes == b.chance_outcomes(), where
            action = outcomes[rng.choose_weighted([w for _, w in outcomes])][0]
        else:
            legal = a.legal_actions()
            assert legal == b.legal_actions(), where
            if strings:
                assert [a.action_to_string(x) for x in legal] == [
                    b.action_to_string(x) for x in legal
                ], where
            action = legal[rng.below(len(legal))]
        a.apply_action(action)
        b.apply_action(action)
        step += 1
    assert a.scores() == b.scores(), f"seed {seed}: scores"
    assert a.winners() == b.winners(), f"seed {seed}: winners"
    assert a.returns() == b.returns(), f"seed {seed}: returns"
    assert str(a) == str(b), f"seed {seed}: rendering"
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
