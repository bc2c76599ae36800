"""Keys that look like a terminal's mouse report, typed at the table's prompt (issue 25):
ESC then ``[`` and what follows (``\\e[1M``) used to end the session in prompt_toolkit's
mouse handler ('not enough values to unpack'). Through the real session in tmux, in en,
de and nl: no traceback, the keys are kept on the line as typed, the line is refused
as any other unreadable line, and the session goes on."""

from __future__ import annotations

from pathlib import Path

import pytest
from table_helpers import new_match
from tmux_helpers import tmux_sessions  # noqa: F401  (tmux_sessions: tmux)

FOUR = ["Anna", "Ben", "Carla", "Dirk"]
REPORTS = ["\x1b[1M", "\x1b[<1;2M", "\x1b[Mxyz", "\x1b[<;;M"]
"""Mouse reports prompt_toolkit cannot read: too few numbers (urxvt, SGR), an unknown
button (the classic form), empty numbers."""
SHEET = {"en": "score", "de": "stand", "nl": "stand"}
REFUSED = {"en": "error:", "de": "Fehler:", "nl": "Fout:"}
PROMPT = {"en": "Ben to play>", "de": "Ben ist dran>", "nl": "Ben is aan de beurt>"}


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_a_mouse_report_typed_never_ends_the_session(lang: str, tmp_path: Path, tmux) -> None:  # type: ignore[no-untyped-def]
    path = new_match(tmp_path, "doppelkopf", FOUR, lang=None if lang == "en" else lang)
    before = path.read_bytes()
    t = tmux(path, width=120)
    t.wait(PROMPT[lang])  # the line editor is there: keys before it would be lost
    for report in REPORTS:
        t.literal(report)
    screen = t.wait("[<;;M")  # every key kept on the line, shown as typed
    assert "Traceback" not in screen and "unpack" not in screen, screen
    t.keys("Enter")
    t.wait(REFUSED[lang])
    t.keys(SHEET[lang], "Enter")
    screen = t.wait("Carla  Dirk")  # the sheet's heading: the session goes on
    assert "Traceback" not in screen and "Exception" not in screen, screen
    assert path.read_bytes() == before  # nothing recorded
