"""Cases an acceptance review found, each pinned so it cannot come back."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import matchlog
from scorekeeper.cards import parse_cards
from scorekeeper.errors import IllegalActionError, RulesetError
from scorekeeper.match import Match
from scorekeeper.referee import judge_play, judge_value, parse_trick
from scorekeeper.ruleset import load

FOUR = ["Anna", "Ben", "Carla", "Dirk"]


def run_cli(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {"SCOREKEEPER_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args], capture_output=True, text=True, env=env
    )


def test_check_lists_a_problem_for_every_broken_hand(tmp_path: Path) -> None:
    # Two quick hands with impossible facts and a full hand with an unknown card: check
    # must name all three, each with its own line, not stop at the first.
    log = matchlog.MatchLog.new("doppelkopf", FOUR)
    log.hands = [
        matchlog.HandRecord(actions=[], quick={"re": ["Anna", "Carla"], "re_points": 241}),
        matchlog.HandRecord(actions=[], quick={"re": ["Anna", "Carla"], "re_points": 130}),
        matchlog.HandRecord(actions=[], quick={"re": ["Anna", "Zed"], "re_points": 130}),
        matchlog.HandRecord(actions=["Ben QC", "Carla 9X"]),
    ]
    path = tmp_path / "m.toml"
    matchlog.write(path, log)
    done = run_cli(tmp_path, "check", str(path))
    assert done.returncode == 1
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 3, done.stderr
    assert "hand 1" in lines[0] and "hand 3" in lines[1] and "hand 4" in lines[2]
    assert "Traceback" not in done.stderr


def test_a_house_rule_cannot_change_an_options_type(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('extends = "doppelkopf"\n[options.fox]\ndefault = 3\n', encoding="utf-8")
    with pytest.raises(RulesetError) as err:
        load(str(house))
    assert err.value.rule == "options.fox"


def test_amsterdam_partnerships_follow_from_the_seating() -> None:
    # Seats Anna, Ben, Carla, Dirk: Anna and Carla are partners. Hearts are trumps; Anna
    # leads AC, Ben trumps with 9H. Carla is to play: Ben, an opponent, is winning with a
    # trump, so Carla must over-trump with JH (RULINGS, Amsterdam) - no --partner needed.
    rules = load("klaverjassen")
    ruling = judge_play(
        rules,
        parse_trick("Anna:AC Ben:9H", rules),
        trump="H",
        player="Carla",
        holding=parse_cards("JH 7H AS"),
    )
    assert [c.card.code for c in ruling.legal] == ["JH"]
    assert {c.rule for c in ruling.forbidden} == {"following.overtrump"}


def test_a_trick_judged_in_klaverjassen_names_its_roem() -> None:
    # Spades trumps: KS QS JS 10S is a run of four (50) with stuk inside it (20).
    rules = load("klaverjassen")
    ruling = judge_play(rules, parse_trick("A:QS B:KS C:JS D:10S", rules), trump="S")
    assert ruling.winner is not None and ruling.winner["player"] == "C"
    notes = " ".join(ruling.winner["notes"])
    assert "50" in notes and "20" in notes and "roem.stuk" in notes


@pytest.mark.parametrize("roem", [10, 30, 35])
def test_impossible_klaverjassen_roem_is_refused(roem: int) -> None:
    # Roem comes as 20, 50, 100 and 200 and their sums: 10 and 30 cannot be made.
    with pytest.raises(IllegalActionError) as err:
        judge_value(
            load("klaverjassen"),
            FOUR,
            {"playing": "Anna", "trump": "S", "points": 90, "roem": roem},
        )
    assert err.value.rule == "roem"


def test_klaberjass_points_must_leave_room_for_the_last_trick() -> None:
    # Somebody takes the last trick and its 10, so 5:5 cannot be.
    with pytest.raises(IllegalActionError) as err:
        judge_value(
            load("klaberjass"),
            ["Anna", "Ben"],
            {"maker": "Anna", "trump": "H", "points": ["Anna:5", "Ben:5"]},
        )
    assert err.value.rule == "play.last_trick_bonus"


def test_a_match_refuses_a_quick_hand_by_a_sitting_out_dealer() -> None:
    rules = load("doppelkopf-ddv")
    match = Match(rules, [*FOUR, "Eve"], "Carla")
    with pytest.raises(IllegalActionError) as err:
        match.add_quick({"re": ["Anna", "Dirk"], "re_points": 100}, ["Carla contra"])
    assert err.value.rule == "match.sit_out"


def test_a_wedding_after_an_announcement_is_refused() -> None:
    # Found by the property test: Ben said contra, then Anna (both queens of clubs)
    # declared a wedding and Ben became her partner: Ben would be on both sides.
    # Declarations settle the sides, so they come before any announcement.
    from scorekeeper.hand import Hand

    deal = {
        "Anna": ["QC", "QC", "AH", "AH", "KH", "KH", "9H", "9H", "AS", "AS", "KS", "KS"],
        "Ben": ["10H", "10H", "QS", "QS", "QH", "QH", "QD", "QD", "JC", "JC", "JS", "JS"],
        "Carla": ["JH", "JH", "JD", "JD", "AD", "AD", "10D", "10D", "KD", "KD", "9D", "9D"],
        "Dirk": ["AC", "AC", "10C", "10C", "KC", "KC", "9C", "9C", "10S", "10S", "9S", "9S"],
    }
    hand = Hand(load("doppelkopf"), FOUR, "Dirk", deal=deal)
    hand.apply("Ben contra")
    with pytest.raises(IllegalActionError) as err:
        hand.verify("Anna wedding")
    assert err.value.rule == "declarations"


def test_a_misspelt_key_in_a_house_rule_is_pointed_out(tmp_path: Path) -> None:
    # Nothing reads "re_neds": without a word the house rule would silently change nothing.
    # Doppelkopf's schema declares every key (strict), so the typo is refused outright with
    # the nearest key; a new contract is still free.
    from scorekeeper.errors import RulesetError
    from scorekeeper.ruleset import available, unknown_keys

    house = tmp_path / "house.toml"
    house.write_text(
        'extends = "doppelkopf"\n[scoring]\nre_neds = 120\n'
        '[contracts.my_solo]\nname = "mine"\ntrumps = ["QC"]\n'
        'plain_order = ["A", "10", "K", "Q", "J", "9"]\n',
        encoding="utf-8",
    )
    with pytest.raises(RulesetError) as err:
        load(str(house))
    assert "scoring.re_neds: unknown key; did you mean re_needs?" in err.value.message
    house.write_text(
        'extends = "doppelkopf"\n[contracts.my_solo]\nname = "mine"\ntrumps = ["QC"]\n'
        'plain_order = ["A", "10", "K", "Q", "J", "9"]\n',
        encoding="utf-8",
    )
    assert unknown_keys(load(str(house))) == []
    assert all(unknown_keys(load(rid)) == [] for rid in available())
    house.write_text('extends = "doppelkopf"\n[scoring]\nre_neds = 120\n', encoding="utf-8")
    done = run_cli(tmp_path, "rules", "show", str(house))
    assert done.returncode == 1
    assert "scoring.re_neds" in done.stderr and "re_needs" in done.stderr
