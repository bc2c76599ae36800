"""The benchmark of issue 12: every performance figure beside its yardstick and its target.

Run: python bench/perf.py [--quick] [--only P1 [--only P3 ...]] [--runs N] [--no-extra]
[--cpu] [--typer]

It builds the matches it needs (16, 1,000 and 10,000 card-by-card Doppelkopf hands, made
by the demo's random legal play from fixed seeds) once, in a folder of the system's
temporary directory that later runs reuse, and copies them before every run that changes
a file. Every figure is measured as whole processes, alternating with its yardstick in the
same run (``python -c "import typer"`` for the commands), and the median of several runs
is printed beside the yardstick's median, their ratio and the target:

* P1 (issue 26): a recording command (``play``, ``trick``, ``announce``, ``hand``,
  ``undo``) and a reading command (``status``, ``score``) on a 16-hand and on a 100-hand
  match: <= 1.2x and <= 1.3x the yardstick; on a 1,000-hand match reported, not
  targeted. The command before it at the table has already run: before every timed run
  the match file is restored and written by an untimed ``undo`` and ``redo`` (the same
  bytes, the replay cache as a change leaves it for the file it wrote, as at the table),
  then read by an untimed ``status``. ``--read-before``: each recording command also
  after the file was only copied in and read (its bytes then not known as the tool's: a
  change writes the whole file). ``--cpu`` compares CPU
  seconds (user + system) instead of wall seconds; ``--typer`` adds each command run
  through Typer (``SCOREKEEPER_QUICK=off``), as it ran before the quick path.
* P2 (layouts): ``check`` of the 10,000-hand match as the tool writes it and as another
  writer lays it out (no blank line between hands), CPU seconds against 50,000 tricks/s.
* P3: peak memory of every command and export on the 10,000-hand match, in both layouts,
  with the replay cache cold (empty), warm and off: <= 100 MB; and the cold first
  ``status``/``score`` in CPU seconds beside the same command with the cache off.
* Figures of other engineers come from optional modules beside this one
  (``figures_engine.py``: P2, P4; ``figures_table.py``; ``figures_startup.py``: the
  engine's imports), each with
  ``figures(matches, quick)`` returning rows ``(target, name, value, yardstick, limit)``.

``--quick`` runs fewer repetitions and leaves out the 10,000-hand match. Numbers are
printed, never asserted: performance claims come from this script, not from timed tests.
"""

from __future__ import annotations

import argparse
import importlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

Row = tuple[str, str, float, float | None, float | None]
"""(target, figure, value, yardstick or None, limit on the ratio or on the value)."""

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]
SEED = 12
EXTRA_MODULES = ("figures_engine", "figures_table", "figures_startup")


# ---------------------------------------------------------------------- the matches
def bench_dir() -> Path:
    folder = Path(tempfile.gettempdir()) / "scorekeeper-bench"
    folder.mkdir(exist_ok=True)
    return folder


def build_match(hands: int) -> Path:
    """The closed match of ``hands`` finished card-by-card hands (made once, then reused)."""
    target = bench_dir() / f"doppelkopf-{hands}.toml"
    if target.exists():
        return target
    from scorekeeper.ruleset import load
    from scorekeeper.session.demo import play_demo

    os.environ.setdefault("SCOREKEEPER_HOME", str(bench_dir() / "home"))
    building = target.with_suffix(".building.toml")
    building.unlink(missing_ok=True)
    print(f"building a {hands}-hand match (once) ...", file=sys.stderr, flush=True)
    play_demo(load("doppelkopf"), hands, SEED, building)
    building.rename(target)
    return target


def open_variant(closed: Path) -> Path:
    """The closed match plus one trick of a hand whose deal is not recorded."""
    target = closed.with_name(closed.stem + "-open.toml")
    if target.exists():
        return target
    shutil.copyfile(closed, target)
    run_cli(["trick", "QC", "10H", "AD", "9D", "--match", str(target)], check=True)
    return target


def next_player(path: Path) -> str:
    from scorekeeper.session import Session

    return Session.open(path).next_player()


# ---------------------------------------------------------------------- measuring
def env() -> dict[str, str]:
    home = bench_dir() / "home"
    return dict(os.environ, SCOREKEEPER_HOME=str(home), PYTHONDONTWRITEBYTECODE="")


def run_cli(args: Sequence[str], *, check: bool = False) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args],
        env=env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        check=check,
    )


