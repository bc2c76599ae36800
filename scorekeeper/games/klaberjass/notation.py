"""Klaberjass notation: the typed actions of the table and the one place that reads and
writes their strings (actor first, as the match file holds them).

- ``Anna turnup JH``: ``TurnUp``, the dealer's turned-up card;
- ``Ben accept`` (alias ``take``) / ``Ben pass``: ``Accept`` / ``Pass``, round one;
- ``Ben name spades`` / ``Ben pass``: ``Name`` / ``Pass``, round two;
- ``Anna bottom 8C``: ``Bottom``, the bottom card of the stock;
- ``Ben exchange``: ``Exchange``, the trump seven for the turn-up;
- ``Ben sequence 7H 8H 9H`` (alias ``seq``): ``Sequence``, every card named;
- ``Ben bella``: ``Bella``, said just before the second of trump king and queen.

Each typed action remembers the words it was read from (``spelled``), so that writing it
back gives the very string of the file: a verb alias, a suit written ``♦`` or cards named
``7h`` stay as they were. A typed action made in code (``legal_actions``) has no spelling
and is written in the canonical form (``Ben name spades``, ``Ben sequence 7H 8H 9H``).

Reading checks the words only (how many, which card, which suit); whether the action is
allowed now is the hand's business. The refusals here keep the words the table has always
seen, so the hand calls ``read`` where the old checks read the arguments.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from scorekeeper.actions import Action, Surplus
from scorekeeper.cards import SUIT_NAMES, Card, Deck
from scorekeeper.cards import parse_suit as read_suit
from scorekeeper.errors import CardError, IllegalActionError, ScorekeeperError
from scorekeeper.reasons import because
from scorekeeper.record import field, record

TURNUP, ACCEPT, PASS, NAME = "turnup", "accept", "pass", "name"
BOTTOM, EXCHANGE, SEQUENCE, BELLA = "bottom", "exchange", "sequence", "bella"
BIDS = (ACCEPT, PASS, NAME)
PRE_PLAY = (BOTTOM, EXCHANGE, SEQUENCE)
VERBS = (TURNUP, *BIDS, *PRE_PLAY, BELLA)


def parse_suit(word: str) -> str | None:
    """A suit as players say it: ``spades``, ``spade``, ``S``, ``♠``; None if unknown."""
    try:
        return read_suit(word)
    except CardError:
        return None


@record(frozen=True)
class Spoken:
    """Something a player said (not a card): the player and the words as written."""

    VERB: ClassVar[str] = ""
    player: str
    spelled: tuple[str, ...] = field(default=(), compare=False, kw_only=True)

    def words(self) -> tuple[str, ...]:
        """The verb and its arguments in canonical form."""
        return (self.VERB,)

    def action(self) -> Action:
        """The engine's action, written as read (or canonically when made in code)."""
        verb, *args = self.spelled or self.words()
        return Action(self.player, verb, None, tuple(args))

    @property
    def text(self) -> str:
        return self.action().text

    def __str__(self) -> str:
        return self.text


@record(frozen=True)
class TurnUp(Spoken):
    VERB: ClassVar[str] = TURNUP
    card: Card

    def words(self) -> tuple[str, ...]:
        return (self.VERB, self.card.code)


@record(frozen=True)
class Accept(Spoken):
    """Round one: the turn-up's suit as trump. ``suit`` is what the player added, if anything
    (``Ben accept hearts``); None when nothing was said or the word is no suit."""

    VERB: ClassVar[str] = ACCEPT
    suit: str | None = None
    named: bool = field(default=False, compare=False)


@record(frozen=True)
class Pass(Spoken):
    VERB: ClassVar[str] = PASS


@record(frozen=True)
class Name(Spoken):
    """Round two: another suit as trump."""

    VERB: ClassVar[str] = NAME
    suit: str

    def words(self) -> tuple[str, ...]:
        return (self.VERB, SUIT_NAMES[self.suit])


@record(frozen=True)
class Bottom(Spoken):
    VERB: ClassVar[str] = BOTTOM
    card: Card

    def words(self) -> tuple[str, ...]:
        return (self.VERB, self.card.code)


@record(frozen=True)
class Exchange(Spoken):
    VERB: ClassVar[str] = EXCHANGE


