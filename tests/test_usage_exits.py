"""Exit codes through the real command line (issue 24, item 9): every usage mistake (a card
or a word that cannot be read, a missing or malformed value, an unknown option, command or
rule set) exits 2; a refusal under the rules exits 1; in English, German and Dutch, for
the one-shot commands of every game family and on the quick path (``cli/quick.py``) as
through Typer. Each refusal is one line and leaves the match file as it was.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run_cli, snapshot

from scorekeeper.cli.core import USAGE_REASONS, exit_code
from scorekeeper.errors import CardError, IllegalActionError, ScorekeeperError
from scorekeeper.reasons import Reason, because
from scorekeeper.text.catalog import english

FOUR = ["Anna", "Ben", "Carla", "Dirk"]

USAGE = [
    ("doppelkopf", ["play", "ZZ"]),  # an unknown card
    ("doppelkopf", ["play", "Ben", "QX"]),
    ("doppelkopf", ["trick", "QC", "XX"]),
    ("doppelkopf", ["announce", "Ben", "frob"]),  # an unknown word
    ("doppelkopf", ["declare", "Ben", "frob"]),
    ("doppelkopf", ["act", "Ben"]),  # an action without what was done
    ("doppelkopf", ["act", "Xaver QC"]),  # no such player
    ("doppelkopf", ["hand", "re=Anna,Carla", "re_points=abc"]),  # a malformed value
    ("doppelkopf", ["hand", "re=Anna,Carla", "re_points"]),  # a missing value
    ("doppelkopf", ["hand", "re=Anna,Carla", "re_points=165", "re_points=100"]),
    ("doppelkopf", ["hand", "re=Anna,Carla", "frob=1"]),  # an unknown fact
    ("doppelkopf", ["hand", "re=Anna,Carla", "re_points=165", "-a", "Anna frob"]),
    ("doppelkopf", ["hand", "re=Anna,Karl", "re_points=165"]),  # did you mean Carla?
    ("doppelkopf", ["play", "QC", "--frob"]),  # a bad option
    ("doppelkopf", ["frobnicate"]),  # an unknown command
    ("doppelkopf-ddv", ["declare", "Ben", "solo", "frob"]),
    ("doppelkopf-ddv", ["hand", "re=Anna", "re_points=165", "solo=frob"]),
    ("klaverjassen", ["act", "Ben frob"]),
    ("klaverjassen", ["hand", "points=abc"]),
    ("klaberjass", ["act", "Anna frob"]),
    ("kloepper", ["act", "Ben frob"]),
    ("bierkopf", ["act", "Ben frob"]),
    ("bierkopf", ["hand", "points=many"]),
]

REFUSED = [
    ("doppelkopf", ["play", "Dirk", "QC"]),  # not Dirk's turn
    ("doppelkopf", ["hand", "re=Anna,Carla", "re_points=300"]),  # more card points than there are
    ("doppelkopf", ["declare", "Ben", "solo", "queens"]),  # no solos in this rule set
    ("doppelkopf", ["announce", "Ben", "no90"]),  # no90 before re
    ("bierkopf", ["hand", "points=130"]),
]


def _langs() -> list[str]:
    return ["en", "de", "nl"]


def _match(tmp_path: Path, rule_set: str, lang: str) -> Path:
    players = FOUR[:2] if rule_set == "klaberjass" else FOUR
    path = tmp_path / "m.toml"
    args = ["new", rule_set, *players, "-m", str(path)]
    if lang != "en":
        args += ["--lang", lang]
    assert run_cli(tmp_path, *args).returncode == 0
    return path


@pytest.mark.parametrize("lang", _langs())
@pytest.mark.parametrize(
    ("rule_set", "args"), USAGE, ids=lambda v: "-".join(v) if isinstance(v, list) else v
)
def test_a_usage_mistake_exits_2(tmp_path: Path, lang: str, rule_set: str, args: list[str]) -> None:
    path = _match(tmp_path, rule_set, lang)
    before = snapshot(path)
    res = run_cli(tmp_path, *args, match_env=path)
    where = f"{args}: {res.returncode} {res.stderr!r}"
    assert res.returncode == 2, where
    assert "Traceback" not in res.stderr and res.stdout.strip() == "", where
    assert snapshot(path) == before


@pytest.mark.parametrize("lang", _langs())
@pytest.mark.parametrize(
    ("rule_set", "args"), REFUSED, ids=lambda v: "-".join(v) if isinstance(v, list) else v
)
def test_a_refusal_under_the_rules_exits_1(
    tmp_path: Path, lang: str, rule_set: str, args: list[str]
) -> None:
    path = _match(tmp_path, rule_set, lang)
    before = snapshot(path)
    res = run_cli(tmp_path, *args, match_env=path)
    where = f"{args}: {res.returncode} {res.stderr!r}"
    assert res.returncode == 1, where
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "Traceback" not in res.stderr, where
    assert snapshot(path) == before


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["new", "doppelkopf", *FOUR, "--set", "frob=1"], 2),  # an unknown option
        (["new", "doppelkopf", *FOUR, "--set", "fox=perhaps"], 2),  # a value it does not take
        (["new", "doppelkopf", *FOUR, "--set", "fox"], 2),  # no value
        (["new", "doppelkop", *FOUR], 2),  # an unknown rule set
        (["new", "doppelkopf", "Anna", "anna", "Carla", "Dirk"], 2),  # a name twice
        (["judge", "doppelkopf", "--trick", "Anna:ZZ"], 2),
        (
            [
                "judge",
                "doppelkopf",
                "--trick",
                "Anna:AH Ben:9H",
                "--player",
                "Carla",
                "--hand",
                "KH 7Q",
            ],
            2,
        ),
        (["explain", "doppelkopf", "frob"], 2),
        (["stats", "--player", "Nobody"], 2),
        (["switch", "nope"], 2),
        (["judge", "doppelkopf", "-f", "re=Anna,Carla", "-f", "re_points=300"], 1),
    ],
)
@pytest.mark.parametrize("lang", _langs())
def test_commands_without_a_match(tmp_path: Path, lang: str, args: list[str], code: int) -> None:
    res = run_cli(tmp_path, *args, env={"SCOREKEEPER_LANG": lang})
    where = f"{args}: {res.returncode} {res.stderr!r}"
    assert res.returncode == code, where
    assert "Traceback" not in res.stderr, where


def test_a_match_file_naming_an_unknown_rule_set_is_a_refusal_not_a_usage_mistake(
    tmp_path: Path,
) -> None:
    path = _match(tmp_path, "doppelkopf", "en")
    path.write_text(path.read_text().replace('"doppelkopf"', '"nope"', 1))
    res = run_cli(tmp_path, "status", match_env=path)
    assert res.returncode == 1 and "nope" in res.stderr, res.stderr


def test_every_usage_reason_is_in_the_catalogue() -> None:
    """A key that is renamed in the catalogue would silently exit 1 again."""
    texts = english()
    assert set(texts) >= USAGE_REASONS, USAGE_REASONS - set(texts)


def test_the_exit_code_looks_inside_a_wrapped_refusal() -> None:
    inner = because("cards.unknown", text="ZZ", forms="")
    assert exit_code(CardError(Reason("hand.refused", {"action": "Ben ZZ", "why": inner}))) == 2
    assert exit_code(IllegalActionError(because("play.turn", "play.turn_order"))) == 1
    assert exit_code(ScorekeeperError("no", kind="usage")) == 2
    assert exit_code(ScorekeeperError("no", kind="lock")) == 1
