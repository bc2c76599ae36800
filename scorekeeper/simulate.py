"""Random deals and random legal play, for the demo, the benchmarks and property tests.

Everything is driven by a ``random.Random`` so a seed reproduces a hand exactly. Players
choose uniformly among the legal cards and make announcements now and then; the engine
itself decides what is legal, so this module holds no rules.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from scorekeeper.cards import Card
from scorekeeper.hand import Hand
from scorekeeper.rules import Ruleset


def deal(rules: Ruleset, players: Sequence[str], rng: random.Random) -> dict[str, list[Card]]:
    cards = rules.deck.all_cards()
    rng.shuffle(cards)
    size = rules.hand_size
    return {
        p: sorted(cards[i * size : (i + 1) * size], key=lambda c: c.code)
        for i, p in enumerate(players)
    }


def play_random(hand: Hand, rng: random.Random, *, announce: float = 0.1) -> list[str]:
    """Play a hand (whose deal is recorded) to its end with random legal choices.

    Returns the action strings applied, in order. ``announce`` is the chance, before each
    card, that one random non-card action the engine accepts is made.
    """
    actions: list[str] = []
    verbs = list(hand.game.verbs)
    while not hand.finished:
        if announce and rng.random() < announce:
            player = rng.choice(hand.players)
            candidates = [f"{player} {v}" for v in verbs]
            rng.shuffle(candidates)
            for text in candidates:
                if hand.can(text):
                    hand.apply(text)
                    actions.append(text)
                    break
            continue
        player = hand.to_play()
        if player is None:
            # something must be declared or answered before play; let the game say what
            answered = False
            candidates = [f"{p} {v}" for p in hand.players for v in verbs]
            rng.shuffle(candidates)
            for text in candidates:
                if hand.can(text):
                    hand.apply(text)
                    actions.append(text)
                    answered = True
                    break
            if not answered:
                raise RuntimeError("no legal action and no card to play")
            continue
        legal = hand.legal_cards(player)
        assert legal, f"no legal card for {player}"
        card = rng.choice(legal)
        text = f"{player} {card.code}"
        hand.apply(text)
        actions.append(text)
    return actions
