"""The archive commands: ``matches`` (the list), ``switch``, ``rename``, ``archive`` and
``import``. They only move or copy whole match files in the data folder
(:mod:`scorekeeper.store`); a match's text is never changed by them."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from scorekeeper.cli.common import JsonOpt, guarded
from scorekeeper.errors import ScorekeeperError

if TYPE_CHECKING:
    from scorekeeper.store import Listed


def say(key: str, **params: Any) -> str:
    """The words of a catalogue key (``scorekeeper.text``), filled in."""
    from scorekeeper.reasons import because

    return because(key, **params).text()


@guarded
def matches(
    archived: Annotated[
        bool, typer.Option("--archived", help="List the matches put away instead.")
    ] = False,
    json_: JsonOpt = False,
) -> None:
    """List the matches of the data folder: game, players, hands, start, finished or not.

    The current match is marked with '*'. Example: scorekeeper matches --archived
    """
    from scorekeeper import store
    from scorekeeper.cli import render

    listed = store.listing(archived=archived)
    current = store.current_or_none()
    if json_:
        render.emit_json({"matches": [entry.to_dict(current) for entry in listed]})
        return
    if not listed:
        typer.echo(say("archive.empty_archived" if archived else "archive.empty"))
        return
    _table(listed, current)


def _state(entry: Listed) -> str:
    f = entry.figures
    if f.problem is not None:
        message = str(f.problem.get("message") or "")  # the name column says which file
        message = message.replace(str(entry.stored.path), entry.stored.path.name)
        return say("archive.state.unreadable", problem=message)
    return say("archive.state.finished" if f.finished else "archive.state.playing")


WIDE = 100
"""Below this many columns the list is stacked: a match's name, then its facts."""


def _is_current(entry: Listed, current: Path | None) -> bool:
    return current is not None and entry.stored.path.resolve() == current


def _started(entry: Listed) -> str:
    from scorekeeper.text import language

    return f"{language.day(entry.started)} {entry.started:%H:%M}" if entry.started else ""


def _game(entry: Listed) -> str:
    """The match's rule set by its name in the table's language, as every sentence names
    it (``Amsterdams klaverjassen``)."""
    from scorekeeper.lang.terms import ruleset_name
    from scorekeeper.text import language

    return ruleset_name(entry.figures.game or entry.figures.ruleset, language.current())


def _table(listed: list[Listed], current: Path | None) -> None:
    from rich.table import Table

    from scorekeeper.cli import render

    if render.console.width < WIDE:
        _stacked(listed, current)
        return
    table = Table(box=None, pad_edge=False, show_edge=False)
    table.add_column("")
    widest = max(len(entry.stored.name) for entry in listed)
    for key in ("name", "game", "players", "hands", "started", "state"):
        table.add_column(
            say(f"archive.col.{key}"),
            justify="right" if key == "hands" else "left",
            min_width=widest if key == "name" else None,
            no_wrap=key in ("hands", "started"),
            overflow="fold",
        )
    for entry in listed:
        broken = entry.figures.problem is not None
        table.add_row(
            "*" if _is_current(entry, current) else "",
            render.escape(entry.stored.name),
            render.escape(_game(entry)),
            render.escape(", ".join(entry.figures.players)),
            "" if broken else str(entry.figures.hands),
            _started(entry),
            say("archive.state.broken") if broken else _state(entry),
        )
    render.console.print(table)
    for entry in listed:  # each broken file's reason on one line of its own, unwrapped
        if entry.figures.problem is not None:
            typer.echo(f"{entry.stored.name}: {_state(entry)}")
    if any(_is_current(entry, current) for entry in listed):
        typer.echo(say("archive.current_mark"))


def _stacked(listed: list[Listed], current: Path | None) -> None:
    for entry in listed:
        typer.echo(f"{'*' if _is_current(entry, current) else ' '} {entry.stored.name}")
        if entry.figures.problem is not None:
            typer.echo(f"    {_state(entry)}")
            continue
        facts = say(
            "archive.stacked",
            game=entry.figures.game or entry.figures.ruleset,
            players=entry.figures.players,
            hands=entry.figures.hands,
            started=_started(entry),
            state=_state(entry),
        )
        typer.echo(f"    {facts}")
    if any(_is_current(entry, current) for entry in listed):
        typer.echo(say("archive.current_mark"))


