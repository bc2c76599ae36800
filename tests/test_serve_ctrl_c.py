"""Ctrl-C stops ``scorekeeper serve`` cleanly whenever it comes: while the program starts
(exit status 130, no traceback), or once the addresses are printed, however soon after
(the loop being made, the server starting, serving: "Stopped serving.", exit status 0).
Never a traceback on stderr, nor, once the addresses are printed, a warning (an
unclosed event loop, a coroutine never awaited) with Python showing
every warning. The real command, a real signal."""

from __future__ import annotations

import builtins
import importlib
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import PLAYERS, run_cli
from serve_helpers import start

pytest.importorskip("uvicorn", reason="the serve extra is not installed")


def _serve(home: Path, **env: str) -> subprocess.Popen[str]:
    return start(home, "serve", "--port", "0", env=env)


def _stopped(proc: subprocess.Popen[str]) -> tuple[int, str, str]:
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    return proc.returncode, out, err


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("home")
    res = run_cli(home, "new", "doppelkopf", *PLAYERS)
    assert res.returncode == 0, res.stderr
    return home


@pytest.mark.parametrize("after", [0.0, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.03, 0.1])
def test_ctrl_c_soon_after_the_addresses_stops_serving_cleanly(home: Path, after: float) -> None:
    proc = _serve(home, PYTHONWARNINGS="default")  # every warning shown once
    assert proc.stdout is not None
    first = proc.stdout.readline()  # the first line: the addresses follow, then the loop
    assert first.strip(), proc.stderr.read() if proc.stderr else ""
    time.sleep(after)
    code, out, err = _stopped(proc)
    assert err == "", err
    assert code == 0 and out.rstrip().endswith("Stopped serving."), (code, out)


def test_ctrl_c_while_the_program_starts_ends_it_with_130_quietly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ctrl-C while the program's own modules are still being imported (before any
    command runs): exit status 130, no traceback."""
    real = builtins.__import__

    def interrupted(name: str, *args: Any, **kwargs: Any) -> Any:
        fromlist = args[2] if len(args) > 2 else kwargs.get("fromlist")
        if name == "scorekeeper.cli" and fromlist and "quick" in fromlist:
            raise KeyboardInterrupt
        return real(name, *args, **kwargs)

    from scorekeeper import __main__ as program

    monkeypatch.setattr(builtins, "__import__", interrupted)
    try:
        with pytest.raises(SystemExit) as stopped:
            importlib.reload(program).main()
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C while starting went through as a traceback")
    assert stopped.value.code == 130
