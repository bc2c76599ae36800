"""The hall's live standings of an event (``scorekeeper event serve``): one read-only page
for a screen in the hall or any phone, made anew when a table's match file or the event
file changes.

It reuses the live sheet's machinery: the unguessable key in the URL and the limit of
streams per device (:class:`~scorekeeper.serve.guard.Guard`), the phone's language
(:func:`~scorekeeper.serve.app.pick_language`), the sockets and their addresses
(:mod:`~scorekeeper.serve.run`), the watch on files (:class:`~scorekeeper.serve.watch.Watch`:
the kernel tells of a write, nothing is polled) and the one stream loop
(:class:`~scorekeeper.serve.live.Feed`). A timer wakes it once a minute, for the round's clock. Nothing is written: there is no scorer and no form.

Paths::

    GET  /KEY/          the standings page (``?lang=de``)
    GET  /KEY/events    its stream: a snapshot on connect and on every change
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any, TextIO

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from scorekeeper.serve.app import pick_language, security_headers
from scorekeeper.serve.guard import Guard
from scorekeeper.serve.live import FOLLOW, Feed, speaking
from scorekeeper.serve.run import (
    DEFAULT_PORT,
    Listening,
    Uvicorn,
    config,
    qr,
    run_until_stopped,
)
from scorekeeper.serve.watch import Watch, stamp
from scorekeeper.text import language
from scorekeeper.view import templates
from scorekeeper.view.words import say


class Board:
    """The event's files as last seen, the page's words made of them per language, and
    the :class:`~scorekeeper.serve.live.Feed` of open streams; ``render(lang)`` makes the
    live part (the standings)."""

    def __init__(self, files: Callable[[], list[Path]], render: Callable[[str], str]) -> None:
        self.files = files
        self._render = render
        self.seen = self._look()
        self.version = 0
        self._words: dict[str, str] = {}
        self.feed = Feed()

    def _look(self) -> tuple[Any, ...]:
        """The files' stamps, and the minute: the round's time on the page moves on."""
        return (int(time.time() // 60), *((str(p), stamp(p)) for p in self.files()))

    def words(self, lang: str) -> str:
        if lang not in self._words:
            with speaking(lang):
                self._words[lang] = self._render(lang)
        return self._words[lang]

    def look(self) -> None:
        """Look at the files again: if any changed, the words are made anew and every
        stream is woken."""
        now = self._look()
        if now != self.seen:
            self.seen = now
            self.version += 1
            self._words.clear()
            self.feed.wake_all()


def document(key: str, lang: str, body: str) -> str:
    """The whole page: the standings as they are now and the script that keeps them so."""
    links = " ".join(
        f'<a href="?lang={code}" hreflang="{code}">{code.upper()}</a>'
        for code in language.LANGUAGES
    )
    texts = json.dumps({"on": say("serve.connected"), "off": say("serve.disconnected")})
    config = json.dumps({"key": key, "lang": lang})
    return "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="{escape(lang)}"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            '<meta name="referrer" content="no-referrer">',
            f"<title>{escape(say('club.hall_title'))}</title>",
            f"<style>{templates.STYLE}{STYLE}</style></head><body>",
            f'<div id="link" class="off" role="status">{escape(say("serve.connecting"))}</div>',
            f'<nav class="langs">{links}</nav>',
            f'<main id="live">{body}</main>',
            f'<script id="config" type="application/json">{_safe(config)}</script>',
            f'<script id="texts" type="application/json">{_safe(texts)}</script>',
            f"<script>{FOLLOW}{SCRIPT}</script>",
            "</body></html>",
        ]
    )


def _safe(text: str) -> str:
    """JSON inside a script element: ``</script>`` cannot end it early."""
    return text.replace("<", "\\u003c")


STYLE = """
body { margin: 0 auto; padding: .5em .6em 2em; max-width: 60em; }
#link { position: sticky; top: 0; padding: .2em .6em; border-radius: .4em; font-size: .8em;
  background: #2e7d32; color: #fff; display: inline-block; }
