"""Klaverjassen: following (Amsterdam, Rotterdam, three players), roem, nat and pit, revokes,
the trump choice methods, the three-player talon, Wilde Boom, quick entry and a full session.

Every expected number is worked out by hand from the seed text 003 and RULINGS.md in the
comment beside it: card points A 11, 10 10, K 4, Q 3, J 2, trump J 20, trump 9 14, last
trick 10 (162 in all); roem run of three 20, four 50, stuk 20, four of a kind 100, four
jacks 200; pit 100.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import assert_refused, run_cli, snapshot

from scorekeeper import ruleset
from scorekeeper.cards import Card, parse_cards
from scorekeeper.contract import Contract
from scorekeeper.errors import IllegalActionError, OptionError, RulesetError
from scorekeeper.following import check_play
from scorekeeper.games import family_for
from scorekeeper.games.klaverjassen.roem import tally, trick_roem
from scorekeeper.hand import Hand
from scorekeeper.match import Match
from scorekeeper.result import HandResult
from scorekeeper.ruleset import Ruleset

PLAYERS = ["Anna", "Ben", "Carla", "Dirk"]  # Anna/Carla against Ben/Dirk; Anna deals first
THREE = ["Anna", "Ben", "Carla"]


def load(rid: str = "klaverjassen", **options: object) -> Ruleset:
    return ruleset.load(rid, options or None)


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def codes(text: str) -> list[str]:
    """A player's cards as the deal records them, written as one string."""
    return text.split()


# ---------------------------------------------------------------------- written hands


def written(text: str) -> list[str]:
    """Tricks written one per line as 'Name CARD Name CARD ...' -> the play actions in order."""
    plays: list[str] = []
    for line in text.strip().splitlines():
        words = line.split("#")[0].split()
        plays += [f"{words[i]} {words[i + 1]}" for i in range(0, len(words), 2)]
    return plays


def deal_of(plays: list[str], players: list[str]) -> dict[str, list[str]]:
    deal: dict[str, list[str]] = {p: [] for p in players}
    for play in plays:
        who, card = play.split()
        deal[who].append(card)
    return deal


def run_hand(
    rules: Ruleset,
    actions: list[str],
    *,
    deal: dict[str, list[str]] | None = None,
    players: list[str] = PLAYERS,
    dealer: str = "Anna",
) -> Hand:
    hand = Hand(rules, players, dealer, deal=deal)
    for action in actions:
        hand.apply(action)
    return hand


# The session's first hand, built by hand (Anna deals, Ben leads, Dirk chooses hearts).
# Every play is checked against the Amsterdam rules in the comments.
HAND_ONE = """
Ben AC   Carla KC  Dirk QC  Anna 7C   # all follow clubs; Ben 18 (11+4+3+0), roem AC KC QC 20
Ben JH   Carla 7H  Dirk 9H  Anna 8H   # trump led, nobody can beat JH; Ben 34 (20+0+14+0), roem 9H 8H 7H 20
Ben 10D  Carla AD  Dirk 9D  Anna KD   # Carla 25 (10+11+0+4), no run (A K, 10 9 only)
Carla AS Dirk 7S   Anna 8S  Ben 9S    # Carla 11, roem 9S 8S 7S 20
Carla KS Dirk 10S  Anna QS  Ben JS    # 10 beats K in a plain suit: Dirk 19 (4+10+3+2), roem K Q J 10 spades 50
Dirk 10H Anna QH   Ben KH   Carla 10C # trump led, Anna and Ben cannot beat 10H; Carla has no trump; Dirk 27, stuk 20
Dirk 8D  Anna QD   Ben 7D   Carla 9C  # Carla void, no trumps, partner winning; Anna 3
Anna JD  Ben JC    Carla 8C Dirk AH   # Ben and Carla have no trumps; Dirk must trump: Dirk 15 + last trick 10
"""
HAND_ONE_BIDS = ["Ben pass", "Carla pass", "Dirk trump hearts"]
HAND_ONE_DEAL = deal_of(written(HAND_ONE), PLAYERS)
# Ben/Dirk: 18 + 34 + 19 + 27 + 15 + 10 = 123 card points; Anna/Carla 25 + 11 + 3 = 39 (= 162).
# Roem Ben/Dirk 20 + 20 + 50 + 20 = 110, Anna/Carla 20.
# Playing team Ben/Dirk 123 + 110 = 233 > 39 + 20 = 59: both keep their points.

# The same deal, but in trick 4 Ben discards JC although he holds JS (and KH, a trump, while
# the opponent Carla is winning); trick 8 then gets his 9S. Recorded without the deal, the
# revoke shows when Ben plays JS in trick 5.
HAND_REVOKE = """
Ben AC   Carla KC  Dirk QC  Anna 7C
Ben JH   Carla 7H  Dirk 9H  Anna 8H
Ben 10D  Carla AD  Dirk 9D  Anna KD
Carla AS Dirk 7S   Anna 8S  Ben JC    # Ben revokes: he holds JS
Carla KS Dirk 10S  Anna QS  Ben JS    # proves it
Dirk 10H Anna QH   Ben KH   Carla 10C
Dirk 8D  Anna QD   Ben 7D   Carla 9C
Anna JD  Ben 9S    Carla 8C Dirk AH
"""


# ---------------------------------------------------------------------- rule sets


def test_rule_sets_load_with_the_numbers_of_the_text() -> None:
    for rid, count, size in (
        ("klaverjassen", 4, 8),
        ("klaverjassen-rotterdam", 4, 8),
        ("klaverjassen-3", 3, 10),
        ("klaverjassen-wilde-boom", 4, 8),
    ):
        rules = load(rid)
        assert rules.family == "klaverjassen"
        assert rules.player_counts == [count]
        assert rules.hand_size == size
        assert len(rules.deck) == 32
        assert rules.require("card_points.total") == 152
        assert rules.require("play.last_trick_bonus") == 10
        assert rules.option("trump_choice") == "free"
        for spec in rules.option_specs.values():
            assert spec.explain, (rid, spec.name)
    rules = load()
    # the seed's trump order J 9 A 10 K Q 8 7 and plain order A 10 K Q J 9 8 7
    contract = Contract.from_rules(rules, "trump", "H")
    assert [c.code for c in contract.trumps] == ["JH", "9H", "AH", "10H", "KH", "QH", "8H", "7H"]
    assert rules.get("ranking.plain_order") == ["A", "10", "K", "Q", "J", "9", "8", "7"]
    assert rules.card_points(Card("J", "H"), "H") == 20
    assert rules.card_points(Card("9", "H"), "H") == 14
    assert rules.card_points(Card("J", "S"), "H") == 2
    assert rules.card_points(Card("9", "S"), "H") == 0
    assert rules.options == {
        "trump_choice": "free",
        "four_of_a_kind_ranks": ["A", "K", "Q", "10"],
        "pit_for_defenders": True,
        "revoke_penalty": "hand_lost",
        "roem_notation": "figures",
    }


def test_bad_four_of_a_kind_rank_is_refused() -> None:
    with pytest.raises(OptionError) as err:
        Hand(load(four_of_a_kind_ranks=["A", "X"]), PLAYERS, "Anna")
    assert err.value.rule == "options.four_of_a_kind_ranks"


