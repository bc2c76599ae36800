"""Where match files live: the data folder, the current match, new file names.

New matches go to the user's data folder (``$SCOREKEEPER_HOME`` or the XDG data folder);
the newest becomes the current match. ``--match FILE`` or ``$SCOREKEEPER_MATCH`` picks
another. Opening and changing a match file is the session's business
(:mod:`scorekeeper.session`).
"""

from __future__ import annotations

import os
import re
from datetime import datetime
from pathlib import Path

from scorekeeper import matchlog
from scorekeeper.errors import ScorekeeperError
from scorekeeper.games import load
from scorekeeper.match import Match
from scorekeeper.matchlog import MatchLog
from scorekeeper.rules import data_home


def matches_dir() -> Path:
    return data_home() / "matches"


def _pointer() -> Path:
    return data_home() / "current"


def current_path(explicit: str | Path | None = None) -> Path:
    """The match file to use: the one given, $SCOREKEEPER_MATCH, or the current match."""
    if explicit:
        return Path(explicit)
    if env := os.environ.get("SCOREKEEPER_MATCH"):
        return Path(env)
    pointer = _pointer()
    if pointer.is_file():
        text = pointer.read_text(encoding="utf-8").strip()
        if text:
            return Path(text)
    raise ScorekeeperError(
        "no current match: start one with 'scorekeeper new RULESET PLAYER...' "
        "or pick a file with --match FILE",
        rule="match",
        kind="match file",
    )


def set_current(path: Path) -> None:
    pointer = _pointer()
    pointer.parent.mkdir(parents=True, exist_ok=True)
    tmp = pointer.with_suffix(".tmp")
    tmp.write_text(str(path.resolve()) + "\n", encoding="utf-8")
    os.replace(tmp, pointer)


def new_path(players: list[str], ruleset: str, when: datetime) -> Path:
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", Path(ruleset).stem)
    stamp = when.strftime("%Y%m%d-%H%M%S")
    base = matches_dir() / f"{stamp}-{slug}"
    path = base.with_suffix(".toml")
    n = 2
    while path.exists():
        path = Path(f"{base}-{n}.toml")
        n += 1
    return path


def create(log: MatchLog, path: Path) -> None:
    """Write a new match file (refusing to overwrite one) and make it current."""
    if path.exists():
        raise ScorekeeperError(
            f"{path} already exists; choose another file", rule="match", kind="match file"
        )
    Match.from_log(log, None, "the new match", loader=load)  # the header must replay
    path.parent.mkdir(parents=True, exist_ok=True)
    with matchlog.lock(path):
        matchlog.write(path, log)
    set_current(path)
