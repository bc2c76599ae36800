"""Issue 24, items 6, 8 and 9: names in any case, undo you can trust, redo, renaming a
player, and the small sharp edges (``--match`` before the command, ``demo``, ``deal``
after a declaration, ``check`` listing every problem).

Everything through the real command line (both front ends: the quick path and Typer,
``SCOREKEEPER_QUICK=off``) and the real table session through a pipe, in English,
German and Dutch.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import PLAYERS, cli_env, fixed_hand, run_cli, snapshot
from table_helpers import piped

from scorekeeper import matchlog

FRONTS = ["quick", "typer"]
"""The two front ends of the table's commands; each test that records runs on both."""


def sk(home: Path, front: str, *args: str | Path) -> subprocess.CompletedProcess[str]:
    env = {"SCOREKEEPER_QUICK": "off"} if front == "typer" else {}
    return run_cli(home, *args, env=env)


def ok(res: subprocess.CompletedProcess[str]) -> str:
    assert res.returncode == 0, (res.stdout, res.stderr)
    return res.stdout


def refused(res: subprocess.CompletedProcess[str], code: int, *words: str) -> str:
    where = (res.returncode, res.stdout, res.stderr)
    assert res.returncode == code, where
    assert "Traceback" not in res.stderr, where
    assert res.stdout == "", where
    for word in words:
        assert word in res.stderr, where
    return res.stderr


def new(home: Path, path: Path, *players: str, lang: str = "en", game: str = "doppelkopf") -> Path:
    ok(run_cli(home, "new", game, *(players or PLAYERS), "--match", path, "--lang", lang))
    return path


def hands(path: Path) -> list[matchlog.HandRecord]:
    return matchlog.read(path)[0].hands


# ------------------------------------------------------------------ names in any case


@pytest.mark.parametrize("front", FRONTS)
@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_names_in_any_case_are_stored_as_the_match_spells_them(
    tmp_path: Path, front: str, lang: str
) -> None:
    home = tmp_path / "home"
    path = new(home, tmp_path / "m.toml", lang=lang)
    said = {"en": "re", "de": "Re", "nl": "re"}[lang]
    ok(sk(home, front, "hand", "re=anna,CARLA", "re_points=165", "-a", f"anna {said}", "-m", path))
    record = hands(path)[0]
    assert record.quick is not None and record.quick["re"] == ["Anna", "Carla"]
    assert record.actions == ["Anna re"]
    ok(sk(home, front, "announce", "ben", "re", "-m", path))  # hand 2: Ben holds QC? no matter
    assert hands(path)[1].actions[0].startswith("Ben ")


@pytest.mark.parametrize("front", FRONTS)
@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "did you mean Anna?"), ("de", "war Anna gemeint?"), ("nl", "bedoel je Anna?")],
)
def test_a_near_miss_is_refused_with_the_name_meant(
    tmp_path: Path, front: str, lang: str, words: str
) -> None:
    home = tmp_path / "home"
    path = new(home, tmp_path / "m.toml", lang=lang)
    before = snapshot(path)
    refused(sk(home, front, "hand", "re=Ana,Carla", "re_points=165", "-m", path), 2, words)
    refused(sk(home, front, "announce", "Ana", "re", "-m", path), 2, words)
    refused(sk(home, front, "play", "Ana", "QC", "-m", path), 2, words)
    assert snapshot(path) == before
    # a word close to no player keeps the refusal that lists every player
    line = refused(sk(home, front, "act", "Zed re", "-m", path), 2, "Zed")
    assert "Anna" in line and "Anna?" not in line


