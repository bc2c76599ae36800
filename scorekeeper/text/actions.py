"""English templates of action strings (actor first) that cannot be read, and of actions
no game family knows."""

TEXTS: dict[str, str] = {
    "actions.needs_actor": (
        "action {text!r} needs an actor and what they did, like 'Ben QC' or 'Ben re'"
    ),
    "actions.not_player": "action {text!r}: {actor} is not a player here (players: {players!l})",
    "actions.one_card": "action {text!r}: one card per action, like '{actor} {card}'",
    "actions.unknown_card": (
        "unknown card {card!r} in action {text!r}; write cards like QC, 10H, Q♣"
    ),
}
