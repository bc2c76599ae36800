"""No English built in code (issue 16): every sentence the engine, the data layer and the
session layer say is a catalogue key, so a German or Dutch table reads its own words.

Two measures of the gap, each with an explicit list of what is left (to shrink to empty):

* in the source: a sentence written as a string literal or f-string in a module of the
  engine, the data layer, the session layer or a game family (the view, ``scorekeeper.text``,
  and the command line are not looked at: their words go through ``say``);
* through the real command line: a broad set of refusals run in English, German and Dutch;
  no three-word run of the English message may show up in the German or Dutch one.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_helpers import PLAYERS, run_cli
from test_i18n import _english_table  # noqa: F401  (autouse: no language from outside)
from typer.testing import CliRunner

import scorekeeper
from scorekeeper import ruleset
from scorekeeper.cli.app import app
from scorekeeper.rules.source import available
from scorekeeper.text import language

PACKAGE = Path(scorekeeper.__file__).resolve().parent
NOT_LOOKED_AT = ("text", "cli", "view", "table", "lang", "serve")
"""The view, the command line and the web pages: their sentences are keys already
(``say``); the rest of their text is markup, style and script."""

_SENTENCE = re.compile(r"[A-Za-z]{2,} [A-Za-z]{2,}")
_ASIDE_KEYWORDS = frozenset({"help", "kind"})
"""``help=`` of a quick key or schema key (the help texts' own check) and ``kind=`` (a
refusal's kind, worded by the view through ``cli.kind.*``)."""
_KINDS = frozenset({"match file"})
"""A refusal's kind (``default_kind = "match file"``), worded by the view as well."""

NOT_WORDS = {
    # the quick facts' help: help texts like the command line's (msgctxt "help")
    "games/bierkopf/quick.py": 3,
    "games/doppelkopf/quick.py": 7,
    "games/klaberjass/quick.py": 7,
    "games/klaverjassen/quick.py": 11,
    "games/kloepper/quick.py": 4,
    "cards.py": 1,  # ACCEPTED_FORMS, kept for compatibility: the English of cards.forms
    # internal: never shown to a player (a program error or a cache's own bookkeeping)
    "games/klaverjassen/notation.py": 1,
    "lang/__init__.py": 0,
    "matchlog/__init__.py": 2,  # the regular expressions that read tomllib's messages
    "match.py": 2,  # a rule set loaded without its family, no loader: a programming error
    "hand.py": 1,  # the same
    "referee.py": 3,  # TOPIC_TITLES: worded by the view as the rule sets' own words
    "simulate.py": 2,
    "stats/figures.py": 1,
    "settle.py": 1,
    "matchlog/records.py": 2,  # a programmer's extra key: ValueError, not a refusal
    "record.py": 15,  # a wrong record class, call or asdict: Python's TypeError, as dataclasses'
}
"""Sentences that are no user's words, per module."""

LEFT = {
    "export.py": 1,
    "games/doppelkopf/quick.py": 1,  # "new deal": a contract's name
    "games/doppelkopf/rounds.py": 2,
    "games/klaberjass/hand.py": 1,
    "games/klaverjassen/bidding.py": 1,
    "games/klaverjassen/hand.py": 1,
    "games/kloepper/announcements.py": 1,
    "games/kloepper/scoring.py": 1,
    "games/kloepper/sides.py": 2,
}
"""English sentences still built in code, per module: shrink to empty, never grow. Left:
names
of contracts, sides and bock reasons shown as they are (``trump not made yet``, ``lost
solo``, ``the queens``: the words engineer's terms could map them)."""


def _literal(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant))
    return None


