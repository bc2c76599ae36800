"""Lines the commands print outside the hand's own words, said in the table's language and
true (issue 24's gaps: ``check``'s verdict was English only; issue 28: a sheet with only a
hand in play said "Progress: game 0"). Real command line, en/de/nl."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import PLAYERS, run_cli

OK = {
    "en": ("ok (1 hand)", "ok (2 hands)"),
    "de": ("in Ordnung (1 Spiel)", "in Ordnung (2 Spiele)"),
    "nl": ("in orde (1 spel)", "in orde (2 spellen)"),
}
PROGRESS = {"en": "Progress:", "de": "Fortschritt:", "nl": "Voortgang:"}


def sk(home: Path, *args: str | Path) -> str:
    res = run_cli(home, *args)
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stderr
    return res.stdout


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_check_says_a_sound_file_is_sound_in_the_tables_language(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "m.toml"
    sk(tmp_path, "new", "doppelkopf", *PLAYERS, "--match", path)
    sk(tmp_path, "hand", "re=Anna,Carla", "re_points=165", "--match", path)
    assert sk(tmp_path, "--lang", lang, "check", path).strip() == f"{path}: {OK[lang][0]}"
    sk(tmp_path, "hand", "re=Ben,Dirk", "re_points=125", "--match", path)
    assert sk(tmp_path, "--lang", lang, "check", path).strip() == f"{path}: {OK[lang][1]}"


MISSING = {"en": "no such file", "de": "gibt es nicht", "nl": "bestaat niet"}


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_check_of_a_missing_file_speaks_the_tables_language(tmp_path: Path, lang: str) -> None:
    """No --lang, no $SCOREKEEPER_LANG: a file that cannot be read names no language, so
    the refusal is the table's (the current match's), as its help is."""
    sk(tmp_path, "new", "doppelkopf", *PLAYERS, "--lang", lang)
    res = run_cli(tmp_path, "check", tmp_path / "nowhere.toml")
    assert res.returncode == 1, res.stderr
    assert MISSING[lang] in res.stderr and MISSING["en"] not in res.stderr, res.stderr
    with_lang = run_cli(tmp_path, "--lang", "en", "check", tmp_path / "nowhere.toml")
    assert MISSING["en"] in with_lang.stderr, with_lang.stderr  # --lang still wins


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
@pytest.mark.parametrize("ruleset", ["doppelkopf", "klaverjassen", "bierkopf"])
@pytest.mark.parametrize("form", ["chat", "markdown"])
def test_no_progress_before_a_hand_is_counted(
    tmp_path: Path, lang: str, ruleset: str, form: str
) -> None:
    path = tmp_path / "m.toml"
    sk(tmp_path, "new", ruleset, *PLAYERS, "--match", path)
    out = sk(tmp_path, "--lang", lang, "export", "--format", form, "--match", path)
    assert PROGRESS[lang] not in out, out  # never "game 0", "hand 0 of 16", "Anna 0 of 21"
    if ruleset == "doppelkopf":
        sk(tmp_path, "hand", "re=Anna,Carla", "re_points=165", "--match", path)
        out = sk(tmp_path, "--lang", lang, "export", "--format", form, "--match", path)
        assert PROGRESS[lang] in out, out


def test_an_ascii_terminal_gets_german_umlauts_as_a_german_writes_them(tmp_path: Path) -> None:
    """``LANG=C``: ``läuft`` is ``laeuft``, ``Tschüss`` ``Tschuess`` (not ``lauft``)."""
    from table_helpers import piped

    path = tmp_path / "m.toml"
    sk(tmp_path, "new", "doppelkopf", *PLAYERS, "--lang", "de", "--match", path)
    sk(tmp_path, "play", "Ben", "QC", "--match", path)
    res = run_cli(tmp_path, "score", "--match", path, env={"LANG": "C"})
    assert res.returncode == 0, res.stderr
    assert "laeuft" in res.stdout and "lauft" not in res.stdout, res.stdout
    res = piped(tmp_path, path, "quit\n", env={"LANG": "C"})
    assert "Tschuess;" in res.stdout, res.stdout
    res.stdout.encode("ascii")  # nothing but ASCII



KEYS_SHOWN = {"de": ("Re-Augen=", "Alle Stiche="), "nl": ("Re-punten=", "Alle slagen=")}


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_hand_keys_names_each_fact_as_the_table_types_it(tmp_path: Path, lang: str) -> None:
    """``hand --keys`` lists the facts by the names ``hand`` reads in the table's language
    (before: re_points=, all_tricks= at a German or Dutch table), and each name is read back."""
    path = tmp_path / "m.toml"
    sk(tmp_path, "new", "doppelkopf", *PLAYERS, "--lang", lang, "--match", path)
    listed = sk(tmp_path, "hand", "--keys", "--match", path)
    for shown in KEYS_SHOWN[lang]:
        assert f"  {shown}" in listed, listed
    assert "re_points=" not in listed and "all_tricks=" not in listed, listed
    points = KEYS_SHOWN[lang][0]
    sk(tmp_path, "hand", "Re=Anna,Carla", f"{points}165", "--match", path)
    assert "re_points = 165" in path.read_text(encoding="utf-8")


BAR_SAID = {"de": "Gesagt: Ben Klopfen, Carla Gegenklopfen", "nl": "Gezegd: Ben kloppen, Carla terugkloppen"}


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_the_status_bar_names_a_reply_knock_as_the_table_does(tmp_path: Path, lang: str) -> None:
    """Kloepper's reply knock in the table's status bar (and the phones' page, which shows
    the same data): one word of the table's (before: 'Carla reply Klopfen')."""
    from scorekeeper.table.bar import bar_data, bar_text
    from scorekeeper.table.session import TableSession

    path = tmp_path / "k.toml"
    sk(tmp_path, "new", "kloepper", *PLAYERS, "--lang", lang, "--match", path)
    table = TableSession(path)
    assert table.handle("Ben knock").ok and table.handle("Carla knock").ok
    bar = bar_text(bar_data(table.current(), lang), 200)
    assert BAR_SAID[lang] in bar, bar
    assert "reply" not in bar, bar
