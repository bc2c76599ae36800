"""Action strings, actor first, as the match log holds them: ``"Ben QC"``, ``"Ben re"``.

An action is either a card played (the word after the actor reads as a card) or a verb
with arguments that the game family understands (``"Anna wedding"``,
``"Anna poverty 9D KD"``). Parsing here only splits and normalises; whether the action is
allowed is the hand's business.

Entry and replay read an action's words differently. A match file is replayed as it
always was: words after an action that its game does not read are passed over. An action
entered now (``entered``) is first split into what it says (``Ben re no90`` is Re and
no 90, two actions) and refused if a word is left that its game does not read
(``Surplus``); ``check`` reports such words of an old file as a warning.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, Protocol

from scorekeeper.cards import Card
from scorekeeper.errors import ActionSyntaxError, CardError, IllegalActionError, ScorekeeperError
from scorekeeper.reasons import Reason, because
from scorekeeper.record import record

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset

PLAY = "play"


@record(frozen=True)
class Action:
    actor: str
    verb: str
    card: Card | None = None
    args: tuple[str, ...] = ()

    def __init__(
        self, actor: str, verb: str, card: Card | None = None, args: tuple[str, ...] = ()
    ) -> None:
        # Written out: one for every action read, every card of a replay.
        fields = self.__dict__
        fields["actor"] = actor
        fields["verb"] = verb
        fields["card"] = card
        fields["args"] = args

    @cached_property
    def is_play(self) -> bool:
        # "Anna play" without a card is a verb no family knows, not a card play
        # (asked for every action replayed: kept once known)
        return self.verb == PLAY and self.card is not None

    @property
    def text(self) -> str:
        """The canonical string written to the log."""
        if self.card is not None:
            return f"{self.actor} {self.card.code}"
        return " ".join((self.actor, self.verb, *self.args))

    def __str__(self) -> str:
        """The action as the player said it, where a refusal quotes it: the verb as typed
        (``Ben QX``, never ``Ben qx``; ``text`` keeps the log's form)."""
        said = self.__dict__.get("_said_verb")
        return self.text if said is None else " ".join((self.actor, said, *self.args))

    @property
    def typed_verb(self) -> str:
        """The verb as the player typed it (``Quatsch``), for a refusal that quotes a word
        it does not know; ``verb`` is its code, lower case."""
        return str(self.__dict__.get("_said_verb") or self.verb)

    @classmethod
    def said(cls, actor: str, verb: str, args: tuple[str, ...] = ()) -> Action:
        """The action of ``verb`` as typed: its code lower case (what the game reads and
        the log keeps), the typed form kept for what quotes it back (``str``)."""
        action = cls(actor, verb.lower(), None, args)
        return action if action.verb == verb else action._typed_as(verb)

    def _typed_as(self, verb: str) -> Action:
        """This action, keeping the verb as typed beside its fields (never compared,
        never written) for what quotes it back."""
        self.__dict__["_said_verb"] = verb
        return self

    def cards(self) -> list[Card]:
        """The arguments read as cards (for verbs that pass cards)."""
        return [Card.parse(a) for a in self.args]


def parse_actions(texts: Sequence[str], players: Sequence[str]) -> list[Action]:
    """Several action strings at once (quick entry's announcements, say)."""
    return [parse_action(t, players) for t in texts]


def _looks_like_card(word: str) -> bool:
    return Card.read(word) is not None


def parse_action(text: str, players: Sequence[str]) -> Action:
    """Split ``text`` into actor and what they did; the actor must be a player."""
    words = text.split()
    if len(words) < 2:
        raise ActionSyntaxError(because("actions.needs_actor", text=text))
    actor, rest = words[0], words[1:]
    if actor not in players:
        matches = [p for p in players if p.lower() == actor.lower()]
        if len(matches) != 1:
            raise ActionSyntaxError(
                because("actions.not_player", text=text, actor=actor, players=tuple(players)),
                rule="players",
            )
        actor = matches[0]
    if len(rest) == 1 and _looks_like_card(rest[0]):
        return Action(actor, PLAY, Card.parse(rest[0]))
    if _looks_like_card(rest[0]) and len(rest) > 1:
        try:  # the example's card by its name in the table's language (KrD, not QC)
            example: Card | str = Card.parse(rest[0])
        except ValueError:
            example = rest[0]
        raise ActionSyntaxError(because("actions.one_card", text=text, actor=actor, card=example))
    if rest[0][0].isdigit() or rest[0][0] in "♣♠♥♦":
        raise CardError(because("actions.unknown_card", card=rest[0], text=text))
    return Action.said(actor, rest[0], tuple(rest[1:]))


@record(frozen=True)
class Surplus:
    """Words at the end of an action that its game does not read: ``banana 42`` in
    ``Carla contra banana 42``. ``allows`` says, in words, what the action takes."""

    action: str
    words: tuple[str, ...]
    allows: Reason

    def reason(self) -> Reason:
        """The refusal: the action, its first word too many and what the action allows."""
        return because(
            "action.surplus",
            "actions",
            action=self.action,
            word=self.words[0],
            words=list(self.words),
            allows=self.allows,
        )


@record(frozen=True)
class QuickKey:
    """One fact of a quick hand: its kind (``int``, ``word``, ``list``, ``bool``) and meaning;
    ``names``: how its value names players, if it does (``word``: the value or each list
    entry is a name; ``first``: the first word of each entry, ``Anna fox``; ``colon``: the
    part before the colon, ``Anna:62``)."""

    kind: str
    help: str
    names: str = ""
    choices: tuple[str, ...] = ()

    def parse(self, text: str) -> Any:
        """Read the value as typed on the command line (``re=Anna,Carla``)."""
        if self.kind == "list":
            return [v.strip() for v in text.split(",") if v.strip()]
        if self.kind == "int":
            try:
                return int(text)
            except ValueError:
                raise IllegalActionError(because("games.not_number", "quick", text=text)) from None
        if self.kind == "bool":
            word = text.strip().lower()
            if word not in ("true", "yes", "1", "on", "false", "no", "0", "off"):
                raise IllegalActionError(because("games.not_bool", "quick", text=text))
            return word in ("true", "yes", "1", "on")
        return text.strip()


class Reads(Protocol):
    """What ``entered`` asks of a game family (``scorekeeper.games.Family``)."""

    def split(self, rules: Ruleset, action: Action) -> tuple[Action, ...]: ...

    def surplus(self, rules: Ruleset, action: Action) -> Surplus | None: ...


def entered(
    text: str, players: Sequence[str], family: Reads | Any, rules: Ruleset, *, split: bool = True
) -> list[str]:
    """The action strings an action entered now stands for, every word read: split into
    what it says (``split``: ``Ben re no90`` -> ``Ben re``, ``Ben no90``), or refused with
    the first word its game does not read. Text that does not parse is handed on as it is,
    for the hand to refuse in its own words; a replay never comes here."""
    try:
        action = parse_action(text, players)
    except ScorekeeperError:
        return [text]
    if action.is_play:
        return [text]
    parts = family.split(rules, action) if split else (action,)
    for part in parts:
        extra = family.surplus(rules, part)
        if extra is not None:
            raise IllegalActionError(extra.reason())
    return [text] if len(parts) == 1 else [part.text for part in parts]
