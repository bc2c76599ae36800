"""Klaberjass: two players, 32 cards, nine each; the turn-up and two bidding rounds, the
trump-seven exchange, sequences and their comparison, bella, and the maker who must
outscore the other player. First to 500.

The numbers (card points, sequence values, bella, the last trick, the target) and the
following rules come from the rule set (``rulesets/klaberjass.toml``); this package holds
the mechanics, split by concern:

- ``notation``: the typed actions and their strings (``Anna turnup JH``, ``Ben accept``...);
- ``bidding``: the turn-up and the two rounds;
- ``stock``: the turn-up, the bottom card and the exchanged seven, out of play;
- ``sequences`` and ``announcements``: sequences, their comparison, and bella;
- ``hand``: one hand's state machine; ``scoring``: a hand's totals from its facts;
- ``quick``: the facts of a score sheet, declared once; ``rules``: the rule set's checks;
- ``family``: the table (dealer, end of the match) and the way in for the engine.
"""

from scorekeeper.games.klaberjass.family import Klaberjass
from scorekeeper.games.klaberjass.sequences import held_runs

FAMILY = Klaberjass()

__all__ = ["FAMILY", "Klaberjass", "held_runs"]
