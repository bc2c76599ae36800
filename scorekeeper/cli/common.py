"""What every Typer command shares: its options (``--match``, ``--json``, ``--set``,
``--price``), and, from the Typer-free modules, the refusal guard (:mod:`.quick`), the
match a command works on (:mod:`.work`) and the reading of option words (:mod:`.core`).

The Typer-free parts live there, so that the table's commands can run without Typer
(:mod:`.quick`); they are named here too, as every command module has always used them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import click
import typer

from scorekeeper.cli.core import (
    closed_pipe,
    echo,
    fail,
    json_wanted,
    judged,
    options,
    typed,
    typed_amendment,
    typed_cards,
    typed_facts,
)
from scorekeeper.cli.quick import guarded, refuse_undecodable
from scorekeeper.cli.work import editing, lock_wait, match_path
from scorekeeper.text import say

__all__ = [
    "JsonOpt",
    "MatchOpt",
    "SetOpt",
    "closed_pipe",
    "echo",
    "editing",
    "fail",
    "guarded",
    "json_wanted",
    "judged",
    "lock_wait",
    "match_path",
    "options",
    "price_option",
    "refuse_undecodable",
    "typed",
    "typed_amendment",
    "typed_cards",
    "typed_facts",
]

MatchOpt = Annotated[
    Path | None,
    typer.Option(
        "--match",
        "-m",
        help="Match file to use (default: $SCOREKEEPER_MATCH, else the current match).",
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print plain JSON for programs.")]


def price_option(help: str) -> Any:
    """The ``--price`` option: a price per point for settling up, worded per command."""
    return typer.Option(
        "--price",
        click_type=_Price(min=0, max=1_000_000),
        show_envvar=False,
        help=help,
        callback=_finite,
    )


class _Price(click.FloatRange):
    """A price as the table writes it: ``0.05``, or ``0,05`` with a decimal comma (German
    and Dutch); everything else as click's range of floats reads and refuses it."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and value.count(",") == 1 and "." not in value:
            value = value.replace(",", ".")
        return super().convert(value, param, ctx)


def _finite(value: float | None) -> float | None:
    """``nan`` passes a range check (it compares false with everything): refuse it."""
    if value is not None and value != value:
        raise typer.BadParameter(say("cli.price_nan", value=value))
    return value


SetOpt = Annotated[
    list[str] | None,
    typer.Option("--set", "-s", help="Change an option: --set fox=false (repeatable)."),
]
