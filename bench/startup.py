"""Benchmark: how fast scorekeeper answers at the table, against Python importing Typer.

Run: python bench/startup.py [--runs N]

It times, as whole processes (median of N runs): ``python -c "import typer"`` (the yard
stick), ``scorekeeper --help``, ``scorekeeper score`` and ``scorekeeper play`` on a match of
20 recorded full hands, and the in-process replay of that match. Numbers are printed, not
asserted: performance claims come from running this script, never from timed tests.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def timed(cmd: list[str], env: dict[str, str], runs: int) -> float:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
        )
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--hands", type=int, default=20)
    args = parser.parse_args()
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, SCOREKEEPER_HOME=str(Path(tmp) / "home"))
        match = str(Path(tmp) / "bench.toml")
        sk = [py, "-m", "scorekeeper"]
        subprocess.run(
            [*sk, "demo", "--hands", str(args.hands), "--match", match],
            env=env,
            stdout=subprocess.DEVNULL,
            check=True,
        )
        rows = [
            ("python -c 'import typer'", timed([py, "-c", "import typer"], env, args.runs)),
            ("scorekeeper --help", timed([*sk, "--help"], env, args.runs)),
            ("scorekeeper rules list", timed([*sk, "rules", "list"], env, args.runs)),
            (
                f"scorekeeper score ({args.hands} full hands)",
                timed([*sk, "score", "--match", match], env, args.runs),
            ),
            ("scorekeeper status", timed([*sk, "status", "--match", match], env, args.runs)),
        ]
        from scorekeeper import matchlog
        from scorekeeper.games import load
        from scorekeeper.match import Match

        log, smap = matchlog.read(match)
        start = time.perf_counter()
        for _ in range(args.runs):
            Match.from_log(log, smap, match, loader=load)
        replay = (time.perf_counter() - start) / args.runs
    base = rows[0][1]
    print(f"{'command':45} {'median s':>9} {'x typer':>8}")
    for name, secs in rows:
        print(f"{name:45} {secs:9.3f} {secs / base:8.2f}")
    print(f"{'in-process replay of the match':45} {replay:9.3f}")


if __name__ == "__main__":
    main()
