"""City Connect: the landmark row, the Pioneer Bonus, the pile and the discard pile, the market,
the build being paid for, and each seat's city (its initial card first) and hand.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from . import _common as svg

CITY_SYMBOLS: Final = ("person", "house", "food", "happiness", "science", "coin")
"""The symbols in the order of the data file's vocabulary (the JSON's ``owed`` uses the first
five)."""
_DEMANDS: Final = ("sun", "moon")
_SOURCES: Final = ("hand", "market", "landmark row")
_SYMBOL_FILL: Final = ("#2f66c4", "#a8572a", "#e08a1e", "#d6457a", "#3c9a4a", "#e3b505")
_SUN: Final = "#f2a900"
_MOON: Final = "#5b5f97"
_LANDMARK: Final = svg.Paint("#f6eed8", "#b08d3c")
_INITIAL: Final = svg.Paint("#eef2f6", "#9aa7b6")
_BONUS: Final = svg.Paint("#fff4cc", "#d9a520")
_BUILDING: Final = svg.Paint(svg.CARD, svg.CARD_LINE)
_PAID: Final = "#2f8a3e"

_PANEL_W: Final = svg.PAGE_WIDTH - 2 * svg.MARGIN
_CARD_W: Final = 92
_CARD_H: Final = 70
_STEP: Final = 98
_ROW2_Y: Final = svg.BODY_Y + 100
_CARDS_DY: Final = 18
"""Cards of a row lie this far below the row's top, under its label."""
_PILE_X: Final = svg.MARGIN + 5 * _STEP + 10 + _STEP + 16
_TURN_X: Final = _PILE_X + 2 * _STEP + 20
_PAY_X: Final = svg.MARGIN + 6 * _STEP + 16
_SEATS_Y: Final = 300
_SEAT_H: Final = 194
_ROW_W: Final = 11 * _STEP - 6
"""A city row: the initial card and 10 built cards."""


class _Term(NamedTuple):
    """A scoring term of the data file: ``per`` symbol, set, demand, card or rank."""

    per: str
    symbols: tuple[int, ...] = ()
    """symbol and rank: the one symbol; set: the symbols listed, with repeats."""
    demand: int = -1
    vp: int = 0
    """The VP per match (rank: for first place)."""
    second: int = 0
    """rank: the VP for second place."""


@dataclass(frozen=True)
class _Card:
    """What the picture shows of one card of the data file."""

    slug: str
    name: str
    kind: str
    """``building``, ``landmark`` or ``initial``."""
    symbols: tuple[int, ...]
    demand: int
    """0 sun, 1 moon, -1 none (the initial cards)."""
    vp: int
    cost: tuple[int, ...]
    lightning: str
    """``draw 3``, ``take 1`` or empty."""
    gear: str
    """``draw``, ``exchange``, ``mayor`` or empty."""
    terms: tuple[_Term, ...]


@dataclass(frozen=True)
class _Data:
    """The packaged component file, as much of it as the picture and the scores need."""

    buildings: int
    landmarks: int
    cards: tuple[_Card, ...]
    """By city card index: the buildings, then the landmarks."""
    initial: tuple[_Card, ...]
    """By side: the House, the Mayor."""
    market: int
    city_limit: int
    most_vp: int
    pioneer_vp: int
    solo_demand: int
    ratings: tuple[tuple[int, str, str], ...]
    """The solo mayor ratings, lowest first: minimum VP, class, text."""

    def card(self, index: int, side: int) -> _Card:
        """The city card of ``index`` (``buildings + landmarks`` is the initial card)."""
        return self.initial[side] if index == len(self.cards) else self.cards[index]

    def rating(self, score: int) -> tuple[int, str, str]:
        """The solo rating of ``score``: its place in the list (0 lowest), class and text."""
        place = 0
        for i, (least, _, _) in enumerate(self.ratings):
            if score >= least:
                place = i
        _, grade, text = self.ratings[place]
        return place, grade, text


def _read_term(entry: dict[str, Any]) -> _Term:
    per = str(entry["per"])
    vp = entry["vp"]
    if per == "symbol":
        return _Term(per, (CITY_SYMBOLS.index(entry["symbol"]),), vp=int(vp))
    if per == "set":
        return _Term(per, tuple(CITY_SYMBOLS.index(s) for s in entry["symbols"]), vp=int(vp))
    if per == "demand":
        return _Term(per, demand=_DEMANDS.index(entry["demand"]), vp=int(vp))
    if per == "card":
        return _Term(per, vp=int(vp))
    if per == "rank":
        first, second = vp
        return _Term(per, (CITY_SYMBOLS.index(entry["symbol"]),), vp=int(first), second=int(second))
    raise ValueError(f"unknown scoring term {per!r}")


def _read_card(entry: dict[str, Any], kind: str) -> _Card:
    lightning = entry.get("lightning", {})
    effect = ""
    if lightning:
        ((what, count),) = lightning.items()
        effect = f"{what} {int(count)}"
    return _Card(
        slug=str(entry.get("slug", entry.get("side", ""))),
        name=str(entry.get("name", str(entry.get("side", "")).title())),
        kind=kind,
        symbols=tuple(CITY_SYMBOLS.index(s) for s in entry.get("symbols", [])),
        demand=_DEMANDS.index(entry["demand"]) if "demand" in entry else -1,
        vp=int(entry.get("vp", 0)),
        cost=tuple(CITY_SYMBOLS.index(s) for s in entry.get("cost", [])),
        lightning=effect,
        gear=str(entry.get("gear", "")),
        terms=tuple(_read_term(term) for term in entry.get("score", [])),
    )


