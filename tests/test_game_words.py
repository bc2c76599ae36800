"""Game words before card forms (issue 24, item 1): no word of any game, in any language, is
ever read as a card. ``queens`` and ``jacks`` are the DDV's two most common solos, never the
queen or jack of spades (rank name + ``s``); German reads ``pass`` and ``pas`` as passing,
never Pik Ass (``p`` + ``ass``); Dutch ``negens`` is no nine of spades.

The crossing: every language's card reader against every rule set's words (its verbs and
every action its hands offer, its aliases, its solos), every language's typed phrases and
terms, and the commands; then the real command line and the real table session.
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run_cli
from table_helpers import new_match, piped

from scorekeeper.cards import Card
from scorekeeper.errors import CardError
from scorekeeper.hand import Hand
from scorekeeper.lang import LANGS, card_readings, language, translate
from scorekeeper.lang.data import fold
from scorekeeper.lang.reading import game_words
from scorekeeper.rules.source import shipped_dirs
from scorekeeper.ruleset import load
from scorekeeper.session import Session
from scorekeeper.simulate import deal
from scorekeeper.table.reading import ALIASES, COMMANDS

RULESET_FILES = sorted(p for d in shipped_dirs() for p in d.glob("*.toml"))
NAMES = ["Anna", "Ben", "Carla", "Dirk", "Emil"]


def _is_code(word: str) -> bool:
    try:
        Card.parse(word)
    except CardError:
        return False
    return True


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, str):
        yield value


def _aliases(data: Any) -> Iterator[str]:
    """Every word of every ``aliases`` / ``suit_aliases`` table and the solos' names."""
    if isinstance(data, dict):
        for key, item in data.items():
            if key.endswith("aliases") or key == "solos":
                yield from (w for s in _strings(item) if " " not in s for w in [s])
                if key == "solos" and isinstance(item, dict):
                    yield from item
            else:
                yield from _aliases(item)


def ruleset_words(path: Path, hands: int = 6) -> set[str]:
    """The words a table of this rule set says: its verbs and the words of every action its
    hands offer along random legal play (cards left out), its aliases and solos."""
    rules = load(path.stem)
    players = NAMES[: rules.player_counts[0]]
    words: set[str] = set(_aliases(tomllib.loads(path.read_text("utf-8"))))
    rng = random.Random(path.stem)
    for _ in range(hands):
        hand = Hand(rules, players, players[0])
        hand.record_deal({p: [c.code for c in cs] for p, cs in deal(rules, players, rng).items()})
        steps = 0
        while not hand.finished and steps < 200:
            steps += 1
            for verb in hand.game.verbs:
                words.update(verb.split())
            legal = hand.legal_actions()
            for action in legal:
                if not action.is_play:
                    words.add(action.verb)
                    words.update(a for a in action.args if not _is_code(a))
            if not legal:
                break
            hand.apply(rng.choice(legal).text)
    return {fold(w) for w in words if w and not w.isdigit() and not _is_code(w)}


def language_words() -> set[str]:
    """Every language's typed phrases and what they read as, and its games' terms."""
    words: set[str] = set()
    for code in LANGS:
        voc = language(code)
        for table in (voc.read, *voc.read_family.values()):
            for typed, said in table.items():
                words.update(typed.split())
                words.update(fold(w) for w in said.split())
        for term in voc.words.values():
            words.update(fold(term).split())
    return {w for w in words if not w.isdigit() and not _is_code(w)}


def command_words() -> set[str]:
    from typer.main import get_command

    from scorekeeper.cli.app import app

    group = get_command(app)
    names = set(getattr(group, "commands", {}))
    return {fold(w) for w in {*names, *COMMANDS, *ALIASES} if w.isalpha()}


@pytest.mark.parametrize("path", RULESET_FILES, ids=lambda p: p.stem)
def test_no_game_word_reads_as_a_card(path: Path) -> None:
    """Every word of this rule set, of every language and every command, crossed with
    every language's card reader: none is a card, and ``translate`` keeps it a word."""
    family = load(path.stem).family
    words = ruleset_words(path) | language_words() | command_words()
    assert {"queens", "jacks", "pass", "kontra", "pas", "hearts"} <= words
    found = []
    for word in sorted(words):
        for lang in LANGS:
            if card_readings(word, lang):
                found.append((word, lang, "card_readings"))
            codes = [t for t in translate([word], lang, family=family) if _is_code(t)]
            if codes:
                found.append((word, lang, f"translate -> {codes}"))
    assert not found, found


