"""Driving games: one seeded game (``play``) or a batch (``simulate``)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, SupportsIndex, overload

import numpy as np

from . import _args
from ._results import Parts, SimulationInterrupted, SimulationResult
from .api import CHANCE, BoardcoreGame, BoardcoreState, Game, RustGame, RustState, State
from .errors import ParameterError
from .rng import SplitMix64

__all__ = [
    "Agent",
    "AgentLike",
    "SimulationResult",
    "play",
    "random_agent",
    "rust_agent",
    "simulate_local",
]

_MASK = (1 << 64) - 1
_REPORT_EVERY = 0.05
"""Seconds between two progress reports of games played in Python."""

Agent = Callable[[State, SplitMix64], int]
"""An agent picks an action for the seat to move, drawing any randomness from ``rng``."""

AgentLike = Agent | str
"""An agent, or the spec of one of the Rust agents: ``"random"``, ``"greedy"``,
``"mcts"``, ``"mcts:<iterations>"`` or ``"mcts:<iterations>:<rollout limit>"``."""


def rust_agent(spec: str) -> Agent:
    """The Rust agent ``spec`` as a Python agent, for states of ``boardcore.load`` games.

    Each decision seeds the agent with one draw of ``rng``. (``play`` and ``simulate`` given
    specs rather than callables run the whole game in Rust instead, faster, and with the
    random agent drawing exactly as DESIGN.md says.)
    """
    if not isinstance(spec, str):
        raise TypeError(f"an agent spec must be a str, not {_args.quote(spec)}")
    check_spec(spec)  # a bad spec is named now, not at its seat's first decision

    def act(state: State, rng: SplitMix64) -> int:
        method = getattr(state, "agent_action", None)
        if method is None:
            raise ParameterError(
                f"agent {spec!r} runs in Rust: it needs a state of boardcore.load(...), "
                "not of the reference engine"
            )
        action: int = method(spec, rng.next())
        return action

    act.__name__ = act.__qualname__ = f"rust_agent({spec!r})"
    act.rust_spec = spec  # type: ignore[attr-defined]
    return act


def check_spec(spec: str) -> None:
    """Refuses a spec the Rust agents would refuse, in their words, so that a bad spec is
    named as such with either engine before any game starts: the Rust core parses it (a
    batch of no games), the one place the specs' rules live."""
    from . import load

    game: Any = load("kardinal", players=2)  # any game: a spec does not depend on one
    game.simulate(0, 0, 1, agents=[spec])


def agent_list(agents: object, name: str = "agents") -> list[AgentLike] | None:
    """``agents`` as a list, each a callable or a valid spec; ``TypeError`` naming the
    argument ``name`` (or the element) and the type it takes otherwise."""
    if agents is None:
        return None
    if isinstance(agents, (str, bytes)) or not isinstance(agents, Sequence):
        raise TypeError(f"{name} must be a list of agents, not {_args.quote(agents)}")
    checked: list[AgentLike] = []
    for i, agent in enumerate(agents):
        if isinstance(agent, str):
            check_spec(agent)
        elif not callable(agent):
            raise TypeError(
                f"{name}[{i}] must be an agent (a callable or a spec such as 'greedy'), "
                f"not {type(agent).__name__} {_args.quote(agent)}"
            )
        checked.append(agent)
    return checked


def seat_agents(agents: object, players: int) -> list[AgentLike] | None:
    """:func:`agent_list`, one agent per seat: one agent given plays every seat (as the Rust
    batch takes it), else there must be one per seat."""
    checked = agent_list(agents)
    if checked is None:
        return None
    if len(checked) not in (1, players):
        raise ParameterError(
            f"give one agent for every seat or one per seat ({players}), not {len(checked)}"
        )
    return checked * players if len(checked) == 1 else checked


def _specs(agents: Sequence[AgentLike] | None) -> list[str] | None:
    """The agents as Rust specs when every one of them is a spec, else None."""
    if agents is not None and agents and all(isinstance(a, str) for a in agents):
        return [str(a) for a in agents]
    return None


def as_callables(agents: Sequence[AgentLike], rust: bool) -> list[Agent]:
    """The agents as callables: ``"random"`` as :func:`random_agent` (the draw a Rust batch
    makes, so that either engine plays the same game), another spec as its Rust agent, which
    a game of the reference engine refuses before it starts."""
    if not rust:
        for agent in agents:
            spec = agent if isinstance(agent, str) else getattr(agent, "rust_spec", None)
            if spec is not None and (spec != "random" or not isinstance(agent, str)):
                raise ParameterError(
                    f"agent {spec!r} runs in Rust: it needs a game of boardcore.load(...), "
                    "not of the reference engine"
                )
    return [
        (random_agent if a == "random" else rust_agent(a)) if isinstance(a, str) else a
        for a in agents
    ]


def random_agent(state: State, rng: SplitMix64) -> int:
    """The random agent of DESIGN.md: ``legal[below(len(legal))]``."""
    legal = state.legal_actions()
    return legal[rng.below(len(legal))]


