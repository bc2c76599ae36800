"""Klaverjassen's action strings, read into typed actions and written back, byte for byte.

The match file holds actions actor first (``Carla trump harten``, ``Anna upturn 7H``,
``Ben decline_roem``, ``Dirk rekraak``, ``Anna roem KH QH JH``). ``read`` turns one into
its typed action (or None when the word is no action of this rule set) and ``write``
gives back the very ``Action`` it came from: the spelling a table used (a Dutch suit
name, ``contra`` for kraak, ``7h``) is kept, so replaying and rewriting a match file
changes nothing. Actions made in code spell suits, cards and challenges canonically.

This is the one place that knows these words; the hand, the bidding and quick entry
work on the typed actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorekeeper.actions import Action, Surplus
from scorekeeper.cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from scorekeeper.errors import IllegalActionError, ScorekeeperError
from scorekeeper.games.klaverjassen.rules import options, spec
from scorekeeper.reasons import because
from scorekeeper.record import record

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset

BID_VERBS = ("pass", "trump", "accept", "upturn")
DECLINE, DISCARD, ROEM, STUK = "decline_roem", "discard", "roem", "stuk"


# ---------------------------------------------------------------------- words


def suit_words(rules: Ruleset) -> dict[str, str]:
    """Every word a table may use for a suit, lower case, to its letter."""
    words: dict[str, str] = {}
    for suit, name in SUIT_NAMES.items():
        words[name] = suit
        words[name.rstrip("s")] = suit
        words[suit.lower()] = suit
        words[SUIT_SYMBOLS[suit]] = suit
    for alias, suit in spec(rules).trump.suit_aliases.items():
        words[str(alias).lower()] = str(suit)
    return words


def parse_suit(rules: Ruleset, text: str, where: str) -> str:
    suit = suit_words(rules).get(text.strip().lower())
    if suit is None or suit not in rules.deck.suits:
        raise IllegalActionError(
            because("klaverjassen.not_suit", "trump", where=where, word=repr(text))
        )
    return suit


def suit_label(suit: str) -> str:
    return f"{SUIT_NAMES[suit]} {SUIT_SYMBOLS[suit]}"


def kraak_levels(rules: Ruleset) -> list[str]:
    kraak = spec(rules).kraak
    return list(kraak.levels) if kraak else []


def kraak_word(rules: Ruleset, word: str) -> str:
    kraak = spec(rules).kraak
    aliases = {k.lower(): v for k, v in kraak.aliases.items()} if kraak else {}
    return aliases.get(word.lower(), word.lower())


def has_kraak(rules: Ruleset) -> bool:
    return spec(rules).kraak is not None


def has_declarations(rules: Ruleset) -> bool:
    return spec(rules).declarations is not None


def has_talon(rules: Ruleset) -> bool:
    return spec(rules).talon is not None


def action_words(rules: Ruleset) -> list[str]:
    """The action words of a rule set, as a refusal of an unknown word lists them: a
    suit's name alone chooses trump ('Carla hearts'), so the suits are named (a placeholder
    read 'kleur' at a Dutch table); accept and upturn where a card is turned up."""
    words = ["pass", "trump"]
    if options(rules).trump_choice.startswith("upturn"):
        words += ["accept", "upturn"]
    words += [SUIT_NAMES[s] for s in rules.deck.suits]
    words.append(DECLINE)
    if has_talon(rules):
        words.append(DISCARD)
    if has_kraak(rules):
        words += kraak_levels(rules)
    if has_declarations(rules):
        words += [ROEM, STUK]
    return words


# ---------------------------------------------------------------------- typed actions


@record(frozen=True)
class Pass:
    """``Ben pass``: no trump from Ben (or no to the upturned card)."""

    player: str


@record(frozen=True)
class ChooseTrump:
    """``Carla trump hearts`` or, bare, ``Carla harten``: Carla names the trump suit."""

    player: str
    suit: str
    word: str = ""  # the suit as written; empty: its English name
    bare: bool = False  # the suit word alone, without ``trump``


@record(frozen=True)
class Accept:
    """``Ben accept``: the upturned card's suit is trump, Ben its maker."""

    player: str


@record(frozen=True)
class Upturn:
    """``Anna upturn 7H``: the dealer turns up a card of the second pack."""

    player: str
    card: Card
    spelled: str = ""


@record(frozen=True)
class Discard:
    """``Carla discard 7S 8D``: the trump maker lays the talon's worth of cards away."""

    player: str
    cards: tuple[Card, ...]
    spelled: tuple[str, ...] = ()


@record(frozen=True)
class DeclineRoem:
    """``Ben decline_roem``: Ben's side gives up its roem for the hand."""

    player: str


@record(frozen=True)
class Kraak:
    """``Ben kraak`` (``rekraak``, ``superkraak``): a Wilde Boom challenge."""

    player: str
    level: str
    word: str = ""  # as written (``contra``); empty: the level itself


@record(frozen=True)
class DeclareRoem:
    """``Anna roem KH QH JH``: a combination declared from the hand (Wilde Boom)."""

    player: str
    cards: tuple[Card, ...]
    spelled: tuple[str, ...] = ()


@record(frozen=True)
class Stuk:
    """``Anna stuk``: right after Anna played the first of king and queen of trumps."""

    player: str


