"""``compare``: another engine against a boardcore engine, step by step, with shrinking."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from boardcore import errors
from boardcore.api import CHANCE, Game
from boardcore.rng import SplitMix64

from ._common import (
    MISSING,
    Calls,
    Difference,
    Disagreement,
    KitInterrupted,
    Outcome,
    SeededGames,
    action_text,
    choose,
    engine_name,
    error_text,
    fingerprint,
    json_diff,
    listing,
    plural,
    seat_text,
    seed_of,
    short,
    text_diff,
)

__all__ = ["CompareResult", "compare"]

Describe = Callable[[int], str]


@dataclass(frozen=True)
class Options:
    """What is compared at each step besides the essentials."""

    strings: bool = True
    render: bool = False
    observations: bool = False
    svg: bool = False
    errors: bool = True


def _ints(value: Any) -> list[int]:
    return [int(v) for v in value]


def take_view(
    state: Any, calls: Calls, options: Options, players: int, picture: bool = False
) -> dict[str, Any]:
    """What an engine says about a state: one key per thing it provides.

    Keys: ``player``, ``chance`` (``is_chance_node``), ``terminal``, ``legal`` (ids; at a
    chance node too, from an engine with ``is_chance_node``), ``mask`` (the legal action
    mask's true ids), ``strings`` (the notation of the legal ids or outcomes) and ``readback``
    (``string_to_action`` of each), ``outcomes`` and ``weights`` at chance nodes, ``json``,
    ``history``, ``scores``, ``winners``, ``returns``, ``render``, ``observations`` (tensors)
    and ``observation strings``, ``svg`` (``to_svg()`` when ``picture``). A method that
    raised leaves its key out and an error in ``calls.errors``.
    """
    view: dict[str, Any] = {}

    def put(key: str, method: str, convert: Callable[[Any], Any], *args: Any) -> Any:
        value = calls.get(state, method, *args)
        if value is MISSING or value is None:
            return None
        try:
            view[key] = convert(value)
        except (TypeError, ValueError) as error:
            calls.errors.append(
                f"{calls.label}: {method}() returned {short(value)}, which is not usable "
                f"({error_text(error)})"
            )
            return None
        return view[key]

    player = put("player", "current_player", int)
    put("chance", "is_chance_node", bool)
    put("terminal", "is_terminal", bool)
    if player == CHANCE:
        outcomes = put("outcomes", "chance_outcomes", lambda v: [(int(a), int(w)) for a, w in v])
        if outcomes is not None:
            view["weights"] = [w for _, w in outcomes]
            actions = [a for a, _ in outcomes]
        else:
            actions = None
        # An engine with is_chance_node() follows OpenSpiel: legal_actions() at a chance
        # node are the outcome ids. Older engines may return [] there; they are not asked.
        if hasattr(state, "is_chance_node"):
            put("legal", "legal_actions", _ints)
    else:
        actions = put("legal", "legal_actions", _ints)
    put("mask", "legal_action_mask", lambda v: np.flatnonzero(np.asarray(v)).tolist())
    if options.strings and actions is not None:
        strings = [calls.get(state, "action_to_string", a) for a in actions]
        if all(isinstance(s, str) for s in strings):
            view["strings"] = strings
            # Read back quietly: an engine that cannot read its own notation shows as a
            # notation difference (its strings, or their reading, differ from ours).
            quiet = Calls(calls.label)
            back = [quiet.get(state, "string_to_action", s) for s in strings]
            if not quiet.errors and not any(b is MISSING or b is None for b in back):
                try:
                    view["readback"] = [int(b) for b in back]
                except (TypeError, ValueError):
                    calls.errors.append(f"{calls.label}: string_to_action() did not return int")
        elif not any(s is MISSING for s in strings) and not calls.errors:
            calls.errors.append(f"{calls.label}: action_to_string() did not return str")
    put("json", "to_json", str)
    put("history", "history", _ints)
    put("scores", "scores", _ints)
    put("winners", "winners", _ints)
    put("returns", "returns", lambda v: [float(x) for x in v])
    if options.render:
        try:
            view["render"] = str(state)
        except Exception as error:
            calls.errors.append(f"{calls.label}: str(state) raised {error_text(error)}")
    if options.observations:
        tensors = [calls.get(state, "observation_tensor", p) for p in range(players)]
        if not any(t is MISSING or t is None for t in tensors):
            view["observations"] = [np.asarray(t) for t in tensors]
        texts = [calls.get(state, "observation_string", p) for p in range(players)]
        if not any(t is MISSING or t is None for t in texts):
            view["observation strings"] = [str(t) for t in texts]
    if options.svg and picture:
        put("svg", "to_svg", str)
    return view


def refusal(state: Any, action: int) -> str | None:
    """How an engine refuses an illegal ``action``: the error's class, or None if it took it.

    A refusal must leave the state as it was (:func:`fingerprint`: its JSON, history, seat
    and legal actions; an engine may keep a history of its own beside its JSON).
    """
    before = fingerprint(state)
    try:
        state.apply_action(action)
    except Exception as error:
        if fingerprint(state) != before:
            return f"{type(error).__name__}, but the state changed"
        return type(error).__name__
    return None


def _illegal(legal: Sequence[int], size: int) -> int:
    """The smallest id that is not legal (``size`` when every id is)."""
    taken = set(legal)
    return next((i for i in range(size) if i not in taken), size)


def _close(a: list[float], b: list[float]) -> bool:
    """Returns agree to within 1e-9 (an engine may compute 1/3 its own way)."""
    return len(a) == len(b) and all(
        math.isclose(x, y, abs_tol=1e-9) for x, y in zip(a, b, strict=True)
    )


def _legal_detail(a: list[int], b: list[int], labels: tuple[str, str], describe: Describe) -> str:
    only_a = sorted(set(a) - set(b))
    only_b = sorted(set(b) - set(a))
    first, second = labels
    if not only_a and not only_b:
        return (
            f"the same {len(a)} actions in a different order (legal_actions() must be "
            f"ascending)\n{first}: {listing([describe(x) for x in a])}\n"
            f"{second}: {listing([describe(x) for x in b])}"
        )
    head = f"{first} has {len(a)} legal actions, {second} {len(b)}"
    lines = [head]
    if only_a:
        lines.append(f"only in {first} ({len(only_a)}): {listing([describe(x) for x in only_a])}")
    if only_b:
        lines.append(f"only in {second} ({len(only_b)}): {listing([describe(x) for x in only_b])}")
    return "\n".join(lines)


def _strings_detail(a: list[str], b: list[str], labels: tuple[str, str]) -> str:
    first, second = labels
    only_a = [s for s in a if s not in set(b)]
    only_b = [s for s in b if s not in set(a)]
    if not only_a and not only_b:
        return (
            "the same actions in a different order (legal_actions() must be ascending)\n"
            f"{first}: {listing(a)}\n{second}: {listing(b)}"
        )
    lines = [f"{first} has {len(a)} legal actions, {second} {len(b)}"]
    if only_a:
        lines.append(f"only in {first} ({len(only_a)}): {listing(only_a)}")
    if only_b:
        lines.append(f"only in {second} ({len(only_b)}): {listing(only_b)}")
    return "\n".join(lines)


def differences(
    a: dict[str, Any],
    b: dict[str, Any],
    errors: Sequence[str],
    labels: tuple[str, str],
    describe: Describe,
) -> list[Difference]:
    """Every way two views of the same step differ, the most telling first."""
    found = [Difference("error", e) for e in errors[:3]]
    if len(errors) > 3:
        found.append(Difference("error", f"... and {len(errors) - 3} more errors"))
    first, second = labels

    def both(key: str) -> bool:
        return key in a and key in b

    if both("player") and a["player"] != b["player"]:
        found.append(
            Difference(
                "current player",
                f"{first} {seat_text(a['player'])}, {second} {seat_text(b['player'])}",
            )
        )
    if both("terminal") and a["terminal"] != b["terminal"]:
        found.append(Difference("terminal", f"{first} {a['terminal']}, {second} {b['terminal']}"))
    if both("chance") and a["chance"] != b["chance"]:
        detail = f"is_chance_node(): {first} {a['chance']}, {second} {b['chance']}"
        found.append(Difference("chance outcomes", detail))
    if both("outcomes") and a["outcomes"] != b["outcomes"]:

        def weighted(outcomes: list[tuple[int, int]]) -> str:
            return listing([f"{describe(x)} (weight {w})" for x, w in outcomes])

        detail = f"{first} {weighted(a['outcomes'])}\n{second} {weighted(b['outcomes'])}"
        found.append(Difference("chance outcomes", detail))
    elif both("weights") and a["weights"] != b["weights"]:
        found.append(
            Difference(
                "chance outcomes", f"weights: {first} {a['weights']}, {second} {b['weights']}"
            )
        )
    if both("legal") and a["legal"] != b["legal"]:
        found.append(
            Difference("legal actions", _legal_detail(a["legal"], b["legal"], labels, describe))
        )
    elif both("strings") and a["strings"] != b["strings"]:
        sa, sb = a["strings"], b["strings"]
        ids = a.get("legal", [x for x, _ in a.get("outcomes", [])])
        if (both("legal") or both("outcomes")) and len(sa) == len(sb):  # same ids, other words
            pairs = [
                f"action {ids[i] if i < len(ids) else '?'}: {first} {x!r}, {second} {y!r}"
                for i, (x, y) in enumerate(zip(sa, sb, strict=True))
                if x != y
            ]
            detail = f"{len(pairs)} of {len(sa)} legal actions written differently\n"
            found.append(Difference("notation", detail + "\n".join(pairs[:8])))
        else:
            found.append(Difference("legal actions", _strings_detail(sa, sb, labels)))
    elif both("readback") and a["readback"] != b["readback"]:
        ids = b.get("legal", [x for x, _ in b.get("outcomes", [])])
        pairs = [
            f"{text!r}: {first} reads {x}, {second} {y}"
            for text, x, y in zip(b.get("strings", []), a["readback"], b["readback"], strict=False)
            if x != y
        ]
        detail = f"string_to_action() of {len(pairs)} of {len(ids)} actions' notation differs\n"
        found.append(Difference("notation", detail + "\n".join(pairs[:8])))
    if both("mask") and a["mask"] != b["mask"] and not found:
        detail = f"legal_action_mask(): {first} {short(a['mask'])}, {second} {short(b['mask'])}"
        found.append(Difference("legal actions", detail))
    if both("json") and a["json"] != b["json"]:
        found.append(Difference("json", json_diff(a["json"], b["json"], labels)))
    if both("history") and a["history"] != b["history"]:
        found.append(
            Difference("history", f"{first} {short(a['history'])}, {second} {short(b['history'])}")
        )
    for key in ("scores", "winners"):
        if both(key) and a[key] != b[key]:
            found.append(Difference(key, f"{first} {a[key]}, {second} {b[key]}"))
    if both("returns") and not _close(a["returns"], b["returns"]):
        found.append(Difference("returns", f"{first} {a['returns']}, {second} {b['returns']}"))
    if both("render") and a["render"] != b["render"]:
        found.append(Difference("rendering", text_diff(a["render"], b["render"], labels)))
    if both("observation strings"):
        for seat, (x, y) in enumerate(
            zip(a["observation strings"], b["observation strings"], strict=False)
        ):
            if x != y:
                detail = f"seat {seat}'s observation_string():\n" + text_diff(x, y, labels)
                found.append(Difference("observation", detail))
                break
    if both("svg") and a["svg"] != b["svg"]:
        found.append(Difference("picture", text_diff(a["svg"], b["svg"], labels)))
    if both("observations"):
        for seat, (x, y) in enumerate(zip(a["observations"], b["observations"], strict=False)):
            if x.shape != y.shape:
                detail = f"seat {seat}: shapes {first} {x.shape}, {second} {y.shape}"
                found.append(Difference("observation", detail))
                break
            if not np.array_equal(x, y):
                where = np.flatnonzero(x.ravel() != y.ravel())
                detail = (
                    f"seat {seat}: {len(where)} values differ, first at index {int(where[0])}: "
                    f"{first} {x.ravel()[where[0]]}, {second} {y.ravel()[where[0]]}"
                )
                found.append(Difference("observation", detail))
                break
    return found


# ---------------------------------------------------------------------------------------------
# Walking a game on both engines.


@dataclass
class Walk:
    """How one game (or scripted sequence) went: its first disagreement, if any."""

    disagreement: Disagreement | None
    steps: int
    valid: bool = True
    """False when a scripted action was not legal in our engine (the sequence is no game)."""


def walk(
    theirs: Any,
    ours: Game,
    options: Options,
    *,
    seed: int | None = None,
    script: Sequence[int] | None = None,
    then_random: bool = False,
    max_steps: int | None = None,
    game_index: int | None = None,
) -> Walk:
    """Plays a seeded game (or the ``script``) on both engines, comparing every step.

    The driver is DESIGN.md's: one SplitMix64 seeded ``seed`` picks chance outcomes (by
    weight) and the random agent's actions, from *our* engine's lists. A scripted walk
    plays the script first, then stops, or with ``then_random`` goes on with the driver. A
    walk stops after ``max_steps`` actions.
    """
    labels = ("theirs", "ours")
    players = ours.num_players
    rng = SplitMix64(seed if seed is not None else 0)
    actions: list[int] = []
    notation: list[str] = []
    ours_state: Any = ours.new_initial_state()

    def stop(diffs: list[Difference], pending: int | None = None) -> Walk:
        found = Disagreement(
            seed, len(actions), list(actions), list(notation), diffs, labels, pending, game_index
        )
        return Walk(found, len(actions))

    try:
        theirs_state: Any = theirs.new_initial_state()
    except Exception as error:
        return stop(
            [Difference("error", f"theirs: new_initial_state() raised {error_text(error)}")]
        )
    while True:
        calls_a, calls_b = Calls("theirs"), Calls("ours")
        # Pictures at the start and the end (they are drawn from the JSON, compared always).
        picture = not actions or bool(ours_state.is_terminal())
        view_a = take_view(theirs_state, calls_a, options, players, picture)
        view_b = take_view(ours_state, calls_b, options, players, picture)
        diffs = differences(
            view_a,
            view_b,
            calls_a.errors + calls_b.errors,
            labels,
            lambda x: action_text(ours_state, x),
        )
        if diffs:
            return stop(diffs)
        outcomes = view_b.get("outcomes", [])
        allowed = (
            [x for x, _ in outcomes] if view_b["player"] == CHANCE else view_b.get("legal", [])
        )
        if options.errors:
            wrong = _illegal(allowed, ours.num_distinct_actions)
            got = (refusal(theirs_state, wrong), refusal(ours_state, wrong))
            # Their class must be ours where it is one of boardcore's; an engine of its own
            # may raise its own class, but it must refuse and keep its state.
            theirs_class = getattr(errors, got[0] or "", None)
            if (
                got[0] is None
                or "changed" in got[0]
                or (
                    isinstance(theirs_class, type)
                    and issubclass(theirs_class, errors.BoardcoreError)
                    and got[0] != got[1]
                )
            ):
                detail = (
                    f"illegal action {action_text(ours_state, wrong)!r} (action {wrong}): "
                    f"theirs {got[0] or 'accepted it'}, ours {got[1]}"
                )
                return stop([Difference("illegal action", detail)])
        if ours_state.is_terminal():
            return Walk(None, len(actions))
        if script is not None and len(actions) < len(script):
            action = script[len(actions)]
            if action not in allowed:
                return Walk(None, len(actions), valid=False)
        elif (script is not None and not then_random) or (
            max_steps is not None and len(actions) >= max_steps
        ):
            return Walk(None, len(actions))
        else:
            action = choose(rng, allowed, outcomes)
        text = action_text(ours_state, action)
        try:
            theirs_state.apply_action(action)
        except Exception as error:
            legal = "a chance outcome" if outcomes else "legal"
            detail = f"theirs rejected {text!r} (action {action}), {legal} in ours: "
            return stop([Difference("apply", detail + error_text(error))], pending=action)
        try:
            ours_state.apply_action(action)
        except Exception as error:
            detail = f"ours rejected {text!r} (action {action}): {error_text(error)}"
            return stop([Difference("error", detail)], pending=action)
        actions.append(action)
        notation.append(text)


# ---------------------------------------------------------------------------------------------
# Shrinking.


@dataclass
class ShrinkReport:
    """What the shrinking pass did."""

    original_steps: int
    seeds_tried: int = 0
    """Pass 1: games of other seeds."""
    prefixes_tried: int = 0
    """Pass 2: prefixes of the best game, continued by other seeds."""
    sequences_tried: int = 0
    """Pass 3: the best game with runs of actions deleted."""
    steps: list[str] = field(default_factory=list)
    """How the shortest disagreement was reached, one entry per improvement."""

    def __str__(self) -> str:
        how = "; ".join(self.steps) if self.steps else "no shorter game found"
        return (
            f"{how} ({self.seeds_tried} other seeds, {self.prefixes_tried} continued prefixes "
            f"and {self.sequences_tried} edited sequences tried)"
        )


def _replayable(found: Disagreement) -> list[int]:
    return [*found.actions, *([] if found.pending is None else [found.pending])]


def shrink(
    theirs: Any,
    ours: Game,
    options: Options,
    found: Disagreement,
    *,
    seeds: int = 100,
    budget: int = 300,
) -> tuple[Disagreement, ShrinkReport]:
    """A shorter action sequence showing the same kind of disagreement, where one exists.

    Three passes, each keeping any shorter game whose first disagreement has the same kind
    (``found.kind``): (1) the games of the next ``seeds`` seeds, each cut at the best length
    so far; (2) prefixes of the best game (a quarter, half, three quarters of it) continued
    by the driver with other seeds; (3) runs of actions deleted from the best game (halves,
    quarters ... single actions, at every offset) while every action stays legal in our
    engine. Passes 2 and 3 replay at most ``budget`` sequences between them.
    """
    best = found
    report = ShrinkReport(original_steps=found.step)
    base = found.seed if found.seed is not None else 0
    kind = found.kind

    def better(candidate: Walk) -> bool:
        got = candidate.disagreement
        return got is not None and got.kind == kind and got.step < best.step

    for j in range(1, seeds + 1):
        if best.step == 0:
            break
        report.seeds_tried += 1
        other = walk(theirs, ours, options, seed=seed_of(base, j), max_steps=best.step - 1)
        if better(other):
            assert other.disagreement is not None
            best = other.disagreement
            report.steps.append(f"the game of seed {best.seed}: {best.step} steps")
    tries = 0
    per_prefix = max(1, budget // 12)
    for fraction in (3, 2, 1):
        script = _replayable(best)
        prefix = script[: len(script) * fraction // 4]
        if not prefix:
            continue  # pass 1 tried fresh games
        j = 0
        while j < per_prefix and tries < budget // 2 and len(prefix) < best.step:
            j += 1
            tries += 1
            report.prefixes_tried += 1
            other = walk(
                theirs,
                ours,
                options,
                seed=seed_of(base, seeds + 1000 * fraction + j),
                script=prefix,
                then_random=True,
                max_steps=best.step - 1,
            )
            if better(other):
                assert other.disagreement is not None
                best = other.disagreement
                best.seed = None
                report.steps.append(
                    f"its first {len(prefix)} actions played on at random: {best.step} steps"
                )
    script = _replayable(best)
    size = len(script) // 2
    while size >= 1 and tries < budget and best.step > 0:
        start, improved = 0, False
        while start + size <= len(script) and tries < budget:
            candidate = script[:start] + script[start + size :]
            tries += 1
            report.sequences_tried += 1
            result = walk(theirs, ours, options, script=candidate)
            if better(result):
                assert result.disagreement is not None
                best, improved = result.disagreement, True
                best.seed = None
                report.steps.append(
                    f"{len(script) - len(_replayable(best))} actions deleted: {best.step} steps"
                )
                script = _replayable(best)
                continue
            start += 1
        if not improved:
            size //= 2
    return best, report


# ---------------------------------------------------------------------------------------------
# compare()


@dataclass
class CompareResult(SeededGames, Outcome):
    """What ``compare`` found: ``ok``, or the first disagreement (and a shorter one).
    ``games`` are the games asked for."""

    theirs: str
    ours: str
    games_played: int = 0
    """Games played in full or up to the disagreement."""
    steps: int = 0
    """Steps compared (actions applied on both engines), over all games."""
    disagreement: Disagreement | None = None
    shrunk: Disagreement | None = None
    """A shorter game showing the same kind of disagreement; None if none was found."""
    shrink_report: ShrinkReport | None = None
    seconds: float = 0.0
    compared: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when the engines agreed on every step of every game."""
        return self.disagreement is None

    def __str__(self) -> str:
        head = (
            f"compare {self.game} {self.params}: theirs {self.theirs} against ours {self.ours}\n"
            f"compared at each step: {', '.join(self.compared)}"
        )
        if self.disagreement is None:
            return (
                f"{head}\nPASSED: {self.games_played} games ({self.seeds}), "
                f"{self.steps} steps, no disagreement ({self.seconds:.1f} s)"
            )
        found = self.disagreement
        lines = [
            head,
            f"FAILED at game {found.game_index} of {self.games}: {found.kind} "
            f"({plural(self.games_played - 1, 'game')} agreed before it, {self.seconds:.1f} s)",
            f"disagreement at {found}",
        ]
        report = self.shrink_report
        if self.shrunk is not None and report is not None:
            lines.append(
                f"shrunk from {report.original_steps} to {self.shrunk.step} steps: {report}"
            )
            lines.append(f"shortest found: {self.shrunk}")
        elif report is not None:
            lines.append(f"shrinking: {report}")
        return "\n".join(lines)


