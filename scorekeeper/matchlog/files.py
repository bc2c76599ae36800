"""Files changed safely: an atomic replace for any text, and a lock for a match file.

:func:`write_text` never leaves a half-written file: the text goes to a temporary file
beside the target, which is synced and renamed over it. :func:`lock` keeps two
scorekeeper processes from changing the same match file at once.
"""

from __future__ import annotations

import errno
import fcntl
import io
import os
import re
import stat
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import BinaryIO, TextIO

from scorekeeper.errors import LockedError
from scorekeeper.reasons import because


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Store ``text`` as UTF-8 at ``path`` atomically, creating missing parent directories.

    The text goes to a temporary file in the same directory, which is flushed, synced and
    then renamed over ``path``; the directory is synced after. If anything fails the
    temporary file is removed and an existing file at ``path`` is left as it was. An
    existing file's permission bits are kept. Temporary files that a crashed process left
    beside ``path`` are removed first.
    """
    write_bytes(path, text.encode("utf-8"))


def write_bytes(path: str | os.PathLike[str], data: bytes, *, sync: bool = True) -> None:
    """Store ``data`` at ``path`` atomically, as :func:`write_text` does.

    ``sync=False`` skips the syncs, for files that may be lost in a crash without harm
    (a cache): the rename still makes the change all or nothing for readers.
    """
    with _atomic(path, sync=sync) as handle:
        handle.write(data)


@contextmanager
def replacing(path: str | os.PathLike[str]) -> Iterator[TextIO]:
    """A UTF-8 text file written piece by piece and stored atomically, as by
    :func:`write_text`: the block writes to a temporary file beside ``path``, which
    replaces ``path`` only when the block ends without an error."""
    with _atomic(path, sync=True) as handle:
        text = io.TextIOWrapper(handle, encoding="utf-8", newline="")
        yield text
        text.flush()
        text.detach()


def write_parts(path: str | os.PathLike[str], parts: Iterable[bytes | memoryview]) -> None:
    """Store the bytes of ``parts``, one after the other, atomically, as :func:`write_text`
    does (without joining them first)."""
    with _atomic(path, sync=True) as handle:
        for part in parts:
            handle.write(part)


@contextmanager
def replacing_bytes(path: str | os.PathLike[str], *, sync: bool = True) -> Iterator[BinaryIO]:
    """A binary file written piece by piece and stored atomically, as by :func:`replacing`
    (``sync=False`` as for :func:`write_bytes`)."""
    with _atomic(path, sync=sync) as handle:
        yield handle


@contextmanager
def _atomic(path: str | os.PathLike[str], *, sync: bool) -> Iterator[BinaryIO]:
    target = Path(path)
    directory = target.parent
    directory.mkdir(parents=True, exist_ok=True)
    remove_leftovers(target)
    temporary = directory / f".{target.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            with suppress(FileNotFoundError):
                os.fchmod(handle.fileno(), stat.S_IMODE(os.stat(target).st_mode))
            yield handle
            handle.flush()
            if sync:
                os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise
    if sync:
        _fsync_directory(directory)


def remove_leftovers(target: Path) -> list[Path]:
    """Remove the temporary files of ``target`` whose writing process no longer runs.

    A process killed between creating its temporary file and renaming it leaves
    ``.<name>.<pid>.<random>.tmp`` behind; a live process's file is never touched (it may
    be writing right now). Returns the files removed.
    """
    removed: list[Path] = []
    pattern = re.compile(rf"\.{re.escape(target.name)}\.(\d+)\.[0-9a-f]{{8}}\.tmp")
    with suppress(OSError):
        for entry in os.scandir(target.parent):
            found = pattern.fullmatch(entry.name)
            if found is None or _process_runs(int(found[1])):
                continue
            with suppress(OSError):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed


def _process_runs(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True  # someone else's process, or a number no process can have: leave it
    return True


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
def lock(
    path: str | os.PathLike[str],
    *,
    wait: float = 0.0,
    on_wait: Callable[[], None] | None = None,
    notice_after: float = 1.0,
) -> Iterator[None]:
    """Hold an exclusive lock for writing the match file at ``path``.

    The lock is an ``flock`` on the sibling file ``<name>.lock``, which is created when
    missing and left in place afterwards (removing it could race with another process).
    If another process holds it, the lock is waited for up to ``wait`` seconds (none by
    default), calling ``on_wait`` once when ``notice_after`` seconds have gone by; then
    :class:`LockedError` is raised. Use it around the whole read-change-write cycle::

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
        if not _acquire(fd, wait, on_wait, notice_after):
            raise LockedError(because("matchlog.locked", path=os.fspath(path)), rule=None)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)


def _acquire(fd: int, wait: float, on_wait: Callable[[], None] | None, notice_after: float) -> bool:
    """Take the lock on ``fd``, polling for up to ``wait`` seconds; False if never free."""
    start = time.monotonic()
    noticed = False
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except OSError as error:
            if error.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise
        waited = time.monotonic() - start
        if waited >= wait:
            return False
        if on_wait is not None and not noticed and waited >= notice_after:
            noticed = True
            on_wait()
        time.sleep(min(_POLL, max(wait - waited, 0.0)))


_POLL = 0.02
"""How often a waiting process looks at the lock again, in seconds."""
