"""Refusals that say what is wrong, about whom and where (issue 15, residue): each through
the real CLI, each leaving the match file as it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import PLAYERS, run_cli, snapshot

from scorekeeper import ruleset


def new(tmp_path: Path, game: str, players: list[str] = PLAYERS) -> Path:
    path = tmp_path / "m.toml"
    res = run_cli(tmp_path / "home", "new", game, *players, "--match", path)
    assert res.returncode == 0, res.stderr
    return path


def sk(path: Path, *args: str):  # type: ignore[no-untyped-def]
    return run_cli(path.parent / "home", *args, "--match", path)


def test_wilde_boom_roem_without_cards_names_what_is_missing(tmp_path: Path) -> None:
    path = new(tmp_path, "klaverjassen-wilde-boom")
    before = snapshot(path)
    res = sk(path, "act", "Ben roem")
    assert res.returncode == 1
    assert "Ben roem: name the cards of the combination declared" in res.stderr
    assert ":  " not in res.stderr  # no empty subject
    assert snapshot(path) == before


def test_bierkopf_impossible_points_say_whose_they_are(tmp_path: Path) -> None:
    path = new(tmp_path, "bierkopf")
    rules = ruleset.load("bierkopf")
    total = rules.spec.card_points.total
    least = min(rules.card_points(c) for c in rules.deck.cards) * len(PLAYERS)
    before = snapshot(path)
    res = sk(path, "hand", f"points={total - 1}")
    assert res.returncode == 1
    assert f"{total - 1} leaves the other team 1 card points" in res.stderr
    assert f"at least {least}" in res.stderr
    res = sk(path, "hand", "points=1")
    assert "the team cannot have 1 card points" in res.stderr
    assert snapshot(path) == before


def test_amend_names_the_missing_action_plainly(tmp_path: Path) -> None:
    path = new(tmp_path, "doppelkopf")
    res = sk(path, "amend", "1", "--action", "1", "Anna re")
    assert res.returncode in (1, 2)
    assert "the match has no hands yet" in res.stderr
    assert sk(path, "announce", "Anna", "re").returncode == 0
    assert sk(path, "hand", "re=Anna,Carla", "re_points=130").returncode != 0  # hand still open
    before = snapshot(path)
    res = sk(path, "amend", "1", "--action", "999", "Anna re")
    assert res.returncode in (1, 2)
    assert "hand 1 has no action 999: its actions are numbered 1 to 1" in res.stderr
    res = sk(path, "amend", "1", "--action", "1")
    assert "give one action text to replace action 1 (not 0)" in res.stderr
    assert snapshot(path) == before


def test_ddv_extras_of_the_dealer_who_sits_out(tmp_path: Path) -> None:
    players = [*PLAYERS, "Emil"]
    path = new(tmp_path, "doppelkopf-ddv", players)
    before = snapshot(path)
    res = sk(path, "hand", "re=Ben,Carla", "re_points=130", "extras=Anna fox")
    assert res.returncode == 1
    assert "extra 'Anna fox': Anna deals and sits out this hand" in res.stderr
    assert "[rule: match.sit_out]" in res.stderr
    assert snapshot(path) == before


@pytest.mark.parametrize(
    "args",
    [
        ["demo", "--hands", "x"],
        ["demo", "--seed", "x"],
        ["judge", "doppelkopf", "--players", "x"],
        ["amend", "1", "--action", "x"],
        ["amend", "1", "--trick", "x"],
    ],
)
def test_a_bad_number_says_no_environment_variable(tmp_path: Path, args: list[str]) -> None:
    res = run_cli(tmp_path / "home", *args)
    assert res.returncode == 2
    assert "Invalid value for" in res.stderr
    assert "env var" not in res.stderr


def test_new_says_which_folders_it_creates(tmp_path: Path) -> None:
    path = tmp_path / "not" / "there" / "m.toml"
    res = run_cli(tmp_path / "home", "new", "doppelkopf", *PLAYERS, "--match", path)
    assert res.returncode == 0, res.stderr
    assert f"created the folder {path.parent}" in res.stderr
    assert path.is_file()
    again = tmp_path / "not" / "m2.toml"
    res = run_cli(tmp_path / "home", "new", "doppelkopf", *PLAYERS, "--match", again)
    assert "created" not in res.stderr


def test_new_refuses_a_path_through_a_file(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("x")
    res = run_cli(
        tmp_path / "home", "new", "doppelkopf", *PLAYERS, "--match", tmp_path / "f" / "m.toml"
    )
    assert res.returncode == 1
    assert "is not a folder" in res.stderr and "Traceback" not in res.stderr
    assert (tmp_path / "f").read_text() == "x"
