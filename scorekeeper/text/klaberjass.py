"""English templates of Klaberjass's reasons: refusals of the words of an action, of bids,
of the bottom card, the exchange, sequences and bella, of plays the table's knowledge
rules out, and of a score sheet's facts.

``{suit:suit}`` prints a suit code as its word; ``{action}`` is the action as written.
"""

TEXTS: dict[str, str] = {
    # a reason told of one action
    "klaberjass.action": "{action}: {why}",
    "klaberjass.known_from": "{action}: {why} (known from the {known})",
    # the words of an action (notation)
    "klaberjass.unknown_verb": "{action}: {verb!r} is not an action of Klaberjass",
    "klaberjass.unknown_word": (
        "{action}: {word!r} is neither a card (write cards like QC, 10H, Q♣) nor "
        "an action of {game} (actions: {actions!l})"
    ),
    "klaberjass.unknown_word_suit": (
        "{action}: {word!r} is neither a card (write cards like QC, 10H, Q♣) nor "
        "an action of {game} (actions: {actions!l}); to name {suit:suit} as trumps write "
        "'{player} name {word}'"
    ),
    "klaberjass.turnup.no_card": "{action}: name the turned-up card, like '{player} {verb} JH'",
    "klaberjass.bottom.no_card": "{action}: name the bottom card, like '{player} {verb} JH'",
    "klaberjass.pass.no_words": "{action}: pass takes no words after it",
    "klaberjass.name.no_suit": (
        "{action}: name one suit: clubs, spades, hearts or diamonds, like '{player} name spades'"
    ),
    "klaberjass.exchange.no_words": (
        "{action}: exchange takes no words after it; the cards are the turn-up and the trump seven"
    ),
    "klaberjass.sequence.no_cards": "{action}: name the cards, like '{player} sequence 7H 8H 9H'",
    "klaberjass.bella.no_words": (
        "{action}: bella takes no words after it; the card follows as the next action"
    ),
    # the bidding
    "klaberjass.turnup.not_dealer": "{action}: the dealer ({dealer}) turns up the card, not {player}",
    "klaberjass.turnup.again": "{action}: the turn-up is already recorded: {card}",
    "klaberjass.turnup.dealt": (
        "{action}: {card} is in {holder}'s recorded deal, so it cannot be the turn-up"
    ),
    "klaberjass.bid.no_turnup": (
        "{action}: the dealer records the turned-up card first, like '{dealer} turnup JH'"
    ),
    "klaberjass.bid.made": "{action}: trump is already made: {suit:suit} trump, made by {maker}",
    "klaberjass.bid.turn": (
        "{action}: it is {speaker}'s turn to bid ({role}, round {round}); "
        "the non-dealer speaks first in each round"
    ),
    "klaberjass.role.non_dealer": "non-dealer",
    "klaberjass.role.dealer": "dealer",
    "klaberjass.name.round_one": (
        "{action}: in round one only the turn-up's suit ({suit:suit}) can be accepted "
        "('{player} accept') or passed; other suits are named in round two"
    ),
    "klaberjass.accept.round_two": (
        "{action}: round two: {suit:suit}, the turn-up's suit, was passed by both; name "
        "another suit ('{player} name spades') or pass"
    ),
    "klaberjass.accept.other_suit": (
        "{action}: only the turn-up's suit ({suit:suit}) can be accepted in round one"
    ),
    "klaberjass.name.turnup_suit": (
        "{action}: {suit:suit} was the turn-up's suit and both passed it in round one; "
        "name another suit"
    ),
    # before the first card
    "klaberjass.pre_play.no_trump": (
        "{action}: {verb} comes after trump is made and the last three cards are dealt; now: {now}"
    ),
    "klaberjass.pre_play.too_late": (
        "{action}: too late: {verb} comes before the first card is played (cards on the "
        "table: {played})"
    ),
    "klaberjass.pre_play.too_late_one": (
        "{action}: too late: {verb} comes before the first card is played, and "
        "1 card is on the table"
    ),
    "klaberjass.bottom.not_dealer": (
        "{action}: the dealer ({dealer}) shows the bottom card, not {player}"
    ),
    "klaberjass.bottom.again": "{action}: the bottom card is already recorded: {card}",
    "klaberjass.bottom.turnup": "{action}: {card} is the turn-up; the bottom card is another card",
    "klaberjass.bottom.exchanged": ("{action}: {card} went under the stock in {player}'s exchange"),
    "klaberjass.bottom.dealt": "{action}: {card} is in {holder}'s recorded deal",
    "klaberjass.exchange.named_suit": (
        "{action}: trump is {trump:suit}, named in round two, not the turn-up's "
        "suit ({suit:suit}): there is nothing to exchange"
    ),
    "klaberjass.exchange.again": "{action}: {player} already exchanged {seven} for {turnup}",
    "klaberjass.exchange.turnup_is_seven": "{action}: the turn-up is {seven} itself",
    "klaberjass.exchange.bottom": "{action}: {seven} is the bottom card of the stock",
    "klaberjass.own_sequence": "{card} is in {player}'s own announced sequence {cards}",
    "klaberjass.not_held": "{player} does not hold {card} (holds {holding})",
    # cards the table has seen
    "klaberjass.out.turnup_taken": "{card} is the turn-up, which {player} took in the exchange",
    "klaberjass.out.turnup": "{card} is the turn-up card, which is not in play",
    "klaberjass.out.seven": (
        "{card} was exchanged for the turn-up by {player} and lies under the stock"
    ),
    "klaberjass.out.bottom": "{card} is the bottom card of the stock, which is not in play",
    "klaberjass.out.sequence": "{card} is in {player}'s announced sequence {cards}",
    "klaberjass.known.sequence": "announced sequence {cards}",
    "klaberjass.known.exchange": "{card} taken in the exchange",
    "klaberjass.known.more": "{first}; {rest}",
    "klaberjass.known.must_play": (
        "{action}: {player} must still play {cards} ({known}); cards left in hand: {left}"
    ),
    "klaberjass.known.too_many": (
        "{action}: {player} holds {left} cards, and with this sequence {count} cards would be"
        " known to be theirs"
    ),
    "klaberjass.known.must_play_one": (
        "{action}: {player} has 1 card left and must still play {cards} ({known})"
    ),
    # sequences
    "klaberjass.sequence.twice": "a card is named twice in {cards}",
    "klaberjass.sequence.short": "a sequence has at least {least} cards, not {count}",
    "klaberjass.sequence.mixed": "a sequence is of one suit; {cards} mixes {suits}",
    "klaberjass.sequence.gap": (
        "{cards} is not a sequence: {missing} is missing between {low} and {high} (order {order})"
    ),
    "klaberjass.sequence.shared": (
        "{card} is already in {owner} {cards}; a card belongs to one sequence only"
    ),
    "klaberjass.sequence.owner_own": "{player}'s own sequence",
    "klaberjass.sequence.owner": "{player}'s sequence",
    "klaberjass.suit": "{suit:suit}",
    "klaberjass.and": "{first} and {rest}",
    "klaberjass.or": "{first} or {rest}",
    "klaberjass.sequence.touch": (
        "{first} and {second} touch: they are one sequence, announce {joined}"
    ),
    # bella
    "klaberjass.bella.not_in_play": (
        "{action}: bella is said when playing the second of trump king and queen, during play"
    ),
    "klaberjass.bella.again": "{action}: {player} already announced bella",
    "klaberjass.bella.not_your_turn": (
        "{action}: bella is said on one's own turn to play; {next} plays next"
    ),
    "klaberjass.bella.none_played": (
        "{action}: {player} has not played either of {pair[0]} and {pair[1]} yet; bella is "
        "said with the second of them"
    ),
    "klaberjass.bella.both_played": (
        "{action}: {player} already played both {pair[0]} and {pair[1]}"
    ),
    "klaberjass.bella.cannot_play": ("{action}: the bella card {card} cannot be played now: {why}"),
    "klaberjass.bella.owed": "{action}: {player} announced bella, so {player} plays {card} now",
    "klaberjass.bella.given": "bella is already given for {player}",
    # the score sheet
    "klaberjass.quick.fact": "quick: {why}",
    "klaberjass.quick.maker": "quick: maker must be the player who made trump: {players}",
    "klaberjass.quick.trump": "quick: trump must be a suit: clubs, spades, hearts or diamonds",
    "klaberjass.quick.points_form": "quick: points must be Name:N for each player, like {example}",
    "klaberjass.quick.points_twice": "quick: points for {player} given twice",
    "klaberjass.quick.points_missing": (
        "quick: points must give every player's card points (missing {missing!l}), like {example}"
    ),
    "klaberjass.quick.points_total": (
        "quick: the card points add up to {total}; with the last trick's {bonus} they come "
        "to between {bonus} and {most}"
    ),
    "klaberjass.quick.last_trick": (
        "quick: someone took the last trick and its {bonus}, so one player has at least {bonus}"
    ),
    "klaberjass.quick.sequence_form": (
        "quick: sequence {entry!r} must be Name:CARDS, like 'Ben:7H 8H 9H'"
    ),
    "klaberjass.quick.sequence": "quick: {player}'s sequence: {why}",
    "klaberjass.quick.said": "quick: {action}: {why}",
    "klaberjass.quick.bella_player": "quick: bella is a player: {players}",
    "klaberjass.quick.revoke_player": "quick: revoke names the player who revoked: {players}",
    "klaberjass.quick.bella_blocked": (
        "quick: {player} cannot hold the bella: {owner}'s sequence {cards} holds one of its cards"
    ),
    "klaberjass.quick.too_many_cards": (
        "quick: the sequences and bella given for {player} need {count} cards; "
        "a player holds {size}"
    ),
    "klaberjass.quick.action": (
        "quick: {action}: a quick hand takes sequences and bella as actions; "
        "maker= and trump= say the bidding"
    ),
    "klaberjass.quick.redeal": "quick: a redealt hand has nothing else to record",
}

