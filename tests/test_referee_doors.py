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
    for named, words in ((foreign2, "not a rule set"), (foreign, "family")):
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
    assert f'ruleset = "{house}"' in made.read_text(encoding="utf-8")
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
    assert res.returncode == 1, res
    assert "unknown option 'fxo' for doppelkopf; did you mean fox?" in res.stderr, res.stderr
