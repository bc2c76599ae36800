"""No English code word in what a German or Dutch table reads (issue 27, item 1): every
message, every game word, every rule set's explanation, a whole hand of every game at the
table and the one-shot commands, each checked against the language file's ``[codes]``."""

from __future__ import annotations

import random
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import PLAYERS, in_process, run_cli
from code_words import code_words, faults
from table_helpers import drive, new_match, record_deal, typed_hand
from template_helpers import template_params
from test_table_games import CASES
from test_table_langs import ALL, said_in

from scorekeeper import ruleset, simulate
from scorekeeper.errors import ScorekeeperError
from scorekeeper.hand import Hand
from scorekeeper.lang import card_name, language
from scorekeeper.reasons import because
from scorekeeper.referee import TOPICS
from scorekeeper.rules.source import shipped_dirs
from scorekeeper.session import Session
from scorekeeper.text import catalog, render
from scorekeeper.text import language as view

LANGS = ["de", "nl"]
RULE_SETS = sorted({p.stem for d in shipped_dirs() for p in d.glob("*.toml")})


def _params(template: str) -> dict[str, Any]:
    return template_params(template, ["Anna", "Ben"])


def test_the_check_finds_a_code_and_spares_the_table_s_words() -> None:
    assert code_words("Fehler: Anna contra: zu spät", "de") == ["contra"]
    assert code_words("Ben sagt re an", "de") == ["re"]
    assert code_words("Re gewinnt; Ben sagt Re an", "de") == []
    assert code_words("warning: verzaakt door Carla", "nl") == ["warning"]
    assert code_words("redeal (bool: true, ...)", "de") == ["redeal", "bool:", "true"]
    assert code_words("Re=Anna,Carla [Regel: Ansagen, Zeitpunkte]", "de") == []
    # a quick fact by its key where the table names it otherwise: a code
    assert code_words("re=Anna re_points=165 eingeworfen=ja", "de") == ["re", "re_points"]
    assert code_words("Re-punten=165 redeal=ja", "nl") == ["redeal"]
    assert code_words("zu spät [Regel: announcements.window]", "de") == [
        "[Regel: announcements.window]"
    ]
    assert code_words("fout [regel: actions]", "nl") == ["[regel: actions]"]
    assert code_words("fout [regel: teams]", "nl") == []  # the Dutch word is the key
    assert code_words("Anna/Carla hebben troef gemaakt", "nl") == []
    # a rule set's key beside a hand's value, under a heading, at a line's end; a raw list
    assert code_words("  +1 gewonnen (Re brauchte 121)    scoring.won", "de") == ["scoring.won"]
    assert code_words("Ansagen: Zeitpunkte [announcements.window]", "de") == [
        "[announcements.window]"
    ]
    assert code_words("  36 kaartpunten  [card_points.total]", "nl") == ["[card_points.total]"]
    assert code_words("Fehler [rule: deck.copies]", "de") == ["[rule: deck.copies]"]
    # what stays: the file pointed at, a file's name, money, an abbreviation
    assert code_words("m.toml:2: options.x ist falsch; Partiedatei: m.toml", "de") == []
    assert code_words("0,05 € z.B. d.w.z.", "nl") == []


# what a rule set file or a match file holds wrong, named by the key a person edits there
# ('[scoring.win] at = 61', '[solos]', 'first_dealer'): the file's own words
FILE_KEYS = re.compile(r"^\w+\.rules\.|^matchlog\.")


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_in_the_table_s_words(lang: str) -> None:
    view.choose(lang)
    try:
        found = {}
        for key, english in catalog.english().items():
            if FILE_KEYS.search(key):
                continue
            words = render(because(key, **_params(english)))
            if codes := code_words(words, lang):
                found[key] = (codes, words)
        assert not found, found
    finally:
        view.reset()


@pytest.mark.parametrize("lang", LANGS)
def test_every_game_word_is_the_table_s_word(lang: str) -> None:
    voc = language(lang)
    words = [*voc.words.values(), *voc.terms.values(), *voc.sections.values()]
    assert not [w for w in words if code_words(w, lang)]


# what a table may say at the wrong moment, beside each game's own words: suits, sides,
# levels, cards and names as the match file writes them (the engine's refusal quotes them)
WRONG_WORDS = ["", "hearts", "clubs", "re", "contra", "90", "AH", "QC", "10H", "queens", "3"]


