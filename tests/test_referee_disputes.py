"""Disputes a table argues about, settled by the referee from the rules, with the rule named.

Each game has a table of ``Dispute`` records: the argument in one line, the question put to
the engine, the verdict the rules give and the rule-set key the verdict must name. Every
expected verdict was worked out by hand from the rule texts (``/work/shared/seeds``) as
``RULINGS.md`` reads them; the derivation is the comment above each record. The engine is
never asked what to expect.

Five kinds of question:

- ``Play``: a trick in progress and the cards the next player holds: which may be played,
  and the rule that forbids each other card (``referee.judge_play``);
- ``Trick``: a complete trick: who takes it, and the rule that decides (``judge_play``);
- ``Value``: a hand's quick facts: what each player scores (``referee.judge_value``);
- ``Record``: a real ``Hand`` replayed action by action: an announcement, knock or double
  made too late, a call the deal forbids, a revoke proven by a later card and its penalty;
- ``Sheet``: several quick hands of one ``Match`` (what one hand carries into the next).

Any of them may instead expect a refusal (``refused=True``): the error must name ``rule``.
Every rule a verdict names must be a key of the rule set. To add a game, write its list of
disputes and put it in ``GAMES``; the parametrised test picks it up.

Seats: Anna, Ben, Carla, Dirk, clockwise; Anna deals, so Ben leads the first trick.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from scorekeeper import ruleset
from scorekeeper.cards import parse_cards
from scorekeeper.errors import ScorekeeperError
from scorekeeper.hand import Hand
from scorekeeper.match import Match
from scorekeeper.referee import judge_play, judge_value, parse_trick
from scorekeeper.ruleset import Ruleset

PLAYERS = ("Anna", "Ben", "Carla", "Dirk")


def seats(rules: Ruleset) -> list[str]:
    """The players of the table: as many of Anna, Ben, Carla, Dirk as the game seats."""
    return list(PLAYERS[: rules.player_counts[0]])


RULE_TAG = re.compile(r"\[rule: ([^\]]+)\]")


def plays(text: str) -> list[str]:
    """Tricks written ``Ben 10H Carla 9D ... | next trick`` as action strings."""
    words = text.replace("|", " ").split()
    return [f"{words[i]} {words[i + 1]}" for i in range(0, len(words), 2)]


def has_key(rules: Ruleset, key: str) -> bool:
    return rules.get(key) is not None


# ---------------------------------------------------------------------- the records


@dataclass(frozen=True)
class Dispute:
    """One argument at the table, the verdict the rules give and the rule it names."""

    name: str
    rule: str
    options: Mapping[str, Any] = field(default_factory=dict, kw_only=True)
    refused: bool = field(default=False, kw_only=True)

    def ask(self, rules: Ruleset) -> Any:
        raise NotImplementedError

    def check(self, rules: Ruleset, answer: Any) -> None:
        raise NotImplementedError

    def settle(self, rules: Ruleset) -> None:
        assert has_key(rules, self.rule), f"{self.rule} is not a key of {rules.id}"
        if self.refused:
            with pytest.raises(ScorekeeperError) as info:
                self.ask(rules)
            assert info.value.rule == self.rule, str(info.value)
            return
        self.check(rules, self.ask(rules))


@dataclass(frozen=True)
class Play(Dispute):
    """``player`` holding ``holding`` is to play to ``trick``: ``legal`` are allowed.

    Every other card must be forbidden by ``rule`` (or as ``forbidden`` says card by card);
    when every card is allowed, ``rule`` must be among the duties listed and ``because``
    in each card's reason.
    """

    trick: str = ""
    holding: str = ""
    legal: str = ""
    player: str = ""
    forbidden: Mapping[str, str] = field(default_factory=dict)
    partner: str | None = None
    game: str | None = None
    trump: str | None = None
    last: bool = False
    because: str = ""

    def ask(self, rules: Ruleset) -> Any:
        return judge_play(
            rules,
            parse_trick(self.trick, rules),
            game=self.game,
            trump=self.trump,
            player=self.player,
            holding=parse_cards(self.holding),
            partner=self.partner,
            last_trick=self.last,
        )

    def check(self, rules: Ruleset, answer: Any) -> None:
        assert answer.winner is None
        assert answer.player == self.player
        assert sorted(c.card.code for c in answer.legal) == sorted(self.legal.split()), (
            answer.to_dict()
        )
        held = {c.code for c in parse_cards(self.holding)}
        expect = {c: self.forbidden.get(c, self.rule) for c in held - set(self.legal.split())}
        got = {c.card.code: c.rule for c in answer.forbidden}
        assert got == expect, answer.to_dict()
        for c in answer.forbidden:
            assert c.reason and has_key(rules, c.rule or ""), c
        if not expect:
            assert self.rule in [rule for _, rule in answer.duties], answer.duties
        for c in answer.legal:
            assert self.because in c.reason, c


@dataclass(frozen=True)
class Trick(Dispute):
    """A complete ``trick``: ``winner`` takes it, for the reason ``rule`` names."""

    trick: str = ""
    winner: str = ""
    game: str | None = None
    trump: str | None = None
    last: bool = False
    points: int | None = None

    def ask(self, rules: Ruleset) -> Any:
        return judge_play(
            rules,
            parse_trick(self.trick, rules),
            game=self.game,
            trump=self.trump,
            last_trick=self.last,
        )

    def check(self, rules: Ruleset, answer: Any) -> None:
        assert answer.winner is not None
        assert answer.winner["player"] == self.winner, answer.winner
        assert answer.winner["rule"] == self.rule, answer.winner
        assert answer.winner["reason"]
        if self.points is not None:
            assert answer.winner["points"] == self.points


def named_rules(result: Any) -> set[str]:
    """Every rule a hand's value names: its items' and its notes' ``[rule: ...]``."""
    found = {item.rule for item in result.items}
    for note in result.notes:
        found.update(RULE_TAG.findall(note))
    return found


@dataclass(frozen=True)
class Value(Dispute):
    """A hand's quick ``facts`` (and announcements): each player scores ``scores``."""

    facts: Mapping[str, Any] = field(default_factory=dict)
    actions: Sequence[str] = ()
    scores: Mapping[str, int] = field(default_factory=dict)
    winner: str | bool | None = False  # False: not checked

    def ask(self, rules: Ruleset) -> Any:
        return judge_value(rules, seats(rules), dict(self.facts), list(self.actions))

    def check(self, rules: Ruleset, answer: Any) -> None:
        assert dict(answer.scores) == dict(self.scores), answer.reasons()
        assert self.rule in named_rules(answer), (answer.reasons(), answer.notes)
        if self.winner is not False:
            assert answer.winner == self.winner
        for key in named_rules(answer):
            assert has_key(rules, key), f"the value names {key}, not a key of {rules.id}"


@dataclass(frozen=True)
class Record(Dispute):
    """A hand replayed action by action (``deal`` optional).

    ``refused_at``: the index of the one action the rules refuse, for ``rule``; the others
    are accepted (the refused one is skipped). ``revoke``: (player, trick) of the revoke a
    later card proves, by ``rule``. ``said``: what must have been said, (player, kind).
    ``scores``: the hand is over and each player scores this.
    """

    actions: Sequence[str] = ()
    deal: Mapping[str, str] | None = None
    refused_at: int | None = None
    revoke: tuple[str, int] | None = None
    said: Sequence[tuple[str, str]] | None = None
    scores: Mapping[str, int] | None = None

    def ask(self, rules: Ruleset) -> Any:
        deal = {p: cards.split() for p, cards in self.deal.items()} if self.deal else None
        hand = Hand(rules, seats(rules), "Anna", deal=deal)
        for i, action in enumerate(self.actions):
            if i == self.refused_at:
                with pytest.raises(ScorekeeperError) as info:
                    hand.apply(action)
                assert info.value.rule == self.rule, f"{action}: {info.value}"
                continue
            hand.apply(action)
        return hand

    def check(self, rules: Ruleset, hand: Any) -> None:
        if self.revoke is not None:
            found = [(r.player, r.trick, r.rule) for r in hand.revokes]
            assert found[:1] == [(*self.revoke, self.rule)], [r.text() for r in hand.revokes]
        elif self.refused_at is None:
            assert not hand.revokes, [r.text() for r in hand.revokes]
        if self.said is not None:
            said = [(a.player, a.kind) for a in hand.game.said() if not a.implied]
            assert said == list(self.said)
        if self.scores is not None:
            assert hand.finished
            result = hand.result()
            assert dict(result.scores) == dict(self.scores), (result.reasons(), result.notes)
            if self.revoke is not None:
                assert "options.revoke_penalty" in named_rules(result), result.notes
                assert self.rule in named_rules(result), result.notes


@dataclass(frozen=True)
class Sheet(Dispute):
    """Quick hands of one match, in order: the totals are ``totals``."""

    hands: Sequence[tuple[Mapping[str, Any], Sequence[str]]] = ()
    totals: Mapping[str, int] = field(default_factory=dict)
    over: bool | None = None

    def ask(self, rules: Ruleset) -> Any:
        match = Match(rules, seats(rules), "Anna")
        for facts, actions in self.hands:
            match.add_quick(dict(facts), list(actions))
        return match

    def check(self, rules: Ruleset, match: Any) -> None:
        assert match.totals() == dict(self.totals)
        last = match.hands[-1].result
        assert self.rule in named_rules(last), last.reasons()
        if self.over is not None:
            assert bool(match.over()) is self.over, match.over()


def scores(re: Sequence[str], value: int) -> dict[str, int]:
    """Doppelkopf two against two: the Re players +value, the others -value."""
    return {p: value if p in re else -value for p in PLAYERS}


# ---------------------------------------------------------------------- Doppelkopf

# A full hand written to prove a revoke late (no deal recorded, so nothing is checked
# against cards the record does not show). Re: Ben and Carla (the queens of clubs, trick 3).
# In trick 11 Dirk trumps the ace of hearts with QD; in trick 12 he plays 9H, so he held a
# heart when hearts were led: a revoke (follow suit), found one trick later.
# Trick points never matter: the revoking side is scored as if it took nothing.
DK_REVOKE_HAND = plays(
    """
    Ben 10H  Carla 9D   Dirk 9D   Anna KD  |
    Ben 10H  Carla KD   Dirk 10D  Anna 10D |
    Ben QC   Carla QC   Dirk JD   Anna JD  |
    Ben QS   Carla AD   Dirk JH   Anna JH  |
    Ben QS   Carla AD   Dirk JS   Anna JS  |
    Ben QH   Carla QD   Dirk JC   Anna JC  |
    Ben AC   Carla 10C  Dirk KC   Anna 9C  |
    Ben AC   Carla 10C  Dirk KC   Anna 9C  |
    Ben AS   Carla 10S  Dirk KS   Anna 9S  |
    Ben AS   Carla 10S  Dirk KS   Anna 9S  |
    Ben AH   Carla KH   Dirk QD   Anna 9H  |
    Dirk 9H  Anna QH    Ben AH    Carla KH
    """
)
T1, T2, T3 = DK_REVOKE_HAND[0:4], DK_REVOKE_HAND[4:8], DK_REVOKE_HAND[8:12]
# After T1 (won by Ben): a clubs trick that Anna trumps with 10D, so Anna takes trick 2.
WEDDING_T2 = plays("Ben AC  Carla 10C  Dirk KC  Anna 10D")

