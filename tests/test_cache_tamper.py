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
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

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


@pytest.fixture(name="home")
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of the test's own, the caches on. ``test_campaign_tamper`` uses it too."""
    folder = tmp_path / "home"
    monkeypatch.setenv("SCOREKEEPER_HOME", str(folder))
    monkeypatch.delenv("SCOREKEEPER_CACHE", raising=False)
    return folder


def tampered_match() -> matchlog.MatchLog:
    """Four finished hands, card by card and one quick, the fifth begun (13 actions): the
    match of these tests, of ``test_campaign_tamper`` and of ``bench/tamper.py``."""
    return cut(random_log("doppelkopf", 5, 2, 0.3), 4, 13)


@pytest.fixture(name="match")
def data_match(home: Path) -> Path:
    """:func:`tampered_match` in the data folder. ``test_campaign_tamper`` uses it too."""
    path = home / "matches" / "m.toml"
    matchlog.write(path, tampered_match())
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


# ------------------------------------------------------------------ the machine's key


def _lying_replay_body(body: bytes) -> bytes:
    """The replay entry's body with Anna's score of every kept hand raised by 100."""
    lines = body.split(b"\n")
    summary = json.loads(lines[1])
    for hand in summary:
        hand[2]["Anna"] = hand[2].get("Anna", 0) + 100
    lines[1] = json.dumps(summary, ensure_ascii=False).encode()
    return b"\n".join(lines)


@pytest.mark.parametrize("sealed_with", ["plain digest", "another key", "no seal"])
def test_a_forged_entry_of_this_very_file_changes_no_answer(
    home: Path, match: Path, sealed_with: str
) -> None:
    """A forger who may write the cache folders and read the match, but has not this
    machine's key: an entry for this file's exact digest that says other totals, sealed
    as best they can, is ignored (replay and stats cache alike)."""
    expected = answers(home, match, SCOREKEEPER_CACHE="off")
    answers(home, match)
    other_key = bytes(range(32))

    def forged(body: bytes) -> bytes:
        if sealed_with == "plain digest":
            return hashlib.blake2b(body, digest_size=32).hexdigest().encode()
        if sealed_with == "another key":
            return cache.seal(other_key, body)
        return b""

    entry = replay_entry(match)
    body = _lying_replay_body(entry.read_bytes().partition(b"\n")[2])
    assert json.loads(body.split(b"\n")[0])["match"] == cache.digest(match.read_bytes())
    entry.write_bytes(forged(body) + b"\n" + body)
    (stats,) = stats_entries(home)
    stored = json.loads(stats.read_bytes().partition(b"\n")[2])
    stored["figures"]["figures"]["Anna"]["won"] = 10007  # the match's digest kept
    lie = json.dumps(stored).encode()
    stats.write_bytes(forged(lie) + b"\n" + lie)
    got = answers(home, match)
    assert got == expected
    assert "10007" not in got[-1][1]


def test_an_untrusted_key_file_is_never_used(home: Path, match: Path, tmp_path: Path) -> None:
    """A key file that is a link, open to others or of the wrong size seals nothing and
    opens nothing: no cache is read or written, the answers are the same."""
    expected = answers(home, match, SCOREKEEPER_CACHE="off")
    xdg = tmp_path / "xdg"
    key = xdg / "scorekeeper" / "key"
    key.parent.mkdir(parents=True)
    elsewhere = tmp_path / "known-key"
    elsewhere.write_bytes(bytes(32))
    os.chmod(elsewhere, 0o600)
    for make in ("link", "open to others", "short"):
        key.unlink(missing_ok=True)
        if make == "link":
            key.symlink_to(elsewhere)
        else:
            key.write_bytes(bytes(32 if make != "short" else 31))
            os.chmod(key, 0o644 if make == "open to others" else 0o600)
        shutil.rmtree(home / "cache", ignore_errors=True)
        assert answers(home, match, XDG_CACHE_HOME=str(xdg)) == expected, make
        made = [p for p in (home / "cache").rglob("*") if p.is_file()]
        assert made == [], (make, made)
        assert key.is_symlink() or key.read_bytes() in (bytes(32), bytes(31)), make


def test_the_key_is_made_private_once_outside_the_data_folder(home: Path, match: Path) -> None:
    xdg = home.parent / "xdg"
    assert (
        run_cli(home, "status", "--match", match, env={"XDG_CACHE_HOME": str(xdg)}).returncode == 0
    )
    key = xdg / "scorekeeper" / "key"
    assert key.stat().st_mode & 0o777 == 0o600 and key.stat().st_size == 32
    first = key.read_bytes()
    assert (
        run_cli(home, "score", "--match", match, env={"XDG_CACHE_HOME": str(xdg)}).returncode == 0
    )
    assert key.read_bytes() == first
    assert not [p for p in home.rglob("*") if p.name == "key"]  # never in the data folder
    assert sorted(p.name for p in key.parent.iterdir()) == ["key"]


