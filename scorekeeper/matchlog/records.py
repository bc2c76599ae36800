"""The records of a match file and their shape: :class:`MatchLog` (the header and the
hands) and :class:`HandRecord` (one ``[[hand]]`` table), with their canonical TOML form,
and the checks a parsed document passes before it becomes them (required fields, key
names, types, and that every action and deal belongs to a player of the match).

Building a record from a parsed document checks its shape first (:func:`shape_problems`);
dumping a record gives the canonical text that :func:`scorekeeper.matchlog.write` stores.
Each check returns or adds ``(path, message)`` pairs: ``path`` says where in the document
the problem is (the source map turns it into a line), ``message`` says what is wrong.
Whether an action is legal is the engine's business, not this module's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime, time
from typing import Any

import tomli_w

from scorekeeper.datacopy import copied
from scorekeeper.errors import MatchFileError
from scorekeeper.matchlog.sourcemap import KeyPath, SourceMap
from scorekeeper.reasons import because
from scorekeeper.record import NEW, field, record
from scorekeeper.shown import control_in

FORMAT = "scorekeeper-match/1"
"""The value of the ``format`` field this version reads and writes."""

MIN_PLAYERS = 2
"""The fewest players a match file may name."""

MAX_PLAYERS = 6
"""The most players a match file may name."""

Problem = tuple[KeyPath, str]
Add = Callable[[KeyPath, str], None]

MAX_DEPTH = 20
"""How deeply values may nest in a match file; a sound one never goes beyond six."""

_REQUIRED_HEADER = ("format", "ruleset", "players", "first_dealer", "started")
_HEADER_KEYS = frozenset({*_REQUIRED_HEADER, "lang", "price", "options", "hand"})
MAX_PRICE = 1_000_000
LANGS = ("en", "de", "nl")
"""The values of the optional header field ``lang`` (``scorekeeper.lang`` speaks them)."""
_HAND_KEYS = frozenset({"actions", "deal", "quick", "amended"})
HEADER_KEYS, HAND_KEYS = _HEADER_KEYS, _HAND_KEYS
"""The keys a header and a hand may hold besides the user's own (``_`` first)."""


def _said(message: str, /, **params: Any) -> str:
    """A problem's words (the view's, in the table's language), still carrying its key."""
    return because(message, **params).worded()


def describe(value: Any) -> str:
    """A short human description of a TOML value for error messages."""
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    for kind, name in _KIND_NAMES:
        if isinstance(value, kind):
            return _said(f"matchlog.value.{name}")
    return type(value).__name__


_KIND_NAMES: tuple[tuple[Any, str], ...] = (
    (datetime, "date_time"),
    (date, "date"),
    (time, "time"),
    (list, "list"),
    (Mapping, "table"),
)


def _holds_table(value: Any) -> bool:
    if isinstance(value, Mapping):
        return True
    if isinstance(value, list):
        return any(_holds_table(item) for item in value)
    return False


def name_problem(name: object, seen: Sequence[str] | set[str]) -> str | None:
    """What is wrong with one player's name given the names before it, or None.

    The one rule for player names, shared by the match file's check (so ``import`` too),
    ``new``, renaming and the engine: a non-empty string without whitespace or control
    characters (an escape sequence, a bidi override: :func:`scorekeeper.shown.control_in`),
    different from every other name. The answer is a kind (``type``, ``empty``,
    ``whitespace``, ``control``, ``twice``); callers word it.
    """
    if not isinstance(name, str):
        return "type"
    if not name:
        return "empty"
    if any(char.isspace() for char in name):
        return "whitespace"
    if control_in(name) is not None:
        return "control"
    if name in seen:
        return "twice"
    return None


