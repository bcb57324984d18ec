"""boardcore's games as OpenSpiel games (the ``openspiel`` extra).

:func:`register` registers every game of :func:`boardcore.games` with ``pyspiel`` as a Python
game named ``boardcore_<name>``; its parameters pass through ``pyspiel.load_game``. The
states wrap the Rust engine's states one to one: the same action ids, action strings,
chance outcomes (weights turned into probabilities), returns, observations and ``str``.

>>> import pyspiel
>>> import boardcore.openspiel
>>> boardcore.openspiel.register()  # doctest: +NORMALIZE_WHITESPACE
['boardcore_chandigarh', 'boardcore_city_connect', 'boardcore_kardinal',
 'boardcore_prestel_new_york', 'boardcore_rebuilding_chicago']
>>> game = pyspiel.load_game("boardcore_kardinal", {"players": 3})
>>> game.num_players(), game.max_game_length(), game.num_distinct_actions()
(3, 49, 83305)
>>> state = game.new_initial_state()
>>> state.apply_action(state.legal_actions()[0])
>>> state.action_to_string(state.current_player(), state.legal_actions()[0])
'chip red'

Decisions, all documented in ``docs/ecosystem.md`` (section *OpenSpiel*):

- Kardinal is a deterministic perfect-information game; Chandigarh an explicit-stochastic
  perfect-information one (chance deals street tiles, pawns, cards and the first seat; nothing
  is hidden, the deck being an unordered pool drawn at random); Prestel, City Connect and
  Rebuilding Chicago are explicit-stochastic imperfect-information ones (Rebuilding Chicago
  hides the landmark cards dealt to the other seats until they keep two). All are
  sequential, with terminal rewards and utilities in ``[0, 1]``, and constant-sum (the
  returns, 1 split evenly among the winners, always add up to 1 at the end) except the solo
  games of City Connect and Rebuilding Chicago: the one seat wins (1) or loses (0) (against
  the mayor rating; reaching 150 VP), so a game of 1 player is general-sum, and so is the
  game type registered for those two games (the type of a loaded game says which).
- Prestel's rulebook has no round limit and a game can go on for ever (a part slid back
  under a stack returns to play), but OpenSpiel needs a finite ``max_game_length``: the
  OpenSpiel game's ``max_rounds`` defaults to :data:`PRESTEL_DEFAULT_MAX_ROUNDS` and 0 (no
  limit) is refused. Its ``speeds`` are separated by ``;`` (``"2;1;1"``), since OpenSpiel's
  game strings split parameters at commas; ``,`` is accepted in a parameter dict too.
- City Connect's ``sides`` are separated by ``;`` too (``"house;mayor;house"``), and so are
  Chandigarh's ``specialists`` and Rebuilding Chicago's per-seat ``difficulty``
  (``"easy;expert"``). Chandigarh's ``variant`` is written ``nw:-1:1;se:4:2`` (for
  boardcore's ``nw=-1,1;se=4,2``: OpenSpiel's game strings keep no ``=`` in a value either);
  boardcore's form is accepted in a parameter dict.
- Chandigarh's rules have no turn limit and a game can go on for ever (seats may keep moving
  without taking a building, and once the deck and the row are empty nothing else ends it),
  but OpenSpiel needs a finite ``max_game_length``: the OpenSpiel game has a parameter
  ``max_turns`` (default :data:`CHANDIGARH_DEFAULT_MAX_TURNS`, 0 is refused), and a game that
  reaches the start of turn ``max_turns + 1`` stops there: terminal, the returns split evenly
  (nobody won). The boardcore state itself goes on (``state.core`` is not terminal).
- Rebuilding Chicago always ends: every turn uses a market card, a landmark, a law or an
  event, all limited per round, and the game has 3 rounds; its ``max_game_length`` is
  counted from the data (see ``_chicago_bounds``), no limit parameter is needed.
- Prestel's, City Connect's, Chandigarh's and Rebuilding Chicago's chance actions keep their
  ids (459, 271, 3527 and 1288 and up with the packaged data), so ``max_chance_outcomes`` is
  ``num_distinct_actions``: every chance id lies below it.
- The observation is the engine's ``observation_tensor(p)`` / ``observation_string(p)``
  (what seat ``p`` may know). Every game provides an information state string (no tensor),
  the observer for ``IIGObservationType(perfect_recall=True)``: Kardinal's and Chandigarh's
  is the history (they hide nothing); Prestel's, City Connect's and Rebuilding Chicago's is
  the seat's own (their observations forget, so it is built from the seat's successive
  observations and its own actions: :meth:`BoardcoreState.information_state`).
- ``resample_from_infostate(p, sampler)`` draws a world seat ``p`` cannot tell from the true
  one, its hidden steps redrawn (:meth:`BoardcoreState.resample_from_infostate` says from
  which distribution), so OpenSpiel's ``ISMCTSBot`` searches the hidden-information games
  fairly. OpenSpiel's ``MCTSBot`` does not resample: on those games it searches the true
  state, hidden cards included (an omniscient baseline, not a fair player).

>>> prestel = pyspiel.load_game("boardcore_prestel_new_york", {"players": 2, "max_rounds": 2})
>>> state = prestel.new_initial_state()
>>> for _ in range(80):
...     state.apply_action(state.legal_actions()[0])
>>> state.information_state_string(0).splitlines()[:2]
['seat 0', '0:setup: revealing a commission']
>>> sample = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
>>> sample.information_state_string(0) == state.information_state_string(0)
True
>>> sample.legal_actions() == state.legal_actions()
True
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel  # type: ignore[import-not-found]
from open_spiel.python.observation import (  # type: ignore[import-untyped]
    IIGObserverForPublicInfoGame,
)

import boardcore

from . import _args
from .api import CHANCE, TERMINAL, Game, State
from .errors import ParameterError

__all__ = [
    "CHANDIGARH_DEFAULT_MAX_TURNS",
    "PRESTEL_DEFAULT_MAX_ROUNDS",
    "BoardcoreGame",
    "BoardcoreState",
    "register",
    "short_name",
]

PREFIX = "boardcore_"
"""OpenSpiel names are ``boardcore_<game>``."""

PRESTEL_DEFAULT_MAX_ROUNDS = 100
"""The OpenSpiel game's default round limit for Prestel (0, no limit, is refused).

