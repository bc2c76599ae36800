"""The records of a match file: :class:`MatchLog` (the header and the hands) and
:class:`HandRecord` (one ``[[hand]]`` table), with their canonical TOML form.

Building a record from a parsed document checks its shape first (:mod:`.shape`); dumping a
record gives the canonical text that :func:`scorekeeper.matchlog.write` stores.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any

import tomli_w

from scorekeeper.datacopy import copied
from scorekeeper.errors import MatchFileError
from scorekeeper.matchlog.shape import FORMAT, Known, shape_problems
from scorekeeper.record import NEW, field, record

if TYPE_CHECKING:
    from scorekeeper.matchlog.sourcemap import SourceMap


@record
class HandRecord:
    """One ``[[hand]]`` table of a match file.

    ``actions`` are the action strings in table order, each starting with the actor's
    name. ``deal`` optionally records the cards each player was dealt. ``quick`` holds the
    score-sheet facts of a hand that was not played card by card (its content is checked
    by the engine). ``amended`` records corrections made after the fact and is kept as it
    is. ``extra`` holds the user's own keys, all beginning with ``_``.
    """

    actions: list[str]
    deal: dict[str, list[str]] | None = None
    quick: dict[str, Any] | None = None
    amended: list[dict[str, Any]] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def __init__(
        self,
        actions: list[str],
        deal: dict[str, list[str]] | None = None,
        quick: dict[str, Any] | None = None,
        amended: list[dict[str, Any]] | None = None,
        extra: dict[str, Any] = NEW,
    ) -> None:
        # Written out: one per hand read (the shared init took 12 of a long match's 150 ms).
        self.actions = actions
        self.deal = deal
        self.quick = quick
        self.amended = amended
        self.extra = {} if extra is NEW else extra

    @property
    def is_quick(self) -> bool:
        """True when the hand was entered as a quick hand (it has a ``quick`` table)."""
        return self.quick is not None

    def to_dict(self, *, copies: bool = True) -> dict[str, Any]:
        """The hand as a TOML table: actions, deal, quick, amended, then the ``_`` keys
        (``copies=False``: the lists of actions and cards are the record's own, for a
        caller that only reads them, such as a write)."""
        table: dict[str, Any] = {"actions": list(self.actions) if copies else self.actions}
        if self.deal is not None:
            table["deal"] = (
                {player: list(cards) for player, cards in self.deal.items()}
                if copies
                else dict(self.deal)
            )
        if self.quick is not None:
            table["quick"] = copied(self.quick)
        if self.amended is not None:
            table["amended"] = copied(self.amended)
        for key, value in self.extra.items():
            if not key.startswith("_"):
                raise ValueError(f"hand extra key {key!r} must begin with '_'")
            table[key] = copied(value)
        return table


@record
class MatchLog:
    """A whole match file: the header and the hands in the order they were played.

    ``ruleset`` is a rule-set id or a path to a rule-set file, ``players`` are in seating
    order, ``options`` overrides rule-set options for this match, and ``extra`` holds
    the user's own header keys, all beginning with ``_``. ``lang`` is the match's
    language (``en``, ``de``, ``nl``) when one was chosen; a file without it is unchanged.
    ``price`` is the price per point for settling up, when one was set (same: optional).
    """

    ruleset: str
    players: list[str]
    first_dealer: str
    started: datetime
    options: dict[str, Any] = field(default_factory=dict)
    hands: list[HandRecord] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    lang: str | None = None
    price: float | None = None

    @classmethod
    def new(
        cls,
        ruleset: str,
        players: list[str],
        first_dealer: str | None = None,
        options: Mapping[str, Any] | None = None,
        started: datetime | None = None,
        lang: str | None = None,
    ) -> MatchLog:
        """Start a match with no hands yet.

        The first dealer defaults to the first player and the start time to now, in the
        local time zone, to the second. Raises :class:`MatchFileError` listing every
        problem when the header would not be a valid match file.
        """
        names = list(players)
        if first_dealer is None:
            first_dealer = names[0] if names else ""
        if started is None:
            started = datetime.now().astimezone().replace(microsecond=0)
        log = cls(
            ruleset=ruleset,
            players=names,
            first_dealer=first_dealer,
            started=started,
            options=dict(options or {}),
            lang=lang,
        )
        problems = shape_problems(log.to_dict())
        if problems:
            raise MatchFileError([message for _, message in problems])
        return log

    def to_dict(self, *, copies: bool = True) -> dict[str, Any]:
        """The match as a TOML document in canonical key order (``copies``: see
        :meth:`HandRecord.to_dict`).

        The order is format, ruleset, players, first_dealer, started, lang and price (only
        when set), the ``_`` keys,
        the options table (left out when empty) and the hand array (left out when there
        are no hands).
        """
        doc: dict[str, Any] = {
            "format": FORMAT,
            "ruleset": self.ruleset,
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "started": self.started,
        }
        if self.lang is not None:
            doc["lang"] = self.lang
        if self.price is not None:
            doc["price"] = self.price
        for key, value in self.extra.items():
            if not key.startswith("_"):
                raise ValueError(f"header extra key {key!r} must begin with '_'")
            doc[key] = copied(value)
        if self.options:
            doc["options"] = copied(self.options)
        if self.hands:
            doc["hand"] = [hand.to_dict(copies=copies) for hand in self.hands]
        return doc

    @classmethod
    def from_dict(
        cls,
        data: Mapping[str, Any],
        source_map: SourceMap | None = None,
        filename: str = "<match>",
        *,
        owned: bool = False,
        known: Known | None = None,
    ) -> MatchLog:
        """Build a match from a parsed TOML document, checking its shape.

        The match copies what it keeps of ``data``, unless ``owned`` says that ``data`` is
        the match's to keep (a document just parsed for it: nothing is copied then, neither
        a long match's lists nor a header's tables). ``known``: see :func:`shape_problems`
        (one match read hand by hand).

        Every problem found is reported, each as ``filename:line: message``, in one
        :class:`MatchFileError`. Lines come from ``source_map``; a problem it cannot place
        (or every problem, without a source map) is reported at line 1.
        """
        problems = shape_problems(data, known)
        if problems:
            located = [
                (source_map.line_near(path) if source_map else 1, message)
                for path, message in problems
            ]
            located.sort(key=lambda item: item[0])
            raise MatchFileError([f"{filename}:{line}: {message}" for line, message in located])
        hands = [_hand_from_dict(table, owned) for table in data.get("hand", [])]
        options = dict(data.get("options", {}))
        return cls(
            ruleset=data["ruleset"],
            players=list(data["players"]),
            first_dealer=data["first_dealer"],
            started=data["started"],
            options=options if owned else copied(options),
            hands=hands,
            extra={k: v if owned else copied(v) for k, v in data.items() if k.startswith("_")},
            lang=data.get("lang"),
            price=data.get("price"),
        )

    def dumps(self) -> str:
        """The match file's text in canonical form, as :func:`write` stores it.

        This is ``tomli_w.dumps`` of :meth:`to_dict`: every non-empty list is written one
        item per line, so each action sits on a line of its own.
        """
        return tomli_w.dumps(self.to_dict())


def _hand_from_dict(table: Mapping[str, Any], owned: bool = False) -> HandRecord:
    deal = table.get("deal")
    if not owned and deal is not None:
        deal = {player: list(cards) for player, cards in deal.items()}
    if owned and len(table) == 1 + (deal is not None):
        return HandRecord(table["actions"], deal)  # a played hand: nothing else to copy
    return HandRecord(
        actions=table["actions"] if owned else list(table["actions"]),
        deal=deal,
        quick=copied(table.get("quick")),
        amended=copied(table.get("amended")),
        extra={k: copied(v) for k, v in table.items() if k.startswith("_")},
    )
