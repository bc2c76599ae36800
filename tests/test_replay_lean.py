"""The engine's quick path for a card play against its reasoned one, and a replay that
leaves nothing behind.

``Hand`` accepts the usual card after a few look-ups (the turn, a copy left, the card held,
the following duties as card masks) and only runs the reasoned checks
(``Hand.refuse``) when those say no. On random hands of every rule set, with
random options, each card of the deck offered by each player at each step is accepted by
``can`` exactly when the reasoned checks accept it, and refused with the same words and
rule. ``check`` of a long match lets every replayed hand go without a reference cycle: a
ten times longer match leaves no more garbage for Python's cycle collector.
"""

from __future__ import annotations

import gc
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import FAST, RULESET_IDS, option_values, table_for
from typer.testing import CliRunner

from scorekeeper import ruleset, simulate
from scorekeeper.cards import Card
from scorekeeper.cli.app import app
from scorekeeper.errors import ScorekeeperError
from scorekeeper.hand import Hand
from scorekeeper.ruleset import Ruleset


def reasoned(hand: Hand, text: str) -> tuple[bool, str, str | None]:
    """Accepted by the reasoned checks alone? Else the refusal's words and rule."""
    action = hand.parse(text)
    try:
        hand.refuse(action)
        hand.game.verify_play(action)
    except ScorekeeperError as exc:
        return False, str(exc), exc.rule
    return True, "", None


def quick(hand: Hand, text: str) -> tuple[bool, str, str | None]:
    try:
        hand.verify(text)
    except ScorekeeperError as exc:
        return False, str(exc), exc.rule
    return True, "", None


@pytest.mark.parametrize("rule_set", RULESET_IDS)
def test_the_quick_path_accepts_what_the_reasoned_checks_accept(rule_set: str) -> None:
    @settings(FAST, max_examples=6)
    @given(seed=st.integers(min_value=0, max_value=2**32 - 1), data=st.data())
    def hands(seed: int, data: st.DataObject) -> None:
        rules, table, rng, dealt = random_deal(rule_set, seed, data)
        simulate_checked(Hand(rules, table, table[0], deal=dealt), rng)

    hands()


def random_deal(
    rule_set: str, seed: int, data: st.DataObject
) -> tuple[Ruleset, list[str], random.Random, dict[str, list[Card]]]:
    """A rule set with random options, its table, a generator seeded by ``seed`` and a
    random deal made with it."""
    base = ruleset.load(rule_set)
    rules = base.with_options(data.draw(option_values(base), label="options"))
    table = table_for(rules)
    rng = random.Random(seed)
    return rules, table, rng, simulate.deal(rules, table, rng)


def simulate_checked(hand: Hand, rng: random.Random) -> None:
    """Random legal play to the end, comparing both paths for every card at every step."""
    verbs = list(hand.game.verbs)
    for _ in range(2000):
        if hand.finished:
            return
        player = hand.to_play()
        if player is None:
            candidates = [f"{p} {v}" for p in hand.players for v in verbs]
            rng.shuffle(candidates)
            hand.apply(next(t for t in candidates if hand.can(t)))
            continue
        accepted = []
        for who in hand.players:
            for card in hand.rules.deck.cards:
                text = f"{who} {card.code}"
                fast, slow = quick(hand, text), reasoned(hand, text)
                assert fast == slow, f"{text}: quick {fast}, reasoned {slow}; {hand.history[-4:]}"
                if fast[0]:
                    accepted.append(text)
        assert accepted, f"{player} is to play and no card is accepted"
        hand.apply(rng.choice(accepted))
    raise AssertionError("the hand does not end")


def test_check_lets_every_hand_go_without_a_cycle(tmp_path: Path) -> None:
    runner = CliRunner()
    env = {"SCOREKEEPER_HOME": str(tmp_path / "home"), "SCOREKEEPER_CACHE": "off"}
    match = tmp_path / "m.toml"
    made = runner.invoke(app, ["demo", "--current", "--hands", "40", "--match", str(match)], env=env)
    assert made.exit_code == 0, made.output
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)  # what the collector finds is kept to be looked at
    try:
        result = runner.invoke(app, ["check", str(match)], env=env)
        gc.collect()
        left = Counter(type(o).__name__ for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert result.exit_code == 0, result.output
    assert "ok (40 hands)" in result.output
    # a hand, its game, a trick or a play in a cycle would stay until the collector runs
    engine = {"Hand", "DoppelkopfHand", "MatchHand", "Trick", "Play", "Outcome", "partial"}
    assert not engine & set(left), left


def test_a_command_reads_the_language_of_the_environment_once_and_lets_go(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each command reads the environment's language when it starts; two commands in one
    process with different environments each speak their own, words shared between
    hands included, and after a command the environment is read anew."""
    from scorekeeper.text import language

    for name in ("SCOREKEEPER_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    runner = CliRunner()
    home = {"SCOREKEEPER_HOME": str(tmp_path / "home")}
    match = tmp_path / "m.toml"
    made = runner.invoke(app, ["demo", "--current", "--hands", "8", "--match", str(match)], env=home)
    assert made.exit_code == 0, made.output
    sheets = {}
    for lang, words in (("de_DE.UTF-8", "Spielliste"), ("nl_NL.UTF-8", "scorebriefje")):
        result = runner.invoke(app, ["score", "--match", str(match)], env={**home, "LANG": lang})
        assert result.exit_code == 0, result.output
        assert words in result.output
        sheets[lang] = result.output
    english = runner.invoke(app, ["score", "--match", str(match)], env=home).output
    assert "score sheet" in english
    # the items of each hand's value are words too: no language's leak into another's
    assert "brauchte" in sheets["de_DE.UTF-8"]  # "+1 gewonnen (Re brauchte 121)"
    assert "nodig" in sheets["nl_NL.UTF-8"]  # "+1 gewonnen (Re had 121 nodig)"
    assert "brauchte" not in sheets["nl_NL.UTF-8"] + english
    assert "nodig" not in sheets["de_DE.UTF-8"] + english
    monkeypatch.setenv("LANG", "nl_NL.UTF-8")
    assert language.current() == "nl"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert language.current() == "de"
