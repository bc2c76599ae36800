"""The replay cache never changes what a table reads (issues 25 and 27).

A cache made while one language was spoken (``score --json`` speaks English) must give the
same German and Dutch sheets as no cache at all. It did not: Klaverjassen's roem lines and
Kloepper's scoring rows were made into plain English text by the engine, so the cache kept
them in the first language that replayed the hand ("trick 1: run of three in spades" on a
Dutch sheet). The class: every line of a hand's value and every note keeps the reason it was
worded from, so that any language can word it again."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from cli_helpers import SHIPPED_RULE_SETS, run_cli

from scorekeeper.reasons import Worded

RULESETS = SHIPPED_RULE_SETS


def _demo(home: Path, ruleset: str) -> Path:
    path = home / f"{ruleset}.toml"
    res = run_cli(home, "demo", ruleset, "--hands", "8", "--seed", "3", "--match", path)
    assert res.returncode == 0, res.stderr
    return path


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_cache_made_in_one_language_words_the_others_alike(tmp_path: Path, ruleset: str) -> None:
    path = _demo(tmp_path, ruleset)
    # 'score --json' speaks English; 'score --lang de' makes the cache in German
    for warm, views in ((["en", "score", "--json"], ("de", "nl")), (["de", "score"], ("en", "nl"))):
        _alike_with_a_cache_made_in(tmp_path, path, warm, views)


def _alike_with_a_cache_made_in(home: Path, path: Path, warm: list[str], views: tuple[str, ...]):
    shutil.rmtree(home / "cache", ignore_errors=True)  # the data folder's caches
    made = run_cli(home, "--lang", *warm, "--match", path)
    assert made.returncode == 0, made.stderr
    assert any((home / "cache").rglob("*.json")), "no cache was made"
    for lang in views:
        for command in (["score"], ["status"], ["export", "--format", "markdown"]):
            args = ["--lang", lang, *command, "--match", path]
            cached = run_cli(home, *args)
            plain = run_cli(home, *args, env={"SCOREKEEPER_CACHE": "off"})
            assert cached.returncode == plain.returncode == 0, cached.stderr + plain.stderr
            assert cached.stdout == plain.stdout, (warm, lang, command)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_value_line_and_note_keeps_its_reason(tmp_path: Path, ruleset: str) -> None:
    from scorekeeper.session import Session

    path = _demo(tmp_path, ruleset)
    session = Session.open(path)
    bare: list[str] = []
    for hand in session.match.hands:
        result = hand.result
        if result is None:
            continue
        bare += [str(i.label) for i in result.items if type(i.label) is not Worded]
        bare += [str(n) for n in result.notes if type(n) is not Worded]
    assert not bare, bare


@pytest.mark.parametrize(("lang", "said"), [("de", "Ben rief A♣"), ("nl", "Ben riep A♣")])
def test_status_names_a_called_card_by_its_name(tmp_path: Path, lang: str, said: str) -> None:
    """Kloepper's call in status: 'Ben sagte rufen AC an' held the card's code (issue 27)."""
    path = tmp_path / "k.toml"
    new = run_cli(tmp_path, "new", "kloepper", "Anna", "Ben", "Carla", "Dirk", "--match", path)
    assert new.returncode == 0, new.stderr
    assert run_cli(tmp_path, "act", "Ben call AC", "--match", path).returncode == 0
    out = run_cli(tmp_path, "--lang", lang, "status", "--match", path).stdout
    assert said in out and " AC " not in out, out