def _refusals(rule_set: str, seed: int) -> list[tuple[str, ScorekeeperError]]:
    """A random hand of ``rule_set`` played legally; before each step a few wrong actions
    (a game's verb with a wrong word, by anyone), and what the engine refused."""
    rules = ruleset.load(rule_set)
    players = PLAYERS[: min(rules.player_counts)]
    rng = random.Random(seed)
    hand = Hand(rules, players, players[0], deal=simulate.deal(rules, players, rng))
    verbs = {*hand.game.verbs, "frob"}
    refused = []
    while not hand.finished and (legal := hand.legal_actions()):
        verbs |= {a.verb for a in legal if not a.is_play}
        for _ in range(6):
            said = f"{rng.choice(players)} {rng.choice(sorted(verbs))} {rng.choice(WRONG_WORDS)}"
            try:
                hand.apply(said.strip())
            except ScorekeeperError as e:
                refused.append((said, e))
            else:
                break
        else:
            hand.apply(rng.choice(legal))
    return refused


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_every_refusal_of_a_hand_in_the_table_s_words(lang: str, rule_set: str) -> None:
    """What the engine refuses quotes the action, its verbs, suits, options and solos as
    the table says them ('Aktionen: Re, Kontra, keine 90', 'harten is al troef')."""
    refused = [r for seed in range(2) for r in _refusals(rule_set, seed)]
    assert len(refused) > 20
    view.choose(lang)
    try:
        found = {}
        for said, error in refused:
            words = render(error.reason) if error.reason is not None else error.message
            if codes := code_words(words, lang):
                found[error.reason.key if error.reason else said] = (said, codes, words)
        assert not found, found
    finally:
        view.reset()


# a template's field left unfilled ({T}, {player}), wherever it comes from
UNFILLED = re.compile(r"\{\w*\}")


