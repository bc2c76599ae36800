"""``scorekeeper serve`` in a real browser (Debian's chromium through pytest-playwright):
the live page follows a command's write, the scorer plays a whole trick by tapping, a
stale write is refused, names stay inert, and each game's page at a phone's size."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from browser_helpers import PHONE, module_browser  # noqa: F401  (the module's chromium: browser)
from cli_helpers import PLAYERS, SHIPPED_RULE_SETS, run_cli
from test_serve import served

from scorekeeper.session import Session

pytest.importorskip("playwright", reason="playwright is not installed (the test extra)")

SHOTS = os.environ.get("SCOREKEEPER_SHOTS")  # a folder to keep the screenshots in, to look at


def new_match(tmp_path: Path, ruleset: str, *players: str) -> tuple[Path, Path]:
    home, match = tmp_path / "home", tmp_path / "m.toml"
    res = run_cli(home, "new", ruleset, *(players or PLAYERS), "--match", match)
    assert res.returncode == 0, res.stderr
    return home, match


def test_the_live_page_follows_a_command_and_shows_when_cut_off(tmp_path: Path, browser) -> None:  # type: ignore[no-untyped-def]
    home, match = new_match(tmp_path, "doppelkopf")
    page = browser.new_page(viewport=PHONE)
    with served(home, match) as s:
        page.goto(s.url + "?lang=de")
        page.wait_for_selector("#link.on")
        assert "Ben ist dran" in page.inner_text("#live")
        assert s.cli("play", "QC").returncode == 0
        page.wait_for_selector("#live:has-text('Carla ist dran')")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.wait_for_selector("#link.off")  # the server went away: the page says so
    page.close()


def test_the_opened_sheet_stays_open_when_a_card_is_played(tmp_path: Path, browser) -> None:  # type: ignore[no-untyped-def]
    """A phone reading the sheet keeps it open while the table plays on: each snapshot
    renews the live part but keeps what the reader opened (it folded away before, and a
    snapshot landing just after the tap folded it before the chart was seen)."""
    home, match = tmp_path / "home", tmp_path / "m.toml"
    assert run_cli(home, "demo", "doppelkopf", "--hands", "2", "--match", match).returncode == 0
    page = browser.new_page(viewport=PHONE)
    with served(home, match) as s:
        page.goto(s.url)
        page.wait_for_selector("#link.on")
        page.click("details.sheet summary")
        page.wait_for_selector("details.sheet[open] svg.chart")
        for _ in range(2):
            before = page.get_attribute("#state", "data-version")
            with Session.edit(match) as session:
                actions = session.current_hand().legal_actions()
                session.record([next((a for a in actions if a.is_play), actions[0]).text])
            page.wait_for_selector(f"#state:not([data-version='{before}'])")
            assert page.is_visible("details.sheet[open] svg.chart")
    page.close()


def test_the_scorer_plays_a_whole_trick_by_tapping(tmp_path: Path, browser) -> None:  # type: ignore[no-untyped-def]
    home, match = new_match(tmp_path, "doppelkopf")
    page = browser.new_page(viewport=PHONE)
    with served(home, match) as s:
        page.goto(s.scorer_url)
        page.wait_for_selector("#link.on")
        page.click("button[data-handover]")  # a code for another phone, shown on this one
        page.wait_for_selector("#handover svg")
        assert "/scorer/" in page.inner_text("#handover")
        for card in ("QC", "10H", "AD", "9D"):
            before = page.get_attribute("#state", "data-version")
            page.click(f"button[data-act$=' {card}']")
            page.wait_for_selector(f"#state:not([data-version='{before}'])")
        full = match.read_bytes()
        for button in ("data-undo", "data-redo"):  # the last card taken back, then put back
            before = page.get_attribute("#state", "data-version")
            page.click(f"button[{button}]")
            page.wait_for_selector(f"#state:not([data-version='{before}'])")
            assert (match.read_bytes() == full) == (button == "data-redo")
        page.close()
    text = match.read_text()
    assert all(
        f'"{p} {c}"' in text
        for p, c in zip(["Ben", "Carla", "Dirk", "Anna"], ["QC", "10H", "AD", "9D"], strict=True)
    )


def test_a_stale_tap_is_refused_and_a_wrong_token_gets_403(tmp_path: Path, browser) -> None:  # type: ignore[no-untyped-def]
    home, match = new_match(tmp_path, "doppelkopf")
    page = browser.new_page(viewport=PHONE)
    with served(home, match) as s:
        assert page.goto(s.url + "scorer/wrong").status == 403
        page.goto(s.scorer_url)
        page.wait_for_selector("#link.on")
        # the table records a card; the phone taps on the page as it was before
        held = page.get_attribute("#state", "data-version")
        assert s.cli("play", "QC").returncode == 0
        page.wait_for_selector(f"#state:not([data-version='{held}'])")
        page.eval_on_selector("#state", f"(e) => e.setAttribute('data-version', '{held}')")
        before = match.read_bytes()
        page.click("button[data-act$=' 10H']")
        page.wait_for_selector("#answer.refused")
        assert "Ben played QC from another device" in page.inner_text("#answer")
        assert match.read_bytes() == before
        page.close()


def test_hostile_names_stay_inert_in_the_browser(tmp_path: Path, browser) -> None:  # type: ignore[no-untyped-def]
    names = ["<script>alert(1)</script>", "<img/src/onerror/alert(2)>", "<b>Ben</b>", "Dirk"]
    home, match = new_match(tmp_path, "doppelkopf", *names)
    page = browser.new_page(viewport=PHONE)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    with served(home, match) as s:
        page.goto(s.scorer_url)
        page.wait_for_selector("#link.on")
        bold = page.eval_on_selector_all("#live b", "(bs) => bs.map((b) => b.textContent)")
        assert "Ben" not in bold and page.query_selector("#live img") is None
        assert "<b>Ben</b>" in page.inner_text("#live")
    assert dialogs == []
    page.close()


RULE_SETS = SHIPPED_RULE_SETS


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
@pytest.mark.parametrize("ruleset", RULE_SETS)
def test_every_game_s_live_page_at_a_phone_s_size(
    tmp_path: Path, browser, ruleset: str, lang: str
) -> None:  # type: ignore[no-untyped-def]
    """Every rule set's page, mid-hand after three hands, in each language, with the sheet
    and its chart opened: nothing scrolls sideways at 390 px (``SCOREKEEPER_SHOTS=DIR``
    keeps the screenshots to look at)."""
    home, match = tmp_path / "home", tmp_path / "m.toml"
    res = run_cli(home, "demo", ruleset, "--hands", "3", "--match", match)
    assert res.returncode == 0, res.stderr
    for _ in range(3):  # the next hand begun: what is said, cards on the table
        with Session.edit(match) as session:
            actions = session.current_hand().legal_actions()
            session.record([next((a for a in actions if a.is_play), actions[0]).text])
    page = browser.new_page(viewport=PHONE)
    with served(home, match) as s:
        page.goto(f"{s.url}?lang={lang}")
        page.wait_for_selector("#link.on")
        page.click("details.sheet summary")
        page.wait_for_selector("details.sheet[open] :is(svg.chart, p)")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.evaluate("window.scrollTo(0, 0)")
        shots = Path(SHOTS) if SHOTS else tmp_path
        shots.mkdir(parents=True, exist_ok=True)
        shot = shots / f"{ruleset}-{lang}.png"
        page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 1000
    page.close()


def test_the_scorer_enters_a_quick_hand_through_the_form(tmp_path: Path, browser) -> None:  # type: ignore[no-untyped-def]
    """The form asks this game's facts in the phone's words (German here): a refused fact
    is marked and nothing is recorded; the hand given right is recorded and the form
    hides while a hand is open."""
    home, match = new_match(tmp_path, "doppelkopf")
    page = browser.new_page(viewport=PHONE)
    with served(home, match) as s:
        page.goto(s.scorer_url + "?lang=de")
        page.wait_for_selector("#link.on")
        page.click("#quick-box summary")
        assert "Augen von Re" in page.inner_text("#quick")
        for name in ("Anna", "Carla"):
            page.check(f"input[name='re'][value='{name}']")
        page.fill("input[name='re_points']", "300")  # more than there are
        before = match.read_bytes()
        page.click("#quick button[type=submit]")
        page.wait_for_selector("#answer.refused")
        assert "[Regel: " in page.inner_text("#answer")  # the rule, in the phone's words
        page.wait_for_selector("#quick .bad input[name='re_points']")
        assert match.read_bytes() == before
        page.fill("input[name='re_points']", "150")
        page.fill("textarea[name='said']", "Anna Re")
        page.click("#quick button[type=submit]")
        page.wait_for_selector("#answer:not(.refused):has-text('Spiel 1')")
        page.wait_for_selector("#quick-box", state="visible")  # the next hand: not begun
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert s.cli("play", "QC").returncode == 0  # a hand open: no quick hand now
        page.wait_for_selector("#quick-box", state="hidden")
        page.close()
    text = match.read_text()
    assert "re_points = 150" in text and '"Anna re"' in text, text


def test_a_player_asks_the_private_referee_on_the_phone(tmp_path: Path, browser) -> None:  # type: ignore[no-untyped-def]
    """A German phone, an English match: the cards typed in German, the answer in German,
    the cards by their German names; the hand typed is in no request but the question."""
    home, match = new_match(tmp_path, "doppelkopf")
    page = browser.new_page(viewport=PHONE)
    with served(home, match) as s:
        assert s.cli("trick", "QC", "10H").returncode == 0  # Dirk to play
        page.goto(s.url + "?lang=de")
        page.wait_for_selector("#link.on")
        page.fill("#referee input[name=hand]", "Kreuz 9, Herz Ass, H10, PK")
        page.click("#referee button[type=submit]")
        page.wait_for_selector("#ruling p")
        lines = page.inner_text("#ruling").splitlines()
        assert lines[0].endswith(": 10♥"), lines
        assert len([line for line in lines if line.strip()]) == 4, lines
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.close()


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_phone_outlives_a_restart_and_a_dropped_line(tmp_path: Path, browser) -> None:  # type: ignore[no-untyped-def]
    """The server stops (a laptop's lid, a restart): the scorer's page says it is cut off,
    finds the server again by itself, shows what was recorded meanwhile and records again
    with the same cookie and request token; a phone woken after a long sleep opens its
    line anew at once (a line the network dropped may look open)."""
    home, match = new_match(tmp_path, "doppelkopf")
    port = ["--port", str(_free_port())]
    page = browser.new_page(viewport=PHONE)
    with served(home, match, *port) as s:
        page.goto(s.scorer_url)
        page.wait_for_selector("#link.on")
    page.wait_for_selector("#link.off")  # cut off: the page says so
    assert run_cli(home, "play", "QC", "--match", match).returncode == 0  # meanwhile
    with served(home, match, *port) as again:
        page.wait_for_selector("#link.on", timeout=15000)  # back by itself
        # the line opens before its first snapshot lands: wait for what was recorded
        # meanwhile (every player's name is on the page all along)
        page.wait_for_selector(".turn:has-text('Carla')")
        before = page.get_attribute("#state", "data-version")
        page.click("button[data-act$=' 10H']")  # the same page records again
        page.wait_for_selector(f"#state:not([data-version='{before}'])")
        assert '"Carla 10H"' in match.read_text()
        # the phone slept a minute: its line may be dead without a word (the network
        # dropped it); woken, the page opens a new one at once and follows the table on
        # it. The clock jumps and the page wakes in one script, so no event heard in
        # between can make the line look fresh (a snapshot landing after the jump did).
        with page.expect_request(lambda r: "/events" in r.url):
            page.evaluate(
                "Date.now = ((now) => () => now() + 60000)(Date.now);"
                "document.dispatchEvent(new Event('visibilitychange'))"
            )
        assert again.cli("play", "AD").returncode == 0
        page.wait_for_selector(".turn:has-text('Anna')")  # Dirk's card shown: Anna next
        assert "A♦" in page.inner_text(".trick")
    page.close()


def test_four_phones_follow_while_one_records(tmp_path: Path, browser) -> None:  # type: ignore[no-untyped-def]
    """The issue's table: four phones, each its own device (its own cookies) and language;
    one of them records a whole trick by tapping, the other three follow it live."""
    home, match = new_match(tmp_path, "doppelkopf")
    langs = ["de", "en", "nl", "de"]
    phones = [browser.new_context(viewport=PHONE) for _ in langs]
    pages = [phone.new_page() for phone in phones]
    turn = {"de": "ist dran", "en": "to play", "nl": "is aan de beurt"}
    with served(home, match) as s:
        pages[0].goto(s.scorer_url + "?lang=de")
        for page, lang in zip(pages[1:], langs[1:], strict=True):
            page.goto(f"{s.url}?lang={lang}")
        for page in pages:
            page.wait_for_selector("#link.on")
        assert pages[0].query_selector("button[data-act]") is not None
        assert all(page.query_selector("button[data-act]") is None for page in pages[1:])
        for card in ("QC", "10H", "AD", "9D"):
            before = pages[0].get_attribute("#state", "data-version")
            pages[0].click(f"button[data-act$=' {card}']")
            for page in pages:
                page.wait_for_selector(f"#state:not([data-version='{before}'])")
        for page, lang in zip(pages, langs, strict=True):
            page.wait_for_selector(f".turn:has-text('{turn[lang]}')")
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for phone in phones:
        phone.close()