Bid = Pass | ChooseTrump | Accept | Upturn
KlaverjassenAction = Bid | Discard | DeclineRoem | Kraak | DeclareRoem | Stuk


# ---------------------------------------------------------------------- reading


def _cards(rules: Ruleset, action: Action) -> tuple[Card, ...]:
    try:
        return tuple(rules.deck.parse(a) for a in action.args)
    except ScorekeeperError as exc:
        reason = because("klaverjassen.card", "deck.ranks", action=str(action), why=exc.message)
        raise IllegalActionError(reason) from None


def read_bid(rules: Ruleset, action: Action) -> Bid | None:
    """The trump-choice action ``action`` is, or None if it is none."""
    verb, player = action.verb, action.actor
    if verb == "pass":
        return Pass(player)
    if verb == "accept":
        return Accept(player)
    if verb == "upturn":
        if len(action.args) != 1:
            reason = because(
                "klaverjassen.upturn_one", "options.trump_choice", action=str(action), player=player
            )
            raise IllegalActionError(reason)
        return Upturn(player, _cards(rules, action)[0], action.args[0])
    if verb == "trump":
        if len(action.args) != 1:
            reason = because("klaverjassen.trump_one", "trump", action=str(action), player=player)
            raise IllegalActionError(reason)
        return ChooseTrump(player, parse_suit(rules, action.args[0], str(action)), action.args[0])
    if verb in suit_words(rules) and not action.args:
        return ChooseTrump(player, parse_suit(rules, verb, str(action)), verb, bare=True)
    return None


def read(rules: Ruleset, action: Action) -> KlaverjassenAction | None:
    """The typed action ``action`` is under ``rules``, or None if it is no action here."""
    bid = read_bid(rules, action)
    if bid is not None:
        return bid
    verb, player = action.verb, action.actor
    if has_kraak(rules):
        kraak = read_kraak(rules, action)
        if kraak is not None:
            return kraak
        verb = kraak_word(rules, verb)
    if verb == DECLINE:
        return DeclineRoem(player)
    if verb == DISCARD and has_talon(rules):
        return Discard(player, _cards(rules, action), action.args)
    if verb == ROEM and has_declarations(rules):
        return DeclareRoem(player, _cards(rules, action), action.args)
    if verb == STUK and has_declarations(rules):
        return Stuk(player)
    return None


def surplus(rules: Ruleset, action: Action) -> Surplus | None:
    """Words after an action that takes none (``pass``, ``accept``, ``decline_roem``, a
    kraak, ``stuk``); the others take exactly their suit or cards, or are refused."""
    try:
        typed = read(rules, action)
    except ScorekeeperError:
        return None  # refused by the hand, in its own words
    if not action.args or not isinstance(typed, Pass | Accept | DeclineRoem | Kraak | Stuk):
        return None
    allows = because("action.allows.nothing", None, verb=action.verb)
    return Surplus(action.text, action.args, allows)


# ---------------------------------------------------------------------- writing


def _codes(cards: Sequence[Card], spelled: Sequence[str]) -> tuple[str, ...]:
    return tuple(spelled) if spelled else tuple(c.code for c in cards)


def write(typed: KlaverjassenAction) -> Action:
    """The ``Action`` a typed action is written as (its spelling kept)."""
    player = typed.player
    match typed:
        case Pass():
            return Action(player, "pass")
        case Accept():
            return Action(player, "accept")
        case Upturn(card=card, spelled=spelled):
            return Action(player, "upturn", None, (spelled or card.code,))
        case ChooseTrump(suit=suit, word=word, bare=bare):
            word = word or SUIT_NAMES[suit]
            return Action(player, word.lower()) if bare else Action(player, "trump", None, (word,))
        case Discard(cards=cards, spelled=spelled):
            return Action(player, DISCARD, None, _codes(cards, spelled))
        case DeclineRoem():
            return Action(player, DECLINE)
        case Kraak(level=level, word=word):
            return Action(player, word or level)
        case DeclareRoem(cards=cards, spelled=spelled):
            return Action(player, ROEM, None, _codes(cards, spelled))
        case Stuk():
            return Action(player, STUK)
    raise TypeError(f"not a Klaverjassen action: {typed!r}")


def text(typed: KlaverjassenAction) -> str:
    """The action string of the match file (``Carla trump hearts``)."""
    return write(typed).text


def read_kraak(rules: Ruleset, action: Action) -> Kraak | None:
    """The challenge ``action`` is (``contra`` read as kraak where the rule set says so)."""
    level = kraak_word(rules, action.verb)
    if level in kraak_levels(rules):
        return Kraak(action.actor, level, action.verb)
    return None


def canonical(typed: KlaverjassenAction) -> KlaverjassenAction:
    """The same action with its spelling and card order forgotten (``Carla harten`` is
    ``Carla trump hearts``, ``Ben roem 7H 8H 9H`` is ``Ben roem 9H 8H 7H``)."""
    match typed:
        case ChooseTrump():
            return ChooseTrump(typed.player, typed.suit)
        case Upturn():
            return Upturn(typed.player, typed.card)
        case Discard():
            return Discard(typed.player, _in_order(typed.cards))
        case Kraak():
            return Kraak(typed.player, typed.level)
        case DeclareRoem():
            return DeclareRoem(typed.player, _in_order(typed.cards))
    return typed


def _in_order(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.code))
