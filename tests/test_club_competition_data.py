"""A competition's list checks and standings columns are the competition's data: the DDV
list checks only where a competition keeps DDV lists, the standings' columns only the
counts its ranking uses (no Doppelkopf solos or placement points at a Klaverjas evening)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import in_process, ok


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    return in_process(tmp_path, monkeypatch)


def _klaverjas_night(run: Any) -> None:
    ok(run("event", "new", "k", "klaverjas-individual", "--set", "rounds=1"))
    ok(run("event", "register", "k", "Anna", "Ben", "Carla", "Dirk"))
    ok(run("event", "draw", "k", "--seed", "1"))
    for points in ("100", "40"):  # both pairs score plus, as in every Klaverjas game
        ok(run("event", "enter", "k", "1", "1", "playing=Anna", "trump=hearts", f"points={points}"))


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_a_correct_klaverjas_list_is_not_held_to_the_ddv_checks(run: Any, lang: str) -> None:
    _klaverjas_night(run)
    res = run("--lang", lang, "event", "check", "k")
    assert res.returncode == 0, res.stdout + res.stderr
    data = json.loads(ok(run("event", "check", "k", "--json")))
    text = json.dumps(data)
    assert "club.check." not in text, text


def test_the_ddv_checks_still_hold_where_the_competition_keeps_ddv_lists() -> None:
    from scorekeeper.club.lists import Row, _check_game

    row = Row(game=1, entries={"A": 2, "B": -2, "C": 2, "D": -2}, winners=["A", "B"])
    _check_game(row, ["A", "B", "C", "D"], True)
    assert [r.key for r in row.findings] == ["club.check.winners"]
    row = Row(game=1, entries={"A": 100, "B": 100, "C": 62, "D": 62}, winners=["A", "B"])
    _check_game(row, ["A", "B", "C", "D"], False)
    assert row.findings == []


@pytest.mark.parametrize("fmt", ["text", "csv", "markdown"])
def test_standings_columns_follow_the_competition_s_ranking(run: Any, fmt: str) -> None:
    _klaverjas_night(run)
    head = ok(run("event", "standings", "k", "--format", fmt)).splitlines()
    header = next(line for line in head if "Player" in line)
    assert "Marsen" in header and "Points" in header
    assert "Solos" not in header and "Placement" not in header, header
    ok(run("event", "new", "d", "doppelkopf-club"))
    ok(run("event", "register", "d", "Anna", "Ben", "Carla", "Dirk"))
    ok(run("event", "draw", "d", "--seed", "1"))
    head = ok(run("event", "standings", "d", "--format", fmt)).splitlines()
    header = next(line for line in head if "Player" in line)
    assert "Solos" in header and "Placement" in header, header
    assert "Marsen" not in header, header
