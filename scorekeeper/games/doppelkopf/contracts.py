"""The contract of a Doppelkopf game: the normal game or a solo, with the options that
move or re-rank particular trumps (piglets, the second ten of hearts, the second Charlie).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scorekeeper.caches import Cache, cache
from scorekeeper.cards import Card
from scorekeeper.contract import Contract
from scorekeeper.games.doppelkopf.rules import options, spec

if TYPE_CHECKING:
    from scorekeeper.ruleset import Ruleset

_MADE: Cache[int, tuple[Ruleset, dict[tuple[str | None, bool], Contract]]] = cache(
    "doppelkopf.contracts", "id(rules) -> (rules, {(solo, piglets): contract})", 64
)
"""The contracts made of each rule set (the entry keeps the rule set alive, so its id is
not reused while the entry exists)."""


def make_contract(rules: Ruleset, solo: str | None = None, piglets: bool = False) -> Contract:
    """The contract of a normal game or a solo, with the options that change rankings.

    Options that move or re-rank particular trumps apply only where those cards are trumps
    (ruling of 2026-11-23): the second ten of hearts and the second Charlie only where
    the ten of hearts or the jack of clubs is a trump, piglets as ``piglets_refused`` says.
    A contract is immutable: each is made once per rule set and handed out again.
    """
    kept = _MADE.get(id(rules)) or _MADE.put(id(rules), (rules, {}))
    made = kept[1]
    contract = made.get((solo, piglets))
    if contract is None:
        contract = made[solo, piglets] = _make_contract(rules, solo, piglets)
    return contract


def _make_contract(rules: Ruleset, solo: str | None, piglets: bool) -> Contract:
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
    ten = rs.option_card("second_ten_of_hearts_beats_first")
    if opts.second_ten_of_hearts_beats_first and contract.is_trump(ten):
        twice.add(ten)
        reversals.append((ten, "options.second_ten_of_hearts_beats_first"))
    charlie = Card.parse(rs.extras.charlie_card)
    if opts.second_charlie_beats_first and contract.is_trump(charlie):
        twice_last.add(charlie)
        reversals.append((charlie, "options.second_charlie_beats_first"))
    trumps = contract.trumps
    promoted: tuple[tuple[Card, str], ...] = ()
    if piglets and piglets_refused(rules, contract) is None:
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


def piglets_refused(rules: Ruleset, contract: Contract) -> str | None:
    """Why piglets cannot be played in this contract (the rule), or None when they can:
    where the aces of diamonds are trumps (a normal game, a diamonds solo), and in the
    other suit solos with ``piglets_in_suit_solos``; never where no suit is trumps."""
    if contract.is_trump(spec(rules).option_card("piglets")):
        return None
    if contract.trump_suit is not None:
        return None if options(rules).piglets_in_suit_solos else "options.piglets_in_suit_solos"
    return "options.piglets"
