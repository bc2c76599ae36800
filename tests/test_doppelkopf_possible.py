"""Quick entry refuses a score sheet no hand can produce (issue 15, item 2).

The bounds are read from each rule set's data in the tests too (how often the deck holds
the fox and Charlie, their card points, the Doppelkopf trick's minimum): more foxes than
the deck holds, two Charlies (one last trick), Charlie's extras for both sides, extras
for a side that took no trick, extras its card points cannot contain.
"""

from __future__ import annotations

import pytest

from scorekeeper import ruleset
from scorekeeper.actions import parse_actions
from scorekeeper.cards import Card
from scorekeeper.errors import IllegalActionError
from scorekeeper.games.doppelkopf import FAMILY
from scorekeeper.result import HandResult

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]
RE = ["Anna", "Ben"]  # Carla and Dirk are Contra
ALL_EXTRAS = {
    "charlie_captured": True,
    "second_charlie_beats_first": True,
    "doppelkopf_trick": True,
}
RULE_SETS = ["doppelkopf", "doppelkopf-ddv"]


def quick(name: str, re_points: int, extras: list[str], **facts: object) -> HandResult:
    rules = ruleset.load(name, ALL_EXTRAS)
    given = {"re": RE, "re_points": re_points, "extras": extras, **facts}
    return FAMILY.score_quick(rules, PLAYERS, "Dirk", given, parse_actions([], PLAYERS), {})


def refused(name: str, re_points: int, extras: list[str], **facts: object) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as err:
        quick(name, re_points, extras, **facts)
    assert err.value.where == "quick.extras"
    return err.value


def copies(name: str, key: str) -> int:
    rules = ruleset.load(name)
    return rules.deck.counts[Card.parse(rules.get(key))]


@pytest.mark.parametrize("name", RULE_SETS)
def test_no_more_foxes_than_the_deck_holds(name: str) -> None:
    n = copies(name, "extras.fox_card")
    assert quick(name, 160, ["Anna fox"] * n).value > 0  # every fox caught: possible
    err = refused(name, 160, ["Anna fox"] * n + ["Carla fox"])
    assert err.rule == "deck.copies"
    assert err.message == f"{n + 1} fox extras are impossible: the deck holds AD {n} times"


@pytest.mark.parametrize("name", RULE_SETS)
@pytest.mark.parametrize(
    "extras", [["Anna charlie", "Ben charlie"], ["Anna charlie", "Anna charlie2"]]
)
def test_one_last_trick_one_charlie(name: str, extras: list[str]) -> None:
    err = refused(name, 160, extras)
    assert err.rule == "extras"
    assert "one last trick" in err.message


@pytest.mark.parametrize("name", RULE_SETS)
def test_charlies_extras_go_to_one_side(name: str) -> None:
    assert quick(name, 160, ["Anna charlie", "Ben charlie_captured"]).value > 0
    assert quick(name, 160, ["Anna charlie2", "Ben charlie_captured"]).value > 0
    err = refused(name, 160, ["Anna charlie", "Carla charlie_captured"])
    assert err.message == (
        "Charlie's extras go to the side that won the last trick, not to both sides"
    )


@pytest.mark.parametrize("name", RULE_SETS)
def test_no_more_charlies_captured_than_the_deck_holds(name: str) -> None:
    n = copies(name, "extras.charlie_card")
    assert quick(name, 160, ["Anna charlie_captured"] * n).value > 0
    err = refused(name, 160, ["Anna charlie"] + ["Anna charlie_captured"] * n)
    assert err.rule == "deck.copies"


@pytest.mark.parametrize("name", RULE_SETS)
def test_a_side_without_a_trick_earns_no_extras(name: str) -> None:
    total = ruleset.load(name).get("card_points.total")
    err = refused(name, 0, ["Anna fox"], all_tricks="contra")
    assert err.rule == "extras"
    assert err.message == "Re took no trick, so it cannot have earned fox"
    err = refused(name, total, ["Dirk doppelkopf", "Carla charlie"], all_tricks="re")
    assert "took no trick, so it cannot have earned charlie, doppelkopf" in err.message


@pytest.mark.parametrize("name", RULE_SETS)
def test_extras_must_fit_in_the_sides_card_points(name: str) -> None:
    rules = ruleset.load(name)
    fox = rules.card_points(Card.parse(rules.get("extras.fox_card")))
    least = rules.get("extras.doppelkopf_min")
    total = rules.get("card_points.total")
    # Contra caught both foxes: its tricks hold at least 2 aces of diamonds
    assert quick(name, total - 2 * fox, ["Carla fox", "Dirk fox"]).scores
    err = refused(name, total - 2 * fox + 1, ["Carla fox", "Dirk fox"])
    assert err.rule == "card_points"
    assert err.message.endswith(
        f"need at least {2 * fox} card points in its tricks; it has {2 * fox - 1}"
    )
    # three Doppelkopf tricks need three times the minimum
    assert quick(name, 3 * least, ["Anna doppelkopf"] * 3).scores
    err = refused(name, 3 * least - 1, ["Anna doppelkopf"] * 3)
    assert "need at least" in err.message


@pytest.mark.parametrize("name", RULE_SETS)
def test_no_more_doppelkopf_tricks_than_tricks(name: str) -> None:
    tricks = ruleset.load(name).get("play.tricks")
    err = refused(name, 240, ["Anna doppelkopf"] * (tricks + 1))
    assert err.rule == "play.tricks"
