"""Entries a table can trust (issue 24, items 3 to 5): a quick hand asked fact by fact and
each answer checked at once; every entry made against the state its prompt showed; a
session that stays open when its file cannot be read, and says how to go on when the
match is over. Through the real session: a pipe, and tmux for Ctrl-C and the prompt.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_helpers import cli_env, run_cli
from table_helpers import new_match, piped
from tmux_helpers import tmux_sessions, wait_for  # noqa: F401  (tmux_sessions: tmux)

from scorekeeper import matchlog
from scorekeeper.session import Session, StaleEntryError
from scorekeeper.table.session import TableSession

FOUR = ["Anna", "Ben", "Carla", "Dirk"]


def asked(rule_set: str, players: list[str], tmp_path: Path) -> list[str]:
    path = new_match(tmp_path, rule_set, players)
    table = TableSession(path)
    assert table.handle("hand").ok
    assert table.quick is not None
    return table.quick.order


# --------------------------------------------------------------------------- item 3
def test_only_the_facts_this_game_and_table_take(tmp_path: Path) -> None:
    """Klaverjassen for four was asked the three-player and Wilde Boom facts."""
    four = asked("klaverjassen", FOUR, tmp_path / "a")
    assert "points" in four and "kraak" not in four
    assert not {"points_of", "roem_of"} & set(four)
    three = asked("klaverjassen-3", FOUR[:3], tmp_path / "b")
    assert "points_of" in three and not {"points", "roem", "kraak"} & set(three)
    assert "kraak" in asked("klaverjassen-wilde-boom", FOUR, tmp_path / "c")
    assert "solo" not in asked("doppelkopf", FOUR, tmp_path / "d")  # no solos in it
    assert "solo" in asked("doppelkopf-ddv", FOUR, tmp_path / "e")


@pytest.mark.parametrize(
    ("lang", "near", "range_", "no"),
    [
        ("en", "did you mean Carla?", "0 to 240", "no"),
        ("de", "meinst du Carla?", "0 bis 240", "nein"),
        ("nl", "bedoel je Carla?", "0 tot 240", "nee"),
    ],
)
def test_each_answer_is_checked_at_once_and_only_it_is_asked_again(
    tmp_path: Path, lang: str, near: str, range_: str, no: str
) -> None:
    path = new_match(tmp_path, "doppelkopf", FOUR, lang=None if lang == "en" else lang)
    table = TableSession(path, lang=lang)
    keys = table_keys(path)
    answers = {"re": ["anna,karla", "anna,carla"], "re_points": ["300", "165"], "redeal": [no]}
    lines = ["hand"]
    for key in keys:
        lines.extend(answers.get(key, [""]))
    lines += ["Anna re", ""]
    text = "".join(line + "\n" for line in lines)
    res = piped(tmp_path, path, text)
    assert near in res.stderr, res.stderr
    assert range_ in res.stderr, res.stderr
    assert len(res.stderr.strip().splitlines()) == 2, res.stderr  # one line per wrong answer
    record = Session.open(path).log.hands[0]
    assert record.quick == {"re": ["Anna", "Carla"], "re_points": 165, "redeal": False}
    assert record.actions == ["Anna re"]
    assert table is not None


def table_keys(path: Path) -> list[str]:
    m = Session.open(path).match
    return list(m.family.asked_keys(m.rules))


# --------------------------------------------------------------------------- item 4
def test_the_session_layer_refuses_an_entry_on_a_stale_version(tmp_path: Path) -> None:
    path = new_match(tmp_path, "doppelkopf", FOUR)
    seen = Session.open(path).version
    assert seen[:2] == (0, 0)
    with Session.edit(path) as s:  # another device
        s.play("QC")
        s.record(["Carla re"])
    before = path.read_bytes()
    with pytest.raises(StaleEntryError) as caught, Session.edit(path, expect=seen) as s:
        s.play("10H")
    assert caught.value.since == [(1, "Ben QC"), (1, "Carla re")]
    assert caught.value.expected[:2] == (0, 0) and caught.value.found[:2] == (1, 2)
    assert caught.value.kind == "changed" and isinstance(caught.value, ValueError)
    assert path.read_bytes() == before
    with Session.edit(path, expect=caught.value.found) as s:
        s.play("10H")
        three = s.version
    assert three[:2] == (1, 3)
    with Session.edit(path) as s:
        s.undo()
    with pytest.raises(StaleEntryError) as caught, Session.edit(path, expect=three):
        pass
    assert caught.value.since == []  # something was taken back


@pytest.mark.parametrize(
    "change",
    [
        ["undo", "play 9H"],  # taken back, then another card: the same counts
        ["undo", "redo", "undo", "play 9H"],
        ["rename-player Carla Karla"],  # the same record, another name at the table
    ],
)
def test_an_entry_on_a_view_changed_to_the_same_counts_is_refused(
    tmp_path: Path, change: list[str]
) -> None:
    """The counts of actions alone missed an undo followed by another entry (the prompt
    still says Carla; another device took back her 10H and played 9H for her)."""
    path = new_match(tmp_path, "doppelkopf", FOUR)
    run_cli(tmp_path, "trick", "qc", "10h", "--match", path)
    seen = Session.open(path).version
    for command in change:
        assert run_cli(tmp_path, *command.split(), "--match", path).returncode == 0, command
    now = Session.open(path).version
    assert now[:2] == seen[:2] and now != seen
    before = path.read_bytes()
    with pytest.raises(StaleEntryError) as caught, Session.edit(path, expect=seen) as s:
        s.play("AD")
    assert caught.value.since == []  # not "only grew": told as a change, not as cards
    assert path.read_bytes() == before


def test_the_version_is_the_same_however_the_match_is_read(tmp_path: Path) -> None:
    """The replay cache's finished hands give the version a replay gives: a session that
    wrote the last hand and one that read it from the cache agree (no false refusal)."""
    path = new_match(tmp_path, "doppelkopf", FOUR)
    with Session.edit(path) as s:
        s.quick(["re=Anna,Carla", "re_points=165"], ["Anna re"])
        written = s.version
    assert Session.open(path).version == written == Session.open(path, full=True).version
    with Session.edit(path, expect=written) as s:
        s.play("QC")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "an entry was taken back or corrected, or a player renamed, from another device"),
        ("de", "ein Eintrag wurde auf einem anderen Gerät zurückgenommen oder geändert"),
        ("nl", "op een ander apparaat is een invoer teruggenomen of gewijzigd"),
    ],
)
def test_two_sessions_undo_then_a_new_entry(tmp_path: Path, lang: str, said: str) -> None:
    """Two sessions on one match: the first takes back Carla's card and plays another for
    her; the second, still showing Dirk to play, types a card: refused, nothing recorded,
    and typed again it is recorded against the match as it now stands."""
    path = new_match(tmp_path, "doppelkopf", FOUR, lang=None if lang == "en" else lang)
    first = Piped(tmp_path, path)
    second = Piped(tmp_path, path)
    first.send("qc 10h", lambda: actions(path) == ["Ben QC", "Carla 10H"])
    second.send("status", lambda: True)
    time.sleep(1.0)  # the second session has read the match: Dirk to play
    first.send("undo", lambda: actions(path) == ["Ben QC"])
    first.send("9h", lambda: actions(path) == ["Ben QC", "Carla 9H"])
    before = path.read_bytes()
    second.send("ad", lambda: True)
    time.sleep(1.0)
    assert path.read_bytes() == before
    second.send("ad", lambda: len(actions(path)) == 3)
    code, _out, err = second.close()
    first.close()
    assert actions(path) == ["Ben QC", "Carla 9H", "Dirk AD"]
    assert said in err, err
    assert code == 1


class Piped:
    """``scorekeeper table`` in its own process, lines written one at a time."""

    def __init__(self, home: Path, path: Path) -> None:
        self.path = path
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "table", "--match", str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=cli_env(home),
        )

    def send(self, line: str, until: Callable[[], bool]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()
        assert wait_for(until), line

    def close(self) -> tuple[int, str, str]:
        out, err = self.proc.communicate(timeout=60)
        return self.proc.returncode, out.decode(), err.decode()


def actions(path: Path) -> list[str]:
    log, _ = matchlog.read(path)
    return list(log.hands[0].actions) if log.hands else []


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Carla played 10H from another device"),
        ("de", "Carla hat H10 auf einem anderen Gerät gespielt"),
        ("nl", "Carla heeft H10 op een ander apparaat gespeeld"),
    ],
)
def test_a_card_typed_for_one_player_is_never_recorded_for_another(
    tmp_path: Path, lang: str, said: str
) -> None:
    """The session typed ``ad`` for Carla; a one-shot command played Carla's card
    meanwhile: refused, saying what changed; typed again, it is Dirk's."""
    path = new_match(tmp_path, "doppelkopf", FOUR, lang=None if lang == "en" else lang)
    table = Piped(tmp_path, path)
    table.send("qc", lambda: actions(path) == ["Ben QC"])
    assert run_cli(tmp_path, "play", "10h", "--match", path).returncode == 0
    before = path.read_bytes()
    table.send("ad", lambda: True)
    time.sleep(1.0)
    assert path.read_bytes() == before  # not recorded for Dirk
    table.send("ad", lambda: len(actions(path)) == 3)
    code, _out, err = table.close()
    assert actions(path) == ["Ben QC", "Carla 10H", "Dirk AD"]
    assert said in err, err
    assert code == 1


