"""Doppelkopf hands, full and quick, scored as the seed text and RULINGS.md demand.

Table: Anna, Ben, Carla, Dirk; Anna deals, so Ben leads the first trick. Full hands are
written trick by trick (see conftest); the card points each side took are summed in the
tests from the seed's table, and every expected value is worked out in the comment beside it.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from conftest import (
    JC_JC_LAST,
    PLAYERS,
    deal_of,
    load_dk,
    parse_tricks,
    play_written,
    points_won,
)

from scorekeeper.actions import parse_actions
from scorekeeper.errors import IllegalActionError
from scorekeeper.games.doppelkopf import FAMILY
from scorekeeper.hand import Hand
from scorekeeper.result import HandResult
from scorekeeper.ruleset import Ruleset


def quick(
    rules: Ruleset, re: Sequence[str], re_points: int, actions: Sequence[str] = (), **facts: object
) -> HandResult:
    return FAMILY.score_quick(
        rules,
        PLAYERS,
        "Anna",
        {"re": list(re), "re_points": re_points, **facts},
        parse_actions(list(actions), PLAYERS),
        {},
    )


def scores(re: Sequence[str], value: int, *, lone: bool = False) -> dict[str, int]:
    """Each Re player +value (a lone player 3x), each Contra player -value."""
    return {p: (value * (3 if lone else 1) if p in re else -value) for p in PLAYERS}


def adds(result: HandResult) -> list[tuple[str, int]]:
    return [(i.rule, i.points) for i in result.items if i.op == "add"]


def times(result: HandResult) -> list[int]:
    return [i.points for i in result.items if i.op == "times"]


# ====================================================================== the seed's examples

# Example 1. Re: Anna and Ben (queens of clubs in tricks 1 and 4); Re takes 165, Contra 75.
EX1 = """
    Ben JS  Carla JC  Dirk 10D  Anna QC  > Anna
    Anna 9D  Ben QS  Carla 10D  Dirk JD  > Ben
    Ben 9C  Carla AC  Dirk 9C  Anna QH  > Anna
    Anna JS  Ben QC  Carla QH  Dirk QD  > Ben
    Ben KC  Carla 10C  Dirk KC  Anna KD  > Anna
    Anna 9S  Ben 10S  Carla AH  Dirk 9S  > Ben
    Ben QD  Carla AH  Dirk 10H  Anna KD  > Dirk
    Dirk JH  Anna 10H  Ben AD  Carla 9H  > Anna
    Anna JH  Ben AD  Carla AC  Dirk JD  > Anna
    Anna KS  Ben KS  Carla 9H  Dirk AS  > Dirk
    Dirk 9D  Anna 10S  Ben JC  Carla KH  > Ben
    Ben 10C  Carla KH  Dirk QS  Anna AS  > Dirk
"""

# Example 2. Re: Anna and Dirk (both queens of clubs in trick 8); Re takes 145, Contra 95.
EX2 = """
    Ben 9D  Carla JH  Dirk 10D  Anna QH  > Anna
    Anna 9C  Ben 10C  Carla KC  Dirk KC  > Ben
    Ben 9H  Carla AH  Dirk AH  Anna KH  > Carla
    Carla AC  Dirk 9C  Anna 9S  Ben KD  > Ben
    Ben KD  Carla 9D  Dirk AD  Anna QS  > Anna
    Anna JD  Ben JD  Carla JC  Dirk JC  > Carla
    Carla 10S  Dirk AS  Anna AS  Ben 9S  > Dirk
    Dirk QC  Anna QC  Ben 10H  Carla QH  > Ben
    Ben KS  Carla KS  Dirk 10C  Anna 10D  > Anna
    Anna 10H  Ben QD  Carla QS  Dirk AD  > Anna
    Anna JH  Ben QD  Carla JS  Dirk JS  > Ben
    Ben 9H  Carla 10S  Dirk AC  Anna KH  > Anna
"""


def test_example_hands_hold_the_seeds_card_points() -> None:
    assert points_won(parse_tricks(EX1), ["Anna", "Ben"]) == 165
    assert points_won(parse_tricks(EX2), ["Anna", "Dirk"]) == 145
    for text in (EX1, EX2):
        assert sum(t.points for t in parse_tricks(text)) == 240


def test_example_1_quick() -> None:
    # won 1 + Contra under 90 (75) 1 + no90 announced and made 1 = 3, doubled by Re: 6
    result = quick(load_dk(), ["Anna", "Ben"], 165, ["Ben re", "Ben no90"])
    assert result.winner == "re"
    assert result.value == 6
    assert result.scores == {"Anna": 6, "Ben": 6, "Carla": -6, "Dirk": -6}
    assert adds(result) == [
        ("scoring.won", 1),
        ("scoring.loser_thresholds", 1),
        ("scoring.promise_made", 1),
    ]
    assert times(result) == [2]


def test_example_1_full_hand() -> None:
    # Re is said before the first card, no 90 with 8 cards on the table (before the 9th)
    played = play_written(load_dk(), EX1, before={0: ["Ben re"], 8: ["Ben no90"]})
    result = played.last.result
    assert result is not None
    assert result.card_points == {"re": 165, "contra": 75}
    assert result.winner == "re"
    assert result.value == 6
    assert result.scores == {"Anna": 6, "Ben": 6, "Carla": -6, "Dirk": -6}
    assert adds(result) == [
        ("scoring.won", 1),
        ("scoring.loser_thresholds", 1),
        ("scoring.promise_made", 1),
    ]
    assert times(result) == [2]
    assert played.hand.summary() == {"re": ["Anna", "Ben"], "re_points": 165}


def test_example_2_quick() -> None:
    # Re fails its no 90 (Contra has 95): Contra wins: won 1 + against the queens 1 +
    # Re's no90 failed 1 + its threshold 1 = 4, doubled by the failed Re: 8
    result = quick(load_dk(), ["Anna", "Dirk"], 145, ["Anna re", "Anna no90"])
    assert result.winner == "contra"
    assert result.value == 8
    assert result.scores == {"Anna": -8, "Ben": 8, "Carla": 8, "Dirk": -8}
    assert adds(result) == [
        ("scoring.won", 1),
        ("scoring.against_the_queens", 1),
        ("scoring.promise_failed", 1),
        ("scoring.promise_failed_threshold", 1),
    ]
    assert times(result) == [2]


def test_example_2_full_hand() -> None:
    played = play_written(load_dk(), EX2, before={0: ["Anna re"], 8: ["Anna no90"]})
    result = played.last.result
    assert result is not None
    assert result.card_points == {"re": 145, "contra": 95}
    assert result.winner == "contra"
    assert result.value == 8
    assert result.scores == {"Anna": -8, "Ben": 8, "Carla": 8, "Dirk": -8}
    assert times(result) == [2]


# ====================================================================== who wins

# Re: Anna and Dirk (queens of clubs in tricks 6 and 8); 120:120.
TIE = """
    Ben AC  Carla 10H  Dirk KC  Anna KC  > Carla
    Carla AH  Dirk 10H  Anna JC  Ben KH  > Dirk
    Dirk KS  Anna AS  Ben AS  Carla 9S  > Anna
    Anna 9C  Ben AC  Carla AH  Dirk 10C  > Ben
    Ben 10C  Carla JS  Dirk JS  Anna 10D  > Carla
    Carla JH  Dirk QC  Anna 9D  Ben QD  > Dirk
    Dirk 9S  Anna KS  Ben QH  Carla AD  > Ben
    Ben 9H  Carla KH  Dirk 10S  Anna QC  > Anna
    Anna JD  Ben QD  Carla JH  Dirk QS  > Dirk
    Dirk QH  Anna AD  Ben 10D  Carla JD  > Dirk
    Dirk JC  Anna KD  Ben 9C  Carla 9D  > Dirk
    Dirk 10S  Anna KD  Ben 9H  Carla QS  > Carla
