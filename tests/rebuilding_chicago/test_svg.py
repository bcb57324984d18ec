"""Pictures of Rebuilding Chicago states: well-formed in every phase and from every seat,
the status line of the text rendering, what the picture shows (each seat's table with its
buildings by type, landmarks, suburbs, rubble and sights; the market; the events; money, VP
and the rest), the other seats' dealt landmark cards hidden, the last action, a user's data
file, and the same picture from both engines."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import boardcore
from tests import helpers
from tests.conftest import ENGINES, Loader, apply
from tests.helpers import group, js, parse, texts
from tests.rebuilding_chicago.test_roundtrip import (
    GAME,
    LANDMARK_KEYS,
    OPENING,
    PACKAGED_TEXT,
    SETTING_IDS,
    SETTINGS,
    SETUP,
    TURN_1,
    TURN_2,
    engine,
    richer_vp,
    start,
    table,
)

SVG = "{http://www.w3.org/2000/svg}"
LETTERS = "TMGESRX"


def letters_on_table(root: ET.Element, seat: int) -> list[str]:
    return sorted(t for t in texts(group(root, f"table table-{seat}")) if t in LETTERS + "L")


# --- what the picture shows ---------------------------------------------------------------------


def test_the_opening_picture(load: Loader) -> None:
    """Seat 0 placed its statue on d6 (test_roundtrip's opening)."""
    state: Any = start(load, *OPENING)
    root = parse(state.to_svg())
    desc = root.find(f"{SVG}desc")
    assert desc is not None
    assert desc.text == "Rebuilding Chicago, 2 players, round 1, phase turn, seat 1 to move"
    # The market: slot 1 empty, then cards 5 8 12 16 24 32 40 with their costs.
    market = group(root, "market")
    cards = [t for t in texts(market) if re.fullmatch(r".*\(card \d+\), .*", t)]
    assert [int(re.findall(r"\(card (\d+)\)", t)[0]) for t in cards] == [5, 8, 12, 16, 24, 32, 40]
    # Each face reads like the card: card 5 is the 6th of round 1 in the packaged file,
    # $2, "build train-i2" and "appease 2", its other half "money 1 per tiles:restaurant".
    face = texts(market.findall(f"{SVG}g[@class='card']")[0])
    for words in ("Round 1 \u00b7 no. 6", "$2", "build train I2", "appease 2 unhappy"):
        assert words in face
    assert face[-2:] == ["Profit: $1 per restaurant", "tile"]  # wrapped to fit the card
    assert not [t for t in texts(root) if re.search(r"\bc\d+\b|todo|\[\]", t)]
    assert "slot 1: empty" in texts(market)
    assert [t for t in texts(market) if t.startswith("$")] == [
        "$2",
        "$3",
        "$3",
        "$4",
        "$5",
        "$6",
        "$7",
    ]
    # The events: Graduation activated, the others open.
    events = texts(group(root, "events"))
    assert "Graduation: activated this round" in events
    assert sum(1 for t in events if t.endswith(": not activated")) == 6
    # Pilsen: 6 starting buildings (17 spaces) and the statue; West Town: 7 buildings, 17.
    assert letters_on_table(root, 0) == sorted("RRRRRRRSSSSEEEMTTX")
    assert letters_on_table(root, 1) == sorted("RRRRRRSSSEEEMTTGG")
    # The numbers: money, VP, unhappy population, qualities.
    seat_0 = " ".join(texts(group(root, "seat seat-0")))
    assert "$9 \u00b7 10 VP \u00b7 unhappy 12" in seat_0 and "Pilsen (standard)" in seat_0
    assert "quality e0 s1 r0" in seat_0
    assert "landmarks: cloud-gate, water-tower" in seat_0
    seat_1 = " ".join(texts(group(root, "seat seat-1")))
    assert "$13 \u00b7 10 VP \u00b7 unhappy 11" in seat_1 and "to move" in seat_1
    assert "amenity symbols e3 s3 r6" in seat_1
    # The last action, marked on its space.
    assert "last: place o0 d6" in texts(root)
    assert len(group(root, "last-action")) == 1


def test_the_tables_along_a_game() -> None:
    """At points of a game: one letter per covered space of each table, by type."""
    game = engine("rust", players=3)
    for state, saved in helpers.sample_random(game, 6, every=40):
        root = parse(state.to_svg())
        for seat in range(3):
            tab = table(saved["seats"][seat])
            expected = sorted(("L" if c == 7 else LETTERS[c]) for c in tab.covered.values())
            assert letters_on_table(root, seat) == expected
            panel = " ".join(texts(group(root, f"seat seat-{seat}")))
            placed = sum(1 for piece in saved["seats"][seat]["pieces"] if piece[0] == 2)
            assert f"suburbs placed: {placed}" in panel
            assert f"{saved['seats'][seat]['vp']} VP" in panel


def test_the_last_action_is_written(load: Loader) -> None:
    game = load(GAME, players=2)
    state: Any = game.new_initial_state()
    assert "no move yet" in state.to_svg()
    assert len(group(parse(state.to_svg()), "last-action")) == 0
    marked: set[str] = set()
    history = boardcore.play(game, seed=2).history()
    for action in history[:400]:
        text = state.action_to_string(action)
        state.apply_action(action)
        svg = state.to_svg()
        assert f"last: {text}<" in svg, text
        word = text.split()[0]
        if word in ("place", "buy", "event", "card") and len(group(parse(svg), "last-action")):
            marked.add(word)
    assert marked >= {"place", "buy", "event", "card"}


def test_dealt_landmark_cards_are_hidden_from_other_seats(load: Loader) -> None:
    state: Any = load(GAME, players=2).new_initial_state()
    apply(state, *SETUP[:17])
    assert js(state)["phase"] == "keep"
    mine = ("water-tower", "cloud-gate", "field-museum")
    theirs = ("city-market", "navy-pier", "willis-tower")
    seen_by_1 = " ".join(texts(group(parse(state.to_svg(1)), "seat seat-0")))
    assert "dealt: 3 hidden" in seen_by_1 and not any(k in seen_by_1 for k in mine)
    seen_by_0 = " ".join(texts(group(parse(state.to_svg(0)), "seat seat-0")))
    assert all(k in seen_by_0 for k in mine)
    seen_by_0 = " ".join(texts(group(parse(state.to_svg(0)), "seat seat-1")))
    assert "dealt: 3 hidden" in seen_by_0 and not any(k in seen_by_0 for k in theirs)
    everyone = state.to_svg()
    assert all(k in everyone for k in (*mine, *theirs))
    assert all(k in LANDMARK_KEYS for k in (*mine, *theirs))


def test_a_returned_landmark_card_is_named_to_the_seat_that_returned_it_alone(
    load: Loader,
) -> None:
    """Ruling 2's hidden deal: the card a seat puts back is as hidden as the three it was dealt;
    the two it keeps are public."""
    state: Any = load(GAME, players=2).new_initial_state()
    apply(state, *SETUP[:18])  # seat 1 (the starting seat) returned willis-tower
    assert SETUP[17] == "return willis-tower"
    seen_by_0 = state.to_svg(0)
    assert "last: seat 1 returns a landmark card (face down)<" in seen_by_0
    assert "willis-tower" not in seen_by_0
    assert "last: return willis-tower<" in state.to_svg(1)
    apply(state, SETUP[18])  # then seat 0 returned field-museum
    assert "last: seat 0 returns a landmark card (face down)<" in state.to_svg(1)
    assert "field-museum" not in state.to_svg(1)
    assert "last: return field-museum<" in state.to_svg(0)
    assert "last: return field-museum<" in state.to_svg()


def test_suburbs_and_connected_areas_are_drawn(load: Loader) -> None:
    """A suburb placed next to the board draws its spaces; a seat's table shows the same
    letters as the JSON's pieces whatever they are."""
    game = load(GAME, players=2)
    for state, saved in helpers.sample_random(game, 3, every=15):
        if any(p[0] == 2 for seat in saved["seats"] for p in seat["pieces"]):
            root = parse(state.to_svg())
            for seat in range(2):
                tab = table(saved["seats"][seat])
                rects = group(root, f"table table-{seat}").findall(f"{SVG}rect")
                dashed = [r for r in rects if r.get("stroke-dasharray") == "2 1.5"]
                assert len(dashed) == len(tab.suburb)
            return
    pytest.fail("no suburb was placed in the game")


# --- other data, colours, turns -----------------------------------------------------------------


def test_a_state_of_other_data_draws(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(richer_vp(PACKAGED_TEXT))
    game = engine("rust", players=3, data=str(path))
    helpers.views_drawn(helpers.sample_random(game, 1, every=80))


# --- both engines -------------------------------------------------------------------------------


# One setting here, the others in the slow tier: both engines' pictures come from one drawer
# reading the canonical JSON, which the differential runs compare at every step.
@pytest.mark.parametrize("setting", helpers.slow_after_the_first(SETTINGS[:5], SETTING_IDS[:5]))
@pytest.mark.parametrize("saver", sorted(ENGINES))
def test_both_engines_draw_the_same_picture(setting: dict[str, Any], saver: str) -> None:
    helpers.assert_a_game_drawn_alike(GAME, setting, saver, seed=1)


def test_the_opening_draws_alike_in_both_engines() -> None:
    pictures = {which: start(ENGINES[which], *TURN_1, TURN_2[0]) for which in sorted(ENGINES)}
    svgs = {which: state.to_svg(0) for which, state in pictures.items()}  # type: ignore[attr-defined]
    assert svgs["rust"] == svgs["reference"]
