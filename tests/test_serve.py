"""``scorekeeper serve`` over plain HTTP (issue 29): the live stream follows every write,
writes need the scorer's cookie and the page's token and the version they were made on,
the Host header is checked, names stay inert, Ctrl-C stops it, the lock is not held."""

from __future__ import annotations

import fcntl
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from cli_helpers import PLAYERS, cli_env, run_cli
from code_words import code_words
from serve_helpers import (
    Served,
    first_snapshot,
    handed_over,
    new_match,
    on_the_lan,
    page_csrf,
    request,
    scorer_cookie,
    served,
    stream,
    table_served,
)

pytest.importorskip("starlette", reason="the serve extra is not installed")
pytest.importorskip("uvicorn", reason="the serve extra is not installed")


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
    """The table's one guard (``Session.edit(expect=...)``): a tap made on the page as it
    was before the table recorded a card is refused, 409, with what changed worded as the
    table session words it, in the phone's language; nothing is recorded."""
    home, match = new_match(tmp_path)
    with served(home, match) as s:
        cookie = scorer_cookie(s)
        csrf, version = page_csrf(s, cookie)
        assert version.startswith("0.0.")  # Session.version: no hand begun yet, its mark
        assert s.cli("play", "QC").returncode == 0  # the table records meanwhile
        after = match.read_bytes()
        headers = {"Cookie": f"scorer={cookie}", "X-CSRF-Token": csrf}
        body = {"version": version, "action": "Ben AH", "lang": "de"}
        status, _, text = request(s, "POST", f"/{s.key}/act", body, headers)
        assert status == 409, text
        answer = json.loads(text)
        assert answer["changed"] == ["Ben hat KrD auf einem anderen Gerät gespielt"]
        assert "nichts" in answer["message"] and answer["version"].startswith("1.1.")
        assert match.read_bytes() == after
        # an undo elsewhere: the same guard, said as a correction
        assert s.cli("undo").returncode == 0
        undone = match.read_bytes()
        body = {"version": answer["version"], "lang": "nl"}
        status, _, text = request(s, "POST", f"/{s.key}/undo", body, headers)
        assert status == 409, text
        answer = json.loads(text)
        assert answer["changed"] == [] and answer["version"].startswith("0.0.")
        assert "niets" in answer["message"], answer
        assert match.read_bytes() == undone


def test_the_scorer_undoes_and_redoes(tmp_path: Path) -> None:
    home, match = new_match(tmp_path)
    with served(home, match) as s:
        cookie = scorer_cookie(s)
        jar = {"Cookie": f"scorer={cookie}"}

        def post(path: str, **body: str) -> tuple[int, dict[str, Any]]:
            csrf, version = page_csrf(s, cookie)
            sent = {"version": version, "lang": "en", **body}
            status, _, text = request(
                s, "POST", f"/{s.key}/{path}", sent, {**jar, "X-CSRF-Token": csrf}
            )
            return status, json.loads(text)

        assert post("act", action="Ben QC")[0] == 200
        recorded = match.read_bytes()
        status, answer = post("undo")
        assert status == 200 and answer["message"] == "Undone: removed 'Ben QC'", answer
        assert b'"Ben QC"' not in match.read_bytes()
        status, answer = post("redo")
        assert (
            status == 200
            and answer["message"].startswith("Put back: ")
            and "Ben QC" in answer["message"]
        )
        assert match.read_bytes() == recorded
        status, answer = post("redo")  # nothing left to put back: refused with its rule
        assert status == 422 and answer["rule"] == "undo", answer
        assert match.read_bytes() == recorded


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


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
@pytest.mark.parametrize("player", ["Ben", "@SUM(1+1)"])
def test_a_refusal_quoting_a_typed_action_is_inert(tmp_path: Path, lang: str, player: str) -> None:
    """A refusal quotes what the scorer typed; every text of the answer shows its control
    characters as escapes (before: the typed action came back raw at the head of the
    message, and a right-to-left override reordered the answer on the phone)."""
    home, match = new_match(tmp_path)
    typed = player + " q\x1b[41mc\u202e\x1b]52;c;se9t\x07\x9b"
    with served(home, match) as s:
        cookie = scorer_cookie(s)
        csrf, version = page_csrf(s, cookie)
        headers = {"Cookie": f"scorer={cookie}", "X-CSRF-Token": csrf}
        body = {"version": version, "action": typed, "lang": lang}
        status, _, text = request(s, "POST", f"/{s.key}/act", body, headers)
    assert status == 422, text
    answer = json.loads(text)
    for value in answer.values():
        assert not any(c in str(value) for c in "\x1b\x07\x9b\u202e"), answer
    assert "\\x1b[41m" in answer["message"] and "\\u202e" in answer["message"], answer


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
        fd = os.open(match, os.O_RDONLY)  # the match's lock: an flock on the file itself
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
        assert "<img" not in text and "<b>Ben</b>" not in text and "&amp;amp;" in text
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
    for args in TABLE_COMMANDS:  # every command of P1: its start-up unchanged by the extra
        modules = imported(tmp_path / "home", tmp_path / "mods.txt", *args, "--match", path)
        assert not {m for m in modules if m.startswith(("starlette", "uvicorn", "segno"))}
        assert not {m for m in modules if m.startswith("scorekeeper.serve")}


