"""Cards and the games' words in English, German and Dutch (issue 13 item 2, issue 16's
data): the language files, the reader at the door, and every recording command through
the real command line with German and Dutch input.

The file always keeps canonical codes and verbs, whatever was typed; a match without a
language loads and is written exactly as before.
"""

from __future__ import annotations

import functools
import subprocess
from pathlib import Path

import pytest
from cli_helpers import PLAYERS, assert_refused, run_cli, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from scorekeeper import lang as sk_lang
from scorekeeper import matchlog
from scorekeeper.cards import Card
from scorekeeper.cli.app import app
from scorekeeper.errors import CardError
from scorekeeper.lang import (
    LANGS,
    card_name,
    card_readings,
    environment_lang,
    game_word,
    language,
    read_card,
    translate,
)
from scorekeeper.lang.reading import game_words
from scorekeeper.rules.source import shipped_dirs
from scorekeeper.ruleset import load

RULESETS = sorted(p.stem for d in shipped_dirs() for p in d.glob("*.toml"))


# --------------------------------------------------------------------------- the data


@functools.cache
def _forms(lang: str, card: Card) -> frozenset[str]:
    """Every way the data let a player of ``lang`` write ``card``: a rank form and a suit
    form of one language (``lang``, or English which every language reads), either order,
    together, with a space, and with each connector."""
    forms: set[str] = set()
    vocabularies = {lang, "en"}
    for code in vocabularies:
        voc = language(code)
        for r in voc.ranks[card.rank].read:
            for s in voc.suits[card.suit].read:
                for a, b in ((r, s), (s, r)):
                    forms.update({a + b, f"{a} {b}"})
                    forms.update(f"{a} {c} {b}" for c in voc.connectors)
    return frozenset(forms)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_form_means_two_cards(lang: str, ruleset: str) -> None:
    """Within one language every short form, full name and symbol form of every card of
    the rule set's deck reads as that card and no other (German D is Dame, English D
    diamonds; Dutch H is heer and harten, and both orders agree)."""
    deck = load(ruleset).deck
    for card in deck.cards:
        for form in _forms(lang, card):
            if form in game_words():  # queen+s = queens: a game word, never a card
                assert card_readings(form, lang) == set(), (lang, ruleset, form)
                continue
            assert card_readings(form, lang) == {card}, (lang, ruleset, form)
            assert card_readings(form.upper(), lang) == {card}, (lang, ruleset, form)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("style", ["short", "full", "symbol"])
def test_card_names_read_back(lang: str, style: str) -> None:
    for ruleset in RULESETS:
        for card in load(ruleset).deck.cards:
            assert read_card(card_name(card, lang, style), lang) == card


def test_card_names_and_game_words() -> None:
    qc = Card("Q", "C")
    assert card_name(qc, "en") == "QC"
    assert card_name(qc, "en", "full") == "queen of clubs"
    assert card_name(qc, "de", "full") == "Kreuz Dame"
    assert card_name("10H", "de", "full") == "Herz Zehn"
    assert card_name(qc, "de") == "D♣"
    assert card_name(qc, "nl") == "V♣"
    assert card_name("JC", "nl", "full") == "klaveren boer"
    assert card_name("AD", "nl", "full") == "ruiten aas"
    assert card_name(qc, "en", "symbol") == "Q♣"
    assert game_word("contra", "de") == "Kontra"
    assert game_word("no90", "de") == "keine 90"
    assert game_word("revoke", "nl") == "verzaakt"
    assert game_word("we", "nl") == "wij" and game_word("they", "nl") == "zij"
    assert game_word("knock", "de") == "Klopfen" and game_word("double", "de") == "Doppeln"
    assert game_word("no_such_key", "de") == "no_such_key"


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_has_every_game_word_of_english(lang: str) -> None:
    assert set(language(lang).words) == set(language("en").words)


