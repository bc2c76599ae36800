"""Hand-edited files of a shared data folder, read by the real command line: a value of
the wrong type is refused naming the file (exit 1), never an internal error (exit 70).
Found by ``bench/fuzz.py --only shared-file --inputs 5000`` (70 internal errors in 5000)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run_cli


@pytest.mark.parametrize("games", ["1.5", "true"])
def test_a_competition_whose_games_is_not_a_table_is_refused(tmp_path: Path, games: str) -> None:
    home = tmp_path / "home"
    (home / "competitions").mkdir(parents=True)
    (home / "competitions" / "house-club.toml").write_text(
        f'extends = "doppelkopf-club"\nname = "House club"\nrounds = 2\ngames = {games}\n', "utf-8"
    )
    for args in (("event", "competitions"), ("event", "new", "fri", "house-club")):
        res = run_cli(home, *args)
        assert res.returncode in (0, 1, 2), (args, res.returncode, res.stderr)  # never 70
        assert "internal error" not in res.stderr
        assert "house-club" in res.stderr and "games" in res.stderr, res.stderr


def test_an_event_whose_players_is_not_a_list_is_refused(tmp_path: Path) -> None:
    home = tmp_path / "home"
    for args in (
        ("event", "new", "fri", "doppelkopf-club"),
        (
            "event",
            "register",
            "fri",
            "Anna",
            "Ben",
            "Carla",
            "Dirk",
            "Emil",
            "Fritz",
            "Gerd",
            "Hans",
        ),
        ("event", "draw", "fri"),
    ):
        assert run_cli(home, *args).returncode == 0, args
    path = home / "events" / "fri.toml"
    text = path.read_text("utf-8")
    start = text.index("players = [")
    path.write_text(text[:start] + "players = true\n" + text[text.index("]", start) + 2 :], "utf-8")
    for args in (("event", "tables", "fri"), ("event", "standings", "fri")):
        res = run_cli(home, *args)
        assert res.returncode == 1, (args, res.returncode, res.stderr)
        assert "fri.toml" in res.stderr and "internal error" not in res.stderr
