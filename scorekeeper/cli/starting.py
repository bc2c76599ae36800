"""Commands that start a match: ``new`` and ``demo``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from scorekeeper.cli.common import JsonOpt, SetOpt, guarded, options
from scorekeeper.cli.rules import warn_unknown_keys
from scorekeeper.text import say


@guarded
def new(
    ruleset: Annotated[
        str, typer.Argument(help="Rule set id (see 'scorekeeper rules list') or a rule set file.")
    ],
    players: Annotated[list[str], typer.Argument(help="Players in seating order, clockwise.")],
    dealer: Annotated[
        str | None, typer.Option(help="Who deals first (default: the first player).")
    ] = None,
    set_: SetOpt = None,
    options_file: Annotated[
        Path | None, typer.Option("--options", help="TOML file of option values for this match.")
    ] = None,
    match: Annotated[
        Path | None,
        typer.Option(
            "--match", "-m", help="Write the match to this file instead of the data folder."
        ),
    ] = None,
    json_: JsonOpt = False,
) -> None:
    """Start a match; it becomes the current match.

    Example: scorekeeper new doppelkopf Anna Ben Carla Dirk --set fox=false
    """
    from scorekeeper import ruleset as rs
    from scorekeeper.session.new import start_match

    rules = rs.load(ruleset, options(set_, options_file))
    warn_unknown_keys(rules)
    log, path = start_match(rules, ruleset, players, dealer, match)
    if json_:
        from scorekeeper.cli import render

        render.emit_json(
            {
                "match": str(path),
                "ruleset": rules.id,
                "players": players,
                "first_dealer": log.first_dealer,
                "options": rules.overrides,
            }
        )
        return
    typer.echo(say("cli.new_match", name=rules.name, players=players, dealer=log.first_dealer))
    typer.echo(say("cli.match_file", path=path))


@guarded
def demo(
    ruleset: Annotated[str, typer.Argument(help="Rule set to demonstrate.")] = "doppelkopf",
    hands: Annotated[int, typer.Option(min=0, help="How many hands to play.")] = 4,
    seed: Annotated[int, typer.Option(help="Random seed, to repeat a demo exactly.")] = 1,
    match: Annotated[
        Path | None, typer.Option("--match", "-m", help="Write the demo match here.")
    ] = None,
    json_: JsonOpt = False,
) -> None:
    """Play a few random legal hands into a new match file and show the score sheet.

    Example: scorekeeper demo --hands 3
    """
    from scorekeeper import ruleset as rs
    from scorekeeper.cli import render
    from scorekeeper.session import Session
    from scorekeeper.session.demo import play_demo

    rules = rs.load(ruleset)
    path = play_demo(rules, hands, seed, match)
    data = render.sheet_dict(Session.open(path).match)
    if json_:
        data["match"] = str(path)
        render.emit_json(data)
        return
    render.sheet(data, rules.name)
    typer.echo(say("cli.demo_written", path=path))
