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
        ("nl", "Fout: ", "onbekende optie"),
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


# ------------------------------------------------- the table's language, command by command


def _table(home: Path, lang: str) -> None:
    """A current match of ``lang`` in the data folder ``home`` (the environment English)."""
    ok(run_cli(home, "new", "klaverjassen", *PLAYERS, "--lang", lang))


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("nl", ("partij", "spelers", "geen partij met de naam", "Fout: ")),
        ("de", ("Partie", "Spieler", "keine Partie namens", "Fehler: ")),
    ],
)
def test_commands_on_the_data_folder_speak_the_current_match_s_language(
    tmp_path: Path, lang: str, words: tuple[str, str, str, str]
) -> None:
    """``matches``, ``archive``, ``switch``, ``rename``, ``import``, ``stats`` and the
    referee's commands act on no match: they speak the table's language, the current
    match's, where the environment is English; ``--lang`` still wins."""
    _table(tmp_path, lang)
    listing = ok(run_cli(tmp_path, "matches", env={"COLUMNS": "120"}))
    assert words[0] in listing and words[1] in listing and "players" not in listing
    for command in (("archive", "nix"), ("switch", "nix"), ("rename", "nix", "neu")):
        res = run_cli(tmp_path, *command)
        assert res.returncode == 2 and res.stderr.startswith(words[3]), res.stderr
        assert words[2] in res.stderr and "no match named" not in res.stderr
    assert run_cli(tmp_path, "import", tmp_path / "nix.toml").stderr.startswith(words[3])
    assert "no finished hands" not in run_cli(tmp_path, "stats").stdout
    assert run_cli(tmp_path, "judge", "klaverjassen").stderr.startswith(words[3])
    english = ok(run_cli(tmp_path, "--lang", "en", "matches", env={"COLUMNS": "120"}))
    assert "players" in english
    mistake = run_cli(tmp_path, "matches", "--bogus")
    assert mistake.returncode == 2 and "Usage" not in mistake.stderr


def test_without_a_current_match_the_environment_s_language_speaks(tmp_path: Path) -> None:
    assert "no matches yet" in ok(run_cli(tmp_path, "matches"))
    german = ok(run_cli(tmp_path, "matches", env={"SCOREKEEPER_LANG": "de"}))
    assert "noch keine Partien" in german or "Partie" in german


@pytest.mark.parametrize(
    ("lang", "plan", "refused"),
    [("de", "Runde 1: Sitzplan", "Fehler: "), ("nl", "ronde 1: tafelindeling", "Fout: ")],
)
def test_event_commands_speak_the_event_s_language(
    tmp_path: Path, lang: str, plan: str, refused: str
) -> None:
    """An event made with ``--match-lang`` speaks its tables' language in every event
    command (its output, its refusals, its help), whatever the environment; an event
    without one speaks the environment's."""
    made = ok(run_cli(tmp_path, "event", "new", "n", "ddv-tournament", "--match-lang", lang))
    assert "started" not in made
    ok(run_cli(tmp_path, "event", "register", "n", *EIGHT))
    drawn = ok(run_cli(tmp_path, "event", "draw", "n", "--seed", "1"))
    assert plan in drawn and "seat plan" not in drawn
    res = run_cli(tmp_path, "event", "penalty", "n", "1", "9", "Ben", "minor")
    assert res.returncode != 0 and res.stderr.startswith(refused), res.stderr
    helped = ok(run_cli(tmp_path, "event", "enter", "n", "1", "1", "--help"))
    assert "Usage" not in helped and "Options" not in helped
    bad = run_cli(
        tmp_path, "event", "new", "m", "ddv-tournament", "--match-lang", lang, "-s", "x=1"
    )
    assert bad.returncode == 2 and bad.stderr.startswith(refused), bad.stderr
    ok(run_cli(tmp_path, "event", "new", "e", "ddv-tournament"))
    ok(run_cli(tmp_path, "event", "register", "e", *EIGHT))
    assert "seat plan" in ok(run_cli(tmp_path, "event", "draw", "e", "--seed", "1"))


