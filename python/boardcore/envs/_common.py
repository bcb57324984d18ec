"""What the PettingZoo and Gymnasium environments share: engines, seeds, chance, spaces."""

from __future__ import annotations

import secrets
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from .. import load as _load_rust
from .. import reference
from ..api import CHANCE, Game, State
from ..errors import ParameterError
from ..rng import SplitMix64

__all__ = [
    "RENDER_MODES",
    "Observation",
    "SeedSequence",
    "action_space",
    "check_render_mode",
    "load_game",
    "observation",
    "observation_space",
    "render",
    "resolve_chance",
]

RENDER_MODES = ["ansi", "human"]

Observation = dict[str, npt.NDArray[Any]]
"""``{"observation": float32 tensor, "action_mask": int8 mask}``."""

_MASK64 = (1 << 64) - 1


def load_game(name: str, engine: str, params: dict[str, Any]) -> Game:
    """``boardcore.load`` (``engine="rust"``) or ``boardcore.reference.load``."""
    if engine == "rust":
        return _load_rust(name, **params)
    if engine == "reference":
        return reference.load(name, **params)
    raise ParameterError(f"engine must be 'rust' or 'reference', not {engine!r}")


def check_render_mode(render_mode: str | None) -> None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ParameterError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")


def render(state: State, render_mode: str | None) -> str | None:
    """``"ansi"``: ``str(state)``, the whole board; ``"human"``: prints it (and gives None)."""
    if render_mode is None:
        gymnasium.logger.warn("You are calling render method without specifying any render mode.")
        return None
    text = str(state)
    if render_mode == "ansi":
        return text
    print(text)
    return None


class SeedSequence:
    """The game seeds of successive resets.

    ``reset(seed=S)`` plays the game seeded ``S``; each later ``reset()`` plays the next seed,
    ``S + 1``, ``S + 2`` ..., as game ``i`` of ``boardcore.simulate(seed=S)`` does. Before the
    first seed is given, a random one is drawn.
    """

    __slots__ = ("_next",)

    def __init__(self) -> None:
        self._next: int | None = None

    def take(self, seed: int | None) -> int:
        if seed is None:
            seed = self._next if self._next is not None else secrets.randbits(64)
        seed &= _MASK64
        self._next = (seed + 1) & _MASK64
        return seed


def resolve_chance(state: State, rng: SplitMix64) -> None:
    """Plays chance nodes as ``boardcore.play`` does, until a seat must decide or the end."""
    while state.current_player() == CHANCE:
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.choose_weighted([w for _, w in outcomes])][0])


def observation(state: State, seat: int, num_actions: int) -> Observation:
    """Seat ``seat``'s own view, and its legal actions if it is to move (else all zeros).

    Both arrays are new on every call, so a caller may keep or change them.
    """
    tensor = np.array(state.observation_tensor(seat), dtype=np.float32)
    if state.current_player() == seat:
        mask = np.array(state.legal_action_mask(), dtype=np.int8)
    else:
        mask = np.zeros(num_actions, dtype=np.int8)
    return {"observation": tensor, "action_mask": mask}


def observation_space(game: Game) -> gymnasium.spaces.Dict:
    """``Dict(observation=Box(0, float32 max, (size,)), action_mask=Box(0, 1, (actions,)))``.

    The size is learnt from one call of ``observation_tensor``. Every game's tensor holds
    counts, fractions and one-hot flags (``docs/games/<game>.md``), so its values are never
    negative; some (money, chips, victory points) have no ceiling the rules fix, so the box's
    upper bound is the largest float32.
    """
    size = int(np.asarray(game.new_initial_state().observation_tensor(0)).shape[0])
    return gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(
                low=0.0, high=float(np.finfo(np.float32).max), shape=(size,), dtype=np.float32
            ),
            "action_mask": gymnasium.spaces.Box(
                low=0, high=1, shape=(game.num_distinct_actions,), dtype=np.int8
            ),
        }
    )


def action_space(game: Game) -> gymnasium.spaces.Discrete:
    return gymnasium.spaces.Discrete(game.num_distinct_actions)
