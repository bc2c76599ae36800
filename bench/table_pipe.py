"""A piped ``scorekeeper table`` session entering N quick hands on a new match: the CPU
seconds (user + system) and peak resident memory of the whole process, beside the
yardstick ``python -c "import typer"`` (issue 25: an entry costs the entry, not the
match; before, a session of N entries cost N times the match).

Run: python bench/table_pipe.py [--entries 1000] [--cache off]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
from memory import measure  # noqa: E402  (bench/ is the script's folder)

QUICK = ("hand re=Ben,Dirk re_points=130\n", "hand re=Anna,Carla re_points=165\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--cache", choices=("on", "off"), default="on")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="scorekeeper-pipe-") as work:
        env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")}
        env.update(SCOREKEEPER_HOME=f"{work}/home", PYTHONPATH=str(ROOT))
        if args.cache == "off":
            env["SCOREKEEPER_CACHE"] = "off"
        sk = [sys.executable, "-m", "scorekeeper"]
        match = f"{work}/m.toml"
        players = ["Anna", "Ben", "Carla", "Dirk"]
        new = [*sk, "new", "doppelkopf", *players, "--match", match]
        subprocess.run(new, env=env, check=True, capture_output=True)
        lines = "".join(QUICK[i % 2] for i in range(args.entries)) + "quit\n"
        yard_s, yard = measure([sys.executable, "-c", "import typer"], env)
        cpu, peak = measure([*sk, "table", "--match", match], env, lines.encode())
        hands = Path(match).read_text(encoding="utf-8").count("[[hand]]")
    print(f"load {' '.join(f'{x:.1f}' for x in os.getloadavg())}, cache {args.cache}")
    print(f"yardstick python -c 'import typer': {yard_s:.2f} CPU s, {yard:.1f} MB")
    print(f"table, {args.entries} entries piped ({hands} hands): {cpu:.2f} CPU s, {peak:.1f} MB")


if __name__ == "__main__":
    main()
