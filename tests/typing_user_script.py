"""A user's script of the documented env calls, type-checked by mypy --strict in CI (the
tests' mypy run); not a test module, but importable and runnable as a smoke check."""

from __future__ import annotations

import gymnasium
import numpy as np
import numpy.typing as npt

import boardcore
from boardcore.api import State
from boardcore.envs import gymnasium as bc_gym
from boardcore.envs import pettingzoo as bc_pz
from boardcore.envs.vector import BoardcoreVectorEnv


def main() -> None:
    env = bc_gym.make("kardinal", players=2, seat=1)
    _obs, _info = env.reset(seed=3)
    inner = env.unwrapped
    assert isinstance(inner, bc_gym.BoardcoreEnv)
    masks: npt.NDArray[np.bool_] = inner.action_masks()
    state: State = inner.game_state
    _obs, reward, _terminated, _truncated, _info = env.step(int(np.flatnonzero(masks)[0]))
    assert isinstance(reward, float) and len(state.returns()) == 2

    aec = bc_pz.raw_env("city_connect", players=2, max_cycles=5)
    aec.reset(seed=1)
    global_state: npt.NDArray[np.float32] = aec.state()
    assert global_state in aec.state_space

    vec = gymnasium.make_vec("boardcore/prestel_new_york-v0", num_envs=2, players=2)
    assert isinstance(vec, BoardcoreVectorEnv)
    vobs, _vinfo = vec.reset(seed=[0, 1])
    actions = np.array([np.flatnonzero(m)[0] for m in vobs["action_mask"]])
    vobs, _rewards, _terms, _truncs, _vinfo = vec.step(actions)
    first: State = vec.vector.state(0)
    final: State | None = vec.vector.final_state(0)
    low = boardcore.VectorEnv("kardinal", batch=2, players=2)
    _o, _m, _to_move = low.reset(seed=np.uint64(4))
    compact = boardcore.VectorEnv("kardinal", batch=2, players=2, observation="compact")
    cobs = compact.reset(seed=4)
    legal: npt.NDArray[np.int32] = cobs.legal
    cobs, _crewards, _cterminated = compact.step(legal[:, 0])
    tokens: npt.NDArray[np.float32] = cobs.token_value
    assert tokens.shape == (2, compact.max_observation_tokens)
    assert len(first.returns()) == 2 and (final is None or final.is_terminal())
    vec.close()

    # Every state draws itself; a Rust game's states also have the Rust agents.
    final_rust = boardcore.play(boardcore.load("kardinal", players=2), seed=1)
    picture: str = final_rust.to_svg(perspective=1)
    final_ref = boardcore.play(boardcore.reference.load("kardinal", players=2), seed=1)
    assert picture.startswith("<svg") and final_ref.to_svg().startswith("<svg")
    fresh = boardcore.load("kardinal", players=2).new_initial_state()
    chosen: int = fresh.agent_action("greedy", 7)
    assert chosen in fresh.legal_actions()


if __name__ == "__main__":
    main()
