"""What a hand's start shares with every hand at its table (``hand.seated``): who plays
after whom and the players in turn from each, made once per table of players, read the
same as each hand working them out alone; the copies played, counted only when asked; and
the deck check of a hand dealt the whole deck and played from its holdings, which needs
no count (``Hand._whole``), saying what the count says."""

from __future__ import annotations

import random
from collections import Counter
from contextlib import suppress
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_card_path import random_file
from test_properties import FAST, RULESET_IDS, option_values, table_for

from scorekeeper import ruleset
from scorekeeper.errors import MatchFileError
from scorekeeper.games import load
from scorekeeper.hand import Hand
from scorekeeper.match import Match, MatchHand
from scorekeeper.matchlog import MatchLog
from scorekeeper.session.demo import play_random_hand


@pytest.mark.parametrize("rule_set", RULESET_IDS)
def test_a_hand_seats_its_players_as_it_would_alone(rule_set: str) -> None:
    rules = ruleset.load(rule_set)
    table = table_for(rules)
    for dealer in table:
        hand = Hand(rules, table, dealer)
        players = hand.players
        alone = {p: players[(i + 1) % len(players)] for i, p in enumerate(players)}
        assert hand._after == alone
        for leader in players:
            turn = hand._orders[leader]
            assert list(turn) == [
                players[(players.index(leader) + k) % len(players)] for k in range(len(players))
            ]
        again = Hand(rules, table, dealer)
        assert again._after is hand._after  # shared by the table's hands, never changed
        assert again.played == Counter() and again.played is not hand.played


def deck_checks(log: MatchLog) -> list[tuple[int, list[str], list[str]]]:
    """Each replayed hand's deck check as made (the whole deck dealt and played from the
    holdings: no counting) and counted from the tricks (``_whole`` switched off)."""
    found: list[tuple[int, list[str], list[str]]] = []

    def seen(mh: MatchHand) -> None:
        hand = mh.hand
        assert hand is not None
        made = [r.text() for r in hand.deck_check()]
        whole, hand._whole = hand._whole, False
        counted = [r.text() for r in hand.deck_check()]
        hand._whole = whole
        found.append((mh.number, made, counted))

    with suppress(MatchFileError):  # broken hands are left out; the others were seen
        Match.from_log(log, every_problem=True, loader=load, keep_hands=False, on_hand=seen)
    return found


@pytest.mark.parametrize("rule_set", RULESET_IDS)
def test_a_whole_deck_played_from_the_holdings_needs_no_count(
    rule_set: str, tmp_path: Path
) -> None:
    """On random matches of every rule set (random options, declarations, announcements,
    broken files, hands without their deal), ``deck_check`` says what counting the
    tricks' cards says."""

    @settings(FAST, max_examples=8)
    @given(seed=st.integers(min_value=0, max_value=2**32 - 1), data=st.data())
    def matches(seed: int, data: st.DataObject) -> None:
        options = data.draw(option_values(ruleset.load(rule_set)), label="options")
        log = random_file(rule_set, options, seed, tmp_path / f"m{seed}.toml")
        for number, made, counted in deck_checks(log):
            assert made == counted, number

    matches()


def test_the_whole_deck_is_known_only_while_cards_move_by_play() -> None:
    """Dealt the whole deck before any card: known. Dealt after a card was played (that card
    may be dealt again), or a card given or taken since: not known, counted."""
    rules = load("doppelkopf")
    names = table_for(rules)
    record = play_random_hand(Match(rules, names, names[0]), random.Random(5), announce=0.0)
    assert Hand(rules, names, names[0], deal=record.deal)._whole
    late = Hand(rules, names, names[0])
    late.apply(next(t for t in record.actions if late.parse(t).is_play))
    late.record_deal(record.deal)
    assert not late._whole
    for move in ("give", "take"):
        hand = Hand(rules, names, names[0], deal=record.deal)
        card = hand.holdings[names[1]][0]
        getattr(hand, move)(names[1], [card])
        assert not hand._whole
    # Klaberjass deals part of the deck (the rest stays out): not the whole deck, counted
    part = load("klaberjass")
    seats = table_for(part)
    dealt = play_random_hand(Match(part, seats, seats[0]), random.Random(5), announce=0.0)
    assert sum(map(len, dealt.deal.values())) < len(part.deck)  # type: ignore[union-attr]
    assert not Hand(part, seats, seats[0], deal=dealt.deal)._whole
