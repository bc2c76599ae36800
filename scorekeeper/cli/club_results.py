"""The ``event`` commands that enter and read results: a table's game entered and its
list checked, penalty points, two entries compared, standings of a round, an evening or
a season, loss money. Registered on the ``event`` group by :mod:`.club`."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from scorekeeper.cli.common import JsonOpt, guarded
from scorekeeper.text import say, say_count

EventArg = Annotated[str, typer.Argument(help="The event's name (its file in events/).")]
RoundArg = Annotated[int, typer.Argument(help="The round's number.", min=1)]
TableArg = Annotated[int, typer.Argument(help="The table's number.", min=1)]
RoundOpt = Annotated[
    int | None, typer.Option("--round", "-r", help="The round (default: the last drawn).", min=1)
]
OutputOpt = Annotated[
    Path | None,
    typer.Option("--output", "-o", help="Write to this file instead of standard output."),
]
FORMATS = ("text", "markdown", "html", "csv", "json")


def check_format(value: str, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise typer.BadParameter(say("club.bad_format", format=value, formats=list(allowed)))
    return value


def emit_json(data: Any) -> None:
    from scorekeeper.cli import render

    render.emit_json(data)


def write_out(content: str, output: Path | None, data: bool = False) -> None:
    """``content`` to standard output (made inert there) or to the file ``output``: a
    sheet, CSV or page shows control characters as escapes, as the terminal does; ``data``
    (JSON) keeps them exact, escaped by its writer."""
    if output is None:
        sys.stdout.write(content)
        return
    from scorekeeper.matchlog.files import write_text
    from scorekeeper.shown import visible

    write_text(output, content if data else visible(content))
    typer.echo(say("club.written", path=str(output)))


def show_clock(clock: dict[str, Any] | None) -> None:
    """The round's time in words (nothing where the competition has no clock)."""
    from scorekeeper.view.club import clock_line

    if clock is not None:
        typer.echo(clock_line(clock))


def view_lang() -> str:
    from scorekeeper.text import language

    return language.current()


@guarded
def enter(
    name: EventArg,
    round_: RoundArg,
    table: TableArg,
    facts: Annotated[
        list[str], typer.Argument(help="KEY=VALUE facts of the game, as 'hand' takes them.")
    ],
    action: Annotated[
        list[str] | None,
        typer.Option("--action", "-a", help="An announcement or declaration, like 'Anna re'."),
    ] = None,
    second: Annotated[
        bool, typer.Option("--second", help="The second entry of this table, to compare.")
    ] = False,
    json_: JsonOpt = False,
) -> None:
    """Enter a table's game from its list (quick entry) and check the list at once.

    Example: scorekeeper event enter friday 1 2 re=Anna,Carla re_points=165 -a "Anna re"
    """
    from scorekeeper.cli import work
    from scorekeeper.club import event as ev
    from scorekeeper.club.clock import verify_in_time

    event = ev.read(name)
    played = event.round(round_)
    seat = played.table(table)
    verify_in_time(event.rules, played)
    path = seat.path()
    # a refused first hand of a second entry takes its file and the event's note away
    with ev.undone_on_failure([ev.path_of(name)]) as made:
        if second:
            path = _second_path(name, played.number, seat.number, made)
        work.hand(facts, action, False, path, json_)
    if not json_:
        event = ev.read(name)  # as it is now (a second entry names its file)
        played = event.round(round_)
        _show_list(event, played, played.table(table), second, last_only=True)


def _second_path(name: str, round_number: int, table_number: int, made: list[Path]) -> Path:
    """The table's second entry: made at its first use through the new-match code."""
    from scorekeeper import ruleset
    from scorekeeper.club import event as ev
    from scorekeeper.session.new import start_match

    with ev.editing(name) as event:
        seat = event.round(round_number).table(table_number)
        if not seat.second:
            seat.second = event.second_name(seat.match)
            rules = event.rules
            base = ruleset.load(rules.ruleset)
            _, path = start_match(
                base.with_options(ev.round_length(rules, base, len(seat.players))),
                rules.ruleset,
                seat.players,
                path=seat.path().parent / Path(seat.second).name,
                lang=event.lang or None,
            )
            made.append(path)
        return seat.path().parent / Path(seat.second).name


