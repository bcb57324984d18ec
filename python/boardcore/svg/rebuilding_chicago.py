"""Rebuilding Chicago: per seat its 11 x 11 table (district board, suburbs, buildings, landmarks,
rubble and sights), its money, VP, unhappy population, qualities, law, landmarks and
abilities; the market, the events, the task queue.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Any, Final

from ..reference._rebuilding_chicago_actions import (
    EVENTS,
    TYPE_LETTERS,
    TYPES,
    Cell,
    action_text,
    orientations,
)
from . import _common as svg

_TYPE_FILL: Final = (
    "#6b5b95",  # train (expansion)
    "#2a9d5c",  # money
    "#1d3557",  # graduation
    "#2f6fd0",  # entertainment: the rulebook's blue tile
    "#e0a526",  # shopping
    "#d1495b",  # restaurant
    "#8d99ae",  # statue
)
_TYPE_ON: Final = ("#ffffff",) * 4 + ("#3d2c00", "#ffffff", "#1f2430")
_LANDMARK: Final = "#7a1f6e"
_EVENT_NAMES: Final = (
    "Expansion",
    "Graduation",
    "See the Sights",
    "A Night on the Town",
    "Shopping",
    "Fine Dining",
    "On the World Stage",
)
_LEVELS: Final = ("easy", "standard", "expert")
_REGION: Final = {"S": "#efe4cc", "A": "#d9e8cf", "B": "#d3e2ef", "#": "#8fb9cf"}
_UNCONNECTED: Final = {"A": "#c3cdbd", "B": "#bcc6cf"}
_SUBURB: Final = "#f7f1df"
_RUBBLE: Final = "#6e5a44"
_SIGHT: Final = "#c2185b"
_CELL: Final = 19
_LEFT: Final = 20
_WIDTH: Final = 1200
_CARD_W: Final = 136
_CARD_H: Final = 102
_EVENTS_Y: Final = svg.BODY_Y + _CARD_H + 30
_SEATS_Y: Final = _EVENTS_Y + 64
_SEAT_W: Final = 576
_MARGIN: Final = 5
"""White space round a seat's 11 x 11 table, so suburbs on its edge do not touch the box."""
_SEAT_H: Final = 11 * _CELL + 2 * _MARGIN + 48
_FACTS_X: Final = 11 * _CELL + 2 * _MARGIN + 28


def _cells(rows: list[str], suburb: bool = False) -> list[Cell]:
    """A piece's cells as printed (docs/games/rebuilding_chicago.md, *Pieces*)."""
    cells: list[Cell] = []
    for y, row in enumerate(rows):
        for x, ch in enumerate(str(row)):
            if suburb and ch in ".r123":
                cells.append((x, y, "" if ch == "." else ch))
            elif not suburb and ch == "#":
                cells.append((x, y, ""))
    return cells


@dataclass(frozen=True)
class _Card:
    round: int
    number: int
    """The card's place in its round's deck of the packaged file, from 1."""
    cost: int
    benefits: tuple[str, ...]
    """As the data writes them (``build shopping-u5``, ``appease 2``)."""
    ability: str
    """The ability half in words: ``Profit: $2 per landmark``, ``Take 2 suburb tiles``."""

    @property
    def name(self) -> str:
        return f"Round {self.round} \u00b7 no. {self.number}"


_AMENITIES: Final = ("entertainment", "shopping", "restaurant")
_COUNTS: Final = {
    "rubble": ("rubble", "rubble"),
    "sights": ("sight", "sights"),
    "sightkinds": ("kind of sights", "kinds of sights"),
    "types": ("building type", "building types"),
    "suburbs": ("suburb", "suburbs"),
    "landmarks": ("landmark", "landmarks"),
    "unhappy": ("unhappy", "unhappy"),
    "money": ("dollar", "dollars"),
}
_OPS: Final = {">=": "\u2265", "<=": "\u2264", ">": ">", "<": "<", "=": "="}


def _count_words(count: str, many: bool) -> str:
    """A COUNT of the effects vocabulary (docs/games/rebuilding_chicago.md) in words."""
    kind, _, what = count.partition(":")
    if kind == "symbols":
        return f"{what} symbol{'s' if many else ''}"
    if kind == "tiles":
        return f"{what} tile{'s' if many else ''}"
    if kind == "quality":
        return f"{what} quality"
    return _COUNTS.get(count, (count, count))[many]


