"""The table's prompt wraps between words (issue 27, item 5): a quick hand's question is
longer than a terminal line in German and Dutch; the terminal used to cut it wherever the
line ended ('[play' / 'ing=]>', 'leeg om w' / 'eg te laten'). Through the real session in
tmux, 80 columns wide: no line of the screen is filled to the last column, and each
question reads whole."""

from __future__ import annotations

from pathlib import Path

import pytest
from table_helpers import new_match
from tmux_helpers import tmux_sessions  # noqa: F401  (tmux_sessions: tmux)

from scorekeeper.cli.table import prompt_message

WIDTH = 80
# the quick hand's first questions, and what ends each (Amsterdam klaverjassen)
CASES = {
    "nl": (  # each fact by its name at the table (spelend team=), not its key (playing=)
        ["snel", "Ben", "harten", "100"],
        ["team=]>", "[troef=]>", "[punten=]>", "[roem=]>"],
    ),
    "de": (
        ["schnell", "Ben", "Herz", "100"],
        ["[Spielpartei=]>", "[Trumpf=]>", "[Augen=]>", "[Meldungen=]>"],
    ),
}


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_a_long_question_wraps_between_words(lang: str, tmp_path: Path, tmux) -> None:  # type: ignore[no-untyped-def]
    path = new_match(tmp_path, "klaverjassen", ["Anna", "Ben", "Carla", "Dirk"], lang=lang)
    t = tmux(path, width=WIDTH)
    typed, ends = CASES[lang]
    t.wait("Ben")
    for line, end in zip(typed, ends, strict=True):
        t.keys(line, "Enter")
        screen = t.wait(end)
    lines = [x for x in screen.splitlines() if x.strip()]
    question = [x for x in lines if "[" in x or ":" in x]
    assert question, screen
    # the match file's line (its path may be longer than the screen) aside
    full = [x for x in lines if len(x) >= WIDTH and "/" not in x and "partij" not in x and "Partie" not in x]
    assert not full, screen  # a line filled to the edge: the terminal cut it there


def test_a_short_prompt_stays_as_it_was() -> None:
    assert prompt_message("Ben is aan de beurt", WIDTH) == "Ben is aan de beurt> "


def test_a_long_prompt_is_broken_between_words_only() -> None:
    text = "De roem die het andere team telt (0 als die afgeslagen is): getal, leeg om weg te laten [roem ander team=]"
    shown = prompt_message(text, 60)
    assert shown.endswith("> ")
    assert " ".join(shown.split()) == " ".join(f"{text}>".split())
    assert all(len(line) <= 60 - 16 for line in shown.rstrip().splitlines())


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_the_opening_lines_wrap_between_words(lang: str, tmp_path: Path, tmux) -> None:  # type: ignore[no-untyped-def]
    """The session's first line names the match file; at 60 columns the terminal used to
    cut it inside a word ('partijbesta' / 'nd /tmp/...')."""
    path = new_match(tmp_path, "klaverjassen", ["Anna", "Ben", "Carla", "Dirk"], lang=lang)
    t = tmux(path, width=60)
    screen = t.wait("Ben")
    word = {"nl": "partijbestand", "de": "Partiedatei"}[lang]
    assert word in screen, screen  # whole, on one line
    assert all(len(line) < 60 or "/" in line for line in screen.splitlines()), screen