def test_lan_prints_every_address_with_its_code_and_the_hints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _home, match = new_match(tmp_path)
    serving, out = on_the_lan(match, monkeypatch)
    try:
        serving.say_where()
    finally:
        serving.close_sockets()
    text = out.getvalue()
    port = serving.port
    for host in ("127.0.0.2", "127.0.0.3"):
        assert f"http://{host}:{port}/{serving.guard.key}/" in text
    assert "http://127.0.0.1" not in text  # a phone cannot use the loopback address
    assert text.count("scorer/") == 1
    assert "█" in text or "▀" in text  # the codes
    assert "Wi-Fi" in text and str(port) in text and "firewall" in text


def test_only_real_interfaces_with_private_addresses_are_offered() -> None:
    from scorekeeper.serve.net import usable

    assert usable("wlan0", "192.168.1.20") and usable("enp3s0", "10.0.0.7")
    assert usable("wlp2s0", "172.20.10.2")
    for name, address in [
        ("docker0", "172.17.0.1"),
        ("br-3f2a", "172.18.0.1"),
        ("veth12", "10.1.0.1"),
        ("virbr0", "192.168.122.1"),
        ("lo", "127.0.0.1"),
        ("eth0", "8.8.8.8"),
        ("eth0", "169.254.3.4"),
    ]:
        assert not usable(name, address), (name, address)


def test_table_serve_serves_beside_the_session_and_stops_with_it(tmp_path: Path) -> None:
    home, match = new_match(tmp_path)
    with table_served(home, match) as (proc, (url,)):
        assert proc.stdin is not None
        port, path = urlsplit(url).port, urlsplit(url).path
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", path)
        assert conn.getresponse().status == 200
        conn.close()
        proc.stdin.write("qc\nquit\n")
        proc.stdin.close()
        assert proc.wait(30) == 0
    assert '"Ben QC"' in match.read_text()
    time.sleep(0.5)
    with pytest.raises(OSError):
        http.client.HTTPConnection("127.0.0.1", port, timeout=2).request("GET", path)


def test_the_private_referee_answers_from_the_hand_on_the_table(tmp_path: Path) -> None:
    home, match = new_match(tmp_path)
    with served(home, match) as s:
        assert s.cli("trick", "QC", "10H").returncode == 0  # Dirk to play
        before = match.read_bytes()
        csrf, _version = page_csrf(s)
        body = {"hand": "9C AH 10H KS", "lang": "en"}
        status, headers, text = request(
            s, "POST", f"/{s.key}/referee", body, {"X-CSRF-Token": csrf}
        )
        assert status == 200, text
        lines = json.loads(text)["lines"]
        assert lines[0] == "You may play: 10H"
        assert any(line.startswith("Not 9C: must follow trumps") for line in lines)
        assert headers["cache-control"] == "no-store"
        trick = {"hand": "Anna:QH Ben:JD Carla:10D Dirk:QH", "lang": "de"}
        status, _, text = request(s, "POST", f"/{s.key}/referee", trick, {"X-CSRF-Token": csrf})
        assert status == 200 and json.loads(text)["lines"][0].startswith("Anna: ")
        bad = request(s, "POST", f"/{s.key}/referee", body)  # no page token
        assert bad[0] == 403
        s.proc.send_signal(signal.SIGINT)
        s.proc.wait(10)
        said = (s.proc.stdout.read() if s.proc.stdout else "") + (
            s.proc.stderr.read() if s.proc.stderr else ""
        )
    assert match.read_bytes() == before  # nothing stored
    assert "9C" not in said and "KS" not in said  # nor logged


