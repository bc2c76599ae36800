"""The referee's commands: ``judge`` a dispute without a match, ``explain`` a rule set;
and how a rule set, a ruling and an explanation are shown to people (``rules list`` and
``rules show`` and the table's ``explain`` show them the same way)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any

import typer

from scorekeeper.cli.common import JsonOpt, MatchOpt, SetOpt, guarded, judged, options
from scorekeeper.cli.render import console, escape, own
from scorekeeper.text import say
from scorekeeper.view.words import cards

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset


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
    from scorekeeper.text import language

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
        typed = [*named.in_facts(fact, keys), *(a.split()[0] for a in action if a.split())]
        language.use_seats(named.unnamed_seats(table, given or typed))  # refusals too
        result = referee.judge_value(rules, table, facts, action)
        if json_:
            render.emit_json({"question": "value", "result": result.to_dict()})
            return
        _judged_value(rules, table, result)
        return
    plays, player, partner = named.judged_seats(referee.parse_trick(trick, rules), player, partner)
    seats = [who for who, _ in plays] + [player or named.unnamed(len(plays) + 1)]
    typed = [who for i, (who, _) in enumerate(plays) if who != named.unnamed(i + 1)]
    language.use_seats(named.unnamed_seats(seats, [*typed, player or "", partner or ""]))
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
    show_ruling(ruling)


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
    explanation(data)
    if data.get("topic") == "cards":
        nicknames(rules.family)


def section_title(key: str) -> str:
    """A rule set's section as a heading in the current language (the key in English)."""
    from scorekeeper.text import language

    if (lang := language.current()) == language.ENGLISH:
        return key
    from scorekeeper.lang.terms import section_title as titled

    return titled(key, lang)


def rules_list(rows: list[dict[str, Any]]) -> None:
    from rich.table import Table
    from rich.text import Text

    table = Table(title=say("cli.rule_sets"))
    for col in ("id", "name", "players", "extends"):
        table.add_column(say(f"cli.col.{col}"))
    for r in rows:
        table.add_row(
            Text(r["id"]),
            Text(_ruleset_name(r["name"])),
            ", ".join(map(str, r["players"])),
            Text(r.get("extends") or ""),
        )
    console.print(table)


def rules_dict(rules: Ruleset) -> dict[str, Any]:
    data = dict(rules.summary())
    data["options"] = {
        name: {
            "value": rules.options[name],
            "default": spec.default,
            "choices": list(spec.choices),
            "explain": spec.explain,
        }
        for name, spec in rules.option_specs.items()
    }
    data["rules"] = {k: v for k, v in rules.data.items() if k not in ("options",)}
    return data


def _ruleset_name(name: str) -> str:
    if (lang := _lang()) == "en":
        return name
    from scorekeeper.lang.terms import ruleset_name

    return ruleset_name(name, lang)


def rules_show(data: dict[str, Any]) -> None:
    head = say("cli.ruleset_head", id=data["id"], players=data["players"])
    console.print(f"[bold]{escape(_ruleset_name(data['name']))}[/] {escape(head)}")
    if data.get("summary"):
        console.print(escape(own(data["summary"])))
    for section, body in data["rules"].items():
        if isinstance(body, dict) and body.get("explain"):
            title = escape(section_title(section))
            console.print(f"[bold]{title}[/]: {escape(own(body['explain']))}")
    _options(data["options"])
    for note in data["rules"].get("notes", []):
        console.print(f"[dim]{escape(say('cli.note', note=own(note)))}[/]")


_BORDERS = 13
"""What a four-column table adds to its cells: five rules and a space either side of each."""
_MEANING = 24
"""The narrowest meaning column worth a table; narrower, the options go one under another."""


def _longest_word(cells: list[str]) -> int:
    return max((len(word) for cell in cells for word in cell.split()), default=0)


