"""Everything that follows from the games, derived and stored by the write side.

The services call it in their transaction, explicitly: `matches.recompute_match` (or
`rederive` for many) turns a match's stored inputs into its games' rounds and scores, its tally
and its four participations (each player's figures in the match, `game_figures` adding his
declared games, Kontra and Re, melds and runs), as `scoring` decides; `years` sums the
participations per player, team and year; `summaries.follow` then brings the ratings and
outcome tallies along from the changed evening on. The pages (`stats`) only read what is
stored here.
"""
