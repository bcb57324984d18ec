"""Golden perft counts (tests/golden/kardinal.perft), read by both engines and the Rust crate."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import Loader
from tests.differential import perft

GOLDEN = Path(__file__).parent.parent / "golden" / "kardinal.perft"


def cases() -> list[tuple[int, list[str], int, int]]:
    out = []
    for line in GOLDEN.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        players, moves, depth, nodes = (part.strip() for part in line.split("|"))
        out.append((int(players), moves.split(";") if moves else [], int(depth), int(nodes)))
    return out


def test_first_build_count_by_hand(load: Loader) -> None:
    """Seat 0's first builds, counted from the rules: 15 per colour it may build.

    Houses may not touch the nave (rule IV) and must touch the cathedral: (1,1), (1,-1),
    (2,0). Towers must touch a house (the nave) but not the clock-tower: (-1,0), (0,1),
    (0,-1). Yards need a cell next to the nave: horizontal (-2,0), (-1,1), (0,1), (-1,-1),
    (0,-1); vertical (-1,-1), (-1,0), (0,1), (0,-2): 9. Then 4 chips to choose from.
    """
    for players, per_seat in ((2, 30), (3, 30), (4, 15)):
        state = load("kardinal", players=players).new_initial_state()
        assert perft(state, 1) == per_seat
        assert perft(state, 2) == per_seat * 4


@pytest.mark.parametrize(("players", "moves", "depth", "nodes"), cases())
def test_perft_golden(load: Loader, players: int, moves: list[str], depth: int, nodes: int) -> None:
    game = load("kardinal", players=players)
    probe = game.new_initial_state()
    state = game.replay([probe.string_to_action(m) for m in moves])
    assert perft(state, depth) == nodes
