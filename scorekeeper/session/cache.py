"""The derived-state cache: a match replayed up to its last finished hand, kept between commands.

Replaying a whole match for every command costs time that grows with the match. For each
match file this cache keeps a :class:`Snapshot`: the finished hands as replayed (their
dealers and results, not their tricks), the file's header, and the file's text up to the end
of the last finished hand, with where each of the last few hands ends in it. A command
whose file still begins with exactly the bytes up to one of those ends (byte for byte, an
undo may have taken the last hand back) parses and replays only what follows (the hand in
progress) and appends its change as the canonical text of that tail.

The match file stays the single source of truth. A snapshot is used only when the code,
the Python version and the rule set it was made with are the ones running now, the file
begins with the bytes it was made from, and the rest of the file is in the canonical form
the tool writes, so that writing the prefix plus the re-dumped tail gives the same bytes
as dumping the whole match. Anything else (a missing, stale, truncated, corrupt or
unreadable cache file, a hand-edited match) falls back to the full replay, which then
writes a fresh snapshot; a debug log line says why, the user sees nothing. Deleting every
cache changes nothing but speed.

Where: ``$SCOREKEEPER_HOME/cache/snapshots`` when ``SCOREKEEPER_HOME`` is set, else
``$XDG_CACHE_HOME/scorekeeper/snapshots`` (``~/.cache/scorekeeper/snapshots``); one file
per match file, named by a digest of its absolute path. ``SCOREKEEPER_CACHE=off`` turns the cache off.
"""

from __future__ import annotations

import io
import os
import pickle
import sys
import tomllib
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

import tomli_w

from scorekeeper.actions import Action, parse_action
from scorekeeper.collector import paused
from scorekeeper.match import Match, MatchHand, result_facts
from scorekeeper.matchlog import HandRecord, MatchLog
from scorekeeper.matchlog.files import replacing_bytes
from scorekeeper.matchlog.shape import shape_problems
from scorekeeper.reasons import Worded
from scorekeeper.record import record
from scorekeeper.result import HandResult
from scorekeeper.rules import Binder, Ruleset
from scorekeeper.rules.source import Chain, chain_holds

try:  # the very blake2b of hashlib, without hashlib loading OpenSSL at every command
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

FORMAT = "scorekeeper-cache/5"
"""Changes whenever what a snapshot holds changes shape."""

_PACKAGE = Path(__file__).resolve().parent.parent


@record
class Snapshot:
    """A match file's finished hands replayed, and what the text they were replayed from was.

    ``ends`` maps a number of hands (the last few, and zero) to the length in bytes of the
    canonical text of the header and those hands, ``digests`` the same numbers to a digest
    of that text (the file must begin with exactly it); ``key`` what the replay depended on
    besides the text (code, Python, rule set).
    """

    key: str
    ends: dict[int, int]
    digests: dict[int, bytes]
    header: MatchLog
    hands: list[MatchHand]
    sections_from: int | None = None
    """The fewest hands that include one too long to be inline (None: no such hand)."""
    rules: KeptRules | None = None
    """The match's rule set as read (see :func:`kept_rules`)."""

    def fit(self, raw: bytes, below: int | None = None) -> tuple[int, Any] | None:
        """The most hands whose text ``raw`` begins with, byte for byte, and the digest of
        that text so far (to go on with); None if none. One pass over the file: the ends
        are each other's beginnings, so the first that differs ends the search."""
        view = memoryview(raw)
        h = new_digest()
        done = 0
        found = None
        for count in sorted(self.ends):
            size = self.ends[count]
            if size > len(raw) or (below is not None and count >= below):
                break
            h.update(view[done:size])
            done = size
            if h.digest() != self.digests.get(count):
                break
            found = (count, h.copy())
        return found


def new_digest() -> Any:
    """The digest a snapshot keeps of the file's beginnings (blake2b)."""
    return blake2b(digest_size=32)


