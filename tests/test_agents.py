"""The Rust agents (random, greedy, MCTS), the arena and the batched VectorEnv."""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import pytest

import boardcore
from boardcore.cli import main

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("kardinal", {"players": 2}),
    ("prestel_new_york", {"players": 3, "max_rounds": 6}),
]


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_random_specs_are_the_random_agent(name: str, params: dict[str, Any]) -> None:
    game = boardcore.load(name, **params)
    a = boardcore.play(game, seed=5, agents=["random"] * game.num_players)
    b = boardcore.play(game, seed=5)
    c = boardcore.play(boardcore.reference.load(name, **params), seed=5)
    assert a.history() == b.history() == c.history()


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_simulate_with_agents_is_play_with_agents(name: str, params: dict[str, Any]) -> None:
    agents = ["mcts:30", "greedy", "random"][: boardcore.load(name, **params).num_players]
    result = boardcore.simulate(name, games=4, seed=11, agents=agents, threads=2, **params)
    game = boardcore.load(name, **params)
    for i in range(4):
        final = boardcore.play(game, seed=11 + i, agents=agents)
        assert result.scores[i].tolist() == final.scores()
        assert result.lengths[i] == len(final.history())
        # Every action the agents chose was legal: the reference engine replays the game.
        ref = boardcore.reference.load(name, **params)
        assert ref.replay(final.history()).to_json() == final.to_json()


def test_agent_action_is_legal_and_seeded() -> None:
    game = boardcore.load("prestel_new_york", players=2)
    state: Any = boardcore.play(game, seed=2, agents=["greedy", "greedy"])
    state = game.replay(state.history()[:200])
    while state.current_player() < 0:
        state.apply_action(state.chance_outcomes()[0][0])
    for spec in ("random", "greedy", "mcts:50"):
        action = state.agent_action(spec, 7)
        assert action in state.legal_actions()
        assert state.agent_action(spec, 7) == action


def test_rust_agent_callable_works_in_python_loops() -> None:
    game = boardcore.load("kardinal", players=2)
    agent = boardcore.rust_agent("greedy")
    final = boardcore.play(game, seed=3, agents=[agent, boardcore.random_agent])
    assert final.is_terminal()
    ref = boardcore.reference.load("kardinal", players=2)
    with pytest.raises(boardcore.ParameterError, match="runs in Rust"):
        boardcore.play(ref, seed=3, agents=[agent, boardcore.random_agent])


def test_a_rust_agent_spec_is_checked_when_the_agent_is_made() -> None:
    with pytest.raises(boardcore.ParameterError, match='unknown agent "bogus"'):
        boardcore.rust_agent("bogus")
    with pytest.raises(boardcore.ParameterError, match="from 1 to 10000000"):
        boardcore.rust_agent("mcts:0")
    with pytest.raises(TypeError, match="an agent spec must be a str, not None"):
        boardcore.rust_agent(None)  # type: ignore[arg-type]


def test_a_rust_agent_in_a_reference_game_is_refused_before_the_first_move() -> None:
    ref = boardcore.reference.load("kardinal", players=2)
    moves: list[int] = []

    def watching(state: Any, rng: boardcore.SplitMix64) -> int:
        moves.append(len(state.history()))
        return boardcore.random_agent(state, rng)

    for rust in ("greedy", boardcore.rust_agent("random")):
        with pytest.raises(boardcore.ParameterError, match="runs in Rust"):
            boardcore.play(ref, seed=3, agents=[watching, rust])
    assert moves == []


