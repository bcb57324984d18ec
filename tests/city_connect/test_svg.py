"""Pictures of City Connect states: well-formed in every phase and from every seat, the
status line and scores of the text rendering, what each seat may see (other hands face
down), the last action, the payment in progress, the Pioneer Bonus, a user's data file, the
same picture from both engines, and the picture in docs/games/city_connect.md."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
import tomllib

import boardcore
import boardcore.reference
from boardcore.svg import state_to_svg
from tests import helpers
from tests.conftest import ENGINES
from tests.helpers import data_path, group, parse, ring, texts

NAME = "city_connect"
SVG = "{http://www.w3.org/2000/svg}"
DATA = data_path("city_connect")


def engine(which: str, **params: Any) -> Any:
    """City Connect in engine ``which``; skips the test while that engine lacks the game."""
    try:
        return ENGINES[which](NAME, **params)
    except boardcore.ParameterError as error:
        if "unknown game" in str(error) or "no game" in str(error):
            pytest.skip(f"the {which} engine of {NAME} is not there yet")
        raise


def load(**params: Any) -> Any:
    """The Rust engine (built with the game)."""
    return boardcore.load(NAME, **params)


def names() -> tuple[list[str], list[str], list[str]]:
    """The names and slugs of the building kinds, and the landmarks' names, by id."""
    doc = tomllib.loads(DATA.read_text())
    kinds = [entry["name"] for entry in doc["building"]]
    slugs = [entry["slug"] for entry in doc["building"]]
    return kinds, slugs, [entry["name"] for entry in doc["landmark"]]


KINDS, SLUGS, LANDMARKS = names()
B = len(KINDS)
CARDS = KINDS + LANDMARKS  # by city card index


def card_names(element: ET.Element) -> list[str]:
    """The names on the face-up cards under ``element``, in order (a card's first line of
    bold text, joined with its second if the name wraps)."""
    found = []
    for card in element.iter(f"{SVG}g"):
        if card.get("class") != "card":
            continue
        title = card.find(f"{SVG}title")
        if title is not None and title.text:
            found.append(title.text.split(":")[0])
    return found


def first(game: Any, seeds: range, test: Any) -> Any:
    """The first state of seeded games whose JSON passes ``test``."""
    for seed in seeds:
        state = game.new_initial_state()
        for action in boardcore.play(game, seed=seed).history():
            state.apply_action(action)
            if test(json.loads(state.to_json())):
                return state
    raise AssertionError("no such state in these games")


# --- well-formed pictures -----------------------------------------------------------------------


@pytest.mark.parametrize("seed", helpers.seeds(0, 1, 2))
@pytest.mark.parametrize("which", sorted(ENGINES))
@pytest.mark.parametrize(
    ("players", "sides"), [(1, "mayor"), (2, "house"), (3, "mayor,house,mayor"), (4, "house")]
)
def test_svg_is_well_formed_in_every_phase_and_from_every_seat(
    which: str, players: int, sides: str, seed: int
) -> None:
    """The status line is the text rendering's first line, every seat shows its score, and
    `you` and `winner` are where they belong."""
    game = engine(which, players=players, sides=sides)
    phases: set[str] = set()
    drawn = 0
    for state, saved in helpers.sample_played(game, seed, every=9 * players + 5):
        phases.add(saved["phase"])
        drawn += helpers.assert_every_view_drawn(state)
    assert phases >= {"setup", "main", "take", "draw", "pay", "refill", "end"}
    assert drawn > 15


def test_the_picture_shows_landmarks_market_piles_cities_hands_and_scores() -> None:
    state, saved, root = helpers.picture_halfway(load(players=3), seed=3)
    assert card_names(group(root, "landmarks")) == [LANDMARKS[mark] for mark in saved["landmarks"]]
    assert card_names(group(root, "market")) == [KINDS[k] for k in saved["market"]]
    assert str(saved["pile"]["size"]) in texts(group(root, "pile"))
    assert f"pile \u00b7 stage {saved['pile']['stage']}" in texts(group(root, "pile"))
    assert str(len(saved["discard"])) in texts(group(root, "discard"))
    scores = state.scores()
    for seat in range(3):
        side = "Mayor" if saved["sides"][seat] else "House"
        city = card_names(group(root, f"city city-{seat}"))
        assert city == [side] + [CARDS[c] for c in saved["cities"][seat]]
        assert card_names(group(root, f"hand hand-{seat}")) == [
            KINDS[k] for k in saved["hands"][seat]
        ]
        seat_texts = texts(group(root, f"seat seat-{seat}"))
        assert str(scores[seat]) in seat_texts
        assert f"built {len(saved['cities'][seat])} of 10" in " ".join(seat_texts)
    # Each card names its VP and its sun or moon, and the tooltip its cost.
    market = group(root, "market")
    assert any(text.endswith(" VP") for text in texts(market))
    assert all("cost " in title for title in texts(market) if ": building" in title)


