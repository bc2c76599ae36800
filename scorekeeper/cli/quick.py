"""The quick path: the table's commands run without importing Typer, click or rich.

Importing Typer and click costs a command about as much as everything it does. A plain,
well-formed ``play``, ``trick``, ``announce``, ``declare``, ``act``, ``deal``, ``hand``,
``undo``, ``redo``, ``status``, ``score``, ``check`` or ``serve`` is read here, as click would read it, and run by the
same code the Typer commands run (:mod:`.work`, through :func:`guarded`). Anything
this module does not fully understand (help, ``--version``, completion, an unknown or
malformed option, a missing or extra argument, ``--``, a value click would refuse, words
that are not UTF-8, a stream that is not UTF-8) is not its business: :func:`run` answers
False and Typer runs the command line exactly as it always did, so every usage message
and exit code stays Typer's own.

:data:`COMMANDS` is what this module knows of each command's parameters; a test holds it
to the Typer app's own parameters. ``SCOREKEEPER_QUICK=off`` leaves every command to
Typer (the tests compare both ways).

The process itself, whichever path runs its command, starts and ends here too
(:func:`start`): the command line read (``--lang`` and ``--match`` taken wherever they
stand), the streams made printable, the command run (this quick path or Typer,
:mod:`.app`), and the end made the same for both: every command's body run by
:func:`guarded` (a refusal one line and exit 1, a usage mistake 2, words that are not
UTF-8 refused at the door), the last output flushed while a closed pipe can still end
quietly (141), a bug one plain line (exit 70), Ctrl-C 130.
"""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from scorekeeper import shown
from scorekeeper.cli.core import closed_pipe, fail, unknown_language
from scorekeeper.errors import ScorekeeperError
from scorekeeper.record import field, record
from scorekeeper.text import language, say

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


F = TypeVar("F", bound=Callable[..., Any])