def test_a_house_rule_extends_klaverjassen(tmp_path: Path) -> None:
    house = tmp_path / "kbn.toml"
    house.write_text(
        'extends = "klaverjassen"\nname = "KBN house"\n'
        '[options.four_of_a_kind_ranks]\ndefault = ["A", "K", "Q", "10", "9", "8", "7"]\n'
        'explain = "KBN: every rank"\n',
        encoding="utf-8",
    )
    rules = ruleset.load(str(house))
    roem = trick_roem(rules, cards("9C 9S 9H 9D"), "H")
    assert [r.points for r in roem] == [100]
    broken = tmp_path / "broken.toml"
    broken.write_text('extends = "klaverjassen"\n[roem]\nsequence_order = ["A", "K"]\n')
    with pytest.raises(RulesetError) as err:
        ruleset.load(str(broken))
    assert "roem.sequence_order" in str(err.value)


# ---------------------------------------------------------------------- following


def judge(
    rid: str, trick: str, card: str, holding: str, partner_winning: bool | None
) -> tuple[bool, str | None, str]:
    """check_play with hearts as trumps, for one player holding ``holding``."""
    rules = load(rid)
    verdict = check_play(
        family_for(rules).following_rules(rules),
        Contract.from_rules(rules, "trump", "H"),
        cards(trick),
        Card.parse(card),
        cards(holding),
        partner_winning=partner_winning,
    )
    return verdict.legal, verdict.rule, verdict.reason


AMSTERDAM = "klaverjassen"
ROTTERDAM = "klaverjassen-rotterdam"
OPPONENT, PARTNER = False, True

# (rule set, trick so far, card, holding, partner winning?, legal, rule, words in the reason)
FOLLOWING_CASES = [
    # both: the suit led must be followed, any card of it will do in a plain suit
    (
        AMSTERDAM,
        "AS",
        "7H",
        "7H 8S",
        OPPONENT,
        False,
        "following.follow_suit",
        "must follow spades: holds 8S",
    ),
    (AMSTERDAM, "AS", "8S", "8S KS 7H", OPPONENT, True, None, "follows spades"),
    (ROTTERDAM, "AS", "7H", "7H 8S", PARTNER, False, "following.follow_suit", "must follow spades"),
    # Amsterdam, cannot follow, an opponent is winning: must trump ...
    (
        AMSTERDAM,
        "AS",
        "7C",
        "7C 7H",
        OPPONENT,
        False,
        "following.when_void",
        "must trump while an opponent is winning: cannot follow spades, holds 7H",
    ),
    (AMSTERDAM, "AS", "7H", "7C 7H", OPPONENT, True, None, "trumps"),
    # ... and over-trump a trump already there
    (
        AMSTERDAM,
        "AS 9H",
        "7C",
        "7C JH 8H",
        OPPONENT,
        False,
        "following.overtrump",
        "must over-trump: JH beats 9H",
    ),
    (
        AMSTERDAM,
        "AS 9H",
        "8H",
        "7C JH 8H",
        OPPONENT,
        False,
        "following.overtrump",
        "must over-trump: JH beats 9H",
    ),
    (AMSTERDAM, "AS 9H", "JH", "7C JH 8H", OPPONENT, True, None, "over-trumps 9H"),
    # ... unable to over-trump: discard, but no under-trumping while holding another card
    (AMSTERDAM, "AS JH", "7C", "7C 9H", OPPONENT, True, None, "any card"),
    (
        AMSTERDAM,
        "AS JH",
        "9H",
        "7C 9H",
        OPPONENT,
        False,
        "following.undertrump",
        "may not under-trump JH: holds 7C",
    ),
    (AMSTERDAM, "AS JH", "9H", "9H 8H", OPPONENT, True, None, "any card"),
    # Amsterdam, partner winning: any card, but no under-trumping unless only lower trumps
    (AMSTERDAM, "AS KS", "7C", "7C 7H", PARTNER, True, None, "any card"),
    (AMSTERDAM, "AS KS", "7H", "7C 7H", PARTNER, True, None, "any card"),
    (
        AMSTERDAM,
        "AS 9H",
        "8H",
        "7C 8H",
        PARTNER,
        False,
        "following.undertrump",
        "may not under-trump 9H: holds 7C",
    ),
    (AMSTERDAM, "AS 9H", "7C", "7C 8H", PARTNER, True, None, "any card"),
    (AMSTERDAM, "AS 9H", "JH", "7C JH", PARTNER, True, None, "any card"),
    (AMSTERDAM, "AS 9H", "8H", "8H 7H", PARTNER, True, None, "any card"),
    (
        AMSTERDAM,
        "AS 9H",
        "8H",
        "8H JH",
        PARTNER,
        False,
        "following.undertrump",
        "may not under-trump 9H: holds JH",
    ),
    # Amsterdam, trump led: beat the highest trump if able, else any trump; no trump: any card
    (AMSTERDAM, "9H", "7H", "JH 7H", OPPONENT, False, "following.head", "must beat 9H: holds JH"),
    (AMSTERDAM, "9H 8H", "7H", "JH 7H", PARTNER, False, "following.head", "must beat 9H: holds JH"),
    (AMSTERDAM, "9H", "7H", "AH 7H", OPPONENT, True, None, "follows trumps"),
    (
        AMSTERDAM,
        "9H",
        "7C",
        "JH 7C",
        OPPONENT,
        False,
        "following.follow_suit",
        "must follow trumps: holds JH",
    ),
    (AMSTERDAM, "9H", "7C", "7C AS", OPPONENT, True, None, "any card"),
    # Rotterdam: cannot follow, must trump whoever is winning ...
    (
        ROTTERDAM,
        "AS KS",
        "7C",
        "7C 7H",
        PARTNER,
        False,
        "following.when_void",
        "must trump: cannot follow spades, holds 7H",
    ),
    (ROTTERDAM, "AS", "7C", "7C 7H", OPPONENT, False, "following.when_void", "must trump"),
    # ... over-trump even the partner's trump ...
    (
        ROTTERDAM,
        "AS 9H",
        "8H",
        "7C JH 8H",
        PARTNER,
        False,
        "following.overtrump",
        "must over-trump: JH beats 9H",
    ),
    (
        ROTTERDAM,
        "AS 9H",
        "7C",
        "7C JH 8H",
        PARTNER,
        False,
        "following.overtrump",
        "must over-trump: JH beats 9H",
    ),
    (ROTTERDAM, "AS 9H", "JH", "7C JH 8H", PARTNER, True, None, "over-trumps 9H"),
    # ... and unable to over-trump, still a lower trump
    (ROTTERDAM, "AS JH", "7C", "7C 9H", OPPONENT, False, "following.when_void", "must trump"),
    (ROTTERDAM, "AS JH", "9H", "7C 9H", OPPONENT, True, None, "trumps"),
    (ROTTERDAM, "AS JH", "9H", "7C 9H", PARTNER, True, None, "trumps"),
    # Rotterdam, no trumps at all: any card; trump led: beat if able
    (ROTTERDAM, "AS JH", "7C", "7C 8D", OPPONENT, True, None, "any card"),
    (ROTTERDAM, "9H", "7H", "JH 7H", PARTNER, False, "following.head", "must beat 9H: holds JH"),
    (ROTTERDAM, "9H", "7H", "AH 7H", OPPONENT, True, None, "follows trumps"),
]


