"""A quick hand in the table session: the game's facts asked one by one, then what was
said, then the hand recorded from them as ``scorekeeper hand`` would."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.session.facts import parse_fact_items
from scorekeeper.table.words import say


class QuickHand:
    """The questions of a quick hand and the answers so far."""

    def __init__(self, keys: Mapping[str, Any], game: str = "") -> None:
        self.keys = dict(keys)
        self.game = game
        self.order = list(self.keys)
        self.at = 0
        self.facts: list[str] = []
        self.said: list[str] = []

    def question(self) -> str:
        if self.at < len(self.order):
            name = self.order[self.at]
            key = self.keys[name]
            return say("table.prompt.fact", fact=name, kind=key.kind, help=key.help)
        return say("table.prompt.said")

    def answer(self, line: str) -> bool:
        """Take one answer; True when every question is answered. An answer of the wrong
        kind is refused at once (the same question is asked again)."""
        text = line.strip()
        if self.at < len(self.order):
            if text:
                fact = f"{self.order[self.at]}={text}"
                parse_fact_items([fact], self.keys, self.game)
                self.facts.append(fact)
            self.at += 1
            return False
        if text:
            self.said.append(text)
            return False
        return True
