"""``klaar`` during a quick hand's questions (issue 27): the table's word for "I'm done"
records the hand with the facts given so far (the questions left are left out), as
``fertig`` and English ``done`` do; it no longer cancels the hand as the table's word to
stop does elsewhere. ``stoppen`` / ``cancel`` still leave the quick hand."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import PLAYERS, ok, run_cli
from table_helpers import piped

from scorekeeper.session import Session

WORDS = {
    "nl": ("snel", "klaar", "stoppen"),
    "de": ("schnell", "fertig", "stopp"),
    "en": ("hand", "done", "cancel"),
}


def _new_match(tmp_path: Path, lang: str) -> Path:
    """A new Doppelkopf match at a table of ``lang``."""
    path = tmp_path / "d.toml"
    ok(run_cli(tmp_path, "new", "doppelkopf", *PLAYERS, "--match", path, "--lang", lang))
    return path


@pytest.mark.parametrize("lang", ["nl", "de", "en"])
def test_done_records_the_quick_hand(tmp_path: Path, lang: str) -> None:
    start, done, _ = WORDS[lang]
    path = _new_match(tmp_path, lang)
    res = piped(tmp_path, path, f"{start}\nAnna,Carla\n165\n{done}\n")
    assert res.returncode == 0, res.stderr
    assert not res.stderr, res.stderr
    match = Session.open(path).match
    assert len(match.hands) == 1 and match.hands[0].finished
    assert match.totals()["Anna"] == 2, match.totals()


@pytest.mark.parametrize("lang", ["nl", "de", "en"])
def test_done_before_a_needed_fact_asks_it_again(tmp_path: Path, lang: str) -> None:
    start, done, stop = WORDS[lang]
    path = _new_match(tmp_path, lang)
    res = piped(tmp_path, path, f"{start}\nAnna,Carla\n{done}\n{stop}\n")
    needed = {"nl": "Re-punten=", "de": "Re-Augen=", "en": "re_points"}[lang]
    assert needed in res.stderr  # needed: refused and asked again (a pipe's exit: 1)
    assert not Session.open(path).match.hands


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_stop_still_leaves_the_quick_hand(tmp_path: Path, lang: str) -> None:
    start, _, stop = WORDS[lang]
    path = _new_match(tmp_path, lang)
    res = piped(tmp_path, path, f"{start}\nAnna,Carla\n165\n{stop}\n")
    assert res.returncode == 0, res.stderr
    assert not Session.open(path).match.hands