@pytest.mark.parametrize(
    ("rid", "trick", "card", "holding", "partner", "legal", "rule", "words"), FOLLOWING_CASES
)
def test_following_cases(
    rid: str,
    trick: str,
    card: str,
    holding: str,
    partner: bool,
    legal: bool,
    rule: str | None,
    words: str,
) -> None:
    ok, got_rule, reason = judge(rid, trick, card, holding, partner)
    assert ok is legal, reason
    assert got_rule == rule
    assert words in reason


def over_trump_deal() -> dict[str, list[str]]:
    """Ben leads AS, Carla trumps with 9H; Dirk (opponent of Carla) holds JH, 8H and 7C."""
    return {
        "Ben": codes("AS KS QS JS 10S 9S 8S 7S"),
        "Carla": codes("9H AC KC QC JC 10C 9C 8C"),
        "Dirk": codes("JH 8H 7C AD KD QD JD 10D"),
        "Anna": codes("AH 10H KH QH 7H 9D 8D 7D"),
    }


def test_a_refused_card_names_the_obligation_and_the_card_that_proves_it() -> None:
    hand = run_hand(load(), [*HAND_ONE_BIDS, "Ben AS", "Carla 9H"], deal=over_trump_deal())
    with pytest.raises(IllegalActionError) as err:
        hand.apply("Dirk 8H")
    assert err.value.rule == "following.overtrump"
    assert "must over-trump: JH beats 9H" in err.value.message
    assert hand.legal_cards("Dirk") == [Card("J", "H")]
    # After Dirk's JH nobody can over-trump. Rotterdam: Anna, void in spades, must still
    # play a (lower) trump.
    rot = run_hand(
        load(ROTTERDAM), [*HAND_ONE_BIDS, "Ben AS", "Carla 9H", "Dirk JH"], deal=over_trump_deal()
    )
    with pytest.raises(IllegalActionError) as err:
        rot.apply("Anna 9D")
    assert err.value.rule == "following.when_void"
    amsterdam = run_hand(
        load(), [*HAND_ONE_BIDS, "Ben AS", "Carla 9H", "Dirk JH"], deal=over_trump_deal()
    )
    # Amsterdam: Anna cannot over-trump JH, so she discards; a lower trump is under-trumping
    with pytest.raises(IllegalActionError) as err:
        amsterdam.apply("Anna 7H")
    assert err.value.rule == "following.undertrump"
    amsterdam.apply("Anna 9D")


def test_three_players_follow_suit_with_the_talon_taken() -> None:
    # Ben makes hearts, lays away the talon's KD and his 10D, and leads KC.
    deal = {
        "Ben": codes("JH 9H AH 10H KH QH 8H AS KC 10D"),
        "Anna": codes("KS 7S 8S 9S AC 7C 8C 9C AD QD"),
        "Carla": codes("QS JS 10S QC JC 10C JD 9D 8D 7D"),
    }
    rules = load("klaverjassen-3")
    hand = run_hand(rules, ["Ben trump hearts", "Ben discard 10D KD"], deal=deal, players=THREE)
    assert hand.game.same_side("Anna", "Carla") is False
    hand.apply("Ben KC")
    hand.apply("Carla QC")
    with pytest.raises(IllegalActionError) as err:
        hand.apply("Anna KS")  # Anna holds clubs: must follow
    assert err.value.rule == "following.follow_suit"
    hand.apply("Anna AC")


def test_three_player_void_must_trump_against_either_opponent() -> None:
    # Anna (maker, hearts) holds 7H; Ben leads AS, Carla follows; Anna is void in spades.
    deal = {
        "Anna": codes("7H 8H AC KC QC JC 10C 9C 8C 7C"),
        "Ben": codes("AS KS QS JS 10S 9S 8S 7S AD KD"),
        "Carla": codes("JH 9H AH 10H KH QH QD JD 10D 9D"),
    }
    rules = load("klaverjassen-3", trump_choice="dealer_first")
    # dealer_first: Carla deals and speaks first here; Anna is left of Carla
    hand = Hand(rules, THREE, "Carla", deal=deal)
    hand.apply("Carla pass")
    hand.apply("Anna trump hearts")
    hand.apply("Anna discard 8D 7D")
    hand.apply("Anna AC")  # Anna is left of the dealer and leads
    # Ben is void in clubs and holds no trump: any card
    hand.apply("Ben AS")
    # Carla is void in clubs; Anna (not her partner) wins: she must trump
    with pytest.raises(IllegalActionError) as err:
        hand.apply("Carla QD")
    assert err.value.rule == "following.when_void"
    assert "must trump" in err.value.message


# ---------------------------------------------------------------------- roem


def roem_of(trick: str, trump: str | None = "H", rid: str = "klaverjassen", **options: object):
    return [(r.rule, r.points) for r in trick_roem(load(rid, **options), cards(trick), trump)]


@pytest.mark.parametrize(
    ("trick", "expected"),
    [
        # three in a row of one suit: 20, in any order of play
        ("9C 7C 8C AD", [("roem.runs", 20)]),
        # four in a row: 50, never 50 + 20
        ("JC 9C 10C 8C", [("roem.runs", 50)]),
        # the roem order is A K Q J 10 9 8 7 whatever the ranking: A 10 K is no run ...
        ("AS 10S KS 7D", []),
        # ... and J 10 9 of trumps is one, though the trump order is J 9 A 10
        ("JH 10H 9H 7S", [("roem.runs", 20)]),
        # a gap breaks the run
        ("10D 9D 7D 8S", []),
        # one of each suit in a row is no run
        ("QS JH 10C 7D", []),
        # stuk alone: king and queen of trumps
        ("KH QH 7C 8S", [("roem.stuk", 20)]),
        # king and queen of a plain suit are nothing
        ("KS QS 7C 8D", []),
        # a trump run with stuk: three 20 + stuk 20 = 40, four 50 + stuk 20 = 70
        ("AH KH QH 7C", [("roem.runs", 20), ("roem.stuk", 20)]),
        ("KH QH JH 10H", [("roem.runs", 50), ("roem.stuk", 20)]),
        # K Q J of trumps with a plain nine: run of three 20 + stuk 20
        ("KH QH JH 9C", [("roem.runs", 20), ("roem.stuk", 20)]),
        # stuk with two plain cards; a plain run beside the king of trumps
        ("KH QH 8C 7C", [("roem.stuk", 20)]),
        ("KH QS JS 10S", [("roem.runs", 20)]),
        # four of a kind: aces, kings, queens, tens 100; four jacks 200
        ("AC AS AH AD", [("options.four_of_a_kind_ranks", 100)]),
        ("KC KS KH KD", [("options.four_of_a_kind_ranks", 100)]),
        ("QC QS QH QD", [("options.four_of_a_kind_ranks", 100)]),
        ("10C 10S 10H 10D", [("options.four_of_a_kind_ranks", 100)]),
        ("JC JS JH JD", [("roem.four_jacks", 200)]),
        # four nines score nothing under the seed's ranks
        ("9C 9S 9H 9D", []),
    ],
)
def test_roem_patterns(trick: str, expected: list[tuple[str, int]]) -> None:
    assert roem_of(trick) == expected


def test_four_nines_with_the_kbn_ranks_and_runs_in_three_card_tricks() -> None:
    kbn = {"four_of_a_kind_ranks": ["A", "K", "Q", "10", "9", "8", "7"]}
    assert roem_of("9C 9S 9H 9D", **kbn) == [("options.four_of_a_kind_ranks", 100)]
    # three players: three cards a trick, a run of three or stuk
    assert roem_of("8D 7D 9D", rid="klaverjassen-3") == [("roem.runs", 20)]
    assert roem_of("QS KS 7C", trump="S", rid="klaverjassen-3") == [("roem.stuk", 20)]


