"""Klaberjass (seed 001, RULINGS.md section Klaberjass): bidding, exchange, sequences, bella,
following, the maker's duty, quick entry, the match to 500, and a whole game through the CLI.

Every expected number is derived by hand from the rule text in a comment next to it:
card points A 11, 10 10, K 4, Q 3, J 2 (trump J 20, trump 9 14), last trick 10,
sequences of three 20, of four or more 50, bella 20.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import assert_refused, run_cli, snapshot

from scorekeeper import ruleset
from scorekeeper.errors import IllegalActionError, RulesetError
from scorekeeper.games.klaberjass import FAMILY
from scorekeeper.hand import Hand
from scorekeeper.match import Match
from scorekeeper.result import HandResult
from scorekeeper.ruleset import Ruleset

TABLE = ["Anna", "Ben"]

# The example hand used throughout. Anna deals, so Ben bids first and leads.
# Hearts are the turn-up's suit (10H); Anna holds the trump seven, king and queen.
ANNA = "7H KH QH 8H 9S 10S JS QS AC"
BEN = "JH 9H AH 8D 9D 10D JD AS 10C"
DEAL = {"Anna": ANNA.split(), "Ben": BEN.split()}
BIDDING = ["Anna turnup 10H", "Ben pass", "Anna accept"]
BEFORE_PLAY = [
    "Anna bottom 7C",
    "Anna exchange",
    "Anna sequence 9S 10S JS QS",
    "Ben sequence 8D 9D 10D JD",
]
PLAY = [
    # trick 1: trump jack led; Anna cannot beat it and plays a low trump. Ben 20 + 0 = 20
    "Ben JH", "Anna 8H",
    # trick 2: trump nine; Anna gives the queen (first bella card). Ben 14 + 3 = 17 -> 37
    "Ben 9H", "Anna QH",
    # trick 3: trump ace; Anna says bella with the king. Ben 11 + 4 = 15 -> 52
    "Ben AH", "Anna bella", "Anna KH",
    # trick 4: ace of spades; Anna cannot beat it. Ben 11 + 0 -> 63
    "Ben AS", "Anna 9S",
    # trick 5: ten of clubs; Anna must head it with the ace. Anna 10 + 11 = 21
    "Ben 10C", "Anna AC",
    # trick 6: the turn-up ten of hearts (from the exchange); Ben has no trump. Anna 10 -> 31
    "Anna 10H", "Ben 8D",
    # tricks 7-9: Anna's spades; Ben discards diamonds. QS 3 -> 34, JS+10D 12 -> 46,
    # 10S+JD 12 -> 58, and 10 for the last trick -> 68
    "Anna QS", "Ben 9D",
    "Anna JS", "Ben 10D",
    "Anna 10S", "Ben JD",
]  # fmt: skip
# Anna made trump. Anna: 68 cards + 50 (her four spades, top queen, beat Ben's four
# diamonds, top jack) + 20 bella = 138. Ben: 63. 138 > 63: both score their own totals.
ANNA_TOTAL, BEN_TOTAL = 138, 63


def rules(**options: Any) -> Ruleset:
    return ruleset.load("klaberjass", options)


def new_hand(
    deal: dict[str, list[str]] | None = None, dealer: str = "Anna", **options: Any
) -> Hand:
    return Hand(rules(**options), TABLE, dealer, deal=deal)


def apply_all(hand: Hand, actions: Sequence[str]) -> None:
    for action in actions:
        hand.apply(action)


def refused(hand: Hand, action: str, rule: str, *words: str) -> str:
    with pytest.raises(IllegalActionError) as err:
        hand.apply(action)
    assert err.value.rule == rule, str(err.value)
    for word in words:
        assert word in err.value.message, err.value.message
    return err.value.message


def quick(facts: dict[str, Any], actions: Sequence[str] = (), **options: Any) -> HandResult:
    rs = rules(**options)
    from scorekeeper.actions import parse_action

    parsed = [parse_action(a, TABLE) for a in actions]
    return FAMILY.score_quick(rs, TABLE, "Anna", facts, parsed, {})


# ---------------------------------------------------------------------- the rule set


def test_rule_set_numbers_follow_the_seed() -> None:
    rs = rules()
    assert rs.family == "klaberjass" and rs.player_counts == [2]
    assert len(rs.deck) == 32 and rs.hand_size == 9 and rs.get("play.tricks") == 9
    assert rs.get("contracts.suit.trumps") == [
        "J{T}", "9{T}", "A{T}", "10{T}", "K{T}", "Q{T}", "8{T}", "7{T}",
    ]  # fmt: skip
    assert rs.get("ranking.plain_order") == ["A", "10", "K", "Q", "J", "9", "8", "7"]
    assert rs.get("sequences.order") == ["7", "8", "9", "10", "J", "Q", "K", "A"]
    from scorekeeper.cards import Card

    # trump jack 20, trump nine 14, plain jack 2, plain nine 0
    assert rs.card_points(Card("J", "H"), "H") == 20
    assert rs.card_points(Card("9", "H"), "H") == 14
    assert rs.card_points(Card("J", "S"), "H") == 2
    assert rs.card_points(Card("9", "S"), "H") == 0
    assert rs.get("play.last_trick_bonus") == 10
    assert rs.get("bella.points") == 20
    assert rs.get("match.target") == 500
    assert rs.options == {
        "must_head_plain_suit": True,
        "score_all_sequences": False,
        "revoke_penalty": "hand_lost",
    }
    assert rs.get("following.head") == "always"
    assert rules(must_head_plain_suit=False).get("following.head") == "trump_led"


def test_a_house_rule_with_a_broken_sequence_order_is_refused(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text(
        'extends = "klaberjass"\nname = "House"\n[sequences]\norder = ["7", "8"]\n',
        encoding="utf-8",
    )
    with pytest.raises(RulesetError) as err:
        ruleset.load(str(house))
    assert "sequences.order" in str(err.value)


# ---------------------------------------------------------------------- bidding


def test_round_one_non_dealer_accepts_the_turn_up_suit() -> None:
    hand = new_hand()
    assert hand.to_play() is None
    apply_all(hand, ["Anna turnup 10H", "Ben accept"])
    assert hand.game.maker == "Ben" and hand.game.trump == "H"
    assert hand.to_play() == "Ben"  # the non-dealer leads the first trick
    assert hand.contract.is_trump(hand.rules.deck.parse("7H"))


def test_round_one_dealer_accepts_after_a_pass() -> None:
    hand = new_hand()
    apply_all(hand, ["Anna turnup 10H", "Ben pass", "Anna take"])  # take = accept
    assert (hand.game.maker, hand.game.trump) == ("Anna", "H")
    assert hand.to_play() == "Ben"


def test_round_two_non_dealer_names_another_suit() -> None:
    hand = new_hand()
    apply_all(hand, ["Anna turnup 10H", "Ben pass", "Anna pass", "Ben name spades"])
    assert (hand.game.maker, hand.game.trump) == ("Ben", "S")


def test_round_two_dealer_names_after_the_non_dealer_passes() -> None:
    hand = new_hand()
    apply_all(hand, ["Anna turnup 10H", "Ben pass", "Anna pass", "Ben pass", "Anna name ♦"])
    assert (hand.game.maker, hand.game.trump) == ("Anna", "D")
    assert hand.to_play() == "Ben"


def test_four_passes_redeal_by_the_same_dealer() -> None:
    m = Match(rules(), TABLE, "Anna")
    for action in ["Anna turnup 10H", "Ben pass", "Anna pass", "Ben pass"]:
        m.apply(action)
    out = m.apply("Anna pass")
    assert out.result is not None and out.result.redeal
    assert out.result.scores == {"Anna": 0, "Ben": 0}
    assert out.result.items[0].rule == "bidding.redeal"
    assert m.next_dealer() == "Anna"
    # the new hand starts from the turn-up again, Anna dealing
    m.apply("Anna turnup 8C")
    assert m.hands[-1].dealer == "Anna" and len(m.hands) == 2


def test_bidding_refusals_name_the_rule() -> None:
    hand = new_hand(DEAL)
    refused(hand, "Ben accept", "bidding.turnup", "turnup")
    refused(hand, "Ben turnup 8C", "bidding.turnup", "dealer")
    refused(hand, "Anna turnup 7H", "deal", "Anna's recorded deal")
    refused(hand, "Ben 7H", "bidding.turnup")
    hand.apply("Anna turnup 10H")
    refused(hand, "Anna accept", "bidding.order", "Ben's turn")
    refused(hand, "Ben name spades", "bidding.round_one", "round one")
    refused(hand, "Ben JH", "bidding.round_one")
    apply_all(hand, ["Ben pass", "Anna pass"])
    refused(hand, "Ben accept", "bidding.round_two", "round two")
    refused(hand, "Ben name hearts", "bidding.round_two", "another suit")
    refused(hand, "Ben name trumps", "bidding.round_two", "name one suit")
    refused(hand, "Ben bottom 7C", "deal.bottom_card")
    refused(hand, "Ben sequence 8D 9D 10D", "sequences.window")
    hand.apply("Ben name clubs")
    refused(hand, "Anna pass", "bidding", "already made")
    refused(hand, "Anna double", "actions", "turnup, accept, pass, name")
    refused(hand, "Anna exchange", "exchange.when", "round two")


# ---------------------------------------------------------------------- before play


def test_exchange_swaps_the_trump_seven_for_the_turn_up() -> None:
    hand = new_hand(DEAL)
    apply_all(hand, BIDDING)
    refused(hand, "Ben exchange", "deal", "does not hold 7H")
    hand.apply("Anna exchange")
    held = hand.holding("Anna")
    assert held is not None and "10H" in [c.code for c in held]
    assert "7H" not in [c.code for c in held]
    refused(hand, "Anna exchange", "exchange.when", "already exchanged")
    hand.apply("Ben JH")
    refused(hand, "Anna 7H", "deal", "does not hold 7H")


def test_exchange_without_the_deal_moves_the_cards_out_of_and_into_play() -> None:
    hand = new_hand()
    apply_all(hand, [*BIDDING, "Anna exchange", "Ben JH"])
    # the seven now lies under the stock; the turn-up is Anna's
    refused(hand, "Anna 7H", "exchange.when", "under the stock")
    # Anna is known to hold 10H, a trump: she must follow the trump lead
    refused(hand, "Anna 9S", "following.follow_suit", "10H", "exchange")
    hand.apply("Anna 10H")
    # the turn-up is not in play for anyone when nobody exchanged it
    other = new_hand()
    apply_all(other, [*BIDDING, "Anna bottom 7C", "Ben JH"])
    refused(other, "Anna 10H", "deal.turnup", "turn-up")
    refused(other, "Anna 7C", "deal.bottom_card", "bottom card")


def test_exchange_and_bottom_card_refusals() -> None:
    hand = new_hand(DEAL)
    apply_all(hand, BIDDING)
    refused(hand, "Ben bottom 8C", "deal.bottom_card", "dealer")
    refused(hand, "Anna bottom 10H", "deal.bottom_card", "turn-up")
    refused(hand, "Anna bottom AS", "deal", "Ben's recorded deal")
    hand.apply("Anna bottom 7C")
    refused(hand, "Anna bottom 8C", "deal.bottom_card", "already")
    hand.apply("Ben JH")
    refused(hand, "Anna exchange", "exchange.when", "too late")
    # a turn-up that is itself the trump seven leaves nothing to exchange
    seven = new_hand()
    apply_all(seven, ["Anna turnup 7H", "Ben accept"])
    refused(seven, "Anna exchange", "exchange.when", "7H itself")


# ---------------------------------------------------------------------- sequences


def test_sequence_refusals() -> None:
    hand = new_hand(DEAL)
    apply_all(hand, [*BIDDING, "Anna exchange"])
    refused(hand, "Anna sequence 9S 10S QS", "sequences.order", "JS is missing")
    refused(hand, "Anna sequence 9S 10S", "sequences.min_length", "at least 3")
    refused(hand, "Anna sequence QH KH QS", "sequences.order", "one suit")
    refused(hand, "Ben sequence 9S 10S JS", "deal", "does not hold")
    refused(hand, "Anna sequence 7H 8H 9H", "deal", "does not hold 7H")
    hand.apply("Anna sequence 9S 10S JS")
    refused(hand, "Anna sequence 10S JS QS", "sequences.order", "one sequence only")
    hand.apply("Ben sequence 8D 9D 10D JD")
    hand.apply("Ben JH")
    refused(hand, "Ben sequence 8D 9D 10D", "sequences.window", "too late")


def test_touching_sequences_must_be_announced_as_one() -> None:
    hand = new_hand()
    apply_all(hand, [*BIDDING, "Ben sequence 7D 8D 9D"])
    refused(hand, "Ben sequence 10D JD QD", "sequences.order", "7D 8D 9D 10D JD QD")
    refused(hand, "Anna sequence 9D 10D JD", "sequences", "Ben's announced sequence")


def test_announced_sequences_bind_a_hand_that_was_not_recorded() -> None:
    hand = new_hand()
    apply_all(hand, [*BIDDING, *BEFORE_PLAY, *PLAY[:11]])  # five tricks played
    # the other player cannot hold a card of Ben's announced sequence
    ben_cards = new_hand()
    apply_all(ben_cards, [*BIDDING, "Ben sequence 8D 9D 10D JD", "Ben 10C"])
    refused(ben_cards, "Anna 9D", "sequences", "Ben's announced sequence")
    # trick 6: Anna leads; Ben has four cards left and all four are his announced diamonds
    hand.apply("Anna 10H")
    refused(hand, "Ben 7S", "sequences", "cards left in hand: 4", "8D 9D 10D JD")
    hand.apply("Ben 8D")


@pytest.mark.parametrize(
    ("anna", "ben", "trump", "scores", "why"),
    [
        # longer beats shorter: Ben's four low diamonds (50) beat three high spades.
        # Anna made trump with 70 against 40 + 50 = 90: she fails, Ben scores 70 + 90.
        ("QS KS AS", "7D 8D 9D 10D", "H", {"Anna": 0, "Ben": 160}, "longer"),
        # equal length: the higher top card wins (ace over king): Anna 70 + 20 = 90
        ("QS KS AS", "JD QD KD", "H", {"Anna": 90, "Ben": 40}, "higher top card"),
        # equal length and top card: the trump sequence wins: Ben 40 + 20 = 60 < 70
        ("JS QS KS", "JD QD KD", "D", {"Anna": 70, "Ben": 60}, "a trump sequence"),
        # an exact tie (same length and top card, neither in trump) scores nothing
        ("JS QS KS", "JD QD KD", "H", {"Anna": 70, "Ben": 40}, "tie exactly"),
    ],
)
def test_sequence_comparison(
    anna: str, ben: str, trump: str, scores: dict[str, int], why: str
) -> None:
    res = quick(
        {
            "maker": "Anna",
            "trump": trump,
            "points": ["Anna:70", "Ben:40"],
            "sequences": [f"Anna:{anna}", f"Ben:{ben}"],
        }
    )
    assert res.scores == scores
    assert why in res.reasons()
    assert any(i.rule == "sequences.compare" for i in res.items)


def test_score_all_sequences_option() -> None:
    facts = {
        "maker": "Ben",
        "trump": "C",
        "points": ["Anna:40", "Ben:70"],
        "sequences": ["Ben:7D 8D 9D 10D", "Ben:JS QS KS", "Anna:8H 9H 10H"],
    }
    # default: Ben's best sequence (four diamonds, 50) only: Ben 120, Anna 40
    assert quick(facts).scores == {"Anna": 40, "Ben": 120}
    # option on: every sequence of the winner: 50 + 20 = 70, Anna's still nothing
    assert quick(facts, score_all_sequences=True).scores == {"Anna": 40, "Ben": 140}


# ---------------------------------------------------------------------- bella


def test_bella_scores_when_announced_with_the_second_card() -> None:
    hand = new_hand(DEAL)
    apply_all(hand, [*BIDDING, "Anna exchange", "Ben JH"])
    refused(hand, "Anna bella", "bella.announce", "has not played either")
    apply_all(hand, ["Anna 8H", "Ben 9H", "Anna QH", "Ben AH"])
    refused(hand, "Ben bella", "bella.announce", "Anna plays next")
    hand.apply("Anna bella")
    refused(hand, "Anna 10H", "bella.announce", "plays KH now")
    out = hand.apply("Anna KH")
    assert any("bella" in m for m in out.messages)
    assert hand.game.bella == "Anna"
    refused(hand, "Anna bella", "bella.announce", "already")


def test_bella_not_announced_scores_nothing() -> None:
    # The example hand without 'Anna bella': Anna 68 + 50 = 118 against Ben's 63.
    hand = new_hand(DEAL)
    apply_all(hand, [*BIDDING, *BEFORE_PLAY, *[a for a in PLAY if a != "Anna bella"]])
    assert hand.result().scores == {"Anna": 118, "Ben": 63}


def test_bella_card_must_be_playable_now() -> None:
    # Ben holds KS QS in spades trump; he plays KS, then hearts are led and he has a heart.
    deal = {
        "Anna": ["AH", "10H", "7C", "8C", "9C", "10C", "JC", "QC", "KC"],
        "Ben": ["KS", "QS", "9H", "8H", "7D", "8D", "9D", "10D", "JD"],
    }
    hand = new_hand(deal)
    # trick 1 to Ben's king of trumps, trick 2 to Anna's ace of hearts; Anna leads 10H
    apply_all(hand, ["Anna turnup 8S", "Ben accept", "Ben KS", "Anna 7C", "Ben 9H", "Anna AH"])
    hand.apply("Anna 10H")
    refused(hand, "Ben bella", "bella.announce", "QS cannot be played now", "must follow hearts")


# ---------------------------------------------------------------------- following

# Trump hearts (Ben accepts the turned-up ace). Anna holds no diamonds.
F_ANNA = "7S 9S AS 8C 9C KC JH QH 8H"
F_BEN = "10S KS 8S 10C 7C KD AD 9H 10H"
F_DEAL = {"Anna": F_ANNA.split(), "Ben": F_BEN.split()}


def following_hand(**options: Any) -> Hand:
    hand = new_hand(F_DEAL, **options)
    apply_all(hand, ["Anna turnup AH", "Ben accept"])
    return hand


def test_must_head_a_plain_suit_by_default() -> None:
    hand = following_hand()
    hand.apply("Ben 10S")
    refused(hand, "Anna 7S", "following.head", "must beat 10S", "AS")
    refused(hand, "Anna 8C", "following.follow_suit", "must follow spades")
    assert [c.code for c in hand.legal_cards("Anna") or []] == ["AS"]


def test_pagat_option_only_heads_trump_leads() -> None:
    hand = following_hand(must_head_plain_suit=False)
    hand.apply("Ben 10S")
    assert sorted(c.code for c in hand.legal_cards("Anna") or []) == ["7S", "9S", "AS"]
    hand.apply("Anna 7S")
    # trick 2: Ben leads the trump nine; Anna must still beat it with the jack
    hand.apply("Ben 9H")
    refused(hand, "Anna 8H", "following.head", "must beat 9H", "JH")


def test_void_must_trump_and_over_trump_a_trump_lead() -> None:
    hand = following_hand()
    hand.apply("Ben KD")
    refused(hand, "Anna 7S", "following.when_void", "must trump", "JH")
    hand.apply("Anna 8H")  # any trump will do: the trick holds no trump yet
    # Anna won with the trump eight and leads; now a trump lead for Ben to beat
    hand.apply("Anna QH")
    refused(hand, "Ben 8S", "following.follow_suit", "must follow trumps")
    # both of Ben's trumps beat the queen (trump order J 9 A 10 K Q 8 7)
    assert sorted(c.code for c in hand.legal_cards("Ben") or []) == ["10H", "9H"]


def test_revoke_without_the_deal_loses_the_hand() -> None:
    hand = new_hand(None)
    apply_all(hand, ["Anna turnup AH", "Ben accept"])
    plays = [
        # trick 1: Anna has no diamond but holds trumps; 7S is a revoke (seen later). Ben 4
        "Ben KD", "Anna 7S",
        # trick 2: Anna heads with the ace. Anna 10 + 11 = 21
        "Ben 10S", "Anna AS",
        # trick 3: Ben heads 8C with 10C. Ben 10 -> 14
        "Anna 8C", "Ben 10C",
        # trick 4: Anna heads 7C with 9C. Anna 0 -> 21
        "Ben 7C", "Anna 9C",
        # trick 5: Ben has no clubs and trumps with the nine. Ben 4 + 14 = 18 -> 32
        "Anna KC", "Ben 9H",
        # trick 6: Anna trumps the ace of diamonds with JH: proof she held a trump in trick 1.
        # Anna 11 + 20 = 31 -> 52
        "Ben AD", "Anna JH",
        # trick 7: trump queen led, Ben over-trumps with the ten. Ben 3 + 10 = 13 -> 45
        "Anna QH", "Ben 10H",
        # trick 8: Ben 4 + 0 -> 49; trick 9: Anna trumps 8S with 8H: 0 + 10 last -> 62
        "Ben KS", "Anna 9S",
        "Ben 8S", "Anna 8H",
    ]  # fmt: skip
    revokes = []
    for action in plays:
        revokes += hand.apply(action).revokes
    assert [(r.player, r.trick, r.card.code, r.rule) for r in revokes] == [
        ("Anna", 1, "7S", "following.when_void")
    ]
    res = hand.result()
    # Cards 49 : 62 (total 101 + 10 = 111). The revoke gives Ben both totals, Anna nothing.
    assert res.card_points == {"Anna": 62, "Ben": 49}
    assert res.scores == {"Anna": 0, "Ben": 111}
    assert hand.summary()["revoke"] == "Anna"
    assert quick(hand.summary()).scores == res.scores


# ---------------------------------------------------------------------- whole hands


def test_example_hand_with_the_deal() -> None:
    hand = new_hand(DEAL)
    apply_all(hand, [*BIDDING, *BEFORE_PLAY, *PLAY])
    assert hand.finished
    res = hand.result()
    assert res.card_points == {"Anna": 68, "Ben": 63}
    assert res.scores == {"Anna": ANNA_TOTAL, "Ben": BEN_TOTAL}
    assert res.winner == "Anna"
    assert res.details["totals"] == {"Anna": 138, "Ben": 63}
    rules_named = {i.rule for i in res.items}
    assert {"card_points", "sequences.points", "sequences.compare", "bella.points"} <= rules_named
    assert hand.deck_check() == []
    # the 18 cards in play are the cards held after the exchange: 10H in, 7H out
    in_play = FAMILY.cards_in_play(hand)
    assert in_play is not None and sum(in_play.values()) == 18
    assert {c.code for c in in_play} == set(ANNA.split()) - {"7H"} | {"10H"} | set(BEN.split())


def test_example_hand_without_the_deal_and_quick_agree() -> None:
    hand = new_hand()
    apply_all(hand, [*BIDDING, *BEFORE_PLAY, *PLAY])
    res = hand.result()
    assert res.scores == {"Anna": ANNA_TOTAL, "Ben": BEN_TOTAL}
    assert hand.revokes == []
    assert FAMILY.cards_in_play(hand) is None
    summary = hand.summary()
    assert summary == {
        "maker": "Anna",
        "trump": "H",
        "points": ["Anna:68", "Ben:63"],
        "sequences": ["Anna:9S 10S JS QS", "Ben:8D 9D 10D JD"],
        "bella": "Anna",
    }
    assert quick(summary).scores == res.scores


def test_maker_fails_on_equal_points() -> None:
    # 60:60 in cards: the maker (Anna) does not have more, so Ben scores 60 + 60 = 120.
    res = quick({"maker": "Anna", "trump": "D", "points": ["Anna:60", "Ben:60"]})
    assert res.scores == {"Anna": 0, "Ben": 120}
    assert res.winner == "Ben"
    assert any(i.rule == "scoring.maker_must_exceed" for i in res.items)
    # equal only with the extras: Ben (maker) 60 + bella 20 = 80 against Anna's 80 -> Anna 160
    res = quick({"maker": "Ben", "trump": "D", "points": ["Anna:80", "Ben:60"], "bella": "Ben"})
    assert res.scores == {"Anna": 160, "Ben": 0}
    # one point more and the maker keeps his own: Ben 61 + 20 = 81 > 80
    res = quick({"maker": "Ben", "trump": "D", "points": ["Anna:80", "Ben:61"], "bella": "Ben"})
    assert res.scores == {"Anna": 80, "Ben": 81}


def test_quick_entry_takes_sequences_and_bella_as_actions() -> None:
    # Ben's four spades (50) beat Anna's three clubs; bella for Ben: 60 + 50 + 20 = 130 > 71
    res = quick(
        {"maker": "Ben", "trump": "S", "points": ["Anna:71", "Ben:60"]},
        ["Ben sequence 7S 8S 9S 10S", "Anna sequence 10C JC QC", "Ben bella"],
    )
    assert res.scores == {"Anna": 71, "Ben": 130}


@pytest.mark.parametrize(
    ("facts", "key", "words"),
    [
        ({"trump": "H", "points": ["Anna:60", "Ben:71"]}, "quick.maker", "maker"),
        ({"maker": "Ben", "trump": "trumps", "points": ["Anna:60", "Ben:71"]}, "quick.trump", "suit"),
        ({"maker": "Ben", "trump": "H", "points": ["Anna:60"]}, "quick.points", "missing Ben"),
        ({"maker": "Ben", "trump": "H", "points": ["Anna:0", "Ben:5"]}, "quick.points", "add up"),
        ({"maker": "Ben", "trump": "H", "points": ["Anna 60", "Ben:71"]}, "quick.points", "Name:N"),
        (
            {"maker": "Ben", "trump": "H", "points": ["Anna:60", "Ben:71"], "sequences": ["Ben:7S 9S 10S"]},
            "quick.sequences",
            "8S is missing",
        ),
        (
            {
                "maker": "Ben",
                "trump": "H",
                "points": ["Anna:60", "Ben:71"],
                "sequences": ["Anna:JH QH KH"],
                "bella": "Ben",
            },
            "quick.bella",
            "Anna's sequence",
        ),
        ({"maker": "Ben", "trump": "H", "points": ["Anna:60", "Ben:71"], "tricks": 3}, "quick.tricks", "unknown key"),
    ],
)  # fmt: skip
def test_quick_entry_refusals(facts: dict[str, Any], key: str, words: str) -> None:
    with pytest.raises(IllegalActionError) as err:
        quick(facts)
    assert err.value.where == key
    assert words in err.value.message
    assert err.value.rule


@pytest.mark.parametrize(
    ("facts", "key", "rule"),
    [
        ({"maker": "Ben", "trump": "H", "points": 131}, "quick.points", "card_points"),
        ({"maker": ["Ben"], "trump": "H", "points": ["Anna:60", "Ben:71"]}, "quick.maker", "bidding"),
        ({"maker": "Ben", "trump": 3, "points": ["Anna:60", "Ben:71"]}, "quick.trump", "bidding"),
        ({"maker": "Ben", "trump": "H", "points": ["Anna:60", "Ben:71"], "bella": True}, "quick.bella", "bella"),
        ({"maker": "Ben", "trump": "H", "points": ["Anna:60", "Ben:71"], "sequences": "Ben:7S 8S 9S"}, "quick.sequences", "sequences"),
        ({"redeal": "yes"}, "quick.redeal", "bidding.redeal"),
    ],
)  # fmt: skip
def test_quick_facts_of_the_wrong_kind_are_refused(
    facts: dict[str, Any], key: str, rule: str
) -> None:
    # A match file may hold any TOML value: each fact's declared kind is checked first.
    with pytest.raises(IllegalActionError) as err:
        quick(facts)
    assert (err.value.where, err.value.rule) == (key, rule)
    assert key.split(".")[1] in err.value.message


def most_card_points(trump: str) -> int:
    """From the rule set: the best 18 cards (nine each) with this trump, and the last trick."""
    rs = rules()
    values = sorted((rs.card_points(c, trump) for c in rs.deck.cards), reverse=True)
    return sum(values[: rs.hand_size * len(TABLE)]) + int(rs.get("play.last_trick_bonus"))


def test_more_card_points_than_the_cards_played_hold_are_refused() -> None:
    # Only 18 of the 32 cards are played. By hand, trump spades: the pack holds 152; the
    # 14 cards left out are at best the eleven worth nothing (7 8 9 of three plain suits,
    # trump 7 and 8) and three plain jacks (6): 146, and 10 for the last trick: 156.
    assert most_card_points("S") == 156
    assert quick({"maker": "Ben", "trump": "S", "points": ["Anna:20", "Ben:136"]}).scores == {
        "Anna": 20,
        "Ben": 136,
    }
    with pytest.raises(IllegalActionError) as err:
        quick({"maker": "Ben", "trump": "S", "points": ["Anna:21", "Ben:136"]})
    assert err.value.where == "quick.points" and err.value.rule == "card_points.total"
    assert "add up to 157" in err.value.message and "between 10 and 156" in err.value.message


def test_the_card_point_bound_follows_the_rule_set(tmp_path: Path) -> None:
    # A house rule makes the trump nine worth 30 instead of 14: the pack holds 168, and
    # the best 18 cards with the last trick 156 + 16 = 172.
    path = tmp_path / "house.toml"
    path.write_text(
        'extends = "klaberjass"\nname = "House"\n[card_points]\ntotal = 168\n'
        '[card_points.trump]\n"9" = 30\n',
        encoding="utf-8",
    )
    rs = ruleset.load(str(path))

    def score(anna: int, ben: int) -> HandResult:
        facts = {"maker": "Ben", "trump": "S", "points": [f"Anna:{anna}", f"Ben:{ben}"]}
        return FAMILY.score_quick(rs, TABLE, "Anna", facts, [], {})

    assert score(36, 136).scores == {"Anna": 36, "Ben": 136}
    with pytest.raises(IllegalActionError) as err:
        score(37, 136)
    assert "between 10 and 172" in err.value.message


@pytest.mark.parametrize(
    ("sequences", "bella", "count"),
    [
        # eight hearts and three spades: eleven cards, and a player holds nine
        (["Ben:7H 8H 9H 10H JH QH KH AH", "Ben:7S 8S 9S"], None, 11),
        # eight hearts, and bella in spades (KS QS): ten cards
        (["Ben:7H 8H 9H 10H JH QH KH AH"], "Ben", 10),
    ],
)
def test_more_cards_announced_than_a_player_holds_are_refused(
    sequences: list[str], bella: str | None, count: int
) -> None:
    facts: dict[str, Any] = {
        "maker": "Ben",
        "trump": "S",
        "points": ["Anna:40", "Ben:91"],
        "sequences": sequences,
    }
    if bella:
        facts["bella"] = bella
    with pytest.raises(IllegalActionError) as err:
        quick(facts)
    assert (err.value.where, err.value.rule) == ("quick.sequences", "deal.packets")
    assert f"need {count} cards" in err.value.message and "holds 9" in err.value.message
    # bella inside the player's own sequence needs no more cards: eight hearts, trump hearts
    facts.update(trump="H", sequences=sequences[:1], bella="Ben")
    assert quick(facts).scores["Ben"] > 0


# ---------------------------------------------------------------------- the match


def totals_after(hands: Sequence[dict[str, Any]]) -> Match:
    m = Match(rules(), TABLE, "Anna")
    for facts in hands:
        m.add_quick(facts, [])
    return m


def test_the_winner_of_a_hand_deals_the_next() -> None:
    m = totals_after([{"maker": "Ben", "trump": "S", "points": ["Anna:40", "Ben:91"]}])
    assert m.next_dealer() == "Ben"
    m.add_quick({"redeal": True}, [])
    assert m.next_dealer() == "Ben"
    m.add_quick({"maker": "Ben", "trump": "S", "points": ["Anna:91", "Ben:40"]}, [])
    assert m.next_dealer() == "Anna"
    assert [mh.dealer for mh in m.hands] == ["Anna", "Ben", "Ben"]


def test_first_to_500_at_the_end_of_a_hand_wins() -> None:
    big = {"maker": "Ben", "trump": "S", "points": ["Anna:20", "Ben:136"]}  # Ben +136
    m = totals_after([big] * 3)  # Ben 408
    assert m.over() is None
    m.add_quick(big, [])  # Ben 544
    assert m.over() is not None and "Ben wins with 544" in m.over()  # type: ignore[operator]
    with pytest.raises(IllegalActionError) as err:
        m.add_quick(big, [])
    assert err.value.rule == "match"


ANNA_MAKES = {"maker": "Anna", "trump": "S", "points": ["Anna:90", "Ben:41"]}
BEN_MAKES = {"maker": "Ben", "trump": "S", "points": ["Anna:41", "Ben:90"]}


def test_both_past_500_in_one_hand_the_higher_total_wins() -> None:
    # Each pair of hands gives both players 90 + 41 = 131; a seventh hand adds 90 and 41:
    # Anna 3 * 131 + 90 = 483, Ben 3 * 131 + 41 = 434.
    m = totals_after([ANNA_MAKES, BEN_MAKES] * 3 + [ANNA_MAKES])
    assert m.totals() == {"Anna": 483, "Ben": 434} and m.over() is None
    # Ben makes trump with 91 > 40: Anna 483 + 40 = 523, Ben 434 + 91 = 525: both past
    # 500 in the same hand, and Ben's total is higher
    m.add_quick({"maker": "Ben", "trump": "C", "points": ["Anna:40", "Ben:91"]}, [])
    assert m.totals() == {"Anna": 523, "Ben": 525}
    assert "Ben wins with 525 against Anna's 523" in (m.over() or "")


def test_both_past_500_with_equal_totals_play_on() -> None:
    # Seven hands: Anna 393 + 90 = 483, Ben 393 + 41 = 434.
    m = totals_after([ANNA_MAKES, BEN_MAKES] * 3 + [ANNA_MAKES])
    assert m.totals() == {"Anna": 483, "Ben": 434}
    # Ben makes trump with 79 > 30: Anna 483 + 30 = 513, Ben 434 + 79 = 513: level, play on
    m.add_quick({"maker": "Ben", "trump": "C", "points": ["Anna:30", "Ben:79"]}, [])
    assert m.totals() == {"Anna": 513, "Ben": 513}
    assert m.over() is None
    # the next hand decides: Ben 10 (last trick only) > 0: Ben 523
    m.add_quick({"maker": "Ben", "trump": "C", "points": ["Anna:0", "Ben:10"]}, [])
    assert "Ben wins with 523" in (m.over() or "")


# ---------------------------------------------------------------------- a game through the CLI


def test_a_game_to_500_through_the_cli(tmp_path: Path) -> None:
    """Eight hands, one of them card by card with its deal, to the exact final totals."""

    def ok(*args: str) -> str:
        res = run_cli(tmp_path, *args)
        assert res.returncode == 0, f"{args}: {res.stdout} {res.stderr}"
        return res.stdout

    ok("new", "klaberjass", "Anna", "Ben")
    # 1 (Anna deals): Ben makes spades, 91 > 40: Anna 40, Ben 91; Ben won and deals next
    ok("hand", "maker=Ben", "trump=spades", "points=Anna:40,Ben:91")
    # 2 (Ben): four passes, the same dealer deals again
    ok("hand", "redeal=true")
    # 3 (Ben): Anna makes diamonds but only draws level, 60:60: Ben scores 120 -> 40 : 211
    ok("hand", "maker=Anna", "trump=diamonds", "points=Anna:60,Ben:60")
    # 4 (Ben): the example hand with the roles swapped: Ben deals and makes hearts,
    # exchanges the seven for the turned-up ten, wins the sequences (four spades to the
    # queen over four diamonds to the jack, 50) and says bella: Ben 68 + 50 + 20 = 138,
    # Anna 63 -> 103 : 349
    ok("deal", "Ben=7H KH QH 8H 9S 10S JS QS AC", "Anna=JH 9H AH 8D 9D 10D JD AS 10C")
    ok("act", "Ben turnup 10H", "Anna pass", "Ben accept")
    ok("declare", "Ben", "bottom", "7C")
    ok("declare", "Ben", "exchange")
    ok("announce", "Ben", "sequence", "9S", "10S", "JS", "QS")
    ok("announce", "Anna", "sequence", "8D", "9D", "10D", "JD")
    ok("trick", "JH", "8H")
    ok("trick", "9H", "QH")
    ok("play", "AH")
    path = next((tmp_path / "matches").glob("*.toml"))
    before = snapshot(path)
    assert_refused(
        run_cli(tmp_path, "play", "Ben", "9S"),
        rule="following.follow_suit",
        names=("must follow trumps", "10H"),
        path=path,
        before=before,
    )
    assert_refused(
        run_cli(tmp_path, "play", "Ben", "7H"), rule="deal", names=("7H",), path=path, before=before
    )
    status = json.loads(ok("status", "--json"))
    assert status["to_play"] == "Ben" and sorted(status["legal_cards"]) == ["10H", "KH"]
    ok("announce", "Ben", "bella")
    ok("play", "KH")
    ok("trick", "AS", "9S")
    ok("trick", "10C", "AC")
    for trick in (["10H", "8D"], ["QS", "9D"], ["JS", "10D"], ["10S", "JD"]):
        ok("trick", *trick)
    # 5 (Ben): Anna makes clubs: 95 + 50 (four spades beat three clubs) + 20 bella = 165
    # against 36 -> 268 : 385; Anna won and deals next
    ok(
        "hand",
        "maker=Anna",
        "trump=clubs",
        "points=Anna:95,Ben:36",
        "sequences=Anna:10S JS QS KS,Ben:7C 8C 9C",
        "bella=Anna",
    )
    # 6 (Anna): Ben makes hearts; the sequences tie exactly (three to the jack, neither in
    # trump) and score nothing; Ben's 51 is less than 80: Anna scores 131 -> 399 : 385
    ok(
        "hand",
        "maker=Ben",
        "trump=hearts",
        "points=Anna:80,Ben:51",
        "sequences=Anna:9D 10D JD,Ben:9C 10C JC",
    )
    # 7 (Anna): Anna makes spades; both sequences run to the king, Anna's is trump: +20.
    # Anna 51 + 20 = 71 > 55 -> 470 : 440
    ok(
        "hand",
        "maker=Anna",
        "trump=spades",
        "points=Anna:51,Ben:55",
        "-a",
        "Ben sequence JH QH KH",
        "-a",
        "Anna sequence JS QS KS",
    )
    # 8 (Anna): Ben makes diamonds, 91 > 40 -> 510 : 531. Both passed 500 in this hand;
    # Ben's total is higher, so Ben wins.
    ok("hand", "maker=Ben", "trump=diamonds", "points=Anna:40,Ben:91")
    sheet = json.loads(ok("score", "--json"))
    assert [h["dealer"] for h in sheet["hands"]] == [
        "Anna", "Ben", "Ben", "Ben", "Ben", "Anna", "Anna", "Anna",
    ]  # fmt: skip
    assert [h["totals"] for h in sheet["hands"]] == [
        {"Anna": 40, "Ben": 91},
        {"Anna": 40, "Ben": 91},
        {"Anna": 40, "Ben": 211},
        {"Anna": 103, "Ben": 349},
        {"Anna": 268, "Ben": 385},
        {"Anna": 399, "Ben": 385},
        {"Anna": 470, "Ben": 440},
        {"Anna": 510, "Ben": 531},
    ]
    assert sheet["hands"][3]["kind"] == "full"
    assert sheet["hands"][3]["result"]["card_points"] == {"Anna": 63, "Ben": 68}
    assert sheet["totals"] == {"Anna": 510, "Ben": 531}
    assert "Ben wins with 531 against Anna's 510" in sheet["over"]
    before = snapshot(path)
    assert_refused(
        run_cli(tmp_path, "hand", "maker=Ben", "trump=clubs", "points=Anna:40,Ben:91"),
        rule="match",
        names=("over",),
        path=path,
        before=before,
    )
    assert "ok (8 hands)" in ok("check", str(path))
