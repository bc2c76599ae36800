"""Commands that record what happens at the table: cards, tricks, announcements,
declarations, raw actions, deals, quick hands, and corrections (``undo``, ``amend``).

Each opens the match through the session (lock, read, replay, change, verify, write) and
renders what was recorded. What the table's commands do is :mod:`.work` (shared with the
quick path, :mod:`.quick`); here are their words as Typer reads them, and ``amend``.
"""

from __future__ import annotations

from typing import Annotated

import click
import typer
from typer.core import TyperCommand

from scorekeeper.cli import work
from scorekeeper.cli.common import JsonOpt, MatchOpt, echo, editing, guarded, typed_amendment
from scorekeeper.errors import ScorekeeperError
from scorekeeper.text import say


@guarded
def play(
    words: Annotated[
        list[str],
        typer.Argument(help="[PLAYER] CARD: the player may be left out when it is their turn."),
    ],
    match: MatchOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Record one card played, in the match's language (its name or short form).

    Examples: scorekeeper play QC  |  scorekeeper play Ben QC  |  scorekeeper play Ben Kreuz Dame
    """
    work.play(words, match, json_)


@guarded
def trick(
    cards: Annotated[
        list[str], typer.Argument(help="The cards in play order, starting with the player to play.")
    ],
    match: MatchOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Record a whole trick (or its rest) in play order; the leader is known from the last trick.

    Example: scorekeeper trick QC 10H AD 9D
    """
    work.trick(cards, match, json_)


def game_words() -> list[tuple[list[str], str]]:
    """What players may say in each installed game, from each rule set's ``[actions]``:
    (rule set ids, words), rule sets that say the same grouped."""
    from scorekeeper import ruleset as rs

    groups: dict[str, list[str]] = {}
    for rid in sorted(rs.available()):
        try:
            text = rs.load(rid).get("actions.explain")
        except (ScorekeeperError, OSError):
            continue
        if text:
            groups.setdefault(text, []).append(rid)
    return [(ids, text) for text, ids in groups.items()]


class GameWordsCommand(TyperCommand):
    """A command whose help ends with each game's own words, read from the rule sets."""

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from rich.markup import escape

        from scorekeeper.cli.render import own
        from scorekeeper.table.words import say

        parts = [escape(say("table.words.heading"))]
        parts += [escape(f"{', '.join(ids)}: {own(text)}") for ids, text in game_words()]
        self.epilog = "\n\n".join(parts)
        super().format_help(ctx, formatter)


@guarded
def announce(
    player: Annotated[str, typer.Argument(help="Who announces.")],
    what: Annotated[list[str], typer.Argument(help="The announcement, e.g. re, contra, no90.")],
    match: MatchOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Record an announcement (Re, Contra, no 90, ...).

    Examples: scorekeeper announce Ben re  |  scorekeeper announce Ben no90
    """
    work.announce(player, what, match, json_)


announce.command_class = GameWordsCommand  # type: ignore[attr-defined]


@guarded
def declare(
    player: Annotated[str, typer.Argument(help="Who declares.")],
    what: Annotated[list[str], typer.Argument(help="The declaration and its cards, if any.")],
    match: MatchOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Record a declaration before play (wedding, piglets, poverty, accept, decline, fivenines).

    Examples: scorekeeper declare Anna wedding  |  scorekeeper declare Anna poverty 9D KD JH
    """
    work.declare(player, what, match, json_)


declare.command_class = GameWordsCommand  # type: ignore[attr-defined]


@guarded
def act(
    actions: Annotated[
        list[str], typer.Argument(help="Action strings as the match file holds them, actor first.")
    ],
    match: MatchOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Record one or more raw actions, all or nothing.

    Example: scorekeeper act "Ben re" "Ben QC" "Carla 10H"
    """
    work.act(actions, match, json_)


@guarded
def deal(
    hands: Annotated[
        list[str],
        typer.Argument(help="PLAYER=CARDS for each player, cards separated by spaces or commas."),
    ],
    match: MatchOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Record the deal of the next hand; every play is then checked against it at once.

    Example: scorekeeper deal "Anna=QC QC 10H ..." "Ben=..." "Carla=..." "Dirk=..."
    """
    work.deal(hands, match, json_)


@guarded
def hand(
    facts: Annotated[
        list[str] | None,
        typer.Argument(help="KEY=VALUE facts of the score sheet; lists separated by commas."),
    ] = None,
    action: Annotated[
        list[str] | None,
        typer.Option(
            "--action", "-a", help="An announcement or declaration, like 'Anna re' (repeatable)."
        ),
    ] = None,
    keys: Annotated[
        bool, typer.Option("--keys", help="List the facts this match's game takes, and stop.")
    ] = False,
    match: MatchOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Record a whole hand from the score sheet (quick entry).

    Each game has its own facts ('scorekeeper hand --keys' lists them). Doppelkopf: re (the
    Re players), re_points, all_tricks (re|contra), extras ("Name fox"), revoke, solo, redeal.

    Example: scorekeeper hand re=Anna,Carla re_points=165 -a "Anna re" -a "Anna no90"
    """
    work.hand(facts, action, keys, match, json_)


@guarded
def undo(
    match: MatchOpt = None,
    json_: JsonOpt = False,
    yes: Annotated[
        bool,
        typer.Option(
            "--yes", "-y", help="Remove a whole scored hand (a quick hand) without asking."
        ),
    ] = False,
) -> None:
    """Remove the last recorded action (or the last quick hand); 'redo' brings it back.

    Taking a whole scored hand off the sheet needs --yes: without it undo says what it
    would remove and changes nothing (exit 1). Example: scorekeeper undo
    """
    work.undo(match, json_, yes)


@guarded
def redo(match: MatchOpt = None, json_: JsonOpt = False) -> None:
    """Bring back what 'undo' took, until a new entry is made (every entry checked again).

    Example: scorekeeper undo; scorekeeper redo
    """
    work.redo(match, json_)


@guarded
def rename_player(
    old: Annotated[str, typer.Argument(help="The name as the match has it (any case).")],
    new: Annotated[str, typer.Argument(help="The corrected name.")],
    match: MatchOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Correct a player's name in the whole match: the table, every hand's actions, deal
    and facts; checked like any correction (a name another player has is refused).

    Example: scorekeeper rename-player Dirck Dirk
    """
    work.rename_player(old, new, match, json_)


@guarded
def amend(
    hand: Annotated[int, typer.Argument(help="The hand's number on the score sheet.")],
    trick: Annotated[
        int | None,
        typer.Option(help="Replace this trick (its cards follow as arguments).", show_envvar=False),
    ] = None,
    action_no: Annotated[
        int | None,
        typer.Option(
            "--action", help="Replace this action (1 = the hand's first).", show_envvar=False
        ),
    ] = None,
    values: Annotated[
        list[str] | None,
        typer.Argument(help="The new cards, the new action text, or KEY=VALUE facts."),
    ] = None,
    match: MatchOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Correct a hand after the fact; the match is replayed and every later total follows.

    The file keeps what was changed and when.

    Examples:
    scorekeeper amend 3 --trick 5 QC 10H AD 9D
    scorekeeper amend 2 --action 4 "Ben re"
    scorekeeper amend 4 re_points=130
    """

    with editing(match, replay=False, whole=True) as session:  # an amendment reads it all
        typed_values = typed_amendment(session, trick, action_no, list(values or []))
        what = session.amend(hand, trick=trick, action=action_no, values=typed_values)
    if json_:
        from scorekeeper.cli import render

        render.emit_json({k: str(v) if k == "at" else v for k, v in what.items()})
        return
    echo(say("cli.amended", hand=hand, what=_amended(what["what"])))


def _amended(what: str) -> str:
    """What the file says was amended (``trick 5``, ``action 4``, ``facts``) in words."""
    kind, _, number = what.partition(" ")
    if kind in ("trick", "action", "facts"):
        return say(f"amend.what.{kind}", number=number)
    return what