def _options(options: dict[str, Any]) -> None:
    """The options as a table where it fits with every name whole (a name is what
    ``--set NAME=VALUE`` takes, so it is never cut), else one block per option."""
    rows = []
    for name, spec in options.items():
        choices = " | ".join(_value(c) for c in spec["choices"])
        default = _value(spec["default"]) + (f" ({choices})" if choices else "")
        rows.append((_option_name(name), _value(spec["value"]), default, own(spec["explain"])))
    heads = [say(k) for k in ("cli.col.option", "cli.col.value", "cli.col.default")]
    columns = [[head, *(row[i] for row in rows)] for i, head in enumerate(heads)]
    name_width = max(len(cell) for cell in columns[0])
    natural = [max(len(cell) for cell in column) for column in columns[1:]]
    words = [_longest_word(column) for column in columns[1:]]
    room = console.width - _BORDERS - name_width - _MEANING
    if room >= sum(natural):
        widths: list[int | None] = [None, None]
    elif room >= sum(words):
        widths = list(words)
    else:
        _option_blocks(rows)
        return
    from rich.table import Table
    from rich.text import Text

    table = Table(title=say("cli.options"))
    table.add_column(heads[0], no_wrap=True, min_width=name_width)
    table.add_column(heads[1], width=widths[0], overflow="fold")
    table.add_column(heads[2], width=widths[1], overflow="fold")
    table.add_column(say("cli.col.meaning"), overflow="fold")
    for row in rows:
        table.add_row(*(Text(cell) for cell in row))
    console.print(table)


def _option_name(name: str) -> str:
    """An option as the table names it (``Fuchs``: ``--set`` reads that name too; the key
    is in ``--json``)."""
    if (lang := _lang()) == "en":
        return name
    from scorekeeper.lang import language

    return language(lang).sections.get(name) or language(lang).settings.get(name) or name


def _option_blocks(rows: list[tuple[str, str, str, str]]) -> None:
    """The options one under another, for a terminal too narrow for their table."""
    console.print(f"[bold]{escape(say('cli.options'))}[/]")
    value, default = say("cli.col.value"), say("cli.col.default")
    for name, now, usual, meaning in rows:
        console.print(f"[bold]{escape(name)}[/]")
        console.print(escape(f"  {value}: {now}"))
        console.print(escape(f"  {default}: {usual}"))
        console.print(f"  [dim]{escape(meaning)}[/]")


def _judged_value(rules: Any, table: list[str], result: Any) -> None:
    """A hand's value asked with ``--fact``, as a match of this table shows it: partners
    as the sheet writes them ('Ben & Dirk', not 'Ben/Dirk'), the points per team where
    teams count; a seat no one named by its number in the table's words (``Spieler 3``)."""
    from scorekeeper.cli import render
    from scorekeeper.match import Match
    from scorekeeper.text import language

    seats = language.seats()
    language.use_match(language.chosen(), table)
    language.use_seats(seats)  # kept: the value of a hand asked without every name
    render.result(result, title=say("cli.value"), match=Match(rules, table, table[0]))


def show_ruling(r: Any) -> None:
    """The referee's answer: a trick's winner, or the cards allowed and forbidden; each
    rule as the language spoken names it; a seat no one named (``unnamed``) by its number
    in the table's words (``Spieler 3 ist dran``, ``text.language.use_seats``), the trick
    then its cards in play order."""
    from scorekeeper.reasons import reason_of
    from scorekeeper.text import language
    from scorekeeper.view.value import rule_named

    unnamed = language.seats()

    if r.winner is not None:
        w = r.winner
        takes = escape(say("cli.takes", player=w["player"]))
        points = escape(say("cli.takes_points", points=w["points"]))
        said = reason_of(w["reason"])  # worded again: the winner's seat as the table says it
        why = escape(said.text() if said is not None else w["reason"])
        console.print(
            f"[bold]{takes}[/] {points} {why} [dim]\\[{escape(rule_named(w['rule']))}][/]"
        )
        for note in w.get("notes", []):
            console.print(f"  {escape(note)}")
        return
    played = (c.code if p in unnamed else f"{p}:{c}" for p, c in r.trick)
    trick = cards(" ".join(played)) or say("cli.nothing_yet")
    console.print(escape(say("cli.ruling", contract=r.contract, trick=trick, player=r.player)))
    if r.cards:
        legal = cards(" ".join(c.card.code for c in r.legal)) or say("cli.nothing")
        console.print(escape(say("cli.may_play", cards=legal)))
        for c in r.forbidden:
            line = escape(say("cli.not_card", card=c.card, why=c.reason))
            console.print(f"{line} [dim]\\[{escape(rule_named(c.rule or ''))}][/]")
    else:
        console.print(escape(say("cli.duties")))
        for duty, rule in r.duties:
            console.print(f"  {escape(duty)} [dim]\\[{escape(rule_named(rule))}][/]")


