"""The Prestel New York Architecture Game (Prestel): the pure-Python reference engine.

Written from the rulebook (``shared/rules/prestel-new-york.md``) and the spec
(``docs/games/prestel_new_york.md``) alone, so that it can be diffed move by move against the
Rust engine. Rulebook rules are named by number ("rule 13", "rule 15" ...); the spec's
*(boardcore)* rulings by their section ("Setup 2", "Round order 5", "The search race",
"Building and chips", "End", "Memory").

>>> game = PrestelNewYorkGame(players=3)
>>> state = game.new_initial_state()
>>> state.current_player(), state.action_to_string(state.chance_outcomes()[0][0])
(-1, 'reveal empire-state')
>>> game.num_distinct_actions
557
"""

from __future__ import annotations

import bisect
import math
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from boardcore._args import debug as _debug
from boardcore.api import CHANCE, TERMINAL
from boardcore.errors import DataError, NotationError, ParameterError
from boardcore.reference._data import (
    SLUG,
    check_fields,
    data_int,
    data_slug,
    data_text,
    entry_list,
    read_toml,
)
from boardcore.reference._game import (
    ReferenceGame,
    ReferenceState,
)
from boardcore.reference._json import named_id, saved_enum
from boardcore.reference._params import int_param, per_seat, str_param

__all__ = ["PrestelNewYorkGame", "PrestelNewYorkState"]

NAME: Final = "prestel_new_york"
VERSION: Final = 1

NUM_STACKS: Final = 5  # stacks A..E, named by their symbol cards
NUM_SLOTS: Final = 4  # four commissions lie on the table (rule 2, rule 18)
NUM_STONES: Final = 5  # starting stones 1..5
HAND_AFTER_TAKE: Final = 3  # rule 14: "each player now has three building parts in hand"
STACK_LETTERS: Final = "ABCDE"
NONE: Final = -1  # no commission, no builder, no stack

PHASES: Final = saved_enum(NAME, "phase")  # the saved format's, in the spec's order
SETUP_REVEALS: Final = 5  # Setup 1: slots 1..4, then the deck's top

MAX_ROUNDS_LIMIT: Final = 100_000
MAX_SPEED: Final = 100

# Action kinds (the ranges of the action encoding).
STACK: Final = 0
LOOK: Final = 1
TAKE: Final = 2
STONE: Final = 3
BUILD: Final = 4
SLIDE: Final = 5
DEAL: Final = 6
REVEAL: Final = 7
DRAW: Final = 8
FINISH: Final = 9
KIND_DOING: Final = {
    STACK: "to choose a stack",
    LOOK: "to search a stack",
    TAKE: "to search a stack",
    STONE: "to choose a stone",
    BUILD: "to build or slide",
    SLIDE: "to build or slide",
}
PHASE_DOING: Final = {
    "stack": "to choose a stack",
    "search": "to search",
    "stone": "to choose a stone",
    "build": "to build or slide",
}


# ---------------------------------------------------------------------------------------------
# Component data ("Component data" in the spec).

_TOP_KEYS: Final = ("game", "rules", "symbol", "commission")
_RULES_FIELDS: Final = ("win_chips", "provenance")
_SYMBOL_FIELDS: Final = ("name", "provenance")
_COMMISSION_FIELDS: Final = ("slug", "name", "parts", "provenance")
MIN_COMMISSIONS: Final = 8
MAX_COMMISSIONS: Final = 32
MAX_PARTS: Final = 96


@dataclass(frozen=True)
class _Data:
    """A validated component file. Commission ids in file order, part ids through them."""

    win_chips: int
    symbols: tuple[str, ...]
    slugs: tuple[str, ...]  # per commission
    names: tuple[str, ...]  # per commission
    parts: tuple[tuple[int, ...], ...]  # per commission: its part ids, in data order
    part_names: tuple[str, ...]  # per part: "<commission slug>/<part name>"
    part_commission: tuple[int, ...]  # per part: its commission


