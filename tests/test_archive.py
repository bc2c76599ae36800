"""The archive through the real command line: matches, switch, rename, archive, import.

Every test runs scorekeeper as a separate process in its own data folder.
"""

from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import run_cli


def _ok(home: Path, *args: str | Path) -> str:
    res = run_cli(home, *args)
    assert res.returncode == 0, res.stderr
    assert res.stderr == ""
    return res.stdout


def _listed(home: Path, *args: str) -> list[dict]:
    return json.loads(_ok(home, "matches", "--json", *args))["matches"]


def _folder(home: Path) -> dict[str, bytes]:
    """Every file of the data folder (lock files aside) with its bytes."""
    return {
        str(p.relative_to(home)): p.read_bytes()
        for p in sorted(home.rglob("*"))
        if p.is_file() and not p.name.endswith(".lock")
    }


def _table(home: Path) -> tuple[Path, Path]:
    """An unfinished Doppelkopf demo (older) and a finished Klaverjassen one (current)."""
    first = home / "matches" / "dk.toml"
    second = home / "matches" / "kj.toml"
    _ok(home, "demo", "--current", "doppelkopf", "--hands", "2", "--match", first)
    _ok(home, "demo", "--current", "klaverjassen", "--hands", "16", "--match", second)
    return first, second


def test_an_empty_data_folder_lists_nothing(tmp_path: Path) -> None:
    assert "no matches yet" in _ok(tmp_path, "matches")
    assert _listed(tmp_path) == []
    assert "no archived matches" in _ok(tmp_path, "matches", "--archived")


def test_the_list_says_game_players_hands_start_and_whether_finished(tmp_path: Path) -> None:
    _table(tmp_path)
    listed = _listed(tmp_path)
    assert [m["name"] for m in sorted(listed, key=lambda m: m["name"])] == ["dk", "kj"]
    by_name = {m["name"]: m for m in listed}
    assert by_name["dk"]["ruleset"] == "doppelkopf"
    assert by_name["dk"]["hands"] == 2 and by_name["dk"]["finished"] is False
    assert by_name["kj"]["hands"] == 16 and by_name["kj"]["finished"] is True
    assert by_name["kj"]["players"] == ["Anna", "Ben", "Carla", "Dirk"]
    assert [m["current"] for m in (by_name["dk"], by_name["kj"])] == [False, True]
    text = run_cli(tmp_path, "matches", env={"COLUMNS": "160"}).stdout
    assert "Klaverjassen" in text and "finished" in text and "in play" in text
    kj_line = next(line for line in text.splitlines() if " kj " in line)
    assert kj_line.startswith("*") and " 16 " in kj_line
    narrow = run_cli(tmp_path, "matches", env={"COLUMNS": "40"}).stdout
    assert "* kj" in narrow.splitlines() and "  dk" in narrow.splitlines()


def test_switch_makes_another_match_current(tmp_path: Path) -> None:
    _table(tmp_path)
    assert "dk is now the current match" in _ok(tmp_path, "switch", "dk")
    status = json.loads(_ok(tmp_path, "score", "--json"))
    assert len(status["hands"]) == 2  # the Doppelkopf demo, not the Klaverjassen one
    assert {m["name"]: m["current"] for m in _listed(tmp_path)} == {"dk": True, "kj": False}
    before = _folder(tmp_path)
    res = run_cli(tmp_path, "switch", "nope")
    assert res.returncode == 2 and "no match named nope" in res.stderr
    assert res.stderr.rstrip().endswith("[usage]") and res.stdout == ""
    assert _folder(tmp_path) == before


def test_rename_keeps_the_text_and_the_current_match(tmp_path: Path) -> None:
    _, second = _table(tmp_path)
    text = second.read_bytes()
    out = _ok(tmp_path, "rename", "kj", "club night 23 Nov")
    assert "kj is now called club night 23 Nov" in out
    renamed = tmp_path / "matches" / "club night 23 Nov.toml"
    assert renamed.read_bytes() == text and not second.exists()
    assert {m["name"]: m["current"] for m in _listed(tmp_path)} == {
        "dk": False,
        "club night 23 Nov": True,
    }
    assert _ok(tmp_path, "status")  # the current match is found under its new name