Players who build whenever they can finish in 16 to 71 rounds (2 to 5 players, 200 games
each); uniformly random players, who slide parts back most of the time, need hundreds.
"""

CHANDIGARH_DEFAULT_MAX_TURNS = 150
"""The OpenSpiel game's default turn limit for Chandigarh (0, no limit, is refused).

Uniformly random players finish in 25 to 51 turns (2 to 4 players, 300 games each, with and
without specialists).
"""

Params = dict[str, int | str]


# --- Per-game facts -------------------------------------------------------------------------


@dataclass(frozen=True)
class _Bounds:
    max_game_length: int
    """Decisions (non-chance actions) in any game."""
    max_chance_nodes: int
    """Chance actions in any game."""
    max_chance_outcomes: int
    """Every chance action id is below this."""


@dataclass(frozen=True)
class _Spec:
    """What OpenSpiel needs to know about one game that the engine interface does not say."""

    perfect_information: bool
    chance: bool
    defaults: Params
    """The OpenSpiel parameters and their defaults."""
    to_boardcore: Callable[[Mapping[str, Any]], Params]
    """OpenSpiel parameters -> ``boardcore.load`` keyword arguments."""
    bounds: Callable[[Game, Mapping[str, Any]], _Bounds]
    """The bounds of the game, given its OpenSpiel parameters."""
    pieces: Callable[[Game, int], list[tuple[str, tuple[int, ...]]]]
    """Named views of the flat observation tensor of the given size, in order."""
    solo: bool = False
    """Whether a game of one seat exists: its returns are 0 or 1 (lost or won, not split
    among winners), so such a game, and the registered type, are general-sum."""
    stop: Callable[[State, Mapping[str, Any]], bool] | None = None
    """Whether the OpenSpiel game stops at a state where the rules go on (a turn limit the
    rules lack); a stopped game is terminal and its returns are split evenly."""


def _seat_list(text: str) -> str:
    """A per-seat list in boardcore's form: OpenSpiel separates its values by ``;``, since its
    game strings split parameters at commas."""
    return text.replace(";", ",")


def _boardcore_params(
    params: Mapping[str, Any], texts: Mapping[str, Callable[[str], str]], **fixed: int
) -> Params:
    """``boardcore.load``'s keyword arguments: the players, ``fixed``, each parameter of
    ``texts`` that is given (in boardcore's form) and the component file if one is given."""
    out: Params = {"players": int(params["players"]), **fixed}
    for key, to_boardcore in texts.items():
        text = str(params[key])
        if text:
            out[key] = to_boardcore(text)
    if params["data"]:
        out["data"] = str(params["data"])
    return out


def _kardinal_bounds(game: Game) -> _Bounds:
    # Every edifice is built at most once, each build is followed by exactly one cardinal
    # decision and the first build of the game by one chip choice: 2 * edifices + 1 (49 with
    # the rulebook's 24 edifices). There is no chance.
    left = json.loads(game.new_initial_state().to_json())["left"]
    edifices = sum(sum(per_colour) for per_colour in left)
    return _Bounds(max_game_length=2 * edifices + 1, max_chance_nodes=0, max_chance_outcomes=0)


def _kardinal_pieces(game: Game, size: int) -> list[tuple[str, tuple[int, ...]]]:
    # docs/games/kardinal.md, *Observation tensor*: 9 planes of 70 x 70, then 46 features.
    return [("board", (9, 70, 70)), ("features", (size - 9 * 70 * 70,))]


def _limit(
    params: Mapping[str, Any], key: str, unit: str, most: str, game: str, default: int
) -> int:
    """The limit ``params[key]`` (``unit``s from 1 ``most``), which OpenSpiel needs: without one
    a game of ``game`` has no finite max_game_length."""
    limit = int(params[key])
    if limit <= 0:
        raise ParameterError(
            f"{key} must be a {unit} limit from 1 {most} for OpenSpiel, not {limit}: OpenSpiel "
            f"needs a finite max_game_length and without a limit a {game} game can go on for "
            f"ever (default {default})"
        )
    return limit


def _prestel_params(params: Mapping[str, Any]) -> Params:
    limit = _limit(
        params, "max_rounds", "round", "to 100000", "Prestel", PRESTEL_DEFAULT_MAX_ROUNDS
    )
    return _boardcore_params(params, {"speeds": _seat_list}, max_rounds=limit)


def _prestel_sizes(game: Game) -> tuple[int, int]:
    """The numbers of parts and commissions, read off the setup (docs: *Turn structure*)."""
    state = game.new_initial_state()
    commissions = len(state.chance_outcomes())  # slot 1's reveal: any commission
    for _ in range(5):  # slots 1-4 and the deck's top
        state.apply_action(state.chance_outcomes()[0][0])
    parts = len(state.chance_outcomes())  # the first deal: any part
    return parts, commissions


def _prestel_bounds(game: Game) -> _Bounds:
    # Per round, decisions: one stack per seat; in the search the seats look only into their
    # own stacks, which hold at most every part between them, and each takes one part; one
    # stone per seat; at most one build or slide per seat: parts + 4 * seats. Chance: a tie
    # break decides one place of the finishing order, at most seats - 1 a round; each
    # commission is revealed at most once in the whole game (an unseen card never becomes
    # unseen again); setup deals every part and draws one stone per seat.
    parts, commissions = _prestel_sizes(game)
    seats = game.num_players
    rounds = int(game.params["max_rounds"])
    return _Bounds(
        max_game_length=rounds * (parts + 4 * seats),
        max_chance_nodes=commissions + parts + seats + rounds * (seats - 1),
        max_chance_outcomes=game.num_distinct_actions,
    )


def _prestel_pieces(game: Game, size: int) -> list[tuple[str, tuple[int, ...]]]:
    # docs/games/prestel_new_york.md, *Observation*: parts, commissions, 5 seats, globals.
    parts, commissions = _prestel_sizes(game)
    return [
        ("parts", (parts, 14)),
        ("commissions", (commissions, 8)),
        ("seats", (5, 22)),
        ("globals", (21,)),
    ]


def _city_sizes(game: Game) -> tuple[int, int, int]:
    """The numbers of building kinds ``B``, landmarks ``L`` and building cards ``C``, read off
    the setup and the action encoding (docs/games/city_connect.md, *Action encoding*)."""
    state = game.new_initial_state()
    kinds = len(state.chance_outcomes())  # the first market card: any kind
    cards = len(json.loads(state.to_json())["pile"]["pool"])  # nobody has seen any card
    # num_distinct_actions = 8B + 2L + 2N + 2 with N = B + L + 1.
    landmarks = (game.num_distinct_actions - 10 * kinds - 4) // 4
    return kinds, landmarks, cards


def _city_bounds(game: Game) -> _Bounds:
    # Chance: every card from a pile is a chance action (`card b`): the market in setup, the
    # refills, the draws, the cards of a seat with no turn. The first pile holds at most the C
    # building cards and the second (3-4 players) is the discard pile of that moment, at most
    # C again: X <= C cards with 1-2 players, 2C with 3-4. Each goes to the market (M of
    # them), a hand (H) or the discard pile, so M + H <= X. With the landmarks turned over in
    # setup (L at most) that bounds the chance actions. Decisions, over the whole game:
    # - `take` (from the market, or a lightning bonus) and `clear` move a market card away:
    #   takes + clears <= M.
    # - `discard` (hand limit, exchange gear) removes a hand card, which was taken or drawn:
    #   discards <= takes + H <= M + H.
    # - `draw` and `gear` are only legal with a card left in the pile and each brings at least
    #   one into the hand (an exchange's discard is counted above): draws + gears <= H.
    # - `build`: a city holds at most 10 building and landmark cards (a data file's city_limit
    #   is 1 to 10) and none leaves: builds <= 10 P. Each `pay` lowers what is still owed
    #   (symbols owed minus coins paid) by at least 1, from a cost of at most 8 symbols:
    #   pays <= 8 builds.
    # - `end` closes a turn, at most once, and only a turn with a main action (take, draw or
    #   build) or the last one, stuck with an empty pile: ends <= takes + draws + builds + 1.
    # So decisions <= 3 (M + H) + 10 builds + 1 <= 3X + 100 P + 1: with the packaged 81 cards
    # 344 solo, 444 with 2 players, 787 with 3, 887 with 4.
    _, landmarks, cards = _city_sizes(game)
    seats = game.num_players
    drawn = cards * (2 if seats >= 3 else 1)
    return _Bounds(
        max_game_length=3 * drawn + 100 * seats + 1,
        max_chance_nodes=drawn + landmarks,
        max_chance_outcomes=game.num_distinct_actions,
    )


def _city_pieces(game: Game, size: int) -> list[tuple[str, tuple[int, ...]]]:
    # docs/games/city_connect.md, *Observation*: K = B + L card indices, N = K + 1 with the
    # initial card; 4 seat blocks (relative seats, zero beyond the player count).
    kinds, landmarks, _ = _city_sizes(game)
    k = kinds + landmarks
    return [
        ("hand", (kinds,)),
        ("market", (kinds,)),
        ("discard", (kinds,)),
        ("landmarks", (landmarks,)),
        ("seats", (4, k + 8)),
        ("globals", (19,)),
        ("building", (k,)),
        ("owed", (5,)),
        ("credit", (1,)),
        ("paid_city", (k + 1,)),
        ("paid_hand", (kinds,)),
        ("gears_used", (k + 1,)),
    ]


def _chandigarh_variant(text: str) -> str:
    """An OpenSpiel variant ``nw:-1:1;se:4:2`` in boardcore's form ``nw=-1,1;se=4,2``
    (anything else is passed on for the engine to refuse)."""
    moves = []
    for part in text.split(";"):
        corner, _, cell = part.partition(":")
        moves.append(f"{corner}={cell.replace(':', ',')}" if cell and "=" not in part else part)
    return ";".join(moves)


def _chandigarh_openspiel_variant(text: str) -> str:
    """boardcore's variant ``nw=-1,1;se=4,2`` as OpenSpiel writes it: ``nw:-1:1;se:4:2``."""
    return text.replace(",", ":").replace("=", ":")


def _chandigarh_params(params: Mapping[str, Any]) -> Params:
    _limit(params, "max_turns", "turn", "up", "Chandigarh", CHANDIGARH_DEFAULT_MAX_TURNS)
    return _boardcore_params(params, {"specialists": _seat_list, "variant": _chandigarh_variant})


def _chandigarh_bounds(game: Game, params: Mapping[str, Any]) -> _Bounds:
    # docs/games/chandigarh.md, *Turn structure*. Turns stop at max_turns (T). Decisions: the
    # draft (a pick and two takes per seat) and the final scoring (a card and a street per
    # seat), 5 per seat; and per turn at most 50:
    # - Move and Build: at most 7 steps (3 project cards of at most 2, the Traffic Director);
    #   one build per step, one more with the Architect's Assistant and the Draughtsman's: 9;
    #   each build relocates at most one pawn (one per plaza) and offers the Head of
    #   Amenities' building at most once: 18; drive, design, governor, redistribute once
    #   each, and at most 8 arranges (2 plots a side); discards, one per building taken
    #   (governor, Head of Amenities): 2; stop. 7 + 9 + 18 + 4 + 8 + 2 + 1 = 49.
    # - Add a New Card: the 4 card specialists once each, the Project Manager's 2 takes, the
    #   add, at most 4 "any" takes, a craft, a street, the Park Manager's bonus, end: 15; and
    #   one discard per building taken (4 icons, 2, 1): 7. 22.
    # - pass: 1.
    # Chance: the setup (7 tiles, 4 pawns, players + 4 cards, the first seat), and per turn at
    # most 5 reveals (the add's, and 4 with the Logistics Manager: the row goes under the
    # deck, so cards come back and the 36 cards do not bound them).
    turns = int(params["max_turns"])
    seats = game.num_players
    return _Bounds(
        max_game_length=5 * seats + 50 * turns,
        max_chance_nodes=16 + seats + 5 * turns,
        max_chance_outcomes=game.num_distinct_actions,
    )


def _chandigarh_pieces(game: Game, size: int) -> list[tuple[str, tuple[int, ...]]]:
    # docs/games/chandigarh.md, *Observation*: 192 slots x 4 colours, the general reserve,
    # 4 seat blocks of 96, the row, 4 pawns x 17, 16 sectors x 4 relative seats, used, the
    # phase one-hot (18), and 34 globals.
    return [
        ("city", (192, 4)),
        ("general", (4,)),
        ("seats", (4, 96)),
        ("row", (36,)),
        ("pawns", (4, 17)),
        ("supervisors", (16, 4)),
        ("used", (4,)),
        ("phase", (18,)),
        ("globals", (size - 1346,)),
    ]


def _chandigarh_stop(state: State, params: Mapping[str, Any]) -> bool:
    """Whether turn ``max_turns + 1`` is about to start (the seat to play has not acted)."""
    saved = json.loads(state.to_json())
    return bool(saved["phase"] == "main" and saved["turn"] > int(params["max_turns"]))


def _chicago_bounds(game: Game) -> _Bounds:
    # docs/games/rebuilding_chicago.md, *Turn structure*; n seats, R = 3 rounds, D cards in
    # each round deck (48), E = 7 events, T building tiles in the supply (154), S suburb tiles
    # in the bag (60), L landmarks (15), K kept landmark cards per seat (2).
    # Decisions:
    # - setup: a district and a returned landmark card per seat: 2n.
    # - main actions: a round's market is dealt from its own deck, so at most D cards are
    #   bought (or taken free) in a round; each event once, each seat's law once a round; and
    #   at most K landmarks per seat in the game: R (D + E + n) + K n. A refill at most once
    #   per turn, and every turn has a main action: as many again.
    # - tiles: every building placed comes from the supply (a `shape` before its `place` at
    #   most), every landmark tile once: 2T + K n; every suburb from the bag, picked and
    #   placed: 2S.
    # - choices: the activator's of each event, and one per seat and event (the all-players
    #   part): R E (1 + n); a free card (world, round 2) and an ability lost: 2n.
    # Chance: the starting seat, every card dealt at most once (3D), every landmark card and
    # suburb tile at most once, the scenario each round; solo, the automated player draws at
    # most once per card it removes or event it activates: R (D + E).
    state = game.new_initial_state()
    saved = json.loads(state.to_json())
    n = game.num_players
    rounds, events, kept = 3, 7, 2
    deck = max(len(d) for d in saved["decks"])
    tiles = sum(saved["supply"])
    suburbs = len(saved["bag"])
    landmarks = len(saved["landmark_pool"])
    main = rounds * (deck + events + n) + kept * n
    decisions = 2 * n + 2 * main + 2 * tiles + kept * n + 2 * suburbs
    decisions += rounds * events * (1 + n) + 2 * n
    chance = 1 + rounds * deck + landmarks + suburbs + rounds
    if n == 1:
        chance += rounds * (deck + events)
    return _Bounds(
        max_game_length=decisions,
        max_chance_nodes=chance,
        max_chance_outcomes=game.num_distinct_actions,
    )


def _chicago_pieces(game: Game, size: int) -> list[tuple[str, tuple[int, ...]]]:
    # docs/games/rebuilding_chicago.md, *Observation*: 5 seat blocks (14 planes of 121 spaces,
    # then 25 numbers and a one-hot of the 6 districts), the round, the events, the market,
    # the tokens, the decision flag.
    return [
        ("seats", (5, 14 * 121 + 31)),
        ("round", (3,)),
        ("events", (7,)),
        ("market", (8, 2)),
        ("tokens", (15,)),
        ("decision", (size - 5 * (14 * 121 + 31) - 41,)),
    ]


_SPECS: dict[str, _Spec] = {
    "chandigarh": _Spec(
        perfect_information=True,
        chance=True,
        defaults={
            "players": 4,
            "specialists": "",
            "variant": "",
            "max_turns": CHANDIGARH_DEFAULT_MAX_TURNS,
            "data": "",
        },
        to_boardcore=_chandigarh_params,
        bounds=_chandigarh_bounds,
        pieces=_chandigarh_pieces,
        stop=_chandigarh_stop,
    ),
    "city_connect": _Spec(
        perfect_information=False,
        chance=True,
        defaults={"players": 4, "sides": "", "data": ""},
        to_boardcore=lambda params: _boardcore_params(params, {"sides": _seat_list}),
        bounds=lambda game, _: _city_bounds(game),
        pieces=_city_pieces,
        solo=True,
    ),
    "kardinal": _Spec(
        perfect_information=True,
        chance=False,
        defaults={"players": 4, "data": ""},
        to_boardcore=lambda params: _boardcore_params(params, {}),
        bounds=lambda game, _: _kardinal_bounds(game),
        pieces=_kardinal_pieces,
    ),
    "prestel_new_york": _Spec(
        perfect_information=False,
        chance=True,
        defaults={
            "players": 4,
            "speeds": "",
            "max_rounds": PRESTEL_DEFAULT_MAX_ROUNDS,
            "data": "",
        },
        to_boardcore=_prestel_params,
        bounds=lambda game, _: _prestel_bounds(game),
        pieces=_prestel_pieces,
    ),
    "rebuilding_chicago": _Spec(
        perfect_information=False,
        chance=True,
        defaults={"players": 2, "difficulty": "", "data": ""},
        to_boardcore=lambda params: _boardcore_params(params, {"difficulty": _seat_list}),
        bounds=lambda game, _: _chicago_bounds(game),
        pieces=_chicago_pieces,
        solo=True,
    ),
}


def short_name(name: str) -> str:
    """The OpenSpiel name of boardcore game ``name``: ``boardcore_<name>``."""
    return PREFIX + name


# --- Registration ---------------------------------------------------------------------------


def _game_type(info: boardcore.GameInfo, spec: _Spec, constant_sum: bool) -> Any:
    Info = pyspiel.GameType.Information
    Utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short_name(info.name),
        long_name=f"boardcore {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if spec.chance
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            Info.PERFECT_INFORMATION if spec.perfect_information else Info.IMPERFECT_INFORMATION
        ),
        utility=Utility.CONSTANT_SUM if constant_sum else Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(info.players),
        min_num_players=min(info.players),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(spec.defaults),
        default_loadable=True,
    )


