"""Tests for the match file: round trips, shape problems with lines, writes, lock."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time
import tomllib
from datetime import UTC, timedelta, timezone
from pathlib import Path

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from match_samples import HAND, HEADER, PLAYERS, SAMPLE_TEXT, STARTED, problems_of, sample_log

from scorekeeper import matchlog
from scorekeeper.errors import LockedError, MatchFileError
from scorekeeper.matchlog import (
    FORMAT,
    HandRecord,
    MatchLog,
    loads,
    lock,
    read,
    write,
)

ROOT = Path(matchlog.__file__).resolve().parents[1]


# ---------------------------------------------------------------------------------------
# Round trips


def test_canonical_text_is_pinned(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    write(path, sample_log())
    assert path.read_text(encoding="utf-8") == SAMPLE_TEXT
    assert sample_log().dumps() == SAMPLE_TEXT


def test_round_trip_example(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    log = sample_log()
    write(path, log)
    again, _ = read(path)
    assert again == log
    assert again.dumps() == path.read_text(encoding="utf-8")
    assert not again.hands[0].is_quick
    assert again.hands[1].is_quick


def test_to_dict_key_order() -> None:
    doc = sample_log().to_dict()
    assert list(doc) == [
        "format",
        "ruleset",
        "players",
        "first_dealer",
        "started",
        "_venue",
        "options",
        "hand",
    ]
    assert doc["format"] == FORMAT
    assert "options" not in MatchLog.new("doppelkopf", PLAYERS).to_dict()
    assert "hand" not in MatchLog.new("doppelkopf", PLAYERS).to_dict()


def test_hand_written_file_reads_and_canonicalises(tmp_path: Path) -> None:
    text = (
        HEADER
        + """\
_venue = "Kneipe am Eck"        # user fields start with "_"

[options]                       # overrides
fox = false

[[hand]]
actions = [
  "Anna wedding",
  "Ben QC", "Carla 10H",
]

[hand.deal]
Anna = ["QC", "QC", "10H"]

[[hand]]                        # a quick hand
actions = ["Anna re", "Carla no90"]
_note = "quick"

