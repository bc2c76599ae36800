"""One match's figures, kept so that statistics over many matches need not replay them.

An entry is keyed by the SHA-256 of the match file's exact bytes and is used only while
the rule set it was played under reads the same (its files' merged content) and the
figures' version is the same: the file is always the truth. A cache entry that cannot
be read or does not fit is ignored and made again; a cache that cannot be written is
no error (the figures are simply worked out each time).
"""

from __future__ import annotations

import hashlib
import json
from contextlib import suppress
from functools import cache
from pathlib import Path
from typing import Any

from scorekeeper import matchlog
from scorekeeper.errors import ScorekeeperError
from scorekeeper.games import load
from scorekeeper.match import Match
from scorekeeper.rules import data_home
from scorekeeper.rules.source import find, load_chain
from scorekeeper.stats.figures import VERSION, MatchFigures, of_match


def cache_dir() -> Path:
    return data_home() / "cache" / "stats"


@cache
def _rules_digest(ruleset: str) -> str:
    """The rule set's merged content as a digest, or "" when it cannot be read."""
    if not ruleset:
        return ""
    try:
        data = load_chain(find(ruleset))
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


def work_out(path: Path, data: bytes) -> MatchFigures:
    """Replay the match (its bytes as read) and count; a broken file gives a problem."""
    try:
        log, source_map = matchlog.loads(data.decode("utf-8"), str(path))
    except UnicodeDecodeError:
        return _unreadable(path)
    except ScorekeeperError as exc:
        return MatchFigures(problem=_problem(exc, "invalid"))
    try:
        match = Match.from_log(log, source_map, str(path), loader=load)
    except ScorekeeperError as exc:
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


def _cached(entry: Path) -> MatchFigures | None:
    try:
        stored: dict[str, Any] = json.loads(entry.read_text(encoding="utf-8"))
        figures = MatchFigures.from_dict(stored["figures"])
        if stored["rules"] != _rules_digest(figures.ruleset):
            return None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None  # missing, corrupt or of another shape: made again
    return figures


def figures(path: Path) -> MatchFigures:
    """The figures of the match file at ``path``, from the cache when it holds them."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        return MatchFigures(problem=_no_file(exc))
    found = _cached(_entry(path, data))
    if found is not None:
        return found
    made = work_out(path, data)
    remember(path, data, made)
    return made


def _entry(path: Path, data: bytes) -> Path:
    """``<where>-<bytes>.vN.json``: the file's place (so that a file's older entries can
    go when it changes) and the SHA-256 of its exact bytes (the key that counts)."""
    where = hashlib.sha256(str(path.resolve()).encode("utf-8", "surrogateescape")).hexdigest()
    return cache_dir() / f"{where[:16]}-{hashlib.sha256(data).hexdigest()}.v{VERSION}.json"


def remember(path: Path, data: bytes, made: MatchFigures) -> None:
    """Keep the figures of the match file at ``path`` whose bytes are ``data``; the
    entries of its earlier versions are removed (a match in play changes often)."""
    entry = _entry(path, data)
    stored = {"rules": _rules_digest(made.ruleset), "figures": made.to_dict()}
    with suppress(OSError):  # a read-only data folder: the figures are made each time
        matchlog.write_text(entry, json.dumps(stored, ensure_ascii=False))
        where = entry.name.split("-", 1)[0]
        for old in entry.parent.glob(f"{where}-*.json"):
            if old != entry:
                old.unlink(missing_ok=True)
