"""What one Doppelkopf hand takes from the hands before it: Bock rounds and obligatory
solos, and the names the score sheet gives to solos.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from scorekeeper.games.doppelkopf.notation import tell
from scorekeeper.games.doppelkopf.records import CONTRA, RE
from scorekeeper.games.doppelkopf.rules import options, spec
from scorekeeper.result import HandResult

if TYPE_CHECKING:
    from scorekeeper.ruleset import Ruleset


def unclarified_solo(rules: Ruleset) -> str | None:
    """The solo a wedding without partner becomes, where the rule set says (DDV)."""
    return spec(rules).teams.unclarified_wedding_solo


def solo_name(rules: Ruleset, solo: str, soloist: str, obligatory: bool) -> str:
    name = spec(rules).solos[solo].name
    if not options(rules).obligatory_solos:
        return tell("game.solo", name=name, soloist=soloist)
    if obligatory:
        return tell("game.solo_obligatory", name=name, soloist=soloist)
    return tell("game.solo_voluntary", name=name, soloist=soloist)


def _results(context: Mapping[str, object]) -> list[HandResult]:
    results = context.get("results") or []
    assert isinstance(results, Iterable)
    return [r for r in results if isinstance(r, HandResult) and not r.redeal]


def is_obligatory_solo(rules: Ruleset, player: str, context: Mapping[str, object]) -> bool:
    """A player's first solo of the match is the obligatory one, when the match asks for one."""
    if not options(rules).obligatory_solos:
        return False
    return not any(
        r.details.get("obligatory") and r.sides.get(RE) == [player] for r in _results(context)
    )


def bock_reasons(rules: Ruleset, result: HandResult) -> list[str]:
    """Why a finished game starts a Bock round (empty: it does not)."""
    opts = options(rules)
    if not opts.bock or result.redeal:
        return []
    reasons = []
    half = spec(rules).card_points.total // 2
    if result.card_points.get(RE) == half and result.card_points.get(CONTRA) == half:
        reasons.append(f"{half}:{half}")
    if opts.bock_after_lost_solo and result.details.get("solo") and result.winner == CONTRA:
        reasons.append("lost solo")
    if opts.bock_after_lost_announcement and result.winner is not None:
        said = {
            side
            for _, kind, side, *_ in result.details.get("announcements", [])
            if kind in (RE, CONTRA)
        }
        if said - {result.winner}:
            reasons.append("lost Re/Contra")
    return reasons


def bock_level(rules: Ruleset, table: Sequence[str], context: Mapping[str, object]) -> int:
    """How many Bock rounds cover the next game: each trigger doubles the next round.

    A round is one game dealt by each player at the table; rounds started by several
    triggers overlap, and each doubles again (they stack).
    """
    if not options(rules).bock:
        return 0
    # only the last round of games can still double: the match's results read from its
    # end (a long match asks this for every hand), the games among them as _results has
    length = len(table)
    recent: list[HandResult] = []
    for r in reversed(context.get("results") or []):  # type: ignore[call-overload]
        if len(recent) == length:
            break
        if isinstance(r, HandResult) and not r.redeal:
            recent.append(r)
    return sum(1 for r in recent if bock_reasons(rules, r))
