"""Honest statistics (issue 28, item 6) through the real command line: demo matches are
marked and left out unless asked (an older demo file known by its name and table), points
are shown per game, matches are called matches, a reply knock counts as a knock."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from cli_helpers import PLAYERS, run_cli


def sk(home: Path, *args: str | Path) -> str:
    res = run_cli(home, *args)
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stderr
    return res.stdout


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two demos (the same names as the real table), a real Doppelkopf hand and a real
    Klaverjassen hand."""
    home = tmp_path_factory.mktemp("stats")
    sk(home, "demo", "doppelkopf", "--hands", "3")
    sk(home, "demo", "klaverjassen", "--hands", "3")
    sk(home, "new", "doppelkopf", *PLAYERS)
    sk(home, "hand", "re=Anna,Carla", "re_points=165")
    sk(home, "new", "klaverjassen", *PLAYERS)
    sk(home, "hand", "playing=Anna", "trump=H", "points=100")
    return home


def test_demos_are_left_out_unless_asked(home: Path) -> None:
    demos = sorted((home / "matches").glob("*-demo-*.toml"))
    assert len(demos) == 2
    data = json.loads(sk(home, "stats", "--json"))
    assert data["matches"] == 2 and data["hands"] == 2 and data["demos_left_out"] == 2
    assert data["players"]["Anna"]["hands"] == 2
    every = json.loads(sk(home, "stats", "--demo", "--json"))
    assert every["matches"] == 4 and every["demos_left_out"] == 0
    assert every["players"]["Anna"]["hands"] == 2 + 3 + 3
    out = sk(home, "--lang", "de", "stats")
    assert out.startswith("2 Demo-Partien nicht gezählt (stats --demo zählt sie mit)")


def test_a_demo_file_is_known_by_its_name_and_table_or_its_mark(home: Path, tmp_path: Path):
    old = tmp_path / "old"
    (old / "matches").mkdir(parents=True)
    for path in (home / "matches").glob("*.toml"):
        (old / "matches" / path.name).write_text(path.read_text())
    assert json.loads(sk(old, "stats", "--json"))["demos_left_out"] == 2
    # the same file under a name the demo does not give is counted: nothing says demo
    renamed = []
    for path in (old / "matches").glob("*-demo-*.toml"):
        renamed.append(path.with_name(path.name.replace("-demo-", "-")))
        shutil.move(path, renamed[-1])
    assert json.loads(sk(old, "stats", "--json"))["demos_left_out"] == 0
    # unless its header carries the demo's mark
    text = renamed[0].read_text()
    renamed[0].write_text(text.replace("\n[[hand]]", "_demo = true\n\n[[hand]]", 1))
    assert json.loads(sk(old, "stats", "--json"))["demos_left_out"] == 1


@pytest.mark.parametrize(
    ("lang", "header"),
    [
        # each rule set by its name in the table's words, never its id
        ("en", "matches: 2, hands: 2 (Doppelkopf: 1 match, Klaverjassen (Amsterdam): 1 match)"),
        ("de", "Partien: 2, Spiele: 2 (Doppelkopf: 1 Partie, Amsterdamer Klaverjassen: 1 Partie)"),
        ("nl", "partijen: 2, spellen: 2 (Doppelkopf: 1 partij, Amsterdams klaverjassen: 1 partij)"),
    ],
)
def test_points_are_shown_per_game(home: Path, lang: str, header: str) -> None:
    out = sk(home, "--lang", lang, "stats")
    assert header in out
    # one block per game under its heading (the rule set's name in the table's words:
    # 'Amsterdams klaverjassen'), the line before each block's first player
    lines = [line for line in out.splitlines() if line]
    headings = [lines[i - 1] for i, line in enumerate(lines) if line == "Anna"]
    assert len(headings) == 2 and headings[0].startswith("Doppelkopf"), headings
    games = out.split(headings[0], 1)[1].split(headings[1])
    assert len(games) == 2 and all(g.count("Anna\n") == 1 for g in games), games
    data = json.loads(sk(home, "stats", "--json"))
    assert set(data["by_game"]) == {"doppelkopf", "klaverjassen"}
    kj = data["by_game"]["klaverjassen"]["players"]["Anna"]
    dk = data["by_game"]["doppelkopf"]["players"]["Anna"]
    assert kj["hands"] == dk["hands"] == 1
    assert data["players"]["Anna"]["points"] == kj["points"] + dk["points"]  # as before


def test_a_reply_knock_counts_as_a_knock() -> None:
    from scorekeeper.result import HandResult
    from scorekeeper.stats.specials import kloepper

    result = HandResult(
        "normal game, knock and reply",
        {"queens": ["Anna", "Carla"], "others": ["Ben", "Dirk"]},
        {"queens": 100, "others": 140},
        "others",
        [],
        2,
        {"Anna": -2, "Ben": 2, "Carla": -2, "Dirk": 2},
        details={"knock": "Anna", "reply": "Ben"},
    )
    counts: dict = {}
    kloepper(result, counts)
    assert counts["Anna"]["knock"] == 1 and counts["Ben"]["knock"] == 1
    assert counts["Ben"]["knock.won"] == 1 and "knock.won" not in counts["Anna"]
