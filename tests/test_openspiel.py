"""OpenSpiel integration (boardcore.openspiel): registration, OpenSpiel's own checks, MCTS."""

from __future__ import annotations

import doctest
import itertools
import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import boardcore

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]  # noqa: E402
from open_spiel.python.observation import make_observation  # type: ignore[import-untyped]  # noqa: E402

import boardcore.openspiel  # noqa: E402
from boardcore.openspiel import (  # noqa: E402
    PRESTEL_DEFAULT_MAX_ROUNDS,
    BoardcoreState,
    register,
    short_name,
)

ROOT = Path(__file__).parent.parent

# Small games: Prestel with a round limit of a few rounds keeps every test fast.
CASES: list[tuple[str, dict[str, Any]]] = [
    ("kardinal", {"players": 2}),
    ("kardinal", {"players": 3}),
    ("kardinal", {"players": 4}),
    ("prestel_new_york", {"players": 2, "max_rounds": 3}),
    ("prestel_new_york", {"players": 3, "max_rounds": 4, "speeds": "2,1,1"}),
    ("prestel_new_york", {"players": 4, "max_rounds": 2}),
    ("prestel_new_york", {"players": 5, "max_rounds": 2}),
    ("city_connect", {"players": 1}),
    ("city_connect", {"players": 2, "sides": "house,mayor"}),
    ("city_connect", {"players": 3, "sides": "mayor"}),
    ("city_connect", {"players": 4}),
    ("chandigarh", {"players": 2}),
    ("chandigarh", {"players": 3, "specialists": "master-craftsman,driver,mayor,sector-manager"}),
    ("chandigarh", {"players": 4, "specialists": "none"}),
    ("rebuilding_chicago", {"players": 1}),
    ("rebuilding_chicago", {"players": 2, "difficulty": "easy,expert"}),
    ("rebuilding_chicago", {"players": 4, "difficulty": "expert"}),
]
IDS = [f"{name}-{'-'.join(f'{k}{v}' for k, v in params.items())}" for name, params in CASES]


@pytest.fixture(scope="module", autouse=True)
def _registered() -> None:
    register()


def load(name: str, params: dict[str, Any]) -> Any:
    return pyspiel.load_game(short_name(name), params)


def boardcore_params(params: dict[str, Any]) -> dict[str, Any]:
    return {k: (v.replace(";", ",") if isinstance(v, str) else v) for k, v in params.items()}


def random_action(state: Any, rng: random.Random) -> int:
    """A random legal action of a pyspiel state, chance outcomes by their probabilities."""
    if state.is_chance_node():
        actions, probabilities = zip(*state.chance_outcomes(), strict=True)
        return int(rng.choices(actions, weights=probabilities)[0])
    return int(rng.choice(state.legal_actions()))


# --- Registration and parameters ------------------------------------------------------------


def test_every_game_is_registered_under_its_short_name() -> None:
    names = register()
    assert names == [f"boardcore_{info.name}" for info in boardcore.games()]
    assert register() == names  # a second call changes nothing
    assert set(names) <= set(pyspiel.registered_names())


@pytest.mark.parametrize(("name", "params"), CASES, ids=IDS)
def test_load_game_passes_parameters_through(name: str, params: dict[str, Any]) -> None:
    game = load(name, params)
    core = boardcore.load(name, **params)
    assert isinstance(game, boardcore.openspiel.BoardcoreGame)
    assert game.num_players() == params["players"]
    assert game.core.params == core.params
    assert game.num_distinct_actions() == core.num_distinct_actions
    # The game string loads the same game again (speeds are written with ';').
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game) and again.core.params == core.params


