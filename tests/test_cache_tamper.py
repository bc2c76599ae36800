"""Every cache file, tampered with, through the real command line (issue 25).

A cache is an accelerator: whatever its files hold, a command answers exactly what it
answers with ``SCOREKEEPER_CACHE=off``, and nothing in them ever runs. For the replay cache
and the stats cache alike: a pickle that would touch a marker file, planted under every
name a cache file has (and had: the snapshots of the pickled cache before it), runs
nothing; every single corrupted byte of a cache file is refused (all positions in the
process, a sample through the command line); a well-formed entry with a fitting checksum
that says other totals is refused because it was made (it says) from another file.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import PLAYERS, run_cli
from random_matches import cut, random_log

from scorekeeper import matchlog
from scorekeeper.session import cache

COMMANDS = [
    ("status", "--json"),
    ("score", "--json"),
    ("settle", "--price", "0.05", "--json"),
    ("export", "--format", "json"),
    ("export", "--format", "csv"),
]


class Marker:
    """Unpickled, it creates the file ``path``: proof that a cache file ran code."""

    def __init__(self, path: Path) -> None:
        self.path = str(path)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (exec, (f"open({self.path!r}, 'w').close()",))


def planted(marker: Path) -> bytes:
    return pickle.dumps(Marker(marker))


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("SCOREKEEPER_HOME", str(folder))
    monkeypatch.delenv("SCOREKEEPER_CACHE", raising=False)
    return folder


@pytest.fixture
def match(home: Path) -> Path:
    """A match in the data folder: three finished hands card by card, one begun."""
    path = home / "matches" / "m.toml"
    matchlog.write(path, cut(random_log("doppelkopf", 4, 7, 0.0), 3, 9))
    return path


def answers(home: Path, match: Path, **env: str) -> list[tuple[int, str, str]]:
    """What every reading command says (and ``stats``, over the data folder)."""
    said = []
    for args in [*COMMANDS, ("stats", "--json")]:
        extra = [] if args[0] == "stats" else ["--match", match]
        res = run_cli(home, *args, *extra, env=env or None)
        said.append((res.returncode, res.stdout, res.stderr))
    return said


def replay_entry(match: Path) -> Path:
    return cache.entry_file(cache.digest(match.read_bytes()))


def stats_entries(home: Path) -> list[Path]:
    return sorted((home / "cache" / "stats").glob("*.json"))


def test_the_marker_pickle_runs_code_when_unpickled(tmp_path: Path) -> None:
    """The planted files of these tests would run code if anything unpickled them."""
    marker = tmp_path / "ran"
    pickle.loads(planted(marker))
    assert marker.exists()


def test_a_pickle_planted_in_every_cache_file_runs_nothing(home: Path, match: Path) -> None:
    expected = answers(home, match, SCOREKEEPER_CACHE="off")
    assert all(code == 0 for code, _, _ in expected), expected
    answers(home, match)  # every cache file made
    marker = home.parent / "ran"
    entries = [replay_entry(match), *stats_entries(home)]
    old = hashlib.blake2b(os.fsencode(os.path.abspath(match)), digest_size=16).hexdigest()
    entries.append(home / "cache" / "snapshots" / f"{old}.snapshot")  # the pickled cache's
    assert len(entries) == 3
    for entry in entries:
        entry.parent.mkdir(parents=True, exist_ok=True)
        entry.write_bytes(planted(marker))
    old_header = b"scorekeeper-cache/5\n"  # the snapshot's own first line, before the pickle
    entries[-1].write_bytes(old_header + planted(marker))
    assert answers(home, match) == expected
    res = run_cli(home, "play", "--match", match, "QC")  # a change reads the cache too
    assert not marker.exists()
    assert "Traceback" not in res.stderr


def test_a_pickle_in_the_xdg_cache_folder_runs_nothing(tmp_path: Path) -> None:
    """Without SCOREKEEPER_HOME the caches live in the XDG folders: the same there."""
    xdg = {"HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "xc")}
    xdg["XDG_DATA_HOME"] = str(tmp_path / "xd")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SCOREKEEPER_", "XDG_"))}
    env.update(xdg)
    match = tmp_path / "xd" / "scorekeeper" / "matches" / "m.toml"
    matchlog.write(match, cut(random_log("doppelkopf", 3, 5, 0.0), 2, 4))

    def run(*args: str, **more: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "scorekeeper", *args, "--match", str(match)],
            env={**env, **more},
            capture_output=True,
            text=True,
            timeout=60,
        )

    expected = run("status", "--json", SCOREKEEPER_CACHE="off")
    run("status", "--json")
    entries = list((tmp_path / "xc" / "scorekeeper" / "replay").glob("*.json"))
    assert len(entries) == 1
    marker = tmp_path / "ran"
    entries[0].write_bytes(planted(marker))
    found = run("status", "--json")
    assert (found.returncode, found.stdout) == (expected.returncode, expected.stdout)
    assert not marker.exists()


def _corrupted(data: bytes, at: int) -> bytes:
    return data[:at] + bytes([data[at] ^ 0x20 or 0x41]) + data[at + 1 :]


def test_every_corrupted_byte_of_a_replay_entry_is_refused(home: Path, match: Path) -> None:
    assert run_cli(home, "status", "--match", match).returncode == 0
    key = cache.digest(match.read_bytes())
    data = cache.entry_file(key).read_bytes()
    assert cache.load(key, PLAYERS) is not None
    refused = 0
    for at in range(len(data)):
        cache.entry_file(key).write_bytes(_corrupted(data, at))
        refused += cache.load(key, PLAYERS) is None
    assert refused == len(data)
    for size in range(0, len(data), max(len(data) // 40, 1)):  # cut short anywhere
        cache.entry_file(key).write_bytes(data[:size])
        assert cache.load(key, PLAYERS) is None


def test_every_corrupted_byte_of_a_stats_entry_is_refused(home: Path, match: Path) -> None:
    from scorekeeper.stats.cache import _cached

    assert run_cli(home, "stats", "--json").returncode == 0
    (entry,) = stats_entries(home)
    data = entry.read_bytes()
    digest = hashlib.sha256(match.read_bytes()).hexdigest()
    assert _cached(entry, digest, match) is not None
    for at in range(len(data)):
        entry.write_bytes(_corrupted(data, at))
        assert _cached(entry, digest, match) is None, at


def test_corrupted_cache_files_answer_as_the_cache_off(home: Path, match: Path) -> None:
    """A sample of one-byte corruptions of both caches, through every reading command."""
    expected = answers(home, match, SCOREKEEPER_CACHE="off")
    answers(home, match)
    entries = [replay_entry(match), *stats_entries(home)]
    kept = [e.read_bytes() for e in entries]
    for fraction in (0.0, 0.01, 0.3, 0.55, 0.8, 0.999):
        for entry, data in zip(entries, kept, strict=True):
            entry.write_bytes(_corrupted(data, int(fraction * (len(data) - 1))))
        assert answers(home, match) == expected, fraction


def _forged(data: bytes, lie: object, checksum: object) -> bytes:
    """``data``'s body changed by ``lie``, with a checksum that fits the change."""
    body = lie(data.partition(b"\n")[2])  # type: ignore[operator]
    return checksum(body) + b"\n" + body  # type: ignore[operator]