def _gain_words(gain: str, amount: str) -> str:
    if gain == "money":
        return f"${amount}"
    if gain == "vp":
        return f"{amount} VP"
    if gain == "appease":
        return f"appease {amount} unhappy"
    if gain.startswith("quality:"):
        return f"+{amount} {gain[len('quality:') :]} quality"
    if gain == "suburbs":
        return f"{amount} suburb tile{'s' if amount != '1' else ''}"
    return f"{gain} {amount}"


def _effect_words(effect: str) -> str:
    """An effect (``vp 2 per tiles:statue``, ``vp 5 if rubble = 0``) in words, as a card
    prints it: ``2 VP per statue tile``, ``5 VP if no rubble``; unknown words stay as they
    are."""
    words = effect.split()
    if words[:1] == ["build"] and len(words) == 2:
        kind, _, shape = words[1].partition("-")
        return f"build {kind} {shape.upper()}".rstrip()
    if len(words) < 2:
        return effect
    text = _gain_words(words[0], words[1])
    rest = words[2:]
    if rest[:1] == ["per"] and len(rest) >= 2:
        count, _, every = rest[1].partition("/")
        text += (
            f" per {every} {_count_words(count, True)}"
            if every
            else f" per {_count_words(count, False)}"
        )
        rest = rest[2:]
    if rest[:1] == ["if"] and len(rest) == 4:
        left, op, right = rest[1:]
        if left == "rubble" and op == "=" and right == "0":
            text += " if no rubble"
        else:
            value = right if right.isdigit() else _count_words(right, True)
            text += f" if {_count_words(left, True)} {_OPS.get(op, op)} {value}"
        rest = []
    return " ".join([text, *rest])


def _ability_words(card: dict[str, Any]) -> str:
    """The ability half of a packaged card in words."""

    def effects(value: object) -> str:
        items = value if isinstance(value, list) else [value]
        return "; ".join(_effect_words(str(item)) for item in items)

    if "profit" in card:
        return "Profit: " + effects(card["profit"])
    if "endgame" in card:
        return "End: " + effects(card["endgame"])
    return f"Take {_gain_words('suburbs', str(card['suburbs']))}"


@dataclass(frozen=True)
class _Data:
    """The packaged component file, as much of it as the picture needs."""

    kinds: tuple[tuple[str, int, int, tuple[tuple[Cell, ...], ...]], ...]
    """Per building kind: key, type, symbols, orientations."""
    districts: tuple[tuple[str, str, tuple[str, ...], tuple[str, ...], tuple[Any, ...]], ...]
    """Per district: key, name, regions, symbols, starting buildings."""
    laws: tuple[tuple[str, ...], ...]
    """Per district: its 3 law keys."""
    landmarks: tuple[tuple[str, str, int, tuple[tuple[Cell, ...], ...]], ...]
    """Per landmark: key, name, cost, orientations."""
    suburbs: tuple[tuple[tuple[Cell, ...], ...], ...]
    """Per suburb tile: its orientations."""
    cards: tuple[_Card, ...]
    solo_target: int


@svg.packaged("rebuilding_chicago.toml")
def _data(doc: dict[str, Any]) -> _Data:
    """``data/rebuilding_chicago.toml`` of the package, or None if it cannot be read."""
    kinds = tuple(
        (
            str(k["key"]),
            TYPES.index(str(k["type"])),
            int(k["symbols"]),
            orientations(_cells(list(k["shape"]))),
        )
        for k in doc["kind"]
    )
    districts = tuple(
        (
            str(d["key"]),
            str(d["name"]),
            tuple(str(r) for r in d["regions"]),
            tuple(str(r) for r in d["symbols"]),
            tuple(tuple(b) for b in d["buildings"]),
        )
        for d in doc["district"]
    )
    laws = tuple(tuple(str(law["key"]) for law in d["law"]) for d in doc["district"])
    landmarks = tuple(
        (
            str(lm["key"]),
            str(lm["name"]),
            int(lm["cost"]),
            orientations(_cells(list(lm["shape"]))),
        )
        for lm in doc["landmark"]
    )
    suburbs = tuple(
        orientations(_cells(list(s["cells"]), suburb=True))
        for s in doc["suburb"]
        for _ in range(int(s["count"]))
    )
    cards: list[_Card] = []
    for c in doc["card"]:
        number = 1 + sum(1 for card in cards if card.round == int(c["round"]))
        benefits = tuple(str(b) for b in c["benefits"])
        cards.append(_Card(int(c["round"]), number, int(c["cost"]), benefits, _ability_words(c)))
    return _Data(
        kinds=kinds,
        districts=districts,
        laws=laws,
        landmarks=landmarks,
        suburbs=suburbs,
        cards=tuple(cards),
        solo_target=int(doc["rules"]["solo_target"]),
    )