def test_game_types() -> None:
    kardinal = load("kardinal", {}).get_type()
    prestel = load("prestel_new_york", {}).get_type()
    game_type = pyspiel.GameType
    for t in (kardinal, prestel):
        assert t.dynamics == game_type.Dynamics.SEQUENTIAL
        assert t.utility == game_type.Utility.CONSTANT_SUM
        assert t.reward_model == game_type.RewardModel.TERMINAL
        assert t.provides_observation_string and t.provides_observation_tensor
        assert t.provides_information_state_string
        assert not t.provides_information_state_tensor
    assert kardinal.information == game_type.Information.PERFECT_INFORMATION
    assert kardinal.chance_mode == game_type.ChanceMode.DETERMINISTIC
    assert kardinal.provides_information_state_string
    assert (kardinal.min_num_players, kardinal.max_num_players) == (2, 4)
    assert prestel.information == game_type.Information.IMPERFECT_INFORMATION
    assert prestel.chance_mode == game_type.ChanceMode.EXPLICIT_STOCHASTIC
    assert (prestel.min_num_players, prestel.max_num_players) == (2, 5)
    city = load("city_connect", {}).get_type()
    assert city.information == game_type.Information.IMPERFECT_INFORMATION
    assert city.chance_mode == game_type.ChanceMode.EXPLICIT_STOCHASTIC
    assert city.utility == game_type.Utility.CONSTANT_SUM
    assert city.provides_information_state_string and not city.provides_information_state_tensor
    # A solo game is won (1) or lost (0), so its returns do not always sum to one.
    solo = load("city_connect", {"players": 1}).get_type()
    assert solo.utility == game_type.Utility.GENERAL_SUM
    assert (city.min_num_players, city.max_num_players) == (1, 4)


def test_kardinal_game_info() -> None:
    game = load("kardinal", {"players": 3})
    assert game.max_game_length() == 2 * 24 + 1  # each build, its cardinal move, one chip
    assert game.max_chance_outcomes() == 0
    assert game.max_chance_nodes_in_history() == 0
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (0.0, 1.0, 1.0)
    assert game.observation_tensor_shape() == [44146]
    assert str(load("kardinal", {})) == "boardcore_kardinal(data=,players=4)"


def test_prestel_game_info() -> None:
    game = load("prestel_new_york", {})
    assert game.num_players() == 4
    assert game.core.params["max_rounds"] == PRESTEL_DEFAULT_MAX_ROUNDS
    parts, commissions, seats, rounds = 64, 24, 4, PRESTEL_DEFAULT_MAX_ROUNDS
    assert game.max_game_length() == rounds * (parts + 4 * seats)
    assert game.max_chance_nodes_in_history() == commissions + parts + seats + rounds * (seats - 1)
    assert game.max_chance_outcomes() == game.num_distinct_actions() == 557
    assert game.observation_tensor_shape() == [14 * parts + 8 * commissions + 131]


def test_prestel_needs_a_round_limit() -> None:
    with pytest.raises(boardcore.ParameterError, match="max_rounds"):
        load("prestel_new_york", {"max_rounds": 0})


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(boardcore.ParameterError, match="not 5"):
        load("kardinal", {"players": 5})
    with pytest.raises(boardcore.ParameterError, match="speeds"):
        load("prestel_new_york", {"players": 3, "speeds": "1;1"})
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        load("kardinal", {"colours": 3})


def decisions_and_chance_nodes(game: Any, seed: int) -> tuple[int, int]:
    """The decisions and chance nodes of the seeded random game; every chance outcome is
    below ``max_chance_outcomes``."""
    state = game.core.new_initial_state()
    decisions = chance = 0
    for action in boardcore.play(game.core, seed=seed).history():
        if state.current_player() == boardcore.CHANCE:
            chance += 1
            assert action < game.max_chance_outcomes()
        else:
            decisions += 1
        state.apply_action(action)
    return decisions, chance


