"""Benchmark: season standings of 40 evenings x 30 players x 64 games, cold and warm,
beside ``scorekeeper stats`` over the same data folder, in one run (issue 30).

Run: python bench/club.py [--evenings 40] [--players 30] [--rounds 4] [--games 16]

Builds a data folder of ``--evenings`` events of the ``doppelkopf-club`` competition
(``--rounds`` rounds of ``--games`` games each: 4 x 16 = 64 games a player), 30 players
at tables of five and four (7 tables a round), each table a match file of quick hands
made by the real new-match and quick-entry code: one template match per table size is
entered through a :class:`~scorekeeper.session.Session`, and each table's file is that
text with the players' names and its own start time put in (so every file has bytes of
its own, and ``stats``, which counts a byte-for-byte copy once, counts every file). The seats are
a plain rotation, not the draw (the draw is not what is measured here).

Then, each as a whole process and in CPU seconds (user + system of the child, so that
the shared machine's load counts less than in wall time):

* ``scorekeeper event season S --json`` with the statistics cache empty (cold: every
  table replayed) and again (warm: every table's figures read from the verified cache);
* ``scorekeeper stats --json`` cold and warm over the same folder: the yardstick.

Figures are printed, never asserted. Measured 2026-11-28 on the shared 2-core machine
(load 16): event season 5.77 s cold, 0.67 s warm; stats 12.54 s cold, 1.94 s warm (CPU
seconds of the whole process). Cold, the season replays each table once with its rule
set read once for all (``SharedRules``); warm, every table's figures come from the
statistics' verified cache.

Re-measured 2026-11-28 09:30 (load 13.5): with the statistics cache's rule-set digest
memoised per match file, the warm season took 4.99 s (stats 6.12 s): every table parsed
its rule set's TOML again. Keyed by the rule-set file (``stats.cache._chain_digest``):
event season 5.56 s cold, 0.81 s warm; stats 14.00 s cold, 2.26 s warm.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

TEMPLATE = ["Tqa", "Tqb", "Tqc", "Tqd", "Tqe"]


def _template(home: Path, size: int, games: int) -> str:
    """A match of ``games`` quick hands at a table of ``size``, as its file's text."""
    from scorekeeper import ruleset
    from scorekeeper.session import Session
    from scorekeeper.session.new import start_match

    rules = ruleset.load("doppelkopf-ddv")
    players = TEMPLATE[:size]
    _, path = start_match(rules, "doppelkopf-ddv", players, path=home / f"template-{size}.toml")
    for n in range(games):
        with Session.edit(path) as session:
            seated = list(session.current_hand().players)
            re_side = [seated[n % 4], seated[(n + 1 + n // 4) % 4]]
            if re_side[0] == re_side[1]:
                re_side[1] = seated[(n + 2) % 4]
            session.quick([f"re={','.join(re_side)}", f"re_points={100 + (n * 37) % 90}"])
    text = path.read_text(encoding="utf-8")
    path.unlink()
    return text


def build(home: Path, evenings: int, players: int, rounds: int, games: int) -> int:
    """Write the events and their tables' match files; the number of match files."""
    from scorekeeper.club import draw
    from scorekeeper.club import event as ev

    templates = {size: _template(home, size, games) for size in (4, 5)}
    names = [f"Spieler{i:02d}" for i in range(players)]
    made = 0
    for e in range(evenings):
        event = ev.new(f"abend{e:02d}", "doppelkopf-club", season="bench",
                       overrides={"rounds": str(rounds), "games": str(games)})
        event.players = list(names)
        plan = draw.sizes(players, [4, 5])
        for r in range(1, rounds + 1):
            order = names[(e * 7 + r * 3) % players:] + names[: (e * 7 + r * 3) % players]
            tables, at = [], 0
            for i, size in enumerate(plan, 1):
                seated = order[at : at + size]
                at += size
                match = f"matches/abend{e:02d}-round{r}-table{i}.toml"
                text = templates[size]
                for mark, name in zip(TEMPLATE, seated, strict=False):
                    text = re.sub(rf"\b{mark}\b", name, text)
                when = f"started = 2026-01-{1 + e % 28:02d} {e // 28 + 18}:{r:02d}:{i:02d}+00:00"
                text = re.sub(r"^started = .*$", when, text, count=1, flags=re.M)
                (home / match).parent.mkdir(parents=True, exist_ok=True)
                (home / match).write_text(text, encoding="utf-8")
                tables.append(ev.Table(i, seated, match))
                made += 1
            event.rounds.append(ev.Round(r, 0, tables, order[at:], []))
        ev.create(event)
    return made


def _cpu(home: Path, *args: str) -> float:
    """CPU seconds (user + system) of one whole ``scorekeeper`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = {**os.environ, "SCOREKEEPER_HOME": str(home)}
    subprocess.run([sys.executable, "-m", "scorekeeper", *args], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--evenings", type=int, default=40)
    parser.add_argument("--players", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--games", type=int, default=16)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        os.environ["SCOREKEEPER_HOME"] = str(home)
        files = build(home, args.evenings, args.players, args.rounds, args.games)
        print(f"{args.evenings} evenings x {args.players} players x "
              f"{args.rounds * args.games} games: {files} match files")
        cache = home / "cache"
        rows = []
        for label, command in (("event season", ["event", "season", "bench", "--json"]),
                               ("stats", ["stats", "--json"])):
            shutil.rmtree(cache, ignore_errors=True)
            cold = _cpu(home, *command)
            warm = min(_cpu(home, *command) for _ in range(3))
            rows.append((label, cold, warm))
        print(f"{'command':<14} {'cold CPU s':>10} {'warm CPU s':>10}")
        for label, cold, warm in rows:
            print(f"{label:<14} {cold:>10.2f} {warm:>10.2f}")
        print(f"load average: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