def _fits(data: _Data, state: dict[str, Any]) -> bool:
    """Whether the state's ids fit the packaged file (a user's data file may not)."""
    if len(state["supply"]) != len(data.kinds):
        return False
    cards = [c for c in state["market"] if c >= 0] + [c for deck in state["decks"] for c in deck]
    if any(not 0 <= c < len(data.cards) for c in cards):
        return False
    for seat in state["seats"]:
        if not -1 <= seat["district"] < len(data.districts):
            return False
        shapes: list[list[tuple[tuple[Cell, ...], ...]]] = [
            [k[3] for k in data.kinds],
            [lm[3] for lm in data.landmarks],
            list(data.suburbs),
        ]
        for cls, ident, o, _ in seat["pieces"]:
            if not 0 <= cls < 3 or not 0 <= ident < len(shapes[cls]):
                return False
            if not 0 <= o < len(shapes[cls][ident]):
                return False
        landmarks = [*seat["landmarks"], *seat["built"], *seat["dealt"]]
        if any(not 0 <= k < len(data.landmarks) for k in landmarks):
            return False
    return True


@dataclass
class _Frame(svg.Frame):
    """A drawing of a Rebuilding Chicago state: the packaged data (None if the state does not
    fit it); anchors are keyed like ``space-1-60``."""

    data: _Data | None


@dataclass
class _Square:
    """What one space of a seat's table shows."""

    region: str = ""
    """S A B # on the district board, "" elsewhere."""
    suburb: bool = False
    symbol: str = ""
    cover: int = -1
    """Building type 0..6, 7 a landmark, -1 nothing."""
    piece: int = -1
    """Index of the covering piece in the seat's ``pieces``, -2 a starting building."""


class _Table:
    """One seat's table, worked out from the JSON and the packaged data."""

    def __init__(self, data: _Data | None, seat: dict[str, Any]) -> None:
        self.squares = [_Square() for _ in range(121)]
        self.symbols = [0] * 7
        self.tiles = [0] * 7
        self.district = ""
        district: int = seat["district"]
        if data is not None and district >= 0:
            _, name, regions, symbols, buildings = data.districts[district]
            self.district = name
            for y in range(7):
                for x in range(7):
                    square = self.squares[(y + 2) * 11 + x + 2]
                    square.region = regions[y][x]
                    symbol = symbols[y][x]
                    square.symbol = symbol if symbol in "r123" else ""
            keys = [k[0] for k in data.kinds]
            for key, o, anchor in buildings:
                kind = keys.index(str(key))
                column = "abcdefghijk".index(str(anchor)[0])
                row = int(str(anchor)[1:]) - 1
                self._cover(data.kinds[kind][3][int(o)], row * 11 + column, data.kinds[kind][1], -2)
                self._count(data, kind)
        for index, (cls, ident, o, anchor) in enumerate(seat["pieces"]):
            if data is None:
                square = self.squares[anchor]
                square.cover = ident % 7 if cls == 0 else 7 if cls == 1 else -1
                square.suburb = square.suburb or cls == 2
                continue
            if cls == 0:
                self._cover(data.kinds[ident][3][o], anchor, data.kinds[ident][1], index)
                self._count(data, ident)
            elif cls == 1:
                self._cover(data.landmarks[ident][3][o], anchor, 7, index)
            else:
                ay, ax = divmod(anchor, 11)
                for x, y, s in data.suburbs[ident][o]:
                    if 0 <= ax + x < 11 and 0 <= ay + y < 11:
                        square = self.squares[(ay + y) * 11 + ax + x]
                        square.suburb = True
                        square.symbol = s

    def _cover(self, shape: tuple[Cell, ...], anchor: int, cover: int, piece: int) -> None:
        ay, ax = divmod(anchor, 11)
        for x, y, _ in shape:
            if 0 <= ax + x < 11 and 0 <= ay + y < 11:
                square = self.squares[(ay + y) * 11 + ax + x]
                square.cover = cover
                square.piece = piece

    def _count(self, data: _Data, kind: int) -> None:
        _, kind_type, symbols, _ = data.kinds[kind]
        self.tiles[kind_type] += 1
        self.symbols[kind_type] += symbols

    def connected(self, area: str) -> bool:
        for where, square in enumerate(self.squares):
            if square.region != area:
                continue
            y, x = divmod(where, 11)
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                inside = 0 <= x + dx < 11 and 0 <= y + dy < 11
                if inside and self.squares[(y + dy) * 11 + x + dx].suburb:
                    return True
        return False


