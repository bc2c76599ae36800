"""The referee's commands: ``judge`` a dispute without a match, ``explain`` a rule set."""

from __future__ import annotations

from typing import Annotated

import typer

from scorekeeper.cli.common import JsonOpt, MatchOpt, SetOpt, guarded, judged, options


@guarded
def judge(
    ruleset: Annotated[str, typer.Argument(help="Rule set id or file.")],
    trick: Annotated[
        str, typer.Option(help='The cards in the trick so far, in play order: "Anna:QC Ben:10H".')
    ] = "",
    player: Annotated[str | None, typer.Option(help="Who is to play next.")] = None,
    hand: Annotated[str | None, typer.Option("--hand", help="The cards that player holds.")] = None,
    game: Annotated[
        str | None, typer.Option(help="The game or contract (a solo, 'piglets'...).")
    ] = None,
    trump: Annotated[
        str | None, typer.Option(help="The trump suit, where chosen per hand.")
    ] = None,
    partner: Annotated[
        str | None, typer.Option(help="The partner of the player to play, where it matters.")
    ] = None,
    last: Annotated[bool, typer.Option("--last", help="It is the last trick of the hand.")] = False,
    players: Annotated[
        int | None,
        typer.Option(
            help="How many play at the table (default: the fewest the rule set allows).",
            show_envvar=False,
        ),
    ] = None,
    fact: Annotated[
        list[str] | None,
        typer.Option("--fact", "-f", help="A quick fact KEY=VALUE: asks for a hand's value."),
    ] = None,
    action: Annotated[
        list[str] | None, typer.Option("--action", "-a", help="An announcement with the facts.")
    ] = None,
    names: Annotated[
        str | None, typer.Option("--names", help="Player names in seat order, for --fact.")
    ] = None,
    set_: SetOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Settle a dispute without a match: which cards may be played and why, who takes a
    trick and why, or what a hand is worth item by item.

    Examples:
    scorekeeper judge doppelkopf --trick "Anna:AH Ben:9H" --player Carla --hand "KH QC 9S"
    scorekeeper judge doppelkopf --trick "Anna:QH Ben:JD Carla:10D Dirk:QH"
    scorekeeper judge doppelkopf -f re=Anna,Carla -f re_points=165 -a "Anna re"
    """
    from scorekeeper import referee
    from scorekeeper import ruleset as rs
    from scorekeeper.cards import parse_cards
    from scorekeeper.cli import render
    from scorekeeper.games import family_for
    from scorekeeper.session import names as named
    from scorekeeper.session.facts import names_from, parse_facts
    from scorekeeper.text import say

    rules = rs.load(ruleset, options(set_, ruleset=ruleset))
    asked = judged(
        rules,
        {
            "trick": trick,
            "hand": hand,
            "trump": trump,
            "fact": fact,
            "action": action,
            "game": game,
        },
    )
    trick, hand, trump, fact, action, game = (
        asked[k] for k in ("trick", "hand", "trump", "fact", "action", "game")
    )
    if fact:
        keys = family_for(rules).quick_keys()
        given = names.replace(",", " ").split() if names else None
        fact, action = named.judged_facts(fact, action or [], keys, given)
        facts = parse_facts(fact, keys, rules.name)
        seated = referee.table_size(rules, players)
        table = given or names_from(facts, seated, keys)
        result = referee.judge_value(rules, table, facts, action)
        if json_:
            render.emit_json({"question": "value", "result": result.to_dict()})
            return
        render.result(result, title=say("cli.value"))
        return
    plays, player, partner = named.judged_seats(referee.parse_trick(trick, rules), player, partner)
    ruling = referee.judge_play(
        rules,
        plays,
        game=game,
        trump=trump,
        player=player,
        holding=parse_cards(hand) if hand is not None else None,
        partner=partner,
        last_trick=last,
        players=players,
    )
    if json_:
        render.emit_json(ruling.to_dict())
        return
    render.ruling(ruling)


@guarded
def explain(
    ruleset: Annotated[str, typer.Argument(help="Rule set id or file.")],
    topic: Annotated[str | None, typer.Argument(help="A topic; leave out to list them.")] = None,
    set_: SetOpt = None,
    match: MatchOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Explain a rule set on a topic, with the values in force (the current match's options
    when it plays this rule set).

    Examples: scorekeeper explain doppelkopf  |  scorekeeper explain doppelkopf scoring
    """
    from scorekeeper import referee
    from scorekeeper import ruleset as rs
    from scorekeeper.cli import render
    from scorekeeper.session import options_for

    chosen = {**options_for(ruleset, match), **options(set_, ruleset=ruleset)}
    rules = rs.load(ruleset, chosen)
    data = referee.explain(rules, topic)
    if json_:
        render.emit_json(data)
        return
    render.explanation(data)
    if data.get("topic") == "cards":
        render.nicknames(rules.family)
