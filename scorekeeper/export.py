"""Exports of a match's history, derived by replaying its log: JSON and CSV; and of its
score sheet: Markdown and HTML (``scorekeeper.view.markdown``, ``scorekeeper.view.html``)."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from scorekeeper.match import Match
from scorekeeper.matchlog import MatchLog


def history(log: MatchLog, match: Match) -> dict[str, Any]:
    running = {p: 0 for p in match.players}
    hands = []
    for mh, record in zip(match.hands, log.hands, strict=False):
        entry: dict[str, Any] = {
            "number": mh.number,
            "dealer": mh.dealer,
            "kind": mh.kind,
            "actions": list(record.actions),
        }
        if record.deal is not None:
            entry["deal"] = record.deal
        if record.quick is not None:
            entry["quick"] = record.quick
        if mh.hand is not None:
            entry["tricks"] = [t.to_dict() for t in mh.hand.completed_tricks()]
            entry["revokes"] = [r.text() for r in mh.hand.revokes]
        if mh.result is not None:
            for p, s in mh.result.scores.items():
                running[p] += s
            entry["result"] = mh.result.to_dict()
        entry["totals"] = dict(running)
        hands.append(entry)
    return {
        "format": "scorekeeper-export/1",
        "ruleset": match.rules.id,
        "options": match.rules.overrides,
        "players": match.players,
        "first_dealer": match.first_dealer,
        "started": log.started.isoformat(),
        "hands": hands,
        "totals": match.totals(),
        "over": match.over(),
    }


SHEET_FORMATS = ("markdown", "html")


def sheet_text(format_: str, match: Match, lang: str = "en") -> str:
    """The match's score sheet as ``markdown`` or ``html``, game words in ``lang``."""
    from scorekeeper.view import html, markdown
    from scorekeeper.view.sheet import build

    sheet = build(match, lang)
    return markdown.render(sheet) if format_ == "markdown" else html.render(sheet)


def to_json(log: MatchLog, match: Match) -> str:
    return json.dumps(history(log, match), indent=2, ensure_ascii=False) + "\n"


def to_csv(match: Match) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    players = match.players
    writer.writerow(
        [
            "hand",
            "dealer",
            "kind",
            "game",
            "winner",
            "value",
            *[f"{p} score" for p in players],
            *[f"{p} total" for p in players],
            "reasons",
        ]
    )
    running = {p: 0 for p in players}
    for mh in match.hands:
        res = mh.result
        if res is None:
            writer.writerow(
                [mh.number, mh.dealer, mh.kind, "in play", "", "", *[""] * (2 * len(players)), ""]
            )
            continue
        for p in players:
            running[p] += res.scores.get(p, 0)
        writer.writerow(
            [
                mh.number,
                mh.dealer,
                mh.kind,
                res.game_type,
                res.winner or "",
                res.value,
                *[res.scores.get(p, 0) for p in players],
                *[running[p] for p in players],
                res.reasons(),
            ]
        )
    return out.getvalue()
