"""Commands that start a match: ``new`` and ``demo``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from scorekeeper.cli.common import JsonOpt, SetOpt, guarded, options, price_option
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
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help="The match's language for cards and words typed: de, nl or en "
            "(default: $SCOREKEEPER_LANG, else the locale, else en).",
        ),
    ] = None,
    price: Annotated[
        float | None,
        price_option("Price per point for settling up at the end ('scorekeeper settle')."),
    ] = None,
    json_: JsonOpt = False,
) -> None:
    """Start a match; it becomes the current match.

    Example: scorekeeper new doppelkopf Anna Ben Carla Dirk --set fox=false --lang de
    """
    from scorekeeper import ruleset as rs
    from scorekeeper.lang import DEFAULT, resolve_lang
    from scorekeeper.reasons import because
    from scorekeeper.session.names import spelled
    from scorekeeper.session.new import missing_folders, start_match

    chosen = resolve_lang(lang)
    if lang:  # the match's language from its first word: a refused start says it so too
        from scorekeeper.text import language as view

        view.use_match(chosen, players)
    if dealer is not None:  # --dealer anna: the name as the table spells it
        dealer = spelled(dealer, players) or dealer
    rules = rs.load(ruleset, options(set_, options_file, ruleset, chosen))
    warn_unknown_keys(rules)
    stored = chosen if lang or chosen != DEFAULT else None
    created = missing_folders(match) if match is not None else []
    log, path = start_match(rules, ruleset, players, dealer, match, lang=stored, price=price)
    _warn_absolute_ruleset(log.ruleset, path)
    if created:  # said, so that a mistyped folder does not go unnoticed
        told = because("new.created_folders", folders=[str(created[-1])])
        typer.echo(told.text(), err=True)
    from scorekeeper.session import Session
    from scorekeeper.table.words import opening, opening_lines

    first = opening(Session.open(path).match)
    if json_:
        from scorekeeper.cli import render

        render.emit_json(
            {
                "match": str(path),
                "ruleset": rules.id,
                "players": players,
                "first_dealer": log.first_dealer,
                "options": rules.overrides,
                "lang": chosen,
                "price": price,
                "first_leader": first["leader"],
                "first_to_act": first["first_to_act"],
                "sits_out": first["sits_out"],
                "partners": first["partners"],
            }
        )
        return
    typer.echo(say("cli.new_match", name=rules.name, players=players, dealer=log.first_dealer))
    if chosen != DEFAULT:
        from scorekeeper.lang import language

        typer.echo(str(because("lang.new_lang", None, name=language(chosen).name, lang=chosen)))
    for line in opening_lines(first):
        typer.echo(line)
    typer.echo(say("cli.match_file", path=path))


@guarded
def demo(
    ruleset: Annotated[str, typer.Argument(help="Rule set to demonstrate.")] = "doppelkopf",
    hands: Annotated[
        int, typer.Option(min=0, help="How many hands to play.", show_envvar=False)
    ] = 4,
    seed: Annotated[
        int, typer.Option(help="Random seed, to repeat a demo exactly.", show_envvar=False)
    ] = 1,
    match: Annotated[
        Path | None, typer.Option("--match", "-m", help="Write the demo match here.")
    ] = None,
    current: Annotated[
        bool,
        typer.Option("--current", help="Make the demo the current match (by default it is not)."),
    ] = False,
    json_: JsonOpt = False,
) -> None:
    """Play a few random legal hands into a new match file and show the score sheet.

    The demo does not become the current match unless --current asks: the match at the
    table stays where it was. Example: scorekeeper demo --hands 3
    """
    from scorekeeper import ruleset as rs
    from scorekeeper.cli import render
    from scorekeeper.session import Session
    from scorekeeper.session.demo import play_demo

    rules = rs.load(ruleset)
    path = play_demo(rules, hands, seed, match, current=current)
    m = Session.open(path).match
    if json_:
        from scorekeeper.export import emit_sheet

        emit_sheet(m, {"match": str(path)})
        return
    render.score_sheet(m)
    typer.echo(say("cli.demo_written" if current else "cli.demo_aside", path=path))


def _warn_absolute_ruleset(ruleset: str, path: Path) -> None:
    """A match made in the data folder (which may be shared or synced) with a rule-set
    file outside it names that file by its absolute path, as older matches did and still
    load: say that another computer reads another file there, or none (issue 25)."""
    from scorekeeper.rules.source import data_home, lexically_in

    outside = ruleset.endswith(".toml") and Path(ruleset).is_absolute()
    if outside and lexically_in(path, data_home()):
        from scorekeeper.cli import render

        folder = Path(os.path.abspath(path)).parent
        render.warn(say("folder.ruleset_absolute", used=ruleset, folder=str(folder)))
