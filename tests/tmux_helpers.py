"""The real ``scorekeeper table`` session in a terminal (tmux): keys sent, the screen read.

Every session runs on a tmux server of its own (``tmux -L NAME``, its own socket, no
configuration file read), killed when the session closes. On tmux's default server, two
xdist workers starting it at once failed with "server exited unexpectedly" (the
fresh-clone CI of 529ed07), and a session of one test could be seen, or killed, by another.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import cli_env

TMUX = shutil.which("tmux")


def wait_for(check: Callable[[], bool], seconds: float = 30.0) -> bool:
    """Whether ``check()`` comes true within ``seconds`` (an OSError or ValueError meanwhile
    counts as not yet)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            if check():
                return True
        except (OSError, ValueError):
            pass
        time.sleep(0.05)
    return False


def _tmux_env() -> dict[str, str]:
    """tmux's own environment: a terminal it knows, and no outer tmux to talk to."""
    env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "TMUX_PANE")}
    return {**env, "TERM": "xterm"}


class Tmux:
    """One table session in a terminal of ``width`` columns, on a tmux server of its own.

    ``command`` runs another ``scorekeeper`` command instead (its words after the program's
    name), ``program`` any other program (its whole command line); ``record`` keeps every byte the program writes to the terminal in that file
    (tmux's ``pipe-pane``, attached before the program starts), to look for what must
    never reach a terminal raw."""

    def __init__(
        self,
        home: Path,
        path: Path,
        name: str,
        width: int = 160,
        args: Sequence[str] = (),
        command: Sequence[str] | None = None,
        record: Path | None = None,
        program: Sequence[str] = (),
    ) -> None:
        self.name = name
        self.socket = f"sk-{os.getpid()}-{time.time_ns()}"  # a server of its own
        env = cli_env(home)
        if command is None:
            command = ["table", "--match", str(path), *args]
        argv = [*program] if program else [sys.executable, "-m", "scorekeeper", *command]
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items() if k.startswith("SCORE"))
        shell = f"cd {shlex.quote(os.getcwd())} && env {exports} {shlex.join(argv)}"
        tmux = f"tmux -L {self.socket}"
        if record is not None:  # the program waits until every byte it writes is kept
            shell = f"{tmux} wait-for go; {shell}; {tmux} wait-for -S done; sleep 60"
        self.run("new-session", "-d", "-s", name, "-x", str(width), "-y", "40", shell, check=True)
        if record is not None:
            self.run(
                "pipe-pane", "-o", "-t", name, f"cat >> {shlex.quote(str(record))}", check=True
            )
            self.run("wait-for", "-S", "go", check=True)

    def run(
        self, *args: str, check: bool = False, timeout: float = 60.0
    ) -> subprocess.CompletedProcess[str]:
        """A tmux command to this session's own server."""
        return subprocess.run(
            ["tmux", "-L", self.socket, "-f", "/dev/null", *args],
            capture_output=True,
            text=True,
            check=check,
            env=_tmux_env(),
            timeout=timeout,
        )

    def keys(self, *keys: str) -> None:
        self.run("send-keys", "-t", self.name, *keys, check=True)

    def literal(self, text: str) -> None:
        """``text`` typed as it is (escape sequences and all), not read as key names."""
        self.run("send-keys", "-l", "-t", self.name, text, check=True)

    def paste(self, text: str) -> None:
        """``text`` pasted as a terminal pastes it (bracketed, when the program asked for
        that): taken as it is, escape sequences and all, not read as keys."""
        self.run("set-buffer", "-b", "typed", "--", text, check=True)
        self.run("paste-buffer", "-p", "-d", "-b", "typed", "-t", self.name, check=True)

    def finished(self, seconds: float = 60.0) -> None:
        """Wait until a one-shot ``command`` has ended (and its output is kept)."""
        self.run("wait-for", "done", timeout=seconds)

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", self.name).stdout

    def wait(self, text: str, seconds: float = 30.0) -> str:
        assert wait_for(lambda: text in self.screen(), seconds), self.screen()
        return self.screen()

    def alive(self) -> bool:
        return self.run("has-session", "-t", self.name).returncode == 0

    def close(self) -> None:
        """The session and its server gone (the socket with it)."""
        self.run("kill-server")


@pytest.fixture(name="tmux")
def tmux_sessions(tmp_path: Path) -> Iterator[Callable[..., Tmux]]:
    """``tmux(path, width=..., args=..., command=..., record=...)``: a session on
    ``path`` (:class:`Tmux`), closed at teardown."""
    if TMUX is None:
        pytest.skip("tmux is not installed")
    made: list[Tmux] = []

    def start(path: Path, width: int = 160, args: Sequence[str] = (), **more: Any) -> Tmux:
        name = f"{os.getpid()}-{len(made)}-{time.time_ns()}"
        t = Tmux(tmp_path / "home", path, name, width=width, args=args, **more)
        made.append(t)
        return t

    yield start
    for t in made:
        t.close()
