"""Pieces shared by the conformance kit: seeds, guarded calls, differences and JSON diffs."""

from __future__ import annotations

import difflib
import json
import traceback
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import numpy as np

from boardcore.api import CHANCE, TERMINAL
from boardcore.errors import BoardcoreError
from boardcore.rng import SplitMix64

__all__ = [
    "ConformanceError",
    "Difference",
    "Disagreement",
    "GoldenLogError",
    "Outcome",
    "SeededGames",
]

MASK64: Final = (1 << 64) - 1
SHOWN: Final = 8
"""How many items of a long list a report shows before "... and N more"."""


class ConformanceError(AssertionError):
    """An engine failed a conformance check; the message is the full report.

    Raised by ``raise_if_failed()`` of every result, so the kit's functions double as
    assertions in a test suite (pytest shows the report).
    """


class Outcome:
    """What every result of the kit shares: truthy when ``ok``; ``str(result)`` is the report,
    and ``raise_if_failed()`` raises :class:`ConformanceError` with it, for use as an
    assertion."""

    @property
    def ok(self) -> bool:
        raise NotImplementedError

    def raise_if_failed(self) -> None:
        """Raise :class:`ConformanceError` (an ``AssertionError``) with the report unless ok."""
        if not self.ok:
            raise ConformanceError(str(self))

    def __bool__(self) -> bool:
        return self.ok


@dataclass
class SeededGames:
    """What a result says of the games played: the game, its parameters, the first seed and
    how many games (seeded ``seed_of(seed, 0)``, ``seed_of(seed, 1)``...)."""

    game: str
    params: dict[str, Any]
    seed: int
    games: int

    @property
    def seeds(self) -> str:
        """The games' seeds as a report writes them: ``seeds 100..109``."""
        return f"seeds {self.seed}..{seed_of(self.seed, max(self.games - 1, 0))}"


class GoldenLogError(BoardcoreError):
    """A golden log that is not in the format of ``docs/conformance.md``."""


class KitInterrupted(KeyboardInterrupt):
    """Ctrl-C during a check of the kit: still a ``KeyboardInterrupt``, whose message says
    where the check was (the game's seed and step), so that a hanging engine is found."""


class EngineError(BoardcoreError):
    """An engine raised while ``record`` asked it for a step of a golden log; the message
    names the game, its seed and the step."""


def is_int(value: object) -> bool:
    """An int as an engine may give one: a Python or numpy integer, not a bool."""
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def plain(value: Any) -> Any:
    """``value`` as plain Python for comparing (a numpy int as an int, a tuple, an array or
    any other iterable of actions as a list): an engine's wrong container type is reported
    once, by its own check, not again by every later comparison that would trip on it."""
    if isinstance(value, (str, bytes)) or value is None:
        return value
    if is_int(value):
        return int(value)
    if isinstance(value, Iterable) and not isinstance(value, Mapping):
        return [plain(x) for x in value]
    return value


def fingerprint(state: Any) -> tuple[Any, ...]:
    """What must not change when an illegal action is refused: ``to_json``, ``history``,
    ``current_player`` and ``legal_actions``, each as the engine answers (or what it raised:
    a method it lacks raises alike before and after)."""
    parts: list[Any] = []
    for method in ("to_json", "history", "current_player", "legal_actions"):
        try:
            parts.append(plain(getattr(state, method)()))
        except Exception as error:
            parts.append(f"raised {type(error).__name__}")
    return tuple(parts)


def seed_of(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed`` (as in ``boardcore.simulate``)."""
    return (seed + index) & MASK64


def engine_name(game: object) -> str:
    """A short description of an engine: its class and module."""
    cls = type(game)
    return f"{cls.__module__}.{cls.__qualname__}"


def error_text(error: BaseException) -> str:
    """``Type: message (at file.py:123 in function)`` for an exception an engine raised."""
    where = ""
    frames = traceback.extract_tb(error.__traceback__)
    if frames:
        last = frames[-1]
        where = f" (at {Path(last.filename).name}:{last.lineno} in {last.name})"
    return f"{type(error).__name__}: {error}{where}"


def short(value: object, limit: int = 72) -> str:
    """A value as compact JSON (or repr), cut to ``limit`` characters."""
    try:
        text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def action_text(state: Any, action: int) -> str:
    """The engine's notation of ``action``, or ``#<id>`` if it gives none (an error, not a
    str)."""
    try:
        text = state.action_to_string(action)
    except Exception:
        return f"#{action}"
    return text if isinstance(text, str) else f"#{action}"


def seat_text(player: object) -> str:
    if player == CHANCE:
        return f"chance ({CHANCE})"
    if player == TERMINAL:
        return f"terminal ({TERMINAL})"
    return f"seat {player}" if isinstance(player, int) else repr(player)


def listing(items: Sequence[str], limit: int = SHOWN) -> str:
    """``a, b, c ... and 12 more``."""
    shown = ", ".join(items[:limit])
    return shown + (f" ... and {len(items) - limit} more" if len(items) > limit else "")


def plural(count: int, noun: str) -> str:
    """``1 game``, ``2 games``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def indent(text: str, prefix: str = "    ") -> str:
    return "\n".join(prefix + line if line else line for line in text.splitlines())


