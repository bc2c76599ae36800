"""Peak memory (and CPU seconds) of every command on a 10,000-hand match, beside the
yardstick ``python -c "import typer"`` measured in the same run (issue 25: <= 100 MB;
a cold first read no slower than with the cache off).

Run: python bench/memory.py [--hands N] [--runs N] [--only NAME ...]

The match is perf.py's (built once from the demo's random legal play, in the system's
temporary folder); this script works on a copy in a data folder of its own, so that the
replay and stats caches start empty. Each command runs as a whole process; its peak
resident memory is the kernel's ``ru_maxrss`` (as ``/usr/bin/time -v`` reports it) and
its CPU seconds are user + system time (``os.wait4``). The replay cache is measured cold
(no entry), warm (the entry the cold run kept) and off (``SCOREKEEPER_CACHE=off``); the
cold first read is compared with the cache off in CPU seconds, the two runs alternating
``--runs`` times (medians, and the cold/off ratio of each pair). Numbers are printed,
never asserted.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

LIMIT_MB = 100.0


def measure(cmd: Sequence[str], env: dict[str, str], stdin: bytes = b"") -> tuple[float, float]:
    """CPU seconds (user + system) and peak resident MB (10^6 bytes) of one process."""
    proc = subprocess.Popen(
        cmd, env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    assert proc.stdin is not None and proc.stderr is not None
    proc.stdin.write(stdin)
    proc.stdin.close()
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{' '.join(cmd[2:])} failed: {err.strip()}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024 / 1e6


def _emptied(home: Path) -> None:
    """The data folder's list of matches empty again (an import made one)."""
    for made in (home / "matches").glob("*.toml"):
        made.unlink()


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def variants(closed: Path) -> dict[str, dict[str, Path]]:
    """Per layout (the tool's own; another writer's: no blank line between the hands) the
    closed match, the open one (one trick of a hand begun) and the one ending in a quick
    hand (for ``amend``), each made once beside the closed match."""
    from perf import dense_variant, open_variant

    out: dict[str, dict[str, Path]] = {}
    for layout, source in (("tool", closed), ("dense", dense_variant(closed))):
        opened = (
            open_variant(source)
            if layout == "tool"
            else _made(source, "-open", ["trick", "QC", "10H", "AD", "9D"])
        )
        quick = _made(source, "-quick", ["hand", "re=Anna,Carla", "re_points=165"])
        out[layout] = {"closed": source, "open": opened, "quick": quick}
    return out


def _made(source: Path, suffix: str, command: list[str]) -> Path:
    from perf import run_cli

    target = source.with_name(source.stem + suffix + ".toml")
    if not target.exists():
        making = target.with_suffix(".making.toml")
        shutil.copyfile(source, making)
        run_cli([*command, "--match", str(making)], check=True)
        making.rename(target)
    return target


