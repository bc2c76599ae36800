"""Running the real ``scorekeeper serve`` in tests: on 127.0.0.1, a free port, stopping by
itself; and plain HTTP to it (never to any address but loopback)."""

from __future__ import annotations

import http.client
import json
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from cli_helpers import cli_env, run_cli

pytest.importorskip("starlette", reason="the serve extra is not installed")
pytest.importorskip("uvicorn", reason="the serve extra is not installed")

LIFETIME = 120  # seconds: a server a test forgot still stops


@dataclass
class Served:
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


@contextmanager
def served(home: Path, match: Path, *more: str) -> Iterator[Served]:
    cmd = [sys.executable, "-m", "scorekeeper", "serve", "--match", str(match), "--port", "0"]
    proc = subprocess.Popen(
        [*cmd, "--stop-after", str(LIFETIME), *more],
        env=cli_env(home),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    urls: list[str] = []
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.strip().startswith("http://"):
            urls.append(line.strip())
        if len(urls) == 2:
            break
    if len(urls) < 2:
        proc.kill()
        raise AssertionError(proc.stderr.read() if proc.stderr else "no URL printed")
    try:
        yield Served(proc, urls[0], urls[1], home, match)
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def request(
    served: Served,
    method: str,
    path: str,
    body: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], str]:
    """One request to the server on 127.0.0.1: (status, headers, text)."""
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    data = json.dumps(body).encode() if body is not None else None
    sent = {"Content-Type": "application/json", **(headers or {})}
    conn.request(method, path, body=data, headers=sent)
    answer = conn.getresponse()
    text = answer.read().decode("utf-8")
    conn.close()
    return answer.status, {k.lower(): v for k, v in answer.getheaders()}, text


def first_snapshot(served: Served, lang: str = "en", timeout: float = 10) -> dict[str, Any]:
    """The first snapshot a stream sends."""
    with stream(served, lang) as events:
        return next(events)


@contextmanager
def stream(
    served: Served, lang: str = "en", cookie: str = ""
) -> Iterator[Iterator[dict[str, Any]]]:
    """An open event stream: each ``next`` is the next snapshot."""
    conn = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    headers = {"Cookie": f"scorer={cookie}"} if cookie else {}
    conn.request("GET", f"/{served.key}/events?lang={lang}", headers=headers)
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


def page_csrf(served: Served, cookie: str = "") -> tuple[str, str]:
    """The page's request token and version, as the page carries them."""
    headers = {"Cookie": f"scorer={cookie}"} if cookie else {}
    status, _, text = request(served, "GET", f"/{served.key}/", headers=headers)
    assert status == 200
    config = text.split('<script id="config" type="application/json">', 1)[1].split("</script>")[0]
    version = text.split('data-version="', 1)[1].split('"', 1)[0]
    return json.loads(config)["csrf"], version


def wait_for(predicate: Any, timeout: float = 10.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if value := predicate():
            return value
        time.sleep(0.05)
    raise AssertionError("timed out")
