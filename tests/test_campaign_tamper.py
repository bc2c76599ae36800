"""Issue 25's "Done when", walked again by the campaign: every file a cache keeps, tampered
with, gives the answers of ``SCOREKEEPER_CACHE=off``.

What this adds to ``test_cache_tamper``:

- the tampered bytes are put back before *every* command, so each command meets the
  corruption itself (the first command that ignores a bad entry writes a good one, which
  the next command would otherwise read);
- the commands of the issue, as a person reads them (``status``, ``score``, ``score
  --json``, ``settle``, ``stats``, ``export --format csv``) and in German and Dutch;
- the machine's key is a cache file too: a byte of it changed, every entry sealed with it
  is a stranger's;
- a dense sample of positions (``SCOREKEEPER_TAMPER_POSITIONS``, default 8 per file; the
  whole sweep is ``bench/tamper.py``), each byte changed to another value drawn from a seed;
- a proof that the sample can fail: an entry sealed with this machine's very key, saying
  other totals, *is* believed (only the user's own scorekeeper can make one), so the cache
  really is read by these commands;
- files that are not files where a cache file is looked for (a pipe, a link to an endless
  device): the command must still answer at once, as with the cache off.
"""

from __future__ import annotations

import json
import os
import random
import resource
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_helpers import cli_env, in_process
from test_cache_tamper import data_home, data_match  # noqa: F401  (fixtures: home, match)

from scorekeeper.caches import reset_all
from scorekeeper.session import cache

COMMANDS: list[tuple[str, ...]] = [
    ("status",),
    ("status", "--json"),
    ("score",),
    ("score", "--json"),
    ("settle", "--price", "0.05"),
    ("export", "--format", "csv"),
    ("stats",),
    ("--lang", "de", "score"),
    ("--lang", "nl", "status"),
]
"""The commands of issue 25's walk (``stats`` over the data folder, the rest ``--match``)."""

POSITIONS = int(os.environ.get("SCOREKEEPER_TAMPER_POSITIONS", "8"))

Run = Callable[..., subprocess.CompletedProcess[str]]
Said = list[tuple[tuple[str, ...], int, str, str]]


@pytest.fixture(autouse=True)
def own_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The machine's key in a cache folder of the test's own: these tests change its
    bytes, and commands in this process and in others (:func:`cli`) must use the same."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))


@pytest.fixture
def run(home: Path, monkeypatch: pytest.MonkeyPatch) -> Run:
    inside = in_process(home, monkeypatch)

    def fresh(*args: str | Path) -> subprocess.CompletedProcess[str]:
        reset_all()  # a new process: nothing kept in memory from the run before
        cache.reset()
        return inside(*args)

    return fresh


def answers(run: Run, match: Path, plant: Callable[[], None] | None = None) -> Said:
    """What every command of the walk says; ``plant`` puts the tampered files back first."""
    said: Said = []
    for args in COMMANDS:
        if plant is not None:
            plant()
        extra: tuple[str | Path, ...] = () if "stats" in args else ("--match", match)
        res = run(*args, *extra)
        said.append((args, res.returncode, res.stdout, res.stderr))
    return said


def cache_off(run: Run, match: Path, monkeypatch: pytest.MonkeyPatch) -> Said:
    with monkeypatch.context() as m:
        m.setenv("SCOREKEEPER_CACHE", "off")
        expected = answers(run, match)
    assert all(code == 0 for _, code, _, _ in expected), expected
    return expected


def cache_files(home: Path, match: Path) -> dict[str, Path]:
    """Every file a cache keeps once the walk has run: the replay entry, the stats entry
    and the machine's key (``undone/``, what ``redo`` reads: ``test_cache_tamper``)."""
    replay = cache.entry_file(cache.digest(match.read_bytes()))
    (stats,) = sorted((home / "cache" / "stats").glob("*.json"))
    return {"replay": replay, "stats": stats, "key": cache.key_file()}