DOPPELKOPF: list[Dispute] = [
    # Seed II/IV: the ten of hearts is a trump, not a heart. Hearts led, Ben holds KH:
    # he must follow with it; 10H and QC are trumps and break the duty to follow.
    Play(
        "the ten of hearts does not follow hearts",
        "following.follow_suit",
        trick="Anna:AH",
        player="Ben",
        holding="10H KH QC",
        legal="KH",
    ),
    # Seed II: queens and jacks are trumps. Clubs led, Ben holds QC, JC and 9C: only the
    # nine is a club, so only the nine may be played.
    Play(
        "the queen and jack of clubs are not clubs",
        "following.follow_suit",
        trick="Anna:KC",
        player="Ben",
        holding="QC JC 9C",
        legal="9C",
    ),
    # Seed II: every diamond is a trump, so a trump lead (QS) must be followed with AD.
    Play(
        "the ace of diamonds follows a trump lead",
        "following.follow_suit",
        trick="Anna:QS",
        player="Ben",
        holding="AD AC AS",
        legal="AD",
    ),
    # Seed IV: unable to follow, a player "can either play a playing card from another
    # suit, or play a trump": everything is allowed.
    Play(
        "void in spades: trump or discard, as you like",
        "following",
        trick="Anna:AS Ben:10S",
        player="Carla",
        holding="9H KH 9D",
        legal="9H KH 9D",
        because="cannot follow",
    ),
    # Seed II, the worked example: QH, JD, 10D, QH: the first queen of hearts wins.
    Trick(
        "identical cards: the first played wins",
        "ranking.identical",
        trick="Anna:QH Ben:JD Carla:10D Dirk:QH",
        winner="Anna",
        points=18,
    ),
    # Seed IX / RULINGS option second_ten_of_hearts_beats_first: the second 10H wins.
    Trick(
        "the second ten of hearts beats the first (house rule)",
        "options.second_ten_of_hearts_beats_first",
        trick="Anna:10H Ben:QC Carla:10H Dirk:9D",
        winner="Carla",
        options={"second_ten_of_hearts_beats_first": True},
    ),
    # ...and without the house rule, the first ten of hearts keeps the trick.
    Trick(
        "without the house rule the first ten of hearts wins",
        "ranking.identical",
        trick="Anna:10H Ben:QC Carla:10H Dirk:9D",
        winner="Anna",
    ),
    # Seed XI / option second_charlie_beats_first: only in the last trick does the second
    # jack of clubs beat the first.
    Trick(
        "second Charlie in the last trick",
        "options.second_charlie_beats_first",
        trick="Anna:JC Ben:JC Carla:AC Dirk:KC",
        winner="Ben",
        last=True,
        options={"second_charlie_beats_first": True},
    ),
    Trick(
        "second Charlie before the last trick is just a second jack",
        "ranking.identical",
        trick="Anna:JC Ben:JC Carla:AC Dirk:KC",
        winner="Anna",
        options={"second_charlie_beats_first": True},
    ),
    # Seed II: the lowest trump (9D) beats the best plain cards of a clubs trick.
    Trick(
        "the nine of diamonds trumps a clubs trick",
        "contracts.normal.trumps",
        trick="Anna:AC Ben:10C Carla:9D Dirk:KC",
        winner="Carla",
        points=25,
    ),
    # Seed II: 10H above the queens, the queens above the jacks, jacks above diamonds.
    Trick(
        "the ten of hearts above the queen of clubs",
        "contracts.normal.trumps",
        trick="Anna:QC Ben:10H Carla:JC Dirk:AD",
        winner="Ben",
    ),
    # Seed IV: a card of another plain suit never wins: AC and AH on a spade lead lose to
    # the ten of spades.
    Trick(
        "aces of another suit do not win",
        "ranking.plain_order",
        trick="Anna:9S Ben:AC Carla:AH Dirk:10S",
        winner="Dirk",
    ),
    # Seed X / RULINGS: with piglets announced both aces of diamonds rank above 10H; what
    # puts AD above 10H is the piglets option, so that is the rule to name.
    Trick(
        "a piglet beats the ten of hearts",
        "options.piglets",
        trick="Anna:10H Ben:AD Carla:QC Dirk:9D",
        winner="Ben",
        game="piglets",
        options={"piglets": True},
    ),
    # Piglets are an option (default off): a table that does not play them cannot claim
    # the piglets ranking.
    Trick(
        "piglets claimed where the table does not play them",
        "options.piglets",
        trick="Anna:10H Ben:AD Carla:QC Dirk:9D",
        winner="Ben",
        game="piglets",
        refused=True,
    ),
    # Seed VI + RULINGS: Re needs 121, so 120:120 goes to Contra: won 1 + against the
    # queens 1 = 2 (Re has 120, under no threshold). Contra +2 each, Re -2 each.
    Value(
        "120:120 goes to Contra",
        "scoring.against_the_queens",
        facts={"re": ["Anna", "Carla"], "re_points": 120},
        scores=scores(["Ben", "Dirk"], 2),
        winner="contra",
    ),
    # Seed VII: "less than 90": Contra with exactly 90 is not under 90. Re 150: won 1.
    Value(
        "exactly 90 is not under 90",
        "scoring.won",
        facts={"re": ["Anna", "Carla"], "re_points": 150},
        scores=scores(["Anna", "Carla"], 1),
    ),
    # ...and Contra with 89 is: won 1 + under 90 1 = 2.
    Value(
        "89 is under 90",
        "scoring.loser_thresholds",
        facts={"re": ["Anna", "Carla"], "re_points": 151},
        scores=scores(["Anna", "Carla"], 2),
    ),
    # Seed VII "no card points" (RULINGS black_means default): Contra took one trick of
    # four nines (0 points): Re 240 without all tricks is still black: 1+3+1 = 5.
    Value(
        "a trick of nines is still black",
        "scoring.black",
        facts={"re": ["Anna", "Carla"], "re_points": 240},
        scores=scores(["Anna", "Carla"], 5),
    ),
    # ...with black_means=no_tricks (the DDV reading) that trick saves Contra: 1+3 = 4.
    Value(
        "a trick of nines saves black under no_tricks",
        "scoring.loser_thresholds",
        facts={"re": ["Anna", "Carla"], "re_points": 240},
        scores=scores(["Anna", "Carla"], 4),
        options={"black_means": "no_tricks"},
    ),
    # Seed example 2: Re said re and no90 but Contra made 95: Contra wins (RULINGS: the
    # losers' failed "no X" gives +1 for it and +1 for its threshold): won 1 + against the
    # queens 1 + no90 failed 1 + its threshold 1 = 4, x2 for Re said = 8.
    Value(
        "seed example 2: the failed no 90",
        "scoring.promise_failed",
        facts={"re": ["Anna", "Carla"], "re_points": 145},
        actions=["Anna re", "Anna no90"],
        scores=scores(["Ben", "Dirk"], 8),
        winner="contra",
    ),
    # RULINGS: Re and Contra said: x2 x2; extra points are added after doubling. Re wins
    # with 121: 1 x2 x2 = 4; Contra's fox nets 1 back: Re +3, Contra -3.
    Value(
        "the fox is not doubled",
        "options.fox",
        facts={"re": ["Anna", "Carla"], "re_points": 121, "extras": ["Ben fox"]},
        actions=["Anna re", "Ben contra"],
        scores=scores(["Anna", "Carla"], 3),
    ),
    # RULINGS: a silent wedding is a solo: no extra points, the lone player scores three
    # times: won 1 (Ben's fox dropped): Anna +3, each opponent -1.
    Value(
        "no fox against a silent wedding",
        "scoring.lone_factor",
        facts={"re": ["Anna"], "re_points": 121, "extras": ["Ben fox"]},
        scores={"Anna": 3, "Ben": -1, "Carla": -1, "Dirk": -1},
    ),
    # RULINGS: both sides said no90 (each needs 151); Re 130, Contra 110: neither reaches
    # its target, nobody wins and nobody scores.
    Value(
        "both said no 90, neither made it",
        "announcements.promise",
        facts={"re": ["Anna", "Carla"], "re_points": 130},
        actions=["Anna re", "Anna no90", "Ben contra", "Ben no90"],
        scores=dict.fromkeys(PLAYERS, 0),
        winner=None,
    ),
    # Seed IX: "No 60 ... team has also already claimed No 90": skipping is refused.
    Value(
        "no 60 without no 90",
        "announcements.skip_levels",
        facts={"re": ["Anna", "Carla"], "re_points": 190},
        actions=["Anna re", "Anna no60"],
        refused=True,
    ),
    # 240 card points in the pack: 241 cannot be.
    Value(
        "241 card points",
        "card_points.total",
        facts={"re": ["Anna", "Carla"], "re_points": 241},
        refused=True,
    ),
    # Seed IX: Re and Contra "before 5th card is on table": with the first trick complete
    # (4 cards) Ben may still say Re; once Ben led to trick 2 (5 cards) Carla's Contra is late.
    Record(
        "Contra after the fifth card",
        "announcements.window.contra",
        actions=[*T1, "Ben re", T2[0], "Carla contra"],
        refused_at=6,
        said=[("Ben", "re")],
    ),
    # Seed IX: no 90 "before 9th card": after two tricks (8 cards) it is still open; one
    # card later it is not.
    Record(
        "no 90 after the ninth card",
        "announcements.window.no90",
        actions=["Ben re", *T1, *T2, T3[0], "Ben no90"],
        refused_at=10,
        said=[("Ben", "re")],
    ),
    # Seed IX: a "no X" only after the side's own Re or Contra.
    Record(
        "no 90 before Re",
        "announcements.promise",
        actions=["Ben no90 re", "Ben re", "Ben no90"],
        refused_at=0,
        said=[("Ben", "re"), ("Ben", "no90")],
    ),
    # RULINGS wedding: no announcement before the partner is known. Ben won trick 1, so
    # after it the partner is still open and his Re is refused.
    Record(
        "Re before the wedding partner is known",
        "teams.wedding_tricks",
        actions=["Ben wedding", *T1, "Ben re"],
        refused_at=5,
        said=[],
    ),
    # RULINGS wedding: Anna wins trick 2 and becomes the partner; the second trick decided
    # it, so every window closes one trick (four cards) later: Re before the 9th card. Ben's
    # Re with 8 cards on the table is in time, Dirk's Contra with 9 is not.
    Record(
        "a wedding decided in trick 2 moves the windows a trick on",
        "announcements.window.contra",
        actions=["Ben wedding", *T1, *WEDDING_T2, "Ben re", "Anna QH", "Dirk contra"],
        refused_at=11,
        said=[("Ben", "re")],
    ),
    # RULINGS revoke default: Dirk's revoke (trick 11, proven by 9H in trick 12) loses the
    # hand for Contra as if it took nothing: Re won 1 + Contra under 90, 60, 30 (3) + no card
    # points (1) = 5, x2 for Ben's Re = 10. No fox (Carla's AD won by Ben, her partner), no
    # Charlie (Anna's QH takes the last trick).
    Record(
        "a revoke found a trick later",
        "following.follow_suit",
        actions=["Ben re", *DK_REVOKE_HAND],
        revoke=("Dirk", 11),
        scores=scores(["Ben", "Carla"], 10),
    ),
]


