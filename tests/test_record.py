"""``scorekeeper.record`` behaves like the dataclasses it replaces.

Every record class here has a dataclass twin with the same body; hypothesis builds both
from the same values and compares what the engine relies on: construction (positional,
keyword, defaults, factories, ``__post_init__``), the instance's fields in order (what
pickle writes, so the replay cache's snapshots are the same bytes), ``==``, ``hash``,
``repr``, pickling, immutability, ``fields()``, ``replace()`` and the errors of a wrong
call.
"""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any, ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import record as rec
from scorekeeper.actions import Action
from scorekeeper.contract import TrickVerdict
from scorekeeper.following import Verdict
from scorekeeper.games.doppelkopf.records import Announcement, Facts
from scorekeeper.games.doppelkopf.scoring import _Play
from scorekeeper.match import MatchHand
from scorekeeper.matchlog import HandRecord
from scorekeeper.reasons import Reason
from scorekeeper.result import HandResult, Outcome, Play, Tally, Trick, ValueItem
from scorekeeper.rules.schema import Section, key, read
from scorekeeper.session import Step

# ------------------------------------------------------------------ twins (module level:
# pickle finds a class by its module and name)


@dataclasses.dataclass(frozen=True)
class DcPlain:
    key: str
    params: dict[str, Any] = dataclasses.field(default_factory=dict)
    rule: str | None = None
    shared: ClassVar[int] = 3


@rec.record(frozen=True)
class RecPlain:
    key: str
    params: dict[str, Any] = rec.field(default_factory=dict)
    rule: str | None = None
    shared: ClassVar[int] = 3


@dataclasses.dataclass(frozen=True, kw_only=True)
class DcBase:
    explain: str = dataclasses.field(default="", metadata={"help": "words"})
    count: int = 1


@dataclasses.dataclass(frozen=True, kw_only=True)
class DcSub(DcBase):
    ranks: tuple[str, ...]
    count: int = 2  # redeclared: keeps its place, takes the new default
    note: str | None = dataclasses.field(default=None, compare=False, repr=False)


@rec.record(frozen=True, kw_only=True)
class RecBase:
    explain: str = rec.field(default="", metadata={"help": "words"})
    count: int = 1


@rec.record(frozen=True, kw_only=True)
class RecSub(RecBase):
    ranks: tuple[str, ...]
    count: int = 2
    note: str | None = rec.field(default=None, compare=False, repr=False)


@dataclasses.dataclass
class DcMutable:
    name: str
    items: list[int] = dataclasses.field(default_factory=list)


@rec.record
class RecMutable:
    name: str
    items: list[int] = rec.field(default_factory=list)


@dataclasses.dataclass(frozen=True)
class DcPost:
    a: int
    b: int = 0
    made: tuple[int, ...] = dataclasses.field(init=False, default_factory=tuple)

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", self.a + self.b)


@rec.record(frozen=True)
class RecPost:
    a: int
    b: int = 0
    made: tuple[int, ...] = rec.field(init=False, default_factory=tuple)

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", self.a + self.b)


class DcKept(DcMutable):
    """A subclass that keeps a field through a property (as session.cache.CachedHand)."""

    @property  # type: ignore[override]
    def items(self) -> list[int]:
        return self.__dict__["_items"]  # type: ignore[no-any-return]

    @items.setter
    def items(self, value: list[int]) -> None:
        self.__dict__["_items"] = value


class RecKept(RecMutable):
    @property  # type: ignore[override]
    def items(self) -> list[int]:
        return self.__dict__["_items"]  # type: ignore[no-any-return]

    @items.setter
    def items(self, value: list[int]) -> None:
        self.__dict__["_items"] = value


TWINS = [
    (DcPlain, RecPlain),
    (DcSub, RecSub),
    (DcMutable, RecMutable),
    (DcPost, RecPost),
    (DcKept, RecKept),
]

values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 5),
    st.text(max_size=3),
    st.tuples(st.text(max_size=2)),
    st.floats(allow_nan=True),
)


