"""The rule set ``doppelkopf-ddv``: Doppelkopf by the DDV tournament rules (TSR), issue 3.

Every expected number is worked out by hand in the comments from RULINGS.md ("Doppelkopf,
tournament rules") and the issue's summary of TSR 7.1 (who wins) and 7.2 (the value):

    won 1; losers under 90, 60, 30, black (no trick) +1 each; "Re" +2, "Kontra" +2;
    each Absage (no90, no60, no30, black) of either side +1; "120 against no 90",
    "90 against no 60", "60 against no 30", "30 against black" +1 each; extra points
    (against the queens, a Doppelkopf trick of 40+, a fox caught, Charlie) +1 each, netted,
    in normal games only; a soloist scores three times the value, each opponent once.

Card points: ace 11, ten 10, king 4, queen 3, jack 2, nine 0 (240 in the pack).
Seats are Anna, Ben, Carla, Dirk (and Eve at a table of five), clockwise.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from scorekeeper import ruleset
from scorekeeper.actions import parse_actions
from scorekeeper.cards import Card
from scorekeeper.contract import judge_trick
from scorekeeper.errors import IllegalActionError
from scorekeeper.games.doppelkopf import FAMILY
from scorekeeper.hand import Hand
from scorekeeper.match import Match
from scorekeeper.result import HandResult
from scorekeeper.ruleset import Ruleset

P4 = ["Anna", "Ben", "Carla", "Dirk"]
P5 = ["Anna", "Ben", "Carla", "Dirk", "Eve"]
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
DECK = [r + s for s in "CSHD" for r in ("A", "10", "K", "Q", "J", "9")] * 2


def ddv(**options: object) -> Ruleset:
    return ruleset.load("doppelkopf-ddv", options)


RULES = ddv()


def quick(
    facts: Mapping[str, object],
    actions: Sequence[str] = (),
    *,
    rules: Ruleset = RULES,
    table: Sequence[str] = P4,
    dealer: str = "Dirk",
    context: Mapping[str, object] | None = None,
) -> HandResult:
    return FAMILY.score_quick(
        rules, list(table), dealer, dict(facts), parse_actions(list(actions), table), context or {}
    )


def normal(re_points: int, *actions: str, **facts: object) -> HandResult:
    """A normal game at a table of four: Anna and Ben are Re (they hold the queens of clubs)."""
    return quick({"re": ["Anna", "Ben"], "re_points": re_points, **facts}, actions)


def re_score(result: HandResult) -> int:
    """What each Re player scores (Anna); Kontra scores the opposite."""
    return result.scores["Anna"]


def labels(result: HandResult) -> list[tuple[str, int]]:
    return [(i.label, i.points) for i in result.items if i.op == "add"]


def full_deal(players: Sequence[str] = P4, **partial: str) -> dict[str, list[str]]:
    """A complete deal: the named cards for each player, the rest of the pack in deck order."""
    rest = list(DECK)
    hands: dict[str, list[str]] = {}
    for player in players:
        cards = partial.get(player, "").split()
        for card in cards:
            rest.remove(card)
        hands[player] = cards
    for player in players:
        while len(hands[player]) < 12:
            hands[player].append(rest.pop(0))
    assert not rest
    return hands


def play_cards(hand: Hand, n: int) -> None:
    """Play ``n`` cards, each time the first legal card of the player to play."""
    for _ in range(n):
        player = hand.to_play()
        assert player is not None
        legal = hand.legal_cards(player)
        assert legal
        hand.apply(f"{player} {legal[0].code}")


def play_until(hand: Hand, player: str, cards_left: int) -> None:
    """Play first legal cards until ``player`` holds exactly ``cards_left`` cards."""
    while hand.cards_in_hand(player) > cards_left:
        play_cards(hand, 1)
    assert hand.cards_in_hand(player) == cards_left


def refused(hand: Hand, text: str, rule: str | None = None) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        hand.apply(text)
    if rule is not None:
        assert info.value.rule == rule, str(info.value)
    return info.value


def parse_tricks(text: str) -> list[tuple[list[tuple[str, str]], str]]:
    out = []
    for line in text.strip().splitlines():
        body, winner = line.split(">")
        words = body.split()
        out.append(([(words[i], words[i + 1]) for i in range(0, len(words), 2)], winner.strip()))
    return out


def play_script(
    rules: Ruleset,
    text: str,
    *,
    dealer: str = "Dirk",
    before: Mapping[int, Sequence[str]] | None = None,
    with_deal: bool = True,
    context: Mapping[str, object] | None = None,
) -> Hand:
    """Play a written hand (``Name CARD ... > winner`` per trick); ``before[n]``: actions
    made when ``n`` cards are on the table. The deal is what each player plays."""
    tricks = parse_tricks(text)
    deal: dict[str, list[str]] = {p: [] for p in P4}
    for plays, _ in tricks:
        for p, c in plays:
            deal[p].append(c)
    hand = Hand(rules, P4, dealer, deal=deal if with_deal else None, context=context)
    before = before or {}
    n = 0
    for plays, winner in tricks:
        for p, c in plays:
            for action in before.get(n, ()):
                hand.apply(action)
            out = hand.apply(f"{p} {c}")
            n += 1
        assert out.trick is not None and out.trick.winner == winner, out.trick
    for action in before.get(n, ()):
        hand.apply(action)
    assert hand.finished
    return hand


# ====================================================================== who wins (TSR 7.1)


@pytest.mark.parametrize(
    ("re_points", "actions", "winner", "value"),
    [
        # Re needs 121: 121 wins, won 1.
        (121, [], "re", 1),
        # 120:120 with nothing announced goes to Kontra: won 1 + against the queens 1.
        (120, [], "contra", 2),
        # Only Kontra announced: Re wins with 120: won 1 + Kontra announced 2.
        (120, ["Carla contra"], "re", 3),
        # Only Kontra announced, Re 119: Kontra has 121: won 1 + Kontra 2 + queens 1.
        (119, ["Carla contra"], "contra", 4),
        # Only Re announced: 120:120 still goes to Kontra: won 1 + Re 2 + queens 1.
        (120, ["Anna re"], "contra", 4),
        # Both announced: 120:120 goes to Kontra: won 1 + Re 2 + Kontra 2 + queens 1.
        (120, ["Anna re", "Carla contra"], "contra", 6),
        # Re said no 90 and made 151: won 1 + Kontra under 90 (89) 1 + Re 2 + no90 1.
        (151, ["Anna re", "Anna no90"], "re", 5),
        # ... and made 150: Kontra wins with 90: won 1 + Re 2 + no90 1 + queens 1
        # (Kontra's 90 is not "120 against no 90").
        (150, ["Anna re", "Anna no90"], "contra", 5),
        # ... and made 100: Kontra has 140: won 1 + Re 2 + no90 1 + 120 against no90 1 + queens 1.
        (100, ["Anna re", "Anna no90"], "contra", 6),
        # Kontra said no 90; Re wins with 90: won 1 + Kontra 2 + no90 1 (90 < 120).
        (90, ["Carla contra", "Carla no90"], "re", 4),
        # ... Re 89: Kontra has 151: won 1 + Re under 90 1 + Kontra 2 + no90 1 + queens 1.
        (89, ["Carla contra", "Carla no90"], "contra", 6),
        # ... Re 130: won 1 + Kontra 2 + no90 1 + Re's 120 against no90 1.
        (130, ["Carla contra", "Carla no90"], "re", 5),
        # Re no 60 made with 181: won 1 + under 90 1 + under 60 1 + Re 2 + no90 1 + no60 1.
        (181, ["Anna re", "Anna no90", "Anna no60"], "re", 7),
        # ... 180: Kontra wins with 60: won 1 + Re 2 + no90 1 + no60 1 + queens 1.
        (180, ["Anna re", "Anna no90", "Anna no60"], "contra", 6),
        # Re no 30 made with 211: won 1 + under 90/60/30 3 + Re 2 + three Absagen 3.
        (211, ["Anna re", "Anna no90", "Anna no60", "Anna no30"], "re", 9),
        # ... 210: Kontra wins with 30: won 1 + Re 2 + Absagen 3 + queens 1.
        (210, ["Anna re", "Anna no90", "Anna no60", "Anna no30"], "contra", 7),
    ],
)
def test_who_wins_and_the_value(
    re_points: int, actions: list[str], winner: str, value: int
) -> None:
    result = normal(re_points, *actions)
    assert result.winner == winner, result.reasons()
    sign = 1 if winner == "re" else -1
    assert result.scores == {
        "Anna": sign * value,
        "Ben": sign * value,
        "Carla": -sign * value,
        "Dirk": -sign * value,
    }, result.reasons()


def test_published_example_kontra_announced_and_won_with_160() -> None:
    # Kontra announced "Kontra" and took 160, Re 80: won 1, Re under 90 1, Kontra
    # announced 2, against the queens 1 = 5 for each Kontra player.
    result = normal(80, "Carla contra")
    assert result.winner == "contra"
    assert result.scores == {"Anna": -5, "Ben": -5, "Carla": 5, "Dirk": 5}
    assert sorted(p for _, p in labels(result)) == [1, 1, 1, 2]


def test_published_example_re_said_no60_and_made_130() -> None:
    # Re announced Re, no 90, no 60 and made 130: Kontra (110) wins with 60: won 1,
    # Re 2, no90 1, no60 1, "90 against no 60" 1 (110 < 120: no "120 against no 90"),
    # against the queens 1 = 7.
    result = normal(130, "Anna re", "Anna no90", "Ben no60")
    assert result.winner == "contra"
    assert result.scores == {"Anna": -7, "Ben": -7, "Carla": 7, "Dirk": 7}
    assert ("Kontra reached 90 against no60", 1) in labels(result)
    assert not [label for label, _ in labels(result) if "120 against" in label]


def test_black_means_no_trick() -> None:
    # Re took every trick: won 1 + under 90, 60, 30 3 + black 1 = 5.
    assert re_score(normal(240, all_tricks="re")) == 5
    # Re has all 240 card points but Kontra took a trick (of nines): not black: 4.
    assert re_score(normal(240)) == 4


def test_black_announced_and_the_other_side_wins_with_one_trick() -> None:
    absagen = ["Anna re", "Anna no90", "Anna no60", "Anna no30", "Anna black"]
    # Re took every trick: won 1 + under 90/60/30/black 4 + Re 2 + four Absagen 4 = 11.
    assert re_score(normal(240, *absagen, all_tricks="re")) == 11
    # Re has 240 card points, but Kontra took one trick (worth 0): Kontra wins with one
    # trick: won 1 + Re 2 + four Absagen 4 + queens 1 = 8 (Kontra's 0 < 30: no
    # "30 against black"; the losers, Re, are under nothing).
    result = normal(240, *absagen)
    assert result.winner == "contra"
    assert re_score(result) == -8
    # Kontra announced black (skipping the levels, all open in a quick entry) and Re took
    # a trick with 25: Re wins: won 1 + Kontra 2 + four Absagen 4 = 7 (25 < 30).
    result = normal(25, "Carla contra", "Dirk black")
    assert result.winner == "re"
    assert re_score(result) == 7
    # ... with 30: also "30 against black": 8.
    assert re_score(normal(30, "Carla contra", "Dirk black")) == 8


def test_both_sides_promised_and_neither_reached_its_target_nobody_wins() -> None:
    # Re: re, no90 (needs 151); Kontra: contra, no90 (needs 151). Re 100, Kontra 140.
    # Nobody wins; Re and Kontra announced lapse. Re: Kontra under nothing, 100 < 120
    # against no90: 0. Kontra: Re under nothing, 140 >= 120 against no90: 1. Net Kontra 1.
    result = normal(100, "Anna re", "Anna no90", "Carla contra", "Carla no90")
    assert result.winner is None
    assert result.scores == {"Anna": -1, "Ben": -1, "Carla": 1, "Dirk": 1}
    # Re: re, no30 (no90, no60 skipped: needs 211); Kontra: contra, no90 (needs 151).
    # Re 155, Kontra 85: nobody wins. Re: Kontra under 90 1, 155 >= 120 against no90 1 = 2.
    # Kontra: 85 < 120 (no90), 85 < 90 (no60), 85 >= 60 against no30 1 = 1. Net Re 1.
    result = normal(155, "Anna re", "Anna no30", "Carla contra", "Carla no90")
    assert result.winner is None
    assert result.scores == {"Anna": 1, "Ben": 1, "Carla": -1, "Dirk": -1}
    # Both sides even: Re no90 (needs 151), Kontra no60 (needs 181); Re 100, Kontra 140.
    # Re: 100 >= 90 against no60 1, 100 < 120 against no90 0 = 1. Kontra: 140 >= 120
    # against no90 1 = 1. Net 0.
    result = normal(100, "Anna re", "Anna no90", "Carla contra", "Carla no60")
    assert result.winner is None
    assert set(result.scores.values()) == {0}


def test_nobody_wins_in_a_solo_counts_three_times_for_the_soloist() -> None:
    # Anna's queens solo: re, no90 (needs 151); Kontra: contra, no90 (needs 151). Anna 100.
    # As above, Kontra nets 1: Anna -3, each opponent +1.
    result = quick(
        {"re": ["Anna"], "re_points": 100, "solo": "queens"},
        ["Anna re", "Anna no90", "Ben contra", "Ben no90"],
    )
    assert result.winner is None
    assert result.scores == {"Anna": -3, "Ben": 1, "Carla": 1, "Dirk": 1}


# ====================================================================== the value (TSR 7.2)


def test_every_absage_of_either_side_counts_and_the_against_points() -> None:
    # Re: re, no90; Kontra: contra (reply). Re 160 >= 151 wins: won 1 + Kontra (80) under
    # 90 1 + Re 2 + Kontra 2 + no90 1 = 7.
    result = normal(160, "Anna re", "Anna no90", "Carla contra")
    assert re_score(result) == 7
    # Re: re, no90; Kontra: contra, no90. Re 160 wins (>= 151): won 1 + under 90 1 + Re 2
    # + Kontra 2 + two Absagen 2 + Re's 160 >= 120 against Kontra's no90 1 = 9.
    result = normal(160, "Anna re", "Anna no90", "Carla contra", "Carla no90")
    assert result.winner == "re"
    assert re_score(result) == 9


def test_a_skipped_level_is_scored_in_quick_entry() -> None:
    # "Anna no60" after "Anna re": no90 is counted too, exactly as if said.
    skipped = normal(130, "Anna re", "Anna no60")
    said = normal(130, "Anna re", "Anna no90", "Anna no60")
    assert skipped.scores == said.scores == {"Anna": -7, "Ben": -7, "Carla": 7, "Dirk": 7}


def test_each_value_item_carries_its_tsr_clause() -> None:
    result = normal(130, "Anna re", "Anna no90", "Ben no60", extras=["Carla fox"])
    clauses = {i.rule: i.clause for i in result.items}
    assert clauses["scoring.won"] == "TSR 7.1, 7.2"
    assert clauses["scoring.announced"] == "TSR 7.2"
    assert clauses["scoring.promise_said"] == "TSR 7.2"
    assert clauses["scoring.against_promise"] == "TSR 7.2"
    for item in result.items:
        assert item.clause and item.clause.startswith("TSR"), item
    extra = [i for i in result.items if i.rule in ("options.fox", "extras.against_the_queens")]
    assert len(extra) == 2 and all("extra point" in (i.clause or "") for i in extra)
    under = normal(80)
    assert [i.clause for i in under.items if "under 90" in i.label] == ["TSR 7.2"]
    solo = quick({"re": ["Anna"], "re_points": 150, "solo": "jacks"})
    assert [i.clause for i in solo.items if i.op == "times"] == ["TSR 7.2"]
    lapse = normal(100, "Anna re", "Anna no90", "Carla contra", "Carla no90")
    assert all(i.clause and i.clause.startswith("TSR") for i in lapse.items)


# ====================================================================== extra points


# A normal game, Re = Anna and Carla (one queen of clubs each), Kontra = Ben and Dirk.
# Dirk deals, Anna leads. Card points of each trick in brackets.
EXTRAS_GAME = """
    Anna 10H  Ben AD  Carla 10D  Dirk AD  > Anna
    Anna 9C  Ben AC  Carla KC  Dirk 10C  > Ben
    Ben 10H  Carla QC  Dirk QS  Anna QS  > Ben
    Ben AS  Carla 9S  Dirk 10S  Anna KS  > Ben
    Ben AH  Carla 9H  Dirk AH  Anna KH  > Ben
    Ben QH  Carla QD  Dirk KD  Anna QC  > Anna
    Anna AC  Ben 10C  Carla 9C  Dirk KC  > Anna
    Anna AS  Ben 10S  Carla KS  Dirk 9S  > Anna
    Anna JS  Ben JC  Carla 9D  Dirk JH  > Ben
    Ben QH  Carla JD  Dirk QD  Anna JH  > Ben
    Ben JS  Carla 10D  Dirk KD  Anna JD  > Ben
    Ben KH  Carla JC  Dirk 9H  Anna 9D  > Carla