def register() -> list[str]:
    """Registers every boardcore game with OpenSpiel; returns their OpenSpiel names.

    Calling it again does nothing more. Then ``pyspiel.load_game("boardcore_kardinal",
    {"players": 3})`` loads a game. A game without OpenSpiel support raises
    ``NotImplementedError`` (the tests make sure every game has it).
    """
    games = boardcore.games()
    unknown = [info.name for info in games if info.name not in _SPECS]
    if unknown:
        raise NotImplementedError(f"boardcore.openspiel does not know the games {unknown}")
    registered = set(pyspiel.registered_names())
    names = []
    for info in games:
        spec = _SPECS[info.name]
        name = short_name(info.name)
        names.append(name)
        if name in registered:
            continue
        # A class, as OpenSpiel's own Python games register: pyspiel keeps the creator until
        # the process exits, and a function (unlike a class) freed that late crashes it.
        game_type = _game_type(info, spec, constant_sum=not spec.solo)
        attributes = {"game_name": info.name, "game_type": game_type}
        pyspiel.register_game(
            game_type, type(f"Boardcore_{info.name}", (BoardcoreGame,), attributes)
        )
    return names


# --- Information states and resampling (the hidden-information games) -----------------------

RESAMPLE_STEPS = 8
"""Moves of the resampling chain per :meth:`BoardcoreState.resample_from_infostate` call."""

