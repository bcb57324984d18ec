"""The Prestel New York Architecture Game: the four table slots, the deck and the completed
commissions, the five stacks under their symbol cards, and a panel of seats.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from . import _common as svg

PRESTEL_PARTS: Final = 64
"""Parts in the packaged data: ``starts_turn`` reads action ids in that encoding."""
STACK_LETTERS: Final = "ABCDE"
_SYMBOL_CARD: Final = "#e9e3d6"
_STONE: Final = svg.Paint("#cfc8ba", "#8f877a")

_TABLE_Y: Final = 100
_SLOT_W: Final = 160
_SLOT_H: Final = 160
_SLOT_STEP: Final = 170
_DECK_X: Final = svg.MARGIN + 4 * _SLOT_STEP
_DECK_W: Final = 170
_LEFT_W: Final = _DECK_X + _DECK_W - svg.MARGIN
_DONE_Y: Final = 272
_STACK_Y: Final = 348
_STACK_W: Final = 164
_STACK_STEP: Final = 172
_SYMBOL_H: Final = 50
_ROWS_Y: Final = _STACK_Y + _SYMBOL_H + 8
_ROWS_H: Final = 300
_ROW_MAX: Final = 15.0
_PANEL_X: Final = 890
_PANEL_W: Final = 304
_SEAT_H: Final = 128
_LEGEND_Y: Final = _ROWS_Y + _ROWS_H + 12
_WIDTH: Final = _PANEL_X + _PANEL_W + svg.MARGIN
_HEIGHT: Final = _LEGEND_Y + 34


def _ordinal(n: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n, "th")  # places 1 to 5
    return f"{n}{suffix}"


@dataclass(frozen=True)
class _Data:
    """The names of the packaged component file (the picture needs nothing else of it)."""

    win_chips: int
    symbols: tuple[str, ...]
    slugs: tuple[str, ...]
    names: tuple[str, ...]
    parts: tuple[tuple[int, ...], ...]
    """The part ids of each commission, in data order."""
    part_names: tuple[str, ...]
    owner: tuple[int, ...]
    """The commission of each part."""


@svg.packaged("prestel_new_york.toml")
def _data(doc: dict[str, Any]) -> _Data:
    """``data/prestel_new_york.toml`` of the package, or None if it cannot be read: the
    picture then labels commissions and parts by id rather than fail."""
    slugs: list[str] = []
    names: list[str] = []
    parts: list[tuple[int, ...]] = []
    part_names: list[str] = []
    owner: list[int] = []
    for c, entry in enumerate(doc["commission"]):
        slugs.append(str(entry["slug"]))
        names.append(str(entry["name"]))
        first = len(part_names)
        part_names.extend(str(name) for name in entry["parts"])
        owner.extend([c] * (len(part_names) - first))
        parts.append(tuple(range(first, len(part_names))))
    return _Data(
        win_chips=int(doc["rules"]["win_chips"]),
        symbols=tuple(str(symbol["name"]) for symbol in doc["symbol"]),
        slugs=tuple(slugs),
        names=tuple(names),
        parts=tuple(parts),
        part_names=tuple(part_names),
        owner=tuple(owner),
    )


class _Action(NamedTuple):
    """A decoded action id: its kind (``stack``, ``look``, ``take``, ...) and arguments."""

    kind: str
    first: int = -1
    second: int = -1


def _decode(action: int, parts: int | None, commissions: int) -> _Action:
    """The action of id ``action`` in the encoding of docs/games/prestel_new_york.md; with
    the part count unknown only ``stack`` and ``look`` can be told."""
    p, c = parts, commissions
    if 0 <= action < 5:
        return _Action("stack", action)
    if action == 5:
        return _Action("look")
    if p is None or action < 0:
        return _Action("unknown", action)
    if action < 6 + p:
        return _Action("take", action - 6)
    if action < 11 + p:
        return _Action("stone", action - 5 - p)
    if action < 11 + 2 * p:
        return _Action("build", action - 11 - p)
    if action < 11 + 7 * p:
        return _Action("slide", (action - 11 - 2 * p) // 5, (action - 11 - 2 * p) % 5)
    if action < 11 + 8 * p:
        return _Action("deal", action - 11 - 7 * p)
    if action < 11 + 8 * p + c:
        return _Action("reveal", action - 11 - 8 * p)
    if action < 16 + 8 * p + c:
        return _Action("draw", action - 10 - 8 * p - c)
    if action < 21 + 8 * p + c:
        return _Action("finish", action - 16 - 8 * p - c)
    return _Action("unknown", action)


def _dealt_parts(state: dict[str, Any]) -> int | None:
    """The number of parts, read off the history once the deal is over: setup reveals five
    commissions, then deals every part, then draws stones, and each deal's id is below every
    reveal's (and every reveal's below every draw's). None while still dealing."""
    history: list[int] = state["history"]
    if len(history) < 6:
        return None
    first_reveal = min(history[:5])
    dealt = 0
    for action in history[5:]:
        if action >= first_reveal:
            return dealt
        dealt += 1
    return None if state["phase"] == "setup" else dealt


