"""The table session (``scorekeeper table``) without its terminal: one typed line read into
entries (a card, a trick, what a player says, a command), completion candidates from the
engine's legal actions, the status bar's data, and the messages after a trick, a hand and
the match. The prompt_toolkit front end is :mod:`scorekeeper.cli.table`; this package
never imports it, so that it stays testable and quick.
"""
