"""Start-up: what a command imports, the plain lines written without rich, and the output
of a command whose reader went away or whose export has nowhere to go.

These are not timed tests: they hold the reasons a command starts quickly (Typer, click,
rich, prompt_toolkit and babel are not imported to record a card: the quick path,
``scorekeeper.cli.quick``; Typer builds only the command that runs) and prove that the
quick way writes what the slow way wrote.
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import PLAYERS, cli_env, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from scorekeeper.cli import render
from scorekeeper.cli.app import app

HEAVY = ("typer", "click", "rich", "prompt_toolkit", "babel")

_IMPORTED = """
import runpy, sys
sys.argv = ["scorekeeper", *sys.argv[2:]]
try:
    runpy.run_module("scorekeeper", run_name="__main__")
except SystemExit:
    pass
finally:
    with open(OUT, "w") as out:
        out.write("\\n".join(sorted(sys.modules)))
"""


def imported(home: Path, out: Path, *args: str | Path) -> set[str]:
    """The modules a real ``scorekeeper ARGS`` process had imported when it ended."""
    code = f"OUT = {str(out)!r}\n{_IMPORTED}"
    res = subprocess.run(
        [sys.executable, "-c", code, "scorekeeper", *map(str, args)],
        env=cli_env(home),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "Traceback" not in res.stderr, res.stderr
    return set(out.read_text().split())


TABLE_COMMANDS = [
    ("play", "QC"),
    ("announce", "Ben", "re"),
    ("trick", "QC", "10H", "AD", "9D"),
    ("hand", "re=Anna,Carla", "re_points=165"),
    ("undo",),
    ("status",),
    ("score",),
]
"""The commands of issue 12's P1, each run on a two-hand demo match."""


def demo_match(tmp_path: Path) -> Path:
    """A two-hand demo Doppelkopf match in ``tmp_path`` (made by the real CLI)."""
    path = tmp_path / "m.toml"
    res = run_cli(tmp_path / "home", "demo", "--current", "--hands", "2", "--match", path)
    assert res.returncode == 0, res.stderr
    return path


@pytest.fixture
def match(tmp_path: Path) -> Path:
    return demo_match(tmp_path)


@pytest.mark.parametrize(
    "args",
    [
        *TABLE_COMMANDS,
        ("play", "QC", "--json"),
        ("--lang", "de", "status"),
        ("score", "--chart", "--all"),
        ("hand", "--keys"),
        ("act", "Ben re"),
        ("declare", "Anna", "wedding"),
    ],
)
def test_a_recording_or_reading_command_imports_no_typer_click_rich_prompt_toolkit_or_babel(
    tmp_path: Path, match: Path, args: tuple[str, ...]
) -> None:
    home = tmp_path / "home"
    for _ in range(2):  # cold, then through the replay cache
        modules = imported(home, tmp_path / "modules.txt", *args, "--match", match)
        assert "scorekeeper.cli.work" in modules  # the command's work ran, without Typer
        assert "scorekeeper.session" in modules  # it did run
        heavy = sorted(m for m in modules if m.split(".")[0] in HEAVY)
        assert heavy == [], f"{args[0]} imported {heavy}"


def test_check_imports_no_typer_click_or_rich(tmp_path: Path, match: Path) -> None:
    modules = imported(tmp_path / "home", tmp_path / "modules.txt", "check", match)
    assert "scorekeeper.session.check" in modules  # it did run
    assert sorted(m for m in modules if m.split(".")[0] in HEAVY) == []


def test_a_command_builds_only_itself(tmp_path: Path, match: Path) -> None:
    modules = imported(tmp_path / "home", tmp_path / "modules.txt", "status", "--match", match)
    assert "scorekeeper.cli.render" in modules  # its lines written without rich
    assert "scorekeeper.table.session" not in modules  # the table command's own work


def test_a_misspelt_command_still_gets_the_whole_app_and_its_suggestion(tmp_path: Path) -> None:
    res = run_cli(tmp_path / "home", "plya", "QC")
    assert res.returncode == 2
    assert "No such command" in res.stderr and "play" in res.stderr


def test_help_of_one_command_and_of_the_app_are_as_before(tmp_path: Path) -> None:
    one = run_cli(tmp_path / "home", "play", "--help")
    assert one.returncode == 0 and "scorekeeper play [OPTIONS] WORDS..." in one.stdout
    whole = run_cli(tmp_path / "home", "--lang", "en", "--help")
    for name in ("play", "trick", "status", "score", "export", "rules", "import"):
        assert f" {name} " in whole.stdout


def test_the_global_lang_before_the_command_still_chooses_the_words(
    tmp_path: Path, match: Path
) -> None:
    res = run_cli(tmp_path / "home", "--lang", "de", "status", "--match", match)
    assert res.returncode == 0, res.stderr
    assert "Stand:" in res.stdout


# ---------------------------------------------------------------------- plain lines
_WORDS = st.lists(
    st.sampled_from([*"ab :[]/\\=#@-♣é\t", "[bold]", "[/]", "\\[", ":x:", "  "]),
    max_size=12,
).map("".join)
_STYLES = st.sampled_from(["bold", "dim", "bold red", "bold yellow", "italic", "link=x", "red"])


