"""Klaberjass notation and the listed legal actions.

Every action string of the table reads into a typed action and writes back to the very
same string (the match file's bytes); typed actions made in code write the canonical
form; and ``legal_actions`` lists what the hand accepts at each step of a hand.
"""

from __future__ import annotations

import random
import tomllib
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import ruleset
from scorekeeper.actions import PLAY, Action, parse_action
from scorekeeper.cards import Card
from scorekeeper.errors import IllegalActionError
from scorekeeper.games.klaberjass.notation import (
    Accept,
    Bella,
    Bottom,
    Exchange,
    Name,
    Pass,
    Sequence,
    TurnUp,
    read,
    write,
)
from scorekeeper.hand import Hand

TABLE = ["Anna", "Ben"]
RULES = ruleset.load("klaberjass")
ALIASES = dict(RULES.get("bidding.aliases"))


def typed(text: str) -> Any:
    return read(RULES.deck, parse_action(text, TABLE), ALIASES)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Anna turnup JH", TurnUp("Anna", Card("J", "H"))),
        ("Ben accept", Accept("Ben")),
        ("Ben take", Accept("Ben")),
        ("Ben accept hearts", Accept("Ben", "H", True)),
        ("Ben pass", Pass("Ben")),
        ("Ben name spades", Name("Ben", "S")),
        ("Anna name ♦", Name("Anna", "D")),
        ("Ben name S", Name("Ben", "S")),
        ("Anna bottom 8C", Bottom("Anna", Card("8", "C"))),
        ("Anna bottom 8♣", Bottom("Anna", Card("8", "C"))),
        ("Ben exchange", Exchange("Ben")),
        ("Ben sequence 7H 8H 9H", Sequence("Ben", (Card("7", "H"), Card("8", "H"), Card("9", "H")))),
        ("Ben seq 9h 8h 7h", Sequence("Ben", (Card("9", "H"), Card("8", "H"), Card("7", "H")))),
        ("Ben bella", Bella("Ben")),
    ],
)  # fmt: skip
def test_each_action_reads_typed_and_writes_back_byte_for_byte(text: str, expected: Any) -> None:
    said = typed(text)
    assert said == expected
    assert write(said) == parse_action(text, TABLE).text == text


def test_typed_actions_made_in_code_write_the_canonical_form() -> None:
    assert write(Name("Ben", "D")) == "Ben name diamonds"
    assert write(TurnUp("Anna", Card("10", "H"))) == "Anna turnup 10H"
    assert write(Sequence("Ben", (Card("J", "S"), Card("Q", "S"), Card("K", "S")))) == (
        "Ben sequence JS QS KS"
    )
    assert write(Accept("Ben")) == "Ben accept" and write(Pass("Anna")) == "Anna pass"


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("Anna turnup", "actions", "name the turned-up card"),
        ("Anna turnup JX", "deck", "unknown card"),
        ("Anna bottom 7C 8C", "actions", "name the bottom card"),
        ("Ben pass now", "actions", "pass takes no words"),
        ("Ben name trumps", "bidding.round_two", "name one suit"),
        ("Ben exchange 7H", "exchange.when", "no words after it"),
        ("Ben sequence", "sequences.order", "name the cards"),
        ("Ben bella KH", "bella.announce", "no words after it"),
    ],
)
def test_wrong_words_are_refused_with_the_rule(text: str, rule: str, words: str) -> None:
    with pytest.raises(IllegalActionError) as err:
        typed(text)
    assert err.value.rule == rule
    assert words in err.value.message and err.value.message.startswith(text)


# ---------------------------------------------------------------------- legal actions

ANNA = "7H KH QH 8H 9S 10S JS QS AC"
BEN = "JH 9H AH 8D 9D 10D JD AS 10C"


def texts(hand: Hand) -> list[str]:
    return [a.text for a in hand.game.legal_actions()]


def test_legal_actions_through_the_bidding() -> None:
    hand = Hand(RULES, TABLE, "Anna", deal={"Anna": ANNA.split(), "Ben": BEN.split()})
    # the dealer turns up any card not dealt: 32 - 18 = 14 of them
    assert len(texts(hand)) == 14 and "Anna turnup 10H" in texts(hand)
    assert "Anna turnup 7H" not in texts(hand)
    hand.apply("Anna turnup 10H")
    assert texts(hand) == ["Ben accept", "Ben pass"]
    hand.apply("Ben pass")
    assert texts(hand) == ["Anna accept", "Anna pass"]
    hand.apply("Anna pass")
    assert texts(hand) == ["Ben name clubs", "Ben name spades", "Ben name diamonds", "Ben pass"]


def test_legal_actions_before_and_during_play() -> None:
    hand = Hand(RULES, TABLE, "Anna", deal={"Anna": ANNA.split(), "Ben": BEN.split()})
    for text in ("Anna turnup 10H", "Ben pass", "Anna accept"):
        hand.apply(text)
    listed = texts(hand)
    # the dealer shows a bottom card among the 13 cards neither dealt nor turned up;
    # Anna holds the trump seven; every sequence held, the shorter ones inside included
    assert sum(t.startswith("Anna bottom") for t in listed) == 13
    assert "Anna exchange" in listed and "Ben exchange" not in listed
    assert [t for t in listed if "sequence" in t] == [
        "Anna sequence 9S 10S JS",
        "Anna sequence 10S JS QS",
        "Anna sequence 9S 10S JS QS",
        "Ben sequence 8D 9D 10D",
        "Ben sequence 9D 10D JD",
        "Ben sequence 8D 9D 10D JD",
    ]
    for text in ("Anna exchange", "Ben JH", "Anna 8H", "Ben 9H", "Anna QH", "Ben AH"):
        hand.apply(text)
    assert texts(hand) == ["Anna bella"]
    assert [a.text for a in hand.legal_actions()] == ["Anna bella", "Anna 10H", "Anna KH"]


