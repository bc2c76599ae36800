"""A solo is declared by the words a table says for it, in every language: the name the
program itself prints reads back as that solo, and so do the table's phrases of several
words ('queens solo', 'Solo Fleischloser', 'solo zonder troef'), which the reader once
split into a solo and a stray word (issue 24, item 1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import PLAYERS, run_cli

from scorekeeper import matchlog

SAID = [
    ("en", "queens solo", "Ben solo queens"),
    ("en", "solo queens", "Ben solo queens"),
    ("en", "meatless solo", "Ben solo meatless"),
    ("en", "clubs solo", "Ben solo clubs"),
    ("de", "Solo Fleischloser", "Ben solo meatless"),
    ("de", "solo fleischlos", "Ben solo meatless"),
    ("de", "Fleischloser", "Ben solo meatless"),
    ("de", "Damensolo", "Ben solo queens"),
    ("de", "Solo Damen", "Ben solo queens"),
    ("nl", "solo zonder troef", "Ben solo meatless"),
    ("nl", "zonder troef", "Ben solo meatless"),
    ("nl", "vleesloze solo", "Ben solo meatless"),
    ("nl", "vrouwensolo", "Ben solo queens"),
    ("nl", "klaverensolo", "Ben solo clubs"),
]


@pytest.mark.parametrize(("lang", "words", "stored"), SAID)
def test_a_solo_by_the_table_s_words(tmp_path: Path, lang: str, words: str, stored: str) -> None:
    match = tmp_path / "m.toml"
    made = run_cli(tmp_path, "new", "doppelkopf-ddv", *PLAYERS, "--lang", lang, "--match", match)
    assert made.returncode == 0, made.stderr
    res = run_cli(tmp_path, "declare", "Ben", *words.split(), "-m", match)
    assert res.returncode == 0, res.stderr
    log, _ = matchlog.read(match)
    assert log.hands[-1].actions == [stored]


def test_a_phrase_does_not_swallow_a_card_or_a_name(tmp_path: Path) -> None:
    """The phrase is read whole only where all its words are there: 'troef harten' at a
    Dutch Klaverjassen table is still the trump choice, not part of a solo."""
    match = tmp_path / "k.toml"
    made = run_cli(tmp_path, "new", "klaverjassen", *PLAYERS, "--lang", "nl", "--match", match)
    assert made.returncode == 0, made.stderr
    res = run_cli(tmp_path, "act", "Ben pas", "Carla troef harten", "-m", match)
    assert res.returncode == 0, res.stderr
    log, _ = matchlog.read(match)
    assert log.hands[-1].actions == ["Ben pass", "Carla trump hearts"]
