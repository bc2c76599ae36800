"""The shape of the package: no import cycle, small modules, simple functions, layers.

- No import cycle among ``scorekeeper`` modules, imports inside functions included; and
  none once the imports under ``if TYPE_CHECKING:`` count too (a module that names another
  in its types depends on it as much as one that calls it). A helper module of a family's
  hand names what it reads of the hand as a protocol of its own (``doppelkopf.game``,
  ``klaberjass.stock.Table``, ``klaverjassen.sheet.Played``), never the hand's class.
- No module over 600 lines, but for a state-machine class whose seam is the class itself
  (``SEAMS``: python-chess keeps its ``Board`` in one class for the same reason): split to
  stay under a line count, such a class became modules of functions reaching into its
  private fields; it may run to 1,000 lines, and the module holds that class and its own
  small records only. No function above cyclomatic complexity 20 (radon's grade C at
  worst).
- The data layer (``scorekeeper.rules``) and the engine (cards, contract, following, hand,
  match) never import a game family: the family is handed in.
- The only imports deferred into functions go to leaf modules of the view (the words of
  ``scorekeeper.text``, rendering) or are for start-up speed in the command line.
- One record policy: every record class of the package is a ``scorekeeper.record`` record
  (``typing.dataclass_transform``, so type checkers read it as a dataclass); no module
  imports ``dataclasses``.
- The whole package type-checks clean with mypy at the strictness ``[tool.mypy]`` in
  pyproject.toml sets (CI runs the same; here so that no landing leaves a finding behind).
"""

from __future__ import annotations

import ast
import hashlib
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
MAX_LINES = 600
SEAMS = {
    "scorekeeper/hand.py": "Hand: the state machine of a hand (turns, the one path of a card)",
    "scorekeeper/session/__init__.py": (
        "Session: the one way every command opens, changes and reads a match file (lock, read,"
        " replay, the cache, verify, write; undo, redo, rename)"
    ),
    "scorekeeper/table/session.py": (
        "TableSession: the state machine of a table session (a line, a quick hand asked fact"
        " by fact, an undo awaiting yes or no, the version the prompt showed)"
    ),
}
"""Modules whose one state-machine class is their seam, and why; at most ``MAX_SEAM_LINES``."""
MAX_SEAM_LINES = 1000
MAX_COMPLEXITY = 20
ENGINE = (
    "scorekeeper.rules",
    "scorekeeper.cards",
    "scorekeeper.contract",
    "scorekeeper.following",
    "scorekeeper.hand",
    "scorekeeper.actions",
    "scorekeeper.errors",
    "scorekeeper.reasons",
    "scorekeeper.match",
    "scorekeeper.matchlog",
    "scorekeeper.result",
    "scorekeeper.deals",
    "scorekeeper.holdings",
    "scorekeeper.caches",
)


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(sub) for sub in ast.walk(node))
    return skip


def imports_of(
    name: str, path: Path, known: dict[str, Path], *, type_checking: bool = False
) -> set[str]:
    """The package modules ``name`` imports, at any depth of its code (with those under
    ``if TYPE_CHECKING:`` when ``type_checking``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = set() if type_checking else _type_checking_nodes(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            targets.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package
                for _ in range(node.level - 1):
                    anchor = anchor.rpartition(".")[0]
                base = f"{anchor}.{base}" if base else anchor
            targets.add(base)
            targets.update(f"{base}.{a.name}" for a in node.names)
    out = set()
    for target in targets:
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target and target != name and target.startswith("scorekeeper"):
            out.add(target)
    return out


def graph(*, type_checking: bool = False) -> dict[str, set[str]]:
    known = modules()
    return {
        name: imports_of(name, path, known, type_checking=type_checking)
        for name, path in known.items()
    }


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle() -> None:
    assert cycles(graph()) == []


def test_no_import_cycle_even_through_type_checking_imports() -> None:
    """With the imports under ``if TYPE_CHECKING:`` counted, no cycle at all."""
    assert cycles(graph(type_checking=True)) == []


def test_the_engine_has_no_cycle_even_in_its_types() -> None:
    """The engine (hand, match, deals, following, ...) names its family only through the
    protocols it declares (``hand.GameRules``, ``hand.FamilyRules``, ``match.MatchRules``)."""
    edges = graph(type_checking=True)
    for name, targets in edges.items():
        if any(name == e or name.startswith(e + ".") for e in ENGINE):
            wrong = sorted(t for t in targets if t.startswith("scorekeeper.games"))
            assert not wrong, f"{name} names {wrong}"


def test_the_engine_never_imports_a_game_family() -> None:
    edges = graph()
    for name, targets in edges.items():
        if any(name == e or name.startswith(e + ".") for e in ENGINE):
            wrong = sorted(t for t in targets if t.startswith("scorekeeper.games"))
            assert not wrong, f"{name} imports {wrong}"


def test_one_record_policy() -> None:
    """No module of the package makes a record with ``dataclasses``: ``scorekeeper.record``
    is the one way (its test holds it to what ``dataclasses`` does)."""
    wrong = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            if "dataclasses" in names:
                wrong.add(str(path.relative_to(PACKAGE.parent)))
    assert not wrong, f"import dataclasses (use scorekeeper.record): {sorted(wrong)}"


def test_no_module_is_too_long() -> None:
    long = set()
    for path in PACKAGE.rglob("*.py"):
        name = str(path.relative_to(PACKAGE.parent))
        limit = MAX_SEAM_LINES if name in SEAMS else MAX_LINES
        if len(path.read_text(encoding="utf-8").splitlines()) > limit:
            long.add(name)
    assert not long, f"modules over {MAX_LINES} lines ({MAX_SEAM_LINES} for SEAMS): {sorted(long)}"


def test_a_seam_module_holds_one_state_machine() -> None:
    """A module allowed past the line count holds one class of more than 100 lines."""
    for name in SEAMS:
        tree = ast.parse((PACKAGE.parent / name).read_text(encoding="utf-8"))
        big = [
            node.name
            for node in tree.body
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno > 100  # type: ignore[operator]
        ]
        assert len(big) == 1, f"{name}: {big}"


def test_no_function_is_too_complex() -> None:
    from radon import complexity as radon  # a test dependency (pyproject: test extras)

    complex_ = set()
    for path in PACKAGE.rglob("*.py"):
        rel = str(path.relative_to(PACKAGE.parent))
        for block in radon.cc_visit(path.read_text(encoding="utf-8")):
            if block.complexity > MAX_COMPLEXITY:
                owner = getattr(block, "classname", None)
                complex_.add((rel, f"{owner}.{block.name}" if owner else block.name))
    assert not complex_, f"above complexity {MAX_COMPLEXITY}: {sorted(complex_)}"


def test_the_package_type_checks() -> None:
    """mypy over the whole package at pyproject's strictness: no finding (an unused
    ``type: ignore`` is one). Its cache lives in the temporary folder, one per checkout."""
    pytest.importorskip("mypy")  # the test extra installs it
    root = PACKAGE.parent
    digest = hashlib.sha256(str(root).encode()).hexdigest()[:12]
    cache = Path(tempfile.gettempdir()) / f"scorekeeper-mypy-{digest}"
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(cache)],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
