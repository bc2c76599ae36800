"""scorekeeper: score keeper and rules referee for Schafkopf- and Jass-family card games.

The library speaks the table's language: ``Card`` and ``Deck`` (cards.py), ``Ruleset``
(ruleset.py), ``Contract`` and tricks (contract.py), the following rules (following.py),
``Hand`` (hand.py), ``Match`` (match.py); game families live in ``scorekeeper.games``, the
match file in ``scorekeeper.matchlog``, and the command line in ``scorekeeper.cli``.
"""

__version__ = "0.1.0"
