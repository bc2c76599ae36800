"""Klaverjassen: trump choice, fixed partnerships, roem, nat and pit, the three-player talon,
and Wilde Boom's challenges and declarations.

The numbers (card points, roem values, pit, the session length, multipliers) come from the
rule set; this package holds what is structural, one concern per module:

- ``notation``: the action strings, read into typed actions and written back;
- ``sides``: who sits with whom;
- ``bidding``: the trump choice under each method of option ``trump_choice``;
- ``announcements``: Wilde Boom's challenge chain, declarations and stuk;
- ``roem``: the roem in a trick, declared combinations, tally marks;
- ``hand``: one hand's state machine;
- ``sheet``: what a finished hand amounts to, its ``Facts`` and quick-entry summary;
- ``scoring``: how a hand's points are shared out (full and quick hands alike);
- ``quick``: quick entry, its facts declared once;
- ``rules``: the family's checks of a rule set;
- ``family``: the ``Family`` the engine is handed;
- ``words``: the one way the mechanics put something into words (the view's catalogue).
"""

from __future__ import annotations

from scorekeeper.games.klaverjassen.family import Klaverjassen
from scorekeeper.games.klaverjassen.hand import KlaverjassenHand
from scorekeeper.games.klaverjassen.scoring import Facts, score

FAMILY = Klaverjassen()

__all__ = ["FAMILY", "Facts", "Klaverjassen", "KlaverjassenHand", "score"]
