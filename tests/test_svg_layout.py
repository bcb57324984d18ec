"""Pictures as a browser lays them out: no two texts overlap and nothing leaves its panel or
the canvas, for every game, player count and a start, middle and end position, and for the
replay page. Measured in headless Chromium with ``getBoundingClientRect``.

A panel is an element with a ``data-panel`` attribute: its first ``rect`` child is its box
and everything else drawn inside it must stay in that box.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import boardcore
from boardcore.replay import drawn_positions, record_game, replay_html
from tests import helpers

# Counted in the browser: every shape outside the canvas or its panel, every pair of texts
# whose boxes cross by more than a pixel each way (a text's box is its em box, so lines of
# small type set close together touch without their letters touching).
_MEASURE = """
const root = arguments[0];
const slack = 1.0;
const found = [];
const shapes = "text, rect, circle, ellipse, path, line, polyline, polygon, image";
const name = (el) => {
  const text = el.tagName === "text" ? JSON.stringify(el.textContent) : "";
  const where = el.closest("[data-panel]");
  return el.tagName + text + (where ? " in " + where.getAttribute("data-panel") : "");
};
const drawn = (el) => !el.closest("title, desc, defs, clipPath, mask, .last-action");
const inside = (b, f) =>
  b.left >= f.left - slack && b.top >= f.top - slack &&
  b.right <= f.right + slack && b.bottom <= f.bottom + slack;
for (const svg of root.querySelectorAll("svg")) {
  const canvas = svg.getBoundingClientRect();
  for (const el of svg.querySelectorAll(shapes)) {
    const b = el.getBoundingClientRect();
    if (!drawn(el) || (b.width === 0 && b.height === 0)) continue;
    if (!inside(b, canvas)) found.push("outside the canvas: " + name(el));
  }
  for (const panel of svg.querySelectorAll("[data-panel]")) {
    const frame = panel.querySelector(":scope > rect");
    if (frame === null) { found.push("a panel without its box: " + name(panel)); continue; }
    const f = frame.getBoundingClientRect();
    for (const el of panel.querySelectorAll(shapes)) {
      const b = el.getBoundingClientRect();
      if (el === frame || !drawn(el) || (b.width === 0 && b.height === 0)) continue;
      if (!inside(b, f)) found.push("outside its panel: " + name(el));
    }
  }
  const texts = Array.from(svg.querySelectorAll("text"))
    .filter((t) => drawn(t) && t.textContent.trim() !== "")
    .map((t) => [t, t.getBoundingClientRect()])
    .filter(([, b]) => b.width > 0 && b.height > 0);
  for (let i = 0; i < texts.length; i++) {
    const [a, p] = texts[i];
    for (let j = i + 1; j < texts.length; j++) {
      const [b, q] = texts[j];
      const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (w > slack && h > slack) found.push("texts overlap: " + name(a) + " / " + name(b));
    }
  }
}
return found;
"""

GAMES = sorted(info.name for info in boardcore.games())


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium for the whole module."""
    driver = helpers.open_chromium(1600, 1200)
    try:
        yield driver
    finally:
        driver.quit()


def measure(driver: Any, markup: str) -> list[str]:
    """The layout faults of ``markup`` (SVG or a whole page's body) as Chromium draws it."""
    driver.get("about:blank")
    driver.execute_script(
        "document.body.style.margin = '0'; document.body.innerHTML = arguments[0];", markup
    )
    found: list[str] = driver.execute_script(_MEASURE, driver.find_element("tag name", "body"))
    return found


def positions(name: str, players: int, seed: int) -> list[tuple[str, Any]]:
    """The start, a middle and the end of a seeded random game."""
    game = boardcore.load(name, players=players)
    history = boardcore.play(game, seed=seed).history()
    return [
        (label, game.replay(history[:count]))
        for label, count in (("start", 0), ("middle", len(history) // 2), ("end", len(history)))
    ]


def player_counts(name: str) -> list[int]:
    info = next(i for i in boardcore.games() if i.name == name)
    return list(info.players)


@pytest.mark.parametrize("name", GAMES)
def test_state_pictures_keep_their_texts_apart_and_inside(browser: Any, name: str) -> None:
    faults = []
    # The fewest and the most seats (the most crowded); every count is in the slow tier's
    # test_many_pictures_keep_their_texts_apart_and_inside
    counts = player_counts(name)
    for players in sorted({counts[0], counts[-1]}):
        # Seed 3: among others a solo Chicago game with tokens on its events.
        for label, state in positions(name, players, seed=3):
            for perspective in (None, 0):
                svg = state.to_svg(perspective=perspective)
                faults += [
                    f"{players} players, {label}, seat {perspective}: {fault}"
                    for fault in measure(browser, svg)
                ]
    assert faults == []


@pytest.mark.parametrize("name", GAMES)
def test_replay_page_keeps_its_texts_apart_and_inside(browser: Any, name: str) -> None:
    info = next(i for i in boardcore.games() if i.name == name)
    game = boardcore.load(name, players=max(info.players))
    history = boardcore.play(game, seed=2).history()[:60]
    page = replay_html(record_game(game, history), title=f"{info.title}, seed 2")
    body = page.split("<body>", 1)[1].split("<script>", 1)[0]
    assert measure(browser, body) == []


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_many_pictures_keep_their_texts_apart_and_inside(browser: Any, name: str) -> None:
    faults = []
    for players in player_counts(name):
        for seed in range(2, 8):
            for label, state in positions(name, players, seed):
                faults += [
                    f"{players}p seed {seed} {label}: {f}" for f in measure(browser, state.to_svg())
                ]
    assert faults == []


def test_a_sampled_page_shows_the_picture_before_an_undrawn_position(
    browser: Any, tmp_path: Path
) -> None:
    """A long game's page draws some positions: a move between two drawn ones shows the
    earlier picture and says so."""
    game = boardcore.load("kardinal", players=2)
    record = record_game(game, boardcore.play(game, seed=3).history())
    drawn = drawn_positions(len(record.states), 5)
    page = tmp_path / "sampled.html"
    page.write_text(replay_html(record, max_pictures=5), encoding="utf-8")
    browser.get(page.as_uri())
    shown = "return document.querySelector('#frames .frame:not([hidden])').dataset.frame"
    assert browser.execute_script(shown) == "0"
    move = browser.find_elements("css selector", "#moves .move")[drawn[1]]  # position drawn[1]+1
    browser.execute_script("arguments[0].scrollIntoView()", move)
    move.click()
    assert browser.execute_script(shown) == str(drawn[1])
    counter = browser.find_element("id", "counter").text
    assert counter == f"position {drawn[1] + 1} / {len(record.moves)}"
    caption = browser.find_element("id", "caption").text
    assert caption.endswith(f"(the picture shows position {drawn[1]})")
    browser.find_element("id", "last").click()
    assert browser.execute_script(shown) == str(len(record.moves))
    assert len(browser.find_elements("css selector", "#frames .frame")) == 5