@pytest.mark.parametrize("lang", ["en", *LANGS])
@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_every_rule_set_is_explained_in_the_table_s_words(
    lang: str, rule_set: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = in_process(tmp_path, monkeypatch)
    out = []
    for command in ([], *([topic] for topic in TOPICS)):
        res = run("--lang", lang, "explain", rule_set, *command)
        assert res.returncode == 0, res.stderr
        out.append(res.stdout)
    res = run("--lang", lang, "rules", "show", rule_set)
    assert res.returncode == 0, res.stderr
    out.append(res.stdout)
    text = "\n".join(out)
    unfilled = {line for line in text.splitlines() if UNFILLED.search(line)}
    assert not unfilled, "\n".join(sorted(unfilled))  # 'J{T}' as 'J ... of the trump suit'
    if lang == "en":
        return
    found = {line for line in text.splitlines() if code_words(line, lang)}
    assert not found, "\n".join(sorted(found))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", ALL, ids=[c.game for c in ALL])
def test_a_whole_hand_at_the_table_in_the_table_s_words(
    lang: str,
    case: Any,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A whole hand typed at the table (help, status, a wrong word, every trick, undo and
    redo): every line in the table's words, each from a capital (no line is wrapped)."""
    monkeypatch.setenv("COLUMNS", "1000")
    game, players, choose, seed, _ = case
    path = new_match(tmp_path, game, players, lang=lang)
    record_deal(path, seed)
    lines = typed_hand(
        path,
        choose,
        card_word=lambda code: card_name(code, lang, "full").lower(),
        said_word=said_in(lang),
    )
    help_word = {"de": "hilfe", "nl": "hulp"}[lang]
    extra = [help_word, "status", "zzz", f"{players[0].lower()} wedding"]
    undo = {"de": ["zurück", "wiederholen"], "nl": ["ongedaan", "opnieuw"]}[lang]
    typed = [*extra, *lines[:2], *undo, *lines[2:], "stand", help_word]
    drive(path, "\r".join(typed) + "\r", lang=lang, view=None)
    captured = capsys.readouterr()
    found = faults(captured.out + captured.err, lang)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_the_quick_hand_s_questions_in_the_table_s_words(
    lang: str, rule_set: str, tmp_path: Path
) -> None:
    """Each question of a quick hand at the table ('re (list: ...)' was the fact's code and
    its kind in English), and what an empty answer to everything says."""
    from scorekeeper.table.reading import spoken_command
    from scorekeeper.table.session import TableSession

    rules = ruleset.load(rule_set)
    path = new_match(tmp_path, rule_set, PLAYERS[: min(rules.player_counts)], lang=lang)
    table = TableSession(path, lang=lang)
    view.choose(lang)
    try:
        said = list(table.handle(spoken_command("hand", lang)).lines)
        for _ in range(12):
            if table.quick is None:
                break
            said.append(table.prompt())
            reply = table.handle("")
            said += [*reply.lines, *map(str, reply.errors)]
    finally:
        view.reset()
    assert len(said) > 2, said
    found = {line for line in said if code_words(line, lang)}
    assert not found, "\n".join(sorted(found))


assert CASES  # the games the table session plays through
assert PLAYERS


ONE_SHOT = {
    "doppelkopf": [
        ["hand", "re=Anna", "re_points=100", "extras=Anna XX"],  # the extras it takes
        ["hand", "re=Anna,Ben", "re_points=100", "extras=Anna charlie_captured"],
        ["status"],
        ["announce", "Anna", "contra"],
        ["announce", "Ben", "re"],
        ["undo"],
        ["declare", "Anna", "wedding"],
        ["act", "Carla solo queens"],
        ["trick", "QC", "10H", "AD", "9D"],
        ["undo"],
        ["score"],
        ["hand", "re=Anna"],
        ["export", "--format", "csv"],
        ["settle", "--price", "0.1"],
        ["hand", "--keys"],
    ],
    "klaverjassen": [
        ["status"],
        ["act", "Ben pass"],
        ["act", "Carla trump hearts"],
        ["act", "Dirk knock"],
        ["undo"],
        ["score"],
        ["hand", "playing=Ben", "trump=hearts", "points=100", "redeal=maybe"],
        ["export", "--format", "csv"],
        ["settle"],
        ["hand", "--keys"],
    ],
    "bierkopf": [
        ["hand", "team=Anna", "points=60"],
        ["hand", "team=Anna", "points=100"],
        ["score"],
        ["export", "--format", "csv"],
        ["act", "Ben double"],
        ["status"],
        ["undo"],
    ],
    "klaberjass": [
        ["act", "Anna turnup 10C", "Ben accept"],
        ["act", "Ben sequence 7H 8H 9H"],
        ["status"],
        ["hand", "--keys"],
        ["undo"],
        ["undo"],
        ["undo"],
        ["hand", "maker=Anna", "trump=hearts", "points=Anna:82,Ben:70"],
        ["score"],
    ],
    "kloepper": [
        ["act", "Ben knock"],
        ["status"],
        ["undo"],
        ["hand", "--keys"],
    ],
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(ONE_SHOT))
def test_the_one_shot_commands_in_the_table_s_words(
    lang: str, game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = in_process(tmp_path / "home", monkeypatch)
    path = tmp_path / "m.toml"
    players = PLAYERS[: min(ruleset.load(game).player_counts)]
    res = run("new", game, *players, "--match", path, "--lang", lang, "--price", "0.1")
    assert res.returncode == 0, res.stderr
    said = [res.stdout + res.stderr]
    for args in ONE_SHOT[game]:
        res = run(*args, "--match", path)
        said.append(res.stdout + res.stderr)
    if game == "doppelkopf":  # help on a command of the match, through the real program
        for command in ("announce", "declare", "rename"):
            res = run_cli(tmp_path / "home", command, "--help", "--match", path)
            said.append(res.stdout + res.stderr)
    found = {line for text in said for line in text.splitlines() if code_words(line, lang)}
    assert not found, "\n".join(sorted(found))
    if game == "klaberjass":  # two players, no team: the legend names the maker alone
        assert {"de": "* wer Trumpf bestimmt hat", "nl": "* wie troef maakte"}[lang] in "".join(
            said
        )
    if game == "doppelkopf":  # the price per point as the table writes money
        assert {"de": "0,10 €", "nl": "€ 0,10"}[lang] in "".join(said)


# how development history reads in a rule text: the seed text, the rulings file, a ruling's
# date, "our reading", in each language
COMPETITIONS = Path(__file__).resolve().parent.parent / "scorekeeper" / "club" / "competitions"
HISTORY = {
    "en": r"\bseed\b|RULINGS|ruling of|our reading|\b20\d\d-\d\d-\d\d\b|\b[Ii]ssues?\b|summar",
    "de": r"Vorlage|RULINGS|Entscheidung vom|unsere Lesart|\b20\d\d-\d\d-\d\d\b|\bIssues?\b"
    r"|Zusammenfassung",
    "nl": r"\bopzet\b|RULINGS|uitspraak van|onze lezing|\b20\d\d-\d\d-\d\d\b|\b[Ii]ssues?\b"
    r"|samenvatting",
}


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_no_rule_text_tells_its_development_history(lang: str) -> None:
    from scorekeeper.text import translate

    texts = [translate(catalog.EXPLAIN, text, lang) for text in catalog.explain_texts()]
    told = [text for text in texts if re.search(HISTORY[lang], text)]
    assert not told, "\n".join(told)
    if lang == "en":  # a club competition's sources, notes and what is unsourced, as shipped
        for path in sorted(COMPETITIONS.glob("*.toml")):
            data = tomllib.loads(path.read_text(encoding="utf-8"))
            for key in ("sources", "notes", "unsourced"):
                told += [
                    f"{path.name} {key}: {t}"
                    for t in data.get(key, [])
                    if re.search(HISTORY[lang], t)
                ]
        assert not told, "\n".join(told)


@pytest.mark.parametrize(
    ("lang", "said"), [("de", "die Angaben korrigiert"), ("nl", "de gegevens")]
)
def test_an_amendment_is_told_in_the_table_s_words(
    lang: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What was amended as the file records it ('facts', 'trick 5') is told in words."""
    run = in_process(tmp_path / "home", monkeypatch)
    path = tmp_path / "m.toml"
    assert run("new", "doppelkopf", *PLAYERS, "--match", path, "--lang", lang).returncode == 0
    assert run("hand", "re=Anna,Carla", "re_points=130", "--match", path).returncode == 0
    res = run("amend", "1", "re_points=100", "--match", path)
    assert res.returncode == 0, res.stderr
    assert said in res.stdout and not code_words(res.stdout, lang), res.stdout


def _command_paths() -> list[list[str]]:
    """Every command of the program, as typed: ``[]``, ``["score"]``, ``["event", "pair"]``."""
    import click
    import typer

    from scorekeeper.cli.app import app

    def walk(command: click.Command, path: list[str]) -> list[list[str]]:
        subs = getattr(command, "commands", {})
        return [path, *(p for name, sub in subs.items() for p in walk(sub, [*path, name]))]

    return walk(typer.main.get_command(app), [])


# usage mistakes click words itself: an argument too many (two), an option without its
# value, a number that is not one, a value out of range, an option misspelt, a file missing
USAGE_MISTAKES = [
    ["score", "extra"],
    ["score", "extra", "more"],
    ["score", "--match"],
    ["judge", "doppelkopf", "--players", "x"],
    ["settle", "--price", "2000000"],
    ["score", "--jso"],
    ["announce"],
]


@pytest.mark.parametrize("lang", LANGS)
def test_every_help_and_usage_mistake_in_the_table_s_words(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every command's --help and click's words for a usage mistake, as the real program
    prints them (its value types were English: '--match PATH', "'x' is not a valid
    integer", 'Got unexpected extra arguments', 'Did you mean --json?')."""
    from scorekeeper.cli.app import typer_main
    from scorekeeper.cli.labels import speak

    said = []
    try:
        for argv in [[*p, "--help"] for p in _command_paths()] + USAGE_MISTAKES:
            with pytest.raises(SystemExit):
                typer_main(["--lang", lang, *argv])
            out = capsys.readouterr()
            said.append((argv, out.out + out.err))
    finally:
        speak("en")
    assert len(said) > 40
    commands = {name for path in _command_paths() for name in path}
    named = re.compile(rf"(?:^[│ *]*|scorekeeper |')(?:(?:{'|'.join(commands)})\b ?)+")
    found = {
        f"{' '.join(argv)}: {line}"
        for argv, text in said
        for line in text.splitlines()
        if code_words(named.sub(" ", line), lang)  # a command of the program stays
    }
    assert not found, "\n".join(sorted(found))
    # an example is a line of its own, not a line that starts with '|' (judge, amend)
    piped = [line for _, text in said for line in text.splitlines() if line.lstrip()[:2] == "| "]
    assert not piped, piped


def test_every_argument_and_option_has_a_help_text() -> None:
    """What the help shows beside each argument and option ('event pair' had none for its
    players: the row read '*  first  TEXT  [required]')."""
    import click
    import typer

    from scorekeeper.cli.app import app

    def walk(command: click.Command, path: str) -> list[str]:
        subs = getattr(command, "commands", {})
        bare = [f"{path} {p.name}" for p in command.params if not getattr(p, "help", None)]
        return bare + [m for name, sub in subs.items() for m in walk(sub, f"{path} {name}")]

    assert not walk(typer.main.get_command(app), "scorekeeper")


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_a_quick_fact_refused_names_no_code_place(lang: str, tmp_path: Path) -> None:
    """A quick fact refused is named as the table names it ('Re-Augen=' at a German
    table, whether typed so or by its key 're_points='), not by its place in the program
    ('quick.re: re= names the Re players'); --json keeps the place."""
    from scorekeeper.lang.terms import fact_name

    path = new_match(tmp_path, "doppelkopf", PLAYERS, lang=lang)
    for facts in (["re=Zed"], ["re=Anna", "all_tricks=x"], ["re_points=abc"], ["redeal=nie"]):
        res = run_cli(tmp_path / "home", "hand", *facts, "--match", path)
        assert res.returncode != 0 and "quick." not in res.stderr, res.stderr
        key = facts[-1].split("=")[0]
        if lang == "en":  # the key is the English name
            assert key in res.stderr, res.stderr
        else:
            assert fact_name(key, lang) + "=" in res.stderr, res.stderr
            assert f"{key}=" not in res.stderr, res.stderr
    res = run_cli(tmp_path / "home", "hand", "re=Zed", "--match", path, "--json")
    assert '"quick.re"' in res.stdout + res.stderr


SOLO_PARAMS = ("game", "solo", "contract", "name")
"""The parameters that name a game or a solo in a sentence."""


def test_a_solo_is_named_where_no_article_must_bend_it() -> None:
    """German bends the article before a name (ein Damensolo, einen Fleischlosen): a sentence
    that names a solo names it where no article stands before it ('Ben spielt ein
    Fleischloser', 'ein fleischlos-Solo' were wrong)."""
    voc = language("de")
    solos = [code for code in voc.terms if code.startswith("solo ")]
    solos += [code.removeprefix("solo ") for code in solos]
    named = sorted({voc.terms.get(code, code) for code in solos} | set(voc.terms.values()))
    article = re.compile(
        r"\b(?:ein|eine|einen|einem|einer|eines|der|die|das|den|dem|des)\s+(?:"
        + "|".join(re.escape(n) for n in named if n)
        + r")\b"
    )
    view.choose("de")
    try:
        found = {}
        for key, english in catalog.english().items():
            fields = set(re.findall(r"\{(\w+)", english))
            if not fields & set(SOLO_PARAMS) or not key.startswith("doppelkopf."):
                continue
            for solo in solos:
                params = {**_params(english), **{f: solo for f in fields & set(SOLO_PARAMS)}}
                words = render(because(key, **params))
                if article.search(words):
                    found[key] = words
        assert not found, found
    finally:
        view.reset()


@pytest.mark.parametrize(
    ("lang", "said", "shown"),
    [
        ("en", "Ben: sequence 7H 8H 9H (trump maker)", "Ben announced Re"),
        ("de", "Ben: Folge 7♥ 8♥ 9♥ (hat Trumpf bestimmt)", "Ben sagte Re an"),
        ("nl", "Ben: reeks 7♥ 8♥ 9♥ (troefmaker)", "Ben kondigde Re aan"),
    ],
)
def test_the_status_tells_what_was_said_once_and_in_words(
    lang: str, said: str, shown: str, tmp_path: Path
) -> None:
    """A Klaberjass sequence in the table's card forms, by the trump maker (no team: it was
    '(maker-Partei)', 'sagt die Folge 7H 8H 9H an'); Re by a Re player said once ('Ben
    announced re (re)')."""
    home = tmp_path / "home"
    (tmp_path / "k").mkdir()
    path = new_match(tmp_path / "k", "klaberjass", ["Anna", "Ben"], lang=lang)
    record_deal(path, 0)
    res = run_cli(
        home, "act", "Anna turnup 10C", "Ben accept", "Ben sequence 7H 8H 9H", "--match", path
    )
    assert res.returncode == 0, res.stderr
    status = run_cli(home, "status", "--match", path).stdout
    assert said in status, status
    if lang != "en":
        assert "7H" not in res.stdout and not code_words(res.stdout + status, lang), res.stdout
    (tmp_path / "d").mkdir()
    path = new_match(tmp_path / "d", "doppelkopf", PLAYERS, lang=lang)
    assert run_cli(home, "act", "Ben re", "--match", path).returncode == 0
    status = run_cli(home, "status", "--match", path).stdout
    assert shown in status and "(re)" not in status and "(Re" not in status, status


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_set_has_a_name_of_the_table_s(lang: str) -> None:
    """A rule set named with English words beside the game's (DDV tournament rules,
    Amsterdam, for three) has a name of this table's own."""
    from scorekeeper.lang.terms import ruleset_name

    for rule_set in RULE_SETS:
        name = ruleset.load(rule_set).name
        if "(" in name or " for " in name:
            assert ruleset_name(name, lang) != name, name


def _verbs_said(rule_set: str) -> set[str]:
    """Every verb a game of ``rule_set`` takes or offers in a few random hands."""
    rules = ruleset.load(rule_set)
    players = PLAYERS[: min(rules.player_counts)]
    verbs: set[str] = set()
    for seed in range(4):
        rng = random.Random(seed)
        hand = Hand(rules, players, players[0], deal=simulate.deal(rules, players, rng))
        verbs |= {v.split()[0] for v in hand.game.verbs}
        while not hand.finished and (legal := hand.legal_actions()):
            verbs |= {a.verb for a in legal if not a.is_play}
            hand.apply(rng.choice(legal))
    return verbs


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_every_action_word_offered_is_read_back(lang: str, rule_set: str) -> None:
    """Each word the table is offered for an action (the game's word in a refusal's list
    of actions, the table's help, its completion) is read back as that action: 'Meldung'
    was offered and only 'melde' read, 'nennen' offered and only 'nenne'."""
    from scorekeeper.lang import game_word, translate
    from scorekeeper.lang.terms import term
    from scorekeeper.table.native import spoken

    family = ruleset.load(rule_set).family
    unread = {}
    for verb in _verbs_said(rule_set):
        for word in {term(verb, lang), game_word(verb, lang), spoken(verb, lang, family)}:
            read = translate(word, lang, family=family, players=PLAYERS)
            if [w.lower() for w in read] != [verb.lower()]:
                unread[word] = (verb, read)
    assert not unread, unread


@pytest.mark.parametrize(
    ("lang", "rule", "hand"),
    [("de", "gewonnen (Abrechnung)", "Spiel 1"), ("nl", "gewonnen (puntentelling)", "spel 1")],
)
def test_a_hand_s_value_and_check_name_their_rules_in_words(
    lang: str, rule: str, hand: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rule beside each line of a hand's value ('scoring.won') and a check's card
    count ('[rule: deck.copies]', 'hand 1') in the table's words."""
    from scorekeeper.hand import Hand
    from scorekeeper.reasons import Reason

    run = in_process(tmp_path / "home", monkeypatch)
    path = tmp_path / "m.toml"
    assert run("new", "doppelkopf", *PLAYERS, "--match", path, "--lang", lang).returncode == 0
    res = run("hand", "re=Anna,Ben", "re_points=130", "--match", path)
    assert res.returncode == 0 and rule in res.stdout, res.stdout
    assert "scoring." not in res.stdout and not code_words(res.stdout, lang), res.stdout
    (tmp_path / "t").mkdir()
    played = new_match(tmp_path / "t", "doppelkopf", PLAYERS, lang=lang)
    record_deal(played, 1)
    drive(played, "\r".join(typed_hand(played, lambda hand, said: None)) + "\r", view=None)
    # a card counted wrong (what a hand-edited file can hold)
    miscount = [Reason("hand.miscount", {"card": "QC", "count": 3, "copies": 2})]
    monkeypatch.setattr(Hand, "deck_check", lambda self: miscount)
    res = run("check", played)
    said = res.stdout + res.stderr
    assert res.returncode == 1 and f"{hand}:" in said, said
    assert "deck.copies" not in said and not code_words(said, lang), said


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "Ben QX: 'qx'"), ("de", "Ben QX: 'qx'"), ("nl", "Ben QX: 'qx'")],
)
def test_a_refusal_quotes_the_action_as_it_was_said(
    lang: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """'Ben QX' was quoted back lower case ('Ben qx'): the action as typed, its player as
    the table names them ('ben' -> 'Ben'); the log keeps its code lower case."""
    run = in_process(tmp_path / "home", monkeypatch)
    path = tmp_path / "m.toml"
    assert run("new", "doppelkopf", *PLAYERS, "--match", path, "--lang", lang).returncode == 0
    res = run("act", "ben QX", "--match", path)
    assert res.returncode != 0 and "Ben QX" in res.stderr, res.stderr
    assert "Ben qx" not in res.stderr, res.stderr
    res = run("act", "Ben RE", "--match", path)
    assert res.returncode == 0, res.stderr
    assert "Ben re" in path.read_text(encoding="utf-8")  # the log's code, as ever


# a hand of every shipped rule set through the one-shot commands (issue 27, done when):
# each game's score-sheet facts, a fact it does not take, what judge is asked of it
WALK_FACTS = {
    "doppelkopf": ["re=Anna,Carla", "re_points=130"],
    "klaverjassen": ["playing=Ben", "trump=hearts", "points=100"],
    "klaverjassen-3": ["playing=Ben", "trump=hearts", "points_of=Anna:50,Ben:62,Carla:50"],
    "klaberjass": ["maker=Anna", "trump=hearts", "points=Anna:82,Ben:70"],
    "bierkopf": ["team=Anna", "points=60"],
    "kloepper": ["queens=Anna,Ben", "queens_points=70"],
}
BAD_TOML = 'rules = "doppelkopf"\nplayers = [Anna, "Ben"]\n'


def _walk_facts(rule_set: str) -> list[str]:
    return WALK_FACTS.get(rule_set) or WALK_FACTS[rule_set.split("-")[0]]


def _walk(rule_set: str, lang: str, tmp: Path, run: Any) -> list[tuple[str, str]]:
    """What a German or Dutch table reads while a whole hand of ``rule_set`` is entered
    through the one-shot commands (a few things said, the cards a trick at a time or one
    by one, wrong words, undo, redo, amend), then the sheet, its exports, explain of every
    topic, check, judge and a quick hand: (command, what it printed)."""
    rules = ruleset.load(rule_set)
    players = PLAYERS[: min(rules.player_counts)]
    path = tmp / "m.toml"
    said: list[tuple[str, str]] = []

    def say(*args: str | Path, match: bool = True) -> None:
        res = run(*args, *(["--match", path] if match else []))
        assert "Traceback" not in res.stderr, res.stderr
        said.append((" ".join(map(str, args)), res.stdout + res.stderr))

    say("new", rule_set, *players, "--lang", lang, "--price", "0.1")
    record_deal(path, 3)
    hand = Session.open(path).current_hand()
    rng = random.Random(rule_set)
    spoken, cards = 0, []
    say("act", "Zorro AH")
    say("act", f"{players[1]} Quatsch")
    while not hand.finished and (legal := hand.legal_actions()):
        words = [a for a in legal if not a.is_play]
        plays = [a for a in legal if a.is_play]
        if words and (not plays or (spoken < 4 and rng.random() < 0.4)):
            action = rng.choice(words)
            spoken += 1
        else:
            action = rng.choice(plays)
        hand.apply(action.text)
        if not action.is_play:
            for card in cards:  # the trick's first cards, one by one
                say("play", card)
            cards = []
            say("act", action.text)
            continue
        cards.append(action.card.code)
        if hand.current_trick is None:  # a trick whole, or its first card and the rest
            if len(hand.tricks) % 2 and len(cards) > 1:
                say("play", cards.pop(0))
            say("trick", *cards)
            cards = []
        if hand.cards_played == 5:
            say("status")
            say("undo")
            say("redo")
    say("status")
    say("score")
    say("amend", "1", "--action", "1", hand.history[0].text)
    say("undo")
    say("redo")
    facts = _walk_facts(rule_set)
    say("hand", *facts)
    say("hand", "zz=1")
    say("hand", "--keys")
    say("score")
    for form in ("csv", "markdown", "chat"):
        say("export", "--format", form)
    say("settle")
    say("--lang", lang, "explain", rule_set, match=False)
    for topic in [*TOPICS, "zzz"]:
        say("--lang", lang, "explain", rule_set, topic, match=False)
    bad = tmp / "bad.toml"
    bad.write_text(BAD_TOML, encoding="utf-8")
    say("--lang", lang, "check", path, match=False)
    say("--lang", lang, "check", bad, match=False)
    say("--lang", lang, "check", tmp / "missing.toml", match=False)
    question = [f"{players[0]}:AH"]  # in every deck shipped
    say("--lang", lang, "judge", rule_set, "--trick", *question, match=False)
    judged = [a for f in facts for a in ("-f", f)]
    say("--lang", lang, "judge", rule_set, *judged, "--names", ",".join(players), match=False)
    return said


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_a_whole_hand_of_every_rule_set_through_the_commands(
    lang: str, rule_set: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every line the one-shot commands print while a hand of the rule set is entered,
    scored, exported, explained, checked and judged: no code, no rule key, no Python value,
    no line that begins with a small letter (a line is not wrapped here)."""
    from scorekeeper.view import chat

    monkeypatch.setenv("COLUMNS", "1000")
    monkeypatch.setattr(chat, "WIDTH", 1000)
    said = _walk(rule_set, lang, tmp_path, in_process(tmp_path / "home", monkeypatch))
    if not getattr(language(lang), "facts", None):  # the facts' names come with [facts]
        said = [(command, text) for command, text in said if command != "hand zz=1"]
    found = [f"{command}: {fault}" for command, text in said for fault in faults(text, lang)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    ("key", "english"), [("cli.next_player", "next: Ben"), ("sheet.col.dealer", "dealer")]
)
def test_the_walk_finds_one_msgstr_set_back_to_english(
    key: str, english: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The walk above fails where a single German or Dutch msgstr is English again (a line
    'next: Ben to play', the sheet's column 'dealer'): it can fail."""
    import scorekeeper.text as text
    from scorekeeper.view import chat

    told = text.translate
    monkeypatch.setattr(text, "translate", lambda k, e, lang=None: e if k == key else told(k, e, lang))
    monkeypatch.setenv("COLUMNS", "1000")
    monkeypatch.setattr(chat, "WIDTH", 1000)
    said = _walk("klaverjassen", "nl", tmp_path, in_process(tmp_path / "home", monkeypatch))
    found = [fault for _, words in said for fault in faults(words, "nl")]
    assert any(english in fault for fault in found), found


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "de",
            [
                "Fehler: Aktion 'Zorro A♥': Zorro spielt hier nicht mit",
                "Fehler: Ben Quatsch: 'Quatsch' ist weder eine Karte",
                "Spalte 12: ungültiger Wert",
                "Fehler: unbekanntes Thema 'zzz'; Themen: karten",
                "[Eingabe]",
                "Fehler: mit 'Ränge für vier Gleiche'=A,A: Option",
                "Zeile 2, Spalte 12: ungültiger Wert [Regel: Regelwerk]",
            ],
        ),
        (
            "nl",
            [
                "Fout: actie 'Zorro A♥': Zorro speelt hier niet mee",
                "Fout: Ben Quatsch: 'Quatsch' is geen kaart",
                "kolom 12: ongeldige waarde",
                "Fout: onbekend onderwerp 'zzz'; onderwerpen: kaarten",
                "[invoer]",
                "Fout: met 'rangen voor vier gelijke'=A,A: optie",
                "regel 2, kolom 12: ongeldige waarde [regel: spelregels]",
            ],
        ),
    ],
)
def test_the_walker_s_lines_in_the_table_s_words(
    lang: str, said: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What the read-only walker met last session: a card quoted by its code ('Aktion
    'Zorro AH''), a word quoted lower case ("'quatsch'"), the TOML reader's English
    ('invalid value'), a usage slip named as a rule ('[Regel: explain]'), a Python list
    ("four_of_a_kind_ranks=['A', 'A']"); no rule named with commas ('Abrechnung, gewonnen')."""
    run = in_process(tmp_path / "home", monkeypatch)
    path = tmp_path / "m.toml"
    assert run("new", "doppelkopf", *PLAYERS, "--match", path, "--lang", lang).returncode == 0
    out = [run("act", "Zorro AH", "--match", path), run("act", "Ben Quatsch", "--match", path)]
    bad = tmp_path / "bad.toml"
    bad.write_text(BAD_TOML, encoding="utf-8")
    out += [run("--lang", lang, "check", bad), run("--lang", lang, "explain", "bierkopf", "zzz")]
    wilde = ["klaverjassen-wilde-boom", *PLAYERS, "--set", "four_of_a_kind_ranks=A,A"]
    out.append(run("--lang", lang, "new", *wilde, "--match", tmp_path / "w.toml"))
    out.append(run("--lang", lang, "judge", bad))
    text = "\n".join(res.stdout + res.stderr for res in out)
    missing = [s for s in said if s not in text]
    assert not missing, (missing, text)
    assert not code_words(text, lang) and "explain]" not in text and "['A'" not in text, text


# each column of the score sheet and of the CSV that names a concept of the glossary
COLUMNS = {
    "sheet.col.dealer": "dealer",
    "sheet.col.game": "contract",
    "sheet.csv.hand": "hand",
    "sheet.csv.dealer": "dealer",
    "sheet.csv.game": "contract",
    "sheet.chart.hand": "hand",
}


@pytest.mark.parametrize("lang", LANGS)
def test_every_column_is_headed_by_the_glossary_s_term(lang: str) -> None:
    """A column heads its concept by the glossary's term (the Dutch sheet's game column
    read 'spel', the glossary's hand, where the CSV said 'spelsoort')."""
    from scorekeeper.text import translate

    glossary = language(lang).glossary
    heads = {key: translate(key, catalog.english()[key], lang) for key in COLUMNS}
    wrong = {
        key: (head, glossary[COLUMNS[key]].term)
        for key, head in heads.items()
        if head.casefold() != glossary[COLUMNS[key]].term.casefold()
    }
    assert not wrong, wrong