def positions(size: int, count: int, seed: str) -> list[int]:
    """``count`` positions of a file of ``size`` bytes: its first and last bytes, the rest
    spread over it (all of them when ``count`` reaches ``size``)."""
    if count >= size:
        return list(range(size))
    rng = random.Random(seed)
    ends = [0, 1, size - 2, size - 1]
    return sorted(set(ends) | set(rng.sample(range(size), max(count - len(ends), 0))))


def changed(data: bytes, at: int, seed: str) -> bytes:
    """``data`` with the byte at ``at`` changed to another value (drawn from ``seed``)."""
    value = random.Random(f"{seed}:{at}").choice([v for v in range(256) if v != data[at]])
    return data[:at] + bytes([value]) + data[at + 1 :]


def test_the_walk_reads_the_caches_it_tampers_with(
    home: Path, match: Path, run: Run, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sample below can fail: an entry sealed with this machine's own key that says
    other totals is believed by ``score --json`` and ``stats`` (it is the user's own
    scorekeeper's, which is what the seal stands for). So these commands do read the
    replay and stats entries, and a corruption that passed the checks would show."""
    expected = cache_off(run, match, monkeypatch)
    assert answers(run, match) == expected
    files = cache_files(home, match)
    key = files["key"].read_bytes()

    replay = files["replay"].read_bytes().partition(b"\n")[2]
    lines = replay.split(b"\n")
    summary = json.loads(lines[1])
    summary[0][2] = {name: score + 1000 for name, score in summary[0][2].items()}
    lines[1] = json.dumps(summary, ensure_ascii=False).encode()
    body = b"\n".join(lines)
    files["replay"].write_bytes(cache.seal(key, body) + b"\n" + body)
    score = run("score", "--json", "--match", match)
    assert score.returncode == 0 and score.stdout != expected[3][2]

    stored = json.loads(files["stats"].read_bytes().partition(b"\n")[2])
    stored["figures"]["figures"]["Anna"]["won"] = 10007
    lie = json.dumps(stored).encode()
    files["stats"].write_bytes(cache.seal(key, lie) + b"\n" + lie)
    assert "10007" in run("stats", "--json").stdout


@pytest.mark.parametrize("which", ["replay", "stats", "key"])
def test_a_changed_byte_of_each_cache_file_answers_as_the_cache_off(
    home: Path, match: Path, run: Run, monkeypatch: pytest.MonkeyPatch, which: str
) -> None:
    expected = cache_off(run, match, monkeypatch)
    assert answers(run, match) == expected  # every cache file made, and read back
    files = cache_files(home, match)
    kept = {name: path.read_bytes() for name, path in files.items()}
    target, data = files[which], kept[which]
    wrong = []
    for at in positions(len(data), POSITIONS, which):
        bad = changed(data, at, which)

        def plant(bad: bytes = bad) -> None:
            for name, path in files.items():  # the others as they were made
                path.write_bytes(kept[name])
            target.write_bytes(bad)
            if which == "key":
                os.chmod(target, 0o600)

        got = answers(run, match, plant)
        wrong += [(at, g[0]) for g, e in zip(got, expected, strict=True) if g != e]
    assert wrong == [], f"{which}: {len(data)} bytes; changed at (position, command): {wrong}"


# ---------------------------------------------------------------- not a file at all

LIMIT = 1 << 30
"""The address space a command run against an endless file may take (1 GB): it must not
read without end, and must not take the machine's memory if it does."""


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


def cli(home: Path, *args: str | Path, cache_on: bool = True) -> tuple[int, str]:
    """The real command line, in a process of its own with 1 GB of address space and 10
    seconds: exit code (-9 when it had to be stopped) and output."""
    extra = {"XDG_CACHE_HOME": os.environ["XDG_CACHE_HOME"]}
    if not cache_on:
        extra["SCOREKEEPER_CACHE"] = "off"
    try:
        res = subprocess.run(
            [sys.executable, "-m", "scorekeeper", *map(str, args)],
            env=cli_env(home, None, extra),
            capture_output=True,
            text=True,
            timeout=10,
            preexec_fn=_limited,
        )
    except subprocess.TimeoutExpired:
        return -9, "(still running after 10 s)"
    return res.returncode, res.stdout + res.stderr


VICTIM = "a file of the user's, outside the cache: never written through a link\n"


def _not_a_file(where: Path, kind: str) -> Path | None:
    """A pipe, a link to ``/dev/zero`` or a link to a file of the user's (returned, to
    be proved untouched) where a cache file is looked for."""
    where.unlink(missing_ok=True)
    where.parent.mkdir(parents=True, exist_ok=True)
    if kind == "pipe":
        os.mkfifo(where)
    elif kind == "endless link":
        where.symlink_to("/dev/zero")
    else:
        victim = where.parent.parent.parent / "victim.txt"
        victim.write_text(VICTIM, "utf-8")
        where.symlink_to(victim)
        return victim
    return None


def _untouched(victim: Path | None) -> None:
    """The link's target as it was: a cache writer replaced /dev/zero itself with a
    stats entry (as root) before it stopped following links."""
    assert stat.S_ISCHR(os.stat("/dev/zero").st_mode)
    if victim is not None:
        assert victim.read_text("utf-8") == VICTIM


@pytest.mark.parametrize("kind", ["pipe", "endless link", "link to a file"])
def test_a_replay_entry_that_is_not_a_file_is_ignored(home: Path, match: Path, kind: str) -> None:
    expected = cli(home, "status", "--match", match, cache_on=False)
    assert expected[0] == 0
    assert cli(home, "status", "--match", match) == expected  # the entry made
    victim = _not_a_file(cache.entry_file(cache.digest(match.read_bytes())), kind)
    assert cli(home, "status", "--match", match) == expected
    _untouched(victim)


@pytest.mark.parametrize("kind", ["pipe", "endless link", "link to a file"])
def test_a_stats_entry_that_is_not_a_file_is_ignored(home: Path, match: Path, kind: str) -> None:
    expected = cli(home, "stats", cache_on=False)
    assert expected[0] == 0
    assert cli(home, "stats") == expected
    (entry,) = (home / "cache" / "stats").glob("*.json")
    victim = _not_a_file(entry, kind)
    assert cli(home, "stats") == expected
    _untouched(victim)


def test_a_key_that_is_a_pipe_is_not_used(home: Path, match: Path) -> None:
    expected = cli(home, "status", "--match", match, cache_on=False)
    _not_a_file(cache.key_file(), "pipe")
    assert cli(home, "status", "--match", match) == expected


def test_a_redo_record_that_is_a_pipe_is_not_read(home: Path, match: Path) -> None:
    """``undone/`` (what ``redo`` reads): a pipe under the record's name; ``redo`` says at
    once that there is nothing to redo and leaves the match as it is."""
    assert cli(home, "undo", "--yes", "--match", match)[0] == 0
    now = match.read_bytes()
    (record,) = (home / "undone").glob("*.toml")
    _not_a_file(record, "pipe")
    code, said = cli(home, "redo", "--match", match)
    assert code == 2 and "redo" in said, said
    assert match.read_bytes() == now


# ---------------------------------------------------------------- a linked cache folder


@pytest.mark.parametrize(
    ("folder", "suffix", "count", "args"),
    [
        ("cache/replay", "json", 100, ("status",)),
        ("undone", "toml", 250, ("undo", "--yes")),
    ],
)
def test_a_linked_cache_folder_touches_nothing_where_it_leads(
    home: Path, match: Path, tmp_path: Path, folder: str, suffix: str, count: int,
    args: tuple[str, ...],
) -> None:  # fmt: skip
    """A data folder may be synced, links and all: ``undone`` linked to ``matches`` (or
    anywhere) must not cost a single file there; nor ``cache/replay``."""
    victim = tmp_path / "victim"
    victim.mkdir()
    for i in range(count):
        made = victim / f"doc{i}.{suffix}"
        made.write_text(f"x = {i}\n", "utf-8")
        os.utime(made, (1e9 + i, 1e9 + i))
    before = sorted(p.name for p in victim.iterdir())
    link = home / folder
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(victim, target_is_directory=True)
    code, said = cli(home, *args, "--match", match)
    assert code == 0, said
    assert sorted(p.name for p in victim.iterdir()) == before
