"""No English code word on a German or Dutch live page (issue 29, with issue 27's check):
every game's page, the scorer's view with its buttons and quick hand form, at every step of a whole hand
played through (what was said, the trick, the sides, the last hand's value, the sheet),
checked against the language file's ``[codes]`` as ``test_code_words`` checks the rest."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import in_process
from code_words import code_words
from table_helpers import _action_of, new_match, record_deal
from test_table_langs import ALL

pytest.importorskip("starlette", reason="the serve extra is not installed")

from scorekeeper.rules.source import shipped_dirs
from scorekeeper.serve import page
from scorekeeper.serve.live import read_state, speaking
from scorekeeper.session import Session
from scorekeeper.view.value import item_text

LANGS = ["de", "nl"]


def shown(document: str) -> list[str]:
    """The lines a person reads on a page: its text, with the buttons' and fields'
    words (no markup, no script, no style; attributes only where they are read)."""
    document = re.sub(r"<(script|style)\b.*?</\1>", " ", document, flags=re.S)
    read = re.findall(r'(?:placeholder|title|aria-label)="([^"]*)"', document)
    text = re.sub(r"<[^>]+>", "\n", document)
    return [line.strip() for line in html.unescape("\n".join([text, *read])).splitlines()]


def next_action(session: Session, choose: Any) -> str:
    """The chooser's words where it has some (``re``, a bid), else the first legal card."""
    hand = session.current_hand()
    said = [a for a in hand.legal_actions() if not a.is_play]
    words = choose(hand, said)
    if words is not None:
        return _action_of(hand, words, said)
    return next(a.text for a in hand.legal_actions() if a.is_play)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("case", ALL, ids=[c.game for c in ALL])
def test_every_game_s_live_page_is_in_the_table_s_words(
    lang: str, case: Any, tmp_path: Path
) -> None:
    game, players, choose, seed, _ = case
    path = new_match(tmp_path, game, players, lang=lang)
    record_deal(path, seed)
    found: dict[str, list[str]] = {}
    pages = 0
    for _ in range(200):
        state = read_state(path)
        with speaking(lang):
            body = page.live(state, lang, True)
            quick = page.quick_form(state)  # the scorer's quick hand form, every fact
            document = page.document("key", lang, body, scorer=True, quick=quick)
        pages += 1
        for line in shown(document):
            if codes := code_words(line, lang):
                found.setdefault(line, codes)
        assert state.session is not None, state.problem
        match = state.session.match
        if match.hands and match.hands[-1].result is not None:
            break
        with Session.edit(path) as session:
            session.record([next_action(session, choose)])
    assert pages > 10  # a whole hand, its pages before and after every entry
    assert not found, found


@pytest.mark.parametrize("lang", LANGS)
def test_the_check_would_see_a_code_on_a_page(lang: str) -> None:
    assert code_words(shown('<li>Ben: re</li><input placeholder="pass">')[1], lang) == ["re"]


RULE_SETS = sorted({p.stem for d in shipped_dirs() for p in d.glob("*.toml")})


def _english_runs(text: str) -> set[str]:
    """Every three words in a row of ``text`` (letters only, names left out)."""
    words = [w.strip(".,:;()").lower() for w in text.split()]
    return {
        " ".join(words[i : i + 3])
        for i in range(len(words) - 2)
        if all(w.isalpha() and len(w) > 1 for w in words[i : i + 3])
    }


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("rule_set", RULE_SETS)
def test_a_hand_s_value_on_the_page_is_worded_in_the_page_s_language(
    lang: str, rule_set: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each line of a hand's value as the live page shows it: no three English words in a
    row where the page speaks German or Dutch (lines made of lines, nat and roem in
    Klaverjassen, were left in the words of the replay)."""
    run = in_process(tmp_path / "home", monkeypatch)
    path = tmp_path / "m.toml"
    assert run("demo", rule_set, "--hands", "8", "--match", path).returncode == 0
    state = read_state(path)
    assert state.session is not None, state.problem
    left: dict[str, str] = {}
    for mh in state.session.match.hands:
        for item in mh.result.items if mh.result is not None else []:
            english = item_text(item)
            with speaking(lang):
                shown = item_text(item)
            if runs := {r for r in _english_runs(english) if r in shown.lower()}:
                left[shown] = ", ".join(sorted(runs))
    assert not left, left


@pytest.mark.parametrize("lang", LANGS)
def test_a_game_and_what_went_with_it_are_worded_part_by_part(lang: str) -> None:
    """A sheet's game (``normal, knock`` in Kloepper, ``normal, Re``): each part in the
    page's words, not the first left in English for the comma after it."""
    from scorekeeper.lang.terms import term

    assert term("normal, knock", lang) == f"{term('normal', lang)}, {term('knock', lang)}"
    assert not term("normal, knock", lang).startswith("normal,")