"""

# Re: Anna and Dirk (queens of clubs in tricks 2 and 4); Re takes 121.
RE121 = """
    Ben AS  Carla 9S  Dirk 10S  Anna 9S  > Ben
    Ben AS  Carla 9D  Dirk QC  Anna KS  > Dirk
    Dirk QD  Anna 10D  Ben JC  Carla JH  > Dirk
    Dirk 9D  Anna QC  Ben JC  Carla QD  > Anna
    Anna QS  Ben JS  Carla 10H  Dirk 10D  > Carla
    Carla AD  Dirk KD  Anna JH  Ben JS  > Ben
    Ben 9H  Carla KH  Dirk 9H  Anna AH  > Anna
    Anna JD  Ben KD  Carla QH  Dirk JD  > Carla
    Carla KH  Dirk AH  Anna QS  Ben 10S  > Anna
    Anna 10H  Ben AC  Carla QH  Dirk AD  > Anna
    Anna 9C  Ben 10C  Carla 10C  Dirk KC  > Ben
    Ben KS  Carla AC  Dirk KC  Anna 9C  > Ben
"""


def test_tie_goes_to_contra_full_hand() -> None:
    assert points_won(parse_tricks(TIE), ["Anna", "Dirk"]) == 120
    result = play_written(load_dk(), TIE).last.result
    assert result is not None
    assert result.card_points == {"re": 120, "contra": 120}
    # Contra wins with 120: won 1 + against the queens 1
    assert result.winner == "contra"
    assert result.value == 2
    assert result.scores == {"Anna": -2, "Ben": 2, "Carla": 2, "Dirk": -2}


def test_re_with_121_wins_full_hand() -> None:
    assert points_won(parse_tricks(RE121), ["Anna", "Dirk"]) == 121
    result = play_written(load_dk(), RE121).last.result
    assert result is not None
    assert result.winner == "re"
    assert result.value == 1
    assert result.scores == {"Anna": 1, "Ben": -1, "Carla": -1, "Dirk": 1}


def test_contra_said_doubles_full_hand() -> None:
    result = play_written(load_dk(), TIE, before={0: ["Ben contra"]}).last.result
    assert result is not None
    assert result.winner == "contra"
    assert result.value == 4  # (1 + 1) x2
    assert result.scores == {"Anna": -4, "Ben": 4, "Carla": 4, "Dirk": -4}


def test_re_and_contra_said_quadruple_full_hand() -> None:
    result = play_written(load_dk(), TIE, before={0: ["Anna re"], 3: ["Ben contra"]}).last.result
    assert result is not None
    assert result.winner == "contra"
    assert result.value == 8  # (1 + 1) x2 x2
    assert times(result) == [2, 2]


@pytest.mark.parametrize(
    ("re_points", "winner", "value"),
    [
        (240, "re", 5),  # won + under 90, 60, 30 + black (Contra has no card points)
        (211, "re", 4),  # Contra 29: under 90, 60, 30
        (210, "re", 3),  # Contra 30 is not under 30
        (181, "re", 3),  # Contra 59
        (180, "re", 2),  # Contra 60 is not under 60
        (151, "re", 2),  # Contra 89
        (150, "re", 1),  # Contra 90 is not under 90
        (121, "re", 1),
        (120, "contra", 2),  # 120:120 goes to Contra: won + against the queens
        (91, "contra", 2),
        (90, "contra", 2),  # Re 90 is not under 90
        (89, "contra", 3),
        (60, "contra", 3),
        (59, "contra", 4),
        (30, "contra", 4),
        (29, "contra", 5),
        (0, "contra", 6),  # Re black too
    ],
)
def test_thresholds_without_announcements(re_points: int, winner: str, value: int) -> None:
    result = quick(load_dk(), ["Ben", "Dirk"], re_points)
    assert result.winner == winner
    assert result.value == value
    re_value = value if winner == "re" else -value
    assert result.scores == {
        "Anna": -re_value,
        "Ben": re_value,
        "Carla": -re_value,
        "Dirk": re_value,
    }


@pytest.mark.parametrize(
    ("actions", "re_points", "winner", "value"),
    [
        (["Ben re"], 121, "re", 2),
        (["Ben re"], 120, "contra", 4),  # Re said and lost: (1 + 1) x2
        (["Anna contra"], 121, "re", 2),  # Contra said and lost
        (["Anna contra"], 120, "contra", 4),  # 120:120 is Contra's also when only Contra said
        (["Ben re", "Anna contra"], 121, "re", 4),
        (["Ben re", "Anna contra"], 120, "contra", 8),
        (["Ben re", "Anna contra"], 151, "re", 8),  # (1 + under 90) x4
    ],
)
def test_re_and_contra_double(actions: list[str], re_points: int, winner: str, value: int) -> None:
    result = quick(load_dk(), ["Ben", "Dirk"], re_points, actions)
    assert result.winner == winner
    assert result.value == value


# ====================================================================== promises


@pytest.mark.parametrize(
    ("actions", "re_points", "winner", "value"),
    [
        # Re promises no 90: Re needs 151, Contra wins with 90
        (["Ben re", "Ben no90"], 151, "re", 6),  # (won + under 90 + no90 made) x2
        (["Ben re", "Ben no90"], 150, "contra", 8),  # (won + queens + failed + threshold) x2
        # Re promises no 60: needs 181
        (["Ben re", "Ben no90", "Ben no60"], 181, "re", 10),  # (1 + 90 + 60 + 2 made) x2
        # 170: Contra 70 reaches 60: (1 + queens + 2 failed + 2 thresholds) x2
        (["Ben re", "Ben no90", "Ben no60"], 170, "contra", 12),
        # Re promises no 30: needs 211; Contra wins with 30
        (["Ben re", "Ben no90", "Ben no60", "Ben no30"], 211, "re", 14),  # (1+3+3) x2
        (["Ben re", "Ben no90", "Ben no60", "Ben no30"], 210, "contra", 16),  # (2+3+3) x2
        # Contra promises no 90: Contra needs 151 (Re at most 89), Re wins with 90
        (["Anna contra", "Anna no90"], 89, "contra", 8),  # (won + queens + under 90 + made) x2
        (["Anna contra", "Anna no90"], 90, "re", 6),  # (won + failed + threshold) x2
        # both said, Re promised: Re wins with 151 (1 + under 90 + made) x4
        (["Ben re", "Anna contra", "Ben no90"], 151, "re", 12),
        # ...Re 150: Contra reaches 90: (1 + queens + failed + threshold) x4
        (["Ben re", "Anna contra", "Ben no90"], 150, "contra", 16),
    ],
)
def test_promises(actions: list[str], re_points: int, winner: str, value: int) -> None:
    result = quick(load_dk(), ["Ben", "Dirk"], re_points, actions)
    assert result.winner == winner
    assert result.value == value


def test_black_promised_and_made() -> None:
    actions = ["Ben re", "Ben no90", "Ben no60", "Ben no30", "Ben black"]
    result = quick(load_dk(), ["Ben", "Dirk"], 240, actions, all_tricks="re")
    # won 1 + under 90, 60, 30 + black 1 + four promises made = 9, x2
    assert result.winner == "re"
    assert result.value == 18


def test_black_promised_but_contra_took_a_trick() -> None:
    # Re took every card point but Contra one trick of nines: Re's black fails, and the
    # other side "wins with one trick"
    actions = ["Ben re", "Ben no90", "Ben no60", "Ben no30", "Ben black"]
    result = quick(load_dk(), ["Ben", "Dirk"], 240, actions)
    # won 1 + against the queens 1 + four failed promises and their four thresholds = 10, x2
    assert result.winner == "contra"
    assert result.value == 20


def test_both_sides_promised_and_nobody_reaches_the_target() -> None:
    actions = ["Ben re", "Ben no90", "Anna contra", "Anna no90"]
    # each side needs 151; Re 140, Contra 100
    result = quick(load_dk(), ["Ben", "Dirk"], 140, actions)
    assert result.winner is None
    assert result.value == 0
    assert result.scores == {p: 0 for p in PLAYERS}


def test_both_sides_promised_and_one_reaches_its_target() -> None:
    actions = ["Ben re", "Ben no90", "Anna contra", "Anna no90"]
    result = quick(load_dk(), ["Ben", "Dirk"], 151, actions)
    # won 1 + under 90 1 + no90 made 1 + Contra's no90 failed 1 + its threshold 1 = 5, x4
    assert result.winner == "re"
    assert result.value == 20


def test_nobody_wins_so_extras_do_not_score() -> None:
    actions = ["Ben re", "Ben no90", "Anna contra", "Anna no90"]
    result = quick(load_dk(), ["Ben", "Dirk"], 140, actions, extras=["Ben fox"])
    assert result.scores == {p: 0 for p in PLAYERS}


# ====================================================================== black


@pytest.mark.parametrize(
    ("black_means", "all_tricks", "value"),
    [
        # Contra took one trick of four nines: no card points, but a trick
        ("no_card_points", None, 5),  # won + 90 + 60 + 30 + black
        ("no_tricks", None, 4),  # a trick taken: not black
        ("no_card_points", "re", 5),
        ("no_tricks", "re", 5),
    ],
)
def test_losers_black(black_means: str, all_tricks: str | None, value: int) -> None:
    facts = {"all_tricks": all_tricks} if all_tricks else {}
    result = quick(load_dk(black_means=black_means), ["Ben", "Dirk"], 240, **facts)
    assert result.winner == "re"
    assert result.value == value


def test_contra_wins_black() -> None:
    result = quick(load_dk(), ["Ben", "Dirk"], 0, all_tricks="contra")
    # won + against the queens + under 90, 60, 30 + black
    assert result.winner == "contra"
    assert result.value == 6


# ====================================================================== extra points

# Re: Ben and Carla; Re takes 146. Dirk (Contra) catches Ben's fox in trick 5.
FOX = """
    Ben JH  Carla 9D  Dirk 10H  Anna KD  > Dirk
    Dirk KC  Anna AC  Ben 9C  Carla AC  > Anna
    Anna 9H  Ben QC  Carla 9H  Dirk KH  > Ben
    Ben JC  Carla QC  Dirk JD  Anna QH  > Carla
    Carla JC  Dirk 10H  Anna 9D  Ben AD  > Dirk
    Dirk 10S  Anna 9S  Ben KS  Carla AS  > Carla
    Carla 10C  Dirk 9C  Anna 10C  Ben QS  > Ben
    Ben QD  Carla JS  Dirk JS  Anna QD  > Ben
    Ben QH  Carla QS  Dirk JH  Anna 10D  > Carla
    Carla KC  Dirk KH  Anna AD  Ben 10D  > Anna
    Anna 10S  Ben JD  Carla AH  Dirk KS  > Ben
    Ben KD  Carla AH  Dirk 9S  Anna AS  > Ben
