"""The ``scorekeeper`` command: the Typer app, its commands in help order, the entry point.

Each command is one line a table can type and a script can drive. The commands live by
group (:mod:`.starting`, :mod:`.recording`, :mod:`.reading`, :mod:`.exporting`,
:mod:`.referee`, :mod:`.rules`); they only parse words, ask the session or the referee,
and render. Errors go to stderr as one clear line (with the rule-set key), the exit code
is 1, and the match file is left exactly as it was.
"""

from __future__ import annotations

import os
import sys
from typing import Annotated

import typer

from scorekeeper.cli import (
    archive,
    exporting,
    reading,
    recording,
    referee,
    settle,
    starting,
    stats,
)
from scorekeeper.cli import table as table_session
from scorekeeper.cli.common import closed_pipe
from scorekeeper.cli.labels import speak
from scorekeeper.cli.rules import rules_app
from scorekeeper.errors import ScorekeeperError
from scorekeeper.text import language, say

__all__ = ["app", "main"]

app = typer.Typer(
    name="scorekeeper",
    help=(
        "Keep the score and settle the rules of Doppelkopf and related trick-taking games.\n\n"
        "Start a match with 'scorekeeper new doppelkopf Anna Ben Carla Dirk', then record what "
        "happens: 'scorekeeper announce Ben re', 'scorekeeper trick QC 10H AD 9D', or a whole "
        "hand from the score sheet with 'scorekeeper hand re=Anna,Carla re_points=165'. "
        "'scorekeeper score' shows the sheet."
    ),
    no_args_is_help=True,
    add_completion=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)
app.add_typer(rules_app, name="rules")


def _choose_language(ctx: typer.Context, value: str | None) -> str | None:
    """``--lang``: the words of everything that follows (eager, so ``--lang de --help``)."""
    if value is not None and language.parse(value) is None:
        raise typer.BadParameter(say("cli.bad_lang", value=value, languages=language.LANGUAGES))
    language.reset()  # a new command: forget what an earlier one in this process chose
    language.choose(value)
    lang = language.current()
    speak(lang)
    if lang != language.ENGLISH:
        from scorekeeper.cli.helps import translate_helps

        translate_helps(ctx.find_root().command, lang)
    return value


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        typer.echo(f"scorekeeper {version('scorekeeper')}")
        raise typer.Exit()


@app.callback()
def _options(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and stop."
    ),
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help=(
                "Language of the words: en, de or nl (default: the match's, else "
                "$SCOREKEEPER_LANG, else the locale's). --json output is always the same."
            ),
            is_eager=True,
            callback=_choose_language,
        ),
    ] = None,
) -> None:
    """Keep the score and settle the rules of Doppelkopf and related trick-taking games."""


# The order here is the order of 'scorekeeper --help'.
for command in (
    starting.new,
    starting.demo,
    table_session.table,
    recording.play,
    recording.trick,
    recording.announce,
    recording.declare,
    recording.act,
    recording.deal,
    recording.hand,
    recording.undo,
    reading.status,
    reading.score,
    reading.check,
    exporting.export,
    referee.judge,
    referee.explain,
    recording.amend,
    archive.matches,
    archive.switch,
    archive.rename,
    archive.archive,
    stats.stats,
    settle.settle,
):
    app.command(cls=getattr(command, "command_class", None))(command)
app.command(name="import")(archive.import_)


def _hoist_lang(argv: list[str]) -> list[str]:
    """``scorekeeper score --lang nl`` as ``scorekeeper --lang nl score``: ``--lang`` is a
    global option wherever it is written, except ``new --lang`` (the match's language)."""
    words = list(argv)
    for i, word in enumerate(words):
        if word == "--":
            break
        if word == "--lang" or word.startswith("--lang="):
            if i == 0 or (words[:i] and _command_of(words[:i]) in (None, "new")):
                return words
            size = 1 if "=" in word else 2
            moved = words[i : i + size]
            return moved + words[:i] + words[i + size :]
    return words


def _command_of(before: list[str]) -> str | None:
    return next((w for w in before if not w.startswith("-")), None)


def _command_name(info: typer.models.CommandInfo) -> str:
    return info.name or typer.main.get_command_name(info.callback.__name__)  # type: ignore[union-attr]


def _only(argv: list[str]) -> typer.Typer:
    """The app with only the command ``argv`` runs (the app itself for anything else).

    Typer builds every command's options before it runs one; a command that records a
    card needs only its own. Help, completion, a sub-group or an unknown word get the
    whole app, so that they say exactly what they always said.
    """
    words = list(argv)
    while words and words[0].startswith("--lang"):
        words = words[2:] if words[0] == "--lang" else words[1:]
    if not words or words[0].startswith("-") or any(k.endswith("_COMPLETE") for k in os.environ):
        return app
    chosen = [info for info in app.registered_commands if _command_name(info) == words[0]]
    if not chosen:
        return app
    slim = object.__new__(typer.Typer)
    vars(slim).update(vars(app))
    slim.registered_commands = chosen
    slim.registered_groups = []
    return slim


def _stdout_is_devnull() -> bool:
    try:
        out, null = os.fstat(sys.stdout.fileno()), os.stat(os.devnull)
    except (OSError, ValueError, AttributeError):
        return False
    return (out.st_dev, out.st_ino) == (null.st_dev, null.st_ino)


def _flush_or_end_quietly(was_devnull: bool) -> None:
    """The last output, flushed while a closed pipe can still end the command quietly.
    click and rich answer a closed pipe they meet themselves with exit 1 (rich after
    pointing standard output at /dev/null): make that 141 too, as everywhere."""
    import click.utils

    if isinstance(sys.stdout, click.utils.PacifyFlushWrapper):
        closed_pipe()
    if not was_devnull and _stdout_is_devnull():
        closed_pipe()
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        closed_pipe()
    except (OSError, ValueError):
        pass


def main() -> None:
    """Console entry point: run the app, never show a traceback for bad input."""
    argv = _hoist_lang(sys.argv[1:])
    if "--json" in argv:
        language.neutral()
    if (sys.stdout.encoding or "").lower().replace("-", "") != "utf8":
        from scorekeeper.view.words import printable_streams

        printable_streams()  # an ASCII terminal gets H for ♥, ... for …
    was_devnull = _stdout_is_devnull()
    try:
        command = typer.main.get_command(_only(argv))
        lang = language.from_argv(argv) or language.current()
        speak(lang)  # click's and Typer's own words (Usage:, Options, Missing argument)
        if lang != language.ENGLISH:
            from scorekeeper.cli.helps import translate_helps

            translate_helps(command, lang)
        command(argv, prog_name="scorekeeper")
    except SystemExit:
        _flush_or_end_quietly(was_devnull)
        raise
    except BrokenPipeError:
        closed_pipe()
    except ScorekeeperError as exc:  # raised outside a command body
        sys.stderr.write(f"{say('cli.error')} {exc}\n")
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:  # a bug: say so plainly, traceback only on request
        if os.environ.get("SCOREKEEPER_DEBUG"):
            raise
        error = f"{type(exc).__name__}: {exc}"
        sys.stderr.write(f"{say('cli.error')} {say('cli.internal', error=error)}\n")
        sys.exit(70)