def test_undo_on_a_stale_view_takes_back_nothing(tmp_path: Path) -> None:
    path = new_match(tmp_path, "doppelkopf", FOUR)
    table = TableSession(path)
    assert table.prompt() == "Ben to play"
    with Session.edit(path) as s:
        s.play("QC")
    reply = table.handle("undo")
    assert reply.errors and "Ben played QC from another device" in reply.errors[0]
    assert actions(path) == ["Ben QC"]
    assert table.prompt() == "Carla to play"


# --------------------------------------------------------------------------- item 5
@pytest.mark.parametrize(
    ("lang", "missing", "again"),
    [
        ("en", "is not there (moved or deleted?)", "at the next line"),
        ("de", "ist nicht da (verschoben oder gelöscht?)", "bei der nächsten Zeile erneut"),
        ("nl", "is er niet (verplaatst of gewist?)", "bij de volgende regel opnieuw"),
    ],
)
def test_the_session_stays_open_when_its_file_cannot_be_read(
    tmp_path: Path, lang: str, missing: str, again: str
) -> None:
    path = new_match(tmp_path, "doppelkopf", FOUR, lang=None if lang == "en" else lang)
    away = tmp_path / "away.toml"
    table = Piped(tmp_path, path)
    table.send("qc", lambda: actions(path) == ["Ben QC"])
    os.rename(path, away)
    table.send("10h", lambda: True)
    time.sleep(1.0)
    assert not path.exists()  # nothing created in its place
    os.rename(away, path)
    table.send("10h", lambda: actions(path) == ["Ben QC", "Carla 10H"])
    code, _out, err = table.close()
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1, err  # one line, once
    assert missing in lines[0] and again in lines[0], lines
    assert code == 1


