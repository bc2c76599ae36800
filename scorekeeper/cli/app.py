"""The ``scorekeeper`` command: the Typer app, its commands in help order, the entry point.

Each command is one line a table can type and a script can drive. The commands live by
group (:mod:`.starting`, :mod:`.recording`, :mod:`.reading`, :mod:`.exporting`,
:mod:`.referee`, :mod:`.rules`); they only parse words, ask the session or the referee,
and render. Errors go to stderr as one clear line (with the rule-set key), the exit code
is 1, and the match file is left exactly as it was.
"""

from __future__ import annotations

import os
from typing import Annotated, Any

import click
import typer
import typer.core

from scorekeeper.cli import (
    archive,
    exporting,
    quick,
    reading,
    recording,
    referee,
    serving,
    settle,
    starting,
    stats,
)
from scorekeeper.cli import table as table_session
from scorekeeper.cli.club import event_app
from scorekeeper.cli.labels import speak
from scorekeeper.cli.quick import hoist_lang as _hoist_lang
from scorekeeper.cli.rules import rules_app
from scorekeeper.cli.speaking import Table
from scorekeeper.text import language, say

__all__ = ["_hoist_lang", "app", "main", "typer_main"]

class _Group(typer.core.TyperGroup):
    """Typer's group of commands, its guess at a mistyped command said in the table's
    words: Typer writes 'Did you mean' in English; click's own sentence is translated."""

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as exc:
            head, guessed, names = exc.message.partition(". Did you mean ")
            if guessed:
                from gettext import gettext

                said = gettext("Did you mean {possibility}?")
                exc.message = f"{head}. {said.format(possibility=names.removesuffix('?'))}"
            raise


app = typer.Typer(
    cls=_Group,
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
app.add_typer(event_app, name="event")


def _choose_language(ctx: typer.Context, value: str | None) -> str | None:
    """``--lang``: the words of everything that follows (eager, so ``--lang de --help``)."""
    table = ctx.find_root().obj if isinstance(ctx.find_root().obj, Table) else Table()
    language.reset()  # a new command: forget what an earlier one in this process chose
    if value is not None and language.parse(value) is None:
        language.use_match(table.lang)  # refused in the words of the table around it
        raise typer.BadParameter(say("cli.bad_lang", value=value, languages=language.LANGUAGES))
    language.choose(value)
    if value is None and table.lang is not None:
        language.use_match(table.lang)  # help on a match's command: the match's words
    lang = language.current()
    speak(lang)
    if lang != language.ENGLISH:
        from scorekeeper.cli.helps import translate_helps

        translate_helps(ctx.find_root().command, lang, table.game)
    return value


def _version(value: bool) -> None:
    if value:
        from scorekeeper import __version__  # the distribution is trick-scorekeeper

        typer.echo(f"scorekeeper {__version__}")
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
            show_envvar=False,  # click wrote '(env var: 'None')' in a refusal of the value
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
    recording.redo,
    reading.status,
    reading.score,
    reading.check,
    exporting.export,
    referee.judge,
    referee.explain,
    recording.amend,
    recording.rename_player,
    archive.matches,
    archive.switch,
    archive.rename,
    archive.archive,
    stats.stats,
    settle.settle,
    serving.serve,
):
    app.command(cls=getattr(command, "command_class", None))(command)
app.command(name="import")(archive.import_)


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


def typer_main(argv: list[str]) -> None:
    """Run the command line through Typer: every command, help, usage errors, completion."""
    command = typer.main.get_command(_only(argv))
    # a command's own ``--lang`` (``new --lang de``): it speaks that language, its help,
    # click's words and its refusals too (the root's ``--lang`` callback, with no value of
    # its own, would set them back to the environment's); else the table's language
    table = Table.of(argv)
    lang = language.from_argv(argv) or table.lang or language.current()
    speak(lang)  # click's and Typer's own words (Usage:, Options, Missing argument)
    from scorekeeper.cli.helps import flow_helps, translate_helps

    if lang != language.ENGLISH:
        translate_helps(command, lang, table.game)
    else:
        flow_helps(command, table.game)
    from scorekeeper.shown import inert_click, inert_rich

    inert_rich()  # Typer's help and usage errors: a colour typed in an option shown, not taken
    inert_click()  # typer.echo through a pipe: a colour in a name shown, not removed
    # the table rides on the root context (``ctx.obj``): this command's alone, never a
    # later one's in the same process
    command(argv, prog_name="scorekeeper", obj=table)


def main() -> None:
    """Console entry point (as :func:`scorekeeper.__main__.main`): the quick path for a
    plain table command, Typer for everything else; never a traceback for bad input."""

    def answer(argv: list[str]) -> None:
        if not quick.run(argv):
            typer_main(argv)

    quick.start(answer)
