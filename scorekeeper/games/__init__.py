"""The game families and the rule sets' way to them: ``family = "doppelkopf"`` in a rule set
selects ``scorekeeper.games.doppelkopf``. Modules are imported only when a rule set needs them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorekeeper.games.base import Family
    from scorekeeper.ruleset import Ruleset

FAMILIES = ("doppelkopf", "klaverjassen", "klaberjass", "kloepper", "bierkopf")

_loaded: dict[str, Family] = {}


def family_named(name: str) -> Family:
    if name not in _loaded:
        module = importlib.import_module(f"scorekeeper.games.{name}")
        _loaded[name] = module.FAMILY
    return _loaded[name]


def family_for(rules: Ruleset) -> Family:
    return family_named(rules.family)
