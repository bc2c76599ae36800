"""The replay cache never changes a result, and a bad cache file is only rebuilt.

Random matches are replayed with and without the cache and every figure is compared; the
same actions recorded through the cache write exactly the bytes a full rewrite writes;
corrupt, truncated, stale and forged cache files are ignored without a word; deleting
every cache changes nothing. (Planted files and every corrupted byte, through the real
command line: ``test_cache_tamper.py``.)
"""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from random_matches import PROPERTY, RULESETS, Cut, cut, cuts, data_home, random_log

from scorekeeper import matchlog
from scorekeeper.matchlog import MatchLog
from scorekeeper.session import Session, cache


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return data_home(tmp_path, monkeypatch)


def figures(session: Session) -> dict[str, Any]:
    """Everything a reading command shows, as plain data."""
    m = session.match
    hand = session.current_hand()
    return {
        "hands": [
            (mh.number, mh.dealer, mh.kind, mh.result.to_dict() if mh.result else None)
            for mh in m.hands
        ],
        "actions": [list(mh.actions) for mh in m.hands],
        "totals": m.totals(),
        "facts": [dict(mh.facts) for mh in m.hands],
        "over": m.over(),
        "next_dealer": m.next_dealer(),
        "current": (
            hand.number,
            hand.dealer,
            hand.finished,
            hand.to_play(),
            [t.to_dict() for t in hand.completed_tricks()],
            [r.text() for r in hand.revokes],
        ),
    }


def without_cache(path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    with monkeypatch.context() as mp:
        mp.setenv("SCOREKEEPER_CACHE", "off")
        return figures(Session.open(path))


@settings(PROPERTY, max_examples=25)
@given(drawn=cuts(least_hands=1))
def test_the_cache_never_changes_a_figure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, drawn: Cut
) -> None:
    log, path = drawn.fresh(tmp_path)
    matchlog.write(path, log)
    expected = without_cache(path, monkeypatch)
    cold = Session.open(path)  # the full replay, which keeps a snapshot
    assert figures(cold) == expected
    warm = Session.open(path)
    inline = bool(log.hands) and "[[hand]]" not in path.read_text(encoding="utf-8")
    assert warm._tail is not None or inline, "the second open goes through the cache"
    assert figures(warm) == expected
    assert warm.log.dumps() == path.read_text(encoding="utf-8")


@settings(PROPERTY, max_examples=15)
@given(
    ruleset=st.sampled_from(RULESETS),
    seed=st.integers(0, 10_000),
    quick=st.sampled_from([0.0, 0.5, 1.0]),
)
def test_recording_through_the_cache_writes_the_canonical_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ruleset: str, seed: int, quick: float
) -> None:
    """Record a random match action by action (with undos): each write is the full rewrite
    (short quick hands alone are written inline by tomli_w, among others as sections)."""
    full = random_log(ruleset, 3, seed, quick)
    path = tmp_path / f"{ruleset}-{seed}.toml"
    path.unlink(missing_ok=True)
    matchlog.write(path, MatchLog(**{**vars(full), "hands": []}))
    rng = random.Random(seed)
    for i, record in enumerate(full.hands):
        if record.quick is not None:
            with Session.edit(path) as session:
                session.quick(
                    [
                        f"{k}={','.join(v) if isinstance(v, list) else v}"
                        for k, v in record.quick.items()
                    ]
                )
            assert path.read_text(encoding="utf-8") == cut(full, i, 0).dumps()
            continue
        with Session.edit(path) as session:
            session.deal(record.deal or {})
        for j, text in enumerate(record.actions):
            with Session.edit(path) as session:
                session.record([text])
            text_now = path.read_text(encoding="utf-8")
            assert text_now == matchlog.loads(text_now)[0].dumps()
            assert text_now == cut(full, i, j + 1).dumps()
            if rng.random() < 0.1:
                with Session.edit(path, replay=False) as session:
                    session.undo()
                assert path.read_text(encoding="utf-8") == cut(full, i, j).dumps()
                with Session.edit(path) as session:
                    session.record([text])
    assert path.read_text(encoding="utf-8") == full.dumps()
    assert figures(Session.open(path)) == without_cache(path, monkeypatch)


