"""Output in a language: a card's name (``Kreuz Dame``, ``D♣``, ``queen of clubs``) and
the games' own terms (``Kontra``, ``keine 90``, ``verzaakt``), read from the language
files, for the view (sheets, the table session, refusals)."""

from __future__ import annotations

from scorekeeper.cards import Card
from scorekeeper.errors import ScorekeeperError
from scorekeeper.lang.data import DEFAULT, language
from scorekeeper.reasons import because

STYLES = ("short", "full", "symbol")


def card_name(card: Card | str, lang: str = DEFAULT, style: str = "short") -> str:
    """A card as ``lang`` writes it: ``short`` (``QC``; ``D♣``, ``V♣``), ``full``
    (``queen of clubs``, ``Kreuz Dame``, ``klaveren vrouw``) or ``symbol`` (``Q♣``)."""
    if isinstance(card, str):
        card = Card.parse(card)
    if style not in STYLES:
        raise ScorekeeperError(
            because("lang.style", None, style=style, styles=list(STYLES)), kind="usage"
        )
    voc = language(lang)
    suit, rank = voc.suits[card.suit], voc.ranks[card.rank]
    return voc.styles[style].format(
        rank=rank.name, suit=suit.name, r=rank.letter, s=suit.letter, symbol=suit.symbol
    )


def game_word(key: str, lang: str = DEFAULT) -> str:
    """A game's own term in ``lang`` (``contra`` -> ``Kontra`` in German); a key the
    language file does not hold falls back to English, then to the key itself."""
    word = language(lang).words.get(key)
    if word is None and lang != DEFAULT:
        word = language(DEFAULT).words.get(key)
    return word if word is not None else key
