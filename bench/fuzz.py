"""Fuzz the real command line with many inputs in a reasonable time (issue 25: 0 internal
errors over 20,000 inputs).

Run: python bench/fuzz.py [--inputs 20000] [--jobs 2] [--seed 1] [--only CLASS ...]

Four classes of input, an equal share each, as the CI-sized fuzz tests in ``tests/`` draw
them (``test_bad_input``: match files and action strings; ``test_fuzz_inputs``: player
names and whole command lines; their word lists are imported from there), but drawn with
``random`` from a seed instead of hypothesis, and run through the program's own entry
point (:func:`scorekeeper.__main__.main`: the quick path and Typer, the launcher's
exit codes) in this process, with standard input empty and the output captured:

- ``match-file``: a match file (a sound one or the tests' own) with up to four random
  edits (values, keys, cut lines, table headers, stray bytes), read by ``check``,
  ``score``, ``status``, ``export`` (a random format) and ``undo``;
- ``action``: one to three action strings given to ``act`` and ``play`` on a new match;
- ``names``: a table of four names given to ``new``, then a quick hand and the CSV export;
- ``command-line``: a command and up to six random words, against a match in the folder;
- ``shared-file`` (only with ``--only shared-file``: the four classes above are the
  default run): a file of the kinds a shared data folder holds besides match files, edited
  by hand with up to four random edits (values with control characters among them): an
  event file (``events/``: ``event tables``, ``standings`` to the terminal and to a file,
  ``check``), a rule set beside a match (``rules show``, ``status``, ``export`` to a file)
  or a competition (``competitions/``: ``event competitions``, ``event new``). Also a
  fault: a file written with ``-o`` holding a control character (an escape sequence, a
  bidi override) that came from the edited file.

An internal error is any answer that is not exit 0, 1 (a refusal) or 2 (a usage
mistake), anything escaping the entry point, or a traceback. Also counted, as faults:
a refusal without words, a refused command that changed the match file, a lock or
temporary file left in the folder, an accepted name shown with a control character.
Prints per class: inputs, exit codes, internal errors, faults, CPU and wall seconds and
the load before and after. The first few failing inputs are printed (``repr``).
Commands that wait for a table, serve or write where told (``table``, ``serve``,
``demo``, ``-o``) are left out, as in the tests.
"""

from __future__ import annotations

import argparse
import io
import multiprocessing
import os
import random
import re
import resource
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

CLASSES = ("match-file", "action", "names", "command-line")
EXTRA = ("shared-file",)
"""Classes run only when asked for (``--only``): the default run stays the four above."""
SAMPLES = 5


# ---------------------------------------------------------------------- random input
def text(rng: random.Random, most: int) -> str:
    """Up to ``most`` characters, as hypothesis's ``text()`` draws them: mostly plain ASCII,
    some control characters, some from anywhere in Unicode (no surrogates)."""
    out = []
    for _ in range(rng.randint(0, most)):
        pick = rng.random()
        if pick < 0.75:
            out.append(chr(rng.randint(0x20, 0x7E)))
        elif pick < 0.82:
            out.append(chr(rng.choice([*range(0, 0x20), 0x7F, *range(0x80, 0xA0)])))
        elif pick < 0.92:
            out.append(chr(rng.randint(0xA0, 0x2FFF)))
        else:
            code = rng.randint(0x3000, 0x10FFFF)
            out.append(chr(code if not 0xD800 <= code <= 0xDFFF else 0xFFFD))
    return "".join(out)


def toml_value(rng: random.Random, depth: int = 0) -> str:
    """A TOML value's text: a leaf, or a short array or inline table of them."""
    kind = rng.randrange(6 if depth < 3 else 4)
    if kind == 0:
        return "true"
    if kind == 1:
        return str(rng.randint(-(10**30), 10**30))
    if kind == 2:
        return repr(rng.uniform(-1e6, 1e6))
    if kind == 3:
        return '"' + text(rng, 12).replace("\\", "\\\\").replace('"', '\\"') + '"'
    if kind == 4:
        return "[" + ", ".join(toml_value(rng, depth + 1) for _ in range(rng.randint(0, 4))) + "]"
    keys = rng.sample(["a", "re", "fox", "_x"], rng.randint(0, 3))
    return "{" + ", ".join(f"{k} = {toml_value(rng, depth + 1)}" for k in keys) + "}"


