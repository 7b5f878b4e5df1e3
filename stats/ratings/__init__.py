"""The KlammernBoss: stored ratings (updates), their queries (selectors), the form, the measurement
(quality)."""
