"""Round trips: notation, replay and parameters of Prestel New York."""

from __future__ import annotations

import pytest

from tests import helpers
from tests.conftest import Loader
from tests.helpers import random_states

NAME = "prestel_new_york"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_action_round_trips_through_notation(load: Loader, players: int) -> None:
    game = load(NAME, players=players, speeds=",".join(["2"] + ["1"] * (players - 1)))
    words = helpers.notation_words(random_states(game, players, every=3)[:400])
    assert {"deal", "reveal", "draw", "stack", "look", "take", "stone"} <= words


def test_every_action_id_has_a_notation(load: Loader) -> None:
    helpers.assert_every_id_named(load(NAME), 557)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_params_rebuild_the_same_game(load: Loader, players: int) -> None:
    game = load(NAME, players=players, max_rounds=7)
    helpers.assert_rebuilds(load, game)
    assert game.params["speeds"] == ",".join(["1"] * players)
