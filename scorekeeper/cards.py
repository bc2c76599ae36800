"""Cards and their notation: what players type, and the canonical form scorekeeper writes.

A card is a rank and a suit. Which cards exist in a game, and how many copies of each, is
the rule set's business (see ``Deck``); this module only knows the notation.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from scorekeeper.caches import cache
from scorekeeper.errors import CardError
from scorekeeper.reasons import because
from scorekeeper.record import frozen

SUITS = ("C", "S", "H", "D")
SUIT_NAMES = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds"}
SUIT_SYMBOLS = {"C": "♣", "S": "♠", "H": "♥", "D": "♦"}
_SYMBOL_TO_SUIT = {
    "♣": "C",
    "♧": "C",
    "♠": "S",
    "♤": "S",
    "♥": "H",
    "♡": "H",
    "♦": "D",
    "♢": "D",
}

RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7")
RANK_NAMES = {
    "A": "ace",
    "K": "king",
    "Q": "queen",
    "J": "jack",
    "10": "ten",
    "9": "nine",
    "8": "eight",
    "7": "seven",
}
_RANK_ALIASES = {"T": "10"}

ACCEPTED_FORMS = "rank then suit (QC, 10H, TD, as) or with a suit symbol (Q♣, ♣Q)"
"""How a card may be written, in English: the view's words are the key ``cards.forms``."""


class Card:
    """One card: ``Card("Q", "C")`` is the queen of clubs, written ``QC``.

    There is one ``Card`` object per card (``Card("Q", "C") is Card.parse("QC")``), so two
    cards are equal exactly when they are the same object: the engine compares and hashes
    cards in its hottest loops, and identity is what Python checks fastest.

    Immutable, with slots (what a frozen dataclass with slots and identity for equality
    gave, written out: no class is generated at start-up).
    """

    __slots__ = ("index", "rank", "suit")
    __match_args__ = ("rank", "suit")

    rank: str
    suit: str
    # The card's number among the 32 (rank by rank, suit by suit): its bit in card sets.
    index: int

    def __new__(cls, rank: str, suit: str) -> Card:
        found = _MADE.get((rank, suit))
        if found is not None and cls is Card:
            return found
        return object.__new__(cls)

    def __init__(self, rank: str, suit: str) -> None:
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)
        self.__post_init__()

    def __setattr__(self, name: str, value: object) -> None:
        if type(self) is Card or name in Card.__slots__:
            raise frozen(name)
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        if type(self) is Card or name in Card.__slots__:
            raise frozen(name, deleting=True)
        object.__delattr__(self, name)

    def __post_init__(self) -> None:
        if self.rank not in RANKS or self.suit not in SUITS:
            raise CardError(because("cards.no_such", rank=self.rank, suit=self.suit))
        object.__setattr__(self, "index", RANKS.index(self.rank) * 4 + SUITS.index(self.suit))
        _MADE.setdefault((self.rank, self.suit), self)

    def __reduce__(self) -> tuple[type[Card], tuple[str, str]]:
        return (Card, (self.rank, self.suit))  # copies and pickles are the one card too

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card as players type it: ``QC``, ``10h``, ``TD``, ``Q♣``, ``♣Q``; a
        ``CardError`` naming the forms it reads when ``text`` is none (:meth:`read` asks)."""
        card = cls.read(text)
        if card is None:
            forms = because("cards.forms")
            if not text.strip():
                raise CardError(because("cards.empty", forms=forms))
            raise CardError(because("cards.unknown", text=text, forms=forms))
        return card

    @classmethod
    def read(cls, text: str) -> Card | None:
        """The card ``text`` names as players type it (see :meth:`parse`), or None: a
        question, which makes no error (``is this word a card?``)."""
        card = _PARSED.get(text)
        if card is not None and cls is Card:
            return card
        card = cls._read(text)
        if card is not None and cls is Card and len(_PARSED) < 4096:
            _PARSED[text] = card
        return card

    @classmethod
    def _read(cls, text: str) -> Card | None:
        raw = text.strip()
        if not raw:
            return None
        suit = None
        rank_text = raw
        if raw[0] in _SYMBOL_TO_SUIT:
            suit, rank_text = _SYMBOL_TO_SUIT[raw[0]], raw[1:]
        elif raw[-1] in _SYMBOL_TO_SUIT:
            suit, rank_text = _SYMBOL_TO_SUIT[raw[-1]], raw[:-1]
        else:
            letter = raw[-1].upper()
            if letter in SUITS:
                suit, rank_text = letter, raw[:-1]
        rank = rank_text.strip().upper()
        rank = _RANK_ALIASES.get(rank, rank)
        if suit is None or rank not in RANKS:
            return None
        return cls(rank, suit)

    @property
    def code(self) -> str:
        return f"{self.rank}{self.suit}"

    @property
    def name(self) -> str:
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    @property
    def symbol(self) -> str:
        return f"{self.rank}{SUIT_SYMBOLS[self.suit]}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


_MADE: dict[tuple[str, str], Card] = {}
"""Every card made so far: the one object of each."""

BY_INDEX = tuple(Card(r, s) for r in RANKS for s in SUITS)
"""Every card by its ``index``."""

_PARSED: dict[str, Card] = cache("cards.parsed", "text").entries
"""Texts already read, each to its one ``Card``: the same few strings recur all match long."""


def parse_suit(text: str) -> str:
    """A suit as players name it: ``H``, ``hearts``, ``♥`` (any case)."""
    word = text.strip()
    if word in _SYMBOL_TO_SUIT:
        return _SYMBOL_TO_SUIT[word]
    word = word.lower()
    for suit, name in SUIT_NAMES.items():
        if word in (suit.lower(), name, name.rstrip("s")):
            return suit
    raise CardError(because("cards.unknown_suit", text=text))


def parse_cards(texts: Iterable[str] | str) -> list[Card]:
    """Read several cards, given as a list or one string separated by spaces or commas."""
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    return [Card.parse(t) for t in texts]


def read_cards(items: Iterable[Card | str]) -> list[Card]:
    """Cards, and texts read as ``Card.parse`` reads them (a deal of a match file)."""
    if type(items) is list:
        try:  # the usual packet: every text read before, each looked up in C
            return list(map(_PARSED.__getitem__, items))
        except (KeyError, TypeError):
            pass  # a text not read yet, a Card: one by one
    known = _PARSED.get
    return [known(c) or _card(c) for c in items]  # type: ignore[arg-type]


def _card(item: Card | str) -> Card:
    return item if isinstance(item, Card) else Card.parse(item)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(c.code for c in cards)


class Deck:
    """The cards of one game: which ranks and suits, and how many copies of each."""

    def __init__(self, ranks: Iterable[str], suits: Iterable[str], copies: int = 1) -> None:
        self.ranks = tuple(ranks)
        self.suits = tuple(suits)
        self.copies = copies
        self.cards = tuple(Card(r, s) for s in self.suits for r in self.ranks)
        self.counts: Counter[Card] = Counter({c: copies for c in self.cards})

    def __len__(self) -> int:
        return len(self.cards) * self.copies

    def __contains__(self, card: object) -> bool:
        return card in self.counts

    def all_cards(self) -> list[Card]:
        """Every physical card, copies included, in a fixed order."""
        return [c for c in self.cards for _ in range(self.copies)]

    def verify_card(self, card: Card) -> None:
        if card not in self.counts:
            raise CardError(
                because("cards.not_in_deck", card=card, ranks=self.ranks, suits=self.suits),
                rule="deck.ranks",
            )

    def parse(self, text: str) -> Card:
        card = Card.parse(text)
        self.verify_card(card)
        return card
