"""What is said once trump is known: Wilde Boom's challenges and declarations, and stuk.

``Challenges`` is the one kraak chain (kraak, rekraak, superkraak: the opponents of the
playing side, then the playing side, then the opponents again). The full hand and quick
entry both walk it, so the order and who may speak are checked in one place.
``Declarations`` holds the combinations declared from the hand and the stuk declared
during play, with the checks against what the record shows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from scorekeeper.cards import Card
from scorekeeper.errors import IllegalActionError
from scorekeeper.games.klaverjassen.notation import (
    DeclareRoem,
    KlaverjassenAction,
    Kraak,
    Stuk,
    kraak_levels,
    text,
)
from scorekeeper.games.klaverjassen.roem import Roem, declared_combination, runs_in
from scorekeeper.games.klaverjassen.rules import spec
from scorekeeper.games.klaverjassen.sides import side_of
from scorekeeper.reasons import Reason, because
from scorekeeper.record import record

if TYPE_CHECKING:
    from scorekeeper.hand import Hand
    from scorekeeper.rules import Ruleset

KING, QUEEN = "K", "Q"


def refuse(typed: KlaverjassenAction, key: str, rule: str, **params: Any) -> IllegalActionError:
    """The refusal of a typed action: reason ``klaverjassen.KEY`` with the action's text."""
    return IllegalActionError(
        because(f"klaverjassen.{key}", rule, action=text(typed), player=typed.player, **params)
    )


class Challenges:
    """The kraak chain of one hand: who challenged, at which level, in order."""

    def __init__(self, rules: Ruleset, sides: Mapping[str, Sequence[str]]) -> None:
        self.levels = kraak_levels(rules)
        self.sides = sides
        self.said: list[tuple[str, str]] = []  # (player, level)

    def __len__(self) -> int:
        return len(self.said)

    def next_level(self) -> str | None:
        return self.levels[len(self.said)] if len(self.said) < len(self.levels) else None

    def by_playing_side(self) -> bool:
        """Whether the next challenge is the playing side's answer (rekraak)."""
        return len(self.said) % 2 == 1

    def verify(self, kraak: Kraak, playing: str, maker: str | None) -> None:
        """Refuse a challenge out of order or from the wrong side."""
        level = kraak.level
        expected = self.next_level()
        if expected is None:
            raise refuse(kraak, "kraak.last", "kraak", last=self.levels[-1])
        if level != expected:
            raise refuse(kraak, "kraak.order", "kraak", expected=expected, level=level)
        mine = side_of(self.sides, kraak.player)
        if self.by_playing_side() and mine != playing:
            raise refuse(kraak, "kraak.by_playing", "kraak", level=level, side=playing)
        if not self.by_playing_side() and mine == playing:
            if maker:
                raise refuse(kraak, "kraak.by_opponents", "kraak", level=level, maker=maker)
            raise refuse(kraak, "kraak.by_opponents_of", "kraak", level=level, side=playing)

    def apply(self, kraak: Kraak) -> None:
        self.said.append((kraak.player, kraak.level))

    def legal(self, playing: str) -> list[Kraak]:
        """The challenges allowed now, one per player who may say the next one."""
        level = self.next_level()
        if level is None:
            return []
        speakers = [
            p
            for side, members in self.sides.items()
            if (side == playing) == self.by_playing_side()
            for p in members
        ]
        return [Kraak(p, level) for p in speakers]


@record(frozen=True)
class Declaration:
    player: str
    combo: Roem