# ------------------------------------------------------ the game's own examples in help

OTHER_GAMES = ["klaverjassen", "klaberjass", "kloepper", "bierkopf"]


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
@pytest.mark.parametrize("game", OTHER_GAMES)
def test_every_help_gives_the_game_s_own_examples(game: str, lang: str) -> None:
    """At a table of another game, no help text keeps one of Doppelkopf's examples (as that
    table would write it: ``Ben Re``, ``KrD H10 KaA Ka9``, ``re=Anna,Carla``); the game's
    own examples are there instead."""
    import typer

    from scorekeeper.cli.app import app
    from scorekeeper.cli.examples import SOURCE, family_of, fragments
    from scorekeeper.cli.helps import _texts, flow_helps, translate_helps

    command = typer.main.get_command(app)
    table = family_of(game)
    assert table is not None
    if lang == "en":
        flow_helps(command, table)
    else:
        translate_helps(command, lang, table)
    texts = "\n".join(
        t for owner, attr in _texts(command) if isinstance(t := getattr(owner, attr, None), str)
    )
    doppelkopf = fragments(SOURCE, lang)
    own = fragments(table[0], lang, game)
    for kind in ("trick", "said", "declared", "acts", "hand", "facts", "judged", "table"):
        if doppelkopf[kind] != own[kind]:
            assert doppelkopf[kind] not in texts, (kind, doppelkopf[kind])
            assert own[kind] in texts, (kind, own[kind])
    assert "re=Anna" not in texts and "re_points" not in texts
    assert f"scorekeeper explain {game}" in texts


@pytest.mark.parametrize(
    ("lang", "example"),
    [("nl", "scorekeeper trick HB H9 HA H10"), ("de", "scorekeeper trick HB H9 HA H10")],
)
def test_the_help_at_a_klaverjas_table_and_event_gives_klaverjas_examples(
    tmp_path: Path, lang: str, example: str
) -> None:
    """Through the real command line: the current match's game, an event's game, and the
    game a command names give the help its examples, in the table's words."""
    _table(tmp_path, lang)
    helped = ok(run_cli(tmp_path, "trick", "--help", env={"COLUMNS": "200"}))
    assert example in helped and "KrD" not in helped and "KlV" not in helped
    ok(run_cli(tmp_path, "event", "new", "k", "klaverjas-individual", "--match-lang", lang))
    entered = ok(run_cli(tmp_path, "event", "enter", "k", "--help", env={"COLUMNS": "200"}))
    from scorekeeper.lang.terms import fact_name

    assert f"{fact_name('playing', lang)}=Carla" in entered and "re=Anna" not in entered
    named = ok(run_cli(tmp_path, "--lang", "en", "explain", "bierkopf", "--help"))
    assert "scorekeeper explain bierkopf" in named and "explain doppelkopf" not in named


# ------------------------------------------------------------------- money in help


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_money_in_help_is_written_as_the_table_writes_it_and_read(
    tmp_path: Path, lang: str
) -> None:
    """The settle help's money in the table's form (``0,05``, steps ``"0,50 4:1,00"``: a
    space apart, the comma being the decimal one); that form is read, and so is the old
    one (``0.50,4:1.00``), to the same loss money."""
    _table(tmp_path, lang)
    helped = " ".join(ok(run_cli(tmp_path, "settle", "--help", env={"COLUMNS": "200"})).split())
    assert '--price 0,05 --loss-money "0,50 4:1,00"' in helped
    assert "0.05" not in helped and "0.50" not in helped
    new = run_cli(tmp_path, "settle", "--json", "--price", "0,05", "--loss-money", "0,50 4:1,00")
    old = run_cli(tmp_path, "settle", "--json", "--price", "0.05", "--loss-money", "0.50,4:1.00")
    assert new.returncode == old.returncode == 0, new.stderr + old.stderr
    assert new.stdout == old.stdout


