"""What the table session shows and offers in the match's language: a card's short form
(``KrD`` for QC in German, ``KlV`` in Dutch), a game word (``pas`` for pass), a suit's
name; each only where the language reads it back as the same thing, else the canonical
code or word (which every language also reads)."""

from __future__ import annotations

from scorekeeper.caches import memo
from scorekeeper.cards import SUIT_NAMES, Card

ENGLISH = "en"


@memo("table.card_form", "(card code, lang)", maxsize=None)
def card_form(code: str, lang: str) -> str:
    """The short form of a card in ``lang`` (suit letter, rank letter), else its code."""
    if lang == ENGLISH:
        return code
    from scorekeeper.lang import card_readings, language

    words = language(lang)
    card = Card.parse(code)
    form = words.suits[card.suit].letter + words.ranks[card.rank].letter
    return form if {c.code for c in card_readings(form, lang)} == {code} else code


@memo("table.word", "(canonical word, lang, family)", maxsize=None)
def word(canonical: str, lang: str, family: str | None = None) -> str:
    """A canonical verb or suit name as players of ``lang`` type it (one word), else as
    it is."""
    said = spoken(canonical, lang, family)
    return canonical if " " in said else said


@memo("table.spoken", "(canonical word, lang, family)", maxsize=None)
def spoken(canonical: str, lang: str, family: str | None = None) -> str:
    """A canonical verb or suit name as players of ``lang`` say it, in one word or more
    (``no90`` -> ``keine 90``), where the language reads it back as that; else as it is."""
    if lang == ENGLISH:
        return canonical
    from scorekeeper.lang import game_word, language, translate

    suits = {name: code for code, name in SUIT_NAMES.items()}
    if canonical in suits:  # as the language writes it: Herz, klaveren
        forms = [language(lang).suits[suits[canonical]].name]
    else:  # the game's word as the table writes it (Kontra), else what players type
        typed = language(lang).phrases(family)
        forms = [game_word(canonical, lang), *(t for t, c in typed.items() if c == canonical)]
    for said in forms:
        read = translate(said.split(), lang, family=family)
        if read in ([canonical], [canonical, ""]):
            return said
        # a kind the table names with its verb (Fleischloser: 'solo meatless'): after
        # that verb, as completion and 'Solo Fleischloser' say it, it reads the same
        if len(read) == 2 and read[1] == canonical and " " not in said:
            return said
    return canonical


def phrase(text: str, lang: str, family: str | None = None) -> str:
    """Canonical words (``trump hearts``, ``call AC``) as players of ``lang`` type them."""
    out = []
    for w in text.split():
        try:
            code = Card.parse(w).code
        except ValueError:
            out.append(spoken(w, lang, family))  # a term of more words too: keine 90
        else:
            out.append(card_form(code, lang) if w == code else w)
    return " ".join(out)


def said_phrase(text: str, lang: str, family: str | None = None) -> str:
    """What was said (``reply knock``, ``trump hearts``) as the table names it in a line it
    reads: a kind of more words the game names as one by that name (Gegenklopfen,
    terugkloppen), else as players type it (:func:`phrase`)."""
    if " " in text and lang != ENGLISH:
        from scorekeeper.lang.terms import term

        if (named := term(text, lang, whole=True)) != text:
            return named
    return phrase(text, lang, family)


def changed_line(hand: int, text: str, lang: str, family: str) -> str:
    """One action recorded elsewhere, as the table says it (a quick hand by its number):
    the table session's word on a stale entry, and the phones' (``serve``)."""
    from scorekeeper.table.words import say

    if not text:
        return say("table.changed.quick", number=hand)
    actor, _, rest = text.partition(" ")
    if len(rest.split()) == 1:
        try:
            code = Card.parse(rest).code
        except ValueError:
            pass
        else:
            return say("table.changed.card", player=actor, card=card_form(code, lang))
    return say("table.changed.said", player=actor, words=said_phrase(rest, lang, family))