def choose(rng: SplitMix64, legal: Sequence[int], outcomes: Sequence[tuple[int, int]]) -> int:
    """DESIGN.md's driver: a weighted chance outcome, else the random agent's pick."""
    if outcomes:
        return outcomes[rng.choose_weighted([w for _, w in outcomes])][0]
    return legal[rng.below(len(legal))]


class Missing:
    """Marks a method an engine does not provide (absent, or raising NotImplementedError)."""

    _instance: Missing | None = None

    def __new__(cls) -> Missing:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Final = Missing()


@dataclass
class Calls:
    """Calls methods of one engine, turning what it raises into messages instead of crashes."""

    label: str
    errors: list[str] = field(default_factory=list)

    def get(self, obj: object, method: str, *args: Any) -> Any:
        """``obj.method(*args)``; MISSING if not provided; None (and an error) if it raised."""
        fn = getattr(obj, method, None)
        if fn is None:
            return MISSING
        try:
            return fn(*args)
        except NotImplementedError:
            return MISSING
        except Exception as error:
            shown = ", ".join(repr(a) for a in args)
            self.errors.append(f"{self.label}: {method}({shown}) raised {error_text(error)}")
            return None


# ---------------------------------------------------------------------------------------------
# Disagreements between two engines (compare) or an engine and a log (verify).


@dataclass
class Difference:
    """One way two engines disagree at a step: what (``kind``) and the details."""

    kind: str
    """``current player``, ``terminal``, ``legal actions``, ``notation``, ``chance outcomes``,
    ``json``, ``scores``, ``winners``, ``returns``, ``rendering``, ``observation``, ``apply``,
    ``error`` or ``setup``."""
    detail: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.detail}"


@dataclass
class Disagreement:
    """The first step at which two engines (or an engine and a log) disagree.

    ``actions`` are the actions applied before the step (ids, and ``notation`` in the game's
    notation); ``pending`` is the action being applied when an engine rejected it or raised
    (``apply`` and ``error`` differences), else None. ``game.replay(actions)`` reproduces the
    position. ``seed`` is the driver's seed of the game, None for a sequence edited by the
    shrinking pass.
    """

    seed: int | None
    step: int
    actions: list[int]
    notation: list[str]
    differences: list[Difference]
    labels: tuple[str, str] = ("theirs", "ours")
    pending: int | None = None
    game_index: int | None = None
    """Which game of the run (0-based), when it came from a run of seeded games."""

    @property
    def kind(self) -> str:
        """The first difference's kind: what the shrinking pass keeps."""
        return self.differences[0].kind

    def __str__(self) -> str:
        where = f"seed {self.seed}, " if self.seed is not None else ""
        kinds = ", ".join(dict.fromkeys(d.kind for d in self.differences))
        lines = [f"{where}step {self.step}: {kinds}"]
        if self.notation:
            lines.append(f"  actions so far ({len(self.notation)}): " + "; ".join(self.notation))
        else:
            lines.append("  actions so far: none (the initial state)")
        for difference in self.differences:
            head, _, rest = difference.detail.partition("\n")
            lines.append(f"  {difference.kind}: {head}")
            if rest:
                lines.append(indent(rest))
        replay = [*self.actions, *([] if self.pending is None else [self.pending])]
        lines.append(f"  reproduce: game.replay({replay})")
        return "\n".join(lines)


# ---------------------------------------------------------------------------------------------
# JSON diffs.


