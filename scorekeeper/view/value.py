"""A hand's value as the table reads it: the items in the order the value is made, with a
line where points are added after the multipliers (``x2 Re announced``), so that nobody
reads the extra points that follow as doubled.

Every front end shows a value through here: the command line, the table session, the
score sheet's reasons (and with them the exports) and the live page of ``serve``, whose
phones each speak their own language (:func:`item_text`).
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.reasons import reason_of
from scorekeeper.record import replace
from scorekeeper.result import ValueItem
from scorekeeper.text import say
from scorekeeper.view.words import cards, term


def item_text(item: ValueItem) -> str:
    """An item's line (``ValueItem.text``'s form) in the language spoken now: a label the
    view made from a reason is worded in it (the same words where they were made in it:
    ``Reason.worded`` keeps them), a plain one is a game's term with its cards named; the
    clause's words too. A live page words a replay made once in each phone's language."""
    label = item.label
    label = (
        cards(reason.worded()) if (reason := reason_of(label)) is not None else cards(term(label))
    )
    clause = term(item.clause) if item.clause else item.clause
    if label is item.label and clause is item.clause:
        return item.text()
    return replace(item, label=label, clause=clause).text()


def parts(items: Sequence[ValueItem]) -> list[list[ValueItem]]:
    """The items cut where points are added after a multiplier: the first part is made and
    multiplied, each next one is added to what the part before came to."""
    out: list[list[ValueItem]] = [[]]
    multiplied = False
    for item in items:
        if item.op == "add" and multiplied:
            out.append([])
            multiplied = False
        out[-1].append(item)
        multiplied = multiplied or item.op == "times"
    return out


def value_rows(items: Sequence[ValueItem]) -> list[tuple[str, str]]:
    """(text, rule) for each item, with a line of its own (no rule) before the points
    added after a multiplier; the rule named in the language spoken now (``scoring.won``
    -> ``Abrechnung, gewonnen``; English keeps the key)."""
    rows: list[tuple[str, str]] = []
    for n, part in enumerate(parts(items)):
        if n:
            rows.append((line_start(say("sheet.value_after")), ""))
        rows.extend((line_start(item_text(item)), rule_named(item.rule)) for item in part)
    return rows


def line_start(text: str) -> str:
    """A row or a note of its own as a German or Dutch table writes a line: from a capital ('Nass
    für Ben & Dirk: ...', 'Daarna erbij, ...'; the same words run on inside the sheet's
    one-line reasons); English as the engine wrote it."""
    from scorekeeper.text import language

    if language.current() == language.ENGLISH or not text[:1].islower() or text[1:2].isdigit():
        return text  # 'x2 Kontra': a factor, not a word
    return text[0].upper() + text[1:]


def value_line(items: Sequence[ValueItem]) -> str:
    """The items on one line (the score sheet's reasons), the points added after a
    multiplier set apart in the same words."""
    return "; ".join(
        ", ".join(item_text(item) for item in part)
        if not n
        else f"{say('sheet.value_after')} " + ", ".join(item_text(item) for item in part)
        for n, part in enumerate(parts(items))
    )


def rule_named(key: str) -> str:
    """A rule key as the language spoken now names it (``following.follow_suit`` ->
    ``Bedienen, Farbe bedienen``: judge, the table's referee); English shows the key, which
    ``--json`` carries too."""
    from scorekeeper.text import language

    lang = language.current()
    if lang == language.ENGLISH or not key:
        return key
    from scorekeeper.lang.terms import rule_name

    return rule_name(key, lang)
