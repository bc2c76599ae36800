"""The match as the pages see it: read from the file, versioned, worded once per language,
and handed to every open stream when it changes.

The match file stays the one source of truth: a :class:`State` is what replaying it
gives now. The :class:`Hub` keeps the latest state, the words made of it per language
and role, and its :class:`Feed` of open streams; a change (a write of this server, or one
seen by :class:`~scorekeeper.serve.watch.Watch`) makes a new state and wakes every
stream. Nothing runs between changes.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from scorekeeper.errors import ScorekeeperError
from scorekeeper.record import record
from scorekeeper.serve.watch import stamp
from scorekeeper.session import Session, Version
from scorekeeper.text import language

KEEP_ALIVE = 30.0
"""Seconds between two ``alive`` events on a quiet stream (a phone's network drops a
silent one; a page that hears nothing for longer knows its line is dead)."""


class _Line:
    """One open stream's news: the state changed, or it is time to say it is alive."""

    def __init__(self) -> None:
        self.news = asyncio.Event()
        self.changed = False
        self.alive = False


class Feed:
    """The open streams of one page (the table's live sheet, the hall's standings) and
    the one loop each runs: a full snapshot on every (re)connect and after every change,
    an ``alive`` event every ``KEEP_ALIVE`` seconds, nothing in between. A change wakes
    every stream (:meth:`wake_all`); one timer for all streams beats (not one per stream:
    50 idle phones wake the server once in 30 s, not 50 times); :meth:`close` ends them
    all (Ctrl-C)."""

    def __init__(self) -> None:
        self._lines: set[_Line] = set()
        self._beat: asyncio.TimerHandle | None = None
        self.closing = False

    @property
    def count(self) -> int:
        """How many streams are open."""
        return len(self._lines)

    def wake_all(self) -> None:
        """Every stream sends its snapshot anew (the state changed, or the scorer did)."""
        for line in self._lines:
            line.changed = True
            line.news.set()

    def close(self) -> None:
        """Every stream ends now (the server is stopping)."""
        self.closing = True
        self.wake_all()

    def _beats(self) -> None:
        """Every stream says it is alive; the next beat while any is open."""
        self._beat = None
        for line in self._lines:
            line.alive = True
            line.news.set()
        self._keep_beating()

    def _keep_beating(self) -> None:
        if self._lines and self._beat is None and not self.closing:
            self._beat = asyncio.get_running_loop().call_later(KEEP_ALIVE, self._beats)

    async def stream(
        self, snapshot: Callable[[], dict[str, Any]], ended: Callable[[], None]
    ) -> AsyncIterator[str]:
        """One page's stream as server-sent events: ``snapshot()`` (JSON) on connect and on
        every change; ``ended()`` once it ends, however it ends (the page went away)."""
        line = _Line()
        line.changed = True  # the first snapshot
        self._lines.add(line)
        self._keep_beating()
        try:
            yield "retry: 2000\n\n"
            while not self.closing:
                if line.changed:
                    line.changed = line.alive = False
                    yield f"event: snapshot\ndata: {json.dumps(snapshot())}\n\n"
                elif line.alive:  # an event the page sees: its line is alive
                    line.alive = False
                    yield "event: alive\ndata: 1\n\n"
                await line.news.wait()
                line.news.clear()
        finally:
            self._lines.discard(line)
            if not self._lines and self._beat is not None:
                self._beat.cancel()
                self._beat = None
            ended()


def version_text(version: Version) -> str:
    """The record's version (``Session.version``: hands, actions of the last hand, the
    mark of the table and that hand) as a page carries it: ``"3.7.1f0c..."``."""
    return f"{version[0]}.{version[1]}.{version[2]}"


def parse_version(text: str) -> Version | None:
    """A page's version back as ``Session.version``, or None if it is not one."""
    parts = text.split(".")
    if len(parts) != 3 or not parts[0].isdigit() or not parts[1].isdigit():
        return None
    mark = parts[2]
    if not mark or any(c not in "0123456789abcdef" for c in mark):
        return None
    return int(parts[0]), int(parts[1]), mark


@record
class State:
    """The match now: its session (read, replayed), its version (what a write is made
    on, ``Session.version``) and the digest of the file's bytes (what tells the streams
    that anything changed, an undo followed by another entry too); or why not."""

    session: Session | None
    version: str
    digest: str
    problem: str | None = None


