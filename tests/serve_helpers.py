"""The served pages as a phone reaches them, for the tests of ``scorekeeper serve``,
``table --serve`` and ``event serve``: the real command in a process of its own on a
free port (stopped with Ctrl-C), the addresses it prints, requests and event streams
over plain HTTP, the page's own tokens, and an in-process server on two loopback
addresses standing for a table's network (for the printed QR codes)."""

from __future__ import annotations

import http.client
import io
import json
import signal
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit

import pytest
from cli_helpers import PLAYERS, cli_env, run_cli

LIFETIME = 120  # seconds: a server a test forgot still stops
LAN = ["127.0.0.2", "127.0.0.3"]  # loopback addresses standing for a table's network


class Where(Protocol):
    """A served page: the port it answers on and the key in its address."""

    @property
    def port(self) -> int: ...

    @property
    def key(self) -> str: ...


@dataclass
class Address:
    """A page's address (``event serve``'s hall)."""

    url: str

    @property
    def port(self) -> int:
        return urlsplit(self.url).port or 0

    @property
    def key(self) -> str:
        return urlsplit(self.url).path.strip("/")


@dataclass
class Served:
    """A running ``scorekeeper serve``: its process, the live page, the scorer's one-time
    address, and the match it serves."""

    proc: subprocess.Popen[str]
    url: str  # the live page
    scorer_url: str
    home: Path
    match: Path

    @property
    def port(self) -> int:
        return urlsplit(self.url).port or 0

    @property
    def key(self) -> str:
        return urlsplit(self.url).path.strip("/")

    def cli(self, *args: str) -> subprocess.CompletedProcess[str]:
        return run_cli(self.home, *args, "--match", self.match)


def start(home: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    """``scorekeeper ARGS`` in a process of its own in the data folder ``home``, its
    output read as text."""
    return subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", *args],
        env=cli_env(home, None, env),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def printed_urls(lines: Iterable[str], count: int) -> list[str]:
    """The first ``count`` addresses a serving command prints (fewer if it ends first)."""
    urls: list[str] = []
    for line in lines:
        if line.strip().startswith("http://"):
            urls.append(line.strip())
        if len(urls) == count:
            break
    return urls


@contextmanager
def serving(
    home: Path, command: Sequence[str], *more: str, urls: int = 1
) -> Iterator[tuple[subprocess.Popen[str], list[str]]]:
    """``scorekeeper COMMAND`` on a free port (or the one ``MORE`` names) for
    :data:`LIFETIME` seconds at most: its process and the first ``urls`` addresses it
    printed while it runs; Ctrl-C after."""
    proc = start(home, *command, "--port", "0", "--stop-after", str(LIFETIME), *more)
    assert proc.stdout is not None
    found = printed_urls(proc.stdout, urls)
    if len(found) < urls:
        proc.kill()
        raise AssertionError(proc.stderr.read() if proc.stderr else "no URL printed")
    try:
        yield proc, found
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@contextmanager
def served(home: Path, match: Path, *more: str) -> Iterator[Served]:
    """``scorekeeper serve --match MATCH MORE`` while it runs."""
    with serving(home, ("serve", "--match", str(match)), *more, urls=2) as (proc, urls):
        yield Served(proc, urls[0], urls[1], home, match)


@contextmanager
def hall(home: Path, name: str, procs: list[Any] | None = None) -> Iterator[str]:
    """``event serve NAME`` on a free port: its URL while it runs (its process appended
    to ``procs``)."""
    with serving(home, ("event", "serve", name)) as (proc, urls):
        if procs is not None:
            procs.append(proc)
        yield urls[0]


def fetch(
    port: int,
    method: str,
    path: str,
    body: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
    host: str = "127.0.0.1",
) -> tuple[int, dict[str, str], str]:
    """One request to the server on ``host``: (status, headers in lower case, text)."""
    conn = http.client.HTTPConnection(host, port, timeout=10)
    data = json.dumps(body).encode() if body is not None else None
    sent = {"Content-Type": "application/json", **(headers or {})}
    conn.request(method, path, body=data, headers=sent)
    answer = conn.getresponse()
    text = answer.read().decode("utf-8")
    conn.close()
    return answer.status, {k.lower(): v for k, v in answer.getheaders()}, text


def get(url: str) -> tuple[int, dict[str, str], str]:
    """A GET of a whole address, on the host it names, as a phone opens it."""
    parts = urlsplit(url)
    return fetch(parts.port or 80, "GET", parts.path, host=parts.hostname or "")


def request(
    served: Where,
    method: str,
    path: str,
    body: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], str]:
    """One request to the server on 127.0.0.1: (status, headers, text)."""
    return fetch(served.port, method, path, body, headers)


