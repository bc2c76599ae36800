"""What the engine imports for a command at the table (issue 12, P1): not what it takes,
which bench/figures_startup.py measures, but what must stay out of the way.

A Doppelkopf command imports neither ``dataclasses`` (the engine's records are
``scorekeeper.record``'s: ``dataclasses`` compiles code per class and imports ``inspect``,
``ast`` and ``dis``), nor ``copy`` (plain data is copied by ``scorekeeper.datacopy``), nor
``hashlib`` (OpenSSL: the replay cache's blake2b comes from ``_blake2``), nor ``difflib``
(only a misspelt name asks for it), nor another game family.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_startup import (  # a real process's modules, as the quick path's test reads them
    TABLE_COMMANDS,
    demo_match,
    imported,
)

AVOIDED = (
    "dataclasses",
    "inspect",
    "ast",
    "dis",
    "hashlib",
    "_hashlib",
    "difflib",
    "copy",
    "weakref",
)
OTHER_FAMILIES = ("klaverjassen", "klaberjass", "kloepper", "bierkopf")


@pytest.fixture
def match(tmp_path: Path) -> Path:
    return demo_match(tmp_path)


@pytest.mark.parametrize("args", TABLE_COMMANDS)
def test_a_doppelkopf_command_imports_no_dataclasses_hashlib_difflib_or_other_family(
    tmp_path: Path, match: Path, args: tuple[str, ...]
) -> None:
    home = tmp_path / "home"
    for _ in range(2):  # cold, then through the replay cache
        modules = imported(home, tmp_path / "modules.txt", *args, "--match", match)
        assert "scorekeeper.games.doppelkopf.family" in modules  # it did run
        assert sorted(m for m in AVOIDED if m in modules) == [], args
        families = {m.split(".")[2] for m in modules if m.startswith("scorekeeper.games.")}
        assert not families & set(OTHER_FAMILIES), (args, families)
