"""The replay cache: a match file's finished hands as plain data, kept between commands.

Replaying a whole match for every command costs time that grows with the match. For each
match file this cache keeps an :class:`Entry`: of every finished hand its dealer, quick
facts, scores, plain facts (``MatchHand.facts``), action texts and result, all as JSON,
never as code or objects of any class. The hand in progress is replayed from the file.

An entry is keyed by a digest of the match file's exact bytes (its file is named by it)
and says the digest again inside, with the rule set as read (``rules_key``), the code
that made it (``code_key``), a format version and a seal of its own bytes: their keyed
digest under this machine's key (:func:`machine_key`), which no one else can make. It
is used only when all of these fit the file and the code running now: anything else (a
missing, stale, truncated, corrupt, planted, forged or foreign file) is ignored without
a word and the match is replayed from the file, which then keeps a fresh entry. The
match file decides: deleting every cache changes nothing but speed.

Where: ``$SCOREKEEPER_HOME/cache/replay`` when ``SCOREKEEPER_HOME`` is set, else
``$XDG_CACHE_HOME/scorekeeper/replay`` (``~/.cache/scorekeeper/replay``).
``SCOREKEEPER_CACHE=off`` turns the cache off.

The key is 32 random bytes in ``$XDG_CACHE_HOME/scorekeeper/key`` (``~/.cache/...``),
never in the data folder (not even with ``SCOREKEEPER_HOME``), made on first use, readable
by its owner only; a key file that is not a plain file of ours, private, of 32 bytes is
not used (nor is any cache then). So whoever may write a cache folder (a shared or synced
data folder, say) and read the match can make no entry that is used: only the user's own
scorekeeper can. Files of the pickled cache before this one (``snapshots/*.snapshot``)
are never read, and removed when an entry is next written.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from collections.abc import Sequence
from contextlib import suppress
from json.encoder import c_make_encoder, encode_basestring  # type: ignore[attr-defined]
from pathlib import Path
from typing import Any

from scorekeeper.actions import Action, parse_action
from scorekeeper.caches import cache, memo
from scorekeeper.match import Match, MatchHand, result_facts
from scorekeeper.matchlog.files import (
    MAX_SIZE,
    own_folder,
    read_plain,
    read_private,
    replacing_bytes,
)
from scorekeeper.record import record
from scorekeeper.result import HandResult, Unkept, plain, plain_result, result_of, unplain
from scorekeeper.rules import Ruleset

try:  # the very blake2b of hashlib, without hashlib loading OpenSSL at every command
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

FORMAT = "scorekeeper-replay-cache"
VERSION = 2
"""Changes whenever what an entry holds changes shape."""

_PACKAGE = Path(__file__).resolve().parent.parent
KEEP = 64
"""How many entries the cache folder keeps (the newest): one per match file in use."""
ENTRY_LIMIT = 4 * MAX_SIZE
"""The largest cache file read (an entry is about 1.25 times its match file)."""


# ---------------------------------------------------------------------- where and whether
def enabled() -> bool:
    return os.environ.get("SCOREKEEPER_CACHE", "").strip().lower() not in ("off", "0", "no")


def cache_dir() -> Path:
    if home := os.environ.get("SCOREKEEPER_HOME"):
        return Path(home) / "cache" / "replay"
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "scorekeeper" / "replay"


def new_digest() -> Any:
    """The digest of a match file's bytes, to be fed piece by piece (blake2b)."""
    return blake2b(digest_size=32)


def digest(data: bytes | memoryview) -> str:
    """The key of a match file: a digest of its exact bytes."""
    return blake2b(data, digest_size=32).hexdigest()


def entry_file(key: str) -> Path:
    """The cache file of the match file whose bytes have the digest ``key``."""
    return cache_dir() / f"{key}.json"


def _debug(message: str) -> None:
    import logging

    logging.getLogger(__name__).debug("%s", message)


