"""The hall's live standings (``scorekeeper event serve``, issue 30): a read-only page that
follows the tables' match files, in a real browser (Debian's chromium) at a phone's and a
hall screen's size, in the three languages; a wrong key is 404 and nothing is written."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import PHONE, module_browser  # noqa: F401  (the module's chromium: browser)
from cli_helpers import run_cli
from serve_helpers import Address, hall, idle_wakeups, request, stream

SCREEN = {"width": 1280, "height": 900}


def _ok(home: Path, *args: str) -> str:
    res = run_cli(home, *args)
    assert res.returncode == 0, res.stdout + res.stderr
    return res.stdout


@pytest.fixture(scope="module")
def evening(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """An evening of the DDV tournament, one table drawn, its players by position; one
    player's name would be markup if it were not escaped."""
    home = tmp_path_factory.mktemp("hall")
    _ok(home, "event", "new", "fri", "ddv-tournament", "--set", "games=4")
    _ok(home, "event", "register", "fri", "Anna", "<b>Ben</b>", "Carla", "Dirk")
    _ok(home, "event", "draw", "fri", "--seed", "3")
    plan = run_cli(home, "event", "tables", "fri", "--json")
    import json

    players = json.loads(plan.stdout)["tables"][0]["players"]
    return home, players


def test_the_hall_page_follows_the_tables(evening: Any, browser: Any) -> None:
    home, players = evening
    a, b, _, _ = players
    with hall(home, "fri") as url:
        phone = browser.new_page(viewport=PHONE)
        screen = browser.new_page(viewport=SCREEN)
        phone.goto(url + "?lang=de")
        screen.goto(url + "?lang=nl")
        phone.wait_for_selector("#link.on")
        screen.wait_for_selector("#link.on")
        assert phone.inner_text("#live h1").strip() == "fri: Wertung nach 1 Runde"
        assert "Runde 1: begonnen" in phone.inner_text("#live")  # the round's time
        assert "Plaats" in screen.inner_text("#live")
        assert phone.query_selector("#live b") is None  # a name is never markup
        assert "<b>Ben</b>" in phone.inner_text("#live")
        for page, size in ((phone, PHONE), (screen, SCREEN)):
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        version = phone.get_attribute("#live", "data-version") or ""
        _ok(home, "event", "enter", "fri", "1", "1", f"re={a},{b}", "re_points=130")
        phone.wait_for_selector(f"#live:not([data-version='{version}'])", timeout=15000)
        top = phone.inner_text("#live tbody tr:first-child")
        assert a in top or b in top  # the game's winners lead now
        screen.wait_for_selector(f"#live:has-text('{a}')")
        english = browser.new_page(viewport=PHONE)
        english.goto(url)
        english.wait_for_selector("#link.on")
        assert english.inner_text("#live h1").strip() == "fri: standings after 1 round"
        # a phone woken after a long sleep opens its line anew at once, as the table's
        # page does (the one way both follow their stream: serve.live.FOLLOW)
        phone.evaluate("Date.now = ((now) => () => now() + 60000)(Date.now)")
        with phone.expect_request(lambda r: "/events" in r.url):
            phone.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
        phone.wait_for_selector("#link.on")
        for page in (phone, screen, english):
            page.close()


def test_the_hall_page_reads_only_and_hides_behind_its_key(evening: Any) -> None:
    home, _ = evening
    before = sorted((p.name, p.stat().st_mtime_ns) for p in (home / "matches").iterdir())
    with hall(home, "fri") as url:
        page = Address(url)
        key = page.key

        def get(path: str, method: str = "GET") -> tuple[int, dict[str, str], str]:
            return request(page, method, path)

        assert get("/wrongkey/")[0] == 404
        status, headers, text = get(f"/{key}/")
        assert status == 200 and "form-action 'none'" in headers["content-security-policy"]
        assert "<form" not in text and "&lt;b&gt;Ben&lt;/b&gt;" in text
        assert get(f"/{key}/", "POST")[0] == 405
    after = sorted((p.name, p.stat().st_mtime_ns) for p in (home / "matches").iterdir())
    assert after == before


def test_no_such_event_is_refused_before_serving(tmp_path: Path) -> None:
    res = run_cli(tmp_path, "event", "serve", "nothing", "--port", "0", "--stop-after", "1")
    assert res.returncode == 2 and "no event 'nothing'" in res.stderr


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="Linux's /proc is needed")
def test_an_idle_hall_with_pages_open_sleeps(evening: Any) -> None:
    """Nothing changes: the hall's server waits in the kernel (it looked at every file
    each second, and read the event's file each time, and uvicorn ticked ten times a
    second: now the kernel tells of a write and one timer a minute moves the clock)."""
    home, _ = evening
    procs: list[Any] = []
    with hall(home, "fri", procs) as url, ExitStack() as lines:
        for _ in range(3):
            next(lines.enter_context(stream(Address(url), lang=None)))
        woke = idle_wakeups(procs[0].pid)
    assert woke < 6, woke
