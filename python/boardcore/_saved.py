"""A saved state of any game, read back without knowing its game first: the ``game``
field names it, and the fields of the state that record parameters give them."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from ._args import quote, unencodable
from ._jsontext import still_not_json, syntax_error
from ._registry import GAMES
from .errors import ParameterError, StateFormatError
from .schema import field_error

__all__ = ["load_state", "parse", "saved_params"]

_JSON_KINDS = {list: "an array", str: "a string", bool: "true or false", type(None): "null"}


def load_state(load: Callable[..., Any], text: object, data: str | None = None) -> Any:
    """The state saved as ``text`` in the engine ``load`` makes games with (``boardcore.load``
    or ``boardcore.reference.load``), in a game with the parameters the state records."""
    if not isinstance(text, str):
        raise StateFormatError(f"a saved state must be a str, not {quote(text)}")
    wanted = unencodable(text)
    if wanted is not None:
        raise StateFormatError(f"a saved state must be {wanted}")
    try:
        saved = parse(text)
    except ValueError as error:
        raise StateFormatError(f"not a saved state: {error}") from None
    name = saved.get("game") if isinstance(saved, dict) else None
    if not isinstance(name, str) or name not in GAMES:
        if not isinstance(saved, dict):
            got = _JSON_KINDS.get(type(saved), "a number")
        elif "game" in saved:
            got = f'"game" {quote(name)}'
        else:
            got = 'an object without "game"'
        raise StateFormatError(
            f'not a saved state: expected an object whose "game" is one of '
            f"{', '.join(sorted(GAMES))}, not {got}"
        )
    try:
        params = saved_params(load, name, saved, data)
        game = load(name, **params)
    except (ParameterError, StateFormatError) as error:
        raise StateFormatError(f"not a saved {name} state: {error}") from None
    try:
        return game.state_from_json(text)
    except StateFormatError as error:
        if "cannot be replayed" not in str(error):
            raise
        # the game was made from the state's own fields: one of them may be what is wrong
        recorded = ", ".join(f"{k} = {json.dumps(v)}" for k, v in params.items() if k != "data")
        raise StateFormatError(
            f"{error} (replayed in a game of the parameters the state records: {recorded})"
        ) from None


def parse(text: str) -> Any:
    """``text`` parsed as JSON the way the engines' loaders parse a saved state, or a
    ``ValueError`` in their words: ``not JSON (line 1, column 5: ...)``, ``malformed JSON
    (number out of range)``."""
    try:
        value = json.loads(text, parse_int=_integer, parse_float=_float, parse_constant=_not_json)
    except (ValueError, RecursionError) as error:  # RecursionError: nested too deeply
        # a syntax error anywhere first, as the engines' loaders name it
        where = syntax_error(text)
        if where is not None:
            raise ValueError(f"not JSON ({where})") from None
        if isinstance(error, _OutOfRange):
            raise ValueError("malformed JSON (number out of range)") from None
        raise ValueError(f"not JSON ({error})") from None
    where = still_not_json(text, value)
    if where is not None:
        raise ValueError(f"not JSON ({where})")
    return value


class _OutOfRange(ValueError):
    pass


def _not_json(text: str) -> Any:
    raise ValueError(f"{text} is not JSON")  # NaN, Infinity: syntax_error says where


def _float(text: str) -> float:
    # 1e400: past any float, as the engines' parsers refuse it (json would read infinity)
    value = float(text)
    if math.isinf(value):
        raise _OutOfRange
    return value


def _integer(text: str) -> int:
    # Thousands of digits: int() would refuse them with advice on Python's settings; no
    # float holds such a number either, which is how the engines' parsers refuse it
    if len(text) > 300 and math.isinf(float(text)):
        raise _OutOfRange
    return int(text)


def _names(names: Sequence[str]) -> Callable[[Any, str | None], str]:
    """A saved list of ids read as the parameter's comma-separated names."""
    return lambda ids, data: ",".join(names[i] for i in ids)


def _chandigarh_specialists(ids: Any, data: str | None) -> str:
    # Specialist ids are positions in the component file's list: read that file's slugs.
    from .reference import chandigarh

    path = Path(data) if data else Path(__file__).parent / "data" / "chandigarh.toml"
    loaded = chandigarh.load_data(path)
    return ",".join(loaded.specialists[i].slug for i in ids) or "none"


def _chandigarh_variant(moves: Any, data: str | None) -> str:
    from .reference.chandigarh import CORNER_NAMES, CORNER_TILES

    return ";".join(
        f"{CORNER_NAMES[CORNER_TILES.index(tile)]}={column},{row}" for tile, column, row in moves
    )


def _saved_value_readers() -> dict[tuple[str, str], Callable[[Any, str | None], str]]:
    from .reference import city_connect, rebuilding_chicago

    return {
        ("chandigarh", "specialists"): _chandigarh_specialists,
        ("chandigarh", "variant"): _chandigarh_variant,
        ("city_connect", "sides"): _names(city_connect.SIDES),
        ("rebuilding_chicago", "difficulty"): _names(rebuilding_chicago.DIFFICULTIES),
    }


def saved_params(
    load: Callable[..., Any], name: str, saved: Mapping[str, Any], data: str | None = None
) -> dict[str, Any]:
    """The parameters of the game a saved state (its JSON object) comes from, as far as the
    state records them: ``players`` and every other parameter of the game's ``params`` the
    state has a field of the same name for. A state saves some parameters as ids (Chandigarh's
    specialists ``[1, 10, 12, 22]``, City Connect's sides ``[0, 0]``, Rebuilding Chicago's
    difficulty ``[1]``): they are read back as the names the parameter takes; another list is
    written comma-separated (Prestel's ``"speeds": [2, 1, 1]`` is ``speeds="2,1,1"``).
    ``data`` is never taken from a state: give it (the component file) for a state saved
    with another file than the packaged one."""
    params: dict[str, Any] = {}
    if "players" in saved:
        params["players"] = saved["players"]
    if data is not None:
        params["data"] = data
    known = load(name, **params).params
    readers = _saved_value_readers()
    for key, value in saved.items():
        if key not in known or key in params or key == "data":
            continue
        problem = field_error(name, key, value)
        if problem is not None:
            raise StateFormatError(f"field {key!r}: {problem}")
        reader = readers.get((name, key))
        try:
            if reader is not None:
                params[key] = reader(value, data)
            elif isinstance(value, list):
                params[key] = ",".join(str(v) for v in value)
            else:
                params[key] = value
        except IndexError:  # well formed (the schema holds), but an id past the lists
            raise StateFormatError(
                f"field {key!r}: {quote(value)} names a {key} id the game's component "
                "file does not have"
            ) from None
        except (TypeError, ValueError, KeyError) as error:
            raise StateFormatError(
                f"field {key!r}: {quote(value)} is not a saved {name} {key} ({error})"
            ) from None
    return params
