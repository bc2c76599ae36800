"""What every command shares: its options, the refusal guard, and reading option words.

A command parses words, asks the session (or the referee) and renders the answer. Errors
go to stderr as one clear line (with the rule-set key), the exit code is 1, and the match
file is left exactly as it was. Nothing heavy is imported here: ``scorekeeper --help``
must stay quick.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from scorekeeper.errors import ScorekeeperError

F = TypeVar("F", bound=Callable[..., Any])

MatchOpt = Annotated[
    Path | None,
    typer.Option(
        "--match",
        "-m",
        help="Match file to use (default: $SCOREKEEPER_MATCH, else the current match).",
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print plain JSON for programs.")]
SetOpt = Annotated[
    list[str] | None,
    typer.Option("--set", "-s", help="Change an option: --set fox=false (repeatable)."),
]


def json_wanted() -> bool:
    return "--json" in sys.argv


def guarded(func: F) -> F:
    """Turn engine errors into one line on stderr and exit code 1; never a traceback."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except ScorekeeperError as exc:
            fail(exc)
        except OSError as exc:
            fail(ScorekeeperError(f"{exc.filename or ''}: {exc.strerror or exc}".lstrip(": ")))

    return wrapper  # type: ignore[return-value]


def fail(exc: ScorekeeperError) -> None:
    if json_wanted():
        import json

        sys.stderr.write(json.dumps(exc.to_dict(), ensure_ascii=False) + "\n")
    else:
        from scorekeeper.cli import render

        for line in str(exc).splitlines():
            render.error(line)
    raise typer.Exit(1)


def options(pairs: list[str] | None, file: Path | None = None) -> dict[str, Any]:
    """Option values from ``--options FILE`` and ``--set name=value`` (these win)."""
    found: dict[str, Any] = {}
    if file is not None:
        import tomllib

        try:
            data = tomllib.loads(file.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise ScorekeeperError(f"{file}: {exc}", rule="options") from None
        found.update(data.get("options", data))
    for pair in pairs or []:
        if "=" not in pair:
            raise ScorekeeperError(
                f"--set {pair!r}: write it as name=value, like fox=false", rule="options"
            )
        key, value = pair.split("=", 1)
        found[key.strip()] = value.strip()
    return found


def match_path(match: Path | None) -> Path:
    """The match file a command works on: ``--match``, ``$SCOREKEEPER_MATCH`` or current."""
    from scorekeeper import store

    return store.current_path(match)
