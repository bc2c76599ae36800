"""Properties of random legal hands, for every rule set that can be loaded by name.

Hypothesis draws a seed, an announcement rate and the options; the hand is dealt with
``simulate.deal`` and played by the loop below (random legal cards, random actions the
engine accepts), checking at every step that someone to play always has a legal card and
that ``legal_cards`` and ``can`` agree. At the end:

- every card of the deck was played exactly as often as the deck holds it;
- the card points of the tricks add up to the rule set's total;
- (Doppelkopf) the scores sum to zero; a lone player scores -3x each opponent;
- the same actions replayed without the deal give the same scores and no revoke;
- the hand's quick summary, scored as a quick hand, gives the same scores.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from conftest import PLAYERS
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from scorekeeper import ruleset, simulate
from scorekeeper.games import family_for
from scorekeeper.hand import Hand
from scorekeeper.ruleset import Ruleset

RULESET_IDS = sorted(ruleset.available())


def examples(rule_set: str, *, checks: bool = False) -> int:
    """Doppelkopf rule sets get the most hands; every other family has its own property
    tests. The whole file stays under a minute."""
    try:
        doppelkopf = ruleset.load(rule_set).family == "doppelkopf"
    except ValueError:
        doppelkopf = False  # the test itself reports why it cannot be loaded
    if checks:
        return 15 if doppelkopf else 5
    return 80 if doppelkopf else 15


# families whose quick summary already holds what was bid and declared
SUMMARY_HOLDS_ALL = {"klaberjass", "klaverjassen"}
# a seed does not shrink to a simpler hand: report the first failure as found
FAST = settings(
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)


def table_for(rules: Ruleset) -> list[str]:
    count = rules.player_counts[0]
    names = [*PLAYERS, "Erik", "Frida"]
    return names[:count]


@st.composite
def option_values(draw: st.DrawFn, rules: Ruleset) -> dict[str, Any]:
    """A value for every yes/no and every multiple-choice option of the rule set."""
    chosen: dict[str, Any] = {}
    for name, spec in sorted(rules.option_specs.items()):
        if spec.choices:
            chosen[name] = draw(st.sampled_from(spec.choices))
        elif isinstance(spec.default, bool):
            chosen[name] = draw(st.booleans())
    return chosen


def play_checked(
    hand: Hand, rng: random.Random, announce: float, *, every_card: bool = False
) -> list[str]:
    """Play to the end; returns the actions, with promise sides made explicit.

    At every card: the player to play has a legal card, and one the engine accepts. With
    ``every_card``, each held card is accepted exactly when ``legal_cards`` lists it, and
    nobody else may play now.
    """
    actions: list[str] = []
    verbs = list(hand.game.verbs)
    doppelkopf = hand.rules.family == "doppelkopf"
    steps = 0
    while not hand.finished:
        steps += 1
        assert steps < 2000, "the hand does not end"
        player = hand.to_play()
        if player is None or rng.random() < announce:
            candidates = [f"{p} {v}" for p in hand.players for v in verbs]
            rng.shuffle(candidates)
            for text in candidates:
                if hand.can(text):
                    hand.apply(text)
                    actions.append(_with_side(hand, text) if doppelkopf else text)
                    break
            else:
                assert player is not None, "nobody can play and no action is possible"
            continue
        legal = hand.legal_cards(player)
        assert legal, f"{player} is to play but has no legal card"
        playable = [c for c in legal if hand.can(f"{player} {c.code}")]
        assert playable, (
            f"{player} is to play; legal_cards gives {[c.code for c in legal]} but the engine "
            f"refuses each of them: {_why(hand, player, legal[0])}; after {hand.history[-3:]}"
        )
        if every_card:
            holding = hand.holding(player)
            assert holding is not None
            for card in set(holding):
                accepted = hand.can(f"{player} {card.code}")
                assert accepted == (card in legal), (
                    f"{player} {card.code}: legal_cards says {card in legal}, can() says "
                    f"{accepted} ({_why(hand, player, card)}); after {hand.history[-3:]}"
                )
            for other in hand.players:
                if other != player:
                    assert not hand.can(f"{other} {legal[0].code}"), "a play out of turn"
        card = rng.choice(playable)
        text = f"{player} {card.code}"
        hand.apply(text)
        actions.append(text)
    return actions


def _why(hand: Hand, player: str, card: Any) -> str:
    try:
        hand.verify(f"{player} {card.code}")
    except ValueError as exc:
        return str(exc)
    return "accepted"


def _with_side(hand: Hand, text: str) -> str:
    """'Carla no90' -> 'Carla no90 contra': the side is not public without the deal."""
    verb = text.split()[1]
    if verb in ("re", "contra") or verb not in hand.game.levels:
        return text
    return f"{text} {hand.game.announcements[-1].side}"


SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
RATES = st.floats(min_value=0.0, max_value=0.5)


@pytest.mark.parametrize("rule_set", RULESET_IDS)
def test_random_legal_hands(rule_set: str) -> None:
    @settings(FAST, max_examples=examples(rule_set))
    @given(seed=SEEDS, announce=RATES, data=st.data())
    def hands(seed: int, announce: float, data: st.DataObject) -> None:
        check_random_hand(rule_set, seed, announce, data)

    hands()


def check_random_hand(rule_set: str, seed: int, announce: float, data: st.DataObject) -> None:
    base = ruleset.load(rule_set)
    rules = base.with_options(data.draw(option_values(base), label="options"))
    table = table_for(rules)
    dealer = table[0]
    rng = random.Random(seed)
    deal = simulate.deal(rules, table, rng)
    hand = Hand(rules, table, dealer, deal=deal)
    actions = play_checked(hand, rng, announce)
    result = hand.result()

    if result.redeal:
        assert all(v == 0 for v in result.scores.values())
        assert not hand.tricks
    else:
        assert len(hand.completed_tricks()) == hand.tricks_per_hand
        assert hand.revokes == []
        assert hand.deck_check() == []
        played = Counter(p.card for t in hand.tricks for p in t.plays)
        assert played == hand.played
        whole_deck = family_for(rules).cards_in_play(hand) == rules.deck.counts
        if rules.family == "doppelkopf" or whole_deck:
            # the whole deck is dealt and played: each card as often as the deck holds it,
            # and the tricks hold every card point of the pack
            assert Counter(c for cards in deal.values() for c in cards) == rules.deck.counts
            assert played == rules.deck.counts
            total = int(rules.require("card_points.total"))
            assert sum(t.points for t in hand.tricks) == total

    if rules.family == "doppelkopf" and not result.redeal:
        assert sum(result.card_points.values()) == int(rules.require("card_points.total"))
        if result.details.get("lone"):
            (alone,) = result.sides["re"]
            others = [p for p in hand.players if p != alone]
            assert len({result.scores[p] for p in others}) == 1
            assert result.scores[alone] == -3 * result.scores[others[0]]
        assert sum(result.scores.values()) == 0

    # the same actions without the deal: same scores, no revoke
    blind = Hand(rules, table, dealer)
    for text in actions:
        outcome = blind.apply(text)
        assert not outcome.revokes, text
    assert blind.finished
    again = blind.result()
    assert blind.revokes == []
    assert again.scores == result.scores
    assert again.winner == result.winner

    # the quick summary scores the same; announcements and declarations go with it as
    # actions, except in the families whose summary holds the bidding itself
    family = family_for(rules)
    said = [] if rules.family in SUMMARY_HOLDS_ALL else [a for a in hand.history if not a.is_play]
    quick = family.score_quick(rules, table, dealer, hand.summary(), said, {})
    assert quick.scores == result.scores
    assert quick.winner == result.winner


@pytest.mark.parametrize("rule_set", RULESET_IDS)
def test_legal_cards_are_exactly_the_cards_accepted(rule_set: str) -> None:
    @settings(FAST, max_examples=examples(rule_set, checks=True))
    @given(seed=SEEDS, announce=RATES, data=st.data())
    def hands(seed: int, announce: float, data: st.DataObject) -> None:
        base = ruleset.load(rule_set)
        rules = base.with_options(data.draw(option_values(base), label="options"))
        table = table_for(rules)
        rng = random.Random(seed)
        hand = Hand(rules, table, table[0], deal=simulate.deal(rules, table, rng))
        play_checked(hand, rng, announce, every_card=True)

    hands()
