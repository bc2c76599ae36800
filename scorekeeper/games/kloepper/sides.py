"""The two sides of a Kloepper hand: the queens (the black-queen holders, or the holder of
both with a called partner, or one player alone) and the others."""

from __future__ import annotations

QUEENS, OTHERS = "queens", "others"
SIDES = (QUEENS, OTHERS)


def other(side: str) -> str:
    return OTHERS if side == QUEENS else QUEENS


def side_word(side: str) -> str:
    return "the queens" if side == QUEENS else "the others"
