"""README is for players, and everything it shows works (issue 26, items 6 and 7).

Every ``sh`` block of README.md is run through the real command line, in order, in a fresh
data folder: each command must succeed (or be refused, exit 1, where the line under it shows
``# error:`` / ``# Fehler:``), and each ``# ...`` line right under a command must be in what
that command printed. The ``console`` block of the table session is typed into the real
``scorekeeper table`` through a pipe. The install and test commands are the ones CI runs,
and every file, folder and link the README, CONTRIBUTING.md, docs/*.md and the rule-set
files name exists today.
"""

from __future__ import annotations

import glob
import re
import shlex
import signal
import subprocess
import sys
import threading
import tomllib
import urllib.request
from pathlib import Path

import pytest
from cli_helpers import cli_env, run_cli
from event_helpers import copied_outside, drawn_event, lead_out

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text("utf-8")

INSTALL_AND_RUN = (
    "python3 -m venv .venv && .venv/bin/pip install .",
    ".venv/bin/scorekeeper table doppelkopf Anna Ben Carla Dirk",
)
INSTALL_AND_TEST = (
    "python3 -m venv .venv && .venv/bin/pip install '.[test]' && .venv/bin/python -m pytest -n auto"
)


def blocks(text: str, kind: str) -> list[tuple[str, list[str]]]:
    """Each fenced block of ``kind`` with the heading of the section it stands in."""
    found = []
    heading = ""
    lines = text.splitlines()
    at = 0
    while at < len(lines):
        line = lines[at]
        if line.startswith("#") and not line.startswith("#!"):
            heading = line.lstrip("#").strip()
        if line.strip() == "```" + kind:
            end = lines.index("```", at + 1)
            found.append((heading, lines[at + 1 : end]))
            at = end
        at += 1
    return found


SH = blocks(README, "sh")


# ------------------------------------------------------------------ for players


def test_the_readme_is_for_players() -> None:
    lines = README.splitlines()
    assert len(lines) <= 200, f"README has {len(lines)} lines; engineers' material goes to docs/"
    # no performance journal: no commit ids, timings or loads
    ids = [w for w in re.findall(r"\b[0-9a-f]{7,40}\b", README) if re.search(r"\d", w)]
    ids = [w for w in ids if re.search(r"[a-f]", w) and not w.isdigit()]
    assert ids == [], ids
    for word in ("µs", "CPU second", "tricks/s", "load average", "yardstick"):
        assert word not in README, word
    for heading in (
        "Install",
        "At the table",
        "One command at a time",
        "The games",
        "Score sheets and exports",
        "the referee",
        "In German and Dutch",
        "Your matches",
        "Sharing or syncing a data folder",
        "Statistics and settling up",
        "Every phone at the table",
        "Club nights",
    ):
        assert heading in README, heading


def test_install_and_test_commands_are_the_ones_ci_runs() -> None:
    """README's two commands stay exactly as they are, and .ci/run does the same: installs
    the test extra, runs the suite with -n auto, builds the distribution README names."""
    for command in (*INSTALL_AND_RUN, INSTALL_AND_TEST):
        assert f"\n    {command}\n" in README, command
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    assert "pip\" install -q '.[test]'" in ci
    assert "-m pytest -n auto" in ci
    name = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["name"]
    assert f"`{name}`" in README and f"pipx install {name}" in README
    assert "pipx install ." in README
    assert f"dist/{name.replace('-', '_')}-*.whl" in ci  # the wheel CI installs has this name
    assert 'twine" check --strict' in ci


# ------------------------------------------------------------------ every example runs