def test_roem_goes_to_the_team_that_wins_the_trick() -> None:
    # Trick 1 of HAND_ONE: Ben wins AC KC QC (Carla's and Dirk's cards too): Ben/Dirk's roem.
    # Trick 4: Carla wins 9S 8S 7S, two of them played by Dirk and Ben: Anna/Carla's roem.
    hand = run_hand(load(), [*HAND_ONE_BIDS, *written(HAND_ONE)], deal=HAND_ONE_DEAL)
    facts = hand.game.facts()
    assert [r.points for r in facts.roem["Ben/Dirk"]] == [20, 20, 50, 20]
    assert [r.points for r in facts.roem["Anna/Carla"]] == [20]
    assert "trick 4" in facts.roem["Anna/Carla"][0].label


@pytest.mark.parametrize(
    ("amount", "marks"),
    [(20, "|"), (40, "||"), (50, "V"), (70, "V|"), (100, "O"), (200, "OO"), (0, "-")],
)
def test_tally_marks(amount: int, marks: str) -> None:
    assert tally(load(), amount) == marks


# ---------------------------------------------------------------------- a full hand


def test_full_hand_one_scores_as_worked_out() -> None:
    hand = run_hand(load(), [*HAND_ONE_BIDS, *written(HAND_ONE)], deal=HAND_ONE_DEAL)
    result = hand.result()
    # see HAND_ONE: Ben/Dirk 123 + 110 roem = 233 > Anna/Carla 39 + 20 = 59
    assert result.card_points == {"Ben/Dirk": 123, "Anna/Carla": 39}
    assert result.scores == {"Anna": 59, "Ben": 233, "Carla": 59, "Dirk": 233}
    assert result.details["nat"] is False
    assert result.details["pit"] is None
    assert hand.summary() == {
        "playing": "Dirk",
        "trump": "hearts",
        "points": 123,
        "roem": 110,
        "roem_other": 20,
    }
    # the same record without the deal gives the same result and no revoke
    blind = run_hand(load(), [*HAND_ONE_BIDS, *written(HAND_ONE)])
    assert blind.revokes == []
    assert blind.result().scores == result.scores


def test_declining_roem_counts_for_nobody() -> None:
    # Anna/Carla decline their 20: Ben/Dirk 233 against 39.
    actions = [*HAND_ONE_BIDS, "Carla decline_roem", *written(HAND_ONE)]
    result = run_hand(load(), actions, deal=HAND_ONE_DEAL).result()
    assert result.scores == {"Anna": 39, "Ben": 233, "Carla": 39, "Dirk": 233}
    with pytest.raises(IllegalActionError) as err:
        run_hand(load(), [*HAND_ONE_BIDS, "Carla decline_roem", "Anna decline_roem"])
    assert err.value.rule == "roem"


def test_revoke_found_later_loses_the_hand() -> None:
    plays = written(HAND_REVOKE)
    hand = Hand(load(), PLAYERS, "Anna")
    for action in HAND_ONE_BIDS + plays[:16]:
        hand.apply(action)
    assert hand.revokes == []
    outcome = None
    for action in plays[16:20]:
        outcome = hand.apply(action)
        if action == "Ben JS":
            assert len(outcome.revokes) == 1
            revoke = outcome.revokes[0]
            assert (revoke.player, revoke.trick, revoke.card.code) == ("Ben", 4, "JC")
            assert revoke.rule == "following.follow_suit"
            assert "held JS" in revoke.text()
    for action in plays[20:]:
        hand.apply(action)
    result = hand.result()
    # Ben/Dirk revoked: they score nothing; Anna/Carla score 162 plus the roem of both teams.
    # Roem: Ben/Dirk trick 1 20, trick 2 20, trick 5 50, trick 6 20 = 110; trick 4 has no run
    # now (AS 7S 8S JC). Anna/Carla: 162 + 110 = 272.
    assert result.scores == {"Anna": 272, "Ben": 0, "Carla": 272, "Dirk": 0}
    assert hand.summary()["revoke"] == "Ben"
    # with the deal, the same card is refused at once
    deal = deal_of(plays, PLAYERS)
    dealt = Hand(load(), PLAYERS, "Anna", deal=deal)
    for action in HAND_ONE_BIDS + plays[:15]:
        dealt.apply(action)
    with pytest.raises(IllegalActionError) as err:
        dealt.apply("Ben JC")
    assert err.value.rule == "following.follow_suit"
    assert "must follow spades: holds" in err.value.message


# ---------------------------------------------------------------------- the value


def quick(
    rid: str = "klaverjassen", actions: tuple[str, ...] = (), table=PLAYERS, **facts
) -> HandResult:
    rules = load(rid) if isinstance(rid, str) else rid
    from scorekeeper.actions import parse_action

    parsed = [parse_action(a, table) for a in actions]
    return family_for(rules).score_quick(rules, table, table[0], facts, parsed, {})


def test_made_both_teams_keep_their_points() -> None:
    # Carla (Anna/Carla) plays spades: 100 card points + 20 roem = 120 > 62: 120 and 62.
    r = quick(playing="Carla", trump="spades", points=100, roem=20)
    assert r.scores == {"Anna": 120, "Ben": 62, "Carla": 120, "Dirk": 62}
    assert r.winner == "Anna/Carla"


def test_nat_on_a_tie() -> None:
    # 81 against 81 is not more: nat. The playing team 0, the others 162.
    r = quick(playing="Dirk", trump="D", points=81)
    assert r.scores == {"Anna": 162, "Ben": 0, "Carla": 162, "Dirk": 0}
    assert r.details["nat"] is True
    assert "NAT" in r.game_type
    # a tie made with roem: 71 + 20 = 91 against 91: nat, the others 162 + 20 = 182
    r = quick(playing="Dirk", trump="D", points=71, roem=20)
    assert r.scores["Anna"] == 182 and r.scores["Ben"] == 0


def test_nat_with_roem_on_both_sides() -> None:
    # Anna/Carla: 70 + 50 = 120; Ben/Dirk: 92 + 40 = 132; 120 is not more: nat.
    # Ben/Dirk score 162 + 50 + 40 = 252.
    r = quick(playing="Anna", trump="clubs", points=70, roem=50, roem_other=40)
    assert r.scores == {"Anna": 0, "Ben": 252, "Carla": 0, "Dirk": 252}


def test_pit_for_the_playing_team() -> None:
    # every trick: 162 + 70 roem + 100 pit = 332
    r = quick(playing="team2", trump="H", points=162, roem=70)
    assert r.scores == {"Anna": 0, "Ben": 332, "Carla": 0, "Dirk": 332}
    assert r.details["pit"] == "Ben/Dirk"
    # all 162 card points but the others took a trick without points: no pit, 162 + 70
    r = quick(playing="team2", trump="H", points=162, roem=70, all_tricks=False)
    assert r.scores["Ben"] == 232


def test_pit_for_the_defenders() -> None:
    # Anna/Carla play and take nothing: nat; Ben/Dirk 162 + pit 100 = 262 (option default)
    r = quick(playing="Anna", trump="S", points=0)
    assert r.scores == {"Anna": 0, "Ben": 262, "Carla": 0, "Dirk": 262}
    rules = load(pit_for_defenders=False)
    r = quick(rules, playing="Anna", trump="S", points=0)
    assert r.scores["Ben"] == 162
    assert any("pit_for_defenders" in n for n in r.notes)


