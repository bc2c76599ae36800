"""Rule sets, the data layer: finding and reading files safely (``source``), the typed
schema (``schema``: how a table is read into its record, and the tables every game
shares), the loaded rule set with its options (``ruleset``) and the typo warning for
house rules (``typos``).

Nothing here imports a game family: families register their schema and mechanics with
whoever loads rule sets (``scorekeeper.games``).
"""

from scorekeeper.rules.ruleset import Binder, Option, Ruleset, load, validate
from scorekeeper.rules.schema import CommonRules, Problem, Section, key, read, when_key
from scorekeeper.rules.source import (
    available,
    data_home,
    escapes,
    find,
    found_in,
    merge,
    ruleset_dirs,
    shipped_dirs,
)

__all__ = [
    "Binder",
    "CommonRules",
    "Option",
    "Problem",
    "Ruleset",
    "Section",
    "available",
    "data_home",
    "escapes",
    "find",
    "found_in",
    "key",
    "load",
    "merge",
    "read",
    "ruleset_dirs",
    "shipped_dirs",
    "validate",
    "when_key",
]
