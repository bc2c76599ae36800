"""The quick path: the table's commands run without importing Typer, click or rich.

Importing Typer and click costs a command about as much as everything it does. A plain,
well-formed ``play``, ``trick``, ``announce``, ``declare``, ``act``, ``deal``, ``hand``,
``undo``, ``redo``, ``status``, ``score``, ``check`` or ``serve`` is read here, as click would read it, and run by the
same code the Typer commands run (:mod:`.work`, through :func:`.core.guarded`). Anything
this module does not fully understand (help, ``--version``, completion, an unknown or
malformed option, a missing or extra argument, ``--``, a value click would refuse, words
that are not UTF-8, a stream that is not UTF-8) is not its business: :func:`run` answers
False and Typer runs the command line exactly as it always did, so every usage message
and exit code stays Typer's own.

:data:`COMMANDS` is what this module knows of each command's parameters; a test holds it
to the Typer app's own parameters. ``SCOREKEEPER_QUICK=off`` leaves every command to
Typer (the tests compare both ways).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scorekeeper.cli.core import guarded, is_utf8
from scorekeeper.record import field, record

FLAG, VALUE, PATH, MANY, INT, FLOAT = "flag", "value", "path", "many", "int", "float"
"""Kinds of option: a flag, one value, one file name, a value that may be repeated, a
whole number, a number (read only where written plainly: ``8737``, ``2.5``)."""

MATCH = {"--match": ("match", PATH), "-m": ("match", PATH)}
JSON = {"--json": ("json_", FLAG)}


@record(frozen=True)
class Command:
    """A command's parameters as click reads them (a record: a NamedTuple class is compiled
    at start-up, ~0.1 ms of every command)."""

    arguments: tuple[tuple[str, bool, bool, str], ...]
    """(name, takes many words, required, kind: VALUE or PATH), in order."""
    options: dict[str, tuple[str, str]]
    """Each spelling (``--match``, ``-m``) -> (parameter name, kind)."""
    defaults: dict[str, Any] = field(default_factory=dict)
    """Options whose default is a value (``--port``: 8737); the others' is None or False."""


_WORDS = {**MATCH, **JSON}

COMMANDS: dict[str, Command] = {
    "play": Command((("words", True, True, VALUE),), _WORDS),
    "trick": Command((("cards", True, True, VALUE),), _WORDS),
    "announce": Command((("player", False, True, VALUE), ("what", True, True, VALUE)), _WORDS),
    "declare": Command((("player", False, True, VALUE), ("what", True, True, VALUE)), _WORDS),
    "act": Command((("actions", True, True, VALUE),), _WORDS),
    "deal": Command((("hands", True, True, VALUE),), _WORDS),
    "hand": Command(
        (("facts", True, False, VALUE),),
        {"--action": ("action", MANY), "-a": ("action", MANY), "--keys": ("keys", FLAG), **_WORDS},
    ),
    "undo": Command((), {**_WORDS, "--yes": ("yes", FLAG), "-y": ("yes", FLAG)}),
    "redo": Command((), _WORDS),
    "status": Command((), _WORDS),
    "score": Command((), {**_WORDS, "--chart": ("chart", FLAG), "--all": ("all_", FLAG)}),
    "check": Command((("file", False, True, PATH),), {"--strict": ("strict", FLAG), **JSON}),
    "serve": Command(
        (),
        {
            **MATCH,
            "--lan": ("lan", FLAG),
            "--port": ("port", INT),
            "--stop-after": ("stop_after", FLOAT),
            "--beside": ("beside", FLAG),
            "--new-address": ("new_address", FLAG),
        },
        {"port": 8737},
    ),
}


def _body(name: str) -> Callable[..., None]:
    from scorekeeper.cli import work

    return getattr(work, name)


def run(argv: list[str]) -> bool:
    """Run ``argv`` (``--lang`` already in front) if it is a plain table command; False
    when it is not (then Typer runs it). A command run ends with SystemExit."""
    if _turned_off() or not _plain_process():
        return False
    read = parse(argv)
    if read is None:
        return False
    name, lang, params = read
    global _took
    _took = True
    from scorekeeper.text import language

    language.reset()  # as the app's --lang callback does
    language.choose(lang)  # click's own words are not told: click never runs here
    guarded(_body(name))(**params)
    raise SystemExit(0)


_took = False


