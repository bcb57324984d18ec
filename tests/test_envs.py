"""The PettingZoo and Gymnasium environments of boardcore.envs, on every game."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

import boardcore
from boardcore import IllegalActionError, ParameterError, SplitMix64
from boardcore.api import State
from boardcore.envs import gymnasium as bc_gym
from boardcore.envs import pettingzoo as bc_pz

LOADERS = {"rust": boardcore.load, "reference": boardcore.reference.load}


def short(info: boardcore.GameInfo) -> dict[str, Any]:
    """Parameters that keep a game short enough for these tests (a round limit if it has one)."""
    return {"max_rounds": 3} if "max_rounds" in info.parameters else {}


# Every game, at its smallest and largest player count.
CASES = [
    pytest.param(info.name, {"players": players, **short(info)}, id=f"{info.name}-{players}p")
    for info in boardcore.games()
    for players in sorted({min(info.players), max(info.players)})
]
GAMES = [pytest.param(info.name, short(info), id=info.name) for info in boardcore.games()]

# PettingZoo's api_test advises plain Box observations; ours are Dicts with an action mask,
# as in PettingZoo's own classic games (which it exempts by name).
pz_dict_observations = pytest.mark.filterwarnings(
    "ignore:Observation (is not a NumPy array|space for each agent probably should be)"
)


def play_aec(aec: Any, choose: Callable[[str, dict[str, Any]], int]) -> dict[str, float]:
    """Runs a reset AEC environment to the end; returns each agent's total reward."""
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter(100_000):
        obs, reward, terminated, truncated, _ = aec.last()
        totals[agent] += reward
        assert not truncated
        aec.step(None if terminated else choose(agent, obs))
    assert aec.agents == []
    return totals


def masked_random(aec: Any, seed: int) -> Callable[[str, dict[str, Any]], int]:
    for i, agent in enumerate(aec.possible_agents):
        aec.action_space(agent).seed(seed + i)
    return lambda agent, obs: int(aec.action_space(agent).sample(obs["action_mask"]))


def randoms(game: boardcore.Game) -> list[boardcore.Agent]:
    """Random agents for ``play``: its Python driver, the loop the environments follow."""
    return [boardcore.random_agent] * game.num_players


def gym_unwrapped(env: gymnasium.Env[Any, Any]) -> bc_gym.BoardcoreEnv:
    unwrapped = env.unwrapped
    assert isinstance(unwrapped, bc_gym.BoardcoreEnv)
    return unwrapped


def assert_own_view(obs: dict[str, Any], state: State, seat: int) -> None:
    assert obs["observation"].dtype == np.float32
    assert np.array_equal(obs["observation"], state.observation_tensor(seat))
    assert obs["action_mask"].dtype == np.int8
    if state.current_player() == seat:
        assert np.array_equal(obs["action_mask"], state.legal_action_mask())
    else:
        assert not obs["action_mask"].any()


