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

import tomllib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from scorekeeper import matchlog, store
from scorekeeper import record as rec
from scorekeeper.actions import entered
from scorekeeper.errors import IllegalActionError, MatchFileError, ScorekeeperError
from scorekeeper.games import family_for
from scorekeeper.hand import Hand, Outcome
from scorekeeper.match import Match, MatchHand
from scorekeeper.matchlog import HandRecord, MatchLog, SourceMap, Strings, files, one_hand, pieces
from scorekeeper.matchlog.files import for_match
from scorekeeper.matchlog.records import Known
from scorekeeper.reasons import Reason, because
from scorekeeper.rules import Ruleset
from scorekeeper.ruleset import load
from scorekeeper.session import cache, corrections, names
from scorekeeper.session.facts import parse_fact_items, parse_facts

LOCK_WAIT = 10.0
"""How long a change waits for another process to finish writing the match, in seconds."""


Version = tuple[int, int, str]
"""Where a match's record stands (:attr:`Session.version`)."""


def _mark(players: Sequence[str], mh: MatchHand | None, count: int) -> str:
    """A short digest of the table and of hand ``mh`` with its first ``count`` actions
    (its number, dealer, quick facts and action texts): two records of the same counts
    tell apart by it (an undo, then another entry; a renamed player). Only what a hand
    read from the replay cache holds too: the mark does not depend on how it was read."""
    import hashlib
    import json

    h = hashlib.blake2b(digest_size=8)
    h.update(json.dumps(list(players)).encode())
    if mh is not None:
        head = [mh.number, mh.dealer, mh.quick]
        h.update(json.dumps(head, sort_keys=True, default=str).encode())
        for action in mh.actions[:count]:
            h.update(b"\x1e" + action.text.encode())
    return h.hexdigest()


class StaleEntryError(ScorekeeperError):
    """An entry made against a view of the match that has moved since (another device, a
    one-shot command, another session): nothing is written.

    ``expected`` is the version the entry was made for, ``found`` the match's now (each
    ``(hands, actions of the last hand, mark)``, see ``Session.version``); ``since`` the
    actions recorded meanwhile as (hand, action text), oldest first, a quick hand as
    (hand, ""), when the record only grew (empty when something was taken back), for the
    view to tell the table what changed."""

    default_rule = "match"
    default_kind = "changed"

    def __init__(
        self,
        message: str | Reason,
        *,
        expected: Version = (0, 0, ""),
        found: Version = (0, 0, ""),
        since: list[tuple[int, str]] | None = None,
        **more: Any,
    ) -> None:
        super().__init__(message, **more)
        self.expected = expected
        self.found = found
        self.since = since or []


