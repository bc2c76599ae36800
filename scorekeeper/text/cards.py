"""English templates of card notation: a card or a suit that cannot be read, a card that
is not in the game's deck."""

TEXTS: dict[str, str] = {
    "cards.forms": "rank then suit (QC, 10H, TD, as) or with a suit symbol (Q♣, ♣Q)",
    "cards.no_such": "no such card: rank {rank!r}, suit {suit!r}",
    "cards.empty": "empty card; write a card as {forms}",
    "cards.unknown": "unknown card {text!r}; write a card as {forms}",
    "cards.unknown_suit": (
        "unknown suit {text!r}; name one of clubs, spades, hearts, diamonds (C S H D)"
    ),
    "cards.not_in_deck": "{card} is not in this deck (ranks {ranks}, suits {suits})",
}
