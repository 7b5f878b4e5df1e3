"""The read side stores nothing of its own: the summaries it reads (ratings, outcome tallies)
are the write side's, in klammernliga.models.summaries, written by
klammernliga.derive. (This module stays so that `stats.models` names no stale file.)"""
