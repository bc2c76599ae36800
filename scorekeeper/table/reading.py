"""Reading one typed line of the table session into an entry.

A line is a command (``undo``, ``score``...), one card or a whole trick in play order
(``qc 10h ad 9d``), or what a player says (``ben re``, ``kontra``, ``trump hearts``,
``pass``), the player left out when only one may say it now. Words in German or Dutch
are turned into the canonical codes first (by :mod:`scorekeeper.lang` once it is there);
the match file only ever holds canonical codes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from scorekeeper.actions import Action
from scorekeeper.cards import Card
from scorekeeper.errors import CardError

COMMANDS = (
    "undo",
    "redo",
    "score",
    "status",
    "explain",
    "judge",
    "hand",
    "rename",
    "help",
    "quit",
)
"""The session's commands, in the order ``help`` lists them."""

ALIASES = {"exit": "quit", "q": "quit", "?": "help", "u": "undo"}


@dataclass(frozen=True)
class Entry:
    """One line read: a ``command`` (with ``args``), ``cards`` in play order, or ``words``
    a player says (``actor`` when named)."""

    kind: str  # "command" | "cards" | "words" | "empty"
    command: str = ""
    args: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    actor: str | None = None
    words: tuple[str, ...] = field(default_factory=tuple)


def canonical(line: str, lang: str, family: str, players: Sequence[str]) -> list[str]:
    """The words of a line in canonical form: German and Dutch card names and game words
    become codes (when the language module is installed), everything else is kept."""
    try:
        from scorekeeper.lang import translate
    except ImportError:  # the languages module is not there yet: codes and English only
        return line.split()
    tokens = translate(line, lang, family=family, players=players)
    return " ".join(tokens).split()


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
    try:
        Card.parse(word)
    except CardError:
        return False
    return True


def said_text(action: Action) -> str:
    """What an action says, without its actor: ``re``, ``trump hearts``, ``call AC``."""
    if action.card is not None:
        return action.card.code
    return " ".join((action.verb, *action.args))


def same_words(a: Sequence[str], b: str) -> bool:
    return " ".join(a).lower() == b.lower()