def test_quick_revoke() -> None:
    # Carla revoked: Anna/Carla 0; Ben/Dirk 162 + roem 20 + 20 = 202
    r = quick(playing="Anna", trump="H", points=100, roem=20, roem_other=20, revoke="Carla")
    assert r.scores == {"Anna": 0, "Ben": 202, "Carla": 0, "Dirk": 202}


def test_quick_refusals() -> None:
    with pytest.raises(IllegalActionError) as err:
        quick(playing="Eve", trump="H", points=80)
    assert err.value.rule == "teams"
    with pytest.raises(IllegalActionError) as err:
        quick(playing="Anna", trump="purple", points=80)
    assert err.value.rule == "trump"
    with pytest.raises(IllegalActionError) as err:
        quick(playing="Anna", trump="H", points=163)
    assert err.value.rule == "card_points.total"
    with pytest.raises(IllegalActionError) as err:
        quick(playing="Anna", trump="H", points=80, roem=25)
    assert err.value.rule == "roem"
    with pytest.raises(IllegalActionError) as err:  # the others took no trick: no roem
        quick(playing="Anna", trump="H", points=162, roem_other=20)
    assert err.value.rule == "roem"
    with pytest.raises(IllegalActionError) as err:
        quick(playing="Anna", trump="H", points=80, points_of=["Anna:80"])
    assert err.value.rule == "quick"
    with pytest.raises(IllegalActionError) as err:
        quick(actions=("Ben kraak",), playing="Anna", trump="H", points=80)
    assert err.value.rule == "quick"
    with pytest.raises(IllegalActionError) as err:
        quick(playing="Anna", trump="H", points=80, redeal=True)
    assert err.value.rule == "trump.all_pass"


def test_tally_notation_on_the_sheet() -> None:
    rules = load(roem_notation="tally")
    r = quick(rules, playing="Ben", trump="H", points=100, roem=70, roem_other=20)
    assert "roem 70 V|:20 |" in r.game_type
    assert r.details["roem_tally"] == {"Ben/Dirk": "V|", "Anna/Carla": "|"}


# ---------------------------------------------------------------------- trump choice


def test_free_choice_turns_and_the_dealer_must_choose() -> None:
    rules = load()
    hand = Hand(rules, PLAYERS, "Anna")
    with pytest.raises(IllegalActionError) as err:
        hand.apply("Ben 7H")
    assert err.value.rule == "options.trump_choice"
    assert "Ben to name a trump suit or pass" in err.value.message
    with pytest.raises(IllegalActionError) as err:
        hand.apply("Carla pass")
    assert "not Carla's turn" in err.value.message
    for action in ("Ben pass", "Carla pass", "Dirk pass"):
        hand.apply(action)
    with pytest.raises(IllegalActionError) as err:
        hand.apply("Anna pass")
    assert "Anna must name a trump suit" in err.value.message
    hand.apply("Anna trump ♠")
    assert hand.game.trump == "S" and hand.game.maker == "Anna"
    assert hand.to_play() == "Ben"  # left of the dealer leads
    with pytest.raises(IllegalActionError):
        hand.apply("Ben hearts")


@pytest.mark.parametrize("word", ["hearts", "H", "h", "♥", "harten", "heart"])
def test_suit_words(word: str) -> None:
    hand = run_hand(load(), [f"Ben trump {word}"])
    assert hand.game.trump == "H"


def test_dealer_first_and_forced_left() -> None:
    hand = run_hand(
        load(trump_choice="dealer_first"), ["Anna pass", "Ben pass", "Carla pass", "Dirk pass"]
    )
    with pytest.raises(IllegalActionError):
        hand.apply("Anna pass")
    hand.apply("Anna clubs")
    assert hand.game.maker == "Anna"
    forced = Hand(load(trump_choice="forced_left"), PLAYERS, "Anna")
    with pytest.raises(IllegalActionError) as err:
        forced.apply("Ben pass")
    assert "Ben must name a trump suit" in err.value.message
    forced.apply("Ben diamonds")
    assert forced.game.trump == "D"


def test_upturn_forced() -> None:
    hand = Hand(load(trump_choice="upturn_forced"), PLAYERS, "Anna")
    with pytest.raises(IllegalActionError) as err:
        hand.apply("Ben accept")
    assert "Anna" in err.value.message and "turn up" in err.value.message
    hand.apply("Anna upturn 7H")
    for p in ("Ben", "Carla", "Dirk", "Anna"):
        hand.apply(f"{p} pass")
    with pytest.raises(IllegalActionError):
        hand.apply("Anna upturn 7H")  # the second card differs from the first
    hand.apply("Anna upturn JS")
    with pytest.raises(IllegalActionError) as err:
        hand.apply("Ben pass")
    assert "Ben must accept JS" in err.value.message
    hand.apply("Ben accept")
    assert hand.game.trump == "S" and hand.game.maker == "Ben"


def test_upturn_other_suit() -> None:
    hand = Hand(load(trump_choice="upturn_other_suit"), PLAYERS, "Anna")
    hand.apply("Anna upturn 9D")
    hand.apply("Ben pass")
    hand.apply("Carla accept")
    assert hand.game.trump == "D" and hand.game.maker == "Carla"
    hand = Hand(load(trump_choice="upturn_other_suit"), PLAYERS, "Anna")
    hand.apply("Anna upturn 9D")
    for p in ("Ben", "Carla", "Dirk", "Anna"):
        hand.apply(f"{p} pass")
    with pytest.raises(IllegalActionError) as err:
        hand.apply("Ben trump diamonds")
    assert "other than diamonds" in err.value.message
    hand.apply("Ben trump clubs")
    assert hand.game.trump == "C"


# ---------------------------------------------------------------------- three players

THREE_DEAL = {
    "Ben": codes("JH 9H AH 10H KH QH 8H AS KC 10D"),
    "Anna": codes("KS 7S 8S 9S AC 7C 8C 9C AD QD"),
    "Carla": codes("QS JS 10S QC JC 10C JD 9D 8D 7D"),
}  # the talon is what is left: 7H and KD
THREE_HAND = """
Ben JH  Carla 7D  Anna 7S   # trump led, nobody else has a trump: any card. Ben 20
Ben 9H  Carla 8D  Anna 8S   # Ben 14
Ben AH  Carla 9D  Anna 9S   # Ben 11
Ben 10H Carla JD  Anna 7C   # Ben 12
Ben KH  Carla JS  Anna 8C   # Ben 6
Ben QH  Carla 10S Anna 9C   # Ben 13
Ben 8H  Carla JC  Anna AD   # Ben 13
Ben 7H  Carla 10C Anna QD   # Ben 13 (7H came from the talon)
Ben AS  Carla QS  Anna KS   # Ben 18, roem A K Q spades 20
Ben KC  Carla QC  Anna AC   # Anna 18 + last trick 10 + discards 10D KD 14; roem A K Q clubs 20
"""