def test_legal_actions_without_the_deal_list_every_run_of_the_deck() -> None:
    hand = Hand(RULES, TABLE, "Anna")
    assert len(texts(hand)) == 32
    for text in ("Anna turnup 10H", "Ben accept"):
        hand.apply(text)
    runs = [t for t in texts(hand) if "sequence" in t]
    # per suit, runs of 3 to 8 of 8 ranks: 6 + 5 + 4 + 3 + 2 + 1 = 21. The turn-up 10H is
    # out of play: of the hearts only 7H-9H and the runs within JH-AH (2 + 1) are left, 4.
    # Three suits of 21 and 4 hearts, for each of two players: 2 * 67 = 134
    assert len(runs) == 2 * (3 * 21 + 4)
    hand.apply("Ben sequence 7D 8D 9D")
    # Ben's diamonds are his: Anna may not name them, Ben may not announce a touching run
    assert "Anna sequence 8D 9D 10D" not in texts(hand)
    assert "Ben sequence 10D JD QD" not in texts(hand)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dealt=st.booleans())
def test_listed_actions_are_accepted_and_others_refused(seed: int, dealt: bool) -> None:
    """Random hands: every listed action is accepted; every verb's other forms are refused."""
    rng = random.Random(seed)
    pack = RULES.deck.all_cards()
    rng.shuffle(pack)
    deal = {"Anna": [c.code for c in pack[:9]], "Ben": [c.code for c in pack[9:18]]}
    hand = Hand(RULES, TABLE, rng.choice(TABLE), deal=deal if dealt else None)
    while not hand.finished:
        listed = hand.legal_actions()
        assert listed, "nothing to do in an unfinished hand"
        for action in listed:
            assert hand.can(action), action.text
        for other in _probes(hand):
            if other not in listed:
                assert not hand.can(other), other.text
        hand.apply(rng.choice(listed))


def _probes(hand: Hand) -> list[Action]:
    """Actions of every verb for both players, for the unlisted ones to be refused."""
    deck = RULES.deck
    out: list[Action] = []
    for p in TABLE:
        out += [Action(p, v) for v in ("accept", "pass", "exchange", "bella")]
        out += [Action(p, "name", None, (s,)) for s in ("clubs", "spades", "hearts", "diamonds")]
        out += [Action(p, "turnup", None, (c.code,)) for c in deck.cards[::5]]
        out += [Action(p, "bottom", None, (c.code,)) for c in deck.cards[::5]]
        out += [Action(p, PLAY, c) for c in deck.cards[::3]]
    return out


def test_a_match_file_s_actions_read_and_write_back_byte_for_byte(tmp_path: Path) -> None:
    """The actions a match file holds, written by the command line with aliases and symbols,
    come back from the typed actions as the very same strings."""

    def ok(*args: str) -> None:
        res = run_cli(tmp_path, *args)
        assert res.returncode == 0, f"{args}: {res.stdout} {res.stderr}"

    ok("new", "klaberjass", "Anna", "Ben")
    ok("act", "Anna turnup 10H", "Ben pass", "Anna pass", "Ben pass", "Anna name ♦")
    ok("act", "Anna bottom 7♣", "Ben seq 7s 8s 9s", "Anna sequence QC KC AC")
    path = next((tmp_path / "matches").glob("*.toml"))
    texts = tomllib.loads(path.read_text(encoding="utf-8"))["hand"][0]["actions"]
    assert len(texts) == 8
    for text in texts:
        said = typed(text)
        assert write(said) == text
        assert f'"{text}"' in path.read_text(encoding="utf-8")
    assert typed(texts[4]) == Name("Anna", "D")
    assert typed(texts[6]) == Sequence("Ben", tuple(Card(r, "S") for r in ("7", "8", "9")))


def test_sequences_without_the_deal_fit_in_the_hand() -> None:
    """Without the deal, one player's announced sequences cannot claim more cards than the
    hand holds: four sequences of 22 cards left the other player nothing to play in the
    last trick (found by random hands, seed 69)."""
    hand = Hand(RULES, TABLE, "Ben")
    for text in ("Ben turnup JC", "Anna pass", "Ben pass", "Anna name spades", "Ben bottom 10H"):
        hand.apply(text)
    hand.apply("Anna sequence 7S 8S 9S 10S JS QS KS AS")
    assert hand.can("Anna sequence 7D 8D 9D") is False
    with pytest.raises(IllegalActionError) as caught:
        hand.verify("Anna sequence 7D 8D 9D")
    assert caught.value.rule == "sequences"
    assert "Anna holds 9 cards, and with this sequence 11 cards would be known" in str(caught.value)
    # one card of nine is left unknown: no sequence of Anna's can be listed any more
    assert not [a.text for a in hand.legal_actions() if a.text.startswith("Anna sequence")]
