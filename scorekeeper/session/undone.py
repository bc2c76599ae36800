"""What ``undo`` took, kept so that ``redo`` can bring it back until a new entry is made.

Kept as plain TOML in the data folder (``$SCOREKEEPER_HOME/undone/``), one small file per
undo, named by the match file (a digest of its full path) and by the digest (blake2b) of
the match file's bytes as the undo left them. A ``redo`` takes the record named by the
match file's bytes as they are now, so nothing is redone on a match that moved on since
(a new entry, an amendment, a rename, another device, an edit by hand): the table went
on, and its bytes name no record. (A new entry that types again exactly what was undone
gives the very bytes the undo left; what was undone before it can then be redone, each
entry checked again.) A command that records touches none of this: the table's quick
path runs no code of this module.

Why not in the match file: the match file is the score's one source of truth and its
layout is what every reader, the replay cache and old versions expect; what was taken
back is not part of the match. A record is plain data, verified three times: it is
sealed as the caches are (its first line, ``# seal <hex>``, is the keyed digest of its
name and the TOML after it under this machine's key, ``session.cache.machine_key``), so
that a record planted, edited, or moved from another match's name by whoever may write
the data folder is ignored (``redo`` then says there is nothing to redo); by the digest of
the bytes it was made on (its name); and by replaying the match with the entry put back
before anything is written (the session's own check of every change). Without a key that
can be trusted no record is kept or read.
"""

from __future__ import annotations

import contextlib
import os
import re
import tomllib
from pathlib import Path
from typing import Any

from scorekeeper.matchlog import HandRecord

KEEP = 200
"""At most this many undo records are kept in all (the oldest go first)."""


def folder() -> Path:
    from scorekeeper.rules import data_home

    return data_home() / "undone"


def digest(data: bytes) -> str:
    from scorekeeper.session.cache import new_digest

    h = new_digest()
    h.update(data)
    return str(h.hexdigest())


def _match_key(match: Path) -> str:
    return digest(os.fsencode(os.path.abspath(match)))[:20]


def file_digest(path: Path) -> str:
    """The digest of the file's bytes as they are now (read piece by piece, never whole)."""
    from scorekeeper.session.cache import new_digest

    h = new_digest()
    with open(path, "rb") as f:
        for piece in iter(lambda: f.read(1 << 20), b""):
            h.update(piece)
    return str(h.hexdigest())


def _path(match: Path, key: str) -> Path:
    return folder() / f"{_match_key(match)}.{key}.toml"


SEAL = b"# seal "
"""How a record begins: its seal (a TOML comment), then its TOML."""
MAX_BYTES = 1 << 20
"""A record is a few lines (one action, or one hand); anything larger is not read."""


def seal(key: bytes, name: str, body: bytes) -> bytes:
    """The seal line of the record called ``name`` holding ``body`` under ``key``."""
    from scorekeeper.session.cache import seal as sealed

    return SEAL + sealed(key, name.encode("utf-8") + b"\n" + body) + b"\n"


def keep(match: Path, after: str, taken: dict[str, Any]) -> None:
    """Keep ``taken`` (see :func:`taken_action`, :func:`taken_hand`) for a redo on the
    match file ``match`` while it holds the bytes whose digest is ``after`` (as the write
    took it: the file is not read again), sealed. Older records beyond
    :data:`KEEP` go."""
    import tomli_w

    from scorekeeper.matchlog.files import own_folder, write_bytes
    from scorekeeper.session.cache import machine_key

    key = machine_key()
    if key is None:
        return  # nothing that could be told from a planted record: no redo
    path = _path(match, after)
    if not own_folder(path.parent):
        return  # a link to elsewhere: no redo rather than files lost there
    body = tomli_w.dumps({"undone": taken}).encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    write_bytes(path, seal(key, path.name, body) + body, sync=False, follow=False)
    _prune(path.parent)


def found(match: Path, now: str) -> dict[str, Any] | None:
    """What the last undo took from ``match`` when it held the bytes whose digest is
    ``now`` (:func:`digest`, :func:`file_digest`), or None (also for a
    record that is not sealed by this machine's key under its very name)."""
    from scorekeeper.matchlog.files import read_plain
    from scorekeeper.session.cache import machine_key

    path = _path(match, now)
    data = read_plain(path, MAX_BYTES)  # never a pipe, a device or a link
    if data is None:
        return None
    key = machine_key()
    head, _, body = data.partition(b"\n")
    if key is None or head + b"\n" != seal(key, path.name, body):
        return None
    try:
        table = tomllib.loads(body.decode("utf-8")).get("undone")
    except (tomllib.TOMLDecodeError, UnicodeDecodeError, RecursionError):
        return None
    return table if isinstance(table, dict) and table.get("kind") in ("action", "hand") else None


def forget(match: Path, now: str) -> None:
    """Drop the record kept for ``match`` holding the bytes whose digest is ``now`` (it
    has been redone)."""
    with contextlib.suppress(OSError):
        _path(match, now).unlink()


def forget_all(match: Path) -> None:
    """A new entry was made: nothing undone before it can be redone (one stat when no
    record was ever kept)."""
    where = folder()
    try:
        names = os.listdir(where)
    except OSError:
        return
    start = _match_key(match) + "."
    for name in names:
        if name.startswith(start):
            with contextlib.suppress(OSError):
                os.unlink(where / name)


RECORD = re.compile(r"[0-9a-f]{20}\.[0-9a-f]{64}\.toml")
"""The name of a record (:func:`_path`): only these are ever pruned."""


def _prune(where: Path) -> None:
    try:
        found = [p for p in where.iterdir() if RECORD.fullmatch(p.name)]
        records = sorted(found, key=lambda p: p.stat().st_mtime)
    except OSError:
        return
    for old in records[: max(0, len(records) - KEEP)]:
        with contextlib.suppress(OSError):
            os.unlink(old)


def taken_action(hand: int, text: str) -> dict[str, Any]:
    """An action taken from hand ``hand``."""
    return {"kind": "action", "hand": hand, "action": text}


def taken_hand(hand: int, record: HandRecord) -> dict[str, Any]:
    """A whole hand taken: a quick hand, or a hand's deal with nothing played."""
    return {"kind": "hand", "hand": hand, "record": record.to_dict()}


def hand_record(table: dict[str, Any]) -> HandRecord:
    """The hand record kept by :func:`taken_hand`."""
    extra = {k: v for k, v in table.items() if k.startswith("_")}
    return HandRecord(
        actions=list(table.get("actions", [])),
        deal=table.get("deal"),
        quick=table.get("quick"),
        amended=table.get("amended"),
        extra=extra,
    )