@pytest.mark.parametrize(
    ("lang", "hand", "trick", "may"),
    [
        ("de", "Kreuz 9, Herz Ass, H10, PK", "Anna:HD Ben:KaB Carla:Ka10 Dirk:HD", "10♥"),
        ("nl", "Kl9 HA H10 SH", "Anna:HV Ben:RB Carla:R10 Dirk:HV", "10♥"),
    ],
)
def test_the_private_referee_reads_the_cards_as_the_phone_words_them(
    tmp_path: Path, lang: str, hand: str, trick: str, may: str
) -> None:
    """An English match, a German or Dutch phone: the cards typed in the phone's words
    (its short forms and its whole names), the answer in its words too."""
    home, match = new_match(tmp_path)
    with served(home, match) as s:
        assert s.cli("trick", "QC", "10H").returncode == 0  # Dirk to play
        csrf, _version = page_csrf(s)
        body = {"hand": hand, "lang": lang}
        status, _, text = request(s, "POST", f"/{s.key}/referee", body, {"X-CSRF-Token": csrf})
        assert status == 200, text
        lines = json.loads(text)["lines"]
        assert lines[0].endswith(f": {may}"), lines
        assert len(lines) == 4 and not any(code_words(line, lang) for line in lines), lines
        body = {"hand": trick, "lang": lang}
        status, _, text = request(s, "POST", f"/{s.key}/referee", body, {"X-CSRF-Token": csrf})
        assert status == 200 and json.loads(text)["lines"][0].startswith("Anna: "), text


def test_the_scorer_hands_the_role_to_another_phone(tmp_path: Path) -> None:
    home, match = new_match(tmp_path)
    with served(home, match) as s:
        handed, jar, version = handed_over(s, "en")
        assert handed["qr"].startswith("<svg") and "<script" not in handed["qr"]
        status, headers, _ = request(s, "GET", urlsplit(handed["url"]).path)
        assert status == 303
        second = headers["set-cookie"].split(";", 1)[0].split("=", 1)[1]
        body = {"version": version, "action": "Ben QC", "lang": "en"}
        assert request(s, "POST", f"/{s.key}/act", body, jar)[0] == 403  # the first: no more
        csrf2, _ = page_csrf(s, second)
        jar2 = {"Cookie": f"scorer={second}", "X-CSRF-Token": csrf2}
        assert request(s, "POST", f"/{s.key}/act", body, jar2)[0] == 200
        stranger = {"X-CSRF-Token": page_csrf(s)[0]}
        assert request(s, "POST", f"/{s.key}/handover", {"lang": "en"}, stranger)[0] == 403


@pytest.mark.parametrize(
    ("ruleset", "players", "asked", "not_asked"),
    [
        ("doppelkopf", PLAYERS, {"re", "re_points", "redeal"}, {"solo"}),
        ("doppelkopf-ddv", PLAYERS, {"re", "re_points", "solo"}, set()),
        ("klaverjassen", PLAYERS, {"playing", "trump", "points", "roem"}, {"points_of"}),
        ("klaverjassen-3", PLAYERS[:3], {"playing", "points_of", "roem_of"}, {"points", "roem"}),
        ("bierkopf", PLAYERS, {"team", "points"}, {"redeal"}),
    ],
)
def test_the_quick_form_asks_only_what_the_game_takes(
    tmp_path: Path, ruleset: str, players: list[str], asked: set[str], not_asked: set[str]
) -> None:
    home, match = new_match(tmp_path, *players, ruleset=ruleset)
    with served(home, match) as s:
        cookie = scorer_cookie(s)
        page = request(s, "GET", f"/{s.key}/", headers={"Cookie": f"scorer={cookie}"})[2]
        onlooker = request(s, "GET", f"/{s.key}/")[2]
    form = page.split('<form id="quick"', 1)[1].split("</form>", 1)[0]
    names = set(re.findall(r'name="(\w+)"', form)) - {"said"}
    assert asked <= names and not (not_asked & names), names
    assert '<form id="quick"' not in onlooker  # the scorer's only


