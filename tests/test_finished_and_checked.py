"""Two things a table reads without asking for them: `check` on a German or Dutch match
says where a problem is in the match's language ('Spiel 2', 'spel 2', never 'hand 2'),
and a session opened on a finished match says it is over, with no dealer and nobody to
play (issue 24 item 5: the prompt and what it says never contradict each other)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import PLAYERS, cli_env, run_cli


@pytest.mark.parametrize(
    ("lang", "said"), [("de", "Fehler: m.toml:31: Spiel 2: "), ("nl", "Fout: m.toml:31: spel 2: ")]
)
def test_check_says_where_in_the_match_s_language(tmp_path: Path, lang: str, said: str) -> None:
    match = tmp_path / "m.toml"
    assert (
        run_cli(
            tmp_path, "new", "doppelkopf", *PLAYERS, "--lang", lang, "--match", match
        ).returncode
        == 0
    )
    for points in ("165", "125"):
        res = run_cli(tmp_path, "hand", "re=Anna,Carla", f"re_points={points}", "-m", match)
        assert res.returncode == 0, res.stderr
    text = match.read_text("utf-8")
    assert text.count("re_points = 125") == 1
    match.write_text(text.replace("re_points = 125", "re_points = 999"), "utf-8")
    res = run_cli(tmp_path, "check", match.name, cwd=tmp_path)
    assert res.returncode == 1
    assert said in res.stderr, res.stderr
    assert "hand 2" not in res.stderr


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_a_finished_match_names_no_dealer_and_nobody_to_play(tmp_path: Path, lang: str) -> None:
    match = tmp_path / "b.toml"
    res = run_cli(tmp_path, "demo", "bierkopf", "--hands", "40", "--seed", "1", "--match", match)
    assert res.returncode == 0, res.stderr
    status = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--lang", lang, "status", "--match", str(match)],
        env=cli_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert status.returncode == 0, status.stderr
    session = subprocess.run(
        [sys.executable, "-m", "scorekeeper", "--lang", lang, "table", "--match", str(match)],
        input="quit\n",
        env=cli_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    opened = session.stdout.split("\n\n")[0]
    words = {
        "en": ("to play", "dealer"),
        "de": ("ist dran", "Geber"),
        "nl": ("aan de beurt", "deler"),
    }
    assert not any(w in opened for w in words[lang]), opened
    over = {"en": "match over", "de": "Partie", "nl": "partij"}[lang]
    assert over in opened.casefold() or over in opened, opened


def test_a_value_line_names_its_cards_as_the_table_writes_them(tmp_path: Path) -> None:
    """A Klaberjass sequence in a hand's value: 'reeks B♠ V♠ H♠' at a Dutch table, never the
    match file's codes 'JS QS KS' (issue 28 item 5: every item in the players' words)."""
    match = tmp_path / "k.toml"
    made = run_cli(tmp_path, "new", "klaberjass", "Anna", "Ben", "--lang", "nl", "--match", match)
    assert made.returncode == 0, made.stderr
    res = run_cli(
        tmp_path,
        "hand",
        "maker=Anna",
        "trump=R",
        "points=Anna:90,Ben:62",
        "sequences=Anna:H7 H8 H9,Ben:SB SV SH",
        "-m",
        match,
    )
    assert res.returncode == 0, res.stderr
    assert "+20 Ben: reeks B♠ V♠ H♠ (3 kaarten)" in res.stdout, res.stdout
    assert "JS QS KS" not in res.stdout
