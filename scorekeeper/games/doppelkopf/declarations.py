"""Declarations before play: weddings, piglets, poverty (passed, accepted or declined), a
new deal for five nines, and solos. Each verb has a check (``verify``) that refuses with the
rule it enforces, and an effect (``apply``) on the hand's state.

Declarations settle the sides, so they come before any announcement (piglets and five
nines excepted: they change the ranking or the deal, not the sides).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NoReturn

from scorekeeper.cards import Card
from scorekeeper.errors import IllegalActionError
from scorekeeper.games.doppelkopf.notation import Declare, PassCards, Solo
from scorekeeper.games.doppelkopf.rounds import is_obligatory_solo

if TYPE_CHECKING:
    from scorekeeper.games.doppelkopf.hand import DoppelkopfHand

Declaration = Declare | Solo | PassCards

# The option a declaration needs switched on.
NEEDS_OPTION = {
    "piglets": "piglets",
    "poverty": "poverty",
    "accept": "poverty",
    "decline": "poverty",
    "fivenines": "five_nines",
}
# Declarations that settle the sides, and so come before any announcement.
SETTLE_SIDES = ("wedding", "poverty", "accept", "solo")


def refuse(said: Declaration, msg: str, rule: str) -> NoReturn:
    raise IllegalActionError(f"{_text(said)}: {msg}", rule=rule)


def _text(said: Declaration) -> str:
    return " ".join((said.player, said.word, *said.written))


def piglets_late(game: DoppelkopfHand) -> bool:
    """Piglets are announced with the first ace of diamonds played (not before play)."""
    return game.opts.piglets_announce == "on_first_play"


def verify_declaration(game: DoppelkopfHand, said: Declaration) -> None:
    """Refuse a declaration the rules do not allow now."""
    verb = said.verb
    option = NEEDS_OPTION.get(verb)
    if option and not game.opts.on(option):
        refuse(said, f"{verb} is not played here (option {option} is off)", f"options.{option}")
    late_ok = verb == "piglets" and piglets_late(game)
    if game.hand.started_play and not late_ok:
        refuse(said, f"{verb} must be declared before the first card is played", "declarations")
    if game.announcements and verb in SETTLE_SIDES:
        first = game.announcements[0]
        refuse(
            said,
            f"{verb} comes before the announcements, and {first.player} already announced "
            f"{first.kind}",
            "declarations",
        )
    if game.solo and verb not in ("piglets", "fivenines"):
        refuse(said, f"{game.soloist} already declared a {game.solo} solo", "solos")
    _CHECKS[verb](game, said)


def _holding(game: DoppelkopfHand, player: str) -> list[Card] | None:
    dealt = game.hand.dealt
    return dealt.get(player) if dealt else None


def _verify_solo(game: DoppelkopfHand, said: Declaration) -> None:
    solos = game.spec.solos
    if not solos:
        refuse(said, f"{game.rules.name} has no solos (see doppelkopf-ddv)", "solos")
    kind = said.kind if isinstance(said, Solo) else ""
    if kind not in solos:
        refuse(said, f"name the solo: {', '.join(solos)}", "solos")
    if game.poverty:
        refuse(said, "a solo cannot be declared after a poverty", "solos")


def _verify_wedding(game: DoppelkopfHand, said: Declaration) -> None:
    if game.wedding:
        refuse(said, f"{game.wedding} already announced a wedding", "declarations.wedding")
    if game.poverty:
        refuse(said, "a poverty is already on the table", "declarations.wedding")
    holding = _holding(game, said.player)
    if holding is not None and holding.count(game.queen) != 2:
        refuse(
            said,
            f"a wedding needs both queens of clubs; {said.player} holds "
            f"{holding.count(game.queen)}",
            "declarations.wedding",
        )


def _verify_piglets(game: DoppelkopfHand, said: Declaration) -> None:
    player = said.player
    if game.piglets:
        refuse(said, f"{game.piglets} already announced piglets", "options.piglets")
    holding = _holding(game, player)
    if holding is not None and holding.count(game.piglet) != 2:
        refuse(
            said,
            f"piglets need both aces of diamonds; {player} holds {holding.count(game.piglet)}",
            "options.piglets",
        )
    if not piglets_late(game):
        return
    h = game.hand
    rule = "options.piglets_announce"
    if h.to_play() != player:
        refuse(
            said,
            "piglets are announced when playing the first ace of diamonds, on one's turn",
            rule,
        )
    if any(p.card == game.piglet for p, _, _ in h.plays_by[player]):
        refuse(said, f"{player} already played an ace of diamonds", rule)
    legal = h.legal_cards(player)
    if legal is not None and game.piglet not in legal:
        refuse(
            said,
            f"{player} cannot play an ace of diamonds now, and piglets are announced with it",
            rule,
        )


def _verify_poverty(game: DoppelkopfHand, said: Declaration) -> None:
    if game.poverty or game.wedding:
        refuse(said, "only one wedding or poverty per hand", "options.poverty")
    limit = game.opts.poverty_max_trumps
    holding = _holding(game, said.player)
    if holding is not None:
        trumps = [c for c in holding if game.contract().is_trump(c)]
        if len(trumps) > limit:
            refuse(
                said,
                f"poverty needs {limit} trumps or fewer; {said.player} holds {len(trumps)}",
                "options.poverty_max_trumps",
            )
    assert isinstance(said, PassCards)
    given(game, said, holding, limit)


def _verify_answer(game: DoppelkopfHand, said: Declaration) -> None:
    if not game.poverty or game.poverty_partner or game.redeal:
        refuse(said, "there is no poverty waiting for an answer", "options.poverty")
    left = game.left_of(game.poverty)
    if said.player != left:
        refuse(said, f"only {left}, left of {game.poverty}, answers the poverty", "options.poverty")
    if not isinstance(said, PassCards):
        return
    back = given(game, said, _holding(game, said.player), game.poverty_count, returning=True)
    if isinstance(back, list) and game.poverty_count and len(back) != game.poverty_count:
        refuse(
            said,
            f"must give back {game.poverty_count} cards, as many as were passed",
            "options.poverty",
        )


def _verify_five_nines(game: DoppelkopfHand, said: Declaration) -> None:
    need = game.opts.five_nines_count
    holding = _holding(game, said.player)
    nines = sum(c.rank == game.nine for c in holding) if holding is not None else need
    if nines < need:
        refuse(
            said,
            f"a new deal needs {need} nines; {said.player} holds {nines}",
            "options.five_nines_count",
        )


_CHECKS: dict[str, Callable[[DoppelkopfHand, Declaration], None]] = {
    "solo": _verify_solo,
    "wedding": _verify_wedding,
    "piglets": _verify_piglets,
    "poverty": _verify_poverty,
    "accept": _verify_answer,
    "decline": _verify_answer,
    "fivenines": _verify_five_nines,
}


def given(
    game: DoppelkopfHand,
    said: PassCards,
    holding: list[Card] | None,
    limit: int,
    returning: bool = False,
) -> int | list[Card]:
    """The cards a poverty passes (or the partner returns), or just their number."""
    count = said.count()
    if count is not None:
        if count > limit:
            refuse(said, f"at most {limit} trumps", "options.poverty_max_trumps")
        return count
    try:
        cards = said.cards(game.rules.deck)
    except ValueError as exc:
        refuse(said, str(exc), "deck.ranks")
    if not returning:
        _check_passed(game, said, holding, cards, limit)
    if holding is not None:
        pool = list(holding) + (game.poverty_passed if returning else [])
        for c in cards:
            if c not in pool:
                refuse(said, f"{said.player} does not hold {c}", "deal")
            pool.remove(c)
    return cards


def _check_passed(
    game: DoppelkopfHand,
    said: PassCards,
    holding: list[Card] | None,
    cards: list[Card],
    limit: int,
) -> None:
    """A poverty passes trumps only, all of them, and no more than the limit."""
    contract = game.contract()
    if len(cards) > limit:
        refuse(said, f"at most {limit} cards are passed", "options.poverty_max_trumps")
    plain = [c for c in cards if not contract.is_trump(c)]
    if plain:
        refuse(said, f"a poverty passes trumps; {plain[0]} is not one", "options.poverty")
    held = [c for c in holding or [] if contract.is_trump(c)]
    if holding is not None and sorted(held, key=str) != sorted(cards, key=str):
        refuse(
            said,
            f"a poverty passes all of {said.player}'s trumps "
            f"({' '.join(map(str, held)) or 'none'})",
            "options.poverty",
        )


# ---------------------------------------------------------------------- effects


def apply_declaration(game: DoppelkopfHand, said: Declaration) -> list[str]:
    """Change the hand's state; the messages say what happened."""
    return _EFFECTS[said.verb](game, said)


