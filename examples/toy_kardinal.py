"""A toy Kardinal engine, written from docs/games/kardinal.md, with one planted bug.

It stands for "your engine": a small, independent implementation of the rules that the
conformance kit holds to boardcore's (see docs/conformance.md). It implements only what
``boardcore.testing.compare`` and ``verify`` need: no chance nodes (Kardinal has none),
no ``state_from_json``, no observations, no rendering.

The planted bug: rule IV (no two edifices of the same shape touch) is checked for houses
and towers but forgotten for yards, so a yard may be built against another yard. Set
``ToyKardinal.rule_iv_for_yards = True`` to fix it.

    boardcore verify kardinal.jsonl --engine examples/toy_kardinal.py:ToyKardinal
    boardcore conformance kardinal --engine examples/toy_kardinal.py:ToyKardinal --api-games 0
"""

from __future__ import annotations

import json
import re
from typing import Any

COLOURS = ("red", "green", "blue", "yellow")
SHAPES = ("house", "tower", "yard")
HOUSE, TOWER, YARD = 0, 1, 2
LOW, HIGH, SIDE = -34, 35, 70
CHIP, CARDINAL, STAY = 78400, 78404, 83304
TERMINAL = -4
STEPS = {2: (1, 0), 3: (0, 1)}  # yard kinds: 2 horizontal, 3 vertical


def cell_id(x: int, y: int) -> int:
    return (y - LOW) * SIDE + (x - LOW)


def cell_xy(cell: int) -> tuple[int, int]:
    return cell % SIDE + LOW, cell // SIDE + LOW


def around(x: int, y: int) -> list[tuple[int, int]]:
    return [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]


class ToyKardinal:
    """The game: ``ToyKardinal(players=4)``."""

    rule_iv_for_yards = False  # the planted bug
    version = 1  # the rules version, as its saved states record it

    def __init__(self, players: int = 4) -> None:
        if players not in (2, 3, 4):
            raise ValueError("players must be 2, 3 or 4")
        self.num_players = players
        self.params = {"players": players}
        self.name = "kardinal"

    def new_initial_state(self) -> ToyState:
        return ToyState(self.num_players, self.rule_iv_for_yards)


