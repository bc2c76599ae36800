"""The ``event`` commands: a club night or tournament from registration to printed
standings. They parse words, ask :mod:`scorekeeper.club` and render; each table's
games are entered into its own match file (``event enter``, or any command with
``--match``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Annotated, Any

import typer

from scorekeeper.cli import club_results as results
from scorekeeper.cli.club_results import (
    EventArg,
    OutputOpt,
    RoundOpt,
    check_format,
    emit_json,
    show_clock,
    view_lang,
    write_out,
)
from scorekeeper.cli.common import JsonOpt, guarded
from scorekeeper.errors import ScorekeeperError
from scorekeeper.text import say

event_app = typer.Typer(
    help="Club nights, tournaments and seasons: register, draw seats, enter, check, rank.",
    no_args_is_help=True,
)


@event_app.command("competitions")
@guarded
def competitions(
    name: Annotated[
        str | None,
        typer.Argument(help="One competition: its rules and what no source said, in full."),
    ] = None,
    json_: JsonOpt = False,
) -> None:
    """List the competitions (presets and the club's own files in competitions/).

    Example: scorekeeper event competitions ddv-tournament
    """
    from scorekeeper.club.competition import available, load

    found = [load(name)] if name is not None else _loadable(available(), load)
    if json_:
        emit_json([c.to_dict() for c in found])
        return
    for c in found:
        typer.echo(
            say(
                "club.competition_line",
                id=c.id,
                name=c.title(view_lang()),
                rounds=c.rounds,
                tables=list(c.tables),
            )
        )
    if name is not None:
        _show_rules(found[0])


def _loadable(names: Iterable[str], load: Callable[[str], Any]) -> list[Any]:
    """Every competition that can be read; one broken file (in the club's shared folder)
    is named in a warning and does not hide the others, as ``rules list`` does."""
    from scorekeeper.cli import render

    found = []
    for one in names:
        try:
            found.append(load(one))
        except ScorekeeperError as exc:
            render.warn(say("club.competition_broken", name=one, error=exc.message))
    return found


def _show_rules(competition: Any) -> None:
    """A competition's notes and the rules no source gave (how they were decided), in
    the view's language (the shipped presets' words are in the catalogue)."""
    from scorekeeper.cli.render import own

    for key, texts in (("notes", competition.notes), ("unsourced", competition.unsourced)):
        if texts:
            typer.echo(say(f"club.competition.{key}"))
            for text in texts:
                typer.echo(f"  - {own(text)}")


@event_app.command("new")
@guarded
def new(
    name: EventArg,
    competition: Annotated[str, typer.Argument(help="The competition: see 'event competitions'.")],
    season: Annotated[str, typer.Option("--season", help="The season it counts for.")] = "",
    seed: Annotated[int, typer.Option("--seed", help="Seed of the seat draws.")] = 0,
    set_: Annotated[
        list[str] | None,
        typer.Option("--set", "-s", help="Change a rule: --set rounds=4, games=8, tables=4,5."),
    ] = None,
    match_lang: Annotated[
        str | None, typer.Option("--match-lang", help="The tables' language: de, nl or en.")
    ] = None,
    json_: JsonOpt = False,
) -> None:
    """Start an event of a competition; players are registered next.

    Example: scorekeeper event new friday doppelkopf-club --season 2026
    """
    from scorekeeper.club import event as ev
    from scorekeeper.club.competition import OVERRIDABLE
    from scorekeeper.lang.typed import setting_key
    from scorekeeper.text import language

    overrides = {}
    for pair in set_ or []:
        key, sep, value = pair.partition("=")
        if not sep:
            raise typer.BadParameter(say("club.bad_set", given=pair))
        for lang in (language.typed(), match_lang or language.ENGLISH):  # --set Runden=4
            key = setting_key(key.strip(), OVERRIDABLE, lang)
        overrides[key] = value.strip()
    if match_lang is not None and match_lang not in ("de", "nl", "en"):
        raise typer.BadParameter(
            say("cli.bad_lang", value=match_lang, languages=["de", "nl", "en"])
        )
    made = ev.new(
        name, competition, season=season, seed=seed, overrides=overrides, lang=match_lang or ""
    )
    path = ev.create(made)
    rules = made.rules
    if json_:
        emit_json({"event": made.name, "path": str(path), "competition": rules.to_dict()})
        return
    typer.echo(
        say("club.created", event=made.name, competition=rules.title(view_lang()), path=str(path))
    )


@event_app.command("register")
@guarded
def register(
    name: EventArg,
    players: Annotated[list[str], typer.Argument(help="The players' names, one word each.")],
    substitute_for: Annotated[
        str | None, typer.Option("--substitute-for", help="The member this player stands in for.")
    ] = None,
    json_: JsonOpt = False,
) -> None:
    """Register players once for the whole event.

    Example: scorekeeper event register friday Anna Ben Carla Dirk Emil
    """
    from scorekeeper.club import event as ev

    with ev.editing(name) as event:
        added = event.register(players, substitute_for)
        everyone = list(event.players)
    if json_:
        emit_json({"registered": added, "players": everyone})
        return
    typer.echo(say("club.registered", players=added, count=len(everyone)))


@event_app.command("pair")
@guarded
def pair(
    name: EventArg,
    first: Annotated[str, typer.Argument(help="One player of the pair.")],
    second: Annotated[str, typer.Argument(help="The other player of the pair.")],
    json_: JsonOpt = False,
) -> None:
    """Fix a pair for the evening (pairs competitions: the pair moves together).

    Example: scorekeeper event pair friday Anna Ben
    """
    from scorekeeper.club import event as ev

    with ev.editing(name) as event:
        made = event.pair(first, second)
    if json_:
        emit_json({"pair": made})
        return
    typer.echo(say("club.paired_now", players=made))


@event_app.command("absent")
@guarded
def absent(
    name: EventArg,
    player: Annotated[str, typer.Argument(help="The registered player who is absent.")],
    notified: Annotated[bool, typer.Option("--notified", help="The absence was notified.")] = False,
    json_: JsonOpt = False,
) -> None:
    """Mark a registered player absent for the whole evening.

    Example: scorekeeper event absent friday Emil --notified
    """
    from scorekeeper.club import event as ev

    with ev.editing(name) as event:
        who = event.mark_absent(player, notified)
    if json_:
        emit_json({"absent": who, "notified": notified})
        return
    typer.echo(say("club.absent_now" if not notified else "club.absent_notified", player=who))


def _plan(event: Any, played: Any) -> dict[str, Any]:
    from scorekeeper import ruleset
    from scorekeeper.club.clock import clock_of

    rules = event.rules
    clock = clock_of(rules, played)
    on_top = bool(ruleset.load(rules.ruleset).options.get("obligatory_solos"))
    return {
        "event": event.name,
        "round": played.number,
        "seed": played.seed,
        "tables": [
            {
                "table": t.number,
                "players": list(t.players),
                "match": t.match,
                "games": rules.games_at(len(t.players)),
                # the slip's rows: a Pflichtsolo of each player may come on top
                "lines": rules.games_at(len(t.players)) + (len(t.players) if on_top else 0),
            }
            for t in played.tables
        ],
        "sitting_out": list(played.sitting_out),
        "absent": list(played.absent),
        "clock": clock.to_dict() if clock is not None else None,
    }


@event_app.command("draw")
@guarded
def draw(
    name: EventArg,
    absent_now: Annotated[
        list[str] | None, typer.Option("--absent", help="Not here this round (repeatable).")
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of this draw.")] = None,
    json_: JsonOpt = False,
) -> None:
    """Draw the next round's seats and make each table's match file.

    Partners and opponents repeat as little as the players allow; whoever cannot be
    seated sits out (who sat out least first). Example: scorekeeper event draw friday
    """
    from scorekeeper.club import draw as drawing
    from scorekeeper.club import event as ev

    # the tables' files go again if anything after them fails (the event file unwritten)
    with ev.undone_on_failure() as made, ev.editing(name) as event:
        played = event.draw(absent_now or [], seed)
        ev.open_tables(event, played, made)
        plan = _plan(event, played)
        history = [[t.players for t in r.tables] for r in event.rounds]
        plan["repeats"] = drawing.repeats(history, partners=event.rules.partners == "drawn")
    if json_:
        emit_json(plan)
        return
    _show_plan(plan)


def _show_plan(plan: dict[str, Any]) -> None:
    typer.echo(say("club.seat_plan", event=plan["event"], round=plan["round"]))
    for table in plan["tables"]:
        seats = ", ".join(f"{i}. {p}" for i, p in enumerate(table["players"], 1))
        typer.echo("  " + say("club.table_line", table=table["table"], seats=seats))
    from scorekeeper.view.club import footer

    for line in footer(plan):
        typer.echo(line)
    if "repeats" in plan:
        typer.echo(say("club.repeats", count=plan["repeats"]))
    show_clock(plan["clock"])


@event_app.command("start")
@guarded
def start(
    name: EventArg,
    round_: RoundOpt = None,
    at: Annotated[
        str | None,
        typer.Option("--at", help="When it began: 19:05 (today) or a date and time (ISO)."),
    ] = None,
    json_: JsonOpt = False,
) -> None:
    """Start the round's clock now (or say when the round began): the round's time is
    shown by draw, tables, enter and check, and the competition's rule applies once it
    is over.

    Example: scorekeeper event start friday --round 2 --at 20:15
    """
    from scorekeeper.club import clock as clocks
    from scorekeeper.club import event as ev

    when = clocks.parse_start(at) if at is not None else ev.now()
    with ev.editing(name) as event:
        played = event.start_round(round_, when)
        clock = clocks.clock_of(event.rules, played)
    data = clock.to_dict() if clock is not None else None
    if json_:
        emit_json({"round": played.number, "started": played.started, "clock": data})
        return
    typer.echo(say("club.started", round=played.number, start=f"{when:%H:%M}"))
    if data is None:
        typer.echo(say("club.no_clock"))
    show_clock(data)


@event_app.command("tables")
@guarded
def tables(
    name: EventArg,
    round_: RoundOpt = None,
    format_: Annotated[
        str, typer.Option("--format", "-f", help="text, markdown or html.")
    ] = "text",
    slips: Annotated[
        bool, typer.Option("--slips", help="Table slips to fill in, one per table.")
    ] = False,
    output: OutputOpt = None,
    json_: JsonOpt = False,
) -> None:
    """The seat plan of a round (or its table slips), with each table's match file.

    Example: scorekeeper event tables friday --round 2 --format html -o plan.html
    """
    from scorekeeper.club import event as ev
    from scorekeeper.view import club as views

    check_format(format_, ("text", "markdown", "html"))
    event = ev.read(name)
    plan = _plan(event, event.round(round_))
    if json_:
        emit_json(plan)
        return
    if format_ == "text":
        _show_plan(plan)
        for table in plan["tables"]:
            typer.echo(say("club.match_file", table=table["table"], path=table["match"]))
        return
    if format_ == "markdown":
        write_out(views.slips_markdown(plan) if slips else views.seat_plan_markdown(plan), output)
    else:
        write_out(
            views.slips_html(plan, view_lang())
            if slips
            else views.seat_plan_html(plan, view_lang()),
            output,
        )


@event_app.command("serve")
@guarded
def serve(
    name: EventArg,
    lan: Annotated[
        bool,
        typer.Option("--lan", help="Let the screens and phones on this computer's network in."),
    ] = False,
    port: Annotated[int, typer.Option(help="The port to listen on (0: any free one).")] = 8738,
    stop_after: Annotated[
        float | None, typer.Option("--stop-after", hidden=True, help="Stop after so many seconds.")
    ] = None,
) -> None:
    """Serve the event's standings live to a screen in the hall and any phone: a page
    that reads only, updated as the tables' games are entered.

    Example: scorekeeper event serve friday --lan
    """
    from scorekeeper.club import event as ev

    try:
        from scorekeeper.serve.hall import Board, Hall
    except ImportError:
        typer.echo(say("serve.no_extra"), err=True)
        raise typer.Exit(2) from None
    event = ev.read(name)  # refused now when there is no such event
    board = Board(lambda: _hall_files(name), lambda lang: _hall_page(name))
    try:
        hall = Hall(board, lan=lan, port=port, title=event.name)
    except OSError as err:
        typer.echo(str(err), err=True)
        raise typer.Exit(1) from None
    hall.run(stop_after)


def _hall_files(name: str) -> list[Any]:
    """The files the hall's page is made of: the event's and each table's match file."""
    from scorekeeper.club import event as ev
    from scorekeeper.errors import ScorekeeperError

    try:
        event = ev.read(name)
    except ScorekeeperError:
        return [ev.path_of(name)]
    tables = [t.path() for r in event.rounds for t in r.tables]
    return [ev.path_of(name), *tables]


def _hall_page(name: str) -> str:
    """The live part of the hall's page, in the language being spoken: the standings
    after the rounds drawn and the last round's time; or what stops them being read."""
    from html import escape

    from scorekeeper.club import event as ev
    from scorekeeper.club.clock import clock_of
    from scorekeeper.club.standings import standings_data
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.view.club import hall_fragment

    try:
        event = ev.read(name)
        data = standings_data(event)
        clock = clock_of(event.rules, event.rounds[-1]) if event.rounds else None
    except ScorekeeperError as err:
        return f'<p class="problem">{escape(str(err))}</p>'
    return hall_fragment(data, clock.to_dict() if clock is not None else None)


for _name in ("enter", "check", "penalty", "compare", "standings", "season", "settle"):
    event_app.command(_name)(getattr(results, _name))
