"""The referee from the command line: ``judge``, ``explain``, ``amend`` and ``check``.

What a player types at the table, run as the real command (a subprocess) where the exact
output, exit code and error line matter, and in-process with typer's CliRunner for the
rest. Every test has its own ``SCOREKEEPER_HOME``. Expected verdicts are worked out from
the rule texts and RULINGS.md (see the comments), never taken from the engine.

Seats: Anna, Ben, Carla, Dirk; Anna deals the first hand, so Ben leads.
"""

from __future__ import annotations

import json
import subprocess
import tomllib
from datetime import datetime
from pathlib import Path

import pytest
from cli_helpers import PLAYERS, assert_refused, in_process, run_cli, snapshot

TOPICS = ["cards", "following", "teams", "announcements", "scoring", "match", "options"]
GAMES = ["doppelkopf", "doppelkopf-ddv", "kloepper", "bierkopf"]


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


@pytest.fixture
def sk(home: Path):
    """The real command in a subprocess: ``sk("judge", "doppelkopf", ...)``."""

    def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
        return run_cli(home, *args)

    return run


@pytest.fixture
def quick(home: Path, monkeypatch: pytest.MonkeyPatch):
    """The same app in-process (CliRunner), with the same returncode, stdout and stderr."""
    return in_process(home, monkeypatch)


def ok_json(res: subprocess.CompletedProcess[str]) -> dict:
    assert res.returncode == 0, res.stderr
    return json.loads(res.stdout)


