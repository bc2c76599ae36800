"""The command line's help texts in the table's language.

The English help texts stay where Typer reads them (docstrings, ``help=``); their German
and Dutch words are catalogue entries with the context ``help`` and the English text as
the id. The language is known before the command line runs, so the built click commands
get their translated help before anything is printed; English changes nothing.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from typing import Any

import click

HELP = "help"


def _texts(command: click.Command) -> Iterator[tuple[Any, str]]:
    """(object, attribute) of every help text under a command, itself included."""
    yield command, "help"
    yield command, "short_help"
    for param in command.params:
        yield param, "help"
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            yield from _texts(sub)


def _arguments(command: click.Command) -> Iterator[click.Argument]:
    """Every argument under a command: its name in capitals is the usage's word for it
    (``scorekeeper announce PLAYER WHAT...``)."""
    yield from (p for p in command.params if isinstance(p, click.Argument))
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            yield from _arguments(sub)


def _metavar(argument: click.Argument) -> str:
    return (argument.name or "").upper()


def english_helps(command: click.Command) -> list[str]:
    """Every help text of a built command tree, in order, each once, and the arguments'
    words in the usage lines (``PLAYER``)."""
    seen: dict[str, None] = {}
    for owner, attr in _texts(command):
        text = getattr(owner, attr, None)
        if isinstance(text, str) and text.strip():
            seen.setdefault(text, None)
    for argument in _arguments(command):
        seen.setdefault(_metavar(argument), None)
    seen.update(dict.fromkeys((OPTIONS, SUBCOMMAND)))
    seen.update(dict.fromkeys(TYPE_NAMES))
    seen.update(dict.fromkeys(TYPE_METAVARS.values()))
    return list(seen)


Game = tuple[str, str]
"""A table's game for its help's examples: (family, rule set id)."""


def translate_helps(command: click.Command, lang: str, game: Game | None = None) -> None:
    """Put the help texts of ``lang`` into a built command tree (in place), each flowed
    (:func:`flowed`) and with ``game``'s examples (:mod:`.examples`), and the arguments'
    words of its usage lines (``SPIELER``)."""
    from scorekeeper.cli.examples import filled
    from scorekeeper.text import translate

    keep_names_whole()
    for owner, attr in _texts(command):
        text = getattr(owner, attr, None)
        if isinstance(text, str) and text.strip():
            setattr(owner, attr, filled(flowed(translate(HELP, text, lang)), game, lang))
    for argument in _arguments(command):
        if argument.metavar is None and (name := _metavar(argument)):
            word = translate(HELP, name, lang)
            argument.metavar = word + ("..." if argument.nargs != 1 else "")
            argument.opts = [word.lower()]  # the help's name of it (Typer shows its opts)
    for each in _commands(command):
        for param in each.params:
            _translate_type(param, lang)
        if each.options_metavar == f"[{OPTIONS}]":
            each.options_metavar = f"[{translate(HELP, OPTIONS, lang)}]"
        if isinstance(each, click.Group) and each.subcommand_metavar == SUBCOMMAND:
            each.subcommand_metavar = translate(HELP, SUBCOMMAND, lang)


OPTIONS = "OPTIONS"
"""The usage line's word for a command's options (``scorekeeper new [OPTIONS] ...``)."""
SUBCOMMAND = "COMMAND [ARGS]..."
"""The usage line's words for a group's command (``scorekeeper [OPTIONS] COMMAND ...``)."""


TYPE_NAMES = (
    "text",
    "path",
    "file",
    "directory",
    "integer",
    "float",
    "integer range",
    "float range",
)
"""click's names of its types, as a usage mistake names them ("'x' is not a valid integer")."""
TYPE_METAVARS = {
    "text": "TEXT",
    "path": "PATH",
    "file": "FILE",
    "directory": "DIRECTORY",
    "integer": "INTEGER",
    "integer range": "INTEGER",
    "float": "NUMBER",
    "float range": "NUMBER",
}
"""The help's word for an option's value of each type (``--price NUMBER``)."""


def _translate_type(param: click.Parameter, lang: str) -> None:
    """A parameter's type named in ``lang`` (a copy: click shares some types between
    commands), and an option's value in the help by that type's word (``--match PFAD``)."""
    from scorekeeper.text import translate

    name = param.type.name
    if name not in TYPE_NAMES or (isinstance(param, click.Option) and param.is_flag):
        return
    param.type = copy.copy(param.type)
    param.type.name = translate(HELP, name, lang)
    if isinstance(param, click.Option) and param.metavar is None:
        word = translate(HELP, TYPE_METAVARS[name], lang)
        param.metavar = word + ("..." if param.nargs != 1 else "")


def _commands(command: click.Command) -> Iterator[click.Command]:
    yield command
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            yield from _commands(sub)


def flow_helps(command: click.Command, game: Game | None = None) -> None:
    """Every help text of a built command tree flowed (:func:`flowed`), with ``game``'s
    examples (:mod:`.examples`), in place."""
    from scorekeeper.cli.examples import filled

    keep_names_whole()
    for owner, attr in _texts(command):
        text = getattr(owner, attr, None)
        if isinstance(text, str) and ("\n" in text or game is not None):
            setattr(owner, attr, filled(flowed(text), game, "en"))


