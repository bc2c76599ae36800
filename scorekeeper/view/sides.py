"""Who plays with whom in a hand, as far as the table can know it from what was played
and said (never from a recorded deal, which the players at the table do not see): the
sides of a Doppelkopf hand once a queen of clubs is played, a side is announced, a
wedding is clarified or a solo is declared; and the card points each side has taken.

Plain data (``sides_data``) and its words (``sides_lines``), for the status bar, ``status``
and the table session."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorekeeper.view.words import say

if TYPE_CHECKING:
    from scorekeeper.hand import Hand

RE, CONTRA = "re", "contra"


def _public(game: Any, players: list[str]) -> tuple[set[str], set[str], bool]:
    """(Re known, Contra known, whether the sides are complete) from the record alone."""
    if game.soloist:
        return {game.soloist}, set(players) - {game.soloist}, True
    if game.poverty and game.poverty_partner:
        re = {game.poverty, game.poverty_partner}
        return re, set(players) - re, True
    if game.wedding and game.clarified_in is not None:
        re = {game.wedding} | ({game.partner} if game.partner else set())
        return re, set(players) - re, True
    said = [(a.player, a.side) for a in game.announcements if not getattr(a, "implied", False)]
    re = {p for p, side in said if side == RE}
    contra = {p for p, side in said if side == CONTRA}
    if game.wedding:
        re.add(game.wedding)
    elif len(game.qc_plays) >= 2:  # both queens of clubs out: their players are Re
        re = set(game.qc_plays)
        return re, set(players) - re, True
    else:
        re |= set(game.qc_plays)
    if len(re) == 2 and not (re & contra):
        return re, set(players) - re, True
    return re, contra - re, False


def sides_data(hand: Hand) -> dict[str, Any] | None:
    """The sides known so far and the card points each has taken (points only once the
    sides are complete); None where the game has no such sides (fixed teams, or another
    family)."""
    from scorekeeper.games.doppelkopf.hand import DoppelkopfHand

    game = hand.game
    if not isinstance(game, DoppelkopfHand):
        return None
    re, contra, complete = _public(game, list(hand.players))
    if not re and not contra:
        return None
    order = list(hand.players)
    data: dict[str, Any] = {
        "re": [p for p in order if p in re],
        "contra": [p for p in order if p in contra],
        "complete": complete,
        "points": None,
    }
    if complete:
        points = {RE: 0, CONTRA: 0}
        for trick in hand.completed_tricks():
            if trick.winner is not None:
                points[RE if trick.winner in re else CONTRA] += trick.points or 0
        data["points"] = points
    return data


def sides_lines(data: dict[str, Any] | None, word: Any) -> list[str]:
    """The sides in words: ``Re: Anna, Carla (45)`` and ``Kontra: Ben, Dirk (30)``;
    ``word`` gives a game's term in the table's language (``lang.game_word``)."""
    if not data:
        return []
    out = []
    for side in (RE, CONTRA):
        if not data[side]:
            continue
        points = data["points"]
        if points is None:
            out.append(say("sheet.side", side=word(side), players=data[side]))
        else:
            out.append(
                say("sheet.side_points", side=word(side), players=data[side], points=points[side])
            )
    return out


def revealed(hand: Hand, action: Any, trick: Any = None) -> bool:
    """Whether this action (just applied) is what told the table more about the sides: a
    queen of clubs played, a player's first announcement, the trick that clarified a
    wedding."""
    from scorekeeper.games.doppelkopf.hand import DoppelkopfHand

    game = hand.game
    if not isinstance(game, DoppelkopfHand):
        return False
    if trick is not None and game.wedding and game.clarified_in == trick.number:
        return True
    if action.is_play:
        return action.card == game.queen
    said = [a for a in game.announcements if not a.implied]
    first = [a for a in said if a.player == action.actor]
    return len(first) == 1 and said[-1] is first[0]
