"""Starting a match: the table checked once, the header written, the match made current."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from scorekeeper import store
from scorekeeper.errors import ScorekeeperError
from scorekeeper.matchlog import MatchLog
from scorekeeper.matchlog.shape import name_problem
from scorekeeper.ruleset import Ruleset


def check_table(players: Sequence[str], dealer: str | None) -> None:
    """Refuse a first dealer who is not at the table and names that are not one word each."""
    if dealer is not None and dealer not in players:
        raise ScorekeeperError(
            f"the first dealer {dealer} is not one of the players ({', '.join(players)})",
            rule="players",
        )
    for i, p in enumerate(players):
        problem = name_problem(p, [*players[:i], *players[i + 1 :]])
        if problem == "twice":
            raise ScorekeeperError(f"player {p} is named twice; names must differ", rule="players")
        if problem is not None:
            raise ScorekeeperError(f"player name {p!r} must be one word", rule="players")


def start_match(
    rules: Ruleset,
    ruleset: str,
    players: Sequence[str],
    dealer: str | None = None,
    path: Path | None = None,
    lang: str | None = None,
) -> tuple[MatchLog, Path]:
    """Write a new match file for ``rules`` (``ruleset`` as typed) and make it current.

    A rule-set file is stored by its absolute path, so the match opens from anywhere.
    ``lang`` (``de``, ``nl``, ``en``) is stored in the header when given.
    """
    check_table(players, dealer)
    ruleset_ref = ruleset if not ruleset.endswith(".toml") else str(Path(ruleset).resolve())
    log = MatchLog.new(ruleset_ref, list(players), dealer or players[0], rules.overrides, lang=lang)
    target = path or store.new_path(list(players), rules.id, log.started)
    store.create(log, target)
    return log, target
