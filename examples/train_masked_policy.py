"""Trains a masked policy with the Gymnasium vector env, then plays it against the random agent.

    python examples/train_masked_policy.py                  # City Connect, 2 players, ~1 minute
    python examples/train_masked_policy.py --updates 0      # untrained: it is the random agent

Needs numpy and Gymnasium only (``pip install '.[gymnasium]'`` from the clone).

**The policy** is a linear softmax over the observation, restricted to the legal actions by
the action mask: ``pi(a | o)`` is proportional to ``exp(W[a] . o + b[a])`` for the legal
``a`` and 0 for the others. It starts at ``W = 0, b = 0``, where it is uniform over the legal
actions: the random agent itself. So whatever margin it shows over the random agent, it learnt.

**Training** (REINFORCE with a mean baseline): ``--envs`` games run side by side in
``gymnasium.make_vec("boardcore/<game>-v0", num_envs=N)``, the Rust batch. In env ``i`` the
learner plays seat ``i % players`` and the other seats play a uniformly random legal action,
as the random agent does. Each of the ``--updates`` updates plays one game in every env and
moves ``(W, b)`` by ``--lr`` times the mean over those games of
``(G - mean G) * sum of grad log pi(a | o)`` over the learner's decisions, ``G`` being the
learner's return (1 for a win, split among tied winners; 0 for a loss).

**Evaluation**: ``--games`` games with ``boardcore.play``, seeded ``seed, seed + 1, ...``
(the games of ``boardcore simulate --seed SEED``), the policy in seat ``g % players`` of game
``g`` drawing its action from ``pi`` and ``boardcore.random_agent`` in the other seats. It
prints the learner's win rate (a tie counts as a share) with a 95% Wilson interval and exits
with status 0 if the whole interval is above ``1 / players``, the random agent's share (it
beats the random agent), else 1. Training games are seeded from ``(seed + 1) * 2**32`` on,
so they are not the evaluation's games.

Everything is drawn from seeded generators: the same arguments print the same lines.

City Connect is the default game because it is small for a linear policy: an observation of
420 values already scaled to about [0, 1], 306 action ids and about 60 decisions per seat in
a 2-player game. The defaults were tuned for it only; ``--game`` runs the others untuned
(Kardinal's 44,146 observation values x 83,305 actions are refused: too large for a dense
``W``; Prestel New York's games are thousands of decisions long).
"""

from __future__ import annotations

import os

# The matrices are small: BLAS threads would cost more than they save (and the script is
# meant to run on one core).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import sys
import time

import gymnasium
import numpy as np
import numpy.typing as npt

import boardcore
from boardcore.arena import wilson_interval

Array = npt.NDArray[np.float32]

MAX_WEIGHTS = 50_000_000
"""The largest ``W`` (observation size x actions) the script accepts."""


