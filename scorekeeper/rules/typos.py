"""Keys of a house rule that no shipped rule set of its family has: most likely typos.

A family whose schema is strict refuses such keys outright; for the others this is the
warning ``new`` and ``rules show`` print, so that a misspelt ``[scoring] re_neds = 120``
does not change nothing without a word.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from scorekeeper.rules.ruleset import Ruleset
from scorekeeper.rules.source import read_toml, shipped_dirs


def _leaves(data: Mapping[str, Any], prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = []
    for key, value in data.items():
        if isinstance(value, Mapping):
            out.extend(_leaves(value, (*prefix, key)))
        else:
            out.append((*prefix, key))
    return out


def _open_tables(datas: list[Mapping[str, Any]]) -> set[tuple[str, ...]]:
    """Tables whose entries are all tables (contracts, solos, options...): any name goes."""
    found: set[tuple[str, ...]] = set()

    def walk(node: Mapping[str, Any], path: tuple[str, ...]) -> None:
        if node and all(isinstance(v, Mapping) for v in node.values()):
            found.add(path)
        for key, value in node.items():
            if isinstance(value, Mapping):
                walk(value, (*path, key))

    for data in datas:
        walk(data, ())
    return found


def _shape(path: tuple[str, ...], open_tables: set[tuple[str, ...]]) -> tuple[str, ...]:
    out: list[str] = []
    for key in path:
        out.append("*" if tuple(out) in open_tables else key)
    return tuple(out)


def unknown_keys(rs: Ruleset) -> list[str]:
    """Keys no shipped rule set of the same family has (names inside tables of tables, a
    new contract or solo, are free; their own keys are not). Empty for strict schemas,
    which refuse such keys when the rule set is loaded."""
    if rs.schema.strict:
        return []
    shipped_here = {d.resolve() for d in shipped_dirs()}
    if Path(rs.source).parent.resolve() in shipped_here:
        return []
    shipped: list[Mapping[str, Any]] = []
    for d in shipped_dirs():
        for path in d.glob("*.toml"):
            data = read_toml(path)
            if data.get("family", rs.family) == rs.family:
                shipped.append(data)
    open_tables = _open_tables(shipped)
    known = {_shape(p, open_tables) for data in shipped for p in _leaves(data)}
    return sorted(
        ".".join(p)
        for p in _leaves(rs.base)
        if _shape(p, open_tables) not in known and p[0] not in ("extends",)
    )
