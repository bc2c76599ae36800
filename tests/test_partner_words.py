"""Two partners are written one way per language, from the language file's ``pair``
(issue 27): the sheet, the status, a hand's value, the exports and the table session said
``Anna & Carla``, ``Anna+Carla`` and ``Anna/Carla`` side by side; the engine's own names
(``Anna/Carla``, ``Anna+Carla``) stay in ``--json``."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import PLAYERS, ok, run_cli
from table_helpers import piped

from scorekeeper.lang.data import language

GAMES = {
    "klaverjassen": (("playing=Anna", "trump=H", "points=100", "roem=20"), "Anna/Carla"),
    "bierkopf": (("team=Anna", "points=70"), "Anna+Carla"),
}


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_partners_are_written_one_way_everywhere(tmp_path: Path, game: str, lang: str) -> None:
    home, match = tmp_path / "home", tmp_path / "m.toml"
    facts, engine = GAMES[game]
    started = ok(run_cli(home, "new", game, *PLAYERS, "--lang", lang, "-m", match))
    said = [started, ok(run_cli(home, "hand", *facts, "-m", match))]
    for command in (["score"], ["status"], ["export", "-f", "csv"], ["export", "-f", "chat"]):
        said.append(ok(run_cli(home, *command, "-m", match)))
    said.append(piped(home, match, "status\nscore\nquit\n").stdout)
    pair = language(lang).pair.format(first="Anna", second="Carla")
    for text in said[1:]:
        assert pair in text, text
    for text in said:
        assert "Anna/Carla" not in text and "Anna+Carla" not in text, text
    sheet = said[2]
    assert max(len(line) for line in sheet.splitlines()) <= 80, sheet
    assert engine in ok(run_cli(home, "score", "--json", "-m", match))  # the engine's name


def test_the_pair_form_is_the_language_file_s() -> None:
    from scorekeeper.lang.terms import pair

    for lang in ("en", "de", "nl"):
        form = language(lang).pair
        assert "{first}" in form and "{second}" in form
        assert pair(["Anna", "Carla"], lang) == form.format(first="Anna", second="Carla")
