"""``scorekeeper serve`` over plain HTTP (issue 29): the live stream follows every write,
writes need the scorer's cookie and the page's token and the version they were made on,
the Host header is checked, names stay inert, Ctrl-C stops it, the lock is not held."""

from __future__ import annotations

import fcntl
import os
import signal
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from cli_helpers import PLAYERS, run_cli
from serve_helpers import (
    first_snapshot,
    page_csrf,
    request,
    scorer_cookie,
    served,
    stream,
)


def new_match(tmp_path: Path, *players: str, ruleset: str = "doppelkopf") -> tuple[Path, Path]:
    home, match = tmp_path / "home", tmp_path / "m.toml"
    res = run_cli(home, "new", ruleset, *(players or PLAYERS), "--match", match)
    assert res.returncode == 0, res.stderr
    return home, match


def test_a_command_s_write_reaches_an_open_stream(tmp_path: Path) -> None:
    home, match = new_match(tmp_path)
    with served(home, match) as s, stream(s) as events:
        first = next(events)
        assert "Ben to play" in first["html"]
        assert s.cli("play", "QC").returncode == 0
        start = time.monotonic()
        second = next(events)
        assert time.monotonic() - start < 3
        assert second["version"] != first["version"]
        assert "Carla to play" in second["html"] and "Q♣" in second["html"]


def test_the_page_answers_only_its_key_and_its_hosts(tmp_path: Path) -> None:
    home, match = new_match(tmp_path)
    with served(home, match) as s:
        assert request(s, "GET", f"/{s.key}/")[0] == 200
        assert request(s, "GET", "/wrongkey/")[0] == 404
        assert request(s, "GET", "/")[0] == 404
        assert request(s, "GET", f"/{s.key}/../../etc/passwd")[0] == 404
        rebound = {"Host": f"attacker.example:{s.port}"}
        assert request(s, "GET", f"/{s.key}/", headers=rebound)[0] == 400
        local = {"Host": f"localhost:{s.port}"}
        assert request(s, "GET", f"/{s.key}/", headers=local)[0] == 200


def test_the_scorer_token_works_once_and_a_wrong_one_gets_403(tmp_path: Path) -> None:
    home, match = new_match(tmp_path)
    with served(home, match) as s:
        assert request(s, "GET", f"/{s.key}/scorer/not-the-token")[0] == 403
        cookie = scorer_cookie(s)
        assert request(s, "GET", urlsplit(s.scorer_url).path)[0] == 403  # spent
        assert cookie


def test_a_write_needs_the_cookie_and_the_page_token(tmp_path: Path) -> None:
    home, match = new_match(tmp_path)
    before = match.read_bytes()
    with served(home, match) as s:
        csrf, version = page_csrf(s)
        body = {"version": version, "action": "Ben QC", "lang": "en"}
        no_cookie = request(s, "POST", f"/{s.key}/act", body, {"X-CSRF-Token": csrf})
        assert no_cookie[0] == 403
        cookie = scorer_cookie(s)
        jar = {"Cookie": f"scorer={cookie}"}
        assert request(s, "POST", f"/{s.key}/act", body, jar)[0] == 403  # no page token
        forged = {**jar, "X-CSRF-Token": csrf}  # a token made for a page without the cookie
        assert request(s, "POST", f"/{s.key}/act", body, forged)[0] == 403
        assert match.read_bytes() == before
        csrf, version = page_csrf(s, cookie)
        body["version"] = version
        status, _, text = request(s, "POST", f"/{s.key}/act", body, {**jar, "X-CSRF-Token": csrf})
        assert status == 200, text
    assert '"Ben QC"' in match.read_text()


def test_a_stale_write_is_refused_with_what_changed(tmp_path: Path) -> None:
    home, match = new_match(tmp_path)
    with served(home, match) as s:
        cookie = scorer_cookie(s)
        csrf, version = page_csrf(s, cookie)
        assert s.cli("play", "QC").returncode == 0  # the table records meanwhile
        after = match.read_bytes()
        headers = {"Cookie": f"scorer={cookie}", "X-CSRF-Token": csrf}
        body = {"version": version, "action": "Ben AH", "lang": "de"}
        status, _, text = request(s, "POST", f"/{s.key}/act", body, headers)
        assert status == 409, text
        assert "Ben" in text and "nichts" in text  # the phone's language
        assert match.read_bytes() == after


