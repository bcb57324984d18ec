"""``api_test``: the invariants every engine must keep, checked over seeded random games."""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

import numpy as np

from boardcore.api import CHANCE, TERMINAL, Game
from boardcore.rng import SplitMix64

from ._common import (
    SHOWN,
    KitInterrupted,
    Outcome,
    SeededGames,
    action_text,
    canonical,
    choose,
    engine_name,
    error_text,
    fingerprint,
    has_float,
    is_int,
    json_diff,
    plain,
    seat_text,
    seed_of,
    short,
)

__all__ = ["CHECKS", "ApiTestResult", "Violation", "api_test"]

CHECKS: Final[Mapping[str, str]] = {
    "game": "name, num_players, params, version and num_distinct_actions have the right types",
    "initial state": "new_initial_state() gives the same position every time",
    "current player": "a seat, CHANCE (-1) or TERMINAL (-4); TERMINAL exactly when is_terminal()",
    "legal actions": "a list of distinct ints, ascending, in 0..num_distinct_actions-1; "
    "at least one at a decision node, none once terminal",
    "mask": "legal_action_mask() is a bool array of num_distinct_actions, True exactly at "
    "legal_actions()",
    "chance outcomes": "at chance nodes [(action, weight)], actions ascending, weights positive "
    "ints; [] elsewhere",
    "chance node": "is_chance_node() is True exactly when current_player() is CHANCE, and there "
    "legal_actions() are the chance outcomes' actions (as OpenSpiel defines them)",
    "illegal actions": "apply_action() of an action that is not legal now (or out of range) "
    "raises a ValueError and changes nothing",
    "clone": "clone() is an equal copy; applying an action to one leaves the other as it was",
    "json": "to_json() is canonical (keys sorted, no whitespace, integers only) and "
    "state_from_json() reads it back to an identical state",
    "notation": "string_to_action(action_to_string(a)) == a for every legal action or chance "
    "outcome, and no two of them are written alike",
    "history": "history() lists the actions applied; game.replay(history()) reaches the same state",
    "observation": "observation_tensor(p) is a float32 array of one fixed shape for every seat "
    "and state; observation_string(p) is a str",
    "scores": "scores() an int per seat; winners() [] and returns() all 0 before the end; at "
    "the end winners are ascending seats with the top score and returns() is 1 split evenly "
    "among them (a solo game may end with none, and returns 0)",
    "rendering": "str(state) is a non-empty str",
}
"""Each invariant ``api_test`` checks, by name, with what it requires."""


@dataclass
class Violation:
    """The first time a check failed, and how often it failed in all."""

    check: str
    message: str
    seed: int | None
    """The game's seed; None for checks of the game object before play."""
    step: int
    actions: list[str]
    """The actions applied before the failing step, in the game's notation."""
    count: int = 1

    def __str__(self) -> str:
        times = f" ({self.count} times; the first shown)" if self.count > 1 else ""
        moves = "; ".join(self.actions) if self.actions else "none (the initial state)"
        where = (
            f"at seed {self.seed}, step {self.step}; actions so far: {moves}"
            if self.seed is not None
            else "before the first game"
        )
        return f"{self.check}{times}: {self.message}\n    {where}"


@dataclass
class ApiTestResult(SeededGames, Outcome):
    """What ``api_test`` found: ``ok``, or the violated invariants."""

    engine: str
    steps: int = 0
    checks: dict[str, int] = field(default_factory=dict)
    """How many times each check ran."""
    violations: list[Violation] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        """True when no invariant was violated."""
        return not self.violations

    @property
    def failed_checks(self) -> list[str]:
        """The names of the checks that failed, in the order they first failed."""
        return [v.check for v in self.violations]

    def __str__(self) -> str:
        status = (
            "PASSED" if self.ok else f"FAILED {len(self.violations)} of {len(self.checks)} checks"
        )
        lines = [
            f"api_test {self.game} {self.params} on {self.engine}: {status}",
            f"{self.games} games ({self.seeds}), {self.steps} steps, {self.seconds:.1f} s",
        ]
        failed = {v.check: v for v in self.violations}
        width = max([len(name) for name in self.checks] + [5])
        for name, runs in self.checks.items():
            verdict = "FAILED" if name in failed else "ok" if runs else "not run"
            lines.append(f"  {name:<{width}}  {runs:>7} runs  {verdict}")
        for violation in self.violations:
            lines.append(f"- {violation}")
        return "\n".join(lines)


