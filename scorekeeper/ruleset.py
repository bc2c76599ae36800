"""Rule sets as the program loads them: with their game family bound.

The data layer lives in ``scorekeeper.rules``; this module keeps the names scripts and
tests use (``ruleset.load``, ``ruleset.Ruleset``...) and loads through
``scorekeeper.games.load`` so that every rule set is read with its family's schema.
"""

from __future__ import annotations

from scorekeeper.errors import OptionError, RulesetError
from scorekeeper.games import load
from scorekeeper.rules import (
    Option,
    Ruleset,
    available,
    data_home,
    find,
    merge,
    ruleset_dirs,
    shipped_dirs,
    validate,
)
from scorekeeper.rules.typos import unknown_keys

__all__ = [
    "Option",
    "OptionError",
    "Ruleset",
    "RulesetError",
    "available",
    "data_home",
    "find",
    "load",
    "merge",
    "ruleset_dirs",
    "shipped_dirs",
    "unknown_keys",
    "validate",
]
