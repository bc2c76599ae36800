"""What a Doppelkopf score sheet can hold: the extra points a hand can really have earned.

Every bound comes from the rule set's data: how often the deck holds the fox and Charlie
(``deck.copies``), what they are worth in card points, the tricks of a hand and the card
points a Doppelkopf trick needs. A sheet is refused when it claims more foxes than the
deck holds, two Charlies or Charlies for both sides (there is one last trick), extras for
a side that took no trick, or extras a side's card points cannot contain.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from scorekeeper.cards import Card
from scorekeeper.games.common import refuse
from scorekeeper.games.doppelkopf.declarations import NEEDS_OPTION
from scorekeeper.games.doppelkopf.notation import no
from scorekeeper.games.doppelkopf.records import CONTRA, RE, Extra, other, side_word
from scorekeeper.games.doppelkopf.rules import make_contract, options, piglets_refused, spec
from scorekeeper.reasons import because

if TYPE_CHECKING:
    from scorekeeper.actions import Action
    from scorekeeper.ruleset import Ruleset

CHARLIES = ("charlie", "charlie2")


def _no(key: str, rule: str, **params: object) -> None:
    refuse(because(f"doppelkopf.possible.{key}", rule, **params), where="quick.extras")


def check_extras(
    rules: Ruleset, extras: Sequence[Extra], re_points: int, all_tricks: str | None
) -> None:
    """Refuse extras no hand under these rules can have earned."""
    rs = spec(rules)
    fox, charlie = Card.parse(rs.extras.fox_card), Card.parse(rs.extras.charlie_card)
    count = Counter((side, kind) for side, kind, _ in extras)
    kinds = Counter(kind for _, kind, _ in extras)
    copies = rules.deck.counts
    if kinds["fox"] > copies[fox]:
        _no("copies", "deck.copies", count=kinds["fox"], kind="fox", card=fox, copies=copies[fox])
    _check_last_trick(count, kinds, charlie, copies[charlie])
    tricks = rs.play.tricks or rules.hand_size
    if kinds["doppelkopf"] > tricks:
        _no("tricks", "play.tricks", count=kinds["doppelkopf"], tricks=tricks)
    points = {RE: re_points, CONTRA: rs.card_points.total - re_points}
    for side in (RE, CONTRA):
        mine = [kind for s, kind, _ in extras if s == side]
        if mine and all_tricks == other(side):
            words = side_word(side, rules)
            _no("no_trick", "extras", side=words, kinds=sorted(set(mine)))
        need = max(
            count[side, "doppelkopf"] * rs.extras.doppelkopf_min,
            count[side, "fox"] * rules.card_points(fox)
            + _charlies_held(count, side) * rules.card_points(charlie),
        )
        if points[side] < need:
            words = side_word(side, rules)
            _no("points", "card_points", side=words, points=points[side], need=need)


def _check_last_trick(
    count: Counter[tuple[str, str]], kinds: Counter[str], charlie: Card, copies: int
) -> None:
    """One last trick: one Charlie at most, and its extras all go to the side that won it."""
    if kinds["charlie"] + kinds["charlie2"] > 1:
        _no("one_last_trick", "extras", kinds=sorted(k for k in CHARLIES if kinds[k]))
    last = {side for (side, kind) in count if kind in (*CHARLIES, "charlie_captured")}
    if len(last) > 1:
        _no("last_trick_sides", "extras")
    jacks = (1 if kinds["charlie"] or kinds["charlie2"] else 0) + kinds["charlie_captured"]
    if jacks > copies or (kinds["charlie2"] and copies < 2):
        _no("copies", "deck.copies", count=jacks, kind="Charlie", card=charlie, copies=copies)


def _charlies_held(count: Counter[tuple[str, str]], side: str) -> int:
    """The jacks of clubs the extras put in ``side``'s last trick."""
    if count[side, "charlie2"]:
        return 2
    return count[side, "charlie"] + count[side, "charlie_captured"]


def check_declarations(
    rules: Ruleset, said: Sequence[tuple[Action, str]], soloist: str | None, solo: str | None
) -> None:
    """Refuse declarations that cannot all have been made in one hand: a second wedding,
    piglets or poverty, a wedding beside a poverty, a wedding or poverty in a solo,
    piglets where the solo has none, an option that is off, or a declaration that throws
    the hand in (a declined poverty, five nines) on a hand that was played and scored."""
    opts = options(rules)
    seen: dict[str, str] = {}
    contract = make_contract(rules, solo) if solo else None
    piglets_rule = piglets_refused(rules, contract) if contract is not None else None
    for action, verb in said:
        option = NEEDS_OPTION.get(verb)
        if option and not opts.on(option):
            no(action, "declare.option_off", f"options.{option}", verb=verb, option=option)
        if verb in seen and verb in ("wedding", "piglets"):
            no(action, f"{verb}.already", _rule(verb), player=seen[verb])
        if verb in ("wedding", "poverty") and ({"wedding", "poverty"} & set(seen)):
            no(action, "poverty.one_per_hand", "options.poverty")
        if solo and verb in ("wedding", "poverty", "accept"):
            no(action, "solo.already", "solos", soloist=soloist, solo=solo)
        if verb == "piglets" and contract is not None and piglets_rule:
            no(action, "piglets.not_in_game", piglets_rule, game=contract.name)
        if verb in ("decline", "fivenines"):
            no(action, "quick.thrown_in", _rule(verb), verb=verb)
        seen.setdefault(verb, action.actor)


def _rule(verb: str) -> str:
    option = NEEDS_OPTION.get(verb)
    return f"options.{option}" if option else f"declarations.{verb}"
