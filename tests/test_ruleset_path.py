"""A match's ``ruleset`` path means one file wherever the command runs: it is read from the
match file's own folder and refused when it leads out of it (links included); files from
before (an absolute path, or a relative one found only from the current folder) keep
loading as they did. Through the real command line on real files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from cli_helpers import PLAYERS, assert_refused, run_cli

from scorekeeper import matchlog

HOUSE = 'extends = "doppelkopf"\nid = "kneipe"\nname = "Kneipe"\n\n[scoring]\nwon = WON\n'


def _house(path: Path, won: int) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(HOUSE.replace("WON", str(won)), encoding="utf-8")
    return path


def _scores(home: Path, match: Path, cwd: Path, **env: str) -> list[dict[str, int]]:
    res = run_cli(home, "score", "--json", "--match", match, cwd=cwd, env=env or None)
    assert res.returncode == 0, res.stderr
    return [hand["result"]["scores"] for hand in json.loads(res.stdout)["hands"]]


def _with_ruleset(match: Path, ruleset: str) -> None:
    """The match file with its header's ``ruleset`` changed to ``ruleset``, by hand."""
    text = match.read_text(encoding="utf-8")
    old = matchlog.read(match)[0].ruleset
    match.write_text(text.replace(f'ruleset = "{old}"', f'ruleset = "{ruleset}"', 1))
    assert matchlog.read(match)[0].ruleset == ruleset


@pytest.fixture
def played(tmp_path: Path) -> tuple[Path, Path]:
    """A data folder and a match in its own folder ``club/`` with ``house.toml`` beside
    it (Re wins 2), one quick hand played."""
    home = tmp_path / "home"
    club = tmp_path / "club"
    _house(club / "house.toml", 2)
    match = club / "friday.toml"
    res = run_cli(home, "new", club / "house.toml", *PLAYERS, "--match", match)
    assert res.returncode == 0, res.stderr
    res = run_cli(home, "hand", "re=Ben,Dirk", "re_points=130", "--match", match)
    assert res.returncode == 0, res.stderr
    return home, match


def test_new_names_a_rule_set_beside_the_match_by_its_path_from_there(played) -> None:
    _home, match = played
    assert matchlog.read(match)[0].ruleset == "house.toml"


def test_the_rule_set_beside_the_match_counts_wherever_the_command_runs(
    played, tmp_path: Path
) -> None:
    home, match = played
    elsewhere = tmp_path / "elsewhere"
    _house(elsewhere / "house.toml", 9)  # same name, other rules, in the current folder
    won2 = [{"Anna": -2, "Ben": 2, "Carla": -2, "Dirk": 2}]
    assert _scores(home, match, cwd=elsewhere) == won2
    assert _scores(home, match, cwd=match.parent) == won2
    assert _scores(home, match, cwd=elsewhere, SCOREKEEPER_CACHE="off") == won2
    moved = tmp_path / "moved"
    match.parent.rename(moved)  # the folder moved (or synced elsewhere): still its rules
    assert _scores(home, moved / match.name, cwd=elsewhere) == won2


@pytest.mark.parametrize("ruleset", ["../house.toml", "sub/../../house.toml", "link.toml"])
def test_a_rule_set_path_leading_out_of_the_match_folder_is_refused(
    played, tmp_path: Path, ruleset: str
) -> None:
    home, match = played
    outside = _house(tmp_path / "house.toml", 9)
    (match.parent / "link.toml").symlink_to(outside)
    _with_ruleset(match, ruleset)
    before = match.read_bytes()
    for args in (("status",), ("score",), ("play", "QC"), ("undo",), ("settle",)):
        res = run_cli(home, *args, "--match", match, cwd=tmp_path)
        assert_refused(res, rule="ruleset", names=("leads out of the match's folder",))
        assert match.read_bytes() == before, args
    res = run_cli(home, "check", match, cwd=tmp_path)
    assert res.returncode == 1 and "leads out of the match's folder" in res.stdout + res.stderr


def test_a_link_inside_the_match_folder_is_followed(played) -> None:
    home, match = played
    rules = match.parent / "rules"
    rules.mkdir()
    (match.parent / "house.toml").rename(rules / "house.toml")
    (match.parent / "linked.toml").symlink_to(Path("rules") / "house.toml")
    _with_ruleset(match, "linked.toml")
    assert _scores(home, match, cwd=rules) == [{"Anna": -2, "Ben": 2, "Carla": -2, "Dirk": 2}]


