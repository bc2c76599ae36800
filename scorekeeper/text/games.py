"""English templates of what the game families share (a completed trick's summary)."""

TEXTS: dict[str, str] = {
    "games.trick": "trick {number} to {winner} ({points} points): {reason}",
}
