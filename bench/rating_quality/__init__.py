"""How well the KlammernBoss ranks: leagues played by the card engine with known strengths,
rated as the site rates, measured (`python -m bench.rating_quality --help`)."""
