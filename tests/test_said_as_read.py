"""What a walker found still read wrong (issue 27, the last session's walk): each a class,
each test failing on the old words.

- A rule's name is a path a person reads, the same in every language: the rule, then
  where it stands (``Trümpfe (Spielarten, Normalspiel)``), never stacked colons
  (``[Regel: Spielarten: Normalspiel: Trümpfe]``), in a refusal, beside a hand's value,
  in a heading.
- Roem of a trick in a hand's value names the roem first, its trick after it (``reeks
  van drie in ruiten (...) in slag 2``), not a capital after a colon mid-line (``+20
  Anna & Carla: Slag 2: ...``).
- A declined roem says whose roem does not count and how much (``70 roem van Anna &
  Carla telt niet``), not ``(70)`` as if another side got it.
- A trump chosen is said as the table says it (``Ben koos harten als troef``), not in
  the order the action is typed (``Ben troef harten``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_helpers import PLAYERS, in_process, ok, run_cli

from scorekeeper.lang.terms import rule_name, section_title

STACKED = re.compile(r"\[[^\]\n]*: [^\]\n]*: [^\]\n]*\]")
"""A rule in brackets whose name stacks colons: [Regel: Spielarten: Normalspiel: Trümpfe]."""


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_a_rule_reads_as_its_name_then_where_it_stands(lang: str) -> None:
    trumps = rule_name("contracts.normal.trumps", lang)
    assert trumps == {
        "de": "Trümpfe (Spielarten, Normalspiel)",
        "nl": "troeven (spelsoorten, normaal spel)",
    }[lang]
    assert rule_name("options.revoke_penalty", "de") == "Strafe für Nichtbedienen"  # one part
    assert section_title("announcements.window", lang).endswith(")")
    assert ": " not in section_title("announcements.window", lang)


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_no_rule_stacks_colons_in_a_refusal_or_a_ruling(tmp_path: Path, lang: str) -> None:
    ruled = ok(run_cli(tmp_path, "--lang", lang, "judge", "doppelkopf", "--trick", "QC 10H AD KD"))
    assert "(" + {"de": "Spielarten", "nl": "spelsoorten"}[lang] in ruled, ruled
    refused = run_cli(tmp_path, "--lang", lang, "judge", "klaverjassen", "--trick", "JH 9H")
    assert refused.returncode != 0
    for said in (ruled, refused.stderr):
        assert not STACKED.search(said), said
        assert not re.search(r"\[[^\]\n]*: [^\]\n(]*: ", said), said


TRICK_ROEM = {
    "nl": ("reeks van drie in ruiten (A♦ H♦ V♦) in slag 2", "Slag 2:"),
    "de": ("Folge von drei in Karo (A♦ K♦ D♦) in Stich 2", "Stich 2:"),
    "en": ("run of three in diamonds (AD KD QD) in trick 2", "trick 2:"),
}


@pytest.mark.parametrize("lang", ["nl", "de", "en"])
def test_a_tricks_roem_names_the_roem_then_its_trick(tmp_path: Path, lang: str) -> None:
    res = run_cli(tmp_path, "--lang", lang, "demo", "klaverjassen", "--hands", "3", "--seed", "3")
    shown = " ".join(ok(res).split())  # the sheet's reasons wrap: read them as one text
    said, old = TRICK_ROEM[lang]
    assert said in shown, shown
    assert old not in shown, shown


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("de", "70 Punkte aus Meldungen von Anna & Carla zählen nicht: keine Meldung"),
        ("en", "70 roem of Anna & Carla does not count: declined"),
    ],
)
def test_a_declined_roem_says_whose_and_how_much(lang: str, said: str) -> None:
    """The Dutch hand (``tests/test_nl_second_reading.py``) says it at the table; the
    words in German and English."""
    from scorekeeper.text import language, say

    language.choose(lang)
    try:
        shown = say("klaverjassen.note.declined", side="Anna & Carla", points=70)
    finally:
        language.choose(None)
    assert shown.startswith(said), shown
    assert "(70)" not in shown, shown


BAR_TRUMP = {
    "nl": "Gezegd: Ben koos harten als troef",
    "de": "Gesagt: Ben wählte Herz als Trumpf",
    "en": "said: Ben chose hearts as trumps",
}


@pytest.mark.parametrize("lang", ["nl", "de", "en"])
def test_the_status_bar_says_a_trump_chosen_in_words(
    tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scorekeeper.table.bar import bar_data, bar_text
    from scorekeeper.table.session import TableSession

    path = tmp_path / "k.toml"
    run = in_process(tmp_path, monkeypatch)
    assert run("new", "klaverjassen", *PLAYERS, "--lang", lang, "--match", path).returncode == 0
    table = TableSession(path)
    assert table.handle("Ben trump hearts").ok
    bar = bar_text(bar_data(table.current(), lang), 200)
    assert BAR_TRUMP[lang] in bar, bar
    assert not re.search(r"Ben (troef|Trumpf|trump) ", bar), bar


HELP_WORDS = {
    "de": ("hilfe", ["aufdecken", "annehmen", "passe", "nennen", "tauschen", "Folge", "Bella"]),
    "nl": ("hulp", ["omdraaien", "akkoord", "pas", "noemen", "ruilen", "reeks", "bella"]),
}


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_the_tables_help_lists_every_word_the_game_reads(tmp_path: Path, lang: str) -> None:
    """Klaberjass's help left out the turn-up (``aufdecken``, ``omdraaien``), the sequence
    and bella: it listed what random play tries, not what the game reads. Amsterdam
    klaverjassen's listed ``omdraaien`` and ``akkoord``, which it refuses (no card is
    turned up there)."""
    from table_helpers import piped

    command, words = HELP_WORDS[lang]
    path = tmp_path / "kb.toml"
    ok(run_cli(tmp_path, "new", "klaberjass", "Anna", "Ben", "--match", path, "--lang", lang))
    shown = piped(tmp_path, path, f"{command}\n").stdout
    for word in words:
        assert re.search(rf"[ ,(]{word}[,;]", shown), (word, shown)
    path = tmp_path / "kj.toml"
    ok(run_cli(tmp_path, "new", "klaverjassen", *PLAYERS, "--match", path, "--lang", lang))
    shown = piped(tmp_path, path, f"{command}\n").stdout
    assert words[0] not in shown and words[1] not in shown, shown


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("nl", "Vóór de eerste kaart: er is nog geen troef gekozen; Ben mag"),
        ("de", "Vor der ersten Karte: Trumpf ist noch nicht bestimmt; jetzt nennt Ben"),
        ("en", "Before the first card: trump is not chosen yet; Ben"),
    ],
)
def test_no_capital_or_second_colon_after_a_colon_mid_line(
    tmp_path: Path, lang: str, said: str
) -> None:
    """Was 'Vóór de eerste kaart: Er is nog geen troef gekozen: Ben mag ...'."""
    shown = ok(run_cli(tmp_path, "new", "klaverjassen", *PLAYERS, "--lang", lang))
    assert said in shown, shown


def test_a_line_of_its_own_begins_with_a_capital(tmp_path: Path) -> None:
    """The table's referee before trump is chosen (was 'nu speelt niemand een kaart: ...')."""
    from table_helpers import piped

    path = tmp_path / "kj.toml"
    ok(run_cli(tmp_path, "new", "klaverjassen", *PLAYERS, "--match", path, "--lang", "nl"))
    shown = piped(tmp_path, path, "scheidsrechter\n").stdout
    assert "\nNu speelt niemand een kaart: er is nog geen troef gekozen; Ben mag" in shown, shown
