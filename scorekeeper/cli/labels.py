"""click's and Typer's own words ("Usage:", "Options", "Missing argument", "No such
option") in the language of the command line.

click and Typer take them through the standard library's ``gettext`` (its global
domain, the language from ``LANGUAGE``); our catalogue holds their German and Dutch as
entries without a context (``scorekeeper.text.labels``). For German or Dutch the global
domain becomes ours and ``LANGUAGE`` the language chosen; English leaves everything as it
was, and a process that spoke German before speaks English again.
"""

from __future__ import annotations

import os
import sys

from scorekeeper.text import language

# Typer reads these at import: set again in the language chosen when it is loaded.
TYPER_CONSTANTS = {
    "DEPRECATED_STRING": "(deprecated) ",
    "DEFAULT_STRING": "[default: {}]",
    "ENVVAR_STRING": "[env var: {}]",
    "REQUIRED_LONG_STRING": "[required]",
    "ARGUMENTS_PANEL_TITLE": "Arguments",
    "OPTIONS_PANEL_TITLE": "Options",
    "COMMANDS_PANEL_TITLE": "Commands",
    "ERRORS_PANEL_TITLE": "Error",
    "ABORTED_TEXT": "Aborted.",
    "RICH_HELP": "Try [blue]'{command_path} {help_option}'[/] for help.",
}

_COUNTING = ("click.core", "click.parser", "click.exceptions", "click.types")
"""click's modules that count in a message ("extra argument" or "extra arguments")."""

DOMAIN = "scorekeeper"  # the catalogue's (scorekeeper.text.catalog.DOMAIN)
_spoken = False  # whether this process has switched click's words away from English


def speak(lang: str) -> None:
    """click's and Typer's words in ``lang`` from here on."""
    global _spoken
    if lang == language.ENGLISH and not _spoken:
        return  # nothing was changed: leave gettext alone (start-up)
    import gettext
    from pathlib import Path

    _spoken = lang != language.ENGLISH
    gettext.bindtextdomain(DOMAIN, str(Path(language.__file__).resolve().parent.parent / "locale"))
    gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = lang  # gettext's first choice; English has no catalogue
    for name in _COUNTING:
        if (module := sys.modules.get(name)) is not None:
            module.ngettext = ngettext  # type: ignore[attr-defined]
    rich_utils = sys.modules.get("typer.rich_utils")
    if rich_utils is not None:
        for name, english in TYPER_CONSTANTS.items():
            setattr(rich_utils, name, gettext.gettext(english))


def ngettext(singular: str, plural: str, n: int) -> str:
    """click's counted words through our catalogue: each English form is an entry of its
    own (``scorekeeper.text.labels``), as German and Dutch count as English does."""
    import gettext

    return gettext.gettext(singular if n == 1 else plural)
