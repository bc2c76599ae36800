"""The quick path (``scorekeeper.cli.quick``) answers exactly as Typer does.

The table's commands run without Typer when their command line is plain. These tests hold
the quick path to the Typer app: its table of parameters is the app's own, its reading of a
command line is click's, and a real ``scorekeeper`` process answers every command line
(legal and illegal plays, unknown cards, wrong players, --json, errors, odd spellings,
non-UTF-8 bytes, a closed pipe) with the same output, exit code and match file either way
(``SCOREKEEPER_QUICK=off`` makes Typer run everything).
"""

from __future__ import annotations

import inspect
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import click
import pytest
from cli_helpers import PLAYERS, cli_env, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.main import get_command

from scorekeeper.cli import quick, work
from scorekeeper.cli.app import app
from scorekeeper.text import language

GROUP = get_command(app)
assert isinstance(GROUP, click.Group)
for _param in GROUP.params:
    if _param.name == "lang":
        _param.callback = None  # read --lang without switching this process's language


# ---------------------------------------------------------------------- the table
def _kind(param: click.Option) -> str:
    if param.is_flag:
        return quick.FLAG
    if param.multiple:
        return quick.MANY
    if isinstance(param.type, click.types.IntParamType):
        return quick.INT
    if isinstance(param.type, click.types.FloatParamType):
        return quick.FLOAT
    return quick.PATH if isinstance(param.type, click.Path) else quick.VALUE


def _argument_kind(param: click.Argument) -> str:
    return quick.PATH if isinstance(param.type, click.Path) else quick.VALUE


@pytest.mark.parametrize("name", sorted(quick.COMMANDS))
def test_the_quick_table_is_the_typer_apps_parameters(name: str) -> None:
    command = GROUP.commands[name]
    arguments = tuple(
        (p.name, p.nargs == -1, p.required, _argument_kind(p))
        for p in command.params
        if isinstance(p, click.Argument)
    )
    options = {
        spelling: (p.name, _kind(p))
        for p in command.params
        if isinstance(p, click.Option)
        for spelling in (*p.opts, *p.secondary_opts)
    }
    defaults = {
        p.name: p.default
        for p in command.params
        if isinstance(p, click.Option) and p.default not in (None, False)
    }
    assert quick.COMMANDS[name] == quick.Command(arguments, options, defaults)
    for p in command.params:
        # what the quick path takes for granted: one value per option, no environment
        # variable, single arguments before the one that takes the rest
        assert p.nargs in (1, -1) and p.envvar is None
        if isinstance(p, click.Option):
            assert not p.count and p.nargs == 1 and not p.secondary_opts
        if isinstance(p.type, click.Path):
            t = p.type
            assert (t.exists, t.file_okay, t.dir_okay, t.readable, t.writable) == (
                False,
                True,
                True,
                True,
                False,
            )
            assert not t.allow_dash and not t.resolve_path and not t.executable
    assert not command.context_settings.get("ignore_unknown_options")
    # the same work runs: its parameters are the command's
    assert list(inspect.signature(getattr(work, name)).parameters) == [
        p.name for p in command.params
    ]


def test_the_apps_own_options_are_lang_and_what_the_quick_path_leaves_to_typer() -> None:
    names = {p.name for p in GROUP.params}
    assert names == {"lang", "version", "install_completion", "show_completion"}
    lang = next(p for p in GROUP.params if p.name == "lang")
    assert isinstance(lang, click.Option) and lang.opts == ["--lang"] and not lang.multiple


# ---------------------------------------------------------------------- click's reading
_TOKENS = st.sampled_from(
    [
        *quick.COMMANDS,
        "new",
        "check",
        "--match",
        "-m",
        "--match=m.toml",
        "-mm.toml",
        "-m=m.toml",
        "m.toml",
        "--json",
        "--json=1",
        "--chart",
        "--all",
        "--keys",
        "--strict",
        "-a",
        "--action",
        "--action=Anna re",
        "Anna re",
        "--port",
        "--port=0",
        "8737",
        "+5",
        "1_0",
        "--stop-after=2.5",
        "--lan",
        "--lang",
        "--lang=de",
        "--lang=xx",
        "de",
        "nl",
        "--",
        "-",
        "-h",
        "--help",
        "--version",
        "-x",
        "-5",
        "QC",
        "Ben",
        "re",
        "re=Anna,Carla",
        "",
        " ",
    ]
)


