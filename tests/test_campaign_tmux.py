"""The tmux sessions of the tests are each on a server of their own (``tmux_helpers``):
two xdist workers starting tmux's default server at once failed with "server exited
unexpectedly" (the fresh-clone CI of 529ed07). Two sessions of the same name at once,
which one server refuses ("duplicate session"), both start and live apart; closing one
leaves the other, and its server (its socket) goes with it."""

from __future__ import annotations

from pathlib import Path

import pytest
from table_helpers import new_match
from tmux_helpers import TMUX, Tmux

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")


def test_two_sessions_of_one_name_run_apart(tmp_path: Path) -> None:
    path = new_match(tmp_path, "doppelkopf", ["Anna", "Ben", "Carla", "Dirk"])
    first = Tmux(tmp_path / "home", path, "same")
    try:
        second = Tmux(tmp_path / "home", path, "same")
        try:
            assert first.socket != second.socket
            first.wait("Ben to play>")
            second.wait("Ben to play>")
            first.close()
            assert not first.alive()
            assert second.alive()
            second.keys("qc", "Enter")
            second.wait("Carla to play>")
        finally:
            second.close()
        assert not second.alive()
    finally:
        first.close()
