"""A long match read hand by hand, in memory that does not grow with the match.

A match file in the canonical form the tool writes with ``[[hand]]`` sections is the
header's text followed by each hand's text; each piece parses on its own and dumps back
to exactly itself. :func:`steps` reads such a file piece by piece and replays it hand by
hand, keeping of a finished hand only what the replay cache keeps (its result and its
actions' texts), so that exports and the cache's rebuild go through a season in constant
memory. A file in any other form, or one that does not replay, is refused with
:class:`NotStreamed`: the caller then reads it whole, which says what is wrong.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

import scorekeeper.session.cache as cache
from scorekeeper import record as rec
from scorekeeper.errors import ScorekeeperError
from scorekeeper.match import Match, MatchHand
from scorekeeper.matchlog import HandRecord, MatchLog
from scorekeeper.matchlog.shape import shape_problems
from scorekeeper.rules import Ruleset


class NotStreamed(Exception):
    """The file is not canonical in sections, or does not replay: read it whole."""


@rec.record
class Step:
    """One hand replayed: its record, the hand as replayed (with its tricks), the match so
    far, and where the hand's text ends in the file (in UTF-8 bytes)."""

    record: HandRecord
    hand: MatchHand
    match: Match
    end: int
    text: str
    """The hand's text in the file."""

    def __init__(
        self, record: HandRecord, hand: MatchHand, match: Match, end: int, text: str
    ) -> None:
        # Written out: one per hand streamed.
        self.record = record
        self.hand = hand
        self.match = match
        self.end = end
        self.text = text


def header(text: str) -> MatchLog:
    """The match's header, read from the text before its first hand (or from the whole
    text, which is cut at the first hand)."""
    cut = text.find(cache.SEPARATOR)
    head = text if cut < 0 else text[:cut]
    try:
        data = tomllib.loads(head)
        if shape_problems(data):
            raise NotStreamed("the header's shape")
        log = MatchLog.from_dict(data)
    except NotStreamed:
        raise
    except Exception as exc:  # the whole read says what is wrong, with its line
        raise NotStreamed(f"{type(exc).__name__}") from None
    if log.hands or cache.header_text(log) != head:
        raise NotStreamed("the header is not canonical")
    return log


def pieces(chunks: Iterable[str]) -> Iterator[str]:
    """The text in pieces: the header, then each hand's text (each begins with the
    separator ``[[hand]]``), however the chunks cut it."""
    buffer = ""
    for chunk in chunks:
        buffer += chunk
        start = 0
        cut = buffer.find(cache.SEPARATOR, 1)
        while cut >= 0:
            yield buffer[start:cut]
            start = cut
            cut = buffer.find(cache.SEPARATOR, start + 1)
        buffer = buffer[start:]
    yield buffer


CHUNK = 1 << 20


@contextmanager
def opened(path: Path) -> Iterator[tuple[MatchLog, Iterator[str]]]:
    """A match file read piece by piece: its header, and its hands' texts as they come
    (the file is never held whole). Text that is not UTF-8 raises UnicodeDecodeError."""
    with open(path, encoding="utf-8", newline="") as file:
        chunks = iter(lambda: file.read(CHUNK), "")
        parts = pieces(chunks)
        yield header(next(parts)), parts


def records(hands: Iterable[str], log: MatchLog) -> Iterator[tuple[HandRecord, int, str]]:
    """Each hand's record, the length of the text before it ends (in UTF-8 bytes, the
    header's included) and its text, each checked canonical."""
    head_doc = log.to_dict()
    size = len(cache.header_text(log).encode("utf-8"))
    for piece in hands:
        try:
            data = tomllib.loads(piece)
        except (tomllib.TOMLDecodeError, RecursionError) as exc:
            raise NotStreamed(str(exc)) from None
        tables = data.pop("hand", None)
        if data or not isinstance(tables, list) or len(tables) != 1:
            raise NotStreamed("not one hand")
        doc = {**head_doc, "hand": tables}
        if shape_problems(doc):
            raise NotStreamed("a hand's shape")
        record = MatchLog.from_dict(doc).hands[0]
        if cache.hand_text(record) != piece:
            raise NotStreamed("a hand is not canonical")
        size += len(piece.encode("utf-8"))
        yield record, size, piece


def steps(hands: Iterable[str], log: MatchLog, rules: Ruleset) -> Iterator[Step]:
    """Replay the match hand by hand from its hands' texts; a finished hand is made lean
    once the next begins."""
    try:
        match = Match(rules, log.players, log.first_dealer)
    except Exception as exc:
        raise NotStreamed(type(exc).__name__) from None
    players = list(log.players)
    match.replaying = True
    before: cache.CachedHand | None = None
    for i, (record, end, piece) in enumerate(records(hands, log)):
        try:
            match._replay_hand(i, record)
        except Exception as exc:  # the whole read says what is wrong, with its line
            raise NotStreamed(type(exc).__name__) from None
        mh = match.hands[-1]
        yield Step(record, mh, match, end, piece)
        if mh.finished:
            lean = cache.lean(mh, record.actions, players)
            match.hands[-1] = lean
            if isinstance(before, cache.CachedHand):
                before.forget()  # the hand before the last: its result is read back if asked
            before = lean if isinstance(lean, cache.CachedHand) else None
    match.replayed()


def rebuild(path: Path) -> cache.Snapshot | None:
    """Replay a canonical match file hand by hand and keep its snapshot for the cache (and
    return it); None when the file is not streamed (not canonical in sections, or it does
    not replay: the whole read then says what is wrong). The file is read piece by piece."""
    from scorekeeper.ruleset import load

    try:
        with opened(path) as (log, hands):
            rules = load(log.ruleset, log.options)
            match: Match | None = None
            head = cache.header_text(log).encode("utf-8")
            h = cache.new_digest()
            h.update(head)
            ends, digests = {0: len(head)}, {0: h.digest()}
            since: int | None = None
            for step in steps(hands, log, rules):
                match = step.match
                h.update(step.text.encode("utf-8"))
                if step.hand.finished:
                    count = len(match.hands)
                    ends[count], digests[count] = step.end, h.digest()
                    if since is None and not cache.inline(step.record):
                        since = count
    except (NotStreamed, UnicodeDecodeError, OSError, ScorekeeperError):
        return None
    match = match or Match(rules, log.players, log.first_dealer)
    done = cache.finished_count(match)
    kept = sorted(c for c in ends if c <= done)[-cache.KEPT_ENDS :]
    hands_kept = match.hands[:done]
    ends = {c: ends[c] for c in kept}
    return cache.keep(path, rules, log, ends, {c: digests[c] for c in kept}, hands_kept, since)