# ---------------------------------------------------------------------- Doppelkopf, DDV

DDV: list[Dispute] = [
    # TSR solos: in a jacks solo only the jacks are trumps, so 10H and QH are hearts and
    # must follow a heart lead; JH is a trump and may not.
    Play(
        "jacks solo: the ten of hearts is a heart again",
        "following.follow_suit",
        trick="Anna:AH",
        player="Ben",
        holding="10H QH JH",
        legal="10H QH",
        game="jacks",
    ),
    # Meatless solo: no trumps; QS led is a spade, so 9S must follow; QC and JD do not.
    Play(
        "meatless: queens are no trumps",
        "following.follow_suit",
        trick="Anna:QS",
        player="Ben",
        holding="QC 9S JD",
        legal="9S",
        game="meatless",
    ),
    # Normal game, as the seed: trump led, AD is the only trump held.
    Play(
        "the ace of diamonds follows a trump lead",
        "following.follow_suit",
        trick="Anna:JH",
        player="Ben",
        holding="AD AC 9S",
        legal="AD",
    ),
    # Queens solo: the jack of clubs is a plain club (A 10 K J 9 of clubs remain), so the
    # ace of clubs beats it; the queen of diamonds, the only trump, was not played.
    Trick(
        "queens solo: the jack of clubs is just a club",
        "ranking.plain_order",
        trick="Anna:JC Ben:AC Carla:KC Dirk:9C",
        winner="Ben",
        game="queens",
    ),
    Trick(
        "queens solo: any queen trumps",
        "contracts.solo_queens.trumps",
        trick="Anna:AC Ben:10C Carla:QD Dirk:KC",
        winner="Carla",
        game="queens",
    ),
    # Hearts solo: the suit solo keeps the ten of hearts on top; AH led is a trump.
    Trick(
        "hearts solo: the ten of hearts still tops the ace",
        "contracts.solo_suit.trumps",
        trick="Anna:AH Ben:10H Carla:QC Dirk:KH",
        winner="Ben",
        game="hearts",
    ),
    # Meatless: the highest card of the suit led; the queen of clubs is just a club.
    Trick(
        "meatless: the ace of the suit led wins",
        "ranking.plain_order",
        trick="Anna:KS Ben:AS Carla:QC Dirk:QS",
        winner="Ben",
        game="meatless",
    ),
    # The TSR keep the seed's rule for identical cards: the first one played wins.
    Trick(
        "identical cards: the first played wins",
        "ranking.identical",
        trick="Anna:QH Ben:JD Carla:10D Dirk:QH",
        winner="Anna",
    ),
    Trick(
        "no such solo",
        "solos",
        trick="Anna:AS Ben:KS Carla:10S Dirk:9S",
        winner="Anna",
        game="bogus",
        refused=True,
    ),
    # TSR 7.1: 120:120 to Kontra unless only Kontra was announced. Ben (Kontra) said it:
    # Re wins with 120: won 1 + Kontra announced 2 = 3.
    Value(
        "120:120 after Kontra alone: Re wins",
        "scoring.announced",
        facts={"re": ["Anna", "Carla"], "re_points": 120},
        actions=["Ben contra"],
        scores=scores(["Anna", "Carla"], 3),
        winner="re",
    ),
    # 120:120, nothing said: Kontra wins 1, and the extra point against the queens 1 = 2.
    Value(
        "120:120 unannounced goes to Kontra",
        "extras.against_the_queens",
        facts={"re": ["Anna", "Carla"], "re_points": 120},
        scores=scores(["Ben", "Dirk"], 2),
        winner="contra",
    ),
    # TSR: levels may be skipped while open and count as announced. Re 190, Kontra 50:
    # won 1 + under 90 + under 60 (2) + Re 2 + no90 (skipped) 1 + no60 1 = 7.
    Value(
        "no 60 straight after Re counts no 90 too",
        "scoring.promise_said",
        facts={"re": ["Anna", "Carla"], "re_points": 190},
        actions=["Anna re", "Anna no60"],
        scores=scores(["Anna", "Carla"], 7),
        winner="re",
    ),
    # RULINGS (DDV): both sides said no 90 (each needs 151); Re 140, Kontra 100: nobody
    # wins; Re made 120 against Kontra's no 90 (+1), Kontra made nothing against Re's
    # (100 < 120) and Re fell under no threshold: Re +1 net.
    Value(
        "both said no 90, neither made it: 120 against no 90",
        "scoring.against_promise",
        facts={"re": ["Anna", "Carla"], "re_points": 140},
        actions=["Anna re", "Anna no90", "Ben contra", "Ben no90"],
        scores=scores(["Anna", "Carla"], 1),
        winner=None,
    ),
    # Solo: the soloist scores three times, no extra points: won 1 -> Ben +3, others -1.
    Value(
        "queens solo: no fox, three times the value",
        "scoring.lone_factor",
        facts={"re": ["Ben"], "re_points": 121, "solo": "queens", "extras": ["Anna fox"]},
        scores={"Anna": -1, "Ben": 3, "Carla": -1, "Dirk": -1},
    ),
    # A soloist needs 121 like Re: with 120 the solo is lost: Kontra won 1, no extra
    # points in a solo: Ben -3, each opponent +1.
    Value(
        "a soloist with 120 loses",
        "scoring.won",
        facts={"re": ["Ben"], "re_points": 120, "solo": "hearts"},
        scores={"Anna": 1, "Ben": -3, "Carla": 1, "Dirk": 1},
        winner="contra",
    ),
    # TSR windows by cards in hand: after six cards on the table Dirk has played one card
    # and holds 11, so his Kontra is in time (the seed's count would refuse it); after
    # trick 2 Ben holds 10, one too few for Re, but answering Kontra he has one card more.
    Record(
        "Kontra with eleven cards, Re in reply with ten",
        "announcements.reply_extra_cards",
        actions=[*T1, *T2[:2], "Dirk contra", *T2[2:], "Ben re"],
        said=[("Dirk", "contra"), ("Ben", "re")],
    ),
    # ...but nine cards are too few even for a reply.
    Record(
        "Re in reply with nine cards",
        "announcements.window.re",
        actions=[*T1, "Dirk contra", *T2, T3[0], "Ben re"],
        refused_at=10,
        said=[("Dirk", "contra")],
    ),
    # no 90 with 10 cards in hand: Carla has played two cards though nine are on the table
    # (the seed would refuse); no 60 needs 9 cards, and Ben, leading trick 4, holds 8.
    Record(
        "no 60 with eight cards",
        "announcements.window.no60",
        actions=["Ben re", *T1, *T2, T3[0], "Carla no90", *T3[1:], "Ben QS", "Ben no60"],
        refused_at=15,
        said=[("Ben", "re"), ("Carla", "no90")],
    ),
    # The revoke hand under TSR: Re wins 1 + under 90/60/30 (3) + Kontra took no trick (1)
    # + Re announced 2 = 7; no trick of 40 or more, no fox, no Charlie.
    Record(
        "a revoke found a trick later",
        "following.follow_suit",
        actions=["Ben re", *DK_REVOKE_HAND],
        revoke=("Dirk", 11),
        scores=scores(["Ben", "Carla"], 7),
    ),
]


# ---------------------------------------------------------------------- Kloepper

# Trumps: QC QS JC JS JH JD AD 10D KD QD 9D; clubs and spades A 10 K 9; hearts A 10 K Q 9.
# A full hand (no deal): Ben (QC) and Carla (QS) are the queens. In trick 5 Dirk trumps
# the ace of hearts with AD; in trick 6 he plays 9H: he held a heart, a revoke.
KL_REVOKE_HAND = plays(
    """
    Ben QC   Carla 9D  Dirk KD  Anna JD  |
    Ben JC   Carla QD  Dirk 10D Anna JH  |
    Ben AC   Carla 10C Dirk 9C  Anna KC  |
    Ben AS   Carla 10S Dirk 9S  Anna KS  |
    Ben AH   Carla QS  Dirk AD  Anna 10H |
    Carla JS Dirk 9H   Anna KH  Ben QH
    """
)
KL_DEAL = {
    "Anna": "QC QS AH 9C 9S 9H",
    "Ben": "JC JS JH JD AD 10D",
    "Carla": "KD QD 9D AC 10C KC",
    "Dirk": "AS 10S KS 10H KH QH",
}

