"""Issue 25's "Done when" (outputs inert for hostile names and text), walked again by the
campaign through ``scorekeeper serve`` in German and Dutch: the page's HTML, the
snapshot its script fetches (JSON, whose ``html`` the page puts in place as markup), and
the scorer's answers (JSON, shown as text). ``test_serve`` holds the English page.

A name may start a formula or hold markup (``new`` takes ``@SUM(1+1)`` and
``Ca<b>x</b>``): the page shows it as text. A line the scorer types may hold escape
sequences and bidi overrides: the answer that echoes it shows them as visible escapes.
"""

from __future__ import annotations

import json
import re

import pytest
from serve_helpers import first_snapshot, new_match, page_csrf, request, scorer_cookie, served

NAMES = ["@SUM(1+1)", "+cmd|'/C!A0", "Ca<b>x</b>", "Dirk"]
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
TYPED = [
    "@SUM(1+1) Q\x1b[41mC\x1b]52;c;SE9U\x07",
    "<img src=x onerror=alert(1)> \u202eQC",
    "Dirk \x9b2J\x1b]8;;https:evil\x1b\\QC",
]


@pytest.fixture(scope="module")
def said(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, object]]:
    """What the served page says in German and Dutch: its HTML, the first snapshot, and
    the scorer's answers to the typed lines."""
    home, match = new_match(tmp_path_factory.mktemp("serve"), *NAMES)
    out: dict[str, dict[str, object]] = {}
    with served(home, match) as s:
        cookie = scorer_cookie(s)
        csrf, version = page_csrf(s, cookie)
        headers = {"Cookie": f"scorer={cookie}", "X-CSRF-Token": csrf}
        for lang in ("de", "nl"):
            page = request(s, "GET", f"/{s.key}/?lang={lang}", headers=headers)[2]
            answers = []
            for line in TYPED:
                body = {"version": version, "action": line, "lang": lang}
                status, _, text = request(s, "POST", f"/{s.key}/act", body, headers)
                answers.append((status, json.loads(text)))
            out[lang] = {"page": page, "snapshot": first_snapshot(s, lang), "answers": answers}
    return out


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_names_are_text_on_the_page_and_in_its_snapshot(
    said: dict[str, dict[str, object]], lang: str
) -> None:
    page = str(said[lang]["page"])
    snapshot = said[lang]["snapshot"]
    assert isinstance(snapshot, dict)
    html = str(snapshot["html"])
    for text in (page, html):
        assert "<b>x</b>" not in text and "Ca&lt;b&gt;x&lt;/b&gt;" in text
        assert "@SUM(1+1)" in text  # a name, shown as it is: a page runs no formula
        assert not RAW.search(text)
    assert f'<html lang="{lang}">' in page
    words = {"de": "ist dran", "nl": "aan de beurt"}
    assert words[lang] in html


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_a_typed_line_is_refused_without_markup(
    said: dict[str, dict[str, object]], lang: str
) -> None:
    answers = said[lang]["answers"]
    assert isinstance(answers, list)
    for status, answer in answers:
        assert status == 422, answer
        assert "Traceback" not in json.dumps(answer)
    # the page shows answers as text (textContent): markup stays letters
    assert "<img" in answers[1][1]["message"]


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_a_typed_line_is_echoed_with_its_control_characters_visible(
    said: dict[str, dict[str, object]], lang: str
) -> None:
    answers = said[lang]["answers"]
    assert isinstance(answers, list)
    for _, answer in answers:
        text = " ".join(str(v) for v in answer.values())
        assert not RAW.search(text), answer