SOUND = """\
format = "scorekeeper-match/1"
ruleset = "doppelkopf"
players = ["Anna", "Ben", "Carla", "Dirk"]
first_dealer = "Anna"
started = 2026-11-22T19:30:00+01:00
_venue = "Kneipe"

[options]
fox = false

[[hand]]
actions = []

[hand.quick]
re = ["Anna", "Carla"]
re_points = 165

[[hand]]
actions = [
    "Carla re",
    "Carla QC",
    "Dirk 10H",
]
"""
"""A sound match (a quick hand, then one begun card by card): half the files start from
it, half from ``test_bad_input.VALID`` (which a reader refuses: its card-by-card hand is
not finished before the quick one)."""


def edited(
    rng: random.Random,
    lines: Sequence[str],
    keys: Sequence[str],
    hows: Sequence[str],
    fewest: int,
    other: Callable[[str, list[str], int], None],
) -> list[str]:
    """``lines`` with ``fewest`` to four random edits, each one of ``hows``: a value
    replaced, a key of ``keys`` inserted, a line cut short; any other edit (and a value
    where the line has none) is ``other(how, lines, at)``'s to make."""
    lines = list(lines)
    for _ in range(rng.randint(fewest, 4)):
        how = rng.choice(hows)
        at = rng.randrange(len(lines))
        if how == "value" and "=" in lines[at]:
            lines[at] = lines[at].split("=", 1)[0] + "= " + toml_value(rng)
        elif how == "key":
            lines.insert(at, f"{rng.choice(keys)} = {toml_value(rng)}")
        elif how == "cut":
            lines[at] = lines[at][: rng.randint(0, len(lines[at]))]
        else:
            other(how, lines, at)
    return lines


def match_file(rng: random.Random) -> bytes:
    """A match file with zero to four random edits (``test_bad_input.match_texts``)."""
    from test_bad_input import KEYS, VALID

    def insert(how: str, lines: list[str], at: int) -> None:
        if how == "insert":
            lines.insert(at, rng.choice(["[[hand]]", "[hand.deal]", "[options]", "]"]))

    sound = (SOUND if rng.random() < 0.5 else VALID).splitlines()
    hows = ["value", "key", "cut", "insert", "bytes"]  # "bytes": below, after the lines
    lines = edited(rng, sound, KEYS, hows, 0, insert)
    data = ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")
    if rng.random() < 0.25:
        at = rng.randint(0, len(data))
        data = data[:at] + rng.randbytes(rng.randint(1, 3)) + data[at:]
    return data


def action_strings(rng: random.Random) -> list[str]:
    from test_bad_input import ACTION_WORDS

    def word() -> str:
        return rng.choice(ACTION_WORDS) if rng.random() < 0.8 else text(rng, 6)

    def said() -> list[str]:  # mostly a player first, as a person types an action
        first = [rng.choice(PLAYERS)] if rng.random() < 0.7 else []
        return first + [word() for _ in range(rng.randint(0, 4 - len(first)))]

    return [" ".join(said()) for _ in range(rng.randint(1, 3))]


def names(rng: random.Random) -> list[str]:
    from test_fuzz_inputs import NAME_PARTS

    def name() -> str:
        parts = rng.randint(1, 3)
        return "".join(
            rng.choice(NAME_PARTS) if rng.random() < 0.6 else text(rng, 4) for _ in range(parts)
        )

    return [name() for _ in range(4)]


LEFT_OUT = ("-o", "--output", "demo", "table", "serve")


def command_line(rng: random.Random) -> list[str]:
    from test_fuzz_inputs import COMMANDS, WORDS

    def word() -> str:
        if rng.random() < 0.6:
            return rng.choice(WORDS)
        return text(rng, 8).replace("/", "").replace("\x00", "")

    return [rng.choice(COMMANDS), *(word() for _ in range(rng.randint(0, 6)))]


# ---------------------------------------------------------------------- the program
class Escaped(Exception):
    """Something other than SystemExit left the entry point."""


def run(args: Sequence[str]) -> tuple[int, str, str]:
    """``scorekeeper ARGS`` through the program's entry point in this process: exit code,
    standard output and error (standard input empty)."""
    from scorekeeper.__main__ import main

    saved = sys.argv, sys.stdin, sys.stdout, sys.stderr
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="")
    sys.argv = ["scorekeeper", *args]
    sys.stdin = io.TextIOWrapper(io.BytesIO(b""), encoding="utf-8")
    sys.stdout, sys.stderr = out, err
    try:
        main()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException as exc:  # that is what is counted
        raise Escaped(f"{type(exc).__name__}: {exc}") from exc
    finally:
        sys.argv, sys.stdin, sys.stdout, sys.stderr = saved
    return code, _text(out), _text(err)