RESAMPLE_BURN_IN = 4
"""Moves of the resampling chain per hidden step when it starts (or restarts) from the true
world, as far as :data:`RESAMPLE_BURN_IN_ACTIONS` allows."""

RESAMPLE_BURN_IN_ACTIONS = 20_000
"""The burn-in makes at most this many actions' worth of moves (a move replays at most the
whole history), and at least :data:`RESAMPLE_STEPS` moves."""

_ALTERNATIVES = 4
"""How many other actions of the same kind are tried to tell whether a step is hidden."""


def _entry(action: str | None, old: list[str], new: list[str]) -> str:
    """One step of an information state: ``--``, ``> <action>`` when the seat made it, and the
    observation lines that changed (``i:<line>``; ``#n`` when only ``n`` lines are left); ""
    when the seat neither acted nor saw anything change."""
    lines = [f"> {action}"] if action is not None else []
    lines += [f"{i}:{line}" for i, line in enumerate(new) if i >= len(old) or old[i] != line]
    if len(new) < len(old):
        lines.append(f"#{len(new)}")
    return "".join(f"{line}\n" for line in ["--", *lines]) if lines else ""


class _Trail:
    """One seat's information state so far, extended by replaying the history lazily."""

    __slots__ = ("cursor", "entries", "last", "player")

    def __init__(self, game: Game, player: int) -> None:
        self.player = player
        self.cursor = game.new_initial_state()
        self.last = self.cursor.observation_string(player).split("\n")
        self.entries = [f"seat {player}\n" + _entry(None, [], self.last)[3:]]

    def copy(self, cursor: State | None = None) -> _Trail:
        """A copy (at ``cursor``, a state with the same history, if given)."""
        new = _Trail.__new__(_Trail)
        new.player = self.player
        new.cursor = cursor if cursor is not None else self.cursor.clone()
        new.entries = list(self.entries)
        new.last = self.last
        return new

    def string(self, history: list[int]) -> str:
        cursor, p = self.cursor, self.player
        for action in history[len(cursor.history()) :]:
            actor = cursor.current_player()
            text = cursor.action_to_string(action) if actor == p else None
            cursor.apply_action(action)
            new = cursor.observation_string(p).split("\n")
            entry = _entry(text, self.last, new)
            if entry:
                self.entries.append(entry)
            self.last = new
        return "".join(self.entries)


