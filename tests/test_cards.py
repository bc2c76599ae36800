"""Card notation: every form players type reads to one card; cards print canonically; decks."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import PLAYERS

from scorekeeper import ruleset
from scorekeeper.cards import ACCEPTED_FORMS, Card, Deck, format_cards, parse_cards
from scorekeeper.errors import CardError
from scorekeeper.hand import Hand

# ---------------------------------------------------------------------- reading


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("QC", "Q", "C"),
        ("qc", "Q", "C"),
        ("Qc", "Q", "C"),
        ("qC", "Q", "C"),
        ("10H", "10", "H"),
        ("10h", "10", "H"),
        ("TD", "10", "D"),
        ("td", "10", "D"),
        ("tD", "10", "D"),
        ("AS", "A", "S"),
        ("as", "A", "S"),
        ("KH", "K", "H"),
        ("JD", "J", "D"),
        ("9C", "9", "C"),
        ("  qc  ", "Q", "C"),
    ],
)
def test_rank_then_suit_letter(text: str, rank: str, suit: str) -> None:
    assert Card.parse(text) == Card(rank, suit)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Q♣", "QC"),
        ("♣Q", "QC"),
        ("q♣", "QC"),
        ("10♥", "10H"),
        ("♥10", "10H"),
        ("T♦", "10D"),
        ("♦T", "10D"),
        ("A♠", "AS"),
        ("♠A", "AS"),
        ("K♦", "KD"),
        ("J♥", "JH"),
        ("9♣", "9C"),
        # the white (outline) suit symbols read the same
        ("Q♧", "QC"),
        ("♤K", "KS"),
        ("♡A", "AH"),
        ("♢9", "9D"),
    ],
)
def test_suit_symbol_before_or_after(text: str, code: str) -> None:
    assert Card.parse(text).code == code


@pytest.mark.parametrize(
    "text",
    # "1S" is refused too: a lone 1 is too easily a typo for 10 or an ace
    ["", "   ", "X", "Q", "C", "10", "♣", "QX", "11H", "0H", "BH", "QCC", "Queen of clubs", "1S"],
)
def test_unknown_card_names_accepted_forms(text: str) -> None:
    with pytest.raises(CardError) as err:
        Card.parse(text)
    message = str(err.value)
    assert ACCEPTED_FORMS in message
    # the accepted forms in words: rank then suit, the ten as T, and the suit symbols
    for form in ("QC", "10H", "TD", "Q♣", "♣Q"):
        assert form in message


def test_card_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        Card.parse("ZZ")


def test_card_constructor_refuses_unknown_rank_and_suit() -> None:
    with pytest.raises(CardError):
        Card("T", "C")  # T is only notation; the rank is "10"
    with pytest.raises(CardError):
        Card("Q", "X")


# ---------------------------------------------------------------------- printing


@pytest.mark.parametrize(
    ("text", "code", "name", "symbol"),
    [
        ("qc", "QC", "queen of clubs", "Q♣"),
        ("td", "10D", "ten of diamonds", "10♦"),
        ("♥10", "10H", "ten of hearts", "10♥"),
        ("as", "AS", "ace of spades", "A♠"),
        ("9h", "9H", "nine of hearts", "9♥"),
        ("jC", "JC", "jack of clubs", "J♣"),
        ("K♦", "KD", "king of diamonds", "K♦"),
    ],
)
def test_canonical_printing(text: str, code: str, name: str, symbol: str) -> None:
    card = Card.parse(text)
    assert card.code == code
    assert str(card) == code
    assert card.name == name
    assert card.symbol == symbol
    assert repr(card) == f"Card({code})"


@pytest.mark.parametrize("code", ["QC", "10H", "AS", "9D", "JC", "KH"])
def test_round_trip(code: str) -> None:
    card = Card.parse(code)
    assert Card.parse(card.code) == card
    assert Card.parse(card.symbol) == card
    assert Card.parse(card.code.lower()) == card


def test_parse_cards_list_and_string() -> None:
    expected = [Card("Q", "C"), Card("10", "H"), Card("10", "D"), Card("A", "S")]
    assert parse_cards("QC 10H TD as") == expected
    assert parse_cards("QC, 10H,TD ,as") == expected
    assert parse_cards(["qc", "♥10", "T♦", "♠A"]) == expected
    assert format_cards(expected) == "QC 10H 10D AS"


def test_cards_are_values() -> None:
    assert Card.parse("QC") == Card.parse("Q♣")
    assert len({Card.parse("QC"), Card.parse("qc"), Card.parse("♣Q")}) == 1


# ---------------------------------------------------------------------- decks


def test_doppelkopf_deck_membership_and_copies() -> None:
    deck = ruleset.load("doppelkopf").deck
    # two packs of 9 to ace: 6 ranks x 4 suits x 2 copies
    assert len(deck) == 48
    assert deck.copies == 2
    assert len(deck.cards) == 24
    assert set(deck.ranks) == {"A", "10", "K", "Q", "J", "9"}
    assert set(deck.suits) == {"C", "S", "H", "D"}
    for rank in ("A", "10", "K", "Q", "J", "9"):
        for suit in "CSHD":
            assert Card(rank, suit) in deck
            assert deck.counts[Card(rank, suit)] == 2
    for rank in ("8", "7"):
        for suit in "CSHD":
            assert Card(rank, suit) not in deck
    everything = deck.all_cards()
    assert len(everything) == 48
    assert Counter(everything) == Counter({c: 2 for c in deck.cards})


def test_deck_total_card_points_is_240() -> None:
    rules = ruleset.load("doppelkopf")
    values = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
    for card in rules.deck.cards:
        assert rules.card_points(card) == values[card.rank]
    assert sum(rules.card_points(c) for c in rules.deck.all_cards()) == 240


def test_small_deck() -> None:
    deck = Deck(["A", "K"], ["H"], copies=1)
    assert len(deck) == 2
    assert Card("A", "H") in deck
    assert Card("A", "S") not in deck
    assert deck.all_cards() == [Card("A", "H"), Card("K", "H")]


@pytest.mark.parametrize("text", ["7H", "8c", "7♠"])
def test_card_not_in_this_deck(text: str) -> None:
    deck = ruleset.load("doppelkopf").deck
    card = Card.parse(text)  # a real card...
    with pytest.raises(CardError) as err:
        deck.verify_card(card)  # ...but not one of Doppelkopf's
    assert err.value.rule == "deck.ranks"
    assert card.code in str(err.value)
    with pytest.raises(CardError) as err:
        deck.parse(text)
    assert err.value.rule == "deck.ranks"


def test_playing_a_card_not_in_the_deck_names_deck_ranks() -> None:
    hand = Hand(ruleset.load("doppelkopf"), PLAYERS, "Anna")
    with pytest.raises(CardError) as err:
        hand.verify("Ben 7H")
    assert err.value.rule == "deck.ranks"
    assert "7H" in str(err.value)
    assert not hand.can("Ben 7H")
    assert hand.can("Ben AH")


def test_dealing_a_card_not_in_the_deck_is_refused() -> None:
    rules = ruleset.load("doppelkopf")
    deal = {p: ["9C"] * 12 for p in PLAYERS}
    deal["Anna"] = ["7H", *["9S"] * 11]
    with pytest.raises(CardError) as err:
        Hand(rules, PLAYERS, "Anna", deal=deal)
    assert err.value.rule == "deck.ranks"