@pytest.mark.parametrize("lang", LANGS)
def test_no_game_word_reads_as_a_card(lang: str) -> None:
    voc = language(lang)
    phrases = set(voc.read) | {p for table in voc.read_family.values() for p in table}
    for phrase in phrases:
        assert card_readings(phrase, lang) == set(), (lang, phrase)


@pytest.mark.parametrize(
    ("lang", "typed", "tokens"),
    [
        ("de", "Ben Kreuz Dame", ["Ben", "QC"]),
        ("de", "kreuz dame herz zehn karo ass karo neun", ["QC", "10H", "AD", "9D"]),
        ("de", "KrD H10 KaA Ka9", ["QC", "10H", "AD", "9D"]),
        ("de", "QC 10H AD 9D", ["QC", "10H", "AD", "9D"]),
        ("de", "Kreuz-Dame, DH, HD D♣ ♣D", ["QC", "QH", "QH", "QC", "QC"]),
        ("de", "Ass Kreuz Kreuz As", ["AC", "AC"]),
        ("de", "Ben keine 90", ["Ben", "no90"]),
        ("de", "Anna KONTRA", ["Anna", "contra"]),
        ("de", "Anna Damensolo", ["Anna", "solo", "queens"]),
        ("de", "Anna solo Kreuz", ["Anna", "solo", "clubs"]),
        ("nl", "Carla troef harten", ["Carla", "trump", "hearts"]),
        ("nl", "klaveren boer VKl HH V♣ hr", ["JC", "QC", "KH", "QC", "KD"]),
        ("nl", "Ben pas", ["Ben", "pass"]),
        ("en", "queen of clubs, qc", ["QC", "qc"]),
        ("en", "Anna no 90", ["Anna", "no90"]),
        ("en", "Carla trump harten", ["Carla", "trump", "harten"]),
    ],
)
def test_translate(lang: str, typed: str, tokens: list[str]) -> None:
    assert translate(typed, lang, family="doppelkopf", players=PLAYERS) == tokens


def test_a_player_named_like_a_card_stays_a_player() -> None:
    assert translate("Dame Kreuz Dame", "de", players=["Dame", "Ben"]) == ["Dame", "QC"]


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_MESSAGES": "nl_NL.UTF-8", "LANG": "de_DE.UTF-8"}, "nl"),
        ({"LC_ALL": "de_AT.UTF-8", "LC_MESSAGES": "nl_NL.UTF-8"}, "de"),
        ({"SCOREKEEPER_LANG": "nl", "LC_ALL": "de_DE.UTF-8"}, "nl"),
    ],
)
def test_environment_language(environ: dict[str, str], lang: str) -> None:
    assert environment_lang(environ) == lang


def test_a_broken_language_file_is_one_clear_error() -> None:
    with pytest.raises(sk_lang.data.ScorekeeperError, match=r"language file de\.toml: "):
        sk_lang.data.parse("de", {"code": "de", "name": "x", "suits": {"C": {}}})


# --------------------------------------------------------------------------- the command line


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