def _value(value: Any) -> str:
    """A rule set's value as ``explain`` shows it: true and false in words, a list as its
    items (``A 10 K``), a table as its entries (``(4: 24, 5: 30)``), never Python's
    notation."""
    if isinstance(value, bool):
        return say("cli.value.yes" if value else "cli.value.no")
    if isinstance(value, list | tuple):
        if not value:
            return say("cli.value.none")
        ranks = [v.partition("{")[0] for v in value if _of_trump(v)]
        items = [_value(v) for v in value if not _of_trump(v)]
        joint = ", " if any(" " in item for item in items) else " "
        shown = [joint.join(items)] if items else []
        if ranks:  # the chosen trump suit's cards: their ranks, then the suit in words
            named = " ".join(_value(rank) for rank in ranks)
            shown.append(say("cli.value.of_trump", ranks=named))
        return ", ".join(shown)
    if isinstance(value, Mapping):
        return "(" + ", ".join(f"{k}: {_value(v)}" for k, v in value.items()) + ")"
    if isinstance(value, str) and (lang := _lang()) != "en":
        from scorekeeper.lang.terms import setting_value

        return setting_value(value, lang)
    return str(value)


def _of_trump(value: Any) -> bool:
    """A card of the trump suit chosen at the table (``J{T}``)."""
    from scorekeeper.rules.schema import TRUMP_PLACEHOLDER

    return isinstance(value, str) and value.endswith(TRUMP_PLACEHOLDER)


def _lang() -> str:
    from scorekeeper.text import language

    return language.current()


def _named(key: str) -> str:
    """A rule set's setting by its name in the current language; a rule a value refers to
    by its key (a source's ``scoring.won = TSR 7.1``) by the rule's worded name."""
    if (lang := _lang()) == "en":
        return key
    from scorekeeper.lang.terms import rule_name, setting_name

    return rule_name(key, lang) if "." in key else setting_name(key, lang)


def _setting(value: Any) -> str:
    """An option's value as ``--set`` takes it (``fox=false``, ``ranks=A,K``), in any
    language, so that the line can be typed again."""
    if isinstance(value, bool):  # the table's yes and no, which --set reads too
        return (
            say("cli.value.yes" if value else "cli.value.no")
            if _lang() != "en"
            else ("true" if value else "false")
        )
    if isinstance(value, list | tuple):
        return ",".join(_setting(v) for v in value)
    if isinstance(value, str) and (lang := _lang()) != "en":
        from scorekeeper.lang.terms import setting_value

        return setting_value(value, lang)  # as --set reads it back (keine Stiche, D)
    return str(value)


