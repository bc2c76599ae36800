"""Issue 27's gaps of the previous session, each a class (session 2026-11-28 19:49): a
parenthesis that repeats what the sentence said ('Ben sagt Re an (Re-Partei)', 'Carla
koos ruiten als troef (Carla)'), completion's words (the meatless solo as a code, suits
lower case), yes/no options' choices ('Auswahl = keine'), an English abbreviation among
a Dutch table's aliases ('seq'), money with a decimal point in German and Dutch, sources
quoted inside player text ('zoals pagat beschrijft'), one side's name for Kloepper
('Andere'), one Dutch word for doubling, a help panel's value names broken at 40
columns, the help's example naming the player in lower case ('anna passe')."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from cli_helpers import PLAYERS, in_process, run_cli
from code_words import code_words
from table_helpers import new_match, piped

from scorekeeper import ruleset, simulate
from scorekeeper.hand import Hand
from scorekeeper.text import catalog, translate
from scorekeeper.text import language as view

LANGS = ["de", "nl"]


@pytest.mark.parametrize(
    ("lang", "said", "promise"),
    [
        ("de", "Ben sagt Re an", "Ben sagt keine 90 an (Re-Partei)"),
        ("nl", "Ben kondigt Re aan", "Ben kondigt geen 90 aan (Re-team)"),
    ],
)
def test_re_by_the_re_side_is_said_once(
    lang: str, said: str, promise: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = in_process(tmp_path / "home", monkeypatch)
    path = tmp_path / "m.toml"
    assert run("new", "doppelkopf", *PLAYERS, "--match", path, "--lang", lang).returncode == 0
    res = run("act", "Ben re", "Ben no90", "--match", path)
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert said in lines, res.stdout  # no '(Re-Partei)' after Re
    assert promise in lines, res.stdout  # a promise names its side


@pytest.mark.parametrize(
    ("lang", "chose", "repeated"),
    [
        ("de", "  Carla wählte Karo als Trumpf", "(Carla)"),
        ("nl", "  Carla koos ruiten als troef", "(Carla)"),
    ],
)
def test_one_player_s_choice_names_the_player_once(
    lang: str, chose: str, repeated: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three players each for himself: the side is the player ('Carla koos ruiten als
    troef (Carla)')."""
    run = in_process(tmp_path / "home", monkeypatch)
    path = tmp_path / "k.toml"
    res = run("new", "klaverjassen-3", *PLAYERS[:3], "--match", path, "--lang", lang)
    assert res.returncode == 0, res.stderr
    for said in ("Ben pass", "Carla trump diamonds", "Ben trump diamonds"):
        if run("act", said, "--match", path).returncode == 0 and "trump" in said:
            break
    status = run("status", "--match", path).stdout
    assert chose in status.splitlines(), status
    assert repeated not in status, status


def _first_hand(rule_set: str) -> Hand:
    rules = ruleset.load(rule_set)
    players = PLAYERS[: min(rules.player_counts)]
    return Hand(rules, players, players[0], deal=simulate.deal(rules, players, random.Random(1)))


@pytest.mark.parametrize(
    ("lang", "offered", "not_offered"),
    [
        ("de", ["Damen", "Buben", "Kreuz", "Pik", "Herz", "Karo", "Fleischloser"], "meatless"),
        ("nl", ["vrouwen", "boeren", "klaveren", "schoppen", "harten", "ruiten"], "meatless"),
    ],
)
def test_completion_offers_a_solo_s_kind_in_the_table_s_words(
    lang: str, offered: list[str], not_offered: str
) -> None:
    """After 'Anna Solo ' completion offered 'meatless' (the code) and 'kreuz'; what it
    offers reads back as that solo."""
    from scorekeeper.lang import translate as read
    from scorekeeper.table.complete import candidates

    hand = _first_hand("doppelkopf-ddv")
    view.choose(lang)
    try:
        solo = {"de": "Solo", "nl": "solo"}[lang]
        found = candidates(hand, hand.players, f"Anna {solo} ", lang)
    finally:
        view.reset()
    assert all(word in found for word in offered), found
    assert not_offered not in found and not code_words(" ".join(found), lang), found
    for word in found:  # each read back as a solo of that kind
        said = read([solo, word], lang, family="doppelkopf")
        assert said[0] == "solo" and len(said) == 2, (word, said)


