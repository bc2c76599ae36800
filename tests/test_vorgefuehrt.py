"""The DDV's dealer rule (issue 30): after a Pflichtsolo the same dealer deals again, but
not after a vorgeführtes one, which counts as a game of the round. New match files carry
the option that says so; a file without it reads exactly as before. And a refused draw
leaves every file as it was."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import assert_refused, in_process, ok

from scorekeeper.session import Session


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    return in_process(tmp_path, monkeypatch)


# The worked example: four players, a round of 6 games, Anna deals first.
#   game 1  Anna deals  Anna's Pflichtsolo (4 owe, 6 left: not vorgeführt): Anna again
#   game 2  Anna deals  normal                                         counted 1
#   game 3  Ben deals   normal                                         counted 2
#   game 4  Carla deals normal                                         counted 3
#           now Ben, Carla and Dirk owe theirs and 3 games are left: vorgeführt
#   game 5  Dirk deals  Ben's Pflichtsolo, vorgeführt: counted 4, the deal passes on
#   game 6  Anna deals  Carla's, vorgeführt: counted 5
#   game 7  Ben deals   Dirk's, vorgeführt: counted 6, the round is complete
GAMES = [
    "re=Anna solo=queens re_points=150",
    "re=Anna,Ben re_points=130",
    "re=Anna,Carla re_points=130",
    "re=Ben,Dirk re_points=130",
    "re=Ben solo=jacks re_points=150",
    "re=Carla solo=jacks re_points=150",
    "re=Dirk solo=clubs re_points=150",
]
DDV_DEALERS = ["Anna", "Anna", "Ben", "Carla", "Dirk", "Anna", "Ben"]
OLD_DEALERS = ["Anna", "Anna", "Ben", "Carla", "Dirk", "Dirk", "Dirk"]


def _play(run: Any, path: Path) -> None:
    for game in GAMES:
        ok(run("hand", *game.split(), "--match", path))


def _dealers(path: Path) -> list[str]:
    return [mh.dealer for mh in Session.open(path).match.hands]


def test_the_deal_passes_on_after_a_vorgefuehrt_pflichtsolo(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "round.toml"
    ok(run("new", "doppelkopf-ddv", "Anna", "Ben", "Carla", "Dirk", "--set", "round_games=6",
           "--match", path))  # fmt: skip
    assert "vorgefuehrt_deals_on = true" in path.read_text(encoding="utf-8")
    _play(run, path)
    assert _dealers(path) == DDV_DEALERS
    status = json.loads(ok(run("status", "--json", "--match", path)))
    assert status["over"], "three vorgeführte Pflichtsoli are games of the round"
    assert_refused(run("hand", *GAMES[1].split(), "--match", path), rule="match")


def test_a_file_written_before_reads_as_it_always_did(run: Any, tmp_path: Path) -> None:
    path = tmp_path / "old.toml"
    ok(run("new", "doppelkopf-ddv", "Anna", "Ben", "Carla", "Dirk", "--set", "round_games=6",
           "--match", path))  # fmt: skip
    _play(run, path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("vorgefuehrt_deals_on = true\n", ""), encoding="utf-8")
    assert _dealers(path) == OLD_DEALERS  # the same dealer after every Pflichtsolo
    status = json.loads(ok(run("status", "--json", "--match", path)))
    assert not status["over"], "before, a Pflichtsolo never counted towards the round"


def test_an_event_table_follows_the_competition_s_round(run: Any, tmp_path: Path) -> None:
    ok(run("event", "new", "t", "ddv-tournament", "--set", "games=6"))
    ok(run("event", "register", "t", "Anna", "Ben", "Carla", "Dirk"))
    plan = json.loads(ok(run("event", "draw", "t", "--json", "--seed", "1")))
    table = plan["tables"][0]
    a, b, c, d = table["players"]
    header = (tmp_path / table["match"]).read_text(encoding="utf-8")
    assert "round_games = 6" in header and "vorgefuehrt_deals_on = true" in header
    games = [
        f"re={a} solo=queens re_points=150",
        f"re={a},{b} re_points=130",
        f"re={a},{c} re_points=130",
        f"re={b},{d} re_points=130",
        f"re={b} solo=jacks re_points=150",
    ]
    for game in games:
        out = ok(run("event", "enter", "t", "1", "1", *game.split()))
    assert f"Pflichtsolo of {b}, vorgeführt: it counts as a game, the deal passes on" in out
    dealers = _dealers(tmp_path / table["match"])
    assert dealers == [a, a, b, c, d]
    assert Session.open(tmp_path / table["match"]).match.next_dealer() == a  # passed on


# ---------------------------------------------------------------------- refused draws


def test_a_refused_draw_leaves_every_file_untouched(run: Any, tmp_path: Path) -> None:
    ok(run("event", "new", "n", "doppelkopf-club"))
    ok(
        run(
            "event",
            "register",
            "n",
            *["Anna", "Ben", "Carla", "Dirk", "Emil", "Frida", "Gert", "Hanna"],
        )
    )
    ok(run("new", "doppelkopf", "W", "X", "Y", "Z"))  # the current match before the draw
    current = (tmp_path / "current").read_bytes()
    event = (tmp_path / "events" / "n.toml").read_bytes()
    blocker = tmp_path / "matches" / "n-round1-table2.toml"
    blocker.write_text("not mine\n", encoding="utf-8")
    before = sorted(p.name for p in (tmp_path / "matches").iterdir())
    res = run("event", "draw", "n")
    assert_refused(res, kind="file")
    assert "table 2" in res.stderr and "nothing was drawn" in res.stderr
    assert sorted(p.name for p in (tmp_path / "matches").iterdir()) == before
    assert (tmp_path / "events" / "n.toml").read_bytes() == event
    assert (tmp_path / "current").read_bytes() == current
    blocker.unlink()
    plan = json.loads(ok(run("event", "draw", "n", "--json")))
    assert all((tmp_path / t["match"]).is_file() for t in plan["tables"])


def test_a_name_the_game_reads_as_a_word_is_refused_at_registration(run: Any) -> None:
    ok(run("event", "new", "k", "ddv-tournament"))
    assert_refused(run("event", "register", "k", "Anna", "Kontra"), kind="usage")
    ok(run("event", "new", "kj", "klaverjas-individual", "--match-lang", "nl"))
    assert_refused(run("event", "register", "kj", "Anna", "Pas"), kind="usage")
