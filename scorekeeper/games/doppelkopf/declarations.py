"""Declarations before play: weddings, piglets, poverty (passed, accepted or declined), a
new deal for five nines, and solos. Each verb has a check (``verify``) that refuses with the
rule it enforces, and an effect (``apply``) on the hand's state.

Declarations settle the sides, so they come before any announcement (piglets and five
nines excepted: they change the ranking or the deal, not the sides).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from scorekeeper.cards import Card
from scorekeeper.games.doppelkopf.notation import Declare, PassCards, Solo, no, tell
from scorekeeper.games.doppelkopf.rounds import is_obligatory_solo
from scorekeeper.games.doppelkopf.rules import make_contract, piglets_refused
from scorekeeper.reasons import because

if TYPE_CHECKING:
    from scorekeeper.games.doppelkopf.game import DoppelkopfGame

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


def declarable(game: DoppelkopfGame, verb: str) -> bool:
    """Whether a declaration of ``verb`` may still come: before the first card, or
    piglets announced as the first of them is played (``piglets_announce``)."""
    return not game.hand.started_play or (verb == "piglets" and game.piglets_late)


def verify_declaration(game: DoppelkopfGame, said: Declaration) -> None:
    """Refuse a declaration the rules do not allow now."""
    verb = said.verb
    option = NEEDS_OPTION.get(verb)
    if option and not game.opts.on(option):
        no(said, "declare.option_off", f"options.{option}", verb=verb, option=option)
    if not declarable(game, verb):
        no(said, "declare.after_play", "declarations", verb=verb)
    if game.announcements and verb in SETTLE_SIDES:
        first = game.announcements[0]
        no(
            said,
            "declare.after_announcement",
            "declarations",
            verb=verb,
            player=first.player,
            kind=first.kind,
        )
    if game.solo and verb not in ("piglets", "fivenines"):
        no(said, "solo.already", "solos", soloist=game.soloist, solo=game.solo)
    _CHECKS[verb](game, said)


def _holding(game: DoppelkopfGame, player: str) -> list[Card] | None:
    dealt = game.hand.dealt
    return dealt.get(player) if dealt else None


def _verify_solo(game: DoppelkopfGame, said: Declaration) -> None:
    solos = game.spec.solos
    if not solos:
        no(said, "solo.none", "solos", name=game.rules.name)
    kind = said.kind if isinstance(said, Solo) else ""
    if kind not in solos:
        no(said, "solo.unknown", "solos", solos=list(solos))
    if game.poverty:
        no(said, "solo.after_poverty", "solos")


def _verify_wedding(game: DoppelkopfGame, said: Declaration) -> None:
    rule = "declarations.wedding"
    if game.wedding:
        no(said, "wedding.already", rule, player=game.wedding)
    if game.poverty:
        no(said, "wedding.after_poverty", rule)
    holding = _holding(game, said.player)
    if holding is not None and holding.count(game.queen) != 2:
        no(said, "wedding.needs_queens", rule, player=said.player, count=holding.count(game.queen))


def _verify_piglets(game: DoppelkopfGame, said: Declaration) -> None:
    player = said.player
    if game.piglets:
        no(said, "piglets.already", "options.piglets", player=game.piglets)
    if rule := piglets_refused(game.rules, game.contract()):
        no(said, "piglets.not_in_game", rule, game=game.contract().name)
    holding = _holding(game, player)
    if holding is not None and holding.count(game.piglet) != 2:
        count = holding.count(game.piglet)
        no(said, "piglets.needs_aces", "options.piglets", player=player, count=count)
    if not game.piglets_late:
        return
    h = game.hand
    rule = "options.piglets_announce"
    if h.to_play() != player:
        no(said, "piglets.not_turn", rule)
    if any(m.play.card == game.piglet for m in h.plays_by[player]):
        no(said, "piglets.ace_played", rule, player=player)
    legal = h.legal_cards(player)
    if legal is not None and game.piglet not in legal:
        no(said, "piglets.ace_not_playable", rule, player=player)


def _verify_poverty(game: DoppelkopfGame, said: Declaration) -> None:
    if game.poverty or game.wedding:
        no(said, "poverty.one_per_hand", "options.poverty")
    limit = game.opts.poverty_max_trumps
    holding = _holding(game, said.player)
    if holding is not None:
        trumps = [c for c in holding if game.contract().is_trump(c)]
        if len(trumps) > limit:
            no(
                said,
                "poverty.too_many_trumps",
                "options.poverty_max_trumps",
                limit=limit,
                player=said.player,
                count=len(trumps),
            )
    assert isinstance(said, PassCards)
    given(game, said, holding, limit)


def _verify_answer(game: DoppelkopfGame, said: Declaration) -> None:
    rule = "options.poverty"
    if not game.poverty or game.poverty_partner or game.redeal:
        no(said, "poverty.nothing_to_answer", rule)
    left = game.left_of(game.poverty)
    if said.player != left:
        no(said, "poverty.not_left", rule, left=left, poor=game.poverty)
    if not isinstance(said, PassCards):
        return
    back = given(game, said, _holding(game, said.player), game.poverty_count, returning=True)
    if isinstance(back, list) and game.poverty_count and len(back) != game.poverty_count:
        no(said, "poverty.give_back", rule, count=game.poverty_count)


def _verify_five_nines(game: DoppelkopfGame, said: Declaration) -> None:
    need = game.opts.five_nines_count
    holding = _holding(game, said.player)
    nines = sum(c.rank == game.nine for c in holding) if holding is not None else need
    if nines < need:
        no(
            said,
            "five_nines.too_few",
            "options.five_nines_count",
            need=need,
            player=said.player,
            count=nines,
        )


_CHECKS: dict[str, Callable[[DoppelkopfGame, Declaration], None]] = {
    "solo": _verify_solo,
    "wedding": _verify_wedding,
    "piglets": _verify_piglets,
    "poverty": _verify_poverty,
    "accept": _verify_answer,
    "decline": _verify_answer,
    "fivenines": _verify_five_nines,
}


def given(
    game: DoppelkopfGame,
    said: PassCards,
    holding: list[Card] | None,
    limit: int,
    returning: bool = False,
) -> int | list[Card]:
    """The cards a poverty passes (or the partner returns), or just their number."""
    count = said.count()
    if count is not None:
        if count > limit:
            no(said, "poverty.count_over", "options.poverty_max_trumps", limit=limit)
        return count
    try:
        cards = said.cards(game.rules.deck)
    except ValueError as exc:  # the card's own words, without its rule (named once, below)
        no(said, "poverty.unreadable", "deck.ranks", error=getattr(exc, "message", str(exc)))
    if not returning:
        _check_passed(game, said, holding, cards, limit)
    if holding is not None:
        pool = list(holding) + (game.poverty_passed if returning else [])
        for c in cards:
            if c not in pool:
                no(said, "poverty.not_held", "deal", player=said.player, card=c)
            pool.remove(c)
    return cards


def _check_passed(
    game: DoppelkopfGame,
    said: PassCards,
    holding: list[Card] | None,
    cards: list[Card],
    limit: int,
) -> None:
    """A poverty passes trumps only, all of them, and no more than the limit."""
    contract = game.contract()
    if len(cards) > limit:
        no(said, "poverty.too_many_cards", "options.poverty_max_trumps", limit=limit)
    plain = [c for c in cards if not contract.is_trump(c)]
    if plain:
        no(said, "poverty.not_trump", "options.poverty", card=plain[0])
    held = [c for c in holding or [] if contract.is_trump(c)]
    if holding is not None and sorted(held, key=str) != sorted(cards, key=str):
        key = "poverty.pass_all" if held else "poverty.pass_all_none"
        no(said, key, "options.poverty", player=said.player, trumps=held)


# ---------------------------------------------------------------------- effects


def apply_declaration(game: DoppelkopfGame, said: Declaration) -> list[str]:
    """Change the hand's state; the messages say what happened."""
    return _EFFECTS[said.verb](game, said)


