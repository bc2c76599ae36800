"""The referee: settle one disputed question from the rule set, with the reasons.

Three questions, for every rule set, without a match: which cards may be played to a
trick (and the rule that forbids each other card), who takes a complete trick and why,
and what a hand's facts are worth item by item. ``explain`` gives the rule set's own
words on a topic with the values in force. Everything here is answered by the same
engine that keeps the score; nothing is printed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.actions import entered, parse_action
from scorekeeper.cards import Card
from scorekeeper.contract import TRUMP, Contract, judge_trick
from scorekeeper.errors import IllegalActionError, ScorekeeperError
from scorekeeper.following import FollowingRules, check_play, current_best
from scorekeeper.reasons import because
from scorekeeper.record import field, record
from scorekeeper.result import HandResult
from scorekeeper.rules import Ruleset
from scorekeeper.session.names import unnamed


@record(frozen=True)
class CardRuling:
    card: Card
    legal: bool
    reason: str
    rule: str | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "card": self.card.code,
            "legal": self.legal,
            "reason": self.reason,
            "rule": self.rule,
        }


@record
class Ruling:
    """The answer to one question: cards allowed, a trick's winner, or a value."""

    question: str
    contract: str
    trick: list[tuple[str, Card]]
    player: str | None = None
    cards: list[CardRuling] = field(default_factory=list)
    duties: list[tuple[str, str]] = field(default_factory=list)  # (sentence, rule key)
    winner: dict[str, Any] | None = None
    result: HandResult | None = None

    @property
    def legal(self) -> list[CardRuling]:
        return [c for c in self.cards if c.legal]

    @property
    def forbidden(self) -> list[CardRuling]:
        return [c for c in self.cards if not c.legal]

    def to_dict(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "contract": self.contract,
            "trick": [[p, c.code] for p, c in self.trick],
            "player": self.player,
            "legal": [c.to_dict() for c in self.legal],
            "forbidden": [c.to_dict() for c in self.forbidden],
            "duties": [{"duty": d, "rule": r} for d, r in self.duties],
            "winner": self.winner,
            "result": self.result.to_dict() if self.result else None,
        }


def parse_trick(text: str | Sequence[str], rules: Ruleset) -> list[tuple[str, Card]]:
    """``"Anna:QC Ben:10H"`` (or bare cards: seats no one named, ``unnamed``) as (player,
    card) pairs."""
    words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    plays = []
    for i, word in enumerate(words):
        who, colon, code = word.rpartition(":")
        if colon and not who.strip():
            why = because("judge.no_player", "players", play=word)
            raise ScorekeeperError(why, where="--trick", kind="usage")
        plays.append((who or unnamed(i + 1), rules.deck.parse(code)))
    return plays


def table_size(rules: Ruleset, players: int | None) -> int:
    """The players at the table: one of the counts the rule set is played with."""
    counts = rules.player_counts
    if players is None:
        return counts[0]
    if players not in counts:
        why = because("judge.players", "players", players=players, game=rules.name, counts=counts)
        raise ScorekeeperError(why, where="--players", kind="usage")
    return players


def _check_seats(
    trick: Sequence[tuple[str, Card]], player: str | None, partner: str | None, in_play: int
) -> None:
    """Each player plays once to a trick; the player to play has not played yet; the
    partner is another player, one who has played or is still to play."""
    named = [p for p, _ in trick]
    if twice := sorted({p for p in named if named.count(p) > 1}):
        raise ScorekeeperError(
            because("judge.played_twice", "play.turn_order", players=twice), where="--trick"
        )
    if player is not None and player in named:
        raise ScorekeeperError(
            because("judge.player_played", "play.turn_order", player=player), where="--player"
        )
    if partner is None:
        return
    to_play = player or unnamed(len(trick) + 1)
    still = in_play - len(trick) - 1  # players after the one to play
    if partner == to_play or (partner not in named and still <= 0):
        why = because("judge.partner", "teams", partner=partner, player=to_play, played=named)
        raise ScorekeeperError(why, where="--partner", kind="usage")


