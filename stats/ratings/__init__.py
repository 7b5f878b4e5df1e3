"""The KlammernBoss: stored OpenSkill ratings (updates), their queries (selectors), the form."""
