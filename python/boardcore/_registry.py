"""The games boardcore knows: names, parameters, versions and status."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["GAMES", "GameInfo"]


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


GAMES: dict[str, GameInfo] = {
    "chandigarh": GameInfo(
        name="chandigarh",
        title="Chandigarh",
        players=(2, 3, 4),
        version=3,
        status="complete",
        parameters={
            "players": "2, 3 or 4 (default 4)",
            "specialists": "'none', or four specialist slugs, one of each colour, "
            "comma-separated (default the rulebook's first-game set "
            "'commercial-manager,logistics-manager,local-brahmin,park-designer')",
            "variant": "empty (default), or two corner sectors moved, e.g. 'nw=-1,1;se=4,2' "
            "(corners nw ne sw se; column,row each -1..4)",
            "data": "path to a component TOML file (default: the packaged reconstruction)",
        },
        rust_class="ChandigarhGame",
    ),
    "city_connect": GameInfo(
        name="city_connect",
        title="City Connect",
        players=(1, 2, 3, 4),
        version=2,
        status="complete",
        parameters={
            "players": "1 (solo), 2, 3 or 4 (default 4)",
            "sides": "initial card side per seat, 'house' or 'mayor', e.g. 'house,mayor' "
            "(default all house)",
            "data": "path to a component TOML file (default: the packaged reconstruction)",
        },
        rust_class="CityConnectGame",
    ),
    "kardinal": GameInfo(
        name="kardinal",
        title="Kardinal",
        players=(2, 3, 4),
        version=1,
        status="complete",
        parameters={
            "players": "2, 3 or 4 (default 4)",
            "data": "path to a component TOML file (default: the packaged rulebook data)",
        },
        rust_class="KardinalGame",
    ),
    "prestel_new_york": GameInfo(
        name="prestel_new_york",
        title="The Prestel New York Architecture Game",
        players=(2, 3, 4, 5),
        version=1,
        status="complete",
        parameters={
            "players": "2, 3, 4 or 5 (default 4)",
            "speeds": "search speed per seat, e.g. '2,1,1' (default all 1)",
            "max_rounds": "0 for no limit (default, as in the rulebook) or a round limit",
            "data": "path to a component TOML file (default: the packaged reconstruction)",
        },
        rust_class="PrestelNewYorkGame",
    ),
    "rebuilding_chicago": GameInfo(
        name="rebuilding_chicago",
        title="Rebuilding Chicago",
        players=(1, 2, 3, 4, 5),
        version=1,
        status="complete",
        parameters={
            "players": "1 (solo, against the automated player) to 5 (default 2)",
            "difficulty": "easy, standard or expert for every seat, or one level per seat, "
            "comma-separated, e.g. 'easy,expert' (default standard)",
            "data": "path to a component TOML file (default: the packaged reconstruction)",
        },
        rust_class="RebuildingChicagoGame",
    ),
}