def test_older_files_keep_loading_an_absolute_path_and_one_from_the_current_folder(
    played, tmp_path: Path
) -> None:
    home, match = played
    elsewhere = tmp_path / "elsewhere"
    house = _house(elsewhere / "house5.toml", 5)  # where an older file named it from
    won5 = [{"Anna": -5, "Ben": 5, "Carla": -5, "Dirk": 5}]
    _with_ruleset(match, str(house))  # `new` stored an absolute path until now
    assert _scores(home, match, cwd=tmp_path) == won5
    _with_ruleset(match, "house5.toml")  # not beside the match: the current folder's
    assert _scores(home, match, cwd=elsewhere) == won5
    assert run_cli(home, "play", "QC", "--match", match, cwd=elsewhere).returncode == 0


WARNED = {
    "en": ("warning:", "in the current folder", "beside the match"),
    "de": ("Warnung:", "im aktuellen Ordner", "neben der Partie"),
    "nl": ("Waarschuwing:", "in de huidige map", "naast de partij"),
}


@pytest.mark.parametrize("lang", sorted(WARNED))
def test_a_rule_set_read_from_the_current_folder_is_said_naming_both_paths(
    played, tmp_path: Path, lang: str
) -> None:
    """An old match whose rule-set file is not beside it still loads from the current
    folder, and says so once on stderr in the table's language (``--json`` speaks
    English), naming the file it read and the one it looked for beside the match; the
    answer on stdout is untouched. Both paths (Typer's ``score``, the quick ``status``),
    the cache on and off."""
    home, match = played
    elsewhere = tmp_path / "elsewhere"
    _house(elsewhere / "house5.toml", 5)
    _with_ruleset(match, "house5.toml")
    runs = [("score", "--lang", lang), ("status", "--lang", lang), ("score", "--json")]
    for args, env in ((a, e) for a in runs for e in ({}, {"SCOREKEEPER_CACHE": "off"})):
        res = run_cli(home, *args, "--match", match, cwd=elsewhere, env=env)
        assert res.returncode == 0, res.stderr
        if "--json" in args:
            assert json.loads(res.stdout)["hands"][0]["result"]["scores"]["Ben"] == 5
        word, current, beside = WARNED["en" if "--json" in args else lang]
        lines = [line for line in res.stderr.splitlines() if line.strip()]
        assert len(lines) == 1, res.stderr  # once, however often the rule set is looked up
        assert lines[0].startswith(word) and current in lines[0] and beside in lines[0]
        assert str(elsewhere / "house5.toml") in lines[0]
        assert str(match.parent / "house5.toml") in lines[0]
    _house(match.parent / "house5.toml", 2)  # beside the match again: nothing to say
    res = run_cli(home, "status", "--match", match, cwd=elsewhere)
    assert res.returncode == 0 and res.stderr == ""


# ------------------------------------------------------------------ import, archive, restore
# A match imported into the data folder (or put away and brought back) takes the rule-set
# files it names by a path from its folder along, byte for byte: there it plays by the
# same rules from any folder, and no list shows those files as matches.

WON2 = [{"Anna": -2, "Ben": 2, "Carla": -2, "Dirk": 2}]


def _listed(home: Path, *args: str) -> list[str]:
    res = run_cli(home, "matches", "--json", *args)
    assert res.returncode == 0, res.stderr
    return [m["name"] for m in json.loads(res.stdout)["matches"]]


def test_import_takes_the_rule_set_file_along(played, tmp_path: Path) -> None:
    home, match = played
    elsewhere = tmp_path / "elsewhere"
    _house(elsewhere / "house.toml", 9)  # same name, other rules, where the command runs
    res = run_cli(home, "import", match, "--name", "friday", cwd=elsewhere)
    assert res.returncode == 0, res.stderr
    imported = home / "matches" / "friday.toml"
    assert imported.read_bytes() == match.read_bytes()
    assert (home / "matches" / "house.toml").read_bytes() == (
        match.parent / "house.toml"
    ).read_bytes()
    shutil.rmtree(match.parent)  # the club's folder gone: the data folder holds all it needs
    assert _scores(home, imported, cwd=elsewhere) == WON2
    assert _scores(home, imported, cwd=elsewhere, SCOREKEEPER_CACHE="off") == WON2
    assert _listed(home) == ["friday"]  # the rule set is not listed as a (broken) match
    stats = run_cli(home, "stats", "--json", cwd=elsewhere)
    assert stats.returncode == 0, stats.stderr
    assert json.loads(stats.stdout)["matches"] == 1


