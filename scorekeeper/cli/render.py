"""Rendering for people (rich) and for programs (plain JSON). The engine never prints.

rich is imported here only, on first use, and this module only when a command has something
to show; the score sheet (``scorekeeper.view``) is plain text and needs no rich.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scorekeeper.text import say, say_count, translate
from scorekeeper.view.said import said_line
from scorekeeper.view.words import cards


def section_title(key: str) -> str:
    """A rule set's section as a heading in the current language (the key in English)."""
    from scorekeeper.text import language

    if (lang := language.current()) == language.ENGLISH:
        return key
    from scorekeeper.lang.terms import section_title as titled

    return titled(key, lang)


def own(text: str) -> str:
    """A shipped rule set's own words (explain, summary, notes) in the current language."""
    return translate("explain", text) if text else text


if TYPE_CHECKING:
    from scorekeeper.hand import Hand, Outcome
    from scorekeeper.match import Match
    from scorekeeper.result import HandResult
    from scorekeeper.rules import Ruleset


class _Console:
    """rich's console, made on first use: ``score`` and ``--json`` never import rich."""

    def __init__(self, stderr: bool = False) -> None:
        self._stderr = stderr
        self._console: Any = None

    def print(self, *objects: Any, **options: Any) -> None:
        """rich's ``print``; one plain line of markup is written without rich (:mod:`.plain`)."""
        if self._console is None and not options and len(objects) == 1:
            from scorekeeper.cli import plain

            stream = sys.stderr if self._stderr else sys.stdout
            if isinstance(objects[0], str) and plain.write(stream, objects[0]):
                return
        self.__getattr__("print")(*objects, **options)

    def __getattr__(self, name: str) -> Any:
        if self._console is None:
            from rich.console import Console

            from scorekeeper.cli import plain

            stream = sys.stderr if self._stderr else sys.stdout
            # on a terminal lines wrap between words; to a file or a pipe they stay whole
            wrap = plain.terminal_like(stream)
            self._console = Console(stderr=self._stderr, highlight=False, soft_wrap=not wrap)
        return getattr(self._console, name)


console: Any = _Console()
err_console: Any = _Console(stderr=True)


def emit_json(data: Any) -> None:
    import json  # only for --json

    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n")


def error(message: str) -> None:
    err_console.print(f"[bold red]{say('cli.error')}[/] {escape(message)}")


def warn(message: str) -> None:
    err_console.print(f"[bold yellow]{say('cli.warning')}[/] {escape(message)}")


def escape(text: str) -> str:
    from scorekeeper.cli.plain import escape as _escape  # rich's escape, without rich

    return _escape(text)


def outcome(out: Outcome, match: Match | None = None) -> None:
    if out.action.is_play:
        console.print(f"{escape(cards(out.action.text))}")
    for message in out.messages:
        console.print(escape(message))
    for revoke in out.revokes:
        warn(revoke.text())
    if out.result is not None:
        result(out.result, title=say("cli.hand_over"), match=match)


def next_up(match: Match) -> None:
    """One line saying what the table does next."""
    mh = match.open_hand
    if mh is None or mh.hand is None:
        if reason := match.over():
            console.print(f"[bold]{say('cli.match_over')}[/] {escape(reason)}")
        else:
            line = say("cli.next_hand", hand=len(match.hands) + 1, dealer=match.next_dealer())
            console.print(f"[dim]{escape(line)}[/]")
        return
    player = mh.hand.to_play()
    if player:
        console.print(f"[dim]{escape(say('cli.next_player', player=player))}[/]")
    else:
        console.print(f"[dim]{escape(say('cli.next', what=mh.hand.game.why_not_ready()))}[/]")


def outcome_dict(out: Outcome) -> dict[str, Any]:
    return {
        "action": out.action.text,
        "trick": out.trick.to_dict() if out.trick else None,
        "revokes": [r.text() for r in out.revokes],
        "messages": out.messages,
        "result": out.result.to_dict() if out.result else None,
    }