ROWS: list[tuple[str, str, list[str], bytes]] = [
    # (name, which variant, command, standard input)
    ("status", "open", ["status"], b""),
    ("score", "closed", ["score"], b""),
    ("score --json", "closed", ["score", "--json"], b""),
    ("settle", "closed", ["settle", "--price", "0.05"], b""),
    ("export json", "closed", ["export", "--format", "json"], b""),
    ("export csv", "closed", ["export", "--format", "csv"], b""),
    ("export markdown", "closed", ["export", "--format", "markdown"], b""),
    ("export html", "closed", ["export", "--format", "html"], b""),
    ("export chat", "closed", ["export", "--format", "chat"], b""),
    ("play", "open", ["play", "10C"], b""),
    ("undo", "open", ["undo"], b""),
    ("undo (quick, --yes)", "quick", ["undo", "--yes"], b""),
    ("hand (quick)", "closed", ["hand", "re=Anna,Carla", "re_points=165"], b""),
    ("amend", "quick", ["amend", "10001", "re_points=130"], b""),
    ("rename-player", "closed", ["rename-player", "Anna", "Anja"], b""),
    ("table (piped)", "closed", ["table"], b"status\nscore\nquit\n"),
    ("import", "closed", ["import", "MATCH", "--name", "imported"], b""),
    ("check", "closed", ["check", "MATCH"], b""),
]
"""Every command that reads or writes a match, on the variant it needs."""


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=1, help="cold/off pairs per command")
    parser.add_argument("--only", action="append", default=[], help="a row's name (repeat)")
    parser.add_argument(
        "--layout",
        action="append",
        default=[],
        choices=("tool", "dense"),
        help="the tool's layout, another writer's (no blank lines); default both",
    )
    parser.add_argument("--build-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    from perf import build_match

    if args.build_only:
        variants(build_match(args.hands))
        return
    # The matches are made in a process of their own: a child's peak resident memory
    # (ru_maxrss) counts what its parent held when it was forked, so this process stays small.
    subprocess.run(
        [sys.executable, __file__, "--hands", str(args.hands), "--build-only"], check=True
    )
    matches = variants(build_match(args.hands))
    work = Path(tempfile.mkdtemp(prefix="scorekeeper-memory-"))
    home = work / "home"
    (home / "matches").mkdir(parents=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")}
    env["SCOREKEEPER_HOME"] = str(home)
    env["PYTHONPATH"] = str(ROOT)
    off = {**env, "SCOREKEEPER_CACHE": "off"}
    sk = [sys.executable, "-m", "scorekeeper"]
    match = work / "m.toml"
    yard_s, yard = measure([sys.executable, "-c", "import typer"], env)
    print(f"{args.hands} hands, load {load()}")
    print(f"yardstick python -c 'import typer': {yard:.1f} MB, {yard_s:.2f} CPU s")
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / 1e6
    print(f"this process's own peak {own:.1f} MB (a child's peak counts it when forked)")
    worst = 0.0
    for layout in args.layout or ["tool", "dense"]:
        print(f"-- layout: {layout}")
        print(
            f"{'command':<20} {'cold MB':>8} {'warm MB':>8} {'off MB':>8}"
            f"  {'cold CPU s':>10} {'off CPU s':>10} {'cold/off':>8}"
        )
        for name, which, command, stdin in ROWS:
            if args.only and name not in args.only:
                continue
            source = matches[layout][which]
            if "MATCH" in command:  # the match is the argument; the data folder is emptied
                cmd = [*sk, *(str(match) if a == "MATCH" else a for a in command)]
            else:
                cmd = [*sk, *command, "--match", str(match)]
            worst = max(worst, _row(name, cmd, source, match, home, env, off, stdin, args.runs))
        if not args.only or "stats" in args.only:
            worst = max(worst, _stats(sk, matches[layout]["closed"], home, env, off))
    verdict = "within" if worst <= LIMIT_MB else "OVER"
    print(f"worst peak {worst:.1f} MB: {verdict} the {LIMIT_MB:.0f} MB every command must hold")
    print(f"load at the end {load()}")
    shutil.rmtree(work, ignore_errors=True)


def _row(
    name: str,
    cmd: list[str],
    source: Path,
    match: Path,
    home: Path,
    env: dict[str, str],
    off: dict[str, str],
    stdin: bytes,
    runs: int,
) -> float:
    """One command cold (no cache entry), warm (the entry the cold run kept) and with the
    cache off, ``runs`` times; prints its line, returns its worst peak."""
    cold_cpu: list[float] = []
    off_cpu: list[float] = []
    peaks: list[float] = [0.0, 0.0, 0.0]
    for _ in range(runs):
        shutil.rmtree(home / "cache", ignore_errors=True)
        shutil.copyfile(source, match)
        cold_s, cold = measure(cmd, env, stdin)
        _emptied(home)
        shutil.copyfile(source, match)
        _, warm = measure(cmd, env, stdin)
        _emptied(home)
        shutil.copyfile(source, match)
        off_s, off_mb = measure(cmd, off, stdin)
        _emptied(home)
        cold_cpu.append(cold_s)
        off_cpu.append(off_s)
        peaks = [max(a, b) for a, b in zip(peaks, (cold, warm, off_mb), strict=True)]
    ratios = [c / o for c, o in zip(cold_cpu, off_cpu, strict=True)]
    print(
        f"{name:<20} {peaks[0]:8.1f} {peaks[1]:8.1f} {peaks[2]:8.1f}"
        f"  {statistics.median(cold_cpu):10.2f} {statistics.median(off_cpu):10.2f}"
        f" {statistics.median(ratios):8.2f}"
        + (f"  (pairs: {', '.join(f'{r:.2f}' for r in ratios)})" if runs > 1 else ""),
        flush=True,
    )
    return max(peaks)


def _stats(
    sk: list[str], closed: Path, home: Path, env: dict[str, str], off: dict[str, str]
) -> float:
    """``stats`` over a data folder holding the match: its own cache cold, warm, off."""
    shutil.rmtree(home / "cache", ignore_errors=True)
    shutil.copyfile(closed, home / "matches" / "m.toml")
    cold_s, cold = measure([*sk, "stats"], env)
    _, warm = measure([*sk, "stats"], env)
    off_s, off_mb = measure([*sk, "stats"], off)
    _emptied(home)
    print(
        f"{'stats':<20} {cold:8.1f} {warm:8.1f} {off_mb:8.1f}"
        f"  {cold_s:10.2f} {off_s:10.2f} {cold_s / off_s:8.2f}",
        flush=True,
    )
    return max(cold, warm, off_mb)


if __name__ == "__main__":
    main()
