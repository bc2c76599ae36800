"""The match as the pages see it: read from the file, versioned, worded once per language,
and handed to every open stream when it changes.

The match file stays the one source of truth: a :class:`State` is what replaying it
gives now. The :class:`Hub` keeps the latest state, the words made of it per language
and role, and one small queue per open stream; a change (a write of this server, or one
seen by :class:`~scorekeeper.serve.watch.Watch`) makes a new state and wakes every queue.
Nothing runs between changes.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from scorekeeper.errors import ScorekeeperError
from scorekeeper.matchlog import MatchLog
from scorekeeper.record import record
from scorekeeper.serve.watch import stamp
from scorekeeper.session import Session
from scorekeeper.text import language


def entries(log: MatchLog) -> list[str]:
    """Every entry of the record in order, each hand's deal and quick facts included."""
    out: list[str] = []
    for number, hand in enumerate(log.hands, 1):
        if hand.deal is not None:
            out.append(f"#{number} deal")
        if hand.quick is not None:
            out.append(f"#{number} quick")
        out += hand.actions
    return out


def version_of(log: MatchLog) -> str:
    """The version of a record: the number of its entries, then a digest of its text (an
    undo followed by another entry gives the same number, never the same digest)."""
    digest = hashlib.blake2b(log.dumps().encode("utf-8"), digest_size=6).hexdigest()
    return f"{len(entries(log))}.{digest}"


@record
class State:
    """The match now: its session (read, replayed), version and entries; or why not."""

    session: Session | None
    version: str
    entries: list[str]
    problem: str | None = None


def read_state(path: Path) -> State:
    """The match file as it is now (a file that does not replay is shown as a problem)."""
    try:
        session = Session.open(path)
        log = session.log
    except (ScorekeeperError, OSError) as err:
        return State(None, "0.none", [], str(err))
    return State(session, version_of(log), entries(log))


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Words made inside are in ``lang`` (the page's choice), whatever the process speaks."""
    before = language.chosen()
    language.choose(lang)
    try:
        yield
    finally:
        language.choose(before)


class Stale(Exception):
    """A write made on an older version of the record than the file's."""

    def __init__(self, version: str, since: list[str]) -> None:
        super().__init__(version)
        self.version = version
        self.since = since


class Hub:
    """The latest state of one match file and the streams that show it."""

    def __init__(self, path: Path, render: Callable[[State, str, bool], str]) -> None:
        self.path = path
        self._render = render
        self._stamp = stamp(path)
        self.state = read_state(path)
        self._words: dict[tuple[str, str, bool], str] = {}
        self._queues: set[asyncio.Queue[str]] = set()

    # ------------------------------------------------------------------ reading
    def words(self, lang: str, scorer: bool) -> str:
        """The live part of the page for ``lang`` (and the scorer's controls): made once
        per version."""
        key = (self.state.version, lang, scorer)
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
        if state.version == self.state.version and state.problem == self.state.problem:
            return
        self.state = state
        self.wake_all()

    # ------------------------------------------------------------------ streams
    @property
    def streams(self) -> int:
        return len(self._queues)

    def subscribe(self) -> asyncio.Queue[str]:
        queue: asyncio.Queue[str] = asyncio.Queue(maxsize=1)
        self._queues.add(queue)
        return queue

    def unsubscribe(self, queue: asyncio.Queue[str]) -> None:
        self._queues.discard(queue)

    def wake_all(self) -> None:
        """Every stream looks again (the server is stopping, or the scorer changed)."""
        for queue in list(self._queues):
            if queue.empty():
                queue.put_nowait(self.state.version)

    # ------------------------------------------------------------------ writing
    def write(self, version: str, change: Callable[[Session], Any]) -> Any:
        """Make ``change`` under the match's lock if the file is still at ``version``;
        :class:`Stale` (nothing written) if it is not. Every stream is told after."""
        try:
            with Session.edit(self.path, wait=3.0) as session:
                log = session.log
                now = version_of(log)
                if now != version:
                    raise Stale(now, _since(version, entries(log)))
                done = change(session)
        finally:
            self.changed()
        return done


def _since(version: str, now: list[str]) -> list[str]:
    """The entries made after ``version``, where the record only grew since (else all
    that is left after an undo or a correction is not told apart: empty)."""
    count = version.split(".", 1)[0]
    if not count.isdigit() or int(count) > len(now):
        return []
    return now[int(count) :]
