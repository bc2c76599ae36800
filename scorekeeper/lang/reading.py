"""The translator at the door: what a player types, in the match's language, read into the
canonical card codes and action words the engine and the match file know.

A card is read as a rank form and a suit form of ONE language, in either order, with or
without a space or connector between them (``kreuz dame``, ``Dame von Kreuz``, ``KrD``,
``DKr``, ``D♣``, ``queen of clubs``, ``QC``). Every language also reads English forms, so
an input that worked before keeps its meaning. A form that would read as two different
cards is refused as ambiguous (the data are designed, and tested, so that none does).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorekeeper.caches import memo
from scorekeeper.cards import Card
from scorekeeper.errors import CardError
from scorekeeper.lang.data import DEFAULT, LANGS, TRUMP_SUIT, Language, Name, fold, language
from scorekeeper.reasons import because

if TYPE_CHECKING:
    from scorekeeper.cards import Deck

MAX_WORDS = 3
"""The most words one card or one phrase takes (``queen of clubs``, ``zweites karlchen``)."""


def _vocabularies(lang: str) -> list[Language]:
    return [language(lang)] if lang == DEFAULT else [language(lang), language(DEFAULT)]


def _find(names: Sequence[Name], form: str) -> list[str]:
    return [n.code for n in names if form in n.read]


def _split_readings(text: str, voc: Language) -> set[Card]:
    ranks, suits = list(voc.ranks.values()), list(voc.suits.values())
    found: set[Card] = set()
    for i in range(1, len(text)):
        head, tail = text[:i], text[i:]
        tails = [tail] + [tail[len(c) :] for c in voc.connectors if tail.startswith(c)]
        for rest in tails:
            found.update(Card(r, s) for r in _find(ranks, head) for s in _find(suits, rest))
            found.update(Card(r, s) for s in _find(suits, head) for r in _find(ranks, rest))
    return found


@memo("lang.game_words", "() (one entry)", maxsize=None)
def game_words() -> frozenset[str]:
    """Every word of the games, in every language (folded): what players type for an
    action and the canonical words it reads as, the games' terms as spoken. None of them
    is ever read as a card, whatever the match's language: ``queens`` is the queens solo,
    never the queen of spades (``queen`` + ``s``), German ``pass`` is passing, never Pik
    Ass (``p`` + ``ass``)."""
    found: set[str] = set()
    for code in LANGS:
        voc = language(code)
        tables = [voc.read, *voc.read_family.values()]
        for table in tables:
            for typed, said in table.items():
                found.update(typed.split())
                found.update(fold(w) for w in said.split())
        for term in voc.words.values():
            found.update(fold(term).split())
    return frozenset(w for w in found if not _is_code(w))


def _is_code(word: str) -> bool:
    """A card's code (``qc``, ``10h``): some phrases read as cards on purpose."""
    return Card.read(word) is not None


def card_readings(text: str, lang: str = DEFAULT) -> set[Card]:
    """Every card ``text`` (one word, spaces left out) can mean in ``lang``: none, one,
    or (never, by design of the data) more. A game word (:func:`game_words`) is no card."""
    if fold(text) in game_words():  # one word as typed: ``queen s`` is still a card
        return set()
    form = fold(text).replace(" ", "")
    found: set[Card] = set()
    for voc in _vocabularies(lang):
        found |= _split_readings(form, voc)
    return found


def _one(text: str, lang: str) -> Card | None:
    cards = card_readings(text, lang)
    if len(cards) > 1:
        shown = " ".join(sorted(c.code for c in cards))
        raise CardError(because("lang.ambiguous", "deck", card=text, cards=shown, lang=lang))
    return next(iter(cards), None)


NEAR = 0.6
"""How alike (difflib's ratio, 0 to 1) a typed word and a card's name must be for the
name to be offered as what was meant: below it the refusal shows how cards are written."""


def nearest(text: str, lang: str, deck: Deck | None = None) -> str | None:
    """The card name closest to what was typed, for a refusal (``Kreuz Dame (QC)``, or
    ``(D♣)`` to a German reader), or None when no name is really near (``ZZ``)."""
    import difflib

    from scorekeeper.lang.naming import card_name

    cards = _cards(deck)
    names = {fold(card_name(c, lang, "full")): c for c in cards}
    names.update({fold(card_name(c, lang, "short")): c for c in cards})
    close = difflib.get_close_matches(fold(text), list(names), n=1, cutoff=NEAR)
    if not close:
        return None
    card = names[close[0]]
    # the short form a reader of the message writes: 'QC' to an English reader,
    # 'V♣' to a Dutch one (never the code in a Dutch or German sentence)
    from scorekeeper.text import language

    return f"{card_name(card, lang, 'full')} ({card_name(card, language.current(), 'short')})"


