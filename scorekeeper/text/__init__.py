"""The view's words: every ``Reason`` key maps to an English template here.

Templates live in one catalogue module per domain (``scorekeeper.text.common`` for the
shared engine, ``scorekeeper.text.doppelkopf`` for a family...), each a ``TEXTS`` dict
of key -> template with ``{name}`` placeholders filled from the reason's parameters. A
key's first dotted part names its catalogue unless the key is in ``common``.

Parameters are formatted for people: a card by its code, a list by its items joined
with spaces (``{cards}``) and a nested reason by its own words. A template may name a
parameter with ``!l`` for ", "-joined items (``{players!l}``), ``!j`` for "; "-joined.
"""

from __future__ import annotations

import importlib
import string
from collections.abc import Mapping
from typing import Any

_catalogues: dict[str, Mapping[str, str]] = {}


def _catalogue(name: str) -> Mapping[str, str]:
    if name not in _catalogues:
        try:
            module = importlib.import_module(f"scorekeeper.text.{name}")
        except ModuleNotFoundError:
            _catalogues[name] = {}
        else:
            _catalogues[name] = module.TEXTS
    return _catalogues[name]


def template(key: str) -> str | None:
    """The English template of a key, or None if no catalogue has it."""
    common = _catalogue("common")
    if key in common:
        return common[key]
    return _catalogue(key.split(".", 1)[0]).get(key)


class _Formatter(string.Formatter):
    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "l":  # {players!l}: ", "-joined
            return ", ".join(_word(v) for v in value)
        if conversion == "j":  # {where!j}: "; "-joined
            return "; ".join(_word(v) for v in value)
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "suit":
            from scorekeeper.text.common import SUIT_WORDS

            return SUIT_WORDS.get(str(value), str(value))
        if format_spec == "ordinal":
            return {1: "1st", 2: "2nd", 3: "3rd"}.get(value, f"{value}th")
        if format_spec == "times":
            return "once" if value == 1 else f"{value} times"
        if format_spec == "time_s":
            return f"{value} time{'' if value == 1 else 's'}"
        if format_spec:
            return format(value, format_spec)
        return _word(value)


def _word(value: Any) -> str:
    if hasattr(value, "key") and hasattr(value, "params"):
        return render(value)
    if hasattr(value, "code"):
        return str(value.code)
    if isinstance(value, list | tuple):
        return " ".join(_word(v) for v in value)
    return str(value)


_formatter = _Formatter()


def render(reason: Any) -> str:
    """The words of a reason; an unknown key shows as the key and its parameters."""
    text = template(reason.key)
    if text is None:
        params = ", ".join(f"{k}={_word(v)}" for k, v in reason.params.items())
        return f"{reason.key}({params})"
    return _formatter.format(text, **reason.params)
