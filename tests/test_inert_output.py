"""Inert output: one rule for names refuses control characters everywhere a name comes in;
what reaches a terminal has its control characters made visible; CSV cells a spreadsheet
would take for a formula are neutralised; HTML and Markdown stay escaped; an ASCII
terminal (``LANG=C``) gets ASCII whatever Python's UTF-8 mode says.

Through the real command line and the real table session (a pipe), on real files.
"""

from __future__ import annotations

import csv
import io
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import cli_env, run_cli

from scorekeeper.matchlog.records import name_problem
from scorekeeper.shown import csv_cell, terminal_encoding

HOSTILE = [
    "Be\x1b]52;c;aGk=\x07n",  # OSC 52: writes the clipboard
    "Be\x1b[2Jn",  # clears the screen
    "Be\x1b]8;;http://x\x1b\\n",  # a disguised link (OSC 8)
    "Be\x9bn",  # C1 CSI
    "Be\x7fn",  # DEL
    "Be\u202en",  # right-to-left override
    "Be\u2066n",  # left-to-right isolate
]
RAW = ("\x1b", "\x9b", "\x07", "\x7f", "\u202e", "\u2066", "\x00")


def _clean(text: str) -> bool:
    return not any(c in text for c in RAW)


def _toml(text: str) -> str:
    """A TOML basic string's inside: every character not plainly printable escaped."""
    return "".join(c if c.isprintable() and c not in '"\\' else f"\\u{ord(c):04x}" for c in text)


def _header(players: list[str]) -> str:
    names = ", ".join(f'"{_toml(p)}"' for p in players)
    return (
        'format = "scorekeeper-match/1"\nruleset = "doppelkopf"\n'
        f"players = [{names}]\n"
        'first_dealer = "Anna"\nstarted = 2026-11-22T19:30:00+01:00\n'
    )


@pytest.mark.parametrize("name", [*HOSTILE, "Be\x00n", "Be\x85n", "\x1b"])
def test_the_one_rule_for_names_refuses_control_characters(name: str) -> None:
    assert name_problem(name, []) in ("control", "whitespace")  # NEL is whitespace too
    assert name_problem("Jürgen-Ö.", []) is None


