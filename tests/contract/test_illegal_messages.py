"""An illegal action, an id in range that is not legal now, gets the same message from both
engines, ``action <id> (<notation>) is illegal: <reason>`` with the game's own reason, and
leaves the state exactly as it was (DESIGN.md, "Errors"; the games' tests check the reasons'
words against the rules)."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from boardcore import IllegalActionError, NotationError
from tests.contract.settings import SETTINGS, Params, game, random_game, setting_id
from tests.helpers import legal_now

# The games held to one message, and how often along a seeded random game every illegal id
# is tried in the slow tier: at every k-th state, and in each phase's first states (see
# _sampled); the normal run takes every 2k-th. The stride keeps each setting to a few seconds.
EVERY: dict[str, int] = {
    "chandigarh": 16,
    "city_connect": 4,
    "kardinal": 60,
    "prestel_new_york": 6,
    "rebuilding_chicago": 8,
}


def _notation(state: Any, action: int) -> str:
    try:
        return str(state.action_to_string(action))
    except NotationError:  # an id the game's data gives no move
        return f"id {action}"


def _snapshot(state: Any) -> tuple[str, list[int], int]:
    return state.to_json(), state.history(), state.current_player()


def _refused(state: Any, action: int) -> str:
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(action)
    return str(info.value)


def _sampled(paired: list[tuple[Any, Any]], every: int) -> list[tuple[Any, Any]]:
    """Every ``every``-th pair of states, the last, and the first two states of each phase:
    phases met once a game (a setup step) are tried too."""
    seen: dict[object, int] = {}
    out = []
    for i, pair in enumerate(paired):
        phase = json.loads(pair[0].to_json()).get("phase")
        seen[phase] = seen.get(phase, 0) + 1
        if i % every == 0 or i == len(paired) - 1 or seen[phase] <= 2:
            out.append(pair)
    return out


# The normal run tries at most this many ids per state, drawn at random (Kardinal has 83,305);
# the slow tier tries them all.
SAMPLED_IDS = 3000


@pytest.mark.parametrize("every_id", [False, pytest.param(True, marks=pytest.mark.slow)])
@pytest.mark.parametrize("setting", SETTINGS, ids=setting_id)
def test_an_illegal_action_gets_one_message_from_both_engines(
    setting: tuple[str, Params], every_id: bool
) -> None:
    name, params = setting
    every = EVERY[name] * (1 if every_id else 2)
    count = game("rust", name, params).num_distinct_actions
    draw = random.Random(f"{name} {params}")
    paired = list(
        zip(
            random_game("rust", name, params, 0),
            random_game("reference", name, params, 0),
            strict=True,
        )
    )
    for rust, reference in _sampled(paired, every):
        rust, reference = rust.clone(), reference.clone()
        before = _snapshot(rust), _snapshot(reference)
        legal = set(legal_now(rust))
        assert legal == set(legal_now(reference))
        ids: Sequence[int] = range(count)
        if not every_id and count > SAMPLED_IDS:
            ids = sorted(draw.sample(ids, SAMPLED_IDS))
        for action in ids:
            if action in legal:
                continue
            said = _refused(rust, action)
            assert said == _refused(reference, action)
            head = f"action {action} ({_notation(rust, action)}) is illegal: "
            assert said.startswith(head) and len(said) > len(head), said
        # Refused, every one of them changed nothing (checked once per state: cheaper).
        assert (_snapshot(rust), _snapshot(reference)) == before
