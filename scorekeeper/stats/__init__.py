"""Statistics across matches, derived by replaying the match files.

One concern per module:

* :mod:`.figures`: what one match says of each player (hands, won, lost, points, best
  and worst hand, the run of results, partners), read from the engine's per-hand results.
* :mod:`.specials`: each family's own counts (Re and Kontra, solos, announcements, extra
  points; the trump maker, nat, pit, roem; bella; knocks; doubles), from the typed
  result details; a count that a hand's record cannot give is not made up.
* :mod:`.cache`: one match's figures kept beside the data folder, keyed by the match
  file's exact bytes and the rule set's text: never trusted over the file.
* :mod:`.summary`: the figures of many matches put together, filtered by game, player
  and date.
"""