class Session:
    """A match file opened: ``log`` as stored, ``match`` replayed from it, ``path``.

    ``match`` is None only inside :meth:`edit` with ``replay=False`` (undo and amend
    change a log that need not replay before the change, only after it).

    A session opened hand by hand (:meth:`open`) holds the finished hands as the replay
    cache keeps them (:mod:`.cache`) and only the hands after them as a log (``_tail``);
    ``log`` reads the whole file the first time it is asked for.
    """

    def __init__(
        self,
        path: Path,
        log: MatchLog | None,
        match: Match | None,
        source_map: SourceMap | None = None,
        *,
        tail: Tail | None = None,
    ) -> None:
        self.path = path
        self._log = log
        self._match = match
        self.source_map = source_map
        self._tail = tail
        self._verify_as: str | None = None
        self._entered: tuple[int, ...] = ()  # quick hands amended now: checked as entries
        self._key: str | None = None  # the digest of the file opened by hands, once read whole
        self._undone: dict[str, Any] | None = None  # what an undo took, for a redo
        self._redone: str | None = None  # the digest of the file as a redo found it
        self._wrote: str | None = None  # the digest of the bytes the change wrote
        self._wrote_size = 0  # and how many
        self._text: bytearray | None = None  # renamed by hands: the text before the tail's hands

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

        The finished hands come from the replay cache when it holds this very file, else
        the file is replayed hand by hand (and the cache kept); ``full`` replays every
        hand from the whole file, with its tricks, as exports and checks need. A file
        that does not read or replay hand by hand is read whole, which says what is wrong.
        """
        files.before_reading(path)
        if not path.exists():
            raise ScorekeeperError(
                because("session.no_file", "match", path=str(path)), kind="match file"
            )
        if not full and (session := cls._open_by_hands(path)) is not None:
            return session
        session = cls.read(path)
        session._match = Match.from_log(session.log, session.source_map, str(path), loader=load)
        session._keep()
        return session

    @classmethod
    def _open_by_hands(cls, path: Path) -> Session | None:
        """The session with its finished hands from the replay cache, or replayed hand by
        hand; None when the file is not read that way (the whole read says why)."""
        if not matchlog.regular(path):
            return None
        raw = path.read_bytes()
        key = cache.digest(raw)
        at = matchlog.cuts(raw)
        ends = [*at[1:], len(raw)][: len(at)]
        try:
            head = header(raw[: at[0] + 1 if at else len(raw)].decode("utf-8-sig"))
        except (NotStreamed, UnicodeDecodeError):
            return None
        from scorekeeper.text import language  # the view's choice: the match's own language

        language.use_match(head.lang, head.players)
        try:
            rules = load(for_match(head.ruleset, path), head.options)
        except ScorekeeperError:
            return None
        entry = cache.load(key, head.players)
        if entry is not None and (
            entry.rules != cache.rules_key(rules) or len(entry.hands) > len(at)
        ):
            entry = None
        first = len(entry.hands) if entry is not None else 0
        texts = _pieces(raw, at[first:], ends[first:])
        cut = at[first] if first < len(at) else len(raw)
        del raw
        try:
            if entry is not None:
                tail = _from_entry(entry, head, rules, texts)
                tail.cut, tail.written = cut, entry.written
            else:
                tail = _by_hands(key, head, rules, texts)
        except (NotStreamed, UnicodeDecodeError) as exc:
            cache._debug(f"{path}: {exc!r}")
            return None
        return cls(path, None, tail.match, None, tail=tail)

    @classmethod
    @contextmanager
    def edit(
        cls,
        path: Path,
        *,
        replay: bool = True,
        whole: bool = False,
        wait: float = LOCK_WAIT,
        on_wait: Callable[[], None] | None = None,
        expect: Version | None = None,
    ) -> Iterator[Session]:
        """Lock, read (and replay), yield; on a clean exit write the changed log atomically.

        A change made to the log alone (undo, amend) is verified by replaying the whole
        match before anything is written. If the body raises, nothing is written. While
        another process holds the lock this one waits, up to ``wait`` seconds, calling
        ``on_wait`` once after a second so that the user can be told.

        ``expect``: the :attr:`version` the change was made for (what a prompt or a page
        showed); when the match, read under the lock, is no longer there, nothing is
        changed and :class:`~scorekeeper.errors.StaleEntryError` says what moved.
        """
        files.before_reading(path)  # a file too large is refused before its lock is waited for
        with matchlog.lock(path, wait=wait, on_wait=on_wait):
            session = None
            if not replay and not whole and path.exists():
                session = cls._open_by_hands(path)  # a long match is not read whole
            if session is None:
                session = cls.open(path) if replay else cls.read(path)
            if expect is not None:
                session.verify_version(expect)
            session._wrote = None  # a session kept by a table: its last change is written
            before = session._version()
            yield session
            if session._version() == before:
                return
            if session._verify_as is not None:
                session._match = None  # the match before the change is let go first
                session._match = session._verified(session._verify_as)
            session._write()
            session._written()

    @property
    def version(self) -> Version:
        """Where the record stands: (hands begun or entered, actions of the last hand, the
        mark of the table and the last hand as recorded). Every entry (a card, a word, a
        deal, a quick hand), every undo, redo and rename changes it, and so does an undo
        followed by another entry that brings the counts back; an entry made for one
        version is refused on another (``edit(expect=...)``)."""
        m = self.match
        hands = m.hands
        if not hands:
            return (0, 0, _mark(m.players, None, 0))
        count = len(hands[-1].actions)
        return (len(hands), count, _mark(m.players, hands[-1], count))

    def verify_version(self, expected: Version) -> None:
        """Refuse (:class:`StaleEntryError`) unless the match stands at ``expected``; the
        error carries the actions recorded since, when the record only grew."""
        found = self.version
        if found == expected:
            return
        raise StaleEntryError(
            because(
                "session.stale",
                "match",
                hands=expected[0],
                actions=expected[1],
                now_hands=found[0],
                now_actions=found[1],
            ),
            expected=expected,
            found=found,
            since=self._since(expected, found),
        )

    def _since(self, expected: Version, found: Version) -> list[tuple[int, str]]:
        """(hand, action text) of each action recorded after ``expected`` (a quick hand as
        its number and ""), or [] when something was taken back or changed (the record at
        ``expected`` is not where the record now begins)."""
        m = self.match
        hands = m.hands
        number, seen, mark = expected
        if found[:2] <= expected[:2] or (number and len(hands[number - 1].actions) < seen):
            return []
        if mark != _mark(m.players, hands[number - 1] if number else None, seen):
            return []
        out: list[tuple[int, str]] = []
        for mh in hands[max(number, 1) - 1 :]:
            if mh.number != number and mh.quick is not None:
                out.append((mh.number, ""))
            out.extend(
                (mh.number, a.text) for a in mh.actions[seen if mh.number == number else 0 :]
            )
        return out

    def text(self) -> str:
        """The match file's canonical text as the session now holds it."""
        return self.log.dumps()

    def _version(self) -> tuple[Any, ...]:
        """What a change is told by: the tail's text (the hands before it stay), else the
        digest of the whole text (dumped piece by piece, never held whole)."""
        tail = self._tail
        if tail is not None:
            return (tail.first, tail.log.dumps())
        h = cache.new_digest()
        matchlog.dump(self.log, h.update)
        return (None, h.hexdigest())

    def _write(self) -> None:
        """Store the changed log (under the lock). Opened by hands from a file this tool
        wrote, the bytes before the tail's hands are kept as they are and the tail's hands
        written after them (the file is the canonical text either way, byte for byte)."""
        h = cache.new_digest()
        size = 0

        def seen(data: bytes | bytearray | memoryview) -> None:
            nonlocal size
            h.update(data)
            size += len(data)

        kept = self._kept()
        log = self._tail.log if kept and self._tail is not None else self.log
        matchlog.write(self.path, log, seen=seen, kept=kept)  # refuses a bad shape
        self._wrote, self._wrote_size = h.hexdigest(), size
        self._keep(self._wrote, written=True)

    def rebase(self) -> bool:
        """After an entry is written (a card, a word, a deal, a quick hand): the session as
        if it had been opened by hands from the file it wrote, its finished hands kept as
        the replay cache keeps them and the open hand as its tail, so that the next entry
        (a table's next line) writes after the bytes this one wrote, without reading or
        dumping the whole log again. False (the session is then only read from) after any
        other change (an undo, a redo, a rename, an amendment), or when the file does not
        end in the tail's sections as written."""
        match, wrote, tail = self._match, self._wrote, self._tail
        if match is None or wrote is None or self._text is not None or self._verify_as:
            return False
        if self._undone is not None or self._redone is not None:
            return False
        first, log = (tail.first, tail.log) if tail is not None else (0, self._log)
        assert log is not None
        records = log.hands
        done = cache.finished_count(match)
        if not first <= done <= first + len(records) or len(match.hands) != first + len(records):
            return False
        rest = records[done - first :]
        if done == first and not rest:
            return False
        # the file ends in the sections of the tail (and of the last hand finished, when
        # this change wrote it): the match's hands are sections, cut where the tail begins
        tail_bytes = b"".join(matchlog.section(r) for r in rest)
        last = b"" if done == first else matchlog.section(records[done - first - 1])
        cut = self._wrote_size - len(tail_bytes)
        try:
            with open(self.path, "rb") as f:
                f.seek(max(0, cut - len(last)))
                if cut - len(last) <= 0 or f.read() != last + tail_bytes:
                    return False
        except OSError:
            return False
        players = list(match.players)
        for i in range(first, done):
            match.hands[i] = cache.lean(match.hands[i], records[i - first].actions, players)
        head = MatchLog(**{**vars(log), "hands": list(rest)})
        kept_hands = list(match.hands[:done])
        self._tail = Tail(wrote, done, head, match, kept_hands, cut=cut, written=True)
        self._log, self._key = None, None
        return True

    @property
    def wrote(self) -> str | None:
        """The digest of the bytes the last change wrote (None: nothing was written)."""
        return self._wrote

    def _kept(self) -> bytes | bytearray | memoryview:
        """The file's bytes before the tail's hands, when they are the canonical text of
        the header and one or more kept hands: the file is the one this tool wrote (the
        cache entry it was opened by says so, and its digest is that entry's) and the
        header is unchanged. Empty otherwise: the whole log is written then."""
        if self._text is not None:
            return self._text  # renamed hand by hand: the file's new text before the tail
        tail = self._tail
        if tail is None or not tail.written or not tail.first:
            return b""  # without a kept hand the tail's log is the whole match
        try:
            raw = self.path.read_bytes()
        except OSError:
            return b""
        if cache.digest(raw) != tail.key:
            return b""
        kept = memoryview(raw)[: tail.cut]  # not copied: a long match's bytes are many
        head = _header_of(tail.log).dumps().encode()
        return kept if kept[: len(head)] == head else b""

    def _verified(self, name: str) -> Match:
        """The match replayed from the changed log; a refusal names ``name``."""
        tail = self._tail
        if tail is not None:
            try:
                return _replayed(tail.entry_hands, tail.log, tail.match.rules)
            except NotStreamed:
                pass  # the whole replay says what is wrong, with its line
        return Match.from_log(  # finished hands without their tricks, as opened by hands
            self.log,
            None,
            name,
            loader=load,
            entries=self._entered,
            path=str(self.path),
            keep_hands=False,
        )

    def _keep(self, key: str | None = None, *, written: bool = False) -> None:
        """Keep the finished hands of the match in the replay cache, under the digest of
        the file's bytes (``key``, else read from the file as it is now); ``written``:
        those bytes are the canonical text this session just wrote."""
        match = self._match
        if not cache.enabled() or match is None:
            return
        tail = self._tail
        if key is None:
            if tail is not None:
                return  # opened by hands: kept then
            try:
                key = cache.digest(self.path.read_bytes())
            except OSError:
                return
        if tail is not None:
            texts: list[Sequence[str]] = [[] for _ in range(tail.first)]
            texts += [r.actions for r in tail.log.hands]
        else:
            texts = [r.actions for r in self.log.hands]
        instead_of = tail.key if tail is not None else self._key
        cache.save_match(match, key, texts, written=written, instead_of=instead_of)

    @property
    def log(self) -> MatchLog:
        """The whole match log; opened by hands it is read in full when first asked for."""
        if self._log is None:
            tail = self._tail
            assert tail is not None
            first, hands, self._key = tail.first, tail.log.hands, tail.key
            self._tail = None
            del tail
            log, _ = matchlog.read(self.path)
            log.hands[first:] = hands
            self._log = log
        return self._log

    def _whole_log(self) -> MatchLog:
        """The whole log, read to be changed as a whole (an undo or redo of a whole hand,
        a rename, an amendment): a step of :meth:`edit`'s change, never of a read. The
        match as opened is let go before the log is read (the change is verified by a
        whole replay, which makes the match anew), so the two are never held together."""
        if self._log is None:
            self._match = None
        return self.log

    @property
    def header(self) -> MatchLog:
        """The match file's header (no hands): read without reading every hand."""
        return _header_of(self._tail.log if self._tail is not None else self.log)

    def _changing(self) -> MatchLog:
        """The log that changes append to: the tail's when opened by hands, else the whole."""
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
        """The quick-entry facts this match's game, variant and table size take (its
        family's declaration, as the table's quick hand asks them)."""
        rules = self.match.rules
        return dict(family_for(rules).asked_keys(rules))

    # ------------------------------------------------------------------ recording
    def record(self, texts: Sequence[str]) -> list[Outcome]:
        """Apply action strings in order, all or nothing; what each did. Each is read as
        entered now (``actions.entered``): split into what it says, every word read."""
        return [self.match.record(self._changing(), text) for text in self._as_entered(texts)]

    def _as_entered(self, texts: Sequence[str], *, split: bool = True) -> list[str]:
        players, family, rules = self._seated()
        return [
            part
            for text in texts
            for part in entered(names.actor(text, players), players, family, rules, split=split)
        ]

    def _seated(self) -> tuple[list[str], Any, Ruleset]:
        """The table, the game family and the rule set: the match's when it is replayed,
        else the header's (a log read whole for a change is not replayed for this)."""
        m = self._match
        if m is not None:
            return list(m.players), m.family, m.rules
        head = self.header
        rules = load(for_match(head.ruleset, self.path), head.options)
        return list(head.players), rules.mechanics, rules

    def play(self, card: str, player: str | None = None) -> Outcome:
        """Record one card, by the player whose turn it is unless one is named."""
        if player is not None:
            player = names.player(player, self.match.players)
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
        """Record the deal of the hand about to start, or of the open hand while no card
        of it is played: what was said before (a declaration, an announcement) is then
        checked against the deal when the match is replayed before it is written. Names
        in any case (``anna=...``) are the players as the match spells them."""
        players = self.match.players
        cards = {names.player(p, players): codes for p, codes in cards.items()}
        mh = self.match.open_hand
        hand = mh.hand if mh is not None else None
        if mh is None or hand is None or not hand.history or hand.dealt is not None:
            return self.match.record_deal(self._changing(), cards)
        played = sum(1 for a in hand.history if a.is_play)
        if played:
            raise IllegalActionError(
                because("session.deal_late", "deal", hand=mh.number, played=played)
            )
        self._changing().hands[-1].deal = {p: list(codes) for p, codes in cards.items()}
        self._verify_as = str(self.path)
        return mh

    def quick(self, facts: Sequence[str], actions: Sequence[str] = ()) -> MatchHand:
        """Record a whole hand from its ``KEY=VALUE`` score-sheet facts."""
        m = self.match
        keys = m.family.quick_keys()
        parsed = parse_facts(names.facts(facts, keys, m.players), keys, m.rules.name)
        return m.record_quick(self._changing(), parsed, self._as_entered(actions))

    def undo(self) -> str:
        """Remove the last action (or quick hand, or empty hand's deal); say what went."""
        tail = self._last_hand()
        if tail is not None:
            what, self._undone = corrections.take_last(tail.log, tail.first)
        else:
            what, self._undone = corrections.take_last(self._whole_log())
        self._verify_as = str(self.path)
        return what

    def _last_hand(self) -> Tail | None:
        """The tail that holds the last hand, or None (the whole log is to be read). Opened
        by hands from a file this tool wrote whose last hand is finished (a quick hand),
        the session is cut again before that hand, its text read from the file: an undo
        takes it through the tail, without the whole log read."""
        tail = self._tail
        if tail is None or tail.log.hands:
            return tail
        if not tail.written or not tail.first:
            return None
        try:
            raw = self.path.read_bytes()
        except OSError:
            return None
        at = matchlog.cuts(raw)
        if cache.digest(raw) != tail.key or len(at) != tail.first:
            return None
        try:
            text = raw[at[-1] + 1 :].decode("utf-8")
            del raw
            ((record, _),) = records([text], tail.log)
        except (NotStreamed, UnicodeDecodeError, ValueError):
            return None
        log = MatchLog(**{**vars(tail.log), "hands": [record]})
        kept = tail.entry_hands[:-1]
        self._tail = Tail(tail.key, tail.first - 1, log, tail.match, kept, cut=at[-1], written=True)
        return self._tail

    def undo_takes_hand(self) -> Reason | None:
        """What an undo now would take off the score sheet when it is a whole scored hand
        (a quick hand: the front ends ask before), else None (one action, a deal)."""
        hands = self.match.hands  # the match as opened: a long log is not read for this
        if not hands or hands[-1].quick is None:
            return None
        mh = hands[-1]
        from scorekeeper.view.sheet import column_scores  # per team where teams count

        scores = mh.result.scores if mh.result is not None else {}
        shown = ", ".join(f"{p} {v:+d}" for p, v in column_scores(self.match, scores).items())
        return because("undo.takes_hand", "undo", hand=mh.number, scores=shown)

    def redo(self) -> str:
        """Put back what the last undo took, while the match file holds the bytes that
        undo left (:mod:`.undone`); verified by replaying before it is written."""
        from scorekeeper.session.undone import file_digest, found

        now = file_digest(self.path)  # the file is not held whole for this
        taken = found(self.path, now)
        if taken is None:
            raise IllegalActionError(because("undo.redo_nothing", "undo"), kind="usage")
        tail = self._tail
        if tail is not None and taken.get("kind") == "action" and not tail.log.hands:
            tail = self._last_hand() or tail
        if tail is not None:
            what = corrections.put_back(tail.log, tail.first, taken)
        else:
            what = corrections.put_back(self._whole_log(), 0, taken)
        self._verify_as = str(self.path)
        self._redone = now
        return what

    def rename_player(self, old: str, new: str) -> dict[str, Any]:
        """Correct a player's name through the whole match: the old name as the match
        spelled it, the new one, and how many hands named them. The new name must be a valid name no other player has (in any
        case); the match is replayed before it is written.

        Opened by hands, the match is renamed, replayed and its text made hand by hand
        (:func:`_renamed_by_hands`): the whole log is never held."""
        from scorekeeper.session.new import check_table, reserved_words

        head = self.header
        found = [p for p in head.players if p == old] or [
            p for p in head.players if p.casefold() == old.casefold()
        ]
        if len(found) != 1:
            raise IllegalActionError(
                because("undo.rename_unknown", "players", name=old, players=tuple(head.players)),
                kind="usage",
            )
        old = found[0]
        if new == old:
            raise IllegalActionError(because("undo.rename_same", "players", name=old), kind="usage")
        others = [p for p in head.players if p != old and p.casefold() == new.casefold()]
        if others:
            raise IllegalActionError(
                because("undo.rename_taken", "players", name=new, player=others[0]), kind="usage"
            )
        rules = load(for_match(head.ruleset, self.path), head.options)
        table = [new if p == old else p for p in head.players]
        check_table(table, None, reserved_words(rules, head.lang))  # the one rule for names
        keys = family_for(rules).quick_keys()
        if self._tail is not None and self._log is None:
            renamed = self._renamed_by_hands(head, old, new, keys, rules)
            if renamed is not None:
                return {"old": old, "new": new, "hands": renamed}
        hands = corrections.rename(self._whole_log(), old, new, keys)
        self._verify_as = because("session.rename_refused", name=new).worded()
        return {"old": old, "new": new, "hands": hands}

    def _renamed_by_hands(
        self, head: MatchLog, old: str, new: str, keys: Any, rules: Ruleset
    ) -> int | None:
        """Rename through a match opened by hands: each hand read, renamed and replayed
        in turn (the replay verifies the change), the finished hands' canonical text kept
        for the write (``_text``), the last hand, when open, as the tail's log. Says in
        how many hands the name was written; None when the match does not go hand by
        hand (the whole log is renamed then, and its replay says what is wrong)."""
        tail = self._tail
        assert tail is not None
        key, self._tail, self._match = tail.key, None, None  # the old replay is let go,
        del tail
        cache.reset()  # with the results read back last (they hold the entry's bytes)
        renamed = MatchLog(**{**vars(head), "hands": []})
        corrections.rename_table(renamed, old, new)
        text = bytearray(renamed.dumps().encode())
        touched = 0
        sections = False  # whether any hand is written as a section (see matchlog.section)
        last: Step | None = None

        def change(record: HandRecord) -> None:
            nonlocal touched
            touched += corrections.rename_hand(record, old, new, keys)

        try:
            with opened(self.path) as (_, hands):
                for step in steps(hands, head, rules, change=change, to=renamed):
                    sections = sections or not matchlog.short(step.record)
                    if last is not None:
                        text += matchlog.section(last.record)
                    last = step
        except (NotStreamed, UnicodeDecodeError, OSError) as exc:
            cache._debug(f"{self.path}: {exc!r}")  # by hands: read whole below
            sections = False
        if not sections:  # not read hand by hand, or every hand short (written inline)
            self._log, _ = matchlog.read(self.path)  # the file as it is: nothing renamed yet
            self._key = key
            return None
        match = (
            last.match if last is not None else Match(rules, renamed.players, renamed.first_dealer)
        )
        rest: list[HandRecord] = []
        if last is not None:
            if match.open_hand is None:
                text += matchlog.section(last.record)
            else:
                rest = [last.record]
        first = cache.finished_count(match)
        log = MatchLog(**{**vars(renamed), "hands": rest})
        self._tail = Tail(key, first, log, match, list(match.hands[:first]))
        self._match, self._text = match, text
        return touched

    def _written(self) -> None:
        """After a write, under the lock: keep what an undo took, forget what a redo
        put back (:mod:`.undone`), by the digest the write took of its bytes (the file is
        not read again)."""
        if self._undone is None and self._redone is None:
            return  # a new entry: its bytes name no record (see session.undone)
        from scorekeeper.session.undone import forget, keep

        assert self._wrote is not None  # _write took the written bytes' digest
        if self._undone is not None:
            keep(self.path, self._wrote, self._undone)
        elif self._redone is not None:
            forget(self.path, self._redone)

    def amend(
        self,
        number: int,
        *,
        trick: int | None = None,
        action: int | None = None,
        values: Sequence[str] = (),
    ) -> dict[str, Any]:
        """Correct a recorded hand; the whole match is replayed before it is written."""
        log = self._whole_log()
        facts: list[tuple[str, Any]] | None = None
        if trick is None and action is None:
            facts = self._amended_facts(number, values)
        if action is not None and len(values) == 1:  # one action for one: every word read
            self._as_entered(values, split=False)
            values = [names.actor(values[0], log.players)]  # stored as the match spells it
        change = corrections.amend(
            log,
            number,
            trick=trick,
            action=action,
            values=values,
            facts=facts,
            ruleset=for_match(log.ruleset, self.path),
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
        rules = load(for_match(self.log.ruleset, self.path), self.log.options)
        keys = family_for(rules).quick_keys()
        return parse_fact_items(names.facts(values, keys, self.log.players), keys, rules.name)


def options_for(ruleset: str, explicit: Path | None = None) -> dict[str, Any]:
    """The options of the current match (or of ``explicit``), if it plays ``ruleset``."""
    try:
        session = Session.read(store.current_path(explicit))
    except (ScorekeeperError, OSError):
        return {}
    return dict(session.log.options) if session.log.ruleset == ruleset else {}


@rec.record
class Tail:
    """A match file opened hand by hand: the digest of its bytes (``key``), the first
    ``first`` hands finished and kept as the cache keeps them, the hands after them as a
    ``log`` (the header with only those hands), and the match replayed."""

    key: str
    first: int
    log: MatchLog
    match: Match
    entry_hands: list[MatchHand]
    cut: int = 0
    """Where the hands of ``log`` begin in the file's bytes (all before is the header and
    the kept hands)."""
    written: bool = False
    """Whether the file's bytes are the canonical text this tool wrote (its cache entry
    says so): a change then keeps the bytes before ``cut`` as they are."""


def _header_of(log: MatchLog) -> MatchLog:
    """The match's header alone (no hands)."""
    return MatchLog(**{**vars(log), "hands": []})


def _replayed(kept: Sequence[MatchHand], log: MatchLog, rules: Ruleset) -> Match:
    """The match: the kept hands, then ``log``'s hands replayed (NotStreamed if refused)."""
    try:
        match = Match(rules, log.players, log.first_dealer)
        match.hands = list(kept)
        match.replaying = True
        for i, record in enumerate(log.hands):
            match._replay_hand(len(kept) + i, record)
        match.replayed()
    except Exception as exc:  # the full replay says what is wrong, with its line
        raise NotStreamed(type(exc).__name__) from None
    return match


def _pieces(raw: bytes, starts: list[int], ends: list[int]) -> Iterator[str]:
    """The hands' texts between ``starts`` and ``ends``, decoded one by one."""
    for start, end in zip(starts, ends, strict=True):
        yield raw[start + 1 : end].decode("utf-8")


def _from_entry(entry: cache.Entry, head: MatchLog, rules: Ruleset, texts: Iterator[str]) -> Tail:
    """The file opened through its cache entry: the hands after the kept ones replayed."""
    first = len(entry.hands)
    read = [r for r, _ in records(texts, head)]
    log = MatchLog(**{**vars(head), "hands": read})
    kept: list[MatchHand] = list(entry.hands)
    return Tail(entry.match, first, log, _replayed(kept, log, rules), kept)


def _by_hands(key: str, head: MatchLog, rules: Ruleset, texts: Iterator[str]) -> Tail:
    """The file replayed hand by hand (its finished hands kept as the cache keeps them),
    and its entry kept."""
    match: Match | None = None
    last = None
    for step in steps(texts, head, rules):
        match, last = step.match, step
    if match is None:
        match = Match(rules, head.players, head.first_dealer)
    first = cache.finished_count(match)
    rest = [last.record] if last is not None and first < len(match.hands) else []
    log = MatchLog(**{**vars(head), "hands": rest})
    kept = match.hands[:first]
    if all(isinstance(h, cache.CachedHand) for h in kept):
        cache.save(cache.Entry(key, cache.rules_key(rules), kept))  # type: ignore[arg-type]
    return Tail(key, first, log, match, kept)


# ---------------------------------------------------------------------- hand by hand
# A long match read hand by hand, in memory that does not grow with the match: a match
# file whose hands are ``[[hand]]`` tables is read piece by piece (the header, then each
# hand's text: :func:`scorekeeper.matchlog.pieces`), whoever laid it out, and
# replayed hand by hand, keeping of a finished hand only what the replay cache keeps (its
# scores, facts, actions' texts and result as plain data), so that exports and the first
# read of a season go through it in bounded memory. A file whose hands are written
# another way (``hand = [...]``), or one that does not read or replay, is refused with
# :class:`NotStreamed`: the caller then reads it whole, which says what is wrong.


class NotStreamed(Exception):
    """The file is not read hand by hand, or does not replay: read it whole."""


@rec.record
class Step:
    """One hand replayed: its record, the hand as replayed (with its tricks), the match so
    far, and the hand's text in the file."""

    record: HandRecord
    hand: MatchHand
    match: Match
    text: str

    def __init__(self, record: HandRecord, hand: MatchHand, match: Match, text: str) -> None:
        # Written out: one per hand streamed.
        self.record = record
        self.hand = hand
        self.match = match
        self.text = text


def header(text: str) -> MatchLog:
    """The match's header, read from the text before its first hand."""
    try:
        data = tomllib.loads(text)
        if "hand" in data:
            raise NotStreamed("header")
        return MatchLog.from_dict(data, owned=True)  # its shape checked there, once
    except NotStreamed:
        raise
    except Exception as exc:  # the whole read says what is wrong, with its line
        raise NotStreamed(type(exc).__name__) from None


CHUNK = 1 << 20


@contextmanager
def opened(path: Path) -> Iterator[tuple[MatchLog, Iterator[str]]]:
    """A match file read piece by piece: its header, and its hands' texts as they come
    (the file is never held whole). Text that is not UTF-8 raises UnicodeDecodeError."""
    with open(path, encoding="utf-8-sig", newline="") as file:
        parts = pieces(iter(lambda: file.read(CHUNK), ""))
        yield header(next(parts)), parts


def records(hands: Iterable[str], log: MatchLog) -> Iterator[tuple[HandRecord, str]]:
    """Each hand's record and its text, each read on its own and shape-checked."""
    head_doc = log.to_dict()
    strings = Strings()
    known = Known(set(), set())  # one table: a string sound in one hand is in every
    for piece in hands:
        tables = one_hand(piece, strings)
        if tables is None or len(tables) != 1:
            raise NotStreamed("piece")
        try:  # the shape is checked once, by from_dict
            log = MatchLog.from_dict({**head_doc, "hand": tables}, owned=True, known=known)
        except MatchFileError:
            raise NotStreamed("shape") from None
        yield log.hands[0], piece


def steps(
    hands: Iterable[str],
    log: MatchLog,
    rules: Ruleset,
    *,
    change: Callable[[HandRecord], object] | None = None,
    to: MatchLog | None = None,
) -> Iterator[Step]:
    """Replay the match hand by hand from its hands' texts; a finished hand is kept as the
    cache keeps it (:func:`cache.lean`) once the next begins. ``change``: applied to each
    hand's record (read as ``log`` has it) before it is replayed at the table of ``to``
    (the changed header; default ``log``)."""
    table = to if to is not None else log
    try:
        match = Match(rules, table.players, table.first_dealer)
    except Exception as exc:
        raise NotStreamed(type(exc).__name__) from None
    players = list(table.players)
    match.replaying = True
    before: cache.CachedHand | None = None
    for i, (record, piece) in enumerate(records(hands, log)):
        if change is not None:
            change(record)
        try:
            match._replay_hand(i, record)
        except Exception as exc:  # the whole read says what is wrong, with its line
            raise NotStreamed(type(exc).__name__) from None
        mh = match.hands[-1]
        yield Step(record, mh, match, piece)
        if mh.finished:
            kept = cache.lean(mh, record.actions, players)
            if kept is mh:
                mh.hand = None  # no plain form: the result stays, the tricks go
            match.hands[-1] = kept
            if before is not None:
                before.forget()  # the hand before the last: its result is read back if asked
            before = kept if isinstance(kept, cache.CachedHand) else None
    match.replayed()
