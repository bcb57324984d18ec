"""Docs that run: the README, every page of docs/ and the docstring examples are doctests,
run from a directory of their own (a reader may be anywhere), except where a page says
where its examples run."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PAGES = ["README.md", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").rglob("*.md"))]
FROM_THE_ROOT = {"docs/conformance.md"}
"""Pages whose examples say they run from the root of the clone (paths relative to it)."""


def test_every_page_of_the_docs_is_listed() -> None:
    assert {"docs/games/chandigarh.md", "docs/games/city_connect.md"} <= set(PAGES)
    assert {"docs/games/rebuilding_chicago.md", "docs/ecosystem.md"} <= set(PAGES)


@pytest.mark.parametrize("page", PAGES)
def test_page_examples_run(page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT if page in FROM_THE_ROOT else tmp_path)
    text = (ROOT / page).read_text(encoding="utf-8")
    result = doctest.testfile(
        str(ROOT / page),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
    )
    assert result.failed == 0
    assert (result.attempted > 0) == (">>> " in text)


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


def test_install_hints_work_from_a_clone() -> None:
    """boardcore is installed from a clone, not an index: an extra is ``'.[name]'``, in the
    docs and in every hint the library prints."""
    sources = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "python").rglob("*.py"))
    for page in [*PAGES, *sources]:
        assert "boardcore[" not in (ROOT / page).read_text(encoding="utf-8"), page


def test_no_link_leaves_the_repository() -> None:
    for page in PAGES:
        text = (ROOT / page).read_text(encoding="utf-8")
        assert "../shared/" not in text or page == "docs/DESIGN.md", page
