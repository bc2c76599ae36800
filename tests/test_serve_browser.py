"""``scorekeeper serve`` in a real browser (Debian's chromium through pytest-playwright):
the live page follows a command's write, the scorer plays a whole trick by tapping, a
stale write is refused, names stay inert, and each game's page at a phone's size."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import PLAYERS, run_cli
from test_serve import served

pytest.importorskip("playwright", reason="playwright is not installed (the test extra)")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
PHONE = {"width": 390, "height": 844}
SHOTS = os.environ.get("SCOREKEEPER_SHOTS")  # a folder to keep the screenshots in, to look at


ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium for this module only: playwright's sync API keeps an event loop
    running while it is open, which a later test's own ``asyncio.run`` (prompt_toolkit's,
    in the table session's tests) must not meet in the same worker."""
    if not CHROMIUM:
        pytest.skip("no chromium here: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


def new_match(tmp_path: Path, ruleset: str, *players: str) -> tuple[Path, Path]:
    home, match = tmp_path / "home", tmp_path / "m.toml"
    res = run_cli(home, "new", ruleset, *(players or PLAYERS), "--match", match)
    assert res.returncode == 0, res.stderr
    return home, match


def test_the_live_page_follows_a_command_and_shows_when_cut_off(tmp_path: Path, browser) -> None:  # type: ignore[no-untyped-def]
    home, match = new_match(tmp_path, "doppelkopf")
    page = browser.new_page(viewport=PHONE)
    with served(home, match) as s:
        page.goto(s.url + "?lang=de")
        page.wait_for_selector("#link.on")
        assert "Ben ist dran" in page.inner_text("#live")
        assert s.cli("play", "QC").returncode == 0
        page.wait_for_selector("#live:has-text('Carla ist dran')")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.wait_for_selector("#link.off")  # the server went away: the page says so
    page.close()


def test_the_scorer_plays_a_whole_trick_by_tapping(tmp_path: Path, browser) -> None:  # type: ignore[no-untyped-def]
    home, match = new_match(tmp_path, "doppelkopf")
    page = browser.new_page(viewport=PHONE)
    with served(home, match) as s:
        page.goto(s.scorer_url)
        page.wait_for_selector("#link.on")
        for card in ("QC", "10H", "AD", "9D"):
            before = page.get_attribute("#state", "data-version")
            page.click(f"button[data-act$=' {card}']")
            page.wait_for_selector(f"#state:not([data-version='{before}'])")
        page.close()
    text = match.read_text()
    assert all(
        f'"{p} {c}"' in text
        for p, c in zip(["Ben", "Carla", "Dirk", "Anna"], ["QC", "10H", "AD", "9D"], strict=True)
    )


def test_a_stale_tap_is_refused_and_a_wrong_token_gets_403(tmp_path: Path, browser) -> None:  # type: ignore[no-untyped-def]
    home, match = new_match(tmp_path, "doppelkopf")
    page = browser.new_page(viewport=PHONE)
    with served(home, match) as s:
        assert page.goto(s.url + "scorer/wrong").status == 403
        page.goto(s.scorer_url)
        page.wait_for_selector("#link.on")
        # the table records a card; the phone taps on the page as it was before
        held = page.get_attribute("#state", "data-version")
        assert s.cli("play", "QC").returncode == 0
        page.wait_for_selector(f"#state:not([data-version='{held}'])")
        page.eval_on_selector("#state", f"(e) => e.setAttribute('data-version', '{held}')")
        before = match.read_bytes()
        page.click("button[data-act$=' 10H']")
        page.wait_for_selector("#answer.refused")
        assert "Ben QC" in page.inner_text("#answer")
        assert match.read_bytes() == before
        page.close()


def test_hostile_names_stay_inert_in_the_browser(tmp_path: Path, browser) -> None:  # type: ignore[no-untyped-def]
    names = ["<script>alert(1)</script>", "<img/src/onerror/alert(2)>", "<b>Ben</b>", "Dirk"]
    home, match = new_match(tmp_path, "doppelkopf", *names)
    page = browser.new_page(viewport=PHONE)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    with served(home, match) as s:
        page.goto(s.scorer_url)
        page.wait_for_selector("#link.on")
        assert page.query_selector("#live b") is None and page.query_selector("#live img") is None
        assert "<b>Ben</b>" in page.inner_text("#live")
    assert dialogs == []
    page.close()


GAMES = [
    ("doppelkopf", ()),
    ("klaverjassen", ()),
    ("klaberjass", ("Anna", "Ben", "Carla")),
    ("kloepper", ()),
    ("bierkopf", ()),
]


@pytest.mark.parametrize(("ruleset", "players"), GAMES)
def test_every_game_s_live_page_at_a_phone_s_size(
    tmp_path: Path, browser, ruleset: str, players: tuple[str, ...]
) -> None:  # type: ignore[no-untyped-def]
    home, match = tmp_path / "home", tmp_path / "m.toml"
    res = run_cli(home, "demo", ruleset, "--hands", "3", "--match", match)
    assert res.returncode == 0, res.stderr
    page = browser.new_page(viewport=PHONE)
    with served(home, match) as s:
        page.goto(s.url)
        page.wait_for_selector("#link.on")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        shots = Path(SHOTS) if SHOTS else tmp_path
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / f"{ruleset}.png"), full_page=True)
        assert (shots / f"{ruleset}.png").stat().st_size > 1000
    page.close()
