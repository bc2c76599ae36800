"""``scorekeeper settle``: who pays whom at a price per point, with the fewest transfers."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from scorekeeper.cli.archive import say
from scorekeeper.cli.common import JsonOpt, MatchOpt, guarded, price_option
from scorekeeper.text import say_count

if TYPE_CHECKING:
    from scorekeeper.settle import Settlement

Steps = tuple[tuple[int, Decimal], ...]
"""Loss money's steps: (the first lost game it applies to, the amount per lost game)."""


@guarded
def settle(
    price: Annotated[
        float | None, price_option("Price per point (default: the one kept in the match).")
    ] = None,
    save: Annotated[
        bool, typer.Option("--save", help="Keep the --price given in the match file.")
    ] = False,
    loss_money: Annotated[
        str | None,
        typer.Option(
            "--loss-money",
            help="Loss money per lost game, paid into the club's till: 0.50, or stepped "
            "0.50,4:1.00 (1.00 from the fourth lost game on), or a competition's steps "
            "by its name (doppelkopf-club).",
        ),
    ] = None,
    match: MatchOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Settle up: each player's balance at a price per point, and who pays whom with the
    fewest transfers; with --loss-money also each player's loss money (with or without
    a price per point).

    Zero-sum games (Doppelkopf) pay the totals as they stand; in games where only the
    winners score, balances are measured against the table's average.
    Example: scorekeeper settle --price 0.05 --loss-money 0.50,4:1.00
    """
    from scorekeeper.cli.common import editing, match_path
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.reasons import because
    from scorekeeper.session import Session
    from scorekeeper.settle import settle as settle_up

    steps = parse_loss_money(loss_money) if loss_money is not None else None
    if save and price is not None:
        with editing(match) as session:
            session.log.price = price
    path = match_path(match)
    session = Session.open(path)
    chosen = price if price is not None else session.header.price  # not the whole log
    if chosen is None and steps is None:
        raise ScorekeeperError(because("settle.no_price"), rule="price", kind="usage")
    result = (
        settle_up(session.match.totals(), Decimal(repr(chosen))) if chosen is not None else None
    )
    over = session.match.over() is not None
    owed = _loss(path, steps) if steps is not None else None
    _answer(result, steps, owed, over, saved=save and price is not None, json_=json_)


def _answer(
    result: Settlement | None,
    steps: Steps | None,
    owed: tuple[dict[str, int], dict[str, int]] | None,
    over: bool,
    *,
    saved: bool,
    json_: bool,
) -> None:
    """The settlement (and the loss money, when asked) as JSON or in words."""
    if json_:
        from scorekeeper.cli import render

        data = result.to_dict() if result is not None else {}
        data.update(finished=over, saved=saved)
        if owed is not None and steps is not None:
            data["loss_money"] = _loss_data(steps, *owed)
        render.emit_json(data)
        return
    if result is not None:
        _show(result, over)
    if owed is not None and steps is not None:
        _show_loss(steps, *owed)
        if result is None and not over:
            typer.echo(say("settle.not_over"))
    if saved and result is not None:
        typer.echo(say("settle.saved", price=result.price))


def parse_loss_money(text: str) -> Steps:
    """``--loss-money`` as typed (``0.50,4:1.00``), or a competition's name: its
    ``[money] per_lost_game`` steps, the TOML ``event settle`` reads; a usage mistake
    (exit 2) if it is neither, a refusal if the competition has no loss money."""
    from scorekeeper.settle import parse_steps

    try:
        return parse_steps(text)
    except ValueError as exc:
        if (steps := _competition_steps(text.strip())) is not None:
            return steps
        raise typer.BadParameter(say("settle.bad_loss_money", given=str(exc))) from None


def _competition_steps(name: str) -> Steps | None:
    """The loss money of the competition ``name`` (None: no such competition)."""
    from scorekeeper.club.competition import available, load
    from scorekeeper.club.event import refuse

    if not name or name not in available():
        return None
    competition = load(name)
    if not competition.loss_steps:
        raise refuse("club.no_loss_money", "money", competition=competition.id)
    return competition.loss_steps


def _loss(path: Path, steps: Steps) -> tuple[dict[str, int], dict[str, int]]:
    """Each player's lost games (as the statistics count them) and loss money in cents."""
    from scorekeeper.settle import loss_money
    from scorekeeper.stats.cache import figures

    found = figures(path)
    lost = {p: f.lost for p, f in found.figures.items()}
    return lost, loss_money(lost, steps)


def _loss_data(steps: Steps, lost: dict[str, int], owed: dict[str, int]) -> dict[str, object]:
    from scorekeeper.settle import money

    return {
        "steps": [{"from": first, "amount": str(amount)} for first, amount in steps],
        "lost": lost,
        "cents": owed,
        "amounts": {p: money(c) for p, c in owed.items()},
        "total": money(sum(owed.values())),
        "total_cents": sum(owed.values()),
    }


def _show_loss(steps: Steps, lost: dict[str, int], owed: dict[str, int]) -> None:
    from scorekeeper.view.words import money

    worded = [
        say("settle.loss_step", amount=money(int(amount * 100)), first=first)
        for first, amount in steps
    ]
    typer.echo(say("settle.loss_money", steps=worded))
    for player, cents in owed.items():
        typer.echo(
            "  " + say_count("settle.loss_line", lost[player], player=player, amount=money(cents))
        )
    typer.echo(say("settle.loss_total", amount=money(sum(owed.values()))))


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
