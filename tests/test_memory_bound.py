"""The heaviest commands hold the 100 MB every command must hold on a 10,000-hand match
(issue 25, items 6 and 7: CI keeps the bound true).

The match is built in half a second, not played: a block of random legal Doppelkopf hands
(card by card, with their deals and a few announcements) played until the deal is back
with the first dealer, repeated to 10,000 hands, then one quick hand (for ``amend`` and
``undo --yes``). Each hand's text is the canonical section the tool writes, so the file
is the tool's own layout byte for byte (checked against ``MatchLog.dumps``): 13 MB, as
``bench/memory.py``'s match. Each command runs as a whole process; its peak resident
memory is the kernel's ``ru_maxrss`` (``os.wait4``), as ``/usr/bin/time -v`` reports it.

Why 10,000 hands and not fewer: a command's peak is its start-up (about 30 MB) plus a
part that grows in proportion to the hands it holds at once (the whole log of a change,
the replayed match, the cache entry it writes). A smaller match would prove the bound
only through an extrapolation that multiplies the noise; the real size costs about 10
CPU seconds a command (about 70 in all), so the heaviest six are measured there and the
rest stay in ``bench/memory.py`` (docs/performance.md has every command's figure). Cold
cache only: a cold run replays and writes the entry; ``bench/memory.py`` measures warm
and off too. Measured on this match (2026-11-28, load 25): amend 84.4, undo --yes 91.4,
score --json 63.9, export html 95.7, piped table 92.4, stats 95.8 MB: the bound holds,
with little to spare for the HTML export and stats (they are the next to bring down).
The test can fail: with ``LIMIT_MB`` lowered to 50, ``score --json`` fails (2026-11-28).
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from cli_helpers import cli_env

from scorekeeper import matchlog
from scorekeeper.match import Match
from scorekeeper.matchlog import MatchLog
from scorekeeper.ruleset import load
from scorekeeper.session.demo import play_random_hand

HANDS = 10_000
LIMIT_MB = 100.0
MARGIN_MB = {"stats": 90.0, "export html": 90.0}
"""Commands held 10 % under the bound (2026-11-29, /usr/bin/time on the 10,000-hand
match): ``stats`` peaked at 98.0 MB before its replay let the text go (the source map
keeps it), 77.6 MB after; ``export --format html`` at 99.8 MB (100.5 in CI runs) before
its chart was written line by line (a marker per hand and player: 7 MB of text, held
with two copies), 73.3 MB after."""


def long_match(path: Path, hands: int = HANDS) -> bytes:
    """Write a match of ``hands`` card-by-card hands and one quick hand; its bytes."""
    rules = load("doppelkopf")
    names = ["Anna", "Ben", "Carla", "Dirk"]
    log = MatchLog.new("doppelkopf", names, names[0])
    played = Match(rules, names, names[0])
    rng = random.Random(25)
    block = []
    while len(block) < 12 or played.next_dealer() != names[0]:
        block.append(play_random_hand(played, rng, announce=0.1))
    played.record_quick(log, {"re": ["Anna", "Carla"], "re_points": 165}, [])
    head = MatchLog(**{**vars(log), "hands": []}).dumps().encode()
    sections = [matchlog.section(h) for h in [*block, log.hands[-1]]]
    data = head + b"".join(sections[i % len(block)] for i in range(hands)) + sections[-1]
    path.write_bytes(data)
    log.hands = [*(block[i % len(block)] for i in range(hands)), log.hands[-1]]
    assert log.dumps().encode() == data, "not the tool's own layout"
    return data


MEASURE = """
import os, subprocess, sys
proc = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
err = proc.stderr.read()
_, status, usage = os.wait4(proc.pid, 0)
sys.stderr.buffer.write(err)
print(os.waitstatus_to_exitcode(status), usage.ru_maxrss)
"""
"""Runs a command and says its exit code and peak resident KB: measured from a small
process, since a child forked from pytest (tens of MB, the match built) would count the
parent's pages it shares before it runs the command."""


def peak_mb(cmd: Sequence[str], env: dict[str, str], stdin: bytes = b"") -> float:
    """The peak resident memory of one process in MB (10^6 bytes); it must succeed."""
    res = subprocess.run(
        [sys.executable, "-c", MEASURE, *cmd], env=env, input=stdin, capture_output=True
    )
    code, kb = res.stdout.split()
    assert int(code) == 0, f"{cmd[3:]}: {res.stderr.decode(errors='replace')}"
    return int(kb) * 1024 / 1e6


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The long match's bytes, built once for the module."""
    return long_match(tmp_path_factory.mktemp("long") / "long.toml")


COMMANDS: list[tuple[str, list[str], bytes]] = [
    ("amend", ["amend", str(HANDS + 1), "re_points=130"], b""),
    ("undo --yes", ["undo", "--yes"], b""),
    ("score --json", ["score", "--json"], b""),
    ("export html", ["export", "--format", "html"], b""),
    ("table (piped)", ["table"], b"status\nscore\nquit\n"),
    ("stats", ["stats"], b""),
]
"""The heaviest commands (bench/memory.py's figures), each with its standard input."""


@pytest.mark.parametrize(("name", "args", "stdin"), COMMANDS, ids=[c[0] for c in COMMANDS])
def test_a_heavy_command_on_a_10000_hand_match_holds_100_mb(
    tmp_path: Path, built: bytes, name: str, args: list[str], stdin: bytes
) -> None:
    data = built
    home = tmp_path / "home"
    (home / "matches").mkdir(parents=True)
    match = home / "matches" / "long.toml"
    match.write_bytes(data)
    env = cli_env(home)
    cmd = [sys.executable, "-m", "scorekeeper", *args]
    if name != "stats":  # stats reads the data folder's matches
        cmd += ["--match", str(match)]
    peak = peak_mb(cmd, env, stdin)
    assert peak <= MARGIN_MB.get(name, LIMIT_MB), f"{name}: {peak:.1f} MB on {HANDS} hands"
    if name in ("amend", "undo --yes"):
        assert match.read_bytes() != data, "the change was written"
