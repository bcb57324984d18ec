"""Bad input: a specific boardcore exception a user can act on, and nothing changed."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import boardcore
from boardcore import (
    DataError,
    NotationError,
    ParameterError,
    StateFormatError,
)
from tests import helpers
from tests.conftest import Loader, apply
from tests.helpers import assert_rejected, data_path, replace, tampered
from tests.helpers import drop as _drop
from tests.helpers import edited as _edit
from tests.prestel_new_york.test_rules import (
    GAME,
    M_BUILD,
    M_REFILL,
    M_SEARCH,
    M_STONES,
    PACKAGED,
    SMALL,
    Components,
    data_text,
    m_game,
    start,
    t_game,
)

REVEALS = ("reveal seagram", "reveal dakota", "reveal empire-state", "reveal liberty")


# --- illegal actions, phase by phase --------------------------------------------------------


def test_illegal_during_the_reveals(load: Loader) -> None:
    state = apply(load(GAME, players=2).new_initial_state(), "reveal seagram")
    for move in (
        "reveal seagram",  # already in slot 1
        "deal seagram/plaza",  # the parts are dealt after the five reveals
        "draw stone 1",
        "finish 0",
        "stack A",  # a seat's action at a chance node
        "look",
        "build seagram/plaza",
    ):
        assert_rejected(state, move)
    apply(state, "reveal dakota", "reveal empire-state", "reveal liberty")
    assert_rejected(state, "reveal liberty")  # the deck's top must be a fifth card


def test_illegal_during_the_deal(load: Loader) -> None:
    state = apply(load(GAME, players=2).new_initial_state(), *REVEALS, "reveal city-hall")
    apply(state, "deal flatiron/wedge")
    for move in ("deal flatiron/wedge", "reveal chrysler", "draw stone 2", "stack B"):
        assert_rejected(state, move)


def test_illegal_during_the_stone_draws(load: Loader) -> None:
    state = apply(load(GAME, players=3).new_initial_state(), *REVEALS, "reveal city-hall")
    apply(state, *(f"deal {p}" for p in PACKAGED.parts), "draw stone 4")
    for move in ("draw stone 4", "deal flatiron/wedge", "stone 1", "stack A"):
        assert_rejected(state, move)


def test_illegal_in_the_stack_phase(load: Loader) -> None:
    state = m_game(load, "stack A")
    for move in (
        "stack A",  # taken by seat 0
        "look",
        "take chrysler/lobby",
        "stone 5",
        "build dakota/courtyard",
        "slide dakota/courtyard A",
        "finish 0",
        "reveal guggenheim",
        "deal flatiron/wedge",
        "draw stone 1",
    ):
        assert_rejected(state, move)


def test_illegal_empty_stack_while_another_has_parts(load: Loader, tmp_path: Path) -> None:
    from tests.prestel_new_york.test_rules import e5_game

    state = e5_game(load, tmp_path)
    apply(state, "build dakota/courtyard", "build lever-house/podium", "build federal-hall/portico")
    apply(state, "slide city-hall/wings B", "build seagram/plaza")
    for move in ("stack C", "stack D", "stack E"):
        assert_rejected(state, move)


def test_illegal_in_the_search(load: Loader) -> None:
    state = m_game(load, "stack A", "stack B")
    for move in (
        "take chrysler/lobby",  # not looked at yet
        "take seagram/plaza",  # in the seat's hand
        "take seagram/tower",  # another stack's top
        "stack C",
        "stone 2",
        "build seagram/plaza",
        "slide seagram/plaza A",
        "finish 0",
    ):
        assert_rejected(state, move)
    apply(state, "look", "take chrysler/lobby")
    # Seat 1 searches now; seat 0 took its one part.
    assert_rejected(state, "take dakota/gables")


def test_illegal_look_once_every_part_is_seen(load: Loader, tmp_path: Path) -> None:
    state = t_game(load, tmp_path, "stack C", "stack A", "look", "look")
    assert_rejected(state, "look")


def test_illegal_in_a_tie(load: Loader) -> None:
    # Four players look at 1, 2, 2 and 3 parts: seats 1 and 2 tie for second place.
    state = start(load, 4)
    apply(state, "stack A", "stack B", "stack C", "stack D")
    for looks in (1, 2, 2, 3):
        for _ in range(looks):
            apply(state, "look")
        takes = [a for a in state.legal_actions() if state.action_to_string(a).startswith("take")]
        state.apply_action(takes[0])
    for move in ("finish 0", "finish 3", "stone 1", "reveal guggenheim", "look"):
        assert_rejected(state, move)


def test_illegal_in_the_stone_phase(load: Loader) -> None:
    state = m_game(load, *M_SEARCH)
    for move in ("stone 1", "stone 3", "stone 4", "look", "build liberty/pedestal", "finish 1"):
        assert_rejected(state, move)
    apply(state, "stone 5")
    assert_rejected(state, "stone 5")  # picked by seat 1


def test_illegal_in_the_build_phase(load: Loader) -> None:
    state = m_game(load, *M_SEARCH, *M_STONES)
    for move in (
        "build chrysler/lobby",  # chrysler lies in no slot
        "build liberty/figure",  # seat 1's part
        "build seagram/tower",  # in stack B
        "slide liberty/figure A",  # not in seat 0's hand
        "slide empire-state/tower B",  # in stack A
        "stack A",
        "look",
        "take dakota/gables",
        "stone 2",
        "reveal guggenheim",
    ):
        assert_rejected(state, move)


def test_illegal_reasons_name_the_phase_and_the_rule(load: Loader) -> None:
    # The same words from both engines: what the seat is to do, then the rule broken.
    state = m_game(load, "stack A")
    helpers.assert_reason(state, "stack A", "stack A is already taken this round")
    helpers.assert_reason(state, "look", "seat 1 is to choose a stack, not to search a stack")
    helpers.assert_reason(
        state, "reveal guggenheim", "seat 1 is to choose a stack; 'reveal' is a chance outcome"
    )
    state = m_game(load, "stack A", "stack B")
    helpers.assert_reason(
        state,
        "take chrysler/lobby",
        "seat 0 has not looked at chrysler/lobby this round (rule 13: a part is taken out "
        "only after it was turned over)",
    )
    state = m_game(load, *M_SEARCH)  # the stones laid down are 2 and 5
    helpers.assert_reason(
        state, "stone 1", "stone 1 is not on offer: only the stones laid down are (2 5)"
    )
    apply(state, "stone 5")
    helpers.assert_reason(state, "stone 5", "stone 5 was already picked this round")
    state = m_game(load, *M_SEARCH, *M_STONES)
    # Rule 15 b: a part is built only on an open commission; chrysler lies in no slot.
    helpers.assert_reason(
        state,
        "build chrysler/lobby",
        "the commission chrysler does not lie on the table (a part is built only on an open "
        "commission, rule 15 b)",
    )
    for move in ("build liberty/figure", "slide liberty/figure A"):  # seat 1's part
        helpers.assert_reason(state, move, "liberty/figure is not in seat 0's hand")


def test_illegal_in_the_refill(load: Loader) -> None:
    state = m_game(load, *M_SEARCH, *M_STONES, *M_BUILD)
    # seagram stays in slot 1, city-hall fills slot 2, dakota, empire-state and liberty are
    # in the deck's tail: none of them is an unseen card.
    for move in (
        "reveal seagram",
        "reveal city-hall",
        "reveal dakota",
        "reveal liberty",
        "stack A",
        "finish 0",
        "deal flatiron/wedge",
    ):
        assert_rejected(state, move)
    apply(state, *M_REFILL)
    assert_rejected(state, "reveal trinity-church")  # nothing left to reveal


# --- notation -------------------------------------------------------------------------------


def test_notation_follows_the_data_file(load: Loader, tmp_path: Path) -> None:
    from tests.prestel_new_york.test_rules import write_data

    state = load(GAME, players=2, data=write_data(tmp_path)).new_initial_state()
    for text in ("take empire-state/base", "reveal guggenheim", "build chrysler/crown"):
        with pytest.raises(NotationError):
            state.string_to_action(text)
    with pytest.raises(NotationError):
        state.action_to_string(157)


# (notation that is no action, the message that names what is wrong): the contract suite
# reads each in both engines.
UNREADABLE_NOTATION: list[tuple[str, str]] = [
    ("stack F", '"stack F": "F" is not a stack; stacks are A, B, C, D, E'),
    ("reveal plaza", '"reveal plaza": "plaza" is not a commission slug'),
    (
        "take mast",
        '"take mast": "mast" is not a building part; parts are written \'<commission '
        "slug>/<part name>' from the data file, e.g. 'empire-state/mast'",
    ),
    (
        "stone 6",
        "\"stone 6\" is not a Prestel action: stones are numbered 1 to 5: 'stone 2', "
        "'draw stone 4'",
    ),
    ("finish 5", "\"finish 5\" is not a Prestel action: 'finish <seat>' with a seat 0 to 4"),
    (
        "Look",  # lower case
        "\"Look\" is not a Prestel action: a Prestel action is 'stack C', 'look', "
        "'take empire-state/mast', 'stone 2', 'build empire-state/mast', "
        "'slide chrysler/crown E', 'deal flatiron/wedge', 'reveal seagram', 'draw stone 4' "
        "or 'finish 3' (single spaces, lower case but the stack letter)",
    ),
]


# --- saved states ---------------------------------------------------------------------------


def _swap_in_stack_d(obj: dict[str, Any]) -> None:
    d = obj["stacks"][3]
    d[0], d[1] = d[1], d[0]


def _built_by_seat_1(obj: dict[str, Any]) -> None:
    obj["table"][1]["built"] = [1, -1]


# The M game after its first search: phase stone, seat 1 to pick; chips [0, 0], hands
# [[0, 3, 50], [24, 25, 58]], memory [[[1,0,3],[59,0,2]], [[51,1,1]]], finish [1, 0].
SAVED = (2, m_game(boardcore.load, *M_SEARCH).to_json())
"""2 players, round 1's search of the worked example (``M_SEARCH``): the saved state
TAMPERED changes."""

TAMPERED: list[tuple[Callable[[str], str], str]] = [
    (lambda t: _drop(t, "memory"), "memory"),
    (lambda t: _drop(t, "deck"), "deck"),
    *tampered("chips", [1, 0], [0], [True, 0]),
    *tampered("hands", [[24, 25, 58], [0, 3, 50]], [[0, 3, 50], [25, 24, 58]]),
    (lambda t: _edit(t, _swap_in_stack_d), "stacks"),
    *tampered("memory", [[[1, 0, 3]], [[51, 1, 1]]], [[[1, 0, 3], [59, 0, 2]], [[51, 1, 2]]]),
    *tampered("looked", [[3], [51, 25]]),
    *tampered("finish", [0, 1]),
    *tampered("new_stones", [0, 5]),
    *tampered("stones", [5, 2]),
    *tampered("taken", [1, 0]),
    (lambda t: _edit(t, _built_by_seat_1), "table"),
    *tampered("deck", {"tail": [], "top": 5, "unseen": []}),
    *tampered("completed", [3]),
    *tampered("phase", "build", "lunch"),
    *tampered("round", 2),
    *tampered("to_move", 0),
    (lambda t: t.replace('"to_move":1', '"to_move":1.0'), "to_move"),
    *tampered("speeds", [2, 1], [0, 1]),
    *tampered("max_rounds", 5, -1),
]


def test_the_saved_state_is_as_described(load: Loader) -> None:
    assert m_game(load, *M_SEARCH).to_json() == SAVED[1]
    assert json.loads(SAVED[1])["to_move"] == 1


def test_json_of_another_parameter_set_is_rejected(load: Loader) -> None:
    text = m_game(load, *M_SEARCH, speeds="2,1").to_json()
    with pytest.raises(StateFormatError, match="speeds"):
        load(GAME, players=2).state_from_json(text)
    text = m_game(load, *M_SEARCH, max_rounds=3).to_json()
    with pytest.raises(StateFormatError, match="max_rounds"):
        load(GAME, players=2).state_from_json(text)
    assert load(GAME, players=2, max_rounds=3).state_from_json(text).to_json() == text


# --- parameters -----------------------------------------------------------------------------


BAD_PARAMETERS: list[tuple[dict[str, Any], str]] = [
    ({"players": 1}, "players"),
    ({"players": 6}, "players"),
    ({"players": 0}, "players"),
    ({"players": "four"}, "players"),
    ({"players": 2, "speeds": "0,1"}, "speeds"),
    ({"players": 2, "speeds": "101,1"}, "speeds"),
    ({"players": 2, "speeds": "-1,1"}, "speeds"),
    ({"players": 2, "speeds": "1"}, "speeds"),
    ({"players": 2, "speeds": "1,1,1"}, "speeds"),
    ({"players": 2, "speeds": "a,b"}, "speeds"),
    ({"players": 2, "speeds": "1.5,1"}, "speeds"),
    ({"players": 2, "speeds": ""}, "speeds"),
    ({"players": 2, "speeds": "1,,1"}, "speeds"),
    ({"players": 2, "speeds": "1,1,"}, "speeds"),
    ({"speeds": "2,1"}, "speeds"),  # four players by default
    ({"players": 2, "max_rounds": -1}, "max_rounds"),
    ({"players": 2, "max_rounds": 100001}, "max_rounds"),
    ({"players": 2, "max_rounds": "ten"}, "max_rounds"),
    ({"players": 2, "colours": 4}, "colours"),
]


def test_good_parameters(load: Loader) -> None:
    assert load(GAME).num_players == 4
    load(GAME, players=3, speeds="100,1,7", max_rounds=100000)
    load(GAME, players=2, max_rounds=0)


# --- component data -------------------------------------------------------------------------

PACKAGED_TEXT = (data_path("prestel_new_york")).read_text()
CHRYSLER = 'parts = ["lobby", "shaft", "crown"]'
COMPASS = '[[symbol]]\nname = "compass"\nprovenance = "reconstructed"\n\n'


BROKEN: list[tuple[Callable[[str], str], tuple[str, ...]]] = [
    *(
        (replace("win_chips = 13", new), ("win_chips",))
        for new in ("win_chips = 0", "win_chips = 100", 'win_chips = "13"')
    ),
    (replace("win_chips = 13\n", ""), ("win_chips",)),
    (replace('provenance = "rulebook"', 'provenance = "guess"'), ("provenance",)),
    (replace('provenance = "reconstructed"', 'provenance = "folklore"'), ("provenance",)),
    (replace(CHRYSLER + '\nprovenance = "reconstructed"\n', CHRYSLER + "\n"), ("provenance",)),
    (replace(COMPASS, ""), ("symbol",)),
    (replace(COMPASS, COMPASS + COMPASS), ("symbol",)),
    (replace('name = "compass"\n', ""), ("name",)),
    *(
        (replace('slug = "chrysler"', new), ("slug",))
        for new in (
            'slug = "empire-state"',
            'slug = "Chrysler"',
            'slug = "9chrysler"',
            'slug = "chrysler building"',
            "slug = 5",
        )
    ),
    (replace('slug = "chrysler"\n', ""), ("slug",)),
    (replace('name = "Chrysler Building"\n', ""), ("name",)),
    *(
        (replace(CHRYSLER, new), ("parts",))
        for new in (
            'parts = ["lobby"]',
            'parts = ["lobby", "shaft", "crown", "spire"]',
            'parts = ["lobby", "lobby", "crown"]',
            'parts = ["Lobby", "shaft", "crown"]',
            'parts = "lobby"',
        )
    ),
    (replace(CHRYSLER + "\n", ""), ("parts",)),
]


@pytest.mark.parametrize(
    ("commissions", "match"),
    [
        (SMALL.commissions[:7], "commission"),  # 7: fewer than 8
        ([(f"c{i:02d}", ("a", "b")) for i in range(33)], "commission"),  # more than 32
        ([*SMALL.commissions[:7], ("city-hall", ("wings", "cupola"))], "slug"),
    ],
)
def test_data_file_with_wrong_commission_counts(
    load: Loader, tmp_path: Path, commissions: list[tuple[str, tuple[str, ...]]], match: str
) -> None:
    path = tmp_path / "counts.toml"
    path.write_text(data_text(Components(commissions)))
    with pytest.raises(DataError, match=match) as info:
        load(GAME, data=str(path))
    assert "counts.toml" in str(info.value)


def test_smallest_and_largest_data_files_load(load: Loader, tmp_path: Path) -> None:
    smallest = tmp_path / "eight.toml"
    smallest.write_text(data_text(SMALL, win_chips=1))
    assert load(GAME, players=5, data=str(smallest)).num_distinct_actions == 157
    largest = tmp_path / "ninety-six.toml"
    largest.write_text(data_text(Components([(f"c{i}", ("a", "b", "c")) for i in range(32)]), 99))
    assert load(GAME, players=2, data=str(largest)).num_distinct_actions == 21 + 8 * 96 + 32


# --- argument types -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "bad"),
    [
        ("players", "x"),
        ("players", [2]),
        ("speeds", 2),
        ("speeds", [1, 1]),
        ("max_rounds", "x"),
        ("max_rounds", 2.5),
        ("max_rounds", [1]),
        ("data", 2.5),
        ("data", [2]),
    ],
)
def test_wrong_parameter_types(load: Loader, key: str, bad: Any) -> None:
    """Never a TypeError: a ParameterError (or a DataError for `data`)."""
    params = {"players": 2, key: bad}
    with pytest.raises((ParameterError, DataError)):
        load(GAME, **params)
