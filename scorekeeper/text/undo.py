"""English templates of ``undo``, ``redo`` and ``rename-player``: what was taken back or
put back, what a whole hand's undo would remove, why there is nothing to redo, a name
that cannot be given."""

TEXTS: dict[str, str] = {
    "undo.nothing": "nothing to undo: the match has no hands yet",
    "undo.quick": "removed quick hand {hand}",
    "undo.action": "removed {action!r}",
    "undo.deal": "removed the deal of hand {hand}",
    "undo.takes_hand": "this removes hand {hand}, scored {scores}",
    "undo.confirm": "{what}; to remove it, run 'scorekeeper undo --yes'",
    "undo.redo_nothing": (
        "nothing to redo: nothing was undone since the last entry (or the match changed since)"
    ),
    "undo.redo_moved": "nothing to redo: the match changed since the undo",
    "undo.redo_action": "brought back {action!r}",
    "undo.redo_quick": "brought back quick hand {hand}",
    "undo.redo_deal": "brought back the deal of hand {hand}",
    "undo.rename_unknown": "{name!r} is not a player of this match (players: {players!l})",
    "undo.rename_same": "{name} is already the name of that player",
    "undo.rename_taken": "{name!r} cannot be given: {player} already plays in this match",
}
