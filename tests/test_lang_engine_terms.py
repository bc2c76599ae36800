"""The last English words a German or Dutch table read: states, redeals, Kloepper's reply
knock and Doppelkopf's Bock reasons the engine names in English are the table's words;
English stays as it was. Through the real command line, on match files in a temporary
folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import PLAYERS, run_cli

from scorekeeper.lang.terms import term


def _ok(home: Path, *args: str) -> str:
    res = run_cli(home, *args)
    assert res.returncode == 0, res.stderr
    return res.stdout


WORDS = {
    "de": {
        "chosen": "Trumpf noch nicht bestimmt",
        "made": "Trumpf noch nicht bestimmt",
        "redeal": "Spiel 1: neu geben",
        "passed": "alle haben gepasst: derselbe Geber gibt neu",
        "reply": "Ben: Gegenklopfen",
        "fact": "schreib SCHLÜSSEL=WERT",
    },
    "nl": {
        "chosen": "troef nog niet gekozen",
        "made": "troef nog niet gemaakt",
        "redeal": "Spel 1: opnieuw delen",
        "passed": "iedereen paste: dezelfde deler deelt opnieuw",
        "reply": "Ben: terugkloppen",
        "fact": "schrijf SLEUTEL=WAARDE",
    },
}


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_states_redeals_and_knocks_in_the_tables_words(tmp_path: Path, lang: str) -> None:
    said = WORDS[lang]
    _ok(tmp_path, "new", "klaverjassen", *PLAYERS, "--lang", lang)
    status = _ok(tmp_path, "status")
    assert said["chosen"] in status and "not chosen" not in status, status
    _ok(tmp_path / "kj", "new", "klaberjass", "Anna", "Ben", "--lang", lang)
    status = _ok(tmp_path / "kj", "status")
    assert said["made"] in status and "not made" not in status, status
    _ok(tmp_path / "dk", "new", "doppelkopf", *PLAYERS, "--lang", lang)
    out = _ok(tmp_path / "dk", "hand", "redeal=yes")
    assert said["redeal"] in out and "new deal" not in out, out
    bad = run_cli(tmp_path / "dk", "hand", "nonsense")
    assert bad.returncode != 0 and said["fact"] in bad.stderr + bad.stdout
    assert "write KEY=VALUE" not in bad.stderr + bad.stdout
    _ok(tmp_path / "k3", "new", "klaverjassen-3", "Anna", "Ben", "Carla", "--lang", lang)
    out = _ok(tmp_path / "k3", "hand", "redeal=yes")
    assert said["passed"] in out and "everybody" not in out, out
    _ok(tmp_path / "kl", "new", "kloepper", *PLAYERS, "--lang", lang)
    _ok(tmp_path / "kl", "announce", "Anna", "knock")
    _ok(tmp_path / "kl", "announce", "Ben", "knock")
    status = _ok(tmp_path / "kl", "status")
    assert said["reply"] in status and "reply" not in status, status


def test_english_keeps_the_engines_words(tmp_path: Path) -> None:
    _ok(tmp_path, "new", "klaverjassen", *PLAYERS)
    assert "trump not chosen yet" in _ok(tmp_path, "status")
    _ok(tmp_path / "dk", "new", "doppelkopf", *PLAYERS)
    assert "Hand 1: new deal" in _ok(tmp_path / "dk", "hand", "redeal=yes")
    bad = run_cli(tmp_path / "dk", "hand", "nonsense")
    assert "write KEY=VALUE with a key of" in bad.stderr + bad.stdout


def test_bock_reasons_and_the_kloepper_sides_are_terms() -> None:
    assert term("lost solo", "de") == "verlorenes Solo"
    assert term("lost solo", "nl") == "verloren solo"
    assert term("lost Re/Contra", "de") == "verlorenes Re/Kontra"
    assert term("the queens", "de") == "die Damen" and term("the others", "nl") == "de anderen"
    assert term("in play", "de") == "im Spiel"
    assert term("lost solo", "en") == "lost solo"


@pytest.mark.parametrize("reply", ["terugkloppen", "tegenkloppen"])
def test_a_dutch_table_reads_terugkloppen_as_the_reply_knock(tmp_path: Path, reply: str) -> None:
    _ok(tmp_path, "new", "kloepper", *PLAYERS, "--lang", "nl")
    _ok(tmp_path, "announce", "Anna", "kloppen")
    _ok(tmp_path, "announce", "Ben", reply)
    status = _ok(tmp_path, "status")
    assert "Ben: terugkloppen (de anderen)" in status and "tegenklop" not in status, status
