"""Kloepper: the black queens' partnership, the call or going alone, the knocks.

The numbers (trumps, the scoring table, the knock values, the match target) come from the
rule set. The package holds what is structural, one concern per module: ``sides`` (the
queens and the others), ``rules`` (what is read from the rule set and its checks),
``notation`` (the typed actions and their strings), ``announcements`` (the chain of the
call and the knocks, for full and quick hands alike), ``evidence`` (who holds what, as
the record shows), ``hand`` (one hand), ``scoring`` (a hand's points), ``quick`` (the
score sheet's facts) and ``family``.
"""

from scorekeeper.games.kloepper.family import FAMILY, Kloepper

__all__ = ["FAMILY", "Kloepper"]
