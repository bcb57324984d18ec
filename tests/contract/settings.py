"""Every game with every player count and a few of its variants: what the contract suite covers."""

from __future__ import annotations

from functools import cache
from typing import Any

import boardcore
from boardcore import SplitMix64
from boardcore.api import CHANCE
from tests.conftest import ENGINES

Params = tuple[tuple[str, Any], ...]

INFO = {info.name: info for info in boardcore.games()}
GAMES = sorted(INFO)

# Beyond the player counts: one setting per variant a game has (sides, specialists, variant
# layouts, search speeds, a round limit, difficulty levels).
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "chandigarh": [
        {"players": 3, "specialists": "none"},
        {"players": 2, "variant": "nw=-1,1;se=4,2"},
    ],
    "city_connect": [
        {"players": 1, "sides": "mayor"},
        {"players": 3, "sides": "house,mayor,house"},
    ],
    "kardinal": [],
    "prestel_new_york": [{"players": 3, "speeds": "3,2,1"}, {"players": 2, "max_rounds": 6}],
    "rebuilding_chicago": [
        {"players": 1, "difficulty": "expert"},
        {"players": 3, "difficulty": "easy,expert,standard"},
    ],
}

# Whole random Prestel New York games are thousands of actions long: the contract suite plays
# them with a round limit (the differential tests play whole ones).
SHORTEN: dict[str, dict[str, Any]] = {"prestel_new_york": {"max_rounds": 10}}


def settings() -> list[tuple[str, Params]]:
    out: list[tuple[str, Params]] = []
    for name in GAMES:
        counts = INFO[name].players
        for params in [{"players": n} for n in counts] + VARIANTS.get(name, []):
            full = {**params, **{k: v for k, v in SHORTEN.get(name, {}).items() if k not in params}}
            out.append((name, tuple(sorted(full.items()))))
    return out


SETTINGS = settings()


def setting_id(setting: tuple[str, Params]) -> str:
    name, params = setting
    return name + "-" + "-".join(f"{k}={v}".replace(",", "+") for k, v in params)


@cache
def game(engine: str, name: str, params: Params) -> Any:
    return ENGINES[engine](name, **dict(params))


@cache
def random_game(engine: str, name: str, params: Params, seed: int) -> tuple[Any, ...]:
    """Every state of one seeded random game, in order (clones: do not change them)."""
    state = game(engine, name, params).new_initial_state()
    rng = SplitMix64(seed)
    states = [state.clone()]
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            action = outcomes[rng.choose_weighted([w for _, w in outcomes])][0]
        else:
            legal = state.legal_actions()
            action = legal[rng.below(len(legal))]
        state.apply_action(action)
        states.append(state.clone())
    return tuple(states)
