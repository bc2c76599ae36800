"""Doppelkopf: Re against Contra, weddings, poverty, piglets, solos, announcements.

The package is split by concern:

- ``records``: the sides, what was announced, the ``Facts`` a score sheet holds;
- ``rules``: the rule set's checks, its promise levels, the normal game and the solos;
- ``notation``: the typed actions and their strings in the match file;
- ``hand``: one hand's state machine, with the chain of Re, Contra and promises that full
  and quick entry share; ``declarations``: weddings, poverty, piglets, solos;
  ``legal``: every action other than a card allowed now;
- ``sheet``: the facts of a finished hand; ``scoring``: its value; ``quick``: quick entry;
- ``rounds``: what carries from hand to hand (Bock, obligatory solos);
- ``family``: the table and the match.

The numbers all come from the rule set; these modules hold the mechanics.
"""

from scorekeeper.games.doppelkopf.family import Doppelkopf

FAMILY = Doppelkopf()

__all__ = ["FAMILY", "Doppelkopf"]
