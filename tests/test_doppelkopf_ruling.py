"""The ruling of 2026-11-23 (RULINGS.md, Doppelkopf): options that move or re-rank
particular trumps apply only in games where those cards are trumps, in every Doppelkopf
rule set, solos included.

- piglets: normal games and the diamonds solo; the clubs, spades and hearts solos only with
  ``piglets_in_suit_solos`` (the aces of diamonds then rank above every trump); never in a
  queens, jacks or meatless solo (the announcement is refused);
- ``second_ten_of_hearts_beats_first``: only where the ten of hearts is a trump (not in a
  queens, jacks or meatless solo, where the first of two plain tens of hearts wins);
- ``second_charlie_beats_first``: in the last trick only where the jack of clubs is a trump
  (not in a queens or meatless solo).

Each winner below is read from the ruling and the solo's trumps, never from the engine.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run_cli

from scorekeeper import ruleset
from scorekeeper.cards import Card
from scorekeeper.contract import judge_trick
from scorekeeper.errors import IllegalActionError
from scorekeeper.hand import Hand

P4 = ["Anna", "Ben", "Carla", "Dirk"]
SOLOS = ["queens", "jacks", "clubs", "spades", "hearts", "diamonds", "meatless"]


def house_with_solos(tmp_path: Path) -> str:
    """A house rule of the seed's game with the DDV's solos: the ruling holds there too."""
    ddv = Path(ruleset.find("doppelkopf-ddv")).read_text(encoding="utf-8")
    solos = ddv[ddv.index("[ranking]") : ddv.index("[match]")]
    path = tmp_path / "solos.toml"
    path.write_text(f'extends = "doppelkopf"\nid = "solos"\n{solos}', encoding="utf-8")
    return str(path)


@pytest.fixture(params=["doppelkopf-ddv", "house"])
def rule_set(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    return "doppelkopf-ddv" if request.param == "doppelkopf-ddv" else house_with_solos(tmp_path)


def winner(hand: Hand, cards: str, *, last: bool = False) -> int:
    played = [Card.parse(c) for c in cards.split()]
    return judge_trick(hand.contract, played, P4[: len(played)], last_trick=last).index


def solo_hand(rule_set: str, solo: str | None, **options: object) -> Hand:
    hand = Hand(ruleset.load(rule_set, options), P4, "Dirk")
    if solo:
        hand.apply(f"Anna solo {solo}")
    return hand


# ---------------------------------------------------------------------- piglets


@pytest.mark.parametrize("solo", [None, "diamonds"])
@pytest.mark.parametrize("in_suit_solos", [False, True])
def test_piglets_where_the_aces_of_diamonds_are_trumps(
    rule_set: str, solo: str | None, in_suit_solos: bool
) -> None:
    hand = solo_hand(rule_set, solo, piglets=True, piglets_in_suit_solos=in_suit_solos)
    hand.apply("Ben piglets")
    assert hand.contract.trumps[0] == Card.parse("AD")
    assert winner(hand, "10H AD") == 1  # the piglet above the ten of hearts


@pytest.mark.parametrize("solo", ["clubs", "spades", "hearts"])
def test_piglets_in_the_other_suit_solos_only_with_the_option(rule_set: str, solo: str) -> None:
    hand = solo_hand(rule_set, solo, piglets=True)
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Ben piglets")
    assert err.value.rule == "options.piglets_in_suit_solos"
    assert "piglets are not played in a" in err.value.message
    assert not hand.contract.is_trump(Card.parse("AD"))

    hand = solo_hand(rule_set, solo, piglets=True, piglets_in_suit_solos=True)
    trumps = len(hand.contract.trumps)
    hand.apply("Ben piglets")
    # the two aces of diamonds rank above every trump: two trumps more (one card, twice)
    assert hand.contract.trumps[0] == Card.parse("AD")
    assert len(hand.contract.trumps) == trumps + 1
    assert winner(hand, "10H AD") == 1
    assert winner(hand, f"AD A{solo[0].upper()}") == 0


@pytest.mark.parametrize("solo", ["queens", "jacks", "meatless"])
@pytest.mark.parametrize("in_suit_solos", [False, True])
def test_no_piglets_in_queens_jacks_or_meatless_solos(
    rule_set: str, solo: str, in_suit_solos: bool
) -> None:
    hand = solo_hand(rule_set, solo, piglets=True, piglets_in_suit_solos=in_suit_solos)
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Ben piglets")
    assert err.value.rule == "options.piglets"
    assert err.value.message == f"Ben piglets: piglets are not played in a {solo} solo"
    assert not hand.contract.is_trump(Card.parse("AD"))
    assert winner(hand, "KD AD") == 1  # a plain ace of diamonds, above the king


def test_piglets_announced_before_a_queens_solo_lapse(rule_set: str) -> None:
    hand = Hand(ruleset.load(rule_set, {"piglets": True}), P4, "Dirk")
    hand.apply("Ben piglets")
    hand.apply("Anna solo queens")
    assert not hand.contract.is_trump(Card.parse("AD"))
    assert hand.game.piglets is None


# ------------------------------------------------------- the second ten of hearts


@pytest.mark.parametrize("solo", [None, "clubs", "spades", "hearts", "diamonds"])
def test_second_ten_of_hearts_beats_the_first_where_it_is_a_trump(
    rule_set: str, solo: str | None
) -> None:
    hand = solo_hand(rule_set, solo, second_ten_of_hearts_beats_first=True)
    assert winner(hand, "10H 10H") == 1
    assert winner(solo_hand(rule_set, solo), "10H 10H") == 0  # option off: the first


@pytest.mark.parametrize("solo", ["queens", "jacks", "meatless"])
def test_second_ten_of_hearts_is_a_plain_heart_in_queens_jacks_meatless(
    rule_set: str, solo: str
) -> None:
    hand = solo_hand(rule_set, solo, second_ten_of_hearts_beats_first=True)
    assert not hand.contract.is_trump(Card.parse("10H"))
    assert winner(hand, "10H 10H") == 0
    assert winner(hand, "10H 10H", last=True) == 0


# ------------------------------------------------------- the second Charlie


@pytest.mark.parametrize("solo", [None, "jacks", "clubs", "spades", "hearts", "diamonds"])
def test_second_charlie_wins_the_last_trick_where_it_is_a_trump(
    rule_set: str, solo: str | None
) -> None:
    hand = solo_hand(rule_set, solo, second_charlie_beats_first=True)
    assert winner(hand, "JC JC", last=True) == 1
    assert winner(hand, "JC JC") == 0  # not in an earlier trick


@pytest.mark.parametrize("solo", ["queens", "meatless"])
def test_second_charlie_is_a_plain_club_in_queens_and_meatless(rule_set: str, solo: str) -> None:
    hand = solo_hand(rule_set, solo, second_charlie_beats_first=True)
    assert not hand.contract.is_trump(Card.parse("JC"))
    assert winner(hand, "JC JC", last=True) == 0


def test_the_ruling_is_explained(rule_set: str) -> None:
    rules = ruleset.load(rule_set)
    specs = rules.option_specs
    assert specs["piglets_in_suit_solos"].default is False
    for name in (
        "piglets",
        "piglets_in_suit_solos",
        "second_ten_of_hearts_beats_first",
        "second_charlie_beats_first",
    ):
        # the ruling is told as the rule, without its date (issue 27: no history for players)
        assert specs[name].explain and "2026-11-23" not in specs[name].explain, name


def test_rules_show_and_explain_describe_the_ruling(tmp_path: Path) -> None:
    shown = run_cli(tmp_path, "rules", "show", "doppelkopf-ddv")
    assert shown.returncode == 0, shown.stderr
    assert "piglets_in_suit_solos" in shown.stdout
    explained = run_cli(tmp_path, "explain", "doppelkopf-ddv", "teams")
    assert explained.returncode == 0, explained.stderr
    text = " ".join(explained.stdout.split())
    assert "Options that move or re-rank particular trumps count only where" in text
    assert "ruling of" not in text
    assert "never in a queens, jacks or meatless solo" in text
