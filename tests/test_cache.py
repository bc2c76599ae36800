"""The derived-state cache never changes a result, and a bad cache file is only rebuilt.

Random matches are replayed with and without the cache and every figure is compared; the
same actions recorded through the cache write exactly the bytes a full rewrite writes;
corrupt, truncated and stale cache files are ignored without a word; deleting every
cache changes nothing.
"""

from __future__ import annotations

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
    inline = bool(log.hands) and cache.SEPARATOR not in path.read_text(encoding="utf-8")
    assert warm._tail is not None or inline, "the second open goes through the snapshot"
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
    cache.cache_file(path).unlink(missing_ok=True)
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
    """Undo after undo from a finished match, cold (no snapshot) and warm: each file is
    the one the same undos give with the cache off, and so are the figures."""
    full = random_log(ruleset, 3, seed, quick)
    mine, theirs = tmp_path / f"a-{seed}.toml", tmp_path / f"b-{seed}.toml"
    for path in (mine, theirs):
        path.unlink(missing_ok=True)
        cache.cache_file(path).unlink(missing_ok=True)
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
    """A match of three finished hands and one begun, its snapshot kept."""
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


@pytest.mark.parametrize(
    "spoil",
    [
        lambda data: b"",
        lambda data: b"not a snapshot at all",
        _truncated,
        _flipped,
        lambda data: cache.FORMAT.encode() + b"\n" + pickle.dumps({"hands": []}),
        lambda data: b"scorekeeper-cache/0\n" + data.partition(b"\n")[2],
    ],
    ids=["empty", "garbage", "truncated", "flipped", "other-object", "old-format"],
)
def test_a_bad_cache_file_is_ignored_and_rebuilt(
    warm: Path, home: Path, monkeypatch: pytest.MonkeyPatch, spoil: Any
) -> None:
    expected = without_cache(warm, monkeypatch)
    file = cache.cache_file(warm)
    file.write_bytes(spoil(file.read_bytes()))
    result = run_cli(home, "status", "--json", "--match", warm)
    assert result.returncode == 0 and result.stderr == ""
    assert figures(Session.open(warm)) == expected
    assert cache.load(warm) is not None, "rebuilt"
    assert Session.open(warm)._tail is not None


def test_a_stale_snapshot_is_not_trusted_over_the_file(
    warm: Path, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another match written over the file (same header, other hands): the snapshot's
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


def _lying_snapshot(warm: Path) -> cache.Snapshot:
    """The kept snapshot with a lie in it: Anna's score in the first hand 1000 too high."""
    snapshot = cache.load(warm)
    assert snapshot is not None
    snapshot.hands[0].result.scores["Anna"] += 1000  # type: ignore[union-attr]
    snapshot.hands[0]._scores["Anna"] += 1000  # type: ignore[attr-defined]
    return snapshot


def test_a_snapshot_of_other_code_or_rules_is_not_used(
    warm: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    snapshot = _lying_snapshot(warm)
    snapshot.key = "other code:" + snapshot.key.split(":")[1]
    cache.save(warm, snapshot)
    assert figures(Session.open(warm)) == without_cache(warm, monkeypatch)


def test_a_file_changed_behind_the_snapshot_replays_in_full(
    warm: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lie in the snapshot is harmless as soon as the file's prefix differs."""
    snapshot = _lying_snapshot(warm)
    raw = warm.read_bytes()
    snapshot.digests = cache.digests_of(b"#" + raw[1:], snapshot.ends)  # made from other text
    cache.save(warm, snapshot)
    assert figures(Session.open(warm)) == without_cache(warm, monkeypatch)


def test_deleting_every_cache_changes_nothing(warm: Path, home: Path) -> None:
    before = run_cli(home, "score", "--json", "--match", warm)
    status = run_cli(home, "status", "--json", "--match", warm)
    for file in cache.cache_dir().iterdir():
        file.unlink()
    assert run_cli(home, "score", "--json", "--match", warm).stdout == before.stdout
    assert run_cli(home, "status", "--json", "--match", warm).stdout == status.stdout
    assert before.returncode == status.returncode == 0


def test_a_hand_edited_file_is_read_in_full_and_written_canonically(
    warm: Path, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = warm.read_text(encoding="utf-8")
    warm.write_text("# edited by hand\n" + text, encoding="utf-8")
    session = Session.open(warm)
    assert session._tail is None
    legal = [a for a in session.current_hand().legal_actions() if a.is_play]
    assert legal
    result = run_cli(home, "act", legal[0].text, "--match", warm)
    assert result.returncode == 0, result.stderr
    written = warm.read_text(encoding="utf-8")
    assert written == matchlog.loads(written)[0].dumps()
    assert figures(Session.open(warm)) == without_cache(warm, monkeypatch)


def test_the_cache_lives_in_the_data_folder_not_beside_the_match(warm: Path, home: Path) -> None:
    assert cache.cache_file(warm).parent == home / "cache" / "snapshots"
    beside = {p.name for p in warm.parent.iterdir() if p.is_file()}
    assert beside <= {"m.toml", "m.toml.lock"}


def test_an_undo_reaching_back_into_the_snapshot_still_finds_it(
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


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(["a", "\n", "[[hand]]", "\n[[hand]]\n", "é", "x = 1\n"]), max_size=30),
    st.lists(st.integers(1, 12), min_size=1, max_size=8),
)
def test_a_file_read_in_chunks_is_cut_where_the_whole_text_is(
    words: list[str], sizes: list[int]
) -> None:
    """The stream's pieces do not depend on where the file's reads happen to end."""
    from scorekeeper.session.stream import pieces

    text = "".join(words)
    chunks, at = [], 0
    while at < len(text):
        size = sizes[len(chunks) % len(sizes)]
        chunks.append(text[at : at + size])
        at += size
    whole = list(pieces([text]))
    assert list(pieces(chunks)) == whole
    assert "".join(whole) == text
    assert all(p.startswith(cache.SEPARATOR[:-1]) for p in whole[1:])