def too_deep(data: Any, limit: int = MAX_DEPTH) -> KeyPath | None:
    """Where values first nest deeper than ``limit`` tables and lists, or None.

    Walks without recursion, so that absurd nesting is answered, never a crash.
    """
    stack: list[tuple[KeyPath, Any]] = [((), data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, Mapping):
            items: Any = value.items()
        elif isinstance(value, list):
            if len(path) < limit and set(map(type, value)) <= _SCALARS:
                continue  # a list of plain values (every action list): nothing nests
            items = enumerate(value)
        else:
            continue
        if len(path) >= limit:
            return path
        stack.extend(((*path, key), item) for key, item in items)
    return None


_SCALARS = frozenset({str, int, float, bool, datetime, date, time})


def path_text(path: KeyPath) -> str:
    """A location for people: ``hand 2: quick.re`` or ``options.fox``."""
    if len(path) >= 2 and path[0] == "hand" and isinstance(path[1], int):
        rest = ".".join(str(p) for p in path[2:] if isinstance(p, str))
        return _said("matchlog.at.hand", hand=path[1] + 1) + (f": {rest}" if rest else "")
    return ".".join(str(p) for p in path if isinstance(p, str)) or _said("matchlog.at.file")


def shape_problems(data: Mapping[str, Any], known: Known | None = None) -> list[Problem]:
    """Every shape problem of a parsed match document, each with where it is.

    A document nested absurdly deep gets that one problem: nothing else is looked at.
    ``known``: the strings found sound in the hands of this match read before (a match
    read hand by hand, each hand with the same header), so that each is checked once.
    """
    deep = too_deep(data)
    if deep is not None:
        return [
            (
                deep,
                f"{path_text(deep[:4])}: {_said('matchlog.nest', depth=MAX_DEPTH)}",
            )
        ]
    problems: list[Problem] = []

    def add(path: KeyPath, message: str) -> None:
        problems.append((path, message))

    _check_keys(data, add)
    _check_format_and_ruleset(data, add)
    players: set[str] | None = None
    if "players" in data:
        players = _check_players(data["players"], add)
    _check_dealer_and_start(data, players, add)
    if "options" in data:
        _check_options(data["options"], add)
    if "hand" in data:
        hands = data["hand"]
        if not isinstance(hands, list):
            add(("hand",), _said("matchlog.hand_array"))
        else:
            known = known or Known(set(), set())
            for index, table in enumerate(hands):
                if not isinstance(table, Mapping):
                    add(("hand", index), _said("matchlog.hand_table", hand=index + 1))
                else:
                    _check_hand(index, table, players, add, known)
    return problems


def _check_keys(data: Mapping[str, Any], add: Add) -> None:
    for key in _REQUIRED_HEADER:
        if key not in data:
            add((), _said("matchlog.missing", key=key))
    for key in data:
        if key not in _HEADER_KEYS and not key.startswith("_"):
            add((key,), _said("matchlog.unknown_key", key=key))


def _check_format_and_ruleset(data: Mapping[str, Any], add: Add) -> None:
    if "format" in data and data["format"] != FORMAT:
        add(("format",), _said("matchlog.format", value=describe(data["format"]), format=FORMAT))
    if "ruleset" in data:
        ruleset = data["ruleset"]
        if not isinstance(ruleset, str):
            add(("ruleset",), _said("matchlog.ruleset_type", value=describe(ruleset)))
        elif not ruleset.strip():
            add(("ruleset",), _said("matchlog.ruleset_empty"))


def _check_dealer_and_start(data: Mapping[str, Any], players: set[str] | None, add: Add) -> None:
    if "first_dealer" in data:
        dealer = data["first_dealer"]
        if not isinstance(dealer, str):
            add(("first_dealer",), _said("matchlog.dealer_type", value=describe(dealer)))
        elif players is not None and dealer not in players:
            add(("first_dealer",), _said("matchlog.dealer_unknown", dealer=dealer))
    if "lang" in data and data["lang"] not in LANGS:
        add(("lang",), _said("matchlog.lang", langs=LANGS, value=describe(data["lang"])))
    if "price" in data:
        _check_price(data["price"], add)
    if "started" in data and not isinstance(data["started"], datetime):
        add(("started",), _said("matchlog.started", value=describe(data["started"])))


def _check_price(price: Any, add: Add) -> None:
    """A price per point: a number from 0 to a million (a TOML integer or float)."""
    number = isinstance(price, int | float) and not isinstance(price, bool)
    if not number or not 0 <= price <= MAX_PRICE:  # NaN fails both comparisons
        add(("price",), _said("matchlog.price", most=MAX_PRICE, value=describe(price)))


def _check_options(options: Any, add: Add) -> None:
    if not isinstance(options, Mapping):
        add(("options",), _said("matchlog.options_type", value=describe(options)))
        return
    for name, value in options.items():
        if _holds_table(value):
            add(("options", name), _said("matchlog.option_table", name=name))


def _check_players(value: Any, add: Add) -> set[str] | None:
    """Check the players list; return the valid names, or None when it is not a list."""
    if not isinstance(value, list):
        add(
            ("players",),
            _said(
                "matchlog.players_type", least=MIN_PLAYERS, most=MAX_PLAYERS, value=describe(value)
            ),
        )
        return None
    if not MIN_PLAYERS <= len(value) <= MAX_PLAYERS:
        key = "matchlog.players_one" if len(value) == 1 else "matchlog.players_count"
        add(("players",), _said(key, count=len(value), least=MIN_PLAYERS, most=MAX_PLAYERS))
    seen: set[str] = set()
    for index, name in enumerate(value):
        kind = name_problem(name, seen)
        if kind is None:
            seen.add(name)
            continue
        described = describe(name)
        message = _said(f"matchlog.player.{kind}", number=index + 1, name=name, value=described)
        add(("players", index), message)
    return seen


class Known:
    """Strings already found sound in this file: a long match repeats the same few. (A
    plain class: a NamedTuple would be compiled by every command at start-up.) A file
    read hand by hand keeps one for all its hands (``shape_problems(known=...)``): its
    players, which an action is checked against, are the same for each."""

    __slots__ = ("actions", "cards")

    def __init__(self, actions: set[str], cards: set[str]) -> None:
        self.actions = actions
        self.cards = cards


def _all_known(known: set[str], values: list[Any]) -> bool:
    try:
        return known.issuperset(values)
    except TypeError:  # an unhashable value: the slow path says what it is
        return False


def _sound_card(card: str) -> bool:
    return bool(card.strip()) and control_in(card) is None


def _check_hand(
    index: int, table: Mapping[str, Any], players: set[str] | None, add: Add, known: Known
) -> None:
    number = index + 1
    base: KeyPath = ("hand", index)
    for key in table:
        if key not in _HAND_KEYS and not key.startswith("_"):
            add((*base, key), _said("matchlog.hand_key", key=key, hand=number))
    if "actions" not in table:
        add(base, _said("matchlog.no_actions", hand=number))
    else:
        _check_actions(index, table["actions"], players, add, known.actions)
    if "deal" in table:
        _check_deal(index, table["deal"], players, add, known.cards)
    if "quick" in table and not isinstance(table["quick"], Mapping):
        add(
            (*base, "quick"),
            _said("matchlog.quick_type", hand=number, value=describe(table["quick"])),
        )
    if "amended" in table:
        amended = table["amended"]
        if not isinstance(amended, list) or not all(isinstance(x, Mapping) for x in amended):
            add((*base, "amended"), _said("matchlog.amended_type", hand=number))


def _check_actions(
    index: int, actions: Any, players: set[str] | None, add: Add, known: set[str]
) -> None:
    number = index + 1
    base: KeyPath = ("hand", index, "actions")
    if not isinstance(actions, list):
        add(base, _said("matchlog.actions_type", hand=number, value=describe(actions)))
        return
    if players is not None and _all_known(known, actions):
        return
    for position, action in enumerate(actions):
        where = (*base, position)
        if not isinstance(action, str):
            add(
                where,
                _said(
                    "matchlog.action_type", hand=number, action=position + 1, value=describe(action)
                ),
            )
        elif not action.strip():
            add(where, _said("matchlog.action_empty", hand=number, action=position + 1))
        elif (char := control_in(action)) is not None:
            why = _said("folder.action_control", hand=number, action=action, char=char)
            add(where, why)
        else:
            actor = action.split()[0]
            if players is not None and actor not in players:
                add(where, _said("matchlog.action_player", action=action, actor=actor))
            elif players is not None:
                known.add(action)


def _check_deal(index: int, deal: Any, players: set[str] | None, add: Add, known: set[str]) -> None:
    number = index + 1
    base: KeyPath = ("hand", index, "deal")
    if not isinstance(deal, Mapping):
        add(base, _said("matchlog.deal_type", hand=number, value=describe(deal)))
        return
    for player, cards in deal.items():
        where = (*base, player)
        if players is not None and player not in players:
            add(where, _said("matchlog.deal_player", player=player))
        if not isinstance(cards, list):
            add(where, _said("matchlog.deal_cards", player=player, value=describe(cards)))
            continue
        if _all_known(known, cards):
            continue
        for position, card in enumerate(cards):
            if not isinstance(card, str) or not _sound_card(card):
                add(
                    (*where, position),
                    _said(
                        "matchlog.deal_card", player=player, card=position + 1, value=describe(card)
                    ),
                )
            else:
                known.add(card)


# ---------------------------------------------------------------------- the records
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