def digests_of(data: bytes | bytearray, ends: dict[int, int]) -> dict[int, bytes]:
    """The digest of ``data``'s first ``ends[count]`` bytes, for each count."""
    view = memoryview(data)
    h = new_digest()
    done = 0
    found: dict[int, bytes] = {}
    for count in sorted(ends, key=ends.__getitem__):
        h.update(view[done : ends[count]])
        done = ends[count]
        found[count] = h.digest()
    return found


@record
class Tail:
    """A match file opened through its snapshot: the first ``first`` hands as replayed,
    the file's ``prefix`` text they take, and the rest of the file as a ``log`` (the
    header with only the hands after them)."""

    snapshot: Snapshot
    first: int
    raw: bytes
    log: MatchLog
    digest: Any
    """The digest of the prefix so far, to go on with (blake2b)."""

    @property
    def size(self) -> int:
        """The length of the prefix in the file, in bytes."""
        return self.snapshot.ends[self.first]

    @cached_property
    def prefix(self) -> str:
        return self.raw[: self.size].decode("utf-8")

    def sections(self) -> bool:
        """Whether the whole match is written in ``[[hand]]`` sections, so that the
        prefix followed by each tail hand's text is the canonical text."""
        since = self.snapshot.sections_from
        if since is not None and since <= self.first:
            return True
        if not self.log.hands:
            return self.first == 0
        return not all(inline(r) for r in self.log.hands)

    def text(self) -> str | None:
        """The canonical text of the match as the tail now stands; None if the hands are
        all short (the file then holds them inline: dump the whole match)."""
        if not self.sections():
            return None
        return self.prefix + tail_text(self.log.hands)


# ---------------------------------------------------------------------- where and whether
def enabled() -> bool:
    return os.environ.get("SCOREKEEPER_CACHE", "").strip().lower() not in ("off", "0", "no")


def cache_dir() -> Path:
    if home := os.environ.get("SCOREKEEPER_HOME"):
        return Path(home) / "cache" / "snapshots"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "scorekeeper" / "snapshots"


def cache_file(path: Path) -> Path:
    """The cache file of the match file at ``path``."""
    name = blake2b(os.fsencode(os.path.abspath(path)), digest_size=16).hexdigest()
    return cache_dir() / f"{name}.snapshot"


def _debug(message: str) -> None:
    import logging

    logging.getLogger(__name__).debug("%s", message)


# ---------------------------------------------------------------------- canonical text
SEPARATOR = "\n[[hand]]\n"
_WIDE = {"actions": ["x" * 120]}
"""A hand too wide for an inline table: dumped after a hand, it makes ``tomli_w`` write
the hands as ``[[hand]]`` sections, which is how they stand in any match that has one."""


def hand_text(record: HandRecord) -> str:
    """One hand as a canonical match file with ``[[hand]]`` sections writes it, after the
    text before it (``tomli_w`` writes the hands inline only when every one is short)."""
    both = tomli_w.dumps({"hand": [record.to_dict(), _WIDE]})
    return "\n" + both[: both.rfind(SEPARATOR)]


def inline(record: HandRecord) -> bool:
    """Whether the hand is short enough for ``tomli_w`` to write it as an inline table:
    when every hand of a match is, the file holds ``hand = [...]`` instead of sections."""
    return tomli_w.dumps({"hand": [record.to_dict()]}).startswith("hand = ")


def tail_text(records: Sequence[HandRecord]) -> str:
    return "".join(hand_text(r) for r in records)


def header_of(log: MatchLog) -> MatchLog:
    """The match's header alone (no hands)."""
    return MatchLog(**{**vars(log), "hands": []})


def header_text(log: MatchLog) -> str:
    """The canonical text of the match's header, which every hand's text follows."""
    return tomli_w.dumps(header_of(log).to_dict())


# ---------------------------------------------------------------------- keys
def code_key() -> str:
    """What a replay depends on besides the match: the code's files and the Python version."""
    h = blake2b(digest_size=16)
    h.update(f"{FORMAT} {sys.version}".encode())
    for folder in (_PACKAGE, _PACKAGE.parent / "rulesets"):
        _stat_tree(folder, h)
    return h.hexdigest()