def _task_words(task: list[int], data: _Data | None) -> str:
    """A task of the queue (docs/games/rebuilding_chicago.md, *Turn structure*) in words."""
    kind, seat, *more = task
    arg = more[0] if more else 0
    if kind == 0:
        name = data.kinds[arg][0] if data is not None and 0 <= arg < len(data.kinds) else arg
        return f"seat {seat} builds {name}"
    if kind == 1:
        ok = data is not None and 0 <= arg < len(data.landmarks)
        return f"seat {seat} places {data.landmarks[arg][1] if ok and data else arg}"
    if kind == 2:
        return f"seat {seat} draws {arg} suburb{'s' if arg != 1 else ''}"
    if kind == 3:
        return f"seat {seat} places suburbs"
    event = _EVENT_NAMES[arg] if 0 <= arg < len(_EVENT_NAMES) else f"event {arg}"
    if kind == 4:
        return f"seat {seat} chooses for {event}"
    if kind == 5:
        return f"seat {seat} takes {event}'s reward"
    if kind == 6:
        return f"seat {seat} takes a free card"
    if kind == 7:
        return f"seat {seat} loses an ability"
    return json.dumps(task)


def _returner(state: dict[str, Any]) -> int:
    """The seat whose `return` was the last action: the seats return in turn order from the
    starting seat, so it is the last of them whose dealt cards are gone."""
    players: int = state["players"]
    start: int = state["start"]
    order = [(start + i) % players for i in range(players)]
    return [q for q in order if not state["seats"][q]["dealt"]][-1]


def _winners(state: dict[str, Any], data: _Data | None) -> list[int]:
    """The winners once the game is over (ruling 26), else none."""
    if state["phase"] != "over":
        return []
    seats: list[dict[str, Any]] = state["seats"]
    if state["players"] == 1:
        target = data.solo_target if data else 150
        return [0] if seats[0]["vp"] >= target else []
    best = max((s["vp"], -s["unhappy"]) for s in seats)
    return [i for i, s in enumerate(seats) if (s["vp"], -s["unhappy"]) == best]


def _notation(action: int, data: _Data | None) -> str:
    """Action ``action`` in the notation of docs/games/rebuilding_chicago.md (the keys of the
    packaged data; ids when the data is not there)."""

    def key(table: str, index: int) -> str:
        if data is not None:
            names = {
                "landmark": [k[0] for k in data.landmarks],
                "district": [k[0] for k in data.districts],
                "kind": [k[0] for k in data.kinds],
            }[table]
            if 0 <= index < len(names):
                return names[index]
        return f"{table}-{index}"

    return action_text(action, key)


