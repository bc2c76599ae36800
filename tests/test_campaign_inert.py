"""Issue 25's "Done when", walked again by the campaign: hostile text from every file a
shared data folder holds, and the files themselves, through the real command line.

- Text that a person typed into a file other than a match file (an event file in
  ``events/``, a rule set's name in ``rulesets/`` or beside a match) reaches the terminal
  with its control characters made visible, and reaches files written with ``-o`` (HTML,
  Markdown, chat, CSV, text) inert as well, or is refused by the reader as a match
  file's names are;
- ``rename-player`` keeps the one rule for names, and a formula name renamed in keeps the
  CSV export neutral;
- a rule set's ``extends`` chain stays inside the match's folder as its ``ruleset`` path
  does;
- a pipe or an endless file in a shared folder (``rulesets/``, ``competitions/``) is no
  reason for a command to hang or run out of memory.
"""

from __future__ import annotations

import csv
import io
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import cli_env, run_cli

RAW = ("\x1b", "\x9b", "\x07", "\x7f", "\u202e", "\u2066")
OSC52 = "\\u001b]52;c;aGk=\\u0007"  # as TOML writes it: the clipboard written
CLEAR = "\\u001b[2J\\u202e"  # the screen cleared, the text reversed


def clean(text: str) -> bool:
    return not any(c in text for c in RAW)


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def cli(home: Path, *args: str | Path, cwd: Path | None = None) -> tuple[int, str]:
    """The real command line with 1 GB of address space and 10 seconds (-9: stopped)."""
    try:
        res = subprocess.run(
            [sys.executable, "-m", "scorekeeper", *map(str, args)],
            env=cli_env(home),
            capture_output=True,
            text=True,
            timeout=10,
            preexec_fn=_limited,
            cwd=cwd,
        )
    except subprocess.TimeoutExpired:
        return -9, "(still running after 10 s)"
    return res.returncode, res.stdout + res.stderr


# ------------------------------------------------------------------ rename-player


@pytest.mark.parametrize("name", ["Be\x1b[2Jn", "Be\u202en", "Be\x1b]52;c;aGk=\x07n", "\tBen"])
def test_rename_player_refuses_what_new_refuses(tmp_path: Path, name: str) -> None:
    home, path = tmp_path / "home", tmp_path / "m.toml"
    assert (
        run_cli(home, "new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk", "-m", path).returncode
        == 0
    )
    before = path.read_bytes()
    res = run_cli(home, "rename-player", "Ben", name, "-m", path)
    assert res.returncode in (1, 2) and "Traceback" not in res.stderr
    assert clean(res.stdout + res.stderr), res.stderr
    assert path.read_bytes() == before


def test_a_formula_name_renamed_in_stays_text_in_csv(tmp_path: Path) -> None:
    home, path = tmp_path / "home", tmp_path / "m.toml"
    assert (
        run_cli(home, "new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk", "-m", path).returncode
        == 0
    )
    assert run_cli(home, "hand", "re=Anna,Ben", "re_points=165", "-m", path).returncode == 0
    for old, new in (("Ben", "@SUM(1+1)"), ("Anna", "-2+3"), ("Carla", "+cmd|x")):
        res = run_cli(home, "rename-player", "-m", path, "--", old, new)
        assert res.returncode == 0, res.stderr
    out = tmp_path / "m.csv"
    assert run_cli(home, "export", "--format", "csv", "-o", out, "-m", path).returncode == 0
    cells = [c for row in csv.reader(io.StringIO(out.read_text("utf-8"))) for c in row]
    assert "'@SUM(1+1) score" in cells and "'-2+3 total" in cells
    assert not [
        c
        for c in cells
        if c.startswith(("=", "+", "@")) or (c.startswith("-") and not c.lstrip("-").isdigit())
    ]


# ------------------------------------------------------------------ event files


def _event(home: Path) -> Path:
    """An evening of eight players drawn into two tables, then its file edited by hand:
    a player's name holds the clipboard write, the event's name clears the screen."""
    players = ["Anna", "Ben", "Carla", "Dirk", "@SUM(1)", "-2+3", "+cmd|x", "Hugo"]
    for args in (
        ("event", "new", "fri", "doppelkopf-club"),
        ("event", "register", "fri", "--", *players),
        ("event", "draw", "fri"),
    ):
        res = run_cli(home, *args)
        assert res.returncode == 0, res.stderr
    path = home / "events" / "fri.toml"
    text = path.read_text("utf-8").replace('"Hugo"', f'"Hu{OSC52}go"')
    path.write_text(text.replace('name = "fri"', f'name = "fri{CLEAR}"'), "utf-8")
    return path


def test_an_edited_event_file_reaches_the_terminal_inert(tmp_path: Path) -> None:
    home = tmp_path / "home"
    _event(home)
    for args in (
        ("event", "tables", "fri"),
        ("event", "standings", "fri"),
        ("event", "standings", "fri", "--format", "csv"),
        ("event", "check", "fri"),
    ):
        res = run_cli(home, *args)
        assert res.returncode in (0, 1) and "Traceback" not in res.stderr, (args, res.stderr)
        assert clean(res.stdout + res.stderr), (args, res.stdout)


