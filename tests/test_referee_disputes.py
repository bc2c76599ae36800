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
        return judge_value(rules, list(PLAYERS), dict(self.facts), list(self.actions))

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
        hand = Hand(rules, list(PLAYERS), "Anna", deal=deal)
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
        match = Match(rules, list(PLAYERS), "Anna")
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


# ---------------------------------------------------------------------- the table

GAMES: dict[str, list[Dispute]] = {
    "doppelkopf": DOPPELKOPF,
    "doppelkopf-ddv": DDV,
    "kloepper": KLOEPPER,
    "bierkopf": BIERKOPF,
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
