"""Docs that run: the README, the game pages and the docstring examples are doctests."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


@pytest.mark.parametrize(
    "page",
    [
        "README.md",
        "docs/games/kardinal.md",
        "docs/games/prestel_new_york.md",
        "docs/ecosystem.md",
    ],
)
def test_page_examples_run(page: str) -> None:
    result = doctest.testfile(str(ROOT / page), module_relative=False)
    assert result.attempted > 0
    assert result.failed == 0


@pytest.mark.parametrize(
    "module",
    [
        "boardcore",
        "boardcore.rng",
        "boardcore._play",
        "boardcore.reference.kardinal",
        "boardcore.reference.prestel_new_york",
        "boardcore.svg",
        "boardcore.vector",
        "boardcore.arena",
        "boardcore.replay",
        "boardcore.testing",
    ],
)
def test_docstring_examples_run(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0


def test_readme_quick_start_has_exactly_two_commands() -> None:
    text = (ROOT / "README.md").read_text()
    start = text.index("## Quick start")
    section = text[start : text.index("\n## ", start + 1)]
    commands = [block.split("```")[0].strip() for block in section.split("```\n")[1::2]]
    assert len(commands) == 2
    assert "boardcore simulate" in commands[0]
    assert "pytest" in commands[1]
