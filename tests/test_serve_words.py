"""Every word a German or Dutch live page shows is the page's language (issue 29, with
issue 27): a word the program says in English (its catalogue's English templates, the
English game terms of the language files) may stand on a page of another language only
where that language's catalogue or language file says it too. Every rule set, hands played
through at random with what the players may say, the scorer's page with its buttons and
quick hand form, the sheet, the last hand's value and the private referee's answers."""

from __future__ import annotations

import functools
import html
import random
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

pytest.importorskip("starlette", reason="the serve extra is not installed")

from scorekeeper import matchlog, ruleset, simulate
from scorekeeper.errors import ScorekeeperError
from scorekeeper.hand import Hand
from scorekeeper.matchlog import MatchLog
from scorekeeper.serve import page
from scorekeeper.serve.asking import may_play
from scorekeeper.serve.live import read_state, speaking
from scorekeeper.session import Session
from scorekeeper.view.words import cards

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
WORD = re.compile(r"[^\W\d_]{2,}")
CODE = re.compile(r"(?<![\w-])(?:10|[2-9JQKA])[CSHD](?![\w-])")
"""A card's code (``AC``): the page names cards in its language (``A♣``)."""
RULE_SETS = {
    "doppelkopf": 4, "doppelkopf-ddv": 4, "klaberjass": 2, "klaverjassen": 4,
    "klaverjassen-3": 3, "klaverjassen-rotterdam": 4, "klaverjassen-wilde-boom": 4,
    "kloepper": 4, "bierkopf": 4,
}  # fmt: skip
PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]


def _strings(value: Any, skip: tuple[str, ...] = ()) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in skip:
                yield from _strings(v)


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


def _catalogue(lang: str) -> Any:
    with (PACKAGE / f"locale/{lang}/LC_MESSAGES/scorekeeper.po").open("rb") as f:
        return read_po(f)


@functools.cache
def said_in(lang: str) -> frozenset[str]:
    """Every word ``lang``'s catalogue and language file say (not the codes it reads)."""
    out: set[str] = set()
    for m in _catalogue(lang):
        out |= _words(m.string if isinstance(m.string, str) else " ".join(m.string or ()))
    data = tomllib.loads((PACKAGE / f"lang/{lang}.toml").read_text(encoding="utf-8"))
    for text in _strings(data, skip=("read", "codes", "nicknames")):
        out |= _words(text)
    for text in data.get("read", {}):
        out |= _words(text)
    return frozenset(out)


@functools.cache
def english() -> frozenset[str]:
    """Every word the program says in English: its templates and its game terms."""
    out: set[str] = set()
    for m in _catalogue("de"):
        out |= _words(m.id if isinstance(m.id, str) else m.id[0])
    data = tomllib.loads((PACKAGE / "lang/de.toml").read_text(encoding="utf-8"))
    for table in ("words", "terms"):
        for text in data.get(table, {}):
            out |= _words(text)
    return frozenset(out)


QUOTED = re.compile(r"'[^']*'")
"""An example of what to type, quoted (``'Ben:7H 8H 9H'``): card codes are read there too."""


def left_in_english(line: str, lang: str, names: set[str]) -> set[str]:
    """The words of ``line`` that only English says, and the card codes in it (outside an
    example of what to type)."""
    words = {
        w
        for w in WORD.findall(line)
        if w.lower() in english() and w.lower() not in said_in(lang) and w.lower() not in names
    }
    return words | set(CODE.findall(QUOTED.sub(" ", line)))


def shown(document: str) -> list[str]:
    """The lines a person reads on a page (its text, the words of its fields)."""
    document = re.sub(r"<(script|style)\b.*?</\1>", " ", document, flags=re.S)
    read = re.findall(r'(?:placeholder|title|aria-label)="([^"]*)"', document)
    text = re.sub(r"<[^>]+>", "\n", document)
    lines = html.unescape("\n".join([text, *read])).splitlines()
    return [line.strip() for line in lines if line.strip()]


def _step(path: Path, rng: random.Random) -> None:
    """One entry: the next hand dealt at random where none is open; else something a
    player may say (often), or a legal card."""
    with Session.edit(path) as session:
        match = session.match
        if match.open_hand is None:
            hand = Hand(match.rules, match.players, match.next_dealer(), context=match.context())
            dealt = simulate.deal(match.rules, hand.players, rng)
            session.deal({p: [c.code for c in cs] for p, cs in dealt.items()})
        actions = session.current_hand().legal_actions()
        said = [a for a in actions if not a.is_play]
        plays = [a for a in actions if a.is_play]
        pick = rng.choice(said if said and (not plays or rng.random() < 0.5) else plays)
        session.record([pick.text])


def _referee(state: Any, lang: str) -> list[str]:
    """The private referee's answer for the player to play, holding their own cards."""
    hand = state.session.current_hand()
    player = hand.to_play()
    holding = hand.holding(player) if player is not None else None
    if not holding:
        return []
    held = " ".join(cards(c.code) for c in holding)
    try:
        return may_play(state, held, lang)
    except ScorekeeperError as err:
        return [err.message]


@pytest.mark.parametrize("lang", ["de", "nl"])
@pytest.mark.parametrize("rule_set", sorted(RULE_SETS))
def test_every_word_on_the_page_is_the_page_s_language(
    lang: str, rule_set: str, tmp_path: Path
) -> None:
    players = PLAYERS[: RULE_SETS[rule_set]]
    rules = ruleset.load(rule_set)
    path = tmp_path / "m.toml"
    matchlog.write(path, MatchLog.new(rule_set, players, players[0], rules.overrides, lang=lang))
    names = {p.lower() for p in players} | _words(rules.name)
    rng = random.Random(rule_set)
    found: dict[str, set[str]] = {}
    for step in range(300):
        state = read_state(path)
        assert state.session is not None, state.problem
        match = state.session.match
        ended = bool(match.hands) and match.hands[-1].result is not None
        if step % 5 == 0 or ended:
            with speaking(lang):
                body = page.live(state, lang, True)
                document = page.document("k", lang, body, scorer=True, quick=page.quick_form(state))
                lines = shown(document) + _referee(state, lang)
            for line in lines:
                if bad := left_in_english(line, lang, names):
                    found.setdefault(line, bad)
        if match.over() or sum(mh.result is not None for mh in match.hands) >= 2:
            break
        _step(path, rng)
    assert not found, found


def test_the_check_sees_english_left_on_a_page() -> None:
    assert left_in_english("Anna calls AC, Klopfen und reply", "de", {"anna"}) == {
        "calls",
        "reply",
        "AC",
    }