def judge_play(
    rules: Ruleset,
    trick: Sequence[tuple[str, Card]],
    *,
    game: str | None = None,
    trump: str | None = None,
    player: str | None = None,
    holding: Sequence[Card] | None = None,
    partner: str | None = None,
    last_trick: bool = False,
    players: int | None = None,
) -> Ruling:
    """Judge a trick in progress (who may play what) or a complete trick (who takes it)."""
    from scorekeeper.games import family_for

    family = family_for(rules)
    contract = family.contract_for(rules, game, trump)
    following = family.following_rules(rules)
    seated = table_size(rules, players)
    in_play = family.playing(rules, seated)
    _check_seats(trick, player, partner, in_play)
    _check_cards(rules, [c for _, c in trick] + list(holding or []))
    cards = [c for _, c in trick]
    ruling = Ruling("trick" if len(trick) >= in_play else "play", contract.name, list(trick))
    if len(trick) >= in_play:
        if len(trick) > in_play:
            raise IllegalActionError(
                because("referee.trick_size", "play.turn_order", size=in_play, given=len(trick))
            )
        verdict = judge_trick(contract, cards, [p for p, _ in trick], last_trick=last_trick)
        ruling.winner = {
            "player": trick[verdict.index][0],
            "card": cards[verdict.index].code,
            "reason": verdict.reason,
            "rule": verdict.rule,
            "points": sum(rules.card_points(c, contract.trump_suit) for c in cards),
            "notes": family.trick_notes(rules, contract, cards),
        }
        return ruling
    ruling.player = player or unnamed(len(trick) + 1)
    partner_winning = None
    if trick:
        best = current_best(contract, cards, last_trick=last_trick)
        if partner is not None:
            partner_winning = trick[best][0] == partner
        else:
            partner_winning = family.partner_winning_at(rules, best, len(trick), in_play)
    ruling.duties = duties(following, contract, cards, partner_winning, last_trick)
    if holding is not None:
        held = list(holding)
        seen: set[Card] = set()
        for card in held:
            if card in seen:
                continue
            seen.add(card)
            ruled = check_play(
                following,
                contract,
                cards,
                card,
                held,
                partner_winning=partner_winning,
                last_trick=last_trick,
            )
            ruling.cards.append(CardRuling(card, ruled.legal, ruled.reason, ruled.rule))
    return ruling


def _check_cards(rules: Ruleset, cards: Sequence[Card]) -> None:
    """Every card is one of the deck's (``Deck.verify_card``: it names the card and the
    deck), and the trick and the hand together hold none more often than the deck."""
    counts: dict[Card, int] = {}
    for card in cards:
        rules.deck.verify_card(card)
        counts[card] = counts.get(card, 0) + 1
        if counts[card] > rules.deck.counts[card]:
            raise IllegalActionError(
                because(
                    "referee.copies",
                    "deck.copies",
                    card=card,
                    count=counts[card],
                    copies=rules.deck.counts[card],
                )
            )


def duties(
    rules: FollowingRules,
    contract: Contract,
    trick: Sequence[Card],
    partner_winning: bool | None,
    last_trick: bool = False,
) -> list[tuple[str, str]]:
    """The obligations of the next player in words, whatever they hold."""
    if not trick:
        return [(_duty("referee.duty.lead"), "following")]
    led = contract.suit_of(trick[0])
    best = trick[current_best(contract, trick, last_trick=last_trick)]
    out: list[tuple[str, str]] = []
    if rules.follow_suit:
        out.append((_duty("referee.duty.follow", suit=led), "following.follow_suit"))
        if rules.head == "always" or (rules.head == "trump_led" and led == TRUMP):
            out.append((_duty("referee.duty.head", suit=led, best=best), "following.head"))
    opponent = partner_winning is False
    must_trump = rules.when_void == "trump" or (
        rules.when_void == "trump_if_opponent_winning" and opponent
    )
    if led != TRUMP and must_trump:
        out.append((_duty("referee.duty.trump", suit=led), "following.when_void"))
    over = rules.overtrump == "always" or (rules.overtrump == "if_opponent_winning" and opponent)
    if must_trump and over and contract.is_trump(best):
        out.append((_duty("referee.duty.overtrump", best=best), "following.overtrump"))
    if rules.undertrump == "only_if_nothing_else" and contract.is_trump(best):
        out.append((_duty("referee.duty.undertrump", best=best), "following.undertrump"))
    if rules.when_void == "trump_if_opponent_winning" and partner_winning is None:
        out.append((_duty("referee.duty.partner"), "following.when_void"))
    out.append((_duty("referee.duty.any"), "following"))
    return out


def _duty(key: str, **params: Any) -> str:
    """A duty's words (the view's), still carrying its key and parameters."""
    return because(key, **params).worded()


def judge_value(
    rules: Ruleset,
    players: Sequence[str],
    facts: Mapping[str, Any],
    actions: Sequence[str] = (),
    dealer: str | None = None,
) -> HandResult:
    """What a hand's quick facts are worth, item by item."""
    from scorekeeper.games import family_for

    family = family_for(rules)
    if twice := sorted({p for p in players if list(players).count(p) > 1}):
        why = because("judge.names_twice", "players", players=twice)
        raise ScorekeeperError(why, where="--names", kind="usage")
    # what was said, read as entered: "Anna re no90" is Re and no 90; a word left over is
    # refused, never passed over in an answer
    said = [part for a in actions for part in entered(a, players, family, rules)]
    parsed = [parse_action(a, players) for a in said]
    return family.score_quick(rules, players, dealer or players[0], facts, parsed, {"entry": True})


