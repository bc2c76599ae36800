"""Who takes a trick, and why: the seed's card hierarchy (section II) and its exceptions.

Most tricks are played without a recorded deal (any unplayed card is accepted on turn), so
each test shows only the four cards that matter. Dealer Anna: Ben leads the first trick.
"""

from __future__ import annotations

import itertools

import pytest
from conftest import JC_JC_LAST, PLAYERS, full_deal, load_dk, play_written

from scorekeeper import ruleset
from scorekeeper.cards import Card, parse_cards
from scorekeeper.contract import judge_trick
from scorekeeper.errors import IllegalActionError
from scorekeeper.hand import Hand, Trick
from scorekeeper.ruleset import Ruleset

# Section II: 10H, queens (C S H D), jacks (C S H D), then A 10 K 9 of diamonds.
SEED_TRUMPS = ["10H", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "10D", "KD", "9D"]


def trick(rules: Ruleset, cards: str, *, leader: str = "Ben") -> Trick:
    """Play one trick (the first of the hand, led by ``leader``) and return it."""
    dealer = PLAYERS[(PLAYERS.index(leader) - 1) % 4]
    hand = Hand(rules, PLAYERS, dealer)
    order = [PLAYERS[(PLAYERS.index(leader) + i) % 4] for i in range(4)]
    outcome = None
    for player, card in zip(order, cards.split(), strict=True):
        outcome = hand.apply(f"{player} {card}")
    assert outcome is not None and outcome.trick is not None
    return outcome.trick


# ---------------------------------------------------------------------- the hierarchy


def test_the_trumps_are_the_seeds_twenty_six() -> None:
    hand = Hand(ruleset.load("doppelkopf"), PLAYERS, "Anna")
    contract = hand.contract
    assert [c.code for c in contract.trumps] == SEED_TRUMPS
    trumps = [c for c in ruleset.load("doppelkopf").deck.all_cards() if contract.is_trump(c)]
    assert len(trumps) == 26
    # every diamond is a trump; hearts, clubs and spades only their queens, jacks (and 10H)
    for card in ruleset.load("doppelkopf").deck.cards:
        expected = card.suit == "D" or card.rank in ("Q", "J") or card.code == "10H"
        assert contract.is_trump(card) == expected, card


@pytest.mark.parametrize(("i", "j"), list(itertools.combinations(range(len(SEED_TRUMPS)), 2)))
def test_every_trump_beats_every_lower_trump(i: int, j: int) -> None:
    contract = Hand(ruleset.load("doppelkopf"), PLAYERS, "Anna").contract
    high, low = Card.parse(SEED_TRUMPS[i]), Card.parse(SEED_TRUMPS[j])
    # whichever is played first, the higher trump takes the trick
    assert judge_trick(contract, [high, low], ["Ben", "Carla"], last_trick=False).index == 0
    assert judge_trick(contract, [low, high], ["Ben", "Carla"], last_trick=False).index == 1


def test_trump_beats_plain() -> None:
    t = trick(load_dk(), "AC 10C 9D KC")
    assert t.winner == "Dirk"  # the lowest trump beats the ace of the suit led
    assert "9D" in t.reason
    assert "only trump" in t.reason


def test_ten_of_hearts_is_a_trump_not_a_heart() -> None:
    t = trick(load_dk(), "AH 10H KH 9H")
    assert t.winner == "Carla"
    assert "10H" in t.reason


def test_plain_suit_led_highest_of_the_suit_wins() -> None:
    t = trick(load_dk(), "KS 10S AC AS")
    # the ace of clubs is a discard: only spades count; AS > 10S > KS
    assert t.winner == "Anna"
    assert "AS" in t.reason
    assert "spades" in t.reason
    assert t.rule == "ranking.plain_order"


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        ("9C KC 10C AC", "Anna"),  # A > 10 > K > 9
        ("10H QD JC 9D", "Ben"),  # the ten of hearts is the highest trump
        ("JD AD 10D KD", "Ben"),  # every jack above the ace of diamonds
        ("QD JC QH JS", "Dirk"),  # queens above jacks; QH > QD
        ("JS JH JC JD", "Dirk"),  # jacks: clubs, spades, hearts, diamonds
        ("9D KD 10D AD", "Anna"),  # diamonds led are trumps
        ("AH KH 9H QC", "Anna"),  # a queen trumps a heart lead
        ("AS KC AD 9S", "Dirk"),  # the fox is a trump
    ],
)
def test_hierarchy(cards: str, winner: str) -> None:
    assert trick(load_dk(), cards).winner == winner


