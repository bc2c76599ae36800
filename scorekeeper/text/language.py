"""Which language the view speaks, and each language's conventions (numbers, dates, words).

The language follows, in order: ``--lang`` (:func:`choose`), the match's language
(:func:`use_match`, when the match file names one), ``SCOREKEEPER_LANG``, the usual
locale variables (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), English. ``--json`` output is
language-neutral: the command line chooses English for it.

The environment is read here alone (:func:`from_env`), for what is shown and for what is
typed (:func:`match_lang`, :func:`resolve_lang`): a ``SCOREKEEPER_LANG`` that names no
language scorekeeper speaks is refused as a usage mistake (exit 2), whatever reads it; a
locale scorekeeper does not speak (``fr_FR.UTF-8``, ``C``) means English.

Nothing here loads a catalogue: English needs none, and start-up stays cheap.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING

from scorekeeper.record import record

if TYPE_CHECKING:
    from datetime import date

ENGLISH = "en"
LANGUAGES = ("en", "de", "nl")

_chosen: str | None = None  # --lang
_match: str | None = None  # the match file's language
_neutral = False  # --json: the words programs read stay English
_names: tuple[str, ...] = ()  # the match's players: a name is never a game's term
_seats: tuple[tuple[str, int], ...] = ()  # seats no one named: the referee's name, the seat


def parse(value: str | None) -> str | None:
    """A language code from ``de``, ``de_DE.UTF-8``, ``nl-NL``, ``C``...; None if unknown."""
    if not value:
        return None
    code = value.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if code in ("c", "posix"):
        return ENGLISH
    return code if code in LANGUAGES else None


class UnknownLanguage(ValueError):
    """``SCOREKEEPER_LANG`` names a language scorekeeper does not speak: the command line
    refuses it as a usage mistake (its words: ``lang.unknown``, said by the command line,
    which may import the errors; this module sits below them)."""

    def __init__(self, code: str, where: str = "SCOREKEEPER_LANG") -> None:
        super().__init__(f"{where}: lang.unknown(lang={code!r})")
        self.code = code
        self.where = where


_refused: str | None = None
"""The unknown ``SCOREKEEPER_LANG`` refused last: read as no language (English) until the
next command starts, so that its refusal can be said."""


def from_env(environ: os._Environ[str] | dict[str, str] | None = None) -> str | None:
    """``SCOREKEEPER_LANG`` (refused when it names no language scorekeeper speaks), else
    the first locale variable that is set (as gettext reads; None for a locale
    scorekeeper does not speak, which means English)."""
    global _refused
    env = os.environ if environ is None else environ
    if named := env.get("SCOREKEEPER_LANG", "").strip():
        if named == _refused:
            return None  # refused already: its refusal, and what follows, said in English
        if (lang := parse(named)) is None:
            _refused = named
            raise UnknownLanguage(named)
        return lang
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if value := env.get(name):
            return parse(value)
    return None


def environment_lang(environ: os._Environ[str] | dict[str, str] | None = None) -> str:
    """The environment's language (:func:`from_env`), English when it names none."""
    return from_env(environ) or ENGLISH


def match_lang(log: object) -> str:
    """The language a match's input is read in: the match's own (``log`` is a match
    file's header or log, anything with a ``lang``: checked when the file was read), else
    the environment's."""
    own = parse(getattr(log, "lang", None)) if log is not None else None
    return own or _environment() or ENGLISH


def from_argv(argv: Sequence[str]) -> str | None:
    """The value of the first ``--lang X`` or ``--lang=X`` on a command line."""
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word.startswith("--lang="):
            return parse(word.split("=", 1)[1])
        if word == "--lang" and i + 1 < len(argv):
            return parse(argv[i + 1])
    return None


def choose(lang: str | None) -> None:
    """``--lang``: wins over everything else (None forgets an earlier choice)."""
    global _chosen
    _chosen = parse(lang) if lang else None


HEADER_BYTES = 64 * 1024
"""How much of a file is read for its header's language: a header is a few lines."""


def of_file(path: object) -> str | None:
    """The language a match file's header names (``lang = "de"``), read from the header
    alone (the lines before the first hand); None without one or without a readable file."""
    import tomllib
    from pathlib import Path

    file = Path(str(path))
    try:
        if not file.is_file():  # a pipe, a device, a folder: never opened here (it may block)
            return None
        with file.open(encoding="utf-8") as f:
            head = []
            for line in f.read(HEADER_BYTES).splitlines(keepends=True):
                if line.lstrip().startswith("[["):
                    break
                head.append(line)
        value = tomllib.loads("".join(head)).get("lang")
    except (OSError, ValueError, RecursionError):  # a file nested too deep: its reader says so
        return None
    return parse(value) if isinstance(value, str) else None


def chosen() -> str | None:
    """The language ``--lang`` chose, if any (to put it back after speaking another;
    whatever ``--json`` speaks)."""
    return _chosen


def matched() -> str | None:
    """The language the match of this command names (:func:`use_match`), if any."""
    return _match


def use_match(lang: str | None, names: Sequence[str] = ()) -> None:
    """The language a match file names (None: the match names none), and its players'
    names, which the view never takes for a game's term (a player called Charlie stays
    Charlie at a German table, never Karlchen)."""
    global _match, _names
    _match = parse(lang) if lang else None
    _names = tuple(names)


def player_names() -> tuple[str, ...]:
    """The players of the match the view shows (none without a match)."""
    return _names


