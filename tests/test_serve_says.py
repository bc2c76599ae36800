"""What a player says, on the scorer's buttons and in the page's list of what was said, is a
sentence of the phone's language in the third person (``Anna ruft A♣``, ``Ben passt``,
``Carla sagt Re an``), never the infinitive or first person a table types (``Anna rufen
A♣``, ``Ben passe``); a refusal's example names its card as the table does (issue 29)."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from table_helpers import new_match, record_deal
from test_serve_code_words import next_action
from test_table_langs import ALL

pytest.importorskip("starlette", reason="the serve extra is not installed")

from scorekeeper.errors import ScorekeeperError
from scorekeeper.lang import language as words_of
from scorekeeper.serve import page
from scorekeeper.serve.live import read_state, speaking
from scorekeeper.session import Session

BUTTON = re.compile(r'<button data-act="[^"]*"[^>]*>(.*?)</button>')
SAID = re.compile(r'<section class="said"><h2>[^<]*</h2><ul class="plain">(.*?)</ul>', re.S)


def typed_forms(lang: str) -> set[str]:
    """What a table of ``lang`` types for the games' words (the language file's ``[words]``
    and ``[read]``: ``rufen``, ``rufe``, ``passe``, ``Klopfen``), lower case."""
    voc = words_of(lang)
    return {w.lower() for w in (*voc.words.values(), *voc.read)}


def sentences(path: Path, lang: str, choose: Any) -> list[str]:
    """Every button's words and every line of what was said, a whole hand through."""
    seen: list[str] = []
    for _ in range(200):
        state = read_state(path)
        with speaking(lang):
            body = page.live(state, lang, True)
        lines = BUTTON.findall(body)
        for said in SAID.findall(body):
            lines += re.findall(r"<li>(.*?)</li>", said)
        for line in lines:
            if "♥" in line or "♦" in line:  # a red suit, on a button as on a card
                assert re.search(r'<span class="red">[♥♦]</span>', line), line
            text = html.unescape(re.sub(r"<[^>]+>", "", line))
            if text not in seen:
                seen.append(text)
        assert state.session is not None, state.problem
        match = state.session.match
        if match.hands and match.hands[-1].result is not None:
            return seen
        with Session.edit(path) as session:
            session.record([next_action(session, choose)])
    return seen


@pytest.mark.parametrize("lang", ["de", "nl", "en"])
@pytest.mark.parametrize("case", ALL, ids=[c.game for c in ALL])
def test_what_a_player_says_is_a_sentence(lang: str, case: Any, tmp_path: Path) -> None:
    game, players, choose, seed, _ = case
    path = new_match(tmp_path, game, players, lang=lang)
    record_deal(path, seed)
    typed = typed_forms(lang) if lang != "en" else {"call", "pass", "knock", "double"}
    said = sentences(path, lang, choose)
    assert said, game
    wrong = []
    for line in said:
        player, _, rest = line.partition(" ")
        assert player in players, line
        verb = rest.split(" ")[0].lower()
        if not player.endswith(":") and verb in typed:  # 'Anna rufen A♣', 'Ben passe'
            wrong.append(line)
        if re.search(r"(?<![\w-])(?:10|[2-9JQKA])[CSHD](?![\w-])", line) and lang != "en":
            wrong.append(line)  # a card's code on a German or Dutch page
    assert not wrong, wrong


SAYS = {
    "de": ["Anna ruft A♣", "Ben klopft", "Anna spielt allein"],
    "nl": ["Anna roept A♣", "Ben klopt", "Anna speelt alleen"],
    "en": ["Anna calls AC", "Ben knocks", "Anna plays alone"],
}
"""As the catalogue words them today (the Dutch reader may find better words: then here)."""


@pytest.mark.parametrize("lang", ["de", "nl", "en"])
def test_kloepper_s_buttons_in_the_table_s_words(lang: str, tmp_path: Path) -> None:
    case = next(c for c in ALL if c.game == "kloepper")
    path = new_match(tmp_path, case.game, case.players, lang=lang)
    record_deal(path, case.seed)
    said = sentences(path, lang, case.choose)
    for line in SAYS[lang]:
        assert line in said, (line, said)


@pytest.mark.parametrize(
    ("lang", "example"), [("de", "'Anna D♣'"), ("nl", "'Anna V♣'"), ("en", "'Anna QC'")]
)
def test_a_refusal_s_example_names_the_card_as_the_table_does(
    lang: str, example: str, tmp_path: Path
) -> None:
    case = next(c for c in ALL if c.game == "doppelkopf")
    path = new_match(tmp_path, case.game, case.players, lang=lang)
    before = path.read_bytes()
    with (
        speaking(lang),
        pytest.raises(ScorekeeperError) as refused,
        Session.edit(path) as session,
    ):
        session.record(["Anna QC KC"])
    assert refused.value.message.endswith(example), refused.value.message
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("lang", "words"), [("de", "(keine 90, keine 60, keine 30, schwarz)"), ("nl", "(geen 90,")]
)
def test_what_re_takes_is_said_in_the_table_s_words(lang: str, words: str, tmp_path: Path) -> None:
    case = next(c for c in ALL if c.game == "doppelkopf")
    path = new_match(tmp_path, case.game, case.players, lang=lang)
    with (
        speaking(lang),
        pytest.raises(ScorekeeperError) as refused,
        Session.edit(path) as session,
    ):
        session.record(["Anna re QC"])
    assert words in refused.value.message, refused.value.message
    assert "no90" not in refused.value.message