#link.off { background: #b00020; }
nav.langs a { margin-right: .6em; }
.sheet-box { overflow-x: auto; }
table.sheet { width: 100%; }
table.sheet td, table.sheet th { overflow-wrap: anywhere; }
"""

SCRIPT = r"""
(function () {
  var config = JSON.parse(document.getElementById("config").textContent);
  var texts = JSON.parse(document.getElementById("texts").textContent);
  var live = document.getElementById("live");
  follow("/" + config.key + "/events?lang=" + config.lang, texts, function (data) {
    renew(live, data.html);
    live.setAttribute("data-version", String(data.version));
  });
})();
"""


class Hall:
    """One ``event serve`` run: its sockets, the board, the key, and the app."""

    def __init__(
        self,
        board: Board,
        *,
        lan: bool = False,
        port: int = DEFAULT_PORT,
        out: TextIO | None = None,
        title: str = "",
    ) -> None:
        self.board = board
        self.out = out or sys.stdout
        self.lan = lan
        self.title = title
        self.listening = Listening(lan=lan, port=port)
        self.port = self.listening.port
        self.guard = Guard()
        self.server: Uvicorn | None = None

    def url(self, host: str) -> str:
        return f"http://{host}:{self.port}/{self.guard.key}/"

    def app(self) -> Starlette:
        routes = [Route("/{key}/", self.page), Route("/{key}/events", self.events)]
        middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=self.listening.hosts)]
        return Starlette(routes=routes, middleware=middleware)

    async def page(self, request: Request) -> Response:
        if not self.guard.is_key(request.path_params.get("key", "")):
            return Response(status_code=404)
        lang = pick_language(request)
        body = self.board.words(lang)
        with speaking(lang):
            html = document(self.guard.key, lang, body)
        return HTMLResponse(html, headers=security_headers(forms=False))

    async def events(self, request: Request) -> Response:
        if not self.guard.is_key(request.path_params.get("key", "")):
            return Response(status_code=404)
        client = request.client.host if request.client else "?"
        lang = pick_language(request)
        if not self.guard.open_stream(client):
            with speaking(lang):
                return JSONResponse({"message": say("serve.too_many")}, status_code=429)

        def snapshot() -> dict[str, Any]:
            return {"version": self.board.version, "html": self.board.words(lang)}

        return StreamingResponse(
            self.board.feed.stream(snapshot, lambda: self.guard.close_stream(client)),
            media_type="text/event-stream",
            headers={**security_headers(forms=False), "X-Accel-Buffering": "no"},
        )

    def close_sockets(self) -> None:
        self.listening.close()

    def say_where(self) -> None:
        write = self.out.write
        write(say("club.hall_listening", event=self.title) + "\n")
        for host in self.listening.shown:
            write(f"  {self.url(host)}\n")
            if self.lan:
                qr(self.url(host), self.out)
        write(say("serve.wifi", port=self.port) if self.lan else say("club.hall_local_only"))
        write("\n")
        self.out.flush()

    def run(self, stop_after: float | None = None) -> None:
        """Serve until Ctrl-C (or ``stop_after`` seconds)."""
        try:
            run_until_stopped(lambda: self._serve(stop_after), self.say_where)
        finally:
            self.close_sockets()
        self.out.write(say("serve.stopped") + "\n")

    async def _serve(self, stop_after: float | None) -> None:
        self.server = Uvicorn(config(self.app()), self.board.feed.close)
        loop = asyncio.get_running_loop()
        watch = Watch(self.board.files, self.board.look)  # the kernel tells of a write
        watch.start()
        minute = loop.call_at(_next_minute(loop), self._each_minute)
        self._minute = minute
        if stop_after is not None:
            loop.call_later(stop_after, self.stop)
        try:
            await self.server.serve(sockets=self.listening.sockets)
        finally:
            watch.stop()
            self._minute.cancel()

    def _each_minute(self) -> None:
        """The round's time on the page moves on once a minute: the one timer."""
        self.board.look()
        loop = asyncio.get_running_loop()
        self._minute = loop.call_at(_next_minute(loop), self._each_minute)

    def stop(self) -> None:
        self.board.feed.close()
        if self.server is not None:
            self.server.should_exit = True
            self.server.wake()


def _next_minute(loop: asyncio.AbstractEventLoop) -> float:
    """The loop's time at the start of the next minute of the clock."""
    now = time.time()
    return loop.time() + (60 - now % 60) + 0.05