def load_data(path: Path) -> _Data:
    """Read and validate a component file (the schema of the spec's "Component data")."""
    name, doc = read_toml(path, NAME, _TOP_KEYS)
    # [rules]: the 13-chip goal of rule 20.
    rules = check_fields(name, "[rules]", doc.get("rules"), _RULES_FIELDS)
    win_chips = data_int(name, "[rules]", "win_chips", rules["win_chips"], 1, 99)
    # [[symbol]]: exactly five symbol cards, one per stack.
    symbols: list[str] = []
    for index, entry in enumerate(entry_list(name, doc, "symbol", NUM_STACKS, NUM_STACKS)):
        where = f"[[symbol]] entry {index + 1}"
        fields = check_fields(name, where, entry, _SYMBOL_FIELDS)
        symbols.append(data_text(name, where, "name", fields["name"]))
    # [[commission]]: 8 to 32 commissions of 2 or 3 parts, at most 96 parts.
    slugs: list[str] = []
    names: list[str] = []
    parts: list[tuple[int, ...]] = []
    part_names: list[str] = []
    part_commission: list[int] = []
    entries = entry_list(name, doc, "commission", MIN_COMMISSIONS, MAX_COMMISSIONS)
    for index, entry in enumerate(entries):
        where = f"[[commission]] entry {index + 1}"
        if isinstance(entry, dict) and isinstance(entry.get("slug"), str):
            where += f" ({entry['slug']})"
        fields = check_fields(name, where, entry, _COMMISSION_FIELDS)
        slug = data_slug(name, where, fields["slug"])
        if slug in slugs:
            raise DataError(f"{name}: {where} field 'slug': {slug!r} is used twice")
        data_text(name, where, "name", fields["name"])
        own = fields["parts"]
        if not isinstance(own, list) or len(own) not in (2, 3):
            raise DataError(
                f"{name}: {where} field 'parts': expected a list of 2 or 3 part names, got {own!r}"
            )
        for part in own:
            if not isinstance(part, str) or not SLUG.fullmatch(part):
                raise DataError(
                    f"{name}: {where} field 'parts': part names are lower-case letters, digits "
                    f"and '-', starting with a letter, got {part!r}"
                )
        if len(set(own)) != len(own):
            raise DataError(f"{name}: {where} field 'parts': a part name is used twice: {own!r}")
        first = len(part_names)
        if first + len(own) > MAX_PARTS:
            raise DataError(
                f"{name}: {where} field 'parts': more than {MAX_PARTS} parts in all "
                f"({first + len(own)} so far)"
            )
        slugs.append(slug)
        names.append(fields["name"])
        parts.append(tuple(range(first, first + len(own))))
        part_names.extend(f"{slug}/{part}" for part in own)
        part_commission.extend([index] * len(own))
    return _Data(
        win_chips=win_chips,
        symbols=tuple(symbols),
        slugs=tuple(slugs),
        names=tuple(names),
        parts=tuple(parts),
        part_names=tuple(part_names),
        part_commission=tuple(part_commission),
    )


# ---------------------------------------------------------------------------------------------
# The game: parameters, action encoding, notation.


@dataclass(frozen=True)
class _Rules:
    """What a game's parameters and data fix, shared by all its states."""

    players: int
    speeds: tuple[int, ...]
    max_rounds: int
    data: _Data
    num_parts: int  # P
    num_commissions: int  # C
    # Search time of a seat = looked * time_scale[seat]: looked / speed, times lcm(speeds).
    time_scale: tuple[int, ...]
    # Setup 2: where the k-th dealt part goes: a seat's hand (seat) or a stack (-1 - L).
    deal_targets: tuple[int, ...]
    part_ids: dict[str, int]  # notation -> part id
    commission_ids: dict[str, int]  # slug -> commission id
    # Action encoding: the first id of each range.
    take: int  # 6
    stone: int  # 6 + P: stone k is stone + k - 1
    build: int  # 11 + P
    slide: int  # 11 + 2P
    deal: int  # 11 + 7P
    reveal: int  # 11 + 8P
    draw: int  # 11 + 8P + C: draw stone k is draw + k - 1
    finish: int  # 16 + 8P + C
    num_actions: int  # 21 + 8P + C
    tensor_size: int  # 14P + 8C + 131


