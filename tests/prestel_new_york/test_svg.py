"""Pictures of Prestel New York states: well-formed in every phase and from every seat,
what each seat may see (hands and stacks face down, its memory marked), the last action
marked, data files the packaged names do not fit, and the commands that draw pictures."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import boardcore
from boardcore.cli import main
from boardcore.svg import HIGHLIGHT, drawer
from tests import helpers
from tests.helpers import data_path, group, parse, ring, texts

NAME = "prestel_new_york"
SVG = "{http://www.w3.org/2000/svg}"
PHASES = ("setup", "stack", "search", "tie", "stone", "build", "refill", "end")
DATA = data_path("prestel_new_york")


def load(**params: Any) -> Any:
    """The reference engine (the Rust one may be built later than these tests)."""
    return boardcore.reference.load(NAME, **params)


def part_names() -> list[str]:
    """Each part as the notation writes it (``empire-state/mast``), by id."""
    state = load(players=2).new_initial_state()
    return [state.action_to_string(6 + part)[len("take ") :] for part in range(64)]


PARTS = part_names()


# --- well-formed pictures -----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_svg_is_well_formed_in_every_phase_and_from_every_seat(players: int) -> None:
    game = load(players=players, max_rounds=20)
    phases: set[str] = set()
    drawn = 0
    for seed in range(2):
        for state, saved in helpers.sample_played(game, seed, every=10 * players + 7):
            phases.add(saved["phase"])
            for perspective in (None, *range(players)):
                root = parse(state.to_svg(perspective))
                desc = root.find(f"{SVG}desc")
                assert desc is not None and desc.text
                if saved["phase"] == "end":
                    assert desc.text.startswith(f"game over after round {saved['round']}")
                else:  # the status line of the text rendering
                    assert desc.text == helpers.status(state)
                helpers.assert_seat_panels(root, state, perspective, saved["chips"])
                drawn += 1
    # Two seats rarely tie in a short game; more seats always do.
    assert phases >= (set(PHASES) - {"tie"} if players == 2 else set(PHASES))
    assert drawn > 60


def test_the_picture_shows_table_deck_stacks_and_seats() -> None:
    _, saved, root = helpers.picture_halfway(load(players=4), seed=3)
    every = " ".join(texts(root))
    for k, slot in enumerate(saved["table"]):
        slot_group = group(root, f"slot slot-{k + 1}")
        if slot["commission"] < 0:
            assert "empty" in texts(slot_group)
            continue
        # One outlined or filled part per part of the commission, a chip per built one.
        parts = [r for r in slot_group.iter(f"{SVG}rect") if r.get("height") == "26"]
        assert len(parts) == len(slot["built"])
        built = [b for b in slot["built"] if b >= 0]
        assert len(list(slot_group.iter(f"{SVG}circle"))) == 2 * len(built)
    symbols = ("compass", "square", "level", "chisel", "mallet")
    for letter, name in zip("ABCDE", symbols, strict=True):
        column = texts(group(root, f"stack stack-{letter}"))
        assert letter in column and name in column
    size = len(saved["stacks"][0])
    assert (f"{size} parts" if size > 1 else "empty" if size == 0 else "1 part") in every
    deck = texts(group(root, "deck"))
    assert str(len(saved["deck"]["unseen"])) in deck
    assert "chips of 13" in every
    for stack in saved["stacks"]:
        for part in stack:
            assert PARTS[part] in every


# --- what a seat sees ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_seat_sees_its_own_hand_and_memory_only(players: int) -> None:
    """For seat p: another seat's hand and the stacks are face down, except the parts p
    remembers; for everyone (None) every part in a hand or stack is named."""
    game = load(players=players, max_rounds=16)
    checked = 0
    for seed in (1, 2):
        for state, saved in helpers.sample_played(game, seed, every=4 * players + 1):
            everything = state.to_svg()
            hands = saved["hands"]
            for hand in hands:
                for part in hand:
                    assert PARTS[part] in everything
            for perspective in range(players):
                svg = state.to_svg(perspective)
                known = {entry[0] for entry in saved["memory"][perspective]}
                known |= set(hands[perspective])
                hidden = {part for seat, hand in enumerate(hands) for part in hand}
                hidden |= {part for stack in saved["stacks"] for part in stack}
                for part in hidden - known:
                    assert PARTS[part] not in svg, (saved["history"][-1:], perspective)
                for part in hands[perspective]:
                    assert PARTS[part] in svg
                root = parse(svg)
                for seat in range(players):
                    hand_group = group(root, f"hand hand-{seat}")
                    faces = [t for t in texts(hand_group) if t in PARTS]
                    if seat == perspective:
                        assert faces == [PARTS[part] for part in hands[seat]]
                    else:
                        assert faces == []
                        if hands[seat]:  # one face-down card per part held: the size is public
                            assert len(hand_group) == 2 * len(hands[seat])
                    facts = texts(group(root, f"seat seat-{seat}"))
                    looked = any(text.startswith("looked") for text in facts)
                    assert looked == (seat == perspective and saved["looked"][seat] > 0)
                # Each remembered place is one marked card naming what was seen there.
                places = {(stack, depth) for _, stack, depth in saved["memory"][perspective]}
                marks = root.findall(f".//{SVG}g[@class='memory']")
                assert len(marks) == len(places)
                for part, _, _ in saved["memory"][perspective]:
                    assert PARTS[part] in svg
                checked += 1
    assert checked > 50


def test_other_seats_search_steps_stay_hidden() -> None:
    """During the search, only the searching seat (and everyone's view) sees the part it
    looked at; the others read that it searches."""
    game = load(players=3)
    state = game.new_initial_state()
    history = boardcore.play(game, seed=4).history()
    for action in history:
        state.apply_action(action)
        if state.action_to_string(action) == "look":
            break
    saved = json.loads(state.to_json())
    seat = saved["to_move"]
    stack = saved["taken"][seat]
    top = PARTS[saved["stacks"][stack][0]]
    assert "last: seat" in state.to_svg(seat) and top in state.to_svg(seat)
    assert len(group(parse(state.to_svg(seat)), "last-action")) == 1
    other = (seat + 1) % 3
    assert top not in state.to_svg(other)
    assert f"seat {seat} searches (hidden)" in state.to_svg(other)
    assert len(group(parse(state.to_svg(other)), "last-action")) == 0


# --- the last action ----------------------------------------------------------------------------


def test_the_last_action_is_marked() -> None:
    game = load(players=3)
    history = boardcore.play(game, seed=2).history()
    state = game.new_initial_state()
    assert ring(state.to_svg()) is None
    assert "no move yet" in state.to_svg()
    kinds: set[str] = set()
    for step, action in enumerate(history[:400]):
        text = state.action_to_string(action)
        state.apply_action(action)
        kind = text.split()[0]
        if kind in kinds and step % 7:
            continue  # each kind's first time, and every 7th action
        svg = state.to_svg()
        mark = ring(svg)
        if kind in ("stack", "look", "take", "stone", "build", "slide", "reveal", "draw"):
            assert mark is not None, text
            assert mark.get("width") is not None
            kinds.add(kind)
        assert text in svg  # everyone's view writes the action in full
    assert kinds >= {"stack", "look", "take", "stone", "build", "slide", "reveal", "draw"}
    marks = group(parse(svg), "last-action")
    assert marks.get("stroke") == HIGHLIGHT


def test_a_build_is_marked_on_its_part_and_a_slide_under_its_stack() -> None:
    game = load(players=2)
    state = game.new_initial_state()
    seen = set()
    for action in boardcore.play(game, seed=6).history():
        text = state.action_to_string(action)
        state.apply_action(action)
        saved = json.loads(state.to_json())
        mark = ring(state.to_svg())
        if text.startswith("slide ") and "slide" not in seen:
            # The bottom row of the stack the part went under: the deepest ring of all.
            letter = text.split()[-1]
            cards = group(parse(state.to_svg()), f"stack stack-{letter}").find(
                f"{SVG}g[@class='face-up']"
            )
            assert mark is not None and cards is not None
            assert len(cards) == len(saved["stacks"]["ABCDE".index(letter)])
            bottom = float(cards[-1].get("y", "0"))
            top = float(mark.get("y", "0"))
            assert top < bottom < top + float(mark.get("height", "0"))
            seen.add("slide")
        if text.startswith("build ") and "build" not in seen:
            assert mark is not None
            assert float(mark.get("y", "0")) < 340  # on the table or completed, not a stack
            seen.add("build")
        if seen == {"slide", "build"}:
            break
    assert seen == {"slide", "build"}


# --- other data, colours, turns -----------------------------------------------------------------


def small_data(path: Path, commissions: int) -> Path:
    """A user's component file: ``commissions`` commissions of 3 and 2 parts in turn."""
    lines = ['game = "prestel_new_york"', "[rules]", "win_chips = 9", 'provenance = "rulebook"']
    for mark in "abcde":
        lines += ["[[symbol]]", f'name = "{mark}-mark"', 'provenance = "reconstructed"']
    for c in range(commissions):
        parts = '["p1", "p2", "p3"]' if c % 2 == 0 else '["q1", "q2"]'
        lines += ["[[commission]]", f'slug = "c{c}"', f'name = "Commission {c}"']
        lines += [f"parts = {parts}", 'provenance = "reconstructed"']
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("commissions", [8, 32])
def test_a_state_of_other_data_draws_with_ids(tmp_path: Path, commissions: int) -> None:
    """The packaged names do not fit a game of a user's data file: ids are the labels."""
    data = small_data(tmp_path / "mine.toml", commissions)
    game = load(players=3, data=str(data), max_rounds=15)
    for state, saved in helpers.sample_played(game, seed=1, every=17):
        for perspective in (None, 0):
            svg = state.to_svg(perspective)
            parse(svg)
            assert "compass" not in svg
        if saved["phase"] != "setup":
            slots = [slot["commission"] for slot in saved["table"] if slot["commission"] >= 0]
            assert slots and f"commission {slots[0]}" in state.to_svg()


def test_turns_in_a_replay() -> None:
    """A stack, stone, build or slide starts a new turn in a replay's move list."""
    state: Any = load(players=5).new_initial_state()
    draw = drawer(NAME)
    for action in range(557):
        kind = state.action_to_string(action).split()[0]
        starts = kind in ("stack", "stone", "build", "slide")
        assert draw.starts_turn(action) == starts, state.action_to_string(action)


def test_both_engines_draw_the_same_picture() -> None:
    """The first 600 actions of a 3-player game, at 15 points."""
    rust, reference = boardcore.load(NAME, players=3), boardcore.reference.load(NAME, players=3)
    helpers.assert_drawn_alike(rust, reference, boardcore.play(rust, seed=1).history()[:600], 15)


# --- the commands -------------------------------------------------------------------------------


def test_show_saves_a_picture_of_a_game_with_speeds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``show`` loads the state with the parameters it records (speeds, max_rounds)."""
    game = load(players=3, speeds="2,1,1", max_rounds=30)
    state: Any = game.replay(boardcore.play(game, seed=2).history()[:250])
    path, out = tmp_path / "state.json", tmp_path / "out.svg"
    path.write_text(state.to_json())
    assert main(["show", str(path), "--reference", "--svg", str(out)]) == 0
    assert str(state).splitlines()[0] in capsys.readouterr().out
    assert out.read_text() == state.to_svg() + "\n"
    assert "speeds 2,1,1" in out.read_text()


def test_replay_command_from_a_saved_state(tmp_path: Path) -> None:
    game = load(players=3, speeds="1,2,1", max_rounds=40)
    state: Any = game.replay(boardcore.play(game, seed=5).history()[:120])
    saved, out = tmp_path / "state.json", tmp_path / "game.html"
    saved.write_text(state.to_json())
    assert main(["replay", "--state", str(saved), "--reference", "--out", str(out)]) == 0
    page = out.read_text()
    frames = re.findall(r'<div class="frame"[^>]*>(<svg.*?</svg>)</div>', page, flags=re.S)
    assert len(frames) == 121
    for svg in frames[::20]:
        parse(svg)
    assert frames[-1] == state.to_svg()
    # A turn starts a new line of the move list: one per stack, stone, build or slide.
    assert page.count("<li>") < 121
