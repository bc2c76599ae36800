"""What the data folder's rule sets and competitions may hold (issue 25: a folder a club
may share). A pipe, a device or a huge file put where a rule set or a competition is
looked up is refused at once (never waited on, never read whole); a rule set in the data
folder never ``extends`` a file outside it; a rule set's or a competition's texts hold no
control characters (its name reaches sheets, exports and the live page).

Through the real command line, in a data folder of its own; every command must finish
(``run_cli`` stops a run after 60 seconds: a hang fails the test).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from cli_helpers import run_cli

PLAYERS = ("Anna", "Ben", "Carla", "Dirk")
HOUSE = 'extends = "doppelkopf"\nid = "haus"\nname = "Haus"\n'


def _home(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    for folder in ("rulesets", "competitions", "matches"):
        (home / folder).mkdir(parents=True)
    return home


def test_a_pipe_among_the_rule_sets_is_passed_over(tmp_path: Path) -> None:
    home = _home(tmp_path)
    os.mkfifo(home / "rulesets" / "pipe.toml")
    (home / "rulesets" / "haus.toml").write_text(HOUSE, encoding="utf-8")
    listed = run_cli(home, "rules", "list")
    assert listed.returncode == 0, listed.stderr
    assert "haus" in listed.stdout and "pipe" not in listed.stdout
    res = run_cli(home, "new", "pipe", *PLAYERS, "--match", home / "matches" / "m.toml")
    assert res.returncode in (1, 2) and "Traceback" not in res.stderr
    assert not (home / "matches" / "m.toml").exists()


@pytest.mark.parametrize("kind", ["pipe", "huge"])
def test_an_extends_naming_a_pipe_or_a_huge_file_is_refused_at_once(
    tmp_path: Path, kind: str
) -> None:
    home = _home(tmp_path)
    base = home / "rulesets" / "base.toml"
    if kind == "pipe":
        os.mkfifo(base)
    else:
        with base.open("wb") as fh:  # sparse: a gigabyte that takes no room
            fh.truncate(1 << 30)
    (home / "rulesets" / "haus.toml").write_text(
        HOUSE.replace('"doppelkopf"', '"base.toml"'), encoding="utf-8"
    )
    res = run_cli(home, "new", "haus", *PLAYERS, "--match", home / "matches" / "m.toml")
    assert res.returncode == 1, res.stderr
    assert ("not a plain file" if kind == "pipe" else "larger than") in res.stderr
    assert "Traceback" not in res.stderr and not (home / "matches" / "m.toml").exists()


@pytest.mark.parametrize("how", ["relative", "absolute", "link"])
def test_a_rule_set_in_the_data_folder_never_extends_a_file_outside_it(
    tmp_path: Path, how: str
) -> None:
    home = _home(tmp_path)
    outside = tmp_path / "elsewhere" / "base.toml"
    outside.parent.mkdir()
    outside.write_text(HOUSE.replace('id = "haus"', 'id = "base"'), encoding="utf-8")
    named = {"relative": "../../elsewhere/base.toml", "absolute": str(outside)}.get(how)
    if how == "link":
        (home / "rulesets" / "base-link.toml").symlink_to(outside)
        named = "base-link.toml"
    (home / "rulesets" / "haus.toml").write_text(
        HOUSE.replace('"doppelkopf"', f'"{named}"'), encoding="utf-8"
    )
    res = run_cli(home, "new", "haus", *PLAYERS, "--match", home / "matches" / "m.toml")
    assert res.returncode == 1, res.stdout + res.stderr
    assert "leads out of the data folder" in res.stderr and "extends" in res.stderr
    assert not (home / "matches" / "m.toml").exists()


def test_a_rule_set_of_ones_own_outside_the_data_folder_extends_what_it_names(
    tmp_path: Path,
) -> None:
    """Compatibility: outside the data folder a house rule extends any file, as before."""
    home = _home(tmp_path)
    club = tmp_path / "club"
    (club / "rules").mkdir(parents=True)
    (tmp_path / "base.toml").write_text(HOUSE.replace('id = "haus"', 'id = "base"'), "utf-8")
    (club / "rules" / "haus.toml").write_text(
        HOUSE.replace('"doppelkopf"', '"../../base.toml"'), encoding="utf-8"
    )
    res = run_cli(home, "new", club / "rules" / "haus.toml", *PLAYERS, "--match", club / "m.toml")
    assert res.returncode == 0, res.stderr


@pytest.mark.parametrize(
    ("line", "key"),
    [
        ('name = "Haus\\u001b]8;;http://x\\u001b\\\\Regel\\u202e"', "name"),
        ('name = "Haus"\n[words]\nre = "Re\\u009b2J"', "words.re"),
    ],
)
def test_a_rule_set_s_texts_hold_no_control_character(tmp_path: Path, line: str, key: str) -> None:
    home = _home(tmp_path)
    text = 'extends = "doppelkopf"\nid = "haus"\n' + line + "\n"
    (home / "rulesets" / "haus.toml").write_text(text, encoding="utf-8")
    res = run_cli(home, "new", "haus", *PLAYERS, "--match", home / "matches" / "m.toml")
    assert res.returncode == 1, res.stdout + res.stderr
    assert f"{key}:" in res.stderr and "control character" in res.stderr
    assert not any(c in res.stderr for c in "\x1b\x9b\u202e")


def test_a_rule_set_s_explanations_keep_their_line_breaks(tmp_path: Path) -> None:
    home = _home(tmp_path)
    text = HOUSE + 'summary = """Zwei Zeilen,\n\tmit Einzug."""\n'
    (home / "rulesets" / "haus.toml").write_text(text, encoding="utf-8")
    res = run_cli(home, "new", "haus", *PLAYERS, "--match", home / "matches" / "m.toml")
    assert res.returncode == 0, res.stderr


@pytest.mark.parametrize("kind", ["pipe", "huge", "control"])
def test_the_competitions_folder_is_read_as_safely(tmp_path: Path, kind: str) -> None:
    home = _home(tmp_path)
    club = home / "competitions" / "club.toml"
    if kind == "pipe":
        os.mkfifo(club)
    elif kind == "huge":
        with club.open("wb") as fh:
            fh.truncate(1 << 30)
    else:
        club.write_text('extends = "doppelkopf-club"\nname = "Club\\u001b[2J"\n', "utf-8")
    listed = run_cli(home, "event", "competitions")
    assert listed.returncode in (0, 1, 2) and "Traceback" not in listed.stderr
    assert "\x1b" not in listed.stdout + listed.stderr
    res = run_cli(home, "event", "new", "friday", "club")
    assert res.returncode in (1, 2), res.stdout + res.stderr
    assert "Traceback" not in res.stderr and "\x1b" not in res.stderr
    assert not (home / "events" / "friday.toml").exists()