[hand.quick]
re = ["Anna", "Carla"]
re_points = 165
extras = ["Anna fox"]
"""
    )
    log, _ = loads(text)
    assert log.players == PLAYERS
    assert log.started == STARTED
    assert log.options == {"fox": False}
    assert log.extra == {"_venue": "Kneipe am Eck"}
    assert log.hands[0].deal == {"Anna": ["QC", "QC", "10H"]}
    assert log.hands[1].quick == {"re": ["Anna", "Carla"], "re_points": 165, "extras": ["Anna fox"]}
    path = tmp_path / "m.toml"
    write(path, log)
    assert read(path)[0] == log


def test_new_defaults_and_checks() -> None:
    log = MatchLog.new("doppelkopf", PLAYERS)
    assert log.first_dealer == "Anna"
    assert log.started.tzinfo is not None
    assert log.started.microsecond == 0
    assert log.hands == []
    assert log.options == {}
    with pytest.raises(MatchFileError) as caught:
        MatchLog.new("doppelkopf", ["Anna", "Anna"], first_dealer="Zoe")
    assert caught.value.problems == [
        "player 'Anna' is listed twice",
        "first_dealer 'Zoe' is not one of the players",
    ]


def test_bom_is_tolerated() -> None:
    log, _ = loads("\ufeff" + HEADER)
    assert log.ruleset == "doppelkopf"


# --- property test --------------------------------------------------------------------

_chars = st.characters(codec="utf-8", exclude_categories=("Cs",))
_text = st.text(_chars, max_size=10)
# names, actions and dealt cards hold no control characters (scorekeeper.shown.control_in)
_shown = st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Cf"))
_said = st.text(_shown, max_size=10)
_names = st.text(_shown, min_size=1, max_size=8).filter(
    lambda s: not any(char.isspace() for char in s)
)
_zones = st.sampled_from(
    [
        None,
        UTC,
        timezone(timedelta(hours=1)),
        timezone(timedelta(hours=-9, minutes=-30)),
    ]
)
_scalars = (
    st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | _text
    | st.floats(allow_nan=False)
    | st.dates()
    | st.times()
    | st.datetimes(timezones=_zones)
)
_plain = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=3), max_leaves=6)
_anything = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_text, inner, max_size=3),
    max_leaves=8,
)
_extras = st.dictionaries(_text.map(lambda s: "_" + s), _anything, max_size=2)


@st.composite
def match_logs(draw: st.DrawFn) -> MatchLog:
    players = draw(st.lists(_names, min_size=2, max_size=6, unique=True))
    hands = []
    for _ in range(draw(st.integers(0, 3))):
        actions = draw(
            st.lists(
                st.builds(
                    lambda actor, rest: f"{actor} {rest}" if rest else actor,
                    st.sampled_from(players),
                    _said,
                ),
                max_size=6,
            )
        )
        card = st.text(_shown, min_size=1, max_size=4).filter(str.strip)
        deal = draw(
            st.none() | st.dictionaries(st.sampled_from(players), st.lists(card, max_size=4))
        )
        quick = draw(
            st.none()
            | st.dictionaries(
                _text,
                st.integers(-1000, 1000)
                | _text
                | st.booleans()
                | st.lists(_text | st.integers(), max_size=3)
                | _anything,
                max_size=4,
            )
        )
        amended = draw(
            st.none() | st.lists(st.dictionaries(_text, _anything, max_size=2), max_size=2)
        )
        hands.append(HandRecord(actions, deal, quick, amended, draw(_extras)))
    return MatchLog(
        ruleset=draw(_text.filter(str.strip)),
        players=players,
        first_dealer=draw(st.sampled_from(players)),
        started=draw(st.datetimes(timezones=_zones)),
        options=draw(st.dictionaries(_text, _plain, max_size=4)),
        hands=hands,
        extra=draw(_extras),
    )


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(log=match_logs())
def test_round_trip_property(tmp_path: Path, log: MatchLog) -> None:
    path = tmp_path / "m.toml"
    write(path, log)
    text = path.read_text(encoding="utf-8")
    again, source_map = read(path)
    assert again.dumps() == text
    assert again == log
    lines = text.split("\n")
    for h, hand in enumerate(again.hands):
        assert source_map.hand_line(h) is not None
        for a, action in enumerate(hand.actions):
            line = source_map.action_line(h, a)
            assert line is not None
            literal = lines[line - 1].strip().rstrip(",")
            if literal.startswith("actions = "):  # a tiny hand written inline by tomli_w
                continue
            assert tomllib.loads(f"v = {literal}")["v"] == action
        for player in hand.deal or {}:
            assert source_map.deal_line(h, player) is not None
        for key in hand.quick or {}:
            assert source_map.quick_line(h, key) is not None
    for key in again.options:
        assert source_map.line_of_path(("options", key)) is not None


# ---------------------------------------------------------------------------------------
# Shape problems, each at its line


def test_valid_base_reads(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    path.write_text(HEADER + HAND, encoding="utf-8")
    log, _ = read(path)
    assert log.hands[0].actions == ["Anna re", "Ben QC"]


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        pytest.param(
            HEADER.replace('ruleset = "doppelkopf"\n', ""),
            1,
            "missing required field 'ruleset'",
            id="missing-field",
        ),
        pytest.param(
            HEADER.replace("match/1", "match/2"),
            1,
            "format is 'scorekeeper-match/2'; this version of scorekeeper reads "
            "'scorekeeper-match/1'",
            id="format-version",
        ),
        pytest.param(
            HEADER.replace(
                'players = ["Anna", "Ben", "Carla", "Dirk"]',
                'players = [\n    "Anna",\n    "Ben",\n    "Anna",\n    "Dirk",\n]',
            ),
            6,
            "player 'Anna' is listed twice",
            id="duplicate-player",
        ),
        pytest.param(
            HEADER.replace('"Carla", "Dirk"', '"Carla Maria", "Dirk"'),
            3,
            "player name 'Carla Maria' contains whitespace",
            id="whitespace-player",
        ),
        pytest.param(
            HEADER.replace('["Anna", "Ben", "Carla", "Dirk"]', '["Anna"]').replace(
                "started", "# one player\nstarted"
            ),
            3,
            "players lists 1 name; a match has 2 to 6 players",
            id="too-few-players",
        ),
        pytest.param(
            HEADER.replace('first_dealer = "Anna"', 'first_dealer = "Bob"'),
            4,
            "first_dealer 'Bob' is not one of the players",
            id="dealer-not-player",
        ),
        pytest.param(
            HEADER.replace("2026-11-22T19:30:00+00:00", '"tonight"'),
            5,
            "started must be a TOML date-time such as 2026-11-22T19:30:00+01:00, not 'tonight'",
            id="started-not-datetime",
        ),
        pytest.param(
            HEADER.replace('"doppelkopf"', "7"),
            2,
            "ruleset must be a rule-set id or a path, not 7",
            id="ruleset-not-string",
        ),
        pytest.param(
            HEADER + '_venue = "x"\ncolour = "red"\n' + HAND,
            7,
            "unknown key 'colour'",
            id="unknown-top-key",
        ),
        pytest.param(
            HEADER + HAND + '_note = "fine"\nwinner = "Anna"\n',
            13,
            "unknown key 'winner' in hand 1",
            id="unknown-hand-key",
        ),
        pytest.param(
            HEADER + HAND + "\n[hand.result]\nre = 1\n",
            13,
            "unknown key 'result' in hand 1",
            id="unknown-hand-table",
        ),
        pytest.param(
            HEADER + HAND.replace('"Ben QC"', '"Bob QC"'),
            10,
            "action 'Bob QC': Bob is not a player of this match",
            id="action-by-non-player",
        ),
        pytest.param(
            HEADER + HAND.replace('"Ben QC"', '"   "'),
            10,
            "hand 1, action 2 is empty",
            id="empty-action",
        ),
        pytest.param(
            HEADER + HAND.replace('"Ben QC"', "17"),
            10,
            "hand 1, action 2 must be a string, not 17",
            id="action-not-string",
        ),
        pytest.param(
            HEADER + "\n[[hand]]\n_note = 1\n",
            7,
            "hand 1 has no actions list (write actions = [] for none)",
            id="missing-actions",
        ),
        pytest.param(
            HEADER + HAND + '\n[hand.deal]\nAnna = ["QC"]\nBob = ["QS"]\n',
            15,
            "deal for 'Bob': Bob is not a player of this match",
            id="deal-for-non-player",
        ),
        pytest.param(
            HEADER + HAND + '\n[hand.deal]\nAnna = "QC QS"\n',
            14,
            "deal for 'Anna' must be a list of card codes, not 'QC QS'",
            id="deal-not-list",
        ),
        pytest.param(
            HEADER + HAND + "quick = 3\n",
            12,
            "hand 1: quick must be a table, not 3",
            id="quick-not-table",
        ),
        pytest.param(
            HEADER + HAND + "amended = [1]\n",
            12,
            "hand 1: amended must be an array of tables",
            id="amended-not-tables",
        ),
        pytest.param(
            HEADER + "\n[options]\nfox = true\nhouse = { a = 1 }\n",
            9,
            "option 'house' must be a plain value or a list, not a table",
            id="option-table",
        ),
        pytest.param(
            HEADER + "\n[hand]\nactions = []\n",
            7,
            "hand must be an array of tables, written as [[hand]] sections",
            id="hand-not-array",
        ),
    ],
)
def test_shape_problem_line(tmp_path: Path, text: str, line: int, message: str) -> None:
    path = tmp_path / "m.toml"
    assert problems_of(tmp_path, text) == [f"{path}:{line}: {message}"]


def test_syntax_error_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    text = HEADER.replace('first_dealer = "Anna"', "first_dealer = Anna")
    assert problems_of(tmp_path, text) == [f"{path}:4: column 16: invalid value"]


def test_syntax_error_missing_comma(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    text = HEADER + '\n[[hand]]\nactions = [\n    "Anna re"\n    "Ben QC",\n]\n'
    assert problems_of(tmp_path, text) == [f"{path}:10: column 5: unclosed array"]


def test_syntax_error_at_end_of_document(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    text = HEADER + '\n[[hand]]\nactions = [\n    "Anna re",\n\n\n'
    assert problems_of(tmp_path, text) == [f"{path}:9: column 15: invalid value"]


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    path.write_bytes(HEADER.encode() + b'_venue = "K\xf6ln"\n')
    with pytest.raises(MatchFileError) as caught:
        read(path)
    assert caught.value.problems == [
        f"{path}:6: column 12: the file is not UTF-8 text (byte 0xf6); save it as UTF-8"
    ]


def test_several_problems_reported_together(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    text = """\
format = "scorekeeper-match/0"
players = ["Anna", "Ben", "Anna"]
first_dealer = "Zoe"
started = 2026-11-22T19:30:00
colour = "red"