def _commissions_of(state: dict[str, Any]) -> list[int]:
    """Every commission id the state places somewhere (each commission lies in one place)."""
    deck = state["deck"]
    found = [slot["commission"] for slot in state["table"] if slot["commission"] >= 0]
    found += list(state["completed"]) + list(deck["tail"]) + list(deck["unseen"])
    if deck["top"] >= 0:
        found.append(deck["top"])
    return found


def _looked(state: dict[str, Any], seat: int) -> int:
    """How many parts ``seat`` looked at this round (a count; a list of parts counts too)."""
    looked = state["looked"][seat]
    return looked if isinstance(looked, int) else len(looked)


def _part_ids_of(state: dict[str, Any]) -> list[int]:
    ids = [p for hand in state["hands"] for p in hand]
    ids += [p for stack in state["stacks"] for p in stack]
    ids += [entry[0] for memory in state["memory"] for entry in memory]
    return ids


class _Names:
    """Labels of a state's commissions and parts: the packaged names when the state fits the
    packaged data (a state of a game with a user's data file may not), else ids."""

    def __init__(self, state: dict[str, Any]) -> None:
        packaged = _data()
        commissions = _commissions_of(state)
        dealt = _dealt_parts(state)
        self.data = packaged if packaged and self._fits(packaged, state, dealt) else None
        self.parts: int | None = len(self.data.part_names) if self.data else dealt
        self.commissions = len(self.data.slugs) if self.data else len(commissions)
        self.win_chips = packaged.win_chips if packaged else 13

    @staticmethod
    def _fits(data: _Data, state: dict[str, Any], dealt: int | None) -> bool:
        parts, commissions = len(data.part_names), len(data.slugs)
        found = _commissions_of(state)
        if len(found) != commissions or any(not 0 <= c < commissions for c in found):
            return False
        if dealt is not None and dealt != parts:
            return False
        for slot in state["table"]:
            c = slot["commission"]
            if c >= 0 and len(slot["built"]) != len(data.parts[c]):
                return False
        if any(not 0 <= p < parts for p in _part_ids_of(state)):
            return False
        return all(0 <= a < 21 + 8 * parts + commissions for a in state["history"])

    def decode(self, action: int) -> _Action:
        return _decode(action, self.parts, self.commissions)

    def slug(self, c: int) -> str:
        return self.data.slugs[c] if self.data else f"#{c}"

    def name(self, c: int) -> str:
        return self.data.names[c] if self.data else f"commission {c}"

    def part(self, p: int) -> str:
        """A part as the notation writes it: ``empire-state/mast``."""
        if self.data is None:
            return f"part {p}"
        return f"{self.data.slugs[self.data.owner[p]]}/{self.data.part_names[p]}"

    def part_name(self, p: int) -> str:
        return self.data.part_names[p] if self.data else f"part {p}"

    def part_slug(self, p: int) -> str:
        return self.data.slugs[self.data.owner[p]] if self.data else ""

    def part_id(self, c: int, i: int) -> int | None:
        """The id of the ``i``-th part of commission ``c``, if known."""
        return self.data.parts[c][i] if self.data else None

    def slot_part(self, c: int, i: int) -> str:
        return self.data.part_names[self.data.parts[c][i]] if self.data else f"part {i + 1}"

    def commission_of(self, p: int) -> int | None:
        return self.data.owner[p] if self.data else None

    def parts_of(self, c: int) -> list[str] | None:
        return [self.data.part_names[p] for p in self.data.parts[c]] if self.data else None

    def symbol(self, stack: int) -> str:
        if self.data and stack < len(self.data.symbols):
            return self.data.symbols[stack]
        return ""

    def notation(self, action: _Action) -> str:
        """The action as the game writes it (``build empire-state/mast``)."""
        kind, a, b = action
        if kind == "stack":
            return f"stack {STACK_LETTERS[a]}"
        if kind in ("take", "build", "deal"):
            return f"{kind} {self.part(a)}"
        if kind == "slide":
            return f"slide {self.part(a)} {STACK_LETTERS[b]}"
        if kind == "stone":
            return f"stone {a}"
        if kind == "draw":
            return f"draw stone {a}"
        if kind == "reveal":
            return f"reveal {self.slug(a)}"
        if kind == "finish":
            return f"finish {a}"
        if kind == "look":
            return "look"
        return f"action {a}"


def _symbol_icon(parent: ET.Element, x: float, y: float, stack: int) -> None:
    """The stonemason's mark of stack ``stack`` in a 24-pixel box at x, y: compass, square,
    level, chisel, mallet (the packaged symbols, A to E)."""
    g = svg.el(
        parent,
        "g",
        transform=f"translate({svg.num(x)} {svg.num(y)})",
        fill="none",
        stroke=svg.INK,
        stroke_width=1.8,
        stroke_linecap="round",
        stroke_linejoin="round",
    )
    if stack == 0:  # compass: two legs from a hinge, and the arc between them
        svg.path(g, "M12 5L5 22M12 5L19 22M7.5 15Q12 18 16.5 15")
        svg.circle(g, 12, 4, 2, fill=svg.INK)
    elif stack == 1:  # square
        svg.path(g, "M5 3V20H21", stroke_width=3.2)
        svg.path(g, "M5 8h2M5 13h2M10 20v-2M15 20v-2", stroke="#ffffff", stroke_width=1)
    elif stack == 2:  # level: a bar with a bubble vial
        svg.rect(g, 2, 8, 20, 8, rx=2)
        svg.rect(g, 8.5, 10, 7, 4, rx=2, fill="#9fd3c7", stroke_width=1)
        svg.circle(g, 12, 12, 1.2, fill=svg.INK, stroke="none")
    elif stack == 3:  # chisel: a handle and a blade
        svg.rect(g, 9, 2, 6, 10, rx=2, fill="#c9a26b")
        svg.path(g, "M10 12H14V19L12 22L10 19Z", fill="#b9c0c8")
    else:  # mallet: a head on a handle
        svg.rect(g, 3, 3, 18, 8, rx=2, fill="#c9a26b")
        svg.path(g, "M12 11V22", stroke_width=3)