def test_import_takes_a_chain_of_extends_along(tmp_path: Path) -> None:
    home = tmp_path / "home"
    club = tmp_path / "club"
    base = club / "rules" / "base.toml"
    _house(base, 2)
    (club / "rules" / "house.toml").write_text('extends = "base.toml"\nid = "haus"\n')
    match = club / "friday.toml"
    assert (
        run_cli(home, "new", club / "rules" / "house.toml", *PLAYERS, "--match", match).returncode
        == 0
    )
    assert matchlog.read(match)[0].ruleset == "rules/house.toml"
    assert run_cli(home, "hand", "re=Ben,Dirk", "re_points=130", "--match", match).returncode == 0
    res = run_cli(home, "import", match, "--name", "friday", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    shutil.rmtree(club)
    assert sorted(p.name for p in (home / "matches" / "rules").iterdir()) == [
        "base.toml",
        "house.toml",
    ]
    assert _scores(home, home / "matches" / "friday.toml", cwd=tmp_path) == WON2


def test_import_twice_shares_the_same_rule_set_file(played, tmp_path: Path) -> None:
    home, match = played
    for name in ("friday", "saturday"):
        res = run_cli(home, "import", match, "--name", name, cwd=tmp_path)
        assert res.returncode == 0, res.stderr
    assert _listed(home) == ["friday", "saturday"]


def test_import_refuses_when_other_rules_sit_under_that_name(played, tmp_path: Path) -> None:
    home, match = played
    theirs = _house(home / "matches" / "house.toml", 9)
    before = theirs.read_bytes()
    res = run_cli(home, "import", match, "--name", "friday", cwd=tmp_path)
    assert_refused(res, rule="ruleset", names=("house.toml", "already exists"))
    assert theirs.read_bytes() == before
    assert sorted(p.name for p in (home / "matches").iterdir()) == ["house.toml"]


def test_import_refuses_an_extends_leading_out_of_the_match_folder(tmp_path: Path) -> None:
    home = tmp_path / "home"
    club = tmp_path / "club"
    _house(tmp_path / "base.toml", 2)
    club.mkdir()
    (club / "house.toml").write_text('extends = "../base.toml"\nid = "haus"\n')
    match = club / "friday.toml"
    assert run_cli(home, "new", club / "house.toml", *PLAYERS, "--match", match).returncode == 0
    res = run_cli(home, "import", match, "--name", "friday", cwd=tmp_path)
    assert_refused(res, rule="extends", names=("../base.toml", "leads out"))
    assert not (home / "matches").exists() or not list((home / "matches").iterdir())


def test_archive_and_restore_keep_the_rule_set_beside_the_match(played, tmp_path: Path) -> None:
    home, match = played
    assert run_cli(home, "import", match, "--name", "friday", cwd=tmp_path).returncode == 0
    shutil.rmtree(match.parent)
    elsewhere = tmp_path / "elsewhere"
    _house(elsewhere / "house.toml", 9)
    assert run_cli(home, "archive", "friday", cwd=elsewhere).returncode == 0
    put_away = home / "archive" / "friday.toml"
    assert (home / "archive" / "house.toml").is_file()
    assert _scores(home, put_away, cwd=elsewhere) == WON2
    assert _listed(home, "--archived") == ["friday"]
    assert run_cli(home, "archive", "--restore", "friday", cwd=elsewhere).returncode == 0
    assert _scores(home, home / "matches" / "friday.toml", cwd=elsewhere) == WON2


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "warning: the match names its rule set by the path"),
        ("de", "Warnung: die Partie nennt ihr Regelwerk mit dem Pfad"),
        ("nl", "Waarschuwing: de partij noemt haar spelregels met het pad"),
    ],
)
def test_new_in_the_data_folder_says_an_outside_rule_set_file_is_this_computer_s(
    tmp_path: Path, lang: str, said: str
) -> None:
    """A match made in the data folder (which may be shared) with a rule-set file outside
    it names the file by its absolute path, as older matches did and still load: `new`
    says that another computer reads another file there, or none. A match outside the
    data folder, the user's own, is made without a word (before: silently either way)."""
    home = tmp_path / "home"
    house = _house(tmp_path / "elsewhere" / "house.toml", 2)
    made = run_cli(home, "new", house, *PLAYERS, "--lang", lang)
    assert made.returncode == 0, made.stderr
    assert said in made.stderr and str(house) in made.stderr, made.stderr
    own = run_cli(home, "new", house, *PLAYERS, "--lang", lang, "--match", tmp_path / "m.toml")
    assert own.returncode == 0 and own.stderr == "", own.stderr
