"""Benchmark: statistics over 1,000 matches of 24 full hands, with a warm cache.

Run: python bench/stats.py [--matches 1000] [--hands 24] [--distinct 4] [--cold]

Builds a data folder of ``--matches`` Doppelkopf match files, each 24 random legal hands
played card by card. ``--distinct`` of them are played (demo seeds); the others are copies
that differ in their start time only, so that every file has bytes of its own. The
statistics cache is filled by replaying each distinct match once and counting every copy
from that replay (their hands are the same); ``--cold`` replays every file instead (slow:
about 0.2 s a match). Then it times, as figures printed and never asserted:

* in process: every match's figures read (cache hit) and summed up (``stats_figures``);
* whole processes: ``scorekeeper stats``, ``scorekeeper stats --json`` and
  ``scorekeeper matches``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path


def build(home: Path, matches: int, hands: int, distinct: int, *, cold: bool) -> float:
    """Write the match files and fill the cache; the seconds one replay-and-count takes."""
    from scorekeeper import matchlog, ruleset
    from scorekeeper.games import load
    from scorekeeper.match import Match
    from scorekeeper.session.demo import play_demo
    from scorekeeper.stats import cache
    from scorekeeper.stats.figures import of_match

    rules = ruleset.load("doppelkopf")
    folder = home / "matches"
    sources = [
        play_demo(rules, hands, seed, home / f"source-{seed}.toml") for seed in range(distinct)
    ]
    replays = []
    start = time.perf_counter()
    for source in sources:
        log, source_map = matchlog.read(source)
        replays.append((log, Match.from_log(log, source_map, str(source), loader=load)))
    per_match = (time.perf_counter() - start) / distinct
    for i in range(matches):
        log, match = replays[i % distinct]
        copy = matchlog.loads(log.dumps())[0]
        copy.started = log.started + timedelta(seconds=i)
        path = folder / f"bench-{i:05d}.toml"
        matchlog.write(path, copy)
        if cold:
            cache.figures(path)
        else:
            cache.remember(path.read_bytes(), of_match(copy, match))
    for source in sources:
        source.unlink()
    return per_match


def stats_figures() -> dict[str, float]:
    """Every match's figures from the cache, summed up: seconds taken, in process."""
    from scorekeeper import store
    from scorekeeper.stats.summary import gather

    start = time.perf_counter()
    figures = store.every_figures()
    result = gather(figures)
    took = time.perf_counter() - start
    return {"seconds": took, "matches": float(result.matches), "hands": float(result.hands)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--hands", type=int, default=24)
    parser.add_argument("--distinct", type=int, default=4)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cold", action="store_true")
    args = parser.parse_args()
    from startup import timed  # bench/startup.py, beside this script

    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        os.environ["SCOREKEEPER_HOME"] = str(home)
        env = {k: v for k, v in os.environ.items() if k != "SCOREKEEPER_MATCH"}
        per_match = build(home, args.matches, args.hands, args.distinct, cold=args.cold)
        warm = stats_figures()
        sk = [sys.executable, "-m", "scorekeeper"]
        rows = [
            (f"replay and count one match ({args.hands} full hands, cold)", per_match),
            (
                f"stats_figures(): {int(warm['matches'])} matches, {int(warm['hands'])} hands (warm)",
                warm["seconds"],
            ),
            ("scorekeeper stats (warm)", timed([*sk, "stats"], env, args.runs)),
            ("scorekeeper stats --json (warm)", timed([*sk, "stats", "--json"], env, args.runs)),
            ("scorekeeper matches (warm)", timed([*sk, "matches"], env, args.runs)),
        ]
    width = max(len(name) for name, _ in rows)
    for name, seconds in rows:
        print(f"{name:<{width}}  {seconds * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
