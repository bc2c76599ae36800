"""The table a command speaks for: its language and the game of its help's examples.

Read from the command line before click parses it, since click renders a command's help
and its usage errors while it parses: the words must be chosen first. What is read is only
where the table is (``--match``, ``$SCOREKEEPER_MATCH``, the current match, the event a
club command names, the game a command names); click then parses everything as usual.
"""

from __future__ import annotations

import os
from pathlib import Path

from scorekeeper.record import record
from scorekeeper.text import language

Game = tuple[str, str]

NOT_ON_A_MATCH = frozenset({"new", "demo"})
"""Commands that make a match rather than act on one: they speak their own ``--lang``
(``new --lang de``), else the environment's language."""

NAMES_A_GAME = frozenset({"new", "table", "demo", "explain", "judge", "show"})
"""Commands whose first argument is a rule set (``explain klaverjassen --help``)."""

ON_NO_EVENT = frozenset({"new", "competitions", "season"})
"""``event`` commands that name no event file (``event season``): they speak the table's
language, as the other commands on the data folder do."""


@record(frozen=True)
class Table:
    """The table a command speaks for (see :meth:`of`): ``lang``, the language its help,
    click's words and its refusals speak unless the root's ``--lang`` chose another; and
    ``game``, whose examples its ``--help`` gives (None: Doppelkopf's)."""

    lang: str | None = None
    game: Game | None = None

    @classmethod
    def of(cls, argv: list[str]) -> Table:
        """The table of the command line ``argv`` (a game only when it asks for help)."""
        lang = language.from_argv(argv) or table_language(argv)
        asks_help = "--help" in argv or "-h" in argv
        return cls(lang=lang, game=help_game(argv) if asks_help else None)


def match_path(argv: list[str]) -> str | None:
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


def _match_language(argv: list[str]) -> str | None:
    """The language of the match a command acts on (``--match``, ``$SCOREKEEPER_MATCH``,
    the current match), so that it speaks the table's words; None where it names none."""
    return match_language(match_path(argv))


def match_language(path: str | Path | None) -> str | None:
    """The words a command on the match file ``path`` speaks: the language the file names
    (a file that names none speaks the environment's, as that match itself does); a file
    that is missing or cannot be read names none, so the table's, the current match's (a
    Dutch table that checks or opens a file it cannot find hears it in Dutch)."""
    if path is not None and Path(path).is_file():
        return language.of_file(path)
    from scorekeeper import store

    current = store.current_or_none()
    return language.of_file(current) if current else None


def _event_language(words: list[str], argv: list[str]) -> str | None:
    """An ``event`` command's language: the event's (``--match-lang`` when it was made,
    the language of its tables), given on ``event new`` or read from its file; for an
    ``event`` command on no event (``competitions``, ``season``), the table's (the current
    match's); None for an event without one (its tables speak the environment's language)."""
    if words[1:2] == ["new"]:
        for i, word in enumerate(argv):
            if word == "--match-lang" and i + 1 < len(argv):
                return language.parse(argv[i + 1])
            if word.startswith("--match-lang="):
                return language.parse(word.split("=", 1)[1])
        return None
    if len(words) < 3 or words[1] in ON_NO_EVENT:
        return _match_language(argv)
    from scorekeeper.club.event import events_dir

    try:
        return language.of_file(events_dir() / f"{words[2]}.toml")
    except (OSError, ValueError):  # a name no file may have: the command refuses it
        return None


def table_language(argv: list[str]) -> str | None:
    """The language of the table a command speaks for, when no ``--lang`` chose one:

    - an ``event`` command: the event's language (its tables'), else the environment's;
      one on no event (``event competitions``, ``event season``) the current match's;
    - ``new`` and ``demo``: their own ``--lang``, else the environment's;
    - every other command: the language of the match it acts on (``--match``,
      ``$SCOREKEEPER_MATCH``, the current match); a command on the data folder or a game
      rather than a match (``matches``, ``archive``, ``switch``, ``rename``, ``import``,
      ``stats``, ``rules``, ``judge``, ``explain``) that of the current match, the
      table's; ``check FILE`` the file's (without a language there, the environment's;
      a file missing or unreadable, the current match's).

    Help follows the same order, except that ``new --help`` and ``demo --help`` are the
    current match's, as all help is."""
    words = [w for w in argv if not w.startswith("-")]
    asks_help = "--help" in argv or "-h" in argv
    if words[:1] == ["event"]:
        return _event_language(words, argv)
    if words and words[0] in NOT_ON_A_MATCH and not asks_help:
        return None
    return _match_language(argv)


def help_game(argv: list[str]) -> Game | None:
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
    path = match_path(argv)
    ruleset = _ruleset_of(path) if path else None
    return family_of(ruleset) if ruleset else None


def _event_game(words: list[str]) -> Game | None:
    from scorekeeper.cli.examples import family_of
    from scorekeeper.club import event as ev
    from scorekeeper.errors import ScorekeeperError

    if len(words) < 3 or words[1] in ON_NO_EVENT:
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