def test_a_quick_hand_is_read_in_the_phone_s_language(tmp_path: Path) -> None:
    home, match = new_match(tmp_path, ruleset="klaverjassen")
    with served(home, match) as s:
        cookie = scorer_cookie(s)
        csrf, version = page_csrf(s, cookie)
        jar = {"Cookie": f"scorer={cookie}", "X-CSRF-Token": csrf}
        facts = {"playing": "Ben", "trump": "harten", "points": "100", "roem": "20"}
        body = {"version": version, "lang": "nl", "facts": facts, "said": ""}
        status, _, text = request(s, "POST", f"/{s.key}/quick", body, jar)
        assert status == 200, text
        assert json.loads(text)["message"].startswith("Spel 1"), text
        csrf, version = page_csrf(s, cookie)
        jar["X-CSRF-Token"] = csrf
        before = match.read_bytes()
        body = {"version": version, "lang": "de", "facts": {**facts, "points": "200"}}
        status, _, text = request(s, "POST", f"/{s.key}/quick", body, jar)
        assert status == 422 and json.loads(text)["field"] == "points", text
        assert match.read_bytes() == before
    assert 'trump = "hearts"' in match.read_text()


def test_table_serve_s_scorer_command_revokes_the_phone_and_makes_a_new_page(
    tmp_path: Path,
) -> None:
    """``scorer`` (German ``schreiber``) in ``table --serve``: the phone that records loses
    the role at once, and a new scorer's page is shown for the phone that takes it over."""
    home, match = tmp_path / "home", tmp_path / "m.toml"
    res = run_cli(home, "new", "doppelkopf", *PLAYERS, "--match", match, "--lang", "de")
    assert res.returncode == 0, res.stderr
    with table_served(home, match, urls=2) as (proc, urls):
        assert proc.stdin is not None and proc.stdout is not None
        port = urlsplit(urls[0]).port
        served = Served(proc, urls[0], urls[1], home, match)
        assert port and served.key
        first = scorer_cookie(served)
        csrf, version = page_csrf(served, first)
        jar = {"Cookie": f"scorer={first}", "X-CSRF-Token": csrf}
        proc.stdin.write("schreiber\n")
        proc.stdin.flush()
        new = ""
        for line in proc.stdout:
            if "/scorer/" in line:
                new = line.strip()
                break
        assert new and new != urls[1], new
        body = {"version": version, "action": "Ben QC", "lang": "de"}
        assert request(served, "POST", f"/{served.key}/act", body, jar)[0] == 403
        served.scorer_url = new
        second = scorer_cookie(served)
        csrf, version = page_csrf(served, second)
        jar = {"Cookie": f"scorer={second}", "X-CSRF-Token": csrf}
        assert request(served, "POST", f"/{served.key}/act", body, jar)[0] == 200
        proc.stdin.write("ende\n")
        proc.stdin.close()
        assert proc.wait(30) == 0
    assert '"Ben QC"' in match.read_text()


def test_the_scorer_command_without_serve_says_how_to_serve(tmp_path: Path) -> None:
    home, match = new_match(tmp_path)
    cmd = [sys.executable, "-m", "scorekeeper", "table", "--match", str(match)]
    res = subprocess.run(
        cmd, env=cli_env(home), input="scorer\n", capture_output=True, text=True, timeout=60
    )
    assert "table --serve" in res.stderr and "Traceback" not in res.stderr, res
    assert "Traceback" not in res.stderr
