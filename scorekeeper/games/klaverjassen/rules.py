"""The Klaverjassen family's checks of a rule set, as ``key: message`` lines.

What the mechanics need from the data: the numbers as whole numbers, the trump contract,
the seating mode, the tables of runs and tally marks, the talon using up the deck, the
challenges and the declarations complete.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from scorekeeper.errors import ScorekeeperError
from scorekeeper.games.base import whole_numbers
from scorekeeper.games.klaverjassen.bidding import METHODS
from scorekeeper.games.klaverjassen.notation import kraak_levels
from scorekeeper.games.klaverjassen.roem import four_of_a_kind_ranks
from scorekeeper.games.klaverjassen.sides import ALONE, PARTNERS

if TYPE_CHECKING:
    from scorekeeper.ruleset import Ruleset

NUMBERS = (
    "play.last_trick_bonus",
    "card_points.total",
    "roem.stuk",
    "roem.four_of_a_kind",
    "roem.four_jacks",
    "scoring.pit",
    "match.hands",
)


def _table(rules: Ruleset) -> list[str]:
    problems: list[str] = []
    if "trump" not in (rules.get("contracts") or {}):
        problems.append("contracts.trump: missing (the trump game with {T} for the suit)")
    mode = rules.get("teams.mode")
    if mode not in (PARTNERS, ALONE):
        problems.append(f"teams.mode: {PARTNERS!r} or {ALONE!r}, not {mode!r}")
    if mode == PARTNERS and rules.player_counts != [4]:
        problems.append("players: partnerships need exactly four players")
    if rules.get("trump.all_pass") not in ("dealer_chooses", "redeal"):
        problems.append("trump.all_pass: 'dealer_chooses' or 'redeal'")
    choices = rules.get("options.trump_choice.choices")
    if choices and not set(choices) <= set(METHODS):
        problems.append(f"options.trump_choice.choices: known methods are {', '.join(METHODS)}")
    return problems


def _roem(rules: Ruleset) -> list[str]:
    problems: list[str] = []
    for table in ("roem.runs", "roem.tally", "declarations.runs"):
        value = rules.get(table)
        if table.startswith("declarations") and value is None:
            continue
        if not isinstance(value, Mapping) or not value:
            problems.append(f"{table}: missing table")
    order = rules.get("roem.sequence_order")
    if not isinstance(order, list) or sorted(order) != sorted(rules.deck.ranks):
        problems.append("roem.sequence_order: must list every rank of the deck once")
    return problems


def _talon(rules: Ruleset) -> list[str]:
    if not rules.get("talon"):
        return []
    problems: list[str] = []
    size, discard = rules.get("talon.size"), rules.get("talon.discard")
    if not isinstance(size, int) or not isinstance(discard, int) or discard != size:
        problems.append("talon.discard: the trump maker lays away as many cards as the talon holds")
    for count in rules.player_counts:
        if rules.hand_size * count + (size or 0) != len(rules.deck):
            problems.append("talon.size: the deal and the talon must use the whole deck")
    return problems


def _wilde_boom(rules: Ruleset) -> list[str]:
    problems: list[str] = []
    if rules.get("kraak"):
        problems += whole_numbers(rules, ["kraak.multiplier"])
        if not kraak_levels(rules):
            problems.append("kraak.levels: list the challenges in order")
    if rules.get("declarations"):
        problems += whole_numbers(
            rules, ("declarations.four_of_a_kind", "declarations.four_jacks", "declarations.stuk")
        )
        if sorted(rules.get("declarations.suit_order") or []) != sorted(rules.deck.suits):
            problems.append("declarations.suit_order: must list every suit once")
    return problems


def validate(rules: Ruleset) -> list[str]:
    """Every problem of a Klaverjassen rule set, as ``key: message`` lines."""
    problems = whole_numbers(rules, NUMBERS)
    problems += _table(rules)
    problems += _roem(rules)
    problems += _talon(rules)
    problems += _wilde_boom(rules)
    try:
        four_of_a_kind_ranks(rules)
    except ScorekeeperError as exc:
        problems.append(exc.message)
    return problems
