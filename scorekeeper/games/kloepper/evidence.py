"""Who holds which black queen and the called ace, as far as the record shows.

A full hand's evidence for the chain of ``announcements``: the deal when it is recorded,
otherwise the cards played so far. It tells whether a declaration, a knock or a card
would make the record contradict itself, and which players form the queens' side.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from scorekeeper.cards import Card
from scorekeeper.games.kloepper.announcements import Claims, Conflict
from scorekeeper.reasons import because


class Dealt(Protocol):
    """The hand whose deal may be recorded (at its start or later)."""

    @property
    def dealt(self) -> Mapping[str, Sequence[Card]] | None: ...


class Record:
    """The evidence of a full hand: the deal, or the black queens and aces shown."""

    def __init__(self, queen_cards: Sequence[Card], hand: Dealt) -> None:
        self.queen_cards = tuple(queen_cards)
        self.hand = hand
        self.shown: dict[Card, str] = {}  # who played a black queen or a callable ace

    @property
    def dealt(self) -> Mapping[str, Sequence[Card]] | None:
        return self.hand.dealt

    def show(self, card: Card, player: str) -> None:
        self.shown[card] = player

    def holders(
        self, called: Card | None, extra: Mapping[Card, str] | None = None
    ) -> dict[Card, str]:
        """Who holds each black queen (and the called ace), as far as known."""
        wanted = set(self.queen_cards) | ({called} if called else set())
        if self.dealt is not None:
            return {c: p for p, cards in self.dealt.items() for c in cards if c in wanted}
        held = {c: p for c, p in self.shown.items() if c in wanted}
        held.update({c: p for c, p in (extra or {}).items() if c in wanted})
        return held

    def double_holder(self) -> str | None:
        """With the deal recorded: the player dealt both black queens, if one was."""
        if self.dealt is None:
            return None
        for p, cards in self.dealt.items():
            if all(q in cards for q in self.queen_cards):
                return p
        return None

    # -- the chain's questions
    def declaration(self, player: str, verb: str, called: Card | None) -> Conflict | None:
        holding = self.dealt.get(player) if self.dealt else None
        if holding is None:
            return None
        missing = [q for q in self.queen_cards if q not in holding]
        if missing:
            return because(
                "kloepper.declare.missing_queens",
                f"teams.{verb}",
                verb=verb,
                player=player,
                missing=missing,
            )
        if called and called in holding:
            return because("kloepper.call.own_ace", "teams.call.aces", player=player, card=called)
        return None

    def conflict(self, claims: Claims, extra: Mapping[Card, str] | None = None) -> Conflict | None:
        held = self.holders(claims.called, extra)
        queens = {q: held[q] for q in self.queen_cards if q in held}
        why = self._declarer_conflict(claims, queens)
        if why:
            return why
        partner = held.get(claims.called) if claims.called else None
        if claims.called and partner == claims.declarer:
            return because(
                "kloepper.call.holds_called",
                "teams.call.aces",
                declarer=claims.declarer,
                ace=claims.called,
            )
        if claims.declarer:
            side = {claims.declarer} | ({partner} if partner else set())
        else:
            side = set(queens.values())
        return self._knock_conflict(claims, queens, side)

    def _declarer_conflict(self, claims: Claims, queens: Mapping[Card, str]) -> Conflict | None:
        declarer = claims.declarer
        if declarer:
            rule = "teams.call" if claims.called else "teams.alone"
            for q, p in queens.items():
                if p != declarer:
                    return because(
                        "kloepper.declare.other_holds", rule, holder=p, queen=q, declarer=declarer
                    )
        elif len(queens) == len(self.queen_cards) and len(set(queens.values())) == 1:
            p = next(iter(queens.values()))
            return because("kloepper.declare.undeclared", "teams.call", player=p)
        return None

    def _knock_conflict(
        self, claims: Claims, queens: Mapping[Card, str], side: set[str]
    ) -> Conflict | None:
        knocker, replier, declarer = claims.knocker, claims.replier, claims.declarer
        if knocker:
            if declarer and knocker != declarer:
                return because(
                    "kloepper.knock.not_declarer", "knock", knocker=knocker, declarer=declarer
                )
            all_known = len(queens) == len(self.queen_cards)
            if not declarer and all_known and knocker not in side:
                shown = [f"{q} {p}" for q, p in queens.items()]
                return because("kloepper.knock.no_queen", "knock", knocker=knocker, shown=shown)
        if replier and (replier == knocker or replier in side):
            return because("kloepper.reply.queens_side", "knock.reply", replier=replier)
        return None

    def queens_side(self, claims: Claims) -> tuple[set[str], bool]:
        """The queens' side as far as known, and whether it is complete."""
        held = self.holders(claims.called)
        if claims.declarer:
            if claims.called is None:
                return {claims.declarer}, True
            partner = held.get(claims.called)
            return ({claims.declarer, partner} if partner else {claims.declarer}), bool(partner)
        holders = {held[q] for q in self.queen_cards if q in held}
        complete = all(q in held for q in self.queen_cards)
        if claims.knocker and not complete:
            holders.add(claims.knocker)
        return holders, complete or len(holders) == 2