def read_state(path: Path) -> State:
    """The match file as it is now (a file that does not replay is shown as a problem)."""
    try:
        digest = hashlib.blake2b(path.read_bytes(), digest_size=8).hexdigest()
        session = Session.open(path)
        version = version_text(session.version)
    except (ScorekeeperError, OSError) as err:
        return State(None, "0.0", "", str(err))
    return State(session, version, digest)


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Words made inside are in ``lang`` (the page's choice), whatever the process speaks."""
    before = language.chosen()
    language.choose(lang)
    try:
        yield
    finally:
        language.choose(before)


class Hub:
    """The latest state of one match file and the streams that show it."""

    def __init__(self, path: Path, render: Callable[[State, str, bool], str]) -> None:
        self.path = path
        self._render = render
        self._stamp = stamp(path)
        self.state = read_state(path)
        self._words: dict[tuple[str, str, bool], str] = {}
        self.feed = Feed()

    # ------------------------------------------------------------------ reading
    def words(self, lang: str, scorer: bool) -> str:
        """The live part of the page for ``lang`` (and the scorer's controls): made once
        per version."""
        key = (self.state.digest, lang, scorer)
        if key not in self._words:
            if len(self._words) > 32:
                self._words.clear()
            with speaking(lang):
                self._words[key] = self._render(self.state, lang, scorer)
        return self._words[key]

    def changed(self) -> None:
        """The file changed (or may have): read it again and wake every stream if it did
        (a file whose modification time and size are as last read is not read again)."""
        now = stamp(self.path)
        if now is not None and now == self._stamp:
            return
        self._stamp = now
        state = read_state(self.path)
        if state.digest == self.state.digest and state.problem == self.state.problem:
            return
        self.state = state
        self.feed.wake_all()

    @property
    def family(self) -> str:
        """The game family of the match served ("" while its file does not replay)."""
        session = self.state.session
        return session.match.rules.family if session is not None else ""

    # ------------------------------------------------------------------ writing
    def write(
        self, version: Version, change: Callable[[Session], Any], *, replay: bool = True
    ) -> Any:
        """Make ``change`` through the table's one guard: ``Session.edit`` under the
        match's lock, refused (:class:`~scorekeeper.session.StaleEntryError`, nothing
        written) unless the record still stands at ``version``. Every stream is told
        after (``replay=False``: an undo or a redo, as the table session makes them)."""
        try:
            with Session.edit(self.path, wait=3.0, expect=version, replay=replay) as session:
                return change(session)
        finally:
            self.changed()


# The client's side of a :class:`Feed`, in the page (the table's and the hall's alike).
FOLLOW = r"""
// The one way a page follows its stream (the table's live sheet, the hall's standings): a
// snapshot on every (re)connect and change; the line shown as live or cut off; a line
// silent longer than the server ever is (an 'alive' every 30 s) is dead and opened anew,
// as when a phone wakes or comes back online.
function follow(url, texts, snapshot) {
  var link = document.getElementById("link");
  var source = null, timer = null, quiet = null, heard = 0;
  var SILENT = 45000;
  function show(on) {
    link.textContent = on ? texts.on : texts.off;
    link.className = on ? "on" : "off";
  }
  function alive() {  // heard from the server: the line is alive for another while
    heard = Date.now();
    clearTimeout(quiet);
    quiet = setTimeout(function () { show(false); connect(); }, SILENT);
  }
  function connect() {
    if (source) { source.close(); }
    source = new EventSource(url);
    source.addEventListener("snapshot", function (e) {
      snapshot(JSON.parse(e.data));
      show(true);
      alive();
    });
    source.addEventListener("alive", alive);
    source.onopen = function () { show(true); alive(); };
    source.onerror = function () {
      show(false);
      if (source.readyState === 2 && !timer) {
        timer = setTimeout(function () { timer = null; connect(); }, 2000);
      }
    };
  }
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) { return; }
    if (!source || source.readyState === 2 || Date.now() - heard > SILENT) { connect(); }
  });
  window.addEventListener("online", function () { connect(); });
  connect();
}
// A snapshot renews the live part; what the reader opened (the sheet and its chart, a
// details box) stays open, so a card played elsewhere never folds the sheet away.
function renew(el, html) {
  function keys(root) {
    var seen = {};
    return Array.prototype.map.call(root.querySelectorAll("details"), function (d) {
      var key = d.className || "details";
      seen[key] = (seen[key] || 0) + 1;
      return {box: d, key: key + "#" + seen[key]};
    });
  }
  var open = {};
  keys(el).forEach(function (k) { if (k.box.open) { open[k.key] = true; } });
  el.innerHTML = html;
  keys(el).forEach(function (k) { if (open[k.key]) { k.box.open = true; } });
}
"""
