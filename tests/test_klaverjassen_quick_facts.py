"""Impossible Klaverjassen quick facts are refused, with the limits taken from each rule set
(issue 15, item 2): roem that no set of patterns adds up to, more roem than a hand's
cards hold, roem for a side that took no trick, points beyond the deck, a thrown-in deal
with facts of a played hand, challenges where the rule set has none.
"""

from __future__ import annotations

import pytest

from scorekeeper import ruleset
from scorekeeper.errors import IllegalActionError
from scorekeeper.games import family_for
from scorekeeper.games.klaverjassen.roem import most_roem, roem_values, tally
from scorekeeper.games.klaverjassen.rules import spec
from scorekeeper.result import HandResult
from scorekeeper.rules import Ruleset

RULE_SETS = ["klaverjassen", "klaverjassen-rotterdam", "klaverjassen-3", "klaverjassen-wilde-boom"]
FOUR = ["Anna", "Ben", "Carla", "Dirk"]
THREE = FOUR[:3]


def table(rules: Ruleset) -> list[str]:
    return FOUR[: rules.player_counts[0]]


def quick(rules: Ruleset, **facts: object) -> HandResult:
    return family_for(rules).score_quick(rules, table(rules), "Anna", facts, [], {})


def refused(rules: Ruleset, **facts: object) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as err:
        quick(rules, **facts)
    return err.value


def with_roem(rules: Ruleset, mine: int, others: int = 0, points: int = 90) -> dict[str, object]:
    """A made hand for Anna with the given roem, in the facts this table takes."""
    total = spec(rules).hand_total()
    if spec(rules).partners:
        return {
            "playing": "Anna",
            "trump": "H",
            "points": points,
            "roem": mine,
            "roem_other": others,
        }
    rest = total - points
    return {
        "playing": "Anna",
        "trump": "H",
        "points_of": [f"Anna:{points}", f"Ben:{rest}", "Carla:0"],
        "roem_of": [f"Anna:{mine}", f"Ben:{others}"],
    }


@pytest.mark.parametrize("rid", RULE_SETS)
def test_roem_is_a_sum_of_the_rule_sets_patterns(rid: str) -> None:
    rules = ruleset.load(rid)
    values = roem_values(rules)
    smallest = values[0]
    for amount in range(10, 4 * smallest, 10):
        facts = with_roem(rules, amount)
        if tally(rules, amount) is None:
            err = refused(rules, **facts)
            assert err.rule == "roem" and str(amount) in err.message
            assert ", ".join(str(v) for v in values) in err.message
        else:
            assert (
                quick(rules, **facts).details["roem"][
                    "Anna" if len(table(rules)) == 3 else "Anna/Carla"
                ]
                == amount
            )
    for value in values:  # every single pattern is a possible amount
        quick(rules, **with_roem(rules, value))


@pytest.mark.parametrize("rid", RULE_SETS)
def test_no_more_roem_than_a_hand_holds(rid: str) -> None:
    rules = ruleset.load(rid)
    most = most_roem(rules)
    quick(rules, **with_roem(rules, most))
    too_much = next(a for a in range(most + 10, most + 200, 10) if tally(rules, a) is not None)
    err = refused(rules, **with_roem(rules, too_much))
    assert err.rule == "roem" and f"0 to {most}" in err.message
    # each side within the limit, both together beyond it: the same cards cannot serve twice
    half = next(a for a in range(most // 2 + 10, most, 10) if tally(rules, a) is not None)
    err = refused(rules, **with_roem(rules, half, half))
    assert err.rule == "roem" and f"more than one hand can hold ({most})" in err.message


@pytest.mark.parametrize("rid", RULE_SETS)
def test_points_stay_within_the_deck(rid: str) -> None:
    rules = ruleset.load(rid)
    total = spec(rules).hand_total()
    quick(rules, **with_roem(rules, 0, points=total))
    facts = with_roem(rules, 0, points=total + 1)
    if not spec(rules).partners:
        facts["points_of"] = [f"Anna:{total + 1}", "Ben:0", "Carla:0"]
    err = refused(rules, **facts)
    assert err.rule == "card_points.total" and str(total) in err.message


@pytest.mark.parametrize("rid", ["klaverjassen", "klaverjassen-rotterdam", "klaverjassen-3"])
def test_a_side_without_a_trick_has_no_roem(rid: str) -> None:
    rules = ruleset.load(rid)
    total = spec(rules).hand_total()
    smallest = roem_values(rules)[0]
    err = refused(rules, **with_roem(rules, 0, smallest, points=total))
    assert err.rule == "roem" and "took no trick" in err.message
    # unless the rule set lets a side declare roem without tricks (Wilde Boom)
    wilde = ruleset.load("klaverjassen-wilde-boom")
    quick(wilde, **with_roem(wilde, 0, smallest, points=total))


def test_a_thrown_in_deal_has_no_facts_of_a_played_hand() -> None:
    three = ruleset.load("klaverjassen-3")
    assert spec(three).trump.all_pass == "redeal"
    assert quick(three, redeal=True).redeal
    err = refused(three, redeal=True, playing="Anna", trump="H")
    assert err.rule == "trump.all_pass" and "playing" in err.message and "trump" in err.message
    amsterdam = ruleset.load("klaverjassen")
    assert spec(amsterdam).trump.all_pass == "dealer_chooses"
    assert refused(amsterdam, redeal=True).rule == "trump.all_pass"


@pytest.mark.parametrize("rid", RULE_SETS)
def test_challenges_only_where_the_rule_set_has_them(rid: str) -> None:
    rules = ruleset.load(rid)
    kraak = spec(rules).kraak
    facts = with_roem(rules, 0)
    if kraak is None:
        assert refused(rules, **facts, kraak="kraak").rule == "kraak"
        return
    for level in kraak.levels:
        assert quick(rules, **facts, kraak=level).details["kraak"] == level
    assert refused(rules, **facts, kraak="ultrakraak").rule == "kraak"


@pytest.mark.parametrize(
    ("key", "value"),
    [("points", "ninety"), ("points", True), ("roem", [20]), ("all_tricks", "no"), ("redeal", 1)],
)
def test_a_fact_of_the_wrong_kind_is_refused(key: str, value: object) -> None:
    rules = ruleset.load("klaverjassen")
    facts = {"playing": "Anna", "trump": "H", "points": 90, key: value}
    err = refused(rules, **facts)
    assert err.where == f"quick.{key}" and key in err.message
