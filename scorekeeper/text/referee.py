"""English templates of the referee (``judge``, ``explain``): the next player's duties
whatever they hold, and a question that cannot be asked."""

TEXTS: dict[str, str] = {
    "referee.duty.lead": "the leader may lead any card",
    "referee.duty.follow": "holding {suit:suit}: play {suit:suit}",
    "referee.duty.head": "holding {suit:suit} that beats {best}: play one that beats it",
    "referee.duty.trump": "holding no {suit:suit} but a trump: play a trump",
    "referee.duty.overtrump": "trumping: beat {best} if able",
    "referee.duty.undertrump": "no trump lower than {best} while holding anything else",
    "referee.duty.partner": (
        "whether a trump is required depends on who is winning: name the partner"
    ),
    "referee.duty.any": "otherwise: any card",
    "referee.trick_size": "a trick has {size} cards here, not {given}",
    "referee.copies": "{card} appears {count} times, the deck holds it {copies}",
    "referee.topic": "unknown topic {topic!r}; topics: {topics!l}",
}
