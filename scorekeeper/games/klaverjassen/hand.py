"""One Klaverjassen hand: the trump choice, the three-player talon, challenges, declarations,
stuk and declined roem around the shared trick engine, and the hand's ``Facts``.

Actions, actor first (``notation`` reads and writes them):

- trump choice: ``Ben pass``, ``Carla trump hearts`` or ``Carla hearts`` (suit words,
  letters H D C S, symbols, or the rule set's ``trump.suit_aliases`` such as ``harten``);
  with an upturned card of a second pack the dealer records ``Anna upturn 7H`` and the
  players answer ``Ben accept`` or ``Ben pass``;
- three players: the trump maker's ``Carla discard 7S 8D`` after taking the talon;
- any player, before the last card: ``Ben decline_roem`` (the team gives up its roem);
- Wilde Boom: ``Ben kraak``, ``Carla rekraak``, ``Dirk superkraak`` (after trump, before
  the first card); ``Anna roem KH QH JH`` (a combination from the hand, before Anna's
  first card); ``Anna stuk`` (right after Anna played the first of king and queen of trumps).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING, Any

import scorekeeper.games.klaverjassen.notation as n
import scorekeeper.games.klaverjassen.sheet as sheet
from scorekeeper.actions import Action
from scorekeeper.cards import SUIT_NAMES, Card, format_cards
from scorekeeper.contract import Contract
from scorekeeper.errors import IllegalActionError
from scorekeeper.games import GameHand
from scorekeeper.games.common import Said
from scorekeeper.games.klaverjassen.announcements import (
    KING,
    QUEEN,
    Challenges,
    Declarations,
    refuse,
)
from scorekeeper.games.klaverjassen.bidding import EVERYBODY_PASSED, TrumpChoice
from scorekeeper.games.klaverjassen.roem import (
    Roem,
    declared_combination,
    four_of_a_kind_ranks,
    trick_roem,
)
from scorekeeper.games.klaverjassen.rules import options, spec
from scorekeeper.games.klaverjassen.scoring import Facts, score
from scorekeeper.games.klaverjassen.sides import side_names
from scorekeeper.games.klaverjassen.words import words
from scorekeeper.reasons import because
from scorekeeper.result import HandResult, redeal_result

if TYPE_CHECKING:
    from scorekeeper.hand import Hand, Trick


class KlaverjassenHand(GameHand):
    """The Klaverjassen part of one hand: what was said, the talon, and the roem found."""

    shared = GameHand.shared | {  # kept a hand: never changed, or caches of the rule set
        "_contracts",
        "sides",
        "_side_of",
        "_declining",
        "_kraak",
        "_declares",
    }

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        rules = self.rules
        four_of_a_kind_ranks(rules)  # refuse a bad option value before anything is recorded
        self.sides = side_names(rules, hand.players)
        self._side_of = {p: side for side, members in self.sides.items() for p in members}
        self._declining: list[Action] = []
        self.bidding = TrumpChoice(rules, hand.players, hand.dealer)
        talon = spec(rules).talon
        self.talon_size = talon.size if talon else 0
        self.discard_count = talon.discard if talon else 0
        self.discards: list[Card] = []
        self.declined: list[str] = []  # sides that gave up their roem
        self.challenges = Challenges(rules, self.sides)
        self.declarations = Declarations(rules)
        self.roem_by_trick: dict[int, list[Roem]] = {}
        self._contracts: dict[str | None, Contract] = {}
        # whether the rule set knows challenges and declared roem (asked by every position)
        self._kraak = n.has_kraak(rules)
        self._declares = n.has_declarations(rules)

    # -- the trump choice's state, as the rest of the program reads it
    @property
    def trump(self) -> str | None:
        return self.bidding.trump

    @property
    def maker(self) -> str | None:
        return self.bidding.maker

    @property
    def redeal(self) -> bool:
        return self.bidding.redeal

    @property
    def kraaks(self) -> list[tuple[str, str]]:
        """(player, level) of each challenge, in order."""
        return list(self.challenges.said)

    @property
    def stuk(self) -> list[tuple[str, Card]]:
        return self.declarations.stuk

    # -- what may be typed
    @property
    def words_read(self) -> tuple[str, ...]:
        """The words of this rule set, as a refusal of an unknown word lists them
        (``accept`` and ``upturn`` only where a card is turned up)."""
        return tuple(n.action_words(self.rules))

    @property
    def verbs(self) -> tuple[str, ...]:  # type: ignore[override]
        """The action words of this hand, some complete with their cards.

        ``scorekeeper.simulate`` tries "Player WORD" for each of these when nobody can play,
        so a few whole actions (sample upturned cards, the talon's discard when the deal is
        known) let a random table finish the trump choice and the discard.
        """
        rules = self.rules
        suits = [f"trump {SUIT_NAMES[s]}" for s in rules.deck.suits]
        known = [*n.BID_VERBS, *suits, n.DECLINE]
        if options(rules).trump_choice.startswith("upturn"):
            known += [f"upturn 7{s}" for s in rules.deck.suits]
            known += [f"upturn 8{s}" for s in rules.deck.suits]
        if self.talon_size:
            known.append(n.DISCARD)
            talon = self.talon()
            if talon is not None:
                known.append(f"{n.DISCARD} " + format_cards(talon))
        if n.has_kraak(rules):
            known += n.kraak_levels(rules)
        if n.has_declarations(rules):
            known += [n.ROEM, n.STUK]
        return tuple(known)

    def talon(self) -> list[Card] | None:
        """The talon's cards: what the deal left over (known only with the deal)."""
        if not self.talon_size or self.hand.dealt is None:
            return None
        left = Counter(self.rules.deck.counts)
        for cards in self.hand.dealt.values():
            left.subtract(cards)
        return sorted(left.elements(), key=lambda c: c.code)

    # -- the contract in force
    def contract(self) -> Contract:
        trump = self.bidding.trump
        found = self._contracts.get(trump)
        if found is None:
            name = f"{n.suit_label(trump)} trumps" if trump else "trump not chosen yet"
            found = Contract.from_rules(self.rules, "trump", trump, name=name)
            self._contracts[trump] = found
        return found

    def same_side(self, a: str, b: str) -> bool | None:
        return self._side_of[a] == self._side_of[b]

    def side(self, player: str) -> str:
        return self._side_of[player]

    @property
    def announcements(self) -> list[Said]:
        """Trump, challenges, declarations, stuk and declined roem so far, in that order."""
        said: list[Said] = []
        if self.trump is not None and self.maker is not None:
            said.append(Said(self.maker, f"trump {SUIT_NAMES[self.trump]}", self.side(self.maker)))
        said += [Said(p, level, self.side(p)) for p, level in self.challenges.said]
        said += [
            Said(d.player, f"roem {d.combo.text}", self.side(d.player))
            for d in self.declarations.declared
        ]
        said += [Said(p, "stuk", self.side(p)) for p, _ in self.stuk]
        said += [Said(self.sides[s][0], n.DECLINE, s) for s in self.declined]
        return said

    # -- actions
    def typed(self, action: Action) -> n.KlaverjassenAction:
        """The typed action, or the refusal of a word that is no action here."""
        typed = n.read(self.rules, action)
        if typed is None:
            reason = because(
                "klaverjassen.unknown_verb",
                "actions",
                action=str(action),
                verb=repr(action.typed_verb),
                game=self.rules.name,
                words=n.action_words(self.rules),
            )
            raise IllegalActionError(reason)
        return typed

    def verify_action(self, action: Action) -> None:
        self.verify_typed(self.typed(action))

    def verify_typed(self, typed: n.KlaverjassenAction) -> None:
        match typed:
            case n.Pass() | n.ChooseTrump() | n.Accept() | n.Upturn():
                self.bidding.verify(typed)
            case n.DeclineRoem():
                self._verify_decline(typed)
            case n.Discard():
                self._verify_discard(typed)
            case n.Kraak():
                self._verify_kraak(typed)
            case n.DeclareRoem():
                self.declarations.verify_roem(self.hand, typed)
            case n.Stuk():
                self.declarations.verify_stuk(self.hand, typed, self.trump)

    def apply_action(self, action: Action) -> list[str]:
        typed = self.typed(action)
        player = typed.player
        side = self.side(player)
        match typed:
            case n.Pass() | n.ChooseTrump() | n.Accept() | n.Upturn():
                return self._apply_bid(typed)
            case n.DeclineRoem():
                self.declined.append(side)
                return [words(f"msg.decline_{self._team_or_one(side)}", side=side)]
            case n.Discard(cards=cards):
                self.discards = list(cards)
                self.hand.take(player, cards)
                return [words("msg.discard", player=player, count=len(cards))]
            case n.Kraak(level=level):
                self.challenges.apply(typed)
                factor = self._kraak_multiplier() ** len(self.challenges)
                return [words("msg.kraak", player=player, level=level, side=side, factor=factor)]
            case n.DeclareRoem(cards=cards):
                combo = declared_combination(self.rules, cards, n.text(typed))
                self.declarations.declare(player, combo)
                return [words("msg.declare", player=player, combo=combo.text)]
            case n.Stuk():
                # history already holds this action; the play it follows comes just before
                played = self.hand.history[-2].card
                assert played is not None and self.trump is not None
                other = Card(QUEEN if played.rank == KING else KING, self.trump)
                self.declarations.declare_stuk(player, other)
                pts = self.stuk_points()
                return [
                    words(
                        "msg.stuk", player=player, played=played, other=other, points=pts, side=side
                    )
                ]
        return []

    def _kraak_multiplier(self) -> int:
        kraak = spec(self.rules).kraak
        assert kraak is not None  # a challenge is an action only where the rule set has them
        return kraak.multiplier

    def stuk_points(self) -> int:
        declarations = spec(self.rules).declarations
        assert declarations is not None  # stuk is declared only where the rule set says so
        return declarations.stuk

    def _apply_bid(self, bid: n.Bid) -> list[str]:
        messages = self.bidding.apply(bid)
        if self.maker is None:
            return messages
        maker = self.maker
        how = "accepts" if isinstance(bid, n.Accept) else "chooses"
        side = self.side(maker)
        suit = n.suit_label(self.bidding.trump or "")
        key = f"msg.{how}_{self._team_or_one(side)}"
        messages = [words(key, player=maker, suit=suit, side=side)]
        if self.talon_size:
            talon = self.talon()
            if talon is not None:
                self.hand.give(maker, talon)
            messages.append(words("msg.talon", player=maker, count=self.discard_count))
        return messages

    def _team_or_one(self, side: str) -> str:
        """'team' for a side of several players (they play), 'one' for a player alone."""
        return "team" if len(self.sides[side]) > 1 else "one"

    def _verify_decline(self, typed: n.DeclineRoem) -> None:
        side = self.side(typed.player)
        if self.trump is None:
            raise refuse(typed, "decline.before_trump", "roem")
        if side in self.declined:
            raise refuse(typed, "decline.twice", "roem", side=side)

    def _verify_discard(self, typed: n.Discard) -> None:
        rule = "talon.discard"
        if self.trump is None:
            raise refuse(typed, "discard.before_trump", rule)
        if typed.player != self.maker:
            raise refuse(typed, "discard.not_maker", rule, maker=self.maker)
        if self.discards:
            raise refuse(typed, "discard.twice", rule, maker=self.maker, cards=self.discards)
        cards = typed.cards
        if len(cards) != self.discard_count or len(set(cards)) != len(cards):
            raise refuse(typed, "discard.count", rule, count=self.discard_count)
        holding = self.hand.holding(typed.player)
        if holding is not None:
            for c in cards:
                if c not in holding:
                    raise refuse(typed, "discard.not_held", "deal", card=c, holding=holding)

    def _verify_kraak(self, typed: n.Kraak) -> None:
        if self.trump is None:
            raise refuse(typed, "kraak.before_trump", "kraak", level=typed.level)
        if self.hand.started_play:
            raise refuse(typed, "kraak.too_late", "kraak", level=typed.level)
        self.challenges.verify(typed, self.side(self.maker or ""), self.maker)

    # -- what may be done now
    def legal_actions(self) -> list[Action]:
        """Every action other than a card play allowed now, each one passing ``verify_action``.

        The trump choice (pass, accept, each suit, each card the dealer may turn up),
        declining roem (each player of a side that has not), the challenge next in the
        chain (each player who may say it) and stuk are listed with or without the deal.
        The talon's discard and Wilde Boom's declared combinations name cards from the
        player's hand, so they are listed only when the deal is recorded, each set of
        cards once (in one order; ``notation.canonical`` forgets the order).
        """
        bidding = self.bidding
        if bidding.redeal:
            return []
        if bidding.trump is None:  # the trump choice goes on: nothing else may be said yet
            actions = self._allowed(self.bidding.legal())
        else:
            # declining roem: allowed as listed (a trump is chosen, the side has not)
            declining = self._declining or self._decline_actions()
            declined = self.declined
            if declined:
                side_of = self._side_of
                actions = [a for a in declining if side_of[a.actor] not in declined]
            else:
                actions = list(declining)
            typed: list[n.KlaverjassenAction] = []
            if self.talon_size:
                typed += self._discards()
            if self._kraak and not self.hand.started_play:
                typed += self.challenges.legal(self.side(self.maker or ""))
            if typed:
                actions += self._allowed(typed)
        if self._declares:
            typed = list(self._declarable())
            last = self.hand.history[-1] if self.hand.history else None
            if last is not None and last.is_play:  # stuk is said by who just played
                typed.append(n.Stuk(last.actor))
            actions += self._allowed(typed)
        return actions

    def _allowed(self, typed: Iterable[n.KlaverjassenAction]) -> list[Action]:
        return [n.write(t) for t in typed if self._allows(t)]

    def _decline_actions(self) -> list[Action]:
        """Each player's word for declining roem, made once a hand (an action is immutable)."""
        self._declining = [n.write(n.DeclineRoem(p)) for p in self.hand.players]
        return self._declining

    def _allows(self, typed: n.KlaverjassenAction) -> bool:
        try:
            self.verify_typed(typed)
        except IllegalActionError:
            return False
        return True

    def _discards(self) -> list[n.Discard]:
        if not self.talon_size or self.discards or self.maker is None:
            return []
        holding = self.hand.holding(self.maker)
        if holding is None:
            return []
        return [
            n.Discard(self.maker, tuple(cards))
            for cards in combinations(sorted(set(holding), key=holding.index), self.discard_count)
        ]

    def _declarable(self) -> list[n.DeclareRoem]:
        dealt = self.hand.dealt
        if dealt is None:
            return []
        found: list[n.DeclareRoem] = []
        for player in self.hand.players:
            if not self.hand.plays_by[player]:
                found += self.declarations.candidates(player, dealt[player])
        return found

    # -- play
    def ready_to_play(self) -> bool:
        bidding = self.bidding
        if bidding.trump is None or bidding.redeal:
            return False
        return not (self.talon_size and not self.discards)

    def why_not_ready(self) -> str:
        if self.redeal:
            return words("msg.redeal_wait")
        now = self.bidding.now()
        if now is not None:
            return words("msg.no_trump_yet", now=now)
        return words("msg.discard_first", player=self.maker, count=self.discard_count)

    def not_ready_rule(self) -> str:
        if self.redeal:
            return "trump.all_pass"
        return "options.trump_choice" if self.trump is None else "talon.discard"

    def verify_play(self, action: Action) -> None:
        card = action.card
        assert card is not None
        if self.discards and card in self.discards:
            raise IllegalActionError(
                because(
                    "klaverjassen.play.discarded",
                    "talon.discard",
                    action=str(action),
                    card=card,
                    maker=self.maker,
                )
            )
        declarations = self.declarations
        if not (declarations.declared or declarations.stuk):
            return  # no card shown yet: none is another player's
        why = declarations.why_not_play(action.actor, card)
        if why is not None:
            raise IllegalActionError(
                because("klaverjassen.play.refused", why.rule, action=str(action), why=why)
            )

    def on_trick(self, trick: Trick) -> list[str]:
        roem = trick_roem(self.rules, trick.cards, self.trump)
        self.roem_by_trick[trick.number] = roem
        if self.hand.quiet:
            return []
        said = {
            "number": trick.number,
            "winner": trick.winner,
            "points": trick.points,
            "reason": trick.reason,
        }
        if roem:
            side = self.side(trick.winner or "")
            return [words("msg.trick_roem", **said, side=side, roem=[r.text for r in roem])]
        return [words("msg.trick", **said)]

    def is_over(self) -> bool:
        return self.bidding.redeal or GameHand.is_over(self)

    # -- result
    def facts(self) -> Facts:
        """What the finished hand's score depends on."""
        return sheet.facts(self)

    def result(self) -> HandResult:
        if self.redeal:
            return redeal_result(self.hand.table, EVERYBODY_PASSED, "trump.all_pass")
        return score(self.rules, self.hand.table, self.facts())

    def summary(self) -> dict[str, Any]:
        """The quick-entry facts of this finished hand."""
        return sheet.summary(self)
