"""The session: the one way every command opens, changes and reads a match file.

A :class:`Session` is a match file opened: its log, the match replayed from it, and where
it lives. Reading commands use :meth:`Session.open` (read, replay). Every change goes
through :meth:`Session.edit`: take the file's lock, read, replay, let the caller record
actions, a deal, a quick hand, an undo or an amendment, verify the result by replaying
it, and write the file atomically; if anything is refused the file stays byte for byte
as it was. The command line only parses words and renders what a session answers; the
interactive table session of a later issue drives the same methods.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from scorekeeper import matchlog, store
from scorekeeper.actions import entered
from scorekeeper.errors import IllegalActionError, ScorekeeperError
from scorekeeper.games import BINDER, family_for
from scorekeeper.hand import Hand, Outcome
from scorekeeper.match import Match, MatchHand
from scorekeeper.matchlog import MatchLog, SourceMap, files
from scorekeeper.matchlog.files import write_parts
from scorekeeper.matchlog.shape import shape_problems
from scorekeeper.reasons import because
from scorekeeper.ruleset import load
from scorekeeper.session import cache, corrections, stream
from scorekeeper.session.facts import parse_fact_items, parse_facts

LOCK_WAIT = 10.0
"""How long a change waits for another process to finish writing the match, in seconds."""


class Session:
    """A match file opened: ``log`` as stored, ``match`` replayed from it, ``path``.

    ``match`` is None only inside :meth:`edit` with ``replay=False`` (undo and amend
    change a log that need not replay before the change, only after it).

    A session opened through the derived-state cache (:mod:`.cache`) holds only the hands
    after the cache's snapshot as a log (``_tail``) and the finished hands before them as
    results; ``log`` reads the whole file the first time it is asked for.
    """

    def __init__(
        self,
        path: Path,
        log: MatchLog | None,
        match: Match | None,
        source_map: SourceMap | None = None,
        *,
        tail: cache.Tail | None = None,
    ) -> None:
        self.path = path
        self._log = log
        self._match = match
        self.source_map = source_map
        self._tail = tail
        self._verify_as: str | None = None
        self._entered: tuple[int, ...] = ()  # quick hands amended now: checked as entries

    # ------------------------------------------------------------------ opening
    @classmethod
    def read(cls, path: Path) -> Session:
        """Read and shape-check a match file, without replaying it."""
        files.before_reading(path)
        if not path.exists():
            raise ScorekeeperError(
                because("session.no_file", "match", path=str(path)), kind="match file"
            )
        log, source_map = matchlog.read(path)
        from scorekeeper.text import language  # the view's choice: the match's own language

        language.use_match(log.lang, log.players)
        return cls(path, log, None, source_map)

    @classmethod
    def open(cls, path: Path, *, full: bool = False) -> Session:
        """Read and replay a match file, for reading; problems come with their lines.

        The finished hands come from the derived-state cache when it fits the file (their
        results, not their tricks); ``full`` replays every hand from the file, with its
        tricks, as exports and checks need.
        """
        files.before_reading(path)
        if not path.exists():
            raise ScorekeeperError(
                because("session.no_file", "match", path=str(path)), kind="match file"
            )
        if not full and (session := cls._open_quick(path)) is not None:
            return session
        # a canonical file is replayed hand by hand: memory does not grow with the match
        rebuilt = stream.rebuild(path) if not full and cache.enabled() else None
        if rebuilt is not None and (session := cls._open_quick(path, rebuilt)) is not None:
            return session
        session = cls.read(path)
        session._match = Match.from_log(session.log, session.source_map, str(path), loader=load)
        session._keep()
        return session

    @classmethod
    def _open_quick(cls, path: Path, snapshot: cache.Snapshot | None = None) -> Session | None:
        """The session through the cache's snapshot (the one kept, unless given), or None
        when it does not fit the file."""
        tail = cache.open_tail(path, path.read_bytes(), snapshot=snapshot)
        if tail is None:
            return None
        from scorekeeper.text import language  # the view's choice: the match's own language

        language.use_match(tail.log.lang, tail.log.players)
        rules = cache.kept_rules(tail, BINDER)  # the rule set as read before, if it still is
        if rules is None:
            try:
                rules = load(tail.log.ruleset, tail.log.options)
            except ScorekeeperError:
                return None
        match = cache.replay(tail, rules)
        if match is None:
            return None
        session = cls(path, None, match, None, tail=tail)
        session._keep()
        return session

    @classmethod
    @contextmanager
    def edit(
        cls,
        path: Path,
        *,
        replay: bool = True,
        wait: float = LOCK_WAIT,
        on_wait: Callable[[], None] | None = None,
    ) -> Iterator[Session]:
        """Lock, read (and replay), yield; on a clean exit write the changed log atomically.

        A change made to the log alone (undo, amend) is verified by replaying the whole
        match before anything is written. If the body raises, nothing is written. While
        another process holds the lock this one waits, up to ``wait`` seconds, calling
        ``on_wait`` once after a second so that the user can be told.
        """
        files.before_reading(path)  # a file too large is refused before its lock is waited for
        with matchlog.lock(path, wait=wait, on_wait=on_wait):
            session = None
            if not replay and path.exists():
                session = cls._open_quick(path)
                rebuilt = stream.rebuild(path) if session is None and cache.enabled() else None
                if rebuilt is not None:
                    session = cls._open_quick(path, rebuilt)  # a long match is not read whole
            if session is None:
                session = cls.open(path) if replay else cls.read(path)
            before = session._version()
            yield session
            if session._version() == before:
                return
            if session._verify_as is not None:
                session._match = session._verified(session._verify_as)
            session._write()

    def text(self) -> str:
        """The match file's canonical text as the session now holds it."""
        if self._tail is not None and (text := self._tail.text()) is not None:
            return text
        return self.log.dumps()

    def _version(self) -> tuple[Any, ...]:
        """What a change is told by: through the cache the tail's canonical text after its
        prefix (the prefix is the file's and stays), else the whole canonical text."""
        tail = self._tail
        if tail is not None and tail.sections():
            return (tail.first, cache.tail_text(tail.log.hands))
        return (None, self.log.dumps())

    def _write(self) -> None:
        tail = self._tail
        if tail is None or not tail.sections() or shape_problems(tail.log.to_dict()):
            matchlog.write(self.path, self.log)  # refuses a bad shape, naming every problem
        else:  # the file's own prefix, then the tail's canonical text
            rest = cache.tail_text(tail.log.hands).encode("utf-8")
            write_parts(self.path, [memoryview(tail.raw)[: tail.size], rest])
        self._keep()

    def _verified(self, name: str) -> Match:
        """The match replayed from the changed log; a refusal names ``name``."""
        if self._tail is not None:
            tail = self._tail
            rules = cache.kept_rules(tail, BINDER) or load(tail.log.ruleset, tail.log.options)
            match = cache.replay(tail, rules)
            if match is not None:
                return match
        return Match.from_log(self.log, None, name, loader=load, entries=self._entered)

    def _keep(self) -> None:
        """Update the cache's snapshot of this match (only a canonical file has one)."""
        if not cache.enabled() or self._match is None:
            return
        tail = self._tail
        if tail is not None:
            cache.update(
                self.path,
                self._match,
                tail.snapshot.header,
                b"",  # the tail goes on from the digest of its prefix
                tail.log.hands,
                tail,
            )
            return
        log = self.log
        prefix = cache.header_text(log)
        if prefix + cache.tail_text(log.hands) != log.dumps():
            return
        header = cache.header_of(log)
        cache.update(self.path, self._match, header, prefix.encode("utf-8"), log.hands, None)

    @property
    def log(self) -> MatchLog:
        """The whole match log; through the cache it is read in full when first asked for."""
        if self._log is None:
            tail = self._tail
            assert tail is not None
            log, _ = matchlog.loads(tail.prefix, str(self.path))
            log.hands.extend(tail.log.hands)
            self._log, self._tail = log, None
        return self._log

    @property
    def header(self) -> MatchLog:
        """The match file's header (no hands): read without reading every hand."""
        return cache.header_of(self._tail.log if self._tail is not None else self.log)

    def _changing(self) -> MatchLog:
        """The log that changes append to: the tail's through the cache, else the whole."""
        return self._tail.log if self._tail is not None else self.log

    @property
    def match(self) -> Match:
        """The match replayed from the log."""
        if self._match is None:
            self._match = Match.from_log(self.log, self.source_map, str(self.path), loader=load)
        return self._match

    # ------------------------------------------------------------------ views
    def current_hand(self) -> Hand:
        """The hand in progress, or the next hand as it would start (nothing played)."""
        m = self.match
        mh = m.open_hand
        if mh is not None and mh.hand is not None:
            return mh.hand
        return Hand(
            m.rules, m.players, m.next_dealer(), number=len(m.hands) + 1, context=m.context()
        )

    def next_player(self) -> str:
        """Who plays the next card of the match, or a clear refusal if nobody can now."""
        m = self.match
        mh = m.open_hand
        hand = mh.hand if mh is not None else None
        if hand is None:
            hand = Hand(m.rules, m.players, m.next_dealer(), context=m.context())
        player = hand.to_play()
        if player is None:
            raise ScorekeeperError(
                because(
                    "session.no_card", hand.game.not_ready_rule(), why=hand.game.why_not_ready()
                )
            )
        return player

    def quick_keys(self) -> dict[str, Any]:
        """The quick-entry facts this match's game takes (its family's declaration)."""
        return dict(self.match.family.quick_keys())

    # ------------------------------------------------------------------ recording
    def record(self, texts: Sequence[str]) -> list[Outcome]:
        """Apply action strings in order, all or nothing; what each did. Each is read as
        entered now (``actions.entered``): split into what it says, every word read."""
        return [self.match.record(self._changing(), text) for text in self._as_entered(texts)]

    def _as_entered(self, texts: Sequence[str], *, split: bool = True) -> list[str]:
        m = self.match
        return [
            part
            for text in texts
            for part in entered(text, m.players, m.family, m.rules, split=split)
        ]

    def play(self, card: str, player: str | None = None) -> Outcome:
        """Record one card, by the player whose turn it is unless one is named."""
        return self.match.record(self._changing(), f"{player or self.next_player()} {card}")

    def trick(self, cards: Sequence[str]) -> list[Outcome]:
        """Record cards in play order from the player to play; refuse cards past a trick."""
        outcomes: list[Outcome] = []
        for i, card in enumerate(cards):
            outcomes.append(self.play(card))
            done = outcomes[-1].trick
            if done is not None and i < len(cards) - 1:
                raise ScorekeeperError(
                    because(
                        "session.too_many",
                        "play.turn_order",
                        trick=done.number,
                        card=card,
                        more=len(cards) - i - 1,
                    )
                )
        return outcomes

    def deal(self, cards: Mapping[str, Sequence[str]]) -> MatchHand:
        """Record the deal of the hand about to start (or of an empty open hand)."""
        return self.match.record_deal(self._changing(), cards)

    def quick(self, facts: Sequence[str], actions: Sequence[str] = ()) -> MatchHand:
        """Record a whole hand from its ``KEY=VALUE`` score-sheet facts."""
        m = self.match
        parsed = parse_facts(facts, m.family.quick_keys(), m.rules.name)
        return m.record_quick(self._changing(), parsed, self._as_entered(actions))

    def undo(self) -> str:
        """Remove the last action (or quick hand, or empty hand's deal); say what went."""
        tail = self._tail
        if tail is not None and not tail.log.hands and tail.first > 0:
            tail = self._reach_back(tail)
        if tail is not None and tail.log.hands:
            what = corrections.undo(tail.log, tail.first)
        else:
            what = corrections.undo(self.log)
        self._verify_as = str(self.path)
        return what

    def _reach_back(self, tail: cache.Tail) -> cache.Tail | None:
        """The tail from an earlier end of the snapshot, so that it holds the last hand
        (an undo of a finished hand); None (the whole log is read) if none fits."""
        found = cache.open_tail(self.path, tail.raw, below=tail.first, snapshot=tail.snapshot)
        if found is not None:
            self._tail, self._match = found, None
        return found

    def amend(
        self,
        number: int,
        *,
        trick: int | None = None,
        action: int | None = None,
        values: Sequence[str] = (),
    ) -> dict[str, Any]:
        """Correct a recorded hand; the whole match is replayed before it is written."""
        facts: list[tuple[str, Any]] | None = None
        if trick is None and action is None:
            facts = self._amended_facts(number, values)
        if action is not None and len(values) == 1:  # one action for one: every word read
            self._as_entered(values, split=False)
        change = corrections.amend(
            self.log, number, trick=trick, action=action, values=values, facts=facts
        )
        change["at"] = datetime.now().astimezone().replace(microsecond=0)
        self._verify_as = because("session.amend_refused").worded()
        self._entered = (number,)
        return change

    def _amended_facts(self, number: int, values: Sequence[str]) -> list[tuple[str, Any]] | None:
        """The new facts of a quick hand, read by its family's declaration."""
        if not 1 <= number <= len(self.log.hands) or self.log.hands[number - 1].quick is None:
            return None  # the engine says what is wrong
        if not values:
            raise IllegalActionError(because("amend.no_facts", "amend"), kind="usage")
        rules = load(self.log.ruleset, self.log.options)
        return parse_fact_items(values, family_for(rules).quick_keys(), rules.name)


def options_for(ruleset: str, explicit: Path | None = None) -> dict[str, Any]:
    """The options of the current match (or of ``explicit``), if it plays ``ruleset``."""
    try:
        session = Session.read(store.current_path(explicit))
    except (ScorekeeperError, OSError):
        return {}
    return dict(session.log.options) if session.log.ruleset == ruleset else {}
