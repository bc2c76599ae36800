"""A long match read hand by hand, in memory that does not grow with the match.

A match file whose hands are ``[[hand]]`` tables is read piece by piece (the header, then
each hand's text: :func:`scorekeeper.matchlog.reader.pieces`), whoever laid it out, and
replayed hand by hand, keeping of a finished hand only what the replay cache keeps (its
scores, facts, actions' texts and result as plain data), so that exports and the first
read of a season go through it in bounded memory. A file whose hands are written another
way (``hand = [...]``), or one that does not read or replay, is refused with
:class:`NotStreamed`: the caller then reads it whole, which says what is wrong.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

import scorekeeper.session.cache as cache
from scorekeeper import record as rec
from scorekeeper.errors import MatchFileError
from scorekeeper.match import Match, MatchHand
from scorekeeper.matchlog import HandRecord, MatchLog
from scorekeeper.matchlog.reader import Strings, one_hand, pieces
from scorekeeper.matchlog.shape import Known, shape_problems
from scorekeeper.rules import Ruleset


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
        if "hand" in data or shape_problems(data):
            raise NotStreamed("header")
        return MatchLog.from_dict(data)
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


def steps(hands: Iterable[str], log: MatchLog, rules: Ruleset) -> Iterator[Step]:
    """Replay the match hand by hand from its hands' texts; a finished hand is kept as the
    cache keeps it (:func:`cache.lean`) once the next begins."""
    try:
        match = Match(rules, log.players, log.first_dealer)
    except Exception as exc:
        raise NotStreamed(type(exc).__name__) from None
    players = list(log.players)
    match.replaying = True
    before: cache.CachedHand | None = None
    for i, (record, piece) in enumerate(records(hands, log)):
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
