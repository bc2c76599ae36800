"""The table's language: every message in English, German and Dutch.

The catalogues are checked whole (every key has its German and Dutch words with the same
placeholders, and the shipped ``.mo`` files are compiled from the ``.po`` files); every
key and every refusal class is rendered in the three languages; and the real command line
speaks German or Dutch when ``--lang``, the locale or ``SCOREKEEPER_LANG`` says so, while
``--json`` stays the same in every language.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import cli_env
from template_helpers import template_params
from typer.testing import CliRunner

from scorekeeper import errors
from scorekeeper.cli.app import _hoist_lang, app
from scorekeeper.reasons import because
from scorekeeper.text import catalog, language, render, say

LANGS = ("en", "de", "nl")


@pytest.fixture(autouse=True)
def _english_table(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for name in ("SCOREKEEPER_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "SCOREKEEPER_MATCH"):
        monkeypatch.delenv(name, raising=False)
    language.reset()
    yield
    language.reset()


# ------------------------------------------------------------------ the catalogues


def test_every_message_has_its_german_and_dutch_words() -> None:
    """Every key and every help text; run python -m scorekeeper.text.catalog check."""
    missing = catalog.problems()
    assert not missing, f"{len(missing)} problems, first: " + "\n".join(missing[:40])


def test_the_rule_sets_own_words_are_checked_too() -> None:
    """The shipped rule sets' explain texts are catalogue entries as well (context
    'explain'); a gap there shows in `catalog check` and here, with its text."""
    english = catalog.explain_texts()
    assert "cards and ranking" in english and len(english) > 100
    gaps = [p for p in catalog.problems(rule_words=True) if " explain " in p]
    assert all("no translation" in p or "fuzzy" in p for p in gaps)


def test_the_compiled_catalogues_are_the_po_files() -> None:
    """By content (every message, context and plural rule), not by the bytes one
    version of Babel writes: a newer Babel writes another header, not other words."""
    for lang in catalog.TRANSLATED:
        shipped = catalog.mo_content(catalog.mo_path(lang).read_bytes())
        assert shipped == catalog.mo_content(catalog.compiled(lang)), (
            f"{lang}: run python -m scorekeeper.text.catalog compile"
        )
        assert len(shipped[0]) > 1000 and shipped[1].startswith("Plural-Forms:nplurals=2")


def test_the_content_comparison_sees_a_changed_word_but_not_a_tool_version() -> None:
    """A header written by another Babel is the same catalogue; one changed translation
    is not."""
    data = catalog.mo_path("de").read_bytes()
    messages, plural = catalog.mo_content(data)
    # the same length, so that the file's offsets still hold
    retagged = re.sub(rb"Generated-By: Babel [0-9.]+", lambda m: b"9" * len(m[0]), data)
    assert retagged != data and catalog.mo_content(retagged) == (messages, plural)
    word = next(w for w in messages.values() if w.isascii() and len(w) > 8)
    changed = data.replace(word.encode(), (word[:-1] + "#").encode(), 1)
    assert catalog.mo_content(changed) != (messages, plural)
    pot = (catalog.LOCALE / "scorekeeper.pot").read_bytes()
    assert catalog.pot_content(pot.replace(b"Babel 2.", b"Babel 3.")) == catalog.pot_content(pot)


def test_the_check_finds_a_gap_and_a_wrong_placeholder(monkeypatch: pytest.MonkeyPatch) -> None:
    english = catalog.english()
    monkeypatch.setattr(catalog, "english", lambda: {**english, "cli.new.key": "new {thing}"})
    found = catalog.problems(("de",))
    assert "de: cli.new.key: no translation" in found
    assert catalog.placeholders("{a} {b!l}") != catalog.placeholders("{a} {b}")
    assert catalog.placeholders("{n:times} x {a}") == catalog.placeholders("{a} y {n:times}")


def _params(template: str) -> dict[str, Any]:
    return template_params(template, ["QC", "10H"])


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_renders_in_every_language(lang: str) -> None:
    language.choose(lang)
    for key, english in catalog.english().items():
        words = render(because(key, **_params(english)))
        assert words and "{" not in words.replace("{}", ""), (key, words)


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_class_renders_in_every_language(lang: str) -> None:
    language.choose(lang)
    classes = [errors.ScorekeeperError, *_subclasses(errors.ScorekeeperError)]
    reason = because("hand.not_held", player="Ben", card="QC")
    for cls in classes:
        for kind in (None, "usage", "match file", "lock", "file"):
            if cls is errors.MatchFileError:
                exc = cls([f"m.toml:3: {render(reason)}"])
            else:
                exc = cls(reason, kind=kind)
            text = str(exc)
            assert "Ben" in text and "QC" in text
    language.choose("de")
    assert str(errors.ScorekeeperError("x", rule="deck")) == "x [Regel: Karten]"  # named
    assert str(errors.ScorekeeperError("x", kind="usage")) == "x [Eingabe]"


def _subclasses(cls: type) -> list[type]:
    """The refusal classes of ``scorekeeper.errors`` (every other is built from them)."""
    found = [s for sub in cls.__subclasses__() for s in (sub, *_subclasses(sub))]
    return [s for s in found if s.__module__ == errors.__name__]


def test_numbers_dates_and_counts_follow_the_language() -> None:
    from datetime import date

    assert language.number(12345.5, "en", 1) == "12,345.5"
    assert language.number(12345.5, "de", 1) == "12.345,5"
    assert language.number(-1234, "nl") == "-1.234"
    assert language.day(date(2026, 11, 23), "de") == "23.11.2026"
    assert language.day(date(2026, 11, 23), "nl") == "23-11-2026"
    assert language.day(date(2026, 11, 23), "en") == "2026-11-23"
    assert [language.times(n, "en") for n in (1, 3)] == ["once", "3 times"]
    assert language.times(2, "de") == "2-mal" and language.ordinal(2, "nl") == "2e"
    language.choose("de")
    assert say("stats.player.points", points=50, average=12.5, best=9, worst=-3).startswith(
        "Punkte 50, 12,5 je Spiel"
    )


def test_the_language_comes_from_lang_then_match_then_env(monkeypatch) -> None:
    assert language.current() == "en"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert language.current() == "de"
    monkeypatch.setenv("LC_ALL", "nl_NL.UTF-8")
    assert language.current() == "nl"
    monkeypatch.setenv("SCOREKEEPER_LANG", "en")
    assert language.current() == "en"
    language.use_match("de")
    assert language.current() == "de"
    language.choose("nl")
    assert language.current() == "nl"
    language.neutral()
    assert language.current() == "en"
    monkeypatch.setenv("LC_ALL", "C")
    language.reset()
    monkeypatch.setenv("SCOREKEEPER_LANG", "fr")  # not spoken: refused, never passed over
    with pytest.raises(language.UnknownLanguage, match="SCOREKEEPER_LANG"):
        language.current()
    monkeypatch.delenv("SCOREKEEPER_LANG")  # a locale scorekeeper does not speak: English
    assert language.current() == "en"


def test_lang_is_a_global_option_wherever_it_is_written() -> None:
    assert _hoist_lang(["score", "--lang", "nl"]) == ["--lang", "nl", "score"]
    assert _hoist_lang(["rules", "show", "x", "--lang=de"]) == ["--lang=de", "rules", "show", "x"]
    assert _hoist_lang(["--lang", "de", "score"]) == ["--lang", "de", "score"]
    assert _hoist_lang(["new", "--lang", "de", "x"]) == ["new", "--lang", "de", "x"]
    assert _hoist_lang(["play", "--", "--lang"]) == ["play", "--", "--lang"]


# ------------------------------------------------------------------ the real command line


def _run(home: Path, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args],
        env=cli_env(home, None, env),
        capture_output=True,
        text=True,
        timeout=60,
    )


def _quick(home: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> Any:
    monkeypatch.setenv("SCOREKEEPER_HOME", str(home))
    return CliRunner().invoke(app, list(args), catch_exceptions=False)


def test_a_refusal_in_german_from_the_locale(tmp_path: Path) -> None:
    env = {"LANG": "de_DE.UTF-8"}
    assert (
        _run(tmp_path, "new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk", env=env).returncode == 0
    )
    res = _run(tmp_path, "play", "Carla", "QC", env=env)
    assert res.returncode == 1
    assert "ist nicht an der Reihe" in res.stderr and "Fehler:" in res.stderr, res.stderr


def test_judge_in_dutch_with_lang(tmp_path: Path) -> None:
    res = _run(
        tmp_path,
        "judge",
        "klaverjassen",
        "--trick",
        "Anna:AH Ben:9H",
        "--player",
        "Carla",
        "--hand",
        "KH 7S",
        "--trump",
        "spades",
        "--lang",
        "nl",
    )
    assert res.returncode == 0, res.stderr
    assert "moet harten bekennen: heeft H♥" in res.stdout, (
        res.stdout
    )  # cards as the table names them
    assert "is aan de beurt" in res.stdout


def test_json_is_the_same_in_every_language(tmp_path: Path) -> None:
    args = ["judge", "doppelkopf", "--trick", "Anna:AH Ben:9H", "--player", "Carla"]
    args += ["--hand", "KH QC 9S", "--json"]
    plain = _run(tmp_path, *args)
    german = _run(tmp_path, "--lang", "de", *args)
    dutch = _run(tmp_path, *args, env={"SCOREKEEPER_LANG": "nl"})
    assert plain.stdout == german.stdout == dutch.stdout
    assert "follow" in json.dumps(json.loads(plain.stdout))


def test_help_in_german_and_dutch(tmp_path: Path) -> None:
    german = _run(tmp_path, "--lang", "de", "--help")
    assert german.returncode == 0 and "Spielliste" in german.stdout, german.stdout
    dutch = _run(tmp_path, "score", "--help", env={"LANG": "nl_NL.UTF-8"})
    assert "scorebriefje" in dutch.stdout, dutch.stdout
    english = _run(tmp_path, "--help")
    assert "score sheet" in english.stdout


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    "ruleset",
    ["doppelkopf", "doppelkopf-ddv", "klaverjassen", "klaberjass", "kloepper", "bierkopf"],
)
def test_every_sheet_renders_in_every_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ruleset: str, lang: str
) -> None:
    res = _quick(
        tmp_path, monkeypatch, "--lang", lang, "demo", "--current", ruleset, "--hands", "3"
    )
    assert res.exit_code == 0, res.output
    want = {"en": "score sheet", "de": "Spielliste", "nl": "scorebriefje"}[lang]
    assert want in res.stdout, res.stdout
    for args in (["score"], ["status"], ["explain", ruleset], ["rules", "show", ruleset]):
        res = _quick(tmp_path, monkeypatch, "--lang", lang, *args)
        assert res.exit_code == 0, res.output


def test_explain_in_the_table_s_language(tmp_path: Path) -> None:
    german = _run(tmp_path, "explain", "doppelkopf", "scoring", env={"LANG": "de_DE.UTF-8"})
    assert german.returncode == 0, german.stderr
    assert "Abrechnung" in german.stdout and "Re braucht 121 Augen" in german.stdout
    dutch = _run(tmp_path, "--lang", "nl", "explain", "klaverjassen", "scoring")
    assert "Anders gaat het nat" in dutch.stdout, dutch.stdout
    topics = _run(tmp_path, "explain", "klaverjassen", "--lang", "nl")
    assert "Onderwerpen bij Amsterdams klaverjassen" in topics.stdout, topics.stdout  # its name
    assert "telling" in topics.stdout


def test_a_match_in_german_speaks_german_and_json_stays_english(tmp_path: Path) -> None:
    match = tmp_path / "m.toml"
    new = ["new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk", "--lang", "de", "-m", str(match)]
    assert _run(tmp_path, *new).returncode == 0
    res = _run(
        tmp_path, "hand", "re=Anna,Carla", "re_points=165", "-a", "Anna re", "-m", str(match)
    )
    assert res.returncode == 0, res.stderr
    assert "gewonnen (Re brauchte 121)" in res.stdout and "Re angesagt" in res.stdout
    sheet = _run(tmp_path, "score", "-m", str(match))
    assert "Spielliste" in sheet.stdout, sheet.stdout
    english = _run(tmp_path, "--lang", "en", "score", "-m", str(match))
    assert "score sheet" in english.stdout
    plain = json.loads(_run(tmp_path, "score", "--json", "-m", str(match)).stdout)
    assert "won (Re needed 121)" in json.dumps(plain)
    refused = _run(tmp_path, "play", "Dirk", "QC", "-m", str(match))
    assert refused.returncode == 1 and "[Regel: " in refused.stderr, refused.stderr


def test_an_unknown_language_is_refused(tmp_path: Path) -> None:
    res = _run(tmp_path, "--lang", "fr", "rules", "list")
    assert res.returncode == 2 and "fr" in res.stderr