def first_snapshot(served: Where, lang: str = "en", timeout: float = 10) -> dict[str, Any]:
    """The first snapshot a stream sends."""
    with stream(served, lang) as events:
        return next(events)


@contextmanager
def stream(
    served: Where, lang: str | None = "en", cookie: str = ""
) -> Iterator[Iterator[dict[str, Any]]]:
    """An open event stream: each ``next`` is the next snapshot (``lang=None``: the
    page's address asks for no language)."""
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    headers = {"Cookie": f"scorer={cookie}"} if cookie else {}
    query = f"?lang={lang}" if lang else ""
    conn.request("GET", f"/{served.key}/events{query}", headers=headers)
    answer = conn.getresponse()
    assert answer.status == 200

    def events() -> Iterator[dict[str, Any]]:
        event = ""
        while True:
            line = answer.fp.readline().decode("utf-8")
            if not line:
                return
            if line.startswith("event:"):
                event = line.split(":", 1)[1].strip()
            elif line.startswith("data:") and event == "snapshot":
                yield json.loads(line.split(":", 1)[1])

    try:
        yield events()
    finally:
        conn.close()


def scorer_cookie(served: Served) -> str:
    status, headers, _ = request(served, "GET", urlsplit(served.scorer_url).path)
    assert status == 303, status
    cookie = headers["set-cookie"]
    assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower(), cookie
    return cookie.split(";", 1)[0].split("=", 1)[1]


def page_config(text: str) -> dict[str, Any]:
    """The settings a page carries for its script (its request token, whether it records)."""
    config = text.split('<script id="config" type="application/json">', 1)[1].split("</script>")[0]
    return dict(json.loads(config))


def handed_over(served: Served, lang: str) -> tuple[dict[str, Any], dict[str, str], str]:
    """The scorer's phone hands its role over (in ``lang``): what it is handed (the new
    scorer's address and its code: ``url``, ``qr``), the first scorer's request headers
    (cookie and page token) and the page's version."""
    first = scorer_cookie(served)
    csrf, version = page_csrf(served, first)
    jar = {"Cookie": f"scorer={first}", "X-CSRF-Token": csrf}
    status, _, text = request(served, "POST", f"/{served.key}/handover", {"lang": lang}, jar)
    assert status == 200, text
    return json.loads(text), jar, version


@contextmanager
def table_served(
    home: Path, match: Path, urls: int = 1
) -> Iterator[tuple[subprocess.Popen[str], list[str]]]:
    """``scorekeeper table --serve`` on the match, lines written to it through a pipe: its
    process and the first ``urls`` addresses it printed; killed after if still running."""
    cmd = [sys.executable, "-m", "scorekeeper", "table", "--serve", "--match", str(match)]
    proc = subprocess.Popen(
        cmd, env=cli_env(home), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        yield proc, printed_urls(proc.stdout, urls)
    finally:
        if proc.poll() is None:
            proc.kill()


def page_csrf(served: Served, cookie: str = "") -> tuple[str, str]:
    """The page's request token and version, as the page carries them."""
    headers = {"Cookie": f"scorer={cookie}"} if cookie else {}
    status, _, text = request(served, "GET", f"/{served.key}/", headers=headers)
    assert status == 200
    version = text.split('data-version="', 1)[1].split('"', 1)[0]
    return page_config(text)["csrf"], version


def wait_for(predicate: Any, timeout: float = 10.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if value := predicate():
            return value
        time.sleep(0.05)
    raise AssertionError("timed out")


def new_match(tmp_path: Path, *players: str, ruleset: str = "doppelkopf") -> tuple[Path, Path]:
    home, match = tmp_path / "home", tmp_path / "m.toml"
    res = run_cli(home, "new", ruleset, *(players or PLAYERS), "--match", match)
    assert res.returncode == 0, res.stderr
    return home, match


def on_the_lan(match: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, io.StringIO]:
    """``serve --lan`` in this process (not yet serving), its network's addresses
    :data:`LAN`: the server and what it prints."""
    from scorekeeper.serve import run

    monkeypatch.setattr(run, "lan_addresses", lambda: list(LAN))
    out = io.StringIO()
    return run.Serving(match, lan=True, port=0, out=out), out


def idle_wakeups(pid: int, seconds: float = 3.0) -> int:
    """How often the process ``pid`` woke in ``seconds`` with nothing happening (Linux's
    voluntary context switches), after half a second to settle."""
    time.sleep(0.5)
    before = _switches(pid)
    time.sleep(seconds)
    return _switches(pid) - before


def _switches(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("voluntary_ctxt_switches:"):
            return int(line.split()[1])
    raise AssertionError("no context switches counted")