@pytest.mark.parametrize(
    ("params", "seeds"),
    [
        ({"players": 2, "max_rounds": 5}, range(40)),
        ({"players": 5, "max_rounds": 30}, range(10)),
        ({"players": 3}, range(3)),  # the OpenSpiel default limit
    ],
)
def test_prestel_bounds_hold(params: dict[str, Any], seeds: range) -> None:
    game = load("prestel_new_york", params)
    decisions_max = chance_max = 0
    for seed in seeds:
        decisions, chance = decisions_and_chance_nodes(game, seed)
        decisions_max, chance_max = max(decisions_max, decisions), max(chance_max, chance)
    assert decisions_max <= game.max_game_length()
    assert chance_max <= game.max_chance_nodes_in_history()


def test_rebuilding_chicago_game_info() -> None:
    game_type = pyspiel.GameType
    chicago = load("rebuilding_chicago", {})
    t = chicago.get_type()
    assert chicago.num_players() == 2
    assert t.information == game_type.Information.IMPERFECT_INFORMATION
    assert t.chance_mode == game_type.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.provides_information_state_string and not t.provides_information_state_tensor
    assert (t.min_num_players, t.max_num_players) == (1, 5)
    assert t.utility == game_type.Utility.CONSTANT_SUM
    assert chicago.utility_sum() == 1.0
    # Solo: 150 VP wins (1), less loses (0); the registered type is general-sum.
    solo = load("rebuilding_chicago", {"players": 1})
    assert solo.get_type().utility == game_type.Utility.GENERAL_SUM
    assert pyspiel.registered_games()  # registered
    registered = next(
        g for g in pyspiel.registered_games() if g.short_name == "boardcore_rebuilding_chicago"
    )
    assert registered.utility == game_type.Utility.GENERAL_SUM
    assert chicago.max_chance_outcomes() == chicago.num_distinct_actions() == 1545
    assert chicago.observation_tensor_shape() == [11171]
    assert (chicago.min_utility(), chicago.max_utility()) == (0.0, 1.0)
    # 2 seats: setup 4; main actions 3 (48 + 7 + 2) + 4 = 175, refills as many; tiles
    # 2 * 154 + 4; suburbs 2 * 60; choices 3 * 7 * 3 + 4.
    assert chicago.max_game_length() == 4 + 2 * 175 + 308 + 4 + 120 + 63 + 4
    assert chicago.max_chance_nodes_in_history() == 1 + 144 + 15 + 60 + 3
    assert solo.max_chance_nodes_in_history() == 1 + 144 + 15 + 60 + 3 + 3 * 55
    assert str(load("rebuilding_chicago", {"difficulty": "easy,expert"})) == (
        "boardcore_rebuilding_chicago(data=,difficulty=easy;expert,players=2)"
    )


@pytest.mark.parametrize("players", [1, 2, 3, 5])
def test_rebuilding_chicago_bounds_hold(players: int) -> None:
    game = load("rebuilding_chicago", {"players": players})
    for seed in range(8):
        decisions, chance = decisions_and_chance_nodes(game, seed)
        assert decisions <= game.max_game_length()
        assert chance <= game.max_chance_nodes_in_history()


def test_kardinal_bound_holds() -> None:
    for players in (2, 3, 4):
        result = boardcore.simulate("kardinal", players=players, games=2000, seed=3, threads=2)
        assert int(result.lengths.max()) <= load("kardinal", {"players": players}).max_game_length()


# --- OpenSpiel's own checks, and its MCTS -------------------------------------------------


@pytest.mark.parametrize(("name", "params"), CASES, ids=IDS)
def test_openspiel_random_sim_test(name: str, params: dict[str, Any]) -> None:
    pyspiel.random_sim_test(load(name, params), num_sims=3, serialize=False, verbose=False)


@pytest.mark.parametrize(("name", "params"), [CASES[0], CASES[3]], ids=[IDS[0], IDS[3]])
def test_serialize_round_trip(name: str, params: dict[str, Any]) -> None:
    game = load(name, params)
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(90):
        if state.is_terminal():
            break
        state.apply_action(random_action(state, rng))
    game2, state2 = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state)
    )
    assert str(game2) == str(game)
    assert state2.history() == state.history()
    assert state2.core.to_json() == state.core.to_json()


