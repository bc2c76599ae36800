"""Figures and names as the table's language writes them (issue 27, second reading): an
average with a decimal comma in German and Dutch (``113,00 per spel``), as money already
is; ``matches`` names a rule set as every sentence does (``Amsterdams klaverjassen``).
English output and ``--json`` stay as they were."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run_cli


def _two_hands(home: Path) -> None:
    for args in (
        ("new", "klaberjass", "Anna", "Ben", "--lang", "nl"),
        ("hand", "maker=Anna", "trump=harten", "points=Anna:95,Ben:36"),
        ("hand", "maker=Ben", "trump=harten", "points=Anna:80,Ben:51"),
    ):
        res = run_cli(home, *args)
        assert res.returncode == 0, res.stderr


@pytest.mark.parametrize(
    ("lang", "average"), [("nl", "113,00 per spel"), ("de", "113,00"), ("en", "113.00")]
)
def test_stats_writes_an_average_as_the_table_does(tmp_path: Path, lang: str, average: str) -> None:
    home = tmp_path / "home"
    _two_hands(home)
    res = run_cli(home, "--lang", lang, "stats")  # stats else speaks the current match's
    assert res.returncode == 0, res.stderr
    assert average in res.stdout, res.stdout
    if lang != "en":
        assert "113.00" not in res.stdout
    data = json.loads(run_cli(home, "stats", "--json", env={"SCOREKEEPER_LANG": lang}).stdout)
    assert '"average": 113.0' in json.dumps(data)  # --json keeps the number


@pytest.mark.parametrize("columns", ["120", "70"])
def test_matches_names_the_rule_set_in_the_tables_language(tmp_path: Path, columns: str) -> None:
    home = tmp_path / "home"
    res = run_cli(home, "new", "klaverjassen", "Anna", "Ben", "Carla", "Dirk", "--lang", "nl")
    assert res.returncode == 0, res.stderr
    nl = run_cli(home, "matches", env={"SCOREKEEPER_LANG": "nl", "COLUMNS": columns})
    assert "Amsterdams klaverjassen" in nl.stdout and "(Amsterdam)" not in nl.stdout, nl.stdout
    en = run_cli(home, "--lang", "en", "matches", env={"COLUMNS": columns})  # else nl's
    assert "Klaverjassen (Amsterdam)" in en.stdout, en.stdout
    listed = json.loads(run_cli(home, "matches", "--json").stdout)["matches"][0]
    assert listed["ruleset"] == "klaverjassen"