def _done(json_: bool, data: dict[str, Any], *lines: str) -> None:
    if json_:
        from scorekeeper.cli import render

        render.emit_json(data)
        return
    for line in lines:
        typer.echo(line)


NameArg = Annotated[
    str, typer.Argument(help="The match's name, as 'scorekeeper matches' lists it.")
]


@guarded
def switch(name: NameArg, json_: JsonOpt = False) -> None:
    """Make another match of the list the current one.

    Example: scorekeeper switch 20261123-201500-doppelkopf
    """
    from scorekeeper import store

    found = store.switch(name)
    _done(
        json_,
        {"name": found.name, "path": str(found.path)},
        say("archive.switched", name=found.name, path=found.path),
    )


@guarded
def rename(
    name: NameArg,
    new_name: Annotated[str, typer.Argument(help="Its new name.")],
    json_: JsonOpt = False,
) -> None:
    """Give a match a name of your own (its file is renamed; its contents stay as they are).

    Example: scorekeeper rename 20261123-201500-doppelkopf "club night 23 Nov"
    """
    from scorekeeper import store

    found = store.rename(name, new_name)
    from scorekeeper.text import language

    language.use_match(language.of_file(found.path))  # said in the match's language
    _done(
        json_,
        {"old": name, "name": found.name, "path": str(found.path)},
        say("archive.renamed", old=name, name=found.name, path=found.path),
    )


@guarded
def archive(
    name: NameArg,
    restore: Annotated[
        bool, typer.Option("--restore", help="Bring an archived match back into the list.")
    ] = False,
    json_: JsonOpt = False,
) -> None:
    """Put a match away: it leaves the list but is kept ('matches --archived' shows it).

    If it was the current match, the newest one left in the list becomes current.
    Example: scorekeeper archive "club night 23 Nov"
    """
    from scorekeeper import store

    if restore:
        back = store.restore(name)
        _done(
            json_,
            {"name": back.name, "path": str(back.path), "archived": False},
            say("archive.restored", name=back.name, path=back.path),
        )
        return
    away, current = store.archive(name)
    lines = [say("archive.archived", name=away.name, path=away.path)]
    if store.current_or_none() is None:
        lines.append(say("archive.no_current"))
    elif current is not None:
        lines.append(say("archive.now_current", name=current.stem))
    _done(
        json_,
        {
            "name": away.name,
            "path": str(away.path),
            "archived": True,
            "current": str(current) if current else None,
        },
        *lines,
    )


def _named(file: Path, name: str | None) -> None:
    """Refuse a name no match may have; a file's own name gets the hint of ``--name``."""
    from scorekeeper import store

    if name is not None:
        store.check_name(name)
        return
    try:
        store.check_name(file.stem)
    except ScorekeeperError:
        like = store.name_like(file.stem) or "friday"
        raise ScorekeeperError(
            say("archive.file_name", file=file.name, like=like), rule="match", kind="usage"
        ) from None


@guarded
def import_(
    file: Annotated[Path, typer.Argument(help="The match file to bring into the data folder.")],
    name: Annotated[
        str | None, typer.Option("--name", help="Its name in the list (default: the file's).")
    ] = None,
    json_: JsonOpt = False,
) -> None:
    """Check a match file and copy it, byte for byte, into the list of matches.

    A file with any problem ('scorekeeper check FILE' lists them) is refused and nothing is
    copied. Example: scorekeeper import ~/friday.toml --name "friday club"
    """
    from scorekeeper import store
    from scorekeeper.errors import MatchFileError
    from scorekeeper.session.check import check

    if not file.is_file():
        raise MatchFileError([say("archive.import_not_file", file=file)])
    _named(file, name)
    report = check(file)
    if not report.ok:
        raise MatchFileError([say("archive.import_refused", file=file), *report.problems])
    added = store.add(file, name)
    from scorekeeper.stats.cache import figures

    hands = figures(added.path).hands  # counted as 'matches' counts them
    _done(
        json_,
        {"name": added.name, "path": str(added.path), "hands": hands},
        say("archive.imported", file=file, name=added.name, hands=hands),
    )
