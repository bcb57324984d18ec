"""Pictures, the same for every game: a seat or nothing as the perspective, a saved state of
the game's own (and nothing else) to draw, and one frame size through a whole game. What a
game's picture shows stays in that game's folder (``test_svg.py``)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import boardcore
from boardcore.svg import drawer, seat_colours, state_to_svg
from tests import helpers
from tests.chandigarh import test_roundtrip as chandigarh
from tests.conftest import ENGINES, Loader
from tests.contract.settings import GAMES, INFO
from tests.helpers import parse
from tests.rebuilding_chicago import test_roundtrip as rebuilding_chicago


@pytest.fixture(params=sorted(ENGINES))
def engine(request: pytest.FixtureRequest) -> str:
    value: str = request.param
    return value


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("bad", [-1, 3, 4, 5, 99])
def test_perspective_must_be_a_seat(engine: str, name: str, bad: int) -> None:
    state: Any = ENGINES[engine](name, players=3).new_initial_state()
    with pytest.raises(boardcore.ParameterError, match=r"seat 0\.\.2"):
        state.to_svg(bad)
    with pytest.raises(boardcore.ParameterError, match="perspective"):
        state_to_svg(state.to_json(), bad)
    with pytest.raises(boardcore.ParameterError, match="perspective"):
        state_to_svg(state.to_json(), True)
    for seat in (None, 0, 1, 2):
        parse(state.to_svg(seat))


@pytest.mark.parametrize("name", GAMES)
def test_state_to_svg_refuses_what_is_not_a_state(name: str) -> None:
    with pytest.raises(boardcore.StateFormatError, match=f"not a {name} state"):
        state_to_svg(f'{{"game": "{name}", "players": 2}}')


# Kardinal's city grows in every direction as it is built, and its picture with it.
FIXED_TABLES = [name for name in GAMES if name != "kardinal"]


@pytest.mark.parametrize("name", FIXED_TABLES)
def test_a_whole_game_draws_and_the_size_is_fixed(name: str) -> None:
    """40 positions through a 4-player game, for everyone and for one seat: the picture keeps
    its size (a replay keeps one frame), and Jupyter shows the same picture."""
    game = boardcore.load(name, players=4)
    history = boardcore.play(game, seed=5).history()
    sizes = set()
    for cut in range(0, len(history) + 1, max(1, len(history) // 40)):
        state: Any = game.replay(history[:cut])
        for perspective in (None, cut % 4):
            svg = state.to_svg(perspective)
            parse(svg)
            sizes.add(re.findall(r'viewBox="([^"]+)"', svg)[0])
        assert state._repr_svg_() == state.to_svg() == state_to_svg(state.to_json())
    assert len(sizes) == 1


@pytest.mark.parametrize("name", GAMES)
def test_seat_colours_and_the_drawer(engine: str, name: str) -> None:
    """Each seat its own colour, the same for a seat whatever the player count; the game's
    own drawer, which keeps one frame for a table of fixed size."""
    most, fewest = INFO[name].players[-1], INFO[name].players[0]
    state = ENGINES[engine](name, players=most).new_initial_state()
    colours = seat_colours(state.to_json())
    assert len(colours) == len(set(colours)) == most
    fewer = ENGINES[engine](name, players=fewest).new_initial_state()
    assert seat_colours(fewer.to_json()) == colours[:fewest]
    draw = drawer(name)
    assert type(draw).__name__ == name.title().replace("_", "") + "Drawer"
    if name in FIXED_TABLES:
        assert draw.bounds(json.loads(state.to_json())) is None


# The games whose own tests list their settings (``SETTINGS`` in test_roundtrip.py), with the
# stride their games are sampled at; City Connect and Prestel New York check the phases too,
# in their test_svg.py.
OWN_SETTINGS = {"chandigarh": (chandigarh, 40), "rebuilding_chicago": (rebuilding_chicago, 90)}


def own_settings() -> list[Any]:
    """(game, setting, seed, stride): each setting of a game's list, its seed its place there."""
    cases = []
    for name, (module, every) in OWN_SETTINGS.items():
        for seed, (setting, sid) in enumerate(
            zip(module.SETTINGS, module.SETTING_IDS, strict=True)
        ):
            cases.append(pytest.param(name, setting, seed, every, id=f"{name}-{sid}"))
    return cases


@pytest.mark.parametrize(("name", "setting", "seed", "every"), own_settings())
def test_svg_is_well_formed_in_every_phase_and_from_every_seat(
    load: Loader, name: str, setting: dict[str, Any], seed: int, every: int
) -> None:
    """The status line is the text rendering's first line, every seat shows its score (PP in
    Chandigarh), and `you` and `winner` are where they belong."""
    assert helpers.views_drawn(helpers.sample_random(load(name, **setting), seed, every)) > 10


ROOT = Path(__file__).parents[2]
# A docs page's picture names the position it shows:
# ![Kardinal, 4 players, seed 5 after 40 actions](../images/kardinal.svg)
PICTURE = re.compile(
    r"!\[[^\]]*, (\d+) players, seed (\d+) after (\d+) actions\]\(\.\./images/(\w+)\.svg\)"
)
PICTURED = ["chandigarh", "city_connect", "kardinal", "rebuilding_chicago"]


@pytest.mark.parametrize("name", PICTURED)
def test_the_docs_picture_is_current(name: str) -> None:
    """docs/images/<game>.svg, shown in the game's docs page, is what the drawer makes today
    of the position the page names (regenerate it if not)."""
    page = f"docs/games/{name}.md"
    [(players, seed, actions, image)] = PICTURE.findall((ROOT / page).read_text())
    assert image == name
    game = boardcore.load(name, players=int(players))
    state: Any = game.replay(boardcore.play(game, seed=int(seed)).history()[: int(actions)])
    path = ROOT / "docs" / "images" / f"{name}.svg"
    if not path.exists() or path.read_text() != state.to_svg() + "\n":
        pytest.fail(
            f"{path} is out of date: write it again with the picture of seed {seed} after"
            f" {actions} actions (see {page}, Picture)"
        )


# Where no action starts a turn, seat changes (and chance between a solo seat's turns) split
# a replay's move list.
@pytest.mark.parametrize("name", ["chandigarh", "city_connect", "rebuilding_chicago"])
def test_no_action_starts_a_turn(name: str) -> None:
    draw = drawer(name)
    size = boardcore.load(name).num_distinct_actions
    assert not any(draw.starts_turn(action) for action in range(size))
