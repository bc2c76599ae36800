"""Exports of a match's history, derived by replaying its log: JSON and CSV; and of its
score sheet: Markdown and HTML (``scorekeeper.view.markdown``, ``scorekeeper.view.html``).

:func:`write_json` and :func:`write_csv` write hand by hand to a stream, so that a season
exports in memory that does not grow with it; :func:`to_json`, :func:`to_csv` and
:func:`history` give the same text (or data) for a match replayed whole.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, TextIO

from scorekeeper.match import Match, MatchHand
from scorekeeper.matchlog import HandRecord, MatchLog
from scorekeeper.rules import Ruleset
from scorekeeper.shown import csv_cell


def hand_entry(mh: MatchHand, record: HandRecord, running: dict[str, int]) -> dict[str, Any]:
    """One hand of the JSON history; ``running`` (the totals so far) moves on by its scores."""
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
    return entry


def _head(rules: Ruleset, log: MatchLog) -> dict[str, Any]:
    return {
        "format": "scorekeeper-export/1",
        "ruleset": rules.id,
        "options": rules.overrides,
        "players": list(log.players),
        "first_dealer": log.first_dealer,
        "started": log.started.isoformat(),
    }


def _end(match: Match) -> dict[str, Any]:
    return {"totals": match.totals(), "over": match.over()}


def history(log: MatchLog, match: Match) -> dict[str, Any]:
    running = {p: 0 for p in match.players}
    hands = [
        hand_entry(mh, record, running) for mh, record in zip(match.hands, log.hands, strict=False)
    ]
    return {**_head(match.rules, log), "hands": hands, **_end(match)}


SHEET_FORMATS = ("markdown", "html", "chat")


def sheet_text(format_: str, match: Match, lang: str = "en") -> str:
    """The match's score sheet as ``markdown`` (a table, for a wiki), ``html`` or
    ``chat`` (a fixed-width block a chat app shows as it is), game words in ``lang``."""
    return "".join(sheet_pieces(format_, match, lang))


def sheet_pieces(format_: str, match: Match, lang: str = "en") -> Iterable[str]:
    """:func:`sheet_text` in pieces to be written as they come: the HTML line by line
    (a season's page is never one text), the others whole."""
    from scorekeeper.view import chat, html, markdown
    from scorekeeper.view.sheet import build

    sheet = build(match, lang)
    if format_ == "html":
        return html.render_lines(sheet)
    return [{"markdown": markdown.render, "chat": chat.render}[format_](sheet)]


def _dumps(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False)


def write_listed(
    write: Callable[[str], object],
    data: Mapping[str, Any],
    key: str,
    items: Iterable[Any],
    later: Callable[[], Mapping[str, Any]] = dict,
    dumps: Callable[[Any], str] = _dumps,
) -> int:
    """Write, as ``dumps`` (indented JSON) gives ``data`` with ``key``'s value the list of
    ``items`` (and the keys of ``later()`` at the end), the list one item at a time (never
    all held), ``later`` asked only after it: the one way a long list is written as JSON.
    The number of items."""
    mark, keys = f"\x00{key}\x00", list(data)
    at = keys.index(key)
    tail = {k: data[k] for k in keys[at + 1 :]}
    write(dumps({**{k: data[k] for k in keys[:at]}, key: mark}).partition(dumps(mark))[0])
    count = 0
    for item in items:
        write(("[\n    " if not count else ",\n    ") + dumps(item).replace("\n", "\n    "))
        count += 1
    write("\n  ]" if count else "[]")
    write(dumps({key: mark, **tail, **later()}).partition(dumps(mark))[2] + "\n")
    return count


def write_json(
    out: TextIO,
    rules: Ruleset,
    log: MatchLog,
    hands: Iterable[tuple[MatchHand, HandRecord]],
    final: Callable[[], Match],
) -> int:
    """Write the JSON history hand by hand, exactly as :func:`to_json` gives it; ``log``
    needs only its header, ``final`` gives the match once every hand went by."""
    running = {p: 0 for p in log.players}
    entries = (hand_entry(mh, record, running) for mh, record in hands)
    head = {**_head(rules, log), "hands": ()}
    return write_listed(out.write, head, "hands", entries, lambda: _end(final()))


def to_json(log: MatchLog, match: Match) -> str:
    return _dumps(history(log, match)) + "\n"


def write_csv(out: TextIO, players: list[str], hands: Iterable[MatchHand]) -> int:
    """Write the CSV history hand by hand, exactly as :func:`to_csv` gives it. A cell a
    spreadsheet would read as a formula (a name such as ``=HYPERLINK(...)``) is written
    as text (:func:`scorekeeper.shown.csv_cell`)."""
    writer = _InertWriter(csv.writer(out, lineterminator="\n"))
    words = _csv_words()
    writer.writerow(
        [
            *(words.head(c) for c in ("hand", "dealer", "kind", "game", "winner", "value")),
            *[words.head("score", player=p) for p in players],
            *[words.head("total", player=p) for p in players],
            words.head("reasons"),
        ]
    )
    running = {p: 0 for p in players}
    count = 0
    for mh in hands:
        count += 1
        res = mh.result
        if res is None:
            writer.writerow(
                [
                    mh.number,
                    mh.dealer,
                    words.kind(mh.kind),
                    words.term("in play"),
                    "",
                    "",
                    *[""] * (2 * len(players)),
                    "",
                ]
            )
            continue
        for p in players:
            running[p] += res.scores.get(p, 0)
        writer.writerow(
            [
                mh.number,
                mh.dealer,
                words.kind(mh.kind),
                words.game(res),
                words.term(res.winner or ""),
                res.value,
                *[res.scores.get(p, 0) for p in players],
                *[running[p] for p in players],
                words.reasons(res),
            ]
        )
    return count


class _InertWriter:
    """A CSV writer whose every cell is made inert for spreadsheets."""

    def __init__(self, writer: Any) -> None:
        self._writer = writer

    def writerow(self, row: Iterable[Any]) -> None:
        self._writer.writerow([csv_cell(cell) for cell in row])


class _CsvWords:
    """The CSV's header and words in the view's language: English exactly as before,
    German and Dutch as the table says them (the codes stay in the match file and JSON)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def head(self, column: str, **params: Any) -> str:
        if self.lang == "en":
            return f"{params['player']} {column}" if params else column
        from scorekeeper.text import say

        return say(f"sheet.csv.{column}", **params)

    def kind(self, kind: str) -> str:
        if self.lang == "en":
            return kind
        from scorekeeper.text import say, template

        return say(f"sheet.csv.kind.{kind}") if template(f"sheet.csv.kind.{kind}") else kind

    def reasons(self, res: Any) -> str:
        """A hand's value on one line: the items as the engine wrote them in English, as
        the score sheet words them otherwise (the clause too: 'TSR 7.2, Sonderpunkt')."""
        if self.lang == "en":
            return str(res.reasons())
        from scorekeeper.view.value import value_line

        return value_line(res.items)

    def game(self, res: Any) -> str:
        """A hand's game: a new deal as the sheet names it ('neu geben'; English: 'redeal',
        as before), else the game's term."""
        if res.redeal and self.lang != "en":
            from scorekeeper.text import say

            return say("sheet.redeal")
        return self.term(res.game_type)

    def term(self, text: str) -> str:
        from scorekeeper.lang.terms import sides_in, term

        if self.lang == "en":  # the engine's words, partners as the table writes them
            return sides_in(text, self.lang)
        return term(text, self.lang)


