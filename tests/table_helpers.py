"""Driving the table session as a player would: keys through prompt_toolkit's pipe input.

``drive`` runs the real prompt loop (:func:`scorekeeper.cli.table.run`) on a match file
with the given keystrokes and returns what it printed. ``typed_hand`` writes the lines a
table would type for a whole hand from a recorded deal: a trick per line in play order
(``qc 10h ad 9d``), and what a chooser says where the game asks for a word.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from scorekeeper import matchlog, ruleset, simulate
from scorekeeper.actions import Action
from scorekeeper.hand import Hand
from scorekeeper.matchlog import MatchLog
from scorekeeper.session import Session
from scorekeeper.table.session import TableSession

Chooser = Callable[[Hand, list[Action]], "str | None"]


class Case(NamedTuple):
    """A whole hand typed at the table: the game, its players, who says what (the chooser),
    the deal's seed, and words the session must say."""

    game: str
    players: list[str]
    choose: Chooser
    seed: int
    said: list[str]


def piped(
    home: Path, path: Path, lines: str | bytes, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[Any]:
    """``scorekeeper table --match PATH`` in its own process, ``lines`` piped in (no
    terminal); text in and out for ``str`` lines, bytes for ``bytes``."""
    from cli_helpers import cli_env

    return subprocess.run(
        [sys.executable, "-m", "scorekeeper", "table", "--match", str(path)],
        input=lines,
        env=cli_env(home, extra=env),
        capture_output=True,
        text=isinstance(lines, str),
        timeout=60,
    )


def assert_first_hand_reported(path: Path, out: str) -> None:
    """The first hand is over in the file, and the session said so: the totals, who deals."""
    m = Session.open(path).match
    assert m.hands[0].finished
    assert "Hand 1 over:" in out
    totals = ", ".join(f"{p} {s:+d}" for p, s in m.totals().items())
    assert f"totals: {totals}" in out
    assert f"{m.next_dealer()} deals next." in out


def new_match(tmp: Path, rule_set: str, players: Sequence[str], *, lang: str | None = None) -> Path:
    path = tmp / "match.toml"
    rules = ruleset.load(rule_set)
    log = MatchLog.new(rule_set, list(players), players[0], rules.overrides, lang=lang)
    matchlog.write(path, log)
    return path


def record_deal(path: Path, seed: int) -> dict[str, list[str]]:
    """Deal the next hand at random (``seed``) and record it, as ``scorekeeper deal`` does."""
    with Session.edit(path) as s:
        m = s.match
        hand = Hand(m.rules, m.players, m.next_dealer(), context=m.context())
        cards = simulate.deal(m.rules, hand.players, random.Random(seed))
        deal = {p: [c.code for c in cs] for p, cs in cards.items()}
        s.deal(deal)
    return deal


def drive(
    path: Path, keys: str | bytes, *, lang: str = "en", view: str | None = "en"
) -> TableSession:
    """Run the session on ``path`` with ``keys`` typed (end of input quits). What is typed
    is read in ``lang``; the words shown are in ``view`` (as ``--lang`` would choose
    them; None: the match's own language)."""
    from scorekeeper.cli.table import run

    chosen = _view_language()
    if chosen is not None:
        chosen.reset()
        chosen.choose(view)
        _forget_words()
    session = TableSession(path, lang=lang)
    try:
        with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
            pipe.send_bytes(keys) if isinstance(keys, bytes) else pipe.send_text(keys)
            pipe.close()
            run(session, input=pipe, output=DummyOutput())
    finally:
        if chosen is not None:
            chosen.reset()
            _forget_words()
    return session


def _forget_words() -> None:
    """Words the engine made in one language are shared by equal reasons; a test that
    switches the language forgets them (a process of the program speaks one language)."""
    from scorekeeper import reasons

    getattr(reasons, "_WORDED", {}).clear()


def _view_language():  # type: ignore[no-untyped-def]
    """The view's language switch, where the program has one."""
    try:
        from scorekeeper.text import language
    except ImportError:
        return None
    return language


def typed_hand(
    path: Path,
    choose: Chooser,
    *,
    card_word: Callable[[str], str] = str.lower,
    said_word: Callable[[str], str] = str,
    limit: int = 200,
) -> list[str]:
    """The lines a table types for the open hand of ``path`` (its deal recorded): the
    chooser's words when it has some, else each trick in play order, lowest legal card
    first, each card as ``card_word`` writes its code. The chooser speaks English; a line
    is typed as ``said_word`` writes it. The lines are worked out on a copy; the file is
    not changed."""
    session = Session.open(path)
    hand = session.current_hand()
    lines: list[str] = []
    while not hand.finished and len(lines) < limit:
        said = [a for a in hand.legal_actions() if not a.is_play]
        words = choose(hand, said)
        if words is not None:
            lines.append(said_word(words))
            hand.apply(_action_of(hand, words, said))
            continue
        cards: list[str] = []
        while True:
            player = hand.to_play()
            assert player is not None, hand.game.why_not_ready()
            card = hand.playable_cards(player)[-1]
            hand.apply(f"{player} {card.code}")
            cards.append(card_word(card.code))
            if hand.current_trick is None:
                break
        lines.append(" ".join(cards))
    return lines


def _action_of(hand: Hand, words: str, said: list[Action]) -> str:
    parts = words.split()
    if parts[0].capitalize() in hand.table:
        return " ".join([parts[0].capitalize(), *parts[1:]])
    matches = [a for a in said if " ".join((a.verb, *a.args)).lower() == words.lower()]
    assert len({a.actor for a in matches}) == 1, (words, said)
    return f"{matches[0].actor} {words}"
