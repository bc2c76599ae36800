"""A language file that breaks a rule of its own is refused naming the file, the key and
the rule, never with a traceback or "<exception str() failed>".

A game's name is the name of that game's own table of words (``[read.doppelkopf]``): the
same name as a word of ``[read]`` made TOML refuse the file (beside the table) or was read
as a table (without it), and the refusal, worded through the language files, failed again
while it was made. The rest of the class: a table where only words belong (``[terms.x]``,
``[commands.x]``: its words were dropped unread) and a ``[read.x]`` table named for no
game (a typo: its words were dropped unread)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.errors import ScorekeeperError
from scorekeeper.lang import data

LANG_DIR = Path(data.__file__).parent


def _with(code: str, table: str, lines: str) -> str:
    """The shipped language file ``code`` with ``lines`` added at the top of ``[table]``."""
    text = (LANG_DIR / f"{code}.toml").read_text("utf-8")
    header = f"\n[{table}]\n"
    assert header in text
    return text.replace(header, f"{header}{lines}\n", 1)


def _appended(code: str, lines: str) -> str:
    return (LANG_DIR / f"{code}.toml").read_text("utf-8") + f"\n{lines}\n"


# case -> (language, its text, the key named, words of the rule)
CASES = {
    "game name beside its table": (
        "de",
        _with("de", "read", 'doppelkopf = "doppelkopf"'),
        "read.doppelkopf",
        "game's name",
    ),
    "game name without a table": (
        "en",
        _with("en", "read", 'bierkopf = "tie"'),
        "read.bierkopf",
        "game's name",
    ),
    "a table for no game": (
        "nl",
        _appended("nl", '[read.dopelkopf]\nx = "y"'),
        "read.dopelkopf",
        "game",
    ),
    "a table among terms": (
        "de",
        _appended("de", '[terms.doppelkopf]\nx = "y"'),
        "terms.doppelkopf",
        "string",
    ),
    "a table among commands": (
        "nl",
        _appended("nl", '[commands.extra]\nx = "y"'),
        "commands.extra",
        "string",
    ),
    "a game's table among nicknames as a word": (
        "de",
        _with("de", "read", "").replace(
            "[nicknames.", '[nicknames]\nkloepper = "x"\n[nicknames.', 1
        ),
        "nicknames",
        "",
    ),
    "not TOML": ("nl", _with("nl", "read", "re = "), "", "TOML"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_language_file_breaking_a_rule_is_refused_naming_file_and_key(case: str) -> None:
    code, text, key, rule = CASES[case]
    with pytest.raises(ScorekeeperError) as caught:
        data.from_text(code, text)
    message = str(caught.value)
    assert f"{code}.toml" in message and key in message and rule in message, message
    assert caught.value.kind == "file"


def test_the_shipped_language_files_keep_the_rules() -> None:
    for code in ("en", "de", "nl"):
        data.from_text(code, (LANG_DIR / f"{code}.toml").read_text("utf-8"))


BROKEN_RUN = """
import pathlib, sys
real = pathlib.Path.read_text
def read_text(self, *args, **kwargs):
    text = real(self, *args, **kwargs)
    if self.name == "de.toml" and self.parent.name == "lang":
        text = text.replace("\\n[read]\\n", '\\n[read]\\ndoppelkopf = "doppelkopf"\\n', 1)
    return text
pathlib.Path.read_text = read_text
import runpy
sys.argv = ["scorekeeper", *sys.argv[1:]]
runpy.run_module("scorekeeper", run_name="__main__")
"""


@pytest.mark.parametrize("view", ["de", "en"])
def test_a_broken_language_file_is_refused_through_the_command_line(
    tmp_path: Path, view: str
) -> None:
    """At a German table (the refusal's words read no language file) and an English one."""
    from cli_helpers import PLAYERS, cli_env

    match = tmp_path / "m.toml"
    args = ["new", "doppelkopf", *PLAYERS, "--lang", "de", "--match", str(match)]
    res = subprocess.run(
        [sys.executable, "-c", BROKEN_RUN, *args],
        env=cli_env(tmp_path / "home", None, {"SCOREKEEPER_LANG": view}),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 1, res.stderr
    assert "Traceback" not in res.stderr and "exception" not in res.stderr, res.stderr
    assert "de.toml" in res.stderr and "read.doppelkopf" in res.stderr, res.stderr
    assert len(res.stderr.strip().splitlines()) == 1, res.stderr
    assert not match.exists()


@pytest.mark.parametrize(
    ("view", "said", "english"),
    [
        ("de", "terms.doppelkopf muss ein nicht leerer Text sein", "string"),
        ("nl", "terms.doppelkopf moet een niet-lege tekst zijn", "string"),
        ("de", "nicknames.kloepper muss eine Tabelle von Wörtern sein", "table of"),
    ],
)
def test_what_a_key_must_be_is_said_in_the_table_s_language(
    view: str, said: str, english: str
) -> None:
    """Every part of the refusal in the table's words, what the key must be included (it
    read "muss a non-empty string sein")."""
    from scorekeeper.text import language

    broken = _appended("de", '[terms.doppelkopf]\nx = "y"')
    if "nicknames" in said:
        broken = CASES["a game's table among nicknames as a word"][1]
    language.choose(view)
    try:
        with pytest.raises(ScorekeeperError) as caught:
            data.from_text("de", broken)
        message = str(caught.value)
    finally:
        language.choose(None)
    assert said in message and english not in message, message