@pytest.mark.parametrize("seed", helpers.seeds(0, 1, 2))
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_status_line_and_scores_agree_with_the_engine(players: int, seed: int) -> None:
    """Scores, winners and the solo rating are counted from the JSON and the data file; they
    agree with the engine at every step of whole games (each initial side)."""
    for sides in ("house", "mayor"):
        game = load(players=players, sides=sides)
        for state, _ in helpers.sample_played(game, seed, every=4):
            svg = state.to_svg()
            assert f"<desc>{str(state).splitlines()[0]}</desc>" in svg
            root = parse(svg)
            for seat, score in enumerate(state.scores()):
                assert str(score) in texts(group(root, f"seat seat-{seat}"))


# --- what a seat sees ---------------------------------------------------------------------------


@pytest.mark.parametrize("seed", helpers.seeds(1, 2))
@pytest.mark.parametrize("which", sorted(ENGINES))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_seat_sees_its_own_hand_only(which: str, players: int, seed: int) -> None:
    """For seat p the other hands are face down, one back per card (their sizes are
    public); for everyone (None) every hand is face up."""
    game = engine(which, players=players)
    checked = 0
    for state, saved in helpers.sample_played(game, seed, every=4 * players + 1):
        hands = saved["hands"]
        root = parse(state.to_svg())
        for seat in range(players):
            shown = card_names(group(root, f"hand hand-{seat}"))
            assert shown == [KINDS[k] for k in hands[seat]]
        for perspective in range(players):
            root = parse(state.to_svg(perspective))
            for seat in range(players):
                hand = group(root, f"hand hand-{seat}")
                if seat == perspective:
                    assert card_names(hand) == [KINDS[k] for k in hands[seat]]
                else:
                    assert texts(hand) == []
                    assert len(hand) == 2 * len(hands[seat])  # a back is two rectangles
                    assert "face down" in texts(group(root, f"seat seat-{seat}"))
            checked += 1
    assert checked > 15


@pytest.mark.parametrize("players", [2, 4])
def test_a_seats_picture_does_not_depend_on_what_it_cannot_see(players: int) -> None:
    """The picture for seat p stays the same when the other hands and the pile's pool are
    changed (sizes kept): it draws nothing of them."""
    game = load(players=players)
    for state, saved in helpers.sample_played(game, seed=4, every=7):
        for perspective in range(players):
            other = json.loads(json.dumps(saved))
            for seat in range(players):
                if seat != perspective:
                    other["hands"][seat] = sorted((k + 5) % B for k in saved["hands"][seat])
            other["pile"]["pool"] = sorted((k + 11) % B for k in saved["pile"]["pool"])
            assert state_to_svg(json.dumps(other), perspective) == state.to_svg(perspective)


@pytest.mark.parametrize("seed", helpers.seeds(0, 1, 2))
def test_a_card_drawn_into_another_hand_is_not_named(seed: int) -> None:
    """The last action names a card from the pile only to those who may know it: the seat
    that drew it, or everyone when it went to the market or the discard pile."""
    game = load(players=3)
    named = hidden = 0
    state = game.new_initial_state()
    for action in boardcore.play(game, seed=seed).history():
        before = json.loads(state.to_json())
        text = state.action_to_string(action)
        state.apply_action(action)
        if not text.startswith("card "):
            continue
        after = json.loads(state.to_json())
        into = [p for p in range(3) if len(after["hands"][p]) > len(before["hands"][p])]
        assert text in state.to_svg()  # everyone's view names it
        for perspective in range(3):
            last = re.findall(r"last: ([^<]*)<", state.to_svg(perspective))[0]
            if into and into[0] != perspective:
                assert text not in last, (seed, after["phase"], last)
                hidden += 1
            elif text in last:
                named += 1
    assert named > 25 and hidden > 25


# --- the last action, the payment, the Pioneer Bonus ------------------------------------------


@pytest.mark.parametrize("seed", helpers.seeds(2, 3))
def test_the_last_action_is_written_with_its_seat_and_marked(seed: int) -> None:
    game = load(players=3)
    state = game.new_initial_state()
    assert ring(state.to_svg()) is None and "no move yet" in state.to_svg()
    kinds: set[str] = set()
    for action in boardcore.play(game, seed=seed).history():
        seat = state.current_player()
        text = state.action_to_string(action)
        state.apply_action(action)
        svg = state.to_svg()
        kind = text.split()[0]
        if seat >= 0:
            assert f"last: seat {seat}: {text}<" in svg
        else:
            assert text in svg
        if kind in ("take", "draw", "build", "pay", "discard", "gear", "landmark"):
            assert ring(svg) is not None, text
            kinds.add(kind)
    assert kinds >= {"take", "draw", "build", "pay", "landmark"}


