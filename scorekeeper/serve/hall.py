"""The hall's live standings of an event (``scorekeeper event serve``): one read-only page
for a screen in the hall or any phone, made anew when a table's match file or the event
file changes.

It reuses the live sheet's machinery: the unguessable key in the URL and the limit of
streams per device (:class:`~scorekeeper.serve.guard.Guard`), the phone's language
(:func:`~scorekeeper.serve.app.pick_language`), the sockets and their addresses
(:mod:`~scorekeeper.serve.run`), a file's stamp (:func:`~scorekeeper.serve.watch.stamp`)
and the same stream of snapshots. Nothing is written: there is no scorer and no form.

Paths::

    GET  /KEY/          the standings page (``?lang=de``)
    GET  /KEY/events    its stream: a snapshot on connect and on every change
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import AsyncIterator, Callable
from html import escape
from pathlib import Path
from typing import Any, TextIO

import uvicorn
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from scorekeeper.serve.app import KEEP_ALIVE, pick_language, security_headers
from scorekeeper.serve.guard import Guard
from scorekeeper.serve.live import speaking
from scorekeeper.serve.net import lan_addresses
from scorekeeper.serve.run import DEFAULT_PORT, LOOPBACK, bind, qr
from scorekeeper.serve.watch import stamp
from scorekeeper.text import language
from scorekeeper.view import templates
from scorekeeper.view.words import say

POLL = 1.0
"""Seconds between two looks at the event's files (a look is one ``stat`` per file)."""


class Board:
    """The event's files as last seen, the page's words made of them per language, and
    the open streams; ``render(lang)`` makes the live part (the standings)."""

    def __init__(self, files: Callable[[], list[Path]], render: Callable[[str], str]) -> None:
        self._files = files
        self._render = render
        self.seen = self._look()
        self.version = 0
        self._words: dict[str, str] = {}
        self._queues: set[asyncio.Queue[int]] = set()

    def _look(self) -> tuple[Any, ...]:
        """The files' stamps, and the minute: the round's time on the page moves on."""
        return (int(time.time() // 60), *((str(p), stamp(p)) for p in self._files()))

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
            self.wake_all()

    def subscribe(self) -> asyncio.Queue[int]:
        queue: asyncio.Queue[int] = asyncio.Queue(maxsize=1)
        self._queues.add(queue)
        return queue

    def unsubscribe(self, queue: asyncio.Queue[int]) -> None:
        self._queues.discard(queue)

    def wake_all(self) -> None:
        for queue in list(self._queues):
            if queue.empty():
                queue.put_nowait(self.version)


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
            f"<script>{SCRIPT}</script>",
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
  var link = document.getElementById("link");
  var live = document.getElementById("live");
  var source = null, timer = null;
  function show(on) {
    link.textContent = on ? texts.on : texts.off;
    link.className = on ? "on" : "off";
  }
  function connect() {
    if (source) { source.close(); }
    source = new EventSource("/" + config.key + "/events?lang=" + config.lang);
    source.addEventListener("snapshot", function (e) {
      var data = JSON.parse(e.data);
      live.innerHTML = data.html;
      live.setAttribute("data-version", String(data.version));
      show(true);
    });
    source.onopen = function () { show(true); };
    source.onerror = function () {
      show(false);
      if (source.readyState === 2 && !timer) {
        timer = setTimeout(function () { timer = null; connect(); }, 2000);
      }
    };
  }
  connect();
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
        self.addresses = lan_addresses() if lan else []
        self.sockets = [bind(LOOPBACK, port)]
        self.port = self.sockets[0].getsockname()[1]
        try:
            self.sockets += [bind(a, self.port) for a in self.addresses]
        except OSError:
            self.close_sockets()
            raise
        self.guard = Guard()
        self.hosts = [LOOPBACK, "localhost", *self.addresses]
        self.closing = asyncio.Event()
        self.server: uvicorn.Server | None = None

    def url(self, host: str) -> str:
        return f"http://{host}:{self.port}/{self.guard.key}/"

    def app(self) -> Starlette:
        routes = [Route("/{key}/", self.page), Route("/{key}/events", self.events)]
        middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=self.hosts)]
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
        return StreamingResponse(
            self._stream(client, lang),
            media_type="text/event-stream",
            headers={**security_headers(forms=False), "X-Accel-Buffering": "no"},
        )

    async def _stream(self, client: str, lang: str) -> AsyncIterator[str]:
        queue = self.board.subscribe()
        try:
            yield "retry: 2000\n\n"
            while not self.closing.is_set():
                data = {"version": self.board.version, "html": self.board.words(lang)}
                yield f"event: snapshot\ndata: {json.dumps(data)}\n\n"
                while not self.closing.is_set():
                    try:
                        await asyncio.wait_for(queue.get(), KEEP_ALIVE)
                    except TimeoutError:
                        yield ": still here\n\n"
                        continue
                    break
        finally:
            self.board.unsubscribe(queue)
            self.guard.close_stream(client)

    def close_sockets(self) -> None:
        for sock in self.sockets:
            sock.close()

    def say_where(self) -> None:
        write = self.out.write
        write(say("club.hall_listening", event=self.title) + "\n")
        for host in self.addresses or [LOOPBACK]:
            write(f"  {self.url(host)}\n")
            if self.lan:
                qr(self.url(host), self.out)
        write(say("serve.wifi", port=self.port) if self.lan else say("club.hall_local_only"))
        write("\n")
        self.out.flush()

    def run(self, stop_after: float | None = None) -> None:
        """Serve until Ctrl-C (or ``stop_after`` seconds)."""
        self.say_where()
        try:
            asyncio.run(self._serve(stop_after))
        except KeyboardInterrupt:
            pass
        finally:
            self.close_sockets()
        self.out.write(say("serve.stopped") + "\n")

    async def _serve(self, stop_after: float | None) -> None:
        config = uvicorn.Config(
            self.app(), log_level="warning", access_log=False, lifespan="off",
            timeout_graceful_shutdown=2,
        )  # fmt: skip
        self.server = _Uvicorn(config, self)
        loop = asyncio.get_running_loop()
        watching = loop.create_task(self._watch())
        if stop_after is not None:
            loop.call_later(stop_after, self.stop)
        try:
            await self.server.serve(sockets=self.sockets)
        finally:
            watching.cancel()

    async def _watch(self) -> None:
        while not self.closing.is_set():
            await asyncio.sleep(POLL)
            self.board.look()

    def stop(self) -> None:
        self.closing.set()
        self.board.wake_all()
        if self.server is not None:
            self.server.should_exit = True


class _Uvicorn(uvicorn.Server):
    """Uvicorn, which on Ctrl-C also ends every open stream (else it waits for them)."""

    def __init__(self, config: uvicorn.Config, hall: Hall) -> None:
        super().__init__(config)
        self.hall = hall

    def handle_exit(self, sig: int, frame: Any) -> None:
        self.hall.closing.set()
        self.hall.board.wake_all()
        super().handle_exit(sig, frame)
