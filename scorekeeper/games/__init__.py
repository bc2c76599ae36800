"""The game families and the way to them: ``family = "doppelkopf"`` in a rule set selects
``scorekeeper.games.doppelkopf``, whose ``FAMILY`` brings the schema its rule sets are read
with and the mechanics that play them. A family's package is imported only when a rule
set of it is loaded.

``load`` is the one way the program loads a rule set: the data layer
(``scorekeeper.rules``) reads and checks it with the family this module binds.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scorekeeper import rules as _rules

if TYPE_CHECKING:
    from scorekeeper.games.base import Family
    from scorekeeper.rules import Ruleset

FAMILIES = ("doppelkopf", "klaverjassen", "klaberjass", "kloepper", "bierkopf")

_loaded: dict[str, Family] = {}


def family_named(name: str) -> Family:
    if name not in _loaded:
        module = importlib.import_module(f"scorekeeper.games.{name}")
        _loaded[name] = module.FAMILY
    return _loaded[name]


def family_for(rules: Ruleset) -> Family:
    """The family that plays a rule set (the one it was loaded with, if any)."""
    return rules.mechanics or family_named(rules.family)


class _Binder:
    names: tuple[str, ...] = FAMILIES

    def bind(self, family: str) -> tuple[Any, Family]:
        mechanics = family_named(family)
        return mechanics.schema, mechanics


BINDER = _Binder()


def load(name: str, options: Mapping[str, Any] | None = None) -> Ruleset:
    """Load a rule set by id or path with its family: read, checked, options applied."""
    return _rules.load(name, options, binder=BINDER)
