"""The contract of a Doppelkopf game: the normal game or a solo, with the options that
move or re-rank particular trumps (piglets, the second ten of hearts, the second Charlie).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.cards import Card
from scorekeeper.contract import Contract
from scorekeeper.games.doppelkopf.rules import options, spec

if TYPE_CHECKING:
    from scorekeeper.ruleset import Ruleset


def make_contract(rules: Ruleset, solo: str | None = None, piglets: bool = False) -> Contract:
    """The contract of a normal game or a solo, with the options that change rankings."""
    rs, opts = spec(rules), options(rules)
    if solo:
        solo_spec = rs.solos[solo]
        contract = Contract.from_rules(rules, solo_spec.contract, solo_spec.trump)
        contract = contract.replace(name=solo_spec.name)
    else:
        contract = Contract.from_rules(rules, "normal")
    twice: set[Card] = set()
    twice_last: set[Card] = set()
    reversals: list[tuple[Card, str]] = []
    if opts.second_ten_of_hearts_beats_first:
        card = rs.option_card("second_ten_of_hearts_beats_first")
        twice.add(card)
        reversals.append((card, "options.second_ten_of_hearts_beats_first"))
    if opts.second_charlie_beats_first:
        card = Card.parse(rs.extras.charlie_card)
        twice_last.add(card)
        reversals.append((card, "options.second_charlie_beats_first"))
    trumps = contract.trumps
    promoted: tuple[tuple[Card, str], ...] = ()
    if piglets:
        pig = rs.option_card("piglets")
        trumps = (pig, *(c for c in trumps if c != pig))
        promoted = ((pig, "options.piglets"),)
    return contract.replace(
        trumps=trumps,
        promoted=promoted,
        second_beats_first=frozenset(twice),
        second_beats_first_last_trick=frozenset(twice_last),
        reversal_rules=tuple(reversals),
    )
