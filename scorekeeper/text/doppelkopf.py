"""English templates of Doppelkopf's reasons (declarations, announcements, sides, quick
entry). ``{action}`` is the action as written in the match file."""

TEXTS: dict[str, str] = {
    "doppelkopf.quick.unreachable": (
        "quick: Re cannot have {points} card points: no whole tricks of this deck add up "
        "to {points}, or to Contra's {other}"
    ),
    # who may act
    "doppelkopf.sits_out": "{action}: {player} deals and sits out this hand",
    # declarations before play
    "doppelkopf.declare.option_off": "{action}: {verb} is not played here (option {option} is off)",
    "doppelkopf.declare.after_play": (
        "{action}: {verb} must be declared before the first card is played"
    ),
    "doppelkopf.declare.after_announcement": (
        "{action}: {verb} comes before the announcements, and {player} already announced {kind}"
    ),
    "doppelkopf.solo.already": "{action}: {soloist} already declared a {solo} solo",
    "doppelkopf.solo.none": "{action}: {name} has no solos (see doppelkopf-ddv)",
    "doppelkopf.solo.unknown": "{action}: name the solo: {solos!l}",
    "doppelkopf.solo.after_poverty": "{action}: a solo cannot be declared after a poverty",
    "doppelkopf.wedding.already": "{action}: {player} already announced a wedding",
    "doppelkopf.wedding.after_poverty": "{action}: a poverty is already on the table",
    "doppelkopf.wedding.needs_queens": (
        "{action}: a wedding needs both queens of clubs; {player} holds {count}"
    ),
    "doppelkopf.wedding.queens_held": (
        "{action}: {player} announced a wedding and so holds both queens of clubs"
    ),
    "doppelkopf.piglets.already": "{action}: {player} already announced piglets",
    "doppelkopf.piglets.aces_held": (
        "{action}: {player} announced piglets and so holds both aces of diamonds"
    ),
    "doppelkopf.piglets.not_in_game": "{action}: piglets are not played in a {game}",
    "doppelkopf.piglets.needs_aces": (
        "{action}: piglets need both aces of diamonds; {player} holds {count}"
    ),
    "doppelkopf.piglets.not_turn": (
        "{action}: piglets are announced when playing the first ace of diamonds, on one's turn"
    ),
    "doppelkopf.piglets.ace_played": "{action}: {player} already played an ace of diamonds",
    "doppelkopf.piglets.ace_not_playable": (
        "{action}: {player} cannot play an ace of diamonds now, and piglets are announced with it"
    ),
    "doppelkopf.piglets.play_ace": (
        "{action}: piglets announced now, so {player} plays an ace of diamonds"
    ),
    "doppelkopf.poverty.one_per_hand": "{action}: only one wedding or poverty per hand",
    "doppelkopf.poverty.too_many_trumps": (
        "{action}: poverty needs {limit} trumps or fewer; {player} holds {count}"
    ),
    "doppelkopf.poverty.nothing_to_answer": "{action}: there is no poverty waiting for an answer",
    "doppelkopf.poverty.not_left": "{action}: only {left}, left of {poor}, answers the poverty",
    "doppelkopf.poverty.give_back": (
        "{action}: must give back {count} cards, as many as were passed"
    ),
    "doppelkopf.poverty.count_over": "{action}: at most {limit} trumps",
    "doppelkopf.poverty.unreadable": "{action}: {error}",
    "doppelkopf.poverty.not_held": "{action}: {player} does not hold {card}",
    "doppelkopf.poverty.too_many_cards": "{action}: at most {limit} cards are passed",
    "doppelkopf.poverty.not_trump": "{action}: a poverty passes trumps; {card} is not one",
    "doppelkopf.poverty.pass_all": "{action}: a poverty passes all of {player}'s trumps ({trumps})",
    "doppelkopf.poverty.pass_all_none": "{action}: a poverty passes all of {player}'s trumps (none)",
    "doppelkopf.five_nines.too_few": "{action}: a new deal needs {need} nines; {player} holds {count}",
    # announcements
    "doppelkopf.announce.redeal": "{action}: this hand is being dealt again",
    "doppelkopf.announce.poverty_open": "{action}: the poverty must be answered first",
    "doppelkopf.announce.wedding_open": (
        "{action}: no announcement before the wedding's partner is known"
    ),
    "doppelkopf.announce.side_unknown": (
        "{action}: it is not yet known which side {player} is on; "
        "write '{player} {verb} re' or '... contra'"
    ),
    "doppelkopf.announce.too_late": "{action}: too late for {kind}: it must come {window}",
    "doppelkopf.announce.wrong_side": "{action}: {player} cannot announce for {side}: {problem}",
    "doppelkopf.announce.again": "{action}: {side} already announced {kind} ({player})",
    "doppelkopf.announce.promise_needs_side": "{action}: {kind} needs {side}'s own {side} first",
    "doppelkopf.announce.skip": "{action}: {kind} needs {missing} announced first",
    "doppelkopf.announce.skip_closed": (
        "{action}: cannot skip {missing}: it closed ({missing} is announced {window})"
    ),
    "doppelkopf.window.cards_in_hand": "while holding at least {need} cards ({player} holds {have})",
    "doppelkopf.window.cards_on_table": "before card {limit} is on the table ({played} are)",
    # the sides
    "doppelkopf.sides.with_queens": "{player} plays with the queens of clubs",
    "doppelkopf.sides.against_queens": "{player} plays against the queens of clubs",
    "doppelkopf.sides.with_soloist": "{player} plays the solo, alone against the others",
    "doppelkopf.sides.against_soloist": "{player} plays against the soloist {soloist}",
    "doppelkopf.sides.with_pair": "{player} plays with {players!l}",
    "doppelkopf.sides.against_pair": "{player} plays against {players!l}",
    "doppelkopf.sides.both": "{player} would be on both sides",
    "doppelkopf.sides.too_many_re": "more than two Re players ({players!l})",
    "doppelkopf.sides.all_contra": "all four players cannot be Contra",
    "doppelkopf.sides.untold": "the sides cannot be told from the record: {problem}",
    "doppelkopf.sides.incomplete": "the sides cannot be told from the record: incomplete",
    "doppelkopf.play.contradicts": (
        "{action}: contradicts the announcements so far: {problem}; if an announcement was "
        "recorded wrongly, undo back to it or amend it"
    ),
    # the games a referee may name
    "doppelkopf.game.piglets_off": "piglets are not played here (option piglets is off)",
    "doppelkopf.game.unknown": "unknown game {game!r} for {name}; games: {games!l}",
    # quick entry
    "doppelkopf.quick.re": "re must list the Re players (one or two of {players!l})",
    "doppelkopf.quick.re_points": "re_points must be Re's card points, 0 to {total}",
    "doppelkopf.quick.all_tricks": 'all_tricks is "re" or "contra"',
    "doppelkopf.quick.all_tricks_points": (
        "a side that took every trick has all {total} card points"
    ),
    "doppelkopf.quick.extras": "extras is a list of 'Name kind' with kind one of {kinds!l}",
    "doppelkopf.quick.extra": "extra {entry!r} must be 'Name kind' with kind one of {kinds!l}",
    "doppelkopf.quick.extra_sits_out": (
        "extra {entry!r}: {player} deals and sits out this hand, so earns no extras"
    ),
    "doppelkopf.quick.extra_off": "extra {entry!r}: option {option} is off",
    "doppelkopf.quick.revoke": 'revoke is "re" or "contra"',
    "doppelkopf.quick.solo_unknown": "solo {solo!r} is not one of: {solos!l}",
    "doppelkopf.quick.no_solos": "solo {solo!r}: {name} has no solos (see doppelkopf-ddv)",
    "doppelkopf.quick.solo_alone": "a solo has one Re player, the soloist",
    # what happened (the messages of an applied action or a finished trick)
    "doppelkopf.said.solo_voluntary": "{player} plays a {game} (voluntary)",
    "doppelkopf.said.solo_obligatory": "{player} plays a {game} (obligatory); {player} leads",
    "doppelkopf.said.wedding": (
        "{player} announces a wedding: the first of the first three tricks won by another "
        "player decides the partner"
    ),
    "doppelkopf.said.piglets": (
        "{player} announces piglets: both aces of diamonds now rank above the ten of hearts"
    ),
    "doppelkopf.said.poverty": (
        "{player} declares poverty and passes cards to {left}, trumps among them: {count}"
    ),
    "doppelkopf.said.poverty_their": (
        "{player} declares poverty and passes their trump cards to {left}"
    ),
    "doppelkopf.said.accept": (
        "{player} accepts the poverty: {count} trumps returned; {player} and {poor} play together"
    ),
    "doppelkopf.said.accept_one": (
        "{player} accepts the poverty: {count} trump returned; {player} and {poor} play together"
    ),
    "doppelkopf.said.accept_count": (
        "{player} accepts the poverty: {count} trumps returned; {player} and {poor} play together"
    ),
    "doppelkopf.said.redeal": "{why}: the same dealer deals again",
    "doppelkopf.said.new_deal": "new deal: {why}",
    "doppelkopf.said.not_ready.redeal": "{why}; no card is played in this hand",
    "doppelkopf.said.not_ready.poverty": "{poor}'s poverty must be accepted or declined first",
    "doppelkopf.said.announce": "{player} announces {kind} for {side}",
    "doppelkopf.said.announce.own": "{player} announces {kind}",  # Re by Re: said once
    "doppelkopf.said.trick": "trick {number} to {winner} ({points} points): {reason}",
    "doppelkopf.said.wedding.partner": (
        "wedding: {partner} wins trick {number} and plays with {wedding}"
    ),
    "doppelkopf.said.wedding.alone": "wedding: {wedding} won the first {number} tricks and plays alone",
    "doppelkopf.redeal.declined": "{player} declined {poor}'s poverty",
    "doppelkopf.redeal.five_nines": "{player} holds five nines",
    # the game on the score sheet, its notes, the match
    "doppelkopf.said.game.solo": "{name}, {soloist}",
    "doppelkopf.said.game.solo_obligatory": "{name}, {soloist} (obligatory)",
    "doppelkopf.said.game.solo_voluntary": "{name}, {soloist} (voluntary)",
    "doppelkopf.said.game.wedding_alone": "wedding, {player} alone",
    "doppelkopf.said.game.silent_wedding": "silent wedding, {player} alone",
    "doppelkopf.said.game.unclarified": "{solo} (wedding without partner)",
    "doppelkopf.said.note.piglets": "piglets: {player}",
    "doppelkopf.said.note.poverty": "poverty: {poor} passed to {partner}, who returned {back}",
    "doppelkopf.said.trump_count": "{count} trump",
    "doppelkopf.said.trumps_count": "{count} trumps",
    "doppelkopf.said.match.round_complete": "the round of {games} games is complete",
    "doppelkopf.said.match.round_complete_on_top": (
        "the round of {games} games is complete; {extra} obligatory solos came on top of them"
    ),
    "doppelkopf.said.match.round_complete_on_top.one": (
        "the round of {games} games is complete; {extra} obligatory solo came on top of them"
    ),
    "doppelkopf.said.match.round_complete_owing": (
        "the round of {games} games is complete, but {players!l} played no obligatory solo"
    ),
    # the value of a hand, item by item
    "doppelkopf.said.score.revoke": (
        "revoke by {side}: scored as if it took no card and no trick [rule: options.revoke_penalty]"
    ),
    "doppelkopf.said.score.need_black": "every trick, as black was announced",
    "doppelkopf.said.score.need_promise": "{need}, as {kind} was announced",
    "doppelkopf.said.score.need_against_black": "one trick against the others' black",
    "doppelkopf.said.score.need_against": "{need} against the others' {kind}",
    "doppelkopf.said.score.under": "{side} under {threshold}",
    "doppelkopf.said.score.black": "{side} black",
    "doppelkopf.said.score.against": "{side} reached {points} against {kind}",
    "doppelkopf.said.score.nobody_wins": "nobody wins: Re needed {re_need}, {contra} {contra_need}",
    "doppelkopf.said.score.nobody_scores": (
        "nobody wins, so nobody scores [rule: announcements.promise]"
    ),
    "doppelkopf.said.score.announced": "{side} announced",
    "doppelkopf.said.score.promise_said": "{kind} announced by {side}",
    "doppelkopf.said.score.promise_made": "{kind} announced and made",
    "doppelkopf.said.score.promise_failed": "{side} announced {kind} and missed it",
    "doppelkopf.said.score.not_black": "{side} was not played black",
    "doppelkopf.said.score.won": "won ({side} needed {need})",
    "doppelkopf.said.score.against_the_queens": "against the queens",
    "doppelkopf.said.score.no_extras_alone": (
        "no extra points in a game of one against three [rule: extras]"
    ),
    "doppelkopf.said.score.no_extras_revoke": (
        "the revoking side keeps no extra points [rule: options.revoke_penalty]"
    ),
    "doppelkopf.said.score.no_extras_nobody": (
        "nobody won, so no extra points count [rule: announcements.promise]"
    ),
    "doppelkopf.said.score.extra": "{kind} for {side}",
    "doppelkopf.said.score.alone": "alone against three",
    "doppelkopf.said.score.bock": "Bock round",
    "doppelkopf.said.score.bocks": "Bock rounds",
    "doppelkopf.said.score.bock_game": "{game}, Bock x{factor}",
    # what a score sheet can hold
    "doppelkopf.possible.copies": (
        "{count} {kind} extras are impossible: the deck holds {card} {copies} times"
    ),
    "doppelkopf.possible.one_last_trick": (
        "{kinds!l}: a hand has one last trick, so one Charlie at most"
    ),
    "doppelkopf.possible.last_trick_sides": (
        "Charlie's extras go to the side that won the last trick, not to both sides"
    ),
    "doppelkopf.possible.tricks": "{count} Doppelkopf tricks, but a hand has {tricks} tricks",
    "doppelkopf.possible.no_trick": ("{side} took no trick, so it cannot have earned {kinds!l}"),
    "doppelkopf.possible.points": (
        "{side}'s extras need at least {need} card points in its tricks; it has {points}"
    ),
    "doppelkopf.quick.redeal_alone": (
        "quick: a thrown-in hand (redeal=true) has no other facts; leave out {keys!l}"
    ),
    "doppelkopf.quick.thrown_in": (
        "{action}: {verb} throws the hand in; enter such a hand as redeal=true alone"
    ),
    "doppelkopf.quick.unknown_announcement": "{action}: unknown announcement {verb!r}",
    "doppelkopf.quick.other_side": "{action}: {player} is on the {side} side",
    # the rule set's own problems (a house rule's numbers)
    "doppelkopf.rules.solo_contract": "must name a contract of [contracts]",
    "doppelkopf.rules.not_a_solo": "{solo!r} is not a solo of [solos]",
    "doppelkopf.rules.points": "must be from 0 to the deck's {total} card points, not {value}",
    "doppelkopf.rules.window": "must be from 0 to {most} ({counted}), not {value}",
    "doppelkopf.rules.packets": "{hand} cards each do not deal the {cards} cards of the deck",
    "doppelkopf.rules.wedding_tricks": "must be at most the {tricks} tricks of a hand",
    "doppelkopf.rules.seats": (
        "{seated} players: {hand} cards each deal the {cards} cards of the deck to {seats} players"
    ),
    "doppelkopf.rules.seats_out": (
        "{seated} players: {hand} cards each deal the {cards} cards of the deck "
        "to {seats} players (with {more} the dealer sits out)"
    ),
    "doppelkopf.rules.poverty": "must be at most the {hand} cards of a hand, not {value}",
    "doppelkopf.rules.nines": "a hand holds at most {most} cards of rank {rank}, not {value}",
}
