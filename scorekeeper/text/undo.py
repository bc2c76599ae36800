"""English templates of ``undo``: what it took back, or why there is nothing to take."""

TEXTS: dict[str, str] = {
    "undo.nothing": "nothing to undo: the match has no hands yet",
    "undo.quick": "removed quick hand {hand}",
    "undo.action": "removed {action!r}",
    "undo.deal": "removed the deal of hand {hand}",
}
