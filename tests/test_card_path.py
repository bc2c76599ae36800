"""The one path of a card: every card, typed or replayed, goes through ``Hand._play``.

``Hand._play`` judges a card with the card masks (``Hand._judge``) and records it; a
refusal alone runs the reasoned checks (``Hand.refuse``) to say why. On random matches of every rule set (random options, announcements and
declarations, hands without their deal, broken files), each card a replay accepts went
through ``_play`` exactly once, and the holdings the hand keeps are the dealt cards
without those played.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import FAST, RULESET_IDS, option_values, table_for

from scorekeeper import ruleset
from scorekeeper.errors import MatchFileError
from scorekeeper.games import load
from scorekeeper.hand import Hand
from scorekeeper.match import Match
from scorekeeper.matchlog import MatchLog
from scorekeeper.reasons import Reason, reason_of
from scorekeeper.result import plain_result, result_of
from scorekeeper.session.demo import play_random_hand
from scorekeeper.text import language


def random_file(rule_set: str, options: dict[str, Any], seed: int, path: Path) -> MatchLog:
    """A match of random legal hands (with declarations and announcements), then broken
    or stripped of a deal at random, written to ``path``."""
    rng = random.Random(seed)
    rules = load(rule_set, options)
    names = table_for(rules)
    log = MatchLog.new(rule_set, names, names[0], options=options)
    m = Match(rules, names, names[0])
    for _ in range(rng.randint(1, 3)):
        if m.over():
            break
        log.hands.append(play_random_hand(m, rng, announce=rng.choice([0.0, 0.1, 0.4])))
    for record in log.hands:
        actions = record.actions
        change = rng.random()
        if change < 0.15:
            record.deal = None  # revokes proven by later cards
        elif change < 0.3 and actions:
            i = rng.randrange(len(actions))
            actions[i] = f"{actions[i].split()[0]} {rng.choice(rules.deck.cards).code}"
        elif change < 0.4 and len(actions) > 1:
            i = rng.randrange(len(actions) - 1)
            actions[i], actions[i + 1] = actions[i + 1], actions[i]
        elif change < 0.5 and actions:
            del actions[rng.randrange(len(actions))]
        elif change < 0.55 and actions:
            actions.insert(rng.randrange(len(actions)), f"{names[0]} nonsense")
    path.write_text(log.dumps(), encoding="utf-8")
    return log


@pytest.mark.parametrize("rule_set", RULESET_IDS)
def test_every_card_goes_through_one_function(
    rule_set: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each card a replay accepts went through ``Hand._play`` once (and through its judge
    once); no card is recorded any other way."""
    calls: Counter[str] = Counter()
    play, judge = Hand._play, Hand._judge

    def counted_play(hand: Hand, *args: Any) -> None:
        calls["play"] += 1
        play(hand, *args)

    def counted_judge(hand: Hand, *args: Any) -> None:
        calls["judge"] += 1
        judge(hand, *args)

    monkeypatch.setattr(Hand, "_play", counted_play)
    monkeypatch.setattr(Hand, "_judge", counted_judge)

    @settings(FAST, max_examples=6)
    @given(seed=st.integers(min_value=0, max_value=2**32 - 1), data=st.data())
    def matches(seed: int, data: st.DataObject) -> None:
        options = data.draw(option_values(ruleset.load(rule_set)), label="options")
        log = random_file(rule_set, options, seed, tmp_path / f"m{seed}.toml")
        calls.clear()
        try:
            m = Match.from_log(log, None, "m.toml", every_problem=True, loader=load)
        except MatchFileError:
            return  # a broken file: its refused card went through the judge all the same
        played = sum(
            1 for mh in m.hands if mh.hand is not None for a in mh.hand.history if a.is_play
        )
        assert calls["play"] == played
        assert calls["judge"] == played  # accepted once each, judged once each

    matches()


