"""The table's referee lists every card a player may not play by its name at the table
(``B♥`` at a Dutch table, ``D♣`` at a German one), never by the match file's code (``JH``,
``QC``); and ``deal`` refuses a malformed hand in the match's language (issue 27)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from cli_helpers import ok, run_cli, snapshot
from table_helpers import piped

DEAL = {
    "Anna": "SA S9 S8 S7 HA H9 H8 H7",
    "Ben": "CA C9 C8 C7 DA D9 D8 D7",
    "Carla": "HJ H10 CQ C10 SJ S10 DJ D10",
    "Dirk": "HK HQ CK CJ SK SQ DK DQ",
}
CODE = re.compile(r"^\s+(?:10|[AKQJ987])[CSHD]:", re.M)  # a refused card by its code
WORDS = {
    "de": ("richter", "stopp", "muss Kreuz bedienen"),
    "nl": ("scheidsrechter", "stoppen", "moet klaveren bekennen"),
}


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_the_referee_names_each_refused_card_as_the_table_does(lang: str, tmp_path: Path) -> None:
    path = tmp_path / "r.toml"
    players = list(DEAL)
    ok(run_cli(tmp_path, "new", "klaverjassen-rotterdam", *players, "--lang", lang, "-m", path))
    ok(run_cli(tmp_path, "deal", *(f"{p}={c}" for p, c in DEAL.items()), "-m", path))
    ok(run_cli(tmp_path, "act", "Ben trump hearts", "-m", path))
    ok(run_cli(tmp_path, "play", "Ben", "9C", "-m", path))
    referee, stop, duty = WORDS[lang]
    res = piped(tmp_path, path, f"{referee}\n{stop}\n")
    assert duty in res.stdout, res.stdout
    assert "  B♥: " in res.stdout, res.stdout  # Carla's jack of hearts, refused
    assert not CODE.search(res.stdout), res.stdout


@pytest.mark.parametrize(("lang", "words"), [("de", "Fehler: "), ("nl", "Fout: ")])
def test_a_malformed_deal_is_refused_in_the_match_s_language(
    lang: str, words: str, tmp_path: Path
) -> None:
    path = tmp_path / "d.toml"
    ok(run_cli(tmp_path, "new", "klaverjassen-rotterdam", *DEAL, "--lang", lang, "-m", path))
    before = snapshot(path)
    res = run_cli(tmp_path, "deal", "Anna:SA S9", "-m", path)
    assert res.returncode == 2, res.stderr
    assert res.stderr.startswith(words) and "Error" not in res.stderr, res.stderr
    assert snapshot(path) == before


def test_judge_reads_and_speaks_the_current_match_s_language(tmp_path: Path) -> None:
    """At a Dutch table (the current match), judge's own --help examples work as printed:
    Dutch cards, trump and facts are read, and the value is said in Dutch too (it read
    English only and said the value in English unless --lang was given)."""
    ok(run_cli(tmp_path, "new", "klaverjassen-rotterdam", *DEAL, "--lang", "nl"))
    trick = ["--trick", "Anna:SA Ben:S9", "--player", "Carla", "--hand", "SH HB Kl7"]
    said = ok(run_cli(tmp_path, "judge", "klaverjassen-rotterdam", *trick, "--trump", "harten"))
    assert "Mag spelen: H♠" in said and "Niet B♥: moet schoppen bekennen" in said, said
    facts = ["-f", "spelend team=Carla", "-f", "troef=harten", "-f", "punten=90"]
    value = ok(run_cli(tmp_path, "judge", "klaverjassen-rotterdam", *facts))
    assert value.startswith("Waarde: Carla & Speler 3 harten"), value
    assert "Value" not in value and "card points" not in value, value
