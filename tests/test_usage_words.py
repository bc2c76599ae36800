"""A mistyped command or language at a German or Dutch table is answered in its words:
Typer's guess at the command ('Did you mean') and the refusal of --lang's value (click's
'(env var: 'None')', 'choose one of') were English (issue 27)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import ok, run_cli

GUESS = {"de": "Meintest du 'score'?", "nl": "Bedoel je 'score'?", "en": "Did you mean 'score'?"}
ENGLISH = ("Did you mean", "env var", "choose one of")


@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_a_mistyped_command_or_language_in_the_table_s_words(lang: str, tmp_path: Path) -> None:
    ok(run_cli(tmp_path, "new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk", "--lang", lang))
    typo = run_cli(tmp_path, "scroe")
    assert typo.returncode == 2 and GUESS[lang] in typo.stderr, typo.stderr
    bad = run_cli(tmp_path, "--lang", "fr", "status")
    assert bad.returncode == 2 and "'fr'" in bad.stderr, bad.stderr
    assert "env var" not in bad.stderr, bad.stderr
    if lang != "en":
        for english in ENGLISH:
            assert english not in typo.stderr + bad.stderr, (typo.stderr, bad.stderr)
