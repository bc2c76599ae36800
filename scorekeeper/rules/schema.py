"""The rule set's schema: every table of a rule set read once into a frozen record, and
the tables every game shares (``CommonRules``: identity, deck, deal, card points,
ranking, contracts, following, play, match, sheet and options).

A schema is a tree of ``Section`` records (``scorekeeper.record``, made without the cost
of ``dataclasses`` at start-up). Each field's type says what the TOML value
must be (``int``, ``bool``, ``str``, a ``Literal`` of words, ``tuple[X, ...]`` for a list,
``Mapping[str, X]`` for a table of named entries, another ``Section`` for a table, ``X |
None`` for a key that may be left out); ``key()`` adds bounds and help. Reading checks every
value once, at the door, and reports each problem as ``key: message``; the engine then reads
typed attributes and never meets a wrong type.

A strict schema (``Section.strict``) refuses keys it does not declare, suggesting the
nearest known key; a family's schema is strict once it declares every key it reads. A
game family's schema subclasses ``CommonRules`` and adds its own tables (``scoring``,
``bidding``...) or widens a shared one (a ``Match`` with a ``target``).
"""

from __future__ import annotations

import sys
import types
import typing
from collections.abc import Iterable, Mapping
from types import CodeType
from typing import Any, ClassVar, Literal, TypeVar, get_args, get_origin

from scorekeeper.cards import RANKS, SUITS, Card
from scorekeeper.errors import CardError
from scorekeeper.reasons import because
from scorekeeper.record import MISSING, Field, field, fields, record

T = TypeVar("T")
Problem = tuple[str, str]
"""A problem of a rule set: the dotted key and what is wrong with it."""

# Numbers in a rule set count cards, points and games: anything beyond this is a typo or
# an attack, never a rule, and would only make arithmetic slow further on.
LARGEST = 10**9


def key(
    *,
    help: str = "",
    min: int | None = None,
    max: int | None = None,
    default: Any = MISSING,
    name: str | None = None,
    rest: bool = False,
) -> Any:
    """A field of a ``Section`` with its bounds (``min``/``max`` for numbers and list lengths),
    its help, an optional default (text and empty tables only: a game's numbers come from
    the rule set, never from Python), its TOML name when that is no Python name (``"10"``),
    or ``rest=True`` to collect the table's remaining keys (``card_points``' ranks)."""
    meta = {"help": help, "min": min, "max": max, "name": name, "rest": rest}
    if isinstance(default, dict | list):
        frozen = tuple(default) if isinstance(default, list) else dict(default)
        return field(default_factory=lambda: frozen, metadata=meta)
    return field(default=default, metadata=meta)


@record(frozen=True, kw_only=True)
class Section:
    """A table of a rule set, read and checked once. Subclasses declare typed fields."""

    strict: ClassVar[bool] = False

    def problems(self) -> Iterable[Problem]:
        """Checks across keys (a total that must add up, a card that must be in the deck):
        ``(key relative to this table, message)`` for each problem."""
        return ()


_hints: dict[type, dict[str, Any]] = {}
_own: dict[type, dict[str, Any]] = {}
_compiled: dict[str, CodeType] = {}


def hints(cls: type) -> dict[str, Any]:
    """The class's annotations evaluated, its bases' included: ``typing.get_type_hints``
    (tests/test_record.py holds them equal for every rule-set record), but each class's own
    annotations evaluated once and each annotation's text compiled once. Every command reads
    a rule set: ``explain: str``, inherited by every table, was compiled per table."""
    found = _hints.get(cls)
    if found is None:
        found = {}
        for base in reversed(cls.__mro__):
            found.update(_own_hints(base))
        _hints[cls] = found
    return found


def _own_hints(cls: type) -> dict[str, Any]:
    found = _own.get(cls)
    if found is None:
        found = _own[cls] = {}
        module = getattr(sys.modules.get(cls.__module__), "__dict__", {})
        names = dict(vars(cls))
        for name, value in cls.__dict__.get("__annotations__", {}).items():  # noqa: RUF063
            if value is None:
                value = type(None)
            elif isinstance(value, str):
                code = _compiled.get(value)
                if code is None:
                    code = _compiled[value] = compile(value, "<annotation>", "eval")
                # the namespaces of get_type_hints: the module's names before the class's
                value = eval(code, names, module)
            found[name] = value
    return found


def toml_name(f: Field) -> str:
    return f.metadata.get("name") or f.name