"""
# Re's tricks: 1 (42), 6 (13), 7 (25), 8 (25), 12 (6) = 111; Kontra: 25 + 19 + 25 + 26 + 6
# + 10 + 18 = 129. Extra points: trick 1 holds 42 (a Doppelkopf, Re), both aces of
# diamonds there are Kontra's and Anna takes them (two foxes caught, Re), Carla's jack of
# clubs takes the last trick (Charlie, Re); Kontra wins: against the queens (Kontra).


def test_extra_points_are_netted_between_the_sides() -> None:
    hand = play_script(RULES, EXTRAS_GAME)
    result = hand.result()
    assert result.card_points == {"re": 111, "contra": 129}
    assert result.winner == "contra"
    # Kontra: won 1 + against the queens 1 = 2; Re: Doppelkopf 1 + fox 1 + fox 1 +
    # Charlie 1 = 4. Netted: Re +2 although Kontra won.
    assert result.scores == {"Anna": 2, "Ben": -2, "Carla": 2, "Dirk": -2}
    kinds = sorted(i.rule for i in result.items if i.rule.startswith(("options.", "extras.")))
    assert kinds == [
        "extras.against_the_queens",
        "options.charlie",
        "options.doppelkopf_trick",
        "options.fox",
        "options.fox",
    ]
    # The same hand entered quick from the score sheet gives the same scores.
    facts = hand.summary()
    assert facts["re_points"] == 111
    assert quick(facts, dealer="Dirk").scores == result.scores


def test_extra_points_with_announcements() -> None:
    # Anna re and Ben contra before the first card: Kontra's value 1 + Re 2 + Kontra 2 = 5,
    # + against the queens 1 = 6; Re's extra points 4: net Kontra 2.
    hand = play_script(RULES, EXTRAS_GAME, before={0: ["Anna re", "Ben contra"]})
    assert hand.result().scores == {"Anna": -2, "Ben": 2, "Carla": -2, "Dirk": 2}


def test_extra_points_follow_their_options() -> None:
    # Without foxes: Re's extras are the Doppelkopf and Charlie, 2: Kontra 2 - 2 = 0.
    no_fox = play_script(ddv(fox=False), EXTRAS_GAME).result()
    assert set(no_fox.scores.values()) == {0}
    # Without the Doppelkopf trick: Re 3 (two foxes, Charlie) - Kontra 2 = Re +1.
    no_dk = play_script(ddv(doppelkopf_trick=False), EXTRAS_GAME).result()
    assert no_dk.scores == {"Anna": 1, "Ben": -1, "Carla": 1, "Dirk": -1}


def test_no_extra_points_in_a_solo_or_a_silent_wedding() -> None:
    # A queens solo won with 150 and Re announced: 1 + 2 = 3; the extras on the sheet count
    # nothing: Anna 9, each opponent -3.
    solo = quick(
        {"re": ["Anna"], "re_points": 150, "solo": "queens", "extras": ["Anna fox", "Ben fox"]},
        ["Anna re"],
    )
    assert solo.scores == {"Anna": 9, "Ben": -3, "Carla": -3, "Dirk": -3}
    # Lost solo: Kontra wins with 140 (Anna 100): won 1, no "against the queens": Anna -3.
    lost = quick({"re": ["Anna"], "re_points": 100, "solo": "jacks"})
    assert lost.scores == {"Anna": -3, "Ben": 1, "Carla": 1, "Dirk": 1}
    # A silent wedding (Anna alone, no solo declared) is scored like a solo.
    silent = quick({"re": ["Anna"], "re_points": 100, "extras": ["Ben charlie"]})
    assert silent.scores == {"Anna": -3, "Ben": 1, "Carla": 1, "Dirk": 1}


# ====================================================================== announcements

# Re: Anna and Carla hold the queens of clubs. Dirk deals, so Anna leads the first trick.
WINDOW_DEAL = full_deal(Anna="QC", Carla="QC")


def window_hand() -> Hand:
    return Hand(RULES, P4, "Dirk", deal=WINDOW_DEAL)


@pytest.mark.parametrize(
    ("kind", "last"), [("re", 11), ("no90", 10), ("no60", 9), ("no30", 8), ("black", 7)]
)
def test_re_side_windows_by_cards_in_hand(kind: str, last: int) -> None:
    chain = ["re", "no90", "no60", "no30", "black"]
    before = [f"Anna {k}" for k in chain[: chain.index(kind)]]
    # Open while Anna holds ``last`` cards ...
    hand = window_hand()
    for text in before:
        hand.apply(text)
    play_until(hand, "Anna", last)
    hand.apply(f"Anna {kind}")
    # ... and closed once she holds one card fewer.
    hand = window_hand()
    for text in before:
        hand.apply(text)
    play_until(hand, "Anna", last - 1)
    refused(hand, f"Anna {kind}", f"announcements.window.{kind}")


def test_kontra_window_is_eleven_cards_like_re() -> None:
    hand = window_hand()
    play_until(hand, "Ben", 11)
    hand.apply("Ben contra")
    hand = window_hand()
    play_until(hand, "Ben", 10)
    refused(hand, "Ben contra", "announcements.window.contra")


def test_the_reply_is_allowed_one_card_later() -> None:
    # Kontra replying to Re: with 10 cards yes, with 9 no.
    hand = window_hand()
    hand.apply("Anna re")
    play_until(hand, "Ben", 10)
    hand.apply("Ben contra")
    hand = window_hand()
    hand.apply("Anna re")
    play_until(hand, "Ben", 9)
    refused(hand, "Ben contra", "announcements.window.contra")
    # Re replying to Kontra: the same.
    hand = window_hand()
    hand.apply("Ben contra")
    play_until(hand, "Carla", 10)
    hand.apply("Carla re")
    hand = window_hand()
    hand.apply("Ben contra")
    play_until(hand, "Carla", 9)
    refused(hand, "Carla re", "announcements.window.re")
    # No reply without the other side's Re: Kontra alone at 10 cards is too late.
    hand = window_hand()
    play_until(hand, "Dirk", 10)
    refused(hand, "Dirk contra", "announcements.window.contra")


def test_the_reply_does_not_move_the_absagen() -> None:
    # Ben replies Kontra with 10 cards; his no 90 is still due with 10 cards, not 9.
    hand = window_hand()
    hand.apply("Anna re")
    play_until(hand, "Ben", 10)
    hand.apply("Ben contra")
    hand.apply("Ben no90")
    hand = window_hand()
    hand.apply("Anna re")
    play_until(hand, "Ben", 10)
    hand.apply("Ben contra")
    play_until(hand, "Ben", 9)
    refused(hand, "Ben no90", "announcements.window.no90")


def test_an_absage_needs_the_sides_own_re_or_kontra() -> None:
    hand = window_hand()
    refused(hand, "Anna no90", "announcements.promise")
    hand.apply("Anna re")
    # Kontra has not said Kontra: Ben's no 90 is refused although Re said Re.
    refused(hand, "Ben no90", "announcements.promise")
    # Carla, Anna's partner, may promise on Anna's Re.
    hand.apply("Carla no90")
    # Nobody announces for the other side.
    refused(hand, "Ben re", "teams")
    refused(hand, "Anna contra", "teams")


@pytest.mark.parametrize(
    ("actions", "rule"),
    [
        (["Carla no90"], "announcements.promise"),  # Kontra's Absage without Kontra
        (["Anna re", "Carla no90"], "announcements.promise"),  # Re's Re is not Kontra's
        (["Carla re"], "teams"),  # Carla is Kontra
        (["Anna re", "Ben re"], "announcements.window.re"),  # Re is said once per side
    ],
)
def test_quick_entry_refuses_impossible_announcements(actions: list[str], rule: str) -> None:
    with pytest.raises(IllegalActionError) as info:
        normal(130, *actions)
    assert info.value.rule == rule, str(info.value)


def test_skipping_levels_while_they_are_open_and_each_skipped_level_scores() -> None:
    # Re with 12 cards, then no 60 with 10 cards: no 90 (due at 10) is still open.
    hand = window_hand()
    hand.apply("Anna re")
    play_until(hand, "Anna", 10)
    hand.apply("Anna no60")
    said = [(a.kind, a.implied) for a in hand.game.announcements]
    assert said == [("re", False), ("no90", True), ("no60", False)]
    # With 9 cards no 90 has closed, so no 60 cannot skip it.
    hand = window_hand()
    hand.apply("Anna re")
    play_until(hand, "Anna", 9)
    refused(hand, "Anna no60", "announcements.window.no90")
    # no 90 said; with 8 cards no 60 has closed: no 30 cannot skip it.
    hand = window_hand()
    hand.apply("Anna re")
    hand.apply("Anna no90")
    play_until(hand, "Anna", 8)
    refused(hand, "Anna no30", "announcements.window.no60")
    # black with 10 cards skips no 90, no 60 and no 30, all open.
    hand = window_hand()
    hand.apply("Anna re")
    play_until(hand, "Carla", 10)
    hand.apply("Carla black")
    kinds = [a.kind for a in hand.game.announcements]
    assert kinds == ["re", "no90", "no60", "no30", "black"]
    # Played out with first legal cards, the result counts four Absagen.
    play_cards(hand, 48 - hand.cards_played)
    result = hand.result()
    absagen = [i for i in result.items if i.rule == "scoring.promise_said"]
    assert len(absagen) == 4


def test_a_skipped_level_scores_in_full_entry_as_if_said() -> None:
    # The extras game: Re (111) loses. "Anna re", then "Anna no60" with 12 cards.
    # Kontra (129) wins with 60: won 1 + Re 2 + no90 1 + no60 1 + "120 against no 90" 1 +
    # "90 against no 60" 1 = 7, + against the queens 1 = 8, - Re's 4 extra points = 4.
    skipped = play_script(RULES, EXTRAS_GAME, before={0: ["Anna re", "Anna no60"]})
    said = play_script(RULES, EXTRAS_GAME, before={0: ["Anna re", "Anna no90", "Anna no60"]})
    expected = {"Anna": -4, "Ben": 4, "Carla": -4, "Dirk": 4}
    assert skipped.result().scores == said.result().scores == expected


def test_announcements_without_the_deal_name_their_side_when_it_is_not_public() -> None:
    # The extras game replayed without the deal: after Ben's "contra" and Anna's "re",
    # Carla's side is not yet public (her queen of clubs comes in trick 3).
    before = {0: ["Anna re", "Ben contra"], 1: ["Carla no90 re"]}
    full = play_script(RULES, EXTRAS_GAME, before={0: ["Anna re", "Ben contra"], 1: ["Carla no90"]})
    blind = play_script(RULES, EXTRAS_GAME, before=before, with_deal=False)
    assert blind.result().scores == full.result().scores
    hand = Hand(RULES, P4, "Dirk")
    hand.apply("Anna re")
    hand.apply("Ben contra")
    hand.apply("Anna 10H")
    refused(hand, "Carla no90", "announcements")


# ====================================================================== weddings

# Anna holds both queens of clubs and both tens of hearts; Dirk deals, Anna leads.
# Tricks 1-3: Anna leads 10H, QC, QC (she wins all three); then nobody is her partner.
LONE_WEDDING = """
    Anna 10H  Ben AD  Carla 10D  Dirk AD  > Anna
    Anna QC  Ben QS  Carla QD  Dirk JD  > Anna
    Anna QC  Ben QH  Carla KD  Dirk 9D  > Anna
    Anna 9C  Ben AC  Carla KC  Dirk 10C  > Ben
    Ben AS  Carla 9S  Dirk 10S  Anna KS  > Ben
    Ben AH  Carla 9H  Dirk AH  Anna KH  > Ben
    Ben 10H  Carla QS  Dirk QH  Anna QD  > Ben
    Ben AC  Carla 10C  Dirk 9C  Anna KC  > Ben
    Ben AS  Carla KS  Dirk 9S  Anna 10S  > Ben
    Ben JC  Carla JS  Dirk 10D  Anna JC  > Ben
    Ben JH  Carla JD  Dirk KD  Anna JS  > Anna
    Anna JH  Ben KH  Carla 9D  Dirk 9H  > Anna
