"""What was said in a hand, one line each, as the status tells it: an announcement, a
trump chosen, an ace called, anything else said, with the side that said it."""

from __future__ import annotations

from typing import Any

from scorekeeper.cards import Card
from scorekeeper.lang.naming import game_word
from scorekeeper.text import language, say

ANNOUNCED = frozenset({"re", "contra", "no90", "no60", "no30", "black"})
"""What the status says was announced; a trump is chosen, an ace called, the rest said."""


def chosen(player: str, kind: str) -> str | None:
    """A trump chosen or an ace called as a table says it (``Carla koos harten als
    troef``, ``Ben rief A♣``), never in the order the action is typed (``Carla troef
    harten``); None for anything else said."""
    verb, _, rest = kind.partition(" ")
    if verb == "trump" and rest:
        return say("cli.status_said.trump.alone", player=player, suit=rest).strip()
    card = Card.read(rest) if verb == "call" and rest else None
    if card is not None:
        return say("cli.status_said.call.alone", player=player, card=card).strip()
    return None


def said_line(said: dict[str, Any]) -> str:
    """One thing said in the hand as the status tells it: 'Ben announced re', 'Ben chose
    hearts as trumps', 'Carla called AH', 'Ben: knock'."""
    player, kind, side = said["player"], str(said["kind"]), said["side"]
    verb, _, rest = kind.partition(" ")
    alone = ".alone" if str(side) == str(player) else ""  # each for himself: said once
    if verb == "trump" and rest:
        return say(f"cli.status_said.trump{alone}", player=player, suit=rest, side=side)
    if verb == "call" and rest:
        try:
            card = Card.parse(rest)
        except ValueError:
            card = None
        if card is not None:
            return say(f"cli.status_said.call{alone}", player=player, card=card, side=side)
    if str(side) in ROLES:  # no team: the one who made trump, or the other
        return say("cli.status_said.role", player=player, kind=kind, role=say(f"cli.side.{side}"))
    if any(mark in str(side) for mark in "/+&"):  # a team by its players' names
        return say("cli.status_said.team", player=player, kind=kind, side=side)
    if language.current() == language.ENGLISH:  # the table's words for the codes: Re, no 90
        kind, side = game_word(kind), game_word(str(side))
    if verb in ANNOUNCED and kind.casefold() == str(side).casefold():  # Re by Re: said once
        return say("cli.status_said.own", player=player, kind=kind)
    key = "cli.status_said" if verb in ANNOUNCED else f"cli.status_said.other{alone}"
    return say(key, player=player, kind=kind, side=side)


ROLES = frozenset({"maker", "opponent"})
"""The sides of a game without teams (Klaberjass), as the status names them."""