class ToyState:
    def __init__(self, players: int, rule_iv_for_yards: bool) -> None:
        self.players = players
        self.rule_iv_for_yards = rule_iv_for_yards
        if players == 2:
            self.builds: list[tuple[int, ...]] = [(0, 2), (1, 3)]
            self.owns = self.builds
        else:
            self.owns = [(seat,) for seat in range(players)]
            self.builds = [(s, 3) for s in range(3)] if players == 3 else self.owns
        # cell -> (edifice number, shape, colour); the cathedral is edifice -1, colour -1
        self.grid: dict[tuple[int, int], tuple[int, int, int]] = {
            (0, 0): (-1, HOUSE, -1),
            (1, 0): (-1, TOWER, -1),
        }
        self.edifices: list[tuple[list[tuple[int, int]], int, int, int]] = []
        self.cardinal: tuple[int, int] | None = None
        self.left = [[2, 2, 2] for _ in COLOURS]
        self.supply = [12, 12, 12, 12]
        self.aside = [0, 0, 0, 0]
        self.chips = [[0, 0, 0, 0] for _ in range(players)]
        self.phase = "build"
        self.to_move = 0
        self.actions: list[int] = []
        self.next_turn(players - 1)

    # --- the rules ---------------------------------------------------------------------------

    def sites(self) -> set[tuple[int, int]]:
        """Empty cells next to an edifice or the cathedral."""
        return {n for cell in self.grid for n in around(*cell) if n not in self.grid}

    def fits(self, cells: list[tuple[int, int]], shape: int, colour: int) -> bool:
        if any(c in self.grid or c == self.cardinal for c in cells):
            return False
        if not all(LOW <= x <= HIGH and LOW <= y <= HIGH for x, y in cells):
            return False
        touching = [self.grid[n] for c in cells for n in around(*c) if n in self.grid]
        if not touching:
            return False
        for _, other_shape, other_colour in touching:
            if other_shape == shape and (shape != YARD or self.rule_iv_for_yards):
                return False  # rule IV
            if other_colour == colour:
                return False  # rule V
        # rules II and III: towers and yards touch a house
        return shape == HOUSE or any(s == HOUSE for _, s, _ in touching)

    def builds_of(self, seat: int) -> list[int]:
        previous = self.edifices[-1] if self.edifices else None
        sites = self.sites()
        found = set()
        for colour in self.builds[seat]:
            if previous and previous[2] == colour:
                continue  # rule VII
            for shape in (HOUSE, TOWER, YARD):
                if self.left[colour][shape] == 0 or (previous and previous[1] == shape):
                    continue  # rule VI
                if shape != YARD:
                    for x, y in sites:
                        if self.fits([(x, y)], shape, colour):
                            found.add((shape * 4 + colour) * 4900 + cell_id(x, y))
                    continue
                for kind, (dx, dy) in STEPS.items():
                    anchors = sites | {(x - dx, y - dy) for x, y in sites}
                    for x, y in anchors:
                        if self.fits([(x, y), (x + dx, y + dy)], YARD, colour):
                            found.add((kind * 4 + colour) * 4900 + cell_id(x, y))
        return sorted(found)

    def take(self, seat: int, built: int, colours: list[int]) -> None:
        target = self.aside if self.players == 3 and built == 3 else self.chips[seat]
        for colour in colours:
            if self.supply[colour] > 0:
                self.supply[colour] -= 1
                target[colour] += 1

    def next_turn(self, builder: int) -> None:
        for step in range(1, self.players + 1):
            seat = (builder + step) % self.players
            if self.builds_of(seat):
                self.to_move, self.phase = seat, "build"
                return
        for colour in range(4):
            owner = [s for s in range(self.players) if colour in self.owns[s]]
            target = self.chips[owner[0]] if owner else self.aside
            target[colour] += self.supply[colour]
            self.supply[colour] = 0
        self.phase, self.to_move = "end", TERMINAL

    # --- the protocol ------------------------------------------------------------------------

    def current_player(self) -> int:
        return self.to_move

    def is_chance_node(self) -> bool:
        return False  # Kardinal has no chance

    def is_terminal(self) -> bool:
        return self.phase == "end"

    def legal_actions(self) -> list[int]:
        if self.phase == "build":
            return self.builds_of(self.to_move)
        if self.phase == "chip":
            return [CHIP + c for c in range(4) if self.supply[c] > 0]
        if self.phase == "cardinal":
            moves = sorted(CARDINAL + cell_id(*c) for c in self.sites() if c != self.cardinal)
            return moves + ([STAY] if self.cardinal is not None else [])
        return []

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action}")
        seat = self.to_move
        if action < CHIP:
            piece, cell = divmod(action, 4900)
            kind, colour = divmod(piece, 4)
            x, y = cell_xy(cell)
            dx, dy = STEPS.get(kind, (0, 0))
            cells = [(x, y)] if kind < 2 else [(x, y), (x + dx, y + dy)]
            shape = min(kind, YARD)
            touched = {self.grid[n][0] for c in cells for n in around(*c) if n in self.grid}
            touched.discard(-1)
            for c in cells:
                self.grid[c] = (len(self.edifices), shape, colour)
            self.edifices.append((cells, shape, colour, seat))
            self.left[colour][shape] -= 1
            self.take(seat, colour, [self.edifices[i][2] for i in sorted(touched)])
            self.phase = "chip" if len(self.edifices) == 1 else "cardinal"
        elif action < CARDINAL:
            self.take(seat, self.edifices[-1][2], [action - CHIP])
            self.phase = "cardinal"
        else:
            if action != STAY:
                self.cardinal = cell_xy(action - CARDINAL)
            self.next_turn(seat)
        self.actions.append(action)

    def action_to_string(self, action: int) -> str:
        if action < CHIP:
            piece, cell = divmod(action, 4900)
            kind, colour = divmod(piece, 4)
            x, y = cell_xy(cell)
            if kind < 2:
                return f"build {SHAPES[kind]} {COLOURS[colour]} {x},{y}"
            return f"build yard {COLOURS[colour]} {x},{y} {'h' if kind == 2 else 'v'}"
        if action < CARDINAL:
            return f"chip {COLOURS[action - CHIP]}"
        if action == STAY:
            return "cardinal stay"
        x, y = cell_xy(action - CARDINAL)
        return f"cardinal {x},{y}"

    def string_to_action(self, text: str) -> int:
        number = r"(0|-?[1-9][0-9]*)"
        colour = "(red|green|blue|yellow)"
        if m := re.fullmatch(rf"build (house|tower) {colour} {number},{number}", text):
            piece = SHAPES.index(m[1]) * 4 + COLOURS.index(m[2])
            return piece * 4900 + cell_id(int(m[3]), int(m[4]))
        if m := re.fullmatch(rf"build yard {colour} {number},{number} (h|v)", text):
            piece = (2 if m[4] == "h" else 3) * 4 + COLOURS.index(m[1])
            return piece * 4900 + cell_id(int(m[2]), int(m[3]))
        if m := re.fullmatch(f"chip {colour}", text):
            return CHIP + COLOURS.index(m[1])
        if text == "cardinal stay":
            return STAY
        if m := re.fullmatch(rf"cardinal {number},{number}", text):
            return CARDINAL + cell_id(int(m[1]), int(m[2]))
        raise ValueError(f"not a Kardinal action: {text!r}")

    def scores(self) -> list[int]:
        return [sum(held) + max(held) for held in self.chips]

    def winners(self) -> list[int]:
        if self.phase != "end":
            return []
        scores = self.scores()
        tied = [s for s in range(self.players) if scores[s] == max(scores)]
        near = [0] * self.players
        for cells, _, _, seat in self.edifices:
            if any(n in ((0, 0), (1, 0)) for c in cells for n in around(*c)):
                near[seat] += 1
        most = max(near[s] for s in tied)
        return [s for s in tied if near[s] == most]

    def returns(self) -> list[float]:
        won = self.winners()
        return [1 / len(won) if s in won else 0.0 for s in range(self.players)]

    def history(self) -> list[int]:
        return list(self.actions)

    def clone(self) -> ToyState:
        other = ToyState.__new__(ToyState)
        other.__dict__.update(self.__dict__)
        other.grid = dict(self.grid)
        other.edifices = list(self.edifices)
        other.left = [list(row) for row in self.left]
        other.supply, other.aside = list(self.supply), list(self.aside)
        other.chips = [list(row) for row in self.chips]
        other.actions = list(self.actions)
        return other

    def to_json(self) -> str:
        document: dict[str, Any] = {
            "aside": self.aside,
            "cardinal": list(self.cardinal) if self.cardinal else [],
            "chips": self.chips,
            "edifices": [
                {
                    "cells": [list(c) for c in cells],
                    "colour": COLOURS[colour],
                    "seat": seat,
                    "shape": SHAPES[shape],
                }
                for cells, shape, colour, seat in self.edifices
            ],
            "game": "kardinal",
            "history": self.actions,
            "left": self.left,
            "phase": self.phase,
            "players": self.players,
            "supply": self.supply,
            "to_move": self.to_move,
            "version": 1,
        }
        return json.dumps(document, sort_keys=True, separators=(",", ":"))
