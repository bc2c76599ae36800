"""The fast reader of canonical match files (``matchlog.canonical``) against ``tomllib``.

On random match logs written by the tool (any strings: quotes, backslashes, control
characters, other scripts; quick hands; the user's own keys) the fast reader either gives
exactly the data ``tomllib`` gives or declines; it never declines the plain card-by-card
files the tool writes. A file in any other layout (comments, inline arrays, CRLF, a
missing final newline, a key twice) is declined and read by ``tomllib``, with the same
result or the same refusal as before.
"""

from __future__ import annotations

import tomllib
from datetime import datetime, timedelta, timezone
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import matchlog
from scorekeeper.errors import MatchFileError
from scorekeeper.matchlog import HandRecord, MatchLog, SourceMap, canonical
from scorekeeper.matchlog.shape import shape_problems

STARTED = datetime(2026, 11, 23, 20, 0, tzinfo=timezone(timedelta(hours=1)))
PLAIN = st.text(st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters='"\\'))
ANY = st.text()
NAMES = st.lists(st.one_of(PLAIN, ANY).filter(bool), min_size=2, max_size=6, unique=True)
PLAIN_NAMES = st.lists(PLAIN.filter(bool), min_size=2, max_size=6, unique=True)


@st.composite
def logs(draw: st.DrawFn, text: st.SearchStrategy[str] = ANY, extras: bool = True) -> MatchLog:
    players = draw(NAMES if extras else PLAIN_NAMES)
    hands = []
    for _ in range(draw(st.integers(0, 4))):
        # (a match whose only hand has no action is written inline: declined, still right)
        actions = draw(st.lists(text, min_size=0 if extras else 1, max_size=6))
        deal = draw(
            st.none() | st.fixed_dictionaries({p: st.lists(text, max_size=3) for p in players})
        )
        quick = (
            draw(st.none() | st.dictionaries(PLAIN.filter(bool), st.integers() | PLAIN, max_size=2))
            if extras
            else None
        )
        hands.append(HandRecord(actions=actions, deal=deal, quick=quick))
    return MatchLog("doppelkopf", players, players[0], STARTED, hands=hands)


@settings(max_examples=300, deadline=None)
@given(logs())
def test_the_fast_reader_gives_what_tomllib_gives_or_declines(log: MatchLog) -> None:
    text = log.dumps()
    fast = canonical.parse(text)
    assert fast is None or fast == tomllib.loads(text)


@settings(max_examples=200, deadline=None)
@given(logs(PLAIN, extras=False).filter(lambda log: bool(log.hands)))
def test_plain_card_by_card_files_are_read_fast(log: MatchLog) -> None:
    text = log.dumps()
    assert canonical.parse(text) == tomllib.loads(text)


SAMPLE = MatchLog(
    "doppelkopf",
    ["Anna", "Ben", "Carla", "Dirk"],
    "Anna",
    STARTED,
    hands=[
        HandRecord(actions=["Ben QC", "Carla 9D"], deal={"Anna": ["QC"], "Ben": ["9D"]}),
        HandRecord(actions=["Anna re"]),
    ],
).dumps()

NOT_CANONICAL = {
    "comment": SAMPLE.replace('"Carla 9D",\n', '"Carla 9D", # late\n'),
    "inline array": SAMPLE.replace('actions = [\n    "Anna re",\n]', 'actions = ["Anna re"]'),
    "crlf": SAMPLE.replace("\n", "\r\n"),
    "no final newline": SAMPLE.rstrip("\n"),
    "escape": SAMPLE.replace('"Ben QC"', '"Ben \\u0051C"'),
    "literal string": SAMPLE.replace('"Ben QC"', "'Ben QC'"),
    "hand table in the header": SAMPLE.replace("started", "hand = 1\nstarted"),
    "extra blank line": SAMPLE.replace("\n[[hand]]", "\n\n[[hand]]"),
    "escape in a deal": SAMPLE.replace('    "QC",\n', '    "\\u0051C",\n'),
    "tab in a deal": SAMPLE.replace('    "QC",\n', '    "Q\tC",\n'),
    "control character in a deal": SAMPLE.replace('    "QC",\n', '    "Q\x01C",\n'),
    "line end in an action": SAMPLE.replace('"Ben QC"', '"Ben\nQC"'),
    "a deal of seven": SAMPLE.replace(
        "[hand.deal]\n", "[hand.deal]\n" + "".join(f"P{n} = []\n" for n in range(5))
    ),
}


@pytest.mark.parametrize("name", sorted(NOT_CANONICAL))
def test_any_other_layout_goes_through_tomllib(name: str) -> None:
    text = NOT_CANONICAL[name]
    assert canonical.parse(text) is None
    try:
        expected = MatchLog.from_dict(tomllib.loads(text))
    except (tomllib.TOMLDecodeError, MatchFileError):
        with pytest.raises(MatchFileError):
            matchlog.loads(text)
        return
    assert matchlog.loads(text)[0] == expected