# ---------------------------------------------------------------------- explain

TOPICS: dict[str, tuple[str, ...]] = {
    "cards": ("deck", "deal", "card_points", "ranking", "contracts"),
    "following": ("following",),
    "teams": ("teams", "solos", "solos_rules", "partnership", "call"),
    "announcements": (
        "announcements",
        "bidding",
        "trump_choice",
        "declarations",
        "doubling",
        "knock",
        "kraak",
        "sequences",
        "bella",
    ),
    "scoring": ("scoring", "extras", "roem", "revoke", "nat", "pit"),
    "match": ("match", "session", "play"),
    "options": (),
}
ALSO_EXPLAINED: dict[str, tuple[str, ...]] = {
    # what may be said in each game (every rule set's [actions]) and the trump choice
    # belong to its announcements too, while the scoring topic keeps them as before
    "announcements": ("trump", "actions"),
}
TOPIC_TITLES = {
    "cards": "cards and ranking",
    "following": "following",
    "teams": "teams",
    "announcements": "announcements and doubling",
    "scoring": "scoring",
    "match": "the match",
    "options": "options",
}


def topic_named(word: str) -> str:
    """The topic a word names: its key (``scoring``) or its name at a German or Dutch
    table (``Abrechnung``, ``telling``, from the language files' ``[topics]``); the word
    folded when it names none."""
    from scorekeeper.lang import LANGS
    from scorekeeper.lang.data import fold, language

    form = " ".join(fold(word).split())
    if form in TOPICS:
        return form
    for lang in LANGS:
        if (found := language(lang).topics.get(form)) is not None:
            return found
    from scorekeeper.text import translate

    for lang in LANGS:  # the title the list of topics shows ('die Partie', 'de partij')
        for topic, title in TOPIC_TITLES.items():
            if " ".join(fold(translate("explain", title, lang)).split()) == form:
                return topic
    return form


def explain(rules: Ruleset, topic: str | None = None) -> dict[str, Any]:
    """The rule set's own explanation of a topic (by its key or by its name in any
    language the program speaks), with the values in force."""
    if topic is None:
        return {
            "ruleset": rules.id,
            "name": rules.name,
            "topics": {t: TOPIC_TITLES[t] for t in TOPICS},
        }
    topic = topic_named(topic)
    if topic not in TOPICS:
        raise IllegalActionError(  # a slip of the pen, not a rule: named as input
            because("referee.topic", "explain", topic=topic, topics=tuple(TOPICS)), kind="usage"
        )
    sections: list[dict[str, Any]] = []
    if topic == "options":
        for name, spec in rules.option_specs.items():
            sections.append(
                {
                    "section": f"options.{name}",
                    "explain": spec.explain,
                    "values": {
                        "value": rules.options[name],
                        "default": spec.default,
                        "choices": list(spec.choices),
                    },
                }
            )
    else:
        names = list(TOPICS[topic])
        if topic == "scoring":  # sections no topic names still get explained somewhere
            known = {n for ns in TOPICS.values() for n in ns}
            names += [
                k
                for k, v in rules.data.items()
                if isinstance(v, Mapping) and v.get("explain") and k not in known and k != "options"
            ]
        names += [n for n in ALSO_EXPLAINED.get(topic, ()) if n not in names]
        for name in names:
            body = rules.data.get(name)
            if not isinstance(body, Mapping):
                continue
            for key, text, values in _section(name, body):
                sections.append({"section": key, "explain": text, "values": values})
    return {
        "ruleset": rules.id,
        "name": rules.name,
        "topic": topic,
        "title": TOPIC_TITLES[topic],
        "options": rules.overrides,
        "sections": sections,
    }


def _section(name: str, body: Mapping[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    out: list[tuple[str, str, dict[str, Any]]] = []
    values = {k: v for k, v in body.items() if k != "explain" and not isinstance(v, Mapping)}
    subs = {k: v for k, v in body.items() if isinstance(v, Mapping)}
    if body.get("explain") or values:
        out.append((name, body.get("explain", ""), values))
    for key, sub in subs.items():
        if sub.get("explain") or name in ("contracts", "solos"):
            out.append(
                (
                    f"{name}.{key}",
                    sub.get("explain", ""),
                    {k: v for k, v in sub.items() if k != "explain"},
                )
            )
        elif not any(isinstance(v, Mapping) for v in sub.values()):
            out.append((f"{name}.{key}", "", dict(sub)))
    return out
