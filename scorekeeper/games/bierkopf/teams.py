"""Bierkopf's fixed teams: partners sit opposite, seats 1 and 3 against seats 2 and 4."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def teams_of(table: Sequence[str]) -> list[list[str]]:
    """Partners sit opposite: seats 1 and 3 against seats 2 and 4."""
    return [list(table[0::2]), list(table[1::2])]


def team_name(team: Sequence[str]) -> str:
    return "+".join(team)


def team_index(table: Sequence[str], player: str) -> int:
    return table.index(player) % 2


def carried_in(context: Mapping[str, object]) -> int:
    """Game points that earlier tied hands left for this hand's winners."""
    results = context.get("results") or []
    assert isinstance(results, Sequence)
    last = results[-1] if results else None
    if last is None:
        return 0
    return int(last.details.get("carry_out", 0))
