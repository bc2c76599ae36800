"""An event file names its tables' match files by a path in the data folder; an edited
one leading out of it (``..``, an absolute path, a link) is refused by every event
command, naming the event file, the key and the rule, and nothing outside is read or
written (issue 25: paths inside the data folder never escape it, links included).
Through the real command line on real files."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import assert_refused, run_cli
from event_helpers import copied_outside, drawn_event, lead_out

ENTER = ("event", "enter", "friday", "1", "1", "re=Anna,Carla", "re_points=165")
COMMANDS = (
    ENTER,
    ("event", "enter", "friday", "1", "1", "--second", "re=Anna,Carla", "re_points=165"),
    ("event", "penalty", "friday", "1", "1", "Dirk", "minor"),
    ("event", "check", "friday"),
    ("event", "standings", "friday"),
    ("event", "draw", "friday"),
)


@pytest.fixture
def drawn(tmp_path: Path) -> tuple[Path, Path, str]:
    """A data folder with event ``friday``, round 1 drawn: one table; its match file's
    path as the event file names it."""
    home = tmp_path / "home"
    home.mkdir()
    event, table = drawn_event(home)
    return home, event, table


def _outside(home: Path, table: str) -> Path:
    return copied_outside(home, table, home.parent / "outside.toml")


@pytest.mark.parametrize("how", ["dotdot", "absolute", "link"])
def test_an_event_table_leading_out_of_the_data_folder_is_refused(drawn, how: str) -> None:
    home, event, table = drawn
    outside = _outside(home, table)
    named = {
        "dotdot": "../outside.toml",
        "absolute": str(outside),
        "link": "matches/link.toml",
    }[how]
    (home / "matches" / "link.toml").symlink_to(outside)
    lead_out(event, table, named)
    before = (outside.read_bytes(), event.read_bytes())
    for words in COMMANDS:
        res = run_cli(home, *words)
        line = assert_refused(
            res, kind="file", names=(str(event), "match", named, "leads out of the data folder")
        )
        assert "round 1, table 1" in line, line
        assert (outside.read_bytes(), event.read_bytes()) == before, words
    assert len(list(home.glob("matches/*.toml"))) == 2  # the table's own and the link


def test_a_second_entry_linked_out_of_the_data_folder_is_refused(drawn) -> None:
    home, event, table = drawn
    outside = _outside(home, table)
    second = table.replace(".toml", "-second.toml")
    (home / second).symlink_to(outside)
    text = event.read_text("utf-8")
    assert 'second = ""' in text
    event.write_text(text.replace('second = ""', f'second = "{second}"'), "utf-8")
    before = outside.read_bytes()
    res = run_cli(home, *ENTER[:5], "--second", *ENTER[5:])
    assert_refused(res, kind="file", names=(str(event), "second", "leads out of the data folder"))
    assert outside.read_bytes() == before


def test_the_refusal_is_worded_in_german_and_dutch(drawn) -> None:
    home, event, table = drawn
    lead_out(event, table, "../outside.toml")
    for lang, words in (("de", "führt aus dem Datenordner"), ("nl", "leidt buiten de gegevensmap")):
        res = run_cli(home, "--lang", lang, *ENTER)
        assert res.returncode == 1 and res.stdout == "", res.stderr
        assert [str(event), "'../outside.toml'", words] == [
            w for w in (str(event), "'../outside.toml'", words) if w in res.stderr
        ], res.stderr
        assert len(res.stderr.splitlines()) == 1 and "Traceback" not in res.stderr


def test_a_table_inside_the_data_folder_still_enters(drawn) -> None:
    home, _event, table = drawn
    res = run_cli(home, *ENTER)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "Anna" in (home / table).read_text("utf-8")
