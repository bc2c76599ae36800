"""A query about a card outside the deck, or a player not in the hand, answers plainly.

Issue 26 (gap of ``CardPlays.of``): every query of the engine given a card that is not in
the rule set's deck (an 8 of clubs in Doppelkopf, a 9 in Bierkopf) or a name that does not
play this hand answers with a plain no (``False``, no card, no play) or refuses with a
``ValueError`` subclass that says why; never a ``KeyError`` or ``IndexError``. Each rule
set whose deck lacks cards is walked to a trick in progress with the deal recorded.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from cli_helpers import assert_refused, run_cli
from conftest import PLAYERS

from scorekeeper import ruleset, simulate
from scorekeeper.actions import PLAY, Action
from scorekeeper.cards import BY_INDEX, Card
from scorekeeper.contract import Contract, judge_trick
from scorekeeper.errors import CardError, RulesetError, ScorekeeperError
from scorekeeper.following import check_play, duties, legal_cards, mask
from scorekeeper.hand import Hand
from scorekeeper.holdings import BIT, card_plays

SHORT_DECKS = sorted(
    name for name in ruleset.available() if len(ruleset.load(name).deck.cards) < len(BY_INDEX)
)


def in_a_trick(name: str) -> Hand:
    """A hand of ``name`` with the deal recorded and a trick under way."""
    rules = ruleset.load(name)
    table = [*PLAYERS, "Erik"][: rules.player_counts[0]]
    rng = random.Random(7)
    hand = Hand(rules, table, table[0], deal=simulate.deal(rules, table, rng))
    while hand.current_trick is None or not hand.current_trick.plays:
        actions = hand.legal_actions()
        cards = [a for a in actions if a.is_play]
        hand.apply(rng.choice(cards or actions))
    return hand


def plainly(query: Callable[..., object], *args: object) -> object:
    """The query's answer, or the refusal it raised (a ``ScorekeeperError``): anything
    else (a ``KeyError``, an ``IndexError``, a bare ``ValueError``) fails the test."""
    try:
        return query(*args)
    except ScorekeeperError as exc:
        assert exc.reason is not None and exc.rule, exc
        return exc


def test_short_decks_exist() -> None:
    assert {"doppelkopf", "bierkopf", "kloepper"} <= set(SHORT_DECKS)


@pytest.mark.parametrize("name", SHORT_DECKS)
def test_a_card_outside_the_deck(name: str) -> None:
    hand = in_a_trick(name)
    player = hand.to_play()
    assert player is not None
    deck = hand.rules.deck
    outside = [c for c in BY_INDEX if c not in deck]
    contract = hand.contract
    trick = hand.current_trick.cards  # type: ignore[union-attr]
    holding = hand.holding(player)
    assert holding
    plays = card_plays(hand.players, deck)
    allowed = hand.legal_mask(player)
    for card in outside:
        play = Action(player, PLAY, card)
        # the plays of a mask are those of its cards in the deck
        assert plays.of(player, allowed | BIT[card]) == plays.of(player, allowed)
        verdict = plainly(hand.check_card, player, card)
        assert not verdict and verdict.rule == "deck.ranks"  # type: ignore[union-attr]
        assert "not in this deck" in verdict.reason  # type: ignore[union-attr]
        assert hand.can(play) is False
        assert isinstance(plainly(hand.verify, play), CardError)
        assert card not in (hand.legal_cards(player) or [])
        assert play not in hand.legal_actions()
        if card.rank not in contract.plain_order:
            # the contract has no place for it: refused with the order it knows
            refused = plainly(contract.plain_rank, card)
            assert isinstance(refused, CardError), refused
            assert refused.rule == "ranking.plain_order"
            assert card.code in refused.message and "tuple" not in refused.message
            assert isinstance(plainly(contract.strength, card, card.suit), CardError)
        # a trick holding it is judged or refused, never a KeyError
        plainly(partial(judge_trick, last_trick=False), contract, [*trick, card], hand.players)
        plainly(check_play, hand.following, contract, trick, card, [card, *holding])
        plainly(duties(hand.following, contract).legal, mask(holding), [card.index])
        assert hand.held.holds(player, card) is False  # type: ignore[union-attr]


@pytest.mark.parametrize("name", [*SHORT_DECKS, "klaverjassen-rotterdam"])
def test_a_player_not_in_the_hand(name: str) -> None:
    hand = in_a_trick(name)
    card: Card = hand.holding(hand.to_play())[0]  # type: ignore[arg-type,index]
    stranger = "Zoe"
    assert hand.legal_mask(stranger) == 0
    assert hand.legal_cards(stranger) == []
    assert hand.playable_cards(stranger) == []
    assert hand.holding(stranger) == []
    assert card_plays(hand.players, hand.rules.deck).of(stranger, -1) == ()  # no play
    verdict = hand.check_card(stranger, card)
    assert not verdict and verdict.rule == "players"
    assert stranger in verdict.reason
    assert hand.can(f"{stranger} {card.code}") is False


@pytest.mark.parametrize("name", SHORT_DECKS)
def test_the_legal_card_query_refuses_a_card_outside_the_deck(name: str) -> None:
    # following.legal_cards (a mask or cards in; the card held or in the trick) and
    # check_play name the card and the deck, rule deck.ranks: never an answer with it
    hand = in_a_trick(name)
    player = hand.to_play()
    assert player is not None
    contract, following = hand.contract, hand.following
    trick = hand.current_trick.cards  # type: ignore[union-attr]
    holding = hand.holding(player)
    assert holding
    for card in [c for c in BY_INDEX if c not in hand.rules.deck]:
        asked: list[tuple[object, ...]] = [
            (trick, mask([*holding, card])),
            (trick, [*holding, card]),
            ([*trick, card], mask(holding)),
            ([*trick, card], holding),
            ([card], holding),
            ([], [card]),
        ]
        for cards, held in asked:
            refused = plainly(legal_cards, following, contract, cards, held)
            assert isinstance(refused, CardError), (card, cards, held, refused)
            assert refused.rule == "deck.ranks" and card.code in refused.message
            assert "not in this deck" in refused.message
        refused = plainly(check_play, following, contract, trick, card, [card, *holding])
        assert isinstance(refused, CardError) and refused.rule == "deck.ranks"
        table = duties(following, contract)
        for held, indices in ((mask(holding), [card.index]), (BIT[card], [trick[0].index])):
            refused = plainly(table.legal, held, indices)
            assert isinstance(refused, CardError) and card.code in refused.message
        refused = plainly(check_play, following, contract, [], card, [card])
        assert isinstance(refused, CardError) and card.code in refused.message


def test_the_legal_mask_without_the_deal_is_none() -> None:
    # as legal_cards: without the deal nobody's cards are known (never an AttributeError)
    rules = ruleset.load("klaverjassen-rotterdam")
    hand = Hand(rules, PLAYERS, PLAYERS[0])
    assert hand.legal_cards(PLAYERS[0]) is None
    assert hand.legal_mask(PLAYERS[0]) is None
    assert hand.legal_mask("Zoe") is None


@pytest.mark.parametrize("name", [*SHORT_DECKS, "klaverjassen-rotterdam"])
def test_an_unknown_contract_is_refused_by_name(name: str) -> None:
    rules = ruleset.load(name)
    refused = plainly(Contract.from_rules, rules, "nonesuch")
    assert isinstance(refused, RulesetError) and refused.rule == "contracts"
    assert "nonesuch" in refused.message
    for key in rules.spec.contracts:
        assert key in refused.message


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "not in this deck"), ("de", "nicht in diesem Blatt"), ("nl", "zit niet in")],
)
def test_judge_names_a_held_card_outside_the_deck(tmp_path: Path, lang: str, words: str) -> None:
    # 8S in a Doppelkopf hand: not "appears 1 times, the deck holds it 0 [deck.copies]"
    for where in (["--hand", "KH QD 8S"], ["--trick", "Anna:AH Ben:8S", "--hand", "KH"]):
        args = ["judge", "doppelkopf", "--trick", "Anna:AH Ben:9H", "--player", "Carla"]
        res = run_cli(tmp_path, *args, *where, "--lang", lang)
        if lang == "en":
            line = assert_refused(res, rule="deck.ranks")
        else:  # the rule's words are the table's: exit 1, one line, no traceback
            assert res.returncode == 1 and not res.stdout, res
            (line,) = res.stderr.splitlines()
        assert words in line and ("8S" in line or "8♠" in line), line
        assert "1" not in line.split("(")[0], line  # no count of copies


@pytest.mark.parametrize("name", sorted(ruleset.available()))
def test_a_hand_in_progress_has_no_summary(name: str) -> None:
    # as result(): refused with its reason (a Klaverjas hand in progress raised an
    # AssertionError before its trump was chosen and an IndexError after)
    rules = ruleset.load(name)
    table = [*PLAYERS, "Erik"][: rules.player_counts[0]]
    rng = random.Random(5)
    hand = Hand(rules, table, table[0], deal=simulate.deal(rules, table, rng))
    for _ in range(3):
        for query in (hand.summary, hand.result):
            refused = plainly(query)
            assert isinstance(refused, ScorekeeperError), (query, refused)
            assert refused.rule == "play.tricks"
        hand.apply(rng.choice(hand.legal_actions()))