GIVEN = {
    # what the section takes for granted: the matches it names
    "Your matches": (
        (
            "new",
            "doppelkopf",
            "Anna",
            "Ben",
            "Carla",
            "Dirk",
            "--match",
            "{home}/matches/20261123-201500-doppelkopf.toml",
        ),
        ("new", "klaverjassen", "Anna", "Ben", "Carla", "Dirk", "--match", "{home}/friday.toml"),
        ("new", "bierkopf", "Anna", "Ben", "Carla", "Dirk"),
    ),
    "Every phone at the table: `scorekeeper serve`": (
        ("new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk"),
    ),
    "Statistics and settling up": (
        ("new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk"),
        ("hand", "re=Anna,Carla", "re_points=165", "-a", "Anna re"),
        ("hand", "re=Ben,Carla", "re_points=100"),
    ),
}
"""What a section's example takes for granted, made through the real command line first."""

REFUSED = ("# error:", "# Fehler:", "# fout:")


def _words(line: str, home: Path) -> tuple[dict[str, str], list[str]]:
    """The environment a line sets and its words after ``scorekeeper`` (``~`` is ``home``)."""
    words = [w.replace("~/", f"{home}/") for w in shlex.split(line, comments=True)]
    at = words.index("scorekeeper")
    env = dict(w.split("=", 1) for w in words[:at])
    return env, words[at + 1 :]


