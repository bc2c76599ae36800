"""The one reader of files in a folder that may be shared (caches, keys, undo records):
only a plain file no larger than its limit and whose length holds while it is read."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from scorekeeper.matchlog import files
from scorekeeper.matchlog.files import read_plain, read_private


def test_a_plain_file_within_its_limit_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "entry"
    path.write_bytes(b"x" * 1000)
    assert read_plain(path, 1000) == b"x" * 1000
    assert read_plain(path, 999) is None  # larger than the limit: never read
    assert read_plain(tmp_path / "missing", 10) is None


def test_links_pipes_and_folders_are_not_read(tmp_path: Path) -> None:
    target = tmp_path / "target"
    target.write_bytes(b"secret")
    (tmp_path / "link").symlink_to(target)
    os.mkfifo(tmp_path / "pipe")
    assert read_plain(tmp_path / "link", 100) is None
    assert read_plain(tmp_path / "pipe", 100) is None  # and it does not hang
    assert read_plain(tmp_path, 100) is None


def test_a_private_file_must_be_private(tmp_path: Path) -> None:
    path = tmp_path / "key"
    path.write_bytes(b"k" * 32)
    path.chmod(0o600)
    assert read_private(path, 32) == b"k" * 32
    path.chmod(0o644)
    assert read_private(path, 32) is None


@pytest.mark.parametrize("change", [+7, -7])
def test_a_file_whose_length_changes_while_read_is_not_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: int
) -> None:
    """Another process writing the file between its size and its bytes: neither a cut nor
    a longer text is taken for the file (the cache is then rebuilt, a key made again)."""
    path = tmp_path / "entry"
    path.write_bytes(b"y" * 100)
    real = os.fstat

    def stale(fd: int) -> os.stat_result:
        st = real(fd)
        fields = list(st)
        fields[6] = st.st_size + change  # st_size, as asked before the other write
        return os.stat_result(fields)

    monkeypatch.setattr(files.os, "fstat", stale)
    assert read_plain(path, 1000) is None
