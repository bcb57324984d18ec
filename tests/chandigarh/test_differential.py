"""Rust vs reference Chandigarh, step by step, over seeded games of every setting.

Every player count (2 to 4) with the rulebook's first-game specialists, without
specialists, and with six more sets that between them put every one of the 24 specialists
in play (set ``k`` takes the ``k``-th specialist of each colour), half of them with the
variant layout. Every step compares the player to move and the legal actions or chance
outcomes; the heavier methods (JSON, history, scores, text, mask, illegal actions' errors)
every few steps and at the end; observations every few steps. The first games of each setting
compare every public method at every step (notation both ways, pictures included).
``python -m pytest -m slow`` plays 1,000 games per setting. Seeds that once exposed a mismatch
stay in ``REGRESSION_SEEDS``.
"""

from __future__ import annotations

import pytest

from boardcore.api import Game
from tests.differential import diff_game, diff_regressions, diff_seeds
from tests.differential import engines as both_engines

NAME = "chandigarh"
GAMES = 6  # per setting (the slow tier plays on from here)
FULL = 2  # games per setting with every method compared at every step
SLOW_GAMES = 1_000
SLOW_BLOCK = 490

# The specialists in the data's order: six per colour (yellow, blue, red, green).
SLUGS = [
    "building-assistant", "commercial-manager", "governor", "project-manager",
    "master-craftsman", "building-director",
    "head-of-amenities", "driver", "building-manager", "traffic-director",
    "logistics-manager", "amenities-director",
    "local-brahmin", "mayor", "surveyor", "architects-assistant", "head-architect",
    "draughtsman",
    "park-engineer", "sector-manager", "chief-gardener", "head-of-supervision",
    "park-designer", "park-manager",
]  # fmt: skip
VARIANTS = ["nw=4,1;se=-1,2", "ne=-1,0;sw=4,3", "nw=1,-1;ne=2,4"]


def settings(players: int) -> list[dict[str, int | str]]:
    out: list[dict[str, int | str]] = [
        {"players": players},
        {"players": players, "specialists": "none"},
    ]
    for k in range(6):
        specs = ",".join(SLUGS[colour * 6 + k] for colour in range(4))
        setting: dict[str, int | str] = {"players": players, "specialists": specs}
        if k % 2:
            setting["variant"] = VARIANTS[(k // 2 + players) % len(VARIANTS)]
        out.append(setting)
    return out


CASES = [setting for players in (2, 3, 4) for setting in settings(players)]


def case_id(setting: dict[str, int | str]) -> str:
    return "-".join(str(v).replace(",", "+") for v in setting.values())


# Seeds that once made the engines disagree (see the issue notes), with their parameters.
REGRESSION_SEEDS: list[tuple[dict[str, int | str], int]] = []


def engines(**params: int | str) -> tuple[Game, Game]:
    return both_engines(NAME, **params)


@pytest.mark.parametrize("setting", CASES, ids=case_id)
def test_engines_agree_step_by_step(setting: dict[str, int | str]) -> None:
    rust, ref = engines(**setting)
    diff_seeds(rust, ref, range(GAMES), FULL, observations=37, json_every=7)


def test_regression_seeds() -> None:
    diff_regressions(NAME, REGRESSION_SEEDS)


@pytest.mark.slow
@pytest.mark.parametrize("setting", CASES, ids=case_id)
@pytest.mark.parametrize("start", range(GAMES, SLOW_GAMES, SLOW_BLOCK))
def test_engines_agree_on_many_more_games(setting: dict[str, int | str], start: int) -> None:
    rust, ref = engines(**setting)
    for seed in range(start, min(start + SLOW_BLOCK, SLOW_GAMES)):
        diff_game(rust, ref, seed, strings=False, json_every=20)
