"""Files changed safely: an atomic replace for any text, and a lock for a match file.

:func:`write_text` never leaves a half-written file: the text goes to a temporary file
beside the target, which is synced and renamed over it; a path through a symbolic link
writes the file the link names (the link stays a link). :func:`lock` keeps two
scorekeeper processes from changing the same match file at once; it creates no file.
:func:`before_reading` is what every read of a match file does first: a temporary file a
killed writer left in its folder is removed (:func:`tidy`; every write tidies its folder too), and a file over :data:`MAX_SIZE` is refused
before a byte of it is read.
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

from scorekeeper.errors import LockedError, RulesetError, ScorekeeperError
from scorekeeper.reasons import because

MAX_SIZE = 64 * 1024 * 1024
"""The largest match file read, in bytes (64 MB: a match of 10,000 hands is about 3 MB).
A larger file is refused at once, so that no command spends minutes (and the lock) on it."""

TEMPORARY = re.compile(r"\.(?P<name>.+)\.(?P<pid>\d+)\.[0-9a-f]{8}\.tmp")
"""The name of a temporary file being written: ``.<name>.<pid>.<random>.tmp``, hidden and
never ending in ``.toml``, so that no listing takes it for a match."""


def read_plain(path: str | os.PathLike[str], limit: int) -> bytes | None:
    """The bytes of a plain file of at most ``limit`` bytes, or None: a missing file, a
    link (never followed), a pipe, a device or a folder, a larger file (its size is asked
    before a byte is read), a file whose length changes while it is read. The one way a
    cache, a key or an undo record is read from a folder that may be shared: nothing put
    there can hang a command or fill its memory."""
    return _read_checked(path, limit, private=False)


def read_private(path: str | os.PathLike[str], limit: int) -> bytes | None:
    """As :func:`read_plain`, and only a file of this user that no one else may read or
    write (a key, a secret): None otherwise."""
    return _read_checked(path, limit, private=True)


def _read_checked(path: str | os.PathLike[str], limit: int, *, private: bool) -> bytes | None:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > limit:
            return None
        if private and (st.st_uid != os.getuid() or st.st_mode & 0o077):
            return None
        with os.fdopen(os.dup(fd), "rb") as file:
            data = file.read(st.st_size + 1)  # one byte more tells a file still growing
    except OSError:
        return None
    finally:
        os.close(fd)
    return data if len(data) == st.st_size else None  # else another process is writing it


def own_folder(folder: Path) -> bool:
    """Whether ``folder`` and the folder it is in are folders (or not made yet), never
    links: a cache or undo folder planted as a link to elsewhere (``undone -> matches``,
    a link a sync tool carries) is neither written nor pruned, so no file there is lost."""
    for level in (folder, folder.parent):
        try:
            st = os.lstat(level)
        except FileNotFoundError:
            continue  # made when first written
        except OSError:
            return False
        if not stat.S_ISDIR(st.st_mode):
            return False
    return True


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Store ``text`` as UTF-8 at ``path`` atomically, creating missing parent directories.

    The text goes to a temporary file in the same directory, which is flushed, synced and
    then renamed over ``path``; the directory is synced after. If anything fails the
    temporary file is removed and an existing file at ``path`` is left as it was. An
    existing file's permission bits are kept; a new file gets the user's umask (never an
    executable bit). Temporary files that a crashed process left beside ``path`` are
    removed first. A ``path`` that is a symbolic link writes the file it points to.
    """
    write_bytes(path, text.encode("utf-8"))


def write_bytes(
    path: str | os.PathLike[str], data: bytes, *, sync: bool = True, follow: bool = True
) -> None:
    """Store ``data`` at ``path`` atomically, as :func:`write_text` does.

    ``sync=False`` skips the syncs, for files that may be lost in a crash without harm
    (a cache): the rename still makes the change all or nothing for readers.
    ``follow=False`` (a cache, an undo record, the pointer to the current match: the
    program's own files) replaces a link planted at ``path`` itself, never the file it
    names: else a link to ``/dev/zero`` or ``~/.bashrc`` in a shared folder would have
    that file overwritten.
    """
    with _atomic(path, sync=sync, follow=follow) as handle:
        handle.write(data)


