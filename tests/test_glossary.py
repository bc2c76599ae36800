"""One term per concept per language (issue 27, item 4): the glossary in the language data
(``[glossary]`` of ``scorekeeper/lang/{en,de,nl}.toml``) names what a hand, a match, a round,
a session, a dealer, a trick... are called, and the rivals a table of that language does not
say for it; every German and Dutch text (the catalogue's words, the rule sets' texts, the
language file's own words) uses the term and never a rival."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from scorekeeper.lang import language
from scorekeeper.text import catalog, translations

LANGS = ["de", "nl"]


def _texts(lang: str) -> Iterator[tuple[str, str]]:
    """(where, words) of everything a table of ``lang`` reads from the catalogue and the
    language file."""
    words = translations(lang)
    for key, english in catalog.entries():
        yield key or "label", words.pgettext(key, english) if key else words.gettext(english)
    voc = language(lang)
    for table in ("words", "terms", "sections", "settings", "values", "rulesets"):
        for key, word in getattr(voc, table).items():
            yield f"{table}.{key}", word


# what a text holds besides its words: a template's field ({partner}), a key typed on the
# command line (revoke=), an option or rule key (four_of_a_kind_ranks, [teams]), a word
# quoted as another table says it ('schwarz' is read too)
_NOT_WORDS = re.compile(r"\{[^{}]*\}|\b\w+=|\b\w+_\w+\b|\[[\w.]+\]|'[^'\n]{1,12}'")


def _said(word: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w-]){re.escape(word)}(?![\w])")


def test_every_language_names_the_same_concepts() -> None:
    concepts = set(language("en").glossary)
    assert {"hand", "match", "round", "session", "dealer", "trick"} <= concepts
    for lang in LANGS:
        assert set(language(lang).glossary) == concepts, lang


@pytest.mark.parametrize("lang", LANGS)
def test_the_texts_use_the_glossary_s_term_never_a_rival(lang: str) -> None:
    glossary = language(lang).glossary
    texts = list(_texts(lang))
    unused = [c for c, t in glossary.items() if not any(_said(t.term).search(w) for _, w in texts)]
    assert not unused, f"{lang}: no text says the term of {unused}"
    found = [
        f"{where}: {rival!r} for {concept} (say {term.term!r}): {words}"
        for concept, term in glossary.items()
        for rival in term.rivals
        for where, words in texts
        if _said(rival).search(_NOT_WORDS.sub(" ", words))
    ]
    assert not found, "\n".join(found)


def test_the_check_finds_a_rival() -> None:
    assert _said("Damen-Solo").search("ein Damen-Solo gegen drei")
    assert not _said("Damen-Solo").search("ein Damensolo gegen drei")
    assert not _said("Team").search("Teamwertung")
    assert _said("Sitzung hat").search("Eine Sitzung hat 16 Spiele")


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_no_two_concepts_share_a_term(lang: str) -> None:
    """A word names one thing at a table: Dutch said 'partij' for the match and for the
    side (issue 27's second reading chose partij for the match, team for the side)."""
    by_term: dict[str, list[str]] = {}
    for concept, term in language(lang).glossary.items():
        by_term.setdefault(term.term.lower(), []).append(concept)
    shared = {t: c for t, c in by_term.items() if len(c) > 1}
    assert not shared, f"{lang}: one term for several concepts: {shared}"


def test_dutch_match_and_side() -> None:
    glossary = language("nl").glossary
    assert (glossary["match"].term, glossary["side"].term) == ("partij", "team")
