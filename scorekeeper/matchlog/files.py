"""Files changed safely: an atomic replace for any text, and a lock for a match file.

:func:`write_text` never leaves a half-written file: the text goes to a temporary file
beside the target, which is synced and renamed over it. :func:`lock` keeps two
scorekeeper processes from changing the same match file at once.
"""

from __future__ import annotations

import errno
import fcntl
import os
import secrets
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from scorekeeper.errors import LockedError


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Store ``text`` as UTF-8 at ``path`` atomically, creating missing parent directories.

    The text goes to a temporary file in the same directory, which is flushed, synced and
    then renamed over ``path``; the directory is synced after. If anything fails the
    temporary file is removed and an existing file at ``path`` is left as it was. An
    existing file's permission bits are kept.
    """
    target = Path(path)
    data = text.encode("utf-8")
    directory = target.parent
    directory.mkdir(parents=True, exist_ok=True)
    temporary = directory / f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            with suppress(FileNotFoundError):
                os.fchmod(handle.fileno(), stat.S_IMODE(os.stat(target).st_mode))
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise
    _fsync_directory(directory)


def _fsync_directory(directory: Path) -> None:
    """Make the rename durable; file systems that cannot sync a directory are skipped."""
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    except OSError as error:
        if error.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EBADF):
            raise
    finally:
        os.close(fd)


@contextmanager
def lock(path: str | os.PathLike[str]) -> Iterator[None]:
    """Hold an exclusive lock for writing the match file at ``path``.

    The lock is an ``flock`` on the sibling file ``<name>.lock``, which is created when
    missing and left in place afterwards (removing it could race with another process).
    The lock is not waited for: if another process holds it, :class:`LockedError` is
    raised at once. Use it around the whole read-change-write cycle::

        with lock(path):
            log, _ = read(path)
            ...
            write(path, log)
    """
    target = Path(path)
    lock_path = target.with_name(target.name + ".lock")
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise
            raise LockedError(
                f"{os.fspath(path)} is being written by another scorekeeper process; "
                "try again in a moment",
                rule=None,
            ) from None
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