def test_a_forged_replay_entry_of_other_totals_is_refused(home: Path, match: Path) -> None:
    """An entry made from another file (Anna far ahead), put under this file's name with
    a fitting checksum: refused, since the digest of the match it says it was made from
    is not this file's."""
    expected = answers(home, match, SCOREKEEPER_CACHE="off")
    other = home / "matches" / "other.toml"
    log = matchlog.read(match)[0]
    log.hands = cut(random_log("doppelkopf", 4, 99, 0.0), 3, 9).hands
    matchlog.write(other, log)
    assert run_cli(home, "status", "--match", other).returncode == 0
    theirs = replay_entry(other).read_bytes()
    other.unlink()
    assert json.loads(theirs.split(b"\n")[1])["match"] != cache.digest(match.read_bytes())
    replay_entry(match).parent.mkdir(parents=True, exist_ok=True)
    replay_entry(match).write_bytes(theirs)
    got = answers(home, match)
    assert got[:-1] == expected[:-1]  # stats: the data folder has changed meanwhile


def test_a_forged_stats_entry_is_refused(home: Path, match: Path) -> None:
    """The campaign's forgery ("won": 10007) with a fitting checksum, said to be made
    from other bytes: the figures are worked out again from the file."""
    expected = run_cli(home, "stats", "--json", env={"SCOREKEEPER_CACHE": "off"})
    assert run_cli(home, "stats", "--json").stdout == expected.stdout
    (entry,) = stats_entries(home)

    def lie(body: bytes) -> bytes:
        stored = json.loads(body)
        stored["figures"]["figures"]["Anna"]["won"] = 10007
        stored["match"] = hashlib.sha256(b"another match").hexdigest()
        return json.dumps(stored).encode()

    def sha(body: bytes) -> bytes:
        return hashlib.sha256(body).hexdigest().encode()

    entry.write_bytes(_forged(entry.read_bytes(), lie, sha))
    shown = run_cli(home, "stats", "--json")
    assert shown.stdout == expected.stdout
    assert "10007" not in shown.stdout
