"""The ``scorekeeper`` command: the Typer app, its commands in help order, the entry point.

Each command is one line a table can type and a script can drive. The commands live by
group (:mod:`.starting`, :mod:`.recording`, :mod:`.reading`, :mod:`.exporting`,
:mod:`.referee`, :mod:`.rules`); they only parse words, ask the session or the referee,
and render. Errors go to stderr as one clear line (with the rule-set key), the exit code
is 1, and the match file is left exactly as it was.
"""

from __future__ import annotations

import os
from typing import Annotated

import typer

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
from scorekeeper.text import language, say

__all__ = ["_hoist_lang", "app", "main", "typer_main"]

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
app.add_typer(event_app, name="event")


def _choose_language(ctx: typer.Context, value: str | None) -> str | None:
    """``--lang``: the words of everything that follows (eager, so ``--lang de --help``)."""
    if value is not None and language.parse(value) is None:
        raise typer.BadParameter(say("cli.bad_lang", value=value, languages=language.LANGUAGES))
    language.reset()  # a new command: forget what an earlier one in this process chose
    language.choose(value)
    if value is None and _help_lang is not None:
        language.use_match(_help_lang)  # help on a match's command: the match's words
    lang = language.current()
    speak(lang)
    if lang != language.ENGLISH:
        from scorekeeper.cli.helps import translate_helps

        translate_helps(ctx.find_root().command, lang, _help_game)
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


_help_lang: str | None = None
"""The language of the table a command speaks for (see :func:`table_language`): its help,
click's words and its refusals speak it unless the root's ``--lang`` chose another."""


def _match_path(argv: list[str]) -> str | None:
    """The match a command acts on: ``--match``, ``$SCOREKEEPER_MATCH``, the current one."""
    path: str | None = None
    for i, word in enumerate(argv):
        if word in ("--match", "-m") and i + 1 < len(argv):
            path = argv[i + 1]
        elif word.startswith("--match="):
            path = word.split("=", 1)[1]
    if path is None:
        path = os.environ.get("SCOREKEEPER_MATCH") or None
    if path is None:
        from scorekeeper import store

        path = str(store.current_or_none() or "") or None
    return path


def _help_language(argv: list[str]) -> str | None:
    """The language of the match a command acts on (``--match``, ``$SCOREKEEPER_MATCH``,
    the current match), so that it speaks the table's words; None where it names none."""
    path = _match_path(argv)
    return language.of_file(path) if path else None


NOT_ON_A_MATCH = frozenset({"new", "demo"})
"""Commands that make a match rather than act on one: they speak their own ``--lang``
(``new --lang de``), else the environment's language."""


def _event_language(words: list[str], argv: list[str]) -> str | None:
    """An ``event`` command's language: the event's (``--match-lang`` when it was made,
    the language of its tables), given on ``event new`` or read from its file; None for
    an event without one (its tables speak the environment's language) or no event."""
    if words[1:2] == ["new"]:
        for i, word in enumerate(argv):
            if word == "--match-lang" and i + 1 < len(argv):
                return language.parse(argv[i + 1])
            if word.startswith("--match-lang="):
                return language.parse(word.split("=", 1)[1])
        return None
    if len(words) < 3:
        return None
    from scorekeeper.club.event import events_dir

    try:
        return language.of_file(events_dir() / f"{words[2]}.toml")
    except (OSError, ValueError):  # a name no file may have: the command refuses it
        return None


