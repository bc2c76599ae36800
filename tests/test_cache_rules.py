"""The replay cache says which rule set its hands were replayed under (its files' merged
content), and a command uses it only while the rule set reads the same: an edited house
rule, or a rule set of the user's own that now stands before the shipped one, is read
anew and scores as it says (the same answers as with the cache off)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run_cli

from scorekeeper import rules as data_layer
from scorekeeper.session import cache

KNEIPE = 'extends = "doppelkopf"\nid = "kneipe"\nname = "Kneipe"\n\n[scoring]\nwon = WON\n'


def _ok(home: Path, *args: str | Path, **env: str) -> str:
    res = run_cli(home, *args, env=env or None)
    assert res.returncode == 0, res.stderr
    return res.stdout


def _scores(home: Path, match: Path, **env: str) -> list[dict[str, int]]:
    shown = json.loads(_ok(home, "score", "--json", "--match", match, **env))
    return [hand["result"]["scores"] for hand in shown["hands"]]


def _match(home: Path, ruleset: str) -> Path:
    match = home.parent / "m.toml"
    _ok(home, "new", ruleset, "Anna", "Ben", "Carla", "Dirk", "--match", match)
    for _ in range(2):  # finished hands: a snapshot is kept, with the rule set
        _ok(home, "hand", "re=Ben,Dirk", "re_points=130", "--match", match)
    return match


def _entries(home: Path) -> list[Path]:
    return list(cache.cache_dir().glob("*.json"))


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    (folder / "rulesets").mkdir(parents=True)
    monkeypatch.setenv("SCOREKEEPER_HOME", str(folder))
    monkeypatch.delenv("SCOREKEEPER_CACHE", raising=False)
    return folder


def test_an_edited_house_rule_is_read_anew(home: Path) -> None:
    house = home / "rulesets" / "kneipe.toml"
    house.write_text(KNEIPE.replace("WON", "2"), encoding="utf-8")
    match = _match(home, "kneipe")
    assert _scores(home, match) == [{"Anna": -2, "Ben": 2, "Carla": -2, "Dirk": 2}] * 2
    assert _entries(home), "the finished hands are kept"

    house.write_text(KNEIPE.replace("WON", "5"), encoding="utf-8")
    warm = _scores(home, match)
    assert warm == [{"Anna": -5, "Ben": 5, "Carla": -5, "Dirk": 5}] * 2
    assert warm == _scores(home, match, SCOREKEEPER_CACHE="off")


def test_a_rule_set_of_the_users_own_before_the_shipped_one_is_read_anew(home: Path) -> None:
    match = _match(home, "doppelkopf")
    before = _scores(home, match)
    assert _entries(home), "the finished hands are kept"

    shipped = data_layer.find("doppelkopf").read_text(encoding="utf-8")
    assert "\nre_needs = 121\n" in shipped
    own = shipped.replace("\nre_needs = 121\n", "\nre_needs = 131\n")
    (home / "rulesets" / "doppelkopf.toml").write_text(own, encoding="utf-8")
    after = _scores(home, match)
    assert after != before  # Re with 130 no longer wins
    assert after == _scores(home, match, SCOREKEEPER_CACHE="off")
