"""Signals of the write side."""

from django.dispatch import Signal

# Sent after games were stored, changed or deleted; `since` is the earliest evening date touched
# (None for an emptied league). The ratings listen to bring themselves up to date from there.
league_changed = Signal()
