"""Kloepper (seed 000, RULINGS.md section Kloepper): cards, partnerships, knocks, scoring, match.

Every expected number is derived by hand from the seed and RULINGS.md in a comment next to
it, never read back from the engine. Card points: A 11, 10 10, K 4, Q 3, J 2, 9 0.
Anna deals, so Ben leads the first trick.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from types import SimpleNamespace

import pytest
from cli_helpers import assert_refused, run_cli, snapshot
from conftest import PLAYERS, parse_tricks, play_written

from scorekeeper import ruleset
from scorekeeper.actions import parse_action
from scorekeeper.cards import Card
from scorekeeper.contract import judge_trick
from scorekeeper.errors import IllegalActionError
from scorekeeper.games.kloepper import FAMILY
from scorekeeper.hand import Hand
from scorekeeper.result import HandResult


@pytest.fixture
def kl() -> ruleset.Ruleset:
    return ruleset.load("kloepper")


def quick(rules: ruleset.Ruleset, actions: tuple[str, ...] = (), **facts: object) -> HandResult:
    parsed = [parse_action(a, PLAYERS) for a in actions]
    return FAMILY.score_quick(rules, PLAYERS, "Anna", facts, parsed, {})


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


# ---------------------------------------------------------------------- the material


def test_deck_deal_and_trumps_follow_the_rulings(kl: ruleset.Ruleset) -> None:
    # 9 to A in four suits: 24 cards, dealt 3 + 3 to four players.
    assert len(kl.deck) == 24
    assert kl.get("deal.packets") == [3, 3]
    assert kl.hand_size == 6
    assert kl.require("card_points.total") == 120
    assert kl.get("contracts.normal.trumps") == [
        "QC", "QS", "JC", "JS", "JH", "JD", "AD", "10D", "KD", "QD", "9D",
    ]  # fmt: skip
    contract = Hand(kl, PLAYERS, "Anna").contract
    plain = [c for c in kl.deck.cards if not contract.is_trump(c)]
    # hearts keeps all five cards, clubs and spades lose queen and jack
    assert sorted(c.code for c in plain if c.suit == "H") == ["10H", "9H", "AH", "KH", "QH"]
    assert len([c for c in plain if c.suit == "C"]) == 4
    assert len([c for c in plain if c.suit == "S"]) == 4
    assert len(plain) == 13 and len(contract.trumps) == 11


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        # the queen of clubs is the highest trump, the queen of spades the next
        ("QS QC JC 9D", 1),
        # the nine of diamonds, the lowest trump, beats the ace of hearts led
        ("AH 9D 10H KH", 1),
        # the queen of hearts is a plain card: it beats the nine of hearts only
        ("QH 9H KH 10S", 2),
        # the jacks rank clubs, spades, hearts, diamonds, all above the ace of diamonds
        ("JD AD JH JS", 3),
        # a plain card of another suit never wins: the ace of clubs after a led nine of spades
        ("9S AC AS 10S", 2),
    ],
)
def test_trick_winners(kl: ruleset.Ruleset, trick: str, winner: int) -> None:
    contract = Hand(kl, PLAYERS, "Anna").contract
    verdict = judge_trick(contract, cards(trick), PLAYERS, last_trick=False)
    assert verdict.index == winner, verdict.reason


# ---------------------------------------------------------------------- a full hand

# Ben QC, Dirk QS: Ben and Dirk are the queens. Anna deals, Ben leads.
NORMAL_HAND = """
Ben AC    Carla 9S   Dirk 9C    Anna KS   > Ben
Ben 10C   Carla 9H   Dirk KC    Anna QH   > Ben
Ben KH    Carla AS   Dirk JD    Anna 10H  > Dirk
Dirk QS   Anna QD    Ben QC     Carla 9D  > Ben
Ben AD    Carla 10D  Dirk KD    Anna JS   > Anna
Anna AH   Ben JH     Carla JC   Dirk 10S  > Carla
"""
# Tricks: 11+0+0+4=15 Ben, 10+0+4+3=17 Ben, 4+11+2+10=27 Dirk, 3+3+3+0=9 Ben,
# 11+10+4+2=27 Anna, 11+2+2+10=25 Carla. Queens (Ben, Dirk): 15+17+27+9 = 68;
# others (Anna, Carla): 27+25 = 52; 68+52 = 120.


def test_full_hand_with_the_deal(kl: ruleset.Ruleset) -> None:
    played = play_written(kl, NORMAL_HAND)
    res = played.last.result
    assert res is not None
    assert res.sides == {"queens": ["Ben", "Dirk"], "others": ["Anna", "Carla"]}
    assert res.card_points == {"queens": 68, "others": 52}
    # queens 61..90, no knock, not alone: 2 points for each queen, nobody loses any
    assert res.scores == {"Anna": 0, "Ben": 2, "Carla": 0, "Dirk": 2}
    assert [i.rule for i in res.items] == ["scoring.queens.win.points"]
    assert played.hand.summary() == {"queens": ["Ben", "Dirk"], "queens_points": 68}


def test_full_hand_without_the_deal_finds_the_queens_as_played(kl: ruleset.Ruleset) -> None:
    played = play_written(kl, NORMAL_HAND, with_deal=False)
    assert not played.hand.revokes
    res = played.last.result
    assert res is not None
    # the same hand as with the deal: Ben (QC) and Dirk (QS) 68, 2 each
    assert res.scores == {"Anna": 0, "Ben": 2, "Carla": 0, "Dirk": 2}
    assert played.hand.game.side_of("Carla") == "others"


def test_sides_become_known_as_the_queens_appear(kl: ruleset.Ruleset) -> None:
    hand = Hand(kl, PLAYERS, "Anna")
    for text in ("Ben AC", "Carla 9S", "Dirk 9C", "Anna KS"):
        hand.apply(text)
    assert hand.game.side_of("Ben") is None
    for text in ("Ben 10C", "Carla 9H", "Dirk KC", "Anna QH", "Ben KH", "Carla AS", "Dirk JD"):
        hand.apply(text)
    hand.apply("Anna 10H")
    out = hand.apply("Dirk QS")
    assert any("Dirk" in m and "queens" in m for m in out.messages)
    assert hand.game.side_of("Dirk") == "queens"
    assert hand.game.side_of("Anna") is None  # one queen is still out
    hand.apply("Anna QD")
    hand.apply("Ben QC")
    assert hand.game.side_of("Anna") == "others"
    assert hand.game.same_side("Ben", "Dirk") is True
    assert hand.game.same_side("Ben", "Carla") is False


# Ben holds both black queens and calls the ace of hearts, which Anna holds.
CALL_HAND = """
Ben QC    Carla 9C   Dirk 9D    Anna JH   > Ben
Ben QS    Carla 9S   Dirk QD    Anna JD   > Ben
Ben JC    Carla KC   Dirk 9H    Anna KD   > Ben
Ben JS    Carla 10C  Dirk 10H   Anna AC   > Ben
Ben AD    Carla 10S  Dirk KH    Anna AS   > Ben
Ben 10D   Carla KS   Dirk QH    Anna AH   > Ben
"""
# Ben takes every trick: 5 + 8 + 10 + 33 + 36 + 28 = 120.


def test_call_hand_partner_found_by_the_called_ace(kl: ruleset.Ruleset) -> None:
    played = play_written(kl, CALL_HAND, before={0: ["Ben call AH"]}, with_deal=False)
    hand = played.hand
    res = played.last.result
    assert res is not None
    assert any("called AH" in m for o in played.outcomes for m in o.messages)
    assert res.sides["queens"] == ["Anna", "Ben"]
    # queens (Ben with Anna) took every trick, not alone: 6 each
    assert res.scores == {"Anna": 6, "Ben": 6, "Carla": 0, "Dirk": 0}
    assert [i.rule for i in res.items] == ["scoring.queens.all_tricks.points"]
    assert res.game_type == "Ben calls AH"
    assert hand.summary() == {
        "queens": ["Anna", "Ben"],
        "queens_points": 120,
        "all_tricks": "queens",
    }


def test_called_partner_is_unknown_until_the_ace_is_played(kl: ruleset.Ruleset) -> None:
    hand = Hand(kl, PLAYERS, "Anna")
    hand.apply("Ben call AH")
    tricks = parse_tricks(CALL_HAND)
    for trick in tricks[:5]:
        for player, card in trick.plays:
            hand.apply(f"{player} {card}")
    # five tricks played, the ace of hearts still out: only Ben's side is known
    assert hand.game.side_of("Ben") == "queens"
    assert hand.game.side_of("Anna") is None
    assert hand.game.same_side("Carla", "Dirk") is None
    for player, card in tricks[5].plays[:3]:
        hand.apply(f"{player} {card}")
    out = hand.apply("Anna AH")
    assert any("called AH" in m and "Ben" in m for m in out.messages)
    assert hand.game.side_of("Anna") == "queens"
    assert hand.game.same_side("Carla", "Dirk") is True


def test_call_hand_with_deal_and_knock(kl: ruleset.Ruleset) -> None:
    played = play_written(kl, CALL_HAND, before={0: ["Ben call AH", "Ben knock"]})
    res = played.last.result
    assert res is not None
    # knock made, not alone: 12 for each of the queens' side
    assert res.scores == {"Anna": 12, "Ben": 12, "Carla": 0, "Dirk": 0}
    assert [i.rule for i in res.items] == ["knock.made"]


def test_alone_hand_with_knock_and_failed_reply(kl: ruleset.Ruleset) -> None:
    played = play_written(kl, CALL_HAND, before={0: ["Ben alone", "Ben knock", "Carla knock"]})
    res = played.last.result
    assert res is not None
    assert res.sides == {"queens": ["Ben"], "others": ["Anna", "Carla", "Dirk"]}
    # reply knock failed (Ben took every trick) and Ben alone: 30 for Ben
    assert res.scores == {"Anna": 0, "Ben": 30, "Carla": 0, "Dirk": 0}
    assert [i.rule for i in res.items] == ["knock.reply.failed_alone"]


def test_knock_failed_in_a_full_hand(kl: ruleset.Ruleset) -> None:
    # Ben (QC) knocks before the first card; Anna and Carla take tricks 5 and 6.
    played = play_written(kl, NORMAL_HAND, before={0: ["Ben knock"]})
    res = played.last.result
    assert res is not None
    # knock failed, not alone: each of the others (Anna, Carla) 12
    assert res.scores == {"Anna": 12, "Ben": 0, "Carla": 12, "Dirk": 0}
    assert [i.rule for i in res.items] == ["knock.failed"]


def test_knock_and_reply_after_the_first_trick(kl: ruleset.Ruleset) -> None:
    # 4 cards on the table: trick 2 has not begun, so both knocks are still in time
    played = play_written(kl, NORMAL_HAND, before={4: ["Dirk knock", "Anna knock"]})
    res = played.last.result
    assert res is not None
    # the reply side (Anna, Carla) took a trick: 24 each
    assert res.scores == {"Anna": 24, "Ben": 0, "Carla": 24, "Dirk": 0}
    assert [i.rule for i in res.items] == ["knock.reply.made"]


# ---------------------------------------------------------------------- the scoring table

QUEENS_TABLE = [
    # (queens points, all tricks?, points for each queen, lone player's points)
    (61, None, 2, 6),  # 61 card points: 2, alone 6
    (90, None, 2, 6),  # still under 91
    (91, None, 4, 12),  # 91: 4, alone 12
    (120, None, 4, 12),  # 120 but the others took the four nines: not all tricks
    (120, "queens", 6, 18),  # every trick: 6, alone 18
]


@pytest.mark.parametrize(("pts", "all_tricks", "each", "alone"), QUEENS_TABLE)
def test_queens_rows(
    kl: ruleset.Ruleset, pts: int, all_tricks: str | None, each: int, alone: int
) -> None:
    extra = {"all_tricks": all_tricks} if all_tricks else {}
    res = quick(kl, queens=["Anna", "Carla"], queens_points=pts, **extra)
    assert res.scores == {"Anna": each, "Ben": 0, "Carla": each, "Dirk": 0}
    assert res.winner == "queens"
    lone = quick(kl, ("Anna alone",), queens=["Anna"], queens_points=pts, **extra)
    assert lone.scores == {"Anna": alone, "Ben": 0, "Carla": 0, "Dirk": 0}


OTHERS_TABLE = [
    # (queens points, others' points for each, each against a lone player)
    (60, 2, 4),  # others 60: 2, against alone 4
    (59, 4, 6),  # others 61: 4, against alone 6
    (30, 4, 6),  # others 90: still 4
    (29, 6, 12),  # others 91: 6, against alone 12
    (0, 6, 12),  # others 120: the highest row is 91
]


@pytest.mark.parametrize(("pts", "each", "against_alone"), OTHERS_TABLE)
def test_others_rows(kl: ruleset.Ruleset, pts: int, each: int, against_alone: int) -> None:
    res = quick(kl, queens=["Anna", "Carla"], queens_points=pts)
    assert res.scores == {"Anna": 0, "Ben": each, "Carla": 0, "Dirk": each}
    assert res.winner == "others"
    lone = quick(kl, queens=["Anna"], queens_points=pts)  # one name: Anna went alone
    assert lone.scores == {
        "Anna": 0,
        "Ben": against_alone,
        "Carla": against_alone,
        "Dirk": against_alone,
    }


def test_others_taking_every_trick_score_their_91_row(kl: ruleset.Ruleset) -> None:
    res = quick(kl, queens=["Anna", "Carla"], all_tricks="others")
    # queens 0, others 120: the highest others' row is 91 or more, 6 each
    assert res.card_points == {"queens": 0, "others": 120}
    assert res.scores == {"Anna": 0, "Ben": 6, "Carla": 0, "Dirk": 6}


KNOCKS = [
    # (actions, all tricks to the queens?, queens each, others each, lone?)
    (("Anna knock",), True, 12, 0, False),  # knock made: 12
    (("Anna knock",), False, 0, 12, False),  # knock failed: others 12
    (("Anna alone", "Anna knock"), True, 30, 0, True),  # alone and made: 30
    (("Anna alone", "Anna knock"), False, 0, 30, True),  # lone knocker failed: others 30
    (("Anna knock", "Ben knock"), False, 0, 24, False),  # reply made: 24
    (("Anna knock", "Ben knock"), True, 24, 0, False),  # reply failed: queens 24
    (("Anna alone", "Anna knock", "Ben knock"), False, 0, 30, True),  # reply vs alone: 30
    (("Anna alone", "Anna knock", "Ben knock"), True, 30, 0, True),  # reply failed, alone: 30
]


@pytest.mark.parametrize(("actions", "made", "queens_each", "others_each", "lone"), KNOCKS)
def test_knock_outcomes(
    kl: ruleset.Ruleset,
    actions: tuple[str, ...],
    made: bool,
    queens_each: int,
    others_each: int,
    lone: bool,
) -> None:
    queens = ["Anna"] if lone else ["Anna", "Carla"]
    facts: dict[str, object] = {"queens": queens}
    # a failed claim: the queens still had 100 card points, which no longer count
    facts.update({"all_tricks": "queens"} if made else {"queens_points": 100})
    res = quick(kl, actions, **facts)
    expected = {p: (queens_each if p in queens else others_each) for p in PLAYERS}
    assert res.scores == expected


def test_revoke_in_quick_entry_loses_the_hand(kl: ruleset.Ruleset) -> None:
    # the queens revoked with 100 card points: scored as if the others took 120 and every trick
    res = quick(kl, queens=["Anna", "Carla"], queens_points=100, revoke="queens")
    assert res.scores == {"Anna": 0, "Ben": 6, "Carla": 0, "Dirk": 6}
    # a knock by the queens fails when they revoked
    res = quick(kl, ("Anna knock",), queens=["Anna", "Carla"], all_tricks="queens", revoke="queens")
    assert res.scores == {"Anna": 0, "Ben": 12, "Carla": 0, "Dirk": 12}


REVOKE_HAND = """
Ben AC    Carla 9S   Dirk 10S   Anna KS   > Ben
Ben 10C   Carla 9H   Dirk KC    Anna QH   > Ben
Ben KH    Carla AS   Dirk JD    Anna 10H  > Dirk
Dirk QS   Anna QD    Ben QC     Carla 9D  > Ben
Ben AD    Carla 10D  Dirk KD    Anna JS   > Anna
Anna AH   Ben JH     Carla JC   Dirk 9C   > Carla
"""


def test_revoke_proven_later_loses_the_hand(kl: ruleset.Ruleset) -> None:
    # Dirk discards 10S on the club lead although he holds KC and 9C; KC in trick 2 proves it.
    played = play_written(kl, REVOKE_HAND, with_deal=False)
    assert len(played.hand.revokes) == 1
    revoke = played.hand.revokes[0]
    assert (revoke.player, revoke.trick, revoke.proof_trick) == ("Dirk", 1, 2)
    assert revoke.rule == "following.follow_suit"
    res = played.last.result
    assert res is not None
    # the queens (Ben, Dirk) revoked: the others count 120 and every trick: 6 each
    assert res.card_points == {"queens": 0, "others": 120}
    assert res.scores == {"Anna": 6, "Ben": 0, "Carla": 6, "Dirk": 0}
    assert played.hand.summary()["revoke"] == "queens"


# ---------------------------------------------------------------------- refusals


def refused(hand: Hand, text: str, rule: str, *names: str) -> str:
    with pytest.raises(IllegalActionError) as err:
        hand.apply(text)
    assert err.value.rule == rule, str(err.value)
    for name in names:
        assert name in err.value.message, err.value.message
    return err.value.message


def deal_of(written: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {p: [] for p in PLAYERS}
    for trick in parse_tricks(written):
        for player, card in trick.plays:
            out[player].append(card)
    return out


def test_refusals_with_the_deal(kl: ruleset.Ruleset) -> None:
    normal = deal_of(NORMAL_HAND)
    hand = Hand(kl, PLAYERS, "Anna", deal=normal)
    refused(hand, "Ben call AH", "teams.call", "QS")  # Ben holds only QC
    refused(hand, "Ben alone", "teams.alone", "QS")
    refused(hand, "Anna knock", "knock", "Anna")  # Anna holds no black queen
    hand.apply("Ben knock")
    refused(hand, "Dirk knock", "knock.reply", "Dirk")  # Dirk is Ben's partner (QS)
    refused(hand, "Ben knock", "knock.reply", "already")
    hand.apply("Anna knock")
    refused(hand, "Carla knock", "knock.reply", "both sides")
    refused(hand, "Ben 9C", "deal", "Ben")  # not his card
    hand.apply("Ben AC")
    refused(hand, "Dirk KC", "play.turn_order", "Carla")
    hand.apply("Carla 9S")
    refused(hand, "Dirk QS", "following.follow_suit", "clubs")
    refused(hand, "Ben call AS", "teams.call", "before the first card")


def test_declarations_checked_against_the_deal(kl: ruleset.Ruleset) -> None:
    call = deal_of(CALL_HAND)
    hand = Hand(kl, PLAYERS, "Anna", deal=call)
    # Ben holds both black queens: nothing is played until he declares
    refused(hand, "Ben QC", "teams.call", "Ben")
    refused(hand, "Ben knock", "teams.call", "Ben")
    refused(hand, "Ben call AD", "teams.call.aces", "AD")  # a trump, not a plain ace
    refused(hand, "Ben call", "teams.call.aces")
    refused(hand, "Ben call XZ", "teams.call.aces")
    refused(hand, "Ben alone QC", "teams.alone")
    refused(hand, "Anna call AC", "teams.call", "QC")
    hand.apply("Ben call AS")
    refused(hand, "Ben alone", "teams.alone", "already")
    refused(hand, "Anna knock", "knock", "Ben holds both")  # Anna holds AS: a partner
    refused(hand, "Anna QC", "play.turn_order", "Ben leads")
    refused(hand, "Carla knock", "knock", "Ben holds both")
    hand.apply("Ben knock")
    refused(hand, "Anna knock", "knock.reply", "Anna")  # holds the called ace


def test_called_ace_held_by_the_caller_is_refused(kl: ruleset.Ruleset) -> None:
    call = deal_of(CALL_HAND)
    call["Ben"], call["Anna"] = (
        ["QC", "QS", "JC", "JS", "AD", "AH"],
        ["10D", "AC", "AS", "JH", "JD", "KD"],
    )
    hand = Hand(kl, PLAYERS, "Anna", deal=call)
    refused(hand, "Ben call AH", "teams.call.aces", "AH")
    hand.apply("Ben call AC")


def test_knock_window(kl: ruleset.Ruleset) -> None:
    hand = Hand(kl, PLAYERS, "Anna")
    for text in ("Ben AC", "Carla 9S", "Dirk 9C", "Anna KS"):
        hand.apply(text)
    hand.apply("Ben knock")  # after trick 1, before the first card of trick 2
    hand.apply("Ben 10C")
    refused(hand, "Carla knock", "knock.before_trick", "trick 2")


def test_refusals_without_the_deal_once_the_record_proves_them(kl: ruleset.Ruleset) -> None:
    # Carla knocks but both black queens turn up elsewhere: the second one is refused.
    hand = Hand(kl, PLAYERS, "Anna")
    hand.apply("Carla knock")
    for text in ("Ben QC", "Carla JC", "Dirk 9D"):
        hand.apply(text)
    refused(hand, "Anna QS", "knock", "Carla")
    # Ben knocks in reply yet plays a black queen
    hand = Hand(kl, PLAYERS, "Anna")
    hand.apply("Anna knock")
    hand.apply("Ben knock")
    refused(hand, "Ben QS", "knock.reply", "Ben")
    # one player shows both black queens without having declared
    hand = Hand(kl, PLAYERS, "Anna")
    for text in ("Ben QC", "Carla JC", "Dirk 9D", "Anna JH"):
        hand.apply(text)
    refused(hand, "Ben QS", "teams.call", "Ben")
    # the caller plays the ace he called
    hand = Hand(kl, PLAYERS, "Anna")
    hand.apply("Ben call AH")
    refused(hand, "Ben AH", "teams.call.aces", "AH")
    # after 'Anna alone' nobody else holds a black queen
    hand = Hand(kl, PLAYERS, "Anna")
    hand.apply("Anna alone")
    refused(hand, "Ben QC", "teams.alone", "Anna")
    # the called ace shows the partner: that player cannot have replied to the knock
    hand = Hand(kl, PLAYERS, "Anna")
    hand.apply("Ben call AH")
    hand.apply("Ben knock")
    hand.apply("Carla knock")
    refused(hand, "Ben AH", "teams.call.aces")
    hand.apply("Ben 9H")
    refused(hand, "Carla AH", "knock.reply", "Carla")
    refused(hand, "Carla sing", "actions", "call, alone, knock")


def test_quick_refusals(kl: ruleset.Ruleset) -> None:
    cases = [
        ({"queens": ["Anna", "Anna"], "queens_points": 60}, (), "teams"),
        ({"queens": ["Zoe"], "queens_points": 60}, (), "teams"),
        ({"queens": ["Anna", "Ben"]}, (), "card_points.total"),
        ({"queens": ["Anna", "Ben"], "queens_points": 121}, (), "card_points.total"),
        ({"queens": ["Anna", "Ben"], "queens_points": 100, "all_tricks": "queens"}, (), "card_points.total"),
        ({"queens": ["Anna", "Ben"], "queens_points": 100, "all_tricks": "both"}, (), "quick"),
        ({"queens": ["Anna", "Ben"], "queens_points": 100, "revoke": "Ben"}, (), "quick"),
        ({"queens": ["Anna", "Ben"], "queens_points": 100, "extras": "x"}, (), "quick"),
        ({"queens": ["Anna", "Ben"], "queens_points": 100}, ("Carla knock",), "knock"),
        ({"queens": ["Anna", "Ben"], "queens_points": 100}, ("Anna knock", "Ben knock"), "knock.reply"),
        ({"queens": ["Anna", "Ben"], "queens_points": 100}, ("Anna knock", "Carla knock", "Dirk knock"), "knock.reply"),
        ({"queens": ["Anna", "Ben"], "queens_points": 100}, ("Anna call AH", "Ben knock"), "knock"),
        ({"queens": ["Anna"], "queens_points": 100}, ("Anna call AH",), "teams.call"),
        ({"queens": ["Anna", "Ben"], "queens_points": 100}, ("Carla call AH",), "teams.call"),
        ({"queens": ["Anna", "Ben"], "queens_points": 100}, ("Anna call AD",), "teams.call.aces"),
        ({"queens": ["Anna", "Ben"], "queens_points": 100}, ("Anna alone",), "teams.alone"),
        ({"queens": ["Anna"], "queens_points": 100}, ("Anna alone", "Anna alone"), "teams.alone"),
        ({"queens": ["Anna", "Ben"], "queens_points": 100}, ("Anna double",), "actions"),
    ]  # fmt: skip
    for facts, actions, rule in cases:
        with pytest.raises(IllegalActionError) as err:
            quick(kl, actions, **facts)
        assert err.value.rule == rule, (facts, actions, str(err.value))


# ---------------------------------------------------------------------- the match


def fake_match(kl: ruleset.Ruleset, totals: dict[str, int]) -> SimpleNamespace:
    return SimpleNamespace(rules=kl, totals=lambda: totals)


@pytest.mark.parametrize(
    ("totals", "over"),
    [
        ({"Anna": 30, "Ben": 2, "Carla": 0, "Dirk": 2}, True),  # 30 and alone ahead
        ({"Anna": 29, "Ben": 2, "Carla": 0, "Dirk": 2}, False),  # nobody at 30
        ({"Anna": 30, "Ben": 30, "Carla": 0, "Dirk": 2}, False),  # two share the lead
        ({"Anna": 32, "Ben": 30, "Carla": 30, "Dirk": 2}, True),  # several at 30, one ahead
    ],
)
def test_match_end(kl: ruleset.Ruleset, totals: dict[str, int], over: bool) -> None:
    assert bool(FAMILY.match_over(fake_match(kl, totals))) is over  # type: ignore[arg-type]


def test_a_rule_set_whose_table_leaves_a_gap_is_refused(tmp_path: Path) -> None:
    house = tmp_path / "gap.toml"
    house.write_text('extends = "kloepper"\n[scoring.others.win]\nat = 62\n', encoding="utf-8")
    with pytest.raises(ruleset.RulesetError) as err:
        ruleset.load(str(house))
    assert "scoring" in str(err.value)


def test_house_rule_changes_a_number_only(tmp_path: Path) -> None:
    house = tmp_path / "big-knock.toml"
    house.write_text('extends = "kloepper"\n[knock]\nmade = 15\n', encoding="utf-8")
    rules = ruleset.load(str(house))
    res = quick(rules, ("Anna knock",), queens=["Anna", "Carla"], all_tricks="queens")
    assert res.scores == {"Anna": 15, "Ben": 0, "Carla": 15, "Dirk": 0}


def test_full_match_through_the_cli(tmp_path: Path) -> None:
    """Five hands: the first card by card, the rest quick, until Dirk leads alone at 32."""
    match = tmp_path / "kloepper.toml"

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return run_cli(tmp_path, *args, "--match", str(match))

    res = run_cli(tmp_path, "new", "kloepper", *PLAYERS, "--match", str(match))
    assert res.returncode == 0, res.stderr
    # hand 1 (Anna deals, Ben leads), card by card, no deal recorded
    for trick in parse_tricks(NORMAL_HAND):
        res = cli("trick", *[c for _, c in trick.plays])
        assert res.returncode == 0, res.stderr
        if trick.plays[0][1] == "AC":  # after trick 1 a knock is still open; refuse a non-card
            before = snapshot(match)
            res = cli("act", "Ben pass")  # a word Kloepper does not know: usage
            assert_refused(res, rule="actions", path=match, before=before, code=2)
    before = snapshot(match)
    # the hand is over; Ben deals next, Carla leads: Dirk playing first is out of turn
    # (no hand is open, so the refusal must leave the file unchanged)
    assert_refused(cli("act", "Dirk 9C"), rule="play.turn_order", path=match, before=before)
    # hand 1: Ben and Dirk 68 -> 2 each. Totals A0 B2 C0 D2.
    # hand 2 (Ben deals): Ben and Dirk again, Ben knocks, Anna replies, the queens take every
    # trick: reply failed, 24 each. Totals A0 B26 C0 D26.
    res = cli("hand", "queens=Ben,Dirk", "all_tricks=queens", "-a", "Ben knock", "-a", "Anna knock")
    assert res.returncode == 0, res.stderr
    # a refused quick hand: Carla cannot reply for the queens' side
    before = snapshot(match)
    assert_refused(
        cli(
            "hand", "queens=Anna,Carla", "queens_points=50", "-a", "Anna knock", "-a", "Carla knock"
        ),
        rule="knock.reply",
        path=match,
        before=before,
    )
    # hand 3 (Carla deals): Anna and Carla 50, the others 70 >= 61: Ben and Dirk 4 each.
    # Totals A0 B30 C0 D30: two share the lead, the match goes on.
    res = cli("hand", "queens=Anna,Carla", "queens_points=50")
    assert res.returncode == 0, res.stderr
    # hand 4 (Dirk deals): Carla alone with 85 (61..90 alone): 6. Totals A0 B30 C6 D30.
    res = cli("hand", "queens=Carla", "queens_points=85", "-a", "Carla alone")
    assert res.returncode == 0, res.stderr
    # hand 5 (Anna deals): Ben calls the ace of spades, Carla holds it; they make 60, so the
    # others (Anna, Dirk) win with 60: 2 each. Totals A2 B30 C6 D32: Dirk leads alone.
    res = cli("hand", "queens=Ben,Carla", "queens_points=60", "-a", "Ben call AS")
    assert res.returncode == 0, res.stderr
    res = cli("score", "--json")
    assert res.returncode == 0, res.stderr
    sheet = json.loads(res.stdout)
    assert sheet["totals"] == {"Anna": 2, "Ben": 30, "Carla": 6, "Dirk": 32}
    assert [h["dealer"] for h in sheet["hands"]] == ["Anna", "Ben", "Carla", "Dirk", "Anna"]
    assert [h["kind"] for h in sheet["hands"]] == ["full", "quick", "quick", "quick", "quick"]
    assert sheet["over"] and "Dirk" in sheet["over"]
    before = snapshot(match)
    assert_refused(
        cli("hand", "queens=Anna,Ben", "queens_points=70"), rule="match", path=match, before=before
    )
    res = run_cli(tmp_path, "check", str(match))
    assert res.returncode == 0, res.stderr
