"""The ``scorekeeper`` command driven as a player would: real processes on real files.

Every test works in its own temporary folder with ``SCOREKEEPER_HOME`` pointing into it
and no inherited ``SCOREKEEPER_MATCH``. The happy path, every refusal and the lock run the
installed command in a subprocess; a few small cases use typer's CliRunner for speed.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest
from cli_helpers import (
    PLAYERS,
    assert_refused,
    cli_env,
    doppelkopf_rules,
    fixed_hand,
    run_cli,
    snapshot,
)
from typer.testing import CliRunner

from scorekeeper import matchlog
from scorekeeper.cli.app import app
from scorekeeper.hand import Hand

_HOLD_LOCK = """
import sys
from scorekeeper.matchlog import lock
with lock(sys.argv[1]):
    print("held", flush=True)
    sys.stdin.readline()
"""


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


@pytest.fixture
def sk(home: Path):
    """Run the real command: ``sk("play", "QC")``."""

    def run(*args, match_env: Path | None = None, env: dict[str, str] | None = None):
        return run_cli(home, *args, match_env=match_env, env=env)

    return run


@pytest.fixture
def quick(home: Path, monkeypatch: pytest.MonkeyPatch):
    """Run the same app in-process with CliRunner, for setup and small cases (faster).

    The result has the same ``returncode``, ``stdout`` and ``stderr`` as a subprocess's.
    """
    monkeypatch.setenv("SCOREKEEPER_HOME", str(home))
    monkeypatch.delenv("SCOREKEEPER_MATCH", raising=False)
    monkeypatch.delenv("SCOREKEEPER_DEBUG", raising=False)
    runner = CliRunner()

    def run(*args):
        res = runner.invoke(app, [str(a) for a in args], catch_exceptions=False)
        return subprocess.CompletedProcess(args, res.exit_code, res.stdout, res.stderr)

    return run


@pytest.fixture
def match(tmp_path: Path, quick) -> Path:
    """A fresh Doppelkopf match at tmp/m.toml, created through the command."""
    path = tmp_path / "m.toml"
    res = quick("new", "doppelkopf", *PLAYERS, "--match", path)
    assert res.returncode == 0, res.stderr
    return path


def read_log(path: Path):
    log, _ = matchlog.read(path)
    return log


def one_line(text: str) -> str:
    """Whitespace-normalised text, so that wrapping does not matter to a search."""
    return " ".join(text.split())


# --------------------------------------------------------------------------- 1. new


def test_new_creates_match_in_data_folder_and_makes_it_current(sk, home: Path) -> None:
    res = sk("new", "doppelkopf", *PLAYERS)
    assert res.returncode == 0, res.stderr
    assert res.stderr == ""
    files = sorted((home / "matches").glob("*.toml"))
    assert len(files) == 1
    path = files[0]
    assert str(path) in one_line(res.stdout)
    # relative to the data folder, so that a copied folder names its own copy
    assert (home / "current").read_text().strip() == f"matches/{path.name}"
    header = tomllib.loads(path.read_text())
    assert header["format"] == "scorekeeper-match/1"
    assert header["ruleset"] == "doppelkopf"
    assert header["players"] == PLAYERS
    assert header["first_dealer"] == "Anna"
    assert "options" not in header and "hand" not in header

    # the current match is used without --match
    res = sk("play", "QC")
    assert res.returncode == 0, res.stderr
    assert read_log(path).hands[0].actions == ["Ben QC"]


def test_new_with_match_file_writes_there_and_makes_it_current(quick, home, tmp_path) -> None:
    path = tmp_path / "sub" / "table.toml"
    res = quick("new", "doppelkopf", *PLAYERS, "--match", path, "--dealer", "Carla")
    assert res.returncode == 0, res.stderr
    assert path.is_file()
    assert not list(home.rglob("*.toml"))
    assert Path((home / "current").read_text().strip()) == path.resolve()
    assert read_log(path).first_dealer == "Carla"


def test_new_refuses_to_overwrite_a_match(sk, match: Path) -> None:
    before = snapshot(match)
    res = sk("new", "doppelkopf", *PLAYERS, "--match", match)
    assert_refused(res, kind="match file", path=match, before=before)


def test_scorekeeper_match_env_picks_the_file(sk, tmp_path: Path) -> None:
    a, b = tmp_path / "a.toml", tmp_path / "b.toml"
    assert sk("new", "doppelkopf", *PLAYERS, "--match", a).returncode == 0
    assert sk("new", "doppelkopf", *PLAYERS, "--match", b).returncode == 0  # b is current
    res = sk("play", "QC", match_env=a)
    assert res.returncode == 0, res.stderr
    assert read_log(a).hands[0].actions == ["Ben QC"]
    assert read_log(b).hands == []
    # --match wins over the environment
    res = sk("play", "Ben", "QS", "--match", b, match_env=a)
    assert res.returncode == 0, res.stderr
    assert read_log(b).hands[0].actions == ["Ben QS"]
    assert read_log(a).hands[0].actions == ["Ben QC"]


def test_set_option_is_stored_in_the_header(sk, quick, tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    res = sk(
        "new",
        "doppelkopf",
        *PLAYERS,
        "--set",
        "fox=false",
        "-s",
        "black_means=no_tricks",
        "--match",
        path,
    )
    assert res.returncode == 0, res.stderr
    header = tomllib.loads(path.read_text())
    assert header["options"] == {"fox": False, "black_means": "no_tricks"}
    sheet = json.loads(quick("score", "--json", "--match", path).stdout)
    assert sheet["options"] == {"fox": False, "black_means": "no_tricks"}


@pytest.mark.parametrize(
    ("setting", "names"),
    [
        ("foxx=1", ("foxx",)),
        ("black_means=sometimes", ("black_means", "sometimes")),
        ("fox=maybe", ("fox", "maybe")),
        ("fox", ("fox",)),
    ],
)
def test_new_refuses_bad_options(sk, quick, home, tmp_path, setting, names) -> None:
    path = tmp_path / "m.toml"
    res = sk("new", "doppelkopf", *PLAYERS, "--set", setting, "--match", path)
    assert_refused(res, rule="options", names=names, code=2)  # a bad option: usage
    res = quick("new", "doppelkopf", *PLAYERS, "--set", setting)
    assert_refused(res, rule="options", names=names, code=2)
    assert not path.exists()
    assert not list(tmp_path.rglob("*.toml"))
    assert not (home / "current").exists()


@pytest.mark.parametrize("players", [PLAYERS[:3], [*PLAYERS, "Emil"]])
def test_new_refuses_wrong_number_of_players(sk, home, tmp_path, players) -> None:
    path = tmp_path / "m.toml"
    res = sk("new", "doppelkopf", *players, "--match", path)
    assert_refused(res, rule="players", names=("4 players", str(len(players))))
    assert not path.exists()
    assert not list(tmp_path.rglob("*.toml"))
    assert not (home / "current").exists()


# --------------------------------------------------------------------------- 2. full hand


def test_full_hand_trick_by_trick_matches_the_engine(sk, quick, match: Path) -> None:
    fh = fixed_hand()
    tricks = iter(fh.tricks)
    pending: list[str] = []
    out = ""
    for step in fh.steps:
        if step[0] == "announce":
            _, player, *what = step
            res = sk("announce", player, *what, "--match", match)
            assert res.returncode == 0, (step, res.stderr)
            assert player in res.stdout and what[0] in res.stdout
            continue
        cards = step[1]
        # wide: a long value line wraps beside its rule column at 80, splitting its words
        res = sk("trick", *cards, "--match", match, env={"COLUMNS": "200"})
        assert res.returncode == 0, (step, res.stderr)
        assert res.stderr == ""
        out = one_line(res.stdout)
        pending += cards
        if len(pending) == 4:
            t = next(tricks)
            assert pending == t["cards"]
            # names the trick, who won it and its card points
            assert re.search(
                rf"\btrick {t['number']}\b.*?\b{t['winner']}\b.*?\b{t['points']} points", out
            ), out
            pending = []
        else:
            assert not re.search(r"\btrick \d+ to\b", out), out
    assert next(tricks, None) is None

    # the engine on the same actions
    hand = Hand(doppelkopf_rules(), PLAYERS, "Anna")
    for text in fh.actions:
        hand.apply(text)
    assert hand.finished
    result = hand.result()

    # after the last trick: the hand's value item by item
    assert f"value {result.value}" in out
    for item in result.items:
        assert item.label in out, item
    for player, s in result.scores.items():
        assert f"{player} {s:+d}" in out

    # the file holds exactly the actions, and score --json agrees with the engine
    assert read_log(match).hands[0].actions == fh.actions
    sheet = json.loads(sk("score", "--json", "--match", match).stdout)
    assert sheet["totals"] == result.scores
    [entry] = sheet["hands"]
    assert entry["result"]["items"] == [i.to_dict() for i in result.items]
    assert entry["result"]["value"] == result.value
    assert entry["result"]["card_points"] == result.card_points
    assert quick("check", match).returncode == 0


def test_play_single_cards_and_act(sk, quick, match: Path) -> None:
    res = sk("play", "QC", "--match", match)  # Ben leads: the player may be left out
    assert res.returncode == 0, res.stderr
    assert "Ben" in res.stdout and "QC" in res.stdout
    res = sk("play", "Carla", "10H", "--match", match)
    assert res.returncode == 0, res.stderr
    res = sk("act", "Ben re", "--match", match)
    assert res.returncode == 0, res.stderr
    assert read_log(match).hands[0].actions == ["Ben QC", "Carla 10H", "Ben re"]
    # act applies several actions all or nothing
    before = snapshot(match)
    res = sk("act", "Dirk 9D", "Anna 7H", "--match", match)
    assert_refused(res, rule="deck", path=match, before=before)
    res = quick("act", "Dirk 9D", "Anna 9D", "--match", match)
    assert res.returncode == 0, res.stderr
    status = json.loads(quick("status", "--json", "--match", match).stdout)
    assert status["cards_played"] == 4 and len(status["tricks"]) == 1


def test_deal_then_plays_are_checked_against_it(sk, quick, match: Path) -> None:
    fh = fixed_hand()
    res = quick("deal", *[f"{p}={' '.join(fh.deal[p])}" for p in PLAYERS], "--match", match)
    assert res.returncode == 0, res.stderr
    assert read_log(match).hands[0].deal == fh.deal
    not_held = next(c for c in ("QC", "10H", "AD", "9S", "KH") if c not in fh.deal["Ben"])
    before = snapshot(match)
    res = sk("play", "Ben", not_held, "--match", match)
    assert_refused(res, rule="deal", names=(not_held,), path=match, before=before)
    res = sk("play", "Ben", fh.deal["Ben"][0], "--match", match)
    assert res.returncode == 0, res.stderr


def test_deal_with_wrong_card_count_is_refused(sk, match: Path) -> None:
    fh = fixed_hand()
    hands = [f"{p}={' '.join(fh.deal[p])}" for p in PLAYERS]
    hands[0] = hands[0].rsplit(" ", 1)[0]  # Anna one card short
    before = snapshot(match)
    res = sk("deal", *hands, "--match", match)
    assert_refused(res, rule="deal", path=match, before=before)


# --------------------------------------------------------------------------- 3. quick entry


def test_quick_hand_seed_example_1(sk, match: Path) -> None:
    res = sk(
        "hand",
        "re=Anna,Carla",
        "re_points=165",
        "-a",
        "Anna re",
        "-a",
        "Anna no90",
        "--match",
        match,
        env={"COLUMNS": "200"},  # a long value line wraps beside its rule column at 80
    )
    assert res.returncode == 0, res.stderr
    out = one_line(res.stdout)
    assert "value 6" in out
    sheet = json.loads(sk("score", "--json", "--match", match).stdout)
    assert sheet["totals"] == {"Anna": 6, "Ben": -6, "Carla": 6, "Dirk": -6}
    items = sheet["hands"][0]["result"]["items"]
    assert [(i["op"], i["points"]) for i in items] == [
        ("add", 1),
        ("add", 1),
        ("add", 1),
        ("times", 2),
    ]
    for item in items:  # the value item by item, as on the sheet
        assert item["label"] in out


def test_quick_hand_seed_example_2_and_the_sheet(sk, quick, match: Path) -> None:
    for points in (165, 145):
        res = quick(
            "hand",
            "re=Anna,Carla",
            f"re_points={points}",
            "-a",
            "Anna re",
            "-a",
            "Anna no90",
            "--match",
            match,
        )
        assert res.returncode == 0, res.stderr
    sheet = json.loads(quick("score", "--json", "--match", match).stdout)
    assert sheet["players"] == PLAYERS
    first, second = sheet["hands"]
    assert first["number"] == 1 and second["number"] == 2
    assert first["dealer"] == "Anna" and second["dealer"] == "Ben"
    assert first["kind"] == second["kind"] == "quick"
    res2 = second["result"]
    assert res2["winner"] == "contra" and res2["value"] == 8
    assert res2["scores"] == {"Anna": -8, "Ben": 8, "Carla": -8, "Dirk": 8}
    for item in res2["items"]:
        assert {"label", "points", "op", "rule"} <= item.keys()
    assert [i["rule"] for i in res2["items"]][-1] == "scoring.announcement_multiplier"
    assert first["totals"] == {"Anna": 6, "Ben": -6, "Carla": 6, "Dirk": -6}
    assert second["totals"] == sheet["totals"] == {"Anna": -2, "Ben": 2, "Carla": -2, "Dirk": 2}

    text = sk("score", "--match", match)
    assert text.returncode == 0, text.stderr
    out = one_line(text.stdout)
    for player, total in sheet["totals"].items():
        assert re.search(rf"\b{player}:? {total}\b", out), out


@pytest.mark.parametrize(
    ("facts", "rule"),
    [
        (["re=Anna,Carla", "re_points=abc"], "quick"),
        (["re=Anna,Zed", "re_points=165"], None),
        (["colour=red"], "quick"),
        (["re=Anna,Carla", "re_points=300"], None),
        (["re=Anna,Carla", "re_points=165", "-a", "Ben re"], "teams"),
    ],
)
def test_quick_hand_refusals(sk, match: Path, facts, rule) -> None:
    before = snapshot(match)
    res = sk("hand", *facts, "--match", match)
    code = 2 if rule == "quick" else 1  # a fact in the wrong form is a usage mistake
    assert_refused(res, rule=rule, path=match, before=before, code=code)


# --------------------------------------------------------------------------- 4. undo


def test_undo_removes_exactly_the_last_action(quick, match: Path) -> None:
    states = [match.read_bytes()]
    for args in (["play", "QC"], ["announce", "Ben", "re"], ["play", "Carla", "10H"]):
        res = quick(*args, "--match", match)
        assert res.returncode == 0, res.stderr
        states.append(match.read_bytes())
    for expected in reversed(states[:-1]):
        res = quick("undo", "--match", match)
        assert res.returncode == 0, res.stderr
        assert match.read_bytes() == expected
    before = snapshot(match)
    assert_refused(quick("undo", "--match", match), kind="usage", path=match, before=before)


def test_undo_of_a_quick_hand_and_of_a_deal(quick, match: Path) -> None:
    empty = match.read_bytes()
    res = quick("hand", "re=Anna,Carla", "re_points=165", "--match", match)
    assert res.returncode == 0, res.stderr
    after_quick = match.read_bytes()
    fh = fixed_hand()
    res = quick("deal", *[f"{p}={','.join(fh.deal[p])}" for p in PLAYERS], "--match", match)
    assert res.returncode == 0, res.stderr
    res = quick("undo", "--json", "--match", match)
    assert res.returncode == 0, res.stderr
    assert "deal" in json.loads(res.stdout)["undone"]
    assert match.read_bytes() == after_quick
    # a whole scored hand goes only when confirmed (issue 24): asked, then --yes
    res = quick("undo", "--match", match)
    assert res.returncode == 1 and "this removes hand 1, scored Anna +2" in res.stderr
    assert match.read_bytes() == after_quick
    res = quick("undo", "--yes", "--match", match)
    assert res.returncode == 0, res.stderr
    assert "quick" in res.stdout
    assert match.read_bytes() == empty


# --------------------------------------------------------------------------- 5. bad input


def _setup(run, match: Path, *actions: str) -> tuple[bytes, list[str]]:
    if actions:
        res = run("act", *actions, "--match", match)
        assert res.returncode == 0, res.stderr
    return snapshot(match)


@pytest.mark.parametrize(
    ("args", "rule", "names"),
    [
        (["play", "Ben", "XZ"], None, ("XZ",)),
        (["play", "XZ"], None, ("XZ",)),
        (["trick", "QC", "11H", "9D", "9D"], None, ("11H",)),
        (["play", "Ben", "7H"], "deck", ("7H",)),
        (["trick", "7H"], "deck", ("7H",)),
        (["play", "Anna", "QC"], "play.turn_order", ("Anna",)),
        (["play", "Zed", "QC"], None, ("Zed",)),
        (["trick", "QC", "QS", "9D", "9D", "AD"], "play.turn_order", ()),
    ],
    ids=[
        "unknown-card",
        "unknown-card-no-player",
        "unknown-card-in-trick",
        "not-in-deck",
        "not-in-deck-trick",
        "out-of-turn",
        "not-a-player",
        "trick-too-long",
    ],
)
def test_refused_at_the_start_of_a_hand(sk, quick, match: Path, args, rule, names) -> None:
    before = _setup(quick, match)
    code = 2 if rule is None else 1  # a card or a name that cannot be read: usage
    res = sk(*args, "--match", match)
    assert_refused(res, rule=rule, names=names, path=match, before=before, code=code)


def test_a_card_played_a_third_time(sk, quick, match: Path) -> None:
    before = _setup(quick, match, "Ben QC", "Carla QC")
    res = sk("play", "Dirk", "QC", "--match", match)
    assert_refused(res, rule="deck.copies", names=("QC",), path=match, before=before)


def test_playing_out_of_turn_mid_trick(sk, quick, match: Path) -> None:
    before = _setup(quick, match, "Ben QC")
    res = sk("play", "Dirk", "9D", "--match", match)
    assert_refused(res, rule="play.turn_order", names=("Dirk",), path=match, before=before)


def test_not_following_suit_with_the_deal_recorded(sk, quick, match: Path) -> None:
    fh = fixed_hand()
    res = quick("deal", *[f"{p}={' '.join(fh.deal[p])}" for p in PLAYERS], "--match", match)
    assert res.returncode == 0, res.stderr
    # find a lead by Ben that Carla can follow, and a card of hers that does not
    rules = doppelkopf_rules()
    for lead in fh.deal["Ben"]:
        hand = Hand(rules, PLAYERS, "Anna", deal=fh.deal)
        hand.apply(f"Ben {lead}")
        legal = {c.code for c in hand.legal_cards("Carla") or []}
        wrong = [c for c in fh.deal["Carla"] if c not in legal]
        if wrong:
            break
    else:
        pytest.skip("no lead in this deal forces Carla to follow")
    before = _setup(quick, match, f"Ben {lead}")
    res = sk("play", "Carla", wrong[0], "--match", match)
    assert_refused(res, rule="following.follow_suit", path=match, before=before)


def test_announcement_after_its_window(sk, quick, match: Path) -> None:
    fh = fixed_hand()
    plays = [a for a in fh.actions if a.split()[1] not in ("re", "contra", "no90")]
    before = _setup(quick, match, *plays[:5])  # five cards on the table
    res = sk("announce", fh.re[0], "re", "--match", match)
    assert_refused(res, rule="announcements.window.re", path=match, before=before)


def test_announcement_by_the_wrong_side(sk, quick, match: Path) -> None:
    before = _setup(quick, match, "Ben QC")
    res = sk("announce", "Ben", "contra", "--match", match)
    assert_refused(res, rule="teams", names=("Ben",), path=match, before=before)


def test_unknown_announcement(sk, quick, match: Path) -> None:
    before = _setup(quick, match)
    res = sk("announce", "Ben", "no70", "--match", match)
    assert_refused(res, path=match, before=before, code=2)  # a word no game knows: usage


def test_error_as_json(sk, quick, match: Path) -> None:
    before = _setup(quick, match)
    res = sk("play", "Ben", "7H", "--json", "--match", match)
    assert res.returncode == 1
    assert "Traceback" not in res.stderr and res.stdout == ""
    [line] = res.stderr.strip().splitlines()
    data = json.loads(line)
    assert data["rule"].startswith("deck")
    assert "7H" in data["message"]
    assert snapshot(match) == before


def test_no_current_match(sk, home: Path) -> None:
    res = sk("score")
    assert_refused(res, kind="match file")


def test_malformed_rule_set_file(sk, home: Path, tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text(
        'extends = "doppelkopf"\nid = "house"\nname = "House"\n\n[scoring]\nre_needs = "lots"\n'
    )
    path = tmp_path / "m.toml"
    res = sk("new", house, *PLAYERS, "--match", path)
    assert_refused(res, names=("house.toml", "re_needs"))
    assert not path.exists()
    assert not (home / "current").exists()


def test_rule_set_file_with_a_toml_error(sk, home: Path, tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('extends = "doppelkopf"\nid = "house"\n[scoring\nre_needs = 121\n')
    path = tmp_path / "m.toml"
    res = sk("new", house, *PLAYERS, "--match", path)
    assert res.returncode == 1 and "Traceback" not in res.stderr
    assert "house.toml" in res.stderr and "3" in res.stderr
    assert not path.exists()


def test_locked_match_file(sk, match: Path) -> None:
    # with waiting turned off (or once the wait is over) the refusal is immediate
    before = snapshot(match)
    no_wait = {"SCOREKEEPER_LOCK_WAIT": "0"}
    with matchlog.lock(match):
        res = sk("play", "Ben", "QC", "--match", match, env=no_wait)
        undo = sk("undo", "--match", match, env=no_wait)
    for r in (res, undo):
        assert r.returncode == 1, r.stderr
        assert "Traceback" not in r.stderr and r.stdout == ""
        assert len(r.stderr.strip().splitlines()) == 1
        assert "another" in r.stderr and "process" in r.stderr
    assert snapshot(match) == before
    # and once the lock is gone the same command works
    assert sk("play", "Ben", "QC", "--match", match).returncode == 0


def test_a_second_writer_waits_and_says_so(home: Path, match: Path) -> None:
    # another process holds the lock until the command has said that it waits (after
    # 1 s, however slow the machine), then lets go: the command records its card
    from cli_helpers import cli_env

    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLD_LOCK, str(match)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        start = time.monotonic()
        play = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "play", "Ben", "QC", "--match", str(match)],
            env=cli_env(home),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert play.stderr is not None
        said = play.stderr.readline()
        waited = time.monotonic() - start
        assert holder.stdin is not None
        holder.stdin.write("go\n")
        holder.stdin.flush()
        _out, more = play.communicate(timeout=60)
    finally:
        if holder.poll() is None:
            holder.kill()
        holder.wait(timeout=60)
    assert play.returncode == 0, said + more
    assert waited >= 1.0
    assert (said + more).strip().splitlines() == [
        f"waiting: {match} is being written by another scorekeeper process"
    ]
    assert read_log(match).hands[0].actions == ["Ben QC"]


def test_a_bad_lock_wait_is_refused(sk, match: Path) -> None:
    before = snapshot(match)
    res = sk("play", "Ben", "QC", "--match", match, env={"SCOREKEEPER_LOCK_WAIT": "soon"})
    assert_refused(res, kind="usage", names=("SCOREKEEPER_LOCK_WAIT",), path=match, before=before)


def test_six_plays_started_together_all_succeed(home: Path, match: Path) -> None:
    # all trumps: legal in any order, whoever wins the first trick
    cards = ["QC", "QS", "QH", "QD", "JC", "JS"]
    env = cli_env(home)
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "play", card, "--match", str(match)],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for card in cards
    ]
    results = [(p, *p.communicate(timeout=120)) for p in procs]
    for proc, out, err in results:
        assert proc.returncode == 0, (out, err)
        assert "Traceback" not in err
    actions = read_log(match).hands[0].actions
    assert sorted(a.split()[1] for a in actions) == sorted(cards)
    assert [a.split()[0] for a in actions[:4]] == ["Ben", "Carla", "Dirk", "Anna"]
    assert not [p.name for p in match.parent.iterdir() if p.name.endswith(".tmp")]


def test_a_crashed_write_leaves_nothing_for_good(sk, match: Path) -> None:
    # a writer killed before its rename left its temporary file; the next write removes it,
    # while the temporary file of a process still running (this one) is left alone
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    dead = match.parent / f".{match.name}.{gone.stdout.strip()}.0123abcd.tmp"
    dead.write_text("half a match")
    alive = match.parent / f".{match.name}.{os.getpid()}.89abcdef.tmp"
    alive.write_text("being written")
    other = match.parent / ".other.toml.1.0123abcd.tmp"
    other.write_text("another file's")
    assert sk("play", "Ben", "QC", "--match", match).returncode == 0
    assert not dead.exists()
    assert alive.exists() and other.exists()


def test_usage_errors_exit_2(sk, quick, match: Path) -> None:
    for args in (["play"], ["frobnicate"]):
        res = sk(*args)
        assert res.returncode == 2, (args, res.stderr)
        assert "Traceback" not in res.stderr
    for args in (["new"], ["export", "--bogus"], ["hand", "--match"]):
        assert quick(*args).returncode == 2, args


# --------------------------------------------------------------------------- 6. check

HEADER = """\
format = "scorekeeper-match/1"
ruleset = "doppelkopf"
players = ["Anna", "Ben", "Carla", "Dirk"]
first_dealer = "Anna"
started = 2026-11-22T19:30:00+01:00
"""


def test_check_accepts_a_good_file(quick, match: Path) -> None:
    _setup(quick, match, "Ben QC", "Carla 10H")
    before = snapshot(match)
    res = quick("check", match)
    assert res.returncode == 0, res.stderr
    assert res.stderr == ""
    assert str(match) in res.stdout
    data = json.loads(quick("check", match, "--json").stdout)
    assert data["ok"] is True and data["problems"] == [] and data["hands"] == 1
    assert snapshot(match) == before


def test_check_reports_a_toml_syntax_error_with_its_line(sk, quick, tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(HEADER + '\n[[hand]]\nactions = [\n    "Ben QC",\n    "Carla 10H,\n]\n')
    res = sk("check", path)
    assert res.returncode == 1 and "Traceback" not in res.stderr
    assert f"{path}:10:" in res.stderr, res.stderr
    data = json.loads(quick("check", path, "--json").stdout)
    assert data["ok"] is False
    assert data["problems"][0].startswith(f"{path}:10:")


def test_check_reports_the_line_of_an_illegal_action(sk, tmp_path: Path) -> None:
    path = tmp_path / "edited.toml"
    path.write_text(
        HEADER + '\n[[hand]]\nactions = [\n    "Ben QC",\n    "Carla 10H",\n'
        '    "Anna 9D",  # hand-edited: it is Dirk\'s turn\n]\n'
    )
    before = snapshot(path)
    res = sk("check", path)
    assert res.returncode == 1 and "Traceback" not in res.stderr
    assert re.search(
        rf"{re.escape(str(path))}:11: .*Anna 9D.*\[rule: play\.turn_order\]", res.stderr
    ), res.stderr
    assert snapshot(path) == before
    # the other commands refuse the file with the same pointer
    res = sk("score", "--match", path)
    assert res.returncode == 1 and f"{path}:11:" in res.stderr


def test_check_lists_every_problem(sk, quick, tmp_path: Path) -> None:
    path = tmp_path / "many.toml"
    path.write_text(
        HEADER + 'colour = "green"\n\n[[hand]]\nactions = [\n    "Ben QC",\n    "Zed 10H",\n]\n'
        "\n[[hand]]\nacts = []\n"
    )
    res = sk("check", path)
    assert res.returncode == 1 and "Traceback" not in res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) >= 3, res.stderr
    for line_no, word in ((6, "colour"), (11, "Zed"), (15, "acts")):
        assert any(f"{path}:{line_no}:" in line and word in line for line in lines), (word, lines)
    data = json.loads(quick("check", path, "--json").stdout)
    assert data["ok"] is False and len(data["problems"]) == len(lines)
    assert all(p.startswith(f"{path}:") for p in data["problems"])


def test_check_lists_every_independent_problem_of_a_hand(sk, quick, tmp_path: Path) -> None:
    # an unknown word and a late wedding are skipped (they do not move the turn); the
    # unknown card ends the hand's check: what follows it depends on it
    path = tmp_path / "hand.toml"
    actions = ["Ben QC", "Carla frobnicate", "Carla 10H", "Dirk wedding", "Dirk 9D"]
    actions += ["Anna AD", "Ben 9X", "Carla QS"]
    body = "".join(f'    "{a}",\n' for a in actions)
    path.write_text(HEADER + f"\n[[hand]]\nactions = [\n{body}]\n")
    before = snapshot(path)
    res = sk("check", path)
    assert res.returncode == 1 and "Traceback" not in res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 3, res.stderr
    for line, (no, word) in zip(
        lines, ((10, "frobnicate"), (12, "wedding"), (15, "9X")), strict=True
    ):
        assert f"{path}:{no}: hand 1:" in line and word in line, lines
    data = json.loads(quick("check", path, "--json").stdout)
    assert data["ok"] is False and len(data["problems"]) == 3 and data["warnings"] == []
    assert snapshot(path) == before
    # recording refuses the same file at its first problem, as before
    res = sk("score", "--match", path)
    assert res.returncode == 1 and f"{path}:10:" in res.stderr


def test_check_and_recording_agree_on_a_revoke(sk, quick, match: Path) -> None:
    # Carla shows a void in hearts in trick 1, then plays KH: a revoke, which recording
    # accepts with a warning (a scored fact); check reports it the same way, exit 0,
    # and only --strict makes it a problem
    assert quick("trick", "AH", "9C", "KH", "9H", "--match", match).returncode == 0
    res = sk("trick", "AH", "KH", "--match", match)
    assert res.returncode == 0 and "revoke by Carla" in res.stderr
    before = snapshot(match)
    res = sk("check", match)
    assert res.returncode == 0, res.stderr
    assert "ok (1 hand)" in res.stdout
    assert "warning:" in res.stderr and "hand 1: revoke by Carla in trick 1" in res.stderr
    data = json.loads(quick("check", match, "--json").stdout)
    assert data["ok"] is True and data["problems"] == []
    assert len(data["warnings"]) == 1 and "revoke by Carla" in data["warnings"][0]
    res = sk("check", match, "--strict")
    assert res.returncode == 1 and "hand 1: revoke by Carla in trick 1" in res.stderr
    data = json.loads(quick("check", match, "--strict", "--json").stdout)
    assert data["ok"] is False and "revoke by Carla" in data["problems"][0]
    assert snapshot(match) == before


def test_check_of_a_missing_file(sk, tmp_path: Path) -> None:
    res = sk("check", tmp_path / "nope.toml")
    assert res.returncode == 1 and "Traceback" not in res.stderr
    assert "nope.toml" in res.stderr


# --------------------------------------------------------------------------- 7. export


def _two_hands(run, match: Path) -> None:
    for points in (165, 145):
        res = run(
            "hand",
            "re=Anna,Carla",
            f"re_points={points}",
            "-a",
            "Anna re",
            "-a",
            "Anna no90",
            "--match",
            match,
        )
        assert res.returncode == 0, res.stderr


def test_export_json_and_csv(quick, match: Path, tmp_path: Path) -> None:
    _two_hands(quick, match)
    res = quick("export", "--format", "json", "--match", match)
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["players"] == PLAYERS
    assert [h["number"] for h in data["hands"]] == [1, 2]
    assert data["hands"][0]["actions"] == ["Anna re", "Anna no90"]
    assert data["totals"] == {"Anna": -2, "Ben": 2, "Carla": -2, "Dirk": 2}

    res = quick("export", "--format", "csv", "--match", match)
    assert res.returncode == 0, res.stderr
    rows = list(csv.reader(io.StringIO(res.stdout)))
    header, body = rows[0], rows[1:]
    for p in PLAYERS:
        assert sum(p in col and "score" in col for col in header) == 1, header
        assert sum(p in col and "total" in col for col in header) == 1, header
    assert len(body) == 2
    records = list(csv.DictReader(io.StringIO(res.stdout)))
    total_col = next(col for col in header if "Anna" in col and "total" in col)
    score_col = next(col for col in header if "Anna" in col and "score" in col)
    assert [int(r[score_col]) for r in records] == [6, -8]
    assert [int(r[total_col]) for r in records] == [6, -2]

    out = tmp_path / "out" / "sheet.csv"
    out.parent.mkdir()  # export makes no folder (it refuses a missing one)
    res = quick("export", "-f", "csv", "-o", out, "--match", match)
    assert res.returncode == 0, res.stderr
    assert out.read_text() == quick("export", "-f", "csv", "--match", match).stdout
    out_json = tmp_path / "sheet.json"
    res = quick("export", "--output", out_json, "--match", match)
    assert res.returncode == 0, res.stderr
    assert json.loads(out_json.read_text()) == data


def test_refusals_not_about_rules_say_their_kind(sk, quick, home: Path, match: Path) -> None:
    # the line names the kind of problem; --json keeps the old rule and adds the kind
    before = snapshot(match)
    res = sk("undo", "--match", match, "--json")
    assert res.returncode == 2 and res.stdout == ""  # usage: exit 2
    data = json.loads(res.stderr)
    assert (data["rule"], data["kind"]) == ("undo", "usage")
    assert "[usage]" in sk("undo", "--match", match).stderr
    assert snapshot(match) == before
    res = sk("score", "--json", match_env=match.parent / "missing.toml")
    data = json.loads(res.stderr)
    assert (data["rule"], data["kind"]) == ("match", "match file")
    assert "no match file" in data["message"]
    assert quick("play", "Ben", "QC", "--match", match).returncode == 0
    res = sk("play", "Ben", "QS", "--match", match, "--json")  # a game's rule: kind rule
    data = json.loads(res.stderr)
    assert data["kind"] == "rule" and data["rule"].startswith("play")


def test_export_refuses_an_unknown_format(quick, match: Path, tmp_path: Path) -> None:
    before = snapshot(match)
    res = quick("export", "--format", "xml", "--match", match)
    assert_refused(res, kind="usage", names=("xml",), path=match, before=before)


# --------------------------------------------------------------------------- 8. rules


def test_rules_list_json(quick) -> None:
    res = quick("rules", "list", "--json")
    assert res.returncode == 0, res.stderr
    rows = json.loads(res.stdout)
    assert isinstance(rows, list) and rows
    for row in rows:
        assert {"id", "name", "players"} <= row.keys()
    dk = next(r for r in rows if r["id"] == "doppelkopf")
    assert dk["players"] == [4] and dk["name"] == "Doppelkopf"
    text = quick("rules", "list")
    assert text.returncode == 0 and "doppelkopf" in text.stdout


def test_rules_show_json(quick) -> None:
    res = quick("rules", "show", "doppelkopf", "--json")
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["id"] == "doppelkopf"
    for name, spec in data["options"].items():
        assert {"value", "default", "explain"} <= spec.keys(), name
        assert spec["value"] == spec["default"]
        assert spec["explain"]
    assert data["options"]["fox"]["value"] is True
    res = quick("rules", "show", "doppelkopf", "--set", "fox=false", "--json")
    assert res.returncode == 0, res.stderr
    fox = json.loads(res.stdout)["options"]["fox"]
    assert fox["value"] is False and fox["default"] is True
    text = quick("rules", "show", "doppelkopf")
    assert text.returncode == 0 and "fox" in text.stdout


def test_rules_list_survives_a_broken_house_rule(sk, home: Path) -> None:
    """One broken rule set in the data folder must not hide all the others."""
    (home / "rulesets").mkdir(parents=True)
    (home / "rulesets" / "house.toml").write_text(
        'extends = "doppelkopf"\nid = "house"\nname = "House"\n[scoring]\nre_needs = "lots"\n'
    )
    res = sk("rules", "list", "--json")
    assert "Traceback" not in res.stderr
    assert "house.toml" in res.stderr  # the broken file is named
    ids = [row["id"] for row in json.loads(res.stdout or "null") or []]
    assert "doppelkopf" in ids, (res.returncode, res.stdout, res.stderr)


def test_rules_show_refusals(sk, quick) -> None:
    assert_refused(
        sk("rules", "show", "doppelkopf", "--set", "foxx=false"),
        rule="options",
        names=("foxx",),
        code=2,
    )
    res = quick("rules", "show", "nosuch")
    assert res.returncode == 2 and "Traceback" not in res.stderr and "nosuch" in res.stderr


# --------------------------------------------------------------------------- 9. demo


def test_demo_writes_a_file_that_check_accepts(sk, quick, tmp_path: Path) -> None:
    path = tmp_path / "demo.toml"
    res = sk("demo", "--current", "--hands", "2", "--match", path)
    assert res.returncode == 0, res.stderr
    assert len(read_log(path).hands) == 2
    res = quick("check", path)
    assert res.returncode == 0, res.stderr
    sheet = json.loads(quick("score", "--json").stdout)  # the demo is the current match
    assert len(sheet["hands"]) == 2
    for p in sheet["players"]:
        assert sheet["totals"][p] == sum(h["result"]["scores"][p] for h in sheet["hands"])


# --------------------------------------------------------------------------- amend, judge, explain


def test_amend_a_quick_hand_replays_the_match(sk, quick, match: Path) -> None:
    for points in (165, 145):
        res = quick("hand", "re=Anna,Carla", f"re_points={points}", "--match", match)
        assert res.returncode == 0, res.stderr
    res = sk("amend", "1", "re_points=130", "--match", match)
    assert res.returncode == 0, res.stderr
    log = read_log(match)
    assert log.hands[0].quick["re_points"] == 130
    assert log.hands[0].amended and log.hands[0].amended[0]["before"] == ["re_points=165"]
    # the totals are those of a match entered with 130 from the start
    fresh = match.with_name("fresh.toml")
    assert quick("new", "doppelkopf", *PLAYERS, "--match", fresh).returncode == 0
    for points in (130, 145):
        quick("hand", "re=Anna,Carla", f"re_points={points}", "--match", fresh)
    totals = json.loads(quick("score", "--json", "--match", match).stdout)["totals"]
    assert totals == json.loads(quick("score", "--json", "--match", fresh).stdout)["totals"]

    before = snapshot(match)
    assert_refused(
        sk("amend", "9", "re_points=1", "--match", match), kind="usage", path=match, before=before
    )
    assert_refused(sk("amend", "1", "re_points=300", "--match", match), path=match, before=before)


def test_amend_a_trick_of_a_full_hand(sk, quick, match: Path) -> None:
    _setup(quick, match, "Ben QC", "Carla 10H", "Dirk AD", "Anna 9D")
    res = sk("amend", "1", "--trick", "1", "QC", "10H", "AD", "KD", "--match", match)
    assert res.returncode == 0, res.stderr
    assert read_log(match).hands[0].actions == ["Ben QC", "Carla 10H", "Dirk AD", "Anna KD"]
    before = snapshot(match)
    res = sk("amend", "1", "--trick", "1", "QC", "10H", "--match", match)
    assert_refused(res, kind="usage", path=match, before=before)


def test_judge_and_explain(quick) -> None:
    res = quick(
        "judge",
        "doppelkopf",
        "--trick",
        "Anna:AH Ben:9H",
        "--player",
        "Carla",
        "--hand",
        "KH QC 9S",
        "--json",
    )
    assert res.returncode == 0, res.stderr
    ruling = json.loads(res.stdout)
    assert [c["card"] for c in ruling["legal"]] == ["KH"]
    assert {c["card"]: c["rule"] for c in ruling["forbidden"]} == {
        "QC": "following.follow_suit",
        "9S": "following.follow_suit",
    }
    res = quick("judge", "doppelkopf", "--trick", "Anna:QH Ben:JD Carla:10D Dirk:QH", "--json")
    assert res.returncode == 0, res.stderr
    winner = json.loads(res.stdout)["winner"]
    assert winner["player"] == "Anna" and winner["rule"] == "ranking.identical"
    res = quick(
        "judge",
        "doppelkopf",
        "-f",
        "re=Anna,Carla",
        "-f",
        "re_points=145",
        "-a",
        "Anna re",
        "-a",
        "Anna no90",
        "--names",
        "Anna,Ben,Carla,Dirk",
        "--json",
    )
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["result"]["scores"] == {
        "Anna": -8,
        "Ben": 8,
        "Carla": -8,
        "Dirk": 8,
    }
    res = quick("explain", "doppelkopf", "--json")
    assert res.returncode == 0, res.stderr
    assert "scoring" in json.loads(res.stdout)["topics"]
    res = quick("explain", "doppelkopf", "scoring", "--set", "fox=false")
    assert res.returncode == 0 and "121" in res.stdout
