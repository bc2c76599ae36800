"""English templates of the shared engine's reasons (cards, hands, tricks, following).

``{suit:suit}`` prints a suit code (or ``trump``) as its word.
"""

_FOLLOWING = {
    "following.lead": "the leader may lead any card",
    "following.must_follow": "must follow {suit:suit}: holds {card}",
    "following.must_head": "must beat {best}: holds {card}, which beats it",
    "following.follows": "follows {suit:suit}",
    "following.must_overtrump": "must over-trump: {card} beats {best}",
    "following.overtrumps": "cannot follow {suit:suit} and over-trumps {best}",
    "following.must_trump": "must trump: cannot follow {suit:suit}, holds {card}",
    "following.must_trump_opponent": (
        "must trump while an opponent is winning: cannot follow {suit:suit}, holds {card}"
    ),
    "following.trumps": "cannot follow {suit:suit} and trumps",
    "following.no_undertrump": "may not under-trump {best}: holds {card}",
    "following.free": "no duty to follow suit",
    "following.void_any": "cannot follow {suit:suit}: any card may be played",
}

TEXTS: dict[str, str] = {
    **_FOLLOWING,
    # the same duties told of a play in the past (a revoke proven later)
    **{f"{k}.past": v.replace("holds", "held") for k, v in _FOLLOWING.items()},
    "hand.not_held": "{player} does not hold {card}",
}

SUIT_WORDS = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds", "trump": "trumps"}
