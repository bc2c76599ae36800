"""Every Doppelkopf action other than a card play that the hand allows now.

Candidates are built from the rule set (its promise levels, its solos, the poverty limit)
and, when the deal is recorded, from the holdings (the trumps a poverty passes, the cards
returned); each one is kept only if the hand accepts it, so the list never holds an action
``verify_action`` refuses.

Not listed, because they only spell a listed action differently: aliases (``kontra``), a
side named after a promise when the side is already known (``no90 re``), words after the
ones that count, a number of cards written ``0``. Without a recorded deal the cards of a
poverty are unknown: only its count forms are listed. When a poverty passed no cards (its
count alone was recorded) the cards returned are not enumerated.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING

from scorekeeper.actions import Action
from scorekeeper.cards import Card
from scorekeeper.games.doppelkopf.declarations import declarable
from scorekeeper.games.doppelkopf.notation import announce, declare
from scorekeeper.games.doppelkopf.records import SIDES

if TYPE_CHECKING:
    from scorekeeper.games.doppelkopf.game import DoppelkopfGame


def legal_actions(game: DoppelkopfGame) -> list[Action]:
    """The declarations and announcements that ``game`` accepts now, player by player."""
    hand = game.hand
    if hand.finished:
        return []
    return [a for player in hand.players for a in _candidates(game, player) if hand.can(a)]


def _candidates(game: DoppelkopfGame, player: str) -> Iterator[Action]:
    """The actions ``player`` might say, leaving out those the hand's own checks refuse
    at once: every announcement while ``announcing_barred``, an announcement whose
    window is closed (``window_limit``: the same for every side), a promise before any
    side is announced, every declaration but late piglets once play has started
    (``declarable``)."""
    if game.announcing_barred() is None:
        yield from _announcements(game, player)
    if not declarable(game, "wedding"):  # play has started: only piglets may still come
        if declarable(game, "piglets"):
            yield declare(player, "piglets")
        return
    for what in ("wedding", "piglets", "fivenines", "decline"):
        yield declare(player, what)
    for kind in game.spec.solos:
        yield declare(player, "solo", kind)
    yield from _poverty(game, player)
    yield from _accept(game, player)


def _announcements(game: DoppelkopfGame, player: str) -> Iterator[Action]:
    # a promise needs its side announced first (``Chain.verify``): none before any is
    kinds = (*SIDES, *game.levels) if game.announcements else SIDES
    for kind in kinds:
        if not game.window_limit(kind, "", player)[0]:
            continue  # too late for this one, whichever side it names
        bare = announce(player, kind)
        yield bare
        if kind not in SIDES and not game.hand.can(bare):
            for side in SIDES:
                yield announce(player, kind, side)


def _counts(limit: int) -> Iterator[tuple[str, ...]]:
    yield ()
    for n in range(1, limit + 1):
        yield (str(n),)


def _codes(cards: list[Card]) -> tuple[str, ...]:
    return tuple(c.code for c in cards)


def _poverty(game: DoppelkopfGame, player: str) -> Iterator[Action]:
    for args in _counts(game.opts.poverty_max_trumps):
        yield declare(player, "poverty", *args)
    holding = game.hand.dealt.get(player) if game.hand.dealt else None
    if holding is not None:
        trumps = [c for c in holding if game.contract().is_trump(c)]
        if trumps:
            yield declare(player, "poverty", *_codes(trumps))


def _accept(game: DoppelkopfGame, player: str) -> Iterator[Action]:
    if not game.poverty or game.poverty_partner or player != game.left_of(game.poverty):
        return
    for args in _counts(game.poverty_count):
        yield declare(player, "accept", *args)
    holding = game.hand.dealt.get(player) if game.hand.dealt else None
    if holding is None or not game.poverty_count:
        return
    pool = sorted(holding + game.poverty_passed, key=lambda c: c.code)
    seen: set[tuple[str, ...]] = set()
    for back in combinations(pool, game.poverty_count):
        codes = _codes(list(back))
        if codes not in seen:
            seen.add(codes)
            yield declare(player, "accept", *codes)
