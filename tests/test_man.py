"""man/scorekeeper.1 and the CLI cannot drift apart: every command and long option is
documented, every documented command exists, and groff reads the page without warnings."""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
from pathlib import Path

import click
import pytest
import typer

from scorekeeper.cli.app import app

MAN = Path(__file__).resolve().parents[1] / "man" / "scorekeeper.1"


def _commands() -> dict[str, click.Command]:
    """Every runnable command by the words that invoke it, e.g. "rules show"."""
    found: dict[str, click.Command] = {}

    def walk(cmd: click.Command, path: tuple[str, ...]) -> None:
        if getattr(cmd, "hidden", False):
            return
        if isinstance(cmd, click.Group):
            ctx = click.Context(cmd)
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                assert sub is not None
                walk(sub, (*path, name))
        else:
            found[" ".join(path)] = cmd

    walk(typer.main.get_command(app), ())
    return found


def _long_options(cmd: click.Command) -> set[str]:
    opts: set[str] = set()
    for param in cmd.params:
        if isinstance(param, click.Option) and not param.hidden:
            opts.update(o for o in (*param.opts, *param.secondary_opts) if o.startswith("--"))
    opts.discard("--help")
    return opts


def _plain(roff: str) -> str:
    """The page's text with the roff escapes that matter here undone."""
    text = re.sub(r"\\f[BIRP]|\\f\(..|\\&|\\%", "", roff)
    text = text.replace("\\-", "-").replace("\\(dq", '"').replace("\\e", "\\")
    return text


def _sections(level: str) -> dict[str, str]:
    """The body of each ``.SH`` or ``.SS`` section by its (unquoted) heading."""
    lines = _plain(MAN.read_text(encoding="utf-8")).splitlines()
    out: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in lines:
        if line.startswith((".SH ", ".SS ")):
            current = None
            if line.startswith(level + " "):
                heading = line[len(level) + 1 :].strip().strip('"')
                assert heading not in out, f"{level} {heading!r} appears twice"
                current = out[heading] = []
            continue
        if current is not None:
            current.append(line)
    return {k: "\n".join(v) for k, v in out.items()}


def _documented() -> dict[str, str]:
    """``.SS`` bodies by the command words of their heading ("rules show RULESET" ->
    "rules show"): the leading words in lower case, before the first argument."""
    out: dict[str, str] = {}
    for heading, body in _sections(".SS").items():
        words = []
        for word in heading.split():
            if not re.fullmatch(r"[a-z][a-z0-9-]*", word):
                break
            words.append(word)
        out[" ".join(words)] = body
    return out


COMMANDS = _commands()


def test_the_cli_has_the_expected_shape() -> None:
    # guards the introspection itself: the walk must find the sub-app's commands
    assert {"new", "play", "trick", "score", "rules list", "rules show"} <= COMMANDS.keys()
    assert "rules" not in COMMANDS


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_is_documented_with_its_options(name: str) -> None:
    documented = _documented()
    assert name in documented, f"man/scorekeeper.1 has no .SS section for {name!r}"
    body = documented[name]
    for option in sorted(_long_options(COMMANDS[name])):
        assert re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", body), (
            f"{name}: option {option} is not described in its .SS section"
        )
    assert re.search(rf"^\$? ?scorekeeper {re.escape(name)}\b", body, re.M), (
        f"{name}: no example line starting 'scorekeeper {name}'"
    )


def test_every_documented_command_exists() -> None:
    extra = sorted(set(_documented()) - set(COMMANDS))
    assert not extra, f"documented in man/scorekeeper.1 but not in the CLI: {extra}"


def test_documented_option_is_real() -> None:
    """No .SS section describes an option its command does not have."""
    for name, body in _documented().items():
        if name not in COMMANDS:
            continue
        real = _long_options(COMMANDS[name]) | {"--help"}
        lines = body.splitlines()
        tags = [line for prev, line in itertools.pairwise(lines) if prev == ".TP"]
        for tag in tags:
            for option in re.findall(r"(?<![\w-])--[a-z][\w-]*", tag):
                assert option in real, f"{name}: documents {option}, which the command lacks"


def test_page_layout() -> None:
    text = MAN.read_text(encoding="utf-8")
    assert re.search(r"^\.TH SCOREKEEPER 1 ", text, re.M)
    headings = list(_sections(".SH"))
    expected = [
        "NAME",
        "SYNOPSIS",
        "DESCRIPTION",
        "COMMANDS",
        "OPTIONS",
        "ENVIRONMENT",
        "FILES",
        "EXIT STATUS",
        "EXAMPLES",
        "SEE ALSO",
    ]
    assert [h for h in headings if h in expected] == expected, headings
    sections = _sections(".SH")
    for name in ("--match", "--json", "--set"):
        assert name in sections["OPTIONS"], name
    for var in ("SCOREKEEPER_HOME", "SCOREKEEPER_MATCH", "SCOREKEEPER_DEBUG", "XDG_DATA_HOME"):
        assert re.search(rf"^\.B {var}$", sections["ENVIRONMENT"], re.M), var
    for status in ("0", "1", "2", "70"):
        assert re.search(rf"^\.B {status}$", sections["EXIT STATUS"], re.M), status
    assert "scorekeeper-match (5)" in sections["SEE ALSO"]
    assert "scorekeeper new " in sections["EXAMPLES"]


def test_environment_variables_are_the_ones_the_code_reads() -> None:
    import scorekeeper

    root = Path(scorekeeper.__file__).resolve().parent
    used = set()
    for path in root.rglob("*.py"):
        used |= set(re.findall(r"\b(SCOREKEEPER_[A-Z_]+|XDG_DATA_HOME)\b", path.read_text()))
    documented = set(re.findall(r"^\.B ([A-Z_]+)$", _sections(".SH")["ENVIRONMENT"], re.M))
    assert used <= documented, used - documented


@pytest.mark.skipif(shutil.which("groff") is None, reason="groff is not installed")
def test_groff_reads_the_page_without_warnings() -> None:
    res = subprocess.run(
        ["groff", "-man", "-Tutf8", "-ww", "-z", str(MAN)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 0, res.stderr
    assert res.stderr == "", res.stderr
