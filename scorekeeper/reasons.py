"""Structured reasons: why the engine decided what it did, as data.

A ``Reason`` is a message key (``following.must_follow``) with its parameters (the card,
the player, the suit, the threshold...). The engine builds reasons; it never builds the
sentence. The view (``scorekeeper.text``) turns a reason into words, so that the words
can be translated and ``--json`` can carry the key and parameters unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scorekeeper.caches import cache
from scorekeeper.record import NEW, field, record


@record(frozen=True)
class Reason:
    """A message key and its parameters; ``rule`` is the rule-set key enforced, if any."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    rule: str | None = None

    def __init__(self, key: str, params: Mapping[str, Any] = NEW, rule: str | None = None) -> None:
        # Written out: the engine gives a reason for every trick it judges.
        fields = self.__dict__
        fields["key"] = key
        fields["params"] = {} if params is NEW else params
        fields["rule"] = rule

    def text(self) -> str:
        """The reason in English words (the view's default language)."""
        from scorekeeper.text import render  # the view is a leaf: deferred for start-up

        return render(self)

    def __str__(self) -> str:
        return self.text()

    def worded(self) -> Worded:
        """The words, as a string that still carries this reason.

        Equal reasons of plain parameters (numbers, words, cards) in one language share one
        ``Worded``: a long match says the same things thousands of times, and words are
        immutable."""
        same: list[Any] = ["", self.key, self.rule]
        for name, value in self.params.items():
            kind = type(value)
            if kind.__name__ not in _PLAIN:
                return Worded(self)  # a list, a nested reason...: words of its own
            same += (name, kind, value)
        same[0] = voice()
        key = tuple(same)
        found = _WORDED.get(key)
        if found is None:
            if len(_WORDED) >= 4096:
                _WORDED.clear()
            found = _WORDED[key] = Worded(self)
        return found

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "params": {k: plain(v) for k, v in self.params.items()}}


class Worded(str):
    """Words the view made from a reason, still carrying the reason: a ``str`` wherever
    the engine's records hold text (a line of a hand's value, a message, a note), and the
    key and parameters for ``--json`` and for the words of another language."""

    reason: Reason

    def __new__(cls, reason: Reason, text: str | None = None) -> Worded:
        made = super().__new__(cls, reason.text() if text is None else text)
        made.reason = reason
        return made


_WORDED: dict[tuple[Any, ...], Worded] = cache("reasons.worded", "(key, params, voice)").entries


_voice: Callable[[], Voice] | None = None

Voice = tuple[str, "str | None", tuple[str, ...], tuple[tuple[str, int], ...]]


def voice() -> Voice:
    """What words made now depend on (``text.language.voice``: the language spoken, the
    match's language and players), the key of every table of words made once. The view
    is a leaf, loaded on first use (deferred for start-up)."""
    global _voice
    if _voice is None:
        from scorekeeper.text.language import voice as current_voice

        _voice = current_voice
    return _voice()


_PLAIN = frozenset({"str", "int", "bool", "float", "NoneType", "Card"})


_SAID: dict[tuple[Any, ...], Worded] = cache("reasons.said", "(key, params, voice)").entries
PLAIN_TYPES = frozenset({str, int, bool, float, type(None)})
"""Parameters of these types word the same whenever they are equal and of one type."""


def worded(key: str, /, **params: Any) -> str:
    """``because(key, **params).worded()``: what the engine says, in words that carry the
    reason (a line of a hand's value, a message).

    The same words said again (the same language, key and parameters: see ``same_words``)
    are looked up at once, without a ``Reason`` made and its parameters walked first: a
    long match says the same few dozen things on every hand. Anything else (a list, a
    nested reason, a card) goes the long way."""
    same = same_words(params)
    if same is None:
        return Reason(key, params).worded()
    same = (voice(), key, *same)
    found = _SAID.get(same)
    if found is None:
        if len(_SAID) >= 4096:
            _SAID.clear()
        found = _SAID[same] = Reason(key, params).worded()
    return found


def same_words(params: Mapping[str, Any]) -> tuple[Any, ...] | None:
    """What the words of a reason's parameters depend on, as a key: equal keys word the
    same in one language. Plain values with their types (``1`` is not ``True``), and
    words made from a reason (``Worded``) by their text and their reason's key, rule and
    parameters, alike; None for anything else (a list, a nested reason, a card)."""
    values = params.values()
    if PLAIN_TYPES.issuperset(map(type, values)):
        return (*params.items(), *map(type, values))
    same: list[Any] = []
    for name, value in params.items():
        kind = type(value)
        if kind in PLAIN_TYPES:
            same += (name, kind, value)
            continue
        inner = same_words(value.reason.params) if kind is Worded else None
        if inner is None:
            return None
        why = value.reason
        same += (name, kind, str(value), why.key, why.rule, inner)
    return tuple(same)


def reason_of(text: str) -> Reason | None:
    """The reason behind a text the engine holds, if the view made it from one."""
    return text.reason if isinstance(text, Worded) else None


def because(key: str, rule: str | None = None, /, **params: Any) -> Reason:
    """Shorthand: ``because("following.must_follow", "following.follow_suit", card=c)``."""
    return Reason(key, params, rule)


def plain(value: Any) -> Any:
    """A parameter as JSON can hold it: cards by code, lists item by item."""
    if hasattr(value, "code"):
        return value.code
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, Reason):
        return value.to_dict()
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)  # an action, a suit...: as it is written
