"""What a finished Klaverjassen hand amounts to: its ``Facts`` (card points with the last
trick and the discards, the roem each side counts after the highest declaration and the
declines, pit, challenges, a revoke) and its quick-entry summary, the score sheet's line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from scorekeeper.cards import SUIT_NAMES
from scorekeeper.games.klaverjassen.notation import kraak_levels
from scorekeeper.games.klaverjassen.roem import Roem, highest_declaration
from scorekeeper.games.klaverjassen.scoring import Facts, hand_total, last_trick_bonus
from scorekeeper.games.klaverjassen.sides import partnerships
from scorekeeper.games.klaverjassen.words import words

if TYPE_CHECKING:
    from scorekeeper.cards import Card
    from scorekeeper.games.klaverjassen.announcements import Challenges, Declarations
    from scorekeeper.hand import Hand
    from scorekeeper.rules import Ruleset


class Played(Protocol):
    """What the sheet reads of a Klaverjassen hand played out (``hand.KlaverjassenHand``
    meets it): the tricks, the sides, the contract made, the roem and what was said."""

    hand: Hand
    rules: Ruleset
    sides: dict[str, list[str]]
    discards: list[Card]
    declined: list[str]
    challenges: Challenges
    declarations: Declarations
    roem_by_trick: dict[int, list[Roem]]

    @property
    def trump(self) -> str | None: ...
    @property
    def maker(self) -> str | None: ...
    @property
    def redeal(self) -> bool: ...
    @property
    def stuk(self) -> list[tuple[str, Card]]: ...
    def side(self, player: str) -> str: ...
    def stuk_points(self) -> int: ...
    def card_points(self, card: Card) -> int: ...
    def facts(self) -> Facts: ...


def facts(game: Played) -> Facts:
    """Everything the finished hand's score depends on, from its tricks and what was said."""
    assert game.trump is not None and game.maker is not None
    sides = game.sides
    tricks = game.hand.completed_tricks()
    points = {s: 0 for s in sides}
    roem: dict[str, list[Roem]] = {s: [] for s in sides}
    for t in tricks:
        side = game.side(t.winner or "")
        points[side] += t.points
        for r in game.roem_by_trick.get(t.number, []):
            label = words("label.trick", number=t.number, label=r.label)
            roem[side].append(Roem(label, r.points, r.rule, r.cards))
    last = game.side(tricks[-1].winner or "")
    points[last] += last_trick_bonus(game.rules)
    notes: list[str] = []
    if game.discards:
        worth = sum(game.card_points(c) for c in game.discards)
        points[last] += worth
        notes.append(words("note.discards", cards=game.discards, points=worth, side=last))
    notes += _declared_roem(game, roem)
    notes += _declines(game, roem)
    winners = {game.side(t.winner or "") for t in tricks}
    revokes = game.hand.revokes
    if revokes:
        notes.append(revokes[0].text())
    return Facts(
        sides={s: list(m) for s, m in sides.items()},
        playing=game.side(game.maker),
        trump=game.trump,
        points=points,
        roem=roem,
        pit=winners.pop() if len(winners) == 1 else None,
        kraak=len(game.challenges),
        revoke=game.side(revokes[0].player) if revokes else None,
        maker=game.maker,
        notes=notes,
    )


def _declared_roem(game: Played, roem: dict[str, list[Roem]]) -> list[str]:
    """Add the declarations of the team with the highest one, and every stuk."""
    notes: list[str] = []
    declared = game.declarations.declared
    if declared:
        best = highest_declaration(game.rules, [(game.side(d.player), d.combo) for d in declared])
        assert best is not None
        team, top = best
        notes.append(words("note.highest", combo=top.label, side=team))
        for d in declared:
            if game.side(d.player) == team:
                roem[team].append(
                    Roem(
                        words("label.declared", player=d.player, label=d.combo.label),
                        d.combo.points,
                        d.combo.rule,
                    )
                )
    for player, _card in game.stuk:
        pts = game.stuk_points()
        roem[game.side(player)].append(
            Roem(words("label.stuk", player=player), pts, "declarations.stuk")
        )
    return notes


def _declines(game: Played, roem: dict[str, list[Roem]]) -> list[str]:
    notes: list[str] = []
    for side in game.declined:
        if roem[side]:
            notes.append(
                words("note.declined", side=side, points=sum(r.points for r in roem[side]))
            )
        roem[side] = []
    return notes


def summary(game: Played) -> dict[str, Any]:
    """The quick-entry facts of this finished hand."""
    if game.redeal:
        return {"redeal": True}
    f = game.facts()
    out: dict[str, Any] = {"playing": game.maker, "trump": SUIT_NAMES[f.trump]}
    roem = {s: sum(r.points for r in f.roem[s]) for s in f.sides}
    if partnerships(game.rules):
        other = next(s for s in f.sides if s != f.playing)
        out["points"] = f.points[f.playing]
        out["roem"] = roem[f.playing]
        out["roem_other"] = roem[other]
    else:
        out["points_of"] = [f"{p}:{f.points[p]}" for p in f.sides]
        out["roem_of"] = [f"{p}:{roem[p]}" for p in f.sides]
    full = [s for s in f.sides if f.points[s] == hand_total(game.rules)]
    if full and f.pit != full[0]:
        out["all_tricks"] = False
    if f.revoke is not None:
        out["revoke"] = game.hand.revokes[0].player
    if f.kraak:
        out["kraak"] = kraak_levels(game.rules)[f.kraak - 1]
    return out
