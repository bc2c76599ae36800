"""A club night's rest through the real CLI (issue 30): a shared place's averaged points
in the view's decimals, the rule set named in words by ``stats``, ``settle`` taking a
competition's loss money (the TOML ``event settle`` reads), a failed draw or a refused
second entry leaving every file as it was, and a competition's notes and unsourced
rules in en, de and nl."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import assert_refused, in_process, ok
from event_helpers import copied_outside, drawn_event, lead_out

from scorekeeper.text import language, translate
from scorekeeper.view.words import say

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]
HOUSE = """extends = "doppelkopf-club"
id = "house"
name = "House night"

[placement]
"4" = [4, 1, 0, -5]
"""


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    return in_process(tmp_path, monkeypatch)


def _words(lang: str, key: str, **params: Any) -> str:
    before = language.chosen()
    language.neutral(False)
    language.choose(lang)
    try:
        return say(key, **params)
    finally:
        language.choose(before)


def _files(home: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(home)): p.read_bytes()
        for p in sorted(home.rglob("*"))
        if p.is_file() and "cache" not in p.parts
    }


@pytest.mark.parametrize(("lang", "shared"), [("en", "2.5"), ("de", "2,5"), ("nl", "2,5")])
def test_a_shared_place_s_points_in_the_view_s_decimals(
    run: Any, tmp_path: Path, lang: str, shared: str
) -> None:
    (tmp_path / "competitions").mkdir()
    (tmp_path / "competitions" / "house.toml").write_text(HOUSE, encoding="utf-8")
    ok(run("event", "new", "h", "house", "--set", "rounds=1"))
    ok(run("event", "register", "h", *PLAYERS))
    plan = json.loads(ok(run("event", "draw", "h", "--json", "--seed", "1")))
    a, b, c, _ = plan["tables"][0]["players"]
    ok(run("event", "enter", "h", "1", "1", f"re={a},{c}", "re_points=130"))
    text = ok(run("--lang", lang, "event", "standings", "h"))
    rows = {line.split()[1]: line.split() for line in text.splitlines()[2:]}
    assert rows[a][3] == shared and rows[c][3] == shared
    assert rows[b][3] == f"-{shared}"
    head = text.splitlines()[1]
    assert _words(lang, "club.col.solos") in head  # the ranking uses them
    assert _words(lang, "club.col.marks") not in head, "a Doppelkopf night counts no marsen"
    markdown = ok(run("--lang", lang, "event", "standings", "h", "--format", "markdown"))
    assert f"| {shared} |" in markdown and f"| -{shared} |" in markdown
    html = ok(run("--lang", lang, "event", "standings", "h", "--format", "html"))
    assert f">{shared}<" in html
    csv_text = ok(run("--lang", lang, "event", "standings", "h", "--format", "csv"))
    assert f"{a},1,2.5," in csv_text  # a spreadsheet reads numbers as numbers
    data = json.loads(ok(run("event", "standings", "h", "--json")))
    assert {x["player"]: x["placement"] for x in data["lines"]}[a] == 2.5


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_stats_names_the_rule_set_in_words(run: Any, lang: str) -> None:
    ok(run("new", "doppelkopf-ddv", *PLAYERS, "--lang", lang))
    ok(run("hand", "re=Anna,Ben", "re_points=130"))
    head = ok(run("--lang", lang, "stats")).splitlines()[0]
    assert "doppelkopf-ddv" not in head, head
    from scorekeeper.lang.terms import ruleset_name

    assert ruleset_name("Doppelkopf (DDV tournament rules)", lang) in head


def test_settle_takes_a_competition_s_loss_money(run: Any, tmp_path: Path) -> None:
    ok(run("new", "doppelkopf", *PLAYERS))
    for _ in range(5):
        ok(run("hand", "re=Anna,Ben", "re_points=130"))
    named = json.loads(ok(run("settle", "--loss-money", "doppelkopf-club", "--json")))
    typed = json.loads(ok(run("settle", "--loss-money", "0.50,4:1.00", "--json")))
    assert named["loss_money"] == typed["loss_money"]
    assert named["loss_money"]["amounts"]["Carla"] == "3.50"  # 3 x 0.50 + 2 x 1.00
    before = _files(tmp_path)
    assert_refused(run("settle", "--loss-money", "ddv-tournament"), rule="money")
    res = run("settle", "--loss-money", "no-such-club")
    assert res.returncode == 2 and "'no-such-club' is not loss money" in res.stderr
    assert _files(tmp_path) == before


def test_a_draw_that_fails_after_its_tables_leaves_every_file(
    run: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tables' files are made, then the event file cannot be written (a full disk):
    the files go again and the current match is the one it was."""
    from scorekeeper.matchlog import files

    ok(run("event", "new", "n", "doppelkopf-club"))
    ok(run("event", "register", "n", *PLAYERS, "Emil", "Frida", "Gert", "Hanna"))
    ok(run("new", "doppelkopf", "W", "X", "Y", "Z"))
    before = _files(tmp_path)
    write_text = files.write_text

    def full(path: Any, text: str) -> None:
        if Path(path).parent.name == "events":
            raise OSError(28, "No space left on device")
        write_text(path, text)

    monkeypatch.setattr(files, "write_text", full)
    res = run("event", "draw", "n")
    assert res.returncode != 0 and "Traceback" not in res.stderr
    assert _files(tmp_path) == before
    monkeypatch.setattr(files, "write_text", write_text)
    ok(run("event", "draw", "n"))
    assert len(list((tmp_path / "matches").glob("n-round1-*.toml"))) == 2


