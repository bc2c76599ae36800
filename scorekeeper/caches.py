"""Every process-wide cache of the package, each named, with its key and a ``reset()``.

A cache here holds what is worked out once from immutable inputs (a rule set's following
duties of a contract, a table's seat order, an action string read at a table) so that the
next hand at the same table need not work it out again. None changes an answer: dropping
one (``reset()``) or all (``reset_all()``) only costs time. Each is registered under its
name when its module is imported; ``registered()`` lists them (the tests reset them all
between runs to prove that nothing depends on what a cache holds).

A function whose answers are kept by its arguments is decorated with ``memo`` (an
``lru_cache`` that is registered). A cache belongs to the module that fills it, never to another object: nothing is written
into a rule set's or a contract's ``__dict__``. Keys are the objects themselves (hashed by
identity where their class does: cards, rule sets) or, where hashing the object would cost
more than the work saved, the ``id()`` of objects the cached value keeps alive (so that an
id cannot be reused while its entry exists).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

K = TypeVar("K")
V = TypeVar("V")
F = TypeVar("F", bound=Callable[..., Any])


class Cache(Generic[K, V]):
    """One named cache: ``entries`` is the dictionary its module reads and fills (hot
    loops use it directly); ``key`` says in words what an entry is keyed by; ``limit``,
    when given, is how many entries it keeps before it starts afresh."""

    __slots__ = ("entries", "key", "limit", "name")

    def __init__(self, name: str, key: str, limit: int | None = None) -> None:
        self.name = name
        self.key = key
        self.limit = limit
        self.entries: dict[K, V] = {}

    def get(self, key: K) -> V | None:
        return self.entries.get(key)

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` under ``key`` (starting afresh when the limit is reached)."""
        entries = self.entries
        if self.limit is not None and len(entries) >= self.limit:
            entries.clear()
        entries[key] = value
        return value

    def reset(self) -> None:
        """Forget every entry (the dictionary stays the same object)."""
        self.entries.clear()

    def __len__(self) -> int:
        return len(self.entries)

    def __repr__(self) -> str:
        return f"Cache({self.name!r}, key={self.key!r}, {len(self.entries)} entries)"


class Resettable(Protocol):
    """What the registry asks of a cache: its name, its key in words, ``reset()``."""

    name: str
    key: str

    def reset(self) -> None: ...
    def __len__(self) -> int: ...


class Memo:
    """A function's answers kept by its arguments (``functools.lru_cache``), registered:
    made by ``memo``."""

    __slots__ = ("function", "key", "name")

    def __init__(self, name: str, key: str, function: Any) -> None:
        self.name, self.key, self.function = name, key, function

    def reset(self) -> None:
        self.function.cache_clear()

    def __len__(self) -> int:
        return int(self.function.cache_info().currsize)


_REGISTRY: dict[str, Resettable] = {}


def cache(name: str, key: str, limit: int | None = None) -> Cache[K, V]:
    """The cache called ``name``, made and registered on first use (a module's import)."""
    found = _REGISTRY.get(name)
    if found is None:
        found = _REGISTRY[name] = Cache(name, key, limit)
    return found  # type: ignore[return-value]


def memo(name: str, key: str, maxsize: int | None = 128) -> Callable[[F], F]:
    """A decorator: ``functools.lru_cache(maxsize)`` of the function, registered as
    ``name`` (its arguments are the key, said in words by ``key``)."""

    def made(function: F) -> F:
        kept = functools.lru_cache(maxsize=maxsize)(function)
        _REGISTRY[name] = Memo(name, key, kept)
        return kept  # type: ignore[return-value]

    return made


def registered() -> dict[str, Resettable]:
    """Every cache registered so far, by name."""
    return dict(_REGISTRY)


def reset_all() -> None:
    """Empty every registered cache."""
    for found in _REGISTRY.values():
        found.reset()