@pytest.mark.parametrize("name", HOSTILE)
def test_new_refuses_a_name_with_control_characters(tmp_path: Path, name: str) -> None:
    home = tmp_path / "home"
    path = tmp_path / "m.toml"
    res = run_cli(home, "new", "doppelkopf", "Anna", name, "Carla", "Dirk", "--match", path)
    assert res.returncode in (1, 2) and "Traceback" not in res.stderr
    assert "control character" in res.stderr and _clean(res.stderr + res.stdout)
    assert not path.exists()


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_the_refusal_speaks_german_and_dutch(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "m.toml"
    res = run_cli(
        tmp_path / "home", "--lang", lang, "new", "doppelkopf", "Anna", HOSTILE[1], "C", "D",
        "--match", path,
    )  # fmt: skip
    assert res.returncode in (1, 2)
    assert ("Steuerzeichen" if lang == "de" else "stuurteken") in res.stderr
    assert _clean(res.stderr)


@pytest.mark.parametrize("name", HOSTILE[:6])
def test_the_file_reader_and_import_refuse_the_same_names(tmp_path: Path, name: str) -> None:
    home = tmp_path / "home"
    path = tmp_path / "m.toml"
    path.write_text(_header(["Anna", name, "Carla", "Dirk"]), encoding="utf-8")
    for args in (("check", path), ("status", "--match", path), ("import", path)):
        res = run_cli(home, *args)
        assert res.returncode == 1, (args, res.stdout, res.stderr)
        assert "Traceback" not in res.stderr and _clean(res.stdout + res.stderr), args
    assert not (home / "matches").exists() or not list((home / "matches").iterdir())


def test_an_action_with_a_control_character_is_refused_by_the_reader(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    text = (
        _header(["Anna", "Ben", "Carla", "Dirk"]) + '\n[[hand]]\nactions = ["Ben QC\\u001b[2J"]\n'
    )
    path.write_text(text, encoding="utf-8")
    res = run_cli(tmp_path / "home", "check", path)
    assert res.returncode == 1 and "control character" in res.stderr + res.stdout
    assert _clean(res.stdout + res.stderr)


def test_typed_control_characters_are_shown_visibly(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = tmp_path / "m.toml"
    assert (
        run_cli(home, "new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk", "-m", path).returncode
        == 0
    )
    for args in (("play", "Q\x1b[2JC"), ("act", "Ben \x1b]52;c;aGk=\x07QC"), ("play", "\u202eQC")):
        res = run_cli(home, *args, "--match", path)
        assert res.returncode in (1, 2), res.stderr
        assert _clean(res.stdout + res.stderr), res.stderr
        assert "\\x1b" in res.stderr or "\\u202e" in res.stderr


def test_the_table_session_shows_control_characters_visibly(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = tmp_path / "m.toml"
    assert (
        run_cli(home, "new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk", "-m", path).returncode
        == 0
    )
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "table", "--match", str(path)],
        input=b"play Q\x1b[2JC\nBen \x1b]52;c;aGk=\x07QC\nquit\n",
        env=cli_env(home),
        capture_output=True,
        timeout=60,
    )
    out = (done.stdout + done.stderr).decode("utf-8")
    assert _clean(out) and "\\x1b" in out


def test_csv_cells_that_start_a_formula_are_neutralised(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = tmp_path / "m.toml"
    names = ["Anna", "@SUM(1+1)", "+cmd|'/C", "-2+3"]
    res = run_cli(home, "new", "doppelkopf", *names[:3], "--match", path, "--", names[3])
    assert res.returncode == 0, res.stderr
    res = run_cli(home, "hand", "re=Anna,@SUM(1+1)", "re_points=165", "--match", path)
    assert res.returncode == 0, res.stderr
    res = run_cli(home, "export", "--format", "csv", "--match", path)
    assert res.returncode == 0, res.stderr
    rows = list(csv.reader(io.StringIO(res.stdout)))
    cells = [cell for row in rows for cell in row]
    assert not [c for c in cells if c.startswith(("=", "+", "@", "\t", "\r"))]
    assert not [c for c in cells if c.startswith("-") and not c.lstrip("-").isdigit()]
    assert "'@SUM(1+1) score" in rows[0] and "'-2+3 total" in rows[0]
    assert rows[1][6:10] == ["2", "2", "-2", "-2"]  # numbers stay numbers


@pytest.mark.parametrize(
    ("value", "cell"),
    [("=1+1", "'=1+1"), ("+1", "'+1"), ("-x", "'-x"), ("@A", "'@A"), ("\tA", "'\tA"),
     ("\rA", "'\rA"), ("Anna", "Anna"), (-2, -2), ("", "")],
)  # fmt: skip
def test_csv_cell_follows_owasp(value: object, cell: object) -> None:
    assert csv_cell(value) == cell


def test_html_and_markdown_exports_stay_escaped(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = tmp_path / "m.toml"
    names = ["<script>alert(1)</script>", "*x*|y", "[a](javascript;x)", "D&amp;"]
    assert run_cli(home, "new", "doppelkopf", *names, "--match", path).returncode == 0
    res = run_cli(home, "hand", f"re={names[0]},{names[3]}", "re_points=165", "--match", path)
    assert res.returncode == 0, res.stderr
    html = run_cli(home, "export", "--format", "html", "--match", path).stdout
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "D&amp;amp;" in html
    md = run_cli(home, "export", "--format", "markdown", "--match", path).stdout
    assert "\\<script\\>" in md and "\\*x\\*\\|y" in md and "\\[a\\]" in md
    header = next(line for line in md.splitlines() if line.startswith("| #"))
    assert header.replace("\\|", "").count("|") == 9  # 8 columns: the name's | stays inside


@pytest.mark.parametrize("inert", [True, False])
def test_an_exported_file_shows_control_characters_visibly(tmp_path: Path, inert: bool) -> None:
    """Every exported sheet and CSV file (``export -o``) is written through one writer
    that shows control characters as the terminal does; JSON keeps its data exact. (No
    text of the data folder holds one any more: names, event files and rule sets are
    refused when read; the writer is the second wall.)"""
    from scorekeeper.cli.exporting import _output

    out = tmp_path / "sheet.md"
    with _output(out, inert=inert) as stream:
        stream.writelines(["Haus\x1b]8;;http://x\x1b\\", "\u202eKneipe\n"])
    written = out.read_text("utf-8")
    if inert:
        assert _clean(written) and "\\x1b]8;;" in written and "\\u202eKneipe" in written
    else:
        assert "\x1b" in written


def test_an_event_file_with_a_control_character_is_refused(tmp_path: Path) -> None:
    """A hand-edited event file meets the one rule for names as ``new`` does: a player
    (or the event) whose name holds an escape sequence is refused when the file is read,
    naming the file and the key, and nothing is written."""
    from event_helpers import drawn_event

    home = tmp_path / "home"
    event, _ = drawn_event(home)
    text = event.read_text("utf-8").replace('"Ben"', '"Be\\u001b]52;c;aGk=\\u0007n"')
    event.write_text(text, "utf-8")
    for words in (("event", "standings", "friday"), ("event", "tables", "friday")):
        res = run_cli(home, *words)
        assert res.returncode == 1, (words, res.stdout, res.stderr)
        assert "control character" in res.stderr and "players[1]" in res.stderr
        assert _clean(res.stderr + res.stdout) and "Traceback" not in res.stderr
    assert event.read_text("utf-8") == text


# ------------------------------------------------------------------ ASCII terminals


@pytest.mark.parametrize(
    ("env", "encoding"),
    [
        ({"LANG": "C"}, "ascii"),
        ({"LANG": "POSIX"}, "ascii"),
        ({"LANG": "de_DE.UTF-8", "LC_ALL": "C"}, "ascii"),
        ({"LANG": "C", "LC_CTYPE": "de_DE.UTF-8"}, "utf-8"),
        ({"LANG": "de_DE.ISO-8859-1"}, "iso8859-1"),
        ({"LANG": "C", "PYTHONIOENCODING": "utf-8"}, "utf-8"),
        ({"LANG": "C.UTF-8", "PYTHONIOENCODING": "ascii:strict"}, "ascii"),
        ({}, None),
        ({"LANG": "de_DE"}, None),
    ],
)
def test_the_terminal_encoding_follows_the_locale(env: dict[str, str], encoding) -> None:
    assert terminal_encoding(env) == encoding


def _klaverjassen(home: Path, path: Path) -> None:
    for args in (
        ("new", "klaverjassen", "Anna", "Ben", "Carla", "Dirk", "-m", path),
        ("act", "Ben pass", "-m", path),
        ("act", "Carla trump hearts", "-m", path),
    ):
        res = run_cli(home, *args)
        assert res.returncode == 0, res.stderr


@pytest.mark.parametrize("locale", [{"LANG": "C"}, {"LC_ALL": "C", "LANG": "de_DE.UTF-8"}])
def test_lang_c_prints_ascii_although_python_runs_in_utf8_mode(tmp_path: Path, locale) -> None:
    home = tmp_path / "home"
    path = tmp_path / "kj.toml"
    _klaverjassen(home, path)
    env = {"LC_ALL": "", "LC_CTYPE": "", **locale}
    for args in (("status",), ("score",), ("rules", "list"), ("explain", "klaverjassen")):
        where = ("--match", path) if args[0] in ("status", "score") else ()
        res = run_cli(home, *args, *where, env=env)
        assert res.returncode == 0, res.stderr
        assert res.stdout.isascii() and res.stderr.isascii(), (args, res.stdout)
    utf8 = run_cli(home, "rules", "list", env={"LANG": "C.UTF-8"})
    assert not utf8.stdout.isascii()  # the same command on a UTF-8 terminal draws its box


def test_the_table_session_prints_ascii_with_lang_c(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = tmp_path / "kj.toml"
    _klaverjassen(home, path)
    env = cli_env(home)
    env.update({"LANG": "C", "LC_ALL": "", "LC_CTYPE": ""})
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "table", "--match", str(path)],
        input=b"status\nscore\nquit\n",
        env=env,
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.isascii() and b"Carla" in done.stdout


def _on_a_terminal(home: Path, *args: str | Path) -> str:
    """What ``scorekeeper ARGS`` writes to a terminal (a pseudo-terminal for stdout and
    stderr), as the bytes the terminal is given."""
    import os
    import pty

    leader, follower = pty.openpty()
    env = cli_env(home) | {"TERM": "xterm-256color", "COLUMNS": "100"}
    env.pop("NO_COLOR", None)
    with subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", *map(str, args)],
        stdin=subprocess.DEVNULL,
        stdout=follower,
        stderr=follower,
        env=env,
    ) as proc:
        os.close(follower)
        out = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal's other end closed: the command ended
                break
            if not chunk:
                break
            out += chunk
        proc.wait(timeout=60)
    os.close(leader)
    return out.decode("utf-8", "replace")


COLOURS = ["\x1b[41m", "\x1b[8m"]  # a red background; concealed text


@pytest.mark.parametrize(
    "args",
    [
        ("export", "--format", "csv", "-o", "{dir}/o\x1b[8mY.csv"),  # a path (click.echo)
        ("new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk", "-m", "{dir}/t\x1b[41mX.toml"),
        ("status", "--x\x1b[41mY"),  # a usage error in Typer's own rich box
        ("play", "Q\x1b[41mC"),  # a refusal (rich)
        ("matches",),  # a file in matches/ whose name holds colours (rich's table)
    ],
    ids=["export-path", "new-path", "usage-error", "refusal", "matches"],
)
def test_a_colour_in_data_is_shown_not_taken_on_a_terminal(tmp_path: Path, args) -> None:
    """On a terminal rich's own colours stay colours, and an escape sequence in data (a
    path, a typed word, a file's name) is shown as its escape: before, every SGR
    sequence passed on a terminal, so a name could conceal part of itself or paint the
    screen red up to the next prompt."""
    home = tmp_path / "home"
    assert run_cli(home, "new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk").returncode == 0
    hostile = home / "matches" / "con\x1b[8mcealed\x1b[0m-\x1b[41mred.toml"
    hostile.write_bytes(next((home / "matches").glob("*.toml")).read_bytes())
    out = _on_a_terminal(home, *(str(a).format(dir=tmp_path) for a in args))
    assert not any(colour in out for colour in COLOURS), repr(out)
    assert "\\x1b[" in out, repr(out)
    if args[0] in ("status", "play", "matches"):  # rich's: its own colours still pass
        assert "\x1b[" in out.replace("\\x1b[", ""), repr(out)
