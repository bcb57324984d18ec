"""Kardinal (Wolfgang Panning, Holzinsel, 2000): the pure-Python reference engine.

Written from the rulebook (``shared/rules/kardinal.md``) and the spec
(``docs/games/kardinal.md``) alone, so that it can be diffed move by move against the Rust
engine. Each rule is named after the rulebook: search for "rule I" .. "rule VII",
"Action 1", "Action 2: Scoring", "Action 3: Moving the Cardinal" and "End of the Game".

>>> game = KardinalGame(players=2)
>>> state = game.new_initial_state()
>>> state.action_to_string(state.legal_actions()[0])  # (0,-1) would touch the nave: rule IV
'build house red 1,-1'
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from boardcore.api import TERMINAL
from boardcore.errors import DataError, ParameterError
from boardcore.reference._data import check_fields, data_int, read_toml
from boardcore.reference._game import ReferenceGame, ReferenceState
from boardcore.reference._json import saved_enum
from boardcore.reference._kardinal_actions import (
    BUILD_END,
    CARDINAL_BASE,
    CARDINAL_STAY,
    CATHEDRAL,
    CHIP_BASE,
    CLOCK,
    COLOUR_LETTERS,
    COLOURS,
    FOURTH,
    HIGH,
    HOUSE,
    KIND_SHAPE,
    KIND_YARD_H,
    KIND_YARD_V,
    LOW,
    NAVE,
    NO_COLOUR,
    NUM_ACTIONS,
    NUM_CELLS,
    SHAPE_LETTERS,
    SHAPES,
    SIDE,
    TOWER,
    YARD,
    action_text,
    build_action,
    cell_index,
    cell_xy,
    neighbours,
    parse_action,
    xy_text,
    yard_cells,
)
from boardcore.reference._params import int_param

__all__ = ["KardinalGame", "KardinalState"]

NAME: Final = "kardinal"
VERSION: Final = 1

# ---------------------------------------------------------------------------------------------
# Phases and the reasons a placement breaks the building rules (cells, pieces, action ids and
# their notation: _kardinal_actions).

PHASES: Final = saved_enum(NAME, "phase")  # the saved format's, in the spec's order
PHASE_DOING: Final = {
    "build": "to build",
    "chip": "to choose a chip",
    "cardinal": "to move the cardinal",
}

NUM_PLANES: Final = 9
TENSOR_SIZE: Final = NUM_PLANES * NUM_CELLS + 46  # 44146

# Reasons a placement breaks the building rules; formatted into messages only on demand.
OCCUPIED: Final = "occupied"
RULE_I: Final = "I"
NOT_ADJACENT: Final = "adjacent"
RULE_II_III: Final = "II/III"
RULE_IV: Final = "IV"
RULE_V: Final = "V"


# ---------------------------------------------------------------------------------------------
# Component data.

_TABLES: Final = {
    "edifices": ("house", "tower", "yard", "provenance"),
    "chips": ("per_colour", "provenance"),
}


def load_data(path: Path) -> tuple[tuple[int, int, int], int]:
    """Read and validate a component file: (houses, towers, yards) per colour, chips per colour."""
    name, doc = read_toml(path, NAME, ("game", *_TABLES))
    for table, fields in _TABLES.items():
        if not isinstance(doc.get(table), dict):
            raise DataError(f"{name}: [{table}]: missing table (fields: {', '.join(fields)})")
        check_fields(name, f"[{table}]", doc[table], fields)
    edifices, chips = doc["edifices"], doc["chips"]
    pieces = (
        data_int(name, "[edifices]", "house", edifices["house"], 0, 2),
        data_int(name, "[edifices]", "tower", edifices["tower"], 0, 2),
        data_int(name, "[edifices]", "yard", edifices["yard"], 0, 2),
    )
    if sum(pieces) == 0:
        raise DataError(f"{name}: [edifices] needs at least one house, tower or yard per colour")
    per_colour = data_int(name, "[chips]", "per_colour", chips["per_colour"], 1, 255)
    return pieces, per_colour


# ---------------------------------------------------------------------------------------------
# The game.


@dataclass(frozen=True)
class _Rules:
    """What a game's parameters fix, shared by all its states."""

    players: int
    pieces: tuple[int, int, int]  # houses, towers, yards per colour
    per_colour: int  # chips per colour
    builds: tuple[tuple[int, ...], ...]  # per seat: the colours it may build
    owns: tuple[tuple[int, ...], ...]  # per seat: the colours it owns (scored at the end)
    owner: tuple[int | None, ...]  # per colour: the seat owning it, None for the 4th colour
    num_actions: int = NUM_ACTIONS


