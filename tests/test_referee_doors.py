"""What the doors let in: a match file's rule set, house-rule option names, words of an
action, player names. Each refusal names the file, key or word, exits 1 and leaves every
file as it was; what old files hold loads as before.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import PLAYERS, run_cli, snapshot

HEADER = (
    'format = "scorekeeper-match/1"\n'
    'ruleset = "{ruleset}"\n'
    'players = ["Anna", "Ben", "Carla", "Dirk"]\n'
    'first_dealer = "Anna"\n'
    "started = 2024-05-01T20:00:00+02:00\n"
)
SECRET = "root:x:0:0:secret-line-that-must-never-be-shown"


def match_naming(folder: Path, ruleset: str, body: str = "") -> Path:
    path = folder / "m.toml"
    path.write_text(HEADER.format(ruleset=ruleset) + body, encoding="utf-8")
    return path


# ------------------------------------------------------------- a match file's rule set


@pytest.mark.parametrize(
    "named",
    ["../../etc/passwd", "{foreign}", "{folder}", "..", ".hidden", "sub\\\\dir"],
)
@pytest.mark.parametrize("command", ["check", "score", "import"])
def test_a_match_file_may_not_name_a_file_that_is_not_a_rule_set(
    tmp_path: Path, named: str, command: str
) -> None:
    foreign = tmp_path / "secrets" / "passwd"
    foreign.parent.mkdir()
    foreign.write_text(SECRET + "\n", encoding="utf-8")
    named = named.format(foreign=foreign, folder=foreign.parent)
    work = tmp_path / "deep" / "er"
    work.mkdir(parents=True)
    path = match_naming(work, named)
    before = snapshot(path)
    args = [command, path] if command != "score" else [command, "--match", path]
    res = run_cli(tmp_path / "home", *args, cwd=work)
    assert res.returncode == 1, res
    assert "Traceback" not in res.stderr and "internal error" not in res.stderr
    assert "secret-line" not in res.stderr + res.stdout
    assert snapshot(path) == before
    if command != "import":  # import says the file is not sound, the others why
        assert "m.toml:2:" in res.stderr and "[rule: ruleset]" in res.stderr, res.stderr
        assert "neither the id of a rule set nor a rule-set file" in res.stderr, res.stderr


def test_a_match_file_naming_a_toml_file_that_is_no_rule_set_shows_none_of_it(
    tmp_path: Path,
) -> None:
    foreign = tmp_path / "pyproject.toml"
    foreign.write_text(f'[tool]\nname = "{SECRET}"\nfamily = 3\n', encoding="utf-8")
    foreign2 = tmp_path / "other.toml"
    foreign2.write_text(f'[project]\nname = "{SECRET}"\n', encoding="utf-8")
    foreign3 = tmp_path / "config.toml"
    foreign3.write_text(f'family = "{SECRET}"\nname = "{SECRET}"\n', encoding="utf-8")
    for named, words in (
        (foreign2, "not a rule set"),
        (foreign, "family"),
        (foreign3, "deck: missing: not a rule set"),
    ):
        path = match_naming(tmp_path, str(named))
        res = run_cli(tmp_path / "home", "check", path)
        assert res.returncode == 1, res
        assert "secret-line" not in res.stderr + res.stdout
        assert words in res.stderr and "m.toml:2:" in res.stderr, res.stderr


def test_an_old_match_file_naming_a_house_rule_file_still_loads(tmp_path: Path) -> None:
    house = tmp_path / "rules" / "kneipe.toml"
    house.parent.mkdir()
    house.write_text('extends = "doppelkopf"\n[options.fox]\ndefault = false\n', encoding="utf-8")
    home = tmp_path / "home"
    made = tmp_path / "made.toml"
    res = run_cli(home, "new", house, *PLAYERS, "--match", made)
    assert res.returncode == 0, res.stderr
    # in the match's folder: named by its path from there (the folder can be shared)
    assert 'ruleset = "rules/kneipe.toml"' in made.read_text(encoding="utf-8")
    # written by hand, as older versions and people did: absolute, relative, by id
    for named, cwd in (
        (str(house), tmp_path),
        ("rules/kneipe.toml", tmp_path),
        ("doppelkopf", tmp_path),
    ):
        path = match_naming(tmp_path, named, '\n[[hand]]\nactions = ["Ben re"]\n')
        res = run_cli(home, "check", path, cwd=cwd)
        assert res.returncode == 0, (named, res.stderr)
        res = run_cli(home, "score", "--match", path, cwd=cwd)
        assert res.returncode == 0, (named, res.stderr)
    # a house rule in the rule-set folder, by its id
    (home / "rulesets").mkdir(parents=True)
    (home / "rulesets" / "stammtisch.toml").write_text(house.read_text(), encoding="utf-8")
    path = match_naming(tmp_path, "stammtisch")
    assert run_cli(home, "check", path).returncode == 0


def test_an_extends_may_not_name_a_file_that_is_not_a_rule_set(tmp_path: Path) -> None:
    (tmp_path / "passwd").write_text(SECRET, encoding="utf-8")
    house = tmp_path / "house.toml"
    house.write_text('extends = "./passwd"\n', encoding="utf-8")
    match = tmp_path / "m.toml"
    res = run_cli(tmp_path / "home", "new", house, *PLAYERS, "--match", match, cwd=tmp_path)
    assert res.returncode == 1 and not match.exists()
    assert "secret-line" not in res.stderr and "'./passwd' is neither" in res.stderr, res.stderr


# ------------------------------------------------------------- option names in house rules


@pytest.mark.parametrize(
    "body",
    ["[options.fxo]\ndefault = false\n", "[options]\nfxo = false\n", "[options.fxo]\nvalue = 1\n"],
)
def test_a_misspelt_option_in_a_house_rule_is_an_unknown_option(tmp_path: Path, body: str) -> None:
    house = tmp_path / "house.toml"
    house.write_text('extends = "doppelkopf"\n' + body, encoding="utf-8")
    match = tmp_path / "m.toml"
    res = run_cli(tmp_path / "home", "new", house, *PLAYERS, "--match", match)
    assert res.returncode == 1 and not match.exists()
    assert f"{house}: options.fxo: unknown option 'fxo' of doppelkopf; did you mean fox?" in (
        res.stderr
    ), res.stderr
    assert "missing" not in res.stderr and "must be a table" not in res.stderr


def test_a_house_rule_may_still_declare_a_new_option(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text(
        'extends = "doppelkopf"\n[options.kneipe]\ndefault = false\nexplain = "Our own."\n',
        encoding="utf-8",
    )
    match = tmp_path / "m.toml"
    res = run_cli(tmp_path / "home", "new", house, *PLAYERS, "--match", match)
    assert res.returncode == 0, res.stderr


@pytest.mark.parametrize("how", ["set", "options file", "match file"])
def test_a_misspelt_option_elsewhere_gets_the_nearest_name(tmp_path: Path, how: str) -> None:
    home = tmp_path / "home"
    match = tmp_path / "m.toml"
    if how == "set":
        res = run_cli(home, "new", "doppelkopf", *PLAYERS, "--set", "fxo=false", "--match", match)
    elif how == "options file":
        opts = tmp_path / "opts.toml"
        opts.write_text("fxo = false\n", encoding="utf-8")
        res = run_cli(home, "new", "doppelkopf", *PLAYERS, "--options", opts, "--match", match)
    else:
        match = match_naming(tmp_path, "doppelkopf", "\n[options]\nfxo = false\n")
        res = run_cli(home, "check", match)
    assert res.returncode == (1 if how == "match file" else 2), res  # a file, or usage
    assert "unknown option 'fxo' for doppelkopf; did you mean fox?" in res.stderr, res.stderr


# ------------------------------------------------------------- every word of an action


def started(tmp_path: Path, ruleset: str = "doppelkopf", *extra: str) -> tuple[Path, Path]:
    home, match = tmp_path / "home", tmp_path / "m.toml"
    res = run_cli(home, "new", ruleset, *PLAYERS, "--match", match, *extra)
    assert res.returncode == 0, res.stderr
    return home, match


def actions_of(match: Path) -> list[list[str]]:
    from scorekeeper import matchlog

    log, _ = matchlog.read(match)
    return [h.actions for h in log.hands]


def test_two_announcements_said_at_once_are_recorded_in_order(tmp_path: Path) -> None:
    home, match = started(tmp_path)
    res = run_cli(home, "announce", "Ben", "re", "no90", "--match", match)
    assert res.returncode == 0, res.stderr
    assert actions_of(match) == [["Ben re", "Ben no90"]]
    assert "Ben announces no90" in res.stdout
    # in German, as the table says it: "Kontra, keine 90"
    home, de = tmp_path / "h2", tmp_path / "de.toml"
    assert (
        run_cli(home, "new", "doppelkopf", *PLAYERS, "--match", de, "--lang", "de").returncode == 0
    )
    res = run_cli(home, "announce", "Carla", "Kontra", "keine", "90", "--match", de)
    assert res.returncode == 0, res.stderr
    assert actions_of(de) == [["Carla contra", "Carla no90"]]


def test_two_announcements_at_once_are_all_or_nothing(tmp_path: Path) -> None:
    home, match = started(tmp_path)
    before = snapshot(match)
    # Contra is fine, but no60 skips no90: neither is written
    res = run_cli(home, "act", "Dirk contra no60", "--match", match)
    assert res.returncode == 1 and "no60 needs no90" in res.stderr, res.stderr
    assert snapshot(match) == before


@pytest.mark.parametrize(
    ("words", "word", "allows"),
    [
        (
            ["announce", "Carla", "contra", "banana", "42"],
            "banana",
            "contra takes no further words",
        ),
        (["announce", "Carla", "contra", "no90", "banana"], "banana", "promises (no90, no60"),
        (["announce", "Dirk", "no90", "contra", "x"], "x", "the side (re, contra)"),
        (["announce", "Dirk", "no90", "now"], "now", "the side (re, contra)"),
        (["declare", "Anna", "wedding", "please"], "please", "wedding takes no further words"),
        (["act", "Anna solo queens now"], "now", "solo takes one word after it"),
        (["hand", "re=Anna,Carla", "re_points=165", "-a", "Anna re x"], "x", "re takes"),
    ],
)
def test_a_word_an_action_does_not_read_is_refused_at_entry(
    tmp_path: Path, words: list[str], word: str, allows: str
) -> None:
    home, match = started(tmp_path, "doppelkopf-ddv")
    before = snapshot(match)
    res = run_cli(home, *words, "--match", match)
    assert res.returncode == 1, res
    assert f"{word!r} is not part of the action: " in res.stderr and allows in res.stderr, (
        res.stderr
    )
    assert "[rule: actions]" in res.stderr and res.stderr.count("\n") == 1
    assert snapshot(match) == before


def test_a_quick_hand_takes_two_announcements_at_once(tmp_path: Path) -> None:
    home, match = started(tmp_path)
    res = run_cli(
        home, "hand", "re=Anna,Carla", "re_points=165", "-a", "Anna re no90", "--match", match
    )
    assert res.returncode == 0, res.stderr
    assert actions_of(match) == [["Anna re", "Anna no90"]]


@pytest.mark.parametrize(
    ("ruleset", "lang", "setup", "action", "word"),
    [
        ("klaverjassen", "nl", [], "Ben pas nu", "nu"),
        ("klaverjassen", "en", ["Ben pass"], "Carla pass now", "now"),
        ("klaverjassen-wilde-boom", "en", ["Ben trump hearts"], "Carla kraak twice", "twice"),
        ("klaberjass", "en", [], "Ben accept hearts x", "x"),
    ],
)
def test_other_games_refuse_words_their_actions_do_not_read(
    tmp_path: Path, ruleset: str, lang: str, setup: list[str], action: str, word: str
) -> None:
    players = PLAYERS if not ruleset.startswith("klaberjass") else PLAYERS[:2]
    home, match = tmp_path / "home", tmp_path / "m.toml"
    res = run_cli(home, "new", ruleset, *players, "--match", match, "--lang", lang)
    assert res.returncode == 0, res.stderr
    if ruleset == "klaberjass":
        setup = ["Anna turnup JH"]
    for text in setup:
        res = run_cli(home, "act", text, "--match", match)
        assert res.returncode == 0, res.stderr
    before = snapshot(match)
    res = run_cli(home, "--lang", "en", "act", action, "--match", match)
    assert res.returncode == 1, res
    assert f"{word!r} is not part of the action" in res.stderr, res.stderr
    assert snapshot(match) == before


def test_amend_refuses_a_word_the_action_does_not_read(tmp_path: Path) -> None:
    home, match = started(tmp_path)
    assert run_cli(home, "announce", "Ben", "re", "--match", match).returncode == 0
    before = snapshot(match)
    res = run_cli(home, "amend", "1", "--action", "1", "Ben re banana", "--match", match)
    assert res.returncode == 1 and "'banana' is not part of the action" in res.stderr, res.stderr
    assert snapshot(match) == before


def test_the_table_records_two_announcements_and_refuses_surplus(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from table_helpers import drive, new_match

    path = new_match(tmp_path, "doppelkopf", PLAYERS)
    drive(path, "ben re no90\rcarla contra banana\rquit\r")
    err = capsys.readouterr().err
    assert actions_of(path) == [["Ben re", "Ben no90"]]
    assert "'banana' is not part of the action" in err, err


OLD_HAND = """
[[hand]]
actions = [
    "Ben re{ben}",
    "Carla contra{carla}",
    "Ben QC",
]
"""


def test_an_old_file_with_surplus_words_scores_as_before_and_check_warns(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    old = match_naming(tmp_path, "doppelkopf", OLD_HAND.format(ben=" no90", carla=" banana 42"))
    (tmp_path / "clean").mkdir()
    clean = match_naming(tmp_path / "clean", "doppelkopf", OLD_HAND.format(ben="", carla=""))
    before = snapshot(old)
    scores = [run_cli(home, "status", "--json", "--match", p) for p in (old, clean)]
    assert all(r.returncode == 0 for r in scores), scores
    import json

    totals = [json.loads(r.stdout)["totals"] for r in scores]
    announced = [json.loads(r.stdout)["announcements"] for r in scores]
    assert totals[0] == totals[1] and announced[0] == announced[1]
    res = run_cli(home, "check", old, "--json")
    assert res.returncode == 0, res.stderr
    report = json.loads(res.stdout)
    assert report["ok"] and len(report["warnings"]) == 2
    assert [s["key"] for s in report["surplus"]] == ["action.surplus"] * 2
    assert [s["params"]["word"] for s in report["surplus"]] == ["no90", "banana"]
    assert report["surplus"][0]["where"] == f"{old}:9"
    res = run_cli(home, "check", old)
    assert res.returncode == 0 and "m.toml:10: Carla contra banana 42: 'banana'" in res.stderr
    res = run_cli(home, "check", old, "--strict")
    assert res.returncode == 1 and res.stderr.count("is not part of the action") == 2
    assert snapshot(old) == before


# ------------------------------------------------------------- names at the table


@pytest.mark.parametrize(
    ("ruleset", "lang", "names", "refused", "words"),
    [
        ("doppelkopf", "en", ["anna", "Anna", "Carla", "Dirk"], "Anna", "differ only in case"),
        (
            "doppelkopf",
            "de",
            ["Kontra", "Ben", "Carla", "Dirk"],
            "Kontra",
            "das Spiel anders liest",  # refused in the language the command names
        ),
        ("doppelkopf", "de", ["Anna", "Hochzeit", "Carla", "Dirk"], "Hochzeit", "anders liest"),
        ("klaverjassen", "nl", ["Pas", "Ben", "Carla", "Dirk"], "Pas", "het spel anders leest"),
        ("klaverjassen", "nl", ["Anna", "Troef", "Carla", "Dirk"], "Troef", "anders leest"),
        ("doppelkopf-ddv", "en", ["Anna", "Ben", "kontra", "Dirk"], "kontra", "reads as"),
        ("klaverjassen", "en", ["Anna", "Ben", "Harten", "Dirk"], "Harten", "reads as"),
    ],
)
def test_names_the_game_would_read_otherwise_are_refused(
    tmp_path: Path, ruleset: str, lang: str, names: list[str], refused: str, words: str
) -> None:
    match = tmp_path / "m.toml"
    res = run_cli(tmp_path / "home", "new", ruleset, *names, "--lang", lang, "--match", match)
    assert res.returncode == 2 and not match.exists(), res  # a name that cannot be: usage
    assert f"{refused!r}" in res.stderr and words in res.stderr, res.stderr
    assert res.stderr.rstrip().endswith("]") and res.stderr.count("\n") == 1


def test_the_same_names_are_fine_in_another_language(tmp_path: Path) -> None:
    # "Pas" is Dutch for pass; at an English table it is a name
    match, names = tmp_path / "m.toml", ["Pas", "Ben", "Carla", "Dirk"]
    res = run_cli(tmp_path / "h", "new", "klaverjassen", *names, "--lang", "en", "--match", match)
    assert res.returncode == 0, res.stderr


def test_judge_refuses_a_play_without_a_player(tmp_path: Path) -> None:
    for trick in (":AH", "Anna:AH :9H"):
        res = run_cli(tmp_path / "home", "judge", "doppelkopf", "--trick", trick, "--player", "Ben")
        assert res.returncode == 2, res  # usage
        assert "--trick: ':" in res.stderr and "names no player before the colon" in res.stderr


# ------------------------------------------------------------- words for people


def test_a_solo_in_a_rule_set_without_solos_says_so(tmp_path: Path) -> None:
    home, match = started(tmp_path)
    res = run_cli(home, "hand", "re=Anna", "solo=nonsense", "re_points=100", "--match", match)
    assert res.returncode == 1
    assert "solo 'nonsense': Doppelkopf has no solos (see doppelkopf-ddv)" in res.stderr
    assert "not one of: none" not in res.stderr
    home, match = started(tmp_path / "ddv", "doppelkopf-ddv")
    res = run_cli(home, "hand", "re=Anna", "solo=nonsense", "re_points=100", "--match", match)
    assert "is not one of: queens, jacks, clubs, spades, hearts, diamonds, meatless" in res.stderr


def test_explain_says_true_and_false_in_words(tmp_path: Path) -> None:
    res = run_cli(tmp_path / "home", "explain", "doppelkopf", "teams")
    assert res.returncode == 0, res.stderr
    assert "obligatory_leads = yes" in res.stdout and "True" not in res.stdout
    assert "its soloist leads the first trick" in res.stdout
    res = run_cli(tmp_path / "home", "--lang", "de", "explain", "doppelkopf", "teams")
    # the option in the table's words too (issue 27), its value in words
    assert "Pflichtsolo kommt raus = ja" in res.stdout and "True" not in res.stdout, res.stdout


def test_a_poverty_card_that_cannot_be_read_names_its_rule_once(tmp_path: Path) -> None:
    home, match = started(tmp_path, "doppelkopf", "--set", "poverty=true")
    before = snapshot(match)
    res = run_cli(home, "declare", "Anna", "poverty", "3", "x", "--match", match)
    assert res.returncode == 1 and "unknown card '3'" in res.stderr, res.stderr
    assert res.stderr.count("[rule:") == 1, res.stderr
    assert snapshot(match) == before


def test_explain_shows_lists_as_their_items(tmp_path: Path) -> None:
    res = run_cli(tmp_path / "home", "explain", "doppelkopf-ddv", "cards")
    assert res.returncode == 0, res.stderr
    assert "ranks = A 10 K Q J 9, suits = C S H D" in res.stdout
    assert "trumps = none" in res.stdout and "['" not in res.stdout
    res = run_cli(tmp_path / "home", "--lang", "nl", "explain", "doppelkopf-ddv", "cards")
    # the setting's name in the table's words too (issue 27)
    assert "troeven = geen" in res.stdout and "['" not in res.stdout


def test_judge_reads_what_was_said_as_entered(tmp_path: Path) -> None:
    facts = ["judge", "doppelkopf", "-f", "re=Anna,Carla", "-f", "re_points=165"]
    both = run_cli(tmp_path / "home", *facts, "-a", "Anna re no90")
    apart = run_cli(tmp_path / "home", *facts, "-a", "Anna re", "-a", "Anna no90")
    assert both.returncode == 0 and both.stdout == apart.stdout, both.stderr
    assert "no90 announced and made" in both.stdout
    res = run_cli(tmp_path / "home", *facts, "-a", "Anna re banana")
    assert res.returncode == 1 and "'banana' is not part of the action" in res.stderr