def test_deal_keys_amend_and_the_first_dealer_in_any_case(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = tmp_path / "m.toml"
    ok(run_cli(home, "new", "doppelkopf", *PLAYERS, "--dealer", "ben", "--match", path))
    assert matchlog.read(path)[0].first_dealer == "Ben"
    path.unlink()
    new(home, path)
    fh = fixed_hand()
    dealt = [f"{p.lower()}={' '.join(cards)}" for p, cards in fh.deal.items()]
    ok(run_cli(home, "deal", *dealt, "--match", path))
    assert set(hands(path)[0].deal or {}) == set(PLAYERS)
    first = fh.actions[0]
    ok(run_cli(home, "act", first.lower().split()[0] + " " + first.split(" ", 1)[1], "-m", path))
    ok(run_cli(home, "amend", "1", "--action", "1", first.lower(), "-m", path))
    assert hands(path)[0].actions[0] == first  # the actor as the match spells them


def test_stats_and_judge_take_names_in_any_case(tmp_path: Path) -> None:
    home = tmp_path / "home"
    new(home, home / "matches" / "m.toml")
    ok(run_cli(home, "hand", "re=Anna,Carla", "re_points=165"))
    out = ok(run_cli(home, "stats", "--player", "anna"))
    assert "Anna" in out and "Ben" not in out
    refused(run_cli(home, "stats", "--player", "ana"), 2, "did you mean Anna?")
    # Ben has played: --player ben is that Ben, not a fifth player
    res = run_cli(home, "judge", "doppelkopf", "--trick", "Anna:AH Ben:9H", "--player", "ben")
    refused(res, 1, "Ben", "play.turn_order")
    value = run_cli(home, "judge", "doppelkopf", "-f", "re=anna,carla", "-f", "re_points=165",
                    "-a", "Anna re", "--json")  # fmt: skip
    assert json.loads(ok(value))["result"]["value"] == 4
    value = run_cli(home, "judge", "doppelkopf", "-f", "re=anna,CARLA", "-f", "re_points=165",
                    "--names", "Anna Ben Carla Dirk", "--json")  # fmt: skip
    assert json.loads(ok(value))["result"]["scores"] == {
        "Anna": 2,
        "Ben": -2,
        "Carla": 2,
        "Dirk": -2,
    }


# ------------------------------------------------------------------ undo and redo


@pytest.mark.parametrize("front", FRONTS)
@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "this removes hand 1, scored Anna +4, Ben -4, Carla +4, Dirk -4"),
        ("de", "Spiel 1 ist schon gewertet (Anna +4, Ben -4, Carla +4, Dirk -4)"),
        ("nl", "dit haalt spel 1 weg, geteld als Anna +4, Ben -4, Carla +4, Dirk -4"),
    ],
)
def test_undo_of_a_whole_hand_says_what_it_removes_and_needs_yes(
    tmp_path: Path, front: str, lang: str, words: str
) -> None:
    home = tmp_path / "home"
    path = new(home, tmp_path / "m.toml", lang=lang)
    ok(sk(home, front, "hand", "re=Anna,Carla", "re_points=165", "-a", "Anna re", "-m", path))
    before = snapshot(path)
    line = refused(sk(home, front, "undo", "-m", path), 1, words, "undo --yes")
    assert line.count("\n") == 1
    assert snapshot(path) == before
    ok(sk(home, front, "undo", "--yes", "-m", path))
    assert hands(path) == []
    ok(sk(home, front, "redo", "-m", path))
    assert path.read_bytes() == before[0]
    refused(sk(home, front, "redo", "-m", path), 2)  # nothing more to bring back


@pytest.mark.parametrize("front", FRONTS)
def test_undo_of_one_action_is_unchanged_and_redo_brings_it_back(
    tmp_path: Path, front: str
) -> None:
    home = tmp_path / "home"
    path = new(home, tmp_path / "m.toml")
    fh = fixed_hand()
    ok(sk(home, front, "act", *fh.actions[:6], "-m", path))
    full = path.read_bytes()
    states = [full]
    for _ in range(6):  # back through the hand, the last undo removes it whole
        out = ok(sk(home, front, "undo", "-m", path))
        assert out.startswith("Undone: removed '")
        states.append(path.read_bytes())
    assert hands(path) == []
    for state in reversed(states[:-1]):  # redo after redo: each state again, byte for byte
        ok(sk(home, front, "redo", "-m", path))
        assert path.read_bytes() == state
    refused(sk(home, front, "redo", "-m", path), 2, "nothing to redo")