def _serve(home: Path, words: list[str], env: dict[str, str]) -> str:
    """A serving command, started for real on a free port and stopped with Ctrl-C once it
    has printed its addresses and its page has answered (stopped after 120 s at most)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", *words, "--port", "0"],
        env=cli_env(home, extra=env),
        cwd=home,
        stdin=subprocess.PIPE if words[0] == "table" else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert proc.stdout is not None
    late = threading.Timer(120, proc.send_signal, (signal.SIGINT,))
    late.start()
    said = ""
    try:
        for line in proc.stdout:
            said += line
            if "firewall" in line or "Only this computer" in line:  # no network: this one
                break
        # the page answers (on 127.0.0.1, always bound beside the network's addresses)
        _, port, path = re.search(r"http://([\d.]+):(\d+)(/\S*)", said).groups()  # type: ignore[union-attr]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as page:
            assert page.status == 200
        proc.send_signal(signal.SIGINT)
        rest, _ = proc.communicate(timeout=30)
        said += rest
    finally:
        late.cancel()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert "http://" in said, said
    assert proc.returncode in (0, 130, -signal.SIGINT), (proc.returncode, said)
    assert "Traceback" not in said, said
    return said


@pytest.mark.parametrize(("heading", "lines"), SH, ids=[h for h, _ in SH])
def test_every_example_in_the_readme_works(heading: str, lines: list[str], tmp_path: Path) -> None:
    home = tmp_path
    for given in GIVEN.get(heading, ()):
        res = run_cli(home, *(w.format(home=home) for w in given), cwd=home)
        assert res.returncode == 0, res.stdout + res.stderr
    said = ""
    checked = ran = 0
    for at, line in enumerate(lines):
        if line.startswith("#"):
            if line.startswith(REFUSED):
                continue  # checked with its command
            want = " ".join(line[1:].split())
            assert want in said, (heading, want, said)
            checked += 1
            continue
        if not re.match(r"(\w+=\S+ )*scorekeeper ", line):
            continue  # pip, pipx: the install, not the program
        env, words = _words(line, home)
        if "serve" in words[:2] or "--serve" in words:
            said = " ".join(_serve(home, words, env).split())
            ran += 1
            continue
        res = run_cli(home, *words, cwd=home, env={"HOME": str(home), **env})
        said = " ".join((res.stdout + res.stderr).split())
        refused = at + 1 < len(lines) and lines[at + 1].startswith(REFUSED)
        assert res.returncode == (1 if refused else 0), (heading, line, said)
        assert "Traceback" not in said
        ran += 1
    assert ran >= 1, heading


def test_the_table_session_shown_is_what_the_table_says(tmp_path: Path) -> None:
    """The README's table session: its typed lines piped into the real ``scorekeeper
    table``; every line it shows the program saying is said; the last prompt's player is to
    play afterwards."""
    ((_, shown),) = blocks(README, "console")
    command = shown[0].removeprefix("$ ")
    typed = [line.split("> ", 1)[1] for line in shown if "> " in line]
    said_lines = [line for line in shown[1:] if "> " not in line and not line.endswith(">")]
    words = shlex.split(command)[1:]
    res = subprocess.run(
        [sys.executable, "-m", "scorekeeper", *words],
        input="\n".join(typed) + "\n",
        env=cli_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 0, res.stdout + res.stderr
    for line in said_lines:
        line = line.split("~", 1)[0].split("...", 1)[0]
        assert line in res.stdout, (line, res.stdout)
    last = shown[-1].removesuffix(">")
    status = run_cli(tmp_path, "status")
    assert last in status.stdout, (last, status.stdout)


COMMANDS = (
    "hand",
    "announce",
    "rules",
    "score",
    "export",
    "explain",
    "stats",
    "settle",
    "judge",
    "status",
    "matches",
    "demo",
    "table",
)
"""Commands a README sentence may name without ``scorekeeper`` in front (``hand --keys``)."""


def _inline_commands() -> list[str]:
    """The complete commands named in README's sentences (``scorekeeper demo``, ``hand
    --keys``): none with a placeholder (``RULESET``, ``...``), none in a heading."""
    prose = re.sub(r"```.*?```", "", README, flags=re.S)
    prose = "\n".join(line for line in prose.splitlines() if not line.startswith("#"))
    found = []
    for span in re.findall(r"`([^`]+)`", prose):
        words = span.split()
        whole = words[0] == "scorekeeper"
        if whole:
            words = words[1:]
        elif words[0] not in COMMANDS or len(words) == 1:
            continue  # not a command, or a word the table takes ('score'), named in a list
        if not words or "..." in span or re.search(r"\b[A-Z]{3,}\b", span):
            continue
        if "serve" in words:
            continue  # served for real by the sh blocks' test
        found.append(" ".join(words))
    return found


INLINE = _inline_commands()


def test_every_command_named_in_a_sentence_works(tmp_path: Path) -> None:
    """Each command README names in its sentences runs (exit 0, no traceback) on a current
    Doppelkopf match, in the order named."""
    assert {"demo --current", "table", "hand --keys", "rules list"} <= set(INLINE), INLINE
    res = run_cli(tmp_path, "new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk")
    assert res.returncode == 0, res.stderr
    for command in INLINE:
        res = subprocess.run(
            [sys.executable, "-m", "scorekeeper", *shlex.split(command)],
            env=cli_env(tmp_path),
            cwd=tmp_path,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert res.returncode == 0, (command, res.stdout + res.stderr)
        assert "Traceback" not in res.stderr


@pytest.mark.parametrize(
    ("lang", "typed", "said"),
    [
        ("de", "krd hz kaa ka9\nrückgängig\nhilfe\n", ["Stich 1 an Carla", "Zurückgenommen"]),
        ("nl", "klv h10 ra r9\nongedaan\nhulp\n", ["Slag 1 naar Carla", "Teruggedraaid"]),
    ],
)
def test_the_table_takes_the_words_the_readme_gives(
    lang: str, typed: str, said: list[str], tmp_path: Path
) -> None:
    """README's sentence on a German or Dutch table: the cards and commands it gives are
    read by the real ``scorekeeper table --lang de|nl`` through a pipe."""
    shown = " ".join(README.split())
    for line in typed.splitlines():
        assert f"`{line}`" in shown, line
    res = subprocess.run(
        [
            sys.executable,
            "-m",
            "scorekeeper",
            "table",
            "doppelkopf",
            "Anna",
            "Ben",
            "Carla",
            "Dirk",
            "--lang",
            lang,
        ],
        input=typed,
        env=cli_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 0, res.stdout + res.stderr
    for words in said:
        assert words in res.stdout, (words, res.stdout)
    assert res.stderr == "", res.stderr


# ------------------------------------------------------------------ the files the docs name


DOCS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
IN_THE_DATA_FOLDER = {
    "matches/",
    "archive/",
    "rulesets/",
    "cache/",
    "undone/",
    "competitions/",
    "events/",
    "events/NAME.toml",
    "friday-runde1-tisch2.toml",  # a drawn table's match file, named in the event's language
    "vrijdag-ronde1-tafel2.toml",
}
"""Folders and files of a player's data folder, not of the repository."""
GONE = {
    # removed modules a document names on purpose, as history ("went back into ...")
    "docs/architecture.md": {
        "plays.py",
        "games/base.py",
        "contracts.py",
        "cli/plain.py",
        "session/key.py",
        "matchlog/reader.py",
        "cli/entry.py",
        "matchlog/shape.py",
        "rules/common.py",
    },
    "docs/performance.md": {
        "scorekeeper/playing.py",
        "scorekeeper/reasoning.py",
        "tests/test_card_run.py",
        "scorekeeper/matchlog/canonical.py",
        "tests/test_matchlog_canonical.py",
    },
    "docs/security.md": {"snapshots/*.snapshot"},  # the old pickled cache's files, never read
}
"""Names that no longer exist and a document may name as history: each must stay gone."""
OUTSIDE = {"RULINGS.md"}
"""Documents of the project kept outside the repository (the binding rulings)."""


