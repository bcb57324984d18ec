"""The contract every game keeps, in both engines: one suite, parametrized over every game,
player count and variant (``tests/contract/settings.py``) and over both engines.

Round trips (saved JSON within and across engines, clones and copies, notation, replay,
parameters) and bad input (action ids, argument types, observers, saved JSON of another game,
data paths). What only one game has (its notation's grammar, its JSON fields, its data
file's errors) stays in that game's folder.
"""

from __future__ import annotations

import copy
import json
import pickle
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import boardcore
from boardcore import (
    BoardcoreError,
    DataError,
    IllegalActionError,
    NotationError,
    ParameterError,
    StateFormatError,
)
from tests.conftest import ENGINES
from tests.contract.settings import GAMES, INFO, SETTINGS, Params, game, random_game, setting_id
from tests.helpers import assert_a_broken_file_is_not_cached

SEEDS = range(3)
CROSS = [(saver, loader) for saver in sorted(ENGINES) for loader in sorted(ENGINES)]


@pytest.fixture(params=SETTINGS, ids=setting_id)
def setting(request: pytest.FixtureRequest) -> tuple[str, Params]:
    value: tuple[str, Params] = request.param
    return value


@pytest.fixture(params=sorted(ENGINES))
def engine(request: pytest.FixtureRequest) -> str:
    value: str = request.param
    return value


def states(engine: str, setting: tuple[str, Params], seed: int = 0) -> tuple[Any, ...]:
    return random_game(engine, setting[0], setting[1], seed)


