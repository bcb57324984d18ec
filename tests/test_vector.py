"""The compact observation of the Rust batch: the dense one's content, small (docs/vector.md)."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
import pytest

import boardcore
from boardcore import IllegalActionError, ParameterError
from boardcore.envs.vector import BoardcoreVectorEnv


def short(info: boardcore.GameInfo) -> dict[str, Any]:
    """Two players, and a round limit where the game has one, to keep games short."""
    return {"players": 2, **({"max_rounds": 3} if "max_rounds" in info.parameters else {})}


GAMES = [pytest.param(info.name, short(info), id=info.name) for info in boardcore.games()]


def decode(
    index: npt.NDArray[np.int32], value: npt.NDArray[np.float32], count: int, size: int
) -> npt.NDArray[np.float32]:
    """The dense tensor a row of tokens stands for, checking the row's padding."""
    assert (index[count:] == -1).all() and (value[count:] == 0).all()
    assert len(set(index[:count].tolist())) == count, "an index twice"
    dense = np.zeros(size, dtype=np.float32)
    dense[index[:count]] = value[:count]
    return dense


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_compact_carries_the_dense_observation_and_the_legal_actions(
    name: str, params: dict[str, Any]
) -> None:
    """Same seeds, same actions: the compact env decodes to the dense env at every step,
    its list is ``legal_actions()``, and games end and restart (autoreset) alike."""
    batch = 4
    dense = boardcore.VectorEnv(name, batch=batch, seed=5, **params)
    compact = boardcore.VectorEnv(name, batch=batch, seed=5, observation="compact", **params)
    size, width = compact.observation_size, compact.max_legal_actions
    obs, mask, to_move = dense.reset(seed=9)
    c = compact.reset(seed=9)
    assert c.token_index.shape == c.token_value.shape == (batch, compact.max_observation_tokens)
    assert c.legal.shape == (batch, width) and c.legal.dtype == np.int32
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(150):
        assert np.array_equal(c.to_move, to_move)
        for i in range(batch):
            k = int(c.num_tokens[i])
            assert np.array_equal(decode(c.token_index[i], c.token_value[i], k, size), obs[i])
            n = int(c.num_legal[i])
            assert (c.legal[i, n:] == -1).all()
            assert c.legal[i, :n].tolist() == np.flatnonzero(mask[i]).tolist()
            assert c.legal[i, :n].tolist() == compact.state(i).legal_actions()
        actions = c.legal[np.arange(batch), (rng.random(batch) * c.num_legal).astype(np.int64)]
        obs, mask, rewards, terminated, to_move = dense.step(actions)
        c, c_rewards, c_terminated = compact.step(actions)
        assert np.array_equal(c_rewards, rewards) and np.array_equal(c_terminated, terminated)
        for j in np.flatnonzero(terminated).tolist():
            ended += 1
            final = compact.final_state(j)
            assert final is not None and final.is_terminal()
            assert compact.state(j).to_json() == dense.state(j).to_json()
    if name != "prestel_new_york":  # random Prestel games take thousands of steps
        assert ended > 0


def test_compact_refuses_illegal_actions_and_unknown_modes() -> None:
    env = boardcore.VectorEnv("kardinal", batch=2, seed=1, observation="compact")
    c = env.reset(seed=1)
    before = [env.state(i).to_json() for i in range(2)]
    with pytest.raises(IllegalActionError, match="env 1"):
        env.step(np.array([c.legal[0, 0], 0]))
    assert [env.state(i).to_json() for i in range(2)] == before
    with pytest.raises(ParameterError, match="observation must be"):
        boardcore.VectorEnv("kardinal", batch=2, observation="sparse")  # type: ignore[call-overload]