def _stat_tree(folder: Path, h: Any) -> None:
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            if entry.name != "__pycache__":
                _stat_tree(Path(entry.path), h)
        elif entry.name.endswith((".py", ".toml")):
            st = entry.stat()
            h.update(f"{entry.path} {st.st_mtime_ns} {st.st_size}\n".encode())


def rules_key(rules: Ruleset) -> str:
    """The rule set as loaded (its files merged, the match's options): a changed house rule
    set makes every snapshot of it stale."""
    text = repr((rules.source, rules.base, sorted(rules.overrides.items(), key=repr)))
    return blake2b(text.encode(), digest_size=16).hexdigest()


def snapshot_key(rules: Ruleset) -> str:
    return f"{code_key()}:{rules_key(rules)}"


# ---------------------------------------------------------------------- reading
def load(path: Path) -> Snapshot | None:
    """The snapshot kept for ``path``, or None (missing, unreadable or not a snapshot)."""
    if not enabled():
        return None
    file = cache_file(path)
    try:
        handle = open(file, "rb")  # noqa: SIM115  # read piece by piece, not held whole
    except OSError:
        return None
    with handle:
        try:
            if handle.readline() != FORMAT.encode() + b"\n":
                raise ValueError("not a snapshot of this format")
            with paused():  # thousands of objects, no garbage
                snapshot = pickle.load(handle)
            if not isinstance(snapshot, Snapshot):
                raise ValueError("not a snapshot")
        except Exception as exc:  # a corrupt or truncated cache file is ignored, then rebuilt
            _debug(f"{file}: ignored ({type(exc).__name__}: {exc})")
            return None
    return snapshot


def open_tail(
    path: Path, raw: bytes, *, below: int | None = None, snapshot: Snapshot | None = None
) -> Tail | None:
    """The file's text after its snapshot, read as a log, when the snapshot fits the file
    (with fewer than ``below`` hands in the snapshot's part, when given).

    None when there is no snapshot, when the file does not begin with the snapshot's
    bytes, or when what follows is not canonical, well-shaped hands (the full read then
    says what is wrong, with its lines).
    """
    snapshot = snapshot or load(path)
    if snapshot is None:
        return None
    fitting = snapshot.fit(raw, below)
    if fitting is None:
        _debug(f"{path}: snapshot is stale")
        return None
    first, digest = fitting
    size = snapshot.ends[first]
    try:
        rest = raw[size:].decode("utf-8")
        data = tomllib.loads(rest)
        hands = data.pop("hand", [])
        if data or not isinstance(hands, list):
            return None
        doc = {**snapshot.header.to_dict(), "hand": hands} if hands else snapshot.header.to_dict()
        if shape_problems(doc):
            return None
        log = MatchLog.from_dict(doc)
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, RecursionError, ValueError) as exc:
        _debug(f"{path}: the text after the snapshot is not read quickly ({exc})")
        return None
    tail = Tail(snapshot, first, raw, log, digest)
    if not tail.sections() or tail_text(log.hands) != rest:
        _debug(f"{path}: the text after the snapshot is not canonical")
        return None
    return tail


def replay(tail: Tail, rules: Ruleset) -> Match | None:
    """The match: the snapshot's hands, then the tail's hands replayed; None if refused."""
    if tail.snapshot.key != snapshot_key(rules):
        _debug("snapshot made by other code or another rule set")
        return None
    header = tail.snapshot.header
    try:
        match = Match(rules, header.players, header.first_dealer)
        match.hands = list(tail.snapshot.hands[: tail.first])
        match.replaying = True
        for i, record in enumerate(tail.log.hands):
            match._replay_hand(tail.first + i, record)
        match.replayed()
    except Exception as exc:  # the full replay says what is wrong, with its line
        _debug(f"the tail does not replay ({type(exc).__name__})")
        return None
    return match


# ---------------------------------------------------------------------- writing
def finished_count(match: Match) -> int:
    """How many hands at the front of the match are finished (all but an open last one)."""
    return len(match.hands) - (1 if match.open_hand is not None else 0)


