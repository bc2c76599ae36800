"""``scorekeeper settle``: who pays whom at a price per point, with the fewest transfers."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Annotated

import typer

from scorekeeper.cli.archive import say
from scorekeeper.cli.common import JsonOpt, MatchOpt, guarded, price_option
from scorekeeper.text import say_count

if TYPE_CHECKING:
    from scorekeeper.settle import Settlement


@guarded
def settle(
    price: Annotated[
        float | None, price_option("Price per point (default: the one kept in the match).")
    ] = None,
    save: Annotated[
        bool, typer.Option("--save", help="Keep the --price given in the match file.")
    ] = False,
    match: MatchOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Settle up: each player's balance at a price per point, and who pays whom with the
    fewest transfers.

    Zero-sum games (Doppelkopf) pay the totals as they stand; in games where only the
    winners score, balances are measured against the table's average.
    Example: scorekeeper settle --price 0.05
    """
    from scorekeeper.cli.common import editing, match_path
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.reasons import because
    from scorekeeper.session import Session
    from scorekeeper.settle import settle as settle_up

    if save and price is not None:
        with editing(match) as session:
            session.log.price = price
    session = Session.open(match_path(match))
    chosen = price if price is not None else session.log.price
    if chosen is None:
        raise ScorekeeperError(because("settle.no_price"), rule="price", kind="usage")
    result = settle_up(session.match.totals(), Decimal(repr(chosen)))
    over = session.match.over() is not None
    if json_:
        from scorekeeper.cli import render

        render.emit_json(
            {**result.to_dict(), "finished": over, "saved": save and price is not None}
        )
        return
    _show(result, over)
    if save and price is not None:
        typer.echo(say("settle.saved", price=result.price))


def _show(result: Settlement, over: bool) -> None:
    from scorekeeper.settle import points
    from scorekeeper.view.words import money

    price = _price(result.price)
    if result.zero_sum:
        typer.echo(say("settle.zero_sum", price=price))
    else:
        average = _decimal(points(result.average))
        typer.echo(say("settle.average", price=price, average=average))
    for player, cents in result.balances.items():
        key = "settle.receives" if cents > 0 else "settle.pays" if cents < 0 else "settle.square"
        total = result.totals[player]
        shown = say_count(
            key, abs(total), player=player, points=f"{total:+d}", amount=money(abs(cents))
        )
        typer.echo("  " + shown)
    if result.transfers:
        typer.echo(say_count("settle.transfers", len(result.transfers), n=len(result.transfers)))
        for t in result.transfers:
            typer.echo(
                "  " + say("settle.transfer", payer=t.payer, payee=t.payee, amount=money(t.cents))
            )
    else:
        typer.echo(say("settle.nobody"))
    if not over:
        typer.echo(say("settle.not_over"))


def _price(price: Decimal) -> str:
    """The price per point as the table writes money (``0,10 €`` in German, ``€ 0,10`` in
    Dutch; a fraction of a cent as it is, ``0,005 €``); as a number in English."""
    from scorekeeper.text import language

    lang = language.current()
    if lang == language.ENGLISH:
        return _decimal(str(price))
    cents = price * 100
    if cents == cents.to_integral_value():
        from scorekeeper.view.words import money

        return money(int(cents))
    from scorekeeper.lang import language as words

    return words(lang).money.format(amount=_decimal(str(price)))


def _decimal(number: str) -> str:
    """A number written with a decimal point, with the view's language's decimal sign."""
    from scorekeeper.text import language

    return number.replace(".", language.conventions().decimal)