@record(frozen=True)
class Sequence(Spoken):
    """A sequence as named: the cards in the order the player said them."""

    VERB: ClassVar[str] = SEQUENCE
    cards: tuple[Card, ...]

    def words(self) -> tuple[str, ...]:
        return (self.VERB, *(c.code for c in self.cards))


@record(frozen=True)
class Bella(Spoken):
    VERB: ClassVar[str] = BELLA


def verb_of(action: Action, aliases: Mapping[str, str]) -> str:
    """The canonical verb of an action (``take`` -> ``accept``)."""
    return aliases.get(action.verb, action.verb)


def refusal(key: str, rule: str, action: Action | None = None, **params: Any) -> IllegalActionError:
    """A Klaberjass refusal: ``klaberjass.KEY`` with its parameters (the action as written)."""
    if action is not None:
        params["action"] = str(action)  # as said: a word it does not know as typed
    return IllegalActionError(because(f"klaberjass.{key}", rule, **params))


def unreadable(action: Action, exc: ScorekeeperError, rule: str) -> IllegalActionError:
    """An action refused for an error met in its words (a card that cannot be read)."""
    return refusal("action", exc.rule or rule, action, why=exc.reason or exc.message)


def _one_card(deck: Deck, action: Action, what: str) -> Card:
    if len(action.args) != 1:
        raise refusal(f"{what}.no_card", "actions", action, player=action.actor, verb=action.verb)
    try:
        return deck.parse(action.args[0])
    except CardError as exc:
        raise unreadable(action, exc, "deck") from None


def _no_words(action: Action, key: str, rule: str) -> None:
    if action.args:
        raise refusal(key, rule, action)


def _sequence_cards(deck: Deck, action: Action) -> tuple[Card, ...]:
    try:
        cards = tuple(deck.parse(a) for a in action.args)
    except CardError as exc:
        raise unreadable(action, exc, "deck.ranks") from None
    if not cards:
        raise refusal("sequence.no_cards", "sequences.order", action, player=action.actor)
    return cards


def _name_suit(deck: Deck, action: Action) -> str:
    suit = parse_suit(action.args[0]) if len(action.args) == 1 else None
    if suit is None or suit not in deck.suits:
        raise refusal("name.no_suit", "bidding.round_two", action, player=action.actor)
    return suit


def read(deck: Deck, action: Action, aliases: Mapping[str, str]) -> Spoken:
    """The typed action of an action string's words; refused when the words are wrong.

    The caller knows the verb is one of ``VERBS`` (``verb_of``)."""
    verb = verb_of(action, aliases)
    spelled = (action.verb, *action.args)
    player = action.actor
    if verb == TURNUP:
        return TurnUp(player, _one_card(deck, action, "turnup"), spelled=spelled)
    if verb == BOTTOM:
        return Bottom(player, _one_card(deck, action, "bottom"), spelled=spelled)
    if verb == PASS:
        _no_words(action, "pass.no_words", "actions")
        return Pass(player, spelled=spelled)
    if verb == ACCEPT:
        suit = parse_suit(action.args[0]) if action.args else None
        return Accept(player, suit, bool(action.args), spelled=spelled)
    if verb == NAME:
        return Name(player, _name_suit(deck, action), spelled=spelled)
    if verb == EXCHANGE:
        _no_words(action, "exchange.no_words", "exchange.when")
        return Exchange(player, spelled=spelled)
    if verb == SEQUENCE:
        return Sequence(player, _sequence_cards(deck, action), spelled=spelled)
    if verb == BELLA:
        _no_words(action, "bella.no_words", "bella.announce")
        return Bella(player, spelled=spelled)
    raise refusal("unknown_verb", "actions", action, verb=action.typed_verb)


def surplus(deck: Deck, action: Action, aliases: Mapping[str, str]) -> Surplus | None:
    """Words after ``accept`` beyond the one suit it may name (the other actions take
    exactly their card, suit or cards, or none, and refuse any other count)."""
    if verb_of(action, aliases) != ACCEPT or len(action.args) < 2:
        return None
    allows = because("action.allows.one", None, verb=action.verb)
    return Surplus(action.text, action.args[1:], allows)


def write(said: Spoken) -> str:
    """The action string of a typed action (as read, or canonical when made in code)."""
    return said.text