class CachedHand(MatchHand):
    """A finished hand as a snapshot keeps it: number, dealer and facts at once; its
    result and its actions are read back (the result unpickled, the actions parsed from
    their texts) when first asked for, so that a command pays only for the hands it
    looks at; its tricks are not kept (``Session.open(path, full=True)`` replays them)."""

    def __init__(self, mh: MatchHand, texts: Sequence[str], players: list[str]) -> None:
        super().__init__(mh.number, mh.dealer, None, mh.quick, [], mh.result)
        self.__dict__.pop("_actions", None)
        self._texts = "\n".join(texts) if not any("\n" in t for t in texts) else tuple(texts)
        self._players = players
        self._scores = dict(mh.result.scores) if mh.result is not None else {}
        self._facts = result_facts(mh.result)
        out = io.BytesIO()
        _Pickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(mh.result)
        self._result_data = out.getvalue()

    @property
    def finished(self) -> bool:
        return True

    def forget(self) -> None:
        """Let the result go from memory: it is read back from its pickle when asked for."""
        self.__dict__.pop("_result", None)

    @property
    def scores(self) -> dict[str, int]:
        """What the hand scored, kept apart: totals need no result read back."""
        return self._scores

    @property
    def facts(self) -> dict[str, Any]:
        """The result's plain details, kept apart: a sheet's progress reads no result."""
        return self._facts

    @property  # type: ignore[override]
    def result(self) -> HandResult | None:
        if "_result" not in self.__dict__:
            from scorekeeper.text import language

            _ENGLISH.append(language.current() == language.ENGLISH)  # asked once per result
            try:
                self.__dict__["_result"] = pickle.loads(self._result_data)
            finally:
                _ENGLISH.pop()
        return self.__dict__["_result"]  # type: ignore[no-any-return]

    @result.setter
    def result(self, value: HandResult | None) -> None:
        self.__dict__["_result"] = value

    @property  # type: ignore[override]
    def actions(self) -> list[Action]:
        if "_actions" not in self.__dict__:
            texts = self._texts.split("\n") if isinstance(self._texts, str) else self._texts
            self.__dict__["_actions"] = [parse_action(t, self._players) for t in texts if t]
        return self.__dict__["_actions"]  # type: ignore[no-any-return]

    @actions.setter
    def actions(self, value: list[Action]) -> None:
        self.__dict__["_actions"] = value

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k not in ("_actions", "_result")}


def lean(mh: MatchHand, texts: Sequence[str], players: list[str]) -> MatchHand:
    """A finished hand as a snapshot keeps it (see :class:`CachedHand`)."""
    return mh if isinstance(mh, CachedHand) else CachedHand(mh, texts, players)


def save(path: Path, snapshot: Snapshot) -> None:
    """Keep ``snapshot`` for ``path``; a cache that cannot be written is only skipped."""
    if not enabled():
        return
    try:
        with replacing_bytes(cache_file(path), sync=False) as out:
            out.write(FORMAT.encode() + b"\n")
            _Pickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(snapshot)
    except (OSError, pickle.PicklingError, TypeError, AttributeError) as exc:
        _debug(f"{path}: snapshot not kept ({type(exc).__name__}: {exc})")


KEPT_ENDS = 8
"""How many hands back an undo may reach and still find the snapshot fitting."""


