"""Tests for the TOML source map: the line of every key, hand, action, deal and quick fact."""

from __future__ import annotations

from pathlib import Path

from match_samples import HAND, HEADER, problems_of, sample_log

from scorekeeper.matchlog import SourceMap, loads, read, write


def test_action_line_canonical(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    write(path, sample_log())
    source_map = read(path)[1]
    # lines pinned against SAMPLE_TEXT
    assert source_map.hand_line(0) == 16
    assert [source_map.action_line(0, a) for a in range(3)] == [18, 19, 20]
    assert source_map.deal_line(0, "Anna") == 24
    assert source_map.hand_line(1) == 30
    assert [source_map.action_line(1, a) for a in range(2)] == [32, 33]
    assert source_map.quick_line(1, "re") == 38
    assert source_map.quick_line(1, "re_points") == 42
    assert source_map.quick_line(1, "extras") == 43
    assert source_map.line_of_key("players") == 3
    assert source_map.line_of_key("started") == 10
    assert source_map.line_of_key("_venue") == 11
    assert source_map.line_of_key("options.fox") == 14
    assert source_map.action_line(0, 3) is None
    assert source_map.action_line(2, 0) is None
    assert source_map.hand_line(2) is None
    assert source_map.deal_line(1, "Anna") is None
    assert source_map.line_of_key("nothing") is None


def test_action_line_one_line_form() -> None:
    text = HEADER + '\n[[hand]]\nactions = ["Anna re", "Ben QC", "Carla QS", "Dirk 9H"]\n'
    source_map = loads(text)[1]
    assert [source_map.action_line(0, a) for a in range(4)] == [8, 8, 8, 8]
    assert source_map.action_line(0, 4) is None


def test_action_line_hand_edited_form() -> None:
    text = (
        HEADER
        + """\
options.fox = true
options."a.b" = 1

[[hand]]   # first hand, "quoted" [not a table]
actions = [ # the first trick [
  "Anna re", "Ben QC",   # two on one line, "Carla QS", in a comment
  "Carla \\"10H\\" # not a comment, [nor a table]",
  'Dirk [KH] # literal',
  # "Anna AD", commented out
  \"\"\"Anna \\
AD \\\"\"\" # still inside\"\"\",
  "Ben 9C" ,"Carla KC"
]
_x = "a # b [c]"

[hand.deal]
Anna = ["QC", "QC"]
"Ben" = [
  "10H",
]

[hand.quick]
re = ["Anna"]

[[hand]]
deal = { Dirk = ["9C"], Carla = ["KH"] }
actions = [
    "Dirk re",
]
quick.re_points = 120
"""
    )
    log, source_map = loads(text)
    assert log.hands[0].actions == [
        "Anna re",
        "Ben QC",
        'Carla "10H" # not a comment, [nor a table]',
        "Dirk [KH] # literal",
        'Anna AD """ # still inside',  # a line-ending backslash: no control character
        "Ben 9C",
        "Carla KC",
    ]
    assert log.options == {"fox": True, "a.b": 1}
    assert source_map.line_of_key("options.fox") == 6
    assert source_map.line_of_key('options."a.b"') == 7
    assert source_map.hand_line(0) == 9
    assert [source_map.action_line(0, a) for a in range(7)] == [11, 11, 12, 13, 15, 17, 17]
    assert source_map.line_of_path(("hand", 0, "_x")) == 19
    assert source_map.deal_line(0, "Anna") == 22
    assert source_map.deal_line(0, "Ben") == 23
    assert source_map.quick_line(0, "re") == 28
    assert source_map.hand_line(1) == 30
    assert source_map.deal_line(1, "Dirk") == 31
    assert source_map.deal_line(1, "Carla") == 31
    assert source_map.action_line(1, 0) == 33
    assert source_map.quick_line(1, "re_points") == 35


def test_inline_hand_array() -> None:
    text = (
        HEADER
        + """\
hand = [
  { actions = ["Anna re", "Ben QC"] },
  { actions = [
      "Carla re",
    ], quick = { re = ["Carla", "Dirk"] } },
]
"""
    )
    log, source_map = loads(text)
    assert len(log.hands) == 2
    assert source_map.hand_line(0) == 7
    assert source_map.action_line(0, 1) == 7
    assert source_map.hand_line(1) == 8
    assert source_map.action_line(1, 0) == 9
    assert source_map.quick_line(1, "re") == 10


def test_inline_hand_problem_line(tmp_path: Path) -> None:
    path = tmp_path / "m.toml"
    text = HEADER + 'hand = [\n  { actions = [] },\n  { actions = ["Bob re"] },\n]\n'
    assert problems_of(tmp_path, text) == [
        f"{path}:8: action 'Bob re': Bob is not a player of this match"
    ]


def test_source_map_survives_garbage() -> None:
    source_map = SourceMap('a = [1, "unterminated\n[[hand]\nactions = {{{\n"\\u12"= 3\n')
    assert source_map.line_of_key("a") == 1
    assert SourceMap("").hand_line(0) is None


def test_crlf_line_endings() -> None:
    text = (HEADER + HAND).replace("\n", "\r\n")
    log, source_map = loads(text)
    assert log.hands[0].actions == ["Anna re", "Ben QC"]
    assert source_map.action_line(0, 1) == 10