class _StopGame(Exception):
    """The engine cannot be driven further in this game."""


def _fingerprint_diff(before: tuple[Any, ...], after: tuple[Any, ...]) -> str:
    names = ("to_json()", "history()", "current_player()", "legal_actions()")
    for name, a, b in zip(names, before, after, strict=True):
        if a != b:
            if name == "to_json()" and isinstance(a, str) and isinstance(b, str):
                return f"{name} changed: {json_diff(a, b, ('before', 'after'))}"
            return f"{name} changed from {short(a)} to {short(b)}"
    return "nothing"


def _pairs(outcomes: Any) -> list[tuple[int, int]]:
    return [(int(a), int(w)) for a, w in outcomes]


class _Checker:
    def __init__(self, game: Game, result: ApiTestResult, illegal_samples: int) -> None:
        self.game = game
        self.result = result
        self.illegal_samples = illegal_samples
        self.players = 0
        self.actions_total = 0
        self.shape: tuple[int, ...] | None = None
        self.seed: int | None = None
        self.step = 0
        self.notation: list[str] = []
        self.first: dict[str, Violation] = {}

    # --- bookkeeping ---------------------------------------------------------------------------

    def fail(self, check: str, message: str) -> None:
        seen = self.first.get(check)
        if seen is not None:
            seen.count += 1
            return
        violation = Violation(check, message, self.seed, self.step, list(self.notation))
        self.first[check] = violation
        self.result.violations.append(violation)

    def run(self, check: str, fn: Callable[..., None], *args: Any) -> None:
        self.result.checks[check] = self.result.checks.get(check, 0) + 1
        try:
            fn(*args)
        except _StopGame:
            raise
        except Exception as error:
            self.fail(check, f"raised {error_text(error)}")

    def vital(self, check: str, fn: Callable[..., Any], *args: Any) -> Any:
        """A call the driver cannot do without: a failure ends the game."""
        try:
            return fn(*args)
        except Exception as error:
            self.result.checks[check] = self.result.checks.get(check, 0) + 1
            self.fail(check, f"raised {error_text(error)}; this game stops here")
            raise _StopGame from error

    # --- once per run --------------------------------------------------------------------------

    def check_game(self) -> None:
        game: Any = self.game
        if not isinstance(game.name, str) or not game.name:
            self.fail("game", f"name must be a non-empty str, got {game.name!r}")
        players = game.num_players
        if not is_int(players) or players < 1:
            self.fail("game", f"num_players must be a positive int, got {players!r}")
            raise _StopGame
        self.players = int(players)
        actions = game.num_distinct_actions
        if not is_int(actions) or actions < 1:
            self.fail("game", f"num_distinct_actions must be a positive int, got {actions!r}")
            raise _StopGame
        self.actions_total = int(actions)
        if not is_int(game.version):
            self.fail("game", f"version must be an int, got {game.version!r}")
        if not isinstance(game.params, Mapping):
            self.fail("game", f"params must be a mapping, got {type(game.params).__name__}")

    def check_initial(self) -> None:
        a, b = self.game.new_initial_state(), self.game.new_initial_state()
        if a.to_json() != b.to_json() or plain(a.legal_actions()) != plain(b.legal_actions()):
            self.fail("initial state", "two calls of new_initial_state() differ")

    # --- per state -----------------------------------------------------------------------------

    def check_player(self, state: Any, player: Any, terminal: Any) -> None:
        valid = is_int(player) and (0 <= player < self.players or player in (CHANCE, TERMINAL))
        if not valid:
            self.fail(
                "current player",
                f"current_player() is {player!r}: expected a seat 0..{self.players - 1}, "
                f"{CHANCE} (chance) or {TERMINAL} (terminal)",
            )
        elif not isinstance(terminal, bool):
            self.fail("current player", f"is_terminal() returned {terminal!r}, not a bool")
        elif terminal != (player == TERMINAL):
            self.fail(
                "current player",
                f"is_terminal() is {terminal} but current_player() is {seat_text(player)}",
            )

    def check_legal(self, legal: Any, player: Any, terminal: bool) -> None:
        if not isinstance(legal, list):
            self.fail(
                "legal actions", f"legal_actions() returned a {type(legal).__name__}, not a list"
            )
            return
        if not all(is_int(a) for a in legal):
            self.fail("legal actions", f"legal_actions() holds non-ints: {short(legal)}")
            return
        if any(b <= a for a, b in itertools.pairwise(legal)):
            self.fail("legal actions", f"legal_actions() is not strictly ascending: {short(legal)}")
        outside = [a for a in legal if not 0 <= a < self.actions_total]
        if outside:
            self.fail(
                "legal actions",
                f"actions {outside[:5]} are outside 0..{self.actions_total - 1} "
                "(num_distinct_actions)",
            )
        if terminal and legal:
            self.fail("legal actions", f"a terminal state has legal actions: {short(legal)}")
        if not terminal and player != CHANCE and not legal:
            self.fail("legal actions", f"{seat_text(player)} is to move but has no legal action")

    def check_mask(self, state: Any, legal: list[int]) -> None:
        mask = state.legal_action_mask()
        if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_:
            kind = getattr(mask, "dtype", type(mask).__name__)
            self.fail("mask", f"legal_action_mask() must be a numpy bool array, got {kind}")
            return
        if mask.shape != (self.actions_total,):
            self.fail(
                "mask", f"legal_action_mask() has shape {mask.shape}, not ({self.actions_total},)"
            )
            return
        marked = np.flatnonzero(mask).tolist()
        if marked != sorted(set(legal)):
            extra = sorted(set(marked) - set(legal))[:5]
            missing = sorted(set(legal) - set(marked))[:5]
            self.fail(
                "mask",
                f"the mask and legal_actions() differ: True but not legal {extra}, "
                f"legal but False {missing}",
            )

    def check_chance_node(
        self, state: Any, player: Any, legal: list[int], pairs: list[tuple[int, int]]
    ) -> None:
        flag = state.is_chance_node()
        if flag is not (player == CHANCE):
            self.fail(
                "chance node",
                f"is_chance_node() is {flag!r} but current_player() is {seat_text(player)}",
            )
        elif flag and legal != [a for a, _ in pairs]:
            self.fail(
                "chance node",
                f"at a chance node legal_actions() is {short(legal)}, not the outcomes' "
                f"actions {short([a for a, _ in pairs])}",
            )

    def check_chance(self, outcomes: Any, player: Any) -> None:
        if player != CHANCE:
            if plain(outcomes) != []:
                self.fail(
                    "chance outcomes",
                    f"chance_outcomes() is {short(outcomes)} at a non-chance node (expected [])",
                )
            return
        pairs = [tuple(p) for p in outcomes] if isinstance(outcomes, list) else None
        if not pairs or not all(len(p) == 2 for p in pairs):
            self.fail(
                "chance outcomes", f"at a chance node, chance_outcomes() is {short(outcomes)}"
            )
            return
        actions = [a for a, _ in pairs]
        if not all(is_int(a) and 0 <= a < self.actions_total for a in actions):
            self.fail("chance outcomes", f"outcome actions out of range: {short(actions)}")
        if any(b <= a for a, b in itertools.pairwise(actions)):
            self.fail(
                "chance outcomes", f"outcome actions not strictly ascending: {short(actions)}"
            )
        bad = [w for _, w in pairs if not is_int(w) or w <= 0]
        if bad:
            self.fail("chance outcomes", f"weights must be positive ints, got {short(bad)}")

    def check_notation(self, state: Any, actions: list[int]) -> None:
        seen: dict[str, int] = {}
        for action in actions:
            text = state.action_to_string(action)
            if not isinstance(text, str):
                self.fail("notation", f"action_to_string({action}) returned {text!r}, not a str")
                return
            if text in seen:
                self.fail(
                    "notation", f"actions {seen[text]} and {action} are both written {text!r}"
                )
                return
            seen[text] = action
            try:
                back = state.string_to_action(text)
            except Exception as error:
                self.fail(
                    "notation",
                    f"action {action} is written {text!r}, which string_to_action() rejects: "
                    f"{error_text(error)}",
                )
                return
            if back != action:
                self.fail(
                    "notation",
                    f"action {action} is written {text!r}, which string_to_action() reads as "
                    f"{back!r}",
                )
                return

    def check_json(self, state: Any, player: int, legal: list[int]) -> None:
        text = state.to_json()
        if not isinstance(text, str):
            self.fail("json", f"to_json() returned a {type(text).__name__}, not a str")
            return
        try:
            expected = canonical(text)
        except ValueError as error:
            self.fail("json", f"to_json() is not valid JSON ({error}): {short(text)}")
            return
        if text != expected:
            self.fail(
                "json",
                "to_json() is not canonical (keys sorted, no whitespace): "
                + json_diff(text, expected, ("to_json()", "canonical")),
            )
            return
        if has_float(text):
            self.fail("json", f"to_json() holds a non-integer number: {short(text)}")
            return
        loaded = self.game.state_from_json(text)
        again = loaded.to_json()
        if again != text:
            self.fail(
                "json",
                "state_from_json(s).to_json() != s: "
                + json_diff(again, text, ("reloaded", "saved")),
            )
        elif plain(loaded.current_player()) != player or plain(loaded.legal_actions()) != legal:
            self.fail(
                "json", "the state read back by state_from_json() has other legal actions or seat"
            )

    def check_history(self, state: Any, applied: list[int], terminal: bool) -> None:
        history = state.history()
        if history != applied:
            self.fail(
                "history",
                f"history() is {short(history)}, but the actions applied were {short(applied)}",
            )
            return
        if terminal:
            replayed = self.game.replay(list(applied))
            if replayed.to_json() != state.to_json() or not replayed.is_terminal():
                self.fail("history", "game.replay(history()) does not reach the same final state")

    def check_observation(self, state: Any) -> None:
        for seat in range(self.players):
            tensor = state.observation_tensor(seat)
            if not isinstance(tensor, np.ndarray) or tensor.dtype != np.float32:
                kind = getattr(tensor, "dtype", type(tensor).__name__)
                self.fail(
                    "observation", f"observation_tensor({seat}) must be numpy float32, got {kind}"
                )
                return
            if self.shape is None:
                self.shape = tensor.shape
            elif tensor.shape != self.shape:
                self.fail(
                    "observation",
                    f"observation_tensor({seat}) has shape {tensor.shape}, earlier {self.shape}",
                )
                return
            text = state.observation_string(seat)
            if not isinstance(text, str):
                self.fail("observation", f"observation_string({seat}) is not a str")
                return

    def check_scores(self, state: Any, terminal: bool) -> None:
        n = self.players
        scores, winners, returns = state.scores(), state.winners(), state.returns()
        if not isinstance(scores, list) or len(scores) != n or not all(map(is_int, scores)):
            self.fail("scores", f"scores() must be a list of {n} ints, got {short(scores)}")
            return
        if not isinstance(winners, list) or not all(map(is_int, winners)):
            self.fail("scores", f"winners() must be a list of seats, got {short(winners)}")
            return
        if not isinstance(returns, list) or len(returns) != n:
            self.fail("scores", f"returns() must be a list of {n} numbers, got {short(returns)}")
            return
        if not terminal:
            if winners or any(r != 0 for r in returns):
                self.fail(
                    "scores",
                    f"before the end winners() must be [] and returns() all 0, got "
                    f"{winners} and {returns}",
                )
            return
        if not winners:
            # A solo game can be lost (City Connect: under the winning rating); a game of
            # several seats always has a winner.
            if n > 1:
                self.fail("scores", "the game is over but winners() is empty")
            elif any(r != 0 for r in returns):
                self.fail("scores", f"a lost solo game must return 0, got {returns}")
            return
        if winners != sorted(set(winners)) or not all(0 <= w < n for w in winners):
            self.fail("scores", f"winners() must be distinct seats, ascending: {winners}")
            return
        best = max(scores)
        losing = [w for w in winners if scores[w] != best]
        if losing:
            self.fail(
                "scores",
                f"winners {losing} do not have the top score {best} (scores {scores}, "
                f"winners {winners})",
            )
        expected = [1 / len(winners) if s in winners else 0.0 for s in range(n)]
        if not all(
            math.isclose(r, e, abs_tol=1e-9) for r, e in zip(returns, expected, strict=True)
        ):
            self.fail(
                "scores",
                f"returns() {returns} should split 1 evenly among winners {winners}: {expected}",
            )

    def check_rendering(self, state: Any) -> None:
        text = str(state)
        if not isinstance(text, str) or not text.strip():
            self.fail("rendering", "str(state) is empty")

    def check_illegal(
        self, state: Any, allowed: list[int], rng: SplitMix64, edges: bool, terminal: bool
    ) -> None:
        banned = set(allowed)
        candidates: list[int] = []
        if edges:
            candidates += [-1, self.actions_total]
        if terminal:
            candidates.append(rng.below(self.actions_total))
        else:
            for _ in range(8):
                pick = rng.below(self.actions_total)
                if pick not in banned:
                    candidates.append(pick)
                    break
            near = [a + d for a in allowed for d in (1, -1)]
            near = [a for a in near if 0 <= a < self.actions_total and a not in banned]
            if near:
                candidates.append(near[rng.below(len(near))])
        before = fingerprint(state)
        for action in candidates[: self.illegal_samples + 2 * edges]:
            described = action
            try:
                state.apply_action(action)
            except ValueError:
                pass
            except Exception as error:
                self.fail(
                    "illegal actions",
                    f"apply_action({described}) raised {error_text(error)}, not a ValueError",
                )
            else:
                why = "the game is over" if terminal else "it is not legal now"
                self.fail("illegal actions", f"apply_action({described}) was accepted, but {why}")
                raise _StopGame
            after = fingerprint(state)
            if after != before:
                self.fail(
                    "illegal actions",
                    f"rejecting apply_action({described}) changed the state: "
                    + _fingerprint_diff(before, after),
                )
                raise _StopGame

    def check_clone_and_apply(self, state: Any, action: int) -> None:
        """Applies ``action`` to ``state``, checking a clone on the way."""
        self.result.checks["clone"] = self.result.checks.get("clone", 0) + 1
        try:
            copy = state.clone()
            before = fingerprint(state)
            if copy is state:
                self.fail("clone", "clone() returned the state itself")
                copy = None
            elif fingerprint(copy) != before:
                self.fail(
                    "clone", "the clone differs: " + _fingerprint_diff(before, fingerprint(copy))
                )
                copy = None
            if copy is not None:
                copy.apply_action(action)
                if fingerprint(state) != before:
                    self.fail(
                        "clone",
                        "applying an action to the clone changed the original: "
                        + _fingerprint_diff(before, fingerprint(state)),
                    )
                    raise _StopGame
        except _StopGame:
            raise
        except Exception as error:
            self.fail("clone", f"raised {error_text(error)}")
            copy = None
        try:
            state.apply_action(action)
        except Exception as error:
            self.fail(
                "legal actions",
                f"apply_action({action}) of a legal action raised {error_text(error)}; "
                "this game stops here",
            )
            raise _StopGame from error
        if copy is not None:
            try:
                if fingerprint(copy) != fingerprint(state):
                    self.fail(
                        "clone",
                        "the clone and the original differ after the same action: "
                        + _fingerprint_diff(fingerprint(state), fingerprint(copy)),
                    )
            except Exception as error:
                self.fail("clone", f"raised {error_text(error)}")

    # --- a game --------------------------------------------------------------------------------

    def play(self, seed: int) -> int:
        self.seed, self.step, self.notation = seed, 0, []
        rng = SplitMix64(seed)
        probe = SplitMix64(seed ^ 0x5DEECE66D)  # picks illegal actions, apart from the driver
        state: Any = self.vital("initial state", self.game.new_initial_state)
        applied: list[int] = []
        while True:
            player = self.vital("current player", state.current_player)
            terminal = self.vital("current player", state.is_terminal)
            self.run("current player", self.check_player, state, player, terminal)
            player = plain(player)  # a numpy int is an int to every later check
            legal = self.vital("legal actions", state.legal_actions)
            self.run("legal actions", self.check_legal, legal, player, bool(terminal))
            legal = plain(legal)
            if not isinstance(legal, list) or not all(isinstance(a, int) for a in legal):
                raise _StopGame  # reported by the legal actions check: nothing to play
            self.run("mask", self.check_mask, state, legal)
            outcomes = self.vital("chance outcomes", state.chance_outcomes)
            self.run("chance outcomes", self.check_chance, outcomes, player)
            chance = player == CHANCE and not terminal
            pairs: list[tuple[int, int]] = []
            if chance:
                pairs = self.vital("chance outcomes", _pairs, outcomes)
            self.run("chance node", self.check_chance_node, state, player, legal, pairs)
            allowed = [a for a, _ in pairs] if chance else legal
            self.run("notation", self.check_notation, state, allowed)
            self.run("json", self.check_json, state, player, legal)
            self.run("history", self.check_history, state, applied, bool(terminal))
            self.run("observation", self.check_observation, state)
            self.run("scores", self.check_scores, state, bool(terminal))
            self.run("rendering", self.check_rendering, state)
            edges = self.step == 0 or bool(terminal)
            self.run("illegal actions", self.check_illegal, state, allowed, probe, edges, terminal)
            if terminal or not allowed:
                return self.step
            action = choose(rng, allowed, pairs)
            text = action_text(state, action)
            self.check_clone_and_apply(state, action)
            applied.append(action)
            self.notation.append(text)
            self.step += 1


