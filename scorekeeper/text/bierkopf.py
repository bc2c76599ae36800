"""English templates of Bierkopf's reasons: refusals of doubles and of a score sheet's facts."""

TEXTS: dict[str, str] = {
    "bierkopf.unknown_verb": (
        "{action}: '{verb}' is neither a card (write cards like QC, 10H, Q♣) nor an action "
        "of {game} (actions: {actions!l})"
    ),
    "bierkopf.double.no_words": "{action}: a double says nothing more",
    "bierkopf.double.single": (
        "{action}: nobody doubled before the first card, so the stakes stay single "
        "(cards on the table: {cards})"
    ),
    "bierkopf.double.seats": (
        "{action}: before the first card only {seats!l} may double, in turn from the "
        "dealer's left; {player} may not"
    ),
    "bierkopf.double.window": (
        "{action}: {last}'s double ends the doubling before play; the other team may double "
        "again from card {again} on (cards on the table: {cards})"
    ),
    "bierkopf.double.alternate": (
        "{action}: {player}'s team made the last double ({last}); the teams double in turn"
    ),
    "bierkopf.quick.team": "quick: team names a player ({players!l})",
    "bierkopf.quick.points": "quick: points must be the team's card points, 0 to {total}",
    "bierkopf.quick.revoke": "quick: revoke names a player ({players!l})",
    "bierkopf.quick.least_named": (
        "points: the team cannot have {points} card points: every card counts, so a trick "
        "is worth at least {least}"
    ),
    "bierkopf.quick.least_other": (
        "points: {points} leaves the other team {other} card points, which it cannot have: "
        "every card counts, so a trick is worth at least {least}"
    ),
    "bierkopf.quick.unreachable": (
        "points: no whole tricks of this deck add up to {points} card points for one team "
        "and {other} for the other"
    ),
}

# What the referee says, and the lines of a hand's value
TEXTS.update(
    {
        "bierkopf.says.double": "{player} doubles: the game points count x{multiplier}",
        "bierkopf.says.match_over": "{team} reached {target} game points ({total})",
        "bierkopf.item.tie": "{first}:{second}: nobody scores",
        "bierkopf.item.carry": (
            "{step} game point carried to the next hand's winners ({waiting} waiting, not doubled)"
        ),
        "bierkopf.item.row": "{team} {at} card points or more ({points})",
        "bierkopf.item.doubled": "doubled by {player}",
        "bierkopf.item.carried": "carried from 60:60 hands (not doubled)",
        "bierkopf.note.revoke": (
            "revoke by {team}: scored as if they took no card and no trick "
            "[rule: options.revoke_penalty]"
        ),
        # the rule set's own problems
        "bierkopf.rules.rows": "needs at least one row like [scoring.win] at = 61",
        "bierkopf.rules.both_win": "with {lowest} card points both teams could win a hand of {total}",
    }
)