def compare(
    theirs: Game,
    ours: Game,
    games: int = 1000,
    seed: int = 0,
    *,
    shrink_seeds: int = 100,
    shrink_budget: int = 300,
    shrink_pass: bool = True,
    strings: bool = True,
    render: bool = False,
    observations: bool = False,
    progress: Callable[[int], None] | None = None,
    svg: bool = False,
    illegal: bool = True,
) -> CompareResult:
    """Plays ``games`` seeded games on ``theirs`` and ``ours`` side by side, step by step.

    Game ``i`` uses seed ``seed + i`` and DESIGN.md's driver: one SplitMix64 picks chance
    outcomes by weight and the random agent's ``legal[below(len(legal))]``, from *our*
    engine's lists, and the action is applied to both. Before each action the engines must
    agree on the seat to move, whether it is a chance node and whether the game is over,
    the legal actions (ids, the mask, their notation and its reading back), the chance
    outcomes, the canonical JSON, the history, scores, winners and returns (each compared
    when both engines provide it; ``render`` adds ``str(state)``, ``observations`` every
    seat's observation tensor and string, ``svg`` the pictures at the start and the end).
    With ``illegal`` (the default) both must refuse an illegal action at every step,
    unchanged, with the same class where theirs raises one of boardcore's errors. The run
    stops at the first disagreement; a shrinking pass then looks for a shorter game
    disagreeing the same way: other seeds' games, prefixes of the game continued at random,
    actions deleted (``shrink_seeds`` and ``shrink_budget`` bound it;
    ``shrink_pass=False`` skips it).

    ``theirs`` needs ``new_initial_state()`` and, on states, ``current_player()``,
    ``legal_actions()`` and ``apply_action()``; every other method of
    :class:`boardcore.api.State` is compared when present (absent, or raising
    ``NotImplementedError``, means not provided).

    >>> import boardcore, boardcore.testing
    >>> result = boardcore.testing.compare(
    ...     boardcore.reference.load("kardinal", players=2),
    ...     boardcore.load("kardinal", players=2),
    ...     games=5,
    ... )
    >>> result.ok, result.games_played
    (True, 5)
    >>> result.raise_if_failed()  # an assertion: silent when ok
    """
    start = time.perf_counter()
    options = Options(
        strings=strings, render=render, observations=observations, svg=svg, errors=illegal
    )
    compared = ["current player", "terminal", "legal actions"]
    compared += ["notation"] if strings else []
    compared += ["chance outcomes", "json", "history", "scores", "winners", "returns"]
    compared += ["illegal actions"] if illegal else []
    compared += ["rendering"] if render else []
    compared += ["observations"] if observations else []
    compared += ["pictures"] if svg else []
    result = CompareResult(
        game=ours.name,
        params=dict(ours.params),
        theirs=engine_name(theirs),
        ours=engine_name(ours),
        seed=seed,
        games=games,
        compared=compared,
    )
    players = getattr(theirs, "num_players", None)
    name = getattr(theirs, "name", None)
    detail = None
    if isinstance(name, str) and name != ours.name:  # the wrong engine given: say so first
        detail = f"theirs is the game {name!r}, ours {ours.name!r}"
    elif isinstance(players, int) and players != ours.num_players:
        detail = f"theirs has {players} players, ours {ours.num_players}"
    if detail is not None:
        result.disagreement = Disagreement(
            seed, 0, [], [], [Difference("setup", detail)], game_index=0
        )
        result.games_played = 1
        result.seconds = time.perf_counter() - start
        return result
    for index in range(games):
        try:
            outcome = walk(theirs, ours, options, seed=seed_of(seed, index), game_index=index)
        except KeyboardInterrupt:
            raise KitInterrupted(
                f"compare was in the game of seed {seed_of(seed, index)} (game {index + 1} of "
                f"{games}, {result.steps} steps agreed before it)"
            ) from None
        result.games_played += 1
        result.steps += outcome.steps
        if progress is not None:
            progress(1)
        if outcome.disagreement is not None:
            result.disagreement = outcome.disagreement
            break
    if result.disagreement is not None and shrink_pass:
        try:
            shrunk, report = shrink(
                theirs,
                ours,
                options,
                result.disagreement,
                seeds=shrink_seeds,
                budget=shrink_budget,
            )
        except KeyboardInterrupt:
            result.seconds = time.perf_counter() - start
            raise KitInterrupted(
                f"compare was shrinking what it found (not shrunk):\n{result}"
            ) from None
        result.shrink_report = report
        if shrunk is not result.disagreement:
            result.shrunk = shrunk
    result.seconds = time.perf_counter() - start
    return result
