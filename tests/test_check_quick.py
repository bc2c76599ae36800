"""``check`` lists every independent problem of a quick hand's facts, each at its line."""

from __future__ import annotations

from pathlib import Path

from cli_helpers import PLAYERS, run_cli


def test_every_bad_fact_of_a_quick_hand_is_listed(tmp_path: Path) -> None:
    home, match = tmp_path / "home", tmp_path / "m.toml"
    assert run_cli(home, "new", "doppelkopf", *PLAYERS, "--match", match).returncode == 0
    done = run_cli(home, "hand", "re=Anna,Carla", "re_points=165", "--match", match)
    assert done.returncode == 0, done.stderr
    text = match.read_text(encoding="utf-8")
    assert "re_points = 165\n" in text
    match.write_text(text.replace("re_points = 165\n", 're_points = "x"\nbogus = 1\n'))
    lines = match.read_text(encoding="utf-8").splitlines()
    points_line = lines.index('re_points = "x"') + 1
    res = run_cli(home, "check", match)
    assert res.returncode == 1
    errors = [line for line in res.stderr.splitlines() if line.strip()]
    assert len(errors) == 2, res.stderr
    assert f"m.toml:{points_line + 1}: hand 1: quick: unknown key 'bogus'" in errors[0]
    assert f"m.toml:{points_line}: hand 1: re_points" in errors[1]
    assert "Traceback" not in res.stderr


def test_one_bad_fact_reads_as_before(tmp_path: Path) -> None:
    home, match = tmp_path / "home", tmp_path / "m.toml"
    run_cli(home, "new", "doppelkopf", *PLAYERS, "--match", match)
    res = run_cli(home, "hand", "re=Anna,Carla", "re_points=999", "--match", match)
    assert res.returncode == 1
    assert len(res.stderr.strip().splitlines()) == 1
    assert "[rule: card_points.total]" in res.stderr