def _make_rules(players: int, speeds: tuple[int, ...], max_rounds: int, data: _Data) -> _Rules:
    parts = len(data.part_names)
    commissions = len(data.slugs)
    lcm = math.lcm(*speeds)
    # Setup 2: two parts to each seat in turn, then the rest into stacks A..E, each filled top
    # to bottom before the next; with R left, the first R mod 5 stacks get R div 5 + 1.
    targets: list[int] = []
    for seat in range(players):
        targets += [seat, seat]
    rest = parts - 2 * players
    for stack in range(NUM_STACKS):
        size = rest // NUM_STACKS + (1 if stack < rest % NUM_STACKS else 0)
        targets += [-1 - stack] * size
    return _Rules(
        players=players,
        speeds=speeds,
        max_rounds=max_rounds,
        data=data,
        num_parts=parts,
        num_commissions=commissions,
        time_scale=tuple(lcm // speed for speed in speeds),
        deal_targets=tuple(targets),
        part_ids={text: part for part, text in enumerate(data.part_names)},
        commission_ids={slug: c for c, slug in enumerate(data.slugs)},
        take=6,
        stone=6 + parts,
        build=11 + parts,
        slide=11 + 2 * parts,
        deal=11 + 7 * parts,
        reveal=11 + 8 * parts,
        draw=11 + 8 * parts + commissions,
        finish=16 + 8 * parts + commissions,
        num_actions=21 + 8 * parts + commissions,
        tensor_size=14 * parts + 8 * commissions + 131,
    )


def decode(rules: _Rules, action: int) -> tuple[int, int, int]:
    """(kind, first argument, second argument) of an action id in range."""
    if action < 5:
        return STACK, action, 0
    if action == 5:
        return LOOK, 0, 0
    if action < rules.stone:
        return TAKE, action - rules.take, 0
    if action < rules.build:
        return STONE, action - rules.stone + 1, 0
    if action < rules.slide:
        return BUILD, action - rules.build, 0
    if action < rules.deal:
        part, stack = divmod(action - rules.slide, NUM_STACKS)
        return SLIDE, part, stack
    if action < rules.reveal:
        return DEAL, action - rules.deal, 0
    if action < rules.draw:
        return REVEAL, action - rules.reveal, 0
    if action < rules.finish:
        return DRAW, action - rules.draw + 1, 0
    return FINISH, action - rules.finish, 0


# Each kind's notation, in kind order: {0} is the kind's argument as written (a stack
# letter, a part, a commission or a number), {1} the stack a part slides under.
_NOTATION: Final = (
    "stack {0}",
    "look",
    "take {0}",
    "stone {0}",
    "build {0}",
    "slide {0} {1}",
    "deal {0}",
    "reveal {0}",
    "draw stone {0}",
    "finish {0}",
)


def action_text(rules: _Rules, action: int) -> str:
    """The notation of an action id in ``0 .. num_actions-1``."""
    kind, a, b = decode(rules, action)
    shown: object = a
    if kind == STACK:
        shown = STACK_LETTERS[a]
    elif kind == REVEAL:
        shown = rules.data.slugs[a]
    elif kind in (TAKE, BUILD, SLIDE, DEAL):
        shown = rules.data.part_names[a]
    return _NOTATION[kind].format(shown, STACK_LETTERS[b])


_STONE_DIGITS: Final = ("1", "2", "3", "4", "5")
_SEAT_DIGITS: Final = ("0", "1", "2", "3", "4")
_FORMS: Final = (
    "'stack C', 'look', 'take empire-state/mast', 'stone 2', 'build empire-state/mast', "
    "'slide chrysler/crown E', 'deal flatiron/wedge', 'reveal seagram', 'draw stone 4' or "
    "'finish 3' (single spaces, lower case but the stack letter)"
)


def parse_action(rules: _Rules, text: str) -> int:
    """The action id of a text in the notation ("Action notation"), legal now or not."""
    if text == "look":
        return 5
    words = text.split(" ")
    head, count = words[0], len(words)

    def part(word: str) -> int:
        return named_id(
            rules.part_ids,
            text,
            word,
            "a building part; parts are written '<commission slug>/<part name>' from the data "
            "file, e.g. 'empire-state/mast'",
        )

    def stack(word: str) -> int:
        if len(word) != 1 or word not in STACK_LETTERS:
            raise NotationError(
                f"{_debug(text)}: {_debug(word)} is not a stack; stacks are A, B, C, D, E"
            )
        return STACK_LETTERS.index(word)

    if head == "stack" and count == 2:
        return stack(words[1])
    if head == "take" and count == 2:
        return rules.take + part(words[1])
    if head == "stone" and count == 2 and words[1] in _STONE_DIGITS:
        return rules.stone + int(words[1]) - 1
    if head == "build" and count == 2:
        return rules.build + part(words[1])
    if head == "slide" and count == 3:
        return rules.slide + NUM_STACKS * part(words[1]) + stack(words[2])
    if head == "deal" and count == 2:
        return rules.deal + part(words[1])
    if head == "reveal" and count == 2:
        return rules.reveal + named_id(rules.commission_ids, text, words[1], "a commission slug")
    if head == "draw" and count == 3 and words[1] == "stone" and words[2] in _STONE_DIGITS:
        return rules.draw + int(words[2]) - 1
    if head == "finish" and count == 2 and words[1] in _SEAT_DIGITS:
        return rules.finish + int(words[1])
    if head in ("stone", "draw"):
        hint = "stones are numbered 1 to 5: 'stone 2', 'draw stone 4'"
    elif head == "finish":
        hint = "'finish <seat>' with a seat 0 to 4"
    else:
        hint = f"a Prestel action is {_FORMS}"
    raise NotationError(f"{_debug(text)} is not a Prestel action: {hint}")


SPEEDS_FORM = 'one speed (an integer from 1 to 100) per seat separated by commas like "2,1,1"'
"""What to write for ``speeds``."""


def _speed(item: str) -> int | str:
    """One seat's speed, or what is wrong with it: plain digits only (no sign, space or
    leading zero)."""
    if re.fullmatch(r"[1-9][0-9]*", item) and int(item) <= MAX_SPEED:
        return int(item)
    return f"{_debug(item)} is not an integer from 1 to {MAX_SPEED}"


def _parse_speeds(speeds: str | None, players: int) -> tuple[int, ...]:
    if speeds is None:
        return (1,) * players
    return tuple(per_seat(("speeds", SPEEDS_FORM, "speed"), speeds, players, False, _speed))


class PrestelNewYorkGame(ReferenceGame["PrestelNewYorkState", _Rules], name=NAME, version=VERSION):
    """Prestel for 2 to 5 players (``players``), with search ``speeds`` per seat, an optional
    round limit ``max_rounds`` and optionally other component data."""

    SAVED_PARAMS = ("speeds", "max_rounds")

    def __init__(
        self,
        players: int = 4,
        speeds: str | None = None,
        max_rounds: int = 0,
        data: str | os.PathLike[str] | None = None,
    ) -> None:
        players = int_param(players, "players")
        text = None if speeds is None else str_param(speeds, "speeds", SPEEDS_FORM)
        max_rounds = int_param(max_rounds, "max_rounds")
        path = self._data_file(data)
        if players not in (2, 3, 4, 5):
            raise ParameterError(f"prestel_new_york is for 2 to 5 players, not {players!r}")
        parsed = _parse_speeds(text, players)
        if not 0 <= max_rounds <= MAX_ROUNDS_LIMIT:
            raise ParameterError(
                f"max_rounds must be 0 (no limit) or a round limit from 1 to {MAX_ROUNDS_LIMIT}, "
                f"not {max_rounds}"
            )
        self._rules = _make_rules(players, parsed, max_rounds, load_data(path))

    def _params(self) -> dict[str, Any]:
        return {
            "players": self._rules.players,
            "speeds": ",".join(str(s) for s in self._rules.speeds),
            "max_rounds": self._rules.max_rounds,
        }

    def new_initial_state(self) -> PrestelNewYorkState:
        return PrestelNewYorkState(self._rules)


# ---------------------------------------------------------------------------------------------
# The state.


class PrestelNewYorkState(ReferenceState[_Rules]):
    """A Prestel position: table, deck, stacks, hands, stones, chips, memories, and the phase."""

    def __init__(self, rules: _Rules) -> None:
        n = rules.players
        self._rules = rules
        self._phase = "setup"
        self._round = 0
        self._to_move = CHANCE  # Setup: everything is dealt by chance
        self._history: list[int] = []
        self._chips = [0] * n
        self._completed: list[int] = []
        self._is_completed = [False] * rules.num_commissions
        # The deck (rule 2: placed face up): its top, the unseen cards below it (in no known
        # order) and the tail, pushed under during play in an order everyone saw (Setup 1).
        self._top = NONE
        self._unseen = list(range(rules.num_commissions))
        self._tail: list[int] = []
        self._slots = [NONE] * NUM_SLOTS  # commission per table slot
        self._built: list[list[int]] = [[] for _ in range(NUM_SLOTS)]  # builder per part
        self._builder = [NONE] * rules.num_parts  # who built each part, on table or completed
        self._undealt = list(range(rules.num_parts))
        self._hands: list[list[int]] = [[] for _ in range(n)]  # ascending
        self._stacks: list[list[int]] = [[] for _ in range(NUM_STACKS)]  # top first
        self._stones = [0] * n
        self._new_stones = [0] * n
        self._taken = [NONE] * n
        # Parts each seat looked at this round: the top ones of its stack while it searches.
        self._looked = [0] * n
        self._finish: list[int] = []
        # Memory: per seat, part -> (stack, depth) where it last saw the part.
        self._memory: list[dict[int, tuple[int, int]]] = [{} for _ in range(n)]
        self._legal: list[int] | None = None

    # --- interface ---------------------------------------------------------------------------

    def _apply(self, action: int) -> None:
        kind, a, b = decode(self._rules, action)
        if kind == STACK:
            self._take_stack(a)
        elif kind == LOOK:
            self._look()
        elif kind == TAKE:
            self._take_part(a)
        elif kind == STONE:
            self._pick_stone(a)
        elif kind == BUILD:
            self._build(a)
        elif kind == SLIDE:
            self._slide(a, b)
        elif kind == FINISH:
            self._finish.append(a)
            self._settle_finish()
        elif kind == REVEAL and self._phase == "refill":
            self._top = a
            self._unseen.remove(a)
            self._continue_refill()
        else:
            self._setup_step(kind, a)

    def _action_text(self, action: int) -> str:
        return action_text(self._rules, action)

    def _parse_action(self, text: str) -> int:
        return parse_action(self._rules, text)

    def scores(self) -> list[int]:
        """End: the chips each seat holds (also before the end)."""
        return list(self._chips)

    def winners(self) -> list[int]:
        """Building and chips / End: the seats with the most chips once the game is over.

        The game ends as soon as a seat holds ``win_chips``, so the seats with the most chips
        are those among the ones at 13 or more that have the most; after a round limit or with
        every stack empty, the most chips win, ties shared (even at 0).
        """
        if self._phase != "end":
            return []
        best = max(self._chips)
        return [seat for seat, chips in enumerate(self._chips) if chips == best]

    def observation_tensor(self, player: int) -> npt.NDArray[np.float32]:
        """The "Observation" layout: parts, commissions, relative seats, globals."""
        player = self._check_player(player)
        rules = self._rules
        n, parts, commissions = rules.players, rules.num_parts, rules.num_commissions
        tensor = np.zeros(rules.tensor_size, dtype=np.float32)
        # Parts, 14 values each.
        for part in self._hands[player]:
            tensor[14 * part] = 1.0
        for part, seat in enumerate(self._builder):
            if seat != NONE:
                base = 14 * part
                done = self._is_completed[rules.data.part_commission[part]]
                tensor[base + (2 if done else 1)] = 1.0
                tensor[base + 3 + (seat - player) % n] = 1.0
        for part, (stack, depth) in self._memory[player].items():
            tensor[14 * part + 8 + stack] = 1.0
            tensor[14 * part + 13] = depth / parts
        # Commissions, 8 values each.
        origin = 14 * parts
        for slot, commission in enumerate(self._slots):
            if commission != NONE:
                tensor[origin + 8 * commission + slot] = 1.0
        if self._top != NONE:
            tensor[origin + 8 * self._top + 4] = 1.0
        for place, commission in enumerate(self._tail, start=1):
            tensor[origin + 8 * commission + 5] = 1.0
            tensor[origin + 8 * commission + 6] = place / commissions
        for commission in self._completed:
            tensor[origin + 8 * commission + 7] = 1.0
        # Seats, 22 values per relative seat.
        origin += 8 * commissions
        for offset in range(n):
            seat = (player + offset) % n
            base = origin + 22 * offset
            tensor[base] = self._chips[seat] / rules.data.win_chips
            if self._stones[seat]:
                tensor[base + self._stones[seat]] = 1.0
            tensor[base + 6] = len(self._hands[seat]) / 3
            if self._taken[seat] != NONE:
                tensor[base + 7 + self._taken[seat]] = 1.0
            if self._new_stones[seat]:
                tensor[base + 16 + self._new_stones[seat]] = 1.0
        for place, seat in enumerate(self._finish):
            tensor[origin + 22 * ((seat - player) % n) + 12 + place] = 1.0
        # Globals, 21 values.
        origin += 22 * NUM_STONES
        for stack, contents in enumerate(self._stacks):
            tensor[origin + stack] = len(contents) / parts
        tensor[origin + 5 + PHASES.index(self._phase)] = 1.0
        if self._to_move >= 0:
            tensor[origin + 13 + (self._to_move - player) % n] = 1.0
        tensor[origin + 18] = self._looked[player] / parts
        tensor[origin + 19] = self._round
        tensor[origin + 20] = len(self._unseen) / commissions
        return tensor

    def _progress(self) -> str:
        status = "over" if self._phase == "end" else f"{self._phase}, to move {self._to_move}"
        return f"round {self._round} {status}"

    # --- legal actions ------------------------------------------------------------------------

    def _starting_order(self) -> list[int]:
        """Round order: "starting order" means ascending stone number (rule 8)."""
        return sorted(range(self._rules.players), key=self._stones.__getitem__)

    def _compute_legal(self) -> list[int]:
        rules = self._rules
        phase = self._phase
        seat = self._to_move
        if phase == "build":
            # Round order 5: build a part whose commission lies in a slot, or slide any part
            # under any stack, its own included (rule 15 a/b).
            hand = self._hands[seat]
            slots = self._slots
            builds = [rules.build + p for p in hand if rules.data.part_commission[p] in slots]
            slides = [rules.slide + NUM_STACKS * p + s for p in hand for s in range(NUM_STACKS)]
            return builds + slides
        if phase == "search":
            # The search race: look at the next part while unseen ones remain; take any part
            # looked at this round (rule 13: must take exactly one).
            stack = self._stacks[self._taken[seat]]
            looked = self._looked[seat]
            actions = [5] if looked < len(stack) else []
            actions.extend(sorted(rules.take + p for p in stack[:looked]))
            return actions
        if phase == "stack":
            # Round order 1: an empty stack only when every untaken stack is empty.
            untaken = [s for s in range(NUM_STACKS) if s not in self._taken]
            full = [s for s in untaken if self._stacks[s]]
            return full or untaken
        if phase == "stone":
            # Round order 4: the stones the seats laid down (rule 14), not yet picked.
            return [rules.stone + k - 1 for k in sorted(self._stones) if k not in self._new_stones]
        if phase == "tie":
            return [rules.finish + s for s in self._tie_group()]
        if phase == "refill":
            return [rules.reveal + c for c in self._unseen]
        if phase == "setup":
            step = len(self._history)
            if step < SETUP_REVEALS:
                return [rules.reveal + c for c in self._unseen]
            if step < SETUP_REVEALS + rules.num_parts:
                return [rules.deal + p for p in self._undealt]
            return [rules.draw + k - 1 for k in range(1, 6) if k not in self._stones]
        return []

    def _problem(self, action: int) -> str:
        """Why ``action`` (not among the legal actions) is illegal now."""
        rules = self._rules
        kind, a, _ = decode(rules, action)
        names = rules.data.part_names
        chance_kinds = (DEAL, REVEAL, DRAW, FINISH)
        if self._to_move == CHANCE:
            doing = self._status()
            if kind not in chance_kinds:
                return f"this is a chance node ({doing}), no seat is to move"
            return f"it is not one of the chance outcomes now ({doing})"
        seat = self._to_move
        now = f"seat {seat} is {PHASE_DOING[self._phase]}"
        if kind in chance_kinds:
            return f"{now}; '{action_text(rules, action).split(' ')[0]}' is a chance outcome"
        wanted = {
            STACK: "stack",
            LOOK: "search",
            TAKE: "search",
            STONE: "stone",
            BUILD: "build",
            SLIDE: "build",
        }[kind]
        if wanted != self._phase:
            return f"{now}, not {KIND_DOING[kind]}"
        if kind == STACK:
            if a in self._taken:
                return f"stack {STACK_LETTERS[a]} is already taken this round"
            return (
                f"stack {STACK_LETTERS[a]} is empty and another untaken stack still has parts "
                "(an empty stack may only be taken when every untaken stack is empty)"
            )
        if kind == LOOK:
            return (
                f"seat {seat} has looked at every part of stack {STACK_LETTERS[self._taken[seat]]}"
                "; only 'take' is left"
            )
        if kind == TAKE:
            return (
                f"seat {seat} has not looked at {names[a]} this round (rule 13: a part is taken "
                "out only after it was turned over)"
            )
        if kind == STONE:
            if a in self._new_stones:
                return f"stone {a} was already picked this round"
            held = " ".join(str(k) for k in sorted(self._stones))
            return f"stone {a} is not on offer: only the stones laid down are ({held})"
        if a not in self._hands[seat]:
            return f"{names[a]} is not in seat {seat}'s hand"
        commission = rules.data.part_commission[a]
        return (
            f"the commission {rules.data.slugs[commission]} does not lie on the table "
            "(a part is built only on an open commission, rule 15 b)"
        )

    # --- Setup (rules 1-8; Setup 1-3) ----------------------------------------------------------

    def _setup_step(self, kind: int, value: int) -> None:
        rules = self._rules
        step = len(self._history) - 1  # this action's index
        if kind == REVEAL:
            # Setup 1: slots 1..4, then the deck's top.
            self._unseen.remove(value)
            if step < NUM_SLOTS:
                self._slots[step] = value
                self._built[step] = [NONE] * len(rules.data.parts[value])
            else:
                self._top = value
        elif kind == DEAL:
            # Setup 2 (rules 3-6): two to each seat, then the stacks top to bottom.
            self._undealt.remove(value)
            target = rules.deal_targets[step - SETUP_REVEALS]
            if target >= 0:
                bisect.insort(self._hands[target], value)
            else:
                self._stacks[-1 - target].append(value)
        else:
            # Setup 3 (rule 8): each seat in turn draws a starting stone.
            seat = step - SETUP_REVEALS - rules.num_parts
            self._stones[seat] = value
            if seat == rules.players - 1:
                self._begin_round()

    # --- Round order 1: stacks (rules 9-11) ---------------------------------------------------

    def _begin_round(self) -> None:
        """Rule 19: the next round begins; a new round resets looked, taken, finish, new stones.

        End: if a round would begin with all five stacks empty, the game ends instead (nobody
        could take a third part, so nobody could build again); the round does not begin.
        """
        if not any(self._stacks):
            self._end()
            return
        n = self._rules.players
        self._round += 1
        self._looked = [0] * n
        self._taken = [NONE] * n
        self._finish = []
        self._new_stones = [0] * n
        self._phase = "stack"
        self._to_move = self._starting_order()[0]

    def _take_stack(self, stack: int) -> None:
        # rules 9-10: the stack goes to the seat, its stone takes the stack's spot
        self._taken[self._to_move] = stack
        for seat in self._starting_order():
            if self._taken[seat] == NONE:
                self._to_move = seat
                return
        self._next_searcher()

    # --- Round order 2: the search race, modelled (rules 12-13) -------------------------------

    def _next_searcher(self) -> None:
        """The next seat in starting order holding two parts and a non-empty stack."""
        for seat in self._starting_order():
            if len(self._hands[seat]) == 2 and self._stacks[self._taken[seat]]:
                self._phase = "search"
                self._to_move = seat
                return
        self._settle_finish()

    def _look(self) -> None:
        seat = self._to_move
        stack = self._taken[seat]
        depth = self._looked[seat] + 1
        part = self._stacks[stack][depth - 1]
        self._looked[seat] = depth
        # Memory: looking at the part at depth d of stack L records (L, d).
        self._memory[seat][part] = (stack, depth)

    def _take_part(self, part: int) -> None:
        # rule 13: taking one out does not reorder the others
        seat = self._to_move
        self._stacks[self._taken[seat]].remove(part)
        bisect.insort(self._hands[seat], part)
        # Memory: the entry is removed when the part enters the seat's hand.
        self._memory[seat].pop(part, None)
        self._next_searcher()

    # --- Round order 3: tie -------------------------------------------------------------------

    def _time(self, seat: int) -> int:
        """The search race: parts looked at / speed, scaled by lcm(speeds) to stay an integer.

        A seat with an empty stack looked at nothing: time 0.
        """
        return self._looked[seat] * self._rules.time_scale[seat]

    def _tie_group(self) -> list[int]:
        """The undecided seats with the smallest time: they come next in the finishing order."""
        rest = [s for s in range(self._rules.players) if s not in self._finish]
        best = min(self._time(s) for s in rest)
        return [s for s in rest if self._time(s) == best]

    def _settle_finish(self) -> None:
        """Fix the finishing order as far as it goes without chance; a tie needs chance."""
        while len(self._finish) < self._rules.players:
            group = self._tie_group()
            if len(group) > 1:
                self._phase = "tie"
                self._to_move = CHANCE
                return
            self._finish.append(group[0])
        self._phase = "stone"
        self._to_move = self._finish[0]

    # --- Round order 4: stones (rule 14) ------------------------------------------------------

    def _pick_stone(self, stone: int) -> None:
        self._new_stones[self._to_move] = stone
        picked = sum(1 for k in self._new_stones if k)
        if picked < self._rules.players:
            self._to_move = self._finish[picked]
            return
        # After the stone phase, the new stones replace the old ones.
        self._stones = list(self._new_stones)
        self._next_builder()

    # --- Round order 5: build or slide (rules 15-17; Building and chips) -----------------------

    def _next_builder(self) -> None:
        """The next seat in the new starting order holding three parts; none: build ends."""
        for seat in self._starting_order():
            if len(self._hands[seat]) == HAND_AFTER_TAKE:
                self._phase = "build"
                self._to_move = seat
                return
        self._end_build()

    def _build(self, part: int) -> None:
        rules = self._rules
        seat = self._to_move
        self._hands[seat].remove(part)
        commission = rules.data.part_commission[part]
        slot = self._slots.index(commission)
        built = self._built[slot]
        built[rules.data.parts[commission].index(part)] = seat
        self._builder[part] = seat
        # Memory: an entry is removed when the part is built by anyone.
        for memory in self._memory:
            memory.pop(part, None)
        if NONE not in built:
            # rule 15: the last missing part puts two chips on the commission instead of one
            # on the part; rule 16: it leaves the table at once with its parts; rule 17: every
            # chip on it goes to its owner. The slot stays empty until the refill (rule 18).
            for owner in built:
                self._chips[owner] += 1
            self._chips[seat] += 1
            self._slots[slot] = NONE
            self._built[slot] = []
            self._completed.append(commission)
            self._is_completed[commission] = True
            # rule 20: the game ends the moment a seat holds 13 chips
            if max(self._chips) >= rules.data.win_chips:
                self._end()
                return
        self._next_builder()

    def _slide(self, part: int, stack: int) -> None:
        # rule 15 a: slide a part back under any stack
        seat = self._to_move
        self._hands[seat].remove(part)
        self._stacks[stack].append(part)
        # Memory: sliding a part under L records (L, size of L after the slide).
        self._memory[seat][part] = (stack, len(self._stacks[stack]))
        self._next_builder()

    def _end_build(self) -> None:
        # End: with max_rounds = R, the game ends after round R's build phase (no refill).
        if self._rules.max_rounds and self._round >= self._rules.max_rounds:
            self._end()
            return
        self._start_refill()

    # --- Round order 6: refill (rule 18) ------------------------------------------------------

    def _start_refill(self) -> None:
        """Commissions with no part on them go under the deck, in slot order."""
        for slot, commission in enumerate(self._slots):
            if commission != NONE and all(b == NONE for b in self._built[slot]):
                self._tail.append(commission)
                self._slots[slot] = NONE
                self._built[slot] = []
        self._surface()
        self._continue_refill()

    def _surface(self) -> None:
        """With no unseen card left, the tail's first card is the deck's (face-up) top."""
        if self._top == NONE and not self._unseen and self._tail:
            self._top = self._tail.pop(0)

    def _continue_refill(self) -> None:
        """Fill the empty slots from the deck's top in slot order; each new top is revealed
        by chance while unseen cards remain. Then the next round, or the end."""
        rules = self._rules
        for slot in range(NUM_SLOTS):
            if self._slots[slot] != NONE or self._top == NONE:
                continue
            commission = self._top
            self._slots[slot] = commission
            self._built[slot] = [NONE] * len(rules.data.parts[commission])
            self._top = NONE
            if self._unseen:
                self._phase = "refill"
                self._to_move = CHANCE
                return
            self._surface()
        self._begin_round()

    def _end(self) -> None:
        self._phase = "end"
        self._to_move = TERMINAL

    # --- helpers ------------------------------------------------------------------------------

    def _status(self) -> str:
        rules = self._rules
        phase, seat, round_ = self._phase, self._to_move, self._round
        if phase == "setup":
            step = len(self._history)
            if step < SETUP_REVEALS:
                return "setup: revealing a commission"
            if step < SETUP_REVEALS + rules.num_parts:
                return "setup: dealing a part"
            return f"setup: seat {step - SETUP_REVEALS - rules.num_parts} to draw a stone"
        if phase == "stack":
            return f"round {round_}: seat {seat} to choose a stack"
        if phase == "search":
            return f"round {round_}: seat {seat} to search stack {STACK_LETTERS[self._taken[seat]]}"
        if phase == "tie":
            return f"round {round_}: breaking a tie"
        if phase == "stone":
            return f"round {round_}: seat {seat} to choose a stone"
        if phase == "build":
            return f"round {round_}: seat {seat} to build or slide"
        if phase == "refill":
            return f"round {round_}: revealing a commission"
        winners = " ".join(str(s) for s in self.winners())
        return f"game over after round {round_}: winners {winners}"

    def _parts_text(self, parts: Sequence[int]) -> str:
        return " ".join(self._rules.data.part_names[p] for p in parts)

    def _render(self, observer: int | None) -> str:
        """The "Text rendering"; with an observer, its observation string."""
        rules = self._rules
        slugs = rules.data.slugs
        lines = [self._status()]
        for slot, commission in enumerate(self._slots, start=1):
            if commission == NONE:
                lines.append(f"slot {slot}: empty")
            else:
                marks = " ".join("." if b == NONE else str(b) for b in self._built[slot - 1])
                lines.append(f"slot {slot}: {slugs[commission]} [{marks}]")
        top = "none" if self._top == NONE else slugs[self._top]
        deck = f"deck: top {top}, {len(self._unseen)} unseen"
        if self._tail:
            deck += ", then " + " ".join(slugs[c] for c in self._tail)
        lines.append(deck)
        completed = " ".join(slugs[c] for c in self._completed) if self._completed else "none"
        lines.append(f"completed: {completed}")
        for stack, contents in enumerate(self._stacks):
            letter = STACK_LETTERS[stack]
            if not contents:
                lines.append(f"stack {letter}: empty")
            elif observer is None:
                lines.append(f"stack {letter}: {self._parts_text(contents)}")
            else:
                lines.append(f"stack {letter}: size {len(contents)}")
        for seat in range(rules.players):
            stone = str(self._stones[seat]) if self._stones[seat] else "-"
            line = f"seat {seat}: stone {stone}, chips {self._chips[seat]}, "
            hand = self._hands[seat]
            secret = observer is not None and observer != seat
            if secret:
                line += f"hand size {len(hand)}"
            else:
                line += f"hand {self._parts_text(hand)}" if hand else "hand -"
            if self._taken[seat] != NONE:
                line += f", took {STACK_LETTERS[self._taken[seat]]}"
            if self._looked[seat] and not secret:
                line += f", looked {self._looked[seat]}"
            if self._new_stones[seat]:
                line += f", new stone {self._new_stones[seat]}"
            lines.append(line)
        if self._finish:
            lines.append("finish: " + " ".join(str(s) for s in self._finish))
        if observer is not None:
            memory = self._memory[observer]
            entries = ", ".join(
                f"{rules.data.part_names[p]} {STACK_LETTERS[memory[p][0]]}{memory[p][1]}"
                for p in sorted(memory)
            )
            lines.append(f"memory: {entries or 'none'}")
            lines.append(f"observer: seat {observer}")
        return "\n".join(lines)

    def _json_object(self) -> dict[str, Any]:
        return {
            "chips": list(self._chips),
            "completed": list(self._completed),
            "deck": {"tail": list(self._tail), "top": self._top, "unseen": list(self._unseen)},
            "finish": list(self._finish),
            "game": NAME,
            "hands": [list(hand) for hand in self._hands],
            "history": list(self._history),
            "looked": list(self._looked),
            "max_rounds": self._rules.max_rounds,
            "memory": [
                [[part, *memory[part]] for part in sorted(memory)] for memory in self._memory
            ],
            "new_stones": list(self._new_stones),
            "phase": self._phase,
            "players": self._rules.players,
            "round": self._round,
            "speeds": list(self._rules.speeds),
            "stacks": [list(stack) for stack in self._stacks],
            "stones": list(self._stones),
            "table": [
                {"built": list(built), "commission": commission}
                for commission, built in zip(self._slots, self._built, strict=True)
            ],
            "taken": list(self._taken),
            "to_move": self._to_move,
            "version": VERSION,
        }
