"""Statistics across matches through the real command line, on matches whose hands are
known: the figures are worked out here by hand from the score sheet's facts."""

from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import run_cli

from scorekeeper.session.cache import seal


def _ok(home: Path, *args: str | Path) -> str:
    res = run_cli(home, *args)
    assert res.returncode == 0, res.stderr
    return res.stdout


def _stats(home: Path, *args: str) -> dict:
    return json.loads(_ok(home, "stats", "--json", *args))


def _doppelkopf(home: Path, name: str = "dk", dealer: str = "Anna") -> Path:
    """Three quick hands: Re (Anna, Carla) wins with Anna's re; Re (Ben, Dirk) loses with
    100; Re (Anna, Ben) wins with 200. (Two matches started in the same second with the
    same dealer are the same bytes, counted once: give another dealer.)"""
    path = home / "matches" / f"{name}.toml"
    new = ("new", "doppelkopf", "Anna", "Ben", "Carla", "Dirk", "--dealer", dealer)
    _ok(home, *new, "--match", path)
    _ok(home, "hand", "re=Anna,Carla", "re_points=165", "-a", "Anna re")
    _ok(home, "hand", "re=Ben,Dirk", "re_points=100")
    _ok(home, "hand", "re=Anna,Ben", "re_points=200")
    return path


def _klaverjassen(home: Path) -> Path:
    """Ben makes spades with 100; Anna makes hearts and takes nothing (nat, Ben/Dirk pit)."""
    path = home / "matches" / "kj.toml"
    _ok(home, "new", "klaverjassen", "Anna", "Ben", "Carla", "Dirk", "--match", path)
    _ok(home, "hand", "playing=Ben", "trump=S", "points=100", "roem=0", "roem_other=20")
    _ok(home, "hand", "playing=Anna", "trump=hearts", "points=0")
    return path


def _totals(home: Path, match: Path) -> tuple[dict[str, int], dict[str, list[int]]]:
    """The export's totals and each player's hand scores: the sheet's own numbers."""
    data = json.loads(_ok(home, "export", "--match", match))
    scores: dict[str, list[int]] = {p: [] for p in data["players"]}
    for hand in data["hands"]:
        for p, s in hand["result"]["scores"].items():
            scores[p].append(s)
    return data["totals"], scores


def test_doppelkopf_figures_per_player(tmp_path: Path) -> None:
    match = _doppelkopf(tmp_path)
    data = _stats(tmp_path)
    assert (data["matches"], data["hands"], data["games"]) == (1, 3, {"doppelkopf": 1})
    totals, scores = _totals(tmp_path, match)
    anna, ben = data["players"]["Anna"], data["players"]["Ben"]
    assert (anna["hands"], anna["won"], anna["lost"], anna["tied"]) == (3, 3, 0, 0)
    assert (ben["hands"], ben["won"], ben["lost"]) == (3, 1, 2)
    assert (anna["longest_winning_streak"], anna["longest_losing_streak"]) == (3, 0)
    assert (ben["longest_winning_streak"], ben["longest_losing_streak"]) == (1, 2)
    for p, figures in data["players"].items():
        assert figures["points"] == totals[p]
        assert (figures["best"], figures["worst"]) == (max(scores[p]), min(scores[p]))
        assert figures["average"] == round(totals[p] / 3, 2)
    assert anna["partners"] == {
        "Ben": {"together": 1, "won": 1},
        "Carla": {"together": 2, "won": 2},
    }
    assert ben["partners"] == {"Anna": {"together": 1, "won": 1}, "Dirk": {"together": 2, "won": 0}}
    assert anna["special"] == {
        "announce.good:re": 1,
        "announce.made:re": 1,
        "contra.played": 1,
        "contra.won": 1,
        "re.played": 2,
        "re.won": 2,
    }
    assert ben["special"] == {"contra.played": 1, "re.played": 2, "re.won": 1}
    text = _ok(tmp_path, "stats", "--player", "Anna")
    assert "matches: 1, hands: 3; won 3, lost 0, tied 0" in text
    assert "as Re: won 2 of 2" in text and "announced re: made good 1 of 1" in text
    assert "Ben" not in text.split("Anna", 1)[0]


def test_klaverjassen_maker_nat_pit_and_roem(tmp_path: Path) -> None:
    _klaverjassen(tmp_path)
    players = _stats(tmp_path)["players"]
    assert players["Ben"]["special"] == {"maker.made": 1, "maker.played": 1, "pit": 1}
    assert players["Anna"]["special"] == {"maker.nat": 1, "maker.played": 1, "roem": 20}
    assert players["Carla"]["special"] == {"roem": 20}
    assert players["Dirk"]["special"] == {"pit": 1}
    text = _ok(tmp_path, "stats", "--game", "klaverjassen", "--player", "Ben")
    assert "trump maker: made 1 of 1 (100%), nat 0" in text and "pit 1" in text