def _stone(parent: ET.Element, cx: float, cy: float, number: int) -> None:
    """A starting stone: a pebble with its number (dashed and blank before it is drawn)."""
    svg.el(
        parent,
        "ellipse",
        cx=cx,
        cy=cy,
        rx=11,
        ry=9,
        fill=_STONE.fill if number else "none",
        stroke=_STONE.dark,
        stroke_width=1.2,
        stroke_dasharray=None if number else "3 2",
    )
    svg.centred(
        parent,
        str(number) if number else "\u2013",
        cx,
        cy + 4,
        12,
        font_weight="bold",
        fill=svg.INK if number else svg.MUTED,
    )


def _slot_badge(parent: ET.Element, x: float, y: float, slot: int, size: float = 12) -> None:
    """A small square naming the table slot where the part's commission lies."""
    svg.rect(parent, x, y, size, size, rx=2, fill="#efe7d4", stroke="#b9a983", stroke_width=0.8)
    if size >= 8:
        svg.centred(
            parent,
            str(slot + 1),
            x + size / 2,
            y + size * 0.78,
            size * 0.75,
            font_weight="bold",
            fill=svg.INK,
        )


@dataclass
class _Frame(svg.Frame):
    """A drawing of a Prestel state: the labels; anchors are keyed like ``part-17``."""

    names: _Names

    def slot_of(self, part: int) -> int | None:
        """The table slot (0..3) of the part's commission, if it lies there."""
        c = self.names.commission_of(part)
        if c is None:
            return None
        for k, slot in enumerate(self.state["table"]):
            if slot["commission"] == c:
                return k
        return None


class _Rows:
    """The cards of one stack column, drawn in groups that carry their shared attributes
    (a replay page holds thousands of pictures, so each card is only its geometry)."""

    def __init__(self, column: ET.Element, size: float) -> None:
        self.column = column
        self.size = size
        self.groups: dict[str, ET.Element] = {}
        styles: tuple[tuple[str, dict[str, Any]], ...] = (
            ("face-up", {"fill": svg.CARD, "stroke": svg.CARD_LINE, "stroke_width": 0.8}),
            ("face-down", {"fill": svg.BACK, "stroke": "#2f3a4d", "stroke_width": 0.8}),
            ("badges", {}),
            ("labels", {"font_size": size, "fill": svg.INK}),
        )
        for name, attrs in styles:
            self.groups[name] = svg.el(column, "g", class_=name, **attrs)

    def group(self, name: str) -> ET.Element:
        return self.groups[name]

    def dots(self, seat: int) -> ET.Element:
        """The group of ``seat``'s memory dots (seen by that seat)."""
        name = f"seen-{seat}"
        if name not in self.groups:
            self.groups[name] = svg.el(
                self.column,
                "g",
                class_=name,
                fill=svg.SEAT_FILL[seat],
                stroke=svg.SEAT_DARK[seat],
                stroke_width=0.5,
            )
        return self.groups[name]

    def card(self, box: svg.Box, face_up: bool) -> ET.Element:
        x, y, w, h = box
        group = self.groups["face-up" if face_up else "face-down"]
        return svg.rect(group, x, y, w, h, rx=min(3, h / 4))

    def close(self) -> None:
        """Drops the groups left empty."""
        for group in self.groups.values():
            if len(group) == 0:
                self.column.remove(group)