def guarded(func: F) -> F:
    """Turn engine errors into one line on stderr and exit code 1; never a traceback."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        if kwargs.get("json_") is True:  # --json is language-neutral
            language.neutral()
        refuse_undecodable(kwargs)
        try:
            with language.environment_read_once():
                return func(*args, **kwargs)
        except ScorekeeperError as exc:
            fail(exc)
        except language.UnknownLanguage as exc:
            fail(unknown_language(exc))
        except BrokenPipeError:
            closed_pipe()
        except OSError as exc:
            from scorekeeper.text import os_error

            fail(
                ScorekeeperError(f"{exc.filename or ''}: {os_error(exc)}".lstrip(": "), kind="file")
            )

    return wrapper  # type: ignore[return-value]


def refuse_undecodable(params: dict[str, Any]) -> None:
    """Refuse, at the door, words that are not UTF-8 text (a usage error, exit 2).

    The shell hands Python undecodable bytes as lone surrogates, which pass every check
    and then fail when the match file is written. File names are paths and may hold any
    bytes, so only words (players, cards, actions, facts...) are looked at.
    """
    for name, value in params.items():
        for word in value if isinstance(value, list | tuple) else [value]:
            if isinstance(word, str) and not is_utf8(word):
                import typer  # only to refuse: the quick path leaves such words to Typer

                shown = word.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
                raise typer.BadParameter(
                    say("cli.not_utf8", word=shown),
                    param_hint=_hint(name),
                )


def is_utf8(word: str) -> bool:
    """Whether ``word`` is text (no undecodable bytes of the command line in it)."""
    try:
        word.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _hint(name: str) -> str:
    """How the command line spells a parameter: ``'--player'`` or ``'ACTIONS...'``."""
    import click

    ctx = click.get_current_context(silent=True)
    if ctx is not None:
        for param in ctx.command.params:
            if param.name == name:
                if isinstance(param, click.Option):
                    return " / ".join(f"'{opt}'" for opt in param.opts)
                return f"'{param.human_readable_name}'"
    return f"'{name}'"


_took = False


def took() -> bool:
    """Whether this process's command ran on the quick path (nothing but the engine and
    this package's own modules loaded: its ending can be quick too, see
    :func:`exit_now`)."""
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


# ---------------------------------------------------------------------- the process
def hoist_lang(argv: list[str]) -> list[str]:
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


MATCH_SPELLINGS = ("--match", "-m")


def hoist_match(argv: list[str]) -> list[str]:
    """``scorekeeper --match F status`` as ``scorekeeper status --match F``: ``--match``
    (``-m``) written before the command, among the global options (``--lang``), belongs
    to the command, as ``--lang`` written after it belongs to the whole program. Nothing
    moves when no command follows (Typer then says what is missing)."""
    words = list(argv)
    moved: list[str] = []
    i = 0
    while i < len(words) and words[i].startswith("-") and words[i] != "--":
        word = words[i]
        if word.startswith("--match=") or (word in MATCH_SPELLINGS and i + 1 < len(words)):
            size = 1 if "=" in word else 2
            moved += words[i : i + size]
            del words[i : i + size]
        elif word in ("--lang",):
            i += 2
        elif word.startswith("--lang="):
            i += 1
        else:
            return list(argv)  # --help, --version...: Typer's business, as written
    if not moved or i >= len(words) or words[i] == "--":
        return list(argv)
    return words[: i + 1] + moved + words[i + 1 :]


def _command_of(before: list[str]) -> str | None:
    return next((w for w in before if not w.startswith("-")), None)


def stdout_is_devnull() -> bool:
    try:
        out, null = os.fstat(sys.stdout.fileno()), os.stat(os.devnull)
    except (OSError, ValueError, AttributeError):
        return False
    return (out.st_dev, out.st_ino) == (null.st_dev, null.st_ino)


def flush_or_end_quietly(was_devnull: bool) -> None:
    """The last output, flushed while a closed pipe can still end the command quietly.
    click and rich answer a closed pipe they meet themselves with exit 1 (rich after
    pointing standard output at /dev/null): make that 141 too, as everywhere."""
    utils = sys.modules.get("click.utils")  # only click wraps the stream so
    if utils is not None and isinstance(sys.stdout, utils.PacifyFlushWrapper):
        closed_pipe()
    if not was_devnull and stdout_is_devnull():
        closed_pipe()
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        closed_pipe()
    except (OSError, ValueError):
        pass


def exit_now(exc: SystemExit) -> None:
    """End the process at once with ``exc``'s exit code, its output flushed, when nothing
    is left for Python's own ending to do: the program is scorekeeper itself (``python -m
    scorekeeper`` or the console script, not code that runs it and goes on), with no
    ``atexit`` callback and no other thread.

    Tearing down the interpreter (every module and object of the engine) costs a table's
    command about a seventh of its time and changes nothing it wrote: the match file, the
    replay cache and the lock are written and closed by then. Returns (and Python ends as
    usual) otherwise.
    """
    import atexit

    code = 0 if exc.code is None else exc.code
    callbacks = getattr(atexit, "_ncallbacks", None)
    threading = sys.modules.get("threading")
    if not isinstance(code, int) or not _program_is_ours() or callbacks is None or callbacks():
        return
    if threading is not None and threading.active_count() > 1:
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    os._exit(code)


def _program_is_ours() -> bool:
    """Whether the process's main program is ``python -m scorekeeper`` or the console
    script (which imports ``main`` from :mod:`scorekeeper.__main__` or :mod:`.app`)."""
    program = sys.modules.get("__main__")
    spec = getattr(program, "__spec__", None)
    if spec is not None and spec.name == "scorekeeper.__main__":
        return True
    runner = getattr(program, "main", None)
    return getattr(runner, "__module__", None) in ("scorekeeper.__main__", "scorekeeper.cli.app")


def _stand_ins() -> str:
    from scorekeeper.view.words import stand_ins  # only for a terminal that needs them

    return stand_ins()


def start(command: Callable[[list[str]], None]) -> None:
    """Run ``command`` on this process's command line; never show a traceback for bad
    input. ``command`` ends with SystemExit (0 when all went well), as click does."""
    argv = hoist_match(hoist_lang(sys.argv[1:]))
    if "--json" in argv:
        language.neutral()
    shown.install(_stand_ins)  # what the terminal can print (H for ♥ with LANG=C), controls visible
    was_devnull = stdout_is_devnull()
    _run(command, argv, was_devnull)


def refuse_language(exc: language.UnknownLanguage, argv: list[str]) -> None:
    """Refuse an unknown ``SCOREKEEPER_LANG`` (a usage mistake, exit 2) in the words the
    command would have spoken: its ``--lang``, else the table's (the match's language),
    else English; under ``--json`` as the JSON object every refusal is."""
    from scorekeeper.cli.speaking import table_language

    language.choose(language.from_argv(argv))
    language.use_match(table_language(argv))
    fail(unknown_language(exc))


def _run(command: Callable[[list[str]], None], argv: list[str], was_devnull: bool) -> None:
    try:
        with language.environment_read_once():  # SCOREKEEPER_LANG=fr: refused, for either path
            command(argv)
    except SystemExit as exc:
        flush_or_end_quietly(was_devnull)
        if took():
            exit_now(exc)
        raise
    except BrokenPipeError:
        closed_pipe()
    except ScorekeeperError as exc:  # raised outside a command body
        sys.stderr.write(f"{say('cli.error')} {exc}\n")
        sys.exit(1)
    except language.UnknownLanguage as exc:  # SCOREKEEPER_LANG=fr, read as the process starts
        refuse_language(exc, argv)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:  # a bug: say so plainly, traceback only on request
        if os.environ.get("SCOREKEEPER_DEBUG"):
            raise
        error = f"{type(exc).__name__}: {exc}"
        sys.stderr.write(f"{say('cli.error')} {say('cli.internal', error=error)}\n")
        sys.exit(70)