def json_refusal(
    res: subprocess.CompletedProcess[str], rule: str | None = None, code: int = 1
) -> dict:
    """A refusal under --json: exit 1 (2 for a usage mistake), one JSON object on stderr
    carrying a non-empty rule."""
    assert res.returncode == code, (res.stdout, res.stderr)
    assert "Traceback" not in res.stderr
    lines = [line for line in res.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, res.stderr
    error = json.loads(lines[0])
    assert error.get("rule"), f"the JSON error names no rule: {error}"
    if rule is not None:
        assert error["rule"] == rule or error["rule"].startswith(rule + "."), error
    assert res.stdout.strip() == ""
    return error


def one_line(text: str) -> str:
    return " ".join(text.split())


# ---------------------------------------------------------------------- judge: who may play


def test_judge_legal_cards_in_words(sk) -> None:
    # Seed IV: hearts led, Carla holds KH: she must follow; QC (a trump) and 9S may not.
    res = sk(
        "judge",
        "doppelkopf",
        "--trick",
        "Anna:AH Ben:9H",
        "--player",
        "Carla",
        "--hand",
        "KH QC 9S",
    )
    assert res.returncode == 0, res.stderr
    out = one_line(res.stdout)
    assert "may play: KH" in out
    assert "not QC" in out and "not 9S" in out
    assert out.count("following.follow_suit") == 2


def test_judge_legal_cards_as_json(sk) -> None:
    # Bierkopf (seed: "they must trump the trick if they can"): clubs led, Carla holds no
    # club: she must trump with JH even though her partner Anna is winning; AS is forbidden.
    ruling = ok_json(
        sk(
            "judge",
            "bierkopf",
            "--trick",
            "Anna:10C Ben:KC",
            "--player",
            "Carla",
            "--partner",
            "Anna",
            "--hand",
            "AS JH",
            "--json",
        )
    )
    assert ruling["question"] == "play" and ruling["player"] == "Carla"
    assert [c["card"] for c in ruling["legal"]] == ["JH"]
    assert [(c["card"], c["rule"]) for c in ruling["forbidden"]] == [("AS", "following.when_void")]
    assert ruling["forbidden"][0]["reason"]


def test_judge_duties_without_a_hand(quick) -> None:
    # Without the player's cards the referee lists the duties, each with its rule.
    ruling = ok_json(quick("judge", "bierkopf", "--trick", "Anna:AC", "--player", "Ben", "--json"))
    rules = [d["rule"] for d in ruling["duties"]]
    assert "following.follow_suit" in rules and "following.when_void" in rules
    assert ruling["legal"] == [] and ruling["forbidden"] == []
    res = quick("judge", "bierkopf", "--trick", "Anna:AC", "--player", "Ben")
    assert res.returncode == 0 and "following.when_void" in res.stdout


def test_judge_a_solo_from_the_command_line(quick) -> None:
    # DDV jacks solo: only jacks are trumps, so 10H and QH follow hearts and JH may not.
    ruling = ok_json(
        quick(
            "judge",
            "doppelkopf-ddv",
            "--game",
            "jacks",
            "--trick",
            "Anna:AH",
            "--player",
            "Ben",
            "--hand",
            "10H QH JH",
            "--json",
        )
    )
    assert sorted(c["card"] for c in ruling["legal"]) == ["10H", "QH"]
    assert {c["card"]: c["rule"] for c in ruling["forbidden"]} == {"JH": "following.follow_suit"}


def test_judge_refuses_more_copies_than_the_deck_between_trick_and_hand(quick) -> None:
    # Two queens of clubs are on the table; a third in Carla's hand cannot be (48 cards,
    # each twice): the question itself is impossible and is refused, naming deck.copies.
    res = quick(
        "judge", "doppelkopf", "--trick", "Anna:QC Ben:QC", "--player", "Carla", "--hand", "QC 9S"
    )
    assert res.returncode == 1, res.stdout
    assert "deck.copies" in res.stderr


# ---------------------------------------------------------------------- judge: a trick


def test_judge_trick_winner_in_words(sk) -> None:
    # Seed II's own example: QH, JD, 10D, QH: the first queen of hearts wins, 18 points.
    res = sk("judge", "doppelkopf", "--trick", "Anna:QH Ben:JD Carla:10D Dirk:QH")
    assert res.returncode == 0, res.stderr
    out = one_line(res.stdout)
    assert "Anna takes the trick" in out and "18" in out and "ranking.identical" in out


@pytest.mark.parametrize(
    ("args", "winner", "rule", "points"),
    [
        # Seed IX with the house rule on: the second ten of hearts beats the first.
        (
            [
                "doppelkopf",
                "--trick",
                "Anna:10H Ben:QC Carla:10H Dirk:9D",
                "--set",
                "second_ten_of_hearts_beats_first=true",
            ],
            "Carla",
            "options.second_ten_of_hearts_beats_first",
            23,
        ),
        # DDV hearts solo: 10H stays the highest trump, above the ace of hearts led.
        (
            ["doppelkopf-ddv", "--game", "hearts", "--trick", "Anna:AH Ben:10H Carla:QC Dirk:KH"],
            "Ben",
            "contracts.solo_suit.trumps",
            28,
        ),
        # Kloepper: the nine of diamonds (lowest trump) beats a clubs trick.
        (
            ["kloepper", "--trick", "Anna:AC Ben:9D Carla:10C Dirk:KC"],
            "Ben",
            "contracts.normal.trumps",
            25,
        ),
        # Bierkopf: KH is a trump; it beats the ace of diamonds led.
        (
            ["bierkopf", "--trick", "Anna:AD Ben:10D Carla:KH Dirk:KD"],
            "Carla",
            "contracts.normal.trumps",
            29,
        ),
        # Seed XI, second Charlie on, last trick: the second jack of clubs wins.
        (
            [
                "doppelkopf",
                "--trick",
                "Anna:JC Ben:JC Carla:AC Dirk:KC",
                "--last",
                "--set",
                "second_charlie_beats_first=true",
            ],
            "Ben",
            "options.second_charlie_beats_first",
            19,
        ),
    ],
)
def test_judge_trick_winner_as_json(quick, args, winner, rule, points) -> None:
    ruling = ok_json(quick("judge", *args, "--json"))
    assert ruling["question"] == "trick"
    assert ruling["winner"]["player"] == winner
    assert ruling["winner"]["rule"] == rule
    assert ruling["winner"]["points"] == points
    assert ruling["winner"]["reason"]


# ---------------------------------------------------------------------- judge: a value


def test_judge_value_in_words(sk) -> None:
    # Seed example 2: Re said re and no90 and made only 145: Contra 4 x2 = 8.
    res = sk(
        "judge",
        "doppelkopf",
        "-f",
        "re=Anna,Carla",
        "-f",
        "re_points=145",
        "-a",
        "Anna re",
        "-a",
        "Anna no90",
        "--names",
        "Anna,Ben,Carla,Dirk",
    )
    assert res.returncode == 0, res.stderr
    out = one_line(res.stdout)
    assert "value 8" in out
    for rule in (
        "scoring.won",
        "scoring.against_the_queens",
        "scoring.promise_failed",
        "scoring.announcement_multiplier",
    ):
        assert rule in out
    assert "Anna -8" in out and "Ben +8" in out


@pytest.mark.parametrize(
    ("args", "scores", "rule"),
    [
        # Seed example 1: Re 165 with re and no90: (1 + 1 + 1) x2 = 6.
        (
            [
                "doppelkopf",
                "-f",
                "re=Anna,Carla",
                "-f",
                "re_points=165",
                "-a",
                "Anna re",
                "-a",
                "Anna no90",
            ],
            {"Anna": 6, "Ben": -6, "Carla": 6, "Dirk": -6},
            "scoring.promise_made",
        ),
        # Kloepper: a failed knock: the others score 12 each, the queens nothing.
        (
            ["kloepper", "-f", "queens=Anna,Carla", "-f", "queens_points=110", "-a", "Anna knock"],
            {"Anna": 0, "Ben": 12, "Carla": 0, "Dirk": 12},
            "knock.failed",
        ),
        # Bierkopf: Ben doubles before play; Anna and Carla win with 61: 1 x2 = 2.
        (
            ["bierkopf", "-f", "team=Anna", "-f", "points=61", "-a", "Ben double"],
            {"Anna": 2, "Ben": 0, "Carla": 2, "Dirk": 0},
            "doubling.factor",
        ),
        # DDV: 120:120 with only Kontra said goes to Re: won 1 + Kontra 2 = 3.
        (
            ["doppelkopf-ddv", "-f", "re=Anna,Carla", "-f", "re_points=120", "-a", "Ben contra"],
            {"Anna": 3, "Ben": -3, "Carla": 3, "Dirk": -3},
            "scoring.announced",
        ),
    ],
)
def test_judge_value_as_json(quick, args, scores, rule) -> None:
    data = ok_json(quick("judge", *args, "--names", ",".join(PLAYERS), "--json"))
    assert data["question"] == "value"
    assert data["result"]["scores"] == scores
    assert rule in [item["rule"] for item in data["result"]["items"]]


# ---------------------------------------------------------------------- judge: bad input


@pytest.mark.parametrize(
    ("args", "rule", "names"),
    [
        (["doppelkopf", "--trick", "Anna:XZ"], "deck", ("XZ",)),
        (["doppelkopf", "--trick", "Anna:QC Ben:QC Carla:QC"], "deck.copies", ("QC",)),
        (["doppelkopf-ddv", "--game", "bogus", "--trick", "Anna:AS"], "solos", ("bogus",)),
        (
            ["doppelkopf", "-f", "re=Anna", "-f", "re_points=130", "-f", "solo=queens"],
            "solos",
            ("queens",),
        ),
        (["doppelkopf", "-f", "foo=1"], "quick", ("foo",)),
    ],
    ids=["unknown card", "third copy", "unknown game", "unknown solo", "unknown fact key"],
)
def test_judge_input_errors(sk, args, rule, names) -> None:
    code = 1 if rule in ("deck.copies", "solos") and "bogus" not in names else 2
    assert_refused(sk("judge", *args), rule=rule, names=names, code=code)


def test_judge_errors_as_json(sk) -> None:
    # The nine of hearts is not in the short Bierkopf pack (A 10 K Q J).
    error = json_refusal(sk("judge", "bierkopf", "--trick", "Anna:9H", "--json"), "deck")
    assert "9H" in error["message"]
    json_refusal(
        sk("judge", "kloepper", "-f", "queens=Anna,Carla", "-f", "queens_points=121", "--json"),
        "card_points.total",
    )


# ---------------------------------------------------------------------- explain


def test_explain_lists_the_topics(sk) -> None:
    res = sk("explain", "kloepper")
    assert res.returncode == 0, res.stderr
    for topic in TOPICS:
        assert topic in res.stdout


@pytest.mark.parametrize("game", GAMES)
def test_explain_every_topic(quick, game: str) -> None:
    listing = ok_json(quick("explain", game, "--json"))
    assert list(listing["topics"]) == TOPICS
    for topic in TOPICS:
        data = ok_json(quick("explain", game, topic, "--json"))
        assert data["topic"] == topic and data["ruleset"] == game
        assert data["sections"], f"{game} {topic}: nothing explained"
        assert all(s["explain"] or s["values"] for s in data["sections"])
        res = quick("explain", game, topic)
        assert res.returncode == 0 and data["title"] in res.stdout


def test_explain_shows_the_values_in_force(quick) -> None:
    # The seed's windows: Re before the 5th card, no 90 before the 9th...
    data = ok_json(quick("explain", "doppelkopf", "announcements", "--json"))
    window = next(s for s in data["sections"] if s["section"] == "announcements.window")
    assert window["values"]["re"] == 5 and window["values"]["no90"] == 9
    # ...and a DDV explanation of scoring names Re needing 121.
    data = ok_json(quick("explain", "doppelkopf-ddv", "scoring", "--json"))
    scoring = next(s for s in data["sections"] if s["section"] == "scoring")
    assert scoring["values"]["re_needs"] == 121


def test_explain_reflects_set(quick) -> None:
    data = ok_json(quick("explain", "doppelkopf", "options", "--set", "fox=false", "--json"))
    fox = next(s for s in data["sections"] if s["section"] == "options.fox")
    assert fox["values"]["value"] is False and fox["values"]["default"] is True
    assert data["options"] == {"fox": False}
    # Bierkopf with the nines: the deck and the trumps in force change with the option.
    data = ok_json(quick("explain", "bierkopf", "cards", "--set", "long=true", "--json"))
    deck = next(s for s in data["sections"] if s["section"] == "deck")
    assert "9" in deck["values"]["ranks"]
    normal = next(s for s in data["sections"] if s["section"] == "contracts.normal")
    assert normal["values"]["trumps"][-1] == "9H"


def test_explain_reflects_the_current_match(sk, quick, tmp_path: Path) -> None:
    res = quick(
        "new", "doppelkopf", *PLAYERS, "--set", "charlie=false", "--match", tmp_path / "m.toml"
    )
    assert res.returncode == 0, res.stderr
    data = ok_json(sk("explain", "doppelkopf", "options", "--json"))
    charlie = next(s for s in data["sections"] if s["section"] == "options.charlie")
    assert charlie["values"]["value"] is False
    assert data["options"] == {"charlie": False}
    # Another rule set is explained with its own defaults.
    data = ok_json(quick("explain", "doppelkopf-ddv", "options", "--json"))
    assert (
        next(s for s in data["sections"] if s["section"] == "options.charlie")["values"]["value"]
        is True
    )


def test_explain_unknown_topic(sk) -> None:
    assert_refused(sk("explain", "doppelkopf", "bogus"), names=("bogus",), kind="usage")
    json_refusal(sk("explain", "doppelkopf", "bogus", "--json"), code=2)


# ---------------------------------------------------------------------- amend

# A legal Doppelkopf hand written trick by trick (no deal), Ben leading every trick.
# Re: Ben and Carla (queens of clubs in trick 3). Ben takes tricks 1 to 11; trick 12 goes
# to Anna's QH (21 points: AH 11, KH 4, QD 3, QH 3). Re 219, Contra 21: won 1 + Contra
# under 90, 60, 30 = 4; no fox (Carla's AD is taken by Ben), no Charlie.
FULL_HAND = """
    Ben 10H Carla 9D  Dirk 9D  Anna KD
    Ben 10H Carla KD  Dirk 10D Anna 10D
    Ben QC  Carla QC  Dirk JD  Anna JD
    Ben QS  Carla AD  Dirk JH  Anna JH
    Ben QS  Carla AD  Dirk JS  Anna JS
    Ben QH  Carla QD  Dirk JC  Anna JC
    Ben AC  Carla 10C Dirk KC  Anna 9C
    Ben AC  Carla 10C Dirk KC  Anna 9C
    Ben AS  Carla 10S Dirk KS  Anna 9S
    Ben AS  Carla 10S Dirk KS  Anna 9S
    Ben AH  Carla KH  Dirk 9H  Anna 9H
    Ben AH  Carla KH  Dirk QD  Anna QH
"""
ACTIONS = [f"{w[i]} {w[i + 1]}" for w in [FULL_HAND.split()] for i in range(0, len(w), 2)]


@pytest.fixture
def played(quick, tmp_path: Path) -> Path:
    """A Doppelkopf match: the full hand above, then two quick hands.

    Hand 2 (Ben deals): Re Anna and Dirk with 130: won 1. Hand 3: Re Ben and Dirk with
    121: won 1. Totals: Ben 4-1+1 = 4, Carla 4-1-1 = 2, Anna -4+1-1 = -4, Dirk -4+1+1 = -2.
    """
    path = tmp_path / "m.toml"
    assert quick("new", "doppelkopf", *PLAYERS, "--match", path).returncode == 0
    res = quick("act", *ACTIONS, "--match", path)
    assert res.returncode == 0, res.stderr
    for facts in (["re=Anna,Dirk", "re_points=130"], ["re=Ben,Dirk", "re_points=121"]):
        res = quick("hand", *facts, "--match", path)
        assert res.returncode == 0, res.stderr
    sheet = ok_json(quick("score", "--json", "--match", path))
    assert sheet["totals"] == {"Anna": -4, "Ben": 4, "Carla": 2, "Dirk": -2}
    return path


def amended(path: Path, hand: int) -> list[dict]:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return data["hand"][hand - 1].get("amended", [])


def test_amend_a_trick_replays_every_later_total(sk, quick, played: Path) -> None:
    # Trick 12 becomes Ben AH, Carla QH, Dirk KH, Anna QD: Carla's QH takes it, so Re has
    # every trick and all 240 points: won 1 + under 90, 60, 30 + no card points = 5.
    # Totals: Ben 5-1+1 = 5, Carla 5-1-1 = 3, Anna -5+1-1 = -5, Dirk -5+1+1 = -3.
    res = sk("amend", "1", "--trick", "12", "AH", "QH", "KH", "QD", "--match", played)
    assert res.returncode == 0, res.stderr
    sheet = ok_json(quick("score", "--json", "--match", played))
    assert sheet["totals"] == {"Anna": -5, "Ben": 5, "Carla": 3, "Dirk": -3}
    text = played.read_text(encoding="utf-8")
    assert "[[hand.amended]]" in text
    (change,) = amended(played, 1)
    assert change["what"] == "trick 12"
    assert change["before"] == ["Ben AH", "Carla KH", "Dirk QD", "Anna QH"]
    assert change["after"] == ["Ben AH", "Carla QH", "Dirk KH", "Anna QD"]
    assert isinstance(change["at"], datetime)
    data = tomllib.loads(text)
    assert data["hand"][0]["actions"][-4:] == change["after"]


def test_amend_a_quick_fact_replays_every_later_total(sk, quick, played: Path) -> None:
    # Hand 2 becomes Re (Anna, Dirk) with 90: Contra wins: won 1 + against the queens 1
    # (Re's 90 is not under 90) = 2. Totals: Ben 4+2+1 = 7, Carla 4+2-1 = 5,
    # Anna -4-2-1 = -7, Dirk -4-2+1 = -5.
    res = sk("amend", "2", "re_points=90", "--match", played, "--json")
    change = ok_json(res)
    assert change["what"] == "facts"
    assert change["before"] == ["re_points=130"] and change["after"] == ["re_points=90"]
    sheet = ok_json(quick("score", "--json", "--match", played))
    assert sheet["totals"] == {"Anna": -7, "Ben": 7, "Carla": 5, "Dirk": -5}
    (record,) = amended(played, 2)
    assert record["what"] == "facts" and record["after"] == ["re_points=90"]
    assert isinstance(record["at"], datetime)
    assert amended(played, 1) == [] and amended(played, 3) == []


def test_a_refused_amendment_leaves_the_file_alone(sk, played: Path) -> None:
    before = snapshot(played)
    # Three queens of clubs in trick 1: the replay refuses the third copy.
    res = sk("amend", "1", "--trick", "1", "QC", "QC", "QC", "QC", "--match", played)
    assert_refused(res, rule="deck.copies", path=played, before=before)
    # 241 card points of 240, with --json: the error object names the rule.
    res = sk("amend", "2", "re_points=241", "--match", played, "--json")
    assert snapshot(played) == before, "the match file or its folder changed"
    json_refusal(res, "card_points.total")


# ---------------------------------------------------------------------- check


def write_match(path: Path, ruleset: str, hands: str) -> Path:
    path.write_text(
        'format = "scorekeeper-match/1"\n'
        f'ruleset = "{ruleset}"\n'
        'players = ["Anna", "Ben", "Carla", "Dirk"]\n'
        'first_dealer = "Anna"\n'
        "started = 2024-05-01T20:00:00+02:00\n" + hands,
        encoding="utf-8",
    )
    return path


def full_hand_file(path: Path, actions: list[str]) -> Path:
    body = ",\n".join(f'    "{a}"' for a in actions)
    return write_match(path, "doppelkopf", f"\n[[hand]]\nactions = [\n{body},\n]\n")


def test_check_accepts_the_written_hand(quick, tmp_path: Path) -> None:
    path = full_hand_file(tmp_path / "good.toml", ACTIONS)
    res = quick("check", path)
    assert res.returncode == 0, res.stderr


def test_check_flags_a_card_three_times(sk, tmp_path: Path) -> None:
    # Edited by hand: Anna's 9H in trick 11 becomes a third QC (both were played in trick
    # 3), so the hand's cards no longer add up: 3 QC and 1 9H. The engine refuses the
    # third copy as it replays, so check reports it there, with its line and rule.
    actions = list(ACTIONS)
    assert actions[43] == "Anna 9H"
    actions[43] = "Anna QC"
    path = full_hand_file(tmp_path / "edited.toml", actions)
    res = sk("check", path)
    assert res.returncode == 1
    assert "Traceback" not in res.stderr
    out = one_line(res.stderr)
    assert "QC" in out and "deck.copies" in out
    assert f"{path.name}:" in out


@pytest.mark.parametrize(
    ("ruleset", "quick_table", "rule"),
    [
        # 240 card points in the Doppelkopf pack.
        ("doppelkopf", 'quick = { re = ["Anna", "Carla"], re_points = 241 }', "card_points"),
        # Kloepper: the others took every trick, yet the queens have 100 card points.
        (
            "kloepper",
            'quick = { queens = ["Anna", "Carla"], queens_points = 100, all_tricks = "others" }',
            "card_points",
        ),
        # Bierkopf (short pack): every card is worth 2 or more, so a team that took a trick
        # has 8 or more: Anna's team with 5 has card points without a trick to hold them.
        ("bierkopf", 'quick = { team = "Anna", points = 5 }', "card_points"),
    ],
    ids=["doppelkopf 241", "kloepper points without a trick", "bierkopf 5"],
)
def test_check_flags_impossible_quick_numbers(sk, tmp_path: Path, ruleset, quick_table, rule):
    path = write_match(
        tmp_path / f"{ruleset}.toml", ruleset, f"\n[[hand]]\nactions = []\n{quick_table}\n"
    )
    res = sk("check", path, "--json")
    assert res.returncode == 1, res.stdout
    report = json.loads(res.stdout)
    assert report["ok"] is False and report["problems"]
    assert f"[rule: {rule}" in report["problems"][0], report["problems"]