def _make_rules(players: int, pieces: tuple[int, int, int], per_colour: int) -> _Rules:
    if players == 4:  # seat i owns colour i
        owns: tuple[tuple[int, ...], ...] = tuple((s,) for s in range(4))
        builds = owns
    elif players == 3:  # the fourth colour, yellow, may be used by each player
        owns = tuple((s,) for s in range(3))
        builds = tuple((s, FOURTH) for s in range(3))
    else:  # two players: seat 0 red and blue, seat 1 green and yellow
        owns = ((0, 2), (1, 3))
        builds = owns
    owner: list[int | None] = [None] * 4
    for seat, colours in enumerate(owns):
        for colour in colours:
            owner[colour] = seat
    return _Rules(players, pieces, per_colour, builds, owns, tuple(owner))


class KardinalGame(ReferenceGame["KardinalState", _Rules], name=NAME, version=VERSION):
    """Kardinal for 2, 3 or 4 players (``players``), optionally with other component data."""

    def __init__(self, players: int = 4, data: str | os.PathLike[str] | None = None) -> None:
        players = int_param(players, "players")
        path = self._data_file(data)
        if players not in (2, 3, 4):
            raise ParameterError(f"kardinal is for 2, 3 or 4 players, not {players!r}")
        pieces, per_colour = load_data(path)
        self._rules = _make_rules(players, pieces, per_colour)

    def _params(self) -> dict[str, Any]:
        return {"players": self._rules.players}

    def new_initial_state(self) -> KardinalState:
        return KardinalState(self._rules)


# ---------------------------------------------------------------------------------------------
# The state.


@dataclass(frozen=True)
class _Edifice:
    cells: tuple[int, ...]  # a yard's given cell first
    shape: int
    colour: int
    seat: int  # who built it


