"""Telling the server that the match file changed, without spending CPU while it does not.

Writes made by the server itself notify the hub at once
(:meth:`scorekeeper.serve.live.Hub.changed`). Writes by another process (the table
session, a one-shot command; for the hall's page, any table's) are seen by a watch on the
files' folders: Linux's inotify through ``ctypes`` where it exists (the kernel wakes the
server only when a file there is written or renamed into place), else the file's inode,
modification time and size looked at every ``POLL`` seconds.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import os
import struct
from collections.abc import Callable
from pathlib import Path
from typing import Any

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
    """Calls ``changed`` (in the event loop) after one of the files changed: ``files`` is
    one path, or what names the files now (the hall's: the event's and its tables' match
    files, more as rounds are drawn; asked again after each change)."""

    def __init__(self, files: Path | Callable[[], list[Path]], changed: Callable[[], None]) -> None:
        self._files = files if callable(files) else (lambda: [files])
        self.changed = changed
        self._fd: int | None = None
        self._libc: Any = None
        self._folders: dict[int, Path] = {}  # watch descriptor -> folder
        self._task: asyncio.Task[None] | None = None
        self._seen = self._stamps()

    @property
    def kind(self) -> str:
        return "inotify" if self._fd is not None else "poll"

    def start(self) -> None:
        found = _inotify()
        if found is not None:
            self._libc, self._fd = found
            self._follow()
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

    def _real(self) -> set[Path]:
        """The files a write changes: a link's target (it is written through)."""
        return {Path(os.path.realpath(p)) for p in self._files()}

    def _follow(self) -> None:
        """Watch the folder of every file named now (once each)."""
        assert self._fd is not None
        known = set(self._folders.values())
        for folder in {p.parent for p in self._real()} - known:
            wd = self._libc.inotify_add_watch(self._fd, os.fsencode(folder), _MASK)
            if wd >= 0:
                self._folders[wd] = folder

    def _read(self) -> None:
        assert self._fd is not None
        try:
            data = os.read(self._fd, 65536)
        except BlockingIOError:
            return
        written = set()
        offset = 0
        while offset + _EVENT.size <= len(data):
            wd, _mask, _cookie, size = _EVENT.unpack_from(data, offset)
            raw = data[offset + _EVENT.size : offset + _EVENT.size + size]
            if wd in self._folders:
                name = raw.rstrip(b"\0").decode("utf-8", "replace")
                written.add(self._folders[wd] / name)
            offset += _EVENT.size + size
        if written & self._real():
            self.changed()
            self._follow()  # a file named since (a round drawn) is watched too

    def _stamps(self) -> list[tuple[int, int, int] | None]:
        return [stamp(p) for p in self._files()]

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(POLL)
            self._check()

    def _check(self) -> None:
        now = self._stamps()
        if now != self._seen:
            self._seen = now
            self.changed()


_MASK = _IN_CLOSE_WRITE | _IN_MOVED_TO | _IN_CREATE


def _inotify() -> tuple[Any, int] | None:
    """The C library and a non-blocking inotify descriptor, or None where there is none."""
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
    return libc, fd
