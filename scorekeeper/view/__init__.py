"""The view of a match for people: the score sheet in the game's own form (``sheet``),
its rendering for a terminal of any width and encoding (``terminal``), the chart of the
running totals (``chart``) and the shareable exports (``markdown``, ``html``).

The sheet's form is read from the rule set's ``[sheet]`` table; no code per game. Nothing
here imports rich: the sheet is plain text, fast to build for a long match.
"""
