"""The ``export`` command's history exports (JSON and CSV), streamed hand by hand.

The match is opened as every command opens it (a refusal names its line); a canonical
file is then read and replayed piece by piece (``Session``'s hand-by-hand reading) and written as it goes, so
that a season exports in memory that does not grow with it; any other file is exported
from a whole replay. Either way the bytes are those of :func:`scorekeeper.export.to_json`
and :func:`scorekeeper.export.to_csv`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import TextIO

from scorekeeper.errors import ScorekeeperError
from scorekeeper.export import to_csv, to_json, write_csv, write_json
from scorekeeper.match import Match
from scorekeeper.reasons import because
from scorekeeper.session import NotStreamed, Session, Step, opened, steps


def export(path: Path, out: TextIO, format_: str) -> int:
    """Write the match's history as ``json`` or ``csv`` to ``out``, hand by hand, the
    way :func:`scorekeeper.export.to_json` and ``to_csv`` give it; the number of finished
    hands (a hand in play is written, but not counted as exported).

    The match is first opened as every command opens it (a refusal names its line); a
    file that is not canonical is exported from a whole replay.
    """
    session = Session.open(path)
    rules, known = session.match.rules, session._tail is not None
    del session  # its hands: the export replays every hand anew, one at a time
    try:
        if not known:  # not known to be canonical: a dry run first
            with opened(path) as (log, texts):
                for _ in steps(texts, log, rules):
                    pass
    except (NotStreamed, UnicodeDecodeError):
        whole = Session.open(path, full=True)
        out.write(to_json(whole.log, whole.match) if format_ == "json" else to_csv(whole.match))
        return sum(1 for mh in whole.match.hands if mh.finished)
    changed = ScorekeeperError(because("session.changed", path=str(path)), kind="file")
    with ExitStack() as stack:
        try:
            log, texts = stack.enter_context(opened(path))
        except (NotStreamed, UnicodeDecodeError):
            raise changed from None
        last: list[Match] = [Match(rules, log.players, log.first_dealer)]
        finished = [0]

        def hands() -> Iterator[Step]:
            try:
                for step in steps(texts, log, rules):
                    last[0] = step.match
                    finished[0] += bool(step.hand.finished)
                    yield step
            except (NotStreamed, UnicodeDecodeError):
                raise changed from None

        if format_ == "json":
            pairs = ((s.hand, s.record) for s in hands())
            write_json(out, rules, log, pairs, lambda: last[0])
        else:
            write_csv(out, list(log.players), (s.hand for s in hands()))
        return finished[0]
