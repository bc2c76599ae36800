"""What a hand's start shares with every hand at its table (``hand._seated``): who plays
after whom and the players in turn from each, made once per table of players, read the
same as each hand working them out alone; and the copies played, counted only when asked."""

from __future__ import annotations

from collections import Counter

import pytest
from test_properties import RULESET_IDS
from test_replay_lean import table_for

from scorekeeper import ruleset
from scorekeeper.hand import Hand


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
