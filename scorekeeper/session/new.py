"""Starting a match: the table checked once, the header written, the match made current."""

from __future__ import annotations

import os
from collections.abc import Collection, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from scorekeeper import store
from scorekeeper.errors import ScorekeeperError
from scorekeeper.lang import resolve_lang
from scorekeeper.matchlog import MatchLog
from scorekeeper.matchlog.records import name_problem
from scorekeeper.reasons import because
from scorekeeper.ruleset import Ruleset
from scorekeeper.shown import control_in

# Characters that separate names from values in what is typed later: "Anna:QC" in a
# trick, "re=Anna,Carla" in a quick fact, "Name:points" in a list.
SEPARATORS = ",:="


def check_table(players: Sequence[str], dealer: str | None, reserved: Collection[str] = ()) -> None:
    """Refuse a first dealer who is not at the table, names that are not one word each,
    names holding a separator and names the game reads as something else (``reserved``,
    lower case: a card, a side, a team)."""
    if dealer is not None and dealer not in players:
        raise ScorekeeperError(
            because("session.first_dealer", "players", dealer=dealer, players=tuple(players))
        )
    for i, p in enumerate(players):
        problem = name_problem(p, [*players[:i], *players[i + 1 :]])
        if problem == "twice":
            raise ScorekeeperError(because("session.named_twice", "players", name=p))
        # actions name players in any case ("anna re"): two names one in letters are one
        if problem is None and (same := [q for q in players[:i] if q.casefold() == p.casefold()]):
            why = because("new.name_case", "players", name=p, other=same[0])
            raise ScorekeeperError(why, kind="usage")
        if problem == "control":
            why = because("folder.name_control", "players", name=p, char=control_in(p))
            raise ScorekeeperError(why, kind="usage")
        if problem is not None:
            raise ScorekeeperError(because("session.one_word", "players", name=p))
        if held := [c for c in SEPARATORS if c in p]:
            why = because(
                "new.name_separator", "players", name=p, chars=" ".join(repr(c) for c in held)
            )
            raise ScorekeeperError(why, kind="usage")
        if p.lower() in reserved:
            raise ScorekeeperError(because("new.name_reserved", "players", name=p), kind="usage")


def start_match(
    rules: Ruleset,
    ruleset: str,
    players: Sequence[str],
    dealer: str | None = None,
    path: Path | None = None,
    lang: str | None = None,
    price: float | None = None,
) -> tuple[MatchLog, Path]:
    """Write a new match file for ``rules`` (``ruleset`` as typed) and make it current.

    A rule-set file in the match file's folder (or below it) is stored by its path from
    that folder, so that the folder can be shared or moved (:func:`matchlog.files.for_match`);
    one elsewhere by its absolute path, as before (that match opens on this machine).
    ``lang`` (``de``, ``nl``, ``en``) and ``price`` (per point, for settling up) are
    stored in the header when given. Missing folders
    of ``path`` are created, as they always were (``missing_folders`` says which, so that
    the command can tell); a path through a file is refused.
    """
    if path is not None and any(p.exists() and not p.is_dir() for p in path.parents):
        folder = next(p for p in path.parents if p.exists() and not p.is_dir())
        raise ScorekeeperError(because("new.not_folder", "match", folder=str(folder)), kind="file")
    check_table(players, dealer, reserved_words(rules, lang))
    started = datetime.now().astimezone().replace(microsecond=0)
    target = path or store.new_path(list(players), rules.id, started)
    ruleset_ref = ruleset if not ruleset.endswith(".toml") else ruleset_reference(ruleset, target)
    options = {**new_match_options(rules), **rules.overrides}
    log = MatchLog.new(ruleset_ref, list(players), dealer or players[0], options, started, lang)
    log.price = price
    store.create(log, target)
    return log, target


def new_match_options(rules: Ruleset) -> dict[str, Any]:
    """The options a new match file is written with beside the ones set: each option
    whose rule-set data gives a ``new`` value other than its default (where the family
    takes that parameter). A match file without them was written before and keeps the
    default, so that it reads as it always did."""
    found = {}
    for name, option in rules.spec.options.items():
        new = option.params.get("new")
        if new is not None and new != option.default and name not in rules.overrides:
            found[name] = new
    return found


def ruleset_reference(ruleset: str, match_file: Path) -> str:
    """How a match file at ``match_file`` names the rule-set file ``ruleset`` (as typed):
    by its path from the match's folder when it lies in it, else by its absolute path."""
    real = Path(os.path.realpath(ruleset))
    folder = Path(os.path.realpath(os.path.abspath(match_file))).parent
    if real.is_relative_to(folder):
        return real.relative_to(folder).as_posix()
    return str(Path(ruleset).resolve())


def reserved_words(rules: Ruleset, lang: str | None) -> set[str]:
    """Words a name may not be at this table (lower case): what the game reads as a
    card, a side or a team, and the words typed in the match's language."""
    family = rules.mechanics
    reserved = family.reserved_names(rules) if hasattr(family, "reserved_names") else set()
    return reserved | typed_words(resolve_lang(lang), rules.family)


def typed_words(lang: str, family: str) -> set[str]:
    """The single words a table types for the game in ``lang`` (``Kontra``, ``pas``,
    ``troef``: the language file's ``[read]`` phrases), folded: a player of that name
    would be read as the word."""
    from scorekeeper.lang import language

    return {phrase for phrase in language(lang).phrases(family) if " " not in phrase}


def missing_folders(path: Path) -> list[Path]:
    """The folders that writing ``path`` will create, outermost first."""
    return [p for p in reversed(path.parents) if not p.exists()]
