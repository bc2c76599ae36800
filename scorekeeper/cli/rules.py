"""The ``rules`` commands: list the rule sets, show one resolved."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from scorekeeper.cli.common import JsonOpt, SetOpt, guarded, options
from scorekeeper.errors import ScorekeeperError
from scorekeeper.text import say

rules_app = typer.Typer(help="List and show the rule sets.", no_args_is_help=True)


@rules_app.command("list")
@guarded
def rules_list(json_: JsonOpt = False) -> None:
    """List the rule sets that can be played.

    Example: scorekeeper rules list --json
    """
    from scorekeeper import ruleset as rs
    from scorekeeper.cli import referee, render

    rows = []
    for name in sorted(rs.available()):
        try:
            rows.append(rs.load(name).summary())
        except ScorekeeperError as exc:  # one broken file must not hide the others
            first = str(exc).splitlines()[0]
            render.warn(say("cli.ruleset_broken", name=name, error=first))
    if json_:
        render.emit_json(rows)
        return
    referee.rules_list(rows)


@rules_app.command("show")
@guarded
def rules_show(
    ruleset: Annotated[str, typer.Argument(help="Rule set id or file.")],
    set_: SetOpt = None,
    json_: JsonOpt = False,
) -> None:
    """Show a rule set resolved: its rules, options and their defaults.

    Example: scorekeeper rules show doppelkopf --set fox=false
    """
    from scorekeeper import ruleset as rs
    from scorekeeper.cli import referee, render

    rules = rs.load(ruleset, options(set_, ruleset=ruleset))
    data = referee.rules_dict(rules)
    data["unknown_keys"] = warn_unknown_keys(rules, quiet=json_)
    if json_:
        render.emit_json(data)
        return
    referee.rules_show(data)


def warn_unknown_keys(rules: Any, quiet: bool = False) -> list[str]:
    """Keys no shipped rule set has (typos, most likely): a warning, not a refusal."""
    from scorekeeper import ruleset as rs

    unknown = rs.unknown_keys(rules)
    if unknown and not quiet:
        from scorekeeper.cli import render

        render.warn(
            f"{rules.source}: {', '.join(unknown)}: no {rules.family} rule set has "
            f"{'this key' if len(unknown) == 1 else 'these keys'}; nothing reads "
            f"{'it' if len(unknown) == 1 else 'them'} (a typo?)"
        )
    return unknown