"""

# Re: Carla and Dirk; Re takes 144. Ben's jack of clubs takes the last trick for Contra.
CHARLIE = """
    Ben KC  Carla QS  Dirk 10C  Anna AC  > Carla
    Carla QC  Dirk 10H  Anna JS  Ben JD  > Dirk
    Dirk 9D  Anna AD  Ben 10D  Carla KD  > Anna
    Anna 9C  Ben 10C  Carla 10D  Dirk KC  > Carla
    Carla JS  Dirk QC  Anna 10H  Ben QD  > Anna
    Anna 10S  Ben KS  Carla JD  Dirk KS  > Carla
    Carla JH  Dirk KD  Anna JH  Ben QS  > Ben
    Ben 9H  Carla 9H  Dirk KH  Anna AS  > Dirk
    Dirk AS  Anna 10S  Ben 9D  Carla QD  > Carla
    Carla QH  Dirk AD  Anna 9C  Ben JC  > Carla
    Carla AH  Dirk KH  Anna 9S  Ben QH  > Ben
    Ben JC  Carla AH  Dirk AC  Anna 9S  > Ben
"""


def test_fox_caught_is_netted_after_doubling_full_hand() -> None:
    assert points_won(parse_tricks(FOX), ["Ben", "Carla"]) == 146
    result = play_written(load_dk(), FOX, before={0: ["Ben re"]}).last.result
    assert result is not None
    # Re wins: won 1, x2 = 2; Contra's fox 1 netted after the doubling: Re 2 - 1 = 1
    assert result.winner == "re"
    assert result.scores == {"Anna": -1, "Ben": 1, "Carla": 1, "Dirk": -1}
    fox = [i for i in result.items if i.rule == "options.fox"]
    assert len(fox) == 1 and fox[0].points == 1 and fox[0].side == "contra"


def test_fox_not_scored_when_the_option_is_off() -> None:
    result = play_written(load_dk(fox=False), FOX, before={0: ["Ben re"]}).last.result
    assert result is not None
    assert result.scores == {"Anna": -2, "Ben": 2, "Carla": 2, "Dirk": -2}


def test_extras_never_change_who_won_full_hand() -> None:
    # no announcement: Re's value 1, Contra's fox 1: the winners Re score nothing
    result = play_written(load_dk(), FOX).last.result
    assert result is not None
    assert result.winner == "re"
    assert result.scores == {p: 0 for p in PLAYERS}


def test_fox_quick() -> None:
    result = quick(load_dk(), ["Ben", "Dirk"], 150, ["Ben re"], extras=["Anna fox"])
    assert result.winner == "re"
    assert result.scores == scores(["Ben", "Dirk"], 1)  # 1 x2 - 1
    result = quick(load_dk(), ["Ben", "Dirk"], 150, ["Ben re"], extras=["Ben fox", "Dirk fox"])
    assert result.scores == scores(["Ben", "Dirk"], 4)  # 1 x2 + 2


def test_extras_net_against_the_losers_quick() -> None:
    # Contra wins 2 (120:120), Re has three extra points: Contra still won; Re nets +1
    result = quick(load_dk(), ["Ben", "Dirk"], 120, extras=["Ben fox", "Dirk fox", "Ben charlie"])
    assert result.winner == "contra"
    assert result.scores == scores(["Ben", "Dirk"], 1)


def test_charlie_full_hand() -> None:
    assert points_won(parse_tricks(CHARLIE), ["Carla", "Dirk"]) == 144
    result = play_written(load_dk(), CHARLIE, before={0: ["Carla re"]}).last.result
    assert result is not None
    # Re wins 1 x2 = 2; Charlie for Contra: 2 - 1 = 1
    assert result.winner == "re"
    assert result.scores == scores(["Carla", "Dirk"], 1)
    charlie = [i for i in result.items if i.rule == "options.charlie"]
    assert len(charlie) == 1 and charlie[0].side == "contra" and charlie[0].points == 1


def test_charlie_off() -> None:
    result = play_written(load_dk(charlie=False), CHARLIE, before={0: ["Carla re"]}).last.result
    assert result is not None
    assert result.scores == scores(["Carla", "Dirk"], 2)


@pytest.mark.parametrize(
    ("options", "last", "re_points", "re_score"),
    [
        # Dirk's (Contra) first jack of clubs takes the last trick: Charlie for Contra.
        # Re (Anna, Ben) wins 1: 1 - 1 = 0
        ({}, "Dirk", 138, 0),
        ({"charlie": False}, "Dirk", 138, 1),
        # ...and captures Anna's: 1 - 1 - 1
        ({"charlie_captured": True}, "Dirk", 138, -1),
        # the second Charlie (Anna's, Re) beats the first in the last trick, worth 2: 1 + 2
        ({"second_charlie_beats_first": True}, "Anna", 142, 3),
        # ...and captures Dirk's: 1 + 2 + 1
        ({"second_charlie_beats_first": True, "charlie_captured": True}, "Anna", 142, 4),
    ],
)
def test_charlie_variants_full_hand(
    options: dict[str, bool], last: str, re_points: int, re_score: int
) -> None:
    text = JC_JC_LAST.format(last=last)
    assert points_won(parse_tricks(text), ["Anna", "Ben"]) == re_points
    result = play_written(load_dk(**options), text).last.result
    assert result is not None
    assert result.card_points["re"] == re_points
    assert result.winner == "re"  # extra points never change who won
    assert result.scores == {
        "Anna": re_score,
        "Ben": re_score,
        "Carla": -re_score,
        "Dirk": -re_score,
    }


@pytest.mark.parametrize(
    ("options", "extras", "re_score"),
    [
        ({}, ["Dirk charlie"], 0),
        ({"charlie_captured": True}, ["Dirk charlie", "Dirk charlie_captured"], -1),
        ({"second_charlie_beats_first": True}, ["Anna charlie2"], 3),
    ],
)
def test_charlie_variants_quick(options: dict[str, bool], extras: list[str], re_score: int) -> None:
    result = quick(load_dk(**options), ["Anna", "Ben"], 140, extras=extras)
    assert result.scores == {
        "Anna": re_score,
        "Ben": re_score,
        "Carla": -re_score,
        "Dirk": -re_score,
    }


def test_extra_for_an_option_that_is_off_is_refused_quick() -> None:
    with pytest.raises(IllegalActionError) as err:
        quick(load_dk(), ["Anna", "Ben"], 140, extras=["Dirk charlie_captured"])
    assert err.value.rule == "options.charlie_captured"


# ====================================================================== a player alone

# Ben holds both queens of clubs (tricks 7 and 11) and takes 122 alone. Carla catches
# Ben's fox in trick 6 (no extra points for a lone player). Dirk wins trick 1.
SILENT = """
    Ben 9S  Carla KS  Dirk AS  Anna 10S  > Dirk
    Dirk KC  Anna AC  Ben 9C  Carla 9C  > Anna
    Anna KH  Ben JC  Carla 9H  Dirk 10S  > Ben
    Ben JD  Carla AD  Dirk JH  Anna 9D  > Dirk
    Dirk 10C  Anna 10C  Ben QH  Carla QH  > Ben
    Ben AD  Carla JH  Dirk JD  Anna KD  > Carla
    Carla KH  Dirk 10D  Anna AH  Ben QC  > Ben
    Ben QD  Carla JS  Dirk 10H  Anna QS  > Dirk
    Dirk KC  Anna AH  Ben QD  Carla 9H  > Ben
    Ben JS  Carla 10D  Dirk 10H  Anna KD  > Dirk
    Dirk KS  Anna JC  Ben QC  Carla 9S  > Ben
    Ben QS  Carla AS  Dirk AC  Anna 9D  > Ben
