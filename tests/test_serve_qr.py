"""The QR codes hold exactly the address printed beside them (issue 29): each code that
``serve --lan`` prints in the terminal and the code of a hand-over's address are read
back as a phone's camera reads them (tests/qr_read.py, written for the tests, not the
encoder the program uses) and the address read is opened: the scorer's code makes a
phone the scorer, once."""

from __future__ import annotations

import io
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from qr_read import Unreadable, decode, from_svg, from_terminal
from serve_helpers import LAN, get, handed_over, new_match, on_the_lan, request, served

pytest.importorskip("segno", reason="the serve extra is not installed")

import segno

from scorekeeper.serve import run

BLOCKS = set("█▀▄ ")


def printed_codes(text: str) -> list[tuple[str, str]]:
    """(the address printed, what the code drawn under it holds), in order."""
    lines = text.splitlines()
    found = []
    for i, line in enumerate(lines):
        if not line.strip().startswith("http://"):
            continue
        drawn = []
        for below in lines[i + 1 :]:
            if not below or set(below) - BLOCKS:
                break
            drawn.append(below)
        assert drawn, f"no code under {line.strip()}"
        found.append((line.strip(), decode(from_terminal(drawn))))
    return found


def test_every_printed_code_holds_its_address_and_the_scorer_s_opens_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _home, match = new_match(tmp_path)
    serving, out = on_the_lan(match, monkeypatch)
    thread = threading.Thread(target=serving.run, kwargs={"stop_after": 60}, daemon=True)
    thread.start()
    try:
        codes = printed_codes(_printed(out, serving))
        pages = [serving.url(host) for host in LAN]
        scorer = serving.scorer_url(LAN[0])
        assert codes == [(pages[0], pages[0]), (pages[1], pages[1]), (scorer, scorer)]
        token = urlsplit(codes[2][1]).path.rsplit("/", 1)[1]
        assert token == serving.guard.token and len(token) >= 20
        # the address read from the code, opened as the phone opens it
        status, headers, _ = get(codes[2][1])
        assert status == 303 and "scorer=" in headers.get("set-cookie", "")
        assert get(codes[2][1])[0] == 403  # once
        assert get(codes[1][1])[0] == 200  # the live page, on the other address
    finally:
        serving.stop()
        thread.join(10)


def _printed(out: io.StringIO, serving: run.Serving) -> str:
    """What the server printed, once it answers (it prints before it serves)."""
    assert get(serving.url("127.0.0.1"))[0] == 200
    return out.getvalue()


def test_the_hand_over_s_code_holds_its_address(tmp_path: Path) -> None:
    home, match = new_match(tmp_path)
    with served(home, match) as s:
        handed, _jar, _version = handed_over(s, "de")
        read = decode(from_svg(handed["qr"]))
        assert read == handed["url"] and f"/{s.key}/scorer/" in read
        status, headers, _ = request(s, "GET", urlsplit(read).path)
        assert status == 303 and "scorer=" in headers["set-cookie"]


def test_the_reader_reads_what_was_drawn_and_nothing_else() -> None:
    url = "http://192.168.178.24:8737/Zq3xQ0_kd8Vw-1bJ7mA2cR9s/scorer/h4T0kPz9Xy2LwQe8rV6nM1sA"
    for error in "lmqh":
        code = segno.make_qr(url, error=error)
        drawn = io.StringIO()
        code.terminal(out=drawn, compact=True)
        assert decode(from_terminal(drawn.getvalue().splitlines())) == url
        assert decode(from_svg(code.svg_inline(scale=4, border=2))) == url
    assert decode(from_terminal(_drawn(url[:-1] + "B"))) == url[:-1] + "B"
    lines = _drawn(url)
    spoiled = lines[10][:14] + ("▀" if lines[10][14] != "▀" else "▄") + lines[10][15:]
    with pytest.raises(Unreadable):  # one module wrong: the check codewords do not match
        decode(from_terminal([*lines[:10], spoiled, *lines[11:]]))
    with pytest.raises(Unreadable):  # a code cut short
        decode(from_terminal(lines[:-4]))


def _drawn(text: str) -> list[str]:
    drawn = io.StringIO()
    segno.make_qr(text, error="l").terminal(out=drawn, compact=True)
    return drawn.getvalue().splitlines()
