"""A table's play order: who plays after whom, and the players in turn from each of them.

The same for every hand played by the same players, so made once per table of players and
shared by its hands (read, never changed): a hand's start no longer works it out anew.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.caches import Cache, cache

Seating = tuple[dict[str, str], dict[str, tuple[str, ...]]]

_SEATS: Cache[tuple[str, ...], Seating] = cache("seating.seated", "tuple(players)", limit=64)
_SEATED = _SEATS.entries


def seated(players: Sequence[str]) -> Seating:
    """Who plays after each player, and the players in turn from each (a trick's seats
    from its leader)."""
    found = _SEATED.get(seats := tuple(players))
    if found is None:
        orders = {p: seats[i:] + seats[:i] for i, p in enumerate(seats)}
        after = {p: order[1 % len(order)] for p, order in orders.items()}
        found = _SEATS.put(seats, (after, orders))
    return found