def test_a_new_entry_ends_what_can_be_redone(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = new(home, tmp_path / "m.toml")
    fh = fixed_hand()
    ok(run_cli(home, "act", *fh.actions[:3], "-m", path))
    ok(run_cli(home, "undo", "-m", path))
    ok(run_cli(home, "act", fh.actions[2], "-m", path))
    for _ in range(3):
        ok(run_cli(home, "undo", "-m", path))
    ok(run_cli(home, "hand", "re=Anna,Carla", "re_points=165", "-m", path))  # a new entry
    before = snapshot(path)
    refused(run_cli(home, "redo", "-m", path), 2, "nothing to redo")
    assert snapshot(path) == before


def _resealed(record: Path, xdg: Path, body: bytes) -> None:
    """``record`` holding ``body``, sealed with this machine's very key (as only the
    user's own scorekeeper could)."""
    from scorekeeper.session.undone import seal

    key = (xdg / "scorekeeper" / "key").read_bytes()
    record.write_bytes(seal(key, record.name, body) + body)


def test_redo_checks_what_it_brings_back(tmp_path: Path) -> None:
    """A match edited back to the bytes an undo left is redone only if the entry still
    stands: a record that no longer fits is refused by the replay, nothing written (the
    record sealed with the machine's key: it is the user's own)."""
    home = tmp_path / "home"
    xdg = {"XDG_CACHE_HOME": str(tmp_path / "xdg")}
    path = new(home, tmp_path / "m.toml")
    ok(run_cli(home, "hand", "re=Anna,Carla", "re_points=165", "-m", path, env=xdg))
    ok(run_cli(home, "undo", "--yes", "-m", path, env=xdg))
    kept = list((home / "undone").glob("*.toml"))
    assert len(kept) == 1
    body = kept[0].read_bytes().partition(b"\n")[2]
    _resealed(kept[0], tmp_path / "xdg", body.replace(b"re_points = 165", b"re_points = 999"))
    before = snapshot(path)
    refused(run_cli(home, "redo", "-m", path, env=xdg), 1, "card_points")
    assert snapshot(path) == before


@pytest.mark.parametrize("forgery", ["edited", "planted", "another match's", "unsealed key"])
def test_a_redo_record_not_sealed_by_this_machine_changes_nothing(
    tmp_path: Path, forgery: str
) -> None:
    """Whoever may write the data folder (a shared or synced one) but has not this
    machine's key cannot make ``redo`` write anything: a record edited, planted under the
    name the match's bytes give, or moved from another match's name is not read ("nothing
    to redo", the match untouched), and nothing in it runs."""
    home = tmp_path / "home"
    xdg_folder = tmp_path / "xdg"
    xdg = {"XDG_CACHE_HOME": str(xdg_folder)}
    path = new(home, tmp_path / "m.toml")
    other = new(home, tmp_path / "other.toml")
    ok(run_cli(home, "hand", "re=Anna,Carla", "re_points=165", "-m", path, env=xdg))
    ok(run_cli(home, "hand", "re=Ben,Dirk", "re_points=200", "-m", other, env=xdg))
    ok(run_cli(home, "undo", "--yes", "-m", path, env=xdg))
    (mine,) = list((home / "undone").glob("*.toml"))
    good = mine.read_bytes()
    body = good.partition(b"\n")[2] if good.startswith(b"# seal ") else good
    lie = body.replace(b"re_points = 165", b"re_points = 200").replace(b"Carla", b"Dirk")
    if forgery == "edited":  # the seal line kept, the record changed
        mine.write_bytes(good.partition(b"\n")[0] + b"\n" + lie)
    elif forgery == "planted":  # sealed as best one can without the key
        from scorekeeper.session.cache import seal

        mine.write_bytes(
            b"# seal " + seal(bytes(32), mine.name.encode() + b"\n" + lie) + b"\n" + lie
        )
    elif forgery == "another match's":  # the user's own record of another match, renamed
        ok(run_cli(home, "undo", "--yes", "-m", other, env=xdg))
        theirs = next(p for p in (home / "undone").glob("*.toml") if p != mine)
        theirs.replace(mine)
    else:  # a key open to others seals nothing and opens nothing
        os.chmod(xdg_folder / "scorekeeper" / "key", 0o644)
    before = snapshot(path)
    refused(run_cli(home, "redo", "-m", path, env=xdg), 2, "nothing to redo")
    assert snapshot(path) == before
    if forgery == "edited":  # the control: the record as the undo kept it is redone
        mine.write_bytes(good)
        ok(run_cli(home, "redo", "-m", path, env=xdg))
        assert hands(path)[0].quick == {"re": ["Anna", "Carla"], "re_points": 165}


# ------------------------------------------------------------------ renaming a player


@pytest.mark.parametrize("front", FRONTS)
def test_rename_player_rewrites_every_hand(tmp_path: Path, front: str) -> None:
    home = tmp_path / "home"
    players = ["Anna", "Ben", "Carla", "Dirck"]
    path = new(home, tmp_path / "m.toml", *players)
    ok(sk(home, front, "hand", "re=Anna,Dirck", "re_points=165", "-a", "Dirck re", "-m", path))
    ok(sk(home, front, "hand", "re=Ben,Carla", "re_points=100", "-m", path))
    sheet = json.loads(ok(sk(home, front, "score", "--json", "-m", path)))
    out = ok(sk(home, front, "rename-player", "dirck", "Dirk", "-m", path))
    assert "Dirck is now Dirk" in out
    text = path.read_text(encoding="utf-8")
    assert "Dirck" not in text
    log = matchlog.read(path)[0]
    assert log.players == ["Anna", "Ben", "Carla", "Dirk"]
    assert log.hands[0].quick is not None and log.hands[0].quick["re"] == ["Anna", "Dirk"]
    assert log.hands[0].actions == ["Dirk re"]
    after = json.loads(ok(sk(home, front, "score", "--json", "-m", path)))
    assert after["totals"]["Dirk"] == sheet["totals"]["Dirck"]
    ok(sk(home, front, "check", path))
    before = snapshot(path)
    refused(sk(home, front, "rename-player", "Dirk", "anna", "-m", path), 2, "Anna")
    refused(sk(home, front, "rename-player", "Zed", "Zora", "-m", path), 2, "Zed")
    refused(sk(home, front, "rename-player", "Dirk", "A,B", "-m", path), 2)
    refused(sk(home, front, "rename-player", "Dirk", "QC", "-m", path), 2)
    assert snapshot(path) == before


def test_rename_player_in_a_card_by_card_hand_with_its_deal(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = new(home, tmp_path / "m.toml")
    fh = fixed_hand()
    ok(run_cli(home, "deal", *(f"{p}={' '.join(c)}" for p, c in fh.deal.items()), "-m", path))
    ok(run_cli(home, "act", *fh.actions[:9], "-m", path))
    ok(run_cli(home, "rename-player", "Carla", "Clara", "-m", path))
    record = hands(path)[0]
    assert record.deal is not None and "Clara" in record.deal and "Carla" not in record.deal
    assert [a.split()[0] for a in record.actions] == [
        "Clara" if a.split()[0] == "Carla" else a.split()[0] for a in fh.actions[:9]
    ]
    ok(run_cli(home, "act", *(a.replace("Carla", "Clara") for a in fh.actions[9:]), "-m", path))
    assert json.loads(ok(run_cli(home, "score", "--json", "-m", path)))["totals"].keys() == {
        "Anna",
        "Ben",
        "Clara",
        "Dirk",
    }


# ------------------------------------------------------------------ the table session


def test_the_session_asks_before_undoing_a_hand_and_knows_redo_and_rename(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    path = new(home, tmp_path / "m.toml", "Anna", "Ben", "Carla", "Dirck", lang="de")
    ok(run_cli(home, "hand", "re=Anna,Carla", "re_points=165", "-m", path))
    before = path.read_bytes()
    res = piped(home, path, "undo\nnein\nundo\nja\nredo\nrename dirck Dirk\nrename x\nquit\n")
    out = res.stdout
    assert "Zurücknehmen: Spiel 1 ist schon gewertet (Anna +2" in out
    assert "Nichts zurückgenommen." in out
    assert "Zurückgenommen: das per Schnelleingabe eingetragene Spiel 1\n" in out
    assert "Wiederhergestellt: das per Schnelleingabe eingetragene Spiel 1\n" in out
    assert "Dirck heißt jetzt Dirk in der ganzen Partie." in out
    assert "umbenennen ALT NEU" in out + res.stderr  # the German table's word for rename
    assert path.read_bytes() == before.replace(b'"Dirck"', b'"Dirk"')


@pytest.mark.parametrize(
    ("lang", "yes", "asked"),
    [("en", "yes", "Remove it? (yes/no)"), ("nl", "ja", "Echt weghalen? (ja/nee)")],
)
def test_the_session_undoes_a_hand_on_yes(tmp_path: Path, lang: str, yes: str, asked: str) -> None:
    home = tmp_path / "home"
    path = new(home, tmp_path / "m.toml", lang=lang)
    ok(run_cli(home, "hand", "re=Anna,Carla", "re_points=165", "-m", path))
    out = piped(home, path, f"undo\n{yes}\nquit\n").stdout
    assert asked in out
    assert hands(path) == []
    ok(run_cli(home, "redo", "-m", path))  # what the session undid, the command brings back
    assert len(hands(path)) == 1


# ------------------------------------------------------------------ small sharp edges


@pytest.mark.parametrize("front", FRONTS)
def test_every_mistake_is_one_line_and_changes_nothing(tmp_path: Path, front: str) -> None:
    """Every usage mistake exits 2 (words that cannot be read, a fact in the wrong form,
    a missing argument or value, a bad option, nothing to take back, no such hand);
    a refusal under the rules exits 1 (issue 24, item 9), each with one line."""
    home = tmp_path / "home"
    path = new(home, tmp_path / "m.toml")
    before = snapshot(path)
    for args, code in (
        (["play", "XZ"], 2),  # an unknown card (or word)
        (["play", "7H"], 1),  # a card this deck does not have
        (["hand", "foo=1"], 2),  # a fact not of this game
        (["hand", "re=Anna", "re=Ben"], 2),  # a fact twice
        (["act", "Zed re"], 2),  # no such player
        (["undo"], 2),  # nothing to undo
        (["redo"], 2),  # nothing to redo
        (["amend", "9", "re_points=1"], 2),  # no such hand
        (["deal", "AnnaQC"], 2),  # a deal not written PLAYER=CARDS
        (["play"], 2),  # a missing argument
        (["undo", "--bogus"], 2),  # a bad option
    ):
        res = sk(home, front, *args, "-m", path)
        assert res.returncode == code, (args, res.stderr)
        assert "Traceback" not in res.stderr and len(res.stderr.strip().splitlines()) >= 1
    res = sk(home, front, "play", "--match")  # a missing value
    assert res.returncode == 2 and "Traceback" not in res.stderr
    refused(sk(home, front, "play", "Dirk", "QC", "-m", path), 1, "play.turn_order")
    assert snapshot(path) == before


@pytest.mark.parametrize("front", FRONTS)
def test_match_before_the_command(tmp_path: Path, front: str) -> None:
    home = tmp_path / "home"
    path = new(home, tmp_path / "m.toml")
    after = ok(sk(home, front, "status", "--match", path))
    assert ok(sk(home, front, "--match", path, "status")) == after
    assert ok(sk(home, front, "-m", str(path), "status")) == after
    assert ok(sk(home, front, f"--match={path}", "status")) == after
    german = ok(sk(home, front, "--lang", "de", "--match", path, "status"))
    assert german == ok(sk(home, front, "--match", path, "--lang", "de", "status"))
    assert "Spiel 1" in german
    ok(sk(home, front, "--match", path, "play", "QC"))
    assert hands(path)[0].actions == ["Ben QC"]


def test_demo_is_not_the_current_match_unless_asked(tmp_path: Path) -> None:
    home = tmp_path / "home"
    table = new(home, home / "matches" / "table.toml")
    assert (home / "current").read_text(encoding="utf-8").strip().endswith("table.toml")
    out = ok(run_cli(home, "demo", "--hands", "1"))
    assert "the current match is unchanged" in out
    assert (home / "current").read_text(encoding="utf-8").strip().endswith("table.toml")
    ok(run_cli(home, "play", "QC"))
    assert hands(table)[0].actions == ["Ben QC"]
    out = ok(run_cli(home, "--lang", "de", "demo", "--hands", "1", "--current"))
    assert "jetzt die aktuelle Partie" in out
    assert not (home / "current").read_text(encoding="utf-8").strip().endswith("table.toml")


def test_deal_after_a_declaration(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = new(home, tmp_path / "m.toml")
    fh = fixed_hand()
    said = fh.actions[0]  # a Re player says re before any card
    ok(run_cli(home, "act", said, "-m", path))
    dealt = [f"{p}={' '.join(c)}" for p, c in fh.deal.items()]
    ok(run_cli(home, "deal", *dealt, "-m", path))
    record = hands(path)[0]
    assert record.deal == fh.deal and record.actions == [said]
    ok(run_cli(home, "act", *fh.actions[1:5], "-m", path))
    # a deal that contradicts what was said is refused by the replay, nothing written
    other = new(home, tmp_path / "o.toml")
    ok(run_cli(home, "act", f"{fh.contra[0]} re", "-m", other))
    before = snapshot(other)
    refused(run_cli(home, "deal", *dealt, "-m", other), 1)
    assert snapshot(other) == before
    # once a card is played, the refusal says what to do
    ok(run_cli(home, "play", "QC", "-m", other))
    before = snapshot(other)
    refused(run_cli(home, "deal", *dealt, "-m", other), 1, "before the first card", "amend")
    assert snapshot(other) == before


def test_check_lists_every_problem_in_one_run(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = new(home, tmp_path / "m.toml")
    fh = fixed_hand()
    ok(run_cli(home, "act", *fh.actions[:3], "-m", path))
    text = path.read_text(encoding="utf-8")
    bad = text.replace('first_dealer = "Anna"', 'first_dealer = "Anna"\nbogus = 1')
    leader = fh.actions[1].split()[0]
    bad = bad.replace(f'    "{fh.actions[2]}",', f'    "{fh.actions[2]}",\n    "{leader} QS",')
    path.write_text(bad, encoding="utf-8")
    report = json.loads(run_cli(home, "check", path, "--json").stdout)
    problems = report["problems"]
    assert any("unknown key 'bogus'" in p for p in problems), problems
    assert any("play.turn_order" in p for p in problems), problems
    options = text.replace(
        'ruleset = "doppelkopf"', 'ruleset = "doppelkopf"\noptions = { fox = 3, bogus = true }'
    )
    path.write_text(options, encoding="utf-8")
    res = run_cli(home, "check", path)
    assert res.returncode == 1
    assert "option fox" in res.stderr and "unknown option 'bogus'" in res.stderr, res.stderr


def test_the_quick_table_knows_redo_and_undo_yes() -> None:
    from scorekeeper.cli import quick

    assert quick.parse(["undo", "--yes"]) == (
        "undo",
        None,
        {"match": None, "json_": False, "yes": True},
    )
    assert quick.parse(["redo"]) == ("redo", None, {"match": None, "json_": False})


def test_no_difflib_on_the_quick_path(tmp_path: Path) -> None:
    """Names in any case cost nothing on the table's quick path: difflib is imported only
    when a name is not found."""
    home = tmp_path / "home"
    path = new(home, tmp_path / "m.toml")
    code = (
        "import sys, runpy; sys.argv = ['scorekeeper', 'hand', 're=anna,carla', 're_points=165',"
        f" '-m', {str(path)!r}];\n"
        "import atexit; atexit.register(lambda: print('difflib' in sys.modules, file=sys.stderr))\n"
        "runpy.run_module('scorekeeper', run_name='__main__')"
    )
    res = subprocess.run([sys.executable, "-c", code], env=cli_env(home), capture_output=True,
                         text=True, timeout=60)  # fmt: skip
    assert res.returncode == 0, res.stderr
    assert res.stderr.strip().endswith("False")
