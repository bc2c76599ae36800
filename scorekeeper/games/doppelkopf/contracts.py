"""The contract of a Doppelkopf game: the normal game or a solo, with the options that
move or re-rank particular trumps (piglets, the second ten of hearts, the second Charlie).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.cards import Card
from scorekeeper.contract import Contract

if TYPE_CHECKING:
    from scorekeeper.ruleset import Ruleset


def rule_card(rules: Ruleset, key: str) -> Card:
    """A card the rule set names for a mechanism (the queen of clubs, the fox...)."""
    return Card.parse(rules.require(key))


def make_contract(rules: Ruleset, solo: str | None = None, piglets: bool = False) -> Contract:
    """The contract of a normal game or a solo, with the options that change rankings."""
    if solo:
        spec = rules.require(f"solos.{solo}")
        contract = Contract.from_rules(rules, spec["contract"], spec.get("trump"))
        contract = contract.replace(name=spec.get("name", contract.name))
    else:
        contract = Contract.from_rules(rules, "normal")
    twice: set[Card] = set()
    twice_last: set[Card] = set()
    reversals: list[tuple[Card, str]] = []
    if rules.option("second_ten_of_hearts_beats_first"):
        card = rule_card(rules, "options.second_ten_of_hearts_beats_first.card")
        twice.add(card)
        reversals.append((card, "options.second_ten_of_hearts_beats_first"))
    if rules.option("second_charlie_beats_first"):
        card = rule_card(rules, "extras.charlie_card")
        twice_last.add(card)
        reversals.append((card, "options.second_charlie_beats_first"))
    trumps = contract.trumps
    promoted: tuple[tuple[Card, str], ...] = ()
    if piglets:
        pig = rule_card(rules, "options.piglets.card")
        trumps = (pig, *(c for c in trumps if c != pig))
        promoted = ((pig, "options.piglets"),)
    return contract.replace(
        trumps=trumps,
        promoted=promoted,
        second_beats_first=frozenset(twice),
        second_beats_first_last_trick=frozenset(twice_last),
        reversal_rules=tuple(reversals),
    )
