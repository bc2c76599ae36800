"""A player's private question to the referee (``scorekeeper.referee``) about the hand on
the table: which of my cards may I play to this trick, and why not the others; or who
takes a trick typed as ``Anna:QC Ben:10H ...``.

The cards a player types are used for this one answer and dropped: nothing here stores,
logs or shows them anywhere else.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorekeeper import referee
from scorekeeper.errors import ScorekeeperError
from scorekeeper.view.words import cards, say, term

if TYPE_CHECKING:
    from scorekeeper.hand import Hand
    from scorekeeper.referee import Ruling
    from scorekeeper.serve.live import State


def read(text: str, lang: str, rules: Any) -> list[str]:
    """Cards as a player of the phone's language writes them (``KrD H10``, ``Kreuz
    Dame, Herz Zehn``, ``KlV``, ``D♣``; the codes too), as codes."""
    from scorekeeper.lang import read_cards

    return read_cards([text], lang, rules.deck, rules.family)


def _trick(text: str, lang: str, rules: Any) -> str:
    """A trick typed as ``Anna:KrD Ben:H10`` with each card read in the phone's language,
    as the referee reads a trick (``Anna:QC Ben:10H``)."""
    plays = []
    for word in text.replace(",", " ").split():
        who, colon, card = word.rpartition(":")
        codes = read(card, lang, rules) if card else []
        plays.append(f"{who}{colon}{' '.join(codes) if codes else card}")
    return " ".join(plays)


def may_play(state: State, text: str, lang: str) -> list[str]:
    """The referee's answer, line by line, in the language spoken now; the cards typed
    are read in ``lang``, the phone's."""
    if state.session is None:
        return [state.problem or ""]
    match = state.session.match
    hand = state.session.current_hand()
    if ":" in text:
        trick = referee.parse_trick(_trick(text, lang, match.rules), match.rules)
        ruling = _judge(hand, trick, None, None)
        winner = ruling.winner or {}
        return [f"{winner.get('player', '')}: {term(str(winner.get('reason', '')))}"]
    player = hand.to_play()
    current = hand.current_trick
    if player is None or hand.finished:
        return [say("serve.referee.nothing")]
    plays = [(p.player, p.card) for p in current.plays] if current is not None else []
    held = [match.rules.deck.parse(code) for code in read(text, lang, match.rules)]
    ruling = _judge(hand, plays, player, held)
    legal = " ".join(c.card.code for c in ruling.legal)
    lines = [say("serve.referee.may", cards=cards(legal))]
    lines += [
        say("serve.referee.may_not", card=cards(c.card.code), why=term(c.reason))
        for c in ruling.forbidden
    ]
    return lines


def _judge(hand: Hand, trick: list, player: str | None, held: list | None) -> Ruling:
    """The referee's ruling under the hand's own contract (its game, its trumps)."""
    rules = hand.rules
    contract = hand.contract
    last = len(hand.completed_tricks()) + 1 >= hand.family.tricks_in_hand(hand)
    partner = None
    if player is not None:
        partner = next(
            (p for p in hand.players if p != player and hand.game.same_side(p, player)), None
        )

    def judge(game: str | None) -> Ruling:
        return referee.judge_play(
            rules,
            trick,
            game=game,
            trump=contract.trump_suit,
            player=player,
            holding=held,
            partner=partner,
            last_trick=last,
        )

    try:
        return judge(contract.key)
    except ScorekeeperError:  # a contract the referee does not name: the rule set's default
        return judge(None)
