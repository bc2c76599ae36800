"""Doppelkopf's typed actions and ``legal_actions``.

- Every action string a match file may hold reads into a typed action and writes back
  byte for byte (aliases, arguments in any case, words that do not count).
- ``legal_actions`` lists only actions the hand accepts, and every declaration and
  announcement that random play finds accepted is listed (in its canonical spelling).
"""

from __future__ import annotations

import random

import pytest
from conftest import PLAYERS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import ruleset, simulate
from scorekeeper.actions import parse_action
from scorekeeper.games.doppelkopf.notation import (
    Announce,
    Declare,
    PassCards,
    Solo,
    announce,
    declare,
    read,
    write,
)
from scorekeeper.hand import Hand

DDV_ALIASES = {"kontra": "contra", "keine90": "no90", "schwarz": "black"}
LEVELS = ["no90", "no60", "no30", "black"]

STRINGS = [
    "Anna re",
    "Anna contra",
    "Anna kontra",
    "Anna no90",
    "Anna no90 re",
    "Anna keine90 Kontra",
    "Anna schwarz CONTRA",
    "Anna re and more words",
    "Anna wedding",
    "Anna piglets",
    "Anna fivenines",
    "Anna decline",
    "Anna solo Queens",
    "Anna solo",
    "Anna poverty",
    "Anna poverty 3",
    "Anna poverty 9d KD 10♦",
    "Anna accept QC qs",
    "Anna accept 2",
]


@pytest.mark.parametrize("text", STRINGS)
def test_action_strings_round_trip_byte_for_byte(text: str) -> None:
    action = parse_action(text, PLAYERS)
    said = read(action, DDV_ALIASES, LEVELS)
    assert said is not None
    assert write(said) == action.text == text


def test_actions_read_into_their_types() -> None:
    def typed(text: str) -> object:
        return read(parse_action(text, PLAYERS), DDV_ALIASES, LEVELS)

    kontra = typed("Ben kontra")
    assert isinstance(kontra, Announce)
    assert (kontra.player, kontra.kind, kontra.side, kontra.word) == (
        "Ben",
        "contra",
        None,
        "kontra",
    )
    promise = typed("Ben keine90 Kontra")
    assert isinstance(promise, Announce) and (promise.kind, promise.side) == ("no90", "contra")
    unnamed = typed("Ben no60 maybe")
    assert isinstance(unnamed, Announce) and unnamed.side is None
    solo = typed("Carla solo Queens")
    assert isinstance(solo, Solo) and solo.kind == "queens"
    poverty = typed("Dirk poverty 9D KD")
    assert isinstance(poverty, PassCards) and poverty.verb == "poverty"
    assert poverty.count() is None
    assert [c.code for c in poverty.cards(ruleset.load("doppelkopf").deck)] == ["9D", "KD"]
    assert isinstance(typed("Dirk accept 3"), PassCards) and typed("Dirk accept 3").count() == 3
    assert isinstance(typed("Anna wedding"), Declare)
    assert typed("Anna knock") is None


def test_builders_write_the_canonical_strings() -> None:
    assert announce("Anna", "no90").text == "Anna no90"
    assert announce("Anna", "no90", "contra").text == "Anna no90 contra"
    assert declare("Anna", "solo", "queens").text == "Anna solo queens"
    assert declare("Anna", "poverty", "9D", "KD").text == "Anna poverty 9D KD"


RULE_SETS = ["doppelkopf", "doppelkopf-ddv"]
OPTIONS = [
    {},
    {"poverty": True, "five_nines": True, "five_nines_count": 3, "piglets": True},
    {
        "poverty": True,
        "poverty_max_trumps": 6,
        "piglets": True,
        "piglets_announce": "on_first_play",
    },
]


def _every_accepted(hand: Hand) -> set[str]:
    """Every declaration and announcement the hand accepts now, tried the long way."""
    found = set()
    for player in hand.players:
        for verb in hand.game.verbs:
            for extra in ("", " re", " contra") if verb in LEVELS else ("",):
                text = f"{player} {verb}{extra}"
                if hand.can(text):
                    found.add(text)
        for kind in hand.rules.get("solos") or {}:
            if hand.can(f"{player} solo {kind}"):
                found.add(f"{player} solo {kind}")
        for n in range(1, 7):
            for verb in ("poverty", "accept"):
                if hand.can(f"{player} {verb} {n}"):
                    found.add(f"{player} {verb} {n}")
    return found


@settings(deadline=None, max_examples=25, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(RULE_SETS),
    options=st.sampled_from(OPTIONS),
    seed=st.integers(0, 10**6),
    with_deal=st.booleans(),
)
def test_legal_actions_are_accepted_and_complete(
    name: str, options: dict[str, object], seed: int, with_deal: bool
) -> None:
    rules = ruleset.load(name, options)
    rng = random.Random(seed)
    dealt = simulate.deal(rules, PLAYERS, rng)
    hand = Hand(rules, PLAYERS, "Anna", deal=dealt if with_deal else None)
    for _ in range(200):
        if hand.finished:
            break
        listed = hand.legal_actions()
        texts = {a.text for a in listed}
        assert len(texts) == len(listed), "an action is listed twice"
        for action in listed:
            assert hand.can(action), f"{action} is listed but refused"
        accepted = _every_accepted(hand)
        named = {t for t in accepted if t.split()[1] in LEVELS and len(t.split()) == 3}
        spelled_again = {t for t in named if " ".join(t.split()[:2]) in texts}
        assert accepted - spelled_again <= texts, f"accepted but not listed: {accepted - texts}"
        if not listed:
            break
        non_card = [a for a in listed if not a.is_play]
        plays = [a for a in listed if a.is_play]
        pick = rng.choice(non_card) if non_card and (not plays or rng.random() < 0.2) else None
        hand.apply(pick or rng.choice(plays))
