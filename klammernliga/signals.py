"""Signals of the write side."""

from django.dispatch import Signal

# Sent after games were stored, changed or deleted; `since` is the earliest evening date touched
# (None for an emptied league). The read side's stored summaries (ratings, player evenings,
# outcome tallies) listen to bring themselves up to date from there. `rounds_changed=False`
# (absent means True) says no round's result changed, e.g. a new game that ends no round.
# `players` (absent: anyone) are the only players whose games changed: one match's four, and
# then every changed game lies on the evening of `since` (summaries per evening or month need
# nothing later; the ratings still replay from there).
# `appended` (a game's pk) says the only change was that new game at the end of its match.
league_changed = Signal()