class RebuildingChicagoDrawer(svg.TableDrawer):
    """Draws a Rebuilding Chicago state: the market and its solo tokens, the seven events,
    the task queue, and per seat its table (district board regions and symbols, suburbs,
    buildings coloured by type, landmarks), money, VP, unhappy population, qualities,
    amenity symbols, law, landmarks, abilities and suburbs in hand."""

    CHART = svg.PAWNS
    # A turn is a main action, maybe after a refill, and the tasks it puts on the queue: no
    # action id alone tells where a turn starts (starts_turn).

    @staticmethod
    def _status(state: dict[str, Any]) -> str:
        """The first line of the text rendering (docs/games/rebuilding_chicago.md)."""
        players: int = state["players"]
        who = "1 player" if players == 1 else f"{players} players"
        to_move: int = state["to_move"]
        if state["phase"] == "over":
            moving = "game over"
        elif to_move < 0:
            moving = "chance to move"
        else:
            moving = f"seat {to_move} to move"
        return (
            f"Rebuilding Chicago, {who}, round {state['round']}, phase {state['phase']}, {moving}"
        )

    def draw(
        self, state: dict[str, Any], perspective: int | None, bounds: svg.Bounds | None
    ) -> ET.Element:
        data = svg.fitting(_data(), _fits, state)
        players: int = state["players"]
        rows = (players + 1) // 2
        height = svg.stacked(_SEATS_Y, rows, _SEAT_H) + 58
        status = self._status(state)
        root = svg.picture(_WIDTH, height, "Rebuilding Chicago", state, status, perspective)
        frame = _Frame(state, perspective, data)
        history: list[int] = state["history"]
        last = _notation(history[-1], data) if history else None
        if perspective is not None and last is not None and last.startswith("deal "):
            # a landmark card dealt into a hand: the seats see that one was dealt, not which
            last = "deal (a landmark card, face down)"
        elif perspective is not None and last is not None and last.startswith("return "):
            # the card a seat puts back is seen by that seat alone (its two kept are public)
            seat = _returner(state)
            if seat != perspective:
                last = f"seat {seat} returns a landmark card (face down)"
        self._header(root, frame, status, last)
        self._market(root, frame)
        self._events(root, frame)
        winners = _winners(state, data)
        panel = svg.el(root, "g", class_="panel", fill=svg.INK)
        for seat in range(players):
            x = svg.stacked(_LEFT, seat % 2, _SEAT_W)
            y = svg.stacked(_SEATS_Y, seat // 2, _SEAT_H)
            self._seat(panel, frame, seat, x, y, winners)
        self._legend(root, height - 40)
        mark = self._mark(state, history[-1]) if history else ""
        svg.ring(root, frame.anchors.get(mark), 2, 4)
        return root

    @staticmethod
    def _mark(state: dict[str, Any], action: int) -> str:
        """The anchor key of what the last action touched."""
        if action < 968:
            o, anchor = divmod(action, 121)
            for seat, entry in enumerate(state["seats"]):
                pieces: list[list[int]] = entry["pieces"]
                if pieces and pieces[-1][2:] == [o, anchor]:
                    return f"space-{seat}-{anchor}"
            return ""
        if action < 984:
            return f"slot-{(action - 968) // 2}"
        if 999 <= action < 1006:
            return f"event-{action - 999}"
        if 1293 <= action < 1437:
            card = action - 1293
            market: list[int] = state["market"]
            return f"slot-{market.index(card)}" if card in market else ""
        return ""

    @staticmethod
    def _doing(state: dict[str, Any], data: _Data | None, status: str) -> str:
        """The status line without what the heading's facts already say."""
        doing = status.rsplit(", ", 1)[-1]
        if state["phase"] != "over":
            return doing
        winners = _winners(state, data)
        if not winners:
            return "game over: no winner (the solo target is not reached)"
        return f"game over: {svg.winners_text(winners)}"

    def _header(self, root: ET.Element, frame: _Frame, status: str, last: str | None) -> None:
        state, data = frame.state, frame.data
        header = svg.el(root, "g", class_="header", fill=svg.INK)
        x, y = _LEFT, svg.TOP
        facts = [f"round {state['round']} of 3", f"phase {state['phase']}"]
        facts.append(f"move {len(state['history'])}")
        if state["players"] == 1 and state["scenario"] >= 0:
            facts.append(f"scenario {state['scenario']}")
        decks: list[list[int]] = state["decks"]
        facts.append("decks " + "/".join(str(len(d)) for d in decks))
        facts.append(f"bag {len(state['bag'])}")
        if data is None:
            facts.append("not the packaged data: pieces by their anchor")
        svg.heading(
            header,
            x,
            y,
            "Rebuilding Chicago",
            facts,
            self._doing(state, data, status),
            last,
            perspective=frame.perspective,
            facts_x=x + 210,
            facts_width=_WIDTH - x - 230,
            status_y=42,
            status_width=_WIDTH - 2 * x,
            last_y=52,
            last_width=420,
        )
        todo: list[list[int]] = state["todo"]
        if todo:
            tasks = "; ".join(_task_words(task, data) for task in todo)
            width = _WIDTH - x - 470
            lines = svg.wrap_to(f"still to do: {tasks}", width, 11, 2)
            for i, line in enumerate(lines):
                svg.fit(
                    header,
                    line,
                    x + 450,
                    y + 62 - 18 * (len(lines) - 1 - i),
                    width,
                    11,
                    fill=svg.MUTED,
                )

    def _market(self, root: ET.Element, frame: _Frame) -> None:
        state, data = frame.state, frame.data
        g = svg.el(root, "g", class_="market", fill=svg.INK)
        x0, y = _LEFT, svg.BODY_Y
        svg.label(g, "market", x0, y - 6, font_size=11, fill=svg.MUTED)
        market: list[int] = state["market"]
        tokens: list[int] = state["tokens"]
        for slot, card in enumerate(market):
            x = x0 + slot * (_CARD_W + 8)
            frame.anchors[f"slot-{slot}"] = (x, y, _CARD_W, _CARD_H)
            if card < 0:
                svg.empty(g, x, y, _CARD_W, _CARD_H, f"slot {slot + 1}: empty")
                continue
            info = data.cards[card] if data is not None else None
            tip = f"card {card}"
            if info is not None:
                benefits = ", ".join(_effect_words(b) for b in info.benefits)
                tip = f"{info.name} (card {card}), ${info.cost}: A {benefits}; B {info.ability}"
            item = svg.card_face(g, x, y, _CARD_W, _CARD_H, title=tip)
            svg.label(item, f"{slot + 1}", x + 7, y + 14, font_size=9, fill=svg.MUTED)
            if info is None:
                svg.label(item, f"card {card}", x + 18, y + 14, font_size=11, font_weight="bold")
            else:
                self._card(item, info, x, y)
            if tokens[slot]:
                # The solo mode's $1 token lies on the card: a tag at its foot.
                svg.badge(item, x + _CARD_W - 5, y + _CARD_H - 9, "$1 token", svg.HIGHLIGHT)

    @staticmethod
    def _card(item: ET.Element, info: _Card, x: float, y: float) -> None:
        """A market card's face: name and cost, the benefits half (A) and the ability
        half (B) in words, each building with its type's colour."""
        svg.fit(item, info.name, x + 18, y + 14, _CARD_W - 54, 10, font_weight="bold")
        svg.right_aligned(
            item, f"${info.cost}", x + _CARD_W - 7, y + 14, 12, font_weight="bold", fill="#2a7a3a"
        )
        for half, top in (("A", y + 20), ("B", y + 51)):
            svg.circle(item, x + 12, top + 8, 6, fill=svg.PANEL_LINE)
            svg.centred(item, half, x + 12, top + 11, 8, font_weight="bold", fill=svg.MUTED)
        text_x, width = x + 22, _CARD_W - 28
        for i, benefit in enumerate(info.benefits[:2]):
            at, line_y = text_x, y + 31 + 13 * i
            kind = benefit.split()[1].split("-")[0] if benefit.startswith("build ") else ""
            if kind in TYPES:
                t = TYPES.index(kind)
                svg.rect(item, at, line_y - 8, 9, 9, rx=1.5, fill=_TYPE_FILL[t])
                at += 12
            svg.fit(item, _effect_words(benefit), at, line_y, text_x + width - at, 9.5)
        svg.path(
            item,
            f"M{svg.num(x + 6)} {svg.num(y + 51)}h{_CARD_W - 12}",
            stroke=svg.PANEL_LINE,
            stroke_width=1,
        )
        for i, line in enumerate(svg.wrap_to(info.ability, width, 9.5, 3)):
            svg.fit(item, line, text_x, y + 63 + 11 * i, width, 9.5, fill=svg.MUTED)

    def _events(self, root: ET.Element, frame: _Frame) -> None:
        state = frame.state
        g = svg.el(root, "g", class_="events", fill=svg.INK)
        x0, y = _LEFT, _EVENTS_Y
        svg.label(g, "events", x0, y - 6, font_size=11, fill=svg.MUTED)
        events: list[int] = state["events"]
        tokens: list[int] = state["tokens"]
        w = (_WIDTH - 2 * _LEFT - 6 * 8) / 7
        for e, name in enumerate(_EVENT_NAMES):
            x = x0 + e * (w + 8)
            done = bool(events[e])
            box = svg.el(g, "g", class_=f"event event-{EVENTS[e]}", data_panel=_EVENT_NAMES[e])
            svg.el(box, "title", f"{name}: {'activated this round' if done else 'not activated'}")
            svg.rect(
                box,
                x,
                y,
                w,
                40,
                rx=6,
                fill="#e6e0d4" if done else "#f8f5ee",
                stroke=svg.PANEL_LINE,
            )
            frame.anchors[f"event-{e}"] = (x, y, w, 40)
            svg.fit(
                box,
                name,
                x + 8,
                y + 17,
                w - 16,
                11,
                font_weight="bold",
                fill=svg.MUTED if done else svg.INK,
            )
            svg.label(
                box, "activated" if done else "open", x + 8, y + 32, font_size=10, fill=svg.MUTED
            )
            if tokens[8 + e]:
                svg.badge(box, x + w - 5, y + 29, "$1 token", svg.HIGHLIGHT)  # inside, by the state

    def _seat(
        self,
        parent: ET.Element,
        frame: _Frame,
        seat: int,
        x: float,
        y: float,
        winners: list[int],
    ) -> None:
        state = frame.state
        info: dict[str, Any] = state["seats"][seat]
        moving = state["to_move"] == seat
        g = svg.seat_panel(parent, seat, x, y, _SEAT_W, _SEAT_H, moving)
        svg.circle(g, x + 16, y + 17, 9, fill=svg.PAWNS[seat], stroke="#ffffff")
        tab = _Table(frame.data, info)
        level = _LEVELS[state["difficulty"][seat]]
        district = tab.district or (
            "no district yet" if info["district"] < 0 else f"district {info['district']}"
        )
        more = ["first player"] if state["start"] == seat else []
        tags = [f"{district} ({level})"]
        tags += svg.seat_tags(seat, frame.perspective, moving, seat in winners, *more)
        svg.seat_name(g, seat, x + 32, y + 22, tags, x + 92, False, tags_width=_SEAT_W - 190)
        svg.score(g, str(info["vp"]), "VP", x + _SEAT_W - 10, y + 26, 26)
        self._table(g, tab, seat, x + 10 + _MARGIN, y + 36 + _MARGIN, frame.anchors)
        self._facts(g, frame, tab, info, seat, _FACTS_X + x, y + 50)

    def _table(
        self,
        parent: ET.Element,
        tab: _Table,
        seat: int,
        x: float,
        y: float,
        anchors: dict[str, svg.Box],
    ) -> None:
        c = _CELL
        g = svg.el(parent, "g", class_=f"table table-{seat}", data_panel=f"table {seat}")
        side = 11 * c + 2 * _MARGIN
        svg.rect(g, x - _MARGIN, y - _MARGIN, side, side, fill="#ffffff", stroke=svg.PANEL_LINE)
        connected = {area: tab.connected(area) for area in ("A", "B")}
        for where, square in enumerate(tab.squares):
            row, column = divmod(where, 11)
            sx, sy = x + column * c, y + row * c
            anchors[f"space-{seat}-{where}"] = (sx, sy, c, c)
            if square.region:
                fill = _REGION[square.region]
                if square.region in "AB" and not connected[square.region]:
                    fill = _UNCONNECTED[square.region]
            elif square.suburb:
                fill = _SUBURB
            else:
                continue
            svg.rect(g, sx, sy, c, c, fill=fill, stroke="#ffffff", stroke_width=0.6)
            if square.suburb:
                svg.rect(
                    g,
                    sx + 1,
                    sy + 1,
                    c - 2,
                    c - 2,
                    fill="none",
                    stroke="#b5a27a",
                    stroke_width=0.8,
                    stroke_dasharray="2 1.5",
                )
        svg.rect(
            g, x + 2 * c, y + 2 * c, 7 * c, 7 * c, fill="none", stroke="#7a705f", stroke_width=1.2
        )
        for where, square in enumerate(tab.squares):
            row, column = divmod(where, 11)
            sx, sy = x + column * c, y + row * c
            if square.cover >= 0:
                fill = _LANDMARK if square.cover == 7 else _TYPE_FILL[square.cover]
                letter = "L" if square.cover == 7 else TYPE_LETTERS[square.cover]
                on = "#ffffff" if square.cover == 7 else _TYPE_ON[square.cover]
                svg.rect(g, sx + 1, sy + 1, c - 2, c - 2, rx=2, fill=fill)
                svg.centred(
                    g, letter, sx + c / 2, sy + c * 0.7, c * 0.55, font_weight="bold", fill=on
                )
            elif square.symbol == "r":
                svg.path(
                    g,
                    f"M{svg.num(sx + c * 0.2)} {svg.num(sy + c * 0.78)}"
                    f"L{svg.num(sx + c * 0.5)} {svg.num(sy + c * 0.25)}"
                    f"L{svg.num(sx + c * 0.8)} {svg.num(sy + c * 0.78)}Z",
                    fill=_RUBBLE,
                )
            elif square.symbol:
                svg.circle(
                    g,
                    sx + c / 2,
                    sy + c / 2,
                    c * 0.36,
                    fill="#ffffff",
                    stroke=_SIGHT,
                    stroke_width=1.4,
                )
                svg.centred(
                    g,
                    square.symbol,
                    sx + c / 2,
                    sy + c * 0.68,
                    c * 0.48,
                    font_weight="bold",
                    fill=_SIGHT,
                )
        # Outline each placed piece, so neighbouring tiles of one type stay apart.
        for where, square in enumerate(tab.squares):
            if square.cover < 0:
                continue
            row, column = divmod(where, 11)
            sx, sy = x + column * c, y + row * c
            for dx, dy, d in (
                (0, -1, f"M{svg.num(sx)} {svg.num(sy)}h{c}"),
                (0, 1, f"M{svg.num(sx)} {svg.num(sy + c)}h{c}"),
                (-1, 0, f"M{svg.num(sx)} {svg.num(sy)}v{c}"),
                (1, 0, f"M{svg.num(sx + c)} {svg.num(sy)}v{c}"),
            ):
                nx, ny = column + dx, row + dy
                inside = 0 <= nx < 11 and 0 <= ny < 11
                other = tab.squares[ny * 11 + nx] if inside else None
                if other is None or other.piece != square.piece or other.cover != square.cover:
                    svg.path(g, d, stroke=svg.INK, stroke_width=1.2)

    def _facts(
        self,
        parent: ET.Element,
        frame: _Frame,
        tab: _Table,
        info: dict[str, Any],
        seat: int,
        x: float,
        y: float,
    ) -> None:
        data = frame.data
        g = svg.el(parent, "g", class_="facts", font_size=11, fill=svg.INK)
        width = _SEAT_W - _FACTS_X - 10
        quality: list[int] = info["quality"]
        lines = [
            f"${info['money']} \u00b7 {info['vp']} VP \u00b7 unhappy {info['unhappy']}",
            "quality "
            + " ".join(f"{a[0]}{q}" for a, q in zip(("e", "s", "r"), quality, strict=True)),
            "amenity symbols "
            + " ".join(f"{a[0]}{tab.symbols[3 + i]}" for i, a in enumerate(("e", "s", "r"))),
        ]
        counts = " ".join(f"{TYPE_LETTERS[t]}{tab.tiles[t]}" for t in range(7))
        lines.append(f"tiles {counts}")
        law: int = info["law"]
        district: int = info["district"]
        law_text = "-"
        if law >= 0:
            law_text = str(law + 1)
            if data is not None and district >= 0:
                law_text += f" ({data.laws[district][law]})"
        lines.append(f"law this round: {law_text}")

        def landmark(k: int) -> str:
            return data.landmarks[k][0] if data is not None else f"landmark {k}"

        kept: list[int] = info["landmarks"]
        built: list[int] = info["built"]
        lost: list[int] = info["lost"]
        lines.append("landmarks: " + (", ".join(landmark(k) for k in kept) or "-"))
        lines.append(
            "built: " + (", ".join(landmark(k) + ("!" if k in lost else "") for k in built) or "-")
        )
        abilities: list[int] = info["abilities"]

        def ability(c: int) -> str:
            if data is None or not 0 <= c < len(data.cards):
                return f"card {c}"
            return data.cards[c].ability

        owned = "abilities: " + ("; ".join(ability(c) for c in abilities) or "-")
        lines += svg.wrap_to(owned, width, 11, 4)
        hand: list[int] = info["hand"]
        lines.append("suburbs in hand: " + (", ".join(str(s) for s in hand) or "-"))
        lines.append(f"suburbs placed: {sum(1 for p in info['pieces'] if p[0] == 2)}")
        dealt: list[int] = info["dealt"]
        if dealt:
            if frame.sees_hand(seat):
                lines.append("dealt: " + ", ".join(landmark(k) for k in dealt))
            else:
                lines.append(f"dealt: {len(dealt)} hidden")
        for i, line in enumerate(lines):
            svg.fit(g, line, x, y + 17 * i, width, 11, fill=svg.INK if i < 2 else svg.MUTED)

    def _legend(self, root: ET.Element, y: float) -> None:
        legend = svg.legend(root, _LEFT, y, None)
        at = float(_LEFT)
        for t, name in enumerate(TYPES):
            svg.rect(legend, at, y - 10, 12, 12, rx=2, fill=_TYPE_FILL[t])
            at = svg.key(legend, f"{TYPE_LETTERS[t]} {name}", at, y, 16)
        svg.rect(legend, at, y - 10, 12, 12, rx=2, fill=_LANDMARK)
        at = svg.key(legend, "L landmark", at, y, 16)
        svg.path(
            legend,
            f"M{svg.num(at)} {svg.num(y + 1)}L{svg.num(at + 6)} {svg.num(y - 10)}"
            f"L{svg.num(at + 12)} {svg.num(y + 1)}Z",
            fill=_RUBBLE,
        )
        at = svg.key(legend, "rubble", at, y, 16)
        svg.circle(legend, at + 6, y - 4, 6, fill="#ffffff", stroke=_SIGHT)
        at = svg.key(legend, "sights", at, y, 16)
        svg.rect(
            legend, at, y - 10, 12, 12, fill=_SUBURB, stroke="#b5a27a", stroke_dasharray="2 1.5"
        )
        svg.key(legend, "suburb", at, y, 16)
        at, y = float(_LEFT), y + 18
        for fill, name in (
            (_REGION["S"], "neighbourhood"),
            (_REGION["A"], "connected area"),
            (_UNCONNECTED["A"], "unconnected area"),
            (_REGION["#"], "not buildable"),
        ):
            svg.rect(legend, at, y - 10, 12, 12, fill=fill, stroke=svg.PANEL_LINE)
            at = svg.key(legend, name, at, y, 16)