@settings(PROPERTY, max_examples=12)
@given(
    ruleset=st.sampled_from(RULESETS),
    seed=st.integers(0, 10_000),
    quick=st.sampled_from([0.0, 0.5, 1.0]),
    undos=st.integers(1, 14),
)
def test_undo_back_through_finished_hands_writes_what_a_full_rewrite_writes(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    ruleset: str,
    seed: int,
    quick: float,
    undos: int,
) -> None:
    """Undo after undo from a finished match, cold (no cache) and warm: each file is
    the one the same undos give with the cache off, and so are the figures."""
    full = random_log(ruleset, 3, seed, quick)
    mine, theirs = tmp_path / f"a-{seed}.toml", tmp_path / f"b-{seed}.toml"
    for path in (mine, theirs):
        path.unlink(missing_ok=True)
        matchlog.write(path, full)
    for _ in range(undos):
        if not matchlog.read(theirs)[0].hands:
            break
        with Session.edit(mine, replay=False) as session:
            said = session.undo()
        with monkeypatch.context() as mp:
            mp.setenv("SCOREKEEPER_CACHE", "off")
            with Session.edit(theirs, replay=False) as session:
                assert session.undo() == said
        assert mine.read_bytes() == theirs.read_bytes()
    assert figures(Session.open(mine)) == without_cache(theirs, monkeypatch)


@pytest.fixture
def warm(tmp_path: Path) -> Path:
    """A match of three finished hands and one begun, its cache entry kept."""
    path = tmp_path / "m.toml"
    full = random_log("doppelkopf-ddv", 4, 7)
    matchlog.write(path, cut(full, 3, 5))
    Session.open(path)
    assert Session.open(path)._tail is not None
    return path


