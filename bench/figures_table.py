"""The table session's figure: a trick entered in ``scorekeeper table`` answers in under
20 ms on a 16-hand match (issue 13).

``trick_latency_figures(path)`` copies the match, opens a table session on the copy and
enters the tricks of a new hand one line each (``qc 10h ad 9d``), timing each line from
the moment it is handed to the session until its answer is ready: the file reread,
locked, replayed, the trick recorded and written, and the answer's lines made. The lines
are worked out beforehand from the legal cards, untimed. ``bench/perf.py`` picks up
``figures``; run this file alone for the figures of one match file.
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

LIMIT_MS = 20.0


def _trick_line(session: object) -> str:
    from scorekeeper.table.session import TableSession

    assert isinstance(session, TableSession)
    from scorekeeper.table.complete import replayed

    hand = replayed(session.hand())
    cards = []
    while True:
        player = hand.to_play()
        if player is None:
            break
        card = hand.playable_cards(player)[0]
        hand.apply(f"{player} {card.code}")
        cards.append(card.code.lower())
        if hand.current_trick is None:
            break
    return " ".join(cards)


def trick_latency_figures(path: Path, tricks: int = 8) -> dict[str, float]:
    """Milliseconds per trick line in the session on a copy of ``path``: median and max,
    the first line after another command changed the file (the session replays it), and
    the completion candidates for a card on the same match."""
    from scorekeeper.session import Session
    from scorekeeper.table.complete import candidates
    from scorekeeper.table.session import TableSession

    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / path.name
        shutil.copyfile(path, copy)
        session = TableSession(copy)
        times: list[float] = []
        completion: list[float] = []
        for _ in range(tricks):
            line = _trick_line(session)
            if not line:
                break
            start = time.perf_counter()
            reply = session.handle(line)
            times.append((time.perf_counter() - start) * 1000)
            assert reply.ok, reply.errors
            start = time.perf_counter()
            candidates(session.hand(), session.current().match.players, line.split()[0] + " ")
            completion.append((time.perf_counter() - start) * 1000)
        # another command records the next card meanwhile: the session must replay
        line = _trick_line(session)
        with Session.edit(copy) as other:
            other.play(line.split()[0])
        line = " ".join(line.split()[1:])  # the session has not read the change yet
        start = time.perf_counter()
        assert session.handle(line).ok
        outside = (time.perf_counter() - start) * 1000
    return {
        "after_outside_change_ms": outside,
        "trick_median_ms": statistics.median(times),
        "trick_max_ms": max(times),
        "complete_median_ms": statistics.median(completion),
    }


def figures(
    matches: dict[int, Path], quick: bool
) -> list[tuple[str, str, float, float | None, float | None]]:
    """Rows for bench/perf.py: the trick latency on the 16-hand match, limit 20 ms."""
    found = trick_latency_figures(matches[16], tricks=4 if quick else 8)
    return [
        (
            "T13",
            "table: a trick line answered, 16 hands (median ms)",
            found["trick_median_ms"],
            None,
            LIMIT_MS,
        ),
        (
            "T13",
            "table: a trick line answered, 16 hands (max ms)",
            found["trick_max_ms"],
            None,
            None,
        ),
        (
            "T13",
            "table: the first trick line after another command changed the match (ms)",
            found["after_outside_change_ms"],
            None,
            None,
        ),
        (
            "T13",
            "table: Tab candidates for a card (median ms)",
            found["complete_median_ms"],
            None,
            None,
        ),
    ]


if __name__ == "__main__":
    for name, value in trick_latency_figures(Path(sys.argv[1])).items():
        print(f"{name}: {value:.1f}")
