"""The table's words wherever a match is used (issue 27, items 5-7): text that wraps
between words, help without hard line breaks inside a paragraph, the match's language for
help, rename and the CSV header, and no development history in what players read."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_helpers import PLAYERS, run_cli

from scorekeeper.cli.helps import flowed
from scorekeeper.referee import TOPICS
from scorekeeper.rules.source import shipped_dirs
from scorekeeper.text import catalog

ANSI = re.compile(r"(\x1b|\\x1b)\[[0-9;]*m")  # raw, or as the inert output shows it
RULE_SETS = sorted({p.stem for d in shipped_dirs() for p in d.glob("*.toml")})


def _new(tmp_path: Path, lang: str, game: str = "doppelkopf") -> Path:
    path = tmp_path / "m.toml"
    res = run_cli(tmp_path / "home", "new", game, *PLAYERS, "--match", path, "--lang", lang)
    assert res.returncode == 0, res.stderr
    return path


def test_a_help_paragraph_is_one_line_but_examples_keep_theirs() -> None:
    assert flowed("Show the sheet: one row per hand, the result\nwinner first.") == (
        "Show the sheet: one row per hand, the result winner first."
    )
    text = "Judge.\n\nExamples: scorekeeper judge a\n| scorekeeper judge b"
    assert flowed(text) == text
    for english in catalog.help_texts():
        for paragraph in flowed(english).split("\n\n"):
            for line in paragraph.split("\n")[1:]:
                assert re.match(r"^(\||[^\s:]+:\s|scorekeeper\s)", line), (english, line)


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_help_wraps_between_words_not_where_the_source_broke_its_lines(
    tmp_path: Path, lang: str
) -> None:
    res = run_cli(tmp_path, "--lang", lang, "score", "--help", env={"COLUMNS": "200"})
    assert res.returncode == 0, res.stderr
    first = {
        "en": "one row per hand, the result winner first, running totals",
        "de": "eine Zeile je Spiel, das Ergebnis mit dem Gewinner zuerst",
        "nl": "een regel per spel",
    }[lang]
    assert first in res.stdout, res.stdout


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_text_on_a_terminal_wraps_between_words(tmp_path: Path, lang: str) -> None:
    path = _new(tmp_path, lang)
    whole = run_cli(tmp_path / "home", "explain", "doppelkopf", "scoring", "--match", path)
    narrow = run_cli(
        tmp_path / "home",
        "explain",
        "doppelkopf",
        "scoring",
        "--match",
        path,
        env={"TTY_COMPATIBLE": "1", "COLUMNS": "40", "NO_COLOR": "1"},
    )
    assert whole.returncode == narrow.returncode == 0, narrow.stderr
    lines = ANSI.sub("", narrow.stdout).splitlines()
    assert max(len(line) for line in lines) <= 40
    assert len(lines) > len(whole.stdout.splitlines())  # it did wrap
    assert set(" ".join(lines).split()) <= set(whole.stdout.split())  # never inside a word


@pytest.mark.parametrize(("lang", "said"), [("de", "Trägt einen Vorbehalt"), ("nl", "Noteert")])
def test_help_on_a_command_of_the_match_speaks_the_match_s_language(
    tmp_path: Path, lang: str, said: str
) -> None:
    path = _new(tmp_path, lang)
    res = run_cli(tmp_path / "home", "declare", "--help", "--match", path)
    assert res.returncode == 0, res.stderr
    assert said in res.stdout
    res = run_cli(tmp_path / "home", "declare", "--help")  # the current match
    assert said in res.stdout
    res = run_cli(tmp_path / "home", "--lang", "en", "declare", "--help", "--match", path)
    assert "Record a declaration" in res.stdout


def test_rename_speaks_the_match_s_language(tmp_path: Path) -> None:
    home = tmp_path / "home"
    res = run_cli(home, "new", "klaverjassen", *PLAYERS, "--lang", "nl")
    assert res.returncode == 0, res.stderr
    listed = run_cli(home, "matches", "--json")
    name = re.search(r'"name": "([^"]+)"', listed.stdout)
    assert name is not None, listed.stdout
    res = run_cli(home, "rename", name.group(1), "clubavond")
    assert res.returncode == 0, res.stderr
    english = run_cli(home, "--lang", "en", "rename", "clubavond", "clubavond-2")
    assert res.stdout.split()[0] != english.stdout.split()[0], (res.stdout, english.stdout)


@pytest.mark.parametrize(
    ("lang", "head"),
    [
        ("de", "Spiel,Geber,Eintrag,Spielart,Gewinner,Wert,Anna Punkte"),
        ("nl", "Spel,Deler,Invoer,Spelsoort,Winnaar,Waarde,Anna punten"),
        ("en", "hand,dealer,kind,game,winner,value,Anna score"),
    ],
)
def test_the_csv_header_in_the_match_s_language(tmp_path: Path, lang: str, head: str) -> None:
    path = _new(tmp_path, lang)
    assert run_cli(tmp_path / "home", "hand", "re=Anna,Carla", "re_points=150", "--match", path)
    res = run_cli(tmp_path / "home", "export", "--format", "csv", "--match", path)
    assert res.returncode == 0, res.stderr
    assert res.stdout.startswith(head), res.stdout
    json = run_cli(tmp_path / "home", "export", "--match", path)
    assert '"winner": "re"' in json.stdout  # the codes stay for programs


HISTORY = re.compile(r"\b\d{4}-\d{2}-\d{2}\b|\bruling of\b|Entscheidung vom|beslissing van")


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_no_development_history_in_the_rule_sets_texts(tmp_path: Path, lang: str) -> None:
    for rule_set in RULE_SETS:
        for topic in TOPICS:
            res = run_cli(tmp_path, "--lang", lang, "explain", rule_set, topic)
            assert not HISTORY.search(res.stdout), (rule_set, topic, res.stdout)
