"""The session means what the command means (issue 24, item 2), and a piped session writes
each entry at once (issue 25, item 5).

Every line ``scorekeeper table`` accepts is read by the one-shot command's own reader
(quotes, list values such as ``re=Anna,Carla``, ``-a "Anna re"``), or refused with the form
that works. The property: random quick-hand and action lines, piped through the real session
and run as real one-shot commands on copies of one match file, leave byte-identical files.
"""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from cli_helpers import cli_env, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from table_helpers import new_match, piped

from scorekeeper.session import Session

FOUR = ["Anna", "Ben", "Carla", "Dirk"]
QUICK = 'hand re=Anna,Carla re_points=165 -a "Anna re"'
"""The README's own quick hand, which the session recorded as a silent wedding."""


def test_the_readmes_quick_hand_means_what_the_command_means(tmp_path: Path) -> None:
    one = new_match(tmp_path, "doppelkopf", FOUR)
    two = tmp_path / "two.toml"
    shutil.copy(one, two)
    res = run_cli(tmp_path, *shlex.split(QUICK), "--match", one)
    assert res.returncode == 0, res.stderr
    res = piped(tmp_path, two, QUICK + "\n")
    assert res.returncode == 0, res.stdout + res.stderr
    assert one.read_bytes() == two.read_bytes()
    m = Session.open(two).match
    assert m.totals() == {"Anna": 4, "Ben": -4, "Carla": 4, "Dirk": -4}
    assert "silent wedding" not in res.stdout


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ('hand re=Anna -a "Anna re', "a quote is not closed"),
        ("hand --match other.toml re=Anna,Carla re_points=165", "hand KEY=VALUE"),
        ("hand re=Anna,Carla re_points=165 --json", "no --match or --json"),
        ("hand re=Anna,Carla -x", "hand KEY=VALUE"),
        ("announce Ben", "announce PLAYER WORDS"),
        ("play", "play [PLAYER] CARD"),
        ("status --json", "status (it records"),  # was shown without a word about --json
        ("score --json", "score [--chart] [--all]"),
        ("undo --all", "undo [--yes]"),
        ("explain --chart", "explain [TOPIC]"),
    ],
)
def test_a_line_the_command_would_not_read_is_refused_with_the_form(
    tmp_path: Path, line: str, says: str
) -> None:
    path = new_match(tmp_path, "doppelkopf", FOUR)
    before = path.read_bytes()
    res = piped(tmp_path, path, line + "\n")
    assert res.returncode == 1
    assert says in res.stderr, res.stderr
    assert "Traceback" not in res.stderr
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("lang", "line", "says"),
    [
        ("de", "richter Ben", "'richter' schreibt man hier wie auf der Kommandozeile: richter (es"),
        ("de", "stand 3", "'stand' schreibt man hier wie auf der Kommandozeile: stand [--chart] [--all] (es"),
        ("de", "zurück 2", "'zurück' schreibt man hier wie auf der Kommandozeile: zurück [--yes] (es"),
        ("de", "erklären --alles", "wie auf der Kommandozeile: erklären [THEMA] (es"),
        ("de", "announce Ben", "wie auf der Kommandozeile: announce SPIELER WÖRTER... (es"),
        ("nl", "stand 3", "'stand' typ je hier zoals op de opdrachtregel: stand [--chart] [--all] (het"),
        ("nl", "uitleg --alles", "zoals op de opdrachtregel: uitleg [ONDERWERP] (het"),
        ("nl", "play", "zoals op de opdrachtregel: play [SPELER] KAART (het"),
    ],
)
def test_the_form_is_said_as_the_table_types_it(
    tmp_path: Path, lang: str, line: str, says: str
) -> None:
    """A session command with a word it does not take is refused with its form in the
    table's words: the command as the table types it, its placeholders in the table's
    language (before: 'die Sitzung liest 'judge' wie der Befehl: judge' for 'richter Ben',
    and PLAYER WORDS, TOPIC at a German or Dutch table)."""
    path = tmp_path / "m.toml"
    made = run_cli(tmp_path, "new", "doppelkopf", *FOUR, "--lang", lang, "--match", path)
    assert made.returncode == 0, made.stderr
    res = piped(tmp_path, path, line + "\n")
    assert res.returncode == 1
    assert says in res.stderr, res.stderr


@pytest.mark.parametrize(
    ("lang", "line", "totals"),
    [
        ("de", 'hand re=Anna,Carla re_points=165 -a "Anna Re"', {"Anna": 4, "Ben": -4}),
        ("nl", 'hand re=Anna,Carla re_points=165 -a "Anna re"', {"Anna": 4, "Ben": -4}),
        ("de", 'act "Ben Kontra"', None),
        ("nl", "announce Ben contra", None),
    ],
)
def test_the_same_in_german_and_dutch(
    tmp_path: Path, lang: str, line: str, totals: dict[str, int] | None
) -> None:
    one = new_match(tmp_path, "doppelkopf", FOUR, lang=lang)
    two = tmp_path / "two.toml"
    shutil.copy(one, two)
    res = run_cli(tmp_path, *shlex.split(line), "--match", one)
    assert res.returncode == 0, res.stderr
    res = piped(tmp_path, two, line + "\n")
    assert res.returncode == 0, res.stdout + res.stderr
    assert one.read_bytes() == two.read_bytes()
    if totals is not None:
        assert Session.open(two).match.totals().items() >= totals.items()