"""


def test_silent_wedding_is_a_lone_game_full_hand() -> None:
    assert points_won(parse_tricks(SILENT), ["Ben"]) == 122
    played = play_written(load_dk(), SILENT)
    result = played.last.result
    assert result is not None
    assert result.sides == {"re": ["Ben"], "contra": ["Anna", "Carla", "Dirk"]}
    # won 1; x3 for the lone player; the fox Carla caught does not count
    assert result.winner == "re"
    assert result.scores == {"Anna": -1, "Ben": 3, "Carla": -1, "Dirk": -1}
    assert not any(i.rule.startswith("options.") for i in result.items)
    assert sum(result.scores.values()) == 0


def test_silent_wedding_with_re_said_full_hand() -> None:
    result = play_written(load_dk(), SILENT, before={0: ["Ben re"]}).last.result
    assert result is not None
    assert result.scores == {"Anna": -2, "Ben": 6, "Carla": -2, "Dirk": -2}


def test_silent_wedding_without_the_deal() -> None:
    # the second queen of clubs played by the same player shows the lone game
    result = play_written(load_dk(), SILENT, with_deal=False).last.result
    assert result is not None
    assert result.sides["re"] == ["Ben"]
    assert result.scores == {"Anna": -1, "Ben": 3, "Carla": -1, "Dirk": -1}


def test_lone_player_quick_has_no_extras() -> None:
    result = quick(load_dk(), ["Ben"], 130, extras=["Anna fox", "Anna charlie"])
    assert result.winner == "re"
    assert result.scores == {"Anna": -1, "Ben": 3, "Carla": -1, "Dirk": -1}


def test_lone_player_beaten_is_scored_like_a_normal_game() -> None:
    # RULINGS: a player alone is "scored like a normal game with the lone player as Re,
    # without extra points". Contra beating the (single) holder of both queens of clubs wins
    # 1 + against the queens 1 (part of the game value, not an extra point), x2 for Re = 4:
    # Ben -12, each opponent +4
    result = quick(load_dk(), ["Ben"], 100, ["Ben re"])
    assert result.winner == "contra"
    assert ("scoring.against_the_queens", 1) in adds(result)
    assert result.scores == {"Anna": 4, "Ben": -12, "Carla": 4, "Dirk": 4}
    # without any announcement: 2, Ben -6
    result = quick(load_dk(), ["Ben"], 120)
    assert result.scores == {"Anna": 2, "Ben": -6, "Carla": 2, "Dirk": 2}


# ====================================================================== weddings

# Dirk wins trick 1 of SILENT: with "Ben wedding" Dirk is Ben's partner.
# Dirk wedding: Dirk takes trick 1, Ben trick 2 -> Ben is the partner (trick 2).
WEDDING2 = """
    Ben JS  Carla JC  Dirk QH  Anna 10D  > Dirk
    Dirk 9S  Anna KS  Ben AS  Carla AS  > Ben
    Ben 9C  Carla 10C  Dirk 9C  Anna KC  > Carla
    Carla 9D  Dirk JH  Anna 10H  Ben QS  > Anna
    Anna JD  Ben JD  Carla QH  Dirk QD  > Carla
    Carla AH  Dirk 9H  Anna KH  Ben KH  > Carla
    Carla AC  Dirk 10C  Anna QD  Ben KD  > Anna
    Anna JC  Ben 10D  Carla 10H  Dirk QC  > Carla
    Carla 10S  Dirk KS  Anna JS  Ben 9S  > Anna
    Anna AD  Ben 9D  Carla KC  Dirk AD  > Anna
    Anna QS  Ben KD  Carla 9H  Dirk QC  > Dirk
    Dirk AC  Anna AH  Ben JH  Carla 10S  > Ben
"""

# Anna wedding: Anna takes tricks 1 and 2, Dirk trick 3 -> Dirk is the partner (trick 3).
WEDDING3 = """
    Ben 9D  Carla JH  Dirk QD  Anna QS  > Anna
    Anna QC  Ben JH  Carla 9D  Dirk QH  > Anna
    Anna 9H  Ben KH  Carla AH  Dirk KD  > Dirk
    Dirk KS  Anna 10S  Ben 9S  Carla KS  > Anna
    Anna AH  Ben KH  Carla 9H  Dirk JD  > Dirk
    Dirk 9C  Anna 9C  Ben KC  Carla 10C  > Carla
    Carla AC  Dirk 10S  Anna AC  Ben 10C  > Carla
    Carla QS  Dirk 10H  Anna QD  Ben JC  > Dirk
    Dirk 10D  Anna QC  Ben AD  Carla AD  > Anna
    Anna QH  Ben JD  Carla KD  Dirk JC  > Anna
    Anna KC  Ben AS  Carla JS  Dirk 10D  > Carla
    Carla 10H  Dirk 9S  Anna JS  Ben AS  > Carla
