"""Loading saved states, shared by the reference engines' ``state_from_json``: plumbing only,
no rules. A saved state is checked as the Rust engines' ``saved.rs`` checks it, in its order
and words: its fields, game, version, parameters and history, then every other field
against the replay of its history. Every failure is a ``StateFormatError`` naming where."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, TypeGuard

from boardcore._args import QUOTE_LIMIT, as_int, quote, shown_key, unencodable
from boardcore._args import debug as _debug
from boardcore.errors import IllegalActionError, NotationError, StateFormatError

__all__ = [
    "as_int",
    "check_saved",
    "describe",
    "is_int",
    "loads_saved",
    "replay_saved",
    "saved_enum",
    "short",
]


def is_int(value: object) -> TypeGuard[int]:
    """A JSON/TOML integer: an int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def named_id(ids: Mapping[str, int], text: str, word: str, what: str) -> int:
    """The id ``ids`` gives ``word``, a word of the notation ``text``; else a NotationError
    saying that ``word`` is not ``what``."""
    found = ids.get(word)
    if found is None:
        raise NotationError(f"{_debug(text)}: {_debug(word)} is not {what}")
    return found


def game_title(name: str) -> str:
    """The game's name as the Rust engines write it in a message: ``Rebuilding Chicago``."""
    return name.replace("_", " ").title()


def shown(value: object) -> str:
    """A saved value as compact JSON, keys sorted and cut as the Rust engines write it (a
    number with a fraction or exponent as the float it is)."""
    from boardcore.schema import _NotAnInteger  # here: it imports the registry

    def plain(value: object) -> object:
        if isinstance(value, _NotAnInteger):
            return float(value.text)
        if isinstance(value, list):
            return [plain(v) for v in value]
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        return value

    text = json.dumps(plain(value), separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT] + "..."


def describe(value: object) -> str:
    try:
        return short(json.dumps(value))
    except (TypeError, ValueError):
        return short(repr(value))


def loads_saved(text: str) -> Any:
    """A saved state's JSON, read as strictly as the Rust engines read it: no key twice in
    an object; a number with a fraction or exponent, or ``-0``, is kept as the float the
    Rust engines read, for the comparison with the replay to name where it stands."""
    from boardcore.schema import _loads, _NotAnInteger  # here: it imports the registry

    return _loads(text, _NotAnInteger)


def saved_enum(name: str, field: str) -> tuple[str, ...]:
    """The values game ``name``'s shipped JSON Schema allows for a saved state's ``field``, in
    the schema's order (the spec's table order, which the observations follow)."""
    from boardcore.schema import schema  # here: it imports the registry

    values: list[str] = schema(name)["properties"][field]["enum"]
    return tuple(values)


def check_saved(name: str, text: object, first: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    """A saved state of game ``name``, parsed as strictly as the Rust engines parse it, with
    the checks they make before replaying, in their order and words: the fields there are
    (an unknown one before a missing one), then ``first`` (the game, version, parameters and
    history). ``replay_saved`` checks every other field against the replay: nothing that
    could not arise in play gets in, and a field is named as narrowly as the Rust engines
    name it."""
    if not isinstance(text, str):
        raise StateFormatError(f"a saved state must be a str, not {quote(text)}")
    wanted = unencodable(text)
    if wanted is not None:
        raise StateFormatError(f"a saved state must be {wanted}")
    title = game_title(name)
    try:
        doc = loads_saved(text)
    except StateFormatError as error:
        message = str(error).replace("not a saved state:", f"not a {title} state:", 1)
        raise StateFormatError(message) from None
    if not isinstance(doc, dict):
        raise StateFormatError(f"not a {title} state: expected a JSON object")
    other = doc.get("game")
    if isinstance(other, str) and other != name:  # another game's state: say so first
        raise StateFormatError(
            f"a saved {short(other, 203)} state, not {name}: load it with the game of that name"
        )
    from boardcore.schema import schema  # here: it imports the registry

    # keys sorted, an unknown one before a missing one
    known = schema(name)["properties"]
    unknown = next((key for key in sorted(doc) if key not in known), None)
    if unknown is not None:
        raise StateFormatError(f"not a {title} state: unknown field {shown_key(unknown)}")
    missing = next((key for key in sorted(known) if key not in doc), None)
    if missing is not None:
        raise StateFormatError(f'not a {title} state: missing field "{missing}"')
    first(doc)
    return doc


def replay_saved(state: Any, given: dict[str, Any]) -> None:
    """Replays a checked saved state's ``history`` on ``state`` (the initial state) and
    compares every field with the position reached, as the Rust side's ``saved.rs`` does,
    in its words: a state that could not arise in play is refused, naming the first field
    that differs."""
    refused = f"not a {game_title(given['game'])} state: "
    for index, action in enumerate(given["history"]):
        if not 0 <= action < state._rules.num_actions:
            raise StateFormatError(f"{refused}history[{index}] is {action}, not an action id")
        try:
            state.apply_action(action)
        except IllegalActionError as error:
            raise StateFormatError(
                f"{refused}history[{index}] cannot be replayed: {error}"
            ) from None
    replayed = state._json_object()
    for key in sorted(replayed):
        differs = _first_difference(shown_key(key), given[key], replayed[key])
        if differs is not None:
            raise StateFormatError(refused + differs)


def _first_difference(path: str, given: object, replayed: object) -> str | None:
    """Where ``given`` (a saved value at ``path``) first differs from ``replayed``, in the
    order the canonical JSON writes them, said as narrowly as the two allow: the differing
    number or text itself, a list's length, or the object whose keys differ (as the Rust
    engines' ``saved.rs`` says it). Values compare as JSON: ``true`` is not ``1``. The path
    is written only once a difference is found."""
    found = _difference(given, replayed)
    if found is None:
        return None
    steps, what = found
    for step in reversed(steps):
        path += f"[{step}]" if isinstance(step, int) else f"[{shown_key(step)}]"
    return f"{path} {what}"


def _difference(given: object, replayed: object) -> tuple[list[int | str], str] | None:
    """The steps (list indices, object keys) to where ``given`` first differs from
    ``replayed``, innermost first, and what differs there."""
    if isinstance(given, list) and isinstance(replayed, list):
        if len(given) != len(replayed):
            return [], f'has {len(given)} items, but replaying "history" gives {len(replayed)}'
        for index, (a, b) in enumerate(zip(given, replayed, strict=True)):
            found = _difference(a, b)
            if found is not None:
                found[0].append(index)
                return found
        return None
    if isinstance(given, dict) and isinstance(replayed, dict) and sorted(given) == sorted(replayed):
        for key in sorted(given):
            found = _difference(given[key], replayed[key])
            if found is not None:
                found[0].append(key)
                return found
        return None
    if type(given) is type(replayed) and given == replayed:
        return None
    return [], f'is {shown(given)}, but replaying "history" gives {shown(replayed)}'
