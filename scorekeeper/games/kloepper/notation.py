"""Kloepper's own actions as typed records, and the one place that reads and writes them.

``Ben call AH`` (the holder of both black queens names a plain ace), ``Ben alone`` (or
plays alone against three) and ``Ben knock`` (a knock, or after one the reply knock).
``write(read(action))`` gives back the match file's string for every canonical action.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.actions import Action
from scorekeeper.cards import Card, Deck
from scorekeeper.errors import CardError
from scorekeeper.games.common import refuse
from scorekeeper.reasons import Reason, because
from scorekeeper.record import record

CALL, ALONE, KNOCK = "call", "alone", "knock"
DECLARATIONS = (CALL, ALONE)
VERBS = (*DECLARATIONS, KNOCK)


@record(frozen=True)
class Call:
    """The holder of both black queens calls an ace: its holder becomes the partner."""

    player: str
    ace: Card


@record(frozen=True)
class Alone:
    """The holder of both black queens plays alone against the other three."""

    player: str


@record(frozen=True)
class Knock:
    """A knock (the queens claim every trick) or, after one, the reply knock."""

    player: str


Said = Call | Alone | Knock


def _called_ace(action: Action, deck: Deck, aces: Sequence[Card]) -> Card:
    rule = "teams.call.aces"
    if len(action.args) != 1:
        refuse(
            because(
                "kloepper.call.one_ace",
                rule,
                action=action.text,
                player=action.actor,
                aces=list(aces),
            )
        )
    try:
        return deck.parse(action.args[0])
    except CardError as exc:
        refuse(because("kloepper.call.unreadable", rule, action=action.text, why=exc.message))


def read(action: Action, deck: Deck, aces: Sequence[Card]) -> Said:
    """The typed action of a call, going alone or a knock (``aces``: those callable)."""
    if action.verb == CALL:
        return Call(action.actor, _called_ace(action, deck, aces))
    if action.args:
        if action.verb == ALONE:
            refuse(because("kloepper.alone.no_card", "teams.alone", action=action.text))
        refuse(because("kloepper.knock.no_words", "knock", action=action.text))
    return Alone(action.actor) if action.verb == ALONE else Knock(action.actor)


def write(said: Said) -> str:
    """The match file's string of a typed action."""
    if isinstance(said, Call):
        return f"{said.player} {CALL} {said.ace.code}"
    return f"{said.player} {ALONE if isinstance(said, Alone) else KNOCK}"


def to_action(said: Said) -> Action:
    if isinstance(said, Call):
        return Action(said.player, CALL, None, (said.ace.code,))
    return Action(said.player, ALONE if isinstance(said, Alone) else KNOCK)


def unknown_verb(action: Action, game: str) -> Reason:
    """The refusal of a word that is neither a card nor one of Kloepper's actions."""
    return because(
        "kloepper.unknown_verb",
        "actions",
        action=str(action),
        verb=action.typed_verb,
        game=game,
        actions=list(VERBS),
    )