def use_seats(seats: Mapping[str, int]) -> None:
    """The seats no one named, by the name the referee gave each (``P2``, which
    ``--json`` keeps) and the seat's number: the view says them as the table does
    (:func:`seat_named`)."""
    global _seats
    _seats = tuple(seats.items())


def seats() -> dict[str, int]:
    """The seats no one named (:func:`use_seats`), by name."""
    return dict(_seats)


def seat_named(name: str) -> str | None:
    """A seat no one named as the language spoken says it (``Spieler 2``), or None for
    a player's name (and for ``--json``, which keeps the referee's ``P2``)."""
    if not _seats or _neutral:
        return None
    number = dict(_seats).get(name)
    if number is None:
        return None
    import importlib  # the language files read through the view's words: loaded by name

    data = importlib.import_module("scorekeeper.lang.data")
    return str(data.language(current()).seat.format(n=number))


def card_language() -> str | None:
    """The language cards are named in (``D♣`` for QC at a German table): the language
    spoken, whatever the match's own; None (card codes, QC) for English and ``--json``."""
    if _neutral or (spoken := current()) == ENGLISH:
        return None
    return spoken


def neutral(on: bool = True) -> None:
    """``--json``: speak English whatever was chosen, so programs read the same words."""
    global _neutral
    _neutral = on


def is_neutral() -> bool:
    """Whether ``--json`` speaks: the words programs read stay as the engine makes them."""
    return _neutral


def voice() -> tuple[str, str | None, tuple[str, ...], tuple[tuple[str, int], ...]]:
    """What words made now depend on besides their reason: the language spoken, the
    match's language (its card names, ``card_language``) and its players' names (never
    taken for a game's term). Tables of words made once are keyed by it, so that a process
    showing two matches never hands one match's words to the other."""
    return (current(), _match, _names, _seats)


def reset() -> None:
    """Forget ``--lang``, the match's language, ``--json`` and a refused environment's
    language (a new command starts)."""
    global _refused
    _refused = None
    choose(None)
    use_match(None)
    use_seats({})
    neutral(False)


def current() -> str:
    """The language the view speaks now."""
    return ENGLISH if _neutral else typed()


def typed() -> str:
    """The language what is typed is read in (``--set black_means=keine Stiche``): the one
    the view speaks, also under ``--json``, whose words alone stay English."""
    return _chosen or _match or _environment() or ENGLISH


_read_once: tuple[str | None] | None = None
"""The environment's language while a command runs, read at its start."""
_commands = 0  # commands running (nested: a table's command inside the process's own)


def _environment() -> str | None:
    """The environment's language (:func:`from_env`): read once by a running command."""
    return from_env() if _read_once is None else _read_once[0]


@contextmanager
def environment_read_once() -> Iterator[None]:
    """While a command runs (or the whole process; nested, the outer one holds): the
    environment's language read once, at its start, not at every word (the environment
    does not change under a running command; reading it costs microseconds, and a long
    match words thousands of things). An unknown ``SCOREKEEPER_LANG`` is refused here,
    before the command does anything (its refusal said in English)."""
    global _read_once, _commands, _refused
    if not _commands:
        _refused = None  # each command refuses an unknown SCOREKEEPER_LANG anew
        _read_once = (from_env(),)
    _commands += 1
    try:
        yield
    finally:
        _commands -= 1
        if not _commands:
            _read_once = None


@record(frozen=True)
class Conventions:
    """How a language writes what the sheets show: numbers, dates, small counted words."""

    decimal: str
    thousands: str
    date: str  # strftime pattern
    suits: dict[str, str]
    ordinal: str  # "{n}." or "{n}e"; English is special-cased
    once: str
    times: str  # "{n} times"
    one_time: str  # "1 time"


CONVENTIONS: dict[str, Conventions] = {
    "en": Conventions(
        ".",
        ",",
        "%Y-%m-%d",
        {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds", "trump": "trumps"},
        "",
        "once",
        "{n} times",
        "1 time",
    ),
    "de": Conventions(
        ",",
        ".",
        "%d.%m.%Y",
        {"C": "Kreuz", "S": "Pik", "H": "Herz", "D": "Karo", "trump": "Trumpf"},
        "{n}.",
        "einmal",
        "{n}-mal",
        "1-mal",
    ),
    "nl": Conventions(
        ",",
        ".",
        "%d-%m-%Y",
        {"C": "klaveren", "S": "schoppen", "H": "harten", "D": "ruiten", "trump": "troef"},
        "{n}e",
        "één keer",
        "{n} keer",
        "1 keer",
    ),
}


def conventions(lang: str | None = None) -> Conventions:
    return CONVENTIONS[lang or current()]


def number(value: float, lang: str | None = None, decimals: int | None = None) -> str:
    """A number as the language writes it: ``1,234.5`` / ``1.234,5``."""
    conv = conventions(lang)
    text = f"{value:,.{decimals}f}" if decimals is not None else f"{value:,}"
    return text.replace(",", "\0").replace(".", conv.decimal).replace("\0", conv.thousands)


def day(value: date, lang: str | None = None) -> str:
    """A date as the language writes it: ``2026-11-23``, ``23.11.2026``, ``23-11-2026``."""
    return value.strftime(conventions(lang).date)


def ordinal(n: int, lang: str | None = None) -> str:
    conv = conventions(lang)
    if conv.ordinal:
        return conv.ordinal.format(n=n)
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def times(n: int, lang: str | None = None, *, once: bool = True) -> str:
    """``once`` / ``N times`` (``once=False``: ``1 time``)."""
    conv = conventions(lang)
    if n == 1:
        return conv.once if once else conv.one_time
    return conv.times.format(n=n)
