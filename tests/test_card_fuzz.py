"""Cards and referee questions under random input: any text read as a card is a card of
the deck (which reads back from its code) or a ``CardError``; any ``judge`` question made
of random cards, names and table sizes ends in an answer or a refusal (exit 1 or 2 with
words), never an internal error (issue 15, item 4). The budget: see ``fuzzing``."""

from __future__ import annotations

from fuzzing import fuzz, proper_refusal
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from scorekeeper import ruleset
from scorekeeper.cards import Card
from scorekeeper.cli.app import app
from scorekeeper.errors import CardError

SHIPPED = sorted(ruleset.available())
CARD_WORDS = ["QC", "10H", "10h", "TD", "Q♣", "♣Q", "AD", "9S", "7H", "1C", "QQ", "", " ", "🂡"]
card_text = st.one_of(st.sampled_from(CARD_WORDS), st.text(max_size=5))
runner = CliRunner()


@fuzz(300)
@given(name=st.sampled_from(SHIPPED), text=card_text)
def test_any_text_is_a_card_of_the_deck_or_refused(name: str, text: str) -> None:
    deck = ruleset.load(name).deck
    try:
        card = deck.parse(text)
    except CardError as exc:
        proper_refusal(exc)
        return
    assert card in deck
    assert Card.parse(card.code) == card


NAMES = ["Anna", "Ben", "Carla", "Dirk", "anna", "Zed", "P1", ""]
play = st.builds(
    lambda who, card: f"{who}:{card}" if who else card, st.sampled_from(NAMES), card_text
)


@fuzz(60)
@given(
    name=st.sampled_from(SHIPPED),
    trick=st.lists(play, max_size=6).map(" ".join),
    player=st.none() | st.sampled_from(NAMES),
    hand=st.none() | st.lists(card_text, max_size=5).map(" ".join),
    partner=st.none() | st.sampled_from(NAMES),
    players=st.none() | st.integers(-2, 8),
    trump=st.none() | st.sampled_from(["H", "hearts", "x", ""]),
)
def test_any_judge_question_is_answered_or_refused(
    name: str,
    trick: str,
    player: str | None,
    hand: str | None,
    partner: str | None,
    players: int | None,
    trump: str | None,
) -> None:
    args = ["judge", name, "--trick", trick]
    for option, value in (
        ("--player", player),
        ("--hand", hand),
        ("--partner", partner),
        ("--players", players),
        ("--trump", trump),
    ):
        if value is not None:
            args += [option, str(value)]
    res = runner.invoke(app, args, catch_exceptions=False)
    assert res.exit_code in (0, 1, 2), (args, res.exit_code, res.stderr)
    if res.exit_code:
        assert res.stderr.strip(), args
        assert "internal error" not in res.stderr and "Traceback" not in res.stderr