class PrestelNewYorkDrawer(svg.TableDrawer):
    """Draws a Prestel New York state: table, deck, completed commissions, stacks, seats."""

    def starts_turn(self, action: int) -> bool:
        # stack L; stone k, build part and slide part L (ids 6+P .. 11+7P-1); chance never.
        return 0 <= action < 5 or 6 + PRESTEL_PARTS <= action < 11 + 7 * PRESTEL_PARTS

    @staticmethod
    def winners(state: dict[str, Any]) -> list[int]:
        """At the end, the seats with the most chips: whoever reached 13 first has the most
        (several at once: the most chips win), and without a seat at 13 the most chips win."""
        if state["phase"] != "end":
            return []
        chips: list[int] = state["chips"]
        return [seat for seat, held in enumerate(chips) if held == max(chips)]

    @staticmethod
    def _status(state: dict[str, Any], names: _Names) -> str:
        phase, seat, round_ = state["phase"], state["to_move"], state["round"]
        if phase == "end":
            who = svg.winners_text(PrestelNewYorkDrawer.winners(state))
            return f"game over after round {round_}: {who}"
        if phase == "setup":
            shown = sum(slot["commission"] >= 0 for slot in state["table"])
            shown += state["deck"]["top"] >= 0
            stones: list[int] = state["stones"]
            if shown < 5:
                return "setup: revealing a commission"
            dealt = len(state["history"]) - 5
            if any(stones) or (names.parts is not None and dealt >= names.parts):
                return f"setup: seat {stones.index(0)} to draw a stone"
            return "setup: dealing a part"
        doing = {
            "stack": f"seat {seat} to choose a stack",
            "tie": "breaking a tie",
            "stone": f"seat {seat} to choose a stone",
            "build": f"seat {seat} to build or slide",
            "refill": "revealing a commission",
        }
        if phase == "search":
            text = f"seat {seat} to search stack {STACK_LETTERS[state['taken'][seat]]}"
        else:
            text = doing[phase]
        return f"round {round_}: {text}"

    def _last(self, frame: _Frame) -> tuple[str | None, list[str]]:
        """The last action as seat ``perspective`` may know it, and the boxes to mark (the
        first one drawn is marked). Search steps of other seats and the parts they take or
        slide stay hidden, as in the observation."""
        state, names, p = frame.state, frame.names, frame.perspective
        history: list[int] = state["history"]
        if not history:
            return None, []
        action = names.decode(history[-1])
        kind, a, b = action
        text = names.notation(action)
        hands: list[list[int]] = state["hands"]
        stacks: list[list[int]] = state["stacks"]
        if kind == "stack":
            seat = state["taken"].index(a) if a in state["taken"] else -1
            return f"seat {seat}: {text}", [f"took-{seat}", f"stack-{a}"]
        if kind == "look":
            seat = state["to_move"]
            if not frame.sees_hand(seat):
                return f"seat {seat} searches (hidden)", []
            depth = _looked(state, seat) if 0 <= seat < len(state["looked"]) else 0
            stack = state["taken"][seat] if 0 <= seat < len(state["taken"]) else -1
            return f"seat {seat}: look", [f"stack-{stack}-row-{depth}", f"stack-{stack}"]
        if kind in ("take", "deal"):  # the part is now in a hand, or dealt onto a stack
            holder = next((s for s, hand in enumerate(hands) if a in hand), None)
            if holder is not None and frame.sees_hand(holder):
                prefix = f"seat {holder}: " if kind == "take" else ""
                return prefix + text, [f"part-{a}", f"hand-{holder}"]
            if holder is not None:
                verb = "takes" if kind == "take" else "is dealt"
                return f"seat {holder} {verb} a part (face down)", [f"hand-{holder}"]
            stack = next((s for s, parts in enumerate(stacks) if a in parts), 0)
            row = f"stack-{stack}-row-{stacks[stack].index(a) + 1 if a in stacks[stack] else 0}"
            if p is None:
                return text, [row]
            return f"deal a part onto stack {STACK_LETTERS[stack]}", [row]
        if kind == "stone":
            seat = next((s for s, k in enumerate(state["new_stones"]) if k == a), -1)
            return f"seat {seat}: {text}", [f"new-stone-{seat}", f"stone-{seat}"]
        if kind == "draw":
            seat = next((s for s, k in enumerate(state["stones"]) if k == a), -1)
            return f"seat {seat}: {text}", [f"stone-{seat}"]
        if kind == "build":  # the part lies on the table, or its commission was completed
            c = names.commission_of(a)
            for slot in state["table"]:
                if slot["commission"] == c and c is not None:
                    builder = slot["built"][names.data.parts[c].index(a)] if names.data else -1
                    return f"seat {builder}: {text}", [f"part-{a}"]
            return text, [f"part-{a}", f"completed-{c}"]
        if kind == "slide":
            row = f"stack-{b}-row-{len(stacks[b])}"
            known = p is None or any(
                entry == [a, b, len(stacks[b])] for entry in state["memory"][p]
            )
            if known:
                return text, [row]
            return f"a part slid under stack {STACK_LETTERS[b]}", [row, f"stack-{b}"]
        if kind == "reveal":
            return text, [f"commission-{a}"]
        if kind == "finish":
            return text, [f"finish-{a}"]
        return text, []

    def draw(
        self, state: dict[str, Any], perspective: int | None, bounds: svg.Bounds | None
    ) -> ET.Element:
        names = _Names(state)
        frame = _Frame(state, perspective, names)
        players: int = state["players"]
        status = self._status(state, names)
        name = "The Prestel New York Architecture Game"
        root = svg.picture(_WIDTH, _HEIGHT, name, state, status, perspective)
        last, marks = self._last(frame)
        self._header(root, frame, status, last)
        table = svg.el(root, "g", class_="table")
        for k, slot in enumerate(state["table"]):
            self._slot(table, frame, k, slot, svg.MARGIN + k * _SLOT_STEP, _TABLE_Y)
        self._deck(root, frame)
        self._completed(root, frame)
        self._stacks(root, frame)
        panel = svg.el(root, "g", class_="panel", fill=svg.INK)
        for seat in range(players):
            self._seat(panel, frame, seat, _PANEL_X, svg.stacked(svg.TOP, seat, _SEAT_H))
        self._legend(root, frame)
        box = svg.first(frame.anchors, marks)
        h = box[3] if box else 0.0
        pad = min(3.0, h / 6)  # a ring around a thin stack row keeps off its neighbours
        svg.ring(root, box, pad, min(6, h / 2 + pad))
        return root

    # --- the parts of the picture ------------------------------------------------------------

    def _header(self, root: ET.Element, frame: _Frame, status: str, last: str | None) -> None:
        state = frame.state
        header = svg.el(root, "g", class_="header", fill=svg.INK)
        x, y = svg.MARGIN, svg.TOP
        facts = [f"{state['players']} players", f"round {state['round']}"]
        facts.append(f"move {len(state['history'])}")
        if state["max_rounds"]:
            facts.append(f"at most {state['max_rounds']} rounds")
        if any(speed != 1 for speed in state["speeds"]):
            facts.append("speeds " + ",".join(str(s) for s in state["speeds"]))
        svg.heading(
            header,
            x,
            y,
            "Prestel New York",
            facts,
            status,
            last,
            perspective=frame.perspective,
            facts_x=x + 186,
            last_width=440,
        )
        # The round's public race: the finishing order and the stones still on offer.
        right = x + 470
        finish: list[int] = state["finish"]
        if finish:
            svg.label(header, "finishing order", right, y + 44, font_size=11, fill=svg.MUTED)
            for i, seat in enumerate(finish):
                svg.seat_chip(header, right + 92 + i * 22, y + 40, seat, r=8)
        if state["phase"] == "stone":
            picked = {k for k in state["new_stones"] if k}
            offer = sorted(k for k in state["stones"] if k and k not in picked)
            svg.label(header, "stones on offer", right, y + 66, font_size=11, fill=svg.MUTED)
            for i, number in enumerate(offer):
                _stone(header, right + 100 + i * 26, y + 62, number)

    def _slot(
        self, parent: ET.Element, frame: _Frame, k: int, slot: dict[str, Any], x: float, y: float
    ) -> None:
        names = frame.names
        g = svg.el(parent, "g", class_=f"slot slot-{k + 1}", data_panel=f"slot {k + 1}")
        c: int = slot["commission"]
        if c < 0:
            svg.empty(g, x, y, _SLOT_W, _SLOT_H, "empty", filled=True, rx=8, size=12)
            svg.label(g, f"slot {k + 1}", x + 10, y + 16, font_size=10, fill=svg.MUTED)
            return
        frame.anchors[f"commission-{c}"] = (x, y, _SLOT_W, _SLOT_H)
        svg.el(g, "title", names.name(c))
        svg.rect(
            g, x, y, _SLOT_W, _SLOT_H, rx=8, fill=svg.CARD, stroke=svg.CARD_LINE, stroke_width=1.2
        )
        svg.label(g, f"slot {k + 1}", x + 10, y + 16, font_size=10, fill=svg.MUTED)
        svg.fit(
            g,
            names.slug(c),
            x + _SLOT_W - 10,
            y + 16,
            90,
            10,
            text_anchor="end",
            fill=svg.MUTED,
        )
        for i, line in enumerate(svg.wrap(names.name(c), 20, 2)):
            svg.fit(g, line, x + 10, y + 34 + 15 * i, _SLOT_W - 20, 12, font_weight="bold")
        built: list[int] = slot["built"]
        for i, builder in enumerate(built):
            ry = y + 62 + i * 32
            label = names.slot_part(c, i)
            part = names.part_id(c, i)
            box = (x + 10, ry, _SLOT_W - 20, 26.0)
            if part is not None:
                frame.anchors[f"part-{part}"] = box
            if builder >= 0:
                svg.rect(
                    g,
                    *box,
                    rx=4,
                    fill=svg.SEAT_FILL[builder],
                    stroke=svg.SEAT_DARK[builder],
                    stroke_width=1.2,
                )
                svg.fit(
                    g,
                    label,
                    x + 18,
                    ry + 17,
                    100,
                    11,
                    fill=svg.SEAT_ON[builder],
                    font_weight="bold",
                )
                svg.seat_chip(g, x + _SLOT_W - 24, ry + 13, builder)
            else:
                svg.rect(
                    g,
                    *box,
                    rx=4,
                    fill="#ffffff",
                    stroke=svg.MUTED,
                    stroke_width=1,
                    stroke_dasharray="4 3",
                )
                svg.fit(g, label, x + 18, ry + 17, 124, 11, fill=svg.MUTED)

    def _deck(self, root: ET.Element, frame: _Frame) -> None:
        names = frame.names
        deck = frame.state["deck"]
        g = svg.el(root, "g", class_="deck")
        x, y, w = _DECK_X, _TABLE_Y, _DECK_W
        top: int = deck["top"]
        if top >= 0:
            frame.anchors[f"commission-{top}"] = (x, y, w, 86)
            svg.el(g, "title", names.name(top))
            svg.rect(g, x, y, w, 86, rx=8, fill=svg.CARD, stroke=svg.CARD_LINE, stroke_width=1.2)
            svg.label(g, "deck \u00b7 face up", x + 10, y + 16, font_size=10, fill=svg.MUTED)
            for i, line in enumerate(svg.wrap(names.name(top), 21, 2)):
                svg.fit(g, line, x + 10, y + 34 + 15 * i, w - 20, 12, font_weight="bold")
            parts = names.parts_of(top)
            if parts is not None:
                lines: list[str] = []
                for part in parts:
                    joined = f"{lines[-1]} \u00b7 {part}" if lines else part
                    if lines and svg.text_width(joined, 10) <= w - 20:
                        lines[-1] = joined
                    else:
                        lines.append(part)
                lines = lines[:2] if len(lines) <= 2 else [lines[0], " \u00b7 ".join(lines[1:])]
                for i, line in enumerate(lines):
                    line_y = y + 78 - 12 * (len(lines) - 1 - i)
                    svg.fit(g, line, x + 10, line_y, w - 20, 10, fill=svg.MUTED)
        else:
            svg.empty(g, x, y, w, 86, filled=True, rx=8)
            svg.label(g, "deck", x + 10, y + 16, font_size=10, fill=svg.MUTED)
            svg.label(g, "no card face up", x + 10, y + 50, font_size=12, fill=svg.MUTED)
        # The unseen cards, face down, and the tail pushed under them in public.
        unseen = len(deck["unseen"])
        py = y + 96
        if unseen:
            for shift in (4, 2, 0):
                if unseen > shift // 2:
                    svg.card_back(g, x + shift, py + shift, 44, 50)
        else:
            svg.rect(g, x, py, 44, 50, rx=4, fill="none", stroke=svg.CARD_LINE)
        svg.centred(
            g,
            str(unseen),
            x + 22,
            py + 31,
            15,
            font_weight="bold",
            fill="#ffffff" if unseen else svg.MUTED,
        )
        svg.label(g, "unseen", x, py + 66, font_size=10, fill=svg.MUTED)
        tail: list[int] = deck["tail"]
        svg.label(
            g,
            "then, under them" if tail else "no card under them",
            x + 58,
            py + 10,
            font_size=10,
            fill=svg.MUTED,
        )
        shown = tail if len(tail) <= 4 else tail[:3]
        for i, c in enumerate(shown):
            svg.fit(g, f"{i + 1}. {names.slug(c)}", x + 58, py + 25 + 13 * i, w - 58, 11)
        if len(tail) > len(shown):
            more = f"\u2026 and {len(tail) - len(shown)} more"
            svg.label(g, more, x + 58, py + 25 + 13 * 3, font_size=11, fill=svg.MUTED)

    def _completed(self, root: ET.Element, frame: _Frame) -> None:
        names = frame.names
        done: list[int] = frame.state["completed"]
        g = svg.el(root, "g", class_="completed")
        x, y = svg.MARGIN, _DONE_Y
        svg.label(g, f"completed ({len(done)})", x, y + 10, font_size=11, fill=svg.MUTED)
        if not done:
            svg.label(g, "none yet", x, y + 34, font_size=12, fill=svg.MUTED)
            return
        per_row = max(5, math.ceil(len(done) / 2))
        gap = 6
        tag_w = (_LEFT_W - gap * (per_row - 1)) / per_row
        for i, c in enumerate(done):
            tx = x + (i % per_row) * (tag_w + gap)
            ty = y + 18 + (i // per_row) * 26
            frame.anchors[f"completed-{c}"] = (tx, ty, tag_w, 20)
            tag = svg.el(g, "g")
            svg.el(tag, "title", names.name(c))
            svg.rect(tag, tx, ty, tag_w, 20, rx=4, fill="#efe7d4", stroke="#d8cdb4")
            label = names.name(c) if tag_w >= 140 else names.slug(c)
            svg.fit(tag, label, tx + 6, ty + 14, tag_w - 12, 11)

    def _stacks(self, root: ET.Element, frame: _Frame) -> None:
        state, names, p = frame.state, frame.names, frame.perspective
        stacks: list[list[int]] = state["stacks"]
        memory: list[list[list[int]]] = state["memory"]
        taken: list[int] = state["taken"]
        remembered: dict[tuple[int, int], list[int]] = {}
        if p is not None:
            for part, stack, depth in memory[p]:
                remembered.setdefault((stack, depth), []).append(part)
        seen_by: dict[int, list[int]] = {}
        for seat, entries in enumerate(memory):
            for entry in entries:
                seen_by.setdefault(entry[0], []).append(seat)
        g = svg.el(root, "g", class_="stacks")
        for stack, parts in enumerate(stacks):
            x = svg.MARGIN + stack * _STACK_STEP
            y = _STACK_Y
            column = svg.el(g, "g", class_=f"stack stack-{STACK_LETTERS[stack]}")
            frame.anchors[f"stack-{stack}"] = (x, y, _STACK_W, _SYMBOL_H)
            svg.rect(
                column,
                x,
                y,
                _STACK_W,
                _SYMBOL_H,
                rx=6,
                fill=_SYMBOL_CARD,
                stroke="#b9a983",
                stroke_width=1.2,
            )
            svg.label(
                column, STACK_LETTERS[stack], x + 10, y + 33, font_size=22, font_weight="bold"
            )
            _symbol_icon(column, x + 32, y + 13, stack)
            symbol = names.symbol(stack)
            if symbol:
                svg.fit(column, symbol, x + 64, y + 22, 64, 12, font_weight="bold")
            count = len(parts)
            sized = "empty" if not count else f"{count} part{'s' if count != 1 else ''}"
            svg.label(column, sized, x + 64, y + 38, font_size=10, fill=svg.MUTED)
            holders = [seat for seat, t in enumerate(taken) if t == stack]
            for seat in holders:
                svg.seat_chip(column, x + _STACK_W - 16, y + 16, seat, r=9)
            # One row per card, top first, and (seen by a seat) down to the deepest place it
            # remembers; a long stack gets thinner rows.
            depth_rows = max([count] + [d for (s, d) in remembered if s == stack])
            rh = min(_ROW_MAX, _ROWS_H / max(1, depth_rows))
            size = min(9.5, rh - 4.5)
            rows = _Rows(column, size)
            for depth in range(1, depth_rows + 1):
                ry = _ROWS_Y + (depth - 1) * rh
                box = (x + 1, ry, _STACK_W - 2, max(1.0, rh - 2))
                frame.anchors[f"stack-{stack}-row-{depth}"] = box
                here = remembered.get((stack, depth), [])
                if depth <= count and p is None:
                    self._face_up_row(rows, frame, box, parts[depth - 1], seen_by)
                elif here:
                    self._memory_row(column, frame, box, here, size, depth <= count)
                elif depth <= count:
                    rows.card(box, face_up=False)
            rows.close()

    def _face_up_row(
        self, rows: _Rows, frame: _Frame, box: svg.Box, part: int, seen_by: dict[int, list[int]]
    ) -> None:
        x, y, w, h = box
        card = rows.card(box, face_up=True)
        frame.anchors[f"part-{part}"] = box
        right = x + w - 3
        slot = frame.slot_of(part)
        if slot is not None:
            badge = min(11.0, h - 2)
            _slot_badge(rows.group("badges"), right - badge, y + (h - badge) / 2, slot, badge)
            right -= badge + 3
        for seat in reversed(seen_by.get(part, [])):
            svg.circle(rows.dots(seat), right - 3, y + h / 2, min(3, h / 3))
            right -= 7
        if rows.size >= 5:
            labels = rows.group("labels")
            text_y = y + h / 2 + rows.size * 0.36
            svg.fit(labels, frame.names.part(part), x + 5, text_y, right - x - 8, rows.size)
        else:  # too thin a row to write on: the name is the card's tooltip
            svg.el(card, "title", frame.names.part(part))

    def _memory_row(
        self,
        parent: ET.Element,
        frame: _Frame,
        box: svg.Box,
        parts: list[int],
        size: float,
        in_stack: bool,
    ) -> None:
        """A card the seat looking remembers (face down, the remembered part named on it); a
        dashed ghost if the stack is no longer that deep."""
        seat = frame.perspective if frame.perspective is not None else 0
        x, y, w, h = box
        row = svg.el(parent, "g", class_="memory")
        label = " / ".join(frame.names.part(part) for part in parts)
        svg.el(row, "title", f"you saw {label} here")
        svg.rect(
            row,
            x,
            y,
            w,
            h,
            rx=min(3, h / 4),
            fill=svg.SEAT_TINT[seat] if in_stack else "none",
            stroke=svg.SEAT_DARK[seat],
            stroke_width=1.1,
            stroke_dasharray=None if in_stack else "3 2",
        )
        for part in parts:
            frame.anchors.setdefault(f"part-{part}", box)
        right = x + w - 3
        slot = frame.slot_of(parts[0])
        if slot is not None:
            badge = min(11.0, h - 2)
            _slot_badge(row, right - badge, y + (h - badge) / 2, slot, badge)
            right -= badge + 3
        if size >= 5:
            svg.fit(
                row,
                label,
                x + 5,
                y + h / 2 + size * 0.36,
                right - x - 8,
                size,
                fill=svg.INK if in_stack else svg.MUTED,
            )

    def _seat(self, parent: ET.Element, frame: _Frame, seat: int, x: float, y: float) -> None:
        state, names = frame.state, frame.names
        moving = state["phase"] != "end" and state["to_move"] == seat
        won = seat in self.winners(state)
        row = svg.seat_panel(parent, seat, x, y, _PANEL_W, _SEAT_H, moving)
        svg.seat_chip(row, x + 20, y + 19, seat, r=10)
        tags = svg.seat_tags(seat, frame.perspective, moving, won)
        svg.seat_name(row, seat, x + 38, y + 24, tags, x + 94, moving or won)
        chips: int = state["chips"][seat]
        goal = names.win_chips
        note = f"chips of {goal}" if names.data else "chips"
        svg.tally(row, str(chips), note, x + _PANEL_W - 12, y + 30, y + 44)
        # Progress toward the goal: one pip per chip, the goal's pip ringed.
        pips = max(goal, chips)
        step = min(14.0, 190 / pips)
        for i in range(pips):
            cx = x + 16 + i * step
            held = i < chips
            svg.circle(
                row,
                cx,
                y + 44,
                min(5, step / 2 - 0.5),
                fill=svg.SEAT_FILL[seat] if held else "none",
                stroke=svg.SEAT_DARK[seat] if held else "#c9bda3",
                stroke_width=1.6 if i == goal - 1 and names.data else 1,
            )
        self._hand(row, frame, seat, x + 10, y + 58)
        self._seat_facts(row, frame, seat, x + 10, y + 112)

    def _hand(self, parent: ET.Element, frame: _Frame, seat: int, x: float, y: float) -> None:
        names = frame.names
        hand: list[int] = frame.state["hands"][seat]
        g = svg.el(parent, "g", class_=f"hand hand-{seat}")
        frame.anchors[f"hand-{seat}"] = (x, y, max(1, len(hand)) * 96 - 4, 36)
        if not hand:
            svg.label(g, "no parts in hand", x, y + 22, font_size=11, fill=svg.MUTED)
            return
        for i, part in enumerate(hand):
            cx = x + i * 96
            if not frame.sees_hand(seat):
                svg.card_back(g, cx, y, 92, 36)
                continue
            card = svg.el(g, "g")
            svg.el(card, "title", names.part(part))
            frame.anchors[f"part-{part}"] = (cx, y, 92, 36)
            svg.rect(
                card, cx, y, 92, 36, rx=4, fill=svg.CARD, stroke=svg.CARD_LINE, stroke_width=1.2
            )
            slot = frame.slot_of(part)
            width = 80.0
            if slot is not None:
                _slot_badge(card, cx + 76, y + 4, slot)
                width = 66
            svg.fit(card, names.part_name(part), cx + 6, y + 15, width, 10.5, font_weight="bold")
            slug = names.part_slug(part)
            if slug:
                svg.fit(card, slug, cx + 6, y + 29, 80, 9, fill=svg.MUTED)

    def _seat_facts(self, parent: ET.Element, frame: _Frame, seat: int, x: float, y: float) -> None:
        """Stone, the stack taken this round, the place in the finishing order, the new
        stone, and (for eyes allowed) the parts looked at; ``y`` is the line's middle."""
        state = frame.state
        g = svg.el(parent, "g", class_="facts", font_size=10, fill=svg.MUTED)

        def label(text: str, at: float) -> float:
            svg.label(g, text, at, y + 3.5)
            return at + svg.text_width(text, 10) + 4

        at = label("stone", x)
        _stone(g, at + 11, y, state["stones"][seat])
        frame.anchors[f"stone-{seat}"] = (at, y - 9, 22, 18)
        at += 32
        took: int = state["taken"][seat]
        if took >= 0:
            at = label("took", at)
            frame.anchors[f"took-{seat}"] = (at, y - 9, 16, 18)
            svg.rect(g, at, y - 9, 16, 18, rx=2, fill=_SYMBOL_CARD, stroke="#b9a983")
            svg.centred(
                g, STACK_LETTERS[took], at + 8, y + 4.5, 12, font_weight="bold", fill=svg.INK
            )
            at += 26
        finish: list[int] = state["finish"]
        if seat in finish:
            place = _ordinal(finish.index(seat) + 1)
            start = at
            at = label("finished", at)
            svg.label(g, place, at, y + 4, font_size=12, font_weight="bold", fill=svg.INK)
            end = at + svg.text_width(place, 12, True)
            frame.anchors[f"finish-{seat}"] = (start, y - 9, end - start, 18)
            at = end + 10
        new: int = state["new_stones"][seat]
        if new:
            at = label("new", at)
            _stone(g, at + 11, y, new)
            frame.anchors[f"new-stone-{seat}"] = (at, y - 9, 22, 18)
            at += 32
        looked = _looked(state, seat)
        if looked and frame.sees_hand(seat):
            label(f"looked {looked}", at)

    def _legend(self, root: ET.Element, frame: _Frame) -> None:
        x, y = svg.MARGIN, _LEGEND_Y
        legend = svg.legend(root, x, y, _WIDTH - 2 * svg.MARGIN)
        y += 8
        svg.rect(legend, x, y, 34, 14, rx=3, fill=svg.SEAT_FILL[0])
        svg.seat_chip(legend, x + 26, y + 7, 0, r=6)
        at = svg.key(legend, "built, with its builder's chip", x, y + 11, 40, 16)
        svg.rect(
            legend, at, y, 34, 14, rx=3, fill="#ffffff", stroke=svg.MUTED, stroke_dasharray="4 3"
        )
        at = svg.key(legend, "missing", at, y + 11, 40, 16)
        svg.card_back(legend, at, y, 34, 14, r=3)
        at = svg.key(legend, "face down", at, y + 11, 40, 16)
        _slot_badge(legend, at, y + 1, 1)
        at = svg.key(legend, "its commission is in slot 2", at, y + 11, 17, 16)
        if frame.perspective is None:
            for i in range(2):
                svg.circle(legend, at + 3 + 7 * i, y + 7, 3, fill=svg.SEAT_FILL[i])
            at = svg.key(legend, "seen by those seats", at, y + 11, 17, 16)
        else:
            seat = frame.perspective
            svg.rect(
                legend, at, y, 34, 14, rx=3, fill=svg.SEAT_TINT[seat], stroke=svg.SEAT_DARK[seat]
            )
            at = svg.key(legend, "where you last saw it", at, y + 11, 40, 16)
        svg.last_mark(legend, at, y + 1)
        svg.label(legend, "last move", at + 18, y + 11)