@pytest.mark.parametrize(
    ("name", "params"),
    [("kardinal", {"players": 2}), ("prestel_new_york", {"players": 2, "max_rounds": 4})],
)
def test_mcts_plays_against_random(name: str, params: dict[str, Any]) -> None:
    # Prestel is an imperfect-information game, but OpenSpiel's MCTSBot accepts it and
    # searches the true state: it sees the hidden stacks and hands, an omniscient baseline
    # (docs/ecosystem.md); ISMCTSBot is the fair search (test_ismcts_plays_full_games).
    game = load(name, params)
    for seed in range(2):
        np_rng = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np_rng)
        bot = mcts.MCTSBot(
            game, uct_c=2.0, max_simulations=6, evaluator=evaluator, random_state=np_rng
        )
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == seed % 2:
                action = bot.step(state)
                assert action in state.legal_actions()
            else:
                action = random_action(state, rng)
            state.apply_action(action)
        assert sum(state.returns()) == pytest.approx(1.0)
        assert state.returns() == state.core.returns()


# --- The pyspiel state is the boardcore state ----------------------------------------------


def assert_same(state: Any, core: Any, players: int) -> None:
    assert state.current_player() == core.current_player()
    assert state.is_terminal() == core.is_terminal()
    assert str(state) == str(core)
    assert state.history() == core.history()
    assert state.returns() == core.returns()
    if state.is_chance_node():
        outcomes = core.chance_outcomes()
        total = sum(weight for _, weight in outcomes)
        assert state.chance_outcomes() == [(a, w / total) for a, w in outcomes]
        assert state.legal_actions() == [a for a, _ in outcomes]
    elif not state.is_terminal():
        player = state.current_player()
        assert state.legal_actions() == core.legal_actions()
        assert state.legal_actions(player) == core.legal_actions()
        for other in range(players):
            if other != player:
                assert state.legal_actions(other) == []
        for action in core.legal_actions():
            assert state.action_to_string(player, action) == core.action_to_string(action)
    else:
        assert state.legal_actions() == []
    for seat in range(players):
        assert state.observation_string(seat) == core.observation_string(seat)
        np.testing.assert_array_equal(
            np.asarray(state.observation_tensor(seat), np.float32), core.observation_tensor(seat)
        )


@pytest.mark.parametrize(("name", "params"), CASES, ids=IDS)
def test_state_matches_boardcore_along_a_random_game(name: str, params: dict[str, Any]) -> None:
    game = load(name, params)
    state = game.new_initial_state()
    core = boardcore.load(name, **boardcore_params(params)).new_initial_state()
    rng = random.Random(11)
    steps = 0
    while True:
        if steps % 7 == 0 or state.is_terminal():  # every seat's observation is not cheap
            assert_same(state, core, game.num_players())
        else:
            assert state.current_player() == core.current_player()
            assert state.legal_actions() == (
                [a for a, _ in core.chance_outcomes()]
                if core.current_player() == boardcore.CHANCE
                else core.legal_actions()
            )
        if state.is_terminal():
            break
        player = state.current_player()
        action = random_action(state, rng)
        if player != pyspiel.PlayerId.CHANCE:
            assert state.action_to_string(action) == core.action_to_string(action)
        clone = state.clone()
        state.apply_action(action)
        core.apply_action(action)
        assert clone.history() == state.history()[:-1]  # the clone is independent
        steps += 1
    if params["players"] > 1:
        assert sum(state.returns()) == pytest.approx(1.0)
    assert state.returns() == core.returns()
    assert [r > 0 for r in state.returns()] == [
        s in core.winners() for s in range(len(core.scores()))
    ]


