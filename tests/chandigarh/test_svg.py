"""Pictures of Chandigarh states: well-formed in every phase and from every seat, the status
line of the text rendering, what the picture shows (buildings, architects, plazas, street
tiles, the row, each seat's project, reserve, tokens and PP), the last action, the variant,
a user's data file, the same picture from both engines, and the picture in the docs."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import boardcore
from boardcore.svg import state_to_svg
from tests import helpers
from tests.chandigarh.test_roundtrip import (
    DRAFT,
    GAME,
    PACKAGED_TEXT,
    SETTING_IDS,
    SETTINGS,
    TURN_1,
    engine,
    raise_street_values,
    slot,
    start,
)
from tests.conftest import ENGINES, Loader
from tests.helpers import group, js, parse, texts

SVG = "{http://www.w3.org/2000/svg}"

# The picture of docs/images/chandigarh.svg (which the contract suite checks against the
# drawer): a 3-player game of seed 59 after 157 actions.
DOC_SEED, DOC_ACTIONS = 59, 157


def card_ids(element: ET.Element) -> list[int]:
    """The ids of the cards drawn under ``element``, in order (from their tooltips)."""
    found = []
    for card in element.iter(f"{SVG}g"):
        if card.get("class") != "card":
            continue
        title = card.find(f"{SVG}title")
        assert title is not None and title.text
        found.append(int(re.match(r"card (\d+)", title.text).group(1)))  # type: ignore[union-attr]
    return found


# --- what the picture shows ---------------------------------------------------------------------


def test_the_opening_picture(load: Loader) -> None:
    """Turn 1 after seat 1's step and build (test_roundtrip's opening)."""
    state: Any = start(load, *DRAFT, *TURN_1)
    root = parse(state.to_svg())
    assert root.find(f"{SVG}desc").text == "turn 1: seat 1 to move (0 steps left)"  # type: ignore[union-attr]
    # The row in row order, each seat's project.
    assert card_ids(group(root, "row")) == [20, 5, 14, 27]
    for seat, card in enumerate((10, 0, 33)):
        assert card_ids(group(root, f"project project-{seat}")) == [card]
    # Five buildings in the city: the four pre-printed ones and seat 1's yellow on 2w0.
    city = group(root, "city")
    letters = [t for t in texts(city) if t in ("y", "b", "r", "g")]
    assert sorted(letters) == ["b", "g", "r", "y", "y"]
    # Architects: seat 1 at 2,1, seats 0 and 2 at 2,2.
    architects = texts(group(root, "architects"))
    assert "seat 1's architect at 2,1" in architects
    assert "seat 0's architect at 2,2" in architects and "seat 2's architect at 2,2" in architects
    # The pawns, named after their specialists, in sectors 3, 0, 15 and 12.
    for tile, name in ((3, "Commercial Manager"), (0, "Logistics Manager"), (15, "Local Brahmin")):
        assert f"{name} (pawn)" in texts(group(root, f"sector sector-{tile}"))
    # The street tiles' values (tiles 4 0 9 1 7 2 5: 4(1) 2(1) 6(3) 3(1) 5(2) 3(1) 4(2)).
    shown = texts(group(root, "street-tiles"))
    for value in ("4 (1)", "2 (1)", "6 (3)", "3 (1)", "5 (2)", "4 (2)"):
        assert value in shown
    # Seat 1 to move: its reserve is one blue; the general reserve 13 14 14 13.
    assert "to move" in " ".join(texts(group(root, "seat seat-1")))
    assert [t for t in texts(group(root, "supply")) if t.isdigit()][-4:] == ["13", "14", "14", "13"]
    # The last action, marked on its slot.
    assert "last: build y 2w0" in texts(root)
    marks = group(root, "last-action")
    assert len(marks) == 1


def test_the_last_action_is_written_and_mostly_marked() -> None:
    game = engine("rust", players=3)
    state: Any = game.new_initial_state()
    assert "no move yet" in state.to_svg() and len(group(parse(state.to_svg()), "last-action")) == 0
    words: set[str] = set()
    for seed in (2, 3):
        state = game.new_initial_state()
        for action in boardcore.play(game, seed=seed).history():
            text = state.action_to_string(action)
            state.apply_action(action)
            svg = state.to_svg()
            word = text.split()[0]
            if word in ("stop", "end", "pass", "skip"):
                # A bare word says little: the line says what ended or was declined.
                said = re.search(f"last: {text} \\(([^<]+)\\)<", svg)
                assert said is not None and len(said.group(1).split()) >= 3, text
                words.add(word)
            else:
                assert f"last: {text}<" in svg, text
            if word in ("step", "build", "add", "pick", "tile", "first"):
                assert len(group(parse(svg), "last-action")) == 1, text
                words.add(word)
    assert words >= {"step", "build", "add", "pick", "tile", "first", "stop", "end"}


def test_buildings_supervisors_and_tokens_along_a_game() -> None:
    """At points of a game: one drawn building per occupied slot, one supervisor per
    supervised sector, and each seat's tokens and supervisors in its panel."""
    game = engine("rust", players=4, specialists="none")
    for state, saved in helpers.sample_random(game, 6, every=30):
        root = parse(state.to_svg())
        city = group(root, "city")
        letters = [t for t in texts(city) if t in ("y", "b", "r", "g")]
        assert len(letters) == sum(1 for c in saved["city"] if c >= 0)
        supervisors = texts(city)
        for seat in range(4):
            count = saved["supervisors"].count(seat)
            assert supervisors.count(f"supervised by seat {seat}") == count
            panel = " ".join(texts(group(root, f"seat seat-{seat}")))
            assert f"supervises {count}," in panel
            assert str(saved["pp"][seat]) in texts(group(root, f"seat seat-{seat}"))
        assert "played without specialists" in texts(group(root, "specialists"))