def said(message: str, /, **params: Any) -> str:
    """A problem's words (the view's, in the table's language), still carrying its key."""
    return because(message, **params).worded()


def type_word(tp: Any) -> str:
    """How a value of this type is described to a person writing the rule set."""
    origin = get_origin(tp)
    if tp is bool:
        return said("rules.type.bool")
    if tp is int:
        return said("rules.type.int")
    if tp is str:
        return said("rules.type.str")
    if origin is Literal:
        return said("rules.type.one_of", values=[str(a) for a in get_args(tp)])
    if origin in (tuple, list):
        return said("rules.type.list")
    if origin in (Mapping, dict) or (isinstance(tp, type) and issubclass(tp, Section)):
        return said("rules.type.table")
    if origin in (types.UnionType, typing.Union):
        words = [type_word(a) for a in get_args(tp) if a is not type(None)]
        return words[0] if len(words) == 1 else said("rules.type.either", types=words)
    return said("rules.type.value")


class Reader:
    """Reads TOML values into a schema's types, collecting every problem it meets."""

    def __init__(self, *, strict: bool) -> None:
        self.strict = strict
        self.problems: list[Problem] = []

    def bad(self, at: str, message: str) -> None:
        self.problems.append((at, message))

    # -- one value of a given type
    def value(self, tp: Any, value: Any, at: str, meta: Mapping[str, Any]) -> Any:
        origin = get_origin(tp)
        if origin in (types.UnionType, typing.Union):
            return self._union(tp, value, at, meta)
        if isinstance(tp, type) and issubclass(tp, Section):
            return self.section(tp, value, at)
        if origin is Literal:
            return self._literal(tp, value, at)
        if origin is tuple:
            return self._list(get_args(tp)[0], value, at, meta)
        if origin in (Mapping, dict):
            return self._table(get_args(tp)[1], value, at, meta)
        if tp is Any:
            return value
        return self._scalar(tp, value, at, meta)

    def _union(self, tp: Any, value: Any, at: str, meta: Mapping[str, Any]) -> Any:
        options = [a for a in get_args(tp) if a is not type(None)]
        if value is None:
            return None
        if len(options) == 1:
            return self.value(options[0], value, at, meta)
        for option in options:  # the first type the value has
            if _is_instance(value, option):
                return self.value(option, value, at, meta)
            if isinstance(value, list) and get_origin(option) is tuple:
                return self.value(option, value, at, meta)
        self.bad(at, said("rules.must_be", type=type_word(tp), value=_shown(value)))
        return None

    def _literal(self, tp: Any, value: Any, at: str) -> Any:
        allowed = get_args(tp)
        if value not in allowed or isinstance(value, bool) != isinstance(allowed[0], bool):
            allowed_words = [str(a) for a in allowed]
            self.bad(at, said("rules.not_one_of", value=_shown(value), allowed=allowed_words))
            return None
        return value

    def _scalar(self, tp: Any, value: Any, at: str, meta: Mapping[str, Any]) -> Any:
        if not _is_instance(value, tp):
            self.bad(at, said("rules.must_be", type=type_word(tp), value=_shown(value)))
            return None
        if tp is int:
            low, high = meta.get("min"), meta.get("max")
            if abs(value) > LARGEST:
                self.bad(at, said("rules.far_beyond", value=_shown(value)))
                return None
            if low is not None and value < low:
                self.bad(at, said("rules.at_least", least=low, value=value))
                return None
            if high is not None and value > high:
                self.bad(at, said("rules.at_most", most=high, value=value))
                return None
        return value

    def _list(self, item: Any, value: Any, at: str, meta: Mapping[str, Any]) -> Any:
        if not isinstance(value, list):
            self.bad(at, said("rules.must_be", type=said("rules.type.list"), value=_shown(value)))
            return None
        low = meta.get("min")
        if low is not None and len(value) < low:
            self.bad(at, said("rules.not_empty") if low == 1 else said("rules.entries", least=low))
            return None
        before = len(self.problems)
        out = tuple(self.value(item, v, at, {}) for v in value)
        return out if len(self.problems) == before else None

    def _table(self, item: Any, value: Any, at: str, meta: Mapping[str, Any]) -> Any:
        if not isinstance(value, Mapping):
            self.bad(at, said("rules.must_be", type=said("rules.type.table"), value=_shown(value)))
            return None
        before = len(self.problems)
        out = {str(k): self.value(item, v, f"{at}.{k}", {}) for k, v in value.items()}
        low = meta.get("min")
        if low is not None and len(out) < low:
            self.bad(at, said("rules.entry" if low == 1 else "rules.entries", least=low))
        return out if len(self.problems) == before else None

    # -- a whole table into a Section
    def section(self, cls: type[T], table: Any, at: str) -> T | None:
        if not isinstance(table, Mapping):
            table_word = said("rules.type.table")
            self.bad(at or "(file)", said("rules.must_be", type=table_word, value=_shown(table)))
            return None
        prefix = f"{at}." if at else ""
        declared = fields(cls)
        known = {toml_name(f) for f in declared if not f.metadata.get("rest")}
        before = len(self.problems)
        values: dict[str, Any] = {}
        for f in declared:
            if f.metadata.get("rest"):
                rest = {k: v for k, v in table.items() if k not in known}
                values[f.name] = self._table(get_args(hints(cls)[f.name])[1], rest, at, {})
                continue
            name = toml_name(f)
            if name in table:
                values[f.name] = self.value(
                    hints(cls)[f.name], table[name], prefix + name, f.metadata
                )
            elif not _has_default(f):
                self.bad(prefix + name, said("rules.missing", type=type_word(hints(cls)[f.name])))
        if self.strict and not any(f.metadata.get("rest") for f in declared):
            for name in table:
                if name not in known:
                    self.bad(prefix + str(name), unknown_key(str(name), known))
        if len(self.problems) != before:
            return None
        made = cls(**values)
        for key_, message in made.problems():  # type: ignore[attr-defined]
            self.bad(f"{prefix}{key_}" if key_ else at, message)
        return made