def _truncated(data: bytes) -> bytes:
    return data[: len(data) // 2]


def _flipped(data: bytes) -> bytes:
    middle = len(data) // 2
    return data[:middle] + bytes([data[middle] ^ 0xFF]) + data[middle + 1 :]


def entry_of(path: Path) -> Path:
    return cache.entry_file(cache.digest(path.read_bytes()))


def forged(data: bytes, change: Any, sealed: bool = True) -> bytes:
    """The cache file ``data`` with ``change`` made to its lines, sealed with this
    machine's key (as only the user's own scorekeeper can: each check after the seal is
    tested on its own), or (not ``sealed``) with a plain digest, as anyone else can."""
    lines = data.partition(b"\n")[2].split(b"\n")
    lines = change(lines)
    body = b"\n".join(lines)
    key = cache.machine_key()
    assert key is not None
    seal = cache.seal(key, body) if sealed else cache.digest(body).encode()
    return seal + b"\n" + body


def with_head(**changes: Any) -> Any:
    def change(lines: list[bytes]) -> list[bytes]:
        head = json.loads(lines[0])
        head.update(changes)
        return [json.dumps(head).encode(), *lines[1:]]

    return change


def lying(lines: list[bytes]) -> list[bytes]:
    """Anna's score in the first hand 1000 too high, in the summary and the result."""
    summary = json.loads(lines[1])
    summary[0][2]["Anna"] += 1000
    detail = json.loads(lines[2])
    detail[1][6]["d"]["Anna"] += 1000
    return [lines[0], json.dumps(summary).encode(), json.dumps(detail).encode(), *lines[3:]]


@pytest.mark.parametrize(
    "spoil",
    [
        lambda data: b"",
        lambda data: b"not a cache file at all",
        _truncated,
        _flipped,
        lambda data: pickle.dumps({"hands": []}),
        lambda data: forged(data, with_head(version=0)),
        lambda data: forged(data, lambda lines: lines[:-2] + lines[-1:]),
    ],
    ids=["empty", "garbage", "truncated", "flipped", "pickle", "old-format", "a-hand-short"],
)
def test_a_bad_cache_file_is_ignored_and_rebuilt(
    warm: Path, home: Path, monkeypatch: pytest.MonkeyPatch, spoil: Any
) -> None:
    expected = without_cache(warm, monkeypatch)
    file = entry_of(warm)
    file.write_bytes(spoil(file.read_bytes()))
    result = run_cli(home, "status", "--json", "--match", warm)
    assert result.returncode == 0 and result.stderr == ""
    assert figures(Session.open(warm)) == expected
    assert cache.load(cache.digest(warm.read_bytes()), ["Anna", "Ben", "Carla", "Dirk"]), "rebuilt"
    assert Session.open(warm)._tail is not None


def test_a_stale_entry_is_not_trusted_over_the_file(
    warm: Path, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another match written over the file (same header, other hands): the entry's
    results would be wrong, the file wins."""
    before = figures(Session.open(warm))
    other = random_log("doppelkopf-ddv", 4, 8)
    log = matchlog.read(warm)[0]
    log.hands = cut(other, 3, 5).hands
    warm.write_text(log.dumps(), encoding="utf-8")
    expected = without_cache(warm, monkeypatch)
    assert expected["totals"] != before["totals"]
    result = run_cli(home, "status", "--json", "--match", warm)
    assert result.returncode == 0 and result.stderr == ""
    assert figures(Session.open(warm)) == expected


def test_a_forged_entry_of_another_file_code_or_rule_set_is_not_used(
    warm: Path, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Well-formed entries with a fitting checksum and other totals, made (they say) from
    other bytes, by other code or under another rule set: none is used."""
    expected = without_cache(warm, monkeypatch)
    file = entry_of(warm)
    kept = file.read_bytes()
    # the forged totals (1000) are in no real total; the digests of the entry are not
    # numbers the table sees (a digest may hold '1000' by chance: 5100040ea...)
    assert "1000" not in run_cli(home, "score", "--json", "--match", warm).stdout
    for change in (
        with_head(match=cache.digest(b"another match")),
        with_head(code="other code"),
        with_head(rules="another rule set"),
    ):
        file.write_bytes(forged(kept, lambda lines, change=change: change(lying(lines))))
        assert figures(Session.open(warm)) == expected
        shown = run_cli(home, "score", "--json", "--match", warm)
        assert shown.returncode == 0 and "1000" not in shown.stdout


def test_a_forgery_that_fits_every_key_but_the_seal_is_refused(
    warm: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The forgery above, with every key left as it is and a fitting plain digest (all
    that someone without this machine's key can make): refused. Sealed with the key, the
    lie would be read (the test can fail): the seal is what keeps a forger out."""
    file = entry_of(warm)
    data = file.read_bytes()
    expected = without_cache(warm, monkeypatch)["totals"]
    file.write_bytes(forged(data, lying, sealed=False))
    assert figures(Session.open(warm))["totals"] == expected
    file.write_bytes(forged(data, lying))
    assert figures(Session.open(warm))["totals"] != expected


def test_deleting_every_cache_changes_nothing(warm: Path, home: Path) -> None:
    before = run_cli(home, "score", "--json", "--match", warm)
    status = run_cli(home, "status", "--json", "--match", warm)
    for file in cache.cache_dir().iterdir():
        file.unlink()
    assert run_cli(home, "score", "--json", "--match", warm).stdout == before.stdout
    for file in cache.cache_dir().iterdir():
        file.unlink()
    assert run_cli(home, "score", "--json", "--match", warm).stdout == before.stdout
    assert run_cli(home, "status", "--json", "--match", warm).stdout == status.stdout
    assert before.returncode == status.returncode == 0


def test_a_hand_edited_file_is_read_and_written_canonically(
    warm: Path, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = warm.read_text(encoding="utf-8")
    warm.write_text("# edited by hand\n" + text, encoding="utf-8")
    session = Session.open(warm)
    legal = [a for a in session.current_hand().legal_actions() if a.is_play]
    assert legal
    result = run_cli(home, "act", legal[0].text, "--match", warm)
    assert result.returncode == 0, result.stderr
    written = warm.read_text(encoding="utf-8")
    assert written == matchlog.loads(written)[0].dumps()
    assert figures(Session.open(warm)) == without_cache(warm, monkeypatch)


def test_the_cache_lives_in_the_data_folder_not_beside_the_match(warm: Path, home: Path) -> None:
    assert entry_of(warm).parent == home / "cache" / "replay"
    assert entry_of(warm).exists()
    beside = {p.name for p in warm.parent.iterdir() if p.is_file()}
    assert beside <= {"m.toml", "m.toml.lock"}


def test_an_undo_of_a_finished_hand_keeps_the_cache_fitting(
    tmp_path: Path, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "m.toml"
    matchlog.write(path, random_log("doppelkopf", 3, 5))
    Session.open(path)
    entered = run_cli(home, "hand", "re=Anna,Carla", "re_points=165", "--match", path)
    assert entered.returncode == 0, entered.stderr
    assert run_cli(home, "undo", "--yes", "--match", path).returncode == 0
    session = Session.open(path)
    assert session._tail is not None and session._tail.first == len(session.match.hands)
    assert figures(session) == without_cache(path, monkeypatch)
    assert len(list(cache.cache_dir().iterdir())) == 1, "the entries of older bytes go"


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(["a", "\n", "[[hand]]", "\n[[hand]]\n", "\n[[hand]] # x", "é", "x = 1\n"]),
        max_size=30,
    ),
    st.lists(st.integers(1, 12), min_size=1, max_size=8),
)
def test_a_file_read_in_chunks_is_cut_where_the_whole_text_is(
    words: list[str], sizes: list[int]
) -> None:
    """The reader's pieces do not depend on where the file's reads happen to end."""
    text = "".join(words)
    chunks, at = [], 0
    while at < len(text):
        size = sizes[len(chunks) % len(sizes)]
        chunks.append(text[at : at + size])
        at += size
    whole = list(matchlog.pieces([text]))
    assert list(matchlog.pieces(chunks)) == whole
    assert "".join(whole) == text
    assert all(p.startswith("[[hand]]") for p in whole[1:])
    assert [len("".join(whole[: i + 1])) - 1 for i in range(len(whole) - 1)] == matchlog.cuts(text)
