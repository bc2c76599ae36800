"""Checks of a quick hand as it is entered (issue 15, residue): card points whole tricks can
make in Klaverjassen, Doppelkopf declarations that contradict each other or the sheet, and
a redeal given with other facts. Match files written before these checks load as they did.

The possible card points are computed here from each rule set's deck (a subset sum over
the cards' values with the chosen trumps), independently of the program's own code.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import PLAYERS, run_cli, snapshot

from scorekeeper import ruleset


def new(tmp_path: Path, game: str, *args: str, players: list[str] = PLAYERS) -> Path:
    path = tmp_path / "m.toml"
    res = run_cli(tmp_path / "home", "new", game, *players, *args, "--match", path)
    assert res.returncode == 0, res.stderr
    return path


def hand(path: Path, *args: str):  # type: ignore[no-untyped-def]
    return run_cli(path.parent / "home", "hand", *args, "--match", path)


def klaverjassen_side_points(trump: str) -> set[int]:
    """A side's possible card points with the last trick, from the rule set's numbers."""
    rules = ruleset.load("klaverjassen")
    values = [rules.card_points(c, trump) for c in rules.deck.all_cards()]
    per_trick, tricks = 4, len(values) // 4
    piles = {(0, 0)}
    for v in values:
        piles |= {(p + v, n + 1) for p, n in piles}
    bonus = rules.spec.play.last_trick_bonus
    out = {p for p, n in piles if n % per_trick == 0 and n < tricks * per_trick}
    out |= {p + bonus for p, n in piles if n % per_trick == 0 and n >= per_trick}
    return out


def test_klaverjassen_impossible_points_are_what_the_deck_cannot_make() -> None:
    possible = klaverjassen_side_points("H")
    assert 1 not in possible and 161 not in possible  # what the issue measured
    assert {0, 2, 10, 152, 162} <= possible


@pytest.mark.parametrize("points", ["1", "161"])
def test_klaverjassen_card_points_no_tricks_make_are_refused(tmp_path: Path, points: str) -> None:
    path = new(tmp_path, "klaverjassen")
    before = snapshot(path)
    res = hand(path, "playing=Ben", "trump=hearts", f"points={points}")
    assert res.returncode == 1, res.stdout
    assert f"Ben & Dirk cannot have {points} card points with hearts" in res.stderr
    assert "[rule: card_points]" in res.stderr
    assert "Traceback" not in res.stderr
    assert snapshot(path) == before


def test_klaverjassen_card_points_tricks_can_make_are_taken(tmp_path: Path) -> None:
    path = new(tmp_path, "klaverjassen")
    for points in ("0", "2", "10", "152", "162"):
        res = hand(path, "playing=Ben", "trump=hearts", f"points={points}")
        assert res.returncode == 0, res.stderr


def test_klaverjassen_three_players_each_pile_must_be_possible(tmp_path: Path) -> None:
    path = new(tmp_path, "klaverjassen-3", players=PLAYERS[:3])
    before = snapshot(path)
    res = hand(path, "playing=Anna", "trump=H", "points_of=Anna:100,Ben:1")
    assert res.returncode == 1
    assert "Ben cannot have 1 card points" in res.stderr
    assert snapshot(path) == before
    assert hand(path, "playing=Anna", "trump=H", "points_of=Anna:100,Ben:40").returncode == 0


def test_an_old_match_file_with_impossible_points_still_loads(tmp_path: Path) -> None:
    path = new(tmp_path, "klaverjassen")
    text = path.read_text()
    path.write_text(
        text.rstrip("\n")
        + '\nhand = [\n    { actions = [], quick = { playing = "Ben", trump = "hearts", points = 1 } },\n]\n'
    )
    before = snapshot(path)
    res = run_cli(tmp_path / "home", "score", "--match", path)
    assert res.returncode == 0, res.stderr
    assert run_cli(tmp_path / "home", "check", path).returncode == 0
    assert snapshot(path) == before


@pytest.mark.parametrize(
    ("facts", "actions", "words", "rule"),
    [
        (
            ["re=Anna,Carla"],
            ["Anna wedding", "Ben poverty"],
            "Ben poverty: only one wedding or poverty per hand",
            "options.poverty",
        ),
        (
            ["re=Anna,Carla"],
            ["Anna wedding", "Ben wedding"],
            "Ben wedding: Anna already announced a wedding",
            "declarations.wedding",
        ),
        (
            ["re=Anna", "solo=queens"],
            ["Anna wedding"],
            "Anna wedding: Anna already declared a queens solo",
            "solos",
        ),
        (
            ["re=Anna", "solo=queens"],
            ["Anna piglets"],
            "Anna piglets: piglets are not played in a queens solo",
            "options.piglets",
        ),
        (
            ["re=Anna", "solo=hearts"],
            ["Anna piglets"],
            "piglets are not played in a hearts solo",
            "options.piglets_in_suit_solos",
        ),
        (
            ["re=Anna,Ben"],
            ["Anna poverty", "Ben decline"],
            "Ben decline: decline throws the hand in",
            "options.poverty",
        ),
        (
            ["re=Anna,Ben"],
            ["Anna fivenines"],
            "Anna fivenines: fivenines throws the hand in",
            "options.five_nines",
        ),
    ],
)
def test_ddv_contradictory_declarations_are_refused(
    tmp_path: Path, facts: list[str], actions: list[str], words: str, rule: str
) -> None:
    path = new(
        tmp_path, "doppelkopf-ddv", "--set", "piglets=true", "--set", "poverty=true",
        "--set", "five_nines=true",
    )  # fmt: skip
    before = snapshot(path)
    said = [x for a in actions for x in ("-a", a)]
    res = hand(path, *facts, "re_points=130", *said)
    assert res.returncode == 1, res.stdout
    assert words in res.stderr
    assert f"[rule: {rule}]" in res.stderr
    assert snapshot(path) == before


def test_ddv_declarations_that_fit_are_taken(tmp_path: Path) -> None:
    path = new(tmp_path, "doppelkopf-ddv", "--set", "piglets=true", "--set", "poverty=true")
    ok = [
        ["re=Anna,Ben", "-a", "Anna poverty", "-a", "Ben accept"],
        ["re=Anna", "solo=diamonds", "-a", "Anna piglets"],
        ["re=Anna,Ben", "-a", "Anna wedding"],
    ]
    for args in ok:
        res = hand(path, "re_points=130", *args)
        assert res.returncode == 0, res.stderr


def test_ddv_declaration_with_its_option_off_is_refused(tmp_path: Path) -> None:
    path = new(tmp_path, "doppelkopf-ddv")
    res = hand(path, "re=Anna,Carla", "re_points=130", "-a", "Ben poverty")
    assert res.returncode == 1
    assert "option poverty is off" in res.stderr and "[rule: options.poverty]" in res.stderr


def test_doppelkopf_redeal_with_other_facts_is_refused(tmp_path: Path) -> None:
    path = new(tmp_path, "doppelkopf")
    before = snapshot(path)
    res = hand(path, "re=Anna,Carla", "re_points=130", "redeal=true")
    assert res.returncode == 1
    assert "redeal=true) has no other facts; leave out re, re_points" in res.stderr
    assert snapshot(path) == before
    assert hand(path, "redeal=true").returncode == 0
    assert hand(path, "redeal=false", "re=Anna,Carla", "re_points=130").returncode == 0


def test_an_old_doppelkopf_redeal_with_other_facts_still_loads_as_a_redeal(
    tmp_path: Path,
) -> None:
    path = new(tmp_path, "doppelkopf")
    path.write_text(
        path.read_text().rstrip("\n")
        + '\nhand = [\n    { actions = [], quick = { re = ["Anna", "Carla"], re_points = 130, '
        "redeal = true } },\n]\n"
    )
    res = run_cli(tmp_path / "home", "score", "--match", path, "--json")
    assert res.returncode == 0, res.stderr
    assert '"redeal": true' in res.stdout
    assert run_cli(tmp_path / "home", "check", path).returncode == 0


def test_check_reports_an_old_impossible_hand_and_strict_counts_it(tmp_path: Path) -> None:
    path = new(tmp_path, "klaverjassen")
    path.write_text(
        path.read_text().rstrip("\n")
        + '\nhand = [\n    { actions = [], quick = { playing = "Ben", trump = "hearts", points = 1 } },\n]\n'
    )
    before = snapshot(path)
    res = run_cli(tmp_path / "home", "check", path)
    assert res.returncode == 0, res.stderr
    assert "cannot have 1 card points" in res.stderr
    assert "scored as recorded; a new entry would be refused" in res.stderr
    res = run_cli(tmp_path / "home", "check", path, "--strict")
    assert res.returncode == 1
    assert "cannot have 1 card points" in res.stderr
    assert snapshot(path) == before


def test_amending_a_hand_to_impossible_facts_is_refused(tmp_path: Path) -> None:
    path = new(tmp_path, "klaverjassen")
    assert hand(path, "playing=Ben", "trump=hearts", "points=100").returncode == 0
    before = snapshot(path)
    res = run_cli(tmp_path / "home", "amend", "1", "points=1", "--match", path)
    assert res.returncode == 1
    assert "cannot have 1 card points" in res.stderr
    assert snapshot(path) == before
    res = run_cli(tmp_path / "home", "amend", "1", "points=2", "--match", path)
    assert res.returncode == 0, res.stderr
