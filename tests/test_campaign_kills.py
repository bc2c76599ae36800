"""kill -9 the real command line while it changes a match (issue 25, item 5), CI-sized:
``bench/kills.py`` runs the long sweep with the same commands.

Each change a person makes is run as a whole process (``python -m scorekeeper``): a quick
``hand``, ``undo --yes``, a piped ``table`` session entering a hand, ``rename-player`` and
back. It is killed (SIGKILL) at a random moment of the second half of its run (its usual length
measured first; reading and writing come after the start-up).
After every kill:

- the match is not lost or mixed: its bytes are the bytes before the command or the
  bytes the same command, run to its end on a copy, writes (nothing else);
- no temporary copy is listed as a match (``matches --json`` lists the one match);
- the next command (``status``, a read) leaves no temporary copy in the match's folder
  or the data folder.

``SCOREKEEPER_CLI_KILLS`` sets the number of kills (default 20, on a match of 400 quick
hands: about 85 short processes, 17.6 CPU s at load 20).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from cli_helpers import cli_env
from random_matches import random_log

from scorekeeper import matchlog
from scorekeeper.matchlog.files import TEMPORARY

KILLS = int(os.environ.get("SCOREKEEPER_CLI_KILLS", "20"))
HANDS = 400

CHANGES: list[tuple[str, list[str], bytes]] = [
    ("hand", ["hand", "re=Anna,Carla", "re_points=165"], b""),
    ("undo --yes", ["undo", "--yes"], b""),
    ("table (pipe)", ["table"], b"hand re=Anna,Carla re_points=130\nquit\n"),
    ("rename-player", ["rename-player", "Ben", "Bert"], b""),
    ("rename-player back", ["rename-player", "Bert", "Ben"], b""),
]
"""The changes that are killed, in turn (``bench/kills.py`` uses this list too): each
works on the current match of its data folder."""


def cli(env: dict[str, str], *args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args],
        env=env,
        input=stdin,
        capture_output=True,
        timeout=120,
    )


def temporaries(folder: Path) -> list[str]:
    """The temporary copies a killed writer can leave in ``folder``."""
    if not folder.is_dir():
        return []
    return [p.name for p in folder.iterdir() if TEMPORARY.fullmatch(p.name)]


def _folder(root: Path, hands: int) -> tuple[dict[str, str], Path]:
    """A data folder whose current match is a club evening of ``hands`` quick hands."""
    home = root / "home"
    env = cli_env(home, None, {"XDG_CACHE_HOME": str(root / "xdg")})
    path = home / "matches" / "club.toml"
    matchlog.write(path, random_log("doppelkopf", hands, 25, quick=1.0))
    assert cli(env, "switch", "club").returncode == 0
    return env, path


def _killed(env: dict[str, str], argv: list[str], stdin: bytes, after: float) -> None:
    """``scorekeeper ARGV`` started, and killed with SIGKILL ``after`` seconds later."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", *argv],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    assert proc.stdin is not None
    if stdin:
        proc.stdin.write(stdin)
        proc.stdin.flush()
    time.sleep(after)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=60)
    proc.stdin.close()


def test_kill_9_of_the_real_command_line_loses_and_leaves_nothing(tmp_path: Path) -> None:
    env, path = _folder(tmp_path / "killed", HANDS)
    twin_env, twin = _folder(tmp_path / "twin", HANDS)  # the same command, run to its end
    lengths = {}
    for name, argv, stdin in CHANGES:  # each command's usual length, to spread the kills
        start = time.monotonic()
        done = cli(twin_env, *argv, stdin=stdin)
        lengths[name] = time.monotonic() - start
        assert done.returncode == 0, (name, done.stderr.decode())
    rng = random.Random(25)
    failures, landed, left = [], 0, 0
    for i in range(KILLS):
        name, argv, stdin = CHANGES[i % len(CHANGES)]
        before = path.read_bytes()
        twin.write_bytes(before)
        cli(twin_env, *argv, stdin=stdin)
        whole = twin.read_bytes()
        _killed(env, argv, stdin, rng.uniform(0.5, 1.05) * lengths[name])
        after = path.read_bytes()
        if after not in (before, whole):
            failures.append(f"{i} {name}: the match is neither as before nor as written")
        landed += after == whole != before
        left += bool(temporaries(path.parent) or temporaries(path.parent.parent))
        listed = cli(env, "matches", "--json")
        names = [m.get("name") for m in json.loads(listed.stdout)["matches"]]
        if listed.returncode != 0 or names != ["club"]:
            failures.append(f"{i} {name}: matches lists {names!r}")
        status = cli(env, "status")
        if status.returncode != 0:
            failures.append(f"{i} {name}: status exit {status.returncode}")
        still = temporaries(path.parent) + temporaries(path.parent.parent)
        if still:
            failures.append(f"{i} {name}: left after status: {still}")
    print(f"{KILLS} kills: {landed} after the write landed, {left} left a temporary copy")
    assert failures == []
    shutil.rmtree(tmp_path, ignore_errors=True)
