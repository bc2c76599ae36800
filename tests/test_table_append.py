"""A table session's entry costs the entry, not the match (issue 25): after an entry is
written, the session stands as if opened from the file it wrote (``Session.rebase``), so
the next entry writes after those bytes without the whole log read (``matchlog.read``)
or dumped (``MatchLog.dumps``, ``matchlog.dump``) again; the file is byte for byte what
one-shot commands write, and a change made meanwhile by another command is seen. Through
the table session itself (in process, to count the reads) and through a real pipe."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_helpers import PLAYERS, cli_env, run_cli

from scorekeeper import matchlog
from scorekeeper.matchlog import MatchLog
from scorekeeper.session import Session
from scorekeeper.table.session import TableSession

QUICK = ("hand re=Anna,Carla re_points=165", "hand re=Ben,Dirk re_points=130")


def _trick_line(table: TableSession) -> str:
    """The next trick's four legal cards, as a line (``qc 10h ad 9d``)."""
    from scorekeeper.table.complete import replayed

    hand = replayed(table.hand())
    cards = []
    while (player := hand.to_play()) is not None:
        card = hand.playable_cards(player)[0]
        hand.apply(f"{player} {card.code}")
        cards.append(card.code.lower())
        if hand.current_trick is None:
            break
    return " ".join(cards)


def _lines(table: TableSession, count: int) -> Iterator[str]:
    """Quick hands and tricks of card-by-card hands, mixed."""
    for i in range(count):
        open_hand = table.current().match.open_hand
        if i % 5 in (3, 4) or (open_hand is not None and open_hand.actions):  # played on
            yield _trick_line(table)
        else:
            yield QUICK[i % 2]


def _enter(session: Session, line: str) -> None:
    words = line.split()
    if words[0] == "hand":
        session.quick(words[1:])
    else:
        session.trick(words)


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How often the whole log is read or dumped (a log of more than two hands)."""
    count = {"read": 0, "dump": 0}
    read, dumps, dump = matchlog.read, MatchLog.dumps, matchlog.dump

    def counted(name: str, f):  # type: ignore[no-untyped-def]
        def call(*args, **kwargs):  # type: ignore[no-untyped-def]
            log = args[0]  # a dump of the header, or of the open hand alone, is no whole log
            if name == "read" or len(log.hands) > 2:
                count[name] += 1
            return f(*args, **kwargs)

        return call

    monkeypatch.setattr(matchlog, "read", counted("read", read))
    monkeypatch.setattr(MatchLog, "dumps", counted("dump", dumps))
    monkeypatch.setattr(matchlog, "dump", counted("dump", dump))
    return count


@pytest.mark.parametrize("cache", ["on", "off"])
def test_an_entry_neither_reads_nor_dumps_the_whole_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reads: dict[str, int], cache: str
) -> None:
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    if cache == "off":
        monkeypatch.setenv("SCOREKEEPER_CACHE", "off")
    path = tmp_path / "m.toml"
    twin = tmp_path / "twin.toml"
    log = MatchLog.new("doppelkopf", list(PLAYERS), PLAYERS[0])
    matchlog.write(path, log, new=True)
    matchlog.write(twin, log, new=True)
    table = TableSession(path)
    for i, line in enumerate(_lines(table, 40)):
        if i in (20, 33):  # another command makes this entry meanwhile: the table sees it
            for file in (path, twin):
                with Session.edit(file) as other:
                    _enter(other, line)
            table.prompt()  # the next prompt shows the match as it is now
            continue
        before = dict(reads)
        assert table.handle(line).ok, line
        if i > 0 and i != 21 and i != 34:  # the first entry, and one after another's change,
            assert reads == before, (i, line)  # may read the file whole once
        with Session.edit(twin) as one_shot:  # the same entry as a one-shot command makes it
            _enter(one_shot, line)
    assert path.read_bytes() == twin.read_bytes()
    assert path.read_bytes() == matchlog.read(path)[0].dumps().encode()


def test_a_piped_table_writes_each_entry_as_one_shot_commands_do(tmp_path: Path) -> None:
    """Through the real command line: every entry in the file at once, byte for byte
    what the same entries as one-shot commands write, an undo between them included."""
    home = tmp_path / "home"
    path, twin = tmp_path / "m.toml", tmp_path / "twin.toml"
    for file in (path, twin):
        assert run_cli(home, "new", "doppelkopf", *PLAYERS, "--match", file).returncode == 0
    lines = [QUICK[0], QUICK[1], "undo", "yes", QUICK[1], QUICK[0], QUICK[0]]
    proc = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "table", "--match", str(path)],
        input="\n".join([*lines, "quit"]) + "\n",
        env=cli_env(home),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    for line in lines:
        if line == "yes":
            continue
        args = ["undo", "--yes"] if line == "undo" else line.split()
        assert run_cli(home, *args, "--match", twin).returncode == 0
    strip = [ln for ln in path.read_text().splitlines() if not ln.startswith("started")]
    twin_lines = [ln for ln in twin.read_text().splitlines() if not ln.startswith("started")]
    assert strip == twin_lines
