"""The score sheet of a finished Doppelkopf hand: the ``Facts`` its value is built from
(sides, card points, what was announced, the extra points earned trick by trick, the kind
of game), and the quick-entry summary a paper sheet would hold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorekeeper.games.common import refuse
from scorekeeper.games.doppelkopf.notation import tell
from scorekeeper.games.doppelkopf.records import CONTRA, RE, Extra, Facts
from scorekeeper.games.doppelkopf.rounds import solo_name, unclarified_solo
from scorekeeper.reasons import because

if TYPE_CHECKING:
    from scorekeeper.games.doppelkopf.game import DoppelkopfGame
    from scorekeeper.hand import Trick


def hand_facts(game: DoppelkopfGame) -> Facts:
    """What the recorded hand proves, as a score sheet holds it."""
    h = game.hand
    re, contra, complete, problem = game.sides()
    lone = game.lone_player()
    if lone:
        re, contra = {lone}, set(h.players) - {lone}
    elif not complete or problem:
        if problem:
            refuse(because("doppelkopf.sides.untold", "teams", problem=problem))
        refuse(because("doppelkopf.sides.incomplete", "teams"))
    tally = h.tally(re)
    all_tricks = None if tally.all_tricks is None else (RE if tally.all_tricks else CONTRA)
    revoke = None
    notes: list[str] = []
    if tally.revoke is not None:
        revoke = RE if tally.revoke_by_side else CONTRA
        notes.append(tally.revoke.text())
    notes += _declared(game)
    wedding_alone = bool(game.wedding and lone)
    return Facts(
        [p for p in h.players if p in re],
        [p for p in h.players if p in contra],
        tally.points,
        all_tricks,
        list(game.announcements),
        [] if lone else extras(game, re),
        game_type(game, lone),
        lone=bool(lone),
        solo=game.solo or (unclarified_solo(game.rules) if wedding_alone else None),
        obligatory=game.obligatory,
        revoke=revoke,
        bock=game.bock,
        notes=notes,
    )


def _declared(game: DoppelkopfGame) -> list[str]:
    notes = []
    if game.piglets:
        notes.append(tell("note.piglets", player=game.piglets))
    if game.poverty and game.poverty_partner:
        returned = game.poverty_returned or "?"
        notes.append(
            tell("note.poverty", poor=game.poverty, partner=game.poverty_partner, back=returned)
        )
    return notes


def game_type(game: DoppelkopfGame, lone: str | None) -> str:
    """The kind of game, as the score sheet names it."""
    rules = game.rules
    if game.solo:
        return solo_name(rules, game.solo, lone or "", game.obligatory)
    if game.wedding:
        becomes = unclarified_solo(rules)
        if not game.partner and becomes:
            return tell("game.unclarified", solo=solo_name(rules, becomes, lone or "", False))
        return "wedding" if game.partner else tell("game.wedding_alone", player=game.wedding)
    if game.poverty:
        return "poverty"
    if lone:
        return tell("game.silent_wedding", player=lone)
    return "normal"


def extras(game: DoppelkopfGame, re: set[str]) -> list[Extra]:
    """The extra points the tricks earned: Doppelkopf tricks, foxes, Charlies. The tricks'
    cards are read as card indices (``Trick.key``, beside ``Trick.players`` in turn): no
    ``Play`` is made for them."""
    found: list[Extra] = []
    tricks = game.hand.completed_tricks()
    opts, worth, fox = game.opts, game.spec.extras, game.fox.index
    rich = worth.doppelkopf_min if opts.doppelkopf_trick else None
    look_fox = opts.fox
    for t in tricks:
        # Most tricks earn nothing: a trick below the Doppelkopf points without a fox in
        # it is passed over before its winner's side is looked up.
        is_rich = rich is not None and t.points >= rich
        key = t.key if look_fox else ()
        if not is_rich and fox not in key:
            continue
        winner_side = RE if t.winner in re else CONTRA
        if is_rich:
            found.append((winner_side, "doppelkopf", worth.doppelkopf))
        if fox in key:
            for player, index in zip(t.players, key, strict=True):
                if index == fox and _side(player, re) != winner_side:
                    found.append((winner_side, "fox", worth.fox))
    if tricks:
        found += _last_trick_extras(game, tricks[-1], re)
    return found


def _side(player: str | None, re: set[str]) -> str:
    return RE if player in re else CONTRA


def _last_trick_extras(game: DoppelkopfGame, last: Trick, re: set[str]) -> list[Extra]:
    opts, worth, charlie = game.opts, game.spec.extras, game.charlie.index
    found: list[Extra] = []
    key, players = last.key, last.players
    assert last.winner is not None  # the last trick of a finished hand
    taken_at = players.index(last.winner)  # the winning card's place in the trick
    winner_side = _side(last.winner, re)
    if key[taken_at] == charlie and opts.charlie:
        twin = charlie in key[:taken_at]  # the other Charlie, played before the winning one
        if twin and opts.second_charlie_beats_first:
            found.append((winner_side, "charlie2", worth.second_charlie))
        else:
            found.append((winner_side, "charlie", worth.charlie))
    if opts.charlie_captured:
        for player, index in zip(players, key, strict=True):
            if index == charlie and _side(player, re) != winner_side:
                found.append((winner_side, "charlie_captured", worth.charlie_captured))
    return found


def sheet_summary(f: Facts) -> dict[str, Any]:
    """The quick-entry facts of a finished hand."""
    out: dict[str, Any] = {"re": f.re_players, "re_points": f.re_points}
    if f.solo:
        out["solo"] = f.solo
    if f.all_tricks:
        out["all_tricks"] = f.all_tricks
    if f.extras:
        winners = {RE: f.re_players[0], CONTRA: f.contra_players[0]}
        out["extras"] = [f"{winners[side]} {kind}" for side, kind, _ in f.extras]
    if f.revoke:
        out["revoke"] = f.revoke
    return out