@svg.packaged("city_connect.toml")
def _data(doc: dict[str, Any]) -> _Data:
    """``data/city_connect.toml`` of the package, or None if it cannot be read: the picture
    then labels cards by index and shows no scores rather than fail."""
    rules = doc["rules"]
    buildings = [_read_card(entry, "building") for entry in doc["building"]]
    landmarks = [_read_card(entry, "landmark") for entry in doc["landmark"]]
    sides = {str(entry["side"]): _read_card(entry, "initial") for entry in doc["initial"]}
    ratings = sorted(
        (int(entry["min"]), str(entry["class"]), str(entry["text"])) for entry in doc["rating"]
    )
    return _Data(
        buildings=len(buildings),
        landmarks=len(landmarks),
        cards=tuple(buildings + landmarks),
        initial=(sides["house"], sides["mayor"]),
        market=int(rules["market"]),
        city_limit=int(rules["city_limit"]),
        most_vp=int(rules["most_vp"]),
        pioneer_vp=int(rules["pioneer_vp"]),
        solo_demand=int(rules["solo_demand"]),
        ratings=tuple(ratings),
    )


def _fits(data: _Data, state: dict[str, Any]) -> bool:
    """Whether every id of the state is one of the packaged data (a state of a game played
    with a user's data file may not be: its cards are then labelled by index)."""
    b, k = data.buildings, len(data.cards)
    kinds = [*state["market"], *state["discard"], *state["pile"]["pool"]]
    kinds += [kind for hand in state["hands"] for kind in hand] + list(state["payment"]["hand"])
    if any(not 0 <= kind < b for kind in kinds):
        return False
    if any(not 0 <= c < k for city in state["cities"] for c in city):
        return False
    if any(not 0 <= mark < data.landmarks for mark in state["landmarks"]):
        return False
    payment = state["payment"]
    if not -1 <= payment["card"] < k or any(not 0 <= c <= k for c in payment["city"]):
        return False
    if any(not 0 <= c <= k for c in state["gears"]):
        return False
    # Setup turns over the market (``card b``) and then the landmarks (``landmark l``), whose
    # ids move with the numbers of kinds and landmarks.
    history: list[int] = state["history"]
    card = 7 * b + data.landmarks + 2 * (k + 1) + 2
    landmark = card + b
    if any(not card <= a < landmark for a in history[: data.market]):
        return False
    if (
        len(history) > data.market
        and not landmark <= history[data.market] < landmark + data.landmarks
    ):
        return False
    return all(0 <= a < landmark + data.landmarks for a in history)


def _counts(data: _Data, state: dict[str, Any], seat: int) -> tuple[list[int], list[int]]:
    """The symbols (all six) and the demand icons (sun, moon) of ``seat``'s city."""
    symbols = [0] * len(CITY_SYMBOLS)
    demand = [0, 0]
    cards = [data.initial[state["sides"][seat]]]
    cards += [data.cards[c] for c in state["cities"][seat]]
    for card in cards:
        for symbol in card.symbols:
            symbols[symbol] += 1
        if card.demand >= 0:
            demand[card.demand] += 1
    return symbols, demand