def test_three_player_hand_with_talon_and_discards() -> None:
    rules = load("klaverjassen-3")
    hand = Hand(rules, THREE, "Anna", deal=THREE_DEAL)
    with pytest.raises(IllegalActionError) as err:
        hand.apply("Ben discard 10D KD")
    assert err.value.rule == "talon.discard"
    hand.apply("Ben trump hearts")
    assert sorted(c.code for c in hand.holding("Ben")) == sorted([*THREE_DEAL["Ben"], "7H", "KD"])
    with pytest.raises(IllegalActionError):
        hand.apply("Ben JH")  # the discard comes first
    for bad in (
        "Carla discard 7D 8D",
        "Ben discard 10D",
        "Ben discard 10D 10D",
        "Ben discard 10D 7S",
    ):
        with pytest.raises(IllegalActionError):
            hand.apply(bad)
    hand.apply("Ben discard 10D KD")
    with pytest.raises(IllegalActionError):
        hand.apply("Ben discard 10D KD")
    for action in written(THREE_HAND):
        hand.apply(action)
    result = hand.result()
    # Ben: 20+14+11+12+6+13+13+13+18 = 120 card points + roem 20 = 140.
    # Anna: 18 + 10 (last trick) + 14 (discards 10D 10 + KD 4) = 42 + roem 20 = 62. Carla 0.
    # 120 + 42 = 162. Ben has 140 > 62 + 0: everyone keeps their own points.
    assert result.card_points == {"Ben": 120, "Anna": 42, "Carla": 0}
    assert result.scores == {"Anna": 62, "Ben": 140, "Carla": 0}
    assert hand.deck_check() == []
    assert hand.summary() == {
        "playing": "Ben",
        "trump": "hearts",
        "points_of": ["Anna:42", "Ben:120", "Carla:0"],
        "roem_of": ["Anna:20", "Ben:20", "Carla:0"],
    }
    # without the deal: the discards are recorded all the same, a discarded card is refused
    blind = Hand(rules, THREE, "Anna")
    blind.apply("Ben trump hearts")
    blind.apply("Ben discard 10D KD")
    with pytest.raises(IllegalActionError) as err:
        blind.apply("Ben 10D")
    assert err.value.rule == "talon.discard"
    for action in written(THREE_HAND):
        blind.apply(action)
    assert blind.result().scores == result.scores and blind.revokes == []


def test_three_players_all_pass_is_a_redeal_by_the_same_dealer() -> None:
    rules = load("klaverjassen-3")
    match = Match(rules, THREE, "Anna")
    for action in ("Ben pass", "Carla pass", "Anna pass"):
        match.apply(action)
    assert match.hands[0].result is not None and match.hands[0].result.redeal
    assert match.next_dealer() == "Anna"
    r = quick("klaverjassen-3", table=THREE, redeal=True)
    assert r.redeal


def test_three_player_nat_and_quick_entry() -> None:
    # Ben 70; Anna 50 + roem 20; Carla 42. 70 is not more than 70 + 42: nat.
    # Anna and Carla each score all points: 162 + 20 = 182.
    r = quick(
        "klaverjassen-3",
        table=THREE,
        playing="Ben",
        trump="S",
        points_of=["Ben:70", "Anna:50"],
        roem_of=["Anna:20"],
    )
    assert r.scores == {"Anna": 182, "Ben": 0, "Carla": 182}
    # made: Ben 100 > 40 + 22: everyone keeps their points
    r = quick(
        "klaverjassen-3",
        table=THREE,
        playing="Ben",
        trump="S",
        points_of=["Ben:100", "Anna:40", "Carla:22"],
    )
    assert r.scores == {"Anna": 40, "Ben": 100, "Carla": 22}
    with pytest.raises(IllegalActionError) as err:
        quick(
            "klaverjassen-3",
            table=THREE,
            playing="Ben",
            trump="S",
            points_of=["Ben:100", "Anna:40", "Carla:40"],
        )
    assert err.value.rule == "card_points.total"
    with pytest.raises(IllegalActionError):
        quick("klaverjassen-3", table=THREE, playing="Ben", trump="S", points=100)


# ---------------------------------------------------------------------- Wilde Boom

WB = "klaverjassen-wilde-boom"


def test_wilde_boom_challenges_who_and_when() -> None:
    hand = Hand(load(WB), PLAYERS, "Anna")
    with pytest.raises(IllegalActionError) as err:
        hand.apply("Anna kraak")
    assert err.value.rule == "kraak" and "after trump is chosen" in err.value.message
    for action in HAND_ONE_BIDS:  # Dirk makes hearts: Ben/Dirk play
        hand.apply(action)
    refused = {
        "Ben kraak": "opponents of the trump maker Dirk",
        "Anna rekraak": "the next challenge is kraak",
    }
    for action, words in refused.items():
        with pytest.raises(IllegalActionError) as err:
            hand.apply(action)
        assert words in err.value.message and err.value.rule == "kraak"
    hand.apply("Anna contra")  # the seed's other word for kraak
    with pytest.raises(IllegalActionError) as err:
        hand.apply("Carla rekraak")
    assert "trump maker's team Ben/Dirk" in err.value.message
    hand.apply("Dirk herkraak")
    with pytest.raises(IllegalActionError):
        hand.apply("Ben superkraak")
    hand.apply("Carla superkraak")
    with pytest.raises(IllegalActionError) as err:
        hand.apply("Anna kraak")
    assert "superkraak was the last challenge" in err.value.message
    assert [v for _, v in hand.game.kraaks] == ["kraak", "rekraak", "superkraak"]
    late = run_hand(load(WB), [*HAND_ONE_BIDS, "Ben AC"])
    with pytest.raises(IllegalActionError) as err:
        late.apply("Anna kraak")
    assert "before the first card" in err.value.message
    with pytest.raises(IllegalActionError) as err:
        run_hand(load(), [*HAND_ONE_BIDS, "Anna kraak"])
    assert err.value.rule == "actions"


def test_wilde_boom_values() -> None:
    # Dirk plays hearts (Ben/Dirk 100, Anna/Carla 62). Anna's kraak: Anna/Carla must score
    # more; 62 is not more than 100, so Ben/Dirk take all 162, doubled: 324.
    r = quick(WB, actions=("Anna kraak",), playing="Dirk", trump="H", points=100)
    assert r.scores == {"Anna": 0, "Ben": 324, "Carla": 0, "Dirk": 324}
    # Ben answers with rekraak: now Ben/Dirk must score more: 100 > 62, all 162 x 4 = 648
    r = quick(WB, actions=("Anna kraak", "Ben rekraak"), playing="Dirk", trump="H", points=100)
    assert r.scores == {"Anna": 0, "Ben": 648, "Carla": 0, "Dirk": 648}
    # the same with a tie, 81 : 81: the rekraak team fails, Anna/Carla take 162 x 4 = 648
    r = quick(WB, playing="Dirk", trump="H", points=81, kraak="rekraak")
    assert r.scores == {"Anna": 648, "Ben": 0, "Carla": 648, "Dirk": 0}
    # superkraak with spades trumps: Anna/Carla 90 > 72, all 162 x 8 x 2 = 2592
    r = quick(
        WB,
        actions=("Anna kraak", "Ben rekraak", "Carla superkraak"),
        playing="Dirk",
        trump="spades",
        points=72,
    )
    assert r.scores == {"Anna": 2592, "Ben": 0, "Carla": 2592, "Dirk": 0}
    # no challenge, spades: scored as usual, doubled: Ben/Dirk (100 + 20) x 2, Anna/Carla 62 x 2
    r = quick(WB, playing="Dirk", trump="S", points=100, roem=20)
    assert r.scores == {"Anna": 124, "Ben": 240, "Carla": 124, "Dirk": 240}
    # the challenged team counts its roem: 80 + 20 = 100 against 82; kraak fails;
    # Ben/Dirk take all 162 + 20 = 182, x 2 = 364
    r = quick(WB, actions=("Carla kraak",), playing="Ben", trump="D", points=80, roem=20)
    assert r.scores == {"Anna": 0, "Ben": 364, "Carla": 0, "Dirk": 364}
    with pytest.raises(IllegalActionError) as err:
        quick(WB, actions=("Ben kraak",), playing="Dirk", trump="H", points=100)
    assert err.value.rule == "kraak"
    with pytest.raises(IllegalActionError) as err:
        quick(WB, actions=("Anna kraak",), playing="Dirk", trump="H", points=100, kraak="rekraak")
    assert err.value.rule == "kraak"