# What the referee says during a hand and at the end of a match.
TEXTS.update(
    {
        "klaberjass.said.made": "{suit:suit} trump, made by {maker}",
        "klaberjass.said.turnup": "turn-up {card}: {elder} may accept {suit:suit}",
        "klaberjass.said.pass_redeal": "{player} passes; both passed twice: {dealer} deals again",
        "klaberjass.said.pass_accept": "{player} passes; {next} may accept {suit:suit}",
        "klaberjass.said.pass_name": "{player} passes; {next} may name a suit other than {suit:suit}",
        "klaberjass.said.makes": (
            "{player} makes {suit:suit} trump and must outscore {opponent}; three more cards "
            "each, then {elder} leads"
        ),
        "klaberjass.said.redeal_ready": "both players passed twice; {dealer} deals again",
        "klaberjass.said.redeal": "both players passed twice: {dealer} deals again",
        "klaberjass.said.await_turnup": (
            "{dealer} (dealer) records the turned-up card, like '{dealer} turnup JH'"
        ),
        "klaberjass.said.await_accept": (
            "{player} accepts {suit:suit} as trump or passes ('{player} accept' / '{player} pass')"
        ),
        "klaberjass.said.await_name": (
            "{player} names a trump suit other than {suit:suit} or passes "
            "('{player} name spades' / '{player} pass')"
        ),
        "klaberjass.said.match_won": "{player} wins with {total} (target {target})",
        "klaberjass.said.match_won_higher": (
            "{player} wins with {total} against {loser}'s {lost}: both passed {target}, "
            "the higher total wins"
        ),
        "klaberjass.said.bottom": "bottom card {card} (out of play)",
        "klaberjass.said.exchange": "{player} exchanges {seven} for the turn-up {turnup}",
        "klaberjass.said.sequence": "{player} announces the sequence {run} (worth {value} if best)",
        "klaberjass.said.bella": "{player} announces bella and plays {card} next",
        "klaberjass.said.bella_played": "{player}: bella ({points})",
        "klaberjass.said.last_trick": "{player} takes the last trick: +{bonus}",
        "klaberjass.said.last_trick_note": "last trick to {player} [rule: play.last_trick_bonus]",
        "klaberjass.said.item.points": "{player}: card points",
        "klaberjass.said.item.bella": "{player}: bella",
        "klaberjass.said.item.revoke": (
            "revoke by {offender}: {taker} scores both totals ({both}), {offender} nothing"
        ),
        "klaberjass.said.item.made": (
            "{maker} made trump and has {total}, more than {other}'s {theirs}: "
            "both score their own totals"
        ),
        "klaberjass.said.item.failed": (
            "{maker} made trump but has {total}, not more than {other}'s {theirs}: "
            "{other} scores both totals ({both}), {maker} nothing"
        ),
        "klaberjass.said.same_score": (
            "both scored the same in this hand: the dealer deals again [rule: match.dealer]"
        ),
        "klaberjass.said.game": "{suit:suit} by {maker}",
        "klaberjass.said.item.runs_tie": (
            "sequences tie exactly ({player} {run}, {other} {theirs}): nobody scores for sequences"
        ),
        "klaberjass.said.item.runs_beat": "{player}'s {run} beats {other}'s {theirs} ({why})",
        "klaberjass.said.item.why_longer": "longer",
        "klaberjass.said.item.why_higher": "higher top card",
        "klaberjass.said.item.why_trump": "a trump sequence",
        "klaberjass.said.item.run": "{player}: sequence {run} ({cards} cards)",
        # the rule set's own problems
        "klaberjass.rules.order": "must list every rank of the deck once, lowest first",
        "klaberjass.rules.bella": "two ranks of the deck",
        "klaberjass.rules.rank": "a rank of the deck",
        "klaberjass.rules.trump_order": "the trump order as cards of the suit {placeholder}",
        "klaberjass.rules.points": "a length and whole points",
    }
)