def _named(text: str) -> set[str]:
    """Paths a document names: in backticks, as a Markdown link or image."""
    names = set(re.findall(r"\]\(([^)\s#]+)\)", text))
    for token in re.findall(r"`([^`\s]+)`", text):
        token = token.rstrip(".,;:")
        if not token or token.startswith(("-", "$", "~", "http", ".venv")) or "=" in token or token[0].isdigit():
            continue
        if "/" in token or re.search(r"\.(py|toml|md|png|po|pot|1|5)$", token):
            names.add(token)
    return names


def _exists(name: str, where: Path) -> bool:
    if name in IN_THE_DATA_FOLDER or name.startswith("~") or "<" in name:
        return True
    if "/" not in name and any((ROOT / "scorekeeper").rglob(name)):
        return True  # a module named by its file alone: some package's
    if _found(name, where):
        return True
    # cli/quick._program_is_ours: a function of a module
    return bool(re.fullmatch(r"[\w/]+\.\w+", name)) and _found(
        name.rsplit(".", 1)[0] + ".py", where
    )


def _found(name: str, where: Path) -> bool:
    tries = [
        ROOT / name,
        where.parent / name,
        ROOT / "scorekeeper" / name,
        ROOT / "scorekeeper" / "games" / name,
        ROOT / "bench" / name,
        ROOT / "man" / name,
        ROOT / "tools" / name,
    ]
    for path in tries:
        text = str(path)
        if "{" in text:  # {en,de,nl}
            head, alts, tail = re.match(r"(.*)\{(.*?)\}(.*)", text).groups()  # type: ignore[union-attr]
            if all(glob.glob(head + alt + tail) for alt in alts.split(",")):
                return True
        elif glob.glob(text):
            return True
    return False


@pytest.mark.parametrize("doc", DOCS, ids=[p.name for p in DOCS])
def test_the_docs_name_todays_files(doc: Path) -> None:
    rel = str(doc.relative_to(ROOT))
    gone = GONE.get(rel, set())
    missing = sorted(n for n in _named(doc.read_text("utf-8")) - gone if not _exists(n, doc))
    assert missing == [], f"{rel} names files that do not exist: {missing}"
    for name in gone:
        assert not _exists(name, doc), f"{name} exists again: take it out of GONE"


def test_the_rule_set_files_name_todays_files() -> None:
    """A rule set's and a competition's comments and sources name files that exist."""
    files = [
        *(ROOT / "rulesets").glob("*.toml"),
        *(ROOT / "scorekeeper" / "club" / "competitions").glob("*.toml"),
    ]
    missing = []
    for path in files:
        for name in re.findall(
            r"(?<![\w/.-])((?:[A-Za-z_][\w-]*/)+[\w.-]*|[\w-]+\.(?:py|md))", path.read_text("utf-8")
        ):
            if (
                name in OUTSIDE
                or name.startswith(("http", "www"))
                or ("." not in name and not name.endswith("/"))
            ):
                continue
            if not _exists(name, path):
                missing.append(f"{path.name}: {name}")
    assert missing == []