"""

# Ben wedding: Ben takes the first three tricks and plays alone.
WEDDING_ALONE = """
    Ben AC  Carla 9H  Dirk 10C  Anna 9C  > Ben
    Ben AS  Carla 9S  Dirk AS  Anna 10S  > Ben
    Ben 10H  Carla QS  Dirk JD  Anna JC  > Ben
    Ben AH  Carla KH  Dirk AH  Anna 9H  > Ben
    Ben QD  Carla JC  Dirk KD  Anna 9D  > Ben
    Ben JD  Carla 10H  Dirk JS  Anna 10D  > Carla
    Carla KH  Dirk QS  Anna AC  Ben KD  > Dirk
    Dirk 9D  Anna JS  Ben QC  Carla AD  > Ben
    Ben QD  Carla AD  Dirk 10D  Anna 10C  > Ben
    Ben 10S  Carla KS  Dirk JH  Anna KS  > Dirk
    Dirk KC  Anna 9C  Ben KC  Carla QH  > Carla
    Carla QH  Dirk JH  Anna 9S  Ben QC  > Ben
"""


def test_wedding_partner_found_in_trick_1() -> None:
    played = play_written(load_dk(), SILENT, before={0: ["Ben wedding"]})
    result = played.last.result
    assert result is not None
    assert played.hand.game.partner == "Dirk"
    assert result.sides == {"re": ["Ben", "Dirk"], "contra": ["Anna", "Carla"]}
    assert points_won(parse_tricks(SILENT), ["Ben", "Dirk"]) == 206
    # won 1 + Contra (34) under 90 and under 60 = 3; a fox each way (trick 4, trick 6) nets 0
    assert result.winner == "re"
    assert result.scores == scores(["Ben", "Dirk"], 3)


def test_wedding_partner_found_in_trick_2() -> None:
    played = play_written(load_dk(), WEDDING2, before={0: ["Dirk wedding"]})
    result = played.last.result
    assert result is not None
    assert played.hand.game.partner == "Ben"
    assert played.hand.game.clarified_in == 2
    assert points_won(parse_tricks(WEDDING2), ["Ben", "Dirk"]) == 87
    # Contra 153: won 1 + against the queens 1 + Re under 90 1 = 3; Anna catches Dirk's
    # fox in trick 10: +1 -> 4
    assert result.winner == "contra"
    assert result.scores == {"Anna": 4, "Ben": -4, "Carla": 4, "Dirk": -4}


def test_wedding_partner_found_in_trick_3() -> None:
    played = play_written(load_dk(), WEDDING3, before={0: ["Anna wedding"]})
    result = played.last.result
    assert result is not None
    assert played.hand.game.partner == "Dirk"
    assert played.hand.game.clarified_in == 3
    assert points_won(parse_tricks(WEDDING3), ["Anna", "Dirk"]) == 134
    # Re wins 1; Anna catches both foxes in trick 9: +2 -> 3
    assert result.winner == "re"
    assert result.scores == scores(["Anna", "Dirk"], 3)


def test_wedding_player_alone_after_three_tricks() -> None:
    played = play_written(load_dk(), WEDDING_ALONE, before={0: ["Ben wedding"]})
    result = played.last.result
    assert result is not None
    assert played.hand.game.partner is None
    assert points_won(parse_tricks(WEDDING_ALONE), ["Ben"]) == 163
    # Ben alone: won 1 + Contra (77) under 90 = 2; x3; no extra points (he caught two foxes)
    assert result.sides["re"] == ["Ben"]
    assert result.scores == {"Anna": -2, "Ben": 6, "Carla": -2, "Dirk": -2}


def test_wedding_needs_both_queens_of_clubs() -> None:
    hand = Hand(load_dk(), PLAYERS, "Anna", deal=deal_of(parse_tricks(SILENT)))
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Anna wedding")
    assert err.value.rule == "declarations.wedding"
    assert hand.can("Ben wedding")


def test_wedding_before_the_first_card_only() -> None:
    hand = Hand(load_dk(), PLAYERS, "Anna", deal=deal_of(parse_tricks(SILENT)))
    hand.apply("Ben 9S")
    assert not hand.can("Ben wedding")


def test_no_announcement_before_the_wedding_partner_is_known() -> None:
    played = play_written(load_dk(), WEDDING_ALONE, before={0: ["Ben wedding"]})
    hand = Hand(load_dk(), PLAYERS, "Anna", deal=deal_of(played.tricks))
    hand.apply("Ben wedding")
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Ben re")
    assert err.value.rule == "teams.wedding_tricks"


def _wedding_hand(text: str, wedding: str, cards: int) -> Hand:
    """A wedding hand with the first ``cards`` cards of ``text`` played."""
    tricks = parse_tricks(text)
    hand = Hand(load_dk(), PLAYERS, "Anna", deal=deal_of(tricks))
    hand.apply(f"{wedding} wedding")
    plays = [f"{p} {c}" for t in tricks for p, c in t.plays]
    for action in plays[:cards]:
        hand.apply(action)
    return hand


def test_wedding_decided_in_trick_1_keeps_the_windows() -> None:
    # partner known after card 4; Re still before the 5th card
    hand = _wedding_hand(SILENT, "Ben", 4)
    assert hand.can("Dirk re")
    hand = _wedding_hand(SILENT, "Ben", 5)
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Dirk re")
    assert err.value.rule == "announcements.window.re"


def test_wedding_decided_in_trick_2_shifts_windows_one_trick() -> None:
    # Re before the 9th card, Contra too, no 90 before the 13th
    for n, open_ in ((4, False), (8, True), (9, False)):
        hand = _wedding_hand(WEDDING2, "Dirk", n)
        assert hand.can("Ben re") is open_, n
        assert hand.can("Anna contra") is open_, n
    hand = _wedding_hand(WEDDING2, "Dirk", 8)
    hand.apply("Ben re")
    hand = _continue(hand, WEDDING2, 12)
    assert hand.can("Dirk no90")
    hand = _continue(hand, WEDDING2, 13)
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Dirk no90")
    assert err.value.rule == "announcements.window.no90"


def test_wedding_decided_in_trick_3_shifts_windows_two_tricks() -> None:
    for n, open_ in ((8, False), (12, True), (13, False)):
        hand = _wedding_hand(WEDDING3, "Anna", n)
        assert hand.can("Anna re") is open_, n
    hand = _wedding_hand(WEDDING3, "Anna", 12)
    hand.apply("Dirk re")
    hand = _continue(hand, WEDDING3, 16)
    assert hand.can("Anna no90")
    hand = _continue(hand, WEDDING3, 17)
    assert not hand.can("Anna no90")


def test_wedding_alone_shifts_windows_two_tricks() -> None:
    for n, open_ in ((12, True), (13, False)):
        hand = _wedding_hand(WEDDING_ALONE, "Ben", n)
        assert hand.can("Ben re") is open_, n
        assert hand.can("Carla contra") is open_, n


def _continue(hand: Hand, text: str, cards: int) -> Hand:
    plays = [f"{p} {c}" for t in parse_tricks(text) for p, c in t.plays]
    for action in plays[hand.cards_played : cards]:
        hand.apply(action)
    assert hand.cards_played == cards
    return hand


def test_wedding_quick() -> None:
    result = quick(load_dk(), ["Ben", "Dirk"], 206, ["Ben wedding"])
    assert result.scores == scores(["Ben", "Dirk"], 3)
    result = quick(load_dk(), ["Ben"], 163, ["Ben wedding"])
    assert result.scores == {"Anna": -2, "Ben": 6, "Carla": -2, "Dirk": -2}


# ====================================================================== announcements

# A deal for the refusals. Re: Anna and Ben (a queen of clubs each).
DEAL = {
    "Anna": ["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "10D", "KD", "9D"],
    "Ben": ["AH", "AH", "KH", "KH", "9H", "QC", "QS", "QH", "QD", "JC", "JS", "JH"],
    "Carla": ["9H", "10H", "10H", "AC", "AC", "10C", "10C", "KC", "KC", "9C", "9C", "JD"],
    "Dirk": ["AD", "10D", "KD", "9D", "AS", "AS", "10S", "10S", "KS", "KS", "9S", "9S"],
}
# Anna takes trick 1 with QC, Carla trick 2 with 10H, Anna trick 3 with 9D.
OPENING = [
    "Ben AH", "Carla 9H", "Dirk AS", "Anna QC",
    "Anna QS", "Ben QS", "Carla 10H", "Dirk AD",
    "Carla AC", "Dirk 9S", "Anna 9D", "Ben KH",
    "Anna JC",
]  # fmt: skip


def dealt_hand(cards: int = 0, *, rules: Ruleset | None = None, before: Sequence[str] = ()) -> Hand:
    hand = Hand(rules or load_dk(), PLAYERS, "Anna", deal=DEAL)
    for action in before:
        hand.apply(action)
    for action in OPENING[:cards]:
        hand.apply(action)
    return hand


def test_deal_is_complete() -> None:
    cards = sorted(c for hand in DEAL.values() for c in hand)
    assert len(cards) == 48
    hand = dealt_hand()
    assert hand.game.side_of("Anna") == "re"
    assert hand.game.side_of("Carla") == "contra"


def test_re_window_before_the_fifth_card() -> None:
    assert dealt_hand(4).can("Ben re")
    with pytest.raises(IllegalActionError) as err:
        dealt_hand(5).verify("Ben re")
    assert err.value.rule == "announcements.window.re"


def test_contra_window_before_the_fifth_card() -> None:
    assert dealt_hand(4).can("Carla contra")
    with pytest.raises(IllegalActionError) as err:
        dealt_hand(5).verify("Dirk contra")
    assert err.value.rule == "announcements.window.contra"


def test_no90_window_before_the_ninth_card() -> None:
    assert dealt_hand(8, before=["Ben re"]).can("Ben no90")
    assert dealt_hand(8, before=["Ben re"]).can("Anna no90")
    with pytest.raises(IllegalActionError) as err:
        dealt_hand(9, before=["Ben re"]).verify("Ben no90")
    assert err.value.rule == "announcements.window.no90"


def test_no60_window_before_the_thirteenth_card() -> None:
    hand = dealt_hand(0, before=["Ben re", "Ben no90"])
    for action in OPENING[:12]:
        hand.apply(action)
    assert hand.can("Anna no60")
    hand.apply(OPENING[12])
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Anna no60")
    assert err.value.rule == "announcements.window.no60"


def test_no90_needs_re_first() -> None:
    with pytest.raises(IllegalActionError) as err:
        dealt_hand().verify("Ben no90")
    assert err.value.rule.startswith("announcements")
    with pytest.raises(IllegalActionError):
        quick(load_dk(), ["Ben", "Dirk"], 160, ["Ben no90"])


def test_no60_without_no90_is_refused() -> None:
    hand = dealt_hand(before=["Ben re"])
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Ben no60")
    assert err.value.rule == "announcements.skip_levels"
    with pytest.raises(IllegalActionError) as err:
        quick(load_dk(), ["Ben", "Dirk"], 190, ["Ben re", "Ben no60"])
    assert err.value.rule == "announcements.skip_levels"


def test_the_other_sides_re_does_not_allow_a_promise() -> None:
    hand = dealt_hand(before=["Ben re"])
    assert not hand.can("Carla no90")


def test_same_announcement_twice_is_refused() -> None:
    hand = dealt_hand(before=["Ben re"])
    assert not hand.can("Anna re")
    assert not hand.can("Ben re")


def test_announcement_by_the_wrong_side_with_the_deal() -> None:
    with pytest.raises(IllegalActionError) as err:
        dealt_hand().verify("Anna contra")  # Anna holds a queen of clubs
    assert err.value.rule == "teams"
    with pytest.raises(IllegalActionError) as err:
        dealt_hand().verify("Carla re")  # Carla holds none
    assert err.value.rule == "teams"


def test_announcement_by_the_wrong_side_without_the_deal() -> None:
    hand = Hand(load_dk(), PLAYERS, "Anna")
    hand.apply("Ben QC")  # Ben shows he is Re
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Ben contra")
    assert err.value.rule == "teams"
    assert hand.can("Ben re")


def test_queen_of_clubs_after_saying_contra_is_refused() -> None:
    hand = Hand(load_dk(), PLAYERS, "Anna")
    hand.apply("Carla contra")
    hand.apply("Ben 9C")
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Carla QC")
    assert err.value.rule == "teams"


def test_unknown_action_word_is_refused() -> None:
    for text in ("Ben hochzeit", "Ben double", "Ben no120"):
        with pytest.raises(IllegalActionError) as err:
            dealt_hand().verify(text)
        assert err.value.rule == "actions"


def test_promise_side_given_as_a_word_without_the_deal() -> None:
    hand = Hand(load_dk(), PLAYERS, "Anna")
    hand.apply("Ben re")
    hand.apply("Carla contra")
    # Dirk's side is not known yet: he names it
    with pytest.raises(IllegalActionError):
        hand.verify("Dirk no90")
    hand.apply("Dirk no90 contra")
    assert hand.game.announcements[-1].side == "contra"


# ====================================================================== play refusals


def test_play_out_of_turn() -> None:
    with pytest.raises(IllegalActionError) as err:
        dealt_hand().verify("Carla 9H")
    assert err.value.rule == "play.turn_order"
    assert "Ben" in str(err.value)  # Ben leads the first trick
    # and without a deal
    hand = Hand(load_dk(), PLAYERS, "Anna")
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Anna QC")
    assert err.value.rule == "play.turn_order"


def test_winner_leads_the_next_trick() -> None:
    hand = dealt_hand(4)  # Anna took trick 1
    assert hand.to_play() == "Anna"
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Ben QS")
    assert err.value.rule == "play.turn_order"


def test_card_played_a_third_time() -> None:
    hand = Hand(load_dk(), PLAYERS, "Anna")
    hand.apply("Ben 9C")
    hand.apply("Carla 9C")
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Dirk 9C")
    assert err.value.rule == "deck.copies"
    assert "9C" in str(err.value)


def test_card_not_held_with_the_deal() -> None:
    with pytest.raises(IllegalActionError) as err:
        dealt_hand().verify("Ben 9C")
    assert err.value.rule == "deal"
    hand = dealt_hand(1)
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Carla QC")
    assert err.value.rule == "deal"


def test_must_follow_suit_with_the_deal() -> None:
    hand = dealt_hand(1)  # Ben led AH; Carla holds 9H
    for card in ("10H", "AC", "JD"):
        with pytest.raises(IllegalActionError) as err:
            hand.verify(f"Carla {card}")
        assert err.value.rule == "following.follow_suit"
        assert "must follow hearts: holds 9H" in str(err.value)
    assert [c.code for c in hand.legal_cards("Carla")] == ["9H"]
    verdict = hand.check_card("Carla", hand.rules.deck.parse("AC"))
    assert not verdict.legal
    assert verdict.rule == "following.follow_suit"


def test_must_follow_trumps_with_the_deal() -> None:
    hand = dealt_hand(4)
    hand.apply("Anna QS")  # trump led
    hand.apply("Ben QS")
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Carla AC")
    assert err.value.rule == "following.follow_suit"
    assert "must follow trumps" in str(err.value)
    assert sorted(c.code for c in hand.legal_cards("Carla")) == ["10H", "JD"]


def test_void_player_may_play_anything() -> None:
    hand = dealt_hand(2)  # AH, 9H: Dirk holds no heart
    legal = {c.code for c in hand.legal_cards("Dirk")}
    assert legal == set(DEAL["Dirk"])
    assert hand.check_card("Dirk", hand.rules.deck.parse("AD")).legal


def test_leader_may_lead_anything() -> None:
    hand = dealt_hand()
    assert {c.code for c in hand.legal_cards("Ben")} == set(DEAL["Ben"])


def test_hand_over_refuses_more_actions() -> None:
    played = play_written(load_dk(), TIE)
    assert played.hand.finished
    assert not played.hand.can("Ben re")
    assert not played.hand.can("Ben AC")


# ====================================================================== revokes

# Re: Ben and Carla. In trick 2 Dirk discards 9C on a spade lead; his KS in trick 6 shows
# he held a spade.
REVOKE_CONTRA = """
    Ben JS  Carla 10H  Dirk QH  Anna QH  > Carla
    Carla 10S  Dirk 9C  Anna 10S  Ben AS  > Ben
    Ben AH  Carla QD  Dirk 9H  Anna 9H  > Carla
    Carla AC  Dirk 9C  Anna KC  Ben AD  > Ben
    Ben JC  Carla JC  Dirk QD  Anna 10D  > Dirk
    Dirk KS  Anna 10C  Ben KH  Carla AS  > Carla
    Carla KC  Dirk AC  Anna KD  Ben AD  > Ben
    Ben QC  Carla 10H  Dirk 9D  Anna QS  > Carla
    Carla 9S  Dirk 9S  Anna 10D  Ben JD  > Ben
    Ben KD  Carla JS  Dirk JH  Anna JD  > Carla
    Carla 10C  Dirk KS  Anna AH  Ben JH  > Ben
    Ben QS  Carla QC  Dirk 9D  Anna KH  > Carla
