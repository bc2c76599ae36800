"""A deep copy of plain data: the tables, arrays and values of a TOML document (a match
file, a rule set), equal to what ``copy.deepcopy`` gives.

``copy`` imports ``weakref`` and more; every command copies a rule set's tables and the
hands it reads or writes, and plain data needs none of that. A value of another kind is
handed to ``copy.deepcopy`` itself.
"""

from __future__ import annotations

from datetime import date, datetime, time
from typing import Any

_ATOMIC = frozenset({str, int, float, bool, type(None), datetime, date, time})  # immutable


def copied(value: Any) -> Any:
    """A deep copy of ``value``: dicts and lists made anew, all the way down."""
    kind = type(value)
    if kind is dict:
        return {k: copied(v) for k, v in value.items()}
    if kind is list:
        return [copied(v) for v in value]
    if kind in _ATOMIC:
        return value
    import copy

    return copy.deepcopy(value)