def unknown_key(name: str, known: Iterable[str]) -> str:
    """The refusal of a key nobody reads, with the nearest known key when one is near."""
    close = nearest(name, known)
    if close:
        return said("rules.unknown_key_near", near=close)
    return said("rules.unknown_key", known=sorted(known))


def nearest(name: str, known: Iterable[str]) -> str | None:
    """The known name most like ``name`` (a typo's likely meaning), or None if none is near."""
    import difflib  # only a refused name asks: deferred for start-up

    # A low bar, measured both ways: a key of a few letters (``value`` for ``default``)
    # is still worth a guess.
    def likeness(other: str) -> float:
        return max(
            difflib.SequenceMatcher(None, name, other).ratio(),
            difflib.SequenceMatcher(None, other, name).ratio(),
        )

    ranked = sorted(known, key=lambda k: (-likeness(k), k))
    return ranked[0] if ranked and likeness(ranked[0]) >= 0.3 else None


def _has_default(f: Field) -> bool:
    return f.default is not MISSING or f.default_factory is not MISSING


def _is_instance(value: Any, tp: Any) -> bool:
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if tp in (bool, str):
        return isinstance(value, tp)
    if get_origin(tp) is Literal:
        return value in get_args(tp)
    return False


def _shown(value: Any) -> str:
    """A value as the message shows it: short, whatever it is."""
    if isinstance(value, Mapping):
        return said("rules.type.table")
    if isinstance(value, list):
        return said("rules.type.list")
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > LARGEST:
        return said("rules.digits", digits=len(str(abs(value))))
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def read(
    cls: type[T], data: Mapping[str, Any], *, strict: bool | None = None
) -> tuple[T | None, list[Problem]]:
    """Read a whole rule set's data into ``cls``; the record, or None and the problems."""
    reader = Reader(strict=cls.strict if strict is None else strict)  # type: ignore[attr-defined]
    record = reader.section(cls, data, "")
    return (record if not reader.problems else None), reader.problems


# ---------------------------------------------------------------------- the tables every game shares
TRUMP_PLACEHOLDER = "{T}"


@record(frozen=True, kw_only=True)
class Explained(Section):
    """A table with its explanation in words (``explain``), shown by ``explain`` and ``rules show``."""

    explain: str = key(default="", help="the rule in the rule set's own words")


@record(frozen=True, kw_only=True)
class DeckSpec(Explained):
    ranks: tuple[str, ...] = key(min=1, help="the ranks in the deck")
    suits: tuple[str, ...] = key(min=1, help="the suits in the deck")
    copies: int = key(min=1, max=8, help="how many times each card is in the deck")

    def problems(self) -> Iterable[Problem]:
        for name, values, universe in (("ranks", self.ranks, RANKS), ("suits", self.suits, SUITS)):
            if unknown := [v for v in values if v not in universe]:
                yield name, said(f"rules.unknown_{name[:-1]}", value=unknown[0], known=universe)


