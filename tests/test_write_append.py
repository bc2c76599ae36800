"""A change to a match file written by the tool keeps the bytes before its hands.

``Session._write`` hands ``matchlog.write`` the file's own bytes of the header and the
finished hands (``kept``) when the file is the canonical text the tool wrote (its replay
cache entry says so and its digest is that entry's); ``write`` then dumps only the hands
after them. The file must come out byte for byte as the full dump writes it: here, for
every rule set, hands are entered after a finished one (card by card, and from the score
sheet where the game has one: a short quick hand that tomli-w alone would write inline),
each change by its own ``Session.edit``, and after each the file is the full dump of the
match so far, and the very bytes the same changes write with the cache off (every write
then a full dump); the kept bytes were used.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from random_matches import QUICK, cut, random_log
from test_properties import RULESET_IDS

from scorekeeper import matchlog
from scorekeeper.matchlog import MatchLog
from scorekeeper.session import Session


def entered(ruleset: str) -> MatchLog:
    """Three random hands, the first card by card; a quick hand after it where the game
    has them."""
    for seed in range(200):
        log = random_log(ruleset, 3, seed, quick=0.5 if ruleset in QUICK else 0.0)
        later = [h.quick is not None for h in log.hands[1:]]
        if len(log.hands) == 3 and log.hands[0].quick is None and any(later) == (ruleset in QUICK):
            return log
    raise AssertionError(f"{ruleset}: no such match among 200 seeds")


@pytest.mark.parametrize("ruleset", RULESET_IDS)
def test_a_change_keeps_the_bytes_before_it_and_writes_the_full_dump(
    ruleset: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = entered(ruleset)
    kept: list[int] = []
    write = matchlog.write

    def told(*args: Any, **kwargs: Any) -> None:
        kept.append(len(kwargs.get("kept", b"")))
        write(*args, **kwargs)

    monkeypatch.setattr(matchlog, "write", told)
    paths = {"on": tmp_path / "cached.toml", "off": tmp_path / "full.toml"}
    for path in paths.values():
        path.write_text(cut(whole, 0, len(whole.hands[0].actions)).dumps(), encoding="utf-8")

    def change(how: str, what: Any, expected: MatchLog) -> None:
        for cache, path in paths.items():
            monkeypatch.setenv("SCOREKEEPER_CACHE", cache)
            with Session.edit(path) as session:
                getattr(session, how)(what)
        on = paths["on"].read_bytes()
        assert on == paths["off"].read_bytes(), (ruleset, how, what)
        assert on.decode("utf-8") == expected.dumps(), (ruleset, how, what)

    steps = 0
    for i, record in enumerate(whole.hands[1:], start=1):
        if record.quick is not None:
            facts = [
                f"{k}={','.join(v) if isinstance(v, list) else v}" for k, v in record.quick.items()
            ]
            change("quick", facts, cut(whole, i, 0))
            steps += 1
            continue
        change("deal", record.deal or {}, cut(whole, i, 0))
        for j, text in enumerate(record.actions):
            change("record", [text], cut(whole, i, j + 1))
        steps += 1 + len(record.actions)
    assert paths["on"].read_text(encoding="utf-8") == whole.dumps()
    on = kept[::2]  # the cached file's writes, each before the full one's
    assert not any(kept[1::2]), "with the cache off every write is a full dump"
    assert sum(1 for k in on if k) >= steps - 2, on  # after the first write, kept bytes
