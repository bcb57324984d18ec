"""Each game's action encoding as its spec documents it, in both engines: the ids of its
``ENCODING`` table (in its ``test_rules.py``, with the spec's arithmetic) read as their
notation and back, at every player count (no game's encoding depends on it)."""

from __future__ import annotations

import pytest

from tests import helpers
from tests.chandigarh import test_rules as chandigarh
from tests.city_connect import test_rules as city_connect
from tests.conftest import Loader
from tests.contract.settings import GAMES, INFO
from tests.kardinal import test_rules as kardinal
from tests.prestel_new_york import test_rules as prestel_new_york
from tests.rebuilding_chicago import test_rules as rebuilding_chicago

ENCODINGS: dict[str, helpers.Encoding] = {
    "chandigarh": chandigarh.ENCODING,
    "city_connect": city_connect.ENCODING,
    "kardinal": kardinal.ENCODING,
    "prestel_new_york": prestel_new_york.ENCODING,
    "rebuilding_chicago": rebuilding_chicago.ENCODING,
}


def test_every_game_has_its_encoding() -> None:
    assert sorted(ENCODINGS) == GAMES


@pytest.mark.parametrize(
    ("name", "players"), [(name, players) for name in GAMES for players in INFO[name].players]
)
def test_action_notation_maps_to_the_documented_encoding(
    load: Loader, name: str, players: int
) -> None:
    game = load(name, players=players)
    assert game.num_distinct_actions == ENCODINGS[name].actions
    helpers.assert_encodes(game.new_initial_state(), ENCODINGS[name].ids)
