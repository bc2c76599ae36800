"""Klaberjass quick entry: a hand as a score sheet holds it.

Each fact is declared once (``FIELDS``): its name, its kind (how the command line reads
it), its help and the check that turns the written value into the typed one. ``hand
--keys``, the command line's parsing (``quick_keys``), the help and the refusals all come
from that declaration. Sequences and bella given as ``-a`` actions are replayed through
the same record the full hand keeps (``Announced``), so both are checked alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NoReturn

from scorekeeper.actions import Action
from scorekeeper.errors import CardError, IllegalActionError
from scorekeeper.games.base import QuickKey
from scorekeeper.games.common import Fact, read_facts
from scorekeeper.games.common import quick_keys as declared_keys
from scorekeeper.games.klaberjass.announcements import Announced
from scorekeeper.games.klaberjass.notation import BELLA, SEQUENCE, parse_suit, verb_of
from scorekeeper.games.klaberjass.rules import spec
from scorekeeper.games.klaberjass.scoring import Facts
from scorekeeper.games.klaberjass.sequences import Run

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset


class Sheet:
    """One quick hand being read: the rule set, the players and the refusal of a fact."""

    def __init__(self, rules: Ruleset, players: Sequence[str]) -> None:
        self.rules = rules
        self.players = list(players)

    def refuse(self, msg: str, key: str, rule: str = "quick") -> NoReturn:
        raise IllegalActionError(f"quick: {msg}", rule=rule, where=f"quick.{key}")

    def either(self) -> str:
        return " or ".join(self.players)

    def player_or_none(self, raw: Any, key: str, msg: str, rule: str) -> str | None:
        value = raw or None
        if value is not None and value not in self.players:
            self.refuse(f"{msg}: {self.either()}", key, rule)
        return value  # type: ignore[no-any-return]

    def run(self, player: str, words: Sequence[str]) -> Run:
        try:
            cards = [self.rules.deck.parse(w) for w in words]
            return Announced(self.rules).read(player, cards)
        except (CardError, IllegalActionError) as exc:
            self.refuse(f"{player}'s sequence: {exc.message}", "sequences", exc.rule or "sequences")


Reader = Callable[[Sheet, Any], Any]


@dataclass(frozen=True)
class Field(Fact):
    """A quick fact (name, kind, help, the rule a wrong kind breaks; see ``Fact``) and
    ``read``, the check that turns the value written into the typed one."""

    read: Reader = field(default=lambda sheet, raw: raw)


def _maker(sheet: Sheet, raw: Any) -> str:
    if raw not in sheet.players:
        sheet.refuse(
            f"maker must be the player who made trump: {sheet.either()}", "maker", "bidding"
        )
    return str(raw)


def _trump(sheet: Sheet, raw: Any) -> str:
    trump = parse_suit(str(raw or ""))
    if trump is None or trump not in sheet.rules.deck.suits:
        sheet.refuse("trump must be a suit: clubs, spades, hearts or diamonds", "trump", "bidding")
    return trump


def _points(sheet: Sheet, raw: Any) -> dict[str, int]:
    rules, players = sheet.rules, sheet.players
    bonus = spec(rules).play.last_trick_bonus
    most = spec(rules).card_points.total + bonus
    example = ",".join(f"{p}:{n}" for p, n in zip(players, (62, 90), strict=False))
    points: dict[str, int] = {}
    for entry in raw or []:
        name, colon, number = str(entry).partition(":")
        name = name.strip()
        if not colon or name not in players or not number.strip().isdigit():
            sheet.refuse(
                f"points must be Name:N for each player, like {example}", "points", "card_points"
            )
        if name in points:
            sheet.refuse(f"points for {name} given twice", "points", "card_points")
        points[name] = int(number)
    missing = [p for p in players if p not in points]
    if missing:
        sheet.refuse(
            f"points must give every player's card points (missing {', '.join(missing)}), "
            f"like {example}",
            "points",
            "card_points",
        )
    total = sum(points.values())
    if total < bonus or total > most:
        sheet.refuse(
            f"the card points add up to {total}; with the last trick's {bonus} they come "
            f"to between {bonus} and {most}",
            "points",
            "card_points.total",
        )
    if max(points.values()) < bonus:
        sheet.refuse(
            f"someone took the last trick and its {bonus}, so one player has at least {bonus}",
            "points",
            "play.last_trick_bonus",
        )
    return points


def _sequences(sheet: Sheet, raw: Any) -> list[Run]:
    runs: list[Run] = []
    for entry in [str(e) for e in raw or []]:
        name, colon, cards_text = entry.partition(":")
        if not colon or name.strip() not in sheet.players:
            sheet.refuse(
                f"sequence {entry!r} must be Name:CARDS, like 'Ben:7H 8H 9H'",
                "sequences",
                "sequences",
            )
        runs.append(sheet.run(name.strip(), cards_text.split()))
    return runs


def _bella(sheet: Sheet, raw: Any) -> str | None:
    return sheet.player_or_none(raw, "bella", "bella is a player", "bella")


def _revoke(sheet: Sheet, raw: Any) -> str | None:
    return sheet.player_or_none(
        raw, "revoke", "revoke names the player who revoked", "options.revoke_penalty"
    )


def _redeal(sheet: Sheet, raw: Any) -> bool:
    return bool(raw)


FIELDS: tuple[Field, ...] = (
    Field(
        "maker",
        "word",
        "the player who made trump (accepted or named it)",
        rule="bidding",
        read=_maker,
    ),
    Field(
        "trump",
        "word",
        "the trump suit: clubs, spades, hearts, diamonds (or C S H D)",
        rule="bidding",
        read=_trump,
    ),
    Field(
        "points",
        "list",
        "each player's card points, the last trick's 10 included: Anna:62,Ben:90",
        rule="card_points",
        read=_points,
    ),
    Field(
        "sequences",
        "list",
        "announced sequences as Name:CARDS, like 'Ben:7H 8H 9H,Anna:JS QS KS'",
        rule="sequences",
        read=_sequences,
    ),
    Field("bella", "word", "the player who announced bella", rule="bella", read=_bella),
    Field(
        "revoke",
        "word",
        "the player who revoked",
        rule="options.revoke_penalty",
        read=_revoke,
    ),
    Field(
        "redeal",
        "bool",
        "true when both passed twice and the hand was dealt again",
        rule="bidding.redeal",
        read=_redeal,
    ),
)


def quick_keys() -> dict[str, QuickKey]:
    """The facts as the command line reads and lists them (``hand --keys``)."""
    return declared_keys(FIELDS)


def read_quick(
    rules: Ruleset, players: Sequence[str], facts: Mapping[str, Any], actions: Sequence[Action]
) -> Facts | None:
    """The facts of a quick hand, checked; None for a redeal."""
    sheet = Sheet(rules, players)
    given = read_facts(FIELDS, facts, sheet)  # unknown keys and values of the wrong kind
    if given["redeal"]:
        if set(facts) - {"redeal"} or actions:
            sheet.refuse("a redealt hand has nothing else to record", "redeal")
        return None
    value = {f.name: f.read(sheet, given[f.name]) for f in FIELDS}
    said = _replay(sheet, value["sequences"], value["bella"], actions)
    trump = value["trump"]
    if said.bella is not None:
        blocking = said.bella_blocked(said.bella, trump)
        if blocking is not None:
            sheet.refuse(
                f"{said.bella} cannot hold the bella: {blocking.player}'s sequence "
                f"{blocking.text} holds one of its cards",
                "bella",
                "bella",
            )
    return Facts(
        list(players),
        value["maker"],
        trump,
        value["points"],
        list(said.runs),
        said.bella,
        value["revoke"],
    )


def _replay(
    sheet: Sheet, runs: list[Run], bella: str | None, actions: Sequence[Action]
) -> Announced:
    """Sequences and bella, from the keys and the actions, through the full hand's record."""
    said = Announced(sheet.rules)
    aliases = spec(sheet.rules).aliases
    if bella is not None:
        said.claim_bella(bella)
    for action in actions:
        verb = verb_of(action, aliases)
        if verb == SEQUENCE:
            runs.append(sheet.run(action.actor, list(action.args)))
        elif verb == BELLA:
            try:
                said.claim_bella(action.actor)
            except IllegalActionError as exc:
                sheet.refuse(f"{action}: {exc.message}", "bella", exc.rule or "bella")
        else:
            sheet.refuse(
                f"{action}: a quick hand takes sequences and bella as actions; "
                "maker= and trump= say the bidding",
                "actions",
            )
    for run in runs:
        try:
            said.add(run)
        except IllegalActionError as exc:
            sheet.refuse(exc.message, "sequences", exc.rule or "sequences")
    return said