# ---------------------------------------------------------------------- keys
@memo("session.code_key", "()", maxsize=1)  # the code running: read once a process
def code_key() -> str:
    """What a replay depends on besides the match: the code's files and the Python version
    (a table or a server writes entries all along: the files are looked at once)."""
    h = blake2b(digest_size=16)
    h.update(f"{FORMAT} {VERSION} {sys.version}".encode())
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
    """The rule set as loaded (its files' merged content, the match's options): a changed
    house rule set makes every entry made under it stale."""
    text = repr((rules.source, rules.base, sorted(rules.overrides.items(), key=repr)))
    return blake2b(text.encode(), digest_size=16).hexdigest()


# ---------------------------------------------------------------------- the machine's key and the seal
KEY_SIZE = 32


def key_file() -> Path:
    """Where this machine's key is kept: the user's own cache folder, never the data folder."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "scorekeeper" / "key"


def machine_key() -> bytes | None:
    """This user's key on this machine (made on first use), or None when there is none
    that can be trusted: not a plain file (a link is not followed), not the user's, open
    to others, or not ``KEY_SIZE`` bytes. Without a key no cache is read or written."""
    path = key_file()
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    except OSError:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        made = path.with_name(f".key.{os.getpid()}.tmp")
        fd = os.open(made, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        try:
            os.write(fd, os.urandom(KEY_SIZE))
            os.fsync(fd)
        finally:
            os.close(fd)
        with suppress(FileExistsError):  # another process made one first: theirs counts
            os.link(made, path)
        os.unlink(made)
        return _read_key(path)
    except OSError:
        return None


def _read_key(path: Path) -> bytes | None:
    """The key in ``path`` when it is a plain file of ours, private, of ``KEY_SIZE``
    bytes (a link, a pipe, anything else: None); FileNotFoundError when there is none."""
    if not os.path.lexists(path):
        raise FileNotFoundError(path)
    data = read_private(path, KEY_SIZE)
    return data if data is not None and len(data) == KEY_SIZE else None


def sealer(key: bytes) -> Any:
    """A digest to be fed a cache file's body piece by piece; its hex digest is the seal
    (blake2b keyed with ``key``, this machine's)."""
    return blake2b(digest_size=32, key=key)


def seal(key: bytes, body: bytes | memoryview) -> bytes:
    """The seal of ``body`` under ``key`` (:func:`sealer`), as the ASCII hex that leads a
    cache file."""
    return blake2b(body, digest_size=32, key=key).hexdigest().encode()


_JSON = json.JSONEncoder(ensure_ascii=False, check_circular=False)
"""The encoder of every summary and detail: their JSON exactly as ``json.dumps(...,
ensure_ascii=False)`` writes it (plain data: lists, dicts, strings, numbers, None)."""


def _refused(value: object) -> object:
    raise TypeError(type(value).__name__)  # a kind the entry never holds: not written


_ENCODE = (
    c_make_encoder(None, _refused, encode_basestring, None, ": ", ", ", False, False, True)
    if c_make_encoder is not None
    else None
)
"""``_JSON``'s own C encoder, made once: ``_JSON.encode`` makes a new one at every call,
which cost as much as the encoding of a hand's summary (10,000 summaries and 10,000
details at a cold first read of a 10,000-hand match)."""


def encoded(value: Any) -> bytes:
    """``value`` (plain data) as its JSON's UTF-8 bytes, as ``_JSON.encode`` makes them."""
    if _ENCODE is None:  # pragma: no cover - a Python built without json's C part
        return _JSON.encode(value).encode()
    return "".join(_ENCODE(value, 0)).encode()


# ---------------------------------------------------------------------- a kept hand
class CachedHand(MatchHand):
    """A finished hand as the cache keeps it: number, dealer, quick facts, scores and plain
    facts at once; its result and its actions are read back from their JSON when first
    asked for, so that a command pays only for the hands it looks at. Its tricks are not
    kept (``Session.open(path, full=True)`` replays them)."""

    def __init__(
        self,
        number: int,
        dealer: str,
        quick: dict[str, Any] | None,
        scores: dict[str, int],
        facts: dict[str, Any],
        detail: bytes | memoryview,
        players: list[str],
    ) -> None:
        super().__init__(number, dealer, None, quick, [], None)
        self.__dict__.pop("_actions", None)
        self.__dict__.pop("_result", None)
        self._scores = scores
        self._facts = facts
        self.detail = detail
        """The JSON of ``[action texts, plain result]``."""
        self.summary: bytes | None = None  # its line of the entry's summary, once made
        self._players = players

    @classmethod
    def of(cls, mh: MatchHand, texts: Sequence[str], players: list[str]) -> CachedHand:
        """A finished hand replayed, as the cache keeps it (Unkept: it has no plain form)."""
        if isinstance(mh, CachedHand):
            return mh
        assert mh.result is not None
        detail = encoded([list(texts), plain_result(mh.result)])
        hand = cls(
            mh.number,
            mh.dealer,
            mh.quick,
            dict(mh.result.scores),
            result_facts(mh.result),
            detail,
            players,
        )
        hand.result = mh.result
        return hand

    @property
    def finished(self) -> bool:
        return True

    def forget(self) -> None:
        """Let the result go from memory: it is read back from its JSON when asked for."""
        self.__dict__.pop("_result", None)
        RECENT.pop(id(self), None)

    @property
    def scores(self) -> dict[str, int]:
        return self._scores

    @property
    def facts(self) -> dict[str, Any]:
        return self._facts

    @property
    def result(self) -> HandResult | None:
        made = self.__dict__.get("_result")
        if made is not None:
            return made
        found = RECENT.get(id(self))
        if found is not None and found[0] is self:
            return found[1]
        made = result_of(json.loads(bytes(self.detail))[1])
        if len(RECENT) >= RECENT_SIZE:
            del RECENT[next(iter(RECENT))]
        RECENT[id(self)] = (self, made)
        return made

    @result.setter
    def result(self, value: HandResult | None) -> None:
        self.__dict__["_result"] = value

    @property
    def actions(self) -> list[Action]:
        if "_actions" not in self.__dict__:
            texts = json.loads(bytes(self.detail))[0]
            self.__dict__["_actions"] = [parse_action(t, self._players) for t in texts]
        return self.__dict__["_actions"]

    @actions.setter
    def actions(self, value: list[Action]) -> None:
        self.__dict__["_actions"] = value


RECENT: dict[int, tuple[CachedHand, HandResult]] = cache(
    "session.recent_results", "id(hand) -> (hand, result)"
).entries
"""The results of kept hands read back last (a sheet reads a hand's several times, a new
hand the last few): a few, not every one of a season (``reset``)."""
RECENT_SIZE = 64


def reset() -> None:
    """Forget the results read back (``RECENT``)."""
    RECENT.clear()


def lean(mh: MatchHand, texts: Sequence[str], players: list[str]) -> MatchHand:
    """A finished hand as the cache keeps it; the hand itself when it has no plain form."""
    try:
        return CachedHand.of(mh, texts, players)
    except (Unkept, TypeError, ValueError) as exc:
        _debug(f"unkept: {mh.number}: {exc!r}")
        return mh


# ---------------------------------------------------------------------- an entry
@record
class Entry:
    """The finished hands of the match file whose bytes have the digest ``match``, as
    replayed under the rule set ``rules`` (``rules_key``); ``written``: those bytes are
    the canonical text the tool wrote (a change may then keep them up to its hands).

    Its file (:func:`_store`) is a seal line (the keyed digest of the body:
    :func:`seal`), then the body: a line of what the entry is, a line of every hand's
    summary, a line per hand's detail, each ending with a line end."""

    match: str
    rules: str
    hands: list[CachedHand]
    written: bool = False


def _summary(mh: MatchHand) -> list[Any]:
    """A finished hand's line of the entry's summary: dealer, quick facts, scores, facts."""
    if isinstance(mh, CachedHand):
        return [mh.dealer, plain(mh.quick), mh.scores, mh.facts]
    result = mh.result
    if result is None:
        raise Unkept("result")
    return [mh.dealer, plain(mh.quick), dict(result.scores), result_facts(result)]


def _summary_bytes(mh: MatchHand) -> bytes:
    """:func:`_summary` as JSON, kept by a kept hand (a table writes the entry after every
    entry: its finished hands' summaries are made once)."""
    made = getattr(mh, "summary", None)
    if made is None:
        made = encoded(_summary(mh))
        if isinstance(mh, CachedHand):
            mh.summary = made
    return made


def _detail(mh: MatchHand, texts: Sequence[str]) -> bytes | memoryview:
    """A finished hand's detail line: the JSON of ``[action texts, plain result]``."""
    if isinstance(mh, CachedHand):
        return mh.detail
    assert mh.result is not None
    return encoded([list(texts), plain_result(mh.result)])


def save_match(
    match: Match,
    key: str,
    texts: Sequence[Sequence[str]],
    *,
    written: bool = False,
    instead_of: str | None = None,
) -> None:
    """Keep ``match``'s finished hands (``texts``: each one's action texts) as the entry of
    the file whose digest is ``key`` (``written``: by the tool, see ``Entry``), each hand's
    detail made and written in turn, never all held at once; nothing is kept when a hand
    has no plain form. ``instead_of`` as for :func:`save`."""
    hands = match.hands[: finished_count(match)]
    _store(key, rules_key(match.rules), hands, texts, written, instead_of)


def finished_count(match: Match) -> int:
    """How many hands at the front of the match are finished (all but an open last one)."""
    return len(match.hands) - (1 if match.open_hand is not None else 0)


def load(key: str, players: Sequence[str]) -> Entry | None:
    """The entry kept for the match file whose bytes have the digest ``key``, when it
    verifies (its seal, format, code and digest); None otherwise, without a word."""
    if not enabled():
        return None
    file = entry_file(key)
    data = read_plain(file, ENTRY_LIMIT)  # never a pipe, a device or a link
    if data is None:
        return None
    secret = machine_key()
    if secret is None:
        return None
    try:
        return _read(memoryview(data), key, list(players), secret)
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as exc:
        _debug(f"{file}: {exc!r}")
        return None


def _read(data: memoryview, key: str, players: list[str], secret: bytes) -> Entry:
    lines = _lines(data, secret)
    head = json.loads(bytes(lines[0]))
    if type(head) is not dict or (head.get("format"), head.get("version")) != (FORMAT, VERSION):
        raise ValueError("format")
    if head.get("match") != key:
        raise ValueError("match")
    if head.get("code") != code_key():
        raise ValueError("code")
    count, rules = head["hands"], head["rules"]
    summary = json.loads(bytes(lines[1]))
    details = lines[2:]
    if type(count) is not int or len(summary) != count or len(details) != count:
        raise ValueError("hands")
    if type(rules) is not str:
        raise ValueError("rules")
    written = head.get("written", False)
    if type(written) is not bool:
        raise ValueError("written")
    hands = [
        _kept_hand(i + 1, line, detail, players)
        for i, (line, detail) in enumerate(zip(summary, details, strict=True))
    ]
    return Entry(key, rules, hands, written)


def _lines(data: memoryview, secret: bytes) -> list[memoryview]:
    """The body's lines (without their line ends), once the seal line fits the body."""
    raw = data.obj
    assert isinstance(raw, bytes)
    cut = raw.find(b"\n")
    if cut < 0 or data[:cut] != seal(secret, data[cut + 1 :]):
        raise ValueError("seal")
    ends = [cut]
    at = raw.find(b"\n", cut + 1)
    while at >= 0:
        ends.append(at)
        at = raw.find(b"\n", at + 1)
    if ends[-1] != len(raw) - 1 or len(ends) < 3:
        raise ValueError("lines")
    return [data[ends[i] + 1 : ends[i + 1]] for i in range(len(ends) - 1)]


def _kept_hand(number: int, line: Any, detail: memoryview, players: list[str]) -> CachedHand:
    dealer, quick, scores, facts = line
    quick = unplain(quick)
    if (
        dealer not in players
        or not (quick is None or type(quick) is dict)
        or type(scores) is not dict
        or not all(type(s) is int for s in scores.values())
        or type(facts) is not dict
    ):
        raise ValueError(f"hand:{number}")
    return CachedHand(number, dealer, quick, scores, facts, detail, players)


def save(entry: Entry, *, instead_of: str | None = None) -> None:
    """Keep ``entry`` (atomically), and let the entry ``instead_of`` go (the file's bytes
    before a change); a cache that cannot be written is only skipped."""
    _store(entry.match, entry.rules, entry.hands, [], entry.written, instead_of)


SEAL_SIZE = 64
"""The seal's length in hex digits (blake2b, 32 bytes)."""


def _store(
    key: str,
    rules: str,
    hands: Sequence[MatchHand],
    texts: Sequence[Sequence[str]],
    written: bool,
    instead_of: str | None,
) -> None:
    """Write the cache file of the match file whose digest is ``key`` (see ``Entry``): a
    seal line, a line of what the entry is, a line of every hand's summary, a line per
    hand's detail, each summary and detail made, sealed and written in turn; the seal line
    is written last, in its place (the file is whole only once it is renamed). Anything
    that has no plain form, or a cache that cannot be written, keeps nothing."""
    if not enabled() or not own_folder(cache_dir()):
        return
    secret = machine_key()
    if secret is None:
        return
    head = {
        "format": FORMAT,
        "version": VERSION,
        "code": code_key(),
        "rules": rules,
        "match": key,
        "hands": len(hands),
        "written": written,
    }
    h = sealer(secret)
    chunk: list[bytes | memoryview] = []  # sealed and written 128 hands at a time
    try:
        with replacing_bytes(entry_file(key), sync=False, follow=False) as out:
            out.write(b"0" * SEAL_SIZE + b"\n")
            chunk.append(encoded(head) + b"\n[")
            for i, mh in enumerate(hands):  # the JSON list of summaries, item by item
                chunk.append((b", " if i else b"") + _summary_bytes(mh))
            chunk.append(b"]\n")
            for i, mh in enumerate(hands):
                chunk += (_detail(mh, texts[i] if i < len(texts) else []), b"\n")
                if len(chunk) >= 256:
                    h.update(joined := b"".join(chunk))
                    out.write(joined)
                    chunk.clear()
            h.update(joined := b"".join(chunk))
            out.write(joined)
            out.seek(0)
            out.write(h.hexdigest().encode())
    except (OSError, TypeError, ValueError) as exc:
        _debug(f"unsaved: {exc!r}")
        return
    if instead_of is not None and instead_of != key:
        with suppress(OSError):
            entry_file(instead_of).unlink()
    _prune()
    remove_pickles()


def remove_pickles() -> None:
    """Remove the pickled snapshots of versions before this cache (never read): the plain
    files ``*.snapshot`` of the ``snapshots`` folder beside this cache's, when that is a
    folder of its own (a link to elsewhere is left alone)."""
    old = cache_dir().parent / "snapshots"
    with suppress(OSError):
        if not stat.S_ISDIR(os.lstat(old).st_mode):
            return
        for found in os.scandir(old):
            if found.name.endswith(".snapshot") and not found.is_dir(follow_symlinks=False):
                with suppress(OSError):
                    os.unlink(found.path)
        with suppress(OSError):
            old.rmdir()


ENTRY_NAME = re.compile(r"[0-9a-f]{64}\.json")
"""The name of an entry's file (:func:`entry_file`): only these are ever pruned."""


def _prune() -> None:
    """Keep the newest ``KEEP`` entries: matches long gone need none."""
    if not own_folder(cache_dir()):
        return  # a link to elsewhere: nothing there is ours to remove
    with suppress(OSError):
        found = [e for e in os.scandir(cache_dir()) if ENTRY_NAME.fullmatch(e.name)]
        if len(found) <= KEEP:
            return
        found.sort(key=lambda e: e.stat().st_mtime_ns)
        for old in found[: len(found) - KEEP]:
            with suppress(OSError):
                os.unlink(old.path)