def test_a_key_twice_is_refused_as_tomllib_refuses_it() -> None:
    text = SAMPLE.replace(
        'Ben = [\n    "9D",\n]\n', 'Ben = [\n    "9D",\n]\nBen = [\n    "9D",\n]\n'
    )
    assert canonical.parse(text) is None
    with pytest.raises(MatchFileError, match=r"<match>:\d+: column"):
        matchlog.loads(text)


def test_a_canonical_file_reads_to_the_same_log() -> None:
    assert canonical.parse(SAMPLE) == tomllib.loads(SAMPLE)
    assert matchlog.loads(SAMPLE)[0] == MatchLog.from_dict(tomllib.loads(SAMPLE))


FLAWS = ("none", "blank action", "stranger plays", "stranger dealt", "blank card")


@st.composite
def nearly_sound_logs(draw: st.DrawFn) -> MatchLog:
    """Plain card-by-card logs, sound but for at most one flaw, somewhere: a blank action,
    an action of someone not at the table, a deal to such a one, a blank card."""
    players = draw(PLAIN_NAMES)
    stranger = draw(PLAIN.filter(lambda name: bool(name) and name not in players))
    word = st.sampled_from(["QC", "10H", "re"]) | PLAIN.filter(str.strip)
    action = st.builds(lambda who, what: f"{who} {what}", st.sampled_from(players), word)
    hands = [
        HandRecord(
            actions=draw(st.lists(action, min_size=1, max_size=6)),
            deal=draw(
                st.none() | st.fixed_dictionaries({p: st.lists(word, max_size=3) for p in players})
            ),
        )
        for _ in range(draw(st.integers(1, 4)))
    ]
    flaw, hand = draw(st.sampled_from(FLAWS)), draw(st.sampled_from(hands))
    if flaw == "blank action":
        hand.actions.append(draw(st.sampled_from([" ", "\u3000", ""])))
    elif flaw == "stranger plays":
        hand.actions.append(f"{stranger} QC")
    elif flaw == "stranger dealt":
        hand.deal = {**(hand.deal or {}), stranger: ["QC"]}
    elif flaw == "blank card":
        hand.deal = {**(hand.deal or {}), players[0]: ["QC", " "]}
    return MatchLog("doppelkopf", players, players[0], STARTED, hands=hands)


@settings(max_examples=300, deadline=None)
@given(st.one_of(nearly_sound_logs(), logs(), logs(PLAIN, extras=False)))
def test_the_fast_reader_finds_the_shape_problems_tomllib_data_has(log: MatchLog) -> None:
    # the canonical hands' strings are checked once each, not hand by hand: same problems
    text = log.dumps()
    fast = canonical.parse(text)
    if fast is not None:
        assert shape_problems(fast) == shape_problems(tomllib.loads(text))


def test_a_sound_canonical_file_is_checked_by_its_distinct_strings() -> None:
    fast = canonical.parse(SAMPLE)
    assert fast is not None
    words = fast["hand"].words
    assert sorted(words.actions) == ["Anna re", "Ben QC", "Carla 9D"]
    assert sorted(words.players) == ["Anna", "Ben"]
    assert sorted(words.cards) == ["9D", "QC"]
    assert shape_problems(fast) == []
    assert matchlog.loads(SAMPLE)[1]._starts == fast["hand"].starts  # lines hand by hand
    for flawed in (SAMPLE.replace('"Carla 9D"', '"Erik 9D"'), SAMPLE.replace('"QC",', '" ",')):
        fast = canonical.parse(flawed)
        assert fast is not None
        assert shape_problems(fast) == shape_problems(tomllib.loads(flawed)) != []


@settings(max_examples=200, deadline=None)
@given(st.one_of(logs(PLAIN, extras=False), nearly_sound_logs(), logs()), st.randoms())
def test_lines_found_hand_by_hand_are_the_whole_scans(log: MatchLog, rnd: Any) -> None:
    # a file the fast reader takes: its source map scans only the header or the one hand
    # a line is asked in; every line it gives is the one the scan of the whole text gives
    log.options = {"fox": True, "bock": {"after": 3}} if rnd.random() < 0.3 else {}
    text = log.dumps()
    fast_data = canonical.parse(text)
    if fast_data is None:
        return
    whole, fast = SourceMap(text), SourceMap(text, fast_data["hand"].starts)
    paths = list(whole._lines)
    hands = len(log.hands)
    paths += [("hand",), ("hand", hands), ("hand", -1), ("hand", 0, "deal", "nobody")]
    paths += [("hand", hands - 1, "actions", 99), ("options", "fox"), ("nothing",), ()]
    rnd.shuffle(paths)
    for path in paths:
        assert fast.line_of_path(path) == whole.line_of_path(path), path
        assert fast.line_near((*path, "x", 3)) == whole.line_near((*path, "x", 3)), path
    for key in ("players", "options.fox", "started", "nothing"):
        assert fast.line_of_key(key) == whole.line_of_key(key)