def test_compact_reset_is_seeded() -> None:
    env = boardcore.VectorEnv("city_connect", batch=3, seed=1, observation="compact")
    a = env.reset(seed=4)
    b = env.reset(seed=4)
    other = env.reset(seed=5)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert not all(np.array_equal(x, y) for x, y in zip(a, other, strict=True))


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_compact_arrays_are_new_even_when_their_memory_is_recycled(
    name: str, params: dict[str, Any]
) -> None:
    """The env reuses the memory of observations the caller has dropped: an observation
    kept stays as it was, shares no memory with later ones, and one scribbled on and
    dropped leaves no trace in the next (a twin env stepped alike, its observations kept,
    gives the same arrays)."""
    batch = 4
    env = boardcore.VectorEnv(name, batch=batch, seed=2, observation="compact", **params)
    twin = boardcore.VectorEnv(name, batch=batch, seed=2, observation="compact", **params)
    obs, twin_obs = env.reset(seed=2), twin.reset(seed=2)
    rng = np.random.default_rng(1)
    kept, twin_kept = [], []
    for step in range(12):
        assert all(np.array_equal(a, b) for a, b in zip(obs, twin_obs, strict=True))
        actions = obs.legal[np.arange(batch), (rng.random(batch) * obs.num_legal).astype(int)]
        twin_kept.append(twin_obs)
        if step % 3 == 0:
            kept.append((obs, [a.copy() for a in obs]))
        else:
            for a in obs:
                a.fill(7)
        obs, _, _ = env.step(actions)
        twin_obs, _, _ = twin.step(actions)
    for held, copies in kept:
        assert all(np.array_equal(a, b) for a, b in zip(held, copies, strict=True))
        assert not any(np.shares_memory(a, b) for a in held for b in obs)


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_make_vec_compact_is_a_gymnasium_vector_env(name: str, params: dict[str, Any]) -> None:
    env = gymnasium.make_vec(f"boardcore/{name}-v0", num_envs=3, observation="compact", **params)
    assert isinstance(env, gymnasium.vector.VectorEnv) and isinstance(env, BoardcoreVectorEnv)
    space = env.single_observation_space
    assert isinstance(space, gymnasium.spaces.Dict)
    assert space["token_index"].dtype == np.int32 and space["legal"].dtype == np.int32
    obs, info = env.reset(seed=[10, 11, 12])
    assert obs in env.observation_space
    same, _ = env.reset(seed=10)
    assert all(np.array_equal(obs[k], same[k]) for k in obs)
    size = env.vector.observation_size
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(300):
        movers = info["to_move"]
        pick = (rng.random(3) * obs["num_legal"]).astype(np.int64)
        obs, rewards, terminated, truncated, info = env.step(obs["legal"][np.arange(3), pick])
        assert obs in env.observation_space
        assert not truncated.any()
        for i in range(3):
            state = env.vector.state(i)
            assert info["to_move"][i] == state.current_player()
            k = int(obs["num_tokens"][i])
            tensor = decode(obs["token_index"][i], obs["token_value"][i], k, size)
            assert np.array_equal(tensor, state.observation_tensor(state.current_player()))
            if terminated[i]:
                ended += 1
                final_obs = info["final_obs"][i]
                assert final_obs in space
                final = env.vector.final_state(i)
                assert final is not None
                assert rewards[i] == final.returns()[movers[i]]
                k = int(final_obs["num_tokens"])
                tensor = decode(final_obs["token_index"], final_obs["token_value"], k, size)
                assert np.array_equal(tensor, final.observation_tensor(int(movers[i])))
                assert final_obs["num_legal"] == 0
            else:
                assert rewards[i] == 0.0
    env.close()
    if name != "prestel_new_york":  # random Prestel games take thousands of steps
        assert ended > 0


@pytest.mark.parametrize(
    ("bad", "at"),
    [(True, 0), (np.True_, 1), (1.0, 2), (np.float64(2), 0), ("1", 1), ([1], 2), (None, 0)],
    ids=repr,
)
@pytest.mark.parametrize("as_type", [list, tuple])
@pytest.mark.parametrize("through", ["VectorEnv", "make_vec"])
def test_a_list_of_actions_with_one_that_is_not_an_int_names_it_and_moves_nothing(
    bad: Any, at: int, as_type: type, through: str
) -> None:
    """As ``apply_action`` refuses ``True``: numpy would take it as action 1 (and one float
    would make every action a float), so each env's action is checked before."""
    step: Any
    if through == "VectorEnv":
        vector = boardcore.VectorEnv("kardinal", batch=3, seed=1, players=2)
        step = vector.step
    else:
        env: Any = gymnasium.make_vec("boardcore/kardinal-v0", num_envs=3, players=2)
        env.reset(seed=1)
        vector = env.vector
        step = env.step
    _, mask, _ = vector.observe()
    actions: list[Any] = [int(np.flatnonzero(m)[0]) for m in mask]
    before = [vector.state(i).to_json() for i in range(3)]
    actions[at] = bad
    with pytest.raises(boardcore.IllegalActionError) as info:
        step(as_type(actions))
    assert str(info.value) == (
        f"step needs a 1-d integer array of 3 actions; env {at}'s action is {bad!r}"
    )
    assert [vector.state(i).to_json() for i in range(3)] == before


def test_a_ragged_list_of_actions_is_refused_by_the_same_message() -> None:
    vector = boardcore.VectorEnv("kardinal", batch=3, seed=1, players=2)
    for ragged in ([[1], 2], [[1, 2], 3, 4, 5]):
        with pytest.raises(boardcore.IllegalActionError, match="step needs a 1-d integer array"):
            vector.step(ragged)  # type: ignore[arg-type]
    mask = vector.observe()[1]
    vector.step([np.array(int(np.flatnonzero(m)[0])) for m in mask])  # 0-d arrays are ints