KLOEPPER: list[Dispute] = [
    # Seed: non-trump suits rank A 10 K Q 9: the queen of hearts is a heart (only the black
    # queens are trumps), so hearts led must be followed with QH, not QS.
    Play(
        "the queen of hearts is a heart",
        "following.follow_suit",
        trick="Anna:AH",
        player="Ben",
        holding="QH QS 9C",
        legal="QH",
    ),
    # Seed: the diamond suit is trump: a trump lead must be followed with the queen of
    # diamonds.
    Play(
        "the queen of diamonds is a trump",
        "following.follow_suit",
        trick="Anna:JD",
        player="Ben",
        holding="QD AH 9S",
        legal="QD",
    ),
    # Seed: "If not able to follow suit you may play any card including trumps."
    Play(
        "void: a trump is allowed, not required",
        "following",
        trick="Anna:AS",
        player="Ben",
        holding="9H QC KC",
        legal="9H QC KC",
        because="cannot follow",
    ),
    # Seed ranking: QC, QS, JC, ...: the queen of clubs is the highest trump.
    Trick(
        "the queen of clubs tops the trumps",
        "contracts.normal.trumps",
        trick="Anna:QS Ben:JC Carla:QC Dirk:AD",
        winner="Carla",
        points=19,
    ),
    # Seed: hearts rank A 10 K Q 9: the king beats the queen.
    Trick(
        "king of hearts over queen of hearts",
        "ranking.plain_order",
        trick="Anna:9H Ben:QH Carla:KH Dirk:AC",
        winner="Carla",
    ),
    # Seed: the lowest trump (9D) beats every plain card.
    Trick(
        "the nine of diamonds trumps a club trick",
        "contracts.normal.trumps",
        trick="Anna:AC Ben:9D Carla:10C Dirk:KC",
        winner="Ben",
    ),
    # One pack: no card twice in a trick.
    Trick(
        "two queens of clubs in one trick",
        "deck.copies",
        trick="Anna:QC Ben:QC Carla:9D Dirk:KD",
        winner="Anna",
        refused=True,
    ),
    # Seed: the others score 2 with 60 (they need only 60): 60:60 goes to the others.
    Value(
        "60:60 goes to the others",
        "scoring.others.win.points",
        facts={"queens": ["Anna", "Carla"], "queens_points": 60},
        scores={"Anna": 0, "Ben": 2, "Carla": 0, "Dirk": 2},
        winner="others",
    ),
    # Against a lone player the others score 4 with 60, 6 with 61.
    Value(
        "61 against a lone player",
        "scoring.others.more.alone",
        facts={"queens": ["Anna"], "queens_points": 59},
        scores={"Anna": 0, "Ben": 6, "Carla": 6, "Dirk": 6},
    ),
    # Alone with 91: 12 for the lone player, nobody loses points.
    Value(
        "alone with 91",
        "scoring.queens.high.alone",
        facts={"queens": ["Anna"], "queens_points": 91},
        scores={"Anna": 12, "Ben": 0, "Carla": 0, "Dirk": 0},
    ),
    # All 120 card points but the others took a trick of four nines: 91 or more (4), not
    # "all the tricks" (6).
    Value(
        "120 card points are not all the tricks",
        "scoring.queens.high.points",
        facts={"queens": ["Anna", "Carla"], "queens_points": 120},
        scores={"Anna": 4, "Ben": 0, "Carla": 4, "Dirk": 0},
    ),
    Value(
        "all the tricks",
        "scoring.queens.all_tricks.points",
        facts={"queens": ["Anna", "Carla"], "queens_points": 120, "all_tricks": "queens"},
        scores={"Anna": 6, "Ben": 0, "Carla": 6, "Dirk": 0},
    ),
    # Seed knocking: only the knock scores. The queens took 110 card points but lost a
    # trick: the knock failed, the others score 12 each.
    Value(
        "a failed knock with 110 card points",
        "knock.failed",
        facts={"queens": ["Anna", "Carla"], "queens_points": 110},
        actions=["Anna knock"],
        scores={"Anna": 0, "Ben": 12, "Carla": 0, "Dirk": 12},
        winner="others",
    ),
    # Knock and reply knock, the others take a trick: 24 each for the others.
    Value(
        "the reply knock made",
        "knock.reply.made",
        facts={"queens": ["Anna", "Carla"], "queens_points": 100},
        actions=["Anna knock", "Ben knock"],
        scores={"Anna": 0, "Ben": 24, "Carla": 0, "Dirk": 24},
    ),
    # A lone knocker who fails: 30 for each of the others.
    Value(
        "a lone knocker fails",
        "knock.failed_alone",
        facts={"queens": ["Anna"], "queens_points": 100},
        actions=["Anna alone", "Anna knock"],
        scores={"Anna": 0, "Ben": 30, "Carla": 30, "Dirk": 30},
    ),
    # Only a black-queen holder knocks first.
    Value(
        "the others cannot knock first",
        "knock",
        facts={"queens": ["Anna", "Carla"], "queens_points": 100},
        actions=["Ben knock"],
        refused=True,
    ),
    Value(
        "121 card points",
        "card_points.total",
        facts={"queens": ["Anna", "Carla"], "queens_points": 121},
        refused=True,
    ),
    # Seed: knocking "at any time before the second trick": after the first trick (4
    # cards) Ben may knock; once he led to trick 2, Dirk's reply comes too late.
    Record(
        "a reply knock after the second trick began",
        "knock.before_trick",
        actions=[*KL_REVOKE_HAND[:4], "Ben knock", KL_REVOKE_HAND[4], "Dirk knock"],
        refused_at=6,
        said=[("Ben", "knock")],
    ),
    # The call names the ace of a plain suit the caller does not hold.
    Record(
        "calling an ace one holds",
        "teams.call.aces",
        deal=KL_DEAL,
        actions=["Anna call AH", "Anna call AC"],
        refused_at=0,
        said=[("Anna", "call AC")],
    ),
    # RULINGS revoke default: Dirk's side (the others) is scored as if it took no card and
    # no trick: the queens (Ben, Carla) take every trick: 6 each.
    Record(
        "a revoke found a trick later",
        "following.follow_suit",
        actions=KL_REVOKE_HAND,
        revoke=("Dirk", 5),
        scores={"Anna": 0, "Ben": 6, "Carla": 6, "Dirk": 0},
    ),
    # RULINGS: the match ends when a player has 30 or more and one player alone leads.
    # Two knocks made (12 + 12) and all tricks (6): Anna and Carla both have 30: play on.
    Sheet(
        "two players on 30: the match goes on",
        "scoring.queens.all_tricks.points",
        hands=[
            ({"queens": ["Anna", "Carla"], "all_tricks": "queens"}, ["Anna knock"]),
            ({"queens": ["Anna", "Carla"], "all_tricks": "queens"}, ["Carla knock"]),
            ({"queens": ["Anna", "Carla"], "all_tricks": "queens"}, []),
        ],
        totals={"Anna": 30, "Ben": 0, "Carla": 30, "Dirk": 0},
        over=False,
    ),
]


# ---------------------------------------------------------------------- Bierkopf

# Trumps: QC QS QH QD JC JS JH JD AH 10H KH; clubs, spades, diamonds A 10 K.
# Teams: Anna and Carla against Ben and Dirk. A full hand (no deal): in trick 3 Anna
# discards KD on clubs; in trick 4 she trumps with JC, so she held a trump in trick 3 and
# had to play it: a revoke (must trump).
BK_REVOKE_HAND = plays(
    """
    Ben QC  Carla QD  Dirk JD  Anna KH |
    Ben QS  Carla JS  Dirk 10H Anna AH |
    Ben AC  Carla 10C Dirk KC  Anna KD |
    Ben AS  Carla 10S Dirk KS  Anna JC |
    Anna QH Ben JH    Carla AD Dirk 10D
    """
)

BIERKOPF: list[Dispute] = [
    # Seed: the trump suit includes all of hearts: a trump lead (AH) must be followed with
    # a trump (KH or QD), not the ace of clubs.
    Play(
        "the ace of hearts is a trump",
        "following.follow_suit",
        trick="Anna:AH",
        player="Ben",
        holding="KH QD AC",
        legal="KH QD",
    ),
    # Diamonds are a plain suit: the ace of diamonds led is followed with KD; QD is trump.
    Play(
        "the queen of diamonds does not follow diamonds",
        "following.follow_suit",
        trick="Anna:AD",
        player="Ben",
        holding="QD KD",
        legal="KD",
    ),
    # Seed: "If players cannot follow suit, they must trump the trick if they can." Also
    # when one's partner (Anna) is winning.
    Play(
        "must trump even when the partner is winning",
        "following.when_void",
        trick="Anna:10C Ben:KC",
        player="Carla",
        partner="Anna",
        holding="AS JH",
        legal="JH",
    ),
    # No duty to over-trump: JD cannot beat QC, and it is still the card to play.
    Play(
        "a low trump is enough",
        "following.when_void",
        trick="Anna:AC Ben:QC",
        player="Carla",
        holding="JD KS",
        legal="JD",
    ),
    # Seed: "If the player cannot follow or trump, they can play any card."
    Play(
        "no clubs and no trumps: anything",
        "following.follow_suit",
        trick="Anna:AC",
        player="Ben",
        holding="KS AD",
        legal="KS AD",
        because="cannot follow",
    ),
    Trick(
        "the queen of diamonds over the jack of clubs",
        "contracts.normal.trumps",
        trick="Anna:JC Ben:QD Carla:AH Dirk:JS",
        winner="Ben",
        points=18,
    ),
    Trick(
        "the king of hearts trumps the ace of diamonds",
        "contracts.normal.trumps",
        trick="Anna:AD Ben:10D Carla:KH Dirk:KD",
        winner="Carla",
    ),
    Trick(
        "only the suit led counts",
        "ranking.plain_order",
        trick="Anna:KS Ben:AC Carla:10S Dirk:AD",
        winner="Carla",
    ),
    # RULINGS option long: with the nines, the nine of hearts is the lowest trump.
    Trick(
        "long game: the nine of hearts trumps",
        "contracts.normal.trumps",
        trick="Anna:AC Ben:9H Carla:10C Dirk:KC",
        winner="Ben",
        options={"long": True},
    ),
    Trick(
        "two aces of clubs in one trick",
        "deck.copies",
        trick="Anna:AC Ben:AC Carla:KC Dirk:10C",
        winner="Anna",
        refused=True,
    ),
    # RULINGS tie=carry: 60:60, nobody scores.
    Value(
        "60:60: nobody scores",
        "options.tie",
        facts={"team": "Anna", "points": 60},
        scores=dict.fromkeys(PLAYERS, 0),
        winner=None,
    ),
    # 90 is not 91: 1 game point; 91: 2.
    Value(
        "90 card points win one game point",
        "scoring.win",
        facts={"team": "Ben", "points": 90},
        scores={"Anna": 0, "Ben": 1, "Carla": 0, "Dirk": 1},
    ),
    Value(
        "91 card points win two",
        "scoring.high",
        facts={"team": "Ben", "points": 91},
        scores={"Anna": 0, "Ben": 2, "Carla": 0, "Dirk": 2},
    ),
    # Seed: 1 game point doubled twice is 4 (1x2x2): Ben doubles before play, Anna's team
    # again during play; Anna and Carla win with 61.
    Value(
        "doubled twice",
        "doubling.factor",
        facts={"team": "Anna", "points": 61},
        actions=["Ben double", "Anna double"],
        scores={"Anna": 4, "Ben": 0, "Carla": 4, "Dirk": 0},
    ),
    # Seed: "If bidding reaches the fourth player, no doubling may occur": Anna deals.
    Value(
        "the dealer doubles before play",
        "doubling.before_play_seats",
        facts={"team": "Anna", "points": 61},
        actions=["Anna double"],
        refused=True,
    ),
    # RULINGS: doubles alternate between the teams.
    Value(
        "a team doubles its own double",
        "doubling.alternate",
        facts={"team": "Anna", "points": 61},
        actions=["Ben double", "Dirk double"],
        refused=True,
    ),
    # Every card is worth at least 2 (a jack), so a trick holds at least 8 card points:
    # a team with 1 to 7 card points cannot be.
    Value("five card points", "card_points", facts={"team": "Anna", "points": 5}, refused=True),
    # RULINGS: "After the second card of the hand, the other team may double again."
    Record(
        "doubling again on the first card",
        "doubling.again_from_card",
        actions=["Ben double", "Ben QC", "Anna double", "Carla QD", "Anna double"],
        refused_at=2,
        said=[("Ben", "double"), ("Anna", "double")],
    ),
    # A double during play answers one made before play; with none, stakes stay single.
    Record(
        "a first double during play",
        "doubling.before_play_seats",
        actions=["Ben QC", "Carla QD", "Carla double"],
        refused_at=2,
        said=[],
    ),
    # RULINGS revoke default: Anna and Carla scored as if they took nothing: Ben and Dirk
    # 120 card points, 91 or more: 2, x2 for Ben's double = 4 each.
    Record(
        "a revoke found a trick later: must trump",
        "following.when_void",
        actions=["Ben double", *BK_REVOKE_HAND],
        revoke=("Anna", 3),
        scores={"Anna": 0, "Ben": 4, "Carla": 0, "Dirk": 4},
    ),
    # RULINGS: carried points add up over several ties and are not doubled. Two ties,
    # then Ben's team wins with 91: 2 + 2 carried = 4.
    Sheet(
        "two ties carried",
        "scoring.tie_carry",
        hands=[({"points": 60}, []), ({"points": 60}, []), ({"team": "Ben", "points": 91}, [])],
        totals={"Anna": 0, "Ben": 4, "Carla": 0, "Dirk": 4},
    ),
    # A tie, then Carla doubles (hand 2 is dealt by Ben, so Carla may) and her team wins
    # with 61: 1 x2 + 1 carried, undoubled = 3.
    Sheet(
        "the carried point is not doubled",
        "scoring.tie_carry",
        hands=[({"points": 60}, []), ({"team": "Anna", "points": 61}, ["Carla double"])],
        totals={"Anna": 3, "Ben": 0, "Carla": 3, "Dirk": 0},
    ),
    # Option tie=none: the tied hand is lost for both, nothing is carried.
    Sheet(
        "nothing carried under tie=none",
        "scoring.win",
        hands=[({"points": 60}, []), ({"team": "Anna", "points": 61}, [])],
        totals={"Anna": 1, "Ben": 0, "Carla": 1, "Dirk": 0},
        options={"tie": "none"},
    ),
]


