"""The game families and the way to them: ``family = "doppelkopf"`` in a rule set selects
``scorekeeper.games.doppelkopf``, whose ``FAMILY`` brings the schema its rule sets are read
with and the mechanics that play them. A family's package is imported only when a rule
set of it is loaded.

``load`` is the one way the program loads a rule set: the data layer
(``scorekeeper.rules``) reads and checks it with the family this module binds.

What a family provides to the shared engine is declared here too: a ``Family`` answers
questions about the table (who plays, who deals next, how many cards) and starts a
``GameHand`` for each deal. The ``GameHand`` owns what is truly particular to the game:
its own actions (announcements, declarations, trump choice, doubles), the contract in
force, who is on whose side, and the scoring. Numbers come from the rule set.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper import rules as _rules
from scorekeeper.actions import Action, QuickKey, Surplus
from scorekeeper.caches import Cache, cache
from scorekeeper.cards import BY_INDEX, Card
from scorekeeper.contract import Contract
from scorekeeper.errors import IllegalActionError
from scorekeeper.following import FollowingRules
from scorekeeper.reasons import because
from scorekeeper.record import record
from scorekeeper.result import HandResult
from scorekeeper.rules.schema import CommonRules, Section

if TYPE_CHECKING:
    from scorekeeper.hand import Hand, Play, Trick
    from scorekeeper.match import Match
    from scorekeeper.rules import Ruleset

FAMILIES = ("doppelkopf", "klaverjassen", "klaberjass", "kloepper", "bierkopf")

_loaded: dict[str, Family] = {}


def family_named(name: str) -> Family:
    if name not in _loaded:
        module = importlib.import_module(f"scorekeeper.games.{name}")
        _loaded[name] = module.FAMILY
    return _loaded[name]


def family_for(rules: Ruleset) -> Family:
    """The family that plays a rule set (the one it was loaded with, if any)."""
    return rules.mechanics or family_named(rules.family)


class _Binder:
    names: tuple[str, ...] = FAMILIES

    def bind(self, family: str) -> tuple[Any, Family]:
        mechanics = family_named(family)
        return mechanics.schema, mechanics


BINDER = _Binder()


def load(name: str, options: Mapping[str, Any] | None = None) -> Ruleset:
    """Load a rule set by id or path with its family: read, checked, options applied."""
    return _rules.load(name, options, binder=BINDER)


# ---------------------------------------------------------------------- what a family provides
_POINTS: Cache[tuple[int, str | None], tuple[Ruleset, tuple[int, ...]]] = cache(
    "games.points_by_index",
    "(id(rules), trump_suit)",
    limit=256,
)


def state_copy(value: Any, memo: dict[int, Any]) -> Any:
    """``value`` as part of a hand's state, copied for ``Hand.push`` and ``Hand.copy``:
    what changes during a hand is made anew (lists, tables, sets and a family's own
    objects, ``GameHand`` itself, all the way down), what never changes is shared (the
    rule set and its sections, cards, actions, contracts, frozen records, tuples, text).
    ``memo`` maps what is copied already to its copy (the hand to the hand the state is
    for, a trick in play to its copy), so that two references to one object stay one."""
    kind = type(value)
    if kind in _VALUES:
        return value
    found = memo.get(id(value))
    if found is not None:
        return found
    made: Any
    if kind is list:
        made = memo[id(value)] = []
        made.extend([state_copy(v, memo) for v in value])
    elif kind is dict or kind is Counter:
        made = memo[id(value)] = kind()
        for k, v in value.items():
            made[k] = state_copy(v, memo)
    elif kind is set:
        made = memo[id(value)] = set(value)  # members hash: values, shared
    elif _changes(kind):
        made = memo[id(value)] = object.__new__(kind)
        for name, field in value.__dict__.items():
            setattr(made, name, state_copy(field, memo))
    else:
        return value
    return made


_VALUES = frozenset({str, int, bool, float, type(None), tuple, frozenset, Card, Action})
"""Kinds ``state_copy`` shares without looking further."""


def _changes(kind: type) -> bool:
    """Whether objects of ``kind`` may change during a hand: a family's own classes
    (a chain of announcements, a bidding, a record of evidence), not its frozen records,
    its rule-set sections or the family itself."""
    if not kind.__module__.startswith("scorekeeper.games.") or issubclass(kind, (tuple, Family)):
        return False
    if getattr(kind, "__record_frozen__", False) or issubclass(kind, Section):
        return False
    return hasattr(kind, "__dict__")


class GameHand:
    """The family's part of one hand. Subclasses override what their game needs."""

    verbs: tuple[str, ...] = ()
    shared: frozenset[str] = frozenset({"rules"})

    @property
    def words_read(self) -> tuple[str, ...]:
        """Every action word this game reads in its rule set, once each (``turnup``,
        ``accept``...): what the table's help lists. ``verbs`` holds phrases random play
        tries, which may leave out a word it cannot try blind (a turn-up before the deal
        is known); a family whose ``verbs`` do so names its words here."""
        return tuple(dict.fromkeys(v.split()[0] for v in self.verbs))
    """Attributes ``snapshot`` hands on as they are: what never changes during a hand,
    and caches of answers that do not depend on its state."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.rules = hand.rules

    # -- its state, for ``Hand.push``, ``pop`` and ``copy``
    def snapshot(self, memo: dict[int, Any]) -> dict[str, Any]:
        """This part of the hand's state as it is now, copied (``state_copy``: ``memo``
        maps the hand and this object to those the state is for)."""
        shared = self.shared
        return {
            name: value if name in shared else state_copy(value, memo)
            for name, value in self.__dict__.items()
        }

    def restore(self, state: dict[str, Any]) -> None:
        """Take the state ``snapshot`` made (it is this part's own from now on)."""
        mine = self.__dict__
        mine.clear()
        mine.update(state)

    # -- actions other than card plays
    def verify_action(self, action: Action) -> None:
        raise IllegalActionError(
            because(
                "games.neither",
                "actions",
                action=str(action),
                verb=action.typed_verb,
                game=self.rules.name,
                verbs=self.verbs or (because("games.none"),),
            )
        )

    def apply_action(self, action: Action) -> list[str]:
        return []

    def legal_actions(self) -> list[Action]:
        """The actions other than card plays allowed now (each one passes
        ``verify_action``); cards are the hand's business (``Hand.legal_actions``)."""
        return []

    def said(self) -> Sequence[Any]:
        """What was said so far (announcements, calls, knocks, doubles) for the status view:
        records with ``player``, ``kind``, ``side`` and ``implied``."""
        return list(getattr(self, "announcements", ()))

    # -- play
    def ready_to_play(self) -> bool:
        return True

    def why_not_ready(self) -> str:
        return because("games.not_started").worded()

    def not_ready_rule(self) -> str:
        return "play"

    def first_leader(self) -> str:
        players = self.hand.players
        table = self.hand.table
        i = table.index(self.hand.dealer)
        for step in range(1, len(table) + 1):
            candidate = table[(i + step) % len(table)]
            if candidate in players:
                return candidate
        return players[0]

    def contract(self) -> Contract:
        raise NotImplementedError

    def same_side(self, a: str, b: str) -> bool | None:
        """Are two players partners in this hand? None while unknown."""
        return None

    def verify_play(self, action: Action) -> None:
        """Game-specific checks on a card play after the shared ones passed."""

    def on_play(self, play: Play) -> list[str]:
        return []

    def on_trick(self, trick: Trick) -> list[str]:
        return []

    def card_points(self, card: Card) -> int:
        return self.rules.card_points(card, self.contract().trump_suit)

    def trick_points(self, cards: Sequence[Card]) -> int:
        """The card points of a trick's cards: the sum of ``card_points``, read from a
        table per rule set and trump suit unless the family counts cards its own way."""
        table = self.points_by_index()
        if table is None:
            return sum(map(self.card_points, cards))
        return sum([table[c.index] for c in cards])

    def points_by_index(self) -> tuple[int, ...] | None:
        """``card_points`` of every card by its ``Card.index`` in the contract in force
        (made once per rule set and trump suit), or None when the family counts cards
        its own way (it overrides ``card_points``)."""
        if type(self).card_points is not GameHand.card_points:
            return None
        trump_suit = self.contract().trump_suit
        rules = self.rules
        key = (id(rules), trump_suit)
        found = _POINTS.get(key)
        if found is None:
            table = tuple(rules.card_points(c, trump_suit) for c in BY_INDEX)
            found = _POINTS.put(key, (rules, table))
        return found[1]

    def is_over(self) -> bool:
        hand = self.hand
        return hand.tricks_done == hand.tricks_per_hand

    def result(self) -> HandResult:
        raise NotImplementedError

    def summary(self) -> dict[str, Any]:
        raise NotImplementedError


@record(frozen=True)
class SheetHand:
    """A hand entered from the score sheet, as ``Family.score_quick`` hands it to the
    family's ``score_sheet``: the rule set, the table, the dealer, the players of the hand,
    the facts, the actions said and the match's context."""

    rules: Ruleset
    table: Sequence[str]
    dealer: str
    players: list[str]
    facts: Mapping[str, Any]
    actions: Sequence[Action]
    context: Mapping[str, object]


class Family:
    """A game family: the structural mechanics shared by its rule sets."""

    name = "base"
    hand_class: type[GameHand] = GameHand
    schema: type[CommonRules] = CommonRules  # the family's typed rule-set record

    def validate(self, rules: Ruleset) -> list[str]:
        """Family-specific checks of a rule set, as ``key: message`` lines."""
        return []

    def contract_for(
        self, rules: Ruleset, game: str | None = None, trump: str | None = None
    ) -> Contract:
        """The contract of a game named by the referee (``game``: a ``[contracts]`` key)."""
        from scorekeeper.cards import parse_suit

        contracts = rules.spec.contracts
        key = game or next(iter(contracts))
        if key not in contracts:
            raise IllegalActionError(
                because(
                    "games.unknown_game",
                    "contracts",
                    game=key,
                    rules=rules.name,
                    games=tuple(contracts),
                )
            )
        needs_trump = any("{T}" in code for code in contracts[key].trumps)
        if needs_trump and trump is None:
            raise IllegalActionError(
                because("games.name_trump", f"contracts.{key}.trumps", rules=rules.name)
            )
        return Contract.from_rules(
            rules, key, parse_suit(trump) if needs_trump and trump is not None else None
        )

    def partner_winning_at(
        self, rules: Ruleset, best: int, position: int, playing: int
    ) -> bool | None:
        """Without names: is the card at trick position ``best`` the partner's of whoever
        plays at ``position``? From the seating, or None when the game's sides are hidden."""
        mode = self.seating(rules)
        if playing == 2 or mode == "alone":
            return False
        if mode == "partners":
            return (position - best) % playing == playing // 2
        return None

    def seating(self, rules: Ruleset) -> str | None:
        """How the seating makes the sides: ``partners`` (those opposite play together),
        ``alone`` (everyone for themselves), or None where the sides are hidden."""
        return None

    def trick_notes(self, rules: Ruleset, contract: Contract, cards: Sequence[Card]) -> list[str]:
        """What else a complete trick holds that the referee should mention (roem...)."""
        return []

    def following_rules(self, rules: Ruleset) -> FollowingRules:
        """The following obligations in force (a family may let options change them)."""
        return rules.spec.following

    def active_players(
        self, rules: Ruleset, table: Sequence[str], dealer: str, context: Mapping[str, object]
    ) -> list[str]:
        return list(table)

    def playing(self, rules: Ruleset, seated: int) -> int:
        """How many of the players seated at the table play each hand."""
        return seated

    def dealt_size(self, rules: Ruleset, players: int) -> int:
        return rules.hand_size

    def tricks_in_hand(self, hand: Hand) -> int:
        return hand.rules.spec.play.tricks or self.dealt_size(hand.rules, len(hand.players))

    def cards_in_play(self, hand: Hand) -> Counter[Card] | None:
        """How often each card must appear once every trick is played (None: varies).
        Here the deck's own counts, shared by every hand (asked once per hand checked):
        read them, never change them."""
        return hand.rules.deck.counts

    def start_hand(self, hand: Hand) -> GameHand:
        return self.hand_class(hand)

    def next_dealer(self, match: Match, result: HandResult | None) -> str:
        table = match.players
        current = match.current_dealer
        if result is not None and result.redeal and match.rules.spec.match.redeal_same_dealer:
            return current
        return table[(table.index(current) + 1) % len(table)]

    def score_quick(
        self,
        rules: Ruleset,
        table: Sequence[str],
        dealer: str,
        facts: Mapping[str, Any],
        actions: Sequence[Action],
        context: Mapping[str, object],
    ) -> HandResult:
        """The result of a hand entered from the score sheet (``facts``, and ``actions``
        said in it), at ``table`` with ``dealer`` dealing; ``context``: the match's
        (``entry``: the hand is being entered now, not replayed)."""
        players = self.active_players(rules, table, dealer, context)
        return self.score_sheet(SheetHand(rules, table, dealer, players, facts, actions, context))

    def score_sheet(self, hand: SheetHand) -> HandResult:
        """The family's scoring of a hand entered from the score sheet."""
        raise IllegalActionError(because("games.no_quick", "quick", rules=hand.rules.name))

    def reserved_names(self, rules: Ruleset) -> set[str]:
        """Words a player may not be called, lower case: they stand for something else
        where a name is read (a card of the deck, a word a quick fact chooses from)."""
        words = {card.code.lower() for card in rules.deck.all_cards()}
        for key in self.quick_keys().values():
            words |= {c.lower() for c in key.choices}
        return words

    def asked_keys(self, rules: Ruleset) -> dict[str, QuickKey]:
        """The quick facts a table of this rule set is asked, fact by fact: those its game,
        variant and table size take (every fact unless a family says otherwise)."""
        return self.quick_keys()

    def quick_keys(self) -> dict[str, QuickKey]:
        """The facts of a quick hand, for parsing, help and errors."""
        return {}

    # -- an action as entered (``scorekeeper.actions.entered``); a replay reads as before
    def split(self, rules: Ruleset, action: Action) -> tuple[Action, ...]:
        """The actions one entered action says at once (``Ben re no90``: Re and no 90)."""
        return (action,)

    def surplus(self, rules: Ruleset, action: Action) -> Surplus | None:
        """Words at the end of an action that this game does not read, if any."""
        return None

    def match_over(self, match: Match) -> str | None:
        """None while the match goes on, else why it is over."""
        return None
