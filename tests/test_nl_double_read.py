"""Bierkopf's double as a Dutch table says it (issue 27, item 2; found in the Dutch walk of
item 4): the result and the explanation say 'verdubbeld' and 'verdubbelen', so the table
may say 'verdubbelen' or 'verdubbel' as well as 'dubbelen'; the match file holds 'double'."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import in_process

from scorekeeper.session import Session


@pytest.mark.parametrize("said", ["verdubbelen", "verdubbel", "dubbelen"])
def test_the_double_is_read_as_said(
    said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = in_process(tmp_path / "home", monkeypatch)
    path = tmp_path / "m.toml"
    players = ["Anna", "Ben", "Carla", "Dirk"]
    assert run("new", "bierkopf", *players, "--match", path, "--lang", "nl").returncode == 0
    res = run("act", f"Ben {said}", "--match", path)
    assert res.returncode == 0, res.stderr
    assert "Ben verdubbelt" in res.stdout
    assert Session.open(path).log.hands[0].actions == ["Ben double"]
