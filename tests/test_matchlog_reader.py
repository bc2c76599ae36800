"""The one reader of match files (``matchlog.parse``): hand by hand whatever the layout,
exactly what ``tomllib`` reads, and the same refusals with the same lines."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from random_matches import RULESETS, random_log

from scorekeeper import matchlog
from scorekeeper.errors import MatchFileError

LAYOUTS = {
    "tool": lambda text: text,
    "dense": lambda text: text.replace("\n\n[[hand]]\n", "\n[[hand]]\n"),
    "crlf": lambda text: text.replace("\n", "\r\n"),
    "comments": lambda text: text.replace("\n[[hand]]\n", "\n# a hand\n[[hand]] # played\n"),
    "spaced": lambda text: text.replace("actions = [", "actions   =   [").replace(
        "\n[[hand]]\n", "\n\n\n[[hand]]   \n"
    ),
    "inline arrays": lambda text: _inline(text),
}


def _inline(text: str) -> str:
    """Every array written on one line, as another TOML writer might."""
    return text.replace("[\n    ", "[").replace(",\n    ", ", ").replace(",\n]", "]")


@settings(max_examples=40, deadline=None)
@given(
    ruleset=st.sampled_from(RULESETS),
    seed=st.integers(0, 10_000),
    layout=st.sampled_from(sorted(LAYOUTS)),
)
def test_every_layout_reads_as_tomllib_reads_it(ruleset: str, seed: int, layout: str) -> None:
    canonical = random_log(ruleset, 3, seed).dumps()
    text = LAYOUTS[layout](canonical)
    data, starts = matchlog.parse(text)
    assert data == tomllib.loads(text)
    if starts is not None:
        assert len(starts) == len(data["hand"])
        assert all(text.startswith("[[hand]]", s + 1) for s in starts)
    log, _ = matchlog.loads(text)
    assert log.dumps() == canonical


@pytest.mark.parametrize(
    "text",
    [
        'x = """\n[[hand]]\nactions = []\n"""\n',  # a cut inside a multi-line string
        "x = '''\n[[hand]]\n'''\n[[hand]]\nactions = []\n",
        "hand = []\n[[hand]]\nactions = []\n",  # a static array, then a table of it
        "[[hand]]\nactions = []\n[options]\nfox = true\n[[hand]]\nactions = []\n",
        "[[hand]]\nactions = []\n[hand.deal]\n[[hand]]\nactions = []\n[hand.deal]\n",
    ],
)
def test_text_that_does_not_cut_cleanly_reads_as_tomllib_reads_it(text: str) -> None:
    try:
        expected = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        with pytest.raises(tomllib.TOMLDecodeError) as raised:
            matchlog.parse(text)
        assert str(raised.value) == str(error)
        return
    assert matchlog.parse(text)[0] == expected


def test_a_broken_hand_is_refused_at_its_line_in_any_layout(tmp_path: Path) -> None:
    text = random_log("doppelkopf", 3, 1).dumps()
    for layout in ("tool", "dense", "comments"):
        laid = LAYOUTS[layout](text)
        broken = laid.replace('"Ben ', '"Bob ', 1)
        path = tmp_path / f"{layout}.toml"
        path.write_text(broken, encoding="utf-8")
        with pytest.raises(MatchFileError) as refused:
            matchlog.read(path)
        line = broken[: broken.index('"Bob ')].count("\n") + 1
        assert f"{layout}.toml:{line}:" in str(refused.value)