def test_random_beside_a_python_agent_plays_the_same_game_in_both_engines() -> None:
    def first(state: Any, rng: boardcore.SplitMix64) -> int:
        return int(state.legal_actions()[0])

    games = [engine("kardinal", players=2) for engine in (boardcore.load, boardcore.reference.load)]
    rust, ref = (boardcore.play(g, seed=5, agents=[first, "random"]) for g in games)
    assert rust.history() == ref.history()


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("", "agents are random, greedy, mcts"),
        ("alpha", "agents are random, greedy, mcts"),
        ("mcts:1:2:3", "agents are random, greedy, mcts"),
        ("mcts:0", "from 1 to 10000000"),
        ("mcts:x", "from 1 to 10000000"),
        ("mcts:10000001", "from 1 to 10000000"),
    ],
)
def test_bad_agent_specs_are_parameter_errors(spec: str, says: str) -> None:
    with pytest.raises(boardcore.ParameterError, match=says):
        boardcore.simulate("kardinal", players=2, games=1, agents=[spec, "random"])


def test_agents_count_must_match_the_seats() -> None:
    with pytest.raises(boardcore.ParameterError):
        boardcore.simulate("kardinal", players=3, games=1, agents=["random", "greedy"])


def test_greedy_and_mcts_beat_random_in_the_arena() -> None:
    result = boardcore.arena.arena("kardinal", ["mcts:200", "random"], games=20, seed=1)
    mcts, rand = result.rows
    assert mcts.games == rand.games == 20
    assert mcts.wins >= 17 and mcts.interval[0] > 0.6
    assert "| mcts:200 | 20 |" in result.markdown()
    greedy = boardcore.arena.arena("prestel_new_york", ["greedy", "random"], games=6, seed=1)
    assert greedy.rows[0].wins >= 5


@pytest.mark.parametrize("name", ["city_connect", "rebuilding_chicago"])
def test_mcts_plays_solo_games_for_score(name: str) -> None:
    # One seat has no share of a win to estimate: the search scores solo playouts by points.
    # Without that it would pick like the random agent; with it, it beats greedy play.
    game = boardcore.load(name, players=1)
    seeds = range(6)
    mcts = [boardcore.play(game, seed=s, agents=["mcts:60"]).scores()[0] for s in seeds]
    greedy = [boardcore.play(game, seed=s, agents=["greedy"]).scores()[0] for s in seeds]
    rand = [boardcore.play(game, seed=s).scores()[0] for s in seeds]
    assert sum(mcts) > 1.3 * sum(greedy) and sum(mcts) > 1.3 * sum(rand)


def test_arena_rotates_seats() -> None:
    # With two identical agents, each plays both seats equally often.
    result = boardcore.arena.arena("kardinal", ["random", "random"], games=40, seed=4)
    seat0 = boardcore.simulate("kardinal", players=2, games=20, seed=4)
    seat1 = boardcore.simulate("kardinal", players=2, games=20, seed=24)
    first = int(seat0.winners[:, 0].sum() + seat1.winners[:, 1].sum())
    assert result.rows[0].wins == first


def test_arena_and_simulate_agents_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "kardinal", "--agents", "greedy,random", "--games", "10"]) == 0
    out = capsys.readouterr().out
    assert "greedy" in out and "95% interval" in out
    args = ["simulate", "kardinal", "--players", "2", "--agents", "greedy", "--games", "10"]
    assert main(args) == 0
    assert main(["arena", "kardinal", "--agents", "greedy,nobody", "--games", "2"]) == 2


# --- VectorEnv ---------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_vector_env_matches_single_games(name: str, params: dict[str, Any]) -> None:
    """Env i's first game is ``play(seed + i)`` driven by the same actions."""
    env = boardcore.VectorEnv(name, batch=4, seed=20, **params)
    obs, mask, to_move = env.reset(seed=20)
    game = boardcore.load(name, **params)
    singles = [game.new_initial_state() for _ in range(4)]
    rngs = [boardcore.SplitMix64(20 + i) for i in range(4)]

    def settle(i: int) -> None:
        s = singles[i]
        while s.current_player() == boardcore.CHANCE:
            outcomes = s.chance_outcomes()
            s.apply_action(outcomes[rngs[i].choose_weighted([w for _, w in outcomes])][0])

    for i in range(4):
        settle(i)
    picker = np.random.default_rng(0)
    finished = [False] * 4
    for _ in range(300):
        for i in range(4):
            if finished[i]:
                continue
            s = singles[i]
            assert to_move[i] == s.current_player()
            assert np.flatnonzero(mask[i]).tolist() == s.legal_actions()
            assert obs[i].tolist() == s.observation_tensor(s.current_player()).tolist()
        actions = np.array([picker.choice(np.flatnonzero(m)) for m in mask])
        obs, mask, rewards, terminated, to_move = env.step(actions)
        for i in range(4):
            if finished[i]:
                continue
            singles[i].apply_action(int(actions[i]))
            settle(i)
            assert terminated[i] == singles[i].is_terminal()
            if terminated[i]:
                assert rewards[i].tolist() == pytest.approx(singles[i].returns())
                finished[i] = True
            else:
                assert not rewards[i].any()
    assert any(finished)