def _solo(game: DoppelkopfGame, said: Declaration) -> list[str]:
    player = said.player
    assert isinstance(said, Solo)
    # A solo goes before a wedding announced earlier: the wedding lapses.
    game.wedding = None
    game.solo = said.kind
    game.soloist = player
    game.obligatory = is_obligatory_solo(game.rules, player, game.hand.context)
    if game.piglets and piglets_refused(game.rules, make_contract(game.rules, game.solo)):
        game.piglets = None  # piglets announced earlier do not stand in this solo: they lapse
    game.remake_contract()
    if game.obligatory:
        return [tell("solo_obligatory", player=player, game=game.contract().name)]
    return [tell("solo_voluntary", player=player, game=game.contract().name)]


def _wedding(game: DoppelkopfGame, said: Declaration) -> list[str]:
    game.wedding = said.player
    return [tell("wedding", player=said.player)]


def _piglets(game: DoppelkopfGame, said: Declaration) -> list[str]:
    game.piglets = said.player
    game.remake_contract()
    return [tell("piglets", player=said.player)]


def _poverty(game: DoppelkopfGame, said: Declaration) -> list[str]:
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
    left = game.left_of(player)
    if not game.poverty_count:
        return [tell("poverty_their", player=player, left=left)]
    return [tell("poverty", player=player, count=game.poverty_count, left=left)]


def _decline(game: DoppelkopfGame, said: Declaration) -> list[str]:
    game.redeal = because(
        "doppelkopf.redeal.declined", "options.poverty", player=said.player, poor=game.poverty
    )
    return [tell("redeal", why=game.redeal)]


def _accept(game: DoppelkopfGame, said: Declaration) -> list[str]:
    player, poor = said.player, game.poverty
    assert isinstance(said, PassCards) and poor
    game.poverty_partner = player
    back = given(game, said, _holding(game, player), game.poverty_count, returning=True)
    if not isinstance(back, list):
        game.poverty_returned = (
            tell("trump_count", count=back) if back == 1 else tell("trumps_count", count=back)
        )
        return [tell("accept_count", player=player, count=back, poor=poor)]
    game.poverty_returned = " ".join(c.code for c in back)
    game.hand.give(player, game.poverty_passed)
    game.hand.pass_cards(player, poor, back)
    trumps = sum(game.contract().is_trump(c) for c in back)
    if trumps == 1:
        return [tell("accept_one", player=player, count=trumps, poor=poor)]
    return [tell("accept", player=player, count=trumps, poor=poor)]


def _five_nines(game: DoppelkopfGame, said: Declaration) -> list[str]:
    game.redeal = because("doppelkopf.redeal.five_nines", "options.five_nines", player=said.player)
    return [tell("redeal", why=game.redeal)]


_EFFECTS: dict[str, Callable[[DoppelkopfGame, Declaration], list[str]]] = {
    "solo": _solo,
    "wedding": _wedding,
    "piglets": _piglets,
    "poverty": _poverty,
    "accept": _accept,
    "decline": _decline,
    "fivenines": _five_nines,
}