def _click_reads(argv: list[str]) -> tuple[str, str | None, dict[str, Any]] | None:
    """(command, --lang, parameters) as the Typer app's click commands read ``argv``."""
    try:
        ctx = GROUP.make_context("scorekeeper", list(argv))
        name, command, rest = GROUP.resolve_command(ctx, [*ctx._protected_args, *ctx.args])
        assert command is not None and name is not None
        sub = command.make_context(name, rest, parent=ctx)
    except click.exceptions.Exit:
        return None
    except click.ClickException:
        return None
    finally:
        language.reset()
    params = {k: _plain(v) for k, v in sub.params.items()}
    return name, ctx.params["lang"], params


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return list(value) or None
    return value


@settings(max_examples=400, deadline=None)
@given(st.lists(_TOKENS, max_size=8))
def test_what_the_quick_path_reads_click_reads_the_same(
    argv: list[str],
) -> None:
    """Every command line the quick path takes, click takes too, with the same values;
    the quick path may leave any command line to Typer."""
    read = quick.parse(argv)
    if read is None:
        return
    name, lang, params = read
    assert _click_reads(argv) == (
        name,
        lang,
        {k: str(v) if isinstance(v, Path) else v for k, v in params.items()},
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "QC"],
        ["--lang", "de", "play", "Ben", "QC", "--json"],
        ["--lang=nl", "status", "-m", "x.toml"],
        ["play", "QC", "--match=x.toml", "--match", "y.toml"],
        ["announce", "Ben", "re", "no90"],
        ["hand", "re=Anna", "-a", "Anna re", "--action=Ben re", "--keys"],
        ["hand"],
        ["score", "--all", "--chart", "--json", "--json"],
        ["undo"],
        ["serve", "--port", "0", "--stop-after", "2.5", "--lan", "-m", "x.toml"],
    ],
)
def test_plain_command_lines_are_the_quick_paths(argv: list[str]) -> None:
    assert quick.parse(argv) is not None


_TYPER_LOADED = """
import runpy, sys
sys.argv = ["scorekeeper", *sys.argv[1:]]
try:
    runpy.run_module("scorekeeper", run_name="__main__")
finally:
    sys.stderr.write("typer loaded" if "typer" in sys.modules else "no typer")
"""