# ---------------------------------------------------------------------- Klaverjassen

# Card points (seed 003): A 11, 10 10, K 4, Q 3, J 2; trump J 20, trump 9 14; last trick 10,
# 152 + 10 = 162. Trumps rank J 9 A 10 K Q 8 7, plain suits A 10 K Q J 9 8 7. Roem (RULINGS):
# runs in the order A K Q J 10 9 8 7, three 20, four 50; stuk 20, also inside a run; four of a
# kind 100 for option four_of_a_kind_ranks (A K Q 10); four jacks 200; pit 100.
# Teams: Anna and Carla (seats 1 and 3) against Ben and Dirk.
#
# KJ_ROEM_HAND: Ben (left of the dealer, first to speak) chooses hearts; Ben/Dirk play.
# Every card checked against the holdings the tricks give (Ben 9C 7H QH 8S 10H 10S 9H AH,
# Carla 10C KC 7D 7S 9D 9S JS AS, Dirk 7C 8C KH QS KD JD 8H AC, Anna JC QC JH KS 8D 10D QD AD):
#  1 all follow clubs; 10C beats J 9 7: Carla 12; J 10 9 of clubs is a run: 20 for Anna/Carla
#  2 Ben, void in clubs with an opponent (Carla's KC) winning, trumps: Ben 7
#  3 trump led: Dirk beats QH with KH, Anna beats KH with JH; Carla has no trump. Anna 27;
#    K Q J of trumps: run 20 + stuk 20 = 40 for Anna/Carla, though Ben and Dirk played K and Q
#  4 all follow spades, no head in a plain suit: Anna 7 (K Q and 8 7: no run of three)
#  5 Ben, void in diamonds, an opponent winning: trumps with 10H; the others follow: Ben 14
#  6 Dirk, void in spades, holds 8H but his partner Ben is winning: Amsterdam lets him
#    discard JD; Anna has no trump left: Ben 22
#  7 trump led: Dirk cannot beat 9H and follows with 8H; the others have no trump: Ben 19
#  8 the trump ace led, the others have no trump: four aces, 100 for Ben/Dirk; Ben 44 + 10
# Ben/Dirk 106 + 10 = 116 card points and 100 roem = 216; Anna/Carla 46 and 60 roem = 106.
KJ_ROEM_HAND = plays(
    """
    Ben 9C   Carla 10C Dirk 7C  Anna JC  |
    Carla KC Dirk 8C   Anna QC  Ben 7H   |
    Ben QH   Carla 7D  Dirk KH  Anna JH  |
    Anna KS  Ben 8S    Carla 7S Dirk QS  |
    Anna 8D  Ben 10H   Carla 9D Dirk KD  |
    Ben 10S  Carla 9S  Dirk JD  Anna 10D |
    Ben 9H   Carla JS  Dirk 8H  Anna QD  |
    Ben AH   Carla AS  Dirk AC  Anna AD
    """
)
KJ_BIDS = ["Ben trump hearts"]
KJ_ROEM_DEAL = {p: " ".join(a.split()[1] for a in KJ_ROEM_HAND if a.startswith(p)) for p in PLAYERS}
# KJ_REVOKE_HAND: the same hand with Anna's 10D and Dirk's 8H swapped. In trick 6 Anna is
# void in spades, the opponent Ben is winning and she holds 8H: she must trump, and discards
# QD instead; trick 7 (trump led) proves the 8H. Dirk, with no trump now, discards freely.
# Tricks 6 and 7 still go to Ben (15 and 26 points); the roem is unchanged: Ben/Dirk 100,
# Anna/Carla 60.
KJ_REVOKE_HAND = [
    *KJ_ROEM_HAND[:20],
    *plays("Ben 10S Carla 9S Dirk JD Anna QD | Ben 9H Carla JS Dirk 10D Anna 8H"),
    *KJ_ROEM_HAND[28:],
]
# ONE_SUIT_HAND: Ben holds every heart and chooses hearts, Carla every spade, Dirk every club,
# Anna every diamond. Ben leads a trump each time; nobody else has one, so any card may
# follow, and each trick holds four cards of one rank. Ben takes every trick: 162 + pit 100.
# Roem: four jacks 200, four aces, tens, kings, queens 100 each (option default) = 600; the
# nines, eights and sevens score 100 each only under the KBN ranks.
ONE_SUIT_HAND = [
    action
    for rank in ["J", "9", "A", "10", "K", "Q", "8", "7"]
    for action in plays(f"Ben {rank}H Carla {rank}S Dirk {rank}C Anna {rank}D")
]
KBN_RANKS = {"four_of_a_kind_ranks": ["A", "K", "Q", "10", "9", "8", "7"]}


def teams(playing: Sequence[str], value: int, other: int) -> dict[str, int]:
    """Klaverjassen partnerships: each player of ``playing`` scores value, the others other."""
    return {p: value if p in playing else other for p in PLAYERS}


AC, BD = ("Anna", "Carla"), ("Ben", "Dirk")

KLAVERJASSEN: list[Dispute] = [
    # RULINGS (Amsterdam): cannot follow and an opponent is winning: must trump.
    Play(
        "void, the opponent's ace is winning: trump",
        "following.when_void",
        trick="Ben:AS",
        player="Carla",
        partner="Anna",
        holding="7C 7H 8D",
        legal="7H",
        trump="H",
    ),
    # ...and over-trump a trump an opponent already played, when able.
    Play(
        "the opponent trumped: over-trump",
        "following.overtrump",
        trick="Ben:AS Carla:9H",
        player="Dirk",
        partner="Ben",
        holding="JH 8H 7C",
        legal="JH",
        trump="H",
    ),
    # Unable to over-trump the opponent's JH: discard; 9H would be under-trumping while
    # holding another card.
    Play(
        "cannot over-trump: discard, do not under-trump",
        "following.undertrump",
        trick="Ben:AS Carla:JH",
        player="Dirk",
        partner="Ben",
        holding="9H 7C",
        legal="7C",
        trump="H",
    ),
    # "no under-trumping unless holding only lower trumps": with nothing but 9H and 8H
    # either may go under JH.
    Play(
        "only lower trumps: under-trumping allowed",
        "following.undertrump",
        trick="Ben:AS Carla:JH",
        player="Dirk",
        partner="Ben",
        holding="9H 8H",
        legal="9H 8H",
        trump="H",
        because="any card",
    ),
    # Partner (Carla's AS) winning: any card; a trump is allowed, not required.
    Play(
        "partner winning: discard or trump as you like",
        "following",
        trick="Ben:7S Carla:AS Dirk:8S",
        player="Anna",
        partner="Carla",
        holding="7C 7H",
        legal="7C 7H",
        trump="H",
        because="any card",
    ),
    # Partner winning with a trump: over-trumping the partner is allowed, under-trumping
    # is not while holding a plain card.
    Play(
        "the partner trumped: over it or discard, never under it",
        "following.undertrump",
        trick="Ben:AS Carla:9H Dirk:10S",
        player="Anna",
        partner="Carla",
        holding="JH 8H 7C",
        legal="JH 7C",
        trump="H",
    ),
    # Trump led: must beat the highest trump if able, whoever is winning (Ben, the partner).
    Play(
        "trump led: beat it even when the partner is winning",
        "following.head",
        trick="Ben:9H Carla:8H",
        player="Dirk",
        partner="Ben",
        holding="JH 7H",
        legal="JH",
        trump="H",
    ),
    # Trump order J 9 A 10 K Q 8 7: the nine beats the ace led, the ten does not.
    Play(
        "trump ace led: the nine beats it, the ten does not",
        "following.head",
        trick="Ben:AH",
        player="Carla",
        partner="Anna",
        holding="10H 9H",
        legal="9H",
        trump="H",
    ),
    # Trump led and nothing beats JH: any trump, but a trump (follow suit).
    Play(
        "the trump jack led: any trump, no discard",
        "following.follow_suit",
        trick="Ben:JH",
        player="Carla",
        partner="Anna",
        holding="9H 7H 7C",
        legal="9H 7H",
        trump="H",
    ),
    # Following suit comes first: holding a spade, Carla may not trump the spade ace.
    Play(
        "holding the suit: no trumping",
        "following.follow_suit",
        trick="Ben:AS",
        player="Carla",
        partner="Anna",
        holding="7S JH",
        legal="7S",
        trump="H",
    ),
    # Seed: trump ranking J 9 A 10 K Q 8 7: 9H takes AH, 10H and KH: 11 + 14 + 10 + 4 = 39.
    Trick(
        "the nine of trumps takes the ace",
        "contracts.trump.trumps",
        trick="Ben:AH Carla:9H Dirk:10H Anna:KH",
        trump="H",
        winner="Carla",
        points=39,
    ),
    # The lowest trump beats the ace of the suit led: 11 + 0 + 10 + 4 = 25.
    Trick(
        "the seven of trumps takes the ace of spades",
        "contracts.trump.trumps",
        trick="Ben:AS Carla:7H Dirk:10S Anna:KS",
        trump="H",
        winner="Carla",
        points=25,
    ),
    # Plain order A 10 K Q J: the ten beats the king: 4 + 3 + 10 + 2 = 19.
    Trick(
        "the ten above the king in a plain suit",
        "ranking.plain_order",
        trick="Ben:KC Carla:QC Dirk:10C Anna:JC",
        trump="H",
        winner="Dirk",
        points=19,
    ),
    # Aces of other plain suits never win: the 8D takes the diamond trick: 0 + 11 + 0 + 11.
    Trick(
        "aces of another suit do not win",
        "ranking.plain_order",
        trick="Ben:7D Carla:AS Dirk:8D Anna:AC",
        trump="H",
        winner="Dirk",
        points=22,
    ),
    # Ben/Dirk play: 100 + 20 = 120 > 62: both keep their points.
    Value(
        "the playing team makes it",
        "scoring",
        facts={"playing": "Ben", "trump": "H", "points": 100, "roem": 20},
        scores=teams(BD, 120, 62),
    ),
    # Strictly more: 81 against 81 is nat; the others score 162.
    Value(
        "81 against 81 is nat",
        "scoring",
        facts={"playing": "Ben", "trump": "H", "points": 81},
        scores=teams(BD, 0, 162),
        winner="Anna/Carla",
    ),
    # Roem counts in the comparison: 90 + 20 = 110 against 72 + 50 = 122: nat; Ben/Dirk
    # score 162 plus the roem of both teams, 20 + 50: 232.
    Value(
        "nat with roem on both sides",
        "scoring",
        facts={"playing": "Anna", "trump": "C", "points": 90, "roem": 20, "roem_other": 50},
        scores=teams(AC, 0, 232),
    ),
    # Pit: 162 + 40 roem + 100 = 302.
    Value(
        "pit for the playing team",
        "scoring.pit",
        facts={"playing": "Dirk", "trump": "S", "points": 162, "roem": 40},
        scores=teams(BD, 302, 0),
    ),
    # Defenders take every trick: nat (162) plus the pit (option default true): 262.
    Value(
        "the defenders take every trick",
        "scoring.pit",
        facts={"playing": "Anna", "trump": "S", "points": 0},
        scores=teams(AC, 0, 262),
    ),
    Value(
        "no pit for defenders under the house rule",
        "options.pit_for_defenders",
        facts={"playing": "Anna", "trump": "S", "points": 0},
        scores=teams(AC, 0, 162),
        options={"pit_for_defenders": False},
    ),
    # All 162 card points, but the others took a trick of no points: not pit.
    Value(
        "all card points without every trick is no pit",
        "scoring",
        facts={"playing": "Ben", "trump": "H", "points": 162, "all_tricks": False},
        scores=teams(BD, 162, 0),
    ),
    # Revoke (option revoke_penalty): Carla's team 0; Ben/Dirk 162 + 20 + 20 = 202.
    Value(
        "a revoke on the score sheet",
        "options.revoke_penalty",
        facts={
            "playing": "Anna",
            "trump": "H",
            "points": 100,
            "roem": 20,
            "roem_other": 20,
            "revoke": "Carla",
        },
        scores=teams(AC, 0, 202),
    ),
    Value(
        "163 card points",
        "card_points.total",
        facts={"playing": "Anna", "trump": "H", "points": 163},
        refused=True,
    ),
    # Seed: "If the first three players in rotation all pass, the dealer then MUST choose."
    Record(
        "the dealer may not pass after three passes",
        "options.trump_choice",
        actions=["Ben pass", "Carla pass", "Dirk pass", "Anna pass", "Anna trump clubs"],
        refused_at=3,
        said=[("Anna", "trump clubs")],
    ),
    # Seed alternative (upturn_other_suit): all pass the upturned 7H; Ben, left of the
    # dealer, must name a suit, but not hearts.
    Record(
        "after all pass the upturned suit, it cannot be named",
        "options.trump_choice",
        actions=[
            "Anna upturn 7H",
            "Ben pass",
            "Carla pass",
            "Dirk pass",
            "Anna pass",
            "Ben trump hearts",
            "Ben trump spades",
        ],
        refused_at=5,
        said=[("Ben", "trump spades")],
        options={"trump_choice": "upturn_other_suit"},
    ),
    # KJ_ROEM_HAND, with the deal: roem goes to the team that wins the trick, whoever
    # played the cards: Ben/Dirk 216, Anna/Carla 106 (made).
    Record(
        "roem belongs to the trick's winner",
        "roem",
        actions=[*KJ_BIDS, *KJ_ROEM_HAND],
        deal=KJ_ROEM_DEAL,
        scores=teams(BD, 216, 106),
    ),
    # ONE_SUIT_HAND: 162 + 600 roem + 100 pit = 862; four nines, eights and sevens score
    # nothing with the seed's ranks...
    Record(
        "four nines are no roem under the seed's ranks",
        "options.four_of_a_kind_ranks",
        actions=[*KJ_BIDS, *ONE_SUIT_HAND],
        scores=teams(BD, 862, 0),
    ),
    # ...and 100 each under the KBN's: 862 + 300 = 1162.
    Record(
        "four nines, eights and sevens under the KBN ranks",
        "options.four_of_a_kind_ranks",
        actions=[*KJ_BIDS, *ONE_SUIT_HAND],
        scores=teams(BD, 1162, 0),
        options=KBN_RANKS,
    ),
    # Declining roem gives up all 600 roem points but not the pit: 162 + 100 = 262.
    Record(
        "declined roem keeps the pit",
        "roem",
        actions=[*KJ_BIDS, "Ben decline_roem", *ONE_SUIT_HAND],
        scores=teams(BD, 262, 0),
    ),
    # KJ_REVOKE_HAND: Anna's discard in trick 6 (must trump, an opponent winning) is proven
    # by her 8H in trick 7. Anna/Carla score 0; Ben/Dirk 162 + all roem (100 + 60) = 322.
    Record(
        "a revoke found a trick later: must trump",
        "following.when_void",
        actions=[*KJ_BIDS, *KJ_REVOKE_HAND],
        revoke=("Anna", 6),
        scores=teams(BD, 322, 0),
    ),
    # A session is 16 hands; equal totals are a draw. Each team plays eight hands and
    # makes 100 against 62: 8 x 100 + 8 x 62 = 1296 each.
    Sheet(
        "sixteen hands, equal totals: a draw",
        "scoring",
        hands=[
            ({"playing": "team1" if i % 2 else "team2", "trump": "H", "points": 100}, [])
            for i in range(16)
        ],
        totals=dict.fromkeys(PLAYERS, 1296),
        over=True,
    ),
    Sheet(
        "a seventeenth hand",
        "match",
        hands=[({"playing": "team1", "trump": "H", "points": 100}, [])] * 17,
        refused=True,
    ),
]


