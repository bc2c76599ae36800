"""A hand with several winning sides counts a win for each: at Klaverjassen for three a
trump maker who goes nat loses, and both other players win (stats counted them as lost:
the result names them together, 'Ben and Carla', which is no side of its own)."""

from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import ok, run_cli


def test_a_nat_at_a_table_of_three_is_a_win_for_both_others(tmp_path: Path) -> None:
    ok(run_cli(tmp_path, "new", "klaverjassen-3", "Anna", "Ben", "Carla"))  # the current match
    ok(run_cli(tmp_path, "hand", "playing=Anna", "trump=hearts", "points_of=Anna:30,Ben:70"))
    score = json.loads(ok(run_cli(tmp_path, "score", "--json")))
    assert score["hands"][0]["result"]["winner"] == "Ben and Carla"  # --json as it always was
    players = json.loads(ok(run_cli(tmp_path, "stats", "--json")))["players"]
    won = {p: (players[p]["won"], players[p]["lost"]) for p in ("Anna", "Ben", "Carla")}
    assert won == {"Anna": (0, 1), "Ben": (1, 0), "Carla": (1, 0)}, players