def test_a_card_given_beyond_its_copies_is_counted() -> None:
    """With the deal recorded a held card has a copy left, until a family gives a player a
    card the deck holds no more copy of: then the judge counts the copies played too."""
    rules = load("doppelkopf")
    names = table_for(rules)
    record = play_random_hand(Match(rules, names, names[0]), random.Random(3), announce=0.0)
    hand = Hand(rules, names, names[0], deal=record.deal)
    first = next(t for t in record.actions if hand.parse(t).is_play)
    assert hand._conserved
    # Doppelkopf deals both copies of every card: one more is a copy too many
    hand.give(names[3], [hand.holdings[names[1]][0]])  # type: ignore[index]
    assert not hand._conserved
    hand.apply(first)
    assert list(hand.played.items()) == [(hand.parse(first).card, 1)]


def test_the_holdings_lose_the_cards_played() -> None:
    """The holdings: each player's dealt cards without those they played, in the order
    dealt, at every step of random Doppelkopf hands; the masks say the same."""
    rules = load("doppelkopf")
    names = table_for(rules)
    for seed in range(6):
        match = Match(rules, names, names[0])
        record = play_random_hand(match, random.Random(seed), announce=0.2)
        hand = Hand(rules, names, names[0], deal=record.deal)
        for text in record.actions:
            hand.apply(text)
            if hand.game.poverty:
                break  # cards passed: not only played
            expected = {p: list(cards) for p, cards in (hand.dealt or {}).items()}
            for action in hand.history:
                if action.is_play:
                    expected[action.actor].remove(action.card)
            assert hand.holdings == expected
            held = hand.held
            assert held is not None
            for player, cards in expected.items():
                once = {c.index for c in cards}
                twice = {c.index for c, n in Counter(cards).items() if n == 2}
                assert {i for i in range(32) if held.held[player] >> i & 1} == once
                assert {i for i in range(32) if held.twice[player] >> i & 1} == twice


def test_a_kept_result_words_nothing_until_its_words_are_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A finished hand's result read back from its plain form (as the replay cache keeps
    it) builds no reason while a command only counts (who deals next, the totals, the
    facts), unless its details hold words; its words, once read, are the result's own,
    worded in the language spoken then (German here, though the hand was scored in
    English)."""
    built: Counter[str] = Counter()
    make = Reason.__init__

    def counted(reason: Reason, *args: Any) -> None:
        built["reason"] += 1
        make(reason, *args)

    rules = load("doppelkopf")
    names = table_for(rules)
    match = Match(rules, names, names[0])
    for seed in range(8):
        play_random_hand(match, random.Random(seed), announce=0.1)
    monkeypatch.setattr(Reason, "__init__", counted)
    plain_details = 0
    for mh in match.hands:
        result = mh.result
        assert result is not None
        built.clear()
        kept = result_of(plain_result(result))
        assert (kept.sides, kept.card_points, kept.winner, kept.value, kept.scores) == (
            result.sides,
            result.card_points,
            result.winner,
            result.value,
            result.scores,
        )
        assert (kept.redeal, kept.details) == (result.redeal, result.details)
        if not any(reason_of(v) for v in result.details.values() if isinstance(v, str)):
            plain_details += 1
            assert built["reason"] == 0, "a reason built before a word was read"
        assert kept.to_dict() == result.to_dict()
        assert (kept.game_type, kept.notes) == (result.game_type, result.notes)
        later = result_of(plain_result(result))
        try:
            language.choose("de")
            german = [(r.text() if (r := reason_of(i.label)) else i.label) for i in result.items]
            assert [i.label for i in later.items] == german
        finally:
            language.choose(None)
    assert plain_details  # some hand's details are plain (the seeds say so)


def _modules_run(args: list[str]) -> list[str]:
    """``bench/play_trace.py``'s count of the modules a warm command runs code in."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
    try:
        from play_trace import modules_run
    finally:
        sys.path.pop(0)
    return modules_run(args)


