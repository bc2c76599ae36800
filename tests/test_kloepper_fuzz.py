"""Kloepper and Bierkopf under random input, and their impossible quick facts.

Any action string at any point of a hand, and any quick fact of any TOML shape, ends in a
refusal (a ``ScorekeeperError`` naming its rule) or is accepted; never another error. A
refused action leaves the hand as it was. CI replays a fixed, derandomised set of examples
(``conftest``'s ``ci`` profile); a longer local run:
``KLOEPPER_FUZZ=10000 pytest tests/test_kloepper_fuzz.py`` (or ``SCOREKEEPER_FUZZ_EXAMPLES``,
which raises every fuzzing test: see ``fuzzing``).

A score sheet that no hand of the deck could produce is refused (issue 15): card points
that no whole tricks add up to, worked out here by hand from the rule sets' card points.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import PLAYERS
from fuzzing import (
    HAND_LIFE,
    action_texts,
    apply_or_refuse,
    fuzz,
    hand_at,
    proper_refusal,
    toml_values,
)
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import ruleset
from scorekeeper.actions import parse_action
from scorekeeper.errors import IllegalActionError, ScorekeeperError
from scorekeeper.games import family_for
from scorekeeper.hand import Hand
from scorekeeper.simulate import deal

FUZZ = fuzz(100, "KLOEPPER_FUZZ")
RULE_SETS = [("kloepper", {}), ("bierkopf", {}), ("bierkopf", {"long": True})]
WORDS = [
    "call", "alone", "knock", "double", "redouble", "AH", "AC", "AD", "QC", "QS", "9H", "10S",
    "JD", "KD", "queens", "others", "♣Q", "1", "XX", "", "[/]", "\x00", "0" * 30, "🂡",
]  # fmt: skip
action_text = action_texts(PLAYERS, WORDS)


def a_hand(rid: str, options: dict[str, Any], seed: int, dealt: bool, steps: int) -> Hand:
    """A hand some steps into its life, reached by choosing among the legal actions."""
    rules = ruleset.load(rid, options)
    rng = random.Random(seed)
    cards = {p: [c.code for c in cs] for p, cs in deal(rules, PLAYERS, rng).items()}
    return hand_at(rules, PLAYERS, rng.randrange(2**16), cards if dealt else None, steps)


@pytest.mark.parametrize(("rid", "options"), RULE_SETS)
@FUZZ
@given(**HAND_LIFE, texts=st.lists(action_text, min_size=1, max_size=5))
def test_any_action_string_is_accepted_or_refused(
    rid: str, options: dict[str, Any], seed: int, dealt: bool, steps: int, texts: list[str]
) -> None:
    hand = a_hand(rid, options, seed, dealt, steps)
    for text in texts:
        apply_or_refuse(hand, text)


toml_value = st.one_of(st.integers(-5, 125), toml_values([*PLAYERS, "queens", "others", "both"]))
FACT_NAMES = ["queens", "queens_points", "all_tricks", "revoke", "team", "points", "re", "fox"]


@pytest.mark.parametrize(("rid", "options"), RULE_SETS)
@FUZZ
@given(
    facts=st.dictionaries(st.sampled_from(FACT_NAMES), toml_value, max_size=5),
    base=st.booleans(),
    said=st.lists(action_text, max_size=3),
)
def test_any_quick_facts_are_scored_or_refused(
    rid: str, options: dict[str, Any], facts: dict[str, Any], base: bool, said: list[str]
) -> None:
    rules = ruleset.load(rid, options)
    family = family_for(rules)
    given_facts: dict[str, Any] = {}
    if base:
        given_facts = (
            {"queens": ["Anna", "Carla"], "queens_points": 70}
            if rid == "kloepper"
            else {"points": 70}
        )
    given_facts.update(facts)
    try:
        actions = [parse_action(t, PLAYERS) for t in said]
        result = family.score_quick(rules, PLAYERS, "Anna", given_facts, actions, {"entry": True})
    except ScorekeeperError as exc:
        proper_refusal(exc)
        return
    assert all(s >= 0 for s in result.scores.values())
    assert sum(result.card_points.values()) == rules.spec.card_points.total


def sheet(rid: str, options: dict[str, Any], **facts: Any) -> Any:
    rules = ruleset.load(rid, options)
    return family_for(rules).score_quick(rules, PLAYERS, "Anna", facts, [], {})


# Kloepper: A 11, 10 10, K 4, Q 3, J 2, four nines worth nothing; tricks of four cards.
# 0 is four nines in one trick; 2 is a jack with three nines; 1 no cards make (the least
# card that counts is a jack, 2), nor 119 (the others' 1).
@pytest.mark.parametrize(("points", "possible"), [(0, True), (1, False), (2, True), (118, True), (119, False), (120, True)])  # fmt: skip
def test_kloepper_card_points_no_tricks_make_are_refused(points: int, possible: bool) -> None:
    facts = {"queens": ["Anna", "Carla"], "queens_points": points}
    if possible:
        assert sum(sheet("kloepper", {}, **facts).card_points.values()) == 120
        return
    with pytest.raises(IllegalActionError) as err:
        sheet("kloepper", {}, **facts)
    assert (err.value.rule, err.value.where) == ("card_points", "quick.queens_points")
    assert f"cannot have {points} card points" in err.value.message


# Bierkopf, short pack (no nines): every card counts at least 2, so a team with a trick has
# at least 8 (four jacks), and 1 to 7 and 113 to 119 are impossible; 8 and 9 (J J J Q) are
# not. With the nines (long) four nines make 0 and a jack with three nines 2: only 1 and
# 119 remain impossible.
@pytest.mark.parametrize(
    ("options", "points", "possible"),
    [
        ({}, 7, False), ({}, 8, True), ({}, 9, True), ({}, 113, False), ({}, 112, True),
        ({"long": True}, 1, False), ({"long": True}, 2, True), ({"long": True}, 0, True),
        ({"long": True}, 119, False), ({"long": True}, 7, True),
    ],
)  # fmt: skip
def test_bierkopf_card_points_no_tricks_make_are_refused(
    options: dict[str, Any], points: int, possible: bool
) -> None:
    if possible:
        assert sum(sheet("bierkopf", options, points=points).card_points.values()) == 120
        return
    with pytest.raises(IllegalActionError) as err:
        sheet("bierkopf", options, points=points)
    assert (err.value.rule, err.value.where) == ("card_points", "quick.points")
    # the refusal names the impossible number, this team's or the other's
    assert str(points) in err.value.message or str(120 - points) in err.value.message


def test_a_house_rule_changes_what_is_possible(tmp_path: Any) -> None:
    """The check follows the rule set's numbers: with nines worth 1 (total 124), a Kloepper
    side can hold 1 card point no longer (its tricks hold four cards: 4 at least) but 4."""
    house = tmp_path / "nines.toml"
    house.write_text(
        'extends = "kloepper"\n[card_points]\n"9" = 1\ntotal = 124\n'
        "[scoring.queens.win]\nat = 65\n",  # 65 + 60 = 124 + 1: every split has one winner
        encoding="utf-8",
    )
    rules = ruleset.load(str(house))
    family = family_for(rules)
    for points, possible in ((1, False), (3, False), (4, True), (124, True)):
        facts = {"queens": ["Anna", "Carla"], "queens_points": points}
        if possible:
            family.score_quick(rules, PLAYERS, "Anna", facts, [], {})
        else:
            with pytest.raises(IllegalActionError):
                family.score_quick(rules, PLAYERS, "Anna", facts, [], {})
