"""An event with its first round drawn, made through the real command line, for the tests
that edit its file: a table's match file led out of the data folder (issue 25, item 2)."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from pathlib import Path

from cli_helpers import run_cli

Run = Callable[..., subprocess.CompletedProcess[str]]

PLAYERS = ("Anna", "Ben", "Carla", "Dirk")


def drawn_event(home: Path, run: Run | None = None) -> tuple[Path, str]:
    """Event ``friday`` (``doppelkopf-club``) in the data folder ``home``: four players
    registered, round 1 drawn with seed 1 (one table). Its file, and its table's match file
    as the event file names it (``matches/...``). ``run`` runs the command line (default:
    a process of its own, :func:`cli_helpers.run_cli`)."""
    run = run or (lambda *words: run_cli(home, *words))
    for words in (
        ("event", "new", "friday", "doppelkopf-club"),
        ("event", "register", "friday", *PLAYERS),
        ("event", "draw", "friday", "--seed", "1"),
    ):
        res = run(*words)
        assert res.returncode == 0, res.stdout + res.stderr
    event = home / "events" / "friday.toml"
    table = re.search(r'match = "(matches/[^"]+)"', event.read_text("utf-8"))
    assert table is not None, event.read_text("utf-8")
    return event, table.group(1)


def copied_outside(home: Path, table: str, outside: Path) -> Path:
    """The table's match file copied to ``outside``, a file out of the data folder."""
    outside.write_bytes((home / table).read_bytes())
    return outside


def lead_out(event: Path, table: str, named: str) -> None:
    """The event file edited to name ``named`` where it named the table's match file."""
    event.write_text(event.read_text("utf-8").replace(table, named), "utf-8")
