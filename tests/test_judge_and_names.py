"""`judge` questions that make no sense are refused, and `new` refuses player names that
would later break an action string or a fact (issue 15, residue). Through the real CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run_cli

from scorekeeper import ruleset


def judge(tmp_path: Path, *args: str):  # type: ignore[no-untyped-def]
    return run_cli(tmp_path / "home", "judge", *args)


def test_without_names_only_facts_that_name_players_seat_them(tmp_path: Path) -> None:
    res = judge(tmp_path, "klaverjassen", "-f", "playing=Ben", "-f", "trump=Hearts",
                "-f", "points=100", "--json")  # fmt: skip
    assert res.returncode == 0, res.stderr
    assert "Hearts" not in res.stdout.replace("hearts", "")
    res = judge(tmp_path, "doppelkopf", "-f", "re=Anna,Carla", "-f", "re_points=165",
                "-f", "extras=Dirk fox")  # fmt: skip
    assert res.returncode == 0, res.stderr
    assert "Dirk" in res.stdout and "fox" in res.stdout.lower()
    assert "Fox" not in res.stdout.split("scores:")[-1]


def test_the_same_player_twice_in_a_trick_is_refused(tmp_path: Path) -> None:
    res = judge(tmp_path, "doppelkopf", "--trick", "Anna:QC Anna:10H")
    assert res.returncode == 1
    assert "Anna cannot play twice to one trick" in res.stderr
    res = judge(tmp_path, "doppelkopf", "--trick", "Anna:QC Ben:10H", "--player", "Ben")
    assert res.returncode == 1
    assert "Ben has already played to this trick" in res.stderr


@pytest.mark.parametrize("players", ["0", "100", "-1"])
def test_a_table_the_game_is_not_played_at_is_refused(tmp_path: Path, players: str) -> None:
    counts = ruleset.load("doppelkopf").player_counts
    for question in (["--trick", "Anna:QC"], ["-f", "re=Anna,Carla", "-f", "re_points=130"]):
        res = judge(tmp_path, "doppelkopf", "--players", players, *question)
        assert res.returncode in (1, 2), res.stdout
        assert "is played by" in res.stderr and f"{counts[0]} players, not {players}" in res.stderr
        assert "Traceback" not in res.stderr


def test_a_table_the_game_is_played_at_is_taken(tmp_path: Path) -> None:
    res = judge(tmp_path, "doppelkopf-ddv", "--players", "5", "--trick", "A:QC B:QS C:9D D:9D")
    assert res.returncode == 0, res.stderr


@pytest.mark.parametrize(
    ("trick", "player", "partner"),
    [("Anna:AD Ben:7D Carla:8D", "Dirk", "Zed"), ("Anna:AD", "Ben", "Ben")],
)
def test_an_impossible_partner_is_refused(
    tmp_path: Path, trick: str, player: str, partner: str
) -> None:
    res = judge(tmp_path, "klaverjassen", "--trump", "H", "--trick", trick, "--player", player,
                "--hand", "7H 8S", "--partner", partner)  # fmt: skip
    assert res.returncode in (1, 2)
    assert f"{partner} cannot be the partner of {player}" in res.stderr


def test_a_partner_who_played_is_taken(tmp_path: Path) -> None:
    res = judge(tmp_path, "klaverjassen", "--trump", "H", "--trick", "Anna:AD Ben:7D Carla:8D",
                "--player", "Dirk", "--hand", "7H 8S", "--partner", "Ben")  # fmt: skip
    assert res.returncode == 0, res.stderr


def test_names_given_twice_are_refused(tmp_path: Path) -> None:
    res = judge(tmp_path, "doppelkopf", "-f", "re=Anna,Carla", "-f", "re_points=165",
                "--names", "Anna,Anna,Carla,Dirk")  # fmt: skip
    assert res.returncode in (1, 2)
    assert "--names gives Anna twice" in res.stderr


@pytest.mark.parametrize(
    ("game", "name", "words"),
    [
        ("doppelkopf", "A,B", "holds ','"),
        ("doppelkopf", "Anna:1", "holds ':'"),
        ("doppelkopf", "x=y", "holds '='"),
        ("doppelkopf", "QC", "a word the game reads as something else"),
        ("doppelkopf", "Re", "a word the game reads as something else"),
        ("klaverjassen", "team1", "a word the game reads as something else"),
        ("kloepper", "Others", "a word the game reads as something else"),
    ],
)
def test_a_name_that_would_break_later_input_is_refused(
    tmp_path: Path, game: str, name: str, words: str
) -> None:
    match = tmp_path / "m.toml"
    res = run_cli(tmp_path / "home", "new", game, name, "Ben", "Carla", "Dirk", "--match", match)
    assert res.returncode in (1, 2)
    assert f"player name {name!r}" in res.stderr and words in res.stderr
    assert not match.exists()


def test_an_old_match_file_with_such_a_name_still_loads(tmp_path: Path) -> None:
    match = tmp_path / "m.toml"
    res = run_cli(tmp_path / "home", "new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk",
                  "--match", match)  # fmt: skip
    assert res.returncode == 0
    match.write_text(match.read_text().replace('"Anna"', '"Re"'))
    before = match.read_bytes()
    assert run_cli(tmp_path / "home", "check", match).returncode == 0
    assert run_cli(tmp_path / "home", "score", "--match", match).returncode == 0
    assert match.read_bytes() == before