def result(res: HandResult, title: str | None = None, match: Match | None = None) -> None:
    """A hand's value item by item and its scores (per fixed team where teams play, given
    the ``match``)."""
    title = title or say("cli.value")
    from scorekeeper.view.words import term

    if res.redeal:
        console.print(f"[bold]{title}:[/] {escape(term(res.items[0].label))}")
        return

    pts = ", ".join(f"{term(side)} {p}" for side, p in res.card_points.items())
    winner = res.winner or say("cli.nobody")
    line = say("cli.result", game=res.game_type, points=pts, winner=winner, value=res.value)
    console.print(f"[bold]{title}:[/] {escape(line)}")
    from scorekeeper.view.value import value_rows

    rows: list[tuple[str, ...]] = [
        (escape(text), f"[dim]{escape(rule)}[/]" if rule else "")
        for text, rule in value_rows(res.items)
    ]
    from scorekeeper.cli.plain import write_table

    if console._console is not None or not write_table(sys.stdout, rows):
        from rich.table import Table

        table = Table(show_header=False, box=None, padding=(0, 2))
        for row in rows:
            table.add_row(*row)
        console.print(table)
    for note in res.notes:
        console.print(f"[dim]{escape(note)}[/]")
    from scorekeeper.table.words import team_signed

    scores = ", ".join(team_signed(match, res.scores))
    console.print(escape(say("cli.scores", scores=scores)))


def hand_status(hand: Hand) -> dict[str, Any]:
    trick = hand.current_trick
    player = hand.to_play()
    data: dict[str, Any] = {
        "hand": hand.number,
        "dealer": hand.dealer,
        "players": hand.players,
        "contract": hand.contract.name,
        "to_play": player,
        "cards_played": hand.cards_played,
        "tricks": [t.to_dict() for t in hand.completed_tricks()],
        "current_trick": trick.to_dict() if trick else None,
        "revokes": [r.text() for r in hand.revokes],
        "voids": [str(v) for v in hand.voids()],
        "voids_known": _voids_once(hand),
        "sides": sides_data(hand),
        "finished": hand.finished,
    }
    data["announcements"] = [
        {"player": a.player, "kind": a.kind, "side": a.side, "implied": a.implied}
        for a in hand.game.said()
    ]
    if player and hand.holding(player) is not None:
        legal = hand.legal_cards(player) or []
        data["legal_cards"] = [c.code for c in legal]
    return data


def _voids_once(hand: Hand) -> list[str]:
    """What the plays prove about suits players no longer hold, each player's suit said
    once (where it first showed), not again at every later trick."""
    seen: dict[tuple[str, str], str] = {}
    for void in hand.voids():
        seen.setdefault((void.params["player"], str(void.params["suit"])), str(void))
    return list(seen.values())


def sides_data(hand: Hand) -> dict[str, Any] | None:
    from scorekeeper.view.sides import sides_data as known

    return known(hand)


def status(data: dict[str, Any]) -> None:
    head = say_count(
        "cli.status",
        data["cards_played"],
        hand=data["hand"],
        dealer=data["dealer"],
        contract=data["contract"],
        cards=data["cards_played"],
    )
    console.print(escape(head))
    for t in data["tricks"]:
        plays = cards(" ".join(f"{p}:{c}" for p, c in t["plays"]))
        line = say(
            "cli.status_trick",
            number=t["number"],
            plays=plays,
            winner=t["winner"],
            points=t["points"],
        )
        console.print(escape(line))
    if data["current_trick"]:
        plays = cards(" ".join(f"{p}:{c}" for p, c in data["current_trick"]["plays"]))
        number = data["current_trick"]["number"]
        console.print(escape(say("cli.status_so_far", number=number, plays=plays)))
    for a in data.get("announcements", []):
        if not a["implied"]:
            console.print(escape(said_line(a)))
    from scorekeeper.lang import game_word
    from scorekeeper.text import language

    lang = language.current()
    for v in data.get("voids_known", data["voids"]):
        console.print(f"  [dim]{escape(v)}[/]")
    for r in data["revokes"]:
        console.print(f"  [yellow]{escape(r)}[/]")
    from scorekeeper.view.sides import sides_lines

    # the sides after the hand's own lines, as the totals
    for line in sides_lines(data.get("sides"), lambda key: game_word(key, lang)):
        console.print(escape(line))
    if data["finished"]:
        console.print(escape(say("cli.status_over")))
    elif data["to_play"]:
        if "legal_cards" in data:
            legal = cards(" ".join(data["legal_cards"]))
            line = say("cli.may_play_after", player=data["to_play"], cards=legal)
        else:
            line = say("cli.to_play", player=data["to_play"])
        console.print(escape(line))


