"""Bierkopf: fixed teams, the doubles and their windows, the carried tie point.

The numbers (trumps, thresholds, game points, the doubling factor and windows, the match
target, what a tie carries) come from the rule set. The package holds what is structural,
one concern per module: ``teams`` (partners opposite, the carried point), ``rules`` (what
is read from the rule set and its checks), ``notation`` (the typed double and its string),
``doubling`` (the chain of doubles, for full and quick hands alike), ``hand`` (one hand),
``scoring`` (a hand's game points), ``quick`` (the score sheet's facts) and ``family``.
"""

from scorekeeper.games.bierkopf.family import FAMILY, Bierkopf

__all__ = ["FAMILY", "Bierkopf"]