@pytest.mark.parametrize("format_", ["csv", "html", "markdown", "text"])
def test_an_edited_event_file_is_refused_or_written_inert(tmp_path: Path, format_: str) -> None:
    home = tmp_path / "home"
    _event(home)
    out = tmp_path / f"standings.{format_}"
    res = run_cli(home, "event", "standings", "fri", "--format", format_, "-o", out)
    assert "Traceback" not in res.stderr and clean(res.stdout + res.stderr)
    if res.returncode == 1:  # refused by the reader, as a match file's names are
        assert "control character" in res.stderr and not out.exists()
    else:
        assert res.returncode == 0, res.stderr
        assert clean(out.read_text("utf-8")), out.read_text("utf-8")


# ------------------------------------------------------------------ rule-set names


def _house(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "haus.toml").write_text(
        f'extends = "doppelkopf"\nname = "Haus\\u001b]8;;http://x\\u001b\\\\Regel{CLEAR}"\n',
        "utf-8",
    )


def test_a_rule_set_name_reaches_the_terminal_inert(tmp_path: Path) -> None:
    home, path = tmp_path / "home", tmp_path / "m.toml"
    _house(home / "rulesets")
    listed = run_cli(home, "rules", "list")  # listed without it, named in a warning
    assert listed.returncode == 0 and clean(listed.stdout + listed.stderr), listed.stdout
    res = run_cli(home, "new", "haus", "Anna", "Ben", "Carla", "Dirk", "-m", path)
    assert res.returncode == 1 and "control character" in res.stderr  # refused when read
    assert clean(res.stdout + res.stderr) and not path.exists()


@pytest.mark.parametrize("fmt", ["markdown", "chat", "html"])
def test_a_rule_set_name_is_written_inert_to_a_file(tmp_path: Path, fmt: str) -> None:
    home, path = tmp_path / "home", tmp_path / "m.toml"
    _house(home / "rulesets")
    res = run_cli(home, "new", "haus", "Anna", "Ben", "Carla", "Dirk", "-m", path)
    if res.returncode == 1:  # refused when read: inert too
        assert "control character" in res.stderr
        return
    out = tmp_path / f"sheet.{fmt}"
    assert run_cli(home, "export", "--format", fmt, "-o", out, "-m", path).returncode == 0
    assert clean(out.read_text("utf-8"))


# ------------------------------------------------------------------ paths and files


@pytest.mark.parametrize(
    ("folder", "kind", "args"),
    [
        ("rulesets", "pipe", ("rules", "list")),
        ("competitions", "pipe", ("event", "competitions")),
        ("competitions", "huge", ("event", "competitions")),
    ],
)
def test_a_pipe_or_a_huge_file_in_a_shared_folder_hangs_nothing(
    tmp_path: Path, folder: str, kind: str, args: tuple[str, ...]
) -> None:
    home = tmp_path / "home"
    expected = cli(home, *args)
    assert expected[0] == 0, expected
    where = home / folder / "planted.toml"
    where.parent.mkdir(parents=True, exist_ok=True)
    if kind == "pipe":
        os.mkfifo(where)
    else:
        with where.open("wb") as f:
            f.truncate(1 << 30)  # sparse: no disk taken
    code, said = cli(home, *args)
    assert code == 0 and "Traceback" not in said and "internal error" not in said, said


# ------------------------------------------------------------------ German and Dutch sheets


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_formula_and_markup_names_stay_inert_in_german_and_dutch(tmp_path: Path, lang: str) -> None:
    """``test_inert_output`` holds the English sheets: the German and Dutch ones have
    other column words around the same names (``'@SUM(1+1) Punkte``, ``... punten``)."""
    home, path = tmp_path / "home", tmp_path / "m.toml"
    names = ["@SUM(1+1)", "+cmd|'/C!A0", "Ca<b>x</b>"]
    made = run_cli(home, "new", "doppelkopf", *names, "--lang", lang, "-m", path, "--", "-2+3")
    assert made.returncode == 0, made.stderr
    assert run_cli(home, "hand", "re=@SUM(1+1),-2+3", "re_points=165", "-m", path).returncode == 0
    said = {}
    for fmt in ("csv", "html", "markdown", "chat"):
        res = run_cli(home, "export", "--format", fmt, "-m", path)
        assert res.returncode == 0, res.stderr
        said[fmt] = res.stdout
    for args in (("status",), ("score",), ("settle", "--price", "0.05")):
        res = run_cli(home, *args, "-m", path)
        assert res.returncode == 0 and clean(res.stdout + res.stderr), res.stderr
    cells = [c for row in csv.reader(io.StringIO(said["csv"])) for c in row]
    formulas = [c for c in cells if c.startswith(("=", "+", "@", "\t", "\r"))]
    assert formulas == [], formulas
    assert not [c for c in cells if c.startswith("-") and not c.lstrip("-").isdigit()]
    assert {"de": "'@SUM(1+1) Punkte", "nl": "'@SUM(1+1) punten"}[lang] in cells
    assert "<b>x" not in said["html"] and "Ca&lt;b&gt;x&lt;/b&gt;" in said["html"]
    assert "Ca\\<b\\>x\\</b\\>" in said["markdown"] and "+cmd\\|'/C!A0" in said["markdown"]
    assert all(clean(text) for text in said.values())