def test_importing_boardcore_envs_imports_neither_library() -> None:
    code = (
        "import sys, boardcore, boardcore.envs; "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'gymnasium', 'pettingzoo'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("first", ["boardcore", "gymnasium"])
def test_gymnasium_make_works_after_import_boardcore_alone(first: str) -> None:
    """Either import order; ``import boardcore`` itself does not import Gymnasium."""
    second = "gymnasium" if first == "boardcore" else "boardcore"
    code = (
        f"import sys, {first}; print('gymnasium' in sys.modules); import {second}; "
        "env = gymnasium.make('boardcore/kardinal-v0', players=2, seat=1); "
        "print(type(env.unwrapped).__name__, env.unwrapped.seat)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == [str(first == "gymnasium"), "BoardcoreEnv", "1"]


# ---------------------------------------------------------------- PettingZoo


@pz_dict_observations
@pytest.mark.parametrize("engine", sorted(LOADERS))
@pytest.mark.parametrize(("name", "params"), CASES)
def test_pettingzoo_api_test(name: str, params: dict[str, Any], engine: str) -> None:
    api_test(bc_pz.env(name, engine=engine, **params), num_cycles=300)


@pytest.mark.parametrize(("name", "params"), CASES)
def test_pettingzoo_seed_test(name: str, params: dict[str, Any]) -> None:
    seed_test(lambda: bc_pz.env(name, **params), num_cycles=300)


@pytest.mark.parametrize(("name", "params"), CASES)
def test_pettingzoo_episode_rewards_are_the_returns(name: str, params: dict[str, Any]) -> None:
    aec = bc_pz.env(name, **params)
    aec.reset(seed=5)
    # TerminateIllegalWrapper reads obs["action_mask"]: a legal action misread as illegal
    # would end the game early with -1 for the mover.
    totals = play_aec(aec, masked_random(aec, 5))
    state = aec.unwrapped.game_state
    assert state.is_terminal()
    assert list(totals.values()) == state.returns()


@pytest.mark.parametrize(("name", "params"), CASES)
def test_pettingzoo_observations_are_each_seats_own(name: str, params: dict[str, Any]) -> None:
    aec = bc_pz.raw_env(name, **params)
    aec.reset(seed=9)
    choose = masked_random(aec, 9)
    space = aec.observation_space("player_0")
    assert space["observation"].shape == aec.game_state.observation_tensor(0).shape
    assert space["action_mask"].shape == (aec.game.num_distinct_actions,)
    for agent in aec.agent_iter():
        for seat, other in enumerate(aec.possible_agents):
            obs = aec.observe(other)
            assert_own_view(obs, aec.game_state, seat)
            assert aec.observation_space(other).contains(obs)
        obs, _, terminated, _, _ = aec.last()
        assert agent == f"player_{aec.game_state.current_player()}" or terminated
        aec.step(None if terminated else choose(agent, obs))


@pytest.mark.parametrize("engine", sorted(LOADERS))
@pytest.mark.parametrize(("name", "params"), CASES)
def test_pettingzoo_same_seed_replays_boardcore_play(
    name: str, params: dict[str, Any], engine: str
) -> None:
    """Agents drawing from the env's generator replay ``play``; ``reset()`` takes seed + 1."""
    aec = bc_pz.env(name, engine=engine, **params)
    game = LOADERS[engine](name, **params)
    raw = aec.unwrapped
    for seed in (41, None):
        aec.reset(seed=seed)
        play_aec(aec, lambda _agent, _obs: boardcore.random_agent(raw.game_state, raw.rng))
        expected = boardcore.play(game, seed=41 if seed is not None else 42, agents=randoms(game))
        assert raw.game_state.history() == expected.history()


def test_pettingzoo_same_seed_same_trajectory() -> None:
    def trajectory(seed: int) -> list[int]:
        aec = bc_pz.env("prestel_new_york", players=3, max_rounds=3)
        aec.reset(seed=seed)
        play_aec(aec, masked_random(aec, 0))
        history: list[int] = aec.unwrapped.game_state.history()
        return history

    assert trajectory(3) == trajectory(3)
    assert trajectory(3) != trajectory(4)  # the same actions sampled, other chance


def test_pettingzoo_illegal_action_ends_the_game_in_env_and_raises_in_raw_env() -> None:
    aec = bc_pz.env("kardinal", players=3)
    aec.reset(seed=0)
    obs, *_ = aec.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    aec.step(illegal)
    assert all(aec.terminations.values())
    assert aec.rewards == {"player_0": -1.0, "player_1": 0.0, "player_2": 0.0}
    aec.reset()
    with pytest.raises(AssertionError):  # AssertOutOfBoundsWrapper
        aec.step(aec.unwrapped.game.num_distinct_actions)

    for strict in (
        bc_pz.raw_env("kardinal", players=3),
        bc_pz.env("kardinal", illegal_reward=None),
    ):
        strict.reset(seed=0)
        before = strict.unwrapped.game_state.to_json()
        with pytest.raises(IllegalActionError, match="illegal"):
            strict.step(illegal)
        assert strict.unwrapped.game_state.to_json() == before
        assert not any(strict.terminations.values())
    raw = bc_pz.raw_env("kardinal", players=3)
    raw.reset(seed=0)
    with pytest.raises(IllegalActionError, match=r"step\(None\)"):
        raw.step(None)


def test_pettingzoo_render(capsys: pytest.CaptureFixture[str]) -> None:
    aec = bc_pz.env("prestel_new_york", players=2, render_mode="ansi")
    aec.reset(seed=1)
    assert aec.render() == str(aec.unwrapped.game_state)
    human = bc_pz.env("kardinal", players=2, render_mode="human")
    human.reset(seed=1)
    assert human.render() is None
    assert str(human.unwrapped.game_state) in capsys.readouterr().out
    quiet = bc_pz.env("kardinal", players=2)
    quiet.reset()
    with pytest.warns(UserWarning, match="without specifying any render mode"):
        assert quiet.render() is None


@pytest.mark.parametrize(
    "make",
    [bc_pz.env, bc_pz.raw_env, bc_gym.BoardcoreEnv],
    ids=["pettingzoo.env", "pettingzoo.raw_env", "gymnasium.BoardcoreEnv"],
)
def test_an_unknown_engine_render_mode_or_game_is_refused(make: Any) -> None:
    with pytest.raises(ParameterError, match="engine"):
        make("kardinal", engine="c++")
    with pytest.raises(ParameterError, match="render_mode"):
        make("kardinal", render_mode="rgb_array")
    with pytest.raises(ParameterError, match="unknown game"):
        make("chess")


def test_pettingzoo_bad_arguments() -> None:
    with pytest.raises(ParameterError):
        bc_pz.env("kardinal", players=9)

    for bad in (0, -2, 1.5, True):
        with pytest.raises(ParameterError, match="max_cycles"):
            bc_pz.env("kardinal", max_cycles=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_pettingzoo_max_cycles_truncates(name: str, params: dict[str, Any]) -> None:
    """As PettingZoo's max_cycles_test counts: with ``max_cycles=N`` the agent that moves
    most is selected N times to move, then once more to take its dead step."""
    n = 4
    aec = bc_pz.env(name, players=2, max_cycles=n, **params)
    aec.reset(seed=3)
    choose = masked_random(aec, 3)
    counts = dict.fromkeys(aec.possible_agents, 0)
    for agent in aec.agent_iter(1000):
        counts[agent] += 1
        obs, reward, terminated, truncated, _ = aec.last()
        if truncated:
            assert reward == 0.0 and not terminated
        aec.step(None if terminated or truncated else choose(agent, obs))
    assert aec.agents == []
    assert max(counts.values()) == n + 1
    assert not aec.unwrapped.game_state.is_terminal()  # truncated, not finished


@pytest.mark.parametrize(("name", "params"), CASES)
def test_pettingzoo_state_is_every_seats_observation(name: str, params: dict[str, Any]) -> None:
    aec = bc_pz.raw_env(name, **params)
    aec.reset(seed=8)
    state = aec.state()
    assert state in aec.state_space
    game_state = aec.game_state
    size = len(game_state.observation_tensor(0))
    assert state.shape == (size * aec.game.num_players,)
    for seat in range(aec.game.num_players):
        assert np.array_equal(
            state[seat * size : (seat + 1) * size], game_state.observation_tensor(seat)
        )


@pytest.mark.parametrize("module", ["pettingzoo", "gymnasium"])
def test_missing_extra_says_what_to_install(module: str) -> None:
    code = (
        "import sys; sys.modules['pettingzoo'] = None; sys.modules['gymnasium'] = None\n"
        f"try:\n    import boardcore.envs.{module}\nexcept ImportError as e:\n    print(e)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert f"from the clone of boardcore, pip install '.[{module}]'" in out.stdout


# ---------------------------------------------------------------- Gymnasium


@pytest.mark.parametrize("name", [info.name for info in boardcore.games()])
def test_gymnasium_check_env_on_the_default_env(name: str) -> None:
    """As shipped: check_env steps with unmasked random actions, which the default
    illegal-action convention (end the episode with a penalty) must take."""
    check_env(gymnasium.make(f"boardcore/{name}-v0").unwrapped)


@pytest.mark.parametrize(("name", "params"), CASES)
def test_gymnasium_check_env(name: str, params: dict[str, Any]) -> None:
    """The learner takes the last seat, which is seat 0 in a solo game."""
    env = bc_gym.make(name, seat=params["players"] - 1, **params)
    check_env(env.unwrapped)


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_gymnasium_observations_lie_in_the_bounded_box(name: str, params: dict[str, Any]) -> None:
    env = bc_gym.make(name, players=2, **params)
    box = env.observation_space["observation"]  # type: ignore[index]
    assert isinstance(box, gymnasium.spaces.Box)
    assert (box.low == 0).all() and np.isfinite(box.high).all()
    obs, _ = env.reset(seed=4)
    terminated = False
    while not terminated:
        assert obs in env.observation_space
        assert np.array_equal(gym_unwrapped(env).action_masks(), obs["action_mask"] == 1)
        obs, _, terminated, _, _ = env.step(env.action_space.sample(obs["action_mask"]))
    assert obs in env.observation_space
    assert not gym_unwrapped(env).action_masks().any()


@pytest.mark.parametrize(("name", "params"), CASES)
@pytest.mark.parametrize("seat", [0, -1], ids=["first-seat", "last-seat"])
def test_gymnasium_episode_reward_is_the_learners_return(
    name: str, params: dict[str, Any], seat: int
) -> None:
    seat %= params["players"]
    env = bc_gym.make(name, seat=seat, **params)
    env.action_space.seed(2)
    obs, info = env.reset(seed=2)
    assert info == {}
    rewards: list[float] = []
    terminated = truncated = False
    while not terminated:
        obs, reward, terminated, truncated, info = env.step(
            env.action_space.sample(obs["action_mask"])
        )
        assert not truncated
        rewards.append(float(reward))
    state = gym_unwrapped(env).game_state
    assert state.is_terminal()
    assert rewards[-1] == sum(rewards) == state.returns()[seat]
    assert info == {"returns": state.returns(), "scores": state.scores()}
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(0)


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_gymnasium_same_seed_same_trajectory(name: str, params: dict[str, Any]) -> None:
    def trajectory(seed: int) -> tuple[list[int], list[dict[str, Any]]]:
        env = bc_gym.make(name, players=3, seat=2, **params)
        env.action_space.seed(0)
        obs, _ = env.reset(seed=seed)
        seen = [obs]
        terminated = False
        while not terminated:
            obs, _, terminated, _, _ = env.step(env.action_space.sample(obs["action_mask"]))
            seen.append(obs)
        return gym_unwrapped(env).game_state.history(), seen

    history, seen = trajectory(8)
    again, seen_again = trajectory(8)
    assert history == again
    assert all(
        np.array_equal(a[key], b[key]) for a, b in zip(seen, seen_again, strict=True) for key in a
    )
    assert trajectory(9)[0] != history  # the opponents (and chance) draw from the seed


@pytest.mark.parametrize("engine", sorted(LOADERS))
@pytest.mark.parametrize(("name", "params"), CASES)
def test_gymnasium_random_learner_replays_boardcore_play(
    name: str, params: dict[str, Any], engine: str
) -> None:
    env = bc_gym.BoardcoreEnv(name, seat=params["players"] - 1, engine=engine, **params)
    game = LOADERS[engine](name, **params)
    for seed, expected_seed in ((77, 77), (None, 78)):
        env.reset(seed=seed)
        assert env.game_seed == expected_seed
        terminated = False
        while not terminated:
            _, _, terminated, _, _ = env.step(boardcore.random_agent(env.game_state, env.rng))
        expected = boardcore.play(game, seed=expected_seed, agents=randoms(game))
        assert env.game_state.history() == expected.history()


@pytest.mark.parametrize(("name", "params"), CASES)
def test_gymnasium_observation_is_the_learners_own(name: str, params: dict[str, Any]) -> None:
    seat = params["players"] - 1
    env = bc_gym.BoardcoreEnv(name, seat=seat, **params)
    env.action_space.seed(4)
    obs, _ = env.reset(seed=4)
    terminated = False
    while not terminated:
        assert_own_view(obs, env.game_state, seat)
        assert env.game_state.current_player() == seat
        obs, _, terminated, _, _ = env.step(env.action_space.sample(obs["action_mask"]))
    assert_own_view(obs, env.game_state, seat)
    assert not obs["action_mask"].any()


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_gymnasium_illegal_action_raises_and_changes_nothing_without_illegal_reward(
    name: str, params: dict[str, Any]
) -> None:
    env = bc_gym.make(name, players=2, illegal_reward=None, **params)
    obs, _ = env.reset(seed=6)
    state = gym_unwrapped(env).game_state
    before, moves = state.to_json(), len(state.history())
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    for action in (illegal, -1, gym_unwrapped(env).game.num_distinct_actions):
        with pytest.raises(IllegalActionError):
            env.step(action)
        assert state.to_json() == before
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    env.step(np.int64(legal))  # numpy integers, as action_space.sample() gives, are fine
    assert state.history()[moves] == legal


@pytest.mark.parametrize("illegal_reward", [None, -5.0])
def test_gymnasium_illegal_action_ends_the_episode_by_default(
    illegal_reward: float | None,
) -> None:
    """PettingZoo classic's convention: terminated, a penalty (-1 by default), ``info`` says
    why, the state unchanged."""
    env = (
        bc_gym.BoardcoreEnv("kardinal", players=2)
        if illegal_reward is None
        else bc_gym.BoardcoreEnv("kardinal", players=2, illegal_reward=illegal_reward)
    )
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.game_state.to_json()
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (illegal_reward or -1.0, True, False)
    assert info["illegal_action"] is True
    assert f"action {illegal} is not legal" in info["reason"]
    assert env.game_state.to_json() == before
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    env.reset()
    env.step(int(np.flatnonzero(env.game_state.legal_action_mask())[0]))


@pytest.mark.parametrize("engine", ["rust", "reference"])
@pytest.mark.parametrize(
    "action", [1.5, None, True, "build", np.array([0]), np.float64(1)], ids=repr
)
def test_gymnasium_an_action_that_is_not_an_action_id_is_an_illegal_action(
    engine: str, action: Any
) -> None:
    """As an out-of-range int is: the episode ends with the penalty and ``info["reason"]``,
    or, without ``illegal_reward``, the engine's ``IllegalActionError``; nothing moves."""
    env = bc_gym.BoardcoreEnv("kardinal", players=2, engine=engine)
    env.reset(seed=1)
    before = env.game_state.to_json()
    _, reward, terminated, truncated, info = env.step(action)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] is True
    assert info["reason"].startswith(f"{action!r} is not an action: action ids are ints 0 to")
    assert env.game_state.to_json() == before
    strict = bc_gym.BoardcoreEnv("kardinal", players=2, engine=engine, illegal_reward=None)
    strict.reset(seed=1)
    with pytest.raises(IllegalActionError, match="is not an action"):
        strict.step(action)
    assert strict.game_state.to_json() == before
    legal = int(np.flatnonzero(strict.game_state.legal_action_mask())[0])
    moves = len(strict.game_state.history())
    strict.step(np.array(legal))  # type: ignore[arg-type] # a 0-d integer array is an int
    assert strict.game_state.history()[moves] == legal


@pytest.mark.parametrize("seat", [True, False, 1.5, "1", None, 2, -1], ids=repr)
def test_gymnasium_a_seat_that_is_not_one_is_a_parameter_error(seat: Any) -> None:
    with pytest.raises(ParameterError, match=r"seat must be 0 to 1, not "):
        gymnasium.make("boardcore/kardinal-v0", players=2, seat=seat)
    with pytest.raises(ParameterError, match=r"seat must be 0 to 1, not "):
        bc_gym.BoardcoreEnv("kardinal", players=2, seat=seat)


def test_gymnasium_a_numpy_seat_is_the_equal_int() -> None:
    env = gymnasium.make("boardcore/kardinal-v0", players=2, seat=np.int64(1))
    assert type(gym_unwrapped(env).seat) is int and gym_unwrapped(env).seat == 1


def test_gymnasium_max_steps_truncates() -> None:
    env = bc_gym.BoardcoreEnv("kardinal", players=2, max_steps=3)
    obs, _ = env.reset(seed=1)
    flags = []
    for _ in range(3):
        obs, reward, terminated, truncated, _ = env.step(
            env.action_space.sample(obs["action_mask"])
        )
        flags.append((reward, terminated, truncated))
    assert flags == [(0.0, False, False), (0.0, False, False), (0.0, False, True)]
    assert len(env.game_state.history()) > 3  # the learner's 3 moves, and the others'
    with pytest.raises(IllegalActionError, match="reset"):
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    env.reset()
    assert bc_gym.BoardcoreEnv("kardinal").max_steps == bc_gym.MAX_STEPS
    for bad in (0, -1, 2.5, True):
        with pytest.raises(ParameterError, match="max_steps"):
            bc_gym.BoardcoreEnv("kardinal", max_steps=bad)  # type: ignore[arg-type]


def test_gymnasium_opponents_play_the_other_seats() -> None:
    calls: list[int] = []

    def make_agent(seat: int) -> boardcore.Agent:
        def agent(state: State, rng: SplitMix64) -> int:
            assert state.current_player() == seat
            calls.append(seat)
            return boardcore.random_agent(state, rng)

        return agent

    env = bc_gym.BoardcoreEnv(
        "kardinal", players=4, seat=2, opponents=[make_agent(s) for s in (0, 1, 3)]
    )
    obs, _ = env.reset(seed=1)
    assert set(calls) == {0, 1} and calls == sorted(calls)  # seats 0 and 1 move before 2
    terminated = False
    while not terminated:
        obs, _, terminated, _, _ = env.step(env.action_space.sample(obs["action_mask"]))
    assert set(calls) == {0, 1, 3}


@pytest.mark.parametrize("engine", ["rust", "reference"])
def test_gymnasium_opponents_may_be_agent_specs(engine: str) -> None:
    """As ``play`` takes them: ``"random"`` draws as the random agent does, so the two engines
    play the same game; a spec of another Rust agent needs the Rust engine."""
    histories = []
    for which in ("rust", "reference"):
        env = bc_gym.BoardcoreEnv(
            "kardinal", players=3, seat=1, engine=which, opponents=["random"] * 2
        )
        env.reset(seed=4)
        histories.append(env.game_state.history())
    assert histories[0] == histories[1]
    if engine == "rust":
        env = bc_gym.BoardcoreEnv("kardinal", players=3, seat=1, opponents=["greedy", "mcts:20"])
        env.reset(seed=4)
        assert env.game_state.current_player() == 1
    else:
        with pytest.raises(ParameterError, match="agent 'greedy' runs in Rust"):
            bc_gym.BoardcoreEnv("kardinal", players=3, engine=engine, opponents=["greedy"] * 2)


def test_gymnasium_bad_arguments() -> None:
    with pytest.raises(ParameterError, match="opponents"):
        bc_gym.BoardcoreEnv("kardinal", players=3, opponents=[boardcore.random_agent])
    with pytest.raises(ParameterError, match='unknown agent "bogus"'):
        bc_gym.BoardcoreEnv("kardinal", players=3, opponents=["bogus", "random"])
    with pytest.raises(TypeError, match="opponents must be a list of agents, not 'greedy'"):
        bc_gym.BoardcoreEnv("kardinal", players=3, opponents="greedy")
    with pytest.raises(TypeError, match=r"opponents\[1\] must be an agent"):
        bc_gym.BoardcoreEnv("kardinal", players=3, opponents=["random", 3])  # type: ignore[list-item]
    with pytest.raises(ParameterError, match="seat"):
        bc_gym.BoardcoreEnv("kardinal", players=3, seat=3)
    with pytest.raises(ParameterError, match="unknown game"):
        bc_gym.make("chess")


def test_gymnasium_registration_and_render() -> None:
    bc_gym.register()  # again: a no-op
    for info in boardcore.games():
        assert bc_gym.env_id(info.name) in gymnasium.registry
        env = gymnasium.make(f"boardcore/{info.name}-v0", players=2, render_mode="ansi")
        assert gym_unwrapped(env).game.name == info.name
        env.reset(seed=0)
        assert env.render() == str(gym_unwrapped(env).game_state)


# ---------------------------------------------------------------- VectorEnv (arrays)


def test_vector_env_batch_is_checked_before_allocating() -> None:
    """A batch beyond memory used to abort the interpreter; 2**64 was an OverflowError."""
    from boardcore.vector import max_batch

    high = max_batch(boardcore.load("kardinal"))
    for batch in (0, 2**40, 2**64, high + 1):
        with pytest.raises(ParameterError, match=f"batch must be from 1 to {high}"):
            boardcore.VectorEnv("kardinal", batch=batch)
    for bad in (True, 2.0, "2"):
        with pytest.raises(TypeError, match="batch"):
            boardcore.VectorEnv("kardinal", batch=bad)  # type: ignore[arg-type]


def test_vector_env_seeds_indices_and_numpy_integers() -> None:
    env = boardcore.VectorEnv("prestel_new_york", batch=np.int64(3), seed=-1, players=2)
    assert env.batch == 3
    obs, _, _ = env.reset(seed=2**64 + 5)
    same, _, _ = env.reset(seed=np.uint64(5))
    assert np.array_equal(obs, same)
    other, _, _ = env.reset(seed=6)
    assert not np.array_equal(obs, other)
    assert env.state(np.int32(2)).to_json() == env.state(2).to_json()
    for i in (-1, 3, 2**64):
        with pytest.raises(ParameterError, match="i must be from 0 to 2"):
            env.state(i)
    with pytest.raises(TypeError, match="i must be an int"):
        env.state("0")  # type: ignore[arg-type]


# ---------------------------------------------------------------- Gymnasium vector env


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_make_vec_is_a_gymnasium_vector_env(name: str, params: dict[str, Any]) -> None:
    from gymnasium.vector import AutoresetMode

    from boardcore.envs.vector import BoardcoreVectorEnv

    env = gymnasium.make_vec(f"boardcore/{name}-v0", num_envs=3, players=2, **params)
    assert isinstance(env, gymnasium.vector.VectorEnv)
    assert isinstance(env, BoardcoreVectorEnv)
    assert env.num_envs == 3 and env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    single = bc_gym.make(name, players=2, **params)
    assert env.single_observation_space == single.observation_space
    assert env.single_action_space == single.action_space
    obs, info = env.reset(seed=[10, 11, 12])
    same, _ = env.reset(seed=10)
    assert np.array_equal(obs["observation"], same["observation"])
    with pytest.raises(ParameterError, match="consecutive"):
        env.reset(seed=[1, 5, 9])
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(400):
        movers = info["to_move"]
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        obs, rewards, terminated, truncated, info = env.step(actions)
        assert obs in env.observation_space
        assert not truncated.any()
        for i in range(3):
            state = env.vector.state(i)
            assert info["to_move"][i] == state.current_player()
            assert np.array_equal(
                obs["observation"][i], state.observation_tensor(state.current_player())
            )
            if terminated[i]:
                ended += 1
                assert info["_final_obs"][i]
                final = env.vector.final_state(i)
                assert final is not None
                assert final.is_terminal()
                assert rewards[i] == final.returns()[movers[i]]
                assert np.array_equal(
                    info["final_obs"][i]["observation"], final.observation_tensor(int(movers[i]))
                )
                assert state.history() == [] or not state.is_terminal()
            else:
                assert rewards[i] == 0.0
                assert env.vector.final_state(i) is None
    env.close()
    if name != "prestel_new_york":  # random Prestel games take thousands of steps
        assert ended > 0


@pytest.mark.parametrize(
    "option",
    [
        {"seat": 1},
        {"opponents": None},
        {"engine": "reference"},
        {"illegal_reward": -1.0},
        {"max_steps": 10},
    ],
)
def test_make_vec_refuses_the_single_agent_options_and_says_where_they_work(
    option: dict[str, Any],
) -> None:
    # Before, these reached the game's parameters: 'city_connect has no parameter "seat"'.
    with pytest.raises(ParameterError, match="option of the single-agent env") as raised:
        gymnasium.make_vec("boardcore/city_connect-v0", num_envs=2, players=2, **option)
    assert next(iter(option)) in str(raised.value)
    assert "vectorization_mode='sync'" in str(raised.value)
    # The sync mode builds single-agent envs, which take them.
    sync = gymnasium.make_vec(
        "boardcore/city_connect-v0", num_envs=2, players=2, vectorization_mode="sync", **option
    )
    assert isinstance(sync, gymnasium.vector.SyncVectorEnv)
    obs, _ = sync.reset(seed=0)
    assert obs["observation"].shape == (2, 420)
    sync.close()


@pytest.mark.parametrize(
    ("num_envs", "error", "said"),
    [
        (0, ParameterError, "num_envs must be from 1 to "),
        (2.0, TypeError, "num_envs must be an int, not float 2.0"),
    ],
)
def test_make_vec_names_num_envs_in_its_errors(
    num_envs: Any, error: type[Exception], said: str
) -> None:
    """make_vec's argument is num_envs: the error names it, not the batch underneath."""
    with pytest.raises(error, match=said):
        gymnasium.make_vec("boardcore/kardinal-v0", num_envs=num_envs)


def test_the_typed_user_script_runs() -> None:
    from tests.typing_user_script import main

    main()