def test_rename_refuses_a_taken_or_bad_name_and_changes_nothing(tmp_path: Path) -> None:
    _table(tmp_path)
    before = _folder(tmp_path)
    for new, words in (("dk", "already exists"), ("../x", "cannot name a match"), (".h", "cannot")):
        res = run_cli(tmp_path, "rename", "kj", new)
        assert res.returncode == 2, res  # a name that cannot be given: usage
        assert words in res.stderr and "Traceback" not in res.stderr
        assert _folder(tmp_path) == before


def test_archive_puts_a_match_away_and_restore_brings_it_back(tmp_path: Path) -> None:
    _table(tmp_path)
    kept = (tmp_path / "matches" / "kj.toml").read_bytes()
    out = _ok(tmp_path, "archive", "kj")
    assert "kj is put away" in out and "dk is now the current match" in out
    assert [m["name"] for m in _listed(tmp_path)] == ["dk"]
    archived = _listed(tmp_path, "--archived")
    assert [(m["name"], m["archived"], m["finished"]) for m in archived] == [("kj", True, True)]
    assert (tmp_path / "archive" / "kj.toml").read_bytes() == kept
    # the name stays taken while the match is away, so that it can come back
    assert run_cli(tmp_path, "rename", "dk", "kj").returncode == 2  # usage
    assert "kj is back in the list" in _ok(tmp_path, "archive", "--restore", "kj")
    assert sorted(m["name"] for m in _listed(tmp_path)) == ["dk", "kj"]
    assert (tmp_path / "matches" / "kj.toml").read_bytes() == kept
    res = run_cli(tmp_path, "archive", "--restore", "kj")
    assert res.returncode == 2 and "no archived match named kj" in res.stderr  # usage


def test_archiving_the_last_match_leaves_no_current_match(tmp_path: Path) -> None:
    _ok(tmp_path, "new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk")
    (name,) = [m["name"] for m in _listed(tmp_path)]
    data = json.loads(_ok(tmp_path, "archive", name, "--json"))
    assert data == {
        "name": name,
        "path": str(tmp_path / "archive" / f"{name}.toml"),
        "archived": True,
        "current": None,
    }
    res = run_cli(tmp_path, "status")
    assert res.returncode == 1 and "no current match" in res.stderr


def test_import_copies_a_sound_file_byte_for_byte(tmp_path: Path) -> None:
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    source = elsewhere / "friday.toml"
    _ok(elsewhere, "demo", "--current", "bierkopf", "--hands", "3", "--match", source)
    out = _ok(home, "import", source)
    assert "imported as friday (hands: 3)" in out
    assert (home / "matches" / "friday.toml").read_bytes() == source.read_bytes()
    data = json.loads(_ok(home, "import", source, "--name", "again", "--json"))
    assert data["name"] == "again" and data["hands"] == 3
    listed = {m["name"]: m for m in _listed(home)}
    assert set(listed) == {"friday", "again"} and listed["friday"]["hands"] == 3
    # importing does not change which match is current (there is none here)
    assert not any(m["current"] for m in listed.values())
    res = run_cli(home, "import", source)
    assert res.returncode == 2 and "already exists" in res.stderr


def test_import_refuses_a_bad_file_and_copies_nothing(tmp_path: Path) -> None:
    home = tmp_path / "home"
    _ok(home, "new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk")
    before = _folder(home)
    bad = tmp_path / "bad.toml"
    bad.write_text('format = "scorekeeper-match/1"\nruleset = "doppelkopf"\n', encoding="utf-8")
    res = run_cli(home, "import", bad)
    assert res.returncode == 1 and res.stdout == "" and "Traceback" not in res.stderr
    assert "is not a sound match file; nothing was imported" in res.stderr
    assert "missing required field 'players'" in res.stderr
    assert _folder(home) == before
    replay = tmp_path / "replay.toml"  # well-shaped, but a hand that does not replay
    good = tmp_path / "good.toml"
    _ok(tmp_path / "other", "demo", "--current", "doppelkopf", "--hands", "1", "--match", good)
    replay.write_text(good.read_text(encoding="utf-8").replace('"Ben ', '"Carla ', 1))
    res = run_cli(home, "import", replay, "--json")
    refusal = json.loads(res.stderr)
    assert res.returncode == 1 and refusal["rule"] == "play.turn_order"
    assert "nothing was imported" in refusal["problems"][0]
    missing = run_cli(home, "import", tmp_path / "nothing.toml")
    assert missing.returncode == 1 and "is not a file" in missing.stderr
    assert _folder(home) == before
