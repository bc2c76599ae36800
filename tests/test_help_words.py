"""Issue 27, the help and club side: a drawn table's files named in the event's language,
and a command that names its language (``new --lang de``) refusing in that language,
driven through the real command line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import PLAYERS, in_process, ok, run_cli

EIGHT = [*PLAYERS, "Emil", "Frida", "Gert", "Hanna"]
FILES = {
    "en": ("n-round1-table1.toml", "n-round1-table1-second.toml"),
    "de": ("n-runde1-tisch1.toml", "n-runde1-tisch1-zweite.toml"),
    "nl": ("n-ronde1-tafel1.toml", "n-ronde1-tafel1-tweede.toml"),
}


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    return in_process(tmp_path, monkeypatch)


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_a_drawn_table_s_files_are_named_in_the_event_s_language(
    run: Any, tmp_path: Path, lang: str
) -> None:
    ok(run("event", "new", "n", "ddv-tournament", "--match-lang", lang))
    ok(run("event", "register", "n", *EIGHT))
    plan = json.loads(ok(run("event", "draw", "n", "--json", "--seed", "1")))
    first, second = FILES[lang]
    assert (tmp_path / "matches" / first).is_file()
    a, b = plan["tables"][0]["players"][:2]
    ok(run("event", "enter", "n", "1", "1", f"re={a},{b}", "re_points=130"))
    ok(run("event", "enter", "n", "1", "1", "--second", f"re={a},{b}", "re_points=130"))
    assert (tmp_path / "matches" / second).is_file()
    event = (tmp_path / "events" / "n.toml").read_text(encoding="utf-8")
    assert f'"matches/{first}"' in event and f'"matches/{second}"' in event
    assert ok(run("event", "compare", "n", "1", "1")).strip()


def test_an_event_drawn_with_the_old_english_names_keeps_loading(run: Any, tmp_path: Path) -> None:
    """An event file of before names its tables' files in English: a German event keeps
    reading them and names only its new rounds' files in German."""
    ok(run("event", "new", "n", "ddv-tournament", "--match-lang", "de"))
    ok(run("event", "register", "n", *EIGHT))
    plan = json.loads(ok(run("event", "draw", "n", "--json", "--seed", "1")))
    events = tmp_path / "events" / "n.toml"
    for old in ("1", "2"):
        german = tmp_path / "matches" / f"n-runde1-tisch{old}.toml"
        german.rename(tmp_path / "matches" / f"n-round1-table{old}.toml")
        text = events.read_text(encoding="utf-8")
        events.write_text(text.replace(german.name, f"n-round1-table{old}.toml"), encoding="utf-8")
    a, b = plan["tables"][0]["players"][:2]
    ok(run("event", "enter", "n", "1", "1", f"re={a},{b}", "re_points=130"))
    assert "round1-table1" in events.read_text(encoding="utf-8")
    ok(run("event", "check", "n", "--round", "1"))
    ok(run("event", "draw", "n", "--seed", "2"))
    assert (tmp_path / "matches" / "n-runde2-tisch1.toml").is_file()
    assert (tmp_path / "matches" / "n-round1-table1.toml").is_file()


@pytest.mark.parametrize(
    ("lang", "too_few", "unknown"),
    [
        ("de", "Fehler: ", "unbekannte Option"),
        ("nl", "fout: ", "onbekende optie"),
    ],
)
def test_new_with_its_own_lang_refuses_in_that_language(
    tmp_path: Path, lang: str, too_few: str, unknown: str
) -> None:
    """The environment speaks English; ``new --lang de`` names the match's language, so its
    refusals (the rule set's, an option's, click's own usage words) are German."""
    res = run_cli(tmp_path, "new", "klaverjassen", "Anna", "Ben", "Carla", "--lang", lang)
    assert res.returncode == 1 and not res.stdout and len(res.stderr.splitlines()) == 1
    assert too_few in res.stderr and "played by" not in res.stderr
    res = run_cli(tmp_path, "new", "klaverjassen", *PLAYERS, "--lang", lang, "--set", "foo=1")
    assert unknown in res.stderr
    res = run_cli(tmp_path, "new", "klaverjassen", *PLAYERS, "--lang", lang, "--price", "x")
    assert res.returncode == 2
    assert "Invalid value" not in res.stderr and "Usage" not in res.stderr
    assert not (tmp_path / "matches").exists() or not list((tmp_path / "matches").iterdir())
    english = run_cli(tmp_path, "new", "klaverjassen", "Anna", "Ben", "Carla")
    assert "played by 4 players" in english.stderr
