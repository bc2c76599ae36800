"""Commands that read a match: ``status``, ``score`` and ``check``; they never write."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from scorekeeper.cli.common import JsonOpt, MatchOpt, guarded, match_path

if TYPE_CHECKING:
    from scorekeeper.session import Session


@guarded
def status(match: MatchOpt = None, json_: JsonOpt = False) -> None:
    """Show the hand in progress: tricks, announcements, shown voids, whose turn.

    Example: scorekeeper status
    """
    from scorekeeper.cli import render
    from scorekeeper.session import Session

    session = Session.open(match_path(match))
    if json_:
        render.emit_json(status_data(session))
        return
    show_status(session)


def status_data(session: Session) -> dict[str, Any]:
    """The hand in progress, the running totals, who sits out, who is to bid or choose
    (``to_act``, when nobody is to play a card) and whether the match is over."""
    from scorekeeper.cli import render

    hand = session.current_hand()
    m = session.match
    data = render.hand_status(hand)
    data["totals"] = m.totals()
    data["sits_out"] = [p for p in m.players if p not in hand.players]
    waiting = not hand.finished and hand.to_play() is None
    actors = [a.actor for a in hand.legal_actions() if not a.is_play] if waiting else []
    data["to_act"] = list(dict.fromkeys(actors))
    data["over"] = m.over()
    return data


def show_status(session: Session) -> None:
    """The status for people: the hand, then who sits out, who acts, totals, match over."""
    from scorekeeper.cli import render
    from scorekeeper.table.words import say, signed, winner_line

    data = status_data(session)
    hand = session.current_hand()
    if data["over"]:
        typer.echo(say("table.status.over", reason=data["over"]))
        typer.echo(winner_line(data["totals"]))
    else:
        render.status(data)
        if data["sits_out"]:
            typer.echo(say("table.status.sits_out", players=data["sits_out"]))
        if data["to_act"]:
            typer.echo(say("table.status.to_act", what=hand.game.why_not_ready()))
    typer.echo(say("table.status.totals", totals=signed(data["totals"])))


@guarded
def score(
    match: MatchOpt = None,
    json_: JsonOpt = False,
    chart: Annotated[
        bool, typer.Option("--chart", help="Draw the running totals below the sheet.")
    ] = False,
    all_: Annotated[
        bool, typer.Option("--all", help="Show every hand's row, not only the last 30.")
    ] = False,
) -> None:
    """Show the score sheet in the game's own form: one row per hand, the result winner
    first, running totals, progress to the end of the match, then each hand's value.

    Example: scorekeeper score --chart
    """
    from scorekeeper.cli import render
    from scorekeeper.session import Session

    session = Session.open(match_path(match))
    m = session.match
    if json_:
        render.emit_json(render.sheet_dict(m))
        return
    render.score_sheet(m, chart=chart, every=all_)  # the sheet's words: the view's language


@guarded
def check(
    file: Annotated[Path, typer.Argument(help="The match file to check.")],
    strict: Annotated[
        bool, typer.Option("--strict", help="Count a recorded revoke as a problem too.")
    ] = False,
    json_: JsonOpt = False,
) -> None:
    """Check a match file (for instance after editing it by hand); exit 0 if it is sound.

    Every independent problem is listed. A recorded revoke is reported but, as when it was
    recorded, is a scored fact, not an error (unless --strict).
    Example: scorekeeper check match.toml
    """
    from scorekeeper.cli import render
    from scorekeeper.session.check import check as check_file

    report = check_file(file, strict=strict)
    if json_:
        render.emit_json(report.to_dict())
    else:
        for p in report.problems:
            render.error(p)
        for w in report.warnings:
            render.warn(w)
        if report.ok:
            hands = report.hands
            typer.echo(f"{file}: ok ({hands} hand{'s' if hands != 1 else ''})")
    if not report.ok:
        raise typer.Exit(1)
