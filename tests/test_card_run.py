"""The card run (``scorekeeper.playing.run``) against the long path it shortcuts.

With the deal recorded, ``Hand.apply`` and a match's replay record the usual card through
``playing.run``; the long path (``Hand._check``, ``reasoning.refuse_play``,
``Hand._apply_play``) is what a hand without its deal uses, and what a card the run
stops at goes through. On random matches of every rule set, with random options,
announcements and declarations (solos, weddings, redeals...), hands without their deal
(revokes proven later) and broken files (a card changed, two actions swapped, one dropped,
a word added), ``check`` (text and ``--json``) says exactly the same with the run as with
the run switched off, and the replayed hands hold the same tricks, history, revokes and
results.
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_following_fast import position
from test_properties import FAST, RULESET_IDS, option_values, table_for
from test_replay_lean import random_deal
from typer.testing import CliRunner

from scorekeeper import hand as hand_module
from scorekeeper import match as match_module
from scorekeeper import playing, ruleset
from scorekeeper.cards import Card
from scorekeeper.cli.app import app
from scorekeeper.errors import MatchFileError, ScorekeeperError
from scorekeeper.following import duties, held_masks
from scorekeeper.games import family_for, load
from scorekeeper.games.base import GameHand
from scorekeeper.hand import Hand
from scorekeeper.match import Match
from scorekeeper.matchlog import MatchLog
from scorekeeper.plays import Play, Trick
from scorekeeper.session.demo import play_random_hand


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


def long_way(monkeypatch: pytest.MonkeyPatch) -> None:
    """Switch the card run off: every card takes the long path."""

    def stopped(hand: object, actions: object, start: int = 0, outcome: object = None) -> int:
        return start

    monkeypatch.setattr(hand_module, "run", stopped)
    monkeypatch.setattr(match_module, "run", stopped)


def said(path: Path, home: Path) -> list[tuple[int, str]]:
    runner = CliRunner()
    env = {"SCOREKEEPER_HOME": str(home), "SCOREKEEPER_CACHE": "off"}
    out = []
    for extra in ([], ["--json"], ["--strict", "--json"]):
        result = runner.invoke(app, ["check", str(path), *extra], env=env)
        out.append((result.exit_code, result.output))
    return out


def replayed(log: MatchLog) -> list[object]:
    """Everything a replay keeps of each hand (or the problems it reports)."""
    try:
        m = Match.from_log(log, None, "m.toml", every_problem=True, loader=load)
    except MatchFileError as exc:
        return [exc.problems]
    seen: list[object] = []
    for mh in m.hands:
        seen.append((mh.number, mh.dealer, [a.text for a in mh.actions], mh.result))
        h = mh.hand
        if h is not None:
            # the compact forms first (a run's tricks make their plays when read)
            seen.append([(t.key, t.cards, t.players) for t in h.tricks])
            seen.append((h.cards_played, [h.cards_in_hand(p) for p in h.players]))
            seen.append(h.plays_by)
            seen.append([t.to_dict() for t in h.tricks])
            seen.append(([a.text for a in h.history], [r.text() for r in h.revokes]))
            seen.append((dict(h.played), h.holdings, h.to_play(), h.finished))
            # the copies played, counted from the tricks when asked: as the plays recorded
            cards = [a.card for a in h.history if a.is_play]
            assert list(h.played.items()) == list(Counter(cards).items())
    return seen


@pytest.mark.parametrize("rule_set", RULESET_IDS)
def test_the_card_run_says_what_the_long_path_says(
    rule_set: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    @settings(FAST, max_examples=8)
    @given(seed=st.integers(min_value=0, max_value=2**32 - 1), data=st.data())
    def matches(seed: int, data: st.DataObject) -> None:
        base = ruleset.load(rule_set)
        options = data.draw(option_values(base), label="options")
        path = tmp_path / f"m{seed}.toml"
        log = random_file(rule_set, options, seed, path)
        fast = said(path, tmp_path / "home"), replayed(log)
        with monkeypatch.context() as patch:
            long_way(patch)
            slow = said(path, tmp_path / "home"), replayed(log)
        assert fast[0] == slow[0]
        assert fast[1] == slow[1]

    matches()


def offered(hand: Hand, rng: random.Random) -> str:
    """A random offer: often a legal card, else any card by anyone, or a word of the game."""
    player = hand.to_play()
    roll = rng.random()
    if player is not None and roll < 0.5:
        legal = hand.legal_cards(player)
        if legal:
            return f"{player} {rng.choice(legal).code}"
    if roll < 0.9 or not hand.game.verbs:
        who = player if player is not None and rng.random() < 0.7 else rng.choice(hand.players)
        return f"{who} {rng.choice(hand.rules.deck.cards).code}"
    return f"{rng.choice(hand.players)} {rng.choice(hand.game.verbs)}"


def applied(hand: Hand, text: str) -> object:
    """What applying ``text`` does: the refusal, or the outcome's every part."""
    try:
        out = hand.apply(text)
    except ScorekeeperError as exc:
        return (str(exc), exc.rule)
    trick = out.trick.to_dict() if out.trick is not None else None
    return (out.action, trick, out.messages, [r.text() for r in out.revokes], out.result)


