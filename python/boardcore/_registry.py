"""The games boardcore knows: names, parameters, versions and status."""

from __future__ import annotations

from dataclasses import dataclass, field

from ._args import quote
from .errors import ParameterError

__all__ = ["GAMES", "GameInfo", "game_info"]


@dataclass(frozen=True)
class GameInfo:
    """One game of the library, as ``boardcore.games()`` lists it."""

    name: str
    title: str
    players: tuple[int, ...]
    version: int
    status: str
    parameters: dict[str, str] = field(default_factory=dict)
    rust_class: str = ""


_DATA = "path to a component TOML file (default: the packaged reconstruction)"


def _game(
    name: str,
    title: str,
    players: tuple[int, ...],
    version: int,
    /,
    data: str = _DATA,
    **parameters: str,
) -> GameInfo:
    """A complete game's entry: its parameters, then the component file every game takes as
    ``data``; its Rust class is named after it (``city_connect``: ``CityConnectGame``)."""
    return GameInfo(
        name=name,
        title=title,
        players=players,
        version=version,
        status="complete",
        parameters={**parameters, "data": data},
        rust_class="".join(word.title() for word in name.split("_")) + "Game",
    )


GAMES: dict[str, GameInfo] = {
    info.name: info
    for info in (
        _game(
            "chandigarh",
            "Chandigarh",
            (2, 3, 4),
            3,
            players="2, 3 or 4 (default 4)",
            specialists="'none', or four specialist slugs, one of each colour, "
            "comma-separated (default the rulebook's first-game set "
            "'commercial-manager,logistics-manager,local-brahmin,park-designer')",
            variant="empty (default), or two corner sectors moved, e.g. 'nw=-1,1;se=4,2' "
            "(corners nw ne sw se; column,row each -1..4)",
        ),
        _game(
            "city_connect",
            "City Connect",
            (1, 2, 3, 4),
            2,
            players="1 (solo), 2, 3 or 4 (default 4)",
            sides="initial card side per seat, 'house' or 'mayor', e.g. 'house,mayor' "
            "(default all house)",
        ),
        _game(
            "kardinal",
            "Kardinal",
            (2, 3, 4),
            1,
            data="path to a component TOML file (default: the packaged rulebook data)",
            players="2, 3 or 4 (default 4)",
        ),
        _game(
            "prestel_new_york",
            "The Prestel New York Architecture Game",
            (2, 3, 4, 5),
            1,
            players="2, 3, 4 or 5 (default 4)",
            speeds="search speed per seat, e.g. '2,1,1' (default all 1)",
            max_rounds="0 for no limit (default, as in the rulebook) or a round limit",
        ),
        _game(
            "rebuilding_chicago",
            "Rebuilding Chicago",
            (1, 2, 3, 4, 5),
            1,
            players="1 (solo, against the automated player) to 5 (default 2)",
            difficulty="easy, standard or expert for every seat, or one level per seat, "
            "comma-separated, e.g. 'easy,expert' (default standard)",
        ),
    )
}


def game_info(name: object) -> GameInfo:
    """The game called ``name``, else :class:`ParameterError` naming the games (every entry
    point that takes a game's name says it in these words)."""
    info = GAMES.get(name) if isinstance(name, str) else None
    if info is not None:
        return info
    known = ", ".join(GAMES)
    loaded = getattr(name, "name", None)
    if isinstance(loaded, str) and hasattr(name, "new_initial_state"):
        # A loaded game where its name was wanted: its repr shows how it was loaded.
        raise ParameterError(
            f"a game's name is wanted, not the loaded game {quote(name)}: pass {loaded!r} "
            f"and its parameters; the games are: {known}"
        )
    raise ParameterError(f"unknown game {quote(name)}; the games are: {known}")