def _text(stream: io.TextIOWrapper) -> str:
    with suppress(OSError, ValueError):
        stream.flush()
    raw = stream.buffer
    assert isinstance(raw, io.BytesIO)
    return raw.getvalue().decode("utf-8", "replace")


PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]


class Case:
    """One input's answers: the faults found (internal errors among them)."""

    def __init__(self) -> None:
        self.codes: Counter[int] = Counter()
        self.internal: list[str] = []
        self.faults: list[str] = []

    def ask(self, args: Sequence[str], allowed: tuple[int, ...] = (0, 1, 2)) -> int:
        try:
            code, _out, err = run(args)
        except Escaped as exc:
            self.internal.append(f"{list(args)!r}: escaped {exc}")
            return -1
        self.codes[code] += 1
        if code not in (0, 1, 2) or "Traceback" in err:
            self.internal.append(f"{list(args)!r}: exit {code}: {err.strip()[-300:]}")
        elif code not in allowed:
            self.faults.append(f"{list(args)!r}: exit {code}: {err.strip()[-200:]}")
        elif code and not err.strip() and not _shows_help(args):
            self.faults.append(f"{list(args)!r}: exit {code} without a word")
        return code


def _shows_help(args: Sequence[str]) -> bool:
    """Help asked for, or a group without its command (which shows its help instead)."""
    return "--help" in args or "-h" in args or bool(args and args[0] in ("rules", "list"))


def fuzz_match_file(rng: random.Random, folder: Path, i: int) -> Case:
    case = Case()
    path = folder / f"fuzz{i % 97}.toml"
    data = match_file(rng)
    path.write_bytes(data)
    for args in (
        ["check", str(path)],
        ["score", "-m", str(path)],
        ["status", "-m", str(path)],
        ["export", "--format", rng.choice(["json", "csv", "markdown", "html"]), "-m", str(path)],
    ):
        case.ask(args, (0, 1))
    if case.ask(["undo", "-m", str(path)], (0, 1)) == 1 and path.read_bytes() != data:
        case.faults.append(f"{data!r}: a refused undo changed the file")
    return case


def _new_match(case: Case, path: Path) -> None:
    if not path.exists() and case.ask(["new", "doppelkopf", *PLAYERS, "-m", str(path)]) != 0:
        case.faults.append("new refused the plain table")


def fuzz_action(rng: random.Random, folder: Path, i: int) -> Case:
    case = Case()
    path = folder / "act.toml"
    if i % 50 == 0:
        path.unlink(missing_ok=True)
    _new_match(case, path)
    words = action_strings(rng)
    before = path.read_bytes()
    if case.ask(["act", *words, "-m", str(path)]) != 0 and path.read_bytes() != before:
        case.faults.append(f"{words!r}: a refused act changed the file")
    before = path.read_bytes()
    if case.ask(["play", *words[:2], "-m", str(path)]) != 0 and path.read_bytes() != before:
        case.faults.append(f"{words!r}: a refused play changed the file")
    return case


CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def fuzz_names(rng: random.Random, folder: Path, i: int) -> Case:
    from scorekeeper.shown import FORMULA_START

    case = Case()
    table = names(rng)
    if any("\x00" in name for name in table):
        table = [name.replace("\x00", "") or "Zed" for name in table]
    path = folder / "names.toml"
    path.unlink(missing_ok=True)
    if case.ask(["new", "doppelkopf", "-m", str(path), "--", *table]) != 0:
        if path.exists():
            case.faults.append(f"{table!r}: a refused new left a file")
        return case
    if any(CONTROL.search(name) for name in table):
        case.faults.append(f"{table!r}: new took a name with a control character")
    case.ask(["hand", f"re={table[0]},{table[1]}", "re_points=165", "-m", str(path)])
    try:
        code, out, err = run(["export", "--format", "csv", "-m", str(path)])
    except Escaped as exc:
        case.internal.append(f"export csv of {table!r}: escaped {exc}")
        return case
    case.codes[code] += 1
    if code != 0:
        (case.internal if code not in (1, 2) else case.faults).append(
            f"export csv of {table!r}: exit {code}: {err.strip()[-200:]}"
        )
    import csv

    for row in csv.reader(io.StringIO(out)):
        for cell in row:
            if cell.startswith(FORMULA_START) and not cell.lstrip("-").isdigit():
                case.faults.append(
                    f"{table!r}: a CSV cell a spreadsheet reads as a formula: {cell!r}"
                )
    return case


