"""The hall's live standings (``scorekeeper event serve``, issue 30): a read-only page that
follows the tables' match files, in a real browser (Debian's chromium) at a phone's and a
hall screen's size, in the three languages; a wrong key is 404 and nothing is written."""

from __future__ import annotations

import http.client
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from browser_helpers import PHONE, module_browser  # noqa: F401  (the module's chromium: browser)
from cli_helpers import cli_env, run_cli

SCREEN = {"width": 1280, "height": 900}
LIFETIME = 60


def _ok(home: Path, *args: str) -> str:
    res = run_cli(home, *args)
    assert res.returncode == 0, res.stdout + res.stderr
    return res.stdout


@contextmanager
def hall(home: Path, name: str, procs: list[Any] | None = None) -> Iterator[str]:
    """``event serve NAME`` on a free port: its URL while it runs (its process appended
    to ``procs``)."""
    cmd = [sys.executable, "-m", "scorekeeper", "event", "serve", name, "--port", "0"]
    proc = subprocess.Popen(
        [*cmd, "--stop-after", str(LIFETIME)],
        env=cli_env(home),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    if procs is not None:
        procs.append(proc)
    url = ""
    for line in proc.stdout:
        if line.strip().startswith("http://"):
            url = line.strip()
            break
    if not url:
        proc.kill()
        raise AssertionError(proc.stderr.read() if proc.stderr else "no URL printed")
    try:
        yield url
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


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
        port = int(url.split(":")[2].split("/")[0])
        key = url.rstrip("/").rsplit("/", 1)[1]

        def get(path: str, method: str = "GET") -> tuple[int, dict[str, str], str]:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request(method, path)
            answer = conn.getresponse()
            return answer.status, dict(answer.getheaders()), answer.read().decode("utf-8")

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
    with hall(home, "fri", procs) as url:
        port = int(url.split(":")[2].split("/")[0])
        path = url.split(str(port), 1)[1]
        lines = []
        for _ in range(3):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request("GET", path + "events")
            answer = conn.getresponse()
            assert answer.status == 200
            while not answer.fp.readline().startswith(b"data:"):
                pass
            lines.append(conn)
        time.sleep(0.5)
        before = _wakeups(procs[0].pid)
        time.sleep(3)
        woke = _wakeups(procs[0].pid) - before
        for conn in lines:
            conn.close()
    assert woke < 6, woke


def _wakeups(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("voluntary_ctxt_switches:"):
            return int(line.split()[1])
    raise AssertionError("no context switches counted")