"""

# Re: Ben and Dirk. In trick 2 Ben discards 10S on a trump lead; his QC in trick 3 shows
# he held a trump.
REVOKE_RE = """
    Ben QD  Carla 10D  Dirk 10D  Anna QS  > Anna
    Anna JC  Ben 10S  Carla QH  Dirk QC  > Dirk
    Dirk KD  Anna QS  Ben QC  Carla KD  > Ben
    Ben QH  Carla 10S  Dirk JH  Anna JD  > Ben
    Ben 10H  Carla 9C  Dirk JH  Anna JC  > Ben
    Ben QD  Carla AH  Dirk 10H  Anna JS  > Dirk
    Dirk AC  Anna 10C  Ben 10C  Carla 9C  > Dirk
    Dirk AC  Anna 9D  Ben AD  Carla KC  > Ben
    Ben JD  Carla 9S  Dirk AH  Anna 9D  > Ben
    Ben JS  Carla 9H  Dirk 9H  Anna KS  > Ben
    Ben KH  Carla KS  Dirk KC  Anna KH  > Ben
    Ben AD  Carla AS  Dirk AS  Anna 9S  > Ben
"""


def test_revoke_proven_later_without_the_deal() -> None:
    played = play_written(load_dk(), REVOKE_CONTRA, with_deal=False)
    hand = played.hand
    # the revoke is reported by the play that proves it: Dirk's KS, card 1 of trick 6
    proving = [o for o in played.outcomes if o.revokes]
    assert len(proving) == 1
    assert proving[0].action.text == "Dirk KS"
    (revoke,) = proving[0].revokes
    assert (revoke.player, revoke.trick, revoke.card.code) == ("Dirk", 2, "9C")
    assert (revoke.proof_trick, revoke.proof.code) == (6, "KS")
    assert revoke.rule == "following.follow_suit"
    text = revoke.text()
    assert "trick 2" in text and "trick 6" in text
    assert "spades" in text
    assert hand.revokes == [revoke]


def test_revoke_scores_the_offending_side_as_if_it_took_nothing() -> None:
    result = play_written(load_dk(), REVOKE_CONTRA, with_deal=False).last.result
    assert result is not None
    # Contra (Anna, Dirk) revoked: Re counts 240 and every trick: won 1 + Contra under 90,
    # 60, 30 + black = 5
    assert result.card_points == {"re": 240, "contra": 0}
    assert result.winner == "re"
    assert result.scores == {"Anna": -5, "Ben": 5, "Carla": 5, "Dirk": -5}


def test_revoke_by_re() -> None:
    played = play_written(load_dk(), REVOKE_RE, with_deal=False)
    (revoke,) = played.hand.revokes
    assert (revoke.player, revoke.trick, revoke.proof_trick) == ("Ben", 2, 3)
    assert "trumps" in revoke.text()
    result = played.last.result
    assert result is not None
    # Re (Ben, Dirk) revoked: Contra wins with 240: won + against the queens + 90, 60, 30,
    # black = 6
    assert result.winner == "contra"
    assert result.card_points == {"re": 0, "contra": 240}
    assert result.scores == {"Anna": 6, "Ben": -6, "Carla": 6, "Dirk": -6}


def test_revoke_quick() -> None:
    result = quick(load_dk(), ["Ben", "Carla"], 200, revoke="contra")
    assert result.scores == {"Anna": -5, "Ben": 5, "Carla": 5, "Dirk": -5}
    result = quick(load_dk(), ["Ben", "Dirk"], 200, revoke="re")
    assert result.scores == {"Anna": 6, "Ben": -6, "Carla": 6, "Dirk": -6}


def test_revoke_refused_when_the_deal_is_recorded() -> None:
    tricks = parse_tricks(REVOKE_CONTRA)
    hand = Hand(load_dk(), PLAYERS, "Anna", deal=deal_of(tricks))
    plays = [f"{p} {c}" for t in tricks for p, c in t.plays]
    for action in plays[:5]:
        hand.apply(action)
    with pytest.raises(IllegalActionError) as err:
        hand.verify(plays[5])  # Dirk 9C on a spade lead, holding KS
    assert err.value.rule == "following.follow_suit"
    assert "must follow spades: holds KS" in str(err.value)


def test_no_revoke_in_a_legal_hand_without_the_deal() -> None:
    played = play_written(load_dk(), EX1, with_deal=False)
    assert played.hand.revokes == []
    assert all(not o.revokes for o in played.outcomes)


# ====================================================================== poverty

# Ben is dealt three trumps (JD 9D KD) and passes them to Carla, who gives back QD JH 9H
# (two trumps). Then the hand is played; Re: Ben and Carla, 146.
POVERTY = """
    Ben 10S  Carla JD  Dirk AS  Anna AS  > Carla
    Carla JC  Dirk KD  Anna 10D  Ben QD  > Ben
    Ben 10S  Carla JH  Dirk 9S  Anna 10H  > Anna
    Anna QH  Ben JH  Carla JS  Dirk AD  > Anna
    Anna 10D  Ben 10C  Carla QC  Dirk JD  > Carla
    Carla 9D  Dirk QS  Anna 10H  Ben 9H  > Anna
    Anna KC  Ben 10C  Carla 9C  Dirk KC  > Ben
    Ben KH  Carla JC  Dirk AH  Anna 9H  > Carla
    Carla KD  Dirk AD  Anna QC  Ben AC  > Anna
    Anna 9C  Ben KS  Carla 9D  Dirk AH  > Carla
    Carla JS  Dirk QS  Anna QD  Ben KS  > Dirk
    Dirk 9S  Anna AC  Ben KH  Carla QH  > Carla
