"""Reading one typed line of the table session into an entry.

A line is a command (``undo``, ``score``...), one card or a whole trick in play order
(``qc 10h ad 9d``), or what a player says (``ben re``, ``kontra``, ``trump hearts``,
``pass``), the player left out when only one may say it now. Words in German or Dutch
are turned into the canonical codes first (by :mod:`scorekeeper.lang` once it is there);
the match file only ever holds canonical codes.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.actions import Action
from scorekeeper.cards import Card
from scorekeeper.record import field, record

COMMANDS = (
    "undo",
    "redo",
    "score",
    "status",
    "explain",
    "judge",
    "hand",
    "rename",
    "scorer",
    "help",
    "quit",
)
"""The session's commands, in the order ``help`` lists them."""

ALIASES = {"exit": "quit", "q": "quit", "?": "help", "u": "undo", "rename-player": "rename"}
"""Other words for the commands; ``rename-player`` is the one-shot command's name."""


@record(frozen=True)
class Entry:
    """One line read: a ``command`` (with ``args``), ``cards`` in play order, or ``words``
    a player says (``actor`` when named)."""

    kind: str  # "command" | "cards" | "words" | "empty"
    command: str = ""
    args: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    actor: str | None = None
    words: tuple[str, ...] = field(default_factory=tuple)


def canonical(
    line: str,
    lang: str,
    family: str,
    players: Sequence[str],
    *,
    cards: bool = True,
    trump: str | None = None,
) -> list[str]:
    """The words of a line in canonical form: a command in the match's language (``hilfe``
    -> ``help``), German and Dutch card names, the cards' nicknames (``Dulle``; not with
    ``cards=False``, where a quick hand's facts are read; ``nel`` with the hand's ``trump``
    suit) and game words become codes,
    everything else is kept."""
    try:
        from scorekeeper.lang import translate
    except ImportError:  # the languages module is not there yet: codes and English only
        return line.split()
    first, _, rest = line.strip().partition(" ")
    command = command_word(first, lang)
    if command is not None and find_player(first, players) is None:
        return [command, *translate(rest, lang, family=family, players=players)]
    tokens = translate(line, lang, family=family, players=players, nicknames=cards, trump=trump)
    return " ".join(tokens).split()


def command_word(word: str, lang: str) -> str | None:
    """The session's command a word names in ``lang`` (``stopp``, ``ongedaan``), or None."""
    from scorekeeper.lang.data import fold, language

    return language(lang).commands.get(fold(word)) if word else None


def spoken_command(command: str, lang: str) -> str:
    """A command as a table of ``lang`` types it: the first of its words in the language
    file, else its own name (``undo`` -> ``zurück``)."""
    from scorekeeper.lang.data import language

    words = [w for w, c in language(lang).commands.items() if c == command]
    return words[0] if words else command


def read_line(words: Sequence[str], players: Sequence[str]) -> Entry:
    """Sort the canonical words of a line into one entry (no rules applied yet)."""
    if not words:
        return Entry("empty")
    first = words[0].lower()
    command = ALIASES.get(first, first)
    if command in COMMANDS and find_player(words[0], players) is None:
        return Entry("command", command=command, args=tuple(words[1:]))
    actor = find_player(words[0], players)
    rest = list(words[1:]) if actor is not None else list(words)
    if actor is not None and not rest:
        return Entry("words", actor=actor, words=())
    if rest and all(is_card(w) for w in rest):
        return Entry("cards", cards=tuple(Card.parse(w).code for w in rest), actor=actor)
    return Entry("words", actor=actor, words=tuple(rest))


def find_player(word: str, players: Sequence[str]) -> str | None:
    """The player a word names: the name in any case, or a prefix only one name has (a
    word that reads as a card is a card unless it is a whole name)."""
    low = word.lower()
    exact = [p for p in players if p.lower() == low]
    if exact:
        return exact[0]
    if is_card(word) or low in COMMANDS or low in ALIASES:
        return None
    starts = [p for p in players if p.lower().startswith(low)]
    return starts[0] if len(starts) == 1 else None


def is_card(word: str) -> bool:
    return Card.read(word) is not None


def said_text(action: Action) -> str:
    """What an action says, without its actor: ``re``, ``trump hearts``, ``call AC``."""
    if action.card is not None:
        return action.card.code
    return " ".join((action.verb, *action.args))


def same_words(a: Sequence[str], b: str) -> bool:
    return " ".join(a).lower() == b.lower()
