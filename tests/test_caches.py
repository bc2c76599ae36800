"""The process-wide caches: each registered in ``scorekeeper.caches`` with a name, its key
in words and a ``reset()``; none changes an answer (a replay after ``reset_all`` says
the same); none is written into another object (a contract or a rule set keeps after a
replay exactly the fields it was made with); no function keeps its answers outside the
registry (``functools.cache`` or ``lru_cache`` anywhere but ``scorekeeper.caches``), and
no code writes into another object's ``__dict__``."""

from __future__ import annotations

import ast
import importlib
import random
from pathlib import Path

from test_properties import table_for

from scorekeeper import caches
from scorekeeper.games import load
from scorekeeper.hand import Hand
from scorekeeper.match import Match
from scorekeeper.session.demo import play_random_hand

ENGINE_CACHES = {
    "following.duties",
    "hand.actions_read",
    "games.points_by_index",
    "hand.seated",
    "deals.whole_deck",
    "cards.parsed",
    "reasons.worded",
    "reasons.said",
}


def replayed(rule_set: str, seed: int) -> list[object]:
    rules = load(rule_set)
    names = table_for(rules)
    match = Match(rules, names, names[0])
    record = play_random_hand(match, random.Random(seed), announce=0.3)
    hand = Hand(rules, names, names[0], deal=record.deal)
    for text in record.actions:
        hand.apply(text)
    return [t.to_dict() for t in hand.tricks] + [hand.result().to_dict()]


def test_every_cache_is_named_keyed_and_can_be_reset() -> None:
    replayed("doppelkopf", 1)
    found = caches.registered()
    assert set(found) >= ENGINE_CACHES
    for name, cache in found.items():
        assert cache.name == name and cache.key
    assert any(len(c) for c in found.values())
    caches.reset_all()
    assert all(len(c) == 0 for c in found.values())


def test_no_cache_changes_an_answer() -> None:
    for rule_set in ("doppelkopf", "klaverjassen", "klaberjass", "kloepper", "bierkopf"):
        for seed in range(3):
            warm = replayed(rule_set, seed)
            caches.reset_all()
            assert replayed(rule_set, seed) == warm


def test_nothing_is_written_into_a_contract_or_a_rule_set() -> None:
    rules = load("doppelkopf")
    names = table_for(rules)
    record = play_random_hand(Match(rules, names, names[0]), random.Random(4), announce=0.2)
    hand = Hand(rules, names, names[0], deal=record.deal)
    contract = hand.contract
    before = (set(vars(contract)), set(vars(rules)))
    for text in record.actions:
        hand.apply(text)
    hand.result()
    if hand.contract is contract:
        assert set(vars(contract)) == before[0]
    assert not {k for k in set(vars(rules)) - before[1] if not k.startswith("_typed")}, vars(rules)


PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
OWN_CLASS = {
    "scorekeeper/rules/ruleset.py": "validate() fills Ruleset.spec, the cached property of"
    " the class this module defines, with the record it has just read"
}
"""Modules whose ``__dict__`` write goes into an instance of a class they define, and why."""
MEMOISERS = {"cache", "lru_cache", "cached", "memoize"}


def _sources() -> list[tuple[str, ast.Module]]:
    return [
        (str(path.relative_to(PACKAGE.parent)), ast.parse(path.read_text(encoding="utf-8")))
        for path in sorted(PACKAGE.rglob("*.py"))
    ]


def _name_of(node: ast.expr) -> str:
    """``functools.lru_cache(maxsize=8)`` -> ``lru_cache``; ``cache`` -> ``cache``."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def test_no_function_keeps_its_answers_outside_the_registry() -> None:
    """A function whose answers are kept is decorated with ``caches.memo`` (registered,
    named, reset with the rest); ``functools.cache`` or ``lru_cache`` anywhere else, as a
    decorator or called, is a cache nobody can name or reset."""
    found = []
    for name, tree in _sources():
        if name == "scorekeeper/caches.py":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "functools":
                found += [f"{name}: imports {a.name}" for a in node.names if a.name in MEMOISERS]
            elif (
                isinstance(node, ast.Attribute)
                and node.attr in MEMOISERS
                and isinstance(node.value, ast.Name)
                and node.value.id == "functools"
            ):
                found.append(f"{name}:{node.lineno}: functools.{node.attr}")
    assert found == [], found


def test_every_memo_is_registered_once_its_module_is_imported() -> None:
    """Each ``@memo(NAME, ...)`` of the package is in the registry under NAME."""
    named: dict[str, str] = {}
    for name, tree in _sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name_of(node) in ("memo", "cache"):
                first = node.args[0] if node.args else None
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    assert first.value not in named, (
                        f"{first.value}: {name}, {named.get(first.value)}"
                    )
                    named[first.value] = name
    for source in set(named.values()):
        module = source.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        importlib.import_module(module)
    assert set(named) <= set(caches.registered()), sorted(set(named) - set(caches.registered()))


def test_no_code_writes_into_another_objects_dict() -> None:
    """``x.__dict__[k] = v`` and ``object.__setattr__(x, ...)`` only on ``self`` (a record
    setting its own fields): a cache entry never goes into a rule set, a contract or any
    object of another class."""
    found = []
    for name, tree in _sources():
        if name in OWN_CLASS:
            continue
        for node in ast.walk(tree):
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign | ast.AugAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                for sub in ast.walk(target):
                    if (
                        isinstance(sub, ast.Subscript)
                        and isinstance(sub.value, ast.Attribute)
                        and sub.value.attr == "__dict__"
                        and ast.unparse(sub.value.value) != "self"
                    ):
                        found.append(f"{name}:{node.lineno}: {ast.unparse(target)}")
            if (
                isinstance(node, ast.Call)
                and ast.unparse(node.func) in ("object.__setattr__", "setdefault")
                and node.args
                and ast.unparse(node.args[0]) != "self"
            ):
                found.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Attribute)
                and node.func.value.attr == "__dict__"
                and node.func.attr in ("setdefault", "update", "__setitem__")
                and ast.unparse(node.func.value.value) != "self"
            ):
                found.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
    assert found == [], found