def test_a_centre_building_is_drawn(load: Loader) -> None:
    """A building on a centre slot (Sector Manager) is drawn where it stands."""
    state: Any = start(load, *DRAFT, *TURN_1)
    saved = js(state)
    saved["city"][slot("1ec")] = 3
    svg = state_to_svg(json.dumps(saved))
    assert len([t for t in texts(group(parse(svg), "city")) if t == "g"]) == 2


def test_the_variant_layout(load: Loader) -> None:
    game = load(GAME, players=3, variant="nw=-1,1;se=4,2")
    state: Any = boardcore.play(game, seed=2)
    root = parse(state.to_svg())
    assert "variant: sector 0 to -1,1, sector 15 to 4,2" in " ".join(texts(group(root, "header")))
    for tile in range(16):
        group(root, f"sector sector-{tile}")


# --- other data, colours, turns -----------------------------------------------------------------


def test_a_state_of_other_data_draws(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(raise_street_values(PACKAGED_TEXT))
    game = engine("rust", players=3, data=str(path))
    helpers.views_drawn(helpers.sample_random(game, 1, every=60))


# --- both engines, the documented picture -------------------------------------------------------


# One setting here, the others in the slow tier: both engines' pictures come from one drawer
# reading the canonical JSON, which the differential runs compare at every step.
@pytest.mark.parametrize("setting", helpers.slow_after_the_first(SETTINGS, SETTING_IDS))
@pytest.mark.parametrize("saver", sorted(ENGINES))
def test_both_engines_draw_the_same_picture(setting: dict[str, Any], saver: str) -> None:
    # Two games in all, one played by each engine.
    helpers.assert_a_game_drawn_alike(GAME, setting, saver, seed=1 if saver == "rust" else 2)


def test_the_docs_picture_is_partway_through_a_game() -> None:
    game = engine("rust", players=3)
    final = boardcore.play(game, seed=DOC_SEED)
    assert len(final.history()) > DOC_ACTIONS + 20
    state = game.replay(final.history()[:DOC_ACTIONS])
    assert js(state)["turn"] >= 8
