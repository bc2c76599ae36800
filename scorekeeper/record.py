"""Typed records made cheaply: what ``dataclasses`` gives the engine's records, without its
cost at start-up.

``dataclasses`` writes the source of five small functions per class and compiles them
(about half a millisecond a class), and importing it imports ``inspect``, ``ast`` and
``dis``. Every command makes some sixty record classes before it reads a file, so the
engine's records are made here instead: ``@record(frozen=True, kw_only=True)`` gives a
class the same behaviour from shared, already compiled functions:

* construction by keyword (and by position, unless ``kw_only``) with defaults and
  ``field(default_factory=...)``, ``__post_init__`` called after it, the same
  ``TypeError`` for a missing or unknown argument;
* ``==`` between records of the same class comparing the fields in order (``compare=False``
  fields left out), ``hash`` of the same tuple for a frozen record, none for a mutable one;
* ``repr`` as ``Name(a=1, b='x')`` (``repr=False`` fields left out);
* a frozen record refuses assignment and deletion with ``FrozenInstanceError``, an
  ``AttributeError``;
* the instance's fields live in its ``__dict__`` in field order, so a record pickles
  exactly as the dataclass it replaces did (the replay cache's snapshots do not change);
* ``fields(cls_or_record)``, ``replace(record, **changes)`` and ``asdict(record)`` as in
  ``dataclasses``.

The one record policy: the shared ``__init__`` for every record, except a class made in
the engine's hot loops (one or more per card or per hand replayed: ``Action``, ``Play``,
``Trick``, ``Outcome``, ``Reason``...), which writes its ``__init__`` out, storing into
``self.__dict__`` in field order. That is for run-time speed, not start-up: the shared
``__init__`` is made from compiled code (5-19 us a class at import, no source compiled),
but a call of it costs 1.2-1.6 us against 0.36-0.46 us written out (result.py's six, CPU
per construction, fastest of 5 x 200,000; ``python bench/perf.py`` has no row for it: the
figure is in docs/performance.md). A class that writes its ``__init__`` gets none made
(the decorator leaves it, and a type checker reads it, as ``dataclasses`` does);
``shared_init(cls)`` is what it must match, and tests/test_record.py holds every one of
them to it.

Each field of the class body is declared by its annotation (``ClassVar`` ones are class
attributes, as in ``dataclasses``); a subclass adds its fields after its bases' fields,
and redeclaring one keeps its place.
"""

from __future__ import annotations

import typing
from _thread import get_ident
from collections.abc import Callable, Iterable
from operator import attrgetter
from types import MappingProxyType
from typing import Any, TypeVar

T = TypeVar("T")


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()
"""No default (as ``dataclasses.MISSING``)."""

_REQUIRED: Any = _Missing()  # a required argument not given, while an instance is made

NEW: Any = _Missing()
"""The default of a hand-written ``__init__``'s argument whose field has a
``default_factory``: ``params: dict = NEW`` then ``{} if params is NEW else params``."""


class _Factory:
    """A default made anew for every instance, while it is made."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


class FrozenInstanceError(AttributeError):
    """Assignment to or deletion of a field of a frozen record."""


_EMPTY: Any = MappingProxyType({})


class Field:
    """One field of a record: its name, annotation, default and how it takes part."""

    __slots__ = (
        "compare",
        "default",
        "default_factory",
        "hash",
        "init",
        "kw_only",
        "metadata",
        "name",
        "repr",
        "type",
    )

    def __init__(
        self,
        default: Any,
        default_factory: Any,
        init: bool,
        repr: bool,
        hash: bool | None,
        compare: bool,
        metadata: Any,
        kw_only: Any,
    ) -> None:
        self.name: str = ""
        self.type: Any = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = _EMPTY if not metadata else MappingProxyType(metadata)
        self.kw_only = kw_only

    def __repr__(self) -> str:
        return (
            f"Field(name={self.name!r},type={self.type!r},default={self.default!r},"
            f"default_factory={self.default_factory!r},init={self.init!r},repr={self.repr!r},"
            f"hash={self.hash!r},compare={self.compare!r},metadata={self.metadata!r},"
            f"kw_only={self.kw_only!r})"
        )


def field(
    *,
    default: Any = MISSING,
    default_factory: Any = MISSING,
    init: bool = True,
    repr: bool = True,
    hash: bool | None = None,
    compare: bool = True,
    metadata: Any = None,
    kw_only: Any = MISSING,
) -> Any:
    """A field with more than a plain default (as ``dataclasses.field``)."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)


