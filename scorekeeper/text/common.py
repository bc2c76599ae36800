"""English templates of the shared engine's reasons (cards, hands, tricks, following)."""

TEXTS: dict[str, str] = {}