@pytest.mark.parametrize("rule_set", RULESET_IDS)
def test_each_offer_is_answered_alike_by_the_run_and_the_long_path(
    rule_set: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two copies of a hand, one with the run and one without, offered the same random
    actions (legal cards, illegal ones, out of turn, words): the same refusals, the same
    outcomes, to the end."""

    @settings(FAST, max_examples=6)
    @given(seed=st.integers(min_value=0, max_value=2**32 - 1), data=st.data())
    def hands(seed: int, data: st.DataObject) -> None:
        rules, table, rng, dealt = random_deal(rule_set, seed, data)
        quick, slow = (Hand(rules, table, table[0], deal=dealt) for _ in range(2))
        quick.quiet = slow.quiet = rng.random() < 0.5
        for _ in range(600):
            if quick.finished:
                break
            text = offered(quick, rng)
            answer = applied(quick, text)
            with monkeypatch.context() as patch:
                long_way(patch)
                assert answer == applied(slow, text), (text, quick.history[-4:])
            assert quick.holdings == slow.holdings
            for player, held in quick._masks.items():  # the run's masks, as the lists say
                assert (held, quick._twice[player]) == held_masks(quick.holdings[player])
        assert quick.finished == slow.finished
        assert [(t.key, t.players) for t in quick.tricks] == [
            (t.key, t.players) for t in slow.tricks
        ]
        assert quick.plays_by == slow.plays_by
        assert quick.cards_played == slow.cards_played
        assert [t.to_dict() for t in quick.tricks] == [t.to_dict() for t in slow.tricks]
        assert quick.tricks == slow.tricks

    hands()


def test_a_legal_card_with_the_deal_goes_through_the_run() -> None:
    """The run is the path, not a side road: with the deal recorded, each card a random
    hand plays is taken by ``playing.run`` (the long path is not asked)."""
    rules = load("doppelkopf")
    names = table_for(rules)
    m = Match(rules, names, names[0])
    rng = random.Random(7)
    record = play_random_hand(m, rng, announce=0.3)
    fresh = Match(rules, names, names[0])
    mh = fresh.start_hand(record.deal)
    assert mh.hand is not None
    cards = 0
    for text in record.actions:
        action = mh.hand.parse(text)
        if action.is_play:
            assert playing.run(mh.hand, [text]) == 1, text
            cards += 1
        else:
            assert playing.run(mh.hand, [text]) == 0, text
            mh.hand.apply(text)
    assert cards == 48 and mh.hand.finished
    assert mh.hand.result() == m.hands[0].result


def test_a_trick_of_card_indices_reads_as_one_of_plays() -> None:
    """``Trick.of_cards`` (the run's trick, its plays made when read) is the trick whose
    plays were appended one by one: the same plays, cards, players, key and equality,
    before and after its plays are made, and while it goes on."""
    seats = ("Anna", "Ben", "Carla", "Dora")
    cards = [Card.parse(c) for c in ("QC", "10H", "AD", "9D")]
    eager = Trick(3, "Anna")
    for i, card in enumerate(cards[:2]):
        eager.plays.append(Play(seats[i], card, 3, i))
    lazy = Trick.of_cards(3, seats, tuple(c.index for c in cards[:2]))
    assert (lazy.key, lazy.cards, lazy.players) == (eager.key, eager.cards, eager.players)
    assert lazy.leader == "Anna" and lazy.number == 3
    lazy.goes_on(tuple(c.index for c in cards[:3]), seats)  # still lazy
    eager.plays.append(Play("Carla", cards[2], 3, 2))
    assert lazy.cards == eager.cards and lazy.players == eager.players
    assert lazy.plays == eager.plays  # made now
    lazy.goes_on(tuple(c.index for c in cards), seats)  # appended to the made list
    eager.plays.append(Play("Dora", cards[3], 3, 3))
    assert lazy == eager and lazy.plays == eager.plays and lazy.key == eager.key
    with pytest.raises(AttributeError):
        lazy.nothing  # noqa: B018


def test_a_card_given_beyond_its_copies_leaves_the_run() -> None:
    """With the deal recorded a held card has a copy left, until a family gives a player a
    card the deck holds no more copy of: then every card goes the long way, which counts
    the copies (and ``played`` counts them from the tricks all the same)."""
    rules = load("doppelkopf")
    names = table_for(rules)
    record = play_random_hand(Match(rules, names, names[0]), random.Random(3), announce=0.0)
    hand = Hand(rules, names, names[0], deal=record.deal)
    first = next(t for t in record.actions if hand.parse(t).is_play)
    assert hand._conserved
    # Doppelkopf deals both copies of every card: one more is a copy too many
    hand.give(names[3], [hand.holdings[names[1]][0]])
    assert not hand._conserved
    assert playing.run(hand, [first]) == 0
    hand.apply(first)
    assert list(hand.played.items()) == [(hand.parse(first).card, 1)]


@pytest.mark.parametrize("rule_set", RULESET_IDS)
@settings(FAST, max_examples=60)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_what_a_trick_asks_card_by_card_is_what_it_asks(rule_set: str, seed: int) -> None:
    """The run's reading of what a trick so far asks (an ``Ask``, read anew when a card
    leads it or beats its best card, else what it asked before, and the position of the
    best card kept beside it) is ``Duties.spot`` of the trick, on random tricks of random
    contracts of every rule set, last trick or not; ``Duties.walk`` reads the same."""
    following, contract, _, _, context = position(rule_set, seed)
    rules = ruleset.load(rule_set)
    deck = rules.deck.all_cards()
    random.Random(seed).shuffle(deck)
    table = duties(following, contract)
    last = context["last_trick"]
    key: tuple[int, ...] = ()
    ask, best = table.opening[last], 0
    for card in deck[: rules.player_counts[-1]]:
        key = (*key, card.index)
        if ask[1] >> card.index & 1:
            ask = ask[4][card.index] or table.then(ask, card.index, last)
            best = len(key) - 1
        spot = table.spot(key, last)
        assert (*ask[:4], best) == spot, key
        walked, at = table.walk(key, last)
        assert walked is ask and at == best


def test_the_holdings_lose_the_cards_played() -> None:
    """The holdings a run leaves as masks, read: each player's dealt cards without those
    they played, in the order dealt, at every step of random Doppelkopf hands."""
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


@pytest.mark.parametrize("rule_set", RULESET_IDS)
def test_a_steady_familys_trick_changes_nothing_the_run_asks(
    rule_set: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``GameHand.trick_steady`` (with no card watched) lets the run skip ``on_trick`` and
    keep the trick's setting for the next one: on the long path's replay of random matches,
    whenever a family says so, ``on_trick`` says nothing and changes nothing of the family,
    and ``contract``, ``ready_to_play``, ``play_watch`` and ``same_side`` answer as before it,
    ``is_over`` as the count of tricks says."""
    steady_tricks = [0]

    def answers(game: GameHand) -> object:
        players = game.hand.players
        sides = [game.same_side(a, b) for a in players for b in players]
        return id(game.contract()), game.ready_to_play(), game.play_watch(), sides

    def watched(on_trick: Any) -> Any:
        def on_trick_watched(game: GameHand, trick: Trick) -> list[str]:
            if not (game.play_watch() == 0 and game.trick_steady()):
                return on_trick(game, trick)  # type: ignore[no-any-return]
            steady_tricks[0] += 1
            state, before = dict(vars(game)), answers(game)
            assert on_trick(game, trick) == []
            assert vars(game) == state and answers(game) == before
            hand = game.hand
            assert game.is_over() == (hand.tricks_done == hand.tricks_per_hand)
            return []

        return on_trick_watched

    @settings(FAST, max_examples=8)
    @given(seed=st.integers(min_value=0, max_value=2**32 - 1), data=st.data())
    def matches(seed: int, data: st.DataObject) -> None:
        options = data.draw(option_values(ruleset.load(rule_set)), label="options")
        replayed(random_file(rule_set, options, seed, tmp_path / f"m{seed}.toml"))

    family = family_for(load(rule_set)).hand_class
    with monkeypatch.context() as patch:
        long_way(patch)
        patch.setattr(family, "on_trick", watched(family.on_trick))
        matches()
    if family.trick_steady is not GameHand.trick_steady:
        assert steady_tricks[0]  # the family said so at least once
