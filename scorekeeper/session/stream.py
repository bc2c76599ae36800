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
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import scorekeeper.session.cache as cache
from scorekeeper.errors import ScorekeeperError
from scorekeeper.match import Match, MatchHand
from scorekeeper.matchlog import HandRecord, MatchLog
from scorekeeper.matchlog.shape import shape_problems
from scorekeeper.rules import Ruleset


class NotStreamed(Exception):
    """The file is not canonical in sections, or does not replay: read it whole."""


@dataclass
class Step:
    """One hand replayed: its record, the hand as replayed (with its tricks), the match so
    far, and where the hand's text ends in the file (in UTF-8 bytes)."""

    record: HandRecord
    hand: MatchHand
    match: Match
    end: int


def header(text: str) -> MatchLog:
    """The match's header, read from the text before its first hand."""
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


def records(text: str, log: MatchLog) -> Iterator[tuple[HandRecord, int]]:
    """Each hand's record and the end of its text (in UTF-8 bytes), checked canonical."""
    head_doc = log.to_dict()
    at = text.find(cache.SEPARATOR)
    size = len(text.encode("utf-8")) if at < 0 else len(text[:at].encode("utf-8"))
    while at >= 0:
        nxt = text.find(cache.SEPARATOR, at + 1)
        piece = text[at:nxt] if nxt >= 0 else text[at:]
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
        yield record, size
        at = nxt


def steps(text: str, log: MatchLog, rules: Ruleset) -> Iterator[Step]:
    """Replay the match hand by hand; a finished hand is made lean once the next begins."""
    try:
        match = Match(rules, log.players, log.first_dealer)
    except Exception as exc:
        raise NotStreamed(type(exc).__name__) from None
    players = list(log.players)
    match.replaying = True
    for i, (record, end) in enumerate(records(text, log)):
        try:
            match._replay_hand(i, record)
        except Exception as exc:  # the whole read says what is wrong, with its line
            raise NotStreamed(type(exc).__name__) from None
        mh = match.hands[-1]
        yield Step(record, mh, match, end)
        if mh.finished:
            match.hands[-1] = cache.lean(mh, record.actions, players)
    match.replayed()


def rebuild(path: Path) -> bool:
    """Replay a canonical match file hand by hand and keep its snapshot for the cache;
    False when the file is not streamed (not canonical in sections, or it does not replay:
    the whole read then says what is wrong)."""
    from scorekeeper.ruleset import load

    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8")
        log = header(text)
        rules = load(log.ruleset, log.options)
        match: Match | None = None
        cut = text.find(cache.SEPARATOR)
        ends = {0: len(raw) if cut < 0 else len(text[:cut].encode("utf-8"))}
        since: int | None = None
        for step in steps(text, log, rules):
            match = step.match
            if step.hand.finished:
                count = len(match.hands)
                ends[count] = step.end
                if since is None and not cache.inline(step.record):
                    since = count
    except (NotStreamed, UnicodeDecodeError, OSError, ScorekeeperError):
        return False
    match = match or Match(rules, log.players, log.first_dealer)
    done = cache.finished_count(match)
    kept = {c: ends[c] for c in sorted(c for c in ends if c <= done)[-cache.KEPT_ENDS :]}
    hands = match.hands[:done]
    cache.keep(path, rules, log, kept, cache.digests_of(raw, kept), hands, since)
    return True