# ---------------------------------------------------------------------- Klaverjassen, Rotterdam

KLAVERJASSEN_ROTTERDAM: list[Dispute] = [
    # RULINGS (Rotterdam): cannot follow: must trump, even when the partner is winning.
    Play(
        "void, the partner's ace is winning: still trump",
        "following.when_void",
        trick="Ben:7S Carla:AS Dirk:8S",
        player="Anna",
        partner="Carla",
        holding="7C 7H",
        legal="7H",
        trump="H",
    ),
    # ...and over-trump every trump in the trick, the partner's too.
    Play(
        "over-trump the partner",
        "following.overtrump",
        trick="Ben:AS Carla:9H Dirk:10S",
        player="Anna",
        partner="Carla",
        holding="JH 8H 7C",
        legal="JH",
        trump="H",
    ),
    # Unable to over-trump: "a lower trump must still be played" (Amsterdam: the opposite,
    # discard and no under-trumping).
    Play(
        "cannot over-trump the jack: a lower trump all the same",
        "following.when_void",
        trick="Ben:AS Carla:JH",
        player="Dirk",
        partner="Ben",
        holding="9H 7C",
        legal="9H",
        trump="H",
    ),
    Play(
        "under the partner's trump rather than discard",
        "following.when_void",
        trick="Ben:AS Carla:9H Dirk:10S",
        player="Anna",
        partner="Carla",
        holding="8H 7C",
        legal="8H",
        trump="H",
    ),
    # No suit and no trump: any card.
    Play(
        "no spades, no trumps: anything",
        "following",
        trick="Ben:AS Carla:9H",
        player="Dirk",
        partner="Ben",
        holding="7C 8D",
        legal="7C 8D",
        trump="H",
        because="any card",
    ),
    # Following suit comes before the duty to over-trump.
    Play(
        "holding the suit: follow it, do not over-trump",
        "following.follow_suit",
        trick="Ben:AS Carla:9H",
        player="Dirk",
        partner="Ben",
        holding="7S JH",
        legal="7S",
        trump="H",
    ),
    # Trump led: beat it if able, as in Amsterdam, the partner's card too.
    Play(
        "trump led: beat the partner's nine",
        "following.head",
        trick="Ben:9H Carla:7H",
        player="Dirk",
        partner="Ben",
        holding="JH 8H",
        legal="JH",
        trump="H",
    ),
    # Trump order J 9 A 10 K Q 8 7.
    Trick(
        "the nine of trumps takes the ace",
        "contracts.trump.trumps",
        trick="Ben:AH Carla:9H Dirk:10H Anna:KH",
        trump="H",
        winner="Carla",
        points=39,
    ),
    # Two trumps in a plain trick: the higher wins (8 over 7): 11 + 0 + 0 + 4 = 15.
    Trick(
        "the eight of trumps over the seven",
        "contracts.trump.trumps",
        trick="Ben:AS Carla:8H Dirk:7H Anna:KS",
        trump="H",
        winner="Carla",
        points=15,
    ),
    # Scoring as in Amsterdam: 71 + 20 = 91 against 91: nat; Ben/Dirk 162 + 20 = 182.
    Value(
        "a tie reached with roem is nat",
        "scoring",
        facts={"playing": "Carla", "trump": "D", "points": 71, "roem": 20},
        scores=teams(AC, 0, 182),
    ),
    # Pit: 162 + 20 + 100 = 282.
    Value(
        "pit",
        "scoring.pit",
        facts={"playing": "Ben", "trump": "C", "points": 162, "roem": 20},
        scores=teams(BD, 282, 0),
    ),
    # Revoke: Ben/Dirk 0; Anna/Carla 162 + 50 = 212.
    Value(
        "a revoke on the score sheet",
        "options.revoke_penalty",
        facts={"playing": "Dirk", "trump": "H", "points": 120, "roem": 50, "revoke": "Dirk"},
        scores=teams(BD, 0, 212),
    ),
    # KJ_ROEM_HAND is clean in Amsterdam, but in Rotterdam Dirk's discard of JD in trick 6
    # (void in spades, holding 8H, partner winning) breaks the duty to trump; his 8H in
    # trick 7 proves it. Ben/Dirk 0; Anna/Carla 162 + all roem (100 + 60) = 322.
    Record(
        "a revoke found later: trump over the partner",
        "following.when_void",
        actions=[*KJ_BIDS, *KJ_ROEM_HAND],
        revoke=("Dirk", 6),
        scores=teams(AC, 322, 0),
    ),
    # With the deal recorded the same discard is refused when it is made.
    Record(
        "the discard refused at once with the deal",
        "following.when_void",
        actions=[*KJ_BIDS, *KJ_ROEM_HAND[:23]],
        deal=KJ_ROEM_DEAL,
        refused_at=23,
    ),
    # The Amsterdam revoke hand is a revoke here too: Anna had to trump. 322 to Ben/Dirk.
    Record(
        "a revoke found later: must trump",
        "following.when_void",
        actions=[*KJ_BIDS, *KJ_REVOKE_HAND],
        revoke=("Anna", 6),
        scores=teams(BD, 322, 0),
    ),
]


# ---------------------------------------------------------------------- Klaverjassen, three players

# Seats Anna, Ben, Carla (the first three named); Anna deals, Ben speaks and leads first.
# Every player is alone: each other player is an opponent (RULINGS: following as Amsterdam).
# KJ3_REVOKE_HAND: Ben makes hearts and lays the talon (8D 7D, no points) away. Holdings:
# Ben JH 9H AH 10H KH QH 8C 7C 9S 9D; Carla 8H 7H AC 10C KC QC JC 9C 8S 7S;
# Anna AS 10S KS QS JS AD 10D KD QD JD.
#  1 all follow spades: Anna 11
#  2 Anna's AD is winning; Carla, void in diamonds, holds 8H and 7H and must trump (Anna
#    is her opponent too) but discards 9C: Anna 11
#  3 Ben, void in spades, an opponent winning: trumps with QH: Ben 7
#  4 trump led; Carla follows with 8H, the proof; Anna has no trump: Ben 23
#  5-8 Ben leads his trumps, the others cannot follow and have none: Ben 16, 15, 16, 12
#  9 clubs, Carla's ace wins: 21;  10 Carla's 10C: 20 + the last trick 10
# Card points: Anna 22, Ben 89, Carla 51 (162). No trick holds roem.
KJ3_REVOKE_HAND = plays(
    """
    Ben 9S   Carla 8S  Anna AS  |
    Anna AD  Ben 9D    Carla 9C |
    Anna KS  Ben QH    Carla 7S |
    Ben JH   Carla 8H  Anna QS  |
    Ben 9H   Carla 7H  Anna JS  |
    Ben AH   Carla JC  Anna JD  |
    Ben 10H  Carla QC  Anna QD  |
    Ben KH   Carla KC  Anna KD  |
    Ben 8C   Carla AC  Anna 10D |
    Carla 10C Anna 10S Ben 7C
    """
)
THREE = PLAYERS[:3]