class KardinalState(ReferenceState[_Rules]):
    """A Kardinal position: the castle, the cardinal, the chips, and whose decision it is."""

    def __init__(self, rules: _Rules) -> None:
        self._rules = rules
        self._edifices: list[_Edifice] = []
        # cell -> (edifice index or CATHEDRAL, shape, colour or NO_COLOUR)
        self._grid: dict[int, tuple[int, int, int]] = {
            NAVE: (CATHEDRAL, HOUSE, NO_COLOUR),  # the nave is dealt with just like a house
            CLOCK: (CATHEDRAL, TOWER, NO_COLOUR),  # the clock-tower just like the towers
        }
        # The sites: empty cells adjacent to the cathedral or an edifice (six at the start).
        self._frontier: set[int] = set()
        for cell in (NAVE, CLOCK):
            self._frontier.update(n for n in neighbours(cell) if n not in self._grid)
        self._cardinal: int | None = None  # at hand, off the table, until the first turn
        self._left = [list(rules.pieces) for _ in COLOURS]
        self._supply = [rules.per_colour] * 4
        self._aside = [0] * 4
        self._chips = [[0] * 4 for _ in range(rules.players)]
        self._phase = "build"
        self._to_move = 0
        self._history: list[int] = []
        self._legal: list[int] | None = None
        # Seat 0 starts; with data leaving no edifice at all, nobody can build: game over.
        self._next_turn(rules.players - 1)

    # --- interface ---------------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self._phase == "end" else self._to_move

    def _compute_legal(self) -> list[int]:
        if self._phase == "build":
            # If you are able to build an edifice, you must do so: no pass action.
            return sorted(self._builds(self._to_move))
        if self._phase == "chip":
            # (boardcore) only colours whose supply is not empty are offered
            return [CHIP_BASE + c for c in range(4) if self._supply[c] > 0]
        if self._phase == "cardinal":
            return self._cardinal_moves()
        return []

    def _illegal(self, action: int) -> str | None:
        # the rules say why directly, without generating every build
        return self._out_of_play(action) or self._problem(action)

    def _apply(self, action: int) -> None:
        seat = self._to_move
        if action < BUILD_END:
            piece, cell = divmod(action, NUM_CELLS)
            kind, colour = divmod(piece, 4)
            self._build(seat, kind, colour, cell)
            # the first player cannot score when building his first edifice: he may choose
            self._phase = "chip" if len(self._edifices) == 1 else "cardinal"
        elif action < CARDINAL_BASE:
            self._take_chips(seat, self._edifices[-1].colour, [action - CHIP_BASE])
            self._phase = "cardinal"
        else:
            if action != CARDINAL_STAY:
                self._cardinal = action - CARDINAL_BASE
            self._next_turn(seat)

    def _action_text(self, action: int) -> str:
        return action_text(action)

    def _parse_action(self, text: str) -> int:
        return parse_action(text)

    def scores(self) -> list[int]:
        """Double the chips of one colour and add the other chips (so far, or final)."""
        return [sum(held) + max(held) for held in self._chips]

    def winners(self) -> list[int]:
        """End of the Game: highest total; tie -> more edifices adjacent to the cathedral."""
        if self._phase != "end":
            return []
        scores = self.scores()
        best = max(scores)
        tied = [seat for seat, score in enumerate(scores) if score == best]
        if len(tied) == 1:
            return tied
        near = self._cathedral_neighbours()
        most = max(near[seat] for seat in tied)
        # If there is a tie there, too, all the players in it win the game.
        return [seat for seat in tied if near[seat] == most]

    def observation_tensor(self, player: int) -> npt.NDArray[np.float32]:
        """Kardinal hides nothing: the whole position, with the observer's seat listed first."""
        player = self._check_player(player)
        n = self._rules.players
        tensor = np.zeros(TENSOR_SIZE, dtype=np.float32)
        for cell, (index, shape, colour) in self._grid.items():
            if index == CATHEDRAL:
                tensor[7 * NUM_CELLS + cell] = 1.0
            else:
                tensor[colour * NUM_CELLS + cell] = 1.0
            tensor[(4 + shape) * NUM_CELLS + cell] = 1.0
        if self._cardinal is not None:
            tensor[8 * NUM_CELLS + self._cardinal] = 1.0
        values: list[int] = list(self._supply)
        for counts in self._left:
            values.extend(counts)
        for offset in range(4):
            values.extend(self._chips[(player + offset) % n] if offset < n else [0] * 4)
        previous = [0] * 7
        if self._edifices:
            previous[self._edifices[-1].shape] = 1
            previous[3 + self._edifices[-1].colour] = 1
        values.extend(previous)
        phase = [0] * 3
        seat = [0] * 4
        if self._phase != "end":
            phase[PHASES.index(self._phase)] = 1
            seat[(self._to_move - player) % n] = 1
        values.extend(phase)
        values.extend(seat)
        tensor[NUM_PLANES * NUM_CELLS :] = values
        return tensor

    def _render(self, observer: int | None) -> str:
        cells = [NAVE, CLOCK, *self._grid]
        if self._cardinal is not None:
            cells.append(self._cardinal)
        xs = [cell_xy(c)[0] for c in cells]
        ys = [cell_xy(c)[1] for c in cells]
        columns = range(min(xs) - 1, max(xs) + 2)
        # Columns are as wide as their widest label (-10 needs three characters).
        width = max(2, *(len(str(x)) for x in columns))
        lines = ["    " + " ".join(f"{x:>{width}}" for x in columns)]
        for y in range(max(ys) + 1, min(ys) - 2, -1):
            row = " ".join(f"{self._cell_text(cell_index(x, y)):>{width}}" for x in columns)
            lines.append(f"{y:>3} {row}")
        scores = self.scores()
        for seat, held in enumerate(self._chips):
            chips = " ".join(f"{COLOUR_LETTERS[c]}{held[c]}" for c in range(4))
            left = ", ".join(self._left_text(c) for c in self._rules.owns[seat])
            lines.append(f"seat {seat}: chips {chips}, score {scores[seat]}, left {left}")
        supply = " ".join(f"{COLOUR_LETTERS[c]}{self._supply[c]}" for c in range(4))
        line = f"supply {supply}"
        if self._rules.players == 3:
            line += f"; shared {self._left_text(FOURTH)}"
        if self._edifices:
            last = self._edifices[-1]
            line += f"; previous {COLOURS[last.colour]} {SHAPES[last.shape]}"
        else:
            line += "; previous none"
        lines.append(line)
        if self._phase == "end":
            lines.append("game over: winners " + " ".join(str(s) for s in self.winners()))
        else:
            lines.append(f"seat {self._to_move} {PHASE_DOING[self._phase]}")
        if observer is not None:
            lines.append(f"observer: seat {observer}")
        return "\n".join(lines)

    def _progress(self) -> str:
        return "over" if self._phase == "end" else f"seat {self._to_move} {self._phase}"

    # --- Action 1: Building an Edifice --------------------------------------------------------

    def _placement_conflict(
        self, cells: tuple[int, ...], shape: int, colour: int
    ) -> tuple[str, int] | None:
        """Which placement rule a piece on ``cells`` breaks (and the cell at fault), if any."""
        # Checked in this order in both engines, so that both name the same rule.
        grid = self._grid
        for cell in cells:
            if cell in grid:
                return OCCUPIED, cell
        # rule I: no edifice may be built on a site the cardinal stays upon
        if self._cardinal in cells:
            return RULE_I, self._cardinal
        around = [(near, grid[near]) for cell in cells for near in neighbours(cell) if near in grid]
        # Action 1: a new edifice must be built adjacent to the cathedral or another building
        if not around:
            return NOT_ADJACENT, cells[0]
        # rule II / rule III: towers and yards must be built adjacent to at least one house
        if shape != HOUSE and all(occupant[1] != HOUSE for _, occupant in around):
            return RULE_II_III, cells[0]
        # rule IV: no edifices similar in shape may be built on adjacent sites
        # (the nave counts as a house, the clock-tower as a tower)
        for near, occupant in around:
            if occupant[1] == shape:
                return RULE_IV, near
        # rule V: no edifices similar in colour may be built on adjacent sites
        for near, occupant in around:
            if occupant[2] == colour:
                return RULE_V, near
        return None

    def _builds(self, seat: int) -> Iterator[int]:
        """Every legal build of ``seat`` (unordered), looking only at the sites."""
        previous = self._edifices[-1] if self._edifices else None
        # rule I: no edifice may be built on a site the cardinal stays upon
        sites = [cell for cell in self._frontier if cell != self._cardinal]
        for colour in self._rules.builds[seat]:
            # rule VII: no edifices similar in colour may be built one after the other
            if previous is not None and previous.colour == colour:
                continue
            left = self._left[colour]
            for shape in (HOUSE, TOWER, YARD):
                # rule VI: no edifices similar in shape may be built one directly after the other
                if left[shape] == 0 or (previous is not None and previous.shape == shape):
                    continue
                if shape != YARD:
                    base = build_action(shape, colour, 0)
                    for cell in sites:
                        if self._placement_conflict((cell,), shape, colour) is None:
                            yield base + cell
                    continue
                for kind, step in ((KIND_YARD_H, 1), (KIND_YARD_V, SIDE)):
                    base = build_action(kind, colour, 0)
                    # a yard touching the castle has a cell on a site: the site or the one before
                    anchors = {cell for cell in sites} | {cell - step for cell in sites}
                    for anchor in anchors:
                        cells = yard_cells(anchor, kind)
                        if (
                            cells is not None
                            and self._placement_conflict(cells, YARD, colour) is None
                        ):
                            yield base + anchor

    def _can_build(self, seat: int) -> bool:
        return next(self._builds(seat), None) is not None

    def _build_problem(self, seat: int, kind: int, colour: int, cell: int) -> str | None:
        """Why ``seat`` may not build this piece now, or None."""
        rules = self._rules
        shape = KIND_SHAPE[kind]
        if colour not in rules.builds[seat]:
            allowed = " or ".join(COLOURS[c] for c in rules.builds[seat])
            extra = " (yellow is the fourth colour)" if rules.players == 3 else ""
            return f"seat {seat} may not build {COLOURS[colour]}: it builds {allowed}{extra}"
        if self._left[colour][shape] == 0:
            pool = "in the shared pool" if rules.owner[colour] is None else f"for seat {seat}"
            return f"no {COLOURS[colour]} {SHAPES[shape]}s are left {pool}"
        previous = self._edifices[-1] if self._edifices else None
        if previous is not None:
            last = f"{COLOURS[previous.colour]} {SHAPES[previous.shape]}"
            before = f"the previous edifice was a {last}"
            if previous.shape == shape:
                return (
                    "rule VI: no edifices similar in shape may be built one directly after "
                    f"the other ({before})"
                )
            if previous.colour == colour:
                return (
                    "rule VII: no edifices similar in colour may be built one after the other "
                    f"({before})"
                )
        cells: tuple[int, ...] | None = (cell,) if shape != YARD else yard_cells(cell, kind)
        if cells is None:
            return f"the yard would leave the playing area ({LOW}..{HIGH} in x and y)"
        conflict = self._placement_conflict(cells, shape, colour)
        if conflict is None:
            return None
        reason, at = conflict
        name = SHAPES[shape]
        if reason == OCCUPIED:
            return f"cell {xy_text(at)} is already built on ({self._occupant_text(at)})"
        if reason == RULE_I:
            return (
                f"rule I: no edifice may be built on a site the cardinal stays upon ({xy_text(at)})"
            )
        if reason == NOT_ADJACENT:
            return (
                "Action 1: a new edifice must be built adjacent to the cathedral or another "
                "building already existing"
            )
        if reason == RULE_II_III:
            number = "II" if shape == TOWER else "III"
            return (
                f"rule {number}: {name}s must be built adjacent to at least one house "
                "(the cathedral's nave counts as a house)"
            )
        if reason == RULE_IV:
            return (
                f"rule IV: a {name} may not touch another {name}: no edifices similar in shape "
                f"on adjacent sites ({self._occupant_text(at)})"
            )
        return (
            f"rule V: a {COLOURS[colour]} edifice may not touch another {COLOURS[colour]} "
            f"edifice: no edifices similar in colour on adjacent sites "
            f"({self._occupant_text(at)})"
        )

    def _build(self, seat: int, kind: int, colour: int, anchor: int) -> None:
        shape = KIND_SHAPE[kind]
        cells = (anchor,) if shape != YARD else yard_cells(anchor, kind)
        assert cells is not None  # checked by _build_problem
        touched = sorted(
            {
                occupant[0]
                for cell in cells
                for near in neighbours(cell)
                if (occupant := self._grid.get(near)) is not None and occupant[0] != CATHEDRAL
            }
        )
        index = len(self._edifices)
        self._edifices.append(_Edifice(cells, shape, colour, seat))
        self._left[colour][shape] -= 1
        for cell in cells:
            self._grid[cell] = (index, shape, colour)
            self._frontier.discard(cell)
        for cell in cells:
            self._frontier.update(n for n in neighbours(cell) if n not in self._grid)
        # Action 2: Scoring - one chip for every building the edifice touches (no score for
        # touching the cathedral), of that building's colour.
        self._take_chips(seat, colour, [self._edifices[i].colour for i in touched])

    def _take_chips(self, seat: int, built: int, colours: list[int]) -> None:
        """Move chips from the supply to the seat, while each colour's supply lasts.

        Three players: scoring chips gained by playing the fourth colour are put aside.
        """
        aside = self._rules.players == 3 and built == FOURTH
        target = self._aside if aside else self._chips[seat]
        for colour in colours:
            if self._supply[colour] > 0:
                self._supply[colour] -= 1
                target[colour] += 1

    # --- Action 3: Moving the Cardinal --------------------------------------------------------

    def _cardinal_moves(self) -> list[int]:
        # on a site adjacent to an existing building (the cathedral included)
        moves = sorted(CARDINAL_BASE + c for c in self._frontier if c != self._cardinal)
        if self._cardinal is not None:  # the first player must bring the cardinal into the game
            moves.append(CARDINAL_STAY)
        return moves

    def _cardinal_problem(self, action: int) -> str | None:
        if action == CARDINAL_STAY:
            if self._cardinal is None:
                return (
                    "Action 3: the first player must bring the cardinal into the game "
                    "('cardinal stay' is not allowed yet)"
                )
            return None
        cell = action - CARDINAL_BASE
        if cell == self._cardinal:
            return f"the cardinal already stands on {xy_text(cell)} (use 'cardinal stay')"
        if cell in self._grid:
            return f"cell {xy_text(cell)} is built on ({self._occupant_text(cell)})"
        if cell not in self._frontier:
            return (
                "Action 3: the cardinal must be placed on a site adjacent to an existing "
                "building or the cathedral"
            )
        return None

    # --- turn order and End of the Game -------------------------------------------------------

    def _problem(self, action: int) -> str | None:
        """Why ``action`` (an id in range, the game not over) is illegal now, or None when it
        is legal."""
        wanted = "build" if action < BUILD_END else "chip" if action < CARDINAL_BASE else "cardinal"
        if wanted != self._phase:
            now = f"seat {self._to_move} is {PHASE_DOING[self._phase]}"
            if wanted == "chip":
                return f"{now}; a chip is chosen only after the first build of the game"
            return f"{now}, not {PHASE_DOING[wanted]}"
        if wanted == "build":
            piece, cell = divmod(action, NUM_CELLS)
            kind, colour = divmod(piece, 4)
            return self._build_problem(self._to_move, kind, colour, cell)
        if wanted == "chip":
            colour = action - CHIP_BASE
            if self._supply[colour] == 0:
                return f"the {COLOURS[colour]} supply is empty"
            return None
        return self._cardinal_problem(action)

    def _next_turn(self, builder: int) -> None:
        """(boardcore) Give the turn to the first seat after ``builder`` (``builder`` itself
        last) that has a legal build.

        A seat that cannot build misses a turn, as does one that has built all its edifices
        ("he misses turns till the end of the game"); the game ends as soon as no player can
        build any more edifice.
        """
        n = self._rules.players
        for step in range(1, n + 1):
            seat = (builder + step) % n
            if self._can_build(seat):
                self._to_move = seat
                self._phase = "build"
                return
        self._end_game()

    def _end_game(self) -> None:
        """End of the Game: each player takes the remaining scoring chips of his or her colour;
        three players: remaining chips of the fourth colour are put aside."""
        for colour, seat in enumerate(self._rules.owner):
            target = self._aside if seat is None else self._chips[seat]
            target[colour] += self._supply[colour]
            self._supply[colour] = 0
        self._phase = "end"
        self._to_move = TERMINAL

    def _cathedral_neighbours(self) -> list[int]:
        """Per seat, the edifices it built (any colour) adjacent to the cathedral."""
        count = [0] * self._rules.players
        for edifice in self._edifices:
            if any(n in (NAVE, CLOCK) for cell in edifice.cells for n in neighbours(cell)):
                count[edifice.seat] += 1
        return count

    # --- helpers ------------------------------------------------------------------------------

    def _occupant_text(self, cell: int) -> str:
        index, shape, colour = self._grid[cell]
        if index == CATHEDRAL:
            part = "nave" if shape == HOUSE else "clock-tower"
            return f"the cathedral's {part} at {xy_text(cell)}"
        return f"the {COLOURS[colour]} {SHAPES[shape]} at {xy_text(cell)}"

    def _cell_text(self, cell: int) -> str:
        occupant = self._grid.get(cell)
        if occupant is not None:
            index, shape, colour = occupant
            letter = "c" if index == CATHEDRAL else COLOUR_LETTERS[colour]
            return letter + SHAPE_LETTERS[shape]
        return "KK" if cell == self._cardinal else " ."

    def _left_text(self, colour: int) -> str:
        houses, towers, yards = self._left[colour]
        return f"{COLOURS[colour]} H{houses} T{towers} Y{yards}"

    def _json_object(self) -> dict[str, Any]:
        return {
            "aside": list(self._aside),
            "cardinal": [] if self._cardinal is None else list(cell_xy(self._cardinal)),
            "chips": [list(held) for held in self._chips],
            "edifices": [
                {
                    "cells": [list(cell_xy(c)) for c in e.cells],
                    "colour": COLOURS[e.colour],
                    "seat": e.seat,
                    "shape": SHAPES[e.shape],
                }
                for e in self._edifices
            ],
            "game": NAME,
            "history": list(self._history),
            "left": [list(counts) for counts in self._left],
            "phase": self._phase,
            "players": self._rules.players,
            "supply": list(self._supply),
            "to_move": TERMINAL if self._phase == "end" else self._to_move,
            "version": VERSION,
        }
