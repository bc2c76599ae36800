"""Issue 25's "Done when" (terminal outputs inert for hostile text), walked again by the
campaign through a real terminal: tmux, every byte the program writes kept
(``pipe-pane``), in English, German and Dutch.

Hostile text reaches the terminal where a person types or pastes it (the interactive
table echoes what it refuses) and where a file's name is printed (a match file named in
a shared data folder, an ``-o`` file). What a terminal would act on must arrive as
visible text: no screen clear (CSI ``2J``, also as the C1 character), no clipboard write
(OSC 52), no disguised link (OSC 8), no colour or concealment taken from the data (SGR),
no bidi override reordering the line. The program's own colours stay.

The piped table (``scorekeeper table`` reading a pipe) is walked in German and Dutch too:
``test_inert_output`` holds it in English.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from cli_helpers import cli_env, run_cli
from table_helpers import new_match
from tmux_helpers import TMUX, Tmux, wait_for

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")

LANGS = ["en", "de", "nl"]
PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]

PASTED = [
    "play Q\x1b[2JC",  # CSI: clears the screen
    "Ben \x1b]52;c;SE9TVElMRQ==\x07QC",  # OSC 52: writes the clipboard
    "Ben \x1b]8;;http://evil.example/\x1b\\QC\x1b]8;;\x1b\\",  # OSC 8: a disguised link
    "Ben \x9b2JQC",  # C1 CSI: clears the screen
    "=1+1 @SUM(1) -2+3 +x\tBen",  # formula starts, a tab
    "Ben \x1b[41mQC\x1b[8m",  # SGR: a red background, then concealed text
    "Ben \u202eCQ",  # a bidi override
]
"""Lines pasted at the table's prompt, as a terminal pastes them (bracketed)."""

NEVER_RAW = {
    "CSI 2J": b"\x1b[2J",
    "OSC 52": b"\x1b]52",
    "OSC 8": b"\x1b]8;",
    "C1 CSI": "\x9b".encode(),
}
"""What reaches the terminal raw today from none of the surfaces below."""

DATA_SGR = {"SGR from data": b"\x1b[41m", "concealed": b"\x1b[8m"}
"""Colour and concealment from the data: the program's own SGR never uses them."""

BIDI = {"bidi override": "\u202e".encode()}


def _cases(opened: dict[str, bytes]) -> list[object]:
    return [
        *(pytest.param(name, raw, id=name) for name, raw in NEVER_RAW.items()),
        *(pytest.param(name, raw, id=name) for name, raw in opened.items()),
    ]


# ---------------------------------------------------------------- the interactive table


@functools.cache
def _table_bytes(lang: str) -> tuple[bytes, str, str]:
    """Every byte the interactive table wrote while the lines were pasted and refused
    (once per language, for all the cases of a language), the last screen, and the
    names of tmux's paste buffers afterwards (a raw OSC 52 would fill one)."""
    tmp = Path(tempfile.mkdtemp(prefix="sk-campaign-terminal-"))
    try:
        path = new_match(tmp, "doppelkopf", PLAYERS, lang=None if lang == "en" else lang)
        log = tmp / "raw.bytes"
        t = Tmux(tmp / "home", path, "table", record=log)
        try:
            t.run("set-option", "-s", "set-clipboard", "on", check=True)
            for asked, line in enumerate(PASTED, 1):
                _wait_for_prompt(log, asked, t)
                t.paste(line)
                t.keys("Enter")
            _wait_for_prompt(log, len(PASTED) + 1, t)
            t.keys("C-d")  # the end of the input: the session ends
            t.finished()
            screen = t.screen()
            buffers = t.run("list-buffers", "-F", "#{buffer_name}").stdout
        finally:
            t.close()
        return log.read_bytes(), screen, buffers
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _wait_for_prompt(log: Path, count: int, t: Tmux) -> None:
    """Until the table has asked for its ``count``-th line: a paste before it is ready
    would reach it as keys, not as pasted text (prompt_toolkit turns bracketed paste on
    while it asks, ``ESC [?2004h``)."""
    asked = lambda: log.read_bytes().count(b"\x1b[?2004h") >= count  # noqa: E731
    assert wait_for(asked, 30), t.screen()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("what", "raw"), _cases({**DATA_SGR, **BIDI}))
def test_the_interactive_table_shows_pasted_sequences_inert(
    lang: str, what: str, raw: bytes
) -> None:
    written, screen, buffers = _table_bytes(lang)
    assert b"\\x1b" in written, screen  # the refusals did show the pasted lines
    assert raw not in written, f"{what} reached the terminal raw:\n{screen}"
    assert buffers.strip() == "", f"the clipboard was written: {buffers!r}"


# ---------------------------------------------------------------- a file's name


