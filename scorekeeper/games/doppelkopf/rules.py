"""The checks a Doppelkopf rule set must pass beyond the shared ones."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from scorekeeper.games.base import whole_numbers

if TYPE_CHECKING:
    from scorekeeper.ruleset import Ruleset

# The [scoring] numbers each style needs.
SCORING_KEYS = ["re_needs", "contra_needs", "won", "black", "lone_factor"]
STYLE_KEYS = {
    "additive": ["announced", "promise_said", "against_promise"],
    "multiplied": [
        "against_the_queens",
        "promise_made",
        "promise_failed",
        "promise_failed_threshold",
        "announcement_multiplier",
    ],
}


def validate(rules: Ruleset) -> list[str]:
    """Problems of a rule set, as ``key: message`` lines."""
    problems = _announcements(rules)
    style = rules.get("scoring.style", "multiplied")
    if style not in STYLE_KEYS:
        problems.append(f"scoring.style: {style!r} is neither 'multiplied' nor 'additive'")
    keys = SCORING_KEYS + STYLE_KEYS.get(style, [])
    problems += whole_numbers(rules, [f"scoring.{key}" for key in keys])
    for name, spec in (rules.get("solos") or {}).items():
        if name == "explain":
            continue
        if not isinstance(spec, Mapping) or rules.get(f"contracts.{spec.get('contract')}") is None:
            problems.append(f"solos.{name}: must name a contract of [contracts]")
    for key, spec in (rules.get("announcements.promise") or {}).items():
        if not isinstance(spec, Mapping) or not {"below", "target"} <= set(spec):
            problems.append(f"announcements.promise.{key}: needs below and target")
    return problems


def _announcements(rules: Ruleset) -> list[str]:
    problems = []
    for key in ("window", "promise"):
        if not isinstance(rules.get(f"announcements.{key}"), Mapping):
            problems.append(f"announcements.{key}: missing table")
    for kind in ("re", "contra", *rules.get("announcements.promise", {})):
        if not isinstance(rules.get(f"announcements.window.{kind}"), int):
            problems.append(f"announcements.window.{kind}: missing or not a whole number")
    return problems
