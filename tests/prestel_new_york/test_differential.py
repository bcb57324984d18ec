"""Rust vs reference Prestel New York, step by step, over thousands of seeded games.

Random play rarely builds, so a whole random game is long (about 5,000 actions with 2
players, 9,000 with 5). The default run therefore plays most games with a round limit
(`max_rounds`, which also exercises that ending): 1,600 of them, 400 per player count; a few
whole games to 13 chips; and 360 games of the `speeds` variant. `python -m pytest -m slow`
plays 1,000 whole games per player count (4,000 games, about 30 million compared steps).
Every step compares the legal actions or chance outcomes, and the canonical JSON (which
holds the whole state, hidden parts included) is compared at every step of the short games
and every 50 or 100 steps of whole ones; observations of every seat every few steps.
Seeds that once exposed a mismatch stay in ``REGRESSION_SEEDS``.
"""

from __future__ import annotations

import pytest

import boardcore
from tests.differential import diff_game

NAME = "prestel_new_york"
PLAYERS = [2, 3, 4, 5]
SHORT_GAMES = 400  # per player count, 12 rounds each
SHORT_BLOCK = 200
WHOLE_GAMES = 3  # per player count, to the end
SLOW_WHOLE_GAMES = 1_003
# Seeds that once made the engines disagree (see the issue notes), with their parameters.
REGRESSION_SEEDS: list[tuple[dict[str, int | str], int]] = []


def engines(**params: int | str) -> tuple[boardcore.api.Game, boardcore.api.Game]:
    return boardcore.load(NAME, **params), boardcore.reference.load(NAME, **params)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("start", range(0, SHORT_GAMES, SHORT_BLOCK))
def test_engines_agree_on_games_with_a_round_limit(players: int, start: int) -> None:
    rust, ref = engines(players=players, max_rounds=12)
    strings = start == 0
    for seed in range(start, start + SHORT_BLOCK):
        diff_game(rust, ref, seed, strings=strings, observations=25 if strings else 0)


@pytest.mark.parametrize("players", PLAYERS)
def test_engines_agree_on_whole_games(players: int) -> None:
    rust, ref = engines(players=players)
    lengths = [
        diff_game(rust, ref, seed, strings=seed < 1, observations=997, json_every=50)
        for seed in range(WHOLE_GAMES)
    ]
    assert min(lengths) > 64 + 5 + players


@pytest.mark.parametrize("speeds", ["2,1", "1,3", "3,2,1", "1,1,2,2", "5,4,3,2,1", "100,1,1,1,100"])
def test_engines_agree_with_search_speeds(speeds: str) -> None:
    rust, ref = engines(players=speeds.count(",") + 1, speeds=speeds, max_rounds=20)
    for seed in range(60):
        diff_game(rust, ref, seed, strings=seed < 5, observations=31 if seed < 5 else 0)


def test_regression_seeds() -> None:
    for params, seed in REGRESSION_SEEDS:
        rust, ref = engines(**params)
        diff_game(rust, ref, seed, observations=1)


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("start", range(WHOLE_GAMES, SLOW_WHOLE_GAMES, 200))
def test_engines_agree_on_many_whole_games(players: int, start: int) -> None:
    rust, ref = engines(players=players)
    for seed in range(start, min(start + 200, SLOW_WHOLE_GAMES)):
        diff_game(rust, ref, seed, strings=False, json_every=100)
