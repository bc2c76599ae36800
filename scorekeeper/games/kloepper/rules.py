"""What Kloepper reads from its rule set, and the family's checks of a rule set.

The cards that make the sides (``teams.queens``, ``teams.call.aces``), the knock window and
values (``knock``), and the scoring table (``scoring.queens``, ``scoring.others``: rows of
``at``, ``points``, ``alone`` and an optional ``all_tricks``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scorekeeper.cards import Card
from scorekeeper.contract import Contract
from scorekeeper.errors import ScorekeeperError
from scorekeeper.games.base import whole_numbers
from scorekeeper.games.kloepper.sides import OTHERS, QUEENS, SIDES

if TYPE_CHECKING:
    from scorekeeper.ruleset import Ruleset

KNOCK_VALUES = tuple(
    f"{base}.{key}"
    for base in ("knock", "knock.reply")
    for key in ("made", "made_alone", "failed", "failed_alone")
)


def queen_cards(rules: Ruleset) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in rules.require("teams.queens"))


def callable_aces(rules: Ruleset) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in rules.require("teams.call.aces"))


def card_total(rules: Ruleset) -> int:
    return int(rules.require("card_points.total"))


def knock_window(rules: Ruleset) -> int:
    """The trick before whose first card every knock must come."""
    return int(rules.require("knock.before_trick"))


def knock_value(rules: Ruleset, key: str) -> int:
    return int(rules.require(key))


def match_target(rules: Ruleset) -> int:
    return int(rules.require("match.target"))


def score_rows(rules: Ruleset, side: str) -> dict[str, Mapping[str, Any]]:
    """The scoring table's rows for one side, by name (``win``, ``high``...)."""
    return dict(rules.get(f"scoring.{side}") or {})


def _card_problems(rules: Ruleset) -> list[str]:
    contract = Contract.from_rules(rules, "normal")
    try:
        queens = queen_cards(rules)
        aces = callable_aces(rules)
    except ScorekeeperError as exc:
        return [f"teams: {exc.message}"]
    problems = [f"teams.queens: {q} is not in the deck" for q in queens if q not in rules.deck]
    problems += [
        f"teams.call.aces: {a} must be a plain card of the deck"
        for a in aces
        if a not in rules.deck or contract.is_trump(a)
    ]
    return problems


def _table_problems(rules: Ruleset) -> list[str]:
    problems: list[str] = []
    lowest: dict[str, int] = {}
    for side in SIDES:
        rows = score_rows(rules, side)
        if not rows:
            problems.append(f"scoring.{side}: the side needs at least one row")
        for name, row in rows.items():
            if not isinstance(row, Mapping) or not all(
                isinstance(row.get(k), int) for k in ("points", "alone")
            ):
                problems.append(f"scoring.{side}.{name}: needs whole numbers points and alone")
            elif not row.get("all_tricks"):
                at = int(row.get("at", 0))
                lowest[side] = min(lowest.get(side, at), at)
    total = rules.get("card_points.total")
    if len(lowest) == 2 and isinstance(total, int) and lowest[QUEENS] + lowest[OTHERS] != total + 1:
        problems.append(
            f"scoring: the lowest rows ({lowest[QUEENS]} for the queens, "
            f"{lowest[OTHERS]} for the others) must give every split of {total} "
            "to exactly one side"
        )
    return problems


def validate(rules: Ruleset) -> list[str]:
    """The family's checks of a rule set, as ``key: message`` lines."""
    cards = _card_problems(rules)
    if cards and cards[0].startswith("teams: "):
        return cards
    numbers = whole_numbers(rules, [*KNOCK_VALUES, "knock.before_trick", "match.target"])
    return cards + numbers + _table_problems(rules)
