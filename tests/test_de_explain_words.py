"""The German ``explain`` texts as a German table reads them (issue 27, second reading): an
option is named by its German name (the one ``explain ... optionen`` shows beside its key),
never by its English key in a sentence ('Option long', 'mit carry', '`made`'); a pack of
cards is a 'Blatt', never a 'Spiel' (which is a hand here); and the words those texts tell
a player to type are read."""

from __future__ import annotations

import re

import pytest

from scorekeeper import ruleset as rs
from scorekeeper.lang import language
from scorekeeper.lang.reading import translate
from scorekeeper.text import catalog, translations


def _explained() -> list[tuple[str, str]]:
    words = translations("de")
    return [(msgid, words.pgettext("explain", msgid)) for msgid in catalog.explain_texts()]


def _option_keys() -> set[str]:
    keys: set[str] = set()
    for ruleset in rs.available():
        keys.update(rs.load(ruleset).options)
    return keys


def test_options_are_named_in_german_in_a_sentence() -> None:
    keys = _option_keys()
    assert {"long", "tie", "bock", "piglets_in_suit_solos", "trump_choice"} <= keys
    said = re.compile(r"\bOption(?:en)? (\w+)|`(\w+)`|\bmit (carry|none|bock)\b")
    found = [
        (english[:50], german)
        for english, german in _explained()
        for m in said.finditer(german)
        if (m.group(1) or m.group(2) or m.group(3))
        in keys | {"carry", "none", "made", "failed", "factor"}
    ]
    assert not found, found


def test_the_pack_is_a_blatt_and_revoke_is_german() -> None:
    packs = [
        g for e, g in _explained() if re.match(r"(One|Two ordinary) pack|One deck|A piquet", e)
    ]
    assert len(packs) >= 4, packs
    assert all("blatt" in g.lower() or "blätter" in g.lower() for g in packs), packs
    assert not [g for _, g in _explained() if "Revoke" in g]
    assert language("de").glossary["revoke"].term == "Nichtbedienen"


@pytest.mark.parametrize(
    ("typed", "family", "read"),
    [
        ("Dirk Super", "klaverjassen", ["Dirk", "superkraak"]),
        ("Anna unten P8", "klaberjass", ["Anna", "bottom", "8S"]),
        ("Anna melde HK HD", "klaverjassen", ["Anna", "roem", "KH", "QH"]),
        ("Ben keine Meldung", "klaverjassen", ["Ben", "decline_roem"]),
        ("Ben nehme", "klaberjass", ["Ben", "accept"]),
    ],
)
def test_the_words_explain_tells_a_german_table_to_type_are_read(
    typed: str, family: str, read: list[str]
) -> None:
    assert translate(typed, "de", family=family, players=["Anna", "Ben", "Carla", "Dirk"]) == read