def middle(engine: str, setting: tuple[str, Params]) -> Any:
    """A fresh state halfway through seed 0's game (safe to change)."""
    path = states(engine, setting)
    return path[len(path) // 2].clone()


def test_errors_are_value_errors() -> None:
    for error in (IllegalActionError, NotationError, StateFormatError, DataError, ParameterError):
        assert issubclass(error, BoardcoreError)
        assert issubclass(error, ValueError)


# --- round trips ----------------------------------------------------------------------------


@pytest.mark.parametrize(("saver", "loader"), CROSS)
def test_json_round_trip_within_and_across_engines(
    setting: tuple[str, Params], saver: str, loader: str
) -> None:
    """A state saved by one engine loads in either, the same, and plays on to the same end."""
    # Every 6th state of the first game, every 20th of the others, and each end (loading
    # replays the history: every state of a game is quadratic in its length).
    _round_trips(setting, saver, loader, first=6, others=20)


@pytest.mark.slow
@pytest.mark.parametrize(("saver", "loader"), CROSS)
def test_json_round_trip_of_more_states(
    setting: tuple[str, Params], saver: str, loader: str
) -> None:
    _round_trips(setting, saver, loader, first=2, others=5)


def _round_trips(
    setting: tuple[str, Params], saver: str, loader: str, *, first: int, others: int
) -> None:
    target = game(loader, *setting)
    for seed in SEEDS:
        path = states(saver, setting, seed)
        for state in (*path[:: first if seed == 0 else others], path[-1]):
            text = state.to_json()
            loaded = target.state_from_json(text)
            assert loaded.to_json() == text, (seed, state.history())
            assert loaded.current_player() == state.current_player()
            assert loaded.is_terminal() == state.is_terminal()
            assert loaded.legal_actions() == state.legal_actions()
            assert loaded.history() == state.history()
            assert loaded.scores() == state.scores()
            assert loaded.winners() == state.winners()
            assert loaded.returns() == state.returns()
            assert str(loaded) == str(state)
            if state.is_chance_node():
                assert loaded.chance_outcomes() == state.chance_outcomes()
        resumed = target.state_from_json(path[len(path) // 2].to_json())
        for action in path[-1].history()[len(resumed.history()) :]:
            resumed.apply_action(action)
        assert resumed.to_json() == path[-1].to_json()
        assert resumed.scores() == path[-1].scores()
        assert resumed.winners() == path[-1].winners()
        assert resumed.returns() == path[-1].returns()


def _no_float(text: str) -> float:
    raise AssertionError(f"a saved state holds integers only, not {text}")


def test_json_is_canonical(engine: str, setting: tuple[str, Params]) -> None:
    """Keys sorted, no white space, integers only (DESIGN.md, *Canonical JSON*); the order of
    each game's lists is checked in its own test_roundtrip.py."""
    for state in states(engine, setting)[::7]:
        text = state.to_json()
        saved = json.loads(text, parse_float=_no_float)
        assert text == json.dumps(saved, sort_keys=True, separators=(",", ":"))
        assert " " not in text
        assert saved["game"] == setting[0]


def test_replay_gives_the_same_state(engine: str, setting: tuple[str, Params]) -> None:
    made = game(engine, *setting)
    path = states(engine, setting, 1)
    final = path[-1]
    replayed = made.replay(final.history())
    assert replayed.to_json() == final.to_json()
    assert (replayed.scores(), replayed.winners()) == (final.scores(), final.winners())
    for cut in (1, 30, len(path) // 2):
        cut = min(cut, len(path) - 1)
        assert made.replay(final.history()[:cut]).to_json() == path[cut].to_json()
    assert made.replay([]).to_json() == made.new_initial_state().to_json()


def test_a_game_is_shown_as_the_call_that_makes_it(
    engine: str, setting: tuple[str, Params]
) -> None:
    """``repr`` of a game is the call that makes it, the same in both engines but for the
    module: evaluated, it makes the same game (error messages quote it)."""
    made = game(engine, *setting)
    shown = repr(made)
    module = {"rust": "boardcore.load(", "reference": "boardcore.reference.load("}[engine]
    assert shown.startswith(module), shown
    assert shown.removeprefix(module) == repr(game("rust", *setting)).removeprefix(
        "boardcore.load("
    )
    again = eval(shown, {"boardcore": boardcore})
    assert type(again) is type(made) and again.params == made.params
    assert list(made.params) == list(game("rust", *setting).params)  # in one order, too


def test_params_rebuild_the_same_game(engine: str, setting: tuple[str, Params]) -> None:
    made = game(engine, *setting)
    again = ENGINES[engine](setting[0], **dict(made.params))
    assert made.num_players == dict(setting[1])["players"]
    assert again.params == made.params
    assert again.num_players == made.num_players
    assert again.num_distinct_actions == made.num_distinct_actions
    assert again.new_initial_state().to_json() == made.new_initial_state().to_json()
    assert boardcore.play(again, seed=3).to_json() == boardcore.play(made, seed=3).to_json()


@pytest.mark.parametrize("name", GAMES)
def test_simulate_matches_play(engine: str, name: str) -> None:
    """``simulate``'s games (in Rust, on threads) are ``play``'s games of the same seeds."""
    result = boardcore.simulate(name, players=3, games=3, seed=40, threads=2)
    made = ENGINES[engine](name, players=3)
    for i in range(3):
        final = boardcore.play(made, seed=40 + i)
        assert result.scores[i].tolist() == final.scores()
        assert result.lengths[i] == len(final.history())
        assert [s for s in range(3) if result.winners[i][s]] == final.winners()


def test_clone_and_copies_are_independent(engine: str, setting: tuple[str, Params]) -> None:
    state = middle(engine, setting)
    if state.is_terminal():
        pytest.skip("seed 0's game is over at its middle")
    before = state.to_json()
    # A pickled state (a server's cache, multiprocessing) comes back equal, in either engine.
    twins = [
        state.clone(),
        copy.copy(state),
        copy.deepcopy(state),
        pickle.loads(pickle.dumps(state)),
    ]
    assert all(twin == state and twin.to_json() == before for twin in twins)
    legal = state.legal_actions()
    state.apply_action(legal[0])
    for twin in twins:
        assert twin.to_json() == before
        assert twin != state
        twin.apply_action(legal[-1])
    assert twins[0].to_json() != before


def test_a_pickled_game_makes_the_same_games(engine: str, setting: tuple[str, Params]) -> None:
    made = game(engine, *setting)
    again = pickle.loads(pickle.dumps(made))
    assert again.params == made.params and again.name == made.name
    assert boardcore.play(again, seed=3).history() == boardcore.play(made, seed=3).history()


def test_history_is_a_copy(engine: str, setting: tuple[str, Params]) -> None:
    state = middle(engine, setting)
    history = state.history()
    history.append(5)
    assert state.history() == history[:-1]


def test_states_compare_by_position(engine: str, setting: tuple[str, Params]) -> None:
    made = game(engine, *setting)
    a, b = made.new_initial_state(), made.new_initial_state()
    assert a == b
    a.apply_action(a.legal_actions()[0])
    assert a != b


def test_notation_round_trips_for_every_legal_action_and_outcome(
    engine: str, setting: tuple[str, Params]
) -> None:
    for seed in SEEDS:
        for state in states(engine, setting, seed):
            for action in state.legal_actions():
                text = state.action_to_string(action)
                assert isinstance(text, str) and text == text.strip() and text
                assert state.string_to_action(text) == action, text


def test_legal_actions_mask_and_chance_nodes_agree(
    engine: str, setting: tuple[str, Params]
) -> None:
    size = game(engine, *setting).num_distinct_actions
    for state in states(engine, setting):
        legal = state.legal_actions()
        assert legal == sorted(set(legal))
        mask = state.legal_action_mask()
        assert mask.dtype == np.bool_ and mask.shape == (size,)
        assert np.flatnonzero(mask).tolist() == legal
        assert state.is_chance_node() == (state.current_player() == boardcore.CHANCE)
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert [a for a, _ in outcomes] == legal
            assert all(w > 0 for _, w in outcomes)
        if state.is_terminal():
            assert legal == [] and state.current_player() == boardcore.TERMINAL


def test_observations_have_a_fixed_shape(engine: str, setting: tuple[str, Params]) -> None:
    made = game(engine, *setting)
    shapes = set()
    for state in states(engine, setting)[::11]:
        for seat in range(made.num_players):
            tensor = state.observation_tensor(seat)
            assert tensor.dtype == np.float32
            shapes.add(tensor.shape)
            assert isinstance(state.observation_string(seat), str)
    assert len(shapes) == 1


# --- bad input ------------------------------------------------------------------------------


def test_no_action_after_the_end(engine: str, setting: tuple[str, Params]) -> None:
    final = states(engine, setting)[-1].clone()
    size = game(engine, *setting).num_distinct_actions
    before = final.to_json()
    # Every id where there are a few thousand; a spread of them in Kardinal's 83,305.
    for action in [*range(0, size, max(1, size // 4000)), size - 1]:
        with pytest.raises(IllegalActionError, match="over"):
            final.apply_action(action)
    assert final.to_json() == before


def test_out_of_range_action_ids(engine: str, setting: tuple[str, Params]) -> None:
    state = middle(engine, setting)
    size = game(engine, *setting).num_distinct_actions
    before = state.to_json()
    for bad in (-1, size, size + 1, 2**31, 2**40, -(2**70)):
        with pytest.raises(IllegalActionError, match=str(size - 1)):
            state.apply_action(bad)
        with pytest.raises(NotationError, match=str(size - 1)):
            state.action_to_string(bad)
    assert state.to_json() == before


@pytest.mark.parametrize("bad", ["x", "5", 3.0, None, True, [1], {"a": 1}])
def test_wrong_argument_types_get_boardcore_errors(
    engine: str, setting: tuple[str, Params], bad: Any
) -> None:
    """Never a TypeError from the bindings: the same classes as the reference."""
    made: Any = game(engine, *setting)
    state: Any = middle(engine, setting)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="not an action"):
        state.apply_action(bad)
    with pytest.raises(NotationError):
        state.action_to_string(bad)
    with pytest.raises(ParameterError, match="seat"):
        state.observation_tensor(bad)
    with pytest.raises(ParameterError, match="seat"):
        state.observation_string(bad)
    if not isinstance(bad, str):
        with pytest.raises(NotationError):
            state.string_to_action(bad)
        with pytest.raises(StateFormatError):
            made.state_from_json(bad)
    assert state.to_json() == before


@pytest.mark.parametrize("bad", [5, None, b"x", ["x"]])
def test_notation_must_be_a_string(engine: str, setting: tuple[str, Params], bad: Any) -> None:
    state: Any = middle(engine, setting)
    with pytest.raises(NotationError):
        state.string_to_action(bad)


def test_numpy_integers_are_actions_and_seats(engine: str, setting: tuple[str, Params]) -> None:
    state: Any = middle(engine, setting)
    if state.is_terminal():
        pytest.skip("seed 0's game is over at its middle")
    action = state.legal_actions()[-1]
    shape = state.observation_tensor(0).shape
    state.apply_action(np.int64(action))
    assert state.history()[-1] == action
    assert state.observation_tensor(np.int32(0)).shape == shape


@pytest.mark.parametrize("name", GAMES)
def test_a_bool_or_float_player_count_is_refused_even_after_the_int(engine: str, name: str) -> None:
    """True == 1.0 == 1 as keys of a cache, yet only the int is a player count (a loaded
    game once answered ``players=True`` with the game loaded for ``players=1``)."""
    fewest = INFO[name].players[0]
    ENGINES[engine](name, players=fewest)
    for bad in [float(fewest), *([True] if fewest == 1 else [])]:
        with pytest.raises(ParameterError, match="players"):
            ENGINES[engine](name, players=bad)


def test_replay_rejects_what_is_not_a_list_of_actions(
    engine: str, setting: tuple[str, Params]
) -> None:
    made: Any = game(engine, *setting)
    state = made.new_initial_state()
    first = state.legal_actions()[0]
    not_now = next(a for a in range(made.num_distinct_actions) if a not in state.legal_actions())
    state.apply_action(first)
    not_next = next(a for a in range(made.num_distinct_actions) if a not in state.legal_actions())
    for bad in (
        "abc",
        [True],
        [float(first)],
        [first, "x"],
        [-1],
        [made.num_distinct_actions],
        [not_now],
        [first, not_next],
    ):
        with pytest.raises(IllegalActionError):
            made.replay(bad)


def test_bad_observer(engine: str, setting: tuple[str, Params]) -> None:
    made = game(engine, *setting)
    state = made.new_initial_state()
    for seat in (-1, made.num_players, 5, 2**40):
        with pytest.raises(ParameterError, match="seat"):
            state.observation_tensor(seat)
        with pytest.raises(ParameterError, match="seat"):
            state.observation_string(seat)


@pytest.mark.parametrize("name", GAMES)
def test_json_of_another_game_is_refused(engine: str, name: str) -> None:
    made = ENGINES[engine](name)
    for other in GAMES:
        if other != name:
            text = ENGINES[engine](other).new_initial_state().to_json()
            with pytest.raises(StateFormatError, match=f"^a saved {other} state, not {name}: "):
                made.state_from_json(text)


@pytest.mark.parametrize("name", GAMES)
def test_unknown_parameter_and_missing_data_file(engine: str, name: str, tmp_path: Path) -> None:
    with pytest.raises(ParameterError, match="colours"):
        ENGINES[engine](name, colours=4)
    with pytest.raises(ParameterError, match="data"):
        ENGINES[engine](name, data=3)
    with pytest.raises(DataError, match=r"nothing\.toml"):
        ENGINES[engine](name, data=str(tmp_path / "nothing.toml"))
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    with pytest.raises(DataError, match=r"folder\.toml"):
        ENGINES[engine](name, data=str(folder))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [10**30, -(2**70), "2"])
def test_players_that_is_no_small_integer_is_named_plainly(
    engine: str, name: str, players: int | str
) -> None:
    """A huge number or a numeral in a string: a ParameterError that quotes the value as the
    user wrote it (not a type name, not the engine's internal form)."""
    with pytest.raises(ParameterError) as info:
        ENGINES[engine](name, players=players)
    message = str(info.value)
    assert "players" in message and str(players)[:12] in message, message
    assert "not int" not in message and "Str(" not in message, message


@pytest.mark.parametrize("name", GAMES)
def test_a_broken_data_file_is_not_cached(name: str, tmp_path: Path) -> None:
    packaged = Path(boardcore.__file__).parent / "data" / f"{name}.toml"
    assert_a_broken_file_is_not_cached(name, tmp_path, packaged.read_text())


@pytest.mark.parametrize("name", GAMES)
def test_every_action_id_has_one_notation(engine: str, name: str) -> None:
    """Each id's notation (where it has one) reads back to it; no two ids share one."""
    made = ENGINES[engine](name)
    state = made.new_initial_state()
    texts = {}
    for action in range(made.num_distinct_actions):
        try:
            text = state.action_to_string(action)
        except NotationError:
            continue  # an id no action uses (documented per game)
        assert state.string_to_action(text) == action, text
        texts[text] = action
    assert len(texts) > made.num_distinct_actions // 2


def test_unknown_game(engine: str) -> None:
    with pytest.raises(ParameterError, match="kardinal"):
        ENGINES[engine]("monopoly")
