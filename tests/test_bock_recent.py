"""Bock rounds read from the end of the match (``rounds.bock_level``: only the last round
of games can still double) against the whole match walked as before: on random
sequences of results (won and lost games, 120:120 ties, solos, Re/Contra said, redeals,
hands not finished) and tables of four to six, both give the same level.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from test_properties import FAST

from scorekeeper.games import load
from scorekeeper.games.doppelkopf.records import CONTRA, RE
from scorekeeper.games.doppelkopf.rounds import _results, bock_level, bock_reasons
from scorekeeper.result import HandResult
from scorekeeper.ruleset import Ruleset


def walked(rules: Ruleset, table: Sequence[str], context: Mapping[str, object]) -> int:
    """The level as the whole match was walked for it (the code this replaced)."""
    games = _results(context)
    length, n = len(table), len(games)
    return sum(1 for i, r in enumerate(games) if bock_reasons(rules, r) and n - i <= length)


@st.composite
def results(draw: st.DrawFn) -> HandResult | None:
    if draw(st.integers(0, 9)) == 0:
        return None  # a hand not finished
    re_points = draw(st.sampled_from([0, 60, 90, 119, 120, 121, 151, 240]))
    said = draw(st.sampled_from([[], [RE], [CONTRA], [RE, CONTRA]]))
    details: dict[str, Any] = {
        "solo": draw(st.sampled_from([None, "queens"])),
        "announcements": [["Anna", side, side, False] for side in said],
    }
    return HandResult(
        "normal",
        {RE: ["Anna", "Ben"], CONTRA: ["Carla", "Dirk"]},
        {RE: re_points, CONTRA: 240 - re_points},
        draw(st.sampled_from([RE, CONTRA, None])),
        [],
        1,
        {},
        redeal=draw(st.integers(0, 7)) == 0,
        details=details,
    )


@FAST
@given(
    games=st.lists(results(), max_size=40),
    seats=st.integers(4, 6),
    lost_solo=st.booleans(),
    lost_said=st.booleans(),
)
def test_bock_from_the_end_is_the_whole_match_walked(
    games: list[HandResult | None], seats: int, lost_solo: bool, lost_said: bool
) -> None:
    options = {"bock": True, "bock_after_lost_solo": lost_solo}
    options["bock_after_lost_announcement"] = lost_said
    rules = load("doppelkopf", options)
    table = ["Anna", "Ben", "Carla", "Dirk", "Erik", "Frida"][:seats]
    for context in ({"results": games}, {"results": tuple(games)}, {}):
        assert bock_level(rules, table, context) == walked(rules, table, context)
