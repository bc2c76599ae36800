"""A match file's or rule set's data is copied as ``copy.deepcopy`` copies it
(scorekeeper.datacopy, which spares every command importing ``copy``): equal, and sharing
no table or array."""

from __future__ import annotations

import copy
from datetime import UTC, date, datetime, time
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.datacopy import copied

plain = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=5),
    st.datetimes(timezones=st.just(UTC)),
    st.dates(),
    st.times(),
    st.tuples(st.integers()),  # not match-file data: copied as deepcopy copies it
)
data = st.recursive(
    plain,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=20,
)


def _containers(value: Any) -> list[int]:
    if isinstance(value, dict):
        return [id(value)] + [i for v in value.values() for i in _containers(v)]
    if isinstance(value, list):
        return [id(value)] + [i for v in value for i in _containers(v)]
    return []


@given(data)
def test_copied_is_deepcopy(value: Any) -> None:
    made = copied(value)
    assert made == copy.deepcopy(value)
    assert type(made) is type(value)
    if isinstance(value, dict):
        assert list(made) == list(value)
    assert not set(_containers(made)) & set(_containers(value))


def test_a_shared_table_is_copied_twice_still_equal() -> None:
    shared = {"a": [1, 2]}
    doc = {"x": shared, "y": shared, "when": datetime(2026, 11, 24, 5, 0), "d": date.today()}
    doc["t"] = time(5, 0)
    assert copied(doc) == copy.deepcopy(doc)
