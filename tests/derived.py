"""Comparing the stored summaries with a rebuild's."""

from collections.abc import Mapping, Sequence

STATES = "RatingState"


def agree(
    kept: Mapping[str, Sequence[tuple[object, ...]]],
    rebuilt: Mapping[str, Sequence[tuple[object, ...]]],
) -> bool:
    """Every table as the rebuild has it, except the rating's kept states: an update keeps the
    states it needs to resume (klammernliga/derive/ratings.py), so it may keep fewer than a
    rebuild, but each one it keeps is exactly the rebuild's state of that evening."""
    kept, rebuilt = dict(kept), dict(rebuilt)
    states, all_states = kept.pop(STATES, ()), rebuilt.pop(STATES, ())
    return kept == rebuilt and set(states) <= set(all_states)
