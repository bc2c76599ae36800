"""Klaverjassen's typed actions and legal actions, for every Klaverjassen rule set.

- ``notation``: every action string a table may write reads into a typed action and is
  written back byte for byte (a Dutch suit name, a bare suit, an alias for kraak...);
- ``legal_actions()``: random hands played only from the listed actions; every listed
  action is accepted, and every non-card action the engine accepts from a broad sample of
  candidates is listed.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import ruleset
from scorekeeper.actions import PLAY, parse_action
from scorekeeper.cards import Card
from scorekeeper.errors import IllegalActionError
from scorekeeper.games.klaverjassen import notation
from scorekeeper.games.klaverjassen.quick import FACTS, quick_keys
from scorekeeper.hand import Hand
from scorekeeper.simulate import deal

RULE_SETS = ["klaverjassen", "klaverjassen-rotterdam", "klaverjassen-3", "klaverjassen-wilde-boom"]
METHODS = ["free", "dealer_first", "forced_left", "upturn_forced", "upturn_other_suit"]
NAMES = ["Anna", "Ben", "Carla", "Dirk"]


@pytest.mark.parametrize(
    ("rid", "text", "typed"),
    [
        ("klaverjassen", "Ben pass", notation.Pass("Ben")),
        ("klaverjassen", "Ben accept", notation.Accept("Ben")),
        ("klaverjassen", "Carla trump hearts", notation.ChooseTrump("Carla", "H", "hearts")),
        ("klaverjassen", "Carla trump harten", notation.ChooseTrump("Carla", "H", "harten")),
        ("klaverjassen", "Carla trump H", notation.ChooseTrump("Carla", "H", "H")),
        ("klaverjassen", "Carla schoppen", notation.ChooseTrump("Carla", "S", "schoppen", True)),
        ("klaverjassen", "Carla clubs", notation.ChooseTrump("Carla", "C", "clubs", True)),
        ("klaverjassen", "Anna upturn 7H", notation.Upturn("Anna", Card("7", "H"), "7H")),
        ("klaverjassen", "Ben decline_roem", notation.DeclineRoem("Ben")),
        (
            "klaverjassen-3",
            "Carla discard 7S 8D",
            notation.Discard("Carla", (Card("7", "S"), Card("8", "D")), ("7S", "8D")),
        ),
        ("klaverjassen-wilde-boom", "Ben kraak", notation.Kraak("Ben", "kraak", "kraak")),
        ("klaverjassen-wilde-boom", "Anna contra", notation.Kraak("Anna", "kraak", "contra")),
        ("klaverjassen-wilde-boom", "Dirk herkraak", notation.Kraak("Dirk", "rekraak", "herkraak")),
        ("klaverjassen-wilde-boom", "Anna stuk", notation.Stuk("Anna")),
        (
            "klaverjassen-wilde-boom",
            "Anna roem KH QH JH",
            notation.DeclareRoem(
                "Anna", (Card("K", "H"), Card("Q", "H"), Card("J", "H")), ("KH", "QH", "JH")
            ),
        ),
    ],
)
def test_action_strings_round_trip(rid: str, text: str, typed: notation.KlaverjassenAction) -> None:
    rules = ruleset.load(rid)
    action = parse_action(text, NAMES)
    read = notation.read(rules, action)
    assert read == typed
    assert notation.write(read) == action
    assert notation.text(read) == text


def test_words_of_other_rule_sets_are_no_actions() -> None:
    amsterdam = ruleset.load("klaverjassen")
    for text in ("Ben kraak", "Anna roem KH QH JH", "Anna stuk", "Carla discard 7S 8D", "Ben x"):
        assert notation.read(amsterdam, parse_action(text, NAMES)) is None
        with pytest.raises(IllegalActionError) as err:
            Hand(amsterdam, NAMES, "Anna").verify(text)
        assert err.value.rule == "actions"


def test_canonical_spelling_of_actions_made_in_code() -> None:
    assert notation.text(notation.ChooseTrump("Carla", "H")) == "Carla trump hearts"
    assert notation.text(notation.Kraak("Ben", "rekraak")) == "Ben rekraak"
    assert notation.text(notation.Discard("Ben", (Card("7", "S"), Card("10", "D")))) == (
        "Ben discard 7S 10D"
    )


def test_quick_facts_are_declared_once() -> None:
    keys = quick_keys()
    assert list(keys) == [f.name for f in FACTS]
    assert list(keys) == [
        "playing",
        "trump",
        "points",
        "roem",
        "roem_other",
        "points_of",
        "roem_of",
        "all_tricks",
        "revoke",
        "kraak",
        "redeal",
    ]
    assert keys["points"].kind == "int" and "0 to 162" in keys["points"].help


def _candidates(hand: Hand) -> list[str]:
    """A broad sample of non-card actions: every word for every player, with cards."""
    out: list[str] = []
    suits = hand.rules.deck.suits
    cards = [c.code for c in hand.rules.deck.cards]
    for p in hand.players:
        out += [f"{p} {v}" for v in hand.game.verbs]
        out += [f"{p} trump {s}" for s in suits]
        out += [f"{p} upturn {c}" for c in cards[::3]]
        holding = hand.holding(p) or []
        out += [f"{p} discard {a.code} {b.code}" for a, b in itertools.pairwise(holding)]
        out += [
            f"{p} roem {' '.join(c.code for c in holding[i : i + k])}"
            for k in (3, 4)
            for i in range(len(holding) - k + 1)
        ]
    return out


def _same(hand: Hand, text: str) -> object:
    """What an action string means, whatever its spelling."""
    action = parse_action(text, hand.players)
    if action.is_play:
        return action
    typed = notation.read(hand.rules, action)
    assert typed is not None
    return notation.canonical(typed)


def play_from_legal_actions(rid: str, seed: int) -> Hand:
    rng = random.Random(seed)
    rules = ruleset.load(rid, {"trump_choice": rng.choice(METHODS)})
    players = NAMES[: rules.player_counts[0]]
    dealer = rng.choice(players)
    dealt = deal(rules, players, rng)
    hand = Hand(rules, players, dealer, deal={p: [c.code for c in cs] for p, cs in dealt.items()})
    blind = Hand(rules, players, dealer)
    steps = 0
    while not hand.finished:
        steps += 1
        assert steps < 200
        listed = hand.legal_actions()
        assert listed, "nothing is allowed in an unfinished hand"
        texts = {a.text for a in listed}
        for action in listed:
            hand.verify(action)
        if steps % 3 == 0:  # a sample of what is not listed is refused
            accepted = {_same(hand, t) for t in _candidates(hand) if hand.can(t)}
            assert accepted <= {_same(hand, t) for t in texts}, accepted
        without_deal = {a.text for a in blind.legal_actions() if not a.is_play}
        assert {a.text for a in listed if not a.is_play} - without_deal <= {
            a.text for a in listed if a.verb in (notation.DISCARD, notation.ROEM)
        }
        cards = [a for a in listed if a.verb == PLAY]
        others = [a for a in listed if a.verb != PLAY and a.verb != notation.DECLINE]
        if cards and (not others or rng.random() < 0.8):
            chosen = rng.choice(cards)
        else:
            pool = others or listed
            chosen = rng.choice(pool)
        hand.apply(chosen)
        blind.apply(chosen)
    assert hand.legal_actions() == []
    return hand


@pytest.mark.parametrize("rid", RULE_SETS)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_legal_actions_are_accepted_and_complete(rid: str, seed: int) -> None:
    hand = play_from_legal_actions(rid, seed)
    assert hand.result() is not None
    for action in hand.history:
        if not action.is_play:
            typed = notation.read(hand.rules, action)
            assert typed is not None and notation.write(typed) == action
