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