def test_illegal_action_changes_nothing() -> None:
    state = load("kardinal", {"players": 2}).new_initial_state()
    before = str(state)
    with pytest.raises(boardcore.IllegalActionError):
        state.apply_action(state.core.string_to_action("chip red"))
    assert str(state) == before and state.history() == [] and state.move_number() == 0


def test_player_ids() -> None:
    state = load("prestel_new_york", {"players": 2, "max_rounds": 1}).new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE == boardcore.CHANCE
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_action(random_action(state, rng))
    assert state.current_player() == pyspiel.PlayerId.TERMINAL == boardcore.TERMINAL


# --- Observers -----------------------------------------------------------------------------


def test_default_observer_views_the_observation() -> None:
    game = load("prestel_new_york", {"players": 3, "max_rounds": 2})
    state = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(80):
        state.apply_action(random_action(state, rng))
    observation = make_observation(game)
    observation.set_from(state, 1)
    np.testing.assert_array_equal(observation.tensor, state.core.observation_tensor(1))
    assert {k: v.shape for k, v in observation.dict.items()} == {
        "parts": (64, 14),
        "commissions": (24, 8),
        "seats": (5, 22),
        "globals": (21,),
    }
    np.testing.assert_array_equal(observation.dict["globals"], observation.tensor[-21:])
    assert observation.string_from(state, 1) == state.core.observation_string(1)

    kardinal = make_observation(load("kardinal", {}))
    assert {k: v.shape for k, v in kardinal.dict.items()} == {
        "board": (9, 70, 70),
        "features": (46,),
    }


