"""English templates of Klaverjassen's reasons: the trump choice, the talon, challenges,
declarations, stuk, roem and quick entry. ``{action}`` is the refused action string."""

TEXTS: dict[str, str] = {
    # whose turn it is in the trump choice
    "klaverjassen.turn.upturn": (
        "{player} (the dealer) to turn up a card of the second pack ('upturn 7H')"
    ),
    "klaverjassen.turn.accept_or_pass": "{player} to accept {card} ({suit}) as trump or pass",
    "klaverjassen.turn.accept_or_pass_unseen": "{player} to accept the card as trump or pass",
    "klaverjassen.turn.must_accept": "{player} must accept {card} ({suit}) as trump",
    "klaverjassen.turn.must_accept_unseen": "{player} must accept the card as trump",
    "klaverjassen.turn.choose_or_pass": "{player} to name a trump suit or pass",
    "klaverjassen.turn.must_choose": "{player} must name a trump suit",
    "klaverjassen.turn.must_choose_other": "{player} must name a trump suit other than {suit}",
    "klaverjassen.turn.redeal": "everybody passed: the cards are dealt again",
    # the trump choice refused
    "klaverjassen.trump.already": "{action}: trump is already {trump}, chosen by {maker}",
    "klaverjassen.trump.thrown_in": "{action}: everybody passed; this deal is thrown in",
    "klaverjassen.trump.not_your_turn": "{action}: not {player}'s turn in the trump choice: {now}",
    "klaverjassen.trump.upturn_first": "{action}: the dealer turns up a card first: {now}",
    "klaverjassen.trump.may_not_pass": "{action}: {player} may not pass: {now}",
    "klaverjassen.trump.no_upturn_now": "{action}: no card is turned up now: {now}",
    "klaverjassen.trump.upturned_twice": (
        "{action}: {card} was already turned up; the next card of the second pack differs"
    ),
    "klaverjassen.trump.nothing_to_accept": (
        "{action}: there is no upturned card to accept now: {now}"
    ),
    "klaverjassen.trump.no_suit_now": "{action}: no suit is named now: {now}",
    "klaverjassen.trump.other_suit": (
        "{action}: {player} must name a suit other than {suit}, the suit of the upturned "
        "{card} that everybody passed"
    ),
}
TEXTS.update(
    {
        "klaverjassen.unknown_verb": (
            "{action}: {verb} is neither a card nor an action of {game} (actions: {words!l})"
        ),
        # Wilde Boom's challenges
        "klaverjassen.kraak.last": "{action}: {last} was the last challenge",
        "klaverjassen.kraak.order": "{action}: the next challenge is {expected}, not {level}",
        "klaverjassen.kraak.by_playing": "{action}: {level} is said by the trump maker's team {side}",
        "klaverjassen.kraak.by_opponents": (
            "{action}: {level} is said by the opponents of the trump maker {maker}"
        ),
        "klaverjassen.kraak.by_opponents_of": (
            "{action}: {level} is said by the opponents of the playing team {side}"
        ),
        "klaverjassen.kraak.before_trump": "{action}: {level} comes after trump is chosen",
        "klaverjassen.kraak.too_late": "{action}: too late: {level} is said before the first card",
        # combinations declared from the hand
        "klaverjassen.declare.after_play": (
            "{action}: {player} already played a card; combinations are declared before"
        ),
        "klaverjassen.declare.not_held": "{action}: {player} does not hold {card}",
        "klaverjassen.declare.played": "{action}: {card} is already played",
        "klaverjassen.declare.taken": "{action}: {card} is already in {owner}'s declared {combo}",
        "klaverjassen.declare.touches": (
            "{action}: touches {player}'s declared {combo}: one run is declared whole"
        ),
        # stuk
        "klaverjassen.stuk.no_trump": "{action}: stuk needs a trump suit",
        "klaverjassen.stuk.when": (
            "{action}: stuk is declared right after {player} plays the first of {king} and {queen}"
        ),
        "klaverjassen.stuk.second": (
            "{action}: {player} already played {card}: stuk is declared with the first of the two"
        ),
        "klaverjassen.stuk.played": "{action}: {card} was played by {by}",
        "klaverjassen.stuk.not_held": "{action}: {player} does not hold {card}",
        # declining roem, the talon
        "klaverjassen.decline.before_trump": (
            "{action}: roem is declined once trump is chosen, before the last card"
        ),
        "klaverjassen.decline.twice": "{action}: {side} already declined their roem",
        "klaverjassen.discard.before_trump": (
            "{action}: the talon is taken by the trump maker, once trump is chosen"
        ),
        "klaverjassen.discard.not_maker": "{action}: only the trump maker {maker} discards",
        "klaverjassen.discard.twice": "{action}: {maker} already laid away {cards}",
        "klaverjassen.discard.count": (
            "{action}: the trump maker lays away exactly {count} different cards"
        ),
        "klaverjassen.discard.not_held": (
            "{action}: {player} does not hold {card} (holds {holding}, the talon included)"
        ),
        # cards refused in play
        "klaverjassen.play.discarded": (
            "{action}: {card} was laid away by {maker} and is out of play"
        ),
        "klaverjassen.play.declared": "{card} is in {owner}'s declared {combo}",
        "klaverjassen.play.stuk": "{owner} declared stuk and so holds {card}",
        "klaverjassen.play.refused": "{action}: {why}",
    }
)
TEXTS.update(
    {
        # reading actions
        "klaverjassen.not_suit": (
            "{where}: {word} is not a suit; write hearts, diamonds, clubs or spades "
            "(or H, D, C, S, or a suit symbol)"
        ),
        "klaverjassen.card": "{action}: {why}",
        "klaverjassen.upturn_one": "{action}: name the card turned up, like '{player} upturn 7H'",
        "klaverjassen.trump_one": "{action}: name one suit, like '{player} trump hearts'",
        # roem and declared combinations
        "klaverjassen.declare.twice": "{where}: a card is named twice",
        "klaverjassen.declare.four_nothing": (
            "{where}: four {rank}s score nothing here (option four_of_a_kind_ranks: {ranks!l})"
        ),
        "klaverjassen.declare.no_combination": (
            "{where}: {cards} is neither a run of {shortest} or more cards of one suit "
            "(order {order}) nor four of a kind"
        ),
        "klaverjassen.four_of_a_kind_rank": (
            "option four_of_a_kind_ranks: {rank} is not a rank of this deck ({ranks})"
        ),
        # quick entry
        "klaverjassen.quick.kind": "quick: {key} must be {kind}",
        "klaverjassen.quick.missing_playing": (
            "quick: playing must name the trump maker (or team1 / team2)"
        ),
        "klaverjassen.quick.missing_trump": "quick: trump must name the trump suit",
        "klaverjassen.quick.missing_points": (
            "quick: points must give the playing team's card points, 0 to {total}"
        ),
        "klaverjassen.quick.not_player": "quick: {key} {word} is not a player here ({players!l})",
        "klaverjassen.quick.not_player_or_team": (
            "quick: {key} {word} is not a player here ({players!l} or team1 / team2)"
        ),
        "klaverjassen.quick.not_whole": "quick: {key} must be a whole number, not {value}",
        "klaverjassen.quick.out_of_range": "quick: {key} must be a whole number from {low} to {high}",
        "klaverjassen.quick.roem_impossible": (
            "quick: {key} {amount}: no set of roem adds up to that (roem comes as {values!l} "
            "and their sums)"
        ),
        "klaverjassen.quick.entry": "quick: {key}: write each entry as Name:points, not {entry}",
        "klaverjassen.quick.named_twice": "quick: {key}: {player} is named twice",
        "klaverjassen.quick.other_table": "quick: {key} is not used by {game}; use {instead!l}",
        "klaverjassen.quick.not_suit": (
            "quick: {word} is not a suit; write hearts, diamonds, clubs or spades "
            "(or H, D, C, S, or a suit symbol)"
        ),
        "klaverjassen.quick.points_missing": (
            "quick: points_of must give every player's card points (at most one left out); "
            "missing {players!l}"
        ),
        "klaverjassen.quick.points_over": "quick: points_of adds up to more than {total}",
        "klaverjassen.quick.points_sum": "quick: points_of must add up to {total}, not {sum}",
        "klaverjassen.quick.all_tricks": (
            "quick: all_tricks=false only matters when a side has all {total} card points"
        ),
        "klaverjassen.quick.no_tricks_no_roem": (
            "quick: {side} took no trick (all {total} card points went to {pit}), so it has no roem"
        ),
        "klaverjassen.quick.no_redeal": "quick: in {game} the dealer must choose trump when all pass",
        "klaverjassen.quick.action": (
            "{action}: quick entry takes the facts as keys; declined roem is simply left out of roem"
        ),
        "klaverjassen.quick.action_levels": (
            "{action}: quick entry takes the facts as keys; only the challenges {levels!l} are "
            "actions here; declined roem is simply left out of roem"
        ),
        "klaverjassen.quick.kraak_disagrees": (
            "quick: kraak disagrees with the challenges given as actions"
        ),
        "klaverjassen.quick.kraak_word": "quick: kraak must be one of {levels!l}",
        "klaverjassen.quick.no_kraak": "quick: {game} has no challenges",
        "klaverjassen.quick.redeal_alone": (
            "quick: a thrown-in deal (redeal=true) has no other facts; leave out {keys!l}"
        ),
        "klaverjassen.quick.roem_total": (
            "quick: the roem of all sides together, {sum}, is more than one hand can hold ({most})"
        ),
    }
)
