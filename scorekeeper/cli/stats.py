"""``scorekeeper stats``: figures per player over every match of the data folder."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Annotated, Any

import typer

from scorekeeper.cli.archive import say
from scorekeeper.cli.common import JsonOpt, guarded
from scorekeeper.text import say_count

if TYPE_CHECKING:
    from scorekeeper.stats.figures import MatchFigures
    from scorekeeper.stats.summary import PlayerStats, Stats

SUBS = ("played", "won", "made", "good", "nat", "n")
ORDER = (
    "re",
    "contra",
    "solo",
    "announce",
    "extra",
    "maker",
    "pit",
    "roem",
    "bella",
    "sequences",
    "knock",
    "lone",
    "all_tricks",
    "double",
)
"""The order of each family's lines; a count of a kind not listed here comes last."""


def _since(value: str | None) -> date | None:
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.reasons import because

    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise ScorekeeperError(
            because("stats.bad_date", value=value), rule="stats", kind="usage"
        ) from None


@guarded
def stats(
    game: Annotated[
        str | None,
        typer.Option("--game", "-g", help="Only this game: a rule set id or a family."),
    ] = None,
    player: Annotated[
        str | None, typer.Option("--player", "-p", help="Only this player's figures.")
    ] = None,
    since: Annotated[
        str | None, typer.Option("--since", help="Only matches started on or after YYYY-MM-DD.")
    ] = None,
    demo: Annotated[
        bool, typer.Option("--demo", help="Count demo matches too (left out otherwise).")
    ] = False,
    json_: JsonOpt = False,
) -> None:
    """Statistics per player over every match of the data folder, archived ones included.

    Hands won and lost, points, best and worst hand, runs, partners, and each game's own
    figures, per game (points of different games are never added up). Demo matches are
    left out unless --demo is given. Example: scorekeeper stats --game doppelkopf --since 2026-11-01
    """
    from scorekeeper import store
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.reasons import because
    from scorekeeper.stats.summary import gather

    day = _since(since)
    every = store.every_figures()
    _known_game(game, [figures for _, figures in every if figures.problem is None])
    if player is not None:
        player = _named(player, [figures for _, figures in every if figures.problem is None])
    result = gather(every, game=game, player=player, since=day, demo=demo)
    if player is not None and player not in result.players:
        raise ScorekeeperError(
            because("stats.no_player", player=player), rule="stats", kind="usage"
        )
    if json_:
        from scorekeeper.cli import render

        data = result.to_dict()
        data["filters"] = {"game": game, "player": player, "since": since, "demo": demo}
        render.emit_json(data)
        return
    _show(result)


def _named(player: str, every: list[MatchFigures]) -> str:
    """The player as the matches spell them, in any case (``--player anna``); a near miss
    is refused with the name meant."""
    from scorekeeper.session.names import player as named

    seen = list(dict.fromkeys(p for figures in every for p in figures.players))
    return named(player, seen, where="--player") if seen else player


def _known_game(game: str | None, every: list[MatchFigures]) -> None:
    """Refuse a game that no match of the data folder plays (a typo, most likely)."""
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.reasons import because
    from scorekeeper.stats.summary import plays

    if game is None or any(plays(figures, game) for figures in every):
        return
    if not every:  # nothing to list: say so plainly
        why = because("stats.no_match_yet", game=game)
        raise ScorekeeperError(why, rule="stats", kind="usage")
    games = ", ".join(sorted({figures.rules_id for figures in every})) or "-"
    raise ScorekeeperError(
        because("stats.no_game", game=game, games=games), rule="stats", kind="usage"
    )


def _show(result: Stats) -> None:
    from scorekeeper.cli import render

    for name, problem in result.skipped:
        render.warn(say("stats.skipped", name=name, message=problem.get("message", "")))
    if result.demos:
        typer.echo(say_count("stats.demos", result.demos, n=result.demos))
    if not result.hands:
        typer.echo(say("stats.nothing"))
        return
    games = ", ".join(
        say_count("stats.game_count", n, game=_ruleset_words(result.names.get(g, g)), n=n)
        for g, n in result.games.items()
    )
    typer.echo(say("stats.header", matches=result.matches, hands=result.hands, games=games))
    played = {family: one for family, one in result.by_game.items() if one.hands}
    for family, one in sorted(played.items()):
        if len(played) > 1:  # each game on its own: points of one scale only
            typer.echo("")
            head = say(
                "stats.game_header",
                game=_ruleset_words(one.name or family),
                matches=one.matches,
                hands=one.hands,
            )
            typer.echo(head)
        for name, figures in sorted(one.players.items()):
            typer.echo("")
            typer.echo(name)
            for line in _lines(figures):
                typer.echo(f"  {line}")


def _signed(n: int | None) -> str:
    return "-" if n is None else f"{n:+d}"


def _lines(f: PlayerStats) -> list[str]:
    from scorekeeper.view.words import decimal

    lines = [
        say(
            "stats.player.hands",
            matches=f.matches,
            hands=f.hands,
            won=f.won,
            lost=f.lost,
            tied=f.tied,
        ),
        say(
            "stats.player.points",
            points=f.points,
            average="-" if f.average is None else decimal(f.average),
            best=_signed(f.best),
            worst=_signed(f.worst),
        ),
        say("stats.player.streaks", won=f.streak("W"), lost=f.streak("L")),
    ]
    if f.partners:
        partners = ", ".join(
            say("stats.partner", name=q, won=w, together=t)
            for q, (t, w) in sorted(f.partners.items())
        )
        lines.append(say("stats.player.partners", partners=partners))
    lines.extend(_specials(f.special))
    return lines


def _specials(special: dict[str, int]) -> list[str]:
    """Each family's counts, grouped: ``solo.played:queens`` and ``solo.won:queens`` make
    one line ``solo queens: won 1 of 2``."""
    groups: dict[tuple[str, str], dict[str, Any]] = {}
    for key, n in special.items():
        name, _, kind = key.partition(":")
        base, _, sub = name.partition(".")
        group = groups.setdefault((base, kind), dict.fromkeys(SUBS, 0))
        group[sub or "n"] = n
    lines = []
    rank = {base: i for i, base in enumerate(ORDER)}
    for (base, kind), params in sorted(groups.items(), key=lambda g: (rank.get(g[0][0], 99), g[0])):
        done = params["made"] or params["won"]
        params["rate"] = round(100 * done / params["played"]) if params["played"] else 0
        lines.append(say(f"stats.special.{base}", kind=kind.replace("_", " "), **params))
    return lines


def _ruleset_words(name: str) -> str:
    """A rule set by its name in the view's language (``Doppelkopf (DDV-Turnierregeln)``),
    never its id."""
    from scorekeeper.lang.terms import ruleset_name
    from scorekeeper.text import language

    return ruleset_name(name, language.current())