def took() -> bool:
    """Whether this process's command ran on the quick path (nothing but the engine and
    this package's own modules loaded: its ending can be quick too, see
    :func:`.launch.exit_now`)."""
    return _took


def _turned_off() -> bool:
    """``SCOREKEEPER_QUICK=off`` (or ``0``, ``no``), as ``SCOREKEEPER_CACHE`` reads it."""
    return os.environ.get("SCOREKEEPER_QUICK", "").strip().lower() in ("off", "0", "no")


def _plain_process() -> bool:
    """UTF-8 streams (click rewraps others) and no shell completion asked for."""
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None) or ""
        if encoding.lower().replace("-", "") != "utf8":
            return False
    return not any(k.endswith("_COMPLETE") for k in os.environ)


def parse(argv: list[str]) -> tuple[str, str | None, dict[str, Any]] | None:
    """(command, --lang value, parameters) of a plain table command line, else None."""
    if not all(is_utf8(word) for word in argv):
        return None
    lang, rest = _global_lang(argv)
    if not rest or rest[0] not in COMMANDS:
        return None
    if lang is not None:
        from scorekeeper.text import language

        if language.parse(lang) is None:
            return None
    command = COMMANDS[rest[0]]
    read = _read(command, rest[1:])
    if read is None:
        return None
    params, words = read
    args = _arguments(command, words)
    if args is None:
        return None
    params.update(args)
    return rest[0], lang, params


def _global_lang(argv: list[str]) -> tuple[str | None, list[str]]:
    """``--lang X`` or ``--lang=X`` before the command, once at most."""
    if argv and argv[0].startswith("--lang="):
        return argv[0].split("=", 1)[1], argv[1:]
    if argv and argv[0] == "--lang":
        if len(argv) < 2 or argv[1].startswith("-"):
            return None, []
        return argv[1], argv[2:]
    return None, argv


def _read(command: Command, words: list[str]) -> tuple[dict[str, Any], list[str]] | None:
    """The options (defaults for those not given) and the words left, as click reads
    them: options anywhere, ``--opt=value``, a later option winning. None for anything
    else (a short option with its value attached, grouped flags, ``-``, ``--``)."""
    params: dict[str, Any] = {name: _default(kind) for name, kind in command.options.values()}
    params.update(command.defaults)
    left: list[str] = []
    rest = iter(words)
    for word in rest:
        if not word.startswith("-"):
            left.append(word)
            continue
        spelling, eq, value = word.partition("=") if word.startswith("--") else (word, "", "")
        if spelling not in command.options:
            return None
        name, kind = command.options[spelling]
        if kind == FLAG:
            if eq:
                return None
            params[name] = True
            continue
        given = _value(kind, value if eq else next(rest, ""))
        if given is None:
            return None
        params[name] = [*(params[name] or []), given] if kind == MANY else given
    return params, left


def _value(kind: str, value: str) -> Any:
    """An option's value as click converts it; None for one click refuses (a file it
    cannot read) or might read another way (nothing, or a word that looks like an option)."""
    if not value or value.startswith("-") or (kind == PATH and not _readable(value)):
        return None
    if kind in (INT, FLOAT):
        return _number(kind, value)
    return Path(value) if kind == PATH else value


def _number(kind: str, value: str) -> int | float | None:
    """A number written plainly (digits, one point for a FLOAT), as click reads it; None
    for any other spelling (``+5``, ``1_000``, `` 5``, ``1e3``: Typer reads those)."""
    whole, point, part = value.partition(".")
    if not (whole.isascii() and whole.isdigit()):
        return None
    if kind == INT:
        return int(whole) if not point else None
    if point and not (part.isascii() and part.isdigit()):
        return None
    return float(value)


def _default(kind: str) -> Any:
    return False if kind == FLAG else None


def _readable(path: str) -> bool:
    """What click's ``Path(readable=True)`` lets through: a missing or readable file."""
    try:
        os.stat(path)
    except OSError:
        return True
    return os.access(path, os.R_OK)


def _arguments(command: Command, words: list[str]) -> dict[str, Any] | None:
    """The words as the command's arguments (single words first, then one that takes the
    rest); None when some are missing or left over."""
    out: dict[str, Any] = {}
    for name, many, required, kind in command.arguments:
        if many:
            if not words and required:
                return None
            out[name], words = (list(words) or None), []
        elif not words:
            return None
        else:
            out[name], words = words[0] if kind == VALUE else _value(kind, words[0]), words[1:]
            if out[name] is None:
                return None
    return None if words else out