def _same_kind(state: State, action: int) -> list[tuple[int, int]]:
    """``(action, weight)`` for every other action of the same kind as ``action`` (the first
    word of its notation) possible at ``state``: chance outcomes with their weights, legal
    actions with weight 1."""
    if state.current_player() == CHANCE:
        weighted = [(a, w) for a, w in state.chance_outcomes() if w > 0 and a != action]
    else:
        weighted = [(a, 1) for a in state.legal_actions() if a != action]
    kind = state.action_to_string(action).split(" ", 1)[0]
    return [(a, w) for a, w in weighted if state.action_to_string(a).split(" ", 1)[0] == kind]


def _draw(weighted: list[tuple[int, int]], uniform: Callable[[], float]) -> int:
    """One of ``weighted``'s actions, in proportion to its weight."""
    target = min(float(uniform()), 1.0 - 1e-12) * sum(w for _, w in weighted)
    for action, weight in weighted:
        target -= weight
        if target < 0:
            return action
    return weighted[-1][0]


class _Sampler:
    """Seat ``player``'s view of the true history and a chain of worlds consistent with it
    (see :meth:`BoardcoreState.resample_from_infostate`)."""

    __slots__ = (
        "acts",
        "checkpoints",
        "cursor",
        "game",
        "hidden",
        "kinds",
        "player",
        "seen",
        "world",
    )

    def __init__(self, game: Game, player: int) -> None:
        self.game = game
        self.player = player
        self.cursor = game.new_initial_state()
        """The true world, as far as the history was read."""
        self.hidden: list[int] = []
        """The steps hidden from the seat, ascending."""
        self.kinds: dict[int, str] = {}
        """The kind of each hidden step's action."""
        self.seen: list[str] = []
        """The seat's observation after each step of the true world."""
        self.acts: list[int] = []
        """The actions of the chain's world (the true ones at the steps not hidden)."""
        self.checkpoints: dict[int, State] = {}
        """The chain's world before each hidden step."""
        self.world = game.new_initial_state()
        """The chain's world after the last step."""

    def _is_hidden(self, before: State, action: int, seen: str) -> bool:
        """Whether another action of the same kind, one of the few closest in notation, would
        have left the seat's observation the same."""
        words = before.action_to_string(action).split(" ")
        others = []
        for other, _ in _same_kind(before, action):
            text = before.action_to_string(other).split(" ")
            distance = sum(a != b for a, b in zip(text, words, strict=False))
            others.append((distance + abs(len(text) - len(words)), other))
        for _, other in sorted(others)[:_ALTERNATIVES]:
            world = before.clone()
            world.apply_action(other)
            if world.observation_string(self.player) == seen:
                return True
        return False

    def extend(self, history: list[int], uniform: Callable[[], float]) -> None:
        """Reads the new steps of the true history; the chain's world follows them, or the
        chain restarts from the true world when it cannot."""
        start = len(self.seen)
        if start == len(history):
            return
        cursor, p = self.cursor, self.player
        for step, action in enumerate(history[start:], start):
            actor = cursor.current_player()
            before = cursor.clone() if actor != p else None
            cursor.apply_action(action)
            self.seen.append(cursor.observation_string(p))
            if before is not None and self._is_hidden(before, action, self.seen[-1]):
                self.hidden.append(step)
                kind = before.action_to_string(action).split(" ", 1)[0]
                self.kinds[step] = f"{kind} chance" if actor == CHANCE else kind
        acts = self.acts + history[start:]
        checkpoints: dict[int, State] = {}
        world = None
        if start > 0:
            world = self._replay(self.world.clone(), start, acts, checkpoints, uniform)
        if world is None:
            self.acts = list(history)
            self.checkpoints = {}
            world = self._replay(self.game.new_initial_state(), 0, self.acts, self.checkpoints)
            assert world is not None  # the true world always passes
            self.world = world
            affordable = RESAMPLE_BURN_IN_ACTIONS // max(len(history), 1)
            self.walk(
                max(RESAMPLE_STEPS, min(RESAMPLE_BURN_IN * len(self.hidden), affordable)), uniform
            )
        else:
            self.acts = acts
            self.checkpoints.update(checkpoints)
            self.world = world

    def _replay(
        self,
        world: State,
        start: int,
        acts: list[int],
        checkpoints: dict[int, State],
        uniform: Callable[[], float] | None = None,
    ) -> State | None:
        """Plays ``acts[start:]`` on ``world`` (at step ``start``) if the seat observes after
        each what it observed in the true world; None if not. With ``uniform``, a decision
        of another seat whose action no longer fits is redrawn uniformly among the ones of
        its kind that do (``acts`` is updated): a decision the seat sees may still depend on
        what it does not (which landmark card another seat returns, when the two it keeps
        are public). ``checkpoints`` receives the world before each hidden step."""
        seen, p = self.seen, self.player
        hidden = set(self.hidden[bisect.bisect_left(self.hidden, start) :])
        for step in range(start, len(acts)):
            actor = world.current_player()
            soft = uniform is not None and actor >= 0 and actor != p
            before = world.clone() if soft or step in hidden else None
            if step in hidden and before is not None:
                checkpoints[step] = before.clone()
            if self._fits(world, acts[step], seen[step]):
                continue
            if before is None or not soft or uniform is None:
                return None
            others = _same_kind(before, acts[step])
            keys = sorted((float(uniform()), a) for a, _ in others)
            for _, other in keys:
                world = before.clone()
                if self._fits(world, other, seen[step]):
                    acts[step] = other
                    break
            else:
                return None
        return world

    def _fits(self, world: State, action: int, seen: str) -> bool:
        """Applies ``action`` to ``world``: whether it is legal and the seat then observes
        ``seen``."""
        try:
            world.apply_action(action)
        except boardcore.IllegalActionError:
            return False
        return world.observation_string(self.player) == seen

    def walk(self, steps: int, uniform: Callable[[], float]) -> None:
        """Moves the chain ``steps`` times (each move may leave it where it is)."""

        def pick(items: list[int]) -> int:
            return items[min(int(float(uniform()) * len(items)), len(items) - 1)]

        for _ in range(steps if self.hidden else 0):
            step = pick(self.hidden)
            base = self.checkpoints[step]
            old = self.acts[step]
            acts = list(self.acts)
            start = step
            if base.current_player() == CHANCE and float(uniform()) < 0.5:
                # Exchange the outcomes of two hidden chance steps of the same kind.
                kind = self.kinds[step]
                partners = [k for k in self.hidden if self.kinds[k] == kind and acts[k] != old]
                if not partners:
                    continue
                other = pick(partners)
                acts[step], acts[other] = acts[other], old
                start = min(step, other)
            else:
                others = _same_kind(base, old)
                if not others:
                    continue
                new = _draw(others, uniform)
                acts[step] = new
                if base.current_player() == CHANCE:
                    # A later hidden step that drew the new outcome draws the old one instead.
                    later = self.hidden[bisect.bisect_right(self.hidden, step) :]
                    swap = next((k for k in later if acts[k] == new), None)
                    if swap is not None:
                        acts[swap] = old
            checkpoints: dict[int, State] = {}
            world = self._replay(self.checkpoints[start].clone(), start, acts, checkpoints, uniform)
            if world is not None:
                self.acts = acts
                self.checkpoints.update(checkpoints)
                self.world = world


