"""The HTML export looked at in a real browser (issue 28, item 8): every rule set's sheet,
exported through the real command line, rendered by headless Chromium at a phone's size
(390x844) and a desktop's (1280x900). The page never scrolls sideways; on the phone the
sheet's score columns stay inside their box; hearts and diamonds are red; every series
of the chart has its own look and an end label that no other label covers.

Chromium is Debian's package (``apt-get install chromium``), driven by playwright's sync
API through ``executable_path`` in the module-scoped fixture of ``browser_helpers``
(closed at the module's end); where either is missing these tests skip and say why. With
``SCOREKEEPER_SCREENSHOTS=DIR`` the screenshots are kept in DIR to be looked at.
"""

from __future__ import annotations

import itertools
import os
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import module_browser  # noqa: F401  (the module's chromium: browser)
from cli_helpers import SHIPPED_RULE_SETS, run_cli

pytest.importorskip("playwright", reason="playwright is not installed (the test extra)")

RULESETS = SHIPPED_RULE_SETS
SIZES = [(390, 844), (1280, 900)]
FIVE = ["Anna", "Ben", "Carla", "Dirk", "Emil-Maximilian"]


def sk(home: Path, *args: str | Path) -> str:
    res = run_cli(home, *args)
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stderr
    return res.stdout


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Each rule set's demo match exported as HTML; and a five-player DDV table with a
    hand still in play (a long name, a sit-out), in German."""
    home = tmp_path_factory.mktemp("browser")
    out = {}
    for ruleset in RULESETS:
        match = home / f"{ruleset}.toml"
        sk(home, "demo", ruleset, "--hands", "12", "--seed", "3", "--match", match)
        out[ruleset] = home / f"{ruleset}.html"
        sk(home, "export", "-f", "html", "--match", match, "-o", out[ruleset])
    match = home / "five.toml"
    sk(home, "new", "doppelkopf-ddv", *FIVE, "--match", match)
    for re in ("Ben,Dirk", "Carla,Emil-Maximilian", "Anna,Dirk", "Ben,Emil-Maximilian"):
        sk(home, "hand", f"re={re}", "re_points=151", "-a", f"{re.split(',')[0]} re", "-m", match)
    sk(home, "--lang", "de", "play", "Anna", "9H", "--match", match)
    out["ddv-five-de"] = home / "five.html"
    sk(home, "--lang", "de", "export", "-f", "html", "--match", match, "-o", out["ddv-five-de"])
    return out


def _look(page: Any, name: str, size: tuple[int, int]) -> None:
    keep = os.environ.get("SCOREKEEPER_SCREENSHOTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(keep) / f"{name}-{size[0]}x{size[1]}.png"), full_page=True)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", [*RULESETS, "ddv-five-de"])
def test_the_page_fits_the_window(browser: Any, pages: dict[str, Path], name: str, size) -> None:
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    try:
        page.goto(pages[name].as_uri())
        _look(page, name, size)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size[0], f"{name} at {size}: the page is {width} px wide"
        # the sheet's own box: on a phone every score column shows without scrolling it
        box = page.evaluate(
            "(() => { const b = document.querySelector('.sheet-box');"
            " return [b.scrollWidth, b.clientWidth]; })()"
        )
        assert box[0] <= box[1] + 2, f"{name} at {size}: the sheet is cut at {box[1]} of {box[0]}"
        # text keeps a margin from the window's edges
        left = page.evaluate("document.querySelector('h1').getBoundingClientRect().left")
        assert left >= 8
    finally:
        page.close()


@pytest.mark.parametrize("name", [*RULESETS, "ddv-five-de"])
def test_hearts_and_diamonds_are_red(browser: Any, pages: dict[str, Path], name: str) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(pages[name].as_uri())
        black = page.evaluate(
            """(() => {
              const out = [];
              const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
              while (walk.nextNode()) {
                const node = walk.currentNode;
                if (/[\u2665\u2666]/.test(node.data)
                    && getComputedStyle(node.parentElement).color !== 'rgb(204, 0, 0)')
                  out.push(node.data);
              }
              return out;
            })()"""
        )
        assert black == []
    finally:
        page.close()


@pytest.mark.parametrize("name", [*RULESETS, "ddv-five-de"])
def test_every_line_of_the_chart_can_be_told_apart(
    browser: Any, pages: dict[str, Path], name: str
) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(pages[name].as_uri())
        looks = page.evaluate(
            "[...document.querySelectorAll('g.series polyline')].map(l =>"
            " [l.getAttribute('stroke'), l.getAttribute('stroke-dasharray') || ''])"
        )
        assert len(looks) >= 2 and len(set(map(tuple, looks))) == len(looks)
        labels = page.evaluate(
            "[...document.querySelectorAll('svg.chart text.end')].map(t => {"
            " const r = t.getBoundingClientRect(); return [r.top, r.bottom, r.right]; })"
        )
        assert len(labels) == len(looks)
        spans = sorted(labels)
        for (_, bottom, _), (top, _, _) in itertools.pairwise(spans):
            assert top >= bottom - 1, f"{name}: two end labels cover each other"
        svg_right = page.evaluate(
            "document.querySelector('svg.chart').getBoundingClientRect().right"
        )
        assert all(right <= svg_right + 1 for _, _, right in labels)
        ticks = page.evaluate(
            "[...document.querySelectorAll('svg.chart text')].map(t => t.textContent)"
        )
        finished = page.evaluate(
            "[...document.querySelectorAll('tr[data-hand]:not(.open)')].map(r => r.dataset.hand)"
        )
        assert finished[-1] in ticks and len(ticks) >= 5  # the hands along the bottom
    finally:
        page.close()