def create_text(path: str | os.PathLike[str], text: str) -> None:
    """Store ``text`` as UTF-8 at ``path`` as :func:`write_text` does, but only as a new
    file: :class:`FileExistsError` if ``path`` exists (or is a link), checked and created
    in one step, so that two processes never both make the same file."""
    with _atomic(path, sync=True, new=True) as handle:
        handle.write(text.encode("utf-8"))


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
def replacing_bytes(
    path: str | os.PathLike[str], *, sync: bool = True, follow: bool = True
) -> Iterator[BinaryIO]:
    """A binary file written piece by piece and stored atomically, as by :func:`replacing`
    (``sync=False`` and ``follow=False`` as for :func:`write_bytes`)."""
    with _atomic(path, sync=sync, follow=follow) as handle:
        yield handle


@contextmanager
def _atomic(
    path: str | os.PathLike[str], *, sync: bool, new: bool = False, follow: bool = True
) -> Iterator[BinaryIO]:
    if new and os.path.lexists(path):
        raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), os.fspath(path))
    # through a link: the file it names, never the link (the program's own files: the link)
    target = Path(os.path.realpath(path)) if follow and not new else Path(path)
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
        if new:
            _place_new(temporary, target)
        else:
            os.replace(temporary, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise
    if sync:
        _fsync_directory(directory)


def _place_new(temporary: Path, target: Path) -> None:
    """Give the written ``temporary`` the name ``target``, which must not exist: a hard
    link fails if it does. Where links cannot be made the name is first claimed with an
    exclusive create, then replaced."""
    try:
        os.link(temporary, target, follow_symlinks=False)
    except FileExistsError:
        raise
    except OSError:
        os.close(os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o666))
        os.replace(temporary, target)
        return
    os.unlink(temporary)


def remove_leftovers(target: Path) -> list[Path]:
    """Remove the temporary files in ``target``'s folder whose writing process no longer
    runs (:func:`tidy`), whatever file they were to become. Returns the files removed."""
    return tidy(target.parent)


def tidy(folder: Path) -> list[Path]:
    """Remove the temporary files in ``folder`` whose writing process no longer runs.

    A process killed between creating its temporary file and renaming it leaves
    ``.<name>.<pid>.<random>.tmp`` behind (a copy of a match, of the current-match
    pointer, of a cache entry); a live process's file is never touched (it may be writing
    right now), nor is anything not named so. Returns the files removed.
    """
    removed: list[Path] = []
    with suppress(OSError):
        for entry in os.scandir(folder):
            found = TEMPORARY.fullmatch(entry.name)
            if found is None or _process_runs(int(found["pid"])):
                continue
            if entry.is_dir(follow_symlinks=False):
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
    """Hold an exclusive lock for changing the match file at ``path``.

    The lock is an ``flock`` on the match file itself, opened for reading by its real
    path: a link is followed to the file it names, so two paths to one file lock each
    other out, and nothing is ever created (no ``.lock`` file anywhere; a missing file is
    refused with :class:`ScorekeeperError`). A write replaces the file by a new one, so a
    lock won on a file that was replaced meanwhile is let go and taken on the file now
    there. If another process holds it, the lock is waited for up to ``wait`` seconds
    (none by default), calling ``on_wait`` once when ``notice_after`` seconds have gone
    by; then :class:`LockedError` is raised. Use it around the whole read-change-write
    cycle::

        with lock(path):
            log, _ = read(path)
            ...
            write(path, log)
    """
    start = time.monotonic()
    waiting = _Waiting(start, wait, on_wait, notice_after)
    while True:
        real = os.path.realpath(path)
        fd = _open_to_lock(real, path)
        try:
            if not _acquire(fd, waiting):
                raise LockedError(because("matchlog.locked", path=os.fspath(path)), rule=None)
            if _still_there(fd, real):
                break
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)  # replaced while we waited: lock the file that is there now
    try:
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def _open_to_lock(real: str, given: str | os.PathLike[str]) -> int:
    """The match file opened for its lock (read only, not created, no link followed)."""
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    try:
        fd = os.open(real, flags)
    except FileNotFoundError:
        why = because("session.no_file", "match", path=os.fspath(given))
        raise ScorekeeperError(why, kind="match file") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        why = because("session.not_a_file", "match", path=os.fspath(given))
        raise ScorekeeperError(why, kind="file")
    return fd