@pytest.mark.parametrize(
    ("lang", "choices"), [("de", "Auswahl = ja, nein"), ("nl", "keuzes = ja, nee"), ("en", "")]
)
def test_a_yes_no_option_offers_yes_and_no(
    lang: str, choices: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = in_process(tmp_path / "home", monkeypatch)
    res = run("--lang", lang, "explain", "doppelkopf", "options")
    assert res.returncode == 0, res.stderr
    none = r"(?:Auswahl|keuzes|choices) = (?:keine|geen|none)$"
    assert not re.search(none, res.stdout, re.M), res.stdout
    assert choices in res.stdout, res.stdout


@pytest.mark.parametrize("lang", LANGS)
def test_a_german_or_dutch_table_s_aliases_hold_no_english_abbreviation(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = in_process(tmp_path / "home", monkeypatch)
    res = run("--lang", lang, "explain", "klaberjass", "announcements")
    assert res.returncode == 0, res.stderr
    assert not re.search(r"\bseq\b", res.stdout), res.stdout


# a decimal point in an amount (0.05, 0.50, 1.00), where German and Dutch write a comma
POINT = re.compile(r"(?<![\d.])\d+\.\d\d(?!\d)")


@pytest.mark.parametrize("lang", LANGS)
def test_money_is_written_with_the_table_s_decimal_comma(lang: str) -> None:
    """'geef een prijs per punt op, bijvoorbeeld 0.05' (cli.price_nan, settle.no_price,
    settle.bad_loss_money); what is written so is read (--price 0,05, '0,50;4:1,00')."""
    from scorekeeper.settle import parse_steps

    words = translate  # each message whose English writes an amount
    wrong = {  # a match file's own numbers aside (price = 0.05 is TOML)
        key: said
        for key, english in catalog.english().items()
        if POINT.search(english)
        and not key.startswith("matchlog.")
        and POINT.search(said := words(key, english, lang))
    }
    assert not wrong, wrong
    assert parse_steps("0,50;4:1,00") == (
        (1, parse_steps("0.50")[0][1]),
        (4, parse_steps("1.00")[0][1]),
    )


HISTORY_OF_SOURCES = {
    "en": r"pagat|\(the texts?[: ]|the text's|Decision \(",
    "de": r"pagat|im Regeltext|die Regeltexte sagen",
    "nl": r"pagat|\(de tekst|de teksten zwijgen",
}


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_no_rule_text_quotes_its_sources(lang: str) -> None:
    """A rule says the rule; the sources are named in the sources line ('zoals pagat
    beschrijft', '(the text: ...)' were in player text)."""
    texts = [translate(catalog.EXPLAIN, t, lang) for t in catalog.explain_texts()]
    quoted = [t for t in texts if re.search(HISTORY_OF_SOURCES[lang], t)]
    assert not quoted, "\n".join(quoted)


@pytest.mark.parametrize(
    ("lang", "side", "not_said"), [("de", "Gegenpartei", "Andere"), ("nl", "de anderen", "Andere")]
)
def test_kloepper_s_other_side_has_one_name(
    lang: str, side: str, not_said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = in_process(tmp_path / "home", monkeypatch)
    path = tmp_path / "k.toml"
    assert run("new", "kloepper", *PLAYERS, "--match", path, "--lang", lang).returncode == 0
    res = run("hand", "queens=Anna,Carla", "queens_points=40", "--match", path)
    assert res.returncode == 0, res.stderr
    said = res.stdout + run("score", "--match", path).stdout
    assert side in said and not_said not in said, said


def test_a_dutch_bierkopf_table_doubles_in_one_word(tmp_path: Path) -> None:
    path = new_match(tmp_path, "bierkopf", PLAYERS, lang="nl")
    res = piped(tmp_path / "home", path, "hulp\nben verdubbelen\nstand\n")
    assert "verdubbelen" in res.stdout, res.stdout
    assert not re.search(r"(?<!ver)dubbelen", res.stdout + res.stderr), res.stdout


@pytest.mark.parametrize(
    ("lang", "word"), [("de", "WÖRTER..."), ("nl", "WOORDEN..."), ("en", "WORDS...")]
)
def test_a_help_panel_keeps_value_names_whole_at_40_columns(
    lang: str, word: str, tmp_path: Path
) -> None:
    res = run_cli(tmp_path, "--lang", lang, "play", "--help", env={"COLUMNS": "40"})
    assert res.returncode == 0, res.stderr
    panel = [line for line in res.stdout.splitlines() if line.startswith("│")]
    assert any(word in line for line in panel), res.stdout  # was 'WÖRTER..' / '.'


@pytest.mark.parametrize(("lang", "example"), [("de", "(Anna passe;"), ("nl", "(Anna pas;")])
def test_the_help_s_example_names_the_player_as_written(
    lang: str, example: str, tmp_path: Path
) -> None:
    path = new_match(tmp_path, "klaverjassen", PLAYERS, lang=lang)
    res = piped(tmp_path / "home", path, {"de": "hilfe\n", "nl": "hulp\n"}[lang])
    assert example in res.stdout, res.stdout


@pytest.mark.parametrize("lang", LANGS)
def test_a_match_s_help_names_its_rule_set_once(lang: str, tmp_path: Path) -> None:
    """A doppelkopf-ddv match's help examples read 'judge doppelkopf-ddv-ddv' (the id
    filled in again inside itself)."""
    path = new_match(tmp_path, "doppelkopf-ddv", PLAYERS, lang=lang)
    for command in ("judge", "explain", "table"):
        res = run_cli(tmp_path / "home", command, "--help", match_env=path)
        assert res.returncode == 0, res.stderr
        assert "ddv-ddv" not in res.stdout, res.stdout


@pytest.mark.parametrize(
    ("lang", "choices"), [("de", "übertragen, keine"), ("nl", "meenemen, geen")]
)
def test_an_option_s_choices_are_listed_apart(
    lang: str, choices: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """'Auswahl = übertragen keine' read as one value; sentences were listed as values
    ('... bevor jemand reizt., Reihenfolge = ...')."""
    run = in_process(tmp_path / "home", monkeypatch)
    res = run("--lang", lang, "explain", "bierkopf", "options")
    assert choices in res.stdout, res.stdout
    res = run("--lang", lang, "explain", "klaberjass", "announcements")
    assert "., " not in res.stdout, res.stdout
