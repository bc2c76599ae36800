"""The engine's figures for ``bench/perf.py``: P2 (check speed and growth), P3 (peak memory
of the replaying commands) and P4 (the legal-card query against liacs/klaverjas).

``figures(matches, quick)`` measures on the matches perf.py built (copies them before any
command that writes); the measurements themselves are ``bench/engine.py``'s, which also
runs alone.
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import engine  # bench/ is a folder of scripts, not a package

FigureRow = tuple[str, str, float, float | None, float | None]


def figures(matches: dict[int, Path], quick: bool) -> list[FigureRow]:
    rows: list[FigureRow] = []
    runs = 3 if quick else 5
    for name, value, yardstick, _ in engine.legal_query_figures(20_000, runs):
        if name.startswith("legal_cards (a mask): us per call"):
            rows.append(("P4", "following.legal_cards (a mask), us per call", value, None, 0.5))
        elif name.startswith("legal_cards (cards in"):
            rows.append(("P4", "following.legal_cards (cards in and out), us per call", value, None, None))
        elif name.startswith("legal_cards: peer"):
            # ours beside the peer's time (value: the peer's): at most 0.2x, i.e. 5x faster
            rows.append(("P4", "ours vs liacs/klaverjas legal_moves, us per call", yardstick, value, 0.2))
        elif name.startswith("positions where both"):
            rows.append(("P4", "positions where ours and the peer agree", value, yardstick, None))
    for name, value, yardstick, _ in engine.hand_query_figures(2_000 if quick else 10_000, runs):
        # ours beside the peer's time (value: the peer's): at most 0.2x, i.e. 5x faster
        if name.startswith("Hand.legal_actions(), first question"):
            rows.append(("P4", "Hand.legal_actions() first question vs peer, us", yardstick, value, 0.2))
        elif name.startswith("Hand.legal_actions(), asked again"):
            rows.append(("P4", "Hand.legal_actions() asked again vs peer, us", yardstick, value, 0.2))
    long = matches.get(10000)
    short = matches.get(1000)
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, SCOREKEEPER_HOME=str(Path(tmp) / "home"))
        check = [sys.executable, "-m", "scorekeeper", "check"]
        if long is not None and short is not None:
            times: dict[Path, list[float]] = {short: [], long: []}
            for _ in range(1 if quick else 3):
                for path in (short, long):
                    times[path].append(engine.wall([*check, str(path)], env))
            t_short, t_long = statistics.median(times[short]), statistics.median(times[long])
            tricks = engine.tricks_in(long)
            rows.append(("P2", "check 10,000 hands, tricks/s", tricks / t_long, None, None))
            # the same against its target: at most 1 s per 100,000 tricks
            per_100k = t_long * 100_000 / tricks
            rows.append(("P2", "check 10,000 hands, s per 100,000 tricks", per_100k, None, 1.0))
            rows.append(("P2", "check 10,000 vs 1,000 hands, seconds", t_long, t_short, 11.0))
        target = long or short
        if target is not None:
            copy = Path(tmp) / "copy.toml"
            for name, args in (
                ("check", ["check", "COPY"]),
                ("score", ["score", "--match", "COPY"]),
                ("status", ["status", "--match", "COPY"]),
                ("hand", ["hand", "re=Anna,Ben", "re_points=121", "--match", "COPY"]),
                ("undo", ["undo", "--match", "COPY"]),
            ):
                shutil.copyfile(target, copy)
                cmd = [sys.executable, "-m", "scorekeeper", *(str(copy) if a == "COPY" else a for a in args)]
                rows.append(("P3", f"peak memory of {name}, MB", engine.peak_mb(cmd, env), None, 100.0))
    return rows
