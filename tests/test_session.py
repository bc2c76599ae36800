"""The session: one path to open, change, verify and write a match file."""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper import matchlog
from scorekeeper.errors import IllegalActionError, MatchFileError, ScorekeeperError
from scorekeeper.matchlog import HandRecord, MatchLog
from scorekeeper.matchlog.records import name_problem
from scorekeeper.session import Session
from scorekeeper.session.facts import names_from, parse_fact_items

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]


@pytest.fixture
def path(tmp_path: Path) -> Path:
    target = tmp_path / "m.toml"
    matchlog.write(target, MatchLog.new("doppelkopf", PLAYERS))
    return target


def test_edit_writes_what_was_recorded(path: Path) -> None:
    with Session.edit(path) as session:
        outcomes = session.record(["Ben QC"])
        outcomes.append(session.play("10H"))
    assert [o.action.text for o in outcomes] == ["Ben QC", "Carla 10H"]
    assert Session.open(path).log.hands[0].actions == ["Ben QC", "Carla 10H"]


def test_a_refusal_leaves_the_file_as_it_was(path: Path) -> None:
    before = path.read_bytes()
    with pytest.raises(ScorekeeperError), Session.edit(path) as session:
        session.record(["Ben QC", "Ben QS"])  # not Ben's turn again
    assert path.read_bytes() == before


def test_nothing_changed_nothing_written(path: Path) -> None:
    stamp = path.stat().st_mtime_ns
    with Session.edit(path) as session:
        assert session.next_player() == "Ben"
    assert path.stat().st_mtime_ns == stamp


def test_undo_is_verified_by_a_replay_before_writing(path: Path) -> None:
    log = MatchLog.new("doppelkopf", PLAYERS)
    log.hands.append(HandRecord(actions=["Ben QC", "Carla XX", "Dirk QS"]))
    path.write_text(log.dumps())
    before = path.read_bytes()
    with pytest.raises(MatchFileError) as caught, Session.edit(path, replay=False) as session:
        assert session.undo() == "removed 'Dirk QS'"
    assert caught.value.problems[0].startswith(f"{path}: hand 1:")
    assert path.read_bytes() == before
    with Session.edit(path, replay=False) as session:
        session.undo()
        session.undo()
    assert Session.open(path).log.hands[0].actions == ["Ben QC"]


def test_amend_reads_facts_by_the_family_declaration(path: Path) -> None:
    with Session.edit(path) as session:
        session.quick(["re=Anna,Carla", "re_points=165"])
    with Session.edit(path, replay=False) as session:
        change = session.amend(1, values=["re_points=130"])
    assert change["before"] == ["re_points=165"] and change["after"] == ["re_points=130"]
    assert Session.open(path).log.hands[0].quick == {"re": ["Anna", "Carla"], "re_points": 130}
    with (
        pytest.raises(ScorekeeperError, match="with a key of Doppelkopf"),
        Session.edit(path, replay=False) as session,
    ):
        session.amend(1, values=["re_pionts=1"])
    with (
        pytest.raises(IllegalActionError, match="nothing to amend"),
        Session.edit(path, replay=False) as session,
    ):
        session.amend(1)


def test_a_missing_match_is_named(tmp_path: Path) -> None:
    with pytest.raises(ScorekeeperError, match="no match file"):
        Session.open(tmp_path / "nowhere.toml")


def test_current_hand_is_the_next_one_between_hands(path: Path) -> None:
    hand = Session.open(path).current_hand()
    assert hand.number == 1 and hand.to_play() == "Ben"


@pytest.mark.parametrize(
    ("name", "seen", "kind"),
    [
        ("Anna", [], None),
        ("", [], "empty"),
        ("A B", [], "whitespace"),
        ("Anna", ["Anna"], "twice"),
        (3, [], "type"),
    ],
)
def test_one_rule_for_player_names(name: object, seen: list[str], kind: str | None) -> None:
    assert name_problem(name, seen) == kind


def test_facts_keep_their_order_and_names_fill_the_table() -> None:
    from scorekeeper.games import family_for
    from scorekeeper.ruleset import load

    rules = load("doppelkopf")
    keys = family_for(rules).quick_keys()
    items = parse_fact_items(["re_points=1", "re=Ben", "re_points=2"], keys, rules.name)
    assert items == [("re_points", 1), ("re", ["Ben"]), ("re_points", 2)]
    assert names_from({"re": ["Ben", "Dirk"]}, 4) == ["Ben", "Dirk", "P1", "P2"]
