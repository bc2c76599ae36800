"""A ``scorekeeper`` process from its first word to its exit code, without Typer.

The command line is read (``--lang`` moved to the front), the streams made printable,
the command run by whoever runs it (the quick path, :mod:`.quick`, or Typer,
:mod:`.app`), and the end made the same for both: the last output flushed while a closed
pipe can still end quietly (141), a bug one plain line (exit 70), Ctrl-C 130.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from scorekeeper import shown
from scorekeeper.cli import quick
from scorekeeper.cli.core import closed_pipe
from scorekeeper.errors import ScorekeeperError
from scorekeeper.text import language, say


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
    script (which imports ``main`` from :mod:`.entry` or :mod:`.app`)."""
    program = sys.modules.get("__main__")
    spec = getattr(program, "__spec__", None)
    if spec is not None and spec.name == "scorekeeper.__main__":
        return True
    runner = getattr(program, "main", None)
    return getattr(runner, "__module__", None) in ("scorekeeper.cli.entry", "scorekeeper.cli.app")


def _stand_ins() -> str:
    from scorekeeper.view.words import stand_ins  # only for a terminal that needs them

    return stand_ins()


def run(command: Callable[[list[str]], None]) -> None:
    """Run ``command`` on this process's command line; never show a traceback for bad
    input. ``command`` ends with SystemExit (0 when all went well), as click does."""
    argv = hoist_match(hoist_lang(sys.argv[1:]))
    if "--json" in argv:
        language.neutral()
    shown.install(_stand_ins)  # what the terminal can print (H for ♥ with LANG=C), controls visible
    was_devnull = stdout_is_devnull()
    _run(command, argv, was_devnull)


def _run(command: Callable[[list[str]], None], argv: list[str], was_devnull: bool) -> None:
    try:
        command(argv)
    except SystemExit as exc:
        flush_or_end_quietly(was_devnull)
        if quick.took():
            exit_now(exc)
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