def _call(cls: type, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """The instance, or the type of the error the call raised."""
    try:
        return cls(*args, **kwargs)
    except TypeError as exc:
        return type(exc)


def _state(obj: Any) -> list[tuple[str, Any]]:
    """What pickle writes for the instance: its attributes, in order."""
    return list(obj.__reduce_ex__(2)[2].items())


def _same(a: Any, b: Any) -> None:
    if isinstance(a, type):
        assert a is b
        return
    assert _state(a) == _state(b)
    assert repr(a).replace("Dc", "") == repr(b).replace("Rec", "")


def _kwargs(cls: type, data: st.DataObject) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """Arguments for ``cls``: mostly a right call, sometimes a wrong one (too many
    positional arguments, a required one missing, an unknown or doubled keyword)."""
    declared = rec.fields(cls) if rec.is_record(cls) else dataclasses.fields(cls)
    init = [f for f in declared if f.init]
    positional = [f.name for f in init if not f.kw_only]
    args = tuple(data.draw(st.lists(values, max_size=len(positional) + 1)))
    rest = [f.name for f in init if f.name not in positional[: len(args)]]
    required = {
        f.name
        for f in init
        if f.name in rest
        and f.default in (dataclasses.MISSING, rec.MISSING)
        and f.default_factory in (dataclasses.MISSING, rec.MISSING)
    }
    names = required if data.draw(st.integers(0, 4)) else set()
    if rest:
        names |= set(data.draw(st.lists(st.sampled_from(rest))))
    if not data.draw(st.integers(0, 4)):
        names.add(data.draw(st.sampled_from(["zz", "made", "key", "a"])))
    return args, {n: data.draw(values) for n in sorted(names)}


@given(st.data())
def test_construction_state_repr_eq_hash_as_dataclasses(data: st.DataObject) -> None:
    dc, rc = data.draw(st.sampled_from(TWINS))
    args, kwargs = _kwargs(dc, data)
    a, b = _call(dc, args, kwargs), _call(rc, args, kwargs)
    _same(a, b)
    if isinstance(a, type):
        return
    args2, kwargs2 = _kwargs(dc, data)
    a2, b2 = _call(dc, args2, kwargs2), _call(rc, args2, kwargs2)
    if isinstance(a2, type):
        return
    assert (a == a2) == (b == b2)
    assert (a != a2) == (b != b2)
    assert (b == a) is False  # records never equal another class
    if dc.__hash__ is None:
        assert rc.__hash__ is None
        return
    try:
        expected: Any = hash(a)
    except TypeError as exc:
        expected = type(exc)
    try:
        got: Any = hash(b)
    except TypeError as exc:
        got = type(exc)
    assert got == expected


@given(st.data())
def test_pickle_round_trip_and_same_state(data: st.DataObject) -> None:
    dc, rc = data.draw(st.sampled_from(TWINS))
    args, kwargs = _kwargs(dc, data)
    a, b = _call(dc, args, kwargs), _call(rc, args, kwargs)
    if isinstance(a, type):
        return
    back = pickle.loads(pickle.dumps(b))
    assert type(back) is rc
    assert _state(back) == _state(b)
    if not any(v != v for _, v in _state(b)):  # NaN is never equal, not even to itself
        assert back == b


@given(st.data())
def test_replace_as_dataclasses(data: st.DataObject) -> None:
    dc, rc = data.draw(st.sampled_from(TWINS))
    args, kwargs = _kwargs(dc, data)
    a, b = _call(dc, args, kwargs), _call(rc, args, kwargs)
    if isinstance(a, type):
        return
    _, changes = _kwargs(dc, data)
    try:
        ra: Any = dataclasses.replace(a, **changes)
    except (TypeError, ValueError) as exc:
        ra = type(exc)
    try:
        rb: Any = rec.replace(b, **changes)
    except (TypeError, ValueError) as exc:
        rb = type(exc)
    _same(ra, rb)


@pytest.mark.parametrize(("dc", "rc"), TWINS)
def test_fields_as_dataclasses(dc: type, rc: type) -> None:
    def given(value: Any) -> Any:
        return "MISSING" if value in (rec.MISSING, dataclasses.MISSING) else value

    def described(fs: Any) -> list[tuple[Any, ...]]:
        return [
            (
                *(f.name, f.type, given(f.default), given(f.default_factory), f.init, f.repr),
                *(f.compare, f.hash, dict(f.metadata), f.kw_only),
            )
            for f in fs
        ]

    assert described(rec.fields(rc)) == described(dataclasses.fields(dc))
    assert rc.__match_args__ == dc.__match_args__  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        rec.fields(object())


def test_frozen_records_refuse_changes_as_dataclasses() -> None:
    a, b = DcSub(ranks=("Q",)), RecSub(ranks=("Q",))
    for obj in (a, b):
        with pytest.raises(AttributeError, match="cannot assign to field 'count'"):
            obj.count = 3  # type: ignore[misc]
        with pytest.raises(AttributeError, match="cannot assign to field 'other'"):
            obj.other = 3  # type: ignore[attr-defined]
        with pytest.raises(AttributeError, match="cannot delete field 'count'"):
            del obj.count  # type: ignore[misc]
    with pytest.raises(rec.FrozenInstanceError):
        b.count = 3  # type: ignore[misc]
    m = RecMutable("x")
    m.name = "y"
    assert m == RecMutable("y")


def test_a_subclass_is_never_equal_to_its_base() -> None:
    assert DcBase(count=2) != DcSub(ranks=(), count=2)
    assert RecBase(count=2) != RecSub(ranks=(), count=2)
    assert RecSub(ranks=(), count=2) != RecBase(count=2)


def test_class_definitions_refused_as_dataclasses() -> None:
    with pytest.raises(ValueError, match="mutable default"):

        @rec.record
        class Bad:
            items: list[int] = []  # noqa: RUF012

    with pytest.raises(TypeError, match="follows default"):

        @rec.record
        class Order:
            a: int = 0
            b: int

    with pytest.raises(TypeError, match="non-frozen"):

        @rec.record
        class Thaw(RecPlain):
            more: int = 0

    with pytest.raises(TypeError, match="Cannot overwrite"):

        @rec.record(frozen=True)
        class Own:
            a: int

            def __setattr__(self, name: str, value: Any) -> None: ...


def test_recursive_repr_is_cut_short() -> None:
    loop = RecMutable("x", [])
    loop.items.append(loop)  # type: ignore[arg-type]
    twin = DcMutable("x", [])
    twin.items.append(twin)  # type: ignore[arg-type]
    assert repr(loop) == repr(twin).replace("DcMutable", "RecMutable")


# ------------------------------------------- records whose __init__ is written out

WRITTEN_OUT = [Reason, TrickVerdict, ValueItem, HandResult, Action, Play, Trick, Outcome, Verdict]
WRITTEN_OUT += [MatchHand, Step, Tally, Facts, _Play]
WRITTEN_OUT += [HandRecord]  # one per hand read from a match file
WRITTEN_OUT += [Announcement]  # one per announcement replayed


@pytest.mark.parametrize("cls", WRITTEN_OUT)
def test_written_out_inits_are_the_records_own(cls: type) -> None:
    own = cls.__dict__["__init__"]
    assert own.__code__ is not rec.shared_init(cls).__code__  # written out in the class
    assert own.__qualname__ == f"{cls.__name__}.__init__"


@given(st.data())
def test_written_out_inits_do_what_the_shared_init_does(data: st.DataObject) -> None:
    cls = data.draw(st.sampled_from(WRITTEN_OUT))
    args, kwargs = _kwargs(cls, data)
    mine = _call(cls, args, kwargs)
    shared: Any = cls.__new__(cls)
    try:
        rec.shared_init(cls)(shared, *args, **kwargs)
    except TypeError as exc:
        shared = type(exc)
    if isinstance(shared, type):
        assert mine is shared
        return
    assert _state(mine) == _state(shared)
    again = cls(*args, **kwargs)
    for (name, value), (_, other) in zip(_state(mine), _state(again), strict=True):
        if isinstance(value, list | dict) and name not in kwargs:  # a default made anew
            assert value is not other


# --------------------------------------------------------------- the rule-set records


@rec.record(frozen=True, kw_only=True)
class Table(Section):
    size: int = key(min=1, max=9, help="how many")
    words: tuple[str, ...] = key(default=["a"], help="some words")
    named: dict[str, int] = key(default={}, name="by-name")


def test_a_section_reads_defaults_factories_and_bounds() -> None:
    made, problems = read(Table, {"size": 3, "by-name": {"x": 1}})
    assert problems == []
    assert made == Table(size=3, named={"x": 1})
    assert made.words == ("a",)
    assert pickle.loads(pickle.dumps(made)) == made
    assert [f.metadata["help"] for f in rec.fields(Table)] == ["how many", "some words", ""]
    _, problems = read(Table, {"size": 0, "wrods": []}, strict=True)
    assert [p[0] for p in problems] == ["size", "wrods"]


def _sections(cls: type) -> list[type]:
    found = [cls]
    for sub in cls.__subclasses__():
        found += _sections(sub)
    return found


def test_schema_hints_are_get_type_hints_for_every_rule_set_record() -> None:
    import typing

    import scorekeeper.games  # noqa: F401  (every family's schema)
    from scorekeeper.games import BINDER
    from scorekeeper.rules import schema

    for family in BINDER.names:
        BINDER.bind(family)
    sections = _sections(Section)
    assert len(sections) > 40
    for cls in sections:
        assert schema.hints(cls) == typing.get_type_hints(cls), cls


def test_a_class_of_its_own_hash_keeps_it_as_dataclasses_do() -> None:
    @dataclasses.dataclass(frozen=True)
    class DcNone:
        a: int
        __hash__ = None  # type: ignore[assignment]

    @rec.record(frozen=True)
    class RecNone:
        a: int
        __hash__ = None  # type: ignore[assignment]

    @dataclasses.dataclass(frozen=True)
    class DcOwn:
        a: int

        def __hash__(self) -> int:
            return 7

    @rec.record(frozen=True)
    class RecOwn:
        a: int

        def __hash__(self) -> int:
            return 7

    assert DcNone.__hash__ is None and RecNone.__hash__ is None
    assert hash(DcOwn(1)) == hash(RecOwn(1)) == 7
    assert RecOwn(1) == RecOwn(1) != RecOwn(2)
