"""Benchmark: where a long match stands in its round (``scorekeeper.rounds``), as the
table's status bar asks it on every prompt, beside the score sheet built from the same
match (the yardstick), in one run (issue 30).

Run: python bench/round_place.py [--hands 2000]

Makes a Doppelkopf demo of ``--hands`` hands in a temporary data folder, opens it once,
then times in CPU seconds (``time.process_time``): ``round_place(match)``, the status
bar's data (``table.bar.bar_data``) and the sheet (``view.sheet.build``). The round's
count reads each hand's plain facts, never its result (a long match's results are not
read back), but for an obligatory solo's soloist.

Measured 2026-11-28 12:01 on the shared 2-core machine (load 12.4), 2,000 hands:
round_place 0.41 ms, bar_data 2.40 ms, sheet build 310 ms. At 12:00 (load 15.6, a
one-off script timing the same calls): bar_data 3.41 ms, sheet 311 ms; main before the
round was counted in one place: bar_data 2.65 ms, sheet 310 ms; a first version that
read every hand's result (on main 11:34-12:10): bar_data 209 ms, sheet 419 ms.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _per_call(fn: object, times: int) -> float:
    assert callable(fn)
    fn()
    start = time.process_time()
    for _ in range(times):
        fn()
    return (time.process_time() - start) / times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        path = Path(home) / "long.toml"
        env = {**os.environ, "SCOREKEEPER_HOME": home}
        cmd = [sys.executable, "-m", "scorekeeper", "demo", "doppelkopf"]
        subprocess.run(
            [*cmd, "--hands", str(args.hands), "--match", str(path)],
            env=env,
            check=True,
            capture_output=True,
        )
        os.environ["SCOREKEEPER_HOME"] = home
        from scorekeeper.rounds import round_place
        from scorekeeper.session import Session
        from scorekeeper.table.bar import bar_data
        from scorekeeper.view.sheet import build

        session = Session.open(path)
        match = session.match
        place = _per_call(lambda: round_place(match), 20)
        bar = _per_call(lambda: bar_data(session), 20)
        sheet = _per_call(lambda: build(match), 5)
    print(f"{args.hands} hands: round_place {place * 1000:.2f} ms, bar_data {bar * 1000:.2f} ms,")
    print(f"  sheet build (yardstick) {sheet * 1000:.1f} ms (CPU time per call)")


if __name__ == "__main__":
    main()
