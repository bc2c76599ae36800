"""The one way Klaverjassen's mechanics put something into words: a key and its
parameters, worded by the view's catalogue (``scorekeeper.text.klaverjassen``)."""

from __future__ import annotations

from typing import Any

from scorekeeper.reasons import because


def words(key: str, **params: Any) -> str:
    """The sentence for ``klaverjassen.KEY`` with ``params``, in the view's words."""
    return because(f"klaverjassen.{key}", None, **params).worded()
