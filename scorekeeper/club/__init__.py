"""Club nights, tournaments and seasons: competitions as data, events of rounds and
tables (each table a normal match file), seat draws, the DDV list checks, standings and
their exports, loss money. Everything is derived by replaying the tables' match files.
"""