WORDS = {
    "en": ["re", "contra", "no90", "Re", "wedding"],
    "de": ["Re", "Kontra", "keine 90", "k90", "Hochzeit", "contra"],
    "nl": ["re", "contra", "geen 90", "bruiloft", "no90"],
}
"""What players say before the first card, in each language (every language reads the
English forms too)."""


def _said(name: str, lang: str) -> st.SearchStrategy[str]:
    return st.sampled_from([f"{name} {word}" for word in WORDS[lang] if word != "wedding"])


@st.composite
def quick_line(draw: st.DrawFn, lang: str) -> str:
    """A quick hand of Doppelkopf as a table types it: a Re side of one or two players
    (any case), its card points, and now and then what was said."""
    re = draw(st.lists(st.sampled_from(FOUR), min_size=1, max_size=2, unique=True))
    re = [draw(st.sampled_from([n, n.lower()])) for n in re]
    points = draw(st.integers(0, 240))
    parts = ["hand", f"re={','.join(re)}", f"re_points={points}"]
    for name in draw(st.lists(st.sampled_from(FOUR), max_size=2, unique=True)):
        parts += [draw(st.sampled_from(["-a", "--action"])), shlex.quote(draw(_said(name, lang)))]
    return " ".join(parts)


@st.composite
def action_line(draw: st.DrawFn, lang: str) -> str:
    """What a player says before the first card, in a one-shot command's form."""
    name = draw(st.sampled_from(FOUR))
    said = draw(st.sampled_from([*WORDS[lang], "solo queens"]))
    form = draw(st.sampled_from(["announce", "declare", "act"]))
    if form == "act":
        return f"act {shlex.quote(name + ' ' + said)}"
    return f"{form} {name} {said}"


@st.composite
def table_lines(draw: st.DrawFn) -> tuple[str, list[str]]:
    lang = draw(st.sampled_from(["en", "de", "nl"]))
    one = st.one_of(quick_line(lang), action_line(lang))
    return lang, draw(st.lists(one, min_size=1, max_size=3))


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(drawn=table_lines())
def test_session_and_commands_leave_the_same_file(
    tmp_path: Path, drawn: tuple[str, list[str]]
) -> None:
    """Random quick-hand and action lines in English, German or Dutch: piped through the
    session, and as one-shot commands, on copies of one match file: the files are byte
    for byte the same, and a line refused by one is refused by the other (the session
    exits 1 exactly when some command did)."""
    lang, lines = drawn
    folder = Path(tempfile_dir(tmp_path))
    one = new_match(folder, "doppelkopf-ddv", FOUR, lang=None if lang == "en" else lang)
    two = folder / "two.toml"
    shutil.copy(one, two)
    codes = [run_cli(folder, *shlex.split(line), "--match", one).returncode for line in lines]
    res = piped(folder, two, "".join(line + "\n" for line in lines))
    assert one.read_bytes() == two.read_bytes(), lines
    assert set(codes) <= {0, 1, 2}, (lines, codes)
    assert (res.returncode == 0) == all(code == 0 for code in codes), (lines, codes, res.stderr)


def tempfile_dir(base: Path) -> str:
    import tempfile

    return tempfile.mkdtemp(dir=base)


def _wait_for(check, seconds: float = 30.0) -> bool:  # type: ignore[no-untyped-def]
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_a_piped_session_writes_each_entry_at_once(tmp_path: Path, lang: str) -> None:
    """Lines fed through a pipe are on disk before the pipe is closed; killed then, the
    session has lost nothing it accepted."""
    path = new_match(tmp_path, "doppelkopf", FOUR, lang=None if lang == "en" else lang)
    proc = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "table", "--match", str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=cli_env(tmp_path),
    )
    try:
        assert proc.stdin is not None
        proc.stdin.write(b"ben re\n")
        proc.stdin.flush()
        assert _wait_for(lambda: "Ben re" in path.read_text("utf-8"))
        assert proc.poll() is None  # the pipe is still open: the session still reads
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.kill()
        proc.wait(timeout=30)
    hand = Session.open(path).match.hands[-1]
    assert [a.text for a in hand.actions][:1] == ["Ben re"]


def test_a_session_command_takes_the_options_its_command_takes(tmp_path: Path) -> None:
    """``score --chart`` drew no chart (the option was dropped without a word); ``undo
    --yes`` asked anyway; ``rename-player`` and ``explain RULESET TOPIC``, the one-shot
    forms, were no commands of the session."""
    path = new_match(tmp_path, "doppelkopf", FOUR)
    lines = [QUICK, "score --chart", "undo --yes", "redo", "rename-player Anna Anne"]
    res = piped(tmp_path, path, "\n".join([*lines, "explain doppelkopf following", ""]))
    assert res.returncode == 0, res.stdout + res.stderr
    assert "Running totals" in res.stdout, res.stdout
    assert "remove it?" not in res.stdout  # --yes: not asked
    assert "Undone: " in res.stdout and "Redone: " in res.stdout
    assert "Anna is now Anne" in res.stdout
    assert "when_void" in res.stdout  # the topic of the rule set in play
    assert Session.open(path).match.players == ["Anne", "Ben", "Carla", "Dirk"]
