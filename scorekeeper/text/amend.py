"""English templates of the corrections: what ``amend`` refuses (which hand, trick or action
there is to change)."""

TEXTS: dict[str, str] = {
    "amend.no_action": (
        "hand {hand} has no action {action}: its actions are numbered 1 to {count}"
    ),
    "amend.no_hands": "the match has no hands yet: there is nothing to amend",
    "amend.no_actions": "hand {hand} has no recorded actions to replace",
    "amend.one_text": "give one action text to replace action {action} (not {given})",
    "amend.no_hand": "there is no hand {hand} (hands 1 to {count})",
    "amend.quick_tricks": "hand {hand} was entered quick; it has no tricks",
    "amend.trick_size": "trick {trick} has {size} cards; give {size}, not {given}",
    "amend.card_by_card": "hand {hand} was played card by card: amend a --trick or an --action",
    "amend.no_facts": "nothing to amend: give KEY=VALUE facts",
    "amend.no_trick": "hand {hand} has no trick {trick}",
    "amend.what.trick": "trick {number}",
    "amend.what.action": "action {number}",
    "amend.what.facts": "facts",
}
