"""Words made once are handed out again only in the same voice: the same language, and the
same match (its card names and its players' names), so a process that shows two matches
never gives one match's words to the other."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from scorekeeper.cards import Card
from scorekeeper.reasons import Reason
from scorekeeper.text import language


@pytest.fixture(autouse=True)
def _fresh_language() -> Iterator[None]:
    language.reset()
    yield
    language.reset()


def _words() -> str:
    return str(
        Reason("deal.too_often", {"card": Card.parse("QC"), "count": 3, "copies": 2}).worded()
    )


def test_a_card_is_named_in_the_language_spoken() -> None:
    language.choose("de")
    language.use_match("de", ["Anna", "Ben", "Carla", "Dirk"])
    german_match = _words()
    language.use_match(None, ["Anna", "Ben", "Carla", "Dirk"])
    no_match_language = _words()
    assert "QC" not in german_match  # a German table names the queen of clubs its own way
    assert no_match_language == german_match  # so does German shown for an English match
    language.choose("en")
    assert "QC" in _words()  # English: the card's code
    language.choose("de")
    language.use_match("de", ["Anna", "Ben", "Carla", "Dirk"])
    assert _words() == german_match
