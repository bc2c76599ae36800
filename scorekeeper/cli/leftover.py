"""What a command is done with, left for the process's end instead of freed on the way.

A process that ends at once (:func:`.launch.exit_now`, ``os._exit``) never frees its
objects one by one; a big one let go earlier is freed object by object (a checked
10,000-hand match and its log: about 28 ms, 1.5% of the check). While :func:`.launch.run`
runs a command, the command may leave such objects here; ``run`` lets them go when the
process goes on after the command (run inside another program, an ``atexit`` callback,
Typer's own ending). Outside ``run`` (a command body called by a test or another
program) nothing is kept: the objects go as usual.
"""

from __future__ import annotations

_left: list[object] | None = None
"""What was left, while a command runs under ``launch.run``; None otherwise."""


def keeping() -> None:
    """A command starts under ``launch.run``: what it leaves is kept until it is over."""
    global _left
    _left = []


def leave(*objects: object) -> None:
    """Keep ``objects`` until the command is over (or the process ends at once)."""
    if _left is not None:
        _left.extend(objects)


def let_go() -> None:
    """The command is over and the process goes on: free what was left."""
    global _left
    _left = None
