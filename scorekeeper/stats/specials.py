"""Each family's own counts per player, read from a hand's typed result details.

A count is a key (``re.won``, ``solo.played:queens``, ``announce.good:no90``) and a
number; the part after ``:`` is the kind (a solo, an announcement level, an extra point).
The view words each key (``stats.special.KEY`` in ``scorekeeper.text.stats``). Only what
a hand's result records is counted: a quick hand without a fact adds nothing for it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from scorekeeper.reasons import reason_of
from scorekeeper.result import HandResult

Counts = dict[str, Counter[str]]
"""Per player: key -> count."""


def _side_of(result: HandResult, player: str) -> str | None:
    return next((s for s, members in result.sides.items() if player in members), None)


def _add(counts: Counts, player: str | None, key: str, n: int = 1) -> None:
    if player:
        counts.setdefault(player, Counter())[key] += n


def _members(result: HandResult, side: str | None) -> Iterable[str]:
    return result.sides.get(side, []) if side else []


def doppelkopf(result: HandResult, counts: Counts) -> None:
    details, winner = result.details, result.winner
    for side in ("re", "contra"):
        for p in _members(result, side):
            _add(counts, p, f"{side}.played")
            if winner == side:
                _add(counts, p, f"{side}.won")
    if solo := details.get("solo"):
        for p in _members(result, "re"):
            _add(counts, p, f"solo.played:{solo}")
            if winner == "re":
                _add(counts, p, f"solo.won:{solo}")
    # An announcement not made good loses the game for its side: made good = side won.
    for player, kind, side, implied in details.get("announcements", []):
        if implied:
            continue
        _add(counts, player, f"announce.made:{kind}")
        if winner == side:
            _add(counts, player, f"announce.good:{kind}")
    for item in result.items:
        why = reason_of(item.label)
        if why is None or not why.key.endswith("score.extra") or item.op != "add":
            continue
        kind = str(why.params.get("kind", "")).replace(" ", "_")
        for p in _members(result, item.side):
            _add(counts, p, f"extra:{kind}")


def klaverjassen(result: HandResult, counts: Counts) -> None:
    details = result.details
    playing, maker = details.get("playing"), details.get("maker")
    if maker and playing:
        _add(counts, maker, "maker.played")
        if result.winner == playing and not details.get("nat"):
            _add(counts, maker, "maker.made")
        if details.get("nat"):
            _add(counts, maker, "maker.nat")
    for p in _members(result, details.get("pit")):
        _add(counts, p, "pit")
    for side, roem in (details.get("roem") or {}).items():
        if not roem:
            continue
        for p in _members(result, side):
            _add(counts, p, "roem", int(roem))


def klaberjass(result: HandResult, counts: Counts) -> None:
    details = result.details
    if maker := details.get("maker"):
        _add(counts, maker, "maker.played")
        if result.winner == maker:
            _add(counts, maker, "maker.made")
    _add(counts, details.get("bella"), "bella")
    for player, _ in details.get("sequences", []):
        _add(counts, player, "sequences")


def kloepper(result: HandResult, counts: Counts) -> None:
    details = result.details
    for knocker in (details.get("knock"), details.get("reply")):  # a reply knock is a knock
        if knocker:
            _add(counts, knocker, "knock")
            if _side_of(result, knocker) == result.winner:
                _add(counts, knocker, "knock.won")
    if details.get("lone") and (declarer := details.get("declarer")):
        _add(counts, declarer, "lone.played")
        if _side_of(result, declarer) == result.winner:
            _add(counts, declarer, "lone.won")
    for p in _members(result, details.get("all_tricks")):
        _add(counts, p, "all_tricks")


def bierkopf(result: HandResult, counts: Counts) -> None:
    for player in result.details.get("doubles", []):
        _add(counts, player, "double")
        if _side_of(result, player) == result.winner:
            _add(counts, player, "double.won")


BY_FAMILY: dict[str, Callable[[HandResult, Counts], None]] = {
    "doppelkopf": doppelkopf,
    "klaverjassen": klaverjassen,
    "klaberjass": klaberjass,
    "kloepper": kloepper,
    "bierkopf": bierkopf,
}
