"""A match file that is no file: a folder (``.``, ``/``, ``--match=``), a device or a pipe.

Every command refuses it with one clear line and exit 1, before anything reads it:
reading ``/dev/zero`` would never end and a pipe would wait for a writer forever. Found
by comparing the quick path with Typer's (both answered with an internal error or hung).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from cli_helpers import PLAYERS, run_cli

REFUSED = "is a folder, a device or a pipe, not a match file"
NOT_READ = "not a match file but a folder, a device or a pipe"


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.toml"
    os.mkfifo(path)
    return path


@pytest.mark.parametrize(
    "args",
    [
        ["play", "QC", "-m", "."],
        ["play", "QC", "--match", "/"],
        ["play", "QC", "--match="],
        ["status", "-m", "/dev/zero"],
        ["score", "-m", "/dev/null"],
        ["undo", "-m", "/dev/full"],
        ["export", "--match", "/dev/zero"],
    ],
)
def test_a_folder_or_device_is_no_match_file(home: Path, tmp_path: Path, args: list[str]) -> None:
    res = run_cli(home, *args, cwd=tmp_path)
    assert res.returncode == 1, res.stderr
    assert REFUSED in res.stderr
    assert "internal error" not in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("command", [["status"], ["play", "QC"], ["table"]])
def test_a_pipe_is_refused_without_waiting_for_a_writer(
    home: Path, fifo: Path, command: list[str]
) -> None:
    res = run_cli(home, *command, "--match", fifo)  # run_cli's timeout fails a hang
    assert res.returncode == 1
    assert f"{fifo} {REFUSED}" in res.stderr


def test_the_current_match_pointing_at_a_folder(home: Path, tmp_path: Path) -> None:
    res = run_cli(home, "status", env={"SCOREKEEPER_MATCH": str(tmp_path)})
    assert res.returncode == 1
    assert REFUSED in res.stderr


@pytest.mark.parametrize("target", ["/dev/zero", "PIPE", "."])
def test_check_refuses_what_is_not_a_file(
    home: Path, tmp_path: Path, fifo: Path, target: str
) -> None:
    name = str(fifo) if target == "PIPE" else target
    res = run_cli(home, "check", name, cwd=tmp_path)
    assert res.returncode == 1
    assert f"{name}: {NOT_READ}" in res.stderr
    assert "internal error" not in res.stderr


def test_a_real_match_file_is_still_read(home: Path, tmp_path: Path) -> None:
    match = tmp_path / "m.toml"
    assert run_cli(home, "new", "doppelkopf", *PLAYERS, "--match", match).returncode == 0
    assert run_cli(home, "play", "QC", "--match", match).returncode == 0
    res = run_cli(home, "check", match)
    assert res.returncode == 0, res.stderr


def test_german_words(home: Path, tmp_path: Path) -> None:
    res = run_cli(home, "--lang", "de", "status", "-m", ".", cwd=tmp_path)
    assert res.returncode == 1
    assert "keine Partiedatei" in res.stderr