def _ordered(text: str) -> Any:
    """Parse JSON keeping each object's key order (objects become lists of pairs)."""
    return json.loads(text, object_pairs_hook=lambda pairs: ("__object__", pairs))


def _key_order(a: Any, b: Any, path: str) -> str | None:
    """The first object whose keys come in a different order in ``a`` and ``b``."""
    if isinstance(a, tuple) and isinstance(b, tuple) and a[:1] == b[:1] == ("__object__",):
        keys_a, keys_b = [k for k, _ in a[1]], [k for k, _ in b[1]]
        if keys_a != keys_b and sorted(keys_a) == sorted(keys_b):
            return f"{path or 'the top-level object'}: keys {keys_a} vs {keys_b}"
        values_b = dict(b[1])
        for key, value in a[1]:
            if key in values_b:
                found = _key_order(value, values_b[key], f"{path}.{key}" if path else key)
                if found:
                    return found
    elif isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            found = _key_order(x, y, f"{path}[{i}]")
            if found:
                return found
    return None


def _structural(a: Any, b: Any, path: str, out: list[tuple[str, str, str]]) -> None:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            sub = f"{path}.{key}" if path else key
            if key not in a:
                out.append((sub, "(missing)", short(b[key])))
            elif key not in b:
                out.append((sub, short(a[key]), "(missing)"))
            else:
                _structural(a[key], b[key], sub, out)
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            out.append((f"{path} (length)", str(len(a)), str(len(b))))
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            _structural(x, y, f"{path}[{i}]", out)
    elif a != b or type(a) is not type(b):
        out.append((path or "(the whole document)", short(a), short(b)))


def json_diff(a: str, b: str, labels: tuple[str, str] = ("theirs", "ours")) -> str:
    """What differs between two JSON texts: fields by path, or else the bytes.

    >>> print(json_diff('{"a":1,"b":[1,2]}', '{"a":1,"b":[1,3]}'))
    b[1]: theirs 2, ours 3
    >>> print(json_diff('{"b":1,"a":2}', '{"a":2,"b":1}'))
    same content, different text: key order in the top-level object: keys ['b', 'a'] vs ['a', 'b']
      first difference at character 2: theirs ...{"b":1,"a":2}..., ours ...{"a":2,"b":1}...
    """
    first, second = labels
    try:
        parsed_a = json.loads(a)
    except ValueError as error:
        return f"{first}: not valid JSON ({error}): {short(a)}"
    try:
        parsed_b = json.loads(b)
    except ValueError as error:
        return f"{second}: not valid JSON ({error}): {short(b)}"
    found: list[tuple[str, str, str]] = []
    _structural(parsed_a, parsed_b, "", found)
    if found:
        lines = [f"{path}: {first} {x}, {second} {y}" for path, x, y in found[:SHOWN]]
        if len(found) > SHOWN:
            lines.append(f"... and {len(found) - SHOWN} more differences")
        return "\n".join(lines)
    order = _key_order(_ordered(a), _ordered(b), "")
    at = next(
        (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
    )
    lo = max(0, at - 20)
    head = (
        f"same content, different text: key order in {order}"
        if order
        else "same content, different text (whitespace, escapes or number format)"
    )
    return (
        f"{head}\n  first difference at character {at}: "
        f"{first} ...{a[lo : at + 20]}..., {second} ...{b[lo : at + 20]}..."
    )


def text_diff(a: str, b: str, labels: tuple[str, str] = ("theirs", "ours")) -> str:
    """A unified diff of two renderings, cut to a few lines."""
    lines = list(
        difflib.unified_diff(
            a.splitlines(), b.splitlines(), fromfile=labels[0], tofile=labels[1], lineterm="", n=1
        )
    )
    return "\n".join(lines[: 4 * SHOWN]) + ("\n..." if len(lines) > 4 * SHOWN else "")


def canonical(text: str) -> str:
    """The canonical form of a JSON text: keys sorted, no whitespace (DESIGN.md)."""
    return json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class _NotInteger(ValueError):
    pass


def _reject_number(text: str) -> Any:
    raise _NotInteger(text)


def has_float(text: str) -> bool:
    """Whether a JSON text holds a number that is not an integer (``1.5``, ``1e3``, NaN)."""
    try:
        json.loads(text, parse_float=_reject_number, parse_constant=_reject_number)
    except _NotInteger:
        return True
    return False


Describe = Callable[[list[int]], list[str]]