class MaskedLinearPolicy:
    """``pi(a | o)`` proportional to ``exp(W[a] . o + b[a])`` over the legal actions."""

    def __init__(self, observation_size: int, num_actions: int) -> None:
        self.weights = np.zeros((num_actions, observation_size), dtype=np.float32)
        self.bias = np.zeros(num_actions, dtype=np.float32)

    def probabilities(self, observations: Array, masks: npt.NDArray[np.bool_]) -> Array:
        """``batch x actions``: each row sums to 1 over its legal actions, 0 elsewhere."""
        logits = observations @ self.weights.T + self.bias
        logits = np.where(masks, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        exp = np.exp(logits)
        result: Array = exp / exp.sum(axis=1, keepdims=True)
        return result


def sample(probabilities: Array, uniforms: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
    """One action per row, by inverting the row's cumulative distribution at ``uniforms``."""
    cumulative = probabilities.cumsum(axis=1)
    cumulative /= cumulative[:, -1:]
    actions = (cumulative <= uniforms[:, None]).sum(axis=1)
    # A row's impossible actions have probability 0, so they are never picked; the clip
    # only guards against rounding at the top.
    result: npt.NDArray[np.int64] = np.minimum(actions, probabilities.shape[1] - 1).astype(np.int64)
    return result


def train(
    policy: MaskedLinearPolicy,
    env: gymnasium.vector.VectorEnv,
    *,
    players: int,
    updates: int,
    lr: float,
    seed: int,
) -> None:
    """REINFORCE against random opponents (see the module docstring)."""
    n = env.num_envs
    learner = np.arange(n) % players
    rng = np.random.default_rng(seed)
    rows = np.arange(n)
    for update in range(updates):
        obs, info = env.reset(seed=(seed + 1) * 2**32 + update * n)
        to_move = info["to_move"]
        finished = np.zeros(n, dtype=np.bool_)
        returns = np.zeros(n)
        # The learner's decisions in the game each env is playing: (env ids, observations,
        # probabilities, actions), one entry per step.
        decisions: list[tuple[npt.NDArray[np.intp], Array, Array, npt.NDArray[np.int64]]] = []
        while not finished.all():
            observations = obs["observation"]
            masks = obs["action_mask"].astype(np.bool_)
            probabilities = policy.probabilities(observations, masks)
            chosen = sample(probabilities, rng.random(n))
            # The random agent: the same inverse-CDF draw over the mask, uniform.
            legal = masks.astype(np.float32)
            random = sample(legal / legal.sum(axis=1, keepdims=True), rng.random(n))
            learner_moves = to_move == learner
            actions = np.where(learner_moves, chosen, random)
            # An env that finished its game goes on to the next one (autoreset); those moves
            # are not learnt from, this update waits for the slowest game.
            mine = np.flatnonzero(learner_moves & ~finished)
            decisions.append((mine, observations[mine], probabilities[mine], actions[mine]))
            obs, _, terminated, _, info = env.step(actions)
            # The step's reward is the mover's; the learner's return may be decided by an
            # opponent's move, so it is read from every seat's returns.
            ended = terminated & ~finished
            returns[ended] = info["returns"][rows[ended], learner[ended]]
            finished |= terminated
            to_move = info["to_move"]
        advantages = (returns - returns.mean()).astype(np.float32)
        grad_weights = np.zeros_like(policy.weights)
        grad_bias = np.zeros_like(policy.bias)
        for envs, observations, probabilities, actions in decisions:
            # grad of log pi(a | o) with respect to the logits: onehot(a) - pi(. | o).
            grad = -probabilities
            grad[np.arange(len(actions)), actions] += 1.0
            grad *= advantages[envs, None]
            grad_weights += grad.T @ observations
            grad_bias += grad.sum(axis=0)
        policy.weights += lr / n * grad_weights
        policy.bias += lr / n * grad_bias
        if (update + 1) % 10 == 0 or update + 1 == updates:
            print(
                f"update {update + 1:4}/{updates}: learner's win rate {returns.mean():.3f} "
                f"over this update's {n} games",
                flush=True,
            )


def policy_agent(policy: MaskedLinearPolicy) -> boardcore.Agent:
    """A boardcore agent drawing from ``policy`` on its own observation, with the game's rng."""

    def agent(state: boardcore.State, rng: boardcore.SplitMix64) -> int:
        seat = state.current_player()
        observation = np.asarray(state.observation_tensor(seat), dtype=np.float32)[None]
        mask = np.asarray(state.legal_action_mask(), dtype=np.bool_)[None]
        probabilities = policy.probabilities(observation, mask)
        uniform = np.array([rng.next() / 2**64])
        return int(sample(probabilities, uniform)[0])

    return agent


def evaluate(policy: MaskedLinearPolicy, game: boardcore.Game, *, games: int, seed: int) -> float:
    """The policy's total return over ``games`` games against random agents, seats rotated."""
    players = game.num_players
    agent = policy_agent(policy)
    total = 0.0
    for g in range(games):
        seat = g % players
        agents: list[boardcore.AgentLike] = [boardcore.random_agent] * players
        agents[seat] = agent
        final = boardcore.play(game, seed=seed + g, agents=agents)
        total += final.returns()[seat]
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Train a masked linear softmax policy with the Gymnasium vector env "
        "(REINFORCE against random opponents), then play it against the random agent.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    parser.add_argument(
        "--game", default="city_connect", choices=[info.name for info in boardcore.games()]
    )
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0, help="seeds training and evaluation")
    parser.add_argument("--updates", type=int, default=100, help="policy updates")
    parser.add_argument("--envs", type=int, default=64, help="games per update, side by side")
    parser.add_argument("--lr", type=float, default=0.3, help="learning rate")
    parser.add_argument("--games", type=int, default=400, help="evaluation games")
    args = parser.parse_args(argv)
    if args.seed < 0 or args.updates < 0 or args.envs < 1 or args.games < 1:
        parser.error("--seed and --updates must be at least 0, --envs and --games at least 1")
    if args.players < 2:
        parser.error("--players must be at least 2: the random agent needs a seat")

    start = time.perf_counter()
    try:
        game = boardcore.load(args.game, players=args.players)
    except boardcore.ParameterError as error:
        parser.error(str(error))
    env = gymnasium.make_vec(f"boardcore/{args.game}-v0", num_envs=args.envs, players=args.players)
    observation_space, action_space = env.single_observation_space, env.single_action_space
    assert isinstance(observation_space, gymnasium.spaces.Dict)
    assert isinstance(action_space, gymnasium.spaces.Discrete)
    size = gymnasium.spaces.flatdim(observation_space["observation"])
    actions = int(action_space.n)
    if size * actions > MAX_WEIGHTS:
        parser.error(
            f"{args.game}: {size} observation values x {actions} actions is too large for "
            "a dense linear policy"
        )
    print(
        f"training on {args.game} ({args.players} players): {args.updates} updates of "
        f"{args.envs} games, a linear softmax over {size} observation values and "
        f"{actions} actions, masked",
        flush=True,
    )
    policy = MaskedLinearPolicy(size, actions)
    train(policy, env, players=args.players, updates=args.updates, lr=args.lr, seed=args.seed)
    env.close()

    total = evaluate(policy, game, games=args.games, seed=args.seed)
    low, high = wilson_interval(total, args.games)
    fair = 1 / args.players
    print(
        f"against the random agent, {args.games} games (seeds {args.seed}.."
        f"{args.seed + args.games - 1}, seats rotated): win rate {total / args.games:.3f}, "
        f"95% interval {low:.3f}..{high:.3f}; the random agent's share is {fair:.3f}"
    )
    print(f"({time.perf_counter() - start:.0f} s)", file=sys.stderr)
    if low > fair:
        print("the trained policy beats the random agent")
        return 0
    print("the trained policy does not beat the random agent")
    return 1


if __name__ == "__main__":
    sys.exit(main())