def _solo(game: DoppelkopfHand, said: Declaration) -> list[str]:
    player = said.player
    assert isinstance(said, Solo)
    # A solo goes before a wedding announced earlier: the wedding lapses.
    game.wedding = None
    game.solo = said.kind
    game.soloist = player
    game.obligatory = is_obligatory_solo(game.rules, player, game.hand.context)
    game.remake_contract()
    kind = "obligatory" if game.obligatory else "voluntary"
    lead = f"; {player} leads" if game.obligatory else ""
    return [f"{player} plays a {game.contract().name} ({kind}){lead}"]


def _wedding(game: DoppelkopfHand, said: Declaration) -> list[str]:
    game.wedding = said.player
    return [
        f"{said.player} announces a wedding: the first of the first three tricks won by "
        "another player decides the partner"
    ]


def _piglets(game: DoppelkopfHand, said: Declaration) -> list[str]:
    game.piglets = said.player
    game.remake_contract()
    return [
        f"{said.player} announces piglets: both aces of diamonds now rank above the ten of hearts"
    ]


def _poverty(game: DoppelkopfHand, said: Declaration) -> list[str]:
    player = said.player
    assert isinstance(said, PassCards)
    game.poverty = player
    passed = given(game, said, _holding(game, player), game.opts.poverty_max_trumps)
    if isinstance(passed, list):
        game.poverty_passed = passed
        game.poverty_count = len(passed)
        game.hand.take(player, passed)
    else:
        game.poverty_count = passed
    return [
        f"{player} declares poverty and passes {game.poverty_count or 'their'} trump cards to "
        f"{game.left_of(player)}"
    ]


