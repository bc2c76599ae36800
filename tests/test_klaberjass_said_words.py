"""A Klaberjass hand's sequences in the Dutch table's words (issue 27, item 1, found in the
Dutch walk of issue 27, item 4): the sequence announced is named by its cards as the table
writes them (7♦ 8♦ 9♦, not 7D 8D 9D), and the status names each player's part in the hand
(troefmaker, tegenspeler; not 'opponent')."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import in_process
from code_words import code_words


def test_sequences_and_the_status_in_dutch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = in_process(tmp_path / "home", monkeypatch)
    path = tmp_path / "m.toml"
    assert run("new", "klaberjass", "Anna", "Ben", "--match", path, "--lang", "nl").returncode == 0
    res = run("act", "Anna omdraaien HB", "Ben pas", "Anna neem", "--match", path)
    assert res.returncode == 0, res.stderr
    said = run("act", "Ben reeks R7 R8 R9", "Anna reeks S10 SB SV", "--match", path)
    assert said.returncode == 0, said.stderr
    status = run("status", "--match", path)
    assert status.returncode == 0, status.stderr
    out = said.stdout + status.stdout
    assert "7♦ 8♦ 9♦" in said.stdout and "7D" not in out, out
    assert "Ben: reeks 7♦ 8♦ 9♦ (tegenspeler)" in status.stdout, status.stdout
    assert "Anna: reeks 10♠ B♠ V♠ (troefmaker)" in status.stdout, status.stdout
    assert not [line for line in out.splitlines() if code_words(line, "nl")], out
