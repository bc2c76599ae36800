"""``rename-player`` renames a match hand by hand and writes the very bytes of today's
whole rename (issue 25: every command on a long match in bounded memory).

A match opened by hands (through its replay cache, cold or warm) is renamed one hand at a
time: each hand read, renamed, replayed (the replay verifies the change) and its canonical
text kept, the whole log never held. The file must come out byte for byte as the whole
rename writes it (the whole log read, renamed and dumped): for random cuts of random
matches of every rule set, laid out by the tool or by another writer (no blank line
between the hands), with a quick hand now and then, an open hand or none, and every hand
short (written inline, where the whole path stays).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run_cli
from hypothesis import example, given, settings
from hypothesis import strategies as st
from random_matches import PROPERTY, Cut, cuts, data_home

from scorekeeper import matchlog
from scorekeeper.games import family_for
from scorekeeper.matchlog.files import for_match
from scorekeeper.ruleset import load
from scorekeeper.session import Session, corrections


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return data_home(tmp_path, monkeypatch)


def whole_rename(text: str, path: Path, old: str, new: str) -> str:
    """Today's rename: the whole log read, renamed and dumped."""
    log = matchlog.loads(text)[0]
    rules = load(for_match(log.ruleset, path), log.options)
    corrections.rename(log, old, new, family_for(rules).quick_keys())
    return log.dumps()


def dense(text: str) -> str:
    """The same match as another TOML writer might lay it out: no blank line between."""
    return text.replace("\n\n[[hand]]\n", "\n[[hand]]\n")


@settings(PROPERTY, max_examples=40)
@given(drawn=cuts(), layout=st.sampled_from(["tool", "dense"]), warm=st.booleans())
@example(Cut("bierkopf", 3, 1, 1.0, 1.0), "tool", False)  # every hand short: inline
@example(Cut("doppelkopf", 4, 3, 0.99, 0.5), "dense", True)  # an open last hand
@example(Cut("doppelkopf", 0, 3, 0.5, 0.0), "tool", False)  # no hand
def test_a_rename_by_hands_writes_the_bytes_of_the_whole_rename(
    tmp_path: Path, drawn: Cut, layout: str, warm: bool
) -> None:
    log, path = drawn.fresh(tmp_path)
    text = log.dumps()
    path.write_text(dense(text) if layout == "dense" else text, encoding="utf-8")
    if warm:
        Session.open(path)  # the replay cache keeps the file's entry
    old = log.players[1]
    expected = whole_rename(text, path, old, "Zora")
    by_hands = False
    with Session.edit(path, replay=False) as session:
        done = session.rename_player(old.lower(), "Zora")
        by_hands = session._text is not None
    assert path.read_text(encoding="utf-8") == expected
    assert done["old"] == old and done["new"] == "Zora"
    assert done["hands"] == sum(old in json.dumps(h.to_dict()) for h in log.hands)
    if any(not matchlog.short(h) for h in log.hands):
        assert by_hands, "a match with a section is renamed hand by hand"
    # what the rename kept in the replay cache answers as the file does
    cached = Session.open(path).match.totals()
    assert cached == Session.open(path, full=True).match.totals()


def test_short_hands_written_as_sections_come_out_inline_as_the_whole_rename_writes(
    tmp_path: Path,
) -> None:
    """Another writer's file whose every hand is short but written as a ``[[hand]]``
    section is read hand by hand; the whole dump writes such hands inline, and so does
    the rename."""
    from random_matches import random_log

    log = random_log("bierkopf", 3, 1, 1.0)
    assert log.hands and all(matchlog.short(h) for h in log.hands)
    head = matchlog.MatchLog(**{**vars(log), "hands": []}).dumps().encode()
    path = tmp_path / "m.toml"
    path.write_bytes(head + b"".join(matchlog.section(h) for h in log.hands))
    assert b"[[hand]]" in path.read_bytes()
    expected = whole_rename(log.dumps(), path, "Ben", "Bert")
    assert "hand = [" in expected
    with Session.edit(path, replay=False) as session:
        session.rename_player("Ben", "Bert")
    assert path.read_text(encoding="utf-8") == expected


def test_rename_player_of_a_long_match_holds_no_whole_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through the CLI: the whole log is never read (``matchlog.read`` is never called)
    and the file is the whole rename's, with the cache cold, warm and off."""
    from random_matches import random_log

    log = random_log("doppelkopf", 12, 5, 0.3)
    text = log.dumps()
    for cache in ("cold", "warm", "off"):
        path = tmp_path / f"{cache}.toml"
        path.write_text(text, encoding="utf-8")
        env = {"SCOREKEEPER_CACHE": "off"} if cache == "off" else {}
        if cache == "warm":
            assert run_cli(tmp_path / "home", "status", "-m", path).returncode == 0
        res = run_cli(tmp_path / "home", "rename-player", "carla", "Clara", "-m", path, env=env)
        assert res.returncode == 0, res.stderr
        assert "Carla is now Clara" in res.stdout
        assert path.read_text(encoding="utf-8") == whole_rename(text, path, "Carla", "Clara")
    calls: list[str] = []
    read = matchlog.read
    monkeypatch.setattr(matchlog, "read", lambda p: calls.append(str(p)) or read(p))
    path = tmp_path / "in-process.toml"
    path.write_text(text, encoding="utf-8")
    with Session.edit(path, replay=False) as session:
        session.rename_player("Ben", "Bert")
    assert calls == [], "the whole log was read"
    assert path.read_text(encoding="utf-8") == whole_rename(text, path, "Ben", "Bert")


def test_a_rename_that_does_not_replay_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A renamed hand that does not replay (here the rename is made to swap the first
    hand's first two cards, out of turn): refused in the whole replay's words, with the
    rule, and the file (and the cache) as they were."""
    from random_matches import random_log

    from scorekeeper.errors import ScorekeeperError

    path = tmp_path / "m.toml"
    path.write_text(random_log("doppelkopf", 3, 7, 0.0).dumps(), encoding="utf-8")
    Session.open(path)
    before = path.read_bytes()
    rename_hand = corrections.rename_hand

    def broken(record: matchlog.HandRecord, *args: object) -> bool:
        touched = rename_hand(record, *args)  # type: ignore[arg-type]
        if len(record.actions) > 30:
            record.actions[0], record.actions[1] = record.actions[1], record.actions[0]
        return touched

    monkeypatch.setattr(corrections, "rename_hand", broken)
    with pytest.raises(ScorekeeperError) as refused, Session.edit(path, replay=False) as session:
        session.rename_player("Ben", "Bert")
    assert "Bert" in str(refused.value)
    assert path.read_bytes() == before
    assert Session.open(path).match.players == ["Anna", "Ben", "Carla", "Dirk"]