@pytest.mark.parametrize(
    ("value", "typer"), [("off", True), (" NO ", True), ("0", True), ("", False), ("on", False)]
)
def test_scorekeeper_quick_off_runs_typer(
    tmp_path: Path, matches: dict[str, Path], value: str, typer: bool
) -> None:
    """The switch the comparisons rely on: off, Typer runs the command; else it does not."""
    path = tmp_path / "m.toml"
    shutil.copyfile(matches["mid"], path)
    res = subprocess.run(
        [sys.executable, "-c", _TYPER_LOADED, "status", "-m", str(path)],
        env=cli_env(tmp_path / "home", extra={"SCOREKEEPER_QUICK": value}),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 0, res.stderr
    assert res.stderr.endswith("typer loaded" if typer else "no typer"), res.stderr


def test_serve_starts_on_the_quick_path(tmp_path: Path, matches: dict[str, Path]) -> None:
    """``serve`` answers without Typer, click's app or rich (about 0.05 CPU s of its start)."""
    pytest.importorskip("uvicorn", reason="the serve extra is not installed")
    path = tmp_path / "m.toml"
    shutil.copyfile(matches["mid"], path)
    args = ["serve", "-m", str(path), "--port", "0", "--stop-after", "0.5"]
    res = subprocess.run(
        [sys.executable, "-c", _TYPER_LOADED, *args],
        env=cli_env(tmp_path / "home"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 0, res.stderr
    assert "http://127.0.0.1:" in res.stdout and res.stderr.endswith("no typer"), res.stderr


def test_serve_on_a_port_taken_answers_the_same_either_way(
    tmp_path: Path, matches: dict[str, Path]
) -> None:
    pytest.importorskip("uvicorn", reason="the serve extra is not installed")
    import socket

    path = tmp_path / "m.toml"
    shutil.copyfile(matches["mid"], path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = str(taken.getsockname()[1])
        args: list[str | bytes] = ["serve", "-m", str(path), "--port", port, "--stop-after", "1"]
        quick_on, typer = (_run(tmp_path / "home", args, {}, on) for on in (True, False))
    assert quick_on == typer
    assert quick_on[0] == 1 and f"Port {port} is taken".encode() in quick_on[2], quick_on


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["play"],
        ["play", "--", "QC"],
        ["play", "-h"],
        ["play", "QC", "--help"],
        ["play", "QC", "-mx.toml"],
        ["play", "QC", "-m"],
        ["play", "QC", "--match="],
        ["play", "QC", "--json=yes"],
        ["play", "QC", "--lang", "de"],  # a second --lang after the command
        ["--lang", "xx", "play", "QC"],
        ["--lang", "play", "QC"],
        ["--version"],
        ["announce", "Ben"],
        ["undo", "now"],
        ["status", "-"],
        ["play", "Q\udcff"],
        ["table"],
        ["rules", "list"],
        ["serve", "--port", "+5"],
        ["serve", "--port", "1_0"],
        ["serve", "--port", "2.5"],
        ["serve", "--stop-after", "1e3"],
    ],
)
def test_anything_else_is_left_to_typer(argv: list[str]) -> None:
    assert quick.parse(argv) is None


# ---------------------------------------------------------------------- real processes
def _run(
    home: Path, args: list[str | bytes], env: dict[str, str], quick_on: bool
) -> tuple[int, bytes, bytes]:
    shutil.rmtree(home, ignore_errors=True)
    extra = dict(env) if quick_on else {**env, "SCOREKEEPER_QUICK": "off"}
    res = subprocess.run(
        [sys.executable, "-m", "scorekeeper", *args],
        env=cli_env(home, extra=extra),
        capture_output=True,
        timeout=60,
    )
    return res.returncode, res.stdout, res.stderr


@pytest.fixture(scope="module")
def matches(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Four matches: in the middle of a hand, between hands, German, and Klaverjassen."""
    folder = tmp_path_factory.mktemp("quick")
    home = folder / "home"
    found = {name: folder / f"{name}.toml" for name in ("mid", "fresh", "de", "kj")}
    res = run_cli(home, "demo", "--current", "--hands", "2", "--match", found["mid"])
    assert res.returncode == 0, res.stderr
    assert run_cli(home, "play", "QC", "--match", found["mid"]).returncode == 0
    res = run_cli(home, "new", "doppelkopf", *PLAYERS, "--match", found["fresh"])
    assert res.returncode == 0, res.stderr
    res = run_cli(home, "new", "doppelkopf", *PLAYERS, "--lang", "de", "--match", found["de"])
    assert res.returncode == 0, res.stderr
    assert run_cli(home, "play", "Kreuz", "Dame", "--match", found["de"]).returncode == 0
    res = run_cli(home, "new", "klaverjassen", *PLAYERS, "--match", found["kj"])
    assert res.returncode == 0, res.stderr
    found["broken"] = folder / "broken.toml"  # edited by hand: a card played twice, a stray key
    text = found["mid"].read_text()
    found["broken"].write_text(text.replace("QC", "QC QC", 1) + 'junk = "x"\n')
    return found


M = "{match}"
CASES: list[tuple[str, list[str | bytes], dict[str, str]]] = [
    ("mid", ["play", "10H", "-m", M], {}),
    ("mid", ["play", "Anna", "10H", "-m", M], {}),
    ("mid", ["play", "Ben", "10H", "-m", M], {}),  # not Ben's turn
    ("mid", ["play", "Zed", "10H", "-m", M], {}),  # nobody at the table
    ("mid", ["play", "XQ", "-m", M], {}),  # no such card
    ("mid", ["play", "Anna", "10H", "AD", "-m", M], {}),
    ("mid", ["play", "10H", "--json", "-m", M], {}),
    ("mid", ["play", "--json", "XQ", "-m", M], {}),
    ("mid", ["play", "10H", f"--match={M}"], {}),
    ("mid", ["-m", M, "play", "10H"], {}),
    ("mid", ["play", "-m", M, "10H"], {}),
    ("mid", ["play", "10H", "-m", "nowhere.toml", "--match", M], {}),
    ("mid", ["play", "10H", "-m", M, "--json", "--json"], {}),
    ("mid", ["play", "-m", M], {}),
    ("mid", ["play", "10H", f"-m{M}"], {}),
    ("mid", ["play", "--", "10H", "-m", M], {}),
    ("mid", ["play", "10H", "-x", "-m", M], {}),
    ("mid", ["play", "10H", "-h"], {}),
    ("mid", ["play", "10H", "--json=1", "-m", M], {}),
    ("mid", ["play", "10H", "-m", M, "--lang", "de"], {}),
    ("mid", ["play", "10H", "-m", M, "--lang=xx"], {}),
    ("mid", ["--lang", "nl", "play", "Anna", "10H", "-m", M], {}),
    ("mid", ["play", b"\xff", "-m", M], {}),
    ("mid", ["play", "10H", "-m", b"/nowhere/\xff.toml"], {}),
    ("mid", ["play", "10H", "-m", "/nowhere/x.toml"], {}),
    ("mid", ["play", "10H"], {"SCOREKEEPER_MATCH": M}),
    ("mid", ["play", "10H", "-m", M], {"SCOREKEEPER_LOCK_WAIT": "soon"}),
    ("mid", ["trick", "10H", "AD", "9D", "-m", M], {}),
    ("mid", ["trick", "10H", "10H", "-m", M], {}),
    ("mid", ["trick", "-m", M], {}),
    ("mid", ["trick", "10H", "AD", "9D", "QS", "--json", "-m", M], {}),
    ("mid", ["announce", "Anna", "re", "-m", M], {}),
    ("mid", ["announce", "Anna", "contra", "no90", "--json", "-m", M], {}),
    ("mid", ["announce", "Zed", "re", "-m", M], {}),
    ("mid", ["announce", "Anna", "-m", M], {}),
    ("mid", ["declare", "Anna", "wedding", "-m", M], {}),
    ("mid", ["act", "Anna 10H", "Ben AD", "-m", M], {}),
    ("mid", ["act", "Anna 10H", "Ben nonsense", "-m", M], {}),
    ("mid", ["deal", "Anna=QC", "-m", M], {}),
    ("mid", ["deal", "Anna", "-m", M], {}),
    ("mid", ["hand", "re=Anna,Carla", "re_points=165", "-m", M], {}),
    ("mid", ["undo", "-m", M], {}),
    ("mid", ["undo", "--json", "-m", M], {}),
    ("mid", ["undo", "again", "-m", M], {}),
    ("mid", ["status", "-m", M], {}),
    ("mid", ["status", "--json", "-m", M], {}),
    ("mid", ["status", "-m", M], {"LANG": "de_DE.UTF-8"}),
    ("mid", ["status", "-m", M], {"SCOREKEEPER_LANG": "nl"}),
    ("mid", ["status", "--lang", "de", "--json", "-m", M], {}),
    ("mid", ["score", "-m", M], {}),
    ("mid", ["score", "--chart", "--all", "-m", M], {}),
    ("mid", ["score", "--json", "-m", M], {}),
    ("mid", ["score", "--all=yes", "-m", M], {}),
    ("mid", ["score", "-m", M], {"SCOREKEEPER_DEBUG": "1"}),
    ("mid", ["score", "-m", M], {"COLUMNS": "30"}),
    ("mid", ["status", "-m", M], {"LC_ALL": "C"}),
    ("mid", ["status", "-m", M], {"PYTHONIOENCODING": "ascii"}),
    ("mid", ["play", "10H", "-m", M], {"PYTHONIOENCODING": "latin-1"}),
    ("de", ["status", "-m", M], {"PYTHONIOENCODING": "ascii"}),
    ("mid", ["status", "-m", M], {"_SCOREKEEPER_COMPLETE": "complete_bash"}),
    ("fresh", ["hand", "re=Anna,Carla", "re_points=165", "-m", M], {}),
    ("fresh", ["hand", "re=Anna,Carla", "re_points=165", "-a", "Anna re", "-m", M], {}),
    ("fresh", ["hand", "re=Anna,Carla", "re_points=165", "--json", "-m", M], {}),
    ("fresh", ["hand", "re=Anna,Carla", "re_points=999", "-m", M], {}),
    ("fresh", ["hand", "-m", M], {}),
    ("fresh", ["hand", "--keys", "-m", M], {}),
    ("fresh", ["hand", "--keys", "--json", "-m", M], {}),
    ("fresh", ["undo", "-m", M], {}),
    ("fresh", ["deal", "Anna=QC QC", "Ben=10H", "-m", M], {}),
    ("fresh", ["status", "-m", M], {}),
    ("de", ["play", "Herz", "Zehn", "-m", M], {}),
    ("de", ["play", "Pik", "Unsinn", "-m", M], {}),
    ("de", ["announce", "Ben", "Kontra", "-m", M], {}),
    ("de", ["status", "-m", M], {}),
    ("de", ["status", "--lang", "en", "-m", M], {}),
    ("de", ["score", "-m", M], {}),
    ("de", ["undo", "-m", M], {}),
    ("mid", ["check", M], {}),
    ("mid", ["check", "--json", M], {}),
    ("mid", ["check", M, "--strict"], {}),
    ("mid", ["check", "/nowhere/x.toml"], {}),
    ("mid", ["check", "/tmp"], {}),
    ("mid", ["check", M, M], {}),
    ("mid", ["check"], {}),
    ("mid", ["check", "-m", M], {}),
    ("broken", ["check", M], {}),
    ("broken", ["check", "--json", M], {}),
    ("broken", ["status", "-m", M], {}),
    ("broken", ["play", "10H", "-m", M], {}),
    ("kj", ["hand", "playing=Anna", "trump=hearts", "points=100", "roem=0", "-m", M], {}),
    ("kj", ["hand", "--keys", "-m", M], {}),
    ("kj", ["act", "Ben pass", "-m", M], {}),
    ("kj", ["play", "JH", "-m", M], {}),
    ("kj", ["status", "-m", M], {}),
    ("kj", ["status", "--json", "-m", M], {}),
    ("kj", ["score", "-m", M], {}),
    ("kj", ["undo", "-m", M], {}),
]


@pytest.mark.parametrize(
    ("which", "args", "env"), CASES, ids=[f"{w}:{' '.join(map(str, a))}:{e}" for w, a, e in CASES]
)
def test_a_command_answers_the_same_with_and_without_typer(
    tmp_path: Path,
    matches: dict[str, Path],
    which: str,
    args: list[str | bytes],
    env: dict[str, str],
) -> None:
    path = tmp_path / "m.toml"
    words = [a.replace(M, str(path)) if isinstance(a, str) else a for a in args]
    env = {k: v.replace(M, str(path)) for k, v in env.items()}
    answers = []
    for quick_on in (True, False):
        shutil.copyfile(matches[which], path)
        answers.append((*_run(tmp_path / "home", words, env, quick_on), path.read_bytes()))
    (rc, out, err, after), typer = answers
    assert b"Traceback" not in err, err.decode("utf-8", "replace")
    assert (rc, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")) == (
        typer[0],
        typer[1].decode("utf-8", "replace"),
        typer[2].decode("utf-8", "replace"),
    )
    assert (out, err, after) == typer[1:]


def test_a_closed_pipe_ends_quietly_either_way(tmp_path: Path, matches: dict[str, Path]) -> None:
    path = tmp_path / "m.toml"
    answers = []
    for quick_on in (True, False):
        shutil.copyfile(matches["mid"], path)
        env = {} if quick_on else {"SCOREKEEPER_QUICK": "off"}
        proc = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", "play", "10H", "-m", str(path)],
            env=cli_env(tmp_path / f"home{quick_on}", extra=env),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()  # nobody reads: every write fails with EPIPE
        err = proc.stderr.read()
        proc.stderr.close()
        answers.append((proc.wait(timeout=60), err, path.read_bytes()))
    assert answers[0] == answers[1]
    assert answers[0][0] == 141 and answers[0][1] == b""


@pytest.mark.parametrize("args", [["status"], ["play", "10H"], ["play", "XQ"], ["score"]])
def test_a_terminal_gets_the_same_colours_either_way(
    tmp_path: Path, matches: dict[str, Path], args: list[str]
) -> None:
    """In a terminal rich draws the lines: the same bytes on both paths."""
    import pty

    path = tmp_path / "m.toml"
    answers = []
    for quick_on in (True, False):
        shutil.copyfile(matches["mid"], path)
        env = {"COLUMNS": "80", "TERM": "xterm-256color"}
        env.update({} if quick_on else {"SCOREKEEPER_QUICK": "off"})
        main, secondary = pty.openpty()
        proc = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper", *args, "-m", str(path)],
            env=cli_env(tmp_path / "home", extra=env),
            stdout=secondary,
            stderr=secondary,
        )
        os.close(secondary)
        out = b""
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:  # the other end closed
                break
            if not chunk:
                break
            out += chunk
        os.close(main)
        answers.append((proc.wait(timeout=60), out, path.read_bytes()))
    assert answers[0] == answers[1]
    assert b"Traceback" not in answers[0][1]


_MAIN = """
import sys
sys.argv = ["scorekeeper", *sys.argv[2:]]
from {module} import main
main()
"""


@pytest.mark.parametrize("args", [["status"], ["play", "10H"], ["play", "-h"], ["score", "-x"]])
def test_the_console_script_and_the_apps_main_answer_alike(
    tmp_path: Path, matches: dict[str, Path], args: list[str]
) -> None:
    """``scorekeeper`` (the console script, :mod:`scorekeeper.__main__`) and the old entry
    point ``scorekeeper.cli.app:main`` give the same answers."""
    text = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text()
    assert 'scorekeeper = "scorekeeper.__main__:main"' in text
    path = tmp_path / "m.toml"
    answers = []
    for module in ("scorekeeper.__main__", "scorekeeper.cli.app"):
        shutil.copyfile(matches["mid"], path)
        res = subprocess.run(
            [sys.executable, "-c", _MAIN.format(module=module), "scorekeeper", *args],
            env=cli_env(tmp_path / "home", path),
            capture_output=True,
            timeout=60,
        )
        answers.append((res.returncode, res.stdout, res.stderr, path.read_bytes()))
    assert answers[0] == answers[1]
    assert b"Traceback" not in answers[0][2]


# ---------------------------------------------------------------------- a quick ending
class _Ended(Exception):
    """os._exit, caught: the process would have ended here with this code."""


@pytest.mark.parametrize(
    ("program", "callbacks", "code", "ends"),
    [
        ("python -m", 0, 0, 0),
        ("python -m", 0, 1, 1),
        ("python -m", 0, None, 0),
        ("console script", 0, 141, 141),
        ("python -m", 1, 0, None),  # an atexit callback waits: Python ends as usual
        ("python -m", 0, "bye", None),  # a message to print: Python prints it
        ("other code", 0, 0, None),  # code that ran scorekeeper goes on after it
    ],
)
def test_the_process_ends_at_once_only_when_nothing_follows(
    monkeypatch: pytest.MonkeyPatch,
    program: str,
    callbacks: int,
    code: int | str | None,
    ends: int | None,
) -> None:
    import atexit
    import types

    from scorekeeper import __main__ as the_program
    from scorekeeper.cli import quick

    main = types.ModuleType("__main__")
    if program == "python -m":
        main.__spec__ = types.SimpleNamespace(name="scorekeeper.__main__")  # type: ignore[assignment]
    elif program == "console script":
        main.main = the_program.main  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "__main__", main)
    monkeypatch.setattr(atexit, "_ncallbacks", lambda: callbacks)

    def ended(status: int) -> None:
        raise _Ended(status)

    monkeypatch.setattr(os, "_exit", ended)
    if ends is None:
        quick.exit_now(SystemExit(code))  # returns: Python's own ending follows
    else:
        with pytest.raises(_Ended) as info:
            quick.exit_now(SystemExit(code))
        assert info.value.args == (ends,)
