"""Issue 25's "Done when" (a file planted in any cache runs nothing), walked again by the
campaign for Python's own ways of running a planted file: a ``sitecustomize.py``,
``usercustomize.py``, a module named as one the program imports (``typer.py``,
``json.py``, ``tomllib.py``) or a ``.pth`` file, planted in every folder of a shared data
folder (the folder itself, ``matches/``, ``cache/`` and its ``replay/`` and ``stats/``,
``rulesets/``, ``undone/``) and in the machine's cache folder, with the command run from
inside the data folder.

The installed ``scorekeeper`` command runs none of them. ``python -m scorekeeper`` run
from inside the folder does import a planted ``json.py`` (Python puts the current folder
first on its path for ``-m``): the control that shows the planted files would run if
anything put their folder on the path, so the test can fail.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import cli_env, run_cli

INSTALLED = Path(sys.executable).with_name("scorekeeper")
FOLDERS = ["", "matches", "cache", "cache/replay", "cache/stats", "rulesets", "undone"]
MODULES = ["sitecustomize", "usercustomize", "typer", "json", "tomllib"]


def _plant(home: Path, xdg: Path, marker: Path) -> int:
    """Every planted file, each creating ``marker`` (named after itself) when run."""
    count = 0
    for folder in [*(home / f for f in FOLDERS), xdg, xdg / "scorekeeper"]:
        folder.mkdir(parents=True, exist_ok=True)
        for module in MODULES:
            code = f"open({str(marker)!r} + '-{module}', 'w').close()\n"
            (folder / f"{module}.py").write_text(code, "utf-8")
            count += 1
        pth = f"import os; open({str(marker)!r} + '-pth', 'w').close()\n"
        (folder / "planted.pth").write_text(pth, "utf-8")
        count += 1
    return count


def _ran(marker: Path) -> list[str]:
    return sorted(p.name for p in marker.parent.glob(f"{marker.name}-*"))


@pytest.mark.skipif(not INSTALLED.exists(), reason="the scorekeeper command is not installed")
def test_files_planted_in_a_shared_data_folder_run_nothing(tmp_path: Path) -> None:
    home, xdg, marker = tmp_path / "home", tmp_path / "xdg", tmp_path / "ran"
    match = home / "matches" / "m.toml"
    assert (
        run_cli(home, "new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk", "-m", match).returncode
        == 0
    )
    assert run_cli(home, "hand", "re=Anna,Carla", "re_points=165", "-m", match).returncode == 0
    assert _plant(home, xdg, marker) == 54
    env = cli_env(home, match, {"XDG_CACHE_HOME": str(xdg)})
    for cwd in (home, home / "matches", home / "cache" / "replay"):
        for args, stdin in (
            (["status"], ""),
            (["score", "--json"], ""),
            (["--lang", "de", "export", "--format", "csv"], ""),
            (["stats"], ""),
            (["rules", "list"], ""),
            (["undo", "--yes"], ""),
            (["redo"], ""),
            (["table"], "status\nquit\n"),
        ):
            done = subprocess.run(
                [str(INSTALLED), *args],
                env=env,
                cwd=cwd,
                input=stdin,
                capture_output=True,
                text=True,
                timeout=60,
            )
            assert done.returncode == 0, (args, done.stderr)
            assert _ran(marker) == [], (cwd, args)
    # the control: run with the folder on Python's path, a planted module does run
    done = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "status"],
        env=env,
        cwd=home,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "ran-json" in _ran(marker), done.stderr
