"""Bierkopf's one action besides cards, typed, and the one place that reads and writes it.

``Ben double``: doubles the hand's game points. ``write(read(action))`` gives back the
match file's string.
"""

from __future__ import annotations

from scorekeeper.actions import Action
from scorekeeper.games.common import refuse
from scorekeeper.reasons import Reason, because
from scorekeeper.record import record

DOUBLE = "double"
VERBS = (DOUBLE,)


@record(frozen=True)
class Double:
    """A player doubles (the first before play, then the teams in turn)."""

    player: str


def read(action: Action) -> Double:
    """The typed action of a double."""
    if action.args:
        refuse(because("bierkopf.double.no_words", "doubling", action=action.text))
    return Double(action.actor)


def write(said: Double) -> str:
    """The match file's string of a typed action."""
    return f"{said.player} {DOUBLE}"


def to_action(said: Double) -> Action:
    return Action(said.player, DOUBLE)


def unknown_verb(action: Action, game: str) -> Reason:
    """The refusal of a word that is neither a card nor one of Bierkopf's actions."""
    return because(
        "bierkopf.unknown_verb",
        "actions",
        action=str(action),
        verb=action.typed_verb,
        game=game,
        actions=list(VERBS),
    )
