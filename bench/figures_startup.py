"""Start-up figures of issue 12's P1, from the engine's side: what importing the engine
for a command costs, beside ``python -c "import typer"`` measured in the same run.

Run: python bench/figures_startup.py [--runs N] [--before REV]   (bench/perf.py also prints
these rows; ``--before REV`` adds the same imports by the code of git revision REV, from
``git archive``, run in turn with today's)

Each figure is a whole process, run in turn with its yardstick (median of N runs each);
the CPU time (user + system, from the process's own usage) is printed beside the wall
time, because on a shared machine the wall time carries other people's work. The engine's
imports for a Doppelkopf command are ``scorekeeper.session`` and the Doppelkopf family:
what every recording or reading command imports besides the command line. Numbers are
printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

Row = tuple[str, str, float, float | None, float | None]

ENGINE = "import scorekeeper.session, scorekeeper.games.doppelkopf.family"
FIGURES = [
    ("engine imports for a Doppelkopf command", ENGINE, 0.74),
    ("python start-up alone (python -c pass)", "pass", None),
]
# 0.74x: half of what the engine's imports cost at the start of this work (69 ms vs
# 46.6 ms, 1.48x, on a quiet machine).


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # as installed: compiled modules are kept
    return env


def _once(code: str, cwd: Path | None = None) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one ``python -c code`` process (run in
    ``cwd``, its code comes first)."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        env=_env(),
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"python -c {code!r} failed: {err.strip()}")
    return wall, usage.ru_utime + usage.ru_stime


def measure(code: str, runs: int, yard: Path | None = None) -> dict[str, float]:
    """Medians of ``code`` and of the yardstick, run in turn: ``import typer``, or the
    same code in the older tree ``yard``."""
    yard_code = code if yard else "import typer"
    _once(code)  # compiled files written, caches warm
    _once(yard_code, yard)
    got: dict[str, list[float]] = {"wall": [], "cpu": [], "yard wall": [], "yard cpu": []}
    for _ in range(runs):
        wall, cpu = _once(yard_code, yard)
        got["yard wall"].append(wall)
        got["yard cpu"].append(cpu)
        wall, cpu = _once(code)
        got["wall"].append(wall)
        got["cpu"].append(cpu)
    return {name: statistics.median(values) for name, values in got.items()}


def figures(matches: Any = None, quick: bool = False, runs: int | None = None) -> list[Row]:
    runs = runs or (5 if quick else 15)
    rows: list[Row] = []
    for name, code, limit in FIGURES:
        m = measure(code, runs)
        rows.append(("P1", f"{name}, wall s vs import typer", m["wall"], m["yard wall"], limit))
        rows.append(("P1", f"{name}, CPU s vs import typer", m["cpu"], m["yard cpu"], limit))
    return rows


def before_rows(rev: str, runs: int) -> list[Row]:
    """The engine's imports now beside the same imports by revision ``rev``."""
    from engine import revision

    with revision(rev) as tree:
        m = measure(ENGINE, runs, tree)
    name = f"engine imports, now vs {rev}"
    return [
        ("-", f"{name}, wall s", m["wall"], m["yard wall"], None),
        ("-", f"{name}, CPU s", m["cpu"], m["yard cpu"], None),
    ]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--before", help="git revision whose engine imports to time beside")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from perf import report

    rows = figures(runs=args.runs)
    if args.before:
        rows += before_rows(args.before, args.runs)
    print(
        f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores, "
        f"load {os.getloadavg()[0]:.1f}, medians of {args.runs} runs"
    )
    report(rows)


if __name__ == "__main__":
    main()