def _still_there(fd: int, real: str) -> bool:
    """Whether the file locked through ``fd`` is still the one at ``real``."""
    held = os.fstat(fd)
    try:
        now = os.stat(real, follow_symlinks=False)
    except FileNotFoundError:
        return False  # moved away (archived, renamed): the next open says so
    return (held.st_dev, held.st_ino) == (now.st_dev, now.st_ino)


class _Waiting:
    """How long a lock is waited for, and the one notice said while waiting."""

    __slots__ = ("notice_after", "noticed", "on_wait", "start", "wait")

    def __init__(
        self, start: float, wait: float, on_wait: Callable[[], None] | None, notice_after: float
    ) -> None:
        self.start = start
        self.wait = wait
        self.on_wait = on_wait
        self.notice_after = notice_after
        self.noticed = False

    def tick(self) -> float | None:
        """Seconds to sleep before trying again, or None when the wait is over."""
        waited = time.monotonic() - self.start
        if waited >= self.wait:
            return None
        if self.on_wait is not None and not self.noticed and waited >= self.notice_after:
            self.noticed = True
            self.on_wait()
        return min(_POLL, max(self.wait - waited, 0.0))


def _acquire(fd: int, waiting: _Waiting) -> bool:
    """Take the lock on ``fd``, polling while ``waiting`` allows; False if never free."""
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except OSError as error:
            if error.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise
        pause = waiting.tick()
        if pause is None:
            return False
        time.sleep(pause)


_POLL = 0.02
"""How often a waiting process looks at the lock again, in seconds."""


def before_reading(path: str | os.PathLike[str]) -> None:
    """What every read of a match file does first: remove the temporary files killed
    writers left in its folder (of any file: :func:`tidy`), and refuse a file over :data:`MAX_SIZE` (before reading it).
    A missing or special file is left for the reader to refuse in its own words."""
    target = Path(os.path.realpath(path))
    remove_leftovers(target)
    try:
        size = os.stat(target).st_size
    except (OSError, ValueError):
        return
    if size > MAX_SIZE and stat.S_ISREG(os.stat(target).st_mode):
        why = because(
            "folder.too_big",
            "match",
            path=os.fspath(path),
            size=-(-size // (1024 * 1024)),
            limit=MAX_SIZE // (1024 * 1024),
        )
        raise ScorekeeperError(why, kind="match file")


def for_match(name: str, match_file: str | os.PathLike[str]) -> str:
    """The rule set a match file's ``ruleset`` value names, as ``rules.source.find`` takes it.

    An id is looked up as always. A relative ``.toml`` path is read from the match file's
    own folder, so that a shared or synced folder means the same rules on every machine,
    and refused (``RulesetError``) when it leads out of that folder, links included.
    Files from before keep loading as they did, and only those: an absolute path (``new``
    stored one until now) is read as it is, and a relative path found neither beside the
    match nor outside its folder is read from the current folder, as it always was.
    """
    if not name.endswith(".toml"):
        return name
    given = Path(name)
    if given.is_absolute():
        return name  # as older versions stored a rule-set file: read as it is
    folder = Path(os.path.abspath(os.fspath(match_file))).parent
    path = folder / given
    real = Path(os.path.realpath(folder))
    lexical = Path(os.path.normpath(path))
    if not lexical.is_relative_to(folder) or (
        os.path.lexists(path) and not Path(os.path.realpath(path)).is_relative_to(real)
    ):
        why = because("folder.ruleset_outside", name=repr(name), folder=str(folder)).worded()
        raise RulesetError(why, rule="ruleset")
    if os.path.lexists(path):
        return str(path)
    if os.path.isfile(name):  # not beside the match: from the current folder, as before
        _warn_from_current(path, Path(os.path.abspath(name)))
    return name


_WARNED: set[tuple[Path, Path]] = set()
"""The (beside the match, from the current folder) pairs already said in this process."""


def _warn_from_current(beside: Path, used: Path) -> None:
    """Say on stderr, once a process for each pair, that an old match's rule-set file was
    not beside it and was read from the current folder: the same file may mean other
    rules on another machine or in another folder."""
    if (beside, used) in _WARNED:
        return
    _WARNED.add((beside, used))
    import sys

    from scorekeeper.shown import visible
    from scorekeeper.text import say

    line = say("folder.ruleset_from_current", beside=str(beside), used=str(used))
    sys.stderr.write(visible(f"{say('cli.warning')} {line}") + "\n")
    sys.stderr.flush()