def _show_list(event: Any, played: Any, seat: Any, second: bool, *, last_only: bool) -> None:
    from scorekeeper.club.clock import clock_of
    from scorekeeper.club.lists import table_list

    checked = table_list(event, played, seat, second=second)
    clock = clock_of(event.rules, played)
    rows = [r for r in checked.rows if r.game]
    shown = rows[-1:] if last_only else checked.rows
    for row in shown:
        entries = ", ".join(f"{p} {n:+d}" for p, n in row.entries.items())
        key = "club.list_row" if row.game else "club.list_penalty"
        typer.echo(say(key, game=row.game, entries=entries))
        if row.vorgefuehrt:
            typer.echo("  " + say("club.was_vorgefuehrt", player=row.soloist))
        elif row.obligatory:
            typer.echo("  " + say("club.pflichtsolo", player=row.soloist))
        for finding in row.findings:
            typer.echo("  " + say("club.finding", words=finding.text()))
        if not row.findings and row.game and event.rules.lists == "ddv":
            typer.echo("  " + say("club.list_ok"))
    for note in checked.notes:
        typer.echo(note.text())
    typer.echo(say("club.round_length", games=checked.games, of=checked.of))
    if checked.missing_solos:
        typer.echo(say("club.solos_open", players=checked.missing_solos))
    if clock is not None and clock.behind(checked.games, checked.of):
        left = checked.of - checked.games
        typer.echo(say("club.behind", games=left, minutes=clock.left, table=seat.number))
    if last_only and clock is not None:
        show_clock(clock.to_dict())


@guarded
def check(
    name: EventArg,
    round_: RoundOpt = None,
    table: Annotated[
        int | None, typer.Option("--table", "-t", help="Only this table.", min=1)
    ] = None,
    json_: JsonOpt = False,
) -> None:
    """Check the lists of a round: every game and penalty, Pflichtsoli, the round's length.

    Exit 1 when a list does not add up. Example: scorekeeper event check friday --round 1
    """
    from scorekeeper.club import event as ev
    from scorekeeper.club.clock import clock_of
    from scorekeeper.club.lists import table_list

    event = ev.read(name)
    played = event.round(round_)
    seats = [played.table(table)] if table else played.tables
    lists = [table_list(event, played, s) for s in seats]
    clock = clock_of(event.rules, played)
    shown = clock.to_dict() if clock is not None else None
    if json_:
        emit_json([{**t.to_dict(), "clock": shown} for t in lists])
    else:
        show_clock(shown)
        for seat in seats:
            typer.echo(say("club.table_head", table=seat.number, players=seat.players))
            _show_list(event, played, seat, False, last_only=False)
    if not all(t.sound for t in lists):
        raise typer.Exit(1)


@guarded
def penalty(
    name: EventArg,
    round_: RoundArg,
    table: TableArg,
    player: Annotated[str, typer.Argument(help="Who is penalised.")],
    kind: Annotated[str, typer.Argument(help="minor, serious or conduct.")],
    announcements: Annotated[
        int,
        typer.Option(
            "--announcements", help="A serious slip: the other side's announcements.", min=0, max=5
        ),
    ] = 0,
    soloist: Annotated[
        str | None, typer.Option("--soloist", help="A solo: the soloist the slip hurt.")
    ] = None,
    points: Annotated[
        int, typer.Option("--points", help="Unsporting conduct: how many points (up to 12).")
    ] = 0,
    game: Annotated[int, typer.Option("--game", help="The game it happened in.", min=0)] = 0,
    json_: JsonOpt = False,
) -> None:
    """Enter penalty points (DDV): minor -3 (+1 each other), serious -12 (-3 more per
    announcement of the other side; the others share it), conduct up to -12 alone.

    Example: scorekeeper event penalty friday 1 2 Ben minor
    """
    from scorekeeper.club import event as ev
    from scorekeeper.club.lists import dealer_of, penalty_entries

    with ev.editing(name) as event:
        seat = event.round(round_).table(table)
        who = event.player(player)
        made = ev.Penalty(
            round_,
            table,
            who,
            kind,
            soloist=event.player(soloist) if soloist else "",
            announcements=announcements,
            points=points,
            game=game,
        )
        event.verify_penalty(made)
        sitter = dealer_of(seat, game) if len(seat.players) > 4 else ""
        made.others = [p for p in seat.players if p not in (who, sitter)]
        event.add_penalty(made)
        entries = penalty_entries(event.rules.penalties, made, made.others)
    if json_:
        emit_json({"penalty": made.__dict__, "entries": entries})
        return
    shown = ", ".join(f"{p} {n:+d}" for p, n in entries.items())
    typer.echo(say("club.penalty_entered", player=who, entries=shown))


