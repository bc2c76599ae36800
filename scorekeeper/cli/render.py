"""Rendering for people (rich) and for programs (plain JSON). The engine never prints.

rich is imported here only, on first use, and this module only when a command has something
to show; the score sheet (``scorekeeper.view``) is plain text and needs no rich.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Any

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

    def __getattr__(self, name: str) -> Any:
        if self._console is None:
            from rich.console import Console

            self._console = Console(stderr=self._stderr, highlight=False, soft_wrap=True)
        return getattr(self._console, name)


console: Any = _Console()
err_console: Any = _Console(stderr=True)


def emit_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n")


def error(message: str) -> None:
    err_console.print(f"[bold red]error:[/] {escape(message)}")


def warn(message: str) -> None:
    err_console.print(f"[bold yellow]warning:[/] {escape(message)}")


def escape(text: str) -> str:
    from rich.markup import escape as _escape

    return _escape(text)


def outcome(out: Outcome) -> None:
    if out.action.is_play:
        console.print(f"{escape(out.action.text)}")
    for message in out.messages:
        console.print(escape(message))
    for revoke in out.revokes:
        warn(revoke.text())
    if out.result is not None:
        result(out.result, title="Hand over")


def next_up(match: Match) -> None:
    """One line saying what the table does next."""
    mh = match.open_hand
    if mh is None or mh.hand is None:
        if reason := match.over():
            console.print(f"[bold]Match over:[/] {escape(reason)}")
        else:
            console.print(
                f"[dim]next: hand {len(match.hands) + 1}, dealt by {escape(match.next_dealer())}[/]"
            )
        return
    player = mh.hand.to_play()
    if player:
        console.print(f"[dim]next: {escape(player)} to play[/]")
    else:
        console.print(f"[dim]next: {escape(mh.hand.game.why_not_ready())}[/]")


def outcome_dict(out: Outcome) -> dict[str, Any]:
    return {
        "action": out.action.text,
        "trick": out.trick.to_dict() if out.trick else None,
        "revokes": [r.text() for r in out.revokes],
        "messages": out.messages,
        "result": out.result.to_dict() if out.result else None,
    }


def result(res: HandResult, title: str = "Value") -> None:
    if res.redeal:
        console.print(f"[bold]{title}:[/] {escape(res.items[0].label)}")
        return
    pts = ", ".join(f"{side} {p}" for side, p in res.card_points.items())
    head = f"[bold]{title}:[/] {escape(res.game_type)}; card points {escape(pts)}; "
    head += f"winner: {escape(res.winner or 'nobody')}; value {res.value}"
    console.print(head)
    from rich.table import Table

    table = Table(show_header=False, box=None, padding=(0, 2))
    for item in res.items:
        table.add_row(escape(item.text()), f"[dim]{escape(item.rule)}[/]")
    console.print(table)
    for note in res.notes:
        console.print(f"[dim]{escape(note)}[/]")
    console.print("scores: " + escape(", ".join(f"{p} {s:+d}" for p, s in res.scores.items())))


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


def status(data: dict[str, Any]) -> None:
    console.print(
        f"[bold]Hand {data['hand']}[/], dealer {escape(data['dealer'])}, "
        f"{escape(data['contract'])}; "
        f"{data['cards_played']} cards played"
    )
    for t in data["tricks"]:
        plays = " ".join(f"{p}:{c}" for p, c in t["plays"])
        console.print(
            f"  trick {t['number']}: {escape(plays)} -> {escape(t['winner'])} ({t['points']})"
        )
    if data["current_trick"]:
        plays = " ".join(f"{p}:{c}" for p, c in data["current_trick"]["plays"])
        console.print(f"  trick {data['current_trick']['number']} so far: {escape(plays)}")
    for a in data.get("announcements", []):
        if not a["implied"]:
            console.print(escape(f"  {a['player']} announced {a['kind']} ({a['side']})"))
    for v in data["voids"]:
        console.print(f"  [dim]{escape(v)}[/]")
    for r in data["revokes"]:
        console.print(f"  [yellow]{escape(r)}[/]")
    if data["finished"]:
        console.print("The hand is over; the next action starts a new hand.")
    elif data["to_play"]:
        line = f"{data['to_play']} to play"
        if "legal_cards" in data:
            line += ": may play " + " ".join(data["legal_cards"])
        console.print(escape(line))


def sheet_dict(match: Match) -> dict[str, Any]:
    running = {p: 0 for p in match.players}
    hands = []
    for mh in match.hands:
        entry: dict[str, Any] = {"number": mh.number, "dealer": mh.dealer, "kind": mh.kind}
        if mh.result is not None:
            for p, s in mh.result.scores.items():
                running[p] = running.get(p, 0) + s
            entry["result"] = mh.result.to_dict()
            entry["reasons"] = mh.result.reasons()
        else:
            entry["result"] = None
            entry["in_progress"] = True
        entry["totals"] = dict(running)
        hands.append(entry)
    return {
        "ruleset": match.rules.id,
        "options": match.rules.overrides,
        "players": match.players,
        "hands": hands,
        "totals": match.totals(),
        "over": match.over(),
        "sheet": sheet_form(match),
    }


def sheet_form(match: Match) -> dict[str, Any]:
    from scorekeeper.view.sheet import build, to_dict

    return to_dict(build(match))


SHEET_ROWS = 30
"""Rows ``score`` shows of a longer match (a session's worth); ``--all`` shows every row."""


def score_sheet(match: Match, chart: bool = False, lang: str = "en", every: bool = False) -> None:
    """The score sheet in the game's own form, fitted to the terminal's width and encoding,
    game words in ``lang``, the last ``SHEET_ROWS`` hands (``every``: all); with ``chart``
    the running totals drawn below it."""
    from scorekeeper.view.sheet import build
    from scorekeeper.view.terminal import render

    sheet = build(match, lang)
    width, encoding = output_size()
    text = render(sheet, width, encoding, None if every else SHEET_ROWS)
    if chart:
        from scorekeeper.view.chart import draw

        text += draw(sheet, width, encoding)
    sys.stdout.write(text)
    sys.stdout.flush()


def output_size() -> tuple[int, str | None]:
    """The terminal's width (``COLUMNS``, else the terminal, else 80) and output encoding."""
    import shutil

    return shutil.get_terminal_size((80, 24)).columns, getattr(sys.stdout, "encoding", None)


def rules_list(rows: list[dict[str, Any]]) -> None:
    from rich.table import Table
    from rich.text import Text

    table = Table(title="Rule sets")
    for col in ("id", "name", "players", "extends"):
        table.add_column(col)
    for r in rows:
        table.add_row(
            Text(r["id"]),
            Text(r["name"]),
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


def rules_show(data: dict[str, Any]) -> None:
    console.print(
        f"[bold]{escape(data['name'])}[/] ({escape(data['id'])}), players {data['players']}"
    )
    if data.get("summary"):
        console.print(escape(data["summary"]))
    for section, body in data["rules"].items():
        if isinstance(body, dict) and body.get("explain"):
            console.print(f"[bold]{escape(section)}[/]: {escape(body['explain'])}")
    from rich.table import Table
    from rich.text import Text

    table = Table(title="Options")
    table.add_column("option")
    table.add_column("value")
    table.add_column("default")
    table.add_column("meaning", overflow="fold")
    for name, spec in data["options"].items():
        choices = f" ({' | '.join(map(str, spec['choices']))})" if spec["choices"] else ""
        table.add_row(
            Text(name),
            Text(str(spec["value"])),
            Text(str(spec["default"]) + choices),
            Text(spec["explain"]),
        )
    console.print(table)
    for note in data["rules"].get("notes", []):
        console.print(f"[dim]note: {escape(note)}[/]")


def ruling(r: Any) -> None:
    """The referee's answer: a trick's winner, or the cards allowed and forbidden."""
    if r.winner is not None:
        w = r.winner
        console.print(
            f"[bold]{escape(w['player'])} takes the trick[/] ({w['points']} card points): "
            f"{escape(w['reason'])} [dim]\\[{escape(w['rule'])}][/]"
        )
        for note in w.get("notes", []):
            console.print(f"  {escape(note)}")
        return
    trick = " ".join(f"{p}:{c}" for p, c in r.trick) or "(nothing yet)"
    console.print(
        f"[bold]{escape(r.contract)}[/]; trick so far: {escape(trick)}; {escape(r.player)} to play"
    )
    if r.cards:
        console.print("may play: " + (" ".join(c.card.code for c in r.legal) or "nothing"))
        for c in r.forbidden:
            console.print(f"  not {c.card}: {escape(c.reason)} [dim]\\[{escape(c.rule or '')}][/]")
    else:
        console.print("duties (give --hand to judge each card):")
        for duty, rule in r.duties:
            console.print(f"  {escape(duty)} [dim]\\[{escape(rule)}][/]")


def explanation(data: dict[str, Any]) -> None:
    if "sections" not in data:
        console.print(
            f"[bold]Topics for {escape(data['ruleset'])}[/] "
            f"(scorekeeper explain {escape(data['ruleset'])} TOPIC):"
        )
        for topic, title in data["topics"].items():
            console.print(escape(f"  {topic:14} {title}"))
        return
    console.print(f"[bold]{escape(data['ruleset'])}: {escape(data['title'])}[/]")
    if data["options"]:
        console.print(
            "[dim]with options "
            + escape(", ".join(f"{k}={v}" for k, v in data["options"].items()))
            + "[/]"
        )
    for section in data["sections"]:
        console.print(f"[bold]{escape(section['section'])}[/]")
        if section["explain"]:
            console.print(f"  {escape(section['explain'])}")
        values = ", ".join(f"{k} = {v}" for k, v in section["values"].items())
        if values:
            console.print(f"  [dim]{escape(values)}[/]")
