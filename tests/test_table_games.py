"""A whole hand of each game recorded in ``scorekeeper table``, typed as a table would:
Klaverjassen with a trump choice and roem, Klaberjass with bidding, Kloepper with a
knock, Bierkopf with a double. The deal is recorded first (a seeded random deal), so
that the lines typed are the lowest legal cards; the match file and the printed result
are checked against an independent replay."""

from __future__ import annotations

from pathlib import Path

import pytest
from table_helpers import (
    Case,
    drive,
    new_match,
    record_deal,
    typed_hand,
)

from scorekeeper.actions import Action
from scorekeeper.hand import Hand
from scorekeeper.session import Session

FOUR = ["Anna", "Ben", "Carla", "Dirk"]


def words(action: Action) -> str:
    return " ".join((action.verb, *action.args))


def trump_hearts(hand: Hand, said: list[Action]) -> str | None:
    """Ben (left of the dealer) names hearts; only he may, so his name is left out."""
    if hand.to_play() is not None:
        return None
    assert any(words(a) == "trump hearts" for a in said)
    return "trump hearts"


def bid_pass_then_accept(hand: Hand, said: list[Action]) -> str | None:
    """The dealer turns up a card, Ben passes, Anna accepts: all without a name."""
    if hand.to_play() is not None:
        return None
    verbs = {a.verb for a in said}
    if "turnup" in verbs:
        return words(said[0])
    if "pass" in verbs and not any(a.verb == "pass" for a in hand.history):
        return "pass"
    return "accept"


def first_knock(hand: Hand, said: list[Action]) -> str | None:
    if hand.history:
        return None
    knocks = [a for a in said if a.verb == "knock"]
    return f"{knocks[0].actor.lower()} knock"


def first_double(hand: Hand, said: list[Action]) -> str | None:
    if hand.history:
        return None
    return f"{next(a for a in said if a.verb == 'double').actor.lower()} double"


CASES = [
    Case("klaverjassen", FOUR, trump_hearts, 0, ["Ben chooses hearts", "roem for", "roem 60:0"]),
    Case(
        "klaberjass", ["Anna", "Ben"], bid_pass_then_accept, 1, ["Ben passes", "makes clubs trump"]
    ),
    Case("kloepper", FOUR, first_knock, 1, ["knocks:"]),
    Case("bierkopf", FOUR, first_double, 1, ["doubles: the game points count x2"]),
]


@pytest.mark.parametrize("case", CASES, ids=[c.game for c in CASES])
def test_a_whole_hand(case: Case, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = new_match(tmp_path, case.game, case.players)
    record_deal(path, case.seed)
    lines = typed_hand(path, case.choose)
    drive(path, "\r".join(lines) + "\r")
    captured = capsys.readouterr()
    assert "error" not in captured.err, captured.err
    actions = Session.open(path).log.hands[0].actions
    assert any(a.lower().endswith(lines[0].lower()) for a in actions)
    out = captured.out
    for word in case.said:
        assert word in out, (word, out)
    first_hand_reported(path, out)


def first_hand_reported(path: Path, out: str) -> None:
    """The first hand is over in the file, and the session said so: the totals (per team
    where teams play, as the sheet counts them: issue 28), who deals next."""
    from scorekeeper.view.sheet import columns_of

    m = Session.open(path).match
    assert m.hands[0].finished
    assert "Hand 1 over:" in out
    scores = m.totals()  # a team by its partners as the table writes them (Anna & Carla)
    totals = ", ".join(f"{c.shown} {scores.get(c.members[0], 0):+d}" for c in columns_of(m))
    assert f"totals: {totals}" in out
    assert f"{m.next_dealer()} deals next." in out


def test_the_session_says_at_once_when_the_match_is_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_match(tmp_path, "bierkopf", FOUR)
    while not Session.open(path).match.over():
        with Session.edit(path) as s:
            s.quick(["team=Anna", "points=90"])
    with Session.edit(path, replay=False) as s:
        s.undo()
    drive(path, "hand team=Anna points=90\rqc\r")
    captured = capsys.readouterr()
    assert "Match over:" in captured.out
    assert "The winner: Anna, Carla" in captured.out
    assert "the match is over" in captured.err  # the card after it is refused
