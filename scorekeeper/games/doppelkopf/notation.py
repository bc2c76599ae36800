"""Doppelkopf's actions other than card plays, typed, and the one place that reads them
from and writes them to the match file's strings.

``read`` turns a parsed ``Action`` (``"Anna no90 re"``) into a typed action
(``Announce("Anna", "no90", side="re")``); ``write`` gives back the exact string, so a match
file read and written again is unchanged byte for byte. Aliases (``kontra``) and the
arguments keep the words as written (``written``); the typed fields carry their meaning.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from scorekeeper.actions import Action, Surplus
from scorekeeper.cards import Card, Deck
from scorekeeper.games.common import refuse
from scorekeeper.games.doppelkopf.records import SIDES
from scorekeeper.reasons import because, worded
from scorekeeper.record import record

DECLARATIONS = ("wedding", "piglets", "poverty", "accept", "decline", "fivenines", "solo")


@record(frozen=True)
class Said:
    """Something a player said: who, the verb as written and its arguments as written."""

    player: str
    word: str
    written: tuple[str, ...] = ()

    @property
    def verb(self) -> str:
        """The verb's own name (an alias resolved): what the mechanism works with."""
        return self.word


@record(frozen=True)
class Announce(Said):
    """Re, Contra or a promise (no90 ... black); ``side`` as named after a promise."""

    kind: str = ""
    side: str | None = None

    @property
    def verb(self) -> str:
        return self.kind


@record(frozen=True)
class Declare(Said):
    """A declaration before play: wedding, piglets, fivenines, decline."""

    what: str = ""

    @property
    def verb(self) -> str:
        return self.what


@record(frozen=True)
class Solo(Said):
    """``solo KIND``: the kind as typed, lower case (empty when none was named)."""

    kind: str = ""

    @property
    def verb(self) -> str:
        return "solo"


@record(frozen=True)
class PassCards(Said):
    """``poverty`` (cards passed) or ``accept`` (cards returned): cards, or their number."""

    what: str = ""

    @property
    def verb(self) -> str:
        return self.what

    def count(self) -> int | None:
        """The number given instead of cards (``poverty 3``); 0 for none given."""
        if not self.written:
            return 0
        if len(self.written) == 1 and self.written[0].isdigit():
            return int(self.written[0])
        return None

    def cards(self, deck: Deck) -> list[Card]:
        """The cards given, read in this deck (raises for a card it does not hold)."""
        return [deck.parse(a) for a in self.written]


DoppelkopfAction = Announce | Declare | Solo | PassCards


def resolve(verb: str, aliases: Mapping[str, str]) -> str:
    """A verb's own name: an alias (``kontra``) resolved."""
    return aliases.get(verb, verb)


def read(
    action: Action, aliases: Mapping[str, str], levels: Sequence[str]
) -> DoppelkopfAction | None:
    """The typed action of a non-card action, or None when the verb is not Doppelkopf's."""
    verb = resolve(action.verb, aliases)
    player, word, written = action.actor, action.verb, action.args
    if verb in SIDES or verb in levels:
        side = None
        if verb not in SIDES and written:
            named = resolve(written[0].lower(), aliases)
            side = named if named in SIDES else None
        return Announce(player, word, written, kind=verb, side=side)
    if verb == "solo":
        return Solo(player, word, written, kind=written[0].lower() if written else "")
    if verb in ("poverty", "accept"):
        return PassCards(player, word, written, what=verb)
    if verb in DECLARATIONS:
        return Declare(player, word, written, what=verb)
    return None


def split(action: Action, aliases: Mapping[str, str], levels: Sequence[str]) -> tuple[Action, ...]:
    """``Ben re no90`` as the table says it ("Re, keine 90"): the side, then each promise
    as an action of its own. Anything else stays one action."""
    verb = resolve(action.verb, aliases)
    promised = [resolve(w.lower(), aliases) for w in action.args]
    if verb not in SIDES or not promised or any(p not in levels for p in promised):
        return (action,)
    return (
        Action(action.actor, action.verb),
        *(Action(action.actor, word.lower()) for word in action.args),
    )


def surplus(action: Action, aliases: Mapping[str, str], levels: Sequence[str]) -> Surplus | None:
    """Words after a Doppelkopf action that it does not read: anything after Re or Contra,
    after a promise's side, after a solo's kind, after a wedding, piglets, five nines or a
    declined poverty. Cards after poverty and accept are the action's own (or refused)."""
    said = read(action, aliases, levels)
    if said is None or not said.written or isinstance(said, PassCards):
        return None
    verb = said.verb
    if isinstance(said, Announce) and verb in SIDES:
        # entered, promises after the side are split off (``split``): the first other word
        # is the one too many; in a file, every word after the side is passed over
        other = [i for i, w in enumerate(said.written) if resolve(w.lower(), aliases) not in levels]
        allows = because("action.allows.side", None, verb=action.verb, levels=list(levels))
        return Surplus(action.text, said.written[other[0] if other else 0 :], allows)
    if isinstance(said, Announce):
        extra = said.written[1:] if said.side else said.written
        allows = because("action.allows.promise", None, verb=action.verb, sides=list(SIDES))
    elif isinstance(said, Solo):
        extra = said.written[1:]
        allows = because("action.allows.one", None, verb=action.verb)
    else:
        extra = said.written
        allows = because("action.allows.nothing", None, verb=action.verb)
    return Surplus(action.text, tuple(extra), allows) if extra else None


def write(said: DoppelkopfAction) -> str:
    """The match file's string of a typed action."""
    return to_action(said).text


def tell(key: str, **params: Any) -> str:
    """What happened, in words: the template ``doppelkopf.said.KEY`` of
    ``scorekeeper.text.doppelkopf`` filled with ``params`` (the engine builds no sentence);
    Re or Contra announced for the side of that name says the side once."""
    if (
        key == "announce"
        and str(params.get("kind")).casefold() == str(params.get("side")).casefold()
    ):
        return tell("announce.own", player=params.get("player"), kind=params.get("kind"))
    return worded(f"doppelkopf.said.{key}", **params)


Told = tuple[str, dict[str, Any]]


def told(key: str, **params: Any) -> Told:
    """What ``tell`` would say, not worded yet: its key and parameters (a line of a hand's
    value, worded once for every hand that says the same: see ``scoring._Items``)."""
    return key, params


def no(action: Action | DoppelkopfAction | str, key: str, rule: str, **params: Any) -> NoReturn:
    """Refuse an action: the reason ``doppelkopf.KEY`` (its words in
    ``scorekeeper.text.doppelkopf``) with the action as written and ``params``."""
    text = (
        action
        if isinstance(action, str)
        else action.text
        if isinstance(action, Action)
        else write(action)
    )
    refuse(because(f"doppelkopf.{key}", rule, action=text, **params))


def to_action(said: DoppelkopfAction) -> Action:
    return Action(said.player, said.word, None, tuple(said.written))


def announce(player: str, kind: str, side: str | None = None) -> Action:
    """``Anna no90`` or, naming the side, ``Anna no90 re``."""
    written = (side,) if side else ()
    return to_action(Announce(player, kind, written, kind=kind, side=side))


def declare(player: str, what: str, *args: str) -> Action:
    """``Anna wedding``, ``Anna solo queens``, ``Anna poverty 9D KD``..."""
    return Action(player, what, None, tuple(args))