# --- Game, state, observer ------------------------------------------------------------------


class BoardcoreGame(pyspiel.Game):  # type: ignore[misc]
    """A boardcore game (the Rust engine) as an OpenSpiel game; made by ``pyspiel.load_game``."""

    game_name: str
    """The boardcore game (set by :func:`register` on a subclass per game)."""
    game_type: Any
    """Its ``pyspiel.GameType``."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        name = self.game_name
        spec = _SPECS[name]
        params = {**spec.defaults, **(params or {})}
        for key in ("speeds", "sides", "specialists", "difficulty"):  # split at commas
            if key in params:
                params[key] = str(params[key]).replace(",", ";")
        if "variant" in params:  # and keep no "=" in a value
            params["variant"] = _chandigarh_openspiel_variant(str(params["variant"]))
        self.spec = spec
        self.core: Game = boardcore.load(name, **spec.to_boardcore(params))
        self.openspiel_params: Mapping[str, Any] = params
        bounds = spec.bounds(self.core, params)
        self.bounds = bounds
        self.observation_size = len(self.core.new_initial_state().observation_tensor(0))
        self.pieces = spec.pieces(self.core, self.observation_size)
        if sum(int(np.prod(shape)) for _, shape in self.pieces) != self.observation_size:
            raise RuntimeError(f"{name}: the observation layout does not add up")
        # A solo game is won or lost (returns 1 or 0): general-sum; with more seats the
        # winners share 1, whatever the registered type says for all player counts.
        constant_sum = self.core.num_players > 1 or not spec.solo
        game_type = self.game_type
        if spec.solo:
            info = next(info for info in boardcore.games() if info.name == name)
            game_type = _game_type(info, spec, constant_sum)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.core.num_distinct_actions,
            max_chance_outcomes=bounds.max_chance_outcomes,
            num_players=self.core.num_players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0 if constant_sum else None,
            max_game_length=bounds.max_game_length,
        )
        super().__init__(game_type, game_info, params)

    def new_initial_state(self) -> BoardcoreState:
        """A new game, at its initial state."""
        return BoardcoreState(self, self.core.new_initial_state())

    def max_chance_nodes_in_history(self) -> int:
        """At most this many chance actions happen in one game."""
        return self.bounds.max_chance_nodes

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> Any:
        """The observer for ``iig_obs_type`` (default: the seat's observation)."""
        if isinstance(iig_obs_type, Mapping):  # pyspiel's make_observer(params) passes no type
            iig_obs_type, params = None, iig_obs_type
        if params:
            raise ValueError(f"observation parameters are not supported; passed {dict(params)}")
        default = iig_obs_type is None or (
            iig_obs_type.public_info
            and not iig_obs_type.perfect_recall
            and (
                self.spec.perfect_information
                or iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
            )
        )
        if default:
            return _Observer(self.observation_size, self.pieces)
        if self.spec.perfect_information:
            # Nothing is hidden: the history is the information state, no private info.
            return IIGObserverForPublicInfoGame(iig_obs_type, params)
        if (
            iig_obs_type.perfect_recall
            and iig_obs_type.public_info
            and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            return _InformationStateObserver()
        raise ValueError(
            f"{self.core.name}: only the seat's own observation (public_info=True, "
            "private_info=SINGLE_PLAYER) is supported, with perfect_recall=False (the "
            "observation) or True (the information state), not "
            f"perfect_recall={iig_obs_type.perfect_recall}, "
            f"public_info={iig_obs_type.public_info}, "
            f"private_info={iig_obs_type.private_info.name}"
        )


class _Core:
    """Holds the engine state: deep copies clone it, pickling saves it as canonical JSON."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: object) -> _Core:
        return _Core(self.state.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        game = self.state.game  # type: ignore[attr-defined]
        return (_restore, (game.name, dict(game.params), self.state.to_json()))


def _restore(name: str, params: Params, text: str) -> _Core:
    return _Core(boardcore.load(name, **params).state_from_json(text))


class _Info:
    """The caches behind information states and resampling. A deep copy keeps the
    information states (a clone extends them) but not the resampling chains, which serve the
    state they were made for; pickling keeps neither (they are rebuilt from the history)."""

    __slots__ = ("samplers", "trails")

    def __init__(self) -> None:
        self.trails: dict[int, _Trail] = {}
        self.samplers: dict[int, _Sampler] = {}

    def __deepcopy__(self, memo: object) -> _Info:
        new = _Info()
        new.trails = {p: trail.copy() for p, trail in self.trails.items()}
        return new

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Info, ())


class BoardcoreState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping a boardcore state (``self.core``)."""

    def __init__(self, game: BoardcoreGame, core: State) -> None:
        super().__init__(game)
        self._core = _Core(core)
        self._name = game.game_name
        self._params = dict(game.openspiel_params)
        self._stopped = (-1, False)
        """(history length, whether the OpenSpiel game stopped there): see ``_Spec.stop``."""
        self._info = _Info()
        self._replaying = False

    @property
    def core(self) -> State:
        """The boardcore state: read it, never apply actions to it directly."""
        return self._core.state

    def stopped(self) -> bool:
        """Whether the OpenSpiel game stopped where the rules go on (a turn limit)."""
        stop = _SPECS[self._name].stop
        if stop is None:
            return False
        length = len(self._core.state.history())
        if self._stopped[0] != length:
            self._stopped = (length, stop(self._core.state, self._params))
        return self._stopped[1]

    def current_player(self) -> int:
        """The seat to move, ``PlayerId.CHANCE`` or ``PlayerId.TERMINAL``."""
        if self.stopped():
            return int(pyspiel.PlayerId.TERMINAL)
        player = self._core.state.current_player()
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return [] if self.stopped() else self._core.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(action, probability)`` at a chance node, ascending."""
        outcomes = self._core.state.chance_outcomes()
        total = sum(weight for _, weight in outcomes)
        return [(action, weight / total) for action, weight in outcomes]

    def _apply_action(self, action: int) -> None:
        if self._replaying:  # see _replayed: the engine state is there already
            return
        self._core.state.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self._core.state.action_to_string(int(action))

    def is_terminal(self) -> bool:
        """Whether the game is over (or stopped at a turn limit)."""
        return self._core.state.is_terminal() or self.stopped()

    def returns(self) -> list[float]:
        """1 split evenly among the winners at the end, 0 for the others; all 0 before. A game
        stopped at a turn limit has no winner: 1 split evenly among all seats."""
        if self.stopped():
            seats = self.get_game().num_players()
            return [1.0 / seats] * seats
        return self._core.state.returns()

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """Not provided (``get_type().provides_information_state_tensor`` is False): raises
        ``pyspiel.SpielError`` as OpenSpiel's own games do, where pyspiel's Python-game
        plumbing would return an empty list that a learner could take for a tensor."""
        raise pyspiel.SpielError(
            f"InformationStateTensor unimplemented: {self._name} provides the information "
            "state as a string (information_state_string) only"
        )

    def information_state(self, player: int) -> str:
        """Seat ``player``'s information state (perfect recall): everything it has seen, in
        order, and nothing it may not see.

        Kardinal's and Chandigarh's is the history (``history_str()``): they hide nothing.
        In the other games it is built from the seat's observations (``observation_string``,
        which leaves out what the seat may not know) and its own actions: the first
        observation (``seat p``, then one ``i:<line>`` per line), then, for each later action
        that the seat made or that changed what it observes, a line ``--``, ``> <action>`` if
        the seat made it, and the lines of its observation that changed (``i:<line>``, and
        ``#n`` when only ``n`` lines are left). An action of another seat or of chance that
        changes nothing the seat observes leaves no trace, so neither a hidden move nor how
        many there were is told (another seat's search in Prestel). The information state at
        a state is a prefix of the one at every later state.
        """
        game = self.get_game()
        if game.spec.perfect_information:
            return str(self.history_str())
        trail = self._info.trails.get(player)
        if trail is None:
            trail = self._info.trails[player] = _Trail(game.core, player)
        return trail.string(self._core.state.history())

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float] | None = None
    ) -> BoardcoreState:
        """A state seat ``player_id`` cannot tell from this one, its hidden steps drawn at
        random: OpenSpiel's ``ISMCTSBot`` samples its worlds here.

        The result has the same number of steps and the same movers, the true action at the
        seat's own steps and at the chance steps it sees (another seat's action may differ
        where the seat cannot tell which it was), and gives the seat the same observation
        after every step: so the same information state (:meth:`information_state`) and, on
        its turn, the same legal actions. A step of another seat or of chance is *hidden*
        from the seat when another action of the same kind (the first word of its notation:
        ``deal``, ``card``, ``take``, ``return``...; the few closest in notation are tried)
        would have left the seat's observation the same.

        The worlds come from a Markov chain kept per state and seat, started at the true
        world (which is consistent) and moved :data:`RESAMPLE_BURN_IN` times per hidden
        step (at most :data:`RESAMPLE_BURN_IN_ACTIONS` actions' worth of moves), then
        :data:`RESAMPLE_STEPS` times per call. A move picks a hidden step uniformly and
        either (a chance step, half the time) exchanges its outcome with that of another
        hidden chance step of the same kind picked uniformly, or redraws it: a chance
        outcome among the others of its kind in proportion to their weights (a later
        hidden step that drew the new outcome takes the old one, so the cards dealt are
        exchanged rather than duplicated), a decision of another seat uniformly among its
        others of the same kind. The rest of the game is replayed; a later decision of
        another seat that no longer fits (a hidden one, or one the seat sees that depends
        on what it does not: which landmark card another seat returns when the two it keeps
        are public) is redrawn uniformly among those of its kind that do, and the
        move is kept only if every action stays legal and the seat observes exactly what it
        observed. So every sample is consistent. What it samples: for chance draws the
        moves leave the chance distribution conditioned on the seat's view unchanged
        (exchanges are symmetric, and a redraw's weights cancel the outcomes'
        probabilities: exactly for draws from a pool, approximately when weights change
        along the game); the other seats' hidden decisions are taken as uniform among
        those consistent with the seat's view; the number of hidden steps and who made them
        are the true ones (in Prestel, how many parts each other seat looked at); and
        successive samples are correlated (a chain moved a few times between samples, from
        a start at the true world). Each move replays at most the rest of the history, so a
        call costs at most ``RESAMPLE_STEPS`` replays, and a start or restart about
        ``RESAMPLE_BURN_IN_ACTIONS`` actions. Kardinal and Chandigarh hide nothing: the
        result is a copy.
        ``probability_sampler()`` gives the uniform draws in [0, 1) (OpenSpiel passes a
        ``pyspiel.UniformProbabilitySampler``); None uses numpy's global generator.
        """
        game = self.get_game()
        player_id = _args.count(player_id, "player_id", 0, self.num_players() - 1)
        if probability_sampler is not None and not callable(probability_sampler):
            raise TypeError(
                "probability_sampler must be a callable giving draws in [0, 1), or None, "
                f"not {type(probability_sampler).__name__}"
            )
        if game.spec.perfect_information or self.stopped():
            return self.clone()  # type: ignore[no-any-return]
        uniform = probability_sampler if probability_sampler is not None else np.random.random
        sampler = self._info.samplers.get(player_id)
        if sampler is None:
            sampler = self._info.samplers[player_id] = _Sampler(game.core, player_id)
        sampler.extend(self._core.state.history(), uniform)
        sampler.walk(RESAMPLE_STEPS, uniform)
        world = sampler.world.clone()
        state = _replayed(game, world)
        trail = self._info.trails.get(player_id)
        if trail is not None and len(trail.cursor.history()) == len(world.history()):
            # The seat's information state is the same in the sampled world.
            state._info.trails[player_id] = trail.copy(world.clone())
        return state

    def __str__(self) -> str:
        if self.stopped():
            return f"{self._core.state}\nstopped at the turn limit (max_turns)"
        return str(self._core.state)


class _Observer:
    """The seat's observation, as OpenSpiel's PyObserver interface wants it."""

    def __init__(self, size: int, pieces: list[tuple[str, tuple[int, ...]]]) -> None:
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        start = 0
        for name, shape in pieces:
            end = start + int(np.prod(shape))
            self.dict[name] = self.tensor[start:end].reshape(shape)
            start = end

    def set_from(self, state: BoardcoreState, player: int) -> None:
        self.tensor[:] = state.core.observation_tensor(player)

    def string_from(self, state: BoardcoreState, player: int) -> str:
        return state.core.observation_string(player)


def _replayed(game: BoardcoreGame, core: State) -> BoardcoreState:
    """A pyspiel state at engine state ``core``: OpenSpiel keeps its own history of the
    actions applied, so they are applied again, to it only."""
    state = BoardcoreState(game, core)
    state._replaying = True
    for action in core.history():
        state.apply_action(action)
    state._replaying = False
    return state


class _InformationStateObserver:
    """A seat's information state (:meth:`BoardcoreState.information_state`), as OpenSpiel's
    PyObserver interface wants it: a string only, no tensor."""

    def __init__(self) -> None:
        self.tensor = None
        self.dict: dict[str, npt.NDArray[np.float32]] = {}

    def set_from(self, state: BoardcoreState, player: int) -> None:
        pass

    def string_from(self, state: BoardcoreState, player: int) -> str:
        return state.information_state(player)
