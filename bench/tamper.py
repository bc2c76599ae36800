"""Every cache file, every byte (or a dense sample), against ``SCOREKEEPER_CACHE=off``
(issue 25: "any single corrupted byte in any cache file gives the same answers").

Run: python bench/tamper.py [--positions 256 | --every] [--only replay stats key undone]

A match (``test_cache_tamper.tampered_match``: four finished hands, card by card and
one quick, the fifth begun) is made in a data folder of its own; the commands of the walk (``status``, ``status --json``, ``score``,
``score --json``, ``settle --price 0.05``, ``export --format csv``, ``stats``, and
``score``/``status`` in German and Dutch) are answered once with the cache off: that is
what every later answer must be, byte for byte, with exit 0. Then, for each cache file
(the replay entry, the stats entry, the machine's key, and the record ``undo`` keeps for
``redo``), at each chosen position the byte is changed to another value (drawn from a
seed), the changed file is put back before *every* command (a command that ignores a bad
entry writes a good one), and every command is asked again. For the redo record the
answer asked is ``redo``'s: nothing to redo (exit 2), the match untouched.

The commands run through the program's own entry point in this process (as
``bench/fuzz.py`` does), every in-process cache emptied before each: a few thousand
commands take minutes, not an hour. Prints per file: its size, the positions tried, the
commands asked, the answers that differed (none expected), CPU seconds and the load.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "bench")]

# the walk's commands, and how a position is chosen and its byte changed: the CI test's own
from test_campaign_tamper import COMMANDS, changed, positions  # noqa: E402

FILES = ("replay", "stats", "key", "undone")


def ask(args: Sequence[str]) -> tuple[int, str, str]:
    """One command through the entry point, nothing kept in memory from the one before."""
    from fuzz import run

    from scorekeeper.caches import reset_all
    from scorekeeper.session import cache

    reset_all()
    cache.reset()
    return run(args)


def answers(match: Path, plant: Callable[[], None] | None = None) -> list[tuple[int, str, str]]:
    said = []
    for args in COMMANDS:
        if plant is not None:
            plant()
        extra = () if "stats" in args else ("--match", str(match))
        said.append(ask([*args, *extra]))
    return said


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=256, help="per file")
    parser.add_argument("--every", action="store_true", help="every byte of every file")
    parser.add_argument("--only", action="append", choices=FILES, default=[])
    args = parser.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="scorekeeper-tamper-"))
    for key in list(os.environ):
        if key.startswith(("SCOREKEEPER_", "LC_")) or key in ("COLUMNS", "LINES", "NO_COLOR"):
            del os.environ[key]
    os.environ.update(
        {
            "LANG": "C.UTF-8",
            "COLUMNS": "100",
            "SCOREKEEPER_HOME": str(work / "home"),
            "XDG_CACHE_HOME": str(work / "xdg-cache"),
        }
    )
    os.chdir(work)

    from test_cache_tamper import tampered_match

    from scorekeeper import matchlog
    from scorekeeper.session import cache

    home = work / "home"
    match = home / "matches" / "m.toml"
    matchlog.write(match, tampered_match())
    os.environ["SCOREKEEPER_CACHE"] = "off"
    expected = answers(match)
    del os.environ["SCOREKEEPER_CACHE"]
    assert all(code == 0 for code, _, _ in expected), expected
    assert answers(match) == expected  # every cache file made and read back
    replay = cache.entry_file(cache.digest(match.read_bytes()))
    (stats,) = sorted((home / "cache" / "stats").glob("*.json"))
    files = {"replay": replay, "stats": stats, "key": cache.key_file()}
    kept = {name: path.read_bytes() for name, path in files.items()}
    _proof(files, match, expected)
    print(
        f"match {match.stat().st_size} bytes; files: "
        + ", ".join(f"{n} {len(d)} bytes" for n, d in kept.items())
        + f"; load {os.getloadavg()[0]:.1f}",
        flush=True,
    )
    failed = 0
    for which in args.only or FILES:
        cpu, wall = time.process_time(), time.monotonic()
        asked, wrong = 0, list[tuple[int, tuple[str, ...]]]()
        if which == "undone":
            asked, wrong, size, tried = _undone(match, args)
        else:
            target, data = files[which], kept[which]
            size = len(data)
            chosen = positions(size, size if args.every else args.positions, which)
            tried = len(chosen)
            for at in chosen:
                bad = changed(data, at, which)

                def plant(bad: bytes = bad, target: Path = target) -> None:
                    for name, path in files.items():
                        path.write_bytes(kept[name])
                    target.write_bytes(bad)
                    os.chmod(target, 0o600)

                got = answers(match, plant)
                asked += len(got)
                wrong += [(at, COMMANDS[i]) for i, g in enumerate(got) if g != expected[i]]
            for name, path in files.items():
                path.write_bytes(kept[name])
        failed += len(wrong)
        print(
            f"{which:<7} {size:6d} bytes  {tried:5d} positions  {asked:6d} commands  "
            f"{len(wrong):4d} differed  CPU {time.process_time() - cpu:7.1f} s  "
            f"wall {time.monotonic() - wall:6.0f} s  load {os.getloadavg()[0]:.1f}",
            flush=True,
        )
        for at, command in wrong[:5]:
            print(f"   at {at}: {' '.join(command)}")
    return 1 if failed else 0


def _proof(files: dict[str, Path], match: Path, expected: list[tuple[int, str, str]]) -> None:
    """The walk can fail: an entry sealed with this machine's own key that says other
    totals is believed (the seal is what the cache trusts), so these commands read it."""
    import json

    from scorekeeper.session import cache

    key, kept = files["key"].read_bytes(), files["replay"].read_bytes()
    lines = kept.partition(b"\n")[2].split(b"\n")
    summary = json.loads(lines[1])
    summary[0][2] = {name: score + 1000 for name, score in summary[0][2].items()}
    lines[1] = json.dumps(summary, ensure_ascii=False).encode()
    body = b"\n".join(lines)
    files["replay"].write_bytes(cache.seal(key, body) + b"\n" + body)
    lied = ask(["score", "--json", "--match", str(match)])
    files["replay"].write_bytes(kept)
    assert lied[0] == 0 and lied[1] != expected[3][1], (
        "the cache is not read: the walk proves nothing"
    )


Wrong = list[tuple[int, tuple[str, ...]]]


def _undone(match: Path, args: argparse.Namespace) -> tuple[int, Wrong, int, int]:
    """The redo record: changed at each position, ``redo`` refuses and the match stays."""
    before = match.read_bytes()
    code, _, err = ask(["undo", "--yes", "--match", str(match)])
    assert code == 0, err
    now = match.read_bytes()
    (record,) = (Path(os.environ["SCOREKEEPER_HOME"]) / "undone").glob("*.toml")
    data = record.read_bytes()
    chosen = positions(len(data), len(data) if args.every else args.positions, "undone")
    wrong: Wrong = []
    for at in chosen:
        record.write_bytes(changed(data, at, "undone"))
        code, _, err = ask(["redo", "--match", str(match)])
        if code != 2 or match.read_bytes() != now or "Traceback" in err:
            wrong.append((at, ("redo",)))
            match.write_bytes(now)
    record.write_bytes(data)
    code, _, err = ask(["redo", "--match", str(match)])
    if code != 0 or match.read_bytes() != before:  # the record as kept still redoes
        wrong.append((-1, ("redo", "(the record as kept)")))
    return len(chosen), wrong, len(data), len(chosen)


if __name__ == "__main__":
    sys.exit(main())