def test_off_suit_discard_never_wins() -> None:
    t = trick(load_dk(), "9S AC AH AC")
    assert t.winner == "Ben"  # only spades were led; three aces discarded
    assert t.points == 0 + 11 + 11 + 11


def test_points_of_a_trick() -> None:
    t = trick(load_dk(), "AC 10C KC QC")
    assert t.winner == "Anna"
    assert t.points == 11 + 10 + 4 + 3


# ---------------------------------------------------------------------- identical cards


def test_seed_example_first_of_two_identical_cards_wins() -> None:
    # "player 1 plays a Queen of Hearts, player two a Jack of Diamonds, player 3 plays a ten
    # of diamonds, and player 4 ... the second Queen of Hearts. Player 1 ... wins this trick."
    t = trick(load_dk(), "QH JD 10D QH")
    assert t.winner == "Ben"
    assert "first" in t.reason
    assert "QH" in t.reason
    assert t.rule == "ranking.identical"


@pytest.mark.parametrize(
    "cards",
    [
        "9D QC QC KD",  # the highest queen, twice
        "9D AD AD KD",  # two foxes
        "9D JC JC KD",  # two Charlies (not the last trick)
        "9S AS AS KS",  # a plain ace, twice
        "10D 9D 9D KD",  # identical cards that do not win: 10D takes it
    ],
)
def test_first_of_identical_cards_wins_for_any_card(cards: str) -> None:
    expected = "Ben" if cards.startswith("10D") else "Carla"
    assert trick(load_dk(), cards).winner == expected


def test_two_tens_of_hearts_first_wins_by_default() -> None:
    t = trick(load_dk(), "9D 10H 10H QC")
    assert t.winner == "Carla"
    assert "first" in t.reason


def test_second_ten_of_hearts_beats_first_option() -> None:
    t = trick(load_dk(second_ten_of_hearts_beats_first=True), "9D 10H 10H QC")
    assert t.winner == "Dirk"
    assert "second" in t.reason
    assert "second_ten_of_hearts_beats_first" in t.reason
    assert t.rule == "options.second_ten_of_hearts_beats_first"


def test_second_ten_of_hearts_option_leaves_other_cards_alone() -> None:
    t = trick(load_dk(second_ten_of_hearts_beats_first=True), "QH JD 10D QH")
    assert t.winner == "Ben"


def test_second_ten_of_hearts_led_and_followed() -> None:
    t = trick(load_dk(second_ten_of_hearts_beats_first=True), "10H QC JC 10H")
    assert t.winner == "Anna"
    t = trick(load_dk(), "10H QC JC 10H")
    assert t.winner == "Ben"


def test_second_charlie_does_not_beat_the_first_before_the_last_trick() -> None:
    t = trick(load_dk(second_charlie_beats_first=True), "9D JC JC KD")
    assert t.winner == "Carla"
    assert "first" in t.reason


def test_second_charlie_beats_first_in_the_last_trick() -> None:
    played = play_written(load_dk(second_charlie_beats_first=True), JC_JC_LAST.format(last="Anna"))
    last = played.last.trick
    assert last is not None and last.number == 12
    assert last.winner == "Anna"
    assert "JC" in last.reason
    assert "second_charlie_beats_first" in last.reason


def test_first_charlie_wins_the_last_trick_by_default() -> None:
    played = play_written(load_dk(), JC_JC_LAST.format(last="Dirk"))
    last = played.last.trick
    assert last is not None and last.winner == "Dirk"
    assert "first" in last.reason


# ---------------------------------------------------------------------- piglets

PIGLETS_DEAL = full_deal(
    Ben="10H QC 9C 9C 9S 9S KS KS AS AS 10S 10S",
    Carla="AD AD 9D 9D KD KD 10D 10D AH AH KH KH",
    Dirk="10H QC QS QS QH QH QD QD JC JC JS JS",
    Anna="JH JH JD JD AC AC 10C 10C KC KC 9H 9H",
)


def test_piglets_rank_above_the_ten_of_hearts_once_announced() -> None:
    hand = Hand(load_dk(piglets=True), PLAYERS, "Anna", deal=PIGLETS_DEAL)
    hand.apply("Carla piglets")
    assert hand.contract.trumps[0] == Card("A", "D")
    assert hand.contract.trumps[1] == Card("10", "H")
    hand.apply("Ben 10H")
    hand.apply("Carla AD")
    hand.apply("Dirk 10H")
    t = hand.apply("Anna JH").trick
    assert t is not None
    assert t.winner == "Carla"
    assert "AD" in t.reason


