"""The sheet's words (from the ``scorekeeper.text.sheet`` catalogue) and its symbols, with
the ASCII each symbol falls back to where the output cannot print it."""

from __future__ import annotations

from typing import Any

from scorekeeper.reasons import because

SUIT_SYMBOLS = {
    "C": "♣",
    "S": "♠",
    "H": "♥",
    "D": "♦",
    "clubs": "♣",
    "spades": "♠",
    "hearts": "♥",
    "diamonds": "♦",
}


def term(text: str) -> str:
    """A game's term as the engine names it (``contra``, ``normal game``, ``trump
    hearts``) in the view's language: ``Kontra``, ``Normalspiel``, ``troef harten``."""
    from scorekeeper.text import language

    lang = language.current()
    if lang == language.ENGLISH or not text:
        return side(text)
    from scorekeeper.lang.terms import term as in_lang
    from scorekeeper.reasons import reason_of

    if (reason := reason_of(text)) is not None:
        return reason.text()  # worded by the engine: its words in this language

    return in_lang(text, lang)


def side(text: str) -> str:
    """A text's sides named by their two players (``Anna/Carla``, ``Anna+Carla``) as the
    view's language writes partners: ``Anna & Carla``; a seat no one named as the table
    says it (``Spieler 3``)."""
    from scorekeeper.text import language

    if (seat := language.seat_named(text)) is not None:
        return seat
    if not language.player_names() or ("/" not in text and "+" not in text):
        return text  # no pair in it: nothing to load
    from scorekeeper.lang.terms import sides_in

    return sides_in(text, language.current())


def cards(text: str) -> str:
    """A text's card codes (``Ben QC``, ``Anna:QC Ben:10H``) as the match's language names
    them (``Ben D♣``), where the view speaks it; else as they are."""
    from scorekeeper.text import language

    lang = language.card_language()
    if lang is None:
        return text
    from scorekeeper.lang.terms import cards_in

    return cards_in(text, lang)


def money(cents: int) -> str:
    """An amount as the view's language writes money: ``1.50`` in English, ``1,50 €`` in
    German, ``€ 1,50`` in Dutch (the form from the language file)."""
    from decimal import Decimal

    from scorekeeper.text import language

    lang = language.current()
    if lang == language.ENGLISH:
        return f"{Decimal(cents) / 100:.2f}"
    from scorekeeper.lang import language as words

    return words(lang).money.format(amount=decimal(cents / 100))


def decimal(value: float, places: int = 2) -> str:
    """A number with ``places`` decimals as the view's language writes it: ``48.00`` in
    English, ``48,00`` in German and Dutch (an average, a share of money)."""
    from scorekeeper.text import language

    lang = language.current()
    if lang == language.ENGLISH:
        return f"{value:.{places}f}"
    return language.number(value, lang, places)


def say(key: str, **params: Any) -> str:
    """The words of a sheet key with its parameters."""
    return because(key, None, **params).text()


PRINTING = ("FALLBACK", "can_print", "printable", "stand_ins")


def __getattr__(name: str) -> Any:
    """The printing names (``scorekeeper.view.printing``), loaded when first asked: a
    command that prints no sheet does not load them."""
    if name in PRINTING:
        from scorekeeper.view import printing

        return getattr(printing, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