@record(frozen=True, kw_only=True)
class DealSpec(Explained):
    packets: tuple[int, ...] = key(min=1, help="the packets each player is dealt, in order")

    def problems(self) -> Iterable[Problem]:
        if any(p < 1 for p in self.packets):
            yield "packets", said("rules.packets")

    @property
    def hand_size(self) -> int:
        return sum(self.packets)


@record(frozen=True, kw_only=True)
class CardPoints(Explained):
    total: int = key(min=0, help="the card points of the whole deck")
    trump: Mapping[str, int] = key(default={}, help="ranks worth more as trumps")
    values: Mapping[str, int] = key(rest=True, help="each rank's card points")


@record(frozen=True, kw_only=True)
class Ranking(Explained):
    plain_order: tuple[str, ...] = key(min=1, help="a plain suit's ranks, highest first")
    identical: Literal["first_wins"] = key(default="first_wins", help="of two equal cards")


@record(frozen=True, kw_only=True)
class ContractSpec(Explained):
    name: str = key(default="", help="the contract's name")
    trumps: tuple[str, ...] = key(default=[], help="the trumps, highest first; {T}: the trump suit")
    plain_order: tuple[str, ...] | None = key(
        default=None, help="a plain suit's ranks, if not the usual"
    )


WHEN_VOID = Literal["any", "trump", "trump_if_opponent_winning"]


@record(frozen=True, kw_only=True)
class Following(Explained):
    """The following obligations. Left out, a duty does not exist (no heading, no
    over-trumping): the rule set says which duties its game has."""

    follow_suit: bool = key(default=True, help="follow the suit led if you can")
    head: Literal["never", "trump_led", "always"] = key(default="never", help="beat the best card")
    when_void: WHEN_VOID = key(default="any", help="what to play without the suit led")
    overtrump: Literal["never", "always", "if_opponent_winning"] = key(default="never")
    lower_trump_if_cannot_overtrump: bool = key(default=False)
    undertrump: Literal["allowed", "only_if_nothing_else"] = key(default="allowed")


@record(frozen=True, kw_only=True)
class Play(Explained):
    turn_order: Literal["clockwise"] = key(default="clockwise")
    first_lead: str = key(default="left_of_dealer", help="who leads the first trick")
    tricks: int | None = key(default=None, min=1, help="tricks per hand (else the hand size)")
    last_trick_bonus: int | None = key(default=None, min=0, help="card points for the last trick")


@record(frozen=True, kw_only=True)
class Match(Explained):
    dealer_rotation: Literal["clockwise"] = key(default="clockwise")
    sit_out: Literal["dealer"] | None = key(default=None, help="who sits out at a larger table")
    redeal_same_dealer: bool = key(default=True, help="a redeal is dealt by the same dealer")


SHEET_MARKS = Literal[
    "maker",
    "trump",
    "roem",
    "nat",
    "pit",
    "revoke",
    "kraak",
    "side",
    "bock",
    "solo",
    "carried",
    "doubled",
    "knock",
    "alone",
    "bella",
]


@record(frozen=True, kw_only=True)
class SheetSpec(Explained):
    """The score sheet's form: what its columns are, what each row marks, how far the
    match has to go and the checks a paper list makes. The view reads it; no code per game."""

    columns: Literal["players", "teams"] = key(
        default="players", help="one column per player, or per fixed team"
    )
    progress: Literal["none", "hands", "games", "target"] = key(
        default="none", help="what the match is played to: [match] hands, games or target"
    )
    marks: tuple[SHEET_MARKS, ...] = key(default=[], help="what each row marks")
    checks: tuple[Literal["zero_sum", "parity"], ...] = key(
        default=[], help="the paper list's own checks, shown per row"
    )


OptionValue = bool | int | str | tuple[str, ...]
OPTION_KEYS = frozenset({"default", "explain", "choices", "when"})