def test_filters_by_game_player_and_date(tmp_path: Path) -> None:
    _doppelkopf(tmp_path)
    _klaverjassen(tmp_path)
    assert _stats(tmp_path)["matches"] == 2
    assert _stats(tmp_path, "--game", "doppelkopf")["games"] == {"doppelkopf": 1}
    assert _stats(tmp_path, "--game", "klaverjassen")["hands"] == 2
    only = _stats(tmp_path, "--player", "Carla")
    assert list(only["players"]) == ["Carla"] and only["players"]["Carla"]["matches"] == 2
    assert _stats(tmp_path, "--since", "2999-01-01")["matches"] == 0
    assert "no finished hands" in _ok(tmp_path, "stats", "--since", "2999-01-01")
    assert _stats(tmp_path, "--since", "2000-01-01")["matches"] == 2
    for args, words in (
        (("--since", "yesterday"), "give a date as YYYY-MM-DD"),
        (("--player", "Zoe"), "no match counted has a player named Zoe"),
    ):
        res = run_cli(tmp_path, "stats", *args)
        assert res.returncode == 2 and words in res.stderr and res.stdout == ""
        assert res.stderr.rstrip().endswith("[usage]")


def test_a_run_goes_on_into_the_next_match_and_archived_ones_count(tmp_path: Path) -> None:
    _doppelkopf(tmp_path, "dk1")
    _doppelkopf(tmp_path, "dk2", dealer="Ben")
    anna = _stats(tmp_path)["players"]["Anna"]
    assert (anna["matches"], anna["hands"], anna["longest_winning_streak"]) == (2, 6, 6)
    dirk = _stats(tmp_path)["players"]["Dirk"]
    assert dirk["longest_losing_streak"] == 6
    _ok(tmp_path, "archive", "dk1")
    assert _stats(tmp_path)["players"]["Anna"]["matches"] == 2


def test_the_cache_never_wins_over_the_file(tmp_path: Path) -> None:
    match = _doppelkopf(tmp_path)
    first = _stats(tmp_path)
    entries = list((tmp_path / "cache" / "stats").glob("*.json"))
    assert len(entries) == 1
    assert _stats(tmp_path) == first  # from the cache
    entries[0].write_text("{not json", encoding="utf-8")  # a corrupt entry is made again
    assert _stats(tmp_path) == first
    # an entry whose rule set no longer reads the same is not used
    stored = json.loads(entries[0].read_bytes().partition(b"\n")[2])
    stored["rules"] = "another rule set"
    stored["figures"]["figures"]["Anna"]["won"] = 99
    body = json.dumps(stored).encode()  # sealed with the commands' key: the rule set decides
    key = (Path.home() / ".cache" / "scorekeeper" / "key").read_bytes()  # run_cli's (no XDG)
    entries[0].write_bytes(seal(key, body) + b"\n" + body)
    assert _stats(tmp_path) == first
    # a changed file is counted again
    _ok(tmp_path, "undo", "--yes", "--match", match)
    after = _stats(tmp_path)
    assert after["hands"] == 2 and after["players"]["Anna"]["hands"] == 2
    assert len(list((tmp_path / "cache" / "stats").glob("*.json"))) == 1  # the old one went
    assert "hands: 2;" in _ok(tmp_path, "matches")


def test_a_broken_file_is_left_out_with_a_warning(tmp_path: Path) -> None:
    _doppelkopf(tmp_path)
    (tmp_path / "matches" / "broken.toml").write_text("ruleset = [", encoding="utf-8")
    res = run_cli(tmp_path, "stats")
    assert res.returncode == 0
    assert "left out broken" in res.stderr and "matches: 1, hands: 3 (" in res.stdout
    data = _stats(tmp_path)
    assert data["matches"] == 1
    assert data["skipped"] == [{"name": "broken", "kind": "match file", "rule": "match"}]
    listed = json.loads(_ok(tmp_path, "matches", "--json"))["matches"]
    broken = next(m for m in listed if m["name"] == "broken")
    assert broken["ok"] is False and broken["problem"]["kind"] == "match file"
    stacked = run_cli(tmp_path, "matches", env={"COLUMNS": "40"}).stdout
    assert "    unreadable: broken.toml:1: column" in stacked.splitlines()[1], stacked
    assert "; ;" not in stacked
    assert "unreadable" in run_cli(tmp_path, "matches", env={"COLUMNS": "160"}).stdout


def test_every_family_counts_and_adds_up(tmp_path: Path) -> None:
    for ruleset, hands in (("kloepper", 8), ("bierkopf", 8), ("klaberjass", 6)):
        match = tmp_path / "matches" / f"{ruleset}.toml"
        _ok(tmp_path, "demo", "--current", ruleset, "--hands", str(hands), "--match", match)
        data = _stats(tmp_path, "--game", ruleset)
        totals, _ = _totals(tmp_path, match)
        for p, figures in data["players"].items():
            assert figures["won"] + figures["lost"] + figures["tied"] == figures["hands"]
            assert figures["points"] == totals[p]
        counted = {k for f in data["players"].values() for k in f["special"]}
        known = {"knock", "knock.won", "lone.played", "lone.won", "all_tricks", "double"}
        known |= {"double.won", "maker.played", "maker.made", "bella", "sequences"}
        assert counted <= known


