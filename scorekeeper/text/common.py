"""English templates of the shared engine's reasons (cards, hands, tricks, following).

``{suit:suit}`` prints a suit code (or ``trump``) as its word; ``{n:times}`` a count as
"once" or "N times", ``{n:time_s}`` as "1 time" or "N times".
"""

_FOLLOWING = {
    "following.lead": "the leader may lead any card",
    "following.must_follow": "must follow {suit:suit}: holds {card}",
    "following.must_head": "must beat {best}: holds {card}, which beats it",
    "following.follows": "follows {suit:suit}",
    "following.must_overtrump": "must over-trump: {card} beats {best}",
    "following.overtrumps": "cannot follow {suit:suit} and over-trumps {best}",
    "following.must_trump": "must trump: cannot follow {suit:suit}, holds {card}",
    "following.must_trump_opponent": (
        "must trump while an opponent is winning: cannot follow {suit:suit}, holds {card}"
    ),
    "following.trumps": "cannot follow {suit:suit} and trumps",
    "following.no_undertrump": "may not under-trump {best}: holds {card}",
    "following.free": "no duty to follow suit",
    "following.void_any": "cannot follow {suit:suit}: any card may be played",
}

TEXTS: dict[str, str] = {
    **_FOLLOWING,
    "list.or": "{items} or {last}",  # {counts!o}: the last of several items
    "list.and": "{items} and {last}",  # players named together: Anna and Ben
    # the same duties told of a play in the past (a revoke proven later)
    **{f"{k}.past": v.replace("holds", "held") for k, v in _FOLLOWING.items()},
    # an action entered with words its game does not read
    "action.surplus": "{action}: {word!r} is not part of the action: {allows}",
    "action.allows.nothing": "{verb} takes no further words",
    "action.allows.one": "{verb} takes one word after it, no more",
    "action.allows.side": (
        "{verb} takes no further words but promises ({levels!l}), each recorded as an "
        "announcement of its own"
    ),
    "action.allows.promise": "{verb} takes one word after it, the side ({sides!l})",
    # check: a quick hand recorded before the checks of a new entry
    "check.as_recorded": "{problem} (scored as recorded; a new entry would be refused)",
    # new: where the match file goes
    "new.created_folders": "created the folder {folders!l} for the match file",
    "new.not_folder": "{folder} is not a folder; give a match file in a folder that exists",
    # new: the names at the table
    "new.name_separator": (
        "player name {name!r} holds {chars}, which separates names from cards and values "
        "(Anna:QC, re=Anna,Carla); choose a name without them"
    ),
    "new.name_reserved": (
        "player name {name!r} is a word the game reads as something else (a card, a side, "
        "a team or a word players say); choose another name"
    ),
    "new.name_case": (
        "player names {other!r} and {name!r} differ only in case, and actions name players "
        "in any case; choose names that differ in their letters"
    ),
    # judge: the question itself
    "judge.no_player": (
        "{play!r} names no player before the colon; write the player and the card, like "
        "Anna:QC, or the card alone"
    ),
    "judge.players": "{game} is played by {counts!l} players, not {players}",
    "judge.played_twice": "{players!l} cannot play twice to one trick",
    "judge.player_played": "{player} has already played to this trick",
    "judge.partner": (
        "{partner} cannot be the partner of {player}: name another player, one who played "
        "to the trick ({played!l}) or is still to play"
    ),
    "judge.names_twice": "--names gives {players!l} twice; each player sits once",
    "hand.not_held": "{player} does not hold {card}",
    "trick.second_wins": "{card} by {player}: the second of two identical cards wins here ({reversal})",
    "trick.first_wins": "{card} by {player}: of two identical cards the first played wins",
    "trick.highest_trump": "{card} by {player}: the highest trump ({rank})",
    "trick.only_trump": "{card} by {player}: the only trump",
    "trick.highest_plain": "{card} by {player}: the highest {suit:suit}, the suit led; no trump played",
    "trick.trump_rank": "trump number {n} of {of}",
    "trick.plain_rank": "{n:ordinal} highest in {suit:suit}",
    "trick.unranked": "{card} is not a card of this game: its plain cards rank {ranks}",
    "trick.not_trump": "{card} is not a trump in this game: its trumps are {trumps!l}",
    "trick.no_cards": "a trick with no card in it has no best card and no winner",
    "trick.too_many": "{count} cards cannot be one trick of {players!l}: each plays one card",
    "hand.nothing_pushed": "nothing to take back: no action was pushed on this hand",
    "hand.not_held_holds": "{player} does not hold {card} (holds {held})",
    "hand.refused": "{action}: {why}",
    "hand.over": "{action}: this hand is over; the next action starts a new hand",
    "hand.sits_out": "{action}: {player} sits out this hand",
    "hand.not_your_turn": "{action}: not {player}'s turn; {when}",
    "hand.continues": "trick {trick} continues with {player}",
    "hand.leads": "{player} leads trick {trick}",
    "hand.played_in": "trick {trick} by {player}",
    "hand.played_out": (
        "{action}: {card} was already played ({where!j}); the deck holds it {copies:times}"
    ),
    "hand.not_over": "the hand is not over yet",
    "hand.revoke": (
        "revoke by {player} in trick {trick}: played {card} but {why} "
        "(proven by {proof} in trick {proof_trick}) [rule: {rule}]"
    ),
    "hand.void": "{player} showed void in {suit:suit} in trick {trick}",
    "hand.miscount": "{card} was played {count} times; the deck holds it {copies}",
    "deal.again": "the deal of this hand is already recorded",
    "deal.not_playing": "deal: {player} does not play in this hand",
    "deal.missing": "deal: no cards given for {players!l}",
    "deal.size": "deal: cards of {player}: {count}; the deal gives each {size}",
    "deal.too_often": "deal: {card} dealt {count} times, the deck holds it {copies:time_s}",
}
