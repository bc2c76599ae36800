"""This user's key on this machine, which seals every cache file and undo record.

The key is 32 random bytes in ``$XDG_CACHE_HOME/scorekeeper/key`` (``~/.cache/...``),
never in the data folder (not even with ``SCOREKEEPER_HOME``), made on first use, readable
by its owner only; a key file that is not a plain file of ours, private, of 32 bytes is
not used (nor is any cache then). See :mod:`scorekeeper.session.cache`.
"""

from __future__ import annotations

import os
from contextlib import suppress
from pathlib import Path
from typing import Any

from scorekeeper.matchlog.files import read_private

try:  # the very blake2b of hashlib, without hashlib loading OpenSSL at every command
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - a Python built without it
    from hashlib import blake2b

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
