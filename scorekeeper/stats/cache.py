"""One match's figures, kept so that statistics over many matches need not replay them.

An entry is plain JSON: a seal line (the keyed digest of the rest under this machine's
key, as the replay cache seals its entries: ``session.cache.seal``), then the format,
the SHA-256 of the match file's exact bytes (also in the entry's name), the rule set's
digest (its files' merged content) and the figures. It is used only while all of them
fit: the file is always the truth. An entry that cannot be read, does not verify or does
not fit (corrupt, planted, forged, of another match or rule set) is ignored and made
again, without a word; a cache that cannot be written (or no key) is no error (the
figures are simply worked out each time). ``SCOREKEEPER_CACHE=off`` turns it off.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from contextlib import suppress
from pathlib import Path
from typing import Any

from scorekeeper import matchlog
from scorekeeper.caches import memo
from scorekeeper.errors import ScorekeeperError
from scorekeeper.games import load
from scorekeeper.match import Match
from scorekeeper.matchlog.files import MAX_SIZE, for_match, own_folder, read_plain, write_bytes
from scorekeeper.rules import data_home
from scorekeeper.rules.source import find, load_chain
from scorekeeper.ruleset import Ruleset
from scorekeeper.session.cache import enabled, machine_key, seal
from scorekeeper.stats.figures import VERSION, MatchFigures, of_match


def cache_dir() -> Path:
    return data_home() / "cache" / "stats"


def _rules_digest(ruleset: str, path: Path) -> str:
    """The rule set's merged content as a digest, or "" when it cannot be read (``path``:
    the match file, whose folder a rule-set path is read from)."""
    if not ruleset:
        return ""
    try:
        where = find(for_match(ruleset, path))
        seen = where.stat()
    except (ScorekeeperError, OSError):
        return ""
    return _chain_digest(where, seen.st_mtime_ns, seen.st_size)


@memo("stats.rules_digest", "(where, mtime, size)", maxsize=None)
def _chain_digest(where: Path, mtime: int, size: int) -> str:
    """The digest of the rule set read from ``where`` (its ``extends`` chain merged):
    read once per process for every match of that rule set, not once per match (the
    file's modification time and size are in the key: a file changed is read again)."""
    try:
        data = load_chain(where)
    except (ScorekeeperError, OSError, RecursionError):
        return ""
    text = json.dumps(data, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _problem(exc: ScorekeeperError, code: str) -> dict[str, str | None]:
    """Why a match file gives no figures: its kind and rule, a stable ``code``
    (``not_utf8``, ``invalid``, ``replay``, ``unreadable``) and the first line of words."""
    return {
        "kind": exc.kind,
        "rule": exc.rule,
        "code": code,
        "message": str(exc).splitlines()[0],
    }


Loader = Callable[[str, Mapping[str, Any] | None], Ruleset]
"""What loads a match's rule set with its family (:func:`scorekeeper.games.load`); a
caller replaying many matches of one rule set may hand in one that loads it once."""


def work_out(path: Path, data: bytes, loader: Loader = load) -> MatchFigures:
    """Replay the match (its bytes as read) and count; a broken file gives a problem."""
    made = _worked_out(path, [data], loader, mapped=False)
    return made if made is not None else _with_lines(path, [data], loader)


def _with_lines(path: Path, held: list[bytes], loader: Loader) -> MatchFigures:
    """:func:`_worked_out` with the source map: a replay that fails names its line."""
    made = _worked_out(path, held, loader, mapped=True)
    assert made is not None  # mapped, a failed replay is a problem, never None
    return made


def _worked_out(
    path: Path, held: list[bytes], loader: Loader, *, mapped: bool = True
) -> MatchFigures | None:
    """:func:`work_out` of the bytes ``held`` alone holds (the list is emptied): they are
    let go once they are text, and the text once it is read. Without ``mapped`` the match
    replays without its source map, which keeps the whole text (13 MB of a 10,000-hand
    match, beside its records and hands: ``stats`` peaked at 98 MB); a replay that fails
    then gives None, to be made again ``mapped``, so that its problem names its line."""
    try:
        text = held.pop().decode("utf-8")
    except UnicodeDecodeError:
        return _unreadable(path)
    try:
        log, source_map = matchlog.loads(text, str(path))
    except ScorekeeperError as exc:
        return MatchFigures(problem=_problem(exc, "invalid"))
    del text
    lines = source_map if mapped else None  # else the text goes with the map
    del source_map
    try:
        match = Match.from_log(log, lines, str(path), loader=loader, keep_hands=False)
    except ScorekeeperError as exc:
        if not mapped:
            return None
        return MatchFigures(
            ruleset=log.ruleset,
            started=log.started.isoformat(),
            players=list(log.players),
            problem=_problem(exc, "replay"),
        )
    return of_match(log, match)


def _unreadable(path: Path) -> MatchFigures:
    """A file that is not UTF-8: the reader says where."""
    try:
        matchlog.read(path)
    except ScorekeeperError as exc:
        return MatchFigures(problem=_problem(exc, "not_utf8"))
    except OSError as exc:
        return MatchFigures(problem=_no_file(exc))
    return MatchFigures(
        problem={"kind": "match file", "rule": "match", "code": "not_utf8", "message": str(path)}
    )


def _no_file(exc: OSError) -> dict[str, str | None]:
    return {"kind": "file", "rule": None, "code": "unreadable", "message": str(exc)}


FORMAT = "scorekeeper-stats-cache/3"


def _cached(entry: Path, match: str, path: Path) -> MatchFigures | None:
    """The figures kept in ``entry`` for the match file whose bytes' SHA-256 is ``match``."""
    secret = machine_key()
    if secret is None:
        return None
    data = read_plain(entry, MAX_SIZE)  # never a pipe, a device or a link
    if data is None:
        return None
    try:
        check, _, body = data.partition(b"\n")
        if check != seal(secret, body):
            return None
        stored: dict[str, Any] = json.loads(body)
        if stored["format"] != FORMAT or stored["match"] != match:
            return None
        figures = MatchFigures.from_dict(stored["figures"])
        if stored["rules"] != _rules_digest(figures.ruleset, path):
            return None
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError):
        return None  # missing, corrupt or of another shape: made again
    return figures


def figures(path: Path, loader: Loader = load) -> MatchFigures:
    """The figures of the match file at ``path``, from the cache when it holds them
    (else replayed, its rule set loaded by ``loader``). ``SCOREKEEPER_CACHE=off`` turns
    this cache off as it does the replay cache: nothing is read from it or kept."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        return MatchFigures(problem=_no_file(exc))
    digest = hashlib.sha256(data).hexdigest() if enabled() else None
    if digest is not None:
        found = _cached(_entry(path, digest), digest, path)
        if found is not None:
            return found
    held = [data]
    del data  # held alone: let go before the match replays (``_worked_out``)
    made = _worked_out(path, held, loader, mapped=False)
    if made is None:  # the replay failed: again, with the lines of the file's text
        try:
            data = path.read_bytes()
        except OSError as exc:
            return MatchFigures(problem=_no_file(exc))
        if digest is not None and hashlib.sha256(data).hexdigest() != digest:
            return work_out(path, data, loader)  # another file since: its figures, not kept
        made = _with_lines(path, [data], loader)
    if digest is not None:
        remember(path, b"", made, digest)
    return made


def _entry(path: Path, digest: str) -> Path:
    """``<where>-<bytes>.vN.json``: the file's place (so that a file's older entries can
    go when it changes) and the SHA-256 of its exact bytes (``digest``: the key that
    counts)."""
    where = hashlib.sha256(str(path.resolve()).encode("utf-8", "surrogateescape")).hexdigest()
    return cache_dir() / f"{where[:16]}-{digest}.v{VERSION}.json"


def remember(path: Path, data: bytes, made: MatchFigures, digest: str | None = None) -> None:
    """Keep the figures of the match file at ``path`` whose bytes are ``data`` (their
    SHA-256: ``digest``, worked out when not given: ``data`` is then not read); the
    entries of its earlier versions are removed (a match in play changes often)."""
    digest = digest or hashlib.sha256(data).hexdigest()
    entry = _entry(path, digest)
    stored = {
        "format": FORMAT,
        "match": digest,
        "rules": _rules_digest(made.ruleset, path),
        "figures": made.to_dict(),
    }
    body = json.dumps(stored, ensure_ascii=False).encode("utf-8")
    secret = machine_key()
    if secret is None or not own_folder(entry.parent):
        return  # a folder that is a link to elsewhere is not written (nor pruned)
    with suppress(OSError):  # a read-only data folder: the figures are made each time
        check = seal(secret, body)
        write_bytes(entry, check + b"\n" + body, sync=False, follow=False)
        where = entry.name.split("-", 1)[0]
        for old in entry.parent.glob(f"{where}-*.json"):
            if old != entry:
                old.unlink(missing_ok=True)