def table_language(argv: list[str]) -> str | None:
    """The language of the table a command speaks for, when no ``--lang`` chose one:

    - an ``event`` command: the event's language (its tables'), else the environment's;
    - ``new`` and ``demo``: their own ``--lang``, else the environment's;
    - every other command: the language of the match it acts on (``--match``,
      ``$SCOREKEEPER_MATCH``, the current match); a command on the data folder or a game
      rather than a match (``matches``, ``archive``, ``switch``, ``rename``, ``import``,
      ``stats``, ``rules``, ``judge``, ``explain``, ``check``) that of the current match,
      the table's; without a language there, the environment's.

    Help follows the same order, except that ``new --help`` and ``demo --help`` are the
    current match's, as all help is."""
    words = [w for w in argv if not w.startswith("-")]
    asks_help = "--help" in argv or "-h" in argv
    if words[:1] == ["event"]:
        return _event_language(words, argv)
    if words and words[0] in NOT_ON_A_MATCH and not asks_help:
        return None
    return _help_language(argv)


_help_game: tuple[str, str] | None = None
"""The game of the table a ``--help`` is asked at (see :func:`help_game`): its examples."""

NAMES_A_GAME = frozenset({"new", "table", "demo", "explain", "judge", "show"})
"""Commands whose first argument is a rule set (``explain klaverjassen --help``)."""


def help_game(argv: list[str]) -> tuple[str, str] | None:
    """The game whose examples a ``--help`` gives: the game a command names
    (``explain klaverjassen``), else the event's (``event enter friday``), else the
    match's the command acts on (see :func:`table_language`); None: Doppelkopf's."""
    from scorekeeper.cli.examples import family_of

    words = [w for w in argv if not w.startswith("-")]
    for i, word in enumerate(words[:2]):
        if word in NAMES_A_GAME and i + 1 < len(words):
            return family_of(words[i + 1])
    if words[:1] == ["event"]:
        return _event_game(words)
    path = _match_path(argv)
    ruleset = _ruleset_of(path) if path else None
    return family_of(ruleset) if ruleset else None


def _event_game(words: list[str]) -> tuple[str, str] | None:
    from scorekeeper.cli.examples import family_of
    from scorekeeper.club import event as ev
    from scorekeeper.errors import ScorekeeperError

    if len(words) < 3 or words[1] in ("new", "competitions", "season"):
        return None
    try:
        return family_of(ev.read(words[2]).rules.ruleset)
    except (ScorekeeperError, OSError, ValueError):
        return None


def _ruleset_of(path: str) -> str | None:
    """The rule set a match file's header names (read as its language is)."""
    import tomllib
    from pathlib import Path

    file = Path(path)
    try:
        if not file.is_file():
            return None
        with file.open(encoding="utf-8") as f:
            head = f.read(language.HEADER_BYTES).split("\n[[", 1)[0]
        value = tomllib.loads(head).get("ruleset")
    except (OSError, ValueError, RecursionError):
        return None
    return value if isinstance(value, str) else None


def typer_main(argv: list[str]) -> None:
    """Run the command line through Typer: every command, help, usage errors, completion."""
    global _help_lang, _help_game
    command = typer.main.get_command(_only(argv))
    # a command's own ``--lang`` (``new --lang de``): it speaks that language, its help,
    # click's words and its refusals too (the root's ``--lang`` callback, with no value of
    # its own, would set them back to the environment's); else the table's language
    _help_lang = language.from_argv(argv) or table_language(argv)
    _help_game = help_game(argv) if "--help" in argv or "-h" in argv else None
    lang = language.from_argv(argv) or _help_lang or language.current()
    speak(lang)  # click's and Typer's own words (Usage:, Options, Missing argument)
    from scorekeeper.cli.helps import flow_helps, translate_helps

    if lang != language.ENGLISH:
        translate_helps(command, lang, _help_game)
    else:
        flow_helps(command, _help_game)
    try:
        command(argv, prog_name="scorekeeper")
    finally:  # this command's: never a later one's in the same process
        _help_lang = _help_game = None


def main() -> None:
    """Console entry point (as :func:`scorekeeper.cli.entry.main`): the quick path for a
    plain table command, Typer for everything else; never a traceback for bad input."""

    def answer(argv: list[str]) -> None:
        if not quick.run(argv):
            typer_main(argv)

    quick.start(answer)