def explanation(data: dict[str, Any], how: str | None = None) -> None:
    """A rule set explained, or its topics and ``how`` to ask for one (the command line's
    form unless given: the table session names its own command)."""
    if "sections" not in data:
        topics = escape(say("cli.topics", ruleset=data.get("name", data["ruleset"])))
        how = escape(how or say("cli.topics_how", ruleset=data["ruleset"]))
        console.print(f"[bold]{topics}[/] {how}")
        from scorekeeper.lang.terms import spoken_topic
        from scorekeeper.text import language

        for topic, title in data["topics"].items():
            named = _line(spoken_topic(topic, language.current()))
            console.print(escape(f"  {named:14} {own(title)}"))
        return
    from scorekeeper.lang.terms import ruleset_name

    named = ruleset_name(data.get("name", data["ruleset"]), _lang())
    console.print(f"[bold]{escape(named)}: {escape(own(data['title']))}[/]")
    if data["options"]:
        from scorekeeper.lang.terms import option_name

        chosen = ", ".join(
            f"{option_name(k, _lang())}={_setting(v)}" for k, v in data["options"].items()
        )
        console.print(f"[dim]{escape(say('cli.with_options', options=chosen))}[/]")
    for section in data["sections"]:
        console.print(f"[bold]{escape(_line(section_title(section['section'])))}[/]")
        if section["explain"]:
            console.print(f"  {escape(_line(own(section['explain'])))}")
        shown = _shown_values(section["section"], section["values"])
        rules_named = _lang() != "en" and any("." in k for k in shown)
        parted = "; " if rules_named else ", "  # rules' worded names hold commas
        if any(v.endswith(".") for v in shown.values()):  # sentences: one line each
            for k, v in shown.items():  # a sentence that names its rule first, alone
                said = v if v.casefold().startswith(_named(k).casefold()) else None
                line = said or f"{_line(_named(k))}: {v}"
                console.print(f"  [dim]{escape(line)}[/]")
            continue
        values = parted.join(f"{_named(k)} = {v}" for k, v in shown.items())
        if values:
            console.print(f"  [dim]{escape(_line(values))}[/]")


def _line(text: str) -> str:
    """A line of ``explain`` as a German or Dutch table writes one: from a capital
    (``Kaarten``, ``Waarde = ja``; the language file's names are for the middle of a
    sentence); English keeps its keys as they are typed."""
    return text if _lang() == "en" else text[:1].upper() + text[1:]


def _shown_values(section: str, values: dict[str, Any]) -> dict[str, str]:
    """A section's values as ``explain`` shows them: a yes/no option's choices as yes and
    no, none where any value of the option's kind is taken (were 'choices = none'); at a German or Dutch table, no English abbreviation among the other ways to write
    a word (Klaberjass's ``seq``: the language file names it not)."""
    shown = {k: _value(v) for k, v in values.items()}
    if section.startswith("options.") and values.get("choices") == []:
        if isinstance(values.get("default"), bool):
            shown["choices"] = f"{_value(True)}, {_value(False)}"
        else:  # any value of its kind (a number): no list of choices to show
            del shown["choices"]
    elif section.startswith("options.") and values.get("choices"):  # 'übertragen, keine'
        shown["choices"] = ", ".join(_value(c) for c in values["choices"])
    if section.endswith(".aliases") and _lang() != "en":
        shown = {k: v for k, v in shown.items() if _named(k) != k}
    return shown


def nicknames(family: str) -> None:
    """``explain``'s cards: the cards' nicknames at this game's table (``Dulle``, ``nel``),
    each with the card it names in the language spoken."""
    from scorekeeper.lang import card_name, language
    from scorekeeper.lang.data import TRUMP_SUIT

    lang = _lang()
    named = []
    for word, code in language(lang).nicknames.get(family, {}).items():
        if TRUMP_SUIT in code:
            rank = language(lang).ranks[code.replace(TRUMP_SUIT, "")].name
            card = say("cli.of_trumps", rank=rank)
        else:
            card = card_name(code, lang, "full")
        # German names (Dulle, Karlchen, Nell) capitalised; Dutch nel and jas are not
        shown = word if lang == "nl" and family != "doppelkopf" else word.capitalize()
        same = word.replace(" ", "") == card.replace(" ", "").replace("-", "").casefold()
        named.append(shown if same else f"{shown} ({card})")
    if named:
        console.print(escape(say("cli.nicknames", names=", ".join(named))))
