"""The data folder can be copied, synced and backed up, and a path means one file.

Through the real command line on real files: ``current`` names its match relative to the
folder, no command leaves a lock file anywhere (nor anything for a missing match), a link
is written through and locks the file it names, a file over the size limit is refused
before it is read, and no path in the data folder leads out of it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from cli_helpers import PLAYERS, assert_refused, run_cli

from scorekeeper import matchlog
from scorekeeper.matchlog.files import MAX_SIZE

ROOT = Path(__file__).resolve().parent.parent


def _new(home: Path, *extra: str | Path) -> Path:
    res = run_cli(home, "new", "doppelkopf", *PLAYERS, *extra)
    assert res.returncode == 0, res.stderr
    return sorted((home / "matches").glob("*.toml"))[-1] if not extra else Path(extra[-1])


def _everything(*folders: Path) -> set[Path]:
    return {p for folder in folders for p in folder.rglob("*")}


def test_current_is_relative_and_a_copied_folder_changes_only_itself(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = _new(home)
    assert run_cli(home, "play", "QC").returncode == 0
    assert (home / "current").read_text().strip() == f"matches/{path.name}"
    before = path.read_bytes()
    copy = tmp_path / "copy"
    shutil.copytree(home, copy)
    res = run_cli(copy, "undo")
    assert res.returncode == 0, res.stderr
    assert path.read_bytes() == before  # the original folder is untouched
    assert (copy / "matches" / path.name).read_bytes() != before


def test_an_old_absolute_current_still_reads_and_a_copy_uses_its_own_file(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = _new(home)
    (home / "current").write_text(f"{path.resolve()}\n")  # as older versions wrote it
    assert run_cli(home, "play", "QC").returncode == 0
    assert matchlog.read(path)[0].hands[0].actions == ["Ben QC"]
    copy = tmp_path / "copy"
    shutil.copytree(home, copy)
    before = path.read_bytes()
    res = run_cli(copy, "undo")
    assert res.returncode == 0, res.stderr
    assert path.read_bytes() == before
    assert matchlog.read(copy / "matches" / path.name)[0].hands == []


def test_a_current_leading_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    home = tmp_path / "home"
    _new(home)
    outside = tmp_path / "outside.toml"
    _new(tmp_path / "other", "--match", outside)
    before = outside.read_bytes()
    (home / "current").write_text("../outside.toml\n")
    res = run_cli(home, "play", "QC")
    assert_refused(res, kind="file", names=("outside.toml", "data folder"))
    assert outside.read_bytes() == before


@pytest.mark.parametrize("how", ["planted", "new --match"])
def test_a_current_naming_a_file_outside_the_folder_is_never_written_through(
    tmp_path: Path, how: str
) -> None:
    home = tmp_path / "home"
    _new(home)
    outside = tmp_path / "elsewhere" / "outside.toml"
    if how == "planted":  # an absolute path, as a synced folder's current could say
        _new(tmp_path / "other", "--match", outside)
        (home / "current").write_text(f"{outside}\n")
    else:  # the user's own match elsewhere, made current by new (as before)
        _new(home, "--match", outside)
    before = outside.read_bytes()
    for args in (("play", "QC"), ("hand", "re=Ben,Dirk", "re_points=130"), ("undo",)):
        res = run_cli(home, *args)
        assert_refused(res, kind="file", names=("outside.toml", "data folder", "--match"))
        assert outside.read_bytes() == before, args
    shown = run_cli(home, "status")  # reading it still works, as it did
    assert shown.returncode == 0 and "Anna" in shown.stdout, shown.stderr
    assert run_cli(home, "play", "QC", "--match", outside).returncode == 0
    assert matchlog.read(outside)[0].hands[0].actions == ["Ben QC"]


@pytest.mark.parametrize("command", [("play", "QC"), ("undo",), ("status",), ("score",)])
def test_a_command_on_a_missing_match_file_creates_nothing(tmp_path: Path, command) -> None:
    home = tmp_path / "home"
    work = tmp_path / "work"
    work.mkdir()
    res = run_cli(home, *command, "--match", "typo.toml", cwd=work)
    assert res.returncode == 1, res.stderr
    assert "typo.toml" in res.stderr and "Traceback" not in res.stderr
    assert _everything(work) == set()
    assert not home.exists() or not any(p.name.endswith(".lock") for p in home.rglob("*"))


def test_no_lock_file_is_left_anywhere(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = _new(home)
    for args in (
        ("play", "QC"),
        ("undo",),
        ("rename", path.stem, "evening"),
        ("archive", "evening"),
        ("archive", "--restore", "evening"),
    ):
        res = run_cli(home, *args)
        assert res.returncode == 0, (args, res.stderr)
    assert [p for p in _everything(home) if ".lock" in p.name] == []


def test_the_repository_tracks_no_lock_file() -> None:
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split("\n")
    assert [name for name in listed if name.endswith(".lock")] == []


# ------------------------------------------------------------------ links


def test_a_match_through_a_link_writes_the_file_it_names(tmp_path: Path) -> None:
    home = tmp_path / "home"
    real = _new(home, "--match", tmp_path / "real.toml")
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    res = run_cli(home, "play", "QC", "--match", link)
    assert res.returncode == 0, res.stderr
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert matchlog.read(real)[0].hands[0].actions == ["Ben QC"]
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_file()) == ["link.toml", "real.toml"]


_HOLD = """
import sys
from scorekeeper.matchlog import lock
with lock(sys.argv[1]):
    print("held", flush=True)
    sys.stdin.readline()
