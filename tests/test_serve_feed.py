"""The one stream loop both pages use (serve.live.Feed: the table's live sheet and the
hall's standings): a snapshot on connect and after each change, an alive event on a quiet
line from one timer for all streams, every stream ended on close (issue 29)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the serve extra is not installed")

from scorekeeper.serve import live
from scorekeeper.serve.live import Feed


async def _follow(feed: Feed, got: list[str], ended: list[int], number: int) -> None:
    version = 0

    def snapshot() -> dict[str, Any]:
        return {"version": version, "stream": number}

    async for chunk in feed.stream(snapshot, lambda: ended.append(number)):
        got.append(chunk.split("\n", 1)[0])


def test_snapshots_on_change_one_beat_for_all_and_all_ended_on_close(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(live, "KEEP_ALIVE", 0.2)

    async def main() -> tuple[list[list[str]], list[int], int]:
        feed = Feed()
        got: list[list[str]] = [[] for _ in range(50)]
        ended: list[int] = []
        tasks = [asyncio.create_task(_follow(feed, got[i], ended, i)) for i in range(50)]
        await asyncio.sleep(0.05)
        assert feed.count == 50
        assert all(g == ["retry: 2000", "event: snapshot"] for g in got), got[0]
        feed.wake_all()
        feed.wake_all()  # two changes before a stream looks: one snapshot
        await asyncio.sleep(0.05)
        assert all(g.count("event: snapshot") == 2 for g in got), got[0]
        timers = len(asyncio.get_running_loop()._scheduled)  # type: ignore[attr-defined]
        await asyncio.sleep(0.3)
        assert all(g[-1] == "event: alive" for g in got), got[0]
        feed.close()
        await asyncio.wait_for(asyncio.gather(*tasks), 2)
        return got, ended, timers

    got, ended, timers = asyncio.run(main())
    assert sorted(ended) == list(range(50))
    assert timers <= 2, timers  # one beat for 50 streams (not a timer each)
    assert all(g.count("event: alive") in (1, 2) for g in got)


def test_the_beat_stops_with_the_last_stream(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(live, "KEEP_ALIVE", 0.1)

    async def main() -> int:
        feed = Feed()
        task = asyncio.create_task(_follow(feed, [], [], 0))
        await asyncio.sleep(0.05)
        task.cancel()  # the page went away
        with pytest.raises(asyncio.CancelledError):
            await task
        assert feed.count == 0
        return len(asyncio.get_running_loop()._scheduled)  # type: ignore[attr-defined]

    assert asyncio.run(main()) == 0  # nothing left to wake the server