def _cards(deck: Deck | None) -> list[Card]:
    from scorekeeper.cards import RANKS, SUITS

    return list(deck.cards) if deck is not None else [Card(r, s) for s in SUITS for r in RANKS]


def card_forms(lang: str, deck: Deck | None = None) -> str:
    """How a card is written in ``lang``, by one card's full name and short form."""
    from scorekeeper.lang.naming import card_name

    card = max(_cards(deck), key=lambda c: (c.suit == "C", c.rank == "Q"))  # a queen of clubs
    return f"{card_name(card, lang, 'full')}, {card_name(card, lang, 'short')}"


def read_card(text: str, lang: str = DEFAULT, deck: Deck | None = None) -> Card:
    """One card as a player of ``lang`` writes it; refused naming the language read and
    the nearest name (of ``deck``'s cards when given), or when none is near, how cards
    are written. Whether the deck holds the card is the engine's business."""
    card = _one(text, lang)
    if card is None:
        read_as = f"{language(lang).name} ({lang})"
        hint = nearest(text, lang, deck)
        if hint is None:
            forms = card_forms(lang, deck)
            raise CardError(
                because("lang.not_a_card", "deck", card=text, lang=read_as, forms=forms)
            )
        raise CardError(because("lang.unknown_card", "deck", card=text, lang=read_as, nearest=hint))
    return card


def is_card_word(word: str, lang: str = DEFAULT) -> bool:
    """Whether ``word`` names a rank or a suit in ``lang`` (``Kreuz``, ``boer``): the
    start of a card's name rather than, say, a player's."""
    form = fold(word)
    return any(
        form in name.read
        for voc in _vocabularies(lang)
        for name in (*voc.ranks.values(), *voc.suits.values())
    )


def _phrase(words: Sequence[str], phrases: dict[str, str]) -> list[str] | None:
    typed = " ".join(fold(w) for w in words)
    found = phrases.get(typed)
    return found.split() if found is not None else None


def _suit_word(word: str, lang: str) -> str | None:
    """A suit named alone by its word in a language other than English: its English name
    (``troef harten`` -> ``trump hearts``); letters and English words stay as typed."""
    if lang == DEFAULT or len(word) < 3:
        return None
    form = fold(word)
    for suit in language(lang).suits.values():
        if form in suit.read and form not in language(DEFAULT).suits[suit.code].read:
            return language(DEFAULT).suits[suit.code].name
    return None


def read_suit(word: str, lang: str = DEFAULT) -> str | None:
    """The code of the suit ``word`` names alone in ``lang`` or English: its name, its
    letter or its symbol (Dutch ``R``, ``Kl``, ``ruiten``; German ``Ka``, ``Kreuz``); None
    for any other word."""
    form = fold(word.strip())
    for voc in _vocabularies(lang):
        for suit in voc.suits.values():
            if form and (form in suit.read or form in (fold(suit.letter), fold(suit.name))):
                return suit.code
    return None


def nickname(
    word: str, lang: str, family: str | None, trump: str | None = None
) -> str | None:
    """The code of the card a table of ``family`` calls ``word`` (``Dulle`` -> ``10H`` in
    Doppelkopf; ``nel`` -> the nine of ``trump``, the hand's trump suit, in Klaverjassen),
    in ``lang`` or English; None for any other word, without a family, and for a trump
    card's nickname while no suit is trump."""
    if family is None:
        return None
    form = fold(word)
    for voc in _vocabularies(lang):
        code = voc.nicknames.get(family, {}).get(form)
        if code is not None and TRUMP_SUIT in code:
            return code.replace(TRUMP_SUIT, trump) if trump else None
        if code is not None:
            return code
    return None


def _as_card(
    words: Sequence[str], lang: str, family: str | None = None, trump: str | None = None
) -> str | None:
    """The code of the card ``words`` name together, or None. In English a word the old
    notation reads stays as typed, so that English input is stored exactly as before.
    With a ``family``, a card's nickname at that game's table is read too."""
    if lang == DEFAULT and len(words) == 1 and Card.read(words[0]) is not None:
        return words[0]
    if len(words) == 1 and (code := nickname(words[0], lang, family, trump)) is not None:
        return code
    card = _one(" ".join(words), lang)
    return None if card is None else card.code


