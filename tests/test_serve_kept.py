"""The secrets ``serve`` keeps across a restart are trusted only as it wrote them (issue 25:
a data folder that may be shared): a file of this user's that no one else may read or
write. One planted in ``serve/`` (readable by others, a link, a pipe) is not used: its
planter would know the sheet's address and hold the scorer's cookie. A new key is made
and written in its place."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from scorekeeper.serve.guard import Guard, kept_in

PLANTED = {"key": "PLANTEDKEYPLANTEDKEY", "secret": "00" * 32, "scorer": "0" * 64}


def _plant(path: Path, how: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if how == "pipe":
        os.mkfifo(path)
        return
    target = path.with_name("elsewhere.json") if how == "link" else path
    target.write_text(json.dumps(PLANTED), encoding="utf-8")
    target.chmod(0o600 if how in ("link", "own") else 0o644)
    if how == "link":
        path.symlink_to(target)


def test_secrets_kept_as_serve_writes_them_are_used(tmp_path: Path) -> None:
    kept = kept_in(tmp_path / "m.toml", tmp_path / "home")
    _plant(kept, "own")
    assert Guard(kept=kept).key == PLANTED["key"]


@pytest.mark.parametrize("how", ["readable by others", "link", "pipe"])
def test_a_planted_file_of_secrets_is_not_trusted(tmp_path: Path, how: str) -> None:
    kept = kept_in(tmp_path / "m.toml", tmp_path / "home")
    _plant(kept, how)
    guard = Guard(kept=kept)  # a pipe would have kept this waiting
    assert guard.key != PLANTED["key"]
    mode = os.lstat(kept).st_mode  # its own written in the planted file's place
    assert stat.S_ISREG(mode) and stat.S_IMODE(mode) == 0o600
    assert json.loads(kept.read_text("utf-8"))["key"] == guard.key