def test_the_payment_in_progress() -> None:
    """The card being built, where from, the symbols owed, the coins and the cards paid;
    the city cards paid are tagged in the city."""
    game = load(players=4, sides="mayor")
    state = first(
        game,
        range(40),
        lambda j: j["phase"] == "pay" and j["payment"]["city"] and j["payment"]["hand"],
    )
    saved = json.loads(state.to_json())
    payment = saved["payment"]
    root = parse(state.to_svg())
    shown = " ".join(texts(group(root, "payment")))
    assert CARDS[payment["card"]] in card_names(group(root, "payment"))
    source = ("hand", "market", "landmark row")[payment["source"]]
    assert f"paying for {CARDS[payment['card']]} from the {source}" in shown
    assert f"coins paid {payment['credit']}" in shown
    assert "paid from the hand: " + ", ".join(KINDS[k] for k in payment["hand"]) in shown
    seat = saved["to_move"]
    city = group(root, f"city city-{seat}")
    assert texts(city).count("paid") == len(payment["city"])
    no_build = parse(load(players=2).new_initial_state().to_svg())
    assert "no build in progress" in texts(group(no_build, "payment"))


def test_the_pioneer_bonus_goes_to_its_seat() -> None:
    game = load(players=2)
    state = first(game, range(40), lambda j: j["pioneer"] >= 0)
    holder = json.loads(state.to_json())["pioneer"]
    root = parse(state.to_svg())
    assert "taken by" in texts(group(root, "pioneer"))
    assert f"seat {holder}" in texts(group(root, "pioneer"))
    for seat in range(2):
        badge = any("Pioneer Bonus" in t for t in texts(group(root, f"seat seat-{seat}")))
        assert badge == (seat == holder)
    start = parse(game.new_initial_state().to_svg())
    assert "Pioneer" in texts(group(start, "pioneer"))


# --- other data, colours, turns -----------------------------------------------------------------


def small_data(path: Path) -> Path:
    """A user's component file: the first 12 building kinds and 5 landmarks."""
    text = DATA.read_text()
    parts = re.split(r"(?m)^(?=\[\[)", text)
    kept = [p for p in parts[1:] if not p.startswith(("[[building]]", "[[landmark]]"))]
    kept += [p for p in parts if p.startswith("[[building]]")][:12]
    kept += [p for p in parts if p.startswith("[[landmark]]")][:5]
    path.write_text(parts[0] + "".join(kept))
    return path


def test_a_state_of_other_data_draws_with_indices(tmp_path: Path) -> None:
    """The packaged names do not fit a game of a user's data file: cards are labelled by
    index and the scores are not counted."""
    game = load(players=3, data=str(small_data(tmp_path / "mine.toml")))
    for state, saved in helpers.sample_played(game, seed=1, every=23):
        for perspective in (None, 0):
            svg = state.to_svg(perspective)
            parse(svg)
            # Before the first card is turned over nothing tells the data files apart.
            assert ("not the packaged data" in svg) == bool(saved["history"])
        if saved["market"]:
            assert f"card {saved['market'][0]}" in state.to_svg()


# --- both engines, the documented picture -------------------------------------------------------


# One setting here, the others in the slow tier: both engines' pictures come from one drawer
# reading the canonical JSON, which the differential runs compare at every step.
@pytest.mark.parametrize(
    ("players", "sides"),
    [
        (2, "mayor"),
        *(
            pytest.param(n, sides, marks=pytest.mark.slow)
            for n, sides in [(1, "house"), (3, "house,mayor,house"), (4, "house")]
        ),
    ],
)
@pytest.mark.parametrize("saver", sorted(ENGINES))
def test_both_engines_draw_the_same_picture(players: int, sides: str, saver: str) -> None:
    """At many points of seeded games (played by either engine), both engines' states draw
    the same SVG, for everyone and for every seat, and show it in Jupyter."""
    rust = engine("rust", players=players, sides=sides)
    reference = engine("reference", players=players, sides=sides)
    # Two games in all, one played by each engine.
    seed, player = (1, rust) if saver == "rust" else (2, reference)
    helpers.assert_drawn_alike(rust, reference, boardcore.play(player, seed=seed).history(), 12)
