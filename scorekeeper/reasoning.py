"""The engine's reasoned judgements of card play: why a card is refused, and which
earlier plays a later card proves were revokes.

``Hand._judge`` decides every card with its card masks; only when they say no does every
check run here in its order, so that the refusal names its reason, its rule and the card
that creates the duty. Without the deal, ``find_revokes`` proves a revoke from later cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.actions import Action
from scorekeeper.errors import CardError, IllegalActionError
from scorekeeper.following import check_play
from scorekeeper.plays import Play, Revoke
from scorekeeper.reasons import Reason

if TYPE_CHECKING:
    from scorekeeper.hand import Hand


def no(key: str, rule: str | None, /, **params: object) -> IllegalActionError:
    """The refusal of an action, as a reason the view words (``raise no(...)``)."""
    return IllegalActionError(Reason(key, params, rule))


def refuse_play(hand: Hand, action: Action) -> None:
    """Every check of a card play in its order, each refusal with its reason."""
    card, actor, game = action.card, action.actor, hand.game
    assert card is not None
    if game.is_over():
        raise no("hand.over", "play.tricks", action=action)
    limit = hand.rules.deck.counts.get(card)
    if limit is None:
        try:
            hand.rules.deck.verify_card(card)
        except CardError as exc:
            raise CardError(
                Reason("hand.refused", {"action": action, "why": exc.message}), rule=exc.rule
            ) from None
    if not game.ready_to_play():
        raise no(
            "hand.refused",
            game.not_ready_rule(),
            action=action,
            why=game.why_not_ready(),
        )
    turn = hand.to_play()  # the hand is not over (verify said) and play is ready (above)
    if actor != turn:
        if actor not in hand.players:
            raise no("hand.sits_out", "players", action=action, player=actor)
        trick = hand.current_trick
        when = (
            Reason("hand.continues", {"trick": trick.number, "player": turn})
            if trick
            else Reason("hand.leads", {"trick": len(hand.tricks) + 1, "player": turn})
        )
        raise no(
            "hand.not_your_turn",
            "play.turn_order",
            action=action,
            player=action.actor,
            when=when,
        )
    if hand.played.get(card, 0) >= limit:  # type: ignore[operator]
        where = [
            Reason("hand.played_in", {"trick": t.number, "player": p.player})
            for t in hand.tricks
            for p in t.plays
            if p.card == card
        ]
        raise no(
            "hand.played_out",
            "deck.copies",
            action=action,
            card=card,
            where=where,
            copies=limit,
        )
    holding = hand.holdings[actor] if hand.holdings is not None else None
    if holding is not None and card not in holding:
        raise no(
            "hand.refused",
            "deal",
            action=action,
            why=Reason("hand.not_held_holds", {"player": actor, "card": card, "held": holding}),
        )
    if holding is None or not hand.legal_mask(actor) >> card.index & 1:
        # without the deal, or refused: the reasoning judge decides and says why
        verdict = hand.check_card(actor, card)
        if not verdict.legal:
            raise no("hand.refused", verdict.rule, action=action, why=verdict.why)
    game.verify_play(action)


def find_revokes(hand: Hand, player: str, new: Play) -> list[Revoke]:
    """Earlier plays of ``player`` that the new card proves were illegal."""
    if hand.dealt is not None:
        return []  # with the deal, every play was checked exactly when made
    found: list[Revoke] = []
    earlier = hand.plays_by[player]
    for i, (play, before, partner_winning) in enumerate(earlier):
        if not before:
            continue
        if any(r.player == player and r.trick == play.trick for r in hand.revokes):
            continue
        held = [play.card] + [p.card for p, _, _ in earlier[i + 1 :]] + [new.card]
        last = play.trick == hand.tricks_per_hand
        verdict = check_play(
            hand.following,
            hand.contract,
            before,
            play.card,
            held,
            partner_winning=partner_winning,
            last_trick=last,
        )
        if not verdict.legal:
            reason = Reason(f"{verdict.why.key}.past", verdict.why.params, verdict.rule)
            found.append(
                Revoke(
                    player,
                    play.trick,
                    play.card,
                    new.trick,
                    new.card,
                    reason,
                    verdict.rule or "following",
                )
            )
    return found