def test_every_game_word_is_kept_from_the_reader() -> None:
    """The words of the shipped rule sets that a reader could join into a card are game
    words by the data (``game_words``), so the rule holds whatever the language."""
    for path in RULESET_FILES:
        for word in ruleset_words(path):
            for lang in LANGS:
                joined = card_readings(word.replace(" ", ""), lang)
                assert not joined, (path.stem, word, lang, joined)
    assert {"queens", "jacks", "pass", "pas", "negens", "nines"} <= game_words()


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", ["queens"]),
        ("en", ["jacks"]),
        ("de", ["queens"]),
        ("de", ["damen"]),
        ("nl", ["jacks"]),
    ],
)
def test_declare_solo_by_its_word(tmp_path: Path, lang: str, line: list[str]) -> None:
    """``declare Ben solo queens`` in a DDV match is the queens solo in every language (it
    was refused as ``Ben solo QS``)."""
    path = new_match(tmp_path, "doppelkopf-ddv", NAMES[:4], lang=None if lang == "en" else lang)
    res = run_cli(tmp_path, "declare", "--match", path, "Ben", "solo", *line)
    assert res.returncode == 0, res.stderr
    hand = Session.open(path).match.hands[-1]
    assert [a.text for a in hand.actions] == [
        f"Ben solo {'jacks' if 'jacks' in line else 'queens'}"
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_table_session_solo_words(tmp_path: Path, lang: str) -> None:
    """The same through the table session (a pipe), the player left out or named."""
    path = new_match(tmp_path, "doppelkopf-ddv", NAMES[:4], lang=None if lang == "en" else lang)
    res = piped(tmp_path, path, "ben solo jacks\n")
    assert res.returncode == 0, res.stdout + res.stderr
    hand = Session.open(path).match.hands[-1]
    assert [a.text for a in hand.actions] == ["Ben solo jacks"]


def test_german_pass_is_passing() -> None:
    """In a German match ``pass`` and ``pas`` were read as Pik Ass (``p`` + ``ass``)."""
    for family in ("klaberjass", "klaverjassen", "doppelkopf"):
        for word in ("pass", "pas", "passe"):
            tokens = translate(f"Anna {word}", "de", family=family, players=["Anna"])
            assert not any(_is_code(t) for t in tokens), (family, word, tokens)
    assert translate("Anna passe", "de", family="klaberjass", players=["Anna"]) == ["Anna", "pass"]


SOLOS = ["queens", "jacks", "clubs", "spades", "hearts", "diamonds", "meatless"]
PLAYS = {
    "en": r"Ben plays an? (.+) \(obligatory\)",
    "de": r"Ben sagt ein Solo an: (.+) \(Pflichtsolo\)",
    "nl": r"Ben speelt een (.+) \(verplichte solo\)",
}


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_a_solo_as_the_program_names_it_can_be_typed_back(tmp_path: Path, lang: str) -> None:
    """What the session says a solo is (``Fleischloser``, ``klaverensolo``) is read back
    as that solo: those names were refused. (A name of several words, Dutch 'solo zonder
    troef' and English 'queens solo', needs the reader to take a phrase of several words
    before its one-word parts: not yet.)"""
    import re

    path = new_match(tmp_path, "doppelkopf-ddv", NAMES[:4], lang=None if lang == "en" else lang)
    lines = "".join(f"ben solo {solo}\nundo\n" for solo in SOLOS)
    res = piped(tmp_path, path, lines, env={"SCOREKEEPER_LANG": lang})
    assert res.returncode == 0, res.stdout + res.stderr
    names = re.findall(PLAYS[lang], res.stdout)
    assert len(names) == len(SOLOS), res.stdout
    pairs = [(s, n) for s, n in zip(SOLOS, names, strict=True) if not n.lower().startswith("solo ")]
    res = piped(tmp_path, path, "".join(f"ben {name}\nundo\n" for _, name in pairs))
    assert res.returncode == 0, res.stdout + res.stderr
    assert re.findall(PLAYS[lang], res.stdout) == [n for _, n in pairs], res.stdout
    for solo, name in pairs:  # as the command reads it too
        res = run_cli(tmp_path, "declare", "--match", path, "Ben", name)
        assert res.returncode == 0, res.stderr
        assert Session.open(path).match.hands[-1].actions[-1].text == f"Ben solo {solo}"
        assert run_cli(tmp_path, "undo", "--match", path).returncode == 0
