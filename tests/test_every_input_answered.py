"""What a new user met at the command line (issue 15, "every bad input answered"), each
through the real command in its own data folder: a closed pipe, an export to a folder,
an ASCII terminal, a file name that cannot name a match, bytes that are not UTF-8, a card
nothing is near, a broken file in the list, and one of a thing said as one."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from cli_helpers import cli_env, run_cli, snapshot
from table_helpers import drive, new_match, piped

SIGPIPE_EXIT = 141


def _ok(home: Path, *args: str | Path, env: dict[str, str] | None = None) -> str:
    res = run_cli(home, *args, env=env)
    assert res.returncode == 0, res.stderr
    return res.stdout


def _demo(home: Path, game: str = "doppelkopf", hands: int = 2) -> Path:
    path = home / f"{game}-{hands}.toml"
    _ok(home, "demo", "--current", game, "--hands", str(hands), "--seed", "3", "--match", path)
    return path


def _into_closed_pipe(home: Path, *args: str | Path) -> subprocess.CompletedProcess[bytes]:
    """Run a command whose standard output is a pipe nobody reads any more."""
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first line is printed
    try:
        return subprocess.run(
            [sys.executable, "-m", "scorekeeper", *map(str, args)],
            env=cli_env(home),
            stdout=write,
            stderr=subprocess.PIPE,
            timeout=60,
        )
    finally:
        os.close(write)


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("home")
    _demo(home, "doppelkopf", 4)
    return home


@pytest.mark.parametrize(
    "args",
    [
        ("matches",),
        ("matches", "--json"),
        ("status",),
        ("score", "--chart"),
        ("export",),
        ("export", "-f", "csv"),
        ("export", "-f", "html"),
        ("rules", "show", "doppelkopf"),
        ("rules", "list"),
        ("explain", "doppelkopf", "scoring"),
        ("stats",),
        ("--help",),
        ("new", "--help"),
        ("--version",),
    ],
)
def test_a_closed_pipe_ends_quietly(home: Path, args: tuple[str, ...]) -> None:
    res = _into_closed_pipe(home, *args)
    assert res.stderr == b"", res.stderr.decode()
    assert res.returncode == SIGPIPE_EXIT


def test_a_command_that_records_writes_before_the_pipe_closes(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    res = _into_closed_pipe(
        tmp_path, "new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk", "-m", path
    )
    assert (res.returncode, res.stderr) == (SIGPIPE_EXIT, b"")
    res = _into_closed_pipe(tmp_path, "trick", "QC", "10H", "AD", "9D", "-m", path)
    assert (res.returncode, res.stderr) == (SIGPIPE_EXIT, b"")
    assert "Ben QC" in path.read_text(encoding="utf-8")
    assert json.loads(_ok(tmp_path, "status", "--json", "-m", path))["cards_played"] == 4


def test_a_reader_that_stops_early_ends_the_command_quietly(tmp_path: Path) -> None:
    # 'scorekeeper export | head -c 100': more output than a pipe holds, read in part
    path = _demo(tmp_path, "doppelkopf", 40)
    proc = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "export", "-m", str(path)],
        env=cli_env(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert len(proc.stdout.read(100)) == 100
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == SIGPIPE_EXIT
    assert err == b""
    assert len(_ok(tmp_path, "export", "-m", path)) > 200_000  # more than any pipe buffer


@pytest.mark.parametrize("fmt", ["html", "csv"])
def test_export_to_a_folder_is_refused_naming_it(tmp_path: Path, fmt: str) -> None:
    path = _demo(tmp_path)
    folder = tmp_path / "out"
    folder.mkdir()
    res = run_cli(tmp_path, "export", "-f", fmt, "-o", folder, "-m", path)
    assert res.returncode == 1
    assert f"{folder} is a folder" in res.stderr
    assert ".tmp" not in res.stderr and "Traceback" not in res.stderr
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize("fmt", ["markdown", "json"])
def test_export_into_a_missing_folder_is_refused_and_makes_none(tmp_path: Path, fmt: str) -> None:
    path = _demo(tmp_path)
    target = tmp_path / "no" / "such" / "x.out"
    res = run_cli(tmp_path, "export", "-f", fmt, "-o", target, "-m", path)
    assert res.returncode == 1
    assert f"the folder {target.parent} does not exist" in res.stderr
    assert not (tmp_path / "no").exists()
    # refused before the match is read (a long match takes a while to read)
    res = run_cli(tmp_path, "export", "-f", fmt, "-o", target, "-m", tmp_path / "none.toml")
    assert res.returncode == 1 and "does not exist; nothing was written" in res.stderr


def test_export_that_cannot_be_written_names_the_users_file(tmp_path: Path) -> None:
    path = _demo(tmp_path)
    target = Path("/proc/scorekeeper-export.csv")  # a folder nobody may write in, not even root
    if not Path("/proc/self").is_dir():
        pytest.skip("no /proc here")
    res = run_cli(tmp_path, "export", "-f", "csv", "-o", target, "-m", path)
    assert res.returncode == 1
    assert f"{target} cannot be written" in res.stderr and ".tmp" not in res.stderr


ASCII = {"PYTHONIOENCODING": "ascii", "LANG": "C", "LC_ALL": "C"}


def test_an_ascii_terminal_prints_a_dutch_trump_choice_once_saved(tmp_path: Path) -> None:
    path = tmp_path / "kj.toml"
    _ok(tmp_path, "new", "klaverjassen", "Anna", "Ben", "Carla", "Dirk", "--lang", "nl", "-m", path)
    _ok(tmp_path, "act", "Ben pas", "-m", path)
    out = _ok(tmp_path, "act", "Carla troef harten", "-m", path, env=ASCII)
    assert out.isascii() and "Carla" in out
    text = path.read_text(encoding="utf-8")
    assert text.count("Carla trump hearts") == 1


def test_the_table_session_prints_on_an_ascii_terminal(tmp_path: Path) -> None:
    path = tmp_path / "kj.toml"
    _ok(tmp_path, "new", "klaverjassen", "Anna", "Ben", "Carla", "Dirk", "--lang", "nl", "-m", path)
    res = piped(tmp_path, path, b"pas\ntroef harten\nstatus\nscore\nquit\n", env=ASCII)
    assert res.returncode == 0, res.stderr.decode()
    assert res.stdout.isascii() and res.stderr == b""
    assert b"Carla" in res.stdout
    assert "Carla trump hearts" in path.read_text(encoding="utf-8")


def test_table_input_that_is_not_utf8_is_shown_as_bytes_and_refused(tmp_path: Path) -> None:
    path = tmp_path / "dk.toml"
    _ok(tmp_path, "new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk", "-m", path)
    before = snapshot(path)
    res = piped(tmp_path, path, b"Q\xffA\nquit\n")
    err = res.stderr.decode("utf-8")
    assert res.returncode == 1
    assert "'Q\\xffA' is not UTF-8 text" in err and "\\udc" not in err
    assert snapshot(path) == before
    piped(tmp_path, path, b"Q\xffA\nqc\nquit\n")  # a good line after a bad one is still read
    assert "Ben QC" in path.read_text(encoding="utf-8")


def test_import_of_a_file_whose_name_cannot_name_a_match_hints_name(tmp_path: Path) -> None:
    source = _demo(tmp_path)
    odd = tmp_path / "my friday!.toml"
    odd.write_bytes(source.read_bytes())
    res = run_cli(tmp_path, "import", odd)
    assert res.returncode == 2  # usage: give --name
    assert "--name" in res.stderr and '--name "my friday"' in res.stderr
    assert not (tmp_path / "matches").exists() or not list((tmp_path / "matches").iterdir())
    _ok(tmp_path, "import", odd, "--name", "my friday")
    assert (tmp_path / "matches" / "my friday.toml").read_bytes() == source.read_bytes()


def test_a_card_nothing_is_near_shows_how_cards_are_written(tmp_path: Path) -> None:
    path = tmp_path / "kj.toml"
    _ok(tmp_path, "new", "klaverjassen", "Anna", "Ben", "Carla", "Dirk", "--lang", "nl", "-m", path)
    _ok(tmp_path, "act", "Ben pas", "Carla troef harten", "-m", path)
    before = snapshot(path)
    res = run_cli(tmp_path, "--lang", "en", "play", "ZZ", "-m", path)
    assert res.returncode == 2 and snapshot(path) == before  # an unknown card: usage
    assert "nearest" not in res.stderr and "zeven" not in res.stderr
    assert "write a card by its name or short form, like klaveren vrouw" in res.stderr
    res = run_cli(tmp_path, "--lang", "en", "play", "klaveren", "bor", "-m", path)
    assert "nearest: klaveren boer (JC)" in res.stderr


def test_a_broken_file_in_the_list_says_which_and_why(tmp_path: Path) -> None:
    _demo(tmp_path)
    folder = tmp_path / "matches"
    folder.mkdir(exist_ok=True)
    (folder / "broken.toml").write_text("garbage [[[\n", encoding="utf-8")
    (folder / "bytes.toml").write_bytes(b'x = "\xff"\n')
    for columns in ("60", "160"):
        out = _ok(tmp_path, "matches", env={"COLUMNS": columns})
        lines = out.splitlines()
        assert any("broken.toml:1" in ln and "expected '='" in ln for ln in lines), out
        assert any("bytes.toml" in ln and "not UTF-8" in ln for ln in lines), out
        assert "; ; 0 hands" not in out
    replayed = folder / "replayed.toml"  # sound TOML whose play the rules refuse
    _ok(tmp_path, "new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk", "-m", replayed)
    _ok(tmp_path, "trick", "QC", "10H", "AD", "9D", "-m", replayed)
    text = replayed.read_text(encoding="utf-8")
    replayed.write_text(text.replace('"Carla 10H"', '"Carla QC", "Dirk QC"'), encoding="utf-8")
    out = _ok(tmp_path, "matches", env={"COLUMNS": "160"})
    assert any(
        ln.startswith("replayed: ") and "QC was already played" in ln for ln in out.splitlines()
    )
    listed = {m["name"]: m for m in json.loads(_ok(tmp_path, "matches", "--json"))["matches"]}
    assert listed["replayed"]["problem"]["code"] == "replay"
    assert listed["broken"]["problem"]["code"] == "invalid"
    assert listed["bytes"]["problem"]["code"] == "not_utf8"
    assert "expected '='" in listed["broken"]["problem"]["message"]
    assert listed["broken"]["problem"]["kind"] == "match file"  # the fields it had stay


def test_one_of_a_thing_is_said_as_one_in_every_language(tmp_path: Path) -> None:
    path = tmp_path / "dk.toml"
    _ok(tmp_path, "new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk", "-m", path)
    _ok(tmp_path, "play", "QC", "-m", path)
    assert "; 1 card played" in _ok(tmp_path, "status", "-m", path)
    assert "; 1 Karte gespielt" in _ok(tmp_path, "--lang", "de", "status", "-m", path)
    assert "; 1 kaart gespeeld" in _ok(tmp_path, "--lang", "nl", "status", "-m", path)
    _ok(tmp_path, "play", "10H", "-m", path)
    assert "; 2 cards played" in _ok(tmp_path, "status", "-m", path)
    one = _demo(tmp_path, "doppelkopf", 1)
    out = _ok(tmp_path, "export", "-o", tmp_path / "one.json", "-m", one)
    assert out.startswith("Exported 1 hand to ")
    out = _ok(tmp_path, "export", "-o", tmp_path / "two.csv", "-f", "csv", "-m", _demo(tmp_path))
    assert out.startswith("Exported 2 hands to ")
    out = _ok(tmp_path, "--lang", "de", "export", "-o", tmp_path / "o.json", "-m", one)
    assert out.startswith("1 Spiel nach ")


def test_one_earlier_hand_not_shown(tmp_path: Path) -> None:
    path = _demo(tmp_path, "doppelkopf", 31)
    out = _ok(tmp_path, "score", "-m", path)
    assert "1 earlier hand not shown" in out
    path = _demo(tmp_path, "doppelkopf", 32)
    assert "2 earlier hands not shown" in _ok(tmp_path, "score", "-m", path)


def test_the_chart_legend_says_what_plus_marks(tmp_path: Path) -> None:
    out = _ok(tmp_path, "score", "--chart", "-m", _demo(tmp_path, "doppelkopf", 6))
    chart = out.split("Running totals\n", 1)[1]
    plot = [ln.split("│", 1)[1] for ln in chart.splitlines() if "│" in ln]
    assert any("+" in row for row in plot)  # every total starts at 0: they meet there
    assert "+ two or more at one point" in chart


def test_one_transfer_is_said_as_one(tmp_path: Path) -> None:
    path = _demo(tmp_path, "klaberjass", 2)
    out = _ok(tmp_path, "settle", "--price", "0.1", "-m", path)
    assert "1 transfer settles every balance:" in out and "1 transfers" not in out
    out = _ok(tmp_path, "--lang", "nl", "settle", "--price", "0.1", "-m", path)
    assert "1 betaling vereffent elke stand:" in out


def test_export_to_a_pipe_or_a_link_writes_through_never_replaces(tmp_path: Path) -> None:
    # (a device such as /dev/null is a special file like the pipe: not tried here, as a
    # regression would replace it for the whole machine when the tests run as root)
    path = _demo(tmp_path)
    printed = _ok(tmp_path, "export", "-f", "csv", "-m", path)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    _ok(tmp_path, "export", "-f", "csv", "-o", fifo, "-m", path)
    reader.join(timeout=60)
    assert got == [printed.encode("utf-8")]
    assert stat.S_ISFIFO(fifo.stat().st_mode)  # still a pipe, not a file put in its place
    real = tmp_path / "real.csv"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.csv"
    link.symlink_to(real)
    _ok(tmp_path, "export", "-f", "csv", "-o", link, "-m", path)
    assert link.is_symlink() and real.read_text(encoding="utf-8") == printed


def test_a_typed_line_that_is_not_utf8_is_refused_at_the_prompt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # the terminal's decoder keeps bytes that are not UTF-8 as lone surrogates
    path = new_match(tmp_path, "doppelkopf", ["Anna", "Ben", "Carla", "Dirk"])
    before = path.read_bytes()
    drive(path, b"Q\xffA\r")
    err = capsys.readouterr().err
    assert "'Q\\xffA' is not UTF-8 text" in err and "\\udc" not in err
    assert path.read_bytes() == before
    drive(path, b"Q\xffA\rqc\r")
    assert "Ben QC" in path.read_text(encoding="utf-8")


@pytest.mark.parametrize("price", ["nan", "NaN", "inf", "-1"])
def test_a_price_that_is_not_a_number_is_a_usage_error(tmp_path: Path, price: str) -> None:
    path = _demo(tmp_path, "doppelkopf", 1)
    before = snapshot(path)
    res = run_cli(tmp_path, "settle", "--price", price, "--save", "-m", path)
    assert res.returncode == 2, res.stderr
    assert "internal error" not in res.stderr and "'--price'" in res.stderr
    assert snapshot(path) == before
    res = run_cli(tmp_path, "new", "doppelkopf", "A", "B", "C", "D", "--price", price)
    assert res.returncode in (1, 2) and "internal error" not in res.stderr


def test_import_and_matches_count_the_same_hands(tmp_path: Path) -> None:
    # a finished hand and one in play: both count the finished hands only
    source = tmp_path / "friday.toml"
    _ok(tmp_path, "new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk", "-m", source)
    _ok(tmp_path, "hand", "re=Anna,Carla", "re_points=165", "-m", source)
    _ok(tmp_path, "play", "QC", "-m", source)
    out = _ok(tmp_path, "import", source, "--json")
    listed = json.loads(_ok(tmp_path, "matches", "--json"))["matches"]
    assert (
        json.loads(out)["hands"] == 1 == next(m["hands"] for m in listed if m["name"] == "friday")
    )
    assert "(hands: 1)" in _ok(tmp_path, "import", source, "--name", "again")


def test_a_file_name_that_is_not_utf8_shows_its_bytes(tmp_path: Path) -> None:
    odd = os.fsdecode(os.fsencode(tmp_path) + b"/Q\xffA.toml")
    for args in (("import", odd), ("score", "-m", odd)):
        res = run_cli(tmp_path, *args)
        assert res.returncode == 1 and "Q\\xffA.toml" in res.stderr, res.stderr
        assert "\\udc" not in res.stderr
