"""Chandigarh's pattern kernel against the golden cases of `tests/golden/chandigarh_patterns.json`.

Each case (`name`, `players`, `variant`, `city`, `pattern`, `colours`, `street`, `count`, `why`)
was counted by hand from the rulebook's "Project Cards" page and the pattern table of
`docs/games/chandigarh.md`; `why` gives the reasoning. The city is written slot by slot as
`{"5n0": "y", ...}` (sector, side n e s w, plot 0 / 1 or `c` for the centre of a side without
plots); slot id `(4t + side) * 3 + k`, colours y 0, b 1, r 2, g 3. Both kernels are checked
here: the reference engine's `count_pattern` and the Rust one
(`boardcore._core.chandigarh_count_pattern`); the Rust unit tests read the same file too.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import data_path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 has no tomllib
    import tomli as tomllib

GOLDEN = Path(__file__).parent.parent / "golden" / "chandigarh_patterns.json"
CASES: list[dict[str, Any]] = json.loads(GOLDEN.read_text(encoding="utf-8"))
DATA: dict[str, Any] = tomllib.loads((data_path("chandigarh")).read_text(encoding="utf-8"))
SIDES = "nesw"
COLOURS = "ybrg"
PATTERNS = ("opposite", "across", "line3", "line2", "cross", "diagonal", "perimeter", "street")
STREETS = ("x1", "x2", "x3", "y1", "y2", "y3")
CORNERS = {"nw": 0, "ne": 3, "sw": 12, "se": 15}


def parse_slot(name: str) -> tuple[int, int, int]:
    """`12e1` -> (12, 1, 1); `3wc` -> (3, 3, 2)."""
    digits = len(name) - 2
    tile, side, k = int(name[:digits]), SIDES.index(name[digits]), name[digits + 1]
    return tile, side, 2 if k == "c" else int(k)


def slot_id(name: str) -> int:
    tile, side, k = parse_slot(name)
    return (4 * tile + side) * 3 + k


def city_list(city: dict[str, str]) -> list[int]:
    slots = [-1] * 192
    for name, colour in city.items():
        slots[slot_id(name)] = COLOURS.index(colour)
    return slots


def plots(players: int, tile: int, side: int) -> int:
    """Plots on a side of a tile: brown for 2-3 players, blue for 4 (the data file)."""
    face = "blue" if players == 4 else "brown"
    count: int = DATA["sector"][tile][face][side]
    return count


KERNELS = {
    "reference": "boardcore.reference.chandigarh.count_pattern",
    "rust": "boardcore._core.chandigarh_count_pattern",
}


@pytest.mark.parametrize("kernel", sorted(KERNELS))
@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden_pattern_count(case: dict[str, Any], kernel: str) -> None:
    from boardcore import _core
    from boardcore.reference import chandigarh

    count_pattern = (
        chandigarh.count_pattern if kernel == "reference" else _core.chandigarh_count_pattern
    )
    got = count_pattern(
        case["players"],
        case["variant"],
        city_list(case["city"]),
        case["pattern"],
        list(case["colours"]),
        case["street"],
    )
    assert got == case["count"], f"{case['name']}: {case['why']}"


def test_golden_cases_are_valid() -> None:
    names = [c["name"] for c in CASES]
    assert len(names) == len(set(names))
    for case in CASES:
        name = case["name"]
        assert set(case) == {
            "name",
            "players",
            "variant",
            "city",
            "pattern",
            "colours",
            "street",
            "count",
            "why",
        }, name
        assert case["players"] in (2, 3, 4), name
        assert case["pattern"] in PATTERNS, name
        one_colour = case["pattern"] not in ("opposite", "across")
        assert len(case["colours"]) == (1 if one_colour else 2), name
        assert all(c in COLOURS for c in case["colours"]), name
        assert (case["street"] in STREETS) == (case["pattern"] == "street"), name
        assert case["street"] is None or case["pattern"] == "street", name
        assert isinstance(case["count"], int) and case["count"] >= 0, name
        assert len(case["why"]) > 20, name
        for slot_name, colour in case["city"].items():
            tile, side, k = parse_slot(slot_name)
            assert 0 <= tile < 16 and colour in COLOURS, (name, slot_name)
            count = plots(case["players"], tile, side)
            # A plot slot needs that many plots; a centre slot a side with none.
            assert (k < count) if k < 2 else (count == 0), (name, slot_name)
        if case["variant"]:
            cells = {t: (t % 4, t // 4) for t in range(16)}
            moves = []
            for part in case["variant"].split(";"):
                corner, place = part.split("=")
                col, row = (int(v) for v in place.split(","))
                moves.append((CORNERS[corner], col, row))
                cells[CORNERS[corner]] = (col, row)
            assert len(moves) == 2 and moves[0][0] != moves[1][0], name
            taken = set(cells.values())
            assert len(taken) == 16, name
            for _tile, col, row in moves:
                assert not (0 <= col < 4 and 0 <= row < 4), name
                neighbours = {(col + 1, row), (col - 1, row), (col, row + 1), (col, row - 1)}
                assert neighbours & (taken - {(col, row)}), name


def test_golden_cases_cover_every_pattern() -> None:
    for pattern in PATTERNS:
        assert any(c["pattern"] == pattern and c["count"] > 0 for c in CASES), pattern
    for street in STREETS:
        assert any(c["street"] == street for c in CASES), street
    assert any(c["variant"] for c in CASES)
    assert {c["players"] for c in CASES} == {2, 3, 4}
    assert any(any(s.endswith("c") for s in c["city"]) for c in CASES)
    assert any(
        c["pattern"] in ("opposite", "across") and c["colours"][0] == c["colours"][1] for c in CASES
    )
    assert sum("greedy" in c["name"] for c in CASES) >= 1