def _decline(game: DoppelkopfHand, said: Declaration) -> list[str]:
    game.redeal = f"{said.player} declined {game.poverty}'s poverty"
    return [f"{game.redeal}: the same dealer deals again"]


def _accept(game: DoppelkopfHand, said: Declaration) -> list[str]:
    player, poor = said.player, game.poverty
    assert isinstance(said, PassCards) and poor
    game.poverty_partner = player
    back = given(game, said, _holding(game, player), game.poverty_count, returning=True)
    if not isinstance(back, list):
        game.poverty_returned = f"{back} trump{'s' if back != 1 else ''}"
        return [
            f"{player} accepts the poverty: {back} trumps returned; {player} and {poor} play "
            "together"
        ]
    game.poverty_returned = " ".join(c.code for c in back)
    game.hand.give(player, game.poverty_passed)
    game.hand.pass_cards(player, poor, back)
    trumps = sum(game.contract().is_trump(c) for c in back)
    return [
        f"{player} accepts the poverty: {trumps} trump{'s' if trumps != 1 else ''} returned; "
        f"{player} and {poor} play together"
    ]


def _five_nines(game: DoppelkopfHand, said: Declaration) -> list[str]:
    game.redeal = f"{said.player} holds five nines"
    return [f"{game.redeal}: the same dealer deals again"]


_EFFECTS: dict[str, Callable[[DoppelkopfHand, Declaration], list[str]]] = {
    "solo": _solo,
    "wedding": _wedding,
    "piglets": _piglets,
    "poverty": _poverty,
    "accept": _accept,
    "decline": _decline,
    "fivenines": _five_nines,
}
