"""Facts and options typed on the command line: each mistake refused and named."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import PLAYERS, run_cli, snapshot


@pytest.fixture
def match(tmp_path: Path) -> Path:
    path = tmp_path / "m.toml"
    assert (
        run_cli(tmp_path / "home", "new", "doppelkopf", *PLAYERS, "--match", path).returncode == 0
    )
    return path


@pytest.mark.parametrize(
    ("facts", "words"),
    [
        (["re=Anna,Carla", "re_points=165", "re_points=100"], "re_points is given twice"),
        (["re=Anna,Carla", "re_points=abc"], "re_points=abc: 'abc' is not a whole number"),
        (["re=Anna,Carla", "re_points=165", "redeal=maybe"], "'maybe' is not true or false"),
    ],
)
def test_a_mistaken_fact_is_refused_and_named(match: Path, facts: list[str], words: str) -> None:
    before = snapshot(match)
    res = run_cli(match.parent / "home", "hand", *facts, "--match", match)
    assert res.returncode == 2  # a fact in the wrong form: usage
    assert words in res.stderr
    assert snapshot(match) == before


def test_an_option_set_twice_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    res = run_cli(
        tmp_path / "home",
        "new",
        "doppelkopf",
        *PLAYERS,
        "--set",
        "fox=false",
        "--set",
        "fox=true",
        "--match",
        path,
    )
    assert res.returncode == 2
    assert "--set fox is given twice" in res.stderr
    assert not path.exists()


def test_an_option_refusal_names_the_value_not_the_shipped_file(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    res = run_cli(
        tmp_path / "home",
        "new",
        "klaverjassen",
        *PLAYERS,
        "--set",
        "four_of_a_kind_ranks=A,K,Z",
        "--match",
        path,
    )
    assert res.returncode == 2  # a malformed option value is a usage mistake (issue 24)
    assert "four_of_a_kind_ranks" in res.stderr and "'Z'" in res.stderr
    assert "rulesets/klaverjassen.toml" not in res.stderr
    assert not path.exists()


@pytest.mark.parametrize("points", ["1", "239"])
def test_doppelkopf_card_points_no_tricks_can_make_are_refused(match: Path, points: str) -> None:
    before = snapshot(match)
    res = run_cli(
        match.parent / "home", "hand", "re=Anna,Carla", f"re_points={points}", "--match", match
    )
    assert res.returncode == 1
    assert f"Re cannot have {points} card points" in res.stderr
    assert "[rule: card_points]" in res.stderr
    assert snapshot(match) == before


def test_doppelkopf_card_points_whole_tricks_make_are_taken(match: Path) -> None:
    for points in ("0", "2", "238", "240"):
        res = run_cli(
            match.parent / "home", "hand", "re=Anna,Carla", f"re_points={points}", "--match", match
        )
        assert res.returncode == 0, res.stderr


def test_klaverjassen_every_trick_needs_all_the_points(tmp_path: Path) -> None:
    home, path = tmp_path / "home", tmp_path / "k.toml"
    assert run_cli(home, "new", "klaverjassen", *PLAYERS, "--match", path).returncode == 0
    before = snapshot(path)
    facts = ["playing=Anna", "trump=H", "points=100", "all_tricks=true"]
    res = run_cli(home, "hand", *facts, "--match", path)
    assert res.returncode == 1
    assert "all_tricks=true" in res.stderr and "162" in res.stderr
    assert snapshot(path) == before
    res = run_cli(
        home, "hand", "playing=Anna", "trump=H", "points=162", "all_tricks=true", "--match", path
    )
    assert res.returncode == 0, res.stderr
