"""``scorekeeper table``: the session driven through prompt_toolkit's pipe input, on real
match files; every entry is checked in the file and in what was printed."""

from __future__ import annotations

from pathlib import Path

import pytest
from table_helpers import (
    assert_first_hand_reported,
    drive,
    new_match,
    piped,
    record_deal,
    typed_hand,
)

from scorekeeper.actions import Action
from scorekeeper.hand import Hand
from scorekeeper.session import Session
from scorekeeper.table.complete import candidates

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]


def nothing_said(hand: Hand, said: list[Action]) -> str | None:
    return None


def say_re_once(hand: Hand, said: list[Action]) -> str | None:
    """The first player who may announce Re does so before the first card."""
    if hand.cards_played:
        return None
    re = [a for a in said if a.verb == "re"]
    return f"{re[0].actor.lower()} re" if re else None


def test_a_whole_doppelkopf_hand_with_re(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_match(tmp_path, "doppelkopf", PLAYERS)
    record_deal(path, seed=3)
    lines = typed_hand(path, say_re_once)
    assert len(lines) == 13
    drive(path, "\r".join(lines) + "\r")
    out = capsys.readouterr().out
    log = Session.open(path).log
    assert log.hands[0].actions[0] == lines[0].capitalize()
    assert len(log.hands[0].actions) == 49
    assert "trick 1 to " in out
    assert_first_hand_reported(path, out)


def test_bad_input_says_what_would_be_right_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_match(tmp_path, "doppelkopf", PLAYERS)
    before = path.read_bytes()
    drive(path, "xyz\rzz9\rcontra\rquit\r")
    captured = capsys.readouterr()
    assert path.read_bytes() == before
    errors = [line for line in captured.err.splitlines() if line.startswith("error:")]
    assert len(errors) == 3
    assert (
        "'xyz' is no card, command or word of Doppelkopf now; expected a card (Ben to play)"
        in errors[0]
    )
    assert "'contra' could be said by Anna, Ben, Carla, Dirk; write who says it" in errors[2]
    assert "Bye; every entry is in" in captured.out


def test_an_illegal_card_is_refused_with_its_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_match(tmp_path, "doppelkopf", PLAYERS)
    drive(path, "qc qc qc\r")  # the deck holds QC twice
    err = capsys.readouterr().err
    assert "[rule: deck.copies]" in err
    assert Session.open(path).log.hands == []


def test_undo_quit_and_resume(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = new_match(tmp_path, "doppelkopf", PLAYERS)
    drive(path, "qc th\rundo\rquit\r")
    out = capsys.readouterr().out
    assert "Undone: removed 'Carla 10H'" in out
    assert Session.open(path).log.hands[0].actions == ["Ben QC"]
    drive(path, "ad 9d as\r")  # resumes where the record stands: Carla to play
    assert Session.open(path).log.hands[0].actions == ["Ben QC", "Carla AD", "Dirk 9D", "Anna AS"]
    out = capsys.readouterr().out
    assert "trick 1 to Ben" in out


def test_a_change_by_another_command_is_picked_up(tmp_path: Path) -> None:
    from scorekeeper.table.session import TableSession

    path = new_match(tmp_path, "doppelkopf", PLAYERS)
    table = TableSession(path)
    assert table.prompt() == "Ben to play"
    with Session.edit(path) as s:  # another command records a card meanwhile
        s.play("QC")
    assert table.prompt() == "Carla to play"
    assert table.handle("10h").ok
    assert Session.open(path).log.hands[0].actions == ["Ben QC", "Carla 10H"]


def test_commands_answer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = new_match(tmp_path, "doppelkopf", PLAYERS)
    drive(path, "help\rstatus\rscore\rjudge\rexplain teams\r")
    out = capsys.readouterr().out
    assert "undo: take back the last entry" in out
    assert "Ben to play" in out
    assert "score sheet" in out
    assert "without the deal any card not yet accounted for may be played" in out


def test_a_quick_hand_asked_fact_by_fact(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_match(tmp_path, "doppelkopf", PLAYERS)
    keys = asked(path)  # the facts this game and table take
    answers = {"re": "Anna,Carla", "re_points": "165"}
    typed = "".join(answers.get(k, "") + "\r" for k in keys) + "Anna re\r\r"
    drive(path, "hand\r" + typed)
    out = capsys.readouterr().out
    assert Session.open(path).log.hands[0].quick is not None
    assert Session.open(path).match.totals()["Anna"] > 0
    assert "Hand 1 over:" in out


def test_a_doppelkopf_trick_takes_at_most_16_keystrokes_with_completion(
    tmp_path: Path,
) -> None:
    """Each card: the shortest start the completer offers only that card for, then Tab
    (or the whole card); a space between cards, Enter at the end."""
    path = new_match(tmp_path, "doppelkopf", PLAYERS)
    record_deal(path, seed=5)
    for trick in typed_hand(path, nothing_said)[:6]:
        keys = ""
        for card in trick.split():
            hand = Session.open(path).current_hand()
            players = Session.open(path).match.players
            for n in range(1, len(card) + 1):
                start = keys + card[:n]
                offered = candidates(hand, players, start)
                if offered == [card.upper()]:
                    keys = start + ("\t" if n < len(card) else " ")
                    break
            else:
                keys += card + " "
        keys = keys.rstrip(" ") + "\r"
        assert len(keys) <= 16, keys
        before = len(Session.open(path).log.hands[0].actions)
        drive(path, keys)
        after = Session.open(path).log.hands[0].actions
        assert [a.split()[1].lower() for a in after[before:]] == trick.split()


def test_version_short_help_and_completion_install(tmp_path: Path) -> None:
    from cli_helpers import run_cli

    res = run_cli(tmp_path, "--version")
    assert res.returncode == 0 and res.stdout.startswith("scorekeeper ")
    res = run_cli(tmp_path, "-h")
    assert res.returncode == 0
    assert "--install-completion" in res.stdout and "table" in res.stdout
    res = run_cli(tmp_path, "trick", "-h")
    assert res.returncode == 0 and "Record a whole trick" in res.stdout


def test_status_has_the_running_totals(tmp_path: Path) -> None:
    from cli_helpers import run_cli

    path = new_match(tmp_path, "doppelkopf", PLAYERS)
    res = run_cli(tmp_path, "status", "--match", path)
    assert res.returncode == 0, res.stderr
    assert "Totals: Anna +0, Ben +0, Carla +0, Dirk +0" in res.stdout


def test_a_quick_answer_of_the_wrong_kind_is_asked_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = new_match(tmp_path, "doppelkopf", PLAYERS)
    keys = list(asked(path))  # the facts this game and table take
    assert keys[:2] == ["re", "re_points"]
    rest = "\r" * (len(keys) - 2)
    drive(path, "hand\rAnna,Carla\rmany\r165\r" + rest + "\r")
    captured = capsys.readouterr()
    assert "re_points=many" in captured.err
    assert Session.open(path).log.hands[0].quick["re_points"] == 165  # type: ignore[index]


def test_the_match_kept_after_an_entry_is_not_trusted_over_the_file(tmp_path: Path) -> None:
    from scorekeeper.table.session import TableSession

    path = new_match(tmp_path, "doppelkopf", PLAYERS)
    table = TableSession(path)
    assert table.handle("qc").ok  # the session keeps the match it wrote
    with Session.edit(path) as s:  # another command plays Carla's card meanwhile
        s.play("10H")
    # typed for Carla (issue 24, item 4): refused, saying what changed; typed again, Dirk's
    refused = table.handle("ad")
    assert refused.errors == [
        "the match changed meanwhile: Carla played 10H from another device. Nothing was"
        " recorded: look at the prompt and type it again"
    ]
    assert table.handle("ad").ok
    assert Session.open(path).log.hands[0].actions == ["Ben QC", "Carla 10H", "Dirk AD"]


def test_table_reads_lines_from_a_pipe(tmp_path: Path) -> None:
    """Without a terminal the session reads its lines as they come (no line editor): the
    real command in its own process; a refused line makes the exit code 1."""
    path = new_match(tmp_path, "doppelkopf", PLAYERS)
    res = piped(tmp_path, path, "ben re\nqc th ad 9d\nscore\n")
    assert res.returncode == 0, res.stderr
    assert "trick 1 to Carla (24 points)" in res.stdout
    assert Session.open(path).log.hands[0].actions == [
        "Ben re",
        "Ben QC",
        "Carla 10H",
        "Dirk AD",
        "Anna 9D",
    ]
    before = path.read_bytes()
    res = piped(tmp_path, path, "zz\n")
    assert res.returncode == 1 and "'zz' is no card" in res.stderr
    assert "Traceback" not in res.stderr
    assert path.read_bytes() == before


def test_table_starts_a_german_match_and_reads_german(tmp_path: Path) -> None:
    import subprocess
    import sys

    from cli_helpers import cli_env

    path = tmp_path / "m.toml"
    command = ["table", "doppelkopf", *PLAYERS, "--lang", "de", "--match", str(path)]
    res = subprocess.run(
        [sys.executable, "-m", "scorekeeper", *command],
        input="ben re\nkreuz dame herz zehn karo ass karo neun\n",
        env=cli_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 0, res.stderr
    log = Session.open(path).log
    assert log.lang == "de"
    assert log.hands[0].actions == ["Ben re", "Ben QC", "Carla 10H", "Dirk AD", "Anna 9D"]


def test_the_help_speaks_of_this_games_words(tmp_path: Path) -> None:
    from scorekeeper.table.session import TableSession

    path = new_match(tmp_path, "bierkopf", PLAYERS)
    help_text = TableSession(path).handle("help").lines[0]
    assert "double" in help_text and "kontra" not in help_text


@pytest.mark.parametrize("width", [30, 40, 80, 100])
def test_the_status_bar_fits_the_terminal_and_keeps_the_totals(tmp_path: Path, width: int) -> None:
    from scorekeeper.table.bar import bar_data, bar_text
    from scorekeeper.table.session import TableSession

    path = new_match(tmp_path, "doppelkopf", PLAYERS)
    table = TableSession(path)
    assert table.handle("ben re").ok and table.handle("qc th").ok
    lines = bar_text(bar_data(table.current()), width).splitlines()
    assert all(len(line) <= width for line in lines)
    text = " ".join(lines).replace("\u00a0", " ")
    assert "Anna +0, Ben +0, Carla +0, Dirk +0" in text
    assert "trick 1: Ben:QC Carla:10H" in text


def asked(path: Path) -> dict[str, object]:
    """The facts a quick hand asks at this match's table, fact by fact."""
    m = Session.open(path).match
    return m.family.asked_keys(m.rules)