def sentences(source: str) -> Iterator[tuple[int, str]]:
    """Each string literal or f-string of a module that reads as words, not docstrings."""
    tree = ast.parse(source)
    aside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            aside.add(id(node.value))  # a docstring, of a module, class, function or name
        elif isinstance(node, ast.keyword) and node.arg in _ASIDE_KEYWORDS:
            aside.update(id(n) for n in ast.walk(node.value))
        elif isinstance(node, ast.JoinedStr):
            aside.update(id(n) for n in node.values)
    for node in ast.walk(tree):
        text = _literal(node)
        if id(node) not in aside and text not in _KINDS and text and _SENTENCE.search(text):
            yield node.lineno, text


def found() -> dict[str, list[str]]:
    """Per module (path under the package): its sentences, as ``line: text``."""
    out: dict[str, list[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(PACKAGE).as_posix()
        if name.split("/")[0] in NOT_LOOKED_AT:
            continue
        lines = [f"{n}: {t}" for n, t in sentences(path.read_text(encoding="utf-8"))]
        if lines:
            out[name] = lines
    return out


def test_the_finder_finds_a_sentence_and_passes_a_key() -> None:
    code = (
        '"""Doc string words."""\n'
        "def f(x):\n"
        '    """Doc words."""\n'
        '    raise ValueError(f"unknown card {x!r}; write a card as QC")\n'
        'KEY = because("cards.unknown", text="x")\n'
        'HELP = key(help="the Re players")\n'
    )
    assert [n for n, _ in sentences(code)] == [4]


def test_the_english_kept_for_compatibility_is_the_catalogue_s() -> None:
    from scorekeeper.cards import ACCEPTED_FORMS
    from scorekeeper.text import template

    assert template("cards.forms") == ACCEPTED_FORMS


def test_no_new_english_is_built_in_code() -> None:
    """A new sentence goes into a catalogue (``because(key, ...)``), never into code."""
    grown = []
    for name, lines in found().items():
        allowed = LEFT.get(name, 0) + NOT_WORDS.get(name, 0)
        if len(lines) > allowed:
            grown.append(
                f"{name}: {len(lines)} sentences, {allowed} allowed:\n  " + "\n  ".join(lines)
            )
    assert not grown, "English built in code; make it a Reason:\n" + "\n".join(grown)


def test_the_list_of_what_is_left_is_honest() -> None:
    """Shrink LEFT as the sentences go (so the measure stays exact)."""
    counts = {name: len(lines) for name, lines in found().items()}
    stale = {
        name: (counts.get(name, 0), allowed)
        for name, allowed in LEFT.items()
        if counts.get(name, 0) < allowed + NOT_WORDS.get(name, 0)
    }
    assert not stale, f"fewer sentences than LEFT says (now, LEFT): {stale}"


# ------------------------------------------------------------------ through the CLI


_VERBS = "re contra no90 no60 no30 black wedding piglets poverty accept decline fivenines solo"
_KEYS = "re_points all_tricks extras revoke redeal"  # Doppelkopf's quick facts
_TOPICS = "cards following teams announcements scoring match options"  # explain's topics
NOTATION = (
    frozenset(f"{_VERBS} {_KEYS} {_TOPICS} qc td as".split())
    | {p.lower() for p in PLAYERS}
    | set(ruleset.load("doppelkopf").option_specs)  # option names: what is typed
    | {word for name in available() for word in name.split("-")}  # rule-set ids
)
"""The match file's words (verbs, card codes, names), the same in every language."""


_WORD = r"[a-z][a-z0-9_]+"


def _window(text: str) -> list[tuple[str, ...]]:
    text = re.sub(r"\[[^]]*\]", " ", text)  # [rule: announcements.window.re]: a rule key
    text = re.sub(r"\S*/\S*", " ", text)  # a file's path
    words = [w for w in re.findall(_WORD, text.lower()) if w not in NOTATION]
    return [tuple(words[i : i + 3]) for i in range(len(words) - 2)]


def english_left_in(english: str, other: str, typed: list[str]) -> list[str]:
    """Three-word runs of the English message that the other language's message repeats
    (runs holding a word the user typed, a name or a card, are not counted)."""
    mine = {w for arg in typed if arg[:1] != "-" for w in re.findall(_WORD, arg.lower())}
    theirs = {" ".join(w) for w in _window(other)}
    return sorted(
        " ".join(w) for w in set(_window(english)) if not mine & set(w) and " ".join(w) in theirs
    )


_BROKEN = (
    'format = "scorekeeper-match/1"\nruleset = "doppelkopf"\nplayers = "x"\n'
    'first_dealer = 3\nstarted = 1\n[[hand]]\nactions = "B QC"\n'
)
_STRANGER = (
    'format = "scorekeeper-match/1"\nruleset = "doppelkopf"\nplayers = ["A", "B", "C", "D"]\n'
    'first_dealer = "A"\nstarted = 2026-01-01T00:00:00Z\n[[hand]]\nactions = ["B QC", "Q 10H"]\n'
    "deal = { Q = [1] }\n"
)
_HOUSE_OPTION = 'extends = "doppelkopf"\nid = "house"\n[options]\nfxo = false\n'
_HOUSE_KEYS = (
    'extends = "doppelkopf"\nid = "house"\n[deck]\nranks = ["A", "X"]\ncopies = "2"\n'
    "[dael]\nx = 1\n[match]\nhands = 0\n"
)

REFUSALS: dict[str, list[str]] = {
    "card unknown": ["play", "Ben", "ZZ"],
    "card not in deck": ["play", "Dirk", "7C"],
    "card in a trick": ["judge", "doppelkopf", "--trick", "Anna:ZZ"],
    "unknown suit": ["judge", "klaverjassen", "--trick", "Anna:AH", "--trump", "banana"],
    "action player": ["play", "Zed", "QC"],
    "announce player": ["announce", "Zed", "re"],
    "not your turn": ["play", "Carla", "QC"],
    "late announcement": ["announce", "Ben", "re"],
    "quick fact number": ["hand", "re_points=abc"],
    "quick fact key": ["hand", "nonsense=1"],
    "quick fact twice": ["hand", "re_points=1", "re_points=2"],
    "undo nothing": ["undo", "--match", "{empty}"],
    "amend nothing": ["amend", "1", "--action", "1", "Anna re", "--match", "{empty}"],
    "amend no hand": ["amend", "7", "--trick", "1", "QC"],
    "amend no trick": ["amend", "1", "--trick", "9", "QC"],
    "judge copies": ["judge", "doppelkopf", "--trick", "Anna:QC Ben:QC Carla:QC"],
    "judge size": ["judge", "doppelkopf", "--trick", "Anna:QC Ben:9C Carla:QS Dirk:AH Emil:KH"],
    "judge topic": ["explain", "doppelkopf", "nosuch"],
    "match file shape": ["check", "{broken}"],
    "match file stranger": ["check", "{stranger}"],
    "no match file": ["status", "--match", "{missing}"],
    "new names twice": ["new", "doppelkopf", "Anna", "Anna", "C", "D", "--match", "{new}"],
    "new player count": ["new", "doppelkopf", "A", "B", "C", "--match", "{new}"],
    "new first dealer": ["new", "doppelkopf", *PLAYERS, "--dealer", "Zed", "--match", "{new}"],
    "unknown rule set": ["explain", "nosuch"],
    "house rule option": ["rules", "show", "{house_option}"],
    "house rule keys": ["rules", "show", "{house_keys}"],
    "option value": ["new", "doppelkopf", *PLAYERS, "--set", "fox=maybe", "--match", "{new}"],
    "unknown option": ["new", "doppelkopf", *PLAYERS, "--set", "fxo=1", "--match", "{new}"],
}
"""Refusals of every class (cards, actions, turns, announcements, quick facts, corrections,
judge, match files, new matches, rule sets, house rules, options), run on a Doppelkopf match in which Ben has
played one trick's first card (a late Re needs more: see ``_match``)."""

ENGLISH_LEFT: set[str] = set()
"""Refusals whose German or Dutch still repeats English words: shrink to empty."""


def _match(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    match = tmp_path / "m.toml"
    runner = CliRunner()
    for path in (match, tmp_path / "empty.toml"):
        res = runner.invoke(app, ["new", "doppelkopf", *PLAYERS, "--match", str(path)])
        assert res.exit_code == 0, res.output
    for card in ("Ben QC", "Carla QC", "Dirk 9C", "Anna 9C", "Ben AH", "Carla KH"):
        res = runner.invoke(app, ["play", *card.split(), "--match", str(match)])
        assert res.exit_code == 0, res.output
    (tmp_path / "broken.toml").write_text(_BROKEN, encoding="utf-8")
    (tmp_path / "house1.toml").write_text(_HOUSE_OPTION, encoding="utf-8")
    (tmp_path / "house2.toml").write_text(_HOUSE_KEYS, encoding="utf-8")
    (tmp_path / "stranger.toml").write_text(_STRANGER, encoding="utf-8")
    return {
        "match": str(match),
        "empty": str(tmp_path / "empty.toml"),
        "broken": str(tmp_path / "broken.toml"),
        "stranger": str(tmp_path / "stranger.toml"),
        "missing": str(tmp_path / "nowhere.toml"),
        "house_option": str(tmp_path / "house1.toml"),
        "house_keys": str(tmp_path / "house2.toml"),
        "new": str(tmp_path / "new.toml"),
    }


def _refused(args: list[str], lang: str) -> str:
    language.reset()
    res = CliRunner().invoke(app, ["--lang", lang, *args])
    assert res.exit_code in (1, 2), (args, res.output)
    assert "Traceback" not in res.output
    return res.stderr


def test_refusals_in_german_and_dutch_say_no_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = _match(tmp_path, monkeypatch)
    monkeypatch.setenv("SCOREKEEPER_MATCH", files["match"])
    still, gone = {}, []
    for name, args in REFUSALS.items():
        args = [a.format(**files) for a in args]
        english = _refused(args, "en")
        assert english.strip(), name
        left = {}
        for lang in ("de", "nl"):
            other = _refused(args, lang)
            assert other.strip() and other != english, (name, lang, other)
            if runs := english_left_in(english, other, args):
                left[lang] = (runs, other)
        if left:
            still[name] = left
        elif name in ENGLISH_LEFT:
            gone.append(name)
    unexpected = {n: w for n, w in still.items() if n not in ENGLISH_LEFT}
    assert not unexpected, f"English in German or Dutch refusals: {unexpected}"
    assert not gone, f"now translated, take them out of ENGLISH_LEFT: {gone}"


JSON_REFUSALS: dict[str, list[str]] = {
    "card unknown": ["play", "Ben", "ZZ", "--json"],
    "amend no hand": ["amend", "7", "--trick", "1", "QC", "--json"],
    "judge copies": ["judge", "doppelkopf", "--trick", "Anna:QC Ben:QC Carla:QC", "--json"],
    "match file shape": ["check", "{broken}", "--json"],
}
"""Refusals with ``--json``: language-neutral, the same fields as ever (``reason`` added)."""

_ERROR_FIELDS = {"error", "message", "rule", "kind", "where"}


def test_json_refusals_are_the_same_in_every_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--json`` errors are written by the real command's entry point: a process each."""
    import json

    files = _match(tmp_path, monkeypatch)
    for name, args in JSON_REFUSALS.items():
        args = [a.format(**files) for a in args]
        runs = [
            run_cli(tmp_path / "home", "--lang", lang, *args, match_env=Path(files["match"]))
            for lang in ("en", "de", "nl")
        ]
        english = (runs[0].returncode, runs[0].stdout, runs[0].stderr)
        assert english[0] != 0 and all((r.returncode, r.stdout, r.stderr) == english for r in runs)
        found = json.loads(english[1] or english[2])
        if "problems" in found:  # check --json: the file's problems, in English
            assert found["ok"] is False and "players must be a list" in found["problems"][0]
            continue
        assert set(found) >= _ERROR_FIELDS, (name, found)
        assert found["reason"]["key"] and "{" not in found["message"], (name, found)


def _process(home: Path, *args: str, env: dict[str, str] | None = None) -> str:
    res = run_cli(home, *args, env=env)
    assert res.returncode in (1, 2) and "Traceback" not in res.stderr, res.stderr
    return res.stderr


def test_a_german_locale_and_dutch_lang_through_the_real_command(tmp_path: Path) -> None:
    """A separate process each, as a table runs it: LANG=de_DE.UTF-8, then --lang nl."""
    match = tmp_path / "m.toml"
    new = run_cli(tmp_path / "home", "new", "doppelkopf", *PLAYERS, "--match", match)
    assert new.returncode == 0, new.stderr
    (tmp_path / "broken.toml").write_text(_BROKEN, encoding="utf-8")
    (tmp_path / "house.toml").write_text(_HOUSE_KEYS, encoding="utf-8")
    german = {"LANG": "de_DE.UTF-8"}
    home = tmp_path / "home"
    said = [
        _process(home, "play", "Dirk", "7C", "--match", match, env=german),
        _process(home, "undo", "--match", match, env=german),
        _process(home, "check", tmp_path / "broken.toml", env=german),
        _process(home, "rules", "show", tmp_path / "house.toml", env=german),
        _process(home, "judge", "doppelkopf", "--trick", "Anna:QC Ben:QC Carla:QC", env=german),
    ]
    # cards, ranks and suits in the language spoken, also for a match of no language
    assert "7♣ ist nicht in diesem Blatt (Ränge A 10 K D B 9, Farben Kr P H Ka)" in said[0]
    assert "nichts zurückzunehmen" in said[1], said[1]
    assert "players muss eine Liste von 2 bis 6 Namen sein" in said[2], said[2]
    assert "dael: unbekannter Schlüssel; meintest du deal?" in said[3], said[3]
    assert "D♣ kommt 3-mal vor" in said[4], said[4]  # judge names cards as the table does
    dutch = [
        _process(home, "--lang", "nl", "play", "Zed", "QC", "--match", match),
        _process(home, "--lang", "nl", "hand", "re_points=abc", "--match", match),
        _process(home, "--lang", "nl", "amend", "3", "--trick", "1", "QC", "--match", match),
        _process(home, "--lang", "nl", "new", "doppelkopf", *PLAYERS, "--set", "fxo=1"),
    ]
    assert "Zed speelt hier niet mee" in dutch[0], dutch[0]
    assert "'abc' is geen geheel getal" in dutch[1], dutch[1]
    assert "partij heeft nog geen spellen" in dutch[2], dutch[2]
    assert "onbekende optie 'fxo' voor doppelkopf; bedoel je fox?" in dutch[3], dutch[3]


def test_the_quick_facts_help_speaks_the_table_s_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path / "home"))
    match = str(tmp_path / "k.toml")
    runner = CliRunner()
    assert runner.invoke(app, ["new", "klaverjassen", *PLAYERS, "--match", match]).exit_code == 0
    dutch = runner.invoke(app, ["--lang", "nl", "hand", "--keys", "--match", match])
    assert "de roem die het spelende team telt (0 als het team 'geen roem' zei)" in dutch.stdout, dutch.stdout
    language.reset()
    german = runner.invoke(app, ["--lang", "de", "hand", "--keys", "--match", match])
    assert "die Meldungen, die die spielende Partei zählt" in german.stdout, german.stdout
    language.reset()
    english = runner.invoke(app, ["hand", "--keys", "--json", "--match", match])
    help_ = json.loads(english.stdout)["roem"]["help"]
    assert help_ == "the roem the playing team counts (0 if declined)"
