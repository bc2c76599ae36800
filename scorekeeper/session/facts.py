"""Quick facts typed at the table (``re=Anna,Carla re_points=165``), read in one place.

Every command that takes facts (``hand``, ``amend``, ``judge --fact``) reads them here,
by the family's own declaration (``quick_keys()``): which keys exist, their kinds, how a
value is parsed and checked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.errors import ScorekeeperError
from scorekeeper.reasons import because


def parse_fact_items(
    items: Sequence[str], keys: Mapping[str, Any], game: str
) -> list[tuple[str, Any]]:
    """``KEY=VALUE`` words as (key, value) pairs in the order typed, each value parsed."""
    parsed: list[tuple[str, Any]] = []
    for item in items:
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or key not in keys:
            raise ScorekeeperError(
                because("session.fact_form", "quick", item=item, game=game, keys=tuple(keys))
            )
        try:
            parsed.append((key, keys[key].parse(value)))
        except ScorekeeperError as exc:
            why = exc.reason or exc.message
            raise ScorekeeperError(
                because("session.fact_refused", exc.rule, key=key, value=value, why=why)
            ) from None
    return parsed


def parse_facts(items: Sequence[str], keys: Mapping[str, Any], game: str) -> dict[str, Any]:
    """``KEY=VALUE`` words as a facts table; a key typed twice is refused (which value
    would the table mean?)."""
    facts: dict[str, Any] = {}
    for key, value in parse_fact_items(items, keys, game):
        if key in facts:
            raise ScorekeeperError(because("session.fact_twice", "quick", key=key))
        facts[key] = value
    return facts


def names_from(
    facts: Mapping[str, Any], seated: int, keys: Mapping[str, Any] | None = None
) -> list[str]:
    """Player names for a value question: those the facts mention, then P1, P2...

    With the family's ``keys``, only the facts its declaration says name players are read,
    each as it names them (a trump suit or a game is never taken for a name)."""
    found: list[str] = []
    for name, value in facts.items():
        how = getattr(keys.get(name), "names", "") if keys is not None else "first"
        for item in value if isinstance(value, list) else [value]:
            word = _named(str(item), how)
            # a name in any case where the declaration says it is one (``re=anna``)
            if (word[:1].isupper() or keys is not None) and word and word not in found:
                found.append(word)
    n = 1
    while len(found) < seated:
        if f"P{n}" not in found:
            found.append(f"P{n}")
        n += 1
    return found


def _named(item: str, how: str) -> str:
    """The player an entry of a fact names (``how``: see ``QuickKey.names``), or ""."""
    if how == "colon":
        item = item.partition(":")[0]
    if how == "word":
        return item.strip()
    words = item.split()
    return words[0] if how in ("first", "colon") and words else ""
