"""kill -9 the real command line while it writes (issue 25: no loss, no temporary copy
taken for a match, the next command removes it).

Run: python bench/kills.py [--kills 300] [--cli-kills 20] [--hands 400] [--seed 25]

A match of ``--hands`` quick hands is made in a data folder of its own. Two kinds of kill:

- ``--kills`` tight kills: a writer forked from this process (scorekeeper imported once,
  so that a kill costs no start-up) changes the match over and over through the one way
  every command changes it (``Session.edit``: lock, read, change, write atomically): a
  quick hand entered, undone, a player renamed and renamed back; it is killed with
  SIGKILL after a random moment of up to ``--window`` seconds. After each kill the match
  is checked in this process and read once (``Session.open``: what every read does first
  removes a killed writer's temporary copies);
- ``--cli-kills`` kills of the real command line: one of the commands that change the
  match (a quick ``hand``, ``undo --yes``, a piped ``table`` session entering a hand,
  ``rename-player`` there and back) is started as a whole process (``python -m
  scorekeeper``) and killed at a random moment of its run (its usual length is measured
  first, so the kills fall over all of it); then ``matches --json`` and ``status`` run.

After each kill:

- the match file is whole: the bytes before the command or the bytes after it (never a
  mixture, never empty), and it reads;
- no temporary copy is listed as a match (``matches --json`` lists the one match);
- the next command (``status``, a read) removes every temporary copy the kill left in
  the match's folder; those in the cache and ``undone/`` folders are counted too.

Prints how many kills left a temporary file (so that the kills are shown to fall inside
writes), the failures (none expected), CPU seconds and the load. Exit 1 on a failure.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

# the changes killed through the real command line: the CI test's own list
from test_campaign_kills import CHANGES, _killed, cli, temporaries  # noqa: E402

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]


def env_for(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SCOREKEEPER_", "LC_"))}
    env.update({"SCOREKEEPER_HOME": str(home), "LANG": "C.UTF-8", "PYTHONPATH": str(ROOT)})
    env["XDG_CACHE_HOME"] = str(home.parent / "xdg-cache")
    return env


def _writer(path: Path, base: int, seed: int) -> None:
    """The forked writer: changes the match for ever (until killed)."""
    from scorekeeper import matchlog
    from scorekeeper.session import Session

    rng = random.Random(seed)
    while True:
        data = path.read_bytes()
        hands = len(matchlog.loads(data.decode("utf-8"))[0].hands)
        with Session.edit(path) as session:
            if b'"Bert"' in data:
                session.rename_player("Bert", "Ben")
            elif hands > base:
                session.undo()
            elif rng.random() < 0.5:
                session.quick(["re=Anna,Carla", "re_points=130"])
            else:
                session.rename_player("Ben", "Bert")


def forked(path: Path, home: Path, args: argparse.Namespace) -> list[str]:
    """``--kills`` tight kills of a forked writer; the failures."""
    from scorekeeper import matchlog, store
    from scorekeeper.session import Session

    base = len(matchlog.read(path)[0].hands)
    if args.window <= 0:  # three edits' time, as they take now (the load changes it)
        took = time.monotonic()
        for _ in range(2):
            with Session.edit(path) as session:
                session.quick(["re=Anna,Carla", "re_points=130"])
            with Session.edit(path) as session:
                session.undo()
        args.window = 3 * (time.monotonic() - took) / 4
        print(f"kill window: up to {args.window:.2f} s", flush=True)
    rng = random.Random(f"{args.seed}:forked")
    failures: list[str] = []
    left = changed = 0
    cpu = time.process_time()
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    for i in range(args.kills):
        before = path.read_bytes()
        pid = os.fork()
        if pid == 0:  # the writer
            try:
                _writer(path, base, args.seed * 1000 + i)
            finally:
                os._exit(0)
        time.sleep(rng.uniform(0.0, args.window))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        after = path.read_bytes()
        changed += after != before
        try:
            log = matchlog.loads(after.decode("utf-8"))[0]
            if not base <= len(log.hands) <= base + 1 or not {"Ben", "Bert"} & set(log.players):
                failures.append(f"forked {i}: {len(log.hands)} hands, {log.players}")
        except Exception as exc:  # any failure to read is a loss
            failures.append(f"forked {i}: the match does not read: {exc!r}")
        left += bool(temporaries(path.parent))
        if [s.path for s in store.stored()] != [path]:
            failures.append(f"forked {i}: listed {[s.path for s in store.stored()]}")
        Session.open(path)  # a read: it removes what the kill left
        if temporaries(path.parent):
            failures.append(f"forked {i}: left after a read: {temporaries(path.parent)}")
    after_children = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = after_children.ru_utime + after_children.ru_stime
    used -= children.ru_utime + children.ru_stime
    print(
        f"forked writer, {args.kills} kills in {time.monotonic() - start:.0f} s: "
        f"{left} left a temporary copy (all removed by the next read), the match changed "
        f"{changed} times, {len(failures)} failures; CPU {used + time.process_time() - cpu:.1f} s",
        flush=True,
    )
    stale = {
        where: len(temporaries(home / where)) for where in ("cache/replay", "cache/stats", "undone")
    }
    print(f"temporary files left in the cache folders by the forked kills: {stale}", flush=True)
    return failures


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--kills", type=int, default=300)
    parser.add_argument("--cli-kills", type=int, default=20)
    parser.add_argument(
        "--window", type=float, default=0.0, help="seconds (default: 3 edits' time, measured)"
    )
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--seed", type=int, default=25)
    args = parser.parse_args()

    from random_matches import random_log

    from scorekeeper import matchlog

    work = Path(tempfile.mkdtemp(prefix="scorekeeper-kills-"))
    home = work / "home"
    env = env_for(home)
    os.environ["SCOREKEEPER_HOME"] = env["SCOREKEEPER_HOME"]
    os.environ["XDG_CACHE_HOME"] = env["XDG_CACHE_HOME"]
    path = home / "matches" / "club.toml"
    log = random_log("doppelkopf", args.hands, args.seed, quick=1.0)
    matchlog.write(path, log)
    assert cli(env, "switch", "club").returncode == 0
    print(
        f"{args.kills} kills, match of {len(log.hands)} hands ({path.stat().st_size} bytes), "
        f"load {os.getloadavg()[0]:.1f}",
        flush=True,
    )
    failures = forked(path, home, args)
    lengths = {}
    for name, argv, stdin in CHANGES:  # each command's usual length, to spread the kills
        start = time.monotonic()
        done = cli(env, *argv, stdin=stdin)
        lengths[name] = time.monotonic() - start
        if done.returncode not in (0,):
            print(f"{name}: exit {done.returncode}: {done.stderr.decode()[-300:]}")
    print("lengths:", {k: round(v, 2) for k, v in lengths.items()}, flush=True)

    rng = random.Random(args.seed)
    left = {"matches": 0, "cache": 0, "undone": 0, "home": 0}
    kept_after = 0
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    for i in range(args.cli_kills):
        name, argv, stdin = CHANGES[i % len(CHANGES)]
        before = path.read_bytes()
        _killed(env, argv, stdin, rng.uniform(0.3, 1.1) * lengths[name])
        after = path.read_bytes()
        kept_after += after != before
        try:
            hands = len(matchlog.loads(after.decode("utf-8"))[0].hands)
            if abs(hands - len(matchlog.loads(before.decode("utf-8"))[0].hands)) > 1:
                failures.append(f"{i} {name}: {hands} hands after the kill")
        except Exception as exc:  # any failure to read is a loss
            failures.append(f"{i} {name}: the match does not read: {exc!r}")
        for where, folder in (
            ("matches", path.parent),
            ("cache", home / "cache" / "replay"),
            ("undone", home / "undone"),
            ("home", home),
        ):
            left[where] += bool(temporaries(folder))
        listed = cli(env, "matches", "--json")
        names = None
        if listed.returncode == 0:
            names = [m.get("name") for m in json.loads(listed.stdout)["matches"]]
        if names is None or len(names) != 1:
            said = listed.stderr.decode()[-200:]
            failures.append(f"{i} {name}: matches lists {names!r}: {said}")
        status = cli(env, "status")
        if status.returncode != 0:
            said = status.stderr.decode()[-200:]
            failures.append(f"{i} {name}: status exit {status.returncode}: {said}")
        if temporaries(path.parent) or temporaries(home):
            still = temporaries(path.parent) + temporaries(home)
            failures.append(f"{i} {name}: left after status: {still}")
    cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    stale = {
        where: len(temporaries(home / where)) for where in ("cache/replay", "cache/stats", "undone")
    }
    print(f"real command line, {args.cli_kills} kills:")
    print(f"kills that left a temporary file, by folder: {left}")
    print(f"kills after which the match had changed (the write had landed): {kept_after}")
    print(f"temporary files still there at the end (cache, undone, stats): {stale}")
    used = cpu_after.ru_utime + cpu_after.ru_stime - cpu.ru_utime - cpu.ru_stime
    print(f"failures: {len(failures)}; CPU {used:.1f} s; load at the end {os.getloadavg()[0]:.1f}")
    for line in failures[:10]:
        print("  ", line)
    shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