def over_match(tmp_path: Path, lang: str | None = None) -> Path:
    """A Bierkopf match that is over (random legal hands until a team reaches 21)."""
    sys.path.insert(0, str(Path(__file__).parent))
    from random_matches import random_log

    log = random_log("bierkopf", 200, 1, quick=0)
    log.lang = lang
    path = tmp_path / "over.toml"
    matchlog.write(path, log)
    assert Session.open(path).match.over()
    return path


@pytest.mark.parametrize("line", ["qc", "anna double", "hand team=Anna points=90"])
def test_a_finished_match_says_how_to_start_the_next(tmp_path: Path, line: str) -> None:
    path = over_match(tmp_path)
    before = path.read_bytes()
    res = piped(tmp_path, path, line + "\nscore\n")
    assert res.returncode == 1
    assert "the match is over (" in res.stderr
    assert "start a new one with: scorekeeper table bierkopf Anna Ben Carla Dirk" in res.stderr
    assert "Totals" in res.stdout or "totals" in res.stdout.lower()  # score still answers
    assert path.read_bytes() == before
    assert TableSession(path).prompt() == "match over"


@pytest.mark.parametrize(
    ("lang", "over", "prompt"),
    [
        ("de", "die Partie ist vorbei (", "Partie vorbei"),
        ("nl", "de partij is voorbij (", "Partij uit"),
    ],
)
def test_a_finished_match_in_german_and_dutch(
    tmp_path: Path, lang: str, over: str, prompt: str
) -> None:
    path = over_match(tmp_path, lang)
    res = piped(tmp_path, path, "qc\n")
    assert res.returncode == 1
    assert over in res.stderr and "scorekeeper table bierkopf Anna Ben Carla Dirk" in res.stderr
    # the next match in this one's language (it was started in the environment's)
    assert f"scorekeeper table bierkopf Anna Ben Carla Dirk --lang {lang} [" in res.stderr
    from scorekeeper.text import language

    language.reset()
    language.choose(lang)
    try:
        assert TableSession(path, lang=lang).prompt() == prompt
    finally:
        language.reset()