def _csv_words() -> _CsvWords:
    from scorekeeper.text import language

    return _CsvWords(language.current())


def to_csv(match: Match) -> str:
    out = io.StringIO()
    write_csv(out, match.players, match.hands)
    return out.getvalue()


# ---------------------------------------------------------------------- the sheet as JSON
def sheet_dict(match: Match, hands: Any = None) -> dict[str, Any]:
    """The sheet as ``score --json`` gives it; ``hands`` stands for the hands' entries
    (default: the list of them, :func:`sheet_hands`; :func:`emit_sheet` streams them)."""
    return {
        "ruleset": match.rules.id,
        "options": match.rules.overrides,
        "players": match.players,
        "hands": list(sheet_hands(match)) if hands is None else hands,
        "totals": match.totals(),
        "over": match.over(),
        "sheet": sheet_form(match),
    }


def emit_sheet(match: Match, more: Mapping[str, Any] | None = None) -> None:
    """:func:`sheet_dict` (and ``more``) as JSON on standard output, the hands written
    one at a time (``score --json``, ``demo --json``)."""
    import sys
    from functools import partial

    data = {**sheet_dict(match, hands=()), **(more or {})}
    dumps = partial(json.dumps, indent=2, ensure_ascii=False, default=str)
    write_listed(sys.stdout.write, data, "hands", sheet_hands(match), dict, dumps)


def sheet_hands(match: Match) -> Iterator[dict[str, Any]]:
    """Each hand's entry of the sheet: its result, reasons and running totals."""
    running = {p: 0 for p in match.players}
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
        yield entry


def sheet_form(match: Match) -> dict[str, Any]:
    from scorekeeper.view.sheet import build, to_dict

    return to_dict(build(match))