def test_a_refused_first_hand_of_a_second_entry_leaves_every_file(run: Any, tmp_path: Path) -> None:
    ok(run("event", "new", "t", "ddv-tournament"))
    ok(run("event", "register", "t", *PLAYERS))
    plan = json.loads(ok(run("event", "draw", "t", "--json", "--seed", "1")))
    a, b = plan["tables"][0]["players"][:2]
    ok(run("event", "enter", "t", "1", "1", f"re={a},{b}", "re_points=130"))
    before = _files(tmp_path)
    res = run("event", "enter", "t", "1", "1", "--second", f"re={a},{b}", "re_points=999")
    assert res.returncode != 0 and "Traceback" not in res.stderr
    assert _files(tmp_path) == before
    ok(run("event", "enter", "t", "1", "1", "--second", f"re={a},{b}", "re_points=130"))
    assert (tmp_path / "matches" / "t-round1-table1-second.toml").is_file()


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_a_competition_s_notes_and_unsourced_rules_in_the_view_s_language(
    run: Any, lang: str
) -> None:
    from scorekeeper.club.competition import available, load

    for name in available():
        competition = load(name)
        assert competition.notes and competition.unsourced, name
        out = ok(run("--lang", lang, "event", "competitions", name))
        assert _words(lang, "club.competition.unsourced") in out
        for text in (*competition.notes, *competition.unsourced):
            worded = translate("explain", text, lang)
            assert worded in out
            assert lang == "en" or worded != text, f"{lang}: {text!r} has no translation"
        data = json.loads(ok(run("event", "competitions", name, "--json")))[0]
        assert data["notes"] == list(competition.notes)


def test_a_column_the_game_does_not_count_is_left_out() -> None:
    from scorekeeper.view.club import standing_rows

    line = {"place": 1, "shared": False, "player": "A", "points": 1450, "placement": 0}
    line |= {"won": 3, "lost": 1, "solos": 0, "marks": 0, "prize": ""}
    klaverjas = {"kind": "evening", "rank_by": ["points", "marks", "lot"], "lines": [line]}
    head, _ = standing_rows(klaverjas)
    assert say("club.col.marks") in head and say("club.col.solos") not in head
    assert say("club.col.placement") not in head
    head, _ = standing_rows(klaverjas | {"lines": [line | {"solos": 1}]})
    assert say("club.col.solos") in head  # a line has one: shown


def test_a_normal_game_where_the_pflichtsoli_are_vorgefuehrt_is_said(run: Any) -> None:
    """A round of 4 games at a table of four: the four Pflichtsoli are vorgeführt from
    the first game, so a normal game is said to be one too many (as a missing
    Pflichtsolo is: a note, the list's sums stay sound); in a round of 2 (more owe one
    than games are left) nothing is asked."""
    for games, said in (("4", True), ("2", False)):
        ok(run("event", "new", f"t{games}", "ddv-tournament", "--set", f"games={games}"))
        ok(run("event", "register", f"t{games}", *PLAYERS))
        plan = json.loads(ok(run("event", "draw", f"t{games}", "--json", "--seed", "1")))
        a, b, _, _ = plan["tables"][0]["players"]
        out = ok(run("event", "enter", f"t{games}", "1", "1", f"re={a},{b}", "re_points=130"))
        checked = json.loads(ok(run("event", "check", f"t{games}", "--json")))[0]
        keys = [n["key"] for n in checked["notes"]]
        assert ("club.check.not_vorgefuehrt" in keys) is said, checked["notes"]
        assert ("game 1: the missing Pflichtsoli were vorgeführt from game 1" in out) is said


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_a_table_slip_has_rows_for_the_pflichtsoli_on_top(run: Any, lang: str) -> None:
    """A DDV round of 24 games: the list may hold 28 (a Pflichtsolo of each player on
    top); a Klaverjas slip holds its 16 games only."""
    ok(run("event", "new", "t", "ddv-tournament"))
    ok(run("event", "register", "t", *PLAYERS))
    ok(run("event", "draw", "t", "--seed", "1"))
    plan = json.loads(ok(run("event", "tables", "t", "--json")))
    assert plan["tables"][0]["games"] == 24 and plan["tables"][0]["lines"] == 28
    slips = ok(run("--lang", lang, "event", "tables", "t", "--slips", "--format", "markdown"))
    assert "| 28 |" in slips and "| 29 |" not in slips
    assert _words(lang, "club.slip_on_top", games=24) in slips
    html = ok(run("--lang", lang, "event", "tables", "t", "--slips", "--format", "html"))
    assert "<td>28</td>" in html
    ok(run("event", "new", "k", "klaverjas-individual"))
    ok(run("event", "register", "k", *PLAYERS))
    ok(run("event", "draw", "k", "--seed", "1"))
    slips = ok(run("event", "tables", "k", "--slips", "--format", "markdown"))
    assert "| 16 |" in slips and "| 17 |" not in slips


def test_an_event_file_naming_a_table_outside_the_data_folder_is_refused(
    run: Any, tmp_path: Path
) -> None:
    """An edited (or shared) event file whose table names a match file out of the data
    folder: every command that reads the table refuses, and the file outside is untouched."""
    event, table = drawn_event(tmp_path, run)
    assert table == "matches/friday-round1-table1.toml"
    outside = copied_outside(tmp_path, table, tmp_path.parent / f"{tmp_path.name}-outside.toml")
    before = outside.read_bytes()
    lead_out(event, table, f"../{outside.name}")
    for words in (
        ("event", "enter", "friday", "1", "1", "re=Anna,Carla", "re_points=165"),
        ("event", "check", "friday"),
        ("event", "standings", "friday"),
    ):
        res = run(*words)
        assert res.returncode == 1 and "Traceback" not in res.stderr, (words, res.stderr)
    assert outside.read_bytes() == before
    outside.unlink()
