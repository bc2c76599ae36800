"""Python's cycle collector paused while the engine makes many objects and no garbage
cycles: a match replayed, a replay cache's snapshot read back, a rule set read.

The collector would otherwise scan everything alive again and again as it grows. What was
made meanwhile then joins the oldest generation unscanned (``freeze`` then ``unfreeze``):
else the first collection afterwards would scan all of it as young objects.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """The collector off inside, back as it was after (a nested pause leaves it off)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.freeze()
            gc.unfreeze()
            gc.enable()
