"""A refusal's rule named in the table's words (issue 27, item 1): '[Regel: options.x]' was
the rule set's key in a German or Dutch line. The key stays in ``--json`` and in English;
a German or Dutch table reads the rule's name, made of the language file's words for each
part of the key, for every key a shipped rule set or the engine can name."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from cli_helpers import PLAYERS, in_process, run_cli
from code_words import code_words

from scorekeeper.lang import language
from scorekeeper.lang.data import fold
from scorekeeper.lang.terms import rule_name, rule_tags, term
from scorekeeper.rules.source import shipped_dirs

LANGS = ["de", "nl"]
PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
# a rule set's own papers and word lists: not rules a refusal names
NOT_RULES = {"id", "name", "family", "extends", "summary", "sources", "notes", "explain"}
WORD_LISTS = {"aliases", "names", "suit_aliases", "tally"}


def _paths(table: dict[str, object], at: str = "", depth: int = 1) -> set[str]:
    found = set()
    for key, value in table.items():
        if key in NOT_RULES or key in WORD_LISTS or key.isdigit():
            continue
        path = f"{at}.{key}" if at else key
        found.add(path)
        if isinstance(value, dict) and depth < 3:
            found |= _paths(value, path, depth + 1)
    return found


def _rule_set_keys() -> dict[str, set[str]]:
    """Each shipped rule set's keys, three deep (``announcements.window.no90``), with the
    keys of the rule set it extends."""
    files = {p.stem: p for d in shipped_dirs() for p in sorted(d.glob("*.toml"))}

    def keys(name: str) -> set[str]:
        data = tomllib.loads(files[name].read_text(encoding="utf-8"))
        parent = data.get("extends")
        return _paths(data) | (keys(str(parent)) if parent else set())

    return {name: keys(name) for name in files}


RULE_SETS = _rule_set_keys()
# the keys the engine names itself: "[rule: x]" in a template, rule="x", default_rule = "x"
NAMED_IN_CODE = re.compile(
    r"""\[rule: ([a-z_][\w.]*)\]|rule="([a-z_][\w.]*)"|default_rule = "(\w+)\""""
)


def _code_keys() -> set[str]:
    found = set()
    for path in PACKAGE.rglob("*.py"):
        for m in NAMED_IN_CODE.finditer(path.read_text(encoding="utf-8")):
            found.add(next(g for g in m.groups() if g))
    return found


def _unnamed(key: str, lang: str) -> list[str]:
    """The parts of ``key`` the language file does not name."""
    voc = language(lang)
    return [
        part
        for part in key.split(".")
        if part not in voc.sections
        and fold(part) not in voc.settings
        and part not in voc.ranks
        and term(part, lang) == part
    ]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rule_set", sorted(RULE_SETS))
def test_every_key_of_a_rule_set_has_a_name(rule_set: str, lang: str) -> None:
    keys = RULE_SETS[rule_set]
    assert len(keys) > 20 and "deck" in keys
    unnamed = {key: parts for key in sorted(keys) if (parts := _unnamed(key, lang))}
    assert not unnamed, unnamed
    coded = {key: rule_name(key, lang) for key in keys if code_words(rule_name(key, lang), lang)}
    assert not coded, coded


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_the_engine_names_has_a_name(lang: str) -> None:
    keys = _code_keys()
    assert {"actions", "deck", "options.revoke_penalty", "announcements.promise"} <= keys
    unnamed = {key: parts for key in sorted(keys) if (parts := _unnamed(key, lang))}
    assert not unnamed, unnamed
    tagged = {
        key: rule_tags(f"x [{'Regel' if lang == 'de' else 'regel'}: {key}]", lang) for key in keys
    }
    coded = {key: text for key, text in tagged.items() if code_words(text, lang)}
    assert not coded, coded


def test_a_rule_is_named_part_by_part() -> None:
    assert rule_name("options.revoke_penalty", "de") == "Strafe für Nichtbedienen"
    assert rule_name("announcements.window.no90", "de") == "keine 90 (Ansagen, Zeitpunkte)"
    assert rule_name("announcements.window.no90", "nl").startswith("geen 90 (")
    assert rule_name("options.revoke_penalty", "en") == "options.revoke_penalty"
    assert (
        rule_tags("zu spät [Regel: teams] [Aufruf]", "de") == "zu spät [Regel: Parteien] [Aufruf]"
    )


def test_a_refusal_names_its_rule_in_the_table_s_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = in_process(tmp_path / "home", monkeypatch)
    bad = ("--set", "four_of_a_kind_ranks=A,A")
    for lang, said in [
        ("nl", "[regel: rangen voor vier gelijke]"),
        ("de", "[Regel: Ränge für vier Gleiche]"),
        ("en", "[rule: options.four_of_a_kind_ranks]"),
    ]:  # refused before the match exists: in the language new was given
        res = run(
            "new", "klaverjassen", *PLAYERS, "--match", tmp_path / "k.toml", "--lang", lang, *bad
        )
        assert res.returncode == 2 and said in res.stderr, res.stderr  # a usage mistake
        assert not code_words(res.stderr, lang) if lang != "en" else True, res.stderr
    match = tmp_path / "m.toml"
    assert run("new", "doppelkopf", *PLAYERS, "--match", match, "--lang", "de").returncode == 0
    res = run("act", "Anna zzz", "--match", match)
    assert res.returncode == 2 and "[Regel: Aktionen]" in res.stderr, res.stderr  # unreadable
    res = run_cli(tmp_path / "home", "act", "Anna zzz", "--match", match, "--json")
    assert json.loads(res.stdout or res.stderr)["rule"] == "actions"  # the key for programs
