"""English templates of the match's refusals: who plays, whose deal, a hand still open or
already over, a match that is over, a quick fact of the wrong kind."""

TEXTS: dict[str, str] = {
    "match.names_differ": "player names must differ",
    "match.player_count": "{game} is played by {counts!o} players, not {players}",
    "match.first_dealer": "the first dealer {dealer} is not a player",
    "match.over": "the match is over: {reason}",
    "match.quick_no_actions": "this hand was entered quick; it takes no actions",
    "match.not_finished": "hand {hand} is not finished yet",
    "match.card_by_card": (
        "hand {hand} is still being played card by card; finish or undo it first"
    ),
    "match.followed": "hand {hand} is not finished, yet another hand follows it",
    "match.already_over": (
        "{action}: the hand is already over (after action {after}); start a new [[hand]]"
    ),
    "match.fact_type": "quick fact {name} must be {kind}, not {value}",
    "match.kind.int": "a whole number",
    "match.kind.bool": "true or false",
    "match.kind.word": "a word (a string)",
    "match.kind.list": "a list of strings",
}