def test_the_packages_docstrings_name_todays_files() -> None:
    """A file the package's docstrings and comments name (``cards.py`` beside them or at
    the package's top, ``matchlog/files.py``) exists: a module that became a package, or
    went, is renamed in the text too."""
    package = ROOT / "scorekeeper"
    missing = []
    for path in sorted(package.rglob("*.py")):
        wheres = (ROOT, package, package / "games", path.parent, path.parent.parent)
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            for name in re.findall(r"(?<![\w./-])((?:[\w-]+/)*[\w-]+\.py)\b", line):
                if not any((where / name).exists() for where in wheres):
                    missing.append(f"{path.relative_to(ROOT)}:{number}: {name}")
    assert missing == []


def test_the_security_doc_says_whether_an_event_file_can_lead_out(tmp_path: Path) -> None:
    """docs/security.md calls ``events/`` not yet safe to share exactly while an edited event
    file can make ``event enter`` write a match file outside the data folder: when that is
    fixed, this fails until the document says so too."""
    home = tmp_path / "home"
    home.mkdir()
    event, table = drawn_event(home)
    outside = copied_outside(home, table, tmp_path / "outside.toml")
    before = outside.read_bytes()
    lead_out(event, table, "../outside.toml")
    run_cli(home, "event", "enter", "friday", "1", "1", "re=Anna,Carla", "re_points=165")
    escaped = outside.read_bytes() != before
    security = " ".join((ROOT / "docs" / "security.md").read_text("utf-8").split())
    assert escaped == ("**Not yet safe to share:** `events/`" in security), escaped


def _bench_commands(text: str) -> list[tuple[str, list[str]]]:
    """Each ``bench/NAME.py`` a document runs, with the options it gives it (in a code
    span, a code line or a fenced block): ``[("perf.py", ["--only", "--cpu"]), ...]``."""
    found = []
    lines = re.findall(r"`([^`\n]*bench/\w+\.py[^`\n]*)`", " ".join(text.split()))
    lines += [line for line in text.splitlines() if re.match(r"\s*python3? bench/", line)]
    for line in lines:
        for name, rest in re.findall(r"bench/(\w+\.py)((?:\s+[^\s`;]+)*)", line):
            words = rest.split("#", 1)[0]
            found.append((name, re.findall(r"(?<![\w-])(--[a-z][\w-]*)", words)))
    return found


@pytest.mark.parametrize("doc", DOCS, ids=[p.name for p in DOCS])
def test_the_docs_run_benches_with_options_they_take(doc: Path) -> None:
    """A bench a document says to run takes every option the document gives it (the
    option is read by the script: ``"--only"`` stands in its source)."""
    wrong = []
    for name, options in _bench_commands(doc.read_text("utf-8")):
        source = (ROOT / "bench" / name).read_text("utf-8")
        wrong += [f"{name} {o}" for o in options if f'"{o}"' not in source]
    assert wrong == [], f"{doc.name} runs benches with options they do not take: {wrong}"


def test_contributing_maps_every_part_of_the_package() -> None:
    """CONTRIBUTING.md's map of the package names each of its modules and folders
    (``scorekeeper/deals.py``, ``scorekeeper/club/``): a new one is mapped when it comes."""
    text = (ROOT / "CONTRIBUTING.md").read_text("utf-8")
    package = ROOT / "scorekeeper"
    parts = [f"scorekeeper/{p.name}" for p in package.glob("*.py") if not p.name.startswith("__")]
    parts += [
        f"scorekeeper/{p.name}/"
        for p in package.iterdir()
        if p.is_dir() and any(p.glob("*.py")) and not p.name.startswith("__")
    ]
    missing = sorted(p for p in parts if f"`{p}`" not in text)
    assert missing == [], f"CONTRIBUTING.md's map lacks {missing}"