_LABEL = re.compile(r"^(\||[^\s:]+:\s|scorekeeper\s)")
"""A line that starts a line of its own: an example (``scorekeeper ...``, ``| ...``) or a
label (``Examples: ...``, ``Beispiele: ...``)."""


def flowed(text: str) -> str:
    """A help text whose paragraphs are one line each, for the help to wrap between
    words at any width: a line break inside a paragraph becomes a space, except before
    an example (``scorekeeper ...``, ``| scorekeeper ...``) or a label (``Examples: ...``); blank lines stay."""
    paragraphs = []
    for paragraph in text.split("\n\n"):
        lines = [line.strip() for line in paragraph.split("\n")]
        out: list[str] = []
        for line in lines:
            if out and line and not _LABEL.match(line):
                out[-1] = f"{out[-1]} {line}"
            else:
                out.append(line)
        paragraphs.append("\n".join(out))
    return "\n\n".join(paragraphs)


def keep_names_whole() -> None:
    """Help panels that do not break an option's or a value's name ('WÖRTER..' / '.' at 40
    columns): a column nobody fills (Typer's columns for negative flags and short names)
    takes no room, which leaves the names theirs. Put in front of Typer's help once, when
    help is shown; Typer's help module (and rich) are imported only then."""
    import typer.core

    for cls in (typer.core.TyperCommand, typer.core.TyperGroup):
        if not getattr(cls.format_help, "names_whole", False):
            cls.format_help = _with_names_whole(cls.format_help)  # type: ignore[method-assign]
            cls.format_usage = _on_one_line(cls.format_usage)  # type: ignore[method-assign]


def _on_one_line(format_usage: Any) -> Any:
    """The usage line written whole, for rich to wrap between words at the terminal's
    width: click wrapped it at its own width and indented the rest under the command's
    name, which rich then cut inside a word at 40 columns ('WETTBEWE' / 'RB')."""

    def format_usage_on_one_line(self: Any, ctx: click.Context, formatter: Any) -> None:
        width = formatter.width
        formatter.width = 1 << 20
        try:
            format_usage(self, ctx, formatter)
        finally:
            formatter.width = width

    return format_usage_on_one_line


def _with_names_whole(format_help: Any) -> Any:
    def format_with_names_whole(self: Any, ctx: click.Context, formatter: Any) -> Any:
        from typer import rich_utils

        if not getattr(rich_utils, "names_whole", False):
            rich_utils.Table = _without_empty_columns(rich_utils.Table)  # type: ignore[misc]
            rich_utils.names_whole = True  # type: ignore[attr-defined]
        return format_help(self, ctx, formatter)

    format_with_names_whole.names_whole = True  # type: ignore[attr-defined]
    return format_with_names_whole


def _without_empty_columns(table: Any) -> Any:
    class Filled(table):
        def __rich_console__(self, console: Any, options: Any) -> Any:
            columns: list[Any] = getattr(self, "columns")  # noqa: B009 (rich's own list)
            self.columns = [c for c in columns if not all(_empty(x) for x in c._cells)]
            if _fits(self.columns, options.max_width):
                yield from super().__rich_console__(console, options)
            else:
                yield _stacked(table, self.columns)

    return Filled


def _fits(columns: list[Any], width: int) -> bool:
    """Whether a help panel's rows fit ``width`` side by side with every word whole: the
    names at their length, the last column (the help) as wide as its longest word."""
    if len(columns) < 2:
        return True
    names = sum(max((_width(_plain(x)) for x in c._cells), default=0) for c in columns[:-1])
    longest = max((_width(w) for x in columns[-1]._cells for w in _plain(x).split()), default=0)
    return names + 2 * (len(columns) - 1) + longest <= width


def _stacked(table: Any, columns: list[Any]) -> Any:
    """A help panel too narrow for its rows side by side: each row's names on a line of
    their own, its help below them, indented; no word cut short with an ellipsis."""
    from rich.padding import Padding
    from rich.text import Text

    grid = table.grid(expand=True)
    grid.add_column(overflow="fold")
    for row in zip(*(c._cells for c in columns), strict=True):
        names = [x if isinstance(x, Text) else Text(str(x)) for x in row[:-1] if not _empty(x)]
        grid.add_row(Text("  ").join(names))
        if not _empty(row[-1]):
            grid.add_row(Padding(row[-1], (0, 0, 0, 4)))
    return grid


def _plain(cell: Any) -> str:
    """A help panel cell's words: a text's, or those of each part of typer's help
    (``Columns`` of texts)."""
    parts = getattr(cell, "renderables", None)
    if parts is not None:
        return " ".join(_plain(p) for p in parts)
    return "" if cell is None else str(getattr(cell, "plain", cell))


def _width(text: str) -> int:
    from rich.cells import cell_len

    return cell_len(text)


def _empty(cell: Any) -> bool:
    return not _plain(cell).strip()