@guarded
def compare(name: EventArg, round_: RoundArg, table: TableArg, json_: JsonOpt = False) -> None:
    """Compare a table's two entries (entered with --second) game by game.

    Exit 1 when they differ. Example: scorekeeper event compare friday 1 2
    """
    from scorekeeper.club import event as ev
    from scorekeeper.club.lists import compare as differences

    event = ev.read(name)
    played = event.round(round_)
    seat = played.table(table)
    if not seat.second:
        raise ev.refuse("club.no_second", "compare", table=table, round=round_)
    found = differences(event, played, seat)
    if json_:
        emit_json({"same": not found, "differences": [r.to_dict() for r in found]})
    elif found:
        typer.echo(say_count("club.differ", len(found)))
        for reason in found:
            typer.echo("  " + reason.text())
    else:
        typer.echo(say("club.same"))
    if found:
        raise typer.Exit(1)


def _render(data: dict[str, Any], format_: str, output: Path | None) -> None:
    from scorekeeper.view import club as views

    if format_ == "json":
        import json

        write_out(json.dumps(data, indent=2, ensure_ascii=False) + "\n", output, data=True)
    elif format_ == "csv":
        write_out(views.standings_csv(data), output)
    elif format_ == "markdown":
        write_out(views.standings_markdown(data), output)
    elif format_ == "html":
        write_out(views.standings_html(data, view_lang()), output)
    else:
        write_out(views.standings_text(data), output)


@guarded
def standings(
    name: EventArg,
    round_: RoundOpt = None,
    only_round: Annotated[bool, typer.Option("--only-round", help="That round alone.")] = False,
    format_: Annotated[
        str, typer.Option("--format", "-f", help="text, markdown, html, csv or json.")
    ] = "text",
    output: OutputOpt = None,
    json_: JsonOpt = False,
) -> None:
    """The standings of the evening (up to --round), or of one round alone.

    Example: scorekeeper event standings friday --format html -o standings.html
    """
    from scorekeeper.club import event as ev
    from scorekeeper.club.standings import standings_data

    check_format(format_, FORMATS)
    data = standings_data(ev.read(name), round_, only_round=only_round)
    _render(data, "json" if json_ else format_, output)


@guarded
def season(
    season_: Annotated[str, typer.Argument(help="The season, as the events' --season says.")],
    format_: Annotated[
        str, typer.Option("--format", "-f", help="text, markdown, html, csv or json.")
    ] = "text",
    output: OutputOpt = None,
    json_: JsonOpt = False,
) -> None:
    """The season's standings over its events, counted by the competition's rule.

    Example: scorekeeper event season 2026 --format csv -o season.csv
    """
    from scorekeeper.club import event as ev
    from scorekeeper.club.standings import season as counted

    check_format(format_, FORMATS)
    found = [e for e in ev.events() if e.season == season_]
    if not found:
        raise ev.refuse("club.no_season", kind="usage", season=season_)
    rules = found[0].rules
    lines = counted(found)
    data: dict[str, Any] = {
        "kind": "season",
        "season": season_,
        "competition": rules.id,
        "events": [e.name for e in found],
        "count": say(f"club.count.{rules.season_count}", best=rules.season_best),
        "lines": [line.to_dict() for line in lines],
    }
    if json_ or format_ == "json":
        data["count"] = {"rule": rules.season_count, "best": rules.season_best}
    _render(data, "json" if json_ else format_, output)


@guarded
def settle(
    name: EventArg,
    steps_given: Annotated[
        str | None,
        typer.Option(
            "--loss-money",
            help="Other steps than the competition's: 0.50, or 0.50,4:1.00 (1.00 from the "
            "fourth lost game on).",
        ),
    ] = None,
    json_: JsonOpt = False,
) -> None:
    """Loss money of the evening: each player's lost games at the competition's steps.

    Example: scorekeeper event settle friday
    """
    from scorekeeper.cli.settle import parse_loss_money
    from scorekeeper.club import event as ev
    from scorekeeper.club.standings import evening_lines
    from scorekeeper.settle import loss_money, money

    given = parse_loss_money(steps_given) if steps_given is not None else None
    event = ev.read(name)
    steps = given or event.rules.loss_steps
    if not steps:
        raise ev.refuse("club.no_loss_money", "money", competition=event.rules.id)
    lost = {line.player: line.lost for line in evening_lines(event)}
    owed = loss_money(lost, steps)
    if json_:
        emit_json(
            {
                "lost": lost,
                "cents": owed,
                "amounts": {p: money(c) for p, c in owed.items()},
                "total": money(sum(owed.values())),
                "steps": [{"from": first, "amount": str(amount)} for first, amount in steps],
            }
        )
        return
    from scorekeeper.view.words import money as shown

    for player, cents in owed.items():
        typer.echo(say_count("settle.loss_line", lost[player], player=player, amount=shown(cents)))
    typer.echo(say("settle.loss_total", amount=shown(sum(owed.values()))))