@overload
def play(
    game: RustGame, *, seed: SupportsIndex = 0, agents: Sequence[AgentLike] | None = None
) -> RustState: ...
@overload
def play(
    game: BoardcoreGame, *, seed: SupportsIndex = 0, agents: Sequence[AgentLike] | None = None
) -> BoardcoreState: ...
@overload
def play(
    game: Game, *, seed: SupportsIndex = 0, agents: Sequence[AgentLike] | None = None
) -> State: ...
def play(
    game: Game, *, seed: SupportsIndex = 0, agents: Sequence[AgentLike] | None = None
) -> State:
    """Plays one game to the end and returns the final state.

    Chance nodes and agents draw from one SplitMix64 seeded ``seed``, in the order they
    occur, so the same seed gives the same game in either engine. ``agents`` has one agent
    per seat, or one agent for every seat (random agents by default): Python callables, or
    specs of the Rust agents (``"greedy"``, ``"mcts:200"``...), which with a Rust game play
    the whole game in Rust. ``agents`` is taken as ``simulate`` takes it.

    >>> import boardcore
    >>> a = boardcore.play(boardcore.load("kardinal", players=2), seed=7)
    >>> b = boardcore.play(boardcore.reference.load("kardinal", players=2), seed=7)
    >>> a.history() == b.history() and a.scores() == b.scores()
    True
    """
    if not callable(getattr(game, "new_initial_state", None)):
        short = _args.quote(game, _args.OBJECT_LIMIT)
        example = f"boardcore.load({short})" if isinstance(game, str) else "boardcore.load(name)"
        # a state is the likeliest mistake: say what it is, not its whole position
        kind = "a state " if callable(getattr(game, "apply_action", None)) else ""
        raise TypeError(f"play needs a loaded game, {example}, not {kind}{short}")
    seed = _args.seed(seed)
    agents = seat_agents(agents, game.num_players)
    fast = getattr(game, "play_random", None)
    specs = _specs(agents)
    if (agents is None or specs is not None) and fast is not None:
        # The Rust engine runs the same loop natively (tests hold the two to each other).
        state: State = fast(seed, specs)
        return state
    if specs is not None and specs == ["random"] * len(specs):
        agents = None  # the reference engine plays the random agent itself
    callables = None if agents is None else as_callables(agents, rust=fast is not None)
    rng = SplitMix64(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            action = outcomes[rng.choose_weighted([w for _, w in outcomes])][0]
        else:
            action = (callables[player] if callables is not None else random_agent)(state, rng)
        state.apply_action(action)
    return state


def simulate_local(
    name: str,
    *,
    games: int,
    seed: int,
    threads: int,
    agents: Sequence[AgentLike] | None,
    progress: Callable[[int], None] | None,
    chunk: int,
    **params: Any,
) -> SimulationResult:
    """``simulate``'s threads backend, its arguments already checked (``_simulate.py``):
    calls of ``chunk`` games to the Rust batch (Rust agents), or games played here one by
    one (Python agents). Ctrl-C raises :class:`SimulationInterrupted` with the games
    finished."""
    from . import load  # here, not at the top: boardcore/__init__ imports this module

    game = load(name, **params)
    players = game.num_players
    agents = seat_agents(agents, players)
    specs = _specs(agents)
    in_rust = agents is None or specs is not None
    start = time.perf_counter()
    parts: list[Parts] = []

    def result() -> SimulationResult:
        seconds = time.perf_counter() - start
        used = threads if in_rust else 1
        return SimulationResult.joined(
            name, dict(game.params), seed, parts, players, threads=used, seconds=seconds
        )

    done = 0
    try:
        while done < games:
            n = min(chunk, games - done)
            base = (seed + done) & _MASK
            if in_rust:
                parts.append(game.simulate(n, base, threads, specs, progress))
            else:
                assert agents is not None
                parts.append(_play_games(game, n, base, agents, progress))
            done += n
    except KeyboardInterrupt as interrupt:
        partial: Parts | None = getattr(interrupt, "partial", None)
        if partial is not None:  # unfinished games have length 0: keep those before the first
            unfinished = np.flatnonzero(partial[2] == 0)
            k = int(unfinished[0]) if unfinished.size else len(partial[2])
            parts.append((partial[0][:k], partial[1][:k], partial[2][:k]))
        raise SimulationInterrupted(result(), games) from None
    return result()


def _play_games(
    game: Game,
    games: int,
    seed: int,
    agents: Sequence[AgentLike],
    progress: Callable[[int], None] | None,
) -> Parts:
    """Games ``seed .. seed + games - 1`` played here, for agents written in Python; on
    Ctrl-C the games finished go with the ``KeyboardInterrupt`` (as the Rust batch does)."""
    players = game.num_players
    scores = np.zeros((games, players), dtype=np.int32)
    winners = np.zeros((games, players), dtype=np.bool_)
    lengths = np.zeros(games, dtype=np.uint32)
    reported, last = 0, time.monotonic()
    for i in range(games):
        try:
            state = play(game, seed=(seed + i) & _MASK, agents=agents)
        except KeyboardInterrupt as interrupt:
            interrupt.partial = (scores[:i], winners[:i], lengths[:i])  # type: ignore[attr-defined]
            raise
        scores[i] = state.scores()
        winners[i, state.winners()] = True
        lengths[i] = len(state.history())
        if progress is not None and (i + 1 == games or time.monotonic() - last > _REPORT_EVERY):
            progress(i + 1 - reported)
            reported, last = i + 1, time.monotonic()
    return scores, winners, lengths