class Declarations:
    """Wilde Boom: combinations declared from the hand, and stuk declared in play."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self.declared: list[Declaration] = []
        self.stuk: list[tuple[str, Card]] = []  # (player, the card still to come)

    # -- combinations
    def verify_roem(self, hand: Hand, typed: DeclareRoem) -> Roem:
        """The combination declared, or a refusal saying why it cannot be declared now."""
        rule = "declarations"
        player = typed.player
        if hand.plays_by[player]:
            raise refuse(typed, "declare.after_play", rule)
        cards = list(typed.cards)
        combo = declared_combination(self.rules, cards, text(typed))
        dealt = hand.dealt.get(player) if hand.dealt else None
        for c in cards:
            if dealt is not None and c not in dealt:
                raise refuse(typed, "declare.not_held", "deal", card=c)
            if hand.played[c]:
                raise refuse(typed, "declare.played", rule, card=c)
            for d in self.declared:
                if c in d.combo.cards:
                    raise refuse(
                        typed, "declare.taken", rule, card=c, owner=d.player, combo=d.combo.label
                    )
        if combo.rule == "declarations.runs":
            self._verify_whole_run(typed, combo)
        return combo

    def _verify_whole_run(self, typed: DeclareRoem, combo: Roem) -> None:
        order = list(spec(self.rules).roem.sequence_order)
        ends = {order.index(combo.cards[0].rank) - 1, order.index(combo.cards[-1].rank) + 1}
        for d in self.declared:
            touches = d.combo.cards[0].suit == combo.cards[0].suit and any(
                order.index(c.rank) in ends for c in d.combo.cards
            )
            if d.player == typed.player and d.combo.rule == "declarations.runs" and touches:
                raise refuse(typed, "declare.touches", "declarations", combo=d.combo.label)

    def declare(self, player: str, combo: Roem) -> None:
        self.declared.append(Declaration(player, combo))

    def candidates(self, player: str, cards: Sequence[Card]) -> list[DeclareRoem]:
        """Every run and four of a kind in ``cards`` a player might declare (unchecked)."""
        order = list(spec(self.rules).roem.sequence_order)
        found: list[DeclareRoem] = []
        for run in runs_in(cards, order, 1):
            for start in range(len(run)):
                for end in range(start + 1, len(run) + 1):
                    found.append(DeclareRoem(player, tuple(run[start:end])))
        for rank in dict.fromkeys(c.rank for c in cards):
            four = tuple(c for c in cards if c.rank == rank)
            if len(four) == len(self.rules.deck.suits):
                found.append(DeclareRoem(player, four))
        return found

    # -- stuk
    def verify_stuk(self, hand: Hand, typed: Stuk, trump: str | None) -> Card:
        """The other card of the stuk still to come, or a refusal."""
        rule = "declarations.stuk"
        player = typed.player
        if trump is None:
            raise refuse(typed, "stuk.no_trump", rule)
        king, queen = Card(KING, trump), Card(QUEEN, trump)
        last = hand.history[-1] if hand.history else None
        if (
            last is None
            or not last.is_play
            or last.actor != player
            or last.card not in (king, queen)
        ):
            raise refuse(typed, "stuk.when", rule, king=king, queen=queen)
        other = queen if last.card == king else king
        if any(m.play.card == other for m in hand.plays_by[player]):
            raise refuse(typed, "stuk.second", rule, card=other)
        if hand.played[other]:
            who = next(p.player for t in hand.tricks for p in t.plays if p.card == other)
            raise refuse(typed, "stuk.played", rule, card=other, by=who)
        holding = hand.holding(player)
        if holding is not None and other not in holding:
            raise refuse(typed, "stuk.not_held", rule, card=other)
        return other

    def declare_stuk(self, player: str, other: Card) -> None:
        self.stuk.append((player, other))

    def why_not_play(self, player: str, card: Card) -> Reason | None:
        """Why not, when a declaration shows ``card`` in another player's hand."""
        for d in self.declared:
            if card in d.combo.cards and d.player != player:
                why = because(
                    "klaverjassen.play.declared",
                    "declarations",
                    card=card,
                    owner=d.player,
                    combo=d.combo.label,
                )
                return why
        for holder, other in self.stuk:
            if card == other and holder != player:
                return because(
                    "klaverjassen.play.stuk", "declarations.stuk", card=card, owner=holder
                )
        return None
