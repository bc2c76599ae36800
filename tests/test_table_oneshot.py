"""What the one-shot commands tell a table (issue 13, item 3): who deals and leads, the
partners, who deals next, the end of the match and its winner, the totals in ``status``,
and each game's own words in the help."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import in_process

from scorekeeper import ruleset
from scorekeeper.session import Session

FOUR = ["Anna", "Ben", "Carla", "Dirk"]
GAMES = ("doppelkopf", "klaverjassen", "klaberjass", "kloepper", "bierkopf")


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    return in_process(tmp_path, monkeypatch)


def test_new_says_who_deals_leads_and_the_partners(cli) -> None:
    out = cli("new", "doppelkopf", *FOUR).stdout
    assert "Anna deals first." in out and "Ben leads the first trick." in out
    assert "Partners" not in out  # Doppelkopf's sides are hidden
    out = cli("new", "klaverjassen", *FOUR).stdout
    assert "Partners: Anna & Carla; Ben & Dirk." in out
    assert "Ben to name a trump suit or pass" in out
    out = cli("new", "doppelkopf-ddv", *FOUR, "Erik").stdout
    assert "Sitting out this hand: Anna." in out
    data = json.loads(cli("new", "bierkopf", *FOUR, "--json").stdout)
    assert data["first_dealer"] == "Anna" and data["first_leader"] == "Ben"
    assert data["partners"] == [["Anna", "Carla"], ["Ben", "Dirk"]]


def test_a_quick_hand_says_who_deals_next(cli) -> None:
    cli("new", "doppelkopf", *FOUR)
    res = cli("hand", "re=Anna,Carla", "re_points=165", "-a", "Anna re")
    assert res.returncode == 0, res.stderr
    assert "Ben deals next." in res.stdout


def test_the_command_that_ends_the_match_names_the_winner(cli, tmp_path: Path) -> None:
    cli("new", "bierkopf", *FOUR)
    path = next((tmp_path / "matches").glob("*.toml"))
    hands = 0
    while not Session.open(path).match.over():
        with Session.edit(path) as s:
            s.quick(["team=Anna", "points=90"])
        hands += 1
        assert hands < 30
    with Session.edit(path, replay=False) as s:
        s.undo()
    res = cli("hand", "team=Anna", "points=90")
    assert res.returncode == 0, res.stderr
    assert "Match over:" in res.stdout
    assert "The winner: Anna, Carla" in res.stdout
    status = cli("status").stdout
    assert "Match over:" in status and "The winner: Anna, Carla" in status
    data = json.loads(cli("status", "--json").stdout)
    assert data["over"] and data["totals"]["Anna"] > data["totals"]["Ben"]


def test_status_says_who_is_to_choose_trump(cli) -> None:
    cli("new", "klaverjassen", *FOUR)
    res = cli("status")
    assert "Ben to name a trump suit or pass" in res.stdout
    assert "Totals: Anna & Carla +0, Ben & Dirk +0" in res.stdout  # per team (issue 28)
    assert json.loads(cli("status", "--json").stdout)["to_act"] == ["Ben"]


@pytest.mark.parametrize("command", ["announce", "declare"])
def test_announce_and_declare_help_list_each_games_words(cli, command: str) -> None:
    out = " ".join(cli("--lang", "en", command, "--help").stdout.split())  # English words
    for game in GAMES:
        assert f"{game}" in out
    for word in ("no90", "trump SUIT", "turnup CARD", "knock", "double"):
        assert word in out, word


def test_hand_keys_lists_the_games_words(cli) -> None:
    cli("new", "kloepper", *FOUR)
    out = " ".join(cli("hand", "--keys").stdout.split())
    assert "call ACE or alone" in out and "knock" in out


@pytest.mark.parametrize("rule_set", sorted(ruleset.available()))
def test_explain_announcements_has_content_for_every_game(cli, rule_set: str) -> None:
    data = json.loads(cli("explain", rule_set, "announcements", "--json").stdout)
    assert any(s["explain"] for s in data["sections"])
