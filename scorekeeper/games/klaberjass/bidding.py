"""Klaberjass bidding: the dealer's turn-up, then two rounds in which the non-dealer speaks
first. Round one accepts the turn-up's suit or passes; round two names another suit or
passes; four passes make the same dealer deal again. Whoever accepts or names is the
maker, who must outscore the other player.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from scorekeeper.actions import Action
from scorekeeper.cards import Card, Deck
from scorekeeper.games.common import words
from scorekeeper.games.klaberjass.notation import (
    PASS,
    Accept,
    Name,
    Pass,
    Spoken,
    TurnUp,
    read,
    refusal,
)
from scorekeeper.games.klaberjass.scoring import opponent
from scorekeeper.reasons import because

ROUNDS = 2


class Bidding:
    """The turn-up and the bids so far: whose turn it is, what may be said, who made trump."""

    def __init__(
        self, players: Sequence[str], dealer: str, deck: Deck, aliases: Mapping[str, str]
    ) -> None:
        self.players = list(players)
        self.dealer = dealer
        self.elder = opponent(players, dealer)  # the non-dealer: speaks and leads first
        self.deck = deck
        self.aliases = aliases
        self.turnup: Card | None = None
        self.bids: list[tuple[str, str, str | None]] = []  # (player, verb, suit)
        self.maker: str | None = None
        self.trump: str | None = None
        self.redeal = False

    # -- where the bidding stands
    @property
    def round(self) -> int:
        return len(self.bids) // len(self.players) + 1

    @property
    def speaker(self) -> str:
        return (self.elder, self.dealer)[len(self.bids) % 2]

    @property
    def made(self) -> str:
        """The contract's name once trump is made."""
        assert self.trump is not None
        return words("klaberjass.said.made", suit=self.trump, maker=self.maker)

    @property
    def open(self) -> bool:
        """Whether a bid may still be made."""
        return self.turnup is not None and self.trump is None and not self.redeal

    # -- checking
    def verify_turnup(self, action: Action, dealt_to: Callable[[Card], str | None]) -> TurnUp:
        rule = "bidding.turnup"
        if action.actor != self.dealer:
            raise refusal(
                "turnup.not_dealer", rule, action, dealer=self.dealer, player=action.actor
            )
        if self.turnup is not None:
            raise refusal("turnup.again", rule, action, card=self.turnup)
        said = read(self.deck, action, self.aliases)
        assert isinstance(said, TurnUp)
        holder = dealt_to(said.card)
        if holder:
            raise refusal("turnup.dealt", "deal", action, card=said.card, holder=holder)
        return said

    def verify_bid(self, action: Action) -> Spoken:
        if self.turnup is None:
            raise refusal("bid.no_turnup", "bidding.turnup", action, dealer=self.dealer)
        if self.trump is not None:
            raise refusal("bid.made", "bidding", action, suit=self.trump, maker=self.maker)
        speaker = self.speaker
        if action.actor != speaker:
            role = because(
                "klaberjass.role." + ("non_dealer" if speaker == self.elder else "dealer")
            )
            raise refusal(
                "bid.turn", "bidding.order", action, speaker=speaker, role=role, round=self.round
            )
        suit = self.turnup.suit
        if self.aliases.get(action.verb, action.verb) == "name" and self.round == 1:
            raise refusal(
                "name.round_one", "bidding.round_one", action, suit=suit, player=action.actor
            )
        said = read(self.deck, action, self.aliases)
        if isinstance(said, Accept):
            if self.round != 1:
                raise refusal(
                    "accept.round_two", "bidding.round_two", action, suit=suit, player=said.player
                )
            if said.named and said.suit != suit:
                raise refusal("accept.other_suit", "bidding.round_one", action, suit=suit)
        elif isinstance(said, Name) and said.suit == suit:
            raise refusal("name.turnup_suit", "bidding.round_two", action, suit=suit)
        return said

    # -- what may be said now
    def candidates(self) -> list[Spoken]:
        """The bids the speaker may make now (each still to be verified)."""
        if not self.open:
            return []
        assert self.turnup is not None
        speaker = self.speaker
        if self.round == 1:
            return [Accept(speaker), Pass(speaker)]
        others = [s for s in self.deck.suits if s != self.turnup.suit]
        return [*(Name(speaker, s) for s in others), Pass(speaker)]

    # -- applying
    def apply_turnup(self, said: TurnUp) -> list[str]:
        self.turnup = said.card
        return [
            words("klaberjass.said.turnup", card=said.card, elder=self.elder, suit=said.card.suit)
        ]

    def apply_bid(self, said: Spoken) -> list[str]:
        assert self.turnup is not None
        player = said.player
        turn_suit = self.turnup.suit
        if isinstance(said, Pass):
            self.bids.append((player, PASS, None))
            if len(self.bids) == ROUNDS * len(self.players):
                self.redeal = True
                return [words("klaberjass.said.pass_redeal", player=player, dealer=self.dealer)]
            nxt = self.speaker
            if self.round == 1:
                return [
                    words("klaberjass.said.pass_accept", player=player, next=nxt, suit=turn_suit)
                ]
            return [words("klaberjass.said.pass_name", player=player, next=nxt, suit=turn_suit)]
        suit = said.suit if isinstance(said, Name) else self.turnup.suit
        assert suit is not None
        self.bids.append((player, said.VERB, suit))
        self.maker, self.trump = player, suit
        return [
            words(
                "klaberjass.said.makes",
                player=player,
                suit=suit,
                opponent=opponent(self.players, player),
                elder=self.elder,
            )
        ]

    # -- before play
    def why_not_ready(self) -> str:
        if self.redeal:
            return words("klaberjass.said.redeal_ready", dealer=self.dealer)
        if self.turnup is None:
            return words("klaberjass.said.await_turnup", dealer=self.dealer)
        suit = self.turnup.suit
        speaker = self.speaker
        if self.round == 1:
            return words("klaberjass.said.await_accept", player=speaker, suit=suit)
        return words("klaberjass.said.await_name", player=speaker, suit=suit)

    def not_ready_rule(self) -> str:
        if self.redeal:
            return "bidding.redeal"
        if self.turnup is None:
            return "bidding.turnup"
        return "bidding.round_one" if self.round == 1 else "bidding.round_two"
