"""Typed rule-set records: every table of a rule set is read once into a frozen record.

A schema is a tree of ``Section`` records (``scorekeeper.record``, made without the cost
of ``dataclasses`` at start-up). Each field's type says what the TOML value
must be (``int``, ``bool``, ``str``, a ``Literal`` of words, ``tuple[X, ...]`` for a list,
``Mapping[str, X]`` for a table of named entries, another ``Section`` for a table, ``X |
None`` for a key that may be left out); ``key()`` adds bounds and help. Reading checks every
value once, at the door, and reports each problem as ``key: message``; the engine then reads
typed attributes and never meets a wrong type.

A strict schema (``Section.strict``) refuses keys it does not declare, suggesting the
nearest known key; a family's schema is strict once it declares every key it reads.
"""

from __future__ import annotations

import sys
import types
import typing
from collections.abc import Iterable, Mapping
from types import CodeType
from typing import Any, ClassVar, Literal, TypeVar, get_args, get_origin

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
