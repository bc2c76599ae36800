"""An undo (and its redo) of a finished last hand (a quick hand, a hand's last card) of a
match opened by hands goes through the tail: the last hand's text is read from the file,
the hands before it stay as the replay cache keeps them, and the whole log is never read
(issue 25: ``undo --yes`` of a quick last hand held the whole log of a long match). The
file is byte for byte what the same undo writes with the cache off (the whole log read
and written)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import PLAYERS

from scorekeeper import matchlog
from scorekeeper.matchlog import MatchLog
from scorekeeper.session import Session

QUICK = (["re=Anna,Carla", "re_points=165"], ["re=Ben,Dirk", "re_points=130"])


def _match(path: Path, quick: int, cards: int) -> None:
    """A match of ``quick`` quick hands, then ``cards`` cards of a hand (played through)."""
    matchlog.write(path, MatchLog.new("doppelkopf", list(PLAYERS), PLAYERS[0]), new=True)
    for i in range(quick):
        with Session.edit(path) as s:
            s.quick(QUICK[i % 2])
    for _ in range(cards):
        with Session.edit(path) as s:
            hand = s.current_hand()
            player = hand.to_play()
            assert player is not None
            s.play(hand.playable_cards(player)[0].code, player)


@pytest.mark.parametrize(("quick", "cards"), [(6, 0), (5, 48)], ids=["quick", "cards"])
def test_an_undo_of_a_finished_last_hand_reads_no_whole_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, quick: int, cards: int
) -> None:
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    path, twin = tmp_path / "m.toml", tmp_path / "twin.toml"
    _match(path, quick, cards)
    twin.write_bytes(path.read_bytes())
    before = path.read_bytes()
    whole = []
    read = matchlog.read
    monkeypatch.setattr(matchlog, "read", lambda *a, **k: whole.append(a) or read(*a, **k))
    for _ in range(2):  # the last hand's last entry, then the one before it
        with Session.edit(path, replay=False) as s:
            s.undo()
    with Session.edit(path, replay=False) as s:
        s.redo()
    assert whole == []
    monkeypatch.setattr(matchlog, "read", read)
    monkeypatch.setenv("SCOREKEEPER_CACHE", "off")  # the whole log read and written
    for _ in range(2):
        with Session.edit(twin, replay=False) as s:
            s.undo()
    with Session.edit(twin, replay=False) as s:
        s.redo()
    assert path.read_bytes() == twin.read_bytes() != before
    assert path.read_bytes() == matchlog.read(path)[0].dumps().encode()