[[hand]]
actions = [
    "Anna re",
    "Bob QC",
    "",
]
score = 3

[hand.deal]
Zoe = ["QC"]

[[hand]]
actions = ["Ben re", "Ben QC"]
"""
    assert problems_of(tmp_path, text) == [
        f"{path}:1: missing required field 'ruleset'",
        f"{path}:1: format is 'scorekeeper-match/0'; this version of scorekeeper reads "
        "'scorekeeper-match/1'",
        f"{path}:2: player 'Anna' is listed twice",
        f"{path}:3: first_dealer 'Zoe' is not one of the players",
        f"{path}:5: unknown key 'colour'",
        f"{path}:10: action 'Bob QC': Bob is not a player of this match",
        f"{path}:11: hand 1, action 3 is empty",
        f"{path}:13: unknown key 'score' in hand 1",
        f"{path}:16: deal for 'Zoe': Zoe is not a player of this match",
    ]


def test_from_dict_without_source_map_reports_line_one() -> None:
    with pytest.raises(MatchFileError) as caught:
        MatchLog.from_dict({"format": FORMAT}, None, "x.toml")
    assert caught.value.problems[0] == "x.toml:1: missing required field 'ruleset'"
    assert len(caught.value.problems) == 4


# ---------------------------------------------------------------------------------------
# Writing


def test_write_creates_directories_and_keeps_mode(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "m.toml"
    write(path, sample_log())
    assert path.read_text(encoding="utf-8") == SAMPLE_TEXT
    path.chmod(0o640)
    write(path, sample_log())
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert sorted(p.name for p in path.parent.iterdir()) == ["m.toml"]


def _fail(*args: object, **kwargs: object) -> None:
    raise OSError("disk on fire")


@pytest.mark.parametrize(
    ("module", "name"),
    [(tomli_w, "dumps"), (os, "fsync"), (os, "replace")],
    ids=["serialise", "fsync", "replace"],
)
def test_failed_write_leaves_original_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: object, name: str
) -> None:
    path = tmp_path / "m.toml"
    write(path, sample_log())
    before = path.read_bytes()
    changed = sample_log()
    changed.hands.append(HandRecord(actions=["Ben re"]))
    monkeypatch.setattr(module, name, _fail)
    with pytest.raises(OSError, match="disk on fire"):
        write(path, changed)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.toml"]


def test_failed_write_of_new_file_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "replace", _fail)
    with pytest.raises(OSError):
        write(tmp_path / "m.toml", sample_log())
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []


def test_write_text_is_atomic_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "out" / "export.csv"
    matchlog.write_text(path, "hand,value\n1,3\n")
    assert path.read_bytes() == b"hand,value\n1,3\n"
    monkeypatch.setattr(os, "fsync", _fail)
    with pytest.raises(OSError, match="disk on fire"):
        matchlog.write_text(path, "something else")
    monkeypatch.undo()
    assert path.read_bytes() == b"hand,value\n1,3\n"
    assert sorted(p.name for p in path.parent.iterdir()) == ["export.csv"]


def test_write_refuses_invalid_log(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    log = sample_log()
    log.hands[0].actions.append("Bob QC")
    with pytest.raises(MatchFileError) as caught:
        write(path, log)
    assert caught.value.problems == [f"{path}: action 'Bob QC': Bob is not a player of this match"]
    assert not path.exists()


def test_extra_keys_must_start_with_underscore() -> None:
    log = sample_log()
    log.extra["venue"] = "x"
    with pytest.raises(ValueError, match="must begin with '_'"):
        log.to_dict()


# ---------------------------------------------------------------------------------------
# Locking

_TRY_LOCK = """
import sys
import time
from scorekeeper.errors import LockedError
from scorekeeper.matchlog import lock
try:
    with lock(sys.argv[1]):
        print("acquired")