def test_a_refused_action_says_why_with_its_rule_and_records_nothing(tmp_path: Path) -> None:
    home, match = new_match(tmp_path)
    before = match.read_bytes()
    with served(home, match) as s:
        cookie = scorer_cookie(s)
        csrf, version = page_csrf(s, cookie)
        headers = {"Cookie": f"scorer={cookie}", "X-CSRF-Token": csrf}
        body = {"version": version, "action": "Carla QC", "lang": "en"}  # not Carla's turn
        status, _, text = request(s, "POST", f"/{s.key}/act", body, headers)
        assert status == 422, text
        assert '"rule"' in text
    assert match.read_bytes() == before


def test_the_terminal_revokes_the_scorer(tmp_path: Path) -> None:
    from scorekeeper.serve.guard import Guard

    guard = Guard()
    token = guard.new_token()
    cookie = guard.redeem(token)
    assert guard.is_scorer(cookie)
    guard.revoke()
    assert not guard.is_scorer(cookie)
    assert guard.token is not None and guard.redeem("x") is None


def test_streams_per_device_are_bounded(tmp_path: Path) -> None:
    from scorekeeper.serve.guard import STREAMS_PER_CLIENT

    home, match = new_match(tmp_path)
    with served(home, match) as s:
        opened = []
        import http.client

        for _ in range(STREAMS_PER_CLIENT):
            conn = http.client.HTTPConnection("127.0.0.1", s.port, timeout=10)
            conn.request("GET", f"/{s.key}/events")
            assert conn.getresponse().status == 200
            opened.append(conn)
        assert request(s, "GET", f"/{s.key}/events")[0] == 429
        for conn in opened:
            conn.close()


def test_ctrl_c_stops_with_streams_open_and_the_lock_is_free_while_idle(tmp_path: Path) -> None:
    home, match = new_match(tmp_path)
    with served(home, match) as s, stream(s) as events:
        next(events)
        lock = match.with_name(match.name + ".lock")
        fd = os.open(lock, os.O_RDWR | os.O_CREAT)
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # raises if the server held it
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
        start = time.monotonic()
        s.proc.send_signal(signal.SIGINT)
        assert s.proc.wait(10) == 0
        assert time.monotonic() - start < 5
        assert "Traceback" not in (s.proc.stderr.read() if s.proc.stderr else "")


HOSTILE = ["<script>alert(1)</script>", "\"'><img/src/onerror/alert(2)>", "Ann&amp;", "<b>Ben</b>"]


def test_hostile_names_are_escaped_everywhere(tmp_path: Path) -> None:
    home, match = new_match(tmp_path, *HOSTILE)
    with served(home, match) as s:
        html = first_snapshot(s)["html"]
        page = request(s, "GET", f"/{s.key}/")[2]
    for text in (html, page):
        assert "<script>alert" not in text
        assert "<img" not in text and "<b>" not in text and "&amp;amp;" in text
        assert "&lt;script&gt;" in text


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_each_phone_picks_its_language(tmp_path: Path, lang: str) -> None:
    home, match = new_match(tmp_path)
    words = {"en": "Ben to play", "de": "Ben ist dran", "nl": "Ben is aan de beurt"}
    with served(home, match) as s:
        assert words[lang] in first_snapshot(s, lang)["html"]
        status, _, page = request(s, "GET", f"/{s.key}/?lang={lang}")
        assert status == 200 and f'<html lang="{lang}">' in page


def test_the_table_s_commands_import_nothing_of_serve(tmp_path: Path) -> None:
    from test_startup import TABLE_COMMANDS, demo_match, imported

    path = demo_match(tmp_path)
    for args in TABLE_COMMANDS[:2]:
        modules = imported(tmp_path / "home", tmp_path / "mods.txt", *args, "--match", path)
        assert not {m for m in modules if m.startswith(("starlette", "uvicorn", "segno"))}
        assert not {m for m in modules if m.startswith("scorekeeper.serve")}