def test_old_pickled_snapshots_are_never_read_and_go_with_the_next_write(
    home: Path, match: Path
) -> None:
    marker = home.parent / "ran"
    old = home / "cache" / "snapshots"
    old.mkdir(parents=True)
    name = hashlib.blake2b(os.fsencode(os.path.abspath(match)), digest_size=16).hexdigest()
    (old / f"{name}.snapshot").write_bytes(b"scorekeeper-cache/5\n" + planted(marker))
    (old / "other.snapshot").write_bytes(planted(marker))
    expected = answers(home, match, SCOREKEEPER_CACHE="off")
    assert answers(home, match) == expected  # the first read writes an entry
    assert not marker.exists()
    assert not old.exists()


def test_stats_with_the_cache_off_reads_and_keeps_nothing(home: Path, match: Path) -> None:
    """``SCOREKEEPER_CACHE=off`` turns the stats cache off as it does the replay cache:
    an entry sealed with this machine's very key (which only the user's own scorekeeper
    can make, so the cache believes it) is not read, and nothing is kept."""
    xdg = {"XDG_CACHE_HOME": str(home.parent / "xdg")}
    off = {**xdg, "SCOREKEEPER_CACHE": "off"}
    expected = run_cli(home, "stats", "--json", env=off)
    assert expected.returncode == 0, expected.stderr
    assert stats_entries(home) == []  # nothing kept
    assert run_cli(home, "stats", "--json", env=xdg).stdout == expected.stdout
    (entry,) = stats_entries(home)
    key = (home.parent / "xdg" / "scorekeeper" / "key").read_bytes()
    stored = json.loads(entry.read_bytes().partition(b"\n")[2])
    stored["figures"]["figures"]["Anna"]["won"] = 10007
    body = json.dumps(stored).encode()
    entry.write_bytes(cache.seal(key, body) + b"\n" + body)
    assert "10007" in run_cli(home, "stats", "--json", env=xdg).stdout  # read when on
    assert run_cli(home, "stats", "--json", env=off).stdout == expected.stdout


