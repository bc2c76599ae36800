"""What a command is done with, left for the process's end instead of freed on the way.

A process that ends at once (:func:`.launch.exit_now`, ``os._exit``) never frees its
objects one by one; a big one let go earlier is freed object by object (a checked
10,000-hand match and its log: about 28 ms, 1.5% of the check). A command leaves such
objects here; :func:`.launch.run` lets them go when the process goes on after the command
(run inside another program, an ``atexit`` callback, Typer's own ending), so nothing is
kept beyond the command either way.
"""

from __future__ import annotations

_left: list[object] = []


def leave(*objects: object) -> None:
    """Keep ``objects`` until the command is over (or the process ends at once)."""
    _left.extend(objects)


def let_go() -> None:
    """The command is over and the process goes on: free what was left."""
    _left.clear()