def fuzz_command_line(rng: random.Random, folder: Path, i: int) -> Case:
    case = Case()
    argv = command_line(rng)
    if any(word in LEFT_OUT for word in argv):
        argv = [w for w in argv if w not in LEFT_OUT] or ["status"]
    path = folder / "m.toml"
    _new_match(case, path)
    before = path.read_bytes() if path.exists() else b""
    if case.ask(argv) != 0 and path.exists() and path.read_bytes() != before:
        case.faults.append(f"{argv!r}: a refused command changed the match file")
    left = [p.name for p in folder.iterdir() if p.name.endswith((".lock", ".tmp"))]
    if left:
        case.faults.append(f"{argv!r}: left {left!r}")
    return case


SHARED_KEYS = {
    "event": ["name", "competition", "players", "started", "seed", "season", "lang", "match"],
    "ruleset": ["extends", "name", "players", "description", "default", "lang", "values"],
    "competition": ["extends", "name", "rounds", "games", "tables", "title", "ruleset"],
}
RAW_CONTROL = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]"
)


def shared_file(rng: random.Random, kind: str, lines: list[str]) -> bytes:
    """``lines`` of a sound file of ``kind`` with up to four random edits; now and then a
    string value that holds an escape sequence or a bidi override."""

    def control(how: str, lines: list[str], at: int) -> None:
        if '"' in lines[at]:  # a control sequence inside a string
            seq = rng.choice(["\\u001b[2J", "\\u001b]52;c;aGk=\\u0007", "\\u202e", "\\u009b"])
            first = lines[at].index('"') + 1
            lines[at] = lines[at][:first] + seq + lines[at][first:]

    hows = ["value", "key", "cut", "control", "control"]
    lines = edited(rng, lines, SHARED_KEYS[kind], hows, 1, control)
    return ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")


def _written(case: Case, args: list[str], out: Path, source: bytes) -> None:
    """Ask ``args`` (which write ``out``); a control character in ``out`` is a fault."""
    out.unlink(missing_ok=True)
    case.ask([*args, "-o", str(out)])
    if out.exists():
        found = RAW_CONTROL.search(out.read_text("utf-8", "replace"))
        if found:
            case.faults.append(
                f"{args!r}: wrote {found[0]!r} into {out.name} (from {source[:200]!r})"
            )


def fuzz_shared_file(rng: random.Random, folder: Path, i: int) -> Case:
    case = Case()
    home = Path(os.environ["SCOREKEEPER_HOME"])
    kind = ("event", "ruleset", "competition")[i % 3]
    if kind == "event":
        path = home / "events" / "fri.toml"
        if not path.exists():
            case.ask(["event", "new", "fri", "doppelkopf-club"])
            case.ask(["event", "register", "fri", *PLAYERS, "Emil", "Fritz", "Gerd", "Hans"])
            case.ask(["event", "draw", "fri"])
            sound = path.read_text("utf-8").splitlines()
            (folder / "event.sound").write_text("\n".join(sound), "utf-8")
        sound = (folder / "event.sound").read_text("utf-8").splitlines()
        data = shared_file(rng, kind, sound)
        path.write_bytes(data)
        for args in (["event", "tables", "fri"], ["event", "standings", "fri"]):
            case.ask(args, (0, 1))
        case.ask(["event", "check", "fri"], (0, 1, 2))
        fmt = rng.choice(["csv", "html", "markdown", "text"])
        _written(case, ["event", "standings", "fri", "--format", fmt], folder / f"s.{fmt}", data)
    elif kind == "ruleset":
        rules = folder / "house.toml"
        sound = [
            'extends = "doppelkopf"',
            'name = "House rules"',
            "[options.fox]",
            "default = false",
        ]
        data = shared_file(rng, kind, sound)
        rules.write_bytes(data)
        match = folder / "house-match.toml"
        match.write_text(SOUND.replace('ruleset = "doppelkopf"', 'ruleset = "house.toml"'), "utf-8")
        case.ask(["rules", "show", str(rules)], (0, 1, 2))
        case.ask(["status", "-m", str(match)], (0, 1))
        fmt = rng.choice(["markdown", "html", "chat", "csv"])
        _written(case, ["export", "--format", fmt, "-m", str(match)], folder / f"e.{fmt}", data)
    else:
        path = home / "competitions" / "house-club.toml"
        path.parent.mkdir(parents=True, exist_ok=True)
        sound = ['extends = "doppelkopf-club"', 'name = "House club"', "rounds = 2"]
        data = shared_file(rng, kind, sound)
        path.write_bytes(data)
        case.ask(["event", "competitions"], (0, 1))
        (home / "events" / f"c{i}.toml").unlink(missing_ok=True)
        case.ask(["event", "new", f"c{i}", "house-club"], (0, 1, 2))
        (home / "events" / f"c{i}.toml").unlink(missing_ok=True)
    return case