def test_without_piglets_the_ace_of_diamonds_is_a_low_trump() -> None:
    hand = Hand(load_dk(piglets=True), PLAYERS, "Anna", deal=PIGLETS_DEAL)
    for action in ("Ben 10H", "Carla AD", "Dirk QC"):
        hand.apply(action)
    t = hand.apply("Anna JH").trick
    assert t is not None and t.winner == "Ben"


def test_two_piglets_never_meet_in_one_trick() -> None:
    """Piglets say their player holds both aces of diamonds: the second ace cannot come
    from another player (this test once let Anna play it, and the first one won)."""
    hand = Hand(load_dk(piglets=True), PLAYERS, "Anna")
    hand.apply("Carla piglets")
    for action in ("Ben 9D", "Carla AD", "Dirk 10H"):
        hand.apply(action)
    with pytest.raises(IllegalActionError) as err:
        hand.apply("Anna AD")
    assert err.value.rule == "options.piglets"
    t = hand.apply("Anna 9D").trick
    assert t is not None and t.winner == "Carla"


def test_piglets_refused_when_the_option_is_off() -> None:
    hand = Hand(load_dk(), PLAYERS, "Anna", deal=PIGLETS_DEAL)
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Carla piglets")
    assert err.value.rule == "options.piglets"


def test_piglets_need_both_aces_of_diamonds() -> None:
    hand = Hand(load_dk(piglets=True), PLAYERS, "Anna", deal=PIGLETS_DEAL)
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Ben piglets")
    assert err.value.rule == "options.piglets"


def test_piglets_before_play_are_announced_before_the_first_card() -> None:
    hand = Hand(load_dk(piglets=True), PLAYERS, "Anna", deal=PIGLETS_DEAL)
    hand.apply("Ben 10H")
    assert not hand.can("Carla piglets")


def test_piglets_on_first_play() -> None:
    rules = load_dk(piglets=True, piglets_announce="on_first_play")
    hand = Hand(rules, PLAYERS, "Anna", deal=PIGLETS_DEAL)
    hand.apply("Ben 10H")
    hand.apply("Carla piglets")  # as she plays her first ace of diamonds
    hand.apply("Carla AD")
    hand.apply("Dirk QC")
    t = hand.apply("Anna JH").trick
    assert t is not None and t.winner == "Carla"


# ---------------------------------------------------------------------- reasons


def test_reason_for_highest_trump_names_its_rank() -> None:
    t = trick(load_dk(), "JD QS 9D JC")
    assert t.winner == "Carla"
    assert "QS" in t.reason
    assert "highest trump" in t.reason
    assert t.rule == "contracts.normal.trumps"


def test_judge_trick_directly() -> None:
    contract = Hand(load_dk(), PLAYERS, "Anna").contract
    cards = parse_cards("KS 9S AS 10S")
    verdict = judge_trick(contract, cards, PLAYERS, last_trick=False)
    assert verdict.index == 2
    assert "AS" in verdict.reason


# Piglets announced with the first ace of diamonds (option on_first_play): the seed's
# "remain silent, and when you play the first one, then announce it". Carla holds both
# aces of diamonds and one club (KC).
ON_FIRST_PLAY_DEAL = full_deal(
    Ben="10H QC 9C 9C 9S 9S KS KS AS AS 10S 10S",
    Carla="AD AD 9D 9D KD KD 10D 10D AH AH KH KC",
    Dirk="10H QC QS QS QH QH QD QD JC JC JS JS",
    Anna="JH JH JD JD AC AC 10C 10C KC KH 9H 9H",
)


def test_piglets_on_first_play_bind_the_next_card_to_an_ace() -> None:
    rules = load_dk(piglets=True, piglets_announce="on_first_play")
    hand = Hand(rules, PLAYERS, "Anna", deal=ON_FIRST_PLAY_DEAL)
    hand.apply("Ben 10H")
    hand.apply("Carla piglets")
    # having announced them as she plays, Carla plays an ace of diamonds: legal_cards and
    # the play check must say the same
    assert not hand.can("Carla 9D")
    assert hand.can("Carla AD")
    assert [c.code for c in hand.legal_cards("Carla")] == ["AD"]


def test_piglets_on_first_play_refused_when_no_ace_may_be_played() -> None:
    rules = load_dk(piglets=True, piglets_announce="on_first_play")
    hand = Hand(rules, PLAYERS, "Anna", deal=ON_FIRST_PLAY_DEAL)
    hand.apply("Ben 9C")  # clubs led: Carla must follow with KC, so no ace of diamonds now
    assert [c.code for c in hand.legal_cards("Carla")] == ["KC"]
    assert not hand.can("Carla piglets")
    # the hand can always go on: the card she must play is accepted
    assert hand.can("Carla KC")