def test_wilde_boom_declarations_compare() -> None:
    from scorekeeper.games.klaverjassen.roem import declared_combination, highest_declaration

    rules = load(WB)

    def combo(text: str):
        return declared_combination(rules, cards(text), "test")

    assert (combo("KH QH JH 10H 9H").points, combo("10C 9C 8C 7C").points) == (100, 50)
    assert combo("QD JD 10D 9D 8D 7D").points == 100  # five or more: 100
    assert combo("KC KS KH KD").points == 100
    assert combo("JC JS JH JD").points == 200
    for bad in ("AH KH", "AH QH JH", "AH KS QH", "9C 9S 9H 9D"):
        with pytest.raises(IllegalActionError):
            combo(bad)
    # higher value wins: four aces (100) over a run of four (50)
    assert (
        highest_declaration(rules, [("A", combo("KH QH JH 10H")), ("B", combo("AC AS AH AD"))])[0]
        == "B"
    )
    # equal value: the higher top card: A K Q of diamonds over K Q J of spades
    assert (
        highest_declaration(rules, [("A", combo("KS QS JS")), ("B", combo("AD KD QD"))])[0] == "B"
    )
    # equal value and top card: suit order spades, hearts, diamonds, clubs
    assert (
        highest_declaration(rules, [("A", combo("AC KC QC")), ("B", combo("AD KD QD"))])[0] == "B"
    )
    assert (
        highest_declaration(rules, [("A", combo("AH KH QH")), ("B", combo("AD KD QD"))])[0] == "A"
    )
    # four aces against a run of five topped by the king: both 100, the ace is higher
    assert (
        highest_declaration(rules, [("A", combo("KH QH JH 10H 9H")), ("B", combo("AC AS AH AD"))])[
            0
        ]
        == "B"
    )


def test_wilde_boom_declaration_refusals() -> None:
    hand = run_hand(load(WB), [*HAND_ONE_BIDS], deal=HAND_ONE_DEAL)
    with pytest.raises(IllegalActionError) as err:
        hand.apply("Anna roem KD QD JD 10D")
    assert err.value.rule == "deal"
    hand.apply("Anna roem KD QD JD")
    with pytest.raises(IllegalActionError) as err:
        hand.apply("Anna roem KD QD JD")
    assert "already in Anna's declared" in err.value.message
    hand.apply("Ben AC")
    hand.apply("Carla KC")
    with pytest.raises(IllegalActionError) as err:
        hand.apply("Carla roem 10C 9C 8C")
    assert "already played a card" in err.value.message
    blind = run_hand(load(WB), [*HAND_ONE_BIDS, "Anna roem KD QD JD"])
    blind.apply("Ben roem 10D 9D 8D")  # next to Anna's run, but in another hand: fine
    blind.apply("Ben roem AC KC QC")
    with pytest.raises(IllegalActionError) as err:  # one run of six, not two of three
        blind.apply("Ben roem JC 10C 9C")
    assert "touches" in err.value.message
    with pytest.raises(IllegalActionError) as err:
        blind.apply("Ben KD")  # Anna declared KD
    assert err.value.rule == "declarations"


# The stuk hand: HAND_ONE with Ben's KH and Anna's 8H swapped, so Anna holds KH and QH.
STUK_HAND = """
Ben AC   Carla KC  Dirk QC  Anna 7C   # Ben 18, roem A K Q clubs 20
Ben JH   Carla 7H  Dirk 9H  Anna KH   # nobody beats JH; Ben 20+0+14+4 = 38; J 9 7 is no run
Ben 10D  Carla AD  Dirk 9D  Anna KD   # Carla 25
Carla AS Dirk 7S   Anna 8S  Ben 9S    # Carla 11, roem 9 8 7 spades 20
Carla KS Dirk 10S  Anna QS  Ben JS    # Dirk 19, roem K Q J 10 spades 50
Dirk 10H Anna QH   Ben 8H   Carla 10C # Dirk 10+3+0+10 = 23; Q 10 8 no run, no stuk in the trick
Dirk 8D  Anna QD   Ben 7D   Carla 9C  # Anna 3
Anna JD  Ben JC    Carla 8C Dirk AH   # Dirk 15 + last trick 10
"""


def test_wilde_boom_full_hand_with_declarations_stuk_and_kraak() -> None:
    plays = written(STUK_HAND)
    deal = deal_of(plays, PLAYERS)
    declared = ["Anna kraak", "Anna roem KD QD JD", "Carla roem 10C 9C 8C"]
    actions = [*HAND_ONE_BIDS, *declared]
    for play in plays:
        actions.append(play)
        if play == "Anna KH":
            actions.append("Anna stuk")
    hand = run_hand(load(WB), actions, deal=deal)
    result = hand.result()
    # Ben/Dirk: cards 18 + 38 + 19 + 23 + 15 + 10 = 123, trick roem 20 + 50 = 70: 193.
    # Anna/Carla: cards 25 + 11 + 3 = 39, trick roem 20, declarations (the only ones, so the
    # highest) 20 + 20, stuk 20: 119. Anna's kraak: 119 is not more than 193, so Ben/Dirk
    # take everything, 193 + 119 = 312, doubled: 624.
    assert result.card_points == {"Ben/Dirk": 123, "Anna/Carla": 39}
    assert result.details["totals"] == {"Ben/Dirk": 193, "Anna/Carla": 119}
    assert result.scores == {"Anna": 0, "Ben": 624, "Carla": 0, "Dirk": 624}
    summary = hand.summary()
    assert summary == {
        "playing": "Dirk",
        "trump": "hearts",
        "points": 123,
        "roem": 70,
        "roem_other": 80,
        "kraak": "kraak",
    }
    assert quick(WB, **summary).scores == result.scores
    # without the kraak: Ben/Dirk made it, both keep their points
    calm = run_hand(load(WB), [a for a in actions if a != "Anna kraak"], deal=deal).result()
    assert calm.scores == {"Anna": 119, "Ben": 193, "Carla": 119, "Dirk": 193}
    # the same record without the deal
    blind = run_hand(load(WB), actions)
    assert blind.result().scores == result.scores and blind.revokes == []


def test_wilde_boom_stuk_refusals() -> None:
    plays = written(STUK_HAND)
    deal = deal_of(plays, PLAYERS)
    hand = run_hand(load(WB), [*HAND_ONE_BIDS, *plays[:7]], deal=deal)  # up to Dirk's 9H
    with pytest.raises(IllegalActionError) as err:
        hand.apply("Anna stuk")
    assert err.value.rule == "declarations.stuk"
    hand.apply("Anna KH")
    with pytest.raises(IllegalActionError):
        hand.apply("Ben stuk")
    hand.apply("Anna stuk")
    with pytest.raises(IllegalActionError):
        hand.apply("Anna stuk")
    # in a record without the deal, another player's QH contradicts Anna's stuk
    blind = run_hand(load(WB), [*HAND_ONE_BIDS, *plays[:8], "Anna stuk"])
    with pytest.raises(IllegalActionError) as err:
        blind.apply("Ben QH")
    assert err.value.rule == "declarations.stuk"