def run_once(cmd: Sequence[str], extra: dict[str, str] | None = None) -> tuple[float, int]:
    """Wall seconds (CPU seconds with ``--cpu``) and peak resident memory (bytes) of one
    process; ``extra`` adds environment variables."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        cmd, env={**env(), **(extra or {})}, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd[2:])} failed ({proc.returncode}): {err.strip()}")
    if CPU:
        return usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024
    return wall, usage.ru_maxrss * 1024


CPU = False
"""``--cpu``: P1 compares the processes' CPU seconds (user + system), not wall seconds:
steadier on a machine others are using."""


def alternate(
    cmd: Sequence[str],
    yard: Sequence[str],
    runs: int,
    before: Callable[[], None],
    extra: dict[str, str] | None = None,
) -> tuple[float, float]:
    """Medians of ``cmd`` and ``yard`` run in turn; ``before`` (untimed) precedes each cmd."""
    before()
    run_once(cmd, extra)  # the previous command at the table: warms what a command may keep
    mine: list[float] = []
    theirs: list[float] = []
    for _ in range(runs):
        theirs.append(run_once(yard)[0])
        before()
        mine.append(run_once(cmd, extra)[0])
    return statistics.median(mine), statistics.median(theirs)


P1_LIMITS: tuple[tuple[int, float | None], ...] = ((16, 1.2), (100, 1.3), (1000, None))
"""P1 (issue 26): each match's length and its limit on the ratio to the yardstick (None:
reported, not targeted)."""

READ_BEFORE = False
"""``--read-before``: each recording command also after the file was copied in and only
read (no write of the tool's before it: the whole file is written)."""

TYPER = {"SCOREKEEPER_QUICK": "off"}
"""``--typer``: each command also through Typer (the full parser), as before the quick path."""


def p1_rows(matches: dict[int, Path], runs: int, typer: bool = False) -> list[Row]:
    yard = [sys.executable, "-c", "import typer"]
    work = bench_dir() / "work.toml"
    rows: list[Row] = []
    for hands, limit in P1_LIMITS:
        if hands not in matches:
            continue
        closed = matches[hands]
        opened = open_variant(closed)
        leader = next_player(closed)
        commands: list[tuple[str, Path, list[str]]] = [
            ("play QC", closed, ["play", "QC"]),
            ("trick QC 10H AD 9D", closed, ["trick", "QC", "10H", "AD", "9D"]),
            (f"announce {leader} re", closed, ["announce", leader, "re"]),
            ("hand re=... re_points=165", closed, ["hand", "re=Anna,Carla", "re_points=165"]),
            ("undo", opened, ["undo"]),
            ("status", opened, ["status"]),
            ("score", closed, ["score"]),
        ]
        for name, source, args in commands:

            def restore(source: Path = source, wrote: bool = True) -> None:
                # the file as the previous command at the table left it: that command
                # wrote it (an untimed undo and redo: the same bytes, and the replay cache
                # as a change leaves it, for the file it wrote); without it every timed
                # run would replay cold. ``wrote=False``: the file copied in and only read
                # before (an untimed status), so a change cannot know its bytes are the
                # tool's and writes the whole file
                shutil.copyfile(source, work)
                if wrote:
                    run_cli(["undo", "--match", str(work)], check=True)
                    run_cli(["redo", "--match", str(work)], check=True)
                    assert work.read_bytes() == source.read_bytes()
                run_cli(["status", "--match", str(work)], check=True)

            cmd = [sys.executable, "-m", "scorekeeper", *args, "--match", str(work)]
            mine, theirs = alternate(cmd, yard, runs, restore)
            rows.append(("P1", f"{name} ({hands} hands) vs import typer", mine, theirs, limit))
            if READ_BEFORE and name not in ("status", "score"):
                mine, theirs = alternate(cmd, yard, runs, partial(restore, wrote=False))
                rows.append(("-", "  the same after a copy and a status", mine, theirs, None))
            if typer:
                mine, theirs = alternate(cmd, yard, runs, restore, TYPER)
                rows.append(
                    ("-", "  the same through Typer (SCOREKEEPER_QUICK=off)", mine, theirs, None)
                )
    return rows


def dense_variant(closed: Path) -> Path:
    """The same match laid out by another writer: no blank line between the hands."""
    target = closed.with_name(closed.stem + "-dense.toml")
    if not target.exists():
        text = closed.read_text(encoding="utf-8")
        target.write_text(text.replace("\n\n[[hand]]\n", "\n[[hand]]\n"), encoding="utf-8")
    return target


def cache_off() -> dict[str, str]:
    return {"SCOREKEEPER_CACHE": "off"}


def p3_rows(matches: dict[int, Path]) -> list[Row]:
    """Peak memory of every command on the longest match, in the tool's layout and in
    another writer's, with the replay cache cold (empty), warm, and off."""
    big = max(matches)
    rows: list[Row] = []
    for layout, source in (("tool's layout", matches[big]), ("dense", dense_variant(matches[big]))):
        opened = open_variant(source) if layout == "tool's layout" else _opened_dense(source)
        rows += _p3_layout(big, layout, source, opened)
    return rows


def _opened_dense(dense: Path) -> Path:
    target = dense.with_name(dense.stem + "-open.toml")
    if not target.exists():
        shutil.copyfile(dense, target)
        run_cli(["trick", "QC", "10H", "AD", "9D", "--match", str(target)], check=True)
    return target


def _p3_layout(big: int, layout: str, source: Path, opened: Path) -> list[Row]:
    work = bench_dir() / "work.toml"
    sk = [sys.executable, "-m", "scorekeeper"]
    commands: list[tuple[str, Path, list[str]]] = [
        ("status", opened, ["status", "--match"]),
        ("score", source, ["score", "--match"]),
        ("score --json", source, ["score", "--json", "--match"]),
        ("settle", source, ["settle", "--price", "0.05", "--match"]),
        ("export json", source, ["export", "--format", "json", "--match"]),
        ("export csv", source, ["export", "--format", "csv", "--match"]),
        ("export html", source, ["export", "--format", "html", "--match"]),
        ("undo", opened, ["undo", "--match"]),
        ("hand (quick)", source, ["hand", "re=Anna,Carla", "re_points=165", "--match"]),
        ("check", source, ["check"]),
    ]
    rows: list[Row] = []
    replay = bench_dir() / "home" / "cache" / "replay"
    for name, src, args in commands:
        cmd = [*sk, *args, str(work)]
        shutil.rmtree(replay, ignore_errors=True)
        shutil.copyfile(src, work)
        cold_s, cold = _run_cpu(cmd)  # no cache entry: replayed hand by hand, entry kept
        shutil.copyfile(src, work)
        _, warm = _run_cpu(cmd)  # the entry the first run kept
        shutil.copyfile(src, work)
        off_s, off = _run_cpu(cmd, cache_off())
        label = f"peak MB: {name} ({big} hands, {layout})"
        rows.append(("P3", f"{label}, cold", cold / 1e6, None, 100.0))
        rows.append(("P3", f"{label}, warm", warm / 1e6, None, 100.0))
        rows.append(("P3", f"{label}, cache off", off / 1e6, None, 100.0))
        if name in ("status", "score"):
            first = f"cold first {name}, CPU s ({layout}) vs cache off"
            rows.append(("P3", first, cold_s, off_s, 1.1))
    return rows


def _run_cpu(cmd: Sequence[str], extra: dict[str, str] | None = None) -> tuple[float, int]:
    """CPU seconds and peak memory of one process, whatever ``--cpu`` says."""
    global CPU
    was, CPU = CPU, True
    try:
        return run_once(cmd, extra)
    finally:
        CPU = was


def p2_layout_rows(matches: dict[int, Path], runs: int) -> list[Row]:
    """``check`` of the longest match in the tool's layout and in another writer's: seconds
    (CPU) for its tricks against the 50,000 tricks/s of P2, and the two layouts side by
    side (the same work: the same time)."""
    big = max(matches)
    tricks = big * 12  # Doppelkopf: 12 tricks a hand
    sk = [sys.executable, "-m", "scorekeeper", "check"]
    tool, dense = matches[big], dense_variant(matches[big])
    mine: list[float] = []
    theirs: list[float] = []
    for _ in range(max(runs // 3, 1)):
        mine.append(_run_cpu([*sk, str(tool)])[0])
        theirs.append(_run_cpu([*sk, str(dense)])[0])
    t_tool, t_dense = statistics.median(mine), statistics.median(theirs)
    limit = tricks / 50_000
    return [
        ("P2", f"check {big} hands, tool's layout, CPU s (<= {limit:g} s)", t_tool, None, limit),
        ("P2", f"check {big} hands, dense layout, CPU s (<= {limit:g} s)", t_dense, None, limit),
        ("P2", f"  tricks/s, tool's layout: {tricks / t_tool:,.0f}", t_tool, None, None),
        ("P2", f"  tricks/s, dense layout: {tricks / t_dense:,.0f}", t_dense, None, None),
        ("P2", "check, dense vs tool's layout, CPU s", t_dense, t_tool, 1.2),
    ]


def extra_rows(matches: dict[int, Path], quick: bool, only: set[str]) -> list[Row]:
    rows: list[Row] = []
    for name in EXTRA_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError:
            rows.append(("-", f"{name}.py not provided yet", float("nan"), None, None))
            continue
        try:
            found = list(module.figures(matches, quick))
        except Exception as exc:  # another engineer's figures: report, never stop
            rows.append(
                ("-", f"{name} failed: {type(exc).__name__}: {exc}", float("nan"), None, None)
            )
            continue
        rows.extend(r for r in found if not only or r[0] in only)
    return rows


# ---------------------------------------------------------------------- report
def verdict(value: float, yard: float | None, limit: float | None) -> tuple[str, str]:
    if yard is None:
        return "", "" if limit is None else ("ok" if value <= limit else "MISSED")
    ratio = value / yard if yard else float("inf")
    ok = "" if limit is None else ("ok" if ratio <= limit else "MISSED")
    return f"{ratio:6.2f}x", ok


def report(rows: list[Row]) -> None:
    print(
        f"{'target':6} {'figure':58} {'value':>10} {'yardstick':>10} {'ratio':>8} {'limit':>7} ok"
    )
    for target, name, value, yard, limit in rows:
        ratio, ok = verdict(value, yard, limit)
        yard_text = f"{yard:10.4g}" if yard is not None else " " * 10
        limit_text = "" if limit is None else (f"{limit:g}x" if yard is not None else f"{limit:g}")
        print(f"{target:6} {name:58} {value:10.4g} {yard_text} {ratio:>8} {limit_text:>7} {ok}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs, no 10,000-hand match")
    parser.add_argument("--only", action="append", default=[], help="a target: P1, P2, P3, P4")
    parser.add_argument("--runs", type=int, default=None, help="runs per figure")
    parser.add_argument(
        "--no-extra", action="store_true", help="leave out the other engineers' figure modules"
    )
    parser.add_argument("--cpu", action="store_true", help="P1 in CPU seconds, not wall seconds")
    parser.add_argument(
        "--typer", action="store_true", help="P1 also through Typer (SCOREKEEPER_QUICK=off)"
    )
    parser.add_argument(
        "--read-before",
        action="store_true",
        help="P1 also with a status, not a write, before each recording command",
    )
    parser.add_argument(
        "--sizes", default="", help="the matches' lengths in hands, e.g. 16,100 (else all)"
    )
    parser.add_argument("--build", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.build:
        build_match(args.build)
        return
    global CPU, READ_BEFORE
    CPU, READ_BEFORE = args.cpu, args.read_before
    only = {t.upper() for t in args.only}
    runs = args.runs or (3 if args.quick else 9)
    sizes = [16, 100, 1000] if args.quick else [16, 100, 1000, 10000]
    if args.sizes:
        sizes = sorted({int(n) for n in args.sizes.split(",")})
    if only and not only & {"P2", "P3"}:
        sizes = [s for s in sizes if s != 10000]
    for n in sizes:  # made apart: a child's peak memory (ru_maxrss) counts its parent's
        if not (bench_dir() / f"doppelkopf-{n}.toml").exists():
            subprocess.run([sys.executable, __file__, "--build", str(n)], check=True)
    matches = {n: build_match(n) for n in sizes}
    rows: list[Row] = []
    if not only or "P1" in only:
        rows += p1_rows(matches, runs, args.typer)
    if (not only or "P2" in only) and max(matches) >= 10000:
        rows += p2_layout_rows(matches, runs)
    if not only or "P3" in only:
        rows += p3_rows(matches)
    if not args.no_extra:
        rows += extra_rows(matches, args.quick, only)
    print(
        f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores, "
        f"load {os.getloadavg()[0]:.1f}, medians of {runs} runs"
        + (", P1 in CPU seconds (user + system)" if CPU else "")
    )
    report(rows)


if __name__ == "__main__":
    main()
