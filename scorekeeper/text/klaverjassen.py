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
        "klaverjassen.declare.no_cards": (
            "{where}: name the cards of the combination declared, like 'roem KH QH JH'"
        ),
        "klaverjassen.declare.twice": "{where}: a card is named twice",
        "klaverjassen.declare.four_nothing": (
            "{where}: four {rank}s score nothing here (option four_of_a_kind_ranks: {ranks!l})"
        ),
        "klaverjassen.declare.no_combination": (
            "{where}: {cards} is neither a run of {shortest} or more cards of one suit "
            "(order {order}) nor four of a kind"
        ),
        "klaverjassen.four_of_a_kind_twice": (
            "options.four_of_a_kind_ranks names {ranks!l} more than once; name each rank once"
        ),
        "klaverjassen.four_of_a_kind_rank": (
            "option four_of_a_kind_ranks: {rank} is not a rank of this deck ({ranks})"
        ),
        # quick entry
        "klaverjassen.quick.kind": "quick: {key} must be {kind}",
        "klaverjassen.quick.kind_word.int": "a whole number",
        "klaverjassen.quick.kind_word.bool": "true or false",
        "klaverjassen.quick.kind_word.list": "a list of Name:points",
        "klaverjassen.quick.kind_word.word": "a word",
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
        "klaverjassen.quick.all_tricks_true": (
            "quick: all_tricks=true says one side took every trick, so it needs a side with "
            "all {total} card points"
        ),
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
        "klaverjassen.quick.unreachable": (
            "quick: {who} cannot have {points} card points with {trump} trumps: no whole "
            "tricks of this deck (with the last trick's bonus) add up to {points}"
        ),
        "klaverjassen.quick.roem_total": (
            "quick: the roem of all sides together, {sum}, is more than one hand can hold ({most})"
        ),
        # the score sheet
        "klaverjassen.item.card_points": "{side}: card points",
        "klaverjassen.item.pit": "{side}: pit, every trick",
        "klaverjassen.item.roem": "{side}: {label}",
        "klaverjassen.item.counted_for": "{item}, scored by {side} (nat)",
        "klaverjassen.item.trump_doubles": "{suit} trumps",
        "klaverjassen.note.no_pit_for_defenders": (
            "{side} took every trick but scores no pit as defenders "
            "[rule: options.pit_for_defenders]"
        ),
        "klaverjassen.note.revoke": (
            "revoke by {side}: it scores nothing; {innocent} score {total} plus all roem "
            "({roem}) = {awarded}"
        ),
        "klaverjassen.note.kraak_made": (
            "{level} by {side}: {mine} beats {theirs}, so {side} takes all {everything} points"
        ),
        "klaverjassen.note.kraak_failed": (
            "{level} by {side} failed: {mine} is not more than {theirs}, so {other} takes all "
            "{everything} points"
        ),
        "klaverjassen.note.made": "{side} chose trump and made it: {total} against {against}",
        "klaverjassen.note.nat": (
            "nat: {side} chose trump but has {total}, not more than {against}; it scores "
            "nothing, {winner} scores all {everything} ({cards} plus all roem {roem})"
        ),
        "klaverjassen.note.nat_pit": (
            "nat: {side} chose trump but has {total}, not more than {against}; it scores "
            "nothing, {winner} scores all {everything} ({cards} plus all roem {roem} plus pit)"
        ),
        "klaverjassen.note.nat_each": (
            "nat: {side} chose trump but has {total}, not more than {against}; it scores "
            "nothing, {winner} each score all {everything} ({cards} plus all roem {roem})"
        ),
        "klaverjassen.note.nat_each_pit": (
            "nat: {side} chose trump but has {total}, not more than {against}; it scores "
            "nothing, {winner} each score all {everything} ({cards} plus all roem {roem} plus pit)"
        ),
        # what the hand says as it goes
        "klaverjassen.msg.decline_team": "{side} decline their roem for this hand",
        "klaverjassen.msg.decline_one": "{side} declines their roem for this hand",
        "klaverjassen.msg.discard": (
            "{player} lays away {count} cards; their card points go to the winner of the last trick"
        ),
        "klaverjassen.msg.kraak": "{player} says {level} for {side}: the hand counts x{factor}",
        "klaverjassen.msg.declare": "{player} declares {combo}",
        "klaverjassen.msg.stuk": "{player} declares stuk ({played} and {other}): {points} for {side}",
        "klaverjassen.msg.chooses_team": "{player} chooses {suit} as trump; {side} play",
        "klaverjassen.msg.chooses_one": "{player} chooses {suit} as trump; {side} plays",
        "klaverjassen.msg.accepts_team": "{player} accepts {suit} as trump; {side} play",
        "klaverjassen.msg.accepts_one": "{player} accepts {suit} as trump; {side} plays",
        "klaverjassen.msg.talon": (
            "{player} takes the talon and lays {count} cards away ('{player} discard C1 C2')"
        ),
        "klaverjassen.msg.redeal_wait": "everybody passed; the same dealer deals again",
        "klaverjassen.msg.no_trump_yet": "trump is not chosen yet; {now}",
        "klaverjassen.msg.discard_first": (
            "{player} takes the talon and must lay {count} cards away first "
            "('{player} discard C1 C2')"
        ),
        "klaverjassen.msg.trick": "trick {number} to {winner} ({points} points): {reason}",
        "klaverjassen.msg.trick_roem": (
            "trick {number} to {winner} ({points} points): {reason}; roem for {side}: {roem!l}"
        ),
        "klaverjassen.msg.upturn": "{player} turns up {card}",
        "klaverjassen.msg.upturn_next": "{player} turns up {card}; {now}",
        "klaverjassen.msg.pass": "{player} passes",
        "klaverjassen.msg.pass_next": "{player} passes; {now}",
        "klaverjassen.msg.pass_redeal": (
            "{player} passes; everybody passed: the same dealer deals again"
        ),
        "klaverjassen.msg.over_draw": "{hands} hands played: {standing!l}; a draw",
        "klaverjassen.msg.over_team": "{hands} hands played: {standing!l}; {side} win",
        "klaverjassen.msg.over_one": "{hands} hands played: {standing!l}; {side} wins",
        # the notes and labels of a finished hand
        "klaverjassen.label.trick": "{label} in trick {number}",
        "klaverjassen.label.declared": "declared by {player}: {label}",
        "klaverjassen.label.stuk": "stuk declared by {player}",
        "klaverjassen.note.discards": (
            "the discards {cards} ({points} points) go to {side}, winner of the last trick "
            "[rule: talon.discards_to]"
        ),
        "klaverjassen.note.highest": (
            "highest declaration: {combo} ({side}); only {side} scores declarations "
            "[rule: declarations]"
        ),
        "klaverjassen.note.declined": "{points} roem of {side} does not count: declined [rule: roem]",
        "klaverjassen.note.trick_roem": "roem for the trick's winner: {roem} [rule: {rule}]",
        # roem patterns
        "klaverjassen.label.run": "run of {length} in {suit} ({cards})",
        "klaverjassen.label.stuk_trick": "stuk ({king} {queen})",
        "klaverjassen.label.stuk_inside": "stuk, inside the run ({king} {queen})",
        "klaverjassen.label.four_jacks": "four jacks ({cards})",
        "klaverjassen.label.four": "four {rank} ({cards})",
        "klaverjassen.trump.unknown_method": "unknown trump_choice {method}",
        # the rule set's own problems
        "klaverjassen.rules.run_length": 'a run\'s length is a whole number, like "3"',
        "klaverjassen.rules.double_factor": "missing: trump_doubles needs its factor",
        "klaverjassen.rules.discard": "the trump maker lays away as many cards as the talon holds",
        "klaverjassen.rules.level": "{level!r} is not one of the levels",
        "klaverjassen.rules.trump_game": "missing (the trump game with {placeholder} for the suit)",
        "klaverjassen.rules.partners": "partnerships need exactly four players",
        "klaverjassen.rules.methods": "known methods are {methods!l}",
        "klaverjassen.rules.every_rank": "must list every rank of the deck once",
        "klaverjassen.rules.suit": "{suit!r} is not a suit of the deck",
        "klaverjassen.rules.every_suit": "must list every suit once",
        "klaverjassen.rules.talon": "the deal and the talon must use the whole deck",
    }
)