def test_information_state() -> None:
    game = load("kardinal", {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(6)
    for _ in range(5):
        state.apply_action(random_action(state, rng))
    # Kardinal hides nothing: its information state is the history.
    assert state.information_state_string(0) == state.history_str()
    assert state.information_state_string(1) == state.history_str()
    # Prestel's is the seat's own: the perfect-recall observer gives it, as a string only.
    prestel = load("prestel_new_york", {"players": 2, "max_rounds": 2})
    state = prestel.new_initial_state()
    for _ in range(80):
        state.apply_action(random_action(state, rng))
    observation = make_observation(prestel, pyspiel.IIGObservationType(perfect_recall=True))
    assert observation.tensor is None
    assert observation.string_from(state, 1) == state.information_state_string(1)
    assert state.information_state_string(1).startswith("seat 1\n")
    # No tensor view: asking for one raises, as OpenSpiel's own games do (not an empty list).
    with pytest.raises(pyspiel.SpielError, match="InformationStateTensor unimplemented"):
        state.information_state_tensor(1)
    with pytest.raises(pyspiel.SpielError, match="InformationStateTensor unimplemented"):
        state.information_state_tensor()
    with pytest.raises(ValueError, match="not supported"):
        make_observation(prestel, None, {"verbose": 1})
    public = pyspiel.IIGObservationType(
        perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="private_info=NONE"):
        make_observation(prestel, public)
    # The C++ observer made without an observation type is the default one.
    assert prestel.make_observer({}) is not None


# --- Information states and resampling in the hidden-information games --------------------

HIDDEN: list[tuple[str, dict[str, Any]]] = [
    ("prestel_new_york", {"players": 2, "max_rounds": 2}),
    ("prestel_new_york", {"players": 4, "max_rounds": 1}),
    ("city_connect", {"players": 2}),
    ("city_connect", {"players": 3, "sides": "mayor"}),
    ("rebuilding_chicago", {"players": 2}),
    ("rebuilding_chicago", {"players": 3}),
]
HIDDEN_IDS = [f"{name}-{'-'.join(f'{k}{v}' for k, v in p.items())}" for name, p in HIDDEN]


def fresh(game: Any, state: Any) -> Any:
    """The same position as a new pyspiel state, with no cached information state."""
    again = game.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    return again


def view(game: Any, state: Any, seat: int) -> tuple[Any, ...]:
    """Everything seat ``seat`` may know at ``state``, computed from scratch."""
    again = fresh(game, state)
    legal = state.legal_actions() if state.current_player() == seat else None
    return (
        again.information_state_string(seat),
        state.observation_string(seat),
        state.current_player(),
        legal,
    )


def random_game(game: Any, seed: int, steps: int) -> list[Any]:
    """The states of a random game, ``steps`` actions at most."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal() and len(states) <= steps:
        state.apply_action(random_action(state, rng))
        states.append(state.clone())
    return states


def latest_observation(info: str) -> str:
    """The seat's current observation, read back from its information state: the first
    observation's lines, then each step's changed lines (``i:<line>``, ``#n`` to cut)."""
    lines: list[str] = []
    for line in info.split("\n")[1:-1]:
        if line.startswith("#"):
            del lines[int(line[1:]) :]
        elif line != "--" and not line.startswith("> "):
            index, _, text = line.partition(":")
            if int(index) < len(lines):
                lines[int(index)] = text
            else:
                assert int(index) == len(lines)  # new lines come in order
                lines.append(text)
    return "\n".join(lines)


@pytest.mark.parametrize(("name", "params"), HIDDEN, ids=HIDDEN_IDS)
def test_information_state_has_perfect_recall(name: str, params: dict[str, Any]) -> None:
    game = load(name, params)
    seats = range(game.num_players())
    rng = random.Random(3)
    state = game.new_initial_state()
    before = [state.information_state_string(p) for p in seats]
    mine: list[list[str]] = [[] for _ in seats]
    while not state.is_terminal() and len(state.history()) < 300:
        mover = state.current_player()
        action = random_action(state, rng)
        if mover >= 0:
            mine[mover].append(state.action_to_string(action))
        state.apply_action(action)
        after = [state.information_state_string(p) for p in seats]
        for p in seats:
            # The information state at t is a prefix of the one at t + 1, and the seat's
            # current observation can be read back from it.
            assert after[p].startswith(before[p])
            assert latest_observation(after[p]) == state.observation_string(p)
        before = after
    for p in seats:
        # Computed afresh it is the same (a clone extends the cached one), and it holds the
        # seat's own actions, as the engine writes them, and no one else's.
        assert before[p] == fresh(game, state).information_state_string(p)
        assert [line[2:] for line in before[p].split("\n") if line.startswith("> ")] == mine[p]


@pytest.mark.parametrize(("name", "params"), HIDDEN, ids=HIDDEN_IDS)
def test_what_a_seat_cannot_see_leaves_its_information_state_alone(
    name: str, params: dict[str, Any]
) -> None:
    # Two games that differ in one action of another seat or of chance: the seat's
    # information states are the same exactly when its observations after it are.
    game = load(name, params)
    same = different = 0
    for state in random_game(game, 8, 250)[::5]:
        if state.is_terminal():
            continue
        mover = state.current_player()
        actions = state.legal_actions()[:12]
        for seat in range(game.num_players()):
            if seat == mover:
                continue
            state.information_state_string(seat)  # the clones extend it
            worlds = []
            for action in actions:
                world = state.clone()
                world.apply_action(action)
                worlds.append(world)
            for a, b in itertools.pairwise(worlds):
                info = a.information_state_string(seat)
                info_b = b.information_state_string(seat)
                if a.observation_string(seat) == b.observation_string(seat):
                    assert info == info_b
                    same += 1
                else:
                    assert info != info_b
                    different += 1
    assert same > 0 and different > 0


def test_prestel_search_length_is_not_told() -> None:
    # Another seat's search is hidden, and so is how many parts it looked at.
    game = load("prestel_new_york", {"players": 2, "max_rounds": 2})
    rng = random.Random(1)
    state = game.new_initial_state()
    looks = 0
    while not state.is_terminal():
        mover = state.current_player()
        if mover >= 0 and state.action_to_string(state.legal_actions()[0]) == "look":
            other = 1 - mover
            before = state.information_state_string(other)
            looked = state.information_state_string(mover).count("\n> look\n")
            state.apply_action(state.legal_actions()[0])
            assert state.information_state_string(other) == before
            assert state.information_state_string(mover).count("\n> look\n") == looked + 1
            looks += 1
            continue
        state.apply_action(random_action(state, rng))
    assert looks > 3


def check_resampled(game: Any, state: Any, seat: int, sampler: Any) -> list[Any]:
    """Resamples ``state`` for ``seat`` a few times; every sample must look the same to it."""
    seen = view(game, state, seat)
    samples = []
    for _ in range(3):
        sample = state.resample_from_infostate(seat, sampler)
        assert isinstance(sample, BoardcoreState) and sample is not state
        assert len(sample.history()) == len(state.history())
        assert view(game, sample, seat) == seen
        samples.append(sample)
    return samples


@pytest.mark.parametrize("name", ["kardinal", "city_connect"])
def test_resampling_for_no_seat_or_with_no_sampler_is_refused(name: str) -> None:
    game = load(name, {"players": 2})
    state = game.new_initial_state()
    for seat in (2, -1, 2**70):
        with pytest.raises(boardcore.ParameterError, match="player_id must be from 0 to 1"):
            state.resample_from_infostate(seat, None)
    for wrong in (True, 0.0, "0"):
        with pytest.raises(TypeError, match="player_id must be an int"):
            state.resample_from_infostate(wrong, None)
    with pytest.raises(TypeError, match="probability_sampler must be a callable"):
        state.resample_from_infostate(0, 3)
    assert state.resample_from_infostate(np.int64(1), None).history() == state.history()


@pytest.mark.parametrize(("name", "params"), HIDDEN, ids=HIDDEN_IDS)
def test_resampled_states_look_the_same_to_the_seat(name: str, params: dict[str, Any]) -> None:
    game = load(name, params)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    states = random_game(game, 5, 300)
    changed = 0
    for state in [*states[20::90], states[-1]]:
        seats = range(game.num_players())
        for seat in seats:
            for sample in check_resampled(game, state, seat, sampler):
                if sample.history() != state.history():
                    changed += 1
                    # The world is another one: another seat sees the difference.
                    assert str(sample) != str(state) or any(
                        view(game, sample, other)[0] != view(game, state, other)[0]
                        for other in seats
                        if other != seat
                    )
    assert changed > 0  # what the seats cannot see was redrawn
    # The true state is left alone.
    last = states[-1]
    assert fresh(game, last).history() == last.history()


def test_resampling_redraws_the_hidden_cards_evenly() -> None:
    # Rebuilding Chicago: the landmark cards dealt to the other seat are hidden until it
    # keeps two of them. Seat 0 knows only that they are not its own three, so the chain
    # must deal seat 1 each of the 12 others about equally often (3 of 12: 1/4 each).
    game = load("rebuilding_chicago", {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(4)
    while "dealt 3 hidden" not in state.observation_string(0):
        state.apply_action(random_action(state, rng))
    saved = json.loads(state.core.to_json())["seats"]
    mine, theirs = set(saved[0]["dealt"]), saved[1]["dealt"]
    check_resampled(game, state, 0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    counts: dict[int, int] = {}
    uniform = random.Random(0).random
    samples = 400
    for _ in range(samples):
        sample = state.resample_from_infostate(0, uniform)
        for card in json.loads(sample.core.to_json())["seats"][1]["dealt"]:
            counts[card] = counts.get(card, 0) + 1
    assert not set(counts) & mine
    assert len(counts) == 15 - 3
    for card, count in counts.items():
        assert 0.6 < count / (samples / 4) < 1.4, (card, count)
    # Seat 1 sees its own cards: its resampled worlds keep them.
    for _ in range(5):
        sample = state.resample_from_infostate(1, uniform)
        assert json.loads(sample.core.to_json())["seats"][1]["dealt"] == theirs


def test_resampling_redraws_a_returned_landmark_card() -> None:
    # Returning a landmark card is seen (the two kept are public), which card was returned
    # is not: the resampled worlds have the other seat return different cards, never one
    # seat 0 knows to be elsewhere.
    game = load("rebuilding_chicago", {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(4)
    while "landmarks -" in state.observation_string(0):  # until both seats kept two
        state.apply_action(random_action(state, rng))
    core = game.core.new_initial_state()
    returned = {}
    for action in state.history():
        if core.current_player() >= 0 and core.action_to_string(action).startswith("return"):
            returned[core.current_player()] = core.action_to_string(action)
        core.apply_action(action)
    assert set(returned) == {0, 1}
    seen: set[str] = set()
    uniform = random.Random(2).random
    for _ in range(60):
        sample = state.resample_from_infostate(0, uniform)
        core = game.core.new_initial_state()
        for action in sample.history():
            if core.current_player() == 1 and core.action_to_string(action).startswith("return"):
                seen.add(core.action_to_string(action))
            core.apply_action(action)
        assert view(game, sample, 0) == view(game, state, 0)
    assert len(seen) > 3
    # Seat 0's own three cards (kept, named in its observation, and returned) never are.
    lines = state.observation_string(0).split("\n")
    details = lines[next(i for i, line in enumerate(lines) if line.startswith("seat 0 ")) + 1]
    kept = details.split("landmarks ")[1].split(", ")[0].split(",")
    assert len(kept) == 2 and returned[0] not in (f"return {card}" for card in kept)
    for card in kept:
        assert f"return {card}" not in seen
    assert returned[0] not in seen


def test_resampling_perfect_information_games_copies() -> None:
    game = load("kardinal", {"players": 2})
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    sample = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.history() == state.history() and sample is not state


ISMCTS_CASES = [
    *HIDDEN[:1],
    HIDDEN[2],
    HIDDEN[4],
    pytest.param(*HIDDEN[1], marks=pytest.mark.slow),
    pytest.param(*HIDDEN[3], marks=pytest.mark.slow),
    pytest.param(*HIDDEN[5], marks=pytest.mark.slow),
    pytest.param("city_connect", {"players": 1}, marks=pytest.mark.slow),
    pytest.param("rebuilding_chicago", {"players": 1}, marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("name", "params"), ISMCTS_CASES)
def test_ismcts_plays_full_games(name: str, params: dict[str, Any]) -> None:
    game = load(name, params)
    np_rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np_rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3, random_state=np_rng)
    rng = random.Random(1)
    state = game.new_initial_state()
    seat = game.num_players() - 1
    moves = 0
    while not state.is_terminal():
        if state.current_player() == seat:
            action = bot.step(state)
            assert action in state.legal_actions()
            moves += 1
        else:
            action = random_action(state, rng)
        state.apply_action(action)
    assert moves > 0
    assert state.returns() == state.core.returns()


# --- Docs --------------------------------------------------------------------------------


def test_module_docstring_examples_run() -> None:
    result = doctest.testmod(boardcore.openspiel)
    assert result.attempted > 0 and result.failed == 0


def test_ecosystem_section_examples_run() -> None:
    text = (ROOT / "docs" / "ecosystem.md").read_text()
    start = text.index("\n## OpenSpiel\n")
    end = text.find("\n## ", start + 1)
    section = text[start : end if end >= 0 else len(text)]
    test = doctest.DocTestParser().get_doctest(section, {}, "ecosystem.md#OpenSpiel", None, 0)
    assert test.examples
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0


def test_wrapper_state_type() -> None:
    state = load("kardinal", {}).new_initial_state()
    assert isinstance(state, BoardcoreState)
    assert json.loads(state.core.to_json())["game"] == "kardinal"