def test_vector_env_illegal_action_moves_nothing() -> None:
    env = boardcore.VectorEnv("kardinal", batch=3, seed=1, players=3)
    _, mask, _ = env.observe()
    before = [env.state(i).to_json() for i in range(3)]
    actions = np.array([np.flatnonzero(m)[0] for m in mask])
    actions[2] = np.flatnonzero(~mask[2])[0]
    with pytest.raises(boardcore.IllegalActionError, match="env 2"):
        env.step(actions)
    with pytest.raises(boardcore.IllegalActionError):
        env.step(actions[:2])
    with pytest.raises(boardcore.IllegalActionError):
        env.step(np.array([1.5, 2.0, 3.0]))
    assert [env.state(i).to_json() for i in range(3)] == before


def test_vector_env_names_the_action_no_64_bit_integer_holds_and_moves_nothing() -> None:
    """An action past 64 bits (a Python int, or a uint64) is named as given, with its env;
    a value that is no integer, or no list, is named too."""
    env = boardcore.VectorEnv("kardinal", batch=3, seed=1, players=3)
    before = [env.state(i).to_json() for i in range(3)]
    last = env.num_distinct_actions - 1
    cases: list[tuple[Any, str]] = [
        ([0, 1, 2**70], f"env 2: action {2**70} is out of range 0 to {last}"),
        (np.array([0, 2**64 - 1, 0], dtype=np.uint64), f"env 1: action {2**64 - 1} is out of"),
        ([0, None, 1], "step needs a 1-d integer array of 3 actions; env 1's action is None"),
        (None, "step needs a 1-d integer array of 3 actions, not None"),
    ]
    for actions, said in cases:
        with pytest.raises(boardcore.IllegalActionError) as info:
            env.step(actions)
        assert str(info.value).startswith(said), str(info.value)
    assert [env.state(i).to_json() for i in range(3)] == before


def test_one_vector_env_stepped_from_two_threads_at_once_refuses_the_second() -> None:
    """The Rust batch releases the GIL while it steps: another thread's call on the same env
    meanwhile is refused with a message saying so (one env per thread), and the step under
    way is not disturbed."""
    env = boardcore.VectorEnv("kardinal", batch=64, seed=1, players=4, observation="compact")
    alone = boardcore.VectorEnv("kardinal", batch=64, seed=1, players=4, observation="compact")
    first = env.observe()
    actions = first.legal[:, 0]
    refusals: list[str] = []

    def other() -> None:
        try:
            env.step(actions)
        except RuntimeError as error:
            refusals.append(str(error))

    with env._in_use:  # what a step holds while the Rust batch works, GIL released
        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
    assert len(refusals) == 1 and "in use by another thread" in refusals[0], refusals
    assert env.state(0).to_json() == alone.state(0).to_json()
    assert (env.step(actions)[0].token_index == alone.step(actions)[0].token_index).all()


def test_vector_env_bad_parameters() -> None:
    with pytest.raises(boardcore.ParameterError):
        boardcore.VectorEnv("kardinal", batch=0)
    with pytest.raises(boardcore.ParameterError):
        boardcore.VectorEnv("nope", batch=2)
    with pytest.raises(boardcore.ParameterError):
        boardcore.VectorEnv("kardinal", batch=2, players=9)
