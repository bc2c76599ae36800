"""``judge --game`` in the table's words (issue 27, item 2): a German or Dutch table names
the game as it says it (vrouwensolo, Damensolo, biggetjes, normaal spel), and the ruling is
the one the English key gives; a game it does not know is refused with the games listed in
the table's words, no English code among them."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import in_process
from code_words import code_words

# the same question each time: Anna led the ace of diamonds, what may Ben play?
ASKED = {
    "en": ["--trick", "Anna:AD", "--player", "Ben", "--hand", "AD QC 10H"],
    "de": ["--trick", "Anna:KaA", "--player", "Ben", "--hand", "KaA KrD H10"],
    "nl": ["--trick", "Anna:RA", "--player", "Ben", "--hand", "RA KlV H10"],
}
NAMED = [
    ("nl", "vrouwensolo", "queens"),
    ("nl", "vrouwen", "queens"),
    ("nl", "vleesloze solo", "meatless"),
    ("nl", "klaverensolo", "clubs"),
    ("nl", "normaal spel", "normal"),
    ("nl", "biggetjes", "piglets"),
    ("de", "Damensolo", "queens"),
    ("de", "Fleischloser", "meatless"),
    ("de", "Kreuzsolo", "clubs"),
    ("de", "Normalspiel", "normal"),
    ("de", "Schweinchen", "piglets"),
]


@pytest.mark.parametrize(("lang", "said", "key"), NAMED)
def test_the_game_is_read_as_the_table_names_it(
    lang: str, said: str, key: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = in_process(tmp_path, monkeypatch)
    base = ["judge", "doppelkopf-ddv", "--set", "piglets=true", "--json"]
    english = run("--lang", "en", *base, "--game", key, *ASKED["en"])
    assert english.returncode == 0, english.stderr
    res = run("--lang", lang, *base, "--game", said, *ASKED[lang])
    assert res.returncode == 0, res.stderr
    assert res.stdout == english.stdout


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_an_unknown_game_is_refused_with_the_games_in_the_table_s_words(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = in_process(tmp_path, monkeypatch)
    res = run("--lang", lang, "judge", "doppelkopf-ddv", "--game", "xyz", *ASKED[lang])
    assert res.returncode == 2, res.stdout
    refusal = res.stderr.replace("\n", " ")
    assert "'xyz'" in refusal
    assert not code_words(refusal, lang), refusal  # not 'normal, piglets, queens, ...'
