"""English templates of Kloepper's reasons: refusals of calls, going alone, knocks and
cards that would contradict them, and of a score sheet's facts."""

TEXTS: dict[str, str] = {
    # the notation
    "kloepper.unknown_verb": (
        "{action}: '{verb}' is neither a card (write cards like QC, 10H, Q♣) nor an action "
        "of {game} (actions: {actions!l})"
    ),
    "kloepper.call.one_ace": (
        "{action}: name the one ace called, like '{player} call AH' (one of {aces})"
    ),
    "kloepper.call.unreadable": "{action}: {why}",
    "kloepper.alone.no_card": "{action}: going alone names no card",
    "kloepper.knock.no_words": "{action}: a knock says nothing more",
    # the chain
    "kloepper.declare.too_late": "{action}: the call or going alone comes before the first card",
    "kloepper.declare.already_called": (
        "{action}: {declarer} already declared both black queens and called {ace}"
    ),
    "kloepper.declare.already_alone": (
        "{action}: {declarer} already declared both black queens and goes alone"
    ),
    "kloepper.call.not_callable": (
        "{action}: {card} cannot be called; the call names the ace of a plain suit ({aces})"
    ),
    "kloepper.knock.too_late": (
        "{action}: too late: knocks come before the first card of trick {trick} "
        "(cards on the table: {cards})"
    ),
    "kloepper.knock.again": "{action}: {player} already knocked",
    "kloepper.knock.both_sides": (
        "{action}: both sides have knocked already ({knocker}, then {replier})"
    ),
    "kloepper.contradiction": "{action}: {why}",
    # what the record shows
    "kloepper.declare.missing_queens": (
        "{verb} needs both black queens; {player} does not hold {missing}"
    ),
    "kloepper.call.own_ace": (
        "{player} holds {card}; the ace called must be one the caller does not hold"
    ),
    "kloepper.declare.other_holds": "{holder} holds {queen}, yet {declarer} declared both black queens",
    "kloepper.declare.undeclared": (
        "{player} holds both black queens and so calls an ace ('{player} call AH') or goes "
        "alone ('{player} alone') before the first card"
    ),
    "kloepper.call.holds_called": "{declarer} called {ace} but holds it",
    "kloepper.knock.not_declarer": (
        "{knocker} knocked, but {declarer} holds both black queens; "
        "only a black-queen holder knocks"
    ),
    "kloepper.knock.no_queen": "{knocker} knocked without a black queen ({shown!l})",
    "kloepper.reply.queens_side": (
        "{replier} knocked in reply, but {replier} plays on the queens' side; "
        "only an opponent of the queens replies"
    ),
    "kloepper.sides_unknown": "the sides cannot be told from the record yet",
    "kloepper.table_overlap": "the scoring table gives {queens}:{others} to {winners}",
    # what the score sheet says
    "kloepper.sheet.call_side": (
        "the caller and the called ace's holder form the queens' side; queens= must name "
        "{player} and the partner"
    ),
    "kloepper.sheet.alone_side": "a player alone is the queens' side alone: queens={player}",
    "kloepper.sheet.knock_holder": "only a black-queen holder knocks ({holders!l})",
    "kloepper.sheet.reply": "only an opponent of the queens knocks in reply",
    "kloepper.quick.queens": "quick: queens must name the queens' side (one or two of {players!l})",
    "kloepper.quick.queens_points": (
        "quick: queens_points must be the queens' card points, 0 to {total}"
    ),
    "kloepper.quick.unreachable": (
        "quick: the queens cannot have {points} card points: no whole tricks of this deck "
        "add up to {points}, or to the others' {other}"
    ),
    "kloepper.quick.every_trick": "quick: a side that took every trick has all {total} card points",
}

# What the referee says, and the lines of a hand's value
TEXTS.update(
    {
        "kloepper.says.call": (
            "{player} holds both black queens and calls {ace}: its holder plays with them"
        ),
        "kloepper.says.alone": "{player} holds both black queens and plays alone against three",
        "kloepper.says.knock": "{player} knocks: the queens' side claims every trick",
        "kloepper.says.reply": "{player} knocks in reply: the others claim at least one trick",
        "kloepper.says.declare_first": (
            "{player} holds both black queens and first calls an ace ('{player} call AH') "
            "or goes alone ('{player} alone')"
        ),
        "kloepper.says.shows_queen": "{player} shows {card}: on the queens' side",
        "kloepper.says.called_ace": "{player} plays the called {card}: partner of {declarer}",
        "kloepper.says.match_over": "{player} has {score}, at least {target}, and leads alone",
        "kloepper.side.queens": "the queens",
        "kloepper.side.others": "the others",
        "kloepper.item.every_trick": "{side} took every trick",
        "kloepper.item.row": "{side} {at} card points or more",
        "kloepper.item.alone": "{item}, alone against three",
        "kloepper.item.against_lone": "{item}, against a lone player",
        "kloepper.item.against_knocker": "{item}, against a lone knocker",
        "kloepper.item.reply_failed": "{player}'s reply knock failed: the queens took every trick",
        "kloepper.item.reply_made": "{player}'s reply knock made: the others took a trick",
        "kloepper.item.knock_made": "{player}'s knock made: the queens took every trick",
        "kloepper.item.knock_failed": "{player}'s knock failed: the others took a trick",
        "kloepper.note.revoke": (
            "revoke by {side}: scored as if they took no card and no trick "
            "[rule: options.revoke_penalty]"
        ),
        "kloepper.note.knock": (
            "after a knock only the tricks count, not the card points [rule: knock]"
        ),
        # the rule set's own problems
        "kloepper.rules.ace": "{card} must be a plain card of the deck",
        "kloepper.rules.split": (
            "the lowest rows ({queens} for the queens, {others} for the others) must "
            "give every split of {total} to exactly one side"
        ),
    }
)