except LockedError as error:
    print("locked:", error.message, error.rule)
"""

_HOLD_LOCK = """
import sys
import time
from scorekeeper.matchlog import lock
with lock(sys.argv[1]):
    print("held", flush=True)
    sys.stdin.readline()
"""


def _child_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def _try_lock_in_child(path: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-c", _TRY_LOCK, str(path)],
        capture_output=True,
        text=True,
        env=_child_env(),
        timeout=60,
        check=True,
    )
    return done.stdout.strip()


def test_lock_blocks_a_second_process(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    write(path, sample_log())
    with lock(path):
        assert _try_lock_in_child(path) == (
            f"locked: {path} is being written by another scorekeeper process; "
            "try again in a moment match"
        )
    assert _try_lock_in_child(path) == "acquired"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.toml"]  # no lock file anywhere


def test_lock_held_by_child_raises_here(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    write(path, sample_log())
    child = subprocess.Popen(
        [sys.executable, "-c", _HOLD_LOCK, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=_child_env(),
    )
    try:
        assert child.stdout is not None and child.stdin is not None
        assert child.stdout.readline().strip() == "held"
        with pytest.raises(LockedError) as caught, lock(path):
            pass
        assert caught.value.rule == "match"
        assert caught.value.message == (
            f"{path} is being written by another scorekeeper process; try again in a moment"
        )
        child.stdin.write("\n")
        child.stdin.flush()
        assert child.wait(timeout=60) == 0
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    with lock(path):
        write(path, sample_log())
        log, _ = read(path)
    assert log == sample_log()


def test_lock_waits_then_gives_up(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    write(path, sample_log())
    child = subprocess.Popen(
        [sys.executable, "-c", _HOLD_LOCK, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=_child_env(),
    )
    try:
        assert child.stdout is not None and child.stdin is not None
        assert child.stdout.readline().strip() == "held"
        told: list[float] = []
        start = time.monotonic()
        with (
            pytest.raises(LockedError) as caught,
            lock(path, wait=0.5, notice_after=0.2, on_wait=lambda: told.append(1.0)),
        ):
            pass
        assert time.monotonic() - start >= 0.5
        assert told == [1.0]  # said once, not at every look
        assert caught.value.message == (
            f"{path} is being written by another scorekeeper process; try again in a moment"
        )
        child.stdin.write("\n")
        child.stdin.flush()
        assert child.wait(timeout=60) == 0
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    told.clear()
    with lock(path, wait=5, notice_after=0, on_wait=lambda: told.append(1.0)):
        pass
    assert told == []  # a free lock is taken at once, without a word


def test_leftover_temporary_files_are_removed_by_the_next_write(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    dead = tmp_path / f".m.toml.{gone.stdout.strip()}.0123abcd.tmp"
    dead.write_text("half")
    write(path, sample_log())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.toml"]
