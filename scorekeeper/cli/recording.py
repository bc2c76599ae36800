"""Commands that record what happens at the table: cards, tricks, announcements,
declarations, raw actions, deals, quick hands, and corrections (``undo``, ``amend``).

Each opens the match through the session (lock, read, replay, change, verify, write) and
renders what was recorded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import click
import typer
from typer.core import TyperCommand

from scorekeeper.cli.common import (
    JsonOpt,
    MatchOpt,
    editing,
    guarded,
    match_path,
    typed,
    typed_amendment,
    typed_cards,
    typed_facts,
)
from scorekeeper.errors import ScorekeeperError
from scorekeeper.text import say


def _show(outcomes: list[Any], m: Any, json_: bool) -> None:
    """Report recorded actions: JSON records, or tricks, revokes and values for people."""
    from scorekeeper.cli import render

    if json_:
        render.emit_json([render.outcome_dict(o) for o in outcomes])
        return
    for o in outcomes:
        render.outcome(o)
    render.next_up(m)
    if m.over() and any(o.result is not None for o in outcomes):
        from scorekeeper.table.words import winner_line

        typer.echo(winner_line(m.totals()))


def _record(texts: list[str], match: Path | None, json_: bool) -> None:
    """Apply actions all-or-nothing and report what each did."""

    with editing(match) as session:
        outcomes = session.record([" ".join(typed(session, text.split())) for text in texts])
    _show(outcomes, session.match, json_)


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
    with editing(match) as session:
        player, card = _played(session, words)
        out = session.play(card, player=player)
    _show([out], session.match, json_)


def _played(session: Any, words: list[str]) -> tuple[str | None, str]:
    """``[PLAYER] CARD`` read: the card may take several words (``Kreuz Dame``). Two
    words that are not one card are a player and a card, as they always were."""
    usage = ScorekeeperError(say("cli.play_usage"), rule="actions")
    if not words:
        raise usage
    players = {p.casefold() for p in session.match.players}
    if len(words) > 1 and words[0].casefold() in players:
        cards = typed_cards(session, words[1:])
        if len(cards) != 1:
            raise usage
        return words[0], cards[0]
    try:
        cards = typed_cards(session, words)
    except ScorekeeperError:
        if len(words) != 2 or _names_a_card(session, words[0]):
            raise
        return words[0], _second(session, words[1])
    if len(cards) == 1:
        return None, cards[0]
    if len(words) != 2:
        raise usage
    return words[0], words[1]


def _names_a_card(session: Any, word: str) -> bool:
    from scorekeeper.lang import DEFAULT, is_card_word, match_lang

    lang = match_lang(session.header)
    return lang != DEFAULT and is_card_word(word, lang)


def _second(session: Any, word: str) -> str:
    """The card of ``play WHO CARD`` when WHO is no player: the engine refuses WHO."""
    try:
        cards = typed_cards(session, [word])
    except ScorekeeperError:
        return word
    return cards[0] if len(cards) == 1 else word


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

    with editing(match) as session:
        outcomes = session.trick(typed_cards(session, cards))
    _show(outcomes, session.match, json_)


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
    _record([" ".join([player, *what])], match, json_)


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
    _record([" ".join([player, *what])], match, json_)


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
    _record(list(actions), match, json_)


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
    from scorekeeper.cards import parse_cards

    for item in hands:
        if "=" not in item:
            raise ScorekeeperError(say("cli.deal_usage", item=item), rule="deal")
    cards: dict[str, list[str]] = {}
    with editing(match) as session:
        for item in hands:
            name, text = item.split("=", 1)
            cards[name.strip()] = [c.code for c in parse_cards(typed_cards(session, [text]))]
        mh = session.deal(cards)
    if json_:
        from scorekeeper.cli import render

        render.emit_json({"hand": mh.number, "dealer": mh.dealer, "deal": cards})
        return
    typer.echo(say("cli.deal_recorded", hand=mh.number, dealer=mh.dealer))


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
    if keys:
        _show_keys(match, json_)
        return
    if not facts:
        raise ScorekeeperError(say("cli.hand_facts"), rule="quick")
    from scorekeeper.cli import render

    with editing(match) as session:
        said = [" ".join(typed(session, a.split())) for a in action or []]
        mh = session.quick(typed_facts(session, facts), said)
    assert mh.result is not None
    if json_:
        render.emit_json({"hand": mh.number, "result": mh.result.to_dict()})
        return
    render.result(mh.result, title=say("cli.hand", hand=mh.number))
    from scorekeeper.table.words import next_or_over

    for line in next_or_over(session.match):
        typer.echo(line)


def _show_keys(match: Path | None, json_: bool) -> None:
    from scorekeeper.cli import render
    from scorekeeper.session import Session

    session = Session.open(match_path(match))
    keys = session.quick_keys()
    if json_:
        render.emit_json({k: {"kind": v.kind, "help": v.help} for k, v in keys.items()})
        return
    typer.echo(say("cli.quick_keys", name=session.match.rules.name))
    for name, key in keys.items():
        typer.echo(f"  {name + '=' + key.kind:<18} {key.help}")
    typer.echo(say("cli.quick_said"))
    words = session.match.rules.get("actions.explain")
    if words:
        from scorekeeper.cli.render import own

        typer.echo(f"  {own(words)}")


@guarded
def undo(match: MatchOpt = None, json_: JsonOpt = False) -> None:
    """Remove the last recorded action (or the last quick hand).

    Example: scorekeeper undo
    """

    with editing(match, replay=False) as session:
        what = session.undo()
    if json_:
        from scorekeeper.cli import render

        render.emit_json({"undone": what})
        return
    typer.echo(say("cli.undone", what=what))


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
    Examples: scorekeeper amend 3 --trick 5 QC 10H AD 9D  |  scorekeeper amend 2 --action 4 "Ben re"
    | scorekeeper amend 4 re_points=130
    """

    with editing(match, replay=False) as session:
        typed_values = typed_amendment(session, trick, action_no, list(values or []))
        what = session.amend(hand, trick=trick, action=action_no, values=typed_values)
    if json_:
        from scorekeeper.cli import render

        render.emit_json({k: str(v) if k == "at" else v for k, v in what.items()})
        return
    typer.echo(say("cli.amended", hand=hand, what=what["what"]))