def test_doppelkopf_solos_announcements_and_extra_points(tmp_path: Path) -> None:
    """DDV: Anna wins a queens solo; Re (Ben, Carla) announces re and no90 and has fox
    and Doppelkopf but loses at 130; Dirk loses a jacks solo."""
    _ok(tmp_path, "new", "doppelkopf-ddv", "Anna", "Ben", "Carla", "Dirk")
    _ok(tmp_path, "hand", "re=Anna", "solo=queens", "re_points=150")
    _ok(
        tmp_path,
        "hand",
        "re=Ben,Carla",
        "re_points=130",
        "extras=Ben fox,Carla doppelkopf",
        "-a",
        "Ben re",
        "-a",
        "Ben no90",
    )
    _ok(tmp_path, "hand", "re=Dirk", "solo=jacks", "re_points=100")
    players = _stats(tmp_path, "--game", "doppelkopf")["players"]
    assert players["Anna"]["special"] == {
        "contra.played": 2,
        "contra.won": 2,
        "extra:against_the_queens": 1,
        "re.played": 1,
        "re.won": 1,
        "solo.played:queens": 1,
        "solo.won:queens": 1,
    }
    assert players["Ben"]["special"] == {
        "announce.made:no90": 1,
        "announce.made:re": 1,
        "contra.played": 2,
        "contra.won": 1,
        "extra:doppelkopf": 1,  # the extra points of the player's side
        "extra:fox": 1,
        "re.played": 1,
    }
    assert players["Dirk"]["special"]["solo.played:jacks"] == 1
    assert "solo.won:jacks" not in players["Dirk"]["special"]
    text = _ok(tmp_path, "stats", "--player", "Ben")
    assert "announced no90: made good 0 of 1" in text and "extra points won: fox 1" in text
    assert "solo queens: won 1 of 1" in _ok(tmp_path, "stats", "--player", "Anna")


def test_a_game_asked_of_an_empty_data_folder_is_said_plainly(tmp_path: Path) -> None:
    for lang, words in (
        ("en", "no doppelkopf match is in the data folder: it holds no match yet"),
        ("de", "keine Partie doppelkopf im Datenordner: er enthält noch keine Partie"),
        ("nl", "geen partij doppelkopf in de gegevensmap: er staat nog geen partij in"),
    ):
        res = run_cli(tmp_path, "--lang", lang, "stats", "--game", "doppelkopf")
        assert res.returncode == 2 and res.stdout == "", res.stderr
        assert words in res.stderr and "(-)" not in res.stderr, res.stderr


def test_an_unknown_game_is_refused_and_a_copy_counts_once(tmp_path: Path) -> None:
    match = _doppelkopf(tmp_path)
    res = run_cli(tmp_path, "stats", "--game", "doppelkopff")
    assert res.returncode == 2 and res.stdout == ""
    assert "no match in the data folder plays doppelkopff" in res.stderr
    assert "(doppelkopf)" in res.stderr and res.stderr.rstrip().endswith("[usage]")
    copy = tmp_path / "copy.toml"
    copy.write_bytes(match.read_bytes())
    _ok(tmp_path, "import", copy)  # the same match, byte for byte, under another name
    data = _stats(tmp_path)
    assert (data["matches"], data["hands"]) == (1, 3)
    assert data["players"]["Anna"]["hands"] == 3


def test_a_match_that_does_not_replay_is_left_out_naming_its_line(tmp_path: Path) -> None:
    """``stats`` replays a match without its source map (which keeps the whole text: a
    10,000-hand match's 13 MB, see ``tests/test_memory_bound.py``); a match that does not
    replay is read again with it, so that its problem names the line, as ``check`` does,
    the cache on and off, and the figures kept for it say the same."""
    path = _doppelkopf(tmp_path)
    text = path.read_text(encoding="utf-8")
    bad = text.replace("re_points = 100", "re_points = 400")
    assert bad != text
    path.write_text(bad, encoding="utf-8")
    line = next(i for i, row in enumerate(bad.splitlines(), 1) if "re_points = 400" in row)
    said = [
        json.loads(run_cli(tmp_path, "matches", "--json", env=env).stdout)["matches"][0]
        for env in ({"SCOREKEEPER_CACHE": "off"}, {}, {})  # off, cold, from the cache
    ]
    assert said[0] == said[1] == said[2]
    problem = said[0]["problem"]
    assert problem["code"] == "replay" and f"dk.toml:{line}: " in problem["message"], problem
    checked = run_cli(tmp_path, "check", path)
    assert checked.returncode == 1 and problem["message"] in checked.stdout + checked.stderr