@pytest.fixture
def quick(home: Path, monkeypatch: pytest.MonkeyPatch):
    """The real app in-process, in a clean environment (no language from the shell)."""
    monkeypatch.setenv("SCOREKEEPER_HOME", str(home))
    for var in ("SCOREKEEPER_MATCH", "SCOREKEEPER_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    runner = CliRunner()

    def run(*args: object) -> subprocess.CompletedProcess[str]:
        res = runner.invoke(app, [str(a) for a in args], catch_exceptions=False)
        return subprocess.CompletedProcess(args, res.exit_code, res.stdout, res.stderr)

    return run


def _new(quick, path: Path, ruleset: str, lang: str | None, players=PLAYERS) -> None:
    extra = ["--lang", lang] if lang else []
    res = quick("new", ruleset, *players, "--match", path, *extra)
    assert res.returncode == 0, res.stderr


def _actions(path: Path) -> list[str]:
    log, _ = matchlog.read(path)
    return [a for hand in log.hands for a in hand.actions]


def _ok(res: subprocess.CompletedProcess[str]) -> str:
    assert res.returncode == 0, res.stderr
    return res.stdout


DOPPELKOPF = ["Ben re", "Carla contra", "Ben QC", "Carla 10H", "Dirk AD", "Anna 9D", "Ben no90"]
KLAVERJASSEN = ["Ben pass", "Carla trump hearts", "Ben JC", "Carla KH", "Dirk QC", "Anna 7D"]
OPENINGS = {
    ("doppelkopf", "de"): [
        ("announce", "Ben", "Re"),
        ("announce", "Carla", "Kontra"),
        ("trick", "Kreuz", "Dame,", "Herz", "Zehn,", "KaA", "Karo", "Neun"),
        ("announce", "Ben", "keine", "90"),
    ],
    ("doppelkopf", "nl"): [
        ("announce", "Ben", "Re"),
        ("announce", "Carla", "contra"),
        ("trick", "klaveren vrouw, harten tien, RA, ruiten negen"),
        ("announce", "Ben", "geen", "90"),
    ],
    ("klaverjassen", "nl"): [
        ("act", "Ben pas", "Carla troef harten"),
        ("play", "Ben", "klaveren", "boer"),
        ("trick", "HH", "VKl", "r7"),
    ],
    ("klaverjassen", "de"): [
        ("act", "Ben passe", "Carla Trumpf Herz"),
        ("trick", "Kreuz Bube", "HK", "DKr", "Karo Sieben"),
    ],
}


@pytest.mark.parametrize(("ruleset", "lang"), list(OPENINGS))
def test_an_opening_in_german_and_dutch(quick, tmp_path: Path, ruleset: str, lang: str) -> None:
    m = tmp_path / "m.toml"
    _new(quick, m, ruleset, lang)
    for words in OPENINGS[ruleset, lang]:
        _ok(quick(*words, "-m", m))
    opening = DOPPELKOPF if ruleset == "doppelkopf" else KLAVERJASSEN
    assert _actions(m) == opening
    log, _ = matchlog.read(m)
    assert log.lang == lang


def test_cards_by_name_and_symbol_in_german(quick, tmp_path: Path) -> None:
    m = tmp_path / "d.toml"
    _new(quick, m, "doppelkopf", "de")
    _ok(quick("trick", "KrD H10 KaA Ka9", "-m", m))
    _ok(quick("play", "Carla", "Pik", "Ass", "-m", m))
    _ok(quick("play", "D♠", "-m", m))
    assert _actions(m)[-2:] == ["Carla AS", "Dirk QS"]


def test_doppelkopf_declaration_and_quick_hand_in_german(quick, tmp_path: Path) -> None:
    m = tmp_path / "d.toml"
    _new(quick, m, "doppelkopf-ddv", "de")
    _ok(quick("declare", "Anna", "Damensolo", "-m", m))
    assert _actions(m) == ["Anna solo queens"]
    _ok(quick("undo", "-m", m))
    _ok(
        quick(
            "hand",
            "re=Anna,Carla",
            "re_points=165",
            "-a",
            "Anna Re",
            "-a",
            "Anna keine 90",
            "-m",
            m,
        )
    )
    log, _ = matchlog.read(m)
    assert log.hands[0].actions == ["Anna re", "Anna no90"]


def test_doppelkopf_deal_in_german(quick, tmp_path: Path) -> None:
    import random

    from scorekeeper.simulate import deal

    m = tmp_path / "d.toml"
    _new(quick, m, "doppelkopf", "de")
    hands = deal(load("doppelkopf"), PLAYERS, random.Random(3))
    args = [f"{p}={', '.join(card_name(c, 'de', 'full') for c in cs)}" for p, cs in hands.items()]
    _ok(quick("deal", *args, "-m", m))
    log, _ = matchlog.read(m)
    assert log.hands[0].deal == {p: [c.code for c in cs] for p, cs in hands.items()}


def test_klaverjassen_quick_hand_in_dutch(quick, tmp_path: Path) -> None:
    m = tmp_path / "k.toml"
    _new(quick, m, "klaverjassen", "nl")
    _ok(
        quick(
            "hand",
            "playing=Ben",
            "trump=schoppen",
            "points=100",
            "roem=20",
            "roem_other=0",
            "-m",
            m,
        )
    )
    log, _ = matchlog.read(m)
    assert log.hands[0].quick is not None and log.hands[0].quick["trump"] == "spades"


def test_wilde_boom_kraak_in_dutch(quick, tmp_path: Path) -> None:
    m = tmp_path / "w.toml"
    _new(quick, m, "klaverjassen-wilde-boom", "nl")
    _ok(quick("act", "Ben pas", "Carla troef harten", "Dirk kraak", "-m", m))
    assert _actions(m)[-1] == "Dirk kraak"


def test_klaberjass_bidding_in_dutch(quick, tmp_path: Path) -> None:
    m = tmp_path / "kb.toml"
    _new(quick, m, "klaberjass", "nl", players=["Anna", "Ben"])
    _ok(
        quick(
            "act", "Anna omdraaien harten tien", "Ben pas", "Anna pas", "Ben noem schoppen", "-m", m
        )
    )
    assert _actions(m) == ["Anna turnup 10H", "Ben pass", "Anna pass", "Ben name spades"]


def test_kloepper_knock_in_german(quick, tmp_path: Path) -> None:
    m = tmp_path / "kl.toml"
    _new(quick, m, "kloepper", "de")
    _ok(quick("announce", "Ben", "Klopfen", "-m", m))
    _ok(quick("play", "Kreuz", "Dame", "-m", m))
    assert _actions(m) == ["Ben knock", "Ben QC"]


def test_bierkopf_double_in_german(quick, tmp_path: Path) -> None:
    m = tmp_path / "b.toml"
    _new(quick, m, "bierkopf", "de")
    _ok(quick("act", "Carla doppeln", "-m", m))
    _ok(quick("play", "Herz", "Ass", "-m", m))
    assert _actions(m) == ["Carla double", "Ben AH"]


def test_unknown_card_is_refused_with_the_nearest_name(quick, tmp_path: Path) -> None:
    m = tmp_path / "d.toml"
    _new(quick, m, "doppelkopf", "de")
    before = snapshot(m)
    # --lang en: the words of the refusal in English (the match's own language is German)
    res = quick("--lang", "en", "play", "Kreuz", "Dam", "-m", m)
    line = assert_refused(res, rule="deck", path=m, before=before, code=2)
    assert "Deutsch" in line and "Kreuz Dame (QC)" in line
    res = quick("--lang", "en", "trick", "Kreuz", "Dame", "Hertz", "Zehn", "-m", m)
    line = assert_refused(res, rule="deck", path=m, before=before, code=2)
    assert "Herz Zehn (10H)" in line


def test_unknown_dutch_card_names_dutch(quick, tmp_path: Path) -> None:
    m = tmp_path / "k.toml"
    _new(quick, m, "klaverjassen", "nl")
    _ok(quick("act", "Ben pas", "Carla troef harten", "-m", m))
    before = snapshot(m)
    line = assert_refused(
        quick("--lang", "en", "play", "klaveren", "boerr", "-m", m),
        rule="deck",
        path=m,
        before=before,
        code=2,
    )
    assert "Nederlands" in line and "klaveren boer (JC)" in line


def test_unknown_language_is_refused(quick, tmp_path: Path) -> None:
    m = tmp_path / "x.toml"
    res = quick("new", "doppelkopf", *PLAYERS, "--match", m, "--lang", "fr")
    assert_refused(res, kind="usage", names=("fr",))
    assert not m.exists()


def test_match_without_language_is_written_as_before(quick, tmp_path: Path) -> None:
    """No --lang in an English environment: no header field; the file of an old match
    (no ``lang``) reads and writes byte for byte as before, and English input keeps its
    meaning and its spelling."""
    m = tmp_path / "d.toml"
    _new(quick, m, "doppelkopf-ddv", None)
    assert "lang" not in m.read_text()
    _ok(quick("announce", "Carla", "kontra", "-m", m))
    _ok(quick("act", "Ben QC", "-m", m))
    assert _actions(m) == ["Carla kontra", "Ben QC"]
    text = m.read_text()
    log, _ = matchlog.read(m)
    assert log.lang is None and log.dumps() == text


def test_a_header_language_other_than_known_is_a_file_problem(quick, tmp_path: Path) -> None:
    m = tmp_path / "d.toml"
    _new(quick, m, "doppelkopf", "nl")
    m.write_text(m.read_text().replace('lang = "nl"', 'lang = "fr"'))
    res = quick("check", m)
    assert res.returncode != 0 and "lang" in res.stdout + res.stderr


def test_new_json_names_the_language(quick, tmp_path: Path) -> None:
    import json

    res = quick("new", "doppelkopf", *PLAYERS, "--match", tmp_path / "d.toml", "--json")
    assert json.loads(_ok(res))["lang"] == "en"


def test_language_from_the_locale_through_a_real_process(tmp_path: Path) -> None:
    home = tmp_path / "home"
    m = tmp_path / "d.toml"
    env = {"LANG": "de_DE.UTF-8", "LC_ALL": "", "LC_MESSAGES": ""}
    res = run_cli(home, "new", "doppelkopf", *PLAYERS, "--match", m, env=env)
    assert res.returncode == 0, res.stderr
    res = run_cli(home, "trick", "Kreuz", "Dame", "DH", "HD", "Karo", "Ass", "--match", m)
    assert res.returncode == 0, res.stderr
    log, _ = matchlog.read(m)
    assert log.lang == "de"
    assert log.hands[0].actions == ["Ben QC", "Carla QH", "Dirk QH", "Anna AD"]


def test_language_files_are_package_data() -> None:
    from importlib import resources

    names = {p.name for p in resources.files("scorekeeper.lang").iterdir()}
    assert {f"{code}.toml" for code in LANGS} <= names


def test_klaberjass_in_german(quick, tmp_path: Path) -> None:
    m = tmp_path / "kb.toml"
    _new(quick, m, "klaberjass", "de", players=["Anna", "Ben"])
    _ok(quick("act", "Anna aufdecken Herz Zehn", "Ben passe", "Anna nehme", "-m", m))
    assert _actions(m) == ["Anna turnup 10H", "Ben pass", "Anna accept"]


def test_kloepper_and_bierkopf_in_dutch(quick, tmp_path: Path) -> None:
    kl, bk = tmp_path / "kl.toml", tmp_path / "b.toml"
    _new(quick, kl, "kloepper", "nl")
    _ok(quick("announce", "Ben", "kloppen", "-m", kl))
    _ok(quick("play", "klaveren", "vrouw", "-m", kl))
    assert _actions(kl) == ["Ben knock", "Ben QC"]
    _new(quick, bk, "bierkopf", "nl")
    _ok(quick("act", "Carla dubbelen", "-m", bk))
    _ok(quick("trick", "harten aas", "HH", "h10", "boer van harten", "-m", bk))
    assert _actions(bk) == ["Carla double", "Ben AH", "Carla KH", "Dirk 10H", "Anna JH"]


def test_amend_in_german(quick, tmp_path: Path) -> None:
    m = tmp_path / "d.toml"
    _new(quick, m, "doppelkopf", "de")
    _ok(quick("trick", "KrD H10 KaA Ka9", "-m", m))
    _ok(
        quick(
            "amend",
            "1",
            "--trick",
            "1",
            "Kreuz",
            "Dame",
            "Herz",
            "Zehn",
            "KaA",
            "Karo",
            "König",
            "-m",
            m,
        )
    )
    _ok(quick("announce", "Carla", "Kontra", "-m", m))
    _ok(quick("amend", "1", "--action", "5", "Carla Re", "-m", m))
    assert _actions(m) == ["Ben QC", "Carla 10H", "Dirk AD", "Anna KD", "Carla re"]


def test_amend_quick_facts_in_german(quick, tmp_path: Path) -> None:
    m = tmp_path / "d.toml"
    _new(quick, m, "doppelkopf", "de")
    _ok(quick("hand", "re=Anna,Carla", "re_points=100", "-m", m))
    _ok(quick("amend", "1", "re_points=0", "all_tricks=kontra", "-m", m))
    log, _ = matchlog.read(m)
    assert log.hands[0].quick is not None and log.hands[0].quick.get("all_tricks") == "contra"


def test_the_german_and_dutch_walkthrough(quick, tmp_path: Path) -> None:
    """docs/languages.md's German and Dutch example (README links to it), line by line, and
    what it says is stored: each command succeeds, but for the one it shows refused
    ('# Fehler: ...')."""
    import shlex

    doc = (Path(__file__).parent.parent / "docs" / "languages.md").read_text("utf-8")
    block = doc.split("## In German and Dutch", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    lines = block.strip().splitlines()
    files: list[Path] = []
    for at, line in enumerate(lines):
        if line.startswith("#"):
            continue
        words = shlex.split(line)
        words = words[words.index("scorekeeper") + 1 :]  # LANG=... only words the output
        if words[0] == "new":
            files.append(tmp_path / f"{len(files)}.toml")
            words += ["--match", str(files[-1])]
        elif not {"judge", "explain"} & set(words):  # these two read no match
            words += ["-m", str(files[-1])]
        if words[0] != "new" and "--lang" in words:  # the launcher's place for it, in-process
            at_lang = words.index("--lang")
            words = words[at_lang : at_lang + 2] + words[:at_lang] + words[at_lang + 2 :]
        res = quick(*words)
        said = lines[at + 1] if at + 1 < len(lines) else ""
        if said.startswith("# Fehler"):
            assert res.returncode == 1, (line, res.stdout)
        else:
            _ok(res)
    first = ["Ben re", "Carla contra", "Ben QC", "Carla 10H", "Dirk AD", "Anna QD", "Ben no90"]
    assert _actions(files[0]) == first
    assert _actions(files[2])[:2] == ["Ben pass", "Carla trump hearts"]
    assert _actions(files[2])[2:] == ["Ben JC", "Carla KH", "Dirk QC", "Anna 7D", "Carla 9H"]


def test_judge_reads_the_environment_language(quick, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOREKEEPER_LANG", "de")
    out = _ok(
        quick(
            "--lang",  # the words shown in English; the cards typed are read in the env's language
            "en",
            "judge",
            "doppelkopf",
            "--trick",
            "Anna:Herz Ass Ben:H9",
            "--player",
            "Carla",
            "--hand",
            "Herz König, Kreuz Dame, P9",
        )
    )
    assert "trick so far: Anna:AH Ben:9H" in out and "may play: KH" in out
    out = _ok(
        quick(
            "--lang",
            "en",
            "judge",
            "doppelkopf",
            "-f",
            "re=Anna,Carla",
            "-f",
            "re_points=165",
            "-a",
            "Anna Re",
        )
    )
    assert "Re announced" in out
    monkeypatch.setenv("SCOREKEEPER_LANG", "nl")
    out = _ok(
        quick(
            "--lang",  # the words shown in English; the cards typed are read in the env's language
            "en",
            "judge",
            "klaverjassen",
            "--trick",
            "Anna:schoppen aas Ben:S7",
            "--trump",
            "harten",
            "--player",
            "Carla",
            "--hand",
            "HB S8 RA",
        )
    )
    assert "Anna:AS Ben:7S" in out and "may play: 8S" in out
    res = quick("--lang", "en", "judge", "klaverjassen", "--trick", "Anna:schoppen aaas")
    assert_refused(res, rule="deck", names=("schoppen aas (AS)", "Nederlands"), code=2)


def test_kloepper_quick_hand_in_german(quick, tmp_path: Path) -> None:
    m = tmp_path / "kl.toml"
    _new(quick, m, "kloepper", "de")
    _ok(quick("hand", "--keys", "-m", m))
    res = quick("hand", "queens=Anna,Carla", "queens_points=0", "all_tricks=andere", "-m", m)
    _ok(res)
    log, _ = matchlog.read(m)
    assert log.hands[0].quick is not None and log.hands[0].quick["all_tricks"] == "others"


_ALPHABET = "AaKkQqDdJjBbHhSsCcRrVvTtZz0123456789789 ♣♠♥♦♧,-.:ßöüä\u0301xX"


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=_ALPHABET, max_size=24), lang=st.sampled_from(LANGS))
def test_any_text_reads_or_is_refused_cleanly(text: str, lang: str) -> None:
    """Whatever is typed, the reader gives tokens or one clear CardError; a card it
    gives reads back as itself, and the words it does not know stay as typed."""
    tokens = translate(text, lang, family="doppelkopf", players=PLAYERS)
    assert all(isinstance(t, str) and t for t in tokens)
    try:
        codes = sk_lang.read_cards(text, lang)
    except CardError as exc:
        assert exc.rule == "deck" and exc.message
    else:
        assert [Card.parse(c).code for c in codes] == codes


@settings(max_examples=200, deadline=None)
@given(data=st.data(), lang=st.sampled_from(LANGS))
def test_a_card_written_any_way_reads_as_itself(data: st.DataObject, lang: str) -> None:
    card = data.draw(st.sampled_from(sorted(load("doppelkopf").deck.cards, key=str)))
    forms = sorted(f for f in _forms(lang, card) if f not in game_words())  # queens: a solo
    form = data.draw(st.sampled_from(forms))
    cased = "".join(data.draw(st.sampled_from([c.lower(), c.upper()])) for c in form)
    assert read_card(cased, lang) == card
    player, token = translate(f"Anna {cased}", lang, players=PLAYERS)
    assert player == "Anna" and Card.parse(token) == card
    if lang != "en":  # English keeps a form the old notation reads as it was typed
        assert token == card.code


def test_random_words_through_play_and_act_never_crash(quick, tmp_path: Path) -> None:
    """Random words typed to ``play`` and ``act`` in a German match: a card recorded (then
    undone) or one refusal line, exit 1 or 2, the file untouched; never a traceback."""
    m = tmp_path / "d.toml"
    _new(quick, m, "doppelkopf", "de")
    words = st.lists(st.text(alphabet=_ALPHABET, min_size=1, max_size=8), min_size=1, max_size=4)

    @settings(max_examples=40, deadline=None)
    @given(typed=words, verb=st.sampled_from(["play", "act"]))
    def run(typed: list[str], verb: str) -> None:
        before = snapshot(m)
        args = [" ".join(["Ben", *typed])] if verb == "act" else typed
        res = quick(verb, *args, "-m", m)
        assert "Traceback" not in res.stderr
        if res.returncode == 0 and snapshot(m) != before:  # a card recorded
            _ok(quick("undo", "-m", m))
        elif res.returncode == 0:  # a word such as -h or --help asked for the help
            assert any(w.startswith("-") for w in typed) and snapshot(m) == before
        else:
            assert res.returncode in (1, 2) and snapshot(m) == before

    run()