"""


def test_two_paths_to_one_file_lock_each_other_out(tmp_path: Path) -> None:
    home = tmp_path / "home"
    real = _new(home, "--match", tmp_path / "real.toml")
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    holder = subprocess.Popen(
        [os.sys.executable, "-c", _HOLD, str(real)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert holder.stdout is not None and holder.stdin is not None
        assert holder.stdout.readline().strip() == "held"
        before = real.read_bytes()
        res = run_cli(home, "play", "QC", "--match", link, env={"SCOREKEEPER_LOCK_WAIT": "0"})
        assert_refused(res, kind="lock")
        assert real.read_bytes() == before
        holder.stdin.write("\n")
        holder.stdin.flush()
        assert holder.wait(timeout=60) == 0
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()
    assert run_cli(home, "play", "QC", "--match", link).returncode == 0


def test_a_dangling_link_is_never_followed_to_make_a_file(tmp_path: Path) -> None:
    home = tmp_path / "home"
    target = tmp_path / "nowhere" / "victim.toml"
    link = tmp_path / "dangling.toml"
    link.symlink_to(target)
    for args in (("play", "QC"), ("undo",), ("status",)):
        res = run_cli(home, *args, "--match", link)
        assert res.returncode == 1 and "Traceback" not in res.stderr, res.stderr
    res = run_cli(home, "new", "doppelkopf", *PLAYERS, "--match", link)
    assert_refused(res, kind="match file")
    assert not target.parent.exists()
    assert link.is_symlink() and sorted(p.name for p in tmp_path.iterdir()) == ["dangling.toml"]


def test_a_link_in_the_matches_folder_leading_out_is_not_a_match(tmp_path: Path) -> None:
    home = tmp_path / "home"
    _new(home)
    outside = _new(tmp_path / "other", "--match", tmp_path / "outside.toml")
    before = outside.read_bytes()
    (home / "matches" / "planted.toml").symlink_to(outside)
    listed = run_cli(home, "matches")
    assert listed.returncode == 0 and "planted" not in listed.stdout
    res = run_cli(home, "switch", "planted")
    assert res.returncode == 1 and "Traceback" not in res.stderr
    assert outside.read_bytes() == before


@pytest.mark.parametrize(
    ("folder", "command"),
    [
        ("rulesets", ("new", "planted", *PLAYERS)),
        ("competitions", ("event", "new", "friday", "planted")),
    ],
)
def test_a_link_in_the_rulesets_or_competitions_folder_leading_out_is_not_read(
    tmp_path: Path, folder: str, command: tuple[str, ...]
) -> None:
    """The data folder's one rule holds for rule sets and competitions too: a file there
    that is a link leading out of the folder is neither listed nor read; named, it is
    refused as leading out (not as unknown), and nothing is made."""
    home = tmp_path / "home"
    (home / folder).mkdir(parents=True)
    outside = tmp_path / "outside.toml"
    outside.write_text('extends = "doppelkopf"\nname = "Planted"\n', encoding="utf-8")
    (home / folder / "planted.toml").symlink_to(outside)
    listing = ("rules", "list") if folder == "rulesets" else ("event", "competitions")
    listed = run_cli(home, *listing)
    assert listed.returncode == 0 and "planted" not in listed.stdout.lower()
    res = run_cli(home, *command)
    assert res.returncode in (1, 2) and "Traceback" not in res.stderr
    assert "leads out of the data folder" in res.stderr
    assert not (home / "matches").exists() and not (home / "events").exists()


def test_a_linked_matches_folder_is_still_the_data_folder(tmp_path: Path) -> None:
    home = tmp_path / "home"
    synced = tmp_path / "synced"
    synced.mkdir()
    home.mkdir()
    (home / "matches").symlink_to(synced)
    res = run_cli(home, "new", "doppelkopf", *PLAYERS)
    assert res.returncode == 0, res.stderr
    assert len(list(synced.glob("*.toml"))) == 1
    assert run_cli(home, "play", "QC").returncode == 0
    assert "matches/" in (home / "current").read_text()


# ------------------------------------------------------------------ size


def test_a_match_file_over_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    home = tmp_path / "home"
    path = _new(home)
    with path.open("r+b") as handle:  # sparse: the limit is checked before any reading
        handle.truncate(MAX_SIZE + 1)
    before = os.stat(path)
    for args in (("status",), ("score",), ("play", "QC"), ("check", path)):
        start = time.monotonic()
        res = run_cli(home, *args)
        assert time.monotonic() - start < 30
        assert_refused(res, kind="match file", names=(path.name, "64 MB"))
    listed = run_cli(home, "matches", "--json")
    assert listed.returncode == 0 and '"too_big"' in listed.stdout
    after = os.stat(path)
    assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)


# ------------------------------------------------------------------ permissions


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_files_follow_the_umask_and_are_never_executable(tmp_path: Path, umask, mode) -> None:
    home = tmp_path / "home"
    script = f"import os, runpy, sys; os.umask({umask}); sys.argv[0] = 'scorekeeper'; " + (
        "runpy.run_module('scorekeeper', run_name='__main__')"
    )
    for args in (("new", "doppelkopf", *PLAYERS), ("play", "QC"), ("score",)):
        env = {k: v for k, v in os.environ.items() if not k.startswith("SCOREKEEPER_")}
        env["SCOREKEEPER_HOME"] = str(home)
        done = subprocess.run(
            [os.sys.executable, "-c", script, *args], env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr
    made = [p for p in home.rglob("*") if p.is_file()]
    assert any(p.suffix == ".toml" for p in made)
    for p in made:
        assert p.stat().st_mode & 0o777 == mode, p
