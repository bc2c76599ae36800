"""Property tests over random legal Klaverjassen hands, for every Klaverjassen rule set.

Each hand is dealt at random and played by a driver that lets the engine decide what is
legal: random trump choice (every method of option trump_choice), the three-player
discard, Wilde Boom challenges, declarations found in the dealt hands and stuk, now and
then a team declining its roem. For each hand:

- every card is dealt and then played exactly once (the discards are the only cards
  not played);
- the card points add up to 152, and to 162 with the last trick;
- a legal card always exists when someone is to play;
- the same actions replayed without the deal give the same result and no revoke;
- quick entry of the hand's summary gives the same scores as the full record.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import ruleset
from scorekeeper.actions import parse_action
from scorekeeper.cards import format_cards
from scorekeeper.games import family_for
from scorekeeper.games.klaverjassen.roem import runs_in
from scorekeeper.hand import Hand
from scorekeeper.simulate import deal

RULE_SETS = ["klaverjassen", "klaverjassen-rotterdam", "klaverjassen-3", "klaverjassen-wilde-boom"]
METHODS = ["free", "dealer_first", "forced_left", "upturn_forced", "upturn_other_suit"]
NAMES = ["Anna", "Ben", "Carla", "Dirk"]


def declarations(hand: Hand, rng: random.Random) -> list[str]:
    """Some of the runs of three or more each player was dealt, as 'Name roem CARDS'."""
    assert hand.dealt is not None
    order = list(hand.rules.require("roem.sequence_order"))
    out = []
    for player, cards in hand.dealt.items():
        for run in runs_in(cards, order, 3):
            if rng.random() < 0.7:
                out.append(f"{player} roem {format_cards(run)}")
    return out


def play_hand(rid: str, seed: int) -> tuple[Hand, list[str]]:
    rng = random.Random(seed)
    rules = ruleset.load(rid, {"trump_choice": rng.choice(METHODS)})
    players = NAMES[: rules.player_counts[0]]
    dealer = rng.choice(players)
    dealt = deal(rules, players, rng)
    hand = Hand(rules, players, dealer, deal={p: [c.code for c in cs] for p, cs in dealt.items()})
    game = hand.game
    actions: list[str] = []

    def do(text: str) -> None:
        hand.apply(text)
        actions.append(text)

    wilde = bool(rules.get("kraak"))
    if wilde:
        for text in declarations(hand, rng):
            if hand.can(text):
                do(text)
    challenged = False
    while not hand.finished:
        player = hand.to_play()
        if player is None:
            candidates = [f"{p} {v}" for p in players for v in game.verbs if v != "decline_roem"]
            rng.shuffle(candidates)
            if rng.random() < 0.6:  # pass often, so that the forced and redeal turns come up
                candidates.sort(key=lambda t: not t.endswith(" pass"))
            text = next((t for t in candidates if hand.can(t)), None)
            assert text is not None, f"nothing can be done: {game.why_not_ready()}"
            do(text)
            continue
        if wilde and not challenged:
            challenged = True
            for level in ("kraak", "rekraak", "superkraak"):
                if rng.random() < 0.4:
                    break
                sayers = [f"{p} {level}" for p in players if hand.can(f"{p} {level}")]
                do(rng.choice(sayers))
        if rng.random() < 0.005:
            text = f"{rng.choice(players)} decline_roem"
            if hand.can(text):
                do(text)
        legal = hand.legal_cards(player)
        assert legal, f"no legal card for {player} holding {hand.holding(player)}"
        do(f"{player} {rng.choice(legal).code}")
        if wilde and hand.can(f"{player} stuk") and rng.random() < 0.8:
            do(f"{player} stuk")
    return hand, actions


@pytest.mark.parametrize("rid", RULE_SETS)
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_legal_hands(rid: str, seed: int) -> None:
    hand, actions = play_hand(rid, seed)
    rules = hand.rules
    result = hand.result()
    summary = hand.summary()
    family = family_for(rules)
    players = hand.players
    if result.redeal:
        assert summary == {"redeal": True}
        assert not hand.tricks
        return
    game = hand.game
    # every card dealt (or in the talon) once, and played once unless laid away
    played = Counter(p.card for t in hand.tricks for p in t.plays)
    assert played + Counter(game.discards) == Counter(rules.deck.counts)
    assert hand.dealt is not None
    for player in players:
        mine = [p.card for t in hand.tricks for p in t.plays if p.player == player]
        talon = game.talon() if player == game.maker else []
        assert set(mine) <= set(hand.dealt[player]) | set(talon or [])
        assert len(mine) == rules.hand_size
    assert hand.deck_check() == []
    # card points: 152 in the pack, 162 with the last trick
    discards = sum(game.card_points(c) for c in game.discards)
    assert sum(t.points for t in hand.tricks) + discards == 152
    assert sum(result.card_points.values()) == 162
    # replayed without the deal: same result, no revoke
    blind = Hand(rules, players, hand.dealer)
    for text in actions:
        blind.apply(text)
    assert blind.revokes == []
    assert blind.result().scores == result.scores
    # quick entry of the summary: the same scores
    quick = family.score_quick(rules, hand.table, hand.dealer, summary, [], {})
    assert quick.scores == result.scores
    # the challenges given as actions instead of the kraak key
    if "kraak" in summary:
        said = [
            parse_action(a, players)
            for a in actions
            if a.split()[1] in ("kraak", "rekraak", "superkraak")
        ]
        facts = {k: v for k, v in summary.items() if k != "kraak"}
        assert (
            family.score_quick(rules, hand.table, hand.dealer, facts, said, {}).scores
            == result.scores
        )
    # the scores: each player of a team the same; nat gives the playing side nothing
    if rules.get("teams.mode") == "partners":
        assert result.scores[players[0]] == result.scores[players[2]]
        assert result.scores[players[1]] == result.scores[players[3]]
    if result.details["nat"]:
        maker = game.maker
        assert result.scores[maker] == 0
