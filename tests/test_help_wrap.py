"""Every command's ``--help`` in en, de and nl: paragraphs without hard line breaks, and
wrapped between words at any width (issue 27, item 5), run in this process through the
real entry (:func:`scorekeeper.cli.app.typer_main`) at 40, 60, 100 and 200 columns."""

from __future__ import annotations

import re
from collections.abc import Iterator

import click
import pytest
import typer

from scorekeeper.cli import app as cli_app
from scorekeeper.cli.helps import _texts
from scorekeeper.cli.labels import speak
from scorekeeper.text import language

WIDTHS = (40, 60, 100)
BOX = re.compile(r"[│╭╮╰╯─┃━┏┓┗┛]+")


def _paths() -> list[tuple[str, ...]]:
    found: list[tuple[str, ...]] = [()]

    def walk(cmd: click.Command, path: tuple[str, ...]) -> None:
        if getattr(cmd, "hidden", False):
            return
        if path:
            found.append(path)
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(click.Context(cmd)):
                sub = cmd.get_command(click.Context(cmd), name)
                assert sub is not None
                walk(sub, (*path, name))

    walk(typer.main.get_command(cli_app.app), ())
    return sorted(set(found))


PATHS = _paths()


@pytest.fixture(autouse=True)
def _english_after(monkeypatch: pytest.MonkeyPatch, tmp_path: object) -> Iterator[None]:
    monkeypatch.setenv("SCOREKEEPER_HOME", str(tmp_path))
    for name in ("SCOREKEEPER_MATCH", "SCOREKEEPER_LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    yield
    language.reset()
    speak(language.ENGLISH)


def _help(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    path: tuple[str, ...],
    width: int,
) -> str:
    monkeypatch.setenv("COLUMNS", str(width))
    with pytest.raises(SystemExit) as done:
        cli_app.typer_main(["--lang", lang, *path, "--help"])
    out = capsys.readouterr().out
    assert done.value.code in (0, None), out
    return out


def _words(text: str) -> list[str]:
    return BOX.sub(" ", text).split()


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_every_help_wraps_between_words_at_every_width(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """A word of a help at 40, 60 or 100 columns is a word of the same help at 200: a help
    that wrapped inside a word (``hochzei`` / ``t``) would show a piece of one, and so
    would a name or a value's word cut in a narrow column (``$SCOREKEEPER_MAT…``,
    ``--install-c…``) or a usage line click wrapped before rich (``WETTBEWE`` / ``RB``):
    a panel too narrow for its rows side by side shows each row's help below its names."""
    broken = []
    for path in PATHS:
        whole = set(_words(_help(capsys, monkeypatch, lang, path, 200)))
        for width in WIDTHS:
            out = _help(capsys, monkeypatch, lang, path, width)
            assert max(len(line) for line in out.splitlines()) <= width, (path, width)
            assert "…" not in out, (path, width, out)  # rich cut a word it could not fit
            pieces = [w for w in _words(out) if w not in whole]
            if pieces:
                broken.append((" ".join(path), width, pieces[:5]))
    assert not broken, broken


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_no_help_paragraph_carries_a_hard_line_break(lang: str) -> None:
    """Every help text of every command, as the help shows it in ``lang``: a line break
    inside a paragraph only before an example or a label (``Beispiele:``)."""
    command = typer.main.get_command(cli_app.app)
    if lang == language.ENGLISH:
        from scorekeeper.cli.helps import flow_helps

        flow_helps(command)
    else:
        from scorekeeper.cli.helps import translate_helps

        translate_helps(command, lang)
    seen = 0
    for owner, attr in _texts(command):
        text = getattr(owner, attr, None)
        if not isinstance(text, str):
            continue
        seen += 1
        for paragraph in text.split("\n\n"):
            for line in paragraph.split("\n")[1:]:
                assert re.match(r"^(\||[^\s:]+:\s|scorekeeper\s)", line), (lang, text)
    assert seen > 100
