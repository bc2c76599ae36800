"""A recorded deal's one-pass check (``deals.usual_deal``) against the long check it
shortcuts (``deals.checked_deal``): on random deals of every rule set, whole or broken
(a card twice too often, a card the deck lacks, a text that is no card, a player missing,
one who does not play, a packet too small or too large, a packet given as a tuple or as
``Card`` objects), ``record_deal`` takes exactly the same cards or refuses with exactly
the same words as the long check alone.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_properties import FAST, RULESET_IDS
from test_replay_lean import random_deal

from scorekeeper import deals
from scorekeeper.cards import BY_INDEX
from scorekeeper.errors import ScorekeeperError
from scorekeeper.hand import Hand

BREAKS = (
    "none",
    "twice",
    "not_in_deck",
    "no_card",
    "missing",
    "stranger",
    "short",
    "long",
    "tuple",
    "cards",
)


def broken(deal: dict[str, list[str]], how: str, rng: random.Random, deck: Any) -> dict[str, Any]:
    """The deal (card codes), broken as ``how`` says."""
    out: dict[str, Any] = {p: list(cards) for p, cards in deal.items()}
    player = rng.choice(sorted(out))
    packet = out[player]
    if how == "twice":
        packet[rng.randrange(len(packet))] = rng.choice(rng.choice(list(out.values())))
    elif how == "not_in_deck":
        packet[rng.randrange(len(packet))] = rng.choice(
            [c.code for c in BY_INDEX if c not in deck.counts] or ["2C"]
        )
    elif how == "no_card":
        packet[rng.randrange(len(packet))] = rng.choice(["XX", "", "11H", "Q"])
    elif how == "missing":
        del out[player]
    elif how == "stranger":
        out["Zora"] = packet[:]
    elif how == "short":
        packet.pop()
    elif how == "long":
        packet.append(rng.choice(packet))
    elif how == "tuple":
        out[player] = tuple(packet)
    elif how == "cards":
        out[player] = [deck.parse(code) for code in packet]
    return out


def outcome(rules: Any, table: list[str], deal: dict[str, Any]) -> Any:
    """The cards recorded, or the refusal's type and words."""
    hand = Hand(rules, table, table[0])
    try:
        hand.record_deal(deal)
    except ScorekeeperError as exc:
        return type(exc), str(exc)
    return hand.dealt, hand.holdings


@pytest.mark.parametrize("rule_set", RULESET_IDS)
@FAST
@given(seed=st.integers(0, 2**32 - 1), how=st.sampled_from(BREAKS), data=st.data())
def test_one_pass_deal_check_says_what_the_long_check_says(
    rule_set: str, seed: int, how: str, data: st.DataObject
) -> None:
    rules, table, rng, dealt = random_deal(rule_set, seed, data)
    deal = broken({p: [c.code for c in cards] for p, cards in dealt.items()}, how, rng, rules.deck)
    fast = outcome(rules, table, deal)
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(deals, "usual_deal", lambda *_: None)
        long = outcome(rules, table, deal)
    assert fast == long
    if how == "none":
        assert not isinstance(fast[0], type)  # a whole deal is taken