def test_loss_money_in_either_form() -> None:
    from decimal import Decimal

    from scorekeeper.settle import parse_steps

    steps = ((1, Decimal("0.50")), (4, Decimal("1.00")))
    for typed in ("0.50,4:1.00", "0,50 4:1,00", "0,50;4:1,00", "0,50  4:1,00"):
        assert parse_steps(typed) == steps, typed
    assert parse_steps("1,4:2") == ((1, Decimal("1")), (4, Decimal("2")))  # the old form first
    assert parse_steps("0,5") == ((1, Decimal("0.5")),)
    for wrong in ("0,50,4:1,00", "x", "0,501"):
        with pytest.raises(ValueError):
            parse_steps(wrong)


@pytest.mark.parametrize("game", ["doppelkopf", *OTHER_GAMES])
def test_each_game_s_help_examples_are_read(run: Any, tmp_path: Path, game: str) -> None:
    """A help's example is something the command takes: each game's hand, judge and
    announcement examples, run as the help writes them (in English words: every language
    reads them), are recorded or answered, not refused."""
    import shlex

    from scorekeeper.cli.examples import fragments

    ex = fragments(game, "en")
    hand, said = tmp_path / "hand.toml", tmp_path / "said.toml"
    for path in (hand, said):
        ok(run("new", *ex["table"].split(), "--match", path))
    ok(run("hand", *shlex.split(ex["hand"]), "--match", hand))
    ok(run("announce", *ex["said"].split(), "--match", said))
    ok(run("judge", game, "--trick", *shlex.split(ex["judged"])))
    ok(run("judge", game, "--trick", *shlex.split(ex["judged_trick"])))
    ok(run("judge", game, *shlex.split(ex["judged_facts"])))


def test_a_command_s_table_language_does_not_outlive_it(tmp_path: Path, monkeypatch) -> None:
    """The table's language a command's help and refusals take (``typer_main``) is that
    command's alone: a later command in the same process (an in-process run, a test's
    next one) spoke Dutch after a Dutch match's command."""
    from cli_helpers import in_process

    from scorekeeper.cli import app as cli_app

    home = tmp_path / "home"
    run = in_process(home, monkeypatch)
    assert (
        run("new", "klaverjassen", "Anna", "Ben", "Carla", "Dirk", "--lang", "nl").returncode == 0
    )
    english = tmp_path / "en.toml"
    assert (
        run("new", "doppelkopf", "A", "B", "C", "D", "--lang", "en", "--match", english).returncode
        == 0
    )
    with pytest.raises(SystemExit):
        cli_app.typer_main(["matches"])
    with pytest.raises(SystemExit) as refused:  # an English match's refusal, in English
        cli_app.typer_main(["status", "--match", str(english), "--nonsense"])
    assert refused.value.code == 2
    res = run("status", "--match", english, "--nonsense")
    assert "No such option" in res.stderr and "Keine" not in res.stderr, res.stderr


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["event", "competitions"], "klaverjas-individual: Klaverjas-competitie (individueel)"),
        (["event", "season", "x"], "Fout: geen evenement telt voor het seizoen 'x'"),
        (["event", "season", "--help"], "Gebruik: scorekeeper event season"),
    ],
)
def test_club_commands_on_no_event_speak_the_table_s_language(
    tmp_path: Path, args: list[str], said: str
) -> None:
    """``event competitions`` and ``event season`` name no event: they speak the table's
    language (the current match's), as ``matches`` and ``stats`` do (before: English at a
    Dutch table)."""
    home = tmp_path / "home"
    ok(run_cli(home, "new", "klaverjassen", "Anna", "Ben", "Carla", "Dirk", "--lang", "nl"))
    res = run_cli(home, *args)
    assert said in res.stdout + res.stderr, (res.stdout, res.stderr)
