"""Telling the server that the match file changed, without spending CPU while it does not.

Writes made by the server itself notify the hub at once (:meth:`Hub.changed`). Writes by
another process (the table session, a one-shot command) are seen by a watch on the
file's folder: Linux's inotify through ``ctypes`` where it exists (the kernel wakes the
server only when a file there is written or renamed into place), else the file's
inode, modification time and size looked at every ``POLL`` seconds.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import os
import struct
from collections.abc import Callable
from pathlib import Path

POLL = 1.0
"""Seconds between two looks at the file where inotify is missing."""

_IN_CLOSE_WRITE = 0x008
_IN_MOVED_TO = 0x080
_IN_CREATE = 0x100
_IN_NONBLOCK = 0o4000
_IN_CLOEXEC = 0o2000000
_EVENT = struct.Struct("iIII")


def stamp(path: Path) -> tuple[int, int, int] | None:
    """What tells one state of the file from another: its inode (a match file is written
    anew and renamed into place), modification time and size."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_ino, st.st_mtime_ns, st.st_size)


class Watch:
    """Calls ``changed`` (in the event loop) after the file at ``path`` changed."""

    def __init__(self, path: Path, changed: Callable[[], None]) -> None:
        self.path = path
        self.changed = changed
        self._fd: int | None = None
        self._task: asyncio.Task[None] | None = None
        self._seen = stamp(path)

    @property
    def kind(self) -> str:
        return "inotify" if self._fd is not None else "poll"

    def start(self) -> None:
        self._fd = _inotify(self._real().parent)
        if self._fd is not None:
            asyncio.get_running_loop().add_reader(self._fd, self._read)
        else:
            self._task = asyncio.get_running_loop().create_task(self._poll())

    def stop(self) -> None:
        if self._fd is not None:
            asyncio.get_running_loop().remove_reader(self._fd)
            os.close(self._fd)
            self._fd = None
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def _read(self) -> None:
        assert self._fd is not None
        try:
            data = os.read(self._fd, 65536)
        except BlockingIOError:
            return
        names = set()
        offset = 0
        while offset + _EVENT.size <= len(data):
            _wd, _mask, _cookie, size = _EVENT.unpack_from(data, offset)
            raw = data[offset + _EVENT.size : offset + _EVENT.size + size]
            names.add(raw.rstrip(b"\0").decode("utf-8", "replace"))
            offset += _EVENT.size + size
        if self._real().name in names:
            self.changed()

    def _real(self) -> Path:
        """The file a write changes: a link's target (it is written through)."""
        return Path(os.path.realpath(self.path))

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(POLL)
            self._check()

    def _check(self) -> None:
        now = stamp(self.path)
        if now != self._seen:
            self._seen = now
            self.changed()


def _inotify(folder: Path) -> int | None:
    """A non-blocking inotify descriptor watching ``folder``, or None where there is none."""
    name = ctypes.util.find_library("c")
    if not name or not hasattr(os, "O_NONBLOCK"):
        return None
    try:
        libc = ctypes.CDLL(name, use_errno=True)
        fd = libc.inotify_init1(_IN_NONBLOCK | _IN_CLOEXEC)
    except (OSError, AttributeError):
        return None
    if fd < 0:
        return None
    mask = _IN_CLOSE_WRITE | _IN_MOVED_TO | _IN_CREATE
    if libc.inotify_add_watch(fd, os.fsencode(folder), mask) < 0:
        os.close(fd)
        return None
    return fd
