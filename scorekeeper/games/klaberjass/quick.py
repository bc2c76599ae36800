"""Klaberjass quick entry: a hand as a score sheet holds it.

Each fact is declared once (``FIELDS``): its name, its kind (how the command line reads
it), its help and the check that turns the written value into the typed one. ``hand
--keys``, the command line's parsing (``quick_keys``), the help and the refusals all come
from that declaration. Sequences and bella given as ``-a`` actions are replayed through
the same record the full hand keeps (``Announced``), so both are checked alike.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from scorekeeper.actions import Action, QuickKey
from scorekeeper.errors import CardError, IllegalActionError
from scorekeeper.games.common import Fact, read_facts
from scorekeeper.games.common import quick_keys as declared_keys
from scorekeeper.games.klaberjass.announcements import Announced
from scorekeeper.games.klaberjass.notation import BELLA, SEQUENCE, parse_suit, verb_of
from scorekeeper.games.klaberjass.rules import spec
from scorekeeper.games.klaberjass.scoring import Facts
from scorekeeper.games.klaberjass.sequences import Run
from scorekeeper.reasons import Reason, because
from scorekeeper.record import field, record

if TYPE_CHECKING:
    from scorekeeper.rules import Ruleset


class Sheet:
    """One quick hand being read: the rule set, the players and the refusal of a fact."""

    def __init__(self, rules: Ruleset, players: Sequence[str]) -> None:
        self.rules = rules
        self.players = list(players)

    def refuse(self, reason: str, key: str, rule: str = "quick", **params: Any) -> NoReturn:
        """Refuse fact ``key`` for reason ``klaberjass.quick.REASON``."""
        raise IllegalActionError(
            because(f"klaberjass.quick.{reason}", rule, **params), where=f"quick.{key}"
        )

    def either(self) -> Reason | str:
        """The players joined by 'or'."""
        return _or(self.players)

    def player_or_none(self, raw: Any, key: str, rule: str) -> str | None:
        value = raw or None
        if value is not None and value not in self.players:
            self.refuse(f"{key}_player", key, rule, players=self.either())
        return value

    def run(self, player: str, words: Sequence[str]) -> Run:
        try:
            cards = [self.rules.deck.parse(w) for w in words]
            return Announced(self.rules).read(player, cards)
        except (CardError, IllegalActionError) as exc:
            why = exc.reason or exc.message
            self.refuse("sequence", "sequences", exc.rule or "sequences", player=player, why=why)


def _or(words: Sequence[Any]) -> Any:
    if len(words) <= 1:
        return words[0] if words else ""
    return because("klaberjass.or", first=words[0], rest=_or(words[1:]))


Reader = Callable[[Sheet, Any], Any]


@record(frozen=True)
class Field(Fact):
    """A quick fact (name, kind, help, the rule a wrong kind breaks; see ``Fact``) and
    ``read``, the check that turns the value written into the typed one."""

    read: Reader = field(default=lambda sheet, raw: raw)


def _words(sheet: Sheet, reason: str, **params: Any) -> Reason:
    """The refusal of a fact of the wrong kind: the words of a wrong value of it."""
    return because(f"klaberjass.quick.{reason}", **params)


def _example(players: Sequence[str]) -> str:
    return ",".join(f"{p}:{n}" for p, n in zip(players, (62, 90), strict=False))


def _maker(sheet: Sheet, raw: Any) -> str:
    if raw not in sheet.players:
        sheet.refuse("maker", "maker", "bidding", players=sheet.either())
    return str(raw)


def _trump(sheet: Sheet, raw: Any) -> str:
    trump = parse_suit(str(raw or ""))
    if trump is None or trump not in sheet.rules.deck.suits:
        sheet.refuse("trump", "trump", "bidding")
    return trump


def _points(sheet: Sheet, raw: Any) -> dict[str, int]:
    rules, players = sheet.rules, sheet.players
    bonus = spec(rules).play.last_trick_bonus
    most = spec(rules).card_points.total + bonus
    example = _example(players)
    points: dict[str, int] = {}
    for entry in raw or []:
        name, colon, number = str(entry).partition(":")
        name = name.strip()
        if not colon or name not in players or not number.strip().isdigit():
            sheet.refuse("points_form", "points", "card_points", example=example)
        if name in points:
            sheet.refuse("points_twice", "points", "card_points", player=name)
        points[name] = int(number)
    missing = [p for p in players if p not in points]
    if missing:
        sheet.refuse("points_missing", "points", "card_points", missing=missing, example=example)
    total = sum(points.values())
    if total < bonus or total > most:
        sheet.refuse(
            "points_total", "points", "card_points.total", total=total, bonus=bonus, most=most
        )
    if max(points.values()) < bonus:
        sheet.refuse("last_trick", "points", "play.last_trick_bonus", bonus=bonus)
    return points


def _sequences(sheet: Sheet, raw: Any) -> list[Run]:
    runs: list[Run] = []
    for entry in [str(e) for e in raw or []]:
        name, colon, cards_text = entry.partition(":")
        if not colon or name.strip() not in sheet.players:
            sheet.refuse("sequence_form", "sequences", "sequences", entry=entry)
        runs.append(sheet.run(name.strip(), cards_text.split()))
    return runs


def _bella(sheet: Sheet, raw: Any) -> str | None:
    return sheet.player_or_none(raw, "bella", "bella")


def _revoke(sheet: Sheet, raw: Any) -> str | None:
    return sheet.player_or_none(raw, "revoke", "options.revoke_penalty")


def _redeal(sheet: Sheet, raw: Any) -> bool:
    return bool(raw)


FIELDS: tuple[Field, ...] = (
    Field(
        "maker",
        "word",
        "the player who made trump (accepted or named it)",
        rule="bidding",
        names="word",
        read=_maker,
        refusal=lambda sheet: _words(sheet, "maker", players=sheet.either()),
    ),
    Field(
        "trump",
        "word",
        "the trump suit: clubs, spades, hearts, diamonds (or C S H D)",
        rule="bidding",
        read=_trump,
        refusal=lambda sheet: _words(sheet, "trump"),
    ),
    Field(
        "points",
        "list",
        "each player's card points, the last trick's 10 included: Anna:62,Ben:90",
        rule="card_points",
        names="colon",
        read=_points,
        refusal=lambda sheet: _words(sheet, "points_form", example=_example(sheet.players)),
    ),
    Field(
        "sequences",
        "list",
        "announced sequences as Name:CARDS, like 'Ben:7H 8H 9H,Anna:JS QS KS'",
        rule="sequences",
        names="colon",
        read=_sequences,
    ),
    Field(
        "bella",
        "word",
        "the player who announced bella",
        rule="bella",
        names="word",
        read=_bella,
        refusal=lambda sheet: _words(sheet, "bella_player", players=sheet.either()),
    ),
    Field(
        "revoke",
        "word",
        "the player who revoked",
        rule="options.revoke_penalty",
        names="word",
        read=_revoke,
        refusal=lambda sheet: _words(sheet, "revoke_player", players=sheet.either()),
    ),
    Field(
        "redeal",
        "bool",
        "true when both passed twice and the hand was dealt again",
        rule="bidding.redeal",
        read=_redeal,
    ),
)


FIELD = {f.name: f for f in FIELDS}


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
            sheet.refuse("redeal", "redeal")
        return None
    # the revoke is read after the actions, as it always was: the first refusal stays the same
    value = {f.name: f.read(sheet, given[f.name]) for f in FIELDS if f.name != "revoke"}
    said = _replay(sheet, value["sequences"], value["bella"], actions)
    value["revoke"] = FIELD["revoke"].read(sheet, given["revoke"])
    trump = value["trump"]
    _possible(sheet, trump, value["points"], said)
    return Facts(
        list(players),
        value["maker"],
        trump,
        value["points"],
        list(said.runs),
        said.bella,
        value["revoke"],
    )


def _possible(sheet: Sheet, trump: str, points: Mapping[str, int], said: Announced) -> None:
    """Facts that cannot be true together under the rule set's deck and deal: a bella whose
    card is in the other's sequence, more card points than the cards played can hold, more
    cards announced by a player than a player holds."""
    rules = sheet.rules
    if said.bella is not None:
        blocking = said.bella_blocked(said.bella, trump)
        if blocking is not None:
            sheet.refuse(
                "bella_blocked",
                "bella",
                "bella",
                player=said.bella,
                owner=blocking.player,
                cards=blocking.cards,
            )
    # Only the cards dealt are played: at most the best of them, with this trump.
    played = rules.hand_size * len(sheet.players)
    values = sorted((rules.card_points(c, trump) for c in rules.deck.cards), reverse=True)
    bonus = spec(rules).play.last_trick_bonus
    total, most = sum(points.values()), sum(values[:played]) + bonus
    if total > most:
        sheet.refuse(
            "points_total", "points", "card_points.total", total=total, bonus=bonus, most=most
        )
    for player in sheet.players:
        held = {c for run in said.runs if run.player == player for c in run.cards}
        if said.bella == player:
            held.update(said.bella_cards(trump))
        if len(held) > rules.hand_size:
            sheet.refuse(
                "too_many_cards",
                "sequences",
                "deal.packets",
                player=player,
                count=len(held),
                size=rules.hand_size,
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
                why = exc.reason or exc.message
                sheet.refuse("said", "bella", exc.rule or "bella", action=action.text, why=why)
        else:
            sheet.refuse("action", "actions", action=action.text)
    for run in runs:
        try:
            said.add(run)
        except IllegalActionError as exc:
            why = exc.reason or exc.message
            sheet.refuse("fact", "sequences", exc.rule or "sequences", why=why)
    return said
