"""Where a match stands in its round, counted in one place (``scorekeeper.rounds``) and
said alike by the sheet, the table's status bar, the live page and the event's list check
(issue 30): a DDV round is 24 games, a Pflichtsolo comes on top (the same dealer deals
again), a vorgeführtes one is a game of the round (the deal passes on). A whole DDV round
through the real CLI in en, de and nl."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import assert_refused, in_process, ok

from scorekeeper.rounds import round_place
from scorekeeper.session import Session
from scorekeeper.table.bar import bar_data, bar_text
from scorekeeper.text import language
from scorekeeper.view.words import say

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]
# hand 1: Anna's Pflichtsolo of free will (on top); hands 2-22: 21 normal games; then
# Ben, Carla and Dirk still owe theirs with 3 games left: hands 23-25 are vorgeführt.
PFLICHTSOLO = "re=Anna solo=queens re_points=150"
NORMAL = ["re=Anna,Ben re_points=130", "re=Carla,Dirk re_points=130"]
VORGEFUEHRT = [
    "re=Ben solo=jacks re_points=150",
    "re=Carla solo=clubs re_points=150",
    "re=Dirk solo=meatless re_points=150",
]


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    return in_process(tmp_path, monkeypatch)


def _hand(run: Any, path: Path, game: str) -> str:
    return ok(run("hand", *game.split(), "--match", path))


def _progress(run: Any, path: Path) -> dict[str, Any]:
    return dict(json.loads(ok(run("score", "--json", "--match", path)))["sheet"]["progress"])


def _said(lang: str, key: str, **params: Any) -> str:
    before = language.chosen()
    language.neutral(False)  # a command run in this process under --json left it on
    language.choose(lang)
    try:
        return say(key, **params)
    finally:
        language.choose(before)


def _bar(path: Path, lang: str) -> tuple[dict[str, Any], str]:
    before = language.chosen()
    language.neutral(False)
    language.choose(lang)
    try:
        data = bar_data(Session.open(path), lang)
        return data, bar_text(data)
    finally:
        language.choose(before)


def _page(path: Path, lang: str) -> str:
    pytest.importorskip("starlette", reason="the serve extra is not installed")
    import re

    from scorekeeper.serve import page
    from scorekeeper.serve.live import read_state, speaking

    with speaking(lang):
        document = page.live(read_state(path), lang, False)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", document))


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_a_ddv_round_with_a_pflichtsolo_and_three_vorgefuehrte(
    run: Any, tmp_path: Path, lang: str
) -> None:
    path = tmp_path / "round.toml"
    ok(run("new", "doppelkopf-ddv", *PLAYERS, "--lang", lang, "--match", path))
    _hand(run, path, PFLICHTSOLO)
    for i in range(9):
        _hand(run, path, NORMAL[i % 2])
    # ten hands in the file, nine games of the round: the Pflichtsolo came on top
    place = round_place(Session.open(path).match)
    assert place is not None and (place.of, place.played, place.dealt) == (24, 9, 10)
    assert place.on_top == (1,) and place.owing == ("Ben", "Carla", "Dirk")
    progress = _progress(run, path)
    assert (progress["played"], progress["of"], progress["on_top"]) == (9, 24, 1)
    sheet = ok(run("score", "--match", path))
    games = _said(lang, "sheet.progress.games", n=9, of=24)
    assert _said(lang, "sheet.progress.on_top.one", progress=games, count=1) in " ".join(
        sheet.split()
    )
    data, text = _bar(path, lang)
    assert (data["hand"], data["of"], data["in_file"]) == (10, 24, 11)
    count = _said(lang, "table.bar.game_of", number=10, total=24, hand=11)
    assert count in text
    assert count in _page(path, lang), "the live page counts as the table does"
    for i in range(12):
        _hand(run, path, NORMAL[i % 2])
    # 21 games played, 3 left, and three still owe their Pflichtsolo: vorgeführt now
    progress = _progress(run, path)
    assert progress["played"] == 21 and progress["vorgefuehrt"] is True
    data, text = _bar(path, lang)
    assert data["vorgefuehrt"] == ["Ben", "Carla", "Dirk"]
    assert _said(lang, "table.bar.vorgefuehrt", players=["Ben", "Carla", "Dirk"]) in text
    dealers = []
    for game in VORGEFUEHRT:
        dealers.append(Session.open(path).match.next_dealer())
        _hand(run, path, game)
    assert dealers == ["Ben", "Carla", "Dirk"], "the deal passes on after a vorgeführtes"
    match = Session.open(path).match
    assert [mh.dealer for mh in match.hands][:3] == ["Anna", "Anna", "Ben"]
    place = round_place(match)
    assert place is not None and (place.played, place.dealt) == (24, 25)
    assert place.vorgefuehrt == (23, 24, 25) and place.owing == ()
    status = json.loads(ok(run("status", "--json", "--match", path)))
    key = "doppelkopf.said.match.round_complete_on_top.one"
    assert status["over"] == _said("en", key, games=24, extra=1)  # --json: English words
    end = _said(lang, key, games=24, extra=1)
    assert _progress(run, path)["played"] == 24
    refused = run("hand", *NORMAL[0].split(), "--match", path)
    if lang == "en":
        assert_refused(refused, rule="match")
    assert refused.returncode == 1 and end in refused.stderr


def test_a_round_without_pflichtsolo_says_who_owes_it(run: Any, tmp_path: Path) -> None:
    """A file written before vorgeführte Pflichtsoli counted (no ``vorgefuehrt_deals_on``)
    ends its round on normal games: the end says who played no Pflichtsolo."""
    path = tmp_path / "old.toml"
    ok(run("new", "doppelkopf-ddv", *PLAYERS, "--set", "round_games=4", "--match", path))
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("vorgefuehrt_deals_on = true\n", ""), encoding="utf-8")
    _hand(run, path, PFLICHTSOLO)
    for i in range(4):
        _hand(run, path, NORMAL[i % 2])
    status = json.loads(ok(run("status", "--json", "--match", path)))
    assert status["over"] == (
        "the round of 4 games is complete, but Ben, Carla, Dirk played no obligatory solo"
    )


def test_the_event_s_list_counts_as_the_match_does(run: Any, tmp_path: Path) -> None:
    ok(run("event", "new", "t", "ddv-tournament"))
    ok(run("event", "register", "t", *PLAYERS))
    plan = json.loads(ok(run("event", "draw", "t", "--json", "--seed", "1")))
    a, b, c, d = plan["tables"][0]["players"]
    path = tmp_path / plan["tables"][0]["match"]
    ok(run("event", "enter", "t", "1", "1", f"re={a}", "solo=queens", "re_points=150"))
    for i in range(21):
        pair = f"re={a},{b}" if i % 2 else f"re={c},{d}"
        ok(run("event", "enter", "t", "1", "1", pair, "re_points=130"))
    checked = json.loads(ok(run("event", "check", "t", "--json")))[0]
    place = round_place(Session.open(path).match)
    assert place is not None
    assert (checked["games"], checked["of"]) == (place.played, place.of) == (21, 24)
    assert checked["missing_pflichtsolo"] == list(place.owing) == [b, c, d]
    due = [n for n in checked["notes"] if n["key"] == "club.vorgefuehrt"]
    assert due and due[0]["params"]["game"] == 23 and due[0]["params"]["games"] == 3
    for who, solo in zip((b, c, d), ("jacks", "clubs", "meatless"), strict=True):
        ok(run("event", "enter", "t", "1", "1", f"re={who}", f"solo={solo}", "re_points=150"))
    checked = json.loads(ok(run("event", "check", "t", "--json")))[0]
    assert [r["game"] for r in checked["rows"] if r["vorgefuehrt"]] == [23, 24, 25]
    assert checked["games"] == 24 and checked["missing_pflichtsolo"] == []
    assert not [n for n in checked["notes"] if n["key"] == "club.round_long"]


def test_the_count_reads_no_result_but_a_pflichtsolo_s(run: Any, tmp_path: Path) -> None:
    """A long match's results are not read back (the cache keeps each hand's facts apart):
    the round's count reads a hand's facts, and the result of an obligatory solo only (for
    its soloist), so the status bar stays as quick as the sheet on a long match."""
    from scorekeeper.games.doppelkopf.family import place_in_round

    path = tmp_path / "round.toml"
    ok(run("new", "doppelkopf-ddv", *PLAYERS, "--match", path))
    _hand(run, path, PFLICHTSOLO)
    for i in range(5):
        _hand(run, path, NORMAL[i % 2])
    match = Session.open(path).match

    class Guarded:
        def __init__(self, hand: Any) -> None:
            self.facts = hand.facts
            self._result = hand.result

        @property
        def result(self) -> Any:
            assert self.facts.get("obligatory"), "a normal game's result was read"
            return self._result

    place = place_in_round(match.rules, match.players, [Guarded(mh) for mh in match.hands])
    assert (place.played, place.dealt, place.owing) == (5, 6, ("Ben", "Carla", "Dirk"))
