"""One Klaberjass hand: the bidding, what happens before the first card (the bottom card,
the exchange, sequences), bella, the plays and the facts the score is made from.

The hand consults its parts: ``Bidding`` (the turn-up and the two rounds), ``stock``
(cards out of play and what the table knows about a hand without its deal) and
``Announced`` (sequences and bella, the record quick entry replays through as well).
The action strings are read and written by ``notation``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NoReturn

from scorekeeper.actions import PLAY, Action
from scorekeeper.cards import SUIT_NAMES, Card, format_cards
from scorekeeper.contract import Contract
from scorekeeper.errors import IllegalActionError
from scorekeeper.following import check_play
from scorekeeper.games import GameHand
from scorekeeper.games.common import Said, trick_words, words
from scorekeeper.games.klaberjass.announcements import Announced
from scorekeeper.games.klaberjass.bidding import Bidding
from scorekeeper.games.klaberjass.notation import (
    BELLA,
    BIDS,
    BOTTOM,
    PRE_PLAY,
    TURNUP,
    VERBS,
    Bella,
    Bottom,
    Exchange,
    Sequence,
    Spoken,
    TurnUp,
    parse_suit,
    read,
    refusal,
    unreadable,
    verb_of,
)
from scorekeeper.games.klaberjass.rules import CONTRACT, spec
from scorekeeper.games.klaberjass.scoring import Facts, score
from scorekeeper.games.klaberjass.sequences import held_runs, run_points, runs_within
from scorekeeper.games.klaberjass.stock import (
    known_cards,
    may_show_bottom,
    out_of_play,
    verify_bottom,
    verify_exchange,
)
from scorekeeper.reasons import because
from scorekeeper.result import HandResult, redeal_result

if TYPE_CHECKING:
    from scorekeeper.hand import Hand, Play, Trick

PRE_PLAY_RULE = {
    "bottom": "deal.bottom_card",
    "exchange": "exchange.when",
    "sequence": "sequences.window",
}


class KlaberjassHand(GameHand):
    words = VERBS

    def __init__(self, hand: Hand) -> None:
        super().__init__(hand)
        self.spec = spec(self.rules)
        self.aliases = self.spec.aliases
        self.bidding = Bidding(hand.players, hand.dealer, self.rules.deck, self.aliases)
        self.dealer = hand.dealer
        self.elder = self.bidding.elder  # the non-dealer: speaks and leads first
        self.bottom: Card | None = None
        self.exchanged_by: str | None = None
        self.announced = Announced(self.rules)
        self._contract = self._make_contract()

    # -- the bidding's and the announcements' state, as the hand's
    @property
    def turnup(self) -> Card | None:
        return self.bidding.turnup

    @property
    def maker(self) -> str | None:
        return self.bidding.maker

    @property
    def trump(self) -> str | None:
        return self.bidding.trump

    @property
    def redeal(self) -> bool:
        return self.bidding.redeal

    @property
    def bella(self) -> str | None:
        return self.announced.bella

    @property
    def bella_pending(self) -> tuple[str, Card] | None:
        return self.announced.bella_pending

    @property
    def verbs(self) -> tuple[str, ...]:  # type: ignore[override]
        """Phrases random play (``simulate.play_random``) may try, each verified when tried.

        With the deal known these include every possible turn-up and every held sequence, so
        a random hand can get through the bidding. Bella is left out: it binds the next card,
        which random play does not know.
        """
        phrases = ["accept", "pass", "exchange"]
        phrases += [f"name {SUIT_NAMES[s]}" for s in self.rules.deck.suits]
        if self.hand.dealt is not None:
            dealt = {c for held in self.hand.dealt.values() for c in held}
            phrases += [f"turnup {c.code}" for c in self.rules.deck.cards if c not in dealt]
            for held in self.hand.dealt.values():
                phrases += [f"sequence {format_cards(r)}" for r in held_runs(self.rules, held)]
        return tuple(phrases)

    @property
    def words_read(self) -> tuple[str, ...]:
        """Every word of the notation, the turn-up, bella and the sequences among them,
        whether or not the deal is known."""
        return VERBS

    # -- the contract in force
    def _make_contract(self) -> Contract:
        contract = Contract.from_rules(self.rules, CONTRACT, self.trump)
        if self.trump is None:
            return contract.replace(name="trump not made yet")
        return contract.replace(name=self.bidding.made)

    def contract(self) -> Contract:
        return self._contract

    def same_side(self, a: str, b: str) -> bool | None:
        return a == b

    # -- cards the table knows about
    @property
    def seven(self) -> Card | None:
        """The trump seven, which may be exchanged for the turn-up."""
        if self.trump is None:
            return None
        return Card(self.spec.exchange.rank, self.trump)

    def bella_cards(self) -> tuple[Card, ...]:
        return self.announced.bella_cards(self.trump)

    def dealt_to(self, card: Card) -> str | None:
        if self.hand.dealt is None:
            return None
        return next((p for p, cs in self.hand.dealt.items() if card in cs), None)

    # -- actions
    def verify_action(self, action: Action) -> None:
        verb = verb_of(action, self.aliases)
        if verb == TURNUP:
            self.bidding.verify_turnup(action, self.dealt_to)
        elif verb in BIDS:
            self.bidding.verify_bid(action)
        elif verb in PRE_PLAY:
            self._verify_pre_play(action, verb)
        elif verb == BELLA:
            self._verify_bella(action)
        else:
            self._unknown(action)

    def _unknown(self, action: Action) -> NoReturn:
        suit = parse_suit(action.verb)
        raise refusal(
            "unknown_word_suit" if suit else "unknown_word",
            "actions",
            action,
            word=action.typed_verb,
            game=self.rules.name,
            actions=self.words,
            suit=suit,
            player=action.actor,
        )

    def _verify_pre_play(self, action: Action, verb: str) -> None:
        rule = PRE_PLAY_RULE[verb]
        if self.trump is None:
            raise refusal("pre_play.no_trump", rule, action, verb=verb, now=self.why_not_ready())
        if self.hand.started_play:
            played = self.hand.cards_played
            key = "pre_play.too_late" if played != 1 else "pre_play.too_late_one"
            raise refusal(key, rule, action, verb=verb, played=played)
        if verb == BOTTOM:
            may_show_bottom(self, action)
        said = read(self.rules.deck, action, self.aliases)
        if isinstance(said, Bottom):
            verify_bottom(self, said, action)
        elif isinstance(said, Exchange):
            verify_exchange(self, said, action)
        elif isinstance(said, Sequence):
            self._verify_sequence(said, action)

    def _verify_sequence(self, said: Sequence, action: Action) -> None:
        player = said.player
        try:
            run = self.announced.read(player, said.cards)
        except IllegalActionError as exc:
            raise unreadable(action, exc, "sequences.order") from None
        holding = self.hand.holding(player)
        if holding is None:
            self._verify_sequence_fits(player, run.cards, action)
        for card in run.cards:
            if holding is not None and card not in holding:
                why = because("klaberjass.not_held", player=player, card=card, holding=holding)
                raise refusal("action", "deal", action, why=why)
            seen = out_of_play(self, player, card)
            if seen:
                raise refusal("action", seen.rule or "sequences", action, why=seen)
        try:
            self.announced.check(run)
        except IllegalActionError as exc:
            raise unreadable(action, exc, "sequences.order") from None

    def _verify_sequence_fits(self, player: str, cards: tuple[Card, ...], action: Action) -> None:
        """Without the deal: the cards a player is known to hold, this sequence's with them,
        cannot be more than the cards in that player's hand (nine sequences' worth of cards
        announced by one player would leave the other nothing to play)."""
        claimed = tuple(dict.fromkeys([*known_cards(self, player).cards, *cards]))
        left = self.hand.cards_in_hand(player)
        if len(claimed) > left:
            raise refusal(
                "known.too_many", "sequences", action, player=player, left=left, count=len(claimed)
            )

    def _played_by(self, player: str) -> list[Card]:
        """The cards ``player`` played so far, read from the tricks (``Hand.plays_by`` makes
        every player's play records, with the deal on each call)."""
        return [p.card for t in self.hand.tricks for p in t.plays if p.player == player]

    def _verify_bella(self, action: Action) -> None:
        rule = "bella.announce"
        player = action.actor
        read(self.rules.deck, action, self.aliases)
        if self.trump is None or not self.hand.started_play:
            raise refusal("bella.not_in_play", rule, action)
        who = self.announced.bella_said_by
        if who:
            raise refusal("bella.again", rule, action, player=who)
        if self.hand.to_play() != player:
            raise refusal("bella.not_your_turn", rule, action, next=self.hand.to_play())
        pair = self.bella_cards()
        mine = self._played_by(player)
        if not any(c in mine for c in pair):
            raise refusal("bella.none_played", rule, action, player=player, pair=pair)
        rest = [c for c in pair if c not in mine]
        if not rest:
            raise refusal("bella.both_played", rule, action, player=player, pair=pair)
        try:
            self.hand.verify(Action(player, PLAY, rest[0]))
        except IllegalActionError as exc:
            why = exc.message.split(": ", 1)[-1]  # without the repeated "Ben QS: "
            raise refusal("bella.cannot_play", rule, action, card=rest[0], why=why) from None

    def legal_actions(self) -> list[Action]:
        """Every non-card action allowed now, each one accepted by ``verify_action``.

        Turn-ups and bottom cards are enumerated over the deck (without the deal any card
        the record does not rule out), sequences over the holding (without the deal over
        every run of the deck). Other spellings of the same action are not listed again:
        the alias ``take``, ``accept`` with the turn-up's suit named, cards in another order.
        """
        out: list[Action] = []
        for said in self._candidates():
            action = said.action()
            try:
                self.verify_action(action)
            except IllegalActionError:
                continue
            out.append(action)
        return out

    def _candidates(self) -> list[Spoken]:
        deck = self.rules.deck
        if self.turnup is None:
            return [TurnUp(self.dealer, c) for c in deck.cards]
        if self.trump is None:
            return self.bidding.candidates()
        if self.hand.started_play:
            player = self.hand.to_play()
            return [Bella(player)] if player is not None else []
        out: list[Spoken] = [Bottom(self.dealer, c) for c in deck.cards]
        for player in self.hand.players:
            out.append(Exchange(player))
            held = self.hand.holding(player)
            cards = deck.cards if held is None else held
            out.extend(Sequence(player, run) for run in runs_within(self.rules, cards))
        return out

    # -- applying
    def apply_action(self, action: Action) -> list[str]:
        said = read(self.rules.deck, action, self.aliases)
        player = said.player
        if isinstance(said, TurnUp):
            return self.bidding.apply_turnup(said)
        if said.VERB in BIDS:
            messages = self.bidding.apply_bid(said)
            self._contract = self._make_contract()
            return messages
        if isinstance(said, Bottom):
            self.bottom = said.card
            return [words("klaberjass.said.bottom", card=self.bottom)]
        if isinstance(said, Exchange):
            seven, turnup = self.seven, self.turnup
            assert seven is not None and turnup is not None
            self.exchanged_by = player
            self.hand.exchange(player, [seven], [turnup])
            return [words("klaberjass.said.exchange", player=player, seven=seven, turnup=turnup)]
        if isinstance(said, Sequence):
            run = self.announced.read(player, said.cards)
            self.announced.add(run)
            value = run_points(self.rules, len(run.cards))
            return [words("klaberjass.said.sequence", player=player, run=run.text, value=value)]
        mine = self._played_by(player)
        second = next(c for c in self.bella_cards() if c not in mine)
        self.announced.bella_pending = (player, second)
        return [words("klaberjass.said.bella", player=player, card=second)]

    # -- play
    def ready_to_play(self) -> bool:
        return self.trump is not None and not self.redeal

    def why_not_ready(self) -> str:
        return self.bidding.why_not_ready()

    def not_ready_rule(self) -> str:
        return self.bidding.not_ready_rule()

    def first_leader(self) -> str:
        return self.elder

    def verify_play(self, action: Action) -> None:
        card = action.card
        player = action.actor
        assert card is not None
        pending = self.bella_pending
        if pending is not None and pending[0] == player and card != pending[1]:
            raise refusal("bella.owed", "bella.announce", action, player=player, card=pending[1])
        seen = out_of_play(self, player, card)
        if seen:
            raise refusal("action", seen.rule or "sequences", action, why=seen)
        if self.hand.dealt is not None:
            return  # every play was already checked against the recorded cards
        self._verify_known(action, card)

    def _verify_known(self, action: Action, card: Card) -> None:
        """Without the deal: the cards known to be held bind the play."""
        player = action.actor
        known = known_cards(self, player)
        left = self.hand.cards_in_hand(player)
        if card not in known.cards and len(known.cards) >= left:
            raise refusal(
                "known.must_play" if left != 1 else "known.must_play_one",
                "exchange.when" if known.exchange_only else "sequences",
                action,
                player=player,
                left=left,
                cards=known.cards,
                known=known.why,
            )
        if known.cards:
            trick = self.hand.current_trick
            verdict = check_play(
                self.hand.following,
                self._contract,
                trick.cards if trick else [],
                card,
                [*known.cards, card],
                partner_winning=False,
                last_trick=len(self.hand.completed_tricks()) + 1 == self.hand.tricks_per_hand,
            )
            if not verdict.legal:
                raise IllegalActionError(
                    because(
                        "klaberjass.known_from",
                        verdict.rule or "following",
                        action=action.text,
                        why=verdict.why,
                        known=known.why,
                    )
                )

    def on_play(self, play: Play) -> list[str]:
        if self.announced.bella_played(play.player, play.card):
            return [
                words(
                    "klaberjass.said.bella_played",
                    player=play.player,
                    points=self.spec.bella.points,
                )
            ]
        return []

    def on_trick(self, trick: Trick) -> list[str]:
        if self.hand.quiet:
            return []
        messages = [trick_words(trick)]
        if trick.number == self.hand.tricks_per_hand:
            bonus = self.spec.play.last_trick_bonus
            messages.append(words("klaberjass.said.last_trick", player=trick.winner, bonus=bonus))
        return messages

    def is_over(self) -> bool:
        return self.redeal or super().is_over()

    # -- result
    def facts(self) -> Facts:
        h = self.hand
        assert self.maker is not None and self.trump is not None
        points = {p: 0 for p in h.players}
        tricks = h.completed_tricks()
        for t in tricks:
            points[t.winner] += t.points
        notes: list[str] = []
        if tricks:
            last = tricks[-1].winner
            assert last is not None
            points[last] += self.spec.play.last_trick_bonus
            notes.append(words("klaberjass.said.last_trick_note", player=last))
        revoke = None
        if h.revokes:
            revoke = h.revokes[0].player
            notes.append(h.revokes[0].text())
        runs = list(self.announced.runs)
        return Facts(
            list(h.players), self.maker, self.trump, points, runs, self.bella, revoke, notes
        )

    def result(self) -> HandResult:
        if self.redeal:
            return redeal_result(
                self.hand.table,
                words("klaberjass.said.redeal", dealer=self.dealer),
                "bidding.redeal",
            )
        return score(self.rules, self.hand.table, self.facts())

    def summary(self) -> dict[str, Any]:
        """The quick-entry facts of this finished hand."""
        if self.redeal:
            return {"redeal": True}
        f = self.facts()
        out: dict[str, Any] = {
            "maker": f.maker,
            "trump": f.trump,
            "points": [f"{p}:{f.points[p]}" for p in f.players],
        }
        if f.runs:
            out["sequences"] = [f"{r.player}:{r.text}" for r in f.runs]
        if f.bella:
            out["bella"] = f.bella
        if f.revoke:
            out["revoke"] = f.revoke
        return out

    # -- for the status view
    @property
    def announcements(self) -> list[Said]:
        return self.announced.status(self.maker)