def alone(**points: int) -> dict[str, int]:
    """Three players: every player's score (0 for one not named)."""
    return {p: points.get(p, 0) for p in THREE}


KLAVERJASSEN_3: list[Dispute] = [
    # RULINGS: "following as Amsterdam with every other player an opponent": Anna's ace is
    # winning, and Anna is Carla's opponent: void in diamonds, Carla must trump. (No partner
    # to name: there is none.)
    Play(
        "no partner at the table: trump the other defender's ace",
        "following.when_void",
        trick="Anna:AD Ben:9D",
        player="Carla",
        holding="9C 8H 7H",
        legal="8H 7H",
        trump="H",
    ),
    # ...and over-trump whoever trumped.
    Play(
        "over-trump the other defender",
        "following.overtrump",
        trick="Ben:AS Carla:9H",
        player="Anna",
        holding="JH 8H 7C",
        legal="JH",
        trump="H",
    ),
    Play(
        "follow suit first",
        "following.follow_suit",
        trick="Ben:KC Carla:QC",
        player="Anna",
        holding="AC KS 7H",
        legal="AC",
        trump="H",
    ),
    # Three cards make a trick: the only trump takes it: 11 + 0 + 4 = 15.
    Trick(
        "three cards, one trump",
        "contracts.trump.trumps",
        trick="Ben:AS Carla:7H Anna:KS",
        trump="H",
        winner="Carla",
        points=15,
    ),
    Trick(
        "a fourth card in a three-player trick",
        "play.turn_order",
        trick="Ben:AS Carla:7H Anna:KS Dirk:QS",
        trump="H",
        winner="Carla",
        refused=True,
    ),
    # Seed: the trump maker must score "more than half the total points": 89 of 162: all
    # keep their own points.
    Value(
        "the trump maker has more than half",
        "scoring",
        facts={"playing": "Ben", "trump": "H", "points_of": ["Ben:89", "Anna:22", "Carla:51"]},
        scores=alone(Anna=22, Ben=89, Carla=51),
    ),
    # Exactly half (81) is not more: the maker 0, each opponent all 162.
    Value(
        "exactly half is not enough",
        "scoring",
        facts={"playing": "Ben", "trump": "H", "points_of": ["Ben:81", "Anna:40", "Carla:41"]},
        scores=alone(Anna=162, Carla=162),
    ),
    # Roem counts: Ben 85 against 40 + 37 + Anna's roem 20 = 97: not more than half of 182;
    # each opponent scores all 182.
    Value(
        "an opponent's roem sinks the maker",
        "scoring",
        facts={
            "playing": "Ben",
            "trump": "S",
            "points_of": ["Ben:85", "Anna:40", "Carla:37"],
            "roem_of": ["Anna:20"],
        },
        scores=alone(Anna=182, Carla=182),
    ),
    # Pit for the maker: 162 + 100.
    Value(
        "every trick to the maker",
        "scoring.pit",
        facts={"playing": "Ben", "trump": "H", "points_of": ["Ben:162", "Anna:0"]},
        scores=alone(Ben=262),
    ),
    # Seed: all three pass: the cards are thrown in and dealt again by the same dealer.
    Value(
        "a thrown-in deal",
        "trump.all_pass",
        facts={"redeal": True},
        scores=alone(),
    ),
    Record(
        "everybody passes: thrown in",
        "trump.all_pass",
        actions=["Ben pass", "Carla pass", "Anna pass"],
        scores=alone(),
    ),
    # Seed: the trump maker takes the talon and discards two.
    Record(
        "only the trump maker discards",
        "talon.discard",
        actions=["Ben trump hearts", "Carla discard 7S 8D", "Ben discard 8D 7D"],
        refused_at=1,
        said=[("Ben", "trump hearts")],
    ),
    # KJ3_REVOKE_HAND: Carla's discard in trick 2 is proven by her 8H in trick 4. RULINGS:
    # the offender scores 0, every other player 162 plus all roem (none).
    Record(
        "a revoke found later: trump the other defender",
        "following.when_void",
        actions=["Ben trump hearts", "Ben discard 8D 7D", *KJ3_REVOKE_HAND],
        revoke=("Carla", 2),
        scores=alone(Anna=162, Ben=162),
    ),
    # A thrown-in deal does not count as one of the 16 hands: a redeal and 15 hands leave
    # the session open. 15 x (22, 89, 51).
    Sheet(
        "the thrown-in deal is not one of the sixteen",
        "scoring",
        hands=[
            ({"redeal": True}, []),
            *[
                (
                    {
                        "playing": "Ben",
                        "trump": "H",
                        "points_of": ["Ben:89", "Anna:22", "Carla:51"],
                    },
                    [],
                )
            ]
            * 15,
        ],
        totals=alone(Anna=330, Ben=1335, Carla=765),
        over=False,
    ),
]


# ---------------------------------------------------------------------- Wilde Boom

WILDE_BOOM: list[Dispute] = [
    # Seed: "played identically to Klaverjassen" (Amsterdam following).
    Play(
        "void, an opponent winning: trump",
        "following.when_void",
        trick="Ben:AS",
        player="Carla",
        partner="Anna",
        holding="7C 7H",
        legal="7H",
        trump="H",
    ),
    Play(
        "partner winning: no duty to trump",
        "following",
        trick="Ben:7S Carla:AS Dirk:8S",
        player="Anna",
        partner="Carla",
        holding="7C 7H",
        legal="7C 7H",
        trump="H",
        because="any card",
    ),
    # Spades trump: the seven of spades takes a heart trick: 11 + 0 + 10 + 4 = 25.
    Trick(
        "spades trump: the seven of spades takes the ace of hearts",
        "contracts.trump.trumps",
        trick="Ben:AH Carla:7S Dirk:10H Anna:KH",
        trump="S",
        winner="Carla",
        points=25,
    ),
    # Seed: after a kraak "the team that declared the last such challenge must score more";
    # Carla's team has 72 against 90 + 20 = 110: Ben/Dirk take all 182, doubled: 364.
    Value(
        "a failed kraak",
        "kraak",
        facts={"playing": "Ben", "trump": "D", "points": 90, "roem": 20},
        actions=["Carla kraak"],
        scores=teams(BD, 364, 0),
    ),
    # Anna/Carla 92 > 70: the kraak succeeds: 162 x 2 = 324 for them.
    Value(
        "a kraak that succeeds",
        "kraak",
        facts={"playing": "Ben", "trump": "D", "points": 70},
        actions=["Anna kraak"],
        scores=teams(AC, 324, 0),
    ),
    # Rekraak: now Ben/Dirk must score more; 81 against 81 is not: Anna/Carla 162 x 4.
    Value(
        "a rekraak fails on a tie",
        "kraak",
        facts={"playing": "Dirk", "trump": "H", "points": 81},
        actions=["Anna kraak", "Ben rekraak"],
        scores=teams(AC, 648, 0),
    ),
    # Seed: "If the suit of spades ends up the trump suit ... all scores ... are doubled":
    # 100 and 62, doubled.
    Value(
        "spades double the hand",
        "scoring.trump_doubles",
        facts={"playing": "Ben", "trump": "S", "points": 100},
        scores=teams(BD, 200, 124),
    ),
    # Nat in spades: 162 x 2.
    Value(
        "nat in spades",
        "scoring.trump_doubles",
        facts={"playing": "Ben", "trump": "S", "points": 81},
        scores=teams(BD, 0, 324),
    ),
    # Superkraak by the opponents, who have 62 against 100: Ben/Dirk take 162, x 2 x 2 x 2
    # for the three challenges and x 2 for spades: 2592.
    Value(
        "superkraak in spades",
        "kraak.multiplier",
        facts={"playing": "Ben", "trump": "S", "points": 100},
        actions=["Anna kraak", "Dirk rekraak", "Carla superkraak"],
        scores=teams(BD, 2592, 0),
    ),
    # Seed: kraak is said by "the two players in the opposing partnership".
    Value(
        "the playing team cannot kraak",
        "kraak",
        facts={"playing": "Ben", "trump": "H", "points": 100},
        actions=["Dirk kraak"],
        refused=True,
    ),
    # Seed: "After any challenges are announced, the play of the hand begins".
    Record(
        "kraak after the first card",
        "kraak",
        actions=["Ben trump hearts", "Ben 9C", "Anna kraak"],
        refused_at=2,
        said=[("Ben", "trump hearts")],
    ),
    # Seed: "the trumpmaker or his partner can then re-challenge".
    Record(
        "rekraak by the challengers",
        "kraak",
        actions=["Ben trump hearts", "Anna kraak", "Carla rekraak", "Dirk rekraak"],
        refused_at=2,
        said=[("Ben", "trump hearts"), ("Anna", "kraak"), ("Dirk", "rekraak")],
    ),
    # RULINGS: a tie on the highest declared combination goes to the higher top card, then
    # to the suit order spades, hearts, diamonds, clubs. Ben's 10H 9H 8H and Carla's
    # 10S 9S 8S are both 20 with a ten on top: spades win, so Anna/Carla score Carla's 20
    # and Ben/Dirk no declaration. ONE_SUIT_HAND otherwise as in Amsterdam: Ben/Dirk
    # 162 + 600 + 100 = 862; made; hearts are not doubled.
    Record(
        "equal declarations: spades beat hearts",
        "declarations",
        actions=[*KJ_BIDS, "Ben roem 10H 9H 8H", "Carla roem 10S 9S 8S", *ONE_SUIT_HAND],
        scores=teams(BD, 862, 20),
    ),
    # KJ_REVOKE_HAND after Anna's kraak: Anna/Carla 0, Ben/Dirk 162 + 160 = 322, and the
    # kraak doubles "all scores earned at the end of the hand": 644.
    Record(
        "a revoke after a kraak",
        "following.when_void",
        actions=[*KJ_BIDS, "Anna kraak", *KJ_REVOKE_HAND],
        revoke=("Anna", 6),
        scores=teams(BD, 644, 0),
    ),
]


# ---------------------------------------------------------------------- Klaberjass

# Two players: Anna and Ben; Anna deals, so Ben (the non-dealer) bids and leads first.
# Card points as Klaverjassen; only the 18 cards dealt are played; sequences 3 = 20,
# 4+ = 50; bella 20; last trick 10.
#
# KB_HEAD_HAND: Anna turns up 8S, Ben accepts: spades trump, Ben the maker.
# Ben JS 9S AS 10S AH KH AC KC 7D; Anna KS QS 10H QH 7H 10C 7C AD 10D.
#  1 KH led; Anna plays 7H while holding 10H, which beats it (the seed: "must win the
#    trick if they can"): Ben 4
#  2 AH led; Anna follows with 10H (the proof): Ben 21
#  3 JS led, Anna cannot beat it and follows with KS: Ben 24
#  4 9S led; Anna says bella and plays QS: Ben 17
#  5 AC led, 10C cannot beat it: Ben 21;  6 KC, Anna's last club 7C: Ben 4
#  7 7D led; Anna heads it with AD: Anna 11
#  8 Anna leads QH; Ben, void in hearts, trumps with 10S: Ben 13
#  9 AS led; Anna has no spade and no trump left: any card, 10D: Ben 21 + last trick 10
# Card points: Ben 125 + 10 = 135, Anna 11; Anna's bella 20 -> 31.
KB_HEAD_HAND = [
    "Anna turnup 8S",
    "Ben accept",
    *plays("Ben KH Anna 7H | Ben AH Anna 10H | Ben JS Anna KS | Ben 9S"),
    "Anna bella",
    *plays(
        """
        Anna QS | Ben AC Anna 10C | Ben KC Anna 7C |
        Ben 7D Anna AD | Anna QH Ben 10S | Ben AS Anna 10D
        """
    ),
]