def api_test(
    game: Game,
    games: int = 100,
    seed: int = 0,
    *,
    illegal_samples: int = 2,
    progress: Callable[[int], None] | None = None,
) -> ApiTestResult:
    """Checks the invariants of :data:`CHECKS` at every step of ``games`` seeded games.

    Game ``i`` is the DESIGN.md game of seed ``seed + i``, played on ``game`` alone (chance by
    weight, random agent). At each state: the seat to move, legal actions and mask, chance
    outcomes, notation of every legal action, canonical JSON and its reload, history,
    observations of every seat, scores/winners/returns, rendering, ``illegal_samples``
    illegal actions (plus out-of-range ids at the first and last state), and a clone that
    must stay independent. Each failed check is reported once, where it first failed, with
    how often it failed. Any engine that claims the protocols must pass, ours included.

    >>> import boardcore, boardcore.testing
    >>> result = boardcore.testing.api_test(boardcore.load("kardinal", players=3), games=3)
    >>> result.ok, result.checks["json"] == result.steps + result.games
    (True, True)
    >>> print(str(result).splitlines()[0])
    api_test kardinal {'players': 3} on boardcore._core.KardinalGame: PASSED
    """
    start = time.perf_counter()
    params = dict(getattr(game, "params", {}) or {})
    result = ApiTestResult(
        game=str(getattr(game, "name", "?")),
        params=params,
        engine=engine_name(game),
        seed=seed,
        games=games,
    )
    result.checks = dict.fromkeys(CHECKS, 0)
    checker = _Checker(game, result, illegal_samples)
    try:
        checker.run("game", checker.check_game)
        if checker.players == 0 or checker.actions_total == 0:
            raise _StopGame
        checker.run("initial state", checker.check_initial)
        for index in range(games):
            try:
                result.steps += checker.play(seed_of(seed, index))
            except _StopGame:
                result.steps += checker.step
            except KeyboardInterrupt:
                moves = ", ".join(checker.notation[-SHOWN:]) or "none"
                raise KitInterrupted(
                    f"api_test was at seed {checker.seed} (game {index + 1} of {games}), step "
                    f"{checker.step}; the last actions: {moves}"
                ) from None
            if progress is not None:
                progress(1)
    except _StopGame:
        pass
    result.seconds = time.perf_counter() - start
    return result