SHEET_ROWS = 30
"""Rows ``score`` shows of a longer match (a session's worth); ``--all`` shows every row."""


def score_sheet(
    match: Match, chart: bool = False, lang: str | None = None, every: bool = False
) -> None:
    """The score sheet in the game's own form, fitted to the terminal's width and encoding,
    game words in ``lang`` (default: the language the view speaks), the last
    ``SHEET_ROWS`` hands (``every``: all); with ``chart`` the running totals drawn below."""
    from scorekeeper.text import language
    from scorekeeper.view.sheet import build
    from scorekeeper.view.terminal import render

    last = None if every else SHEET_ROWS
    sheet = build(match, lang or language.current(), last)
    width, encoding = output_size()
    text = render(sheet, width, encoding, last)
    if chart:
        from scorekeeper.view.chart import draw

        text += draw(sheet, width, encoding)
    sys.stdout.write(text)
    sys.stdout.flush()


def output_size() -> tuple[int, str | None]:
    """The terminal's width (``COLUMNS``, else the terminal, else 80) and output encoding."""
    return columns(), getattr(sys.stdout, "encoding", None)


def columns(fallback: int = 80) -> int:
    """``shutil.get_terminal_size(...).columns``, without importing shutil (which imports
    the bz2 and lzma compressors for its archives)."""
    import os

    try:
        width = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        width = 0
    if width <= 0:
        try:
            width = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            width = fallback
        width = width or fallback
    return width


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
    """An option as the table names it, with the key ``--set`` takes: ``Fuchs [fox]``."""
    if (lang := _lang()) == "en":
        return name
    from scorekeeper.lang import language

    label = language(lang).sections.get(name) or language(lang).settings.get(name)
    return f"{label} [{name}]" if label else name


def _option_blocks(rows: list[tuple[str, str, str, str]]) -> None:
    """The options one under another, for a terminal too narrow for their table."""
    console.print(f"[bold]{escape(say('cli.options'))}[/]")
    value, default = say("cli.col.value"), say("cli.col.default")
    for name, now, usual, meaning in rows:
        console.print(f"[bold]{escape(name)}[/]")
        console.print(escape(f"  {value}: {now}"))
        console.print(escape(f"  {default}: {usual}"))
        console.print(f"  [dim]{escape(meaning)}[/]")


def ruling(r: Any) -> None:
    """The referee's answer: a trick's winner, or the cards allowed and forbidden; each
    rule as the language spoken names it."""
    from scorekeeper.view.value import rule_named

    if r.winner is not None:
        w = r.winner
        takes = escape(say("cli.takes", player=w["player"]))
        points = escape(say("cli.takes_points", points=w["points"]))
        console.print(
            f"[bold]{takes}[/] {points} {escape(w['reason'])} [dim]\\[{escape(rule_named(w['rule']))}][/]"
        )
        for note in w.get("notes", []):
            console.print(f"  {escape(note)}")
        return
    trick = cards(" ".join(f"{p}:{c}" for p, c in r.trick)) or say("cli.nothing_yet")
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
    from scorekeeper.rules.common import TRUMP_PLACEHOLDER

    return isinstance(value, str) and value.endswith(TRUMP_PLACEHOLDER)


def _lang() -> str:
    from scorekeeper.text import language

    return language.current()


def _named(key: str) -> str:
    """A rule set's setting by its name in the current language."""
    if (lang := _lang()) == "en":
        return key
    from scorekeeper.lang.terms import setting_name

    return setting_name(key, lang)


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
            named = spoken_topic(topic, language.current())
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
        console.print(f"[bold]{escape(section_title(section['section']))}[/]")
        if section["explain"]:
            console.print(f"  {escape(own(section['explain']))}")
        values = ", ".join(f"{_named(k)} = {_value(v)}" for k, v in section["values"].items())
        if values:
            console.print(f"  [dim]{escape(values)}[/]")


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
