"""Which of the package's modules run code for one table command on a warm cache.

Run: python bench/play_trace.py [--list] [--read-only] [COMMAND ...]   (default: play QC)

It makes a two-hand demo Doppelkopf match in a temporary data folder, runs ``undo`` and
``redo`` (the file as a change of the tool's leaves it: the command before at the table
wrote it) and ``status`` once (the replay cache is then warm, as at the table; with
``--read-only`` the ``status`` alone), and runs the command in a fresh process
under ``sys.setprofile``: a module counts when a function or method defined in it is
called (its import alone does not count: code a module runs only at import time is
setting up, not the command's work: a call made while any module body runs is left
out). Prints the count and, with ``--list``, the modules.

The program's own file, ``scorekeeper/__main__.py`` (run as ``__main__``), is not counted:
it is where every reading of the path starts, ``python -m scorekeeper`` or the installed
``scorekeeper`` command (whose entry point is its ``main``; under that command it runs
code where ``cli/entry.py`` ran it before, so there the count is the same as with
``cli/entry.py``; under ``python -m``, as here, one module fewer).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_TRACED = """
import json, runpy, sys
ran = set()
def importing(frame):
    back = frame.f_back
    while back is not None:
        if back.f_code.co_name == "<module>" and back.f_globals.get("__name__") != "__main__":
            return True
        back = back.f_back
    return False
def seen(frame, event, arg):
    if event == "call":
        name = frame.f_globals.get("__name__", "")
        if (name == "scorekeeper" or name.startswith("scorekeeper.")) and name not in ran:
            if frame.f_code.co_name != "<module>" and not importing(frame):
                ran.add(name)
sys.argv = ["scorekeeper", *sys.argv[2:]]
sys.setprofile(seen)
try:
    runpy.run_module("scorekeeper", run_name="__main__")
except SystemExit:
    pass
finally:
    sys.setprofile(None)
    ran.discard("__main__")
    with open(OUT, "w") as out:
        json.dump(sorted(ran), out)
"""


def modules_run(args: list[str], *, wrote: bool = True) -> list[str]:
    """The package modules a warm ``scorekeeper ARGS`` ran code in (``wrote``: the file
    as a change of the tool's left it, its replay cache as that change kept it; else as
    the demo wrote it, the cache warmed by a ``status`` alone)."""
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder) / "home"
        env = {**os.environ, "SCOREKEEPER_HOME": str(home), "PYTHONPATH": str(ROOT)}
        match = Path(folder) / "m.toml"
        cli = [sys.executable, "-m", "scorekeeper"]
        subprocess.run([*cli, "demo", "--hands", "2", "--match", str(match)], env=env, check=True)
        if wrote:  # the command before wrote the file, as at the table: undo, redo
            for before in ("undo", "redo"):
                subprocess.run(
                    [*cli, before, "--match", str(match)], env=env, check=True, capture_output=True
                )
        subprocess.run([*cli, "status", "--match", str(match)], env=env, capture_output=True)
        out = Path(folder) / "ran.json"
        code = f"OUT = {str(out)!r}\n{_TRACED}"
        run = [sys.executable, "-c", code, "scorekeeper", *args, "--match", str(match)]
        done = subprocess.run(run, env=env, capture_output=True, text=True)
        if "Traceback" in done.stderr:
            raise SystemExit(done.stderr)
        return list(json.loads(out.read_text()))


def main() -> None:
    args = [a for a in sys.argv[1:] if a not in ("--list", "--read-only")] or ["play", "QC"]
    ran = modules_run(args, wrote="--read-only" not in sys.argv)
    print(f"scorekeeper {' '.join(args)}: code ran in {len(ran)} of the package's modules")
    if "--list" in sys.argv:
        print("\n".join(ran))


if __name__ == "__main__":
    main()
