"""kill -9 while a match is written: the file is always the old text or the new one, and a
temporary copy left beside it is removed by the next command (a read will do) and never
listed as a match.

A writer process records a card and takes it back again, over and over, through the one
way every command changes a match (``Session.edit``: lock, read, change, write atomically);
it is killed at a random moment, a few dozen times (bounded: ``SCOREKEEPER_KILLS`` raises
the count for a longer run).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import PLAYERS, run_cli

from scorekeeper import store
from scorekeeper.matchlog.files import TEMPORARY

ROOT = Path(__file__).resolve().parent.parent
KILLS = int(os.environ.get("SCOREKEEPER_KILLS", "24"))

_WRITER = """
import sys
from pathlib import Path
from scorekeeper.session import Session

path = Path(sys.argv[1])
print("ready", flush=True)
while True:
    if b"Ben QC" in path.read_bytes():  # a killed writer may have left either
        with Session.edit(path, replay=False) as session:
            session.undo()
    else:
        with Session.edit(path) as session:
            session.record(["Ben QC"])
"""


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if TEMPORARY.fullmatch(p.name))


def test_kill_9_leaves_the_old_or_the_new_file_and_the_next_command_tidies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("SCOREKEEPER_HOME", str(home))
    assert run_cli(home, "new", "doppelkopf", *PLAYERS).returncode == 0
    path = next((home / "matches").glob("*.toml"))
    old = path.read_bytes()
    assert run_cli(home, "play", "QC").returncode == 0
    new = path.read_bytes()
    assert run_cli(home, "undo").returncode == 0 and path.read_bytes() == old
    rng = random.Random(25)
    left = 0
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SCOREKEEPER_HOME": str(home)}
    for _ in range(KILLS):
        writer = subprocess.Popen(
            [sys.executable, "-c", _WRITER, str(path)],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert writer.stdout is not None and writer.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.25))
        writer.send_signal(signal.SIGKILL)
        writer.wait(timeout=60)
        assert path.read_bytes() in (old, new)  # never a mixture, never empty
        left += bool(_leftovers(path.parent))
        assert [s.path for s in store.stored()] == [path]  # a copy is never a match
        status = run_cli(home, "status")  # a read: it tidies
        assert status.returncode == 0, status.stderr
        assert _leftovers(path.parent) == []
    listed = run_cli(home, "matches", "--json")
    assert listed.returncode == 0 and listed.stdout.count('"name"') == 1, listed.stdout
    print(f"{KILLS} kills, {left} left a temporary copy, all removed by the next command")


def _dead_pid() -> int:
    """The id of a process that has ended (a killed writer's)."""
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait(timeout=60)
    return gone.pid


def test_every_leftover_temporary_in_the_data_folder_is_tidied_never_listed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not only the copies of the match being read: a killed writer's temporary file of
    another match, of the current-match pointer or of a cache entry goes too (by the next
    read of a match in that folder, a listing, or a write in that folder); a live
    writer's file and anything not named as a temporary file stay."""
    home = tmp_path / "home"
    monkeypatch.setenv("SCOREKEEPER_HOME", str(home))
    assert run_cli(home, "new", "doppelkopf", *PLAYERS).returncode == 0
    path = next((home / "matches").glob("*.toml"))
    dead = _dead_pid()
    other = home / "matches" / f".other-match.toml.{dead}.0badc0de.tmp"
    pointer = home / f".current.{dead}.0badc0de.tmp"
    live = home / "matches" / f".{path.name}.{os.getpid()}.0badc0de.tmp"
    alike = home / "matches" / ".notes.toml.tmp"
    cache = home / "cache" / "replay"
    cache.mkdir(parents=True, exist_ok=True)
    entry = cache / f".{'0' * 64}.json.{dead}.0badc0de.tmp"
    for planted in (other, pointer, live, alike, entry):
        planted.write_text('format = "scorekeeper-match/1"\n')
    listed = run_cli(home, "matches", "--json")
    assert listed.returncode == 0 and listed.stdout.count('"name"') == 1, listed.stdout
    assert not other.exists() and not pointer.exists()
    assert live.exists() and alike.exists()
    other.write_text("x")
    assert run_cli(home, "status").returncode == 0  # a read tidies the match's folder
    assert not other.exists()
    assert run_cli(home, "play", "QC").returncode == 0  # a write keeps a cache entry: tidied
    assert not entry.exists()
    assert live.exists() and alike.exists()
