"""The scripts in examples/ run as a user runs them (those the docs' doctests do not run)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

TRAIN = Path(__file__).parent.parent / "examples" / "train_masked_policy.py"
INTERVAL = re.compile(r"win rate ([0-9.]+), 95% interval ([0-9.]+)\.\.([0-9.]+)")


def train(*args: str) -> subprocess.CompletedProcess[str]:
    pytest.importorskip("gymnasium")
    return subprocess.run(
        [sys.executable, str(TRAIN), *args], capture_output=True, text=True, timeout=600
    )


def interval(stdout: str) -> tuple[float, float, float]:
    match = INTERVAL.search(stdout)
    assert match is not None, stdout
    rate, low, high = (float(x) for x in match.groups())
    return rate, low, high


def test_an_untrained_policy_is_the_random_agent_and_does_not_beat_it() -> None:
    # With no update the policy is uniform over the legal actions: a fair share, exit 1.
    done = train("--updates", "0", "--envs", "2", "--games", "100")
    assert done.returncode == 1, done.stderr
    rate, low, high = interval(done.stdout)
    assert low <= rate <= high
    assert low < 0.5 < high
    assert "does not beat the random agent" in done.stdout


def test_training_is_deterministic_for_a_seed() -> None:
    args = ("--updates", "2", "--envs", "8", "--games", "20", "--seed", "3")
    first, second = train(*args), train(*args)
    assert first.returncode in (0, 1), first.stderr
    assert "update    2/2:" in first.stdout
    assert "seeds 3..22" in first.stdout
    assert first.stdout == second.stdout
    other = train("--updates", "2", "--envs", "8", "--games", "20", "--seed", "4")
    assert other.stdout != first.stdout


def test_bad_arguments_are_usage_errors() -> None:
    done = train("--players", "9", "--updates", "0")
    assert done.returncode == 2
    assert "players" in done.stderr
    assert "Traceback" not in done.stderr
    solo = train("--players", "1", "--updates", "0")
    assert solo.returncode == 2
    assert "the random agent needs a seat" in solo.stderr


@pytest.mark.slow
def test_the_defaults_train_a_policy_that_beats_the_random_agent() -> None:
    done = train()
    assert done.returncode == 0, done.stdout + done.stderr
    _, low, _ = interval(done.stdout)
    assert low > 0.5  # 2 players: the random agent's share
    assert "the trained policy beats the random agent" in done.stdout