def update(
    path: Path,
    match: Match,
    header: MatchLog,
    prefix: bytes,
    records: Sequence[HandRecord],
    known: Tail | None,
) -> None:
    """Keep a snapshot of ``match`` up to its last finished hand, if that moved on.

    ``prefix`` is the file's text before ``records`` when ``known`` is None (the header's
    text; ``records`` are then every hand); through ``known`` the records are the file's
    hands from ``known.first`` on, after the prefix it fits.
    """
    done = finished_count(match)
    start = known.first if known is not None else -1
    if done <= start:
        return  # no hand finished beyond what the snapshot fits
    start = max(start, 0)
    if known is not None:
        size, h = known.size, known.digest.copy()
    else:
        size, h = len(prefix), new_digest()
        h.update(prefix)
    ends = {c: e for c, e in (known.snapshot.ends if known else {}).items() if c <= start}
    digests = {c: d for c, d in (known.snapshot.digests if known else {}).items() if c <= start}
    ends[start], digests[start] = size, h.digest()
    for count, kept in enumerate(records[: done - start], start + 1):
        piece = hand_text(kept).encode("utf-8")
        h.update(piece)
        size += len(piece)
        ends[count], digests[count] = size, h.digest()
    since = known.snapshot.sections_from if known is not None else None
    if since is None or since > start:
        since = next(
            (start + i + 1 for i, r in enumerate(records[: done - start]) if not inline(r)), None
        )
    players = list(header.players)
    fresh = zip(match.hands[start:done], records[: done - start], strict=True)
    hands = [
        *(known.snapshot.hands[:start] if known else []),
        *(lean(mh, record.actions, players) for mh, record in fresh),
    ]
    kept = sorted(ends)[-KEPT_ENDS:]
    ends = {c: ends[c] for c in kept}
    keep(path, match.rules, header, ends, {c: digests[c] for c in kept}, hands, since)


def keep(
    path: Path,
    rules: Ruleset,
    header: MatchLog,
    ends: dict[int, int],
    digests: dict[int, bytes],
    hands: list[MatchHand],
    sections_from: int | None,
) -> Snapshot:
    """Keep the snapshot of ``hands`` (finished, lean), replayed from the text whose
    beginnings end at ``ends`` with ``digests``; the snapshot kept."""
    snapshot = Snapshot(
        snapshot_key(rules),
        ends,
        digests,
        header_of(header),
        hands,
        sections_from,
        _kept(rules, header),
    )
    save(path, snapshot)
    return snapshot


# ---------------------------------------------------------------------- the rule set
@record(frozen=True)
class KeptRules:
    """A match's rule set as read (its options applied and checked), with the files it was
    read from (``Ruleset.chain``) and what the match file asked for."""

    name: str
    options: dict[str, Any]
    chain: Chain
    family: str
    base: dict[str, Any]
    source: str
    overrides: dict[str, Any]
    spec: Any


def _kept(rules: Ruleset, header: MatchLog) -> KeptRules | None:
    if not rules.chain or not isinstance(rules.base.get("family"), str):
        return None
    return KeptRules(
        header.ruleset,
        dict(header.options),
        rules.chain,
        rules.base["family"],
        rules.base,
        rules.source,
        rules.overrides,
        rules.spec,
    )


def kept_rules(tail: Tail, binder: Binder) -> Ruleset | None:
    """The match's rule set as the snapshot keeps it, when the match file asks for the
    same rule set and options and the rule set would still be read from exactly the same
    files, byte for byte: what loading it would give, without reading and checking it
    again (the same code made it: the snapshot's key says so, and ``replay`` checks it).
    None otherwise: the rule set is then loaded as ever."""
    kept = tail.snapshot.rules
    if kept is None or kept.name != tail.log.ruleset or kept.options != tail.log.options:
        return None
    if not chain_holds(kept.name, kept.chain):
        return None
    schema, mechanics = binder.bind(kept.family)
    rules = Ruleset(kept.base, kept.source, kept.overrides, schema, mechanics, kept.chain)
    rules.__dict__["spec"] = kept.spec  # read, checked and kept: ``rules.spec`` as it was
    return rules


_ENGLISH: list[bool] = []
"""While a result is read back: whether the view speaks English (asked once, not per word)."""


def _worded(text: str | None, reason: Any) -> Worded:
    if _ENGLISH:
        english = _ENGLISH[-1]
    else:
        from scorekeeper.text import language

        english = language.current() == language.ENGLISH
    if text is None or not english:  # the words of another language are made anew
        text = reason.text()
    made = str.__new__(Worded, text)
    made.reason = reason
    return made


class _Pickler(pickle.Pickler):
    """Pickles the view's worded reasons as they are (their text and their reason)."""

    def reducer_override(self, obj: Any) -> Any:
        if type(obj) is Worded:  # the English words are kept; another language's are not
            from scorekeeper.text import language

            english = str(obj) if language.current() == language.ENGLISH else None
            return _worded, (english, obj.reason)
        return NotImplemented