@record(frozen=True, kw_only=True)
class OptionSpec(Section):
    """One option a match may change: its default, explanation, allowed words, and the
    keys it changes for each of its values (``when``). Other keys are the option's
    parameters, which the family declares (``CommonRules.option_params``)."""

    default: OptionValue = key(help="the value unless a match sets another")
    explain: str = key(help="what the option does")
    choices: tuple[str, ...] | None = key(default=None)
    when: Mapping[str, Mapping[str, Any]] = key(default={})
    params: Mapping[str, Any] = key(rest=True)

    def problems(self) -> Iterable[Problem]:
        if not self.explain:
            yield "explain", said("rules.option.explain")
        if self.choices is not None and self.default not in self.choices:
            yield "default", said("rules.option.not_a_choice", value=self.default)
        allowed = self.when_keys()
        for value in self.when:
            if allowed is not None and value not in allowed:
                yield f"when.{value}", said("rules.option.not_a_value", value=value)

    def when_keys(self) -> set[str] | None:
        if self.choices:
            return {when_key(c) for c in self.choices}
        if isinstance(self.default, bool):
            return {"true", "false"}
        return None


def when_key(value: Any) -> str:
    """How an option value is written as a key of its ``when`` table."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


@record(frozen=True, kw_only=True)
class CommonRules(Section):
    """A whole rule set as far as every family reads it."""

    option_params: ClassVar[frozenset[str]] = frozenset()

    id: str
    name: str
    family: str
    players: tuple[int, ...] = key(min=1, help="the player counts the game is played with")
    summary: str = key(default="")
    sources: tuple[str, ...] = key(default=[])
    notes: tuple[str, ...] = key(default=[])
    extends: str | None = key(default=None)
    deck: DeckSpec
    deal: DealSpec
    card_points: CardPoints
    ranking: Ranking
    contracts: Mapping[str, ContractSpec] = key(min=1)
    following: Following = key(default=Following())
    play: Play = key(default=Play())
    match: Match = key(default=Match())
    sheet: SheetSpec = key(default=SheetSpec())
    options: Mapping[str, OptionSpec] = key(default={})

    def problems(self) -> Iterable[Problem]:
        if any(not 2 <= p <= 6 for p in self.players):
            yield "players", said("rules.players")
        yield from self._card_point_problems()
        for name, contract in self.contracts.items():
            yield from self._trump_problems(name, contract)
            yield from self._plain_order_problems(name, contract)
        for name, spec in self.options.items():
            for param in spec.params:
                if self.strict and param not in self.option_params:
                    known = OPTION_KEYS | self.option_params
                    yield f"options.{name}.{param}", unknown_key(param, known)

    def _card_point_problems(self) -> Iterable[Problem]:
        points = self.card_points
        for rank in self.deck.ranks:
            if rank not in points.values:
                yield f"card_points.{rank}", said("rules.points_missing")
        for rank in points.values:
            if rank not in RANKS:  # ranks outside this deck are fine: an option may add them
                yield f"card_points.{rank}", unknown_key(rank, [*RANKS, "total", "trump"])
        per_suit = sum(points.values.get(r, 0) for r in self.deck.ranks)
        computed = per_suit * len(self.deck.suits) * self.deck.copies
        extra = sum(
            points.trump.get(r, points.values.get(r, 0)) - points.values.get(r, 0)
            for r in self.deck.ranks
        )
        computed += extra * self.deck.copies
        if computed != points.total:
            yield (
                "card_points.total",
                said("rules.points_total", computed=computed, total=points.total),
            )

    def _plain_order_problems(self, name: str, contract: ContractSpec) -> Iterable[Problem]:
        """Every card that is not a trump in a contract must rank in a plain suit."""
        order = contract.plain_order or self.ranking.plain_order
        key = f"contracts.{name}.plain_order" if contract.plain_order else "ranking.plain_order"
        if unknown := [r for r in order if r not in RANKS]:
            yield key, said("rules.unknown_rank", value=unknown[0], known=RANKS)
            return
        if len(set(order)) != len(order):
            yield key, said("rules.rank_twice")
            return
        fixed = {code for code in contract.trumps if TRUMP_PLACEHOLDER not in code}
        plain = {
            rank
            for rank in self.deck.ranks
            for suit in self.deck.suits
            if f"{rank}{suit}" not in fixed
        }
        if missing := [r for r in self.deck.ranks if r in plain and r not in order]:
            yield (
                key,
                said("rules.plain_unranked", rank=missing[0], contract=name),
            )

    def _trump_problems(self, name: str, contract: ContractSpec) -> Iterable[Problem]:
        for code in contract.trumps:
            if TRUMP_PLACEHOLDER in code:
                continue
            try:
                card = Card.parse(code)
            except CardError:
                yield f"contracts.{name}.trumps", said("rules.trump_unknown", card=code)
                continue
            if card.rank not in self.deck.ranks or card.suit not in self.deck.suits:
                yield f"contracts.{name}.trumps", said("rules.trump_not_in_deck", card=code)