def rich_text(markup: str) -> str:
    from rich.console import Console

    out = io.StringIO()
    Console(file=out, highlight=False, soft_wrap=True, force_terminal=False).print(markup)
    return out.getvalue()


@settings(max_examples=300, deadline=None)
@given(_WORDS)
def test_escape_is_riches_escape(text: str) -> None:
    from rich.markup import escape

    assert render.escape(text) == escape(text)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(_STYLES, _WORDS, st.booleans()), max_size=4), _WORDS)
def test_a_plain_line_is_what_rich_writes_to_a_file(
    parts: list[tuple[str, str, bool]], raw: str
) -> None:
    """Escaped words in styles, and raw markup: where plain reads it, rich agrees."""
    markup = "".join(
        f"[{style}]{render.escape(words)}[/]" if styled else render.escape(words)
        for style, words, styled in parts
    )
    for candidate in (markup, markup + raw):
        text = render.text_of(candidate)
        if text is not None:
            assert text + "\n" == rich_text(candidate), candidate


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(_WORDS, _WORDS), min_size=1, max_size=5),
    st.sampled_from(["", "20", "40", "80", "200"]),
)
def test_a_plain_table_is_what_rich_writes_to_a_file(
    rows: list[tuple[str, str]], columns: str
) -> None:
    """A result's items (text, dim rule) as rich's box-less table, at any width."""
    from rich.console import Console
    from rich.table import Table

    cells = [(render.escape(a), f"[dim]{render.escape(b)}[/]") for a, b in rows]
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COLUMNS", columns) if columns else mp.delenv("COLUMNS", raising=False)
        lines = render.table_lines(cells)
        table = Table(show_header=False, box=None, padding=(0, 2))
        for row in cells:
            table.add_row(*row)
        out = io.StringIO()
        Console(file=out, highlight=False, soft_wrap=True, force_terminal=False).print(table)
    if lines is not None:
        assert "".join(line + "\n" for line in lines) == out.getvalue()


def test_plain_leaves_to_rich_what_it_does_not_read() -> None:
    assert render.text_of("[link=https://x]x[/]") is None
    assert render.text_of("a :thumbs_up: b") is None
    assert render.text_of("a\tb") is None
    assert render.text_of("[dim]next: Ben to play[/]") == "next: Ben to play"


def test_a_terminal_still_gets_riches_colours(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TTY_COMPATIBLE", raising=False)
    monkeypatch.setenv("FORCE_COLOR", "1")
    out = io.StringIO()
    assert not render.write(out, "[bold]x[/]")
    assert out.getvalue() == ""
    monkeypatch.delenv("FORCE_COLOR")
    assert render.write(out, "[bold]x[/]") and out.getvalue() == "x\n"


def test_a_played_card_prints_the_same_lines_through_the_cli(tmp_path: Path, match: Path) -> None:
    res = CliRunner().invoke(app, ["play", "QC", "--match", str(match)])
    first = res.output.splitlines()
    assert res.exit_code == 0, res.output
    assert first[0].endswith("QC") and first[-1].startswith("next:")


# ---------------------------------------------------------------------- where output goes
@pytest.mark.parametrize("args", [("matches",), ("new", "doppelkopf", *PLAYERS), ("score",)])
def test_a_reader_that_goes_away_gets_no_error(
    tmp_path: Path, match: Path, args: tuple[str, ...]
) -> None:
    """``scorekeeper matches | head -1``: the pipe closes; no 'Broken pipe' message."""
    home = tmp_path / "home"
    run_cli(home, "new", "doppelkopf", *PLAYERS)
    proc = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", *args],
        env=cli_env(home, match),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # nobody reads: every write fails with EPIPE
    err = proc.stderr.read().decode()
    proc.stderr.close()
    assert proc.wait(timeout=60) in (0, 141)
    assert err == "", err


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(
        st.none(),
        st.sampled_from(["", "0", "-3", "abc", " 42", "42 ", "1e3", "٤٢", "007", "+5"]),
        st.integers(-5, 10**6).map(str),
    ),
    st.sampled_from([None, "", "0", "30", "x"]),
)
def test_the_width_is_shutils_without_shutil(columns: str | None, lines: str | None) -> None:
    """``score`` reads the width without importing shutil (and its compressors)."""
    import shutil

    from scorekeeper.cli.render import columns as width

    with pytest.MonkeyPatch.context() as mp:
        for name, value in (("COLUMNS", columns), ("LINES", lines)):
            mp.setenv(name, value) if value is not None else mp.delenv(name, raising=False)
        assert width() == shutil.get_terminal_size((80, 24)).columns


def test_score_imports_no_shutil_or_compressors(tmp_path: Path, match: Path) -> None:
    modules = imported(tmp_path / "home", tmp_path / "modules.txt", "score", "--match", match)
    assert "scorekeeper.view.sheet" in modules  # it did run
    assert not {"shutil", "bz2", "lzma"} & modules