def test_play_runs_code_in_few_modules() -> None:
    """``scorekeeper play QC`` on a warm cache, the file as a change of the tool's left it,
    runs code in at most 30 of the package's modules (``bench/play_trace.py``: functions
    called outside an import, traced with ``sys.setprofile``): a count that may only go
    down (issue 26 asks for 25)."""
    ran = _modules_run(["play", "QC"])
    assert "scorekeeper.hand" in ran and "scorekeeper.matchlog.files" in ran
    # 45 at the one path's landing; the name rule added one; the plain replay cache seven
    # (the rule set is read per command: the pickled snapshot kept it as read); 50 once
    # the Doppelkopf hand read its piglets' timing itself and play's usage error was made
    # only when raised; 49 with the play order back in the hand's module (seating.py); 44
    # with five splits merged back (plays into result, games.base into games, Doppelkopf's
    # announcements into its hand, its contracts and promise levels into its rules, so
    # that its records module runs nothing for a card); 41 with a change written after the
    # file's own bytes (no sourcemap: the file is not read whole), the hand-by-hand
    # reading folded into the session and the quick path no longer telling click (which
    # it never runs) the language; 40 with the process's start and end (cli/launch.py) in
    # the quick path's module; 39 with the environment's language read one way, in the
    # view's text.language (lang/__init__ runs nothing for a card); 38 with the plain
    # writer of the table's answers in cli/render.py, whose answers it writes; 37 with
    # the rule set read without pausing the cycle collector (it paid nothing); 38 again
    # with the machine's key read in a module of its own (session/key.py, split off the
    # replay cache to keep it under 600 lines); 37 with the machine's key back in the
    # replay cache's module, the result's plain form gone from it to the result's own
    # module (result.py), whose kept results word nothing until read (reasons.py runs
    # now only for the rule set's read, rules/source.py read_bytes); 36 with the header
    # a match is opened by read as the match's own data (no copy: datacopy.py runs not);
    # 35 with a rule set's too-large refusal worded only when raised (reasons.py runs not);
    # 34 with the one reader of a match file's TOML in matchlog/__init__ (reader.py gone);
    # 33 with the command's guard in cli/quick.py (the process's end) and the match it
    # opens in cli/work.py: cli/core.py runs only for a refusal; 32 with the program's
    # start and its choice of the quick path or Typer in scorekeeper/__main__.py, the
    # installed command's entry point too (cli/entry.py gone); 31 with the match file's
    # records and their shape in one module (matchlog/records.py); 30 with the tables
    # every game shares in the schema that reads them (rules/schema.py)
    assert "scorekeeper.matchlog.sourcemap" not in ran  # the file was not read whole
    assert "scorekeeper.lang" not in ran  # the language chosen in one module
    assert "scorekeeper.cli.plain" not in ran  # one module writes the answer
    assert "scorekeeper.collector" not in ran  # pauses only a whole match's read
    assert "scorekeeper.session.key" not in ran  # the seal is the replay cache's
    assert "scorekeeper.datacopy" not in ran  # the header just parsed is not copied
    assert "scorekeeper.reasons" not in ran  # nothing worded for a card that is legal
    assert "scorekeeper.cli.core" not in ran  # a refusal's words and exit code: none here
    assert "scorekeeper.cli.entry" not in ran  # the program starts in __main__.py
    assert "scorekeeper.matchlog.shape" not in ran  # a record's shape is the records'
    assert "scorekeeper.rules.common" not in ran  # the shared tables are the schema's
    assert len(ran) <= 30, ran


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_a_german_or_dutch_play_makes_no_error_to_find_a_card(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a German or Dutch table ``play QC`` reads the card in the table's words: the
    readers and names of its language run besides (``lang.data``, ``lang.naming``,
    ``lang.reading``, ``lang.terms``), but no error is made to find out that a word is
    no card (``Card.read`` asks; before, each of some 190 game words was tried with
    ``Card.parse`` and its ``CardError``, a reason worded each time), and the readers
    are imported from their own module, not through the package's lazy names."""
    monkeypatch.setenv("SCOREKEEPER_LANG", lang)
    ran = _modules_run(["play", "QC"])
    assert "scorekeeper.lang.reading" in ran and "scorekeeper.lang.terms" in ran
    assert "scorekeeper.errors" not in ran  # no CardError made to ask
    assert "scorekeeper.lang" not in ran
    assert len(ran) <= 34, ran