def pair(anna: int, ben: int) -> dict[str, int]:
    return {"Anna": anna, "Ben": ben}


def klaberjass_hand(maker: str, trump: str, anna: int, ben: int, **more: Any) -> dict[str, Any]:
    """Quick facts of a Klaberjass hand: the maker, trumps, each player's card points."""
    return {"maker": maker, "trump": trump, "points": [f"Anna:{anna}", f"Ben:{ben}"], **more}


KLABERJASS: list[Dispute] = [
    # Seed: "Essentially, the player going second must win the trick if they can";
    # RULINGS: option must_head_plain_suit (default true): beat the card led when following.
    Play(
        "must head a plain suit",
        "following.head",
        trick="Ben:10S",
        player="Anna",
        holding="AS 7S 8C",
        legal="AS",
        forbidden={"8C": "following.follow_suit"},
        trump="H",
    ),
    # pagat's reading (option off): any spade follows.
    Play(
        "pagat: a plain suit need not be headed",
        "following.follow_suit",
        trick="Ben:10S",
        player="Anna",
        holding="AS 7S 8C",
        legal="AS 7S",
        trump="H",
        options={"must_head_plain_suit": False},
    ),
    # Seed: "If they cannot follow suit, they must play a trump card."
    Play(
        "void: trump",
        "following.when_void",
        trick="Ben:KD",
        player="Anna",
        holding="7S 8H 9C",
        legal="8H",
        trump="H",
    ),
    # Seed: "If a trump card was led, the second player must play a higher ranking trump
    # card if they can": 10H beats QH (J 9 A 10 K Q 8 7), 8H does not.
    Play(
        "trump led: over-trump",
        "following.head",
        trick="Ben:QH",
        player="Anna",
        holding="10H 8H 8S",
        legal="10H",
        forbidden={"8S": "following.follow_suit"},
        trump="H",
    ),
    # ...also under pagat's reading.
    Play(
        "trump led: over-trump, option off too",
        "following.head",
        trick="Ben:9H",
        player="Anna",
        holding="JH 8H",
        legal="JH",
        trump="H",
        options={"must_head_plain_suit": False},
    ),
    # Nothing beats the trump jack: any trump, but a trump.
    Play(
        "the trump jack led: follow with any trump",
        "following.follow_suit",
        trick="Ben:JH",
        player="Anna",
        holding="9H 7S",
        legal="9H",
        trump="H",
    ),
    # Seed: "If a player can't follow suit or play a trump card, they can play any card."
    Play(
        "neither suit nor trump: anything",
        "following",
        trick="Ben:KD",
        player="Anna",
        holding="7S 9C",
        legal="7S 9C",
        trump="H",
        because="any card",
    ),
    # Trump ranking (seed): 7 8 Q K 10 A 9 J: the seven of trumps beats the ace led: 11.
    Trick(
        "a seven of trumps takes an ace",
        "contracts.suit.trumps",
        trick="Ben:AS Anna:7H",
        trump="H",
        winner="Anna",
        points=11,
    ),
    Trick(
        "the trump nine over the trump ace",
        "contracts.suit.trumps",
        trick="Ben:AH Anna:9H",
        trump="H",
        winner="Anna",
        points=25,
    ),
    # Plain ranking (seed): 7 8 9 J Q K 10 A: the ten beats the king.
    Trick(
        "the ten over the king",
        "ranking.plain_order",
        trick="Ben:KS Anna:10S",
        trump="H",
        winner="Anna",
        points=14,
    ),
    # A card of another plain suit never wins: 4 + 11.
    Trick(
        "an ace of another suit",
        "ranking.plain_order",
        trick="Ben:KS Anna:AC",
        trump="H",
        winner="Ben",
        points=15,
    ),
    # Seed: "If the player who determined trump fails to earn more points than their
    # opponent, they forfeit the points": 65 against 65: Ben scores 130.
    Value(
        "the maker fails on equal points",
        "scoring.maker_must_exceed",
        facts=klaberjass_hand("Anna", "D", 65, 65),
        scores=pair(0, 130),
        winner="Ben",
    ),
    # Bella counts in the comparison: Ben 60 + 20 = 80 > 79.
    Value(
        "bella makes the difference",
        "bella.points",
        facts=klaberjass_hand("Ben", "D", 79, 60, bella="Ben"),
        scores=pair(79, 80),
    ),
    # RULINGS: longer beats shorter: Anna's 7D-10D (50) beats Ben's Q K A of spades; Ben
    # (maker) 70 against 60 + 50 = 110: Anna scores 180.
    Value(
        "four low cards beat three high",
        "sequences.compare",
        facts=klaberjass_hand("Ben", "H", 60, 70, sequences=["Anna:7D 8D 9D 10D", "Ben:QS KS AS"]),
        scores=pair(180, 0),
    ),
    # Equal length: the higher top card (queen over jack): Ben 70 + 20 = 90 > 60.
    Value(
        "equal length: the higher top card",
        "sequences.compare",
        facts=klaberjass_hand("Ben", "D", 60, 70, sequences=["Anna:9C 10C JC", "Ben:10S JS QS"]),
        scores=pair(60, 90),
    ),
    # Equal length and top card: the trump sequence: Ben 60 + 20 = 80 > Anna's (maker) 70.
    Value(
        "equal sequences: trump wins",
        "sequences.compare",
        facts=klaberjass_hand("Anna", "H", 70, 60, sequences=["Anna:9C 10C JC", "Ben:9H 10H JH"]),
        scores=pair(0, 150),
    ),
    # An exact tie (neither in trump) scores nothing: 60 and 70 as they are.
    Value(
        "an exact tie scores nothing",
        "sequences.compare",
        facts=klaberjass_hand("Ben", "D", 60, 70, sequences=["Anna:9C 10C JC", "Ben:9S 10S JS"]),
        scores=pair(60, 70),
    ),
    # RULINGS option score_all_sequences: the winner scores every sequence: 50 + 20.
    Value(
        "all of the best player's sequences",
        "options.score_all_sequences",
        facts=klaberjass_hand(
            "Ben", "C", 40, 70, sequences=["Ben:7D 8D 9D 10D", "Ben:JS QS KS", "Anna:8H 9H 10H"]
        ),
        scores=pair(40, 140),
        options={"score_all_sequences": True},
    ),
    # 152 card points in the pack and 10 for the last trick: 200 cannot be.
    Value(
        "more card points than the pack holds",
        "card_points.total",
        facts=klaberjass_hand("Ben", "C", 100, 100),
        refused=True,
    ),
    # Seed: "The non-dealer has the option to accept the trump suit ... The dealer then".
    Record(
        "the dealer speaks second",
        "bidding.order",
        actions=["Anna turnup 10H", "Anna accept", "Ben pass", "Anna accept"],
        refused_at=1,
    ),
    # Round two is for "which suit they want": not the turn-up's, which both passed.
    Record(
        "round two: not the turn-up's suit",
        "bidding.round_two",
        actions=["Anna turnup 10H", "Ben pass", "Anna pass", "Ben name hearts", "Ben name spades"],
        refused_at=3,
    ),
    # Seed: "If both players pass on calling a trump suit, the cards are collected and
    # redealt": nobody scores.
    Record(
        "four passes: a redeal",
        "bidding.redeal",
        actions=["Anna turnup 10H", "Ben pass", "Anna pass", "Ben pass", "Anna pass"],
        scores=pair(0, 0),
    ),
    # Seed: sequences are announced "before the first trick is played".
    Record(
        "a sequence after the first card",
        "sequences.window",
        actions=["Anna turnup 10H", "Ben accept", "Ben AS", "Anna sequence 7C 8C 9C"],
        refused_at=3,
    ),
    # KB_HEAD_HAND: Anna's 7H under KH while holding 10H breaks the duty to head (proven by
    # her 10H in trick 2): she scores nothing, Ben both totals, 135 + 31 = 166.
    Record(
        "a revoke found later: must head",
        "following.head",
        actions=KB_HEAD_HAND,
        revoke=("Anna", 1),
        scores=pair(0, 166),
    ),
    # The same hand under pagat's reading is clean: Ben 135 > 31, both keep their totals.
    Record(
        "the same hand when heading a plain suit is not required",
        "options.must_head_plain_suit",
        actions=KB_HEAD_HAND,
        scores=pair(31, 135),
        options={"must_head_plain_suit": False},
    ),
    # Seed: "If both players pass 500 points at the same time, the player with the highest
    # score wins." Six hands of Anna making 80 against 70 (480 : 420), then Ben makes 85
    # against 40: 520 : 505, both past 500: Anna wins.
    Sheet(
        "both pass 500: the higher total wins",
        "scoring.maker_must_exceed",
        hands=[
            *[(klaberjass_hand("Anna", "S", 80, 70), [])] * 6,
            (klaberjass_hand("Ben", "C", 40, 85), []),
        ],
        totals=pair(520, 505),
        over=True,
    ),
    # RULINGS: equal totals past 500: play on. 480 : 420, then Ben 90 against 30: 510 : 510.
    Sheet(
        "both pass 500 level: play on",
        "scoring.maker_must_exceed",
        hands=[
            *[(klaberjass_hand("Anna", "S", 80, 70), [])] * 6,
            (klaberjass_hand("Ben", "C", 30, 90), []),
        ],
        totals=pair(510, 510),
        over=False,
    ),
]


# ---------------------------------------------------------------------- the table

GAMES: dict[str, list[Dispute]] = {
    "doppelkopf": DOPPELKOPF,
    "doppelkopf-ddv": DDV,
    "kloepper": KLOEPPER,
    "bierkopf": BIERKOPF,
    "klaverjassen": KLAVERJASSEN,
    "klaverjassen-rotterdam": KLAVERJASSEN_ROTTERDAM,
    "klaverjassen-3": KLAVERJASSEN_3,
    "klaverjassen-wilde-boom": WILDE_BOOM,
    "klaberjass": KLABERJASS,
}

CASES = [
    pytest.param(game, d, id=f"{game}: {d.name}")
    for game, disputes in GAMES.items()
    for d in disputes
]


@pytest.mark.parametrize(("game", "dispute"), CASES)
def test_dispute(game: str, dispute: Dispute) -> None:
    dispute.settle(ruleset.load(game, dict(dispute.options)))


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_has_ten_disputes_of_each_sort(game: str) -> None:
    disputes = GAMES[game]
    assert len(disputes) >= 10
    kinds = {type(d) for d in disputes}
    assert {Play, Trick, Value, Record} <= kinds, kinds
    assert any(isinstance(d, Record) and d.revoke for d in disputes), "a revoke found later"
    assert len({d.name for d in disputes}) == len(disputes), "each dispute has its own name"
