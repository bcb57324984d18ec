"""OpenSpiel integration (boardcore.openspiel): registration, OpenSpiel's own checks, MCTS."""

from __future__ import annotations

import doctest
import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import boardcore

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import mcts  # type: ignore[import-untyped]  # noqa: E402
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
        assert not t.provides_information_state_tensor
    assert kardinal.information == game_type.Information.PERFECT_INFORMATION
    assert kardinal.chance_mode == game_type.ChanceMode.DETERMINISTIC
    assert kardinal.provides_information_state_string
    assert (kardinal.min_num_players, kardinal.max_num_players) == (2, 4)
    assert prestel.information == game_type.Information.IMPERFECT_INFORMATION
    assert prestel.chance_mode == game_type.ChanceMode.EXPLICIT_STOCHASTIC
    assert not prestel.provides_information_state_string
    assert (prestel.min_num_players, prestel.max_num_players) == (2, 5)
    city = load("city_connect", {}).get_type()
    assert city.information == game_type.Information.IMPERFECT_INFORMATION
    assert city.chance_mode == game_type.ChanceMode.EXPLICIT_STOCHASTIC
    assert city.utility == game_type.Utility.CONSTANT_SUM
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
        history = boardcore.play(game.core, seed=seed).history()
        state = game.core.new_initial_state()
        decisions = chance = 0
        for action in history:
            if state.current_player() == boardcore.CHANCE:
                chance += 1
                assert action < game.max_chance_outcomes()
            else:
                decisions += 1
            state.apply_action(action)
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
    assert not t.provides_information_state_string
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
    assert chicago.observation_tensor_shape() == [9242]
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
        history = boardcore.play(game.core, seed=seed).history()
        state = game.core.new_initial_state()
        decisions = chance = 0
        for action in history:
            if state.current_player() == boardcore.CHANCE:
                chance += 1
                assert action < game.max_chance_outcomes()
            else:
                decisions += 1
            state.apply_action(action)
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
    # searches the true state: it sees the hidden stacks and hands (docs/ecosystem.md).
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
    # Prestel's observation forgets, so it has no information state.
    prestel = load("prestel_new_york", {"players": 2, "max_rounds": 2})
    perfect_recall = pyspiel.IIGObservationType(perfect_recall=True)
    with pytest.raises(ValueError, match="perfect_recall=True"):
        make_observation(prestel, perfect_recall)
    with pytest.raises(ValueError, match="not supported"):
        make_observation(prestel, None, {"verbose": 1})
    # The C++ observer made without an observation type is the default one.
    assert prestel.make_observer({}) is not None


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
