"""The environment's language is read one way (``text.language.from_env``) for what is
shown and for what is typed: a ``SCOREKEEPER_LANG`` naming a language scorekeeper does
not speak is refused as a usage mistake (exit 2, naming the setting and the value), by
every command on either path (the quick path, Typer, the piped table), before anything
is read or written; a locale scorekeeper does not speak means English.

Before, what was shown passed over ``SCOREKEEPER_LANG=fr`` (English) while what was typed
refused it (``play QC`` exit 2, ``status`` exit 0).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run_cli
from table_helpers import piped

from scorekeeper.lang import environment_lang
from scorekeeper.text import language

COMMANDS = [
    ["status"],
    ["play", "QC"],
    ["play", "Kreuz", "Dame"],
    ["score"],
    ["undo", "--yes"],
    ["status", "--json"],
    ["--lang", "de", "status"],  # the environment is wrong whatever else speaks
    ["rules", "list"],  # Typer's path
    ["--help"],
]


@pytest.fixture
def match(tmp_path: Path) -> Path:
    path = tmp_path / "m.toml"
    res = run_cli(tmp_path / "home", "demo", "--hands", "2", "--match", path)
    assert res.returncode == 0, res.stderr
    return path


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
@pytest.mark.parametrize("quick", ["on", "off"])
def test_an_unknown_environment_language_is_refused(
    tmp_path: Path, match: Path, args: list[str], quick: str
) -> None:
    before = match.read_bytes()
    env = {"SCOREKEEPER_LANG": "fr", "SCOREKEEPER_QUICK": quick}
    res = run_cli(tmp_path / "home", *args, "--match", match, env=env)
    assert res.returncode == 2, (res.returncode, res.stdout, res.stderr)
    assert res.stdout == ""
    assert REFUSALS[said_in(args)] in res.stderr
    assert "Traceback" not in res.stderr
    assert match.read_bytes() == before


REFUSALS = {
    "en": "SCOREKEEPER_LANG: unknown language 'fr'; scorekeeper speaks en, de, nl",
    "de": "Fehler: SCOREKEEPER_LANG: unbekannte Sprache 'fr'; scorekeeper spricht en, de, nl",
    "nl": "Fout: SCOREKEEPER_LANG: onbekende taal 'fr'; scorekeeper spreekt en, de, nl",
    "json": '"where": "SCOREKEEPER_LANG", "reason": {"key": "lang.unknown", "params": {"lang": "fr"',
}


def said_in(args: list[str]) -> str:
    """How the refusal is said: as JSON under --json, else in --lang's words."""
    if "--json" in args:
        return "json"
    return args[args.index("--lang") + 1] if "--lang" in args else "en"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--lang", "nl", "score"], "nl"),
        (["play", "QC", "--lang", "de"], "de"),
        (["rules", "list", "--lang", "nl"], "nl"),
        (["score", "--json", "--lang", "de"], "json"),
    ],
)
def test_the_refusal_speaks_the_command_s_language(
    tmp_path: Path, match: Path, args: list[str], said: str
) -> None:
    """Said in the words the command would have spoken (its --lang, else the match's), and
    under --json as the JSON object every refusal is (before: English plain text always)."""
    res = run_cli(tmp_path / "home", *args, "--match", match, env={"SCOREKEEPER_LANG": "fr"})
    assert res.returncode == 2 and res.stdout == ""
    assert REFUSALS[said] in res.stderr, res.stderr
    if said == "json":
        import json

        assert json.loads(res.stderr)["kind"] == "usage"


def test_the_refusal_speaks_the_match_s_language(tmp_path: Path) -> None:
    path = tmp_path / "nl.toml"
    names = ["Anna", "Ben", "Carla", "Dirk"]
    made = run_cli(
        tmp_path / "home", "new", "klaverjassen", *names, "--lang", "nl", "--match", path
    )
    assert made.returncode == 0, made.stderr
    res = run_cli(tmp_path / "home", "status", "--match", path, env={"SCOREKEEPER_LANG": "fr"})
    assert res.returncode == 2 and REFUSALS["nl"] in res.stderr, res.stderr


def test_the_table_refuses_it_too(tmp_path: Path, match: Path) -> None:
    before = match.read_bytes()
    res = piped(tmp_path / "home", match, "Carla QC\nquit\n", env={"SCOREKEEPER_LANG": "xx"})
    assert res.returncode == 2 and "SCOREKEEPER_LANG: unknown language 'xx'" in res.stderr
    assert match.read_bytes() == before


@pytest.mark.parametrize(
    ("value", "shown", "typed", "card"),
    [
        ("de", "Spiel 3", "Kreuz Dame", "D♣"),
        ("NL", "Spel 3", "klaveren vrouw", "V♣"),
        ("en", "Hand 3", "QC", "QC"),
    ],
)
def test_a_known_environment_language_is_shown_and_read(
    tmp_path: Path, match: Path, value: str, shown: str, typed: str, card: str
) -> None:
    env = {"SCOREKEEPER_LANG": value}
    res = run_cli(tmp_path / "home", "play", *typed.split(), "--match", match, env=env)
    assert res.returncode == 0, res.stderr
    res = run_cli(tmp_path / "home", "status", "--match", match, env=env)
    assert res.returncode == 0 and res.stdout.startswith(shown), res.stdout
    assert f"Dirk:{card}" in res.stdout  # the card typed in that language, played


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),
        ({"SCOREKEEPER_LANG": "de_DE.UTF-8"}, "de"),
        ({"SCOREKEEPER_LANG": " ", "LANG": "nl_NL.UTF-8"}, "nl"),
    ],
)
def test_one_reading_of_the_environment(environ: dict[str, str], lang: str) -> None:
    assert environment_lang(environ) == lang
    assert (language.from_env(environ) or "en") == lang


def test_an_unknown_one_is_refused_by_the_reader_itself() -> None:
    with pytest.raises(language.UnknownLanguage) as refused:
        language.from_env({"SCOREKEEPER_LANG": "fr", "LANG": "de_DE.UTF-8"})
    assert (refused.value.code, refused.value.where) == ("fr", "SCOREKEEPER_LANG")
    assert language.from_env({"SCOREKEEPER_LANG": "fr"}) is None  # its refusal said in English
    language.reset()  # a new command refuses it again
    with pytest.raises(language.UnknownLanguage):
        language.from_env({"SCOREKEEPER_LANG": "fr"})
    language.reset()
