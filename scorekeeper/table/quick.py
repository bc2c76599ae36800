"""A quick hand in the table session: the facts this game, variant and table size take,
asked one by one and each checked as it is answered, then what was said, then the hand
recorded from them as ``scorekeeper hand`` would.

A wrong answer asks that fact again (the answers before it stay); cancelling (``cancel``,
Ctrl-C) drops the whole entry and records nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.table.words import say


class QuickHand:
    """The questions of a quick hand and the answers so far."""

    def __init__(
        self, keys: Mapping[str, Any], game: str = "", lang: str = "en", example: str | None = ""
    ) -> None:
        self.keys = dict(keys)
        self.game = game
        self.lang = lang
        self.example = example
        """What a player of this game might have said (``anna re``), for the question
        after the facts; None: this game's quick hand takes nothing said, and is recorded
        once the last fact is answered."""
        self.order = list(self.keys)
        self.at = 0
        self.given: dict[str, Any] = {}
        """Each fact answered: its value as read."""
        self.items: dict[str, str] = {}
        """Each fact answered as ``KEY=VALUE`` in canonical words."""
        self.said: list[str] = []

    def asking(self) -> str | None:
        """The fact asked now, or None once every fact is answered (then what was said)."""
        return self.order[self.at] if self.at < len(self.order) else None

    def question(self) -> str:
        name = self.asking()
        if name is None:
            return say("table.prompt.said_like", example=self.example)
        key = self.keys[name]
        if key.kind == "bool":
            from scorekeeper.lang import language

            voc = language(self.lang)
            kind = f"{(voc.yes or ('yes',))[0]}/{(voc.no or ('no',))[0]}"
        else:  # the value's kind in the table's words (Zahl, woord), as hand --keys says it
            kind = say("cli.value_kind." + key.kind)
        from scorekeeper.lang.terms import fact_name
        from scorekeeper.view.value import line_start

        # the fact by the name the table types (Re-Augen=), the line from a capital
        asked = say("table.prompt.fact", fact=fact_name(name, self.lang), kind=kind, help=key.help)
        return line_start(asked)

    def take(self, name: str, item: str, value: Any) -> None:
        """Fact ``name`` answered (``item``: ``KEY=VALUE``, ``value``: as read)."""
        self.given[name] = value
        self.items[name] = item
        self.at = self.order.index(name) + 1

    def skip(self) -> None:
        """The fact asked now left out."""
        name = self.asking()
        if name is not None:
            self.given.pop(name, None)
            self.items.pop(name, None)
            self.at += 1

    def back_to(self, name: str) -> bool:
        """Ask fact ``name`` again (the game refused the hand because of it): whether it
        is one of the questions."""
        if name not in self.order:
            return False
        self.given.pop(name, None)
        self.items.pop(name, None)
        self.at = self.order.index(name)
        return True

    def complete(self) -> bool:
        """Whether nothing is left to ask: every fact answered, and nothing said is taken."""
        return self.asking() is None and self.example is None

    def facts(self) -> list[str]:
        return [self.items[name] for name in self.order if name in self.items]
