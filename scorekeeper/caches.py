"""Every process-wide cache of the package, each named, with its key and a ``reset()``.

A cache here holds what is worked out once from immutable inputs (a rule set's following
duties of a contract, a table's seat order, an action string read at a table) so that the
next hand at the same table need not work it out again. None changes an answer: dropping
one (``reset()``) or all (``reset_all()``) only costs time. Each is registered under its
name when its module is imported; ``registered()`` lists them (the tests reset them all
between runs to prove that nothing depends on what a cache holds).

A cache belongs to the module that fills it, never to another object: nothing is written
into a rule set's or a contract's ``__dict__``. Keys are the objects themselves (hashed by
identity where their class does: cards, rule sets) or, where hashing the object would cost
more than the work saved, the ``id()`` of objects the cached value keeps alive (so that an
id cannot be reused while its entry exists).
"""

from __future__ import annotations

from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


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


_REGISTRY: dict[str, Cache[object, object]] = {}


def cache(name: str, key: str, limit: int | None = None) -> Cache[K, V]:
    """The cache called ``name``, made and registered on first use (a module's import)."""
    found = _REGISTRY.get(name)
    if found is None:
        found = _REGISTRY[name] = Cache(name, key, limit)
    return found  # type: ignore[return-value]


def registered() -> dict[str, Cache[object, object]]:
    """Every cache registered so far, by name."""
    return dict(_REGISTRY)


def reset_all() -> None:
    """Empty every registered cache."""
    for found in _REGISTRY.values():
        found.reset()