"""
# Anna's tricks: 42 + 11 + 10 + 10 + 6 = 79; the others: 25 + 25 + 26 + 19 + 25 + 25 + 16
# = 161. Trick 1 would be a Doppelkopf with two foxes caught in a normal game.


def test_no_announcement_before_the_wedding_is_clarified() -> None:
    hand = Hand(RULES, P4, "Dirk", deal=parse_deal(LONE_WEDDING))
    hand.apply("Anna wedding")
    refused(hand, "Anna re", "teams.wedding_tricks")
    refused(hand, "Ben contra", "teams.wedding_tricks")


def parse_deal(text: str) -> dict[str, list[str]]:
    deal: dict[str, list[str]] = {p: [] for p in P4}
    for plays, _ in parse_tricks(text):
        for p, c in plays:
            deal[p].append(c)
    return deal


def test_unclarified_wedding_is_a_solo_without_extra_points() -> None:
    # No partner in the first three tricks: Anna plays alone (a diamonds solo: the normal
    # trumps). Ben's Kontra after trick 3 (windows shifted two cards: 11 - 2 = 9, Ben
    # holds 9). Anna 79: Kontra wins: won 1 + Re under 90 1 + Kontra 2 = 4; no extra
    # points, no "against the queens". Anna -12, each opponent +4.
    hand = play_script(RULES, LONE_WEDDING, before={0: ["Anna wedding"], 12: ["Ben contra"]})
    result = hand.result()
    assert hand.game.partner is None
    assert result.sides == {"re": ["Anna"], "contra": ["Ben", "Carla", "Dirk"]}
    assert result.card_points == {"re": 79, "contra": 161}
    assert result.scores == {"Anna": -12, "Ben": 4, "Carla": 4, "Dirk": 4}
    assert not [i for i in result.items if i.rule.startswith(("options.", "extras."))]
    assert "Anna" in result.game_type
    # The same as a quick entry.
    q = quick({"re": ["Anna"], "re_points": 79}, ["Anna wedding", "Ben contra"])
    assert q.scores == result.scores


def test_unclarified_wedding_shifts_the_windows_two_cards() -> None:
    # Clarified (alone) in trick 3: Re/Kontra open down to 9 cards, no 90 to 8.
    tricks = parse_tricks(LONE_WEDDING)
    deal = parse_deal(LONE_WEDDING)

    def after_three(extra: int = 0) -> Hand:
        hand = Hand(RULES, P4, "Dirk", deal=deal)
        hand.apply("Anna wedding")
        for plays, _ in tricks[:3]:
            for p, c in plays:
                hand.apply(f"{p} {c}")
        for p, c in tricks[3][0][:extra]:
            hand.apply(f"{p} {c}")
        return hand

    hand = after_three()
    assert hand.cards_in_hand("Anna") == 9
    hand.apply("Anna re")
    hand.apply("Anna no90")
    hand = after_three(extra=1)  # Anna led trick 4: 8 cards
    refused(hand, "Anna re", "announcements.window.re")
    # Kontra's reply to Anna's Re: 11 - 2 - 1 = 8 cards.
    hand = after_three()
    hand.apply("Anna re")
    hand.apply("Anna 9C")
    hand.apply("Ben AC")
    assert hand.cards_in_hand("Ben") == 8
    hand.apply("Ben contra")


# Anna (wedding) leads 10H and wins trick 1; she leads 9H in trick 2 and Ben's ace of
# hearts takes it: Ben is her partner, clarified in trick 2.
WEDDING_2 = full_deal(
    Anna="10H QC QC 9H QS QS AS AS 10S 10S KS KS", Ben="AH 10H", Carla="KH AD", Dirk="9H AD"
)


def wedding_after_two() -> Hand:
    hand = Hand(RULES, P4, "Dirk", deal=WEDDING_2)
    hand.apply("Anna wedding")
    hand.apply("Anna 10H")
    play_cards(hand, 3)
    refused(hand, "Ben re", "teams.wedding_tricks")
    hand.apply("Anna 9H")
    hand.apply("Ben AH")
    refused(hand, "Ben re", "teams.wedding_tricks")  # not clarified mid-trick
    hand.apply("Carla KH")
    hand.apply("Dirk 9H")
    assert hand.game.partner == "Ben"
    return hand


def test_wedding_clarified_in_trick_two_windows_one_card_later() -> None:
    # Everybody holds 10 cards; Re and Kontra are open down to 10, Absagen one card
    # later than usual (no 90 with 9).
    hand = wedding_after_two()
    hand.apply("Ben re")
    hand.apply("Carla contra")
    hand = wedding_after_two()
    play_cards(hand, 1)  # Ben leads trick 3: 9 cards
    refused(hand, "Ben re", "announcements.window.re")
    hand.apply("Anna re")  # Anna still holds 10
    hand.apply("Ben no90")  # Ben's no 90 with 9 cards: 10 - 1
    # Kontra replies with 9 cards (11 - 1 - 1).
    play_until(hand, "Carla", 9)
    hand.apply("Carla contra")
    play_until(hand, "Ben", 8)
    hand.apply("Ben no60")  # 9 - 1
    play_until(hand, "Ben", 6)
    refused(hand, "Ben no30", "announcements.window.no30")  # needs 8 - 1 = 7


def test_wedding_partner_is_the_first_other_winner_and_extras_count() -> None:
    # A wedding with a partner is a normal game: extra points count. Played out with first
    # legal cards; the scores equal the quick entry of the same sheet.
    hand = wedding_after_two()
    hand.apply("Ben re")
    play_cards(hand, 48 - hand.cards_played)
    result = hand.result()
    assert result.sides["re"] == ["Anna", "Ben"]
    assert sum(result.scores.values()) == 0
    facts = hand.summary()
    assert quick(facts, ["Anna wedding", "Ben re"]).scores == result.scores


def test_wedding_clarified_in_trick_one_keeps_the_windows() -> None:
    # Anna leads 9S and Ben's ace of spades takes it: Ben is her partner after trick 1.
    deal = full_deal(
        Anna="QC QC 9S 10H QS QS QH QH JC JC JS JS", Ben="AS KH", Carla="KS AH", Dirk="9S 9H"
    )
    hand = Hand(RULES, P4, "Dirk", deal=deal)
    hand.apply("Anna wedding")
    for text in ["Anna 9S", "Ben AS", "Carla KS", "Dirk 9S"]:
        hand.apply(text)
    assert hand.game.partner == "Ben"
    hand.apply("Carla contra")  # 11 cards
    play_cards(hand, 1)  # Ben leads trick 2: 10 cards; Re's reply is open at 10
    hand.apply("Ben re")
    play_cards(hand, 1)  # Carla: 10 cards; her no 90 is open at 10
    hand.apply("Carla no90")
    play_until(hand, "Ben", 9)
    refused(hand, "Ben no90", "announcements.window.no90")


def test_silent_wedding_is_a_solo_in_full_entry() -> None:
    # The lone-wedding hand without the declaration: Anna is alone from the start.
    # Anna 79, Kontra 161: won 1 + Re under 90 1 = 2; Anna -6, each opponent +2; no extras.
    hand = play_script(RULES, LONE_WEDDING)
    result = hand.result()
    assert result.sides["re"] == ["Anna"]
    assert result.scores == {"Anna": -6, "Ben": 2, "Carla": 2, "Dirk": 2}
    assert not [i for i in result.items if i.rule.startswith(("options.", "extras."))]


# ====================================================================== solos


@pytest.mark.parametrize(
    ("kind", "trumps"),
    [
        ("queens", "QC QS QH QD"),
        ("jacks", "JC JS JH JD"),
        ("clubs", "10H QC QS QH QD JC JS JH JD AC 10C KC 9C"),
        ("spades", "10H QC QS QH QD JC JS JH JD AS 10S KS 9S"),
        ("hearts", "10H QC QS QH QD JC JS JH JD AH KH 9H"),
        ("diamonds", "10H QC QS QH QD JC JS JH JD AD 10D KD 9D"),
        ("meatless", ""),
    ],
)
def test_solo_trump_orders(kind: str, trumps: str) -> None:
    hand = Hand(RULES, P4, "Dirk")
    hand.apply(f"Carla solo {kind}")
    assert [c.code for c in hand.contract.trumps] == trumps.split()


@pytest.mark.parametrize(
    ("kind", "cards", "winner"),
    [
        # queens solo: jacks and the ten of hearts are plain cards (A 10 K J 9).
        ("queens", "JC AC", 1),
        ("queens", "10H AH", 1),
        ("queens", "KC JC", 0),
        ("queens", "AD 9D QD", 2),
        ("queens", "JH 10H QS", 2),
        # jacks solo: queens are plain (A 10 K Q 9).
        ("jacks", "QS KS", 1),
        ("jacks", "AS JD", 1),
        ("jacks", "QC 9C", 0),
        # hearts solo: the ten of hearts on top, hearts are trumps, diamonds plain.
        ("hearts", "AH 10H", 1),
        ("hearts", "AD 9H", 1),
        ("hearts", "10D AD", 1),
        ("hearts", "JD AH", 0),
        # clubs solo: clubs are trumps below the jacks; diamonds plain.
        ("clubs", "AD 9C", 1),
        ("clubs", "AC JD", 1),
        ("clubs", "10H QC", 0),
        # meatless: no trumps at all; A 10 K Q J 9 in each suit; only the suit led counts.
        ("meatless", "QC AC", 1),
        ("meatless", "QH 10H", 1),
        ("meatless", "AD 10H QC JC", 0),
        ("meatless", "JC QC 9C", 1),
    ],
)
def test_solo_tricks(kind: str, cards: str, winner: int) -> None:
    hand = Hand(RULES, P4, "Dirk")
    hand.apply(f"Anna solo {kind}")
    played = [Card.parse(c) for c in cards.split()]
    verdict = judge_trick(hand.contract, played, P4[: len(played)], last_trick=False)
    assert verdict.index == winner, verdict.reason


def test_solo_following_uses_the_solos_suits() -> None:
    # Queens solo: a jack of hearts led is a heart; Ben holding hearts must follow with
    # one (the queen of hearts is a trump and does not follow).
    deal = full_deal(Anna="JH", Ben="QH KH AC")
    hand = Hand(RULES, P4, "Dirk", deal=deal)
    hand.apply("Anna solo queens")
    hand.apply("Anna JH")
    legal = {c.code for c in hand.legal_cards("Ben") or []}
    assert "KH" in legal and "QH" not in legal and "AC" not in legal


def test_solo_scoring_three_times_for_the_soloist() -> None:
    # Queens solo, Anna alone, Re said, 150: won 1 + Re 2 = 3: Anna +9, others -3 each.
    result = quick({"re": ["Anna"], "re_points": 150, "solo": "queens"}, ["Anna re"])
    assert result.scores == {"Anna": 9, "Ben": -3, "Carla": -3, "Dirk": -3}
    # Meatless solo, Kontra says Kontra and no 90; Anna takes 200: Kontra (40) under 90
    # and 60: won 1 + 2 + Kontra 2 + no90 1 + 200 >= 120 against no90 1 = 7: Anna +21.
    result = quick(
        {"re": ["Anna"], "re_points": 200, "solo": "meatless"}, ["Ben contra", "Carla no90"]
    )
    assert result.scores == {"Anna": 21, "Ben": -7, "Carla": -7, "Dirk": -7}


def test_solo_must_be_declared_before_the_first_card_and_named() -> None:
    hand = Hand(RULES, P4, "Dirk")
    refused(hand, "Anna solo", "solos")
    refused(hand, "Anna solo grand", "solos")
    hand.apply("Anna 9C")
    refused(hand, "Ben solo queens")
    # The seed's rule set has no solos.
    plain = Hand(ruleset.load("doppelkopf"), P4, "Dirk")
    refused(plain, "Anna solo queens", "solos")


def test_quick_solo_key_needs_one_re_player() -> None:
    with pytest.raises(IllegalActionError) as info:
        quick({"re": ["Anna", "Ben"], "re_points": 150, "solo": "queens"})
    assert info.value.rule == "solos"
    with pytest.raises(IllegalActionError) as info:
        quick({"re": ["Anna"], "re_points": 150, "solo": "grand"})
    assert info.value.rule == "solos"


def test_obligatory_solo_the_soloist_leads_and_the_dealer_deals_again() -> None:
    m = Match(RULES, P4, "Anna")
    # Game 1, Anna deals: Carla's first solo is her obligatory one; Carla leads, not Ben.
    mh = m.start_hand(full_deal(Carla="JC JC JS JS"))
    assert mh.dealer == "Anna" and mh.hand is not None
    m.apply("Carla solo jacks")
    assert mh.hand.game.obligatory is True
    assert mh.hand.to_play() == "Carla"
    refused(mh.hand, "Ben 9C", "play.turn_order")
    while not mh.finished:
        player = mh.hand.to_play()
        assert player is not None
        m.apply(f"{player} {(mh.hand.legal_cards(player) or [])[0].code}")
    assert mh.result is not None
    assert "obligatory" in mh.result.game_type
    assert mh.result.details["obligatory"] is True
    assert m.next_dealer() == "Anna"  # the same dealer deals again
    # Game 2, Anna deals again: Carla's second solo is voluntary; Ben (left of Anna) leads.
    hand = m.start_hand(None).hand
    assert hand is not None
    hand.apply("Carla solo hearts")
    assert hand.game.obligatory is False
    assert hand.to_play() == "Ben"
    again = quick({"re": ["Carla"], "re_points": 150, "solo": "hearts"}, context=m.context())
    assert "voluntary" in again.game_type


def test_voluntary_solo_passes_the_deal_on() -> None:
    m = Match(RULES, P4, "Anna")
    m.add_quick({"re": ["Carla"], "re_points": 150, "solo": "jacks"}, [])  # obligatory
    second = m.add_quick({"re": ["Carla"], "re_points": 150, "solo": "queens"}, [])
    assert second.dealer == "Anna"
    assert "voluntary" in second.result.game_type
    assert m.next_dealer() == "Ben"
    # Another player's first solo is obligatory again.
    third = m.add_quick({"re": ["Dirk"], "re_points": 150, "solo": "queens"}, [])
    assert third.dealer == "Ben" and third.result.details["obligatory"] is True
    assert m.next_dealer() == "Ben"


def test_without_obligatory_solos_every_solo_is_voluntary() -> None:
    rules = ddv(obligatory_solos=False)
    hand = Hand(rules, P4, "Anna")
    hand.apply("Carla solo queens")
    assert hand.to_play() == "Ben"
    m = Match(rules, P4, "Anna")
    m.add_quick({"re": ["Carla"], "re_points": 150, "solo": "jacks"}, [])
    assert m.next_dealer() == "Ben"


def test_full_solo_equals_quick_solo() -> None:
    # A jacks solo by Dirk, played with first legal cards; Dirk says Re before his first
    # card. The quick entry `solo=jacks`, `re=[Dirk]` of the same sheet scores the same.
    hand = Hand(RULES, P4, "Anna", deal=full_deal(Dirk="JC JC JS JS JH JH JD JD AC AC AS AS"))
    hand.apply("Dirk solo jacks")
    hand.apply("Dirk re")
    play_cards(hand, 48)
    result = hand.result()
    facts = hand.summary()
    assert facts["solo"] == "jacks" and facts["re"] == ["Dirk"]
    assert quick(facts, ["Dirk solo jacks", "Dirk re"], dealer="Anna").scores == result.scores
    assert result.scores["Dirk"] == -3 * result.scores["Anna"]
    assert result.scores["Dirk"] > 0


# ====================================================================== tables of five


def test_five_at_the_table_the_dealer_sits_out_and_scores_nothing() -> None:
    hand = Hand(RULES, P5, "Carla")
    assert hand.players == ["Anna", "Ben", "Dirk", "Eve"]
    assert hand.to_play() == "Dirk"  # left of the dealer
    refused(hand, "Carla 9C", "players")
    # A normal game: Anna and Dirk Re with 130: won 1; Carla (dealing) 0.
    result = quick({"re": ["Anna", "Dirk"], "re_points": 130}, table=P5, dealer="Carla")
    assert result.scores == {"Anna": 1, "Ben": -1, "Carla": 0, "Dirk": 1, "Eve": -1}
    # A solo: Eve's meatless solo, 150: won 1 = 1; Eve +3, three opponents -1, Carla 0.
    result = quick({"re": ["Eve"], "re_points": 150, "solo": "meatless"}, table=P5, dealer="Carla")
    assert result.scores == {"Anna": -1, "Ben": -1, "Carla": 0, "Dirk": -1, "Eve": 3}
    with pytest.raises(IllegalActionError):
        quick({"re": ["Carla", "Dirk"], "re_points": 130}, table=P5, dealer="Carla")


@pytest.mark.parametrize("text", ["Carla solo queens", "Carla wedding", "Carla re"])
def test_five_at_the_table_the_sitting_out_dealer_declares_and_announces_nothing(
    text: str,
) -> None:
    # Carla deals and sits out: she plays no card, so she cannot declare a solo or a
    # wedding or announce Re (with no deal recorded, nothing else refuses it).
    hand = Hand(RULES, P5, "Carla")
    assert "Carla" not in hand.players
    with pytest.raises(IllegalActionError):
        hand.verify(text)
        pytest.fail(f"{text!r} accepted from the dealer who sits out ({hand.players} play)")


def test_five_at_the_table_quick_refuses_announcements_by_the_dealer() -> None:
    # Carla deals and sits out; "Carla contra" on the sheet would add Kontra's 2 points.
    with pytest.raises(IllegalActionError):
        result = quick(
            {"re": ["Anna", "Dirk"], "re_points": 100},
            ["Carla contra"],
            table=P5,
            dealer="Carla",
        )
        pytest.fail(f"accepted: {result.reasons()}")


def test_five_at_the_table_full_game() -> None:
    # Eve deals and sits out; the others play a full game with first legal cards.
    hand = Hand(RULES, P5, "Eve", deal=full_deal(P4, Anna="QC", Ben="QC"))
    hand.apply("Anna re")
    play_cards(hand, 48)
    result = hand.result()
    assert result.scores["Eve"] == 0
    assert sum(result.scores.values()) == 0
    assert len({result.scores[p] % 2 for p in P4}) == 1


def round_of(m: Match, games: int) -> None:
    """Add ``games`` normal quick games: the two players after the dealer are Re, 130."""
    for _ in range(games):
        dealer = m.next_dealer()
        playing = [p for p in m.players if p != dealer] if len(m.players) == 5 else m.players
        m.add_quick({"re": playing[:2], "re_points": 130}, [])


@pytest.mark.parametrize(("players", "games"), [(P4, 24), (P5, 30)])
def test_a_round_is_24_games_for_four_and_30_for_five(players: list[str], games: int) -> None:
    m = Match(RULES, players, players[0])
    round_of(m, games - 1)
    assert m.over() is None
    # An obligatory solo does not count towards the round.
    m.add_quick({"re": [players[1]], "re_points": 150, "solo": "queens"}, [])
    assert m.over() is None
    round_of(m, 1)
    assert m.over()
    assert len(m.hands) == games + 1
    with pytest.raises(IllegalActionError):
        round_of(m, 1)


def test_a_voluntary_solo_counts_towards_the_round() -> None:
    m = Match(RULES, P4, "Anna")
    m.add_quick({"re": ["Ben"], "re_points": 150, "solo": "queens"}, [])  # obligatory
    m.add_quick({"re": ["Ben"], "re_points": 150, "solo": "queens"}, [])  # voluntary
    round_of(m, 22)
    assert m.over() is None
    round_of(m, 1)
    assert m.over()


# ====================================================================== Bock rounds


def test_bock_is_off_by_default() -> None:
    m = Match(RULES, P4, "Anna")
    m.add_quick({"re": ["Ben", "Carla"], "re_points": 120}, [])
    nxt = m.add_quick({"re": ["Ben", "Carla"], "re_points": 130}, [])
    assert nxt.result.scores["Ben"] == 1
    assert "Bock" not in nxt.result.game_type


def test_bock_round_after_120_120_doubles_the_next_round() -> None:
    m = Match(ddv(bock=True), P4, "Anna")
    first = m.add_quick({"re": ["Ben", "Carla"], "re_points": 120}, [])
    assert first.result.scores["Ben"] == -2  # Kontra wins 120:120: 1 + against the queens 1
    # The next four games (a round at a table of four) count double: 130 for Re, 1 -> 2.
    for _ in range(4):
        mh = m.add_quick({"re": ["Ben", "Carla"], "re_points": 130}, [])
        assert mh.result.scores["Ben"] == 2, mh.result.reasons()
        assert mh.result.game_type.endswith("Bock x2")
        bock = [i for i in mh.result.items if i.rule == "options.bock"]
        assert [(i.op, i.points) for i in bock] == [("times", 2)]
    after = m.add_quick({"re": ["Ben", "Carla"], "re_points": 130}, [])
    assert after.result.scores["Ben"] == 1
    assert "Bock" not in after.result.game_type


def test_overlapping_bock_rounds_stack() -> None:
    m = Match(ddv(bock=True), P4, "Anna")
    m.add_quick({"re": ["Ben", "Carla"], "re_points": 120}, [])  # game 1: starts 2-5
    # Game 2 is 120:120 in the Bock round: (1 + 1) x 2 = 4; it starts games 3-6.
    second = m.add_quick({"re": ["Ben", "Carla"], "re_points": 120}, [])
    assert second.result.scores["Ben"] == -4
    expected = [("Bock x4", 4), ("Bock x4", 4), ("Bock x4", 4), ("Bock x2", 2), (None, 1)]
    for kind, value in expected:
        mh = m.add_quick({"re": ["Ben", "Carla"], "re_points": 130}, [])
        assert mh.result.scores["Ben"] == value, mh.result.reasons()
        if kind:
            assert mh.result.game_type.endswith(kind)
        else:
            assert "Bock" not in mh.result.game_type


def test_bock_round_at_five_is_five_games_and_covers_solos() -> None:
    m = Match(ddv(bock=True, obligatory_solos=False), P5, "Anna")
    dealer = m.next_dealer()
    playing = [p for p in P5 if p != dealer]
    m.add_quick({"re": playing[:2], "re_points": 120}, [])
    # A solo in the Bock round: Eve's queens solo, 150, Re said: (1 + 2) x 2 = 6; Eve 18.
    solo = m.add_quick({"re": ["Eve"], "re_points": 150, "solo": "queens"}, ["Eve re"])
    assert solo.result.scores["Eve"] == 18
    assert solo.result.game_type.endswith("Bock x2")
    assert sum(solo.result.scores.values()) == 0
    # Four more games double, then it ends.
    for value in (2, 2, 2, 2, 1):
        dealer = m.next_dealer()
        playing = [p for p in P5 if p != dealer]
        mh = m.add_quick({"re": playing[:2], "re_points": 130}, [])
        assert mh.result.scores[playing[0]] == value, mh.number


def test_bock_after_a_lost_solo_and_a_lost_announcement() -> None:
    rules = ddv(bock=True, bock_after_lost_solo=True)
    m = Match(rules, P4, "Anna")
    m.add_quick({"re": ["Ben"], "re_points": 100, "solo": "queens"}, [])  # lost solo
    assert m.add_quick({"re": ["Ben", "Carla"], "re_points": 130}, []).result.scores["Ben"] == 2
    # Without the option a lost solo starts nothing.
    m = Match(ddv(bock=True), P4, "Anna")
    m.add_quick({"re": ["Ben"], "re_points": 100, "solo": "queens"}, [])
    assert m.add_quick({"re": ["Ben", "Carla"], "re_points": 130}, []).result.scores["Ben"] == 1
    # A side said Re and lost: with the option, Bock.
    rules = ddv(bock=True, bock_after_lost_announcement=True)
    m = Match(rules, P4, "Anna")
    m.add_quick({"re": ["Ben", "Carla"], "re_points": 100}, ["Ben re"])
    assert m.add_quick({"re": ["Ben", "Carla"], "re_points": 130}, []).result.scores["Ben"] == 2
    # Re said Re and won: nothing.
    m = Match(rules, P4, "Anna")
    m.add_quick({"re": ["Ben", "Carla"], "re_points": 130}, ["Ben re"])
    assert m.add_quick({"re": ["Ben", "Carla"], "re_points": 130}, []).result.scores["Ben"] == 1


def test_bock_is_available_to_every_doppelkopf_rule_set() -> None:
    # The seed's rule set (multiplied style): after 120:120, Re winning 130 is 1 x 2 = 2.
    m = Match(ruleset.load("doppelkopf", {"bock": True}), P4, "Anna")
    m.add_quick({"re": ["Ben", "Carla"], "re_points": 120}, [])
    mh = m.add_quick({"re": ["Ben", "Carla"], "re_points": 130}, [])
    assert mh.result.scores["Ben"] == 2
    assert mh.result.game_type.endswith("Bock x2")


def test_bock_counts_in_full_entry_too() -> None:
    # After a 120:120 quick game, the extras game played in full is doubled: Re +4.
    m = Match(ddv(bock=True), P4, "Dirk")
    m.add_quick({"re": ["Anna", "Carla"], "re_points": 120}, [])
    hand = play_script(ddv(bock=True), EXTRAS_GAME, context=m.context())
    assert hand.result().scores == {"Anna": 4, "Ben": -4, "Carla": 4, "Dirk": -4}
    assert hand.result().game_type.endswith("Bock x2")


# ====================================================================== the command line


def run_cli(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")}
    env["SCOREKEEPER_HOME"] = str(home)
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_cli_five_player_ddv_match_with_quick_entries(tmp_path: Path) -> None:
    path = str(tmp_path / "ddv.toml")

    def sk(*args: str) -> subprocess.CompletedProcess[str]:
        res = run_cli(tmp_path, *args, "--match", path)
        assert res.returncode == 0, res.stderr
        return res

    sk("new", "doppelkopf-ddv", *P5)
    # Hand 1, Anna deals and sits out: Carla's queens solo (her first: obligatory), Re
    # said, 150: won 1 + Re 2 = 3: Carla +9, Ben/Dirk/Eve -3, Anna 0.
    sk("hand", "re=Carla", "re_points=150", "solo=queens", "-a", "Carla re")
    # Hand 2, Anna deals again after the obligatory solo: Ben and Carla Re with 100,
    # Dirk says Kontra: Kontra (140) wins: won 1 + Kontra 2 + against the queens 1 = 4.
    sk("hand", "re=Ben,Carla", "re_points=100", "-a", "Dirk contra")
    # Hand 3, Ben deals and sits out: he cannot be on the sheet.
    res = run_cli(tmp_path, "hand", "re=Ben,Carla", "re_points=130", "--match", path)
    assert res.returncode == 1 and "[rule: " in res.stderr
    # Anna and Dirk Re with 130 and Anna's Re: won 1 + Re 2 = 3.
    sk("hand", "re=Anna,Dirk", "re_points=130", "-a", "Anna re")
    data = json.loads(sk("score", "--json").stdout)
    hands = data["hands"]
    assert [h["dealer"] for h in hands] == ["Anna", "Anna", "Ben"]
    assert [h["result"]["scores"][h["dealer"]] for h in hands] == [0, 0, 0]
    assert hands[0]["result"]["scores"] == {"Anna": 0, "Ben": -3, "Carla": 9, "Dirk": -3, "Eve": -3}
    assert hands[1]["result"]["scores"] == {"Anna": 0, "Ben": -4, "Carla": -4, "Dirk": 4, "Eve": 4}
    assert hands[2]["result"]["scores"] == {"Anna": 3, "Ben": 0, "Carla": -3, "Dirk": 3, "Eve": -3}
    # Totals: Anna 0+0+3, Ben -3-4+0, Carla 9-4-3, Dirk -3+4+3, Eve -3+4-3.
    assert data["totals"] == {"Anna": 3, "Ben": -7, "Carla": 2, "Dirk": 4, "Eve": -2}
    assert data["over"] is None
    assert "queens solo" in hands[0]["result"]["game_type"]