def translate(
    text: str | Sequence[str],
    lang: str = DEFAULT,
    *,
    family: str | None = None,
    players: Sequence[str] = (),
    nicknames: bool = False,
    trump: str | None = None,
) -> list[str]:
    """What a player typed, as canonical tokens: cards as codes (``kreuz dame`` -> ``QC``),
    the game's words as the match file's verbs (``keine 90`` -> ``no90``, ``pas`` ->
    ``pass``, ``troef harten`` -> ``trump hearts``); player names, numbers and words not
    known stay as typed, for the engine to accept or refuse. ``text`` is a line or its
    words; commas separate like spaces. With ``nicknames`` (a line where cards are
    expected) a card's nickname (``Dulle``; ``nel`` with the hand's ``trump`` suit) is read
    as the card before any game word."""
    raw = text if isinstance(text, str) else " ".join(text)
    words = raw.replace(",", " ").split()
    keep = {p.casefold() for p in players}
    phrases = language(lang).phrases(family)
    out: list[str] = []
    i = 0
    while i < len(words):
        card = nickname(words[i], lang, family, trump) if nicknames else None
        if card is not None and words[i].casefold() not in keep:
            out.append(card)
            i += 1
            continue
        step, tokens = _read_at(words, i, lang, phrases, keep)
        out.extend(tokens)
        i += step
    return out


def _read_at(
    words: Sequence[str], i: int, lang: str, phrases: dict[str, str], keep: set[str]
) -> tuple[int, list[str]]:
    """How many words from ``i`` make one thing, and its canonical tokens."""
    if words[i].casefold() in keep:
        return 1, [words[i]]
    for n in range(min(MAX_WORDS, len(words) - i), 0, -1):
        group = words[i : i + n]
        if n > 1 and (said := _phrase(group, phrases)) is not None:
            return n, said  # a phrase of the table's, whole ('solo zonder troef'), first
        if n > 1 and any(_phrase([w], phrases) for w in group):
            continue
        code = _as_card(group, lang)
        if code is not None:
            return n, [code]
        said = _phrase(group, phrases)
        if said is not None:
            return n, said
    suit = _suit_word(words[i], lang)
    return 1, [suit if suit is not None else words[i]]


def read_cards(
    text: str | Sequence[str],
    lang: str = DEFAULT,
    deck: Deck | None = None,
    family: str | None = None,
    trump: str | None = None,
) -> list[str]:
    """Several cards (a trick, a hand of a deal) as codes; the first word that starts no
    card is refused, naming the language and the nearest card name. With a ``family``
    its tables' nicknames for cards are read (``Dulle``; ``nel`` with the ``trump`` suit)."""
    raw = text if isinstance(text, str) else " ".join(text)
    words = raw.replace(",", " ").split()
    codes: list[str] = []
    i = 0
    while i < len(words):
        for n in range(min(MAX_WORDS, len(words) - i), 0, -1):
            code = _as_card(words[i : i + n], lang, family, trump)
            if code is not None:
                codes.append(read_card(code, lang, deck).code)
                i += n
                break
        else:
            pair = i + 1 < len(words) and (
                is_card_word(words[i], lang) or not _starts_card(words, i + 1, lang)
            )
            read_card(" ".join(words[i : i + 2] if pair else words[i : i + 1]), lang, deck)
    return codes


def _starts_card(words: Sequence[str], i: int, lang: str) -> bool:
    return any(
        _as_card(words[i : i + n], lang) is not None
        for n in range(1, min(MAX_WORDS, len(words) - i) + 1)
    )


def read_trick(
    text: str,
    lang: str = DEFAULT,
    deck: Deck | None = None,
    family: str | None = None,
    trump: str | None = None,
) -> str:
    """A trick as ``judge --trick`` takes it, ``Anna:Kreuz Dame Ben:HZ`` (a card may take
    several words; bare cards too), with each card as its code: ``Anna:QC Ben:10H``."""
    plays: list[tuple[str, list[str]]] = []
    for word in text.replace(",", " ").split():
        who, colon, card = word.rpartition(":")
        if colon or not plays:
            plays.append((who + colon, [card] if card else []))
        else:
            plays[-1][1].append(word)
    out = []
    for who, words in plays:
        codes = read_cards(words, lang, deck, family, trump) if words else []
        out.extend([who + codes[0], *codes[1:]] if codes else [who])
    return " ".join(out)