# --------------------------------------------------------------------------- tmux
def test_ctrl_c_cancels_the_whole_quick_hand(tmp_path: Path, tmux) -> None:  # type: ignore[no-untyped-def]
    path = new_match(tmp_path, "doppelkopf", FOUR)
    before = path.read_bytes()
    t = tmux(path)
    t.wait("Ben to play>")
    t.keys("hand", "Enter")
    t.wait("re (list")
    t.keys("Anna,Carla", "Enter")
    t.wait("re_points (int")
    t.keys("C-c")
    t.wait("quick hand left; nothing recorded")
    t.wait("Ben to play>")
    assert path.read_bytes() == before
    assert t.alive()


def test_the_prompt_follows_an_unreadable_file_and_the_session_stays(
    tmp_path: Path,
    tmux,  # type: ignore[no-untyped-def]
) -> None:
    path = new_match(tmp_path, "doppelkopf", FOUR)
    t = tmux(path)
    t.wait("Ben to play>")
    os.rename(path, tmp_path / "away.toml")
    t.keys("qc", "Enter")
    screen = t.wait("match file unreadable (Enter tries again)>")
    assert screen.count("is not there (moved or deleted?)") == 1
    os.rename(tmp_path / "away.toml", path)
    t.keys("qc", "Enter")
    t.wait("Carla to play>")
    assert actions(path) == ["Ben QC"]
    assert t.alive()


@pytest.mark.parametrize(
    ("lang", "word", "number", "yes"),
    [
        ("en", "word", "int", "yes/no"),
        ("de", "Wort", "Zahl", "ja/nein"),
        ("nl", "woord", "getal", "ja/nee"),
    ],
)
def test_the_questions_speak_the_tables_language_and_ask_only_what_the_game_takes(
    tmp_path: Path, lang: str, word: str, number: str, yes: str
) -> None:
    """A fact's kind was English (``playing (word: ...)``) at a Dutch table; Amsterdam
    Klaverjassen, whose quick hand takes nothing said, was asked "what was said, like
    'Anna re'" (a Doppelkopf word) after its facts; a number answered ``ja`` was refused
    as ``'true'``."""
    from scorekeeper.text import language

    path = new_match(tmp_path, "klaverjassen", FOUR, lang=None if lang == "en" else lang)
    language.reset()
    language.choose(lang)
    try:
        table = TableSession(path, lang=lang)
        assert table.handle("hand").ok
        questions = [table.prompt()]
        assert word in questions[0] and (lang == "en" or "word" not in questions[0]), questions
        for answer in ["anna", "hearts" if lang == "en" else "harten" if lang == "nl" else "Herz"]:
            assert table.handle(answer).ok, answer
            questions.append(table.prompt())
        assert number in questions[-1], questions
        refused = table.handle("ja" if lang != "en" else "yes")
        assert refused.errors and ("'ja'" in refused.errors[0] or "'yes'" in refused.errors[0])
        assert "'true'" not in refused.errors[0], refused.errors
        replies = [table.handle("100")]
        while table.quick is not None and table.quick.asking() is not None:
            questions.append(table.prompt())
            replies.append(table.handle(""))
        assert any(yes in q for q in questions), questions
        assert table.quick is None, table.prompt()  # recorded at once: nothing said is asked
        assert all(r.ok for r in replies)
        assert Session.open(path).log.hands[0].quick["points"] == 100
    finally:
        language.reset()


@pytest.mark.parametrize(
    ("rule_set", "players", "example"),
    [
        ("doppelkopf", FOUR, "'Anna re'"),
        ("klaverjassen-wilde-boom", FOUR, "'Anna kraak'"),
        ("bierkopf", FOUR, "'Anna double'"),
    ],
)
def test_what_was_said_is_asked_with_this_games_word(
    tmp_path: Path, rule_set: str, players: list[str], example: str
) -> None:
    path = new_match(tmp_path, rule_set, players)
    table = TableSession(path)
    assert table.handle("hand").ok
    assert table.quick is not None
    while table.quick.asking() is not None:
        table.quick.skip()
    assert example in table.prompt(), table.prompt()
