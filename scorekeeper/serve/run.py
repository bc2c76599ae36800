"""Starting and stopping ``scorekeeper serve``: bind the addresses, print each URL with its
QR code, run until Ctrl-C, and let the terminal revoke the scorer's phone."""

from __future__ import annotations

import asyncio
import signal
import socket
import sys
import threading
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TextIO

import uvicorn

from scorekeeper.serve import page
from scorekeeper.serve.app import Server
from scorekeeper.serve.guard import Guard, kept_in
from scorekeeper.serve.live import Hub
from scorekeeper.serve.net import lan_addresses
from scorekeeper.serve.watch import Watch
from scorekeeper.view.words import say

DEFAULT_PORT = 8737
LOOPBACK = "127.0.0.1"


class PortTaken(OSError):
    """The port is in use on one of the addresses."""

    def __init__(self, host: str, port: int) -> None:
        super().__init__(say("serve.port_taken", host=host, port=port))


def bind(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as err:
        sock.close()
        raise PortTaken(host, port) from err
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


class Listening:
    """The sockets a page is served on (the table's, the hall's): 127.0.0.1 always; with
    ``lan`` every private address too (:func:`~scorekeeper.serve.net.lan_addresses`), one
    port for all (0: any free one). Bound at once, so that a port taken is said first."""

    def __init__(self, *, lan: bool, port: int) -> None:
        self.lan = lan
        self.addresses = lan_addresses() if lan else []
        self.sockets = [bind(LOOPBACK, port)]
        self.port: int = self.sockets[0].getsockname()[1]
        try:
            self.sockets += [bind(a, self.port) for a in self.addresses]
        except PortTaken:
            self.close()
            raise
        self.hosts = [LOOPBACK, "localhost", *self.addresses]
        """The Host headers answered (any other: a DNS-rebinding name, refused)."""

    @property
    def shown(self) -> list[str]:
        """The hosts whose addresses are printed: the network's, else this computer's."""
        return self.addresses or [LOOPBACK]

    def close(self) -> None:
        for sock in self.sockets:
            sock.close()


def config(app: Any) -> uvicorn.Config:
    """How both pages are served (the table's, the hall's): quietly, by the pure-Python
    parts, with nothing that runs while idle."""
    return uvicorn.Config(
        app,
        log_level="warning",
        http="h11",  # the pure-Python parser it takes anyway: no search for others
        ws="none",  # no websockets: the pages use server-sent events
        access_log=False,  # a URL may hold the scorer's token
        lifespan="off",
        timeout_graceful_shutdown=2,
        date_header=False,  # nothing to refresh while idle (see Uvicorn.main_loop)
    )


class Uvicorn(uvicorn.Server):
    """Uvicorn, which on Ctrl-C also ends every open stream (``on_exit``; else it waits
    for them), and sleeps while idle."""

    def __init__(self, config: uvicorn.Config, on_exit: Callable[[], None]) -> None:
        super().__init__(config)
        self.on_exit = on_exit

    def handle_exit(self, sig: int, frame: Any) -> None:
        self.on_exit()
        super().handle_exit(sig, frame)
        self.wake()

    async def main_loop(self) -> None:
        """Wait for the end, without uvicorn's tick (ten wake-ups a second to refresh
        the Date header, which ``date_header=False`` leaves out, and look at
        ``should_exit``): an idle server does not run at all. Ctrl-C and ``stop`` wake it."""
        self._loop = asyncio.get_running_loop()
        self._end = asyncio.Event()
        _ctrl_c(signal.SIG_UNBLOCK)  # listened for now: one held back stops it at once
        await self.on_tick(0)  # the headers every answer carries, made once
        if not self.should_exit:
            await self._end.wait()

    def wake(self) -> None:
        """From a signal handler or another thread: the main loop looks again."""
        loop, end = getattr(self, "_loop", None), getattr(self, "_end", None)
        if loop is not None and end is not None and not loop.is_closed():
            loop.call_soon_threadsafe(end.set)


def run_until_stopped(
    main: Callable[[], Coroutine[Any, Any, None]], first: Callable[[], None]
) -> None:
    """Say where (``first``), then run ``main()`` (a server's coroutine) in a new event
    loop until it ends or Ctrl-C stops it. Ctrl-C is held back from here until the
    server listens for it (:meth:`Uvicorn.main_loop`), so that it never lands while the
    addresses are printed, the loop is made or the server starts (an unclosed loop, a
    coroutine never awaited): held back, it stops the server as soon as it listens, as
    any Ctrl-C does ("Stopped serving.", exit status 0)."""
    _ctrl_c(signal.SIG_BLOCK)
    try:
        first()
        asyncio.run(main())
    except KeyboardInterrupt:  # uvicorn passes Ctrl-C on once it has stopped
        pass
    finally:
        _ctrl_c(signal.SIG_UNBLOCK)


def _ctrl_c(how: int) -> None:
    """Hold Ctrl-C (SIGINT) back or let it in again, on the main thread (only that
    thread's signals are Ctrl-C's; threads started while it is held back keep it out)."""
    if threading.current_thread() is threading.main_thread():
        signal.pthread_sigmask(how, {signal.SIGINT})


def qr(url: str, out: TextIO) -> None:
    """``url`` as a QR code drawn with block characters (segno: no image library)."""
    import segno

    segno.make(url, error="l").terminal(out=out, compact=True)


class Serving:
    """One ``serve`` run: its sockets, hub, guard and the words it prints."""

    def __init__(
        self,
        path: Path,
        *,
        lan: bool = False,
        port: int = DEFAULT_PORT,
        out: TextIO | None = None,
        beside: bool = False,
        new_address: bool = False,
    ) -> None:
        self.out = out or sys.stdout
        self.beside = beside  # beside the table session, which is in charge of the terminal
        self.listening = Listening(lan=lan, port=port)
        self.lan, self.port = lan, self.listening.port
        from scorekeeper.rules import data_home

        # the same addresses and scorer after a restart (--new-address: new ones)
        self.guard = Guard(kept=kept_in(path, data_home()))
        if new_address:
            self.guard.forget()
        self.guard.new_token()
        self.hub = Hub(path, page.live)
        self.server = Server(self.hub, self.guard, self.listening.hosts)
        self.watch = Watch(path, self.hub.changed)

    def url(self, host: str) -> str:
        return f"http://{host}:{self.port}/{self.guard.key}/"

    def scorer_url(self, host: str) -> str:
        return f"{self.url(host)}scorer/{self.guard.token}"

    def say_where(self) -> None:
        """Every usable URL (with its QR code on the network) and the scorer's page."""
        write = self.out.write
        write(say("serve.listening", match=self.hub.path.name) + "\n")
        for host in self.listening.shown:
            write(f"  {self.url(host)}\n")
            if self.lan:
                qr(self.url(host), self.out)
        self._say_scorer(say("serve.scorer_url"))
        if self.lan:
            write(say("serve.wifi", port=self.port) + "\n")
        else:
            write(say("serve.local_only") + "\n")
        write(say("serve.keys_beside" if self.beside else "serve.keys") + "\n")
        if self.beside:
            write("\n")  # the end of what the table session shows
        self.out.flush()

    def _say_scorer(self, head: str) -> None:
        host = self.listening.shown[0]
        self.out.write(f"{head}\n  {self.scorer_url(host)}\n")
        if self.lan:
            qr(self.scorer_url(host), self.out)
        self.out.flush()

    def revoke(self) -> None:
        """The terminal takes the role back: no phone records until a new page is opened
        (beside the table session the answer ends with an empty line)."""
        self.guard.revoke()
        self.hub.feed.wake_all()
        self._say_scorer(say("serve.revoked"))
        if self.beside:
            self.out.write("\n")
            self.out.flush()

    def close_sockets(self) -> None:
        self.listening.close()

    def run(self, keys: TextIO | None = None, stop_after: float | None = None) -> None:
        """Serve until Ctrl-C (or ``stop``, or ``stop_after`` seconds); lines typed on
        ``keys`` ('r') revoke."""
        try:
            run_until_stopped(lambda: self._serve(keys, stop_after), self.say_where)
        finally:
            self.close_sockets()
        self.out.write(say("serve.stopped") + "\n")

    async def _serve(self, keys: TextIO | None, stop_after: float | None) -> None:
        self.uvicorn = Uvicorn(config(self.server.app()), self.server.close)
        self.watch.start()
        loop = asyncio.get_running_loop()
        if keys is not None:
            loop.add_reader(keys.fileno(), _on_line(keys, self.revoke, loop))
        if stop_after is not None:
            loop.call_later(stop_after, self.stop)
        try:
            await self.uvicorn.serve(sockets=self.listening.sockets)
        finally:
            self.watch.stop()
            if keys is not None:
                loop.remove_reader(keys.fileno())

    def stop(self) -> None:
        """Stop from another thread (``table --serve``, tests)."""
        self.server.close()
        self.uvicorn.should_exit = True
        self.uvicorn.wake()


def _on_line(
    keys: TextIO, revoke: Callable[[], None], loop: asyncio.AbstractEventLoop
) -> Callable[[], None]:
    """A line typed in the terminal (``r``), or sent by the table session beside
    (``scorer``): the scorer's phone revoked. At the end of the input, nothing more is read."""

    def read() -> None:
        line = keys.readline()
        if not line:
            loop.remove_reader(keys.fileno())
        elif line.strip().lower() in ("r", "revoke", "scorer"):
            revoke()

    return read
