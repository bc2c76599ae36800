"""The trump choice: whose turn it is, what they may say, who becomes the trump maker.

Option ``trump_choice`` names the method; ``trump_script`` turns it into the list of
turns (``Step``) for a table and a dealer, and ``TrumpChoice`` walks that script one typed
bid at a time (``verify`` raises with the reason, ``apply`` moves on and says what
happened, ``legal`` lists the bids allowed now).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from scorekeeper.cards import SUIT_NAMES, Card
from scorekeeper.errors import IllegalActionError, ScorekeeperError
from scorekeeper.games.klaverjassen.notation import (
    Accept,
    Bid,
    ChooseTrump,
    Pass,
    Upturn,
    text,
)
from scorekeeper.games.klaverjassen.rules import METHODS, options, spec
from scorekeeper.games.klaverjassen.words import words
from scorekeeper.reasons import Reason, because
from scorekeeper.record import record

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset

__all__ = ["EVERYBODY_PASSED", "METHODS", "Step", "TrumpChoice", "trump_script"]

RULE = "options.trump_choice"
EVERYBODY_PASSED = "everybody passed: the same dealer deals again"


@record(frozen=True)
class Step:
    """One turn of the trump choice: who acts, what they may do."""

    kind: str  # "choose" a suit, "accept" the upturned one, "upturn" a card, "redeal"
    player: str
    may_pass: bool = True
    not_upturned: bool = False  # the suit named may not be the upturned card's

    def reason(self, upturned: Card | None) -> Reason:
        """Whose turn this is and what they may do, as a reason for the view to word."""
        player = self.player
        if self.kind == "upturn":
            return because("klaverjassen.turn.upturn", None, player=player)
        if self.kind == "accept":
            how = "accept_or_pass" if self.may_pass else "must_accept"
            if upturned is None:
                return because(f"klaverjassen.turn.{how}_unseen", None, player=player)
            suit = SUIT_NAMES[upturned.suit]
            return because(
                f"klaverjassen.turn.{how}", None, player=player, card=upturned, suit=suit
            )
        if self.kind == "choose":
            if self.may_pass:
                return because("klaverjassen.turn.choose_or_pass", None, player=player)
            if self.not_upturned and upturned:
                suit = SUIT_NAMES[upturned.suit]
                return because(
                    "klaverjassen.turn.must_choose_other", None, player=player, suit=suit
                )
            return because("klaverjassen.turn.must_choose", None, player=player)
        return because("klaverjassen.turn.redeal")


def _free(order: Sequence[str], dealer: str, dealer_chooses: bool) -> list[Step]:
    steps = [Step("choose", p) for p in order[:-1]]
    steps.append(Step("choose", dealer, may_pass=not dealer_chooses))
    return steps if dealer_chooses else [*steps, Step("redeal", dealer)]


def _dealer_first(order: Sequence[str], dealer: str, dealer_chooses: bool) -> list[Step]:
    steps = [Step("choose", dealer), *(Step("choose", p) for p in order[:-1])]
    last = Step("choose", dealer, may_pass=False) if dealer_chooses else Step("redeal", dealer)
    return [*steps, last]


def _upturn(order: Sequence[str], dealer: str, other_suit: bool) -> list[Step]:
    left = order[0]
    first = [Step("upturn", dealer), *(Step("accept", p) for p in order)]
    if other_suit:
        return [*first, Step("choose", left, may_pass=False, not_upturned=True)]
    return [*first, Step("upturn", dealer), Step("accept", left, may_pass=False)]


def trump_script(rules: Ruleset, players: Sequence[str], dealer: str) -> list[Step]:
    """The turns of the trump choice under option ``trump_choice``, in order."""
    method = options(rules).trump_choice
    i = players.index(dealer)
    order = [players[(i + k) % len(players)] for k in range(1, len(players) + 1)]  # dealer last
    dealer_chooses = spec(rules).trump.all_pass == "dealer_chooses"
    if method == "free":
        return _free(order, dealer, dealer_chooses)
    if method == "dealer_first":
        return _dealer_first(order, dealer, dealer_chooses)
    if method == "forced_left":
        return [Step("choose", order[0], may_pass=False)]
    if method in ("upturn_forced", "upturn_other_suit"):
        return _upturn(order, dealer, method == "upturn_other_suit")
    raise ScorekeeperError(because("klaverjassen.trump.unknown_method", RULE, method=repr(method)))


class TrumpChoice:
    """The trump choice of one hand, walked bid by bid along its script."""

    def __init__(self, rules: Ruleset, players: Sequence[str], dealer: str) -> None:
        self.rules = rules
        self.script = trump_script(rules, players, dealer)
        self.steps_done = 0
        self.upturned: list[Card] = []
        self.trump: str | None = None
        self.maker: str | None = None
        self.redeal = False

    @property
    def last_upturned(self) -> Card | None:
        return self.upturned[-1] if self.upturned else None

    def step(self) -> Step | None:
        """The turn now, or None once trump is chosen or the deal is thrown in."""
        if self.trump is not None or self.redeal or self.steps_done >= len(self.script):
            return None
        return self.script[self.steps_done]

    def now(self) -> Reason | None:
        """Whose turn it is and what they may do, while the choice goes on."""
        step = self.step()
        return step.reason(self.last_upturned) if step else None

    # -- checking
    def verify(self, bid: Bid) -> None:
        def refuse(key: str, **params: Any) -> NoReturn:
            reason = because(f"klaverjassen.trump.{key}", RULE, action=text(bid), **params)
            raise IllegalActionError(reason)

        if self.trump is not None:
            refuse("already", trump=SUIT_NAMES[self.trump], maker=self.maker)
        if self.redeal:
            refuse("thrown_in")
        step = self.step()
        assert step is not None
        now = step.reason(self.last_upturned)
        if bid.player != step.player:
            refuse("not_your_turn", player=bid.player, now=now)
        why = self._why_not(bid, step)
        if why:
            refuse(why, player=bid.player, now=now, **self._about(bid))

    def _about(self, bid: Bid) -> dict[str, Any]:
        """The cards and suits a refusal of ``bid`` names."""
        upturned = self.last_upturned
        match bid:
            case Upturn(card=card):
                return {"card": card}
            case ChooseTrump(suit=suit) if upturned is not None:
                return {"suit": SUIT_NAMES[suit], "card": upturned}
        return {}

    def _why_not(self, bid: Bid, step: Step) -> str | None:
        """The key of why ``bid`` does not fit the turn ``step`` (None: it does)."""
        upturned = self.last_upturned
        match bid:
            case Pass():
                if step.kind == "upturn":
                    return "upturn_first"
                if not step.may_pass:
                    return "may_not_pass"
            case Upturn(card=card):
                if step.kind != "upturn":
                    return "no_upturn_now"
                if card in self.upturned:
                    return "upturned_twice"
            case Accept():
                if step.kind != "accept":
                    return "nothing_to_accept"
            case ChooseTrump(suit=suit):
                if step.kind != "choose":
                    return "no_suit_now"
                if step.not_upturned and upturned is not None and suit == upturned.suit:
                    return "other_suit"
        return None

    def can(self, bid: Bid) -> bool:
        try:
            self.verify(bid)
        except IllegalActionError:
            return False
        return True

    # -- moving on
    def apply(self, bid: Bid) -> list[str]:
        """Take a verified bid; the messages say what happened (trump made: see ``maker``)."""
        self.steps_done += 1
        match bid:
            case Upturn(card=card):
                self.upturned.append(card)
                nxt = self.step()
                if nxt is None:
                    return [words("msg.upturn", player=bid.player, card=card)]
                return [
                    words("msg.upturn_next", player=bid.player, card=card, now=nxt.reason(card))
                ]
            case Pass():
                nxt = self.step()
                if nxt is not None and nxt.kind == "redeal":
                    self.redeal = True
                    return [words("msg.pass_redeal", player=bid.player)]
                if nxt is None:
                    return [words("msg.pass", player=bid.player)]
                now = nxt.reason(self.last_upturned)
                return [words("msg.pass_next", player=bid.player, now=now)]
            case Accept():
                assert self.last_upturned is not None
                self.trump = self.last_upturned.suit
            case ChooseTrump(suit=suit):
                self.trump = suit
        self.maker = bid.player
        return []

    # -- what may be said now
    def legal(self) -> list[Bid]:
        """Every bid allowed now: pass, accept, each suit to name, each card to turn up;
        each once, in its canonical spelling (``trump hearts``, not also ``hearts``)."""
        step = self.step()
        if step is None:
            return []
        player = step.player
        candidates: list[Bid] = [Pass(player)]
        if step.kind == "accept":
            candidates.append(Accept(player))
        elif step.kind == "choose":
            candidates += [ChooseTrump(player, suit) for suit in self.rules.deck.suits]
        elif step.kind == "upturn":
            candidates += [Upturn(player, c) for c in self.rules.deck.cards]
        return [b for b in candidates if self.can(b)]
