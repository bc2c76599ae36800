"""Fuzz targets for the inputs no other fuzzing test covers: player names and whole command
lines (match files and action strings: ``test_bad_input``). Each input must be answered
with exit 0, 1 (a refusal) or 2 (a usage mistake), never an internal error; a refusal
leaves the match file byte for byte as it was; an accepted name is shown inertly.

CI replays a fixed set; a longer run raises every fuzzing test at once, for example
``SCOREKEEPER_FUZZ_EXAMPLES=5000 pytest -p no:cacheprovider -k fuzz tests/test_bad_input.py
tests/test_fuzz_inputs.py`` (5,000 inputs per target, 20,000 over the four targets).
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

import pytest
from fuzzing import fuzz
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from scorekeeper.cli.app import app
from scorekeeper.matchlog import read
from scorekeeper.shown import CONTROL, FORMULA_START

runner = CliRunner()
PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("SCOREKEEPER_MATCH", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _invoke(args: list[str]) -> int:
    res = runner.invoke(app, args, catch_exceptions=False)
    assert res.exit_code in (0, 1, 2), (args, res.exit_code, res.stderr)
    if res.exit_code:  # said why (a group without its command shows its help)
        assert (res.stderr or res.stdout).strip(), args
    return res.exit_code


NAME_PARTS = ["Anna", "=1+1", "+", "-", "@", "\t", "\x1b[2J", "\x1b]52;c;aGk=\x07", "\u202e"]
NAME_PARTS += ["\x9b", "\x7f", "ä", "Q♣", "re", "QC", ":", ",", "'", '"', "\\", "[b]", "<i>"]
names = st.lists(st.sampled_from(NAME_PARTS) | st.text(max_size=4), min_size=1, max_size=3).map(
    "".join
)


@fuzz(60)
@given(table=st.lists(names, min_size=4, max_size=4))
def test_fuzz_player_names(folder: Path, table: list[str]) -> None:
    if any("\x00" in name for name in table):
        return  # no command line can hold it
    path = folder / "names.toml"
    path.unlink(missing_ok=True)
    if _invoke(["new", "doppelkopf", "--match", str(path), "--", *table]) != 0:
        assert not path.exists()
        return
    log, _ = read(path)  # what new accepts, the reader accepts (one rule for names)
    assert log.players == table
    assert not any(CONTROL.search(name) for name in table)
    res = runner.invoke(
        app, ["hand", f"re={table[0]},{table[1]}", "re_points=165", "-m", str(path)]
    )
    assert res.exit_code in (0, 1, 2), res.stderr
    res = runner.invoke(app, ["export", "--format", "csv", "-m", str(path)], catch_exceptions=False)
    assert res.exit_code == 0, res.stderr
    for row in csv.reader(io.StringIO(res.stdout)):
        for cell in row:
            assert not cell.startswith(FORMULA_START) or cell.lstrip("-").isdigit(), cell


COMMANDS = ["new", "play", "trick", "announce", "declare", "act", "deal", "hand", "undo"]
COMMANDS += ["status", "score", "check", "export", "judge", "explain", "amend", "matches"]
COMMANDS += ["switch", "rename", "archive", "stats", "settle", "import", "rules", "list", "show"]
WORDS = ["doppelkopf", "klaverjassen", "bierkopf", "Anna", "Ben", "Carla", "Dirk", "QC", "re"]
WORDS += ["--json", "--lang", "de", "nl", "xx", "--match", "m.toml", "-m", "--all", "--strict"]
WORDS += ["--format", "csv", "html", "--set", "fox=false", "--player", "--since", "2026-01-01"]
WORDS += ["--price", "0.05", "-1", "1e400", "nan", "--dealer", "--archived", "--restore", "-h"]
WORDS += ["", " ", "=", "re=Anna,Carla", "re_points=165", "hearts", "trump", "pass", "\x1b[2J"]
plain_text = st.text(max_size=8).filter(lambda w: "/" not in w and "\x00" not in w)
command_lines = st.tuples(
    st.sampled_from(COMMANDS), st.lists(st.sampled_from(WORDS) | plain_text, max_size=6)
).map(lambda pair: [pair[0], *pair[1]])


@fuzz(80)
@given(argv=command_lines)
def test_fuzz_command_lines(folder: Path, argv: list[str]) -> None:
    if any(word in ("-o", "--output", "demo", "table", "serve") for word in argv):
        return  # writes where it is told, waits for a table, or serves: not for fuzzing
    path = folder / "m.toml"
    if not path.exists():
        assert _invoke(["new", "doppelkopf", *PLAYERS, "--match", str(path)]) == 0
    before = path.read_bytes()
    if _invoke(argv) != 0:
        assert path.read_bytes() == before, argv
    outside = {p.name for p in folder.iterdir()} - {"home", "m.toml"}
    assert all(not p.endswith(".lock") for p in outside), outside


def test_the_fuzz_budget_is_the_shared_knob() -> None:
    from fuzzing import budget

    assert budget(80) == int(os.environ.get("SCOREKEEPER_FUZZ_EXAMPLES", 80))