def test_every_corrupted_byte_of_a_redo_record_is_refused(home: Path, match: Path) -> None:
    """The records ``undo`` keeps for ``redo`` (``undone/``) are sealed as the caches are:
    any one byte changed, or the record cut short, and it is not read (all positions in
    the process); through the command line a sample says there is nothing to redo and
    leaves the match as it was, and the record as kept still redoes."""
    from scorekeeper.session import undone

    assert run_cli(home, "undo", "--match", match).returncode == 0
    left = match.read_bytes()
    now = undone.digest(left)  # a record is named by the digest of the bytes undo left
    assert now == undone.file_digest(match)
    (record,) = (home / "undone").glob("*.toml")
    data = record.read_bytes()
    assert undone.found(match, now) is not None
    for at in range(len(data)):
        record.write_bytes(_corrupted(data, at))
        assert undone.found(match, now) is None, at
    for size in range(0, len(data), max(len(data) // 20, 1)):
        record.write_bytes(data[:size])
        assert undone.found(match, now) is None, size
    for fraction in (0.0, 0.3, 0.999):
        record.write_bytes(_corrupted(data, int(fraction * (len(data) - 1))))
        res = run_cli(home, "redo", "--match", match)
        assert res.returncode == 2 and "Traceback" not in res.stderr, res.stderr
        assert match.read_bytes() == left
    record.write_bytes(data)
    assert run_cli(home, "redo", "--match", match).returncode == 0
    assert match.read_bytes() != left


# ---------------------------------------------------------------- every byte, every answer


def smallest_match() -> matchlog.MatchLog:
    """Two quick hands finished and a third begun (3 actions): a small match with kept
    hands and a tail, so that every byte of its cache files can be changed and the match
    read back each time within the suite's time (an entry's detail of a hand played card
    by card has the same shape: every byte of one is refused in the sweep above)."""
    return cut(random_log("doppelkopf", 3, 1, 0.5), 2, 3)


def _read_back(path: Path) -> object:
    """What every reading command is told by the session it opens (the reader they share,
    in this process): each finished hand as kept (number, dealer, quick facts, scores,
    facts, result, actions), the totals, the version and who plays next."""
    from scorekeeper.result import plain_result
    from scorekeeper.session import Session

    cache.reset()
    session = Session.open(path)
    m = session.match
    hands = [
        (
            mh.number,
            mh.dealer,
            mh.quick,
            mh.scores,
            mh.facts,
            plain_result(mh.result),
            *(a.text for a in mh.actions),
        )
        for mh in m.hands
        if mh.finished and mh.result is not None
    ]
    return hands, m.totals(), session.version, session.next_player()


def _figures(path: Path) -> object:
    from scorekeeper.games import load
    from scorekeeper.stats.cache import figures

    return figures(path, _once(load)).to_dict()


_LOADED: dict[tuple[str, str, str], object] = {}


def _once(load: Any) -> Any:
    """``load`` (a rule set's loader) that reads each rule set once in this test: what is
    swept is the cache, and reading the rule set again for each of thousands of bytes
    would take most of the time."""

    def loaded(name: Any, options: Any = None) -> Any:
        key = (load.__module__, str(name), repr(options))
        if key not in _LOADED:
            _LOADED[key] = load(name, options)
        return _LOADED[key]

    return loaded


@pytest.mark.parametrize("which", ["replay", "stats"])
def test_every_changed_byte_of_a_cache_file_is_ignored_and_rebuilt(
    home: Path, which: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25: "any single corrupted byte in any cache file gives the same answers as
    ``SCOREKEEPER_CACHE=off``", at EVERY byte of the replay entry and of the stats entry
    of a small match, each changed to another value (the campaign's own draw): the reader
    in this process answers exactly what it answers with the cache off, and the file is
    made again, byte for byte the entry it was (the bad one was ignored, not patched).
    Through the command line: ``test_corrupted_cache_files_answer_as_the_cache_off``."""
    from test_campaign_tamper import changed

    import scorekeeper.session

    monkeypatch.setattr(scorekeeper.session, "load", _once(scorekeeper.session.load))
    match = home / "matches" / "m.toml"
    matchlog.write(match, smallest_match())
    read = _read_back if which == "replay" else _figures
    monkeypatch.setenv("SCOREKEEPER_CACHE", "off")
    expected = read(match)
    monkeypatch.delenv("SCOREKEEPER_CACHE")
    assert read(match) == expected  # the entry made
    if which == "replay":
        entry = replay_entry(match)
    else:
        (entry,) = stats_entries(home)
    data = entry.read_bytes()
    assert read(match) == expected  # and read back
    differed, kept_bad = [], []
    for at in range(len(data)):
        entry.write_bytes(changed(data, at, which))
        if read(match) != expected:
            differed.append(at)
        if entry.read_bytes() != data:
            kept_bad.append(at)
    assert differed == [] and kept_bad == [], (len(data), differed[:10], kept_bad[:10])
    assert len(data) > 700  # every byte of a whole entry, not of a stub


def test_the_sweep_can_fail_an_entry_of_this_machine_that_lies(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sweep above reads the entries it changes: one sealed with this machine's key
    that says other scores changes the answer (so a flaw in the seal would show there)."""
    match = home / "matches" / "m.toml"
    matchlog.write(match, smallest_match())
    expected = _read_back(match)
    entry = replay_entry(match)
    body = entry.read_bytes().partition(b"\n")[2]
    lines = body.split(b"\n")
    summary = json.loads(lines[1])
    summary[0][2] = {name: score + 1000 for name, score in summary[0][2].items()}
    lines[1] = json.dumps(summary, ensure_ascii=False).encode()
    body = b"\n".join(lines)
    key = cache.machine_key()
    assert key is not None
    entry.write_bytes(cache.seal(key, body) + b"\n" + body)
    assert _read_back(match) != expected


def test_every_changed_byte_of_a_redo_record_is_refused(home: Path) -> None:
    """The record ``undo`` keeps for ``redo``, every byte changed to another value (the
    campaign's own draw, beside ``^ 0x20`` above): never read, so ``redo`` says there is
    nothing to redo (through the command line: the test above, a sample)."""
    from test_campaign_tamper import changed

    from scorekeeper.session import undone

    match = home / "matches" / "m.toml"
    matchlog.write(match, smallest_match())
    assert run_cli(home, "undo", "--match", match).returncode == 0
    now = undone.file_digest(match)
    (record,) = (home / "undone").glob("*.toml")
    data = record.read_bytes()
    assert undone.found(match, now) is not None
    read = [at for at in range(len(data)) if _found_with(record, changed(data, at, "undone"))]
    assert read == [], read[:10]


def _found_with(record: Path, data: bytes) -> bool:
    from scorekeeper.session import undone

    record.write_bytes(data)
    match = record.parent.parent / "matches" / "m.toml"
    return undone.found(match, undone.file_digest(match)) is not None
