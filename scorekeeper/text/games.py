"""English templates of what the game families share (a completed trick's summary, the
refusals every family makes alike)."""

TEXTS: dict[str, str] = {
    "games.trick": "trick {number} to {winner} ({points} points): {reason}",
    "games.not_number": "{text!r} is not a whole number",
    "games.not_bool": "{text!r} is not true or false",
    "games.neither": (
        "{action}: {verb!r} is neither a card (write cards like QC, 10H, Q♣) nor "
        "an action of {game} (actions: {verbs!l})"
    ),
    "games.none": "none",
    "games.not_started": "play has not started",
    "games.unknown_game": "unknown game {game!r} for {rules}; games: {games!l}",
    "games.name_trump": "{rules}: name the trump suit of this hand",
    "games.no_quick": "{rules} has no quick entry yet",
    "games.quick.choice": "quick: {name} is {choices!o}",
    "games.quick.kind": "quick: {name} must be a {kind}",
    "games.quick.unknown": "quick: unknown key {key!r}; keys: {keys!l}",
}
