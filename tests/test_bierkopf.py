"""Bierkopf (seed 004, RULINGS.md section Bierkopf): cards, following, doubles, scoring, match.

Every expected number is derived by hand from the seed and RULINGS.md in a comment next to
it, never read back from the engine. Card points: A 11, 10 10, K 4, Q 3, J 2 (9 0).
Teams: Anna and Carla (seats 1 and 3) against Ben and Dirk. Anna deals, so Ben leads.
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
from scorekeeper.errors import CardError, IllegalActionError
from scorekeeper.games.bierkopf import FAMILY
from scorekeeper.hand import Hand
from scorekeeper.match import Match
from scorekeeper.result import HandResult

AC_TEAM, BD_TEAM = "Anna+Carla", "Ben+Dirk"


@pytest.fixture
def bk() -> ruleset.Ruleset:
    return ruleset.load("bierkopf")


def quick(
    rules: ruleset.Ruleset,
    actions: tuple[str, ...] = (),
    dealer: str = "Anna",
    context: dict[str, object] | None = None,
    **facts: object,
) -> HandResult:
    parsed = [parse_action(a, PLAYERS) for a in actions]
    return FAMILY.score_quick(rules, PLAYERS, dealer, facts, parsed, context or {})


def cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in text.split()]


def refused(hand: Hand, text: str, rule: str, *names: str) -> str:
    with pytest.raises(IllegalActionError) as err:
        hand.apply(text)
    assert err.value.rule == rule, str(err.value)
    for name in names:
        assert name in err.value.message, err.value.message
    return err.value.message


# ---------------------------------------------------------------------- the material


def test_short_deck_and_deal(bk: ruleset.Ruleset) -> None:
    # A, 10, K, Q, J of four suits: 20 cards, 2 + 3 to each of four players
    assert len(bk.deck) == 20
    assert bk.get("deal.packets") == [2, 3]
    assert bk.hand_size == 5
    assert bk.require("card_points.total") == 120
    # the seed lists the trumps low to high: KH 10H AH JD JH JS JC QD QH QS QC
    assert bk.get("contracts.normal.trumps") == [
        "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AH", "10H", "KH",
    ]  # fmt: skip
    with pytest.raises(CardError):
        bk.deck.parse("9H")


def test_long_adds_the_nines(bk: ruleset.Ruleset) -> None:
    long = ruleset.load("bierkopf", {"long": True})
    assert len(long.deck) == 24
    assert long.hand_size == 6
    assert long.require("card_points.total") == 120  # nines are worth nothing
    trumps = long.get("contracts.normal.trumps")
    assert trumps[-1] == "9H" and len(trumps) == 12
    contract = Hand(long, PLAYERS, "Anna").contract
    # the nine of hearts is the lowest trump: below KH, above any plain card
    assert judge_trick(contract, cards("KH 9H AC 10C"), PLAYERS, last_trick=False).index == 0
    assert judge_trick(contract, cards("AC 9H KC 10C"), PLAYERS, last_trick=False).index == 1
    # the nine of clubs is the lowest club
    assert judge_trick(contract, cards("9C KC 10S AD"), PLAYERS, last_trick=False).index == 1


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        ("QS QC QH QD", 1),  # queens: clubs, spades, hearts, diamonds
        ("JC QD JS JH", 1),  # every queen above every jack
        ("JD AH 10H KH", 0),  # the jacks above the hearts
        ("AC KH 10C KC", 1),  # the lowest trump beats the ace of clubs
        ("KD 10D AD AS", 2),  # diamonds: ace, ten, king; queen and jack are trumps
        ("10S AD AC KS", 0),  # another suit's ace never wins
    ],
)
def test_trick_winners(bk: ruleset.Ruleset, trick: str, winner: int) -> None:
    contract = Hand(bk, PLAYERS, "Anna").contract
    verdict = judge_trick(contract, cards(trick), PLAYERS, last_trick=False)
    assert verdict.index == winner, verdict.reason


# ---------------------------------------------------------------------- a full hand

HAND = """
Ben AC    Carla KC   Dirk KH    Anna JD   > Anna
Anna 10S  Ben KS     Carla AS   Dirk JC   > Dirk
Dirk AD   Anna 10H   Ben JS     Carla 10D > Ben
Ben QC    Carla AH   Dirk QS    Anna JH   > Ben
Ben 10C   Carla QD   Dirk KD    Anna QH   > Anna
"""
# Tricks: 11+4+4+2 = 21 Anna, 10+4+11+2 = 27 Dirk, 11+10+2+10 = 33 Ben, 3+11+3+2 = 19 Ben,
# 10+3+4+3 = 20 Anna. Anna+Carla 21+20 = 41, Ben+Dirk 27+33+19 = 79; 41+79 = 120.


def test_full_hand_with_and_without_the_deal(bk: ruleset.Ruleset) -> None:
    for with_deal in (True, False):
        played = play_written(bk, HAND, with_deal=with_deal)
        res = played.last.result
        assert res is not None
        assert not played.hand.revokes
        assert res.card_points == {AC_TEAM: 41, BD_TEAM: 79}
        # 79: 61 or more but under 91: 1 game point for each of Ben and Dirk
        assert res.scores == {"Anna": 0, "Ben": 1, "Carla": 0, "Dirk": 1}
        assert [i.rule for i in res.items] == ["scoring.win"]
        assert played.hand.summary() == {"team": "Anna", "points": 41}


def test_full_hand_with_three_doubles(bk: ruleset.Ruleset) -> None:
    # Carla doubles before play (Ben, first from the dealer's left, passed); Ben answers once
    # two cards are on the table; Carla's team again in the last trick.
    played = play_written(
        bk, HAND, before={0: ["Carla double"], 2: ["Ben double"], 17: ["Anna double"]}
    )
    res = played.last.result
    assert res is not None
    # 1 game point x2 x2 x2 = 8 for Ben and Dirk
    assert res.scores == {"Anna": 0, "Ben": 8, "Carla": 0, "Dirk": 8}
    assert [i.rule for i in res.items] == ["scoring.win", *["doubling.factor"] * 3]
    assert res.game_type == "doubled x8"


def test_following_refusals(bk: ruleset.Ruleset) -> None:
    deal = {p: [] for p in PLAYERS}
    for trick in parse_tricks(HAND):
        for player, card in trick.plays:
            deal[player].append(card)
    hand = Hand(bk, PLAYERS, "Anna", deal=deal)
    hand.apply("Ben AC")
    refused(hand, "Carla AS", "following.follow_suit", "clubs")  # holds KC
    hand.apply("Carla KC")
    # Dirk has no club but trumps: he must trump
    refused(hand, "Dirk AD", "following.when_void", "trump")
    hand.apply("Dirk KH")
    # Anna may play any trump, even one that does not beat KH... JD beats it anyway
    refused(hand, "Anna 10S", "following.when_void")
    hand.apply("Anna JD")
    # trick 2: Anna leads 10S; a trump is led later: everyone must follow trumps
    for text in ("Anna 10S", "Ben KS", "Carla AS", "Dirk JC", "Dirk AD"):
        hand.apply(text)
    hand.apply("Anna 10H")  # no diamonds: trumps
    refused(hand, "Ben 10C", "following.when_void", "diamonds")
    hand.apply("Ben JS")
    hand.apply("Carla 10D")
    hand.apply("Ben QC")
    refused(hand, "Carla AS", "deck.copies", "trick 2")
    # Carla holds QD and AH, both trumps: either follows
    hand.apply("Carla QD")


def test_no_trump_no_duty(bk: ruleset.Ruleset) -> None:
    # last trick: Dirk holds only KD, neither a club nor a trump: any card goes
    played = play_written(bk, HAND)
    last = played.hand.completed_tricks()[-1]
    assert [p.card.code for p in last.plays] == ["10C", "QD", "KD", "QH"]


# ---------------------------------------------------------------------- doubles


def test_double_refusals(bk: ruleset.Ruleset) -> None:
    hand = Hand(bk, PLAYERS, "Anna")
    # Anna deals: she is fourth in turn and may not double before play
    refused(hand, "Anna double", "doubling.before_play_seats", "Ben, Carla, Dirk")
    refused(hand, "Ben double twice", "doubling")
    hand.apply("Dirk double")  # third from the dealer's left: Ben and Carla passed
    # the first double ends the round before play
    refused(hand, "Carla double", "doubling.again_from_card", "from card 2 on")
    hand.apply("Ben AC")
    refused(hand, "Carla double", "doubling.again_from_card", "(cards on the table: 1)")
    hand.apply("Carla KC")
    refused(hand, "Ben double", "doubling.alternate", "Dirk")  # Dirk's team doubled last
    hand.apply("Carla double")  # two cards on the table: the other team answers
    refused(hand, "Anna double", "doubling.alternate", "Carla")
    hand.apply("Dirk KH")
    hand.apply("Ben double")
    refused(hand, "Anna sing", "actions", "double")


def test_no_double_in_play_without_one_before(bk: ruleset.Ruleset) -> None:
    hand = Hand(bk, PLAYERS, "Anna")
    for text in ("Ben AC", "Carla KC", "Dirk KH"):
        hand.apply(text)
    refused(hand, "Carla double", "doubling.before_play_seats", "single")


def test_no_double_after_the_hand(bk: ruleset.Ruleset) -> None:
    played = play_written(bk, HAND, before={0: ["Ben double"]})
    refused(played.hand, "Anna double", "play.tricks")


DOUBLES = [
    # (card points of Anna+Carla, doubles, Anna+Carla each, Ben+Dirk each)
    (61, (), 1, 0),  # 61: 1
    (90, (), 1, 0),  # 90: still 1
    (91, (), 2, 0),  # 91: 2
    (120, (), 2, 0),  # every card: still 2
    (59, (), 0, 1),  # the others have 61: 1
    (29, (), 0, 2),  # the others have 91: 2
    (70, ("Ben double",), 2, 0),  # 1 x2
    (70, ("Carla double", "Ben double"), 4, 0),  # 1 x2 x2
    (95, ("Dirk double", "Anna double", "Ben double"), 16, 0),  # 2 x2 x2 x2
    (10, ("Ben double", "Anna double", "Dirk double", "Carla double"), 0, 32),  # 2 x2^4
]


@pytest.mark.parametrize(("pts", "doubles", "ac", "bd"), DOUBLES)
def test_thresholds_and_doubling_chains(
    bk: ruleset.Ruleset, pts: int, doubles: tuple[str, ...], ac: int, bd: int
) -> None:
    res = quick(bk, doubles, points=pts)
    assert res.scores == {"Anna": ac, "Ben": bd, "Carla": ac, "Dirk": bd}
    # the same hand told from Ben's side
    assert quick(bk, doubles, team="Ben", points=120 - pts).scores == res.scores


def test_quick_refusals(bk: ruleset.Ruleset) -> None:
    cases = [
        ({"points": 61}, ("Anna double",), "doubling.before_play_seats"),  # Anna deals
        ({"points": 61}, ("Ben double", "Dirk double"), "doubling.alternate"),
        ({"points": 61}, ("Ben redouble",), "actions"),
        ({"points": 121}, (), "card_points.total"),
        ({}, (), "card_points.total"),
        ({"points": 61, "team": "Zoe"}, (), "teams"),
        ({"points": 61, "revoke": "Zoe"}, (), "teams"),
        ({"points": 61, "re": "Anna"}, (), "quick"),
    ]
    for facts, actions, rule in cases:
        with pytest.raises(IllegalActionError) as err:
            quick(bk, actions, **facts)
        assert err.value.rule == rule, (facts, actions, str(err.value))


# ---------------------------------------------------------------------- 60:60


def test_tie_carries_one_point_undoubled(bk: ruleset.Ruleset) -> None:
    m = Match(bk, PLAYERS, "Anna")
    tie = m.add_quick({"points": 60}, [])
    assert tie.result is not None
    # 60:60: nobody scores, one point waits for the next winners
    assert tie.result.scores == {p: 0 for p in PLAYERS}
    assert tie.result.winner is None
    assert tie.result.details["carry_out"] == 1
    # the next hand: Ben deals, Carla doubles; Anna+Carla 70: 1 x2 = 2, + 1 carried = 3
    won = m.add_quick({"points": 70}, ["Carla double"])
    assert won.result is not None
    assert won.result.scores == {"Anna": 3, "Ben": 0, "Carla": 3, "Dirk": 0}
    assert won.result.details["carried_in"] == 1
    assert [i.rule for i in won.result.items] == [
        "scoring.win",
        "doubling.factor",
        "scoring.tie_carry",
    ]
    # nothing waits any more
    after = m.add_quick({"points": 70}, [])
    assert after.result is not None
    assert after.result.scores == {"Anna": 1, "Ben": 0, "Carla": 1, "Dirk": 0}


def test_ties_add_up(bk: ruleset.Ruleset) -> None:
    m = Match(bk, PLAYERS, "Anna")
    m.add_quick({"points": 60}, [])
    second = m.add_quick({"points": 60}, ["Carla double"])  # a doubled tie still carries 1
    assert second.result is not None
    assert second.result.details["carry_out"] == 2
    # Carla deals; Dirk doubles, Anna answers; Ben+Dirk 95: 2 x2 x2 = 8, + 2 carried = 10
    won = m.add_quick({"team": "Ben", "points": 95}, ["Dirk double", "Anna double"])
    assert won.result is not None
    assert won.result.scores == {"Anna": 0, "Ben": 10, "Carla": 0, "Dirk": 10}
    assert m.totals() == {"Anna": 0, "Ben": 10, "Carla": 0, "Dirk": 10}


def test_tie_none_carries_nothing() -> None:
    rules = ruleset.load("bierkopf", {"tie": "none"})
    m = Match(rules, PLAYERS, "Anna")
    tie = m.add_quick({"points": 60}, [])
    assert tie.result is not None and tie.result.details["carry_out"] == 0
    won = m.add_quick({"points": 70}, [])
    assert won.result is not None
    assert won.result.scores == {"Anna": 1, "Ben": 0, "Carla": 1, "Dirk": 0}


def test_full_hand_receives_the_carried_point(bk: ruleset.Ruleset) -> None:
    m = Match(bk, PLAYERS, "Dirk")  # Dirk deals the tie, Anna deals the full hand
    m.add_quick({"points": 60}, [])
    for trick in parse_tricks(HAND):
        for player, card in trick.plays:
            m.apply(f"{player} {card}")
    # Ben+Dirk 79: 1, + 1 carried = 2
    assert m.totals() == {"Anna": 0, "Ben": 2, "Carla": 0, "Dirk": 2}


# ---------------------------------------------------------------------- revoke

REVOKE_HAND = """
Ben AC    Carla KC   Dirk KD    Anna JD   > Anna
Anna 10S  Ben KS     Carla AS   Dirk JC   > Dirk
Dirk AD   Anna 10H   Ben JS     Carla 10D > Ben
Ben QC    Carla AH   Dirk QS    Anna JH   > Ben
Ben 10C   Carla QD   Dirk KH    Anna QH   > Anna
"""


def test_revoke_proven_later_loses_the_hand(bk: ruleset.Ruleset) -> None:
    # Dirk discards KD on the club lead though he holds trumps; JC in trick 2 proves it.
    played = play_written(bk, REVOKE_HAND, with_deal=False)
    revokes = played.hand.revokes
    assert [(r.player, r.trick, r.proof_trick, r.rule) for r in revokes] == [
        ("Dirk", 1, 2, "following.when_void")
    ]
    res = played.last.result
    assert res is not None
    # Ben+Dirk took 79 but revoked: scored as 0:120, so Anna+Carla get 91 or more: 2 each
    assert res.card_points == {AC_TEAM: 120, BD_TEAM: 0}
    assert res.scores == {"Anna": 2, "Ben": 0, "Carla": 2, "Dirk": 0}
    assert played.hand.summary() == {"team": "Anna", "points": 41, "revoke": "Ben"}
    assert quick(bk, points=41, revoke="Ben").scores == res.scores


# ---------------------------------------------------------------------- the match


@pytest.mark.parametrize(
    ("totals", "over"),
    [
        ({"Anna": 21, "Ben": 0, "Carla": 21, "Dirk": 0}, True),
        ({"Anna": 20, "Ben": 8, "Carla": 20, "Dirk": 8}, False),
        ({"Anna": 5, "Ben": 25, "Carla": 5, "Dirk": 25}, True),
    ],
)
def test_match_end(bk: ruleset.Ruleset, totals: dict[str, int], over: bool) -> None:
    m = SimpleNamespace(rules=bk, players=PLAYERS, totals=lambda: totals)
    assert bool(FAMILY.match_over(m)) is over  # type: ignore[arg-type]


def test_full_match_through_the_cli(tmp_path: Path) -> None:
    """Eight hands: the first card by card with doubles, the rest quick, to Ben+Dirk's 22."""
    match = tmp_path / "bierkopf.toml"

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return run_cli(tmp_path, *args, "--match", str(match))

    res = run_cli(tmp_path, "new", "bierkopf", *PLAYERS, "--match", str(match))
    assert res.returncode == 0, res.stderr
    # hand 1 (Anna deals): deal recorded, Ben doubles before play, Anna answers after card 2
    deal = {p: [] for p in PLAYERS}
    for trick in parse_tricks(HAND):
        for player, card in trick.plays:
            deal[player].append(card)
    res = cli("deal", *[f"{p}={' '.join(cs)}" for p, cs in deal.items()])
    assert res.returncode == 0, res.stderr
    before = snapshot(match)
    assert_refused(
        cli("act", "Anna double"), rule="doubling.before_play_seats", path=match, before=before
    )
    assert cli("act", "Ben double").returncode == 0
    tricks = parse_tricks(HAND)
    first = [c for _, c in tricks[0].plays]
    assert cli("play", first[0]).returncode == 0
    before = snapshot(match)
    assert_refused(
        cli("act", "Anna double"), rule="doubling.again_from_card", path=match, before=before
    )
    assert cli("play", first[1]).returncode == 0
    assert cli("act", "Anna double").returncode == 0
    before = snapshot(match)
    assert_refused(cli("play", "AD"), rule="following.when_void", path=match, before=before)
    res = cli("trick", *first[2:])
    assert res.returncode == 0, res.stderr
    for trick in tricks[1:]:
        res = cli("trick", *[c for _, c in trick.plays])
        assert res.returncode == 0, res.stderr
    # hand 1: Ben+Dirk 79: 1 x2 x2 = 4. Totals A0 B4 C0 D4.
    # hand 2 (Ben deals): 60:60, one point carried. Ben, the dealer, may not double first.
    before = snapshot(match)
    assert_refused(
        cli("hand", "points=60", "-a", "Ben double"),
        rule="doubling.before_play_seats",
        path=match,
        before=before,
    )
    assert cli("hand", "points=60").returncode == 0
    # hand 3 (Carla deals): Dirk doubles; Anna+Carla 95: 2 x2 = 4, + 1 carried = 5.
    # Totals A5 B4 C5 D4.
    assert cli("hand", "team=Anna", "points=95", "-a", "Dirk double").returncode == 0
    # hand 4 (Dirk deals): Carla, Ben, Anna double; Ben+Dirk 70: 1 x8 = 8. Totals A5 B12 C5 D12.
    res = cli(
        "hand",
        "team=Ben",
        "points=70",
        "-a",
        "Carla double",
        "-a",
        "Ben double",
        "-a",
        "Anna double",
    )
    assert res.returncode == 0, res.stderr
    # hand 5 (Anna deals): Ben doubles; Ben+Dirk 100: 2 x2 = 4. Totals A5 B16 C5 D16.
    assert cli("hand", "team=Ben", "points=100", "-a", "Ben double").returncode == 0
    # hand 6 (Ben deals): Carla doubles, Dirk answers; Ben+Dirk 61: 1 x4 = 4.
    # Totals A5 B20 C5 D20: nobody at 21 yet.
    res = cli("hand", "team=Dirk", "points=61", "-a", "Carla double", "-a", "Dirk double")
    assert res.returncode == 0, res.stderr
    res = cli("score", "--json")
    assert json.loads(res.stdout)["over"] is None
    # hand 7 (Carla deals): 60:60 again, one point carried.
    assert cli("hand", "team=Carla", "points=60").returncode == 0
    # hand 8 (Dirk deals): Anna+Carla 59, so Ben+Dirk 61: 1, + 1 carried = 2. Totals B22 D22.
    assert cli("hand", "points=59").returncode == 0
    res = cli("score", "--json")
    sheet = json.loads(res.stdout)
    assert sheet["totals"] == {"Anna": 5, "Ben": 22, "Carla": 5, "Dirk": 22}
    assert [h["dealer"] for h in sheet["hands"]] == ["Anna", "Ben", "Carla", "Dirk"] * 2
    assert sheet["hands"][0]["kind"] == "full"
    assert sheet["over"] and "Ben+Dirk" in sheet["over"]
    before = snapshot(match)
    assert_refused(cli("hand", "points=70"), rule="match", path=match, before=before)
    res = run_cli(tmp_path, "check", str(match))
    assert res.returncode == 0, res.stderr
    res = run_cli(tmp_path, "rules", "show", "bierkopf", "--set", "long=true", "--json")
    shown = json.loads(res.stdout)
    assert shown["options"]["long"]["value"] is True
    assert shown["rules"]["deal"]["packets"] == [3, 3]


@pytest.mark.parametrize(("lang", "high"), [("en", "2 with 91 or more"), ("de", "mit 91 oder mehr 2"),
                                            ("nl", "met 91 of meer 2")])
def test_scoring_explained_with_every_threshold(tmp_path: Path, bk: ruleset.Ruleset, lang: str, high: str) -> None:
    """explain names both rows of the shipped scoring: 1 game point from 61, 2 from 91."""
    scoring = bk.spec.scoring
    assert {n: (r.at, r.points) for n, r in scoring.rows.items()} == {"win": (61, 1), "high": (91, 2)}
    res = run_cli(tmp_path, "explain", "bierkopf", "scoring", "--lang", lang)
    assert res.returncode == 0, res.stderr
    assert high in res.stdout.split("\n\n")[0].replace("\n  ", " ")
