"""A table's play order: who plays after whom, and the players in turn from each of them.

The same for every hand played by the same players, so made once per table of players and
shared by its hands (read, never changed): a hand's start no longer works it out anew.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.playing import seat_orders

Seating = tuple[dict[str, str], dict[str, tuple[str, ...]]]

_SEATED: dict[tuple[str, ...], Seating] = {}


def seated(players: Sequence[str]) -> Seating:
    """Who plays after each player, and the players in turn from each (``seat_orders``)."""
    found = _SEATED.get(seats := tuple(players))
    if found is None:
        if len(_SEATED) >= 64:
            _SEATED.clear()
        orders = seat_orders(seats)
        after = {p: order[1 % len(order)] for p, order in orders.items()}
        found = _SEATED[seats] = (after, orders)
    return found