"""
PASSED = ["JD", "9D", "KD"]
RETURNED = ["QD", "JH", "9H"]


def poverty_deal() -> dict[str, list[str]]:
    deal = deal_of(parse_tricks(POVERTY))
    for card in RETURNED:
        deal["Ben"].remove(card)
        deal["Carla"].append(card)
    for card in PASSED:
        deal["Carla"].remove(card)
        deal["Ben"].append(card)
    return deal


def test_poverty_deal_gives_ben_three_trumps() -> None:
    hand = Hand(load_dk(poverty=True), PLAYERS, "Anna", deal=poverty_deal())
    trumps = sorted(c.code for c in hand.holding("Ben") if hand.contract.is_trump(c))
    assert trumps == sorted(PASSED)


def test_poverty_accepted_and_played() -> None:
    rules = load_dk(poverty=True)
    played = play_written(
        rules,
        POVERTY,
        deal=poverty_deal(),
        before={0: [f"Ben poverty {' '.join(PASSED)}", f"Carla accept {' '.join(RETURNED)}"]},
    )
    accept = played.outcomes[1]
    assert any("2 trumps returned" in m for m in accept.messages)
    result = played.last.result
    assert result is not None
    assert result.sides == {"re": ["Ben", "Carla"], "contra": ["Anna", "Dirk"]}
    assert points_won(played.tricks, ["Ben", "Carla"]) == 146
    assert result.winner == "re"
    assert result.scores == scores(["Ben", "Carla"], 1)


def test_poverty_declined_is_a_redeal() -> None:
    hand = Hand(load_dk(poverty=True), PLAYERS, "Anna", deal=poverty_deal())
    hand.apply(f"Ben poverty {' '.join(PASSED)}")
    assert hand.to_play() is None
    outcome = hand.apply("Carla decline")
    assert hand.finished
    assert outcome.result is not None
    assert outcome.result.redeal
    assert outcome.result.scores == {p: 0 for p in PLAYERS}
    assert not hand.can("Ben 10S")


def test_poverty_must_be_answered_before_play() -> None:
    hand = Hand(load_dk(poverty=True), PLAYERS, "Anna", deal=poverty_deal())
    hand.apply(f"Ben poverty {' '.join(PASSED)}")
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Ben 10S")
    assert err.value.rule == "options.poverty"


def test_poverty_is_answered_by_the_player_on_the_left() -> None:
    hand = Hand(load_dk(poverty=True), PLAYERS, "Anna", deal=poverty_deal())
    hand.apply(f"Ben poverty {' '.join(PASSED)}")
    assert not hand.can(f"Dirk accept {' '.join(RETURNED)}")
    assert not hand.can("Anna decline")
    assert hand.can("Carla decline")


def test_poverty_needs_three_trumps_or_fewer() -> None:
    hand = Hand(load_dk(poverty=True), PLAYERS, "Anna", deal=DEAL)
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Ben poverty QC QS QH")  # Ben holds seven trumps
    assert err.value.rule == "options.poverty_max_trumps"


def test_poverty_passes_the_trumps() -> None:
    # "places the 3 or fewer trumps in front of the player to their left": a plain card in
    # place of one of the trumps is not a poverty
    hand = Hand(load_dk(poverty=True), PLAYERS, "Anna", deal=poverty_deal())
    assert not hand.can("Ben poverty JD 9D 10S")


def test_poverty_off_by_default() -> None:
    hand = Hand(load_dk(), PLAYERS, "Anna", deal=poverty_deal())
    with pytest.raises(IllegalActionError) as err:
        hand.verify(f"Ben poverty {' '.join(PASSED)}")
    assert err.value.rule == "options.poverty"


# ====================================================================== five nines

NINES_DEAL = {
    "Anna": ["9C", "9C", "9S", "9S", "9H", "AC", "AC", "10C", "10C", "KC", "KC", "AS"],
    "Ben": ["9H", "9D", "9D", "AS", "10S", "10S", "KS", "KS", "AH", "AH", "KH", "KH"],
    "Carla": ["QC", "QC", "QS", "QS", "QH", "QH", "QD", "QD", "JC", "JC", "JS", "JS"],
    "Dirk": ["10H", "10H", "JH", "JH", "JD", "JD", "AD", "AD", "10D", "10D", "KD", "KD"],
}


def test_five_nines_redeal() -> None:
    hand = Hand(load_dk(five_nines=True), PLAYERS, "Anna", deal=NINES_DEAL)
    outcome = hand.apply("Anna fivenines")
    assert hand.finished
    assert outcome.result is not None
    assert outcome.result.redeal
    assert outcome.result.scores == {p: 0 for p in PLAYERS}


def test_five_nines_needs_five_nines() -> None:
    hand = Hand(load_dk(five_nines=True), PLAYERS, "Anna", deal=NINES_DEAL)
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Ben fivenines")  # three nines
    assert err.value.rule == "options.five_nines_count"


def test_five_nines_off_by_default() -> None:
    hand = Hand(load_dk(), PLAYERS, "Anna", deal=NINES_DEAL)
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Anna fivenines")
    assert err.value.rule == "options.five_nines"


def test_redeal_quick() -> None:
    result = FAMILY.score_quick(load_dk(five_nines=True), PLAYERS, "Anna", {"redeal": True}, [], {})
    assert result.redeal
    assert result.scores == {p: 0 for p in PLAYERS}


# ====================================================================== full equals quick


@pytest.mark.parametrize(
    ("text", "before"),
    [
        (EX1, {0: ["Ben re"], 8: ["Ben no90"]}),
        (EX2, {0: ["Anna re"], 8: ["Anna no90"]}),
        (TIE, {0: ["Anna re"], 3: ["Ben contra"]}),
        (FOX, {0: ["Ben re"]}),
        (CHARLIE, {}),
        (SILENT, {}),
        (SILENT, {0: ["Ben wedding"]}),
        (WEDDING_ALONE, {0: ["Ben wedding"]}),
    ],
)
def test_full_and_quick_give_the_same_scores(text: str, before: dict[int, list[str]]) -> None:
    played = play_written(load_dk(), text, before=before)
    result = played.last.result
    assert result is not None
    actions = [a for a in played.hand.history if not a.is_play]
    again = FAMILY.score_quick(load_dk(), PLAYERS, "Anna", played.hand.summary(), actions, {})
    assert again.scores == result.scores
    assert again.winner == result.winner


# ====================================================================== quick entry refusals


def test_quick_announcement_by_the_wrong_side() -> None:
    with pytest.raises(IllegalActionError) as err:
        quick(load_dk(), ["Ben", "Dirk"], 130, ["Anna re"])
    assert err.value.rule == "teams"
    with pytest.raises(IllegalActionError) as err:
        quick(load_dk(), ["Ben", "Dirk"], 130, ["Ben contra"])
    assert err.value.rule == "teams"


@pytest.mark.parametrize(
    "facts",
    [
        {"re": ["Ben", "Dirk"], "re_points": 241},
        {"re": ["Ben", "Dirk"], "re_points": -1},
        {"re": ["Ben", "Dirk"], "re_points": 200, "all_tricks": "re"},
        {"re": ["Ben", "Dirk"], "re_points": 10, "all_tricks": "contra"},
        {"re": ["Ben", "Otto"], "re_points": 130},
        {"re": ["Ben", "Dirk", "Anna"], "re_points": 130},
        {"re": ["Ben", "Dirk"], "re_points": 130, "trumps": 3},
    ],
)
def test_quick_facts_that_cannot_be(facts: dict[str, object]) -> None:
    with pytest.raises(IllegalActionError):
        FAMILY.score_quick(load_dk(), PLAYERS, "Anna", facts, [], {})


# ====================================================================== poverty: the sides


def test_poverty_pair_is_re_for_announcements() -> None:
    hand = Hand(load_dk(poverty=True), PLAYERS, "Anna", deal=poverty_deal())
    hand.apply(f"Ben poverty {' '.join(PASSED)}")
    hand.apply(f"Carla accept {' '.join(RETURNED)}")
    assert hand.game.side_of("Ben") == "re"
    assert hand.game.side_of("Carla") == "re"
    assert hand.game.side_of("Anna") == "contra"  # though she holds a queen of clubs
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Anna re")
    assert err.value.rule == "teams"
    assert hand.can("Carla re")
    assert hand.can("Anna contra")


def test_poverty_gives_back_as_many_cards_as_it_took() -> None:
    hand = Hand(load_dk(poverty=True), PLAYERS, "Anna", deal=poverty_deal())
    hand.apply(f"Ben poverty {' '.join(PASSED)}")
    assert not hand.can("Carla accept QD JH")