TARGETS: dict[str, Callable[[random.Random, Path, int], Case]] = {
    "match-file": fuzz_match_file,
    "action": fuzz_action,
    "names": fuzz_names,
    "command-line": fuzz_command_line,
    "shared-file": fuzz_shared_file,
}


# ---------------------------------------------------------------------- the run
def work(job: tuple[str, int, int, int]) -> dict[str, Any]:
    """Run inputs ``start``..``start + count`` of class ``name`` (seeded by ``seed``) in
    a folder of its own; the tally."""
    name, seed, start, count = job
    work_dir = Path(tempfile.mkdtemp(prefix=f"scorekeeper-fuzz-{name}-"))
    os.environ["SCOREKEEPER_HOME"] = str(work_dir / "home")
    os.environ["XDG_CACHE_HOME"] = str(work_dir / "xdg-cache")
    os.chdir(work_dir)
    folder = work_dir / "play"
    folder.mkdir()
    target = TARGETS[name]
    codes: Counter[int] = Counter()
    internal: list[str] = []
    faults: list[str] = []
    cpu = time.process_time()
    for i in range(start, start + count):
        rng = random.Random(f"{seed}:{name}:{i}")
        case = target(rng, folder, i)
        codes.update(case.codes)
        internal += case.internal
        faults += case.faults
    return {
        "name": name,
        "inputs": count,
        "codes": dict(codes),
        "internal": internal,
        "faults": faults,
        "cpu": time.process_time() - cpu,
    }


def _environment() -> None:
    for key in list(os.environ):
        if key.startswith(("SCOREKEEPER_", "LC_")) or key in ("COLUMNS", "LINES", "NO_COLOR"):
            del os.environ[key]
    os.environ["LANG"] = "C.UTF-8"


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--inputs", type=int, default=20_000, help="over all classes")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", action="append", choices=CLASSES + EXTRA, default=[])
    parser.add_argument("--chunk", type=int, default=250, help="inputs per piece of work")
    args = parser.parse_args(argv)
    _environment()
    chosen = args.only or list(CLASSES)
    share = args.inputs // len(chosen)
    jobs = [
        (name, args.seed, start, min(args.chunk, share - start))
        for name in chosen
        for start in range(0, share, args.chunk)
    ]
    print(
        f"{share * len(chosen)} inputs ({share} per class), {args.jobs} processes, "
        f"seed {args.seed}, load {load()}",
        flush=True,
    )
    wall = time.monotonic()
    tally: dict[str, dict[str, Any]] = {
        n: {"inputs": 0, "codes": Counter(), "internal": [], "faults": [], "cpu": 0.0}
        for n in chosen
    }
    with multiprocessing.get_context("fork").Pool(args.jobs, maxtasksperchild=4) as pool:
        for done in pool.imap_unordered(work, jobs):
            row = tally[done["name"]]
            row["inputs"] += done["inputs"]
            row["codes"].update(done["codes"])
            row["internal"] += done["internal"]
            row["faults"] += done["faults"]
            row["cpu"] += done["cpu"]
    wall = time.monotonic() - wall
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"{'class':<14} {'inputs':>7} {'internal':>9} {'faults':>7} {'CPU s':>8}  exit codes")
    total_internal = total_faults = 0
    for name, row in tally.items():
        total_internal += len(row["internal"])
        total_faults += len(row["faults"])
        codes = ", ".join(f"{c}: {n}" for c, n in sorted(row["codes"].items()))
        print(
            f"{name:<14} {row['inputs']:7d} {len(row['internal']):9d} {len(row['faults']):7d}"
            f" {row['cpu']:8.1f}  {codes}"
        )
    total = sum(row["inputs"] for row in tally.values())
    print(
        f"{'all':<14} {total:7d} {total_internal:9d} {total_faults:7d}"
        f" {children.ru_utime + children.ru_stime:8.1f}  wall {wall:.0f} s, load at the end {load()}"
    )
    for name, row in tally.items():
        for what in ("internal", "faults"):
            for line in row[what][:SAMPLES]:
                print(f"{name} {what}: {line}")
    return 1 if total_internal else 0


if __name__ == "__main__":
    sys.exit(main())