def fields(class_or_record: Any) -> tuple[Field, ...]:
    """The fields of a record class or record, in order."""
    try:
        return class_or_record.__record_fields__
    except AttributeError:
        raise TypeError("must be called with a record type or instance") from None


def is_record(obj: Any) -> bool:
    return hasattr(obj, "__record_fields__")


def replace(obj: T, /, **changes: Any) -> T:
    """A copy of a record with some fields changed (as ``dataclasses.replace``)."""
    for f in fields(obj):
        if not f.init:
            if f.name in changes:
                raise ValueError(
                    f"field {f.name} is declared with init=False, it cannot be specified "
                    "with replace()"
                )
            continue
        if f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def asdict(obj: Any) -> dict[str, Any]:
    """A record as a dict of its fields, records, lists, tuples and dicts inside it
    turned the same way (as ``dataclasses.asdict``; any other value is handed on as it
    is, not deep-copied: ``copy`` stays out of a command's start-up)."""
    if not is_record(obj) or isinstance(obj, type):
        raise TypeError("asdict() should be called on record instances")
    return _plain(obj)


def _plain(value: Any) -> Any:
    if is_record(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return type(value)(*[_plain(v) for v in value])
    if isinstance(value, (list, tuple)):
        return type(value)(_plain(v) for v in value)
    if isinstance(value, dict):
        return type(value)((_plain(k), _plain(v)) for k, v in value.items())
    return value


def shared_init(cls: Any) -> Callable[..., None]:
    """The ``__init__`` the record's fields would give ``cls``: what a hand-written one
    (for a class made in the engine's hot loops) must do, faster."""
    positional = [f.name for f in fields(cls) if f.init and not f.kw_only]
    return _init(cls, fields(cls), positional, frozen=cls.__record_frozen__)


@typing.dataclass_transform(field_specifiers=(field,))
def record(
    cls: type[T] | None = None,
    /,
    *,
    init: bool = True,
    repr: bool = True,
    eq: bool = True,
    frozen: bool = False,
    kw_only: bool = False,
) -> Any:
    """Make a class a record (as ``@dataclass`` with the same keywords)."""

    def wrap(cls: type[T]) -> type[T]:
        _Maker(cls, frozen=frozen, kw_only=kw_only).make(init=init, repr=repr, eq=eq)
        return cls

    return wrap if cls is None else wrap(cls)


def _is_classvar(annotation: Any) -> bool:
    if isinstance(annotation, str):
        text = annotation.strip()
        text = text[len("typing.") :] if text.startswith("typing.") else text
        return text == "ClassVar" or text.startswith("ClassVar[")
    return annotation is typing.ClassVar or typing.get_origin(annotation) is typing.ClassVar


class _Maker:
    """Collects a class's fields and gives it the record's methods."""

    def __init__(self, cls: type, *, frozen: bool, kw_only: bool) -> None:
        self.cls = cls
        self.frozen = frozen
        found: dict[str, Field] = {}
        for base in cls.__mro__[-1:0:-1]:
            inherited = base.__dict__.get("__record_fields__")
            if inherited is None:
                continue
            if base.__dict__["__record_frozen__"] != frozen:
                raise TypeError(
                    "cannot inherit frozen record from a non-frozen one"
                    if frozen
                    else "cannot inherit non-frozen record from a frozen one"
                )
            for f in inherited:
                found[f.name] = f
        # The class's own annotations, read without ``inspect`` (the cost this avoids).
        annotations = cls.__dict__.get("__annotations__", {})  # noqa: RUF063
        for name, annotation in annotations.items():
            if not _is_classvar(annotation):
                found[name] = self._own(name, annotation, kw_only)
        for name, value in cls.__dict__.items():
            if isinstance(value, Field) and name not in annotations:
                raise TypeError(f"{name!r} is a field but has no type annotation")
        self.fields = tuple(found.values())

    def _own(self, name: str, annotation: Any, kw_only: bool) -> Field:
        given = self.cls.__dict__.get(name, MISSING)
        if isinstance(given, Field):
            made = given
            if made.default is MISSING:
                delattr(self.cls, name)
            else:
                setattr(self.cls, name, made.default)
        else:
            made = Field(given, MISSING, True, True, None, True, None, MISSING)
        made.name = name
        made.type = annotation
        if made.kw_only is MISSING:
            made.kw_only = kw_only
        if made.default is not MISSING and made.default.__class__.__hash__ is None:
            raise ValueError(
                f"mutable default {type(made.default)} for field {name} is not allowed: "
                "use default_factory"
            )
        return made

    def make(self, *, init: bool, repr: bool, eq: bool) -> None:
        cls = self.cls
        if "__slots__" in cls.__dict__:
            raise TypeError(f"record {cls.__qualname__} cannot declare __slots__")
        explicit = _explicit_hash(cls)  # before __eq__ is added, as dataclasses reads it
        cls.__record_fields__ = self.fields  # type: ignore[attr-defined]
        cls.__record_frozen__ = self.frozen  # type: ignore[attr-defined]
        standing = [f for f in self.fields if f.init and not f.kw_only]
        _check_order(standing)
        positional = [f.name for f in standing]
        if init and "__init__" not in cls.__dict__:  # one written out is the class's own
            _set_new(cls, "__init__", _init(cls, self.fields, positional, frozen=self.frozen))
        if repr:
            _set_new(cls, "__repr__", _repr([f.name for f in self.fields if f.repr]))
        if eq:
            _set_new(cls, "__eq__", _eq(_getter([f.name for f in self.fields if f.compare])))
        if self.frozen:
            self._freeze()
        if eq and not explicit:
            self._hash()
        _set_new(cls, "__match_args__", tuple(positional))

    def _freeze(self) -> None:
        cls = self.cls
        names = frozenset(f.name for f in self.fields)
        for name, method in (("__setattr__", _setattr), ("__delattr__", _delattr)):
            if name in cls.__dict__:
                raise TypeError(f"Cannot overwrite attribute {name} in class {cls.__name__}")
            setattr(cls, name, method(cls, names))

    def _hash(self) -> None:
        cls = self.cls
        if not self.frozen:
            cls.__hash__ = None  # type: ignore[assignment]
            return
        hashed = [f.name for f in self.fields if (f.compare if f.hash is None else f.hash)]
        getter = _getter(hashed)

        def __hash__(self: Any) -> int:
            return hash(getter(self))

        cls.__hash__ = __hash__  # type: ignore[method-assign, assignment]


def _explicit_hash(cls: type) -> bool:
    """Whether the class body defines ``__hash__`` itself (``None`` beside an ``__eq__`` of
    its own is Python's doing, not the class's)."""
    own = cls.__dict__.get("__hash__", MISSING)
    return not (own is MISSING or (own is None and "__eq__" in cls.__dict__))


def _check_order(positional: list[Field]) -> None:
    seen_default = False
    for f in positional:
        has_default = f.default is not MISSING or f.default_factory is not MISSING
        if has_default:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")


def _set_new(cls: type, name: str, value: Any) -> None:
    if name not in cls.__dict__:
        setattr(cls, name, value)


def _getter(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """The fields' values as a tuple, read in C where there are two or more."""
    if len(names) >= 2:
        return attrgetter(*names)
    if names:
        only = names[0]
        return lambda obj: (getattr(obj, only),)
    return lambda obj: ()


def _init(
    cls: type, all_fields: Iterable[Field], positional: list[str], *, frozen: bool
) -> Callable[..., None]:
    template: dict[str, Any] = {}
    hidden: set[str] = set()  # made by the record itself, never given
    for f in all_fields:
        if f.default_factory is not MISSING:
            template[f.name] = _Factory(f.default_factory)
            if not f.init:
                hidden.add(f.name)
        elif f.init:
            template[f.name] = _REQUIRED if f.default is MISSING else f.default
    required = tuple(n for n, v in template.items() if v is _REQUIRED)
    # Given this many positional arguments, no required one can be missing.
    enough = (
        len(required) if required == tuple(positional[: len(required)]) else len(positional) + 1
    )
    made = tuple(n for n, v in template.items() if type(v) is _Factory)
    size = len(template)
    most = len(positional)
    post_init = getattr(cls, "__post_init__", None) is not None
    name = f"{cls.__qualname__}.__init__()"
    straight: dict[type, bool] = {}  # per class (a subclass may add a property): see _straight

    def __init__(self: Any, *args: Any, **given: Any) -> None:
        if args:
            if len(args) > most:
                raise TypeError(
                    f"{name} takes {most + 1} positional arguments but {len(args) + 1} were given"
                )
            values = template.copy()
            values.update(zip(positional, args, strict=False))
            if given:
                for key in positional[: len(args)]:
                    if key in given:
                        raise TypeError(f"{name} got multiple values for argument {key!r}")
                values.update(given)
        else:
            values = {**template, **given}
        if given and (len(values) != size or (hidden and not hidden.isdisjoint(given))):
            unknown = next(k for k in given if k not in template or k in hidden)
            raise TypeError(f"{name} got an unexpected keyword argument {unknown!r}")
        if len(args) < enough or given:
            for key in required:
                if values[key] is _REQUIRED:
                    _missing(name, values)
        for key in made:
            value = values[key]
            if type(value) is _Factory:
                values[key] = value.make()
        try:
            direct = straight[self.__class__]
        except KeyError:
            direct = straight[self.__class__] = _straight(self.__class__, template, frozen)
        if direct:
            self.__dict__.update(values)
        elif frozen:
            for key, value in values.items():
                object.__setattr__(self, key, value)
        else:
            for key, value in values.items():
                setattr(self, key, value)
        if post_init:
            self.__post_init__()

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    return __init__


def _straight(cls: type, names: Iterable[str], frozen: bool) -> bool:
    """Whether an instance's fields may go straight into its ``__dict__``: what assigning
    them one by one would do, as a dataclass's ``__init__`` does, unless the class has its
    own ``__setattr__`` (a mutable record) or a property of a field's name (a subclass)."""
    if not frozen and cls.__setattr__ is not object.__setattr__:  # type: ignore[comparison-overlap]
        return False
    for name in names:
        for klass in cls.__mro__:
            if name in klass.__dict__:
                if hasattr(type(klass.__dict__[name]), "__set__"):
                    return False
                break
    return True


def _missing(name: str, values: dict[str, Any]) -> None:
    missing = [repr(k) for k, v in values.items() if v is _REQUIRED]
    listed = missing[0] if len(missing) == 1 else ", ".join(missing[:-1]) + " and " + missing[-1]
    plural = "argument" if len(missing) == 1 else "arguments"
    raise TypeError(f"{name} missing {len(missing)} required {plural}: {listed}")


_repr_running: set[tuple[int, int]] = set()


def _repr(names: list[str]) -> Callable[[Any], str]:
    def __repr__(self: Any) -> str:
        key = (id(self), get_ident())
        if key in _repr_running:
            return "..."
        _repr_running.add(key)
        try:
            shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in names)
        finally:
            _repr_running.discard(key)
        return f"{self.__class__.__qualname__}({shown})"

    return __repr__


def _eq(getter: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any, Any], Any]:
    def __eq__(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            return getter(self) == getter(other)
        return NotImplemented

    return __eq__


def frozen(name: str, *, deleting: bool = False) -> FrozenInstanceError:
    """The error of changing field ``name`` of a frozen record (as ``dataclasses`` says it)."""
    return FrozenInstanceError(f"cannot {'delete' if deleting else 'assign to'} field {name!r}")


def _setattr(cls: type, names: frozenset[str]) -> Callable[[Any, str, Any], None]:
    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise frozen(name)
        super(cls, self).__setattr__(name, value)  # type: ignore[arg-type]

    return __setattr__


def _delattr(cls: type, names: frozenset[str]) -> Callable[[Any, str], None]:
    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise frozen(name, deleting=True)
        super(cls, self).__delattr__(name)  # type: ignore[arg-type]

    return __delattr__
