"""Corrections of a recorded match: undo the last thing recorded, amend a hand after the fact.

Both change the log only; the session replays the whole match before it writes, so a
correction that leaves the match unsound is refused and nothing is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.errors import IllegalActionError
from scorekeeper.hand import Hand
from scorekeeper.match import Match
from scorekeeper.matchlog import HandRecord, MatchLog
from scorekeeper.reasons import because
from scorekeeper.ruleset import load
from scorekeeper.session.undone import hand_record, taken_action, taken_hand


def undo(log: MatchLog, before: int = 0) -> str:
    """Remove the last action (or the last quick hand, or an empty hand's deal); say what
    went. ``before``: how many hands come before the log's (a tail's log)."""
    return take_last(log, before)[0]


def take_last(log: MatchLog, before: int = 0) -> tuple[str, dict[str, Any]]:
    """:func:`undo`, with what it took as plain data for a redo (:mod:`.undone`)."""
    if not log.hands:
        raise IllegalActionError(because("undo.nothing", "undo"), kind="usage")
    last = log.hands[-1]
    number = before + len(log.hands)
    if last.quick is not None:
        log.hands.pop()
        return because("undo.quick", hand=number).worded(), taken_hand(number, last)
    if last.actions:
        text = last.actions.pop()
        if not last.actions and last.deal is None:
            log.hands.pop()
        return because("undo.action", action=text).worded(), taken_action(number, text)
    log.hands.pop()
    return because("undo.deal", hand=number).worded(), taken_hand(number, last)


def put_back(log: MatchLog, before: int, taken: dict[str, Any]) -> str:
    """Put back what :func:`take_last` took (the session replays the match before it
    writes, so an entry that no longer fits is refused); say what came back."""
    number = int(taken.get("hand", 0))
    count = before + len(log.hands)
    if taken["kind"] == "hand":
        if number != count + 1:
            raise IllegalActionError(because("undo.redo_moved", "undo"), kind="usage")
        record = hand_record(dict(taken.get("record", {})))
        log.hands.append(record)
        key = "undo.redo_quick" if record.quick is not None else "undo.redo_deal"
        return because(key, hand=number).worded()
    text = str(taken["action"])
    if number == count and log.hands:
        log.hands[-1].actions.append(text)
    elif number == count + 1:
        log.hands.append(HandRecord(actions=[text]))
    else:
        raise IllegalActionError(because("undo.redo_moved", "undo"), kind="usage")
    return because("undo.redo_action", action=text).worded()


def rename(log: MatchLog, old: str, new: str, keys: Any) -> int:
    """Rename player ``old`` to ``new`` through the whole log: the table, the first
    dealer, every hand's actions (their actor and any word naming the player), deal and
    quick facts (the facts ``keys`` says name players). Says in how many hands the name
    was written. The caller checks the new name and replays the match before it writes."""
    rename_table(log, old, new)
    return sum(rename_hand(record, old, new, keys) for record in log.hands)


def rename_table(log: MatchLog, old: str, new: str) -> None:
    """Rename player ``old`` to ``new`` in the header: the table and the first dealer."""
    log.players = [new if p == old else p for p in log.players]
    if log.first_dealer == old:
        log.first_dealer = new


def rename_hand(record: HandRecord, old: str, new: str, keys: Any) -> bool:
    """Rename player ``old`` to ``new`` in one hand (see :func:`rename`); whether the
    hand named them."""
    before = (list(record.actions), record.deal, record.quick)
    record.actions = [_renamed_words(text, old, new) for text in record.actions]
    if record.deal is not None and old in record.deal:
        record.deal = {new if p == old else p: cards for p, cards in record.deal.items()}
    if record.quick is not None:
        record.quick = {
            key: _renamed_fact(value, old, new, getattr(keys.get(key), "names", ""))
            for key, value in record.quick.items()
        }
    return (list(record.actions), record.deal, record.quick) != before


def _renamed_words(text: str, old: str, new: str) -> str:
    words = text.split(" ")
    return " ".join(new if w == old else w for w in words)


def _renamed_fact(value: Any, old: str, new: str, how: str) -> Any:
    if not how:
        return value
    if isinstance(value, list):
        return [_renamed_fact(v, old, new, how) for v in value]
    if not isinstance(value, str):
        return value
    if how == "word":
        return new if value.strip() == old else value
    if how == "colon":
        name, colon, rest = value.partition(":")
        return (new if name.strip() == old else name) + colon + rest
    return _renamed_words(value, old, new)


def amend(
    log: MatchLog,
    number: int,
    *,
    trick: int | None = None,
    action: int | None = None,
    values: Sequence[str] = (),
    facts: Sequence[tuple[str, Any]] | None = None,
    ruleset: str | None = None,
) -> dict[str, Any]:
    """Change a recorded hand in the log; say what changed. The caller replays and writes.

    ``trick``: replace that trick's cards (same players, same order) by ``values``;
    ``action``: replace one action string by ``values[0]``; neither: set ``facts``, the
    (key, value) pairs of a quick hand, already read by the family's declaration.
    The hand keeps an ``amended`` record of each change. ``ruleset``: the rule set as
    found from the match file's folder (``matchlog.files.for_match``), else ``log.ruleset``.
    """
    if not log.hands:
        raise IllegalActionError(because("amend.no_hands", "amend"), kind="usage")
    if not 1 <= number <= len(log.hands):
        raise IllegalActionError(
            because("amend.no_hand", "amend", hand=number, count=len(log.hands)), kind="usage"
        )
    record = log.hands[number - 1]
    if trick is not None:
        before, after = _amend_trick(log, number, trick, values, ruleset or log.ruleset)
        what = f"trick {trick}"
    elif action is not None:
        count = len(record.actions)
        if not 1 <= action <= count:
            key = "amend.no_action" if count else "amend.no_actions"
            why = because(key, "amend", hand=number, action=action, count=count)
            raise IllegalActionError(why, kind="usage")
        if len(values) != 1:
            why = because("amend.one_text", "amend", action=action, given=len(values))
            raise IllegalActionError(why, kind="usage")
        before = [record.actions[action - 1]]
        after = [values[0]]
        record.actions[action - 1] = values[0]
        what = f"action {action}"
    else:
        before, after = _amend_facts(record, number, facts or [])
        what = "facts"
    change: dict[str, Any] = {"what": what, "before": before, "after": after}
    record.amended = [*(record.amended or []), change]
    return change


def _amend_trick(
    log: MatchLog, number: int, trick: int, cards: Sequence[str], ruleset: str
) -> tuple[list[str], list[str]]:
    record = log.hands[number - 1]
    if record.quick is not None:
        raise IllegalActionError(because("amend.quick_tricks", "amend", hand=number), kind="usage")
    indices = _trick_actions(log, number, trick, ruleset)
    if len(cards) != len(indices):
        raise IllegalActionError(
            because("amend.trick_size", "amend", trick=trick, size=len(indices), given=len(cards)),
            kind="usage",
        )
    before = [record.actions[i] for i in indices]
    after = [f"{old.split()[0]} {card}" for old, card in zip(before, cards, strict=True)]
    for i, text in zip(indices, after, strict=True):
        record.actions[i] = text
    return before, after


def _amend_facts(
    record: HandRecord, number: int, facts: Sequence[tuple[str, Any]]
) -> tuple[list[str], list[str]]:
    if record.quick is None:
        raise IllegalActionError(because("amend.card_by_card", "amend", hand=number), kind="usage")
    if not facts:
        raise IllegalActionError(because("amend.no_facts", "amend"), kind="usage")
    before, after = [], []
    for key, value in facts:
        before.append(f"{key}={record.quick.get(key)!r}")
        record.quick[key] = value
        after.append(f"{key}={record.quick[key]!r}")
    return before, after


def _trick_actions(log: MatchLog, number: int, trick: int, ruleset: str) -> list[int]:
    """Indices, in the hand's action list, of the plays of one trick (by replaying it)."""
    rules = load(ruleset, log.options)
    match = Match(rules, log.players, log.first_dealer)
    for record in log.hands[: number - 1]:
        match._replay_hand(len(match.hands), record)
    record = log.hands[number - 1]
    hand = Hand(rules, log.players, match.next_dealer(), deal=record.deal, context=match.context())
    found: list[int] = []
    for i, text in enumerate(record.actions):
        hand.apply(text)
        if hand.tricks and hand.tricks[-1].number == trick and hand.history[-1].is_play:
            found.append(i)
    if not found:
        raise IllegalActionError(
            because("amend.no_trick", "amend", hand=number, trick=trick), kind="usage"
        )
    return found