def _file_names_bytes(tmp_path: Path, lang: str) -> tuple[bytes, str]:
    """``new``, ``export -o``, ``matches`` and ``status`` on a terminal, each naming a
    file whose name holds every hostile sequence."""
    home = tmp_path / "home"
    hostile = "m\x1b]52;c;SE9U\x07\x1b[2J\x9b2J\x1b]8;;https:evil\x1b\\\x1b[41mred\x1b[8mhid\u202e"
    match = home / "matches" / f"{hostile}.toml"
    made = run_cli(home, "new", "doppelkopf", *PLAYERS, "--lang", lang, "--match", match)
    assert made.returncode == 0, made.stderr
    out = tmp_path / f"sheet{hostile}.html"
    log = tmp_path / "raw.bytes"
    script = tmp_path / "commands.sh"
    program = f"{sys.executable} -m scorekeeper"
    lines = [
        f'{program} new doppelkopf {" ".join(PLAYERS)} --lang {lang} --match "$1"',
        f'{program} export --format html -o "$2" --match "$1"',
        f"{program} matches",
        f'{program} status --match "$1"',
    ]
    script.write_text("\n".join(lines) + "\n", "utf-8")
    again = match.with_name(f"n{hostile}.toml")
    t = Tmux(home, match, "names", program=["sh", str(script), str(again), str(out)], record=log)
    try:
        t.finished()
        screen = t.screen()
    finally:
        t.close()
    return log.read_bytes(), screen


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("what", "raw"), _cases(DATA_SGR))
def test_a_file_s_name_reaches_the_terminal_inert(
    tmp_path: Path, lang: str, what: str, raw: bytes
) -> None:
    written, screen = _file_names_bytes(tmp_path, lang)
    assert b"\\x1b]52" in written, screen  # the name was shown, made visible
    assert raw not in written, f"{what} reached the terminal raw:\n{screen}"


# ---------------------------------------------------------------- the piped table

RAW = ("\x1b", "\x9b", "\x07", "\x7f", "\u202e", "\u2066")


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_the_piped_table_shows_hostile_lines_visibly_in_german_and_dutch(
    tmp_path: Path, lang: str
) -> None:
    path = new_match(tmp_path, "doppelkopf", PLAYERS, lang=lang)
    before = path.read_bytes()
    lines = [*PASTED, "Ben QC\r", "\u2066Ben QC"]
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "table", "--match", str(path)],
        input=("\n".join(lines) + "\n").encode("utf-8"),
        env=cli_env(tmp_path / "home"),
        capture_output=True,
        timeout=120,
    )
    said = (done.stdout + done.stderr).decode("utf-8")
    assert done.returncode in (0, 1) and "Traceback" not in said, said  # 1: a line refused
    assert not [c for c in RAW if c in said], said
    assert "\\x1b]52" in said and "\\u202e" in said and "\\x9b" in said
    assert ("Fehler" if lang == "de" else "Fout") in said  # a line begins with a capital
    assert path.read_bytes() != before  # "Ben QC\r" is Ben's queen of clubs, recorded


@pytest.mark.parametrize("lang", LANGS)
def test_a_file_s_name_is_shown_whole_through_a_pipe(tmp_path: Path, lang: str) -> None:
    """Through a pipe (no terminal) every control character of a file's name is shown as
    its escape, on standard output and on standard error alike, so that the name printed
    is the name (``switch`` takes the file so named, as a path). Before, ``click.echo``
    (and the quick path's writer, which copied it) removed a colour sequence from a line
    written to a pipe, and the name printed was another file's."""
    home = tmp_path / "home"
    name = "con\x1b[8mcealed\x1b[0m-\x1b[41mred"
    shown = "con\\x1b[8mcealed\\x1b[0m-\\x1b[41mred"
    match = home / "matches" / f"{name}.toml"
    made = run_cli(home, "new", "doppelkopf", *PLAYERS, "--lang", lang, "--match", match)
    assert made.returncode == 0, made.stderr
    assert shown in made.stdout, made.stdout
    listed = run_cli(home, "matches")
    assert shown in listed.stdout, listed.stdout
    out = tmp_path / f"sheet-{name}.csv"
    exported = run_cli(home, "export", "--format", "csv", "-o", out, "--match", match)
    assert exported.returncode == 0, exported.stderr
    assert f"sheet-{shown}.csv" in exported.stdout, exported.stdout
    switched = run_cli(home, "switch", match)
    assert switched.returncode == 0, switched.stdout + switched.stderr
    assert shown in switched.stdout + switched.stderr
    missing = run_cli(home, "status", "--match", home / f"gone-{name}.toml")
    assert missing.returncode == 1, missing.stdout + missing.stderr
    assert f"gone-{shown}" in missing.stderr, missing.stderr
    for done in (made, listed, exported, switched, missing):
        said = done.stdout + done.stderr
        assert not [c for c in RAW if c in said], said