# ---------------------------------------------------------------------- a session via the CLI

# Hands 2-4 and 6-8 from the score sheet; 1, 5 and 9-16 are played card by card.
# Each comment gives Anna/Carla : Ben/Dirk for the hand.
QUICK_HANDS = {
    2: "playing=Carla trump=spades points=100 roem=20",  # 120 > 62: 120 : 62
    3: "playing=Dirk trump=D points=81",  # 81 is not more than 81: nat, 162 : 0
    4: "playing=Anna trump=clubs points=70 roem=50 roem_other=40",  # 120 < 132: nat, 0 : 252
    6: "playing=team2 trump=H points=162 roem=70",  # pit: 0 : 162 + 70 + 100 = 332
    7: "playing=Anna trump=S points=0",  # nat, defenders' pit: 0 : 162 + 100 = 262
    8: "playing=Ben trump=C points=162 all_tricks=false roem=20",  # no pit: 0 : 182
}


def pit_hand(dealer: str) -> list[str]:
    """A hand where the player left of the dealer holds every heart, names hearts and leads them.

    The next player holds the clubs (played A K Q J 10 9 8 7), the one after the spades
    (played 7 8 9 10 J Q K A), the last the diamonds. Nobody else has a trump, so the leader
    wins all eight tricks: 162 + pit 100 = 262 for the leader's team, 0 for the other. No
    trick holds three cards of one plain suit or four of one rank (clubs and spades never
    show the same rank), and the king and queen of hearts fall in different tricks: no roem.
    """
    i = PLAYERS.index(dealer)
    leader, first, second, third = (PLAYERS[(i + k) % 4] for k in range(1, 5))
    ranks = ["A", "K", "Q", "J", "10", "9", "8", "7"]
    actions = [f"{leader} trump hearts"]
    for k in range(8):
        actions += [
            f"{leader} {ranks[k]}H",
            f"{first} {ranks[k]}C",
            f"{second} {ranks[7 - k]}S",
            f"{third} {ranks[k]}D",
        ]
    return actions


# Hand 1: 59 : 233 (HAND_ONE). Hand 5: Ben's revoke, 272 : 0 (HAND_REVOKE).
# Hands 9-16 (pit_hand; dealers Anna, Ben, Carla, Dirk twice, so the leaders are Ben, Carla,
# Dirk, Anna twice): 0 : 262, 262 : 0, 0 : 262, 262 : 0, and the same again.
# Anna/Carla: 59 + 120 + 162 + 0 + 272 + 0 + 0 + 0 + 4 x 262 = 613 + 1048 = 1661
# Ben/Dirk: 233 + 62 + 0 + 252 + 0 + 332 + 262 + 182 + 4 x 262 = 1323 + 1048 = 2371
FINAL = {"Anna": 1661, "Ben": 2371, "Carla": 1661, "Dirk": 2371}


def test_a_sixteen_hand_session_through_the_cli(tmp_path: Path) -> None:
    m = tmp_path / "session.toml"

    def ok(*args: str) -> str:
        res = run_cli(tmp_path, *args, "--match", m)
        assert res.returncode == 0, res.stderr
        assert "Traceback" not in res.stderr
        return res.stdout

    ok_new = run_cli(
        tmp_path, "new", "klaverjassen", *PLAYERS, "--set", "roem_notation=tally", "--match", m
    )
    assert ok_new.returncode == 0, ok_new.stderr
    # hand 1, with the deal, card by card (a trick at a time)
    ok("deal", *(f"{p}={' '.join(HAND_ONE_DEAL[p])}" for p in PLAYERS))
    ok("act", *HAND_ONE_BIDS)
    tricks = [line.split("#")[0].split()[1::2] for line in HAND_ONE.strip().splitlines()]
    ok("trick", *tricks[0])
    ok("play", "JH")
    assert_refused(
        run_cli(tmp_path, "play", "Carla", "10C", "--match", m),
        rule="following.follow_suit",
        names=("must follow trumps: holds 7H",),
        path=m,
        before=snapshot(m),
    )
    ok("trick", *tricks[1][1:])
    out = ok("act", *written(HAND_ONE)[8:])  # tricks 3 to 8
    assert "Hand over" in out
    assert "trick 5 to Dirk (19 points)" in out and "run of four in spades" in out
    for number in range(2, 17):
        if number == 5:  # hand 5 from the match file's actions, without the deal
            res = run_cli(tmp_path, "act", *HAND_ONE_BIDS, *written(HAND_REVOKE), "--match", m)
            assert res.returncode == 0, res.stderr
            assert "revoke by Ben in trick 4" in res.stderr
        elif number == 9:  # eight pit hands in one go
            ok("act", *(a for dealer in PLAYERS * 2 for a in pit_hand(dealer)))
        elif number in QUICK_HANDS:
            ok("hand", *QUICK_HANDS[number].split())
    sheet = json.loads(ok("score", "--json"))
    assert sheet["totals"] == FINAL
    assert len(sheet["hands"]) == 16
    assert "Ben/Dirk win" in sheet["over"]
    first = sheet["hands"][0]["result"]
    assert first["scores"] == {"Anna": 59, "Ben": 233, "Carla": 59, "Dirk": 233}
    assert "roem 110 V|||:20 |" in first["game_type"]
    assert "roem 70 V|" in sheet["hands"][5]["result"]["game_type"]
    assert "PIT" in sheet["hands"][5]["result"]["game_type"]
    assert "NAT" in sheet["hands"][2]["result"]["game_type"]
    assert sheet["hands"][4]["result"]["scores"] == {"Anna": 272, "Ben": 0, "Carla": 272, "Dirk": 0}
    assert [h["result"]["scores"]["Ben"] for h in sheet["hands"][8:]] == [262, 0, 262, 0] * 2
    before = snapshot(m)
    assert_refused(
        run_cli(tmp_path, "hand", "playing=Ben", "trump=H", "points=100", "--match", m),
        rule="match",
        names=("16 hands played",),
        path=m,
        before=before,
    )
    # a recorded revoke is a scored fact: check reports it (exit 0); --strict fails on it
    check = run_cli(tmp_path, "check", m)
    assert check.returncode == 0
    assert "hand 5: revoke by Ben in trick 4" in check.stderr
    check = run_cli(tmp_path, "check", m, "--strict")
    assert check.returncode == 1
    assert "hand 5: revoke by Ben in trick 4" in check.stderr


def test_equal_totals_are_a_draw() -> None:
    match = Match(load(), PLAYERS, "Anna")
    # 16 hands of 81 : 81, each nat for the playing team: alternate the playing team so
    # that each team gets 162 eight times: 1296 : 1296.
    for number in range(16):
        playing = "team1" if number % 2 else "team2"
        match.add_quick({"playing": playing, "trump": "H", "points": 81}, [])
    assert match.totals() == {"Anna": 1296, "Ben": 1296, "Carla": 1296, "Dirk": 1296}
    assert match.over() is not None and "draw" in match.over()