def _scores(data: _Data, state: dict[str, Any]) -> list[int]:
    """Each seat's score as the game counts it (docs/games/city_connect.md, ruling 19)."""
    n: int = state["players"]
    counted = [_counts(data, state, seat) for seat in range(n)]
    scores = []
    for seat in range(n):
        symbols, demand = counted[seat]
        built = len(state["cities"][seat])
        score = 0
        for c in state["cities"][seat]:
            card = data.cards[c]
            score += card.vp
            for term in card.terms:
                if term.per == "symbol":
                    score += term.vp * symbols[term.symbols[0]]
                elif term.per == "set":
                    need = {s: term.symbols.count(s) for s in term.symbols}
                    sets = min((symbols[s] // k for s, k in need.items()), default=0)
                    score += term.vp * sets
                elif term.per == "demand":
                    score += term.vp * demand[term.demand]
                elif term.per == "card":
                    score += term.vp * built
        if state["pioneer"] == seat:
            score += data.pioneer_vp
        for k in range(2):
            mine = demand[k]
            if n == 1:
                most = mine >= data.solo_demand
            else:
                most = mine > 0 and all(counted[q][1][k] < mine for q in range(n) if q != seat)
            if most:
                score += data.most_vp
        scores.append(score)
    # Every rank term in play (any seat's) places every player (ruling 18).
    for city in state["cities"]:
        for c in city:
            for term in data.cards[c].terms:
                if term.per != "rank":
                    continue
                values = [counted[p][0][term.symbols[0]] for p in range(n)]
                top = max(values)
                below = [v for v in values if v < top]
                second = max(below) if below else 0
                for p, value in enumerate(values):
                    if value > 0 and value == top:
                        scores[p] += term.vp
                    elif value > 0 and value == second:
                        scores[p] += term.second
    return scores


def _winners(data: _Data, state: dict[str, Any], scores: list[int]) -> list[int]:
    """At the end: the most VP, the Pioneer Bonus breaking a tie (ruling 22); solo: seat 0
    if the rating is the second (C) or better (ruling 23)."""
    if state["phase"] != "end":
        return []
    if state["players"] == 1:
        return [0] if data.rating(scores[0])[0] >= 1 else []
    best = max(scores)
    tied = [seat for seat, score in enumerate(scores) if score == best]
    return [state["pioneer"]] if state["pioneer"] in tied else tied


class _Action(NamedTuple):
    """A decoded action id: its kind and argument (a kind, card index or landmark id)."""

    kind: str
    arg: int = -1


def _decode(action: int, b: int, landmarks: int) -> _Action:
    """The action of id ``action`` in the encoding of docs/games/city_connect.md."""
    m = landmarks
    n = b + m + 1
    bounds: tuple[tuple[str, int, int], ...] = (
        ("take", 0, b),
        ("draw", b, 1),
        ("build", b + 1, b),
        ("build market", 2 * b + 1, b),
        ("build landmark", 3 * b + 1, m),
        ("pay", 3 * b + m + 1, b),
        ("pay mayor", 4 * b + m + 1, b),
        ("pay city", 5 * b + m + 1, n),
        ("discard", 5 * b + m + n + 1, b),
        ("gear", 6 * b + m + n + 1, n),
        ("end", 6 * b + m + 2 * n + 1, 1),
        ("clear", 6 * b + m + 2 * n + 2, b),
        ("card", 7 * b + m + 2 * n + 2, b),
        ("landmark", 8 * b + m + 2 * n + 2, m),
    )
    for kind, first, count in bounds:
        if first <= action < first + count:
            return _Action(kind, action - first)
    return _Action("unknown", action)


@dataclass
class _Frame(svg.Frame):
    """A drawing of a City Connect state: the data (None if the state does not fit the
    packaged file) and the scores; anchors are keyed like ``hand-1``."""

    data: _Data | None
    scores: list[int] | None

    def card(self, index: int, side: int = 0) -> _Card | None:
        return self.data.card(index, side) if self.data else None

    def slug(self, index: int) -> str:
        """A city card by slug, as the notation writes it (``house``: the initial card)."""
        if self.data is None:
            return f"#{index}"
        return "house" if index == len(self.data.cards) else self.data.cards[index].slug

    def name(self, index: int, side: int = 0) -> str:
        card = self.card(index, side)
        return card.name if card else f"card {index}"

    def turn_seat(self) -> int:
        """The seat whose turn it is (seat 0 plays turn 1, then seat + 1)."""
        turn: int = self.state["turn"]
        return (turn - 1) % self.state["players"] if turn > 0 else -1


def _symbol(parent: ET.Element, cx: float, cy: float, symbol: int, r: float = 6.5) -> None:
    """A symbol token: a coloured disc with a white mark (person, house, food, happiness,
    science) or a gold coin."""
    g = svg.el(
        parent,
        "g",
        transform=f"translate({svg.num(cx)} {svg.num(cy)}) scale({svg.num(r / 6.5)})",
    )
    coin = symbol == 5
    svg.el(
        g,
        "circle",
        r=6.5,
        fill=_SYMBOL_FILL[symbol],
        stroke="#8a6a00" if coin else "#ffffff",
        stroke_width=1 if coin else 0.8,
    )
    if coin:
        svg.el(g, "circle", r=3.6, fill="none", stroke="#8a6a00", stroke_width=1)
        svg.path(g, "M0 -1.9V1.9", stroke="#8a6a00", stroke_width=1.2)
        return
    marks = (
        "M0 -4.3A1.9 1.9 0 1 1 0 -0.5A1.9 1.9 0 1 1 0 -4.3ZM-3.4 4.1Q-3.4 0.2 0 0.2Q3.4 0.2 "
        "3.4 4.1Z",
        "M-3.9 0.2L0 -3.8L3.9 0.2H2.7V3.8H-2.7V0.2Z",
        "M-3.8 -0.8Q-3.8 -3.9 0 -3.9Q3.8 -3.9 3.8 -0.8ZM-4.1 0.1H4.1V1.5H-4.1ZM-3.8 2.3H3.8"
        "V3.2Q3.8 3.9 3.1 3.9H-3.1Q-3.8 3.9 -3.8 3.2Z",
        "M0 3.8C-1.2 2.8 -4.2 0.8 -4.2 -1.3C-4.2 -2.9 -2.9 -3.8 -1.7 -3.6C-0.9 -3.5 -0.3 -3 "
        "0 -2.3C0.3 -3 0.9 -3.5 1.7 -3.6C2.9 -3.8 4.2 -2.9 4.2 -1.3C4.2 0.8 1.2 2.8 0 3.8Z",
        "M-1.6 -4.2H1.6V-3.4H0.9V-1.2L3.6 3Q4.1 4 3 4H-3Q-4.1 4 -3.6 3L-0.9 -1.2V-3.4H-1.6Z",
    )
    svg.path(g, marks[symbol], fill="#ffffff")


_RAYS: Final = "".join(
    f"M{svg.num(4.3 * math.cos(i * math.pi / 4))} {svg.num(4.3 * math.sin(i * math.pi / 4))}"
    f"L{svg.num(6.2 * math.cos(i * math.pi / 4))} {svg.num(6.2 * math.sin(i * math.pi / 4))}"
    for i in range(8)
)


def _demand(parent: ET.Element, cx: float, cy: float, demand: int, background: str) -> None:
    """The demand icon: a sun with rays, or a crescent moon."""
    g = svg.el(parent, "g", transform=f"translate({svg.num(cx)} {svg.num(cy)})")
    if demand == 0:
        svg.el(g, "circle", r=3.2, fill=_SUN)
        svg.path(g, _RAYS, stroke=_SUN, stroke_width=1.3, stroke_linecap="round")
    else:
        svg.el(g, "circle", r=5.6, fill=_MOON)
        svg.circle(g, 2.6, -1.8, 4.6, fill=background)


def _lightning(parent: ET.Element, cx: float, cy: float) -> None:
    svg.path(
        parent,
        f"M{svg.num(cx + 1.4)} {svg.num(cy - 4.6)}l-4 5.1h2.6l-1 4.1l4 -5.1h-2.6z",
        fill=_SUN,
        stroke="#8a6a00",
        stroke_width=0.6,
        stroke_linejoin="round",
    )


def _gear(parent: ET.Element, cx: float, cy: float, colour: str = svg.INK) -> None:
    svg.circle(
        parent, cx, cy, 3.3, fill="none", stroke=colour, stroke_width=2, stroke_dasharray="1.7 0.9"
    )
    svg.circle(parent, cx, cy, 1.2, fill=colour)


def _effect(card: _Card) -> tuple[str, str]:
    """The card's effect as one short line, and its icon (``lightning``, ``gear`` or empty)."""
    if card.lightning:
        what, count = card.lightning.split()
        return (f"draw {count}" if what == "draw" else f"take {count} from market"), "lightning"
    if card.gear:
        words = {"draw": "draw 1", "exchange": "exchange 1", "mayor": "person as coin"}
        return words.get(card.gear, card.gear), "gear"
    parts = []
    for term in card.terms:
        if term.per == "symbol":
            parts.append(f"{CITY_SYMBOLS[term.symbols[0]]} \u00d7{term.vp}")
        elif term.per == "set":
            parts.append("+".join(CITY_SYMBOLS[s] for s in term.symbols) + f" \u00d7{term.vp}")
        elif term.per == "demand":
            parts.append(f"{_DEMANDS[term.demand]} \u00d7{term.vp}")
        elif term.per == "card":
            parts.append(f"card \u00d7{term.vp}")
        else:
            parts.append(f"most {CITY_SYMBOLS[term.symbols[0]]} {term.vp}/{term.second}")
    return ", ".join(parts), ""


def _describe(card: _Card) -> str:
    """The card in full, for its tooltip."""
    facts = [card.kind]
    if card.symbols:
        facts.append("symbols " + " ".join(CITY_SYMBOLS[s] for s in card.symbols))
    if card.demand >= 0:
        facts.append(_DEMANDS[card.demand])
    if card.kind != "initial":
        facts.append(f"{card.vp} VP")
    if card.cost:
        facts.append("cost " + " ".join(CITY_SYMBOLS[s] for s in card.cost))
    effect, icon = _effect(card)
    if effect:
        facts.append({"lightning": "lightning: ", "gear": "gear: "}.get(icon, "scores ") + effect)
    return f"{card.name}: " + "; ".join(facts)


def _card(
    parent: ET.Element, x: float, y: float, card: _Card | None, label: str = ""
) -> ET.Element:
    """A face-up card: symbols, VP and sun or moon along the top, the name, the effect, and
    the cost as a row of symbol dots; ``card`` None: a blank card labelled ``label``."""
    w, h = _CARD_W, _CARD_H
    if card is None:
        g = svg.card_face(parent, x, y, w, h)
        svg.fit(g, label, x + 6, y + 38, w - 12, 10, font_weight="bold")
        return g
    paint, width = {"landmark": (_LANDMARK, 1.6), "initial": (_INITIAL, 1.2)}.get(
        card.kind, (_BUILDING, 1.2)
    )
    fill, line = paint.fill, paint.dark
    g = svg.card_face(
        parent, x, y, w, h, title=_describe(card), fill=fill, stroke=line, stroke_width=width
    )
    for i, symbol in enumerate(card.symbols[:3]):
        _symbol(g, x + 11 + i * 15, y + 11, symbol)
    if card.demand >= 0:
        _demand(g, x + w - 11, y + 11, card.demand, fill)
    if card.kind != "initial":
        svg.right_aligned(g, f"{card.vp} VP", x + w - 21, y + 15, 10, font_weight="bold")
    else:
        svg.right_aligned(g, "initial", x + w - 6, y + 14, 8.5, fill=svg.MUTED)
    for i, text in enumerate(svg.wrap(card.name, 14, 2)):
        svg.fit(g, text, x + 6, y + 31 + 11 * i, w - 12, 10, font_weight="bold")
    effect, icon = _effect(card)
    if effect:
        at = x + 6
        if icon == "lightning":
            _lightning(g, x + 9, y + 50)
            at += 9
        elif icon == "gear":
            _gear(g, x + 9.5, y + 50)
            at += 10
        svg.fit(g, effect, at, y + 53, x + w - 5 - at, 8.5, fill=svg.MUTED)
    step = min(8.0, (w - 12) / max(1, len(card.cost)))
    for i, symbol in enumerate(card.cost):
        svg.circle(
            g,
            x + 9 + i * step,
            y + h - 8,
            3.1,
            fill=_SYMBOL_FILL[symbol],
            stroke="#8a6a00" if symbol == 5 else "none",
            stroke_width=0.6,
        )
    return g


def _slot(parent: ET.Element, x: float, y: float, text: str) -> None:
    """An empty place, dashed, with a word in it."""
    svg.empty(parent, x, y, _CARD_W, _CARD_H, text, filled=True)


class CityConnectDrawer(svg.TableDrawer):
    """Draws a City Connect state: landmarks, Pioneer Bonus, pile, discard pile, market, the
    payment in progress, and per seat its city, hand and score."""

    # A turn may open with a gear, a take, a draw or a build, and gears come after the main
    # action too, so no action tells a turn's start (starts_turn); every turn is one seat's
    # and between two turns of the same seat (solo) the market is refilled by chance, so the
    # move list's seat changes already break the turns.

    @staticmethod
    def _status(frame: _Frame, winners: list[int]) -> str:
        """The first line of the text rendering."""
        state = frame.state
        phase, turn = state["phase"], state["turn"]
        seat = frame.turn_seat()
        if phase == "setup":
            market = frame.data.market if frame.data else 6
            if len(state["market"]) < market and state["pile"]["size"] > 0:
                return "setup: filling the market"
            return "setup: turning over a landmark"
        if phase == "end":
            if state["players"] == 1 and frame.data and frame.scores is not None:
                score = frame.scores[0]
                grade = frame.data.rating(score)[1]
                return f"game over after turn {turn}: {score} VP, {grade}-class mayor"
            if state["players"] == 1 or frame.scores is None:
                return f"game over after turn {turn}"
            who = " ".join(str(s) for s in winners) or "none"
            return f"game over after turn {turn}: winners {who}"
        doing = {
            "main": f"seat {seat} to play",
            "take": f"seat {seat} to take from the market",
            "draw": f"drawing for seat {seat}",
            "pay": f"seat {seat} to pay for {frame.slug(state['payment']['card'])}",
            "bonus": f"seat {seat} to take a bonus card",
            "exchange": f"seat {seat} to exchange a card",
            "after": f"seat {seat} to use a gear or end",
            "discard": f"seat {seat} to discard",
            "clear": f"seat {seat} to clear the market",
            "refill": "refilling the market",
            "flip": f"seat {seat} turns over cards",
        }
        return f"turn {turn}: {doing[phase]}"

    def _last(self, frame: _Frame) -> tuple[str | None, list[str]]:
        """The last action as the seat looking may know it, and the boxes to mark (the
        first one drawn is marked). A card drawn into another seat's hand stays face down,
        and so does a card from the pile whose destination the position does not tell."""
        state, p = frame.state, frame.perspective
        history: list[int] = state["history"]
        if not history:
            return None, []
        if frame.data is None:
            return f"action {history[-1]}", []
        b, m = frame.data.buildings, frame.data.landmarks
        kind, arg = _decode(history[-1], b, m)
        phase = state["phase"]
        seat = frame.turn_seat()
        if kind == "card":
            text = f"card {frame.slug(arg)}"
            if phase == "setup":
                return text, ["market"]
            if phase == "flip" and state["todo"] < 3:
                return f"seat {seat} turns over: {text}", ["discard"]
            in_turn = ("draw", "after", "discard", "bonus", "clear", "exchange", "pay", "take")
            if phase in in_turn or (phase == "main" and (state["gears"] or state["mayor"])):
                if frame.sees_hand(seat):
                    return f"seat {seat} draws: {text}", [f"hand-{seat}"]
                return f"seat {seat} draws a card (face down)", [f"hand-{seat}"]
            # The last card of a draw, a refill or a flip, just before a turn changed: the
            # position does not tell which, so only an onlooker reads it.
            if p is None:
                return text, ["pile"]
            return "a card from the pile", ["pile"]
        if kind == "landmark":
            return f"landmark {frame.slug(b + arg)}", ["landmarks"]
        # A decision that ended its turn leaves the next seat's turn (main or flip) open.
        actor = (seat - 1) % state["players"] if phase in ("main", "flip") else seat
        city = state["cities"][actor] if 0 <= actor < len(state["cities"]) else []
        built = [f"city-{actor}-{len(city) - 1}"] if city else []
        if kind == "take":
            return f"seat {actor}: take {frame.slug(arg)}", [f"hand-{actor}"]
        if kind == "draw":
            return f"seat {actor}: draw", ["pile"]
        if kind.startswith("build"):
            where = {"build": "", "build market": " market", "build landmark": ""}[kind]
            card = arg + b if kind == "build landmark" else arg
            return f"seat {actor}: build {frame.slug(card)}{where}", ["payment-card", *built]
        if kind in ("pay", "pay mayor"):
            mayor = " mayor" if kind == "pay mayor" else ""
            return f"seat {actor}: pay {frame.slug(arg)}{mayor}", ["payment", *built]
        if kind == "pay city":
            return f"seat {actor}: pay city {frame.slug(arg)}", ["payment", *built]
        if kind in ("discard", "clear"):
            return f"seat {actor}: {kind} {frame.slug(arg)}", ["discard"]
        if kind == "gear":
            return f"seat {actor}: gear {frame.slug(arg)}", [f"gear-{actor}-{arg}"]
        if kind == "end":
            return f"seat {actor}: end", []
        return f"action {history[-1]}", []

    def draw(
        self, state: dict[str, Any], perspective: int | None, bounds: svg.Bounds | None
    ) -> ET.Element:
        data = svg.fitting(_data(), _fits, state)
        scores = _scores(data, state) if data else None
        frame = _Frame(state, perspective, data, scores)
        winners = _winners(data, state, scores) if data and scores else []
        players: int = state["players"]
        height = self._height(players)
        status = self._status(frame, winners)
        root = svg.picture(svg.PAGE_WIDTH, height, "City Connect", state, status, perspective)
        last, marks = self._last(frame)
        self._header(root, frame, status, last)
        self._landmarks(root, frame)
        self._piles(root, frame)
        self._turn(root, frame)
        self._market(root, frame)
        self._payment(root, frame)
        panel = svg.el(root, "g", class_="panel", fill=svg.INK)
        for seat in range(players):
            top = svg.stacked(_SEATS_Y, seat, _SEAT_H)
            self._seat(panel, frame, seat, svg.MARGIN, top, winners)
        self._legend(root, frame, svg.stacked(_SEATS_Y, players, _SEAT_H) + 4)
        svg.ring(root, svg.first(frame.anchors, marks), 3, 8)
        return root

    @staticmethod
    def _height(players: int) -> float:
        return svg.stacked(_SEATS_Y, players, _SEAT_H) + 4 + 40

    # --- the parts of the picture ------------------------------------------------------------

    def _header(self, root: ET.Element, frame: _Frame, status: str, last: str | None) -> None:
        state = frame.state
        header = svg.el(root, "g", class_="header", fill=svg.INK)
        x, y = svg.MARGIN, svg.TOP
        players: int = state["players"]
        facts = ["solo" if players == 1 else f"{players} players"]
        facts += [f"turn {state['turn']}", f"move {len(state['history'])}"]
        if frame.data is None:
            facts.append("cards by index (not the packaged data)")
        svg.heading(
            header,
            x,
            y,
            "City Connect",
            facts,
            status,
            last,
            perspective=frame.perspective,
            facts_x=x + 140,
            last_width=640,
        )

    def _landmarks(self, root: ET.Element, frame: _Frame) -> None:
        state = frame.state
        row: list[int] = state["landmarks"]
        g = svg.el(root, "g", class_="landmarks")
        x, y = svg.MARGIN, svg.BODY_Y
        b = frame.data.buildings if frame.data else 0
        svg.label(g, f"landmarks ({len(row)})", x, y + 10, font_size=11, fill=svg.MUTED)
        top = y + _CARDS_DY
        frame.anchors["landmarks"] = (x, top, max(1, len(row)) * _STEP - 6, _CARD_H)
        if not row:
            _slot(g, x, top, "none")
        for i, landmark in enumerate(row):
            _card(g, x + i * _STEP, top, frame.card(b + landmark), f"landmark {landmark}")
        # The Pioneer Bonus beside the row, until a seat takes it.
        bx = svg.MARGIN + 5 * _STEP + 10
        bonus = svg.el(root, "g", class_="pioneer")
        svg.label(bonus, "Pioneer Bonus", bx, y + 10, font_size=11, fill=svg.MUTED)
        holder: int = state["pioneer"]
        vp = frame.data.pioneer_vp if frame.data else 10
        limit = frame.data.city_limit if frame.data else 10
        if holder >= 0:
            _slot(bonus, bx, top, "")
            svg.seat_chip(bonus, bx + 22, top + 30, holder, r=10)
            svg.label(bonus, "taken by", bx + 38, top + 28, font_size=10, fill=svg.MUTED)
            svg.label(bonus, f"seat {holder}", bx + 38, top + 41, font_size=11, font_weight="bold")
            return
        svg.rect(
            bonus,
            bx,
            top,
            _CARD_W,
            _CARD_H,
            rx=6,
            fill=_BONUS.fill,
            stroke=_BONUS.dark,
            stroke_width=1.6,
        )
        svg.label(bonus, "1st", bx + 8, top + 16, font_size=11, font_weight="bold")
        svg.right_aligned(bonus, f"{vp} VP", bx + _CARD_W - 8, top + 16, 10, font_weight="bold")
        svg.label(bonus, "Pioneer", bx + 8, top + 34, font_size=10, font_weight="bold")
        svg.label(bonus, "Bonus", bx + 8, top + 45, font_size=10, font_weight="bold")
        svg.fit(
            bonus, f"first city of {limit}", bx + 8, top + 60, _CARD_W - 16, 8.5, fill=svg.MUTED
        )

    def _piles(self, root: ET.Element, frame: _Frame) -> None:
        state = frame.state
        pile = state["pile"]
        size: int = pile["size"]
        x, y = _PILE_X, svg.BODY_Y
        top = y + _CARDS_DY
        g = svg.el(root, "g", class_="pile")
        svg.label(g, f"pile \u00b7 stage {pile['stage']}", x, y + 10, font_size=11, fill=svg.MUTED)
        frame.anchors["pile"] = (x, top, _CARD_W, _CARD_H)
        if size:
            for shift in (4, 2, 0):
                if size > shift // 2:
                    svg.card_back(g, x + shift, top + shift - 4, _CARD_W - 4, _CARD_H - 4, r=6)
        else:
            _slot(g, x, top, "")
        svg.centred(
            g,
            str(size),
            x + _CARD_W / 2,
            top + 36,
            18,
            font_weight="bold",
            fill="#ffffff" if size else svg.MUTED,
        )
        svg.centred(
            g,
            "cards" if size != 1 else "card",
            x + _CARD_W / 2,
            top + 50,
            10,
            fill="#dfe5ef" if size else svg.MUTED,
        )
        discard: list[int] = state["discard"]
        dx = x + _STEP + 10
        d = svg.el(root, "g", class_="discard")
        svg.label(d, "discard", dx, y + 10, font_size=11, fill=svg.MUTED)
        frame.anchors["discard"] = (dx, top, _CARD_W, _CARD_H)
        if discard:
            for shift in (4, 2, 0):
                if len(discard) > shift // 2:
                    svg.rect(
                        d,
                        dx + shift,
                        top + shift - 4,
                        _CARD_W - 4,
                        _CARD_H - 4,
                        rx=6,
                        fill=svg.CARD,
                        stroke=svg.CARD_LINE,
                    )
        else:
            _slot(d, dx, top, "")
        svg.centred(
            d,
            str(len(discard)),
            dx + _CARD_W / 2,
            top + 36,
            18,
            font_weight="bold",
            fill=svg.INK if discard else svg.MUTED,
        )
        svg.centred(
            d,
            "cards" if len(discard) != 1 else "card",
            dx + _CARD_W / 2,
            top + 50,
            10,
            fill=svg.MUTED,
        )

    def _turn(self, root: ET.Element, frame: _Frame) -> None:
        """The turn in progress: its seat, the main action, what is left to do, gears used."""
        state = frame.state
        x, y, w = _TURN_X, svg.BODY_Y, svg.PAGE_WIDTH - svg.MARGIN - _TURN_X
        g = svg.el(root, "g", class_="turn", fill=svg.INK)
        svg.label(g, "this turn", x, y + 10, font_size=11, fill=svg.MUTED)
        top = y + _CARDS_DY
        svg.rect(g, x, top, w, _CARD_H, rx=6, fill="#f8f5ee", stroke=svg.PANEL_LINE)
        phase = state["phase"]
        lines: list[str] = []
        if phase == "setup":
            market = frame.data.market if frame.data else 6
            lines.append("setup: the market, then the landmarks")
            lines.append(f"market {len(state['market'])} of {market}")
        elif phase == "end":
            lines.append(f"the game ended after turn {state['turn']}")
            if state["players"] == 1 and frame.data and frame.scores is not None:
                _, grade, text = frame.data.rating(frame.scores[0])
                lines.append(f"{grade}-class mayor: {text}")
        else:
            seat = frame.turn_seat()
            lines.append(
                f"seat {seat} \u00b7 main action {'chosen' if state['acted'] else 'not yet chosen'}"
            )
            todo: int = state["todo"]
            if phase == "take" or state["taken"]:
                lines.append(f"taken from the market: {state['taken']} of 3 symbols")
            if todo:
                what = {
                    "draw": "to draw",
                    "flip": "to turn over",
                    "bonus": "to take from the market",
                    "clear": "to clear from the market",
                }.get(phase, "to do")
                lines.append(f"{todo} card{'s' if todo != 1 else ''} {what}")
            used = [frame.name(c) for c in state["gears"]]
            if state["mayor"]:
                used.append("Mayor")
            lines.append("gears used: " + (", ".join(used) if used else "none"))
        for i, line in enumerate(lines[:4]):
            svg.fit(g, line, x + 10, top + 17 + 16 * i, w - 20, 11)

    def _market(self, root: ET.Element, frame: _Frame) -> None:
        market: list[int] = frame.state["market"]
        g = svg.el(root, "g", class_="market")
        x, y = svg.MARGIN, _ROW2_Y
        svg.label(g, f"market ({len(market)})", x, y + 10, font_size=11, fill=svg.MUTED)
        top = y + _CARDS_DY
        frame.anchors["market"] = (x, top, 6 * _STEP - 6, _CARD_H)
        if not market:
            _slot(g, x, top, "empty")
        step = _STEP if len(market) <= 6 else (6 * _STEP - 6 - _CARD_W) / (len(market) - 1)
        for i, kind in enumerate(market):
            _card(g, x + i * step, top, frame.card(kind), f"card {kind}")

    def _payment(self, root: ET.Element, frame: _Frame) -> None:
        state = frame.state
        payment = state["payment"]
        x, y = _PAY_X, _ROW2_Y
        w = svg.PAGE_WIDTH - svg.MARGIN - x
        g = svg.el(root, "g", class_="payment", fill=svg.INK)
        svg.label(g, "payment", x, y + 10, font_size=11, fill=svg.MUTED)
        top = y + _CARDS_DY
        card: int = payment["card"]
        if card < 0:
            svg.empty(g, x, top, w, _CARD_H, "no build in progress", filled=True, size=12)
            return
        frame.anchors["payment"] = (x, top, w, _CARD_H)
        frame.anchors["payment-card"] = (x, top, _CARD_W, _CARD_H)
        svg.rect(g, x, top, w, _CARD_H, rx=6, fill="#fff4cc", stroke="#d9a520")
        _card(g, x, top, frame.card(card), f"card {card}")
        tx = x + _CARD_W + 12
        source = payment["source"]
        where = _SOURCES[source] if 0 <= source < 3 else "?"
        owed: list[int] = payment["owed"]
        verb = "paying for" if any(owed) else "paid for"
        svg.fit(
            g,
            f"{verb} {frame.name(card)} from the {where}",
            tx,
            top + 15,
            w - _CARD_W - 22,
            12,
            font_weight="bold",
        )
        svg.label(g, "owes", tx, top + 33, font_size=11, fill=svg.MUTED)
        at = tx + 32
        if not any(owed):
            svg.label(g, "nothing", at, top + 33, font_size=11)
            at += 50
        for symbol, count in enumerate(owed):
            if count:
                _symbol(g, at + 6, top + 29, symbol)
                svg.label(g, f"\u00d7{count}", at + 14, top + 33, font_size=11)
                at += 36
        credit: int = payment["credit"]
        _symbol(g, at + 14, top + 29, 5)
        svg.label(g, f"coins paid {credit}", at + 24, top + 33, font_size=11)
        hand = ", ".join(frame.name(kind) for kind in payment["hand"]) or "-"
        city = (
            ", ".join(frame.name(c, self._side(state, frame.turn_seat())) for c in payment["city"])
            or "-"
        )
        svg.fit(g, f"paid from the hand: {hand}", tx, top + 49, w - _CARD_W - 22, 11)
        svg.fit(g, f"paid from the city: {city}", tx, top + 63, w - _CARD_W - 22, 11)

    @staticmethod
    def _side(state: dict[str, Any], seat: int) -> int:
        sides: list[int] = state["sides"]
        return sides[seat] if 0 <= seat < len(sides) else 0

    def _seat(
        self,
        parent: ET.Element,
        frame: _Frame,
        seat: int,
        x: float,
        y: float,
        winners: list[int],
    ) -> None:
        state, data = frame.state, frame.data
        moving = state["phase"] != "end" and state["to_move"] == seat
        turn = state["phase"] not in ("setup", "end") and frame.turn_seat() == seat
        won = seat in winners
        row = svg.seat_panel(parent, seat, x, y, _PANEL_W, _SEAT_H, moving)
        svg.seat_chip(row, x + 20, y + 18, seat, r=10)
        more = ["its turn"] if turn and not moving else []
        tags = svg.seat_tags(seat, frame.perspective, moving, won, *more)
        svg.seat_name(row, seat, x + 38, y + 23, tags, x + 94, moving or won)
        side = self._side(state, seat)
        city: list[int] = state["cities"][seat]
        hand: list[int] = state["hands"][seat]
        limit = data.city_limit if data else 10
        facts = svg.el(row, "g", class_="facts", font_size=11, fill=svg.MUTED)
        fx = x + 250
        text = f"{'mayor' if side else 'house'} side \u00b7 built {len(city)} of {limit}"
        text += f" \u00b7 hand {len(hand)}"
        svg.label(facts, text, fx, y + 23)
        fx += svg.text_width(text, 11) + 14
        if data:
            _, demand = _counts(data, state, seat)
            for k in range(2):
                _demand(facts, fx + 6, y + 19, k, svg.MOVING_BG if moving else svg.SEAT_BG)
                svg.label(facts, str(demand[k]), fx + 15, y + 23, fill=svg.INK, font_weight="bold")
                fx += 34
        if state["pioneer"] == seat:
            vp = data.pioneer_vp if data else 10
            svg.rect(facts, fx, y + 11, 126, 16, rx=4, fill=_BONUS.fill, stroke=_BONUS.dark)
            svg.label(
                facts,
                f"Pioneer Bonus \u00b7 {vp} VP",
                fx + 6,
                y + 23,
                fill=svg.INK,
                font_size=10,
                font_weight="bold",
            )
        score = str(frame.scores[seat]) if frame.scores is not None else "?"
        svg.score(row, score, "VP", x + _PANEL_W - 12, y + 27, 22)
        self._city(row, frame, seat, x + 10, y + 36)
        self._hand(row, frame, seat, x + 10, y + 36 + _CARD_H + 8)

    def _city(self, parent: ET.Element, frame: _Frame, seat: int, x: float, y: float) -> None:
        state = frame.state
        side = self._side(state, seat)
        city: list[int] = state["cities"][seat]
        g = svg.el(parent, "g", class_=f"city city-{seat}")
        label_x = x + _ROW_W + 12
        svg.label(parent, "city", label_x, y + 14, font_size=11, fill=svg.MUTED)
        initial = len(frame.data.cards) if frame.data else -1
        # The seat's cards paid in the build in progress and its gears used this turn, each
        # index counted as often as it was (a city may hold two of a kind).
        turn = frame.turn_seat() == seat and state["phase"] not in ("setup", "end")
        paid = list(state["payment"]["city"]) if turn else []
        used = list(state["gears"]) if turn else []
        cards = [(initial, frame.card(initial, side) if frame.data else None)]
        cards += [(c, frame.card(c)) for c in city]
        for i, (c, card) in enumerate(cards):
            cx = x + i * _STEP
            label = "initial" if i == 0 else f"card {c}"
            _card(g, cx, y, card, label)
            if i:
                frame.anchors[f"city-{seat}-{i - 1}"] = (cx, y, _CARD_W, _CARD_H)
            frame.anchors.setdefault(f"gear-{seat}-{c}", (cx, y, _CARD_W, _CARD_H))
            badge_x = cx + _CARD_W - 4
            if c in paid:
                paid.remove(c)
                svg.badge(g, badge_x, y, "paid", _PAID)
                badge_x -= 34
            if c in used:
                used.remove(c)
                svg.badge(g, badge_x, y, "used", svg.USED)
            elif i == 0 and turn and state["mayor"]:
                svg.badge(g, badge_x, y, "used", svg.USED)
        for i in range(len(cards), (frame.data.city_limit if frame.data else 10) + 1):
            svg.empty(g, x + i * _STEP, y, _CARD_W, _CARD_H)

    def _hand(self, parent: ET.Element, frame: _Frame, seat: int, x: float, y: float) -> None:
        hand: list[int] = frame.state["hands"][seat]
        label_x = x + _ROW_W + 12
        svg.label(parent, "hand", label_x, y + 14, font_size=11, fill=svg.MUTED)
        count = f"{len(hand)} card{'s' if len(hand) != 1 else ''}"
        svg.label(parent, count, label_x, y + 28, font_size=11, fill=svg.INK)
        if not frame.sees_hand(seat):
            svg.label(parent, "face down", label_x, y + 42, font_size=10, fill=svg.MUTED)
        g = svg.el(parent, "g", class_=f"hand hand-{seat}")
        width = max(1, len(hand)) * _STEP - 6
        step = float(_STEP)
        if len(hand) > 11:  # more than a row holds, before the discards at the end of the turn
            step = (_ROW_W - _CARD_W) / (len(hand) - 1)
            width = _ROW_W
        frame.anchors[f"hand-{seat}"] = (x, y, width, _CARD_H)
        for i, kind in enumerate(hand):
            cx = x + i * step
            if frame.sees_hand(seat):
                _card(g, cx, y, frame.card(kind), f"card {kind}")
            else:
                svg.card_back(g, cx, y, _CARD_W, _CARD_H, r=6)

    def _legend(self, root: ET.Element, frame: _Frame, y: float) -> None:
        x = svg.MARGIN
        legend = svg.legend(root, x, y, _PANEL_W)
        y += 20
        at = float(x)
        for symbol, name in enumerate(CITY_SYMBOLS):
            _symbol(legend, at + 7, y - 4, symbol)
            at = svg.key(legend, name, at, y, 17)
        _demand(legend, at + 7, y - 4, 0, "#ffffff")
        at = svg.key(legend, "sun", at, y, 17)
        _demand(legend, at + 7, y - 4, 1, "#ffffff")
        at = svg.key(legend, "moon", at, y, 17)
        _lightning(legend, at + 5, y - 4)
        at = svg.key(legend, "when built", at, y, 13)
        _gear(legend, at + 5, y - 4, svg.MUTED)
        at = svg.key(legend, "once a turn", at, y, 13)
        for i, symbol in enumerate((0, 2, 4)):
            svg.circle(legend, at + 4 + 8 * i, y - 4, 3.1, fill=_SYMBOL_FILL[symbol])
        at = svg.key(legend, "cost", at, y, 26)
        svg.rect(legend, at, y - 11, 24, 14, rx=3, fill=_LANDMARK.fill, stroke=_LANDMARK.dark)
        at = svg.key(legend, "landmark", at, y, 30)
        svg.card_back(legend, at, y - 11, 24, 14, r=3)
        at = svg.key(legend, "face down", at, y, 30)
        svg.last_mark(legend, at, y - 11)
        svg.label(legend, "last move", at + 18, y)
